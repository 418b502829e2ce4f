//! A listing's catalogue codes as numbers, decoded straight from the directory's text columns:
//! a recommendation reads and ranks its whole pool on every request, and comparing two
//! members' interests is then one `AND` and a bit count, with nothing allocated per listing.

use std::fmt;

use diesel::deserialize::FromSqlRow;
use serde::de::{DeserializeSeed, SeqAccess, Visitor};

use crate::catalogue::{self, Numbered};

/// A set of a catalogue's codes, one bit per code number (see [`Numbered`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CodeSet<const WORDS: usize>([u64; WORDS]);

impl<const WORDS: usize> Default for CodeSet<WORDS> {
    fn default() -> Self {
        Self([0; WORDS])
    }
}

impl<const WORDS: usize> CodeSet<WORDS> {
    /// How many codes a set holds at most; the tests check that each catalogue fits.
    const CAPACITY: usize = WORDS * 64;

    /// The set of the codes a JSON array lists, as the profile stores them. Codes the
    /// catalogue does not have are left out, and text that is not such an array is the empty
    /// set.
    fn of_json(text: &str, catalogue: &Numbered) -> Self {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        Collect { catalogue }
            .deserialize(&mut deserializer)
            .ok()
            .filter(|_| deserializer.end().is_ok())
            .unwrap_or_default()
    }

    fn insert(&mut self, number: usize) {
        if number < Self::CAPACITY {
            self.0[number / 64] |= 1 << (number % 64);
        }
    }

    fn contains(&self, number: usize) -> bool {
        number < Self::CAPACITY && self.0[number / 64] & (1 << (number % 64)) != 0
    }

    fn and(self, other: Self) -> Self {
        Self(std::array::from_fn(|word| self.0[word] & other.0[word]))
    }

    fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The codes' numbers, in order.
    fn numbers(self) -> impl Iterator<Item = usize> {
        (0..Self::CAPACITY).filter(move |&number| self.contains(number))
    }

    /// The codes' names in the catalogue's order.
    fn names(self, catalogue: &'static Numbered) -> impl Iterator<Item = &'static str> {
        (0..Self::CAPACITY.min(catalogue.len()))
            .filter(move |&number| self.contains(number))
            .filter_map(|number| catalogue.name_at(number))
    }
}

/// Reads a JSON array of codes into a set without collecting the codes first.
struct Collect<'a, const WORDS: usize> {
    catalogue: &'a Numbered,
}

impl<'de, const WORDS: usize> DeserializeSeed<'de> for Collect<'_, WORDS> {
    type Value = CodeSet<WORDS>;

    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de, const WORDS: usize> Visitor<'de> for Collect<'_, WORDS> {
    type Value = CodeSet<WORDS>;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON array of codes")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut codes: A) -> Result<Self::Value, A::Error> {
        let mut set = CodeSet::default();
        // Catalogue codes are plain words, never escaped, so each borrows from the text.
        while let Some(code) = codes.next_element::<&'de str>()? {
            if let Some(number) = self.catalogue.number(code) {
                set.insert(number);
            }
        }
        Ok(set)
    }
}

/// Declares a set of one catalogue's codes read from a directory column holding them as JSON.
macro_rules! code_set {
    ($(#[$meta:meta])* $name:ident, $words:literal, $catalogue:path) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromSqlRow)]
        pub struct $name(CodeSet<$words>);

        impl $name {
            /// The codes of a JSON array as the profile stores them (unknown codes left out).
            pub fn from_text(text: &str) -> Self {
                Self(CodeSet::of_json(text, $catalogue()))
            }

            /// The codes both sets hold.
            pub fn shared_with(self, other: Self) -> Self {
                Self(self.0.and(other.0))
            }

            pub fn len(&self) -> usize {
                self.0.len()
            }

            /// The codes' names, in the order the form lists them.
            pub fn names(self) -> impl Iterator<Item = &'static str> {
                self.0.names($catalogue())
            }
        }

        platform::read_from_text!($name);
    };
}

code_set!(
    /// A member's interests (hobbies).
    Interests,
    3,
    catalogue::hobbies
);

impl Interests {
    /// The interests' catalogue numbers, in order (the people index's hobby bitmaps).
    pub fn numbers(self) -> impl Iterator<Item = usize> {
        self.0.numbers()
    }

    /// The interests numbered `numbers` (numbers past the catalogue left out).
    pub fn of_numbers(numbers: impl IntoIterator<Item = usize>) -> Self {
        let mut set = CodeSet::default();
        for number in numbers
            .into_iter()
            .filter(|&n| n < catalogue::hobbies().len())
        {
            set.insert(number);
        }
        Self(set)
    }

    /// The interests' codes as a JSON array, as the profile and the directory store them.
    pub fn text(self) -> String {
        let codes: Vec<&str> = self
            .numbers()
            .filter_map(|number| catalogue::hobbies().code_at(number))
            .collect();
        serde_json::to_string(&codes).unwrap_or_else(|_| "[]".to_owned())
    }
}

code_set!(
    /// A member's personality tags.
    Traits,
    1,
    catalogue::tags
);

/// An education level as its place in the form's list, from 1 (高中); 0 when none was given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromSqlRow)]
pub struct EducationLevel(u8);

impl EducationLevel {
    pub fn from_text(text: &str) -> Self {
        Self(catalogue::education_level(text))
    }

    /// The level's bit in a set of levels (see [`super::taste::Taste`]); 0 for none.
    pub fn bit(self) -> u8 {
        match self.0 {
            0 => 0,
            level => 1 << (level - 1),
        }
    }
}

platform::read_from_text!(EducationLevel);

/// A province or city code as a number; 0 when none was chosen. Region codes are numbers
/// written without leading zeros (`33`, `3301`), which the catalogue's tests check.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, FromSqlRow)]
pub struct RegionCode(u32);

impl RegionCode {
    pub fn from_text(text: &str) -> Self {
        Self(text.parse().unwrap_or(0))
    }

    /// The code as a number (0 when none was chosen).
    pub fn number(self) -> u32 {
        self.0
    }

    /// Whether both name the same region (a region not chosen is the same as none).
    pub fn same_as(self, other: Self) -> bool {
        self.0 != 0 && self.0 == other.0
    }
}

platform::read_from_text!(RegionCode);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interests_are_read_from_the_stored_json_and_compared_as_sets() {
        let mine = Interests::from_text(r#"["photo","travel","read","nonesuch"]"#);
        let theirs = Interests::from_text(r#"["read", "photo", "golf"]"#);
        assert_eq!(mine.len(), 3, "an unknown code is left out");
        let shared = mine.shared_with(theirs);
        assert_eq!(shared.len(), 2);
        let names: Vec<&str> = shared.names().collect();
        assert_eq!(names.len(), 2);
        assert!(
            names.contains(&"摄影") && names.contains(&"阅读"),
            "{names:?}"
        );
        for unreadable in ["[]", "not json", r#"["photo"] trailing"#, r#"{"a":1}"#] {
            assert_eq!(Interests::from_text(unreadable).len(), 0, "{unreadable}");
        }
        assert_eq!(Traits::from_text(r#"["warm","calm"]"#).len(), 2);
    }

    #[test]
    fn names_follow_the_catalogue_order_whatever_order_the_member_chose() {
        let chosen = Interests::from_text(r#"["read","photo","travel"]"#);
        let reversed = Interests::from_text(r#"["travel","photo","read"]"#);
        assert_eq!(chosen, reversed);
        let names: Vec<&str> = chosen.names().collect();
        let mut by_number = names.clone();
        by_number.sort_by_key(|name| {
            (0..catalogue::hobbies().len())
                .find(|&number| catalogue::hobbies().name_at(number) == Some(name))
        });
        assert_eq!(names, by_number);
    }

    #[test]
    fn every_code_of_each_catalogue_fits_its_set() {
        let every = |catalogue: &Numbered| serde_json::to_string(&catalogue.codes()).unwrap();
        assert_eq!(
            Interests::from_text(&every(catalogue::hobbies())).len(),
            catalogue::hobbies().len()
        );
        assert_eq!(
            Traits::from_text(&every(catalogue::tags())).len(),
            catalogue::tags().len()
        );
    }

    #[test]
    fn regions_match_only_when_both_are_chosen() {
        assert!(RegionCode::from_text("3301").same_as(RegionCode::from_text("3301")));
        assert!(!RegionCode::from_text("3301").same_as(RegionCode::from_text("3302")));
        assert!(!RegionCode::from_text("").same_as(RegionCode::from_text("")));
    }
}
