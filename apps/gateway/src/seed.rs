//! `xinqiao seed demo`: demo members and content for a fresh database (what `make run`
//! shows), from every module's demo seed. Everything goes through the same rules as the API.

use accounts::demo::{DEMO_PASSWORD, DEMO_USERS};
use platform::AppState;

use crate::mount::MODULES;

pub enum SeedOutcome {
    Seeded,
    AlreadyHasUsers,
}

pub async fn seed_demo(state: &AppState) -> Result<SeedOutcome, String> {
    if accounts::api::count_users(state)
        .await
        .map_err(|e| e.to_string())?
        > 0
    {
        return Ok(SeedOutcome::AlreadyHasUsers);
    }
    platform::module::seed_demo(MODULES, state)
        .await
        .map_err(|e| e.to_string())?;
    Ok(SeedOutcome::Seeded)
}

pub fn print_demo_logins() {
    println!("Demo logins (password {DEMO_PASSWORD} for all):");
    for (username, nickname, role) in DEMO_USERS {
        println!("  {username:<12} {:<11} {nickname}", role.as_str());
    }
}

#[cfg(test)]
mod tests {
    use platform::testkit::{Engine, TestApp};
    use serde_json::json;

    use super::{SeedOutcome, seed_demo};

    async fn spawn_app(engine: Engine) -> Option<TestApp> {
        accounts::testkit::spawn_app_with(engine, crate::mount::MODULES).await
    }

    platform::engine_tests! { spawn_app;

    async fn every_module_seeds_its_demo_content_once(app) {
        assert!(matches!(seed_demo(&app.state).await, Ok(SeedOutcome::Seeded)));

        let mut moments = Vec::new();
        let mut from_id = 0;
        loop {
            let body = json!({"fromId": from_id, "pageSize": 20});
            let page = app.post("/api/v1/moment/guest/list", body, None).await;
            let page = page.data()["moments"].as_array().expect("moments").clone();
            let Some(oldest) = page.iter().filter_map(|m| m["momentId"].as_i64()).min() else {
                break;
            };
            moments.extend(page);
            from_id = oldest;
        }
        assert_eq!(moments.len(), 30);
        let authors: std::collections::HashSet<&str> =
            moments.iter().filter_map(|m| m["user"]["uuid"].as_str()).collect();
        assert_eq!(authors.len(), 4, "the four ordinary members post: {authors:?}");

        let blogs = app.post("/api/v1/blog/list", json!({"pageSize": 100}), None).await;
        assert_eq!(blogs.data()["total"], json!(10), "the published demo articles");

        let courses = app.post("/api/v1/knowledge/courses/guest/list", json!({"pageSize": 1000}), None).await;
        let courses = courses.data()["list"].as_array().expect("courses").clone();
        let fees: Vec<i64> = courses.iter().filter_map(|c| c["fee"].as_i64()).collect();
        assert_eq!(fees, vec![0, 1990, 2990, 3990], "one free course, then the paid ones");
        for course in &courses {
            assert!((10..=20).contains(&course["pointCount"].as_i64().unwrap_or(0)), "{}", course["name"]);
        }
        let free = app.post("/api/v1/knowledge/courses/guest/detail", json!({"kcId": courses[0]["kcId"]}), None).await;
        let resources = free.data()["resources"].as_array().expect("resources").clone();
        assert!(resources.iter().any(|r| r["url"] == "/media/knowledge/intro/index.m3u8"), "the demo video");
        let points = free.data()["points"].as_array().expect("points").clone();
        assert!(points.iter().all(|p| p["locked"] == false && p["content"].as_str().is_some_and(|c| !c.is_empty())));

        assert!(matches!(seed_demo(&app.state).await, Ok(SeedOutcome::AlreadyHasUsers)));
    }

    }
}
