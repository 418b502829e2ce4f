//! The wallet's settings: which payment provider takes recharges, the welcome gift, and the
//! order lifetimes. Read once at start-up; the provider client is shared by every worker.

use std::sync::Arc;

use platform::AppState;
use platform::config::{Config, ConfigError, Environment, Source};
use platform::settings::Settings;

use crate::ledger::WelcomeGift;
use crate::model::OrderRow;

/// Where recharges are paid.
#[derive(Clone)]
pub enum Provider {
    /// A page of this site confirms or fails the payment; nothing is charged. The embedded
    /// default; production runs it only when `XINQIAO_PAYMENTS_SANDBOX=1` says so.
    Sandbox,
    /// WeChat Pay API v3, Native payment.
    WeChatPay(Arc<wechatpay::Client>),
}

impl Provider {
    /// How orders name the provider they were made with (`recharge_orders.provider`).
    pub fn name(&self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::WeChatPay(_) => "wechatpay",
        }
    }

    /// True when `order` was made with this provider.
    pub(crate) fn made(&self, order: &OrderRow) -> bool {
        order.provider == self.name()
    }

    /// WeChat Pay's client, when it takes payments now and made `order`.
    pub(crate) fn wechat_pay_for(&self, order: &OrderRow) -> Option<&wechatpay::Client> {
        match self {
            Self::WeChatPay(client) if self.made(order) => Some(client),
            _ => None,
        }
    }
}

#[derive(Clone)]
pub struct PaymentSettings {
    pub provider: Provider,
    pub welcome: WelcomeGift,
    /// How long an order can be paid; past it, it is closed and reads as failed.
    pub order_lifetime_seconds: i64,
    /// How often a polled pending order is checked with the provider.
    pub check_interval_seconds: i64,
}

pub const DEFAULT_WELCOME_POINTS: i64 = 100;
pub const ORDER_LIFETIME_SECONDS: i64 = 10 * 60;
pub const CHECK_INTERVAL_SECONDS: i64 = 5;

impl PaymentSettings {
    pub fn sandbox() -> Self {
        Self {
            provider: Provider::Sandbox,
            welcome: WelcomeGift {
                points: DEFAULT_WELCOME_POINTS,
            },
            order_lifetime_seconds: ORDER_LIFETIME_SECONDS,
            check_interval_seconds: CHECK_INTERVAL_SECONDS,
        }
    }

    pub fn from_source(source: &Source, config: &Config) -> Result<Self, ConfigError> {
        let welcome_points = match source.get("XINQIAO_WELCOME_POINTS") {
            None => DEFAULT_WELCOME_POINTS,
            Some(raw) => raw
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|points| (0..=1_000_000).contains(points))
                .ok_or_else(|| {
                    ConfigError::new("XINQIAO_WELCOME_POINTS", "expected 0 to 1000000 points")
                })?,
        };
        let provider = match crate::wechat::settings_from(source)? {
            Some(wechat) => Provider::WeChatPay(Arc::new(wechatpay::Client::new(wechat).map_err(
                |error| ConfigError::new("XINQIAO_WECHATPAY_MCHID", error.to_string()),
            )?)),
            None => {
                let allowed = source
                    .get("XINQIAO_PAYMENTS_SANDBOX")
                    .is_some_and(|v| v.trim() == "1");
                if config.environment == Environment::Production && !allowed {
                    return Err(ConfigError::new(
                        "XINQIAO_WECHATPAY_MCHID",
                        "WeChat Pay is not configured; set it up, or set XINQIAO_PAYMENTS_SANDBOX=1 to take sandbox payments that charge nothing",
                    ));
                }
                Provider::Sandbox
            }
        };
        Ok(Self {
            provider,
            welcome: WelcomeGift {
                points: welcome_points,
            },
            ..Self::sandbox()
        })
    }

    /// The installed section; the sandbox defaults when the module's settings were not read
    /// (a test app without them).
    pub fn of(state: &AppState) -> PaymentSettings {
        state
            .settings
            .get::<PaymentSettings>()
            .cloned()
            .unwrap_or_else(Self::sandbox)
    }
}

pub(crate) fn load(
    source: &Source,
    config: &Config,
    settings: &mut Settings,
) -> Result<(), ConfigError> {
    settings.insert(PaymentSettings::from_source(source, config)?);
    Ok(())
}
