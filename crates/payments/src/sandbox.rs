//! The sandbox provider's payment page: whoever holds the order number (the QR code) may
//! confirm or fail the payment. Nothing is charged; only sandbox orders, and only while the
//! sandbox is the provider.

use platform::AppState;

use crate::dto::SandboxOrder;
use crate::error::PaymentsError;
use crate::model::{OrderRow, OrderStatus};
use crate::recharge::{self, Credited};
use crate::repo;
use crate::settings::{PaymentSettings, Provider};

async fn sandbox_order_row(state: &AppState, order_no: &str) -> Result<OrderRow, PaymentsError> {
    if !matches!(PaymentSettings::of(state).provider, Provider::Sandbox) {
        return Err(PaymentsError::NotASandboxOrder);
    }
    let mut pooled = state.db.get().await?;
    repo::find_order(&mut pooled.conn(), order_no)
        .await?
        .filter(|order| Provider::Sandbox.made(order))
        .ok_or(PaymentsError::NotASandboxOrder)
}

/// What the payment page shows; an order past its lifetime is closed first.
pub async fn order(state: &AppState, order_no: &str) -> Result<SandboxOrder, PaymentsError> {
    let mut order = sandbox_order_row(state, order_no).await?;
    if order.status() == OrderStatus::Pending && state.now() >= order.expires_at {
        recharge::settle(state, order_no, OrderStatus::Failed).await?;
        order = sandbox_order_row(state, order_no).await?;
    }
    Ok(SandboxOrder {
        status: order.status().as_str().to_owned(),
        order_no: order.order_no,
        amount: order.amount,
        expires_at: order.expires_at,
    })
}

/// Pays (`paid`) or fails the pending order; answers its state afterwards. A settled or
/// expired order stays as it is.
pub async fn pay(
    state: &AppState,
    order_no: &str,
    paid: bool,
) -> Result<SandboxOrder, PaymentsError> {
    let current = order(state, order_no).await?;
    if current.status == OrderStatus::Pending.as_str() {
        if paid {
            let credited = recharge::credit(state, order_no, current.amount, None).await?;
            tracing::info!(
                order_no,
                fresh = credited == Credited::Now,
                "sandbox payment"
            );
        } else {
            recharge::settle(state, order_no, OrderStatus::Failed).await?;
        }
    }
    order(state, order_no).await
}
