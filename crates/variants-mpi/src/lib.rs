//! Ioiwari's family solved over the processes of an MPI job, as `docs/variants.md` plans it:
//! the rotation classes are partitioned over the processes by ranges of ranks
//! ([`Partition`]), every process solves its classes tier by tier, and the values of the
//! classes other processes own are asked for in batched all-to-all exchanges
//! ([`solve_node`]). The table written is byte for byte the one `duel ioiwari variants
//! --save` writes ([`write_table`]).
//!
//! Everything here is plain Rust and builds without MPI: the exchanges go through the
//! [`Transport`] trait, which [`solve_in_process`] implements with threads that pass vectors
//! (what the tests run) and the `mpi` feature with Open MPI's `MPI_Alltoallv` (the
//! `duel-variants-mpi` binary, built only with that feature).

#![forbid(unsafe_code)]

mod format;
mod local;
#[cfg(feature = "mpi")]
pub mod mpi_transport;
mod node;
mod options;
mod partition;
mod stats;

pub use format::{save_table, write_table, TableFile};
pub use local::solve_in_process;
pub use node::{solve_node, Counts, NodeResult, TierCounts, Transport};
pub use options::{Command, Options, USAGE};
pub use partition::Partition;
pub use stats::{Stats, TierStats};
