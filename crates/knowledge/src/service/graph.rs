//! The graph editors' boards: the nodes' positions are stored per board; the connections are
//! the prerequisite links between the board's points, so what an admin draws is what learners
//! are gated by.

use std::collections::{BTreeSet, HashMap, HashSet};

use platform::{AppState, Identity, transaction};

use super::{BULK_PAGE_SIZE, KnowledgeError, require_admin};
use crate::dto::graph::{GraphConnection, GraphData, GraphNode, SaveGraphRequest};
use crate::model::{CourseId, PointId};
use crate::repo;
use crate::{graph, tree};

/// Grid spacing of a board laid out by the server (nodes are 120×60).
const COLUMN: f64 = 180.0;
const ROW: f64 = 110.0;
const POSITION_LIMIT: f64 = 100_000.0;
const NODE_ID_MAX: usize = 64;

/// The points a board starts with: a course's tree, or every point (up to 1000) for the
/// global board (0).
async fn default_points(
    conn: &mut platform::db::Conn<'_>,
    board: i64,
) -> Result<Vec<PointId>, KnowledgeError> {
    if board == 0 {
        let window = super::window(Some(1), Some(BULK_PAGE_SIZE), BULK_PAGE_SIZE);
        let (rows, _) = repo::points::page(conn, None, window).await?;
        return Ok(rows.into_iter().map(|row| row.id).collect());
    }
    let course = repo::courses::find(conn, CourseId(board))
        .await?
        .ok_or(KnowledgeError::CourseNotFound)?;
    Ok(tree::point_ids(&tree::parse(&course.kp_tree)?))
}

/// A board: the saved one, or the course's points on a grid.
pub async fn board(
    state: &AppState,
    viewer: &Identity,
    board: i64,
) -> Result<GraphData, KnowledgeError> {
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    // Read first: a change landing while the board is read makes this version older than what
    // is shown, so a save from it is refused rather than trusted.
    let version = repo::graph_version(conn).await?;
    if board != 0 && repo::courses::find(conn, CourseId(board)).await?.is_none() {
        return Err(KnowledgeError::CourseNotFound);
    }
    let saved: Option<Vec<GraphNode>> = repo::graph::nodes(conn, board)
        .await?
        .and_then(|json| serde_json::from_str(&json).ok());
    let mut nodes = match saved {
        Some(nodes) => nodes,
        None => default_points(conn, board)
            .await?
            .into_iter()
            .enumerate()
            .map(|(index, kp_id)| GraphNode {
                id: format!("kp-{kp_id}"),
                kp_id,
                name: String::new(),
                category: String::new(),
                x: (index % 5) as f64 * COLUMN + 40.0,
                y: (index / 5) as f64 * ROW + 40.0,
            })
            .collect(),
    };
    // Names and categories are the points' own; a point deleted since leaves the board.
    let ids: Vec<PointId> = nodes.iter().map(|n| n.kp_id).collect();
    let points: HashMap<PointId, (String, String)> = repo::points::find_many(conn, &ids)
        .await?
        .into_iter()
        .map(|row| (row.id, (row.fields.name, row.fields.category)))
        .collect();
    nodes.retain(|node| points.contains_key(&node.kp_id));
    for node in &mut nodes {
        if let Some((name, category)) = points.get(&node.kp_id) {
            node.name.clone_from(name);
            node.category.clone_from(category);
        }
    }
    let node_of: HashMap<PointId, &str> = nodes.iter().map(|n| (n.kp_id, n.id.as_str())).collect();
    let connections = repo::points::links_into(conn, &ids)
        .await?
        .into_iter()
        .filter_map(|link| {
            Some(GraphConnection {
                id: format!("link-{}", link.id),
                from: (*node_of.get(&link.parent_id)?).to_owned(),
                to: (*node_of.get(&link.child_id)?).to_owned(),
            })
        })
        .collect();
    Ok(GraphData {
        kc_id: board,
        nodes,
        connections,
        editable: viewer.role.is_admin(),
        version,
    })
}

/// The board's nodes checked: ids unique and short, each point once, positions finite.
fn checked_nodes(nodes: Vec<GraphNode>) -> Result<Vec<GraphNode>, KnowledgeError> {
    if nodes.len() > usize::try_from(BULK_PAGE_SIZE).unwrap_or(usize::MAX) {
        return Err(KnowledgeError::Invalid(format!(
            "画板最多 {BULK_PAGE_SIZE} 个节点"
        )));
    }
    let mut ids = HashSet::new();
    let mut points = HashSet::new();
    for node in &nodes {
        if node.id.is_empty()
            || node.id.chars().count() > NODE_ID_MAX
            || !ids.insert(node.id.as_str())
        {
            return Err(KnowledgeError::Invalid(
                "节点编号不能为空、不能重复".to_owned(),
            ));
        }
        if !points.insert(node.kp_id) {
            return Err(KnowledgeError::Invalid(
                "同一个知识点在画板上只能出现一次".to_owned(),
            ));
        }
        if !node.x.is_finite() || !node.y.is_finite() {
            return Err(KnowledgeError::Invalid("节点位置不正确".to_owned()));
        }
    }
    Ok(nodes
        .into_iter()
        .map(|node| GraphNode {
            x: node.x.clamp(-POSITION_LIMIT, POSITION_LIMIT),
            y: node.y.clamp(-POSITION_LIMIT, POSITION_LIMIT),
            name: String::new(),
            category: String::new(),
            ..node
        })
        .collect())
}

/// Saves a board: its nodes, and its connections as the prerequisite links between its points
/// (links between two of its points that it no longer shows are removed). A board read before
/// the last change to points, links or trees is refused (another editor's links would be
/// removed unseen), and so are a connection drawn twice and one that would close a cycle,
/// naming it.
pub async fn save(
    state: &AppState,
    admin: &Identity,
    body: SaveGraphRequest,
) -> Result<GraphData, KnowledgeError> {
    require_admin(admin)?;
    let board = body.kc_id.max(0);
    let base_version = body.base_version;
    let nodes = checked_nodes(body.nodes)?;
    let point_of: HashMap<&str, PointId> = nodes.iter().map(|n| (n.id.as_str(), n.kp_id)).collect();
    let mut wanted: BTreeSet<(PointId, PointId)> = BTreeSet::new();
    for connection in &body.connections {
        let (Some(&from), Some(&to)) = (
            point_of.get(connection.from.as_str()),
            point_of.get(connection.to.as_str()),
        ) else {
            return Err(KnowledgeError::Invalid(
                "连接指向了画板上没有的节点".to_owned(),
            ));
        };
        if from == to {
            return Err(KnowledgeError::Invalid(
                "知识点不能是自己的前置知识点".to_owned(),
            ));
        }
        if !wanted.insert((from, to)) {
            return Err(KnowledgeError::DuplicateConnection);
        }
    }
    let on_board: Vec<PointId> = nodes.iter().map(|n| n.kp_id).collect();
    let json = serde_json::to_string(&nodes)
        .map_err(|e| KnowledgeError::Platform(platform::ApiError::internal(e)))?;
    let now = state.now();
    let mut pooled = state.db.get().await?;
    let conn = &mut pooled.conn();
    transaction!(conn, |tx| {
        repo::lock_graph(tx).await?;
        // The lock counted this save: unchanged since the board was read means one more.
        if repo::graph_version(tx).await? != base_version + 1 {
            return Err(KnowledgeError::StaleGraph);
        }
        if board != 0 && repo::courses::find(tx, CourseId(board)).await?.is_none() {
            return Err(KnowledgeError::CourseNotFound);
        }
        let names = repo::points::names(tx, &on_board).await?;
        if let Some(missing) = on_board.iter().find(|p| !names.contains_key(p)) {
            return Err(KnowledgeError::Invalid(format!(
                "知识点不存在（编号 {missing}）"
            )));
        }
        let board_points: HashSet<PointId> = on_board.iter().copied().collect();
        let existing = repo::points::links_into(tx, &on_board).await?;
        for link in &existing {
            let shown = board_points.contains(&link.parent_id);
            if shown && !wanted.contains(&(link.parent_id, link.child_id)) {
                repo::points::delete_link(tx, link.id).await?;
            }
        }
        let kept: HashSet<(PointId, PointId)> = existing
            .iter()
            .map(|l| (l.parent_id, l.child_id))
            .filter(|pair| wanted.contains(pair) || !board_points.contains(&pair.0))
            .collect();
        let mut links: Vec<(PointId, PointId)> = repo::points::all_links(tx).await?;
        links.retain(|pair| !board_points.contains(&pair.1) || kept.contains(pair));
        for &(from, to) in &wanted {
            if kept.contains(&(from, to)) {
                continue;
            }
            if let Some(cycle) = graph::cycle_with(&links, from, to) {
                // The cycle may run through points off the board: their names are loaded too.
                let names = repo::points::names(tx, &cycle).await?;
                let named = |p: &PointId| names.get(p).cloned().unwrap_or_else(|| format!("#{p}"));
                let path: Vec<String> = cycle.iter().map(named).collect();
                return Err(KnowledgeError::Invalid(format!(
                    "连接「{} → {}」会形成循环依赖：{}",
                    named(&from),
                    named(&to),
                    path.join(" → ")
                )));
            }
            repo::points::insert_link(tx, from, to).await?;
            links.push((from, to));
        }
        repo::graph::save(tx, board, &json, admin.user_id, now).await?;
        Ok(())
    })?;
    self::board(state, admin, board).await
}
