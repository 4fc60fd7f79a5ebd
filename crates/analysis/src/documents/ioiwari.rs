//! Ioiwari analyses as serialisable documents.

use duel_ioiwari::remoteness::{Prospect, Remoteness};
use duel_ioiwari::transcript::{ending_line, Ending};
use duel_ioiwari::{greedy_move, Banks, Board, Oracle, Outcome, Pit, Player, Position, Sowing};
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
    /// The position after the move, analysed.
    pub analysis: AnalysisDoc,
}

/// Plays `pit` and reports the move and the new position; `None` if the pit is empty.
pub fn play(solver: &Remoteness, position: &Position, pit: Pit) -> Option<MoveResultDoc> {
    let sowing: Sowing = position.board.play(pit).ok()?;
    let next = position.play(pit).ok()?;
    let before = analyze(solver, position);
    let move_value = before.moves.into_iter().find(|m| m.pit == pit.number())?;
    Some(MoveResultDoc {
        player: position.to_move.number(),
        pit: pit.number(),
        mover_gain: sowing.mover_gain,
        opponent_gain: sowing.opponent_gain,
        move_value,
        analysis: analyze(solver, &next),
    })
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
