//! Independent evidence shared by the arena's tests.

/// Retrograde analysis of Pooh-Eeyore-sticks straight from the rules, sharing nothing with the
/// crates: `wins[p][e]` tells whether the side to move wins with bound `bound`, for piles
/// below `limit`.
pub fn brute_force(bound: usize, limit: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; limit]; limit];
    for p in 0..limit {
        for e in 0..limit {
            wins[p][e] = (1..=bound).any(|k| {
                (k <= p && !wins[p - k][e])
                    || (k <= e && !wins[p][e - k])
                    || (k <= p && k <= e && !wins[p - k][e - k])
            });
        }
    }
    wins
}
