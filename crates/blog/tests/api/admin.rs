use platform::paging::PageWindow;

use super::*;

const LIST: &str = "/api/v1/admin/blog/list";
const UPDATE: &str = "/api/v1/admin/blog/update";
const DELETE: &str = "/api/v1/admin/blog/delete";
const APPROVE: &str = "/api/v1/admin/blog/approve";

struct Cast {
    author: TestUser,
    reader: TestUser,
    admin: TestUser,
}

async fn cast(app: &TestApp) -> Cast {
    Cast {
        author: signed_in_user(app, "author", Role::User).await,
        reader: signed_in_user(app, "reader", Role::User).await,
        admin: signed_in_user(app, "admin", Role::Admin).await,
    }
}

fn draft(title: &str) -> Value {
    let mut body = article(title);
    body["isPublished"] = json!(0);
    body
}

/// The admin list's titles for `body`, and its total.
async fn admin_titles(app: &TestApp, admin: &TestUser, body: Value) -> (Vec<String>, i64) {
    let response = app.post(LIST, body, Some(&admin.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    let titles = response.data()["blogs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["title"].as_str().unwrap().to_owned())
        .collect();
    (titles, response.data()["total"].as_i64().unwrap())
}

/// The article as the admin list shows it.
async fn listed(app: &TestApp, admin: &TestUser, id: i64) -> Value {
    let response = app
        .post(LIST, json!({"pageSize": 100}), Some(&admin.token))
        .await;
    response.data()["blogs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == json!(id))
        .cloned()
        .unwrap_or(Value::Null)
}

async fn approve(app: &TestApp, admin: &TestUser, id: i64) -> TestResponse {
    app.post(APPROVE, json!({"id": id}), Some(&admin.token))
        .await
}

/// The audit entries about the article, oldest first: (action, actor, before, after).
async fn audit_of(app: &TestApp, id: i64) -> Vec<(String, platform::UserId, Value, Value)> {
    let mut pooled = app.state.db.get().await.unwrap();
    let object = id.to_string();
    let window = PageWindow {
        offset: 0,
        limit: 100,
    };
    let (entries, _) = platform::audit::page(&mut pooled.conn(), Some(("blog", &object)), window)
        .await
        .unwrap();
    let state = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
    entries
        .into_iter()
        .rev()
        .map(|e| {
            (
                e.action,
                e.actor_id,
                state(&e.before_state),
                state(&e.after_state),
            )
        })
        .collect()
}

fn actions(entries: &[(String, platform::UserId, Value, Value)]) -> Vec<&str> {
    entries.iter().map(|(action, ..)| action.as_str()).collect()
}

/// What the public sees of the article: (the guest list is empty, the guest search's total,
/// a guest's get, another member's get, that member's list is empty, their tag list's total).
async fn public_view(
    app: &TestApp,
    id: i64,
    reader: &TestUser,
) -> (bool, Value, u16, u16, bool, Value) {
    let path = format!("/api/v1/blog/{id}");
    let token = Some(reader.token.as_str());
    let guest_list = titles(app, "/api/v1/blog/list", None).await;
    let search = app
        .post("/api/v1/blog/list", json!({"keyword": "审核"}), None)
        .await;
    let guest = app.get(&path, None).await.status;
    let other = app.get(&path, token).await.status;
    let readers_list = titles(app, "/api/v1/blog/list", token).await;
    let tags = app.post("/api/v1/blog/tag/list", json!({}), token).await;
    (
        guest_list.is_empty(),
        search.data()["total"].clone(),
        guest,
        other,
        readers_list.is_empty(),
        tags.data()["total"].clone(),
    )
}

platform::engine_tests! { spawn_app;

async fn admin_list_shows_every_article_with_its_author_and_states(app) {
    let cast = cast(&app).await;
    {
        let mut pooled = app.state.db.get().await.unwrap();
        accounts::api::set_display(&mut pooled.conn(), cast.author.id, "小美", "", platform::testkit::TEST_EPOCH).await.unwrap();
    }
    let published = write(&app, &cast.author, article("已经发布的文章")).await;
    let drafted = write(&app, &cast.reader, draft("还在写的草稿")).await;

    let response = app.post(LIST, json!({}), Some(&cast.admin.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);
    assert_eq!(response.data()["total"], json!(2));
    let blogs = response.data()["blogs"].as_array().unwrap();
    assert_eq!(blogs[0]["id"], json!(drafted), "newest first");
    assert_eq!(blogs[0]["author"], json!("reader"), "the username when there is no nickname");
    assert_eq!((blogs[0]["isPublished"].clone(), blogs[0]["status"].clone()), (json!(0), json!("draft")));
    let first = &blogs[1];
    assert_eq!(first["id"], json!(published));
    assert_eq!(first["title"], json!("已经发布的文章"));
    assert_eq!(first["author"], json!("小美"), "the creator's display name");
    assert_eq!(first["content"], article("")["content"]);
    assert_eq!(first["createdAt"], json!(platform::testkit::TEST_EPOCH));
    assert_eq!(first["isPublished"], json!(1));
    assert_eq!(first["status"], json!("published"));
    assert_eq!(first["isApproved"], json!(1), "approval is not required: nothing waits");
    assert_eq!(first["held"], json!(false), "moderation holds nothing");
    let mut fields: Vec<&str> = first.as_object().unwrap().keys().map(String::as_str).collect();
    fields.sort_unstable();
    assert_eq!(fields, ["author", "content", "createdAt", "held", "id", "isApproved", "isPublished", "status", "title"]);
}

async fn admin_list_searches_titles_and_pages(app) {
    let cast = cast(&app).await;
    for title in ["Rust 入门指南", "学习 rust 的第二年", "恋爱心理学", "百分之100%真诚", "百分之100真诚", "a_b 的故事", "axb 的故事"] {
        write(&app, &cast.author, article(title)).await;
    }
    let search = |title: &str| json!({"title": title});
    assert_eq!(admin_titles(&app, &cast.admin, search("RUST")).await, (vec!["学习 rust 的第二年".to_owned(), "Rust 入门指南".to_owned()], 2));
    assert_eq!(admin_titles(&app, &cast.admin, search("100%")).await.0, vec!["百分之100%真诚"], "% is a letter");
    assert_eq!(admin_titles(&app, &cast.admin, search("a_b")).await.0, vec!["a_b 的故事"], "_ is a letter");
    assert_eq!(admin_titles(&app, &cast.admin, search("  ")).await.1, 7, "blank words search nothing");
    assert_eq!(admin_titles(&app, &cast.admin, search("没有这样的标题")).await, (vec![], 0));

    for n in 0..5 {
        write(&app, &cast.author, draft(&format!("第{n:02}篇草稿"))).await;
    }
    let (first_page, total) = admin_titles(&app, &cast.admin, Value::Null).await;
    assert_eq!((first_page.len(), total), (10, 12), "10 a page by default");
    assert_eq!(first_page[0], "第04篇草稿");
    let (second, _) = admin_titles(&app, &cast.admin, json!({"page": 2, "pageSize": 5})).await;
    assert_eq!(second, vec!["axb 的故事", "a_b 的故事", "百分之100真诚", "百分之100%真诚", "恋爱心理学"]);
    let (searched_page, total) = admin_titles(&app, &cast.admin, json!({"title": "草稿", "page": 2, "pageSize": 2})).await;
    assert_eq!((searched_page, total), (vec!["第02篇草稿".to_owned(), "第01篇草稿".to_owned()], 5));
    assert_eq!(admin_titles(&app, &cast.admin, json!({"pageSize": 1000})).await.0.len(), 12, "at most 100");
}

async fn back_office_calls_return_401_to_guests_and_403_to_members(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("会员的文章")).await;
    let update = json!({"id": id, "title": "别人的修改", "content": "别人想改成的正文内容", "status": "draft"});
    for (path, body) in [(LIST, json!({})), (UPDATE, update), (DELETE, json!({"id": id})), (APPROVE, json!({"id": id}))] {
        assert_eq!(app.post(path, body.clone(), None).await.status, 401, "{path} by a guest");
        for member in [&cast.author, &cast.reader] {
            let refused = app.post(path, body.clone(), Some(&member.token)).await;
            assert_eq!(refused.status, 403, "{path} by {}", member.username);
        }
    }
    let saved = app.get(&format!("/api/v1/blog/{id}"), None).await;
    assert_eq!((saved.data()["title"].clone(), saved.data()["isPublished"].clone()), (json!("会员的文章"), json!(1)));
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(1));
    assert!(audit_of(&app, id).await.is_empty());
}

async fn admin_update_saves_title_content_and_status_of_anyone_s_article(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("会员写的标题")).await;
    let body = json!({"id": id, "title": "管理员改的标题", "content": "管理员改过的正文，足够长。", "status": "draft", "isPublished": 1, "author": "author", "isApproved": 0});
    let response = app.post(UPDATE, body, Some(&cast.admin.token)).await;
    assert_eq!((response.status, response.message()), (200, "更新博客成功"), "{}", response.json);

    let saved = app.get(&format!("/api/v1/blog/{id}"), Some(&cast.author.token)).await;
    assert_eq!(saved.data()["title"], json!("管理员改的标题"));
    assert_eq!(saved.data()["content"], json!("管理员改过的正文，足够长。"));
    assert_eq!(saved.data()["isPublished"], json!(0), "status decides over isPublished");
    assert_eq!(saved.data()["summary"], json!("一篇关于真诚交友的文章"), "the rest stays");
    assert_eq!(saved.data()["tags"], json!(["交友"]));
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());

    let republished = json!({"id": id, "title": "管理员改的标题", "content": "管理员改过的正文，足够长。", "isPublished": 1});
    assert_eq!(app.post(UPDATE, republished, Some(&cast.admin.token)).await.status, 200);
    let kept = json!({"id": id, "title": "只改了标题", "content": "管理员改过的正文，足够长。"});
    assert_eq!(app.post(UPDATE, kept, Some(&cast.admin.token)).await.status, 200);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["只改了标题"], "without a status the state stays");

    let entries = audit_of(&app, id).await;
    assert_eq!(actions(&entries), ["blog.update", "blog.update", "blog.update"]);
    let (_, actor, before, after) = &entries[0];
    assert_eq!(*actor, cast.admin.id);
    assert_eq!(before["title"], json!("会员写的标题"));
    assert_eq!(before["isPublished"], json!(true));
    assert_eq!(after["title"], json!("管理员改的标题"));
    assert_eq!(after["content"], json!("管理员改过的正文，足够长。"));
    assert_eq!(after["isPublished"], json!(false));
}

async fn admin_update_returns_400_with_the_member_texts_and_404_for_a_missing_article(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("原来的标题")).await;
    let cases = [
        ("title", json!(""), "请输入标题"),
        ("title", json!("短"), "长度在 3 到 100 个字符"),
        ("title", json!("长".repeat(101)), "长度在 3 到 100 个字符"),
        ("content", json!("  "), "请输入内容"),
        ("content", json!("太短了"), "内容至少需要 10 个字符"),
    ];
    for (field, value, message) in cases {
        let mut body = json!({"id": id, "title": "有效的标题", "content": "有效的正文，足够长了。", "status": "published"});
        body[field] = value.clone();
        let refused = app.post(UPDATE, body, Some(&cast.admin.token)).await;
        assert_eq!((refused.status, refused.message()), (400, message), "{field}={value}");
    }
    let unknown_status = json!({"id": id, "title": "有效的标题", "content": "有效的正文，足够长了。", "status": "hidden"});
    assert_eq!(app.post(UPDATE, unknown_status, Some(&cast.admin.token)).await.status, 400);
    let missing = json!({"id": 987_654, "title": "有效的标题", "content": "有效的正文，足够长了。"});
    let gone = app.post(UPDATE, missing, Some(&cast.admin.token)).await;
    assert_eq!((gone.status, gone.message()), (404, "文章不存在或已被删除"));
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), None).await.data()["title"], json!("原来的标题"));
    assert!(audit_of(&app, id).await.is_empty());
}

async fn admin_delete_removes_the_article_and_its_banner_once_unused(app) {
    let cast = cast(&app).await;
    let banner = uploaded_banner(&app, &cast.author).await;
    let mut body = article("带封面的第一篇");
    body["banner"] = json!(banner);
    let first = write(&app, &cast.author, body.clone()).await;
    body["title"] = json!("带同一封面的第二篇");
    let second = write(&app, &cast.author, body).await;
    let image = format!("/api/v1/{banner}");
    assert_eq!(app.get(&image, None).await.status, 200);

    let response = app.post(DELETE, json!({"id": first}), Some(&cast.admin.token)).await;
    assert_eq!((response.status, response.message()), (200, "删除博客成功"), "{}", response.json);
    assert_eq!(app.get(&format!("/api/v1/blog/{first}"), Some(&cast.admin.token)).await.status, 404);
    assert_eq!(app.get(&image, None).await.status, 200, "the second article still shows it");
    assert_eq!(app.post(DELETE, json!({"id": second}), Some(&cast.admin.token)).await.status, 200);
    assert_eq!(app.get(&image, None).await.status, 404, "gone with the last article showing it");
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());

    let again = app.post(DELETE, json!({"id": first}), Some(&cast.admin.token)).await;
    assert_eq!((again.status, again.message()), (404, "文章不存在或已被删除"));
    let entries = audit_of(&app, first).await;
    assert_eq!(actions(&entries), ["blog.delete"]);
    let (_, actor, before, after) = &entries[0];
    assert_eq!(*actor, cast.admin.id);
    assert_eq!(before["title"], json!("带封面的第一篇"));
    assert_eq!(before["creatorId"], json!(cast.author.id));
    assert_eq!(after, &Value::Null);
}

async fn an_author_s_delete_also_removes_an_unused_banner_and_is_not_audited(app) {
    let cast = cast(&app).await;
    let banner = uploaded_banner(&app, &cast.author).await;
    let mut body = article("作者自己删的文章");
    body["banner"] = json!(banner);
    let id = write(&app, &cast.author, body).await;
    let deleted = app.post("/api/v1/blog/delete", json!({"id": id}), Some(&cast.author.token)).await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    assert_eq!(app.get(&format!("/api/v1/{banner}"), None).await.status, 404);
    assert!(audit_of(&app, id).await.is_empty());
}

async fn approve_toggles_and_answers_the_new_state(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("等着审核的文章")).await;
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(1));

    let withdrawn = approve(&app, &cast.admin, id).await;
    assert_eq!((withdrawn.status, withdrawn.message()), (200, "已取消审核"), "{}", withdrawn.json);
    assert_eq!(withdrawn.data(), &json!({"id": id, "isApproved": 0}));
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(0));
    let approved = approve(&app, &cast.admin, id).await;
    assert_eq!((approved.message(), approved.data()["isApproved"].clone()), ("已通过审核", json!(1)));
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(1));

    let missing = approve(&app, &cast.admin, 987_654).await;
    assert_eq!((missing.status, missing.message()), (404, "文章不存在或已被删除"));
    let entries = audit_of(&app, id).await;
    assert_eq!(actions(&entries), ["blog.unapprove", "blog.approve"]);
    assert_eq!((entries[0].2.clone(), entries[0].3.clone()), (json!({"isApproved": true}), json!({"isApproved": false})));
    assert_eq!((entries[1].2.clone(), entries[1].3.clone()), (json!({"isApproved": false}), json!({"isApproved": true})));
}

async fn admins_publish_and_unpublish_anyone_s_article_with_an_audit_entry(app) {
    let cast = cast(&app).await;
    let superadmin = signed_in_user(&app, "root", Role::Superadmin).await;
    let id = write(&app, &cast.author, draft("会员的草稿")).await;
    let call = |action: &'static str, user: &TestUser| {
        let token = user.token.clone();
        let app = &app;
        async move { app.post(&format!("/api/v1/blog/{action}"), json!({"id": id}), Some(&token)).await.status }
    };
    assert_eq!(call("publish", &cast.admin).await, 200);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["会员的草稿"]);
    assert_eq!(call("unpublish", &superadmin).await, 200);
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());
    assert_eq!(call("publish", &cast.author).await, 200, "the author keeps the right");
    assert_eq!(call("unpublish", &cast.reader).await, 403);

    let entries = audit_of(&app, id).await;
    assert_eq!(actions(&entries), ["blog.publish", "blog.unpublish"], "the author's own publish is not audited");
    assert_eq!(entries[0].1, cast.admin.id);
    assert_eq!((entries[0].2.clone(), entries[0].3.clone()), (json!({"isPublished": false}), json!({"isPublished": true})));
    assert_eq!(entries[1].1, superadmin.id);
    assert_eq!((entries[1].2.clone(), entries[1].3.clone()), (json!({"isPublished": true}), json!({"isPublished": false})));

    let own = write(&app, &cast.admin, draft("管理员自己的草稿")).await;
    assert_eq!(app.post("/api/v1/blog/publish", json!({"id": own}), Some(&cast.admin.token)).await.status, 200);
    assert!(audit_of(&app, own).await.is_empty(), "an admin's own article is theirs as an author");
}

async fn an_admin_s_member_api_update_and_delete_of_another_s_article_are_audited(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("会员写的文章")).await;
    let mut body = article("管理员从文章页改的");
    body["id"] = json!(id);
    assert_eq!(app.post("/api/v1/blog/update", body, Some(&cast.admin.token)).await.status, 200);
    assert_eq!(app.post("/api/v1/blog/delete", json!({"id": id}), Some(&cast.admin.token)).await.status, 200);
    let entries = audit_of(&app, id).await;
    assert_eq!(actions(&entries), ["blog.update", "blog.delete"]);
    assert_eq!((entries[0].2["title"].clone(), entries[0].3["title"].clone()), (json!("会员写的文章"), json!("管理员从文章页改的")));
}

}

platform::engine_tests! { spawn_app_requiring_approval;

async fn a_member_s_article_is_public_only_once_approved(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("等待审核的文章")).await;
    let path = format!("/api/v1/blog/{id}");
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(0));

    assert_eq!(public_view(&app, id, &cast.reader).await, (true, json!(0), 404, 404, true, json!(0)), "absent until approved");
    let own = app.get(&path, Some(&cast.author.token)).await;
    assert_eq!((own.status, own.data()["title"].clone()), (200, json!("等待审核的文章")), "the author sees it");
    assert_eq!(titles(&app, "/api/v1/blog/list/my", Some(&cast.author.token)).await, vec!["等待审核的文章"]);
    assert_eq!(app.post("/api/v1/blog/unpublish", json!({"id": id}), Some(&cast.reader.token)).await.status, 404);

    assert_eq!(approve(&app, &cast.admin, id).await.data()["isApproved"], json!(1));
    assert_eq!(public_view(&app, id, &cast.reader).await, (false, json!(1), 200, 200, false, json!(1)), "present once approved");
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["等待审核的文章"]);

    assert_eq!(approve(&app, &cast.admin, id).await.data()["isApproved"], json!(0), "a second toggle withdraws it");
    assert_eq!(public_view(&app, id, &cast.reader).await, (true, json!(0), 404, 404, true, json!(0)));
    assert_eq!(actions(&audit_of(&app, id).await), ["blog.approve", "blog.unapprove"]);
}

async fn admins_articles_need_no_approval(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.admin, article("管理员的公告")).await;
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["管理员的公告"]);
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), Some(&cast.reader.token)).await.status, 200);
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(1));
}

async fn a_member_s_edit_of_an_approved_article_waits_for_a_new_approval(app) {
    let cast = cast(&app).await;
    let id = write(&app, &cast.author, article("审核过的文章")).await;
    approve(&app, &cast.admin, id).await;
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["审核过的文章"]);

    let mut same = article("审核过的文章");
    same["id"] = json!(id);
    same["tags"] = json!(["新标签"]);
    assert_eq!(app.post("/api/v1/blog/update", same, Some(&cast.author.token)).await.status, 200);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["审核过的文章"], "the text the admin read is unchanged");

    let mut changed = article("审核后又改了的文章");
    changed["id"] = json!(id);
    assert_eq!(app.post("/api/v1/blog/update", changed, Some(&cast.author.token)).await.status, 200);
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty(), "the new text waits");
    assert_eq!(listed(&app, &cast.admin, id).await["isApproved"], json!(0));

    approve(&app, &cast.admin, id).await;
    let by_admin = json!({"id": id, "title": "管理员润色的标题", "content": "管理员润色过的正文内容。", "status": "published"});
    assert_eq!(app.post(UPDATE, by_admin, Some(&cast.admin.token)).await.status, 200);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["管理员润色的标题"], "an admin's edit keeps the approval");
}

}
