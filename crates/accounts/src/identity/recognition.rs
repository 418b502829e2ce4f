//! Reading an identity card's photos (OCR). A provider is plugged in through [`Recognition`] in
//! the settings; none is configured by default, and a submission then carries only what the
//! member typed, which the reviewing admin compares with the photos.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};

/// What a provider read from the two sides; any field it could not read stays empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recognised {
    pub name: String,
    pub idcard_num: String,
    /// 1 male, 2 female, 0 unknown.
    pub gender: i64,
    pub ethnicity: String,
    /// yyyy-mm-dd as printed.
    pub birthday: String,
    pub address: String,
    pub issuing_authority: String,
    pub validity_period: String,
}

/// An OCR provider: given the stored front and back images, what they say. An error is logged
/// and the submission goes on without recognition (the admin reads the photos).
pub trait Recognizer: Send + Sync {
    fn recognise(
        &self,
        front: Vec<u8>,
        back: Vec<u8>,
    ) -> BoxFuture<'static, Result<Recognised, String>>;
}

/// The configured provider, if any (a settings section of its own).
#[derive(Clone, Default)]
pub struct Recognition(pub Option<Arc<dyn Recognizer>>);
