//! Rows as the caller sees them: locked content left out.

use crate::dto::{
    Course, KnowledgePoint, KnowledgePrerequisite, KnowledgeRelation, KnowledgeResource,
};
use crate::exercise::ExerciseQuestion;
use crate::model::{CourseRow, PointRow, PrerequisiteRow, RelationRow, ResourceRow};

pub fn course(row: CourseRow, bought: bool) -> Course {
    Course {
        kc_id: row.id,
        name: row.fields.name,
        description: row.fields.description,
        category: row.fields.category,
        level: row.fields.level,
        fee: row.fields.fee,
        banner: row.fields.banner,
        kp_tree: row.kp_tree,
        point_count: row.point_count,
        is_acquired: i64::from(bought),
        created_at: row.created_at,
        updated_at: row.updated_at,
        score: None,
        reason: None,
    }
}

fn strings(json: &str) -> Vec<String> {
    serde_json::from_str(json).unwrap_or_default()
}

pub fn point(row: PointRow, readable: bool) -> KnowledgePoint {
    let fields = row.fields;
    let (content, examples, references) = if readable {
        (
            fields.content,
            strings(&fields.examples),
            strings(&fields.reference_list),
        )
    } else {
        (String::new(), Vec::new(), Vec::new())
    };
    KnowledgePoint {
        kp_id: row.id,
        name: fields.name,
        category: fields.category,
        level: fields.level,
        description: fields.description,
        content,
        examples,
        references,
        locked: !readable,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// An exercise's questions as stored (with answers).
pub fn questions(json: Option<&String>) -> Vec<ExerciseQuestion> {
    json.and_then(|json| serde_json::from_str(json).ok())
        .unwrap_or_default()
}

/// A resource for a learner (`answers` false) or an admin, who also gets the questions with
/// their answers.
pub fn resource(
    row: ResourceRow,
    readable: bool,
    questions: Vec<ExerciseQuestion>,
    answers: bool,
) -> KnowledgeResource {
    let fields = row.fields;
    let (content, url, iframe) = if readable {
        (fields.content, fields.url, fields.iframe)
    } else {
        (String::new(), String::new(), String::new())
    };
    KnowledgeResource {
        kr_id: row.id,
        name: fields.name,
        content,
        url,
        iframe,
        kind: fields.kind,
        difficulty: fields.difficulty,
        locked: !readable,
        question_count: i64::try_from(questions.len()).unwrap_or(0),
        questions: answers.then_some(questions),
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

pub fn prerequisite(row: PrerequisiteRow) -> KnowledgePrerequisite {
    KnowledgePrerequisite {
        id: row.id,
        parent_kp_id: row.parent_id,
        child_kp_id: row.child_id,
    }
}

pub fn relation(row: RelationRow) -> KnowledgeRelation {
    KnowledgeRelation {
        id: row.id,
        kp_id: row.point_id,
        kr_id: row.resource_id,
    }
}
