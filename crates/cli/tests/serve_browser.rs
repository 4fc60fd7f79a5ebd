//! End-to-end: `duel serve` in a real headless Chromium, driven through chromedriver's W3C
//! WebDriver protocol (a small client over plain HTTP below).
//!
//! The test plays a whole Ioiwari game by clicking pits, always the pit the page marks as best,
//! against the perfect computer; checks that the marks agree with the library's solver and that
//! the result the page shows is the value the solver announced; tries undo; plays a
//! Pooh-Eeyore-sticks game through its "winning moves" buttons; and saves a screenshot of the
//! page to docs/screenshot.png.
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test is skipped with a loud
//! message, unless the environment variable CI is set: then it fails.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use duel_ioiwari::{Board, Pit, Table};
use duel_mis::Position as MisPosition;
use serde_json::{json, Value};

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

/// A child process killed when dropped, so a failing test leaves nothing running.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
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

/// Starts `duel serve --port 0` and returns it with the URL it prints first (and the rest of
/// its output, kept open so the server never writes into a closed pipe).
fn start_server() -> (Guard, String, BufReader<std::process::ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duel"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("duel serve starts");
    let stdout = child.stdout.take().expect("piped stdout");
    let guard = Guard(child);
    let mut line = String::new();
    let mut stdout = BufReader::new(stdout);
    stdout
        .read_line(&mut line)
        .expect("duel serve prints its address");
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line from duel serve: {line:?}"))
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (guard, url, stdout)
}

// ---- a minimal W3C WebDriver client --------------------------------------------------------

/// One HTTP/1.1 exchange with chromedriver; returns the status and the parsed JSON body.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("chromedriver listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let payload = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{payload}",
        payload.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    // chromedriver keeps the connection open whatever we ask, so read by Content-Length.
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        let read = reader.read_line(&mut line).expect("chromedriver answers");
        assert!(read > 0, "chromedriver closed the connection mid-answer");
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let header = |name: &str| {
        head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    };
    let body = if let Some(length) = header("content-length") {
        let mut body = vec![0; length.parse().expect("a numeric Content-Length")];
        reader.read_exact(&mut body).expect("the whole body");
        body
    } else if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        read_chunked(&mut reader)
    } else {
        let mut body = Vec::new();
        reader.read_to_end(&mut body).expect("the body");
        body
    };
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .expect("a status code");
    let value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    (status, value)
}

fn read_chunked(reader: &mut impl BufRead) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let mut size_line = String::new();
        reader.read_line(&mut size_line).expect("a chunk size");
        let size_text = size_line.split(';').next().unwrap_or("0").trim();
        let size = usize::from_str_radix(size_text, 16).expect("a hexadecimal chunk size");
        let mut chunk = vec![0; size + 2]; // the data and its CRLF
        reader.read_exact(&mut chunk).expect("a whole chunk");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&chunk[..size]);
    }
}

struct Driver {
    port: u16,
    session: String,
    _process: Guard,
    _profile: tempfile::TempDir,
}

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Driver {
    fn start(chromedriver: &Path, chromium: &Path) -> Driver {
        let port = free_port();
        let process = Guard(
            Command::new(chromedriver)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let deadline = Instant::now() + WAIT;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not start listening"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = tempfile::tempdir().expect("a fresh Chromium profile directory");
        let mut args: Vec<String> = CHROMIUM_FLAGS.iter().map(|s| s.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        let capabilities = json!({
            "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": { "binary": chromium.to_string_lossy(), "args": args }
            }}
        });
        let (status, answer) = http(port, "POST", "/session", Some(&capabilities));
        assert_eq!(status, 200, "chromedriver refused a session: {answer}");
        let session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Driver {
            port,
            session,
            _process: process,
            _profile: profile,
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let full = format!("/session/{}{path}", self.session);
        let (status, answer) = http(self.port, method, &full, body.as_ref());
        assert_eq!(status, 200, "{method} {path} failed: {answer}");
        answer["value"].clone()
    }

    fn goto(&self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn find_all(&self, css: &str) -> Vec<String> {
        let found = self.call(
            "POST",
            "/elements",
            Some(json!({ "using": "css selector", "value": css })),
        );
        found
            .as_array()
            .expect("a list of elements")
            .iter()
            .map(|element| element[ELEMENT_KEY].as_str().unwrap().to_string())
            .collect()
    }

    fn find(&self, css: &str) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(first) = self.find_all(css).into_iter().next() {
                return first;
            }
            assert!(Instant::now() < deadline, "no element matches {css}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn click(&self, element: &str) {
        self.call(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    fn text(&self, element: &str) -> String {
        self.call("GET", &format!("/element/{element}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    fn attribute(&self, element: &str, name: &str) -> Option<String> {
        self.call("GET", &format!("/element/{element}/attribute/{name}"), None)
            .as_str()
            .map(str::to_string)
    }

    /// The attribute `name` of the element `css` selects, found afresh: the page redraws
    /// parts of itself after every move, so an element found a moment ago may have been
    /// replaced ("stale") by the time it is read; then it is looked up again.
    fn attribute_of(&self, css: &str, name: &str) -> Option<String> {
        let deadline = Instant::now() + WAIT;
        loop {
            let element = self.find(css);
            let path = format!(
                "/session/{}/element/{element}/attribute/{name}",
                self.session
            );
            let (status, answer) = http(self.port, "GET", &path, None);
            if status == 200 {
                return answer["value"].as_str().map(str::to_string);
            }
            let stale = answer["value"]["error"] == "stale element reference";
            assert!(
                stale && Instant::now() < deadline,
                "GET {path} failed: {answer}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_into(&self, element: &str, text: &str) {
        self.call(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.call(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn select(&self, css: &str, value: &str) {
        self.click(&self.find(&format!("{css} option[value=\"{value}\"]")));
    }

    /// Waits until the element's `data-state` is one of `states`; returns the one reached.
    fn wait_state(&self, css: &str, states: &[&str]) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(state) = self.attribute_of(css, "data-state") {
                if states.contains(&state.as_str()) {
                    return state;
                }
            }
            assert!(Instant::now() < deadline, "{css} never reached {states:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn screenshot(&self, path: &Path) {
        let encoded = self.call("GET", "/screenshot", None);
        let png = base64_decode(encoded.as_str().expect("base64 PNG"));
        assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).expect("screenshot written");
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = std::panic::catch_unwind(|| http(self.port, "DELETE", &path, None));
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let sextets: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let mut bits = 0u32;
        for (i, &s) in chunk.iter().enumerate() {
            bits |= u32::from(s) << (18 - 6 * i);
        }
        let bytes = [(bits >> 16) as u8, (bits >> 8) as u8, bits as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    out
}

// ---- the test ------------------------------------------------------------------------------

/// The board as the page draws it, from each pit's `data-beads`.
fn board_on_page(driver: &Driver) -> Board {
    let mut pits = [0u8; 7];
    for (index, count) in pits.iter_mut().enumerate() {
        let pit = format!("#ioi-board g.pit[data-pit=\"{}\"]", index + 1);
        *count = driver
            .attribute_of(&pit, "data-beads")
            .and_then(|b| b.parse().ok())
            .expect("every pit tells its beads");
    }
    Board::new(pits).expect("the page draws a valid board")
}

fn marked_best_pits(driver: &Driver) -> Vec<u8> {
    // Read in one script run, so that a redraw cannot replace the pits between reads.
    let pits = driver.call(
        "POST",
        "/execute/sync",
        Some(json!({
            "script": "return Array.from(document.querySelectorAll('#ioi-board g.pit[data-best=\"true\"]'), p => p.getAttribute('data-pit'));",
            "args": []
        })),
    );
    pits.as_array()
        .expect("a list of pit numbers")
        .iter()
        .map(|pit| pit.as_str().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_whole_ioiwari_game_in_a_real_browser() {
    let chromium = find_program(&["chromium", "chromium-browser"]);
    let chromedriver = find_program(&["chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        if std::env::var_os("CI").is_some() {
            panic!("CI is set but chromium or chromedriver is missing: apt-get install chromium chromium-driver");
        }
        // Straight to the process's stderr: the test harness hides eprintln! of passing tests.
        let _ = std::io::stderr().write_all(
            b"\n\n========================================================================\n\
              SKIPPED the browser test: chromium and/or chromedriver are not installed.\n\
              Install them with: apt-get install -y chromium chromium-driver\n\
              (With CI set this test fails instead of skipping.)\n\
              ========================================================================\n\n",
        );
        return;
    };

    let table = Table::solve();
    let (_server, url, _server_output) = start_server();
    let driver = Driver::start(&chromedriver, &chromium);
    driver.goto(&url);
    driver.wait_state("#ioi-status", &["your-turn"]);

    // A new game from a start board typed in, the person as player 1, the perfect computer.
    let start: Board = "3 3 3 3 2 3 3".parse().unwrap();
    driver.type_into(&driver.find("#ioi-start"), &start.to_string());
    driver.select("#ioi-side", "1");
    driver.select("#ioi-strength", "perfect");
    driver.click(&driver.find("#ioi-new"));
    driver.wait_state("#ioi-status", &["your-turn"]);
    assert_eq!(board_on_page(&driver), start);

    let mut my_moves = 0;
    let mut tried_undo = false;
    loop {
        let state = driver.wait_state("#ioi-status", &["your-turn", "over"]);
        if state == "over" {
            break;
        }
        let board = board_on_page(&driver);
        // The page's marks must be the solver's optimal moves for this board.
        let expected: Vec<u8> = table.best_moves(board).iter().map(Pit::number).collect();
        assert_eq!(marked_best_pits(&driver), expected, "best marks on {board}");

        if my_moves == 1 && !tried_undo {
            // Play a pit that is not best, let the computer answer, then take both back.
            if let Some(pit) = board
                .legal_moves()
                .iter()
                .find(|pit| !table.best_moves(board).contains(*pit))
            {
                tried_undo = true;
                driver.click(&driver.find(&format!("#ioi-board g.pit[data-pit=\"{pit}\"]")));
                driver.wait_state("#ioi-status", &["your-turn", "over"]);
                assert_ne!(board_on_page(&driver), board);
                driver.click(&driver.find("#ioi-undo"));
                driver.wait_state("#ioi-status", &["your-turn"]);
                assert_eq!(board_on_page(&driver), board, "undo restores the board");
                continue;
            }
        }
        if my_moves == 2 {
            // Mid-game: values, history and the move list are all on show.
            let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshot.png");
            driver.screenshot(&docs);
        }
        let best = driver.find("#ioi-board g.pit[data-best=\"true\"][data-legal=\"true\"]");
        driver.click(&best);
        my_moves += 1;
        assert!(my_moves <= 35, "a game cannot last this long");
    }

    // Both sides played optimally, so player 1 wins by exactly the solver's value.
    let value = i32::from(table.value(start));
    assert!(value > 0, "player 1 wins every start board");
    let (one, two) = ((20 + value) / 2, (20 - value) / 2);
    let result = driver.text(&driver.find("#ioi-result"));
    assert_eq!(
        result,
        format!("Game over: player 1 wins {one}-{two}. You win!"),
        "the page's result"
    );
    let status = driver.text(&driver.find("#ioi-status"));
    assert!(status.contains("You made no mistake."), "{status}");
    assert!(tried_undo, "the undo check ran");
    let moves_played = driver.find_all("#ioi-log li").len();
    let history = driver.find("#ioi-history");
    assert_eq!(
        driver.attribute(&history, "data-points"),
        Some((moves_played + 1).to_string()),
        "one history point per position"
    );

    // Pooh-Eeyore-sticks: Bolek (the person) wins by always taking a winning move, entered
    // first by clicking the pattern map, then by typing, then with the winning-move buttons.
    driver.click(&driver.find("#tab-mis"));
    driver.type_into(&driver.find("#mis-p"), "7");
    driver.type_into(&driver.find("#mis-e"), "2");
    driver.type_into(&driver.find("#mis-b"), "3");
    driver.click(&driver.find("#mis-new"));
    let mut bolek_moves = 0;
    loop {
        if driver.wait_state("#mis-status", &["your-turn", "over"]) == "over" {
            break;
        }
        let pool = mis_pool_on_page(&driver);
        let mv = pool.winning_move().expect("Bolek keeps a winning position");
        let target = (pool.p() - mv.take_p, pool.e() - mv.take_e);
        match bolek_moves {
            0 => {
                // Wait for the map of this pool, then click the winning move's square.
                driver.find(&format!(
                    "#mis-pattern[data-for=\"{},{}\"]",
                    pool.p(),
                    pool.e()
                ));
                driver.click(&driver.find(&format!(
                    "#mis-pattern rect.cell.reachable[data-p=\"{}\"][data-e=\"{}\"]",
                    target.0, target.1
                )));
            }
            1 => {
                driver.type_into(&driver.find("#mis-take-p"), &mv.take_p.to_string());
                driver.type_into(&driver.find("#mis-take-e"), &mv.take_e.to_string());
                driver.click(&driver.find("#mis-play"));
            }
            _ => {
                if driver.find_all("#mis-winning button").is_empty() {
                    driver.click(&driver.find("#mis-show-winning"));
                }
                driver.click(&driver.find("#mis-winning button"));
            }
        }
        bolek_moves += 1;
        // The click is taken at once; wait until the page has the pool it leads to (or the
        // computer's answer after it).
        let deadline = Instant::now() + WAIT;
        while mis_pool_on_page(&driver) == pool {
            assert!(
                Instant::now() < deadline,
                "the move from {pool} was not played"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    assert!(bolek_moves >= 2, "the game used the map and the typed move");
    let result = driver.text(&driver.find("#mis-result"));
    assert_eq!(
        result,
        "Game over: Bolek took the last stick and wins. You win!"
    );
    let status = driver.text(&driver.find("#mis-status"));
    assert!(status.contains("You made no mistake."), "{status}");
}

/// The pool as the page draws it, from the piles' `data-count`, with the bound 3 of the test.
fn mis_pool_on_page(driver: &Driver) -> MisPosition {
    let count = |css: &str| -> u32 {
        driver
            .attribute_of(css, "data-count")
            .and_then(|n| n.parse().ok())
            .expect("each pile tells its count")
    };
    MisPosition::new_unchecked_limits(count("#pile-pooh"), count("#pile-eeyore"), 3).unwrap()
}
