//! Where uploaded files live: local disk under the data dir (the default), or an S3-compatible
//! object store ([`super::object_store::ObjectStorage`]) that several gateways share.

use std::io;
use std::path::PathBuf;

use futures_util::future::BoxFuture;

/// A relative path under `uploads/` made only of safe segments, so joining it to a root can
/// never leave that root.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StoredPath(String);

impl StoredPath {
    pub fn parse(raw: &str) -> Option<Self> {
        let mut segments = raw.split('/');
        if segments.next() != Some("uploads") {
            return None;
        }
        let rest: Vec<&str> = segments.collect();
        let safe = |segment: &&str| {
            !segment.is_empty()
                && segment.len() <= 80
                && !segment.starts_with('.')
                && segment
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                && !segment.contains("..")
        };
        (!rest.is_empty() && rest.iter().all(safe)).then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

pub trait Storage: Send + Sync {
    fn put(&self, path: &StoredPath, bytes: Vec<u8>) -> BoxFuture<'static, io::Result<()>>;
    fn delete(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<()>>;
    /// Copies a stored file to another path (`NotFound` when there is none).
    fn copy(&self, from: &StoredPath, to: &StoredPath) -> BoxFuture<'static, io::Result<()>>;
    /// The file's bytes; `None` when there is no such file.
    fn get(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<Option<Vec<u8>>>>;
    /// The file on local disk, for serving it with ranges and dates; `None` for stores that
    /// are not local (their files are served from [`Storage::get`]).
    fn local_file(&self, path: &StoredPath) -> Option<PathBuf>;
}

pub struct LocalStorage {
    root: PathBuf,
}

impl LocalStorage {
    pub fn new(root: PathBuf) -> Self {
        Self { root }
    }
}

impl Storage for LocalStorage {
    fn put(&self, path: &StoredPath, bytes: Vec<u8>) -> BoxFuture<'static, io::Result<()>> {
        let target = self.root.join(path.as_str());
        Box::pin(async move {
            actix_web::web::block(move || {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                // Write beside the target and rename, so a reader never sees half a file.
                let partial = target.with_extension("partial");
                std::fs::write(&partial, bytes)?;
                std::fs::rename(&partial, &target)
            })
            .await
            .map_err(io::Error::other)?
        })
    }

    fn delete(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<()>> {
        let target = self.root.join(path.as_str());
        Box::pin(async move {
            match actix_web::web::block(move || std::fs::remove_file(target))
                .await
                .map_err(io::Error::other)?
            {
                Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
                other => other,
            }
        })
    }

    fn copy(&self, from: &StoredPath, to: &StoredPath) -> BoxFuture<'static, io::Result<()>> {
        let (source, target) = (self.root.join(from.as_str()), self.root.join(to.as_str()));
        Box::pin(async move {
            actix_web::web::block(move || {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                let partial = target.with_extension("partial");
                std::fs::copy(&source, &partial)?;
                std::fs::rename(&partial, &target)
            })
            .await
            .map_err(io::Error::other)?
        })
    }

    fn get(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<Option<Vec<u8>>>> {
        let source = self.root.join(path.as_str());
        Box::pin(async move {
            match tokio::fs::read(source).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
                Err(error) => Err(error),
            }
        })
    }

    fn local_file(&self, path: &StoredPath) -> Option<PathBuf> {
        Some(self.root.join(path.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_safe_paths_under_uploads_are_accepted() {
        for ok in [
            "uploads/moment/ab/3f2a-9c.jpg",
            "uploads/moment/ab/3f2a_thumb.png",
        ] {
            assert!(StoredPath::parse(ok).is_some(), "{ok}");
        }
        for bad in [
            "uploads/../jwt_secret",
            "uploads/moment/../../xinqiao.db",
            "jwt_secret",
            "/etc/passwd",
            "uploads//x.jpg",
            "uploads/.hidden",
            "uploads/a\\b.jpg",
            "uploads/%2e%2e/x",
            "uploads",
            "",
        ] {
            assert!(StoredPath::parse(bad).is_none(), "{bad}");
        }
    }
}
