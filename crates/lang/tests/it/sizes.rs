//! The sizes of the types the evaluator moves most: a value, a game value and an
//! expression node. A variant that makes one of them larger fails here, so the growth is a
//! decision (box the new variant's payload) rather than an accident that slows every
//! program down.

use cgt::syntax::Expr;
use cgt::values::{GameValue, Value};
use std::mem::size_of;

/// On 64-bit targets (the sizes count pointers).
#[cfg(target_pointer_width = "64")]
#[test]
fn values_games_and_expressions_keep_their_size() {
    let sizes = [
        ("Value", size_of::<Value>()),
        ("GameValue", size_of::<GameValue>()),
        ("Expr", size_of::<Expr>()),
    ];
    assert_eq!(
        sizes,
        [("Value", 24), ("GameValue", 24), ("Expr", 192)],
        "the sizes in bytes"
    );
}
