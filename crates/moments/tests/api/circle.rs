use super::*;

async fn relate(app: &TestApp, user: &TestUser, path: &str, target: &TestUser) {
    let response = app
        .post(path, json!({"targetUuid": target.uuid}), Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
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

async fn friends_see_each_others_protected_avatars_clear_in_the_feed(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let friend = signed_in_user(&app, "friend", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let avatar = app.upload("/api/v1/upload?purpose=avatar", &png(40, 30), Some(&author.token)).await;
    assert_eq!(avatar.status, 200, "{}", avatar.json);
    let avatar = avatar.message();
    let saved = app
        .post("/api/v1/user/profile/update", json!({"avatar": avatar, "photoProtection": 1}), Some(&author.token))
        .await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    profile::api::pass_all_waiting(&app.state, author.id).await.unwrap();
    publish(&app, &author, "公开的", "public").await;
    relate(&app, &author, "/api/v1/user/like", &friend).await;
    relate(&app, &friend, "/api/v1/user/like", &author).await;

    let avatar_seen_by = async |viewer: &TestUser| {
        let page = member_feed(&app, viewer, 0).await;
        page[0]["avatar"].as_str().unwrap().to_owned()
    };
    let clear = avatar_seen_by(&friend).await;
    assert!(!clear.is_empty() && !clear.contains("_blur"), "a friend sees it clear: {clear}");
    assert_eq!(avatar_seen_by(&author).await, clear);
    let locked = avatar_seen_by(&stranger).await;
    assert!(locked.contains("_blur"), "a stranger sees it blurred: {locked}");
}

async fn a_members_pages_merge_public_own_and_friends_moments_newest_first(app) {
    let me = signed_in_user(&app, "reader", Role::User).await;
    let friend = signed_in_user(&app, "friend", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    relate(&app, &me, "/api/v1/user/like", &friend).await;
    relate(&app, &friend, "/api/v1/user/like", &me).await;
    let mut expected = Vec::new();
    for n in 0..27 {
        let (author, visibility, shown) = match n % 4 {
            0 => (&me, "private", true),
            1 => (&friend, "friends", true),
            2 => (&stranger, "public", true),
            _ => (&stranger, "friends", false),
        };
        let content = format!("第{n}条");
        publish(&app, author, &content, visibility).await;
        if shown {
            expected.push(content);
        }
    }
    expected.reverse();
    let seen = every_page(async |from_id| member_feed(&app, &me, from_id).await).await;
    assert_eq!(seen, expected);
}

async fn a_members_pages_are_exact_where_their_own_and_friends_moments_bunch_up(app) {
    // Runs longer than a page of one kind, at the bottom and in the middle of the feed: a
    // page's own and friends' parts must reach as far as the page does and no further. The
    // second reader blacklists a member, whose page is read another way (one statement).
    let me = signed_in_user(&app, "reader", Role::User).await;
    let wary = signed_in_user(&app, "wary", Role::User).await;
    let friend = signed_in_user(&app, "friend", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    relate(&app, &me, "/api/v1/user/like", &friend).await;
    relate(&app, &friend, "/api/v1/user/like", &me).await;
    relate(&app, &wary, "/api/v1/user/blacklist/add", &stranger).await;
    let runs: [(&TestUser, &str, usize); 7] = [
        (&me, "private", 3),
        (&wary, "private", 2),
        (&stranger, "public", 13),
        (&me, "friends", 12),
        (&friend, "friends", 11),
        (&stranger, "public", 9),
        (&friend, "public", 4),
    ];
    let mut published: Vec<(String, &TestUser, &str)> = Vec::new();
    for (author, visibility, count) in runs {
        for _ in 0..count {
            let content = format!("第{}条", published.len());
            publish(&app, author, &content, visibility).await;
            published.push((content, author, visibility));
        }
    }
    let shown_to = |reader: &TestUser, friends: &[&TestUser], blocked: &[&TestUser]| -> Vec<String> {
        let mut shown: Vec<String> = published
            .iter()
            .filter(|(_, author, visibility)| {
                let is = |one: &&TestUser| one.uuid == author.uuid;
                !blocked.iter().any(is)
                    && (author.uuid == reader.uuid
                        || *visibility == "public"
                        || (*visibility == "friends" && friends.iter().any(is)))
            })
            .map(|(content, _, _)| content.clone())
            .collect();
        shown.reverse();
        shown
    };
    // Every page but the last is full: a short page reads as the feed's end.
    let pages_of = async |reader: &TestUser| -> Vec<Vec<String>> {
        let mut pages = Vec::new();
        let mut from_id = 0;
        loop {
            let page = member_feed(&app, reader, from_id).await;
            let Some(oldest) = page.iter().filter_map(|m| m["momentId"].as_i64()).min() else {
                return pages;
            };
            from_id = oldest;
            pages.push(contents(&page).into_iter().map(str::to_owned).collect());
        }
    };
    for (reader, expected) in [
        (&me, shown_to(&me, &[&friend], &[])),
        (&wary, shown_to(&wary, &[], &[&stranger])),
    ] {
        let pages = pages_of(reader).await;
        let sizes: Vec<usize> = pages.iter().map(Vec::len).collect();
        let full = expected.len() / 10;
        assert!(sizes[..full].iter().all(|&size| size == 10), "{}: {sizes:?}", reader.username);
        assert_eq!(pages.concat(), expected, "{}", reader.username);
    }
}

}
