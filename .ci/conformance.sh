#!/usr/bin/env bash
# The conformance corpus (conformance/) judged by every contest system's own tool, on the
# packages the built duel exports: problemtools' verifyproblem (the Kattis package, and the
# ICPC package as release 2023-07-draft for the Python programs BAPCtools cannot run),
# BAPCtools' `bt run` (ICPC 2025-09), DMOJ's judge, p2d then verifyproblem (Polygon), and real
# CMS (.ci/cms.sh). Each test's verdict is compared with conformance/corpus.toml; any
# disagreement fails the run, with a table. Each step's time is printed.
#
#     .ci/conformance.sh [SYSTEM...]   # kattis icpc icpc-draft dmoj polygon cms (default: all)
#
# DUEL_EXPORT_TOOLS names the directory of the Python tools (default /opt/duel-export-venv/bin,
# which .ci/run installs); CMS is built by .ci/cms.sh itself.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
tools="${DUEL_EXPORT_TOOLS:-/opt/duel-export-venv/bin}"
target="${CARGO_TARGET_DIR:-$root/target}"
systems=("$@")
[ ${#systems[@]} -gt 0 ] || systems=(kattis icpc icpc-draft dmoj polygon cms)

for tool in verifyproblem bt dmoj-cli dmoj-autoconf p2d python3; do
    [ -x "$tools/$tool" ] || { echo "conformance: $tools/$tool is missing (see .ci/run)" >&2; exit 2; }
done

timed() {
    local started=$SECONDS status=0
    "$@" || status=$?
    echo "time: $* : $((SECONDS - started)) s (status $status)" >&2
    return $status
}

timed cargo build --quiet --locked -p duel-cli --bin duel --bin ioiwari2 --bin graj --bin mis-host
duel="$target/debug/duel"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for format in kattis icpc dmoj polygon; do
    timed "$duel" export "$format" "$work/exported/$format" >/dev/null
done

failed=()
packaged=()
for system in "${systems[@]}"; do
    case "$system" in
    kattis | icpc | icpc-draft | dmoj | polygon) packaged+=("$system") ;;
    cms) ;;
    *) echo "conformance: no system $system" >&2; exit 2 ;;
    esac
done
for system in "${packaged[@]}"; do
    mkdir -p "$work/$system"
    # Printed as it comes, and kept: a system's list of disagreements is printed again at
    # the end, where a log cut to its last lines still shows it.
    timed python3 conformance/systems.py --exported "$work/exported" --tools "$tools" \
        --work "$work/$system" "$system" 2>&1 | tee "$work/$system.log" \
        || failed+=("$system")
done
if [[ " ${systems[*]} " == *" cms "* ]]; then
    timed bash .ci/cms.sh "$duel" || failed+=(cms)
fi
if [ ${#failed[@]} -gt 0 ]; then
    for system in "${failed[@]}"; do
        [ -f "$work/$system.log" ] || continue
        echo "conformance: $system, again:"
        sed -n '/disagreement(s) with conformance/,$p' "$work/$system.log"
    done
    echo "conformance: disagreements with conformance/corpus.toml in: ${failed[*]}"
    exit 1
fi
echo "conformance: every system agrees with conformance/corpus.toml, test by test"
