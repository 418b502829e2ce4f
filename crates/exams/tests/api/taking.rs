//! Taking an assessment: resume from a temporary save, every question answered, the server's
//! clock, and each member's own results.

use crate::*;

platform::engine_tests! { crate::spawn_app;

async fn a_temporary_save_is_resumed_on_another_device(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, exam_body("自评", 4)).await;
    let started = start(&app, &member, exam_id).await;
    assert_eq!(started.status, 200, "{}", started.json);
    assert_eq!(started.data()["answers"], json!([]));
    assert_eq!(started.data()["questions"].as_array().unwrap().len(), 4);
    assert!(!started.data()["questions"].to_string().contains("score"));

    // The spec sends the answers as JSON text with the texts; only qid and oid count.
    let text = json!([{"qid": 1, "quest": "随便写", "oid": 3, "option": "随便"}, {"qid": 2, "quest": "", "oid": 1, "option": ""}]).to_string();
    let saved = app.post("/api/v1/exam/answer", json!({"examId": exam_id, "answers": text, "isTemp": 1}), Some(&member.token)).await;
    assert_eq!((saved.status, saved.data()["saved"].as_i64()), (200, Some(2)), "{}", saved.json);
    assert!(saved.data().get("resultId").is_none());

    app.clock.advance(120);
    let resumed = start(&app, &member, exam_id).await;
    assert_eq!(resumed.data()["answers"], json!([{"qid": 1, "oid": 3}, {"qid": 2, "oid": 1}]));
    assert_eq!(resumed.data()["startedAt"], started.data()["startedAt"]);

    for (answers, text) in [
        (json!([{"qid": 1, "oid": 9}]), "第 1 题的选项无效"),
        (json!([{"qid": 8, "oid": 1}]), "第 8 题不存在"),
        (json!("[{]"), "答案格式错误：应为 [{qid, oid}] 的 JSON 数组"),
    ] {
        let refused = app.post("/api/v1/exam/answer", json!({"examId": exam_id, "answers": answers, "isTemp": 1}), Some(&member.token)).await;
        assert_eq!((refused.status, refused.message()), (400, text));
    }
    // The refused saves lost nothing.
    let still = start(&app, &member, exam_id).await;
    assert_eq!(still.data()["answers"].as_array().unwrap().len(), 2);

    let incomplete = submit(&app, &member, exam_id, json!([{"qid": 1, "oid": 3}, {"qid": 2, "oid": 1}, {"qid": 4, "oid": 1}])).await;
    assert_eq!((incomplete.status, incomplete.message()), (400, "第 3 题尚未作答"));
    let done = submit(&app, &member, exam_id, json!([{"qid": 1, "oid": 3}, {"qid": 2, "oid": 1}, {"qid": 3, "oid": 2}, {"qid": 4, "oid": 3}])).await;
    assert_eq!(done.status, 200, "{}", done.json);
    let result_id = done.data()["resultId"].as_i64().unwrap();
    let scored = result(&app, &member, result_id).await;
    let data = scored.data();
    assert_eq!(data["examResult"], json!({"__1_总分": 5}));
    assert_eq!(data["maxScore"], json!({"__1_总分": 8}));
    assert_eq!(data["summary"]["__1_总分"]["digest"], "较高");
    assert_eq!(data["totalTime"], 120);
    assert_eq!(data["overtime"], 0);
    assert_eq!(data["questionsType"], "options");
    // The records carry the assessment's own texts, not what the client sent.
    assert_eq!(data["answer"][0], json!({"qid": 1, "quest": "第1个问题", "oid": 3, "option": "经常"}));
    // The submission closed the attempt: a new start begins afresh.
    assert_eq!(start(&app, &member, exam_id).await.data()["answers"], json!([]));
}

async fn the_time_limit_is_kept_by_the_server(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let mut body = exam_body("限时测评", 2);
    body["timeLimit"] = json!(10);
    let exam_id = publish(&app, &admin, body).await;
    let started = start(&app, &member, exam_id).await;
    assert_eq!(started.data()["remainingSeconds"], 600);
    app.clock.advance(590);
    assert_eq!(start(&app, &member, exam_id).await.data()["remainingSeconds"], 10);
    let on_time = submit(&app, &member, exam_id, all_answers(2, 1)).await;
    let on_time = result(&app, &member, on_time.data()["resultId"].as_i64().unwrap()).await;
    assert_eq!((on_time.data()["overtime"].as_i64(), on_time.data()["totalTime"].as_i64()), (Some(0), Some(590)));

    start(&app, &member, exam_id).await;
    app.clock.advance(10 * 60 + 31);
    assert_eq!(start(&app, &member, exam_id).await.data()["remainingSeconds"], 0);
    let late = submit(&app, &member, exam_id, all_answers(2, 3)).await;
    assert_eq!(late.status, 200, "late submissions are still scored");
    let late = result(&app, &member, late.data()["resultId"].as_i64().unwrap()).await;
    assert_eq!((late.data()["overtime"].as_i64(), late.data()["examResult"]["__1_总分"].as_i64()), (Some(1), Some(4)));
    let listed = app.post("/api/v1/result/list", json!({"examId": exam_id}), Some(&member.token)).await;
    let overtime: Vec<i64> = listed.data()["results"].as_array().unwrap().iter().map(|r| r["overtime"].as_i64().unwrap()).collect();
    assert_eq!(overtime, vec![1, 0]);

    // When the time is up, the page submits what there is: it is scored as it stands.
    start(&app, &member, exam_id).await;
    let early = submit(&app, &member, exam_id, json!([{"qid": 1, "oid": 3}])).await;
    assert_eq!((early.status, early.message()), (400, "第 2 题尚未作答"));
    app.clock.advance(600);
    let partial = submit(&app, &member, exam_id, json!([{"qid": 1, "oid": 3}])).await;
    assert_eq!(partial.status, 200, "{}", partial.json);
    let partial = result(&app, &member, partial.data()["resultId"].as_i64().unwrap()).await;
    assert_eq!((partial.data()["examResult"]["__1_总分"].as_i64(), partial.data()["overtime"].as_i64()), (Some(2), Some(0)));
    assert_eq!(partial.data()["answer"].as_array().unwrap().len(), 1);
}

async fn results_are_their_members_alone(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let other = signed_in_user(&app, "member2", Role::User).await;
    let exam_id = publish(&app, &admin, exam_body("自评", 2)).await;
    let second_id = publish(&app, &admin, exam_body("另一份", 2)).await;
    let mine = submit(&app, &member, exam_id, all_answers(2, 2)).await.data()["resultId"].as_i64().unwrap();
    submit(&app, &member, second_id, all_answers(2, 2)).await;
    submit(&app, &other, exam_id, all_answers(2, 2)).await;

    for stranger in [&other, &admin] {
        let read = result(&app, stranger, mine).await;
        assert_eq!((read.status, read.message()), (404, "测评结果不存在"));
        for path in ["/api/v1/result/recalculate", "/api/v1/result/delete"] {
            assert_eq!(app.post(path, json!({"resultId": mine}), Some(&stranger.token)).await.status, 404);
        }
    }
    assert_eq!(app.post("/api/v1/result/list", json!({}), None).await.status, 401);
    let of_exam = app.post("/api/v1/result/list", json!({"examId": exam_id}), Some(&member.token)).await;
    let listed = of_exam.data()["results"].as_array().unwrap().clone();
    assert_eq!(listed.len(), 1);
    assert_eq!((listed[0]["id"].as_i64(), listed[0]["examName"].as_str()), (Some(mine), Some("自评")));
    let all = app.post("/api/v1/result/list", json!({}), Some(&member.token)).await;
    assert_eq!(all.data()["results"].as_array().unwrap().len(), 2);
    // Admins see how many results an assessment has, never whose.
    let detail = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&admin.token)).await;
    assert_eq!(detail.data()["resultCount"], 2);

    // A deleted assessment's results stay readable; a deleted result is gone.
    app.post("/api/v1/exam/delete", json!({"id": exam_id}), Some(&admin.token)).await;
    assert_eq!(result(&app, &member, mine).await.data()["examName"], "自评");
    let deleted = app.post("/api/v1/result/delete", json!({"resultId": mine}), Some(&member.token)).await;
    assert_eq!(deleted.status, 200);
    assert_eq!(result(&app, &member, mine).await.status, 404);
}

async fn recalculation_rescores_with_the_current_key(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, exam_body("自评", 2)).await;
    let result_id = submit(&app, &member, exam_id, all_answers(2, 3)).await.data()["resultId"].as_i64().unwrap();
    assert_eq!(result(&app, &member, result_id).await.data()["examResult"]["__1_总分"], 4);

    // The editor fixes the key: option 3 now scores 5.
    let mut fixed = exam_body("自评", 2);
    let text = questions(2).to_string().replace(r#""oid":3,"option":"经常","score":2"#, r#""oid":3,"option":"经常","score":5"#);
    fixed["questions"] = json!(text);
    fixed["id"] = json!(exam_id);
    assert_eq!(app.post("/api/v1/exam/update", fixed, Some(&admin.token)).await.status, 200);
    assert_eq!(result(&app, &member, result_id).await.data()["examResult"]["__1_总分"], 4, "stored until recalculated");
    let recalculated = app.post("/api/v1/result/recalculate", json!({"resultId": result_id}), Some(&member.token)).await;
    assert_eq!(recalculated.status, 200, "{}", recalculated.json);
    let data = result(&app, &member, result_id).await;
    assert_eq!((data.data()["examResult"]["__1_总分"].as_i64(), data.data()["maxScore"]["__1_总分"].as_i64()), (Some(10), Some(10)));
}

}
