//! The game families that are values: heap games and Nim's relatives ([`position`]), the
//! board games of the registry ([`partizan`]), grids ([`grid`], [`gridgame`]), rulesets
//! written in cgt ([`usergame`], solved by the core engine through `user_rules`, their
//! pictures in [`userpicture`]).

pub mod gen_mem;
pub mod grid;
pub mod gridgame;
pub mod partizan;
pub mod position;
pub(crate) mod user_rules;
pub mod usergame;
pub mod userpicture;
