//! The `fake-wechatpay` binary as a browser journey uses it: start it, configure the app from
//! the lines it prints, and pay through `POST /__test__/pay/{out_trade_no}`.
#![allow(clippy::unwrap_used)]

mod support;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use wechatpay::testkit::unix_now;
use wechatpay::{Client, NativeOrder, Settings, TradeState};

/// The running binary, ended when the test is done with it.
struct FakeProcess(Child);

impl Drop for FakeProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the binary on a free port and reads the settings it prints.
fn start_binary() -> (FakeProcess, HashMap<String, String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fake-wechatpay"))
        .args(["--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let process = FakeProcess(child);
    let mut env = HashMap::new();
    for line in stdout.lines() {
        let line = line.unwrap();
        let (name, value) = line.split_once('=').unwrap();
        env.insert(name.to_owned(), value.to_owned());
        if name == "XINQIAO_WECHATPAY_BASE_URL" {
            break;
        }
    }
    (process, env)
}

#[actix_web::test]
async fn the_binary_prints_working_settings_and_pays_on_request() {
    let (_process, env) = start_binary();
    let read = |name: &str| std::fs::read_to_string(&env[name]).unwrap();
    let settings = Settings {
        mchid: env["XINQIAO_WECHATPAY_MCHID"].clone(),
        appid: env["XINQIAO_WECHATPAY_APPID"].clone(),
        merchant_serial_no: env["XINQIAO_WECHATPAY_MERCHANT_SERIAL_NO"].clone(),
        merchant_private_key_pem: read("XINQIAO_WECHATPAY_MERCHANT_PRIVATE_KEY_FILE"),
        apiv3_key: env["XINQIAO_WECHATPAY_APIV3_KEY"].clone(),
        wechatpay_public_key_id: env["XINQIAO_WECHATPAY_PUBLIC_KEY_ID"].clone(),
        wechatpay_public_key_pem: read("XINQIAO_WECHATPAY_PUBLIC_KEY_FILE"),
        base_url: env["XINQIAO_WECHATPAY_BASE_URL"].clone(),
    };
    assert!(
        settings.base_url.starts_with("http://127.0.0.1:"),
        "{}",
        settings.base_url
    );
    let client = Client::new(settings.clone()).unwrap();
    let (notify_url, accepted) = support::start_merchant(client.clone());

    client
        .create_native_order(&NativeOrder {
            out_trade_no: "R20261123000200",
            description: "心桥-钱包充值",
            amount_fen: 3000,
            notify_url: &notify_url,
            time_expire_unix: unix_now() + 7200,
        })
        .await
        .unwrap();
    let answer: serde_json::Value = reqwest::Client::new()
        .post(format!(
            "{}/__test__/pay/R20261123000200",
            settings.base_url
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer, serde_json::json!({ "notify_status": 204 }));
    assert_eq!(accepted.lock().unwrap()[0].amount_fen, 3000);
    assert!(matches!(
        client.query_order("R20261123000200").await.unwrap(),
        TradeState::Paid(_)
    ));
}
