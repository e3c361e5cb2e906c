//! Zermelo's theorem by working backwards (DeVos–Kent Procedure 1.8, Theorem 1.10).
//!
//! Every node gets a type: a terminal node's outcome, or at a branch node the best type
//! among its children for the player choosing there (Louise prefers `+-` to `00` to `-+`,
//! Richard the reverse). The chosen child is the *first* best one. The choices at Louise's
//! nodes form a strategy for her, those at Richard's nodes one for him; by Corollary 1.11
//! they are winning strategies when the root is `+-` or `-+`, and drawing strategies for
//! both when it is `00`.

use super::tree::Node;
use super::{Player, WldOutcome, WldTree};

/// The result of working backwards on a tree: the type of every node and the choice at
/// every branch node. Nodes are named by paths (0-based child indices from the root).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    tree: WldTree,
    /// The type of each node, by arena index.
    types: Vec<WldOutcome>,
    /// The chosen child (0-based) of each branch node, by arena index; `None` at leaves.
    choices: Vec<Option<usize>>,
}

/// Works backwards from the terminal nodes to the root.
///
/// ```
/// use cgt_core::wld::{WldOutcome, WldTree, zermelo};
/// let tic: WldTree = "R(L(R(00), R(-+)), L(R(-+), R(-+)), L(R(-+), R(00)))".parse().unwrap();
/// let s = zermelo(&tic);
/// assert_eq!(s.root_type(), WldOutcome::RichardWins);
/// assert_eq!(s.choice_at(&[]), Some(1));
/// assert_eq!(s.principal_line(), vec![1, 0, 0]);
/// ```
pub fn zermelo(tree: &WldTree) -> Solution {
    let n = tree.nodes.len();
    let mut types: Vec<WldOutcome> = Vec::with_capacity(n);
    let mut choices = Vec::with_capacity(n);
    // Post-order: the children of a node are solved before it.
    for node in &tree.nodes {
        let (ty, choice) = match node {
            Node::Leaf(o) => (*o, None),
            Node::Branch { mover, children } => {
                let mut best = 0;
                for (k, &c) in children.iter().enumerate() {
                    if types[c].score_for(*mover) > types[children[best]].score_for(*mover) {
                        best = k;
                    }
                }
                (types[children[best]], Some(best))
            }
        };
        types.push(ty);
        choices.push(choice);
    }
    Solution {
        tree: tree.clone(),
        types,
        choices,
    }
}

impl Solution {
    /// The tree that was solved.
    pub fn tree(&self) -> &WldTree {
        &self.tree
    }

    /// The type of the tree (Theorem 1.10): the type of its root.
    pub fn root_type(&self) -> WldOutcome {
        *self.types.last().expect("a tree has a root")
    }

    /// The type of the node at `path`.
    pub fn type_at(&self, path: &[usize]) -> Option<WldOutcome> {
        self.tree.at(path).map(|node| self.types[node.index()])
    }

    /// The child chosen at the branch node of `path`; `None` at a terminal node or a path
    /// that leads nowhere.
    pub fn choice_at(&self, path: &[usize]) -> Option<usize> {
        self.tree
            .at(path)
            .and_then(|node| self.choices[node.index()])
    }

    /// Every node with its type, in pre-order.
    pub fn node_types(&self) -> Vec<(Vec<usize>, WldOutcome)> {
        let mut out = Vec::with_capacity(self.types.len());
        self.tree
            .walk_preorder(|path, i| out.push((path.to_vec(), self.types[i])));
        out
    }

    /// Every branch node with its mover and chosen child, in pre-order: both strategies.
    pub fn choices(&self) -> Vec<(Vec<usize>, Player, usize)> {
        let mut out = Vec::new();
        self.tree.walk_preorder(|path, i| {
            if let (Node::Branch { mover, .. }, Some(k)) = (&self.tree.nodes[i], self.choices[i]) {
                out.push((path.to_vec(), *mover, k));
            }
        });
        out
    }

    /// The strategy of `player`: the chosen child at each of that player's nodes, in
    /// pre-order (every such node, reachable under the strategy or not, as in §1.1).
    pub fn strategy(&self, player: Player) -> Vec<(Vec<usize>, usize)> {
        self.choices()
            .into_iter()
            .filter(|(_, mover, _)| *mover == player)
            .map(|(path, _, k)| (path, k))
            .collect()
    }

    /// The play from the root when both players follow their strategies: the chosen child
    /// index at each step, down to a terminal node whose outcome is the root type.
    pub fn principal_line(&self) -> Vec<usize> {
        let mut line = Vec::new();
        let mut node = self.tree.root();
        while let Some(k) = self.choices[node.index()] {
            line.push(k);
            node = node.child(k).expect("a choice names a child");
        }
        line
    }

    /// The type of each node by arena index (for the explanation).
    pub(super) fn types_by_index(&self) -> &[WldOutcome] {
        &self.types
    }

    /// The choice at each node by arena index (for the explanation).
    pub(super) fn choices_by_index(&self) -> &[Option<usize>] {
        &self.choices
    }
}

/// The outcome `player` can count on by following `strategy` (which gives the child to take
/// at each of `player`'s nodes, asked at all of them) whatever the opponent does: the worst
/// for `player` over the opponent's choices. A winning strategy guarantees a win, a drawing
/// strategy at least a draw. `None` if the strategy names a child that does not exist.
pub fn guaranteed_outcome(
    tree: &WldTree,
    player: Player,
    mut strategy: impl FnMut(&[usize]) -> usize,
) -> Option<WldOutcome> {
    let mut picked: Vec<Option<usize>> = vec![None; tree.nodes.len()];
    let mut valid = true;
    tree.walk_preorder(|path, i| {
        if let Node::Branch { mover, children } = &tree.nodes[i]
            && *mover == player
        {
            let k = strategy(path);
            valid &= k < children.len();
            picked[i] = Some(k);
        }
    });
    if !valid {
        return None;
    }
    let mut value: Vec<WldOutcome> = Vec::with_capacity(tree.nodes.len());
    for (i, node) in tree.nodes.iter().enumerate() {
        let v = match node {
            Node::Leaf(o) => *o,
            Node::Branch { children, .. } => match picked[i] {
                Some(k) => value[children[k]],
                None => children
                    .iter()
                    .map(|&c| value[c])
                    .min_by_key(|o| o.score_for(player))
                    .expect("a branch has children"),
            },
        };
        value.push(v);
    }
    value.last().copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use WldOutcome::{Draw, LouiseWins, RichardWins};

    fn t(text: &str) -> WldTree {
        text.parse().unwrap()
    }

    /// Figure 1.6 as Game 1.6 (Tic, 1×3, Richard first) produces it, squares left to
    /// right; `tictactoe_tests` derives the same tree from the rules.
    const TIC: &str = "R(L(R(00), R(-+)), L(R(-+), R(-+)), L(R(-+), R(00)))";

    #[test]
    fn trivial_trees_are_their_outcome() {
        for o in WldOutcome::ALL {
            let s = zermelo(&WldTree::leaf(o));
            assert_eq!(s.root_type(), o);
            assert!(s.principal_line().is_empty());
            assert!(s.choices().is_empty());
            assert_eq!(s.node_types(), vec![(vec![], o)]);
        }
    }

    #[test]
    fn tic_is_a_win_for_richard_by_marking_the_middle() {
        let s = zermelo(&t(TIC));
        assert_eq!(s.root_type(), RichardWins);
        assert_eq!(s.choice_at(&[]), Some(1));
        assert_eq!(s.type_at(&[0]), Some(Draw));
        assert_eq!(s.type_at(&[1]), Some(RichardWins));
        assert_eq!(s.type_at(&[2]), Some(Draw));
        // Louise answers a cross on an end square by marking the middle square.
        assert_eq!(s.choice_at(&[0]), Some(0));
        assert_eq!(s.choice_at(&[2]), Some(1));
        assert_eq!(s.principal_line(), vec![1, 0, 0]);
        assert_eq!(
            s.strategy(Player::Louise),
            vec![(vec![0], 0), (vec![1], 0), (vec![2], 1)]
        );
        assert_eq!(s.strategy(Player::Richard).len(), 7);
        assert_eq!(t(TIC).depth(), 3);
    }

    #[test]
    fn figure_1_9_richard_takes_the_right_branch() {
        // Figure 1.9 is not in the text; it is described as Richard's node whose right
        // branch wins for him. Both possible left branches give the same decision.
        for left in ["+-", "00"] {
            let s = zermelo(&t(&format!("R({left}, -+)")));
            assert_eq!((s.root_type(), s.choice_at(&[])), (RichardWins, Some(1)));
        }
    }

    #[test]
    fn a_tree_shaped_like_figure_1_8() {
        // Figure 1.8 is not in the text; this tree has the shape it describes: Richard
        // chooses at the root, his right branch lets Louise reach `+-`, his left branch
        // contains an R node (lower left) and cannot be lost.
        let tree = t("R(L(R(00, +-), 00), L(+-, -+))");
        let right_at_root = |path: &[usize]| if path.is_empty() { 1 } else { 0 };
        assert_eq!(
            guaranteed_outcome(&tree, Player::Richard, right_at_root),
            Some(LouiseWins)
        );
        let left_at_root = |_: &[usize]| 0;
        assert_eq!(
            guaranteed_outcome(&tree, Player::Richard, left_at_root),
            Some(Draw)
        );
        let s = zermelo(&tree);
        assert_eq!((s.root_type(), s.choice_at(&[])), (Draw, Some(0)));
        assert_eq!(guaranteed_outcome(&tree, Player::Richard, |_| 7), None);
    }

    #[test]
    fn louise_can_force_only_a_draw() {
        let tree = t("L(R(+-, 00), R(-+, +-), L(R(00, +-), R(+-, -+)))");
        let s = zermelo(&tree);
        assert_eq!(s.root_type(), Draw);
        assert_eq!(s.choice_at(&[]), Some(0));
        assert_eq!(s.type_at(&[2]), Some(Draw));
        assert_eq!(s.principal_line(), vec![0, 1]);
        let louise = guaranteed_outcome(&tree, Player::Louise, |p| s.choice_at(p).unwrap());
        let richard = guaranteed_outcome(&tree, Player::Richard, |p| s.choice_at(p).unwrap());
        assert_eq!((louise, richard), (Some(Draw), Some(Draw)));
        // No strategy of Louise's wins: try them all (her nodes are [] and [2]).
        for a in 0..3 {
            for b in 0..2 {
                let g =
                    guaranteed_outcome(&tree, Player::Louise, |p| if p.is_empty() { a } else { b });
                assert_ne!(g, Some(LouiseWins));
            }
        }
    }

    #[test]
    fn the_first_best_child_is_chosen() {
        let s = zermelo(&t("L(00, -+, +-, +-)"));
        assert_eq!((s.root_type(), s.choice_at(&[])), (LouiseWins, Some(2)));
        let s = zermelo(&t("R(+-, 00, 00)"));
        assert_eq!((s.root_type(), s.choice_at(&[])), (Draw, Some(1)));
        let s = zermelo(&t("R(+-, +-)"));
        assert_eq!((s.root_type(), s.choice_at(&[])), (LouiseWins, Some(0)));
    }

    /// Minimax on +1 / 0 / -1, by recursion on the tree: an oracle independent of the
    /// arena loop above.
    fn minimax(node: crate::wld::NodeRef<'_>) -> i32 {
        match (node.outcome(), node.mover()) {
            (Some(LouiseWins), _) => 1,
            (Some(RichardWins), _) => -1,
            (Some(Draw), _) => 0,
            (None, Some(Player::Louise)) => node.children().map(minimax).max().unwrap(),
            (None, Some(Player::Richard)) => node.children().map(minimax).min().unwrap(),
            (None, None) => unreachable!(),
        }
    }

    fn as_outcome(v: i32) -> WldOutcome {
        match v {
            1 => LouiseWins,
            -1 => RichardWins,
            _ => Draw,
        }
    }

    /// Checks a solution against minimax at every node, and Corollary 1.11.
    fn check(tree: &WldTree) {
        let s = zermelo(tree);
        assert_eq!(tree.to_string().parse::<WldTree>().unwrap(), *tree);
        for (path, ty) in s.node_types() {
            let node = tree.at(&path).unwrap();
            assert_eq!(ty, as_outcome(minimax(node)), "{tree} at {path:?}");
            if let Some(mover) = node.mover() {
                let k = s.choice_at(&path).unwrap();
                let values: Vec<i32> = node.children().map(minimax).collect();
                let sign = if mover == Player::Louise { 1 } else { -1 };
                let best = values.iter().map(|v| v * sign).max().unwrap();
                let first = values.iter().position(|v| v * sign == best).unwrap();
                assert_eq!(k, first, "{tree} at {path:?}");
            }
        }
        let end = tree.at(&s.principal_line()).unwrap();
        assert_eq!(end.outcome(), Some(s.root_type()));
        for player in [Player::Louise, Player::Richard] {
            let g = guaranteed_outcome(tree, player, |p| s.choice_at(p).unwrap());
            assert_eq!(g, Some(s.root_type()), "{tree}: {player}'s strategy");
        }
        let mirrored = zermelo(&tree.mirror()).root_type();
        assert_eq!(mirrored.winner(), s.root_type().winner().map(Player::other));
    }

    /// Every tree of depth at most `depth` whose branch nodes have 1 to `width` children.
    fn all_trees(depth: usize, width: usize) -> Vec<WldTree> {
        let leaves: Vec<WldTree> = WldOutcome::ALL.into_iter().map(WldTree::leaf).collect();
        if depth == 0 {
            return leaves;
        }
        let below = all_trees(depth - 1, width);
        let mut tuples: Vec<Vec<WldTree>> = vec![vec![]];
        let mut out = leaves;
        for _ in 0..width {
            tuples = tuples
                .iter()
                .flat_map(|tuple| {
                    below.iter().map(move |c| {
                        let mut longer = tuple.clone();
                        longer.push(c.clone());
                        longer
                    })
                })
                .collect();
            for tuple in &tuples {
                for mover in [Player::Louise, Player::Richard] {
                    out.push(WldTree::node(mover, tuple.clone()).unwrap());
                }
            }
        }
        out
    }

    #[test]
    fn backward_induction_agrees_with_minimax_on_all_small_trees() {
        let trees = all_trees(2, 2);
        assert_eq!(trees.len(), 3 + 2 * (27 + 27 * 27));
        trees.iter().for_each(check);
        all_trees(1, 3).iter().for_each(check);
    }

    #[test]
    fn backward_induction_agrees_with_minimax_on_random_trees() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for _ in 0..300 {
            // A random tree built from random leaves upwards.
            let mut pool: Vec<WldTree> = (0..1 + next(12))
                .map(|_| WldTree::leaf(WldOutcome::ALL[next(3) as usize]))
                .collect();
            while pool.len() > 1 || next(3) == 0 {
                let take = (1 + next(3) as usize).min(pool.len());
                let at = next((pool.len() - take + 1) as u64) as usize;
                let children: Vec<WldTree> = pool.drain(at..at + take).collect();
                let mover = if next(2) == 0 {
                    Player::Louise
                } else {
                    Player::Richard
                };
                pool.insert(at, WldTree::node(mover, children).unwrap());
            }
            check(&pool[0]);
        }
    }

    #[test]
    fn deep_trees_are_solved_without_recursion() {
        let n = 100_000;
        let text = format!("{}+-{}", "R(-+, L(".repeat(n), "))".repeat(n));
        let s = zermelo(&t(&text));
        assert_eq!(s.root_type(), RichardWins);
        assert_eq!(s.principal_line(), vec![0]);
    }
}
