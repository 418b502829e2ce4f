//! The index's data: each listed member's searchable attributes, and for each attribute value
//! the bitmap of the members who have it. A search is a few bitmap ANDs and ORs, its total the
//! result's cardinality, and its pages come off the activity buckets (see [`People::page`]).

use std::cmp::Reverse;
use std::collections::BTreeMap;

use diesel::prelude::*;
use roaring::RoaringBitmap;

use super::cohorts::{Checks, Cohorts, Measured};
use super::facets::{Birthdays, Numbers, Words, found_in_any};
use crate::discovery::codes::{EducationLevel, Interests, RegionCode, Traits};
use crate::discovery::directory::{BigFive, BigFiveText, Candidate};
use crate::discovery::taste::{LIKES_SUMMED, Taste};
use platform::UserId;

/// What the index keeps of a member: what takes them out of their bitmaps again, orders them,
/// and ranks them in a recommendation, numbers narrowed to what the form allows (its range
/// values live apart, in [`Measures`]).
#[derive(Debug, Clone, Copy)]
struct Entry {
    gender: u16,
    education: u16,
    marital_status: u16,
    /// Which sexes the member's own preference admits (see [`Admits`]).
    admits: Admits,
    /// The member's wanted ages; 0 and 0 when unset.
    seek_age_min: u8,
    seek_age_max: u8,
    province: RegionCode,
    city: RegionCode,
    hobbies: Interests,
    tags: Traits,
    photo_count: u8,
    big_five: Option<[u8; 5]>,
    active_at: i64,
    verified: bool,
    held: bool,
    education_level: EducationLevel,
    taste: PackedTaste,
}

/// What range filters check of a member, apart from the rest of the entry: a search that
/// filters first by words checks these for each member left, reading a column of a few bytes a
/// member rather than whole entries.
#[derive(Debug, Clone, Copy, Default)]
struct Measures {
    birthday: u32,
    height: u16,
    weight: u16,
    boy_count: u8,
    girl_count: u8,
}

/// A [`Taste`] in the numbers it fits (its likes are at most [`LIKES_SUMMED`]).
#[derive(Debug, Clone, Copy)]
struct PackedTaste {
    likes: u8,
    age_gap: i8,
    same_city: u8,
    educations: u8,
    height: u16,
    hobbies: Interests,
}

impl PackedTaste {
    fn of(taste: &Taste) -> Self {
        Self {
            likes: narrowed(taste.likes.min(LIKES_SUMMED)),
            age_gap: narrowed(taste.age_gap),
            same_city: narrowed(taste.same_city),
            educations: narrowed(taste.educations),
            height: narrowed(taste.height),
            hobbies: taste.hobbies,
        }
    }

    fn unpacked(self) -> Taste {
        Taste {
            likes: i64::from(self.likes),
            age_gap: i64::from(self.age_gap),
            height: i64::from(self.height),
            same_city: i64::from(self.same_city),
            educations: i64::from(self.educations),
            hobbies: self.hobbies,
        }
    }
}

/// A member's row as the index reads it from the directory.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crate::schema::profile_directory)]
pub struct Row {
    pub user_id: i64,
    pub gender: String,
    pub province: RegionCode,
    pub city: RegionCode,
    pub seek_gender: String,
    pub seek_age_min: i64,
    pub seek_age_max: i64,
    pub birthday: i64,
    pub height: i64,
    pub weight: i64,
    pub education: String,
    pub marital_status: String,
    pub boy_count: i64,
    pub girl_count: i64,
    pub hobbies: Interests,
    pub tags: Traits,
    pub photo_count: i64,
    #[diesel(deserialize_as = BigFiveText)]
    pub big_five: Option<BigFive>,
    pub active_at: i64,
    pub verified: bool,
    pub held: bool,
    #[diesel(embed)]
    pub taste: Taste,
}

/// A search of [`Cohorts`], ready to run.
struct CohortSearch<'a> {
    cohorts: &'a Cohorts,
    kinds: Vec<(u16, u16)>,
    birthdays: (u32, u32),
    checks: Checks,
}

impl CohortSearch<'_> {
    /// Hands `keep` each match: when they were last active, and their id.
    fn each(&self, keep: impl FnMut(i64, u32)) {
        self.cohorts
            .matching(&self.kinds, self.birthdays, &self.checks, keep);
    }
}

/// `limit` of the (activity, id) `found` from `offset` on, newest first, then the higher id.
fn newest(mut found: Vec<(i64, u32)>, offset: usize, limit: usize) -> Vec<i64> {
    let end = offset.saturating_add(limit).min(found.len());
    if offset >= end {
        return Vec::new();
    }
    let newest_first = |member: &(i64, u32)| Reverse(*member);
    if end < found.len() {
        found.select_nth_unstable_by_key(end, newest_first);
        found.truncate(end);
    }
    found.sort_unstable_by_key(newest_first);
    found[offset..]
        .iter()
        .map(|(_, id)| i64::from(*id))
        .collect()
}

/// `value` within what `T` holds (the form's numbers always fit).
fn narrowed<T: TryFrom<i64> + Default>(value: i64) -> T {
    T::try_from(value).unwrap_or_default()
}

/// A checked search as the index applies it; `None` and empty lists filter nothing.
#[derive(Debug, Clone, Default)]
pub struct Filter<'a> {
    pub gender: Option<&'a str>,
    /// yyyymmdd, both ends included.
    pub birthdays: Option<(i64, i64)>,
    pub heights: Option<(i64, i64)>,
    pub weights: Option<(i64, i64)>,
    pub educations: &'a [String],
    pub marital_statuses: &'a [String],
    pub max_boys: Option<i64>,
    pub max_girls: Option<i64>,
    /// Catalogue numbers of hobbies: a member with any of them matches.
    pub hobbies: &'a [usize],
    pub verified_only: bool,
}

/// The entries by member id, in one vector: ids are handed out in order, so it is dense, and
/// at a million members it takes a third of what a hash map's slots would.
#[derive(Debug, Default)]
struct Entries {
    slots: Vec<Option<Entry>>,
    /// By member id beside `slots` (zeros where no one is listed).
    measures: Vec<Measures>,
    count: usize,
}

impl Entries {
    fn insert(&mut self, id: u32, entry: Entry, measures: Measures) {
        let at = id as usize;
        if at >= self.slots.len() {
            // Grown by an eighth at a time, not doubled: the vectors are most of the index.
            let needed = (at + 1 - self.slots.len()).max(self.slots.len() / 8);
            self.slots.reserve_exact(needed);
            self.measures.reserve_exact(needed);
            self.slots.resize(at + 1, None);
            self.measures.resize(at + 1, Measures::default());
        }
        self.measures[at] = measures;
        if self.slots[at].replace(entry).is_none() {
            self.count += 1;
        }
    }

    fn remove(&mut self, id: u32) -> Option<(Entry, Measures)> {
        let removed = self.slots.get_mut(id as usize)?.take()?;
        self.count -= 1;
        Some((removed, self.measures[id as usize]))
    }

    fn get(&self, id: u32) -> Option<&Entry> {
        self.slots.get(id as usize)?.as_ref()
    }

    /// A listed member's measures (zeros for anyone else).
    fn measures(&self, id: u32) -> Measures {
        self.measures.get(id as usize).copied().unwrap_or_default()
    }

    fn len(&self) -> usize {
        self.count
    }
}

/// Which sexes a member's preference admits: the wanted sex, both for 不限, and the other sex
/// when unset (both when the member's own sex is not known either), as
/// [`crate::discovery::seeking::Seeking::wanted_gender`] decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Admits {
    men: bool,
    women: bool,
}

impl Admits {
    fn of(seek_gender: &str, own_gender: &str) -> Self {
        let seeking = crate::discovery::seeking::Seeking {
            gender: seek_gender.to_owned(),
            ..Default::default()
        };
        match seeking.wanted_gender(own_gender) {
            Some("male") => Self {
                men: true,
                women: false,
            },
            Some("female") => Self {
                men: false,
                women: true,
            },
            _ => Self {
                men: true,
                women: true,
            },
        }
    }
}

/// Whom a recommendation looks for, and who is asking (for the other side's preference).
#[derive(Debug, Clone, Default)]
pub struct Wish<'a> {
    /// The sex wanted; `None` is either.
    pub gender: Option<&'a str>,
    /// Birthdays (yyyymmdd) of the ages wanted, both ends included; `None` is any age.
    pub birthdays: Option<(i64, i64)>,
    /// The asking member's sex ('' unknown) and age (0 unknown).
    pub own_gender: &'a str,
    pub own_age: i64,
}

/// Below this many members a range filter checks each one's [`Measures`] rather than uniting
/// the bitmaps of every value in the range: a few ns a member against a union that, at a
/// million members, costs as much as checking a hundred thousand.
const CHECKED_ONE_BY_ONE: u64 = 100_000;

/// Ages go first, read from their cohorts, when the members born then (of the educations
/// sought) are fewer than this part of those of the sex and other filters narrow further:
/// checking each member born then costs less than every filter on the larger set (at a
/// million members 0.11 ms against 1 ms, `scripts/bench/index.sh`).
const SELECTIVE_FIRST: u64 = 3;

/// With nothing but ages to check, a scan of their cohorts (about 4 ns a member) beats the
/// bitmaps' union of the ages' years, months and days (0.29 ms at a million members) only
/// when the members born then are fewer than this part of those of the sex.
const AGES_ALONE_FIRST: u64 = 8;

/// Activity is bucketed by the hour: a page of a broad search counts whole buckets off with
/// one AND each and sorts only the bucket it lands in.
const BUCKET_SECONDS: i64 = 3600;

#[derive(Debug, Default)]
pub struct People {
    entries: Entries,
    /// Members discovery shows: listed and not held.
    shown: RoaringBitmap,
    genders: Words,
    /// By city code.
    cities: Numbers,
    /// Members whose preference admits a man, and a woman.
    admitting_men: RoaringBitmap,
    admitting_women: RoaringBitmap,
    /// Members with no wanted ages, and the ends of the others' ranges.
    any_age: RoaringBitmap,
    seek_age_mins: Numbers,
    seek_age_maxs: Numbers,
    educations: Words,
    marital_statuses: Words,
    birthdays: Birthdays,
    heights: Numbers,
    weights: Numbers,
    boy_counts: Numbers,
    girl_counts: Numbers,
    /// By catalogue number.
    hobbies: Vec<RoaringBitmap>,
    verified: RoaringBitmap,
    /// Newest bucket first.
    activity: BTreeMap<Reverse<i64>, RoaringBitmap>,
    /// Shown members by sex and birth month, with what a search checks.
    cohorts: Cohorts,
}

impl People {
    /// How many members the index lists (held ones too).
    pub fn listed(&self) -> usize {
        self.entries.len()
    }

    /// About how much memory the index holds: its entries and its bitmaps (serialised sizes).
    pub fn bytes(&self) -> usize {
        let entries = self.entries.slots.capacity() * std::mem::size_of::<Option<Entry>>()
            + self.entries.measures.capacity() * std::mem::size_of::<Measures>();
        let words = [&self.genders, &self.educations, &self.marital_statuses]
            .iter()
            .map(|words| words.bytes())
            .sum::<usize>();
        let numbers = [
            &self.cities,
            &self.seek_age_mins,
            &self.seek_age_maxs,
            &self.heights,
            &self.weights,
            &self.boy_counts,
            &self.girl_counts,
        ]
        .iter()
        .map(|numbers| numbers.bytes())
        .sum::<usize>();
        let flags = [
            &self.shown,
            &self.admitting_men,
            &self.admitting_women,
            &self.any_age,
            &self.verified,
        ];
        let bitmaps = flags
            .into_iter()
            .chain(&self.hobbies)
            .chain(self.activity.values())
            .map(RoaringBitmap::serialized_size)
            .sum::<usize>();
        entries + words + numbers + self.birthdays.bytes() + bitmaps + self.cohorts.bytes()
    }

    /// Writes a member's row into the index, replacing what it held of them. Ids beyond `u32`
    /// cannot be held and are left out (a site reaches them after four billion sign-ups).
    pub fn put(&mut self, row: &Row) {
        let Ok(id) = u32::try_from(row.user_id) else {
            tracing::error!(
                user_id = row.user_id,
                "a member id beyond the people index's range"
            );
            return;
        };
        self.remove(row.user_id);
        let entry = Entry {
            gender: self.genders.number(&row.gender),
            education: self.educations.number(&row.education),
            marital_status: self.marital_statuses.number(&row.marital_status),
            admits: Admits::of(&row.seek_gender, &row.gender),
            seek_age_min: narrowed(row.seek_age_min),
            seek_age_max: narrowed(row.seek_age_max),
            province: row.province,
            city: row.city,
            hobbies: row.hobbies,
            tags: row.tags,
            photo_count: narrowed(row.photo_count.min(255)),
            big_five: row.big_five.map(|totals| totals.0.map(narrowed)),
            active_at: row.active_at,
            verified: row.verified,
            held: row.held,
            education_level: EducationLevel::from_text(&row.education),
            taste: PackedTaste::of(&row.taste),
        };
        let measures = Measures {
            birthday: narrowed(row.birthday),
            height: narrowed(row.height),
            weight: narrowed(row.weight),
            boy_count: narrowed(row.boy_count),
            girl_count: narrowed(row.girl_count),
        };
        self.file(id, &entry, &measures, true);
        self.entries.insert(id, entry, measures);
    }

    /// Gives back the room the index's arrays grew into while it was built.
    pub fn settle(&mut self) {
        self.cohorts.shrink();
    }

    /// Takes a member out of the index.
    pub fn remove(&mut self, user_id: i64) {
        let Ok(id) = u32::try_from(user_id) else {
            return;
        };
        if let Some((entry, measures)) = self.entries.remove(id) {
            self.file(id, &entry, &measures, false);
        }
    }

    /// Adds the member to (or takes them out of) every bitmap their entry names.
    fn file(&mut self, id: u32, entry: &Entry, measures: &Measures, add: bool) {
        let set = |bitmap: &mut RoaringBitmap| {
            if add {
                bitmap.insert(id);
            } else {
                bitmap.remove(id);
            }
        };
        if !entry.held {
            set(&mut self.shown);
            let kind = (entry.gender, entry.education);
            if add {
                let measured = Measured {
                    birthday: measures.birthday,
                    height: measures.height,
                    weight: measures.weight,
                    marital_status: u8::try_from(entry.marital_status).unwrap_or(u8::MAX),
                    boy_count: measures.boy_count,
                    girl_count: measures.girl_count,
                    verified: entry.verified,
                };
                self.cohorts
                    .insert(kind, (id, entry.active_at), measured, entry.hobbies);
            } else {
                self.cohorts.remove(kind, measures.birthday, id);
            }
        }
        if entry.verified {
            set(&mut self.verified);
        }
        if entry.admits.men {
            set(&mut self.admitting_men);
        }
        if entry.admits.women {
            set(&mut self.admitting_women);
        }
        if entry.seek_age_max == 0 {
            set(&mut self.any_age);
        }
        let bucket = Reverse(entry.active_at.div_euclid(BUCKET_SECONDS));
        if add {
            self.activity.entry(bucket).or_default().insert(id);
            self.genders.insert(entry.gender, id);
            self.cities.insert(i64::from(entry.city.number()), id);
            if entry.seek_age_max != 0 {
                self.seek_age_mins.insert(i64::from(entry.seek_age_min), id);
                self.seek_age_maxs.insert(i64::from(entry.seek_age_max), id);
            }
            self.educations.insert(entry.education, id);
            self.marital_statuses.insert(entry.marital_status, id);
            self.birthdays.insert(i64::from(measures.birthday), id);
            self.heights.insert(i64::from(measures.height), id);
            self.weights.insert(i64::from(measures.weight), id);
            self.boy_counts.insert(i64::from(measures.boy_count), id);
            self.girl_counts.insert(i64::from(measures.girl_count), id);
        } else {
            if let Some(members) = self.activity.get_mut(&bucket) {
                members.remove(id);
                if members.is_empty() {
                    self.activity.remove(&bucket);
                }
            }
            self.genders.remove(entry.gender, id);
            self.cities.remove(i64::from(entry.city.number()), id);
            if entry.seek_age_max != 0 {
                self.seek_age_mins.remove(i64::from(entry.seek_age_min), id);
                self.seek_age_maxs.remove(i64::from(entry.seek_age_max), id);
            }
            self.educations.remove(entry.education, id);
            self.marital_statuses.remove(entry.marital_status, id);
            self.birthdays.remove(i64::from(measures.birthday), id);
            self.heights.remove(i64::from(measures.height), id);
            self.weights.remove(i64::from(measures.weight), id);
            self.boy_counts.remove(i64::from(measures.boy_count), id);
            self.girl_counts.remove(i64::from(measures.girl_count), id);
        }
        for number in entry.hobbies.numbers() {
            if self.hobbies.len() <= number {
                self.hobbies.resize_with(number + 1, RoaringBitmap::new);
            }
            set(&mut self.hobbies[number]);
        }
    }

    /// The shown members matching `filter`: every one of them, whatever the site's size.
    pub fn matching(&self, filter: &Filter<'_>) -> RoaringBitmap {
        let of_sex = self.of_sex(filter);
        let Some(cohorts) = self.by_cohort(filter, of_sex.len()) else {
            return self.by_bitmaps(filter, of_sex);
        };
        // Set in a plain bit array by id first, a store each, where sorting a recommendation's
        // hundred thousand ids would cost a millisecond.
        let mut bits = vec![0u8; self.entries.slots.len().div_ceil(8)];
        cohorts.each(|_, id| bits[id as usize / 8] |= 1 << (id % 8));
        RoaringBitmap::from_lsb0_bytes(0, &bits)
    }

    /// How many shown members match `filter`, but the `excluded`, and `limit` of them from
    /// `offset` on, most recently active first, then the higher id. Matches read from cohorts
    /// come with their activity, so they are ordered without the activity buckets.
    pub fn search(
        &self,
        filter: &Filter<'_>,
        excluded: &[u32],
        offset: u64,
        limit: usize,
    ) -> (u64, Vec<i64>) {
        let of_sex = self.of_sex(filter);
        match self.by_cohort(filter, of_sex.len()) {
            Some(cohorts) => {
                let mut found: Vec<(i64, u32)> = Vec::new();
                cohorts.each(|active_at, id| {
                    if !excluded.contains(&id) {
                        found.push((active_at, id));
                    }
                });
                let total = found.len() as u64;
                let offset = usize::try_from(offset).unwrap_or(usize::MAX);
                (total, newest(found, offset, limit))
            }
            None => {
                let mut found = self.by_bitmaps(filter, of_sex);
                for &id in excluded {
                    found.remove(id);
                }
                (found.len(), self.page(&found, offset, limit))
            }
        }
    }

    /// The shown members of the sex `filter` asks for.
    fn of_sex(&self, filter: &Filter<'_>) -> RoaringBitmap {
        match filter.gender {
            Some(gender) => &self.shown & self.genders.any_of([gender]).as_ref(),
            None => self.shown.clone(),
        }
    }

    /// `of_sex` narrowed by the rest of `filter`: the filters of a few values first; then the
    /// ranges, whose unions of many values cost the most and which a narrowed set checks
    /// member by member instead.
    fn by_bitmaps(&self, filter: &Filter<'_>, of_sex: RoaringBitmap) -> RoaringBitmap {
        let mut found = of_sex;
        if filter.verified_only {
            found &= &self.verified;
        }
        if !filter.educations.is_empty() {
            found &= self
                .educations
                .any_of(filter.educations.iter().map(String::as_str))
                .as_ref();
        }
        if !filter.marital_statuses.is_empty() {
            found &= self
                .marital_statuses
                .any_of(filter.marital_statuses.iter().map(String::as_str))
                .as_ref();
        }
        if !filter.hobbies.is_empty() {
            let hobbies = filter.hobbies.iter().filter_map(|n| self.hobbies.get(*n));
            found = found_in_any(&found, hobbies);
        }
        if let Some((low, high)) = filter.heights {
            let keeps = |m: Measures| (low..=high).contains(&i64::from(m.height));
            found = self.narrowed(found, keeps, || self.heights.values(low, high).collect());
        }
        if let Some((low, high)) = filter.weights {
            let keeps = |m: Measures| (low..=high).contains(&i64::from(m.weight));
            found = self.narrowed(found, keeps, || self.weights.values(low, high).collect());
        }
        if let Some(most) = filter.max_boys {
            let keeps = |m: Measures| i64::from(m.boy_count) <= most;
            found = self.narrowed(found, keeps, || self.boy_counts.values(0, most).collect());
        }
        if let Some(most) = filter.max_girls {
            let keeps = |m: Measures| i64::from(m.girl_count) <= most;
            found = self.narrowed(found, keeps, || self.girl_counts.values(0, most).collect());
        }
        if let Some((earliest, latest)) = filter.birthdays {
            let keeps = |m: Measures| (earliest..=latest).contains(&i64::from(m.birthday));
            found = self.narrowed(found, keeps, || self.birthdays.parts(earliest, latest));
        }
        found
    }

    /// The members matching `filter`, to be read from the cohorts of its ages when they hold
    /// few enough of the `of_sex` members its sex leaves ([`SELECTIVE_FIRST`],
    /// [`AGES_ALONE_FIRST`]): every filter checked on each member born then.
    fn by_cohort(&self, filter: &Filter<'_>, of_sex: u64) -> Option<CohortSearch<'_>> {
        let (earliest, latest) = filter.birthdays?;
        let (earliest, latest) = (u32::try_from(earliest).ok()?, u32::try_from(latest).ok()?);
        let genders: Vec<u16> = match filter.gender {
            Some(gender) => vec![self.genders.find(gender)?],
            None => self.genders.all().collect(),
        };
        let educations: Vec<u16> = if filter.educations.is_empty() {
            self.educations.all().collect()
        } else {
            let chosen = filter.educations.iter();
            chosen
                .filter_map(|word| self.educations.find(word))
                .collect()
        };
        let kinds: Vec<(u16, u16)> = genders
            .iter()
            .flat_map(|&gender| educations.iter().map(move |&education| (gender, education)))
            .collect();
        let born_then: u64 = kinds
            .iter()
            .map(|&kind| self.cohorts.count(kind, earliest, latest))
            .sum();
        let narrows_further = !filter.educations.is_empty()
            || !filter.marital_statuses.is_empty()
            || !filter.hobbies.is_empty()
            || filter.heights.is_some()
            || filter.weights.is_some()
            || filter.max_boys.is_some()
            || filter.max_girls.is_some()
            || filter.verified_only;
        let part = if narrows_further {
            SELECTIVE_FIRST
        } else {
            AGES_ALONE_FIRST
        };
        if born_then * part >= of_sex {
            return None;
        }
        // Statuses as bits of their numbers: one past 64 (never among the form's few) is left
        // to the bitmaps.
        let marital_statuses = if filter.marital_statuses.is_empty() {
            u64::MAX
        } else {
            let chosen = filter.marital_statuses.iter();
            chosen
                .filter_map(|word| self.marital_statuses.find(word))
                .try_fold(0, |bits, number| (number < 64).then(|| bits | 1 << number))?
        };
        let range = |range: Option<(i64, i64)>| range.unwrap_or((i64::MIN, i64::MAX));
        let checks = Checks {
            marital_statuses,
            hobbies: (!filter.hobbies.is_empty())
                .then(|| Interests::of_numbers(filter.hobbies.iter().copied())),
            heights: range(filter.heights),
            weights: range(filter.weights),
            max_boys: filter.max_boys.unwrap_or(i64::MAX),
            max_girls: filter.max_girls.unwrap_or(i64::MAX),
            verified_only: filter.verified_only,
        };
        Some(CohortSearch {
            cohorts: &self.cohorts,
            kinds,
            birthdays: (earliest, latest),
            checks,
        })
    }

    /// `found` narrowed to the members an entry `keeps`: checked one by one when few enough
    /// (a lookup each), otherwise through the bitmaps of the values kept, `parts`.
    fn narrowed<'a>(
        &'a self,
        found: RoaringBitmap,
        keeps: impl Fn(Measures) -> bool,
        parts: impl FnOnce() -> Vec<&'a RoaringBitmap>,
    ) -> RoaringBitmap {
        if found.len() > CHECKED_ONE_BY_ONE {
            return found_in_any(&found, parts());
        }
        let kept = found.iter().filter(|id| keeps(self.entries.measures(*id)));
        RoaringBitmap::from_sorted_iter(kept).unwrap_or_default()
    }

    /// The shown members a recommendation may offer: of the wished sex and ages, and whose own
    /// preference admits the asking member's sex and age (a member who has not said their sex
    /// is admitted by every preference of sex; one without an age only by those without ages).
    pub fn recommendable(&self, wish: &Wish<'_>) -> RoaringBitmap {
        let mut found = self.matching(&Filter {
            gender: wish.gender,
            birthdays: wish.birthdays,
            ..Filter::default()
        });
        match wish.own_gender {
            "male" => found &= &self.admitting_men,
            "female" => found &= &self.admitting_women,
            _ => {}
        }
        let mut admitting_age = self.any_age.clone();
        if wish.own_age > 0 {
            admitting_age |= self.seek_age_mins.within(i64::MIN, wish.own_age)
                & self.seek_age_maxs.within(wish.own_age, i64::MAX);
        }
        found & admitting_age
    }

    /// The members of `city` among `found`.
    pub fn in_city(&self, found: &RoaringBitmap, city: RegionCode) -> RoaringBitmap {
        let code = i64::from(city.number());
        self.cities.within(code, code) & found
    }

    /// What ranking reads of a listed member.
    pub fn candidate(&self, id: u32) -> Option<Candidate> {
        let entry = self.entries.get(id)?;
        let measures = self.entries.measures(id);
        Some(Candidate {
            user_id: UserId(i64::from(id)),
            birthday: i64::from(measures.birthday),
            province: entry.province,
            city: entry.city,
            hobbies: entry.hobbies,
            tags: entry.tags,
            photo_count: i64::from(entry.photo_count),
            active_at: entry.active_at,
            big_five: entry.big_five.map(|totals| BigFive(totals.map(i64::from))),
            verified: entry.verified,
            height: i64::from(measures.height),
            education: entry.education_level,
            taste: entry.taste.unpacked(),
        })
    }

    /// `limit` of `found` from `offset` on, most recently active first, then the higher id.
    /// Whole hours of activity before the page are counted off with one AND each; only the
    /// hours the page falls in are sorted.
    pub fn page(&self, found: &RoaringBitmap, offset: u64, limit: usize) -> Vec<i64> {
        let mut skip = offset;
        let mut page: Vec<i64> = Vec::with_capacity(limit.min(found.len() as usize));
        if found.is_empty() || limit == 0 {
            return page;
        }
        for members in self.activity.values() {
            let here = members.intersection_len(found);
            if here <= skip {
                skip -= here;
                continue;
            }
            let mut bucket: Vec<(i64, u32)> = (members & found)
                .iter()
                .map(|id| (self.entries.get(id).map_or(0, |entry| entry.active_at), id))
                .collect();
            bucket.sort_unstable_by(|a, b| b.cmp(a));
            let start = usize::try_from(skip).unwrap_or(usize::MAX);
            skip = 0;
            page.extend(
                bucket
                    .iter()
                    .skip(start)
                    .take(limit - page.len())
                    .map(|(_, id)| i64::from(*id)),
            );
            if page.len() == limit {
                break;
            }
        }
        page
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(user_id: i64, gender: &str, active_at: i64) -> Row {
        Row {
            user_id,
            gender: gender.into(),
            province: RegionCode::from_text("33"),
            city: RegionCode::from_text("3301"),
            seek_gender: String::new(),
            seek_age_min: 0,
            seek_age_max: 0,
            birthday: 19_950_505,
            height: 170,
            weight: 60,
            education: "本科".into(),
            marital_status: "未婚".into(),
            boy_count: 0,
            girl_count: 0,
            hobbies: Interests::from_text(r#"["read"]"#),
            tags: Traits::default(),
            photo_count: 1,
            big_five: None,
            active_at,
            verified: false,
            held: false,
            taste: Taste::default(),
        }
    }

    #[test]
    fn pages_follow_activity_then_id_across_hours_and_hold_every_match_once() {
        let mut people = People::default();
        // Three an hour over ten hours, some at the same second.
        for id in 1..=30 {
            let active_at = 100_000 + (id % 10) * 3600 + (id % 3);
            people.put(&row(
                id,
                if id % 2 == 0 { "female" } else { "male" },
                active_at,
            ));
        }
        let women = people.matching(&Filter {
            gender: Some("female"),
            ..Filter::default()
        });
        assert_eq!(women.len(), 15);
        let mut expected: Vec<(i64, i64)> = (1..=30)
            .filter(|id| id % 2 == 0)
            .map(|id| (100_000 + (id % 10) * 3600 + (id % 3), id))
            .collect();
        expected.sort_unstable_by(|a, b| b.cmp(a));
        let expected: Vec<i64> = expected.into_iter().map(|(_, id)| id).collect();
        let mut paged = Vec::new();
        for page in 0..4 {
            paged.extend(people.page(&women, page * 4, 4));
        }
        assert_eq!(paged, expected);
        assert!(people.page(&women, 15, 4).is_empty());
    }

    #[test]
    fn a_recommendation_offers_only_whom_the_asker_fits_in_turn() {
        let mut people = People::default();
        people.put(&row(1, "female", 10));
        let mut picky = row(2, "female", 10);
        (picky.seek_age_min, picky.seek_age_max) = (35, 45);
        people.put(&picky);
        let mut seeks_women = row(3, "female", 10);
        seeks_women.seek_gender = "female".into();
        people.put(&seeks_women);
        let mut open = row(4, "female", 10);
        open.seek_gender = "any".into();
        people.put(&open);
        let offered = |own_gender, own_age| {
            let wish = Wish {
                gender: Some("female"),
                own_gender,
                own_age,
                ..Wish::default()
            };
            people.recommendable(&wish).iter().collect::<Vec<_>>()
        };
        assert_eq!(
            offered("male", 30),
            [1, 4],
            "too young for 2, the wrong sex for 3"
        );
        assert_eq!(offered("male", 40), [1, 2, 4]);
        assert_eq!(
            offered("female", 40),
            [3, 4],
            "an unset preference wants the other sex"
        );
        assert_eq!(
            offered("", 0),
            [1, 3, 4],
            "no age: only preferences without ages"
        );
    }

    /// Whether `row` matches `filter`, written out plainly from the filter's meaning.
    fn plainly_matches(row: &Row, filter: &Filter<'_>) -> bool {
        let within = |range: Option<(i64, i64)>, value: i64| {
            range.is_none_or(|(low, high)| (low..=high).contains(&value))
        };
        !row.held
            && filter.gender.is_none_or(|gender| row.gender == gender)
            && within(filter.birthdays, row.birthday)
            && within(filter.heights, row.height)
            && within(filter.weights, row.weight)
            && (filter.educations.is_empty() || filter.educations.contains(&row.education))
            && (filter.marital_statuses.is_empty()
                || filter.marital_statuses.contains(&row.marital_status))
            && filter.max_boys.is_none_or(|most| row.boy_count <= most)
            && filter.max_girls.is_none_or(|most| row.girl_count <= most)
            && (filter.hobbies.is_empty()
                || row.hobbies.numbers().any(|n| filter.hobbies.contains(&n)))
            && (!filter.verified_only || row.verified)
    }

    #[test]
    fn every_filter_finds_what_a_plain_check_of_each_member_finds_by_bitmaps_or_by_cohorts() {
        let mut random = super::super::SplitMix(44);
        let mut pick = |n: u64| random.below(n) as i64;
        let rows: Vec<Row> = (1..=20_000)
            .map(|id| {
                let mut member = row(id, ["female", "male", ""][pick(3) as usize], pick(90_000));
                member.birthday = (1960 + pick(45)) * 10_000 + (1 + pick(12)) * 100 + 1 + pick(28);
                member.height = 150 + pick(40);
                member.weight = 45 + pick(50);
                member.education = ["高中", "本科", "硕士", "博士"][pick(4) as usize].into();
                member.marital_status = ["未婚", "离异"][pick(2) as usize].into();
                member.boy_count = pick(3);
                member.girl_count = pick(2);
                member.hobbies = Interests::of_numbers([pick(8) as usize, pick(8) as usize]);
                member.verified = pick(3) == 0;
                member.held = pick(20) == 0;
                member
            })
            .collect();
        let mut people = People::default();
        for member in &rows {
            people.put(member);
        }
        let masters = ["硕士".to_owned(), "博士".to_owned()];
        let divorced = ["离异".to_owned()];
        let hobbies = [2, 5];
        let narrow_ages = Some((19_900_615, 19_930_614));
        let filters = [
            Filter {
                gender: Some("female"),
                birthdays: narrow_ages,
                ..Filter::default()
            },
            Filter {
                gender: Some("female"),
                birthdays: Some((19_850_615, 19_950_614)),
                heights: Some((155, 185)),
                weights: Some((45, 90)),
                educations: &masters,
                marital_statuses: &divorced,
                max_boys: Some(1),
                max_girls: Some(0),
                hobbies: &hobbies,
                verified_only: true,
            },
            Filter {
                birthdays: narrow_ages,
                educations: &masters,
                hobbies: &hobbies,
                ..Filter::default()
            },
            Filter {
                gender: Some("male"),
                birthdays: Some((19_600_101, 20_051_231)),
                heights: Some((170, 200)),
                educations: &masters,
                ..Filter::default()
            },
            Filter {
                gender: Some("male"),
                heights: Some((160, 165)),
                max_girls: Some(0),
                ..Filter::default()
            },
        ];
        let agree = |people: &People, rows: &[Row]| {
            for (case, filter) in filters.iter().enumerate() {
                let expected: Vec<u32> = rows
                    .iter()
                    .filter(|member| plainly_matches(member, filter))
                    .map(|member| member.user_id as u32)
                    .collect();
                assert!(!expected.is_empty(), "case {case} finds someone");
                let found: Vec<u32> = people.matching(filter).iter().collect();
                assert_eq!(found, expected, "case {case}");
                // Pages: newest first, then the higher id, without the excluded.
                let excluded = [expected[0], expected[expected.len() / 2]];
                let mut newest: Vec<(i64, i64)> = rows
                    .iter()
                    .filter(|member| plainly_matches(member, filter))
                    .filter(|member| !excluded.contains(&(member.user_id as u32)))
                    .map(|member| (member.active_at, member.user_id))
                    .collect();
                newest.sort_unstable_by(|a, b| b.cmp(a));
                let newest: Vec<i64> = newest.into_iter().map(|(_, id)| id).collect();
                let (total, page) = people.search(filter, &excluded, 1, 5);
                assert_eq!(total, newest.len() as u64, "case {case}");
                assert_eq!(
                    page,
                    newest.iter().skip(1).take(5).copied().collect::<Vec<_>>()
                );
                assert_eq!(people.search(filter, &excluded, 0, usize::MAX).1, newest);
            }
        };
        agree(&people, &rows);
        // Changed members leave their old cohorts and bitmaps; removed ones leave every one.
        let mut rows = rows;
        for member in rows.iter_mut().step_by(7) {
            member.birthday += 30_000;
            member.gender = if member.gender == "female" {
                "male"
            } else {
                "female"
            }
            .into();
            member.held = !member.held;
            people.put(member);
        }
        for member in rows.iter().step_by(11) {
            people.remove(member.user_id);
        }
        rows.retain(|member| (member.user_id - 1) % 11 != 0);
        agree(&people, &rows);
        let by_cohort = |filter: &Filter<'_>| {
            people
                .by_cohort(filter, people.of_sex(filter).len())
                .is_some()
        };
        assert_eq!(
            filters.iter().map(by_cohort).collect::<Vec<_>>(),
            [true, true, true, false, false],
            "the cases take both ways"
        );
    }

    #[test]
    fn a_changed_or_removed_member_leaves_their_old_values() {
        let mut people = People::default();
        people.put(&row(1, "female", 10));
        let mut moved = row(1, "male", 90_000);
        moved.held = true;
        people.put(&moved);
        let everyone = Filter::default();
        assert!(
            people.matching(&everyone).is_empty(),
            "held members are not shown"
        );
        moved.held = false;
        people.put(&moved);
        let women = Filter {
            gender: Some("female"),
            ..Filter::default()
        };
        assert!(people.matching(&women).is_empty());
        assert_eq!(people.page(&people.matching(&everyone), 0, 5), [1]);
        people.remove(1);
        assert!(people.matching(&everyone).is_empty());
        assert_eq!(people.listed(), 0);
        assert!(people.activity.is_empty(), "emptied buckets go");
    }
}
