//! Demo wallets (`xinqiao seed demo`): each member recharged through the sandbox (one
//! payment completed, one failed), unlocked another member's profile with points, and holds
//! the welcome points. Everything goes through the same rules as the API.

use platform::demo::{DemoCast, SeedError};
use platform::module::LocalBoxFuture;
use platform::{AppState, Identity, Role};

use crate::api::{self, Currency, Item};
use crate::model::OrderStatus;
use crate::recharge::{self, RechargeAmount, WECHAT_PAY_METHOD};

/// What the profile crate will charge for opening a protected profile (spec 2, section 9).
const PROFILE_UNLOCK_POINTS: i64 = 10;

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let members: Vec<&Identity> = cast.with_role(Role::User);
        for (index, member) in members.iter().enumerate() {
            let paid = RechargeAmount::parse(WECHAT_PAY_METHOD, 20_000 + 5_000 * index as i64)
                .map_err(SeedError::at("recharge amount"))?;
            let order = recharge::create(state, member.user_id, paid, &state.config.public_url)
                .await
                .map_err(SeedError::at("recharge"))?;
            recharge::credit(state, &order.order_no, order.amount, None)
                .await
                .map_err(SeedError::at("recharge credit"))?;
            let abandoned = RechargeAmount::parse(WECHAT_PAY_METHOD, 5_000)
                .map_err(SeedError::at("recharge amount"))?;
            let failed =
                recharge::create(state, member.user_id, abandoned, &state.config.public_url)
                    .await
                    .map_err(SeedError::at("recharge"))?;
            recharge::settle(state, &failed.order_no, OrderStatus::Failed)
                .await
                .map_err(SeedError::at("failed recharge"))?;
            if let Some(other) = members
                .get((index + 1) % members.len())
                .filter(|o| o.user_id != member.user_id)
            {
                let unlock = Item {
                    kind: "profile_unlock",
                    id: other.user_id.0,
                    price: PROFILE_UNLOCK_POINTS,
                    currency: Currency::Points,
                    detail: "查看模糊资料",
                };
                api::charge(state, member.user_id, unlock)
                    .await
                    .map_err(SeedError::at("profile unlock"))?;
            }
        }
        Ok(())
    })
}
