//! A Native order (扫码支付): what the merchant asks WeChat Pay to create, and the request body
//! of `POST /v3/pay/transactions/native`.

use serde::Serialize;

use crate::beijing_time;

/// The order to put up for payment; the answer is a `code_url` to show as a QR code.
#[derive(Debug, Clone, Copy)]
pub struct NativeOrder<'a> {
    /// The merchant's order number: 6–32 letters, digits or `_-|*`, unique per merchant.
    pub out_trade_no: &'a str,
    /// What the member sees in WeChat (商品描述, at most 127 bytes).
    pub description: &'a str,
    pub amount_fen: i64,
    /// Where WeChat Pay sends the payment notification: https, reachable from the internet,
    /// without a query string.
    pub notify_url: &'a str,
    /// After this instant the order can no longer be paid.
    pub time_expire_unix: i64,
}

#[derive(Serialize)]
struct Amount {
    total: i64,
    currency: &'static str,
}

#[derive(Serialize)]
pub(crate) struct NativeOrderRequest<'a> {
    appid: &'a str,
    mchid: &'a str,
    description: &'a str,
    out_trade_no: &'a str,
    time_expire: String,
    notify_url: &'a str,
    amount: Amount,
}

impl<'a> NativeOrderRequest<'a> {
    /// `None` when the expiry cannot be written as a date (beyond year 9999).
    pub(crate) fn new(order: &NativeOrder<'a>, appid: &'a str, mchid: &'a str) -> Option<Self> {
        Some(Self {
            appid,
            mchid,
            description: order.description,
            out_trade_no: order.out_trade_no,
            time_expire: beijing_time::format(order.time_expire_unix)?,
            notify_url: order.notify_url,
            amount: Amount {
                total: order.amount_fen,
                currency: "CNY",
            },
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn the_body_has_the_documented_fields_and_a_beijing_expiry() {
        let order = NativeOrder {
            out_trade_no: "R20261123000001",
            description: "心桥-钱包充值",
            amount_fen: 600,
            notify_url: "https://xinqiao.example/api/v1/payments/wechat/notify",
            time_expire_unix: 1_795_428_000,
        };
        let body =
            serde_json::to_value(NativeOrderRequest::new(&order, "wxapp", "1900000001").unwrap())
                .unwrap();
        assert_eq!(
            body,
            serde_json::json!({
                "appid": "wxapp",
                "mchid": "1900000001",
                "description": "心桥-钱包充值",
                "out_trade_no": "R20261123000001",
                "time_expire": "2026-11-23T18:00:00+08:00",
                "notify_url": "https://xinqiao.example/api/v1/payments/wechat/notify",
                "amount": {"total": 600, "currency": "CNY"},
            })
        );
    }
}
