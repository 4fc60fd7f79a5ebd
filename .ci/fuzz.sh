#!/usr/bin/env bash
# Fuzzes the decoders of bytes nobody trusts (the module host's frames, both games' move
# records, the protocol reader, the viewer's uploads; see fuzz/README.md), each for a bounded time from
# its committed seeds, and fails on any crash or broken property.
#
# Needs a nightly toolchain and cargo-fuzz: installs them when missing (the download of nightly
# within ten minutes). Where nightly cannot be installed it says so and runs every target's
# decoder's property tests on stable instead, so that the step never passes without testing
# anything (DUEL_FUZZ_STABLE=1 asks for that run).
#
#   .ci/fuzz.sh                     # every target of fuzz/fuzz_targets/, DUEL_FUZZ_SECONDS=20 each
#   DUEL_FUZZ_SECONDS=300 .ci/fuzz.sh frame_reader
#   DUEL_FUZZ_STABLE=1 .ci/fuzz.sh  # the stable tests of every target
set -euo pipefail
cd "$(dirname "$0")/.."

# fuzz/ is a workspace of its own, built into fuzz/target whatever the main build uses.
unset CARGO_TARGET_DIR
seconds="${DUEL_FUZZ_SECONDS:-20}"
cargo_fuzz_version=0.13.1
# Every target is a file of fuzz/fuzz_targets/ (cargo fuzz list reads the same names from
# fuzz/Cargo.toml, which must declare each); one names its decoder's property tests on stable
# in a line `// stable tests: ARGS` (arguments of `cargo test`).
if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=()
    for source in fuzz/fuzz_targets/*.rs; do
        targets+=("$(basename "$source" .rs)")
    done
fi
for target in "${targets[@]}"; do
    if [ ! -f "fuzz/fuzz_targets/$target.rs" ]; then
        echo "fuzz: no target $target (fuzz/fuzz_targets/$target.rs)"
        exit 2
    fi
    if ! grep -q "^name = \"$target\"$" fuzz/Cargo.toml; then
        echo "fuzz: fuzz/Cargo.toml declares no [[bin]] $target"
        exit 2
    fi
done
started=$SECONDS

stable_fallback() {
    echo "fuzz: $1; running the decoders' property tests on stable instead"
    for target in "${targets[@]}"; do
        line="$(grep -m1 '^// stable tests: ' "fuzz/fuzz_targets/$target.rs" || true)"
        if [ -z "$line" ]; then
            echo "fuzz: $target names no stable tests (a line // stable tests: ARGS)"
            exit 1
        fi
        read -ra args <<<"${line#// stable tests: }"
        echo "fuzz: $target on stable: cargo test ${args[*]}"
        cargo test "${args[@]}"
    done
    echo "fuzz: stable fallback passed in $((SECONDS - started)) s"
    exit 0
}

if [ -n "${DUEL_FUZZ_STABLE:-}" ]; then
    stable_fallback "DUEL_FUZZ_STABLE is set"
fi
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    timeout 600 rustup toolchain install nightly --profile minimal >/dev/null 2>&1 ||
        stable_fallback "the nightly toolchain cannot be installed on this machine"
fi
if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $cargo_fuzz_version" ]; then
    timeout 1200 cargo install cargo-fuzz --version "$cargo_fuzz_version" --locked --quiet ||
        stable_fallback "cargo-fuzz $cargo_fuzz_version cannot be installed"
fi
echo "fuzz: tools ready after $((SECONDS - started)) s"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# One build for every target: release, with debug assertions and overflow checks, and no
# sanitizer: the decoders are safe Rust, and AddressSanitizer would take about half as much
# again of the build's CPU; libFuzzer still follows coverage and stops at every panic.
flags=(--debug-assertions --sanitizer none)
if ! cargo +nightly fuzz build "${flags[@]}" >"$scratch/build.log" 2>&1; then
    cat "$scratch/build.log"
    exit 1
fi
echo "fuzz: built after $((SECONDS - started)) s"

# New inputs go to a scratch corpus; the committed seeds (fuzz/corpus/TARGET/seed-*) are read.
for target in "${targets[@]}"; do
    mkdir -p "$scratch/$target"
    log="$scratch/$target.log"
    if ! cargo +nightly fuzz run "${flags[@]}" "$target" "$scratch/$target" \
        "fuzz/corpus/$target" -- -max_total_time="$seconds" -timeout=30 \
        -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1; then
        tail -n 80 "$log"
        echo "fuzz: $target failed; its input is under fuzz/artifacts/$target/"
        exit 1
    fi
    runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
    echo "fuzz: $target: $runs runs in ${seconds} s, no crash"
done
echo "fuzz: done in $((SECONDS - started)) s"
