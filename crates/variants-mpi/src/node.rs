//! One process's share of the solve: its classes, tier by tier, with the values of other
//! processes' classes asked for in batched all-to-all exchanges over a [`Transport`].
//!
//! **A tier in rounds.** A process enumerates the tier's pieces that overlap the indices of
//! its own representatives, and takes its classes of the tier in rounds of about `batch`
//! classes. In a round it lists the moves of each class; a successor it owns is read from its
//! own slice of values, any other is a look-up for the successor's owner. The look-ups for
//! each owner are sorted and made unique (one request for a class however many boards lead to
//! it), sent in one all-to-all exchange of ranks (8 bytes each), answered by the owners from
//! their slices and returned in a second all-to-all exchange of values (1 byte each, in the
//! order of the requests). Successors lie in lower tiers, which every process has finished,
//! so the answers are final. Rounds go on while any process has classes left in the tier
//! (those done take part with empty lists).

use std::time::Instant;

use duel_ioiwari::variant::{class_value, ClassMove, ClassSpace};
use serde::Serialize;

use crate::Partition;

/// What a process needs from the others: all-to-all exchanges and a logical or. Each call is
/// collective: every process makes the same calls in the same order.
pub trait Transport {
    /// This process's number, `0..processes`.
    fn me(&self) -> usize;
    /// The number of processes.
    fn processes(&self) -> usize;
    /// Sends `send[q]` to process `q` (itself included); returns what each process `q` sent
    /// here, as `received[q]`.
    fn exchange_ranks(&mut self, send: Vec<Vec<u64>>) -> Vec<Vec<u64>>;
    /// As [`Transport::exchange_ranks`], for values.
    fn exchange_values(&mut self, send: Vec<Vec<i8>>) -> Vec<Vec<i8>>;
    /// Whether `flag` is true on any process.
    fn any(&mut self, flag: bool) -> bool;
}

/// Counts of one process in one tier (or summed over processes or tiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Classes solved (one representative board each).
    pub classes: u64,
    /// Boards of the pieces overlapping the process's range: the work it covers. Since the
    /// tiers enumerate only boards whose top pit holds their fewest beads, the others are
    /// counted here without being visited (the name is kept for the published figures).
    pub boards_scanned: u64,
    /// Successor look-ups: one per move of each class solved.
    pub lookups: u64,
    /// Of those, look-ups of classes another process owns.
    pub remote_lookups: u64,
    /// Requests sent to other processes: the remote look-ups made unique per round.
    pub requests: u64,
    /// Requests other processes sent here, answered.
    pub answered: u64,
    /// Bytes sent to other processes: 8 a request, 1 an answer.
    pub bytes_sent: u64,
    /// Bytes received from other processes: 8 a request answered, 1 an answer.
    pub bytes_received: u64,
}

impl Counts {
    /// Adds `other` to these counts.
    pub fn add(&mut self, other: &Counts) {
        self.classes += other.classes;
        self.boards_scanned += other.boards_scanned;
        self.lookups += other.lookups;
        self.remote_lookups += other.remote_lookups;
        self.requests += other.requests;
        self.answered += other.answered;
        self.bytes_sent += other.bytes_sent;
        self.bytes_received += other.bytes_received;
    }

    /// The counts as numbers, in field order (to gather them).
    pub fn to_words(&self) -> [u64; 8] {
        [
            self.classes,
            self.boards_scanned,
            self.lookups,
            self.remote_lookups,
            self.requests,
            self.answered,
            self.bytes_sent,
            self.bytes_received,
        ]
    }

    /// The counts from [`Counts::to_words`].
    pub fn from_words(words: [u64; 8]) -> Counts {
        let [classes, boards_scanned, lookups, remote_lookups, requests, answered, bytes_sent, bytes_received] =
            words;
        Counts {
            classes,
            boards_scanned,
            lookups,
            remote_lookups,
            requests,
            answered,
            bytes_sent,
            bytes_received,
        }
    }
}

/// One tier as one process saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct TierCounts {
    /// The tier: beads on its boards.
    pub beads: u32,
    /// Rounds of exchanges the tier took (the same on every process).
    pub rounds: u64,
    /// The process's counts.
    pub counts: Counts,
    /// Wall-clock seconds the process spent in the tier.
    pub seconds: f64,
}

/// What one process solved: the values of its ranks and its counts per tier.
#[derive(Clone, Debug)]
pub struct NodeResult {
    /// The values of the classes this process owns, in rank order.
    pub values: Vec<i8>,
    /// Tiers 1 to `pits * cap`.
    pub tiers: Vec<TierCounts>,
}

/// The moves of the classes of one round.
struct Round {
    /// (rank, end of its moves in `moves`).
    classes: Vec<(u64, usize)>,
    moves: Vec<ClassMove>,
}

/// Solves process `transport.me()`'s share of every class of `space`, with rounds of about
/// `batch` classes (at least one).
pub fn solve_node(
    space: &ClassSpace,
    partition: &Partition,
    transport: &mut impl Transport,
    batch: u64,
) -> NodeResult {
    let me = transport.me();
    let processes = transport.processes();
    let own = partition.range(me);
    let mut values = vec![0i8; (own.end - own.start) as usize];
    // The indices of this process's representatives (the class of rank 0, the empty board,
    // is never solved: its value is 0).
    let span = (own.start < own.end).then(|| {
        let first = space.representative_index(own.start).expect("a rank");
        let last = space.representative_index(own.end - 1).expect("a rank");
        first..last + 1
    });
    let mut tiers = Vec::new();
    for beads in 1..=space.variant().max_beads() {
        let started = Instant::now();
        let pieces: Vec<_> = match &span {
            Some(span) => space
                .tier_pieces(beads)
                .into_iter()
                .filter(|piece| {
                    piece.indices().start < span.end && span.start < piece.indices().end
                })
                .collect(),
            None => Vec::new(),
        };
        let mut tier = TierCounts {
            beads,
            ..TierCounts::default()
        };
        let mut next = 0;
        while transport.any(next < pieces.len()) {
            tier.rounds += 1;
            let mut round = Round {
                classes: Vec::new(),
                moves: Vec::new(),
            };
            while next < pieces.len() && (round.classes.len() as u64) < batch.max(1) {
                tier.counts.boards_scanned +=
                    space.each_class(&pieces[next], own.clone(), |rank, moves| {
                        round.moves.extend_from_slice(moves);
                        round.classes.push((rank, round.moves.len()));
                    });
                next += 1;
            }
            // The look-ups of other processes' classes, sorted and unique per owner.
            let mut requests = vec![Vec::new(); processes];
            for step in &round.moves {
                if !own.contains(&step.rank) {
                    requests[partition.owner(step.rank)].push(step.rank);
                    tier.counts.remote_lookups += 1;
                }
            }
            for list in &mut requests {
                list.sort_unstable();
                list.dedup();
                tier.counts.requests += list.len() as u64;
            }
            let incoming = transport.exchange_ranks(requests.clone());
            let answers: Vec<Vec<i8>> = incoming
                .iter()
                .map(|list| {
                    list.iter()
                        .map(|&rank| values[(rank - own.start) as usize])
                        .collect()
                })
                .collect();
            for (from, list) in incoming.iter().enumerate() {
                if from != me {
                    tier.counts.answered += list.len() as u64;
                }
            }
            let replies = transport.exchange_values(answers);
            let mut start = 0;
            for &(rank, end) in &round.classes {
                let value = class_value(&round.moves[start..end], |to| {
                    if own.contains(&to) {
                        values[(to - own.start) as usize]
                    } else {
                        let owner = partition.owner(to);
                        let at = requests[owner]
                            .binary_search(&to)
                            .expect("every remote look-up was requested");
                        replies[owner][at]
                    }
                });
                values[(rank - own.start) as usize] = value;
                start = end;
            }
            tier.counts.classes += round.classes.len() as u64;
            tier.counts.lookups += round.moves.len() as u64;
        }
        tier.counts.bytes_sent = 8 * tier.counts.requests + tier.counts.answered;
        tier.counts.bytes_received = 8 * tier.counts.answered + tier.counts.requests;
        tier.seconds = started.elapsed().as_secs_f64();
        tiers.push(tier);
    }
    NodeResult { values, tiers }
}
