//! The maps service behind the profile's city picker (AMap JS API): its key and security code
//! come from configuration and reach the browser, which loads the API with them. Without a
//! key the picker is hidden.

use actix_web::{get, web};
use platform::config::{Config, ConfigError, Source};
use platform::settings::Settings;
use platform::{ApiResult, AppState, Envelope, ok};
use serde::Serialize;
use utoipa::ToSchema;

const KEY_VAR: &str = "XINQIAO_AMAP_KEY";
const SECURITY_CODE_VAR: &str = "XINQIAO_AMAP_SECURITY_CODE";

/// The AMap web key and its security code (both shown to browsers by design: AMap checks the
/// key against the domains registered for it).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapConfig {
    /// Empty when no maps service is configured.
    pub amap_key: String,
    pub amap_security_code: String,
}

pub fn load(source: &Source, _config: &Config, settings: &mut Settings) -> Result<(), ConfigError> {
    let read = |var: &'static str| {
        source
            .get(var)
            .map(|value| value.trim().to_owned())
            .unwrap_or_default()
    };
    let map = MapConfig {
        amap_key: read(KEY_VAR),
        amap_security_code: read(SECURITY_CODE_VAR),
    };
    if map.amap_key.is_empty() != map.amap_security_code.is_empty() {
        return Err(ConfigError::new(
            if map.amap_key.is_empty() {
                KEY_VAR
            } else {
                SECURITY_CODE_VAR
            },
            "set both the AMap key and its security code, or neither",
        ));
    }
    if !map.amap_key.is_empty() {
        // The JS API, its data calls and its map tiles.
        settings
            .outside_origins
            .extend(["https://*.amap.com", "https://*.autonavi.com"]);
    }
    settings.insert(map);
    Ok(())
}

/// The maps service the city picker loads; empty values when none is configured.
#[utoipa::path(
    tag = "profile",
    operation_id = "get_map_config",
    responses((status = 200, body = Envelope<MapConfig>))
)]
#[get("/map/config")]
pub async fn get_map_config(state: web::Data<AppState>) -> ApiResult<MapConfig> {
    ok(state
        .settings
        .get::<MapConfig>()
        .cloned()
        .unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loaded(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let config = Config::for_tests(
            platform::config::DatabaseUrl::parse("sqlite://:memory:").expect("url"),
            std::env::temp_dir(),
        );
        let mut settings = Settings::default();
        load(&Source::from_pairs(pairs), &config, &mut settings).map(|()| settings)
    }

    #[test]
    fn a_configured_map_is_served_and_allowed_by_the_policy() {
        let settings =
            loaded(&[("amap_key", "key-1"), ("amap_security_code", "code-1")]).expect("loaded");
        let map = settings.get::<MapConfig>().expect("stored");
        assert_eq!(
            (map.amap_key.as_str(), map.amap_security_code.as_str()),
            ("key-1", "code-1")
        );
        assert!(settings.outside_origins.contains(&"https://*.amap.com"));

        let without = loaded(&[]).expect("loaded");
        assert!(
            without
                .get::<MapConfig>()
                .expect("stored")
                .amap_key
                .is_empty()
        );
        assert!(without.outside_origins.is_empty());
    }

    #[test]
    fn a_key_without_its_security_code_names_the_missing_variable() {
        let Err(error) = loaded(&[("amap_key", "key-1")]) else {
            panic!("a key alone was accepted");
        };
        assert!(error.to_string().contains(SECURITY_CODE_VAR), "{error}");
    }
}
