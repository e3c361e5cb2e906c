//! The structure of misère simplest forms (Conway, *On Numbers and Games* ch. 12; Siegel,
//! *Combinatorial Game Theory* ch. V; Siegel, "On the structure of misère impartial games",
//! 2020): mates, parity, parts and partitions into primes, misère subtraction, links and
//! distinguishers, and Dan Hoey's phyla (generally tame and restive games, tameable ones).
//!
//! Every definition here is played out against misère search in the tests below.
//!
//! - **Mate** `G⁻`: `0⁻ = *`, otherwise `{G'⁻}`. `G + G⁻` is always a misère P-position (a
//!   move in either component is answered by the same move in the other).
//! - **Parity**: `G` is *even* when it is born earlier than `G + *`, *odd* otherwise (every
//!   game is exactly one of `G`, `G + *` even).
//! - **Parts**: `H` is a *part* of `G` when `G = H + X` for some `X`; by Conway's cancellation
//!   theorem `X` is unique, the *misère difference* `G − H`. `0`, `*`, `G` and `G + *` are
//!   parts of every `G`. A game other than `0` and `*` is *prime* when its only even parts are
//!   `0` and its own even member; a *partition* writes the even member of `G` as a sum of even
//!   primes (plus `*` when `G` is odd) — not always in one way (Norton's example).
//! - **Links**: `G` and `H` are *linked* when some `T` makes both `G + T` and `H + T`
//!   P-positions; Conway (ONAG Theorem 76) shows this happens exactly when neither is an
//!   option of the other. A *distinguisher* of `G ≠ H` is a `T` with `G + T` a P-position and
//!   `H + T` an N-position (ONAG Theorem 75).
//! - **Extraverted**: `G` is a part of `{G}` (Conway's extraversion theorem: such games are
//!   exactly the *divine* ones); **introverted**: a part of each of its options (only `0`
//!   and `*`).
//! - **Phyla** (Dan Hoey's classification, as CGSuite computes it): from the normal value
//!   `G⁺`, the misère Grundy value `G⁻` and the options' phyla; see [`Phylum`].

use super::grundy::mex;
use super::misere_forms::{MisereId, MisereStore};
use rustc_hash::FxHashMap;

/// Dan Hoey's phyla, from the simplest to the wildest (the order matters: a game's phylum
/// depends on its wildest option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// Plays as a nim heap among tame games: options all in this phylum, genus tame and
    /// not `0^0` or `1^1`.
    NimHeap,
    /// Tame genus, every option hereditarily tame (Conway's tame games).
    HereditarilyTame,
    /// Tame genus; every option generally tame or reversible through a generally tame
    /// option with the same `G⁺` and `G⁻`, which the remaining options reproduce.
    ReversiblyTame,
    /// Tame genus, reversible through tameable games (decides its genus among tame games).
    Tameable,
    WildOfTameGenus,
    /// `G⁺ ≤ 1` and not tame, every option hereditarily tame.
    HereditarilyRestive,
    /// Restive through restive-or-tame reversing options.
    ReversiblyRestive,
    WildOfRestiveGenus,
    /// `G⁻ ≤ 1`, `G⁺ ≥ 2`, every option generally tame.
    Restless,
    WildOfRestlessGenus,
    Wild,
}

impl Phylum {
    /// Nim heaps, hereditarily and reversibly tame games.
    pub fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// Nim heaps and hereditarily tame games.
    pub fn is_hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Generally tame or tameable.
    pub fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }

    /// Hereditarily or reversibly restive.
    pub fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }

    /// The phylum's name in words.
    pub fn name(self) -> &'static str {
        match self {
            Phylum::NimHeap => "nim heap",
            Phylum::HereditarilyTame => "hereditarily tame",
            Phylum::ReversiblyTame => "reversibly tame",
            Phylum::Tameable => "tameable",
            Phylum::WildOfTameGenus => "wild of tame genus",
            Phylum::HereditarilyRestive => "hereditarily restive",
            Phylum::ReversiblyRestive => "reversibly restive",
            Phylum::WildOfRestiveGenus => "wild of restive genus",
            Phylum::Restless => "restless",
            Phylum::WildOfRestlessGenus => "wild of restless genus",
            Phylum::Wild => "wild",
        }
    }
}

/// The structural questions of one request, with their memo tables (the store grows as
/// sums are formed).
pub struct MisereTheory<'s> {
    store: &'s mut MisereStore,
    birthdays: FxHashMap<MisereId, u64>,
    minus_values: FxHashMap<MisereId, u64>,
    all_parts: FxHashMap<MisereId, Vec<MisereId>>,
    mates: FxHashMap<MisereId, MisereId>,
    phyla: FxHashMap<MisereId, Phylum>,
}

impl<'s> MisereTheory<'s> {
    pub fn new(store: &'s mut MisereStore) -> Self {
        MisereTheory {
            store,
            birthdays: FxHashMap::default(),
            minus_values: FxHashMap::default(),
            all_parts: FxHashMap::default(),
            mates: FxHashMap::default(),
            phyla: FxHashMap::default(),
        }
    }

    /// The store the forms live in.
    pub fn store(&mut self) -> &mut MisereStore {
        self.store
    }

    fn star(&mut self) -> MisereId {
        self.store.nimber(1)
    }

    /// The birthday: 0 for `0`, else one more than the largest of the options'.
    pub fn birthday(&mut self, g: MisereId) -> u64 {
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        let b = match self.store.nimber_value(g) {
            Some(n) => n,
            None => {
                let opts = self.store.options(g).to_vec();
                let mut b = 0;
                for o in opts {
                    b = b.max(self.birthday(o) + 1);
                }
                b
            }
        };
        self.birthdays.insert(g, b);
        b
    }

    /// The misère Grundy value `G⁻` (1 for `0`, else the mex of the options').
    pub fn misere_value(&mut self, g: MisereId) -> u64 {
        if g == self.store.zero() {
            return 1;
        }
        if let Some(n) = self.store.nimber_value(g) {
            return if n == 1 { 0 } else { n };
        }
        if let Some(&v) = self.minus_values.get(&g) {
            return v;
        }
        let opts = self.store.options(g).to_vec();
        let vals: Vec<u64> = opts.into_iter().map(|o| self.misere_value(o)).collect();
        let v = mex(vals);
        self.minus_values.insert(g, v);
        v
    }

    /// The mate `G⁻`: `*` for `0`, else the game of the options' mates.
    pub fn mate(&mut self, g: MisereId) -> MisereId {
        if g == self.store.zero() {
            return self.star();
        }
        if let Some(&m) = self.mates.get(&g) {
            return m;
        }
        let opts = self.store.options(g).to_vec();
        let mates: Vec<MisereId> = opts.into_iter().map(|o| self.mate(o)).collect();
        let m = self.store.canonical(&mates);
        self.mates.insert(g, m);
        m
    }

    /// Whether `g` is born before `g + *`.
    pub fn is_even(&mut self, g: MisereId) -> bool {
        let star = self.star();
        let other = self.store.add(g, star);
        self.birthday(g) < self.birthday(other)
    }

    /// The even one of `g` and `g + *`.
    pub fn even_member(&mut self, g: MisereId) -> MisereId {
        if self.is_even(g) {
            g
        } else {
            let star = self.star();
            self.store.add(g, star)
        }
    }

    /// Every part of `g` (`H` with `g = H + X`), `0`, `*`, `g` and `g + *` included, in id
    /// order. If `g = H + X`, the simplest form's options are among the `H' + X` and
    /// `H + X'`; so either both `H` and `X` are parts of options of `g` (every pair is
    /// tried: birthdays do not add, `{0, {*2}, {*3, {*2}}} + *2 = {*2}`), or every option
    /// of `g` has `H` as a part, and then `X = {G' − H, g − H'}` where the differences `g −
    /// H'` come from parts already found (repeated until nothing new is found). Every
    /// candidate is checked by adding. This is the search CGSuite makes (its "type 1" and
    /// "type 2" parts); the tests check it against brute force on small games.
    pub fn all_parts(&mut self, g: MisereId) -> Vec<MisereId> {
        if let Some(p) = self.all_parts.get(&g) {
            return p.clone();
        }
        let star = self.star();
        let zero = self.store.zero();
        let g_star = self.store.add(g, star);
        let opts = self.store.options(g).to_vec();
        let mut candidates = Vec::new();
        let mut option_parts = Vec::with_capacity(opts.len());
        for &o in &opts {
            let p = self.all_parts(o);
            candidates.extend(p.iter().copied());
            option_parts.push(p);
        }
        candidates.sort_unstable();
        candidates.dedup();
        // Each part with its complement.
        let mut found: FxHashMap<MisereId, MisereId> = FxHashMap::default();
        found.insert(zero, g);
        found.insert(g, zero);
        found.insert(star, g_star);
        found.insert(g_star, star);
        for (i, &x) in candidates.iter().enumerate() {
            for &y in &candidates[i..] {
                if self.store.add(x, y) == g {
                    found.insert(x, y);
                    found.insert(y, x);
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &x in &candidates {
                if found.contains_key(&x) {
                    continue;
                }
                if !option_parts.iter().all(|p| p.binary_search(&x).is_ok()) {
                    continue;
                }
                let x_opts = self.store.options(x).to_vec();
                if !x_opts.iter().all(|xo| found.contains_key(xo)) {
                    continue;
                }
                let mut y_opts = Vec::with_capacity(opts.len() + x_opts.len());
                for &o in &opts {
                    match self.minus(o, x) {
                        Some(d) => y_opts.push(d),
                        None => break,
                    }
                }
                if y_opts.len() < opts.len() {
                    continue;
                }
                y_opts.extend(x_opts.iter().map(|xo| found[xo]));
                let y = self.store.canonical(&y_opts);
                if self.store.add(x, y) == g {
                    found.insert(x, y);
                    found.insert(y, x);
                    changed = true;
                }
            }
        }
        let mut parts: Vec<MisereId> = found.into_keys().collect();
        parts.sort_unstable();
        self.all_parts.insert(g, parts.clone());
        parts
    }

    /// The misère difference `g − h`: the `X` with `h + X = g`, if `h` is a part of `g`.
    pub fn minus(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let parts = self.all_parts(g);
        if parts.binary_search(&h).is_err() {
            return None;
        }
        parts.into_iter().find(|&x| self.store.add(h, x) == g)
    }

    /// The even parts of `g` other than `0` and `g`'s even member, by birthday.
    pub fn proper_parts(&mut self, g: MisereId) -> Vec<MisereId> {
        let zero = self.store.zero();
        let top = self.even_member(g);
        let mut out = Vec::new();
        for h in self.all_parts(g) {
            if h != zero && h != top && self.is_even(h) {
                out.push(h);
            }
        }
        self.by_birthday(&mut out);
        out
    }

    fn by_birthday(&mut self, games: &mut [MisereId]) {
        let mut keyed: Vec<(u64, MisereId)> =
            games.iter().map(|&h| (self.birthday(h), h)).collect();
        keyed.sort_unstable();
        for (slot, (_, h)) in games.iter_mut().zip(keyed) {
            *slot = h;
        }
    }

    /// Whether `g` is prime: not `0` or `*`, and its only even parts are `0` and its even
    /// member.
    pub fn is_prime(&mut self, g: MisereId) -> bool {
        let star = self.star();
        g != self.store.zero() && g != star && self.proper_parts(g).is_empty()
    }

    /// Every way to write `g` as a sum of even primes (each list by birthday), with `*`
    /// added to each when `g` is odd.
    pub fn partitions(&mut self, g: MisereId) -> Vec<Vec<MisereId>> {
        let even = self.even_member(g);
        let mut out = Vec::new();
        let mut partial = Vec::new();
        self.partition_into(even, &mut partial, &mut out);
        if even != g {
            let star = self.star();
            for p in &mut out {
                p.push(star);
            }
        }
        out
    }

    fn partition_into(
        &mut self,
        g: MisereId,
        partial: &mut Vec<MisereId>,
        out: &mut Vec<Vec<MisereId>>,
    ) {
        if g == self.store.zero() {
            out.push(partial.clone());
            return;
        }
        let mut primes = self.proper_parts(g);
        primes.push(g);
        let mut chosen = Vec::new();
        for p in primes {
            if self.is_prime(p) {
                chosen.push(p);
            }
        }
        for p in chosen {
            let key = (self.birthday(p), p);
            if let Some(&last) = partial.last()
                && key < (self.birthday(last), last)
            {
                continue;
            }
            if let Some(rest) = self.minus(g, p) {
                let rest = self.even_member(rest);
                partial.push(p);
                self.partition_into(rest, partial, out);
                partial.pop();
            }
        }
    }

    /// Whether `g` is a part of `{g}`.
    pub fn is_extraverted(&mut self, g: MisereId) -> bool {
        let single = self.store.canonical(&[g]);
        self.minus(single, g).is_some()
    }

    /// Whether `g` is a part of each of its options: `0` and `*` only.
    pub fn is_introverted(&mut self, g: MisereId) -> bool {
        let star = self.star();
        g == self.store.zero() || g == star
    }

    /// A game `T` with `g + T` and `h + T` both P-positions, when one exists (exactly when
    /// neither of `g`, `h` is an option of the other).
    pub fn link(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let zero = self.store.zero();
        if g == zero && h == zero {
            return Some(self.star());
        }
        if self.store.options(g).binary_search(&h).is_ok()
            || self.store.options(h).binary_search(&g).is_ok()
        {
            return None;
        }
        let mut opts = Vec::new();
        for x in self.store.options(g).to_vec() {
            opts.push(self.distinguisher(x, h)?);
        }
        for y in self.store.options(h).to_vec() {
            opts.push(self.distinguisher(y, g)?);
        }
        Some(self.store.canonical(&opts))
    }

    /// A game `T` with `g + T` a P-position and `h + T` an N-position; `None` when `g = h`.
    pub fn distinguisher(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        let t = self.any_distinguisher(g, h)?;
        let sum = self.store.add(g, t);
        if self.store.is_p_position(sum) {
            return Some(t);
        }
        // g + t is N and h + t is P: adding the mates of g's options turns the tables
        // (each move of g is answered by its mate; the move to t leaves h + t, P).
        let mut opts: Vec<MisereId> = Vec::new();
        for x in self.store.options(g).to_vec() {
            opts.push(self.mate(x));
        }
        opts.push(t);
        Some(self.store.canonical(&opts))
    }

    /// A game telling `g` and `h` apart (distinct misère outcomes), `None` when `g = h`.
    fn any_distinguisher(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if g == h {
            return None;
        }
        let zero = self.store.zero();
        if (g == zero && self.store.is_p_position(h)) || (h == zero && self.store.is_p_position(g))
        {
            return Some(zero);
        }
        // ONAG Theorem 75: some option of one is linked to the other.
        for x in self.store.options(g).to_vec() {
            if let Some(t) = self.link(h, x) {
                return Some(t);
            }
        }
        for y in self.store.options(h).to_vec() {
            if let Some(t) = self.link(g, y) {
                return Some(t);
            }
        }
        None
    }

    /// Dan Hoey's phylum of `g` (see [`Phylum`]), as CGSuite classifies games.
    pub fn phylum(&mut self, g: MisereId) -> Phylum {
        if self.store.nimber_value(g).is_some() {
            return Phylum::NimHeap;
        }
        if let Some(&p) = self.phyla.get(&g) {
            return p;
        }
        // A phylum belongs to the pair G, G + * (Hoey's tables hold it once per pair, for
        // the even member).
        let even = self.even_member(g);
        let p = match self.phyla.get(&even) {
            Some(&p) => p,
            None => self.classify(even),
        };
        self.phyla.insert(even, p);
        self.phyla.insert(g, p);
        p
    }

    fn classify(&mut self, g: MisereId) -> Phylum {
        let opts = self.store.options(g).to_vec();
        let plus = self.store.normal_grundy(g);
        let minus = self.misere_value(g);
        let tame_genus = plus == minus || (plus <= 1 && minus <= 1);
        let base = if tame_genus {
            Phylum::WildOfTameGenus
        } else if plus < 2 {
            Phylum::WildOfRestiveGenus
        } else if minus < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        let option_phyla: Vec<Phylum> = opts.iter().map(|&o| self.phylum(o)).collect();
        let p = if option_phyla.iter().all(|p| p.is_generally_tame()) {
            let wildest = option_phyla
                .iter()
                .copied()
                .max()
                .unwrap_or(Phylum::NimHeap);
            Self::from_tame_options(base, wildest, plus, minus)
        } else {
            base
        };
        let p = if matches!(p, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
            self.reversible(&opts, &option_phyla, base, plus, minus)
                .unwrap_or(p)
        } else {
            p
        };
        match p {
            Phylum::WildOfTameGenus
            | Phylum::WildOfRestiveGenus
            | Phylum::WildOfRestlessGenus
            | Phylum::Wild => Phylum::Wild,
            p => p,
        }
    }

    /// The phylum of a game whose options are all generally tame, the wildest being
    /// `wildest`.
    fn from_tame_options(base: Phylum, wildest: Phylum, plus: u64, minus: u64) -> Phylum {
        if wildest == Phylum::NimHeap
            && base == Phylum::WildOfTameGenus
            && (plus > 1 || plus != minus)
        {
            return Phylum::NimHeap;
        }
        if wildest.is_hereditarily_tame() {
            match base {
                Phylum::WildOfTameGenus => return Phylum::HereditarilyTame,
                Phylum::WildOfRestiveGenus => return Phylum::HereditarilyRestive,
                _ => {}
            }
        }
        match base {
            Phylum::WildOfTameGenus => Phylum::ReversiblyTame,
            Phylum::WildOfRestiveGenus => Phylum::ReversiblyRestive,
            Phylum::WildOfRestlessGenus => Phylum::Restless,
            other => other,
        }
    }

    /// For a game of tame or restive genus with an option that is not generally tame:
    /// reversibly tame, tameable or reversibly restive, if its wild options reverse.
    fn reversible(
        &mut self,
        opts: &[MisereId],
        option_phyla: &[Phylum],
        base: Phylum,
        plus: u64,
        minus: u64,
    ) -> Option<Phylum> {
        let tame_case = base == Phylum::WildOfTameGenus;
        let (mut rev_tame, mut tameable, mut rev_restive) = (tame_case, tame_case, !tame_case);
        let (mut plus_set, mut minus_set) = (Vec::new(), Vec::new());
        let (mut t_plus, mut t_minus) = (Vec::new(), Vec::new());
        for (&o, &po) in opts.iter().zip(option_phyla) {
            if po.is_generally_tame() {
                plus_set.push(self.store.normal_grundy(o));
                minus_set.push(self.misere_value(o));
                continue;
            }
            let (mut minus_t, mut plus_t) = (false, false);
            if tameable && po == Phylum::Tameable {
                t_plus.push(self.store.normal_grundy(o));
                t_minus.push(self.misere_value(o));
                minus_t = true;
                plus_t = true;
            }
            let (mut minus_f, mut plus_f) = (false, false);
            for s in self.store.options(o).to_vec() {
                let ps = self.phylum(s);
                let eligible = ps.is_generally_tame()
                    || (rev_restive && ps.is_restive_or_tame())
                    || (tameable && ps.is_tameable());
                if !eligible {
                    continue;
                }
                let (sp, sm) = (self.store.normal_grundy(s), self.misere_value(s));
                if ps.is_generally_tame() && tame_case {
                    minus_f |= minus == sm;
                    plus_f |= plus == sp;
                } else if ps.is_restive_or_tame() && base == Phylum::WildOfRestiveGenus {
                    minus_f |= minus == sm && (sp <= 1 || (sp ^ minus) <= 1);
                    plus_f |= plus == sp && (sm <= 1 || (sm ^ minus) <= 1);
                } else if ps == Phylum::Tameable && tameable {
                    minus_t |= minus == sm;
                    plus_t |= plus == sp;
                }
            }
            if !(minus_f && plus_f) {
                rev_tame = false;
                rev_restive = false;
                if !(minus_t && plus_t) {
                    tameable = false;
                }
                if !tameable {
                    return None;
                }
            }
        }
        if plus != mex(plus_set.iter().copied()) || minus != mex(minus_set.iter().copied()) {
            rev_tame = false;
            rev_restive = false;
        }
        if tameable {
            plus_set.extend(t_plus);
            minus_set.extend(t_minus);
            if (plus != mex(plus_set.iter().copied()) || minus != mex(minus_set.iter().copied()))
                && (!plus_set.is_empty() || plus > 0)
            {
                tameable = false;
            }
        }
        if rev_tame {
            Some(Phylum::ReversiblyTame)
        } else if tameable {
            Some(Phylum::Tameable)
        } else if rev_restive {
            Some(Phylum::ReversiblyRestive)
        } else {
            None
        }
    }

    /// Whether `g` is half-tame, as CGSuite defines it (`IsHalfTame` of
    /// MisereCanonicalGame, `MisereCanonicalGameOps.isHalfTame`): `g` is not generally
    /// tame, and `g + g` is generally tame of genus `0^0` (`G⁺ = G⁻ = 0`).
    pub fn is_half_tame(&mut self, g: MisereId) -> bool {
        if self.phylum(g).is_generally_tame() {
            return false;
        }
        let double = self.store.add(g, g);
        self.phylum(double).is_generally_tame()
            && self.store.normal_grundy(double) == 0
            && self.misere_value(double) == 0
    }

    /// The genus as CGSuite abbreviates it: `G⁺` alone for the nim-heap phylum, `G⁺` with
    /// the single exponent `G⁻` for generally tame and generally restive games, `None`
    /// (write the whole genus) otherwise.
    pub fn short_genus(&mut self, g: MisereId) -> Option<(u64, Option<u64>)> {
        let p = self.phylum(g);
        let plus = self.store.normal_grundy(g);
        if p == Phylum::NimHeap {
            Some((plus, None))
        } else if p.is_generally_tame() || p.is_generally_restive() {
            Some((plus, Some(self.misere_value(g))))
        } else {
            None
        }
    }
}

#[cfg(test)]
#[path = "misere_theory_tests.rs"]
mod tests;
