use super::*;

platform::engine_tests! { spawn_app;

async fn new_photos_and_changes_wait_for_review_seen_only_by_their_owner(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let avatar = uploaded(&app, &member, "avatar").await;
    let photos = vec![uploaded(&app, &member, "photo").await, uploaded(&app, &member, "photo").await];
    saved(&app, &member, json!({"nickname": "小雨", "introduction": "喜欢徒步", "avatar": avatar, "photos": photos})).await;

    let mine = my_profile(&app, &member).await;
    assert_eq!((mine["nickname"].clone(), mine["avatar"].clone(), mine["photos"].clone()), (json!("小雨"), json!(avatar), json!(photos)));
    assert_eq!(mine["underReview"], json!(["nickname", "avatar", "introduction"]));
    assert!(photos.iter().all(|p| p.contains("tobeaudit")));

    let seen = public_profile(&app, &other, &member.uuid).await;
    let data = seen.data();
    assert_eq!((data["nickname"].clone(), data["introduction"].clone(), data["avatar"].clone(), data["photos"].clone()), (json!("member"), json!(""), json!(""), json!([])), "the passed values until review");
    assert!(!strings(data).iter().any(|s| s.contains("tobeaudit")), "{data}");

    let queue = app.post("/api/v1/admin/user/profile/audit/list", json!({}), Some(&admin.token)).await;
    assert_eq!(queue.data()["total"], json!(1));
    assert_eq!(queue.data()["users"][0]["nickname"], json!("小雨"));

    admin_passes_everything(&app, &admin).await;
    let mine = my_profile(&app, &member).await;
    assert_eq!(mine["underReview"], json!([]));
    let passed: Vec<String> = mine["photos"].as_array().unwrap().iter().map(|p| p.as_str().unwrap().to_owned()).collect();
    assert!(passed.iter().all(|p| p.starts_with("uploads/photo/") && !p.contains("tobeaudit")), "{passed:?}");
    for path in &passed {
        assert_eq!(app.get(&format!("/api/v1/{path}"), None).await.status, 200);
        let blurred = platform::files::blurred_path(path).unwrap();
        assert_eq!(app.get(&format!("/api/v1/{blurred}"), None).await.status, 200, "every passed photo has a blurred copy");
    }
    assert_eq!(app.get(&format!("/api/v1/{}", photos[0]), None).await.status, 404, "the pending copy is gone");
    let seen = public_profile(&app, &other, &member.uuid).await;
    let data = seen.data();
    assert_eq!((data["nickname"].clone(), data["introduction"].clone()), (json!("小雨"), json!("喜欢徒步")));
    assert_eq!(data["photos"], json!(passed));
    assert!(data["avatar"].as_str().unwrap().starts_with("uploads/avatar/") && !data["avatar"].as_str().unwrap().contains("tobeaudit"));
}

async fn a_rejected_photo_leaves_the_wall_and_reviews_settle_once(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let photo = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"photos": [photo]})).await;
    let list = app.post("/api/v1/admin/user/image/audit/list", json!({}), Some(&admin.token)).await;
    let photo_id = list.data()["photos"][0]["photoId"].clone();
    assert_eq!(list.data()["photos"][0]["uuid"], json!(member.uuid));
    let rejected = app.post("/api/v1/admin/user/image/audit", json!({"photoId": photo_id, "isAudited": 2}), Some(&admin.token)).await;
    assert_eq!(rejected.status, 200, "{}", rejected.json);
    let again = app.post("/api/v1/admin/user/image/audit", json!({"photoId": photo_id, "isAudited": 1}), Some(&admin.token)).await;
    assert_eq!((again.status, again.message()), (409, "该照片已审核"));
    assert_eq!(my_profile(&app, &member).await["photos"], json!([]));
    assert_eq!(app.get(&format!("/api/v1/{photo}"), None).await.status, 404);
    let decisions = audit_of(&app, "photo", &photo_id.to_string()).await;
    assert_eq!(decisions, [("photo.reject".to_owned(), admin.id)], "one decision, one entry");
}

async fn profile_decisions_are_written_to_the_audit_log(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let decide = |is_audited: i64| app.post("/api/v1/admin/user/profile/audit", json!({"uuid": member.uuid, "isAudited": is_audited}), Some(&admin.token));
    saved(&app, &member, json!({"nickname": "小雨"})).await;
    assert_eq!(decide(0).await.status, 200);
    saved(&app, &member, json!({"nickname": "小雨点"})).await;
    assert_eq!(decide(1).await.status, 200);
    let id = member.id.get().to_string();
    let decisions = audit_of(&app, "profile", &id).await;
    assert_eq!(decisions, [("profile.pass".to_owned(), admin.id), ("profile.reject".to_owned(), admin.id)]);
}

async fn audits_return_200_with_the_back_offices_success_texts(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let photos = vec![uploaded(&app, &member, "photo").await, uploaded(&app, &member, "photo").await];
    saved(&app, &member, json!({"nickname": "小雨", "photos": photos})).await;
    let list = app.post("/api/v1/admin/user/image/audit/list", json!({}), Some(&admin.token)).await;
    let ids: Vec<Value> = list.data()["photos"].as_array().unwrap().iter().map(|photo| photo["photoId"].clone()).collect();
    assert_eq!(ids.len(), 2, "{}", list.json);
    let audit_photo = |photo_id: &Value, is_audited: i64| app.post("/api/v1/admin/user/image/audit", json!({"photoId": photo_id, "isAudited": is_audited}), Some(&admin.token));
    let passed = audit_photo(&ids[0], 1).await;
    assert_eq!((passed.status, passed.message()), (200, "图片通过成功"));
    let rejected = audit_photo(&ids[1], 2).await;
    assert_eq!((rejected.status, rejected.message()), (200, "图片拒绝成功"));

    let audit_profile = |is_audited: i64| app.post("/api/v1/admin/user/profile/audit", json!({"uuid": member.uuid, "isAudited": is_audited, "remark": "昵称不合适"}), Some(&admin.token));
    let rejected = audit_profile(0).await;
    assert_eq!((rejected.status, rejected.message()), (200, "审核提交成功"));
    saved(&app, &member, json!({"nickname": "小雨点"})).await;
    let passed = audit_profile(1).await;
    assert_eq!((passed.status, passed.message()), (200, "审核提交成功"));
}

async fn reordering_and_removing_photos_keeps_their_review_and_deletes_files(app) {
    let member = signed_in_user(&app, "member", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let first = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"photos": [first]})).await;
    admin_passes_everything(&app, &admin).await;
    let first = my_profile(&app, &member).await["photos"][0].as_str().unwrap().to_owned();
    let second = uploaded(&app, &member, "photo").await;
    let third = uploaded(&app, &member, "photo").await;
    saved(&app, &member, json!({"photos": [first, second, third]})).await;
    saved(&app, &member, json!({"photos": [third, first]})).await;
    let mine = my_profile(&app, &member).await;
    assert_eq!(mine["photos"], json!([third, first]));
    assert_eq!(mine["photo"], json!(third));
    assert_eq!(app.get(&format!("/api/v1/{second}"), None).await.status, 404, "a removed photo's file goes");
    let ten: Vec<String> = (0..10).map(|_| first.clone()).collect();
    assert_eq!(update(&app, &member, json!({"photos": ten})).await.status, 200, "duplicates count once");
    let mut many = Vec::new();
    for _ in 0..10 {
        many.push(uploaded(&app, &member, "photo").await);
    }
    let refused = update(&app, &member, json!({"photos": many})).await;
    assert_eq!((refused.status, refused.message()), (400, "最多上传9张照片"));
}

}

/// (action, actor) of the audit entries about one object, newest first.
async fn audit_of(app: &TestApp, kind: &str, id: &str) -> Vec<(String, platform::UserId)> {
    let mut pooled = app.state.db.get().await.unwrap();
    let window = platform::paging::PageWindow::of(None, Some(100), 100, 100);
    let (entries, _) = platform::audit::page(&mut pooled.conn(), Some((kind, id)), window)
        .await
        .unwrap();
    entries
        .into_iter()
        .map(|entry| (entry.action, entry.actor_id))
        .collect()
}
