//! Demo real-name data: xiaomei passed (the superadmin decided it), linlin waits for review, so
//! the back office's queue and the verified tag both have something to show. The photos are
//! painted placeholders, not identity cards.

use platform::demo::{SeedError, pictures};
use platform::{AppState, Identity, files, transaction};

use super::service::{self, Decision, Form, IdentityError};
use super::{CARD_PHOTO, repo};

/// (member, real name, number, passed): valid numbers of adults, made up for the demo.
const SUBMISSIONS: &[(&str, &str, &str, bool)] = &[
    ("xiaomei", "李小美", "310115199505052046", true),
    ("linlin", "王琳", "440301198808083015", false),
];

/// `members` are the demo members by username; `reviewer` decides the passed ones.
pub async fn seed(
    state: &AppState,
    members: &[(&str, &Identity)],
    reviewer: &Identity,
) -> Result<(), SeedError> {
    for (seed, (username, name, number, passed)) in (900u64..).step_by(2).zip(SUBMISSIONS) {
        let Some((_, member)) = members.iter().find(|(name, _)| name == username) else {
            continue;
        };
        let mut sides = Vec::new();
        for side in 0..2 {
            let picture = pictures::paint(seed + side, (640, 404));
            let stored = files::store_image(state, member, CARD_PHOTO, picture)
                .await
                .map_err(SeedError::at("identity card photo"))?;
            sides.push(stored.path);
        }
        let [front, back] = <[String; 2]>::try_from(sides).expect("two sides");
        let form = Form {
            name: (*name).to_owned(),
            number: (*number).to_owned(),
            front,
            back,
        };
        service::submit(state, member.user_id, form)
            .await
            .map_err(SeedError::at("real-name submission"))?;
        if *passed {
            let now = state.now();
            let mut pooled = state.db.get().await.map_err(SeedError::at("database"))?;
            let conn = &mut pooled.conn();
            transaction!(conn, |tx| {
                let submission = repo::of_member(tx, member.user_id)
                    .await?
                    .ok_or(IdentityError::NotFound)?;
                service::decide(tx, reviewer.user_id, submission.id, &Decision::Pass, now).await?;
                Ok::<_, IdentityError>(())
            })
            .map_err(SeedError::at("real-name decision"))?;
        }
    }
    Ok(())
}
