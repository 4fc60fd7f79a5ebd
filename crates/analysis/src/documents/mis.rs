//! Pooh-Eeyore-sticks analyses as serialisable documents.

use duel_mis::mistake::{is_mistake, mistake_reason, your_first_mistake, NO_MISTAKE};
use duel_mis::theory::{is_wythoff_pair, lower_wythoff, partner, upper_wythoff};
use duel_mis::{Move, Player, Position, StickKind};

use crate::Standing;
use serde::{Deserialize, Serialize};

/// Residue pairs are listed in full only up to this period (a bound of 10^6 has ~380 000).
pub const LISTED_PERIOD_MAX: u32 = 64;
/// Largest side of a [`window`].
pub const WINDOW_MAX: u32 = 61;

/// A position as JSON: `{"p": 7, "e": 2, "bound": 3}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionDoc {
    /// Poohsticks in the pool.
    pub p: u64,
    /// Eeyoresticks in the pool.
    pub e: u64,
    /// The PE-bound B: the most sticks of one kind a move may take.
    pub bound: u64,
}

impl From<&Position> for PositionDoc {
    fn from(position: &Position) -> PositionDoc {
        PositionDoc {
            p: position.p().into(),
            e: position.e().into(),
            bound: position.bound().into(),
        }
    }
}

/// A move as JSON: `{"take_p": 1, "take_e": 1}`, with where it leads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveDoc {
    /// Poohsticks taken.
    pub take_p: u32,
    /// Eeyoresticks taken.
    pub take_e: u32,
    /// The pool after the move, `[p, e]`.
    pub to: [u32; 2],
    /// E.g. `take 1 poohstick and 1 eeyorestick`.
    pub text: String,
}

impl MoveDoc {
    /// Describes `mv` played from `from` (which must be legal there).
    pub fn new(from: &Position, mv: Move) -> MoveDoc {
        MoveDoc {
            take_p: mv.take_p,
            take_e: mv.take_e,
            to: [
                from.p().saturating_sub(mv.take_p),
                from.e().saturating_sub(mv.take_e),
            ],
            text: describe(mv),
        }
    }
}

/// `take 3 poohsticks`, `take 1 eeyorestick`, `take 2 of each` ([`Move::describe`]).
pub fn describe(mv: Move) -> String {
    mv.describe()
}

/// A Wythoff pair `(a_k, b_k)` in some order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairDoc {
    /// Its index `k = |b - a|`.
    pub k: u32,
    /// The pair, in the order (p residue, e residue).
    pub pair: [u64; 2],
    /// Whether both members are residues (at most B), i.e. the pair is a losing residue pair.
    pub within_period: bool,
}

/// Where a position sits in the repeating pattern of losing positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternDoc {
    /// B + 1: the pattern repeats with this period along both piles.
    pub period: u64,
    /// `[p mod (B+1), e mod (B+1)]`.
    pub residues: [u64; 2],
    /// `[p div (B+1), e div (B+1)]`: which copy of the period square the position is in.
    pub block: [u64; 2],
    /// Whether the residues form a Wythoff pair (the position is lost for the side to move).
    pub residues_losing: bool,
    /// The pair whose first member is the p residue.
    pub pair_of_p_residue: PairDoc,
    /// The pair whose second member is the e residue.
    pub pair_of_e_residue: PairDoc,
    /// The losing residue pair nearest the residues (fewest sticks apart, then lowest k).
    pub nearest_losing_pair: PairDoc,
    /// How many losing residue pairs one period square holds (both orders counted).
    pub losing_pair_count: u64,
    /// All losing residue pairs when the period is at most 64, else `null`.
    pub losing_pairs: Option<Vec<[u64; 2]>>,
}

/// `POST /api/mis/analyze` and `duel mis analyze --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisDoc {
    /// The position analysed.
    pub position: PositionDoc,
    /// The position as text, `p e B` (as the task's input writes it).
    pub text: String,
    /// Whether the pool is empty (the player who moved last has won).
    pub over: bool,
    /// `win` or `loss` for the side to move.
    pub standing: Standing,
    /// Every winning move, sorted; empty when the side to move loses.
    pub winning_moves: Vec<MoveDoc>,
    /// How many legal moves there are.
    pub legal_move_count: u64,
    /// The pattern of losing positions around this one.
    pub pattern: PatternDoc,
}

/// Analyses `position` for the side to move.
///
/// ```
/// use duel_mis::Position;
/// use duel_analysis::documents::mis::analyze;
///
/// let doc = analyze(&Position::new(7, 2, 3)?);
/// assert_eq!(doc.standing, duel_analysis::Standing::Win);
/// assert_eq!(doc.winning_moves[0].to, [6, 1]);
/// assert_eq!(doc.pattern.residues, [3, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze(position: &Position) -> AnalysisDoc {
    AnalysisDoc {
        position: PositionDoc::from(position),
        text: position.to_string(),
        over: position.is_over(),
        standing: if position.is_win() {
            Standing::Win
        } else {
            Standing::Loss
        },
        winning_moves: position
            .winning_moves()
            .into_iter()
            .map(|mv| MoveDoc::new(position, mv))
            .collect(),
        legal_move_count: position.legal_move_count(),
        pattern: pattern(position),
    }
}

fn pair_containing(x: u64, bound: u64, x_first: bool) -> PairDoc {
    let other = partner(x as u32);
    let pair = if x_first { [x, other] } else { [other, x] };
    PairDoc {
        k: x.abs_diff(other) as u32,
        pair,
        within_period: pair[0] <= bound && pair[1] <= bound,
    }
}

/// The pattern facts of `position`.
pub fn pattern(position: &Position) -> PatternDoc {
    let bound = u64::from(position.bound());
    let period = bound + 1;
    let (p, e) = (u64::from(position.p()), u64::from(position.e()));
    let (r, s) = (p % period, e % period);

    // Walk the pairs (a_k, b_k) with b_k <= B; each gives two losing residue pairs.
    let mut count = 0u64;
    let mut listed = (period <= u64::from(LISTED_PERIOD_MAX)).then(Vec::new);
    let mut nearest: Option<(u64, PairDoc)> = None;
    let mut k = 0u32;
    while upper_wythoff(k) <= bound {
        let (a, b) = (lower_wythoff(k), upper_wythoff(k));
        let orders: &[[u64; 2]] = if k == 0 { &[[0, 0]] } else { &[[a, b], [b, a]] };
        for &pair in orders {
            count += 1;
            if let Some(list) = listed.as_mut() {
                list.push(pair);
            }
            let distance = r.abs_diff(pair[0]) + s.abs_diff(pair[1]);
            if !matches!(nearest, Some((best, _)) if best <= distance) {
                let doc = PairDoc {
                    k,
                    pair,
                    within_period: true,
                };
                nearest = Some((distance, doc));
            }
        }
        k += 1;
    }
    if let Some(list) = listed.as_mut() {
        list.sort_unstable();
    }
    PatternDoc {
        period,
        residues: [r, s],
        block: [p / period, e / period],
        residues_losing: is_wythoff_pair(r as u32, s as u32),
        pair_of_p_residue: pair_containing(r, bound, true),
        pair_of_e_residue: pair_containing(s, bound, false),
        nearest_losing_pair: nearest.map(|(_, doc)| doc).unwrap_or(PairDoc {
            k: 0,
            pair: [0, 0],
            within_period: true,
        }),
        losing_pair_count: count,
        losing_pairs: listed,
    }
}

/// The losing positions in a rectangle of the (p, e) plane: `POST /api/mis/pattern`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WindowDoc {
    /// The position the window is around.
    pub position: PositionDoc,
    /// Smallest p shown.
    pub p_from: u64,
    /// Smallest e shown.
    pub e_from: u64,
    /// Columns (values of p) shown.
    pub width: u64,
    /// Rows (values of e) shown.
    pub height: u64,
    /// The losing positions `[p, e]` inside, sorted.
    pub losing: Vec<[u64; 2]>,
    /// Positions reachable in one legal move inside the window, sorted.
    pub reachable: Vec<[u64; 2]>,
    /// Pools a square of the window stands for along each side: 1, or more for a map of a
    /// large bound ([`window_scaled`]), where `[p, e]` in `losing` and `reachable` are the
    /// smallest pool of a square holding at least one such pool. Older documents lack it: 1.
    #[serde(default = "one")]
    pub scale: u64,
}

fn one() -> u64 {
    1
}

/// The losing positions in a `size` x `size` window (clamped to 3..=61) around `position`,
/// shifted so that it stays within the task's limits: never below 0, never above
/// [`duel_mis::MAX_PILE`] sticks in a pile.
///
/// ```
/// use duel_mis::Position;
/// use duel_analysis::documents::mis::window;
///
/// let doc = window(&Position::new(7, 2, 3)?, 9);
/// assert_eq!((doc.p_from, doc.e_from, doc.width), (3, 0, 9));
/// assert!(doc.losing.contains(&[6, 1]));
/// let edge = window(&Position::new(10_000_000, 9_999_999, 3)?, 9);
/// assert_eq!((edge.p_from, edge.e_from), (9_999_992, 9_999_992));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn window(position: &Position, size: u32) -> WindowDoc {
    let size = u64::from(size.clamp(3, WINDOW_MAX));
    let half = size / 2;
    let (p, e) = (u64::from(position.p()), u64::from(position.e()));
    let bound = u64::from(position.bound());
    // The last window that still ends inside the limits (one that holds the position, should
    // a position beyond them ever arrive).
    let highest_from = |at: u64| {
        (u64::from(duel_mis::MAX_PILE) + 1)
            .saturating_sub(size)
            .max(at.saturating_sub(size - 1))
    };
    let p_from = p.saturating_sub(half).min(highest_from(p));
    let e_from = e.saturating_sub(half).min(highest_from(e));
    let mut losing = Vec::new();
    let mut reachable = Vec::new();
    for x in p_from..p_from + size {
        for y in e_from..e_from + size {
            if x > u64::from(u32::MAX) || y > u64::from(u32::MAX) {
                continue;
            }
            if duel_mis::theory::is_losing(x as u32, y as u32, position.bound()) {
                losing.push([x, y]);
            }
            let (dp, de) = (p.wrapping_sub(x), e.wrapping_sub(y));
            let one_kind = (x <= p && y == e && (1..=bound).contains(&dp))
                || (x == p && y <= e && (1..=bound).contains(&de));
            let both = x <= p && y <= e && dp == de && (1..=bound).contains(&dp);
            if one_kind || both {
                reachable.push([x, y]);
            }
        }
    }
    WindowDoc::square(position, (p_from, e_from), size, 1, losing, reachable)
}

/// The scale that lets a map of `size` squares show every pool one move away from a position
/// with bound `bound`: 1 while `2·bound + 1` pools fit, else enough pools a square that they do.
///
/// ```
/// use duel_analysis::documents::mis::fitting_scale;
/// assert_eq!(fitting_scale(3, 21), 1);
/// assert_eq!(fitting_scale(65536, 41), 3197);
/// ```
pub fn fitting_scale(bound: u32, size: u32) -> u64 {
    let size = u64::from(size.clamp(3, WINDOW_MAX));
    (2 * u64::from(bound) + 1).div_ceil(size).max(1)
}

/// A map of `size` x `size` squares (clamped to 3..=61), each standing for `scale` x `scale`
/// pools, centred on the square of `position` and kept within the task's limits. A square is
/// losing when it holds at least one lost pool, reachable when it holds a pool one legal move
/// away; both listed by the square's smallest pool. With `scale` 1 it is [`window`].
///
/// A column of pools `p` holds lost pools exactly at the `e` congruent to the Wythoff partner
/// of `p mod (B+1)` (when that partner is a residue), so each column costs one partner and a
/// step per lost pool in it (at most one a square), whatever the bound.
///
/// ```
/// use duel_mis::Position;
/// use duel_analysis::documents::mis::{fitting_scale, window_scaled};
///
/// let position = Position::new(7_777_777, 5_555_555, 65_536)?;
/// let scale = fitting_scale(65_536, 41);
/// let map = window_scaled(&position, 41, scale);
/// assert_eq!(map.scale, scale);
/// assert!(!map.losing.is_empty(), "lost pools near the position are on the map");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn window_scaled(position: &Position, size: u32, scale: u64) -> WindowDoc {
    let max_scale = u64::from(duel_mis::MAX_PILE) / 3 + 1;
    let scale = scale.clamp(1, max_scale);
    if scale == 1 {
        return window(position, size);
    }
    let size = u64::from(size.clamp(3, WINDOW_MAX));
    let span = size * scale;
    let (p, e) = (u64::from(position.p()), u64::from(position.e()));
    let bound = u64::from(position.bound());
    let period = bound + 1;
    // The position's square is the middle one, the position near its centre; the map ends
    // inside the limits.
    let from = |at: u64| {
        at.saturating_sub((size / 2) * scale + scale / 2)
            .min((u64::from(duel_mis::MAX_PILE) + 1).saturating_sub(span))
    };
    let (p_from, e_from) = (from(p), from(e));
    let square = |from: u64, at: u64| (at - from) / scale;
    let mut losing = std::collections::BTreeSet::new();
    for x in p_from..(p_from + span).min(u64::from(duel_mis::MAX_PILE) + 1) {
        let residue = (x % period) as u32;
        let target = partner(residue);
        if target >= period {
            continue;
        }
        let column = p_from + square(p_from, x) * scale;
        if period <= scale {
            // Every square's rows hold a whole period: each holds a lost pool of this column.
            losing.extend((0..size).map(|row| [column, e_from + row * scale]));
            continue;
        }
        // The lost pools of this column, fewer than one a square: each marks its square.
        let mut y = e_from + (target + period - e_from % period) % period;
        while y < e_from + span {
            losing.insert([column, e_from + square(e_from, y) * scale]);
            y += period;
        }
    }
    let mut reachable = std::collections::BTreeSet::new();
    let inside =
        |x: u64, y: u64| x >= p_from && x < p_from + span && y >= e_from && y < e_from + span;
    let mut mark = |x: u64, y: u64| {
        if inside(x, y) {
            reachable.insert([
                p_from + square(p_from, x) * scale,
                e_from + square(e_from, y) * scale,
            ]);
        }
    };
    // Along each of the three lines of moves, one pool per square crossed is enough.
    for k in (1..=bound).step_by(usize::try_from(scale).unwrap_or(usize::MAX).max(1)) {
        for k in [k, (k + scale - 1).min(bound)] {
            if k <= p {
                mark(p - k, e);
            }
            if k <= e {
                mark(p, e - k);
            }
            if k <= p && k <= e {
                mark(p - k, e - k);
            }
        }
    }
    let (losing, reachable) = (
        losing.into_iter().collect(),
        reachable.into_iter().collect(),
    );
    WindowDoc::square(position, (p_from, e_from), size, scale, losing, reachable)
}

impl WindowDoc {
    /// A square map of `size` squares a side from `(p_from, e_from)`.
    fn square(
        position: &Position,
        (p_from, e_from): (u64, u64),
        size: u64,
        scale: u64,
        losing: Vec<[u64; 2]>,
        reachable: Vec<[u64; 2]>,
    ) -> WindowDoc {
        WindowDoc {
            position: PositionDoc::from(position),
            p_from,
            e_from,
            width: size,
            height: size,
            losing,
            reachable,
            scale,
        }
    }
}

/// The map a page draws around a position ([`window_scaled`]), with the period lines of the
/// pattern inside it: `POST /api/mis/pattern`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapDoc {
    /// The squares, as [`WindowDoc`] gives them.
    #[serde(flatten)]
    pub window: WindowDoc,
    /// B + 1: the pattern of losing pools repeats with this period along both piles.
    pub period: u64,
    /// The numbers of poohsticks where a period starts (multiples of B + 1), from the map's
    /// first square to just past its last.
    pub period_starts_p: Vec<u64>,
    /// The numbers of eeyoresticks inside the map where a period starts.
    pub period_starts_e: Vec<u64>,
}

/// The side of a map around a position of bound `bound` when the page asks for none: large
/// enough for every pool one move away at scale 1 (`2·bound + 1` and a margin), between 15 and
/// 41 squares.
///
/// ```
/// use duel_analysis::documents::mis::map_size;
/// assert_eq!(map_size(3), 15);
/// assert_eq!(map_size(12), 29);
/// assert_eq!(map_size(1_000_000), 41);
/// ```
pub fn map_size(bound: u32) -> u32 {
    (2 * bound.min(WINDOW_MAX) + 5).clamp(15, 41)
}

/// The map of `size` squares a side (default [`map_size`]) at `scale` pools a square (default
/// [`fitting_scale`]: every pool one move away is on it).
///
/// ```
/// use duel_mis::Position;
/// use duel_analysis::documents::mis::map;
///
/// let doc = map(&Position::new(7, 2, 3)?, None, None);
/// assert_eq!((doc.window.width, doc.window.scale, doc.period), (15, 1, 4));
/// assert_eq!(doc.period_starts_p, [0, 4, 8, 12]);
/// let large = map(&Position::new(7_777_777, 5_555_555, 65_536)?, Some(11), None);
/// assert_eq!(large.window.scale, 11_916);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn map(position: &Position, size: Option<u32>, scale: Option<u64>) -> MapDoc {
    let size = size.unwrap_or_else(|| map_size(position.bound()));
    let scale = scale.unwrap_or_else(|| fitting_scale(position.bound(), size));
    let window = window_scaled(position, size, scale);
    let period = u64::from(position.bound()) + 1;
    let starts = |from: u64, squares: u64| {
        // The right (top) edge of the map counts: a period may start just past its last square.
        let end = from + squares * window.scale;
        let first = from.div_ceil(period) * period;
        (first..=end)
            .step_by(usize::try_from(period).unwrap_or(usize::MAX))
            .take(WINDOW_MAX as usize + 1)
            .collect::<Vec<u64>>()
    };
    MapDoc {
        period_starts_p: starts(window.p_from, window.width),
        period_starts_e: starts(window.e_from, window.height),
        period,
        window,
    }
}

/// The most sticks one move may take in a position: of poohsticks alone, of eeyoresticks alone,
/// and of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeLimitsDoc {
    /// Poohsticks alone: 1 to this many (0: none can be taken alone).
    pub pooh: u32,
    /// Eeyoresticks alone.
    pub eeyore: u32,
    /// Of each kind.
    pub both: u32,
}

impl From<&Position> for TakeLimitsDoc {
    fn from(position: &Position) -> TakeLimitsDoc {
        TakeLimitsDoc {
            pooh: position.max_take(StickKind::Pooh),
            eeyore: position.max_take(StickKind::Eeyore),
            both: position.max_take_both(),
        }
    }
}

/// One position of a game ([`GameDoc`]): the move that led here, who played it, and the
/// position analysed with who moves next and how much they may take.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamePositionDoc {
    /// Moves played to reach it (0 for the start).
    pub number: u64,
    /// The move that led here (`null` at the start).
    #[serde(rename = "move")]
    pub played: Option<MoveDoc>,
    /// Who played it, 1 (Bolek) or 2 (Lolek); `null` at the start.
    pub player: Option<u8>,
    /// For a move that left the other side a winning position from a winning one, why in
    /// words ([`duel_mis::mistake::mistake_reason`]); else `null`.
    pub mistake: Option<String>,
    /// The position, analysed.
    pub analysis: AnalysisDoc,
    /// Who moves here, 1 (Bolek) or 2 (Lolek).
    pub to_move: u8,
    /// The most sticks the side to move may take.
    pub limits: TakeLimitsDoc,
}

/// A player's first mistake in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMistakeDoc {
    /// The move's number in the game (both players' moves counted from 1).
    pub number: u64,
    /// The move played.
    #[serde(rename = "move")]
    pub played: MoveDoc,
    /// The winning moves there were.
    pub winning_moves: Vec<MoveDoc>,
}

/// A move of a game's list that could not be played: the game stops before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StopDoc {
    /// The move's number in the list, from 1.
    pub number: u64,
    /// The move as given.
    pub given: String,
    /// Why it cannot be played.
    pub reason: String,
}

/// A whole game of Pooh-Eeyore-sticks from its start and its moves (`POST /api/mis/game`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDoc {
    /// Every position, the start first.
    pub positions: Vec<GamePositionDoc>,
    /// Who took the last stick and won, 1 (Bolek) or 2 (Lolek); `null` while sticks are left.
    pub winner: Option<u8>,
    /// Bolek's and Lolek's first mistakes, `null` for a side that made none.
    pub first_mistakes: [Option<FirstMistakeDoc>; 2],
    /// What Bolek and Lolek are told at the end of the game, each addressed as `you`: their
    /// first mistake, or that they made none.
    pub first_mistake_texts: [String; 2],
    /// The first move of the list that could not be played, if any.
    pub stopped: Option<StopDoc>,
}

/// Why a move of a game's list is not played.
#[derive(Debug, thiserror::Error)]
enum GameMoveError {
    #[error("not poohsticks-eeyoresticks taken, like 1-1")]
    NotTaken,
    #[error(transparent)]
    Numbers(#[from] duel_mis::ParseMoveError),
    #[error(transparent)]
    Illegal(#[from] duel_mis::IllegalMove),
}

/// A move as a game's list gives it: `1-1`, `2-0` (poohsticks, then eeyoresticks taken).
fn parse_move(given: &str) -> Result<Move, GameMoveError> {
    let (p, e) = given.split_once('-').ok_or(GameMoveError::NotTaken)?;
    Ok(format!("{p} {e}").parse::<Move>()?)
}

/// The most moves [`game`] plays: a person's game on the page is far shorter, and every
/// position is analysed in the answer.
pub const GAME_MOVES_MAX: usize = 2000;

/// Plays `moves` (each `P-E`, e.g. `1-1`) from `start`, Bolek first, stopping at the first
/// that cannot be played (or after [`GAME_MOVES_MAX`]), and analyses the whole game.
///
/// ```
/// use duel_mis::Position;
/// use duel_analysis::documents::mis::game;
///
/// let doc = game(&Position::new(7, 2, 3)?, &["3-0", "1-1", "2-0", "x"]);
/// assert_eq!(doc.positions.len(), 4);
/// assert_eq!(doc.first_mistakes[0].as_ref().map(|m| m.number), Some(1));
/// assert_eq!(doc.positions[3].to_move, 2);
/// assert_eq!(doc.stopped.as_ref().map(|stop| stop.number), Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn game(start: &Position, moves: &[&str]) -> GameDoc {
    let entry = |number: u64, position: &Position| GamePositionDoc {
        number,
        played: None,
        player: None,
        mistake: None,
        analysis: analyze(position),
        to_move: Player::to_move_after(number).number(),
        limits: TakeLimitsDoc::from(position),
    };
    let mut doc = GameDoc {
        positions: vec![entry(0, start)],
        winner: None,
        first_mistakes: [None, None],
        first_mistake_texts: [NO_MISTAKE.to_string(), NO_MISTAKE.to_string()],
        stopped: None,
    };
    let mut position = *start;
    for (index, given) in moves.iter().enumerate() {
        let number = index as u64 + 1;
        let stop = |reason: String| StopDoc {
            number,
            given: given.to_string(),
            reason,
        };
        if index >= GAME_MOVES_MAX {
            doc.stopped = Some(stop(format!(
                "a game here has at most {GAME_MOVES_MAX} moves"
            )));
            break;
        }
        let played = parse_move(given).and_then(|mv| Ok((mv, position.play(mv)?)));
        let played = match played {
            Ok(played) => played,
            Err(reason) => {
                doc.stopped = Some(stop(reason.to_string()));
                break;
            }
        };
        let (mv, after) = played;
        let player = Player::to_move_after(number - 1);
        let mistaken = is_mistake(&position, mv);
        let slot = usize::from(player.number()) - 1;
        if mistaken && doc.first_mistakes[slot].is_none() {
            doc.first_mistake_texts[slot] = your_first_mistake(number, &position, mv);
            doc.first_mistakes[slot] = Some(FirstMistakeDoc {
                number,
                played: MoveDoc::new(&position, mv),
                winning_moves: position
                    .winning_moves()
                    .into_iter()
                    .map(|winning| MoveDoc::new(&position, winning))
                    .collect(),
            });
        }
        let mut next = entry(number, &after);
        next.played = Some(MoveDoc::new(&position, mv));
        next.player = Some(player.number());
        next.mistake = mistaken.then(|| mistake_reason(&position));
        doc.positions.push(next);
        if after.is_over() {
            doc.winner = Some(player.number());
        }
        position = after;
    }
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pool up to `limit` in each pile lost for the side to move, by the rules alone: a
    /// pool is lost when no move leads to a lost pool.
    fn lost_by_brute_force(limit: usize, bound: usize) -> Vec<Vec<bool>> {
        let mut lost = vec![vec![false; limit]; limit];
        for x in 0..limit {
            for y in 0..limit {
                let to_lost = (1..=bound).any(|k| {
                    (k <= x && lost[x - k][y])
                        || (k <= y && lost[x][y - k])
                        || (k <= x && k <= y && lost[x - k][y - k])
                });
                lost[x][y] = !to_lost;
            }
        }
        lost
    }

    /// The scaled map against every pool of every square, one by one: lost pools found by
    /// brute force, moves by the rules.
    #[test]
    fn a_scaled_map_marks_exactly_the_squares_holding_lost_or_reachable_pools() {
        for (p, e, bound, size, scale) in [
            (40, 33, 9, 7, 3),
            (25, 60, 12, 9, 4),
            (5, 2, 20, 5, 7),
            (1, 1, 6, 3, 2),
        ] {
            let position = Position::new(p, e, bound).unwrap();
            let map = window_scaled(&position, size, scale);
            assert_eq!(map.scale, scale);
            let limit = (map.p_from + map.width * scale).max(map.e_from + map.height * scale);
            let lost = lost_by_brute_force(limit as usize, bound as usize);
            let mut losing = Vec::new();
            let mut reachable = Vec::new();
            for sx in 0..map.width {
                for sy in 0..map.height {
                    let (x0, y0) = (map.p_from + sx * scale, map.e_from + sy * scale);
                    let pools =
                        (x0..x0 + scale).flat_map(|x| (y0..y0 + scale).map(move |y| (x, y)));
                    let pools: Vec<_> = pools.collect();
                    if pools.iter().any(|&(x, y)| lost[x as usize][y as usize]) {
                        losing.push([x0, y0]);
                    }
                    let one_move = |&(x, y): &(u64, u64)| {
                        let (p, e, b) = (u64::from(p), u64::from(e), u64::from(bound));
                        let (dp, de) = (p.wrapping_sub(x), e.wrapping_sub(y));
                        (x <= p && y == e && (1..=b).contains(&dp))
                            || (x == p && y <= e && (1..=b).contains(&de))
                            || (x <= p && y <= e && dp == de && (1..=b).contains(&dp))
                    };
                    if pools.iter().any(one_move) {
                        reachable.push([x0, y0]);
                    }
                }
            }
            assert_eq!(map.losing, losing, "{p} {e} {bound} x{scale}");
            assert_eq!(map.reachable, reachable, "{p} {e} {bound} x{scale}");
            let centre = [
                map.p_from + (map.width / 2) * scale,
                map.e_from + (map.height / 2) * scale,
            ];
            let inside = |at: u64, from: u64| at >= from && at < from + scale;
            if map.p_from > 0 && map.e_from > 0 {
                assert!(inside(u64::from(p), centre[0]) && inside(u64::from(e), centre[1]));
            }
        }
    }

    #[test]
    fn the_fitting_scale_puts_every_winning_move_of_a_large_pool_on_the_map() {
        let position = Position::new(7_777_777, 5_555_555, 65_536).unwrap();
        let scale = fitting_scale(65_536, 41);
        let map = window_scaled(&position, 41, scale);
        let doc = analyze(&position);
        assert!(!doc.winning_moves.is_empty());
        for mv in &doc.winning_moves {
            let [x, y] = mv.to.map(u64::from);
            assert!(x >= map.p_from && x < map.p_from + 41 * scale, "{x}");
            assert!(y >= map.e_from && y < map.e_from + 41 * scale, "{y}");
            let square = [
                map.p_from + (x - map.p_from) / scale * scale,
                map.e_from + (y - map.e_from) / scale * scale,
            ];
            assert!(
                map.losing.contains(&square),
                "the winning move's square is dark"
            );
        }
    }
}
