//! Bodies of the graph editors' calls.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::model::PointId;

/// A board: a course's (`kcId`) or, with 0, the global one.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardRef {
    #[serde(default)]
    pub kc_id: i64,
}

/// A node on a board: a knowledge point at a position.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphNode {
    /// The editor's id for the node (up to 64 characters).
    pub id: String,
    pub kp_id: PointId,
    /// Filled in by the server from the point.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub category: String,
    pub x: f64,
    pub y: f64,
}

/// A directed connection between two nodes: `from` is learned before `to`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GraphConnection {
    /// `link-<prerequisite id>` as answered; ignored when saving.
    #[serde(default)]
    pub id: String,
    pub from: String,
    pub to: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphData {
    pub kc_id: i64,
    pub nodes: Vec<GraphNode>,
    /// The prerequisite links between the board's points.
    pub connections: Vec<GraphConnection>,
    /// False for members: they may look, not save.
    pub editable: bool,
    /// The knowledge graph's version when this board was read: send it back as `baseVersion`.
    pub version: i64,
}

/// A board to save: its nodes and its connections, which become the prerequisite links
/// between its points.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveGraphRequest {
    #[serde(default)]
    pub kc_id: i64,
    /// The `version` of the board this save starts from: when points, links or trees changed
    /// since, the save is refused (409) rather than overwrite them.
    pub base_version: i64,
    pub nodes: Vec<GraphNode>,
    #[serde(default)]
    pub connections: Vec<GraphConnection>,
}
