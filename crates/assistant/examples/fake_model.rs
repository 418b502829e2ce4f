//! The fake model server as a process, for the browser journeys: `fake-model [bind]` prints one
//! JSON line (its base URL) and serves both protocols until killed.

use assistant::testkit::fake_model;

fn main() -> std::io::Result<()> {
    let bind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".into())
        .parse()
        .map_err(std::io::Error::other)?;
    let fake = fake_model::start(bind)?;
    println!("{}", serde_json::json!({ "baseUrl": fake.base_url }));
    loop {
        std::thread::park();
    }
}
