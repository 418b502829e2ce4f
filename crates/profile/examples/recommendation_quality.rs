//! Measures recommendation quality on a synthetic community with hidden tastes (see
//! `profile::simulation`): the ranking before the people index, today's and a random one on
//! the same community, as a table. `scripts/bench/quality.sh` runs it.
//!
//! `cargo run --release -p profile --features bench --example recommendation_quality -- 10000 14`

use profile::simulation::{self, Ranking, Settings};

fn main() {
    let mut arguments = std::env::args().skip(1);
    let members = arguments
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4_000);
    let days = arguments.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let settings = Settings {
        members,
        days,
        active_share: 0.6,
        seed: 2026,
    };
    println!("{members} members, {days} days, 60 % asking for page 1 each day");
    println!(
        "{:<18} {:>11} {:>8} {:>14} {:>16} {:>8}",
        "ranking", "mutual@12", "reach", "exposure Gini", "likes to top 1%", "likes"
    );
    for (name, ranking) in [
        ("random", Ranking::Random),
        ("before the index", Ranking::BeforeTheIndex),
        ("current", Ranking::Current),
    ] {
        let started = std::time::Instant::now();
        let outcome = simulation::run(settings, ranking);
        println!(
            "{name:<18} {:>11.4} {:>8.3} {:>14.3} {:>16.3} {:>8}   ({:.1} s)",
            outcome.mutual_rate,
            outcome.reach,
            outcome.exposure_gini,
            outcome.top_percent_likes,
            outcome.likes,
            started.elapsed().as_secs_f64()
        );
    }
}
