//! The page audited in every state of every tab, at a desk's size (1280 x 900) and a phone's
//! (390 x 844), by axe-core, a tool no one here wrote (from the npm registry; all its default
//! rules and `target-size`): no violation. Beside it, in the same states, checks of what axe
//! does not measure: no text drawn under 12 px on screen, no control under 24 x 24 px, and
//! every drawing's labels inside the drawing.
//!
//! axe-core's script is read from `DUEL_AXE`, else from where `.ci/web-audit.sh install` puts
//! it. Without it the test is skipped as `duel_test_support::skip` says, and fails when CI is
//! set.

use super::*;

/// Where `.ci/web-audit.sh install` puts axe-core's script.
const AXE_INSTALLED: &str = "/opt/duel-web-audit/node_modules/axe-core/axe.min.js";

/// axe-core's script, or None (after `duel_test_support::skip`) when it is not installed.
fn axe_script() -> Option<String> {
    let path =
        std::env::var_os("DUEL_AXE").map_or_else(|| PathBuf::from(AXE_INSTALLED), PathBuf::from);
    match std::fs::read_to_string(&path) {
        Ok(script) => Some(script),
        Err(error) => {
            duel_test_support::skip::unless_required(
                false,
                &format!("axe-core is missing at {} ({error})", path.display()),
                ".ci/setup installs it, as .ci/web-audit.sh install does (or set DUEL_AXE to \
                 axe.min.js)",
                "CI",
            );
            None
        }
    }
}

/// axe-core on the page as it is now: its violations, one line each (rule, impact, the nodes
/// and why).
const AXE_RUN: &str = r#"
return axe.run(document, { rules: { "target-size": { enabled: true } }, resultTypes: ["violations"] })
  .then((result) => result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ` +
    v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\s+/g, " ")}`)
      .join(" | ")));
"#;

/// What axe does not measure: text drawn under 12 px on screen (an SVG's text scaled with its
/// drawing), controls under 24 x 24 px, a drawing's text beyond the drawing's box, and a page
/// that scrolls sideways.
const OWN_CHECKS: &str = r#"
const found = [];
const shown = (el) => {
  const style = getComputedStyle(el);
  return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) !== 0;
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  const el = node.parentElement;
  if (!node.textContent.trim() || !el || el.closest("title, script, style, option")) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  if (!Array.from(range.getClientRects()).some((r) => r.width > 0 && r.height > 0) || !shown(el)) continue;
  let size = parseFloat(getComputedStyle(el).fontSize);
  if (el instanceof SVGElement) {
    const m = el.getScreenCTM();
    size *= Math.hypot(m.a, m.b);
  }
  if (size < 11.95) found.push(`text under 12 px: "${node.textContent.trim().slice(0, 40)}" at ${size.toFixed(1)} px`);
}
const controls = 'button, input, select, summary, a[href]:not(p a, li a), [role="button"], [role="slider"], [role="tab"]';
for (const el of document.querySelectorAll(controls)) {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || !shown(el)) continue;
  if (r.width < 23.95 || r.height < 23.95) {
    const name = el.id || `${el.getAttribute("class") || el.tagName} ${el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30)}`;
    found.push(`a target under 24 x 24 px: ${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
  }
}
for (const drawing of document.querySelectorAll("svg")) {
  const box = drawing.getBoundingClientRect();
  if (box.width === 0) continue;
  for (const text of drawing.querySelectorAll("text")) {
    const r = text.getBoundingClientRect();
    if (r.width === 0) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
      found.push(`#${drawing.id}'s label "${text.textContent}" beyond the drawing`);
    }
  }
}
if (document.documentElement.scrollWidth > window.innerWidth + 1) {
  found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${window.innerWidth}`);
}
return found;
"#;

/// Runs axe (injected once per page load) and the page's own checks; what they found, each
/// line prefixed with `state`.
async fn audit(browser: &Browser, axe: &str, state: &str) -> Vec<String> {
    let present = browser
        .client
        .execute("return typeof axe !== 'undefined';", vec![])
        .await
        .expect("a script runs");
    if present != json!(true) {
        browser
            .client
            .execute(&format!("{axe}\n;return true;"), vec![])
            .await
            .expect("axe-core loads into the page");
    }
    let mut found = strings(browser, AXE_RUN).await;
    found.extend(strings(browser, OWN_CHECKS).await);
    found
        .into_iter()
        .map(|line| format!("{state}: {line}"))
        .collect()
}

/// What a state waits for before it is audited, in order.
enum Ready {
    /// The element's `data-state` is one of these.
    State(&'static str, &'static [&'static str]),
    /// Something matches the selector.
    Shown(&'static str),
    /// The viewer shows this move.
    Frame(usize),
    /// A click on the element.
    Click(&'static str),
}

/// A whole game of the variant (6 pits, cap 3, from 3 beads a pit) of best play.
fn variant_game() -> Vec<String> {
    let variant = Variant::new(6, 3).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    let mut board = VariantBoard::parse(variant, "3 3 3 3 3 3").unwrap();
    let mut pits = Vec::new();
    while !board.is_empty() {
        let pit = table.best_moves(&board)[0];
        pits.push(pit.to_string());
        board = board.play(pit).unwrap().board;
    }
    pits
}

/// A whole Pooh-Eeyore-sticks game from 7 2 3: a winning move where there is one, else the
/// first legal move.
fn mis_game() -> Vec<String> {
    let mut pool = MisPosition::new(7, 2, 3).unwrap();
    let mut moves = Vec::new();
    while pool.p() + pool.e() > 0 {
        let mv = pool
            .winning_move()
            .or_else(|| pool.legal_moves().next())
            .unwrap();
        moves.push(format!("{}-{}", mv.take_p, mv.take_e));
        pool = pool.play(mv).unwrap();
    }
    moves
}

/// Every state of every tab, at 1280 x 900 and at 390 x 844: start, after moves, game over, a
/// game opened from an address at an earlier move, the winning moves shown, the viewer with an
/// Ioiwari report, a Pooh-Eeyore-sticks report and a contest, and replays of their games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_nothing_in_any_state_at_a_desk_or_on_a_phone() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let Some(axe) = axe_script() else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let ioiwari_report = work.path().join("ioiwari.json");
    let judged = duel!()
        .args(["ioiwari", "judge", "--report"])
        .arg(&ioiwari_report)
        .output()
        .expect("the judge runs");
    assert!(judged.status.success(), "{judged:?}");
    let mis_tests = work.path().join("pools.txt");
    std::fs::write(&mis_tests, "7 2 3\n10 4 2\n").unwrap();
    let mis_report = work.path().join("mis.json");
    let judged = duel!()
        .args(["mis", "judge", "--tests"])
        .arg(&mis_tests)
        .arg("--report")
        .arg(&mis_report)
        .output()
        .expect("the judge runs");
    assert!(judged.status.success(), "{judged:?}");
    let contest = work.path().join("contest.json");
    std::fs::write(&contest, contest_report().to_string()).unwrap();
    let server = Server::start(&[
        "--report".as_ref(),
        ioiwari_report.as_os_str(),
        "--report".as_ref(),
        mis_report.as_os_str(),
        "--report".as_ref(),
        contest.as_os_str(),
    ]);
    let url = server.url();
    let browser = Browser::start(&chromedriver, &chromium).await;

    let game = best_play(&Table::solve(), "4 3 2 4 2 3 2".parse().unwrap());
    let (ioiwari, ioiwari_two) = (game.join("."), game[..2].join("."));
    let game = variant_game();
    let (variant, variant_two) = (game.join("."), game[..2].join("."));
    let game = mis_game();
    let (mis, mis_two) = (game.join("."), game[..2].join("."));
    let ioiwari_at = |moves: &str| format!("#ioiwari?start=4-3-2-4-2-3-2&moves={moves}");
    let variant_at =
        |moves: &str| format!("#variants?pits=6&cap=3&start=3-3-3-3-3-3&moves={moves}&side=0");
    let mis_at = |moves: &str| format!("#mis?p=7&e=2&b=3&moves={moves}&side=0");
    let ioi = |states: &'static [&'static str]| Ready::State("#ioi-status", states);
    let var = |states: &'static [&'static str]| Ready::State("#var-status", states);
    let states: Vec<(&str, String, Vec<Ready>)> = vec![
        (
            "Ioiwari, the start",
            "#ioiwari".into(),
            vec![ioi(&["your-turn"])],
        ),
        (
            "Ioiwari after two moves",
            ioiwari_at(&format!("{ioiwari_two}&side=1")),
            vec![ioi(&["your-turn"])],
        ),
        (
            "Ioiwari, game over",
            ioiwari_at(&format!("{ioiwari}&side=0")),
            vec![ioi(&["over"])],
        ),
        (
            "Ioiwari opened at move 3",
            ioiwari_at(&format!("{ioiwari}&at=3&side=0")),
            vec![ioi(&["past"])],
        ),
        (
            "Variants, the start",
            "#variants".into(),
            vec![var(&["your-turn"])],
        ),
        (
            "Variants after two moves",
            variant_at(&variant_two),
            vec![var(&["your-turn"])],
        ),
        (
            "Variants, game over",
            variant_at(&variant),
            vec![var(&["over"])],
        ),
        (
            "Pooh-Eeyore-sticks, the start",
            "#mis".into(),
            vec![
                Ready::State("#mis-status", &["your-turn"]),
                Ready::Shown("#mis-pattern[data-for=\"7,2\"]"),
            ],
        ),
        (
            "Pooh-Eeyore-sticks after two moves, the winning moves shown",
            mis_at(&mis_two),
            vec![
                Ready::State("#mis-status", &["your-turn"]),
                Ready::Click("#mis-show-winning"),
                Ready::Shown("#mis-winning button"),
            ],
        ),
        (
            "Pooh-Eeyore-sticks, game over",
            mis_at(&mis),
            vec![Ready::State("#mis-status", &["over"])],
        ),
        (
            "the viewer, an Ioiwari report (opened without a tab named)",
            String::new(),
            vec![Ready::Shown("#view-summary[data-score=\"100\"]")],
        ),
        (
            "the viewer, an Ioiwari game replayed",
            "#viewer?report=ioiwari.json&submission=0&test=1&move=3".into(),
            vec![
                Ready::Frame(3),
                Ready::Shown("#view-history[data-points]"),
                Ready::Shown("#view-board .value-tag"),
            ],
        ),
        (
            "the viewer, a Pooh-Eeyore-sticks report",
            "#viewer?report=mis.json&submission=0".into(),
            vec![Ready::Shown("#view-tests tbody tr:nth-child(2)")],
        ),
        (
            "the viewer, a Pooh-Eeyore-sticks game replayed",
            "#viewer?report=mis.json&submission=0&test=1&move=2".into(),
            vec![Ready::Frame(2)],
        ),
        (
            "the viewer, a contest's ranking",
            "#viewer?report=contest.json&submission=1".into(),
            vec![Ready::Shown("#view-ranking tbody tr:nth-child(3)")],
        ),
    ];
    let mut found = Vec::new();
    for (width, height) in [(1280, 900), (390, 844)] {
        browser
            .client
            .set_window_size(width, height)
            .await
            .expect("a window of the size");
        for (state, address, ready) in &states {
            open_fresh(&browser, &url, address).await;
            for step in ready {
                match step {
                    Ready::State(css, states) => {
                        browser.wait_state(css, states).await;
                    }
                    Ready::Shown(css) => {
                        browser.find(css).await;
                    }
                    Ready::Frame(number) => {
                        wait_frame(&browser, *number).await;
                    }
                    Ready::Click(css) => browser.click(css).await,
                }
            }
            found.extend(audit(&browser, &axe, &format!("{state} at {width} px")).await);
        }
    }
    let _ = browser.client.clone().close().await;
    assert!(
        found.is_empty(),
        "{} findings:\n{}",
        found.len(),
        found.join("\n")
    );
}
