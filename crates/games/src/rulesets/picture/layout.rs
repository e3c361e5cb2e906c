//! Where the vertices of a non-grid picture go.
//!
//! - A Hackenbush picture is layered from the ground: a vertex stands at its distance from
//!   the ground, the children of a vertex in a breadth-first tree from the ground spread
//!   above it, a parent centred over its children, the pieces that meet only at
//!   the ground side by side. An edge to the ground gets its own foot on the ground line.
//!   Parallel edges, loops and edges between vertices of one layer with another vertex
//!   between them are curves, so that no edge hides another or runs through a vertex.
//! - A graph of a game on vertices (Snort, Col, Clobber on graphs, Arc Kayles) is laid out
//!   one connected component at a time, side by side: a path on a line, a cycle as a
//!   regular polygon, a grid (numbered row by row) as a grid, a tree hanging from its
//!   centre, and any other graph on a circle, where no edge passes through a vertex.

use std::collections::HashMap;
use std::f64::consts::PI;

use super::graph::{Edge, GraphPicture, Ink, Look, Node, Point, RADIUS};

/// Horizontal room for one leaf of a tree, and the height of one layer, in units.
const SLOT: f64 = 1.0;
/// The extra room between the pieces of a picture.
const GAP: f64 = 0.6;
/// How far the ground reaches past the outermost things on it.
const GROUND_MARGIN: f64 = 0.6;

/// The x coordinates of a forest laid out tidily: each leaf gets a slot of its own, left to
/// right, and a parent stands midway between its first and last child. `children[v]` lists
/// `v`'s children in order; the trees are those of `roots`, in order, with `GAP` extra
/// between the trees whose `group` differs.
fn tidy(children: &[Vec<usize>], roots: &[usize], group: &[usize]) -> Vec<f64> {
    fn place(v: usize, children: &[Vec<usize>], x: &mut [f64], next: &mut f64) {
        if children[v].is_empty() {
            x[v] = *next;
            *next += SLOT;
            return;
        }
        for &c in &children[v] {
            place(c, children, x, next);
        }
        let first = children[v][0];
        let last = children[v][children[v].len() - 1];
        x[v] = (x[first] + x[last]) / 2.0;
    }
    let mut x = vec![0.0; children.len()];
    let mut next = 0.0;
    for (k, &r) in roots.iter().enumerate() {
        if k > 0 && group[r] != group[roots[k - 1]] {
            next += GAP;
        }
        place(r, children, &mut x, &mut next);
    }
    x
}

/// A cubic Bézier curve from `a` to `b` bulging by `bulge` units at its middle, to the
/// left of the direction from `a` to `b` (negative: to the right).
fn bent(a: Point, b: Point, bulge: f64, ink: Ink) -> Edge {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    // The curve's middle is 3/4 of the way to controls pushed out by `h`.
    let h = bulge / 0.75;
    let (nx, ny) = (-dy / len * h, dx / len * h);
    let c1 = (a.0 + dx / 3.0 + nx, a.1 + dy / 3.0 + ny);
    let c2 = (a.0 + 2.0 * dx / 3.0 + nx, a.1 + 2.0 * dy / 3.0 + ny);
    Edge {
        from: a,
        to: b,
        controls: Some((c1, c2)),
        ink,
    }
}

/// `count` edges from `a` to `b`. With `lift` zero: one straight in the middle when `count`
/// is odd, the others bent to either side, `step` apart. With a `lift` (to clear vertices
/// on the straight line): every edge bent by at least `lift`, to either side in turn.
fn bundle(a: Point, b: Point, count: usize, step: f64, lift: f64, ink: Ink) -> Vec<Edge> {
    (0..count)
        .map(|j| {
            let bulge = if lift > 0.0 {
                let side = if j % 2 == 0 { 1.0 } else { -1.0 };
                side * (lift + (j / 2) as f64 * step)
            } else {
                (j as f64 - (count as f64 - 1.0) / 2.0) * step
            };
            if bulge.abs() < 1e-9 {
                Edge {
                    from: a,
                    to: b,
                    controls: None,
                    ink,
                }
            } else {
                bent(a, b, bulge, ink)
            }
        })
        .collect()
}

/// Loops at `v`, each a teardrop of length `len`, spread over the widest free angle
/// between the directions `taken` of `v`'s other edges (upward when there are none).
fn loops(v: Point, inks: &[Ink], taken: &[f64], len: f64) -> Vec<Edge> {
    let mut angles: Vec<f64> = taken.iter().map(|a| a.rem_euclid(2.0 * PI)).collect();
    angles.sort_by(f64::total_cmp);
    let (centre, room) = if angles.is_empty() {
        (PI / 2.0, 2.0 * PI)
    } else {
        // The widest gap between consecutive directions (around the circle).
        let mut best = (
            angles[0] + 2.0 * PI - angles[angles.len() - 1],
            angles[angles.len() - 1],
        );
        for w in angles.windows(2) {
            if w[1] - w[0] > best.0 {
                best = (w[1] - w[0], w[0]);
            }
        }
        (best.1 + best.0 / 2.0, best.0)
    };
    let k = inks.len() as f64;
    let spread = (room / (k + 1.0)).min(PI * 5.0 / 12.0);
    let half = (spread * 0.4).min(PI / 6.0);
    inks.iter()
        .enumerate()
        .map(|(j, &ink)| {
            let a = centre + (j as f64 - (k - 1.0) / 2.0) * spread;
            let c = |t: f64| (v.0 + len * t.cos(), v.1 + len * t.sin());
            Edge {
                from: v,
                to: v,
                controls: Some((c(a - half), c(a + half))),
                ink,
            }
        })
        .collect()
}

/// The picture of Hackenbush edges `(u, v, ink)` on vertices numbered as given, vertex 0
/// being the ground.
///
/// ```
/// use cgt_games::rulesets::picture::{hackenbush_picture, Ink};
/// // A stalk of two edges stands straight up from the ground.
/// let p = hackenbush_picture(&[(0, 1, Ink::Blue), (1, 2, Ink::Red)]);
/// assert_eq!(p.nodes.len(), 2);
/// assert_eq!(p.edges[0].from.0, p.edges[1].to.0);
/// ```
pub fn hackenbush_picture(edges: &[(usize, usize, Ink)]) -> GraphPicture {
    // Vertices renumbered 0.. in order of appearance, the ground staying 0.
    let mut index: HashMap<usize, usize> = HashMap::from([(0, 0)]);
    let mut named = |v: usize| {
        let next = index.len();
        *index.entry(v).or_insert(next)
    };
    let edges: Vec<(usize, usize, Ink)> = edges
        .iter()
        .map(|&(a, b, c)| (named(a), named(b), c))
        .collect();
    let n = index.len();
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b, _) in &edges {
        if a != b {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
    }
    // The pieces: connected parts without the ground, numbered by first appearance.
    let mut piece = vec![usize::MAX; n];
    let mut pieces = 0;
    for start in 1..n {
        if piece[start] != usize::MAX {
            continue;
        }
        piece[start] = pieces;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &w in &adjacent[v] {
                if w != 0 && piece[w] == usize::MAX {
                    piece[w] = pieces;
                    stack.push(w);
                }
            }
        }
        pieces += 1;
    }
    // Breadth first from the ground (a piece that does not touch the ground, which a
    // position never has, hangs from its first vertex at height 1).
    let mut depth = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new();
    depth[0] = 0;
    let mut queue = std::collections::VecDeque::from([0]);
    let mut floating = 1;
    loop {
        while let Some(v) = queue.pop_front() {
            for &w in &adjacent[v] {
                if depth[w] == usize::MAX {
                    depth[w] = depth[v] + 1;
                    if v == 0 {
                        roots.push(w);
                    } else {
                        children[v].push(w);
                    }
                    queue.push_back(w);
                }
            }
        }
        while floating < n && depth[floating] != usize::MAX {
            floating += 1;
        }
        if floating == n {
            break;
        }
        depth[floating] = 1;
        roots.push(floating);
        queue.push_back(floating);
    }
    roots.sort_by_key(|&r| piece[r]);
    let x = tidy(&children, &roots, &piece);
    let at = |v: usize| (x[v], depth[v] as f64 * SLOT);

    let mut picture = GraphPicture::default();
    // Edges to the ground, each with a foot of its own below its vertex.
    let mut feet: Vec<Vec<Ink>> = vec![Vec::new(); n];
    // Other edges, by their pair of ends.
    let mut pairs: Vec<((usize, usize), Vec<Ink>)> = Vec::new();
    let mut ground_loops = Vec::new();
    let mut vertex_loops: Vec<Vec<Ink>> = vec![Vec::new(); n];
    for &(a, b, ink) in &edges {
        match (a, b) {
            (0, 0) => ground_loops.push(ink),
            (0, v) | (v, 0) => feet[v].push(ink),
            _ if a == b => vertex_loops[a].push(ink),
            _ => {
                let key = (a.min(b), a.max(b));
                match pairs.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, inks)) => inks.push(ink),
                    None => pairs.push((key, vec![ink])),
                }
            }
        }
    }
    // Directions of the edges at each vertex, so that loops go where nothing else is.
    let mut taken: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut direction = |v: usize, to: Point| {
        let (p, q) = (at(v), to);
        taken[v].push((q.1 - p.1).atan2(q.0 - p.0));
    };
    for (v, inks) in feet.iter().enumerate() {
        let k = inks.len();
        let step = if k > 1 {
            (0.8 / (k - 1) as f64).min(0.45)
        } else {
            0.0
        };
        for (j, &ink) in inks.iter().enumerate() {
            let foot = (x[v] + (j as f64 - (k as f64 - 1.0) / 2.0) * step, 0.0);
            direction(v, foot);
            picture.edges.push(Edge {
                from: foot,
                to: at(v),
                controls: None,
                ink,
            });
        }
    }
    for &((a, b), ref inks) in &pairs {
        // Left to right in a layer, else bottom to top, so that a positive bulge between
        // the vertices of one layer is upward.
        let (u, w) = if (depth[a], x[a]) <= (depth[b], x[b]) {
            (a, b)
        } else {
            (b, a)
        };
        let (pu, pw) = (at(u), at(w));
        let between = if depth[u] == depth[w] {
            (1..n)
                .filter(|&v| depth[v] == depth[u] && x[v] > pu.0 + 1e-9 && x[v] < pw.0 - 1e-9)
                .count()
        } else {
            0
        };
        let lift = if between > 0 {
            (0.25 + 0.08 * between as f64).min(0.4)
        } else {
            0.0
        };
        for (mut e, &ink) in bundle(pu, pw, inks.len(), 0.22, lift, Ink::Black)
            .into_iter()
            .zip(inks)
        {
            e.ink = ink;
            let (near_u, near_w) = e.controls.unwrap_or((pw, pu));
            direction(u, near_u);
            direction(w, near_w);
            picture.edges.push(e);
        }
    }
    for (v, inks) in vertex_loops.iter().enumerate() {
        if !inks.is_empty() {
            picture.edges.extend(loops(at(v), inks, &taken[v], 0.7));
        }
    }
    // Loops on the ground, each an arch in a slot of its own after the pieces.
    let mut right = (1..n).map(|v| x[v]).fold(f64::NEG_INFINITY, f64::max);
    for &ink in &ground_loops {
        let centre = if right.is_finite() {
            right + SLOT + GAP
        } else {
            0.0
        };
        right = centre;
        let (a, b) = ((centre - 0.3, 0.0), (centre + 0.3, 0.0));
        picture.edges.push(Edge {
            from: a,
            to: b,
            controls: Some(((centre - 0.45, 1.0), (centre + 0.45, 1.0))),
            ink,
        });
    }
    for v in 1..n {
        picture.nodes.push(Node {
            at: at(v),
            look: Look::Dot,
            label: None,
        });
    }
    // The ground under everything.
    let xs = picture
        .edges
        .iter()
        .flat_map(|e| [e.from.0, e.to.0])
        .chain(picture.nodes.iter().map(|v| v.at.0));
    let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    });
    picture.ground = Some(if lo <= hi {
        (lo - GROUND_MARGIN, hi + GROUND_MARGIN)
    } else {
        (-1.0, 1.0)
    });
    picture
}

/// The connected components of a graph on `0..n`, each in increasing order.
fn components(n: usize, adjacent: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut part = vec![start];
        let mut k = 0;
        while k < part.len() {
            for &w in &adjacent[part[k]] {
                if !seen[w] {
                    seen[w] = true;
                    part.push(w);
                }
            }
            k += 1;
        }
        part.sort_unstable();
        out.push(part);
    }
    out
}

/// Where the vertices of one connected component `part` go (in local coordinates).
fn place_component(part: &[usize], adjacent: &[Vec<usize>], at: &mut [Point]) {
    let k = part.len();
    let m = part.iter().map(|&v| adjacent[v].len()).sum::<usize>() / 2;
    let max_degree = part.iter().map(|&v| adjacent[v].len()).max().unwrap_or(0);
    if k == 1 {
        at[part[0]] = (0.0, 0.0);
    } else if m == k - 1 && max_degree <= 2 {
        // A path, from its end with the smaller number.
        let mut v = part
            .iter()
            .copied()
            .find(|&v| adjacent[v].len() == 1)
            .unwrap_or(part[0]);
        let mut previous = usize::MAX;
        for i in 0..k {
            at[v] = (i as f64 * SLOT, 0.0);
            let next = adjacent[v].iter().copied().find(|&w| w != previous);
            previous = v;
            match next {
                Some(w) => v = w,
                None => break,
            }
        }
    } else if m == k && max_degree == 2 {
        // A cycle, a regular polygon with sides of one slot, walked from its smallest
        // vertex towards its smaller neighbour, clockwise from the top (or from the top
        // left, so that an even cycle stands on a side).
        let radius = SLOT / (2.0 * (PI / k as f64).sin());
        let start = if k.is_multiple_of(2) {
            PI / 2.0 + PI / k as f64
        } else {
            PI / 2.0
        };
        let mut v = part[0];
        let mut previous = usize::MAX;
        for i in 0..k {
            let t = start - 2.0 * PI * i as f64 / k as f64;
            at[v] = (radius * t.cos(), radius * t.sin());
            let next = adjacent[v].iter().copied().filter(|&w| w != previous).min();
            previous = v;
            match next {
                Some(w) => v = w,
                None => break,
            }
        }
    } else if let Some(cols) = grid_columns(part, adjacent) {
        for (i, &v) in part.iter().enumerate() {
            at[v] = ((i % cols) as f64 * SLOT, -((i / cols) as f64) * SLOT);
        }
    } else if m == k - 1 {
        tree(part, adjacent, at);
    } else {
        // On a circle, in the order of the vertex numbers, clockwise from the top.
        let step = 2.0 * PI / k as f64;
        let rank: HashMap<usize, usize> = part.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let chords: Vec<(usize, usize)> = part
            .iter()
            .flat_map(|&v| adjacent[v].iter().map(move |&w| (v, w)))
            .filter(|&(v, w)| v < w)
            .map(|(v, w)| (rank[&v], rank[&w]))
            .collect();
        let radius = circle_radius(k, &chords);
        for (i, &v) in part.iter().enumerate() {
            let t = PI / 2.0 - step * i as f64;
            at[v] = (radius * t.cos(), radius * t.sin());
        }
    }
}

/// The radius of a circle of `k` vertices one slot apart, widened until every chord
/// `(i, j)` (by places on the circle) passes every other vertex at more than the clearance
/// of a vertex, but to at most three times that. On the unit circle, the chord between the
/// angles `a` and `b` lies at distance `|cos(t - (a + b) / 2) - cos((b - a) / 2)|` from the
/// point at angle `t`, so the radius needed is the clearance over the least such distance.
fn circle_radius(k: usize, chords: &[(usize, usize)]) -> f64 {
    let step = 2.0 * PI / k as f64;
    let base = SLOT / (2.0 * (step / 2.0).sin());
    let clearance = RADIUS + 0.18;
    let mut nearest = f64::INFINITY;
    for &(i, j) in chords {
        let (a, b) = (i as f64 * step, j as f64 * step);
        for v in (0..k).filter(|&v| v != i && v != j) {
            let t = v as f64 * step;
            let d = ((t - (a + b) / 2.0).cos() - ((b - a) / 2.0).cos()).abs();
            nearest = nearest.min(d);
        }
    }
    base.max((clearance / nearest).min(3.0 * base))
}

/// The number of columns if the component, numbered in order, is a grid graph of at least
/// two rows and two columns numbered row by row.
fn grid_columns(part: &[usize], adjacent: &[Vec<usize>]) -> Option<usize> {
    let k = part.len();
    let position: HashMap<usize, usize> = part.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let mut edges: Vec<(usize, usize)> = part
        .iter()
        .flat_map(|&v| adjacent[v].iter().map(move |&w| (v, w)))
        .filter(|&(v, w)| v < w)
        .map(|(v, w)| (position[&v], position[&w]))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    (2..k)
        .filter(|&c| k.is_multiple_of(c) && k / c >= 2)
        .find(|&cols| {
            let mut grid: Vec<(usize, usize)> = (0..k)
                .flat_map(|i| {
                    let right = ((i + 1) % cols != 0).then_some((i, i + 1));
                    let down = (i + cols < k).then_some((i, i + cols));
                    right.into_iter().chain(down)
                })
                .collect();
            grid.sort_unstable();
            grid == edges
        })
}

/// A tree hanging from its centre (the vertex nearest to every other), children in order
/// of their numbers.
fn tree(part: &[usize], adjacent: &[Vec<usize>], at: &mut [Point]) {
    let n = adjacent.len();
    let distances = |from: usize| -> Vec<usize> {
        let mut d = vec![usize::MAX; n];
        d[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(v) = queue.pop_front() {
            for &w in &adjacent[v] {
                if d[w] == usize::MAX {
                    d[w] = d[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        d
    };
    let eccentricity = |v: usize| part.iter().map(|&w| distances(v)[w]).max().unwrap_or(0);
    let root = part
        .iter()
        .copied()
        .min_by_key(|&v| (eccentricity(v), v))
        .unwrap_or(part[0]);
    let depth = distances(root);
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &v in part {
        let mut below: Vec<usize> = adjacent[v]
            .iter()
            .copied()
            .filter(|&w| depth[w] == depth[v] + 1)
            .collect();
        below.sort_unstable();
        children[v] = below;
    }
    let x = tidy(&children, &[root], &vec![0; n]);
    for &v in part {
        at[v] = (x[v], -(depth[v] as f64) * SLOT);
    }
}

/// The picture of a game played on the vertices of the graph on `0..n` with these edges
/// (repeats are drawn once): each vertex drawn as `look(v)` and labelled with its number,
/// the components side by side.
///
/// ```
/// use cgt_games::rulesets::picture::{vertex_graph_picture, Look};
/// // A path of three vertices lies on a line.
/// let p = vertex_graph_picture(3, &[(0, 1), (1, 2)], |_| Look::Open);
/// assert!(p.nodes.iter().all(|v| v.at.1 == 0.0));
/// assert_eq!(p.edges.len(), 2);
/// ```
pub fn vertex_graph_picture(
    n: usize,
    edges: &[(usize, usize)],
    look: impl Fn(usize) -> Look,
) -> GraphPicture {
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut drawn = Vec::new();
    for &(a, b) in edges {
        let key = (a.min(b), a.max(b));
        if a == b || a >= n || b >= n || drawn.contains(&key) {
            continue;
        }
        drawn.push(key);
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    for list in &mut adjacent {
        list.sort_unstable();
    }
    let mut at = vec![(0.0, 0.0); n];
    let mut next = 0.0;
    for part in components(n, &adjacent) {
        place_component(&part, &adjacent, &mut at);
        let (mut x0, mut x1, mut y0, mut y1) = (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        );
        for &v in &part {
            x0 = x0.min(at[v].0);
            x1 = x1.max(at[v].0);
            y0 = y0.min(at[v].1);
            y1 = y1.max(at[v].1);
        }
        // Side by side, each component centred on the line y = 0.
        for &v in &part {
            at[v] = (at[v].0 - x0 + next, at[v].1 - (y0 + y1) / 2.0);
        }
        next += x1 - x0 + SLOT + GAP;
    }
    GraphPicture {
        nodes: (0..n)
            .map(|v| Node {
                at: at[v],
                look: look(v),
                label: Some(v.to_string()),
            })
            .collect(),
        edges: drawn
            .iter()
            .map(|&(a, b)| Edge {
                from: at[a],
                to: at[b],
                controls: None,
                ink: Ink::Black,
            })
            .collect(),
        ground: None,
    }
}
