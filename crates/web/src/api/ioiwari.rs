//! `/api/ioiwari/*`.

use duel_ioiwari::{Banks, Board, Pit, Player, Position};
use serde::Deserialize;
use serde_json::Value;

use axum::extract::State;

use super::{strength, to_value, ApiError, ApiResult, Body, GameIn};
use crate::state::Shared;
use duel_analysis::documents::ioiwari::{
    analyze as analyze_position, game as play_game, play as play_pit,
};

/// Banks above this are refused: a game has at most 35 beads, and the bound keeps sums small.
const MAX_BANK: u32 = 1000;

/// `{"board": [4,3,2,4,2,3,2] or "4 3 2 4 2 3 2", "banks": [0, 0], "to_move": 1}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionIn {
    board: Value,
    #[serde(default)]
    banks: [u32; 2],
    #[serde(default)]
    to_move: Option<u8>,
}

impl PositionIn {
    pub(crate) fn to_position(&self) -> Result<Position, ApiError> {
        let board = match &self.board {
            Value::String(text) => text.parse::<Board>().map_err(ApiError::invalid)?,
            Value::Array(items) => {
                let pits: Vec<u8> = items
                    .iter()
                    .map(|item| item.as_u64().and_then(|n| u8::try_from(n).ok()))
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        ApiError::invalid("board: pits must be small non-negative integers")
                    })?;
                let pits: [u8; 7] = pits
                    .try_into()
                    .map_err(|_| ApiError::invalid("board: exactly 7 pits expected"))?;
                Board::new(pits).map_err(ApiError::invalid)?
            }
            _ => {
                return Err(ApiError::bad_request(
                    "board: expected an array of 7 numbers or a string like \"4 3 2 4 2 3 2\"",
                ))
            }
        };
        if self.banks.iter().any(|&bank| bank > MAX_BANK) {
            return Err(ApiError::invalid(format!("banks: at most {MAX_BANK} each")));
        }
        let to_move = match self.to_move.unwrap_or(1) {
            1 => Player::One,
            2 => Player::Two,
            other => return Err(ApiError::invalid(format!("to_move: {other} is not 1 or 2"))),
        };
        Ok(Position {
            board,
            banks: Banks {
                one: self.banks[0],
                two: self.banks[1],
            },
            to_move,
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayIn {
    position: PositionIn,
    pit: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EngineIn {
    position: PositionIn,
    #[serde(default)]
    strength: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

pub(crate) async fn analyze(State(app): State<Shared>, Body(input): Body<PositionIn>) -> ApiResult {
    let position = input.to_position()?;
    to_value(analyze_position(&app.ioiwari, &position))
}

pub(crate) async fn play(State(app): State<Shared>, Body(input): Body<PlayIn>) -> ApiResult {
    let position = input.position.to_position()?;
    let pit = u8::try_from(input.pit)
        .ok()
        .and_then(|n| Pit::new(n).ok())
        .ok_or_else(|| ApiError::invalid(format!("pit: {} is not a pit 1..7", input.pit)))?;
    if let Err(illegal) = position.board.play(pit) {
        return Err(ApiError::invalid(illegal));
    }
    let doc = play_pit(&app.ioiwari, &position, pit)
        .ok_or_else(|| ApiError::invalid(format!("pit {pit} is empty")))?;
    to_value(doc)
}

pub(crate) async fn engine(State(app): State<Shared>, Body(input): Body<EngineIn>) -> ApiResult {
    let position = input.position.to_position()?;
    let mut player =
        duel_analysis::engine::ioiwari_computer(strength(input.strength.as_deref()), input.seed)
            .map_err(ApiError::invalid)?;
    let pit = player
        .choose(&app.ioiwari, &position)
        .ok_or_else(|| ApiError::invalid("the game is over: no move to make"))?;
    let doc = play_pit(&app.ioiwari, &position, pit)
        .ok_or_else(|| ApiError::invalid(format!("pit {pit} is empty")))?;
    to_value(doc)
}

/// `POST /api/ioiwari/game`: the whole game, every move analysed, up to the first move that
/// cannot be played (`stopped` says which and why).
pub(crate) async fn game(
    State(app): State<Shared>,
    Body(input): Body<GameIn<PositionIn>>,
) -> ApiResult {
    let start = input.start.to_position()?;
    let tokens = input.moves.tokens()?;
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    to_value(play_game(&app.ioiwari, &start, &tokens))
}
