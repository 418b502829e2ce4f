use super::*;

platform::engine_tests! { spawn_app;

async fn create_returns_400_with_the_spec_text_for_each_rule(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let cases = [
        ("title", json!(""), "请输入标题"),
        ("title", json!("短"), "长度在 3 到 100 个字符"),
        ("title", json!("长".repeat(101)), "长度在 3 到 100 个字符"),
        ("content", json!("  "), "请输入内容"),
        ("content", json!("太短了"), "内容至少需要 10 个字符"),
        ("summary", json!("摘".repeat(501)), "摘要不能超过 500 个字符"),
        ("tags", json!(["很长很长很长很长很长很长很长很长很长很长的标签"]), "标签不能超过 20 个字符"),
        ("tags", json!((0..11).map(|n| format!("t{n}")).collect::<Vec<_>>()), "标签最多 10 个"),
        ("tags", json!(vec!["同一个"; 11]), "标签最多 10 个"),
        ("categories", json!((0..6).map(|n| format!("c{n}")).collect::<Vec<_>>()), "分类最多 5 个"),
        ("authors", json!(["nobody_here"]), "作者 nobody_here 不存在"),
        ("banner", json!("uploads/banner/ab/not-mine.jpg"), "封面图片不存在或不是你上传的，请重新上传"),
    ];
    for (field, value, message) in cases {
        let mut body = article("有效的标题");
        body[field] = value.clone();
        let response = create(&app, &author, body).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&author.token)).await.is_empty(), "nothing was created");
}

async fn create_returns_400_when_required_text_is_only_zero_width_characters(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let invisible = "\u{200B}\u{FEFF}\u{2060}";
    let cases = [
        ("title", json!(invisible), "请输入标题"),
        ("title", json!(format!("{invisible}标题{invisible}")), "长度在 3 到 100 个字符"),
        ("content", json!(invisible.repeat(5)), "请输入内容"),
        ("content", json!(format!("{invisible}只有五个字{invisible}")), "内容至少需要 10 个字符"),
    ];
    for (field, value, message) in cases {
        let mut body = article("有效的标题");
        body[field] = value.clone();
        let response = create(&app, &author, body).await;
        assert_eq!((response.status, response.message()), (400, message), "{field}={value}");
    }
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&author.token)).await.is_empty(), "nothing was created");
}

async fn zero_width_characters_around_optional_text_are_dropped(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let mut body = article("\u{200B}有效的标题\u{FEFF}");
    body["summary"] = json!("\u{200B}\u{FEFF}");
    body["tags"] = json!(["\u{200B}", "交友\u{200B}", "交友"]);
    body["categories"] = json!(["\u{2060}"]);
    let id = write(&app, &author, body).await;
    let saved = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!(saved.data()["title"], json!("有效的标题"));
    assert_eq!(saved.data()["summary"], json!(""));
    assert_eq!(saved.data()["tags"], json!(["交友"]));
    assert_eq!(saved.data()["categories"], json!([]));
    let tags = app.post("/api/v1/blog/tag/list", json!({}), None).await;
    assert_eq!(tags.data()["tags"].as_array().unwrap().len(), 1, "{}", tags.json);
}

async fn create_needs_a_signed_in_member(app) {
    assert_eq!(app.post("/api/v1/blog/create", article("游客的文章"), None).await.status, 401);
}

async fn update_replaces_fields_tags_and_authors(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let helper = signed_in_user(&app, "helper", Role::User).await;
    let id = write(&app, &author, article("原来的标题")).await;
    let mut body = article("新的标题");
    body["id"] = json!(id);
    body["tags"] = json!(["新标签"]);
    body["authors"] = json!("author, helper");
    body["isPublished"] = json!(0);
    let response = app.post("/api/v1/blog/update", body, Some(&author.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    let saved = app.get(&format!("/api/v1/blog/{id}"), Some(&author.token)).await;
    assert_eq!(saved.data()["title"], json!("新的标题"));
    assert_eq!(saved.data()["tags"], json!(["新标签"]));
    assert_eq!(saved.data()["authors"], json!(["author"]), "helper is invited, not an author yet");
    assert_eq!(saved.data()["invitedAuthors"], json!(["helper"]));
    assert_eq!(saved.data()["isPublished"], json!(0));
    accept(&app, &helper, id).await;
    let saved = app.get(&format!("/api/v1/blog/{id}"), Some(&author.token)).await;
    assert_eq!(saved.data()["authors"], json!(["author", "helper"]));
    assert_eq!(saved.data()["invitedAuthors"], json!([]));
}

async fn update_keeps_the_authors_when_they_are_left_out(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let coauthor = signed_in_user(&app, "coauthor", Role::User).await;
    let mut body = article("合写的文章");
    body["authors"] = json!(["coauthor"]);
    let id = write(&app, &author, body).await;
    accept(&app, &coauthor, id).await;
    let mut body = article("合写者改过的标题");
    body["id"] = json!(id);
    let response = app.post("/api/v1/blog/update", body, Some(&coauthor.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    let saved = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!(saved.data()["title"], json!("合写者改过的标题"));
    assert_eq!(saved.data()["authors"], json!(["author", "coauthor"]));
}

async fn update_returns_400_when_the_id_is_missing(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    write(&app, &author, article("原来的标题")).await;
    let response = app.post("/api/v1/blog/update", article("新的标题"), Some(&author.token)).await;
    assert_eq!(response.status, 400, "{}", response.json);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["原来的标题"]);
}

async fn new_tags_and_categories_are_created_once_whatever_their_case(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let mut first = article("第一篇");
    first["tags"] = json!(["Rust", " rust ", "恋爱"]);
    first["categories"] = json!(["技术"]);
    write(&app, &author, first).await;
    let mut second = article("第二篇");
    second["tags"] = json!(["RUST"]);
    second["categories"] = json!(["技术", "生活"]);
    let id = write(&app, &author, second).await;

    let tags = app.post("/api/v1/blog/tag/list", json!({"page": 1, "pageSize": 100}), None).await;
    let names: Vec<&str> = tags.data()["tags"].as_array().unwrap().iter().map(|t| t["tag"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Rust", "恋爱"], "one row per tag, in the first spelling");
    let categories = app.post("/api/v1/blog/category/list", json!({"page": 1, "pageSize": 100}), None).await;
    assert_eq!(categories.data()["total"], json!(2));
    let second = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!(second.data()["tags"], json!(["Rust"]), "the first spelling is kept");
}

async fn concurrent_saves_with_the_same_new_tag_make_one_tag(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let saves = (0..6).map(|n| {
        let mut body = article(&format!("并发文章{n}"));
        body["tags"] = json!(["同时创建"]);
        body["categories"] = json!(["并发"]);
        create(&app, &author, body)
    });
    for response in futures_util::future::join_all(saves).await {
        assert_eq!(response.status, 200, "{}", response.json);
    }
    let tags = app.post("/api/v1/blog/tag/list", json!({}), None).await;
    assert_eq!(tags.data()["total"], json!(1));
    let categories = app.post("/api/v1/blog/category/list", json!({}), None).await;
    assert_eq!(categories.data()["total"], json!(1));
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await.len(), 6);
}


async fn an_article_s_banner_outlives_the_sweep_of_unused_uploads(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let banner = uploaded_banner(&app, &author).await;
    let unused = uploaded_banner(&app, &author).await;
    let mut body = article("带封面的文章");
    body["banner"] = json!(banner);
    let id = write(&app, &author, body).await;

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
    sweep_uploads(&app).await;
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), None).await.data()["banner"], json!(banner));
    assert_eq!(served_status(&app, &banner).await, 200);
    assert_eq!(served_status(&app, &unused).await, 404);
}

async fn create_returns_400_with_a_chinese_sentence_when_the_body_is_an_empty_object(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let response = create(&app, &author, json!({})).await;
    assert_eq!(response.status, 400, "{}", response.json);
    assert_eq!(response.json, json!({"code": 400, "message": "请输入标题", "data": null}));
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&author.token)).await.is_empty(), "nothing was created");
}

}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}

async fn served_status(app: &TestApp, path: &str) -> u16 {
    app.get(&format!("/api/v1/{path}"), None).await.status
}
