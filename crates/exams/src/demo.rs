//! The demo assessments (`xinqiao seed demo`): the validated instruments, published by the
//! admin with painted thumbnails; the first demo member has taken two of them.

use std::collections::HashMap;

use platform::demo::{DemoCast, SeedError, pictures};
use platform::files;
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::dto::ChoiceItem;
use crate::instruments::OFFERS;
use crate::model::{ExamDraft, ExamId};
use crate::service;

const THUMB: (u32, u32) = (640, 360);

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let Some(admin) = cast.with_role(Role::Admin).first().copied().cloned() else {
            return Ok(());
        };
        let mut published = HashMap::new();
        for (index, offer) in OFFERS.iter().enumerate() {
            let picture = pictures::paint(2000 + index as u64, THUMB);
            let thumb = files::store_image(state, &admin, crate::EXAM_IMAGE, picture)
                .await
                .map_err(SeedError::at("assessment thumbnail"))?;
            let request = offer.request().map_err(|error| {
                SeedError::at("assessment file")(platform::ApiError::internal(error))
            })?;
            let mut draft = ExamDraft::try_from(request).map_err(|message| {
                SeedError::at("assessment")(platform::ApiError::internal(message))
            })?;
            draft.fields.thumb = thumb.path.clone();
            draft.fields.cover = thumb.path;
            let exam_id = service::create(state, &admin, draft)
                .await
                .map_err(SeedError::at("assessment"))?;
            crate::api::mark_instrument(state, exam_id, offer.file)
                .await
                .map_err(SeedError::at("assessment instrument"))?;
            published.insert(offer.file, exam_id);
        }
        if let Some(member) = cast.with_role(Role::User).first().copied().cloned() {
            take_demo_tests(state, &member, &published).await?;
        }
        Ok(())
    })
}

/// The member has taken the self-esteem scale and bought (and once taken) the Big Five.
async fn take_demo_tests(
    state: &AppState,
    member: &Identity,
    published: &HashMap<&str, ExamId>,
) -> Result<(), SeedError> {
    for (file, pattern) in [("rosenberg", [2, 1, 2, 3]), ("big-five", [4, 2, 5, 3])] {
        let Some(&exam_id) = published.get(file) else {
            continue;
        };
        let session = service::start(state, member, exam_id).await;
        let session = match session {
            Err(service::ExamError::NotBought) => {
                service::buy(state, member, exam_id)
                    .await
                    .map_err(SeedError::at("assessment purchase"))?;
                service::start(state, member, exam_id).await
            }
            other => other,
        }
        .map_err(SeedError::at("assessment start"))?;
        let choices = session
            .questions
            .iter()
            .enumerate()
            .map(|(index, question)| {
                let wanted = pattern[index % pattern.len()];
                let oid = question
                    .options
                    .iter()
                    .map(|option| option.oid)
                    .find(|&oid| oid == wanted)
                    .unwrap_or(question.options[0].oid);
                ChoiceItem {
                    qid: question.qid,
                    oid,
                }
            })
            .collect();
        service::answer(state, member, exam_id, choices, false)
            .await
            .map_err(SeedError::at("assessment answer"))?;
    }
    Ok(())
}
