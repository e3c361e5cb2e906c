//! Every printed loopy game reads back as an equal game: random small game graphs (with
//! passes, cycles and short leaves) are printed in the language's notation (labels `a{…}`,
//! `pass`, `S & T`) and evaluated again.

use cgt::eval::GameValue;
use cgt::eval::{Interpreter, Value};
use cgt::game::loopy::{GraphBuilder, LoopyGame};
use proptest::prelude::*;

/// A graph of up to four vertices: each vertex's Left and Right options are indices into
/// the vertices followed by four short leaves (0, *, 1, -1).
type Edges = Vec<(Vec<u8>, Vec<u8>)>;

fn build(interp: &mut Interpreter, edges: &Edges) -> LoopyGame {
    let mut b = GraphBuilder::new();
    let vs: Vec<u32> = edges.iter().map(|_| b.vertex()).collect();
    let leaves = [
        interp.math.store.zero(),
        interp.math.store.nimber(1),
        interp.math.store.integer(1),
        interp.math.store.integer(-1),
    ];
    let leaves: Vec<u32> = leaves
        .iter()
        .map(|&g| b.short(&mut interp.math.store, g))
        .collect();
    let pick = |i: u8| {
        let k = i as usize % (vs.len() + leaves.len());
        if k < vs.len() {
            vs[k]
        } else {
            leaves[k - vs.len()]
        }
    };
    for (v, (l, r)) in vs.iter().zip(edges) {
        for &i in l {
            b.left(*v, pick(i));
        }
        for &i in r {
            b.right(*v, pick(i));
        }
    }
    b.finish(vs[0])
}

fn graphs() -> impl Strategy<Value = Edges> {
    prop::collection::vec(
        (
            prop::collection::vec(any::<u8>(), 0..3),
            prop::collection::vec(any::<u8>(), 0..3),
        ),
        1..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn printed_loopy_games_read_back_equal(edges in graphs()) {
        let (mut interp, _lines) = Interpreter::collecting();
        let g = build(&mut interp, &edges);
        let g = g.simplify(&mut interp.math.store);
        let text = g.display(&mut interp.math.store, false);
        let back = interp
            .eval_value(&format!("game({text:?})"))
            .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
        let h = match back {
            Value::Game(GameValue::Loopy(h)) => h.as_ref().clone(),
            Value::Game(GameValue::Short(s)) => LoopyGame::from_short(&mut interp.math.store, s),
            Value::Number(_) => {
                let short = g.to_short(&mut interp.math.store).expect("a number is loop-free");
                let s = interp.math.store.display(short, cgt::game::Notation::Ascii);
                prop_assert_eq!(s, text);
                return Ok(());
            }
            other => return Err(TestCaseError::fail(format!("{text} gave {other:?}"))),
        };
        match g.equals(&h, &mut interp.math.store) {
            Ok(eq) => prop_assert!(eq, "{} read back as a different game", text),
            // Games without stopper sides have no equality to test: the text must at least
            // print again the same.
            Err(_) => prop_assert_eq!(h.display(&mut interp.math.store, false), text.clone()),
        }
        // The Unicode text (arrows in the upon forms) reads back as the same game.
        let unicode = g.display(&mut interp.math.store, true);
        if let Ok(Value::Game(GameValue::Loopy(u))) = interp.eval_value(&format!("game({unicode:?})")) {
            prop_assert_eq!(u.display(&mut interp.math.store, false), text, "from {}", unicode);
        }
    }

    /// CGSuite's names for `x ± upon + *m`, `x ± uponth + *m`, `x + over`, `x + under`
    /// read back as the games they name.
    #[test]
    fn named_forms_read_back_equal(
        base in 0usize..6,
        negate in any::<bool>(),
        num in -6i64..6,
        nim in 0u64..4,
    ) {
        let (mut interp, _lines) = Interpreter::collecting();
        let named = [
            LoopyGame::upon(),
            LoopyGame::uponth(),
            LoopyGame::over(),
            LoopyGame::under(),
            LoopyGame::on(),
            LoopyGame::upon().sum(&LoopyGame::upon()),
        ][base]
            .clone();
        let named = if negate { named.neg() } else { named };
        let x = cgt::game::Dyadic::new(num.into(), 1);
        let short = interp.math.store.nus(x, 0, nim);
        let shortg = LoopyGame::from_short(&mut interp.math.store, short);
        let g = named.sum(&shortg).simplify(&mut interp.math.store);
        for unicode in [false, true] {
            let text = g.display(&mut interp.math.store, unicode);
            let back = interp
                .eval_value(&format!("game({text:?})"))
                .map_err(|e| TestCaseError::fail(format!("{text}: {}", e.message())))?;
            let Value::Game(GameValue::Loopy(h)) = back else {
                return Err(TestCaseError::fail(format!("{text} gave {back:?}")));
            };
            prop_assert!(g.equals(&h, &mut interp.math.store).unwrap(), "{} read back differently", text);
        }
    }
}
