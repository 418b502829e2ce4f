//! Pages of the public feed kept in memory for a moment. Every guest sees the same pages, and
//! the newest one is what most of them load, so a short-lived copy spares the database most
//! of its feed work. A change made through this gateway clears the copies at once; other
//! gateways' copies expire within the configured lifetime.
//!
//! When a copy expires, one request refreshes it while the others keep getting the expired
//! copy, so a busy page does not send every waiting request to the database at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::dto::MomentItem;

/// More distinct pages than this within one lifetime are not worth keeping.
const MAX_PAGES: usize = 512;

/// A refresh that has not finished in this many lifetimes has failed; another may start.
const ABANDONED_REFRESH_LIFETIMES: u32 = 5;

/// (the id a page starts below, its size)
pub type PageKey = (i64, i64);
pub type Page = Arc<Vec<MomentItem>>;

struct Entry {
    stored: Instant,
    page: Page,
    refreshing: bool,
}

/// What a request should do for a page.
pub enum Lookup {
    /// Serve this copy.
    Serve(Page),
    /// Load the page and [`GuestFeedCache::put`] it.
    Load,
}

#[derive(Default)]
pub struct GuestFeedCache {
    pages: Mutex<HashMap<PageKey, Entry>>,
}

impl GuestFeedCache {
    pub fn lookup(&self, key: PageKey, lifetime: Duration) -> Lookup {
        let Ok(mut pages) = self.pages.lock() else {
            return Lookup::Load;
        };
        let Some(entry) = pages.get_mut(&key) else {
            return Lookup::Load;
        };
        let age = entry.stored.elapsed();
        if age < lifetime {
            return Lookup::Serve(Arc::clone(&entry.page));
        }
        if entry.refreshing && age < lifetime * ABANDONED_REFRESH_LIFETIMES {
            return Lookup::Serve(Arc::clone(&entry.page));
        }
        entry.refreshing = true;
        Lookup::Load
    }

    pub fn put(&self, key: PageKey, page: Page) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= MAX_PAGES && !pages.contains_key(&key) {
                pages.clear();
            }
            pages.insert(
                key,
                Entry {
                    stored: Instant::now(),
                    page,
                    refreshing: false,
                },
            );
        }
    }

    /// Forgets every page; called after any change to moments, likes or comments.
    pub fn clear(&self) {
        if let Ok(mut pages) = self.pages.lock() {
            pages.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIFETIME: Duration = Duration::from_millis(40);

    fn page() -> Page {
        Arc::new(Vec::new())
    }

    #[test]
    fn a_fresh_page_is_served_and_a_cleared_one_loaded() {
        let cache = GuestFeedCache::default();
        assert!(matches!(cache.lookup((1, 10), LIFETIME), Lookup::Load));
        cache.put((1, 10), page());
        assert!(matches!(cache.lookup((1, 10), LIFETIME), Lookup::Serve(_)));
        assert!(
            matches!(cache.lookup((2, 10), LIFETIME), Lookup::Load),
            "pages are kept apart"
        );
        cache.clear();
        assert!(matches!(cache.lookup((1, 10), LIFETIME), Lookup::Load));
    }

    #[test]
    fn one_request_refreshes_an_expired_page_while_the_others_get_the_old_copy() {
        let cache = GuestFeedCache::default();
        cache.put((1, 10), page());
        std::thread::sleep(LIFETIME);
        assert!(
            matches!(cache.lookup((1, 10), LIFETIME), Lookup::Load),
            "the first one refreshes"
        );
        assert!(
            matches!(cache.lookup((1, 10), LIFETIME), Lookup::Serve(_)),
            "the next ones wait on the old copy"
        );
        cache.put((1, 10), page());
        assert!(matches!(cache.lookup((1, 10), LIFETIME), Lookup::Serve(_)));
    }
}
