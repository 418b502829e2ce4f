//! Real-name verification's privacy (issue 43, items 8 and 14): the form is no oracle for
//! whose number is whose, and the number is shown in full only to the reviewer deciding it.
//! Each test named `policy_…` keeps one sentence of the privacy policy (web/src/features/site/
//! legalTexts.ts): it fails when the sentence changes or when the code stops doing what it says.

use accounts::api::IdentityDecision;
use accounts::testkit::TestUser;
use diesel_async::RunQueryDsl;
use platform::Role;
use platform::testkit::images::png;

use super::*;

const NUMBER: &str = "11010519491231002X";
const MASKED: &str = "1101**********002X";

/// The privacy policy's text, as the site shows it.
const POLICY: &str = include_str!("../../../../web/src/features/site/legalTexts.ts");

fn policy_says(claim: &str) {
    assert!(
        POLICY.contains(claim),
        "the privacy policy no longer says: {claim}"
    );
}

async fn card_photo(app: &TestApp, user: &TestUser, side: &str) -> String {
    let response = app
        .upload(
            &format!("/api/v1/upload/idcard/{side}"),
            &png(64, 40),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["filename"].as_str().unwrap().to_owned()
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

/// The back office's record of the member's submission.
async fn record(app: &TestApp, admin: &TestUser, user: &TestUser) -> Value {
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
        .cloned()
        .expect("the member's submission is listed")
}

/// What the admin crate's `POST /admin/idcard/audit` does on the accounts side.
async fn decide(
    app: &TestApp,
    admin: &TestUser,
    id: i64,
    decision: IdentityDecision,
) -> Result<(), String> {
    let mut pooled = app.state.db.get().await.unwrap();
    accounts::api::decide_identity(&mut pooled.conn(), admin.id, id, &decision, app.state.now())
        .await
        .map(drop)
        .map_err(|error| error.to_string())
}

async fn photo(app: &TestApp, path: &str, token: Option<&str>) -> u16 {
    app.get(&format!("/api/v1/idcard/image?path={path}"), token)
        .await
        .status
}

#[derive(diesel::QueryableByName)]
struct Stored {
    #[diesel(sql_type = diesel::sql_types::Text)]
    number_sealed: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    number_digest: String,
}

async fn stored_numbers(app: &TestApp) -> Vec<Stored> {
    let mut pooled = app.state.db.get().await.unwrap();
    platform::run!(&mut pooled.conn(), |c| diesel::sql_query(
        "SELECT number_sealed, number_digest FROM identity_verifications"
    )
    .load(c)
    .await)
    .unwrap()
}

platform::engine_tests! { spawn_admin_app;

async fn a_number_another_member_holds_is_answered_like_any_other_and_shown_to_the_reviewer(app) {
    let first = signed_in_user(&app, "first", Role::User).await;
    let second = signed_in_user(&app, "second", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let fresh = submit(&app, &first, submission(&app, &first, NUMBER).await).await;
    // The same number, with a lower-case check character, is the same number.
    let clash = submit(&app, &second, submission(&app, &second, &NUMBER.to_lowercase()).await).await;
    assert_eq!(
        (clash.status, clash.code(), clash.message(), clash.data().clone()),
        (fresh.status, fresh.code(), fresh.message(), fresh.data().clone()),
        "the member typing someone else's number learns nothing"
    );
    assert_eq!((clash.status, clash.message()), (200, "实名认证提交成功，请等待审核"));
    policy_says("保证同一证件只能为一个账号通过认证");
    assert_eq!(own(&app, &second).await["audit_status"], json!(1));

    let seconds = record(&app, &admin, &second).await;
    assert_eq!(
        seconds["number_clashes"],
        json!([{"user_id": first.id.0, "username": "first", "audit_status": 1}]),
        "the reviewer sees whose number it also is"
    );
    let firsts = record(&app, &admin, &first).await;
    assert_eq!(firsts["number_clashes"][0]["username"], json!("second"));

    decide(&app, &admin, firsts["id"].as_i64().unwrap(), IdentityDecision::Pass).await.unwrap();
    let refused = decide(&app, &admin, seconds["id"].as_i64().unwrap(), IdentityDecision::Pass).await;
    assert_eq!(refused, Err("该身份证号码已被其他账号认证".to_owned()), "one number passes once");
    assert_eq!(own(&app, &second).await["audit_status"], json!(1), "still waiting for a decision");
    decide(&app, &admin, seconds["id"].as_i64().unwrap(), IdentityDecision::Reject("重复提交".into())).await.unwrap();
    assert_eq!(record(&app, &admin, &second).await["number_clashes"][0]["audit_status"], json!(2));
}

async fn submissions_past_five_an_hour_return_429_until_retry_after_has_passed(app) {
    let prober = signed_in_user(&app, "prober", Role::User).await;
    let body = submission(&app, &prober, NUMBER).await;
    assert_eq!(submit(&app, &prober, body.clone()).await.status, 200);
    for _ in 0..4 {
        let again = submit(&app, &prober, body.clone()).await;
        assert_eq!((again.status, again.message()), (409, "实名认证正在审核中，请耐心等待"));
    }
    let refused = submit(&app, &prober, body.clone()).await;
    assert_eq!((refused.status, refused.code()), (429, 429), "{}", refused.json);
    let wait: i64 = refused.header("retry-after").expect("Retry-After").parse().unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
    app.clock.advance(wait - 1);
    assert_eq!(submit(&app, &prober, body.clone()).await.status, 429, "one second before Retry-After");
    app.clock.advance(1);
    assert_eq!(submit(&app, &prober, body.clone()).await.status, 409, "once Retry-After has passed");
    let mut typo = body;
    typo["idcard"] = json!("11010519491231002");
    assert_eq!(submit(&app, &prober, typo).await.status, 400, "an invalid form is answered, not counted");
    let other = signed_in_user(&app, "other", Role::User).await;
    let theirs = submission(&app, &other, "320106199003074515").await;
    assert_eq!(submit(&app, &other, theirs).await.status, 200, "the limit is the member's own");
}

async fn policy_the_number_is_kept_encrypted_with_a_keyed_digest_and_never_in_clear(app) {
    policy_says("身份证号以 AES-256-GCM 加密保存，密钥由服务器配置的密钥派生");
    policy_says("另存一个带密钥的哈希值，用于发现同一证件被多个账号提交");
    let member = signed_in_user(&app, "member", Role::User).await;
    assert_eq!(submit(&app, &member, submission(&app, &member, NUMBER).await).await.status, 200);
    let stored = stored_numbers(&app).await;
    assert_eq!(stored.len(), 1);
    for column in [&stored[0].number_sealed, &stored[0].number_digest] {
        assert!(!column.contains("11010519491231002"), "{column}");
        assert!(!column.contains("19491231"), "no birth date either: {column}");
    }
    assert_ne!(stored[0].number_sealed, stored[0].number_digest);
    assert_eq!(stored[0].number_digest.len(), 64, "an HMAC-SHA-256, hex");
    assert!(stored[0].number_sealed.len() > 2 * (12 + 18), "nonce, ciphertext and tag");
}

async fn policy_the_full_number_is_shown_only_to_the_reviewer_deciding_it(app) {
    policy_says("完整的身份证号只有审核这次申请的管理员在审核期间可以看到");
    policy_says("都只显示前 4 位和后 4 位，中间 10 位以星号代替，重新提交时需要再次输入完整号码");
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let first = submission(&app, &member, NUMBER).await;
    assert_eq!(submit(&app, &member, first.clone()).await.status, 200);
    assert_eq!(own(&app, &member).await["idcard"], json!(MASKED), "the member's own form");
    let waiting = record(&app, &admin, &member).await;
    assert_eq!(waiting["req_idcard_num"], json!(NUMBER), "the reviewer deciding it");

    decide(&app, &admin, waiting["id"].as_i64().unwrap(), IdentityDecision::Reject("照片模糊不清".into())).await.unwrap();
    assert_eq!(record(&app, &admin, &member).await["req_idcard_num"], json!(MASKED), "once decided");
    let mine = own(&app, &member).await;
    assert_eq!((mine["audit_status"].clone(), mine["idcard"].clone()), (json!(3), json!(MASKED)), "never refilled in full");
    let exported = app.post("/api/v1/user/export", json!({}), Some(&member.token)).await;
    assert_eq!(exported.status, 200, "{}", exported.json);
    let export_text = exported.json.to_string();
    assert!(export_text.contains(MASKED), "{export_text}");
    assert!(!export_text.contains("11010519491231002"), "the export masks it too");

    // Sending the form back as it was filled is refused: the whole number is asked again.
    let mut refilled = submission(&app, &member, MASKED).await;
    assert_eq!(submit(&app, &member, refilled.clone()).await.status, 400);
    refilled["idcard"] = json!(NUMBER);
    assert_eq!(submit(&app, &member, refilled).await.status, 200);
    assert_eq!(record(&app, &admin, &member).await["req_idcard_num"], json!(NUMBER), "under review again");
}

async fn policy_card_photos_are_seen_only_by_their_owner_and_the_reviewer_during_the_review(app) {
    policy_says("身份证照片存放在不对外提供访问的私有存储中，无法通过任何网址直接访问，只有你本人和审核管理员在审核期间可以查看");
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let body = submission(&app, &member, NUMBER).await;
    let front = body["idcard_front"].as_str().unwrap().to_owned();
    assert_eq!(photo(&app, &front, Some(&admin.token)).await, 404, "not submitted yet: the owner's alone");
    assert_eq!(submit(&app, &member, body).await.status, 200);
    assert_eq!(photo(&app, &front, Some(&member.token)).await, 200);
    assert_eq!(photo(&app, &front, Some(&admin.token)).await, 200, "the reviewer during the review");
    assert_eq!(photo(&app, &front, Some(&other.token)).await, 404);
    assert_eq!(photo(&app, &front, None).await, 401);
    assert_eq!(app.get(&format!("/api/v1/{front}"), None).await.status, 404, "no public address");

    let id = record(&app, &admin, &member).await["id"].as_i64().unwrap();
    decide(&app, &admin, id, IdentityDecision::Pass).await.unwrap();
    assert_eq!(photo(&app, &front, Some(&admin.token)).await, 404, "not after the decision");
    assert_eq!(photo(&app, &front, Some(&member.token)).await, 200, "always to its owner");
}

async fn policy_the_submission_and_its_photos_go_with_the_account(app) {
    policy_says("**注销账户后**，你的账户信息、个人资料、照片、实名认证信息");
    let member = signed_in_user(&app, "member", Role::User).await;
    let body = submission(&app, &member, NUMBER).await;
    assert_eq!(submit(&app, &member, body.clone()).await.status, 200);
    let deleted = app
        .post("/api/v1/user/account/delete", json!({"password": member.password}), Some(&member.token))
        .await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    assert!(stored_numbers(&app).await.is_empty(), "the submission went");
    for side in ["idcard_front", "idcard_back"] {
        let path = platform::files::StoredPath::parse(body[side].as_str().unwrap()).unwrap();
        let kept = app.state.files_of(accounts::identity::CARD_PHOTO).get(&path).await;
        assert!(!matches!(kept, Ok(Some(_))), "{side} was deleted");
    }
}

async fn submitted_card_photos_outlive_the_sweep_of_unused_uploads(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let body = submission(&app, &member, NUMBER).await;
    let unused = card_photo(&app, &member, "front").await;
    assert_eq!(submit(&app, &member, body.clone()).await.status, 200);

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
    sweep_uploads(&app).await;
    for side in ["idcard_front", "idcard_back"] {
        assert_eq!(photo(&app, body[side].as_str().unwrap(), Some(&member.token)).await, 200, "{side}");
    }
    assert_eq!(photo(&app, &unused, Some(&member.token)).await, 404);
}

}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}
