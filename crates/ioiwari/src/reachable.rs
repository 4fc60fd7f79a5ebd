//! [`ReachableSolver`]: solves only the boards reachable from one board.

use crate::sow_index::{sow_index_only, PackedPits};
use crate::turn::{canonical, turn_index, turn_mask};
use crate::{Board, Oracle, PitSet, PITS};

/// The value and optimal moves of every board reachable from one root board.
///
/// Meant for a player process that knows its start board: a memoized depth-first search from
/// that board solves only the few thousand boards it can reach (about 5 000 from a start board,
/// out of 6^7), in a fraction of a millisecond. Turned boards share their value (the rules do
/// not depend on where pit 1 is), so it solves one board per rotation class (about 1 700 from
/// a start board) and answers for its rotations too. The answers live in a small hash table
/// (tens of KB) rather than a dense array over all boards: it stays in the processor's caches,
/// and a fresh process does not pay page faults for a large allocation.
///
/// Questions about boards the root cannot reach are still answered correctly, by a fresh
/// search from that board that is not kept (so they are slow; call
/// [`extend`](ReachableSolver::extend) first to keep the answers).
///
/// ```
/// use duel_ioiwari::{Board, Oracle, ReachableSolver};
///
/// let start: Board = "4 3 2 4 2 3 2".parse()?;
/// let solver = ReachableSolver::solve_from(start);
/// assert_eq!(solver.value(start), 2);
/// let pit = solver.first_best_move(start).expect("moves exist");
/// let sowing = start.play(pit)?;
/// assert!(solver.knows(sowing.board));
/// // The move's own gain minus what the opponent can force afterwards:
/// assert_eq!(sowing.gain_difference() - solver.value(sowing.board), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct ReachableSolver {
    cache: Cache,
}

/// The packing of a solved board into a `u16`: bit 15 marks it solved, bits 8..15 hold the
/// optimal-move mask and the low byte the value (two's complement). 0 means "not solved".
struct Entry;

impl Entry {
    const SOLVED: u16 = 1 << 15;

    fn encode(value: i8, mask: u8) -> u16 {
        Self::SOLVED | (u16::from(mask) << 8) | u16::from(value as u8)
    }

    fn value(entry: u16) -> i8 {
        entry as u8 as i8
    }

    fn mask(entry: u16) -> u8 {
        ((entry >> 8) & 0x7f) as u8
    }
}

/// A hash map from board index to [`Entry`], with open addressing and linear probing. Keys
/// (`index + 1`, 0 for an empty slot) and entries sit in separate arrays so that probing
/// scans only the compact key array.
#[derive(Clone)]
struct Cache {
    keys: Vec<u32>,
    entries: Vec<u16>,
    len: usize,
    /// How many boards the stored representatives stand for.
    boards: usize,
}

impl Cache {
    /// Room for a start board's few thousand boards before the first growth.
    const INITIAL_BITS: u32 = 12;

    fn new() -> Cache {
        Cache::with_bits(Self::INITIAL_BITS)
    }

    fn with_bits(bits: u32) -> Cache {
        Cache {
            keys: vec![0; 1 << bits],
            entries: vec![0; 1 << bits],
            len: 0,
            boards: 0,
        }
    }

    /// The first slot to probe: Fibonacci hashing, whose top bits are well mixed.
    #[inline]
    fn home(&self, index: u32) -> usize {
        let bits = self.keys.len().trailing_zeros();
        (index.wrapping_mul(0x9e37_79b9) >> (32 - bits)) as usize
    }

    /// The entry of `index`, 0 when it is not solved.
    #[inline]
    fn get(&self, index: u32) -> u16 {
        let key = index + 1;
        let mask = self.keys.len() - 1;
        let mut slot = self.home(index);
        loop {
            let stored = self.keys[slot];
            if stored == key {
                return self.entries[slot];
            }
            if stored == 0 {
                return 0;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Stores the entry of an index that is not in the map yet.
    fn insert_new(&mut self, index: u32, entry: u16) {
        // Keeping the table at most 3/4 full keeps probe runs short.
        if 4 * (self.len + 1) > 3 * self.keys.len() {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut slot = self.home(index);
        while self.keys[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        self.keys[slot] = index + 1;
        self.entries[slot] = entry;
        self.len += 1;
    }

    fn grow(&mut self) {
        let bits = self.keys.len().trailing_zeros() + 1;
        let mut old = std::mem::replace(self, Cache::with_bits(bits));
        self.boards = std::mem::take(&mut old.boards);
        for (&key, &entry) in old.keys.iter().zip(&old.entries) {
            if key != 0 {
                self.insert_new(key - 1, entry);
            }
        }
    }
}

impl ReachableSolver {
    /// Solves `root` and every board reachable from it.
    pub fn solve_from(root: Board) -> ReachableSolver {
        let mut solver = ReachableSolver {
            cache: Cache::new(),
        };
        solver.extend(root);
        solver
    }

    /// Also solves `board` and every board reachable from it, keeping the answers.
    pub fn extend(&mut self, board: Board) {
        solve(&mut self.cache, canonical(board.index()).0);
    }

    /// Whether `board` is solved already: it or one of its rotations is reachable from the
    /// root or from an [`extend`](ReachableSolver::extend)ed board.
    pub fn knows(&self, board: Board) -> bool {
        self.cache.get(canonical(board.index()).0) != 0
    }

    /// How many boards are solved, counting every rotation of a solved board (see
    /// [`knows`](ReachableSolver::knows)).
    pub fn solved_count(&self) -> usize {
        self.cache.boards
    }

    /// The stored entry for `board` (with its mask turned to fit `board`), solving it on the
    /// side if it is unknown.
    fn entry(&self, board: Board) -> u16 {
        let (representative, turns) = canonical(board.index());
        let entry = match self.cache.get(representative) {
            0 => {
                let mut fresh = Cache::new();
                solve(&mut fresh, representative)
            }
            entry => entry,
        };
        Entry::encode(Entry::value(entry), turn_mask(Entry::mask(entry), turns))
    }
}

impl Oracle for ReachableSolver {
    fn value(&self, board: Board) -> i8 {
        Entry::value(self.entry(board))
    }

    fn best_moves(&self, board: Board) -> PitSet {
        PitSet::from_bits(Entry::mask(self.entry(board)))
    }
}

impl std::fmt::Debug for ReachableSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReachableSolver")
            .field("solved", &self.cache.boards)
            .finish()
    }
}

/// Memoized depth-first search from the board with this index, which must represent its
/// rotation class (see [`canonical`]), returning its entry. The cache holds representatives
/// only: turned boards share values, so this solves each class once. The recursion is at most
/// 36 deep: every move banks at least one of the at most 35 beads.
fn solve(cache: &mut Cache, index: u32) -> u16 {
    match cache.get(index) {
        0 => {}
        known => return known,
    }
    let pits = unpack_index(index);
    let fulls = pits.full_pits();
    let mut worth = [i8::MIN; PITS];
    for (from, worth) in worth.iter_mut().enumerate() {
        if pits.beads(from) == 0 {
            continue;
        }
        let (next, gain) = sow_index_only(pits, fulls, index, from);
        *worth = gain - Entry::value(solve(cache, canonical(next).0));
    }
    // The empty board has no move and is worth 0; any other board has a move.
    let best_value = match worth.iter().copied().max() {
        Some(i8::MIN) | None => 0,
        Some(best) => best,
    };
    let best_mask = worth.iter().enumerate().fold(0u8, |mask, (from, &w)| {
        mask | (u8::from(w == best_value) << from)
    });
    let entry = Entry::encode(best_value, best_mask);
    cache.insert_new(index, entry);
    // 7 is prime, so a class holds 7 boards unless all pits are equal (then just 1).
    cache.boards += if turn_index(index) == index { 1 } else { PITS };
    entry
}

/// The pits of the board with this index (the inverse of [`Board::index`], without checks).
fn unpack_index(index: u32) -> PackedPits {
    let mut rest = index;
    let mut packed = 0u64;
    for k in 0..PITS {
        packed |= u64::from(rest % 6) << (8 * k);
        rest /= 6;
    }
    PackedPits(packed)
}
