//! The wallet's share of a member's data rights. The export holds the balances, every ledger
//! row, the recharge orders and the purchases. An account deletion removes nothing here: the
//! ledger is the books and must still add up, and the member's row it points at becomes an
//! anonymous tombstone, which is what anonymises these rows.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use crate::schema::{purchases, recharge_orders, wallet_balances, wallet_transactions};

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct BalanceExport {
    currency: String,
    balance: i64,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct LedgerExport {
    currency: String,
    pay_type: String,
    order_no: String,
    detail: String,
    amount: i64,
    balance: i64,
    created_at: i64,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct OrderExport {
    order_no: String,
    amount: i64,
    provider: String,
    status: String,
    created_at: i64,
    settled_at: Option<i64>,
}

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PurchaseExport {
    item_kind: String,
    item_id: i64,
    currency: String,
    price: i64,
    order_no: String,
    created_at: i64,
}

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let balances: Vec<BalanceExport> = run!(conn, |c| wallet_balances::table
            .filter(wallet_balances::user_id.eq(user_id))
            .order(wallet_balances::currency)
            .select((wallet_balances::currency, wallet_balances::balance))
            .load(c)
            .await)?;
        let ledger: Vec<LedgerExport> = run!(conn, |c| wallet_transactions::table
            .filter(wallet_transactions::user_id.eq(user_id))
            .order(wallet_transactions::id)
            .select((
                wallet_transactions::currency,
                wallet_transactions::pay_type,
                wallet_transactions::order_no,
                wallet_transactions::detail,
                wallet_transactions::amount,
                wallet_transactions::balance,
                wallet_transactions::created_at,
            ))
            .load(c)
            .await)?;
        let orders: Vec<OrderExport> = run!(conn, |c| recharge_orders::table
            .filter(recharge_orders::user_id.eq(user_id))
            .order(recharge_orders::id)
            .select((
                recharge_orders::order_no,
                recharge_orders::amount,
                recharge_orders::provider,
                recharge_orders::status,
                recharge_orders::created_at,
                recharge_orders::settled_at,
            ))
            .load(c)
            .await)?;
        let bought: Vec<PurchaseExport> = run!(conn, |c| purchases::table
            .filter(purchases::user_id.eq(user_id))
            .order(purchases::created_at)
            .select((
                purchases::item_kind,
                purchases::item_id,
                purchases::currency,
                purchases::price,
                purchases::order_no,
                purchases::created_at,
            ))
            .load(c)
            .await)?;
        Ok(json!({
            "balances": balances,
            "ledger": ledger,
            "rechargeOrders": orders,
            "purchases": bought,
        }))
    })
}

/// Keeps the books: see the module comment.
pub fn erase<'a>(_conn: &'a mut Conn<'_>, _user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async { Ok(()) })
}
