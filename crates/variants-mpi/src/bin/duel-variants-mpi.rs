//! `duel-variants-mpi`: Ioiwari's family solved over the processes of an MPI job (`mpirun -np
//! K duel-variants-mpi --pits N --save FILE`); `--help` says more.

#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use duel_ioiwari::variant::ClassSpace;
use duel_variants_mpi::mpi_transport::MpiTransport;
use duel_variants_mpi::{
    solve_node, Command, Counts, Options, Partition, Stats, TableFile, TierCounts, Transport, USAGE,
};

fn main() -> ExitCode {
    let Some(universe) = mpi::initialize() else {
        eprintln!("duel-variants-mpi: MPI is already initialised");
        return ExitCode::FAILURE;
    };
    let world = universe.world();
    let first = mpi::traits::Communicator::rank(&world) == 0;
    let code = match Command::parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            if first {
                print!("{USAGE}");
            }
            ExitCode::SUCCESS
        }
        Ok(Command::Solve(options)) => match solve(&world, &options) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("duel-variants-mpi: {error:#}");
                ExitCode::FAILURE
            }
        },
        Err(error) => {
            // Every process reads the same command line: one of them says what is wrong.
            if first {
                eprintln!("duel-variants-mpi: {error:#}");
            }
            ExitCode::from(2)
        }
    };
    drop(universe);
    code
}

/// Solves on every process and writes the table (and the measurements) from process 0.
fn solve(world: &mpi::topology::SimpleCommunicator, options: &Options) -> anyhow::Result<()> {
    let started = Instant::now();
    let variant = options.variant;
    let space = ClassSpace::build(variant, Some(options.threads))?;
    let mut transport = MpiTransport::new(world);
    let partition = Partition::new(space.count(), transport.processes());
    let result = solve_node(&space, &partition, &mut transport, options.batch);
    // The table goes to process 0 in messages of bounded size and into the file as it comes:
    // 14 pits has 5.6·10^9 classes, past a 32-bit MPI count and more than one process need
    // hold. Process 0 reports a file it cannot write after the last collective call, which
    // every process then has made, rather than leave it to mpirun to stop the others.
    let mut table = (transport.me() == 0).then(|| TableFile::create(&options.save, variant));
    let streamed = transport.stream_to_root(&result.values, options.chunk, |piece| {
        match table.as_mut() {
            Some(Ok(table)) => table.append(piece),
            Some(Err(error)) => Err(std::io::Error::new(error.kind(), error.to_string())),
            None => Ok(()),
        }
    });
    let words: Vec<u64> = result
        .tiers
        .iter()
        .flat_map(|tier| {
            let mut words = vec![tier.rounds, tier.seconds.to_bits()];
            words.extend(tier.counts.to_words());
            words
        })
        .collect();
    let all_words = transport.gather(&words);
    let cannot_write = || format!("cannot write {}", options.save.display());
    streamed.with_context(cannot_write)?;
    let (Some(table), Some(all_words)) = (table.transpose().with_context(cannot_write)?, all_words)
    else {
        return Ok(());
    };
    table.finish().with_context(cannot_write)?;
    if let Some(path) = &options.stats {
        let per_process: Vec<Vec<TierCounts>> = all_words
            .chunks(words.len())
            .map(|process| {
                process
                    .chunks(10)
                    .zip(1..)
                    .map(|(tier, beads)| TierCounts {
                        beads,
                        rounds: tier[0],
                        seconds: f64::from_bits(tier[1]),
                        counts: Counts::from_words(tier[2..].try_into().expect("8 counts")),
                    })
                    .collect()
            })
            .collect();
        let stats = Stats::new(
            variant,
            options.batch,
            &per_process,
            started.elapsed().as_secs_f64(),
        );
        let json = serde_json::to_string_pretty(&stats)? + "\n";
        duel_files::write_atomically(path, json.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
