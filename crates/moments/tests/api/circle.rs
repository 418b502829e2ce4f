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

// eve blacklisted mallory; cat's public moment is where they meet.
platform::engine_tests! { spawn_app;

async fn a_blacklisted_pair_sees_nothing_of_each_other_in_a_third_members_thread(app) {
    let eve = signed_in_user(&app, "eve", Role::User).await;
    let mallory = signed_in_user(&app, "mallory", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    let moment = publish(&app, &cat, "cat 的动态", "public").await;
    let by_eve = last_comment_id(&comment(&app, &eve, moment, 0, "eve 说").await);
    let by_mallory = last_comment_id(&comment(&app, &mallory, moment, 0, "mallory 说").await);
    let cats_reply = last_comment_id(&comment(&app, &cat, moment, by_eve, "cat 回 eve").await);
    for (who, what) in [(&eve, "/api/v1/moment/like"), (&mallory, "/api/v1/moment/like")] {
        let liked = app.post(what, json!({"momentId": moment}), Some(&who.token)).await;
        assert_eq!(liked.status, 200, "{}", liked.json);
    }
    relate(&app, &eve, "/api/v1/user/blacklist/add", &mallory).await;

    for (viewer, other, others_comment) in [(&mallory, &eve, by_eve), (&eve, &mallory, by_mallory)] {
        let name = &other.username;
        let item = member_feed(&app, viewer, 0).await.into_iter().find(|m| m["momentId"] == moment).unwrap();
        let thread = parsed(&item["comments"]);
        assert!(thread.iter().all(|c| c["Nickname"] != json!(name) && c["ParentNickname"] != json!(name)), "{name} hidden: {thread:?}");
        assert!(parsed(&item["likes"]).iter().all(|l| l["nickname"] != json!(name)));
        assert_eq!(item["commentCount"], json!(thread.len()));
        let reply = comment(&app, viewer, moment, others_comment, "回复").await;
        assert_eq!(reply.status, 400, "a reply to the other's comment: {}", reply.json);
        assert_eq!(reply.message(), "回复的评论不存在或不属于这条动态");
        let removal = delete_comment(&app, viewer, others_comment).await;
        assert_eq!(removal.status, 404, "{}", removal.json);
        let mut pooled = app.state.db.get().await.unwrap();
        let described = moments::api::describe_comment(&mut pooled.conn(), others_comment, Some(viewer.id)).await.unwrap();
        assert!(described.is_none(), "nor can {} report it", viewer.username);
    }
    let item = member_feed(&app, &mallory, 0).await.into_iter().find(|m| m["momentId"] == moment).unwrap();
    let thread = parsed(&item["comments"]);
    let reply = thread.iter().find(|c| c["CommentId"] == json!(cats_reply)).unwrap();
    assert_eq!(reply["ParentNickname"], json!(""), "cat's reply stays, without eve's name");

    // cat, a third member, still sees both.
    let item = member_feed(&app, &cat, 0).await.into_iter().find(|m| m["momentId"] == moment).unwrap();
    assert_eq!(parsed(&item["comments"]).len(), 3);
    assert_eq!(parsed(&item["likes"]).len(), 2);

    // Taken off the blacklist, they see each other again.
    relate(&app, &eve, "/api/v1/user/blacklist/del", &mallory).await;
    let item = member_feed(&app, &mallory, 0).await.into_iter().find(|m| m["momentId"] == moment).unwrap();
    assert_eq!(parsed(&item["comments"]).len(), 3);
}

async fn the_guest_list_with_a_token_leaves_out_members_blacklisted_either_way(app) {
    let eve = signed_in_user(&app, "eve", Role::User).await;
    let mallory = signed_in_user(&app, "mallory", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    for n in 0..12 {
        publish(&app, &eve, &format!("eve 的动态 {n}"), "public").await;
    }
    publish(&app, &cat, "cat 的动态", "public").await;
    publish(&app, &mallory, "mallory 的动态", "public").await;
    relate(&app, &eve, "/api/v1/user/blacklist/add", &mallory).await;

    let as_member = async |who: &TestUser, from_id: i64| {
        let response = app.post("/api/v1/moment/guest/list", json!({"fromId": from_id}), Some(&who.token)).await;
        assert_eq!(response.status, 200, "{}", response.json);
        response.data()["moments"].as_array().unwrap().clone()
    };
    assert_eq!(every_page(async |from| as_member(&mallory, from).await).await, ["mallory 的动态", "cat 的动态"]);
    let eves_view = every_page(async |from| as_member(&eve, from).await).await;
    assert!(!eves_view.iter().any(|c| c.starts_with("mallory")), "{eves_view:?}");
    assert_eq!(eves_view.len(), 13);
    assert_eq!(every_page(async |from| as_member(&cat, from).await).await.len(), 14);
    assert_eq!(every_page(async |from| guest_feed(&app, from).await).await.len(), 14, "guests see every public moment");
}

}
