//! The demo members (`xinqiao seed demo`); `make run` prints their logins.

use platform::demo::{DemoCast, SeedError};
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

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
        for (username, nickname, role) in DEMO_USERS {
            let created =
                crate::api::create_user(state, username, DEMO_PASSWORD, Some(nickname), *role)
                    .await
                    .map_err(SeedError::at("member"))?;
            cast.members.push(Identity {
                user_id: created.id,
                uuid: created.uuid,
                role: *role,
            });
        }
        Ok(())
    })
}
