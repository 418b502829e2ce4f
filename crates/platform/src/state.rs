//! What every handler can reach through `web::Data<AppState>`.

use std::sync::Arc;

use crate::auth::{Auth, UserDirectory};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbPool;
use crate::files::{LocalStorage, Storage};
use crate::settings::Settings;

pub struct AppState {
    pub config: Arc<Config>,
    pub db: DbPool,
    pub clock: Arc<dyn Clock>,
    pub auth: Auth,
    pub storage: Arc<dyn Storage>,
    /// The crates' own settings sections and the site features they switched on.
    pub settings: Settings,
}

impl AppState {
    pub fn new(
        config: Config,
        settings: Settings,
        db: DbPool,
        clock: Arc<dyn Clock>,
        directory: Arc<dyn UserDirectory>,
    ) -> Self {
        let auth = Auth::new(
            config.jwt_secret.expose(),
            config.token_ttl_seconds,
            directory,
        );
        let storage = Arc::new(LocalStorage::new(config.data_dir.clone()));
        Self {
            config: Arc::new(config),
            db,
            clock,
            auth,
            storage,
            settings,
        }
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}
