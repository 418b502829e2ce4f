//! `/ai/chat` (the streamed reply) and `/ai/conversation/...` (the member's saved chats).

use actix_web::http::header::{CACHE_CONTROL, ContentEncoding};
use actix_web::{HttpResponse, post, web};
use platform::http::OptionalJson;
use platform::{ApiError, ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use crate::dto::{
    ChatChunk, ChatRequest, ConversationDetail, ConversationListData, ConversationListRequest,
    ConversationRef, RenameRequest,
};
use crate::service;

const CONVERSATIONS_PAGE: i64 = 20;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(ai_chat)
        .service(list_ai_conversations)
        .service(get_ai_conversation)
        .service(rename_ai_conversation)
        .service(delete_ai_conversation);
}

/// Asks the assistant: the reply streams as newline-delimited JSON (`message.content` pieces,
/// then `done: true` with the saved conversation's id, or `error` when the model server
/// failed, timed out or sent nonsense). Closing the connection stops the model server.
#[utoipa::path(
    tag = "assistant",
    operation_id = "ai_chat",
    request_body = ChatRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Newline-delimited JSON, one ChatChunk a line", content_type = "application/x-ndjson", body = ChatChunk),
        (status = 400, description = "请输入消息, too many or too long messages, or 不支持这个模型", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "对话不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
        (status = 429, description = "操作过于频繁 (10 questions a minute) or 今天的 AI 聊天额度已用完，明天再来吧", body = ErrorEnvelope),
        (status = 503, description = "AI 聊天未配置", body = ErrorEnvelope),
    )
)]
#[post("/ai/chat")]
async fn ai_chat(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ChatRequest>,
) -> Result<HttpResponse, ApiError> {
    let chat = service::start(&state, &user.0, body.into_inner()).await?;
    let lines = crate::stream::reply(state, user.0, chat);
    Ok(HttpResponse::Ok()
        .content_type("application/x-ndjson; charset=utf-8")
        // Each line goes out as it comes: no compression buffering it, no proxy either.
        .insert_header(ContentEncoding::Identity)
        .insert_header((CACHE_CONTROL, "no-cache"))
        .insert_header(("x-accel-buffering", "no"))
        .streaming(lines))
}

/// The member's conversations, most recently used first (20 a page).
#[utoipa::path(
    tag = "assistant",
    operation_id = "list_ai_conversations",
    request_body(content = Option<ConversationListRequest>, description = "May be left out: the first 20", content_type = "application/json"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ConversationListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/ai/conversation/list")]
async fn list_ai_conversations(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<ConversationListRequest>>,
) -> ApiResult<ConversationListData> {
    let request = body.0.unwrap_or_default();
    let window =
        platform::paging::PageWindow::of(request.page, request.page_size, CONVERSATIONS_PAGE, 100);
    ok(service::list(&state, &user.0, window).await?)
}

/// One of the member's conversations with its messages.
#[utoipa::path(
    tag = "assistant",
    operation_id = "get_ai_conversation",
    request_body = ConversationRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<ConversationDetail>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "对话不存在 (also another member's)", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/ai/conversation/get")]
async fn get_ai_conversation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ConversationRef>,
) -> ApiResult<ConversationDetail> {
    ok(service::detail(&state, &user.0, body.id).await?)
}

/// Renames one of the member's conversations.
#[utoipa::path(
    tag = "assistant",
    operation_id = "rename_ai_conversation",
    request_body = RenameRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "对话标题须为 1 到 40 个字", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "对话不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/ai/conversation/rename")]
async fn rename_ai_conversation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<RenameRequest>,
) -> ApiResult<Empty> {
    service::rename(&state, &user.0, body.id, &body.title).await?;
    ok(Empty::new())
}

/// Deletes one of the member's conversations with its messages.
#[utoipa::path(
    tag = "assistant",
    operation_id = "delete_ai_conversation",
    request_body = ConversationRef,
    security(("bearer" = [])),
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "登录已过期，请重新登录", body = ErrorEnvelope),
        (status = 404, description = "对话不存在", body = ErrorEnvelope),
        (status = 413, description = "The body is over 1 MiB", body = ErrorEnvelope),
    )
)]
#[post("/ai/conversation/delete")]
async fn delete_ai_conversation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ConversationRef>,
) -> ApiResult<Empty> {
    service::delete(&state, &user.0, body.id).await?;
    ok(Empty::new())
}
