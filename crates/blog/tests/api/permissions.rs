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
    write(app, &cast.author, body).await
}

async fn act(app: &TestApp, action: &str, id: i64, token: Option<&str>) -> u16 {
    let body = if action == "update" {
        let mut body = article("改过的标题");
        body["id"] = json!(id);
        body["authors"] = json!(["author"]);
        body
    } else {
        json!({"id": id})
    };
    app.post(&format!("/api/v1/blog/{action}"), body, token)
        .await
        .status
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

}
