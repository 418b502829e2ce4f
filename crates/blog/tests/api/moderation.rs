//! What the back office's moderation does to articles through `blog::api`: a held article is
//! gone for everyone but its authors and admins, describing one follows who may read it,
//! removing one is its authors' delete, and new or rewritten text is screened.

use platform::moderation::{self, Described, Subject};
use platform::testkit::TestApp;

use super::*;

async fn hold(app: &TestApp, id: i64, held: bool) {
    let mut pooled = app.state.db.get().await.unwrap();
    blog::api::hold_article(&mut pooled.conn(), id, held)
        .await
        .unwrap();
}

async fn describe(app: &TestApp, id: i64, viewer: Option<&TestUser>) -> Option<Described> {
    let mut pooled = app.state.db.get().await.unwrap();
    blog::api::describe_article(&mut pooled.conn(), id, viewer.map(|user| user.id))
        .await
        .unwrap()
}

async fn remove(app: &TestApp, id: i64) -> Vec<String> {
    let mut pooled = app.state.db.get().await.unwrap();
    blog::api::remove_article(&mut pooled.conn(), id, platform::testkit::TEST_EPOCH)
        .await
        .unwrap()
}

/// The flags of the article's case; `None` when it has no case.
async fn flags_of(app: &TestApp, id: i64) -> Option<String> {
    let mut pooled = app.state.db.get().await.unwrap();
    moderation::case_of(&mut pooled.conn(), Subject::Article, id)
        .await
        .unwrap()
        .map(|case| case.flags)
}

async fn sensitive_words(app: &TestApp, words: &[&str]) {
    let mut pooled = app.state.db.get().await.unwrap();
    let words: Vec<String> = words.iter().map(|word| (*word).to_owned()).collect();
    moderation::replace_words(&mut pooled.conn(), &words, platform::testkit::TEST_EPOCH)
        .await
        .unwrap();
}

/// What one reader finds of the article titled `title` with the tag `tag`: (in the public
/// list, in a search for it, the detail's status, in the reader's tag list).
async fn found_by(
    app: &TestApp,
    id: i64,
    title: &str,
    tag: &str,
    reader: Option<&TestUser>,
) -> (bool, bool, u16, bool) {
    let token = reader.map(|user| user.token.as_str());
    let listed = titles(app, "/api/v1/blog/list", token)
        .await
        .iter()
        .any(|t| t == title);
    let search = app
        .post("/api/v1/blog/list", json!({"keyword": title}), token)
        .await;
    let searched = search.data()["total"] == json!(1);
    let detail = app.get(&format!("/api/v1/blog/{id}"), token).await.status;
    let tags = app.post("/api/v1/blog/tag/list", json!({}), token).await;
    let tagged = tags.data()["tags"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["tag"] == json!(tag));
    (listed, searched, detail, tagged)
}

/// The admin list's entry of the article.
async fn in_admin_list(app: &TestApp, admin: &TestUser, id: i64) -> Value {
    let response = app
        .post("/api/v1/admin/blog/list", json!({}), Some(&admin.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["blogs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["id"] == json!(id))
        .cloned()
        .unwrap_or(Value::Null)
}

platform::engine_tests! { spawn_app;

async fn a_held_article_is_gone_for_others_until_released_and_stays_for_its_authors(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let coauthor = signed_in_user(&app, "coauthor", Role::User).await;
    let reader = signed_in_user(&app, "reader", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let mut body = article("被举报的文章");
    body["authors"] = json!(["author", "coauthor"]);
    body["tags"] = json!(["只此一篇"]);
    let id = write(&app, &author, body).await;
    accept(&app, &coauthor, id).await;
    write(&app, &author, article("另一篇文章")).await;
    let title = "被举报的文章";
    let tag = "只此一篇";
    assert_eq!(found_by(&app, id, title, tag, None).await, (true, true, 200, true));
    assert_eq!(in_admin_list(&app, &admin, id).await["held"], json!(false));

    hold(&app, id, true).await;
    assert_eq!(found_by(&app, id, title, tag, None).await, (false, false, 404, false), "guests");
    assert_eq!(found_by(&app, id, title, tag, Some(&reader)).await, (false, false, 404, false), "members");
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["另一篇文章"]);
    let total = app.post("/api/v1/blog/list", json!({}), None).await.data()["total"].clone();
    assert_eq!(total, json!(1), "the count leaves it out too");
    let hidden = app.get(&format!("/api/v1/blog/{id}"), Some(&reader.token)).await;
    assert_eq!(hidden.message(), "文章不存在或已被删除");
    for writer in [&author, &coauthor] {
        let (_, _, detail, tagged) = found_by(&app, id, title, tag, Some(writer)).await;
        assert_eq!((detail, tagged), (200, true), "{} still reads it", writer.username);
        let mine = titles(&app, "/api/v1/blog/list/my", Some(&writer.token)).await;
        assert!(mine.iter().any(|t| t == title), "{} still lists it", writer.username);
    }
    let mut edited = article("改过的被举报文章");
    edited["id"] = json!(id);
    edited["tags"] = json!([tag]);
    let save = app.post("/api/v1/blog/update", edited, Some(&author.token)).await;
    assert_eq!(save.status, 200, "its author still edits it: {}", save.json);
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), Some(&admin.token)).await.status, 200);
    assert_eq!(in_admin_list(&app, &admin, id).await["held"], json!(true));

    hold(&app, id, false).await;
    let title = "改过的被举报文章";
    assert_eq!(found_by(&app, id, title, tag, Some(&reader)).await, (true, true, 200, true));
    assert_eq!(in_admin_list(&app, &admin, id).await["held"], json!(false));
}

async fn describe_answers_what_the_viewer_may_read(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let reader = signed_in_user(&app, "reader", Role::User).await;
    let banner = uploaded_banner(&app, &author).await;
    let mut body = article("可以举报的文章");
    body["banner"] = json!(banner);
    body["content"] = json!("正".repeat(400));
    let id = write(&app, &author, body).await;

    let seen = describe(&app, id, Some(&reader)).await.expect("a public article");
    assert_eq!(seen.author, author.id);
    assert_eq!(seen.link, format!("/blog/{id}"));
    assert_eq!(seen.images, vec![banner]);
    assert!(seen.excerpt.starts_with("可以举报的文章\n正正"), "{}", seen.excerpt);
    assert_eq!(seen.excerpt.chars().count(), 300);
    assert!(!seen.held);

    hold(&app, id, true).await;
    assert_eq!(describe(&app, id, Some(&reader)).await, None, "held: not the reader's to see");
    assert!(describe(&app, id, Some(&author)).await.is_some_and(|seen| seen.held));
    assert!(describe(&app, id, None).await.is_some_and(|seen| seen.held), "the back office sees it");

    let mut draft = article("还在写的草稿");
    draft["isPublished"] = json!(0);
    let draft = write(&app, &author, draft).await;
    assert_eq!(describe(&app, draft, Some(&reader)).await, None);
    assert!(describe(&app, draft, Some(&author)).await.is_some());
    assert_eq!(describe(&app, draft + 100, None).await, None, "no such article");
}

async fn remove_deletes_the_article_as_its_author_would_and_answers_its_banner(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let banner = uploaded_banner(&app, &author).await;
    let mut body = article("要删除的文章");
    body["banner"] = json!(banner);
    let id = write(&app, &author, body.clone()).await;
    body["title"] = json!("同一封面的文章");
    let sharing = write(&app, &author, body).await;

    assert!(remove(&app, sharing).await.is_empty(), "another article still shows the banner");
    assert_eq!(remove(&app, id).await, vec![banner]);
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), Some(&author.token)).await.status, 404);
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&author.token)).await.is_empty());
    let tags = app.post("/api/v1/blog/tag/list", json!({}), None).await;
    assert_eq!(tags.data()["total"], json!(0), "its tags went with it");
    assert!(remove(&app, id).await.is_empty(), "already gone");
}

async fn new_and_rewritten_articles_are_screened_for_sensitive_words(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    sensitive_words(&app, &["微信", "转账"]).await;
    let mut body = article("加我 微 信 聊");
    let flagged = write(&app, &author, body.clone()).await;
    assert_eq!(flags_of(&app, flagged).await.as_deref(), Some("敏感词：微信"));
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["加我 微 信 聊"], "a flag hides nothing");

    body["title"] = json!("干净的标题");
    let clean = write(&app, &author, body.clone()).await;
    assert_eq!(flags_of(&app, clean).await, None);
    body["id"] = json!(clean);
    body["content"] = json!("先转账再见面，正文足够长。");
    let save = app.post("/api/v1/blog/update", body, Some(&author.token)).await;
    assert_eq!(save.status, 200, "{}", save.json);
    assert_eq!(flags_of(&app, clean).await.as_deref(), Some("敏感词：转账"));
}

}

platform::engine_tests! { spawn_app_requiring_approval;

async fn a_held_article_stays_out_of_the_list_of_approved_articles(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let admin = signed_in_user(&app, "admin", Role::Admin).await;
    let id = write(&app, &admin, article("管理员的文章")).await;
    write(&app, &author, article("等待审核的文章")).await;
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["管理员的文章"]);
    hold(&app, id, true).await;
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), None).await.status, 404);
}

}
