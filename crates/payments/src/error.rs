//! What can go wrong with the wallet, and the HTTP answer each gets.

use platform::ApiError;

use crate::model::Currency;

#[derive(Debug, thiserror::Error)]
pub enum PaymentsError {
    #[error("{0}")]
    Invalid(&'static str),
    /// The spec's text (spec 2, section 5), with what the item needs and what the member has.
    #[error("{}", insufficient_text(*currency, *need, *have))]
    InsufficientBalance {
        currency: Currency,
        need: i64,
        have: i64,
    },
    #[error("订单不存在")]
    OrderNotFound,
    #[error("已购买，无需重复购买")]
    AlreadyOwned,
    #[error("支付金额与订单金额不符")]
    AmountMismatch,
    #[error("该订单不能在沙箱中支付")]
    NotASandboxOrder,
    #[error("支付通道暂时不可用，请稍后再试")]
    ProviderUnavailable,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

fn insufficient_text(currency: Currency, need: i64, have: i64) -> String {
    match currency {
        Currency::Cny => format!(
            "余额不足，需要 {}，当前余额 {}，请先充值",
            currency.display(need),
            currency.display(have)
        ),
        Currency::Points => format!(
            "积分不足，需要 {}，当前 {}",
            currency.display(need),
            currency.display(have)
        ),
    }
}

platform::api_errors!(PaymentsError {
    PaymentsError::Invalid(_) => bad_request,
    PaymentsError::InsufficientBalance { .. } => payment_required,
    PaymentsError::OrderNotFound => not_found,
    PaymentsError::AlreadyOwned => conflict,
    PaymentsError::NotASandboxOrder => not_found,
    PaymentsError::AmountMismatch => bad_request,
    PaymentsError::ProviderUnavailable => upstream,
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insufficient_balance_says_what_is_needed_and_what_there_is() {
        let error = PaymentsError::InsufficientBalance {
            currency: Currency::Cny,
            need: 990,
            have: 5,
        };
        assert_eq!(
            error.to_string(),
            "余额不足，需要 ¥9.90，当前余额 ¥0.05，请先充值"
        );
        assert_eq!(ApiError::from(error).code(), 402);
        let points = PaymentsError::InsufficientBalance {
            currency: Currency::Points,
            need: 10,
            have: 3,
        };
        assert_eq!(points.to_string(), "积分不足，需要 10 积分，当前 3 积分");
    }
}
