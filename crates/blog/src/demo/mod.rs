//! The demo blog (`xinqiao seed demo`): a dozen articles with painted banners, by the admin
//! and the members in turn; their texts are in `articles/`.

mod articles;

use platform::demo::{DemoCast, SeedError, pictures};
use platform::files;
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let authors: Vec<Identity> = cast
            .members
            .iter()
            .filter(|member| member.role != Role::Superadmin)
            .cloned()
            .collect();
        seed_articles(state, &authors).await
    })
}

/// Articles by the admin and the members in turn, each with a painted banner.
async fn seed_articles(state: &AppState, authors: &[Identity]) -> Result<(), SeedError> {
    if authors.is_empty() {
        return Ok(());
    }
    for (index, demo) in articles::ARTICLES.iter().enumerate() {
        let author = &authors[index % authors.len()];
        let seed = 1000 + u64::try_from(index).unwrap_or(0);
        let banner = files::store_image(
            state,
            author,
            crate::BANNER,
            pictures::paint(seed, pictures::BANNER),
        )
        .await
        .map_err(SeedError::at("banner"))?;
        let article = crate::api::Article {
            title: demo.title,
            summary: demo.summary,
            content: demo.body,
            tags: demo.tags,
            categories: demo.categories,
            banner: banner.path,
            published: demo.published,
        };
        crate::api::write(state, author, article)
            .await
            .map_err(SeedError::at("article"))?;
    }
    Ok(())
}
