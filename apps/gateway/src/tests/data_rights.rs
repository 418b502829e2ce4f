//! The member's data rights across every mounted crate: the export holds the member's own data
//! and nobody else's; deleting the account ends sign-in and removes personal data and files
//! while the wallet's books still add up. On SQLite and PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use accounts::testkit::{TestUser, signed_in_user};
use payments::api::Currency;
use platform::Role;
use platform::testkit::{Engine, TestApp, TestResponse};
use serde_json::{Value, json};

use crate::mount;

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, mount::MODULES).await
}

async fn upload(app: &TestApp, user: &TestUser, purpose: &str) -> String {
    let png = platform::testkit::images::png(40, 30);
    let path = format!("/api/v1/upload?purpose={purpose}");
    let response = app.upload(&path, &png, Some(&user.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.message().to_owned()
}

async fn ok(app: &TestApp, user: &TestUser, path: &str, body: Value) -> TestResponse {
    let response = app.post(path, body, Some(&user.token)).await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
    response
}

/// What `active_member` leaves to look at afterwards.
/// A valid number of an adult, for the member's real-name submission.
const REAL_NAME_NUMBER: &str = "11010519491231002X";

struct Traces {
    their_moment: i64,
    image: String,
    /// The front photo of the member's real-name submission.
    card: String,
    /// An assessment both took, and the admin who published it.
    exam_id: i64,
    admin: TestUser,
    /// A knowledge point the member mastered.
    kp_id: i64,
}

/// Everything a member leaves around the site: a profile with a photo, a moment with an
/// image, a like of `other` and of their moment, a comment (with a reply from `other`) on `other`'s moment, visits both ways,
/// an unlock paid with points, feedback, an assessment result (`other` has one too) and a
/// real-name submission.
async fn active_member(app: &TestApp, member: &TestUser, other: &TestUser) -> Traces {
    ok(
        app,
        other,
        "/api/v1/user/profile/update",
        json!({"nickname": "乙方", "photoProtection": 1}),
    )
    .await;
    let theirs = ok(
        app,
        other,
        "/api/v1/moment/create",
        json!({"content": "乙方的动态"}),
    )
    .await;
    let their_moment = theirs.data()["momentId"].as_i64().unwrap();

    let photo = upload(app, member, "photo").await;
    ok(
        app,
        member,
        "/api/v1/user/profile/update",
        json!({
            "nickname": "甲方", "introduction": "喜欢爬山", "photos": [photo],
        }),
    )
    .await;
    let image = upload(app, member, "moment").await;
    ok(
        app,
        member,
        "/api/v1/moment/create",
        json!({"content": "甲方的动态", "images": [image]}),
    )
    .await;
    ok(
        app,
        member,
        "/api/v1/moment/like",
        json!({"momentId": their_moment}),
    )
    .await;
    ok(
        app,
        member,
        "/api/v1/user/like",
        json!({"targetUuid": other.uuid}),
    )
    .await;
    let commented = ok(
        app,
        member,
        "/api/v1/comment/create",
        json!({
            "momentId": their_moment, "content": "甲方的评论", "parentId": 0,
        }),
    )
    .await;
    let thread: Vec<Value> =
        serde_json::from_str(commented.data()["comments"].as_str().unwrap()).unwrap();
    let comment_id = thread.last().unwrap()["CommentId"].as_i64().unwrap();
    ok(
        app,
        other,
        "/api/v1/comment/create",
        json!({
            "momentId": their_moment, "content": "乙方的回复", "parentId": comment_id,
        }),
    )
    .await;
    ok(
        app,
        member,
        "/api/v1/user/profile/get",
        json!({"uuid": other.uuid}),
    )
    .await;
    ok(
        app,
        other,
        "/api/v1/user/profile/get",
        json!({"uuid": member.uuid}),
    )
    .await;
    let unlocked = ok(
        app,
        member,
        "/api/v1/user/profile/unlock",
        json!({"uuid": other.uuid}),
    )
    .await;
    assert_eq!(unlocked.data()["charged"], json!(10));
    ok(
        app,
        member,
        "/api/v1/chat/message/send",
        json!({"peerUuid": other.uuid, "content": "甲方的消息"}),
    )
    .await;
    ok(
        app,
        other,
        "/api/v1/chat/message/send",
        json!({"peerUuid": member.uuid, "content": "乙方的消息"}),
    )
    .await;
    ok(
        app,
        member,
        "/api/v1/feedback/create",
        json!({
            "name": "甲方", "email": "jia@example.com", "type": "bug", "message": "甲方的反馈",
        }),
    )
    .await;
    let admin = signed_in_user(app, "guanli", Role::Admin).await;
    let questions = json!([{"qid": 1, "question": "今天心情好吗", "options": [
        {"oid": 1, "option": "好", "score": 1}, {"oid": 2, "option": "不好", "score": 0},
    ]}]);
    let exam = ok(
        app,
        &admin,
        "/api/v1/exam/create",
        json!({
            "examName": "心情小测", "profile": "一道题的心情测评", "description": "说明",
            "questionCount": 1, "timeLimit": 0, "questions": questions.to_string(),
        }),
    )
    .await;
    let exam_id = exam.data()["id"].as_i64().unwrap();
    for taker in [member, other] {
        ok(
            app,
            taker,
            "/api/v1/exam/answer",
            json!({
                "examId": exam_id, "answers": [{"qid": 1, "oid": 1}], "isTemp": 0,
            }),
        )
        .await;
    }
    let kp = ok(
        app,
        &admin,
        "/api/v1/knowledge/points/create",
        json!({
            "name": "倾听", "category": "沟通", "level": 1, "content": "<p>先听完再回应</p>",
        }),
    )
    .await;
    let kp_id = kp.data()["kpId"].as_i64().unwrap();
    let tree = json!([{"kpID": kp_id}]).to_string();
    ok(app, &admin, "/api/v1/knowledge/courses/create", json!({
        "name": "沟通入门", "category": "沟通", "level": 1, "description": "免费课程", "kpTree": tree,
    })).await;
    ok(
        app,
        member,
        "/api/v1/knowledge/learning/open",
        json!({"kpId": kp_id}),
    )
    .await;
    ok(
        app,
        member,
        "/api/v1/knowledge/points/learned",
        json!({"kpId": kp_id}),
    )
    .await;
    let card = upload(app, member, "idcard").await;
    let back = upload(app, member, "idcard").await;
    ok(
        app,
        member,
        "/api/v1/idcard/verify",
        json!({
            "name": "甲方", "idcard": REAL_NAME_NUMBER, "idcard_front": card, "idcard_back": back,
        }),
    )
    .await;
    Traces {
        card,
        their_moment,
        image,
        exam_id,
        admin,
        kp_id,
    }
}

fn texts(value: &Value) -> String {
    value.to_string()
}

/// The member's own moment thread as `viewer` sees it in the feed.
async fn moment_in_feed(app: &TestApp, viewer: &TestUser, moment_id: i64) -> Value {
    let feed = ok(app, viewer, "/api/v1/moment/list", json!({})).await;
    feed.data()["moments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|moment| moment["momentId"].as_i64() == Some(moment_id))
        .cloned()
        .unwrap()
}

platform::engine_tests! { spawn_app;

async fn an_export_holds_the_members_own_data_and_nobody_elses(app) {
    let member = signed_in_user(&app, "jiajia", Role::User).await;
    let other = signed_in_user(&app, "yiyi", Role::User).await;
    let Traces { kp_id, .. } = active_member(&app, &member, &other).await;

    let export = ok(&app, &member, "/api/v1/user/export", json!({})).await;
    let sections = &export.data()["sections"];
    let names: Vec<&str> = sections.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(names, ["accounts", "admin", "assistant", "blog", "chat", "exams", "knowledge", "moments", "payments", "profile"]);
    let learned = &sections["knowledge"]["points"];
    assert_eq!((learned[0]["kpId"].as_i64(), learned.as_array().unwrap().len()), (Some(kp_id), 1), "{learned}");
    assert!(learned[0]["masteredAt"].as_i64().unwrap() > 0);
    assert_eq!(sections["exams"]["results"].as_array().unwrap().len(), 1, "{}", sections["exams"]);
    assert_eq!(sections["chat"]["sentMessages"], json!([{
        "toUuid": other.uuid,
        "content": "甲方的消息",
        "image": "",
        "createdAt": sections["chat"]["sentMessages"][0]["createdAt"],
    }]));
    assert_eq!(sections["accounts"]["username"], json!("jiajia"));
    // The export shows the number masked, as everywhere but the reviewer's screen.
    let masked = format!("{}**********{}", &REAL_NAME_NUMBER[..4], &REAL_NAME_NUMBER[14..]);
    assert_eq!(sections["accounts"]["realName"]["idcard"], json!(masked));
    assert_eq!(sections["accounts"]["realName"]["auditStatus"], json!(1));
    assert_eq!(sections["profile"]["profile"]["introduction"], json!("喜欢爬山"));
    assert_eq!(sections["profile"]["photos"].as_array().unwrap().len(), 1);
    assert_eq!(sections["profile"]["visited"], json!([{
        "uuid": other.uuid,
        "times": 1,
        "lastVisitedAt": sections["profile"]["visited"][0]["lastVisitedAt"],
    }]));
    assert_eq!(sections["profile"]["liked"][0]["uuid"], json!(other.uuid), "{}", sections["profile"]);
    assert_eq!(sections["moments"]["moments"][0]["content"], json!("甲方的动态"));
    assert_eq!(sections["moments"]["comments"][0]["content"], json!("甲方的评论"));
    assert_eq!(sections["moments"]["likes"].as_array().unwrap().len(), 1);
    assert_eq!(sections["admin"]["feedback"][0]["message"], json!("甲方的反馈"));
    let kinds: Vec<&Value> = sections["payments"]["purchases"].as_array().unwrap().iter().map(|p| &p["itemKind"]).collect();
    assert_eq!(kinds, [&json!("profile_unlock")]);

    let everything = texts(sections);
    for theirs in ["乙方的动态", "乙方的回复", "乙方的消息", "乙方", "yiyi"] {
        assert!(!everything.contains(&format!("\"{theirs}\"")), "{theirs} is not the member's: {everything}");
    }

    let guest = app.post("/api/v1/user/export", json!({}), None).await;
    assert_eq!(guest.status, 401);
}

async fn deleting_the_account_ends_sign_in_and_removes_personal_data(app) {
    let member = signed_in_user(&app, "jiajia", Role::User).await;
    let other = signed_in_user(&app, "yiyi", Role::User).await;
    let Traces { their_moment, image, card, exam_id, admin, kp_id } = active_member(&app, &member, &other).await;
    let mastered = |user: &TestUser| json!({"userId": user.id.0});
    assert_eq!(ok(&app, &admin, "/api/v1/knowledge/mastered/list", mastered(&member)).await.data()["total"], json!(1));
    assert_eq!(app.get(&format!("/api/v1/idcard/image?path={card}"), Some(&admin.token)).await.status, 200);
    assert_eq!(app.get(&format!("/api/v1/{image}"), None).await.status, 200);

    let wrong = app.post("/api/v1/user/account/delete", json!({"password": "not-it"}), Some(&member.token)).await;
    assert_eq!((wrong.status, wrong.message()), (400, "当前密码错误"));
    let missing = app.post("/api/v1/user/account/delete", json!({}), Some(&member.token)).await;
    assert_eq!((missing.status, missing.message()), (400, "请输入当前密码"));
    ok(&app, &other, "/api/v1/user/profile/get", json!({"uuid": member.uuid})).await;

    let deleted = ok(&app, &member, "/api/v1/user/account/delete", json!({"password": member.password})).await;
    assert_eq!(deleted.message(), "账号已注销");

    assert_eq!(app.post("/api/v1/user/account/get", json!({}), Some(&member.token)).await.status, 401);
    let captcha_id = accounts::testkit::new_captcha_id(&app).await;
    let login = app.post("/api/v1/user/login", json!({
        "username": "jiajia", "password": member.password,
        "captcha": platform::testkit::CAPTCHA_BYPASS, "captchaId": captcha_id,
    }), None).await;
    assert_eq!(login.status, 401, "{}", login.json);

    let gone = app.post("/api/v1/user/profile/get", json!({"uuid": member.uuid}), Some(&other.token)).await;
    assert_eq!((gone.status, gone.message()), (404, "用户资料不存在"));
    let card = format!("/api/v1/idcard/image?path={card}");
    assert_eq!(app.get(&card, Some(&admin.token)).await.status, 404, "the card photos are gone");
    let front = upload(&app, &other, "idcard").await;
    let back = upload(&app, &other, "idcard").await;
    let reused = app.post("/api/v1/idcard/verify", json!({
        "name": "乙方", "idcard": REAL_NAME_NUMBER, "idcard_front": front, "idcard_back": back,
    }), Some(&other.token)).await;
    assert_eq!(reused.status, 200, "the number left with its member: {}", reused.json);
    assert_eq!(app.get(&format!("/api/v1/{image}"), None).await.status, 404, "the member's files are gone");

    let liked_me = ok(&app, &other, "/api/v1/likedme/list", json!({})).await;
    assert_eq!(liked_me.data()["total"], json!(0), "{}", liked_me.json);
    let visitors = ok(&app, &other, "/api/v1/visitedme/list", json!({})).await;
    assert_eq!(visitors.data()["total"], json!(0), "{}", visitors.json);
    let chats = ok(&app, &other, "/api/v1/chat/conversation/list", json!({})).await;
    assert_eq!(chats.data()["total"], json!(0), "the conversation closed: {}", chats.json);

    let moment = moment_in_feed(&app, &other, their_moment).await;
    assert_eq!(moment["likeCount"], json!(0), "{moment}");
    assert_eq!(moment["commentCount"], json!(0), "the reply went with the comment: {moment}");
    let feed = texts(&ok(&app, &other, "/api/v1/moment/list", json!({})).await.json);
    assert!(!feed.contains("甲方"), "{feed}");

    let learned = ok(&app, &admin, "/api/v1/knowledge/mastered/list", mastered(&member)).await;
    assert_eq!(learned.data()["total"], json!(0), "what {kp_id} left went: {}", learned.json);

    // The member's result went; the other's stayed.
    let exam = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&admin.token)).await;
    assert_eq!(exam.data()["resultCount"], json!(1), "{}", exam.json);

    // The books still add up under the anonymous tombstone.
    let (points, ledger) = payments::api::balance_and_ledger_sum(&app.state, member.id, Currency::Points).await.unwrap();
    assert_eq!(points, ledger);
    let summary = {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::user_summaries(&mut pooled.conn(), &[member.id]).await.unwrap().remove(&member.id).unwrap()
    };
    assert_eq!((summary.nickname.as_str(), summary.avatar.as_str()), (accounts::DELETED_NICKNAME, ""));
    assert!(!summary.username.contains("jiajia"));

    // The name is free again.
    signed_in_user(&app, "jiajia", Role::User).await;
}

/// Photo unlocks paid with points race the account's deletion: each is answered (done, or
/// refused because the member is gone), and the points moved exactly for the unlocks answered
/// as done, with the balance still equal to its ledger.
async fn purchases_racing_the_accounts_deletion_move_points_only_for_what_succeeded(app) {
    let member = signed_in_user(&app, "jiajia", Role::User).await;
    let mut protected = Vec::new();
    for name in ["lock_a", "lock_b", "lock_c", "lock_d", "lock_e", "lock_f"] {
        let other = signed_in_user(&app, name, Role::User).await;
        ok(&app, &other, "/api/v1/user/profile/update", json!({"nickname": name, "photoProtection": 1})).await;
        protected.push(other);
    }
    payments::api::gift(&app.state, member.id, Currency::Points, 100, "活动赠送").await.unwrap();
    let (before, _) = payments::api::balance_and_ledger_sum(&app.state, member.id, Currency::Points).await.unwrap();

    let unlocks = futures_util::future::join_all(protected.iter().map(|other| {
        app.post("/api/v1/user/profile/unlock", json!({"uuid": other.uuid}), Some(&member.token))
    }));
    let deletion = app.post("/api/v1/user/account/delete", json!({"password": member.password}), Some(&member.token));
    let (unlocks, deletion) = futures_util::future::join(unlocks, deletion).await;
    assert_eq!(deletion.status, 200, "{}", deletion.json);

    let mut charged = 0;
    for unlock in &unlocks {
        match unlock.status {
            200 => charged += unlock.data()["charged"].as_i64().unwrap(),
            401 => {}
            _ => panic!("an unlock racing the deletion: {}", unlock.json),
        }
    }
    let (points, ledger) = payments::api::balance_and_ledger_sum(&app.state, member.id, Currency::Points).await.unwrap();
    assert_eq!(points, ledger);
    assert_eq!(points, before - charged, "{} unlocks answered", unlocks.len());
}

async fn an_administrator_cannot_delete_their_own_account(app) {
    let admin = signed_in_user(&app, "boss", Role::Admin).await;
    let refused = app.post("/api/v1/user/account/delete", json!({"password": admin.password}), Some(&admin.token)).await;
    assert_eq!(refused.status, 403, "{}", refused.json);
    assert_eq!(app.post("/api/v1/user/account/get", json!({}), Some(&admin.token)).await.status, 200);
}

}
