//! `duel ioiwari analyze BOARD [--to-move 1|2] [--banks A B] [--json]`.

use std::process::ExitCode;

use anyhow::{bail, Context};
use duel_analysis::report::ioiwari::{analyze, AnalysisDoc};
use duel_analysis::Standing;
use duel_ioiwari::remoteness::Remoteness;
use duel_ioiwari::{Banks, Board, Player, Position};

use super::{margin_words, print_json, print_text, signed};

/// Arguments of `duel ioiwari analyze`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel ioiwari analyze \"4 3 2 4 2 3 2\"\n  duel ioiwari analyze \"4 0 0 4 1 4 0\" --to-move 1 --banks 3 4\n  duel ioiwari analyze \"0 0 0 0 1 1 1\" --to-move 1 --banks 8 9 --json\n\nValues are bank differences for the player to move: \"from here\" counts only beads banked\nfrom now on, \"result\" adds the banks so far. Moves to end assume best play, the winner\nheading for the quickest end and the loser (or both, in a draw) for the slowest.\nThe --json shape is documented in crates/web/API.md (POST /api/ioiwari/analyze)."
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
    #[command(flatten)]
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
            let parse = |text: &String| -> anyhow::Result<u32> {
                let bank: u32 = text.trim().parse().with_context(|| {
                    format!("invalid bank {text:?}: expected a number of beads 0..=35")
                })?;
                if bank > 35 {
                    bail!("invalid bank {bank}: a game has at most 35 beads");
                }
                Ok(bank)
            };
            Banks {
                one: parse(&values[0])?,
                two: parse(&values[1])?,
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
        let banks = args.banks.as_deref();
        return crate::variants::analyze_variant(
            variant,
            &args.board,
            &args.to_move,
            banks,
            args.json,
        );
    }
    let position = position_from(&args)?;
    let doc = analyze(&Remoteness::solve(), &position);
    if args.json {
        print_json(&doc)?;
    } else {
        print_text(&render(&doc))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The analysis as text for people.
pub fn render(doc: &AnalysisDoc) -> String {
    let mover = doc.position.to_move;
    let [one, two] = doc.position.banks;
    let mut out = format!(
        "Board    {}   (pits 1..7)\nBanks    player 1: {one}   player 2: {two}\n",
        doc.board_text
    );
    if let Some(result) = &doc.result {
        out += &format!("The game is over: {}.\n", result.text);
        return out;
    }
    out += &format!("To move  player {mover}\n\n");
    out += &format!(
        "Value    {} from here on: player {mover} can force a final {} ({}), in {} move{} with best play.\n\n",
        signed(doc.value),
        margin_words(doc.final_margin),
        doc.predicted.text,
        doc.moves_to_end,
        if doc.moves_to_end == 1 { "" } else { "s" }
    );
    out += "  pit  beads  final result, best play  banked from here  moves to end\n";
    for m in &doc.moves {
        let beads = doc.position.board[usize::from(m.pit) - 1];
        let mark = if m.best { "*" } else { " " };
        let preferred = if Some(m.pit) == doc.preferred_move {
            "   <- preferred"
        } else {
            ""
        };
        out += &format!(
            "  {mark}{}   {beads:>4}   {:<22}  {:>16}  {:>12}{preferred}\n",
            m.pit,
            margin_words(m.final_margin),
            signed(m.value),
            m.moves_to_end
        );
    }
    let best: Vec<String> = doc.best_moves.iter().map(u8::to_string).collect();
    out += &format!(
        "\nBest moves (*): pit{} {}",
        if best.len() == 1 { "" } else { "s" },
        best.join(", ")
    );
    if let Some(pit) = doc.preferred_move {
        let why = match doc.standing {
            Standing::Win => "the quickest win",
            Standing::Loss => "the slowest loss",
            Standing::Draw => "the longest draw",
        };
        out += &format!("; pit {pit} is {why}");
    }
    out += ".\n";
    out
}
