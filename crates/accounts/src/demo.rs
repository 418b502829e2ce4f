//! The demo members (`xinqiao seed demo`); `make run` prints their logins. The profile seed
//! adds a community of members around them through [`add_members`].

use platform::demo::{DemoCast, SeedError};
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::api::SharedPassword;

pub const DEMO_PASSWORD: &str = "xinqiao123";
pub const DEMO_USERS: &[(&str, &str, Role)] = &[
    ("superadmin", "系统管理员", Role::Superadmin),
    ("admin", "管理员小周", Role::Admin),
    ("xiaomei", "小美", Role::User),
    ("ahao", "阿浩", Role::User),
    ("linlin", "琳琳", Role::User),
    ("dawei", "大伟", Role::User),
];

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let added = add_members(state, DEMO_USERS).await?;
        let by_name: Vec<(&str, &Identity)> = DEMO_USERS
            .iter()
            .map(|(username, _, _)| *username)
            .zip(&added)
            .collect();
        if let Some((_, superadmin)) = by_name
            .iter()
            .find(|(_, member)| member.role == Role::Superadmin)
        {
            crate::identity::demo::seed(state, &by_name, superadmin).await?;
        }
        cast.members.extend(added);
        Ok(())
    })
}

/// Adds demo members, given as (username, nickname, role), and answers who they are in the
/// same order. All sign in with [`DEMO_PASSWORD`], hashed once for the lot: at the
/// production cost one hash takes about a quarter of a second, and the demo has sixty members.
pub async fn add_members(
    state: &AppState,
    members: &[(&str, &str, Role)],
) -> Result<Vec<Identity>, SeedError> {
    let password = SharedPassword::hash(state, DEMO_PASSWORD)
        .await
        .map_err(SeedError::at("demo password"))?;
    let mut added = Vec::with_capacity(members.len());
    for (username, nickname, role) in members {
        let created = crate::api::create_user_with_shared_password(
            state,
            username,
            &password,
            Some(nickname),
            *role,
        )
        .await
        .map_err(SeedError::at("member"))?;
        added.push(Identity {
            user_id: created.id,
            uuid: created.uuid,
            role: *role,
        });
    }
    Ok(added)
}
