//! Conway's genus of an impartial game (*On Numbers and Games* ch. 12; Winning Ways ch. 13).
//!
//! The genus of `G` is `g^{γ₀γ₁γ₂…}`: `g` is the normal-play Grundy value, and `γₖ` the
//! misère Grundy value `G⁻` of `G` plus `k` nim heaps of size 2 (`G⁻(0) = 1`, otherwise
//! `G⁻` is the mex of the options' values). The sequence γ eventually alternates between two
//! values, and is written up to the point where its last two digits repeat for ever:
//! `0` has genus `0^{120}` (γ = 1, 2, 0, 2, 0, …) and `*` has `1^{031}`.

use super::misere_forms::{MisereId, MisereStore};
use rustc_hash::FxHashMap;

/// A genus: the normal-play value and the γ sequence, cut after the first place from which
/// it alternates (its last two entries repeat for ever; a constant tail is written once).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    pub normal: u64,
    pub gammas: Vec<u64>,
}

impl Genus {
    /// `0^120`, `2^20`, `3^(10,1)` (with parentheses when some value has two digits).
    pub fn ascii(&self) -> String {
        let wide = self.gammas.iter().any(|&v| v > 9);
        let digits: Vec<String> = self.gammas.iter().map(u64::to_string).collect();
        if wide {
            format!("{}^({})", self.normal, digits.join(","))
        } else {
            format!("{}^{}", self.normal, digits.concat())
        }
    }

    /// `0¹²⁰`, `2²⁰`.
    pub fn unicode(&self) -> String {
        let sup = |n: u64| -> String {
            n.to_string()
                .chars()
                .map(|c| match c {
                    '0' => '⁰',
                    '1' => '¹',
                    '2' => '²',
                    '3' => '³',
                    '4' => '⁴',
                    '5' => '⁵',
                    '6' => '⁶',
                    '7' => '⁷',
                    '8' => '⁸',
                    _ => '⁹',
                })
                .collect()
        };
        let wide = self.gammas.iter().any(|&v| v > 9);
        let parts: Vec<String> = self.gammas.iter().map(|&v| sup(v)).collect();
        if wide {
            format!("{}⁽{}⁾", self.normal, parts.join("˒"))
        } else {
            format!("{}{}", self.normal, parts.concat())
        }
    }
}

/// How many heaps of 2 are tried before the tail must have settled: the tail found must
/// have held for at least this many further terms.
const SETTLED: usize = 8;

/// The genus of a misère simplest form.
///
/// ```
/// use cgt::impartial::{genus::genus, misere_forms::MisereStore};
/// let mut s = MisereStore::new();
/// let zero = s.zero();
/// assert_eq!(genus(&s, zero).ascii(), "0^120");
/// let star = s.nimber(1);
/// assert_eq!(genus(&s, star).ascii(), "1^031");
/// let two = s.nimber(2);
/// assert_eq!(genus(&s, two).ascii(), "2^20");
/// ```
pub fn genus(store: &MisereStore, g: MisereId) -> Genus {
    let mut search = GammaSearch {
        store,
        memo: FxHashMap::default(),
    };
    // γ is computed until a tail of period at most 2 has held for SETTLED terms beyond the
    // point where it starts, going further while it has not.
    let mut gammas: Vec<u64> = Vec::new();
    let mut k = 0usize;
    loop {
        gammas.push(search.value(g, k as u32, 0));
        k += 1;
        if let Some(cut) = settled_prefix(&gammas)
            && gammas.len() >= cut + SETTLED
        {
            gammas.truncate(cut);
            break;
        }
    }
    Genus {
        normal: store.normal_grundy(g),
        gammas,
    }
}

/// The shortest prefix that determines `seq` when its last two entries alternate for ever
/// (or its last entry repeats), if `seq` has such a tail.
fn settled_prefix(seq: &[u64]) -> Option<usize> {
    (1..=seq.len()).find(|&len| {
        let follows = |i: usize| -> u64 {
            if len >= 2 && seq[len - 1] != seq[len - 2] {
                // Alternation: entries at distance 2 agree.
                seq[len - 2 + (i - (len - 2)) % 2]
            } else {
                seq[len - 1]
            }
        };
        (len..seq.len()).all(|i| seq[i] == follows(i))
    })
}

/// `G⁻` of a follower of the game plus `twos` heaps of 2 and `ones` heaps of 1.
struct GammaSearch<'a> {
    store: &'a MisereStore,
    memo: FxHashMap<(MisereId, u32, u32), u64>,
}

impl GammaSearch<'_> {
    fn value(&mut self, g: MisereId, twos: u32, ones: u32) -> u64 {
        if g == self.store.zero() && twos == 0 && ones == 0 {
            return 1;
        }
        if let Some(&v) = self.memo.get(&(g, twos, ones)) {
            return v;
        }
        let mut seen = Vec::new();
        for &o in self.store.options(g) {
            seen.push(self.value(o, twos, ones));
        }
        if twos > 0 {
            seen.push(self.value(g, twos - 1, ones + 1));
            seen.push(self.value(g, twos - 1, ones));
        }
        if ones > 0 {
            seen.push(self.value(g, twos, ones - 1));
        }
        let v = super::grundy::mex(seen);
        self.memo.insert((g, twos, ones), v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn genera_of_nim_heaps_and_small_games() {
        let mut s = MisereStore::new();
        let ids: Vec<MisereId> = (0..5).map(|n| s.nimber(n)).collect();
        let heaps: Vec<String> = ids.iter().map(|&g| genus(&s, g).ascii()).collect();
        // Winning Ways ch. 13: the fickle heaps 0 and * have 0^120 and 1^031; a heap of
        // g ≥ 2 is firm, g^{g, g⊕2} (adding a heap of 2 plays as in normal play).
        assert_eq!(heaps, vec!["0^120", "1^031", "2^20", "3^31", "4^46"]);
        // * + * is misère-equal to 0, so it has 0's genus; *2 + *2 is firm with normal
        // value 0: 0^02.
        let (one, two) = (s.nimber(1), s.nimber(2));
        let ones = s.add(one, one);
        assert_eq!(genus(&s, ones).ascii(), "0^120");
        let twos = s.add(two, two);
        assert_eq!(genus(&s, twos).ascii(), "0^02");
        // {*2}: normal value 0, misère value mex{2} = 0.
        let g = s.canonical(&[two]);
        assert_eq!(genus(&s, g).normal, 0);
        assert_eq!(genus(&s, g).gammas[0], 0);
    }

    #[test]
    fn tails_are_cut_where_they_start_to_alternate() {
        assert_eq!(settled_prefix(&[1, 2, 0, 2, 0, 2]), Some(3));
        assert_eq!(settled_prefix(&[2, 2, 2, 2]), Some(1));
        assert_eq!(settled_prefix(&[0, 3, 1, 3, 1]), Some(3));
        assert_eq!(settled_prefix(&[5, 1, 1, 1]), Some(3));
    }
}
