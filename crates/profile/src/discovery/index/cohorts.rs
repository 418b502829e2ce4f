//! Shown members by sex, education and birth month, with what a search checks of them in
//! arrays side by side: a search for a narrow age range reads the few members of the sex and
//! educations sought who were born then, in order, and checks the other filters on each,
//! rather than uniting the bitmaps of each year, month and day of the range (at a million
//! members about 150 000 ids in eighty-odd bitmaps for five years of age, most of a narrow
//! search's time).

use std::collections::BTreeMap;

use crate::discovery::codes::Interests;

/// What a scan checks of each member first, packed into 12 bytes: the arrays a scan reads
/// are most of its cost, and at a million members these hold 12 MB.
#[derive(Debug, Clone, Copy)]
pub struct Measured {
    /// yyyymmdd.
    pub birthday: u32,
    pub height: u16,
    pub weight: u16,
    /// Its word's number; numbers past 255 (never among the form's few) read as 255, which no
    /// scan's set of statuses holds.
    pub marital_status: u8,
    pub boy_count: u8,
    pub girl_count: u8,
    pub verified: bool,
}

/// The filters besides sex, education and birthday, as a scan checks them: in the narrow
/// types of [`Measured`], marital statuses as a set of the numbers
/// [`super::facets::Words`] gave them, every check always made (an unset one lets everyone
/// through), so that checking a member is a few comparisons without branches.
#[derive(Debug)]
pub struct Checks {
    /// Bit `n` set: the word numbered `n` passes.
    pub marital_statuses: u64,
    /// `None` lets everyone through; otherwise a member needs one of these.
    pub hobbies: Option<Interests>,
    pub heights: (i64, i64),
    pub weights: (i64, i64),
    pub max_boys: i64,
    pub max_girls: i64,
    pub verified_only: bool,
}

impl Default for Checks {
    fn default() -> Self {
        Self {
            marital_statuses: u64::MAX,
            hobbies: None,
            heights: (i64::MIN, i64::MAX),
            weights: (i64::MIN, i64::MAX),
            max_boys: i64::MAX,
            max_girls: i64::MAX,
            verified_only: false,
        }
    }
}

impl Checks {
    /// Whether `member`, born on `earliest..=latest`, passes the checks of [`Measured`].
    fn pass(&self, member: &Measured, earliest: u32, latest: u32) -> bool {
        let within = |(low, high): (i64, i64), value: u16| {
            (low <= i64::from(value)) & (i64::from(value) <= high)
        };
        let status = member.marital_status;
        (earliest <= member.birthday)
            & (member.birthday <= latest)
            & (member.verified | !self.verified_only)
            & within(self.heights, member.height)
            & within(self.weights, member.weight)
            & (i64::from(member.boy_count) <= self.max_boys)
            & (i64::from(member.girl_count) <= self.max_girls)
            & (status < 64 && self.marital_statuses >> status & 1 == 1)
    }

    fn likes(&self, hobbies: Interests) -> bool {
        self.hobbies
            .is_none_or(|wanted| hobbies.shared_with(wanted) != Interests::default())
    }
}

/// The members of one sex and education born in one month, in no order: arrays by the same
/// position, the first read for every member a scan passes, the others for those it keeps.
#[derive(Debug, Default)]
struct Cohort {
    measured: Vec<Measured>,
    hobbies: Vec<Interests>,
    ids: Vec<u32>,
    active_at: Vec<i64>,
}

/// A cohort's key: sex and education by their word numbers, and yyyymm.
type Key = (u16, u16, u32);

#[derive(Debug, Default)]
pub struct Cohorts {
    cohorts: BTreeMap<Key, Cohort>,
}

impl Cohorts {
    /// Files member `id`, last active at `active_at`, under their sex and education.
    pub fn insert(
        &mut self,
        (gender, education): (u16, u16),
        (id, active_at): (u32, i64),
        measured: Measured,
        hobbies: Interests,
    ) {
        let cohort = self
            .cohorts
            .entry((gender, education, measured.birthday / 100))
            .or_default();
        cohort.measured.push(measured);
        cohort.hobbies.push(hobbies);
        cohort.ids.push(id);
        cohort.active_at.push(active_at);
    }

    pub fn remove(&mut self, (gender, education): (u16, u16), birthday: u32, id: u32) {
        let key = (gender, education, birthday / 100);
        let Some(cohort) = self.cohorts.get_mut(&key) else {
            return;
        };
        if let Some(at) = cohort.ids.iter().position(|&member| member == id) {
            cohort.measured.swap_remove(at);
            cohort.hobbies.swap_remove(at);
            cohort.ids.swap_remove(at);
            cohort.active_at.swap_remove(at);
        }
        if cohort.ids.is_empty() {
            self.cohorts.remove(&key);
        }
    }

    /// Gives back what the arrays hold beyond their members (after the index is first built,
    /// the room their growth left is a fifth of their size).
    pub fn shrink(&mut self) {
        for cohort in self.cohorts.values_mut() {
            cohort.measured.shrink_to_fit();
            cohort.hobbies.shrink_to_fit();
            cohort.ids.shrink_to_fit();
            cohort.active_at.shrink_to_fit();
        }
    }

    /// The bytes its arrays hold.
    pub fn bytes(&self) -> usize {
        self.cohorts
            .values()
            .map(|cohort| {
                cohort.measured.capacity() * size_of::<Measured>()
                    + cohort.hobbies.capacity() * size_of::<Interests>()
                    + cohort.ids.capacity() * size_of::<u32>()
                    + cohort.active_at.capacity() * size_of::<i64>()
            })
            .sum()
    }

    fn born(
        &self,
        (gender, education): (u16, u16),
        earliest: u32,
        latest: u32,
    ) -> impl Iterator<Item = &Cohort> {
        self.cohorts
            .range((gender, education, earliest / 100)..=(gender, education, latest / 100))
            .map(|(_, cohort)| cohort)
    }

    /// How many shown members of the sex and education were born in the months of
    /// `earliest..=latest`.
    pub fn count(&self, kind: (u16, u16), earliest: u32, latest: u32) -> u64 {
        self.born(kind, earliest, latest)
            .map(|cohort| cohort.ids.len() as u64)
            .sum()
    }

    /// Hands `keep` each shown member of the (sex, education) `kinds` born on
    /// `earliest..=latest` who passes `checks`: when they were last active, and their id, in
    /// no order.
    pub fn matching(
        &self,
        kinds: &[(u16, u16)],
        (earliest, latest): (u32, u32),
        checks: &Checks,
        mut keep: impl FnMut(i64, u32),
    ) {
        for &kind in kinds {
            for cohort in self.born(kind, earliest, latest) {
                for (at, member) in cohort.measured.iter().enumerate() {
                    if checks.pass(member, earliest, latest) && checks.likes(cohort.hobbies[at]) {
                        keep(cohort.active_at[at], cohort.ids[at]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(birthday: u32, height: u16) -> Measured {
        Measured {
            birthday,
            height,
            weight: 60,
            marital_status: 0,
            boy_count: 0,
            girl_count: 0,
            verified: false,
        }
    }

    #[test]
    fn a_scan_keeps_the_days_of_its_edge_months_and_every_check() {
        let mut cohorts = Cohorts::default();
        let women_graduates = (1, 0);
        for (id, birthday, height) in [
            (5, 19_900_131, 170),
            (3, 19_900_201, 170),
            (9, 19_910_615, 180),
            (4, 19_920_301, 170),
            (7, 19_920_302, 170),
        ] {
            let active = (id, i64::from(id) * 10);
            cohorts.insert(
                women_graduates,
                active,
                measured(birthday, height),
                Interests::default(),
            );
        }
        cohorts.insert(
            (2, 0),
            (8, 80),
            measured(19_910_101, 170),
            Interests::default(),
        );
        cohorts.insert(
            (1, 1),
            (6, 60),
            measured(19_910_101, 170),
            Interests::default(),
        );
        let everyone = Checks::default();
        let found = |cohorts: &Cohorts, kinds: &[(u16, u16)], checks: &Checks| {
            let mut ids: Vec<u32> = Vec::new();
            cohorts.matching(kinds, (19_900_201, 19_920_301), checks, |active_at, id| {
                assert_eq!(active_at, i64::from(id) * 10, "activity beside the id");
                ids.push(id);
            });
            ids.sort_unstable();
            ids
        };
        assert_eq!(
            found(&cohorts, &[women_graduates], &everyone),
            [3, 4, 9],
            "edges by day"
        );
        assert_eq!(
            found(&cohorts, &[(1, 1), women_graduates], &everyone),
            [3, 4, 6, 9]
        );
        assert_eq!(
            cohorts.count(women_graduates, 19_900_201, 19_920_301),
            4,
            "whole months"
        );
        let short = Checks {
            heights: (160, 175),
            ..Checks::default()
        };
        assert_eq!(found(&cohorts, &[women_graduates], &short), [3, 4]);
        cohorts.remove(women_graduates, 19_900_201, 3);
        assert_eq!(found(&cohorts, &[women_graduates], &everyone), [4, 9]);
        cohorts.remove(women_graduates, 19_910_615, 9);
        assert_eq!(
            cohorts.count(women_graduates, 19_910_101, 19_911_231),
            0,
            "emptied go"
        );
    }
}
