//! Pooh-Eeyore-sticks (two piles `p` and `e`, bound `B`: a move takes `1..=B` sticks from one
//! pile or the same number from both; who cannot move loses) solved by plain retrograde
//! analysis over the rules, for every position with both piles below a size.
//!
//! Deliberately simple and independent of `duel-mis`'s theory (the Wythoff pairs modulo
//! `B + 1`): it is the evidence that theory is checked against.

/// Every legal move at `(p, e)` with bound `bound`, as `(take_p, take_e)`, written out from the
/// rules: first from `p` alone, then from `e` alone, then from both.
pub fn moves(bound: usize, p: usize, e: usize) -> impl Iterator<Item = (usize, usize)> {
    let from_p = (1..=bound.min(p)).map(|k| (k, 0));
    let from_e = (1..=bound.min(e)).map(|k| (0, k));
    let from_both = (1..=bound.min(p).min(e)).map(|k| (k, k));
    from_p.chain(from_e).chain(from_both)
}

/// Whether taking `(take_p, take_e)` at `(p, e)` with bound `bound` is legal by the statement's
/// rules: at least one stick, from one pile or equally from both, at most `bound` a pile, no
/// more than the pile holds.
pub fn legal(bound: usize, p: usize, e: usize, (take_p, take_e): (usize, usize)) -> bool {
    (take_p > 0 || take_e > 0)
        && (take_p == 0 || take_e == 0 || take_p == take_e)
        && take_p <= bound
        && take_e <= bound
        && take_p <= p
        && take_e <= e
}

/// `table[p][e]`: whether the side to move at `(p, e)` wins with perfect play, bound `bound`,
/// for both piles below `size`. A position is won when some move leads to a lost one; every
/// move lowers a pile, so ascending `(p, e)` order meets each position after all it leads to.
pub fn wins(bound: usize, size: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; size]; size];
    for p in 0..size {
        for e in 0..size {
            wins[p][e] = moves(bound, p, e).any(|(a, b)| !wins[p - a][e - b]);
        }
    }
    wins
}

/// `table[p][e]`: whether the side to move at `(p, e)` loses with perfect play (the negation of
/// [`wins`]), for both piles below `size`.
pub fn lost(bound: usize, size: usize) -> Vec<Vec<bool>> {
    wins(bound, size)
        .into_iter()
        .map(|row| row.into_iter().map(|won| !won).collect())
        .collect()
}

/// The moves at `(p, e)` that leave the opponent lost, by the table `wins` of [`wins`] (so the
/// piles must stay below its size), sorted.
pub fn winning_moves(wins: &[Vec<bool>], bound: usize, p: usize, e: usize) -> Vec<(usize, usize)> {
    let mut winning: Vec<(usize, usize)> = moves(bound, p, e)
        .filter(|&(a, b)| !wins[p - a][e - b])
        .collect();
    winning.sort_unstable();
    winning
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_bounds_match_positions_worked_out_by_hand() {
        // B = 1: a move takes one stick from one pile or one from each. The side to move
        // loses exactly when both piles are even (the opponent mirrors parity).
        let table = wins(1, 8);
        for (p, row) in table.iter().enumerate() {
            for (e, &won) in row.iter().enumerate() {
                assert_eq!(won, p % 2 == 1 || e % 2 == 1, "({p}, {e})");
            }
        }
        // B = 2 by hand: (0, 0), (1, 2), (0, 3) and (3, 3) are lost (every move from them
        // leaves a won position); from (2, 2) three moves reach a lost one.
        let table = wins(2, 6);
        assert!(!table[0][0] && !table[1][2] && !table[2][1] && !table[0][3] && !table[3][3]);
        assert!(table[2][2] && table[1][1] && table[0][2] && table[1][3]);
        assert_eq!(winning_moves(&table, 2, 2, 2), [(0, 1), (1, 0), (2, 2)]);
    }

    #[test]
    fn moves_are_exactly_the_legal_ones() {
        for bound in 1..=4 {
            for p in 0..7 {
                for e in 0..7 {
                    let listed: Vec<_> = moves(bound, p, e).collect();
                    for a in 0..=p {
                        for b in 0..=e {
                            assert_eq!(listed.contains(&(a, b)), legal(bound, p, e, (a, b)));
                        }
                    }
                    let mut unique = listed.clone();
                    unique.sort_unstable();
                    unique.dedup();
                    assert_eq!(unique.len(), listed.len(), "no move listed twice");
                }
            }
        }
    }

    #[test]
    fn lost_is_the_negation_of_wins() {
        let (won, lost) = (wins(3, 10), lost(3, 10));
        for p in 0..10 {
            for e in 0..10 {
                assert_ne!(won[p][e], lost[p][e]);
            }
        }
    }
}
