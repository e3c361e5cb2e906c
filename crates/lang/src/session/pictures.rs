//! The pictures of values, for the embedding API ([`crate::session`]): a value that is a
//! picture (a board, a sum of boards, a thermograph, a loopy game's graph) and, on request,
//! a short game's canonical game tree. The `svg` and `latex` built-ins draw the same
//! pictures into files and strings.

use crate::evaluator::interp::Interpreter;
use crate::game::{Notation, Style};
use crate::session::Picture;
use crate::syntax::Span;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::value::Value;

/// The picture `v` is, if it is one: a position drawn as a board (or a sum of them), a
/// thermograph, or a loopy game's graph. Short games are not pictures of themselves (their
/// game trees are drawn by [`any_picture`]).
pub(crate) fn own_picture(i: &mut Interpreter, v: &Value) -> Result<Option<Picture>, EvalError> {
    let span = Span::default();
    if let Some((picture, title)) = crate::builtins::picture_of(i, v, span)? {
        return Ok(Some(Picture {
            svg: picture.to_svg(&title),
            tikz: Some(picture.to_tikz()),
        }));
    }
    match v {
        Value::Object(o) if let Some(svg) = o.svg(true) => Ok(Some(Picture {
            svg,
            tikz: o.tikz(),
        })),
        Value::Record(_) if let Some(svg) = crate::builtins::tables::scatter_svg(v) => {
            Ok(Some(Picture { svg, tikz: None }))
        }
        Value::Game(GameValue::Loopy(g)) => {
            let unicode = i.notation == Notation::Unicode;
            let svg = g
                .graph_svg(&mut i.math.store, unicode)
                .map_err(|e| EvalError::new(e, span))?;
            Ok(Some(Picture { svg, tikz: None }))
        }
        _ => Ok(None),
    }
}

/// A picture of `v`: its own ([`own_picture`]), else the canonical game tree of the short
/// game it is or stands for; `None` for a value that is no game (a list, a string).
pub(crate) fn any_picture(i: &mut Interpreter, v: &Value) -> Result<Option<Picture>, EvalError> {
    if let Some(picture) = own_picture(i, v)? {
        return Ok(Some(picture));
    }
    let gamelike = matches!(v, Value::Number(_) | Value::Game(GameValue::Short(_)))
        || crate::evaluator::play::is_gamelike(v);
    if !gamelike {
        return Ok(None);
    }
    let g = i.game_of(v, Span::default())?;
    let style = Style::cgsuite(i.notation);
    let svg = i
        .math
        .store
        .game_tree_svg(g, style)
        .map_err(|e| EvalError::new(e.to_string(), Span::default()))?;
    Ok(Some(Picture { svg, tikz: None }))
}
