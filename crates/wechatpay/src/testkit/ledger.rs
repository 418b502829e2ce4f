//! What the fake remembers and shows to tests: its orders and the calls it received.

/// An order's state at the fake; WeChat Pay's names for them are in [`FakeTradeState::as_wechat`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FakeTradeState {
    NotPaid,
    Paid,
    Closed,
}

impl FakeTradeState {
    /// The `trade_state` the query answers.
    pub fn as_wechat(self) -> &'static str {
        match self {
            Self::NotPaid => "NOTPAY",
            Self::Paid => "SUCCESS",
            Self::Closed => "CLOSED",
        }
    }
}

/// An order created at the fake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakeOrder {
    pub out_trade_no: String,
    pub description: String,
    pub amount_fen: i64,
    pub notify_url: String,
    /// As the merchant sent it (RFC 3339).
    pub time_expire: String,
    pub code_url: String,
    pub state: FakeTradeState,
    /// WeChat Pay's number for the payment; answered once paid.
    pub transaction_id: String,
    /// Set when paid (RFC 3339, Beijing time).
    pub success_time: Option<String>,
}

/// One call to the fake's API, as it judged it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRequest {
    pub method: String,
    /// Path and query, as sent (and signed).
    pub path: String,
    /// Whether the `Authorization` signature checked out with the merchant's public key.
    pub verified: bool,
    /// The `Wechatpay-Serial` request header, which names the key WeChat Pay should answer with.
    pub wechatpay_serial: Option<String>,
    pub status: u16,
}

/// A defect the fake can put into its answers' signatures, to see the client refuse them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseFault {
    /// Signed with a key that is not the WeChat Pay key.
    BadSignature,
    /// Signed with the WeChat Pay key but naming another key id.
    UnknownSerial,
    /// No `Wechatpay-*` headers at all.
    Unsigned,
}
