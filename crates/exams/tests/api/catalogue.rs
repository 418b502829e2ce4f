//! The list, the detail and what each role is sent; creating, editing and deleting.

use crate::*;

platform::engine_tests! { crate::spawn_app;

async fn lists_page_by_id_and_hide_what_members_may_not_see(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let mut ids = Vec::new();
    for index in 0..14 {
        ids.push(publish(&app, &admin, exam_body(&format!("测评{index:02}"), 2)).await);
    }
    let page = |from: i64, token: Option<String>, path: &'static str| {
        let app = &app;
        async move {
            let response = app.post(path, json!({"fromId": from}), token.as_deref()).await;
            assert_eq!(response.status, 200, "{}", response.json);
            response.data()["exams"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect::<Vec<_>>()
        }
    };
    let first = page(0, None, "/api/v1/exam/guest/list").await;
    assert_eq!(first.len(), 12);
    assert_eq!(first[0], ids[13]);
    let rest = page(*first.last().unwrap(), None, "/api/v1/exam/guest/list").await;
    assert_eq!(rest, vec![ids[1], ids[0]]);
    // Members must sign in for their list.
    assert_eq!(app.post("/api/v1/exam/list", json!({}), None).await.status, 401);

    // Off the shelf: gone for guests and members, listed for admins; deleted: gone for all.
    let mut removed = exam_body("下架的测评", 2);
    removed["removed"] = json!(1);
    let removed_id = publish(&app, &admin, removed).await;
    let deleted_id = publish(&app, &admin, exam_body("删除的测评", 2)).await;
    let deleted = app.post("/api/v1/exam/delete", json!({"id": deleted_id}), Some(&admin.token)).await;
    assert_eq!(deleted.status, 200);
    let member_page = page(0, Some(member.token.clone()), "/api/v1/exam/list").await;
    assert!(!member_page.contains(&removed_id) && !member_page.contains(&deleted_id));
    assert!(!page(0, None, "/api/v1/exam/guest/list").await.contains(&removed_id));
    let admin_page = page(0, Some(admin.token.clone()), "/api/v1/exam/list").await;
    assert!(admin_page.contains(&removed_id) && !admin_page.contains(&deleted_id));
    assert_eq!(app.get(&format!("/api/v1/exam/{removed_id}"), Some(&member.token)).await.status, 404);
    let gone = app.get(&format!("/api/v1/exam/{deleted_id}"), Some(&admin.token)).await;
    assert_eq!((gone.status, gone.message()), (404, "测评不存在"));
}

async fn members_never_get_the_key_and_admins_get_everything(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let exam_id = publish(&app, &admin, exam_body("焦虑自评", 3)).await;
    let path = format!("/api/v1/exam/{exam_id}");
    assert_eq!(app.get(&path, None).await.status, 401);

    let seen = app.get(&path, Some(&member.token)).await;
    assert_eq!(seen.status, 200);
    let data = seen.data();
    for hidden in ["feedbacks", "summarys", "stops", "originalQuestions", "crisis", "resultCount", "evaluatorUserIds"] {
        assert!(data.get(hidden).is_none(), "{hidden} sent to a member: {data}");
    }
    let questions: Value = serde_json::from_str(data["questions"].as_str().unwrap()).unwrap();
    assert_eq!(questions.as_array().unwrap().len(), 3);
    let text = questions.to_string();
    assert!(!text.contains("score") && !text.contains("question_key"), "{text}");
    assert_eq!(data["maxScore"], json!({"__1_总分": 6}));
    assert_eq!(data["questionKeys"], "__1_总分");
    assert_eq!(data["canTake"], 1);

    let managed = app.get(&path, Some(&admin.token)).await;
    let data = managed.data();
    assert_eq!(data["feedbacks"], "给管理员的评分说明");
    assert_eq!(data["stops"], "中途退出时答案会保存");
    assert_eq!(data["originalQuestions"], "原始题目文本");
    assert_eq!(data["resultCount"], 0);
    assert!(data["questions"].as_str().unwrap().contains("\"score\":2"));
    assert!(data["summarys"].as_str().unwrap().contains("较高"));
}

async fn only_admins_manage_assessments(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let superadmin = signed_in_user(&app, "root1", Role::Superadmin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let created = app.post("/api/v1/exam/create", exam_body("成员的测评", 2), Some(&member.token)).await;
    assert_eq!((created.status, created.message()), (403, "只有管理员可以创建、编辑和删除测评"));
    assert_eq!(app.post("/api/v1/exam/create", exam_body("游客的测评", 2), None).await.status, 401);
    let exam_id = publish(&app, &superadmin, exam_body("超级管理员的测评", 2)).await;
    let mut update = exam_body("成员改名", 2);
    update["id"] = json!(exam_id);
    assert_eq!(app.post("/api/v1/exam/update", update.clone(), Some(&member.token)).await.status, 403);
    assert_eq!(app.post("/api/v1/exam/delete", json!({"id": exam_id}), Some(&member.token)).await.status, 403);

    update["examName"] = json!("管理员改名");
    update["fee"] = json!(19.9);
    update["oneFree"] = json!(1);
    update["auditStatus"] = json!(1);
    let updated = app.post("/api/v1/exam/update", update, Some(&admin.token)).await;
    assert_eq!(updated.status, 200, "{}", updated.json);
    let detail = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&admin.token)).await;
    let data = detail.data();
    assert_eq!(data["examName"], "管理员改名");
    // Sent in yuan, kept and answered in fen.
    assert_eq!((data["fee"].as_i64(), data["free"].as_i64(), data["oneFree"].as_i64()), (Some(1990), Some(0), Some(1)));
    assert_eq!(data["attemptsPerPurchase"], 2);
    assert_eq!(data["auditStatus"], 1);
    assert_eq!(data["auditTime"].as_i64(), Some(app.state.now()));
    let missing = app.post("/api/v1/exam/delete", json!({"id": 999_999}), Some(&admin.token)).await;
    assert_eq!(missing.status, 404);
}

async fn every_validation_rule_has_its_text(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("examName", json!(""), "请输入测评名称"),
        ("examName", json!("测"), "长度在 2 到 50 个字符"),
        ("examName", json!("测".repeat(51)), "长度在 2 到 50 个字符"),
        ("profile", json!(""), "请输入测评简介"),
        ("profile", json!("太短"), "长度在 5 到 200 个字符"),
        ("description", json!("\u{200B} "), "请输入测评描述"),
        ("questionCount", Value::Null, "请输入题目数量"),
        ("questionCount", json!(0), "题目数量必须在 1 到 100 之间"),
        ("questionCount", json!(101), "题目数量必须在 1 到 100 之间"),
        ("questionCount", json!(3), "题目数量（3）与题目列表中的题目数（2）不一致"),
        ("timeLimit", Value::Null, "请输入时间限制"),
        ("timeLimit", json!(181), "时间限制必须在 0 到 180 分钟之间"),
        ("fee", json!(-1), "费用不能为负数"),
        ("fee", json!(1.234), "费用最多保留两位小数"),
        ("questions", json!(""), "请填写题目"),
        ("questions", json!("不是 JSON"), "题目必须是 JSON 数组（或带 questions 数组的对象），每题含 qid、question 和 options（oid、option、score）"),
        ("questionsType", json!("radar"), "题型只能是 bar 或 options"),
        ("questionsType", json!("bar"), "bar 题型的每道题的维度须为 E、I、S、N、T、F、J、P 之一"),
        ("summarys", json!("{\"外向\": []}"), "结果解读中的维度「外向」没有对应的题目"),
        ("crisis", json!("[{\"qid\": 7, \"atLeast\": 1}]"), "求助提示规则中的第 7 题不存在"),
        ("evaluatorUserIds", json!("1,二"), "用户 ID 列表只能是逗号分隔的数字"),
    ];
    for (field, value, text) in cases {
        let mut body = exam_body("规则测评", 2);
        if value.is_null() {
            body.as_object_mut().unwrap().remove(field);
        } else {
            body[field] = value.clone();
        }
        let response = app.post("/api/v1/exam/create", body, Some(&admin.token)).await;
        assert_eq!((response.status, response.message()), (400, text), "{field} = {value}");
    }
    let mut free_but_paid = exam_body("规则测评", 2);
    free_but_paid["free"] = json!(1);
    free_but_paid["fee"] = json!(5);
    let response = app.post("/api/v1/exam/create", free_but_paid, Some(&admin.token)).await;
    assert_eq!(response.message(), "免费测评的费用必须为 0");
    // Nothing was stored by the refused requests.
    let list = app.post("/api/v1/exam/list", json!({}), Some(&admin.token)).await;
    assert_eq!(list.data()["exams"], json!([]));
}

async fn an_assessment_s_cover_and_thumb_outlive_the_sweep_of_unused_uploads(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let cover = uploaded_image(&app, &admin).await;
    let thumb = uploaded_image(&app, &admin).await;
    let unused = uploaded_image(&app, &admin).await;
    let mut body = exam_body("带封面的测评", 2);
    body["cover"] = json!(cover);
    body["thumb"] = json!(thumb);
    let exam_id = publish(&app, &admin, body).await;

    app.clock.advance(platform::files::UNCLAIMED_KEPT_SECONDS + 60);
    sweep_uploads(&app).await;
    let detail = app.get(&format!("/api/v1/exam/{exam_id}"), Some(&admin.token)).await;
    assert_eq!((&detail.data()["cover"], &detail.data()["thumb"]), (&json!(cover), &json!(thumb)));
    for kept in [&cover, &thumb] {
        assert_eq!(served_status(&app, kept).await, 200, "{kept}");
    }
    assert_eq!(served_status(&app, &unused).await, 404);
}

}

async fn uploaded_image(app: &TestApp, admin: &TestUser) -> String {
    let response = app
        .upload(
            "/api/v1/upload?purpose=exam",
            &platform::testkit::images::png(40, 30),
            Some(&admin.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
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
