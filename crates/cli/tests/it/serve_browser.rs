//! End-to-end: `duel serve` in a real headless Chromium, driven through chromedriver with the
//! `fantoccini` WebDriver client.
//!
//! The test plays a whole Ioiwari game by keyboard (a focused pit and Enter, then the keys
//! 1-7), always the pit the page marks as best, against the perfect computer; checks that the
//! marks agree with the
//! library's solver, that the last pit played is marked, that the computer's moves are sown bead
//! by bead and explained in words with the banks' gains the library counts, that the position's
//! link opens the same position, and that the result the page shows is the value the solver
//! announced; tries undo and a refused start board (explained under its field); plays a
//! Pooh-Eeyore-sticks game through the map, typed moves (a refused one explained under Take)
//! and the winning-move buttons, with its pool's link; replays judged games in the viewer on
//! the play page's board. On a phone-sized window under reduced motion: no animation, tap
//! targets, readable labels, no sideways scroll.
//! When the environment variable `DUEL_SCREENSHOT` names a file (`1` means
//! `docs/screenshot.png`), it saves a screenshot of the page there, and of the other views
//! beside it.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test is skipped as
//! `duel_test_support::skip` says, and fails when the environment variable CI is set.

mod access;
mod audit;

use crate::support::serve::Server;
use duel_test_support::duel;
use duel_test_support::process::KillOnDrop;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
use duel_ioiwari::{Board, Pit, Player, Table};
use duel_mis::Position as MisPosition;
use fantoccini::actions::{InputSource, KeyAction, KeyActions};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

const WAIT: Duration = Duration::from_secs(30);
const CHROMIUM_FLAGS: [&str; 10] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1000",
];

/// A child started as the leader of a process group of its own, which is killed with it when
/// the test ends: chromedriver, with the Chromium that a panicking test never closed.
struct GroupGuard(KillOnDrop);

impl Drop for GroupGuard {
    fn drop(&mut self) {
        let group = rustix::process::Pid::from_child(&self.0 .0);
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free local port")
        .port()
}

// ---- the browser ---------------------------------------------------------------------------

/// chromedriver, a Chromium session in it and the profile directory the session uses.
struct Browser {
    client: Client,
    _process: GroupGuard,
    _profile: tempfile::TempDir,
}

impl Browser {
    async fn start(chromedriver: &Path, chromium: &Path) -> Browser {
        Browser::start_with(chromedriver, chromium, &[]).await
    }

    /// A session whose Chromium has these flags besides the usual ones.
    async fn start_with(chromedriver: &Path, chromium: &Path, flags: &[&str]) -> Browser {
        Browser::start_full(chromedriver, chromium, flags, None).await
    }

    /// A session with these flags and, if given, chromedriver's `mobileEmulation` options (a
    /// phone's screen and touch).
    async fn start_full(
        chromedriver: &Path,
        chromium: &Path,
        flags: &[&str],
        mobile: Option<serde_json::Value>,
    ) -> Browser {
        let port = free_port();
        let process = GroupGuard(KillOnDrop(
            Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .process_group(0)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        ));
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not start listening"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let profile = tempfile::tempdir().expect("a fresh Chromium profile directory");
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.extend(flags.iter().map(|flag| flag.to_string()));
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        let mut options = json!({ "binary": chromium.to_string_lossy(), "args": args });
        if let Some(mobile) = mobile {
            options["mobileEmulation"] = mobile;
        }
        capabilities.insert("goog:chromeOptions".into(), options);
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("chromedriver gives a session");
        Browser {
            client,
            _process: process,
            _profile: profile,
        }
    }

    async fn find(&self, css: &str) -> Element {
        self.client
            .wait()
            .at_most(WAIT)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|error| panic!("no element matches {css}: {error}"))
    }

    /// Finds `css` and does `act` to it, finding it again when the page redrew in between (the
    /// tables and the board are rebuilt on every change, so a handle can go stale at any time).
    async fn on<T, F, Fut>(&self, css: &str, what: &str, act: F) -> T
    where
        F: Fn(Element) -> Fut,
        Fut: std::future::Future<Output = Result<T, fantoccini::error::CmdError>>,
    {
        let deadline = Instant::now() + WAIT;
        loop {
            match act(self.find(css).await).await {
                Ok(value) => return value,
                Err(error) if error.is_stale_element_reference() && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                Err(error) => panic!("{what} on {css}: {error}"),
            }
        }
    }

    async fn click(&self, css: &str) {
        self.on(
            css,
            "a click",
            |element| async move { element.click().await },
        )
        .await;
    }

    async fn text(&self, css: &str) -> String {
        self.on(css, "an element's text", |element| async move {
            element.text().await
        })
        .await
    }

    /// The attribute `name` of the element `css` selects, read in the page in one step (the
    /// page redraws after every move, so a handle found earlier may be stale).
    async fn attribute(&self, css: &str, name: &str) -> Option<String> {
        let value = self
            .client
            .execute(
                "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
                vec![json!(css), json!(name)],
            )
            .await
            .expect("a script runs");
        value.as_str().map(str::to_string)
    }

    async fn type_into(&self, css: &str, text: &str) {
        self.on(css, "typing", |field| async move {
            field.clear().await?;
            field.send_keys(text).await
        })
        .await;
    }

    /// Chooses the option `value` of the list `css`, once the list has it (a tab's lists are
    /// filled when its script has loaded and the server answered).
    async fn select(&self, css: &str, value: &str) {
        self.find(&format!("{css} option[value=\"{value}\"]")).await;
        self.on(css, "choosing an option", |element| async move {
            element.select_by_value(value).await
        })
        .await;
    }

    /// Presses and releases `key` on whatever has the focus, as a person at a keyboard does.
    async fn press(&self, key: char) {
        let keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client
            .perform_actions(keys)
            .await
            .expect("a key press");
    }

    /// Loads the page's Ioiwari tab from `url` and waits for the person's first turn.
    async fn open_ioiwari(&self, url: &str) {
        self.client
            .goto(&format!("{url}#ioiwari"))
            .await
            .expect("the page loads");
        self.wait_state("#ioi-status", &["your-turn"]).await;
    }

    /// Waits until the element's `data-state` is one of `states`; returns the one reached.
    async fn wait_state(&self, css: &str, states: &[&str]) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(state) = self.attribute(css, "data-state").await {
                if states.contains(&state.as_str()) {
                    return state;
                }
            }
            assert!(Instant::now() < deadline, "{css} never reached {states:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Saves a screenshot where `DUEL_SCREENSHOT` says, if it is set: the main one (`name`
    /// "page") there, the others beside it as `<stem>-<name>.png` (with `1`: the main one as
    /// `docs/screenshot.png`, the others in Cargo's temporary directory of the tests).
    async fn screenshot_if_asked(&self, name: &str) {
        let Some(wanted) = std::env::var_os("DUEL_SCREENSHOT") else {
            return;
        };
        let by_default = wanted == "1";
        let main = if by_default {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshot.png")
        } else {
            PathBuf::from(wanted)
        };
        let path = match (name, by_default) {
            ("page", _) => main,
            (_, true) => {
                Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("screenshot-{name}.png"))
            }
            (_, false) => main.with_file_name(format!(
                "{}-{name}.png",
                main.file_stem().unwrap_or_default().to_string_lossy()
            )),
        };
        let png = self.client.screenshot().await.expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&path, png).expect("screenshot written");
    }
}

/// Opens `address` (a fragment such as `#mis?p=7...`, or nothing) in a fresh page load.
async fn open_fresh(browser: &Browser, url: &str, address: &str) {
    browser.client.goto("about:blank").await.unwrap();
    browser
        .client
        .goto(&format!("{url}{address}"))
        .await
        .expect("the page loads");
}

/// The pits of a whole Ioiwari game of best play (the first best pit each time) from `start`.
fn best_play(table: &Table, start: Board) -> Vec<String> {
    let mut position = duel_ioiwari::Position::start(start);
    let mut pits = Vec::new();
    while let Some(pit) = table.first_best_move(position.board) {
        pits.push(pit.to_string());
        position = position.play(pit).unwrap();
    }
    pits
}

// ---- the test ------------------------------------------------------------------------------

/// The board as the page draws it, from each pit's `data-beads`.
async fn board_on_page(browser: &Browser) -> Board {
    let mut pits = [0u8; 7];
    for (index, count) in pits.iter_mut().enumerate() {
        let pit = format!("#ioi-board g.pit[data-pit=\"{}\"]", index + 1);
        *count = browser
            .attribute(&pit, "data-beads")
            .await
            .and_then(|b| b.parse().ok())
            .expect("every pit tells its beads");
    }
    Board::new(pits).expect("the page draws a valid board")
}

/// A list of strings read in the page by one script, so a redraw cannot come in between.
async fn strings(browser: &Browser, script: &str) -> Vec<String> {
    strings_given(browser, script, vec![]).await
}

/// As [`strings`], with arguments for the script.
async fn strings_given(
    browser: &Browser,
    script: &str,
    arguments: Vec<serde_json::Value>,
) -> Vec<String> {
    let value = browser
        .client
        .execute(script, arguments)
        .await
        .expect("a script runs");
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|item| item.as_str().unwrap_or_default().to_string())
        .collect()
}

async fn marked_best_pits(browser: &Browser) -> Vec<u8> {
    strings(
        browser,
        "return Array.from(document.querySelectorAll('#ioi-board g.pit[data-best=\"true\"]'), p => p.getAttribute('data-pit'));",
    )
    .await
    .iter()
    .map(|pit| pit.parse().unwrap())
    .collect()
}

fn tools() -> Option<(PathBuf, PathBuf)> {
    let chromium = find_program(&["chromium", "chromium-browser"]);
    let chromedriver = find_program(&["chromedriver"]);
    if let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) {
        return Some((chromium, chromedriver));
    }
    duel_test_support::skip::unless_required(
        false,
        "chromium or chromedriver is not installed",
        ".ci/setup installs them (apt-get install chromium chromium-driver)",
        "CI",
    );
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    // A real judge report and logs: our own player on the official tests.
    let work = tempfile::tempdir().unwrap();
    let report = work.path().join("judged.json");
    let logs = work.path().join("logs");
    let judged = duel!()
        .args(["ioiwari", "judge", "--report"])
        .arg(&report)
        .arg("--logs")
        .arg(&logs)
        .output()
        .expect("the judge runs");
    assert!(judged.status.success(), "{judged:?}");
    let server = Server::start(&["--report".as_ref(), report.as_os_str()]);
    let url = server.url();
    let browser = Browser::start(&chromedriver, &chromium).await;
    browser.open_ioiwari(&url).await;
    assert_eq!(
        browser
            .attribute("#ioi-status", "aria-live")
            .await
            .as_deref(),
        Some("polite")
    );

    ioiwari_by_keyboard(&browser).await;
    a_game_is_an_address(&browser, (&chromedriver, &chromium), &url).await;
    browser.open_ioiwari(&url).await;
    variants_on_page(&browser).await;
    pooh_eeyore_sticks(&browser).await;
    let table = String::from_utf8_lossy(&judged.stdout).into_owned();
    viewer(&browser, work.path(), &logs, &table).await;
    the_viewer_as_an_organisers_tool(&browser, &url, &report).await;
    let _ = browser.client.clone().close().await;
}

/// The page's game session (`crates/web/assets/common.js`) passes its unit tests
/// (`crates/web/assets/tests/`) under Node's own test runner, which needs no bundler. Without
/// Node the test is skipped as `duel_test_support::skip` says, and fails when CI is set.
#[test]
fn the_pages_session_passes_its_unit_tests_under_node() {
    let Some(node) = find_program(&["node", "nodejs"]) else {
        duel_test_support::skip::unless_required(
            false,
            "Node is not installed",
            ".ci/setup installs it (apt-get install nodejs)",
            "CI",
        );
        return;
    };
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/assets/tests");
    let output = Command::new(node)
        .arg("--test")
        .arg(&tests)
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Node's closing lines: every test passed, and there were some.
    assert!(report.contains("# fail 0"), "{report}");
    let passed: usize = report
        .lines()
        .find_map(|line| line.strip_prefix("# pass "))
        .and_then(|count| count.trim().parse().ok())
        .unwrap_or(0);
    assert!(passed >= 10, "the session's unit tests ran: {report}");
}

/// "1 bead", "3 beads".
fn beads(count: u8) -> String {
    format!("{count} bead{}", if count == 1 { "" } else { "s" })
}

/// The line under the board explains the last move, played by `player` on `before`: the pit
/// the board marks as last, its beads, and the beads each bank got, as the rules library
/// counts them.
async fn the_last_move_is_explained(browser: &Browser, before: Board, player: Player) {
    let pit: u8 = browser
        .attribute("#ioi-board g.pit[data-last=\"true\"]", "data-pit")
        .await
        .and_then(|pit| pit.parse().ok())
        .expect("the last pit is marked");
    let sowing = before.play(Pit::new(pit).unwrap()).unwrap();
    let (me, other) = (player.number(), player.other().number());
    let totals = match (sowing.mover_gain, sowing.opponent_gain) {
        (0, _) => format!("(1 bead for player {other})."),
        (mine, 0) => format!("({} for player {me}).", beads(mine)),
        (mine, _) => format!("({} for player {me}, 1 for player {other}).", beads(mine)),
    };
    let line = browser.text("#ioi-last-move").await;
    let lifted = before.pits()[usize::from(pit) - 1];
    assert!(
        line.starts_with(&format!(
            "Player {me} sowed pit {pit}'s {}: ",
            beads(lifted)
        )),
        "{line}"
    );
    assert!(line.ends_with(&totals), "{line} (expected {totals})");
}

/// Opens the address of the link `id` (which must contain `fragment`) in a fresh page load and
/// waits for the person's turn on `status`; returns the address.
async fn open_link_afresh(browser: &Browser, id: &str, fragment: &str, status: &str) -> String {
    let link = browser
        .client
        .execute(
            "return document.getElementById(arguments[0]).href;",
            vec![json!(id)],
        )
        .await
        .unwrap();
    let link = link.as_str().expect("the link's address").to_string();
    assert!(link.contains(fragment), "{link}");
    browser.client.goto("about:blank").await.unwrap();
    browser
        .client
        .goto(&link)
        .await
        .expect("the shared link opens");
    browser.wait_state(status, &["your-turn"]).await;
    link
}

/// The page's link to the position on show, opened afresh, shows the same position with the
/// person to move.
async fn a_shared_link_opens_the_same_position(browser: &Browser, board: Board) {
    let banks = ["#ioi-board-bank-1", "#ioi-board-bank-2"];
    let mut before = Vec::new();
    for css in banks {
        before.push(browser.attribute(css, "data-beads").await);
    }
    let link = open_link_afresh(browser, "ioi-link", "#ioiwari?start=", "#ioi-status").await;
    assert_eq!(board_on_page(browser).await, board, "the shared board");
    let mut after = Vec::new();
    for css in banks {
        after.push(browser.attribute(css, "data-beads").await);
    }
    assert_eq!(after, before, "the shared banks");
    let address = browser.client.current_url().await.unwrap();
    assert!(
        address.as_str().ends_with(link.split('#').nth(1).unwrap()),
        "{address}"
    );
}

async fn ioiwari_by_keyboard(browser: &Browser) {
    let table = Table::solve();
    // A start board that is not one refuses to start, and the game on show stays.
    let before = board_on_page(browser).await;
    browser.type_into("#ioi-start", "9 9 9 9 9 9 9").await;
    browser.click("#ioi-new").await;
    let deadline = Instant::now() + WAIT;
    while browser.text("#ioi-start-error").await.is_empty() {
        assert!(Instant::now() < deadline, "no error shown for a bad board");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    a_refused_start_is_explained_beside_its_field(browser).await;
    assert_eq!(board_on_page(browser).await, before);
    assert_eq!(
        browser
            .attribute("#ioi-status", "data-state")
            .await
            .as_deref(),
        Some("your-turn")
    );

    // A new game from a start board typed in, the person as player 1, the perfect computer.
    let start: Board = "3 3 3 3 2 3 3".parse().unwrap();
    browser.type_into("#ioi-start", &start.to_string()).await;
    browser.select("#ioi-side", "1").await;
    browser.select("#ioi-strength", "perfect").await;
    browser.click("#ioi-new").await;
    let deadline = Instant::now() + WAIT;
    while board_on_page(browser).await != start {
        assert!(Instant::now() < deadline, "the new board never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(browser.text("#ioi-error").await.is_empty());
    assert!(browser.text("#ioi-start-error").await.is_empty());
    assert_eq!(browser.attribute("#ioi-start", "aria-invalid").await, None);

    let mut my_moves = 0;
    let mut tried_undo = false;
    // The board after the person's last move, to check the computer's answer against.
    let mut after_mine: Option<Board> = None;
    loop {
        let state = browser
            .wait_state("#ioi-status", &["your-turn", "over"])
            .await;
        if state == "over" {
            break;
        }
        let board = board_on_page(browser).await;
        // The page's marks must be the solver's optimal moves for this board.
        let best: Vec<u8> = table.best_moves(board).iter().map(Pit::number).collect();
        assert_eq!(
            marked_best_pits(browser).await,
            best,
            "best marks on {board}"
        );

        if my_moves == 1 && !tried_undo {
            // Play a pit that is not best, let the computer answer, then take both back.
            if let Some(pit) = board
                .legal_moves()
                .iter()
                .find(|pit| !table.best_moves(board).contains(*pit))
            {
                tried_undo = true;
                browser.press(char::from(b'0' + pit.number())).await;
                browser
                    .wait_state("#ioi-status", &["your-turn", "over"])
                    .await;
                assert_ne!(board_on_page(browser).await, board);
                browser.click("#ioi-undo").await;
                browser.wait_state("#ioi-status", &["your-turn"]).await;
                assert_eq!(
                    board_on_page(browser).await,
                    board,
                    "undo restores the board"
                );
                continue;
            }
        }
        if let Some(before) = after_mine.take() {
            // The computer's move, in words and bead by bead.
            the_last_move_is_explained(browser, before, Player::Two).await;
            let frames: usize = browser
                .attribute("#ioi-board", "data-sowing-frames")
                .await
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            assert!(frames > 1, "the sowing was animated: {frames} frames");
        }
        if my_moves == 2 {
            browser.screenshot_if_asked("page").await;
            a_shared_link_opens_the_same_position(browser, board).await;
        }
        let pit = best[0];
        after_mine = Some(board.play(Pit::new(pit).unwrap()).unwrap().board);
        if my_moves == 0 {
            // The first move: focus the pit (the arrows would; access.rs walks there by
            // keyboard), then Enter.
            let playable = browser
                .attribute(&format!("#pit-{pit}"), "aria-disabled")
                .await;
            assert_eq!(playable.as_deref(), Some("false"), "a playable pit");
            browser
                .client
                .execute(
                    &format!("document.getElementById('pit-{pit}').focus();"),
                    vec![],
                )
                .await
                .unwrap();
            browser.press('\u{E007}').await; // Enter
        } else {
            // Focus on nothing in particular, then the pit's number.
            browser
                .client
                .execute(
                    "document.activeElement && document.activeElement.blur();",
                    vec![],
                )
                .await
                .unwrap();
            browser.press(char::from(b'0' + pit)).await;
        }
        my_moves += 1;
        // The move is taken and the computer answers: the last pit played is marked.
        browser
            .wait_state("#ioi-status", &["your-turn", "over"])
            .await;
        let last = strings(
            browser,
            "return Array.from(document.querySelectorAll('#ioi-board g.pit[data-last=\"true\"]'), p => p.getAttribute('data-pit'));",
        )
        .await;
        assert_eq!(last.len(), 1, "exactly one pit is marked as played last");
        assert!(my_moves <= 35, "a game cannot last this long");
    }

    // Both sides played optimally, so player 1 wins by exactly the solver's value.
    let value = i32::from(table.value(start));
    assert!(value > 0, "player 1 wins every start board");
    let (one, two) = ((20 + value) / 2, (20 - value) / 2);
    assert_eq!(
        browser.text("#ioi-result").await,
        format!("Game over: player 1 wins {one}-{two}. You win!"),
        "the page's result"
    );
    // The sentence duel ioiwari play says at the end, from the same function (through the API,
    // asked for when the game ends).
    let deadline = Instant::now() + WAIT;
    loop {
        let status = browser.text("#ioi-status").await;
        if status.ends_with(duel_ioiwari::mistake::NO_MISTAKE) {
            break;
        }
        assert!(Instant::now() < deadline, "{status}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(tried_undo, "the undo check ran");
    let moves_played = browser
        .client
        .find_all(Locator::Css("#ioi-log li"))
        .await
        .unwrap()
        .len();
    assert_eq!(
        browser.attribute("#ioi-history", "data-points").await,
        Some((moves_played + 1).to_string()),
        "one history point per position"
    );

    // The rules, one click away.
    browser.click("#ioi-rules summary").await;
    let rules = browser.text("#ioi-rules p").await;
    assert!(
        rules.contains("bank") && rules.contains("clockwise"),
        "{rules}"
    );

    // Values hidden: no value anywhere on the board, nor the table of moves.
    browser.click("#ioi-show-values").await;
    assert_eq!(
        browser.attribute("#ioi-moves", "hidden").await.as_deref(),
        Some("")
    );
    assert!(
        strings(browser, "return Array.from(document.querySelectorAll('#ioi-board .value-tag, #ioi-board .pit-ring'), e => 'x');")
            .await
            .is_empty()
    );
    browser.click("#ioi-show-values").await;
}

/// The pool as the page draws it, from the piles' `data-count`, with the bound 3 of the test.
async fn mis_pool_on_page(browser: &Browser) -> MisPosition {
    let mut counts = [0u32; 2];
    for (count, css) in counts.iter_mut().zip(["#pile-pooh", "#pile-eeyore"]) {
        *count = browser
            .attribute(css, "data-count")
            .await
            .and_then(|n| n.parse().ok())
            .expect("each pile tells its count");
    }
    MisPosition::new_unchecked_limits(counts[0], counts[1], 3).unwrap()
}

/// The variant board as the page draws it, from each pit's `data-beads`.
async fn variant_board_on_page(browser: &Browser, variant: Variant) -> VariantBoard {
    let counts: Vec<u8> = strings(
        browser,
        "return Array.from(document.querySelectorAll('#var-board g.pit'), p => p.getAttribute('data-beads'));",
    )
    .await
    .iter()
    .map(|beads| beads.parse().expect("every pit tells its beads"))
    .collect();
    VariantBoard::new(variant, &counts).expect("the page draws a board of the variant")
}

/// The Variants tab: 6 pits of cap 3, the person as player 1 always playing the first best
/// pit the page marks (checked against the library's solver); the game ends as the start's
/// value says, and a board of the wrong size is refused beside the form.
async fn variants_on_page(browser: &Browser) {
    let variant = Variant::new(6, 3).unwrap();
    let table = VariantTable::solve(variant).unwrap();
    browser.click("#tab-variants").await;
    browser.select("#var-pits", "6").await;
    browser.select("#var-cap", "3").await;
    browser.type_into("#var-start", "3 3 3 3 3 3").await;
    browser.select("#var-side", "1").await;
    browser.click("#var-new").await;
    let start = VariantBoard::parse(variant, "3 3 3 3 3 3").unwrap();
    let mut moves = 0;
    while browser
        .wait_state("#var-status", &["your-turn", "over"])
        .await
        == "your-turn"
    {
        let board = variant_board_on_page(browser, variant).await;
        // Undo only when there is a move to take back.
        let undo = browser.attribute("#var-undo", "disabled").await;
        assert_eq!(undo.is_some(), moves == 0, "Undo after {moves} moves");
        let marked: Vec<usize> = strings(
            browser,
            "return Array.from(document.querySelectorAll('#var-board g.pit[data-best=\"true\"]'), p => p.getAttribute('data-pit'));",
        )
        .await
        .iter()
        .map(|pit| pit.parse().unwrap())
        .collect();
        assert_eq!(marked, table.best_moves(&board), "the best pits of {board}");
        if moves == 1 {
            browser.screenshot_if_asked("variants").await;
        }
        browser.click(&format!("#var-pit-{}", marked[0])).await;
        moves += 1;
        assert!(moves < 100, "the game ends");
    }
    let banks: Vec<i64> = strings(
        browser,
        "return ['var-bank-1', 'var-bank-2'].map(id => document.getElementById(id).textContent);",
    )
    .await
    .iter()
    .map(|bank| bank.parse().unwrap())
    .collect();
    assert_eq!(banks[0] + banks[1], 18, "every bead is banked");
    assert_eq!(
        banks[0] - banks[1],
        i64::from(table.value(&start)),
        "best play on both sides ends as the start's value says"
    );
    assert!(browser.text("#var-result").await.starts_with("Game over"));
    browser.type_into("#var-start", "3 3 3").await;
    browser.click("#var-new").await;
    let deadline = Instant::now() + WAIT;
    loop {
        let error = browser.text("#var-error").await;
        if !error.is_empty() {
            assert!(error.contains("3 pit counts given"), "{error}");
            break;
        }
        assert!(Instant::now() < deadline, "the refused board is explained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser.click("#tab-ioiwari").await;
}

async fn pooh_eeyore_sticks(browser: &Browser) {
    // Bolek (the person) wins by always taking a winning move, entered first by clicking the
    // pattern map, then by typing, then with the winning-move buttons.
    browser.click("#tab-mis").await;
    browser.type_into("#mis-p", "7").await;
    browser.type_into("#mis-e", "2").await;
    browser.type_into("#mis-b", "3").await;
    browser.click("#mis-new").await;
    let mut bolek_moves = 0;
    loop {
        if browser
            .wait_state("#mis-status", &["your-turn", "over"])
            .await
            == "over"
        {
            break;
        }
        let pool = mis_pool_on_page(browser).await;
        let mv = pool.winning_move().expect("Bolek keeps a winning position");
        let target = (pool.p() - mv.take_p, pool.e() - mv.take_e);
        match bolek_moves {
            0 => {
                // Wait for the map of this pool, then click the winning move's square.
                browser
                    .find(&format!(
                        "#mis-pattern[data-for=\"{},{}\"]",
                        pool.p(),
                        pool.e()
                    ))
                    .await;
                browser
                    .click(&format!(
                        "#mis-pattern rect.cell.reachable[data-p=\"{}\"][data-e=\"{}\"]",
                        target.0, target.1
                    ))
                    .await;
            }
            1 => {
                a_refused_move_is_explained_beside_take(browser).await;
                browser
                    .type_into("#mis-take-p", &mv.take_p.to_string())
                    .await;
                browser
                    .type_into("#mis-take-e", &mv.take_e.to_string())
                    .await;
                browser.click("#mis-play").await;
            }
            _ => {
                if bolek_moves == 2 {
                    // The pool's link, opened afresh: the same pool, the person to move.
                    open_link_afresh(browser, "mis-link", "#mis?p=", "#mis-status").await;
                    assert_eq!(mis_pool_on_page(browser).await, pool, "the shared pool");
                }
                let buttons = browser
                    .client
                    .find_all(Locator::Css("#mis-winning button"))
                    .await
                    .unwrap();
                if buttons.is_empty() {
                    browser.click("#mis-show-winning").await;
                }
                browser.click("#mis-winning button").await;
            }
        }
        bolek_moves += 1;
        // The click is taken at once; wait until the page has the pool it leads to (or the
        // computer's answer after it).
        let deadline = Instant::now() + WAIT;
        while mis_pool_on_page(browser).await == pool {
            assert!(
                Instant::now() < deadline,
                "the move from {pool} was not played"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    assert!(bolek_moves >= 2, "the game used the map and the typed move");
    assert_eq!(
        browser.text("#mis-result").await,
        "Game over: Bolek took the last stick and wins. You win!"
    );
    let status = browser.text("#mis-status").await;
    assert!(status.contains("You made no mistake."), "{status}");
}

/// A refused start board: the reason right under the start board's field, as wide as the
/// field, the field marked invalid, nothing at the top of the panel.
async fn a_refused_start_is_explained_beside_its_field(browser: &Browser) {
    let error = browser.text("#ioi-start-error").await;
    assert!(error.starts_with("Not started: "), "{error}");
    assert!(browser.text("#ioi-error").await.is_empty());
    assert_eq!(
        browser
            .attribute("#ioi-start", "aria-invalid")
            .await
            .as_deref(),
        Some("true")
    );
    let places = strings(
        browser,
        "return ['ioi-start', 'ioi-start-error', 'ioi-setup'].flatMap(id => {
           const r = document.getElementById(id).getBoundingClientRect();
           return [r.left, r.right, r.top, r.bottom].map(String);
         });",
    )
    .await;
    let at = |i: usize| -> f64 { places[i].parse().unwrap() };
    let (field_left, field_right, field_bottom) = (at(0), at(1), at(3));
    let (error_left, error_right, error_top, error_bottom) = (at(4), at(5), at(6), at(7));
    let setup_bottom = at(11);
    assert!(
        error_top >= field_bottom - 1.0
            && error_top - field_bottom < 12.0
            && (error_left - field_left).abs() < 2.0
            && error_right <= field_right + 2.0
            && error_bottom <= setup_bottom + 1.0,
        "the error sits under the start board's field, within the setup row: {places:?}"
    );
    browser.screenshot_if_asked("start-error").await;
}

/// A move beyond the bound B = 3: refused, the reason beside Take, the status still the
/// person's turn, nothing at the top of the panel.
async fn a_refused_move_is_explained_beside_take(browser: &Browser) {
    browser.type_into("#mis-take-p", "4").await;
    browser.type_into("#mis-take-e", "0").await;
    browser.click("#mis-play").await;
    browser.wait_state("#mis-status", &["refused"]).await;
    let error = browser.text("#mis-move-error").await;
    assert!(!error.is_empty(), "the refusal is explained");
    assert!(browser.text("#mis-error").await.is_empty());
    let status = browser.text("#mis-status").await;
    assert!(status.contains("is still to move"), "{status}");
    // Right under the row of Take, before anything else.
    let places = strings(
        browser,
        "return ['mis-play', 'mis-move-error', 'mis-status'].flatMap(id => {
           const r = document.getElementById(id).getBoundingClientRect();
           return [String(r.top), String(r.bottom)];
         });",
    )
    .await;
    let [_, take_bottom, error_top, error_bottom, status_top, _]: [f64; 6] =
        [0, 1, 2, 3, 4, 5].map(|i| places[i].parse().unwrap());
    assert!(
        error_top >= take_bottom - 1.0
            && error_top - take_bottom < 30.0
            && error_bottom <= status_top,
        "the error sits under Take, above the status: {places:?}"
    );
    browser.screenshot_if_asked("mis").await;
}

/// Waits until the viewer's status shows frame `number`; returns the status text.
async fn wait_frame(browser: &Browser, number: usize) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        if browser.attribute("#view-status", "data-frame").await == Some(number.to_string()) {
            return browser.text("#view-status").await;
        }
        assert!(
            Instant::now() < deadline,
            "the viewer never showed move {number}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Chooses `path` in the viewer's file field, waits for it to show, and replays its first test.
async fn open_and_replay(browser: &Browser, path: &Path) {
    browser
        .find("#view-file")
        .await
        .send_keys(&path.to_string_lossy())
        .await
        .expect("a file chosen");
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let deadline = Instant::now() + WAIT;
    while !browser.text("#view-title").await.starts_with(&name) {
        assert!(Instant::now() < deadline, "{name} never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser
        .click("#view-tests tbody tr:first-child button.replay")
        .await;
    wait_frame(browser, 0).await;
}

/// `terminal`: the judge's table as it printed it for the report given to duel serve.
async fn viewer(browser: &Browser, work: &Path, logs: &Path, terminal: &str) {
    let table = Table::solve();
    browser.click("#tab-viewer").await;
    // The report given to duel serve: our player wins all 24 official tests.
    let deadline = Instant::now() + WAIT;
    while browser
        .attribute("#view-summary", "data-score")
        .await
        .as_deref()
        != Some("100")
    {
        assert!(Instant::now() < deadline, "the report's score never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let rows = browser
        .client
        .find_all(Locator::Css("#view-tests tbody tr"))
        .await
        .unwrap();
    assert_eq!(rows.len(), 24, "one row per official test");
    let first_input = browser
        .text("#view-tests tbody tr:first-child td:nth-child(2)")
        .await;
    let board: Board = first_input.parse().expect("the test's board");
    // The memory column says what the judge's table in the terminal says for the same test
    // (one notation: "<1 MB" where the figure is only the measurement's resolution).
    let judged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(work.join("judged.json")).unwrap()).unwrap();
    let row = terminal
        .lines()
        .find(|line| line.trim_start().starts_with("1  "))
        .unwrap_or_else(|| panic!("test 1's row in the judge's table: {terminal}"));
    let cells: Vec<&str> = row
        .split("  ")
        .map(str::trim)
        .filter(|cell| !cell.is_empty())
        .collect();
    let memory = browser
        .text("#view-tests tbody tr:first-child td.memory")
        .await;
    assert_eq!(memory, cells[6], "the terminal's row: {row}");
    browser
        .click("#view-tests tbody tr:first-child button.replay")
        .await;
    wait_frame(browser, 0).await;
    the_replay_looks_like_the_play_page(browser).await;
    let total = judged["tests"][0]["moves"].as_u64().unwrap();
    let status = browser.text("#view-status").await;
    assert!(
        status.starts_with(&format!("The start of a game of {total} moves. ")),
        "{status}"
    );
    browser.click("#view-next").await;
    let status = wait_frame(browser, 1).await;
    let best = table.best_moves(board);
    let played = best.iter().next().unwrap();
    // Which move of how many, then the move: not "Move 1: player 1 plays pit 2 of 30 moves."
    assert!(
        status.starts_with(&format!("Move 1 of {total}: player 1 plays pit {played}. ")),
        "{status}"
    );
    browser.click("#view-last").await;
    let moves: usize = browser
        .attribute("#view-goto", "max")
        .await
        .and_then(|m| m.parse().ok())
        .unwrap();
    let status = wait_frame(browser, moves).await;
    assert!(status.contains("Game over, banks"), "{status}");

    // A report with a lost game, opened from the page: player 1's first move is not optimal.
    let start: Board = "4 3 2 4 2 3 2".parse().unwrap();
    let wrong = start
        .legal_moves()
        .iter()
        .find(|pit| !table.best_moves(start).contains(*pit))
        .unwrap();
    let mut position = duel_ioiwari::Position::start(start).play(wrong).unwrap();
    let mut pits = vec![wrong.to_string()];
    while let Some(pit) = table.first_best_move(position.board) {
        pits.push(pit.to_string());
        position = position.play(pit).unwrap();
    }
    let lost = json!({
        "game": "ioiwari", "player": "./weak", "score": 0.0, "planned": 1, "interrupted": false,
        "tests": [{ "index": 1, "input": start.to_string(), "verdict": "loss", "reason": "lost",
            "moves": pits.len(), "move_list": pits.join(" "), "summary": null,
            "time_ms": 0, "wall_ms": 0, "memory_kb": null, "first_mistake": null }]
    });
    let path = work.join("lost.json");
    std::fs::write(&path, lost.to_string()).unwrap();
    open_and_replay(browser, &path).await;
    // No memory figure: a dash, as in the judge's table.
    assert_eq!(
        browser
            .text("#view-tests tbody tr:first-child td.memory")
            .await,
        "-"
    );
    browser.click("#view-mistake").await;
    let status = wait_frame(browser, 1).await;
    assert_eq!(
        browser
            .attribute("#view-status", "data-state")
            .await
            .as_deref(),
        Some("mistake")
    );
    let best: Vec<String> = table
        .best_moves(start)
        .iter()
        .map(|p| p.to_string())
        .collect();
    let either = match best.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => best.join(""),
    };
    // Said forwards: what the move led to, then what the best pits would have given.
    let value = table.value(start);
    assert!(
        status.contains("A mistake: with best play from there "),
        "{status}"
    );
    assert!(
        status.contains(&format!("; pit {either} would have won by {value}.")),
        "{status}"
    );

    // The record of a game's moves that the judge keeps beside each log, opened the same way.
    let record = std::fs::read_dir(logs)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "moves"))
        .min()
        .expect("the judge wrote records of moves");
    open_and_replay(browser, &record).await;
    // Its verdict named from the game's end: our player wins.
    assert_eq!(
        browser
            .text("#view-tests tbody tr:first-child td.verdict")
            .await,
        "win"
    );
    browser.screenshot_if_asked("viewer").await;
    browser.click("#view-play").await;
    wait_frame(browser, 2).await;
    browser.click("#view-play").await;
}

/// The viewer's board is the play page's round board with its banks, above the table of
/// tests; its buttons use only characters every font draws (Latin-1).
async fn the_replay_looks_like_the_play_page(browser: &Browser) {
    let facts = strings(
        browser,
        "const b = document.getElementById('view-board').getBoundingClientRect();
         const t = document.getElementById('view-tests').getBoundingClientRect();
         return [String(document.querySelectorAll('#view-board .board-bg').length),
                 String(document.querySelectorAll('#view-board g.pit').length),
                 String(document.querySelectorAll('#view-board rect.bank').length),
                 String(b.top), String(t.top),
                 Array.from(document.querySelectorAll('#view-controls button'), e => e.textContent).join('|')];",
    )
    .await;
    assert_eq!(&facts[..3], ["1", "7", "2"], "the round board and banks");
    let (board_top, table_top): (f64, f64) = (facts[3].parse().unwrap(), facts[4].parse().unwrap());
    assert!(
        board_top < table_top,
        "the board above the table: {facts:?}"
    );
    assert!(
        facts[5].chars().all(|c| u32::from(c) <= 0xFF),
        "buttons drawn by every font: {}",
        facts[5]
    );
}

/// A judged Pooh-Eeyore-sticks game too long for its text log, opened with its move record:
/// the page jumps to the end and to a move typed in, each fetched as one window (and, for a
/// game with a mistake, times the jump to the first one). By default the built-in Bolek's game from `200000 199999 1` (about 3.4·10^5
/// moves); `DUEL_LONG_GAME=DIR/test-NN.out` replays a log of the judge's instead (a
/// 2·10^7-move game, say), and prints how long each jump took.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_judged_game_in_a_real_browser() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    let work = tempfile::tempdir().unwrap();
    let log = match std::env::var_os("DUEL_LONG_GAME") {
        Some(path) => PathBuf::from(path),
        None => {
            let tests = work.path().join("long.txt");
            std::fs::write(&tests, "200000 199999 1\n").unwrap();
            let logs = work.path().join("logs");
            let judged = duel!()
                .args(["mis", "judge", "--tests"])
                .arg(&tests)
                .arg("--logs")
                .arg(&logs)
                .output()
                .expect("the judge runs");
            assert!(judged.status.success(), "{judged:?}");
            assert!(
                logs.join("test-01.moves").is_file(),
                "the record of every move"
            );
            logs.join("test-01.out")
        }
    };
    let server = Server::start(&["--report".as_ref(), log.as_os_str()]);
    let url = server.url();
    let browser = Browser::start(&chromedriver, &chromium).await;
    browser.client.goto(&url).await.expect("the page loads");
    // Started with --report and opened without a tab named: the viewer shows it by itself.
    browser.find("#tab-viewer.active").await;
    let deadline = Instant::now() + WAIT;
    while !browser.text("#view-title").await.starts_with("test-") {
        assert!(Instant::now() < deadline, "the log never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser
        .click("#view-tests tbody tr:first-child button.replay")
        .await;
    wait_frame(&browser, 0).await;
    let timed = |what: &str, since: Instant| {
        let _ = writeln!(
            std::io::stderr(),
            "viewer: {what} in {} ms",
            since.elapsed().as_millis()
        );
    };

    let since = Instant::now();
    browser.click("#view-last").await;
    let total: usize = browser
        .attribute("#view-goto", "max")
        .await
        .and_then(|max| max.parse().ok())
        .unwrap();
    let status = wait_frame(&browser, total).await;
    timed(&format!("the end, move {total}"), since);
    assert!(total > 11_000, "a game longer than its text log: {total}");
    assert!(status.contains("The pool is empty"), "{status}");
    // Empty piles are drawn empty; the move's number is shown whole.
    let ends = strings(
        &browser,
        "const li = document.querySelector('#view-log li.current');
         return [...Array.from(document.querySelectorAll('#view-board rect.stick'), r => r.getAttribute('width')),
                 li.textContent, String(li.scrollWidth <= li.clientWidth)];",
    )
    .await;
    assert_eq!(&ends[..2], ["0", "0"], "both piles are empty: {ends:?}");
    assert!(ends[2].starts_with(&format!("move {total}: ")), "{ends:?}");
    assert_eq!(ends[3], "true", "the line is not clipped: {ends:?}");

    // A move in the middle, which the text log left out.
    let chosen = total / 2 + 1234;
    let since = Instant::now();
    browser.type_into("#view-goto", &chosen.to_string()).await;
    browser.click("#view-go").await;
    let status = wait_frame(&browser, chosen).await;
    timed(&format!("move {chosen}"), since);
    // Not "Move N was not kept; the nearest kept is shown": the move itself, said of its player.
    assert!(
        status.starts_with(&format!("Move {chosen} of {total}: ")),
        "{status}"
    );
    assert!(
        status.contains("Bolek takes ") || status.contains("Lolek takes "),
        "{status}"
    );

    // The first mistake, when the game has one (the built-in Bolek makes none).
    let since = Instant::now();
    browser.click("#view-mistake").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    if browser
        .attribute("#view-status", "data-state")
        .await
        .as_deref()
        == Some("mistake")
    {
        let frame = browser.attribute("#view-status", "data-frame").await;
        timed(&format!("the first mistake, move {frame:?}"), since);
    }

    // The same game's record of every move, opened from the page.
    let count = || async {
        let value = browser
            .client
            .execute(
                "return document.querySelectorAll('#view-docs option').length;",
                vec![],
            )
            .await
            .expect("a script runs");
        value.as_u64().unwrap_or(0)
    };
    let before = count().await;
    let record = log.with_extension("moves");
    browser
        .find("#view-file")
        .await
        .send_keys(&record.to_string_lossy())
        .await
        .expect("a file chosen");
    let deadline = Instant::now() + WAIT;
    while count().await <= before {
        assert!(
            Instant::now() < deadline,
            "the uploaded record never showed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser
        .click("#view-tests tbody tr:first-child button.replay")
        .await;
    wait_frame(&browser, 0).await;
    let chosen = total / 3 + 77;
    browser.type_into("#view-goto", &chosen.to_string()).await;
    browser.click("#view-go").await;
    let status = wait_frame(&browser, chosen).await;
    assert!(
        status.starts_with(&format!("Move {chosen} of {total}: ")),
        "{status}"
    );
    let _ = browser.client.clone().close().await;
}

/// The controls of `panel` smaller than 24 px either way (visible ones only), and whether the
/// page scrolls sideways.
const SMALL_TARGETS: &str = r#"
const panel = document.getElementById(arguments[0]);
const small = [];
for (const el of panel.querySelectorAll('button, input, select, [role="button"], .stick-target')) {
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  if ((r.width === 0 && r.height === 0) || style.visibility === 'hidden' || style.display === 'none') continue;
  if (r.width < 24 || r.height < 24) {
    const name = el.id || (el.getAttribute('class') || el.tagName) + ' ' + (el.getAttribute('aria-label') || '');
    small.push(`${name}: ${r.width.toFixed(1)} x ${r.height.toFixed(1)} px`);
  }
}
if (document.documentElement.scrollWidth > window.innerWidth + 1) {
  small.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${window.innerWidth}`);
}
return small;
"#;

/// Text that `arguments[0]` selects drawn smaller than 11 px high on screen.
const SMALL_LABELS: &str = r#"
const small = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const r = el.getBoundingClientRect();
  if (r.height > 0 && r.height < 11) small.push(`${el.getAttribute('class')} "${el.textContent}": ${r.height.toFixed(1)} px`);
}
return small;
"#;

/// On a phone-sized window (390 x 844), with the system asking for reduced motion: every
/// control of both games and the viewer can be tapped (at least 24 px each way), nothing
/// scrolls sideways, the board's labels are readable, a move is shown without animation, and
/// once a Pooh-Eeyore-sticks game is started the status and the map it points at, just below
/// it, are on screen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_on_a_phone() {
    let Some((chromium, chromedriver)) = tools() else {
        return;
    };
    // A report whose long words and reasons must wrap, not widen the page.
    let work = tempfile::tempdir().unwrap();
    let report = work.path().join("phone.json");
    let reason = "the program wrote 'ThisIsAVeryLongWordWithoutAnySpacesThatMustNotWidenThePage' instead of a pit";
    // Reasons of different lengths: the cards differ in height, their replay buttons must not.
    let tests: Vec<serde_json::Value> = (1..=24)
        .map(|index| {
            let reason = if index % 2 == 0 {
                reason
            } else {
                "a short reason"
            };
            json!({ "index": index, "input": "4 3 2 4 2 3 2", "verdict": "protocol_error",
                "reason": reason, "moves": 2, "move_list": "2 3", "summary": null,
                "time_ms": 0, "wall_ms": 0, "memory_kb": 0, "first_mistake": null })
        })
        .collect();
    let doc = json!({ "game": "ioiwari", "player": "./a-submission-with-a-long-name", "score": 0.0,
        "planned": 24, "interrupted": false, "tests": tests });
    std::fs::write(&report, doc.to_string()).unwrap();
    let server = Server::start(&["--report".as_ref(), report.as_os_str()]);
    let url = server.url();
    let browser = Browser::start_with(
        &chromedriver,
        &chromium,
        &["--force-prefers-reduced-motion"],
    )
    .await;
    browser
        .client
        .set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    browser.open_ioiwari(&url).await;
    let width = strings(&browser, "return [String(window.innerWidth)];").await;
    assert!(
        width[0].parse::<u32>().unwrap() <= 400,
        "the window is phone-sized: {width:?}"
    );
    let small = strings_given(&browser, SMALL_TARGETS, vec![json!("ioiwari-panel")]).await;
    assert!(small.is_empty(), "Ioiwari on a phone: {small:?}");
    let labels = "#ioi-board .value-tag text, #ioi-board .pit-number, #ioi-board .bank-label, \
                  #ioi-board .bank-count, #ioi-history .axis-label";
    let small = strings_given(&browser, SMALL_LABELS, vec![json!(labels)]).await;
    assert!(
        small.is_empty(),
        "labels too small to read on a phone: {small:?}"
    );

    // Reduced motion: the move is shown at once, and the setting says it is off.
    let board = board_on_page(&browser).await;
    let pit = Table::solve().first_best_move(board).unwrap();
    browser.press(char::from(b'0' + pit.number())).await;
    browser
        .wait_state("#ioi-status", &["your-turn", "over"])
        .await;
    assert_eq!(
        browser
            .attribute("#ioi-board", "data-sowing-frames")
            .await
            .as_deref(),
        Some("0"),
        "no animation under reduced motion"
    );
    let animate = strings(
        &browser,
        "const box = document.getElementById('ioi-animate'); return [String(box.checked), String(box.disabled)];",
    )
    .await;
    assert_eq!(animate, ["false", "true"]);
    assert!(browser
        .text("#ioi-last-move")
        .await
        .starts_with("Player 2 sowed pit "));
    browser
        .client
        .execute(
            "document.getElementById('ioi-board').scrollIntoView();",
            vec![],
        )
        .await
        .unwrap();
    browser.screenshot_if_asked("phone-ioiwari").await;

    browser.click("#tab-mis").await;
    browser.type_into("#mis-p", "9999999").await;
    browser.type_into("#mis-e", "9999998").await;
    browser.type_into("#mis-b", "1000000").await;
    browser.click("#mis-new").await;
    browser.wait_state("#mis-status", &["your-turn"]).await;
    browser
        .find("#mis-pattern[data-for=\"9999999,9999998\"]")
        .await;
    let small = strings_given(&browser, SMALL_TARGETS, vec![json!("mis-panel")]).await;
    assert!(small.is_empty(), "Pooh-Eeyore-sticks on a phone: {small:?}");
    // Nothing drawn beyond the map's own box, where the screen would cut it off.
    let cut = strings(
        &browser,
        "const box = document.getElementById('mis-pattern').getBoundingClientRect();
         return Array.from(document.querySelectorAll('#mis-pattern text'))
           .filter(t => t.getBoundingClientRect().right > Math.min(box.right, window.innerWidth) + 1)
           .map(t => t.textContent);",
    )
    .await;
    assert!(cut.is_empty(), "labels beyond the map's edge: {cut:?}");
    let labels = "#mis-piles .pile-label, #mis-pattern .axis-label";
    let small = strings_given(&browser, SMALL_LABELS, vec![json!(labels)]).await;
    assert!(
        small.is_empty(),
        "labels too small to read on a phone: {small:?}"
    );
    // The map stays within the task's limits: its last square ends at 10^7 sticks, no further
    // (a square stands for `data-scale` pools a side: B = 10^6 needs many).
    let largest = strings(
        &browser,
        "const k = Number(document.getElementById('mis-pattern').dataset.scale);
         return [String(k), String(k - 1 + Math.max(...Array.from(document.querySelectorAll('#mis-pattern rect.cell'), r => Math.max(Number(r.dataset.p), Number(r.dataset.e)))))];",
    )
    .await;
    assert!(
        largest[0].parse::<u64>().unwrap() > 1,
        "a scaled map: {largest:?}"
    );
    assert_eq!(largest[1], "10000000", "the map's largest pile");
    let status = browser.text("#mis-status").await;
    assert!(
        status.contains("map"),
        "the status points at the map: {status}"
    );
    let layout = strings(
        &browser,
        "const s = document.getElementById('mis-status').getBoundingClientRect();
         const m = document.getElementById('mis-pattern').getBoundingClientRect();
         return [String(s.top), String(s.bottom), String(m.top), String(window.innerHeight)];",
    )
    .await;
    let [status_top, status_bottom, map_top, height]: [f64; 4] =
        [0, 1, 2, 3].map(|i| layout[i].parse().unwrap());
    assert!(
        0.0 <= status_top && status_bottom <= map_top && map_top < height,
        "the status and, below it, the map are on screen: status at {status_top}..{status_bottom} px, map from {map_top} px, screen {height} px"
    );
    browser.screenshot_if_asked("phone-mis").await;

    // The viewer: its table scrolls inside its box, if at all; the replay fits.
    browser.click("#tab-viewer").await;
    let deadline = Instant::now() + WAIT;
    while browser
        .client
        .find_all(Locator::Css("#view-tests tbody tr"))
        .await
        .unwrap()
        .len()
        < 24
    {
        assert!(Instant::now() < deadline, "the report never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let small = strings_given(&browser, SMALL_TARGETS, vec![json!("viewer-panel")]).await;
    assert!(small.is_empty(), "the viewer on a phone: {small:?}");
    // Each card's replay button at the same place in its card.
    let places = strings(
        &browser,
        "return Array.from(document.querySelectorAll('#view-tests tbody tr'), tr => {
           const b = tr.querySelector('button.replay').getBoundingClientRect();
           const r = tr.getBoundingClientRect();
           return `${Math.round(b.top - r.top)},${Math.round(r.right - b.right)}`;
         });",
    )
    .await;
    assert!(
        places.iter().all(|place| *place == places[0]),
        "replay buttons in different places: {places:?}"
    );
    browser
        .click("#view-tests tbody tr:first-child button.replay")
        .await;
    wait_frame(&browser, 0).await;
    let small = strings_given(&browser, SMALL_TARGETS, vec![json!("viewer-panel")]).await;
    assert!(small.is_empty(), "a replay on a phone: {small:?}");
    browser.screenshot_if_asked("phone-viewer").await;
    let _ = browser.client.clone().close().await;
}

// ---- a game is an address, walked through; the viewer as an organiser's tool ---------------

/// The parameters of an address's fragment, `#tab?a=1&b=2`.
fn fragment_parameters(link: &str) -> std::collections::HashMap<String, String> {
    let query = link.split_once('?').map_or("", |(_, query)| query);
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(key, value)| (key.to_string(), value.to_string()))
        .collect()
}

/// The texts of the elements `css` selects.
async fn texts(browser: &Browser, css: &str) -> Vec<String> {
    strings_given(
        browser,
        "return Array.from(document.querySelectorAll(arguments[0]), e => e.textContent);",
        vec![json!(css)],
    )
    .await
}

/// Waits until the Ioiwari board shows the position after move `at`; returns the walk's text.
async fn wait_at(browser: &Browser, at: usize) -> String {
    let deadline = Instant::now() + WAIT;
    while browser.attribute("#ioi-walk-text", "data-at").await != Some(at.to_string()) {
        assert!(Instant::now() < deadline, "the page never showed move {at}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    browser.text("#ioi-walk-text").await
}

/// Presses a key with nothing focused but the page (WebDriver's codes: End, Home, Left, Right).
async fn press_on_page(browser: &Browser, key: char) {
    browser
        .client
        .execute(
            "document.activeElement && document.activeElement.blur();",
            vec![],
        )
        .await
        .unwrap();
    browser.press(key).await;
}

const END: char = '\u{E010}';
const HOME: char = '\u{E011}';
const LEFT: char = '\u{E012}';
const RIGHT: char = '\u{E014}';

/// The game just played is its address: opened in a new browser session it shows the same
/// moves and position. It is walked through by a click on a move and on a point of the chart,
/// by the arrow keys, Home and End (said in a live region), and by the browser's back button;
/// played on from its start (a new line); a mistake is retried; a bad address is explained.
async fn a_game_is_an_address(browser: &Browser, tools: (&Path, &Path), url: &str) {
    let table = Table::solve();
    let link = browser
        .client
        .execute("return document.getElementById('ioi-link').href;", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();
    let parameters = fragment_parameters(&link);
    let start: Board = parameters["start"].replace('-', " ").parse().unwrap();
    let pits: Vec<Pit> = parameters["moves"]
        .split('.')
        .map(|pit| pit.parse().unwrap())
        .collect();
    // The positions by the rules library.
    let mut positions = vec![duel_ioiwari::Position::start(start)];
    for &pit in &pits {
        let next = positions.last().unwrap().play(pit).unwrap();
        positions.push(next);
    }
    let log = texts(browser, "#ioi-log li").await;
    assert_eq!(log.len(), pits.len());

    // A new session, a fresh profile: the same game at its end.
    let (chromedriver, chromium) = tools;
    let other = Browser::start(chromedriver, chromium).await;
    other.client.goto(&link).await.unwrap();
    other.wait_state("#ioi-status", &["over"]).await;
    assert_eq!(texts(&other, "#ioi-log li").await, log, "the same moves");
    assert_eq!(board_on_page(&other).await, positions.last().unwrap().board);
    let _ = other.client.clone().close().await;
    drop(other);

    // A click on a move, and on a point of the chart.
    browser
        .click("#ioi-log button.move-link[data-index=\"2\"]")
        .await;
    let said = wait_at(browser, 2).await;
    assert!(
        said.starts_with(&format!("Move 2 of {}", pits.len())),
        "{said}"
    );
    assert_eq!(board_on_page(browser).await, positions[2].board);
    let address = browser.client.current_url().await.unwrap().to_string();
    assert!(
        address.contains("at=2") && address.contains(&parameters["moves"]),
        "{address}"
    );
    browser
        .click("#ioi-history g.point[data-index=\"3\"]")
        .await;
    wait_at(browser, 3).await;
    browser.screenshot_if_asked("walk").await;
    assert_eq!(board_on_page(browser).await, positions[3].board);
    // The keyboard, said to screen readers.
    assert_eq!(
        browser
            .attribute("#ioi-walk-text", "aria-live")
            .await
            .as_deref(),
        Some("polite")
    );
    for (key, at) in [(LEFT, 2), (HOME, 0), (RIGHT, 1), (END, pits.len())] {
        press_on_page(browser, key).await;
        wait_at(browser, at).await;
        assert_eq!(
            board_on_page(browser).await,
            positions[at].board,
            "after {key:?}"
        );
    }
    // The browser's back button: the view before End.
    browser.client.back().await.unwrap();
    wait_at(browser, 1).await;
    assert_eq!(board_on_page(browser).await, positions[1].board);

    // From the start, a move that is not best: a new line, which the computer answers.
    press_on_page(browser, HOME).await;
    wait_at(browser, 0).await;
    let best: Vec<Pit> = table.best_moves(start).iter().collect();
    let worse = start
        .legal_moves()
        .iter()
        .find(|pit| !best.contains(pit))
        .expect("a start with a move that is not best");
    press_on_page(browser, char::from(b'0' + worse.number())).await;
    wait_at(browser, 2).await;
    browser.wait_state("#ioi-status", &["your-turn"]).await;
    assert_eq!(
        texts(browser, "#ioi-log li").await.len(),
        2,
        "the old line is dropped"
    );
    // Retry that mistake: back before it; the same pit again is refused, a best one found.
    browser.click("#ioi-retry").await;
    browser.wait_state("#ioi-status", &["retry"]).await;
    wait_at(browser, 0).await;
    press_on_page(browser, char::from(b'0' + worse.number())).await;
    let deadline = Instant::now() + WAIT;
    while !browser
        .text("#ioi-status")
        .await
        .contains("the move played in the game")
    {
        assert!(
            Instant::now() < deadline,
            "the same mistake was not refused"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        browser
            .attribute("#ioi-walk-text", "data-at")
            .await
            .as_deref(),
        Some("0")
    );
    press_on_page(browser, char::from(b'0' + best[0].number())).await;
    let deadline = Instant::now() + WAIT;
    while !browser.text("#ioi-status").await.contains("Well found") {
        assert!(Instant::now() < deadline, "a best move was not welcomed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let played = texts(browser, "#ioi-log li").await;
    assert!(
        played[0].contains(&format!("plays pit {}", best[0].number())),
        "{played:?}"
    );

    // An address with a move that cannot be played: said where, the game up to it kept.
    browser
        .client
        .goto(&format!(
            "{url}#ioiwari?start=4-3-2-4-2-3-2&moves=1.1&side=0"
        ))
        .await
        .unwrap();
    let deadline = Instant::now() + WAIT;
    while browser.text("#ioi-error").await.is_empty() {
        assert!(Instant::now() < deadline, "a bad address was not explained");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let error = browser.text("#ioi-error").await;
    assert!(
        error.contains("Move 2 of the address") && error.contains("pit 1 is empty"),
        "{error}"
    );
    assert_eq!(
        texts(browser, "#ioi-log li").await.len(),
        1,
        "the game up to it stays"
    );
    // Back to the setup's game for what follows.
    browser
        .client
        .goto(&format!("{url}#ioiwari"))
        .await
        .unwrap();
}

/// Buttons, verdict chips and cells broken over two lines (mid-word or not), and a sideways
/// scroll of the page.
const BROKEN_WORDS: &str = r#"
const broken = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const r = el.getBoundingClientRect();
  if (r.width === 0) continue;
  const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
  const rects = el.getClientRects().length;
  if (rects > 1 || r.height > 2 * line) broken.push(`${el.className} "${el.textContent}": ${rects} boxes, ${r.height.toFixed(0)} px high`);
}
if (document.documentElement.scrollWidth > window.innerWidth + 1) broken.push('the page scrolls sideways');
return broken;
"#;

/// The contest the viewer is shown: three submissions and the verdicts of their three tests.
const CONTEST: [(&str, [&str; 3]); 3] = [
    ("alice.c", ["win", "win", "draw"]),
    ("bob.c", ["time_limit", "loss", "illegal_move"]),
    (
        "carol.c",
        ["compile_error", "compile_error", "compile_error"],
    ),
];

/// The report of [`CONTEST`] as the judge writes a ranking.
fn contest_report() -> serde_json::Value {
    let test = |index: usize, verdict: &str| {
        json!({ "index": index, "input": "4 3 2 4 2 3 2", "verdict": verdict,
            "reason": if verdict == "win" { json!(null) } else { json!(format!("the {verdict} of test {index}")) },
            "moves": 0, "move_list": null, "summary": null, "time_ms": 1, "wall_ms": 1,
            "memory_kb": null, "first_mistake": null })
    };
    let submissions: Vec<serde_json::Value> = CONTEST
        .iter()
        .map(|(name, list)| {
            let tests: Vec<_> = list
                .iter()
                .enumerate()
                .map(|(i, v)| test(i + 1, v))
                .collect();
            json!({ "game": "ioiwari", "player": name, "score": 0.0, "planned": 3,
                "interrupted": false, "tests": tests })
        })
        .collect();
    let ranking: Vec<serde_json::Value> = CONTEST
        .iter()
        .enumerate()
        .map(|(i, (name, _))| json!({ "rank": i + 1, "submission": name, "score": 0.0, "verdicts": {}, "time_ms": 3 }))
        .collect();
    json!({ "game": "ioiwari", "planned": 3, "interrupted": false,
        "ranking": ranking, "submissions": submissions })
}

/// A contest of three submissions (a ranking), opened by its address: the headline names the
/// contest, each row counts its verdicts as the report does, a compile error is said in words,
/// a row opens its tests; a judged game's address opens it at its move with the value chart;
/// nothing breaks mid-word at 1280 px nor at 390 px.
async fn the_viewer_as_an_organisers_tool(browser: &Browser, url: &str, judged: &Path) {
    let verdicts = CONTEST;
    let contest = contest_report();
    browser.client.goto(&format!("{url}#viewer")).await.unwrap();
    browser
        .client
        .execute(
            "return Duel.api('/api/viewer/open', {name: 'contest.json', text: arguments[0]}).then(() => 'ok');",
            vec![json!(contest.to_string())],
        )
        .await
        .unwrap();
    browser.client.goto("about:blank").await.unwrap();
    browser
        .client
        .goto(&format!("{url}#viewer?report=contest.json&submission=1"))
        .await
        .unwrap();
    let deadline = Instant::now() + WAIT;
    while !browser.text("#view-title").await.contains("contest") {
        assert!(Instant::now() < deadline, "the contest never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let title = browser.text("#view-title").await;
    assert!(
        title.contains("3 submissions") && !title.contains("alice"),
        "{title}"
    );
    for (row, (name, list)) in verdicts.iter().enumerate() {
        let chips = strings_given(
            browser,
            "return Array.from(document.querySelectorAll(`#view-ranking tbody tr:nth-child(${arguments[0]}) .chip`), c => c.dataset.count + ' ' + c.dataset.verdict);",
            vec![json!(row + 1)],
        )
        .await;
        let mut expected: Vec<String> = Vec::new();
        for verdict in list {
            let count = list.iter().filter(|v| *v == verdict).count();
            let chip = format!("{count} {verdict}");
            if !expected.contains(&chip) {
                expected.push(chip);
            }
        }
        let (mut got, mut want) = (chips.clone(), expected.clone());
        got.sort();
        want.sort();
        assert_eq!(got, want, "{name}");
    }
    // The counts read apart in the text too, not "2 win1 draw".
    let said = strings(
        browser,
        "return Array.from(document.querySelectorAll('#view-ranking td.counts'), td => td.textContent.replace(/\\u00a0/g, ' '));",
    )
    .await;
    assert_eq!(
        said,
        [
            "2 win, 1 draw",
            "1 loss, 1 illegal move, 1 time limit",
            "3 compile error"
        ],
        "the verdict counts as text"
    );
    // The address named submission 1: bob's tests; carol's row opens hers, compile error said.
    let summary = browser.text("#view-summary").await;
    assert!(summary.contains("bob.c"), "{summary}");
    browser.click("#view-ranking tbody tr:nth-child(3)").await;
    let deadline = Instant::now() + WAIT;
    while !browser.text("#view-summary").await.contains("carol.c") {
        assert!(
            Instant::now() < deadline,
            "the row did not open carol's tests"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let compile = browser.text("#view-compile").await;
    assert!(compile.contains("did not compile"), "{compile}");
    let address = browser.client.current_url().await.unwrap().to_string();
    assert!(
        address.contains("report=contest.json") && address.contains("submission=2"),
        "{address}"
    );
    // The legend names each colour.
    let legend = browser.text("#view-legend").await;
    for word in ["win", "draw", "loss", "error"] {
        assert!(legend.contains(word), "{legend}");
    }

    // A judged game by its address: the test, the move, the chart of the whole game.
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(judged).unwrap()).unwrap();
    let moves = report["tests"][0]["moves"].as_u64().unwrap() as usize;
    let name = judged.file_name().unwrap().to_string_lossy();
    browser.client.goto("about:blank").await.unwrap();
    browser
        .client
        .goto(&format!(
            "{url}#viewer?report={name}&submission=0&test=1&move=3"
        ))
        .await
        .unwrap();
    wait_frame(browser, 3).await;
    let deadline = Instant::now() + WAIT;
    while browser.attribute("#view-history", "data-points").await != Some((moves + 1).to_string()) {
        assert!(
            Instant::now() < deadline,
            "the chart never showed the whole game"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        texts(browser, "#view-log li").await.len(),
        moves,
        "every move listed"
    );
    // Walked by the keyboard and a click, as on the play page.
    press_on_page(browser, RIGHT).await;
    wait_frame(browser, 4).await;
    browser
        .click("#view-log button.move-link[data-index=\"1\"]")
        .await;
    wait_frame(browser, 1).await;
    let address = browser.client.current_url().await.unwrap().to_string();
    assert!(
        address.contains("test=1") && address.contains("move=1"),
        "{address}"
    );
    // Pit values on the judged game's board, from the analysis.
    let deadline = Instant::now() + WAIT;
    while strings(
        browser,
        "return Array.from(document.querySelectorAll('#view-board .value-tag'), e => 'x');",
    )
    .await
    .is_empty()
    {
        assert!(Instant::now() < deadline, "no pit values in the viewer");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // Nothing breaks mid-word, on a desk and on a phone.
    let selectors = "#view-tests button.replay, #view-ranking .chip, #view-tests td.verdict, #view-tests td.memory";
    for width in [1280, 390] {
        browser.client.set_window_size(width, 900).await.unwrap();
        browser
            .client
            .goto(&format!("{url}#viewer?report=contest.json&submission=1"))
            .await
            .unwrap();
        let deadline = Instant::now() + WAIT;
        while !browser.text("#view-summary").await.contains("bob.c") {
            assert!(
                Instant::now() < deadline,
                "the contest never showed at {width} px"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        if width == 1280 {
            browser.screenshot_if_asked("contest").await;
        } else {
            browser.screenshot_if_asked("contest-phone").await;
        }
        let broken = strings_given(browser, BROKEN_WORDS, vec![json!(selectors)]).await;
        assert!(broken.is_empty(), "at {width} px: {broken:?}");
    }
    browser.client.set_window_size(1280, 1000).await.unwrap();

    // Several reports given to duel serve: the page opens on the first and lists them all.
    let second = judged.with_file_name("contest.json");
    std::fs::write(&second, contest.to_string()).unwrap();
    let server = Server::start(&[
        "--report".as_ref(),
        judged.as_os_str(),
        "--report".as_ref(),
        second.as_os_str(),
    ]);
    browser.client.goto(&server.url()).await.unwrap();
    let deadline = Instant::now() + WAIT;
    while !browser.text("#view-title").await.contains(&*name) {
        assert!(Instant::now() < deadline, "the first report was not opened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let listed = texts(browser, "#view-docs option").await;
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(
        listed[0].contains(&*name) && listed[1].contains("contest.json"),
        "{listed:?}"
    );
}
