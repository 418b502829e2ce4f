//! The people index: every listed member's search attributes as compressed bitmaps in this
//! process (see [`people`]), so a search over the whole community is a few bitmap operations
//! and its total exact.
//!
//! The directory table stays the only truth. Every write to a listing stamps it with the next
//! directory version, taken from one counter row (`profile_directory_clock`) that the writing
//! transaction holds until it commits, so versions commit in order; an erased listing leaves
//! its version in `profile_directory_removals`. Before it answers, a search reads the counter
//! (one point read beside its blacklist read) and, when the index has not seen that version,
//! reads the listings stamped since and applies them. An answer therefore holds every change
//! committed before it was asked, on every gateway and worker alike, with no messages between
//! processes to lose. The index is built when the gateway starts (about five seconds a million
//! members), or on first use.

mod cohorts;
mod facets;
pub(crate) mod people;
#[cfg(feature = "bench")]
pub mod speed;

use std::sync::RwLock;

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use futures_util::lock::Mutex;
use platform::db::Conn;
use platform::{AppState, run};
use roaring::RoaringBitmap;

use self::people::{Filter, People, Row, Wish};
use super::codes::RegionCode;
use super::directory::Candidate;
use crate::schema::{profile_directory, profile_directory_clock, profile_directory_removals};

/// The process's people index, which the profile's settings created.
pub fn of(state: &AppState) -> &PeopleIndex {
    state
        .settings
        .get::<PeopleIndex>()
        .expect("the profile's settings create the people index")
}

/// The process's index, shared by every worker (created with the profile's settings, before
/// the server builds its workers).
#[derive(Default)]
pub struct PeopleIndex {
    indexed: RwLock<Indexed>,
    /// One catch-up at a time; the others wait for it and find nothing left to read.
    catching_up: Mutex<()>,
}

#[derive(Default)]
struct Indexed {
    people: People,
    /// The directory version the index holds; `None` before its first load.
    seen: Option<i64>,
}

/// Listings read a batch at a time while the index is built, bounding the memory the load
/// holds besides the index.
const LOAD_BATCH: i64 = 10_000;

impl PeopleIndex {
    /// Brings the index up to the directory's current version.
    pub async fn catch_up(&self, conn: &mut Conn<'_>) -> QueryResult<()> {
        let version = current_version(conn).await?;
        if self.seen().is_some_and(|seen| seen >= version) {
            return Ok(());
        }
        let _turn = self.catching_up.lock().await;
        let seen = self.seen();
        if seen.is_some_and(|seen| seen >= version) {
            return Ok(());
        }
        // Read outside the lock: searches go on answering from the version before. A first
        // load fills its own index batch by batch, never holding the whole directory's rows.
        let mut fresh = seen.is_none().then(People::default);
        let mut rows = Vec::new();
        listings_stamped(conn, seen, version, |batch| match fresh.as_mut() {
            Some(people) => batch.iter().for_each(|row| people.put(row)),
            None => rows.extend(batch),
        })
        .await?;
        let removed = match seen {
            Some(seen) => removed_between(conn, seen, version).await?,
            None => Vec::new(),
        };
        let mut indexed = self
            .indexed
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(mut people) = fresh {
            people.settle();
            indexed.people = people;
        }
        for user_id in removed {
            indexed.people.remove(user_id);
        }
        for row in &rows {
            indexed.people.put(row);
        }
        indexed.seen = Some(version);
        Ok(())
    }

    /// How many members the index lists (held ones too), and about how many bytes it holds.
    pub fn size(&self) -> (usize, usize) {
        self.read(|indexed| (indexed.people.listed(), indexed.people.bytes()))
    }

    fn seen(&self) -> Option<i64> {
        self.read(|people| people.seen)
    }

    fn read<R>(&self, read: impl FnOnce(&Indexed) -> R) -> R {
        read(
            &self
                .indexed
                .read()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
    }

    /// How many shown members match `filter`, but the `excluded`, and one page of them in
    /// activity order.
    pub fn search(
        &self,
        filter: &Filter<'_>,
        excluded: &[platform::UserId],
        offset: u64,
        limit: usize,
    ) -> (u64, Vec<i64>) {
        let excluded = index_ids(excluded);
        self.read(|indexed| indexed.people.search(filter, &excluded, offset, limit))
    }

    /// Every shown member matching `filter`, but the `excluded`, in activity order (for the
    /// keyword, which filters a search's matches further).
    pub fn all_in_order(&self, filter: &Filter<'_>, excluded: &[platform::UserId]) -> Vec<i64> {
        let excluded = index_ids(excluded);
        self.read(|indexed| indexed.people.search(filter, &excluded, 0, usize::MAX).1)
    }
}

#[cfg(feature = "bench")]
impl PeopleIndex {
    /// Writes `row` into the index, as a catch-up would (the simulation's community lives
    /// only here).
    pub fn put(&self, row: &Row) {
        self.indexed
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .people
            .put(row);
    }

    /// What ranking reads of a listed member.
    pub fn candidate(&self, user_id: i64) -> Option<Candidate> {
        let id = u32::try_from(user_id).ok()?;
        self.read(|indexed| indexed.people.candidate(id))
    }

    /// The shown members matching `filter`, but the `excluded`.
    pub fn matching(&self, filter: &Filter<'_>, excluded: &[platform::UserId]) -> RoaringBitmap {
        self.read(|indexed| {
            let mut found = indexed.people.matching(filter);
            leave_out(&mut found, excluded);
            found
        })
    }
}

/// What a recommendation ranks: the members it may offer, drawn for one member and one day.
pub struct Draw {
    /// How many members the recommendation may offer in all.
    pub total: u64,
    /// Who is ranked for the first pages: the given members who are offerable, then a draw of
    /// the city's and of everyone's, without repeats, with what ranking reads of them.
    pub ranked: Vec<Candidate>,
    /// The page's members past the ranked ones, when it reaches past them: every other
    /// offerable member, in id order from a point drawn for the day, wrapping round.
    pub beyond: Vec<Candidate>,
}

/// How many of a member's city, and of everyone, a recommendation draws to rank.
pub struct DrawSizes {
    pub city: usize,
    pub everyone: usize,
}

impl PeopleIndex {
    /// The members a recommendation may offer under `wish` but the `excluded`, and a draw of
    /// them seeded by `seed`: `first` (those still offerable, in their order), then up to
    /// `sizes.city` of `city` and `sizes.everyone` of the whole community at random ranks. The
    /// same seed draws the same members, so one member's pages are stable through a day; other
    /// members draw others, so nobody is everyone's first page. `beyond` holds positions
    /// `offset..offset + limit` past the ranked ones.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        wish: &Wish<'_>,
        excluded: &[platform::UserId],
        first: &[i64],
        city: Option<RegionCode>,
        sizes: DrawSizes,
        seed: u64,
        (offset, limit): (usize, usize),
    ) -> Draw {
        self.read(|indexed| {
            let people = &indexed.people;
            let offerable = offerable_in(people, wish, excluded);
            let mut random = SplitMix(seed);
            let mut taken = RoaringBitmap::new();
            let mut ranked = Vec::new();
            let mut take = |id: u32, ranked: &mut Vec<Candidate>| {
                if taken.insert(id)
                    && let Some(candidate) = people.candidate(id)
                {
                    ranked.push(candidate);
                }
            };
            for id in first.iter().filter_map(|id| u32::try_from(*id).ok()) {
                if offerable.contains(id) {
                    take(id, &mut ranked);
                }
            }
            if let Some(city) = city {
                let neighbours = people.in_city(&offerable, city);
                for id in draw_from(&neighbours, sizes.city, &mut random) {
                    take(id, &mut ranked);
                }
            }
            for id in draw_from(&offerable, sizes.everyone, &mut random) {
                take(id, &mut ranked);
            }
            // Past the ranked: everyone else offerable in id order, from a rank drawn for the
            // day and wrapping round, each position found by `select`.
            let beyond = if offset + limit > ranked.len() {
                let rest = &offerable - &taken;
                let size = rest.len();
                let start = if size == 0 { 0 } else { random.below(size) };
                let skip = offset.saturating_sub(ranked.len()) as u64;
                let wanted = (offset + limit - ranked.len()).min(limit) as u64;
                (skip..(skip + wanted).min(size))
                    .filter_map(|at| rest.select(((start + at) % size) as u32))
                    .filter_map(|id| people.candidate(id))
                    .collect()
            } else {
                Vec::new()
            };
            Draw {
                total: offerable.len(),
                ranked,
                beyond,
            }
        })
    }
}

impl PeopleIndex {
    /// Every member a recommendation may offer under `wish` but the `excluded`, in id order,
    /// with what ranking reads of them (a keyword then narrows them).
    pub fn offerable(&self, wish: &Wish<'_>, excluded: &[platform::UserId]) -> Vec<Candidate> {
        self.read(|indexed| {
            let people = &indexed.people;
            offerable_in(people, wish, excluded)
                .iter()
                .filter_map(|id| people.candidate(id))
                .collect()
        })
    }
}

/// The members `people` lets a recommendation offer under `wish`, but the `excluded`.
fn offerable_in(people: &People, wish: &Wish<'_>, excluded: &[platform::UserId]) -> RoaringBitmap {
    let mut offerable = people.recommendable(wish);
    leave_out(&mut offerable, excluded);
    offerable
}

fn leave_out(found: &mut RoaringBitmap, excluded: &[platform::UserId]) {
    for id in index_ids(excluded) {
        found.remove(id);
    }
}

/// Members' ids as the index holds them (ids past its range are in it nowhere).
fn index_ids(members: &[platform::UserId]) -> Vec<u32> {
    members
        .iter()
        .filter_map(|user_id| u32::try_from(user_id.get()).ok())
        .collect()
}

/// Up to `count` distinct members of `from` at random ranks (all of them when it holds fewer).
fn draw_from(from: &RoaringBitmap, count: usize, random: &mut SplitMix) -> Vec<u32> {
    let size = from.len();
    if size <= count as u64 {
        return from.iter().collect();
    }
    let (low, high) = (from.min().unwrap_or(0), from.max().unwrap_or(0));
    let span = u64::from(high - low) + 1;
    // Where the members fill an eighth of their ids or more, a random id is one of them often
    // enough that a lookup each beats `select`, which counts bits through a whole container
    // of a dense bitmap. Either way every member is as likely as every other.
    let dense = size * 8 >= span;
    let mut drawn = RoaringBitmap::new();
    let mut order = Vec::with_capacity(count);
    while order.len() < count {
        let id = if dense {
            Some(low + random.below(span) as u32).filter(|id| from.contains(*id))
        } else {
            from.select(random.below(size) as u32)
        };
        if let Some(id) = id
            && drawn.insert(id)
        {
            order.push(id);
        }
    }
    order
}

/// A small seeded generator (SplitMix64): the same seed draws the same members on every
/// gateway, which a process-random generator would not.
pub(crate) struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }
}

/// The directory's version: the last stamp a committed write took.
async fn current_version(conn: &mut Conn<'_>) -> QueryResult<i64> {
    let version: Option<i64> = run!(conn, |c| profile_directory_clock::table
        .select(profile_directory_clock::version)
        .first(c)
        .await
        .optional())?;
    Ok(version.unwrap_or(0))
}

/// Hands `each` the listings stamped after `seen` up to `version` (every listing when `seen`
/// is `None`), a batch at a time. A listing written again after `version` is left for the next
/// catch-up, which its newer stamp starts.
async fn listings_stamped(
    conn: &mut Conn<'_>,
    seen: Option<i64>,
    version: i64,
    mut each: impl FnMut(Vec<Row>),
) -> QueryResult<()> {
    let mut last_id = i64::MIN;
    loop {
        let batch: Vec<Row> = run!(conn, |c| {
            let mut query = profile_directory::table
                .select(Row::as_select())
                .filter(profile_directory::user_id.gt(last_id))
                .order(profile_directory::user_id)
                .limit(LOAD_BATCH)
                .into_boxed();
            if let Some(seen) = seen {
                query = query
                    .filter(profile_directory::version.gt(seen))
                    .filter(profile_directory::version.le(version));
            }
            query.load(c).await
        })?;
        let full = batch.len() == LOAD_BATCH as usize;
        if let Some(last) = batch.last() {
            last_id = last.user_id;
        }
        each(batch);
        if !full {
            return Ok(());
        }
    }
}

/// The members whose listing was erased after `seen` up to `version`.
async fn removed_between(conn: &mut Conn<'_>, seen: i64, version: i64) -> QueryResult<Vec<i64>> {
    run!(conn, |c| profile_directory_removals::table
        .filter(profile_directory_removals::version.gt(seen))
        .filter(profile_directory_removals::version.le(version))
        .select(profile_directory_removals::user_id)
        .load(c)
        .await)
}

/// Stamps a write to the directory with the next version. Call it inside the writing
/// transaction, before the write: the counter row stays locked until the transaction ends, so
/// a later stamp never commits before an earlier one.
pub async fn next_version(conn: &mut Conn<'_>) -> QueryResult<i64> {
    run!(conn, |c| diesel::update(profile_directory_clock::table)
        .set(profile_directory_clock::version.eq(profile_directory_clock::version + 1))
        .returning(profile_directory_clock::version)
        .get_result(c)
        .await)
}
