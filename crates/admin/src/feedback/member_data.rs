//! Feedback's share of a member's data rights: the messages a signed-in member sent, exported
//! and, when the account is deleted, removed (they carry the name and address typed in).

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use platform::db::Conn;
use platform::module::BoxFuture;
use platform::{ApiError, UserId, run};
use serde_json::json;

use super::schema::feedback;

#[derive(Queryable, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct FeedbackExport {
    name: String,
    email: String,
    kind: String,
    message: String,
    created_at: i64,
}

pub fn export<'a>(
    conn: &'a mut Conn<'_>,
    user_id: UserId,
) -> BoxFuture<'a, Result<serde_json::Value, ApiError>> {
    Box::pin(async move {
        let sent: Vec<FeedbackExport> = run!(conn, |c| feedback::table
            .filter(feedback::user_id.eq(user_id))
            .order(feedback::id)
            .select((
                feedback::name,
                feedback::email,
                feedback::kind,
                feedback::message,
                feedback::created_at,
            ))
            .load(c)
            .await)?;
        Ok(json!({ "feedback": sent }))
    })
}

pub fn erase<'a>(conn: &'a mut Conn<'_>, user_id: UserId) -> BoxFuture<'a, Result<(), ApiError>> {
    Box::pin(async move {
        run!(conn, |c| diesel::delete(
            feedback::table.filter(feedback::user_id.eq(user_id))
        )
        .execute(c)
        .await)?;
        Ok(())
    })
}
