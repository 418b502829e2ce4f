//! Between members blacklisted either way nothing of the blog passes: the other's articles
//! are not listed, not readable and not reportable.

use super::*;

platform::engine_tests! { spawn_app;

async fn a_blacklisted_pair_neither_lists_nor_reads_nor_reports_each_others_articles(app) {
    let eve = signed_in_user(&app, "eve", Role::User).await;
    let mallory = signed_in_user(&app, "mallory", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    let eves = write(&app, &eve, article("eve 的文章")).await;
    let mallorys = write(&app, &mallory, article("mallory 的文章")).await;
    let mut shared = article("cat 与 eve 合写");
    shared["authors"] = json!(["eve"]);
    let with_eve = write(&app, &cat, shared).await;
    accept(&app, &eve, with_eve).await;
    write(&app, &cat, article("cat 的文章")).await;
    let response = app.post("/api/v1/user/blacklist/add", json!({"targetUuid": mallory.uuid}), Some(&eve.token)).await;
    assert_eq!(response.status, 200, "{}", response.json);

    assert_eq!(titles(&app, "/api/v1/blog/list", Some(&mallory.token)).await, ["cat 的文章", "mallory 的文章"]);
    assert_eq!(titles(&app, "/api/v1/blog/list", Some(&eve.token)).await, ["cat 的文章", "cat 与 eve 合写", "eve 的文章"]);
    assert_eq!(titles(&app, "/api/v1/blog/list", Some(&cat.token)).await.len(), 4);
    assert_eq!(titles(&app, "/api/v1/blog/list", None).await.len(), 4, "guests see every article");
    let total = app.post("/api/v1/blog/list", json!({}), Some(&mallory.token)).await;
    assert_eq!(total.data()["total"], json!(2));

    for (reader, hidden) in [(&mallory, eves), (&mallory, with_eve), (&eve, mallorys)] {
        let read = app.get(&format!("/api/v1/blog/{hidden}"), Some(&reader.token)).await;
        assert_eq!((read.status, read.message()), (404, "文章不存在或已被删除"), "{} reads {hidden}", reader.username);
        let mut pooled = app.state.db.get().await.unwrap();
        let described = blog::api::describe_article(&mut pooled.conn(), hidden, Some(reader.id)).await.unwrap();
        assert!(described.is_none(), "{} cannot report {hidden}", reader.username);
    }
    let mut pooled = app.state.db.get().await.unwrap();
    assert!(blog::api::describe_article(&mut pooled.conn(), eves, Some(cat.id)).await.unwrap().is_some());
    drop(pooled);
    assert_eq!(app.get(&format!("/api/v1/blog/{eves}"), Some(&cat.token)).await.status, 200);
    assert_eq!(app.get(&format!("/api/v1/blog/{eves}"), Some(&eve.token)).await.status, 200, "her own");
}

}
