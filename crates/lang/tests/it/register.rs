//! `Session::register`: an embedder adds a built-in, declared by its signature, and cgt
//! source calls it like any other, at top level and inside a function.

use cgt::Session;
use cgt::builtins::{Topic, Typed};
use cgt::values::Value;
use num_bigint::BigInt;

/// `double(n)`: twice an integer.
const DOUBLE: Typed<BigInt> = Typed {
    name: "double",
    topic: Topic::Language,
    params: "n",
    summary: "twice the integer n",
    example: ("double(21)", "42"),
    run: |_, _, n| Ok(Value::number(n * 2)),
};

/// The value `source` prints last, in ASCII.
fn last(session: &mut Session, source: &str) -> String {
    let outputs = session
        .eval(source)
        .unwrap_or_else(|f| panic!("{source}: {f:?}"));
    outputs.last().map(|o| o.ascii.clone()).unwrap_or_default()
}

/// The message of the error `source` stops at.
fn error_of(session: &mut Session, source: &str) -> String {
    match session.eval(source) {
        Ok(_) => panic!("{source} ran without an error"),
        Err(f) => f.diagnostic.message,
    }
}

#[test]
fn an_embedder_adds_a_builtin_and_cgt_calls_it() {
    let mut session = Session::new();
    assert_eq!(
        error_of(&mut session, "double(21)"),
        error_of(&mut Session::new(), "double(21)")
    );
    session.register(DOUBLE).unwrap();
    assert_eq!(last(&mut session, "double(21) + 1"), "43");
    // Inside a function body (the compiled form) and as a function value.
    assert_eq!(last(&mut session, "def f(x) = double(x) * 10\nf(2)"), "40");
    assert_eq!(last(&mut session, "map(double, [1, 2, 3])"), "[2,4,6]");
    // Arity and conversion come from the signature, with the language's messages.
    assert_eq!(
        error_of(&mut session, "double(1, 2)"),
        "double takes 1 argument but 2 were given"
    );
    assert_eq!(
        error_of(&mut session, "double([1])"),
        "expected an integer, found a list"
    );
    // Kept after a reset; another session does not have it.
    session.reset();
    assert_eq!(last(&mut session, "double(5)"), "10");
    assert!(Session::new().eval("double(5)").is_err());
}

#[test]
fn a_builtin_name_cannot_be_registered_again() {
    let mut session = Session::new();
    let abs = Typed::<BigInt> {
        name: "abs",
        ..DOUBLE
    };
    assert_eq!(
        session.register(abs),
        Err("abs is already a built-in".to_string())
    );
    assert_eq!(last(&mut session, "abs(-3)"), "3");
}
