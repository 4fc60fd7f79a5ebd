//! The text of `duel ioiwari variants` without `--json`.

use duel_analysis::variants::VariantsDoc;

/// The summary as text for people.
pub fn render(doc: &VariantsDoc) -> String {
    let mut out = format!(
        "{} pits, cap {}, starts of {} to {} beads a pit ({} boards solved)\n\n",
        doc.pits, doc.cap, doc.min, doc.max, doc.boards
    );
    out += "Each start board is played with best play on both sides; wins, draws and losses are\n\
            player 1's, and under each total its starts are counted by player 1's final margin.\n\n";
    out += "beads      starts        wins       draws      losses\n";
    for total in &doc.totals {
        out += &format!(
            "{:>5}  {:>10}  {:>10}  {:>10}  {:>10}\n",
            total.beads, total.starts, total.wins, total.draws, total.losses
        );
        if total.starts == 0 {
            continue;
        }
        let mut values: Vec<(i64, u64)> = total
            .values
            .iter()
            .map(|(key, &count)| (key.parse().unwrap_or(0), count))
            .collect();
        values.sort();
        // How many starts end how, best for player 1 first: "140 starts won by 2".
        for (value, count) in values.iter().rev() {
            let starts = if *count == 1 { "start " } else { "starts" };
            let how = match *value {
                v if v > 0 => format!("won by {v}"),
                v if v < 0 => format!("lost by {}", -v),
                _ => "drawn".into(),
            };
            out += &format!("       {count:>10}  {starts} {how}\n");
        }
        let examples = [
            ("win", &total.examples.win),
            ("draw", &total.examples.draw),
            ("loss", &total.examples.loss),
        ];
        for (name, example) in examples {
            if let Some(pits) = example {
                let pits: Vec<String> = pits.iter().map(u8::to_string).collect();
                out += &format!(
                    "                   for example a {name}: {}\n",
                    pits.join(" ")
                );
            }
        }
    }
    let (starts, wins): (u64, u64) = doc
        .totals
        .iter()
        .fold((0, 0), |(s, w), t| (s + t.starts, w + t.wins));
    out += &format!("\nplayer 1 wins {wins} of {starts} starts\n");
    out
}
