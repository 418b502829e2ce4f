//! Black-box API tests: a real application over a fresh database of either engine, driven
//! through HTTP requests as a client would send them.
//!
//! SQLite always runs (a temp file). PostgreSQL runs when `XINQIAO_TEST_POSTGRES_URL` is set,
//! in a schema of its own per test; with `XINQIAO_TEST_POSTGRES_REQUIRED` set as well (as
//! `make test` does), a missing URL fails the test instead of skipping it.

pub mod bucket;
pub mod images;

use std::rc::Rc;
use std::sync::Arc;

use actix_web::body::BoxBody;
use actix_web::dev::ServiceResponse;
use actix_web::http::header::HeaderMap;
use actix_web::test::TestRequest;
use actix_web::web;
use futures_util::future::LocalBoxFuture;
use serde_json::Value;

use crate::auth::UserDirectory;
use crate::clock::ManualClock;
use crate::config::Source;
use crate::config::{Config, DatabaseUrl};
use crate::db::DbPool;
use crate::http::{Routes, app};
use crate::module::{Module, load_settings};
use crate::settings::Settings;
use crate::state::AppState;

/// A user directory for the platform's own tests, which cannot use the accounts crate's: every
/// id is a member whose tokens are valid.
pub struct EveryIdIsAMember;

impl UserDirectory for EveryIdIsAMember {
    fn session_state(
        &self,
        _: crate::ids::UserId,
    ) -> futures_util::future::BoxFuture<
        '_,
        Result<Option<crate::auth::SessionState>, crate::db::DbError>,
    > {
        Box::pin(async {
            Ok(Some(crate::auth::SessionState {
                token_version: 0,
                role: crate::auth::Role::User,
            }))
        })
    }
}

/// 2026-01-01T00:00:00Z; tests start here and move the clock themselves.
pub const TEST_EPOCH: i64 = 1_767_225_600;
pub const CAPTCHA_BYPASS: &str = "pass-4-tests";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

type Call = Box<dyn Fn(TestRequest) -> LocalBoxFuture<'static, ServiceResponse<BoxBody>>>;

pub struct TestApp {
    pub state: web::Data<AppState>,
    pub clock: ManualClock,
    routes: Routes,
    call: Call,
    modules: &'static [Module],
    database: Arc<TestDatabase>,
}

pub struct TestResponse {
    pub status: u16,
    pub headers: HeaderMap,
    /// The JSON body, or `Value::Null` when the body is not JSON.
    pub json: Value,
    pub bytes: Vec<u8>,
}

impl TestResponse {
    pub fn code(&self) -> i64 {
        self.json["code"].as_i64().unwrap_or_default()
    }
    pub fn message(&self) -> &str {
        self.json["message"].as_str().unwrap_or_default()
    }
    pub fn data(&self) -> &Value {
        &self.json["data"]
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

impl TestApp {
    /// A fresh application of `modules` on `engine`, or `None` when PostgreSQL is not
    /// configured for tests. The modules' settings are their defaults (no source), which
    /// `adjust` may change; `directory` builds the user directory (the accounts crate's) over
    /// the test database.
    pub async fn spawn(
        engine: Engine,
        modules: &'static [Module],
        directory: impl FnOnce(DbPool) -> Arc<dyn UserDirectory>,
        adjust: impl FnOnce(&mut Config, &mut Settings),
    ) -> Option<Self> {
        let database = Arc::new(TestDatabase::create(engine).await?);
        let pool = database.migrated_pool();
        let clock = ManualClock::starting_at(TEST_EPOCH);
        Some(Self::start(database, pool, clock, modules, directory, adjust).await)
    }

    /// A second gateway on this application's database and clock, as another process would
    /// run: its own pool, settings and process-wide state (caches, indexes, hubs).
    pub async fn another_gateway(
        &self,
        directory: impl FnOnce(DbPool) -> Arc<dyn UserDirectory>,
    ) -> Self {
        let pool = DbPool::connect(&self.database.url, 4).expect("pool");
        let database = self.database.clone();
        Self::start(
            database,
            pool,
            self.clock.clone(),
            self.modules,
            directory,
            |_, _| {},
        )
        .await
    }

    async fn start(
        database: Arc<TestDatabase>,
        pool: DbPool,
        clock: ManualClock,
        modules: &'static [Module],
        directory: impl FnOnce(DbPool) -> Arc<dyn UserDirectory>,
        adjust: impl FnOnce(&mut Config, &mut Settings),
    ) -> Self {
        let mut config = Config::for_tests(database.url.clone(), database.dir.path().join("data"));
        config.captcha_bypass = Some(crate::config::Secret::new(CAPTCHA_BYPASS));
        let mut settings = load_settings(modules, &Source::from_pairs(&[]), &config)
            .expect("the modules' default settings");
        adjust(&mut config, &mut settings);
        let state = web::Data::new(
            AppState::new(
                config,
                settings,
                pool.clone(),
                Arc::new(clock.clone()),
                directory(pool),
            )
            .expect("the test configuration makes a state"),
        );
        let routes = Routes::new(modules);
        let service = Rc::new(
            actix_web::test::init_service(app(state.clone(), routes.clone(), |_| {})).await,
        );
        let call: Call = Box::new(move |request| {
            let service = service.clone();
            Box::pin(async move {
                actix_web::test::call_service(&*service, request.to_request())
                    .await
                    .map_into_boxed_body()
            })
        });
        Self {
            state,
            clock,
            routes,
            call,
            modules,
            database,
        }
    }

    pub async fn send(&self, request: TestRequest) -> TestResponse {
        let response = (self.call)(request).await;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        // Reads streamed bodies (served files) as well as buffered ones.
        let bytes = actix_web::test::read_body(response).await.to_vec();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        TestResponse {
            status,
            headers,
            json,
            bytes,
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> TestResponse {
        self.send(with_token(TestRequest::get().uri(path), token))
            .await
    }

    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> TestResponse {
        self.send(with_token(
            TestRequest::post().uri(path).set_json(body),
            token,
        ))
        .await
    }

    /// Posts `bytes` as the multipart form's one `file` field, as the web client uploads.
    pub async fn upload(&self, path: &str, bytes: &[u8], token: Option<&str>) -> TestResponse {
        let boundary = "----xinqiao-test-boundary";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let request = TestRequest::post()
            .uri(path)
            .insert_header((
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            ))
            .set_payload(body);
        self.send(with_token(request, token)).await
    }
}

/// A real HTTP server over a test application's state: `workers` actix workers, each
/// building its own `App` as in production, listening on a loopback port. For the tests
/// where per-worker state would show (process-wide state must be created once, outside the
/// factory). Stops when dropped.
pub struct TestServer {
    pub base_url: String,
    handle: actix_web::dev::ServerHandle,
}

impl TestApp {
    /// Starts a [`TestServer`] over this application's state and routes.
    pub fn serve(&self, workers: usize) -> TestServer {
        let (state, routes) = (self.state.clone(), self.routes.clone());
        let server = actix_web::HttpServer::new(move || app(state.clone(), routes.clone(), |_| {}))
            .workers(workers)
            .disable_signals()
            .bind(("127.0.0.1", 0))
            .expect("bind a loopback port");
        let address = server.addrs()[0];
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        TestServer {
            base_url: format!("http://{address}"),
            handle,
        }
    }
}

impl TestServer {
    /// A client that opens a new connection for every request, so that successive requests
    /// are spread over the workers (a kept-alive connection stays with one worker).
    pub fn client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .pool_max_idle_per_host(0)
            .no_proxy()
            .build()
            .expect("http client")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        let stopping = self.handle.stop(false);
        actix_web::rt::spawn(stopping);
    }
}

pub fn with_token(request: TestRequest, token: Option<&str>) -> TestRequest {
    match token {
        Some(token) => request.insert_header(("Authorization", format!("Bearer {token}"))),
        None => request,
    }
}

/// Generates, for each test body, a `sqlite` and a `postgres` test in a module named after it.
/// `$spawn` is an `async fn(Engine) -> Option<TestApp>`.
#[macro_export]
macro_rules! engine_tests {
    ($spawn:path; $( $(#[doc = $doc:expr])* async fn $name:ident($app:ident) $body:block )*) => {
        $(
            $(#[doc = $doc])*
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                async fn body($app: $crate::testkit::TestApp) $body

                #[actix_web::test]
                async fn sqlite() {
                    let app = $spawn($crate::testkit::Engine::Sqlite).await.expect("sqlite test app");
                    body(app).await;
                }

                #[actix_web::test]
                async fn postgres() {
                    match $spawn($crate::testkit::Engine::Postgres).await {
                        Some(app) => body(app).await,
                        None => eprintln!("skipped: XINQIAO_TEST_POSTGRES_URL is not set"),
                    }
                }
            }
        )*
    };
}

/// A fresh, empty database of one engine, removed when dropped.
pub struct TestDatabase {
    url: DatabaseUrl,
    dir: tempfile::TempDir,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    /// `None` when the engine is PostgreSQL and no test server is configured.
    pub async fn create(engine: Engine) -> Option<Self> {
        let dir = tempfile::tempdir().expect("temp dir");
        match engine {
            Engine::Sqlite => Some(Self {
                url: DatabaseUrl::Sqlite(dir.path().join("test.db")),
                dir,
                postgres: None,
            }),
            Engine::Postgres => {
                let Ok(base) = std::env::var("XINQIAO_TEST_POSTGRES_URL") else {
                    assert!(
                        std::env::var_os("XINQIAO_TEST_POSTGRES_REQUIRED").is_none(),
                        "XINQIAO_TEST_POSTGRES_REQUIRED is set but XINQIAO_TEST_POSTGRES_URL is not"
                    );
                    return None;
                };
                let schema = format!("t_{}", uuid::Uuid::new_v4().simple());
                run_postgres_statement(&base, format!("CREATE SCHEMA {schema}"));
                let separator = if base.contains('?') { '&' } else { '?' };
                let url = format!("{base}{separator}options=-csearch_path%3D{schema}");
                Some(Self {
                    url: DatabaseUrl::Postgres(url),
                    dir,
                    postgres: Some((base, schema)),
                })
            }
        }
    }

    pub fn url(&self) -> &DatabaseUrl {
        &self.url
    }

    /// Migrates the database and opens a pool on it.
    pub fn migrated_pool(&self) -> DbPool {
        crate::db::migrate(&self.url).expect("migrations apply");
        DbPool::connect(&self.url, 4).expect("pool")
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((base, schema)) = self.postgres.take() {
            run_postgres_statement(&base, format!("DROP SCHEMA IF EXISTS {schema} CASCADE"));
        }
    }
}

/// Runs one statement on a plain thread (the wrapper drives its own runtime).
fn run_postgres_statement(url: &str, sql: String) {
    let url = url.to_owned();
    let outcome = std::thread::spawn(move || {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        let mut conn = diesel_async::async_connection_wrapper::AsyncConnectionWrapper::<
            diesel_async::AsyncPgConnection,
        >::establish(&url)
        .map_err(|e| e.to_string())?;
        conn.batch_execute(&sql).map_err(|e| e.to_string())
    })
    .join();
    match outcome {
        Ok(Ok(())) => {}
        Ok(Err(error)) => panic!("postgres test database: {error}"),
        Err(_) => panic!("postgres test database: thread panicked"),
    }
}
