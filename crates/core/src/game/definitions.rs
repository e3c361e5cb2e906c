//! Plain recursive definitions of the store's operations, the oracles its fast paths are
//! tested against (this crate's tests and the workspace's property tests): they use only
//! a game's canonical options and `canonical`, never the operation they define.

use super::store::{GameId, GameStore};
use std::collections::HashMap;
use std::hash::BuildHasher;

/// `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` on the canonical options of both,
/// interned through `canonical` (never `add`); `memo` keeps the sums of pairs met so far.
pub fn add_by_definition<S: BuildHasher>(
    s: &mut GameStore,
    memo: &mut HashMap<(GameId, GameId), GameId, S>,
    g: GameId,
    h: GameId,
) -> GameId {
    if let Some(&r) = memo.get(&(g, h)) {
        return r;
    }
    let (gl, gr) = s.options(g);
    let (hl, hr) = s.options(h);
    let mut left = Vec::new();
    let mut right = Vec::new();
    for &x in gl.iter() {
        left.push(add_by_definition(s, memo, x, h));
    }
    for &y in hl.iter() {
        left.push(add_by_definition(s, memo, g, y));
    }
    for &x in gr.iter() {
        right.push(add_by_definition(s, memo, x, h));
    }
    for &y in hr.iter() {
        right.push(add_by_definition(s, memo, g, y));
    }
    let r = s.canonical(&left, &right);
    memo.insert((g, h), r);
    r
}
