//! Request and response bodies, with the spec's field names (spec 3, sections 3 and 7), and
//! the checks that turn save requests into drafts (section 5).

pub mod graph;
pub mod learning;

use platform::text::trim_visible;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::exercise::ExerciseQuestion;
use crate::model::{
    CourseFields, CourseId, PointDraft, PointId, PrerequisiteId, RelationId, ResourceFields,
    ResourceId,
};

/// Courses, knowledge points and resources are graded 1 (初级), 2 (中级) or 3 (高级).
const LEVELS: std::ops::RangeInclusive<i64> = 1..=3;
/// The resource types the back office offers; `iframe` is an embedded page.
pub const RESOURCE_TYPES: &[&str] = &[
    "audio", "lecture", "exercise", "text", "video", "document", "iframe",
];
/// The most a course may cost: 10 000 yuan, in fen.
const MAX_FEE: i64 = 1_000_000;

// ---------- lists ----------

/// `{page, pageSize, keyword}`, every field optional. Pages hold up to 1000 items: the
/// catalogue and the back office load whole lists (spec 3, section 9).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeListRequest {
    /// 1-based (1 when left out).
    #[serde(default)]
    pub page: Option<i64>,
    /// Brought into 1 to 1000; the list's default when left out.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// Words to find (courses: name or description; points: name, category or
    /// description); ignored by the link lists.
    #[serde(default)]
    pub keyword: Option<String>,
    /// Courses only: `recommended` ranks them for the signed-in member by what they learn
    /// (each with `score` and `reason`); left out, the catalogue's order.
    #[serde(default)]
    pub order: Option<String>,
}

/// `{kpId, page, pageSize, keyword}`: resources, optionally only those bound to one point.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResourceListRequest {
    /// Only resources bound to this point; 0 or left out for all.
    #[serde(default)]
    pub kp_id: Option<i64>,
    #[serde(default)]
    pub page: Option<i64>,
    /// Brought into 1 to 1000; 20 when left out.
    #[serde(default)]
    pub page_size: Option<i64>,
    /// Words the name or content holds.
    #[serde(default)]
    pub keyword: Option<String>,
}

/// A course on the catalogue.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    pub kc_id: CourseId,
    pub name: String,
    pub description: String,
    pub category: String,
    /// 1 初级, 2 中级, 3 高级.
    pub level: i64,
    /// Fen; 0 is free.
    pub fee: i64,
    /// An uploaded picture's path (shown under /api/v1/), or empty for a bundled banner.
    pub banner: String,
    /// JSON text: a list of `{kpID, seqname, name, children}` nodes.
    pub kp_tree: String,
    /// Nodes in the tree.
    pub point_count: i64,
    /// 1 when the caller bought it (0 for guests and free courses).
    pub is_acquired: i64,
    pub created_at: i64,
    pub updated_at: i64,
    /// With `order: recommended`: how well it fits (0-100).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// With `order: recommended`: the signal that ranked it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourseListData {
    pub list: Vec<Course>,
    pub total: i64,
}

/// A knowledge point. `locked` ones (in no course the caller may read) come without their
/// content, examples and references.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgePoint {
    pub kp_id: PointId,
    pub name: String,
    pub category: String,
    pub level: i64,
    pub description: String,
    /// Cleaned HTML.
    pub content: String,
    pub examples: Vec<String>,
    pub references: Vec<String>,
    pub locked: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointListData {
    pub list: Vec<KnowledgePoint>,
    pub total: i64,
}

/// `parentKpId` is learned before `childKpId`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgePrerequisite {
    pub id: PrerequisiteId,
    pub parent_kp_id: PointId,
    pub child_kp_id: PointId,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PrerequisiteListData {
    pub list: Vec<KnowledgePrerequisite>,
    pub total: i64,
}

/// A learning resource. `locked` ones (bound only to points the caller may not read) come
/// without content, url and iframe.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeResource {
    pub kr_id: ResourceId,
    pub name: String,
    pub content: String,
    /// A web address or a path on this site; `.m3u8` plays as streaming video.
    pub url: String,
    /// The embedded page's address, shown in a sandboxed frame.
    pub iframe: String,
    /// audio, lecture, exercise, text, video, document or iframe.
    #[serde(rename = "type")]
    pub kind: String,
    /// 1 初级, 2 中级, 3 高级.
    pub difficulty: i64,
    pub locked: bool,
    /// Questions a learner can answer (`/knowledge/exercise/get`).
    pub question_count: i64,
    /// The questions with their answers: admins only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub questions: Option<Vec<ExerciseQuestion>>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResourceListData {
    pub list: Vec<KnowledgeResource>,
    pub total: i64,
}

/// A resource bound to a point.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KnowledgeRelation {
    pub id: RelationId,
    pub kp_id: PointId,
    pub kr_id: ResourceId,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RelationListData {
    pub list: Vec<KnowledgeRelation>,
    pub total: i64,
}

/// Everything the learner view shows of one course: its points and their direct
/// prerequisites (which may belong to other courses), the links into them, and the resources
/// bound to its points.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseDetail {
    pub course: Course,
    /// The caller may read the course's content: free, bought, or an admin.
    pub readable: bool,
    pub points: Vec<KnowledgePoint>,
    pub prerequisites: Vec<KnowledgePrerequisite>,
    pub resources: Vec<KnowledgeResource>,
    pub relations: Vec<KnowledgeRelation>,
    /// What the member opened and mastered here, and the suggested next point.
    pub learning: learning::CourseLearning,
}

// ---------- references and answers ----------

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseRef {
    pub kc_id: CourseId,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PointRef {
    pub kp_id: PointId,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRef {
    pub kr_id: ResourceId,
}

/// A prerequisite link or a relation, by its id.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
pub struct LinkRef {
    pub id: i64,
}

/// A purchase: the wallet's order number and the balance (fen) after it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoursePurchase {
    pub order_no: String,
    pub balance: i64,
}

// ---------- saves ----------

/// A course as the editor sends it.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveCourseRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub description: String,
    #[serde(default)]
    #[schema(required = true)]
    pub category: String,
    /// 1 初级, 2 中级, 3 高级.
    #[serde(default)]
    #[schema(required = true)]
    pub level: Option<i64>,
    /// Fen; 0 is free. Left out: free on create, unchanged on update.
    #[serde(default)]
    pub fee: Option<i64>,
    /// A path `POST /upload` answered for purpose `course_banner`, or empty for a bundled
    /// banner. Left out: none on create, unchanged on update.
    #[serde(default)]
    pub banner: Option<String>,
    /// JSON text of the tree: a list of `{kpID, children}` nodes (names and sequence numbers
    /// are filled in from the points); every kpID an existing point, each at most once.
    /// Left out: empty on create, unchanged on update.
    #[serde(default)]
    pub kp_tree: Option<String>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateCourseRequest {
    pub kc_id: CourseId,
    #[serde(flatten)]
    pub fields: SaveCourseRequest,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedCourse {
    pub kc_id: CourseId,
}

/// A knowledge point as the editor sends it; `id` on edit.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePointRequest {
    /// The point to update (`/points/update` only).
    #[serde(default, alias = "kpId")]
    pub id: Option<PointId>,
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true)]
    pub category: String,
    /// 1 初级, 2 中级, 3 高级.
    #[serde(default)]
    #[schema(required = true)]
    pub level: Option<i64>,
    #[serde(default)]
    pub description: String,
    /// HTML; cleaned before it is stored (no scripts, handlers, styles or frames). Left out:
    /// empty on create, unchanged on update.
    #[serde(default)]
    pub content: Option<String>,
    /// Left out: none on create, unchanged on update.
    #[serde(default)]
    pub examples: Option<Vec<String>>,
    /// Left out: none on create, unchanged on update.
    #[serde(default)]
    pub references: Option<Vec<String>>,
    /// The points learned before this one. When sent, they replace its prerequisite links in
    /// the same transaction as the point; left out, its links stay as they are.
    #[serde(default)]
    pub prerequisites: Option<Vec<PointId>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedPoint {
    pub kp_id: PointId,
}

/// A resource as the editor sends it.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveResourceRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    #[serde(default)]
    pub content: String,
    /// A web address (http or https) or a path on this site; empty for none.
    #[serde(default)]
    pub url: String,
    /// A page to embed: an https address on an allowed host, a path under /media/, or a
    /// pasted `<iframe src="…">`, of which only the address is kept.
    #[serde(default)]
    pub iframe: String,
    /// audio, lecture, exercise, text (default), video, document or iframe.
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
    /// 1 (default) to 3.
    #[serde(default)]
    pub difficulty: Option<i64>,
    /// An exercise's questions with their answers (the index of the right option); left out,
    /// they stay as they are; an empty list removes them.
    #[serde(default)]
    pub questions: Option<Vec<ExerciseQuestion>>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateResourceRequest {
    pub kr_id: ResourceId,
    #[serde(flatten)]
    pub fields: SaveResourceRequest,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedResource {
    pub kr_id: ResourceId,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPrerequisiteRequest {
    /// Learned first.
    pub parent_kp_id: PointId,
    pub child_kp_id: PointId,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewRelationRequest {
    pub kp_id: PointId,
    pub kr_id: ResourceId,
}

/// The most points one resource is bound to.
pub const BIND_MAX_POINTS: usize = 200;

/// Binds a resource to exactly these points (its other relations are removed, in one
/// transaction).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindResourceRequest {
    pub kr_id: ResourceId,
    /// At most 200 points.
    #[serde(default)]
    pub kp_ids: Vec<PointId>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedLink {
    pub id: i64,
}

// ---------- checks ----------

/// A required text: trimmed, not blank, at most `max` characters.
fn required(raw: &str, max: usize, missing: &str, what: &str) -> Result<String, String> {
    let text = trim_visible(raw);
    if text.is_empty() {
        return Err(missing.to_owned());
    }
    limited(text, max, what)
}

/// An optional text: trimmed, at most `max` characters.
fn limited(raw: &str, max: usize, what: &str) -> Result<String, String> {
    let text = trim_visible(raw);
    if text.chars().count() > max {
        Err(format!("{what}不能超过 {max} 个字"))
    } else {
        Ok(text.to_owned())
    }
}

fn level(raw: Option<i64>, missing: &str) -> Result<i64, String> {
    match raw {
        None => Err(missing.to_owned()),
        Some(level) if LEVELS.contains(&level) => Ok(level),
        Some(_) => Err("难度只能是 1（初级）、2（中级）或 3（高级）".to_owned()),
    }
}

/// A list of short texts: blank items dropped, at most `max_items` of at most `max_chars`.
fn text_list(
    items: &[String],
    max_items: usize,
    max_chars: usize,
    what: &str,
) -> Result<String, String> {
    let mut kept = Vec::new();
    for item in items {
        let text = limited(item, max_chars, what)?;
        if !text.is_empty() {
            kept.push(text);
        }
    }
    if kept.len() > max_items {
        return Err(format!("{what}最多 {max_items} 条"));
    }
    Ok(serde_json::to_string(&kept).unwrap_or_else(|_| "[]".to_owned()))
}

impl SaveCourseRequest {
    /// The course's own fields (the tree is checked against the points by the service); a fee
    /// or banner left out is the `stored` one (an update), or free and none (a new course).
    pub fn fields(&self, stored: Option<&CourseFields>) -> Result<CourseFields, String> {
        let fee = self.fee.or(stored.map(|s| s.fee)).unwrap_or(0);
        if !(0..=MAX_FEE).contains(&fee) {
            return Err("价格须在 0 到 10000 元之间".to_owned());
        }
        let banner = match (&self.banner, stored) {
            (Some(banner), _) => limited(banner, 300, "封面地址")?,
            (None, Some(stored)) => stored.banner.clone(),
            (None, None) => String::new(),
        };
        Ok(CourseFields {
            name: required(&self.name, 50, "请输入课程名称", "课程名称")?,
            category: required(&self.category, 20, "请输入课程分类", "课程分类")?,
            level: level(self.level, "请选择课程难度")?,
            description: required(&self.description, 1000, "请输入课程描述", "课程描述")?,
            fee,
            banner,
        })
    }
}

/// The longest content a point holds (characters of HTML).
const CONTENT_MAX_CHARS: usize = 50_000;

impl TryFrom<SavePointRequest> for PointDraft {
    type Error = String;

    fn try_from(body: SavePointRequest) -> Result<Self, String> {
        if body
            .content
            .as_ref()
            .is_some_and(|content| content.chars().count() > CONTENT_MAX_CHARS)
        {
            return Err(format!("知识点内容不能超过 {CONTENT_MAX_CHARS} 个字符"));
        }
        let prerequisites = body.prerequisites.map(|mut ids| {
            ids.sort_unstable();
            ids.dedup();
            ids
        });
        if prerequisites.as_ref().is_some_and(|ids| ids.len() > 50) {
            return Err("前置知识点最多 50 个".to_owned());
        }
        Ok(PointDraft {
            name: required(&body.name, 50, "请输入知识点名称", "知识点名称")?,
            category: required(&body.category, 20, "请输入知识点分类", "知识点分类")?,
            level: level(body.level, "请选择知识点难度")?,
            description: limited(&body.description, 1000, "知识点描述")?,
            content: body
                .content
                .map(|content| crate::html::clean(content.trim())),
            examples: body
                .examples
                .map(|items| text_list(&items, 20, 2000, "示例"))
                .transpose()?,
            reference_list: body
                .references
                .map(|items| text_list(&items, 20, 500, "参考资料"))
                .transpose()?,
            prerequisites,
        })
    }
}

impl SaveResourceRequest {
    /// The resource's fields, its addresses checked against `iframe_hosts`.
    pub fn fields(&self, iframe_hosts: &[String]) -> Result<ResourceFields, String> {
        let kind = self.kind.as_deref().map(str::trim).unwrap_or("text");
        let kind = if kind.is_empty() { "text" } else { kind };
        if !RESOURCE_TYPES.contains(&kind) {
            return Err("资源类型不正确".to_owned());
        }
        let difficulty = self.difficulty.unwrap_or(1);
        if !LEVELS.contains(&difficulty) {
            return Err("难度只能是 1（初级）、2（中级）或 3（高级）".to_owned());
        }
        let url = limited(&self.url, 1000, "链接地址")?;
        let iframe = limited(&self.iframe, 2000, "嵌入地址")?;
        Ok(ResourceFields {
            name: required(&self.name, 100, "请输入资源名称", "资源名称")?,
            content: limited(&self.content, 10_000, "资源内容")?,
            url: crate::addresses::link(&url).map_err(|e| e.to_string())?,
            iframe: crate::addresses::embed(&iframe, iframe_hosts).map_err(|e| e.to_string())?,
            kind: kind.to_owned(),
            difficulty,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(name: &str) -> SavePointRequest {
        SavePointRequest {
            name: name.to_owned(),
            category: "心理学".to_owned(),
            level: Some(1),
            ..Default::default()
        }
    }

    #[test]
    fn a_point_needs_a_name_category_and_level() {
        assert_eq!(
            PointDraft::try_from(point(" ")).unwrap_err(),
            "请输入知识点名称"
        );
        let mut no_level = point("依恋");
        no_level.level = None;
        assert_eq!(
            PointDraft::try_from(no_level).unwrap_err(),
            "请选择知识点难度"
        );
        let mut bad_level = point("依恋");
        bad_level.level = Some(4);
        assert!(PointDraft::try_from(bad_level).is_err());
    }

    #[test]
    fn a_point_keeps_non_blank_examples_and_cleans_its_content() {
        let mut body = point("依恋");
        body.examples = Some(vec![" 例一 ".to_owned(), "  ".to_owned()]);
        body.content = Some("<p>好</p><script>x()</script>".to_owned());
        body.prerequisites = Some(vec![PointId(3), PointId(1), PointId(3)]);
        let draft = PointDraft::try_from(body).unwrap();
        let fields = draft.fields(None);
        assert_eq!(fields.examples, r#"["例一"]"#);
        assert_eq!(fields.content, "<p>好</p>");
        assert_eq!(draft.prerequisites, Some(vec![PointId(1), PointId(3)]));
    }

    #[test]
    fn a_point_update_keeps_what_it_leaves_out() {
        let stored = PointDraft::try_from(SavePointRequest {
            content: Some("<p>旧正文</p>".to_owned()),
            examples: Some(vec!["旧示例".to_owned()]),
            references: Some(vec!["旧文献".to_owned()]),
            ..point("依恋")
        })
        .unwrap()
        .fields(None);
        let renamed = PointDraft::try_from(point("依恋理论")).unwrap();
        let fields = renamed.fields(Some(&stored));
        assert_eq!(fields.name, "依恋理论");
        assert_eq!(
            (fields.content, fields.examples, fields.reference_list),
            (
                stored.content.clone(),
                stored.examples.clone(),
                stored.reference_list.clone()
            )
        );
        let cleared = PointDraft::try_from(SavePointRequest {
            examples: Some(vec![]),
            ..point("依恋")
        })
        .unwrap()
        .fields(Some(&stored));
        assert_eq!(
            (cleared.examples.as_str(), cleared.content),
            ("[]", stored.content)
        );
        let fresh = renamed.fields(None);
        assert_eq!(
            (fresh.content.as_str(), fresh.examples.as_str()),
            ("", "[]")
        );
    }

    #[test]
    fn a_resource_defaults_to_text_and_checks_its_addresses() {
        let body = SaveResourceRequest {
            name: "讲义".to_owned(),
            ..Default::default()
        };
        let fields = body.fields(&[]).unwrap();
        assert_eq!((fields.kind.as_str(), fields.difficulty), ("text", 1));
        let bad = SaveResourceRequest {
            name: "x".to_owned(),
            url: "javascript:alert(1)".to_owned(),
            ..Default::default()
        };
        assert_eq!(bad.fields(&[]).unwrap_err(), "请输入正确的链接地址");
        let odd = SaveResourceRequest {
            name: "x".to_owned(),
            kind: Some("movie".to_owned()),
            ..Default::default()
        };
        assert_eq!(odd.fields(&[]).unwrap_err(), "资源类型不正确");
    }

    #[test]
    fn a_course_checks_its_fee_and_required_fields() {
        let body = SaveCourseRequest {
            name: "沟通与倾听".to_owned(),
            category: "沟通".to_owned(),
            level: Some(1),
            description: "学会倾听".to_owned(),
            fee: Some(-1),
            ..Default::default()
        };
        assert!(body.fields(None).is_err());
        let free = SaveCourseRequest {
            fee: Some(0),
            ..body.clone()
        };
        assert_eq!(free.fields(None).unwrap().fee, 0);
        let unnamed = SaveCourseRequest {
            name: String::new(),
            ..free.clone()
        };
        assert_eq!(unnamed.fields(None).unwrap_err(), "请输入课程名称");

        // An update without fee or banner keeps the stored ones.
        let stored = CourseFields {
            fee: 1990,
            banner: "/uploads/banner.png".to_owned(),
            ..free.fields(None).unwrap()
        };
        let partial = SaveCourseRequest { fee: None, ..free };
        let kept = partial.fields(Some(&stored)).unwrap();
        assert_eq!((kept.fee, kept.banner), (1990, stored.banner.clone()));
        assert_eq!(partial.fields(None).unwrap().fee, 0);
    }
}
