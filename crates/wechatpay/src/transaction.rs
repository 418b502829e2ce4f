//! The transaction WeChat Pay describes, in the same shape both when asked (查询订单) and in a
//! payment notification's decrypted resource.

use serde::Deserialize;

/// Where an order stands at WeChat Pay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TradeState {
    /// SUCCESS: the member paid.
    Paid(PaidTrade),
    /// NOTPAY or USERPAYING: not (yet) paid; the QR code may still be scanned.
    NotPaid,
    /// CLOSED, REVOKED or PAYERROR: it will not be paid.
    Closed,
    /// REFUND: paid, then (partly) refunded.
    Refunded,
}

/// A paid order as WeChat Pay reports it; the caller checks the amount against its own order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidTrade {
    pub out_trade_no: String,
    /// WeChat Pay's own order number (微信支付订单号).
    pub transaction_id: String,
    /// `amount.total`, the order amount in fen.
    pub amount_fen: i64,
    pub mchid: String,
    pub appid: String,
    /// When it was paid, RFC 3339 in Beijing time.
    pub success_time: String,
}

#[derive(Deserialize)]
struct Amount {
    total: Option<i64>,
}

/// The fields this crate reads; WeChat Pay sends more (payer, bank_type, promotions, …).
#[derive(Deserialize)]
pub(crate) struct Transaction {
    pub(crate) appid: String,
    pub(crate) mchid: String,
    pub(crate) out_trade_no: String,
    pub(crate) trade_state: String,
    transaction_id: Option<String>,
    success_time: Option<String>,
    amount: Option<Amount>,
}

impl Transaction {
    pub(crate) fn belongs_to(&self, mchid: &str, appid: &str) -> bool {
        self.mchid == mchid && self.appid == appid
    }

    /// The state; `Err` names what a paid transaction lacks or a state this crate does not know.
    pub(crate) fn into_trade_state(self) -> Result<TradeState, String> {
        match self.trade_state.as_str() {
            "SUCCESS" => self.into_paid().map(TradeState::Paid),
            "NOTPAY" | "USERPAYING" => Ok(TradeState::NotPaid),
            "CLOSED" | "REVOKED" | "PAYERROR" => Ok(TradeState::Closed),
            "REFUND" => Ok(TradeState::Refunded),
            other => Err(format!("unknown trade_state `{other}`")),
        }
    }

    /// The payment, or what a paid transaction lacks.
    pub(crate) fn into_paid(self) -> Result<PaidTrade, String> {
        let missing = |field: &str| format!("a paid transaction without `{field}`");
        Ok(PaidTrade {
            transaction_id: self
                .transaction_id
                .ok_or_else(|| missing("transaction_id"))?,
            amount_fen: self
                .amount
                .and_then(|amount| amount.total)
                .ok_or_else(|| missing("amount.total"))?,
            success_time: self.success_time.ok_or_else(|| missing("success_time"))?,
            out_trade_no: self.out_trade_no,
            mchid: self.mchid,
            appid: self.appid,
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn transaction(json: &str) -> Transaction {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn every_state_wechat_pay_documents_maps_to_one_of_ours() {
        let base = r#""appid":"wx1","mchid":"19","out_trade_no":"A1""#;
        for (state, expected) in [
            ("NOTPAY", TradeState::NotPaid),
            ("USERPAYING", TradeState::NotPaid),
            ("CLOSED", TradeState::Closed),
            ("REVOKED", TradeState::Closed),
            ("PAYERROR", TradeState::Closed),
            ("REFUND", TradeState::Refunded),
        ] {
            let json = format!(r#"{{{base},"trade_state":"{state}"}}"#);
            assert_eq!(
                transaction(&json).into_trade_state().unwrap(),
                expected,
                "{state}"
            );
        }
        let unknown = format!(r#"{{{base},"trade_state":"LOST"}}"#);
        assert!(transaction(&unknown).into_trade_state().is_err());
    }

    #[test]
    fn a_paid_transaction_must_say_how_much_and_which_payment() {
        let paid = transaction(
            r#"{"appid":"wx1","mchid":"19","out_trade_no":"A1","trade_state":"SUCCESS","transaction_id":"42","success_time":"2026-11-23T18:00:05+08:00","amount":{"total":100,"currency":"CNY"},"payer":{"openid":"o"}}"#,
        );
        assert_eq!(
            paid.into_trade_state().unwrap(),
            TradeState::Paid(PaidTrade {
                out_trade_no: "A1".into(),
                transaction_id: "42".into(),
                amount_fen: 100,
                mchid: "19".into(),
                appid: "wx1".into(),
                success_time: "2026-11-23T18:00:05+08:00".into(),
            })
        );
        let without_amount = transaction(
            r#"{"appid":"wx1","mchid":"19","out_trade_no":"A1","trade_state":"SUCCESS","transaction_id":"42","success_time":"t"}"#,
        );
        assert!(
            without_amount
                .into_trade_state()
                .unwrap_err()
                .contains("amount.total")
        );
    }
}
