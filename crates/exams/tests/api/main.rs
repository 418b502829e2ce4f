//! Black-box tests of the assessments API, each run on SQLite and on PostgreSQL.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

mod catalogue;
mod instruments;
mod matching;
mod purchases;
mod taking;

use platform::testkit::{Engine, TestApp, TestResponse};

pub use accounts::testkit::{TestUser, signed_in_user};
pub use platform::Role;
pub use serde_json::{Value, json};

const MODULES: &[platform::Module] = &[
    accounts::MODULE,
    platform::module::UPLOADS,
    payments::MODULE,
    profile::MODULE,
    exams::MODULE,
];

pub async fn spawn_app(engine: Engine) -> Option<TestApp> {
    accounts::testkit::spawn_app_with(engine, MODULES).await
}

/// `count` questions on the 总分 dimension, options 1..=3 scoring 0..=2.
pub fn questions(count: i64) -> Value {
    let list: Vec<Value> = (1..=count)
        .map(|qid| {
            json!({
                "qid": qid,
                "question": format!("第{qid}个问题"),
                "question_key": "__1_总分",
                "question_tag": "状态",
                "score": 0,
                "options": [
                    {"oid": 1, "option": "从不", "score": 0},
                    {"oid": 2, "option": "有时", "score": 1},
                    {"oid": 3, "option": "经常", "score": 2},
                ],
            })
        })
        .collect();
    Value::Array(list)
}

/// A valid create body: `count` questions, free, no time limit.
pub fn exam_body(name: &str, count: i64) -> Value {
    json!({
        "examName": name,
        "profile": "一份用于测试的测评简介",
        "description": "测评的详细说明",
        "feedbacks": "给管理员的评分说明",
        "stops": "中途退出时答案会保存",
        "questionCount": count,
        "timeLimit": 0,
        "fee": 0,
        "questions": questions(count).to_string(),
        "summarys": json!({"__1_总分": [
            {"min": 0, "max": 2, "digest": "较低", "description": "分数较低"},
            {"min": 3, "max": 200, "digest": "较高", "description": "分数较高"},
        ]}).to_string(),
        "originalQuestions": "原始题目文本",
    })
}

/// Publishes an assessment as `admin` and returns its id.
pub async fn publish(app: &TestApp, admin: &TestUser, body: Value) -> i64 {
    let response = app
        .post("/api/v1/exam/create", body, Some(&admin.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["id"].as_i64().unwrap()
}

/// Answers for every qid in `1..=count`, each with `oid`.
pub fn all_answers(count: i64, oid: i64) -> Value {
    Value::Array(
        (1..=count)
            .map(|qid| json!({"qid": qid, "oid": oid}))
            .collect(),
    )
}

pub async fn submit(
    app: &TestApp,
    member: &TestUser,
    exam_id: i64,
    answers: Value,
) -> TestResponse {
    app.post(
        "/api/v1/exam/answer",
        json!({"examId": exam_id, "answers": answers, "isTemp": 0}),
        Some(&member.token),
    )
    .await
}

pub async fn start(app: &TestApp, member: &TestUser, exam_id: i64) -> TestResponse {
    app.post(
        "/api/v1/exam/start",
        json!({"examId": exam_id}),
        Some(&member.token),
    )
    .await
}

/// Gives the member `fen` of money through the wallet's ledger.
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

pub async fn result(app: &TestApp, member: &TestUser, result_id: i64) -> TestResponse {
    app.post(
        "/api/v1/result/get",
        json!({"resultId": result_id}),
        Some(&member.token),
    )
    .await
}
