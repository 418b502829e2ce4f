use super::*;

struct Cast {
    author: TestUser,
    coauthor: TestUser,
    stranger: TestUser,
    admin: TestUser,
    superadmin: TestUser,
}

async fn cast(app: &TestApp) -> Cast {
    Cast {
        author: signed_in_user(app, "author", Role::User).await,
        coauthor: signed_in_user(app, "coauthor", Role::User).await,
        stranger: signed_in_user(app, "stranger", Role::User).await,
        admin: signed_in_user(app, "admin", Role::Admin).await,
        superadmin: signed_in_user(app, "root", Role::Superadmin).await,
    }
}

async fn published_article(app: &TestApp, cast: &Cast) -> i64 {
    let mut body = article("公开的文章");
    body["authors"] = json!(["coauthor"]);
    let id = write(app, &cast.author, body).await;
    accept(app, &cast.coauthor, id).await;
    id
}

async fn act(app: &TestApp, action: &str, id: i64, token: Option<&str>) -> u16 {
    let body = if action == "update" {
        let mut body = article("改过的标题");
        body["id"] = json!(id);
        body
    } else {
        json!({"id": id})
    };
    app.post(&format!("/api/v1/blog/{action}"), body, token)
        .await
        .status
}

/// Saves the article with a new title and the given authors.
async fn save_authors(app: &TestApp, id: i64, authors: Value, editor: &TestUser) -> TestResponse {
    let mut body = article("换了作者的标题");
    body["id"] = json!(id);
    body["authors"] = authors;
    app.post("/api/v1/blog/update", body, Some(&editor.token))
        .await
}

async fn title_and_authors(app: &TestApp, id: i64) -> (Value, Value) {
    let saved = app.get(&format!("/api/v1/blog/{id}"), None).await;
    (
        saved.data()["title"].clone(),
        saved.data()["authors"].clone(),
    )
}

platform::engine_tests! { spawn_app;

async fn only_authors_and_admins_may_change_an_article(app) {
    let cast = cast(&app).await;
    for action in ["update", "publish", "unpublish", "delete"] {
        let id = published_article(&app, &cast).await;
        assert_eq!(act(&app, action, id, None).await, 401, "{action} by a guest");
        assert_eq!(act(&app, action, id, Some(&cast.stranger.token)).await, 403, "{action} by a stranger");
        assert_eq!(app.get(&format!("/api/v1/blog/{id}"), None).await.data()["title"], json!("公开的文章"));
        for member in [&cast.author, &cast.coauthor, &cast.admin, &cast.superadmin] {
            let id = published_article(&app, &cast).await;
            assert_eq!(act(&app, action, id, Some(&member.token)).await, 200, "{action} by {}", member.username);
        }
    }
}

async fn publishing_moves_an_article_between_draft_and_published(app) {
    let cast = cast(&app).await;
    let id = published_article(&app, &cast).await;
    assert_eq!(act(&app, "unpublish", id, Some(&cast.coauthor.token)).await, 200);
    assert!(titles(&app, "/api/v1/blog/list", None).await.is_empty());
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), Some(&cast.author.token)).await.data()["isPublished"], json!(0));
    assert_eq!(act(&app, "publish", id, Some(&cast.author.token)).await, 200);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await, vec!["公开的文章"]);
}

async fn a_draft_cannot_be_touched_by_those_who_cannot_see_it(app) {
    let cast = cast(&app).await;
    let mut body = article("秘密草稿");
    body["isPublished"] = json!(0);
    let id = write(&app, &cast.author, body).await;
    for action in ["update", "publish", "delete"] {
        assert_eq!(act(&app, action, id, Some(&cast.stranger.token)).await, 404, "{action}");
    }
    assert_eq!(act(&app, "delete", 987_654, Some(&cast.admin.token)).await, 404);
}

async fn update_returns_403_when_a_coauthor_changes_the_authors(app) {
    let cast = cast(&app).await;
    let id = published_article(&app, &cast).await;
    let before = title_and_authors(&app, id).await;
    assert_eq!(before.1, json!(["author", "coauthor"]));
    for authors in [json!(["coauthor"]), json!(["author", "coauthor", "stranger"]), json!(["coauthor", "author"])] {
        let refused = save_authors(&app, id, authors.clone(), &cast.coauthor).await;
        assert_eq!((refused.status, refused.message()), (403, "只有文章的创建者或管理员可以修改作者"), "{authors}");
        assert_eq!(title_and_authors(&app, id).await, before, "the article is unchanged");
    }
    let kept = save_authors(&app, id, json!("author, coauthor"), &cast.coauthor).await;
    assert_eq!(kept.status, 200, "the same authors are no change: {}", kept.json);
    assert_eq!(title_and_authors(&app, id).await, (json!("换了作者的标题"), before.1));
    assert_eq!(app.get(&format!("/api/v1/blog/{id}"), Some(&cast.author.token)).await.status, 200);
}

async fn update_returns_403_when_anyone_but_the_creator_removes_the_creator(app) {
    let cast = cast(&app).await;
    let id = published_article(&app, &cast).await;
    for admin in [&cast.admin, &cast.superadmin] {
        let refused = save_authors(&app, id, json!(["coauthor"]), admin).await;
        assert_eq!((refused.status, refused.message()), (403, "只有创建者本人可以把创建者从作者中移除"), "{}", admin.username);
    }
    assert_eq!(title_and_authors(&app, id).await.1, json!(["author", "coauthor"]));

    let added = save_authors(&app, id, json!(["author", "coauthor", "stranger"]), &cast.admin).await;
    assert_eq!(added.status, 200, "admins may invite other authors: {}", added.json);
    assert_eq!(title_and_authors(&app, id).await.1, json!(["author", "coauthor"]), "until stranger accepts");
    accept(&app, &cast.stranger, id).await;
    assert_eq!(title_and_authors(&app, id).await.1, json!(["author", "coauthor", "stranger"]));

    let left = save_authors(&app, id, json!(["coauthor"]), &cast.author).await;
    assert_eq!(left.status, 200, "the creator may leave: {}", left.json);
    assert_eq!(title_and_authors(&app, id).await.1, json!(["coauthor"]));
    assert_eq!(act(&app, "update", id, Some(&cast.author.token)).await, 403, "no longer an author");
    let readded = save_authors(&app, id, json!(["coauthor", "author"]), &cast.coauthor).await;
    assert_eq!(readded.status, 403, "a co-author still cannot change the authors");
}

async fn update_returns_400_when_the_creator_removes_every_author(app) {
    let cast = cast(&app).await;
    let id = published_article(&app, &cast).await;
    let refused = save_authors(&app, id, json!([]), &cast.author).await;
    assert_eq!((refused.status, refused.message()), (400, "至少需要一位作者"));
    assert_eq!(title_and_authors(&app, id).await, (json!("公开的文章"), json!(["author", "coauthor"])));
}

}
