//! The demo courses (`xinqiao seed demo`): four courses written for the community, in
//! `demo/*.json`, seeded by the demo admin through the same service calls as the editors'.

use std::collections::HashMap;

use platform::demo::{DemoCast, SeedError};
use platform::module::LocalBoxFuture;
use platform::{ApiError, AppState, Identity, Role};
use serde::Deserialize;

use crate::dto::{SaveCourseRequest, SavePointRequest, SaveResourceRequest};
use crate::exercise::ExerciseQuestion;
use crate::model::{PointDraft, PointId};
use crate::service::{self, KnowledgeError};

/// One free course first, then the paid ones.
const COURSES: &[&str] = &[
    include_str!("../demo/romance-psychology.json"),
    include_str!("../demo/listening.json"),
    include_str!("../demo/emotions.json"),
    include_str!("../demo/big-five.json"),
];

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoCourse {
    name: String,
    description: String,
    category: String,
    level: i64,
    fee: i64,
    points: Vec<DemoPoint>,
    tree: Vec<DemoNode>,
    resources: Vec<DemoResource>,
}

#[derive(Deserialize)]
struct DemoPoint {
    key: String,
    name: String,
    category: String,
    level: i64,
    description: String,
    content: String,
    examples: Vec<String>,
    references: Vec<String>,
    #[serde(default)]
    prerequisites: Vec<String>,
}

#[derive(Deserialize)]
struct DemoNode {
    point: String,
    #[serde(default)]
    children: Vec<DemoNode>,
}

#[derive(Deserialize)]
struct DemoResource {
    name: String,
    content: String,
    url: String,
    iframe: String,
    #[serde(rename = "type")]
    kind: String,
    difficulty: i64,
    points: Vec<String>,
    /// An exercise's questions with their answers.
    #[serde(default)]
    questions: Option<Vec<ExerciseQuestion>>,
}

pub(crate) fn seed<'a>(
    state: &'a AppState,
    cast: &'a mut DemoCast,
) -> LocalBoxFuture<'a, Result<(), SeedError>> {
    Box::pin(async move {
        let Some(admin) = cast.with_role(Role::Admin).first().copied().cloned() else {
            return Ok(());
        };
        let courses = COURSES
            .iter()
            .map(|text| serde_json::from_str::<DemoCourse>(text))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| SeedError::at("course file")(ApiError::internal(error)))?;
        seed_courses(state, &admin, &courses)
            .await
            .map_err(SeedError::at("course"))
    })
}

async fn seed_courses(
    state: &AppState,
    admin: &Identity,
    courses: &[DemoCourse],
) -> Result<(), KnowledgeError> {
    // Every point first: prerequisites may cross courses.
    let mut ids: HashMap<&str, PointId> = HashMap::new();
    for point in courses.iter().flat_map(|course| &course.points) {
        let body = SavePointRequest {
            name: point.name.clone(),
            category: point.category.clone(),
            level: Some(point.level),
            description: point.description.clone(),
            content: Some(point.content.clone()),
            examples: Some(point.examples.clone()),
            references: Some(point.references.clone()),
            ..Default::default()
        };
        let draft = PointDraft::try_from(body).map_err(KnowledgeError::Invalid)?;
        let id = service::points::save(state, admin, None, draft).await?;
        ids.insert(&point.key, id);
    }
    let id_of = |key: &str| {
        ids.get(key)
            .copied()
            .ok_or_else(|| KnowledgeError::Invalid(format!("demo point {key} is not defined")))
    };
    for point in courses.iter().flat_map(|course| &course.points) {
        for parent in &point.prerequisites {
            service::points::link(state, admin, id_of(parent)?, id_of(&point.key)?).await?;
        }
    }
    for course in courses {
        let body = SaveCourseRequest {
            name: course.name.clone(),
            description: course.description.clone(),
            category: course.category.clone(),
            level: Some(course.level),
            fee: Some(course.fee),
            banner: None,
            kp_tree: Some(
                serde_json::to_string(&tree_json(&course.tree, &id_of)?)
                    .map_err(|e| KnowledgeError::Invalid(e.to_string()))?,
            ),
        };
        service::courses::create(state, admin, body).await?;
        for resource in &course.resources {
            let body = SaveResourceRequest {
                name: resource.name.clone(),
                content: resource.content.clone(),
                url: resource.url.clone(),
                iframe: resource.iframe.clone(),
                kind: Some(resource.kind.clone()),
                difficulty: Some(resource.difficulty),
                questions: resource.questions.clone(),
            };
            let resource_id = service::resources::create(state, admin, body).await?;
            let points = resource
                .points
                .iter()
                .map(|key| id_of(key))
                .collect::<Result<Vec<_>, _>>()?;
            service::resources::bind(state, admin, resource_id, points).await?;
        }
    }
    Ok(())
}

fn tree_json(
    nodes: &[DemoNode],
    id_of: &impl Fn(&str) -> Result<PointId, KnowledgeError>,
) -> Result<Vec<serde_json::Value>, KnowledgeError> {
    nodes
        .iter()
        .map(|node| {
            Ok(serde_json::json!({
                "kpID": id_of(&node.point)?,
                "children": tree_json(&node.children, id_of)?,
            }))
        })
        .collect()
}
