//! A fake of WeChat's OAuth hosts on loopback, for API tests and the browser journeys. It
//! plays the authorize pages, the token endpoint and the user-info endpoint, and checks what
//! the real ones check: appid and secret, scope per page, grant_type, the redirect domain, and
//! codes and tokens that are known, issued to that app and (for codes) used once.
//!
//! Who "scans" is chosen with extra query parameters on the authorize address: `person`
//! (else the default person, `wechat_friend` until `GET /fake/person?name=…` changes it),
//! `unionid=no` for an app without a union account, and `fail` (`malformed` makes the token
//! endpoint answer HTML).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, OnceLock};

use actix_web::http::header;
use actix_web::{App, HttpResponse, HttpServer, web};
use serde::Deserialize;
use serde_json::json;

pub const OPEN_APPID: &str = "wxopen0fake";
pub const OPEN_SECRET: &str = "open-secret-of-the-fake";
pub const MP_APPID: &str = "wxmp00fake";
pub const MP_SECRET: &str = "mp-secret-of-the-fake";
pub const DEFAULT_PERSON: &str = "wechat_friend";

/// The openid WeChat gives `person` in the app `appid` (different in every app, as WeChat's).
pub fn openid_of(appid: &str, person: &str) -> String {
    format!("o-{appid}-{person}")
}

pub fn unionid_of(person: &str) -> String {
    format!("u-{person}")
}

pub fn nickname_of(person: &str) -> String {
    format!("微信·{person}")
}

#[derive(Clone)]
struct Grant {
    appid: String,
    person: String,
    with_unionid: bool,
    fail: String,
}

#[derive(Default)]
struct Ledger {
    /// code → grant and whether it was used.
    codes: HashMap<String, (Grant, bool)>,
    /// access token → grant.
    tokens: HashMap<String, Grant>,
}

struct Fake {
    registered_host: String,
    base_url: String,
    ledger: Mutex<Ledger>,
    default_person: Mutex<String>,
}

/// A running fake; its address serves both the authorize pages and the API.
pub struct FakeWeChat {
    pub base_url: String,
}

impl FakeWeChat {
    /// One fake per test process, accepting redirects to `localhost` (the test requests' host).
    pub fn shared() -> &'static FakeWeChat {
        static SHARED: OnceLock<FakeWeChat> = OnceLock::new();
        SHARED.get_or_init(|| {
            start("127.0.0.1:0".parse().expect("address"), "localhost").expect("fake WeChat")
        })
    }
}

/// Starts the fake on its own thread; `registered_host` is the domain WeChat would have on file
/// as the apps' redirect domain.
pub fn start(bind: SocketAddr, registered_host: &str) -> std::io::Result<FakeWeChat> {
    let (sender, receiver) = std::sync::mpsc::channel();
    let registered_host = registered_host.to_owned();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let fake = Arc::new(Mutex::new(None::<Arc<Fake>>));
            let slot = fake.clone();
            let server = HttpServer::new(move || {
                let fake = slot
                    .lock()
                    .expect("fake")
                    .clone()
                    .expect("fake is set before serving");
                App::new()
                    .app_data(web::Data::from(fake))
                    .route("/connect/qrconnect", web::get().to(qr_authorize))
                    .route(
                        "/connect/oauth2/authorize",
                        web::get().to(official_authorize),
                    )
                    .route("/sns/oauth2/access_token", web::get().to(access_token))
                    .route("/sns/userinfo", web::get().to(user_info))
                    .route("/avatar/{person}.png", web::get().to(avatar))
                    .route("/fake/person", web::get().to(set_default_person))
            })
            .workers(1)
            // The process's owner (a test, or the journey harness) ends it; no graceful shutdown.
            .disable_signals()
            .bind(bind);
            let server = match server {
                Ok(server) => server,
                Err(error) => {
                    let _ = sender.send(Err(error));
                    return;
                }
            };
            let address = server.addrs()[0];
            let base_url = format!("http://{address}");
            *fake.lock().expect("fake") = Some(Arc::new(Fake {
                registered_host,
                base_url: base_url.clone(),
                ledger: Mutex::new(Ledger::default()),
                default_person: Mutex::new(DEFAULT_PERSON.to_owned()),
            }));
            let _ = sender.send(Ok(base_url));
            let _ = server.run().await;
        });
    });
    let base_url = receiver
        .recv()
        .map_err(|_| std::io::Error::other("the fake WeChat thread ended"))??;
    Ok(FakeWeChat { base_url })
}

#[derive(Deserialize)]
struct AuthorizeQuery {
    appid: Option<String>,
    redirect_uri: Option<String>,
    response_type: Option<String>,
    scope: Option<String>,
    state: Option<String>,
    person: Option<String>,
    unionid: Option<String>,
    fail: Option<String>,
}

async fn qr_authorize(fake: web::Data<Fake>, query: web::Query<AuthorizeQuery>) -> HttpResponse {
    authorize(&fake, query.into_inner(), OPEN_APPID, &["snsapi_login"])
}

async fn official_authorize(
    fake: web::Data<Fake>,
    query: web::Query<AuthorizeQuery>,
) -> HttpResponse {
    authorize(
        &fake,
        query.into_inner(),
        MP_APPID,
        &["snsapi_userinfo", "snsapi_base"],
    )
}

/// What WeChat shows when the request is wrong: a page, not a redirect.
fn refusal_page(text: &str) -> HttpResponse {
    HttpResponse::BadRequest()
        .content_type("text/html; charset=utf-8")
        .body(format!(
            "<!doctype html><title>微信授权</title><p>{text}</p>"
        ))
}

fn authorize(fake: &Fake, query: AuthorizeQuery, appid: &str, scopes: &[&str]) -> HttpResponse {
    if query.appid.as_deref() != Some(appid) {
        return refusal_page("appid 参数错误");
    }
    if query.response_type.as_deref() != Some("code") {
        return refusal_page("response_type 参数错误");
    }
    if !query.scope.as_deref().is_some_and(|s| scopes.contains(&s)) {
        return refusal_page("Scope 参数错误或没有 Scope 权限");
    }
    let redirect = query
        .redirect_uri
        .as_deref()
        .and_then(|raw| url::Url::parse(raw).ok())
        .filter(|url| url.host_str() == Some(fake.registered_host.as_str()));
    let Some(mut redirect) = redirect else {
        return refusal_page("redirect_uri 参数错误");
    };
    let grant = Grant {
        appid: appid.to_owned(),
        person: query
            .person
            .unwrap_or_else(|| fake.default_person.lock().expect("person").clone()),
        with_unionid: query.unionid.as_deref() != Some("no"),
        fail: query.fail.unwrap_or_default(),
    };
    let code = random_token("code");
    fake.ledger
        .lock()
        .expect("ledger")
        .codes
        .insert(code.clone(), (grant, false));
    redirect
        .query_pairs_mut()
        .append_pair("code", &code)
        .append_pair("state", query.state.as_deref().unwrap_or_default());
    HttpResponse::Found()
        .insert_header((header::LOCATION, redirect.to_string()))
        .finish()
}

#[derive(Deserialize)]
struct TokenQuery {
    appid: Option<String>,
    secret: Option<String>,
    code: Option<String>,
    grant_type: Option<String>,
}

fn error_reply(errcode: i64, errmsg: &str) -> HttpResponse {
    // WeChat answers its errors with HTTP 200 and a JSON body, often labelled text/plain.
    HttpResponse::Ok()
        .content_type("text/plain")
        .body(json!({"errcode": errcode, "errmsg": errmsg}).to_string())
}

async fn access_token(fake: web::Data<Fake>, query: web::Query<TokenQuery>) -> HttpResponse {
    let secret = match query.appid.as_deref() {
        Some(OPEN_APPID) => OPEN_SECRET,
        Some(MP_APPID) => MP_SECRET,
        _ => return error_reply(40013, "invalid appid"),
    };
    if query.secret.as_deref() != Some(secret) {
        return error_reply(40125, "invalid appsecret");
    }
    if query.grant_type.as_deref() != Some("authorization_code") {
        return error_reply(40002, "invalid grant_type");
    }
    let Some(code) = query.code.as_deref().filter(|c| !c.is_empty()) else {
        return error_reply(41008, "missing code");
    };
    let mut ledger = fake.ledger.lock().expect("ledger");
    let grant = match ledger.codes.get_mut(code) {
        Some((grant, _)) if Some(grant.appid.as_str()) != query.appid.as_deref() => {
            return error_reply(40029, "invalid code");
        }
        Some((_, true)) => return error_reply(40163, "code been used"),
        Some((grant, used)) => {
            *used = true;
            grant.clone()
        }
        None => return error_reply(40029, "invalid code"),
    };
    if grant.fail == "malformed" {
        return HttpResponse::Ok()
            .content_type("text/html")
            .body("<html>系统繁忙</html>");
    }
    let access_token = random_token("token");
    ledger.tokens.insert(access_token.clone(), grant.clone());
    let mut reply = json!({
        "access_token": access_token,
        "expires_in": 7200,
        "refresh_token": random_token("refresh"),
        "openid": openid_of(&grant.appid, &grant.person),
        "scope": "snsapi_userinfo",
    });
    if grant.with_unionid {
        reply["unionid"] = json!(unionid_of(&grant.person));
    }
    HttpResponse::Ok().json(reply)
}

#[derive(Deserialize)]
struct UserInfoQuery {
    access_token: Option<String>,
    openid: Option<String>,
}

async fn user_info(fake: web::Data<Fake>, query: web::Query<UserInfoQuery>) -> HttpResponse {
    let ledger = fake.ledger.lock().expect("ledger");
    let Some(grant) = query
        .access_token
        .as_deref()
        .and_then(|token| ledger.tokens.get(token))
    else {
        return error_reply(
            40001,
            "invalid credential, access_token is invalid or not latest",
        );
    };
    let openid = openid_of(&grant.appid, &grant.person);
    if query.openid.as_deref() != Some(openid.as_str()) {
        return error_reply(40003, "invalid openid");
    }
    let mut reply = json!({
        "openid": openid,
        "nickname": nickname_of(&grant.person),
        "sex": 0,
        "province": "",
        "city": "",
        "country": "CN",
        "headimgurl": format!("{}/avatar/{}.png", fake.base_url, grant.person),
        "privilege": [],
    });
    if grant.with_unionid {
        reply["unionid"] = json!(unionid_of(&grant.person));
    }
    HttpResponse::Ok().json(reply)
}

#[derive(Deserialize)]
struct PersonQuery {
    name: String,
}

/// Who scans next when the authorize address names nobody (the browser journeys' switch).
async fn set_default_person(fake: web::Data<Fake>, query: web::Query<PersonQuery>) -> HttpResponse {
    *fake.default_person.lock().expect("person") = query.into_inner().name;
    HttpResponse::NoContent().finish()
}

async fn avatar() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("image/png")
        .body(platform::testkit::images::png(96, 96))
}

fn random_token(prefix: &str) -> String {
    format!("{prefix}-{}", uuid::Uuid::new_v4().simple())
}
