//! Ties a round trip to the browser that started it. Without this, someone could send a member
//! a callback address carrying the sender's own code and state, and sign the member into the
//! sender's account (login CSRF). A short-lived cookie per state, readable only by these
//! endpoints, proves the callback page runs in the browser that went to WeChat.

use actix_web::HttpRequest;
use actix_web::cookie::time::Duration;
use actix_web::cookie::{Cookie, SameSite};

const COOKIE_PREFIX: &str = "xq_wechat_";
const COOKIE_PATH: &str = "/api/v1/wechat";

fn name(state_id: &str) -> String {
    format!("{COOKIE_PREFIX}{state_id}")
}

/// The mark a start answer sets; it outlives the state by nothing.
pub fn set(state_id: &str, lifetime_seconds: i64, secure: bool) -> Cookie<'static> {
    // Lax: sent with the callback page's own same-site call, never with cross-site requests.
    Cookie::build(name(state_id), "1")
        .path(COOKIE_PATH)
        .max_age(Duration::seconds(lifetime_seconds))
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .finish()
}

/// Removes the mark once its round trip is over.
pub fn clear(state_id: &str) -> Cookie<'static> {
    let mut cookie = Cookie::build(name(state_id), "").path(COOKIE_PATH).finish();
    cookie.make_removal();
    cookie
}

pub fn present(request: &HttpRequest, state_id: &str) -> bool {
    request.cookie(&name(state_id)).is_some()
}
