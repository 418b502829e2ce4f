use super::*;

platform::engine_tests! { spawn_app;

async fn the_public_list_shows_published_articles_newest_first(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    write(&app, &author, article("第一篇文章")).await;
    let mut draft = article("还是草稿");
    draft["isPublished"] = json!(0);
    write(&app, &author, draft).await;
    write(&app, &author, article("第二篇文章")).await;

    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["第二篇文章", "第一篇文章"]);
    let page = app.post("/api/v1/blog/list", json!({"page": 2, "pageSize": 1}), None).await;
    assert_eq!(page.data()["total"], json!(2));
    assert_eq!(page.data()["blogs"][0]["title"], json!("第一篇文章"));
}

async fn an_empty_body_lists_the_first_page_of_nine(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    for n in 0..11 {
        write(&app, &author, article(&format!("文章{n:02}"))).await;
    }
    let response = app.post("/api/v1/blog/list", json!({}), None).await;
    assert_eq!(response.data()["blogs"].as_array().unwrap().len(), 9);
    assert_eq!(response.data()["total"], json!(11));
}

async fn a_draft_is_visible_to_its_authors_and_admins_only(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let coauthor = signed_in_user(&app, "coauthor", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let mut draft = article("合写的草稿");
    draft["isPublished"] = json!(0);
    draft["authors"] = json!("coauthor");
    let id = write(&app, &author, draft).await;
    let path = format!("/api/v1/blog/{id}");

    for reader in [&author, &coauthor, &admin] {
        assert_eq!(app.get(&path, Some(&reader.token)).await.status, 200, "{}", reader.username);
    }
    let hidden = app.get(&path, Some(&stranger.token)).await;
    assert_eq!((hidden.status, hidden.message()), (404, "文章不存在或已被删除"));
    assert_eq!(app.get(&path, None).await.status, 404);

    assert_eq!(titles(&app, "/api/v1/blog/list/my", Some(&coauthor.token)).await, vec!["合写的草稿"]);
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&stranger.token)).await.is_empty());
    assert_eq!(titles(&app, "/api/v1/blog/list/my", Some(&admin.token)).await, vec!["合写的草稿"]);
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());
}

async fn an_article_has_every_field_of_the_blog_entity(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    signed_in_user(&app, "friend", Role::User).await;
    let mut body = article("完整的文章");
    body["authors"] = json!(["friend"]);
    body["twitterAuthor"] = json!("@xinqiao");
    body["tags"] = json!(["Rust", "交友"]);
    let id = write(&app, &author, body).await;
    let response = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!(response.data()["authors"], json!(["author", "friend"]), "the creator is always an author");
    assert_eq!(response.data()["authorId"], json!(author.uuid));
    insta::assert_json_snapshot!("body", response.data(), { ".id" => "[id]", ".authorId" => "[uuid]" });
}

async fn stored_markup_comes_back_verbatim_as_data(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let payload = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    let body = json!({
        "title": format!("标题{payload}"),
        "summary": payload,
        "content": format!("正文 {payload} [x](javascript:alert(3))"),
        "tags": ["<b onclick=x()>"],
        "isPublished": 1,
    });
    let id = write(&app, &author, body).await;
    let response = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!(response.header("content-type"), Some("application/json"));
    assert_eq!(response.data()["title"], json!(format!("标题{payload}")));
    assert_eq!(response.data()["summary"], json!(payload));
    assert_eq!(response.data()["content"], json!(format!("正文 {payload} [x](javascript:alert(3))")));
    assert_eq!(response.data()["tags"], json!(["<b onclick=x()>"]));
}

}

platform::engine_tests! { spawn_app;

async fn the_public_list_searches_titles_and_summaries(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    write(&app, &author, article("Rust 与恋爱")).await;
    let mut by_summary = article("周末的约会");
    by_summary["summary"] = json!("一起学 RUST 的周末");
    write(&app, &author, by_summary).await;
    write(&app, &author, article("100% 真诚")).await;
    let mut draft = article("草稿里的 Rust");
    draft["isPublished"] = json!(0);
    write(&app, &author, draft).await;

    let search = |keyword: &str| {
        let body = json!({"page": 1, "pageSize": 9, "keyword": keyword});
        let app = &app;
        async move {
            let response = app.post("/api/v1/blog/list", body, None).await;
            let titles: Vec<String> = response.data()["blogs"]
                .as_array()
                .map(|blogs| blogs.iter().map(|b| b["title"].as_str().unwrap().to_owned()).collect())
                .unwrap_or_default();
            (response.status, titles)
        }
    };
    assert_eq!(search("rust").await, (200, vec!["周末的约会".to_owned(), "Rust 与恋爱".to_owned()]));
    assert_eq!(search("%").await, (200, vec!["100% 真诚".to_owned()]), "% is a character, not a wildcard");
    assert_eq!(search("不存在的词").await, (200, vec![]));
    let too_long = app.post("/api/v1/blog/list", json!({"keyword": "字".repeat(21)}), None).await;
    assert_eq!((too_long.status, too_long.message()), (400, "搜索内容不能超过 20 个字符"));
}

}
