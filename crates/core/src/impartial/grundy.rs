//! Sprague–Grundy arithmetic on plain integers: the minimal excludant, the nim-sum and
//! Conway's nim-product.
//!
//! Under normal play every impartial game equals a nim heap `*n` (the Sprague–Grundy
//! theorem, Ferguson §4.2; DeVos–Kent §3.3), and `n` is found by the MEX rule (Gracia-Saz §3).
//! Sums of games add their heaps by the nim-sum; Conway's nim-product turns the nimbers below
//! `2^64` into the finite field GF(2^64) (Conway, *On Numbers and Games*, ch. 6).

/// The minimal excludant: the least non-negative integer not among `values`.
///
/// The Grundy value of a position is the mex of the Grundy values of its options
/// (the MEX rule, Gracia-Saz §3; Ferguson §3.2).
///
/// ```
/// use cgt_core::impartial::mex;
/// assert_eq!(mex([0, 1, 3]), 2);
/// assert_eq!(mex([]), 0);
/// ```
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    // The mex of k values is at most k, so only values below k + 1 matter.
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64
}

/// The nim-sum: binary addition without carry (xor), the Grundy value of a sum of games
/// (Ferguson §2.2, Bouton's theorem).
///
/// ```
/// use cgt_core::impartial::nim_sum;
/// assert_eq!(nim_sum([13, 12, 8]), 9);
/// assert_eq!(nim_sum([22, 51]), 37);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// Conway's nim-product `a ⊗ b`, defined by
/// `a ⊗ b = mex { (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b }`.
///
/// With the nim-sum it makes the integers below `2^(2^k)` a field. It is computed by the
/// field tower: for a Fermat 2-power `H = 2^(2^j)`, `x ⊗ H = x·H` when `x < H` and
/// `H ⊗ H = H ⊕ H/2`; writing `a = a1·H ⊕ a0`, `b = b1·H ⊕ b0` gives Karatsuba's three
/// half-size products.
///
/// ```
/// use cgt_core::impartial::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(16, 16), 24);
/// ```
pub fn nim_product(a: u64, b: u64) -> u64 {
    product_below(a, b, 64)
}

/// `a ⊗ b` for `a, b < 2^bits`, `bits` a power of two.
fn product_below(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b; // 0 ⊗ x = 0 and 1 ⊗ x = x
    }
    if bits <= 4 {
        return SMALL[(a as usize) << 4 | b as usize] as u64;
    }
    let h = bits / 2;
    let low = (1u64 << h) - 1;
    let (a1, a0) = (a >> h, a & low);
    let (b1, b0) = (b >> h, b & low);
    let high_high = product_below(a1, b1, h);
    let low_low = product_below(a0, b0, h);
    let cross = product_below(a1 ^ a0, b1 ^ b0, h);
    // (a1 H + a0)(b1 H + b0) = a1b1 (H + H/2) + (a1b0 + a0b1) H + a0b0,
    // and a1b0 + a0b1 = cross + a1b1 + a0b0.
    ((cross ^ low_low) << h) | (low_low ^ product_below(high_high, 1 << (h - 1), h))
}

/// The nim-products of the nimbers below 16, from the definition (built at compile time).
static SMALL: [u8; 256] = small_table();

const fn small_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            // mex over a' < a, b' < b of t[a'][b] ^ t[a][b'] ^ t[a'][b'].
            let mut seen = [false; 17];
            let mut x = 0;
            while x < a {
                let mut y = 0;
                while y < b {
                    let v = t[x * 16 + b] ^ t[a * 16 + y] ^ t[x * 16 + y];
                    if (v as usize) < 17 {
                        seen[v as usize] = true;
                    }
                    y += 1;
                }
                x += 1;
            }
            let mut m = 0;
            while seen[m] {
                m += 1;
            }
            t[a * 16 + b] = m as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::testutil::Rng;

    /// The nim-product table from Conway's recursive mex definition, for a, b < n.
    fn definition_table(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut opts = Vec::new();
                for x in 0..a {
                    for y in 0..b {
                        opts.push(t[x][b] ^ t[a][y] ^ t[x][y]);
                    }
                }
                t[a][b] = mex(opts);
            }
        }
        t
    }

    /// A slow independent product: expand both factors bit by bit (distributivity) and
    /// multiply powers of two by splitting exponents into Fermat 2-powers `2^(2^k)`:
    /// distinct Fermat 2-powers multiply as integers, and `F ⊗ F = F ⊕ F/2`.
    fn slow_product(a: u64, b: u64) -> u64 {
        let mut acc = 0;
        for i in 0..64 {
            for j in 0..64 {
                if a >> i & 1 == 1 && b >> j & 1 == 1 {
                    acc ^= power_product(i, j);
                }
            }
        }
        acc
    }

    /// `2^i ⊗ 2^j`.
    fn power_product(i: u32, j: u32) -> u64 {
        let common = i & j;
        if common == 0 {
            return 1u64 << (i | j);
        }
        let k = 31 - common.leading_zeros(); // the highest shared Fermat factor F = 2^(2^k)
        let f = 1u32 << k;
        // 2^i ⊗ 2^j = (F ⊗ F) ⊗ rest = (F ⊕ F/2) ⊗ rest, expanded bit by bit. Every call made
        // here has a smaller highest shared bit, or none, so the recursion ends.
        let rest = power_product(i - f, j - f);
        let mut acc = 0;
        for r in 0..64 {
            if rest >> r & 1 == 1 {
                acc ^= power_product(r, f) ^ power_product(r, f - 1);
            }
        }
        acc
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 0, 1, 5]), 2);
        assert_eq!(mex([3, 2, 1, 0]), 4);
        assert_eq!(mex([u64::MAX, 0]), 1);
    }

    #[test]
    fn nim_sum_examples() {
        // Ferguson §2.2 and exercise 2.6.1: 22 ⊕ 51 = 37, 27 ⊕ 17 = 10, 38 ⊕ x = 25 → x = 63.
        assert_eq!(nim_sum([22, 51]), 37);
        assert_eq!(nim_sum([27, 17]), 10);
        assert_eq!(nim_sum([38, 25]), 63);
        assert_eq!(nim_sum([13, 12, 8]), 9);
        assert_eq!(nim_sum([5, 6]), 3); // Gracia-Saz §2
        assert_eq!(nim_sum([]), 0);
    }

    #[test]
    fn products_from_the_literature() {
        // Conway, ONAG ch. 6 / Winning Ways: 2⊗2 = 3, 4⊗4 = 6, 8⊗8 = 13, 16⊗16 = 24, 2⊗3 = 1.
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(8, 8), 13);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(2, 3), 1);
        assert_eq!(nim_product(3, 3), 2);
    }

    #[test]
    fn products_agree_with_the_definition() {
        let t = definition_table(64);
        for (a, row) in t.iter().enumerate() {
            for (b, &v) in row.iter().enumerate() {
                assert_eq!(nim_product(a as u64, b as u64), v, "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn products_agree_with_the_slow_reference() {
        let mut rng = Rng::new(7);
        for _ in 0..300 {
            let (a, b) = (rng.next(), rng.next() >> rng.below(64));
            assert_eq!(nim_product(a, b), slow_product(a, b), "{a} ⊗ {b}");
        }
    }

    #[test]
    fn fermat_powers() {
        // For a Fermat 2-power F = 2^(2^k): F ⊗ F = 3F/2 and x ⊗ F = x·F for x < F.
        for k in 0..6 {
            let f = 1u64 << (1u32 << k);
            assert_eq!(nim_product(f, f), f ^ (f >> 1));
            for x in [1, 2, 3, f - 1].into_iter().filter(|&x| x < f) {
                assert_eq!(nim_product(x, f), x * f);
            }
        }
    }

    /// Fast exponentiation in the nim field.
    fn nim_pow(mut a: u64, mut e: u64) -> u64 {
        let mut r = 1;
        while e > 0 {
            if e & 1 == 1 {
                r = nim_product(r, a);
            }
            a = nim_product(a, a);
            e >>= 1;
        }
        r
    }

    #[test]
    fn field_axioms_on_random_values() {
        let mut rng = Rng::new(11);
        for _ in 0..500 {
            let (a, b, c) = (rng.next(), rng.next(), rng.next());
            assert_eq!(nim_product(a, b), nim_product(b, a));
            assert_eq!(
                nim_product(nim_product(a, b), c),
                nim_product(a, nim_product(b, c))
            );
            assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            assert_eq!(nim_product(a, 1), a);
            assert_eq!(nim_product(a, 0), 0);
        }
        // Every non-zero element is invertible: a^(2^64 - 1) = 1 in GF(2^64).
        for _ in 0..50 {
            let a = rng.next() | 1;
            let inverse = nim_pow(a, u64::MAX - 1);
            assert_eq!(nim_product(a, inverse), 1);
        }
    }
}
