//! WeChat Pay as the recharge provider: its settings, and the payment notifications it sends.

use platform::AppState;
use platform::config::{ConfigError, Source};

use crate::error::PaymentsError;
use crate::recharge::{self, Credited};
use crate::settings::{PaymentSettings, Provider};

pub const WECHATPAY_BASE_URL: &str = "https://api.mch.weixin.qq.com";

/// WeChat Pay's settings when `XINQIAO_WECHATPAY_MCHID` is set (then every other one is
/// required); `None` leaves the sandbox in charge.
pub fn settings_from(source: &Source) -> Result<Option<wechatpay::Settings>, ConfigError> {
    let Some(mchid) = present(source, "XINQIAO_WECHATPAY_MCHID") else {
        return Ok(None);
    };
    Ok(Some(wechatpay::Settings {
        mchid,
        appid: required(source, "XINQIAO_WECHATPAY_APPID")?,
        merchant_serial_no: required(source, "XINQIAO_WECHATPAY_MERCHANT_SERIAL_NO")?,
        merchant_private_key_pem: file(source, "XINQIAO_WECHATPAY_MERCHANT_PRIVATE_KEY_FILE")?,
        apiv3_key: required(source, "XINQIAO_WECHATPAY_APIV3_KEY")?,
        wechatpay_public_key_id: required(source, "XINQIAO_WECHATPAY_PUBLIC_KEY_ID")?,
        wechatpay_public_key_pem: file(source, "XINQIAO_WECHATPAY_PUBLIC_KEY_FILE")?,
        base_url: present(source, "XINQIAO_WECHATPAY_BASE_URL").map_or_else(
            || WECHATPAY_BASE_URL.to_owned(),
            |url| url.trim_end_matches('/').to_owned(),
        ),
    }))
}

fn present(source: &Source, var: &'static str) -> Option<String> {
    source
        .get(var)
        .map(|value| value.trim().to_owned())
        .filter(|value| !value.is_empty())
}

fn required(source: &Source, var: &'static str) -> Result<String, ConfigError> {
    present(source, var)
        .ok_or_else(|| ConfigError::new(var, "is required with XINQIAO_WECHATPAY_MCHID"))
}

fn file(source: &Source, var: &'static str) -> Result<String, ConfigError> {
    let path = required(source, var)?;
    std::fs::read_to_string(&path)
        .map_err(|error| ConfigError::new(var, format!("cannot read {path}: {error}")))
}

/// Why a notification was refused; WeChat Pay retries a refused one later.
#[derive(Debug, thiserror::Error)]
pub enum NotificationRefused {
    #[error("WeChat Pay is not the provider")]
    NotConfigured,
    #[error(transparent)]
    Unverified(#[from] wechatpay::NotificationError),
    #[error(transparent)]
    Order(#[from] PaymentsError),
}

/// Verifies a payment notification and credits its order exactly once; a repeated one is
/// accepted without crediting again.
pub async fn accept_notification(
    state: &AppState,
    headers: &wechatpay::NotificationHeaders<'_>,
    body: &[u8],
) -> Result<Credited, NotificationRefused> {
    let Provider::WeChatPay(client) = PaymentSettings::of(state).provider else {
        return Err(NotificationRefused::NotConfigured);
    };
    let trade = client.verify_notification(headers, body, state.now())?;
    Ok(recharge::credit(
        state,
        &trade.out_trade_no,
        trade.amount_fen,
        Some(&trade.transaction_id),
    )
    .await?)
}
