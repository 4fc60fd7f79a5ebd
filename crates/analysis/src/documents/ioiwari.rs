//! Ioiwari analyses as serialisable documents.

use duel_ioiwari::mistake::{
    first_mistake_sentence, forward_reason_for, pits_named, Who, NO_MISTAKE,
};
use duel_ioiwari::remoteness::{PositionFacts, Prospect, Remoteness};
use duel_ioiwari::transcript::{ending_line, Ending};
use duel_ioiwari::{
    greedy_move, Banks, Board, Oracle, Outcome, Pit, Player, Position, Sowing, SowingEvent,
};
use serde::{Deserialize, Serialize};

use crate::Standing;

/// A position as JSON: `{"board": [4,3,2,4,2,3,2], "banks": [0, 0], "to_move": 1}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PositionDoc {
    /// Beads in pits 1..7.
    pub board: [u8; 7],
    /// Player 1's and player 2's banks, in that order.
    pub banks: [u32; 2],
    /// The player to move, 1 or 2.
    pub to_move: u8,
}

impl From<&Position> for PositionDoc {
    fn from(position: &Position) -> PositionDoc {
        PositionDoc {
            board: position.board.pits(),
            banks: [position.banks.one, position.banks.two],
            to_move: position.to_move.number(),
        }
    }
}

/// A game's result (actual or predicted): `{"winner": 1, "banks": [11, 9], "text": "player 1 wins 11-9"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResultDoc {
    /// 1 or 2; `null` for a draw.
    pub winner: Option<u8>,
    /// Final banks of player 1 and player 2.
    pub banks: [u32; 2],
    /// E.g. `player 1 wins 11-9` or `draw 10-10`: the winner's bank first.
    pub text: String,
}

impl ResultDoc {
    /// The result that final banks give.
    pub fn from_banks(banks: Banks) -> ResultDoc {
        let outcome = Outcome::from_banks(banks);
        ResultDoc {
            winner: outcome.winner().map(Player::number),
            banks: [banks.one, banks.two],
            text: result_text(banks),
        }
    }
}

/// `player 2 wins 11-9` (the winner's bank first, as in `ioiwari.out`) or `draw 10-10`.
///
/// ```
/// use duel_analysis::documents::ioiwari::result_text;
/// use duel_ioiwari::Banks;
///
/// assert_eq!(result_text(Banks { one: 9, two: 11 }), "player 2 wins 11-9");
/// assert_eq!(result_text(Banks { one: 10, two: 10 }), "draw 10-10");
/// ```
pub fn result_text(banks: Banks) -> String {
    let line = ending_line(&Ending::Finished(banks));
    line.trim_end()
        .strip_prefix("result: ")
        .unwrap_or(line.trim_end())
        .to_string()
}

/// One legal move and what it is worth to the player making it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveDoc {
    /// The pit, 1..7.
    pub pit: u8,
    /// Bank difference the mover gains from here on if it plays this and both then play
    /// optimally (this move's own gains included).
    pub value: i8,
    /// The mover's final bank difference after this move, banks so far included.
    pub final_margin: i32,
    /// `win`, `draw` or `loss` for the mover.
    pub standing: Standing,
    /// Moves until the end after this one, this one included.
    pub moves_to_end: u8,
    /// Whether this move is optimal (keeps the position's value).
    pub best: bool,
}

/// `POST /api/ioiwari/analyze` and `duel ioiwari analyze --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisDoc {
    /// The position analysed.
    pub position: PositionDoc,
    /// The board as text, `4 3 2 4 2 3 2`.
    pub board_text: String,
    /// Whether the game is over (all pits empty).
    pub over: bool,
    /// Bank difference the player to move can force from here on (the solver's value).
    pub value: i8,
    /// The mover's final bank difference under optimal play: banks so far plus `value`.
    pub final_margin: i32,
    /// `win`, `draw` or `loss` for the player to move under optimal play.
    pub standing: Standing,
    /// Moves until the end under optimal play (winner quickest, loser and draws slowest).
    pub moves_to_end: u8,
    /// The final result if both play optimally from here.
    pub predicted: ResultDoc,
    /// Every legal move, in pit order.
    pub moves: Vec<MoveDoc>,
    /// The optimal pits: those of `moves` marked best, in pit order (empty once the game is
    /// over).
    pub best_moves: Vec<u8>,
    /// The optimal pit the remoteness preferences choose (what the perfect engine plays).
    pub preferred_move: Option<u8>,
    /// The actual result, once the game is over.
    pub result: Option<ResultDoc>,
}

/// Analyses `position` for the player to move.
///
/// ```
/// use duel_ioiwari::{remoteness::Remoteness, Position};
/// use duel_analysis::documents::ioiwari::analyze;
///
/// let solver = Remoteness::solve();
/// let doc = analyze(&solver, &Position::start("4 3 2 4 2 3 2".parse()?));
/// assert_eq!(doc.value, 2);
/// assert_eq!(doc.predicted.text, "player 1 wins 11-9");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze(solver: &Remoteness, position: &Position) -> AnalysisDoc {
    let facts = solver.analyze(position);
    let moves: Vec<MoveDoc> = facts
        .moves
        .iter()
        .map(|m| MoveDoc {
            pit: m.pit.number(),
            value: m.value,
            final_margin: m.final_margin,
            standing: m.standing.into(),
            moves_to_end: m.moves_to_end,
            best: m.best,
        })
        .collect();
    AnalysisDoc {
        position: PositionDoc::from(position),
        board_text: position.board.to_string(),
        over: position.is_over(),
        value: facts.value,
        final_margin: facts.final_margin,
        standing: facts.standing.into(),
        moves_to_end: facts.moves_to_end,
        predicted: ResultDoc::from_banks(predicted_banks(position, facts.final_margin)),
        best_moves: moves.iter().filter(|m| m.best).map(|m| m.pit).collect(),
        moves,
        preferred_move: facts.preferred.map(Pit::number),
        result: position
            .outcome()
            .map(|_| ResultDoc::from_banks(position.banks)),
    }
}

/// Final banks when every bead left ends up banked and the mover's margin is `margin`.
fn predicted_banks(position: &Position, margin: i32) -> Banks {
    let total = i64::from(position.banks.one)
        + i64::from(position.banks.two)
        + i64::from(position.board.total_beads());
    let mover = (total + i64::from(margin)) / 2;
    let other = total - mover;
    let (one, two) = match position.to_move {
        Player::One => (mover, other),
        Player::Two => (other, mover),
    };
    Banks {
        one: u32::try_from(one).unwrap_or(0),
        two: u32::try_from(two).unwrap_or(0),
    }
}

/// What one move did: `POST /api/ioiwari/play` and `/engine` answer with this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveResultDoc {
    /// The player who moved, 1 or 2.
    pub player: u8,
    /// The pit sown, 1 to 7.
    pub pit: u8,
    /// Beads the move put into the mover's bank.
    pub mover_gain: u8,
    /// Beads the move put into the opponent's bank.
    pub opponent_gain: u8,
    /// The analysis of the position before the move, for the move's value.
    pub move_value: MoveDoc,
    /// The sowing step by step, and what it did in one sentence.
    #[serde(default)]
    pub sowing: SowingDoc,
    /// For a move that gave value away: what it left, what the best pits kept, and why in
    /// words; `null` for a best move.
    #[serde(default)]
    pub mistake: Option<MistakeDoc>,
    /// The position after the move, analysed.
    pub analysis: AnalysisDoc,
}

/// A move that gave value away: the mover's final margin it left, the best pits there were and
/// the margin they kept, and why in words (said of the player by number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MistakeDoc {
    /// The mover's final bank difference with best play after the move played.
    pub played_margin: i32,
    /// The optimal pits there were.
    pub best_pits: Vec<u8>,
    /// The mover's final bank difference a best pit kept.
    pub best_margin: i32,
    /// E.g. `with best play from there player 1 loses by 1; pit 2 or 4 would have won by 2`.
    pub text: String,
}

impl MistakeDoc {
    /// The sentence that tells `who` of this mistake, made with `pit` as move `number` of the
    /// game, as their first ([`duel_ioiwari::mistake::first_mistake_sentence`]).
    pub fn first_mistake_sentence(&self, who: Who, number: usize, pit: Pit) -> String {
        let best: Vec<Pit> = self
            .best_pits
            .iter()
            .filter_map(|&n| Pit::new(n).ok())
            .collect();
        first_mistake_sentence(
            who,
            number as u64,
            pit,
            self.played_margin.into(),
            self.best_margin.into(),
            &best,
        )
    }
}

/// Whether sowing `pit` from `position` (analysed as `facts`) gave value away, and if so how.
pub fn mistake(position: &Position, facts: &PositionFacts, pit: Pit) -> Option<MistakeDoc> {
    let played = facts.moves.iter().find(|m| m.pit == pit)?;
    if played.best {
        return None;
    }
    let best: Vec<Pit> = facts
        .moves
        .iter()
        .filter(|m| m.best)
        .map(|m| m.pit)
        .collect();
    Some(MistakeDoc {
        played_margin: played.final_margin,
        best_pits: best.iter().map(|pit| pit.number()).collect(),
        best_margin: facts.final_margin,
        text: forward_reason_for(
            Who::Player(position.to_move),
            played.final_margin.into(),
            facts.final_margin.into(),
            &pits_named(&best),
        ),
    })
}

/// What one step of a sowing did (`SowingStepDoc::kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    /// The pit's beads went into the hand.
    Lift,
    /// A bead dropped into the pit.
    Drop,
    /// A full pit gave a bead to the mover's bank; the hand kept its beads.
    Full,
    /// The last bead took the pit's beads with it into the mover's bank.
    Capture,
    /// The last bead met an empty or a full pit and went to the opponent's bank.
    Opponent,
}

/// One step of a sowing ([`duel_ioiwari::SowingStep`]), with the banks as they stand then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SowingStepDoc {
    /// What happened.
    pub kind: StepKind,
    /// The pit visited (for `lift`, the pit sown).
    pub at: u8,
    /// Beads in pits 1..7 after the step.
    pub pits: [u8; 7],
    /// Beads still in hand.
    pub hand: u8,
    /// Beads the move has put into the mover's bank so far.
    pub mover: u8,
    /// Beads the move has put into the opponent's bank so far.
    pub opponent: u8,
    /// For `capture`, the beads the pit held (the last bead not counted); else 0.
    pub captured: u8,
    /// Player 1's and player 2's banks after the step.
    pub banks: [u32; 2],
}

/// A sowing for the page to show: its steps (the first lifts the beads, the last drops the
/// last bead) and one sentence saying what it did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SowingDoc {
    /// Every step, in order.
    pub steps: Vec<SowingStepDoc>,
    /// E.g. `Player 1 sowed pit 2's 3 beads: one each into pits 3 and 4; the last bead took
    /// pit 5's 2 beads with it into player 1's bank (3 beads for player 1).`
    pub text: String,
}

/// The sowing of `pit` from `position`, step by step and in words; `None` if the pit is empty.
///
/// ```
/// use duel_analysis::documents::ioiwari::sowing;
/// use duel_ioiwari::{Pit, Position};
///
/// let doc = sowing(&Position::start("4 3 2 4 2 3 2".parse()?), Pit::new(2)?).unwrap();
/// assert_eq!(doc.steps.len(), 4);
/// assert_eq!(doc.steps[3].banks, [3, 0]);
/// assert_eq!(
///     doc.text,
///     "Player 1 sowed pit 2's 3 beads: one each into pits 3 and 4; the last bead took \
///      pit 5's 2 beads with it into player 1's bank (3 beads for player 1)."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sowing(position: &Position, pit: Pit) -> Option<SowingDoc> {
    let steps = position.board.sowing_steps(pit).ok()?;
    let player = position.to_move;
    let steps: Vec<SowingStepDoc> = steps
        .iter()
        .map(|step| {
            let (kind, captured) = match step.event {
                SowingEvent::Lift => (StepKind::Lift, 0),
                SowingEvent::Drop => (StepKind::Drop, 0),
                SowingEvent::Full => (StepKind::Full, 0),
                SowingEvent::Capture { captured } => (StepKind::Capture, captured),
                SowingEvent::ToOpponent => (StepKind::Opponent, 0),
            };
            let (mover, other) = (u32::from(step.mover_gain), u32::from(step.opponent_gain));
            let banks = match player {
                Player::One => [position.banks.one + mover, position.banks.two + other],
                Player::Two => [position.banks.one + other, position.banks.two + mover],
            };
            SowingStepDoc {
                kind,
                at: step.pit.number(),
                pits: step.pits,
                hand: step.hand,
                mover: step.mover_gain,
                opponent: step.opponent_gain,
                captured,
                banks,
            }
        })
        .collect();
    let text = explain_sowing(&steps, position.board.pits()[pit.index()], pit, player);
    Some(SowingDoc { steps, text })
}

/// `1 bead`, `3 beads`.
fn beads(count: u8) -> String {
    format!("{count} bead{}", if count == 1 { "" } else { "s" })
}

/// `pit 3`, `pits 3, 4 and 5`.
fn pit_list(pits: &[u8]) -> String {
    let names: Vec<String> = pits.iter().map(u8::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("pits {} and {last}", rest.join(", ")),
        _ => format!("pit {}", names.join("")),
    }
}

/// What a sowing did, in one sentence: what was sown where, what was captured, into whose
/// bank.
fn explain_sowing(steps: &[SowingStepDoc], lifted: u8, pit: Pit, player: Player) -> String {
    let (player, other) = (player.number(), player.other().number());
    let visited = |kind: StepKind| -> Vec<u8> {
        steps
            .iter()
            .filter(|step| step.kind == kind)
            .map(|step| step.at)
            .collect()
    };
    let (drops, full) = (visited(StepKind::Drop), visited(StepKind::Full));
    let mut parts = Vec::new();
    if !drops.is_empty() {
        let each = if drops.len() > 1 { "one each" } else { "one" };
        parts.push(format!("{each} into {}", pit_list(&drops)));
    }
    if !full.is_empty() {
        parts.push(format!(
            "full {} gave {} to player {player}'s bank instead",
            pit_list(&full),
            beads(full.len() as u8)
        ));
    }
    let last = steps.last().expect("a sowing has steps");
    if last.kind == StepKind::Capture {
        parts.push(format!(
            "the last bead took pit {}'s {} with it into player {player}'s bank",
            last.at,
            beads(last.captured)
        ));
    } else {
        let met = if last.pits[usize::from(last.at) - 1] == 0 {
            "an empty"
        } else {
            "a full"
        };
        parts.push(format!(
            "the last bead met {met} pit {} and went to player {other}'s bank",
            last.at
        ));
    }
    let total = if last.mover > 0 {
        let opponent = if last.opponent > 0 {
            format!(", 1 for player {other}")
        } else {
            String::new()
        };
        format!(" ({} for player {player}{opponent})", beads(last.mover))
    } else {
        format!(" (1 bead for player {other})")
    };
    format!(
        "Player {player} sowed pit {pit}'s {}: {}{total}.",
        beads(lifted),
        parts.join("; ")
    )
}

/// Plays `pit` and reports the move and the new position; `None` if the pit is empty.
pub fn play(solver: &Remoteness, position: &Position, pit: Pit) -> Option<MoveResultDoc> {
    let sowing_done: Sowing = position.board.play(pit).ok()?;
    let next = position.play(pit).ok()?;
    let facts = solver.analyze(position);
    let before = analyze(solver, position);
    let move_value = before.moves.into_iter().find(|m| m.pit == pit.number())?;
    Some(MoveResultDoc {
        player: position.to_move.number(),
        pit: pit.number(),
        mover_gain: sowing_done.mover_gain,
        opponent_gain: sowing_done.opponent_gain,
        move_value,
        sowing: sowing(position, pit)?,
        mistake: mistake(position, &facts, pit),
        analysis: analyze(solver, &next),
    })
}

/// A player's first mistake in a game ([`GameDoc`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMistakeDoc {
    /// The move's number in the game (both players' moves counted from 1).
    pub number: usize,
    /// The pit played.
    pub pit: u8,
    /// What it gave away.
    pub mistake: MistakeDoc,
}

/// A move of a game's list that could not be played: the game stops before it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StopDoc {
    /// The move's number in the list, from 1.
    pub number: usize,
    /// The move as given.
    pub given: String,
    /// Why it cannot be played.
    pub reason: String,
}

/// A whole game from its start and its moves (`POST /api/ioiwari/game`): every position
/// analysed, every move with its sowing and, for a mistake, why; each player's first mistake and
/// what that player is told of it at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameDoc {
    /// The start, analysed.
    pub start: AnalysisDoc,
    /// Every move played, in order, as `POST /api/ioiwari/play` answers it.
    pub moves: Vec<MoveResultDoc>,
    /// Player 1's final bank difference with best play at each position, the start first
    /// (the value chart).
    pub margins_for_player_1: Vec<i32>,
    /// Player 1's and player 2's first mistakes, `null` for a player who made none.
    pub first_mistakes: [Option<FirstMistakeDoc>; 2],
    /// What player 1 and player 2 are told at the end of the game, each addressed as `you`:
    /// their first mistake, or that they made none.
    pub first_mistake_texts: [String; 2],
    /// The first move of the list that could not be played, if any: the game shown stops
    /// before it.
    pub stopped: Option<StopDoc>,
}

/// Plays `moves` (pits as given, e.g. `"2"`) from `start`, stopping at the first that is not a
/// legal pit, and analyses the whole game.
///
/// ```
/// use duel_analysis::documents::ioiwari::game;
/// use duel_ioiwari::{remoteness::Remoteness, Position};
///
/// let solver = Remoteness::solve();
/// let doc = game(&solver, &Position::start("4 3 2 4 2 3 2".parse()?), &["1", "2", "9"]);
/// assert_eq!(doc.moves.len(), 2);
/// assert_eq!(doc.first_mistakes[0].as_ref().map(|m| m.number), Some(1));
/// assert!(doc.first_mistake_texts[0].starts_with("Move 1 of the game, pit 1, was your first mistake"));
/// assert_eq!(doc.stopped.as_ref().map(|stop| stop.number), Some(3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn game(solver: &Remoteness, start: &Position, moves: &[&str]) -> GameDoc {
    let mut position = *start;
    let mut doc = GameDoc {
        start: analyze(solver, start),
        moves: Vec::new(),
        margins_for_player_1: Vec::new(),
        first_mistakes: [None, None],
        first_mistake_texts: [NO_MISTAKE.to_string(), NO_MISTAKE.to_string()],
        stopped: None,
    };
    let margin_for_one = |position: &Position, margin: i32| match position.to_move {
        Player::One => margin,
        Player::Two => -margin,
    };
    doc.margins_for_player_1
        .push(margin_for_one(start, doc.start.final_margin));
    for (index, given) in moves.iter().enumerate() {
        let number = index + 1;
        let stop = |reason: String| StopDoc {
            number,
            given: given.to_string(),
            reason,
        };
        let pit = match given.parse::<Pit>() {
            Ok(pit) => pit,
            Err(error) => {
                doc.stopped = Some(stop(error.to_string()));
                break;
            }
        };
        let next = match position.play(pit) {
            Ok(next) => next,
            Err(error) => {
                doc.stopped = Some(stop(error.to_string()));
                break;
            }
        };
        let result = play(solver, &position, pit).expect("a legal move is analysed");
        let slot = usize::from(result.player) - 1;
        if let (None, Some(mistake)) = (&doc.first_mistakes[slot], &result.mistake) {
            doc.first_mistake_texts[slot] = mistake.first_mistake_sentence(Who::You, number, pit);
            doc.first_mistakes[slot] = Some(FirstMistakeDoc {
                number,
                pit: pit.number(),
                mistake: mistake.clone(),
            });
        }
        doc.margins_for_player_1
            .push(margin_for_one(&next, result.analysis.final_margin));
        doc.moves.push(result);
        position = next;
    }
    doc
}

/// How the one-step greedy player fares as player 1 against the official optimal player 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedyDoc {
    /// Greedy's first move, 1 to 7 (0 if the board has no move).
    pub first_move: u8,
    /// `win`, `draw` or `loss` for greedy.
    pub result: Standing,
    /// The banks when that game ends, player 1's (greedy's) first.
    pub banks: [u32; 2],
}

/// One start board in `duel ioiwari table` / `GET /api/ioiwari/table`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRowDoc {
    /// Beads in pits 1..7.
    pub board: [u8; 7],
    /// The board as text, `4 3 2 4 2 3 2`.
    pub text: String,
    /// Final bank difference player 1 can force.
    pub value: i8,
    /// Every first move after which player 1 still wins, optimal or not.
    pub winning_first_moves: Vec<u8>,
    /// The optimal first moves.
    pub best_first_moves: Vec<u8>,
    /// Moves in the game under optimal play.
    pub moves_to_end: u8,
    /// The one-step greedy player 1 against the optimal player 2.
    pub greedy: GreedyDoc,
    /// Index of the board's rotation class in the list of the 51 class representatives.
    pub class: usize,
    /// Whether this board is its class's representative.
    pub representative: bool,
}

/// The whole table: `{"rows": [...]}`, the 357 start boards or the 51 class representatives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableDoc {
    /// Whether only the rotation class representatives are listed.
    pub classes_only: bool,
    /// One row per board listed: all 357 start boards in ascending order, or the 51
    /// representatives in class order.
    pub rows: Vec<TableRowDoc>,
    /// How many rows greedy wins, draws and loses.
    pub greedy_totals: GreedyTotalsDoc,
}

/// Greedy's record over the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GreedyTotalsDoc {
    /// Rows greedy wins.
    pub wins: usize,
    /// Rows greedy draws.
    pub draws: usize,
    /// Rows greedy loses.
    pub losses: usize,
}

/// Plays greedy (player 1) against the official optimal player 2 (the first optimal pit).
pub fn greedy_against_optimal(solver: &Remoteness, board: Board) -> GreedyDoc {
    let mut position = Position::start(board);
    let first_move = greedy_move(board).map_or(0, Pit::number);
    while !position.is_over() {
        let pit = match position.to_move {
            Player::One => greedy_move(position.board),
            Player::Two => solver.table().first_best_move(position.board),
        };
        match pit.and_then(|pit| position.play(pit).ok()) {
            Some(next) => position = next,
            None => break,
        }
    }
    let standing = Prospect::from_margin(position.banks.difference_for(Player::One));
    GreedyDoc {
        first_move,
        result: standing.into(),
        banks: [position.banks.one, position.banks.two],
    }
}

/// The start-board table: all 357 boards, or with `classes_only` the 51 representatives.
///
/// ```
/// use duel_ioiwari::remoteness::Remoteness;
/// use duel_analysis::documents::ioiwari::table;
///
/// let doc = table(&Remoteness::solve(), true);
/// assert_eq!(doc.rows.len(), 51);
/// assert!(doc.rows.iter().all(|row| row.value > 0)); // player 1 always wins
/// ```
pub fn table(solver: &Remoteness, classes_only: bool) -> TableDoc {
    let classes = Board::rotation_classes();
    let class_of = |board: Board| {
        (0..7)
            .map(|steps| board.rotated(steps))
            .find_map(|rotation| classes.iter().position(|&c| c == rotation))
            .unwrap_or(0)
    };
    let boards = if classes_only {
        classes.clone()
    } else {
        Board::start_boards()
    };
    let rows: Vec<TableRowDoc> = boards
        .into_iter()
        .map(|board| {
            let facts = solver.analyze(&Position::start(board));
            let class = class_of(board);
            TableRowDoc {
                board: board.pits(),
                text: board.to_string(),
                value: facts.value,
                winning_first_moves: facts
                    .moves
                    .iter()
                    .filter(|m| m.standing == Prospect::Winning)
                    .map(|m| m.pit.number())
                    .collect(),
                best_first_moves: solver.best_moves(board).iter().map(Pit::number).collect(),
                moves_to_end: facts.moves_to_end,
                greedy: greedy_against_optimal(solver, board),
                class,
                representative: classes[class] == board,
            }
        })
        .collect();
    let count = |result| rows.iter().filter(|r| r.greedy.result == result).count();
    let greedy_totals = GreedyTotalsDoc {
        wins: count(Standing::Win),
        draws: count(Standing::Draw),
        losses: count(Standing::Loss),
    };
    TableDoc {
        classes_only,
        rows,
        greedy_totals,
    }
}
