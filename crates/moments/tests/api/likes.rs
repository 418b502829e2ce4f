use super::*;

async fn like(app: &TestApp, user: &TestUser, moment_id: i64) -> TestResponse {
    app.post(
        "/api/v1/moment/like",
        json!({"momentId": moment_id}),
        Some(&user.token),
    )
    .await
}

platform::engine_tests! { spawn_app;

async fn liking_twice_counts_once_and_unliking_takes_it_back(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let moment_id = publish(&app, &author, "点赞我", "public").await;
    assert_eq!(like(&app, &fan, moment_id).await.data()["likeCount"], json!(1));
    let again = like(&app, &fan, moment_id).await;
    assert_eq!(again.data()["likeCount"], json!(1));
    assert_eq!(parsed(&again.data()["likes"]), vec![json!({"uuid": fan.uuid, "nickname": "fan"})]);

    let unliked = app.post("/api/v1/moment/unlike", json!({"momentId": moment_id}), Some(&fan.token)).await;
    assert_eq!(unliked.data()["likeCount"], json!(0));
    assert_eq!(unliked.data()["likes"], json!("[]"));
    let unliked_twice = app.post("/api/v1/moment/unlike", json!({"momentId": moment_id}), Some(&fan.token)).await;
    assert_eq!(unliked_twice.data()["likeCount"], json!(0));
    assert_eq!(guest_feed(&app, 0).await[0]["likeCount"], json!(0));
}

async fn concurrent_likes_by_one_member_count_once_and_by_many_count_each(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let mut fans = Vec::new();
    for n in 0..6 {
        fans.push(signed_in_user(&app, &format!("fan{n}"), Role::User).await);
    }
    let moment_id = publish(&app, &author, "热门", "public").await;

    let same_member = (0..8).map(|_| like(&app, &fans[0], moment_id));
    for response in futures_util::future::join_all(same_member).await {
        assert_eq!(response.status, 200);
    }
    let many_members = fans.iter().map(|fan| like(&app, fan, moment_id));
    futures_util::future::join_all(many_members).await;

    let item = &guest_feed(&app, 0).await[0];
    assert_eq!(item["likeCount"], json!(6));
    assert_eq!(parsed(&item["likes"]).len(), 6);
}

async fn a_moment_one_cannot_see_cannot_be_liked(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let private = publish(&app, &author, "秘密", "private").await;
    assert_eq!(like(&app, &stranger, private).await.status, 404);
    assert_eq!(like(&app, &stranger, 999_999).await.status, 404);
    assert_eq!(app.post("/api/v1/moment/like", json!({"momentId": private}), None).await.status, 401);
}

}
