//! Uploads in a bucket of an S3-compatible service (AWS S3, MinIO, Ceph, COS, OSS, …), so
//! every gateway reads what any of them stored. The bucket stays private: files are served
//! through the gateways (`/api/v1/uploads/…` for public purposes; private ones only to whom
//! their owning crate allows), never from a bucket URL.

use std::io;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path;
use object_store::{ObjectStore, PutPayload};

use super::storage::{Storage, StoredPath};
use crate::config::ObjectStoreConfig;

/// One store of the site's files in the bucket: the public one keeps the stored paths as
/// keys (`uploads/moment/…`), the private one puts them under `private/`, as on local disk.
pub struct ObjectStorage {
    bucket: Arc<AmazonS3>,
    prefix: &'static str,
}

impl ObjectStorage {
    /// The public and the private store, sharing one client.
    pub fn pair(config: &ObjectStoreConfig) -> Result<(Self, Self), object_store::Error> {
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&config.bucket)
            .with_region(&config.region)
            .with_access_key_id(&config.access_key_id)
            .with_secret_access_key(config.secret_access_key.expose());
        if let Some(endpoint) = &config.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"))
                // Self-hosted services answer at one address, the bucket in the path.
                .with_virtual_hosted_style_request(false);
        }
        let bucket = Arc::new(builder.build()?);
        Ok((
            Self {
                bucket: bucket.clone(),
                prefix: "",
            },
            Self {
                bucket,
                prefix: "private/",
            },
        ))
    }

    fn key(&self, path: &StoredPath) -> Path {
        Path::from(format!("{}{}", self.prefix, path.as_str()))
    }
}

fn io_error(error: object_store::Error) -> io::Error {
    match error {
        object_store::Error::NotFound { .. } => io::Error::new(io::ErrorKind::NotFound, error),
        other => io::Error::other(other),
    }
}

impl Storage for ObjectStorage {
    fn put(&self, path: &StoredPath, bytes: Vec<u8>) -> BoxFuture<'static, io::Result<()>> {
        let (bucket, key) = (self.bucket.clone(), self.key(path));
        Box::pin(async move {
            bucket
                .put(&key, PutPayload::from(bytes))
                .await
                .map(drop)
                .map_err(io_error)
        })
    }

    fn delete(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<()>> {
        let (bucket, key) = (self.bucket.clone(), self.key(path));
        Box::pin(async move {
            match bucket.delete(&key).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(error) => Err(io_error(error)),
            }
        })
    }

    fn copy(&self, from: &StoredPath, to: &StoredPath) -> BoxFuture<'static, io::Result<()>> {
        let (bucket, source, target) = (self.bucket.clone(), self.key(from), self.key(to));
        Box::pin(async move { bucket.copy(&source, &target).await.map_err(io_error) })
    }

    fn get(&self, path: &StoredPath) -> BoxFuture<'static, io::Result<Option<Vec<u8>>>> {
        let (bucket, key) = (self.bucket.clone(), self.key(path));
        Box::pin(async move {
            let found = match bucket.get(&key).await {
                Ok(found) => found,
                Err(object_store::Error::NotFound { .. }) => return Ok(None),
                Err(error) => return Err(io_error(error)),
            };
            let bytes = found.bytes().await.map_err(io_error)?;
            Ok(Some(bytes.to_vec()))
        })
    }

    fn local_file(&self, _: &StoredPath) -> Option<std::path::PathBuf> {
        None
    }
}
