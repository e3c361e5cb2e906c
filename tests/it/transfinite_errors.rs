//! Surreal numbers, ordinals and transfinite nimbers outside what is implemented end in a
//! clear error at the right place, never a panic (issue 30, item 5).

use cgt::eval::Interpreter;

/// The message of the error `src` must end in, and the text its span covers.
fn error_of(src: &str) -> (String, String) {
    let (mut interp, _) = Interpreter::collecting();
    let e = interp.run(src).expect_err("this input must be an error");
    let span = e.span();
    (
        e.message().to_string(),
        src[span.start..span.end].to_string(),
    )
}

fn check(src: &str, msg: &str, at: &str) {
    let (m, a) = error_of(src);
    assert!(m.contains(msg), "{src}: message {m:?} lacks {msg:?}");
    assert_eq!(a, at, "{src}: span");
}

#[test]
fn outside_the_implemented_range() {
    check("1/(omega - omega)", "division by zero", "omega - omega");
    check("omega/(omega - omega)", "division by zero", "omega - omega");
    check(
        "birthday(1/omega)",
        "birthdays are implemented for",
        "1/omega",
    );
    check(
        "omega_power(omega) - omega",
        "ω^ω and larger ordinals",
        "omega_power(omega) - omega",
    );
    check(
        "omega_power(omega_power(omega))",
        "below ω^ω",
        "omega_power(omega)",
    );
    check("omega_power(100000)", "degree below 10000", "100000");
    check("*omega + 1", "adds only to nimbers", "*omega + 1");
    check("*omega * *omega", "nim_product(a, b)", "*omega * *omega");
    check(
        "*(1/omega)",
        "the size of a nimber is an ordinal",
        "1/omega",
    );
    check(
        "*(omega - 1)",
        "the size of a nimber is an ordinal",
        "omega - 1",
    );
    check(
        "nim_product(*omega, 1/omega)",
        "expected an ordinal or a nimber",
        "1/omega",
    );
    check("omega // 2", "`//`", "omega // 2");
}

#[test]
fn nim_products_beyond_lenstras_table() {
    // ω^(ω^54) is the first power of ω whose prime (263) has no α_p in the table.
    check(
        "nim_product(*(omega_power(omega_power(54))), *omega)",
        "implemented below ω^(ω^54)",
        "nim_product(*(omega_power(omega_power(54))), *omega)",
    );
    check("nim_power(*omega, -1)", "", "-1");
}

#[test]
fn values_that_do_work_at_the_edges() {
    let (mut interp, out) = Interpreter::collecting();
    interp
        .run("print(nim_product(*(omega_power(omega_power(53))), *omega))")
        .expect("the last level of the table multiplies");
    let printed = out.borrow().join("");
    assert!(printed.contains("*(ω^(ω^53 + 1))"), "{printed}");
}
