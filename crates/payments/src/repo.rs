//! Queries on the wallet tables, each written once for both engines.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::UserId;
use platform::db::Conn;
use platform::paging::PageWindow;
use platform::run;

use crate::model::{
    Currency, NewOrder, NewPurchase, NewTransaction, OrderRow, OrderStatus, PayType, TransactionRow,
};
use crate::schema::{purchases, recharge_orders, wallet_balances, wallet_transactions};

/// Opens the member's account in `currency` at zero; true when it did not exist before.
pub async fn open_account(
    conn: &mut Conn<'_>,
    user: UserId,
    currency: Currency,
) -> QueryResult<bool> {
    let inserted = run!(conn, |c| diesel::insert_into(wallet_balances::table)
        .values((
            wallet_balances::user_id.eq(user),
            wallet_balances::currency.eq(currency.code()),
            wallet_balances::balance.eq(0i64),
        ))
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    Ok(inserted == 1)
}

/// The member's open accounts, as (currency code, balance).
pub async fn accounts(conn: &mut Conn<'_>, user: UserId) -> QueryResult<Vec<(String, i64)>> {
    run!(conn, |c| wallet_balances::table
        .filter(wallet_balances::user_id.eq(user))
        .select((wallet_balances::currency, wallet_balances::balance))
        .load(c)
        .await)
}

/// Adds `amount` (negative to take) to the balance in one conditional statement, and answers
/// the new balance; `None` when the account is missing or the balance would go below zero.
/// On PostgreSQL the row lock it takes orders concurrent movements; SQLite's write lock does.
pub async fn apply(
    conn: &mut Conn<'_>,
    user: UserId,
    currency: Currency,
    amount: i64,
) -> QueryResult<Option<i64>> {
    let account = wallet_balances::table
        .filter(wallet_balances::user_id.eq(user))
        .filter(wallet_balances::currency.eq(currency.code()))
        .filter((wallet_balances::balance + amount).ge(0i64));
    run!(conn, |c| diesel::update(account)
        .set(wallet_balances::balance.eq(wallet_balances::balance + amount))
        .returning(wallet_balances::balance)
        .get_result(c)
        .await
        .optional())
}

/// The member's balance in `currency`; zero when the account was never opened.
pub async fn balance(conn: &mut Conn<'_>, user: UserId, currency: Currency) -> QueryResult<i64> {
    let found: Option<i64> = run!(conn, |c| wallet_balances::table
        .find((user, currency.code()))
        .select(wallet_balances::balance)
        .first(c)
        .await
        .optional())?;
    Ok(found.unwrap_or(0))
}

pub async fn insert_transaction(conn: &mut Conn<'_>, row: &NewTransaction<'_>) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(wallet_transactions::table)
        .values(row)
        .execute(c)
        .await)?;
    Ok(())
}

/// Which of a member's ledger rows a list shows.
pub struct TransactionFilter<'a> {
    pub currency: Currency,
    pub pay_type: Option<PayType>,
    pub order_no: Option<&'a str>,
    /// Unix seconds, both ends included.
    pub from: Option<i64>,
    pub until: Option<i64>,
}

macro_rules! matching {
    ($user:expr, $filter:expr) => {{
        let filter = $filter;
        let mut query = wallet_transactions::table
            .filter(wallet_transactions::user_id.eq($user))
            .filter(wallet_transactions::currency.eq(filter.currency.code()))
            .into_boxed();
        if let Some(pay_type) = filter.pay_type {
            query = query.filter(wallet_transactions::pay_type.eq(pay_type.as_str()));
        }
        if let Some(order_no) = filter.order_no {
            query = query.filter(wallet_transactions::order_no.eq(order_no));
        }
        if let Some(from) = filter.from {
            query = query.filter(wallet_transactions::created_at.ge(from));
        }
        if let Some(until) = filter.until {
            query = query.filter(wallet_transactions::created_at.le(until));
        }
        query
    }};
}

/// A page of the member's ledger rows, newest first, and how many match.
pub async fn transactions_page(
    conn: &mut Conn<'_>,
    user: UserId,
    filter: &TransactionFilter<'_>,
    window: PageWindow,
) -> QueryResult<(Vec<TransactionRow>, i64)> {
    run!(conn, |c| {
        let rows = matching!(user, filter)
            .order(wallet_transactions::id.desc())
            .offset(window.offset)
            .limit(window.limit)
            .select(TransactionRow::as_select())
            .load(c)
            .await?;
        let total = matching!(user, filter).count().get_result(c).await?;
        Ok((rows, total))
    })
}

/// The sum of the member's ledger rows in `currency`: what the balance must equal. (Summed
/// here: SQL's SUM of a BIGINT is NUMERIC on PostgreSQL and BIGINT on SQLite.)
pub async fn ledger_sum(conn: &mut Conn<'_>, user: UserId, currency: Currency) -> QueryResult<i64> {
    let amounts: Vec<i64> = run!(conn, |c| wallet_transactions::table
        .filter(wallet_transactions::user_id.eq(user))
        .filter(wallet_transactions::currency.eq(currency.code()))
        .select(wallet_transactions::amount)
        .load(c)
        .await)?;
    Ok(amounts.iter().sum())
}

pub async fn insert_order(conn: &mut Conn<'_>, order: &NewOrder<'_>) -> QueryResult<()> {
    run!(conn, |c| diesel::insert_into(recharge_orders::table)
        .values(order)
        .execute(c)
        .await)?;
    Ok(())
}

pub async fn find_order(conn: &mut Conn<'_>, order_no: &str) -> QueryResult<Option<OrderRow>> {
    run!(conn, |c| recharge_orders::table
        .filter(recharge_orders::order_no.eq(order_no))
        .select(OrderRow::as_select())
        .first(c)
        .await
        .optional())
}

/// Moves a pending order to `status`, once: answers the order when this call moved it,
/// `None` when it was no longer pending (another notification, poll or expiry got there
/// first).
pub async fn settle_order(
    conn: &mut Conn<'_>,
    order_no: &str,
    status: OrderStatus,
    provider_trade_no: Option<&str>,
    now: i64,
) -> QueryResult<Option<OrderRow>> {
    let pending = recharge_orders::table
        .filter(recharge_orders::order_no.eq(order_no))
        .filter(recharge_orders::status.eq(OrderStatus::Pending.as_str()));
    run!(conn, |c| diesel::update(pending)
        .set((
            recharge_orders::status.eq(status.as_str()),
            recharge_orders::provider_trade_no.eq(provider_trade_no),
            recharge_orders::settled_at.eq(now),
        ))
        .returning(OrderRow::as_returning())
        .get_result(c)
        .await
        .optional())
}

/// Claims the right to ask the provider about a pending order: true for one caller per
/// `interval` seconds, so members polling every 2 s do not flood the provider.
pub async fn claim_check(
    conn: &mut Conn<'_>,
    order_no: &str,
    interval: i64,
    now: i64,
) -> QueryResult<bool> {
    let due = recharge_orders::table
        .filter(recharge_orders::order_no.eq(order_no))
        .filter(recharge_orders::status.eq(OrderStatus::Pending.as_str()))
        .filter(recharge_orders::checked_at.le(now - interval));
    let claimed = run!(conn, |c| diesel::update(due)
        .set(recharge_orders::checked_at.eq(now))
        .execute(c)
        .await)?;
    Ok(claimed == 1)
}

/// A page of the member's orders (of one pay method, or all), newest first, and their total.
pub async fn orders_page(
    conn: &mut Conn<'_>,
    user: UserId,
    pay_method: Option<i32>,
    window: PageWindow,
) -> QueryResult<(Vec<OrderRow>, i64)> {
    // A boxed query belongs to one engine, so it is built inside each engine's branch.
    macro_rules! mine {
        () => {{
            let query = recharge_orders::table
                .filter(recharge_orders::user_id.eq(user))
                .into_boxed();
            match pay_method {
                Some(method) => query.filter(recharge_orders::pay_method.eq(method)),
                None => query,
            }
        }};
    }
    run!(conn, |c| {
        let rows = mine!()
            .order(recharge_orders::id.desc())
            .offset(window.offset)
            .limit(window.limit)
            .select(OrderRow::as_select())
            .load(c)
            .await?;
        let total = mine!().count().get_result(c).await?;
        Ok((rows, total))
    })
}

/// Up to `limit` pending orders past their lifetime, oldest first.
pub async fn expired_pending(
    conn: &mut Conn<'_>,
    now: i64,
    limit: i64,
) -> QueryResult<Vec<OrderRow>> {
    run!(conn, |c| recharge_orders::table
        .filter(recharge_orders::status.eq(OrderStatus::Pending.as_str()))
        .filter(recharge_orders::expires_at.le(now))
        .order(recharge_orders::expires_at.asc())
        .limit(limit)
        .select(OrderRow::as_select())
        .load(c)
        .await)
}

/// Records a purchase; false when the member already owns the item (nothing is written).
pub async fn insert_purchase(conn: &mut Conn<'_>, purchase: &NewPurchase<'_>) -> QueryResult<bool> {
    let inserted = run!(conn, |c| diesel::insert_into(purchases::table)
        .values(purchase)
        .on_conflict_do_nothing()
        .execute(c)
        .await)?;
    Ok(inserted == 1)
}

/// Whether anyone bought the item (a sold course is not deleted from under its buyers).
pub async fn sold(conn: &mut Conn<'_>, kind: &str, item_id: i64) -> QueryResult<bool> {
    let found: Option<i64> = run!(conn, |c| purchases::table
        .filter(purchases::item_kind.eq(kind))
        .filter(purchases::item_id.eq(item_id))
        .select(purchases::item_id)
        .first(c)
        .await
        .optional())?;
    Ok(found.is_some())
}

/// Which of `item_ids` (of `kind`) the member owns, in one query.
pub async fn owned(
    conn: &mut Conn<'_>,
    user: UserId,
    kind: &str,
    item_ids: &[i64],
) -> QueryResult<Vec<i64>> {
    if item_ids.is_empty() {
        return Ok(Vec::new());
    }
    let kind = kind.to_owned();
    platform::load_one_of!(
        conn,
        purchases::table,
        purchases::item_id,
        item_ids,
        |rows| rows
            .filter(purchases::user_id.eq(user))
            .filter(purchases::item_kind.eq(kind))
            .select(purchases::item_id)
    )
}
