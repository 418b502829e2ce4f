//! Who reads what: structure for everyone, a paid course's content only for its buyers and
//! admins, every change only for admins.

use crate::*;

const FORBIDDEN: &str = "权限不足，需要管理员权限才能执行此操作";

platform::engine_tests! { crate::spawn_app;

async fn paid_content_is_hidden_until_bought(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let basics = point(&app, &admin, "依恋理论", &[]).await;
    let secure = point(&app, &admin, "安全型依恋", &[basics]).await;
    let course_id = course(&app, &admin, "恋爱心理学", 1990, &[basics, secure]).await;
    let video = resource(&app, &admin, "导读视频", &[basics]).await;

    for viewer in [None, Some(&member)] {
        let locked = detail(&app, viewer, course_id).await;
        ok(&locked);
        let data = locked.data();
        assert_eq!(data["readable"], false);
        let shown = item(&data["points"], "kpId", secure);
        assert_eq!((shown["name"].as_str(), shown["description"].as_str()), (Some("安全型依恋"), Some("安全型依恋的简介")));
        assert_eq!((shown["locked"].as_bool(), shown["content"].as_str()), (Some(true), Some("")));
        assert_eq!(shown["examples"], json!([]));
        let clip = item(&data["resources"], "krId", video);
        assert_eq!((clip["locked"].as_bool(), clip["url"].as_str()), (Some(true), Some("")));
        assert_eq!(data["prerequisites"][0]["parentKpId"], basics);
    }
    let listed = app.post("/api/v1/knowledge/points/list", json!({"pageSize": 1000}), Some(&member.token)).await;
    assert_eq!(item(&listed.data()["list"], "kpId", basics)["content"], "");
    let resources = app.post("/api/v1/knowledge/resources/list", json!({}), Some(&member.token)).await;
    assert_eq!(item(&resources.data()["list"], "krId", video)["url"], "");

    give_money(&app, &member, 1990).await;
    ok(&app.post("/api/v1/knowledge/courses/buy", json!({"kcId": course_id}), Some(&member.token)).await);
    let open = detail(&app, Some(&member), course_id).await;
    let data = open.data();
    assert_eq!(data["readable"], true);
    let shown = item(&data["points"], "kpId", secure);
    assert_eq!((shown["locked"].as_bool(), shown["content"].as_str()), (Some(false), Some("<p>安全型依恋的正文</p>")));
    assert_eq!(shown["examples"], json!(["安全型依恋的示例"]));
    assert_eq!(item(&data["resources"], "krId", video)["url"], "/media/knowledge/intro/index.m3u8");
    let listed = app.post("/api/v1/knowledge/points/list", json!({"pageSize": 1000}), Some(&member.token)).await;
    assert_eq!(item(&listed.data()["list"], "kpId", basics)["locked"], false);
    let resources = app.post("/api/v1/knowledge/resources/list", json!({"kpId": basics}), Some(&member.token)).await;
    assert_eq!(item(&resources.data()["list"], "krId", video)["locked"], false);
    // Others still see it locked; admins never need to buy.
    assert_eq!(detail(&app, None, course_id).await.data()["readable"], false);
    assert_eq!(detail(&app, Some(&admin), course_id).await.data()["readable"], true);
}

async fn free_content_is_open_and_unpublished_material_is_not(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let open_point = point(&app, &admin, "什么是吸引", &[]).await;
    let loose_point = point(&app, &admin, "还没放进课程的知识点", &[]).await;
    let course_id = course(&app, &admin, "免费入门", 0, &[open_point]).await;
    let bound = resource(&app, &admin, "免费讲义", &[open_point]).await;
    let unbound = resource(&app, &admin, "草稿资源", &[]).await;

    let guest = detail(&app, None, course_id).await;
    assert_eq!(guest.data()["readable"], true);
    assert_eq!(item(&guest.data()["points"], "kpId", open_point)["content"], "<p>什么是吸引的正文</p>");
    let points = app.post("/api/v1/knowledge/points/guest/list", json!({"pageSize": 1000}), None).await;
    assert_eq!(item(&points.data()["list"], "kpId", open_point)["locked"], false);
    assert_eq!(item(&points.data()["list"], "kpId", loose_point)["locked"], true);

    for (path, token) in [
        ("/api/v1/knowledge/resources/guest/list", None),
        ("/api/v1/knowledge/resources/list", Some(member.token.as_str())),
    ] {
        let listed = app.post(path, json!({"pageSize": 1000}), token).await;
        let ids: Vec<i64> = listed.data()["list"].as_array().unwrap().iter().map(|r| r["krId"].as_i64().unwrap()).collect();
        assert_eq!((ids, listed.data()["total"].as_i64()), (vec![bound], Some(1)), "{path}");
    }
    let everything = app.post("/api/v1/knowledge/resources/list", json!({"pageSize": 1000}), Some(&admin.token)).await;
    assert_eq!(everything.data()["total"], 2);
    assert_eq!(item(&everything.data()["list"], "krId", unbound)["locked"], false);
}

async fn every_change_needs_an_admin_before_its_body_is_read(app) {
    let member = signed_in_user(&app, "member1", Role::User).await;
    let writes = [
        "/api/v1/knowledge/courses/create",
        "/api/v1/knowledge/courses/update",
        "/api/v1/knowledge/courses/delete",
        "/api/v1/knowledge/points/create",
        "/api/v1/knowledge/points/update",
        "/api/v1/knowledge/points/delete",
        "/api/v1/knowledge/prerequisites/create",
        "/api/v1/knowledge/prerequisites/delete",
        "/api/v1/knowledge/resources/create",
        "/api/v1/knowledge/resources/update",
        "/api/v1/knowledge/resources/delete",
        "/api/v1/knowledge/resources/bind",
        "/api/v1/knowledge/relations/create",
        "/api/v1/knowledge/relations/delete",
    ];
    for path in writes {
        let refused = app.post(path, json!({"not": "this shape"}), Some(&member.token)).await;
        assert_eq!((refused.status, refused.message()), (403, FORBIDDEN), "{path}");
        assert_eq!(app.post(path, json!({}), None).await.status, 401, "{path}");
    }
    let reads = [
        ("/api/v1/knowledge/courses/list", "/api/v1/knowledge/courses/guest/list"),
        ("/api/v1/knowledge/points/list", "/api/v1/knowledge/points/guest/list"),
        ("/api/v1/knowledge/prerequisites/list", "/api/v1/knowledge/prerequisites/guest/list"),
        ("/api/v1/knowledge/resources/list", "/api/v1/knowledge/resources/guest/list"),
    ];
    for (member_path, guest_path) in reads {
        ok(&app.post(member_path, json!({}), Some(&member.token)).await);
        assert_eq!(app.post(member_path, json!({}), None).await.status, 401, "{member_path}");
        ok(&app.post(guest_path, json!({}), None).await);
    }
    ok(&app.post("/api/v1/knowledge/points/resources/list", json!({}), Some(&member.token)).await);
}

async fn a_superadmin_writes_and_reads_paid_content_like_an_admin(app) {
    let superadmin = signed_in_user(&app, "root1", Role::Superadmin).await;
    let first = point(&app, &superadmin, "依恋理论", &[]).await;
    let second = point(&app, &superadmin, "安全型依恋", &[first]).await;
    let kc_id = course(&app, &superadmin, "恋爱心理学", 1990, &[first, second]).await;
    let kr_id = resource(&app, &superadmin, "导读视频", &[first]).await;
    ok(&app.post("/api/v1/knowledge/points/update", json!({"id": second, "name": "安全型依恋（修订）", "category": "心理学", "level": 2}), Some(&superadmin.token)).await);
    let mut body = course_body("恋爱心理学（修订）", 2990, &[first, second]);
    body["kcId"] = json!(kc_id);
    ok(&app.post("/api/v1/knowledge/courses/update", body, Some(&superadmin.token)).await);
    ok(&app.post("/api/v1/knowledge/resources/update", json!({"krId": kr_id, "name": "导读视频（新）", "type": "video", "url": "/media/knowledge/intro/index.m3u8"}), Some(&superadmin.token)).await);
    let board = app.post("/api/v1/knowledge/graph/get", json!({"kcId": kc_id}), Some(&superadmin.token)).await;
    assert_eq!(board.data()["editable"], true);
    ok(&app.post("/api/v1/knowledge/graph/save", json!({"kcId": kc_id, "baseVersion": board.data()["version"], "nodes": board.data()["nodes"], "connections": []}), Some(&superadmin.token)).await);

    // The paid course's content is open to them without buying it.
    let shown = detail(&app, Some(&superadmin), kc_id).await;
    assert_eq!(shown.data()["readable"], true);
    assert_eq!(item(&shown.data()["points"], "kpId", second)["content"], "<p>安全型依恋的正文</p>");
    assert_eq!(item(&shown.data()["resources"], "krId", kr_id)["url"], "/media/knowledge/intro/index.m3u8");

    let relations = app.post("/api/v1/knowledge/points/resources/list", json!({}), Some(&superadmin.token)).await;
    let relation = relations.data()["list"][0]["id"].clone();
    ok(&app.post("/api/v1/knowledge/relations/delete", json!({"id": relation}), Some(&superadmin.token)).await);
    ok(&app.post("/api/v1/knowledge/resources/delete", json!({"krId": kr_id}), Some(&superadmin.token)).await);
    ok(&app.post("/api/v1/knowledge/courses/delete", json!({"kcId": kc_id}), Some(&superadmin.token)).await);
    ok(&app.post("/api/v1/knowledge/points/delete", json!({"kpId": second}), Some(&superadmin.token)).await);
}

}
