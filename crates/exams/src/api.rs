//! What other crates and the gateway call.

use platform::db::Conn;
use platform::{ApiError, UserId};

use crate::repo;

/// A member's completed assessments, for the my page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TestCounts {
    /// Results the member has (every completed attempt they kept).
    pub results: i64,
    /// Distinct assessments among them.
    pub assessments: i64,
}

pub async fn test_counts(conn: &mut Conn<'_>, user: UserId) -> Result<TestCounts, ApiError> {
    let (results, assessments) = repo::results::counts(conn, user).await?;
    Ok(TestCounts {
        results,
        assessments,
    })
}

/// Marks an assessment as a validated instrument (`big-five`, `phq-9`, …): what the demo seed
/// does for the instruments it publishes; editors cannot set it.
pub async fn mark_instrument(
    state: &platform::AppState,
    exam_id: crate::ExamId,
    instrument: &str,
) -> Result<(), ApiError> {
    let mut pooled = state.db.get().await?;
    repo::mark_instrument(&mut pooled.conn(), exam_id, instrument).await?;
    Ok(())
}
