use super::*;

async fn delete(app: &TestApp, user: &TestUser, moment_id: i64) -> TestResponse {
    app.post(
        "/api/v1/moment/delete",
        json!({"momentId": moment_id}),
        Some(&user.token),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn only_the_author_or_an_admin_may_delete_a_moment(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let other = signed_in_user(&app, "other", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let first = publish(&app, &author, "一", "public").await;
    let second = publish(&app, &author, "二", "private").await;

    let refused = delete(&app, &other, first).await;
    assert_eq!((refused.status, refused.message()), (403, "只能删除自己的动态"));
    assert_eq!(delete(&app, &other, second).await.status, 404, "a private moment stays unknown to others");
    assert_eq!(app.post("/api/v1/moment/delete", json!({"momentId": first}), None).await.status, 401);

    assert_eq!(delete(&app, &author, first).await.status, 200);
    assert_eq!(delete(&app, &admin, second).await.status, 200);
    assert!(member_feed(&app, &author, 0).await.is_empty());
    assert_eq!(delete(&app, &author, first).await.status, 404);
}

async fn deleting_a_moment_removes_its_likes_comments_and_image_files(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let image = upload(&app, &author).await;
    let created = post_moment(&app, &author, json!({"content": "带图", "images": [image]})).await;
    let moment_id = created.data()["momentId"].as_i64().unwrap();
    app.post("/api/v1/moment/like", json!({"momentId": moment_id}), Some(&fan.token)).await;
    let body = json!({"momentId": moment_id, "content": "好看", "parentId": 0});
    app.post("/api/v1/comment/create", body, Some(&fan.token)).await;
    assert_eq!(app.get(&format!("/api/v1/{image}"), None).await.status, 200);

    assert_eq!(delete(&app, &author, moment_id).await.status, 200);
    assert_eq!(app.get(&format!("/api/v1/{image}"), None).await.status, 404, "the file is gone");
    let like_again = app.post("/api/v1/moment/like", json!({"momentId": moment_id}), Some(&fan.token)).await;
    assert_eq!(like_again.status, 404);
    let reuse = post_moment(&app, &author, json!({"images": [image]})).await;
    assert_eq!(reuse.status, 400, "the upload record went with the moment");
}

}
