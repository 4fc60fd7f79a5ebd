//! The hint of both Ioiwari games, the task's and a variant's: what best play forces, then
//! every legal move's final result.

use crate::analyze::margin_words;

/// One legal move of a hint.
pub(crate) struct HintMove {
    pub pit: usize,
    /// The mover's final bank difference after it with best play, the banks so far included.
    pub final_margin: i64,
    /// Moves until the game ends, this one included, when known.
    pub moves_to_end: Option<u64>,
    pub best: bool,
    /// The best move the computer would choose.
    pub preferred: bool,
}

/// A hint as both Ioiwari games print it: what best play forces, then one line per legal move
/// with the final result it leads to ("  pit 2: win by 2 in 5 moves  (best)").
pub(crate) fn hint_text(
    final_margin: i64,
    moves_to_end: Option<u64>,
    moves: &[HintMove],
) -> String {
    let in_moves = |moves: Option<u64>| match moves {
        Some(n) => format!(" in {n} move{}", if n == 1 { "" } else { "s" }),
        None => String::new(),
    };
    let mut out = format!(
        "With best play you can force a final {}{}.\n",
        margin_words(final_margin),
        in_moves(moves_to_end)
    );
    let marked = moves.iter().any(|m| m.best);
    for m in moves {
        out += &format!(
            "  pit {}: {}{}{}\n",
            m.pit,
            margin_words(m.final_margin),
            in_moves(m.moves_to_end),
            match (m.best, m.preferred) {
                (true, true) => "  (best, preferred)",
                (true, false) => "  (best)",
                _ => "",
            }
        );
    }
    if marked {
        out += "  (best: keeps the best final result you can force; preferred: the best move the\n   computer would play, the quickest win or the slowest loss or draw)\n";
    }
    out
}
