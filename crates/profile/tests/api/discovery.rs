use std::collections::HashMap;

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
    let eve = member_with(&app, "eve", person("female", 19960101, "3301", &["photo", "travel"])).await;
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

    // A preference for everyone aged 25–35 takes in eve (who looks for anyone herself) and
    // leaves out the 56-year-old.
    saved(&app, &eve, json!({"seekGender": "any"})).await;
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
    assert_eq!(usernames(&recommended(&app, &far, json!({})).await.0), ["eve"], "ann looks for 25–35, not him");
    assert_eq!(app.post("/api/v1/recommend/list", json!({}), None).await.status, 401);
}

async fn recommendations_asked_at_once_each_rank_their_own_pool(app) {
    // 600 women in six cities and 600 men in six others: every one of the other sex may be
    // offered, and each seeker ranks a draw of their own.
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
            assert!(total >= 599, "everyone of the other sex but the blacklisted: {total}");
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
    // Two women alike in everything.
    let early = member_with(&app, "bella_early", person("female", 19960101, "3301", &["photo"])).await;
    member_with(&app, "clara_later", person("female", 19960101, "3301", &["photo"])).await;
    let seeker = member_with(&app, "mike_seeker", person("male", 19950101, "3301", &["photo"])).await;
    let (cards, _) = recommended(&app, &seeker, json!({})).await;
    assert_eq!(cards[0]["score"], cards[1]["score"]);

    // Five days on (within the sign-in's lifetime), the earlier one looks for people and so
    // counts as active again.
    app.clock.advance(5 * 24 * 3600);
    recommended(&app, &early, json!({})).await;
    let (cards, _) = recommended(&app, &seeker, json!({})).await;
    assert_eq!(usernames(&cards), ["bella_early", "clara_later"]);
    assert!(cards[0]["score"].as_i64().unwrap() > cards[1]["score"].as_i64().unwrap());
}

async fn recommendations_offer_only_whom_the_member_fits_in_turn(app) {
    let me = member_with(&app, "mike", person("male", 19960101, "3301", &["photo"])).await;
    member_with(&app, "open", person("female", 19970101, "3301", &["photo"])).await;
    let picky = member_with(&app, "picky", person("female", 19970101, "3301", &["photo"])).await;
    saved(&app, &picky, json!({"seekGender": "male", "seekAgeMin": 40, "seekAgeMax": 50})).await;
    let women_only = member_with(&app, "lily", person("female", 19970101, "3301", &["photo"])).await;
    saved(&app, &women_only, json!({"seekGender": "female"})).await;

    let (cards, total) = recommended(&app, &me, json!({})).await;
    assert_eq!((usernames(&cards), total), (vec!["open"], 1), "picky wants older men, lily women");
    // Within her range, he is offered to her and she to him.
    saved(&app, &picky, json!({"seekGender": "male", "seekAgeMin": 25, "seekAgeMax": 35})).await;
    let (cards, total) = recommended(&app, &me, json!({})).await;
    assert_eq!(total, 2, "{:?}", usernames(&cards));
    assert!(usernames(&recommended(&app, &picky, json!({})).await.0).contains(&"mike"));
    // Someone already liked is not offered again.
    let liked = app.post("/api/v1/user/like", json!({"targetUuid": picky.uuid}), Some(&me.token)).await;
    assert_eq!(liked.status, 200, "{}", liked.json);
    assert_eq!(usernames(&recommended(&app, &me, json!({})).await.0), ["open"]);
}

async fn a_person_shown_and_passed_over_sinks_on_the_days_after(app) {
    // Thirty women who fit him equally well: only what he was shown tells them apart.
    for n in 0..30 {
        member_with(&app, &format!("woman{n}"), person("female", 19970101, "3301", &["photo"])).await;
    }
    let me = member_with(&app, "mike", person("male", 19960101, "3301", &["photo"])).await;
    let (first, total) = recommended(&app, &me, json!({})).await;
    assert_eq!((first.len(), total), (12, 30));
    app.clock.advance(24 * 3600);
    let (next, _) = recommended(&app, &me, json!({})).await;
    let shown_before = usernames(&first);
    let again: Vec<&str> =
        usernames(&next).into_iter().filter(|name| shown_before.contains(name)).collect();
    assert!(again.is_empty(), "shown yesterday and passed over, first again: {again:?}");
    // Liking someone is not passing them over; they leave the recommendations instead.
    let liked = app.post("/api/v1/user/like", json!({"targetUuid": next[0]["uuid"]}), Some(&me.token)).await;
    assert_eq!(liked.status, 200, "{}", liked.json);
    assert_eq!(recommended(&app, &me, json!({})).await.1, 29);
    // Whom he was shown goes with his account.
    assert_eq!(impression_days(&app, &me).await, 2);
    let deleted = app.post("/api/v1/user/account/delete", json!({"password": me.password}), Some(&me.token)).await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    assert_eq!(impression_days(&app, &me).await, 0);
}

async fn a_member_whose_likes_say_the_asker_is_their_type_ranks_above_one_whose_do_not(app) {
    let me = member_with(&app, "mike", json!({
        "gender": "male", "birthday": 19900101, "province": "33", "city": "3301",
        "hobbies": ["read"], "height": 180, "weight": 75, "education": "硕士", "maritalStatus": "未婚",
    })).await;
    let like_him = |name: &str| json!({
        "gender": "male", "birthday": 19900601, "province": "33", "city": "3301",
        "hobbies": ["read"], "height": 181, "weight": 75, "education": "硕士", "maritalStatus": "未婚",
        "nickname": name,
    });
    let unlike_him = json!({
        "gender": "male", "birthday": 19700101, "province": "44", "city": "4401",
        "hobbies": ["golf"], "height": 160, "weight": 60, "education": "高中", "maritalStatus": "未婚",
    });
    let mut his_kind = Vec::new();
    let mut others = Vec::new();
    for n in 0..3 {
        his_kind.push(member_with(&app, &format!("alike{n}"), like_him("x")).await);
        others.push(member_with(&app, &format!("unlike{n}"), unlike_him.clone()).await);
    }
    // Two women alike in all the score reads; one likes men like him, the other does not.
    let cleo = member_with(&app, "cleo", person("female", 19920101, "3301", &["photo"])).await;
    let dora = member_with(&app, "dora", person("female", 19920101, "3301", &["photo"])).await;
    for (woman, liked) in [(&cleo, &his_kind), (&dora, &others)] {
        for man in liked {
            let response = app.post("/api/v1/user/like", json!({"targetUuid": man.uuid}), Some(&woman.token)).await;
            assert_eq!(response.status, 200, "{}", response.json);
        }
    }
    let (cards, _) = recommended(&app, &me, json!({})).await;
    assert_eq!(usernames(&cards), ["cleo", "dora"]);
    let scores: Vec<i64> = cards.iter().map(|card| card["score"].as_i64().unwrap()).collect();
    assert_eq!(scores[0], scores[1], "the score shown is the fit alone");
    // Tastes follow a change of heart: Cleo takes her likes back, Dora blacklists the men she
    // liked (which takes her likes of them away) and likes men like him instead.
    for man in &his_kind {
        let response = app.post("/api/v1/user/unlike", json!({"targetUuid": man.uuid}), Some(&cleo.token)).await;
        assert_eq!(response.status, 200, "{}", response.json);
    }
    for man in &others {
        block(&app, &dora, man).await;
    }
    for man in &his_kind {
        let response = app.post("/api/v1/user/like", json!({"targetUuid": man.uuid}), Some(&dora.token)).await;
        assert_eq!(response.status, 200, "{}", response.json);
    }
    let (cards, _) = recommended(&app, &me, json!({})).await;
    assert_eq!(usernames(&cards), ["dora", "cleo"]);
}

async fn recommendations_reach_the_whole_community_and_spread_who_is_shown(app) {
    // The measure: a 10 000-member site, sixty members asking.
    crowd(&app, 10_000).await;
    let listed = listed(&app).await;
    // Sixty members of both sexes and every city of the crowd ask for their first page.
    let askers: Vec<&Member> = listed.iter().step_by(listed.len() / 60).take(60).collect();
    let mut slots = 0;
    let mut shown: HashMap<String, usize> = HashMap::new();
    for asker in &askers {
        // Half a minute apart, as sign-ins from one address are paced.
        app.clock.advance(30);
        let member = comes_back(&app, asker).await;
        let (cards, total) = recommended(&app, &member, json!({})).await;
        assert!(total > 4_000, "the whole community of the other sex: {total}");
        assert_eq!(cards.len(), 12);
        slots += cards.len();
        for name in usernames(&cards) {
            *shown.entry(name.to_owned()).or_default() += 1;
        }
    }
    let distinct = shown.len() as f64 / slots as f64;
    assert!(distinct >= 0.6, "{} distinct people in {slots} slots", shown.len());
    let most = shown.values().max().copied().unwrap_or(0);
    assert!(most <= 6, "one person on {most} of the 60 first pages");
}

async fn a_members_pages_hold_everyone_offered_once_and_stay_put_through_the_day(app) {
    crowd(&app, 1_000).await;
    let seeker = member_with(&app, "seeker", person("male", 19960101, "3301", &["photo"])).await;
    let first = recommended(&app, &seeker, json!({})).await;
    let mut seen: Vec<String> = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let (cards, this_total) = recommended(&app, &seeker, json!({"page": page, "pageSize": 48})).await;
        total = this_total;
        if cards.is_empty() {
            break;
        }
        seen.extend(usernames(&cards).into_iter().map(str::to_owned));
    }
    let women = listed(&app).await.iter().filter(|m| m.gender == "female").count();
    assert_eq!(total, women as i64, "every woman is offered to him");
    let mut distinct = seen.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!((distinct.len(), seen.len()), (women, women), "each on one page");
    assert_eq!(recommended(&app, &seeker, json!({})).await, first, "page 1 again, the same");
    // The next day draws others first.
    app.clock.advance(24 * 3600);
    assert_ne!(usernames(&recommended(&app, &seeker, json!({})).await.0), usernames(&first.0));
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
    // Six women on pages of one: every page gives the same total, and pages past the end none.
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


async fn a_search_answers_about_everyone_who_matches_with_an_exact_total(app) {
    // More of each sex than any window or pool of the past held.
    crowd(&app, 4_100).await;
    let seeker = signed_in_user(&app, "seeker", Role::User).await;
    let listed = listed(&app).await;
    let today = platform::clock::date_number(app.state.now());
    let age = |member: &Member| (today - member.birthday) / 10_000;
    let cases: [(Value, Wanted); 6] = [
        (json!({"gender": "female"}), Box::new(|m| m.gender == "female")),
        (json!({"gender": "male", "educations": ["博士"]}), Box::new(|m| m.gender == "male" && m.education == "博士")),
        (
            json!({"gender": "female", "educations": ["硕士"], "ageMin": 25, "ageMax": 40}),
            Box::new(|m| m.gender == "female" && m.education == "硕士" && (25..=40).contains(&age(m))),
        ),
        (
            json!({"hobbies": ["photo", "draw"], "heightMin": 160, "heightMax": 175}),
            Box::new(|m| (m.hobbies.contains("\"photo\"") || m.hobbies.contains("\"draw\"")) && (160..=175).contains(&m.height)),
        ),
        (
            json!({"maritalStatus": ["离异"], "maxBoys": 1, "ageMin": 30}),
            Box::new(|m| m.marital_status == "离异" && m.boy_count <= 1 && age(m) >= 30),
        ),
        // Few enough ages that they go first.
        (
            json!({"gender": "female", "ageMin": 28, "ageMax": 31, "educations": ["硕士", "本科"]}),
            Box::new(|m| m.gender == "female" && (28..=31).contains(&age(m)) && ["硕士", "本科"].contains(&m.education.as_str())),
        ),
    ];
    for (body, wanted) in cases {
        let expected: Vec<&Member> = listed.iter().filter(|m| wanted(m)).collect();
        assert!(expected.len() > 48, "{body}: a case spans pages");
        let (pages, total) = every_page(&app, &seeker, body.clone()).await;
        assert_eq!(total, expected.len() as i64, "{body}: the exact total");
        let mut found = pages.clone();
        found.sort();
        found.dedup();
        assert_eq!(found.len(), pages.len(), "{body}: nobody on two pages");
        let mut names: Vec<&str> = expected.iter().map(|m| m.username.as_str()).collect();
        names.sort();
        assert_eq!(found, names, "{body}: the pages hold every match");
        let order: Vec<(i64, i64)> = pages
            .iter()
            .map(|name| listed.iter().find(|m| &m.username == name).map(|m| (m.active_at, m.id)).unwrap())
            .collect();
        assert!(order.windows(2).all(|pair| pair[0] > pair[1]), "{body}: most recently active first, then the higher id");
    }
    let (names, _) = searched(&app, &seeker, json!({"keyword": listed[4_000].username, "pageSize": 48})).await;
    assert_eq!(names, [listed[4_000].username.clone()], "the keyword reaches the whole community too");
}

async fn a_change_leaves_or_enters_the_search_at_once(app) {
    crowd(&app, 300).await;
    let seeker = member_with(&app, "seeker", person("male", 19900101, "1101", &["read"])).await;
    let women_total = async || searched(&app, &seeker, json!({"gender": "female"})).await.1;
    let before = women_total().await;
    let least_recent = listed(&app)
        .await
        .into_iter()
        .filter(|m| m.gender == "female")
        .min_by_key(|m| (m.active_at, m.id))
        .unwrap();

    // Back on the site, the least recently active woman heads the search.
    let her = comes_back(&app, &least_recent).await;
    let first = in_order(&app, &seeker, json!({"gender": "female", "pageSize": 1})).await;
    assert_eq!(first, std::slice::from_ref(&her.username));

    // Held, she is gone from every count and page; passed, she is back.
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::hold_profile(&mut pooled.conn(), her.id.get(), true).await.unwrap();
    drop(pooled);
    assert_eq!(women_total().await, before - 1);
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::hold_profile(&mut pooled.conn(), her.id.get(), false).await.unwrap();
    drop(pooled);
    assert_eq!(women_total().await, before);

    // A profile change moves her between sexes' counts.
    saved(&app, &her, person("male", 19900101, "1101", &["read"])).await;
    assert_eq!(women_total().await, before - 1);
    assert_eq!(searched(&app, &seeker, json!({"gender": "male", "keyword": her.username})).await.1, 1);

    // Blacklisted, she is not found.
    block(&app, &her, &seeker).await;
    assert_eq!(searched(&app, &seeker, json!({"keyword": her.username})).await.1, 0);

    // An account deleted leaves the count.
    let everyone = searched(&app, &seeker, json!({})).await.1;
    let leaving = listed(&app).await.into_iter().find(|m| m.id != her.id.get()).unwrap();
    let leaving = comes_back(&app, &leaving).await;
    let deleted = app.post("/api/v1/user/account/delete", json!({"password": "bench-password"}), Some(&leaving.token)).await;
    assert_eq!(deleted.status, 200, "{}", deleted.json);
    assert_eq!(searched(&app, &seeker, json!({})).await.1, everyone - 1);
}

async fn another_gateway_answers_with_the_changes_made_through_this_one(app) {
    let seeker = member_with(&app, "seeker", person("male", 19900101, "1101", &["read"])).await;
    let other = accounts::testkit::another_gateway(&app).await;
    let women_there = async || {
        let response = other.post("/api/v1/user/advsearch", json!({"gender": "female"}), Some(&seeker.token)).await;
        assert_eq!(response.status, 200, "{}", response.json);
        response.data()["total"].as_i64().unwrap()
    };
    assert_eq!(women_there().await, 0);
    let her = member_with(&app, "her", person("female", 19950101, "3301", &["travel"])).await;
    assert_eq!(women_there().await, 1, "saved here, found there");
    let mut pooled = app.state.db.get().await.unwrap();
    profile::api::hold_profile(&mut pooled.conn(), her.id.get(), true).await.unwrap();
    drop(pooled);
    assert_eq!(women_there().await, 0, "held here, gone there");
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

/// Which listed members a search should find, decided in the test.
type Wanted<'a> = Box<dyn Fn(&Member) -> bool + 'a>;

/// A listed member as the directory holds them.
#[derive(Debug, diesel::QueryableByName)]
struct Member {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    username: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    gender: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    birthday: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    height: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    education: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    marital_status: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    boy_count: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    hobbies: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    active_at: i64,
}

/// Every listed member, in id order.
async fn listed(app: &TestApp) -> Vec<Member> {
    let sql = "SELECT u.id AS id, u.username AS username, d.gender AS gender, d.birthday AS birthday, \
               d.height AS height, d.education AS education, d.marital_status AS marital_status, \
               d.boy_count AS boy_count, d.hobbies AS hobbies, d.active_at AS active_at \
               FROM profile_directory d JOIN users u ON u.id = d.user_id WHERE NOT d.held ORDER BY u.id";
    let mut pooled = app.state.db.get().await.unwrap();
    platform::run!(&mut pooled.conn(), |c| diesel::sql_query(sql).load(c).await).unwrap()
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    count: i64,
}

/// On how many days recommendations noted whom they showed `viewer`.
async fn impression_days(app: &TestApp, viewer: &TestUser) -> i64 {
    let sql = format!(
        "SELECT COUNT(*) AS count FROM profile_impressions WHERE viewer_id = {}",
        viewer.id.get()
    );
    let mut pooled = app.state.db.get().await.unwrap();
    let counted: Vec<Count> = platform::run!(&mut pooled.conn(), |c| diesel::sql_query(&sql)
        .load(c)
        .await)
    .unwrap();
    counted[0].count
}

/// The usernames of one page, in the order the search gives them.
async fn in_order(app: &TestApp, user: &TestUser, body: Value) -> Vec<String> {
    let response = app
        .post("/api/v1/user/advsearch", body, Some(&user.token))
        .await;
    assert_eq!(response.status, 200, "{}", response.json);
    response.data()["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|card| card["username"].as_str().unwrap().to_owned())
        .collect()
}

/// Every page of a search (48 a page) in order, and the total each page gave.
async fn every_page(app: &TestApp, user: &TestUser, body: Value) -> (Vec<String>, i64) {
    let mut all = Vec::new();
    let mut total = None;
    for page in 1.. {
        let mut asked = body.clone();
        asked["page"] = json!(page);
        asked["pageSize"] = json!(48);
        let response = app
            .post("/api/v1/user/advsearch", asked, Some(&user.token))
            .await;
        assert_eq!(response.status, 200, "{}", response.json);
        let this_total = response.data()["total"].as_i64().unwrap();
        assert_eq!(
            *total.get_or_insert(this_total),
            this_total,
            "the same total on every page"
        );
        let names = response.data()["users"].as_array().unwrap().clone();
        if names.is_empty() {
            break;
        }
        all.extend(
            names
                .iter()
                .map(|card| card["username"].as_str().unwrap().to_owned()),
        );
    }
    (all, total.unwrap_or(0))
}

/// `count` benchmark members (bench_1 …, half of them women), listed as a bulk load lists them.
async fn crowd(app: &TestApp, count: u32) {
    let mut pooled = app.state.db.get().await.unwrap();
    let conn = &mut pooled.conn();
    accounts::bench::fill_members(&app.state, conn, count, "bench-password")
        .await
        .unwrap();
    profile::bench::fill(conn, app.state.now()).await.unwrap();
}

/// Signs the benchmark member in and opens their own profile, which notes them active.
async fn comes_back(app: &TestApp, member: &Member) -> TestUser {
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
