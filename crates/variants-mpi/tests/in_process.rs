//! The partitioned solve, its ranks simulated by threads passing vectors, against the
//! single-process solver: the same value for every class and the same table file, byte for
//! byte; and counts that add up.

use duel_ioiwari::variant::{ClassSpace, Variant, VariantTable};
use duel_variants_mpi::{solve_in_process, write_table, Counts, Stats};

/// Solves `variant` as `processes` processes with rounds of `batch` classes, checks it
/// against the single-process table, and returns the measurements.
fn check(variant: Variant, processes: usize, batch: u64, table: &VariantTable) -> Stats {
    let space = ClassSpace::build(variant, Some(1)).expect("ranked");
    let results = solve_in_process(&space, processes, batch);
    let values: Vec<i8> = results
        .iter()
        .flat_map(|result| result.values.iter().copied())
        .collect();
    assert_eq!(
        values,
        table.class_values(),
        "{variant}, {processes} processes"
    );
    let mut ours = Vec::new();
    write_table(&mut ours, variant, &values).expect("in memory");
    let mut theirs = Vec::new();
    table.write_to(&mut theirs).expect("in memory");
    assert_eq!(
        ours, theirs,
        "{variant}, {processes} processes: the table file"
    );
    let tiers: Vec<_> = results.into_iter().map(|result| result.tiers).collect();
    Stats::new(variant, batch, &tiers, 0.0)
}

#[test]
fn two_to_eight_pits_match_the_single_process_solver_on_one_to_four_processes() {
    for pits in 2..=8 {
        let variant = Variant::new(pits, 5).expect("valid");
        let table = VariantTable::solve_with(
            variant,
            duel_ioiwari::variant::SolveOptions {
                threads: Some(1),
                ..Default::default()
            },
        )
        .expect("solved");
        for processes in 1..=4 {
            // Small rounds, so that a tier takes several.
            let stats = check(variant, processes, 97, &table);
            let total = stats.total;
            // Every class but the empty board's is solved exactly once.
            assert_eq!(total.classes, variant.class_count() - 1, "{variant}");
            // Each class looks up one successor per non-empty pit.
            let space = ClassSpace::build(variant, Some(1)).expect("ranked");
            let moves: u64 = (0..space.count())
                .map(|rank| {
                    let board = table.representative(rank).expect("a rank");
                    board.legal_moves().count() as u64
                })
                .sum();
            assert_eq!(total.lookups, moves, "{variant}");
            // What is requested is answered; a lone process asks nobody.
            assert_eq!(total.requests, total.answered);
            assert_eq!(total.bytes_sent, total.bytes_received);
            assert_eq!(total.bytes_sent, 9 * total.requests);
            assert!(total.requests <= total.remote_lookups);
            if processes == 1 {
                assert_eq!(total.remote_lookups, 0);
            } else if pits >= 4 {
                assert!(total.requests > 0, "{variant}, {processes} processes");
            }
            // The tiers add up to the totals, the processes too.
            let mut by_tier = Counts::default();
            stats.tiers.iter().for_each(|tier| by_tier.add(&tier.total));
            assert_eq!(by_tier, total);
            let mut by_process = Counts::default();
            stats.process_totals.iter().for_each(|c| by_process.add(c));
            assert_eq!(by_process, total);
            assert!(stats.tiers.iter().all(|tier| tier.rounds >= 1));
        }
    }
}

#[test]
fn other_caps_and_rounds_of_any_size_match_too() {
    for (pits, cap) in [(4, 2), (6, 3), (5, 9), (8, 2)] {
        let variant = Variant::new(pits, cap).expect("valid");
        let table = VariantTable::solve(variant).expect("solved");
        for (processes, batch) in [(2, 1), (3, 1 << 20), (5, 13), (7, 1000)] {
            check(variant, processes, batch, &table);
        }
    }
}

#[test]
fn eight_pits_on_three_processes_needs_several_rounds_a_tier() {
    let variant = Variant::new(8, 5).expect("valid");
    let table = VariantTable::solve(variant).expect("solved");
    let stats = check(variant, 3, 200, &table);
    assert!(stats.tiers.iter().map(|tier| tier.rounds).max() > Some(10));
    // Unique requests save something over the raw look-ups.
    assert!(stats.total.requests < stats.total.remote_lookups);
}

#[test]
fn a_table_of_the_wrong_length_is_refused() {
    let variant = Variant::new(3, 2).expect("valid");
    let error = write_table(Vec::new(), variant, &[0; 5]).expect_err("too few values");
    assert!(error.to_string().contains("classes"), "{error}");
}
