//! The chat calls: extract, call the rules, shape the answer; and the socket's upgrade.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use platform::http::OptionalJson;
use platform::paging::PageRequest;
use platform::{ApiError, ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok};

use crate::dto::{
    ChatMessage, ConversationsPage, MessagesPage, MessagesRequest, ReadRequest, SendRequest,
    UnreadCount,
};
use crate::events::{ChatCommand, ChatFrame};
use crate::model::MessageId;
use crate::{service, socket};

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(list_conversations)
        .service(list_messages)
        .service(send_message)
        .service(read_conversation)
        .service(count_unread)
        .service(open_socket);
}

/// The caller's conversations, the one with the newest message first, each with the other
/// member, the last message and the unread count. Conversations with members blacklisted either way are
/// left out.
#[utoipa::path(
    tag = "chat",
    operation_id = "list_conversations",
    request_body = PageRequest,
    responses(
        (status = 200, body = Envelope<ConversationsPage>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/chat/conversation/list")]
async fn list_conversations(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<PageRequest>,
) -> ApiResult<ConversationsPage> {
    ok(service::conversations(&state, &user.0, &body.0).await?)
}

/// A page of the conversation with a member, newest page first (keyset by `beforeId`),
/// messages oldest first, with the peer's read mark and how many messages the caller may
/// still send before the peer replies. Only the two members can read it.
#[utoipa::path(
    tag = "chat",
    operation_id = "list_messages",
    request_body = MessagesRequest,
    responses(
        (status = 200, body = Envelope<MessagesPage>),
        (status = 400, description = "不能给自己发消息", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Blacklisted either way: 对方在你的黑名单中，请先将其移出黑名单 or 对方已拒收你的消息", body = ErrorEnvelope),
        (status = 404, description = "用户不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/chat/message/list")]
async fn list_messages(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MessagesRequest>,
) -> ApiResult<MessagesPage> {
    let before = (body.before_id > 0).then_some(MessageId(body.before_id));
    let page = service::messages(&state, &user.0, &body.peer_uuid, before, body.page_size).await?;
    ok(page)
}

/// Sends a message (text up to 1000 characters, or a picture uploaded with purpose `chat`).
/// Refused between members blacklisted either way, past 3 messages to someone who has never
/// replied (unless they like each other), and past 20 messages a minute.
#[utoipa::path(
    tag = "chat",
    operation_id = "send_message",
    request_body = SendRequest,
    responses(
        (status = 200, body = Envelope<ChatMessage>),
        (status = 400, description = "消息不能为空, 消息不能超过1000个字, 不能给自己发消息, 图片不存在，请重新上传", body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Blacklisted either way, or 对方回复前，你最多只能发送3条消息；互相喜欢后不受此限", body = ErrorEnvelope),
        (status = 404, description = "用户不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "More than 20 messages a minute", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/chat/message/send")]
async fn send_message(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<SendRequest>,
) -> ApiResult<ChatMessage> {
    let draft = service::draft(&body.content, &body.image)?;
    ok(service::send(&state, &user.0, &body.peer_uuid, draft).await?)
}

/// Marks the conversation with a member read up to `lastId`; both members' open tabs hear it.
/// Refused between members blacklisted either way.
#[utoipa::path(
    tag = "chat",
    operation_id = "read_conversation",
    request_body = ReadRequest,
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope),
        (status = 403, description = "Blacklisted either way: 对方在你的黑名单中，请先将其移出黑名单 or 对方已拒收你的消息", body = ErrorEnvelope),
        (status = 404, description = "用户不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/chat/conversation/read")]
async fn read_conversation(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ReadRequest>,
) -> ApiResult<Empty> {
    service::read(&state, &user.0, &body.peer_uuid, MessageId(body.last_id)).await?;
    ok(Empty::new())
}

/// Unread messages over all the caller's conversations (the header's badge).
#[utoipa::path(
    tag = "chat",
    operation_id = "count_unread_messages",
    responses(
        (status = 200, body = Envelope<UnreadCount>),
        (status = 401, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/chat/unread")]
async fn count_unread(state: web::Data<AppState>, user: CurrentUser) -> ApiResult<UnreadCount> {
    let count = service::unread(&state, &user.0).await?;
    ok(UnreadCount { count })
}

/// The real-time channel (WebSocket). The client's first frame is a `ChatCommand` of type
/// `auth` with the access token (never in the URL) and the newest message id it has seen;
/// the server answers `ready`, every message after that id (oldest first, as many as there
/// are; `resync` when they could not all be sent), then live `ChatFrame`s: messages, read marks
/// and typing (never from a member blacklisted either way). The client sends `typing` and
/// `ping` commands; a `ping` is answered with `pong`. The socket closes (1008) as soon as the
/// member's token stops being valid: a sign-out, a password change, a suspension, on any
/// gateway.
#[utoipa::path(
    tag = "chat",
    operation_id = "open_chat_socket",
    responses(
        (status = 101, description = "Switched to the WebSocket protocol. Both ways, frames are JSON text: `application/json` describes the server's frames, the chat-command type the client's.", content(
            (ChatFrame = "application/json"),
            (ChatCommand = "application/vnd.xinqiao.chat-command+json"),
        )),
        (status = 400, description = "Not a WebSocket handshake", body = ErrorEnvelope),
    )
)]
#[get("/chat/socket")]
async fn open_socket(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: web::Payload,
) -> Result<HttpResponse, actix_web::Error> {
    // actix-ws answers a failed handshake with an empty 400; the document (and every client)
    // expects the error envelope.
    let (response, session, stream) = actix_ws::handle(&request, body)
        .map_err(|_| ApiError::bad_request("不是 WebSocket 握手请求"))?;
    let stream = stream.max_frame_size(socket::MAX_FRAME_BYTES);
    actix_web::rt::spawn(socket::run(state, session, stream));
    Ok(response)
}
