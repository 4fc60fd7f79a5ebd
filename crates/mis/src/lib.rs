//! Pooh-Eeyore-sticks (MIS, XI Polish Olympiad in Informatics 2003/2004, stage III).
//!
//! Two players alternately take from a pool of `p` poohsticks and `e` eeyoresticks
//! either `k` of one kind or `k` of each, `1 ≤ k ≤ B` (the PE-bound), never more than
//! the pool holds; whoever empties the pool wins. Bolek moves first.
//!
//! The game is Wythoff's game played on the residues modulo `B + 1`; the [`theory`]
//! module proves it and computes the winning move exactly in O(1) time and memory,
//! with integer arithmetic only.
//!
//! ```
//! use duel_mis::{lolek, Bolek, Game, LolekKind, Player, Position};
//! let start: Position = "7 2 3".parse().unwrap();
//! let mut bolek = Bolek::new(start);
//! let mut lolek = lolek(LolekKind::Optimal);
//! let mut game = Game::new(start);
//! while game.winner().is_none() {
//!     let at = game.position();
//!     let mv = match game.to_move() {
//!         Player::Bolek => bolek.next_move(at.p(), at.e()),
//!         Player::Lolek => lolek.choose(&at),
//!     };
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.winner(), Some(Player::Bolek));
//! ```

#![forbid(unsafe_code)]

mod bolek;
mod game;
mod illegal;
pub mod mistake;
mod moves;
mod official;
mod player;
mod position;
mod position_error;
pub mod record;
mod stick;
mod strategy;
pub mod theory;
pub mod varint;

pub use bolek::Bolek;
pub use duel_random::SplitMix64;
pub use game::{Game, ReplayError};
pub use illegal::IllegalMove;
pub use moves::{Move, ParseMoveError};
pub use official::{official_tests, MisTest, OFFICIAL_TESTS};
pub use player::Player;
pub use position::Position;
pub use position_error::{ParsePositionError, PositionError};
pub use stick::StickKind;
pub use strategy::{
    lolek, AdversarialLolek, GreedyLolek, LolekKind, OptimalLolek, ParseLolekKindError,
    RandomLolek, SimpleLolek, Strategy,
};
pub use theory::is_losing_residue;

/// Largest pile in a task's starting position (10⁷).
pub const MAX_PILE: u32 = 10_000_000;
/// Largest PE-bound in a task (10⁶).
pub const MAX_BOUND: u32 = 1_000_000;
