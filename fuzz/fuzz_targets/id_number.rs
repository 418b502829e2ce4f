//! Identity card numbers as members type them: whatever is accepted is a well-formed
//! 18-character number of an adult, reads back as itself, and never shows whole in logs.
//! An input is `number|yyyymmdd` (the day it is checked on) or a number checked today.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xinqiao_fuzz::id_number::{IdNumber, check_character};

const TODAY: u32 = 20_261_127;

fuzz_target!(|input: &str| {
    let (raw, today) = match input.rsplit_once('|') {
        Some((raw, day)) => (raw, day.parse().unwrap_or(TODAY)),
        None => (input, TODAY),
    };
    let Ok(number) = IdNumber::parse(raw, today) else {
        return;
    };
    let text = number.as_str();
    assert_eq!(text.len(), 18, "{text}");
    assert_eq!(text, raw.trim().to_ascii_uppercase());
    let mut digits = [0u32; 17];
    for (slot, byte) in digits.iter_mut().zip(text.bytes()) {
        assert!(byte.is_ascii_digit(), "{text}");
        *slot = u32::from(byte - b'0');
    }
    assert_eq!(text.chars().last(), Some(check_character(&digits)));
    let birth: u32 = text[6..14].parse().expect("eight digits");
    assert!(birth + 180_000 <= today, "{text} is under 18 on {today}");
    assert!(IdNumber::parse(text, today) == Ok(number.clone()));
    assert!(!format!("{number:?}").contains(text));
});
