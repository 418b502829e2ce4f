//! Black-box tests of the knowledge API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod access;
mod courses;
mod graph;
mod learning;
mod points;
mod resources;
mod wrong_types;

use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[
    accounts::MODULE,
    platform::module::UPLOADS,
    payments::MODULE,
    knowledge::MODULE,
];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

pub fn ok(response: &TestResponse) {
    assert_eq!(response.status, 200, "{}", response.json);
}

/// A point with content, examples and references; `parents` its prerequisites.
pub async fn point(app: &TestApp, admin: &TestUser, name: &str, parents: &[i64]) -> i64 {
    let response = app
        .post(
            "/api/v1/knowledge/points/create",
            json!({
                "name": name,
                "category": "心理学",
                "level": 1,
                "description": format!("{name}的简介"),
                "content": format!("<p>{name}的正文</p>"),
                "examples": [format!("{name}的示例")],
                "references": ["Bowlby, J. (1969). Attachment and Loss."],
                "prerequisites": parents,
            }),
            Some(&admin.token),
        )
        .await;
    ok(&response);
    response.data()["kpId"].as_i64().unwrap()
}

/// A course of `fee` fen whose tree is the points in order, the first as the root.
pub async fn course(app: &TestApp, admin: &TestUser, name: &str, fee: i64, points: &[i64]) -> i64 {
    let response = app
        .post(
            "/api/v1/knowledge/courses/create",
            course_body(name, fee, points),
            Some(&admin.token),
        )
        .await;
    ok(&response);
    response.data()["kcId"].as_i64().unwrap()
}

pub fn course_body(name: &str, fee: i64, points: &[i64]) -> Value {
    let tree = match points.split_first() {
        None => json!([]),
        Some((root, rest)) => json!([{
            "kpID": root,
            "children": rest.iter().map(|id| json!({"kpID": id})).collect::<Vec<_>>(),
        }]),
    };
    json!({
        "name": name,
        "category": "心理学",
        "level": 1,
        "description": format!("{name}的课程介绍"),
        "fee": fee,
        "kpTree": tree.to_string(),
    })
}

/// A resource bound to `points`.
pub async fn resource(app: &TestApp, admin: &TestUser, name: &str, points: &[i64]) -> i64 {
    let response = app
        .post(
            "/api/v1/knowledge/resources/create",
            json!({
                "name": name,
                "content": format!("{name}的内容"),
                "url": "/media/knowledge/intro/index.m3u8",
                "type": "video",
                "difficulty": 2,
            }),
            Some(&admin.token),
        )
        .await;
    ok(&response);
    let kr_id = response.data()["krId"].as_i64().unwrap();
    let bound = app
        .post(
            "/api/v1/knowledge/resources/bind",
            json!({"krId": kr_id, "kpIds": points}),
            Some(&admin.token),
        )
        .await;
    ok(&bound);
    kr_id
}

pub async fn give_money(app: &TestApp, member: &TestUser, fen: i64) {
    payments::api::gift(
        &app.state,
        member.id,
        payments::api::Currency::Cny,
        fen,
        "测试赠送",
    )
    .await
    .unwrap();
}

/// The learner view of a course as `viewer` (a guest when `None`).
pub async fn detail(app: &TestApp, viewer: Option<&TestUser>, course_id: i64) -> TestResponse {
    let path = if viewer.is_some() {
        "/api/v1/knowledge/courses/detail"
    } else {
        "/api/v1/knowledge/courses/guest/detail"
    };
    app.post(
        path,
        json!({"kcId": course_id}),
        viewer.map(|v| v.token.as_str()),
    )
    .await
}

/// The item of `list` whose `key` is `id`.
pub fn item(list: &Value, key: &str, id: i64) -> Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|item| item[key] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no {key} {id} in {list}"))
}
