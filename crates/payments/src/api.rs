//! What other crates call: charge a member for an item, ask what they own, give points.

use std::collections::HashSet;

use platform::db::Conn;
use platform::{AppState, UserId, transaction};

pub use crate::error::PaymentsError;
use crate::ledger::{self, Movement};
pub use crate::model::Currency;
use crate::model::{NewPurchase, PayType, new_order_no};
use crate::repo;
use crate::settings::PaymentSettings;

/// Something a member can buy once: an assessment, a course, a profile unlock.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    /// The selling crate's name for the kind ("exam", "course", "profile_unlock").
    pub kind: &'a str,
    pub id: i64,
    /// In the currency's unit (fen or points); 0 for a free item, which is recorded as owned
    /// without a ledger row.
    pub price: i64,
    pub currency: Currency,
    /// The ledger row's detail, as the member reads it in their bill.
    pub detail: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub order_no: String,
    /// The balance in the item's currency after the charge.
    pub balance: i64,
}

/// Charges `user` for `item` in a transaction of its own. See [`charge_in`].
pub async fn charge(
    state: &AppState,
    user: UserId,
    item: Item<'_>,
) -> Result<Receipt, PaymentsError> {
    let settings = PaymentSettings::of(state);
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| charge_in(tx, &settings, user, item, now).await)
}

/// Charges `user` for `item` inside the caller's transaction (so the seller's own record of
/// the sale commits or rolls back with the money): the item becomes owned and the price
/// leaves the balance, or nothing happens and the answer is `AlreadyOwned` (never charged
/// twice) or `InsufficientBalance` (HTTP 402, with what is needed and what there is).
pub async fn charge_in(
    tx: &mut Conn<'_>,
    settings: &PaymentSettings,
    user: UserId,
    item: Item<'_>,
    now: i64,
) -> Result<Receipt, PaymentsError> {
    if item.price < 0 {
        return Err(PaymentsError::Invalid("价格不能为负"));
    }
    ledger::open_accounts(tx, user, settings.welcome, now).await?;
    let order_no = new_order_no();
    let purchase = NewPurchase {
        user_id: user,
        item_kind: item.kind,
        item_id: item.id,
        currency: item.currency.code(),
        price: item.price,
        order_no: &order_no,
        created_at: now,
    };
    if !repo::insert_purchase(tx, &purchase).await? {
        return Err(PaymentsError::AlreadyOwned);
    }
    let balance = if item.price == 0 {
        repo::balance(tx, user, item.currency).await?
    } else {
        let movement = Movement {
            user,
            currency: item.currency,
            amount: -item.price,
            pay_type: PayType::Usage,
            order_no: &order_no,
            detail: item.detail,
        };
        ledger::record(tx, &movement, now).await?
    };
    Ok(Receipt { order_no, balance })
}

/// Which of `item_ids` of `kind` the member owns, in one query.
pub async fn owned(
    conn: &mut Conn<'_>,
    user: UserId,
    kind: &str,
    item_ids: &[i64],
) -> Result<HashSet<i64>, PaymentsError> {
    Ok(repo::owned(conn, user, kind, item_ids)
        .await?
        .into_iter()
        .collect())
}

/// Whether any member bought `item_id` of `kind`.
pub async fn sold(conn: &mut Conn<'_>, kind: &str, item_id: i64) -> Result<bool, PaymentsError> {
    Ok(repo::sold(conn, kind, item_id).await?)
}

/// Gives a member points or money from the site (an admin's gift), as a Gift ledger row.
pub async fn gift(
    state: &AppState,
    user: UserId,
    currency: Currency,
    amount: i64,
    detail: &str,
) -> Result<i64, PaymentsError> {
    if amount <= 0 {
        return Err(PaymentsError::Invalid("赠送数量必须大于 0"));
    }
    let settings = PaymentSettings::of(state);
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let order_no = new_order_no();
    transaction!(conn, |tx| {
        ledger::open_accounts(tx, user, settings.welcome, now).await?;
        let movement = Movement {
            user,
            currency,
            amount,
            pay_type: PayType::Gift,
            order_no: &order_no,
            detail,
        };
        ledger::record(tx, &movement, now).await
    })
}

/// The member's balance in `currency` and the sum of their ledger rows in it; the two are
/// equal unless money moved outside the ledger (for audits and tests).
pub async fn balance_and_ledger_sum(
    state: &AppState,
    user: UserId,
    currency: Currency,
) -> Result<(i64, i64), PaymentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let balance = repo::balance(conn, user, currency).await?;
    let sum = repo::ledger_sum(conn, user, currency).await?;
    Ok((balance, sum))
}
