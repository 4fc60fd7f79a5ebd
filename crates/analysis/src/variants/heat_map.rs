//! The heat map of player 1's win share, one row per variant and one column per bead total.

use super::VariantsDoc;

/// The heat map: one row per variant, one column per total, coloured by the win share.
pub fn heat_map(docs: &[VariantsDoc]) -> String {
    let mut rows: Vec<&VariantsDoc> = docs.iter().collect();
    rows.sort_by_key(|d| (d.pits, d.cap, d.min, d.max));
    let beads = rows
        .iter()
        .flat_map(|d| d.totals.iter().filter(|t| t.starts > 0).map(|t| t.beads));
    let (low, high) = beads.fold((u32::MAX, 0), |(lo, hi), b| (lo.min(b), hi.max(b)));
    let (low, high) = if low > high { (0, 0) } else { (low, high) };
    let cell = 16;
    let left = 150;
    let top = 50;
    let columns = (high - low + 1) as usize;
    let width = left + columns * cell + 20;
    let height = top + rows.len() * cell + 90;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"18\" font-size=\"14\">Ioiwari variants: player 1's share of \
         won starts, per number of pits and beads</text>\n"
    );
    for beads in (low..=high).filter(|b| b % 2 == 0) {
        let x = left + (beads - low) as usize * cell + cell / 2;
        svg += &format!(
            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{beads}</text>\n",
            top - 6
        );
    }
    for (r, doc) in rows.iter().enumerate() {
        let y = top + r * cell;
        svg += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{} pits, cap {}, {}..{}</text>\n",
            left - 6,
            y + cell - 4,
            doc.pits,
            doc.cap,
            doc.min,
            doc.max
        );
        for total in doc.totals.iter().filter(|t| t.starts > 0) {
            let x = left + (total.beads - low) as usize * cell;
            let share = total.wins as f64 / total.starts as f64;
            svg += &format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\" \
                 stroke=\"white\"><title>{} pits, cap {}, {} beads: {} starts, {} wins, {} \
                 draws, {} losses</title></rect>\n",
                colour(share, total.wins == total.starts),
                doc.pits,
                doc.cap,
                total.beads,
                total.starts,
                total.wins,
                total.draws,
                total.losses
            );
        }
    }
    let legend_y = top + rows.len() * cell + 20;
    let legend = [
        (1.0, true, "all won"),
        (0.9, false, "90%"),
        (0.7, false, "70%"),
        (0.5, false, "50%"),
        (0.3, false, "30%"),
        (0.0, false, "none won"),
    ];
    for (i, (share, all, label)) in legend.iter().enumerate() {
        let x = left + i * 80;
        svg += &format!(
            "<rect x=\"{x}\" y=\"{legend_y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{}\"/>\
             <text x=\"{}\" y=\"{}\">{label}</text>\n",
            colour(*share, *all),
            x + cell + 4,
            legend_y + cell - 4
        );
    }
    svg += &format!(
        "<text x=\"{left}\" y=\"{}\">columns: beads on the start board; hover a cell for its \
         counts</text>\n</svg>\n",
        legend_y + cell + 24
    );
    svg
}

/// Dark green when every start is won; otherwise from red (none won) through yellow to green.
fn colour(share: f64, all: bool) -> String {
    if all {
        return "#1b6e2f".to_string();
    }
    let hue = (share.clamp(0.0, 1.0) * 110.0).round();
    format!("hsl({hue}, 75%, 55%)")
}
