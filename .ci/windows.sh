#!/usr/bin/env bash
# Windows for contestants (issue 28): builds duel.exe, ioiwari.exe and ioiwari2.exe for
# x86_64-pc-windows-gnu (MinGW-w64) and runs the Windows tests under Wine
# (crates/cli/tests/it/windows.rs): the tool and the player against the Linux ones on the
# official boards, the kits built by MinGW, duel.exe's analysis, web page, export and judge
# message, bad input, the DLLs the programs import, and the file writer's (duel-files) own
# tests built for Windows. duel.exe carries the Linux ioiwari2 and ioiwari2.exe built in, and
# the Linux duel of the tests the same ioiwari2.exe, so that their export packages are the
# same, tools included.
#
# Needs: gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 wine64 curl (apt), rustup.
# When the Rust target cannot be installed (or Wine, MinGW are missing) the script says why and
# skips; DUEL_REQUIRE_WINDOWS=1 makes that a failure. Prints where the build is; the exit
# status is the tests'.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=x86_64-pc-windows-gnu

skip() {
    if [ "${DUEL_REQUIRE_WINDOWS:-}" = 1 ]; then
        echo "windows: FAILED (DUEL_REQUIRE_WINDOWS=1): $1" >&2
        exit 1
    fi
    echo "windows: SKIPPED: $1"
    exit 0
}

command -v x86_64-w64-mingw32-gcc >/dev/null && command -v x86_64-w64-mingw32-g++ >/dev/null ||
    skip "MinGW-w64 is missing (apt-get install gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64)"
[ -x /usr/lib/wine/wine64 ] || skip "Wine is missing (apt-get install wine64)"
command -v curl >/dev/null || skip "curl is missing (apt-get install curl)"
# The target's standard library: installed already, or now within ten minutes.
if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    timeout 600 rustup target add "$TARGET" ||
        skip "the Rust target $TARGET cannot be installed here (rustup target add failed or took over 10 minutes)"
fi

# The tools are built with no tool built into them (DUEL_IOIWARI2_* unset: duel-kit embeds the
# files they name in every program of duel-cli, and a build while one named the build's own
# output would carry the previous build inside the new one).
no_tools="env -u DUEL_IOIWARI2_EXE -u DUEL_IOIWARI2_LINUX"
# The Linux ioiwari2, built into duel.exe (duel-kit's build.rs reads DUEL_IOIWARI2_LINUX) so
# that its kits and export packages carry it as the Linux duel's do.
$no_tools cargo build --release --locked -p duel-cli --bin ioiwari2
linux_tool="${CARGO_TARGET_DIR:-$PWD/target}/release/ioiwari2"
# Without the default feature `judge` (the judge, graj and the module host need Linux).
# .ci/dist packs the same build. ioiwari2.exe first, copied to a name no later build rewrites:
# duel.exe carries that copy, and so does the Linux duel of the tests below (DUEL_IOIWARI2_EXE
# for both), so that the tests' ioiwari2.exe, duel.exe's and the Linux duel's are one build.
$no_tools cargo build --release --locked --target "$TARGET" -p duel-cli --no-default-features \
    --bin ioiwari2
bin="${CARGO_TARGET_DIR:-$PWD/target}/$TARGET/release"
windows_tool="${CARGO_TARGET_DIR:-$PWD/target}/windows-tools/ioiwari2.exe"
mkdir -p "$(dirname "$windows_tool")"
cp "$bin/ioiwari2.exe" "$windows_tool"
DUEL_IOIWARI2_LINUX="$linux_tool" DUEL_IOIWARI2_EXE="$windows_tool" cargo build --release --locked \
    --target "$TARGET" -p duel-cli --no-default-features --bin duel --bin ioiwari
cmp -s "$bin/ioiwari2.exe" "$windows_tool" ||
    { echo "windows: $bin/ioiwari2.exe was rebuilt after duel.exe took its copy" >&2; exit 1; }
echo "windows: built $bin/duel.exe (with $linux_tool and $windows_tool built in), ioiwari.exe, ioiwari2.exe"

# The file writer's own tests, built for Windows, run under Wine by the tests below.
files_tests="$(cargo test --locked -p duel-files --target "$TARGET" --test planting --no-run 2>&1 |
    sed -n 's/^ *Executable tests\/planting.rs (\(.*\))$/\1/p')"
[ -f "$files_tests" ] || { echo "windows: duel-files' tests for Windows were not built" >&2; exit 1; }
files_tests="$(realpath "$files_tests")"

DUEL_WINDOWS_BIN="$bin" DUEL_WINDOWS_FILES_TESTS="$files_tests" DUEL_REQUIRE_WINDOWS=1 \
    DUEL_WINDOWS_IOIWARI2_LINUX="$linux_tool" DUEL_IOIWARI2_EXE="$windows_tool" \
    cargo test --locked -p duel-cli --test it windows -- --test-threads 2
