//! Queries on the blog tables, each written once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::run;

use crate::model::{BlogDraft, BlogRow, Label};
use crate::schema::{
    blog_authors, blog_categories, blog_category_links, blog_tag_links, blog_tags, blogs, lower,
};

/// Which articles a list shows.
#[derive(Debug, Clone)]
pub enum Shelf {
    Published,
    /// Published articles whose title or summary contains the words (any letter case).
    PublishedMatching(String),
    /// Everything, drafts included (admins' management list).
    Everything,
    /// Articles the member is an author of, drafts included.
    AuthoredBy(i64),
}

/// A LIKE pattern that finds `words` anywhere, with the pattern characters in them escaped.
fn containing(words: &str) -> String {
    let mut pattern = String::from("%");
    for c in words.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

pub async fn list(
    conn: &mut Conn<'_>,
    shelf: &Shelf,
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<BlogRow>> {
    let newest = blogs::table
        .order(blogs::id.desc())
        .offset(offset)
        .limit(limit);
    match shelf {
        Shelf::Published => run!(conn, |c| newest
            .filter(blogs::is_published.eq(true))
            .select(BlogRow::as_select())
            .load(c)
            .await),
        Shelf::PublishedMatching(words) => {
            let pattern = containing(words);
            run!(conn, |c| newest
                .filter(blogs::is_published.eq(true))
                .filter(
                    lower(blogs::title)
                        .like(&pattern)
                        .escape('\\')
                        .or(lower(blogs::summary).like(&pattern).escape('\\'))
                )
                .select(BlogRow::as_select())
                .load(c)
                .await)
        }
        Shelf::Everything => run!(conn, |c| newest.select(BlogRow::as_select()).load(c).await),
        Shelf::AuthoredBy(user_id) => run!(conn, |c| newest
            .filter(
                blogs::id.eq_any(
                    blog_authors::table
                        .filter(blog_authors::user_id.eq(user_id))
                        .select(blog_authors::blog_id)
                )
            )
            .select(BlogRow::as_select())
            .load(c)
            .await),
    }
}

pub async fn count(conn: &mut Conn<'_>, shelf: &Shelf) -> QueryResult<i64> {
    match shelf {
        Shelf::PublishedMatching(words) => {
            let pattern = containing(words);
            run!(conn, |c| blogs::table
                .filter(blogs::is_published.eq(true))
                .filter(
                    lower(blogs::title)
                        .like(&pattern)
                        .escape('\\')
                        .or(lower(blogs::summary).like(&pattern).escape('\\'))
                )
                .count()
                .get_result(c)
                .await)
        }
        Shelf::Published => {
            run!(conn, |c| blogs::table
                .filter(blogs::is_published.eq(true))
                .count()
                .get_result(c)
                .await)
        }
        Shelf::Everything => run!(conn, |c| blogs::table.count().get_result(c).await),
        Shelf::AuthoredBy(user_id) => run!(conn, |c| blog_authors::table
            .filter(blog_authors::user_id.eq(user_id))
            .count()
            .get_result(c)
            .await),
    }
}

pub async fn find(conn: &mut Conn<'_>, blog_id: i64) -> QueryResult<Option<BlogRow>> {
    run!(conn, |c| blogs::table
        .find(blog_id)
        .select(BlogRow::as_select())
        .first(c)
        .await
        .optional())
}

/// (blog id, user id) of the authors of the given articles, in their listed order.
pub async fn authors_of(conn: &mut Conn<'_>, blog_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    run!(conn, |c| blog_authors::table
        .filter(blog_authors::blog_id.eq_any(blog_ids))
        .order((blog_authors::blog_id, blog_authors::position))
        .select((blog_authors::blog_id, blog_authors::user_id))
        .load(c)
        .await)
}

pub async fn tags_of(conn: &mut Conn<'_>, blog_ids: &[i64]) -> QueryResult<Vec<(i64, String)>> {
    run!(conn, |c| blog_tag_links::table
        .inner_join(blog_tags::table)
        .filter(blog_tag_links::blog_id.eq_any(blog_ids))
        .order((blog_tag_links::blog_id, blog_tag_links::position))
        .select((blog_tag_links::blog_id, blog_tags::tag))
        .load(c)
        .await)
}

pub async fn categories_of(
    conn: &mut Conn<'_>,
    blog_ids: &[i64],
) -> QueryResult<Vec<(i64, String)>> {
    run!(conn, |c| blog_category_links::table
        .inner_join(blog_categories::table)
        .filter(blog_category_links::blog_id.eq_any(blog_ids))
        .order((blog_category_links::blog_id, blog_category_links::position))
        .select((blog_category_links::blog_id, blog_categories::category))
        .load(c)
        .await)
}

pub async fn is_author(conn: &mut Conn<'_>, blog_id: i64, user_id: i64) -> QueryResult<bool> {
    let found: Option<i64> = run!(conn, |c| blog_authors::table
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
    creator_id: i64,
    draft: &BlogDraft,
    now: i64,
) -> QueryResult<i64> {
    let row = (
        blogs::creator_id.eq(creator_id),
        blogs::title.eq(&draft.title),
        blogs::summary.eq(&draft.summary),
        blogs::content.eq(&draft.content),
        blogs::banner.eq(&draft.banner),
        blogs::twitter_author.eq(&draft.twitter_author),
        blogs::is_published.eq(draft.is_published),
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
    blog_id: i64,
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
    blog_id: i64,
    published: bool,
    now: i64,
) -> QueryResult<()> {
    run!(conn, |c| diesel::update(blogs::table.find(blog_id))
        .set((blogs::is_published.eq(published), blogs::updated_at.eq(now)))
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn replace_authors(
    conn: &mut Conn<'_>,
    blog_id: i64,
    user_ids: &[i64],
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

/// Defines `$name`, which links an article to labels (tags or categories), creating the ones
/// that do not exist yet. The insert ignores a key that already exists, so concurrent saves
/// with the same new label make one row.
macro_rules! replace_labels {
    ($name:ident, $labels:ident, $text:ident, $key:ident, $links:ident, $label_id:ident) => {
        pub async fn $name(conn: &mut Conn<'_>, blog_id: i64, labels: &[Label]) -> QueryResult<()> {
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
    };
}

replace_labels!(
    replace_tags,
    blog_tags,
    tag,
    tag_key,
    blog_tag_links,
    tag_id
);
replace_labels!(
    replace_categories,
    blog_categories,
    category,
    category_key,
    blog_category_links,
    category_id
);

pub async fn delete(conn: &mut Conn<'_>, blog_id: i64) -> QueryResult<()> {
    run!(conn, |c| diesel::delete(
        blog_tag_links::table.filter(blog_tag_links::blog_id.eq(blog_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        blog_category_links::table.filter(blog_category_links::blog_id.eq(blog_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(
        blog_authors::table.filter(blog_authors::blog_id.eq(blog_id))
    )
    .execute(c)
    .await)?;
    run!(conn, |c| diesel::delete(blogs::table.find(blog_id))
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn list_tags(
    conn: &mut Conn<'_>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<(i64, String)>, i64)> {
    let rows = run!(conn, |c| blog_tags::table
        .order(blog_tags::tag_key)
        .offset(offset)
        .limit(limit)
        .select((blog_tags::id, blog_tags::tag))
        .load(c)
        .await)?;
    let total = run!(conn, |c| blog_tags::table.count().get_result(c).await)?;
    Ok((rows, total))
}

pub async fn list_categories(
    conn: &mut Conn<'_>,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<(i64, String)>, i64)> {
    let rows = run!(conn, |c| blog_categories::table
        .order(blog_categories::category_key)
        .offset(offset)
        .limit(limit)
        .select((blog_categories::id, blog_categories::category))
        .load(c)
        .await)?;
    let total = run!(conn, |c| blog_categories::table.count().get_result(c).await)?;
    Ok((rows, total))
}
