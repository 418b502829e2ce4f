//! The graph editors' boards: saved and loaded again, their connections the prerequisite links
//! themselves, cycles refused with the edge named, members only looking.

use crate::*;

async fn board(app: &TestApp, viewer: &TestUser, kc_id: i64) -> TestResponse {
    app.post(
        "/api/v1/knowledge/graph/get",
        json!({"kcId": kc_id}),
        Some(&viewer.token),
    )
    .await
}

/// Saves `body`, from the graph's current version unless it names one.
async fn save(app: &TestApp, admin: &TestUser, mut body: Value) -> TestResponse {
    if body.get("baseVersion").is_none() {
        body["baseVersion"] = version(app, admin).await;
    }
    app.post("/api/v1/knowledge/graph/save", body, Some(&admin.token))
        .await
}

/// The graph's version, as a board read now says it.
async fn version(app: &TestApp, viewer: &TestUser) -> Value {
    board(app, viewer, 0).await.data()["version"].clone()
}

fn node(id: &str, kp_id: i64, x: f64, y: f64) -> Value {
    json!({"id": id, "kpId": kp_id, "x": x, "y": y})
}

fn edge(from: &str, to: &str) -> Value {
    json!({"from": from, "to": to})
}

/// Every prerequisite link as (parent, child), sorted.
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

platform::engine_tests! { crate::spawn_app;

async fn a_saved_board_round_trips_and_its_connections_are_the_prerequisites(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let outside = point(&app, &admin, "课程外的知识点", &[]).await;
    let first = point(&app, &admin, "倾听", &[outside]).await;
    let second = point(&app, &admin, "复述", &[]).await;
    let third = point(&app, &admin, "共情", &[]).await;
    let kc_id = course(&app, &admin, "沟通与倾听", 0, &[first, second, third]).await;

    let fresh = board(&app, &admin, kc_id).await;
    ok(&fresh);
    assert_eq!((fresh.data()["nodes"].as_array().unwrap().len(), fresh.data()["editable"].as_bool()), (3, Some(true)));
    assert_eq!(fresh.data()["nodes"][0]["name"], "倾听");

    let saved = save(&app, &admin, json!({
        "kcId": kc_id,
        "nodes": [node("a", first, 10.0, 20.0), node("b", second, 200.5, 20.0), node("c", third, 400.0, 120.0)],
        "connections": [edge("a", "b"), edge("b", "c")],
    })).await;
    ok(&saved);
    assert_eq!(saved.message(), "关系图已保存");
    assert_eq!(links(&app).await, vec![(outside, first), (first, second), (second, third)]);
    let loaded = board(&app, &admin, kc_id).await;
    let nodes = loaded.data()["nodes"].clone();
    assert_eq!((nodes[1]["id"].as_str(), nodes[1]["x"].as_f64(), nodes[1]["name"].as_str()), (Some("b"), Some(200.5), Some("复述")));
    let mut connections: Vec<(String, String)> = loaded.data()["connections"].as_array().unwrap().iter()
        .map(|c| (c["from"].as_str().unwrap().to_owned(), c["to"].as_str().unwrap().to_owned())).collect();
    connections.sort();
    assert_eq!(connections, vec![("a".to_owned(), "b".to_owned()), ("b".to_owned(), "c".to_owned())]);

    // A connection taken off the board is a link removed; a link from a point off the board stays.
    ok(&save(&app, &admin, json!({
        "kcId": kc_id,
        "nodes": [node("a", first, 10.0, 20.0), node("b", second, 200.0, 20.0), node("c", third, 400.0, 120.0)],
        "connections": [edge("a", "c")],
    })).await);
    assert_eq!(links(&app).await, vec![(outside, first), (first, third)]);

    // A deleted course takes its board along.
    ok(&app.post("/api/v1/knowledge/courses/delete", json!({"kcId": kc_id}), Some(&admin.token)).await);
    assert_eq!(board(&app, &admin, kc_id).await.status, 404);

    // The global board holds every point.
    let global = board(&app, &admin, 0).await;
    assert_eq!(global.data()["nodes"].as_array().unwrap().len(), 4);
}

async fn a_board_that_would_close_a_cycle_is_refused_and_changes_nothing(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "甲", &[]).await;
    let second = point(&app, &admin, "乙", &[first]).await;
    let third = point(&app, &admin, "丙", &[second]).await;
    let nodes = json!([node("a", first, 0.0, 0.0), node("b", second, 100.0, 0.0), node("c", third, 200.0, 0.0)]);
    let refused = save(&app, &admin, json!({"kcId": 0, "nodes": nodes, "connections": [edge("a", "b"), edge("b", "c"), edge("c", "a")]})).await;
    assert_eq!((refused.status, refused.message()), (400, "连接「丙 → 甲」会形成循环依赖：丙 → 甲 → 乙 → 丙"));
    assert_eq!(links(&app).await, vec![(first, second), (second, third)]);
    let still = board(&app, &admin, 0).await;
    assert_eq!(still.data()["nodes"][0]["id"], format!("kp-{first}"), "the board was not saved");

    let self_link = save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "a")]})).await;
    assert_eq!(self_link.message(), "知识点不能是自己的前置知识点");
    let stray = save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "z")]})).await;
    assert_eq!(stray.message(), "连接指向了画板上没有的节点");
    let twice = save(&app, &admin, json!({"nodes": [node("a", first, 0.0, 0.0), node("b", first, 1.0, 1.0)]})).await;
    assert_eq!(twice.message(), "同一个知识点在画板上只能出现一次");
    let missing = save(&app, &admin, json!({"nodes": [node("a", 909_090, 0.0, 0.0)]})).await;
    assert_eq!(missing.message(), "知识点不存在（编号 909090）");
    assert_eq!(save(&app, &admin, json!({"kcId": 31_337, "nodes": []})).await.status, 404);
    assert_eq!(board(&app, &admin, 31_337).await.status, 404);
}

async fn a_save_from_a_stale_board_is_refused_and_changes_nothing(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let other_admin = signed_in_user(&app, "admin2", Role::Admin).await;
    let first = point(&app, &admin, "倾听", &[]).await;
    let second = point(&app, &admin, "复述", &[]).await;
    let third = point(&app, &admin, "共情", &[]).await;
    let kc_id = course(&app, &admin, "沟通与倾听", 0, &[first, second, third]).await;
    let loaded = board(&app, &admin, kc_id).await;
    let seen = loaded.data()["version"].clone();
    let nodes = loaded.data()["nodes"].clone();
    let body = |base: &Value| json!({"kcId": kc_id, "baseVersion": base, "nodes": nodes, "connections": [edge(&format!("kp-{first}"), &format!("kp-{second}"))]});

    // Another editor links two of the board's points after it was loaded.
    ok(&app.post("/api/v1/knowledge/prerequisites/create", json!({"parentKpId": second, "childKpId": third}), Some(&other_admin.token)).await);
    let stale = app.post("/api/v1/knowledge/graph/save", body(&seen), Some(&admin.token)).await;
    assert_eq!((stale.status, stale.message()), (409, "关系图已被他人修改，请重新加载后再保存"));
    assert_eq!(links(&app).await, vec![(second, third)], "the other editor's link stays");

    // Reloaded, the board shows that link; two saves from the same version: one wins.
    let reloaded = board(&app, &admin, kc_id).await;
    assert_eq!(reloaded.data()["connections"].as_array().unwrap().len(), 1);
    let fresh = reloaded.data()["version"].clone();
    let (one, two) = futures_util::future::join(
        app.post("/api/v1/knowledge/graph/save", body(&fresh), Some(&admin.token)),
        app.post("/api/v1/knowledge/graph/save", body(&fresh), Some(&other_admin.token)),
    ).await;
    let mut statuses = [one.status, two.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} {}", one.json, two.json);
    assert_eq!(links(&app).await, vec![(first, second)]);
    let winner = if one.status == 200 { one } else { two };
    assert_eq!(winner.data()["version"], version(&app, &admin).await, "a save answers the version to save from next");
    let missing = app.post("/api/v1/knowledge/graph/save", json!({"kcId": kc_id, "nodes": []}), Some(&admin.token)).await;
    assert_eq!(missing.status, 400, "baseVersion is required");
}

async fn save_graph_returns_409_when_a_connection_is_drawn_twice(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "倾听", &[]).await;
    let second = point(&app, &admin, "复述", &[]).await;
    let nodes = json!([node("a", first, 0.0, 0.0), node("b", second, 100.0, 0.0)]);
    let twice = save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "b"), edge("a", "b")]})).await;
    assert_eq!((twice.status, twice.message()), (409, "连接已存在"));
    assert_eq!(links(&app).await, vec![], "nothing was saved");
    let still = board(&app, &admin, 0).await;
    assert_eq!(still.data()["nodes"][0]["id"], format!("kp-{first}"), "the board was not saved");

    // A self-connection stays a 400; the reverse connection is another one (a cycle here).
    let self_link = save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "a"), edge("a", "a")]})).await;
    assert_eq!((self_link.status, self_link.message()), (400, "知识点不能是自己的前置知识点"));
    let both_ways = save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "b"), edge("b", "a")]})).await;
    assert_eq!(both_ways.status, 400, "{}", both_ways.json);
    ok(&save(&app, &admin, json!({"nodes": nodes, "connections": [edge("a", "b")]})).await);
    assert_eq!(links(&app).await, vec![(first, second)]);
}

async fn a_cycle_through_points_off_the_board_is_named(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "甲", &[]).await;
    let outside = point(&app, &admin, "画板外", &[first]).await;
    let last = point(&app, &admin, "乙", &[outside]).await;
    let refused = save(&app, &admin, json!({"nodes": [node("a", first, 0.0, 0.0), node("b", last, 100.0, 0.0)], "connections": [edge("b", "a")]})).await;
    assert_eq!((refused.status, refused.message()), (400, "连接「乙 → 甲」会形成循环依赖：乙 → 甲 → 画板外 → 乙"));
}

async fn members_look_at_boards_but_do_not_save_them(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let first = point(&app, &admin, "自我认知", &[]).await;
    let looked = board(&app, &member, 0).await;
    ok(&looked);
    assert_eq!(looked.data()["editable"], false);
    let refused = save(&app, &member, json!({"nodes": [node("a", first, 0.0, 0.0)]})).await;
    assert_eq!((refused.status, refused.message()), (403, "权限不足，需要管理员权限才能执行此操作"));
    assert_eq!(app.post("/api/v1/knowledge/graph/get", json!({}), None).await.status, 401);
}

}
