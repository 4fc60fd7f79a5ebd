//! `ioiwari2`: the task's player-2 tool, improved.

#![forbid(unsafe_code)]

use anyhow::Context;
use clap::Parser;
use duel_cli::flags::SeedArg;
use duel_cli::protocol::{ProtocolError, ProtocolReader};
use duel_cli::protocol::{OUTPUT_CLOSES_WITHIN, STILL_OPEN};
use duel_ioiwari::transcript::{Ending, Transcript};
use duel_ioiwari::{Board, Oracle, Outcome, Pit, Player, Position, ReachableSolver};
use duel_random::SplitMix64;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

const EXAMPLE: &str = "\
It prints the start board, then reads player 1's pits (one per line) and answers each with an
optimal player-2 pit, as the tool shipped with the IOI 2001 task did. The whole dialogue is
recorded in the log (default ioiwari.out), one line per move, ending with the result.

Example session in a pipe (lines starting with > are ioiwari2's output):
  > 4 3 2 4 2 3 2
    2
  > 3
    5
  > 4
    5
  > 7

By hand (standard input a terminal) it draws the board, asks for your pit and asks again
after a typo or an empty pit; its own pits are shown on the board instead of as bare numbers.
In a pipe it is strict: anything but a legal pit ends the game, and when player 1 has sent
nothing for 2 seconds it says on stderr that it is waiting (a player 1 that does not flush its
output after each move hangs there).

With --run PROGRAM [ARGS...] (last on the line: everything after it is the program and its
arguments) ioiwari2 starts player 1 itself and joins the two through pipes, on every system:
no named pipe needed. The dialogue is shown on stdout as it happens (the lines of the log),
the program's stderr goes to the terminal, and the exit status is the game's result. A
PROGRAM without a directory that names a file here (on Windows also with .exe added) is run
from here, so `--run player` works where `./player` would. PROGRAM is a program, not a source:
build it first, or let duel build and judge a source (duel ioiwari judge --player player.c).

Player 1's lines are read as the judges read them: a line ends at a line feed and holds at
most 4096 bytes; a move is blanks (space, tab, carriage return), an optional sign, digits,
blanks, and nothing else (no other white space, no NUL byte). With --run, once the game is
over player 1's input ends, it may write only blanks and line feeds, its output must end
within a second and it must exit with status 0 within two: ioiwari2 waits no longer.

The log's lines end with a bare line feed on every system, so that logs compare equal
(Notepad reads them since Windows 10).

Examples:
  ioiwari2                                  play by hand against the optimal player 2
  ioiwari2 --position \"3 3 3 3 3 3 2\"       another start board
  ioiwari2 --seed 7 --log game.txt          random among the optimal moves, log to game.txt
  ioiwari2 --run ./player                   play your program (Windows: ioiwari2.exe --run player.exe)
  ioiwari2 --position \"4 4 4 2 2 2 2\" --run python3 player.py
  [ -p to-p2 ] || mkfifo to-p2; ioiwari2 < to-p2 | ioiwari > to-p2   the same with a named pipe (Linux)

Exit status: 0 the game was played to the end (with --run: player 1 won); 1 player 1 broke the
rules (an illegal or unreadable move, or input that ended mid-game: with --run, also a
program that stopped or crashed mid-game, wrote more than blanks after the game, kept its
output open or did not exit cleanly after it); 2 bad usage, the log cannot be written, or the
--run program cannot be started; with --run only: 3 a draw, 4 player 2 won.";

/// The optimal player 2 of Ioiwari (IOI 2001), logging the dialogue to ioiwari.out.
#[derive(Debug, Parser)]
#[command(name = "ioiwari2", version, after_help = EXAMPLE)]
struct Args {
    /// The start board: 7 bead counts (0 to 5 each).
    #[arg(long, value_name = "BOARD", default_value = "4 3 2 4 2 3 2")]
    position: Board,
    /// Where to record the dialogue, line by line as the game goes: a new file at that name
    /// (whatever was there, a symbolic link too, is replaced, never written through); a
    /// device, a pipe or a stream's name (/dev/stdout) is written into.
    #[arg(long, value_name = "FILE", default_value = "ioiwari.out")]
    log: PathBuf,
    /// Choose at random among the optimal moves, reproducibly from --seed, instead of the
    /// first optimal pit.
    #[command(flatten)]
    seed: SeedArg,
    /// Start this program as player 1 and play it through pipes; the rest of the line is
    /// its arguments (so --run comes last).
    #[arg(
        long,
        value_name = "PROGRAM [ARGS]",
        num_args = 1..,
        allow_hyphen_values = true
    )]
    run: Option<Vec<OsString>>,
}

/// Why the game could not be played to its end.
enum Failure {
    /// Player 1 broke the protocol or the rules; the reason has been logged.
    Player1(String),
    /// The tool itself could not work (the log could not be written).
    Tool(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure::Tool(error)
    }
}

/// How long player 1 may stay silent in a pipe before ioiwari2 says it is waiting.
const PATIENCE: Duration = Duration::from_secs(2);

/// Clears a terminal and moves the cursor to its top left corner (ANSI).
const CLEAR_SCREEN: &str = "\x1b[H\x1b[2J";

fn main() -> ExitCode {
    let args = Args::parse();
    // Player 1's program is started before the log is created: a program that cannot start
    // leaves no log behind.
    let player = match args.run.as_deref().map(start_player).transpose() {
        Ok(player) => player,
        Err(message) => {
            eprintln!("ioiwari2: {message}");
            return ExitCode::from(2);
        }
    };
    let log = match create_log(&args.log) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("ioiwari2: cannot create {}: {error}", args.log.display());
            if let Some(mut player) = player {
                let _ = player.kill();
                let _ = player.wait();
            }
            return ExitCode::from(2);
        }
    };
    let by_hand = player.is_none() && io::stdin().is_terminal();
    let draw_board = player.is_none() && io::stderr().is_terminal();
    let mode = Mode {
        by_hand,
        draw_board,
        clear: by_hand && draw_board && terminal_clears(),
        // At a terminal that shows the board, bare pit numbers on the same screen would only
        // interleave with it: the board says which pit ioiwari2 played.
        protocol_out: !(by_hand && draw_board && io::stdout().is_terminal()),
    };
    let mut game = Dialogue {
        log,
        log_name: args.log.display().to_string(),
        position: Position::start(args.position),
        transcript: Transcript::new(args.position),
        solver: ReachableSolver::solve_from(args.position),
        rng: args.seed.seed.map(SplitMix64::new),
        mode,
        recent: Vec::new(),
        watchdog: (!by_hand).then(Watchdog::start),
        echo: player.is_some(),
    };
    match player {
        None => {
            let mut reader = ProtocolReader::new(io::stdin().lock());
            let played = game
                .run(&mut reader, io::stdout().lock())
                .and_then(|()| game.finish());
            exit_status(played, None)
        }
        Some(mut child) => {
            let mut to_player = child.stdin.take().expect("piped");
            let mut reader = ProtocolReader::new(Piped::new(child.stdout.take().expect("piped")));
            let mut played = game.run(&mut reader, &mut to_player);
            if played.is_ok() {
                // The game is over, the program's input still open (a program that reads on
                // waits, RULES.md, A1): what it does now is judged too, within bounds (A2 to
                // A4).
                played = match after_game(&mut reader, &mut child) {
                    Ok(()) => game.finish(),
                    Err(reason) => Err(game.abort(format!("after the game: {reason}"))),
                };
                drop(to_player);
            } else {
                // No game to finish: its input ends, and it has a moment to end by itself.
                drop(to_player);
                if let Some(status) = wait_for(&mut child, PATIENCE) {
                    if !status.success() {
                        eprintln!("ioiwari2: player 1's program ended with {status}");
                    }
                }
            }
            let outcome = game.position.outcome();
            exit_status(played, Some(outcome))
        }
    }
}

/// After the game, with its input still open: player 1's output must end within
/// [`OUTPUT_CLOSES_WITHIN`] with nothing but blanks and line feeds, and the program must then
/// exit with status 0 within [`PATIENCE`] (it is stopped otherwise). Its own end comes first,
/// once it has ended (RULES.md, A5): the output is read to its end even after a byte it
/// refuses. Why not, if it did not.
fn after_game(reader: &mut ProtocolReader<Piped>, child: &mut Child) -> Result<(), String> {
    reader.get_mut().deadline = Some(Instant::now() + OUTPUT_CLOSES_WITHIN);
    let timed_out = |error: &io::Error| error.kind() == io::ErrorKind::TimedOut;
    let (ended, refused) = match reader.read_after_game() {
        Ok(()) => (true, None),
        Err(ProtocolError::Io(error)) if timed_out(&error) => (false, None),
        Err(ProtocolError::Move(fault)) => {
            let drained = io::copy(reader.get_mut(), &mut io::sink());
            (drained.is_ok(), Some(fault.reason))
        }
        Err(error) => (false, Some(error.to_string())),
    };
    if ended {
        return match wait_for(child, PATIENCE) {
            Some(status) if !status.success() => Err(format!("its program ended with {status}")),
            Some(_) => refused.map_or(Ok(()), Err),
            None => Err(format!(
                "its program was still running {} s later, and was stopped",
                PATIENCE.as_secs()
            )),
        };
    }
    let ended_by_itself = child.try_wait().ok().flatten();
    let _ = child.kill();
    let _ = child.wait();
    match ended_by_itself {
        Some(status) if !status.success() => Err(format!("its program ended with {status}")),
        _ => Err(refused.unwrap_or_else(|| STILL_OPEN.to_owned())),
    }
}

/// Player 1's output under `--run`: read by a thread of its own, so that a wait for it can
/// end (after the game, at its [`deadline`](Piped::deadline)) whatever the program does.
struct Piped {
    chunks: mpsc::Receiver<Vec<u8>>,
    buffer: Vec<u8>,
    at: usize,
    ended: bool,
    /// When a read gives up (`TimedOut`); `None`: it waits as long as it takes.
    deadline: Option<Instant>,
}

impl Piped {
    fn new(mut output: impl io::Read + Send + 'static) -> Piped {
        let (sender, chunks) = mpsc::channel();
        thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            loop {
                match output.read(&mut buffer) {
                    Ok(0) => return,
                    Ok(n) => {
                        if sender.send(buffer[..n].to_vec()).is_err() {
                            return;
                        }
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => return,
                }
            }
        });
        Piped {
            chunks,
            buffer: Vec::new(),
            at: 0,
            ended: false,
            deadline: None,
        }
    }
}

impl io::Read for Piped {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = io::BufRead::fill_buf(self)?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl io::BufRead for Piped {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.buffer.len() && !self.ended {
            let next = match self.deadline {
                None => self.chunks.recv().ok(),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    match self.chunks.recv_timeout(left) {
                        Ok(chunk) => Some(chunk),
                        Err(mpsc::RecvTimeoutError::Timeout) => {
                            return Err(io::ErrorKind::TimedOut.into())
                        }
                        Err(mpsc::RecvTimeoutError::Disconnected) => None,
                    }
                }
            };
            match next {
                Some(chunk) => {
                    self.buffer = chunk;
                    self.at = 0;
                }
                None => self.ended = true,
            }
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.buffer.len());
    }
}

/// The exit status of a game (see the help): with `--run` (`outcome` given) it says who won.
fn exit_status(played: Result<(), Failure>, outcome: Option<Option<Outcome>>) -> ExitCode {
    match played {
        Ok(()) => match outcome.flatten() {
            None | Some(Outcome::Win(Player::One)) => ExitCode::SUCCESS,
            Some(Outcome::Draw) => ExitCode::from(3),
            Some(Outcome::Win(Player::Two)) => ExitCode::from(4),
        },
        Err(Failure::Player1(reason)) => {
            eprintln!("ioiwari2: player 1: {reason}");
            ExitCode::from(1)
        }
        Err(Failure::Tool(error)) => {
            eprintln!("ioiwari2: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Opens the log `path` for writing as the game goes: a new, empty file at that name from now
/// on, which replaces whatever was there (an older log, a symbolic link: never written
/// through); a device or a named pipe there (`/dev/null`) is written into, and so is a name
/// under `/dev` or `/proc` (`/dev/stdout`, `/dev/fd/3`), the system's names for streams
/// already open, which only the system can place (duel-files' policy with
/// [`Follow::SystemNames`](duel_files::Follow::SystemNames)).
fn create_log(path: &Path) -> io::Result<File> {
    if duel_files::target(path, duel_files::Follow::SystemNames)? == duel_files::Target::Append {
        return File::options().append(true).open(path);
    }
    let (dir, name) = duel_files::split(path)?;
    duel_files::OutputDir::open(&dir)?.create_streamed(&name)
}

/// Starts player 1's program (`--run`) with its standard input and output piped to us and
/// its standard error shared.
fn start_player(command: &[OsString]) -> Result<Child, String> {
    let (program, arguments) = command.split_first().expect("clap asks for one value");
    Command::new(resolve_program(program))
        .args(arguments)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|error| cannot_run(Path::new(program), &error))
}

/// Why player 1's program `program` could not be started, in one line: a source file is
/// named as one, with what to do instead.
fn cannot_run(program: &Path, error: &io::Error) -> String {
    let name = program.display();
    let source = program.is_file()
        && program
            .extension()
            .is_some_and(|extension| extension != "exe" && extension != "sh")
        && matches!(
            error.kind(),
            io::ErrorKind::PermissionDenied | io::ErrorKind::Other
        ) | (error.raw_os_error() == Some(8)); // ENOEXEC: not a program the system can run
    match (source, program.extension().and_then(|e| e.to_str())) {
        (true, Some("py")) => format!(
            "cannot run {name}: a Python source runs with its interpreter: --run python3 {name}"
        ),
        (true, _) => format!(
            "cannot run {name}: it is a source, not a program: build it and give --run the \
             program built, or let duel build and judge it: duel ioiwari judge --player {name}"
        ),
        (false, _) => format!("cannot run player 1's program {name}: {error}"),
    }
}

/// The program to start for `name`: a bare name (no directory) of a file in the current
/// directory is that file (on Windows `name.exe` too), as a contestant who types
/// `--run player` means; anything else is left to the system's search.
fn resolve_program(name: &OsString) -> PathBuf {
    let path = Path::new(name);
    let bare = path.components().count() == 1 && path.parent() == Some(Path::new(""));
    if bare {
        let mut candidates = vec![path.to_path_buf()];
        if cfg!(windows) && path.extension().is_none() {
            candidates.push(path.with_extension("exe"));
        }
        if let Some(found) = candidates.into_iter().find(|file| file.is_file()) {
            return Path::new(".").join(found);
        }
    }
    path.to_path_buf()
}

/// Waits up to `patience` for `child` to end; stops it after that. Its status, `None` when
/// it had to be stopped.
fn wait_for(child: &mut Child, patience: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + patience;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// Whether the terminal understands the ANSI sequence that clears it: not a `dumb` one; on
/// Windows, a console that accepts escape sequences once asked to (Windows 10 and later), and
/// plain text (the board drawn after each move, never cleared) otherwise.
fn terminal_clears() -> bool {
    if cfg!(windows) {
        return anstyle_query::windows::enable_ansi_colors() == Some(true);
    }
    std::env::var_os("TERM").is_some_and(|term| !term.is_empty() && term != "dumb")
}

/// How the dialogue meets whoever is on the other side.
#[derive(Clone, Copy)]
struct Mode {
    /// A person types at a terminal: prompt, and ask again after a typo or an empty pit.
    by_hand: bool,
    /// Draw the board on stderr (a terminal).
    draw_board: bool,
    /// Clear the terminal before each drawing, so the board stays in one place.
    clear: bool,
    /// Write the protocol (the start board and ioiwari2's pits) on stdout.
    protocol_out: bool,
}

/// Tells on stderr when player 1 has been silent in a pipe for [`PATIENCE`]: the usual cause
/// is a player that does not flush its output.
struct Watchdog {
    events: mpsc::Sender<bool>,
}

impl Watchdog {
    fn start() -> Watchdog {
        let (events, heard) = mpsc::channel::<bool>();
        thread::spawn(move || {
            // `true`: a wait for player 1 begins; `false`: it ended.
            while let Ok(waiting) = heard.recv() {
                if !waiting {
                    continue;
                }
                if let Err(mpsc::RecvTimeoutError::Timeout) = heard.recv_timeout(PATIENCE) {
                    eprintln!(
                        "ioiwari2: still waiting for player 1's move after {} s: player 1 must \
                         write its pit and a newline and then flush its output (C \
                         fflush(stdout), C++ endl, Pascal Flush(Output) after Writeln, Python \
                         flush=True)",
                        PATIENCE.as_secs()
                    );
                }
            }
        });
        Watchdog { events }
    }

    /// Starts watching a wait; it ends when the guard is dropped.
    fn waiting(&self) -> WaitGuard<'_> {
        let _ = self.events.send(true);
        WaitGuard(&self.events)
    }
}

/// One wait for player 1, watched by a [`Watchdog`].
struct WaitGuard<'a>(&'a mpsc::Sender<bool>);

impl Drop for WaitGuard<'_> {
    fn drop(&mut self) {
        let _ = self.0.send(false);
    }
}

struct Dialogue {
    log: File,
    log_name: String,
    position: Position,
    transcript: Transcript,
    solver: ReachableSolver,
    rng: Option<SplitMix64>,
    mode: Mode,
    /// The last moves in words, shown above a redrawn board.
    recent: Vec<String>,
    watchdog: Option<Watchdog>,
    /// Show every log line on stdout as well (`--run`: the dialogue as it happens).
    echo: bool,
}

impl Dialogue {
    /// Plays the game to its end, player 1's moves from `reader`, player 2's to `output`
    /// (dropped at the end, which closes it): the result is logged by [`finish`](Self::finish).
    fn run<R: io::BufRead>(
        &mut self,
        reader: &mut ProtocolReader<R>,
        mut output: impl Write,
    ) -> Result<(), Failure> {
        let header = self.transcript.start_line().to_string();
        self.log_line(&header)?;
        self.show();
        let start = self.position.board;
        if self.mode.protocol_out
            && writeln!(output, "{start}")
                .and_then(|()| output.flush())
                .is_err()
        {
            return Err(self.abort("stopped reading before the game began".into()));
        }
        while !self.position.board.is_empty() {
            let pit = self.read_move(reader)?;
            if let Err(error) = self.play(Player::One, pit) {
                return Err(self.abort(format!("illegal move: {error}")));
            }
            if self.position.board.is_empty() {
                break;
            }
            let reply = self.choose_reply();
            self.play(Player::Two, reply)
                .context("internal error: the solver's move was refused")?;
            if self.mode.protocol_out
                && writeln!(output, "{reply}")
                    .and_then(|()| output.flush())
                    .is_err()
            {
                let reason = "stopped reading before the game ended".to_string();
                return Err(self.abort(reason));
            }
            self.show();
        }
        Ok(())
    }

    /// Logs the game's result, once it is over and player 1 has done nothing wrong after it.
    fn finish(&mut self) -> Result<(), Failure> {
        let result = self
            .transcript
            .finish(&Ending::Finished(self.position.banks));
        self.log_line(&result)?;
        if self.mode.clear {
            self.show();
        }
        Ok(())
    }

    /// Player 1's next pit. In a pipe the first line that is not a pit ends the game; by hand
    /// a typo or an empty pit is explained and the question asked again.
    fn read_move<R: io::BufRead>(
        &mut self,
        reader: &mut ProtocolReader<R>,
    ) -> Result<Pit, Failure> {
        loop {
            if self.mode.by_hand {
                eprint!(
                    "  Your move, player 1 (a pit with beads: {}): ",
                    self.legal_pits()
                );
            }
            let read = {
                let _wait = self.watchdog.as_ref().map(Watchdog::waiting);
                reader.read_move(self.position.board)
            };
            let error = match read {
                Ok(Some(pit)) => return Ok(pit),
                Ok(None) => {
                    if self.mode.by_hand {
                        eprintln!();
                    }
                    let reason = format!("input ended mid-game at {}", self.position.board);
                    return Err(self.abort(reason));
                }
                Err(error @ ProtocolError::Io(_)) => return Err(self.abort(error.to_string())),
                Err(error) if self.mode.by_hand => error.to_string(),
                Err(error) => return Err(self.abort(error.to_string())),
            };
            eprintln!("  {error}; please type {}.", self.legal_pits());
        }
    }

    /// The pits player 1 may sow now, in words: `pit 3`, `pit 1, 2 or 4`.
    fn legal_pits(&self) -> String {
        let legal: Vec<Pit> = self.position.board.legal_moves().iter().collect();
        duel_ioiwari::mistake::pits_named(&legal)
    }

    /// The first optimal pit, or a random optimal pit when a seed was given.
    fn choose_reply(&mut self) -> Pit {
        let best = self.solver.best_moves(self.position.board);
        let index = match &mut self.rng {
            Some(rng) => rng.below(best.len() as u64) as usize,
            None => 0,
        };
        best.iter()
            .nth(index)
            .expect("a non-empty board has an optimal move")
    }

    fn play(&mut self, player: Player, pit: Pit) -> anyhow::Result<()> {
        let next = self.position.play(pit)?;
        self.position = next;
        let line = self.transcript.record(player, pit, &self.position);
        self.log_line(&line)?;
        let number = self.recent.len() + 1;
        let said = format!("move {number}: {} plays pit {pit}", name(player, self.mode));
        self.recent.push(said);
        if self.mode.draw_board && !self.mode.clear {
            // No redrawing in place: each move and the board after it, one after another.
            eprint!("\n  {}", self.recent.last().expect("just pushed"));
            self.draw();
        }
        Ok(())
    }

    /// Ends the game for player 1's fault, logging why.
    fn abort(&mut self, reason: String) -> Failure {
        let line = self.transcript.finish(&Ending::Aborted {
            player: Player::One,
            reason: reason.clone(),
        });
        match self.log_line(&line) {
            Ok(()) => Failure::Player1(reason),
            Err(error) => Failure::Tool(error),
        }
    }

    /// Writes one log line (with its line ending) at once, so that nothing is lost if the game
    /// ends abruptly.
    fn log_line(&mut self, line: &str) -> anyhow::Result<()> {
        self.log
            .write_all(line.as_bytes())
            .and_then(|()| self.log.flush())
            .context("cannot write the log")?;
        if self.echo {
            // The dialogue on the screen is a courtesy: a closed stdout does not stop the game.
            let mut stdout = io::stdout().lock();
            let _ = stdout
                .write_all(line.as_bytes())
                .and_then(|()| stdout.flush());
        }
        Ok(())
    }

    /// Shows the game to a person at a terminal: redrawn in place (the last two moves, then
    /// the board) when the terminal clears, else the board once at the start.
    fn show(&self) {
        if !self.mode.draw_board {
            return;
        }
        if !self.mode.clear {
            if self.recent.is_empty() {
                self.draw();
            }
            return;
        }
        let mut screen = format!(
            "{CLEAR_SCREEN}Ioiwari: you are player 1, ioiwari2 is player 2 (it plays \
             perfectly); the game is logged to {}.\n",
            self.log_name
        );
        let shown = self.recent.len().saturating_sub(2);
        for said in &self.recent[shown..] {
            screen += &format!("  {said}\n");
        }
        eprint!("{screen}");
        self.draw();
    }

    /// Draws the board and banks on stderr.
    fn draw(&self) {
        let mode = self.mode;
        eprint!(
            "{}",
            duel_cli::draw::ioiwari_position(&self.position, |player| name(player, mode))
        );
        if let Some(outcome) = self.position.outcome() {
            eprintln!("  game over: {outcome}");
        }
    }
}

/// How a player is called on the terminal.
fn name(player: Player, mode: Mode) -> String {
    match player {
        Player::One if mode.by_hand => "player 1 (you)".to_string(),
        Player::One => "player 1".to_string(),
        Player::Two => "player 2 (ioiwari2)".to_string(),
    }
}
