#!/usr/bin/env bash
# The variant solver on Open MPI (crates/variants-mpi, feature `mpi`): for 2 to 10 pits, the
# tables of `mpirun -np K duel-variants-mpi` (K = 2, 3 and 4, oversubscribed on a small
# machine) must be byte for byte the table of the single-process solver, `duel ioiwari
# variants --save`. Needs libopenmpi-dev, openmpi-bin and libclang-dev. Every run is bounded
# in time; any difference or failure stops the script with a nonzero status.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each solve may take this many seconds (10 pits takes a few on an unloaded machine).
limit="${DUEL_MPI_TIMEOUT:-900}"

cargo clippy -p duel-variants-mpi --all-targets --features mpi -- -D warnings
# The reference is the ordinary `duel` binary; the debug build the workspace tests made is
# enough (10 pits takes seconds) and saves a release build of the whole CLI.
cargo build -p duel-cli --bin duel
cargo build --release -p duel-variants-mpi --features mpi --bin duel-variants-mpi
target="$(cargo metadata --format-version 1 --no-deps |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
duel="$target/debug/duel"
solver="$target/release/duel-variants-mpi"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One process and a usage error, first: the error is one line and the status is 2.
if timeout 60 mpirun --allow-run-as-root --oversubscribe -np 2 "$solver" --pits 15 \
    --save "$work/bad.bin" 2>"$work/bad.err"; then
    echo "mpi: --pits 15 was accepted" >&2
    exit 1
fi
grep -q "^duel-variants-mpi: .*pits" "$work/bad.err" || {
    echo "mpi: no one-line error for --pits 15:" >&2
    cat "$work/bad.err" >&2
    exit 1
}

# A table that cannot be written: process 0 says so in one line, and the job ends.
if timeout 60 mpirun --allow-run-as-root --oversubscribe -np 3 "$solver" --pits 6 \
    --save "$work/no/such/dir/t.bin" --chunk 100 2>"$work/unwritable.err"; then
    echo "mpi: a table in a missing directory was reported written" >&2
    exit 1
fi
grep -q "^duel-variants-mpi: cannot write .*t.bin" "$work/unwritable.err" || {
    echo "mpi: no one-line error for an unwritable table:" >&2
    cat "$work/unwritable.err" >&2
    exit 1
}

for pits in 2 3 4 5 6 7 8 9 10; do
    timeout "$limit" "$duel" ioiwari variants --pits "$pits" --save "$work/single-$pits.bin" >/dev/null
    for processes in 2 3 4; do
        table="$work/mpi-$pits-$processes.bin"
        # The table reaches process 0 in messages of at most --chunk values: the default
        # (one message a process up to 10 pits) on 2 processes, and on 3 and 4 a small odd
        # size, so that a process's range is cut into many messages at uneven places.
        chunk=67108864
        [ "$processes" -gt 2 ] && chunk=4093
        timeout "$limit" mpirun --allow-run-as-root --oversubscribe -np "$processes" \
            "$solver" --pits "$pits" --save "$table" --stats "$work/stats-$pits-$processes.json" \
            --chunk "$chunk"
        if ! cmp "$work/single-$pits.bin" "$table"; then
            echo "mpi: $pits pits on $processes processes: the table differs from the single-process solver's" >&2
            exit 1
        fi
        echo "mpi: $pits pits on $processes processes: the same table ($(stat -c %s "$table") bytes)"
    done
done
echo "mpi: every table of 2 to 10 pits on 2, 3 and 4 processes is the single-process solver's"
