//! `xinqiao`: serves the API, the OpenAPI document and the web app; migrates; creates users;
//! seeds demo content.

mod door;
mod mount;
mod seed;
mod stats;
mod web;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use actix_web::web::Redirect;
use actix_web::{HttpServer, web as actix};
use clap::{Parser, Subcommand};
use platform::clock::SystemClock;
use platform::config::{Config, ConfigError, DatabaseUrl, Environment, LogFormat, Source};
use platform::db::DbPool;
use platform::settings::Settings;
use platform::{AppState, Role};
use utoipa_swagger_ui::SwaggerUi;

/// Requests allocate many small, short-lived strings and rows; under glibc's allocator a
/// third of a list request's CPU went to malloc and free (perf, scripts/bench/people.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "xinqiao", version, about = "心桥 Xinqiao community server")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Manage users.
    User {
        #[command(subcommand)]
        action: UserCommand,
    },
    /// Back a SQLite site up while it serves: a consistent copy of the database and every
    /// file of the data directory, in one tar archive.
    Backup { file: PathBuf },
    /// Put a backup back, with the server stopped and no database at the configured place.
    Restore { file: PathBuf },
    /// Move this SQLite site, stopped, to a new PostgreSQL database (and, when XINQIAO_S3_* is
    /// set, its files to that bucket); every table's rows are counted on arrival. Rows
    /// PostgreSQL refuses are listed by table and id, and nothing moves.
    MigrateData {
        /// The new database: postgres://user:password@host/db
        #[arg(long, required_unless_present = "dry_run")]
        to: Option<String>,
        /// Only list the rows PostgreSQL would refuse (text holding NUL); moves nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// Fill an empty database with content.
    Seed {
        #[command(subcommand)]
        what: SeedCommand,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create a user (also how an operator creates the first superadmin).
    Create {
        #[arg(long)]
        username: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "user", value_parser = parse_role)]
        role: Role,
    },
}

#[derive(Subcommand)]
enum SeedCommand {
    /// Demo members and content (refused in production).
    Demo,
    /// A large database for benchmarks: members bench_1… (password bench-password) with
    /// varied profiles and likes, and moments with likes and comments; only into an empty
    /// database, never in production.
    Bench {
        #[arg(long, default_value_t = 10_000)]
        members: u32,
        #[arg(long, default_value_t = 100_000)]
        moments: u32,
    },
}

fn parse_role(raw: &str) -> Result<Role, String> {
    raw.parse()
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => print_openapi(),
        Command::Migrate => load_config().and_then(|loaded| migrate(&loaded.config.database_url)),
        Command::Serve => load_config().and_then(serve),
        Command::User {
            action:
                UserCommand::Create {
                    username,
                    password,
                    role,
                },
        } => load_config().and_then(|loaded| create_user(loaded, &username, &password, role)),
        Command::Backup { file } => load_config().and_then(|loaded| backup(&loaded, &file)),
        Command::Restore { file } => load_config().and_then(|loaded| restore(&loaded, &file)),
        Command::MigrateData { dry_run: true, .. } => {
            load_config().and_then(|loaded| check_data(&loaded))
        }
        Command::MigrateData { to, .. } => load_config()
            .and_then(|loaded| migrate_data(&loaded, to.as_deref().unwrap_or_default())),
        Command::Seed {
            what: SeedCommand::Demo,
        } => load_config().and_then(seed_demo),
        Command::Seed {
            what: SeedCommand::Bench { members, moments },
        } => load_config().and_then(|loaded| seed_bench(loaded, members, moments)),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The platform's configuration and every module's settings, read once from one source.
struct Loaded {
    config: Config,
    settings: Settings,
}

fn load_config() -> Result<Loaded, String> {
    let read = || {
        let source = Source::from_env()?;
        let config = Config::from_source(&source)?;
        init_tracing(config.log_format);
        let settings = platform::module::load_settings(mount::MODULES, &source, &config)?;
        Ok::<_, ConfigError>(Loaded { config, settings })
    };
    read().map_err(|e| e.to_string())
}

/// Logs to standard output, filtered by `RUST_LOG`; in JSON, each line carries the fields of
/// its request's span (the request id, method and path) beside the event's own.
fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,actix_server=warn"));
    let lines = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    let _ = match format {
        LogFormat::Text => lines.try_init(),
        LogFormat::Json => lines
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
}

fn print_openapi() -> Result<(), String> {
    let document = mount::openapi_document();
    let json = serde_json::to_string_pretty(&document).map_err(|e| e.to_string())?;
    println!("{json}");
    Ok(())
}

fn migrate(url: &DatabaseUrl) -> Result<(), String> {
    let applied = platform::db::migrate(url).map_err(|e| e.to_string())?;
    for name in &applied {
        tracing::info!(migration = %name, "applied");
    }
    Ok(())
}

/// The SQLite database file of the site, for the commands that only SQLite sites have.
fn sqlite_database(loaded: &Loaded) -> Result<&Path, String> {
    match &loaded.config.database_url {
        DatabaseUrl::Sqlite(path) => Ok(path),
        DatabaseUrl::Postgres(_) => Err("backup and restore are for SQLite sites; back a \
             PostgreSQL site up with pg_dump and a copy of the data directory (README, Backups)"
            .into()),
    }
}

fn backup(loaded: &Loaded, file: &Path) -> Result<(), String> {
    let database = sqlite_database(loaded)?;
    let archived = platform::backup::backup(database, &loaded.config.data_dir, file)
        .map_err(|e| e.to_string())?;
    println!(
        "backed up the database ({} bytes) and {} files to {}",
        archived.database_bytes,
        archived.files,
        file.display()
    );
    Ok(())
}

fn restore(loaded: &Loaded, file: &Path) -> Result<(), String> {
    let database = sqlite_database(loaded)?;
    let archived = platform::backup::restore(file, database, &loaded.config.data_dir)
        .map_err(|e| e.to_string())?;
    println!(
        "restored the database ({} bytes) and {} files from {}",
        archived.database_bytes,
        archived.files,
        file.display()
    );
    Ok(())
}

/// `migrate-data --dry-run`: the rows that would stop a move, by table and id.
fn check_data(loaded: &Loaded) -> Result<(), String> {
    let DatabaseUrl::Sqlite(source) = &loaded.config.database_url else {
        return Err(
            "migrate-data moves a SQLite site: run it with the SQLite site's settings".into(),
        );
    };
    migrate(&loaded.config.database_url)?;
    actix_web::rt::System::new().block_on(async {
        let unmovable = platform::move_site::unmovable_rows(source)
            .await
            .map_err(|e| e.to_string())?;
        if unmovable.is_empty() {
            println!("every row can move to PostgreSQL");
            return Ok(());
        }
        for row in &unmovable {
            println!("{row}");
        }
        Err(format!(
            "{} rows cannot move to PostgreSQL; mend them, then run migrate-data",
            unmovable.len()
        ))
    })
}

fn migrate_data(loaded: &Loaded, to: &str) -> Result<(), String> {
    let DatabaseUrl::Sqlite(source) = &loaded.config.database_url else {
        return Err(
            "migrate-data moves a SQLite site: run it with the SQLite site's settings".into(),
        );
    };
    let DatabaseUrl::Postgres(target) = DatabaseUrl::parse(to)? else {
        return Err("--to must be a postgres:// URL".into());
    };
    // Bring the source to this release's schema first, so both sides match.
    migrate(&loaded.config.database_url)?;
    actix_web::rt::System::new().block_on(async {
        let moved = platform::move_site::sqlite_to_postgres(source, &target)
            .await
            .map_err(|e| e.to_string())?;
        let rows: i64 = moved.rows.values().sum();
        println!(
            "moved {rows} rows of {} tables to PostgreSQL; every table's count matches",
            moved.rows.len()
        );
        if let Some(bucket) = &loaded.config.object_store {
            let (public, private) =
                platform::files::ObjectStorage::pair(bucket).map_err(|e| e.to_string())?;
            let files = platform::move_site::copy_files(&loaded.config.data_dir, &public, &private)
                .await
                .map_err(|e| e.to_string())?;
            println!("copied {files} files to the bucket {}", bucket.bucket);
        }
        Ok(())
    })
}

/// Migrates, then builds the shared state on a runtime for the one-off commands.
fn with_state<T>(
    loaded: Loaded,
    work: impl AsyncFnOnce(&AppState) -> Result<T, String>,
) -> Result<T, String> {
    migrate(&loaded.config.database_url)?;
    actix_web::rt::System::new().block_on(async move {
        let state = build_state(loaded, 2)?;
        work(&state).await
    })
}

fn build_state(loaded: Loaded, pool_size: usize) -> Result<AppState, String> {
    let Loaded { config, settings } = loaded;
    let pool = DbPool::connect(&config.database_url, pool_size).map_err(|e| e.to_string())?;
    let directory = accounts::api::directory(pool.clone());
    AppState::new(config, settings, pool, Arc::new(SystemClock), directory)
        .map_err(|e| e.to_string())
}

fn create_user(loaded: Loaded, username: &str, password: &str, role: Role) -> Result<(), String> {
    let created = with_state(loaded, async |state| {
        accounts::api::create_user(state, username, password, None, role)
            .await
            .map_err(|e| e.to_string())
    })?;
    println!(
        "created {} ({}) uuid {}",
        created.username,
        role.as_str(),
        created.uuid
    );
    Ok(())
}

fn seed_demo(loaded: Loaded) -> Result<(), String> {
    if loaded.config.environment == Environment::Production {
        return Err("demo content has known passwords and is refused in production".into());
    }
    match with_state(loaded, async |state| seed::seed_demo(state).await)? {
        seed::SeedOutcome::Seeded => println!("Demo content created."),
        seed::SeedOutcome::AlreadyHasUsers => {
            println!("The database already has users; demo seed skipped.")
        }
    }
    seed::print_demo_logins();
    Ok(())
}

fn seed_bench(loaded: Loaded, members: u32, moments: u32) -> Result<(), String> {
    if loaded.config.environment == Environment::Production {
        return Err("benchmark content is refused in production".into());
    }
    with_state(loaded, async |state| {
        if accounts::api::count_users(state)
            .await
            .map_err(|e| e.to_string())?
            > 0
        {
            return Err("seed bench needs an empty database".into());
        }
        let mut pooled = state.db.get().await.map_err(|e| e.to_string())?;
        let conn = &mut pooled.conn();
        accounts::bench::fill_members(state, conn, members, "bench-password")
            .await
            .map_err(|e| e.to_string())?;
        profile::bench::fill(conn, state.now())
            .await
            .map_err(|e| e.to_string())?;
        moments::bench::fill(conn, moments, state.now())
            .await
            .map_err(|e| e.to_string())
    })?;
    println!("Benchmark content created: {members} members, {moments} moments.");
    Ok(())
}

fn serve(loaded: Loaded) -> Result<(), String> {
    migrate(&loaded.config.database_url)?;
    actix_web::rt::System::new().block_on(async move {
        let bind = loaded.config.bind;
        let web_dir = loaded.config.web_dir.clone();
        // On PostgreSQL each worker has a pool of its own (see `platform::db::PgPools`).
        let pool_size = 8;
        let state = actix::Data::new(build_state(loaded, pool_size)?);
        state
            .db
            .warm_up(pool_size)
            .await
            .map_err(|e| format!("XINQIAO_DATABASE_URL: {e}"))?;
        spawn_warm_up(state.clone());
        spawn_maintenance(state.clone());
        let stopping_state = state.clone();
        let document = mount::openapi_document();
        let routes = platform::http::Routes::new(mount::MODULES);
        let (listener, door) =
            door::open(bind).map_err(|e| format!("XINQIAO_BIND: cannot listen on {bind}: {e}"))?;
        let server = HttpServer::new(move || {
            let document = document.clone();
            let web_dir = web_dir.clone();
            platform::http::app(state.clone(), routes.clone(), move |cfg| {
                cfg.route(
                    "/api/docs",
                    actix::get().to(|| async { Redirect::to("/api/docs/") }),
                )
                .service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/v1/openapi.json", document));
            })
            .configure(move |cfg| web::configure(cfg, &web_dir))
        })
        .disable_signals()
        .shutdown_timeout(SHUTDOWN_DEADLINE_SECONDS)
        .listen(listener)
        .map_err(|e| format!("XINQIAO_BIND: cannot listen on {bind}: {e}"))?
        .run();
        actix_web::rt::spawn(stop_on_signal(server.handle(), door, stopping_state));
        tracing::info!("心桥 Xinqiao is serving on http://{bind}");
        server.await.map_err(|e| e.to_string())
    })
}

/// How long a stopping server waits for requests and streams in flight before it drops them.
/// AI replies still streaming are cut and saved before it (the assistant's `shutdown_grace`).
const SHUTDOWN_DEADLINE_SECONDS: u64 = 20;

/// On SIGTERM or SIGINT: stop taking connections (closing the door first, so what the kernel
/// queued is still served: see `door`), let the modules end their long-lived ones (chat
/// sockets close with a reconnect hint), and finish what is in flight within the deadline.
/// actix's own signal handling would wait for the sockets until the deadline.
async fn stop_on_signal(
    server: actix_web::dev::ServerHandle,
    door: door::Door,
    state: actix::Data<AppState>,
) {
    use actix_web::rt::signal::unix::{SignalKind, signal};
    let (Ok(mut terminate), Ok(mut interrupt)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        tracing::error!("cannot listen for SIGTERM and SIGINT: stop the server with SIGKILL");
        return;
    };
    tokio::select! {
        _ = terminate.recv() => {}
        _ = interrupt.recv() => {}
    }
    tracing::info!("stopping: finishing the requests in flight");
    match door.stop_admitting() {
        Ok(()) => actix_web::rt::time::sleep(door::QUEUE_DRAIN).await,
        Err(e) => tracing::warn!("cannot close the door before stopping: {e}"),
    }
    let stopped = server.stop(true);
    // The socket closes once the acceptor, stopping now, has let go of its own handle too.
    drop(door);
    platform::module::shut_down(mount::MODULES, &state);
    stopped.await;
}

/// Every module's warm-up, once, beside serving.
fn spawn_warm_up(state: actix::Data<AppState>) {
    actix_web::rt::spawn(async move {
        platform::module::warm_up(mount::MODULES, &state).await;
    });
}

/// Every module's maintenance, hourly.
fn spawn_maintenance(state: actix::Data<AppState>) {
    actix_web::rt::spawn(async move {
        let mut interval = actix_web::rt::time::interval(Duration::from_secs(3600));
        loop {
            interval.tick().await;
            platform::module::run_maintenance(mount::MODULES, &state).await;
        }
    });
}

#[cfg(test)]
mod tests {
    mod body_labels;
    mod data_rights;
    mod openapi;
    mod rate_limits;
    mod role_matrix;
    mod stats;

    /// The committed document must be what the code produces; `make openapi` regenerates it
    /// (and the web client generated from it).
    #[test]
    fn committed_openapi_document_is_fresh() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi/openapi.json");
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let current =
            serde_json::to_string_pretty(&super::mount::openapi_document()).expect("serialise");
        assert!(
            committed.trim_end() == current.trim_end(),
            "openapi/openapi.json is stale: run `make openapi` and commit the result"
        );
    }

    /// The assistant's shutdown hook lets AI replies stream on for its grace, then cuts them:
    /// the last line and the save must land before the deadline drops the connection.
    #[test]
    fn ai_replies_are_cut_before_the_shutdown_deadline() {
        use std::time::Duration;
        let grace = assistant::settings::AssistantSettings::default().shutdown_grace;
        let deadline = Duration::from_secs(super::SHUTDOWN_DEADLINE_SECONDS);
        assert!(
            grace + Duration::from_secs(3) <= deadline,
            "{grace:?} of grace leaves too little of {deadline:?}"
        );
    }

    /// `POST /upload?purpose=` finds a purpose by name: two crates registering one name
    /// would make one of them silently take the other's rules.
    #[test]
    fn every_upload_purpose_is_registered_once() {
        let mut names: Vec<&str> = super::mount::MODULES
            .iter()
            .flat_map(|module| module.uploads.iter().map(|purpose| purpose.name))
            .collect();
        let registered = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            registered,
            "a purpose name is registered twice"
        );
    }
}
