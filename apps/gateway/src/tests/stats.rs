//! The my page's stats, composed from the profile, moments, blog and exams crates, each count as the
//! matching list shows it. On SQLite and PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use accounts::testkit::{TestUser, signed_in_user};
use platform::Role;
use platform::testkit::{Engine, TestApp, TestResponse};
use serde_json::{Value, json};

use crate::mount;

async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, mount::MODULES).await
}

async fn ok(app: &TestApp, user: &TestUser, path: &str, body: Value) -> TestResponse {
    let response = app.post(path, body, Some(&user.token)).await;
    assert_eq!(response.status, 200, "{path}: {}", response.json);
    response
}

async fn moment(app: &TestApp, user: &TestUser, content: &str) -> i64 {
    let created = ok(
        app,
        user,
        "/api/v1/moment/create",
        json!({"content": content}),
    )
    .await;
    created.data()["momentId"].as_i64().unwrap()
}

platform::engine_tests! { spawn_app;

async fn every_count_is_what_its_list_shows(app) {
    let ann = signed_in_user(&app, "ann", Role::User).await;
    let bob = signed_in_user(&app, "bob", Role::User).await;
    let cat = signed_in_user(&app, "cat", Role::User).await;
    let dan = signed_in_user(&app, "dan", Role::User).await;
    let profile = |user: &TestUser| json!({"uuid": user.uuid});

    // Visits: ann looks at bob; bob looks at ann twice within half an hour (one visit); cat
    // looks invisibly (counted nowhere ann can see); dan looks and is then blacklisted (his
    // visit stays in the count, not in the list).
    ok(&app, &ann, "/api/v1/user/profile/get", profile(&bob)).await;
    ok(&app, &bob, "/api/v1/user/profile/get", profile(&ann)).await;
    ok(&app, &bob, "/api/v1/user/profile/get", profile(&ann)).await;
    ok(&app, &cat, "/api/v1/user/profile/update", json!({"invisibleBrowsing": 1})).await;
    ok(&app, &cat, "/api/v1/user/profile/get", profile(&ann)).await;
    ok(&app, &dan, "/api/v1/user/profile/get", profile(&ann)).await;
    // Likes: ann and bob both ways, cat likes ann; ann blacklists dan.
    ok(&app, &ann, "/api/v1/user/like", json!({"targetUuid": bob.uuid})).await;
    ok(&app, &bob, "/api/v1/user/like", json!({"targetUuid": ann.uuid})).await;
    ok(&app, &cat, "/api/v1/user/like", json!({"targetUuid": ann.uuid})).await;
    ok(&app, &ann, "/api/v1/user/blacklist/add", json!({"targetUuid": dan.uuid})).await;
    // Moments: ann posts two; bob likes and comments on one; ann likes and comments on bob's,
    // and likes her own (not a like received).
    let anns = moment(&app, &ann, "甲的动态").await;
    moment(&app, &ann, "甲的第二条动态").await;
    let bobs = moment(&app, &bob, "乙的动态").await;
    ok(&app, &bob, "/api/v1/moment/like", json!({"momentId": anns})).await;
    ok(&app, &bob, "/api/v1/comment/create", json!({"momentId": anns, "content": "好看", "parentId": 0})).await;
    ok(&app, &ann, "/api/v1/moment/like", json!({"momentId": anns})).await;
    ok(&app, &ann, "/api/v1/moment/like", json!({"momentId": bobs})).await;
    ok(&app, &ann, "/api/v1/comment/create", json!({"momentId": bobs, "content": "赞", "parentId": 0})).await;
    ok(&app, &ann, "/api/v1/comment/create", json!({"momentId": anns, "content": "谢谢", "parentId": 0})).await;
    // Assessments: ann completes one twice and another once; bob's result is not hers.
    let admin = signed_in_user(&app, "guanli", Role::Admin).await;
    let questions = json!([{"qid": 1, "question": "今天开心吗", "options": [
        {"oid": 1, "option": "开心", "score": 1}, {"oid": 2, "option": "一般", "score": 0},
    ]}]).to_string();
    let mut exams = Vec::new();
    for name in ["心情小测", "睡眠小测"] {
        let created = ok(&app, &admin, "/api/v1/exam/create", json!({
            "examName": name, "profile": "一道题的小测评", "description": "说明",
            "questionCount": 1, "timeLimit": 0, "questions": questions,
        })).await;
        exams.push(created.data()["id"].as_i64().unwrap());
    }
    for (taker, exam_id) in [(&ann, exams[0]), (&ann, exams[0]), (&ann, exams[1]), (&bob, exams[1])] {
        let answer = json!({"examId": exam_id, "answers": [{"qid": 1, "oid": 1}], "isTemp": 0});
        ok(&app, taker, "/api/v1/exam/answer", answer).await;
    }
    // A draft article.
    ok(&app, &ann, "/api/v1/blog/create", json!({"title": "一篇草稿", "content": "这是一篇还没有发布的文章正文。", "isPublished": false})).await;

    // Real-name verification: ann submits (counted as hers, not yet passed).
    let mut photos = Vec::new();
    for _ in 0..2 {
        let png = platform::testkit::images::png(40, 30);
        let uploaded = app.upload("/api/v1/upload?purpose=idcard", &png, Some(&ann.token)).await;
        assert_eq!(uploaded.status, 200, "{}", uploaded.json);
        photos.push(uploaded.message().to_owned());
    }
    ok(&app, &ann, "/api/v1/idcard/verify", json!({
        "name": "安娜", "idcard": "11010519491231002X", "idcard_front": photos[0], "idcard_back": photos[1],
    })).await;

    let stats = ok(&app, &ann, "/api/v1/user/stats", json!({})).await;
    let stats = stats.data();
    for (field, expected) in [
        ("visitedCount", 1), ("visitedmeCount", 1), ("visiteCount", 2),
        ("likedCount", 1), ("likedmeCount", 2), ("mutuallikedCount", 1),
        ("commentCount", 2), ("commentmeCount", 1),
        ("momentsCount", 2), ("momentslikeCount", 1), ("momentsthumsupCount", 1),
        ("blacklistCount", 1), ("blogCount", 1),
        ("myTestsCount", 3), ("testCount", 2),
        ("listenCount", 0), ("myCertsCount", 1), ("certificationCount", 0),
    ] {
        assert_eq!(stats[field], json!(expected), "{field}: {stats}");
    }
    assert!(stats["avatar"].is_string());

    // Once an admin passes her, she counts as verified.
    let submissions = ok(&app, &admin, "/api/v1/admin/idcard/verify/list", json!({"page": 1, "page_size": 10})).await;
    let id = submissions.data()["list"][0]["id"].as_i64().unwrap();
    ok(&app, &admin, "/api/v1/admin/idcard/audit", json!({"id": id, "audit_status": 2, "fail_reason": ""})).await;
    let passed = ok(&app, &ann, "/api/v1/user/stats", json!({})).await;
    assert_eq!((passed.data()["myCertsCount"].clone(), passed.data()["certificationCount"].clone()), (json!(1), json!(1)));

    let fresh = ok(&app, &dan, "/api/v1/user/stats", json!({})).await;
    assert_eq!(fresh.data()["visitedCount"], json!(0), "dan's visit to ann is hidden by the blacklisting");
    assert_eq!(app.post("/api/v1/user/stats", json!({}), None).await.status, 401);
}

}
