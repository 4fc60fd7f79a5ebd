//! What a request costs the server, without the socket: `App::handle` on typical bodies, and
//! the start-up work (`App::new`: the Ioiwari tables with moves-to-end and the start table).

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use duel_web::http::{Method, Request};
use duel_web::App;

fn requests(c: &mut Criterion) {
    let app = App::new();
    let cases: [(&str, &str, &[u8]); 5] = [
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
    ];
    for (name, path, body) in cases {
        let request = Request::new(Method::Post, path, body);
        assert_eq!(app.handle(&request).status, 200, "{name}");
        c.bench_function(name, |b| b.iter(|| app.handle(&request)));
    }
    let table = Request::new(Method::Get, "/api/ioiwari/table", b"");
    c.bench_function("ioiwari table (357 rows)", |b| {
        b.iter(|| app.handle(&table))
    });
}

fn start_up(c: &mut Criterion) {
    let mut group = c.benchmark_group("start-up");
    group.sample_size(10);
    group.bench_function("App::new", |b| b.iter(App::new));
    group.finish();
}

criterion_group!(benches, requests, start_up);
criterion_main!(benches);
