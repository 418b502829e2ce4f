//! The profile's share of moderation: a member's public profile (`Subject::Profile`, its id the
//! member's user id) and a profile photo (`Subject::Photo`, its id the photo's), as the back
//! office describes, holds and removes them, each inside the caller's transaction.

use accounts::api::UserSummary;
use diesel::QueryResult;
use platform::UserId;
use platform::db::Conn;
use platform::moderation::Described;

use crate::discovery::directory;
use crate::model::{PhotoId, PhotoReview, PhotoRow, ProfileRow};
use crate::{relations, repo};

/// The longest excerpt the back office is shown.
const EXCERPT_CHARS: usize = 300;

/// The member-written texts of a public profile, labelled, in the order the profile shows them.
pub(crate) fn public_texts<'a>(
    nickname: &'a str,
    introduction: &'a str,
    row: &'a ProfileRow,
) -> [(&'static str, &'a str); 6] {
    [
        ("昵称", nickname),
        ("个人介绍", introduction),
        ("职业", &row.occupation),
        ("详细地址", &row.location),
        ("国家", &row.country),
        ("家乡国家", &row.home_country),
    ]
}

/// The filled texts, one labelled line each, cut to [`EXCERPT_CHARS`].
fn excerpt(texts: &[(&str, &str)]) -> String {
    texts
        .iter()
        .filter(|(_, text)| !text.is_empty())
        .map(|(label, text)| format!("{label}：{text}"))
        .collect::<Vec<_>>()
        .join("\n")
        .chars()
        .take(EXCERPT_CHARS)
        .collect()
}

/// The member, unless there is none or they deleted their account.
async fn existing_member(conn: &mut Conn<'_>, user_id: UserId) -> QueryResult<Option<UserSummary>> {
    let Some(summary) = accounts::api::user_summaries(conn, &[user_id])
        .await?
        .remove(&user_id)
    else {
        return Ok(None);
    };
    Ok(accounts::api::member_by_uuid(conn, &summary.uuid)
        .await?
        .map(|member| member.summary))
}

/// Whether `viewer` sees `owner`'s profile: its member always; anyone else unless it is held
/// or a blacklisting stands between them, either way.
async fn visible_to(conn: &mut Conn<'_>, owner: UserId, viewer: UserId) -> QueryResult<bool> {
    if viewer == owner {
        return Ok(true);
    }
    Ok(!repo::is_held(conn, owner).await?
        && !relations::repo::has_blocked(conn, owner, viewer).await?
        && !relations::repo::has_blocked(conn, viewer, owner).await?)
}

fn link_to(summary: &UserSummary) -> String {
    format!("/profile/{}", summary.uuid)
}

/// The member's public profile: its texts as others see them, the avatar and passed photos.
pub async fn describe_profile(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let owner = UserId(id);
    let Some(summary) = existing_member(conn, owner).await? else {
        return Ok(None);
    };
    if let Some(viewer) = viewer
        && !visible_to(conn, owner, viewer).await?
    {
        return Ok(None);
    }
    let row = repo::find_profile(conn, owner)
        .await?
        .unwrap_or_else(|| ProfileRow::empty(owner));
    let photos = repo::wall(conn, owner).await?;
    let images = Some(summary.avatar.clone())
        .filter(|avatar| !avatar.is_empty())
        .into_iter()
        .chain(
            photos
                .into_iter()
                .filter(PhotoRow::is_passed)
                .map(|photo| photo.path),
        )
        .collect();
    Ok(Some(Described {
        author: owner,
        excerpt: excerpt(&public_texts(&summary.nickname, &row.introduction, &row)),
        images,
        link: link_to(&summary),
        held: repo::is_held(conn, owner).await?,
    }))
}

/// Hides the member's profile from everyone but them (and the admins), or shows it again.
pub async fn hold_profile(conn: &mut Conn<'_>, id: i64, held: bool) -> QueryResult<()> {
    let owner = UserId(id);
    repo::set_held(conn, owner, held).await?;
    directory::set_held(conn, owner, held).await
}

/// Takes the profile's content down and shows it again: its member-written texts are emptied
/// (the nickname too, so the username shows), the avatar and every photo go as a rejection in
/// review would take them (a change waiting for review with them). The account stays. Answers
/// the uploads whose files go.
pub async fn remove_profile(conn: &mut Conn<'_>, id: i64, now: i64) -> QueryResult<Vec<String>> {
    let owner = UserId(id);
    let Some(summary) = existing_member(conn, owner).await? else {
        return Ok(Vec::new());
    };
    let mut files: Vec<String> = Vec::new();
    if let Some(waiting) = repo::take_revision(conn, owner).await? {
        files.extend(waiting.avatar);
    }
    if !summary.avatar.is_empty() {
        files.push(summary.avatar);
    }
    accounts::api::set_display(conn, owner, "", "", now).await?;
    if let Some(mut row) = repo::find_profile(conn, owner).await? {
        for text in [
            &mut row.introduction,
            &mut row.occupation,
            &mut row.location,
            &mut row.country,
            &mut row.home_country,
        ] {
            text.clear();
        }
        row.updated_at = now;
        repo::save_profile(conn, &row).await?;
    }
    files.extend(repo::reject_wall(conn, owner, now).await?);
    repo::set_held(conn, owner, false).await?;
    directory::refresh(conn, owner, None).await?;
    Ok(files)
}

/// A profile photo: pending ones are seen by their member only, passed ones by whoever sees
/// the profile, rejected ones by the back office only.
pub async fn describe_photo(
    conn: &mut Conn<'_>,
    id: i64,
    viewer: Option<UserId>,
) -> QueryResult<Option<Described>> {
    let Some(photo) = repo::find_photo(conn, PhotoId(id)).await? else {
        return Ok(None);
    };
    let owner = photo.user_id;
    let Some(summary) = existing_member(conn, owner).await? else {
        return Ok(None);
    };
    let seen = match viewer {
        None => true,
        Some(_) if photo.is_audited == PhotoReview::Rejected as i64 => false,
        Some(viewer) if viewer == owner => true,
        Some(viewer) => photo.is_passed() && visible_to(conn, owner, viewer).await?,
    };
    if !seen {
        return Ok(None);
    }
    Ok(Some(Described {
        author: owner,
        excerpt: String::new(),
        images: vec![photo.path],
        link: link_to(&summary),
        held: false,
    }))
}

/// Rejects the photo as its review would (the admin's decision is logged by the caller);
/// answers its file.
pub async fn remove_photo(conn: &mut Conn<'_>, id: i64, now: i64) -> QueryResult<Vec<String>> {
    let Some(photo) = repo::reject_photo(conn, PhotoId(id), now).await? else {
        return Ok(Vec::new());
    };
    directory::refresh(conn, photo.user_id, None).await?;
    Ok(vec![photo.path])
}
