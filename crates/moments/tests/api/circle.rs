use super::*;

async fn relate(app: &TestApp, user: &TestUser, path: &str, target: &TestUser) {
    let response = app
        .post(path, json!({"targetUuid": target.uuid}), Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
}

fn contents(page: &[Value]) -> Vec<&str> {
    page.iter()
        .map(|moment| moment["content"].as_str().unwrap())
        .collect()
}

platform::engine_tests! { spawn_app;

async fn friends_only_moments_reach_mutual_likes_and_nobody_else(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let friend_only = publish(&app, &author, "只给朋友看", "friends").await;
    publish(&app, &author, "公开的", "public").await;

    relate(&app, &fan, "/api/v1/user/like", &author).await;
    assert_eq!(contents(&member_feed(&app, &fan, 0).await), ["公开的"], "a one-way like is not friendship");
    let like = app.post("/api/v1/moment/like", json!({"momentId": friend_only}), Some(&fan.token)).await;
    assert_eq!(like.status, 404);

    relate(&app, &author, "/api/v1/user/like", &fan).await;
    assert_eq!(contents(&member_feed(&app, &fan, 0).await), ["公开的", "只给朋友看"]);
    let like = app.post("/api/v1/moment/like", json!({"momentId": friend_only}), Some(&fan.token)).await;
    assert_eq!(like.status, 200, "{}", like.json);
    assert_eq!(contents(&guest_feed(&app, 0).await), ["公开的"]);

    relate(&app, &author, "/api/v1/user/unlike", &fan).await;
    assert_eq!(contents(&member_feed(&app, &fan, 0).await), ["公开的"], "unfriended");
}

async fn members_blacklisted_either_way_vanish_from_each_others_feed(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    let bobs = publish(&app, &bob, "bob 的动态", "public").await;
    publish(&app, &ann, "ann 的动态", "public").await;
    publish(&app, &cat, "cat 的动态", "public").await;

    relate(&app, &ann, "/api/v1/user/blacklist/add", &bob).await;
    assert_eq!(contents(&member_feed(&app, &ann, 0).await), ["cat 的动态", "ann 的动态"]);
    assert_eq!(contents(&member_feed(&app, &bob, 0).await), ["cat 的动态", "bob 的动态"]);
    assert_eq!(contents(&member_feed(&app, &cat, 0).await).len(), 3, "others see both");
    let comment = app.post("/api/v1/comment/create", json!({"momentId": bobs, "content": "嗨", "parentId": 0}), Some(&ann.token)).await;
    assert_eq!(comment.status, 404);

    relate(&app, &ann, "/api/v1/user/blacklist/del", &bob).await;
    assert_eq!(contents(&member_feed(&app, &ann, 0).await).len(), 3);
}

}
