//! Reading the text form of a W-L-D tree:
//!
//! ```text
//! tree  := "+-" | "-+" | "00" | mover "(" tree ("," tree)* ")"
//! mover := "L" | "R"            (either case)
//! ```
//!
//! with whitespace allowed between tokens. The parser keeps its own stack of open branch
//! nodes, so nesting depth is limited only by memory.

use std::str::FromStr;

use super::tree::{Node, WldTree};
use super::{Player, WldError, WldOutcome};

impl WldTree {
    /// Parses `L(+-, R(00, -+), 00)`; see the module documentation for the grammar.
    pub fn parse(text: &str) -> Result<WldTree, WldError> {
        Parser::new(text).run()
    }
}

impl FromStr for WldTree {
    type Err = WldError;

    fn from_str(text: &str) -> Result<WldTree, WldError> {
        WldTree::parse(text)
    }
}

struct Parser<'t> {
    text: &'t str,
    at: usize,
    nodes: Vec<Node>,
    /// The branch nodes opened and not yet closed: their mover and finished children.
    open: Vec<(Player, Vec<usize>)>,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Self {
        Parser {
            text,
            at: 0,
            nodes: Vec::new(),
            open: Vec::new(),
        }
    }

    fn run(mut self) -> Result<WldTree, WldError> {
        loop {
            self.tree_start()?;
            // After a finished subtree: close branches, or go on to a sibling, or end.
            loop {
                self.skip_ws();
                if self.open.is_empty() {
                    return match self.peek() {
                        None => Ok(WldTree { nodes: self.nodes }),
                        Some(_) => Err(self.error("expected the end of the tree")),
                    };
                }
                match self.peek() {
                    Some(',') => {
                        self.at += 1;
                        break;
                    }
                    Some(')') => {
                        self.at += 1;
                        let (mover, children) = self.open.pop().expect("a branch is open");
                        self.nodes.push(Node::Branch { mover, children });
                        self.finished();
                    }
                    _ => return Err(self.error("expected ',' or ')'")),
                }
            }
        }
    }

    /// Reads the start of a tree: a whole leaf, or `L(` / `R(` opening a branch (followed by
    /// the start of its first child, and so on down to a leaf).
    fn tree_start(&mut self) -> Result<(), WldError> {
        loop {
            self.skip_ws();
            let rest = &self.text[self.at..];
            let leaf = ["+-", "-+", "00"]
                .into_iter()
                .find(|sym| rest.starts_with(sym));
            if let Some(sym) = leaf {
                let outcome: WldOutcome = sym.parse().expect("a known symbol");
                self.at += 2;
                self.nodes.push(Node::Leaf(outcome));
                self.finished();
                return Ok(());
            }
            let mover = match self.peek() {
                Some('L' | 'l') => Player::Louise,
                Some('R' | 'r') => Player::Richard,
                Some(')') if !self.open.is_empty() => {
                    return Err(self.error("a branch node needs at least one child"));
                }
                _ => return Err(self.error("expected +-, -+, 00, L(…) or R(…)")),
            };
            self.at += 1;
            self.skip_ws();
            if self.peek() != Some('(') {
                return Err(self.error("expected '(' after the player"));
            }
            self.at += 1;
            self.open.push((mover, Vec::new()));
        }
    }

    /// Records the node just pushed as a child of the innermost open branch.
    fn finished(&mut self) {
        let index = self.nodes.len() - 1;
        if let Some((_, children)) = self.open.last_mut() {
            children.push(index);
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            self.at += c.len_utf8();
        }
    }

    fn error(&self, expected: &str) -> WldError {
        let message = match self.peek() {
            Some(c) => format!("{expected}, found {c:?}"),
            None => format!("{expected}, found the end of the text"),
        };
        WldError::Syntax {
            at: self.at,
            message,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_and_case_are_free() {
        let a = WldTree::parse("L(+-, R(00, -+), 00)").unwrap();
        let b = WldTree::parse("  l ( +-,r(00 ,-+ ) ,\n00 )  ").unwrap();
        assert_eq!(a, b);
        assert_eq!(b.to_string(), "L(+-, R(00, -+), 00)");
        assert_eq!(
            WldTree::parse(" -+ ").unwrap(),
            WldTree::leaf(WldOutcome::RichardWins)
        );
    }

    #[test]
    fn errors_carry_offsets() {
        let at = |text: &str| match WldTree::parse(text) {
            Err(WldError::Syntax { at, .. }) => at,
            other => panic!("{text:?} gave {other:?}"),
        };
        assert_eq!(at(""), 0);
        assert_eq!(at("L()"), 2);
        assert_eq!(at("L(+-"), 4);
        assert_eq!(at("L(+-,)"), 5);
        assert_eq!(at("L(+- 00)"), 5);
        assert_eq!(at("+- 00"), 3);
        assert_eq!(at("X(00)"), 0);
        assert_eq!(at("L 00"), 2);
        assert_eq!(at("L(0)"), 2);
        assert_eq!(at("L(+-))"), 5);
        assert_eq!(at("L(é)"), 2);
    }
}
