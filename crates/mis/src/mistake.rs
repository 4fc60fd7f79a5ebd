//! The mistakes of a game of Pooh-Eeyore-sticks, and how a person is told of them: a move is a
//! mistake when it leaves the other side a winning position although a winning move existed.
//! The one rule and the one sentence, for every front end (terminal play, the judge, the web
//! page).

use crate::{Move, Player, Position};

/// Whether playing `mv` from `before` is a mistake: `before` is won for the side to move and
/// `mv` leaves the opponent a won position. An illegal move is none (it is refused, not
/// played).
///
/// ```
/// use duel_mis::mistake::is_mistake;
/// use duel_mis::{Move, Position};
///
/// let won = Position::new(7, 2, 3)?;
/// assert!(!is_mistake(&won, Move::pooh(2))); // to (5, 2), lost for the opponent
/// assert!(is_mistake(&won, Move::pooh(3)));
/// let lost = Position::new(6, 1, 3)?;
/// assert!(!is_mistake(&lost, Move::pooh(1)), "every move from a lost position loses");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn is_mistake(before: &Position, mv: Move) -> bool {
    before
        .play(mv)
        .is_ok_and(|after| is_mistake_to(before, &after))
}

/// [`is_mistake`] for a move already played, from `before` to `after`: `before` was won for
/// the side to move and `after` is won for the opponent (for replays that play each move once).
///
/// ```
/// use duel_mis::mistake::is_mistake_to;
/// use duel_mis::Position;
///
/// let won = Position::new(7, 2, 3)?;
/// assert!(is_mistake_to(&won, &Position::new(4, 2, 3)?));
/// assert!(!is_mistake_to(&won, &Position::new(5, 2, 3)?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn is_mistake_to(before: &Position, after: &Position) -> bool {
    // `after` first: in a game played well it is lost for the opponent, and one look decides.
    after.is_win() && before.is_win()
}

/// The winning moves `before` offered, as a sentence names them:
/// `take 1 of each or take 2 poohsticks`.
pub fn winning_moves_named(before: &Position) -> String {
    let moves: Vec<String> = before
        .winning_moves()
        .into_iter()
        .map(|mv| mv.describe())
        .collect();
    moves.join(" or ")
}

/// Why a move from `before` that left the other side a winning position was a mistake, said
/// of whoever played it:
/// `it left the other side a winning position; take 2 poohsticks would have won`.
///
/// ```
/// use duel_mis::mistake::mistake_reason;
/// use duel_mis::Position;
///
/// assert_eq!(
///     mistake_reason(&Position::new(7, 2, 3)?),
///     "it left the other side a winning position; take 1 of each or take 2 poohsticks would have won"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mistake_reason(before: &Position) -> String {
    format!(
        "it left the other side a winning position; {} would have won",
        winning_moves_named(before)
    )
}

/// What a person is told at the end of a game in which they made no mistake.
pub const NO_MISTAKE: &str = "You made no mistake.";

/// Whom a sentence about a move speaks of: the person who played it, or a player by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// `you` (the person being told of their own move, as terminal play and the page say it).
    You,
    /// `Bolek` or `Lolek` (as the judge's report says it of the program under test).
    Player(Player),
}

impl Who {
    /// The subject: `you`, `Bolek`.
    fn subject(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Player(player) => player.name(),
        }
    }

    /// The possessive: `your`, `Bolek's`.
    fn possessive(self) -> String {
        match self {
            Who::You => "your".to_string(),
            Who::Player(player) => format!("{}'s", player.name()),
        }
    }
}

/// A move that was a mistake ([`is_mistake`]): its number in the game (both players' moves
/// counted from 1), the position it was played from and the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The move's number in the game, from 1.
    pub number: u64,
    /// The position the move was played from (won for the side to move).
    pub before: Position,
    /// The move, which left the other side a winning position.
    pub mv: Move,
}

impl Mistake {
    /// The sentence that tells `who` of this mistake as their first:
    /// `Move 1 of the game, at (7, 2), was Bolek's first mistake: Bolek chose to take 3
    /// poohsticks, which left the other side a winning position; take 1 of each or take 2
    /// poohsticks would have won.`
    ///
    /// ```
    /// use duel_mis::mistake::{first_mistake, Who};
    /// use duel_mis::{Move, Player, Position};
    ///
    /// let start = Position::new(7, 2, 3)?;
    /// let mistake = first_mistake([(1, start, Move::pooh(3))]).unwrap();
    /// assert_eq!(
    ///     mistake.sentence(Who::Player(Player::Bolek)),
    ///     "Move 1 of the game, at (7, 2), was Bolek's first mistake: Bolek chose to take 3 \
    ///      poohsticks, which left the other side a winning position; take 1 of each or take 2 \
    ///      poohsticks would have won."
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sentence(&self, who: Who) -> String {
        format!(
            "Move {} of the game, at ({}, {}), was {} first mistake: {} chose to {}, which \
             left the other side a winning position; {} would have won.",
            self.number,
            self.before.p(),
            self.before.e(),
            who.possessive(),
            who.subject(),
            self.mv.describe(),
            winning_moves_named(&self.before)
        )
    }
}

/// The first of `moves` (each its number in the game, the position it was played from and the
/// move, one player's moves in the order played) that was a mistake ([`is_mistake`]); `None`
/// when none was.
///
/// ```
/// use duel_mis::mistake::first_mistake;
/// use duel_mis::{Move, Position};
///
/// let won = Position::new(7, 2, 3)?;
/// let lost = Position::new(6, 1, 3)?;
/// assert_eq!(first_mistake([(1, won, Move::pooh(2))]), None);
/// assert_eq!(first_mistake([(1, lost, Move::pooh(1))]), None, "a lost position has none");
/// let found = first_mistake([(1, won, Move::pooh(2)), (3, won, Move::pooh(3))]).unwrap();
/// assert_eq!((found.number, found.mv), (3, Move::pooh(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn first_mistake(moves: impl IntoIterator<Item = (u64, Position, Move)>) -> Option<Mistake> {
    moves
        .into_iter()
        .find(|(_, before, mv)| is_mistake(before, *mv))
        .map(|(number, before, mv)| Mistake { number, before, mv })
}

/// What a person is told at the end of a game of their first mistake: move `number` of the
/// game (both players' moves counted from 1), `mv` played from `before`; [`Mistake::sentence`]
/// said to [`Who::You`].
///
/// ```
/// use duel_mis::mistake::your_first_mistake;
/// use duel_mis::{Move, Position};
///
/// assert_eq!(
///     your_first_mistake(1, &Position::new(7, 2, 3)?, Move::pooh(3)),
///     "Move 1 of the game, at (7, 2), was your first mistake: you chose to take 3 poohsticks, \
///      which left the other side a winning position; take 1 of each or take 2 poohsticks \
///      would have won."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn your_first_mistake(number: u64, before: &Position, mv: Move) -> String {
    Mistake {
        number,
        before: *before,
        mv,
    }
    .sentence(Who::You)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StickKind;

    #[test]
    fn mistakes_are_the_moves_from_a_won_pool_to_a_pool_won_for_the_opponent() {
        let (limit, bound) = (14, 3);
        // Lost pools by the rules alone (retrograde analysis, not the theory).
        let lost = duel_test_support::sticks::lost(bound as usize, limit as usize);
        for p in 0..limit {
            for e in 0..limit {
                let before = Position::new_unchecked_limits(p, e, bound).unwrap();
                for take_p in 0..=bound + 1 {
                    for take_e in 0..=bound + 1 {
                        let mv = Move::new(take_p, take_e);
                        let expected = before.check(mv).is_ok()
                            && !lost[p as usize][e as usize]
                            && !lost[(p - take_p) as usize][(e - take_e) as usize];
                        assert_eq!(is_mistake(&before, mv), expected, "{p} {e} {mv}");
                    }
                }
                for kind in StickKind::ALL {
                    let legal = (1..=bound + 1).filter(|&k| {
                        let mv = match kind {
                            StickKind::Pooh => Move::pooh(k),
                            StickKind::Eeyore => Move::eeyore(k),
                        };
                        before.check(mv).is_ok()
                    });
                    assert_eq!(legal.max().unwrap_or(0), before.max_take(kind));
                }
                let both = (1..=bound + 1).filter(|&k| before.check(Move::both(k)).is_ok());
                assert_eq!(both.max().unwrap_or(0), before.max_take_both());
            }
        }
    }
}
