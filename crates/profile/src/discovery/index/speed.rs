//! How long the people index takes to answer the searches of `scripts/bench/people.sh`, in
//! this process, without HTTP or a database: the index's own share of a search, measured
//! apart so a change to it can be judged in seconds (`scripts/bench/index.sh`). The members
//! follow `xinqiao seed bench`'s distributions (`crate::bench`), so the numbers match what the
//! HTTP bench's searches find.

use std::time::{Duration, Instant};

use super::people::{Filter, People, Row, Wish};
use crate::catalogue;
use crate::discovery::codes::{Interests, RegionCode, Traits};
use crate::discovery::search::birthdays_of_ages;
use crate::discovery::taste::Taste;

/// What one kind of search measured.
pub struct Timing {
    pub name: &'static str,
    pub total: u64,
    pub median: Duration,
    pub p99: Duration,
}

const TODAY: i64 = 20_261_208;
const NOW: i64 = 1_796_688_000;
const CITIES: [&str; 12] = [
    "1101", "3101", "4401", "3301", "5101", "4201", "3201", "6101", "5001", "1201", "4301", "3702",
];
const HOBBIES: [&str; 8] = [
    "travel", "food", "sport", "music", "movie", "read", "photo", "draw",
];

/// Member `id` as `xinqiao seed bench` lists them.
fn bench_row(id: i64) -> Row {
    let city = CITIES[(id % 12) as usize];
    let hobby = |at: i64| catalogue::hobbies().number(HOBBIES[(at % 8) as usize]);
    Row {
        user_id: id,
        gender: if id % 2 == 0 { "female" } else { "male" }.into(),
        province: RegionCode::from_text(&city[..2]),
        city: RegionCode::from_text(city),
        seek_gender: String::new(),
        seek_age_min: 0,
        seek_age_max: 0,
        birthday: (1971 + id % 33) * 10_000 + (1 + id % 12) * 100 + 1 + id % 28,
        height: 150 + id % 46,
        weight: 42 + id % 60,
        education: ["高中", "本科", "硕士", "博士"][(id % 4) as usize].into(),
        marital_status: if id % 10 == 0 { "离异" } else { "未婚" }.into(),
        boy_count: if id % 10 == 0 { id % 3 } else { 0 },
        girl_count: i64::from(id % 20 == 0),
        hobbies: Interests::of_numbers([hobby(id), hobby(id / 8)].into_iter().flatten()),
        tags: Traits::default(),
        photo_count: id % 4,
        big_five: None,
        active_at: NOW - (id * 7919) % 8_000_000,
        verified: false,
        held: false,
        taste: Taste::default(),
    }
}

/// One of the timed questions: it answers how many members it found.
type Answer<'a> = Box<dyn Fn() -> u64 + 'a>;

/// A search as a request makes it: its total and first page of 12.
fn search(people: &People, filter: &Filter<'_>) -> u64 {
    let (total, page) = people.search(filter, &[], 0, 12);
    std::hint::black_box(page);
    total
}

/// Lists `members` bench members (answering how long that took and the bytes the index
/// holds), then times `rounds` of each of the HTTP bench's searches
/// (matching and page 1 of 12, as a request does) and whom a recommendation may offer, or
/// of the one named `only`.
pub fn run(members: i64, rounds: usize, only: Option<&str>) -> (Duration, usize, Vec<Timing>) {
    let started = Instant::now();
    let mut people = People::default();
    for id in 1..=members {
        people.put(&bench_row(id));
    }
    people.settle();
    let built = started.elapsed();
    let hobbies: Vec<usize> = ["travel", "photo"]
        .iter()
        .filter_map(|code| catalogue::hobbies().number(code))
        .collect();
    let masters = ["硕士".to_owned()];
    let narrow = Filter {
        gender: Some("female"),
        birthdays: Some(birthdays_of_ages(28, 32, TODAY)),
        heights: Some((160, 170)),
        educations: &masters,
        hobbies: &hobbies,
        ..Filter::default()
    };
    // Ages 18 to 80 are every age the form allows: the search leaves them out.
    let broad = Filter {
        gender: Some("female"),
        ..Filter::default()
    };
    // Whom a recommendation for a man of 30 who wants women of 25 to 32 may offer.
    let wish = Wish {
        gender: Some("female"),
        birthdays: Some(birthdays_of_ages(25, 32, TODAY)),
        own_gender: "male",
        own_age: 30,
    };
    let searches: [(&'static str, Answer<'_>); 3] = [
        ("search_narrow", Box::new(|| search(&people, &narrow))),
        ("search_broad", Box::new(|| search(&people, &broad))),
        (
            "recommendable",
            Box::new(|| people.recommendable(&wish).len()),
        ),
    ];
    let timings = searches
        .into_iter()
        .filter(|(name, _)| only.is_none_or(|only| only == *name))
        .map(|(name, answer)| {
            let mut took: Vec<Duration> = Vec::with_capacity(rounds);
            let mut total = 0;
            for _ in 0..rounds {
                let start = Instant::now();
                total = std::hint::black_box(answer());
                took.push(start.elapsed());
            }
            took.sort_unstable();
            Timing {
                name,
                total,
                median: took[took.len() / 2],
                p99: took[took.len() * 99 / 100],
            }
        })
        .collect();
    (built, people.bytes(), timings)
}
