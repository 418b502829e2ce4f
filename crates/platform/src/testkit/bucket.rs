//! A real S3-compatible server for tests: `s3s-fs` (from crates.io) serving a temporary
//! directory with one empty bucket, on a free loopback port, from a thread of the test process.
//! Gateways the test starts as processes reach it over the network like any other bucket.

use std::path::Path;
use std::thread::JoinHandle;

use hyper_util::rt::TokioIo;
use s3s::auth::SimpleAuth;
use s3s::service::S3ServiceBuilder;
use tokio::sync::oneshot;

use crate::config::{ObjectStoreConfig, Secret};

pub const BUCKET: &str = "xinqiao";
const ACCESS_KEY: &str = "test-access-key";
const SECRET_KEY: &str = "test-secret-key-test-secret-key";

pub struct TestBucket {
    stop: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<()>>,
    root: tempfile::TempDir,
    pub endpoint: String,
}

impl TestBucket {
    pub fn start() -> Self {
        let root = tempfile::tempdir().expect("temp dir");
        // s3s-fs keeps a bucket as a folder of its root.
        std::fs::create_dir(root.path().join(BUCKET)).expect("bucket folder");
        let filesystem = s3s_fs::FileSystem::new(root.path()).expect("s3s-fs over the temp dir");
        let mut service = S3ServiceBuilder::new(filesystem);
        service.set_auth(SimpleAuth::from_single(ACCESS_KEY, SECRET_KEY));
        let service = service.build();

        // Bound before the thread starts, so the endpoint answers as soon as `start` returns.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener
            .set_nonblocking(true)
            .expect("a non-blocking listener");
        let endpoint = format!("http://{}", listener.local_addr().expect("its address"));
        let (stop, mut stopped) = oneshot::channel::<()>();
        let server = std::thread::Builder::new()
            .name("test-bucket".into())
            .spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("the bucket's runtime");
                runtime.block_on(async move {
                    let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
                    loop {
                        let socket = tokio::select! {
                            _ = &mut stopped => break,
                            accepted = listener.accept() => match accepted {
                                Ok((socket, _)) => socket,
                                Err(_) => continue,
                            },
                        };
                        let service = service.clone();
                        tokio::spawn(
                            hyper::server::conn::http1::Builder::new()
                                .serve_connection(TokioIo::new(socket), service),
                        );
                    }
                });
            })
            .expect("the bucket's thread");
        Self {
            stop: Some(stop),
            server: Some(server),
            root,
            endpoint,
        }
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
    /// Stops accepting and drops the open connections with the runtime.
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}
