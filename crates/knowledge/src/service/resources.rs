//! Learning resources and their bindings to points.

use std::collections::{HashMap, HashSet};

use platform::{AppState, Identity, transaction};

use super::{KnowledgeError, keyword, require_admin, window};
use crate::access;
use crate::dto::{
    BIND_MAX_POINTS, KnowledgeListRequest, RelationListData, ResourceListData, ResourceListRequest,
    SaveResourceRequest,
};
use crate::model::{PointId, RelationId, ResourceFields, ResourceId};
use crate::repo::{self, resources::Filter};
use crate::settings::KnowledgeSettings;
use crate::{exercise, view};

const DEFAULT_PAGE_SIZE: i64 = 20;

/// Resources, each readable or locked for the viewer. Learners see only resources bound to a
/// point (an unbound one is not published yet); admins see all.
pub async fn list(
    state: &AppState,
    viewer: Option<&Identity>,
    request: ResourceListRequest,
) -> Result<ResourceListData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let filter = Filter {
        words: keyword(request.keyword.as_deref()),
        point: request.kp_id.filter(|id| *id > 0).map(PointId),
        bound_only: !access::is_admin(viewer),
    };
    let page = window(request.page, request.page_size, DEFAULT_PAGE_SIZE);
    let (rows, total) = repo::resources::page(conn, &filter, page).await?;
    let ids: Vec<ResourceId> = rows.iter().map(|row| row.id).collect();
    let relations = repo::resources::relations_of_resources(conn, &ids).await?;
    let mut points: Vec<PointId> = relations.iter().map(|r| r.point_id).collect();
    points.sort_unstable();
    points.dedup();
    let readable_points = access::readable_points(conn, viewer, &points).await?;
    let readable: HashSet<ResourceId> = relations
        .iter()
        .filter(|r| readable_points.contains(&r.point_id))
        .map(|r| r.resource_id)
        .collect();
    let admin = access::is_admin(viewer);
    let exercises = repo::learning::questions_of(conn, &ids).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let open = admin || readable.contains(&row.id);
            let questions = view::questions(exercises.get(&row.id));
            view::resource(row, open, questions, admin)
        })
        .collect();
    Ok(ResourceListData { list, total })
}

/// The resource's fields and, when sent, its exercise questions (JSON; `Some(None)` removes
/// them).
type Saved = (ResourceFields, Option<Option<String>>);

fn checked(state: &AppState, body: SaveResourceRequest) -> Result<Saved, KnowledgeError> {
    let fields = body
        .fields(&KnowledgeSettings::of(state).iframe_hosts)
        .map_err(KnowledgeError::Invalid)?;
    let questions = match body.questions {
        None => None,
        Some(questions) => {
            let questions = exercise::checked(&questions).map_err(KnowledgeError::Invalid)?;
            let json = serde_json::to_string(&questions)
                .map_err(|e| KnowledgeError::Platform(platform::ApiError::internal(e)))?;
            Some((!questions.is_empty()).then_some(json))
        }
    };
    Ok((fields, questions))
}

pub async fn create(
    state: &AppState,
    admin: &Identity,
    body: SaveResourceRequest,
) -> Result<ResourceId, KnowledgeError> {
    require_admin(admin)?;
    let (fields, questions) = checked(state, body)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        let resource = repo::resources::insert(tx, &fields, now).await?;
        if let Some(questions) = &questions {
            repo::learning::set_questions(tx, resource, questions.as_deref()).await?;
        }
        Ok(resource)
    })
}

pub async fn update(
    state: &AppState,
    admin: &Identity,
    resource: ResourceId,
    body: SaveResourceRequest,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let (fields, questions) = checked(state, body)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        if !repo::resources::update(tx, resource, &fields, now).await? {
            return Err(KnowledgeError::ResourceNotFound);
        }
        if let Some(questions) = &questions {
            repo::learning::set_questions(tx, resource, questions.as_deref()).await?;
        }
        Ok(())
    })
}

/// Deletes the resource and its bindings.
pub async fn delete(
    state: &AppState,
    admin: &Identity,
    resource: ResourceId,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if repo::resources::delete(conn, resource).await? {
        Ok(())
    } else {
        Err(KnowledgeError::ResourceNotFound)
    }
}

pub async fn relations(
    state: &AppState,
    request: KnowledgeListRequest,
) -> Result<RelationListData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let page = window(request.page, request.page_size, super::BULK_PAGE_SIZE);
    let (rows, total) = repo::resources::relations_page(conn, page).await?;
    Ok(RelationListData {
        list: rows.into_iter().map(view::relation).collect(),
        total,
    })
}

/// Binds the resource to one more point.
pub async fn relate(
    state: &AppState,
    admin: &Identity,
    point: PointId,
    resource: ResourceId,
) -> Result<RelationId, KnowledgeError> {
    require_admin(admin)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        // Under the graph lock, so the point cannot be deleted between the check and the insert.
        repo::lock_graph(tx).await?;
        if !repo::resources::exists(tx, resource).await? {
            return Err(KnowledgeError::ResourceNotFound);
        }
        if repo::points::names(tx, &[point]).await?.is_empty() {
            return Err(KnowledgeError::PointNotFound);
        }
        repo::resources::insert_relation(tx, point, resource)
            .await?
            .ok_or(KnowledgeError::RelationExists)
    })
}

pub async fn unrelate(
    state: &AppState,
    admin: &Identity,
    relation: RelationId,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    if repo::resources::delete_relation(conn, relation).await? {
        Ok(())
    } else {
        Err(KnowledgeError::LinkNotFound)
    }
}

/// Binds the resource to exactly `points` (at most [`BIND_MAX_POINTS`]), in one transaction: a
/// missing point leaves the old bindings as they were.
pub async fn bind(
    state: &AppState,
    admin: &Identity,
    resource: ResourceId,
    mut points: Vec<PointId>,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    if points.len() > BIND_MAX_POINTS {
        return Err(KnowledgeError::Invalid(format!(
            "一个资源最多绑定 {BIND_MAX_POINTS} 个知识点"
        )));
    }
    points.sort_unstable();
    points.dedup();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        if !repo::resources::exists(tx, resource).await? {
            return Err(KnowledgeError::ResourceNotFound);
        }
        let names: HashMap<PointId, String> = repo::points::names(tx, &points).await?;
        if let Some(missing) = points.iter().find(|p| !names.contains_key(p)) {
            return Err(KnowledgeError::Invalid(format!(
                "知识点不存在（编号 {missing}）"
            )));
        }
        repo::resources::replace_relations(tx, resource, &points).await?;
        Ok(())
    })
}
