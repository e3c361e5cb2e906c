//! A cheap canonical vertex order for small graphs with coloured vertices and coloured
//! edges (loops and parallel edges allowed), used to key memo tables by shape.
//!
//! Colour refinement splits the vertices into classes that every relabelling respects; a
//! class that stays ambiguous is split by singling out its lowest-numbered vertex and
//! refining again. When the tied vertices are interchangeable (the usual case: symmetric
//! branches) any choice yields the same relabelled graph, so isomorphic positions share a
//! key. When they are not (some regular graphs) two isomorphic positions may get different
//! keys: that costs a memo hit, never a wrong value, since every key describes its graph.

/// `order[v]` is vertex `v`'s new number in `0..n`, where `n = colour.len()`; vertices of
/// smaller `colour` come first. `edges` are `(a, b, kind)` with `a, b < n`.
pub fn canonical_order(colour: &[u32], edges: &[(usize, usize, u32)]) -> Vec<usize> {
    let n = colour.len();
    // Each vertex's incident edges as (edge code, neighbour); a loop gets its own code so
    // that it is not mistaken for an edge to a twin vertex.
    let mut incident: Vec<Vec<(u32, usize)>> = vec![Vec::new(); n];
    for &(a, b, kind) in edges {
        if a == b {
            incident[a].push((2 * kind + 1, a));
        } else {
            incident[a].push((2 * kind, b));
            incident[b].push((2 * kind, a));
        }
    }
    let mut class = dense_rank(&colour.iter().map(|&c| vec![c]).collect::<Vec<_>>());
    loop {
        refine(&mut class, &incident);
        let count = class.iter().max().map_or(0, |&c| c + 1);
        if count == n {
            return class;
        }
        // The first class with two members: single out its lowest-numbered vertex.
        let mut size = vec![0usize; count];
        for &c in &class {
            size[c] += 1;
        }
        let tied = (0..count)
            .find(|&c| size[c] > 1)
            .expect("a class has two members");
        let chosen = (0..n)
            .find(|&v| class[v] == tied)
            .expect("class is nonempty");
        let keys: Vec<Vec<u32>> = (0..n)
            .map(|v| vec![class[v] as u32, u32::from(v != chosen)])
            .collect();
        class = dense_rank(&keys);
    }
}

/// Splits classes by the multiset of (edge code, neighbour class) until nothing changes.
/// The old class leads each signature, so classes keep their relative order.
fn refine(class: &mut Vec<usize>, incident: &[Vec<(u32, usize)>]) {
    let mut count = class.iter().max().map_or(0, |&c| c + 1);
    loop {
        let sigs: Vec<Vec<u32>> = incident
            .iter()
            .enumerate()
            .map(|(v, list)| {
                let mut around: Vec<(u32, u32)> = list
                    .iter()
                    .map(|&(code, w)| (code, class[w] as u32))
                    .collect();
                around.sort_unstable();
                let mut sig = vec![class[v] as u32];
                sig.extend(around.into_iter().flat_map(|(a, b)| [a, b]));
                sig
            })
            .collect();
        *class = dense_rank(&sigs);
        let now = class.iter().max().map_or(0, |&c| c + 1);
        if now == count {
            return;
        }
        count = now;
    }
}

/// The rank of each key among the distinct keys, in increasing order.
fn dense_rank(keys: &[Vec<u32>]) -> Vec<usize> {
    let mut sorted: Vec<&Vec<u32>> = keys.iter().collect();
    sorted.sort_unstable();
    sorted.dedup();
    keys.iter()
        .map(|k| sorted.binary_search(&k).expect("key is present"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relabels the edges by `order` into a sorted list.
    fn relabelled(order: &[usize], edges: &[(usize, usize, u32)]) -> Vec<(usize, usize, u32)> {
        let mut out: Vec<_> = edges
            .iter()
            .map(|&(a, b, k)| {
                let (x, y) = (order[a], order[b]);
                (x.min(y), x.max(y), k)
            })
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn isomorphic_trees_share_a_key() {
        // A root 0 with a path of two edges and a single edge, numbered two ways.
        let a = [(0, 1, 0), (1, 2, 1), (0, 3, 0)];
        let b = [(0, 3, 0), (3, 1, 1), (0, 2, 0)];
        let colour = [0, 1, 1, 1];
        let ka = relabelled(&canonical_order(&colour, &a), &a);
        let kb = relabelled(&canonical_order(&colour, &b), &b);
        assert_eq!(ka, kb);
        // Ties between symmetric leaves: a star with a loop on one leaf.
        let a = [(0, 1, 0), (0, 2, 0), (0, 3, 0), (2, 2, 0)];
        let b = [(0, 1, 0), (0, 2, 0), (0, 3, 0), (3, 3, 0)];
        let ka = relabelled(&canonical_order(&colour, &a), &a);
        let kb = relabelled(&canonical_order(&colour, &b), &b);
        assert_eq!(ka, kb);
    }

    #[test]
    fn order_is_a_permutation_respecting_colours() {
        let colour = [1, 0, 1, 0, 2];
        let edges = [(0, 1, 0), (2, 3, 0), (4, 4, 1)];
        let order = canonical_order(&colour, &edges);
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, vec![0, 1, 2, 3, 4]);
        assert!(order[1] < 2 && order[3] < 2 && order[4] == 4);
    }
}
