//! User-management handlers, mounted under /admin by the admin crate (whose guard answers
//! guests 401 and members 403 first); each also takes `AdminUser` to know who acts.

use actix_web::{post, web};
use platform::http::OptionalJson;
use platform::paging::{MAX_PAGE_SIZE, PageWindow, search_words};
use platform::{
    AdminUser, ApiResult, AppState, Envelope, ErrorEnvelope, Role, UserId, ok, ok_with_message,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::forms::{self, Nickname, USER_REQUIRED};
use super::service::{self, AdminError, ManagedUser, MemberRef, UserEdit};

/// The admin tables' default page size (spec 3: 10, 20, 50 or 100).
const DEFAULT_PAGE_SIZE: i64 = 10;

/// `{username, page, pageSize}`; every field may be left out.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserListRequest {
    /// Part of the username, in any letter case; surrounding spaces are dropped and only the
    /// first 20 characters count. Empty or left out: everyone.
    #[serde(default)]
    pub username: Option<String>,
    /// 1-based page number (1 when left out); below 1 reads as 1.
    #[serde(default)]
    pub page: Option<i64>,
    /// Members per page, 10 when left out; brought into 1 to 100.
    #[serde(default)]
    pub page_size: Option<i64>,
}

/// A member as the back office lists them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserItem {
    pub user_id: UserId,
    pub username: String,
    pub nickname: String,
    /// Empty when the member has none.
    pub email: String,
    /// 11 digits, or empty.
    pub phone: String,
    pub sys_role: Role,
    /// Relative path of the avatar image, shown under /api/v1/; empty when none.
    pub avatar: String,
    /// Last sign-in, epoch seconds; 0 when never.
    pub logined_at: i64,
    pub uuid: String,
    /// Registration, epoch seconds.
    pub created_at: i64,
}

impl From<ManagedUser> for AdminUserItem {
    fn from(user: ManagedUser) -> Self {
        Self {
            user_id: user.user_id,
            username: user.username,
            nickname: user.nickname,
            email: user.email,
            phone: user.phone,
            sys_role: user.sys_role,
            avatar: user.avatar,
            logined_at: user.logined_at,
            uuid: user.uuid,
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminUserListData {
    pub users: Vec<AdminUserItem>,
    /// How many members match, over all pages.
    pub total: i64,
}

/// The user object the admin form sends back: `userId` (or `uuid`) names the member; the
/// other fields the list shows (username, avatar, times) may come along and are not read.
// Read as optional so that a missing field gets the form's sentence, not a parse error.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUpdateUserRequest {
    /// The member to change; when left out, `uuid` names them (请指定要修改的用户 when neither).
    #[serde(default)]
    pub user_id: Option<UserId>,
    /// The member's uuid; when `userId` is given as well, both must name the same member.
    #[serde(default)]
    pub uuid: Option<String>,
    /// 请输入昵称 when blank; at most 32 characters (昵称不能超过32个字符).
    #[serde(default)]
    #[schema(required = true, value_type = String, min_length = 1, pattern = r"\S")]
    pub nickname: Option<String>,
    /// Left out: unchanged. Empty: the member has no address. A new address (请输入有效的邮箱地址
    /// when not address-shaped) is stored in lower case and unverified until the member
    /// verifies it; another member's verified address is a 409.
    #[serde(default)]
    pub email: Option<String>,
    /// Left out: unchanged. Empty: none. Otherwise 11 digits, 1 then 3 to 9 (请输入有效的手机号码);
    /// another member's number is a 409.
    #[serde(default)]
    #[schema(pattern = r"^\s*(1[3-9][0-9]{9})?\s*$")]
    pub phone: Option<String>,
    /// Left out: unchanged. Only a superadmin changes it (403 otherwise); the last superadmin
    /// keeps it (409). A change signs the member out everywhere.
    #[serde(default)]
    #[schema(value_type = Option<Role>)]
    pub sys_role: Option<String>,
}

impl TryFrom<AdminUpdateUserRequest> for UserEdit {
    type Error = AdminError;
    fn try_from(request: AdminUpdateUserRequest) -> Result<Self, Self::Error> {
        let uuid = request
            .uuid
            .map(|uuid| uuid.trim().to_owned())
            .filter(|uuid| !uuid.is_empty());
        let member = match (request.user_id, uuid) {
            (Some(id), uuid) => MemberRef::Id { id, uuid },
            (None, Some(uuid)) => MemberRef::Uuid(uuid),
            (None, None) => return Err(AdminError::Invalid(USER_REQUIRED)),
        };
        let nickname = Nickname::parse(request.nickname.as_deref().unwrap_or_default())
            .map_err(AdminError::Invalid)?;
        Ok(Self {
            member,
            nickname,
            email: request
                .email
                .as_deref()
                .map(forms::email)
                .transpose()
                .map_err(AdminError::Invalid)?,
            phone: request
                .phone
                .as_deref()
                .map(forms::phone)
                .transpose()
                .map_err(AdminError::Invalid)?,
            role: request
                .sys_role
                .as_deref()
                .map(forms::role)
                .transpose()
                .map_err(AdminError::Invalid)?,
        })
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminDeleteUsersRequest {
    /// The members to delete, 1 to 100 (请选择要删除的用户 when empty).
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    pub user_ids: Vec<UserId>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminDeleteUsersData {
    /// How many members were deleted.
    pub deleted: usize,
}

/// Members not deleted, newest first, optionally those whose username contains some words.
/// Operators' placeholder addresses show as empty.
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_list_users",
    request_body(content = Option<AdminUserListRequest>, description = "May be left out: the first page of 10", content_type = "application/json"),
    responses(
        (status = 200, body = Envelope<AdminUserListData>),
        (status = 400, description = "The body is not valid JSON of this shape", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/list")]
async fn admin_list_users(
    state: web::Data<AppState>,
    _admin: AdminUser,
    body: OptionalJson<Option<AdminUserListRequest>>,
) -> ApiResult<AdminUserListData> {
    let request = body.0.unwrap_or_default();
    let window = PageWindow::of(
        request.page,
        request.page_size,
        DEFAULT_PAGE_SIZE,
        MAX_PAGE_SIZE,
    );
    let words = search_words(request.username.as_deref());
    let (users, total) = service::list(&state, words.as_deref(), window).await?;
    ok(AdminUserListData {
        users: users.into_iter().map(AdminUserItem::from).collect(),
        total,
    })
}

/// Changes a member's nickname, email, phone and role, and answers the member as now stored.
/// Only a superadmin changes roles or edits another admin's account; an admin edits plain
/// members and their own account. Written to the audit log (`user.update`).
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_update_user",
    request_body = AdminUpdateUserRequest,
    responses(
        (status = 200, description = "更新用户成功", body = Envelope<AdminUserItem>),
        (status = 400, description = "A field breaks its rule (请指定要修改的用户, 请输入昵称, 昵称不能超过32个字符, 请输入有效的邮箱地址, 请输入有效的手机号码, 角色只能是 user、admin 或 superadmin)", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin; 只有系统管理员可以修改管理员角色; 只有系统管理员可以修改管理员账号", body = ErrorEnvelope),
        (status = 404, description = "用户不存在 (unknown or deleted)", body = ErrorEnvelope),
        (status = 409, description = "不能取消最后一位系统管理员的系统管理员角色; 该邮箱已被其他账号使用; 该手机号已被其他账号使用", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/update")]
async fn admin_update_user(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<AdminUpdateUserRequest>,
) -> ApiResult<AdminUserItem> {
    let edit = UserEdit::try_from(body.into_inner())?;
    let user = service::update(&state, &admin.0, edit).await?;
    ok_with_message("更新用户成功", user.into())
}

/// Deletes members for good, as their own account deletion does: personal data and files go,
/// sign-in ends, wallet records stay under an anonymous tombstone. All or none. Only a
/// superadmin deletes admins; nobody deletes themselves here; the last superadmin stays.
/// Written to the audit log (`user.delete`).
#[utoipa::path(
    tag = "admin",
    operation_id = "admin_delete_users",
    request_body = AdminDeleteUsersRequest,
    responses(
        (status = 200, description = "删除用户成功", body = Envelope<AdminDeleteUsersData>),
        (status = 400, description = "请选择要删除的用户; 一次最多删除 100 位用户", body = ErrorEnvelope),
        (status = 401, description = "Not signed in", body = ErrorEnvelope),
        (status = 403, description = "Not an admin; 只有系统管理员可以删除管理员账号; 不能在后台删除自己的账号", body = ErrorEnvelope),
        (status = 404, description = "用户不存在 (one of them is unknown or already deleted; nobody was deleted)", body = ErrorEnvelope),
        (status = 409, description = "不能删除最后一位系统管理员", body = ErrorEnvelope),
        (status = 413, body = ErrorEnvelope),
    ),
    security(("bearer" = []))
)]
#[post("/user/delete")]
async fn admin_delete_users(
    state: web::Data<AppState>,
    admin: AdminUser,
    body: web::Json<AdminDeleteUsersRequest>,
) -> ApiResult<AdminDeleteUsersData> {
    let deleted = service::delete(&state, &admin.0, body.into_inner().user_ids).await?;
    ok_with_message("删除用户成功", AdminDeleteUsersData { deleted })
}

pub fn configure(cfg: &mut utoipa_actix_web::service_config::ServiceConfig<'_>) {
    cfg.service(admin_list_users)
        .service(admin_update_user)
        .service(admin_delete_users);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(body: serde_json::Value) -> Result<UserEdit, &'static str> {
        let request: AdminUpdateUserRequest = serde_json::from_value(body).expect("shape");
        UserEdit::try_from(request).map_err(|error| match error {
            AdminError::Invalid(text) => text,
            _ => "other",
        })
    }

    #[test]
    fn the_form_names_its_member_by_id_or_uuid() {
        assert!(matches!(
            request(serde_json::json!({"userId": 7, "nickname": "梅"})).map(|e| e.member),
            Ok(MemberRef::Id {
                id: UserId(7),
                uuid: None
            })
        ));
        assert!(matches!(
            request(serde_json::json!({"uuid": " u-7 ", "nickname": "梅"})).map(|e| e.member),
            Ok(MemberRef::Uuid(uuid)) if uuid == "u-7"
        ));
        assert_eq!(
            request(serde_json::json!({"uuid": " ", "nickname": "梅"})).err(),
            Some(USER_REQUIRED)
        );
    }

    #[test]
    fn left_out_fields_stay_and_empty_contacts_are_removed() {
        let edit = request(serde_json::json!({"userId": 7, "nickname": "梅"})).expect("valid");
        assert!(edit.email.is_none() && edit.phone.is_none() && edit.role.is_none());
        let edit = request(
            serde_json::json!({"userId": 7, "nickname": "梅", "email": "", "phone": " ", "sysRole": "admin"}),
        )
        .expect("valid");
        assert!(matches!(edit.email, Some(None)));
        assert!(matches!(edit.phone, Some(None)));
        assert_eq!(edit.role, Some(Role::Admin));
        assert_eq!(
            request(serde_json::json!({"userId": 7})).err(),
            Some(forms::NICKNAME_REQUIRED)
        );
        assert_eq!(
            request(serde_json::json!({"userId": 7, "nickname": "梅", "sysRole": "root"})).err(),
            Some(forms::ROLE_INVALID)
        );
    }
}
