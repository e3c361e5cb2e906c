//! The errors of the impartial-games library: small typed values, never panics.

use thiserror::Error;

/// Why an impartial computation could not be done. Every public function of
/// [`crate::impartial`] that can fail on user input returns this error instead of panicking.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImpartialError {
    /// An octal code that is not of the form `d0.d1d2…` with octal digits (`d0` is 0 or 4).
    #[error("invalid octal code \"{code}\": {reason}")]
    InvalidOctal { code: String, reason: String },
    /// A generalised take-and-break code (CGSuite's notation, `4!.0`, `0.[3]`) that does not
    /// parse, or that names something cgt does not compute (additive digits).
    #[error("invalid take-and-break code \"{code}\": {reason}")]
    InvalidCode { code: String, reason: String },
    /// A spawning code (CGSuite's `Spawning`, `"1-3"`, `"4FS"`) that does not parse.
    #[error("invalid spawning code \"{code}\": {reason}")]
    InvalidSpawningCode { code: String, reason: String },
    /// `subtraction([])`: a subtraction game needs at least one move.
    #[error("a subtraction set must not be empty")]
    EmptySubtractionSet,
    /// A subtraction set containing 0 (removing nothing would be a pass, and play would not end).
    #[error("a subtraction set holds positive integers; 0 is not allowed")]
    ZeroInSubtractionSet,
    /// A heap (or table) beyond what the method can handle.
    #[error("heap {heap} is too big: {what} is limited to {limit}")]
    HeapTooLarge {
        heap: u64,
        limit: u64,
        what: &'static str,
    },
    /// A user's heap rule gave heap `heap` an option containing a heap that is not smaller.
    #[error("an option of heap {heap} contains a heap of {part}, which is not smaller than {heap}")]
    OptionNotSmaller { heap: u64, part: u64 },
    /// A game that is not equal to any impartial game (its canonical form is not a nimber).
    #[error("not an impartial game: its value is not a nimber")]
    NotImpartial,
    /// A position whose description is inconsistent (a checker off the board, a bad vertex…).
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// More winning moves than the caller's limit (e.g. in Moore's Nim with big heaps).
    #[error("more than {limit} winning moves")]
    TooManyMoves { limit: usize },
    /// A brute-force search that would visit more positions than allowed.
    #[error("the search needs more than {limit} positions")]
    SearchTooLarge { limit: usize },
    /// A position that can be reached from itself: the game is not short.
    #[error("the game is loopy: a position can be reached from itself")]
    Loopy,
    /// The ruleset provably has no period (its values are unbounded).
    #[error("no period: {0}")]
    NotPeriodic(String),
    /// No theorem is available to prove a period for this ruleset.
    #[error("no periodicity theorem applies: {0}")]
    NoPeriodTheorem(String),
    /// A misère quotient whose guesses kept failing their verification.
    #[error("the misère quotient could not be found: {0}")]
    QuotientNotFound(String),
    /// The computation was interrupted through the caller's flag (Ctrl-C).
    #[error("interrupted")]
    Interrupted,
    /// A file of Grundy values that cannot be read or written, or belongs to another game.
    #[error("{0}")]
    File(String),
}
