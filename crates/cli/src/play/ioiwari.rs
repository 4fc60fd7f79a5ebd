//! `duel ioiwari play`: the person plays one side of an Ioiwari game against the computer.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use duel_ioiwari::mistake::{pits_named, Who, NO_MISTAKE};
use duel_ioiwari::remoteness::{PositionFacts, Remoteness};
use duel_ioiwari::{Board, Computer, Outcome, Pit, Player, Position};

use super::hint::{hint_text, HintMove};
use super::{choose_side, run_game, standard_console, Console, Game};

/// Arguments of `duel ioiwari play`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel ioiwari play\n  duel ioiwari play --side 2 --strength greedy\n  duel ioiwari play --board \"3 3 3 3 2 3 3\" --side 1 --strength random --seed 7\n  printf '2\\nhint\\n4\\n' | duel ioiwari play --side 1     # works in a pipe too\n  duel ioiwari play --side 1 --moves 2.4.1.7     # go on from a game's address (its moves=)\n\nAt your turn type a pit number 1..7, or:\n  hint   every legal move's value (result with best play, moves to the end); best: keeps\n         the best result you can force; preferred: the best move the computer would play\n  undo   take back your last move (and the computer's answer)\n  help   the rules and these commands\n  quit   leave the game\nWhen the game ends you are told your first mistake, if you made one."
)]
pub struct PlayArgs {
    /// The start board, pits 1..7.
    #[arg(long, default_value = "4 3 2 4 2 3 2", allow_hyphen_values = true)]
    pub board: String,
    /// Your side: 1 (moves first) or 2; asked at the start if omitted.
    #[arg(long, allow_hyphen_values = true)]
    pub side: Option<super::Side>,
    /// Moves already played from the start, both sides' pits in turn, as a game's address
    /// holds them: "2.4.1.7" (dots, commas or spaces between them).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub computer: super::IoiwariComputerArgs,
    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub variant: crate::variants::VariantFlags,
}

/// Runs `duel ioiwari play` on standard input and output.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    play(&args, &mut standard_console())
}

/// One move of the game, with what it was worth to its player.
struct Played {
    player: Player,
    pit: Pit,
    /// The analysis of the position the move was made from.
    before: PositionFacts,
}

/// Plays a game reading commands from `input` and writing to `output`.
///
/// Exit code 0 when the game ends or the person quits, 1 when the input ends mid-game.
pub fn play<R: BufRead, W: Write>(
    args: &PlayArgs,
    console: &mut Console<R, W>,
) -> anyhow::Result<ExitCode> {
    if let Some(variant) = args.variant.variant()? {
        if args.moves.is_some() {
            anyhow::bail!("--moves is for the task's game (7 pits, cap 5), not a variant");
        }
        let (side, strength) = (args.side, &args.computer.strength);
        return super::variant::play(variant, &args.board, side, strength, console);
    }
    let board: Board = args
        .board
        .parse()
        .with_context(|| format!("invalid board {:?}", args.board))?;
    if board.is_empty() {
        anyhow::bail!("invalid board {:?}: it has no beads to play", args.board);
    }
    let computer = args.computer.ioiwari()?;
    // A game's moves are checked before anything is asked.
    let replayed = match &args.moves {
        Some(text) => replay(Position::start(board), text)?,
        None => Vec::new(),
    };
    let strength = args.computer.strength.name();
    let Some(side) = choose_side(args.side, ["player 1", "player 2"], console)? else {
        return Ok(ExitCode::from(1));
    };
    let human = if side == 1 { Player::One } else { Player::Two };
    let mut game = TaskGame {
        solver: Remoteness::solve(),
        computer,
        human,
        positions: vec![Position::start(board)],
        played: Vec::new(),
    };
    for pit in replayed {
        game.push(pit);
    }
    writeln!(console.output,
        "\nYou are {human}; the computer ({strength}) is {}. Type a pit number, hint, undo, help or quit.",
        human.other()
    )?;
    if !game.played.is_empty() {
        let pits: Vec<String> = game.played.iter().map(|m| m.pit.to_string()).collect();
        writeln!(
            console.output,
            "Replayed {} move{} from --moves: pits {}.",
            game.played.len(),
            if game.played.len() == 1 { "" } else { "s" },
            pits.join(" ")
        )?;
    }
    run_game(&mut game, console)
}

/// The task's game: the positions from the start and the moves between them.
struct TaskGame {
    solver: Remoteness,
    computer: Computer,
    human: Player,
    /// From the start to the current position, never empty.
    positions: Vec<Position>,
    played: Vec<Played>,
}

impl TaskGame {
    fn position(&self) -> Position {
        *self.positions.last().expect("the start is never removed")
    }

    /// Plays `pit` (legal) from the current position.
    fn push(&mut self, pit: Pit) {
        let position = self.position();
        self.played.push(Played {
            player: position.to_move,
            pit,
            before: self.solver.analyze(&position),
        });
        self.positions
            .push(position.play(pit).expect("a legal move"));
    }
}

impl Game for TaskGame {
    fn board(&self) -> String {
        draw(&self.position(), self.human)
    }

    fn ending(&self) -> Option<String> {
        let position = self.position();
        let outcome = position.outcome()?;
        Some(ending(
            outcome,
            &position,
            self.human,
            &self.played,
            &self.positions,
        ))
    }

    fn turn(&self) -> String {
        String::new()
    }

    fn persons_turn(&self) -> bool {
        self.position().to_move == self.human
    }

    fn computer_move(&mut self) -> String {
        let pit = self
            .computer
            .choose(&self.solver, &self.position())
            .expect("a position with beads has a move");
        self.push(pit);
        format!("The computer plays pit {pit}.")
    }

    fn prompt(&self) -> String {
        "Your move (pit 1-7, hint, undo, help, quit): ".into()
    }

    fn abandoned(&self) -> &'static str {
        "The input ended before the game did; the game is abandoned."
    }

    fn hint(&self) -> String {
        hint(&self.solver, &self.position())
    }

    fn help(&self) -> Option<String> {
        Some(RULES.into())
    }

    fn undo(&mut self) -> bool {
        undo(&mut self.positions, &mut self.played, self.human)
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let pit: Pit = text.parse().map_err(|_| {
            format!("{text:?} is not a pit number 1..7 or a command (hint, undo, help, quit).")
        })?;
        let position = self.position();
        if position.play(pit).is_err() {
            let legal: Vec<Pit> = position.board.legal_moves().iter().collect();
            return Err(format!(
                "Pit {pit} is empty; choose {}.",
                pits_named(&legal)
            ));
        }
        self.push(pit);
        Ok(())
    }
}

/// What `help` says: the rules in a few lines, then the commands.
const RULES: &str = "\
The rules: seven pits in a ring, 1 to 7 clockwise (pit 7 is followed by pit 1), and a bank for
each player. A move takes all the beads of one pit with beads and sows them one by one into the
next pits clockwise. A pit already holding 5 takes no bead: one of its beads goes to the mover's
bank instead. The last bead decides: landing on a pit of 1 to 4 beads it takes them all with it
into the mover's bank; landing on an empty or full pit it goes to the opponent's bank. When all
pits are empty the fuller bank wins. Player 1 moves first.
Commands: a pit number 1..7 sows it; hint shows every move's value; undo takes back your last
move; quit leaves.
";

/// The pits of a game's move text (`2.4.1`, see `crates/web/API.md`, \"Game addresses\") played
/// from `start`, each checked; one line naming the move and why, when one cannot be played.
pub(crate) fn replay(start: Position, text: &str) -> anyhow::Result<Vec<Pit>> {
    let mut position = start;
    let mut pits = Vec::new();
    for (index, item) in super::move_items(text).into_iter().enumerate() {
        let pit: Pit = item.parse().map_err(|_| {
            anyhow::anyhow!(
                "invalid --moves: move {} ({item:?}) is not a pit 1..7",
                index + 1
            )
        })?;
        position = position.play(pit).map_err(|error| {
            anyhow::anyhow!(
                "invalid --moves: move {} (pit {pit}) cannot be played: {error}",
                index + 1
            )
        })?;
        pits.push(pit);
    }
    Ok(pits)
}

/// Takes back moves until the person's last move is undone; `false` if there was none.
fn undo(positions: &mut Vec<Position>, played: &mut Vec<Played>, human: Player) -> bool {
    let Some(last_human) = played.iter().rposition(|m| m.player == human) else {
        return false;
    };
    positions.truncate(last_human + 1);
    played.truncate(last_human);
    true
}

/// The board as a few lines, naming the person and the computer.
pub fn draw(position: &Position, human: Player) -> String {
    crate::draw::ioiwari_ring(position, |player| {
        if player == human {
            format!("{player} (you)")
        } else {
            format!("{player} (computer)")
        }
    })
}

/// Every legal move's value for the player to move.
fn hint(solver: &Remoteness, position: &Position) -> String {
    let facts = solver.analyze(position);
    let moves: Vec<HintMove> = facts
        .moves
        .iter()
        .map(|m| HintMove {
            pit: usize::from(m.pit.number()),
            final_margin: m.final_margin.into(),
            moves_to_end: Some(m.moves_to_end.into()),
            best: m.best,
            preferred: Some(m.pit) == facts.preferred,
        })
        .collect();
    hint_text(
        facts.final_margin.into(),
        Some(facts.moves_to_end.into()),
        &moves,
    )
}

/// The result, the verdict for the person, and their first mistake.
fn ending(
    outcome: Outcome,
    position: &Position,
    human: Player,
    played: &[Played],
    positions: &[Position],
) -> String {
    let verdict = match outcome.winner() {
        Some(winner) if winner == human => "You win!",
        Some(_) => "You lose.",
        None => "A draw.",
    };
    // The winner's beads first, as the judge and ioiwari2 say it ("player 2 wins 12-8").
    let mut out = format!(
        "\nGame over: {}. {verdict}\n",
        duel_analysis::documents::ioiwari::result_text(position.banks)
    );
    // The first move of the person's that gave value away, as the page finds and says it.
    let mistake = played
        .iter()
        .zip(positions)
        .enumerate()
        .filter(|(_, (m, _))| m.player == human)
        .find_map(|(index, (m, before))| {
            let doc = duel_analysis::documents::ioiwari::mistake(before, &m.before, m.pit)?;
            Some(doc.first_mistake_sentence(Who::You, index + 1, m.pit))
        });
    out += &mistake.unwrap_or_else(|| NO_MISTAKE.to_string());
    out.push('\n');
    out
}
