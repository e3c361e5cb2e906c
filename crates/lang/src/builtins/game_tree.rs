//! The game trees `svg` draws: of a canonical form (numbers, nimbers and the values the
//! options name as leaves, unless `{"unroll" => true}`), or with `{"positions" => true}`
//! the tree of a position's moves with the position's picture (its board) at each node, as
//! the textbooks draw them.

use super::Args;
use super::files::SvgOptions;
use super::theory::picture_of;
use crate::game::Style;
use crate::game::theory::{MAX_TREE_NODES, TheoryError, TreeNode, TreeOptions, tree_svg};
use crate::values::error::EvalError;
use crate::values::host::Host;
use crate::values::value::Value;

/// The SVG game tree of the first argument, as the options ask.
pub(super) fn game_tree(
    i: &mut dyn Host,
    a: &Args,
    options: &SvgOptions,
) -> Result<String, EvalError> {
    if options.positions {
        return position_tree(i, &a.values[0], a);
    }
    let g = i.game_of(&a.values[0], a.span(0))?;
    let mut leaves = Vec::new();
    for v in &options.leaves {
        leaves.push(i.game_of(v, a.span(2))?);
    }
    let tree = TreeOptions {
        unroll: options.unroll,
        leaves,
    };
    let style = Style::cgsuite(i.notation());
    i.store()
        .game_tree_svg_with(g, style, &tree)
        .map_err(|e| too_large(e, a))
}

fn too_large(e: TheoryError, a: &Args) -> EvalError {
    EvalError::new(e.to_string(), a.call)
}

/// The tree of the moves of a position, each node the position's picture (or its value,
/// for a part without one), down to the positions with no move.
fn position_tree(i: &mut dyn Host, v: &Value, a: &Args) -> Result<String, EvalError> {
    let span = a.span(0);
    let mut nodes = vec![TreeNode::default()];
    let mut stack = vec![(v.clone(), 0usize)];
    while let Some((p, at)) = stack.pop() {
        i.check_interrupt(span)?;
        match picture_of(i, &p, span)? {
            Some((picture, _)) => nodes[at].picture = Some(picture.to_svg("")),
            None => nodes[at].label = i.show_line(&p),
        }
        for left in [true, false] {
            for m in i.moves_in(&p, left, span)? {
                if nodes.len() >= MAX_TREE_NODES {
                    return Err(EvalError::new(
                        format!("the tree of positions has more than {MAX_TREE_NODES} nodes"),
                        a.call,
                    )
                    .with_help("draw a smaller position, or its canonical game tree (without \"positions\")"));
                }
                let c = nodes.len();
                nodes.push(TreeNode::default());
                nodes[at].children.push((c, left));
                stack.push((m.result, c));
            }
        }
    }
    Ok(tree_svg(&nodes))
}
