//! The fake WeChat as a process, for the browser journeys: `fake-wechat <bind> <redirect host>`
//! prints one JSON line (its base URL and the apps' ids and secrets) and serves until killed.

use accounts::testkit::fake_wechat::{self, MP_APPID, MP_SECRET, OPEN_APPID, OPEN_SECRET};

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let bind = args
        .next()
        .unwrap_or_else(|| "127.0.0.1:0".into())
        .parse()
        .map_err(std::io::Error::other)?;
    let registered_host = args.next().unwrap_or_else(|| "127.0.0.1".into());
    let fake = fake_wechat::start(bind, &registered_host)?;
    let description = serde_json::json!({
        "baseUrl": fake.base_url,
        "openAppid": OPEN_APPID,
        "openSecret": OPEN_SECRET,
        "mpAppid": MP_APPID,
        "mpSecret": MP_SECRET,
    });
    println!("{description}");
    loop {
        std::thread::park();
    }
}
