//! `duel serve` under load, over real sockets on 127.0.0.1, with bounded loads:
//!
//! - `page load`: one `GET /` on a fresh connection, alone and while 40 slowloris clients keep
//!   connections open by sending one header byte a second (target: under 100 ms);
//! - `bursts`: 200 simultaneous `GET /` on fresh connections, repeated for 10 s (target: every
//!   one answered; the bench panics otherwise);
//! - `p99 at 2000 req/s`: the 99th-percentile latency of `GET /` when requests are sent at a
//!   fixed 2000 per second (measured from when each was due, so queueing counts), for duel and
//!   for a minimal axum server serving the same bytes, side by side (target: duel within 1.5x).
//!   Each criterion "iteration" is one request, and each sample reports its p99 as the time per
//!   iteration.
//!
//! A summary of the figures is printed at the end. Run with
//! `cargo bench -p duel-web --bench http`.

// criterion_group! and criterion_main! define public functions of their own.
#![allow(missing_docs)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use axum::http::header;
use axum::routing::get;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use duel_web::{assets, App, Server};
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

const SLOWLORIS: usize = 40;
const BURST: usize = 200;
const RATE_PER_SECOND: u64 = 2000;

/// One `GET /` on a fresh connection, read to the end; whether it was a 200.
fn page_load(address: SocketAddr) -> bool {
    let Ok(mut stream) = TcpStream::connect(address) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
    if stream
        .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .is_err()
    {
        return false;
    }
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).is_ok() && answer.starts_with(b"HTTP/1.1 200")
}

/// 40 connections that each send one more byte of a never-ending head every second, and
/// reconnect when the server closes them (at its head deadline).
struct Slowloris {
    stop: Arc<AtomicBool>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Slowloris {
    fn start(address: SocketAddr) -> Slowloris {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = thread::spawn(move || {
            let open = |_| {
                let mut stream = TcpStream::connect(address).ok()?;
                stream
                    .write_all(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                    .ok()?;
                Some(stream)
            };
            let mut streams: Vec<Option<TcpStream>> = (0..SLOWLORIS).map(open).collect();
            while !flag.load(Ordering::SeqCst) {
                for (index, slot) in streams.iter_mut().enumerate() {
                    let alive = slot.as_mut().is_some_and(|s| s.write_all(b"a").is_ok());
                    if !alive {
                        *slot = open(index);
                    }
                }
                for _ in 0..10 {
                    if flag.load(Ordering::SeqCst) {
                        break;
                    }
                    thread::sleep(Duration::from_millis(100));
                }
            }
        });
        Slowloris {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for Slowloris {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A minimal axum server answering `GET /` with the same bytes and content type as duel.
fn minimal_axum() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let address = listener.local_addr().unwrap();
    // The page as duel serves it (its references rewritten), with the same type.
    let (page, kind) = (
        assets::index_html(),
        assets::find("index.html").unwrap().content_type,
    );
    thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let router = axum::Router::new().route(
                "/",
                get(move || async move { ([(header::CONTENT_TYPE, kind)], page) }),
            );
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            axum::serve(listener, router).await.unwrap();
        });
    });
    address
}

/// The p99 latencies measured, per server, for the summary.
#[derive(Default)]
struct Figures {
    alone: Vec<Duration>,
    beside_slowloris: Vec<Duration>,
    bursts: u64,
    burst_failures: u64,
    p99: Vec<(&'static str, Duration)>,
    /// p99s of alternating rounds: (duel, axum).
    alternating: Vec<(Duration, Duration)>,
}

/// `median / p99 / max` of some durations, in microseconds (a page load takes about a hundred).
fn spread(durations: &mut [Duration]) -> String {
    durations.sort_unstable();
    let at = |q: usize| {
        durations
            .get((durations.len() * q / 100).min(durations.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1e6)
    };
    format!(
        "median {:.1} µs, p99 {:.1} µs, max {:.1} µs over {} loads",
        at(50),
        at(99),
        at(100),
        durations.len()
    )
}

/// Benches page loads under `name`; returns how long each one took.
fn timed_loads(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    address: SocketAddr,
) -> Vec<Duration> {
    let mut seen = Vec::new();
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let started = Instant::now();
                assert!(page_load(address), "{name}: GET / failed");
                let took = started.elapsed();
                seen.push(took);
                total += took;
            }
            total
        })
    });
    seen
}

fn page_loads(c: &mut Criterion, address: SocketAddr, figures: &Mutex<Figures>) {
    let mut group = c.benchmark_group("page load");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    let seen = timed_loads(&mut group, "GET / alone", address);
    figures.lock().unwrap().alone = seen;
    let slowloris = Slowloris::start(address);
    thread::sleep(Duration::from_millis(300));
    let seen = timed_loads(&mut group, "GET / with 40 slowloris connections", address);
    drop(slowloris);
    figures.lock().unwrap().beside_slowloris = seen;
    group.finish();
}

fn bursts(c: &mut Criterion, address: SocketAddr, figures: &Mutex<Figures>) {
    let mut group = c.benchmark_group("bursts");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10))
        .sampling_mode(SamplingMode::Flat);
    let failures = AtomicU64::new(0);
    let count = AtomicU64::new(0);
    group.bench_function("200 simultaneous GET /", |b| {
        b.iter(|| {
            let clients: Vec<_> = (0..BURST)
                .map(|_| thread::spawn(move || page_load(address)))
                .collect();
            for client in clients {
                if !client.join().unwrap_or(false) {
                    failures.fetch_add(1, Ordering::SeqCst);
                }
            }
            count.fetch_add(1, Ordering::SeqCst);
        })
    });
    group.finish();
    let mut figures = figures.lock().unwrap();
    figures.bursts = count.load(Ordering::SeqCst);
    figures.burst_failures = failures.load(Ordering::SeqCst);
    assert_eq!(
        figures.burst_failures, 0,
        "some requests of a burst were not answered"
    );
}

/// Sends `count` requests for `/` at a fixed rate over kept-alive connections and returns the
/// 99th percentile of their latencies, each counted from when it was due.
fn p99_at_rate(runtime: &tokio::runtime::Runtime, address: SocketAddr, count: u64) -> Duration {
    runtime.block_on(async move {
        let client: Client<_, Empty<axum::body::Bytes>> =
            Client::builder(TokioExecutor::new()).build_http();
        let uri: axum::http::Uri = format!("http://{address}/").parse().unwrap();
        let start = tokio::time::Instant::now() + Duration::from_millis(5);
        let gap = Duration::from_nanos(1_000_000_000 / RATE_PER_SECOND);
        let mut tasks = Vec::with_capacity(count as usize);
        for i in 0..count {
            let due = start + gap * i as u32;
            let client = client.clone();
            let uri = uri.clone();
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep_until(due).await;
                let request = axum::http::Request::get(uri)
                    .header(header::HOST, "127.0.0.1")
                    .body(Empty::new())
                    .unwrap();
                let response = client.request(request).await.expect("an answer");
                assert!(response.status().is_success());
                response.into_body().collect().await.expect("the body");
                due.elapsed()
            }));
        }
        let mut latencies = Vec::with_capacity(count as usize);
        for task in tasks {
            latencies.push(task.await.unwrap());
        }
        latencies.sort_unstable();
        latencies[(latencies.len() * 99 / 100).min(latencies.len() - 1)]
    })
}

fn p99_side_by_side(c: &mut Criterion, duel: SocketAddr, figures: &Mutex<Figures>) {
    let axum_address = minimal_axum();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    // Warm both up (connections, caches) before measuring.
    p99_at_rate(&runtime, duel, 500);
    p99_at_rate(&runtime, axum_address, 500);
    let mut group = c.benchmark_group("p99 at 2000 req/s");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(6))
        .sampling_mode(SamplingMode::Flat);
    for (name, address) in [("duel serve", duel), ("minimal axum", axum_address)] {
        let mut seen = Vec::new();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let p99 = p99_at_rate(&runtime, address, iters.max(100));
                seen.push(p99);
                p99 * iters as u32
            })
        });
        seen.sort_unstable();
        let median = seen.get(seen.len() / 2).copied().unwrap_or_default();
        figures.lock().unwrap().p99.push((name, median));
    }
    group.finish();
    // The same figure again with the two servers taking turns, one second of load each, so a
    // change in the machine's load hits both alike.
    for _ in 0..5 {
        let duel_p99 = p99_at_rate(&runtime, duel, RATE_PER_SECOND);
        let axum_p99 = p99_at_rate(&runtime, axum_address, RATE_PER_SECOND);
        figures
            .lock()
            .unwrap()
            .alternating
            .push((duel_p99, axum_p99));
    }
}

fn all(c: &mut Criterion) {
    let server = Server::bind(0, App::new()).unwrap().spawn();
    let address = server.local_addr();
    let figures = Mutex::new(Figures::default());
    page_loads(c, address, &figures);
    bursts(c, address, &figures);
    p99_side_by_side(c, address, &figures);
    let figures = figures.into_inner().unwrap();
    println!("\nsummary");
    let mut figures = figures;
    println!(
        "  GET / on a fresh connection, alone: {}",
        spread(&mut figures.alone)
    );
    println!(
        "  GET / with {SLOWLORIS} slowloris connections open: {} (target < 100 000 µs)",
        spread(&mut figures.beside_slowloris)
    );
    println!(
        "  bursts of {BURST} simultaneous requests for 10 s: {} bursts, {} requests, {} unanswered",
        figures.bursts,
        figures.bursts * BURST as u64,
        figures.burst_failures
    );
    let p99 = |name| {
        figures
            .p99
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0.0, |(_, d)| d.as_secs_f64() * 1e3)
    };
    let (duel_p99, axum_p99) = (p99("duel serve"), p99("minimal axum"));
    println!(
        "  p99 of GET / at {RATE_PER_SECOND} req/s (median over samples): duel {duel_p99:.2} ms, minimal axum {axum_p99:.2} ms, ratio {:.2} (target <= 1.5)",
        duel_p99 / axum_p99.max(f64::MIN_POSITIVE)
    );
    let mut duel_rounds: Vec<f64> = figures
        .alternating
        .iter()
        .map(|(d, _)| d.as_secs_f64() * 1e3)
        .collect();
    let mut axum_rounds: Vec<f64> = figures
        .alternating
        .iter()
        .map(|(_, a)| a.as_secs_f64() * 1e3)
        .collect();
    duel_rounds.sort_by(f64::total_cmp);
    axum_rounds.sort_by(f64::total_cmp);
    let (duel_median, axum_median) = (
        duel_rounds[duel_rounds.len() / 2],
        axum_rounds[axum_rounds.len() / 2],
    );
    println!(
        "  the same, {} alternating rounds of {RATE_PER_SECOND} requests: duel {duel_rounds:.2?} ms, axum {axum_rounds:.2?} ms; medians {duel_median:.2} / {axum_median:.2} ms, ratio {:.2}",
        duel_rounds.len(),
        duel_median / axum_median.max(f64::MIN_POSITIVE)
    );
    drop(server);
}

criterion_group!(benches, all);
criterion_main!(benches);
