//! The variant solver's speed: 9 and 10 pits on one thread and on two, the ranked solver (one
//! byte per class) beside the dense one (one byte per board) on 10 pits and both threads, the
//! 7-pit variant beside the original fast table.
//!
//! The 1- and 2-thread lines of each group run side by side in one run. Each line measures
//! wall time (criterion's figure; its throughput is boards per second) and, beside it, the
//! CPU time the whole process spent (user + system, all threads); after criterion's report a
//! summary gives, for each group, boards per second per core (boards / CPU time) and the
//! speed-up from one thread to two (the ratio of the wall times). CPU time per board does not
//! depend on how busy the machine is the way wall time does: if two threads burned much more
//! CPU per board than one, that would be the parallel overhead.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use duel_ioiwari::variant::{solve_dense, SolveOptions, Variant, VariantTable};
use duel_ioiwari::Table;

fn solve(variant: Variant, threads: usize) -> VariantTable {
    VariantTable::solve_with(
        variant,
        SolveOptions {
            threads: Some(threads),
            ..Default::default()
        },
    )
    .expect("solved")
}

/// CPU time of the whole process so far (user + system, all threads), from `/proc/self/stat`
/// (in clock ticks of 10 ms, Linux's `USER_HZ`; zero where there is no such file).
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // The fields after the command name (which is in parentheses and may hold spaces):
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// Wall and CPU time summed over every solve of one line.
#[derive(Default, Clone, Copy)]
struct Spent {
    solves: u64,
    wall: Duration,
    cpu: Duration,
}

/// What each line spent, for the summary: (pits, threads, spent).
type Lines = RefCell<Vec<(usize, usize, Spent)>>;

/// Runs `solve` as many times as criterion asks, adding its wall and CPU time to `spent`.
fn timed(spent: &mut Spent, solves: u64, mut solve: impl FnMut()) -> Duration {
    let (wall, cpu) = (Instant::now(), cpu_time());
    for _ in 0..solves {
        solve();
    }
    let took = wall.elapsed();
    spent.solves += solves;
    spent.wall += took;
    spent.cpu += cpu_time().saturating_sub(cpu);
    took
}

fn threads_group(c: &mut Criterion, lines: &Lines, pits: usize) {
    let variant = Variant::new(pits, 5).expect("valid");
    let mut group = c.benchmark_group(format!("variant_{pits}_pits_cap_5"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(variant.board_count()));
    for threads in [1, 2] {
        let mut spent = Spent::default();
        group.bench_function(BenchmarkId::new("threads", threads), |b| {
            b.iter_custom(|solves| {
                timed(&mut spent, solves, || {
                    std::hint::black_box(solve(variant, threads));
                })
            })
        });
        lines.borrow_mut().push((pits, threads, spent));
    }
    group.finish();
}

/// The ranked solver and the dense one, 10 pits on both threads, one after the other; returns
/// what each spent (ranked, dense).
fn ranked_against_dense(c: &mut Criterion) -> (Spent, Spent) {
    let variant = Variant::new(10, 5).expect("valid");
    let mut group = c.benchmark_group("variant_10_pits_ranked_vs_dense");
    group.sample_size(10);
    group.throughput(Throughput::Elements(variant.board_count()));
    let (mut ranked, mut dense) = (Spent::default(), Spent::default());
    group.bench_function("ranked_2_threads", |b| {
        b.iter_custom(|solves| {
            timed(&mut ranked, solves, || {
                std::hint::black_box(solve(variant, 2));
            })
        })
    });
    group.bench_function("dense_2_threads", |b| {
        b.iter_custom(|solves| {
            timed(&mut dense, solves, || {
                std::hint::black_box(solve_dense(variant, Some(2)).expect("solved"));
            })
        })
    });
    group.finish();
    (ranked, dense)
}

fn seven_pits(c: &mut Criterion) {
    let mut group = c.benchmark_group("seven_pits_cap_5");
    group.sample_size(20);
    group.bench_function("Table::solve", |b| b.iter(Table::solve));
    group.bench_function("VariantTable_1_thread", |b| {
        b.iter(|| solve(Variant::IOI, 1))
    });
    group.finish();
}

/// Boards per second per core and the speed-up, from what the lines spent (warm-up
/// included: the same solves, so the same rates).
fn summary(lines: &[(usize, usize, Spent)], ranked: Spent, dense: Spent) {
    println!("\nvariant solver summary (boards per second per core = boards / CPU time):");
    let lines: Vec<_> = lines.iter().filter(|line| line.2.solves > 0).collect();
    for &&(pits, threads, spent) in &lines {
        let boards =
            Variant::new(pits, 5).expect("valid").board_count() as f64 * spent.solves as f64;
        let wall = spent.wall.as_secs_f64() / spent.solves as f64;
        println!(
            "  {pits} pits, {threads} thread(s): {wall:.3} s a solve, {:.1} M boards/s, {:.1} M boards/s per core, CPU/wall {:.2}",
            boards / spent.wall.as_secs_f64() / 1e6,
            boards / spent.cpu.as_secs_f64() / 1e6,
            spent.cpu.as_secs_f64() / spent.wall.as_secs_f64(),
        );
    }
    if ranked.solves > 0 && dense.solves > 0 {
        let wall = |s: &Spent| s.wall.as_secs_f64() / s.solves as f64;
        let cpu = |s: &Spent| s.cpu.as_secs_f64() / s.solves as f64;
        println!(
            "  10 pits, 2 threads: ranked {:.3} s ({:.3} s CPU) a solve, dense {:.3} s ({:.3} s CPU); ranked / dense {:.2} (wall), {:.2} (CPU)",
            wall(&ranked),
            cpu(&ranked),
            wall(&dense),
            cpu(&dense),
            wall(&ranked) / wall(&dense),
            cpu(&ranked) / cpu(&dense),
        );
    }
    for pair in lines.windows(2) {
        if let [&(pits, 1, one), &(same, 2, two)] = pair {
            if pits != same {
                continue;
            }
            let per_solve = |s: &Spent| s.wall.as_secs_f64() / s.solves as f64;
            let cpu_per_solve = |s: &Spent| s.cpu.as_secs_f64() / s.solves as f64;
            println!(
                "  {pits} pits: speed-up 1 -> 2 threads {:.2}x (wall), CPU per board 2 threads / 1 thread {:.2}",
                per_solve(&one) / per_solve(&two),
                cpu_per_solve(&two) / cpu_per_solve(&one),
            );
        }
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    let lines = Lines::default();
    threads_group(&mut c, &lines, 9);
    threads_group(&mut c, &lines, 10);
    let (ranked, dense) = ranked_against_dense(&mut c);
    seven_pits(&mut c);
    c.final_summary();
    summary(&lines.borrow(), ranked, dense);
}
