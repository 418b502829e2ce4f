use super::*;

platform::engine_tests! { spawn_app;

async fn guests_and_strangers_see_public_moments_and_authors_see_all_their_own(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    publish(&app, &author, "公开", "public").await;
    publish(&app, &author, "好友可见", "friends").await;
    publish(&app, &author, "仅自己", "private").await;

    assert_eq!(contents(&guest_feed(&app, 0).await), vec!["公开"]);
    assert_eq!(contents(&member_feed(&app, &stranger, 0).await), vec!["公开"]);
    assert_eq!(contents(&member_feed(&app, &author, 0).await), vec!["仅自己", "好友可见", "公开"]);
}

async fn every_member_a_page_names_is_named_on_every_page(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let oldest = publish(&app, &author, "最早", "public").await;
    let own = publish(&app, &author, "仅自己", "private").await;
    for n in 0..10 {
        publish(&app, &author, &format!("第{n}条"), "public").await;
    }
    app.post("/api/v1/moment/like", json!({"momentId": oldest}), Some(&fan.token)).await;
    let body = json!({"momentId": oldest, "content": "沙发", "parentId": 0});
    app.post("/api/v1/comment/create", body, Some(&fan.token)).await;
    app.post("/api/v1/moment/like", json!({"momentId": own}), Some(&author.token)).await;
    let body = json!({"momentId": own, "content": "备忘", "parentId": 0});
    app.post("/api/v1/comment/create", body, Some(&author.token)).await;

    // The oldest moment is on the second page, past ten newer ones.
    let second_page = guest_feed(&app, guest_feed(&app, 0).await[9]["momentId"].as_i64().unwrap()).await;
    assert_eq!(contents(&second_page), vec!["最早"]);
    assert_eq!(second_page[0]["nickName"], json!("author"));
    assert_eq!(parsed(&second_page[0]["likes"]), vec![json!({"uuid": fan.uuid, "nickname": "fan"})]);
    assert_eq!(parsed(&second_page[0]["comments"])[0]["Nickname"], json!("fan"));

    let mine = member_feed(&app, &author, oldest + 2).await;
    assert_eq!(contents(&mine), vec!["仅自己", "最早"]);
    assert_eq!(parsed(&mine[0]["likes"]), vec![json!({"uuid": author.uuid, "nickname": "author"})]);
    assert_eq!(parsed(&mine[0]["comments"])[0]["Nickname"], json!("author"));
    assert_eq!(parsed(&mine[1]["likes"])[0]["nickname"], json!("fan"));
}

async fn the_member_list_needs_a_token(app) {
    let response = app.post("/api/v1/moment/list", json!({"fromId": 0}), None).await;
    assert_eq!(response.status, 401);
}

async fn paging_walks_the_feed_newest_first_without_gaps_or_repeats(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    for n in 0..23 {
        publish(&app, &author, &format!("第{n}条"), "public").await;
    }
    let seen = every_page(async |from_id| guest_feed(&app, from_id).await).await;
    let expected: Vec<String> = (0..23).rev().map(|n| format!("第{n}条")).collect();
    assert_eq!(seen, expected);
}

async fn guest_pages_asked_at_once_each_get_their_own_window(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let mut ids = Vec::new();
    for n in 0..30 {
        ids.push(publish(&app, &author, &format!("第{n}条"), "public").await);
    }
    // Newest and deeper pages of 10 and of 15, each asked five times, all at once: on
    // PostgreSQL a worker's guest pages are one batched lookup (see `feed_page`), each window
    // one statement of it.
    let windows = [(0, 10), (0, 15), (ids[20], 10), (ids[12], 15), (ids[3], 10)];
    let page = async |(from_id, size): (i64, usize)| {
        let body = json!({"fromId": from_id, "pageSize": size});
        let response = app.post("/api/v1/moment/guest/list", body, None).await;
        assert_eq!(response.status, 200, "{}", response.json);
        contents(response.data()["moments"].as_array().unwrap()).into_iter().map(str::to_owned).collect::<Vec<_>>()
    };
    let asked: Vec<(i64, usize)> = (0..5).flat_map(|_| windows).collect();
    let pages = futures_util::future::join_all(asked.iter().map(|window| page(*window))).await;
    for (&(from_id, size), seen) in asked.iter().zip(pages) {
        let below = ids.iter().rposition(|id| *id < from_id).map_or(ids.len(), |at| at + 1);
        let expected: Vec<String> = (0..below).rev().take(size).map(|n| format!("第{n}条")).collect();
        assert_eq!(seen, expected, "fromId {from_id}, pageSize {size}");
    }
}

async fn page_size_is_kept_between_ten_and_twenty(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    for n in 0..25 {
        publish(&app, &author, &format!("m{n}"), "public").await;
    }
    for (asked, got) in [(1, 10), (15, 15), (100, 20)] {
        let response = app.post("/api/v1/moment/guest/list", json!({"fromId": 0, "pageSize": asked}), None).await;
        assert_eq!(response.data()["moments"].as_array().unwrap().len(), got, "asked {asked}");
    }
}

async fn a_feed_item_has_exactly_the_fields_of_the_moment_entity(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let path = upload(&app, &author).await;
    let response = post_moment(&app, &author, json!({"content": "今天天气真好", "images": [path]})).await;
    let moment_id = response.data()["momentId"].as_i64().unwrap();
    app.post("/api/v1/moment/like", json!({"momentId": moment_id}), Some(&fan.token)).await;
    app.post("/api/v1/comment/create", json!({"momentId": moment_id, "content": "真好", "parentId": 0}), Some(&fan.token)).await;

    let feed = member_feed(&app, &fan, 0).await;
    insta::assert_json_snapshot!("body", feed[0], {
        ".momentId" => "[id]",
        ".user.uuid" => "[uuid]",
        ".images[0]" => insta::dynamic_redaction(|value, _| {
            assert!(value.as_str().unwrap().starts_with("uploads/moment/"));
            "[path]"
        }),
        ".likes" => "[likes]",
        ".comments" => "[comments]",
    });
    assert_eq!(feed[0]["isLiked"], json!(true));
    assert_eq!(parsed(&feed[0]["likes"])[0]["nickname"], json!("fan"));
    assert_eq!(parsed(&feed[0]["comments"])[0]["Content"], json!("真好"));
    assert_eq!(member_feed(&app, &author, 0).await[0]["isLiked"], json!(false));
}

}

platform::engine_tests! { spawn_app;

async fn the_guest_feed_shows_every_change_at_once(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let fan = signed_in_user(&app, "fan", Role::User).await;
    let first = publish(&app, &author, "第一条", "public").await;
    assert_eq!(contents(&guest_feed(&app, 0).await), vec!["第一条"]);

    let second = publish(&app, &author, "第二条", "public").await;
    assert_eq!(contents(&guest_feed(&app, 0).await), vec!["第二条", "第一条"]);

    app.post("/api/v1/moment/like", json!({"momentId": first}), Some(&fan.token)).await;
    assert_eq!(guest_feed(&app, 0).await[1]["likeCount"], json!(1));

    let body = json!({"momentId": second, "content": "沙发", "parentId": 0});
    app.post("/api/v1/comment/create", body, Some(&fan.token)).await;
    assert_eq!(guest_feed(&app, 0).await[0]["commentCount"], json!(1));

    app.post("/api/v1/moment/delete", json!({"momentId": second}), Some(&author.token)).await;
    assert_eq!(contents(&guest_feed(&app, 0).await), vec!["第一条"]);
}

async fn a_post_is_seen_by_the_next_guest_read_on_every_worker(app) {
    const WORKERS: usize = 4;
    let server = app.serve(WORKERS);
    let client = server.client();
    let guest_page = |from_id: i64| {
        let request = client
            .post(server.url("/api/v1/moment/guest/list"))
            .json(&json!({"fromId": from_id, "pageSize": 10}));
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), 200);
            let body: Value = response.json().await.unwrap();
            body["data"]["moments"].as_array().unwrap().clone()
        }
    };
    // Every request comes on a new connection, so these reads reach every worker (and
    // would warm any per-worker copy of the feed) before the posts.
    for _ in 0..WORKERS * 4 {
        assert!(guest_page(0).await.is_empty());
    }

    let author = signed_in_user(&app, "author", Role::User).await;
    for n in 0..25 {
        let response = client
            .post(server.url("/api/v1/moment/create"))
            .bearer_auth(&author.token)
            .json(&json!({"content": format!("第{n}条"), "visibility": "public"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }

    // A guest walks the feed page by page, each page possibly from another worker; then
    // every worker in turn shows the newest page.
    let mut seen = Vec::new();
    let mut from_id = 0;
    loop {
        let page = guest_page(from_id).await;
        let Some(oldest) = page.iter().filter_map(|m| m["momentId"].as_i64()).min() else {
            break;
        };
        seen.extend(contents(&page).into_iter().map(str::to_owned));
        from_id = oldest;
    }
    let expected: Vec<String> = (0..25).rev().map(|n| format!("第{n}条")).collect();
    assert_eq!(seen, expected);
    for _ in 0..WORKERS * 4 {
        assert_eq!(contents(&guest_page(0).await)[0], "第24条");
    }
}

async fn a_wrong_method_on_a_known_path_is_a_405_naming_the_allowed_one(app) {
    let wrong = app.get("/api/v1/moment/list", None).await;
    assert_eq!((wrong.status, wrong.message()), (405, "请求方法不被允许"));
    assert_eq!(wrong.header("allow"), Some("POST"));
    let served = app.send(TestRequest::delete().uri("/api/v1/uploads/moment/a.jpg")).await;
    assert_eq!((served.status, served.header("allow")), (405, Some("GET")));
    let unknown = app.get("/api/v1/moment/nowhere", None).await;
    assert_eq!((unknown.status, unknown.message()), (404, "接口不存在"));
}

async fn a_body_of_the_wrong_shape_is_a_400_without_parser_internals(app) {
    let wrong_type = app.post("/api/v1/moment/guest/list", json!({"fromId": "latest"}), None).await;
    assert_eq!((wrong_type.status, wrong_type.message()), (400, "请求参数格式错误：「起始编号」类型或取值不正确"));
    let author = signed_in_user(&app, "author", Role::User).await;
    let missing = app.post("/api/v1/moment/like", json!({}), Some(&author.token)).await;
    assert_eq!((missing.status, missing.message()), (400, "请求参数格式错误：缺少「动态编号」"));
}

}

platform::engine_tests! { spawn_app;

async fn feed_cards_carry_the_place_and_the_profile_and_respect_photo_protection(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let viewer = signed_in_user(&app, "viewer", Role::User).await;
    let avatar = "uploads/avatar/ab/painted.jpg";
    {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::set_display(&mut pooled.conn(), author.id, "作者", avatar, 0).await.unwrap();
    }
    let saved = app
        .post("/api/v1/user/profile/update", json!({
            "gender": "female", "birthday": 19960521, "height": 163, "occupation": "老师",
            "education": "本科", "province": "33", "city": "3301", "photoProtection": 1,
        }), Some(&author.token))
        .await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    post_moment(&app, &author, json!({"content": "西湖边", "province": "浙江省", "city": "杭州市", "landmark": "断桥"})).await;

    let seen = &guest_feed(&app, 0).await[0];
    assert_eq!((seen["landmark"].clone(), seen["city"].clone()), (json!("断桥"), json!("杭州市")));
    let user = &seen["user"];
    assert_eq!(
        (user["birthyear"].clone(), user["sex"].clone(), user["height"].clone(), user["city"].clone(), user["occupation"].clone(), user["education"].clone()),
        (json!(1996), json!(2), json!(163), json!("杭州市"), json!("老师"), json!("本科"))
    );
    let blurred = platform::files::blurred_path(avatar).unwrap();
    assert!(blurred.starts_with("uploads/avatar/ab/") && blurred.ends_with("_blur.jpg"), "{blurred}");
    assert_eq!(seen["avatar"], json!(blurred), "a guest sees the blurred avatar");
    assert_eq!(member_feed(&app, &viewer, 0).await[0]["avatar"], json!(blurred));
    assert_eq!(member_feed(&app, &author, 0).await[0]["avatar"], json!(avatar), "the author sees their own");
}

}
