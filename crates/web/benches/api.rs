//! What a request costs the server, without the socket: the app's router (`oneshot`, its
//! layers included) on typical bodies, a
//! variant's position looked up in a saved table read in place (`duel serve --tables`), and
//! the start-up work (`App::new`: the Ioiwari tables with moves-to-end and the start table).
//!
//! The saved table is 10 pits of cap 5 (60 million boards), solved and saved when the bench
//! starts; `DUEL_BENCH_TABLES=DIR` benches the tables of DIR instead (e.g. 13 pits of cap 5,
//! saved by `duel ioiwari variants --pits 13 --save DIR/n13.bin`), one lookup per variant.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use duel_ioiwari::variant::{Variant, VariantTable};
use duel_web::axum::body::Body;
use duel_web::axum::http::Request;
use duel_web::axum::Router;
use duel_web::tables::SavedTables;
use duel_web::App;
use tower::ServiceExt;

/// A request as the page sends it.
fn request(method: &str, target: &str, body: &[u8]) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(target)
        .header("host", "127.0.0.1")
        .header("content-type", "application/json")
        .body(Body::from(body.to_vec()))
        .expect("a request")
}

/// Sends one request through `router` on `runtime` and reads the whole answer; its status.
fn answer(
    runtime: &tokio::runtime::Runtime,
    router: &Router,
    (method, target, body): (&str, &str, &[u8]),
) -> u16 {
    runtime.block_on(async {
        let response = router
            .clone()
            .oneshot(request(method, target, body))
            .await
            .expect("an answer");
        let status = response.status().as_u16();
        duel_web::axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .expect("a body");
        status
    })
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime")
}

fn requests(c: &mut Criterion) {
    let app = App::new();
    let (runtime, router) = (runtime(), app.router());
    let cases: [(&str, &str, &[u8]); 6] = [
        (
            "ioiwari analyze",
            "/api/ioiwari/analyze",
            br#"{"board":"4 3 2 4 2 3 2"}"#,
        ),
        (
            "ioiwari engine perfect",
            "/api/ioiwari/engine",
            br#"{"position":{"board":"4 3 2 4 2 3 2"},"strength":"perfect"}"#,
        ),
        (
            "mis analyze B=3",
            "/api/mis/analyze",
            br#"{"p":7,"e":2,"bound":3}"#,
        ),
        (
            "mis analyze B=10^6",
            "/api/mis/analyze",
            br#"{"p":10000000,"e":9999999,"bound":1000000}"#,
        ),
        (
            "mis pattern 41x41",
            "/api/mis/pattern",
            br#"{"position":{"p":500,"e":300,"bound":20},"size":41}"#,
        ),
        (
            "mis pattern 41x41 of 3197x3197 pools (B=65536)",
            "/api/mis/pattern",
            br#"{"position":{"p":7777777,"e":5555555,"bound":65536},"size":41,"scale":3197}"#,
        ),
    ];
    for (name, path, body) in cases {
        let call = ("POST", path, body);
        assert_eq!(answer(&runtime, &router, call), 200, "{name}");
        c.bench_function(name, |b| b.iter(|| answer(&runtime, &router, call)));
    }
    let table = ("GET", "/api/ioiwari/table", &b""[..]);
    c.bench_function("ioiwari table (357 rows)", |b| {
        b.iter(|| answer(&runtime, &router, table))
    });
}

/// A position of every variant in the saved tables, looked up as the page's GET does: the
/// rank of the board and of each board a move leaves, read from the mapped file.
fn saved_lookup(c: &mut Criterion) {
    let scratch = std::env::temp_dir().join(format!("duel-bench-tables-{}", std::process::id()));
    let dir = match std::env::var_os("DUEL_BENCH_TABLES") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => {
            let table =
                VariantTable::solve(Variant::new(10, 5).expect("a variant")).expect("solved");
            std::fs::create_dir_all(&scratch).expect("a scratch directory");
            let mut bytes = Vec::new();
            table.write_to(&mut bytes).expect("written");
            std::fs::write(scratch.join("n10c5.bin"), bytes).expect("saved");
            scratch.clone()
        }
    };
    let tables = SavedTables::open(&dir).expect("saved tables");
    let variants = tables.variants();
    let app = App::new().with_saved_tables(tables);
    let (runtime, router) = (runtime(), app.router());
    for variant in variants {
        // A board in mid-game: pits of 1 to 3 beads, none over the cap.
        let board: Vec<String> = (0..variant.pits())
            .map(|k| (1 + k % 3).min(usize::from(variant.cap())).to_string())
            .collect();
        let target = format!(
            "/api/ioiwari/variant?pits={}&cap={}&board={}",
            variant.pits(),
            variant.cap(),
            board.join("-")
        );
        let call = ("GET", target.as_str(), &b""[..]);
        assert_eq!(answer(&runtime, &router, call), 200, "{target}");
        c.bench_function(&format!("variant lookup, saved table of {variant}"), |b| {
            b.iter(|| answer(&runtime, &router, call))
        });
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

fn start_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("start-up");
    group.sample_size(10);
    group.bench_function("App::new", |b| b.iter(App::new));
    group.finish();
}

criterion_group!(benches, requests, saved_lookup, start_up);
criterion_main!(benches);
