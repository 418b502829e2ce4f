//! Money, currencies, ledger kinds, order states and the rows they are stored in.

use std::fmt;

use diesel::prelude::*;
use platform::UserId;

use crate::schema::{purchases, recharge_orders, wallet_transactions};

/// What a balance is counted in: `Cny` in fen, `Points` in whole points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Currency {
    Cny,
    Points,
}

impl Currency {
    /// The order `GET /user/balance` lists them in: the spec reads the first entry as the
    /// balance in fen.
    pub const ALL: [Self; 2] = [Self::Cny, Self::Points];

    pub fn code(self) -> &'static str {
        match self {
            Self::Cny => "CNY",
            Self::Points => "POINTS",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "CNY" => Some(Self::Cny),
            "POINTS" => Some(Self::Points),
            _ => None,
        }
    }

    /// An amount as people read it: ¥12.30 for fen, 10 积分 for points.
    pub fn display(self, amount: i64) -> String {
        match self {
            Self::Cny => format!("¥{}", Yuan(amount)),
            Self::Points => format!("{amount} 积分"),
        }
    }
}

/// Fen shown as yuan with two decimals (spec 2, section 9).
pub struct Yuan(pub i64);

impl fmt::Display for Yuan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let fen = self.0.unsigned_abs();
        write!(f, "{sign}{}.{:02}", fen / 100, fen % 100)
    }
}

/// Why a ledger row exists (the spec's payType).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PayType {
    /// Money paid in through a provider.
    Recharge,
    /// Spent on an item.
    Usage,
    /// Given by the site: the welcome points, or an admin's gift.
    Gift,
}

impl PayType {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Recharge => "Recharge",
            Self::Usage => "Usage",
            Self::Gift => "Gift",
        }
    }

    /// The spec's filter values (any letter case).
    pub fn parse(raw: &str) -> Option<Self> {
        match raw.to_ascii_lowercase().as_str() {
            "recharge" => Some(Self::Recharge),
            "usage" => Some(Self::Usage),
            "gift" => Some(Self::Gift),
            _ => None,
        }
    }
}

/// A recharge order's state (spec 2, section 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderStatus {
    Pending,
    Completed,
    Rejected,
    Failed,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Completed => "completed",
            Self::Rejected => "rejected",
            Self::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "pending" => Some(Self::Pending),
            "completed" => Some(Self::Completed),
            "rejected" => Some(Self::Rejected),
            "failed" => Some(Self::Failed),
            _ => None,
        }
    }
}

/// An order number: 32 random hex digits, unguessable, and within WeChat Pay's
/// `out_trade_no` alphabet and length.
pub fn new_order_no() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// One movement, as the ledger appends it.
#[derive(Debug, Insertable)]
#[diesel(table_name = wallet_transactions)]
pub struct NewTransaction<'a> {
    pub user_id: UserId,
    pub currency: &'a str,
    pub pay_type: &'a str,
    pub order_no: &'a str,
    pub detail: &'a str,
    pub amount: i64,
    pub balance: i64,
    pub created_at: i64,
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = wallet_transactions)]
pub struct TransactionRow {
    pub currency: String,
    pub pay_type: String,
    pub order_no: String,
    pub detail: String,
    pub amount: i64,
    pub balance: i64,
    pub created_at: i64,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = recharge_orders)]
pub struct NewOrder<'a> {
    pub order_no: &'a str,
    pub user_id: UserId,
    pub amount: i64,
    pub pay_method: i32,
    pub provider: &'a str,
    pub status: &'a str,
    pub code_url: &'a str,
    pub created_at: i64,
    pub expires_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = recharge_orders)]
pub struct OrderRow {
    pub order_no: String,
    pub user_id: UserId,
    pub amount: i64,
    pub pay_method: i32,
    pub provider: String,
    pub status: String,
    pub created_at: i64,
    pub expires_at: i64,
}

impl OrderRow {
    pub fn status(&self) -> OrderStatus {
        OrderStatus::parse(&self.status).unwrap_or(OrderStatus::Failed)
    }
}

#[derive(Debug, Insertable)]
#[diesel(table_name = purchases)]
pub struct NewPurchase<'a> {
    pub user_id: UserId,
    pub item_kind: &'a str,
    pub item_id: i64,
    pub currency: &'a str,
    pub price: i64,
    pub order_no: &'a str,
    pub created_at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_read_as_yuan_with_two_decimals() {
        assert_eq!(Yuan(0).to_string(), "0.00");
        assert_eq!(Yuan(5).to_string(), "0.05");
        assert_eq!(Yuan(1230).to_string(), "12.30");
        assert_eq!(Yuan(-99).to_string(), "-0.99");
        assert_eq!(Currency::Cny.display(100_000_000), "¥1000000.00");
        assert_eq!(Currency::Points.display(10), "10 积分");
    }

    #[test]
    fn pay_types_are_read_in_any_letter_case() {
        assert_eq!(PayType::parse("recharge"), Some(PayType::Recharge));
        assert_eq!(PayType::parse("Usage"), Some(PayType::Usage));
        assert_eq!(PayType::parse("GIFT"), Some(PayType::Gift));
        assert_eq!(PayType::parse("refund"), None);
    }

    #[test]
    fn order_numbers_are_32_hex_digits_and_differ() {
        let (a, b) = (new_order_no(), new_order_no());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
