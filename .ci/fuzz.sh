#!/usr/bin/env bash
# Fuzzes the decoders of bytes nobody trusts (the module host's frames, both games' move
# records, the protocol reader, the viewer's uploads; see fuzz/README.md), each for a bounded time from
# its committed seeds, and fails on any crash or broken property.
#
# Needs a nightly toolchain and cargo-fuzz: installs them when missing (the download of nightly
# within ten minutes). Where nightly cannot be installed it says so and runs the decoders'
# property tests on stable instead, so that the step never passes without testing anything.
#
#   .ci/fuzz.sh                     # DUEL_FUZZ_SECONDS=20 per target
#   DUEL_FUZZ_SECONDS=300 .ci/fuzz.sh frame_reader
set -euo pipefail
cd "$(dirname "$0")/.."

# fuzz/ is a workspace of its own, built into fuzz/target whatever the main build uses.
unset CARGO_TARGET_DIR
seconds="${DUEL_FUZZ_SECONDS:-20}"
cargo_fuzz_version=0.13.1
if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    targets=(frame_reader move_record ioiwari_record protocol_reader viewer_open)
fi
started=$SECONDS

stable_fallback() {
    echo "fuzz: $1; running the decoders' property tests on stable instead"
    cargo test -p duel-mis-wire --lib frame
    cargo test -p duel-mis --lib record
    cargo test -p duel-cli --test it protocol_properties::
    cargo test -p duel-web --test it viewer::
    echo "fuzz: stable fallback passed in $((SECONDS - started)) s"
    exit 0
}

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
