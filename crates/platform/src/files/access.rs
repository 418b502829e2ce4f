//! Who may read a stored upload. Most are public; two kinds are not: a picture awaiting
//! review (a `tobeaudit/` path) is for its uploader and admins only, and every file of a
//! purpose with a read rule (`Purpose::readable_by`, chat pictures) also for the callers the
//! owning crate's rule admits. `GET /uploads/` answers anyone else as if the file were missing.

use std::future::Future;
use std::pin::Pin;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;

use super::{Purpose, blurred_path, is_awaiting_review};
use crate::auth::Identity;
use crate::db::Conn;
use crate::error::ApiError;
use crate::ids::UserId;
use crate::run;
use crate::schema::uploads;
use crate::state::AppState;

/// What a read rule answers: whether the viewer may read the image.
pub type ReadRuleFuture<'a> = Pin<Box<dyn Future<Output = Result<bool, ApiError>> + 'a>>;

/// Whether `viewer` (neither its uploader nor an admin) may read the image stored at `path`
/// (the image's own path, also for its thumbnail and blurred copy).
pub type ReadRule = for<'a> fn(&'a AppState, UserId, &'a str) -> ReadRuleFuture<'a>;

/// Whether the file at `path` of `purpose` is served only to some callers.
pub(super) fn is_restricted(purpose: Purpose, path: &str) -> bool {
    purpose.read_rule.is_some() || (purpose.awaiting_review && is_awaiting_review(path))
}

/// Whether `viewer` may read the restricted file at `path`: an admin, the image's uploader,
/// or a caller the purpose's rule admits. A file no record knows is nobody's to read.
pub(super) async fn may_read(
    state: &AppState,
    purpose: Purpose,
    viewer: &Identity,
    path: &str,
) -> Result<bool, ApiError> {
    if viewer.role.is_admin() {
        return Ok(true);
    }
    let record = {
        let mut pooled = state.db.get().await?;
        record_of_file(&mut pooled.conn(), purpose, path).await?
    };
    let Some((uploader, image)) = record else {
        return Ok(false);
    };
    if uploader == viewer.user_id {
        return Ok(true);
    }
    // A picture awaiting review is its uploader's until an admin passes it, whatever
    // the purpose's rule says.
    if is_awaiting_review(&image) {
        return Ok(false);
    }
    match purpose.read_rule {
        Some(rule) => rule(state, viewer.user_id, &image).await,
        None => Ok(false),
    }
}

/// The uploader and the image's own path of a stored file: the image itself, its thumbnail,
/// or its blurred copy (whose keyed name leads back to no image, so the copies beside it are
/// named and compared: one folder, a few hundred records at most).
async fn record_of_file(
    conn: &mut Conn<'_>,
    purpose: Purpose,
    path: &str,
) -> QueryResult<Option<(UserId, String)>> {
    let direct: Option<(UserId, String)> = run!(conn, |c| uploads::table
        .filter(uploads::purpose.eq(purpose.name))
        .filter(uploads::path.eq(path).or(uploads::thumbnail_path.eq(path)))
        .select((uploads::owner_id, uploads::path))
        .first(c)
        .await
        .optional())?;
    if direct.is_some() || !is_blurred_copy(path) {
        return Ok(direct);
    }
    let Some((folder, _)) = path.rsplit_once('/') else {
        return Ok(None);
    };
    let beside: Vec<(UserId, String)> = run!(conn, |c| uploads::table
        .filter(uploads::purpose.eq(purpose.name))
        .filter(
            uploads::path
                .like(format!("{}/%", escape_like(folder)))
                .escape('\\')
        )
        .select((uploads::owner_id, uploads::path))
        .load(c)
        .await)?;
    Ok(beside
        .into_iter()
        .find(|(_, image)| blurred_path(image).as_deref() == Some(path)))
}

fn is_blurred_copy(path: &str) -> bool {
    path.rsplit_once('.')
        .is_some_and(|(stem, _)| stem.ends_with("_blur"))
}

fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
