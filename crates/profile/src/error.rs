//! What can go wrong with a profile, mapped once to HTTP answers.

use platform::ApiError;

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("{0}")]
    Invalid(&'static str),
    #[error("用户资料不存在")]
    NotFound,
    #[error("只能查看和修改自己的资料")]
    NotYourProfile,
    #[error("照片不存在")]
    PhotoNotFound,
    #[error("没有待审核的资料修改")]
    NothingToReview,
    #[error("该照片已审核")]
    AlreadyReviewed,
    #[error(transparent)]
    Platform(#[from] ApiError),
}

/// A refused charge (402 when points are short) reaches the member as the wallet words it.
impl From<payments::api::PaymentsError> for ProfileError {
    fn from(error: payments::api::PaymentsError) -> Self {
        Self::Platform(error.into())
    }
}

platform::api_errors!(ProfileError {
    ProfileError::Invalid(_) => bad_request,
    ProfileError::NotFound | ProfileError::PhotoNotFound | ProfileError::NothingToReview => not_found,
    ProfileError::NotYourProfile => forbidden_with,
    ProfileError::AlreadyReviewed => conflict,
});
