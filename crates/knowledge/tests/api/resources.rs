//! Resources: checked addresses, bindings replaced in one transaction, lists by point and words.

use crate::*;

async fn create(app: &TestApp, admin: &TestUser, body: Value) -> TestResponse {
    app.post(
        "/api/v1/knowledge/resources/create",
        body,
        Some(&admin.token),
    )
    .await
}

/// The (point, resource) pairs of every relation, sorted.
async fn bindings(app: &TestApp, admin: &TestUser) -> Vec<(i64, i64)> {
    let listed = app
        .post(
            "/api/v1/knowledge/points/resources/list",
            json!({"page": 1, "pageSize": 1000}),
            Some(&admin.token),
        )
        .await;
    let mut pairs: Vec<(i64, i64)> = listed.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["kpId"].as_i64().unwrap(), r["krId"].as_i64().unwrap()))
        .collect();
    pairs.sort_unstable();
    pairs
}

platform::engine_tests! { crate::spawn_app;

async fn addresses_are_checked_and_frames_come_from_allowed_hosts(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let body = |field: &str, value: &str| json!({"name": "资源", "type": "iframe", field: value});
    let foreign = create(&app, &admin, body("iframe", "https://evil.example/page")).await;
    assert_eq!((foreign.status, foreign.message()), (400, "嵌入地址的站点不在允许列表中：evil.example"));
    let plain_http = create(&app, &admin, body("iframe", "http://player.bilibili.com/player.html")).await;
    assert_eq!(plain_http.message(), "请输入正确的嵌入地址");
    let scripted = create(&app, &admin, body("url", "javascript:alert(1)")).await;
    assert_eq!(scripted.message(), "请输入正确的链接地址");
    let pasted = create(&app, &admin, body("iframe", r#"<iframe src="https://player.bilibili.com/player.html?bvid=BV1&amp;page=1" allowfullscreen></iframe>"#)).await;
    ok(&pasted);
    let kr_id = pasted.data()["krId"].as_i64().unwrap();
    let site = create(&app, &admin, body("iframe", "/media/knowledge/breathing-pacer.html")).await;
    ok(&site);
    let listed = app.post("/api/v1/knowledge/resources/list", json!({"pageSize": 1000}), Some(&admin.token)).await;
    assert_eq!(item(&listed.data()["list"], "krId", kr_id)["iframe"], "https://player.bilibili.com/player.html?bvid=BV1&page=1");

    assert_eq!(create(&app, &admin, json!({"name": "x", "type": "movie"})).await.message(), "资源类型不正确");
    assert_eq!(create(&app, &admin, json!({"name": "x", "difficulty": 9})).await.status, 400);
    assert_eq!(create(&app, &admin, json!({"name": " "})).await.message(), "请输入资源名称");
    let defaults = create(&app, &admin, json!({"name": "默认", "url": "https://zh.wikipedia.org/wiki/倾听"})).await;
    ok(&defaults);
    let kr_id = defaults.data()["krId"].as_i64().unwrap();
    let listed = app.post("/api/v1/knowledge/resources/list", json!({"keyword": "默认"}), Some(&admin.token)).await;
    let stored = item(&listed.data()["list"], "krId", kr_id);
    assert_eq!((stored["type"].as_str(), stored["difficulty"].as_i64()), (Some("text"), Some(1)));

    let updated = app.post("/api/v1/knowledge/resources/update", json!({"krId": kr_id, "name": "改过的", "type": "document", "difficulty": 3}), Some(&admin.token)).await;
    ok(&updated);
    let listed = app.post("/api/v1/knowledge/resources/list", json!({"keyword": "改过"}), Some(&admin.token)).await;
    assert_eq!(item(&listed.data()["list"], "krId", kr_id)["type"], "document");
    assert_eq!(app.post("/api/v1/knowledge/resources/update", json!({"krId": 999_999, "name": "x"}), Some(&admin.token)).await.status, 404);
}

async fn binding_replaces_relations_in_one_transaction(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "边界感", &[]).await;
    let second = point(&app, &admin, "拒绝的艺术", &[]).await;
    let third = point(&app, &admin, "表达需要", &[]).await;
    let kr_id = resource(&app, &admin, "练习册", &[first, second]).await;
    assert_eq!(bindings(&app, &admin).await, vec![(first, kr_id), (second, kr_id)]);

    let bind = |points: Value| app.post("/api/v1/knowledge/resources/bind", json!({"krId": kr_id, "kpIds": points}), Some(&admin.token));
    let refused = bind(json!([third, 555_555])).await;
    assert_eq!((refused.status, refused.message()), (400, "知识点不存在（编号 555555）"));
    assert_eq!(bindings(&app, &admin).await, vec![(first, kr_id), (second, kr_id)]);
    ok(&bind(json!([third, third])).await);
    assert_eq!(bindings(&app, &admin).await, vec![(third, kr_id)]);
    ok(&bind(json!([])).await);
    assert!(bindings(&app, &admin).await.is_empty());
    // At most 200 points: a longer list is refused whole and binds nothing.
    let many: Vec<i64> = std::iter::once(first).chain(900_000..900_200).collect();
    let too_many = bind(json!(many)).await;
    assert_eq!((too_many.status, too_many.message()), (400, "一个资源最多绑定 200 个知识点"));
    assert!(bindings(&app, &admin).await.is_empty());
    assert_eq!(app.post("/api/v1/knowledge/resources/bind", json!({"krId": 31_337, "kpIds": [first]}), Some(&admin.token)).await.status, 404);

    // One relation at a time, too.
    let relate = app.post("/api/v1/knowledge/relations/create", json!({"kpId": first, "krId": kr_id}), Some(&admin.token)).await;
    ok(&relate);
    let again = app.post("/api/v1/knowledge/relations/create", json!({"kpId": first, "krId": kr_id}), Some(&admin.token)).await;
    assert_eq!((again.status, again.message()), (409, "该资源已绑定到这个知识点"));
    assert_eq!(app.post("/api/v1/knowledge/relations/create", json!({"kpId": 1_234_567, "krId": kr_id}), Some(&admin.token)).await.status, 404);
    let relation_id = relate.data()["id"].as_i64().unwrap();
    ok(&app.post("/api/v1/knowledge/relations/delete", json!({"id": relation_id}), Some(&admin.token)).await);
    assert_eq!(app.post("/api/v1/knowledge/relations/delete", json!({"id": relation_id}), Some(&admin.token)).await.status, 404);
}

async fn resource_admin_calls_return_200_with_the_specs_success_texts(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let kp_id = point(&app, &admin, "依恋", &[]).await;
    let body = json!({"name": "导读", "content": "导读的内容", "type": "text", "difficulty": 1});
    let created = create(&app, &admin, body.clone()).await;
    assert_eq!((created.status, created.message()), (200, "资源创建成功"));
    let kr_id = created.data()["krId"].as_i64().unwrap();
    let mut changed = body;
    changed["krId"] = json!(kr_id);
    changed["name"] = json!("新导读");
    let updated = app.post("/api/v1/knowledge/resources/update", changed, Some(&admin.token)).await;
    assert_eq!((updated.status, updated.message()), (200, "资源更新成功"));
    let bound = app.post("/api/v1/knowledge/resources/bind", json!({"krId": kr_id, "kpIds": [kp_id]}), Some(&admin.token)).await;
    assert_eq!((bound.status, bound.message()), (200, "绑定成功"));
    let deleted = app.post("/api/v1/knowledge/resources/delete", json!({"krId": kr_id}), Some(&admin.token)).await;
    assert_eq!((deleted.status, deleted.message()), (200, "资源删除成功"));
}

async fn lists_filter_by_point_and_words_and_deletion_unbinds(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "依恋", &[]).await;
    let second = point(&app, &admin, "沟通", &[]).await;
    for index in 0..22 {
        resource(&app, &admin, &format!("依恋资源{index:02}"), &[first]).await;
    }
    let other = resource(&app, &admin, "沟通资源", &[second]).await;
    let list = |body: Value| app.post("/api/v1/knowledge/resources/list", body, Some(&admin.token));
    let page = list(json!({})).await;
    assert_eq!((page.data()["list"].as_array().unwrap().len(), page.data()["total"].as_i64()), (20, Some(23)));
    let of_point = list(json!({"kpId": second})).await;
    assert_eq!((of_point.data()["total"].as_i64(), of_point.data()["list"][0]["krId"].as_i64()), (Some(1), Some(other)));
    let found = list(json!({"keyword": "资源21"})).await;
    assert_eq!(found.data()["total"], 1);
    let all = list(json!({"kpId": 0, "page": 2, "pageSize": 20})).await;
    assert_eq!(all.data()["list"].as_array().unwrap().len(), 3);

    ok(&app.post("/api/v1/knowledge/resources/delete", json!({"krId": other}), Some(&admin.token)).await);
    assert!(bindings(&app, &admin).await.iter().all(|(_, kr)| *kr != other));
    assert_eq!(app.post("/api/v1/knowledge/resources/delete", json!({"krId": other}), Some(&admin.token)).await.status, 404);
}

}
