//! Member handlers: the own profile, saving it, the public profile and the unlock.

use actix_web::{post, web};
use platform::{
    ApiResult, AppState, CurrentUser, Empty, Envelope, ErrorEnvelope, ok, ok_with_message,
};

use crate::dto::{
    MyProfile, MyProfileRequest, PublicProfile, UnlockData, UpdateProfileRequest, UuidRequest,
};
use crate::service;

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(get_my_profile)
        .service(update_profile)
        .service(get_profile)
        .service(unlock_profile)
        .service(crate::map::get_map_config);
    crate::relations::http::configure(cfg);
    crate::discovery::http::configure(cfg);
}

/// The caller's own profile, with the changes still under review (`underReview`); `uuid`
/// may be left empty and must otherwise be the caller's.
#[utoipa::path(
    tag = "profile",
    operation_id = "get_my_profile",
    request_body = MyProfileRequest,
    responses(
        (status = 200, body = Envelope<MyProfile>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Another member's uuid", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/myprofile/get")]
async fn get_my_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<MyProfileRequest>,
) -> ApiResult<MyProfile> {
    ok(service::my_profile(&state, &user.0, body.uuid.trim()).await?)
}

/// Saves the caller's profile (message 保存成功). Nickname, avatar and introduction changes
/// and new photos wait for an admin's review before others see them.
#[utoipa::path(
    tag = "profile",
    operation_id = "update_profile",
    request_body = UpdateProfileRequest,
    responses(
        (status = 200, body = Envelope<Empty>),
        (status = 400, description = "A field is not accepted; the message says which (spec 2, section 5)", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/profile/update")]
async fn update_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdateProfileRequest>,
) -> ApiResult<Empty> {
    service::update(&state, &user.0, body.into_inner()).await?;
    ok_with_message("保存成功", Empty::new())
}

/// A member's public profile as the caller may see it (blurred photos when `locked`); the
/// visit is counted. A profile held by reports is unknown to all but its member and admins.
#[utoipa::path(
    tag = "profile",
    operation_id = "get_profile",
    request_body = UuidRequest,
    responses(
        (status = 200, body = Envelope<PublicProfile>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/profile/get")]
async fn get_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UuidRequest>,
) -> ApiResult<PublicProfile> {
    ok(service::public_profile(&state, &user.0, body.uuid.trim()).await?)
}

/// Unlocks a protected member's photos for the caller: 10 points, charged once per pair.
#[utoipa::path(
    tag = "profile",
    operation_id = "unlock_profile",
    request_body = UuidRequest,
    responses(
        (status = 200, body = Envelope<UnlockData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 402, description = "Not enough points; the message says how many are needed", body = ErrorEnvelope),
        (status = 404, description = "用户资料不存在", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/profile/unlock")]
async fn unlock_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UuidRequest>,
) -> ApiResult<UnlockData> {
    ok(service::unlock(&state, &user.0, body.uuid.trim()).await?)
}
