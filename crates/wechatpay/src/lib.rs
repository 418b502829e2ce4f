//! WeChat Pay API v3 for Native payment (商户直连): the merchant's signed calls to create, query
//! and close an order, verification of what WeChat Pay answers, and verification plus decryption
//! of the payment notification (支付成功回调).
//!
//! Trust runs both ways through RSA-SHA256 signatures: the merchant signs every request with its
//! API certificate's private key, and WeChat Pay signs every answer and notification with the
//! platform key whose public half (微信支付公钥, named by its `PUB_KEY_ID_…`) the merchant
//! downloaded. Notification contents are further sealed with the APIv3 key (AEAD_AES_256_GCM).
//!
//! With the `testkit` feature, [`testkit::FakeWeChatPay`] plays WeChat Pay on loopback.

mod aead;
mod authorization;
mod beijing_time;
mod client;
mod notification;
mod order;
mod settings;
mod signed_headers;
mod signing;
#[cfg(feature = "testkit")]
pub mod testkit;
mod transaction;

pub use client::{Client, UpstreamError};
pub use notification::{NotificationError, failure_body};
pub use order::NativeOrder;
pub use settings::{ConfigError, DEFAULT_BASE_URL, Settings};
pub use signed_headers::{NotificationHeaders, SignatureError, SignedHeaders};
pub use transaction::{PaidTrade, TradeState};
