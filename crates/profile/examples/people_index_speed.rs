//! Times the people index alone on the searches of `scripts/bench/people.sh` (see
//! `profile::index_speed`). `scripts/bench/index.sh` runs it.
//!
//! `cargo run --release -p profile --features bench --example people_index_speed -- 1000000 [search_narrow]`

fn main() {
    let members = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    // A search's name alone (for a profiler): only that one, many more times.
    let only = std::env::args().nth(2);
    let rounds = if only.is_some() { 20_000 } else { 400 };
    let (built, bytes, timings) = profile::index_speed::run(members, rounds, only.as_deref());
    println!(
        "{members} members listed in {:.1} s, the index holding {} MB; {rounds} rounds each",
        built.as_secs_f64(),
        bytes / 1_000_000
    );
    println!(
        "{:<14} {:>9} {:>12} {:>12}",
        "search", "total", "median µs", "p99 µs"
    );
    for timing in timings {
        println!(
            "{:<14} {:>9} {:>12.0} {:>12.0}",
            timing.name,
            timing.total,
            timing.median.as_secs_f64() * 1e6,
            timing.p99.as_secs_f64() * 1e6
        );
    }
}
