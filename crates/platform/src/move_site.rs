//! `xinqiao migrate-data --to postgres://…`: moves a whole SQLite site to PostgreSQL, the way a
//! community that outgrew one machine grows.
//!
//! The target must be a new database (no migrations applied yet); it is migrated to the same
//! schema, the rows its migrations put in (singletons) are replaced, and every table is copied in
//! foreign-key order, 500 rows a statement: SQLite writes each row as a JSON object
//! (`json_object`), PostgreSQL reads a batch back with `json_populate_recordset`, which types
//! every value by its column, so no table needs code of its own. Serial columns continue after
//! the highest copied id. It all happens in one PostgreSQL transaction that commits only when
//! every table holds as many rows as its source: a failed move leaves the target empty.
//!
//! A row PostgreSQL refuses does not abort the move blind: [`unmovable_rows`] (also what
//! `xinqiao migrate-data --dry-run` runs) finds the values it is known to refuse (text holding
//! NUL, which SQLite stores), and the move checks them first; a batch that fails anyway is
//! retried row by row, so every refused row is named by table and id before the transaction
//! rolls back.
//!
//! Files follow with [`copy_files`] when the new site keeps them in a bucket.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncConnection, RunQueryDsl};

use crate::config::DatabaseUrl;
use crate::db::{DbError, DbPool, PgConn, PooledConn, SqliteConn};
use crate::files::{Storage, StoredPath};

/// Rows a statement copies.
const BATCH: i64 = 500;
/// Diesel's own table: the target's migrations fill it.
const MIGRATIONS_TABLE: &str = "__diesel_schema_migrations";

#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Database(#[from] DbError),
    #[error("{0}")]
    Query(#[from] diesel::result::Error),
    #[error(
        "the PostgreSQL database is not empty (its schema exists already): move into a new database"
    )]
    TargetNotEmpty,
    #[error("the two schemas differ ({0}): are both at the same release?")]
    SchemaMismatch(String),
    #[error("table {table}: {copied} rows arrived of {source_rows}")]
    CountMismatch {
        table: String,
        source_rows: i64,
        copied: i64,
    },
    #[error("files: {0}")]
    Files(#[from] std::io::Error),
    #[error("{} rows cannot move, nothing was moved:\n{}", .0.len(), listed(.0))]
    Unmovable(Vec<Unmovable>),
}

/// A row PostgreSQL refuses (or would refuse), named so an operator can mend it first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmovable {
    pub table: String,
    /// `id 12`, or `rowid 7` in a table without an `id` column.
    pub row: String,
    /// What is wrong with it: the column and the value's fault, or PostgreSQL's refusal.
    pub reason: String,
}

impl std::fmt::Display for Unmovable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {}: {}", self.table, self.row, self.reason)
    }
}

fn listed(rows: &[Unmovable]) -> String {
    rows.iter()
        .map(|row| format!("  {row}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many rows each table received.
#[derive(Debug, Default)]
pub struct Moved {
    pub rows: BTreeMap<String, i64>,
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Edge {
    #[diesel(sql_type = Text)]
    child: String,
    #[diesel(sql_type = Text)]
    parent: String,
}

#[derive(QueryableByName)]
struct Exists {
    #[diesel(sql_type = diesel::sql_types::Bool)]
    exists: bool,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

#[derive(QueryableByName)]
struct JsonRow {
    #[diesel(sql_type = BigInt)]
    rid: i64,
    #[diesel(sql_type = Text)]
    row: String,
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Moves every row of the SQLite database at `source` into the PostgreSQL database at
/// `target`, migrating it first.
pub async fn sqlite_to_postgres(source: &Path, target: &str) -> Result<Moved, MoveError> {
    let target_url = DatabaseUrl::Postgres(target.to_owned());
    let target_pool = DbPool::connect(&target_url, 1)?;
    {
        let PooledConn::Postgres(mut pg) = target_pool.get().await? else {
            unreachable!("the pool was opened on PostgreSQL");
        };
        let schema_exists = diesel::sql_query(format!(
            "SELECT to_regclass('{MIGRATIONS_TABLE}') IS NOT NULL AS exists"
        ))
        .get_result::<Exists>(&mut *pg)
        .await?
        .exists;
        if schema_exists {
            return Err(MoveError::TargetNotEmpty);
        }
    }
    crate::db::migrate(&target_url)?;
    let source_pool = DbPool::connect(&DatabaseUrl::Sqlite(source.to_owned()), 1)?;
    let (mut source_conn, mut target_conn) = (source_pool.get().await?, target_pool.get().await?);
    let (PooledConn::Sqlite(sqlite), PooledConn::Postgres(pg)) =
        (&mut source_conn, &mut target_conn)
    else {
        unreachable!("the pools were opened on these engines");
    };
    let sqlite: &mut SqliteConn = sqlite;
    let pg: &mut PgConn = pg;

    let tables = copy_order(sqlite, pg).await?;
    let mut columns = BTreeMap::new();
    for table in &tables {
        columns.insert(table.clone(), same_columns(sqlite, pg, table).await?);
    }
    let known_faults = scan(sqlite, &columns).await?;
    if !known_faults.is_empty() {
        return Err(MoveError::Unmovable(known_faults));
    }
    pg.transaction::<_, MoveError, _>(async |pg| {
        // Children first: the rows the migrations seeded give way to the site's own.
        for table in tables.iter().rev() {
            diesel::sql_query(format!("DELETE FROM {}", quoted(table)))
                .execute(pg)
                .await?;
        }
        let mut moved = Moved::default();
        let mut refused = Vec::new();
        for table in &tables {
            let refused_here = copy_table(sqlite, pg, table, &columns[table]).await?;
            continue_serials(pg, table).await?;
            if !refused_here.is_empty() {
                refused.extend(refused_here);
                continue;
            }
            let (source_rows, copied) =
                (count_sqlite(sqlite, table).await?, count(pg, table).await?);
            if source_rows != copied {
                return Err(MoveError::CountMismatch {
                    table: table.clone(),
                    source_rows,
                    copied,
                });
            }
            moved.rows.insert(table.clone(), copied);
        }
        if refused.is_empty() {
            Ok(moved)
        } else {
            Err(MoveError::Unmovable(refused))
        }
    })
    .await
}

/// The rows of the SQLite database at `source` that PostgreSQL is known to refuse, by table
/// and id; nothing is written anywhere (`xinqiao migrate-data --dry-run`).
pub async fn unmovable_rows(source: &Path) -> Result<Vec<Unmovable>, MoveError> {
    let pool = DbPool::connect(&DatabaseUrl::Sqlite(source.to_owned()), 1)?;
    let mut pooled = pool.get().await?;
    let PooledConn::Sqlite(sqlite) = &mut pooled else {
        unreachable!("the pool was opened on SQLite");
    };
    let sqlite: &mut SqliteConn = sqlite;
    let tables: Vec<String> = diesel::sql_query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         ORDER BY name",
    )
    .load::<Name>(sqlite)
    .await?
    .into_iter()
    .map(|row| row.name)
    .filter(|name| name != MIGRATIONS_TABLE)
    .collect();
    let mut columns = BTreeMap::new();
    for table in tables {
        let names = diesel::sql_query("SELECT name FROM pragma_table_info(?)")
            .bind::<Text, _>(&table)
            .load::<Name>(sqlite)
            .await?
            .into_iter()
            .map(|row| row.name)
            .collect();
        columns.insert(table, names);
    }
    scan(sqlite, &columns).await
}

/// Text values holding NUL: SQLite keeps them, PostgreSQL's text cannot (the site refuses them
/// in every request now, but older rows or other writers may have stored some).
async fn scan(
    sqlite: &mut SqliteConn,
    columns: &BTreeMap<String, Vec<String>>,
) -> Result<Vec<Unmovable>, MoveError> {
    let mut found = Vec::new();
    for (table, names) in columns {
        let (key, label) = row_key(names);
        for column in names {
            let sql = format!(
                "SELECT CAST({key} AS TEXT) AS name FROM {table} \
                 WHERE typeof({column}) = 'text' AND instr(CAST({column} AS BLOB), x'00') > 0 \
                 ORDER BY {key}",
                table = quoted(table),
                column = quoted(column),
            );
            for row in diesel::sql_query(sql).load::<Name>(sqlite).await? {
                found.push(Unmovable {
                    table: table.clone(),
                    row: format!("{label} {}", row.name),
                    reason: format!("{column} contains a NUL character"),
                });
            }
        }
    }
    Ok(found)
}

/// How a table's rows are named in a report: by `id` when it has one, else by SQLite's rowid.
fn row_key(columns: &[String]) -> (&'static str, &'static str) {
    if columns.iter().any(|column| column == "id") {
        ("\"id\"", "id")
    } else {
        ("rowid", "rowid")
    }
}

/// The tables of both databases, parents before the tables that reference them.
async fn copy_order(sqlite: &mut SqliteConn, pg: &mut PgConn) -> Result<Vec<String>, MoveError> {
    let in_sqlite: BTreeSet<String> = diesel::sql_query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .load::<Name>(sqlite)
    .await?
    .into_iter()
    .map(|row| row.name)
    .filter(|name| name != MIGRATIONS_TABLE)
    .collect();
    let in_pg: BTreeSet<String> = diesel::sql_query(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
    )
    .load::<Name>(pg)
    .await?
    .into_iter()
    .map(|row| row.name)
    .filter(|name| name != MIGRATIONS_TABLE)
    .collect();
    if in_sqlite != in_pg {
        let differ: Vec<_> = in_sqlite.symmetric_difference(&in_pg).cloned().collect();
        return Err(MoveError::SchemaMismatch(format!(
            "tables only on one side: {}",
            differ.join(", ")
        )));
    }
    let edges = diesel::sql_query(
        "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint c \
         JOIN pg_class child ON child.oid = c.conrelid \
         JOIN pg_class parent ON parent.oid = c.confrelid \
         WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace",
    )
    .load::<Edge>(pg)
    .await?;
    let mut parents: BTreeMap<&str, BTreeSet<&str>> = in_pg
        .iter()
        .map(|table| (table.as_str(), BTreeSet::new()))
        .collect();
    for edge in &edges {
        if edge.child != edge.parent
            && let Some(of_child) = parents.get_mut(edge.child.as_str())
        {
            of_child.insert(edge.parent.as_str());
        }
    }
    let mut ordered: Vec<String> = Vec::new();
    while !parents.is_empty() {
        let ready: Vec<&str> = parents
            .iter()
            .filter(|(_, waiting_for)| waiting_for.is_empty())
            .map(|(table, _)| *table)
            .collect();
        if ready.is_empty() {
            let cycle: Vec<&str> = parents.keys().copied().collect();
            return Err(MoveError::SchemaMismatch(format!(
                "foreign keys in a cycle among {}",
                cycle.join(", ")
            )));
        }
        for table in ready {
            parents.remove(table);
            for waiting_for in parents.values_mut() {
                waiting_for.remove(table);
            }
            ordered.push(table.to_owned());
        }
    }
    Ok(ordered)
}

/// The table's columns, which must be the same on both sides.
async fn same_columns(
    sqlite: &mut SqliteConn,
    pg: &mut PgConn,
    table: &str,
) -> Result<Vec<String>, MoveError> {
    let in_sqlite: Vec<String> = diesel::sql_query("SELECT name FROM pragma_table_info(?)")
        .bind::<Text, _>(table)
        .load::<Name>(sqlite)
        .await?
        .into_iter()
        .map(|row| row.name)
        .collect();
    let in_pg: BTreeSet<String> = diesel::sql_query(
        "SELECT column_name::text AS name FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = $1",
    )
    .bind::<Text, _>(table)
    .load::<Name>(pg)
    .await?
    .into_iter()
    .map(|row| row.name)
    .collect();
    if in_sqlite.iter().cloned().collect::<BTreeSet<_>>() != in_pg {
        return Err(MoveError::SchemaMismatch(format!(
            "the columns of {table} differ"
        )));
    }
    Ok(in_sqlite)
}

/// Copies the table in batches; answers the rows PostgreSQL refused (each batch that fails is
/// retried row by row, each attempt under a savepoint, so the rest goes on and every refused
/// row is named).
async fn copy_table(
    sqlite: &mut SqliteConn,
    pg: &mut PgConn,
    table: &str,
    columns: &[String],
) -> Result<Vec<Unmovable>, MoveError> {
    let object = columns
        .iter()
        .map(|column| format!("'{}', {}", column.replace('\'', "''"), quoted(column)))
        .collect::<Vec<_>>()
        .join(", ");
    let read = format!(
        "SELECT rowid AS rid, json_object({object}) AS row FROM {table} \
         WHERE rowid > ? ORDER BY rowid LIMIT {BATCH}",
        table = quoted(table)
    );
    let write = format!(
        "INSERT INTO {table} SELECT * FROM json_populate_recordset(NULL::{table}, $1::json)",
        table = quoted(table)
    );
    let (_, label) = row_key(columns);
    let mut refused = Vec::new();
    let mut after = i64::MIN;
    loop {
        let rows = diesel::sql_query(&read)
            .bind::<BigInt, _>(after)
            .load::<JsonRow>(sqlite)
            .await?;
        let Some(last) = rows.last() else {
            return Ok(refused);
        };
        after = last.rid;
        let batch = format!(
            "[{}]",
            rows.iter()
                .map(|row| row.row.as_str())
                .collect::<Vec<_>>()
                .join(",")
        );
        if insert_json(pg, &write, batch).await.is_ok() {
            continue;
        }
        for row in &rows {
            if let Err(error) = insert_json(pg, &write, format!("[{}]", row.row)).await {
                let id = match label {
                    "id" => match serde_json::from_str::<serde_json::Value>(&row.row) {
                        Ok(serde_json::Value::Object(mut fields)) => match fields.remove("id") {
                            Some(serde_json::Value::String(text)) => text,
                            Some(other) => other.to_string(),
                            None => row.rid.to_string(),
                        },
                        _ => row.rid.to_string(),
                    },
                    _ => row.rid.to_string(),
                };
                refused.push(Unmovable {
                    table: table.to_owned(),
                    row: format!("{label} {id}"),
                    reason: format!("PostgreSQL refused it: {error}"),
                });
            }
        }
    }
}

/// One insert under a savepoint: a refusal undoes only this statement.
async fn insert_json(pg: &mut PgConn, write: &str, rows: String) -> Result<(), MoveError> {
    pg.transaction::<_, MoveError, _>(async |pg| {
        diesel::sql_query(write)
            .bind::<Text, _>(rows)
            .execute(pg)
            .await?;
        Ok(())
    })
    .await
}

/// Sets each serial column's sequence past the highest id copied, so new rows get new ids.
async fn continue_serials(pg: &mut PgConn, table: &str) -> Result<(), MoveError> {
    let serials = diesel::sql_query(
        "SELECT column_name::text AS name FROM information_schema.columns \
         WHERE table_schema = current_schema() AND table_name = $1 \
         AND column_default LIKE 'nextval(%'",
    )
    .bind::<Text, _>(table)
    .load::<Name>(pg)
    .await?;
    for serial in serials {
        let column = quoted(&serial.name);
        diesel::sql_query(format!(
            "SELECT setval(pg_get_serial_sequence($1, $2), \
             (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)",
            table = quoted(table)
        ))
        .bind::<Text, _>(quoted(table))
        .bind::<Text, _>(&serial.name)
        .execute(pg)
        .await?;
    }
    Ok(())
}

async fn count(pg: &mut PgConn, table: &str) -> Result<i64, MoveError> {
    let sql = format!("SELECT COUNT(*) AS count FROM {}", quoted(table));
    Ok(diesel::sql_query(sql).get_result::<Count>(pg).await?.count)
}

async fn count_sqlite(sqlite: &mut SqliteConn, table: &str) -> Result<i64, MoveError> {
    let sql = format!("SELECT COUNT(*) AS count FROM {}", quoted(table));
    Ok(diesel::sql_query(sql)
        .get_result::<Count>(sqlite)
        .await?
        .count)
}

/// Puts every uploaded file of the data directory into the new site's stores (a bucket):
/// `uploads/…` into the public one, `private/uploads/…` into the private one. Answers how many.
pub async fn copy_files(
    data_dir: &Path,
    public: &dyn Storage,
    private: &dyn Storage,
) -> Result<usize, MoveError> {
    let mut copied = 0;
    for (root, store) in [
        (data_dir.to_owned(), public),
        (data_dir.join("private"), private),
    ] {
        for file in files_under(&root.join("uploads"))? {
            let relative = file.strip_prefix(&root).unwrap_or(&file);
            let Some(path) = StoredPath::parse(&relative.to_string_lossy()) else {
                continue;
            };
            store.put(&path, std::fs::read(&file)?).await?;
            copied += 1;
        }
    }
    Ok(copied)
}

fn files_under(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(found);
    };
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            found.extend(files_under(&path)?);
        } else {
            found.push(path);
        }
    }
    Ok(found)
}
