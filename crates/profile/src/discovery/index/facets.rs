//! The two shapes of an attribute in the people index: a value out of a few words (sex,
//! education, marital status) and a number searched by ranges (birthday, height, weight,
//! children). Each keeps one bitmap of member ids per value, as Meilisearch's facets do.

use std::borrow::Cow;
use std::collections::BTreeMap;

use roaring::{MultiOps, RoaringBitmap};

/// A word-valued attribute: one bitmap per word; members refer to their word by its number.
#[derive(Debug, Default)]
pub struct Words {
    words: Vec<Box<str>>,
    members: Vec<RoaringBitmap>,
}

impl Words {
    /// The word's number, given on first sight (the directory holds only the form's few words).
    pub fn number(&mut self, word: &str) -> u16 {
        if let Some(number) = self.find(word) {
            return number;
        }
        self.words.push(word.into());
        self.members.push(RoaringBitmap::new());
        (self.words.len() - 1) as u16
    }

    /// The number `word` was given, if it was seen.
    pub fn find(&self, word: &str) -> Option<u16> {
        let at = self.words.iter().position(|known| &**known == word)?;
        u16::try_from(at).ok()
    }

    /// Every word's number.
    pub fn all(&self) -> impl Iterator<Item = u16> {
        (0..self.words.len()).filter_map(|at| u16::try_from(at).ok())
    }

    pub fn insert(&mut self, number: u16, member: u32) {
        self.members[usize::from(number)].insert(member);
    }

    pub fn remove(&mut self, number: u16, member: u32) {
        self.members[usize::from(number)].remove(member);
    }

    /// The serialised size of its bitmaps.
    pub fn bytes(&self) -> usize {
        self.members
            .iter()
            .map(RoaringBitmap::serialized_size)
            .sum()
    }

    /// The members with any of `words`: one word's own bitmap, borrowed, or a union.
    pub fn any_of<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> Cow<'_, RoaringBitmap> {
        let mut found = words
            .into_iter()
            .filter_map(|word| self.words.iter().position(|known| &**known == word))
            .map(|at| &self.members[at]);
        match (found.next(), found.next()) {
            (None, _) => Cow::Owned(RoaringBitmap::new()),
            (Some(one), None) => Cow::Borrowed(one),
            (Some(one), Some(two)) => Cow::Owned([one, two].into_iter().chain(found).union()),
        }
    }
}

/// A numeric attribute: one bitmap per value, ordered, so a range is the union of its values'.
#[derive(Debug, Default)]
pub struct Numbers {
    members: BTreeMap<i64, RoaringBitmap>,
}

impl Numbers {
    pub fn insert(&mut self, value: i64, member: u32) {
        self.members.entry(value).or_default().insert(member);
    }

    pub fn remove(&mut self, value: i64, member: u32) {
        if let Some(members) = self.members.get_mut(&value) {
            members.remove(member);
            if members.is_empty() {
                self.members.remove(&value);
            }
        }
    }

    /// The serialised size of its bitmaps.
    pub fn bytes(&self) -> usize {
        self.members
            .values()
            .map(RoaringBitmap::serialized_size)
            .sum()
    }

    /// The members whose value lies in `low..=high`.
    pub fn within(&self, low: i64, high: i64) -> RoaringBitmap {
        self.values(low, high).union()
    }

    /// The bitmaps of the values in `low..=high`.
    pub fn values(&self, low: i64, high: i64) -> impl Iterator<Item = &RoaringBitmap> {
        (low <= high)
            .then(|| self.members.range(low..=high))
            .into_iter()
            .flatten()
            .map(|(_, members)| members)
    }
}

/// Birthdays (yyyymmdd): a bitmap per birth year, per month and per day, so an age range is
/// the union of the whole years it spans, the whole months and the days at its two ends: at
/// most about eighty bitmaps, never the hundreds of days of two cut years.
#[derive(Debug, Default)]
pub struct Birthdays {
    years: Numbers,
    /// yyyymm.
    months: Numbers,
    days: Numbers,
}

impl Birthdays {
    pub fn insert(&mut self, birthday: i64, member: u32) {
        self.years.insert(birthday / 10_000, member);
        self.months.insert(birthday / 100, member);
        self.days.insert(birthday, member);
    }

    pub fn remove(&mut self, birthday: i64, member: u32) {
        self.years.remove(birthday / 10_000, member);
        self.months.remove(birthday / 100, member);
        self.days.remove(birthday, member);
    }

    /// The serialised size of its bitmaps.
    pub fn bytes(&self) -> usize {
        self.years.bytes() + self.months.bytes() + self.days.bytes()
    }

    /// The bitmaps whose union holds the members born on `earliest..=latest`.
    pub fn parts(&self, earliest: i64, latest: i64) -> Vec<&RoaringBitmap> {
        if earliest > latest {
            return Vec::new();
        }
        let (first_month, last_month) = (earliest / 100, latest / 100);
        if first_month == last_month {
            return self.days.values(earliest, latest).collect();
        }
        // The first month's days from `earliest`, the last month's up to `latest`, and the
        // whole months between, of which the whole years between count as years.
        let mut parts: Vec<&RoaringBitmap> = Vec::new();
        parts.extend(self.days.values(earliest, first_month * 100 + 31));
        parts.extend(self.days.values(last_month * 100 + 1, latest));
        let (first_year, last_year) = (first_month / 100, last_month / 100);
        if first_year == last_year {
            parts.extend(self.months.values(first_month + 1, last_month - 1));
        } else {
            parts.extend(self.months.values(first_month + 1, first_year * 100 + 12));
            parts.extend(self.years.values(first_year + 1, last_year - 1));
            parts.extend(self.months.values(last_year * 100 + 1, last_month - 1));
        }
        parts
    }
}

/// The members of `found` in any of `parts`: each part narrowed to `found` first, which costs
/// far less than uniting whole parts when `found` is the smaller.
pub fn found_in_any<'a>(
    found: &RoaringBitmap,
    parts: impl IntoIterator<Item = &'a RoaringBitmap>,
) -> RoaringBitmap {
    parts.into_iter().map(|part| found & part).union()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_numbered_once_and_unions_skip_unknown_words() {
        let mut education = Words::default();
        let master = education.number("硕士");
        assert_eq!(education.number("硕士"), master);
        let doctor = education.number("博士");
        education.insert(master, 1);
        education.insert(doctor, 2);
        education.insert(master, 3);
        education.remove(master, 3);
        let found = education.any_of(["硕士", "博士", "小学"]);
        assert_eq!(found.iter().collect::<Vec<_>>(), [1, 2]);
        assert!(education.any_of(["小学"]).is_empty());
    }

    #[test]
    fn a_birthday_range_holds_exactly_the_days_inside_it() {
        let mut birthdays = Birthdays::default();
        let days = [
            19_891_231, 19_900_101, 19_900_615, 19_950_101, 19_991_231, 20_000_101,
        ];
        for (member, day) in (1..).zip(days) {
            birthdays.insert(day, member);
        }
        let found = |birthdays: &Birthdays, earliest, latest| {
            birthdays
                .parts(earliest, latest)
                .union()
                .iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(found(&birthdays, 19_900_101, 19_991_231), [2, 3, 4, 5]);
        assert_eq!(found(&birthdays, 19_900_102, 19_991_230), [3, 4]);
        assert_eq!(found(&birthdays, 19_900_101, 19_900_615), [2, 3]);
        assert_eq!(found(&birthdays, 19_891_231, 19_891_231), [1]);
        assert_eq!(found(&birthdays, 19_900_601, 19_950_101), [3, 4]);
        assert_eq!(found(&birthdays, 19_900_616, 19_991_231), [4, 5]);
        assert_eq!(found(&birthdays, 19_891_231, 19_900_101), [1, 2]);
        assert!(found(&birthdays, 19_900_616, 19_900_101).is_empty());
        birthdays.remove(19_950_101, 4);
        assert_eq!(found(&birthdays, 19_900_101, 19_991_231), [2, 3, 5]);
    }
}
