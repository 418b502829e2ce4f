//! The fake's HTTP face: WeChat Pay's three Native endpoints, each checking the merchant's
//! signature and answering signed as WeChat Pay, and `POST /__test__/pay/{out_trade_no}` for
//! browser journeys (pay, then notify).

use actix_web::http::StatusCode;
use actix_web::web::{self, Bytes, Data};
use actix_web::{HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::authorization::{ReceivedAuthorization, random_nonce, unix_now};
use crate::beijing_time;
use crate::signing;

use super::backend::{Backend, new_code_url, new_transaction_id};
use super::credentials::{APPID, MCHID, MERCHANT_SERIAL_NO, PUBLIC_KEY_ID};
use super::ledger::{FakeOrder, FakeTradeState, RecordedRequest, ResponseFault};

/// How far a request's signed timestamp may be from the fake's clock.
const MAX_CLOCK_DISTANCE_SECS: i64 = 300;

pub(super) fn routes(config: &mut web::ServiceConfig) {
    config
        .route("/v3/pay/transactions/native", web::post().to(create_native))
        .route(
            "/v3/pay/transactions/out-trade-no/{out_trade_no}",
            web::get().to(query),
        )
        .route(
            "/v3/pay/transactions/out-trade-no/{out_trade_no}/close",
            web::post().to(close),
        )
        .route(
            "/__test__/pay/{out_trade_no}",
            web::post().to(pay_and_notify),
        )
        .default_service(web::to(unknown));
}

/// An answer before it is signed.
struct Reply {
    status: StatusCode,
    body: Option<Value>,
}

impl Reply {
    fn ok(body: Value) -> Self {
        Self {
            status: StatusCode::OK,
            body: Some(body),
        }
    }

    fn no_content() -> Self {
        Self {
            status: StatusCode::NO_CONTENT,
            body: None,
        }
    }

    fn error(status: StatusCode, code: &str, message: &str) -> Self {
        Self {
            status,
            body: Some(json!({ "code": code, "message": message })),
        }
    }

    fn param_error(message: &str) -> Self {
        Self::error(StatusCode::BAD_REQUEST, "PARAM_ERROR", message)
    }
}

async fn create_native(backend: Data<Backend>, request: HttpRequest, body: Bytes) -> HttpResponse {
    serve(&backend, &request, &body, || create(&backend, &body))
}

async fn query(backend: Data<Backend>, request: HttpRequest, body: Bytes) -> HttpResponse {
    serve(&backend, &request, &body, || {
        let mchid = web::Query::<MchidQuery>::from_query(request.query_string())
            .map(|query| query.into_inner().mchid)
            .unwrap_or_default();
        if let Err(refusal) = check_merchant(&mchid, None) {
            return refusal;
        }
        match backend.order(out_trade_no(&request)) {
            Some(order) => Reply::ok(transaction(&order)),
            None => Reply::error(StatusCode::NOT_FOUND, "ORDER_NOT_EXIST", "订单不存在"),
        }
    })
}

async fn close(backend: Data<Backend>, request: HttpRequest, body: Bytes) -> HttpResponse {
    serve(&backend, &request, &body, || {
        let mchid = serde_json::from_slice::<MchidQuery>(&body)
            .map(|close| close.mchid)
            .unwrap_or_default();
        if let Err(refusal) = check_merchant(&mchid, None) {
            return refusal;
        }
        let mut orders = backend.orders();
        let Some(order) = orders.get_mut(out_trade_no(&request)) else {
            return Reply::error(StatusCode::NOT_FOUND, "ORDER_NOT_EXIST", "订单不存在");
        };
        if order.state == FakeTradeState::Paid {
            return Reply::error(StatusCode::BAD_REQUEST, "ORDER_PAID", "订单已支付");
        }
        order.state = FakeTradeState::Closed;
        Reply::no_content()
    })
}

async fn pay_and_notify(backend: Data<Backend>, request: HttpRequest) -> HttpResponse {
    match backend.pay_and_notify(out_trade_no(&request)).await {
        Ok(status) => HttpResponse::Ok().json(json!({ "notify_status": status })),
        Err(reason) => HttpResponse::Conflict().json(json!({ "message": reason })),
    }
}

async fn unknown(backend: Data<Backend>, request: HttpRequest, body: Bytes) -> HttpResponse {
    serve(&backend, &request, &body, || {
        Reply::error(
            StatusCode::NOT_FOUND,
            "NOT_FOUND",
            "the fake has no such endpoint",
        )
    })
}

fn out_trade_no(request: &HttpRequest) -> &str {
    request.match_info().get("out_trade_no").unwrap_or_default()
}

/// Checks the caller, runs `endpoint` if it is the merchant, logs the call and signs the answer.
fn serve(
    backend: &Backend,
    request: &HttpRequest,
    body: &[u8],
    endpoint: impl FnOnce() -> Reply,
) -> HttpResponse {
    let authenticated = authenticate(backend, request, body);
    let reply = match authenticated {
        Ok(()) => endpoint(),
        Err(reason) => Reply::error(StatusCode::UNAUTHORIZED, "SIGN_ERROR", reason),
    };
    backend.record(RecordedRequest {
        method: request.method().to_string(),
        path: path_with_query(request).to_owned(),
        verified: authenticated.is_ok(),
        wechatpay_serial: request
            .headers()
            .get("Wechatpay-Serial")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned),
        status: reply.status.as_u16(),
    });
    sign(backend, reply)
}

fn path_with_query(request: &HttpRequest) -> &str {
    request
        .uri()
        .path_and_query()
        .map_or_else(|| request.uri().path(), |path| path.as_str())
}

/// What WeChat Pay checks of a request's `Authorization` (签名认证).
fn authenticate(backend: &Backend, request: &HttpRequest, body: &[u8]) -> Result<(), &'static str> {
    let header = request
        .headers()
        .get("Authorization")
        .and_then(|value| value.to_str().ok())
        .ok_or("Authorization 缺失")?;
    let credentials = ReceivedAuthorization::parse(header).ok_or("Authorization 格式错误")?;
    if credentials.mchid != MCHID || credentials.serial_no != MERCHANT_SERIAL_NO {
        return Err("商户号或证书序列号错误");
    }
    let timestamp: i64 = credentials
        .timestamp
        .parse()
        .map_err(|_| "timestamp 格式错误")?;
    if (unix_now() - timestamp).abs() > MAX_CLOCK_DISTANCE_SECS {
        return Err("timestamp 已过期");
    }
    let message = signing::message(&[
        request.method().as_str().as_bytes(),
        path_with_query(request).as_bytes(),
        credentials.timestamp.as_bytes(),
        credentials.nonce_str.as_bytes(),
        body,
    ]);
    if backend
        .merchant_key
        .verifies(&message, &credentials.signature)
    {
        Ok(())
    } else {
        Err("签名错误")
    }
}

/// The answer with WeChat Pay's signature headers, spoiled as the test asked.
fn sign(backend: &Backend, reply: Reply) -> HttpResponse {
    let body = reply.body.map(|body| body.to_string()).unwrap_or_default();
    let fault = backend.fault();
    let timestamp = unix_now().to_string();
    let nonce = random_nonce();
    let key = if fault == Some(ResponseFault::BadSignature) {
        &backend.impostor_key
    } else {
        &backend.platform_key
    };
    let signature = key
        .sign(&signing::message(&[
            timestamp.as_bytes(),
            nonce.as_bytes(),
            body.as_bytes(),
        ]))
        .expect("the test keys sign");
    let serial = if fault == Some(ResponseFault::UnknownSerial) {
        "PUB_KEY_ID_SOMEONE_ELSE"
    } else {
        PUBLIC_KEY_ID
    };
    let mut response = HttpResponse::build(reply.status);
    response.insert_header(("Request-ID", uuid::Uuid::new_v4().to_string()));
    if fault != Some(ResponseFault::Unsigned) {
        response
            .insert_header(("Wechatpay-Timestamp", timestamp))
            .insert_header(("Wechatpay-Nonce", nonce))
            .insert_header(("Wechatpay-Signature", signature))
            .insert_header(("Wechatpay-Serial", serial));
    }
    if body.is_empty() {
        response.finish()
    } else {
        response.content_type("application/json").body(body)
    }
}

#[derive(Deserialize)]
struct MchidQuery {
    mchid: String,
}

#[derive(Deserialize)]
struct CreateRequest {
    appid: String,
    mchid: String,
    description: String,
    out_trade_no: String,
    time_expire: Option<String>,
    notify_url: String,
    amount: CreateAmount,
}

#[derive(Deserialize)]
struct CreateAmount {
    total: i64,
    currency: Option<String>,
}

fn check_merchant(mchid: &str, appid: Option<&str>) -> Result<(), Reply> {
    if mchid.is_empty() {
        return Err(Reply::param_error("缺少参数 mchid"));
    }
    if mchid != MCHID {
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            "MCH_NOT_EXISTS",
            "商户号不存在",
        ));
    }
    if appid.is_some_and(|appid| appid != APPID) {
        return Err(Reply::error(
            StatusCode::BAD_REQUEST,
            "APPID_MCHID_NOT_MATCH",
            "appid和mch_id不匹配",
        ));
    }
    Ok(())
}

/// `POST /v3/pay/transactions/native`, with the checks WeChat Pay documents for its fields.
fn create(backend: &Backend, body: &[u8]) -> Reply {
    let request: CreateRequest = match serde_json::from_slice(body) {
        Ok(request) => request,
        Err(error) => return Reply::param_error(&format!("请求体格式错误: {error}")),
    };
    if let Err(refusal) = check_merchant(&request.mchid, Some(&request.appid)) {
        return refusal;
    }
    if let Err(reason) = check_fields(&request) {
        return Reply::param_error(reason);
    }
    let mut orders = backend.orders();
    if let Some(existing) = orders.get(&request.out_trade_no) {
        // The same order asked again gets the same code; anything else is a reused number.
        let same = existing.state == FakeTradeState::NotPaid
            && existing.amount_fen == request.amount.total
            && existing.description == request.description
            && existing.notify_url == request.notify_url;
        return if same {
            Reply::ok(json!({ "code_url": existing.code_url }))
        } else {
            Reply::error(StatusCode::FORBIDDEN, "OUT_TRADE_NO_USED", "商户订单号重复")
        };
    }
    let order = FakeOrder {
        out_trade_no: request.out_trade_no,
        description: request.description,
        amount_fen: request.amount.total,
        notify_url: request.notify_url,
        time_expire: request.time_expire.unwrap_or_default(),
        code_url: new_code_url(),
        state: FakeTradeState::NotPaid,
        transaction_id: new_transaction_id(),
        success_time: None,
    };
    let reply = Reply::ok(json!({ "code_url": order.code_url }));
    orders.insert(order.out_trade_no.clone(), order);
    reply
}

fn check_fields(request: &CreateRequest) -> Result<(), &'static str> {
    let number = &request.out_trade_no;
    if !(6..=32).contains(&number.len())
        || !number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-|*".contains(c))
    {
        return Err("out_trade_no 须为6-32位数字、大小写字母或_-|*");
    }
    if request.description.is_empty() || request.description.len() > 127 {
        return Err("description 须为1-127字节");
    }
    if request.amount.total < 1 {
        return Err("amount.total 须大于0");
    }
    if request
        .amount
        .currency
        .as_deref()
        .is_some_and(|currency| currency != "CNY")
    {
        return Err("amount.currency 须为CNY");
    }
    if let Some(time_expire) = &request.time_expire {
        match beijing_time::parse(time_expire) {
            Some(instant) if instant > unix_now() => {}
            Some(_) => return Err("time_expire 已过期"),
            None => return Err("time_expire 须为RFC3339格式"),
        }
    }
    let notify_url = url::Url::parse(&request.notify_url).ok();
    if !notify_url
        .is_some_and(|url| matches!(url.scheme(), "http" | "https") && url.query().is_none())
    {
        return Err("notify_url 须为不带参数的http(s)地址");
    }
    Ok(())
}

/// The query answer: WeChat Pay's transaction, with payment details once paid.
fn transaction(order: &FakeOrder) -> Value {
    let mut answer = json!({
        "appid": APPID,
        "mchid": MCHID,
        "out_trade_no": order.out_trade_no,
        "trade_state": order.state.as_wechat(),
        "trade_state_desc": match order.state {
            FakeTradeState::NotPaid => "订单未支付",
            FakeTradeState::Paid => "支付成功",
            FakeTradeState::Closed => "订单已关闭",
        },
        "amount": { "total": order.amount_fen, "currency": "CNY", "payer_currency": "CNY" },
    });
    if order.state == FakeTradeState::Paid {
        answer["transaction_id"] = json!(order.transaction_id);
        answer["trade_type"] = json!("NATIVE");
        answer["bank_type"] = json!("OTHERS");
        answer["success_time"] = json!(order.success_time);
        answer["payer"] = json!({ "openid": "o-fake-wechatpay-payer" });
        answer["amount"]["payer_total"] = json!(order.amount_fen);
    }
    answer
}
