//! Co-authors only with consent: naming members among the authors invites them; they become
//! authors on accepting, and never across a blacklisting.

use super::*;

async fn invitations(app: &TestApp, user: &TestUser) -> Vec<Value> {
    let response = app
        .post("/api/v1/blog/invitation/list", json!({}), Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["invitations"].as_array().unwrap().clone()
}

async fn authors(app: &TestApp, id: i64, reader: Option<&TestUser>) -> (Value, Value) {
    let response = app
        .get(
            &format!("/api/v1/blog/{id}"),
            reader.map(|r| r.token.as_str()),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    (
        response.data()["authors"].clone(),
        response.data()["invitedAuthors"].clone(),
    )
}

async fn blacklist(app: &TestApp, user: &TestUser, target: &TestUser) {
    let response = app
        .post(
            "/api/v1/user/blacklist/add",
            json!({"targetUuid": target.uuid}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
}

platform::engine_tests! { spawn_app;

async fn a_named_member_is_invited_and_becomes_an_author_only_on_accepting(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let xiaomei = signed_in_user(&app, "xiaomei", Role::User).await;
    let root = signed_in_user(&app, "superadmin", Role::Superadmin).await;
    let mut body = article("未经同意的合写");
    body["authors"] = json!(["xiaomei", "superadmin"]);
    let id = write(&app, &author, body).await;

    assert_eq!(authors(&app, id, None).await, (json!(["author"]), json!([])), "the public sees the creator only");
    assert_eq!(authors(&app, id, Some(&author)).await, (json!(["author"]), json!(["xiaomei", "superadmin"])));
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&xiaomei.token)).await.is_empty(), "not in 我的文章 yet");
    let update = app.post("/api/v1/blog/update", json!({"id": id, "title": "改标题试试", "content": "正文内容足够长，超过十个字符。"}), Some(&xiaomei.token)).await;
    assert_eq!(update.status, 403, "an invitee is no author: {}", update.json);

    let open = invitations(&app, &xiaomei).await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0]["blogId"], json!(id));
    assert_eq!(open[0]["title"], json!("未经同意的合写"));
    assert_eq!(open[0]["inviterUuid"], json!(author.uuid));
    assert_eq!(open[0]["inviterName"], json!("author"));

    accept(&app, &xiaomei, id).await;
    let declined = answer(&app, &root, id, "decline").await;
    assert_eq!(declined.status, 200, "{}", declined.json);
    assert_eq!(authors(&app, id, None).await, (json!(["author", "xiaomei"]), json!([])));
    assert_eq!(titles(&app, "/api/v1/blog/list/my", Some(&xiaomei.token)).await, ["未经同意的合写"]);
    assert!(invitations(&app, &xiaomei).await.is_empty());
    assert!(invitations(&app, &root).await.is_empty());

    let again = answer(&app, &xiaomei, id, "accept").await;
    assert_eq!((again.status, again.message()), (404, "邀请不存在或已失效"), "answered once");
    let uninvited = answer(&app, &root, id, "accept").await;
    assert_eq!(uninvited.status, 404, "a declined invitation is gone");
}

async fn the_creator_withdraws_an_invitation_by_leaving_the_name_out(app) {
    let author = signed_in_user(&app, "author", Role::User).await;
    let helper = signed_in_user(&app, "helper", Role::User).await;
    let mut body = article("要邀请的文章");
    body["authors"] = json!(["helper"]);
    let id = write(&app, &author, body).await;
    let mut same = article("要邀请的文章");
    same["id"] = json!(id);
    same["authors"] = json!(["author", "helper"]);
    let saved = app.post("/api/v1/blog/update", same.clone(), Some(&author.token)).await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    assert_eq!(invitations(&app, &helper).await.len(), 1, "naming them again keeps the invitation");

    same["authors"] = json!(["author"]);
    let saved = app.post("/api/v1/blog/update", same, Some(&author.token)).await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    assert!(invitations(&app, &helper).await.is_empty());
    assert_eq!(answer(&app, &helper, id, "accept").await.status, 404);
    assert_eq!(authors(&app, id, Some(&author)).await, (json!(["author"]), json!([])));
}

async fn a_blacklisted_pair_never_becomes_co_authors(app) {
    let eve = signed_in_user(&app, "eve", Role::User).await;
    let mallory = signed_in_user(&app, "mallory", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    blacklist(&app, &eve, &mallory).await;

    for (writer, named) in [(&mallory, "eve"), (&eve, "mallory")] {
        let mut body = article("点名作者");
        body["authors"] = json!([named]);
        let refused = create(&app, writer, body).await;
        assert_eq!((refused.status, refused.message()), (400, format!("{named} 与本文作者之间有黑名单关系，无法成为共同作者").as_str()));
    }
    assert!(titles(&app, "/api/v1/blog/list/my", Some(&mallory.token)).await.is_empty(), "nothing was written");

    // cat invites both; whoever accepts first, the other is refused.
    let mut body = article("cat 的合写");
    body["authors"] = json!(["eve", "mallory"]);
    let id = write(&app, &cat, body).await;
    accept(&app, &eve, id).await;
    let refused = answer(&app, &mallory, id, "accept").await;
    assert_eq!((refused.status, refused.message()), (403, "你与本文作者之间有黑名单关系，无法成为共同作者"));
    assert_eq!(authors(&app, id, Some(&cat)).await, (json!(["cat", "eve"]), json!(["mallory"])));

    // An invitation made before the blacklisting cannot be accepted after it.
    let mut body = article("mallory 的邀请");
    body["authors"] = json!(["cat"]);
    let invited_by_mallory = write(&app, &mallory, body).await;
    blacklist(&app, &cat, &mallory).await;
    assert!(invitations(&app, &cat).await.iter().all(|i| i["blogId"] != json!(invited_by_mallory)), "hidden from the list");
    assert_eq!(answer(&app, &cat, invited_by_mallory, "accept").await.status, 403);
}

async fn an_update_naming_a_blacklisted_member_is_refused_and_changes_nothing(app) {
    let eve = signed_in_user(&app, "eve", Role::User).await;
    let mallory = signed_in_user(&app, "mallory", Role::User).await;
    let id = write(&app, &eve, article("eve 的文章")).await;
    blacklist(&app, &mallory, &eve).await;
    let mut body = article("eve 改过的文章");
    body["id"] = json!(id);
    body["authors"] = json!(["eve", "mallory"]);
    let refused = app.post("/api/v1/blog/update", body, Some(&eve.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "mallory 与本文作者之间有黑名单关系，无法成为共同作者"));
    assert!(invitations(&app, &mallory).await.is_empty());
    let saved = app.get(&format!("/api/v1/blog/{id}"), Some(&eve.token)).await;
    assert_eq!(saved.data()["title"], json!("eve 的文章"));
}

async fn invitations_need_a_signed_in_member(app) {
    for path in ["/api/v1/blog/invitation/list", "/api/v1/blog/invitation/accept", "/api/v1/blog/invitation/decline"] {
        assert_eq!(app.post(path, json!({"id": 1}), None).await.status, 401, "{path}");
    }
}

}
