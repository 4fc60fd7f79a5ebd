//! `/api/mis/*`.

use duel_mis::{Move, Position};
use serde::Deserialize;
use serde_json::json;

use axum::Json;

use super::{strength, to_value, ApiError, ApiResult, Body, GameIn};
use duel_analysis::documents::mis::{analyze as analyze_position, game as play_game, map, MoveDoc};
use duel_analysis::engine::mis_move;

/// `{"p": 7, "e": 2, "bound": 3}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionIn {
    p: u64,
    e: u64,
    bound: u64,
}

impl PositionIn {
    fn to_position(&self) -> Result<Position, ApiError> {
        Position::in_play(self.p, self.e, self.bound).map_err(ApiError::invalid)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveIn {
    take_p: u32,
    take_e: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayIn {
    position: PositionIn,
    #[serde(rename = "move")]
    mv: MoveIn,
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PatternIn {
    position: PositionIn,
    /// Squares a side (default: enough for every pool one move away, 15 to 41).
    #[serde(default)]
    size: Option<u32>,
    /// Pools a square stands for along each side (default: the fewest that put every pool
    /// one move away on the map).
    #[serde(default)]
    scale: Option<u64>,
}

pub(crate) async fn analyze(Body(input): Body<PositionIn>) -> ApiResult {
    let position = input.to_position()?;
    to_value(analyze_position(&position))
}

fn move_result(from: &Position, mv: Move) -> ApiResult {
    let after = from.play(mv).map_err(ApiError::invalid)?;
    Ok(Json(json!({
        "move": to_value(MoveDoc::new(from, mv))?.0,
        "analysis": to_value(analyze_position(&after))?.0,
    })))
}

pub(crate) async fn play(Body(input): Body<PlayIn>) -> ApiResult {
    let position = input.position.to_position()?;
    move_result(&position, Move::new(input.mv.take_p, input.mv.take_e))
}

pub(crate) async fn engine(Body(input): Body<EngineIn>) -> ApiResult {
    let position = input.position.to_position()?;
    let kind = duel_analysis::engine::mis_computer(strength(input.strength.as_deref()), input.seed)
        .map_err(ApiError::invalid)?;
    let mut player = duel_mis::lolek(kind);
    let mv = mis_move(player.as_mut(), &position)
        .ok_or_else(|| ApiError::invalid("the pool is empty: no move to make"))?;
    move_result(&position, mv)
}

pub(crate) async fn pattern(Body(input): Body<PatternIn>) -> ApiResult {
    let position = input.position.to_position()?;
    to_value(map(&position, input.size, input.scale))
}

/// `POST /api/mis/game`: the whole game, Bolek first, up to the first move that cannot be
/// played (`stopped` says which and why).
pub(crate) async fn game(Body(input): Body<GameIn<PositionIn>>) -> ApiResult {
    let start = input.start.to_position()?;
    let tokens = input.moves.tokens()?;
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    to_value(play_game(&start, &tokens))
}
