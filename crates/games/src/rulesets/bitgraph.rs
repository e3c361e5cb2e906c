//! Graphs of at most 64 vertices as adjacency bit masks, shared by the games played on
//! graphs (Snort, Col, Arc Kayles, Clobber on graphs).

/// The vertex sets of the connected components, each in increasing order, components in
/// the order of their least vertex. `adjacent[v]` has bit `w` set when `v`—`w` is an edge.
///
/// ```
/// use cgt_games::rulesets::bitgraph::connected_components;
/// // 0—1, 2 alone, 3—4.
/// let adjacent = [0b10, 0b01, 0, 0b1_0000, 0b0_1000];
/// assert_eq!(connected_components(&adjacent), vec![vec![0, 1], vec![2], vec![3, 4]]);
/// ```
pub fn connected_components(adjacent: &[u64]) -> Vec<Vec<usize>> {
    let n = adjacent.len();
    let mut seen = 0u64;
    let mut parts = Vec::new();
    for start in 0..n {
        if seen >> start & 1 == 1 {
            continue;
        }
        let mut part = 1u64 << start;
        let mut frontier = part;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let fresh = adjacent[v] & !part;
            part |= fresh;
            frontier |= fresh;
        }
        seen |= part;
        parts.push((0..n).filter(|&v| part >> v & 1 == 1).collect());
    }
    parts
}

/// The adjacency masks of the subgraph on `vertices`, renumbered in this order (vertex
/// `vertices[k]` becomes `k`).
pub fn induced(adjacent: &[u64], vertices: &[usize]) -> Vec<u64> {
    vertices
        .iter()
        .map(|&v| {
            vertices
                .iter()
                .enumerate()
                .filter(|&(_, &w)| adjacent[v] >> w & 1 == 1)
                .fold(0u64, |mask, (k, _)| mask | 1 << k)
        })
        .collect()
}
