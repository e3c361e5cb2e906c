//! Outcome classes of normal play: who wins with perfect play (DeVos–Kent Prop. 2.3).

use std::fmt;

/// The four outcome classes: `L` (Left wins whoever starts, G > 0), `R` (G < 0),
/// `N` (the player to move wins, G ‖ 0) and `P` (the previous player wins, G = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    L,
    R,
    N,
    P,
}

impl Outcome {
    /// The class from the two facts `G >= 0` and `G <= 0`.
    pub fn from_signs(geq_zero: bool, leq_zero: bool) -> Outcome {
        match (geq_zero, leq_zero) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        };
        f.write_str(s)
    }
}
