//! Resident identity card numbers (GB 11643-1999): 6 digits of region, 8 of birth date, 3 of
//! sequence (odd for men), and a check character over the first 17.
//!
//! `fuzz/` compiles this file on its own (fuzz/src/lib.rs): it uses no other module of its
//! crate.

use std::fmt;

/// Why a number is not a valid adult's identity card number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NumberError {
    #[error("身份证号码应为 18 位")]
    Length,
    #[error("身份证号码格式不正确")]
    Characters,
    #[error("身份证号码校验位不正确")]
    CheckDigit,
    #[error("身份证号码的地区码不正确")]
    Region,
    #[error("身份证号码中的出生日期不正确")]
    BirthDate,
    #[error("实名认证需年满 18 周岁")]
    Underage,
}

/// A checked 18-character number; an `x` check character is stored as `X`.
#[derive(Clone, PartialEq, Eq)]
pub struct IdNumber(String);

/// Weights of the first 17 digits (2^(17-i) mod 11) and the check character of each remainder.
const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];

/// First two digits of every province-level region that issues these numbers (GB/T 2260).
/// Only the province is checked: districts are merged and renamed over the years, and a
/// number keeps the code of the district that issued it.
const PROVINCES: [u32; 34] = [
    11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52,
    53, 54, 61, 62, 63, 64, 65, 71, 81, 82,
];

/// The check character of a number's first 17 digits.
pub fn check_character(digits: &[u32; 17]) -> char {
    let sum: u32 = digits.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    CHECK_CHARACTERS[(sum % 11) as usize]
}

impl IdNumber {
    /// Checks `raw` (surrounding spaces dropped) for a person at least 18 years old on `today`
    /// (yyyymmdd).
    pub fn parse(raw: &str, today: u32) -> Result<Self, NumberError> {
        let text = raw.trim().to_ascii_uppercase();
        let characters: Vec<char> = text.chars().collect();
        if characters.len() != 18 {
            return Err(NumberError::Length);
        }
        let mut digits = [0u32; 17];
        for (slot, character) in digits.iter_mut().zip(&characters) {
            *slot = character.to_digit(10).ok_or(NumberError::Characters)?;
        }
        let last = characters[17];
        if !(last.is_ascii_digit() || last == 'X') {
            return Err(NumberError::Characters);
        }
        if check_character(&digits) != last {
            return Err(NumberError::CheckDigit);
        }
        if !PROVINCES.contains(&(digits[0] * 10 + digits[1])) {
            return Err(NumberError::Region);
        }
        let birth = digits[6..14].iter().fold(0, |n, d| n * 10 + d);
        if !is_real_date(birth) || birth < 19_000_101 || birth > today {
            return Err(NumberError::BirthDate);
        }
        // yyyymmdd numbers: 18 years on is exactly 180000 more.
        if today - birth < 180_000 {
            return Err(NumberError::Underage);
        }
        Ok(Self(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The number never shows up whole in logs or debug output.
impl fmt::Debug for IdNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IdNumber({}…)", &self.0[..6])
    }
}

fn is_real_date(yyyymmdd: u32) -> bool {
    let (year, month, day) = (yyyymmdd / 10_000, yyyymmdd / 100 % 100, yyyymmdd % 100);
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days_in_month).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: u32 = 20_261_125;

    /// The standard's own example, and a number ending in X.
    #[test]
    fn valid_numbers_pass_and_a_lower_case_x_is_read_as_upper_case() {
        assert_eq!(
            IdNumber::parse("11010519491231002X", TODAY).map(|n| n.0),
            Ok("11010519491231002X".to_owned())
        );
        assert_eq!(
            IdNumber::parse(" 11010519491231002x ", TODAY).map(|n| n.0),
            Ok("11010519491231002X".to_owned())
        );
        assert!(IdNumber::parse("440524188001010014", TODAY).is_err());
        assert_eq!(
            IdNumber::parse("440524190001010017", TODAY).map(|n| n.0),
            Ok("440524190001010017".to_owned())
        );
    }

    #[test]
    fn the_check_character_follows_gb_11643() {
        let digits = |text: &str| {
            let mut out = [0; 17];
            for (slot, c) in out.iter_mut().zip(text.chars()) {
                *slot = c.to_digit(10).unwrap();
            }
            out
        };
        assert_eq!(check_character(&digits("11010519491231002")), 'X');
        assert_eq!(check_character(&digits("44052419000101001")), '7');
        assert_eq!(check_character(&digits("32010619900307451")), '5');
    }

    #[test]
    fn each_broken_rule_has_its_own_answer() {
        assert_eq!(
            IdNumber::parse("1101051949123100", TODAY),
            Err(NumberError::Length)
        );
        assert_eq!(
            IdNumber::parse("11010519491231002XX", TODAY),
            Err(NumberError::Length)
        );
        assert_eq!(
            IdNumber::parse("1101051949123100A2", TODAY),
            Err(NumberError::Characters)
        );
        assert_eq!(
            IdNumber::parse("110105194912310021", TODAY),
            Err(NumberError::CheckDigit)
        );
        // Region 99 with a correct check character.
        assert_eq!(
            IdNumber::parse(&with_check("99010519491231002"), TODAY),
            Err(NumberError::Region)
        );
        // 31 February.
        assert_eq!(
            IdNumber::parse(&with_check("11010519490231002"), TODAY),
            Err(NumberError::BirthDate)
        );
        // Born tomorrow.
        assert_eq!(
            IdNumber::parse(&with_check("11010520261126002"), TODAY),
            Err(NumberError::BirthDate)
        );
    }

    #[test]
    fn members_must_be_adults_on_the_day() {
        assert!(IdNumber::parse(&with_check("11010520081125002"), TODAY).is_ok());
        assert_eq!(
            IdNumber::parse(&with_check("11010520081126002"), TODAY),
            Err(NumberError::Underage)
        );
        // Born on 29 February: an adult from 1 March of the 18th year.
        assert_eq!(
            IdNumber::parse(&with_check("11010520080229002"), 20_260_228),
            Err(NumberError::Underage)
        );
        assert!(IdNumber::parse(&with_check("11010520080229002"), 20_260_301).is_ok());
    }

    #[test]
    fn debug_output_hides_all_but_the_region() {
        let number = IdNumber::parse("11010519491231002X", TODAY).unwrap();
        assert_eq!(format!("{number:?}"), "IdNumber(110105…)");
    }

    fn with_check(first17: &str) -> String {
        let mut digits = [0; 17];
        for (slot, c) in digits.iter_mut().zip(first17.chars()) {
            *slot = c.to_digit(10).unwrap();
        }
        format!("{first17}{}", check_character(&digits))
    }
}
