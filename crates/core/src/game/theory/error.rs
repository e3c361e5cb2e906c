//! Errors of the partizan theory: operations that are defined only for some games.

use crate::game::display::Notation;
use crate::game::dyadic::Dyadic;
use crate::game::store::{GameId, GameStore};
use std::fmt;

/// Why an operation of [`crate::game::theory`] has no answer for its arguments.
///
/// [`TheoryError::message`] renders the games involved in the caller's notation; the
/// `Display` implementation says the same without them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TheoryError {
    /// `atomic_weight` of a game that has none.
    NotAtomic {
        game: GameId,
        reason: NotAtomicReason,
    },
    /// Cooling by `t <= -1` (cooling is defined for `t > -1`).
    TemperatureTooLow { t: Dyadic },
    /// `pow` needs a game of the form `{0 | H}`.
    NotUpLike { game: GameId },
    /// `norton_product(g, u)` with a non-integer `g` needs `u > 0`.
    UnitNotPositive { unit: GameId },
    /// A picture or listing would be too large (e.g. the tree of a big game).
    TooLarge { what: String },
}

/// Why a game has no atomic weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAtomicReason {
    /// Atomic weights belong to infinitesimals; this game has a nonzero stop.
    NotInfinitesimal,
    /// The candidate weight `w` leaves `G - w.↑` outside `±(↑* + (☆ : -1))`.
    FarFromMultipleOfUp { weight: GameId },
}

impl TheoryError {
    /// The message with the games printed in `notation`, e.g.
    /// `that game is not atomic: {0||0|-1} is not infinitesimal`.
    pub fn message(&self, store: &mut GameStore, notation: Notation) -> String {
        match self {
            TheoryError::NotAtomic { game, reason } => {
                let g = store.display(*game, notation);
                match reason {
                    NotAtomicReason::NotInfinitesimal => {
                        format!("that game is not atomic: {g} is not infinitesimal")
                    }
                    NotAtomicReason::FarFromMultipleOfUp { weight } => {
                        let w = store.display(*weight, notation);
                        let up = match notation {
                            Notation::Ascii => "^",
                            Notation::Unicode => "↑",
                        };
                        format!(
                            "that game is not atomic: {g} is not within an atom of ({w}).{up} \
                             (the difference exceeds {up}* plus a remote star)"
                        )
                    }
                }
            }
            TheoryError::NotUpLike { game } => {
                let g = store.display(*game, notation);
                format!("{g} is not of the form {{0|H}}, so its powers are not defined")
            }
            TheoryError::UnitNotPositive { unit } => {
                let u = store.display(*unit, notation);
                format!("Norton multiplication by {u} needs {u} > 0")
            }
            other => other.to_string(),
        }
    }
}

impl fmt::Display for TheoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TheoryError::NotAtomic { reason, .. } => match reason {
                NotAtomicReason::NotInfinitesimal => {
                    write!(f, "that game is not atomic: it is not infinitesimal")
                }
                NotAtomicReason::FarFromMultipleOfUp { .. } => write!(
                    f,
                    "that game is not atomic: it is not within an atom of a multiple of ^"
                ),
            },
            TheoryError::TemperatureTooLow { t } => {
                write!(
                    f,
                    "cannot cool by {t}: cooling needs a temperature above -1"
                )
            }
            TheoryError::NotUpLike { .. } => {
                write!(f, "that game is not of the form {{0|H}}")
            }
            TheoryError::UnitNotPositive { .. } => {
                write!(f, "Norton multiplication needs a positive unit")
            }
            TheoryError::TooLarge { what } => write!(f, "too large: {what}"),
        }
    }
}

impl std::error::Error for TheoryError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::theory::testkit::game;

    #[test]
    fn messages_name_the_games() {
        let mut s = GameStore::new();
        let g = game(&mut s, "{0||0|-1}");
        let w = s.integer(1);
        let e = TheoryError::NotAtomic {
            game: g,
            reason: NotAtomicReason::FarFromMultipleOfUp { weight: w },
        };
        assert!(
            e.message(&mut s, Notation::Ascii)
                .starts_with("that game is not atomic: {0||0|-1} is not within an atom of (1).^")
        );
        assert!(e.to_string().starts_with("that game is not atomic: "));
        let pm = game(&mut s, "+-1");
        let e = TheoryError::NotAtomic {
            game: pm,
            reason: NotAtomicReason::NotInfinitesimal,
        };
        assert_eq!(
            e.message(&mut s, Notation::Unicode),
            "that game is not atomic: ±1 is not infinitesimal"
        );
        let e = TheoryError::TemperatureTooLow {
            t: Dyadic::from_i64(-2),
        };
        assert_eq!(
            e.message(&mut s, Notation::Ascii),
            "cannot cool by -2: cooling needs a temperature above -1"
        );
        let e = TheoryError::NotUpLike { game: pm };
        assert_eq!(
            e.message(&mut s, Notation::Ascii),
            "+-1 is not of the form {0|H}, so its powers are not defined"
        );
    }
}
