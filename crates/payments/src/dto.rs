//! Requests and answers of the wallet calls, with the spec's field names.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One balance; `GET /user/balance` lists CNY (in fen) first, then points.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceEntry {
    /// CNY or POINTS.
    pub currency_code: String,
    /// Fen for CNY, whole points for POINTS.
    pub balance: i64,
}

/// Read as empty when left out, so the answer is the field's sentence, not a parse error.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRechargeRequest {
    /// 1: WeChat Pay (the only method).
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 1)]
    pub pay_method: i64,
    /// The amount in fen: 10 (¥0.10) to 100000000 (¥1000000).
    #[serde(default)]
    #[schema(required = true, minimum = 10, maximum = 100_000_000)]
    pub pay_money: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedRecharge {
    pub order_no: String,
    /// What the QR code encodes: WeChat Pay's `code_url`, or the sandbox's payment page.
    pub url: String,
    /// Fen.
    pub amount: i64,
    /// When the order can no longer be paid (unix seconds).
    pub expires_at: i64,
    /// True when the payment is a sandbox one that charges nothing.
    pub sandbox: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRef {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 64)]
    pub order_no: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderStatusData {
    /// pending, completed, rejected or failed (an order past its lifetime reads as failed).
    pub status: String,
}

/// Paging of the recharge list; `payMethod` 0 means every method.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RechargeListRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// 10, 20, 50 or 100 on the screen; 10 when left out, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    #[serde(default)]
    pub pay_method: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RechargeOrderItem {
    pub order_no: String,
    /// Fen.
    pub amount: i64,
    /// pending, completed, rejected or failed.
    pub status: String,
    pub pay_method: i64,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RechargeListData {
    pub orders: Vec<RechargeOrderItem>,
    pub total: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionListRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// 10, 20, 50 or 100 on the screen; 20 when left out, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// Empty or "all" for every type; else recharge, usage or gift (any letter case).
    #[serde(default)]
    #[schema(max_length = 20)]
    pub trans_type: Option<String>,
    /// Only the rows of this order number (exact).
    #[serde(default)]
    #[schema(max_length = 64)]
    pub order_no: Option<String>,
    /// CNY (when left out) or POINTS.
    #[serde(default)]
    pub currency_code: Option<String>,
    /// Unix seconds, inclusive; 0 or left out for no bound.
    #[serde(default)]
    pub begin_created_at: Option<i64>,
    /// Unix seconds, inclusive; 0 or left out for no bound.
    #[serde(default)]
    pub end_created_at: Option<i64>,
    /// Accepted for the client's sake; one organisation runs the site, so it filters nothing.
    #[serde(default)]
    #[allow(
        dead_code,
        reason = "part of the spec's request; there is no organisation to filter by"
    )]
    pub org_id: Option<serde_json::Value>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionItem {
    /// Unix seconds.
    pub created_at: i64,
    /// Recharge, Usage or Gift.
    pub pay_type: String,
    pub order_no: String,
    pub detail: String,
    /// Signed: fen for CNY, points for POINTS.
    pub amount: i64,
    /// The balance after this movement.
    pub balance: i64,
    pub currency_code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransactionListData {
    pub trans: Vec<TransactionItem>,
    pub total: i64,
}

/// The sandbox's payment page: confirm or fail a pending sandbox order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxPayRequest {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 64)]
    pub order_no: String,
    /// true: the payment succeeds; false: it fails.
    #[serde(default)]
    #[schema(required = true)]
    pub paid: bool,
}

/// What the sandbox page shows about an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SandboxOrder {
    pub order_no: String,
    /// Fen.
    pub amount: i64,
    pub status: String,
    pub expires_at: i64,
}

/// What WeChat Pay reads back from a refused notification (it retries later).
#[derive(Debug, Serialize, ToSchema)]
pub struct WeChatPayRefusal {
    /// FAIL.
    pub code: String,
    pub message: String,
}
