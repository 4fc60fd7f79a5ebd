//! Every shell example of README.md runs as written, in order, as a newcomer pasting them into
//! one terminal would.
//!
//! The ```sh blocks are taken from README.md top to bottom and run in a scratch copy of the
//! checkout (its git-tracked files, as a fresh clone holds them), each block in its own `bash`
//! that starts where the previous one ended (a block that says `cd ../..` at its end is
//! honoured), with standard input empty. README's set-up says the binaries land in
//! `target/release/` and puts that directory on `PATH` with an `export` line: the scratch
//! copy's `target/release/` holds links to the binaries and libraries cargo built for this test,
//! and README's own `export` line (taken from its text) starts every block.
//!
//! Each command line must exit 0, or with the status its comment names (`# ... (exit 1)`). In a
//! block of `$ command` lines, the lines after a command are its expected standard output,
//! compared exactly. A failing command fails its block (the rest of that block is not run); the
//! later blocks still run, and the test then fails listing every failing command as
//! `README.md:LINE` with the block's output.
//!
//! What cannot run here as it would on a desk runs under a bounded stand-in, defined as shell
//! functions before every block and announced on the test's stderr each time one is used:
//! - `cargo build --release` stands for the build this test already has (its binaries are the
//!   ones linked into `target/release/`: the stand-in checks they are there); `cargo test` and
//!   `cargo bench` are CI's own runs of this very suite and are not started again.
//! - `duel serve` (a server that runs until Ctrl-C) is started on a free port (`--port 0`
//!   instead of the one written), must answer `GET /` on 127.0.0.1 with 200 within 30 seconds,
//!   and is then stopped.
//! - `duel ... play` (a game typed by hand) gets a person's typing: an empty line (the
//!   default answer to any opening question), `hint` and `quit`; it must end with exit status 0
//!   after saying "You left the game".
//! - `python3 -m venv venv` makes `venv/bin` hold the tools of the Python environment `.ci/run`
//!   makes with the contest systems' tools (`$DUEL_EXPORT_TOOLS`, else
//!   `/opt/duel-export-venv/bin`), so that the `venv/bin/pip install` that follows finds its
//!   package already installed instead of downloading it; without that environment it fails.
//! - `venv/bin/verifyproblem` and `venv/bin/dmoj-cli` must answer `--help` and find the
//!   packages their command names, but are not run in full: each judges every example
//!   submission of both tasks, minutes of time limits (`export_verify.rs` and `export_dmoj.rs`
//!   run them in CI).
//! - A line whose comment promises a time (`under a second`) is a claim about the release
//!   build README's set-up makes: when the binaries under test are a debug build (`cargo test`'s
//!   default) it is announced as not run; `cargo test --release` runs it.
//! - `cmsImportTask` runs if CMS is installed; otherwise (CMS needs isolate on cgroup v2) it is
//!   reported as not run.
//!
//! Every block runs under `timeout` (120 s); on this project's two-core machine, shared, the
//! whole test took 3 to 5 minutes, most of it the judge runs, exports and Pascal builds the
//! examples ask for. The harness itself is tested on made-up READMEs (a failing line, a
//! wrong output, a `cd` carried from one block to the next), in well under a second.

#[path = "mis-players/support.rs"]
mod support;

use assert_cmd::cargo::cargo_bin;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{libmis, work_dir};

/// One ```sh block of the README: its command lines with their line numbers in the file.
struct Block {
    /// The line of the opening fence.
    fence: usize,
    /// `(line, text)` of every line inside the block.
    lines: Vec<(usize, String)>,
}

/// The ```sh blocks of a Markdown text, with line numbers (counted from 1).
fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut current: Option<Block> = None;
    for (index, line) in markdown.lines().enumerate() {
        let number = index + 1;
        match (&mut current, line.trim_end()) {
            (None, "```sh") => {
                current = Some(Block {
                    fence: number,
                    lines: Vec::new(),
                })
            }
            (Some(_), "```") => found.extend(current.take()),
            (Some(block), text) => block.lines.push((number, text.to_owned())),
            (None, _) => {}
        }
    }
    assert!(current.is_none(), "README.md ends inside a ```sh block");
    found
}

/// A command of a block: where it starts, its text (continuation lines joined), the exit
/// status it must end with, and for a `$ ` command the standard output it must print.
struct Step {
    line: usize,
    command: String,
    status: i32,
    output: Option<String>,
    /// The comment promises a time (`under a second`): a claim about the release build.
    timed: bool,
}

/// The exit status a line's comment names (`# ... (exit 1) ...`), else 0.
fn expected_status(command: &str) -> i32 {
    let Some((_, comment)) = command.split_once(" #") else {
        return 0;
    };
    comment
        .split("exit ")
        .nth(1)
        .and_then(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .unwrap_or(0)
}

/// The steps of a block.
fn steps(block: &Block) -> Vec<Step> {
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
                .unwrap_or_else(|| panic!("README.md:{line}: output before any `$ ` command"));
            let output = step.output.get_or_insert_with(String::new);
            output.push_str(text);
            output.push('\n');
            continue;
        } else {
            let command = text.strip_prefix("$ ").unwrap_or(text);
            if command.trim().is_empty() || command.trim_start().starts_with('#') {
                continue;
            }
            steps.push(Step {
                line: *line,
                command: command.to_owned(),
                status: expected_status(command),
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
    case "$1" in
    build)
        for bin in duel ioiwari ioiwari2 graj mis-host libmis.a libmis.so; do
            [ -e "target/release/$bin" ] || { echo "cargo stand-in: target/release/$bin is missing" >&2; return 1; }
        done
        say "cargo $*: the test's own build stands for it" ;;
    test|bench) say "cargo $*: CI's own run, not started again" ;;
    *) command cargo "$@" ;;
    esac
}
serve_bounded() {
    local args=() port_next=
    for arg in "$@"; do
        if [ -n "$port_next" ]; then args+=(0); port_next=; continue; fi
        [ "$arg" = --port ] && port_next=1
        args+=("$arg")
    done
    case " ${args[*]} " in *" --port "*) ;; *) args+=(--port 0) ;; esac
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
    if type -P cmsImportTask > /dev/null; then command cmsImportTask "$@"
    else say "cmsImportTask $*: NOT RUN, CMS is not installed here"; fi
}
"#;

/// `venv/bin/verifyproblem` and `venv/bin/dmoj-cli`: `$1` is the real tool. It must answer
/// `--help`, and every package the command names must be there (`problem.yaml` of a Kattis
/// package; DMOJ's `init.yml` under the directory `judge.yml` names); the full run is not
/// started (it judges every example submission, minutes each; `export_verify.rs` and
/// `export_dmoj.rs` do that in CI).
const TOOL: &str = r#"
tool="$1"; shift
"$tool" --help > /dev/null 2>&1 || { echo "$(basename "$tool") --help failed" >&2; exit 1; }
case "$(basename "$tool")" in
verifyproblem)
    [ -f "$1/problem.yaml" ] || { echo "verifyproblem: $1 holds no Kattis package" >&2; exit 1; } ;;
dmoj-cli)
    [ -f judge.yml ] || { echo "dmoj-cli: no judge.yml" >&2; exit 1; }
    storage=$(sed -n 's|^problem_storage_globs: \["\(.*\)/\*"\]|\1|p' judge.yml)
    for word in "$@"; do
        if [ "$word" = test ]; then tests=1; continue; fi
        [ -n "$tests" ] || continue
        [ -f "$storage/$word/init.yml" ] || { echo "dmoj-cli: no $storage/$word/init.yml" >&2; exit 1; }
    done ;;
esac
echo "readme_examples: $(basename "$tool") $*: answers --help, the packages are there; NOT RUN in full" >&2
echo "$(basename "$tool") $*: answers --help, the packages are there; NOT RUN in full" >> "$STATE/stand-ins"
"#;

/// The bash script of one block: the stand-ins, README's own `export PATH=...` line, then
/// every step followed by the check of its status (and output).
fn script(steps: &[Step], export: &str) -> String {
    let mut script = format!("{STAND_INS}\ncd \"$(cat \"$STATE/cwd\")\" || exit 1\n{export}\n");
    for (index, step) in steps.iter().enumerate() {
        let line = step.line;
        match &step.output {
            Some(expected) => {
                let file = format!("$STATE/expected-{index}");
                writeln!(
                    script,
                    "cat > \"{file}\" <<'README_EXPECTED'\n{expected}README_EXPECTED\n\
                     {{\n{}\n}} > \"$STATE/out\"; status=$?; cat \"$STATE/out\"\n\
                     [ $status -eq {} ] || {{ echo \"README.md:{line}: exit status $status, not {}\" >&2; exit 1; }}\n\
                     diff \"{file}\" \"$STATE/out\" >&2 || {{ echo \"README.md:{line}: the output is not the one shown (diff above: README's, then the real one)\" >&2; exit 1; }}",
                    step.command, step.status, step.status
                )
                .unwrap();
            }
            None if step.timed => {
                writeln!(
                    script,
                    "if [ -n \"$DEBUG_BUILD\" ]; then say \"README.md:{line}: NOT RUN, timed for the release build and the binaries under test are a debug build (cargo test --release runs it)\"\n\
                     else\n{}\nstatus=$?\n[ $status -eq {} ] || {{ echo \"README.md:{line}: exit status $status, not {}\" >&2; exit 1; }}\nfi",
                    step.command, step.status, step.status
                )
                .unwrap();
            }
            None => {
                writeln!(
                    script,
                    "{}\nstatus=$?\n[ $status -eq {} ] || {{ echo \"README.md:{line}: exit status $status, not {}\" >&2; exit 1; }}",
                    step.command, step.status, step.status
                )
                .unwrap();
            }
        }
    }
    script.push_str("pwd > \"$STATE/cwd\"\n");
    script
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
/// with `target/release/` holding links to the binaries and libraries under test.
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
        std::os::unix::fs::symlink(&from, release.join(name)).unwrap();
    }
}

#[test]
fn every_readme_example_runs_as_written_in_order() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let export = export_line(&readme);
    let scratch = work_dir();
    let clone = scratch.path().join("duel");
    fresh_clone(&clone);
    let state = scratch.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::write(state.join("tool"), TOOL).unwrap();
    std::fs::write(state.join("cwd"), clone.to_str().unwrap()).unwrap();

    let debug = !cargo_bin("duel").parent().unwrap().ends_with("release");
    let mut failures = Vec::new();
    let mut ran = 0;
    for block in blocks(&readme) {
        let steps = steps(&block);
        if steps.is_empty() {
            continue;
        }
        ran += 1;
        let started = std::time::Instant::now();
        let output = Command::new("timeout")
            .args(["120", "bash", "-c", &script(&steps, &export)])
            .current_dir(&clone)
            .env("STATE", &state)
            .env_remove("DUEL_ISOLATION")
            .env("DEBUG_BUILD", if debug { "1" } else { "" })
            .stdin(std::process::Stdio::null())
            .output()
            .expect("bash runs");
        eprintln!(
            "README.md:{}: {} in {:.1} s",
            block.fence,
            output.status,
            started.elapsed().as_secs_f64()
        );
        if !output.status.success() {
            failures.push(format!(
                "the block at README.md:{} failed ({}):\n--- stdout\n{}--- stderr\n{}",
                block.fence,
                output.status,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    let stand_ins = std::fs::read_to_string(state.join("stand-ins")).unwrap_or_default();
    eprintln!("stood in for (see the module comment):\n{stand_ins}");
    assert!(ran >= 10, "only {ran} blocks found in README.md");
    assert!(
        failures.is_empty(),
        "{} of {ran} README blocks failed:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Runs the script of a made-up README in a scratch directory; returns its status and stderr.
fn run_made_up(markdown: &str) -> (bool, String) {
    let scratch = work_dir();
    let state = scratch.path().join("state");
    std::fs::create_dir(&state).unwrap();
    std::fs::write(state.join("cwd"), scratch.path().to_str().unwrap()).unwrap();
    let mut ok = true;
    let mut stderr = String::new();
    for block in blocks(markdown) {
        let output = Command::new("timeout")
            .args(["60", "bash", "-c", &script(&steps(&block), "true")])
            .current_dir(scratch.path())
            .env("STATE", &state)
            .stdin(std::process::Stdio::null())
            .output()
            .expect("bash runs");
        ok &= output.status.success();
        stderr.push_str(&String::from_utf8_lossy(&output.stderr));
    }
    (ok, stderr)
}

#[test]
fn a_failing_command_is_reported_by_its_readme_line() {
    let markdown =
        "# t\n\n```sh\ntrue\nfalse   # fails\ntrue\n```\n\n```sh\nfalse   # (exit 1)\n```\n";
    let (ok, stderr) = run_made_up(markdown);
    assert!(!ok);
    assert_eq!(
        stderr.lines().collect::<Vec<_>>(),
        ["README.md:5: exit status 1, not 0"]
    );
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
