//! The audit log of the back office: every admin action, written by the crate that performs it
//! inside the action's own transaction (so a rolled-back action leaves no entry and a committed
//! one always has one), read by superadmins through the admin crate.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde::Serialize;

use crate::db::Conn;
use crate::ids::UserId;
use crate::paging::PageWindow;
use crate::schema::audit_log;

/// One admin action: who, what, on which object, the object before and after.
pub struct Action<'a> {
    pub actor: UserId,
    /// What was done, as `<object>.<verb>`, e.g. `idcard.pass`, `user.update`.
    pub action: &'a str,
    /// The kind of object, e.g. `user`, `blog`, `photo`.
    pub object_kind: &'a str,
    pub object_id: String,
    /// The object's relevant fields before the action (`None` when it did not exist).
    pub before: Option<serde_json::Value>,
    /// The object's relevant fields after the action (`None` when it is gone).
    pub after: Option<serde_json::Value>,
}

impl<'a> Action<'a> {
    pub fn new(
        actor: UserId,
        action: &'a str,
        object_kind: &'a str,
        object_id: impl ToString,
    ) -> Self {
        Self {
            actor,
            action,
            object_kind,
            object_id: object_id.to_string(),
            before: None,
            after: None,
        }
    }

    /// The object's state before and after, each serialised as JSON.
    pub fn states(
        mut self,
        before: Option<&impl Serialize>,
        after: Option<&impl Serialize>,
    ) -> Self {
        self.before = before.and_then(|state| serde_json::to_value(state).ok());
        self.after = after.and_then(|state| serde_json::to_value(state).ok());
        self
    }
}

/// Writes the action; call it inside the transaction that performs it.
pub async fn record(conn: &mut Conn<'_>, action: Action<'_>, now: i64) -> QueryResult<()> {
    let text = |state: Option<serde_json::Value>| state.map(|v| v.to_string()).unwrap_or_default();
    let insert = diesel::insert_into(audit_log::table).values((
        audit_log::actor_id.eq(action.actor),
        audit_log::action.eq(action.action),
        audit_log::object_kind.eq(action.object_kind),
        audit_log::object_id.eq(&action.object_id),
        audit_log::before_state.eq(text(action.before)),
        audit_log::after_state.eq(text(action.after)),
        audit_log::created_at.eq(now),
    ));
    crate::run!(conn, |c| insert.execute(c).await).map(drop)
}

/// One written action, as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = audit_log)]
pub struct Recorded {
    pub id: i64,
    pub actor_id: UserId,
    pub action: String,
    pub object_kind: String,
    pub object_id: String,
    pub before_state: String,
    pub after_state: String,
    pub created_at: i64,
}

/// A page of entries, newest first, and how many there are; with `object` (kind and id), only
/// that object's history.
pub async fn page(
    conn: &mut Conn<'_>,
    object: Option<(&str, &str)>,
    window: PageWindow,
) -> QueryResult<(Vec<Recorded>, i64)> {
    let newest_first = audit_log::table
        .order(audit_log::id.desc())
        .limit(window.limit)
        .offset(window.offset);
    match object {
        None => {
            let count = audit_log::table.count();
            crate::run_both!(
                conn,
                |c| newest_first.select(Recorded::as_select()).load(c),
                count.get_result(c)
            )
        }
        Some((kind, id)) => {
            let of_object = audit_log::object_kind
                .eq(kind)
                .and(audit_log::object_id.eq(id));
            let rows = newest_first.filter(of_object);
            let count = audit_log::table.filter(of_object).count();
            crate::run_both!(
                conn,
                |c| rows.select(Recorded::as_select()).load(c),
                count.get_result(c)
            )
        }
    }
}

/// Blanks the recorded states of one object's entries (who did what, and when, stay): an erased
/// member's contact details must not outlive their account in the log.
pub async fn redact_object(
    conn: &mut Conn<'_>,
    object_kind: &str,
    object_id: &str,
) -> QueryResult<()> {
    let entries = audit_log::table
        .filter(audit_log::object_kind.eq(object_kind))
        .filter(audit_log::object_id.eq(object_id));
    crate::run!(conn, |c| diesel::update(entries)
        .set((
            audit_log::before_state.eq(""),
            audit_log::after_state.eq("")
        ))
        .execute(c)
        .await)?;
    Ok(())
}
