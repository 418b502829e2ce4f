//! nginx (Debian's) in front of test gateways, with the committed
//! `deploy/nginx/xinqiao-proxy.conf` as its proxying rules, on a free loopback port.
//!
//! It runs when an nginx binary is found (`XINQIAO_TEST_NGINX`, else `/usr/sbin/nginx`);
//! otherwise a test asking for it is skipped, unless `XINQIAO_TEST_NGINX_REQUIRED` is set (as
//! `make test` does).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// How long nginx keeps a gateway it could not reach out of the rotation (`fail_timeout`).
pub const FAIL_TIMEOUT: Duration = Duration::from_secs(1);

/// How long a rolling restart waits after a gateway is back before stopping the next:
/// nginx answers 502 while it holds every gateway for down, and it counts `fail_timeout` from
/// the last failed connection in whole seconds, so one second more.
pub const BACK_IN_ROTATION: Duration = Duration::from_millis(2500);

pub struct Nginx {
    child: Child,
    /// Its configuration, temporary files and error log.
    dir: tempfile::TempDir,
    /// The site's API through nginx: `http://127.0.0.1:port/api/v1`.
    pub base: String,
}

fn binary() -> Option<PathBuf> {
    let configured = std::env::var_os("XINQIAO_TEST_NGINX").map(PathBuf::from);
    let found = configured.or_else(|| {
        let debian = PathBuf::from("/usr/sbin/nginx");
        debian.exists().then_some(debian)
    });
    if found.is_none() {
        assert!(
            std::env::var_os("XINQIAO_TEST_NGINX_REQUIRED").is_none(),
            "XINQIAO_TEST_NGINX_REQUIRED is set but no nginx was found (apt-get install nginx-light)"
        );
    }
    found
}

fn proxy_rules() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx/xinqiao-proxy.conf")
}

impl Nginx {
    /// nginx balancing over the gateways listening on `gateway_ports`; `None` without nginx.
    pub async fn start(gateway_ports: &[u16]) -> Option<Self> {
        let binary = binary()?;
        let dir = tempfile::tempdir().unwrap();
        // nginx's workers run as an unprivileged user when the tests run as root: they must
        // reach the configuration and write their temporary files.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let temp = dir.path().join("temp");
        std::fs::create_dir(&temp).unwrap();
        std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o777)).unwrap();
        let port = super::free_port();
        let servers: String = gateway_ports
            .iter()
            .map(|port| {
                let seconds = FAIL_TIMEOUT.as_secs();
                format!("        server 127.0.0.1:{port} max_fails=1 fail_timeout={seconds}s;\n")
            })
            .collect();
        let config = format!(
            "worker_processes 1;\n\
             pid {dir}/nginx.pid;\n\
             error_log {dir}/error.log warn;\n\
             events {{ worker_connections 512; }}\n\
             http {{\n\
                 access_log off;\n\
                 client_body_temp_path {temp}/body;\n\
                 proxy_temp_path {temp}/proxy;\n\
                 fastcgi_temp_path {temp}/fastcgi;\n\
                 uwsgi_temp_path {temp}/uwsgi;\n\
                 scgi_temp_path {temp}/scgi;\n\
                 upstream xinqiao {{\n{servers}    }}\n\
                 map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}\n\
                 server {{\n\
                     listen 127.0.0.1:{port};\n\
                     include {rules};\n\
                 }}\n\
             }}\n",
            dir = dir.path().display(),
            temp = temp.display(),
            rules = proxy_rules().display(),
        );
        let config_path = dir.path().join("nginx.conf");
        std::fs::write(&config_path, config).unwrap();
        let mut child = Command::new(binary)
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&config_path)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}/api/v1");
        let client = super::client();
        for _ in 0..200 {
            if client.get(format!("{base}/health")).send().await.is_ok() {
                return Some(Self { child, dir, base });
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!(
            "nginx did not start: {}",
            std::fs::read_to_string(dir.path().join("error.log")).unwrap_or_default()
        );
    }
}

impl super::Site for Nginx {
    fn base(&self) -> &str {
        &self.base
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let log = std::fs::read_to_string(self.dir.path().join("error.log"));
            eprintln!("nginx's error log:\n{}", log.unwrap_or_default());
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
