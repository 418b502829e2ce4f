//! Real-name verification end to end: the member's photos and form (accounts), the admin's
//! decision (composed here), and the verified mark on the member's profile and in search.

use super::*;

const NUMBER: &str = "11010519491231002X";
const OTHER_NUMBER: &str = "320106199003074515";

/// Uploads a card side and answers its stored path.
async fn card_photo(app: &TestApp, user: &TestUser, side: &str) -> String {
    let response = app
        .upload(
            &format!("/api/v1/upload/idcard/{side}"),
            &png(64, 40),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    let path = response.data()["filename"].as_str().unwrap().to_owned();
    assert_eq!(response.message(), path);
    path
}

async fn submission(app: &TestApp, user: &TestUser, number: &str) -> Value {
    let front = card_photo(app, user, "front").await;
    let back = card_photo(app, user, "back").await;
    json!({"name": "张三", "idcard": number, "idcard_front": front, "idcard_back": back})
}

async fn submit(app: &TestApp, user: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/idcard/verify", body, Some(&user.token))
        .await
}

async fn own(app: &TestApp, user: &TestUser) -> Value {
    let response = app
        .post("/api/v1/idcard/verify/get", Value::Null, Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data().clone()
}

/// The member's one submission in the back office's list.
async fn submission_id(app: &TestApp, admin: &TestUser, user: &TestUser) -> i64 {
    let list = app
        .post(
            "/api/v1/admin/idcard/verify/list",
            json!({"page": 1, "page_size": 100}),
            Some(&admin.token),
        )
        .await;
    assert_eq!(list.status, 200, "{}", list.json);
    list.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .find(|record| record["user_id"] == json!(user.id.0))
        .map(|record| record["id"].as_i64().unwrap())
        .unwrap()
}

async fn decide(
    app: &TestApp,
    admin: &TestUser,
    id: i64,
    status: i64,
    reason: &str,
) -> TestResponse {
    app.post(
        "/api/v1/admin/idcard/audit",
        json!({"id": id, "audit_status": status, "fail_reason": reason}),
        Some(&admin.token),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn a_submission_needs_each_field_and_a_real_adults_number(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    assert_eq!(own(&app, &member).await, json!({"name": "", "idcard": "", "idcard_front": "", "idcard_back": "", "audit_status": 0, "fail_reason": ""}));
    let complete = submission(&app, &member, NUMBER).await;
    let cases = [
        ("name", json!(" \u{200b} "), "请输入真实姓名"),
        ("idcard", json!(""), "请输入身份证号码"),
        ("idcard_front", json!(""), "请上传身份证正面照片"),
        ("idcard_back", json!(""), "请上传身份证背面照片"),
        ("idcard", json!("11010519491231002"), "身份证号码应为 18 位"),
        ("idcard", json!("110105194912310021"), "身份证号码校验位不正确"),
        ("idcard", json!("110105201011250026"), "实名认证需年满 18 周岁"),
        ("idcard_front", json!("uploads/idcard/aa/not-mine.png"), "请重新上传身份证照片"),
    ];
    for (field, value, message) in cases {
        let mut body = complete.clone();
        body[field] = value.clone();
        let response = submit(&app, &member, body).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let theirs = submission(&app, &stranger, OTHER_NUMBER).await;
    let mut borrowed = complete.clone();
    borrowed["idcard_back"] = theirs["idcard_back"].clone();
    assert_eq!(submit(&app, &member, borrowed).await.message(), "请重新上传身份证照片", "another member's photo");

    let accepted = submit(&app, &member, complete.clone()).await;
    assert_eq!((accepted.status, accepted.message()), (200, "实名认证提交成功，请等待审核"));
    let prefill = own(&app, &member).await;
    assert_eq!(
        (prefill["name"].clone(), prefill["idcard"].clone(), prefill["idcard_front"].clone(), prefill["audit_status"].clone()),
        (json!("张三"), json!("1101**********002X"), complete["idcard_front"].clone(), json!(1)),
        "the number comes back masked"
    );
    let again = submit(&app, &member, complete).await;
    assert_eq!((again.status, again.message()), (409, "实名认证正在审核中，请耐心等待"));
}

async fn card_photos_reach_only_their_owner_until_submitted(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let path = card_photo(&app, &member, "front").await;
    let url = format!("/api/v1/idcard/image?path={path}");
    let mine = app.get(&url, Some(&member.token)).await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.header("cache-control"), Some("private, no-store"));
    assert!(mine.header("content-type").is_some_and(|kind| kind.starts_with("image/")));
    assert!(!mine.bytes.is_empty());
    // Admins see a card photo only while a submission showing it is under review (accounts'
    // identity tests); this one was never submitted.
    assert_eq!(app.get(&url, Some(&admin.token)).await.status, 404);
    assert_eq!(app.get(&url, Some(&other.token)).await.status, 404);
    assert_eq!(app.get(&url, None).await.status, 401);
    // Under the public uploads path, with or without its thumbnail suffix: nothing.
    let public = format!("/api/v1/{path}");
    assert_eq!(app.get(&public, None).await.status, 404);
    assert_eq!(app.get(&public, Some(&member.token)).await.status, 404);
    let thumbnail = public.replace(".png", "_thumb.png").replace(".jpg", "_thumb.jpg");
    assert_eq!(app.get(&thumbnail, Some(&member.token)).await.status, 404);
    // The generic upload call keeps the purpose private too.
    let generic = app.upload("/api/v1/upload?purpose=idcard", &png(20, 20), Some(&member.token)).await;
    assert_eq!(generic.status, 200, "{}", generic.json);
    assert_eq!(app.get(&format!("/api/v1/{}", generic.message()), None).await.status, 404);
    let not_an_image = app.upload("/api/v1/upload/idcard/back", b"plain text", Some(&member.token)).await;
    assert_eq!((not_an_image.status, not_an_image.message()), (415, "只能上传图片文件!"));
}

async fn a_pass_marks_the_member_verified_on_the_profile_and_in_search(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let seeker = signed_in_user(&app, "seeker", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let saved = app.post("/api/v1/user/profile/update", json!({"gender": "female", "birthday": 19950505}), Some(&member.token)).await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    let verified_search = || app.post("/api/v1/user/advsearch", json!({"isVerified": 1}), Some(&seeker.token));
    assert_eq!(verified_search().await.data()["total"], json!(0));

    let body = submission(&app, &member, NUMBER).await;
    assert_eq!(submit(&app, &member, body).await.status, 200);
    let id = submission_id(&app, &admin, &member).await;
    let list = app.post("/api/v1/admin/idcard/verify/list", json!({"audit_status": 1}), Some(&admin.token)).await;
    let record = &list.data()["list"][0];
    assert_eq!(
        (record["req_name"].clone(), record["req_idcard_num"].clone(), record["audit_status"].clone(), record["recognised"].clone(), record["name"].clone()),
        (json!("张三"), json!(NUMBER), json!(1), json!(false), json!("")),
        "no recognition provider: only what the member typed"
    );

    let passed = decide(&app, &admin, id, 2, "").await;
    assert_eq!((passed.status, passed.message()), (200, "审核通过成功"));
    let mine = app.post("/api/v1/user/myprofile/get", json!({"uuid": member.uuid}), Some(&member.token)).await;
    assert_eq!(mine.data()["isVerified"], json!(1), "{}", mine.json);
    let public = app.post("/api/v1/user/profile/get", json!({"uuid": member.uuid}), Some(&seeker.token)).await;
    assert_eq!(public.data()["isVerified"], json!(1), "{}", public.json);
    let found = verified_search().await;
    assert_eq!(found.data()["total"], json!(1), "{}", found.json);
    assert_eq!(found.data()["users"][0]["uuid"], json!(member.uuid));
    assert_eq!(found.data()["users"][0]["isVerified"], json!(1));
    assert_eq!(own(&app, &member).await["audit_status"], json!(2));
    let again = submit(&app, &member, submission(&app, &member, NUMBER).await).await;
    assert_eq!((again.status, again.message()), (409, "您已通过实名认证"));
}

async fn a_rejection_needs_a_reason_and_lets_the_member_submit_again(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let first = submission(&app, &member, NUMBER).await;
    assert_eq!(submit(&app, &member, first.clone()).await.status, 200);
    let id = submission_id(&app, &admin, &member).await;
    for (reason, message) in [("  ", "请填写拒绝原因"), (&*"糊".repeat(201), "拒绝原因不能超过 200 个字")] {
        let refused = decide(&app, &admin, id, 3, reason).await;
        assert_eq!((refused.status, refused.message()), (400, message));
    }
    assert_eq!(decide(&app, &admin, id, 1, "").await.status, 400, "only 2 or 3");
    let rejected = decide(&app, &admin, id, 3, "照片模糊不清").await;
    assert_eq!((rejected.status, rejected.message()), (200, "审核拒绝成功"));
    let mine = own(&app, &member).await;
    assert_eq!((mine["audit_status"].clone(), mine["fail_reason"].clone()), (json!(3), json!("照片模糊不清")));

    let second = submission(&app, &member, NUMBER).await;
    assert_eq!(submit(&app, &member, second.clone()).await.status, 200, "again after a rejection");
    assert_eq!(own(&app, &member).await["audit_status"], json!(1));
    // The rejected submission's photos went with it; the new ones are there.
    let gone = app.get(&format!("/api/v1/idcard/image?path={}", first["idcard_front"].as_str().unwrap()), Some(&member.token)).await;
    assert_eq!(gone.status, 404);
    let kept = app.get(&format!("/api/v1/idcard/image?path={}", second["idcard_front"].as_str().unwrap()), Some(&member.token)).await;
    assert_eq!(kept.status, 200);
}

async fn one_number_passes_for_one_member_and_the_clash_is_the_reviewers(app) {
    let first = signed_in_user(&app, "first", Role::User).await;
    let second = signed_in_user(&app, "second", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    assert_eq!(submit(&app, &first, submission(&app, &first, NUMBER).await).await.status, 200);
    // The same number, with a lower-case check character, is still the same number; the member
    // typing it is answered as anyone else (no oracle), and the reviewer sees the clash.
    let copy = submission(&app, &second, &NUMBER.to_lowercase()).await;
    let taken = submit(&app, &second, copy).await;
    assert_eq!((taken.status, taken.message()), (200, "实名认证提交成功，请等待审核"));
    let first_id = submission_id(&app, &admin, &first).await;
    let second_id = submission_id(&app, &admin, &second).await;
    assert_eq!(decide(&app, &admin, first_id, 2, "").await.status, 200);
    let refused = decide(&app, &admin, second_id, 2, "").await;
    assert_eq!((refused.status, refused.message()), (409, "该身份证号码已被其他账号认证"));
    assert_eq!(own(&app, &second).await["audit_status"], json!(1), "nothing changed");
    assert_eq!(decide(&app, &admin, second_id, 3, "重复提交").await.status, 200);
}

async fn a_decision_applies_once_under_double_clicks_and_two_admins(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let other_admin = signed_in_user(&app, "admin2", Role::Superadmin).await;
    assert_eq!(submit(&app, &member, submission(&app, &member, NUMBER).await).await.status, 200);
    let id = submission_id(&app, &admin, &member).await;
    let (pass, reject) = tokio::join!(
        decide(&app, &admin, id, 2, ""),
        decide(&app, &other_admin, id, 3, "疑似伪造"),
    );
    let mut statuses = [pass.status, reject.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", pass.json, reject.json);
    let final_status = own(&app, &member).await["audit_status"].clone();
    assert_eq!(final_status, if pass.status == 200 { json!(2) } else { json!(3) });
    let repeat = decide(&app, &admin, id, 2, "").await;
    assert_eq!((repeat.status, repeat.message()), (409, "该认证已审核，无需重复操作"));
    assert_eq!(decide(&app, &admin, 999_999, 2, "").await.status, 404);

    let log = app.post("/api/v1/admin/audit/list", json!({"objectKind": "idcard", "objectId": id.to_string()}), Some(&other_admin.token)).await;
    assert_eq!(log.status, 200, "{}", log.json);
    assert_eq!(log.data()["total"], json!(1), "one decision, one entry");
    let entry = &log.data()["list"][0];
    assert!(["idcard.pass", "idcard.reject"].contains(&entry["action"].as_str().unwrap()));
    assert_eq!(entry["before"], json!(r#"{"audit_status":1,"fail_reason":""}"#));
    let admins_read = app.post("/api/v1/admin/audit/list", Value::Null, Some(&admin.token)).await;
    assert_eq!(admins_read.status, 403, "the log is for superadmins");
}

}
