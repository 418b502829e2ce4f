//! Back-office user management: the list, the edit form with its role rules, deletion, the
//! last superadmin (also under concurrent requests) and the audit log.

use super::*;
use accounts::testkit::TestUser;
use platform::Role;
use platform::paging::PageWindow;
use platform::testkit::Engine;

/// [`spawn_admin_app`], with mail going to a fake SMTP server (to verify addresses).
async fn spawn_admin_mail_app(engine: Engine) -> Option<TestApp> {
    use accounts::testkit::fake_smtp::{FAKE_SMTP_PASSWORD, FAKE_SMTP_USERNAME, FakeSmtp};
    let fake = FakeSmtp::start(Some((FAKE_SMTP_USERNAME, FAKE_SMTP_PASSWORD))).expect("fake SMTP");
    platform::testkit::TestApp::spawn(
        engine,
        ADMIN_MODULES,
        accounts::api::directory,
        move |_, settings| accounts::mail::settings::install(settings, fake.settings()),
    )
    .await
}

async fn list(app: &TestApp, actor: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/admin/user/list", body, Some(&actor.token))
        .await
}

async fn update(app: &TestApp, actor: &TestUser, body: Value) -> TestResponse {
    app.post("/api/v1/admin/user/update", body, Some(&actor.token))
        .await
}

async fn delete(app: &TestApp, actor: &TestUser, user_ids: &[&TestUser]) -> TestResponse {
    let ids: Vec<i64> = user_ids.iter().map(|user| user.id.get()).collect();
    app.post(
        "/api/v1/admin/user/delete",
        json!({"userIds": ids}),
        Some(&actor.token),
    )
    .await
}

/// The edit form as the web sends it: the listed user object with some fields changed.
async fn form_of(app: &TestApp, actor: &TestUser, user: &TestUser) -> Value {
    let listed = list(
        app,
        actor,
        json!({"username": user.username, "pageSize": 100}),
    )
    .await;
    assert_eq!(listed.status, 200, "{}", listed.json);
    listed.data()["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["userId"] == json!(user.id.get()))
        .cloned()
        .unwrap_or_else(|| panic!("{} is listed", user.username))
}

async fn with_changes(app: &TestApp, actor: &TestUser, user: &TestUser, changes: Value) -> Value {
    let mut form = form_of(app, actor, user).await;
    for (field, value) in changes.as_object().unwrap() {
        form[field] = value.clone();
    }
    form
}

/// The role the list shows for `user` right now (as a superadmin reads it).
async fn role_of(app: &TestApp, user: &TestUser) -> String {
    let mut pooled = app.state.db.get().await.unwrap();
    let member = accounts::api::member_by_uuid(&mut pooled.conn(), &user.uuid)
        .await
        .unwrap()
        .expect("a live member");
    member.role.as_str().to_owned()
}

/// How many live superadmins there are.
async fn superadmins(app: &TestApp, users: &[&TestUser]) -> usize {
    let mut count = 0;
    for user in users {
        let mut pooled = app.state.db.get().await.unwrap();
        let member = accounts::api::member_by_uuid(&mut pooled.conn(), &user.uuid)
            .await
            .unwrap();
        if member.is_some_and(|m| m.role == Role::Superadmin) {
            count += 1;
        }
    }
    count
}

/// The audit entries about `user`, newest first, as (action, actor, before, after).
async fn audit_of(app: &TestApp, user: &TestUser) -> Vec<(String, i64, Value, Value)> {
    let mut pooled = app.state.db.get().await.unwrap();
    let id = user.id.get().to_string();
    let window = PageWindow::of(None, Some(100), 100, 100);
    let (entries, _) = platform::audit::page(&mut pooled.conn(), Some(("user", &id)), window)
        .await
        .unwrap();
    let json = |text: &str| {
        if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(text).unwrap()
        }
    };
    entries
        .into_iter()
        .map(|e| {
            (
                e.action,
                e.actor_id.get(),
                json(&e.before_state),
                json(&e.after_state),
            )
        })
        .collect()
}

fn usernames(response: &TestResponse) -> Vec<String> {
    response.data()["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["username"].as_str().unwrap().to_owned())
        .collect()
}

platform::engine_tests! { spawn_admin_app;

async fn list_returns_members_newest_first_with_the_admin_fields(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let token = registered(&app, "xiaomei").await;
    let phone = app.post("/api/v1/user/phone/update", json!({"phone": "13800138000"}), Some(&token)).await;
    assert_eq!(phone.status, 200, "{}", phone.json);

    let response = list(&app, &admin, json!({})).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.data()["total"], json!(2));
    assert_eq!(usernames(&response), ["xiaomei", "admin_li"]);
    insta::assert_json_snapshot!("listed", response.json, {
        ".data.users[].userId" => "[id]",
        ".data.users[].uuid" => "[uuid]",
        ".data.users[].loginedAt" => "[time]",
        ".data.users[].createdAt" => "[time]",
    });
    // The operator-made admin's placeholder address is never shown.
    assert_eq!(response.data()["users"][1]["email"], json!(""));

    let nothing = app.post("/api/v1/admin/user/list", Value::Null, Some(&admin.token)).await;
    assert_eq!(nothing.status, 200, "the body may be left out: {}", nothing.json);
    assert_eq!(nothing.data()["total"], json!(2));
}

async fn list_pages_by_ten_by_default_and_at_most_a_hundred(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    for n in 0..11 {
        accounts::api::create_user(&app.state, &format!("member_{n:02}"), "secret-123", None, Role::User).await.unwrap();
    }
    let first = list(&app, &admin, json!({"page": 1})).await;
    assert_eq!(first.data()["total"], json!(12));
    assert_eq!(usernames(&first).len(), 10);
    assert_eq!(usernames(&first)[0], "member_10");
    let second = list(&app, &admin, json!({"page": 2, "pageSize": 10})).await;
    assert_eq!(usernames(&second), ["member_00", "admin_li"]);
    let capped = list(&app, &admin, json!({"pageSize": 1000})).await;
    assert_eq!(usernames(&capped).len(), 12);
    let tiny = list(&app, &admin, json!({"page": 3, "pageSize": 5})).await;
    assert_eq!(usernames(&tiny), ["member_00", "admin_li"]);
}

async fn list_searches_usernames_by_containment_in_any_letter_case(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    for name in ["Mei_Ling", "xiaomei", "meimei", "bob", "a_b_c", "axbxc"] {
        accounts::api::create_user(&app.state, name, "secret-123", None, Role::User).await.unwrap();
    }

    let found = list(&app, &admin, json!({"username": "  MEI "})).await;
    assert_eq!(usernames(&found), ["meimei", "xiaomei", "Mei_Ling"]);
    assert_eq!(found.data()["total"], json!(3));
    // LIKE's wildcards are plain characters in the search.
    let underscore = list(&app, &admin, json!({"username": "a_b"})).await;
    assert_eq!(usernames(&underscore), ["a_b_c"]);
    let percent = list(&app, &admin, json!({"username": "%"})).await;
    assert_eq!(percent.data()["total"], json!(0));
    let everyone = list(&app, &admin, json!({"username": "  "})).await;
    assert_eq!(everyone.data()["total"], json!(7));
}

async fn admin_user_routes_return_401_for_guests_and_403_for_members(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let calls = [
        ("/api/v1/admin/user/list", json!({})),
        ("/api/v1/admin/user/update", json!({"userId": other.id.get(), "nickname": "改名"})),
        ("/api/v1/admin/user/delete", json!({"userIds": [other.id.get()]})),
    ];
    for (path, body) in calls {
        let guest = app.post(path, body.clone(), None).await;
        assert_eq!((guest.status, guest.code()), (401, 401), "{path}: {}", guest.json);
        let refused = app.post(path, body, Some(&member.token)).await;
        assert_eq!((refused.status, refused.code()), (403, 403), "{path}: {}", refused.json);
    }
    assert!(token_works(&app, &other.token).await, "nothing happened to the other member");
    assert!(audit_of(&app, &other).await.is_empty());
}

async fn update_changes_a_members_fields_and_writes_the_audit_log(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;
    let form = with_changes(&app, &admin, &member, json!({
        "nickname": " 小梅 ", "email": "Mei@Example.com", "phone": "13900139000",
    })).await;
    let response = update(&app, &admin, form).await;
    assert_eq!((response.status, response.message()), (200, "更新用户成功"), "{}", response.json);
    assert_eq!(response.data()["nickname"], json!("小梅"));
    assert_eq!(response.data()["email"], json!("mei@example.com"));
    assert_eq!(response.data()["phone"], json!("13900139000"));
    assert_eq!(response.data()["sysRole"], json!("user"));

    let listed = form_of(&app, &admin, &member).await;
    assert_eq!(listed, *response.data());
    assert!(token_works(&app, &member.token).await, "no role change, the member stays signed in");
    let own = account(&app, &member.token).await;
    assert_eq!(own.data()["email"], json!("mei@example.com"));
    assert_eq!(own.data()["emailVerified"], json!(false), "an address set by an admin is unverified");

    let entries = audit_of(&app, &member).await;
    assert_eq!(entries.len(), 1);
    let (action, actor, before, after) = &entries[0];
    assert_eq!((action.as_str(), *actor), ("user.update", admin.id.get()));
    assert_eq!(before["nickname"], json!("xiaomei"));
    assert_eq!(before["email"], json!(""), "the placeholder is not shown in the log either");
    assert_eq!(after, response.data());

    // By uuid, leaving out what does not change; empty contacts remove them.
    let by_uuid = update(&app, &admin, json!({"uuid": member.uuid, "nickname": "小梅", "phone": ""})).await;
    assert_eq!(by_uuid.status, 200, "{}", by_uuid.json);
    assert_eq!(by_uuid.data()["email"], json!("mei@example.com"));
    assert_eq!(by_uuid.data()["phone"], json!(""));
    let cleared = update(&app, &admin, json!({"userId": member.id.get(), "nickname": "小梅", "email": ""})).await;
    assert_eq!(cleared.data()["email"], json!(""));
    assert_eq!(audit_of(&app, &member).await.len(), 3);
}

async fn update_returns_400_with_the_forms_texts(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;
    let id = member.id.get();
    let cases = [
        (json!({"nickname": "小梅"}), "请指定要修改的用户"),
        (json!({"userId": id}), "请输入昵称"),
        (json!({"userId": id, "nickname": " \u{200B} "}), "请输入昵称"),
        (json!({"userId": id, "nickname": "梅".repeat(33)}), "昵称不能超过32个字符"),
        (json!({"userId": id, "nickname": "小梅", "email": "mei@"}), "请输入有效的邮箱地址"),
        (json!({"userId": id, "nickname": "小梅", "email": "x@users.xinqiao.invalid"}), "请输入有效的邮箱地址"),
        (json!({"userId": id, "nickname": "小梅", "phone": "12345678901"}), "请输入有效的手机号码"),
        (json!({"userId": id, "nickname": "小梅", "sysRole": "root"}), "角色只能是 user、admin 或 superadmin"),
    ];
    for (body, message) in cases {
        let response = update(&app, &admin, body.clone()).await;
        assert_eq!((response.status, response.message()), (400, message), "{body}");
    }
    assert!(update(&app, &admin, json!({"userId": id, "nickname": "梅".repeat(32)})).await.status == 200);
    assert_eq!(audit_of(&app, &member).await.len(), 1, "only the valid edit is logged");
}

async fn update_returns_404_for_unknown_deleted_or_mismatched_members(app) {
    let superadmin = signed_in_user(&app, "root_wang", Role::Superadmin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;
    let gone = signed_in_user(&app, "gone", Role::User).await;
    assert_eq!(delete(&app, &superadmin, &[&gone]).await.status, 200);
    for body in [
        json!({"userId": 999_999, "nickname": "x"}),
        json!({"uuid": "no-such-uuid", "nickname": "x"}),
        json!({"userId": gone.id.get(), "nickname": "x"}),
        json!({"uuid": gone.uuid, "nickname": "x"}),
        json!({"userId": member.id.get(), "uuid": gone.uuid, "nickname": "x"}),
    ] {
        let response = update(&app, &superadmin, body.clone()).await;
        assert_eq!((response.status, response.message()), (404, "用户不存在"), "{body}");
    }
}

async fn an_admin_edits_plain_members_and_their_own_account_but_never_a_role(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let other_admin = signed_in_user(&app, "admin_zhao", Role::Admin).await;
    let superadmin = signed_in_user(&app, "root_wang", Role::Superadmin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;

    let refusals = [
        (&member, json!({"sysRole": "admin"}), "只有系统管理员可以修改管理员角色"),
        (&member, json!({"sysRole": "superadmin"}), "只有系统管理员可以修改管理员角色"),
        (&admin, json!({"sysRole": "superadmin"}), "只有系统管理员可以修改管理员角色"),
        (&admin, json!({"sysRole": "user"}), "只有系统管理员可以修改管理员角色"),
        (&other_admin, json!({"sysRole": "user"}), "只有系统管理员可以修改管理员账号"),
        (&other_admin, json!({"nickname": "改名"}), "只有系统管理员可以修改管理员账号"),
        (&superadmin, json!({"nickname": "改名"}), "只有系统管理员可以修改管理员账号"),
        (&superadmin, json!({"sysRole": "user"}), "只有系统管理员可以修改管理员账号"),
    ];
    for (target, changes, message) in refusals {
        let form = with_changes(&app, &superadmin, target, changes.clone()).await;
        let response = update(&app, &admin, form).await;
        assert_eq!((response.status, response.message()), (403, message), "{} {changes}", target.username);
    }
    assert_eq!(role_of(&app, &member).await, "user");
    assert_eq!(role_of(&app, &admin).await, "admin");
    assert_eq!(role_of(&app, &superadmin).await, "superadmin");
    assert!(audit_of(&app, &superadmin).await.is_empty());

    for target in [&member, &admin] {
        let form = with_changes(&app, &admin, target, json!({"nickname": "新名字"})).await;
        let response = update(&app, &admin, form).await;
        assert_eq!(response.status, 200, "{}: {}", target.username, response.json);
    }
    assert!(token_works(&app, &admin.token).await);
}

async fn a_superadmin_grants_and_removes_roles_and_the_member_signs_in_again(app) {
    let superadmin = signed_in_user(&app, "root_wang", Role::Superadmin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;

    let form = with_changes(&app, &superadmin, &member, json!({"sysRole": "admin"})).await;
    let promoted = update(&app, &superadmin, form).await;
    assert_eq!(promoted.status, 200, "{}", promoted.json);
    assert_eq!(promoted.data()["sysRole"], json!("admin"));
    assert!(!token_works(&app, &member.token).await, "a role change ends the member's sessions");
    let again = login(&app, "xiaomei", &member.password, CAPTCHA_BYPASS).await;
    assert_eq!(again.data()["sysRole"], json!("admin"));
    let token = again.data()["accessToken"].as_str().unwrap().to_owned();
    let as_admin = app.post("/api/v1/admin/user/list", json!({}), Some(&token)).await;
    assert_eq!(as_admin.status, 200, "the new role holds at once");

    let form = with_changes(&app, &superadmin, &member, json!({"sysRole": "superadmin"})).await;
    assert_eq!(update(&app, &superadmin, form).await.status, 200);
    let form = with_changes(&app, &superadmin, &member, json!({"sysRole": "user"})).await;
    assert_eq!(update(&app, &superadmin, form).await.status, 200);
    assert_eq!(role_of(&app, &member).await, "user");
    let as_member = app.post("/api/v1/admin/user/list", json!({}), Some(&token)).await;
    assert_eq!(as_member.status, 401, "removing the role ends the session at once");

    let roles: Vec<(Value, Value)> = audit_of(&app, &member).await.into_iter().rev()
        .map(|(_, _, before, after)| (before["sysRole"].clone(), after["sysRole"].clone()))
        .collect();
    assert_eq!(roles, [
        (json!("user"), json!("admin")),
        (json!("admin"), json!("superadmin")),
        (json!("superadmin"), json!("user")),
    ]);
    assert!(token_works(&app, &superadmin.token).await);
}

async fn the_last_superadmin_cannot_be_demoted(app) {
    let first = signed_in_user(&app, "root_wang", Role::Superadmin).await;
    let form = with_changes(&app, &first, &first, json!({"sysRole": "admin"})).await;
    let refused = update(&app, &first, form.clone()).await;
    assert_eq!((refused.status, refused.message()), (409, "不能取消最后一位系统管理员的系统管理员角色"), "{}", refused.json);
    assert_eq!(role_of(&app, &first).await, "superadmin");

    let second = signed_in_user(&app, "root_zhang", Role::Superadmin).await;
    let demoted = update(&app, &second, form.clone()).await;
    assert_eq!(demoted.status, 200, "another superadmin remains: {}", demoted.json);
    let back = with_changes(&app, &second, &second, json!({"sysRole": "user"})).await;
    let refused = update(&app, &second, back).await;
    assert_eq!(refused.status, 409, "{}", refused.json);
    assert_eq!(superadmins(&app, &[&first, &second]).await, 1);
}

async fn two_superadmins_demoting_each_other_at_once_leave_one(app) {
    // Several rounds, since two requests overlap only sometimes: each round the survivor makes
    // a new superadmin, then the two demote each other at once.
    let mut survivor = signed_in_user(&app, "root_0", Role::Superadmin).await;
    for round in 1..=8 {
        let rival = signed_in_user(&app, &format!("root_{round}"), Role::Superadmin).await;
        let demote_rival = with_changes(&app, &survivor, &rival, json!({"sysRole": "admin"})).await;
        let demote_survivor = with_changes(&app, &rival, &survivor, json!({"sysRole": "admin"})).await;
        let (by_survivor, by_rival) = tokio::join!(
            update(&app, &survivor, demote_rival),
            update(&app, &rival, demote_survivor),
        );
        let statuses = [by_survivor.status, by_rival.status];
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "round {round}: {} / {}", by_survivor.json, by_rival.json);
        // The other finds itself demoted (its token revoked, or no longer allowed to touch a
        // superadmin), never the last superadmin gone.
        assert!(statuses.iter().all(|s| [200, 401, 403, 409].contains(s)), "{statuses:?}");
        assert_eq!(superadmins(&app, &[&survivor, &rival]).await, 1, "round {round}");
        if by_rival.status == 200 {
            survivor = rival;
        }
    }
}

async fn update_returns_409_for_another_members_phone(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let token = registered(&app, "xiaomei").await;
    let phone = app.post("/api/v1/user/phone/update", json!({"phone": "13800138000"}), Some(&token)).await;
    assert_eq!(phone.status, 200, "{}", phone.json);
    let other = signed_in_user(&app, "bob", Role::User).await;
    let form = with_changes(&app, &admin, &other, json!({"phone": "13800138000"})).await;
    let refused = update(&app, &admin, form).await;
    assert_eq!((refused.status, refused.message()), (409, "该手机号已被其他账号使用"), "{}", refused.json);
    assert!(audit_of(&app, &other).await.is_empty(), "a refused edit leaves no entry");
}

async fn an_admin_deletes_a_member_who_is_anonymised_signed_out_and_unlisted(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;
    let kept = signed_in_user(&app, "bob", Role::User).await;
    let form = with_changes(&app, &admin, &member, json!({"email": "mei@example.com", "phone": "13900139000"})).await;
    assert_eq!(update(&app, &admin, form).await.status, 200);

    let response = delete(&app, &admin, &[&member]).await;
    assert_eq!((response.status, response.message()), (200, "删除用户成功"), "{}", response.json);
    assert_eq!(response.data()["deleted"], json!(1));

    assert!(!token_works(&app, &member.token).await, "every session ends");
    assert_eq!(login(&app, "xiaomei", &member.password, CAPTCHA_BYPASS).await.status, 401);
    let listed = list(&app, &admin, json!({})).await;
    assert_eq!(usernames(&listed), ["bob", "admin_li"]);
    assert_eq!(listed.data()["total"], json!(2));
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    let tombstone = accounts::api::user_summaries(conn, &[member.id]).await.unwrap()[&member.id].clone();
    assert_eq!(tombstone.username, format!("deleted-{}", member.id.get()));
    assert_eq!(tombstone.nickname, accounts::DELETED_NICKNAME);
    assert!(accounts::api::member_by_uuid(conn, &member.uuid).await.unwrap().is_none());
    drop(pooled);
    // The name is free again.
    assert_eq!(register(&app, registration("xiaomei")).await.status, 200);
    assert!(token_works(&app, &kept.token).await);

    let entries = audit_of(&app, &member).await;
    let (action, actor, before, after) = &entries[0];
    assert_eq!((action.as_str(), *actor), ("user.delete", admin.id.get()));
    assert_eq!(before["sysRole"], json!("user"));
    for personal in ["username", "nickname", "email", "phone", "uuid"] {
        assert!(before.get(personal).is_none(), "no {personal} kept: {before}");
    }
    assert_eq!(after, &Value::Null);
    // The earlier edit's entry stays, without the contact details it recorded.
    let (action, _, before, after) = &entries[1];
    assert_eq!(action, "user.update");
    assert_eq!((before, after), (&Value::Null, &Value::Null), "redacted with the account");

    let again = delete(&app, &admin, &[&member]).await;
    assert_eq!((again.status, again.message()), (404, "用户不存在"));
}

async fn deletion_follows_the_role_rules_and_is_all_or_none(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let other_admin = signed_in_user(&app, "admin_zhao", Role::Admin).await;
    let superadmin = signed_in_user(&app, "root_wang", Role::Superadmin).await;
    let member = signed_in_user(&app, "xiaomei", Role::User).await;

    let cases: [(&TestUser, Vec<&TestUser>, u16, &str); 5] = [
        (&admin, vec![&member, &other_admin], 403, "只有系统管理员可以删除管理员账号"),
        (&admin, vec![&superadmin], 403, "只有系统管理员可以删除管理员账号"),
        (&admin, vec![&member, &admin], 403, "不能在后台删除自己的账号"),
        (&superadmin, vec![&superadmin], 403, "不能在后台删除自己的账号"),
        (&superadmin, vec![], 400, "请选择要删除的用户"),
    ];
    for (actor, targets, status, message) in cases {
        let response = delete(&app, actor, &targets).await;
        assert_eq!((response.status, response.message()), (status, message), "{}", response.json);
    }
    assert!(token_works(&app, &member.token).await, "refused deletions delete nobody");
    assert!(audit_of(&app, &member).await.is_empty());

    let unknown = app.post("/api/v1/admin/user/delete", json!({"userIds": [member.id.get(), 999_999]}), Some(&superadmin.token)).await;
    assert_eq!((unknown.status, unknown.message()), (404, "用户不存在"));
    assert!(token_works(&app, &member.token).await, "all or none");
    let too_many: Vec<i64> = (1..=101).collect();
    let refused = app.post("/api/v1/admin/user/delete", json!({"userIds": too_many}), Some(&superadmin.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "一次最多删除 100 位用户"));

    let response = delete(&app, &superadmin, &[&member, &member, &other_admin]).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.data()["deleted"], json!(2));
    assert!(!token_works(&app, &other_admin.token).await);
    assert_eq!(audit_of(&app, &other_admin).await[0].0, "user.delete");
    assert_eq!(audit_of(&app, &member).await.len(), 1);
}

async fn two_superadmins_deleting_each_other_at_once_leave_one(app) {
    let mut survivor = signed_in_user(&app, "root_0", Role::Superadmin).await;
    for round in 1..=4 {
        let rival = signed_in_user(&app, &format!("root_{round}"), Role::Superadmin).await;
        let (only_rival, only_survivor) = ([&rival], [&survivor]);
        let (by_survivor, by_rival) = tokio::join!(
            delete(&app, &survivor, &only_rival),
            delete(&app, &rival, &only_survivor),
        );
        let statuses = [by_survivor.status, by_rival.status];
        assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "round {round}: {} / {}", by_survivor.json, by_rival.json);
        assert!(statuses.iter().all(|s| [200, 401, 403].contains(s)), "{statuses:?}");
        assert_eq!(superadmins(&app, &[&survivor, &rival]).await, 1, "round {round}");
        if by_rival.status == 200 {
            survivor = rival;
        }
        assert!(token_works(&app, &survivor.token).await);
    }
}

}

platform::engine_tests! { spawn_admin_mail_app;

async fn update_returns_409_for_another_members_verified_email(app) {
    let admin = signed_in_user(&app, "admin_li", Role::Admin).await;
    let owner = registered(&app, "xiaomei").await;
    verify_email(&app, &owner, "mei@example.com").await;
    let other = signed_in_user(&app, "bob", Role::User).await;

    let form = with_changes(&app, &admin, &other, json!({"email": "MEI@example.com"})).await;
    let refused = update(&app, &admin, form).await;
    assert_eq!((refused.status, refused.message()), (409, "该邮箱已被其他账号使用"), "{}", refused.json);

    // An unverified address may repeat, as at registration.
    let form = with_changes(&app, &admin, &other, json!({"email": "xiaomei@example.com"})).await;
    assert_eq!(update(&app, &admin, form).await.status, 200);
    // The owner's own verified address stays verified through an edit of other fields.
    let listed = list(&app, &admin, json!({"username": "xiaomei"})).await;
    let mut form = listed.data()["users"][0].clone();
    form["nickname"] = json!("小梅");
    assert_eq!(update(&app, &admin, form).await.status, 200);
    assert_eq!(account(&app, &owner).await.data()["emailVerified"], json!(true));
}

}
