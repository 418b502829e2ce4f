//! The catalogue, purchases through the wallet, and course trees kept true to the points.

use payments::api::Currency;

use crate::*;

async fn buy(app: &TestApp, member: &TestUser, course_id: i64) -> TestResponse {
    app.post(
        "/api/v1/knowledge/courses/buy",
        json!({"kcId": course_id}),
        Some(&member.token),
    )
    .await
}

async fn cny(app: &TestApp, member: &TestUser) -> (i64, i64) {
    payments::api::balance_and_ledger_sum(&app.state, member.id, Currency::Cny)
        .await
        .unwrap()
}

async fn catalogue(app: &TestApp, viewer: &TestUser, body: Value) -> Value {
    let response = app
        .post("/api/v1/knowledge/courses/list", body, Some(&viewer.token))
        .await;
    ok(&response);
    response.data().clone()
}

async fn uploaded_banner(app: &TestApp, admin: &TestUser) -> String {
    let response = app
        .upload(
            "/api/v1/upload?purpose=course_banner",
            &platform::testkit::images::png(64, 40),
            Some(&admin.token),
        )
        .await;
    ok(&response);
    response.message().to_owned()
}

/// The uploads module's hourly maintenance, as the gateway runs it.
async fn sweep_uploads(app: &TestApp) {
    let job = platform::module::UPLOADS
        .maintenance
        .expect("the uploads module sweeps");
    job(&app.state).await.unwrap();
}

async fn served_status(app: &TestApp, path: &str) -> u16 {
    app.get(&format!("/api/v1/{path}"), None).await.status
}

platform::engine_tests! { crate::spawn_app;

async fn a_purchase_needs_a_member_and_the_money(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let lesson = point(&app, &admin, "倾听的三个层次", &[]).await;
    let paid = course(&app, &admin, "沟通与倾听", 1990, &[lesson]).await;
    let free = course(&app, &admin, "恋爱心理学入门", 0, &[lesson]).await;

    assert_eq!(app.post("/api/v1/knowledge/courses/buy", json!({"kcId": paid}), None).await.status, 401);
    let refused = buy(&app, &member, free).await;
    assert_eq!((refused.status, refused.message()), (400, "该课程免费，无需购买"));
    let short = buy(&app, &member, paid).await;
    assert_eq!((short.status, short.message()), (402, "余额不足，需要 ¥19.90，当前余额 ¥0.00，请先充值"));
    assert_eq!(buy(&app, &member, 999_999).await.status, 404);

    give_money(&app, &member, 2500).await;
    let bought = buy(&app, &member, paid).await;
    ok(&bought);
    assert_eq!(bought.data()["balance"], 510);
    assert!(bought.data()["orderNo"].as_str().is_some_and(|no| !no.is_empty()));
    assert_eq!(cny(&app, &member).await, (510, 510));
    let again = buy(&app, &member, paid).await;
    assert_eq!((again.status, again.message()), (409, "您已购买该课程"));
    assert_eq!(cny(&app, &member).await, (510, 510));

    let listed = catalogue(&app, &member, json!({"pageSize": 1000})).await;
    assert_eq!(item(&listed["list"], "kcId", paid)["isAcquired"], 1);
    assert_eq!(item(&listed["list"], "kcId", free)["isAcquired"], 0);
    let other = signed_in_user(&app, "member2", Role::User).await;
    assert_eq!(item(&catalogue(&app, &other, json!({})).await["list"], "kcId", paid)["isAcquired"], 0);
    let guests = app.post("/api/v1/knowledge/courses/guest/list", json!({}), None).await;
    assert_eq!(item(&guests.data()["list"], "kcId", paid)["isAcquired"], 0);
}

async fn concurrent_purchases_charge_once(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let paid = course(&app, &admin, "情绪管理", 500, &[]).await;
    give_money(&app, &member, 5000).await;
    let attempts = (0..10).map(|_| buy(&app, &member, paid));
    let statuses: Vec<u16> = futures_util::future::join_all(attempts).await.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 409), "{statuses:?}");
    assert_eq!(cny(&app, &member).await, (4500, 4500));
}

async fn a_sold_course_stays_for_its_buyers(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let sold = course(&app, &admin, "已售课程", 100, &[]).await;
    let unsold = course(&app, &admin, "未售课程", 100, &[]).await;
    give_money(&app, &member, 100).await;
    ok(&buy(&app, &member, sold).await);
    let refused = app.post("/api/v1/knowledge/courses/delete", json!({"kcId": sold}), Some(&admin.token)).await;
    assert_eq!(refused.status, 409, "{}", refused.json);
    ok(&app.post("/api/v1/knowledge/courses/delete", json!({"kcId": unsold}), Some(&admin.token)).await);
    assert_eq!(detail(&app, None, unsold).await.status, 404);
    assert_eq!(app.post("/api/v1/knowledge/courses/delete", json!({"kcId": unsold}), Some(&admin.token)).await.status, 404);
    assert_eq!(detail(&app, Some(&member), sold).await.data()["readable"], true);
}

async fn a_tree_holds_existing_points_once_and_follows_their_changes(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let root = point(&app, &admin, "情绪是什么", &[]).await;
    let middle = point(&app, &admin, "识别情绪", &[]).await;
    let leaf = point(&app, &admin, "给情绪命名", &[]).await;

    let create = |body: Value| app.post("/api/v1/knowledge/courses/create", body, Some(&admin.token));
    let missing = create(course_body("坏课程", 0, &[root, 987_654])).await;
    assert_eq!((missing.status, missing.message()), (400, "课程结构中的知识点不存在（编号 987654）"));
    let repeated = create(course_body("坏课程", 0, &[root, root])).await;
    assert_eq!(repeated.status, 400, "{}", repeated.json);
    let mut garbled = course_body("坏课程", 0, &[]);
    garbled["kpTree"] = json!("{not json");
    assert_eq!(create(garbled).await.message(), "课程结构格式不正确");
    let mut unnamed = course_body("", 0, &[]);
    unnamed["name"] = json!("  ");
    assert_eq!(create(unnamed).await.message(), "请输入课程名称");

    let nested = json!([{"kpID": root, "seqname": "x", "name": "旧名字", "children": [{"kpID": middle, "children": [{"kpID": leaf}]}]}]);
    let mut body = course_body("情绪管理", 2990, &[]);
    body["kpTree"] = json!(nested.to_string());
    let created = create(body).await;
    ok(&created);
    let course_id = created.data()["kcId"].as_i64().unwrap();
    let tree = |data: &Value| -> Value { serde_json::from_str(data["course"]["kpTree"].as_str().unwrap()).unwrap() };
    let stored = tree(detail(&app, Some(&admin), course_id).await.data());
    assert_eq!((stored[0]["name"].as_str(), stored[0]["seqname"].as_str()), (Some("情绪是什么"), Some("1")));
    assert_eq!(stored[0]["children"][0]["children"][0]["seqname"], "1.1.1");

    // A renamed point is renamed in the tree; a deleted one leaves its children in its place.
    let renamed = app.post("/api/v1/knowledge/points/update", json!({"id": middle, "name": "觉察情绪", "category": "情绪", "level": 2}), Some(&admin.token)).await;
    ok(&renamed);
    let stored = tree(detail(&app, Some(&admin), course_id).await.data());
    assert_eq!(stored[0]["children"][0]["name"], "觉察情绪");
    ok(&app.post("/api/v1/knowledge/points/delete", json!({"kpId": middle}), Some(&admin.token)).await);
    let after = detail(&app, Some(&admin), course_id).await;
    let stored = tree(after.data());
    assert_eq!((stored[0]["children"][0]["kpID"].as_i64(), stored[0]["children"][0]["seqname"].as_str()), (Some(leaf), Some("1.1")));
    assert_eq!(after.data()["course"]["pointCount"], 2);
}

async fn the_catalogue_searches_and_pages(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    for index in 0..15 {
        course(&app, &admin, &format!("课程{index:02}"), 0, &[]).await;
    }
    course(&app, &admin, "大五人格", 3990, &[]).await;
    let everything = catalogue(&app, &admin, json!({"page": 1, "pageSize": 1000})).await;
    assert_eq!((everything["list"].as_array().unwrap().len(), everything["total"].as_i64()), (16, Some(16)));
    let first = catalogue(&app, &admin, json!({})).await;
    assert_eq!(first["list"].as_array().unwrap().len(), 12);
    let second = catalogue(&app, &admin, json!({"page": 2, "pageSize": 12})).await;
    assert_eq!(second["list"][3]["name"], "大五人格");
    let found = catalogue(&app, &admin, json!({"keyword": " 人格 "})).await;
    assert_eq!((found["total"].as_i64(), found["list"][0]["fee"].as_i64()), (Some(1), Some(3990)));
    let by_description = catalogue(&app, &admin, json!({"keyword": "课程07的课程介绍"})).await;
    assert_eq!(by_description["total"], 1);
}

async fn a_banner_is_an_uploaded_course_banner(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let mut body = course_body("带封面的课程", 0, &[]);
    body["banner"] = json!("uploads/course_banner/aa/not-uploaded.png");
    let refused = app.post("/api/v1/knowledge/courses/create", body.clone(), Some(&admin.token)).await;
    assert_eq!((refused.status, refused.message()), (400, "课程封面须是上传的图片"));
    let uploaded = app.upload("/api/v1/upload?purpose=course_banner", &platform::testkit::images::png(64, 40), Some(&admin.token)).await;
    ok(&uploaded);
    body["banner"] = json!(uploaded.message());
    let created = app.post("/api/v1/knowledge/courses/create", body, Some(&admin.token)).await;
    ok(&created);
    let kc_id = created.data()["kcId"].as_i64().unwrap();
    assert_eq!(detail(&app, None, kc_id).await.data()["course"]["banner"], uploaded.message());
}

async fn a_course_banner_outlives_the_sweep_of_unused_uploads(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let banner = uploaded_banner(&app, &admin).await;
    let unused = uploaded_banner(&app, &admin).await;
    let mut body = course_body("带封面的课程", 0, &[]);
    body["banner"] = json!(banner);
    let created = app.post("/api/v1/knowledge/courses/create", body, Some(&admin.token)).await;
    ok(&created);
    let kc_id = created.data()["kcId"].as_i64().unwrap();

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
    sweep_uploads(&app).await;
    assert_eq!(detail(&app, None, kc_id).await.data()["course"]["banner"], json!(banner));
    assert_eq!(served_status(&app, &banner).await, 200);
    assert_eq!(served_status(&app, &unused).await, 404);
}

async fn an_update_without_tree_banner_or_fee_keeps_them(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let first = point(&app, &admin, "倾听", &[]).await;
    let second = point(&app, &admin, "复述", &[]).await;
    let uploaded = app.upload("/api/v1/upload?purpose=course_banner", &platform::testkit::images::png(64, 40), Some(&admin.token)).await;
    ok(&uploaded);
    let mut body = course_body("沟通与倾听", 1990, &[first, second]);
    body["banner"] = json!(uploaded.message());
    let created = app.post("/api/v1/knowledge/courses/create", body, Some(&admin.token)).await;
    ok(&created);
    let kc_id = created.data()["kcId"].as_i64().unwrap();
    let before = detail(&app, Some(&admin), kc_id).await.data()["course"].clone();

    let renamed = app.post("/api/v1/knowledge/courses/update", json!({
        "kcId": kc_id, "name": "倾听的艺术", "category": "沟通", "level": 2, "description": "新的介绍",
    }), Some(&admin.token)).await;
    ok(&renamed);
    let after = detail(&app, Some(&admin), kc_id).await;
    let course = &after.data()["course"];
    assert_eq!((course["name"].as_str(), course["level"].as_i64()), (Some("倾听的艺术"), Some(2)));
    assert_eq!((&course["kpTree"], &course["banner"], &course["fee"], &course["pointCount"]), (&before["kpTree"], &before["banner"], &before["fee"], &json!(2)));
    assert_eq!(after.data()["points"].as_array().unwrap().len(), 2, "the course still holds its points");

    // Sent, they change: an empty tree and banner clear them.
    let cleared = app.post("/api/v1/knowledge/courses/update", json!({
        "kcId": kc_id, "name": "倾听的艺术", "category": "沟通", "level": 2, "description": "新的介绍",
        "fee": 0, "banner": "", "kpTree": "[]",
    }), Some(&admin.token)).await;
    ok(&cleared);
    let course = detail(&app, Some(&admin), kc_id).await.data()["course"].clone();
    assert_eq!((course["kpTree"].as_str(), course["banner"].as_str(), course["fee"].as_i64(), course["pointCount"].as_i64()), (Some("[]"), Some(""), Some(0), Some(0)));
    let unknown = app.post("/api/v1/knowledge/courses/update", json!({"kcId": 999_999, "name": "x", "category": "x", "level": 1, "description": "x"}), Some(&admin.token)).await;
    assert_eq!(unknown.status, 404);
}

async fn a_course_bought_and_then_made_free_stays_acquired(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let paid = course(&app, &admin, "情绪管理", 500, &[]).await;
    give_money(&app, &member, 500).await;
    ok(&buy(&app, &member, paid).await);
    let mut body = course_body("情绪管理", 0, &[]);
    body["kcId"] = json!(paid);
    ok(&app.post("/api/v1/knowledge/courses/update", body, Some(&admin.token)).await);
    let listed = catalogue(&app, &member, json!({"pageSize": 1000})).await;
    assert_eq!(item(&listed["list"], "kcId", paid)["isAcquired"], 1);
    assert_eq!(detail(&app, Some(&member), paid).await.data()["course"]["isAcquired"], 1);
    // Free now, so nobody buys it any more.
    let other = signed_in_user(&app, "member2", Role::User).await;
    let refused = buy(&app, &other, paid).await;
    assert_eq!((refused.status, refused.message()), (400, "该课程免费，无需购买"));
}

}
