//! W-L-D game trees (DeVos–Kent §1.1) and their text form `L(+-, R(00, -+), 00)`.
//!
//! A tree is stored as an arena in post-order (every child before its parent, the root
//! last), so building, printing and solving never recurse: a tree nested a million levels
//! deep is as safe as a small one. The arena of a given tree is unique, so the derived
//! equality is equality of trees.

use std::fmt;

use super::{Player, WldError, WldOutcome};

/// One node of the arena.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) enum Node {
    Leaf(WldOutcome),
    Branch { mover: Player, children: Vec<usize> },
}

/// A finite W-L-D game tree: terminal nodes hold outcomes, branch nodes name the player who
/// chooses among their (at least one) children.
///
/// ```
/// use cgt_core::wld::{Player, WldOutcome, WldTree};
/// let t: WldTree = "L(+-, R(00, -+), 00)".parse().unwrap();
/// assert_eq!(t.root().mover(), Some(Player::Louise));
/// assert_eq!(t.at(&[1, 0]).unwrap().outcome(), Some(WldOutcome::Draw));
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.to_string(), "L(+-, R(00, -+), 00)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct WldTree {
    /// Post-order; never empty; the root is the last node.
    pub(super) nodes: Vec<Node>,
}

impl WldTree {
    /// A trivial tree (Figure 1.7): a single terminal node.
    pub fn leaf(outcome: WldOutcome) -> WldTree {
        WldTree {
            nodes: vec![Node::Leaf(outcome)],
        }
    }

    /// A root where `mover` chooses one of `children`; fails on an empty list.
    pub fn node(mover: Player, children: Vec<WldTree>) -> Result<WldTree, WldError> {
        if children.is_empty() {
            return Err(WldError::EmptyBranch);
        }
        let total = children.iter().map(|c| c.nodes.len()).sum::<usize>() + 1;
        let mut nodes = Vec::with_capacity(total);
        let mut roots = Vec::with_capacity(children.len());
        for child in children {
            let offset = nodes.len();
            nodes.extend(child.nodes.into_iter().map(|n| shifted(n, offset)));
            roots.push(nodes.len() - 1);
        }
        nodes.push(Node::Branch {
            mover,
            children: roots,
        });
        Ok(WldTree { nodes })
    }

    /// The root node.
    pub fn root(&self) -> NodeRef<'_> {
        NodeRef {
            tree: self,
            index: self.nodes.len() - 1,
        }
    }

    /// The node reached from the root by the 0-based child indices of `path`.
    pub fn at(&self, path: &[usize]) -> Option<NodeRef<'_>> {
        path.iter().try_fold(self.root(), |node, &i| node.child(i))
    }

    /// A copy of the subtree rooted at the node of `path`.
    pub fn subtree(&self, path: &[usize]) -> Option<WldTree> {
        self.at(path).map(|node| node.to_tree())
    }

    /// The number of nodes, terminal and branch.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of terminal nodes.
    pub fn leaf_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| matches!(n, Node::Leaf(_)))
            .count()
    }

    /// The maximum number of moves from the root to a terminal node (§1.2).
    pub fn depth(&self) -> usize {
        *self.heights().last().expect("a tree has a root")
    }

    /// A tree with no moves: one of the three trivial trees.
    pub fn is_trivial(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The tree with the players' roles exchanged: `L` and `R` swap, and so do `+-` and
    /// `-+`. Its type is the mirror of this tree's type.
    pub fn mirror(&self) -> WldTree {
        let nodes = self
            .nodes
            .iter()
            .map(|n| match n {
                Node::Leaf(o) => Node::Leaf(match o {
                    WldOutcome::LouiseWins => WldOutcome::RichardWins,
                    WldOutcome::RichardWins => WldOutcome::LouiseWins,
                    WldOutcome::Draw => WldOutcome::Draw,
                }),
                Node::Branch { mover, children } => Node::Branch {
                    mover: mover.other(),
                    children: children.clone(),
                },
            })
            .collect();
        WldTree { nodes }
    }

    /// For every arena index, the depth of the subtree rooted there (0 for a leaf).
    pub(super) fn heights(&self) -> Vec<usize> {
        let mut heights: Vec<usize> = Vec::with_capacity(self.nodes.len());
        for node in &self.nodes {
            let h = match node {
                Node::Leaf(_) => 0,
                Node::Branch { children, .. } => {
                    1 + children.iter().map(|&c| heights[c]).max().unwrap_or(0)
                }
            };
            heights.push(h);
        }
        heights
    }

    /// Calls `visit(path, index)` on every node in pre-order (a parent before its children,
    /// children in order), without recursion.
    pub(super) fn walk_preorder(&self, mut visit: impl FnMut(&[usize], usize)) {
        let mut path: Vec<usize> = Vec::new();
        // (arena index, depth, index among its parent's children)
        let mut stack = vec![(self.nodes.len() - 1, 0usize, 0usize)];
        while let Some((index, depth, k)) = stack.pop() {
            if depth > 0 {
                path.truncate(depth - 1);
                path.push(k);
            }
            visit(&path, index);
            if let Node::Branch { children, .. } = &self.nodes[index] {
                for (k, &c) in children.iter().enumerate().rev() {
                    stack.push((c, depth + 1, k));
                }
            }
        }
    }
}

/// `node` with its child indices moved up by `offset` (when arenas are concatenated).
fn shifted(node: Node, offset: usize) -> Node {
    match node {
        Node::Leaf(o) => Node::Leaf(o),
        Node::Branch { mover, children } => Node::Branch {
            mover,
            children: children.into_iter().map(|c| c + offset).collect(),
        },
    }
}

/// A node of a [`WldTree`], borrowed.
#[derive(Clone, Copy)]
pub struct NodeRef<'a> {
    tree: &'a WldTree,
    index: usize,
}

impl<'a> NodeRef<'a> {
    /// The outcome of a terminal node, `None` at a branch node.
    pub fn outcome(&self) -> Option<WldOutcome> {
        match &self.tree.nodes[self.index] {
            Node::Leaf(o) => Some(*o),
            Node::Branch { .. } => None,
        }
    }

    /// The player choosing at a branch node, `None` at a terminal node.
    pub fn mover(&self) -> Option<Player> {
        match &self.tree.nodes[self.index] {
            Node::Leaf(_) => None,
            Node::Branch { mover, .. } => Some(*mover),
        }
    }

    pub fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// The number of children (0 exactly at terminal nodes).
    pub fn child_count(&self) -> usize {
        self.child_indices().len()
    }

    /// The `i`-th child (0-based).
    pub fn child(&self, i: usize) -> Option<NodeRef<'a>> {
        self.child_indices().get(i).map(|&index| NodeRef {
            tree: self.tree,
            index,
        })
    }

    /// The children in order.
    pub fn children(&self) -> impl Iterator<Item = NodeRef<'a>> + 'a {
        let tree = self.tree;
        self.child_indices()
            .iter()
            .map(move |&index| NodeRef { tree, index })
    }

    /// A copy of the subtree rooted here.
    pub fn to_tree(&self) -> WldTree {
        // In post-order a subtree is the contiguous run that starts at its leftmost leaf
        // and ends at its root.
        let mut first = self.index;
        while let Node::Branch { children, .. } = &self.tree.nodes[first] {
            first = children[0];
        }
        let nodes = self.tree.nodes[first..=self.index]
            .iter()
            .map(|n| match n {
                Node::Leaf(o) => Node::Leaf(*o),
                Node::Branch { mover, children } => Node::Branch {
                    mover: *mover,
                    children: children.iter().map(|c| c - first).collect(),
                },
            })
            .collect();
        WldTree { nodes }
    }

    /// The node's position in the arena of its tree.
    pub(super) fn index(&self) -> usize {
        self.index
    }

    fn child_indices(&self) -> &'a [usize] {
        match &self.tree.nodes[self.index] {
            Node::Leaf(_) => &[],
            Node::Branch { children, .. } => children,
        }
    }
}

impl fmt::Display for WldTree {
    /// The text form `L(+-, R(00, -+), 00)`, written without recursion.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        enum Task {
            Node(usize),
            Text(&'static str),
        }
        let mut stack = vec![Task::Node(self.nodes.len() - 1)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Text(s) => f.write_str(s)?,
                Task::Node(i) => match &self.nodes[i] {
                    Node::Leaf(o) => f.write_str(o.symbol())?,
                    Node::Branch { mover, children } => {
                        write!(f, "{}(", mover.letter())?;
                        stack.push(Task::Text(")"));
                        for (k, &c) in children.iter().enumerate().rev() {
                            stack.push(Task::Node(c));
                            if k > 0 {
                                stack.push(Task::Text(", "));
                            }
                        }
                    }
                },
            }
        }
        Ok(())
    }
}

impl fmt::Debug for WldTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "WldTree({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str) -> WldTree {
        text.parse().unwrap()
    }

    #[test]
    fn built_and_parsed_trees_agree() {
        let built = WldTree::node(
            Player::Louise,
            vec![
                WldTree::leaf(WldOutcome::LouiseWins),
                WldTree::node(
                    Player::Richard,
                    vec![
                        WldTree::leaf(WldOutcome::Draw),
                        WldTree::leaf(WldOutcome::RichardWins),
                    ],
                )
                .unwrap(),
                WldTree::leaf(WldOutcome::Draw),
            ],
        )
        .unwrap();
        assert_eq!(built, t("L(+-, R(00, -+), 00)"));
        assert_eq!(built.node_count(), 6);
        assert_eq!(built.leaf_count(), 4);
        assert_eq!(built.depth(), 2);
        assert_ne!(built, t("L(+-, R(-+, 00), 00)"));
    }

    #[test]
    fn empty_branch_is_refused() {
        assert_eq!(
            WldTree::node(Player::Louise, vec![]),
            Err(WldError::EmptyBranch)
        );
    }

    #[test]
    fn paths_and_subtrees() {
        let tree = t("R(L(R(00), R(-+)), L(R(-+), R(-+)), L(R(-+), R(00)))");
        assert_eq!(tree.subtree(&[2]).unwrap(), t("L(R(-+), R(00))"));
        assert_eq!(tree.subtree(&[0, 1]).unwrap(), t("R(-+)"));
        assert_eq!(tree.subtree(&[]).unwrap(), tree);
        assert_eq!(
            tree.at(&[1, 0, 0]).unwrap().outcome(),
            Some(WldOutcome::RichardWins)
        );
        assert!(tree.at(&[3]).is_none());
        assert!(tree.at(&[0, 0, 0, 0]).is_none());
        assert_eq!(tree.root().child_count(), 3);
        let movers: Vec<_> = tree.root().children().map(|c| c.mover()).collect();
        assert_eq!(movers, vec![Some(Player::Louise); 3]);
        let mut seen = Vec::new();
        tree.walk_preorder(|path, _| seen.push(path.to_vec()));
        assert_eq!(seen.len(), tree.node_count());
        assert_eq!(seen[..4], [vec![], vec![0], vec![0, 0], vec![0, 0, 0]]);
        assert_eq!(seen.last().unwrap(), &vec![2, 1, 0]);
    }

    #[test]
    fn mirror_swaps_players_and_winners() {
        assert_eq!(t("L(+-, R(00, -+))").mirror(), t("R(-+, L(00, +-))"));
    }

    #[test]
    fn very_deep_trees_are_handled_without_recursion() {
        let n = 200_000;
        let text = format!("{}00{}", "L(".repeat(n), ")".repeat(n));
        let tree = t(&text);
        assert_eq!(tree.depth(), n);
        assert_eq!(tree.to_string(), text);
        assert_eq!(
            tree.at(&vec![0; n]).unwrap().outcome(),
            Some(WldOutcome::Draw)
        );
    }
}
