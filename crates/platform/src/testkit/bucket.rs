//! A real S3-compatible server for tests: `s3s-fs` (from crates.io; `make test` installs it)
//! on a free loopback port, over a temporary directory, with one empty bucket.
//!
//! It runs when `XINQIAO_TEST_S3S_FS` names the binary; otherwise a test asking for it is
//! skipped, unless `XINQIAO_TEST_S3_REQUIRED` is set (as `make test` does).

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::config::{ObjectStoreConfig, Secret};

pub const BUCKET: &str = "xinqiao";
const ACCESS_KEY: &str = "test-access-key";
const SECRET_KEY: &str = "test-secret-key-test-secret-key";

pub struct TestBucket {
    server: Child,
    root: tempfile::TempDir,
    pub endpoint: String,
}

impl TestBucket {
    /// `None` when no `s3s-fs` binary is configured for tests.
    pub fn start() -> Option<Self> {
        let Some(binary) = std::env::var_os("XINQIAO_TEST_S3S_FS") else {
            assert!(
                std::env::var_os("XINQIAO_TEST_S3_REQUIRED").is_none(),
                "XINQIAO_TEST_S3_REQUIRED is set but XINQIAO_TEST_S3S_FS is not"
            );
            return None;
        };
        let root = tempfile::tempdir().expect("temp dir");
        // s3s-fs keeps a bucket as a folder of its root.
        std::fs::create_dir(root.path().join(BUCKET)).expect("bucket folder");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let mut server = Command::new(binary)
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
            .arg(root.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("s3s-fs starts");
        let address = format!("127.0.0.1:{port}");
        for _ in 0..200 {
            if TcpStream::connect(&address).is_ok() {
                return Some(Self {
                    server,
                    root,
                    endpoint: format!("http://{address}"),
                });
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = server.kill();
        let _ = server.wait();
        panic!("s3s-fs did not start listening on {address}");
    }

    /// The settings a site uses to keep its uploads in this bucket.
    pub fn config(&self) -> ObjectStoreConfig {
        ObjectStoreConfig {
            endpoint: Some(self.endpoint.clone()),
            bucket: BUCKET.into(),
            region: "us-east-1".into(),
            access_key_id: ACCESS_KEY.into(),
            secret_access_key: Secret::new(SECRET_KEY),
        }
    }

    /// The same settings as the `XINQIAO_S3_*` variables of a process.
    pub fn env(&self) -> Vec<(&'static str, String)> {
        vec![
            ("XINQIAO_S3_ENDPOINT", self.endpoint.clone()),
            ("XINQIAO_S3_BUCKET", BUCKET.into()),
            ("XINQIAO_S3_ACCESS_KEY_ID", ACCESS_KEY.into()),
            ("XINQIAO_S3_SECRET_ACCESS_KEY", SECRET_KEY.into()),
        ]
    }

    /// Where the server keeps the object at `key` on disk, to look behind the API.
    pub fn object_file(&self, key: &str) -> std::path::PathBuf {
        self.root.path().join(BUCKET).join(key)
    }

    /// Every object key in the bucket, sorted.
    pub fn keys(&self) -> Vec<String> {
        let mut keys = Vec::new();
        collect(&self.root.path().join(BUCKET), "", &mut keys);
        keys.sort();
        keys
    }
}

fn collect(dir: &Path, prefix: &str, keys: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let key = format!("{prefix}{name}");
        if entry.path().is_dir() {
            collect(&entry.path(), &format!("{key}/"), keys);
        } else {
            keys.push(key);
        }
    }
}

impl Drop for TestBucket {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
