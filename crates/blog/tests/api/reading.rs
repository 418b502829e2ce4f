use super::*;

platform::engine_tests! { spawn_app;

async fn an_author_who_protects_their_photos_shows_a_blurred_avatar_to_others(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let reader = signed_in_user(&app, "reader", Role::User).await;
    let avatar = "uploads/avatar/ab/painted.jpg";
    {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::set_display(&mut pooled.conn(), author.id, "作者", avatar, 0).await.unwrap();
    }
    let id = write(&app, &author, article("看得见的头像")).await;
    let seen = app.post("/api/v1/blog/list", json!({}), None).await;
    assert_eq!(seen.data()["blogs"][0]["avatar"], json!(avatar), "without protection the avatar is clear");

    let protected = app.post("/api/v1/user/profile/update", json!({"photoProtection": 1}), Some(&author.token)).await;
    assert_eq!(protected.status, 200, "{}", protected.json);
    let blurred = platform::files::blurred_path(avatar).unwrap();
    for token in [None, Some(reader.token.as_str())] {
        let listed = app.post("/api/v1/blog/list", json!({}), token).await;
        assert_eq!(listed.data()["blogs"][0]["avatar"], json!(blurred), "{}", listed.json);
        let opened = app.get(&format!("/api/v1/blog/{id}"), token).await;
        assert_eq!(opened.data()["avatar"], json!(blurred), "{}", opened.json);
        assert!(!opened.json.to_string().contains(avatar), "{}", opened.json);
    }
    let own = app.get(&format!("/api/v1/blog/{id}"), Some(&author.token)).await;
    assert_eq!(own.data()["avatar"], json!(avatar), "the author sees their own");
}

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
    accept(&app, &coauthor, id).await;
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
    let friend = signed_in_user(&app, "friend", Role::User).await;
    let mut body = article("完整的文章");
    body["authors"] = json!(["friend"]);
    body["twitterAuthor"] = json!("@xinqiao");
    body["tags"] = json!(["Rust", "交友"]);
    let id = write(&app, &author, body).await;
    accept(&app, &friend, id).await;
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
}

async fn list_searches_by_the_first_20_characters_of_a_longer_keyword(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let twenty = "一二三四五六七八九十一二三四五六七八九十";
    write(&app, &author, article(twenty)).await;
    let response = app.post("/api/v1/blog/list", json!({"keyword": format!("{twenty}之后的字不算")}), None).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.data()["blogs"][0]["title"], json!(twenty));
}

async fn list_returns_the_first_page_when_the_body_is_left_out(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    for n in 0..10 {
        write(&app, &author, article(&format!("文章{n:02}"))).await;
    }
    let no_body = TestRequest::post().uri("/api/v1/blog/list");
    let empty_json = TestRequest::post()
        .uri("/api/v1/blog/list")
        .insert_header(("content-type", "application/json"))
        .set_payload("");
    for request in [no_body, empty_json] {
        let response = app.send(request).await;
        assert_eq!(response.status, 200, "{}", response.json);
        assert_eq!(response.data()["blogs"].as_array().unwrap().len(), 9);
        assert_eq!(response.data()["total"], json!(10));
    }
    let mine = app.send(with_token(TestRequest::post().uri("/api/v1/blog/list/my"), Some(&author.token))).await;
    assert_eq!(mine.data()["blogs"].as_array().unwrap().len(), 10, "{}", mine.json);
}

async fn lists_return_400_when_the_body_is_not_a_page_request(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    write(&app, &author, article("一篇文章")).await;
    for path in ["/api/v1/blog/list", "/api/v1/blog/list/my", "/api/v1/blog/tag/list", "/api/v1/blog/category/list"] {
        let malformed = TestRequest::post()
            .uri(path)
            .insert_header(("content-type", "application/json"))
            .set_payload("{\"page\": ");
        let response = app.send(with_token(malformed, Some(&author.token))).await;
        assert_eq!((response.status, response.code()), (400, 400), "{path}: {}", response.json);
        let wrong_type = app.post(path, json!({"page": "二"}), Some(&author.token)).await;
        assert_eq!(wrong_type.status, 400, "{path}: {}", wrong_type.json);
    }
}

async fn tag_and_category_lists_show_only_what_the_caller_may_read(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let coauthor = signed_in_user(&app, "coauthor", Role::User).await;
    let stranger = signed_in_user(&app, "stranger", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let mut public = article("公开的文章");
    public["tags"] = json!(["公开标签"]);
    public["categories"] = json!(["公开分类"]);
    let public_id = write(&app, &author, public).await;
    let mut draft = article("合写的草稿");
    draft["isPublished"] = json!(0);
    draft["authors"] = json!(["coauthor"]);
    draft["tags"] = json!(["草稿标签", "公开标签"]);
    draft["categories"] = json!(["草稿分类"]);
    let draft_id = write(&app, &author, draft).await;
    accept(&app, &coauthor, draft_id).await;

    // (list field, item field): the names sorted, as the engines' collations differ.
    let labels = |path: &'static str, (list, item): (&'static str, &'static str), token: Option<String>| {
        let app = &app;
        async move {
            let response = app.post(path, json!({"page": 1, "pageSize": 100}), token.as_deref()).await;
            assert_eq!(response.status, 200, "{}", response.json);
            let mut names: Vec<String> = response.data()[list]
                .as_array()
                .unwrap()
                .iter()
                .map(|entry| entry[item].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(response.data()["total"], json!(names.len()));
            names.sort();
            names
        }
    };
    let tags = |token| labels("/api/v1/blog/tag/list", ("tags", "tag"), token);
    let categories = |token| labels("/api/v1/blog/category/list", ("categories", "category"), token);
    for reader in [None, Some(stranger.token.clone())] {
        assert_eq!(tags(reader.clone()).await, vec!["公开标签"]);
        assert_eq!(categories(reader).await, vec!["公开分类"]);
    }
    for reader in [&author, &coauthor, &admin] {
        assert_eq!(tags(Some(reader.token.clone())).await, vec!["公开标签", "草稿标签"], "{}", reader.username);
        assert_eq!(categories(Some(reader.token.clone())).await, vec!["公开分类", "草稿分类"], "{}", reader.username);
    }

    let deleted = app.post("/api/v1/blog/delete", json!({"id": public_id}), Some(&author.token)).await;
    assert_eq!(deleted.status, 200);
    assert!(tags(None).await.is_empty(), "a deleted article's tags go with it");
    assert!(categories(None).await.is_empty());
}


async fn get_returns_400_without_parser_text_when_the_id_is_not_a_64_bit_integer(app) {
    for id in ["9223372036854775808", "-9223372036854775809", "abc", "1.5"] {
        let response = app.get(&format!("/api/v1/blog/{id}"), None).await;
        assert_eq!(response.status, 400, "{id}: {}", response.json);
        assert_eq!(response.json, json!({"code": 400, "message": "路径参数格式错误", "data": null}), "{id}");
    }
}

async fn lists_read_a_null_body_as_the_first_page(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    write(&app, &author, article("一篇文章")).await;
    for path in ["/api/v1/blog/list", "/api/v1/blog/list/my", "/api/v1/blog/tag/list", "/api/v1/blog/category/list"] {
        let response = app.post(path, Value::Null, Some(&author.token)).await;
        assert_eq!(response.status, 200, "{path}: {}", response.json);
        assert_eq!(response.data()["total"], json!(1), "{path}");
    }
}

}
