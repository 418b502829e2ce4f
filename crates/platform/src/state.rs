//! What every handler can reach through `web::Data<AppState>`.

use std::sync::Arc;

use crate::auth::{Auth, UserDirectory};
use crate::clock::Clock;
use crate::config::Config;
use crate::db::DbPool;
use crate::files::{LocalStorage, Storage};

/// Which optional sign-in flows this deployment has configured; the web app hides the links
/// of the others.
#[derive(Debug, Clone, Copy)]
pub struct SiteFeatures {
    pub wechat_open_login: bool,
    pub wechat_official_login: bool,
}

pub struct AppState {
    pub config: Arc<Config>,
    pub db: DbPool,
    pub clock: Arc<dyn Clock>,
    pub auth: Auth,
    pub storage: Arc<dyn Storage>,
    pub features: SiteFeatures,
}

impl AppState {
    pub fn new(
        config: Config,
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
        let features = SiteFeatures {
            wechat_open_login: config.wechat.open.is_some(),
            wechat_official_login: config.wechat.official.is_some(),
        };
        Self {
            config: Arc::new(config),
            db,
            clock,
            auth,
            storage,
            features,
        }
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}
