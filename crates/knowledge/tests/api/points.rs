//! Knowledge points and prerequisites: no cycles, a point and its links saved as one, cleaned
//! content, links removed with their points.

use crate::*;

async fn link(app: &TestApp, admin: &TestUser, parent: i64, child: i64) -> TestResponse {
    app.post(
        "/api/v1/knowledge/prerequisites/create",
        json!({"parentKpId": parent, "childKpId": child}),
        Some(&admin.token),
    )
    .await
}

/// Every link as (parent, child), sorted.
async fn links(app: &TestApp) -> Vec<(i64, i64)> {
    let listed = app
        .post(
            "/api/v1/knowledge/prerequisites/guest/list",
            json!({"pageSize": 1000}),
            None,
        )
        .await;
    let mut pairs: Vec<(i64, i64)> = listed.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["parentKpId"].as_i64().unwrap(),
                l["childKpId"].as_i64().unwrap(),
            )
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

async fn name_of(app: &TestApp, admin: &TestUser, kp_id: i64) -> String {
    point_of(app, admin, kp_id).await["name"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn point_of(app: &TestApp, admin: &TestUser, kp_id: i64) -> Value {
    let listed = app
        .post(
            "/api/v1/knowledge/points/list",
            json!({"pageSize": 1000}),
            Some(&admin.token),
        )
        .await;
    item(&listed.data()["list"], "kpId", kp_id)
}

fn save(id: i64, name: &str, parents: Value) -> Value {
    json!({"id": id, "name": name, "category": "沟通", "level": 2, "prerequisites": parents})
}

platform::engine_tests! { crate::spawn_app;

async fn a_prerequisite_never_closes_a_cycle(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let listen = point(&app, &admin, "倾听", &[]).await;
    let reflect = point(&app, &admin, "复述", &[listen]).await;
    let empathy = point(&app, &admin, "共情", &[reflect]).await;

    let cycle = link(&app, &admin, empathy, listen).await;
    assert_eq!(
        (cycle.status, cycle.message()),
        (400, "不能这样设置前置知识点，会形成循环依赖：共情 → 倾听 → 复述 → 共情")
    );
    let own = link(&app, &admin, listen, listen).await;
    assert_eq!((own.status, own.message()), (400, "知识点不能是自己的前置知识点"));
    assert_eq!(link(&app, &admin, listen, reflect).await.status, 409);
    assert_eq!(link(&app, &admin, listen, 424_242).await.status, 404);
    ok(&link(&app, &admin, listen, empathy).await);
    assert_eq!(links(&app).await, vec![(listen, reflect), (listen, empathy), (reflect, empathy)]);

    // Removing the chain's links lets the reverse link in.
    let listed = app.post("/api/v1/knowledge/prerequisites/list", json!({}), Some(&admin.token)).await;
    for entry in listed.data()["list"].as_array().unwrap() {
        ok(&app.post("/api/v1/knowledge/prerequisites/delete", json!({"id": entry["id"]}), Some(&admin.token)).await);
    }
    assert_eq!(app.post("/api/v1/knowledge/prerequisites/delete", json!({"id": 1}), Some(&admin.token)).await.status, 404);
    ok(&link(&app, &admin, empathy, listen).await);
}

async fn concurrent_links_cannot_close_a_cycle_together(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "甲", &[]).await;
    let second = point(&app, &admin, "乙", &[]).await;
    let (one, other) = futures_util::future::join(link(&app, &admin, first, second), link(&app, &admin, second, first)).await;
    let mut statuses = [one.status, other.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 400], "{} {}", one.json, other.json);
    assert_eq!(links(&app).await.len(), 1);
}

async fn a_point_and_its_prerequisites_are_saved_as_one(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "情绪觉察", &[]).await;
    let second = point(&app, &admin, "情绪命名", &[]).await;
    let target = point(&app, &admin, "情绪调节", &[first]).await;
    assert_eq!(links(&app).await, vec![(first, target)]);

    let update = |body: Value| app.post("/api/v1/knowledge/points/update", body, Some(&admin.token));
    ok(&update(save(target, "情绪调节", json!([second]))).await);
    assert_eq!(links(&app).await, vec![(second, target)]);

    // A missing prerequisite refuses the whole save: the name and the links stay as they were.
    let missing = update(save(target, "改了名字", json!([first, 777_777]))).await;
    assert_eq!((missing.status, missing.message()), (400, "前置知识点不存在（编号 777777）"));
    assert_eq!(name_of(&app, &admin, target).await, "情绪调节");
    assert_eq!(links(&app).await, vec![(second, target)]);

    // So does a cycle, naming it as the editor wrote it.
    let cycle = update(save(second, "情绪命名（新）", json!([target]))).await;
    assert_eq!(cycle.message(), "不能这样设置前置知识点，会形成循环依赖：情绪调节 → 情绪命名（新） → 情绪调节");
    assert_eq!(name_of(&app, &admin, second).await, "情绪命名");
    assert_eq!(update(save(target, "情绪调节", json!([target]))).await.message(), "知识点不能是自己的前置知识点");

    // Without `prerequisites` the links stay; an empty list clears them.
    ok(&update(json!({"id": target, "name": "情绪调节策略", "category": "情绪", "level": 2})).await);
    assert_eq!(links(&app).await, vec![(second, target)]);
    ok(&update(save(target, "情绪调节策略", json!([]))).await);
    assert!(links(&app).await.is_empty());
    let no_id = update(json!({"name": "无编号", "category": "情绪", "level": 1})).await;
    assert_eq!(no_id.status, 400);
    assert_eq!(update(save(888_888, "不存在", json!([]))).await.status, 404);
}

async fn an_update_with_the_spec_body_keeps_content_examples_and_references(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let kp_id = point(&app, &admin, "依恋理论", &[]).await;
    let before = point_of(&app, &admin, kp_id).await;

    let update = |body: Value| app.post("/api/v1/knowledge/points/update", body, Some(&admin.token));
    ok(&update(json!({"id": kp_id, "name": "依恋理论基础", "category": "心理学", "level": 2, "description": "新的简介"})).await);
    let after = point_of(&app, &admin, kp_id).await;
    assert_eq!((after["name"].as_str(), after["level"].as_i64(), after["description"].as_str()), (Some("依恋理论基础"), Some(2), Some("新的简介")));
    assert_eq!((&after["content"], &after["examples"], &after["references"]), (&before["content"], &before["examples"], &before["references"]));
    assert_eq!(after["content"], "<p>依恋理论的正文</p>");

    // Sent, they replace what was there; empty ones clear it.
    ok(&update(json!({"id": kp_id, "name": "依恋理论基础", "category": "心理学", "level": 2, "content": "", "examples": [], "references": ["新文献"]})).await);
    let cleared = point_of(&app, &admin, kp_id).await;
    assert_eq!((cleared["content"].as_str(), cleared["examples"].clone(), cleared["references"].clone()), (Some(""), json!([]), json!(["新文献"])));
}

async fn content_is_cleaned_and_fields_are_checked(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let created = app.post("/api/v1/knowledge/points/create", json!({
        "name": "安全的内容",
        "category": "心理学",
        "level": 1,
        "content": "<h3>标题</h3><p onclick=\"steal()\">正文</p><script>alert(1)</script><a href=\"javascript:alert(1)\">坏链接</a><img src=\"x\" onerror=\"alert(1)\">",
    }), Some(&admin.token)).await;
    ok(&created);
    let kp_id = created.data()["kpId"].as_i64().unwrap();
    let listed = app.post("/api/v1/knowledge/points/list", json!({"keyword": "安全的"}), Some(&admin.token)).await;
    let content = item(&listed.data()["list"], "kpId", kp_id)["content"].as_str().unwrap().to_owned();
    for forbidden in ["script", "onclick", "javascript:", "onerror", "alert"] {
        assert!(!content.contains(forbidden), "{forbidden} in {content}");
    }
    assert!(content.contains("<h3>标题</h3><p>正文</p>"), "{content}");

    let create = |body: Value| app.post("/api/v1/knowledge/points/create", body, Some(&admin.token));
    assert_eq!(create(json!({"category": "心理学", "level": 1})).await.message(), "请输入知识点名称");
    assert_eq!(create(json!({"name": "x", "level": 1})).await.message(), "请输入知识点分类");
    assert_eq!(create(json!({"name": "x", "category": "心理学"})).await.message(), "请选择知识点难度");
    assert_eq!(create(json!({"name": "x", "category": "心理学", "level": 5})).await.status, 400);
}

async fn a_deleted_point_takes_its_links_and_bindings_along(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "自我认知", &[]).await;
    let second = point(&app, &admin, "大五人格", &[first]).await;
    let third = point(&app, &admin, "开放性", &[second]).await;
    let kr_id = resource(&app, &admin, "人格讲义", &[second, third]).await;
    ok(&app.post("/api/v1/knowledge/points/delete", json!({"kpId": second}), Some(&admin.token)).await);
    assert!(links(&app).await.is_empty());
    let relations = app.post("/api/v1/knowledge/points/resources/list", json!({}), Some(&admin.token)).await;
    assert_eq!(relations.data()["list"], json!([{"id": relations.data()["list"][0]["id"], "kpId": third, "krId": kr_id}]));
    assert_eq!(app.post("/api/v1/knowledge/points/delete", json!({"kpId": second}), Some(&admin.token)).await.status, 404);
}

}
