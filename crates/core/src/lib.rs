//! cgt's mathematics, with no language, parser or terminal:
//!
//! - [`game`]: short partizan games in a hash-consed store (canonical forms, comparison,
//!   thermography, infinitesimals), loopy games and their sides, and aborting a
//!   computation (Ctrl-C, too large, recursion too deep);
//! - [`impartial`]: Sprague–Grundy theory, take-and-break codes and their periods, misère
//!   forms, genus and quotients, impartial loopy games;
//! - [`misere_partizan`]: misère play of partizan games: forms, universes, comparison
//!   and reduced forms modulo a universe;
//! - [`wld`]: win–lose–draw outcomes of games that may end in a draw;
//! - [`ordinal`]: ordinals and Conway's arithmetic on them (transfinite nimbers, surreal
//!   numbers' birthdays);
//! - [`rules`]: the one rules engine: any game given by its moves ([`rules::Rules`]) gets
//!   its canonical form, loopy value, Grundy value, misère outcome and winning moves;
//! - [`state`]: [`MathState`], the stores, caches, interrupt flag and thread count one
//!   session's computations share, usable from Rust with no language;
//! - [`progress`]: counters of work done, which a front end may show while it waits.

pub mod game;
pub mod impartial;
pub mod misere_partizan;
pub mod ordinal;
pub mod progress;
pub mod rules;
pub mod state;
pub mod wld;

pub use state::MathState;
