//! The built-ins of the impartial families: each family's file says what its built-in is
//! (its [`FamilyBuiltin`]: name, help, and how the arguments make a position) and its name
//! in the list of [`super`] (`register_families!`, defined here) declares its module and
//! registers it, so that a family is its file plus that line. The language makes the
//! built-ins from [`family_builtins`], in the list's order (the order of `:help` and the
//! reference), with no code per family.

use super::ImpartialFamily;
use crate::impartial::ImpartialError;
use crate::rulesets::RulesetError;
use crate::rulesets::registry::{About, Arg};

/// A family's built-in: its name, what help says, and the position its arguments make.
pub struct FamilyBuiltin {
    /// The built-in's name, the family's [`ImpartialFamily::name`]: `staircase_nim`.
    pub name: &'static str,
    /// Parameters, summary, example and argument count (always [`ArgForm::Custom`]).
    ///
    /// [`ArgForm::Custom`]: crate::rulesets::registry::ArgForm::Custom
    pub about: About,
    /// The position the arguments name. An error blaming no argument is the call's.
    pub make: MakeFamily,
}

/// How a family's built-in makes a position from its arguments.
pub type MakeFamily = fn(&[Arg]) -> Result<Box<dyn ImpartialFamily>, RulesetError>;

/// Every family's built-in, in the order help lists them: the order of the list in
/// [`super`] (`register_families!`).
pub fn family_builtins() -> &'static [FamilyBuiltin] {
    super::FAMILIES
}

/// Declares the family modules of [`super`] and registers their built-ins, from one list of
/// module names: `register_families! { staircase_nim, moore_nim, }` declares
/// `pub mod staircase_nim;` and `pub mod moore_nim;` and makes `FAMILIES`, their
/// `BUILTIN`s in that order.
///
/// `cargo fmt` does not see modules declared inside a macro, so `.ci/run` checks those files
/// with `rustfmt` by name.
macro_rules! register_families {
    ($($name:ident,)*) => {
        $(pub mod $name;)*

        /// Every family's built-in, in the order of the list.
        static FAMILIES: &[$crate::families::registry::FamilyBuiltin] = &[$($name::BUILTIN,)*];

        /// The modules of the list, in its order, for the tests.
        #[cfg(test)]
        const FAMILY_MODULES: &[&str] = &[$(stringify!($name),)*];
    };
}

/// Argument `k` as a list of whole numbers from 0 to 2^64 - 1.
pub(crate) fn counts(args: &[Arg], k: usize) -> Result<Vec<u64>, RulesetError> {
    counts_of(arg(args, k)?).map_err(|e| e.at_arg(k))
}

/// A list argument's elements as whole numbers from 0 to 2^64 - 1.
pub(crate) fn counts_of(list: &Arg) -> Result<Vec<u64>, RulesetError> {
    list.items()?
        .iter()
        .map(|x| x.count("a non-negative integer"))
        .collect()
}

/// Argument `k` (the language checks the count before calling).
pub(crate) fn arg(args: &[Arg], k: usize) -> Result<&Arg, RulesetError> {
    args.get(k)
        .ok_or_else(|| RulesetError::refused(format!("internal: no argument {k}")))
}

/// An error of the theory, blaming no argument (so the call).
pub(crate) fn refused(e: ImpartialError) -> RulesetError {
    RulesetError::refused(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    /// Every registered family makes a position from its example's kind of arguments, and
    /// its built-in has the family's name.
    #[test]
    fn names_are_unique_and_match_the_positions() {
        let mut names: Vec<&str> = family_builtins().iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), family_builtins().len());
        let int = |n: u64| Arg::Int(BigInt::from(n));
        let list = |v: &[u64]| Arg::List(v.iter().map(|&n| int(n)).collect());
        let cases: Vec<(&str, Vec<Arg>)> = vec![
            ("staircase_nim", vec![list(&[3, 1, 3])]),
            ("moore_nim", vec![int(2), list(&[1, 2, 3])]),
            ("nimble", vec![list(&[1, 3, 6])]),
            ("turning_turtles", vec![Arg::Text("THHTTH".into())]),
            (
                "northcott",
                vec![int(8), Arg::List(vec![list(&[1, 4]), list(&[6, 2])])],
            ),
            (
                "green_hackenbush",
                vec![Arg::List(vec![list(&[0, 1]), list(&[1, 2])])],
            ),
            ("bamboo", vec![list(&[3, 5, 6])]),
        ];
        assert_eq!(cases.len(), family_builtins().len());
        for (name, args) in cases {
            let f = family_builtins().iter().find(|f| f.name == name).unwrap();
            let p = (f.make)(&args).unwrap();
            assert_eq!(p.name(), name);
        }
        // A bad argument is blamed on its position.
        let f = &family_builtins()[1];
        let e = (f.make)(&[int(2), Arg::Text("x".into())]).err().unwrap();
        assert_eq!(e.arg(), Some(1));
        assert_eq!(e.to_string(), "expected a list, found a string");
    }

    /// Every file of `families/` that implements `ImpartialFamily` (outside its tests: an
    /// impl at the start of a line) is one line of the list, once; every line is such a
    /// file. So a family is its file plus its line, and none is left out.
    #[test]
    fn every_family_module_is_registered_exactly_once() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/families");
        let mut defining = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            let family = text
                .lines()
                .any(|l| l.starts_with("impl") && l.contains("ImpartialFamily for "));
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            if family {
                defining.push(stem.to_string());
            }
        }
        defining.sort();
        let mut listed: Vec<String> = super::super::FAMILY_MODULES
            .iter()
            .map(|m| m.to_string())
            .collect();
        listed.sort();
        assert_eq!(listed, defining);
        assert_eq!(super::super::FAMILY_MODULES.len(), family_builtins().len());
    }
}
