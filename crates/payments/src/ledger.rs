//! The only code that changes a balance: each movement appends its ledger row in the same
//! transaction, with the balance it left.

use platform::UserId;
use platform::db::Conn;

use crate::error::PaymentsError;
use crate::model::{Currency, NewTransaction, PayType, new_order_no};
use crate::repo;

/// One change to one balance.
pub struct Movement<'a> {
    pub user: UserId,
    pub currency: Currency,
    /// Signed: positive pays in, negative takes out.
    pub amount: i64,
    pub pay_type: PayType,
    pub order_no: &'a str,
    pub detail: &'a str,
}

/// What the points account starts with (the spec's welcome gift; configurable).
#[derive(Debug, Clone, Copy)]
pub struct WelcomeGift {
    pub points: i64,
}

pub const WELCOME_DETAIL: &str = "新会员欢迎积分";

/// Opens the member's accounts that are missing; a points account opened here receives the
/// welcome gift. Runs inside the caller's transaction.
pub async fn open_accounts(
    tx: &mut Conn<'_>,
    user: UserId,
    welcome: WelcomeGift,
    now: i64,
) -> Result<(), PaymentsError> {
    for currency in Currency::ALL {
        let opened = repo::open_account(tx, user, currency).await?;
        if opened && currency == Currency::Points && welcome.points > 0 {
            let order_no = new_order_no();
            let movement = Movement {
                user,
                currency,
                amount: welcome.points,
                pay_type: PayType::Gift,
                order_no: &order_no,
                detail: WELCOME_DETAIL,
            };
            record(tx, &movement, now).await?;
        }
    }
    Ok(())
}

/// Applies the movement and appends its ledger row; answers the balance after it. Runs
/// inside the caller's transaction, after [`open_accounts`]; a movement that would take the
/// balance below zero changes nothing and answers `InsufficientBalance`.
pub async fn record(
    tx: &mut Conn<'_>,
    movement: &Movement<'_>,
    now: i64,
) -> Result<i64, PaymentsError> {
    let Some(balance) = repo::apply(tx, movement.user, movement.currency, movement.amount).await?
    else {
        let have = repo::balance(tx, movement.user, movement.currency).await?;
        return Err(PaymentsError::InsufficientBalance {
            currency: movement.currency,
            need: -movement.amount,
            have,
        });
    };
    repo::insert_transaction(
        tx,
        &NewTransaction {
            user_id: movement.user,
            currency: movement.currency.code(),
            pay_type: movement.pay_type.as_str(),
            order_no: movement.order_no,
            detail: movement.detail,
            amount: movement.amount,
            balance,
            created_at: now,
        },
    )
    .await?;
    Ok(balance)
}
