//! A page of the feed, newest first. The filters say in SQL what [`Audience::can_see`] says
//! in Rust (a held moment counting as private).
//!
//! A guest's page is the public page: the newest public moments below the window, the same
//! rows for every guest who asks for that window. It is a batched lookup (see
//! [`platform::db::batch`]), so on PostgreSQL the guest pages a worker serves at once read
//! and decode it once. A member without a blacklist sees that page whole, and theirs is the
//! public page plus their own other moments (held ones included) and their friends'
//! friends-only ones that rank above its oldest row ([`around_public_page`]): two short index
//! walks of the request's own beside the shared page. A member with a blacklist reads theirs
//! in one statement ([`member_page`]): the public part without the members blacklisted either
//! way could leave the public page short. (Before the walks were bounded by the public page's
//! oldest row, sharing the page measured slower on PostgreSQL than the one statement; so did
//! a worker's member pages batched into one statement, each a lateral subquery. See
//! `docs/benchmark-history.md`.)
//!
//! Each part walks its own index, `(visibility, held, id)` or `(user_id, id)`, where one
//! `public OR mine OR friends'` filter would make both engines collect and sort every match.

use std::collections::HashMap;
use std::sync::Arc;

use diesel::prelude::*;
use platform::UserId;
use platform::db::batch::{self, Batches};
use platform::db::{Conn, pipeline_each};
use platform::id_list::one_of;
use platform::paging::FeedWindow;

use crate::model::MomentRow;
use crate::schema::moments;
use crate::visibility::{Audience, Viewer};

pub async fn feed_page(
    conn: &mut Conn<'_>,
    audience: &Audience,
    window: FeedWindow,
) -> QueryResult<Vec<MomentRow>> {
    match audience {
        Audience::Guest => Ok(Arc::unwrap_or_clone(public_page(conn, window).await?)),
        Audience::PublicOnly(viewer) if viewer.blocked.is_empty() => {
            Ok(Arc::unwrap_or_clone(public_page(conn, window).await?))
        }
        Audience::PublicOnly(viewer) => public_page_without(conn, &viewer.blocked, window).await,
        Audience::Member(viewer) if viewer.blocked.is_empty() => {
            around_public_page(conn, viewer, window).await
        }
        Audience::Member(viewer) => member_page(conn, viewer, window).await,
    }
}

/// Which public page: below which id, and how many rows.
type PublicKey = (i64, i64);

/// The newest public moments below the window, for everyone.
async fn public_page(conn: &mut Conn<'_>, window: FeedWindow) -> QueryResult<Arc<Vec<MomentRow>>> {
    thread_local! {
        static PUBLIC_PAGES: Batches<PublicKey, Arc<Vec<MomentRow>>> = const { Batches::new() };
    }
    let key = (window.before, window.limit);
    let page = batch::batched_one(conn, &PUBLIC_PAGES, key, |conn, keys| {
        Box::pin(public_pages(conn, keys))
    })
    .await?;
    Ok(page.unwrap_or_default())
}

/// Each asked window's public page, all pipelined.
async fn public_pages(
    conn: &mut Conn<'_>,
    keys: &[PublicKey],
) -> QueryResult<HashMap<PublicKey, Arc<Vec<MomentRow>>>> {
    let pages = pipeline_each(conn, keys, async |c, &(before, limit)| {
        platform::load!(
            c,
            moments::table
                .select(MomentRow::as_select())
                .filter(moments::id.lt(before))
                .filter(moments::visibility.eq("public"))
                .filter(moments::held.eq(false))
                .order(moments::id.desc())
                .limit(limit)
        )
    })
    .await?;
    Ok(keys
        .iter()
        .copied()
        .zip(pages.into_iter().map(Arc::new))
        .collect())
}

/// The public page without the moments of `blocked` (the guest list asked with the token of
/// a member who has a blacklisting either way): its own statement, so the page stays full.
async fn public_page_without(
    conn: &mut Conn<'_>,
    blocked: &[UserId],
    window: FeedWindow,
) -> QueryResult<Vec<MomentRow>> {
    platform::load!(
        conn,
        moments::table
            .select(MomentRow::as_select())
            .filter(moments::id.lt(window.before))
            .filter(moments::visibility.eq("public"))
            .filter(moments::held.eq(false))
            .filter(diesel::dsl::not(one_of(moments::user_id, blocked)))
            .order(moments::id.desc())
            .limit(window.limit)
    )
}

/// A member's page as the public page and the parts of theirs that rank above its oldest row:
/// their own other moments and their friends' friends-only ones, each read from its index
/// between the window's bound and that row (when the public page is full: anything older
/// stands below a whole page of newer moments). For a member without a blacklist only (the
/// public page is theirs whole). The public page is the guests' batched lookup; the two walks
/// usually find nothing, and cost less than [`member_page`]'s one statement, which gathers its
/// parts' ids before reading the page: server CPU a page on SQLite 176 → 164 µs, the machine's
/// on PostgreSQL 234 → 212 µs (alternating builds).
async fn around_public_page(
    conn: &mut Conn<'_>,
    viewer: &Viewer,
    window: FeedWindow,
) -> QueryResult<Vec<MomentRow>> {
    let public = public_page(conn, window).await?;
    let floor = match public.last() {
        Some(oldest) if public.len() as i64 == window.limit => oldest.id.get(),
        _ => 0,
    };
    macro_rules! between {
        () => {
            moments::table
                .select(MomentRow::as_select())
                .filter(moments::id.lt(window.before))
                .filter(moments::id.gt(floor))
                .order(moments::id.desc())
                .limit(window.limit)
        };
    }
    let own_others: Vec<MomentRow> = platform::load!(
        conn,
        between!()
            .filter(moments::user_id.eq(viewer.id))
            .filter(moments::visibility.ne("public").or(moments::held))
    )?;
    let friends_only: Vec<MomentRow> = if viewer.friends.is_empty() {
        Vec::new()
    } else {
        platform::load!(
            conn,
            between!()
                .filter(one_of(moments::user_id, &viewer.friends))
                .filter(moments::visibility.eq("friends"))
                .filter(moments::held.eq(false))
        )?
    };
    let mut page = Arc::unwrap_or_clone(public);
    page.extend(own_others);
    page.extend(friends_only);
    page.sort_unstable_by_key(|moment| std::cmp::Reverse(moment.id));
    page.truncate(window.limit as usize);
    Ok(page)
}

/// The page of a member with a blacklist (see the module's introduction), in one statement.
async fn member_page(
    conn: &mut Conn<'_>,
    viewer: &Viewer,
    window: FeedWindow,
) -> QueryResult<Vec<MomentRow>> {
    // A macro, not a value: the selection is typed by its engine, and `load!` builds its
    // query once per engine. The page states the window's bound beside its ids too:
    // PostgreSQL's one plan for every page (see `platform::db`) otherwise merges the ids with
    // a walk of the whole table from its newest row, however deep the page.
    macro_rules! page {
        () => {
            moments::table
                .select(MomentRow::as_select())
                .filter(moments::id.lt(window.before))
                .order(moments::id.desc())
                .limit(window.limit)
        };
    }
    // The parts read the table under another name: diesel takes a subquery on the outer
    // query's own table for a correlated one.
    let listed = diesel::alias!(moments as listed);
    let (id, user_id) = (listed.field(moments::id), listed.field(moments::user_id));
    let (visibility, held) = (
        listed.field(moments::visibility),
        listed.field(moments::held),
    );
    let older = listed
        .filter(id.lt(window.before))
        .order(id.desc())
        .limit(window.limit)
        .select(id);
    let blocked = &viewer.blocked;
    let public = older
        .filter(visibility.eq("public"))
        .filter(held.eq(false))
        .filter(diesel::dsl::not(one_of(user_id, blocked)));
    let own_others = older
        .filter(user_id.eq(viewer.id))
        .filter(visibility.ne("public").or(held));
    let friends: Vec<UserId> = viewer
        .friends
        .iter()
        .filter(|friend| !blocked.contains(friend))
        .copied()
        .collect();
    // One statement. The parts carry ids only, so the engine merges a few dozen numbers, not
    // a few dozen whole rows copied into a sorter (SQLite sorts each part of a merged
    // `UNION ALL` again), and reads whole rows for one page only. Two shapes, each a type of
    // its own that both engines prepare once (a boxed query would be written out as SQL again
    // on every run): the friends' part is left out without friends (its `eq_any` writes the
    // ids into the statement, which SQLite then prepares again on every run).
    if friends.is_empty() {
        platform::load!(
            conn,
            page!().filter(moments::id.eq_any(public.union_all(own_others)))
        )
    } else {
        let friends_only = older
            .filter(user_id.eq_any(friends))
            .filter(visibility.eq("friends"))
            .filter(held.eq(false));
        platform::load!(
            conn,
            page!()
                .filter(moments::id.eq_any(public.union_all(own_others).union_all(friends_only)))
        )
    }
}
