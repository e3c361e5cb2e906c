//! The working-backwards steps of a [`Solution`] as text (Procedure 1.8), and the tree
//! annotated with its types and chosen edges (the darkened edges of Figure 1.10).

use std::fmt::Write;

use super::tree::Node;
use super::{Solution, WldOutcome};

/// `[]` for the root, `[0, 2]` for the third child of the first child.
fn path_text(path: &[usize]) -> String {
    format!("{path:?}")
}

impl Solution {
    /// The working-backwards procedure, one line per branch node: first the nodes whose
    /// children are all terminal, then those one level higher, and so on up to the root;
    /// then the type and the principal line.
    ///
    /// ```
    /// use cgt_core::wld::zermelo;
    /// let s = zermelo(&"R(+-, L(00, -+))".parse().unwrap());
    /// let expected = "\
    /// Working backwards (Procedure 1.8); nodes are paths of 0-based child indices.
    /// Height 1:
    ///   [1]: L chooses among 00, -+ → option 0, so [1] is 00
    /// Height 2:
    ///   []: R chooses among +-, 00 → option 1, so [] is 00
    /// The type is 00: both players have drawing strategies.
    /// Principal line: [1, 0], ending at 00.
    /// ";
    /// assert_eq!(s.explanation(), expected);
    /// ```
    pub fn explanation(&self) -> String {
        let tree = self.tree();
        let types = self.types_by_index();
        let choices = self.choices_by_index();
        let heights = tree.heights();
        let mut by_height: Vec<Vec<(Vec<usize>, usize)>> = vec![Vec::new(); tree.depth() + 1];
        tree.walk_preorder(|path, i| {
            if heights[i] > 0 {
                by_height[heights[i]].push((path.to_vec(), i));
            }
        });
        let mut out = String::from(
            "Working backwards (Procedure 1.8); nodes are paths of 0-based child indices.\n",
        );
        if tree.is_trivial() {
            out.push_str("The tree is trivial: its only node is terminal.\n");
        }
        for (h, nodes) in by_height.iter().enumerate().skip(1) {
            let _ = writeln!(out, "Height {h}:");
            for (path, i) in nodes {
                let Node::Branch { mover, children } = &tree.nodes[*i] else {
                    unreachable!("height > 0 means a branch node")
                };
                let options: Vec<&str> = children.iter().map(|&c| types[c].symbol()).collect();
                let k = choices[*i].expect("a branch node has a choice");
                let p = path_text(path);
                let _ = writeln!(
                    out,
                    "  {p}: {} chooses among {} → option {k}, so {p} is {}",
                    mover.letter(),
                    options.join(", "),
                    types[*i]
                );
            }
        }
        let root = self.root_type();
        let _ = writeln!(out, "The type is {root}: {}.", root.meaning());
        let _ = writeln!(
            out,
            "Principal line: {}, ending at {root}.",
            path_text(&self.principal_line())
        );
        out
    }

    /// The tree in its text form with every branch node's type in brackets after its
    /// letter and the chosen child marked `*`: `R[00](+-, *L[00](*00, -+))`.
    pub fn annotated(&self) -> String {
        let tree = self.tree();
        let types: &[WldOutcome] = self.types_by_index();
        let choices = self.choices_by_index();
        enum Task {
            Node(usize),
            Text(&'static str),
        }
        let mut out = String::new();
        let mut stack = vec![Task::Node(tree.nodes.len() - 1)];
        while let Some(task) = stack.pop() {
            match task {
                Task::Text(s) => out.push_str(s),
                Task::Node(i) => match &tree.nodes[i] {
                    Node::Leaf(o) => out.push_str(o.symbol()),
                    Node::Branch { mover, children } => {
                        let _ = write!(out, "{}[{}](", mover.letter(), types[i]);
                        stack.push(Task::Text(")"));
                        for (k, &c) in children.iter().enumerate().rev() {
                            stack.push(Task::Node(c));
                            if choices[i] == Some(k) {
                                stack.push(Task::Text("*"));
                            }
                            if k > 0 {
                                stack.push(Task::Text(", "));
                            }
                        }
                    }
                },
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::wld::{WldTree, zermelo};

    #[test]
    fn tic_explained() {
        let tree: WldTree = "R(L(R(00), R(-+)), L(R(-+), R(-+)), L(R(-+), R(00)))"
            .parse()
            .unwrap();
        let s = zermelo(&tree);
        let text = s.explanation();
        let lines: Vec<&str> = text.lines().collect();
        // A header, three heights with 6, 3 and 1 nodes, the type and the principal line.
        assert_eq!(lines.len(), 1 + (1 + 6) + (1 + 3) + (1 + 1) + 2);
        assert_eq!(lines[1], "Height 1:");
        assert_eq!(
            lines[2],
            "  [0, 0]: R chooses among 00 → option 0, so [0, 0] is 00"
        );
        assert_eq!(
            lines[6],
            "  [2, 0]: R chooses among -+ → option 0, so [2, 0] is -+"
        );
        assert_eq!(lines[8], "Height 2:");
        assert_eq!(
            lines[9],
            "  [0]: L chooses among 00, -+ → option 0, so [0] is 00"
        );
        assert_eq!(lines[12], "Height 3:");
        assert_eq!(
            lines[13],
            "  []: R chooses among 00, -+, 00 → option 1, so [] is -+"
        );
        assert_eq!(lines[14], "The type is -+: Richard has a winning strategy.");
        assert_eq!(lines[15], "Principal line: [1, 0, 0], ending at -+.");
        assert_eq!(
            s.annotated(),
            "R[-+](L[00](*R[00](*00), R[-+](*-+)), *L[-+](*R[-+](*-+), R[-+](*-+)), \
             L[00](R[-+](*-+), *R[00](*00)))"
        );
    }

    #[test]
    fn trivial_tree_explained() {
        let s = zermelo(&"+-".parse().unwrap());
        assert_eq!(
            s.explanation(),
            "Working backwards (Procedure 1.8); nodes are paths of 0-based child indices.\n\
             The tree is trivial: its only node is terminal.\n\
             The type is +-: Louise has a winning strategy.\n\
             Principal line: [], ending at +-.\n"
        );
        assert_eq!(s.annotated(), "+-");
    }
}
