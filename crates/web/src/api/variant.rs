//! `/api/ioiwari/variants` and `/api/ioiwari/variant/*`: Ioiwari's variants (any pits, any cap),
//! their tables solved on demand within the bounds of [`crate::variants`].

use std::sync::Arc;

use duel_analysis::variants::position::{self, VariantPosition, VariantValues};
use duel_analysis::variants::summary as variant_summary;
use duel_ioiwari::variant::{StartRule, Variant, VariantBoard};
use serde::Deserialize;
use serde_json::{json, Value};

use axum::extract::State;
use axum::http::HeaderMap;

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::{blocking, to_value, ApiError, ApiResult, Body, GameIn, Query};
use crate::state::{AppState, Shared};
use crate::tables::{SavedTable, TableChanged};
use crate::variants::{TableRefusal, VariantTables, CACHED_TABLES, MAX_BOARDS};

/// `{"pits": 9, "cap": 4, "board": [3,3,...] or "3 3 ...", "banks": [0, 0], "to_move": 1}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionIn {
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
}

impl PositionIn {
    /// The variant asked for, if it is one with a saved table or small enough to be solved.
    fn variant(&self, app: &AppState) -> Result<Variant, ApiError> {
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
        if !VariantTables::allows(variant) && app.saved.get(variant).is_none() {
            return Err(refused(TableRefusal::TooLarge(variant)));
        }
        Ok(variant)
    }

    /// The variant's values: its saved table (checked unchanged), or one kept or solved now.
    fn table(&self, app: &AppState) -> Result<Source, ApiError> {
        let variant = self.variant(app)?;
        if let Some(saved) = app.saved.get(variant) {
            saved.check().map_err(changed)?;
            return Ok(Source {
                values: Arc::clone(&saved) as Values,
                saved: Some(saved),
            });
        }
        Ok(Source {
            values: app.variants.table(variant).map_err(refused)?,
            saved: None,
        })
    }

    /// The position and its variant's table: every check that needs no table comes first,
    /// so a malformed request never starts a solve.
    fn resolve(&self, app: &AppState) -> Result<(VariantPosition, Source), ApiError> {
        let variant = self.variant(app)?;
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
        let table = self.table(app)?;
        Ok((position, table))
    }
}

/// A variant's values, from a saved table or a solved one.
type Values = Arc<dyn VariantValues + Send + Sync>;

/// A variant's values, and the saved table they are read from, if they are.
struct Source {
    values: Values,
    saved: Option<Arc<SavedTable>>,
}

impl Source {
    /// `answer`, unless the saved table it was read from changed meanwhile (`503`).
    fn answered<T>(&self, answer: T) -> Result<T, ApiError> {
        if let Some(saved) = &self.saved {
            saved.check().map_err(changed)?;
        }
        Ok(answer)
    }
}

/// A saved table changed under the server: `503` naming the file.
fn changed(changed: TableChanged) -> ApiError {
    ApiError::with_status(StatusCode::SERVICE_UNAVAILABLE, changed)
}

/// A refusal as an API error: `422` for a variant too large, `503` when busy, `500` else.
fn refused(refusal: TableRefusal) -> ApiError {
    let status = match refusal {
        TableRefusal::TooLarge(_) => StatusCode::UNPROCESSABLE_ENTITY,
        TableRefusal::Busy => StatusCode::SERVICE_UNAVAILABLE,
        TableRefusal::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    ApiError::with_status(status, refusal)
}

/// `GET /api/ioiwari/variants`: the bounds, and the tables kept now.
pub(crate) async fn limits(State(app): State<Shared>) -> ApiResult {
    let saved = app.saved.variants();
    let pits: Vec<Value> = (Variant::MIN_PITS..=Variant::MAX_PITS)
        .map(|pits| {
            let solved = VariantTables::max_cap(pits);
            let mut caps: Vec<u8> = solved
                .map(|max| (Variant::MIN_CAP..=max).collect())
                .unwrap_or_default();
            caps.extend(saved.iter().filter(|v| v.pits() == pits).map(|v| v.cap()));
            caps.sort_unstable();
            caps.dedup();
            // The start each cap is played from when none is given.
            let starts: Vec<String> = caps
                .iter()
                .filter_map(|&cap| Variant::new(pits, cap).ok())
                .map(|variant| VariantBoard::usual_start(variant).to_string())
                .collect();
            json!({ "pits": pits, "max_cap": caps.last(), "caps": caps, "starts": starts })
        })
        .collect();
    let saved: Vec<Value> = saved
        .iter()
        .map(|variant| json!({ "pits": variant.pits(), "cap": variant.cap() }))
        .collect();
    let cached: Vec<Value> = app
        .variants
        .cached()
        .into_iter()
        .map(|variant| json!({ "pits": variant.pits(), "cap": variant.cap() }))
        .collect();
    Ok(Json(json!({
        "max_boards": MAX_BOARDS,
        "cached_tables": CACHED_TABLES,
        "min_cap": Variant::MIN_CAP,
        "max_cap": Variant::MAX_CAP,
        "min_pits": Variant::MIN_PITS,
        "max_pits": Variant::MAX_PITS,
        "pits": pits,
        "cached": cached,
        "saved": saved,
    })))
}

/// `POST /api/ioiwari/variant/analyze`.
pub(crate) async fn analyze(State(app): State<Shared>, Body(input): Body<PositionIn>) -> ApiResult {
    blocking(move || {
        let (position, table) = input.resolve(&app)?;
        table.answered(to_value(position::report(&*table.values, &position))?)
    })
    .await
}

/// `POST /api/ioiwari/variant/play`.
pub(crate) async fn play(State(app): State<Shared>, Body(input): Body<PlayIn>) -> ApiResult {
    blocking(move || {
        let (position, table) = input.position.resolve(&app)?;
        let pit = usize::try_from(input.pit).unwrap_or(usize::MAX);
        let played = position::play(&*table.values, &position, pit);
        table.answered(to_value(played.map_err(ApiError::invalid)?)?)
    })
    .await
}

/// `POST /api/ioiwari/variant/engine`: the perfect computer's move.
pub(crate) async fn engine(State(app): State<Shared>, Body(input): Body<EngineIn>) -> ApiResult {
    match input.strength.as_deref() {
        None | Some("perfect") => {}
        Some(other) => {
            return Err(ApiError::invalid(format!(
                "strength: {other:?}: variants are played only by the perfect computer"
            )))
        }
    }
    blocking(move || {
        let (position, table) = input.position.resolve(&app)?;
        let pit = position::computer_move(&*table.values, &position)
            .ok_or_else(|| ApiError::invalid("the game is over: no move to make"))?;
        let played = position::play(&*table.values, &position, pit);
        table.answered(to_value(played.map_err(ApiError::invalid)?)?)
    })
    .await
}

/// A query's number `name`, or `None` when absent; a `400` when it is there but not a number.
fn query_number(query: &Query, name: &str) -> Result<Option<u64>, ApiError> {
    query
        .get(name)
        .map(|text| {
            text.parse::<u64>().map_err(|_| {
                ApiError::bad_request(format!("{name}={text}: expected a whole number"))
            })
        })
        .transpose()
}

/// A query's list of numbers, `3-3-3`, `3,3,3`, `3.3.3` or `3 3 3` (spaces as `%20` or `+`,
/// decoded with the query), as the text of a board.
fn query_list(text: &str) -> Value {
    Value::String(
        text.split(['-', ',', '+', '.', ' '])
            .filter(|word| !word.is_empty())
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// The variant position a lookup's query names.
fn query_position(query: &Query) -> Result<PositionIn, ApiError> {
    let required = |name: &str| {
        query_number(query, name)?
            .ok_or_else(|| ApiError::bad_request(format!("give {name}= in the query")))
    };
    let banks = match query.get("banks") {
        None => [0, 0],
        Some(text) => {
            let Value::String(words) = query_list(text) else {
                unreachable!("a list is a string")
            };
            let numbers: Vec<u64> = words.split(' ').filter_map(|w| w.parse().ok()).collect();
            <[u64; 2]>::try_from(numbers).map_err(|_| {
                ApiError::bad_request(format!("banks={text}: expected two numbers, like 0-0"))
            })?
        }
    };
    Ok(PositionIn {
        pits: required("pits")?,
        cap: required("cap")?,
        board: query_list(
            query
                .get("board")
                .ok_or_else(|| ApiError::bad_request("give board= in the query, like 3-3-3-3-3"))?,
        ),
        banks,
        to_move: query_number(query, "to_move")?,
    })
}

/// `GET /api/ioiwari/variant?pits=9&cap=5&board=3-3-3-3-3-3-3-3-3`: the position's value and
/// every move's value, the document of `POST /api/ioiwari/variant/analyze`. A table's values
/// never change, so the answer may be cached for good: `Cache-Control: public, max-age=...,
/// immutable` and an `ETag` naming the position; `If-None-Match` with it gets `304`.
pub(crate) async fn lookup(
    State(app): State<Shared>,
    query: Query,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let position = query_position(&query)?;
    let doc = blocking(move || {
        let (position, table) = position.resolve(&app)?;
        table.answered(position::report(&*table.values, &position))
    })
    .await?;
    let tag = format!(
        "\"v1-{}-{}-{}-{}-{}-{}\"",
        doc.position.pits,
        doc.position.cap,
        doc.position
            .board
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join("."),
        doc.position.banks[0],
        doc.position.banks[1],
        doc.position.to_move
    );
    let tag = HeaderValue::from_str(&tag)
        .map_err(|error| ApiError::with_status(StatusCode::INTERNAL_SERVER_ERROR, error))?;
    let cached = [
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(crate::assets::IMMUTABLE),
        ),
        (header::ETAG, tag.clone()),
    ];
    if crate::assets::matches_tag(&headers, &tag) {
        return Ok((StatusCode::NOT_MODIFIED, cached).into_response());
    }
    Ok((cached, to_value(doc)?).into_response())
}

/// `GET /api/ioiwari/variant/summary?pits=9&cap=5`: for each bead total, how the start boards
/// turn out for player 1 with best play (the `--json` of `duel ioiwari variants`), starts of
/// 2 to 4 beads a pit as there (at most the cap), from a saved table or a solved one.
pub(crate) async fn summary(State(app): State<Shared>, query: Query) -> ApiResult {
    let position = PositionIn {
        pits: query_number(&query, "pits")?.ok_or_else(|| ApiError::bad_request("give pits="))?,
        cap: query_number(&query, "cap")?.ok_or_else(|| ApiError::bad_request("give cap="))?,
        board: Value::String(String::new()),
        banks: [0, 0],
        to_move: None,
    };
    blocking(move || {
        let table = position.table(&app)?;
        let variant = table.values.variant();
        let max = variant.cap().min(4);
        let rule = StartRule::new(variant, max.min(2), max).map_err(ApiError::invalid)?;
        table.answered(to_value(variant_summary(&*table.values, rule, None))?)
    })
    .await
}

/// `POST /api/ioiwari/variant/game`: the variant's whole game, every move analysed, up to the
/// first move that cannot be played.
pub(crate) async fn game(
    State(app): State<Shared>,
    Body(input): Body<GameIn<PositionIn>>,
) -> ApiResult {
    let tokens = input.moves.tokens()?;
    blocking(move || {
        let (start, table) = input.start.resolve(&app)?;
        let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
        table.answered(to_value(position::game(&*table.values, &start, &tokens))?)
    })
    .await
}
