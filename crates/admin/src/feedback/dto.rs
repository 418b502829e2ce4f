//! The feedback form as it arrives.

use serde::Deserialize;
use utoipa::ToSchema;

/// Every field is required; a missing or blank one is answered with the form's sentence for
/// it (Please enter your name, …). Surrounding spaces are dropped before the lengths count.
// Read as empty when left out, so the answer is that sentence, not a parse error.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FeedbackRequest {
    /// At most 50 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 50, pattern = r"\S")]
    pub name: String,
    /// One @ between a local part and a dotted domain, no spaces inside, at most 254
    /// characters.
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 5,
        max_length = 254,
        pattern = r"^\s*[^\s@]+@[^\s@.]+(\.[^\s@.]+)+\s*$"
    )]
    pub email: String,
    /// suggestion, bug, feature or other.
    #[serde(default, rename = "type")]
    #[schema(required = true, pattern = r"^\s*(suggestion|bug|feature|other)\s*$")]
    pub kind: String,
    /// At most 2000 characters.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2000, pattern = r"\S")]
    pub message: String,
}
