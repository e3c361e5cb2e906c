//! CGSuite's names in a cgt session: `game.heap.Kayles(5)`, `Domineering`, `LeftOptions`.
//! CGSuite writes its rulesets as classes in packages (`game.heap`, `game.grid`, …) and
//! its methods in CamelCase; cgt's built-ins have snake_case names (`kayles`,
//! `left_options`). An unknown name or path that is CGSuite's is answered with cgt's.

use crate::builtins;
use crate::syntax::{Expr, ExprKind, Name};

/// CGSuite's packages of rulesets (lib/core/…/resources/game/ in CGSuite's sources).
const PACKAGES: [&str; 6] = ["heap", "grid", "strip", "graph", "misere", "variant"];

/// CGSuite's names whose cgt built-in is not their snake_case form.
const RENAMED: &[(&str, &str)] = &[("TakeAndBreak", "octal")];

/// The built-in that CGSuite calls `name` (`Kayles`, `DawsonsKayles`, `LeftOptions`): its
/// snake_case form, when that is a built-in. `None` for names without a capital letter
/// (those are cgt's own spelling).
pub fn builtin_for(name: &str) -> Option<&'static str> {
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    if let Some(&(_, cgt)) = RENAMED.iter().find(|&&(c, _)| c == name) {
        return Some(cgt);
    }
    builtins::lookup(&snake_case(name)).map(|b| b.name)
}

/// `DawsonsKayles` → `dawsons_kayles`.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (k, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if k > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The dotted path `a.b.c` an expression spells (names joined by `.`, no calls), if it is one.
fn path(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Ident(name) => Some(name.clone()),
        ExprKind::Method {
            receiver,
            name,
            args: None,
        } => Some(format!("{}.{}", path(receiver)?, name.text)),
        _ => None,
    }
}

/// A CGSuite path `game.heap.Kayles` written where `receiver.name(args)` is: the message
/// and help of its error, or `None` if the path is not CGSuite's.
pub fn path_hint(receiver: &Expr, name: &Name, args: Option<&[Expr]>) -> Option<(String, String)> {
    let whole = format!("{}.{}", path(receiver)?, name.text);
    let mut parts = whole.split('.');
    if parts.next() != Some("game") {
        return None;
    }
    let message = format!("`{whole}` is CGSuite's name");
    let help = match builtin_for(&name.text) {
        Some(cgt) => {
            let call = match args {
                Some(args) => format!("{cgt}({})", shown_args(args)),
                None => cgt.to_string(),
            };
            format!("cgt's built-in for it is `{cgt}`: write `{call}`")
        }
        None => package_help(),
    };
    Some((message, help))
}

/// `game.heap` (a package of CGSuite's written where a method is): the help of its error.
pub fn package_hint(receiver: &Expr, name: &Name) -> Option<String> {
    let is_game = matches!(&receiver.kind, ExprKind::Ident(r) if r == "game");
    (is_game && PACKAGES.contains(&name.text.as_str())).then(package_help)
}

fn package_help() -> String {
    "CGSuite's rulesets are cgt's built-ins, named in snake_case: `game.heap.Kayles(5)` is \
     `kayles(5)`, `game.grid.Domineering` is `domineering` (`:help rulesets` lists them)"
        .to_string()
}

/// Arguments as written, when they are plain literals or names (`5`, `"..."`, `n`);
/// `…` for the others.
fn shown_args(args: &[Expr]) -> String {
    let shown: Vec<String> = args
        .iter()
        .map(|a| match &a.kind {
            ExprKind::Number(n) => n.to_string(),
            ExprKind::Str(s) => format!("\"{s}\""),
            ExprKind::Ident(n) => n.clone(),
            _ => "…".to_string(),
        })
        .collect();
    shown.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cgsuite_names_map_to_the_built_ins() {
        assert_eq!(builtin_for("Kayles"), Some("kayles"));
        assert_eq!(builtin_for("DawsonsKayles"), Some("dawsons_kayles"));
        assert_eq!(builtin_for("LeftOptions"), Some("left_options"));
        assert_eq!(builtin_for("TakeAndBreak"), Some("octal"));
        assert_eq!(builtin_for("kayles"), None);
        assert_eq!(builtin_for("Nonsense"), None);
    }
}
