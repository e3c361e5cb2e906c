//! Built-ins made by the family registry ([`crate::families::registry`]): each impartial
//! family's file says what its built-in is, and gets one from that, with no code here. The
//! language's part is turning values into [`Arg`]s and errors into errors at the argument
//! they blame (or at the call when they blame none).

use super::registered::{arg, blamed_error};
use super::{Args, Doc, Entry, Registry, Topic};
use crate::families::registry::{FamilyBuiltin, family_builtins};
use crate::rulesets::registry::Arg;
use crate::values::error::EvalError;
use crate::values::games::position::Position;
use crate::values::value::Value;

/// Adds the families' built-ins, in registry order.
pub(super) fn register(r: &mut Registry) {
    for f in family_builtins() {
        let (min_args, max_args) = f.about.args.counts();
        let doc = Doc {
            name: f.name,
            topic: Topic::Impartial,
            params: f.about.params,
            min_args,
            max_args: Some(max_args),
            summary: f.about.summary,
            example: f.about.example,
            run: (),
        };
        r.add(Entry::new(doc, Box::new(move |_, a| run_family(f, a))));
    }
}

/// The family's position named by the arguments, as a value.
fn run_family(f: &'static FamilyBuiltin, a: &Args) -> Result<Value, EvalError> {
    let args: Vec<Arg> = a.values.iter().map(|v| arg(v, 0)).collect();
    // An error blaming no argument is the call's.
    let p = (f.make)(&args).map_err(|e| blamed_error(e, a, a.call))?;
    Ok(Position::Family(p).into_value())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered family has its built-in, under the impartial topic, with the
    /// registration's help.
    #[test]
    fn every_registered_family_has_a_made_builtin() {
        for f in family_builtins() {
            let b = super::super::lookup(f.name).expect("made built-in");
            assert_eq!(b.summary, f.about.summary, "{}", f.name);
            assert_eq!(b.params, f.about.params, "{}", f.name);
            assert_eq!(b.topic, Topic::Impartial, "{}", f.name);
        }
    }
}
