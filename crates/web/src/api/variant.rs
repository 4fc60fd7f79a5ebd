//! `/api/ioiwari/variants` and `/api/ioiwari/variant/*`: Ioiwari's variants (any pits, any cap),
//! their tables solved on demand within the bounds of [`crate::variants`].

use std::sync::Arc;

use duel_analysis::variants::position::{self, VariantPosition};
use duel_ioiwari::variant::{Variant, VariantBoard, VariantTable};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{parse_body, to_value, ApiError, ApiResult};
use crate::http::Request;
use crate::variants::{TableRefusal, VariantTables, CACHED_TABLES, MAX_BOARDS};
use crate::App;

/// `{"pits": 9, "cap": 4, "board": [3,3,...] or "3 3 ...", "banks": [0, 0], "to_move": 1}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionIn {
    pits: u64,
    cap: u64,
    board: Value,
    #[serde(default)]
    banks: [u64; 2],
    #[serde(default)]
    to_move: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayIn {
    position: PositionIn,
    pit: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EngineIn {
    position: PositionIn,
    #[serde(default)]
    strength: Option<String>,
}

impl PositionIn {
    /// The position and its variant's table: every check that needs no table comes first,
    /// so a malformed request never starts a solve.
    fn resolve(
        &self,
        tables: &VariantTables,
    ) -> Result<(VariantPosition, Arc<VariantTable>), ApiError> {
        let pits = usize::try_from(self.pits).unwrap_or(usize::MAX);
        let cap = u8::try_from(self.cap).map_err(|_| {
            ApiError::invalid(format!(
                "a cap of {}: the cap is {} to {} beads a pit",
                self.cap,
                Variant::MIN_CAP,
                Variant::MAX_CAP
            ))
        })?;
        let variant = Variant::new(pits, cap).map_err(ApiError::invalid)?;
        if !VariantTables::allows(variant) {
            return Err(refused(TableRefusal::TooLarge(variant)));
        }
        let board = match &self.board {
            Value::String(text) => VariantBoard::parse(variant, text).map_err(ApiError::invalid)?,
            Value::Array(items) => {
                let counts: Vec<u8> = items
                    .iter()
                    .map(|item| item.as_u64().and_then(|n| u8::try_from(n).ok()))
                    .collect::<Option<_>>()
                    .ok_or_else(|| {
                        ApiError::invalid("board: pits must be small non-negative integers")
                    })?;
                VariantBoard::new(variant, &counts).map_err(ApiError::invalid)?
            }
            _ => {
                return Err(ApiError::bad_request(
                    "board: expected an array of bead counts or a string like \"3 3 3 3 3\"",
                ))
            }
        };
        let most = u64::from(variant.max_beads());
        if self.banks.iter().any(|&bank| bank > most) {
            return Err(ApiError::invalid(format!(
                "banks: at most {most} beads each in {variant}"
            )));
        }
        let to_move = match self.to_move.unwrap_or(1) {
            1 => 1,
            2 => 2,
            other => return Err(ApiError::invalid(format!("to_move: {other} is not 1 or 2"))),
        };
        let banks = self.banks.map(|bank| bank as u32);
        let position = VariantPosition::new(board, banks, to_move).map_err(ApiError::invalid)?;
        let table = tables.table(variant).map_err(refused)?;
        Ok((position, table))
    }
}

/// A refusal as an API error: `422` for a variant too large, `503` when busy, `500` else.
fn refused(refusal: TableRefusal) -> ApiError {
    let status = match refusal {
        TableRefusal::TooLarge(_) => 422,
        TableRefusal::Busy => 503,
        TableRefusal::Failed(_) => 500,
    };
    ApiError::with_status(status, refusal)
}

/// `GET /api/ioiwari/variants`: the bounds, and the tables kept now.
pub(crate) fn limits(app: &App) -> ApiResult {
    let pits: Vec<Value> = (Variant::MIN_PITS..=Variant::MAX_PITS)
        .map(|pits| json!({ "pits": pits, "max_cap": VariantTables::max_cap(pits) }))
        .collect();
    let cached: Vec<Value> = app
        .variants
        .cached()
        .into_iter()
        .map(|variant| json!({ "pits": variant.pits(), "cap": variant.cap() }))
        .collect();
    Ok(json!({
        "max_boards": MAX_BOARDS,
        "cached_tables": CACHED_TABLES,
        "min_cap": Variant::MIN_CAP,
        "pits": pits,
        "cached": cached,
    }))
}

/// `POST /api/ioiwari/variant/analyze`.
pub(crate) fn analyze(app: &App, request: &Request) -> ApiResult {
    let (position, table) = parse_body::<PositionIn>(request)?.resolve(&app.variants)?;
    to_value(position::report(&table, &position))
}

/// `POST /api/ioiwari/variant/play`.
pub(crate) fn play(app: &App, request: &Request) -> ApiResult {
    let input: PlayIn = parse_body(request)?;
    let (position, table) = input.position.resolve(&app.variants)?;
    let pit = usize::try_from(input.pit).unwrap_or(usize::MAX);
    to_value(position::play(&table, &position, pit).map_err(ApiError::invalid)?)
}

/// `POST /api/ioiwari/variant/engine`: the perfect computer's move.
pub(crate) fn engine(app: &App, request: &Request) -> ApiResult {
    let input: EngineIn = parse_body(request)?;
    match input.strength.as_deref() {
        None | Some("perfect") => {}
        Some(other) => {
            return Err(ApiError::invalid(format!(
                "strength: {other:?}: variants are played only by the perfect computer"
            )))
        }
    }
    let (position, table) = input.position.resolve(&app.variants)?;
    let pit = position::computer_move(&table, &position)
        .ok_or_else(|| ApiError::invalid("the game is over: no move to make"))?;
    to_value(position::play(&table, &position, pit).map_err(ApiError::invalid)?)
}
