//! A course's knowledge-point tree (the spec's `kpTree`): parsed from the editor's JSON,
//! checked, and rewritten with the points' current names and sequence numbers ("1", "1.2").

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::model::PointId;

/// The most nodes one course holds.
pub const MAX_NODES: usize = 300;
/// The deepest a tree may nest.
pub const MAX_DEPTH: usize = 6;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Node {
    #[serde(rename = "kpID", alias = "kpId")]
    pub kp_id: PointId,
    #[serde(default)]
    pub seqname: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub children: Vec<Node>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    #[error("课程结构格式不正确")]
    Malformed,
    #[error("课程结构最多 {MAX_NODES} 个知识点")]
    TooLarge,
    #[error("课程结构最多 {MAX_DEPTH} 层")]
    TooDeep,
    #[error("知识点在课程结构中重复出现（编号 {0}）")]
    Repeated(PointId),
}

/// The editor's JSON: a list of root nodes, one root node, or nothing (an empty course).
pub fn parse(text: &str) -> Result<Vec<Node>, TreeError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Shape {
        Forest(Vec<Node>),
        Root(Node),
    }
    let nodes = match serde_json::from_str::<Shape>(text).map_err(|_| TreeError::Malformed)? {
        Shape::Forest(nodes) => nodes,
        Shape::Root(node) => vec![node],
    };
    let mut seen = HashSet::new();
    check(&nodes, 1, &mut seen)?;
    Ok(nodes)
}

fn check(nodes: &[Node], depth: usize, seen: &mut HashSet<PointId>) -> Result<(), TreeError> {
    if nodes.is_empty() {
        return Ok(());
    }
    if depth > MAX_DEPTH {
        return Err(TreeError::TooDeep);
    }
    for node in nodes {
        if !seen.insert(node.kp_id) {
            return Err(TreeError::Repeated(node.kp_id));
        }
        if seen.len() > MAX_NODES {
            return Err(TreeError::TooLarge);
        }
        check(&node.children, depth + 1, seen)?;
    }
    Ok(())
}

/// Every point of the tree, in reading order.
pub fn point_ids(nodes: &[Node]) -> Vec<PointId> {
    let mut ids = Vec::new();
    walk(nodes, &mut |node| ids.push(node.kp_id));
    ids
}

fn walk(nodes: &[Node], visit: &mut impl FnMut(&Node)) {
    for node in nodes {
        visit(node);
        walk(&node.children, visit);
    }
}

/// The tree with each node named after its point and numbered by its place.
pub fn normalized(nodes: Vec<Node>, names: &HashMap<PointId, String>) -> Vec<Node> {
    number(nodes, "", names)
}

fn number(nodes: Vec<Node>, prefix: &str, names: &HashMap<PointId, String>) -> Vec<Node> {
    nodes
        .into_iter()
        .enumerate()
        .map(|(index, node)| {
            let seqname = format!("{prefix}{}", index + 1);
            let children = number(node.children, &format!("{seqname}."), names);
            Node {
                name: names.get(&node.kp_id).cloned().unwrap_or(node.name),
                kp_id: node.kp_id,
                seqname,
                children,
            }
        })
        .collect()
}

/// The tree without `gone`: its children take its place, so nothing else leaves the course.
pub fn without(nodes: Vec<Node>, gone: PointId) -> Vec<Node> {
    let mut kept = Vec::with_capacity(nodes.len());
    for node in nodes {
        let children = without(node.children, gone);
        if node.kp_id == gone {
            kept.extend(children);
        } else {
            kept.push(Node { children, ..node });
        }
    }
    kept
}

pub fn to_json(nodes: &[Node]) -> String {
    serde_json::to_string(nodes).unwrap_or_else(|_| "[]".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(id: i64) -> Node {
        Node {
            kp_id: PointId(id),
            seqname: String::new(),
            name: String::new(),
            children: Vec::new(),
        }
    }

    #[test]
    fn reads_a_forest_a_single_root_and_nothing() {
        let forest = parse(r#"[{"kpID":1,"children":[{"kpID":2}]},{"kpID":3}]"#).unwrap();
        assert_eq!(point_ids(&forest), vec![PointId(1), PointId(2), PointId(3)]);
        let root = parse(r#"{"kpID":7,"seqname":"1","name":"x","children":[]}"#).unwrap();
        assert_eq!(point_ids(&root), vec![PointId(7)]);
        assert!(parse("  ").unwrap().is_empty());
        assert!(parse("[]").unwrap().is_empty());
    }

    #[test]
    fn refuses_repeats_depth_and_garbage() {
        assert_eq!(
            parse(r#"[{"kpID":1,"children":[{"kpID":1}]}]"#),
            Err(TreeError::Repeated(PointId(1)))
        );
        assert_eq!(parse(r#"[{"name":"no id"}]"#), Err(TreeError::Malformed));
        assert_eq!(parse("not json"), Err(TreeError::Malformed));
        let mut deep = String::new();
        for id in 1..=MAX_DEPTH + 1 {
            deep.push_str(&format!(r#"{{"kpID":{id},"children":["#));
        }
        deep.push_str(&"]}".repeat(MAX_DEPTH + 1));
        assert_eq!(parse(&deep), Err(TreeError::TooDeep));
        let wide: Vec<String> = (1..=MAX_NODES + 1)
            .map(|id| format!(r#"{{"kpID":{id}}}"#))
            .collect();
        assert_eq!(
            parse(&format!("[{}]", wide.join(","))),
            Err(TreeError::TooLarge)
        );
    }

    #[test]
    fn numbers_and_names_every_node() {
        let mut root = leaf(1);
        root.children = vec![leaf(2), leaf(3)];
        root.children[1].children = vec![leaf(4)];
        let names = HashMap::from([(PointId(1), "根".to_owned()), (PointId(4), "叶".to_owned())]);
        let tree = normalized(vec![root, leaf(5)], &names);
        assert_eq!(tree[0].name, "根");
        assert_eq!(tree[0].children[1].children[0].seqname, "1.2.1");
        assert_eq!(tree[0].children[1].children[0].name, "叶");
        assert_eq!(tree[1].seqname, "2");
    }

    #[test]
    fn a_removed_point_leaves_its_children_in_its_place() {
        let mut middle = leaf(2);
        middle.children = vec![leaf(3), leaf(4)];
        let mut root = leaf(1);
        root.children = vec![middle, leaf(5)];
        let tree = without(vec![root], PointId(2));
        assert_eq!(
            point_ids(&tree),
            vec![PointId(1), PointId(3), PointId(4), PointId(5)]
        );
        assert_eq!(tree[0].children.len(), 3);
        let emptied = without(vec![leaf(9)], PointId(9));
        assert!(emptied.is_empty());
    }
}
