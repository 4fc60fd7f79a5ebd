//! Independent evidence for the tests: a second, deliberately plain implementation of the move
//! rule and of the solver, written straight from the statement and sharing no code with the
//! crate (only plain arrays go in and out), and the official start positions.

use std::collections::HashMap;

/// The 24 official start positions, in the official order (the task's
/// `ioiwari-official-positions.txt`, kept in the crate's `data/`), read without the crate.
pub fn official_positions() -> Vec<[u8; 7]> {
    include_str!("../../data/official-positions.txt")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let counts: Vec<u8> = line
                .split_whitespace()
                .map(|word| word.parse().expect("official data holds numbers"))
                .collect();
            counts
                .try_into()
                .expect("official data has 7 counts a line")
        })
        .collect()
}

/// What one move does, by the statement's words: (pits after, mover's gain, opponent's gain),
/// or `None` when the chosen pit (numbered 1..7) is empty.
pub fn reference_sow(mut pits: [u8; 7], pit_number: usize) -> Option<([u8; 7], u32, u32)> {
    let chosen = pit_number - 1;
    let mut hand = u32::from(pits[chosen]);
    if hand == 0 {
        return None;
    }
    pits[chosen] = 0;
    let (mut mine, mut theirs) = (0, 0);
    let mut step = 0;
    while hand > 0 {
        step += 1;
        let here = (chosen + step) % 7;
        if hand > 1 {
            if pits[here] == 5 {
                pits[here] -= 1;
                mine += 1;
            } else {
                pits[here] += 1;
                hand -= 1;
            }
        } else {
            if (1..=4).contains(&pits[here]) {
                mine += u32::from(pits[here]) + 1;
                pits[here] = 0;
            } else {
                theirs += 1;
            }
            hand = 0;
        }
    }
    Some((pits, mine, theirs))
}

/// A plain memoized recursion over [`reference_sow`]: for each board, its value (best final
/// bank difference for the side to move) and its optimal pits (numbered 1..7, ascending).
#[derive(Default)]
pub struct ReferenceSolver {
    memo: HashMap<[u8; 7], (i32, Vec<usize>)>,
}

impl ReferenceSolver {
    pub fn solve(&mut self, pits: [u8; 7]) -> (i32, Vec<usize>) {
        if let Some(known) = self.memo.get(&pits) {
            return known.clone();
        }
        let mut results = Vec::new();
        for pit_number in 1..=7 {
            if let Some((next, mine, theirs)) = reference_sow(pits, pit_number) {
                let worth = mine as i32 - theirs as i32 - self.solve(next).0;
                results.push((pit_number, worth));
            }
        }
        let answer = match results.iter().map(|&(_, worth)| worth).max() {
            None => (0, Vec::new()),
            Some(best) => (
                best,
                results
                    .iter()
                    .filter(|&&(_, worth)| worth == best)
                    .map(|&(pit_number, _)| pit_number)
                    .collect(),
            ),
        };
        self.memo.insert(pits, answer.clone());
        answer
    }

    /// Every board the solver has seen (all boards reachable from those it was asked about).
    pub fn boards(&self) -> impl Iterator<Item = &[u8; 7]> {
        self.memo.keys()
    }
}

/// The 357 start boards by brute force: every array of counts 0..=5 with 20 beads and
/// every count in 2..=4.
pub fn reference_start_boards() -> Vec<[u8; 7]> {
    let mut boards = Vec::new();
    for code in 0..6u32.pow(7) {
        let mut pits = [0u8; 7];
        let mut rest = code;
        for beads in pits.iter_mut() {
            *beads = (rest % 6) as u8;
            rest /= 6;
        }
        if pits.iter().map(|&b| u32::from(b)).sum::<u32>() == 20
            && pits.iter().all(|b| (2..=4).contains(b))
        {
            boards.push(pits);
        }
    }
    boards
}
