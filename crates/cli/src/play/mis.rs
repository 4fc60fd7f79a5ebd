//! `duel mis play`: the person plays Bolek or Lolek against the computer.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use duel_analysis::documents::mis::describe;
use duel_analysis::engine::mis_move;
use duel_mis::mistake::{first_mistake, Who, NO_MISTAKE};
use duel_mis::{Move, Position};

use super::{choose_side, run_game, standard_console, Console, Game};
use crate::analyze::mis::position_from;

/// Legal moves listed one by one in a hint when there are at most this many.
const LISTED_MOVES_MAX: u64 = 30;
/// Sticks drawn per pile; more are counted instead.
const STICKS_DRAWN: u32 = 40;

/// Arguments of `duel mis play`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Examples:\n  duel mis play                  # 7 poohsticks, 2 eeyoresticks, B = 3\n  duel mis play 20 13 4 --side 2 --strength greedy\n  printf '1 1\\nhint\\np 1\\n' | duel mis play 7 2 3 --side 1\n  duel mis play 7 2 3 --side 1 --moves 1-1.0-1   # go on from a game's address (its moves=)\n\nAt your turn type a move as two numbers, poohsticks then eeyoresticks taken (\"1 1\",\n\"3 0\"), or as \"p K\", \"e K\" or \"b K\" (K of both), or:\n  hint   the winning moves, and what every other move is worth\n  undo   take back your last move (and the computer's answer)\n  help   the rules and these commands\n  quit   leave the game\nWhoever takes the last stick wins. At the end you are told your first mistake, if any."
)]
pub struct PlayArgs {
    /// Poohsticks at the start (0..=10^7).
    #[arg(default_value = "7", allow_hyphen_values = true)]
    pub p: String,
    /// Eeyoresticks at the start (0..=10^7).
    #[arg(default_value = "2", allow_hyphen_values = true)]
    pub e: String,
    /// The PE-bound B (1..=10^6).
    #[arg(default_value = "3", allow_hyphen_values = true)]
    pub bound: String,
    /// Your side: 1 (Bolek, moves first) or 2 (Lolek); asked at the start if omitted.
    #[arg(long, allow_hyphen_values = true)]
    pub side: Option<super::Side>,
    /// Moves already played from the start, both sides' in turn, as a game's address holds
    /// them: poohsticks-eeyoresticks taken, "1-1.0-1" (dots, commas or spaces between them).
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    #[command(flatten)]
    #[allow(missing_docs)] // flattened: its flags carry their own help
    pub computer: super::MisComputerArgs,
}

/// Runs `duel mis play` on standard input and output.
pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    play(&args, &mut standard_console())
}

const NAMES: [&str; 2] = ["Bolek", "Lolek"];

struct Played {
    /// 1 (Bolek) or 2 (Lolek).
    player: u8,
    mv: Move,
    from: Position,
}

/// Plays a game reading commands from `input` and writing to `output`.
///
/// Exit code 0 when the game ends or the person quits, 1 when the input ends mid-game.
pub fn play<R: BufRead, W: Write>(
    args: &PlayArgs,
    console: &mut Console<R, W>,
) -> anyhow::Result<ExitCode> {
    let start = position_from(&args.p, &args.e, &args.bound)?;
    if start.is_over() {
        anyhow::bail!("the pool is empty: there is nothing to play");
    }
    let computer = duel_mis::lolek(args.computer.mis()?);
    let strength = args.computer.strength.name();
    // A game's moves are checked before anything is asked.
    let mut replayed: Vec<Played> = Vec::new();
    if let Some(text) = &args.moves {
        let mut position = start;
        for (index, item) in super::move_items(text).into_iter().enumerate() {
            let mv = item
                .split_once('-')
                .and_then(|(p, e)| Some(Move::new(p.parse().ok()?, e.parse().ok()?)))
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "invalid --moves: move {} ({item:?}) is not poohsticks-eeyoresticks taken, like 1-1",
                        index + 1
                    )
                })?;
            let next = position.play(mv).map_err(|illegal| {
                anyhow::anyhow!(
                    "invalid --moves: move {} ({item}) cannot be played: {illegal}",
                    index + 1
                )
            })?;
            replayed.push(Played {
                player: if index % 2 == 0 { 1 } else { 2 },
                mv,
                from: position,
            });
            position = next;
        }
    }
    let Some(human) = choose_side(args.side, NAMES, console)? else {
        return Ok(ExitCode::from(1));
    };
    writeln!(
        console.output,
        "\nYou are {}; the computer ({strength}) is {}. Whoever takes the last stick wins.",
        NAMES[usize::from(human) - 1],
        NAMES[usize::from(3 - human) - 1]
    )?;
    writeln!(
        console.output,
        "Type a move (\"1 1\", \"3 0\", \"p 2\", \"e 1\", \"b 1\"), hint, undo, help or quit."
    )?;
    if !replayed.is_empty() {
        writeln!(
            console.output,
            "Replayed {} move{} from --moves.",
            replayed.len(),
            if replayed.len() == 1 { "" } else { "s" }
        )?;
    }
    let mut game = MisGame {
        start,
        computer,
        human,
        played: replayed,
    };
    run_game(&mut game, console)
}

/// A game of Pooh-Eeyore-sticks: the start and the moves since.
struct MisGame {
    start: Position,
    computer: Box<dyn duel_mis::Strategy + Send>,
    /// 1 (Bolek) or 2 (Lolek).
    human: u8,
    played: Vec<Played>,
}

impl MisGame {
    fn position(&self) -> Position {
        self.played.last().map_or(self.start, |m| {
            m.from.play(m.mv).expect("recorded moves are legal")
        })
    }

    /// The side to move: 1 (Bolek) or 2 (Lolek).
    fn to_move(&self) -> u8 {
        if self.played.len().is_multiple_of(2) {
            1
        } else {
            2
        }
    }
}

impl Game for MisGame {
    fn board(&self) -> String {
        draw(&self.position())
    }

    fn ending(&self) -> Option<String> {
        let winner = 3 - self.to_move(); // the player who just moved
        self.position()
            .is_over()
            .then(|| ending(winner, self.human, &self.played))
    }

    fn turn(&self) -> String {
        let player = self.to_move();
        let role = if player == self.human {
            "you"
        } else {
            "computer"
        };
        format!("  {} ({role}) to move\n", NAMES[usize::from(player) - 1])
    }

    fn persons_turn(&self) -> bool {
        self.to_move() == self.human
    }

    fn computer_move(&mut self) -> String {
        let position = self.position();
        let mv = mis_move(self.computer.as_mut(), &position).expect("a non-empty pool has a move");
        self.played.push(Played {
            player: self.to_move(),
            mv,
            from: position,
        });
        format!("The computer: {}.", describe(mv))
    }

    fn prompt(&self) -> String {
        "Your move: ".into()
    }

    fn abandoned(&self) -> &'static str {
        "The input ended before the game did; the game is abandoned."
    }

    fn hint(&self) -> String {
        hint(&self.position())
    }

    fn help(&self) -> Option<String> {
        Some(RULES.into())
    }

    fn undo(&mut self) -> bool {
        match self.played.iter().rposition(|m| m.player == self.human) {
            Some(last) => {
                self.played.truncate(last);
                true
            }
            None => false,
        }
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let mv = parse_move(text).ok_or_else(|| {
            format!("{text:?} is not a move (\"1 1\", \"p 2\", \"e 1\", \"b 1\") or a command (hint, undo, help, quit).")
        })?;
        let position = self.position();
        position
            .check(mv)
            .map_err(|illegal| format!("Not allowed: {illegal}."))?;
        self.played.push(Played {
            player: self.human,
            mv,
            from: position,
        });
        Ok(())
    }
}

/// What `help` says.
const RULES: &str = "\
The rules: two piles, poohsticks and eeyoresticks, and a bound B. Bolek moves first, then the two take turns.
A move takes 1 to B sticks of one kind, or the same number (1 to B) of both kinds. Whoever takes the last stick wins.
A move takes K poohsticks (\"K 0\" or \"p K\"), K eeyoresticks (\"0 K\" or \"e K\") or K of each (\"K K\" or \"b K\"), 1 <= K <= B. Also: hint, undo, quit.
";

/// `"1 1"`, `"3 0"`, `"p 3"`, `"e 2"`, `"b 1"` / `"both 1"`.
fn parse_move(text: &str) -> Option<Move> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [first, second] = words[..] else {
        return None;
    };
    let amount = second.parse::<u32>().ok();
    match first {
        "p" | "pooh" => amount.map(Move::pooh),
        "e" | "eeyore" => amount.map(Move::eeyore),
        "b" | "both" => amount.map(Move::both),
        _ => Some(Move::new(first.parse().ok()?, amount?)),
    }
}

/// The two piles as rows of sticks.
fn draw(position: &Position) -> String {
    let sticks = |count: u32| {
        let drawn = "|".repeat(count.min(STICKS_DRAWN) as usize);
        if count > STICKS_DRAWN {
            format!("{drawn} ... (+{})", count - STICKS_DRAWN)
        } else {
            drawn
        }
    };
    format!(
        "\n  poohsticks   {:>8}  {}\n  eeyoresticks {:>8}  {}\n  B = {}: take 1..{} of one kind, or the same number of each\n",
        position.p(),
        sticks(position.p()),
        position.e(),
        sticks(position.e()),
        position.bound(),
        position.bound()
    )
}

/// The value of every move: the winning ones listed, the rest lose.
fn hint(position: &Position) -> String {
    let winning = position.winning_moves();
    let total = position.legal_move_count();
    let mut out = if winning.is_empty() {
        format!(
            "This position is lost against best play: all {total} legal moves leave the opponent a win.\n"
        )
    } else {
        let listed: Vec<String> = winning.iter().map(|&mv| describe(mv)).collect();
        format!(
            "You can win: {}. The other {} legal move{} lose{}.\n",
            listed.join("; "),
            total - winning.len() as u64,
            if total - winning.len() as u64 == 1 {
                ""
            } else {
                "s"
            },
            if total - winning.len() as u64 == 1 {
                "s"
            } else {
                ""
            }
        )
    };
    if total <= LISTED_MOVES_MAX {
        for mv in position.legal_moves() {
            let verdict = if winning.contains(&mv) {
                "wins"
            } else {
                "loses"
            };
            out += &format!("  {:<24} {verdict}\n", describe(mv));
        }
    }
    out
}

/// The winner, the verdict for the person, and their first mistake.
fn ending(winner: u8, human: u8, played: &[Played]) -> String {
    let verdict = if winner == human {
        "You win!"
    } else {
        "You lose."
    };
    let mut out = format!(
        "\nGame over: {} took the last stick and wins. {verdict}\n",
        NAMES[usize::from(winner) - 1]
    );
    let mine = played.iter().enumerate().filter(|(_, m)| m.player == human);
    let mistake = first_mistake(mine.map(|(index, m)| (index as u64 + 1, m.from, m.mv)));
    out += &mistake.map_or_else(|| NO_MISTAKE.to_string(), |m| m.sentence(Who::You));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_in_every_notation() {
        assert_eq!(parse_move("1 1"), Some(Move::both(1)));
        assert_eq!(parse_move("3 0"), Some(Move::pooh(3)));
        assert_eq!(parse_move("p 2"), Some(Move::pooh(2)));
        assert_eq!(parse_move("e 4"), Some(Move::eeyore(4)));
        assert_eq!(parse_move("both 2"), Some(Move::both(2)));
        assert_eq!(parse_move("2 1"), Some(Move::new(2, 1))); // parsed, then refused as illegal
        for bad in ["", "1", "x 1", "p", "1 2 3", "p -1"] {
            assert_eq!(parse_move(bad), None, "{bad:?}");
        }
    }
}
