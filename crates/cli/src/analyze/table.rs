//! `duel ioiwari table [--classes] [--json]`.

use std::process::ExitCode;

use duel_analysis::documents::ioiwari::{table, TableDoc};
use duel_ioiwari::remoteness::Remoteness;

use super::{print_json, print_text};

/// Arguments of `duel ioiwari table`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel ioiwari table\n  duel ioiwari table --classes\n  duel ioiwari table --classes --json\n\nFor each start board: the final bank difference player 1 can force, the first moves that\nstill win, the optimal first moves, and how the one-step greedy player 1 fares against the\noptimal player 2 (the official program's first optimal pit).\nThe --json shape is documented in crates/web/API.md (GET /api/ioiwari/table)."
)]
pub struct TableArgs {
    /// List only the 51 rotation classes (their representatives) instead of all 357 boards.
    #[arg(long)]
    pub classes: bool,
    /// Print the table as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `duel ioiwari table`.
pub fn run(args: TableArgs) -> anyhow::Result<ExitCode> {
    let doc = table(&Remoteness::solve(), args.classes);
    if args.json {
        print_json(&doc)?;
    } else {
        print_text(&render(&doc))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn list(pits: &[u8]) -> String {
    let names: Vec<String> = pits.iter().map(u8::to_string).collect();
    names.join(",")
}

/// The table as text for people.
pub fn render(doc: &TableDoc) -> String {
    let mut out = String::from(
        "   #  start board      player 1 wins by  first moves that win  optimal first  moves to end  greedy player 1 against optimal player 2\n",
    );
    for (i, row) in doc.rows.iter().enumerate() {
        out += &format!(
            "{:>4}  {:<15}  {:>16}  {:<20}  {:<13}  {:>12}  {} {}-{} (first move {})\n",
            i + 1,
            row.text,
            row.value,
            list(&row.winning_first_moves),
            list(&row.best_first_moves),
            row.moves_to_end,
            row.greedy.result,
            row.greedy.banks[0],
            row.greedy.banks[1],
            row.greedy.first_move
        );
    }
    let totals = doc.greedy_totals;
    out += &format!(
        "\n{} {}: player 1 wins every one with best play. Greedy as player 1 against optimal play: {} wins, {} draws, {} losses.\n",
        doc.rows.len(),
        if doc.classes_only {
            "rotation classes"
        } else {
            "start boards"
        },
        totals.wins,
        totals.draws,
        totals.losses
    );
    out
}
