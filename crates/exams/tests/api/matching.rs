//! A Big Five result counts in recommendations only while its member lets it.

use crate::*;

const BIG_FIVE: &str = include_str!("../../instruments/big-five.json");

/// The Big Five as the demo publishes it (the instrument name marks it).
async fn publish_big_five(app: &TestApp, admin: &TestUser) -> i64 {
    let file: Value = serde_json::from_str(BIG_FIVE).unwrap();
    let body = json!({
        "examName": file["examName"], "profile": file["profile"], "description": file["description"],
        "questionCount": 50, "timeLimit": 0, "questions": file["questions"].to_string(),
        "summarys": file["summarys"].to_string(),
    });
    let exam_id = publish(app, admin, body).await;
    // As the demo seed marks the instruments it publishes (editors cannot).
    exams::api::mark_instrument(&app.state, exams::ExamId(exam_id), "big-five")
        .await
        .unwrap();
    exam_id
}

async fn member_with_profile(app: &TestApp, username: &str, gender: &str) -> TestUser {
    let user = signed_in_user(app, username, Role::User).await;
    let saved = app
        .post(
            "/api/v1/user/profile/update",
            json!({
                "gender": gender, "birthday": 19950101, "province": "33", "city": "3301",
                "height": 170, "weight": 60, "education": "本科", "maritalStatus": "未婚",
            }),
            Some(&user.token),
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.json);
    user
}

async fn reasons_for(app: &TestApp, viewer: &TestUser, target: &TestUser) -> Vec<String> {
    let response = app
        .post("/api/v1/recommend/list", json!({}), Some(&viewer.token))
        .await;
    let card = response.data()["likes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["uuid"] == target.uuid.as_str())
        .cloned()
        .unwrap();
    serde_json::from_value(card["reasons"].clone()).unwrap()
}

async fn matching(app: &TestApp, member: &TestUser, result_id: i64, on: bool) -> TestResponse {
    app.post(
        "/api/v1/result/matching",
        json!({"resultId": result_id, "inMatching": i64::from(on)}),
        Some(&member.token),
    )
    .await
}

platform::engine_tests! { crate::spawn_app;

async fn a_big_five_result_counts_only_while_both_members_let_it(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let she = member_with_profile(&app, "lihua", "female").await;
    let he = member_with_profile(&app, "wangwei", "male").await;
    let exam_id = publish_big_five(&app, &admin).await;
    // Same answers, same totals: as close as two members can be.
    let mut results = Vec::new();
    for member in [&she, &he] {
        let done = submit(&app, member, exam_id, all_answers(50, 4)).await;
        results.push(done.data()["resultId"].as_i64().unwrap());
    }
    let detail = result(&app, &she, results[0]).await;
    assert_eq!((detail.data()["matchable"].as_i64(), detail.data()["inMatching"].as_i64()), (Some(1), Some(0)));
    assert!(!reasons_for(&app, &she, &he).await.contains(&"大五人格相近".to_owned()), "off by default");

    assert_eq!(matching(&app, &she, results[0], true).await.status, 200);
    assert!(!reasons_for(&app, &she, &he).await.contains(&"大五人格相近".to_owned()), "he has not allowed it");
    assert_eq!(matching(&app, &he, results[1], true).await.status, 200);
    assert!(reasons_for(&app, &she, &he).await.contains(&"大五人格相近".to_owned()));
    assert_eq!(result(&app, &he, results[1]).await.data()["inMatching"], 1);

    // Withdrawn, or the result deleted: it stops counting.
    assert_eq!(matching(&app, &he, results[1], false).await.status, 200);
    assert!(!reasons_for(&app, &she, &he).await.contains(&"大五人格相近".to_owned()));
    matching(&app, &he, results[1], true).await;
    app.post("/api/v1/result/delete", json!({"resultId": results[1]}), Some(&he.token)).await;
    assert!(!reasons_for(&app, &she, &he).await.contains(&"大五人格相近".to_owned()));

    // Only Big Five results, only the member's own, only with a profile.
    let other_exam = publish(&app, &admin, exam_body("别的测评", 2)).await;
    let other = submit(&app, &she, other_exam, all_answers(2, 1)).await.data()["resultId"].as_i64().unwrap();
    let refused = matching(&app, &she, other, true).await;
    assert_eq!((refused.status, refused.message()), (400, "只有大五人格测评的结果可以参与推荐"));
    assert_eq!(matching(&app, &he, results[0], true).await.status, 404);
    let no_profile = signed_in_user(&app, "newbie", Role::User).await;
    let theirs = submit(&app, &no_profile, exam_id, all_answers(50, 2)).await.data()["resultId"].as_i64().unwrap();
    let refused = matching(&app, &no_profile, theirs, true).await;
    assert_eq!((refused.status, refused.message()), (400, "请先完善个人资料，再让测评结果参与推荐"));
}

}
