//! Queries on the blog tables, each written once for both engines.

use diesel::prelude::*;
use diesel::sql_types::Bool;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::id_list::one_of;
use platform::paging::{PageWindow, containing, lower};
use platform::{UserId, run};

use crate::model::{BlogDraft, BlogId, BlogRow, InvitationRow, Label};
use crate::schema::{
    blog_authors, blog_categories, blog_category_links, blog_invitations, blog_tag_links,
    blog_tags, blogs,
};

/// Which articles a list shows. `approved_only` is set when members' articles wait for an
/// admin's approval (`BlogSettings::require_approval`): the public then sees approved ones only.
/// A held article is never public: only the shelves that include its authors' own articles, or
/// everything, show it.
#[derive(Debug, Clone)]
pub enum Shelf {
    Published {
        approved_only: bool,
    },
    /// Published articles whose title or summary contains the words (any letter case).
    PublishedMatching {
        words: String,
        approved_only: bool,
    },
    /// Published articles and the member's own drafts: what the member may read.
    ReadableBy {
        user_id: UserId,
        approved_only: bool,
    },
    /// Everything, drafts included (what admins may read).
    Everything,
    /// Every article whose title contains the words (any letter case): the back office's
    /// search.
    TitleContaining(String),
    /// Articles the member is an author of, drafts included.
    AuthoredBy(UserId),
}

/// The articles on a shelf, as a condition on `blogs`. A macro rather than a function: the
/// boxed condition's backend is inferred in each engine's arm of `run!`, which a generic
/// function could only state through a bound per operator.
macro_rules! on_shelf {
    ($shelf:expr) => {{
        let authored_by = |user_id: UserId| {
            blogs::id.eq_any(
                blog_authors::table
                    .filter(blog_authors::user_id.eq(user_id))
                    .select(blog_authors::blog_id),
            )
        };
        // Two shapes rather than one with a bound flag, so each walks its own index.
        let public =
            |approved_only: bool| -> Box<dyn BoxableExpression<blogs::table, _, SqlType = Bool>> {
                if approved_only {
                    Box::new(
                        blogs::is_published
                            .eq(true)
                            .and(blogs::is_approved.eq(true))
                            .and(blogs::held.eq(false)),
                    )
                } else {
                    Box::new(blogs::is_published.eq(true).and(blogs::held.eq(false)))
                }
            };
        let condition: Box<dyn BoxableExpression<blogs::table, _, SqlType = Bool>> = match $shelf {
            Shelf::Published { approved_only } => public(*approved_only),
            Shelf::PublishedMatching {
                words,
                approved_only,
            } => {
                let pattern = containing(words);
                Box::new(
                    public(*approved_only).and(
                        lower(blogs::title)
                            .like(pattern.clone())
                            .escape('\\')
                            .or(lower(blogs::summary).like(pattern).escape('\\')),
                    ),
                )
            }
            Shelf::ReadableBy {
                user_id,
                approved_only,
            } => Box::new(public(*approved_only).or(authored_by(*user_id))),
            Shelf::Everything => Box::new(true.into_sql::<Bool>()),
            Shelf::TitleContaining(words) => {
                Box::new(lower(blogs::title).like(containing(words)).escape('\\'))
            }
            Shelf::AuthoredBy(user_id) => Box::new(authored_by(*user_id)),
        };
        condition
    }};
}

/// A page of the articles on `shelf` that none of `hidden` wrote (the members blacklisted
/// either way with the reader), newest first, and how many there are.
pub async fn page(
    conn: &mut Conn<'_>,
    shelf: &Shelf,
    hidden: &[UserId],
    window: PageWindow,
) -> QueryResult<(Vec<BlogRow>, i64)> {
    let written_by_hidden = || {
        blogs::id.eq_any(
            blog_authors::table
                .filter(one_of(blog_authors::user_id, hidden))
                .select(blog_authors::blog_id),
        )
    };
    run!(conn, |c| {
        let rows = blogs::table
            .filter(on_shelf!(shelf))
            .filter(diesel::dsl::not(written_by_hidden()))
            .order(blogs::id.desc())
            .offset(window.offset)
            .limit(window.limit)
            .select(BlogRow::as_select())
            .load(c)
            .await?;
        let total = blogs::table
            .filter(on_shelf!(shelf))
            .filter(diesel::dsl::not(written_by_hidden()))
            .count()
            .get_result(c)
            .await?;
        Ok((rows, total))
    })
}

pub async fn find(conn: &mut Conn<'_>, blog_id: BlogId) -> QueryResult<Option<BlogRow>> {
    run!(conn, |c| blogs::table
        .find(blog_id)
        .select(BlogRow::as_select())
        .first(c)
        .await
        .optional())
}

/// (blog id, user id) of the authors of the given articles, in their listed order.
pub async fn authors_of(
    conn: &mut Conn<'_>,
    blog_ids: &[BlogId],
) -> QueryResult<Vec<(BlogId, UserId)>> {
    run!(conn, |c| blog_authors::table
        .filter(blog_authors::blog_id.eq_any(blog_ids))
        .order((blog_authors::blog_id, blog_authors::position))
        .select((blog_authors::blog_id, blog_authors::user_id))
        .load(c)
        .await)
}

pub async fn is_author(conn: &mut Conn<'_>, blog_id: BlogId, user_id: UserId) -> QueryResult<bool> {
    let found: Option<UserId> = run!(conn, |c| blog_authors::table
        .filter(blog_authors::blog_id.eq(blog_id))
        .filter(blog_authors::user_id.eq(user_id))
        .select(blog_authors::user_id)
        .first(c)
        .await
        .optional())?;
    Ok(found.is_some())
}

pub async fn insert(
    conn: &mut Conn<'_>,
    creator_id: UserId,
    draft: &BlogDraft,
    approved: bool,
    now: i64,
) -> QueryResult<BlogId> {
    let row = (
        blogs::creator_id.eq(creator_id),
        blogs::title.eq(&draft.title),
        blogs::summary.eq(&draft.summary),
        blogs::content.eq(&draft.content),
        blogs::banner.eq(&draft.banner),
        blogs::twitter_author.eq(&draft.twitter_author),
        blogs::is_published.eq(draft.is_published),
        blogs::is_approved.eq(approved),
        blogs::created_at.eq(now),
        blogs::updated_at.eq(now),
    );
    run!(conn, |c| diesel::insert_into(blogs::table)
        .values(row)
        .returning(blogs::id)
        .get_result(c)
        .await)
}

pub async fn update(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    draft: &BlogDraft,
    now: i64,
) -> QueryResult<()> {
    let changes = (
        blogs::title.eq(&draft.title),
        blogs::summary.eq(&draft.summary),
        blogs::content.eq(&draft.content),
        blogs::banner.eq(&draft.banner),
        blogs::twitter_author.eq(&draft.twitter_author),
        blogs::is_published.eq(draft.is_published),
        blogs::updated_at.eq(now),
    );
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(changes)
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn set_published(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    published: bool,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set((blogs::is_published.eq(published), blogs::updated_at.eq(now)))
        .execute(c)
        .await)?;
    Ok(())
}

/// The article's row, locked until the transaction ends (a no-op update): what an audited
/// change reads as its "before", which no concurrent change can then alter.
pub async fn lock(conn: &mut Conn<'_>, blog_id: BlogId) -> QueryResult<Option<BlogRow>> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(blogs::updated_at.eq(blogs::updated_at))
        .returning(BlogRow::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// The back office's edit: title, content and published state; the rest stays.
pub async fn update_text(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    title: &str,
    content: &str,
    published: bool,
    now: i64,
) -> QueryResult<()> {
    let changes = (
        blogs::title.eq(title),
        blogs::content.eq(content),
        blogs::is_published.eq(published),
        blogs::updated_at.eq(now),
    );
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(changes)
        .execute(c)
        .await)?;
    Ok(())
}

/// Turns approval over in one statement and answers the new state (`None`: no such article),
/// so two concurrent toggles are two toggles, never one read twice.
pub async fn toggle_approval(conn: &mut Conn<'_>, blog_id: BlogId) -> QueryResult<Option<bool>> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(blogs::is_approved.eq(diesel::dsl::not(blogs::is_approved)))
        .returning(blogs::is_approved)
        .get_result(c)
        .await
        .optional())
}

/// A member changed what the public reads: the approval no longer covers it.
pub async fn withdraw_approval(conn: &mut Conn<'_>, blog_id: BlogId) -> QueryResult<()> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(blogs::is_approved.eq(false))
        .execute(c)
        .await)?;
    Ok(())
}

/// Holds or releases an article (moderation); nothing when there is no such article.
pub async fn set_held(conn: &mut Conn<'_>, blog_id: BlogId, held: bool) -> QueryResult<()> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set(blogs::held.eq(held))
        .execute(c)
        .await)?;
    Ok(())
}

/// True when some article shows `banner`.
pub async fn banner_in_use(conn: &mut Conn<'_>, banner: &str) -> QueryResult<bool> {
    let found: Option<BlogId> = run!(conn, |c| blogs::table
        .filter(blogs::banner.eq(banner))
        .select(blogs::id)
        .first(c)
        .await
        .optional())?;
    Ok(found.is_some())
}

pub async fn replace_authors(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    user_ids: &[UserId],
) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        blog_authors::table.filter(blog_authors::blog_id.eq(blog_id))
    )
    .execute(c)
    .await)?;
    for (position, user_id) in (0i64..).zip(user_ids) {
        let row = (
            blog_authors::blog_id.eq(blog_id),
            blog_authors::user_id.eq(user_id),
            blog_authors::position.eq(position),
        );
        run!(conn, |c| diesel::insert_into(blog_authors::table)
            .values(row)
            .execute(c)
            .await)?;
    }
    Ok(())
}

/// Makes `user_id` the article's last author.
pub async fn add_author(conn: &mut Conn<'_>, blog_id: BlogId, user_id: UserId) -> QueryResult<()> {
    let last: Option<i64> = run!(conn, |c| blog_authors::table
        .filter(blog_authors::blog_id.eq(blog_id))
        .select(diesel::dsl::max(blog_authors::position))
        .first(c)
        .await)?;
    let row = (
        blog_authors::blog_id.eq(blog_id),
        blog_authors::user_id.eq(user_id),
        blog_authors::position.eq(last.map_or(0, |last| last + 1)),
    );
    run!(conn, |c| diesel::insert_into(blog_authors::table)
        .values(row)
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    Ok(())
}

/// (blog id, user id) of the members invited to write the given articles and not yet
/// answering, oldest invitation first.
pub async fn invited_to(
    conn: &mut Conn<'_>,
    blog_ids: &[BlogId],
) -> QueryResult<Vec<(BlogId, UserId)>> {
    run!(conn, |c| blog_invitations::table
        .filter(blog_invitations::blog_id.eq_any(blog_ids))
        .order((
            blog_invitations::blog_id,
            blog_invitations::created_at,
            blog_invitations::user_id,
        ))
        .select((blog_invitations::blog_id, blog_invitations::user_id))
        .load(c)
        .await)
}

/// Invites `user_id` to write the article; an invitation already open stays as it was.
pub async fn invite(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    user_id: UserId,
    inviter_id: UserId,
    now: i64,
) -> QueryResult<()> {
    let row = (
        blog_invitations::blog_id.eq(blog_id),
        blog_invitations::user_id.eq(user_id),
        blog_invitations::inviter_id.eq(inviter_id),
        blog_invitations::created_at.eq(now),
    );
    run!(conn, |c| diesel::insert_into(blog_invitations::table)
        .values(row)
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    Ok(())
}

/// Withdraws the article's open invitations of everyone but `kept`.
pub async fn withdraw_invitations(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    kept: &[UserId],
) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        blog_invitations::table
            .filter(blog_invitations::blog_id.eq(blog_id))
            .filter(diesel::dsl::not(blog_invitations::user_id.eq_any(kept)))
    )
    .execute(c)
    .await)?;
    Ok(())
}

/// The member's open invitations with their articles' titles, newest first.
pub async fn invitations_of(
    conn: &mut Conn<'_>,
    user_id: UserId,
) -> QueryResult<Vec<InvitationRow>> {
    run!(conn, |c| blog_invitations::table
        .inner_join(blogs::table)
        .filter(blog_invitations::user_id.eq(user_id))
        .order((
            blog_invitations::created_at.desc(),
            blog_invitations::blog_id.desc()
        ))
        .select(InvitationRow::as_select())
        .load(c)
        .await)
}

/// Removes the member's invitation to the article and answers who invited them (`None`: there
/// was none), so an invitation is answered once.
pub async fn take_invitation(
    conn: &mut Conn<'_>,
    blog_id: BlogId,
    user_id: UserId,
) -> QueryResult<Option<UserId>> {
    run!(conn, |c| diesel::delete(
        blog_invitations::table.find((blog_id, user_id))
    )
    .returning(blog_invitations::inviter_id)
    .get_result(c)
    .await
    .optional())
}

/// Authors, tag links and category links go with the article: their foreign keys cascade
/// (SQLite connections turn foreign keys on). Answers the row as it was (`None`: there was
/// none).
pub async fn delete(conn: &mut Conn<'_>, blog_id: BlogId) -> QueryResult<Option<BlogRow>> {
    run!(conn, |c| diesel::delete(blogs::table.find(blog_id))
        .returning(BlogRow::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Tags and categories have the same shape: `$labels(id, $text, $key)`, linked to articles
/// through `$links(blog_id, $label_id, position)`. This defines, in module `$module`, the
/// queries on one of them.
macro_rules! label_queries {
    ($module:ident: $labels:ident($text:ident, $key:ident), $links:ident($label_id:ident)) => {
        pub mod $module {
            use super::*;

            /// (blog id, label) of the given articles, in their listed order.
            pub async fn of(
                conn: &mut Conn<'_>,
                blog_ids: &[BlogId],
            ) -> QueryResult<Vec<(BlogId, String)>> {
                run!(conn, |c| $links::table
                    .inner_join($labels::table)
                    .filter($links::blog_id.eq_any(blog_ids))
                    .order(($links::blog_id, $links::position))
                    .select(($links::blog_id, $labels::$text))
                    .load(c)
                    .await)
            }

            /// Links an article to `labels`, creating the ones that do not exist yet. The
            /// insert ignores a key that already exists, so concurrent saves with the same
            /// new label make one row.
            pub async fn replace(
                conn: &mut Conn<'_>,
                blog_id: BlogId,
                labels: &[Label],
            ) -> QueryResult<()> {
                for label in labels {
                    let row = ($labels::$text.eq(&label.text), $labels::$key.eq(&label.key));
                    run!(conn, |c| diesel::insert_into($labels::table)
                        .values(row)
                        .on_conflict($labels::$key)
                        .do_nothing()
                        .execute(c)
                        .await)?;
                }
                let keys: Vec<&str> = labels.iter().map(|label| label.key.as_str()).collect();
                let ids: Vec<(i64, String)> = run!(conn, |c| $labels::table
                    .filter($labels::$key.eq_any(&keys))
                    .select(($labels::id, $labels::$key))
                    .load(c)
                    .await)?;
                run!(conn, |c| diesel::delete(
                    $links::table.filter($links::blog_id.eq(blog_id))
                )
                .execute(c)
                .await)?;
                for (position, label) in (0i64..).zip(labels) {
                    if let Some((label_id, _)) = ids.iter().find(|(_, key)| *key == label.key) {
                        let row = (
                            $links::blog_id.eq(blog_id),
                            $links::$label_id.eq(label_id),
                            $links::position.eq(position),
                        );
                        run!(conn, |c| diesel::insert_into($links::table)
                            .values(row)
                            .execute(c)
                            .await)?;
                    }
                }
                Ok(())
            }

            /// A page of the labels used by articles on `shelf`, in key order, and how
            /// many there are: a label only drafts use is unknown to those who cannot read
            /// the drafts.
            pub async fn list(
                conn: &mut Conn<'_>,
                shelf: &Shelf,
                window: PageWindow,
            ) -> QueryResult<(Vec<(i64, String)>, i64)> {
                run!(conn, |c| {
                    // Boxed, the innermost query may sit two levels deep (diesel checks an
                    // unboxed one against the outer tables).
                    let used = || {
                        let shelved = blogs::table
                            .filter(on_shelf!(shelf))
                            .select(blogs::id)
                            .into_boxed();
                        $labels::id.eq_any(
                            $links::table
                                .filter($links::blog_id.eq_any(shelved))
                                .select($links::$label_id),
                        )
                    };
                    let rows = $labels::table
                        .filter(used())
                        .order($labels::$key)
                        .offset(window.offset)
                        .limit(window.limit)
                        .select(($labels::id, $labels::$text))
                        .load(c)
                        .await?;
                    let total = $labels::table.filter(used()).count().get_result(c).await?;
                    Ok((rows, total))
                })
            }
        }
    };
}

label_queries!(tags: blog_tags(tag, tag_key), blog_tag_links(tag_id));
label_queries!(categories: blog_categories(category, category_key), blog_category_links(category_id));

/// How many articles `member` is an author of, drafts included.
pub async fn authored_count(conn: &mut Conn<'_>, member: UserId) -> QueryResult<i64> {
    run!(conn, |c| blog_authors::table
        .filter(blog_authors::user_id.eq(member))
        .count()
        .get_result(c)
        .await)
}
