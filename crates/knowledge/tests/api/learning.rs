//! Learning for real: mastery only from passing answers (or a point without an exercise marked
//! learned after reading it), prerequisites first, time counted once across tabs, FSRS reviews,
//! progress from what the member did, and recommendations that follow it.

use crate::*;

/// Five questions whose right option is always the second.
fn five_questions() -> Value {
    let questions: Vec<Value> = (1..=5)
        .map(|n| json!({"question": format!("第{n}题：哪一项更接近安全型依恋？"), "options": ["回避", "信任", "焦虑"], "answer": 1}))
        .collect();
    json!(questions)
}

/// An exercise bound to `points`.
async fn exercise(app: &TestApp, admin: &TestUser, points: &[i64]) -> i64 {
    let created = app
        .post(
            "/api/v1/knowledge/resources/create",
            json!({
                "name": "依恋小测验",
                "type": "exercise",
                "content": "完成下面 5 道题，80 分及以上即掌握本知识点。",
                "questions": five_questions(),
            }),
            Some(&admin.token),
        )
        .await;
    ok(&created);
    let kr_id = created.data()["krId"].as_i64().unwrap();
    ok(&app
        .post(
            "/api/v1/knowledge/resources/bind",
            json!({"krId": kr_id, "kpIds": points}),
            Some(&admin.token),
        )
        .await);
    kr_id
}

async fn submit(app: &TestApp, member: &TestUser, kr_id: i64, right: usize) -> TestResponse {
    let answers: Vec<i64> = (0..5).map(|n| if n < right { 1 } else { 0 }).collect();
    app.post(
        "/api/v1/knowledge/exercise/submit",
        json!({"krId": kr_id, "answers": answers}),
        Some(&member.token),
    )
    .await
}

async fn event(app: &TestApp, member: &TestUser, what: &str, kp_id: i64) -> TestResponse {
    app.post(
        &format!("/api/v1/knowledge/{what}"),
        json!({"kpId": kp_id}),
        Some(&member.token),
    )
    .await
}

async fn progress(app: &TestApp, member: &TestUser) -> Value {
    let response = app
        .post(
            "/api/v1/knowledge/progress/get",
            json!({}),
            Some(&member.token),
        )
        .await;
    ok(&response);
    response.data().clone()
}

async fn mastered(app: &TestApp, member: &TestUser) -> Value {
    let response = app
        .post(
            "/api/v1/knowledge/mastered/list",
            json!({"page": 1, "pageSize": 50}),
            Some(&member.token),
        )
        .await;
    ok(&response);
    response.data().clone()
}

async fn recommended(app: &TestApp, member: &TestUser) -> Vec<Value> {
    let response = app
        .post(
            "/api/v1/knowledge/courses/list",
            json!({"page": 1, "pageSize": 6, "order": "recommended"}),
            Some(&member.token),
        )
        .await;
    ok(&response);
    response.data()["list"].as_array().unwrap().clone()
}

/// The member signed in again (a token lasts a week; reviews are weeks apart).
async fn signed_in_again(app: &TestApp, member: &TestUser) -> TestUser {
    let captcha_id = accounts::testkit::new_captcha_id(app).await;
    let body = json!({"username": member.username, "password": member.password, "captcha": platform::testkit::CAPTCHA_BYPASS, "captchaId": captcha_id});
    let response = app.post("/api/v1/user/login", body, None).await;
    ok(&response);
    TestUser {
        id: member.id,
        uuid: member.uuid.clone(),
        username: member.username.clone(),
        password: member.password.clone(),
        token: response.data()["accessToken"].as_str().unwrap().to_owned(),
    }
}

platform::engine_tests! { crate::spawn_app;

async fn mastery_comes_only_from_passing_answers_after_the_prerequisites(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let basics = point(&app, &admin, "依恋类型", &[]).await;
    let reading = point(&app, &admin, "读懂对方的依恋", &[basics]).await;
    let course_id = course(&app, &admin, "恋爱心理学入门", 0, &[basics, reading]).await;
    let kr_id = exercise(&app, &admin, &[basics]).await;

    // The learner gets the questions, never the answers, until they submit.
    let taken = app.post("/api/v1/knowledge/exercise/get", json!({"krId": kr_id}), Some(&member.token)).await;
    ok(&taken);
    assert_eq!((taken.data()["passScore"].as_i64(), taken.data()["questions"].as_array().unwrap().len()), (Some(80), 5));
    assert!(!taken.json.to_string().contains("\"answer\""), "{}", taken.json);
    let learner_view = detail(&app, Some(&member), course_id).await;
    let listed = item(&learner_view.data()["resources"], "krId", kr_id);
    assert_eq!((listed["questionCount"].as_i64(), listed.get("questions")), (Some(5), None));
    let admin_view = app.post("/api/v1/knowledge/resources/list", json!({"pageSize": 1000}), Some(&admin.token)).await;
    assert_eq!(item(&admin_view.data()["list"], "krId", kr_id)["questions"][0]["answer"], 1);

    // A failure says which answers were wrong, never which option was right.
    let failed = submit(&app, &member, kr_id, 3).await;
    ok(&failed);
    assert_eq!((failed.data()["score"].as_i64(), failed.data()["passed"].as_bool()), (Some(60), Some(false)));
    assert_eq!(failed.data()["mastered"], json!([]));
    assert_eq!(failed.data()["correct"], json!([true, true, true, false, false]));
    assert_eq!(failed.data().get("answers"), None, "{}", failed.json);
    assert!(!failed.json.to_string().contains("answer"), "{}", failed.json);
    assert_eq!(mastered(&app, &member).await["total"], 0);
    let short = app.post("/api/v1/knowledge/exercise/submit", json!({"krId": kr_id, "answers": [1, 1]}), Some(&member.token)).await;
    assert_eq!((short.status, short.message()), (400, "请回答全部 5 道题"));
    let shortcut = event(&app, &member, "points/learned", basics).await;
    assert_eq!((shortcut.status, shortcut.message()), (400, "这个知识点有习题，请通过习题（80 分及以上）来掌握"));

    // The point without an exercise waits for its prerequisite, and for being read.
    let unread = event(&app, &member, "points/learned", reading).await;
    assert_eq!(unread.message(), "请先学习这个知识点的内容");
    ok(&event(&app, &member, "learning/open", reading).await);
    let gated = event(&app, &member, "points/learned", reading).await;
    assert_eq!(gated.message(), "请先掌握前置知识点：依恋类型");
    assert_eq!(detail(&app, Some(&member), course_id).await.data()["learning"]["next"], basics);

    let passed = submit(&app, &member, kr_id, 4).await;
    assert_eq!((passed.data()["score"].as_i64(), passed.data()["passed"].as_bool()), (Some(80), Some(true)));
    assert_eq!(passed.data()["mastered"], json!([basics]));
    assert_eq!((passed.data()["answers"].clone(), passed.data()["correct"][4].clone()), (json!([1, 1, 1, 1, 1]), json!(false)));
    assert_eq!(detail(&app, Some(&member), course_id).await.data()["learning"]["next"], reading);
    ok(&event(&app, &member, "points/learned", reading).await);

    let list = mastered(&app, &member).await;
    assert_eq!(list["total"], 2);
    let first = item(&list["list"], "id", basics);
    assert_eq!((first["knowledgePointName"].as_str(), first["courseName"].as_str(), first["score"].as_i64()), (Some("依恋类型"), Some("恋爱心理学入门"), Some(80)));
    assert_eq!(item(&list["list"], "id", reading)["score"], Value::Null);
    let learning = detail(&app, Some(&member), course_id).await.data()["learning"].clone();
    assert_eq!((learning["mastered"].as_array().unwrap().len(), learning["next"].clone()), (2, Value::Null));

    // A member reads their own list; an admin may read anyone's.
    let others = app.post("/api/v1/knowledge/mastered/list", json!({"userId": admin.id.0}), Some(&member.token)).await;
    assert_eq!(others.status, 403);
    let by_admin = app.post("/api/v1/knowledge/mastered/list", json!({"userId": member.id.0}), Some(&admin.token)).await;
    assert_eq!(by_admin.data()["total"], 2);
}

async fn an_exercise_is_submitted_at_most_five_times_an_hour(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let other = signed_in_user(&app, "member2", Role::User).await;
    let lesson = point(&app, &admin, "情绪命名", &[]).await;
    course(&app, &admin, "情绪管理", 0, &[lesson]).await;
    let kr_id = exercise(&app, &admin, &[lesson]).await;
    let second = exercise(&app, &admin, &[lesson]).await;
    for _ in 0..5 {
        ok(&submit(&app, &member, kr_id, 2).await);
    }
    let refused = submit(&app, &member, kr_id, 5).await;
    assert_eq!((refused.status, refused.message()), (429, "这道习题每小时最多提交 5 次，请 60 分钟 后再试"));
    assert_eq!(mastered(&app, &member).await["total"], 0, "a refused pass masters nothing");
    // The limit is the member's on that exercise: others, and other exercises, go on.
    ok(&submit(&app, &other, kr_id, 5).await);
    ok(&submit(&app, &member, second, 1).await);
    app.clock.advance(3600);
    let member = signed_in_again(&app, &member).await;
    assert_eq!(submit(&app, &member, kr_id, 5).await.data()["mastered"], json!([lesson]));
}

async fn one_exercise_masters_a_point_and_its_follow_up_whatever_the_binding_order(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    // The follow-up comes first by id, so the exercise's relations list it first.
    let follow_up = point(&app, &admin, "安全型依恋", &[]).await;
    let basics = point(&app, &admin, "依恋理论", &[]).await;
    ok(&app.post("/api/v1/knowledge/prerequisites/create", json!({"parentKpId": basics, "childKpId": follow_up}), Some(&admin.token)).await);
    course(&app, &admin, "恋爱心理学", 0, &[basics, follow_up]).await;
    let kr_id = exercise(&app, &admin, &[follow_up, basics]).await;
    let passed = submit(&app, &member, kr_id, 5).await;
    ok(&passed);
    assert_eq!((passed.data()["mastered"].clone(), passed.data()["blocked"].clone()), (json!([follow_up.min(basics), follow_up.max(basics)]), json!([])));
    assert_eq!(mastered(&app, &member).await["total"], 2);
}

async fn a_pass_leaves_a_point_with_unmastered_prerequisites_blocked(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let basics = point(&app, &admin, "倾听", &[]).await;
    let deeper = point(&app, &admin, "共情", &[basics]).await;
    course(&app, &admin, "沟通与倾听", 0, &[basics, deeper]).await;
    let kr_id = exercise(&app, &admin, &[deeper]).await;
    let passed = submit(&app, &member, kr_id, 5).await;
    ok(&passed);
    assert_eq!(passed.data()["passed"], true);
    assert_eq!((passed.data()["mastered"].clone(), passed.data()["blocked"].clone()), (json!([]), json!([deeper])));
    assert_eq!(mastered(&app, &member).await["total"], 0);
    // Once the prerequisite is mastered, a pass counts.
    ok(&event(&app, &member, "learning/open", basics).await);
    ok(&event(&app, &member, "points/learned", basics).await);
    assert_eq!(submit(&app, &member, kr_id, 5).await.data()["mastered"], json!([deeper]));
}

async fn a_link_drawn_on_the_board_gates_learners(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let first = point(&app, &admin, "认识自己", &[]).await;
    let second = point(&app, &admin, "大五人格", &[]).await;
    let kc_id = course(&app, &admin, "认识自己：大五人格", 0, &[first, second]).await;
    ok(&event(&app, &member, "learning/open", second).await);
    let board = app.post("/api/v1/knowledge/graph/get", json!({"kcId": kc_id}), Some(&admin.token)).await;
    ok(&board);
    let nodes = board.data()["nodes"].clone();
    let saved = app.post("/api/v1/knowledge/graph/save", json!({
        "kcId": kc_id,
        "baseVersion": board.data()["version"],
        "nodes": nodes,
        "connections": [{"from": nodes[0]["id"], "to": nodes[1]["id"]}],
    }), Some(&admin.token)).await;
    ok(&saved);
    let gated = event(&app, &member, "points/learned", second).await;
    assert_eq!((gated.status, gated.message()), (400, "请先掌握前置知识点：认识自己"));
    assert_eq!(detail(&app, Some(&member), kc_id).await.data()["learning"]["next"], first);
}

async fn plays_keep_the_furthest_position_of_resources_the_member_may_read(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let free_point = point(&app, &admin, "什么是情绪", &[]).await;
    let paid_point = point(&app, &admin, "情绪调节", &[]).await;
    course(&app, &admin, "情绪入门", 0, &[free_point]).await;
    course(&app, &admin, "情绪进阶", 990, &[paid_point]).await;
    let free_video = resource(&app, &admin, "导读视频", &[free_point]).await;
    let paid_video = resource(&app, &admin, "进阶视频", &[paid_point]).await;
    let play = |kr_id: i64, progress: f64| app.post("/api/v1/knowledge/learning/play", json!({"krId": kr_id, "progress": progress}), Some(&member.token));
    for progress in [0.2, 1.0, 0.4] {
        ok(&play(free_video, progress).await);
    }
    let refused = play(paid_video, 0.5).await;
    assert_eq!((refused.status, refused.message()), (403, "请先购买课程"));
    assert_eq!(play(424_242, 0.5).await.status, 404);
    assert_eq!(app.post("/api/v1/knowledge/learning/play", json!({"krId": free_video, "progress": "half"}), Some(&member.token)).await.status, 400);

    let export = {
        let mut pooled = app.state.db.get().await.unwrap();
        let conn = &mut pooled.conn();
        (knowledge::MODULE.member_data.unwrap().export)(conn, member.id).await.unwrap()
    };
    assert_eq!(export["plays"], json!([{"krId": free_video, "permille": 1000}]), "the furthest");
}

async fn play_resource_returns_400_when_progress_is_outside_0_to_1(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let kp_id = point(&app, &admin, "什么是情绪", &[]).await;
    course(&app, &admin, "情绪入门", 0, &[kp_id]).await;
    let video = resource(&app, &admin, "导读视频", &[kp_id]).await;
    let play = |progress: Value| app.post("/api/v1/knowledge/learning/play", json!({"krId": video, "progress": progress}), Some(&member.token));
    ok(&play(json!(0.3)).await);
    for progress in [json!(1.5), json!(-0.1), json!(2), json!(100), json!(1.0001)] {
        let refused = play(progress.clone()).await;
        assert_eq!((refused.status, refused.message()), (400, "播放进度须在 0 到 1 之间"), "{progress}");
    }
    let export = {
        let mut pooled = app.state.db.get().await.unwrap();
        let conn = &mut pooled.conn();
        (knowledge::MODULE.member_data.unwrap().export)(conn, member.id).await.unwrap()
    };
    assert_eq!(export["plays"], json!([{"krId": video, "permille": 300}]), "a refused play is not kept, not even clamped");
    for progress in [json!(0), json!(1)] {
        ok(&play(progress).await);
    }
}

async fn a_paid_course_is_learned_only_after_buying_it(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let lesson = point(&app, &admin, "情绪命名", &[]).await;
    let course_id = course(&app, &admin, "情绪管理", 2990, &[lesson]).await;
    let kr_id = exercise(&app, &admin, &[lesson]).await;
    assert_eq!(event(&app, &member, "learning/open", lesson).await.status, 403);
    let refused = app.post("/api/v1/knowledge/exercise/get", json!({"krId": kr_id}), Some(&member.token)).await;
    assert_eq!((refused.status, refused.message()), (403, "请先购买课程"));
    assert_eq!(submit(&app, &member, kr_id, 5).await.status, 403);
    give_money(&app, &member, 2990).await;
    ok(&app.post("/api/v1/knowledge/courses/buy", json!({"kcId": course_id}), Some(&member.token)).await);
    assert_eq!(submit(&app, &member, kr_id, 5).await.data()["mastered"], json!([lesson]));
    assert_eq!(app.post("/api/v1/knowledge/learning/open", json!({"kpId": lesson}), None).await.status, 401);
}

async fn time_is_counted_once_across_tabs(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let first = point(&app, &admin, "倾听", &[]).await;
    let second = point(&app, &admin, "复述", &[]).await;
    course(&app, &admin, "沟通与倾听", 0, &[first, second]).await;
    let beat = |kp_id: i64| app.post("/api/v1/knowledge/learning/heartbeat", json!({"kpId": kp_id}), Some(&member.token));
    let counted = |response: TestResponse| response.data()["counted"].as_i64().unwrap();

    assert_eq!(counted(beat(first).await), 0, "the first heartbeat starts the stretch");
    // A page shown again after 40 s hidden resumes: the hidden time is not counted.
    app.clock.advance(40);
    let resumed = app.post("/api/v1/knowledge/learning/heartbeat", json!({"kpId": first, "resume": true}), Some(&member.token)).await;
    assert_eq!(counted(resumed), 0, "a resuming beat only starts the clock");
    app.clock.advance(15);
    assert_eq!(counted(beat(first).await), 15);
    app.clock.advance(3);
    assert_eq!(counted(beat(second).await), 3, "a second tab counts only what the first did not");
    app.clock.advance(12);
    assert_eq!(counted(beat(first).await), 12);
    app.clock.advance(40);
    assert_eq!(counted(beat(first).await), 30, "one heartbeat counts at most 30 s");
    app.clock.advance(600);
    assert_eq!(counted(beat(first).await), 0, "after a pause the time is not counted");
    app.clock.advance(10);
    let (one, other) = futures_util::future::join(beat(first), beat(second)).await;
    assert_eq!(counted(one) + counted(other), 10, "two tabs at the same moment count it once");

    let numbers = progress(&app, &member).await;
    assert_eq!((numbers["studySeconds"].as_i64(), numbers["weekSeconds"].as_i64()), (Some(70), Some(70)));
    assert_eq!((numbers["totalCourses"].as_i64(), numbers["progressPercent"].as_i64()), (Some(1), Some(100)));
    assert_eq!(numbers["masteryPercent"], 0);
}

async fn reviews_follow_the_fsrs_schedule(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let lesson = point(&app, &admin, "边界感", &[]).await;
    course(&app, &admin, "关系中的边界", 0, &[lesson]).await;
    let kr_id = exercise(&app, &admin, &[lesson]).await;
    let not_yet = app.post("/api/v1/knowledge/review/submit", json!({"kpId": lesson, "rating": 3}), Some(&member.token)).await;
    assert_eq!((not_yet.status, not_yet.message()), (404, "这个知识点还没有掌握"));
    ok(&submit(&app, &member, kr_id, 5).await);
    assert_eq!(progress(&app, &member).await["dueReviews"], json!([]));
    let early = app.post("/api/v1/knowledge/review/submit", json!({"kpId": lesson, "rating": 4}), Some(&member.token)).await;
    assert_eq!((early.status, early.message()), (409, "还没到这个知识点的复习时间"));

    app.clock.advance(60 * 86_400);
    let member = signed_in_again(&app, &member).await;
    let due = progress(&app, &member).await["dueReviews"].clone();
    assert_eq!((due[0]["kpId"].as_i64(), due[0]["courseName"].as_str()), (Some(lesson), Some("关系中的边界")));
    let bad = app.post("/api/v1/knowledge/review/submit", json!({"kpId": lesson, "rating": 7}), Some(&member.token)).await;
    assert_eq!((bad.status, bad.message()), (400, "复习评分只能是 1 到 4"));
    let reviewed = app.post("/api/v1/knowledge/review/submit", json!({"kpId": lesson, "rating": 3}), Some(&member.token)).await;
    ok(&reviewed);
    let now = app.state.now();
    let next = reviewed.data()["dueAt"].as_i64().unwrap();
    assert!(next > now + 86_400, "a good review moves the point days away ({} days)", (next - now) / 86_400);
    assert_eq!(progress(&app, &member).await["dueReviews"], json!([]));
    app.clock.advance(next - now);
    let member = signed_in_again(&app, &member).await;
    let forgot = app.post("/api/v1/knowledge/review/submit", json!({"kpId": lesson, "rating": 1}), Some(&member.token)).await;
    let again = forgot.data()["dueAt"].as_i64().unwrap();
    assert!(again - app.state.now() < next - now, "a forgotten point comes back sooner");
}

async fn progress_counts_what_the_member_did(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let empty = progress(&app, &member).await;
    assert_eq!((empty["totalCourses"].as_i64(), empty["courses"].clone()), (Some(0), json!([])));
    let first = point(&app, &admin, "认识情绪", &[]).await;
    let second = point(&app, &admin, "接纳情绪", &[]).await;
    let third = point(&app, &admin, "表达情绪", &[]).await;
    let whole = course(&app, &admin, "情绪入门", 0, &[first, second]).await;
    course(&app, &admin, "情绪表达", 0, &[third]).await;
    let paid = course(&app, &admin, "情绪进阶", 100, &[]).await;
    for lesson in [first, second] {
        ok(&event(&app, &member, "learning/open", lesson).await);
        ok(&event(&app, &member, "points/learned", lesson).await);
    }
    give_money(&app, &member, 100).await;
    ok(&app.post("/api/v1/knowledge/courses/buy", json!({"kcId": paid}), Some(&member.token)).await);

    let numbers = progress(&app, &member).await;
    assert_eq!(numbers["totalCourses"], 2, "the finished course and the bought one");
    assert_eq!(numbers["completedCourses"], 1);
    assert_eq!((numbers["totalPoints"].as_i64(), numbers["masteredPoints"].as_i64(), numbers["masteryPercent"].as_i64()), (Some(2), Some(2), Some(100)));
    let done = numbers["courses"].as_array().unwrap().iter().find(|c| c["course"]["kcId"] == whole).cloned().unwrap();
    assert_eq!((done["progress"].as_i64(), done["masteredPoints"].as_i64()), (Some(100), Some(2)));
    assert_eq!(numbers["recentMastered"].as_array().unwrap().len(), 2);
}

async fn recommendations_follow_what_the_member_learns(app) {
    let admin = signed_in_user(&app, "admin1", Role::Admin).await;
    let member = signed_in_user(&app, "member1", Role::User).await;
    let basics = point(&app, &admin, "依恋入门", &[]).await;
    let deeper = point(&app, &admin, "依恋进阶", &[basics]).await;
    let talk = point(&app, &admin, "表达需要", &[]).await;
    let intro = course(&app, &admin, "恋爱心理学入门", 0, &[basics]).await;
    let mut next_body = course_body("恋爱心理学进阶", 990, &[deeper]);
    next_body["level"] = json!(2);
    let next_course = app.post("/api/v1/knowledge/courses/create", next_body, Some(&admin.token)).await.data()["kcId"].as_i64().unwrap();
    let mut other_body = course_body("沟通技巧", 0, &[talk]);
    other_body["category"] = json!("沟通");
    let other = app.post("/api/v1/knowledge/courses/create", other_body, Some(&admin.token)).await.data()["kcId"].as_i64().unwrap();

    let fresh = recommended(&app, &member).await;
    assert_eq!(fresh.len(), 3);
    let intro_card = fresh.iter().find(|c| c["kcId"] == intro).unwrap();
    assert_eq!(intro_card["reason"], "还没有学习记录，从入门课程开始吧");

    ok(&event(&app, &member, "learning/open", basics).await);
    ok(&event(&app, &member, "points/learned", basics).await);
    let after = recommended(&app, &member).await;
    assert!(after.iter().all(|c| c["kcId"] != intro), "a started course is not recommended again");
    assert_eq!(after[0]["kcId"], next_course, "{after:?}");
    assert_eq!(after[0]["reason"], "你正在学习「心理学」方向的课程");
    let other_card = after.iter().find(|c| c["kcId"] == other).unwrap();
    assert!(after[0]["score"].as_i64() > other_card["score"].as_i64());

    // What members who study the same course study counts too.
    let peer = signed_in_user(&app, "member2", Role::User).await;
    ok(&event(&app, &peer, "learning/open", basics).await);
    ok(&event(&app, &peer, "learning/open", talk).await);
    let with_peer = recommended(&app, &member).await;
    let other_card = with_peer.iter().find(|c| c["kcId"] == other).unwrap();
    assert_eq!(other_card["reason"], "和你学习相同课程的 1 位会员也在学");
}

}
