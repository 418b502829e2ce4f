//! The wallet: balances in fen (CNY) and points, changed only through an append-only ledger;
//! recharge orders paid by WeChat Pay or, as the embedded default, a sandbox that charges
//! nothing; and the purchases other crates make through [`api`].

pub mod api;
mod demo;
mod dto;
mod error;
mod http;
mod ledger;
mod member_data;
mod model;
mod recharge;
mod repo;
mod sandbox;
mod schema;
pub mod settings;
mod wallet;
mod wechat;

use platform::module::{LocalBoxFuture, Module};
use platform::{ApiError, AppState};

/// The wallet; closes abandoned orders hourly; demo members get balances and bills; the
/// member's export holds their books.
pub const MODULE: Module = Module::new("payments", http::configure)
    .with_settings(settings::load)
    .with_maintenance(close_abandoned_orders)
    .with_demo_seed(demo::seed)
    .with_member_data(member_data::export, member_data::erase);

fn close_abandoned_orders(state: &AppState) -> LocalBoxFuture<'_, Result<(), ApiError>> {
    Box::pin(async move {
        recharge::expire_overdue(state).await?;
        Ok(())
    })
}
