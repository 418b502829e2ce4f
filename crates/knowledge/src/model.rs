//! Rows, typed ids and the validated drafts that save requests become.

use diesel::prelude::*;

use crate::schema::{
    knowledge_courses, knowledge_points, knowledge_prerequisites, knowledge_relations,
    knowledge_resources,
};

platform::typed_id!(
    /// A course.
    CourseId
);
platform::typed_id!(
    /// A knowledge point.
    PointId
);
platform::typed_id!(
    /// A learning resource.
    ResourceId
);
platform::typed_id!(
    /// A prerequisite link between two points.
    PrerequisiteId
);
platform::typed_id!(
    /// A resource bound to a point.
    RelationId
);

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = knowledge_courses)]
pub struct CourseRow {
    pub id: CourseId,
    #[diesel(embed)]
    pub fields: CourseFields,
    pub kp_tree: String,
    pub point_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl CourseRow {
    pub fn is_free(&self) -> bool {
        self.fields.fee == 0
    }
}

/// What an editor sets on a course besides its tree.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = knowledge_courses)]
pub struct CourseFields {
    pub name: String,
    pub description: String,
    pub category: String,
    pub level: i64,
    /// Fen; 0 is free.
    pub fee: i64,
    /// An uploaded picture's path, or empty for the bundled banner.
    pub banner: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = knowledge_points)]
pub struct PointRow {
    pub id: PointId,
    #[diesel(embed)]
    pub fields: PointFields,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A point as stored; `examples` and `reference_list` are JSON lists of strings.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = knowledge_points)]
pub struct PointFields {
    pub name: String,
    pub category: String,
    pub level: i64,
    pub description: String,
    /// Cleaned HTML.
    pub content: String,
    pub examples: String,
    pub reference_list: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = knowledge_prerequisites)]
pub struct PrerequisiteRow {
    pub id: PrerequisiteId,
    pub parent_id: PointId,
    pub child_id: PointId,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = knowledge_resources)]
pub struct ResourceRow {
    pub id: ResourceId,
    #[diesel(embed)]
    pub fields: ResourceFields,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = knowledge_resources)]
pub struct ResourceFields {
    pub name: String,
    pub content: String,
    pub url: String,
    pub iframe: String,
    pub kind: String,
    pub difficulty: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = knowledge_relations)]
pub struct RelationRow {
    pub id: RelationId,
    pub point_id: PointId,
    pub resource_id: ResourceId,
}

/// A validated point save: the point and, when the editor sent them, the points that must be
/// learned before it (replacing its links in the same transaction). Content, examples and
/// references left out (`None`) keep what the point holds.
#[derive(Debug, Clone)]
pub struct PointDraft {
    pub name: String,
    pub category: String,
    pub level: i64,
    pub description: String,
    pub content: Option<String>,
    pub examples: Option<String>,
    pub reference_list: Option<String>,
    pub prerequisites: Option<Vec<PointId>>,
}

impl PointDraft {
    /// The fields to store: what was left out comes from `stored` (an update), or is empty
    /// (a new point).
    pub fn fields(&self, stored: Option<&PointFields>) -> PointFields {
        let kept = |sent: &Option<String>, old: fn(&PointFields) -> &String, empty: &str| {
            sent.clone()
                .or_else(|| stored.map(|s| old(s).clone()))
                .unwrap_or_else(|| empty.to_owned())
        };
        PointFields {
            name: self.name.clone(),
            category: self.category.clone(),
            level: self.level,
            description: self.description.clone(),
            content: kept(&self.content, |s| &s.content, ""),
            examples: kept(&self.examples, |s| &s.examples, "[]"),
            reference_list: kept(&self.reference_list, |s| &s.reference_list, "[]"),
        }
    }
}
