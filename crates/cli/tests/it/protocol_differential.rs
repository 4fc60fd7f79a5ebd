//! Differential testing of the two readers of player 1's output (`RULES.md`, L1 to L8 and A2):
//! duel's judge (`duel_arena::ioiwari::judge_output`, the referee's own code on
//! `duel_protocol::read_move`) and the C++ referee every package carries (`referee.h`, as
//! `duel export` writes it, compiled here, not a copy) read the same generated outputs and
//! must agree on every one: the verdict, the number of moves, and the reason of every verdict
//! that is not the game's own result. A million outputs, through one C++ process. `ioiwari2`'s
//! reader (`ProtocolReader`) reads them too, and must agree on the verdict; the packages'
//! `testing_tool.py` reads the first hundred thousand, through one Python process, and must
//! agree as the C++ referee does.

use crate::support::export::{export, need};
use duel_arena::ioiwari::judge_output;
use duel_arena::Verdict;
use duel_cli::protocol::{ProtocolError, ProtocolReader, MAX_LINE_BYTES};
use duel_ioiwari::{Board, Pit, Position, Table};
use duel_random::SplitMix64;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// How many outputs are compared.
const CASES: u64 = 1_000_000;

/// The harness: for each case on standard input (seven pit counts as bytes, a little-endian
/// `u32` length, then the output's bytes), the referee's verdict, its number of moves and its
/// reason, one line each, tab-separated.
const HARNESS: &str = r#"#include "referee.h"
int main(void) {
    static unsigned char bytes[1 << 24];
    unsigned char head[11];
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    while (fread(head, 1, sizeof head, stdin) == sizeof head) {
        int pits[PITS];
        for (int i = 0; i < PITS; i++) pits[i] = head[i];
        size_t length = head[7] | head[8] << 8 | head[9] << 16 | (size_t)head[10] << 24;
        if (length > sizeof bytes || fread(bytes, 1, length, stdin) != length) return 3;
        struct player_output output;
        output_from_memory(&output, bytes, length);
        static char written[1 << 16];
        FILE *to_player = fmemopen(written, sizeof written, "w");
        struct game_result result;
        play_game(pits, &output, to_player, &result);
        int finished = strcmp(result.verdict, "win") == 0 ||
                       strcmp(result.verdict, "draw") == 0 || strcmp(result.verdict, "loss") == 0;
        if (finished)
            read_to_end(&output, to_player, &result); /* closes to_player */
        else
            fclose(to_player);
        printf("%s\t%d\t%s\n", result.verdict, result.moves, result.reason);
    }
    return 0;
}
"#;

/// Builds the harness around the `referee.h` of a package `duel export` writes.
fn harness(work: &Path) -> std::path::PathBuf {
    let package = export("kattis", "ioiwari", &work.join("package"));
    let referee = package.join("output_validators/interactor/referee.h");
    assert!(referee.is_file(), "{}", referee.display());
    let source = work.join("harness.cpp");
    std::fs::write(&source, HARNESS).unwrap();
    let binary = work.join("harness");
    let built = Command::new("g++")
        .args(["-std=gnu++17", "-O1", "-Wall", "-Werror", "-o"])
        .arg(&binary)
        .arg(&source)
        .arg("-I")
        .arg(referee.parent().unwrap())
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    binary
}

/// Pieces an output is made of, each chosen to reach a clause of the rule.
struct Maker<'a> {
    rng: SplitMix64,
    table: &'a Table,
}

impl Maker<'_> {
    fn below(&mut self, n: u64) -> u64 {
        self.rng.below(n)
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }

    /// A byte that tests the rule: blanks, digits, signs, line ends, other white space
    /// (ASCII and the bytes of Unicode's), a NUL, letters, anything.
    fn byte(&mut self) -> u8 {
        match self.below(4) {
            0 => self.pick(b" \t\r\n"),
            1 => self.pick(b"0123456789+-"),
            2 => self.pick(&[
                0, 0x0b, 0x0c, 0xa0, 0xc2, 0x85, 0xe3, 0x80, 0x80, b'x', b'.',
            ]),
            _ => self.below(256) as u8,
        }
    }

    /// Blanks, or now and then white space that is no blank.
    fn blanks(&mut self, out: &mut Vec<u8>) {
        for _ in 0..self.below(4) {
            let blank = self.pick(b" \t\r");
            out.push(blank);
        }
        if self.chance(40) {
            let other: &[u8] =
                self.pick(&[&b"\x0b"[..], b"\x0c", b"\xc2\xa0", b"\xe3\x80\x80", b"\0"]);
            out.extend_from_slice(other);
        }
    }

    /// `pit` as a move line would hold it: blanks, a sign, leading zeros (now and then
    /// thousands), the digit, blanks.
    fn number(&mut self, pit: u8, out: &mut Vec<u8>) {
        self.blanks(out);
        if self.chance(6) {
            out.push(b'+');
        }
        let zeros = match self.below(2000) {
            0 => 4090 + self.below(10) as usize,
            1..=100 => self.below(60) as usize,
            _ => self.below(3) as usize,
        };
        out.extend(std::iter::repeat_n(b'0', zeros));
        out.push(b'0' + pit);
        self.blanks(out);
    }

    /// A line that is no legal move on `board`.
    fn wrong_line(&mut self, board: Board, out: &mut Vec<u8>) {
        match self.below(40) {
            9..=39 => self.wrong_bytes(out),
            0 => {}
            1 => self.number(0, out),
            2 => {
                let pit = 8 + self.below(2) as u8;
                self.number(pit, out);
            }
            3 => {
                let empty = (1..=7u8).find(|&pit| board.pits()[usize::from(pit) - 1] == 0);
                self.number(empty.unwrap_or(9), out);
            }
            4 => {
                out.push(b'-');
                out.push(self.pick(b"01234567"));
            }
            5 => {
                let digits = 20 + self.below(40) as usize;
                for _ in 0..digits {
                    let digit = self.pick(b"0123456789");
                    out.push(digit);
                }
            }
            6 => {
                let length = MAX_LINE_BYTES - 2 + self.below(5) as usize;
                out.extend(std::iter::repeat_n(b' ', length));
                out.push(b'1');
            }
            _ => self.wrong_bytes(out),
        }
    }

    /// A few bytes of any kind.
    fn wrong_bytes(&mut self, out: &mut Vec<u8>) {
        for _ in 0..self.below(12) {
            let byte = self.byte();
            out.push(byte);
        }
    }

    /// What follows a finished game.
    fn tail(&mut self, out: &mut Vec<u8>) {
        match self.below(60) {
            0..=19 => {}
            20..=39 => {
                for _ in 0..self.below(8) {
                    let blank = self.pick(b" \t\r\n");
                    out.push(blank);
                }
            }
            40 => out.extend(std::iter::repeat_n(
                b' ',
                MAX_LINE_BYTES + self.below(20) as usize,
            )),
            _ => {
                for _ in 0..1 + self.below(6) {
                    let byte = self.byte();
                    out.push(byte);
                }
            }
        }
    }

    /// One case: a board and player 1's whole output on it.
    fn case(&mut self, boards: &[Board]) -> (Board, Vec<u8>) {
        let board = if self.chance(3) {
            let pits: [u8; 7] = std::array::from_fn(|_| self.below(6) as u8);
            Board::new(pits)
                .ok()
                .filter(|board| !board.is_empty())
                .unwrap_or(boards[0])
        } else {
            self.pick(boards)
        };
        let mut out = Vec::new();
        if self.chance(12) {
            for _ in 0..self.below(40) {
                let byte = self.byte();
                out.push(byte);
            }
            return (board, out);
        }
        // Legal moves, each on its line, for a while.
        let mut position = Position::start(board);
        let stop_after = if self.chance(2) {
            u64::MAX
        } else {
            self.below(12)
        };
        let mut made = 0;
        while !position.is_over() && made < stop_after {
            let legal: Vec<Pit> = position.board.legal_moves().iter().collect();
            let pit = self.pick(&legal);
            self.number(pit.number(), &mut out);
            position = position.play(pit).unwrap();
            made += 1;
            let last = position.is_over();
            if last && self.chance(4) {
                break; // the last move without its line end (L7)
            }
            out.extend_from_slice(if self.chance(5) { b"\r\n" } else { b"\n" });
            if !position.is_over() {
                let reply: Pit = self.table.first_best_move(position.board).unwrap();
                position = position.play(reply).unwrap();
            }
        }
        if position.is_over() {
            self.tail(&mut out);
        } else if !self.chance(5) {
            self.wrong_line(position.board, &mut out);
            if !self.chance(3) {
                out.push(b'\n');
            }
            if self.chance(3) {
                self.tail(&mut out);
            }
        }
        (board, out)
    }
}

/// The cases, the same every run: case `index` from its own seed.
fn case(index: u64, table: &Table, boards: &[Board]) -> (Board, Vec<u8>) {
    let mut seeds = SplitMix64::new(0x1015_7a1e_u64 ^ index);
    let mut maker = Maker {
        rng: SplitMix64::new(seeds.next_u64()),
        table,
    };
    maker.case(boards)
}

/// `ioiwari2`'s reading of the same output (its reader, the same game): the verdict.
fn by_protocol_reader(table: &Table, board: Board, output: &[u8]) -> Verdict {
    let mut reader = ProtocolReader::new(output);
    let mut position = Position::start(board);
    while !position.is_over() {
        let pit = match reader.read_move(position.board) {
            Ok(Some(pit)) => pit,
            Ok(None) => return Verdict::EarlyExit,
            Err(ProtocolError::Move(fault)) => return fault.verdict,
            Err(ProtocolError::LineTooLong { .. }) => return Verdict::ProtocolError,
            Err(error) => panic!("{error}"),
        };
        position = position.play(pit).unwrap();
        if let Some(reply) = table.first_best_move(position.board) {
            position = position.play(reply).unwrap();
        }
    }
    match reader.read_after_game() {
        Ok(()) => game(position),
        Err(_) => Verdict::ProtocolError,
    }
}

/// The game's verdict for player 1 once it is over.
fn game(position: Position) -> Verdict {
    use std::cmp::Ordering::*;
    match position.banks.one.cmp(&position.banks.two) {
        Greater => Verdict::Win,
        Equal => Verdict::Draw,
        Less => Verdict::Loss,
    }
}

/// Feeds cases `0..count` to a harness (its `stdin`) in a thread of its own while `check`
/// judges each of its answers (`answers`: verdict, moves, reason) against the case: the first
/// disagreement, if any. The caller then kills the harness, so that nothing waits for it.
fn compare(
    mut stdin: impl Write + Send,
    answers: impl BufRead,
    count: u64,
    table: &Table,
    boards: &[Board],
    mut check: impl FnMut(u64, Board, &[u8], [&str; 3]) -> Result<(), String>,
) -> Option<String> {
    let (cases, made) = std::sync::mpsc::sync_channel::<(Board, Vec<u8>)>(1024);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for index in 0..count {
                let (board, output) = case(index, table, boards);
                let length = (output.len() as u32).to_le_bytes();
                let written = stdin
                    .write_all(&board.pits())
                    .and_then(|()| stdin.write_all(&length))
                    .and_then(|()| stdin.write_all(&output));
                // A harness that is gone, or a comparison that stopped: nothing more to send.
                if written.is_err() || cases.send((board, output)).is_err() {
                    return;
                }
            }
            let _ = stdin.flush();
        });
        // Both ends are dropped with this closure, before the writer is waited for: a harness
        // that can no longer write its answers ends, and so does the writer.
        let (made, mut answers) = (made, answers);
        let mut line = String::new();
        for index in 0..count {
            let (board, output) = made.recv().ok()?;
            line.clear();
            if answers.read_line(&mut line).unwrap_or(0) == 0 {
                return Some(format!("case {index}: the harness gave no answer"));
            }
            let mut fields = line.trim_end_matches('\n').splitn(3, '\t');
            let fields = [(); 3].map(|()| fields.next().unwrap_or_default());
            if let Err(disagreement) = check(index, board, &output, fields) {
                return Some(disagreement);
            }
        }
        None
    })
}

#[test]
fn the_rust_and_the_cpp_readers_agree_on_a_million_outputs() {
    if !need("g++", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = duel_test_support::work_dir!();
    let binary = harness(work.path());
    let table = Table::solve();
    let boards = Board::start_boards();
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = BufWriter::new(child.stdin.take().unwrap());
    let answers = BufReader::new(child.stdout.take().unwrap());
    let mut seen = std::collections::BTreeMap::<String, u64>::new();
    let disagreement = compare(
        stdin,
        answers,
        CASES,
        &table,
        &boards,
        |index, board, output, fields| {
            let [verdict, moves, reason] = fields;
            let rust = judge_output(&table, board, output);
            let shown = || {
                format!(
                "case {index}, board {board}, output {:?}: C++ {verdict} {moves} {reason:?}, Rust {:?}",
                output.escape_ascii().to_string(),
                rust
            )
            };
            if verdict != rust.verdict.name() || moves != rust.moves.len().to_string() {
                return Err(shown());
            }
            let finished = matches!(rust.verdict, Verdict::Win | Verdict::Draw | Verdict::Loss);
            if !finished && Some(reason) != rust.reason.as_deref() {
                return Err(shown());
            }
            let ioiwari2 = by_protocol_reader(&table, board, output);
            if ioiwari2 != rust.verdict {
                return Err(format!("ioiwari2's reader: {ioiwari2:?}; {}", shown()));
            }
            // The kind of answer: the verdict, and the words of its reason before the first
            // quote or digit (for a finished game, the verdict alone).
            let words = match finished {
                true => "",
                false => reason
                    .split(|c: char| c == '"' || c.is_ascii_digit())
                    .next()
                    .unwrap_or_default(),
            };
            *seen.entry(format!("{verdict}: {words}")).or_default() += 1;
            Ok(())
        },
    );
    if let Some(disagreement) = disagreement {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the readers disagree: {disagreement}");
    }
    assert!(child.wait().unwrap().success());
    // Every way an output can go is reached, each many times.
    for expected in [
        "win: ",
        "draw: ",
        "loss: ",
        "early_exit: ended its output before the game was over",
        "protocol_error: expected a pit number, got an empty line",
        "protocol_error: expected a pit number, got ",
        "protocol_error: wrote a line longer than ",
        "protocol_error: after the game: it wrote more than blanks and line feeds",
        "illegal_move: there is no pit ",
        "illegal_move: pit ",
    ] {
        let count: u64 = seen
            .iter()
            .filter(|(kind, _)| kind.starts_with(expected))
            .map(|(_, count)| count)
            .sum();
        assert!(count >= 1000, "{expected}: {count} in {seen:?}");
    }
}

/// The Python harness: reads the same cases as [`HARNESS`], plays each with the testing
/// tool's own reader and game (`testing_tool.play`), and answers the same way.
const PYTHON_HARNESS: &str = r#"
import sys
sys.path.insert(0, sys.argv[1])
import testing_tool as tool
read = sys.stdin.buffer.read
out = sys.stdout
sys.setrecursionlimit(10000)
while True:
    head = read(11)
    if len(head) < 11:
        break
    data = read(int.from_bytes(head[7:], "little"))
    sent = [data]
    def source(timeout):
        return sent.pop() if sent else b""
    verdict, reason, moves = tool.play(tuple(head[:7]), tool.Output(source),
                                       lambda text: None, lambda *move: None)
    out.write("%s\t%d\t%s\n" % (verdict, moves, reason))
out.flush()
"#;

/// How many outputs the testing tool reads (Python is slower than the rest).
const PYTHON_CASES: u64 = 100_000;

#[test]
fn the_testing_tool_reads_as_the_judge_does() {
    if !need("python3", "DUEL_REQUIRE_FPC") {
        return;
    }
    let work = duel_test_support::work_dir!();
    let package = export("kattis", "ioiwari", &work.path().join("package"));
    let tools = package.join("attachments");
    assert!(tools.join("testing_tool.py").is_file());
    let table = Table::solve();
    let boards = Board::start_boards();
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(PYTHON_HARNESS)
        .arg(&tools)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = BufWriter::new(child.stdin.take().unwrap());
    let answers = BufReader::new(child.stdout.take().unwrap());
    let disagreement = compare(
        stdin,
        answers,
        PYTHON_CASES,
        &table,
        &boards,
        |index, board, output, fields| {
            let [verdict, moves, reason] = fields;
            let rust = judge_output(&table, board, output);
            let finished = matches!(rust.verdict, Verdict::Win | Verdict::Draw | Verdict::Loss);
            match verdict == rust.verdict.name()
            && moves == rust.moves.len().to_string()
            && (finished || Some(reason) == rust.reason.as_deref())
        {
            true => Ok(()),
            false => Err(format!(
                "case {index}, board {board}, output {:?}: Python {verdict} {moves} {reason:?}, Rust {rust:?}",
                output.escape_ascii().to_string()
            )),
        }
        },
    );
    if let Some(disagreement) = disagreement {
        let _ = child.kill();
        let _ = child.wait();
        panic!("the readers disagree: {disagreement}");
    }
    assert!(child.wait().unwrap().success());
}

/// How many generated outputs the judge also reads from a running program.
const PROGRAM_CASES: u64 = 300;

#[test]
fn the_judge_reads_a_program_as_it_reads_its_bytes() {
    // A program that writes one of the outputs, whatever it reads, then exits 0: the judge's
    // verdict on it is `judge_output`'s on the bytes (the end of a program's output mid-game
    // names its status, which bytes do not know: there only the verdict is compared).
    use duel_arena::ioiwari::Ioiwari;
    use duel_arena::judge::{Game, Settings};
    use duel_sandbox::{Limits, ProgramCommand};
    let work = duel_test_support::work_dir!();
    let game = Ioiwari::new();
    let boards = Board::start_boards();
    let settings = Settings::new(Limits::new(std::time::Duration::from_secs(2), 64));
    for index in 0..PROGRAM_CASES {
        // Every 1000th case of the million: the same mix of kinds.
        let (board, output) = case(index * 1000 + 7, game.table(), &boards);
        let file = work.path().join(format!("output-{index}"));
        std::fs::write(&file, &output).unwrap();
        let player = ProgramCommand::Argv(vec!["cat".into(), file.clone().into()]);
        let (result, _) = game.play(&player, &settings, 1, &board).unwrap().unwrap();
        let bytes = judge_output(game.table(), board, &output);
        let shown = format!(
            "case {index}, board {board}, output {:?}: {result:?}",
            output.escape_ascii().to_string()
        );
        assert_eq!(result.verdict, bytes.verdict, "{shown}");
        assert_eq!(result.moves, bytes.moves.len() as u64, "{shown}");
        if result.verdict != Verdict::EarlyExit {
            assert_eq!(result.reason, bytes.reason, "{shown}");
        }
        std::fs::remove_file(&file).unwrap();
    }
}
