use super::*;

use futures_util::future::join_all;

async fn act(app: &TestApp, user: &TestUser, path: &str, target: &TestUser) -> TestResponse {
    app.post(
        path,
        json!({"targetUuid": target.uuid, "likeLevel": 1}),
        Some(&user.token),
    )
    .await
}

async fn like(app: &TestApp, user: &TestUser, target: &TestUser) -> TestResponse {
    act(app, user, "/api/v1/user/like", target).await
}

async fn block(app: &TestApp, user: &TestUser, target: &TestUser) -> TestResponse {
    act(app, user, "/api/v1/user/blacklist/add", target).await
}

/// The usernames on a page of `list` for `user`, and the total.
async fn listed(app: &TestApp, user: &TestUser, list: &str, body: Value) -> (Vec<String>, i64) {
    let response = app
        .post(&format!("/api/v1/{list}"), body, Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{list}: {}", response.json);
    let data = response.data();
    let key = ["likes", "visited", "blacklist"]
        .into_iter()
        .find(|key| data.get(*key).is_some())
        .unwrap();
    let names = data[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["username"].as_str().unwrap().to_owned())
        .collect();
    (names, data["total"].as_i64().unwrap())
}

async fn names(app: &TestApp, user: &TestUser, list: &str) -> Vec<String> {
    listed(app, user, list, json!({})).await.0
}

platform::engine_tests! { spawn_app;

async fn likes_are_idempotent_under_races_and_mutual_likes_are_found(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let answers = join_all((0..20).map(|_| like(&app, &ann, &bob))).await;
    assert!(answers.iter().all(|answer| answer.status == 200 && answer.message() == "已添加到喜欢列表"));
    assert_eq!(listed(&app, &bob, "likedme/list", json!({})).await, (vec!["ann".to_owned()], 1));
    assert_eq!(names(&app, &ann, "liked/list").await, ["bob"]);
    assert!(names(&app, &ann, "mutualliked/list").await.is_empty());

    assert_eq!(like(&app, &bob, &ann).await.status, 200);
    assert_eq!(names(&app, &ann, "mutualliked/list").await, ["bob"]);
    assert_eq!(names(&app, &bob, "mutualliked/list").await, ["ann"]);
    let card = app.post("/api/v1/likedme/list", json!({}), Some(&ann.token)).await;
    assert_eq!(card.data()["likes"][0]["isLiked"], json!(1), "ann likes bob back");

    let unliked = act(&app, &ann, "/api/v1/user/unlike", &bob).await;
    assert_eq!((unliked.status, unliked.message()), (200, "已取消喜欢"));
    assert_eq!(act(&app, &ann, "/api/v1/user/unlike", &bob).await.status, 200, "unliking twice is fine");
    assert!(names(&app, &bob, "mutualliked/list").await.is_empty());
    assert!(names(&app, &bob, "likedme/list").await.is_empty());

    let own = like(&app, &ann, &ann).await;
    assert_eq!((own.status, own.message()), (400, "不能喜欢自己"));
    let level = app.post("/api/v1/user/like", json!({"targetUuid": bob.uuid, "likeLevel": 5}), Some(&ann.token)).await;
    assert_eq!(level.status, 400);
    let unknown = app.post("/api/v1/user/like", json!({"targetUuid": "nobody"}), Some(&ann.token)).await;
    assert_eq!((unknown.status, unknown.message()), (404, "用户资料不存在"));
    assert_eq!(app.post("/api/v1/likedme/list", json!({}), None).await.status, 401);
}

async fn a_blacklisting_works_both_ways_in_every_list_and_the_profile(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    for (liker, liked) in [(&ann, &bob), (&bob, &ann), (&cat, &ann)] {
        assert_eq!(like(&app, liker, liked).await.status, 200);
    }
    for (visitor, visited) in [(&ann, &bob), (&bob, &ann), (&cat, &ann)] {
        assert_eq!(public_profile(&app, visitor, &visited.uuid).await.status, 200);
    }

    let blocked = block(&app, &ann, &bob).await;
    assert_eq!((blocked.status, blocked.message()), (200, "已添加到黑名单"));
    assert_eq!(block(&app, &ann, &bob).await.status, 200, "twice is the same");
    assert_eq!(listed(&app, &ann, "user/blacklist", json!({})).await, (vec!["bob".to_owned()], 1));
    assert!(names(&app, &bob, "user/blacklist").await.is_empty(), "bob blacklisted nobody");
    for (member, list) in [(&ann, "likedme/list"), (&ann, "liked/list"), (&ann, "mutualliked/list"), (&ann, "visitedme/list"), (&ann, "visited/list")] {
        let seen = names(&app, member, list).await;
        assert!(!seen.contains(&"bob".to_owned()), "{list}: {seen:?}");
    }
    for list in ["likedme/list", "liked/list", "mutualliked/list", "visitedme/list", "visited/list"] {
        let seen = names(&app, &bob, list).await;
        assert!(!seen.contains(&"ann".to_owned()), "bob's {list}: {seen:?}");
    }
    assert_eq!(names(&app, &ann, "likedme/list").await, ["cat"], "others stay");

    for (viewer, member) in [(&ann, &bob), (&bob, &ann)] {
        let profile = public_profile(&app, viewer, &member.uuid).await;
        assert_eq!((profile.status, profile.message()), (404, "用户资料不存在"));
        let unlock = app.post("/api/v1/user/profile/unlock", json!({"uuid": member.uuid}), Some(&viewer.token)).await;
        assert_eq!(unlock.status, 404);
    }
    let refused = like(&app, &ann, &bob).await;
    assert_eq!((refused.status, refused.message()), (400, "对方在你的黑名单中，请先将其移出黑名单"));
    assert_eq!(like(&app, &bob, &ann).await.status, 404, "bob cannot tell he was blacklisted");
    let own = block(&app, &ann, &ann).await;
    assert_eq!((own.status, own.message()), (400, "不能将自己加入黑名单"));

    let removed = act(&app, &ann, "/api/v1/user/blacklist/del", &bob).await;
    assert_eq!((removed.status, removed.message()), (200, "已从黑名单移除"));
    assert!(names(&app, &ann, "user/blacklist").await.is_empty());
    assert_eq!(public_profile(&app, &bob, &ann.uuid).await.status, 200);
    assert!(names(&app, &ann, "liked/list").await.is_empty(), "the likes went with the blacklisting");
}

async fn visitor_lists_count_visits_and_search_by_name_place_or_age(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    saved(&app, &bob, json!({"nickname": "阿宝", "birthday": 19960101, "province": "44", "city": "4403", "district": "440305"})).await;
    saved(&app, &cat, json!({"nickname": "小猫", "birthday": 19900101, "province": "11", "city": "1101", "district": "110105"})).await;
    // Names count once they passed review.
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    admin_passes_everything(&app, &admin).await;
    for after in [0, 3600] {
        app.clock.advance(after);
        public_profile(&app, &bob, &ann.uuid).await;
    }
    public_profile(&app, &cat, &ann.uuid).await;

    let page = app.post("/api/v1/visitedme/list", json!({}), Some(&ann.token)).await;
    let visitors = page.data()["visited"].as_array().unwrap();
    assert_eq!(visitors.iter().map(|v| (v["username"].clone(), v["times"].clone())).collect::<Vec<_>>(),
        [(json!("cat"), json!(1)), (json!("bob"), json!(2))], "latest first, with counts");
    assert_eq!(visitors[1]["city"], json!("深圳市"));
    assert_eq!(names(&app, &bob, "visited/list").await, ["ann"]);

    for (keyword, expected) in [("阿宝", vec!["bob"]), ("BOB", vec!["bob"]), ("北京", vec!["cat"]), ("南山", vec!["bob"]), ("30", vec!["bob"]), ("无此人", vec![])] {
        let (found, total) = listed(&app, &ann, "visitedme/list", json!({"keyword": keyword})).await;
        assert_eq!(found, expected, "keyword {keyword}");
        assert_eq!(total, i64::try_from(expected.len()).unwrap());
    }
    let (first, total) = listed(&app, &ann, "visitedme/list", json!({"page": 2, "pageSize": 1})).await;
    assert_eq!((first, total), (vec!["bob".to_owned()], 2));
}

async fn an_invisible_visit_is_the_visitors_record_only(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let ghost = signed_in_user(&app, "ghost", Role::User).await;
    saved(&app, &ghost, json!({"invisibleBrowsing": 1})).await;
    assert_eq!(my_profile(&app, &ghost).await["invisibleBrowsing"], json!(1));
    assert_eq!(public_profile(&app, &ghost, &ann.uuid).await.status, 200);
    assert!(names(&app, &ann, "visitedme/list").await.is_empty());
    assert_eq!(names(&app, &ghost, "visited/list").await, ["ann"]);

    saved(&app, &ghost, json!({"invisibleBrowsing": 0})).await;
    app.clock.advance(3600);
    public_profile(&app, &ghost, &ann.uuid).await;
    assert_eq!(names(&app, &ann, "visitedme/list").await, ["ghost"], "a visible visit shows again");
}

async fn mutual_likes_see_protected_photos_clear_for_free(app) {
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let shy = signed_in_user(&app, "shy", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let photo = uploaded(&app, &shy, "photo").await;
    saved(&app, &shy, json!({"photos": [photo], "photoProtection": 1})).await;
    admin_passes_everything(&app, &admin).await;
    let clear = my_profile(&app, &shy).await["photos"][0].as_str().unwrap().to_owned();

    like(&app, &fan, &shy).await;
    let locked = public_profile(&app, &fan, &shy.uuid).await;
    assert_eq!(locked.data()["locked"], json!(1));
    assert!(!locked.json.to_string().contains(&clear));
    let (cards, _) = listed(&app, &fan, "liked/list", json!({})).await;
    assert_eq!(cards, ["shy"]);
    let liked = app.post("/api/v1/liked/list", json!({}), Some(&fan.token)).await;
    assert_eq!(liked.data()["likes"][0]["locked"], json!(1));
    assert!(!liked.json.to_string().contains(&clear), "{}", liked.json);

    like(&app, &shy, &fan).await;
    let seen = public_profile(&app, &fan, &shy.uuid).await;
    assert_eq!(seen.data()["locked"], json!(0));
    assert!(seen.json.to_string().contains(&clear));
    let mutual = app.post("/api/v1/mutualliked/list", json!({}), Some(&fan.token)).await;
    assert_eq!(mutual.data()["likes"][0]["photo"], json!(clear));
    let mut pooled = app.state.db.get().await.unwrap();
    let bought = payments::api::owned(&mut pooled.conn(), fan.id, "profile_unlock", &[shy.id.get()]).await.unwrap();
    assert!(bought.is_empty(), "nothing was charged");
}

}
