//! The optimal player 2.

use duel_ioiwari::{Board, Oracle, Pit};
use duel_random::SplitMix64;

/// How player 2 chooses among its optimal moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Opponent {
    /// The first optimal pit in order 1..7, like the official player 2.
    #[default]
    FirstOptimal,
    /// A random optimal pit; the choices of each test depend only on the seed and the test's
    /// number, so they do not change with `--jobs`.
    Random {
        /// The seed given with `--seed`.
        seed: u64,
    },
}

impl Opponent {
    /// How a judge with this seed ([`Settings::seed`](crate::judge::Settings::seed)) has
    /// player 2 choose: at random from it, or the first optimal pit without one.
    ///
    /// ```
    /// use duel_arena::ioiwari::Opponent;
    /// assert_eq!(Opponent::from_seed(None), Opponent::FirstOptimal);
    /// assert_eq!(Opponent::from_seed(Some(7)), Opponent::Random { seed: 7 });
    /// ```
    pub fn from_seed(seed: Option<u64>) -> Opponent {
        match seed {
            Some(seed) => Opponent::Random { seed },
            None => Opponent::FirstOptimal,
        }
    }

    /// The chooser for test number `index` (from 1).
    pub fn for_test(self, index: usize) -> Chooser {
        let rng = match self {
            Opponent::FirstOptimal => None,
            Opponent::Random { seed } => {
                // Mix the test number in so every test gets its own stream.
                let mut mixer = SplitMix64::new(seed ^ (index as u64).rotate_left(32));
                Some(SplitMix64::new(mixer.next_u64()))
            }
        };
        Chooser { rng }
    }
}

/// Player 2's move picker during one game.
#[derive(Debug, Clone)]
pub struct Chooser {
    rng: Option<SplitMix64>,
}

impl Chooser {
    /// An optimal pit on `board`, `None` when the game is over.
    ///
    /// ```
    /// use duel_arena::ioiwari::Opponent;
    /// use duel_ioiwari::{Board, Oracle, Table};
    /// let table = Table::solve();
    /// let board: Board = "4 0 3 5 0 3 2".parse().unwrap();
    /// let pit = Opponent::FirstOptimal.for_test(1).choose(&table, board);
    /// assert_eq!(pit, table.first_best_move(board));
    /// let pit = Opponent::Random { seed: 9 }.for_test(1).choose(&table, board).unwrap();
    /// assert!(table.best_moves(board).contains(pit));
    /// ```
    pub fn choose(&mut self, oracle: &impl Oracle, board: Board) -> Option<Pit> {
        let best = oracle.best_moves(board);
        match &mut self.rng {
            None => best.first(),
            Some(rng) if !best.is_empty() => {
                let k = rng.below(best.len() as u64) as usize;
                best.iter().nth(k)
            }
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duel_ioiwari::Table;

    #[test]
    fn random_choices_vary_but_stay_optimal_and_reproducible() {
        let table = Table::solve();
        let boards: Vec<Board> = Board::start_boards()
            .into_iter()
            .filter(|b| table.best_moves(*b).len() > 1)
            .collect();
        assert!(!boards.is_empty());
        let picks = |seed| -> Vec<Pit> {
            let mut chooser = Opponent::Random { seed }.for_test(3);
            boards
                .iter()
                .map(|b| chooser.choose(&table, *b).unwrap())
                .collect()
        };
        assert_eq!(picks(5), picks(5));
        let first: Vec<Pit> = boards
            .iter()
            .map(|b| table.best_moves(*b).first().unwrap())
            .collect();
        assert_ne!(
            picks(5),
            first,
            "a random opponent never left the first optimal pit"
        );
        for (board, pit) in boards.iter().zip(picks(6)) {
            assert!(table.best_moves(*board).contains(pit));
        }
    }
}
