//! Built-ins of loopy games: the named stoppers (`on`, `off`, `over`, …, used bare as
//! names), the tests `is_stopper`, `is_loopfree`, `is_stopper_sided`, `is_plumtree`, and
//! onside, offside, upsum, downsum, degree and variety.

use super::{Args, Builtin, Topic};
use crate::game::loopy::{LoopyError, LoopyGame};
use crate::values::algebra::ValueAlgebra as _;
use crate::values::error::EvalError;
use crate::values::error::loopy_error;
use crate::values::game_value::GameValue;
use crate::values::host::Host;
use crate::values::value::Value;

/// A named loopy game: a built-in without arguments, which a bare name evaluates.
macro_rules! named_loopy {
    ($konst:ident, $name:literal, $make:path, $summary:literal, $example:expr) => {
        pub const $konst: Builtin = Builtin {
            name: $name,
            topic: Topic::Loopy,
            params: "",
            min_args: 0,
            max_args: Some(0),
            summary: $summary,
            example: $example,
            run: |i, _| Ok(i.loopy_value($make())),
        };
    };
}

named_loopy!(
    ON,
    "on",
    LoopyGame::on,
    "on = {pass|}: Left may always pass, Right never moves; larger than every short game",
    ("on > 1000", "true")
);
named_loopy!(
    OFF,
    "off",
    LoopyGame::off,
    "off = {|pass} = -on: smaller than every short game",
    ("off < -1000", "true")
);
named_loopy!(
    DUD,
    "dud",
    LoopyGame::dud,
    "dud = {pass|pass}: either player may pass for ever (the deathless universal draw); on + off",
    ("on + off", "dud")
);
named_loopy!(
    OVER,
    "over",
    LoopyGame::over,
    "over = {0|pass}: positive, yet smaller than every positive number",
    ("over < 1/64", "true")
);
named_loopy!(
    UNDER,
    "under",
    LoopyGame::under,
    "under = {pass|0} = -over",
    ("-over == under", "true")
);
named_loopy!(
    UPON,
    "upon",
    LoopyGame::upon,
    "upon = {pass|*}: a loopy relative of ↑ (Winning Ways ch. 11)",
    ("upon > 0", "true")
);
named_loopy!(
    TIS,
    "tis",
    LoopyGame::tis,
    "tis = {tisn|} (\"this is\"), tisn = {|tis}: each names the other",
    ("tis", "tis")
);
named_loopy!(
    TISN,
    "tisn",
    LoopyGame::tisn,
    "tisn = {|tis} (\"this isn't\"), the partner of tis",
    ("tisn", "tisn")
);

fn loopy_arg(i: &mut dyn Host, a: &Args, k: usize) -> Result<LoopyGame, EvalError> {
    i.loopy_of(&a.values[k], a.span(k))
}

fn fail(a: &Args) -> impl FnOnce(LoopyError) -> EvalError {
    let span = a.call;
    move |e| loopy_error(e, span)
}

pub const IS_LOOPFREE: Builtin = Builtin {
    name: "is_loopfree",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether no position of g can be reached from itself (g is a short game)",
    example: ("[is_loopfree({1|*}), is_loopfree(over)]", "[true,false]"),
    run: |i, a| Ok(Value::Bool(loopy_arg(i, a, 0)?.is_loopfree())),
};

pub const IS_STOPPER: Builtin = Builtin {
    name: "is_stopper",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether no play of g alternating between the players goes on for ever \
              (short games, on, over, upon are stoppers; dud is not)",
    example: ("[is_stopper(over), is_stopper(dud)]", "[true,false]"),
    run: |i, a| Ok(Value::Bool(loopy_arg(i, a, 0)?.is_stopper())),
};

pub const IS_STOPPER_SIDED: Builtin = Builtin {
    name: "is_stopper_sided",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether g has an onside and an offside that are stoppers (g = onside & offside)",
    example: ("is_stopper_sided(dud)", "true"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        Ok(Value::Bool(g.is_stopper_sided(&mut i.store)))
    },
};

pub const IS_PLUMTREE: Builtin = Builtin {
    name: "is_plumtree",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "whether the only cycles of g are passes (a tree with occasional pass moves, \
              Siegel VI.3); plumtrees are stopper-sided",
    example: ("is_plumtree(on)", "true"),
    run: |i, a| Ok(Value::Bool(loopy_arg(i, a, 0)?.is_plumtree())),
};

pub const ONSIDE: Builtin = Builtin {
    name: "onside",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the onside of a stopper-sided game: the stopper found by sidling with infinite \
              play counted as a win for Left; a game whose onside is no stopper (Bach's \
              Carousel) is refused: CGSuite prints such a game as S & T, its own graph \
              simplified once for each side by local rules (LoopyGame.simplifyGraph), which \
              it does not call canonical, since no simplest-form theorem is known for sides \
              that are not stoppers (Siegel ch. VI); cgt keeps the graph instead",
    example: ("onside(dud)", "on"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let s = g.onside(&mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(s))
    },
};

pub const OFFSIDE: Builtin = Builtin {
    name: "offside",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the offside of a stopper-sided game: the stopper found by sidling with infinite \
              play counted as a win for Right; refused, as onside says why, when it is no \
              stopper",
    example: ("offside(dud)", "off"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let s = g.offside(&mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(s))
    },
};

pub const UPSUM: Builtin = Builtin {
    name: "upsum",
    topic: Topic::Loopy,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the upsum of two stoppers: the onside of g + h (infinite play is Left's)",
    example: ("upsum(on, off)", "on"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let h = loopy_arg(i, a, 1)?;
        let s = g.upsum(&h, &mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(s))
    },
};

pub const DOWNSUM: Builtin = Builtin {
    name: "downsum",
    topic: Topic::Loopy,
    params: "g, h",
    min_args: 2,
    max_args: Some(2),
    summary: "the downsum of two stoppers: the offside of g + h (infinite play is Right's)",
    example: ("downsum(on, off)", "off"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let h = loopy_arg(i, a, 1)?;
        let s = g.downsum(&h, &mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(s))
    },
};

pub const DEGREE: Builtin = Builtin {
    name: "degree",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the degree of loopiness of a stopper-sided game: 0 for a short game, else the \
              upsum of its onside and minus its offside (Siegel VI.5); degree(on) is on",
    example: ("degree(dud)", "on"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let d = g.degree(&mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(d))
    },
};

pub const VARIETY: Builtin = Builtin {
    name: "variety",
    topic: Topic::Loopy,
    params: "g",
    min_args: 1,
    max_args: Some(1),
    summary: "the variety of a stopper g of degree D (an idempotent): g ↑+ ((-g) ↓+ (-D)), \
              which must equal g ↓+ ((-g) ↑+ D) (the Stability Conjecture; Winning Ways ch. \
              11, Siegel VI.5, CGSuite's Variety); 0 for a short game, an error if D is not \
              an idempotent",
    example: ("variety({pass|3/2})", "under"),
    run: |i, a| {
        let g = loopy_arg(i, a, 0)?;
        let v = g.variety(&mut i.store).map_err(fail(a))?;
        Ok(i.loopy_value(v))
    },
};

/// The text argument of a loopy board game.
fn board_text<'a>(a: &'a Args, what: &str) -> Result<&'a str, EvalError> {
    match &a.values[0] {
        Value::Str(s) => Ok(s),
        other => Err(EvalError::new(
            format!("{what} takes the board as a string, found {}", other.kind()),
            a.span(0),
        )),
    }
}

pub const BACKSLIDING_TOADS_AND_FROGS: Builtin = Builtin {
    name: "backsliding_toads_and_frogs",
    topic: Topic::Loopy,
    params: "row",
    min_args: 1,
    max_args: Some(1),
    summary: "Backsliding Toads and Frogs on a row like \"TT..FF\": toads (Left) and frogs \
              (Right) move and jump as in Toads and Frogs, and may also step one square back; \
              the value is a loopy game",
    example: ("backsliding_toads_and_frogs(\"T.\")", "on"),
    run: |i, a| {
        use crate::rulesets::backsliding;
        let text = board_text(a, "backsliding_toads_and_frogs")?;
        let row = backsliding::parse(text).map_err(|e| EvalError::new(e.to_string(), a.span(0)))?;
        let g = backsliding::value(&row, &i.store)
            .map_err(|e| EvalError::new(e.to_string(), a.call))?;
        Ok(i.loopy_value(g))
    },
};

pub const FOX_AND_GEESE: Builtin = Builtin {
    name: "fox_and_geese",
    topic: Topic::Loopy,
    params: "board",
    min_args: 1,
    max_args: Some(1),
    summary: "Fox and Geese on a board written row by row from the top, rows separated by \
              `|`: geese `G` (Left) step diagonally up, the fox `F` (Right) diagonally any \
              way; the value is a loopy game",
    example: ("fox_and_geese(\"F.|..\")", "off"),
    run: |i, a| super::loopy_boards::position(i, a, super::loopy_boards::FoxGame::FoxAndGeese),
};

pub const CEYLONESE_FOX_AND_GEESE: Builtin = Builtin {
    name: "ceylonese_fox_and_geese",
    topic: Topic::Loopy,
    params: "board",
    min_args: 1,
    max_args: Some(1),
    summary: "Ceylonese Fox and Geese (CGSuite's CeyloneseFoxAndGeese): as fox_and_geese, but \
              the fox (F, Right) flies up to two squares diagonally, never over a goose; the \
              value is a loopy game",
    example: ("ceylonese_fox_and_geese(\"F..|...|...\")", "off"),
    run: |i, a| super::loopy_boards::position(i, a, super::loopy_boards::FoxGame::Ceylonese),
};

pub const SUBTRACTION_ADDITION: Builtin = Builtin {
    name: "subtraction_addition",
    topic: Topic::Loopy,
    params: "take, add, cap",
    min_args: 3,
    max_args: Some(3),
    summary: "the generalised Sprague-Grundy values (Smith) of heaps 0..cap of the impartial \
              loopy game in which a move takes a number in `take` from the heap or adds a \
              number in `add` to a non-empty heap (never above cap): nimbers, or ∞_K for \
              heaps that can be played for ever",
    example: (
        "subtraction_addition([1, 2], [1], 4)",
        "[0,inf_{0},inf_{0},inf_{},inf_{}]",
    ),
    run: |i, a| {
        let take = small_numbers(i, a, 0)?;
        let add = small_numbers(i, a, 1)?;
        let cap = crate::values::convert::expect_u64(&a.values[2], a.span(2), "the cap")?;
        if cap > 10_000_000 {
            return Err(EvalError::new("the cap is at most 10^7", a.span(2)));
        }
        let options: Vec<Vec<u32>> = (0..=cap)
            .map(|n| {
                let down = take.iter().filter(|&&s| s <= n).map(|&s| (n - s) as u32);
                // Chips are added only to a heap that has some: the empty heap ends play.
                let up = add
                    .iter()
                    .filter(|&&s| n > 0 && n + s <= cap)
                    .map(|&s| (n + s) as u32);
                down.chain(up).collect()
            })
            .collect();
        let flag = i.interrupt_flag();
        let values = crate::impartial::loopy::generalized_grundy(&options, || {
            flag.load(std::sync::atomic::Ordering::Relaxed)
        })
        .ok_or_else(|| EvalError::new("interrupted", a.call))?;
        let items = values
            .into_iter()
            .map(|v| i.loopy_grundy_value(v))
            .collect();
        Ok(Value::list(items))
    },
};

/// A list of positive integers (the sizes a move takes or adds).
fn small_numbers(i: &mut dyn Host, a: &Args, k: usize) -> Result<Vec<u64>, EvalError> {
    let items = i.elements_of(&a.values[k], a.span(k))?;
    items
        .iter()
        .map(|v| {
            let n = crate::values::convert::expect_u64(v, a.span(k), "a move size")?;
            if n == 0 || n > 1_000_000 {
                return Err(EvalError::new("move sizes are from 1 to 10^6", a.span(k)));
            }
            Ok(n)
        })
        .collect()
}

/// The loopy game argument `k` stands for, if it is one (a loopy game, or a position of a
/// loopy ruleset whose value is loopy); `None` for a short game, which the short-game
/// code answers.
pub(super) fn loopy_value_arg(
    i: &mut dyn Host,
    a: &Args,
    k: usize,
) -> Result<Option<std::rc::Rc<LoopyGame>>, EvalError> {
    let v = match &a.values[k] {
        Value::Game(GameValue::Loopy(g)) => return Ok(Some(g.clone())),
        v @ (Value::Game(GameValue::Position(_)) | Value::Game(GameValue::Sum(_))) => {
            i.loopy_operand(v.clone(), a.span(k))?
        }
        _ => return Ok(None),
    };
    Ok(match v {
        Value::Game(GameValue::Loopy(g)) => Some(g),
        _ => None,
    })
}

/// The answer of a predicate that holds of short games only (`is_zero`, `is_integer`,
/// `is_nimber`, `is_uptimal`) for a loopy game: false, since a loopy value in simplest
/// form equals no short game (a simplest stopper with a cycle is not a canonical short
/// game, and `S & T` with `S ≠ T` has two different sides). A game that is not
/// stopper-sided is none of these either (CGSuite's `NormalValue` answers false).
pub(super) fn short_only_predicate(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
) -> Result<Value, EvalError> {
    // A loopy game is no integer, nimber or uptimal, and not 0, whether or not it is
    // stopper-sided (CGSuite's NormalValue answers false); only a failure to find its
    // sides is reported.
    g.has_stopper_sides(&mut i.store).map_err(fail(a))?;
    Ok(Value::Bool(false))
}

/// `left_options` (`left`) or `right_options` of a loopy game: the options of its
/// simplest form, each as a value.
pub(super) fn loopy_options(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
    left: bool,
) -> Result<Value, EvalError> {
    let options = g.options(left).map_err(fail(a))?;
    let items = options.into_iter().map(|o| i.loopy_value(o)).collect();
    Ok(Value::list(items))
}

/// The left stop (`left`) or right stop of a stopper, a pseudonumber (a number, `on`,
/// `off`, `x + over` or `x + under`), as CGSuite's `LeftStop` and `RightStop`.
pub(super) fn loopy_stop(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
    left: bool,
) -> Result<Value, EvalError> {
    let (l, r) = g.stops(&mut i.store).map_err(fail(a))?;
    let stop = if left { l } else { r };
    let game = stop.to_game(&mut i.store);
    Ok(i.loopy_value(game))
}

/// `followers(g)` of a loopy game: every position of its simplest form.
pub(super) fn loopy_followers(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
) -> Result<Value, EvalError> {
    let all = g.followers().map_err(fail(a))?;
    let items = all.into_iter().map(|o| i.loopy_value(o)).collect();
    Ok(Value::list(items))
}

/// `follower_count(g)` of a loopy game.
pub(super) fn loopy_follower_count(a: &Args, g: &LoopyGame) -> Result<Value, EvalError> {
    let n = g.follower_count().map_err(fail(a))?;
    Ok(Value::number(n))
}

/// `is_infinitesimal` and `is_numberish` of a loopy game.
pub(super) fn loopy_class(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
    numberish: bool,
) -> Result<Value, EvalError> {
    let r = if numberish {
        g.is_numberish(&mut i.store)
    } else {
        g.is_infinitesimal(&mut i.store)
    };
    r.map(Value::Bool).map_err(fail(a))
}

/// `tiny(G) = {0 || 0 | -G}` (`tiny`) or `miny(G) = {G | 0 || 0}` for a stopper G.
pub(super) fn loopy_tiny(
    i: &mut dyn Host,
    a: &Args,
    g: &LoopyGame,
    tiny: bool,
) -> Result<Value, EvalError> {
    if !g.is_stopper() {
        return Err(loopy_error(
            LoopyError::NotStopper(if tiny { "tiny" } else { "miny" }.into()),
            a.call,
        ));
    }
    let zero = Value::short(i.store.zero());
    let minus_g = Value::loopy(std::rc::Rc::new(g.neg()));
    let inner = i.literal_with_loopy_options(std::slice::from_ref(&zero), &[minus_g], a.call)?;
    let t = i.literal_with_loopy_options(std::slice::from_ref(&zero), &[inner], a.call)?;
    if tiny {
        return Ok(t);
    }
    let t = i.loopy_of(&t, a.call)?;
    Ok(i.loopy_value(t.neg()))
}

/// Adds the built-ins of this file to the table, in the order `:help` lists them.
pub(super) fn register(r: &mut super::Registry) {
    r.add(ON);
    r.add(OFF);
    r.add(DUD);
    r.add(OVER);
    r.add(UNDER);
    r.add(UPON);
    r.add(TIS);
    r.add(TISN);
    r.add(IS_LOOPFREE);
    r.add(IS_STOPPER);
    r.add(IS_STOPPER_SIDED);
    r.add(IS_PLUMTREE);
    r.add(ONSIDE);
    r.add(OFFSIDE);
    r.add(UPSUM);
    r.add(DOWNSUM);
    r.add(DEGREE);
    r.add(VARIETY);
    r.add(super::stoppers::IS_IDEMPOTENT);
    r.add(super::stoppers::IS_PSEUDONUMBER);
    r.add(super::stoppers::UPSUM_VARIETY);
    r.add(super::stoppers::DOWNSUM_VARIETY);
    r.add(super::stoppers::IS_ORDINAL);
    r.add(super::stoppers::IS_STABLE);
    r.add(super::stoppers::SUBORDINATE);
    r.add(BACKSLIDING_TOADS_AND_FROGS);
    r.add(FOX_AND_GEESE);
    r.add(CEYLONESE_FOX_AND_GEESE);
    r.add(SUBTRACTION_ADDITION);
}
