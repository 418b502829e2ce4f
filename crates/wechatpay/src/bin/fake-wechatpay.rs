//! A fake WeChat Pay for browser journeys: serves on loopback, prints the settings that point the
//! app at it as `KEY=value` lines, and pays orders on `POST /__test__/pay/{out_trade_no}`
//! (the order becomes SUCCESS and its notification is POSTed to its notify_url).
//!
//! Usage: `fake-wechatpay [--port PORT]`; without `--port`, `FAKE_WECHATPAY_PORT`, else any free
//! port. Runs until killed.

use std::io::Write;

use wechatpay::testkit::FakeWeChatPay;
use wechatpay::testkit::credentials::{
    APIV3_KEY, APPID, MCHID, MERCHANT_PRIVATE_KEY_FILE, MERCHANT_SERIAL_NO,
    PLATFORM_PUBLIC_KEY_FILE, PUBLIC_KEY_ID,
};

fn port() -> Result<u16, String> {
    let mut args = std::env::args().skip(1);
    let text = match args.next().as_deref() {
        Some("--port") => args.next().ok_or("--port needs a number")?,
        Some(other) => {
            return Err(format!(
                "unknown argument `{other}`; usage: fake-wechatpay [--port PORT]"
            ));
        }
        None => std::env::var("FAKE_WECHATPAY_PORT").unwrap_or_else(|_| "0".into()),
    };
    text.parse().map_err(|_| format!("`{text}` is not a port"))
}

fn main() {
    let fake = match port().map(FakeWeChatPay::start_on) {
        Ok(Ok(fake)) => fake,
        Ok(Err(error)) => exit(&format!("the fake WeChat Pay could not start: {error}")),
        Err(reason) => exit(&reason),
    };
    let lines = [
        ("XINQIAO_WECHATPAY_MCHID", MCHID.to_owned()),
        ("XINQIAO_WECHATPAY_APPID", APPID.to_owned()),
        (
            "XINQIAO_WECHATPAY_MERCHANT_SERIAL_NO",
            MERCHANT_SERIAL_NO.to_owned(),
        ),
        (
            "XINQIAO_WECHATPAY_MERCHANT_PRIVATE_KEY_FILE",
            MERCHANT_PRIVATE_KEY_FILE.to_owned(),
        ),
        ("XINQIAO_WECHATPAY_APIV3_KEY", APIV3_KEY.to_owned()),
        ("XINQIAO_WECHATPAY_PUBLIC_KEY_ID", PUBLIC_KEY_ID.to_owned()),
        (
            "XINQIAO_WECHATPAY_PUBLIC_KEY_FILE",
            PLATFORM_PUBLIC_KEY_FILE.to_owned(),
        ),
        ("XINQIAO_WECHATPAY_BASE_URL", fake.base_url()),
    ];
    let mut stdout = std::io::stdout().lock();
    for (name, value) in lines {
        let _ = writeln!(stdout, "{name}={value}");
    }
    let _ = stdout.flush();
    drop(stdout);
    // The server runs on its own thread for as long as `fake` lives.
    loop {
        std::thread::park();
    }
}

fn exit(reason: &str) -> ! {
    eprintln!("fake-wechatpay: {reason}");
    std::process::exit(2)
}
