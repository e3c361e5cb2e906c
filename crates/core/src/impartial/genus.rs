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

impl Genus {
    /// `γ_k` for every `k`: past the written digits the last two alternate for ever (or
    /// the last one repeats).
    pub fn gamma(&self, k: usize) -> u64 {
        let len = self.gammas.len();
        if k < len || len == 0 {
            return self.gammas.get(k).copied().unwrap_or(0);
        }
        if len >= 2 && self.gammas[len - 1] != self.gammas[len - 2] {
            self.gammas[len - 2 + (k - (len - 2)) % 2]
        } else {
            self.gammas[len - 1]
        }
    }

    /// Whether γ is `b, b⊕2, b, b⊕2, …` from the start for some `b` (the form
    /// `a^{b,b⊕2}`), returning `b`.
    fn alternating_from_start(&self) -> Option<u64> {
        let b = self.gamma(0);
        let n = self.gammas.len() + 4;
        (0..n)
            .all(|k| self.gamma(k) == if k % 2 == 0 { b } else { b ^ 2 })
            .then_some(b)
    }

    /// Whether γ is the given sequence followed by an alternation of its last two entries.
    fn follows(&self, prefix: &[u64]) -> bool {
        let model = Genus {
            normal: self.normal,
            gammas: prefix.to_vec(),
        };
        let n = self.gammas.len().max(prefix.len()) + 4;
        (0..n).all(|k| self.gamma(k) == model.gamma(k))
    }

    /// The *fickle* tame genera `0^120` (the genus of `0`) and `1^031` (that of `*`):
    /// such a game changes its misère value when a heap of 2 is added.
    pub fn is_fickle(&self) -> bool {
        (self.normal == 0 && self.follows(&[1, 2, 0]))
            || (self.normal == 1 && self.follows(&[0, 3, 1]))
    }

    /// The *firm* tame genera `a^{a,a⊕2}` (`0^02`, `1^13`, `2^20`, `3^31`, `4^46`, …):
    /// misère values as a nim heap of size `a` in a sum holding a heap of 2 or more.
    pub fn is_firm(&self) -> bool {
        self.alternating_from_start() == Some(self.normal)
    }

    /// A tame genus (Conway, ONAG ch. 12; Winning Ways ch. 13): fickle or firm.
    pub fn is_tame(&self) -> bool {
        self.is_fickle() || self.is_firm()
    }
}

/// How many heaps of 2 are tried before the tail must have settled: the tail found must
/// have held for at least this many further terms.
const SETTLED: usize = 8;

/// The genus of a misère simplest form.
///
/// ```
/// use cgt_core::impartial::{genus::genus, misere_forms::MisereStore};
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

/// The misère outcome of a sum of *tame* games from their genera alone (Conway, ONAG
/// ch. 12, "tame games"; Winning Ways ch. 13): tame games add like misère Nim heaps, a
/// fickle component like a heap of 0 or 1 and a firm one like a heap of 2 or more. So the
/// sum is a misère P-position iff the nim-sum of the normal values is 0 when some component
/// is firm, and 1 when every component is fickle (the empty sum, with nim-sum 0, is N).
pub fn tame_sum_is_p(genera: &[Genus]) -> bool {
    let total = genera.iter().fold(0, |acc, g| acc ^ g.normal);
    if genera.iter().any(Genus::is_firm) {
        total == 0
    } else {
        total == 1
    }
}

/// The positions of a simplest form that are not nim heaps, itself first (each once).
fn positions(store: &MisereStore, g: MisereId) -> Vec<MisereId> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut out = Vec::new();
    let mut stack = vec![g];
    while let Some(x) = stack.pop() {
        // Nim heaps are tame with every position: not walked through (a big heap would
        // cost its size squared).
        if is_nim_heap(store, x) {
            continue;
        }
        if seen.insert(x) {
            out.push(x);
            stack.extend(store.options(x).iter().copied());
        }
    }
    out
}

/// Whether a game is *tame* (ONAG ch. 12; Winning Ways ch. 13, "Tame games"): every
/// position of it has a tame genus ([`Genus::is_tame`]). Checked on the misère simplest
/// form, whose positions are the game's own with the reversible moves removed (the
/// Grundy–Smith rule), so misère-equal games get the same answer.
///
/// ```
/// use cgt_core::impartial::{genus::is_tame, misere_forms::MisereStore};
/// let mut s = MisereStore::new();
/// let heap = s.nimber(5);
/// assert!(is_tame(&s, heap)); // every nim position is tame
/// ```
pub fn is_tame(store: &MisereStore, g: MisereId) -> bool {
    positions(store, g)
        .into_iter()
        .all(|x| genus(store, x).is_tame())
}

/// Whether a simplest form is a nim heap (whose positions are all nim heaps, all tame).
fn is_nim_heap(store: &MisereStore, g: MisereId) -> bool {
    store.nimber_value(g).is_some()
}

/// Whether every option of `g` is tame (so that `g` is tame, restive or restless).
fn options_tame(store: &MisereStore, g: MisereId) -> bool {
    store.options(g).iter().all(|&o| is_tame(store, o))
}

/// Whether a game is *restive* (ONAG ch. 12, "restive games"; Winning Ways ch. 13): not
/// tame, every option tame, and its genus `a^{b,b⊕2}` with `b ≠ a` — Conway's "ambivalent
/// nim-heap", which plays as a heap of `a` in firm company and of `b` at the misère end.
pub fn is_restive(store: &MisereStore, g: MisereId) -> bool {
    let gn = genus(store, g);
    !gn.is_tame() && options_tame(store, g) && gn.alternating_from_start().is_some()
}

/// Whether a game is *restless* (ONAG ch. 12; Winning Ways ch. 13): not tame, every option
/// tame, and not restive (its genus is not of the form `a^{b,b⊕2}`).
pub fn is_restless(store: &MisereStore, g: MisereId) -> bool {
    let gn = genus(store, g);
    !gn.is_tame() && options_tame(store, g) && gn.alternating_from_start().is_none()
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
        if let Some(m) = self.store.nimber_value(g) {
            // A misère Nim position: its G⁻ is the nim-sum when some heap is 2 or more,
            // else the nim-sum plus 1 (mod 2) — Bouton's misère rule in value form. This
            // keeps big nim heaps from being searched option by option.
            let from_twos: u64 = if twos % 2 == 1 { 2 } else { 0 };
            let sum = m ^ from_twos ^ u64::from(ones % 2);
            return if m >= 2 || twos > 0 { sum } else { sum ^ 1 };
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
    fn tame_restive_and_restless_small_games() {
        let mut s = MisereStore::new();
        let n: Vec<MisereId> = (0..4).map(|k| s.nimber(k)).collect();
        let twos = s.add(n[2], n[2]);
        let two_three = s.add(n[2], n[3]);
        // Nim positions are tame: fickle 0 and *, firm heaps and *2 + *2 (0^02).
        for &g in &n {
            assert!(is_tame(&s, g));
        }
        assert!(is_tame(&s, twos));
        // {*2} has the firm genus 0^02 and tame options: tame.
        let g = s.canonical(&[n[2]]);
        assert_eq!(genus(&s, g).ascii(), "0^02");
        assert!(is_tame(&s, g) && !is_restive(&s, g) && !is_restless(&s, g));
        // {0, *2+*2}: genus 1^20, an ambivalent heap (1 in normal play, 2 at the misère
        // end) with tame options: restive.
        let g = s.canonical(&[n[0], twos]);
        assert_eq!(genus(&s, g).ascii(), "1^20");
        assert!(!is_tame(&s, g) && is_restive(&s, g) && !is_restless(&s, g));
        // {*, *2+*2} (2^1420) and {0, *2+*3} (2^0420): tame options, genus of neither
        // form: restless.
        for g in [s.canonical(&[n[1], twos]), s.canonical(&[n[0], two_three])] {
            assert!(!is_tame(&s, g) && !is_restive(&s, g) && is_restless(&s, g));
        }
        let g = s.canonical(&[n[1], twos]);
        assert_eq!(genus(&s, g).ascii(), "2^1420");
        // A game with a restive option is none of the three.
        let restive = s.canonical(&[n[0], twos]);
        let g = s.canonical(&[restive, n[3]]);
        assert!(!is_tame(&s, g) && !is_restive(&s, g) && !is_restless(&s, g));
    }

    /// Random small games from a growing pool (options drawn among earlier games).
    fn pool(s: &mut MisereStore, size: usize, seed: &mut u64) -> Vec<MisereId> {
        let mut games = vec![s.zero()];
        while games.len() < size {
            let mut opts = Vec::new();
            for &g in &games {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (*seed >> 33).is_multiple_of(3) {
                    opts.push(g);
                }
            }
            games.push(s.canonical(&opts));
        }
        games
    }

    #[test]
    fn genus_rule_gives_the_misere_outcome_of_tame_sums() {
        let mut s = MisereStore::new();
        let mut seed = 11;
        let games = pool(&mut s, 40, &mut seed);
        let mut tame_sums = 0;
        for _ in 0..400 {
            let mut parts = Vec::new();
            let mut sum = s.zero();
            for _ in 0..3 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let g = games[(seed >> 33) as usize % games.len()];
                if g != s.zero() {
                    parts.push(g);
                    sum = s.add(sum, g);
                }
            }
            if parts.is_empty() || !parts.iter().all(|&g| is_tame(&s, g)) {
                continue;
            }
            tame_sums += 1;
            let genera: Vec<Genus> = parts.iter().map(|&g| genus(&s, g)).collect();
            assert_eq!(tame_sum_is_p(&genera), s.is_p_position(sum), "{genera:?}");
        }
        assert!(tame_sums > 50, "only {tame_sums} tame sums drawn");
    }

    #[test]
    fn nim_positions_take_the_shortcut_with_the_searched_values() {
        // G⁻ of *m plus heaps of 2 and of 1, by the shortcut, against the store's own
        // recursion on the sum's simplest form.
        let mut s = MisereStore::new();
        let (one, two) = (s.nimber(1), s.nimber(2));
        for m in 0..7 {
            for twos in 0..4u32 {
                for ones in 0..3u32 {
                    let mut g = s.nimber(m);
                    for _ in 0..twos {
                        g = s.add(g, two);
                    }
                    for _ in 0..ones {
                        g = s.add(g, one);
                    }
                    let heap = s.nimber(m);
                    let mut search = GammaSearch {
                        store: &s,
                        memo: FxHashMap::default(),
                    };
                    assert_eq!(
                        search.value(heap, twos, ones),
                        s.misere_grundy(g),
                        "*{m} + {twos}×*2 + {ones}×*"
                    );
                }
            }
        }
        // A big heap is answered at once.
        let big = s.nimber(3000);
        assert!(is_tame(&s, big));
        assert_eq!(genus(&s, big).ascii(), "3000^(3000,3002)");
    }

    #[test]
    fn tails_are_cut_where_they_start_to_alternate() {
        assert_eq!(settled_prefix(&[1, 2, 0, 2, 0, 2]), Some(3));
        assert_eq!(settled_prefix(&[2, 2, 2, 2]), Some(1));
        assert_eq!(settled_prefix(&[0, 3, 1, 3, 1]), Some(3));
        assert_eq!(settled_prefix(&[5, 1, 1, 1]), Some(3));
    }
}
