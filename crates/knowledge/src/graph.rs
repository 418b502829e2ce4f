//! The prerequisite graph: a link never closes a cycle.

use std::collections::{HashMap, VecDeque};

use crate::model::PointId;

/// The points `to` is reached through from `from` along links (parent → child), `from` and
/// `to` included, or `None` when it is not reached.
pub fn path(links: &[(PointId, PointId)], from: PointId, to: PointId) -> Option<Vec<PointId>> {
    let mut children: HashMap<PointId, Vec<PointId>> = HashMap::new();
    for &(parent, child) in links {
        children.entry(parent).or_default().push(child);
    }
    let mut came_from: HashMap<PointId, PointId> = HashMap::from([(from, from)]);
    let mut queue = VecDeque::from([from]);
    while let Some(point) = queue.pop_front() {
        if point == to {
            let mut path = vec![to];
            let mut at = to;
            while at != from {
                at = came_from[&at];
                path.push(at);
            }
            path.reverse();
            return Some(path);
        }
        for &child in children.get(&point).into_iter().flatten() {
            if let std::collections::hash_map::Entry::Vacant(entry) = came_from.entry(child) {
                entry.insert(point);
                queue.push_back(child);
            }
        }
    }
    None
}

/// The cycle that adding `parent → child` to `links` would close, as the points around it
/// (starting and ending at `parent`), or `None` when the link is safe.
pub fn cycle_with(
    links: &[(PointId, PointId)],
    parent: PointId,
    child: PointId,
) -> Option<Vec<PointId>> {
    if parent == child {
        return Some(vec![parent, child]);
    }
    let mut cycle = path(links, child, parent)?;
    cycle.insert(0, parent);
    Some(cycle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(pairs: &[(i64, i64)]) -> Vec<(PointId, PointId)> {
        pairs
            .iter()
            .map(|&(a, b)| (PointId(a), PointId(b)))
            .collect()
    }

    #[test]
    fn a_link_back_to_an_ancestor_names_the_whole_cycle() {
        let graph = links(&[(1, 2), (2, 3), (3, 4)]);
        let ids = |cycle: Vec<PointId>| cycle.into_iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(
            ids(cycle_with(&graph, PointId(4), PointId(1)).unwrap()),
            vec![4, 1, 2, 3, 4]
        );
        assert_eq!(cycle_with(&graph, PointId(1), PointId(4)), None);
        assert_eq!(cycle_with(&graph, PointId(5), PointId(1)), None);
    }

    #[test]
    fn a_self_link_is_a_cycle() {
        assert!(cycle_with(&[], PointId(3), PointId(3)).is_some());
    }

    #[test]
    fn diamonds_are_not_cycles() {
        let graph = links(&[(1, 2), (1, 3), (2, 4), (3, 4)]);
        assert_eq!(cycle_with(&graph, PointId(1), PointId(4)), None);
        assert!(cycle_with(&graph, PointId(4), PointId(1)).is_some());
    }
}
