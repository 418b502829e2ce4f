//! Wallet handlers: extract, parse, call the service, answer.

use actix_web::{HttpRequest, HttpResponse, ResponseError, get, post, web};
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageWindow};
use platform::{ApiError, ApiResult, AppState, CurrentUser, Envelope, ErrorEnvelope, ok};

use crate::dto::{
    BalanceEntry, CreateRechargeRequest, CreatedRecharge, OrderRef, OrderStatusData,
    RechargeListData, RechargeListRequest, SandboxOrder, SandboxPayRequest, TransactionListData,
    TransactionListRequest, WeChatPayRefusal,
};
use crate::error::PaymentsError;
use crate::model::{Currency, PayType};
use crate::recharge::{self, RechargeAmount};
use crate::repo::TransactionFilter;
use crate::{sandbox, wallet, wechat};

/// Spec 2, section 9: the recharge list shows 10 a page, the transaction list 20.
const RECHARGE_PAGE_SIZE: i64 = 10;
const TRANSACTION_PAGE_SIZE: i64 = 20;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(get_balance)
        .service(create_recharge)
        .service(get_recharge_order)
        .service(list_recharges)
        .service(list_transactions)
        .service(get_sandbox_order)
        .service(pay_sandbox_order)
        .service(receive_wechatpay_notification);
}

/// The caller's balances: CNY in fen first (the spec reads the first entry), then points.
#[utoipa::path(
    tag = "payments",
    operation_id = "get_balance",
    responses(
        (status = 200, body = Envelope<Vec<BalanceEntry>>),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[get("/user/balance")]
async fn get_balance(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> ApiResult<Vec<BalanceEntry>> {
    ok(wallet::balances(&state, user.0.user_id).await?)
}

/// Opens a recharge order; `url` is what the QR code shows.
#[utoipa::path(
    tag = "payments",
    operation_id = "create_recharge",
    request_body = CreateRechargeRequest,
    responses(
        (status = 200, body = Envelope<CreatedRecharge>),
        (status = 400, description = "The method or amount is not accepted; the message says which", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
        (status = 429, description = "Too many orders this hour", body = ErrorEnvelope),
        (status = 502, description = "WeChat Pay did not create the order", body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/recharge/create")]
async fn create_recharge(
    state: web::Data<AppState>,
    request: HttpRequest,
    user: CurrentUser,
    body: web::Json<CreateRechargeRequest>,
) -> ApiResult<CreatedRecharge> {
    let amount = RechargeAmount::parse(body.pay_method, body.pay_money)?;
    let origin = platform::http::site_origin(&state, &request);
    ok(recharge::create(&state, user.0.user_id, amount, &origin).await?)
}

/// The state of one of the caller's orders; polled every 2 s while the QR code shows.
#[utoipa::path(
    tag = "payments",
    operation_id = "get_recharge_order",
    request_body = OrderRef,
    responses(
        (status = 200, body = Envelope<OrderStatusData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/recharge/getorder")]
async fn get_recharge_order(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<OrderRef>,
) -> ApiResult<OrderStatusData> {
    let status = recharge::poll(&state, user.0.user_id, body.order_no.trim()).await?;
    ok(OrderStatusData {
        status: status.as_str().to_owned(),
    })
}

/// The caller's recharge orders, newest first.
#[utoipa::path(
    tag = "payments",
    operation_id = "list_recharges",
    request_body(content = Option<RechargeListRequest>, description = "May be left out (or null): the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<RechargeListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/recharge/list")]
async fn list_recharges(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<RechargeListRequest>>,
) -> ApiResult<RechargeListData> {
    let request = body.0.unwrap_or_default();
    let window = PageWindow::of(
        request.page,
        request.page_size,
        RECHARGE_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let (orders, total) =
        wallet::orders(&state, user.0.user_id, request.pay_method, window).await?;
    ok(RechargeListData { orders, total })
}

/// The caller's ledger, newest first, in one currency (CNY unless asked for POINTS).
#[utoipa::path(
    tag = "payments",
    operation_id = "list_transactions",
    request_body(content = Option<TransactionListRequest>, description = "May be left out (or null): the first page of 20 CNY rows", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<TransactionListData>),
        (status = 400, description = "A filter is not accepted; the message says which", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/transactions/list")]
async fn list_transactions(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: OptionalJson<Option<TransactionListRequest>>,
) -> ApiResult<TransactionListData> {
    let request = body.0.unwrap_or_default();
    let filter = transaction_filter(&request)?;
    let window = PageWindow::of(
        request.page,
        request.page_size,
        TRANSACTION_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let (trans, total) = wallet::transactions(&state, user.0.user_id, &filter, window).await?;
    ok(TransactionListData { trans, total })
}

fn transaction_filter(
    request: &TransactionListRequest,
) -> Result<TransactionFilter<'_>, PaymentsError> {
    let pay_type = match request.trans_type.as_deref().map(str::trim) {
        None | Some("" | "all" | "0") => None,
        Some(raw) => Some(PayType::parse(raw).ok_or(PaymentsError::Invalid(
            "交易类型只能是 recharge、usage 或 gift",
        ))?),
    };
    let currency = match request.currency_code.as_deref().map(str::trim) {
        None | Some("") => Currency::Cny,
        Some(code) => Currency::parse(&code.to_ascii_uppercase())
            .ok_or(PaymentsError::Invalid("币种只能是 CNY 或 POINTS"))?,
    };
    let bound = |value: Option<i64>| value.filter(|seconds| *seconds > 0);
    Ok(TransactionFilter {
        currency,
        pay_type,
        order_no: request
            .order_no
            .as_deref()
            .map(str::trim)
            .filter(|no| !no.is_empty()),
        from: bound(request.begin_created_at),
        until: bound(request.end_created_at),
    })
}

/// The sandbox payment page's order (no sign-in: the order number is the QR code's secret).
#[utoipa::path(
    tag = "payments",
    operation_id = "get_sandbox_order",
    request_body = OrderRef,
    responses(
        (status = 200, body = Envelope<SandboxOrder>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 404, description = "No such sandbox order, or the sandbox is off", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/recharge/sandbox/order")]
async fn get_sandbox_order(
    state: web::Data<AppState>,
    body: web::Json<OrderRef>,
) -> ApiResult<SandboxOrder> {
    ok(sandbox::order(&state, body.order_no.trim()).await?)
}

/// Confirms (`paid`) or fails a pending sandbox order; nothing is charged.
#[utoipa::path(
    tag = "payments",
    operation_id = "pay_sandbox_order",
    request_body = SandboxPayRequest,
    responses(
        (status = 200, body = Envelope<SandboxOrder>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 404, description = "No such sandbox order, or the sandbox is off", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    )
)]
#[post("/recharge/sandbox/pay")]
async fn pay_sandbox_order(
    state: web::Data<AppState>,
    body: web::Json<SandboxPayRequest>,
) -> ApiResult<SandboxOrder> {
    ok(sandbox::pay(&state, body.order_no.trim(), body.paid).await?)
}

/// WeChat Pay's payment notification (signed and encrypted; no sign-in). Answers 204 when
/// the payment is credited or was before, 4xx/5xx with WeChat Pay's `{code, message}` so it
/// retries otherwise.
#[utoipa::path(
    tag = "payments",
    operation_id = "receive_wechatpay_notification",
    request_body(content = String, description = "WeChat Pay's notification JSON, verified by its Wechatpay-* headers", content_type = "application/json"),
    responses(
        (status = 204, description = "Credited (now or before)"),
        (status = 400, description = "Refused: unverified, stale, another merchant, or not this order's amount", body = WeChatPayRefusal),
        (status = 404, description = "WeChat Pay is not the provider", body = WeChatPayRefusal),
        (status = 413, description = "The body is over the size limit", body = ErrorEnvelope),
        (status = 500, description = "Not stored; WeChat Pay will retry", body = WeChatPayRefusal),
    )
)]
#[post("/recharge/wechatpay/notify")]
async fn receive_wechatpay_notification(
    state: web::Data<AppState>,
    request: HttpRequest,
    body: Result<web::Bytes, actix_web::Error>,
) -> HttpResponse {
    // A body refused while it was read (over the limit, or a control character the platform
    // keeps out of every JSON body) is answered in this call's documented shapes, not as
    // actix's plain text.
    let body = match body {
        Ok(body) => body,
        Err(error) if error.as_response_error().status_code().as_u16() == 413 => {
            return ApiError::payload_too_large().error_response();
        }
        Err(error) => {
            return HttpResponse::BadRequest().json(wechatpay::failure_body(&error.to_string()));
        }
    };
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    };
    let headers = wechatpay::NotificationHeaders {
        timestamp: header("Wechatpay-Timestamp"),
        nonce: header("Wechatpay-Nonce"),
        signature: header("Wechatpay-Signature"),
        serial: header("Wechatpay-Serial"),
    };
    match wechat::accept_notification(&state, &headers, &body).await {
        Ok(_) => HttpResponse::NoContent().finish(),
        Err(refused) => {
            tracing::warn!(error = %refused, "WeChat Pay notification refused");
            let status = match &refused {
                wechat::NotificationRefused::NotConfigured => {
                    actix_web::http::StatusCode::NOT_FOUND
                }
                wechat::NotificationRefused::Order(PaymentsError::Platform(_)) => {
                    actix_web::http::StatusCode::INTERNAL_SERVER_ERROR
                }
                _ => actix_web::http::StatusCode::BAD_REQUEST,
            };
            HttpResponse::build(status).json(wechatpay::failure_body(&refused.to_string()))
        }
    }
}
