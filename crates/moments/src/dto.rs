//! Request and response bodies, with the spec's field names.

use platform::flag::Flag;
use platform::paging::FeedWindow;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};

use crate::model::{
    CONTENT_MAX_CHARS, CommentId, IMAGES_MAX, LATITUDE_RANGE, LONGITUDE_RANGE, MomentDraft,
    MomentId, Place, Visibility,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedRequest {
    /// 0 (or less, or left out) for the newest page; then the smallest momentId seen so far.
    #[serde(default)]
    pub from_id: i64,
    /// Moments per page, 10 to 20 (default 10); other values are brought into that range.
    #[serde(default)]
    pub page_size: Option<i64>,
}

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 20;

impl FeedRequest {
    pub fn window(&self) -> FeedWindow {
        FeedWindow::new(
            self.from_id,
            self.page_size,
            DEFAULT_PAGE_SIZE,
            MAX_PAGE_SIZE,
        )
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FeedData {
    pub moments: Vec<MomentItem>,
}

/// The author's public facts from their profile; 0 or empty where the profile is silent.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct MomentAuthor {
    pub uuid: String,
    pub birthyear: i64,
    pub city: String,
    pub occupation: String,
    pub education: String,
    /// 1 male, 2 female, 0 unknown.
    pub sex: i64,
    /// Centimetres, 0 when unknown.
    pub height: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MomentItem {
    pub moment_id: MomentId,
    pub user: MomentAuthor,
    pub nick_name: String,
    /// Relative path of the author's avatar; empty when none.
    pub avatar: String,
    pub content: String,
    /// Relative paths of the images, shown under /api/v1/.
    pub images: Vec<String>,
    pub like_count: i64,
    pub is_liked: bool,
    /// JSON text of [{uuid, nickname}], oldest like first.
    pub likes: String,
    pub comment_count: i64,
    pub created_at: i64,
    /// JSON text of [{CommentId, Nickname, Content, Uuid, ParentId, ParentNickname}], oldest first.
    pub comments: String,
    /// Where it was posted from, as the author chose it (each may be empty).
    pub province: String,
    pub city: String,
    pub region: String,
    pub landmark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateMomentRequest {
    /// At most 2000 characters; visible text or at least one image is required.
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub content: String,
    // Described by its schema function, which the document takes in place of doc comments.
    #[serde(default)]
    #[schema(schema_with = images_schema)]
    pub images: Vec<String>,
    /// public (default), friends or private.
    #[serde(default)]
    #[schema(pattern = "^(public|friends|private)?$")]
    pub visibility: Option<String>,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub is_topic: Option<Flag>,
    #[serde(default)]
    #[schema(schema_with = platform::flag::schema)]
    pub friend_show: Option<Flag>,
    #[serde(default)]
    #[schema(minimum = 0)]
    pub topic_id: Option<i64>,
    #[serde(default)]
    #[schema(max_length = 32)]
    pub province: String,
    #[serde(default)]
    #[schema(max_length = 32)]
    pub city: String,
    #[serde(default)]
    #[schema(max_length = 32)]
    pub region: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub landmark: String,
    /// Degrees × 10000.
    #[serde(default)]
    #[schema(minimum = -1800000, maximum = 1800000)]
    pub longitude: Option<i64>,
    /// Degrees × 10000.
    #[serde(default)]
    #[schema(minimum = -900000, maximum = 900000)]
    pub latitude: Option<i64>,
}

fn images_schema() -> ArrayBuilder {
    ArrayBuilder::new()
        .items(ObjectBuilder::new().schema_type(Type::String))
        .max_items(Some(IMAGES_MAX))
        .unique_items(true)
        .description(Some(
            "Up to 9 different paths returned by POST /upload?purpose=moment, uploaded by the \
             caller.",
        ))
}

fn bounded(value: &str, max_chars: usize, message: &'static str) -> Result<String, &'static str> {
    let trimmed = platform::text::trim_visible(value);
    if trimmed.chars().count() > max_chars {
        Err(message)
    } else {
        Ok(trimmed.to_owned())
    }
}

impl TryFrom<CreateMomentRequest> for MomentDraft {
    type Error = &'static str;

    fn try_from(request: CreateMomentRequest) -> Result<Self, Self::Error> {
        let content = platform::text::trim_visible(&request.content).to_owned();
        if content.is_empty() && request.images.is_empty() {
            return Err("请输入内容或至少上传一张图片");
        }
        if content.chars().count() > CONTENT_MAX_CHARS {
            return Err("内容不能超过 2000 个字符");
        }
        if request.images.len() > IMAGES_MAX {
            return Err("最多上传 9 张图片");
        }
        let images = request.images;
        let distinct: std::collections::HashSet<&String> = images.iter().collect();
        if distinct.len() != images.len() {
            return Err("同一张图片不能重复添加");
        }
        let visibility = match request.visibility.as_deref() {
            None | Some("") => Visibility::Public,
            Some(raw) => {
                Visibility::parse(raw).ok_or("可见范围只能是 public、friends 或 private")?
            }
        };
        let topic_id = request.topic_id.unwrap_or(0);
        if topic_id < 0 {
            return Err("话题编号无效");
        }
        if request
            .longitude
            .is_some_and(|v| !LONGITUDE_RANGE.contains(&v))
            || request
                .latitude
                .is_some_and(|v| !LATITUDE_RANGE.contains(&v))
        {
            return Err("经纬度超出范围");
        }
        let place = Place {
            province: bounded(&request.province, 32, "省份名称过长")?,
            city: bounded(&request.city, 32, "城市名称过长")?,
            region: bounded(&request.region, 32, "区县名称过长")?,
            landmark: bounded(&request.landmark, 100, "地点名称不能超过 100 个字符")?,
            longitude: request.longitude,
            latitude: request.latitude,
        };
        Ok(Self {
            content,
            images,
            visibility,
            is_topic: request.is_topic.is_some_and(Flag::is_set),
            friend_show: request.friend_show.is_some_and(Flag::is_set),
            topic_id,
            place,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedMoment {
    pub moment_id: MomentId,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MomentRef {
    #[schema(value_type = i64, minimum = 1)]
    pub moment_id: MomentId,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeData {
    pub like_count: i64,
    /// JSON text of [{uuid, nickname}].
    pub likes: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateCommentRequest {
    #[schema(value_type = i64, minimum = 1)]
    pub moment_id: MomentId,
    /// 1 to 500 visible characters (surrounding spaces do not count).
    // Read as empty when left out, so the answer is 请输入评论内容, not a parse error.
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 500, pattern = r"\S")]
    pub content: String,
    /// 0 (or left out) for a top-level comment, else the comment replied to (of the same
    /// moment).
    #[serde(default)]
    #[schema(value_type = i64, minimum = 0)]
    pub parent_id: CommentId,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentsData {
    /// JSON text of [{CommentId, Nickname, Content, Uuid, ParentId, ParentNickname}].
    pub comments: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentRef {
    #[schema(value_type = i64, minimum = 1)]
    pub comment_id: CommentId,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentDeletedData {
    /// The moment's comment count after the deletion.
    pub count: i64,
    /// JSON text of the remaining comments.
    pub comments: String,
}
