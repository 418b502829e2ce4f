//! The audit log of every back-office action, for superadmins only.

use actix_web::{post, web};
use platform::audit::Recorded;
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageWindow};
use platform::{ApiError, ApiResult, AppState, Envelope, ErrorEnvelope, SuperadminUser, ok};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const DEFAULT_PAGE_SIZE: i64 = 20;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_entries);
}

/// `{page, pageSize}`, and optionally one object's history (`objectKind` with `objectId`).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogRequest {
    #[serde(default)]
    pub page: Option<i64>,
    /// Default 20, at most 100.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// e.g. user, blog, photo, profile, idcard.
    #[serde(default)]
    pub object_kind: Option<String>,
    #[serde(default)]
    pub object_id: Option<String>,
}

/// One action: who, what, on which object, the object before and after (JSON text, empty when
/// it did not exist or is gone), when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub actor_id: i64,
    /// The acting admin's username (empty once their account is deleted).
    pub actor: String,
    pub action: String,
    pub object_kind: String,
    pub object_id: String,
    pub before: String,
    pub after: String,
    /// Epoch seconds.
    pub created_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditLogData {
    pub list: Vec<AuditEntry>,
    pub total: i64,
}

/// The back office's actions, newest first; superadmins only (admins get 403).
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_audit_log",
    request_body(content = Option<AuditLogRequest>, description = "May be left out: the first page of 20", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<AuditLogData>),
        (status = 400, description = "objectKind without objectId or the reverse", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not a superadmin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/audit/list")]
async fn list_entries(
    _superadmin: SuperadminUser,
    state: web::Data<AppState>,
    body: OptionalJson<Option<AuditLogRequest>>,
) -> ApiResult<AuditLogData> {
    let request = body.0.unwrap_or_default();
    let object = match (request.object_kind.as_deref(), request.object_id.as_deref()) {
        (Some(kind), Some(id)) => Some((kind, id)),
        (None, None) => None,
        _ => return Err(ApiError::bad_request("objectKind 与 objectId 需同时提供")),
    };
    let window = PageWindow::of(
        request.page,
        request.page_size,
        DEFAULT_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let (rows, total) = platform::audit::page(conn, object, window).await?;
    let actor_ids: Vec<platform::UserId> = rows.iter().map(|row| row.actor_id).collect();
    let actors = accounts::api::user_summaries(conn, &actor_ids).await?;
    let list = rows
        .into_iter()
        .map(|row: Recorded| AuditEntry {
            actor: actors
                .get(&row.actor_id)
                .map(|summary| summary.username.clone())
                .unwrap_or_default(),
            id: row.id,
            actor_id: row.actor_id.get(),
            action: row.action,
            object_kind: row.object_kind,
            object_id: row.object_id,
            before: row.before_state,
            after: row.after_state,
            created_at: row.created_at,
        })
        .collect();
    ok(AuditLogData { list, total })
}
