//! What operators and load balancers read: liveness that never touches the database,
//! readiness that does, and `/metrics` for the bearer of the configured token alone.

// Unwrapping is how a test says "this must hold"; the lint guards production code.
#![allow(clippy::unwrap_used)]

use std::sync::Arc;

use actix_web::test::{TestRequest, call_service, init_service, read_body};
use actix_web::web;
use futures_util::future::BoxFuture;
use platform::auth::{SessionState, UserDirectory};
use platform::clock::ManualClock;
use platform::config::{Config, DatabaseUrl, Secret};
use platform::db::{DbError, DbPool};
use platform::http::{Routes, app};
use platform::module::SITE;
use platform::settings::Settings;
use platform::testkit::{Engine, TestDatabase};
use platform::{AppState, UserId};

const TOKEN: &str = "metrics-token-metrics-token-metrics";

/// Nobody is signed in on these calls.
struct NoMembers;

impl UserDirectory for NoMembers {
    fn session_state(&self, _: UserId) -> BoxFuture<'_, Result<Option<SessionState>, DbError>> {
        Box::pin(async { Ok(None) })
    }
}

fn state(config: Config, pool: DbPool) -> web::Data<AppState> {
    web::Data::new(
        AppState::new(
            config,
            Settings::default(),
            pool,
            Arc::new(ManualClock::starting_at(1_700_000_000)),
            Arc::new(NoMembers),
        )
        .unwrap(),
    )
}

/// GETs `$path` from `$service` (bearing `$token`, an `Option<&str>`): status and body.
macro_rules! get {
    ($service:expr, $path:expr, $token:expr) => {{
        let mut request = TestRequest::get().uri($path);
        let token: Option<&str> = $token;
        if let Some(token) = token {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        let response = call_service(&$service, request.to_request()).await;
        let status = response.status().as_u16();
        let body = read_body(response).await;
        (status, String::from_utf8(body.to_vec()).unwrap())
    }};
}

#[actix_web::test]
async fn a_gateway_without_its_database_is_alive_but_not_ready() {
    let dir = tempfile::tempdir().unwrap();
    // Nothing listens on port 1: every connection is refused at once.
    let url = DatabaseUrl::Postgres("postgres://xinqiao@127.0.0.1:1/none".into());
    let pool = DbPool::connect(&url, 1).unwrap();
    let config = Config::for_tests(url, dir.path().to_owned());
    let service = init_service(app(state(config, pool), Routes::new(&[SITE]), |_| {})).await;

    let (status, body) = get!(service, "/api/v1/health", None);
    assert_eq!(status, 200, "{body}");
    let (status, body) = get!(service, "/api/v1/health/ready", None);
    assert_eq!(status, 503, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(answer["code"], 503);
    assert_eq!(answer["message"], "数据库暂时无法访问");
}

#[actix_web::test]
async fn metrics_answer_the_operators_token_alone_and_count_requests_by_route() {
    for engine in [Engine::Sqlite, Engine::Postgres] {
        let Some(database) = TestDatabase::create(engine).await else {
            eprintln!("skipped {engine:?}: XINQIAO_TEST_POSTGRES_URL is not set");
            continue;
        };
        let data = tempfile::tempdir().unwrap();
        let mut config = Config::for_tests(database.url().clone(), data.path().into());
        config.metrics_token = Some(Secret::new(TOKEN));
        let state = state(config, database.migrated_pool());
        let service = init_service(app(state, Routes::new(&[SITE]), |_| {})).await;

        let (status, body) = get!(service, "/api/v1/health/ready", None);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("\"ready\""), "{body}");
        for _ in 0..2 {
            get!(service, "/api/v1/health", None);
        }
        get!(service, "/api/v1/no-such-call", None);

        for refused in [None, Some("metrics-token-metrics-token-metricz"), Some("")] {
            let (status, body) = get!(service, "/metrics", refused);
            assert_eq!(status, 401, "{refused:?}");
            assert!(!body.contains("xinqiao_"), "{body}");
        }
        let (status, text) = get!(service, "/metrics", Some(TOKEN));
        assert_eq!(status, 200, "{text}");
        for line in [
            "xinqiao_http_requests_total{route=\"/api/v1/health\",method=\"GET\",status=\"200\"} 2",
            "xinqiao_http_requests_total{route=\"/api/v1/health/ready\",method=\"GET\",status=\"200\"} 1",
            "xinqiao_http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"} 1",
            "xinqiao_http_request_duration_seconds_count{route=\"/api/v1/health\",method=\"GET\"} 2",
        ] {
            assert!(text.contains(line), "{line} not in\n{text}");
        }
        // The test kit's pools hold 4; PostgreSQL has one for each worker and the main thread,
        // and each of those threads one connection more that its reads share.
        let max = match engine {
            Engine::Sqlite => 4,
            Engine::Postgres => {
                5 * (std::thread::available_parallelism().map_or(2, usize::from) + 1)
            }
        };
        let line = format!("xinqiao_db_pool_max_connections {max}");
        assert!(text.contains(&line), "{line} not in\n{text}");
        assert!(
            text.contains(
                "xinqiao_http_requests_total{route=\"/metrics\",method=\"GET\",status=\"401\"} 3"
            ),
            "the refused scrapes count too:\n{text}"
        );
    }
}

#[actix_web::test]
async fn without_a_token_there_is_no_metrics_endpoint() {
    let database = TestDatabase::create(Engine::Sqlite).await.unwrap();
    let data = tempfile::tempdir().unwrap();
    let config = Config::for_tests(database.url().clone(), data.path().into());
    let state = state(config, database.migrated_pool());
    let service = init_service(app(state, Routes::new(&[SITE]), |_| {})).await;
    get!(service, "/api/v1/health", None);
    let (status, body) = get!(service, "/metrics", Some(TOKEN));
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains("xinqiao_"), "{body}");
}
