//! Every shell example of README.md and of the guides in docs/ runs as written, in order, as a
//! newcomer pasting them into one terminal would, and then once more, as they would paste them
//! again: every example can be run twice.
//!
//! Each document is read for its fenced code blocks. A ```sh block runs; any other block (a
//! `text`, `bat`, `c` block, an output) and a ```sh block that cannot run here must say why on
//! the line just before its fence, `<!-- not run: REASON -->` (an HTML comment, which Markdown
//! does not show); a block that is neither run nor marked, a mark without a reason and a mark
//! before no block fail the document's test.
//!
//! Each document runs in a scratch copy of its own of the checkout (its git-tracked files, as a
//! fresh clone holds them), its blocks in order, each in its own `bash` that starts where the
//! previous one ended (a block that says `cd ../..` at its end is honoured), with standard
//! input empty; then every block again in the same copy, from its root. README's set-up says
//! the binaries land in `target/release/` and puts that directory on `PATH` with an `export`
//! line: the scratch copy's `target/release/` holds links to the binaries cargo built for this
//! test (and a copy of the module library `libmis.so`, a file as cargo leaves it: a module
//! reached through a symbolic link is read with the link owner's rights, not the judge's), and
//! README's own `export` line (taken from its text) starts every block of every document.
//!
//! Each command line must exit 0, or with the status its comment names (`# ... (exit 1)`); the
//! second time, with the status its comment names for it (`(again: exit 2)`: a kit is never
//! written over), else the same. In a block of `$ command` lines, the lines after a command are
//! its expected standard output, compared exactly. A failing command fails its block (the rest
//! of that block is not run); the later blocks still run, and the test then fails listing
//! every failing command as `DOCUMENT:LINE` (`(run again)` the second time) with the block's
//! output.
//!
//! What cannot run here as it would on a desk runs under a bounded stand-in, defined as shell
//! functions before every block and announced on the test's stderr each time one is used:
//! - `cargo build --release` stands for the build this test already has (its binaries are the
//!   ones linked into `target/release/`: the stand-in checks they are there), and any other
//!   `cargo build` fails (its block must be marked not run); `cargo test`,
//!   `cargo bench` and `.ci/test` are CI's own runs of this very suite and are not started
//!   again. `.ci/setup` installs nothing: `.ci/setup --check` runs instead and must find
//!   everything installed.
//! - `duel serve` (a server that runs until Ctrl-C) is started on a free port (`--port 0`
//!   instead of the one written), must answer `GET /` on 127.0.0.1 with 200 within 30 seconds,
//!   and is then stopped.
//! - `duel ... play` (a game typed by hand) gets a person's typing: an empty line (the
//!   default answer to any opening question), `hint` and `quit`; it must end with exit status 0
//!   after saying "You left the game".
//! - `python3 -m venv venv` makes `venv/bin` hold the tools of the Python environment
//!   `.ci/setup` makes with the contest systems' tools (`$DUEL_EXPORT_TOOLS`, else
//!   `/opt/duel-export-venv/bin`), so that the `venv/bin/pip install` that follows finds its
//!   package already installed instead of downloading it; without that environment it fails.
//! - `verifyproblem` and `venv/bin/dmoj-cli` run for real, on the packages the commands before
//!   them wrote, and must give their own verdict of success (`tested: 0 errors`, `All tests
//!   passed.`); the second time round, a package that is byte for byte one they passed the
//!   first time is not checked again (and said to be). Except that the example submissions made to exceed the time limit are left
//!   out (verifyproblem's `-s` filter; dmoj-cli on a copy of the problems without the
//!   self-tests that expect TLE) and said to be: each waits out its limit on every test, which
//!   alone takes minutes (about 5 of verifyproblem's 6 on Ioiwari, 3 of dmoj-cli's 3.3, on
//!   this project's machine). With the environment variable `DUEL_README_FULL` set they run
//!   exactly as written; `export_verify.rs` and `export_dmoj.rs` run them in full in CI.
//! - A line whose comment promises a time (`under a second`: graj's 2·10^7-move game) runs as
//!   written in every build and its time is announced; the promise is checked (it fails over
//!   a second) only when the binaries under test are a release build (`cargo test
//!   --release`): README's set-up makes one. A debug build plays that game in about 6 s.
//! - `cmsImportTask` runs if CMS is installed. Otherwise (CI runs real CMS in a step of its
//!   own) it is reported as not run, and the command's shape is checked: the `italy_yaml`
//!   loader, and a task directory holding what that loader reads of a Communication task
//!   (`task.yaml` naming the directory's task with its `n_input`, that many `input/inputN.txt`
//!   and `output/outputN.txt`, `statement/statement.pdf`, a built `check/manager`).
//!
//! Every block runs under `timeout` (300 s; 1800 s with `DUEL_README_FULL`). The documents run
//! one at a time (one test each, and one for any guide added without a test of its own), so
//! that two of them never load the machine together; each test's stderr ends with the time it
//! took. The harness itself is tested on made-up documents (a failing line, a wrong output, a
//! `cd` carried from one block to the next, a block neither run nor marked, a command that
//! cannot run twice), in well under a second.

use crate::support::players::libmis;
use assert_cmd::cargo::cargo_bin;
use duel_test_support::work_dir;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// A fenced code block of a Markdown document, with line numbers counted from 1.
struct Block {
    /// The line of the opening fence.
    fence: usize,
    /// The fence's info string (`sh`, `text`, ...).
    info: String,
    /// The reason a `<!-- not run: REASON -->` line just before the fence gives.
    not_run: Option<String>,
    /// `(line, text)` of every line inside the block.
    lines: Vec<(usize, String)>,
}

impl Block {
    /// Whether the harness runs the block: a ```sh block that no mark keeps from running.
    fn runs(&self) -> bool {
        self.not_run.is_none() && self.info.split_whitespace().next() == Some("sh")
    }
}

/// The reason of a `<!-- not run: REASON -->` line (`Some("")` for a mark without one).
fn not_run_mark(line: &str) -> Option<&str> {
    let mark = line
        .trim()
        .strip_prefix("<!-- not run:")?
        .strip_suffix("-->")?;
    Some(mark.trim())
}

/// The opening fence of a line (its character, its length and its info string), if it is one.
fn opening_fence(line: &str) -> Option<(char, usize, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let fence = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let length = trimmed.chars().take_while(|c| *c == fence).count();
    let info = trimmed[length..].trim();
    (length >= 3 && !(fence == '`' && info.contains('`'))).then_some((fence, length, info))
}

/// The fenced blocks of a Markdown document, and what is wrong with its marks: a block neither
/// run nor marked, a mark without a reason, a mark before no block (each `NAME:LINE: ...`).
fn blocks(name: &str, markdown: &str) -> (Vec<Block>, Vec<String>) {
    let mut found = Vec::new();
    let mut wrong = Vec::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        if let Some(reason) = not_run_mark(line) {
            if reason.is_empty() {
                wrong.push(format!(
                    "{name}:{}: a not-run mark gives no reason",
                    index + 1
                ));
            }
            if lines
                .get(index + 1)
                .and_then(|next| opening_fence(next))
                .is_none()
            {
                wrong.push(format!(
                    "{name}:{}: a not-run mark is not on the line just before a block's fence",
                    index + 1
                ));
            }
        }
        let Some((fence, length, info)) = opening_fence(line) else {
            index += 1;
            continue;
        };
        let mut block = Block {
            fence: index + 1,
            info: info.to_owned(),
            not_run: index
                .checked_sub(1)
                .and_then(|before| not_run_mark(lines[before]))
                .map(str::to_owned),
            lines: Vec::new(),
        };
        index += 1;
        let closes = |line: &str| {
            let trimmed = line.trim();
            trimmed.len() >= length && trimmed.chars().all(|c| c == fence)
        };
        while index < lines.len() && !closes(lines[index]) {
            block.lines.push((index + 1, lines[index].to_owned()));
            index += 1;
        }
        if index == lines.len() {
            wrong.push(format!("{name}:{}: the block never ends", block.fence));
        }
        index += 1;
        if !block.runs() && block.not_run.is_none() {
            wrong.push(format!(
                "{name}:{}: a ```{} block is neither run (```sh) nor marked \
                 <!-- not run: REASON --> on the line before it",
                block.fence, block.info
            ));
        }
        found.push(block);
    }
    (found, wrong)
}

/// A command of a block: where it starts, its text (continuation lines joined), the exit
/// status it must end with the first time and the second, and for a `$ ` command the standard
/// output it must print.
struct Step {
    line: usize,
    command: String,
    status: i32,
    again: i32,
    output: Option<String>,
    /// The comment promises a time (`under a second`): a claim about the release build.
    timed: bool,
}

/// The exit statuses a line's comment names: `(exit N)` the first time and `(again: exit M)`
/// the second; 0 where it names none, and the first time's where it names no second.
fn expected_statuses(command: &str) -> (i32, i32) {
    let Some((_, comment)) = command.split_once(" #") else {
        return (0, 0);
    };
    let number = |rest: &str| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    };
    let again = comment
        .split_once("again: exit ")
        .and_then(|(_, rest)| number(rest));
    let first = comment
        .replace("again: exit ", "again: ")
        .split("exit ")
        .nth(1)
        .and_then(number)
        .unwrap_or(0);
    (first, again.unwrap_or(first))
}

/// The steps of a block.
fn steps(name: &str, block: &Block) -> Vec<Step> {
    let prompted = block.lines.iter().any(|(_, text)| text.starts_with("$ "));
    let mut steps: Vec<Step> = Vec::new();
    let mut continued = false;
    for (line, text) in &block.lines {
        if continued {
            let step = steps.last_mut().unwrap();
            step.command.push('\n');
            step.command.push_str(text);
        } else if prompted && !text.starts_with("$ ") {
            let step = steps
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{line}: output before any `$ ` command"));
            let output = step.output.get_or_insert_with(String::new);
            output.push_str(text);
            output.push('\n');
            continue;
        } else {
            let command = text.strip_prefix("$ ").unwrap_or(text);
            if command.trim().is_empty() || command.trim_start().starts_with('#') {
                continue;
            }
            let (status, again) = expected_statuses(command);
            steps.push(Step {
                line: *line,
                command: command.to_owned(),
                status,
                again,
                output: prompted.then(String::new),
                timed: command
                    .split_once(" #")
                    .is_some_and(|(_, comment)| comment.contains("under a second")),
            });
        }
        continued = text.ends_with('\\');
    }
    steps
}

/// The stand-ins of the module comment, defined before every block. `$STATE` is the harness's
/// own directory (outside the copy).
const STAND_INS: &str = r#"
say() { echo "readme_examples: $*" >&2; echo "$*" >> "$STATE/stand-ins"; }
cargo() {
    case "$*" in
    "build --release")
        for bin in duel ioiwari ioiwari2 graj mis-host libmis.a libmis.so; do
            [ -e "target/release/$bin" ] || { echo "cargo stand-in: target/release/$bin is missing" >&2; return 1; }
        done
        say "cargo $*: the test's own build stands for it" ;;
    build*) echo "cargo stand-in: cargo $* is not the build this test has; mark its block <!-- not run: REASON -->" >&2; return 1 ;;
    test*|bench*) say "cargo $*: CI's own run, not started again" ;;
    *) command cargo "$@" ;;
    esac
}
# README's second command: what .ci/setup would install must be there already (it is checked,
# nothing is installed), and .ci/test is CI's own run of this very suite.
.ci/setup() {
    command .ci/setup --check || return
    say ".ci/setup $*: checked with .ci/setup --check (everything the tests need is installed)"
}
.ci/test() { say ".ci/test $*: CI's own run, not started again"; }
serve_bounded() {
    local args=() port_next=
    for arg in "$@"; do
        if [ -n "$port_next" ]; then args+=(0); port_next=; continue; fi
        [ "$arg" = --port ] && port_next=1
        args+=("$arg")
    done
    case " ${args[*]} " in *" --port "*) ;; *) args+=(--port 0) ;; esac
    # Emptied here, not only by the redirection, which the background job makes when it gets
    # to it: until then the file would still hold an earlier server's port.
    : > "$STATE/serve.out"
    command duel serve "${args[@]}" > "$STATE/serve.out" 2>&1 &
    local pid=$! port= i
    for i in $(seq 300); do
        port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$STATE/serve.out")
        [ -n "$port" ] && break
        kill -0 $pid 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        echo "duel serve did not start:" >&2; cat "$STATE/serve.out" >&2
        kill $pid 2>/dev/null; wait $pid; return 1
    fi
    local answer
    answer=$(exec 3<>"/dev/tcp/127.0.0.1/$port" && printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n' >&3 && timeout 30 head -n 1 <&3)
    kill $pid; wait $pid 2>/dev/null
    case "$answer" in
    "HTTP/1.1 200"*) say "duel serve $*: answered GET / on port $port with 200, then stopped" ;;
    *) echo "duel serve answered GET / with: $answer" >&2; cat "$STATE/serve.out" >&2; return 1 ;;
    esac
}
play_bounded() {
    local out
    out=$(printf '\nhint\nquit\n' | timeout 30 duel "$@")
    local status=$?
    echo "$out"
    case "$out" in *"You left the game"*) ;; *) echo "duel $*: no 'You left the game' after quit" >&2; return 1 ;; esac
    [ $status -eq 0 ] || return $status
    say "duel $*: typed an empty line, hint and quit"
}
duel() {
    case "$1 $2" in
    "serve "*) shift; serve_bounded "$@" ;;
    *" play") play_bounded "$@" ;;
    *) command duel "$@" ;;
    esac
}
python3() {
    if [ "$*" = "-m venv venv" ]; then
        local tools="${DUEL_EXPORT_TOOLS:-/opt/duel-export-venv/bin}" tool name
        [ -x "$tools/pip" ] || { echo "no Python environment with the contest tools at $tools (.ci/run makes it)" >&2; return 1; }
        mkdir -p venv/bin
        for tool in "$tools"/*; do
            name=$(basename "$tool")
            case "$name" in
            verifyproblem|dmoj-cli) printf '#!/bin/bash\nexec bash "$STATE/tool" %s "$@"\n' "$tool" > "venv/bin/$name"; chmod +x "venv/bin/$name" ;;
            *) ln -sfn "$tool" "venv/bin/$name" ;;
            esac
        done
        say "python3 -m venv venv: the tools of $tools, installed by .ci/run"
    else
        command python3 "$@"
    fi
}
cmsImportTask() {
    if type -P cmsImportTask > /dev/null; then command cmsImportTask "$@"; return; fi
    # CMS is not installed (CI runs real CMS in a step of its own, .ci/cms.sh): the command's
    # shape is checked instead, and the task directory against what the italy_yaml loader reads
    # for a Communication task.
    local loader= dir= name n i
    while [ $# -gt 0 ]; do
        case "$1" in
        -L) loader="$2"; shift 2 ;;
        -*) shift ;;
        *) dir="$1"; shift ;;
        esac
    done
    fail() { echo "cmsImportTask stand-in: $*" >&2; return 1; }
    [ "$loader" = italy_yaml ] || { fail "-L '$loader' is not the italy_yaml loader"; return 1; }
    [ -f "$dir/task.yaml" ] || { fail "'$dir' holds no task.yaml"; return 1; }
    name=$(sed -n 's/^name: *//p' "$dir/task.yaml")
    [ "$name" = "$(basename "$dir")" ] || { fail "$dir/task.yaml names the task '$name'"; return 1; }
    n=$(sed -n 's/^n_input: *//p' "$dir/task.yaml")
    [ "$n" -gt 0 ] 2>/dev/null || { fail "$dir/task.yaml has no n_input"; return 1; }
    for ((i = 0; i < n; i++)); do
        [ -f "$dir/input/input$i.txt" ] || { fail "$dir/input/input$i.txt is missing"; return 1; }
        [ -f "$dir/output/output$i.txt" ] || { fail "$dir/output/output$i.txt is missing"; return 1; }
    done
    [ ! -e "$dir/input/input$n.txt" ] || { fail "$dir/input holds more than n_input = $n tests"; return 1; }
    [ "$(head -c 4 "$dir/statement/statement.pdf" 2>/dev/null)" = "%PDF" ] ||
        { fail "$dir/statement/statement.pdf is not a PDF"; return 1; }
    [ -x "$dir/check/manager" ] || { fail "$dir/check/manager (the manager) is not built"; return 1; }
    say "cmsImportTask -L $loader $dir: NOT RUN, CMS is not installed here; $dir holds what the loader reads (task.yaml naming $name, $n inputs and outputs, statement/statement.pdf, check/manager)"
}
"#;

/// `venv/bin/verifyproblem` and `venv/bin/dmoj-cli`: `$1` is the real tool, run on the
/// packages the command names and judged by its own verdict (`tested: 0 errors`, `All tests
/// passed.`). With `DUEL_README_FULL` set the command runs exactly as written. Otherwise the
/// example submissions made to exceed the time limit are left out, and said to be: each waits
/// out its limit on every test, which alone takes minutes (about 5 of verifyproblem's 6 on
/// Ioiwari, 3 of dmoj-cli's 3.3 on this project's machine); `export_verify.rs` and
/// `export_dmoj.rs` run those in full.
const TOOL: &str = r#"
tool="$1"; shift
name=$(basename "$tool") line="$*"
out="$STATE/$name.out"
# A digest of the command line and of every file under the paths given: a run on the very bytes
# a run before passed is not made again (the second time round a document, when the commands
# before it wrote the same packages again).
digest() {
    { echo "$name $line"; for path in "$@"; do
        [ -e "$path" ] && find "$path" -type f -print0 | sort -z | xargs -0 -r sha256sum
    done; } | sha256sum | cut -d' ' -f1
}
storage=
if [ "$name" = dmoj-cli ]; then
    previous=
    for arg in "$@"; do
        [ "$previous" = -c ] && [ -f "$arg" ] &&
            storage=$(sed -n 's|^problem_storage_globs: \["\(.*\)/\*"\]|\1|p' "$arg")
        previous="$arg"
    done
fi
paths=("$@")
[ -z "$storage" ] || paths+=("$storage")
key=$(digest "${paths[@]}")
if [ -z "$DUEL_README_FULL" ] && [ -e "$STATE/passed-$key" ]; then
    echo "readme_examples: $name $line: not run again: the same files, byte for byte, passed it before" >&2
    echo "$name $line: not run again (the same files passed it before)" >> "$STATE/stand-ins"
    exit 0
fi
if [ -n "$DUEL_README_FULL" ]; then
    "$tool" "$@" > "$out" 2>&1; status=$?
    how="run as written"
else
    case "$name" in
    verifyproblem)
        "$tool" "$@" -s '^(?!time_limit_exceeded/)' > "$out" 2>&1; status=$?
        how="run as written but for the time_limit_exceeded submissions (-s '^(?!time_limit_exceeded/)')" ;;
    dmoj-cli)
        # The same command on a copy of the problems whose self-tests leave out the ones
        # expected to exceed the time limit.
        args=() config=
        while [ $# -gt 0 ]; do
            if [ "$1" = -c ]; then config="$2"; args+=(-c "$STATE/judge.yml"); shift 2; continue; fi
            args+=("$1"); shift
        done
        [ -f "$config" ] || { echo "dmoj-cli: no -c judge.yml" >&2; exit 1; }
        storage=$(sed -n 's|^problem_storage_globs: \["\(.*\)/\*"\]|\1|p' "$config")
        [ -d "$storage" ] || { echo "dmoj-cli: $config names no problem storage" >&2; exit 1; }
        rm -rf "$STATE/problems"; cp -r "$storage" "$STATE/problems"
        for init in "$STATE"/problems/*/init.yml; do
            awk 'function flush() { if (entry && buf !~ /expect: TLE/) printf "%s", buf; buf = ""; entry = 0 }
                /^  - label: / { flush(); buf = $0 "\n"; entry = 1; next }
                entry && /^    / { buf = buf $0 "\n"; next }
                { flush(); print }
                END { flush() }' "$init" > "$init.new" && mv "$init.new" "$init"
        done
        sed "s|^problem_storage_globs: .*|problem_storage_globs: [\"$STATE/problems/*\"]|" "$config" > "$STATE/judge.yml"
        "$tool" "${args[@]}" > "$out" 2>&1; status=$?
        how="run as written but for the self-tests that expect TLE" ;;
    esac
fi
cat "$out"
case "$name" in
verifyproblem) grep -q "tested: 0 errors" "$out" || { [ "$status" -eq 0 ] && status=1; } ;;
dmoj-cli) grep -q "^All tests passed\.$" "$out" || { [ "$status" -eq 0 ] && status=1; } ;;
esac
[ "$status" -eq 0 ] || { echo "$name $line: failed (exit $status)" >&2; exit "$status"; }
touch "$STATE/passed-$key"
echo "readme_examples: $name $line: $how" >&2
echo "$name $line: $how" >> "$STATE/stand-ins"
"#;

/// The bash script of one block, the first time (`again` false) or the second: the stand-ins,
/// README's own `export PATH=...` line, then every step followed by the check of its status
/// (and output), failures named `NAME:LINE`.
fn script(name: &str, steps: &[Step], export: &str, again: bool) -> String {
    let mut script = format!("{STAND_INS}\ncd \"$(cat \"$STATE/cwd\")\" || exit 1\n{export}\n");
    let run = if again { " (run again)" } else { "" };
    for (index, step) in steps.iter().enumerate() {
        let at = format!("{name}:{}{run}", step.line);
        let status = if again { step.again } else { step.status };
        match &step.output {
            Some(expected) => {
                let file = format!("$STATE/expected-{index}");
                writeln!(
                    script,
                    "cat > \"{file}\" <<'README_EXPECTED'\n{expected}README_EXPECTED\n\
                     {{\n{}\n}} > \"$STATE/out\"; status=$?; cat \"$STATE/out\"\n\
                     [ $status -eq {status} ] || {{ echo \"{at}: exit status $status, not {status}\" >&2; exit 1; }}\n\
                     diff \"{file}\" \"$STATE/out\" >&2 || {{ echo \"{at}: the output is not the one shown (diff above: the document's, then the real one)\" >&2; exit 1; }}",
                    step.command
                )
                .unwrap();
            }
            None if step.timed => {
                writeln!(
                    script,
                    "started=$(date +%s%N)\n{}\nstatus=$?\nms=$(( ($(date +%s%N) - started) / 1000000 ))\n\
                     [ $status -eq {status} ] || {{ echo \"{at}: exit status $status, not {status}\" >&2; exit 1; }}\n\
                     if [ -n \"$DEBUG_BUILD\" ]; then say \"{at}: ran as written in $ms ms; its time is the release build's, and the binaries under test are a debug build\"\n\
                     elif [ $ms -ge 1000 ]; then echo \"{at}: took $ms ms, not under a second\" >&2; exit 1\n\
                     else say \"{at}: ran as written in $ms ms\"; fi",
                    step.command
                )
                .unwrap();
            }
            None => {
                writeln!(
                    script,
                    "{}\nstatus=$?\n[ $status -eq {status} ] || {{ echo \"{at}: exit status $status, not {status}\" >&2; exit 1; }}",
                    step.command
                )
                .unwrap();
            }
        }
    }
    script.push_str("pwd > \"$STATE/cwd\"\n");
    script
}

/// What one run of a block did: where it is (`NAME:LINE`, `(run again)` the second time) and
/// the output of its `bash`.
struct Ran {
    at: String,
    output: std::process::Output,
}

impl Ran {
    /// The failure it is, with its output, if it failed.
    fn failure(&self) -> Option<String> {
        (!self.output.status.success()).then(|| {
            format!(
                "the block at {} failed ({}):\n--- stdout\n{}--- stderr\n{}",
                self.at,
                self.output.status,
                String::from_utf8_lossy(&self.output.stdout),
                String::from_utf8_lossy(&self.output.stderr)
            )
        })
    }
}

/// Runs the blocks of document `name` twice in `dir`, each time from `dir` itself, with `state`
/// as the harness's own directory and `export` before every block; what each run did. `setup`
/// prepares each `bash` (the environment of the real run).
fn run_twice(
    name: &str,
    blocks: &[Block],
    dir: &Path,
    state: &Path,
    export: &str,
    seconds: u64,
    setup: &dyn Fn(&mut Command),
) -> Vec<Ran> {
    let mut ran = Vec::new();
    for again in [false, true] {
        std::fs::write(state.join("cwd"), dir.to_str().unwrap()).unwrap();
        for block in blocks.iter().filter(|block| block.runs()) {
            let steps = steps(name, block);
            if steps.is_empty() {
                continue;
            }
            let started = std::time::Instant::now();
            let mut bash = Command::new("timeout");
            bash.arg(seconds.to_string())
                .args(["bash", "-c", &script(name, &steps, export, again)])
                .current_dir(dir)
                .env("STATE", state)
                .stdin(std::process::Stdio::null());
            setup(&mut bash);
            let output = bash.output().expect("bash runs");
            let run = if again { " (run again)" } else { "" };
            let at = format!("{name}:{}{run}", block.fence);
            eprintln!(
                "{at}: {} in {:.1} s",
                output.status,
                started.elapsed().as_secs_f64()
            );
            ran.push(Ran { at, output });
        }
    }
    ran
}

/// README's set-up line that puts the binaries on `PATH`, as written in its text.
fn export_line(readme: &str) -> String {
    let start = readme
        .find("`export PATH=")
        .expect("README says how to put target/release on PATH (`export PATH=...`)");
    let line = &readme[start + 1..];
    line[..line.find('`').unwrap()].to_owned()
}

/// The repository's root.
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A copy of the checkout's git-tracked files (as they are in the working tree) in `dest`,
/// with `target/release/` holding links to the binaries and libraries under test (a copy of
/// `libmis.so`).
fn fresh_clone(dest: &Path) {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(repo())
        .output()
        .expect("git runs (the test copies the checkout's tracked files)");
    assert!(listed.status.success(), "git ls-files failed");
    for name in listed.stdout.split(|&byte| byte == 0) {
        let name = std::str::from_utf8(name).unwrap();
        let from = repo().join(name);
        if name.is_empty() || !from.is_file() {
            continue;
        }
        let to = dest.join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap();
    }
    let release = dest.join("target/release");
    std::fs::create_dir_all(&release).unwrap();
    let built = cargo_bin("duel").parent().unwrap().to_owned();
    let library = libmis();
    for (name, from) in [
        ("duel", cargo_bin("duel")),
        ("ioiwari", cargo_bin("ioiwari")),
        ("ioiwari2", cargo_bin("ioiwari2")),
        ("graj", cargo_bin("graj")),
        ("mis-host", cargo_bin("mis-host")),
        ("libmis.so", library.clone()),
        ("libmis.a", library.with_extension("a")),
    ] {
        assert!(
            from.exists(),
            "{} is not built (in {})",
            name,
            built.display()
        );
        if name == "libmis.so" {
            // A file, as cargo leaves it: a module reached through a symbolic link is read with
            // the link owner's rights, not the judge's.
            std::fs::copy(&from, release.join(name)).unwrap();
        } else {
            std::os::unix::fs::symlink(&from, release.join(name)).unwrap();
        }
    }
}

/// The documents run one at a time: each loads the machine (builds, judges, contest tools).
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Runs every example of the document at `name` (from the repository's root) twice, in a
/// fresh copy of the checkout, and fails listing what failed.
fn check(name: &str) {
    let _alone = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let whole = std::time::Instant::now();
    let text = std::fs::read_to_string(repo().join(name))
        .unwrap_or_else(|error| panic!("{name} cannot be read: {error}"));
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let export = export_line(&readme);
    let (blocks, mut failures) = blocks(name, &text);
    for block in &blocks {
        if let Some(reason) = &block.not_run {
            eprintln!("{name}:{}: not run: {reason}", block.fence);
        }
    }
    let scratch = work_dir!();
    let clone = scratch.path().join("duel");
    fresh_clone(&clone);
    let state = scratch.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::write(state.join("tool"), TOOL).unwrap();

    let debug = !cargo_bin("duel").parent().unwrap().ends_with("release");
    // The contest tools' full runs (`DUEL_README_FULL`) take minutes a block.
    let full = std::env::var_os("DUEL_README_FULL").is_some_and(|value| !value.is_empty());
    let seconds = if full { 1800 } else { 300 };
    let ran = run_twice(name, &blocks, &clone, &state, &export, seconds, &|bash| {
        bash.env_remove("DUEL_ISOLATION")
            .env("DEBUG_BUILD", if debug { "1" } else { "" });
    });
    failures.extend(ran.iter().filter_map(Ran::failure));
    let stand_ins = std::fs::read_to_string(state.join("stand-ins")).unwrap_or_default();
    eprintln!("stood in for (see the module comment):\n{stand_ins}");
    let runnable = blocks.iter().filter(|block| block.runs()).count();
    eprintln!(
        "{name}: {runnable} of {} blocks run twice in {:.0} s",
        blocks.len(),
        whole.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{} failures in {name}:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The guides in docs/ that have a test of their own below.
const GUIDES: &[&str] = &[
    "docs/contestants.md",
    "docs/export.md",
    "docs/judge.md",
    "docs/organisers.md",
    "docs/play.md",
    "docs/variants.md",
    "docs/web.md",
    "docs/windows.md",
];

#[test]
fn the_readmes_examples_run_as_written_twice() {
    check("README.md");
}

#[test]
fn the_contestants_guides_examples_run_as_written_twice() {
    check(GUIDES[0]);
}

#[test]
fn the_export_guides_examples_run_as_written_twice() {
    check(GUIDES[1]);
}

#[test]
fn the_judge_guides_examples_run_as_written_twice() {
    check(GUIDES[2]);
}

#[test]
fn the_organisers_guides_examples_run_as_written_twice() {
    check(GUIDES[3]);
}

#[test]
fn the_play_guides_examples_run_as_written_twice() {
    check(GUIDES[4]);
}

#[test]
fn the_variants_pages_examples_run_as_written_twice() {
    check(GUIDES[5]);
}

#[test]
fn the_web_guides_examples_run_as_written_twice() {
    check(GUIDES[6]);
}

#[test]
fn the_windows_guides_examples_run_as_written_twice() {
    check(GUIDES[7]);
}

/// Any other guide in docs/ (one added since) runs here until it has a test of its own.
#[test]
fn every_other_guides_examples_run_as_written_twice() {
    let mut others = Vec::new();
    for entry in std::fs::read_dir(repo().join("docs")).unwrap() {
        let name = format!("docs/{}", entry.unwrap().file_name().to_string_lossy());
        if name.ends_with(".md") && !GUIDES.contains(&name.as_str()) {
            others.push(name);
        }
    }
    others.sort();
    eprintln!("guides without a test of their own: {others:?}");
    for name in others {
        check(&name);
    }
    for guide in GUIDES {
        assert!(
            repo().join(guide).is_file(),
            "{guide} is gone: remove its test"
        );
    }
}

/// Runs a made-up README twice in a scratch directory, as the real ones run; returns whether
/// it passed and the stderr of all its blocks (what is wrong with its marks first).
fn run_made_up(markdown: &str) -> (bool, String) {
    let scratch = work_dir!();
    let dir = scratch.path().join("copy");
    let state = scratch.path().join("state");
    std::fs::create_dir(&dir).unwrap();
    std::fs::create_dir(&state).unwrap();
    let (blocks, wrong) = blocks("README.md", markdown);
    let ran = run_twice("README.md", &blocks, &dir, &state, "true", 60, &|_| {});
    let mut stderr: String = wrong.iter().map(|line| format!("{line}\n")).collect();
    for run in &ran {
        stderr.push_str(&String::from_utf8_lossy(&run.output.stderr));
    }
    let passed = ran.iter().all(|run| run.output.status.success());
    (wrong.is_empty() && passed, stderr)
}

#[test]
fn a_failing_command_is_reported_by_its_readme_line() {
    let markdown =
        "# t\n\n```sh\ntrue\nfalse   # fails\ntrue\n```\n\n```sh\nfalse   # (exit 1)\n```\n";
    let (ok, stderr) = run_made_up(markdown);
    assert!(!ok);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        [
            "README.md:5: exit status 1, not 0",
            "README.md:5 (run again): exit status 1, not 0"
        ]
    );
}

#[test]
fn a_command_must_run_again_with_the_status_its_comment_names() {
    // mkdir fails the second time unless its comment says so; mkdir -p does not.
    let (ok, stderr) = run_made_up("```sh\nmkdir made 2>/dev/null\n```\n");
    assert!(!ok);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        ["README.md:2 (run again): exit status 1, not 0"]
    );
    assert_eq!(
        run_made_up("```sh\nmkdir made 2>/dev/null   # (again: exit 1)\nmkdir -p made\n```\n"),
        (true, String::new())
    );
    let (ok, stderr) = run_made_up("```sh\nmkdir -p made   # (again: exit 1)\n```\n");
    assert!(!ok);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        ["README.md:2 (run again): exit status 0, not 1"]
    );
    assert_eq!(expected_statuses("a   # (exit 4)"), (4, 4));
    assert_eq!(expected_statuses("a   # x (again: exit 2)"), (0, 2));
    assert_eq!(expected_statuses("a   # (exit 3; again: exit 2)"), (3, 2));
}

#[test]
fn a_block_is_run_or_says_why_not() {
    // An sh block runs; any other block, or an sh block that cannot run, says why not.
    let marked = "<!-- not run: an output -->\n```text\nnot a command\n```\n\n\
                  <!-- not run: it would take hours -->\n```sh\nfalse\n```\n";
    assert_eq!(run_made_up(marked), (true, String::new()));
    let (blocks, _) = blocks("README.md", marked);
    assert_eq!(blocks.iter().filter(|block| block.runs()).count(), 0);
    for (markdown, said) in [
        (
            "```text\nx\n```\n",
            "README.md:1: a ```text block is neither run (```sh) nor marked",
        ),
        (
            "```\nx\n```\n",
            "README.md:1: a ``` block is neither run (```sh) nor marked",
        ),
        (
            "~~~bash\ntrue\n~~~\n",
            "README.md:1: a ```bash block is neither run (```sh) nor marked",
        ),
        (
            "<!-- not run: -->\n```text\nx\n```\n",
            "README.md:1: a not-run mark gives no reason",
        ),
        (
            "<!-- not run: why -->\n\n```text\nx\n```\n",
            "README.md:1: a not-run mark is not on the line just before a block's fence",
        ),
        ("```sh\ntrue\n", "README.md:1: the block never ends"),
    ] {
        let (ok, stderr) = run_made_up(markdown);
        assert!(!ok, "{markdown}");
        assert!(stderr.contains(said), "{markdown}: {stderr}");
    }
    // A fence of four backticks holds one of three; a ```sh block's text is run.
    let nested = "````sh\nprintf '```\\n' > fence.txt\n````\n";
    assert_eq!(run_made_up(nested), (true, String::new()));
}

#[test]
fn a_dollar_blocks_output_is_compared_exactly() {
    let good = "```sh\n$ printf 'a\\nb\\n'\na\nb\n$ echo c\nc\n```\n";
    assert_eq!(run_made_up(good), (true, String::new()));
    let bad = "\n```sh\n$ printf 'a\\nb\\n'\na\nB\n```\n";
    let (ok, stderr) = run_made_up(bad);
    assert!(!ok);
    assert!(
        stderr.contains("README.md:3: the output is not the one shown"),
        "{stderr}"
    );
}

#[test]
fn a_block_starts_where_the_previous_one_ended() {
    let markdown = "```sh\nmkdir -p sub/dir && cd sub\n```\n```sh\ntest -d dir\ncd dir && \\\n  cd ..\n```\n```sh\ntest -d dir\n```\n";
    assert_eq!(run_made_up(markdown), (true, String::new()));
}

#[test]
fn without_cms_a_cms_import_is_checked_against_the_task_directory() {
    if which_cms() {
        return;
    }
    // A task directory as the italy_yaml loader reads it, then the same with one thing wrong.
    let make = "mkdir -p t/input t/output t/statement t/check && \\\n\
                printf 'name: t\\nn_input: 2\\n' > t/task.yaml && \\\n\
                touch t/input/input0.txt t/input/input1.txt t/output/output0.txt t/output/output1.txt && \\\n\
                printf '%%PDF-1.5' > t/statement/statement.pdf && \\\n\
                touch t/check/manager && chmod +x t/check/manager\n";
    let good = format!("```sh\n{make}cmsImportTask -L italy_yaml t\n```\n");
    let (ok, stderr) = run_made_up(&good);
    assert!(ok, "{stderr}");
    assert!(
        stderr.contains("NOT RUN, CMS is not installed here"),
        "{stderr}"
    );
    for (breakage, said) in [
        ("rm t/output/output1.txt", "t/output/output1.txt is missing"),
        ("touch t/input/input2.txt", "more than n_input = 2"),
        ("chmod -x t/check/manager", "check/manager"),
        ("echo '<html>' > t/statement/statement.pdf", "is not a PDF"),
        (
            "sed -i s/name:.t/name:\\ u/ t/task.yaml",
            "names the task 'u'",
        ),
    ] {
        let bad = format!("```sh\n{make}{breakage}\ncmsImportTask -L italy_yaml t\n```\n");
        let (ok, stderr) = run_made_up(&bad);
        assert!(!ok, "{breakage}: {stderr}");
        assert!(stderr.contains(said), "{breakage}: {stderr}");
    }
    let (ok, stderr) = run_made_up(&good.replace("-L italy_yaml", "-L polygon"));
    assert!(
        !ok && stderr.contains("not the italy_yaml loader"),
        "{stderr}"
    );
}

/// Whether CMS's `cmsImportTask` is installed (then the import runs for real).
fn which_cms() -> bool {
    Command::new("sh")
        .args(["-c", "command -v cmsImportTask"])
        .output()
        .is_ok_and(|output| output.status.success())
}
