//! Online backups of a SQLite site: one tar archive holding a consistent copy of the database
//! (`VACUUM INTO`, which reads one snapshot while the site goes on writing) and every file of
//! the data directory (uploads, the private store, the generated JWT secret). `restore` puts
//! both back for a server that is stopped. PostgreSQL sites back up with pg_dump and a copy of
//! the data directory (README, Backups).

use std::fs::File;
use std::io;
use std::path::{Component, Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::{Connection, RunQueryDsl, SqliteConnection};

/// The archive's name for the database copy; the data directory's files sit under `data/`.
const DATABASE_ENTRY: &str = "database/xinqiao.db";
const DATA_PREFIX: &str = "data";

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("database: {0}")]
    Database(String),
    #[error("{0} already exists: stop the server and move it away before restoring")]
    WouldOverwrite(PathBuf),
    #[error("the archive has no database copy ({DATABASE_ENTRY}); is it a xinqiao backup?")]
    NotABackup,
    #[error("the restored database failed its integrity check: {0}")]
    Corrupt(String),
}

/// What a backup or a restore moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Archived {
    /// Files of the data directory (the database copy not counted).
    pub files: usize,
    /// Bytes of the database copy.
    pub database_bytes: u64,
}

/// Writes the archive `to` from the SQLite database `database` and the data directory
/// `data_dir`, while the site may be serving writes. A file written after the database copy
/// was taken may be in the archive without a row that names it; one deleted meanwhile may be
/// missing from it.
pub fn backup(database: &Path, data_dir: &Path, to: &Path) -> Result<Archived, BackupError> {
    let copy = to.with_extension("db-copy");
    remove_if_present(&copy)?;
    let outcome = (|| {
        copy_database(database, &copy)?;
        let database_bytes = std::fs::metadata(&copy)?.len();
        let mut archive = tar::Builder::new(File::create(to)?);
        archive.append_path_with_name(&copy, DATABASE_ENTRY)?;
        let skip = [
            database.to_path_buf(),
            sibling(database, "-wal"),
            sibling(database, "-shm"),
            sibling(database, "-journal"),
            to.to_path_buf(),
            copy.clone(),
        ];
        let files = append_tree(&mut archive, data_dir, &skip)?;
        archive.into_inner()?.sync_all()?;
        Ok(Archived {
            files,
            database_bytes,
        })
    })();
    remove_if_present(&copy)?;
    if outcome.is_err() {
        let _ = std::fs::remove_file(to);
    }
    outcome
}

/// Puts an archive made by [`backup`] back: the database at `database` (which must not exist)
/// and the files into `data_dir`. The server must be stopped.
pub fn restore(from: &Path, database: &Path, data_dir: &Path) -> Result<Archived, BackupError> {
    for taken in [
        database.to_path_buf(),
        sibling(database, "-wal"),
        sibling(database, "-shm"),
    ] {
        if taken.exists() {
            return Err(BackupError::WouldOverwrite(taken));
        }
    }
    std::fs::create_dir_all(data_dir)?;
    if let Some(parent) = database.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)?;
    }
    // The database copy comes first (backup writes it first): an archive that starts with
    // anything else is refused before a file is written.
    let mut archive = tar::Archive::new(File::open(from)?);
    let mut entries = archive.entries()?;
    let mut first = entries.next().ok_or(BackupError::NotABackup)??;
    if first.path()?.as_ref() != Path::new(DATABASE_ENTRY) {
        return Err(BackupError::NotABackup);
    }
    // Written beside its place and moved there once whole and checked, so a failed restore
    // leaves no database behind that a second attempt would refuse to overwrite.
    let incoming = sibling(database, ".restoring");
    let database_bytes = io::copy(&mut first, &mut File::create(&incoming)?)?;
    let checked = check_integrity(&incoming);
    if let Err(error) = checked {
        let _ = std::fs::remove_file(&incoming);
        return Err(error);
    }
    let mut files = 0;
    for entry in entries {
        let mut entry = entry?;
        let name = entry.path()?.into_owned();
        let Ok(inside) = name.strip_prefix(DATA_PREFIX) else {
            continue;
        };
        // Only plain relative names: nothing written outside the data directory.
        if is_plain_relative(inside) && entry.header().entry_type().is_file() {
            let target = data_dir.join(inside);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            io::copy(&mut entry, &mut File::create(target)?)?;
            files += 1;
        }
    }
    std::fs::rename(&incoming, database)?;
    Ok(Archived {
        files,
        database_bytes,
    })
}

/// One consistent copy of a live database: `VACUUM INTO` reads a single snapshot, so writers
/// go on (WAL) and the copy holds every transaction committed before it began, and no part of
/// a later one.
fn copy_database(database: &Path, copy: &Path) -> Result<(), BackupError> {
    let mut conn = SqliteConnection::establish(&database.to_string_lossy())
        .map_err(|e| BackupError::Database(e.to_string()))?;
    conn.batch_execute("PRAGMA busy_timeout = 5000;")
        .map_err(|e| BackupError::Database(e.to_string()))?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<diesel::sql_types::Text, _>(copy.to_string_lossy())
        .execute(&mut conn)
        .map_err(|e| BackupError::Database(e.to_string()))?;
    Ok(())
}

fn check_integrity(database: &Path) -> Result<(), BackupError> {
    #[derive(diesel::QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let mut conn = SqliteConnection::establish(&database.to_string_lossy())
        .map_err(|e| BackupError::Database(e.to_string()))?;
    let checks: Vec<Check> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut conn)
        .map_err(|e| BackupError::Database(e.to_string()))?;
    match checks.first() {
        Some(check) if check.integrity_check == "ok" => Ok(()),
        Some(check) => Err(BackupError::Corrupt(check.integrity_check.clone())),
        None => Err(BackupError::Corrupt("no answer".into())),
    }
}

/// Adds every regular file under `dir` (but those in `skip`) as `data/<relative path>`.
fn append_tree(
    archive: &mut tar::Builder<File>,
    dir: &Path,
    skip: &[PathBuf],
) -> Result<usize, BackupError> {
    let mut files = 0;
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let entries = match std::fs::read_dir(&current) {
            Ok(entries) => entries,
            // A folder removed while the backup runs (an emptied upload folder) is no error.
            Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
            Err(error) => return Err(error.into()),
        };
        for entry in entries {
            let path = entry?.path();
            let kind = match std::fs::symlink_metadata(&path) {
                Ok(metadata) => metadata.file_type(),
                Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
                Err(error) => return Err(error.into()),
            };
            if kind.is_dir() {
                pending.push(path);
            } else if kind.is_file() && !skip.iter().any(|skipped| same_file(skipped, &path)) {
                let inside = path.strip_prefix(dir).unwrap_or(&path);
                match archive.append_path_with_name(&path, Path::new(DATA_PREFIX).join(inside)) {
                    Ok(()) => files += 1,
                    // Deleted between listing and reading (an upload replaced meanwhile).
                    Err(error) if error.kind() == io::ErrorKind::NotFound => {}
                    Err(error) => return Err(error.into()),
                }
            }
        }
    }
    Ok(files)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn is_plain_relative(path: &Path) -> bool {
    path.components()
        .all(|part| matches!(part, Component::Normal(_)))
        && path.components().next().is_some()
}

fn remove_if_present(path: &Path) -> io::Result<()> {
    match std::fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(dir: &Path) -> PathBuf {
        let database = dir.join("xinqiao.db");
        let mut conn = SqliteConnection::establish(&database.to_string_lossy()).expect("opens");
        conn.batch_execute(
            "PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
             INSERT INTO notes (text) VALUES ('一'), ('二');",
        )
        .expect("writes");
        std::fs::create_dir_all(dir.join("avatar/2026")).expect("folder");
        std::fs::write(dir.join("avatar/2026/a.jpg"), b"jpeg").expect("file");
        std::fs::create_dir_all(dir.join("private/idcard")).expect("folder");
        std::fs::write(dir.join("private/idcard/b.jpg"), b"card").expect("file");
        std::fs::write(dir.join("jwt_secret"), b"secret").expect("file");
        database
    }

    #[test]
    fn a_backup_restores_the_database_and_every_file_but_the_live_database() {
        let live = tempfile::tempdir().expect("dir");
        let database = site(live.path());
        let archive = live.path().join("backup.tar");
        let made = backup(&database, live.path(), &archive).expect("backs up");
        assert_eq!(
            made.files, 3,
            "avatar, card and secret; not the live database or the archive"
        );

        let restored = tempfile::tempdir().expect("dir");
        let again = restore(
            &archive,
            &restored.path().join("xinqiao.db"),
            restored.path(),
        )
        .expect("restores");
        assert_eq!(again, made);
        assert_eq!(
            std::fs::read(restored.path().join("private/idcard/b.jpg")).expect("read"),
            b"card"
        );
        assert_eq!(
            std::fs::read(restored.path().join("jwt_secret")).expect("read"),
            b"secret"
        );
        let mut conn =
            SqliteConnection::establish(&restored.path().join("xinqiao.db").to_string_lossy())
                .expect("opens");
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let counts: Vec<Count> = diesel::sql_query("SELECT count(*) AS n FROM notes")
            .load(&mut conn)
            .expect("reads");
        assert_eq!(counts[0].n, 2);

        let refused = restore(
            &archive,
            &restored.path().join("xinqiao.db"),
            restored.path(),
        );
        assert!(
            matches!(refused, Err(BackupError::WouldOverwrite(_))),
            "{refused:?}"
        );
    }

    #[test]
    fn an_archive_without_a_database_copy_is_refused() {
        let dir = tempfile::tempdir().expect("dir");
        let archive = dir.path().join("other.tar");
        let mut builder = tar::Builder::new(File::create(&archive).expect("create"));
        let mut header = tar::Header::new_gnu();
        header.set_size(2);
        header.set_cksum();
        builder
            .append_data(&mut header, "data/x.txt", &b"hi"[..])
            .expect("append");
        builder.finish().expect("finish");
        drop(builder);
        let refused = restore(
            &archive,
            &dir.path().join("site/xinqiao.db"),
            &dir.path().join("site"),
        );
        assert!(
            matches!(refused, Err(BackupError::NotABackup)),
            "{refused:?}"
        );
    }
}
