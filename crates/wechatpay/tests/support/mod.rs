//! A merchant's notification endpoint on loopback, as the payments crate would serve it:
//! verify, then answer 204, or 400 with WeChat Pay's failure body.

use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use wechatpay::{Client, NotificationHeaders, PaidTrade, failure_body};

/// What the endpoint accepted, in order.
pub type Accepted = Arc<Mutex<Vec<PaidTrade>>>;

/// Starts the endpoint on the current actix system; returns its notify_url and what it accepts.
pub fn start_merchant(client: Client) -> (String, Accepted) {
    let accepted = Accepted::default();
    let recorded = accepted.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new((client.clone(), recorded.clone())))
            .route("/notify", web::post().to(notify))
    })
    .workers(1)
    .disable_signals()
    .bind(("127.0.0.1", 0))
    .expect("a loopback port");
    let url = format!("http://{}/notify", server.addrs()[0]);
    actix_web::rt::spawn(server.run());
    (url, accepted)
}

async fn notify(
    state: web::Data<(Client, Accepted)>,
    request: HttpRequest,
    body: web::Bytes,
) -> HttpResponse {
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
    };
    let headers = NotificationHeaders {
        timestamp: header("Wechatpay-Timestamp"),
        nonce: header("Wechatpay-Nonce"),
        signature: header("Wechatpay-Signature"),
        serial: header("Wechatpay-Serial"),
    };
    let (client, accepted) = state.get_ref();
    match client.verify_notification(&headers, &body, wechatpay::testkit::unix_now()) {
        Ok(paid) => {
            accepted.lock().expect("accepted").push(paid);
            HttpResponse::NoContent().finish()
        }
        Err(error) => HttpResponse::BadRequest().json(failure_body(&error.to_string())),
    }
}
