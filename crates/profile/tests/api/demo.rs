use std::collections::HashSet;

use accounts::demo::DEMO_PASSWORD;
use accounts::testkit::new_captcha_id;
use platform::testkit::CAPTCHA_BYPASS;

use super::*;

/// The token of a demo member signed in with the demo password.
async fn demo_login(app: &TestApp, username: &str) -> String {
    let captcha_id = new_captcha_id(app).await;
    let body = json!({"username": username, "password": DEMO_PASSWORD, "captcha": CAPTCHA_BYPASS, "captchaId": captcha_id});
    let response = app.post("/api/v1/user/login", body, None).await;
    assert_eq!(
        response.status, 200,
        "login of {username}: {}",
        response.json
    );
    response.data()["accessToken"].as_str().unwrap().to_owned()
}

/// Every person card of `path` for the member with `token`, read 48 a page.
async fn everyone(app: &TestApp, token: &str, path: &str, filters: Value) -> Vec<Value> {
    let mut cards = Vec::new();
    for page in 1.. {
        let mut body = filters.clone();
        body["page"] = json!(page);
        body["pageSize"] = json!(48);
        let response = app.post(path, body, Some(token)).await;
        assert_eq!(response.status, 200, "{path}: {}", response.json);
        let data = response.data();
        let key = ["users", "likes", "visited"]
            .into_iter()
            .find(|key| data.get(*key).is_some())
            .unwrap();
        let found = data[key].as_array().unwrap();
        cards.extend(found.iter().cloned());
        let total = data["total"].as_i64().unwrap();
        if found.is_empty() || cards.len() as i64 >= total {
            return cards;
        }
    }
    unreachable!()
}

fn usernames(cards: &[Value]) -> HashSet<&str> {
    cards
        .iter()
        .map(|card| card["username"].as_str().unwrap())
        .collect()
}

platform::engine_tests! { spawn_app;

async fn the_demo_seed_brings_a_community_that_likes_and_visits_the_demo_logins(app) {
    platform::module::seed_demo(MODULES, &app.state).await.unwrap();
    let xiaomei = demo_login(&app, "xiaomei").await;

    let women = everyone(&app, &xiaomei, "/api/v1/user/advsearch", json!({"gender": "female"})).await;
    let men = everyone(&app, &xiaomei, "/api/v1/user/advsearch", json!({"gender": "male"})).await;
    assert!(women.len() + 1 + men.len() >= 60, "{} women and {} men besides 小美", women.len(), men.len());
    assert!(women.len().abs_diff(men.len()) <= 6, "{} women, {} men", women.len(), men.len());
    let everybody: Vec<&Value> = women.iter().chain(&men).collect();
    let provinces: HashSet<&str> = everybody
        .iter()
        .filter_map(|card| card["location"].as_str()?.split(' ').next())
        .collect();
    assert!(provinces.len() >= 12, "{provinces:?}");
    assert!(everybody.iter().any(|card| card["maritalStatus"] == json!("离异")));
    assert!(everybody.iter().all(|card| card["introduction"] != json!("")), "every profile passed review");
    for hobby in ["travel", "food", "sport", "music", "movie", "read", "photo", "draw"] {
        let found = everyone(&app, &xiaomei, "/api/v1/user/advsearch", json!({"hobbies": [hobby]})).await;
        assert!(found.len() >= 5, "{hobby}: {}", found.len());
    }

    let likers = everyone(&app, &xiaomei, "/api/v1/likedme/list", json!({})).await;
    let liked = everyone(&app, &xiaomei, "/api/v1/liked/list", json!({})).await;
    let friends = everyone(&app, &xiaomei, "/api/v1/mutualliked/list", json!({})).await;
    let visitors = everyone(&app, &xiaomei, "/api/v1/visitedme/list", json!({})).await;
    let visited = everyone(&app, &xiaomei, "/api/v1/visited/list", json!({})).await;
    assert!(likers.len() >= 5 && visitors.len() >= likers.len(), "{} likers, {} visitors", likers.len(), visitors.len());
    assert!(!friends.is_empty() && friends.len() < likers.len(), "小美 likes some back");
    assert!(usernames(&friends).is_subset(&usernames(&likers)));
    assert!(liked.len() > friends.len(), "and likes someone who has not liked her");
    assert!(!visited.is_empty());
    assert!(visitors.iter().any(|card| card["times"].as_i64() > Some(1)), "some came back");

    let ahao = demo_login(&app, "ahao").await;
    let his_likers = everyone(&app, &ahao, "/api/v1/likedme/list", json!({})).await;
    let his_friends = everyone(&app, &ahao, "/api/v1/mutualliked/list", json!({})).await;
    assert!(his_likers.len() >= 5 && !his_friends.is_empty());
    assert!(his_likers.iter().all(|card| card["sex"] == json!("female")));

    let fan = likers[0]["username"].as_str().unwrap();
    let token = demo_login(&app, fan).await;
    let fans_likes = everyone(&app, &token, "/api/v1/liked/list", json!({})).await;
    assert!(usernames(&fans_likes).contains("xiaomei"), "a community member signs in with the demo password");
}

}
