//! `xinqiao seed demo`: demo members for a fresh database (what `make run` shows).

use platform::{AppState, Role};

/// The demo logins; `make run` prints them. Never created in production mode.
pub const DEMO_PASSWORD: &str = "xinqiao123";
pub const DEMO_USERS: &[(&str, &str, Role)] = &[
    ("superadmin", "系统管理员", Role::Superadmin),
    ("admin", "管理员小周", Role::Admin),
    ("xiaomei", "小美", Role::User),
    ("ahao", "阿浩", Role::User),
    ("linlin", "琳琳", Role::User),
    ("dawei", "大伟", Role::User),
];

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
    for (username, nickname, role) in DEMO_USERS {
        accounts::api::create_user(state, username, DEMO_PASSWORD, Some(nickname), *role)
            .await
            .map_err(|e| format!("demo user {username}: {e}"))?;
    }
    Ok(SeedOutcome::Seeded)
}

pub fn print_demo_logins() {
    println!("Demo logins (password {DEMO_PASSWORD} for all):");
    for (username, nickname, role) in DEMO_USERS {
        println!("  {username:<12} {:<11} {nickname}", role.as_str());
    }
}
