//! What a member reads of their wallet: balances, the ledger, their recharge orders.

use platform::paging::PageWindow;
use platform::{AppState, UserId, transaction};

use crate::dto::{BalanceEntry, RechargeOrderItem, TransactionItem};
use crate::error::PaymentsError;
use crate::ledger;
use crate::model::Currency;
use crate::repo::{self, TransactionFilter};
use crate::settings::PaymentSettings;

/// The member's balances, CNY first. A member seen here for the first time has their
/// accounts opened (and the welcome points given) first.
pub async fn balances(state: &AppState, user: UserId) -> Result<Vec<BalanceEntry>, PaymentsError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let mut accounts = repo::accounts(conn, user).await?;
    if accounts.len() < Currency::ALL.len() {
        let settings = PaymentSettings::of(state);
        let now = state.now();
        transaction!(conn, |tx| ledger::open_accounts(
            tx,
            user,
            settings.welcome,
            now
        )
        .await)?;
        accounts = repo::accounts(conn, user).await?;
    }
    Ok(Currency::ALL
        .iter()
        .map(|currency| BalanceEntry {
            currency_code: currency.code().to_owned(),
            balance: accounts
                .iter()
                .find(|(code, _)| code == currency.code())
                .map_or(0, |(_, balance)| *balance),
        })
        .collect())
}

pub async fn transactions(
    state: &AppState,
    user: UserId,
    filter: &TransactionFilter<'_>,
    window: PageWindow,
) -> Result<(Vec<TransactionItem>, i64), PaymentsError> {
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::transactions_page(&mut pooled.conn(), user, filter, window).await?;
    let items = rows
        .into_iter()
        .map(|row| TransactionItem {
            created_at: row.created_at,
            pay_type: row.pay_type,
            order_no: row.order_no,
            detail: row.detail,
            amount: row.amount,
            balance: row.balance,
            currency_code: row.currency,
        })
        .collect();
    Ok((items, total))
}

/// The member's recharge orders; `pay_method` 0 (or none) lists every method.
pub async fn orders(
    state: &AppState,
    user: UserId,
    pay_method: Option<i64>,
    window: PageWindow,
) -> Result<(Vec<RechargeOrderItem>, i64), PaymentsError> {
    let method = match pay_method.filter(|method| *method != 0) {
        None => None,
        Some(method) => {
            Some(i32::try_from(method).map_err(|_| PaymentsError::Invalid("支付方式无效"))?)
        }
    };
    let mut pooled = state.db.get().await?;
    let (rows, total) = repo::orders_page(&mut pooled.conn(), user, method, window).await?;
    let items = rows
        .into_iter()
        .map(|row| RechargeOrderItem {
            status: row.status().as_str().to_owned(),
            order_no: row.order_no,
            amount: row.amount,
            pay_method: i64::from(row.pay_method),
            created_at: row.created_at,
        })
        .collect();
    Ok((items, total))
}
