//! The variant solver's speed: positions per second on one thread and on two (the speed-up
//! is the ratio of the two lines, measured side by side), the 10-pit solve, and the 7-pit
//! variant beside the original fast table.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use duel_ioiwari::variant::{SolveOptions, Variant, VariantTable};
use duel_ioiwari::Table;

fn solve(variant: Variant, threads: usize) -> VariantTable {
    VariantTable::solve_with(
        variant,
        SolveOptions {
            threads: Some(threads),
            progress: None,
        },
    )
    .expect("solved")
}

fn threads(c: &mut Criterion) {
    let variant = Variant::new(9, 5).expect("valid");
    let mut group = c.benchmark_group("variant_9_pits_cap_5");
    group.sample_size(10);
    group.throughput(Throughput::Elements(variant.board_count()));
    for threads in [1, 2] {
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| solve(variant, threads))
        });
    }
    group.finish();
}

fn ten_pits(c: &mut Criterion) {
    let variant = Variant::new(10, 5).expect("valid");
    let mut group = c.benchmark_group("variant_10_pits_cap_5");
    group.sample_size(10);
    group.throughput(Throughput::Elements(variant.board_count()));
    group.bench_function("all_threads", |b| {
        b.iter(|| VariantTable::solve(variant).expect("solved"))
    });
    group.finish();
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

criterion_group!(benches, threads, ten_pits, seven_pits);
criterion_main!(benches);
