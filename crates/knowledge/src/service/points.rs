//! Knowledge points and their prerequisite links. Every change runs under the graph lock: a
//! link never closes a cycle, and the trees of the courses holding a point follow its name and
//! its deletion in the same transaction.

use std::collections::HashMap;

use platform::db::Conn;
use platform::{AppState, Identity, transaction};

use super::{KnowledgeError, keyword, require_admin, window};
use crate::access;
use crate::dto::{KnowledgeListRequest, PointListData, PrerequisiteListData};
use crate::model::{PointDraft, PointId, PrerequisiteId};
use crate::repo::{self, courses::StoredTree};
use crate::{graph, tree, view};

const DEFAULT_PAGE_SIZE: i64 = 20;

pub async fn list(
    state: &AppState,
    viewer: Option<&Identity>,
    request: KnowledgeListRequest,
) -> Result<PointListData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let words = keyword(request.keyword.as_deref());
    let page = window(request.page, request.page_size, DEFAULT_PAGE_SIZE);
    let (rows, total) = repo::points::page(conn, words.as_deref(), page).await?;
    let ids: Vec<PointId> = rows.iter().map(|row| row.id).collect();
    let readable = access::readable_points(conn, viewer, &ids).await?;
    let list = rows
        .into_iter()
        .map(|row| {
            let open = readable.contains(&row.id);
            view::point(row, open)
        })
        .collect();
    Ok(PointListData { list, total })
}

/// Creates the point (`id` none) or updates it (content, examples and references left out
/// keep their stored values), and when the draft carries prerequisites, makes them its links
/// in the same transaction.
pub async fn save(
    state: &AppState,
    admin: &Identity,
    id: Option<PointId>,
    draft: PointDraft,
) -> Result<PointId, KnowledgeError> {
    require_admin(admin)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        let point = match id {
            Some(point) => {
                let stored = repo::points::find_many(tx, &[point])
                    .await?
                    .pop()
                    .ok_or(KnowledgeError::PointNotFound)?;
                let fields = draft.fields(Some(&stored.fields));
                if !repo::points::update(tx, point, &fields, now).await? {
                    return Err(KnowledgeError::PointNotFound);
                }
                rename_in_trees(tx, point, &fields.name, now).await?;
                point
            }
            None => repo::points::insert(tx, &draft.fields(None), now).await?,
        };
        if let Some(parents) = &draft.prerequisites {
            set_parents(tx, point, parents).await?;
        }
        Ok(point)
    })
}

/// Makes `parents` the prerequisites of `point`, refusing missing points and cycles.
async fn set_parents(
    tx: &mut Conn<'_>,
    point: PointId,
    parents: &[PointId],
) -> Result<(), KnowledgeError> {
    if parents.contains(&point) {
        return Err(KnowledgeError::Invalid(
            "知识点不能是自己的前置知识点".to_owned(),
        ));
    }
    let names = repo::points::names(tx, parents).await?;
    if let Some(missing) = parents.iter().find(|p| !names.contains_key(p)) {
        return Err(KnowledgeError::Invalid(format!(
            "前置知识点不存在（编号 {missing}）"
        )));
    }
    let mut links: Vec<_> = repo::points::all_links(tx)
        .await?
        .into_iter()
        .filter(|(_, child)| *child != point)
        .collect();
    for &parent in parents {
        if let Some(cycle) = graph::cycle_with(&links, parent, point) {
            return Err(cycle_error(tx, &cycle).await?);
        }
        links.push((parent, point));
    }
    repo::points::replace_parents(tx, point, parents).await?;
    Ok(())
}

/// The cycle as the editor reads it: "A → B → A".
async fn cycle_error(
    conn: &mut Conn<'_>,
    cycle: &[PointId],
) -> Result<KnowledgeError, KnowledgeError> {
    let names = repo::points::names(conn, cycle).await?;
    let path: Vec<String> = cycle
        .iter()
        .map(|id| names.get(id).cloned().unwrap_or_else(|| format!("#{id}")))
        .collect();
    Ok(KnowledgeError::Cycle(path.join(" → ")))
}

async fn rename_in_trees(
    tx: &mut Conn<'_>,
    point: PointId,
    name: &str,
    now: i64,
) -> Result<(), KnowledgeError> {
    let names = HashMap::from([(point, name.to_owned())]);
    for (course, json) in repo::courses::trees_holding(tx, point).await? {
        let nodes = tree::normalized(tree::parse(&json)?, &names);
        let count = tree::point_ids(&nodes).len();
        let stored = StoredTree {
            json: &tree::to_json(&nodes),
            point_count: i64::try_from(count).unwrap_or(i64::MAX),
        };
        repo::courses::set_tree(tx, course, stored, now).await?;
    }
    Ok(())
}

/// Deletes the point with its links and resource bindings; in the trees holding it, its
/// children take its place.
pub async fn delete(
    state: &AppState,
    admin: &Identity,
    point: PointId,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        for (course, json) in repo::courses::trees_holding(tx, point).await? {
            let nodes =
                tree::normalized(tree::without(tree::parse(&json)?, point), &HashMap::new());
            let count = tree::point_ids(&nodes).len();
            let stored = StoredTree {
                json: &tree::to_json(&nodes),
                point_count: i64::try_from(count).unwrap_or(i64::MAX),
            };
            repo::courses::set_tree(tx, course, stored, now).await?;
        }
        if !repo::points::delete(tx, point).await? {
            return Err(KnowledgeError::PointNotFound);
        }
        Ok(())
    })
}

pub async fn links(
    state: &AppState,
    request: KnowledgeListRequest,
) -> Result<PrerequisiteListData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    let page = window(request.page, request.page_size, super::BULK_PAGE_SIZE);
    let (rows, total) = repo::points::links_page(conn, page).await?;
    Ok(PrerequisiteListData {
        list: rows.into_iter().map(view::prerequisite).collect(),
        total,
    })
}

/// Links `parent` before `child`, unless it would close a cycle.
pub async fn link(
    state: &AppState,
    admin: &Identity,
    parent: PointId,
    child: PointId,
) -> Result<PrerequisiteId, KnowledgeError> {
    require_admin(admin)?;
    if parent == child {
        return Err(KnowledgeError::Invalid(
            "知识点不能是自己的前置知识点".to_owned(),
        ));
    }
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        if repo::points::names(tx, &[parent, child]).await?.len() < 2 {
            return Err(KnowledgeError::PointNotFound);
        }
        let links = repo::points::all_links(tx).await?;
        if let Some(cycle) = graph::cycle_with(&links, parent, child) {
            return Err(cycle_error(tx, &cycle).await?);
        }
        repo::points::insert_link(tx, parent, child)
            .await?
            .ok_or(KnowledgeError::PrerequisiteExists)
    })
}

pub async fn unlink(
    state: &AppState,
    admin: &Identity,
    link: PrerequisiteId,
) -> Result<(), KnowledgeError> {
    require_admin(admin)?;
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        if repo::points::delete_link(tx, link).await? {
            Ok(())
        } else {
            Err(KnowledgeError::LinkNotFound)
        }
    })
}
