//! Knowledge rules: who reads and changes what, purchases through the wallet, and the
//! integrity of trees, prerequisite links and resource bindings.

pub mod courses;
pub mod graph;
pub mod learning;
pub mod points;
pub mod recommend;
pub mod resources;

use payments::api::PaymentsError;
use platform::paging::{PageWindow, search_words};
use platform::{ApiError, Identity};

use crate::tree::TreeError;

/// The most items one page of a knowledge list holds: the catalogue and the back office load
/// whole lists (spec 3, section 9).
pub const BULK_PAGE_SIZE: i64 = 1000;

#[derive(Debug, thiserror::Error)]
pub enum KnowledgeError {
    #[error("{0}")]
    Invalid(String),
    #[error("课程不存在")]
    CourseNotFound,
    #[error("知识点不存在")]
    PointNotFound,
    #[error("资源不存在")]
    ResourceNotFound,
    #[error("关系不存在")]
    LinkNotFound,
    #[error("权限不足，需要管理员权限才能执行此操作")]
    AdminOnly,
    #[error("该课程免费，无需购买")]
    Free,
    #[error("您已购买该课程")]
    AlreadyOwned,
    #[error("已有会员购买该课程，不能删除；可以修改课程内容")]
    Sold,
    #[error("前置关系已存在")]
    PrerequisiteExists,
    #[error("该资源已绑定到这个知识点")]
    RelationExists,
    #[error("不能这样设置前置知识点，会形成循环依赖：{0}")]
    Cycle(String),
    #[error("请先购买课程")]
    NotBought,
    #[error("这个资源没有习题")]
    NoExercise,
    #[error("这个知识点还没有掌握")]
    NotMastered,
    #[error("只能查看自己的学习记录")]
    OthersProgress,
    #[error("还没到这个知识点的复习时间")]
    NotDue,
    #[error("关系图已被他人修改，请重新加载后再保存")]
    StaleGraph,
    /// The same connection drawn twice on one board (the editors warn 连接已存在 too).
    #[error("连接已存在")]
    DuplicateConnection,
    /// An exercise submitted too often; the text says when to try again, the number in seconds.
    #[error("这道习题每小时最多提交 {max} 次，{0}", max = crate::dto::learning::ATTEMPTS_PER_HOUR)]
    TooManyAttempts(String, u64),
    #[error(transparent)]
    Platform(#[from] ApiError),
}

platform::api_errors!(KnowledgeError {
    KnowledgeError::Invalid(_) | KnowledgeError::Free | KnowledgeError::Cycle(_) => bad_request,
    KnowledgeError::CourseNotFound
        | KnowledgeError::PointNotFound
        | KnowledgeError::ResourceNotFound
        | KnowledgeError::LinkNotFound
        | KnowledgeError::NoExercise
        | KnowledgeError::NotMastered => not_found,
    KnowledgeError::AdminOnly | KnowledgeError::NotBought | KnowledgeError::OthersProgress => forbidden_with,
    KnowledgeError::AlreadyOwned
        | KnowledgeError::Sold
        | KnowledgeError::PrerequisiteExists
        | KnowledgeError::RelationExists
        | KnowledgeError::NotDue
        | KnowledgeError::StaleGraph
        | KnowledgeError::DuplicateConnection => conflict,
    KnowledgeError::TooManyAttempts(_, seconds) => quota_spent(seconds),
});

impl From<PaymentsError> for KnowledgeError {
    fn from(error: PaymentsError) -> Self {
        match error {
            PaymentsError::AlreadyOwned => Self::AlreadyOwned,
            other => Self::Platform(other.into()),
        }
    }
}

impl From<TreeError> for KnowledgeError {
    fn from(error: TreeError) -> Self {
        Self::Invalid(error.to_string())
    }
}

/// Creating, changing and deleting courses, points, resources and their links is for admins
/// and superadmins.
pub fn require_admin(identity: &Identity) -> Result<(), KnowledgeError> {
    if identity.role.is_admin() {
        Ok(())
    } else {
        Err(KnowledgeError::AdminOnly)
    }
}

/// A list page: `page_size` brought into 1 to [`BULK_PAGE_SIZE`].
pub fn window(page: Option<i64>, page_size: Option<i64>, default_size: i64) -> PageWindow {
    let limit = page_size.unwrap_or(default_size).clamp(1, BULK_PAGE_SIZE);
    let page = page.unwrap_or(1).clamp(1, 1_000_000);
    PageWindow {
        offset: (page - 1) * limit,
        limit,
    }
}

pub fn keyword(raw: Option<&str>) -> Option<String> {
    search_words(raw)
}
