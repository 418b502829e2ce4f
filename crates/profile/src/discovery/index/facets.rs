//! The two shapes of an attribute in the people index: a value out of a few words (sex,
//! education, marital status) and a number searched by ranges (birthday, height, weight,
//! children). Each keeps one bitmap of member ids per value, as Meilisearch's facets do.

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
        if let Some(at) = self.words.iter().position(|known| &**known == word) {
            return at as u16;
        }
        self.words.push(word.into());
        self.members.push(RoaringBitmap::new());
        (self.words.len() - 1) as u16
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

    /// The members with any of `words`.
    pub fn any_of<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> RoaringBitmap {
        words
            .into_iter()
            .filter_map(|word| self.words.iter().position(|known| &**known == word))
            .map(|at| &self.members[at])
            .union()
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
        if low > high {
            return RoaringBitmap::new();
        }
        self.members
            .range(low..=high)
            .map(|(_, members)| members)
            .union()
    }
}

/// Birthdays (yyyymmdd): a bitmap per birth year and per day, so an age range is the union of
/// the whole years it spans and the days of the two years it cuts, never thousands of days.
#[derive(Debug, Default)]
pub struct Birthdays {
    years: Numbers,
    days: Numbers,
}

impl Birthdays {
    pub fn insert(&mut self, birthday: i64, member: u32) {
        self.years.insert(birthday / 10_000, member);
        self.days.insert(birthday, member);
    }

    pub fn remove(&mut self, birthday: i64, member: u32) {
        self.years.remove(birthday / 10_000, member);
        self.days.remove(birthday, member);
    }

    /// The serialised size of its bitmaps.
    pub fn bytes(&self) -> usize {
        self.years.bytes() + self.days.bytes()
    }

    /// The members born on `earliest..=latest` (both yyyymmdd).
    pub fn within(&self, earliest: i64, latest: i64) -> RoaringBitmap {
        let (first_year, last_year) = (earliest / 10_000, latest / 10_000);
        if first_year == last_year {
            return self.days.within(earliest, latest);
        }
        let mut members = self.years.within(first_year + 1, last_year - 1);
        members |= self.days.within(earliest, first_year * 10_000 + 1231);
        members |= self.days.within(last_year * 10_000 + 101, latest);
        members
    }
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
                .within(earliest, latest)
                .iter()
                .collect::<Vec<_>>()
        };
        assert_eq!(found(&birthdays, 19_900_101, 19_991_231), [2, 3, 4, 5]);
        assert_eq!(found(&birthdays, 19_900_102, 19_991_230), [3, 4]);
        assert_eq!(found(&birthdays, 19_900_101, 19_900_615), [2, 3]);
        assert_eq!(found(&birthdays, 19_891_231, 19_891_231), [1]);
        birthdays.remove(19_950_101, 4);
        assert_eq!(found(&birthdays, 19_900_101, 19_991_231), [2, 3, 5]);
    }
}
