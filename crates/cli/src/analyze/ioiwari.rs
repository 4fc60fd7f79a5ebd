//! `duel ioiwari analyze BOARD [--to-move 1|2] [--banks A B] [--json]`.

use std::process::ExitCode;

use anyhow::{bail, Context};
use duel_analysis::documents::ioiwari::{analyze, AnalysisDoc};
use duel_analysis::variants::position::{self, VariantPosition};
use duel_analysis::Standing;
use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::variant::{Variant, VariantBoard};
use duel_ioiwari::{Banks, Board, Player, Position, MAX_BEADS, PITS};

use super::{margin_words, print_json, print_text, signed};
use crate::variants::solve_for_position;

/// Arguments of `duel ioiwari analyze`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel ioiwari analyze \"4 3 2 4 2 3 2\"\n  duel ioiwari analyze \"4 0 0 4 1 4 0\" --to-move 1 --banks 3 4\n  duel ioiwari analyze \"0 0 0 0 1 1 1\" --to-move 1 --banks 8 9 --json\n  duel ioiwari analyze \"4 3 2 4 2 3 2\" --moves 2.4.1     # the position after a game's moves\n\nValues are bank differences for the player to move: \"from here\" counts only beads banked\nfrom now on, \"result\" adds the banks so far. Moves to end assume best play, the winner\nheading for the quickest end and the loser (or both, in a draw) for the slowest.\nThe --json shape is documented in crates/web/API.md (POST /api/ioiwari/analyze)."
)]
pub struct AnalyzeArgs {
    /// The seven pits 1..7, e.g. "4 3 2 4 2 3 2" (each 0..5).
    #[arg(allow_hyphen_values = true)]
    pub board: String,
    /// The player to move: 1 or 2.
    #[arg(long, default_value = "1", allow_hyphen_values = true)]
    pub to_move: String,
    /// The banks so far: player 1's, then player 2's.
    #[arg(long, num_args = 2, value_names = ["A", "B"], allow_hyphen_values = true)]
    pub banks: Option<Vec<String>>,
    /// Print the analysis as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Moves played from BOARD first, both sides' pits in turn, as a game's address holds
    /// them ("2.4.1": dots, commas or spaces between them); the position after them is
    /// analysed.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub variant: crate::variants::VariantFlags,
}

/// Parses the arguments into a position, with one-line errors.
pub(crate) fn position_from(args: &AnalyzeArgs) -> anyhow::Result<Position> {
    let board: Board = args
        .board
        .parse()
        .with_context(|| format!("invalid board {:?}", args.board))?;
    let to_move = match args.to_move.trim() {
        "1" => Player::One,
        "2" => Player::Two,
        other => bail!("invalid --to-move {other:?}: expected 1 or 2"),
    };
    let banks = match &args.banks {
        None => Banks::EMPTY,
        Some(values) => {
            let most = PITS as u32 * u32::from(MAX_BEADS);
            Banks {
                one: position::parse_bank(&values[0], most)?,
                two: position::parse_bank(&values[1], most)?,
            }
        }
    };
    Ok(Position {
        board,
        banks,
        to_move,
    })
}

/// Runs `duel ioiwari analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    if let Some(variant) = args.variant.variant()? {
        if args.moves.is_some() {
            bail!("--moves is for the task's game (7 pits, cap 5), not a variant");
        }
        let banks = args.banks.as_deref();
        return analyze_variant(variant, &args.board, &args.to_move, banks, args.json);
    }
    let mut position = position_from(&args)?;
    if let Some(text) = &args.moves {
        for pit in crate::play::ioiwari::replay(position, text)? {
            position = position.play(pit).expect("replay checked every move");
        }
    }
    let doc = analyze(&Remoteness::solve(), &position);
    if args.json {
        print_json(&doc)?;
    } else {
        print_text(&render(&doc))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `duel ioiwari analyze BOARD --pits N --cap C`: the value and every move's value.
/// `to_move` is `1` or `2`; `banks` the two banks so far, if given.
fn analyze_variant(
    variant: Variant,
    board: &str,
    to_move: &str,
    banks: Option<&[String]>,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let to_move: u8 = match to_move.trim() {
        "1" => 1,
        "2" => 2,
        other => bail!("invalid --to-move {other:?}: expected 1 or 2"),
    };
    let most = variant.max_beads();
    let bank = |text: &String| {
        position::parse_bank(text, most).map_err(|error| anyhow::anyhow!(error.as_range()))
    };
    let banks = match banks {
        Some([one, two]) => [bank(one)?, bank(two)?],
        _ => [0, 0],
    };
    let board = VariantBoard::parse(variant, board)
        .with_context(|| format!("invalid board {board:?} for {variant}"))?;
    let position = VariantPosition::new(board, banks, to_move)?;
    let table = solve_for_position(variant)?;
    if json {
        print_json(&position::analyze(&table, &position))?;
        return Ok(ExitCode::SUCCESS);
    }
    let doc = position::report(&table, &position);
    let moves = doc
        .moves
        .iter()
        .map(|m| MoveRow {
            pit: m.pit,
            beads: board.pits()[m.pit - 1],
            final_margin: i64::from(m.final_margin),
            value: i64::from(m.value),
            moves_to_end: None,
            best: m.best,
        })
        .collect();
    let out = render_layout(&Layout {
        board_text: doc.board_text,
        pits: format!("pits 1..{}, cap {}", variant.pits(), variant.cap()),
        banks,
        to_move,
        result: doc.result.map(|result| result.text),
        value: i64::from(doc.value),
        final_margin: i64::from(doc.final_margin),
        predicted: doc.predicted.text,
        moves_to_end: None,
        moves,
        preferred: None,
    });
    print_text(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The analysis as text for people.
pub fn render(doc: &AnalysisDoc) -> String {
    let moves = doc
        .moves
        .iter()
        .map(|m| MoveRow {
            pit: usize::from(m.pit),
            beads: doc.position.board[usize::from(m.pit) - 1],
            final_margin: i64::from(m.final_margin),
            value: i64::from(m.value),
            moves_to_end: Some(u32::from(m.moves_to_end)),
            best: m.best,
        })
        .collect();
    render_layout(&Layout {
        board_text: doc.board_text.clone(),
        pits: "pits 1..7".into(),
        banks: doc.position.banks,
        to_move: doc.position.to_move,
        result: doc.result.as_ref().map(|result| result.text.clone()),
        value: i64::from(doc.value),
        final_margin: i64::from(doc.final_margin),
        predicted: doc.predicted.text.clone(),
        moves_to_end: Some(u32::from(doc.moves_to_end)),
        moves,
        preferred: doc
            .preferred_move
            .map(|pit| (usize::from(pit), doc.standing)),
    })
}

/// One legal move's row of an analysis.
pub(crate) struct MoveRow {
    /// The pit number.
    pub pit: usize,
    /// The beads in it.
    pub beads: u8,
    /// The mover's final bank difference after playing it, with best play on.
    pub final_margin: i64,
    /// The bank difference it gains from here on.
    pub value: i64,
    /// Moves to the end with best play, where the solver knows them.
    pub moves_to_end: Option<u32>,
    /// Whether it is an optimal move.
    pub best: bool,
}

/// What an analysis shows, for the task's game and for a variant alike (one layout).
pub(crate) struct Layout {
    /// The board as text, `4 3 2 4 2 3 2`.
    pub board_text: String,
    /// What the board's numbers are: `pits 1..7`, `pits 1..9, cap 4`.
    pub pits: String,
    /// The banks so far: player 1's, player 2's.
    pub banks: [u32; 2],
    /// The player to move, 1 or 2.
    pub to_move: u8,
    /// The game's result when it is over (`player 1 wins 11-9`).
    pub result: Option<String>,
    /// The bank difference the mover can force from here on.
    pub value: i64,
    /// The mover's final bank difference with best play.
    pub final_margin: i64,
    /// The final result with best play, `player 1 wins 11-9`.
    pub predicted: String,
    /// Moves to the end with best play, where the solver knows them.
    pub moves_to_end: Option<u32>,
    /// Every legal move, in pit order.
    pub moves: Vec<MoveRow>,
    /// The optimal pit the engine plays, and why, where distances choose one.
    pub preferred: Option<(usize, Standing)>,
}

/// An analysis as text for people: the position, its value, a table of the legal moves and
/// the best ones. A solver that keeps no distances (a variant's) gets dashes under "moves to
/// end" and one line that says why.
pub(crate) fn render_layout(layout: &Layout) -> String {
    let mover = layout.to_move;
    let [one, two] = layout.banks;
    let mut out = format!(
        "Board    {}   ({})\nBanks    player 1: {one}   player 2: {two}\n",
        layout.board_text, layout.pits
    );
    if let Some(result) = &layout.result {
        out += &format!("The game is over: {result}.\n");
        return out;
    }
    out += &format!("To move  player {mover}\n\n");
    let within = match layout.moves_to_end {
        Some(moves) => format!(", in {moves} move{}", if moves == 1 { "" } else { "s" }),
        None => String::new(),
    };
    out += &format!(
        "Value    {} from here on: player {mover} can force a final {} ({}){within} with best play.\n\n",
        signed(layout.value),
        margin_words(layout.final_margin),
        layout.predicted,
    );
    out += "  pit  beads  final result, best play  banked from here  moves to end\n";
    for m in &layout.moves {
        let mark = if m.best { "*" } else { " " };
        let preferred = if layout.preferred.map(|(pit, _)| pit) == Some(m.pit) {
            "   <- preferred"
        } else {
            ""
        };
        let moves_to_end = m.moves_to_end.map_or("-".into(), |moves| moves.to_string());
        out += &format!(
            "  {mark}{:<2}  {:>4}   {:<22}  {:>16}  {:>12}{preferred}\n",
            m.pit,
            m.beads,
            margin_words(m.final_margin),
            signed(m.value),
            moves_to_end
        );
    }
    let best: Vec<String> = layout
        .moves
        .iter()
        .filter(|m| m.best)
        .map(|m| m.pit.to_string())
        .collect();
    out += &format!(
        "\nBest moves (*): pit{} {}",
        if best.len() == 1 { "" } else { "s" },
        best.join(", ")
    );
    if let Some((pit, standing)) = layout.preferred {
        let why = match standing {
            Standing::Win => "the quickest win",
            Standing::Loss => "the slowest loss",
            Standing::Draw => "the longest draw",
        };
        out += &format!("; pit {pit} is {why}");
    }
    out += ".\n";
    if layout.moves_to_end.is_none() {
        out += "Moves to end (-) are known for the task's game (7 pits, cap 5) only: a variant's solver keeps values, not distances.\n";
    }
    out
}
