//! Recharge orders: created for a provider, settled once (completed, rejected or failed),
//! credited to the ledger in the same transaction that settles them.

use platform::db::Conn;
use platform::metrics::Counted;
use platform::rate_limit::{self, Limit};
use platform::{AppState, UserId, transaction};

use crate::dto::CreatedRecharge;
use crate::error::PaymentsError;
use crate::ledger::{self, Movement};
use crate::model::{Currency, NewOrder, OrderRow, OrderStatus, PayType, new_order_no};
use crate::repo;
use crate::settings::{PaymentSettings, Provider};

/// WeChat Pay, the one method (the spec's payMethod 1).
pub const WECHAT_PAY_METHOD: i64 = 1;
pub const MIN_FEN: i64 = 10;
pub const MAX_FEN: i64 = 100_000_000;

/// Each order asks the provider for a QR code; a member has no use for more than this.
const ORDERS_PER_HOUR: Limit = Limit {
    max_hits: 30,
    window_seconds: 3600,
};

const RECHARGE_DESCRIPTION: &str = "心桥余额充值";
const SANDBOX_DETAIL: &str = "沙箱充值（未扣款）";
const WECHAT_DETAIL: &str = "微信支付充值";

/// A recharge the member asked for, within the spec's bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RechargeAmount(i64);

impl RechargeAmount {
    pub fn parse(pay_method: i64, pay_money: i64) -> Result<Self, PaymentsError> {
        if pay_method != WECHAT_PAY_METHOD {
            return Err(PaymentsError::Invalid("请选择支付方式：目前只支持微信支付"));
        }
        if !(MIN_FEN..=MAX_FEN).contains(&pay_money) {
            return Err(PaymentsError::Invalid(
                "充值金额须在 0.1 元到 1000000 元之间",
            ));
        }
        Ok(Self(pay_money))
    }

    pub fn fen(self) -> i64 {
        self.0
    }
}

/// Opens an order with the provider and stores it as pending. `origin` is this site's, for
/// the sandbox's payment page and WeChat Pay's notification address.
pub async fn create(
    state: &AppState,
    user: UserId,
    amount: RechargeAmount,
    origin: &str,
) -> Result<CreatedRecharge, PaymentsError> {
    let settings = PaymentSettings::of(state);
    let now = state.now();
    {
        let mut pooled = state.db.get().await?;
        let bucket = format!("recharge:user:{}", user.0);
        rate_limit::reserve(&mut pooled.conn(), &bucket, ORDERS_PER_HOUR, now).await?;
    }
    // No connection is held while WeChat Pay answers.
    let order_no = new_order_no();
    let expires_at = now + settings.order_lifetime_seconds;
    let url = match &settings.provider {
        Provider::Sandbox => format!("{origin}/recharge/sandbox/{order_no}"),
        Provider::WeChatPay(client) => {
            let notify_url = format!("{origin}/api/v1/recharge/wechatpay/notify");
            let order = wechatpay::NativeOrder {
                out_trade_no: &order_no,
                description: RECHARGE_DESCRIPTION,
                amount_fen: amount.fen(),
                notify_url: &notify_url,
                time_expire_unix: expires_at,
            };
            client.create_native_order(&order).await.map_err(|error| {
                tracing::error!(%error, "WeChat Pay refused to create an order");
                PaymentsError::ProviderUnavailable
            })?
        }
    };
    let mut pooled = state.db.get().await?;
    repo::insert_order(
        &mut pooled.conn(),
        &NewOrder {
            order_no: &order_no,
            user_id: user,
            amount: amount.fen(),
            pay_method: WECHAT_PAY_METHOD as i32,
            provider: settings.provider.name(),
            status: OrderStatus::Pending.as_str(),
            code_url: &url,
            created_at: now,
            expires_at,
        },
    )
    .await?;
    Ok(CreatedRecharge {
        order_no,
        url,
        amount: amount.fen(),
        expires_at,
        sandbox: matches!(settings.provider, Provider::Sandbox),
    })
}

/// The member's own order; anyone else's does not exist for them.
pub async fn own_order(
    conn: &mut Conn<'_>,
    user: UserId,
    order_no: &str,
) -> Result<OrderRow, PaymentsError> {
    repo::find_order(conn, order_no)
        .await?
        .filter(|order| order.user_id == user)
        .ok_or(PaymentsError::OrderNotFound)
}

/// The order's state as the member polls it. A pending order past its lifetime is closed
/// (failed); one still open is checked with WeChat Pay at most every few seconds, so a lost
/// notification does not lose the payment.
pub async fn poll(
    state: &AppState,
    user: UserId,
    order_no: &str,
) -> Result<OrderStatus, PaymentsError> {
    let mut pooled = state.db.get().await?;
    let order = own_order(&mut pooled.conn(), user, order_no).await?;
    if order.status() != OrderStatus::Pending {
        return Ok(order.status());
    }
    let settings = PaymentSettings::of(state);
    let wechat_pay = settings.provider.wechat_pay_for(&order);
    let now = state.now();
    // No connection is held while WeChat Pay answers.
    if now >= order.expires_at {
        drop(pooled);
        expire(state, wechat_pay, &order).await?;
    } else {
        // A sandbox order changes only on its payment page.
        let Some(client) = wechat_pay else {
            return Ok(OrderStatus::Pending);
        };
        let interval = settings.check_interval_seconds;
        if !repo::claim_check(&mut pooled.conn(), order_no, interval, now).await? {
            return Ok(OrderStatus::Pending);
        }
        drop(pooled);
        settle_from_provider(state, client, &order).await?;
    }
    let mut pooled = state.db.get().await?;
    Ok(own_order(&mut pooled.conn(), user, order_no)
        .await?
        .status())
}

/// Asks WeChat Pay about the order and settles it when the answer is final.
async fn settle_from_provider(
    state: &AppState,
    client: &wechatpay::Client,
    order: &OrderRow,
) -> Result<(), PaymentsError> {
    match client.query_order(&order.order_no).await {
        Ok(wechatpay::TradeState::Paid(trade)) => {
            credit(
                state,
                &trade.out_trade_no,
                trade.amount_fen,
                Some(&trade.transaction_id),
            )
            .await?;
        }
        Ok(wechatpay::TradeState::Closed) => {
            settle(state, &order.order_no, OrderStatus::Failed).await?;
        }
        Ok(wechatpay::TradeState::NotPaid | wechatpay::TradeState::Refunded) => {}
        // The member keeps polling; the next check or the notification will tell.
        Err(error) => {
            tracing::warn!(%error, order_no = %order.order_no, "WeChat Pay order query failed")
        }
    }
    Ok(())
}

/// Closes an order past its lifetime: with WeChat Pay, a payment made at the last moment is
/// credited rather than closed.
async fn expire(
    state: &AppState,
    wechat_pay: Option<&wechatpay::Client>,
    order: &OrderRow,
) -> Result<(), PaymentsError> {
    if let Some(client) = wechat_pay {
        settle_from_provider(state, client, order).await?;
        if let Err(error) = client.close_order(&order.order_no).await {
            tracing::warn!(%error, order_no = %order.order_no, "WeChat Pay close failed; the order is failed here anyway");
        }
    }
    settle(state, &order.order_no, OrderStatus::Failed).await
}

/// How recharges end, for `/metrics`: completed (credited), failed (closed, expired) or
/// rejected, and paid amounts that did not match their order.
static RECHARGE_OUTCOMES: Counted = Counted {
    name: "recharge_outcomes",
    help: "Recharge orders settled on this gateway, by outcome",
    label: "outcome",
};

/// Moves a pending order to a final state without money (rejected or failed).
pub async fn settle(
    state: &AppState,
    order_no: &str,
    status: OrderStatus,
) -> Result<(), PaymentsError> {
    let mut pooled = state.db.get().await?;
    let settled =
        repo::settle_order(&mut pooled.conn(), order_no, status, None, state.now()).await?;
    if settled.is_some() {
        state.metrics.count(&RECHARGE_OUTCOMES, status.as_str());
    }
    Ok(())
}

/// What a credit did.
#[derive(Debug, PartialEq, Eq)]
pub enum Credited {
    /// The order was pending and is now completed, its amount in the ledger.
    Now,
    /// It was settled before (a repeated notification, a poll that got there first).
    Already,
}

/// Credits a paid order exactly once: the order moves from pending to completed and its
/// amount enters the ledger in one transaction. A paid amount other than the order's changes
/// nothing.
pub async fn credit(
    state: &AppState,
    order_no: &str,
    paid_fen: i64,
    provider_trade_no: Option<&str>,
) -> Result<Credited, PaymentsError> {
    let settings = PaymentSettings::of(state);
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let order = repo::find_order(conn, order_no)
        .await?
        .ok_or(PaymentsError::OrderNotFound)?;
    if order.amount != paid_fen {
        state.metrics.count(&RECHARGE_OUTCOMES, "amount_mismatch");
        return Err(PaymentsError::AmountMismatch);
    }
    let detail = if Provider::Sandbox.made(&order) {
        SANDBOX_DETAIL
    } else {
        WECHAT_DETAIL
    };
    let credited = transaction!(conn, |tx| {
        let Some(order) =
            repo::settle_order(tx, order_no, OrderStatus::Completed, provider_trade_no, now)
                .await?
        else {
            return Ok(Credited::Already);
        };
        ledger::open_accounts(tx, order.user_id, settings.welcome, now).await?;
        let movement = Movement {
            user: order.user_id,
            currency: Currency::Cny,
            amount: order.amount,
            pay_type: PayType::Recharge,
            order_no,
            detail,
        };
        ledger::record(tx, &movement, now).await?;
        Ok::<_, PaymentsError>(Credited::Now)
    })?;
    if credited == Credited::Now {
        state
            .metrics
            .count(&RECHARGE_OUTCOMES, OrderStatus::Completed.as_str());
    }
    Ok(credited)
}

/// Closes every pending order past its lifetime (the members who left without paying).
pub async fn expire_overdue(state: &AppState) -> Result<usize, PaymentsError> {
    let settings = PaymentSettings::of(state);
    let overdue = {
        let mut pooled = state.db.get().await?;
        repo::expired_pending(&mut pooled.conn(), state.now(), 500).await?
    };
    for order in &overdue {
        expire(state, settings.provider.wechat_pay_for(order), order).await?;
    }
    Ok(overdue.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_amount_is_ten_fen_to_a_million_yuan_by_wechat_pay() {
        assert_eq!(
            RechargeAmount::parse(1, 10).map(RechargeAmount::fen).ok(),
            Some(10)
        );
        assert_eq!(
            RechargeAmount::parse(1, MAX_FEN)
                .map(RechargeAmount::fen)
                .ok(),
            Some(MAX_FEN)
        );
        for (method, fen) in [
            (1, 9),
            (1, MAX_FEN + 1),
            (1, 0),
            (1, -100),
            (2, 100),
            (0, 100),
        ] {
            assert!(
                RechargeAmount::parse(method, fen).is_err(),
                "{method} {fen}"
            );
        }
    }
}
