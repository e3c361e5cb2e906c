//! `latex(x)`: LaTeX for papers and homework.

use super::{Args, Builtin, Topic};
use crate::game::latex::latex_of_printed;
use crate::game::{Notation, Style};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

pub const LATEX: Builtin = Builtin {
    name: "latex",
    topic: Topic::Theory,
    params: "x",
    min_args: 1,
    max_args: Some(1),
    summary: "LaTeX for a game, loopy game, position or misère game (math mode, CGSuite notation: \\uparrow, \\pm, \\ast; \\mathrm{on}, \\mathrm{over}, \\mathrm{pass}, a\\colon \\{0 \\mid a\\} for a position play returns to, S \\mathbin{\\&} T), a generalised Sprague-Grundy value (\\infty_{0,1}), or a TikZ picture of a thermograph, of a position (a board, a Hackenbush picture, a graph, a strip of coins, heaps: as svg draws it) or of a sum of positions (side by side with + between them; p + 0 is p's value); a table (table, periodic_table, pn_table) as a tabular, values in math mode",
    example: (
        "print(latex({3||2*|1*}))",
        "\\{3 \\parallel 2{\\ast} \\mid 1{\\ast}\\}",
    ),
    run: |i, a| Ok(Value::Str(latex(i, &a.values[0], a)?.into())),
};

fn latex(i: &mut dyn Host, v: &Value, a: &Args) -> Result<String, EvalError> {
    // A position drawn on a board, or a sum of them, is its picture (drawn once); others
    // are their value.
    if let Some((picture, _)) = super::theory::picture_of(i, v, a.span(0))? {
        return Ok(picture.to_tikz());
    }
    if let Some(tabular) = super::tables::latex_table(i, v) {
        return Ok(tabular);
    }
    Ok(match v {
        Value::Object(o) if let Some(tikz) = o.tikz() => tikz,
        Value::Game(GameValue::Misere(g)) => latex_of_printed(&i.show_misere(*g)),
        Value::List(items) => {
            let parts = items
                .iter()
                .map(|x| latex(i, x, a))
                .collect::<Result<Vec<_>, EvalError>>()?;
            format!("[{}]", parts.join(", "))
        }
        other => {
            if let Some(text) = loopy_latex(i, other, a)? {
                return Ok(text);
            }
            let g = i.game_of(other, a.span(0))?;
            let printed = i.store.display_styled(g, Style::cgsuite(Notation::Unicode));
            latex_of_printed(&printed)
        }
    })
}

/// LaTeX for a loopy game or a generalised Sprague–Grundy value, from its printed form
/// (Unicode, so that ups and `±` are single characters); a position of a loopy ruleset
/// stands for its value. `None` for any other value.
fn loopy_latex(i: &mut dyn Host, v: &Value, a: &Args) -> Result<Option<String>, EvalError> {
    let v = i.loopy_operand(v.clone(), a.span(0))?;
    Ok(match &v {
        Value::Game(GameValue::Loopy(g)) => Some(latex_of_printed(&g.display(&mut i.store, true))),
        Value::Game(GameValue::LoopyNim(g)) => Some(latex_of_printed(&g.text(true))),
        _ => None,
    })
}

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(LATEX);
}
