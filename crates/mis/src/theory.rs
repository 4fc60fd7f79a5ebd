//! Why the game is Wythoff's game taken modulo `B + 1`, and how to compute it
//! exactly with integers only.
//!
//! # The claim
//!
//! Write `m = B + 1` and `φ = (1 + √5) / 2`. The *Wythoff pairs* are
//! `(a_k, b_k)` with `a_k = ⌊kφ⌋` and `b_k = a_k + k = ⌊kφ²⌋`, for `k = 0, 1, 2, …`:
//! `(0,0), (1,2), (3,5), (4,7), (6,10), (8,13), …`.
//!
//! **Theorem.** A position `(p, e)` with bound `B` is *lost* for the side to move
//! iff `(p mod m, e mod m)` is a Wythoff pair in either order, i.e. iff
//! `partner(p mod m) == e mod m` (see [`partner`]).
//!
//! (Both components of such a pair are residues, hence `≤ B`, so the condition
//! "a Wythoff pair with both members `≤ B`" is the same thing.)
//!
//! # Facts about Wythoff pairs used below
//!
//! 1. **Every natural number lies in exactly one pair.** `⌊kφ⌋` and `⌊kφ²⌋`
//!    (`k ≥ 1`) are complementary Beatty sequences (`1/φ + 1/φ² = 1`), and `0`
//!    pairs with itself. So `partner` is an involution: `partner(partner(x)) = x`.
//! 2. **Differences are distinct.** `b_k - a_k = k`, so a pair is determined by
//!    its difference, and the *signed* difference `x - y` of an ordered pair
//!    `(x, y)` determines the ordered pair.
//! 3. `a_k` is strictly increasing (`φ > 1`).
//! 4. `b_k = ⌊kφ⌋ + k > kφ - 1 + k = kφ² - 1`.
//!
//! # Proof
//!
//! Let `L` be the set of positions the theorem calls lost and write
//! `r = p mod m`, `s = e mod m`. The pool `(0, 0)` is in `L` (the side to move has
//! no move: the other side took the last stick and won). Every move shrinks
//! `p + e`, so the game is finite, and by induction on `p + e` it is enough to
//! show (I) no move leads from `L` to `L`, (II) from outside `L` some move leads
//! into `L`.
//!
//! **(I) From `L` every move leaves `L`.** Let `(r, s)` be a Wythoff pair and take
//! `k` with `1 ≤ k ≤ B`; `k ≢ 0 (mod m)`, so every pile the move touches changes
//! its residue.
//!
//! * *One kind only* (say poohsticks): `r` becomes `r' ≠ r` while `s` stays. If
//!   `(r', s)` were a pair too, `r' = partner(s) = r` by fact 1. Contradiction.
//! * *Both kinds*: the signed residue difference `δ = r - s` lies in `(-m, m)`;
//!   after the move `δ' ≡ δ (mod m)` and `δ' ∈ (-m, m)`, so `δ' ∈ {δ, δ ± m}`.
//!   If `δ' = δ`, fact 2 says the new residues are the old ones, impossible. If
//!   `δ' = δ ± m`, both are nonzero with opposite signs and
//!   `j + j' = m = B + 1` for the indices `j = |δ|`, `j' = |δ'|` of the two
//!   pairs. Both upper members are residues, so `b_j + b_j' ≤ 2B`; but by
//!   fact 4 `b_j + b_j' > (B + 1)φ² - 2 > 2.6B + 0.6 > 2B`. Contradiction.
//!
//! **(II) From outside `L` there is a move into `L`**, and it never needs to
//! wrap a residue around. Order the residues so `r ≤ s` (swap the roles of
//! the kinds otherwise) and let `q = partner(r)`; `q ≠ s` because `(r, s)` is not
//! a pair.
//!
//! * `q < s`: take `s - q` sticks from the `s` pile. Result `(r, q)`, a pair.
//!   (`r = 0` lands here: `q = 0`, take the whole residue `s`.)
//! * `q > s`: then `r` is not an upper member (an upper member's partner is
//!   smaller), so `r = a_j`, `q = b_j = r + j > s`, i.e. `j > d` for
//!   `d = s - r`. By fact 3 `a_d < a_j = r`. Take `r - a_d` of each kind:
//!   result `(a_d, s - r + a_d) = (a_d, b_d)`, a pair.
//!
//! In both cases the amount taken is `≥ 1`, at most the residue it comes from
//! (so `≤ B` and `≤` the pile), and equal on both kinds for a double move: the
//! move is legal. ∎
//!
//! This gives [`crate::Position::winning_move`] in O(1): two remainders, and at
//! most three fixed-point multiplications ([`partner`] and [`lower_wythoff`]).
//!
//! # Exact `⌊x/φ⌋` without floating point
//!
//! Everything reduces to `⌊k/φ⌋ = ⌊k(φ - 1)⌋` for `0 ≤ k ≤ 2³²`
//! (then `a_k = k + ⌊k/φ⌋`). [`INV_PHI_FIXED`] is `C = ⌈(φ - 1)·2⁶⁴⌉`
//! `= 0x9E37_79B9_7F4A_7C16`, which overshoots `(φ - 1)·2⁶⁴` by `η ≈ 0.0484`.
//! The code computes `(k·C) >> 64` in `u128`, that is `⌊k(φ - 1) + kη/2⁶⁴⌋`.
//!
//! It can only differ from `⌊k(φ - 1)⌋` if some integer `n` satisfies
//! `0 < n - k(φ - 1) ≤ kη/2⁶⁴`, i.e. `0 < N - kφ ≤ kη/2⁶⁴ < 1.2·10⁻¹¹` with
//! `N = n + k`. But `φ` is badly approximable: for integers `N, k ≥ 1`,
//! `(N - kφ)(N - kψ) = N² - Nk - k²` with `ψ = (1 - √5)/2` is a nonzero integer
//! (`φ` is irrational), so `|N - kφ| ≥ 1/|N - kψ|`, and
//! `|N - kψ| ≤ |N - kφ| + k√5 < 1 + k√5`. Hence
//! `|N - kφ| > 1/(k√5 + 1) ≥ 1/(2³²·√5 + 1) > 10⁻¹⁰` for `k ≤ 2³²`.
//! The error can never push the product across an integer, so the result is
//! exact for every `k ≤ 2³²`, which covers every `u32` argument below.
//!
//! The tests check this independently against the integer-only
//! characterization `⌊kφ⌋ = the largest n ≥ 0 with n² - nk - k² < 0` (for
//! `t ≥ 0`, `t < φ` iff `t² - t - 1 < 0`): for every `k ≤ 10⁷`, for every Fibonacci
//! `k` (the hardest cases: `F_n·φ` is the closest approach to an integer) and
//! for random `k` over the whole `u32` range.

/// `⌈(φ - 1)·2⁶⁴⌉`: the reciprocal of the golden ratio as a 0.64 fixed-point number,
/// rounded up (see the module docs for why rounding up keeps every result exact).
pub const INV_PHI_FIXED: u64 = 0x9E37_79B9_7F4A_7C16;

/// `⌊k/φ⌋`, exact for `0 ≤ k ≤ 2³²` (module docs).
#[inline]
fn floor_div_phi(k: u64) -> u64 {
    ((u128::from(k) * u128::from(INV_PHI_FIXED)) >> 64) as u64
}

/// The lower Wythoff number `a_k = ⌊kφ⌋`, exact for every `k`.
///
/// ```
/// use duel_mis::theory::lower_wythoff;
/// assert_eq!((0..6).map(lower_wythoff).collect::<Vec<_>>(), [0, 1, 3, 4, 6, 8]);
/// ```
#[inline]
pub fn lower_wythoff(k: u32) -> u64 {
    let k = u64::from(k);
    k + floor_div_phi(k)
}

/// The upper Wythoff number `b_k = a_k + k = ⌊kφ²⌋`, exact for every `k`.
///
/// ```
/// use duel_mis::theory::upper_wythoff;
/// assert_eq!((0..6).map(upper_wythoff).collect::<Vec<_>>(), [0, 2, 5, 7, 10, 13]);
/// ```
#[inline]
pub fn upper_wythoff(k: u32) -> u64 {
    lower_wythoff(k) + u64::from(k)
}

/// The other member of the Wythoff pair that contains `x` (`partner(0) = 0`).
///
/// `j = ⌊(x + 1)/φ⌋` counts the lower numbers `a_1..` that are `≤ x`. If `x = a_j`,
/// its partner is `b_j = x + j`. Otherwise `x` is an upper number; `x - j` upper
/// numbers are `≤ x` (Beatty complementarity), so `x = b_{x-j}` and its partner is
/// `a_{x-j} = x - (x - j) = j`.
///
/// ```
/// use duel_mis::theory::partner;
/// assert_eq!(partner(0), 0);
/// assert_eq!((partner(3), partner(5)), (5, 3));
/// assert_eq!((partner(4), partner(7)), (7, 4));
/// ```
#[inline]
pub fn partner(x: u32) -> u64 {
    let x = u64::from(x);
    let j = floor_div_phi(x + 1);
    // jφ < x + 1, so a_j = j + ⌊j/φ⌋ ≤ x; equality means x is a lower number.
    if j + floor_div_phi(j) == x {
        x + j
    } else {
        j
    }
}

/// Whether `(x, y)` is a Wythoff pair in either order, i.e. a lost position of
/// unbounded Wythoff's game.
///
/// ```
/// use duel_mis::theory::is_wythoff_pair;
/// assert!(is_wythoff_pair(0, 0) && is_wythoff_pair(5, 3) && is_wythoff_pair(8, 13));
/// assert!(!is_wythoff_pair(1, 1) && !is_wythoff_pair(2, 3));
/// ```
#[inline]
pub fn is_wythoff_pair(x: u32, y: u32) -> bool {
    partner(x) == u64::from(y)
}

/// Whether residues `(r, s)` (each `≤ bound`) make a lost position for bound `bound`:
/// both are residues modulo `bound + 1` and form a Wythoff pair.
///
/// ```
/// use duel_mis::theory::is_losing_residue;
/// assert!(is_losing_residue(3, 5, 5));
/// assert!(!is_losing_residue(3, 5, 4)); // 5 is not a residue modulo 5
/// ```
pub fn is_losing_residue(r: u32, s: u32, bound: u32) -> bool {
    r <= bound && s <= bound && is_wythoff_pair(r, s)
}

/// Whether the pool `(p, e)` with bound `bound` is lost for the side to move — the
/// theorem above. A zero bound allows no move at all, so every pool is lost then.
///
/// ```
/// use duel_mis::theory::is_losing;
/// assert!(is_losing(0, 0, 3));
/// assert!(is_losing(2 + 4, 1 + 4, 3)); // residues (2, 1) modulo 4
/// assert!(!is_losing(7, 2, 3));
/// ```
pub fn is_losing(p: u32, e: u32, bound: u32) -> bool {
    match bound.checked_add(1) {
        Some(1) => true,
        Some(m) => is_wythoff_pair(p % m, e % m),
        // bound = u32::MAX: every u32 pile is its own residue.
        None => is_wythoff_pair(p, e),
    }
}

/// The theorem's winning move from residues `(r, s)` that are not a Wythoff pair,
/// as `(take_r, take_s)`; `None` if `(r, s)` is a pair. Never wraps a residue: the
/// amounts are at most the residues themselves.
#[inline]
pub(crate) fn residue_winning_take(r: u32, s: u32) -> Option<(u32, u32)> {
    let (low, high, swapped) = if r <= s { (r, s, false) } else { (s, r, true) };
    let q = partner(low);
    let high64 = u64::from(high);
    let take = if q == high64 {
        return None;
    } else if q < high64 {
        // Shrink the larger residue to the partner of the smaller one.
        (0, high - q as u32)
    } else {
        // low = a_j with b_j > high: slide down the diagonal to (a_d, b_d).
        let d = high - low;
        let both = low - lower_wythoff(d) as u32;
        (both, both)
    };
    Some(if swapped { (take.1, take.0) } else { take })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Integer-only check that `n = ⌊kφ⌋`: `n` is the largest with `n² - nk - k² < 0`.
    fn is_floor_k_phi(k: u64, n: u64) -> bool {
        let f = |n: u64| -> i128 {
            let (n, k) = (i128::from(n), i128::from(k));
            n * n - n * k - k * k
        };
        f(n) < 0 && f(n + 1) > 0
    }

    #[test]
    fn lower_wythoff_is_exact_for_every_k_up_to_ten_million() {
        for k in 0..=10_000_000u32 {
            let n = lower_wythoff(k);
            // Same test as is_floor_k_phi, in i64 (k² ≤ 10¹⁴): fast in debug builds.
            let (ki, ni) = (i64::from(k), n as i64);
            let below = ni * ni - ni * ki - ki * ki;
            let above = (ni + 1) * (ni + 1) - (ni + 1) * ki - ki * ki;
            assert!(k == 0 || (below < 0 && above > 0), "k = {k}, got {n}");
        }
        assert_eq!(lower_wythoff(0), 0);
    }

    #[test]
    fn lower_wythoff_is_exact_near_fibonacci_numbers_and_range_ends() {
        let (mut a, mut b) = (1u64, 2u64);
        let mut ks = vec![1u64, u64::from(u32::MAX), u64::from(u32::MAX) - 1];
        while b <= u64::from(u32::MAX) {
            ks.extend([a, b, b - 1, b + 1]);
            (a, b) = (b, a + b);
        }
        for k in ks.into_iter().filter(|&k| k <= u64::from(u32::MAX)) {
            assert!(is_floor_k_phi(k, lower_wythoff(k as u32)), "k = {k}");
        }
        // floor_div_phi is also used at k = 2³² (partner(u32::MAX)).
        let k = 1u64 << 32;
        assert!(is_floor_k_phi(k, k + floor_div_phi(k)));
    }

    #[test]
    fn partner_matches_pairs_listed_by_mex_construction() {
        // Independent construction: a_k = smallest number not yet used, b_k = a_k + k.
        let limit = 100_000usize;
        let mut used = vec![false; 3 * limit];
        let mut expected = vec![u64::MAX; limit];
        let mut next_free = 0usize;
        for k in 0.. {
            while used[next_free] {
                next_free += 1;
            }
            let (a, b) = (next_free, next_free + k);
            if a >= limit {
                break;
            }
            used[a] = true;
            used[b] = true;
            expected[a] = b as u64;
            if b < limit {
                expected[b] = a as u64;
            }
            assert_eq!(lower_wythoff(k as u32), a as u64);
            assert_eq!(upper_wythoff(k as u32), b as u64);
        }
        for (x, &want) in expected.iter().enumerate() {
            assert_eq!(partner(x as u32), want, "x = {x}");
        }
    }

    #[test]
    fn partner_is_an_involution_at_the_top_of_the_range() {
        for x in (u32::MAX - 10_000)..=u32::MAX {
            let q = partner(x);
            if let Ok(q32) = u32::try_from(q) {
                assert_eq!(partner(q32), u64::from(x));
            } else {
                // Partner out of u32 range: x must be a lower number a_j.
                let j = q - u64::from(x);
                assert!(is_floor_k_phi(j, u64::from(x)));
            }
        }
    }

    #[test]
    fn residue_winning_take_reaches_a_pair_without_wrapping() {
        for r in 0..300u32 {
            for s in 0..300u32 {
                match residue_winning_take(r, s) {
                    None => assert!(is_wythoff_pair(r, s)),
                    Some((tr, ts)) => {
                        assert!(!is_wythoff_pair(r, s));
                        assert!(tr <= r && ts <= s && (tr, ts) != (0, 0));
                        assert!(tr == 0 || ts == 0 || tr == ts);
                        assert!(is_wythoff_pair(r - tr, s - ts));
                    }
                }
            }
        }
    }

    #[test]
    fn is_losing_reduces_modulo_bound_plus_one() {
        assert!(is_losing(1, 2, 2)); // (1,2) residues modulo 3
        assert!(is_losing(4, 5, 2)); // (1,2) again
        assert!(!is_losing(1, 2, 1)); // modulo 2: (1,0) is won
        assert!(is_losing(5, 3, 0)); // zero bound: nothing is legal
        assert!(is_losing(u32::MAX, u32::MAX, u32::MAX) == is_wythoff_pair(u32::MAX, u32::MAX));
    }
}
