//! `duel ioiwari play`: the person plays one side of an Ioiwari game against the computer.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use anyhow::Context;
use duel_ioiwari::remoteness::{PositionFacts, Remoteness};
use duel_ioiwari::{Board, Outcome, Pit, Player, Position};

use super::{choose_side, standard_console, Console};
use crate::analyze::margin_words;

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
    pub side: Option<String>,
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
        let (side, strength) = (args.side.as_deref(), args.computer.strength.as_str());
        return crate::variants::play_variant(variant, &args.board, side, strength, console);
    }
    let board: Board = args
        .board
        .parse()
        .with_context(|| format!("invalid board {:?}", args.board))?;
    if board.is_empty() {
        anyhow::bail!("invalid board {:?}: it has no beads to play", args.board);
    }
    let mut computer = args.computer.ioiwari()?;
    // A game's moves are checked before anything is asked.
    let replayed = match &args.moves {
        Some(text) => replay(Position::start(board), text)?,
        None => Vec::new(),
    };
    let strength = args.computer.strength.trim();
    let Some(side) = choose_side(args.side.as_deref(), ["player 1", "player 2"], console)? else {
        writeln!(console.output, "\nThe input ended before the game began.")?;
        return Ok(ExitCode::from(1));
    };
    let human = if side == 1 { Player::One } else { Player::Two };
    let solver = Remoteness::solve();
    let mut positions = vec![Position::start(board)];
    let mut played: Vec<Played> = Vec::new();
    {
        for pit in replayed {
            let position = *positions.last().expect("the start is never removed");
            played.push(Played {
                player: position.to_move,
                pit,
                before: solver.analyze(&position),
            });
            positions.push(position.play(pit).expect("replay checked every move"));
        }
    }

    writeln!(console.output,
        "\nYou are {human}; the computer ({strength}) is {}. Type a pit number, hint, undo, help or quit.",
        human.other()
    )?;
    if !played.is_empty() {
        let pits: Vec<String> = played.iter().map(|m| m.pit.to_string()).collect();
        writeln!(
            console.output,
            "Replayed {} move{} from --moves: pits {}.",
            played.len(),
            if played.len() == 1 { "" } else { "s" },
            pits.join(" ")
        )?;
    }
    let mut redraw = true;
    loop {
        let position = *positions.last().expect("the start is never removed");
        if redraw {
            write!(console.output, "{}", draw(&position, human))?;
            redraw = false;
        }
        if let Some(outcome) = position.outcome() {
            write!(
                console.output,
                "{}",
                ending(outcome, &position, human, &played)
            )?;
            return Ok(ExitCode::SUCCESS);
        }
        if position.to_move != human {
            let pit = computer
                .choose(&solver, &position)
                .expect("a position with beads has a move");
            writeln!(console.output, "The computer plays pit {pit}.")?;
            played.push(Played {
                player: position.to_move,
                pit,
                before: solver.analyze(&position),
            });
            positions.push(position.play(pit).expect("engine moves are legal"));
            redraw = true;
            continue;
        }
        write!(
            console.output,
            "Your move (pit 1-7, hint, undo, help, quit): "
        )?;
        console.output.flush()?;
        let Some(command) = console.read_command()? else {
            writeln!(
                console.output,
                "\nThe input ended before the game did; the game is abandoned."
            )?;
            return Ok(ExitCode::from(1));
        };
        match command.as_str() {
            "" => {}
            "hint" | "h" | "?" => write!(console.output, "{}", hint(&solver, &position))?,
            "help" => write!(console.output, "{RULES}")?,
            "quit" | "q" | "exit" => {
                writeln!(console.output, "You left the game.")?;
                return Ok(ExitCode::SUCCESS);
            }
            "undo" | "u" => {
                if undo(&mut positions, &mut played, human) {
                    writeln!(console.output, "Taken back.")?;
                    redraw = true;
                } else {
                    writeln!(console.output, "There is no move of yours to take back.")?;
                }
            }
            text => match text.parse::<Pit>() {
                Err(_) => writeln!(
                    console.output,
                    "{text:?} is not a pit number 1..7 or a command (hint, undo, help, quit)."
                )?,
                Ok(pit) => match position.play(pit) {
                    Err(_) => {
                        let legal: Vec<String> = position
                            .board
                            .legal_moves()
                            .iter()
                            .map(|p| p.to_string())
                            .collect();
                        writeln!(
                            console.output,
                            "Pit {pit} is empty; choose one of {}.",
                            legal.join(" ")
                        )?;
                    }
                    Ok(next) => {
                        played.push(Played {
                            player: human,
                            pit,
                            before: solver.analyze(&position),
                        });
                        positions.push(next);
                        redraw = true;
                    }
                },
            },
        }
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

/// The result, the verdict for the person, and their first mistake.
fn ending(outcome: Outcome, position: &Position, human: Player, played: &[Played]) -> String {
    let verdict = match outcome.winner() {
        Some(winner) if winner == human => "You win!",
        Some(_) => "You lose.",
        None => "A draw.",
    };
    let mut out = format!(
        "\nGame over: {outcome} {}-{}. {verdict}\n",
        position.banks.one, position.banks.two
    );
    let mistake = played
        .iter()
        .enumerate()
        .find(|(_, m)| m.player == human && !is_best(m));
    match mistake {
        None => out += "You made no mistake: every move of yours kept the best value.\n",
        Some((index, m)) => {
            let chosen = m
                .before
                .moves
                .iter()
                .find(|f| f.pit == m.pit)
                .map_or(0, |f| f.final_margin);
            let best: Vec<String> = m
                .before
                .moves
                .iter()
                .filter(|f| f.best)
                .map(|f| f.pit.to_string())
                .collect();
            let given_away = m.before.final_margin - chosen;
            out += &format!(
                "Move {} of the game, pit {}, was your first mistake: {} ({} bead{} given away).\n",
                index + 1,
                m.pit,
                crate::portable::forward_reason(
                    chosen.into(),
                    m.before.final_margin.into(),
                    &format!("pit {}", either(&best))
                ),
                given_away,
                if given_away == 1 { "" } else { "s" }
            );
        }
    }
    out
}

/// "2", "2 or 4", "2, 4 or 7".
fn either(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

fn is_best(played: &Played) -> bool {
    played
        .before
        .moves
        .iter()
        .any(|m| m.pit == played.pit && m.best)
}
