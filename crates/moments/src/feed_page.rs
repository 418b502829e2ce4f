//! A page of the feed, newest first. The filters say in SQL what [`Audience::can_see`] says
//! in Rust (a held moment counting as private).
//!
//! A guest's page is the public page: the newest public moments below the window, the same
//! rows for every guest who asks for that window. It is a batched lookup (see
//! [`platform::db::batch`]), so on PostgreSQL the guest pages a worker serves at once read
//! and decode it once. A member's page is their own ([`member_page`]): the public page without
//! members blacklisted either way, their own other moments (held ones included) and their
//! friends' friends-only ones, in one statement. (Sharing the public page with members too,
//! their own part read beside it, measured slower, whether that part came back as rows or as
//! ids only: it is a statement of the request's own either way, and on PostgreSQL a page's
//! cost is its statements, not their rows. So did a worker's member pages batched into one
//! statement, each a lateral subquery: PostgreSQL still runs every member's parts. See
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

/// The member's page (see the module's introduction), in one statement.
async fn member_page(
    conn: &mut Conn<'_>,
    viewer: &Viewer,
    window: FeedWindow,
) -> QueryResult<Vec<MomentRow>> {
    // Macros, not values: the selection and a boxed query are typed by their engine, and
    // `load!` builds its query once per engine. The page states the window's bound beside its
    // ids too: PostgreSQL's one plan for every page (see `platform::db`) otherwise merges the
    // ids with a walk of the whole table from its newest row, however deep the page.
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
    // The public part without members blacklisted either way; with none, no exclusion at all
    // (an empty list still costs a lookup per moment walked). Boxed: two statement shapes.
    let blocked = &viewer.blocked;
    macro_rules! public {
        () => {{
            let mut part = older
                .filter(visibility.eq("public"))
                .filter(held.eq(false))
                .into_boxed();
            if !blocked.is_empty() {
                part = part.filter(diesel::dsl::not(one_of(user_id, blocked)));
            }
            part
        }};
    }
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
    // `UNION ALL` again), and reads whole rows for one page only. The friends' part is left
    // out without friends: its `eq_any` writes the ids into the statement, which SQLite then
    // prepares again on every run.
    if friends.is_empty() {
        platform::load!(
            conn,
            page!().filter(moments::id.eq_any(public!().union_all(own_others)))
        )
    } else {
        let friends_only = older
            .filter(user_id.eq_any(friends))
            .filter(visibility.eq("friends"))
            .filter(held.eq(false));
        platform::load!(
            conn,
            page!().filter(
                moments::id.eq_any(public!().union_all(own_others).union_all(friends_only))
            )
        )
    }
}
