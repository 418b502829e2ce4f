//! Shared pieces of the demo content (`xinqiao seed demo`, what `make run` shows): the cast
//! of demo members the seeds share, and painted pictures.

pub mod pictures;

use crate::auth::{Identity, Role};
use crate::error::ApiError;

/// The demo members, added by the accounts seed and used by the seeds after it.
#[derive(Debug, Default)]
pub struct DemoCast {
    pub members: Vec<Identity>,
}

impl DemoCast {
    /// The members of `role`, in the order they were added.
    pub fn with_role(&self, role: Role) -> Vec<&Identity> {
        self.members.iter().filter(|m| m.role == role).collect()
    }
}

/// A demo step that failed, and why.
#[derive(Debug, thiserror::Error)]
#[error("demo {step}: {cause}")]
pub struct SeedError {
    step: &'static str,
    cause: ApiError,
}

impl SeedError {
    /// Wraps a failure of the step `step` (e.g. "moment", "banner").
    pub fn at<E: Into<ApiError>>(step: &'static str) -> impl FnOnce(E) -> Self {
        move |cause| Self {
            step,
            cause: cause.into(),
        }
    }
}
