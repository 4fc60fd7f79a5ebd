#!/usr/bin/env bash
# The web page audited by tools no one here wrote, from the npm registry (.ci/web/package.json,
# versions locked in .ci/web/package-lock.json):
#   .ci/web-audit.sh install      installs axe-core and Lighthouse into $DUEL_WEB_AUDIT
#                                 (default /opt/duel-web-audit); the browser test
#                                 (crates/cli/tests/it/serve_browser/audit.rs) runs axe-core from
#                                 there on every state of every tab
#   .ci/web-audit.sh unit         runs the page's unit tests (crates/web/assets/tests) with Node's
#                                 test runner
#   .ci/web-audit.sh lighthouse   serves the page with `duel serve` (built if needed) and runs
#                                 Lighthouse on each tab, desktop and mobile presets, in Debian's
#                                 chromium: Accessibility, Best Practices and SEO 100, mobile
#                                 Performance at least 95 (DUEL_MIN_MOBILE_PERFORMANCE; the median
#                                 of DUEL_LIGHTHOUSE_RUNS runs, 3), CLS under
#                                 0.02; prints each figure and fails on any short of it
#                                 (DUEL_LIGHTHOUSE_REPORTS=DIR keeps Lighthouse's reports)
#   .ci/web-audit.sh              all three, in that order
set -euo pipefail
cd "$(dirname "$0")/.."

audit_dir="${DUEL_WEB_AUDIT:-/opt/duel-web-audit}"

install() {
    command -v npm >/dev/null || apt-get install -y --no-install-recommends nodejs npm
    # Installed again only when the lock changed (or nothing is there yet).
    if [ -d "$audit_dir/node_modules" ] && cmp -s .ci/web/package-lock.json "$audit_dir/package-lock.json"; then
        return
    fi
    mkdir -p "$audit_dir"
    cp .ci/web/package.json .ci/web/package-lock.json "$audit_dir/"
    (cd "$audit_dir" && npm ci --no-audit --no-fund --loglevel=error)
}

unit() {
    node --test crates/web/assets/tests/
}

lighthouse() {
    install
    local duel="${CARGO_TARGET_DIR:-$PWD/target}/debug/duel"
    cargo build --quiet -p duel-cli --bin duel
    work="$(mktemp -d)"
    mkdir "$work/lighthouse"
    # The viewer's tab shows a judge report: our own player's, on the official tests.
    "$duel" ioiwari judge --report "$work/report.json" >/dev/null 2>&1
    "$duel" serve --port 0 --report "$work/report.json" >"$work/serve.out" 2>&1 &
    server=$!
    trap 'kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
    local url=""
    for _ in $(seq 100); do
        url="$(sed -n 's|^listening on \(http://[^ ]*\)$|\1|p' "$work/serve.out")"
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "$url" ] || { echo "web-audit: duel serve did not start" >&2; exit 1; }
    local flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
    # The mobile preset's performance varies from run to run (it scales the tasks the machine
    # ran by 4): each tab is measured DUEL_LIGHTHOUSE_RUNS times (3) and judged by the median.
    local runs="${DUEL_LIGHTHOUSE_RUNS:-3}"
    for tab in ioiwari variants mis viewer; do
        for preset in desktop mobile; do
            local preset_flag=() count=1
            [ "$preset" = desktop ] && preset_flag=(--preset=desktop)
            [ "$preset" = mobile ] && count="$runs"
            for run in $(seq "$count"); do
                CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" "$audit_dir/node_modules/.bin/lighthouse" \
                    "$url#$tab" "${preset_flag[@]}" --quiet --output=json \
                    --output-path="$work/lighthouse/$tab-$preset-$run.json" \
                    --only-categories=performance,accessibility,best-practices,seo \
                    --chrome-flags="$flags"
            done
        done
    done
    # DUEL_LIGHTHOUSE_REPORTS=DIR keeps the reports (Lighthouse's JSON) there.
    if [ -n "${DUEL_LIGHTHOUSE_REPORTS:-}" ]; then
        mkdir -p "$DUEL_LIGHTHOUSE_REPORTS"
        cp "$work"/lighthouse/*.json "$DUEL_LIGHTHOUSE_REPORTS/"
    fi
    node .ci/web/lighthouse-check.mjs "$work"/lighthouse/*.json
}

case "${1:-all}" in
install) install ;;
unit) unit ;;
lighthouse) lighthouse ;;
all)
    install
    unit
    lighthouse
    ;;
*)
    echo "usage: .ci/web-audit.sh [install|unit|lighthouse]" >&2
    exit 2
    ;;
esac
