//! Every printed value parses back to the same game, in ASCII and in Unicode, and equal
//! games print identically however they were written.

use cgt::eval::GameValue;
use cgt::eval::{Interpreter, Value};
use cgt::game::{GameId, GameStore, Notation, Style};
use proptest::prelude::*;

/// A random game tree, as nested option lists of indices into a pool built bottom-up.
fn build(store: &mut GameStore, seeds: &[(Vec<u8>, Vec<u8>)]) -> Vec<GameId> {
    let mut pool: Vec<GameId> = vec![
        store.zero(),
        store.nimber(1),
        store.integer(1),
        store.integer(-1),
    ];
    let n0 = store.nus(cgt::game::Dyadic::zero(), 1, 0);
    pool.push(n0);
    for (l, r) in seeds {
        let pick = |i: &u8| pool[*i as usize % pool.len()];
        let left: Vec<GameId> = l.iter().map(pick).collect();
        let right: Vec<GameId> = r.iter().map(pick).collect();
        let g = store.canonical(&left, &right);
        pool.push(g);
    }
    pool
}

fn seeds() -> impl Strategy<Value = Vec<(Vec<u8>, Vec<u8>)>> {
    prop::collection::vec(
        (
            prop::collection::vec(any::<u8>(), 0..3),
            prop::collection::vec(any::<u8>(), 0..3),
        ),
        1..12,
    )
}

/// The expression that reads `text` as a printed value: CGSuite prints 2 + *3 as `2*3`,
/// which the expression grammar reads as a product (6), so printed text is read by
/// `game("…")`, not as an expression.
fn read_printed(text: &str) -> String {
    format!("game({text:?})")
}

fn check_roundtrip(interp: &mut Interpreter, g: GameId) -> Result<(), TestCaseError> {
    for notation in [Notation::Ascii, Notation::Unicode] {
        let text = interp
            .math
            .store
            .display_styled(g, Style::cgsuite(notation));
        let back = interp
            .eval_value(&read_printed(&text))
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let id = match back {
            Value::Game(GameValue::Short(h)) => h,
            Value::Number(ref n) => {
                let d = cgt::game::Dyadic::from_rational(&n.to_rational())
                    .expect("printed numbers are dyadic");
                interp.math.store.number(d)
            }
            other => {
                return Err(TestCaseError::fail(format!(
                    "{text} evaluated to {other:?}"
                )));
            }
        };
        prop_assert_eq!(id, g, "{} did not parse back to itself", text);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn printed_games_parse_back(seeds in seeds()) {
        let mut interp = Interpreter::collecting().0;
        let pool = build(&mut interp.math.store, &seeds);
        for g in pool {
            check_roundtrip(&mut interp, g)?;
        }
    }

    #[test]
    fn sums_print_and_parse_back(seeds in seeds(), k in 0usize..8) {
        let mut interp = Interpreter::collecting().0;
        let pool = build(&mut interp.math.store, &seeds);
        let a = pool[k % pool.len()];
        let b = pool[pool.len() - 1];
        let s = interp.math.store.add(a, b);
        check_roundtrip(&mut interp, s)?;
        let d = interp.math.store.sub(a, b);
        check_roundtrip(&mut interp, d)?;
    }
}

/// Deep random games: each new game has the previous one as an option and a hot number on
/// the other side (`{G, … | -n}` or `{n, … | G}`), so bars nest past four and CGSuite's
/// braces (`{6|{5||||4|||3||2|1}}`) are exercised.
fn deep(store: &mut GameStore, seeds: &[(Vec<u8>, u8, bool)]) -> Vec<GameId> {
    let mut pool = build(store, &[]);
    for (i, (extra, far, on_left)) in seeds.iter().enumerate() {
        let prev = pool[pool.len() - 1];
        let extra: Vec<GameId> = extra
            .iter()
            .map(|k| pool[*k as usize % pool.len()])
            .collect();
        let n = i as i64 + 1 + i64::from(far % 3);
        let g = if *on_left {
            let minus_n = store.integer(-n);
            store.canonical(&[&[prev][..], &extra].concat(), &[minus_n])
        } else {
            let plus_n = store.integer(n);
            store.canonical(&[&[plus_n][..], &extra].concat(), &[prev])
        };
        pool.push(g);
    }
    pool
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn deep_games_print_and_parse_back(
        seeds in prop::collection::vec(
            (
                prop::collection::vec(any::<u8>(), 0..2),
                any::<u8>(),
                any::<bool>(),
            ),
            4..14,
        )
    ) {
        let mut interp = Interpreter::collecting().0;
        let pool = deep(&mut interp.math.store, &seeds);
        for &g in pool.iter().rev().take(6) {
            check_roundtrip(&mut interp, g)?;
            // Never more than four bars in a row: a game reaching four is in braces.
            let text = interp.math.store.display_styled(g, Style::cgsuite(Notation::Ascii));
            prop_assert!(!text.contains("|||||"), "{}", text);
        }
    }
}

#[test]
fn special_values_round_trip() {
    let mut interp = Interpreter::collecting().0;
    for src in [
        "0",
        "-2",
        "25/16",
        "-1823437481924",
        "*",
        "*8",
        "9/8*",
        "^",
        "v*",
        "6^*",
        "^*6",
        "^^",
        "vv*4",
        "^3",
        "v9",
        "73/16v9*8",
        "+-1",
        "+-1/2",
        "+-{1,1*}",
        "+-(1*)",
        "{2|1}",
        "{0,*|0}",
        "{3||2*|1*}",
        "{0||0|v3}",
        "{5||3|1|||0||||0}",
        "*18446744073709551615",
        "1*2",
        "+-^",
        "{1^*|-1^*}",
        "{1|1/2||0}",
        "{6|{5||||4|||3||2|1}}",
        "{7||6|{5||||4|||3||2|1}}",
        "{{-1|-2||-3|||-4||||-5}|-6}",
        "{0,v*|vv}",
        "{*,v|-1}",
        "{{1/1024|0},+-1|-5}",
    ] {
        let v = interp.eval_value(&read_printed(src)).unwrap();
        let g = match v {
            Value::Game(GameValue::Short(g)) => g,
            Value::Number(n) => {
                let d = cgt::game::Dyadic::from_rational(&n.to_rational()).unwrap();
                interp.math.store.number(d)
            }
            other => panic!("{src}: {other:?}"),
        };
        let printed = interp
            .math
            .store
            .display_styled(g, Style::cgsuite(Notation::Ascii));
        let again = interp.eval_to_string(&read_printed(&printed)).unwrap();
        let again_ascii = {
            interp.notation = Notation::Ascii;
            let s = interp.eval_to_string(&read_printed(&printed)).unwrap();
            interp.notation = Notation::Unicode;
            s
        };
        assert_eq!(again_ascii, printed, "{src} printed {printed}");
        assert!(!again.is_empty());
    }
}

#[test]
fn equal_games_print_identically_whatever_their_history() {
    // The same value reached in different orders and stores prints the same.
    let sources = ["{0,*|0,*} + ^", "^ + *2", "*2 + ^", "{0,*2|*3}", "^*2"];
    let mut outputs = Vec::new();
    for src in sources {
        let mut interp = Interpreter::collecting().0;
        interp.notation = Notation::Ascii;
        // Warm the store with unrelated games first so ids differ between sessions.
        interp.run("{5|-5} + {3|1} + ^^*").unwrap();
        outputs.push(interp.eval_to_string(src).unwrap());
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{outputs:?}");
}
