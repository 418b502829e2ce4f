use diesel_async::RunQueryDsl;

use super::*;

/// A member with a saved profile.
async fn member_with(app: &TestApp, username: &str, profile: Value) -> TestUser {
    let user = signed_in_user(app, username, Role::User).await;
    saved(app, &user, profile).await;
    user
}

fn person(gender: &str, birthday: i64, city: &str, hobbies: &[&str]) -> Value {
    json!({
        "gender": gender, "birthday": birthday, "province": &city[..2], "city": city,
        "hobbies": hobbies, "height": 170, "weight": 60, "education": "本科",
        "maritalStatus": "未婚",
    })
}

async fn recommended(app: &TestApp, user: &TestUser, body: Value) -> (Vec<Value>, i64) {
    let response = app
        .post("/api/v1/recommend/list", body, Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    let data = response.data();
    (
        data["likes"].as_array().unwrap().clone(),
        data["total"].as_i64().unwrap(),
    )
}

fn usernames(cards: &[Value]) -> Vec<&str> {
    cards
        .iter()
        .map(|card| card["username"].as_str().unwrap())
        .collect()
}

async fn searched(app: &TestApp, user: &TestUser, body: Value) -> (Vec<String>, i64) {
    let response = app
        .post("/api/v1/user/advsearch", body, Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    let data = response.data();
    let mut names: Vec<String> = data["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["username"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    (names, data["total"].as_i64().unwrap())
}

async fn block(app: &TestApp, user: &TestUser, target: &TestUser) {
    let response = app
        .post(
            "/api/v1/user/blacklist/add",
            json!({"targetUuid": target.uuid}),
            Some(&user.token),
        )
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
}

platform::engine_tests! { spawn_app;

async fn recommendations_rank_by_shared_signals_and_leave_out_who_they_must(app) {
    let ann = member_with(&app, "ann", person("female", 19960101, "3301", &["photo", "travel", "read"])).await;
    let close = member_with(&app, "close", person("male", 19950601, "3301", &["photo", "travel", "read"])).await;
    let far = member_with(&app, "far", person("male", 19700101, "4401", &["golf"])).await;
    let blocker = member_with(&app, "blocker", person("male", 19960101, "3301", &["photo"])).await;
    member_with(&app, "eve", person("female", 19960101, "3301", &["photo", "travel"])).await;
    block(&app, &blocker, &ann).await;

    let (cards, total) = recommended(&app, &ann, json!({})).await;
    assert_eq!(usernames(&cards), ["close", "far"], "the other sex, blacklisting either way left out");
    assert_eq!(total, 2);
    let (best, worst) = (&cards[0], &cards[1]);
    assert!(best["score"].as_i64().unwrap() > worst["score"].as_i64().unwrap());
    let reasons: Vec<&str> = best["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert!(reasons.contains(&"同城") && reasons.contains(&"共同爱好：摄影、旅游、阅读"), "{reasons:?}");
    assert!(reasons.len() <= 3);
    assert!(!usernames(&cards).contains(&"ann"));

    // The keyword narrows the ranking; paging walks it.
    assert_eq!(usernames(&recommended(&app, &ann, json!({"keyword": "far"})).await.0), ["far"]);
    let (second, total) = recommended(&app, &ann, json!({"page": 2, "pageSize": 1})).await;
    assert_eq!((usernames(&second), total), (vec!["far"], 2));

    // A preference for everyone aged 25–35 takes in eve and leaves out the 56-year-old.
    saved(&app, &ann, json!({"seekGender": "any", "seekAgeMin": 25, "seekAgeMax": 35})).await;
    let mine = my_profile(&app, &ann).await;
    assert_eq!((mine["seekGender"].clone(), mine["seekAgeMin"].clone(), mine["seekAgeMax"].clone()), (json!("any"), json!(25), json!(35)));
    let (cards, _) = recommended(&app, &ann, json!({})).await;
    assert_eq!(usernames(&cards), ["close", "eve"]);
    let refused = update(&app, &ann, json!({"seekGender": "any", "seekAgeMin": 40, "seekAgeMax": 30})).await;
    assert_eq!((refused.status, refused.message()), (400, "择偶年龄应在18到80岁之间，且下限不大于上限"));

    // Blacklisting removes someone from the caller's recommendations, and the caller from theirs.
    block(&app, &ann, &close).await;
    assert_eq!(usernames(&recommended(&app, &ann, json!({})).await.0), ["eve"]);
    assert!(!usernames(&recommended(&app, &close, json!({})).await.0).contains(&"ann"));
    let mut seen_by_far = usernames(&recommended(&app, &far, json!({})).await.0).into_iter().map(str::to_owned).collect::<Vec<_>>();
    seen_by_far.sort();
    assert_eq!(seen_by_far, ["ann", "eve"], "far still sees both women");
    assert_eq!(app.post("/api/v1/recommend/list", json!({}), None).await.status, 401);
}

async fn recommendations_asked_at_once_each_rank_their_own_pool(app) {
    // 600 women in six cities and 600 men in six others: each sex's pool is its 120 most
    // recently active plus the seeker's city's 50 most recent, most of them outside the 120.
    crowd(&app, 1_200).await;
    let ann = member_with(&app, "ann", person("female", 19960101, "3101", &["photo"])).await;
    let bob = member_with(&app, "bob", person("male", 19950101, "4401", &["travel"])).await;
    // Ann blacklists the man she was shown first and the woman bob was: her blacklist is
    // hers alone, so bob's pages keep that woman (and ann's lose the man).
    let blacklist = async |card: &Value| {
        let body = json!({"targetUuid": card["uuid"]});
        let response = app.post("/api/v1/user/blacklist/add", body, Some(&ann.token)).await;
        assert_eq!(response.status, 200, "{}", response.json);
        card["username"].as_str().unwrap().to_owned()
    };
    let man = blacklist(&recommended(&app, &ann, json!({})).await.0[0]).await;
    let blocked = blacklist(&recommended(&app, &bob, json!({})).await.0[0]).await;
    let pages = [1, 2, 5];
    let mut alone = Vec::new();
    for (seeker, wanted) in [(&ann, "male"), (&bob, "female")] {
        for page in pages {
            let (cards, total) = recommended(&app, seeker, json!({"page": page})).await;
            assert!(total > 120, "the city's members join the sex's 120 most recent: {total}");
            assert!(cards.iter().all(|card| card["sex"] == wanted), "{cards:?}");
            alone.push(((seeker.uuid.clone(), page), (usernames(&cards).join(","), total)));
        }
    }
    assert_eq!(alone[3].1.0.split(',').next(), Some(blocked.as_str()), "bob's first");
    assert!(alone.iter().all(|(_, (names, _))| !names.split(',').any(|name| name == man)));

    // The same pages asked at once, interleaved: on PostgreSQL the requests share their pools'
    // reads (db::batch), and each still gets its own ranking.
    let asked = (0..4).flat_map(|_| {
        pages
            .iter()
            .flat_map(|page| [(&ann, *page), (&bob, *page)])
            .collect::<Vec<_>>()
    });
    let answers = futures_util::future::join_all(asked.map(async |(seeker, page)| {
        let (cards, total) = recommended(&app, seeker, json!({"page": page})).await;
        ((seeker.uuid.clone(), page), (usernames(&cards).join(","), total))
    }))
    .await;
    for (asked, answer) in answers {
        let expected = &alone.iter().find(|(key, _)| *key == asked).unwrap().1;
        assert_eq!(&answer, expected, "{asked:?}");
    }
}

async fn asking_for_recommendations_marks_the_member_active(app) {
    // Two women alike in everything; the earlier member loses the tie of equal activity.
    let early = member_with(&app, "bella_early", person("female", 19960101, "3301", &["photo"])).await;
    member_with(&app, "clara_later", person("female", 19960101, "3301", &["photo"])).await;
    let seeker = member_with(&app, "mike_seeker", person("male", 19950101, "3301", &["photo"])).await;
    assert_eq!(usernames(&recommended(&app, &seeker, json!({})).await.0), ["clara_later", "bella_early"]);

    // Five days on (within the sign-in's lifetime), the earlier one looks for people and so
    // counts as active again.
    app.clock.advance(5 * 24 * 3600);
    recommended(&app, &early, json!({})).await;
    let (cards, _) = recommended(&app, &seeker, json!({})).await;
    assert_eq!(usernames(&cards), ["bella_early", "clara_later"]);
    assert!(cards[0]["score"].as_i64().unwrap() > cards[1]["score"].as_i64().unwrap());
}

async fn advanced_search_applies_every_filter_and_its_boundaries(app) {
    let me = member_with(&app, "seeker", person("male", 19900101, "1101", &["read"])).await;
    let mut young = person("female", 19990101, "3301", &["travel", "photo"]);
    young["height"] = json!(160);
    young["weight"] = json!(45);
    young["education"] = json!("硕士");
    member_with(&app, "young", young).await;
    let mut mother = person("female", 19880101, "4401", &["food"]);
    mother["maritalStatus"] = json!("离异");
    mother["boyCount"] = json!(2);
    mother["height"] = json!(168);
    member_with(&app, "mother", mother).await;
    let man = member_with(&app, "man", person("male", 19920101, "1101", &["music"])).await;
    let hidden = member_with(&app, "hidden", person("female", 19950101, "3301", &["travel"])).await;
    block(&app, &hidden, &me).await;

    let all = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
    assert_eq!(searched(&app, &me, json!({})).await, (all(&["man", "mother", "young"]), 3), "self and blacklisted left out");
    assert_eq!(searched(&app, &me, json!({"gender": "female"})).await.0, all(&["mother", "young"]));
    assert_eq!(searched(&app, &me, json!({"gender": ""})).await.1, 3);
    let young_age = my_age(&app, "young", &me).await;
    assert_eq!(searched(&app, &me, json!({"ageMin": young_age, "ageMax": young_age})).await.0, all(&["young"]), "age ends included");
    assert_eq!(searched(&app, &me, json!({"ageMax": young_age - 1})).await.0, Vec::<String>::new());
    assert_eq!(searched(&app, &me, json!({"heightMin": 160, "heightMax": 168})).await.0, all(&["mother", "young"]));
    assert_eq!(searched(&app, &me, json!({"heightMin": 161, "heightMax": 167})).await.0, Vec::<String>::new());
    assert_eq!(searched(&app, &me, json!({"weightMin": 40, "weightMax": 45})).await.0, all(&["young"]));
    assert_eq!(searched(&app, &me, json!({"educations": ["硕士", "博士"]})).await.0, all(&["young"]));
    assert_eq!(searched(&app, &me, json!({"maritalStatus": ["离异", "分居"]})).await.0, all(&["mother"]));
    assert_eq!(searched(&app, &me, json!({"maxBoys": 1})).await.0, all(&["man", "young"]));
    assert_eq!(searched(&app, &me, json!({"maxBoys": 2, "maxGirls": 0})).await.1, 3);
    assert_eq!(searched(&app, &me, json!({"hobbies": ["photo", "food"]})).await.0, all(&["mother", "young"]));
    assert_eq!(searched(&app, &me, json!({"keyword": "moth"})).await, (all(&["mother"]), 1));
    assert_eq!(searched(&app, &me, json!({"isVerified": true})).await.1, 0, "nobody is verified yet");
    assert_eq!(searched(&app, &me, json!({"ageMin": 5, "ageMax": 200})).await.1, 3, "ranges are clamped");

    let (page, total) = searched(&app, &me, json!({"pageSize": 1, "page": 3})).await;
    assert_eq!((page.len(), total), (1, 3));
    assert_eq!(searched(&app, &me, json!({"pageSize": 1, "page": 4})).await, (Vec::new(), 3));
    let (page, total) = searched(&app, &me, json!({"pageSize": 2, "page": 2})).await;
    assert_eq!((page.len(), total), (1, 3), "a short last page");

    for (body, text) in [
        (json!({"ageMin": 40, "ageMax": 30}), "年龄范围无效"),
        (json!({"heightMin": 200, "heightMax": 150}), "身高范围无效"),
        (json!({"gender": "robot"}), "性别只能是男或女"),
        (json!({"educations": ["幼儿园"]}), "学历选项无效"),
        (json!({"maritalStatus": ["热恋"]}), "婚姻状况选项无效"),
        (json!({"hobbies": ["旅游"]}), "兴趣爱好选项无效"),
    ] {
        let refused = app.post("/api/v1/user/advsearch", body.clone(), Some(&me.token)).await;
        assert_eq!((refused.status, refused.message()), (400, text), "{body}");
    }
    assert_eq!(searched(&app, &man, json!({"gender": "female"})).await.0, all(&["hidden", "mother", "young"]));
}

async fn a_search_counts_every_match_on_every_page(app) {
    // A page reads a few pages ahead and counts only when the matches go on past them: six
    // women on pages of one cover a page whose total is counted, one whose total is read, and
    // pages past the end.
    let me = member_with(&app, "seeker", person("male", 19900101, "1101", &["read"])).await;
    for n in 0..6 {
        member_with(&app, &format!("woman{n}"), person("female", 19950101, "3301", &["travel"])).await;
    }
    member_with(&app, "other", person("male", 19920101, "1101", &["music"])).await;
    let mut seen = Vec::new();
    for page in 1..=8 {
        let (names, total) = searched(&app, &me, json!({"gender": "female", "pageSize": 1, "page": page})).await;
        assert_eq!(total, 6, "page {page}");
        assert_eq!(names.len(), usize::from(page <= 6), "page {page}");
        seen.extend(names);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 6, "each woman on one page: {seen:?}");
    let (names, total) = searched(&app, &me, json!({"gender": "female", "pageSize": 4, "page": 2})).await;
    assert_eq!((names.len(), total), (2, 6));
}


async fn members_coming_back_at_once_keep_the_window_whole(app) {
    // Ten women outside the window come back at the same moment.
    crowd(&app, 2 * WINDOW as u32 + 20).await;
    let seeker = signed_in_user(&app, "seeker", Role::User).await;
    let outside = women(&app, OUTSIDE, LATEST_FIRST, 10).await;
    assert_eq!(outside.len(), 10);
    futures_util::future::join_all(outside.iter().map(|woman| comes_back(&app, woman))).await;
    for woman in &outside {
        assert!(in_window(&app, woman).await, "{} came back", woman.username);
    }
    let (_, counted) = searched(&app, &seeker, json!({"gender": "female"})).await;
    // Everyone is at least 100 cm tall: this search walks the window instead of counting.
    let (_, walked) = searched(&app, &seeker, json!({"gender": "female", "heightMin": 100})).await;
    assert_eq!((counted, walked), (WINDOW, WINDOW));
}

async fn the_search_looks_through_the_most_recently_active_of_each_sex(app) {
    // 2 001 women and 2 001 men: one of each sex is outside the window.
    crowd(&app, 2 * WINDOW as u32 + 2).await;
    let seeker = signed_in_user(&app, "seeker", Role::User).await;
    let women_total = async || searched(&app, &seeker, json!({"gender": "female"})).await.1;
    assert_eq!(women_total().await, WINDOW, "the sex alone: the window's count");
    let (_, narrowed) = searched(&app, &seeker, json!({"gender": "female", "ageMin": 20, "ageMax": 60})).await;
    assert_eq!(narrowed, WINDOW, "a filter every woman passes: the walk counts the same");
    assert_eq!(searched(&app, &seeker, json!({})).await.1, 2 * WINDOW, "either sex: both windows");

    // The most recent woman outside comes back: she is in, the least recent is out.
    let floor = floor_of_window(&app).await;
    let back = first_outside(&app).await;
    let her = comes_back(&app, &back).await;
    assert!(in_window(&app, &back).await);
    let (_, others) = searched(&app, &her, json!({"gender": "female"})).await;
    assert_eq!(others, WINDOW - 1, "she is not among the women she finds");
    assert!(!in_window(&app, &floor).await);
    assert_eq!(first_outside(&app).await, floor);
    assert_eq!(women_total().await, WINDOW);
    let (found, _) = searched(&app, &seeker, json!({"gender": "female", "keyword": back.username, "pageSize": 48})).await;
    assert!(found.contains(&back.username), "{found:?}");

    // Held by moderation, she leaves, and the most recent woman outside takes her place.
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::hold_profile(&mut pooled.conn(), back.id, true).await.unwrap();
    drop(pooled);
    assert!(!in_window(&app, &back).await);
    assert!(in_window(&app, &floor).await);
    assert_eq!(women_total().await, WINDOW);
    let (found, _) = searched(&app, &seeker, json!({"gender": "female", "keyword": back.username, "pageSize": 48})).await;
    assert!(!found.contains(&back.username), "{found:?}");
}
}

/// `username`'s age as `viewer` sees it on the public profile.
async fn my_age(app: &TestApp, username: &str, viewer: &TestUser) -> i64 {
    let response = app
        .post(
            "/api/v1/user/advsearch",
            json!({"keyword": username}),
            Some(&viewer.token),
        )
        .await;
    response.data()["users"][0]["age"].as_i64().unwrap()
}

/// The search window holds 2 000 members of each sex (`discovery::window::WINDOW`).
const WINDOW: i64 = 2_000;

/// `count` benchmark members (bench_1 …, half of them women), listed as a bulk load lists them.
async fn crowd(app: &TestApp, count: u32) {
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    accounts::bench::fill_members(&app.state, conn, count, "bench-password")
        .await
        .unwrap();
    profile::bench::fill(conn, app.state.now()).await.unwrap();
}

#[derive(Debug, PartialEq, diesel::QueryableByName)]
struct Listed {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    username: String,
}

/// The first `limit` listed women `condition` selects (on the directory `d`) in `order`.
async fn women(app: &TestApp, condition: &str, order: &str, limit: i64) -> Vec<Listed> {
    let sql = format!(
        "SELECT u.id AS id, u.username AS username FROM profile_directory d \
         JOIN users u ON u.id = d.user_id \
         WHERE d.gender = 'female' AND {condition} ORDER BY {order} LIMIT {limit}"
    );
    let mut pooled = app.state.db.get().await.unwrap();
    platform::run!(&mut pooled.conn(), |c| diesel::sql_query(&sql)
        .load(c)
        .await)
    .unwrap()
}

const OUTSIDE: &str = "NOT d.recent AND NOT d.held";
const LATEST_FIRST: &str = "d.active_at DESC, d.user_id DESC";

/// The woman at the floor of the window: the least recently active in it.
async fn floor_of_window(app: &TestApp) -> Listed {
    women(app, "d.recent", "d.active_at, d.user_id", 1)
        .await
        .remove(0)
}

/// The most recently active woman outside the window.
async fn first_outside(app: &TestApp) -> Listed {
    women(app, OUTSIDE, LATEST_FIRST, 1).await.remove(0)
}

async fn in_window(app: &TestApp, member: &Listed) -> bool {
    let condition = format!("d.recent AND d.user_id = {}", member.id);
    !women(app, &condition, "d.user_id", 1).await.is_empty()
}

/// Signs the benchmark member in and opens their own profile, which notes them active.
async fn comes_back(app: &TestApp, member: &Listed) -> TestUser {
    let captcha_id = accounts::testkit::new_captcha_id(app).await;
    let login = app
        .post(
            "/api/v1/user/login",
            json!({"username": member.username, "password": "bench-password",
                   "captcha": platform::testkit::CAPTCHA_BYPASS, "captchaId": captcha_id}),
            None,
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.json);
    let token = login.data()["accessToken"].as_str().unwrap().to_owned();
    let opened = app
        .post("/api/v1/user/myprofile/get", json!({}), Some(&token))
        .await;
    assert_eq!(opened.status, 200, "{}", opened.json);
    TestUser {
        id: platform::UserId(member.id),
        uuid: opened.data()["uuid"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        username: member.username.clone(),
        password: "bench-password".to_owned(),
        token,
    }
}
