//! `duel mis analyze P E B [--json]`.

use std::process::ExitCode;

use anyhow::Context;
use duel_analysis::documents::mis::{analyze, window, AnalysisDoc, WindowDoc};
use duel_mis::{Position, StickKind};

use super::{print_json, print_text};

/// Arguments of `duel mis analyze`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel mis analyze 7 2 3\n  duel mis analyze 10000000 9999999 1000000\n  duel mis analyze 6 1 3 --json\n\nThe position is lost for the side to move exactly when (p mod (B+1), e mod (B+1)) is a\nWythoff pair (floor(k*phi), floor(k*phi^2)) in either order. Piles may be 0 (a game in\nprogress) up to 10^7; 1 <= B <= 10^6.\nThe --json shape is documented in crates/web/API.md (POST /api/mis/analyze)."
)]
pub struct AnalyzeArgs {
    /// Poohsticks in the pool (0..=10^7).
    #[arg(allow_hyphen_values = true)]
    pub p: String,
    /// Eeyoresticks in the pool (0..=10^7).
    #[arg(allow_hyphen_values = true)]
    pub e: String,
    /// The PE-bound B (1..=10^6): at most B sticks of a kind per move.
    #[arg(allow_hyphen_values = true)]
    pub bound: String,
    /// Print the analysis as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Parses one number argument with a one-line error naming it.
pub(crate) fn number(name: &str, text: &str) -> anyhow::Result<u64> {
    text.trim()
        .parse()
        .with_context(|| format!("invalid {name} {text:?}: expected a whole number >= 0"))
}

/// Parses `P E B` into a position (piles 0..=10^7, bound 1..=10^6).
pub(crate) fn position_from(p: &str, e: &str, bound: &str) -> anyhow::Result<Position> {
    Ok(Position::in_play(
        number("p", p)?,
        number("e", e)?,
        number("B", bound)?,
    )?)
}

/// Runs `duel mis analyze`.
pub fn run(args: AnalyzeArgs) -> anyhow::Result<ExitCode> {
    let position = position_from(&args.p, &args.e, &args.bound)?;
    let doc = analyze(&position);
    if args.json {
        print_json(&doc)?;
    } else {
        let size = (2 * (position.bound() + 1) + 1).clamp(9, 21);
        print_text(&render(&doc, &window(&position, size)))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The analysis and a map of nearby losing positions, as text for people.
pub fn render(doc: &AnalysisDoc, map: &WindowDoc) -> String {
    let position = doc.position;
    let pattern = &doc.pattern;
    let mut out = format!(
        "Pool     p = {}, e = {}; at most B = {} of a kind per move\n",
        StickKind::Pooh.count(position.p),
        StickKind::Eeyore.count(position.e),
        position.bound
    );
    if doc.over {
        out += "The pool is empty: the player who moved last took the last stick and won.\n";
        return out;
    }
    if doc.standing == duel_analysis::Standing::Win {
        out += "Verdict  the side to move WINS.\n";
        let moves: Vec<String> = doc
            .winning_moves
            .iter()
            .map(|m| format!("{} -> ({}, {})", m.text, m.to[0], m.to[1]))
            .collect();
        out += &format!("Winning moves: {}.\n", moves.join("; "));
    } else {
        out += "Verdict  the side to move LOSES against best play: every move leaves a winning position.\n";
    }
    let [r, s] = pattern.residues;
    out += &format!(
        "\nPattern  lost positions repeat every B+1 = {} sticks along both piles.\n",
        pattern.period
    );
    out += &format!(
        "  residues (p mod {m}, e mod {m}) = ({r}, {s}), in block ({}, {}) of the repeating square\n",
        pattern.block[0],
        pattern.block[1],
        m = pattern.period
    );
    out += &format!(
        "  ({r}, {s}) {} a Wythoff pair, so the side to move {}\n",
        if pattern.residues_losing {
            "is"
        } else {
            "is not"
        },
        if pattern.residues_losing {
            "loses"
        } else {
            "wins"
        }
    );
    for (what, pair) in [
        ("p's residue", &pattern.pair_of_p_residue),
        ("e's residue", &pattern.pair_of_e_residue),
    ] {
        out += &format!(
            "  Wythoff pair holding {what}: ({}, {}) (k = {}){}\n",
            pair.pair[0],
            pair.pair[1],
            pair.k,
            if pair.within_period {
                ""
            } else {
                ", not a residue pair: a member exceeds B"
            }
        );
    }
    let near = &pattern.nearest_losing_pair;
    out += &format!(
        "  nearest losing residue pair: ({}, {}) (k = {})\n",
        near.pair[0], near.pair[1], near.k
    );
    match &pattern.losing_pairs {
        Some(pairs) => {
            let listed: Vec<String> = pairs.iter().map(|[a, b]| format!("({a}, {b})")).collect();
            out += &format!(
                "  losing residue pairs modulo {}: {}\n",
                pattern.period,
                listed.join(" ")
            );
        }
        None => {
            out += &format!(
                "  {} losing residue pairs modulo {}\n",
                pattern.losing_pair_count, pattern.period
            );
        }
    }
    out += &render_map(doc, map);
    out
}

/// An ASCII map: `#` lost, `.` won, `@` the pool now, `*` where a winning move leads.
fn render_map(doc: &AnalysisDoc, map: &WindowDoc) -> String {
    let targets: Vec<[u64; 2]> = doc
        .winning_moves
        .iter()
        .map(|m| [u64::from(m.to[0]), u64::from(m.to[1])])
        .collect();
    let mut out = format!(
        "\nNearby pools (p across from {}, e up from {}): # lost, . won, @ this pool, * a winning move's target\n",
        map.p_from, map.e_from
    );
    for y in (map.e_from..map.e_from + map.height).rev() {
        out += &format!("  {y:>8} ");
        for x in map.p_from..map.p_from + map.width {
            let glyph = if [x, y] == [doc.position.p, doc.position.e] {
                '@'
            } else if targets.contains(&[x, y]) {
                '*'
            } else if map.losing.contains(&[x, y]) {
                '#'
            } else {
                '.'
            };
            out.push(glyph);
            out.push(' ');
        }
        out.push('\n');
    }
    // Whole values of p under their columns, every fifth column (and the first), as far as
    // they fit without running into the next label.
    let mut labels = String::new();
    for x in map.p_from..map.p_from + map.width {
        let column = 2 * (x - map.p_from) as usize;
        if (x % 5 == 0 || x == map.p_from) && labels.len() <= column {
            labels.extend(std::iter::repeat_n(' ', column - labels.len()));
            labels += &format!("{x} ");
        }
    }
    out += &format!("  {:>8} {}", "p:", labels.trim_end());
    out.push('\n');
    out
}
