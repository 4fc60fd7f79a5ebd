//! Confinement under bubblewrap: what the program sees there (its [`View`]) and the command
//! line that makes it; and the path helpers the view and the box users' checks share (which
//! files a command names, whether other users reach a file).

use super::command::find_in_path;
use super::environment::find_program;
use super::walk::walk;
use std::ffi::OsString;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

/// The size of the private `/tmp` under bubblewrap.
pub const SANDBOX_TMP_BYTES: u64 = 64 << 20;

/// The system's directories every program sees under bubblewrap (those that exist), read-only;
/// where one is a symbolic link (a merged `/usr`), the link is made again.
const SYSTEM_DIRS: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];

/// What of `/etc` every program sees under bubblewrap (what exists of it): the dynamic
/// linker's configuration, the `alternatives` links of `/usr/bin`, the user and group names
/// and the time zone.
const SYSTEM_ETC: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/passwd",
    "/etc/group",
    "/etc/nsswitch.conf",
    "/etc/localtime",
];

/// The longest `#!` line read from a script the command names.
const MAX_SHEBANG_BYTES: u64 = 256;

/// `argv` run under bubblewrap in `working_dir`, showing `view` (the view of `argv`, with what
/// the judge adds; the rule is [`Sandbox::Bwrap`](super::Sandbox::Bwrap)'s), as a user of its
/// own changed as `user` says, and with the system-call filter bubblewrap reads from the
/// descriptor `filter` (see [`seccomp`](super::seccomp)), which then keeps it off the network
/// in place of a network namespace.
pub(crate) fn bwrap_argv(
    argv: Vec<OsString>,
    working_dir: &Path,
    view: &View,
    user: Option<UserChange>,
    filter: Option<i32>,
) -> Vec<OsString> {
    let mut wrapped: Vec<OsString> = vec![bwrap_program()];
    let size = SANDBOX_TMP_BYTES.to_string();
    let mut push = |words: &[&str]| wrapped.extend(words.iter().map(OsString::from));
    if let Some(fd) = filter {
        push(&["--seccomp", &fd.to_string()]);
    } else {
        push(&["--unshare-net"]);
    }
    // Not `--as-pid-1`: a program that is its namespace's init does not get the signals it
    // sends itself (`abort` would end in SIGSEGV). bubblewrap's own init is left a zombie
    // when the sandbox ends, which the judge, its subreaper, reaps.
    push(&[
        "--unshare-pid",
        "--unshare-ipc",
        "--die-with-parent",
        "--new-session",
    ]);
    wrapped.extend(system_options().iter().cloned());
    let mut push = |words: &[&str]| wrapped.extend(words.iter().map(OsString::from));
    push(&["--dev", "/dev", "--proc", "/proc"]);
    // bubblewrap's `/dev` has a devpts instance without a limit of its own: its terminals
    // come from the pool every instance but the machine's first shares (a container's
    // terminals, other runs'), which a program could exhaust. An empty, read-only tmpfs hides
    // it: `/dev/ptmx` (a link to `pts/ptmx`) leads nowhere, and no program needs a terminal.
    push(&["--perms", "0555", "--size", "4096", "--tmpfs", "/dev/pts"]);
    push(&["--perms", "1777", "--size", &size, "--tmpfs", "/tmp"]);
    // bwrap would make the directories on the way to a bound path with the modes of the
    // real ones (root's home: root only), so a user of its own could not reach what is
    // bound there: they are made first, open to all, and hold only what is bound.
    for dir in view.dirs_to_make(working_dir) {
        wrapped.extend(["--dir".into(), dir.into()]);
    }
    for (at, target) in &view.links {
        wrapped.extend(["--symlink".into(), target.into(), at.into()]);
    }
    for path in &view.read_only {
        wrapped.extend(["--ro-bind".into(), path.into(), path.into()]);
    }
    for path in &view.writable {
        wrapped.extend(["--bind".into(), path.into(), path.into()]);
    }
    wrapped.extend(["--remount-ro".into(), "/".into()]);
    wrapped.extend(["--remount-ro".into(), "/dev/pts".into()]);
    if let Some(UserChange::BeforeBwrap(id)) = user {
        let id = id.to_string();
        let mut push = |words: &[&str]| wrapped.extend(words.iter().map(OsString::from));
        push(&[
            "--unshare-user",
            "--disable-userns",
            "--uid",
            &id,
            "--gid",
            &id,
        ]);
    }
    if !matches!(user, Some(UserChange::WithSetpriv(_))) {
        wrapped.extend(["--cap-drop".into(), "ALL".into()]);
    }
    wrapped.push("--chdir".into());
    wrapped.push(working_dir.into());
    wrapped.push("--".into());
    if let Some(UserChange::WithSetpriv(id)) = user {
        let id = id.to_string();
        for word in [
            "setpriv",
            "--reuid",
            &id,
            "--regid",
            &id,
            "--clear-groups",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--no-new-privs",
            "--",
        ] {
            wrapped.push(word.into());
        }
    }
    wrapped.extend(argv);
    wrapped
}

/// How a program under bubblewrap becomes a user of its own (uid = gid = the number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UserChange {
    /// The runner changes user before it starts bubblewrap, which then runs unprivileged and
    /// maps that user into a user namespace of its own (`--unshare-user`), where it disables
    /// further user namespaces (`--disable-userns`) and drops every capability. Needs
    /// unprivileged user namespaces and bubblewrap 0.8 (the launcher tries it once).
    BeforeBwrap(u32),
    /// bubblewrap starts as root, keeps its capabilities for `setpriv` to drop them with the
    /// change of user, just before the program starts: one exec more, for machines without
    /// unprivileged user namespaces.
    WithSetpriv(u32),
}

/// The bubblewrap program: the path `$PATH` finds (looked up once, so each run does not search
/// `$PATH` again), else the bare name.
fn bwrap_program() -> OsString {
    static PROGRAM: OnceLock<OsString> = OnceLock::new();
    PROGRAM
        .get_or_init(|| find_in_path("bwrap".as_ref()).map_or_else(|| "bwrap".into(), Into::into))
        .clone()
}

/// What a program sees under bubblewrap beyond the system, `/dev`, `/proc` and its private
/// `/tmp` (the rule is [`Sandbox::Bwrap`](super::Sandbox::Bwrap)'s): paths bound at their own place, none inside
/// another.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct View {
    /// Bound read-only: what the command names, the installations of the programs it runs
    /// from `$PATH`, and what the judge adds (a module host and its module).
    pub read_only: Vec<PathBuf>,
    /// Bound writable (a compiler's build directory).
    pub writable: Vec<PathBuf>,
    /// The real directories the named paths pass on their way (`/a/b` of `/a/b/../c/p.sh`),
    /// made in the sandbox so that the kernel walks the path there as it does outside.
    pub passed: Vec<PathBuf>,
    /// The links the named paths follow, made again in the sandbox (where, what they say).
    pub links: Vec<(PathBuf, PathBuf)>,
}

impl View {
    /// The view of a run of `argv` in `working_dir`, with `visible` and `writable` paths
    /// added (those that exist).
    pub(crate) fn of(
        argv: &[OsString],
        working_dir: &Path,
        visible: &[PathBuf],
        writable: &[PathBuf],
    ) -> View {
        let mut wanted: Vec<PathBuf> = Vec::new();
        let mut passed: Vec<PathBuf> = Vec::new();
        let mut links: Vec<(PathBuf, PathBuf)> = Vec::new();
        for path in named_paths(argv, working_dir) {
            // Bound where it really is; the way there made as it is outside.
            let path = match walk(&path, working_dir) {
                Ok(walked) => {
                    passed.extend(walked.dirs);
                    links.extend(walked.links.into_iter().map(|link| (link.at, link.target)));
                    walked.end
                }
                Err(_) => path,
            };
            wanted.extend(script_interpreter(&path));
            wanted.push(path);
        }
        for program in path_programs(argv) {
            wanted.extend(installation(&program));
        }
        wanted.extend(visible.iter().filter(|path| path.exists()).cloned());
        let writable = tidy(
            writable
                .iter()
                .filter(|path| path.is_dir())
                .cloned()
                .collect(),
            &[],
        );
        let read_only = tidy(wanted, &writable);
        let mut view = View {
            read_only,
            writable,
            passed: Vec::new(),
            links: Vec::new(),
        };
        // What the system or a bound path already shows is not made again.
        let free = |path: &Path, view: &View| {
            !shown_by_system(path)
                && path != Path::new("/")
                && path != Path::new("/tmp")
                && view.root_of(path).is_none()
        };
        passed.retain(|dir| free(dir, &view));
        links.retain(|(at, _)| free(at, &view));
        passed.dedup();
        links.dedup();
        view.passed = passed;
        view.links = links;
        view
    }

    /// Whether a user of its own reaches every bound path through the real directories on
    /// the way, as bubblewrap started as that user must.
    pub(crate) fn reachable_by_others(&self) -> bool {
        self.read_only
            .iter()
            .chain(&self.writable)
            .all(|path| reachable(path, path.is_dir(), Path::new("/")))
    }

    /// The bound path that holds `path`, if any.
    pub(crate) fn root_of(&self, path: &Path) -> Option<&Path> {
        let path = normal(path);
        self.read_only
            .iter()
            .chain(&self.writable)
            .find(|bound| path.starts_with(bound))
            .map(PathBuf::as_path)
    }

    /// The directories made in the sandbox before the binds: those on the way to a bound
    /// path, and the working directory, unless something already shows them.
    fn dirs_to_make(&self, working_dir: &Path) -> Vec<PathBuf> {
        let shown = |dir: &Path| {
            dir == Path::new("/")
                || dir == Path::new("/tmp")
                || shown_by_system(dir)
                || self.root_of(dir).is_some()
        };
        let parents = self
            .read_only
            .iter()
            .chain(&self.writable)
            .filter_map(|path| path.parent())
            .map(Path::to_path_buf);
        let link_parents = self
            .links
            .iter()
            .filter_map(|(at, _)| at.parent())
            .map(Path::to_path_buf);
        let mut dirs: Vec<PathBuf> = Vec::new();
        let wanted = parents
            .chain(link_parents)
            .chain(self.passed.iter().cloned())
            .chain([normal(working_dir)]);
        for dir in wanted {
            // With every directory above it, so that each is made open to all.
            let mut above: Vec<PathBuf> = dir
                .ancestors()
                .filter(|dir| !shown(dir))
                .map(Path::to_path_buf)
                .collect();
            above.reverse();
            for dir in above {
                if !dirs.contains(&dir) {
                    dirs.push(dir);
                }
            }
        }
        dirs
    }
}

/// Whether a named file at `path` (where it really is) can be shown under bubblewrap: not a
/// regular file in `/dev`, where bubblewrap makes a fresh one (`/dev/shm` empty); its
/// directories and devices, and the fresh `/proc`'s files, are there.
pub(crate) fn can_be_shown(path: &Path) -> bool {
    !(normal(path).starts_with("/dev")
        && std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_file()))
}

/// Whether every program sees `path` under bubblewrap anyway: the system's directories and
/// files, `/dev` and `/proc`.
fn shown_by_system(path: &Path) -> bool {
    SYSTEM_DIRS
        .iter()
        .chain(SYSTEM_ETC)
        .chain(&["/dev", "/proc"])
        .any(|shown| path.starts_with(shown))
}

/// Absolute paths worth binding, made plain (no `.` or `..`), without what the system shows,
/// `/` and `/tmp` (which the sandbox makes its own), and without paths inside another kept
/// one or inside one of `covered`; shorter paths first.
fn tidy(paths: Vec<PathBuf>, covered: &[PathBuf]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = paths
        .iter()
        .map(|path| normal(path))
        .filter(|path| {
            path.is_absolute()
                && !shown_by_system(path)
                && path != Path::new("/")
                && path != Path::new("/tmp")
        })
        .collect();
    paths.sort_by_key(|path| path.components().count());
    let mut kept: Vec<PathBuf> = Vec::new();
    for path in paths {
        if !kept
            .iter()
            .chain(covered)
            .any(|outer| path.starts_with(outer))
        {
            kept.push(path);
        }
    }
    kept
}

/// `path` with its `.` and `..` components resolved as words (the sandbox makes its own
/// directories, so the real links on the way do not matter).
fn normal(path: &Path) -> PathBuf {
    let mut plain = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                plain.pop();
            }
            other => plain.push(other),
        }
    }
    plain
}

/// The installation a program found in `$PATH` belongs to, when it is not the system's: the
/// directory above its `$PATH` entry (`~/.cargo` for `~/.cargo/bin/rustc`), or the entry
/// itself when above it is `/` or the home directory; the same for the file a link leads to.
fn installation(program: &Path) -> Vec<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let mut found: Vec<PathBuf> = Vec::new();
    let canonical = program.canonicalize().ok();
    for path in std::iter::once(program.to_path_buf()).chain(canonical) {
        let Some(entry) = path.parent() else {
            continue;
        };
        if shown_by_system(entry) {
            continue;
        }
        let above = entry
            .parent()
            .filter(|dir| *dir != Path::new("/") && Some(*dir) != home.as_deref());
        let dir = above.unwrap_or(entry).to_path_buf();
        if !found.contains(&dir) {
            found.push(dir);
        }
    }
    found
}

/// What a script's `#!` line needs: its interpreter and, for `#!/usr/bin/env NAME`, the
/// installation of `NAME` in `$PATH`. Only regular files are read, at most
/// [`MAX_SHEBANG_BYTES`] of them.
fn script_interpreter(path: &Path) -> Vec<PathBuf> {
    if !std::fs::metadata(path).is_ok_and(|meta| meta.is_file()) {
        return Vec::new();
    }
    let mut head = Vec::new();
    let read = std::fs::File::open(path)
        .and_then(|file| file.take(MAX_SHEBANG_BYTES).read_to_end(&mut head));
    let Some(line) = head.strip_prefix(b"#!").filter(|_| read.is_ok()) else {
        return Vec::new();
    };
    let line = line.split(|&byte| byte == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_whitespace();
    let Some(interpreter) = words.next() else {
        return Vec::new();
    };
    let mut found = vec![PathBuf::from(interpreter)];
    if Path::new(interpreter).file_name() == Some("env".as_ref()) {
        let program = words.find(|word| !word.starts_with('-') && !word.contains('='));
        if let Some(program) = program.and_then(|name| find_in_path(name.as_ref())) {
            found.extend(installation(&program));
        }
    }
    found
}

/// What the stderr of a program that failed under bubblewrap says when it looked for a file
/// that is not there.
const MISSING_FILE_MARKERS: &[&str] =
    &["No such file or directory", "No module named", "not found"];

/// The words added to the reason of a program that failed under bubblewrap after looking for
/// a file (its last words on stderr say so): the file may exist outside what it sees.
pub(crate) fn missing_file_hint(stderr_tail: &str) -> Option<&'static str> {
    MISSING_FILE_MARKERS
        .iter()
        .any(|marker| stderr_tail.contains(marker))
        .then_some(
            " (under bubblewrap a program sees only the system and the files its command names)",
        )
}

/// The options that show the system (see [`SYSTEM_DIRS`] and [`SYSTEM_ETC`]), computed once.
fn system_options() -> &'static [OsString] {
    static OPTIONS: OnceLock<Vec<OsString>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options: Vec<OsString> = Vec::new();
        for dir in SYSTEM_DIRS {
            match std::fs::read_link(dir) {
                Ok(target) => options.extend(["--symlink".into(), target.into(), dir.into()]),
                Err(_) if Path::new(dir).is_dir() => {
                    options.extend(["--ro-bind".into(), dir.into(), dir.into()]);
                }
                Err(_) => {}
            }
        }
        // Made first, open to all: bubblewrap started as root would make it for the binds
        // below as root's alone, and a user of its own changed by setpriv could then follow
        // no link of /etc/alternatives (`cc`).
        options.extend(["--dir".into(), "/etc".into()]);
        for file in SYSTEM_ETC {
            if Path::new(file).exists() {
                options.extend(["--ro-bind".into(), file.into(), file.into()]);
            }
        }
        options
    })
}

/// The first file the command needs that a user of its own could not reach: the files its
/// words name, the programs they name that are found in `$PATH` (an interpreter installed
/// under root's home, say), and `visible`, each readable or executable by others (searchable,
/// for a directory).
///
/// Run directly, every directory on the way must be searchable by others, the working
/// directory included. Under bubblewrap the sandbox makes the directories on the way to what
/// it binds itself, open to all (see [`Sandbox::Bwrap`](super::Sandbox::Bwrap)): only the
/// directories inside a bound one count, and the working directory is the sandbox's own.
pub(crate) fn unreachable_path(
    argv: &[OsString],
    working_dir: &Path,
    visible: &[PathBuf],
    bwrap: bool,
) -> Option<PathBuf> {
    let mut needed = named_paths(argv, working_dir);
    needed.extend(path_programs(argv));
    needed.extend(visible.iter().filter(|path| path.exists()).cloned());
    if !bwrap {
        if !reachable(working_dir, true, Path::new("/")) {
            return Some(working_dir.to_path_buf());
        }
        return needed
            .into_iter()
            .find(|path| !reachable(path, path.is_dir(), Path::new("/")));
    }
    let view = View::of(argv, working_dir, visible, &[]);
    needed.extend(view.read_only.iter().cloned());
    needed.into_iter().find(|path| match view.root_of(path) {
        Some(root) => !reachable(path, path.is_dir(), root),
        // What the system shows.
        None => false,
    })
}

/// Existing files and directories that words of the command name, as absolute paths (shell
/// command lines are split into words as the shell splits them; relative words are taken from
/// the working directory).
pub(crate) fn named_paths(argv: &[OsString], working_dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = Vec::new();
    for word in command_words(argv) {
        let word = word.as_str();
        if word.is_empty() || word.starts_with('-') {
            continue;
        }
        let path = working_dir.join(word);
        // `sh`, `python3`: programs from $PATH, not files of the submission.
        if !word.contains('/') && !path.is_file() {
            continue;
        }
        if path.exists() && !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// The programs that plain words of the command (no `/`) name in `$PATH`.
pub(crate) fn path_programs(argv: &[OsString]) -> Vec<PathBuf> {
    let mut programs: Vec<PathBuf> = Vec::new();
    for word in command_words(argv) {
        let word = word.as_str();
        if word.is_empty() || word.contains('/') || word.starts_with('-') {
            continue;
        }
        if let Some(program) = find_program(word.as_ref()) {
            if !programs.contains(&program) {
                programs.push(program);
            }
        }
    }
    programs
}

/// The words of a command: its arguments split on whitespace, quotes and `;` trimmed (so a
/// shell command line gives its words, and a script quoted inside it, as in `sh -c './p x'`,
/// its words too); besides, the words as the shell splits them (so `python3 '/my dir/p.py'`
/// names `/my dir/p.py`), and an argument holding whitespace whole (a path with spaces).
fn command_words(argv: &[OsString]) -> Vec<String> {
    let mut words = Vec::new();
    for arg in argv.iter().filter_map(|arg| arg.to_str()) {
        let trim = |word: &str| {
            word.trim_matches(|c| c == '\'' || c == '"' || c == ';')
                .to_owned()
        };
        words.extend(arg.split_whitespace().map(trim));
        if arg.contains(char::is_whitespace) {
            // As the shell splits it (shlex; a line with an unterminated quote, which the
            // shell refuses, gives no words).
            let whole = shlex::split(arg)
                .unwrap_or_default()
                .into_iter()
                .filter(|word| word.contains(char::is_whitespace));
            words.extend(whole.map(|word| trim(&word)));
            words.push(arg.to_owned());
        }
    }
    words
}

/// Whether others may reach `path`: it is readable or executable by others (searchable, for
/// a directory), and so is every directory on its way below `top` (`/` for all of them).
pub(crate) fn reachable(path: &Path, is_dir: bool, top: &Path) -> bool {
    let Ok(path) = path.canonicalize() else {
        return false;
    };
    let top = top.canonicalize().unwrap_or_else(|_| top.to_path_buf());
    let others = |path: &Path, bits: u32| {
        std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & bits != 0)
    };
    let ancestors_searchable = path
        .ancestors()
        .skip(1)
        .take_while(|dir| dir.starts_with(&top) && *dir != top)
        .all(|dir| others(dir, 0o001));
    let top_searchable = path == top || !path.starts_with(&top) || others(&top, 0o001);
    ancestors_searchable && top_searchable && others(&path, if is_dir { 0o001 } else { 0o005 })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn binds(argv: &[OsString], option: &str) -> Vec<PathBuf> {
        argv.windows(3)
            .filter(|w| w[0] == option && !shown_by_system(Path::new(&w[1])))
            .map(|w| PathBuf::from(&w[1]))
            .collect()
    }

    #[test]
    fn only_the_files_the_command_names_are_bound_not_their_neighbours() {
        let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
        let program = dir.path().join("a.out");
        std::fs::write(&program, "").unwrap();
        std::fs::write(dir.path().join("sibling.c"), "").unwrap();
        let argv: Vec<OsString> = vec![
            "sh".into(),
            "-c".into(),
            "exec ./a.out /tmp/no-such-file /usr/bin /dev/null".into(),
        ];
        let view = View::of(&argv, dir.path(), &[], &[]);
        assert_eq!(view.read_only, std::slice::from_ref(&program));
        assert_eq!(view.dirs_to_make(dir.path()), [dir.path().to_path_buf()]);
        let wrapped = bwrap_argv(argv, dir.path(), &view, None, None);
        assert_eq!(binds(&wrapped, "--ro-bind"), [program]);
        assert!(!wrapped
            .iter()
            .any(|word| word == "/root" || word == "/work"));
    }

    #[test]
    fn nested_system_and_root_paths_are_not_bound_twice() {
        let kept = tidy(
            vec![
                "/opt/x/lib/y.so".into(),
                "/opt/x".into(),
                "/usr/bin/python3".into(),
                "/".into(),
                "/tmp".into(),
                "/tmp/b/./c/../d".into(),
                "relative".into(),
            ],
            &["/tmp/b/e".into()],
        );
        assert_eq!(kept, [PathBuf::from("/opt/x"), PathBuf::from("/tmp/b/d")]);
    }

    #[test]
    fn a_program_from_path_brings_its_installation() {
        assert_eq!(
            installation(Path::new("/opt/tool/bin/tool")),
            [PathBuf::from("/opt/tool")]
        );
        assert_eq!(
            installation(Path::new("/tools/tool")),
            [PathBuf::from("/tools")]
        );
        assert!(installation(Path::new("/usr/local/bin/tool")).is_empty());
        if let Some(home) = std::env::var_os("HOME").map(PathBuf::from) {
            let bin = home.join("bin");
            assert_eq!(installation(&bin.join("tool")), [bin]);
        }
    }

    #[test]
    fn a_named_script_brings_its_interpreter() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("p.py");
        std::fs::write(&script, "#!/opt/python/bin/python3 -u\nprint(1)\n").unwrap();
        assert_eq!(
            script_interpreter(&script),
            [PathBuf::from("/opt/python/bin/python3")]
        );
        std::fs::write(&script, "#!/usr/bin/env -S sh\n").unwrap();
        let sh = script_interpreter(&script);
        assert_eq!(sh[0], PathBuf::from("/usr/bin/env"), "{sh:?}");
        std::fs::write(&script, "print(1)\n").unwrap();
        assert!(script_interpreter(&script).is_empty());
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        assert!(script_interpreter(dir.path()).is_empty(), "a directory");
    }

    #[test]
    fn a_missing_file_gets_a_word_on_the_sandbox() {
        let hint = missing_file_hint(
            "python3: can't open file '/w/p.py': [Errno 2] No such file or directory",
        );
        assert!(hint.is_some_and(|hint| hint.contains("files its command names")));
        assert_eq!(missing_file_hint("Segmentation fault"), None);
    }

    #[test]
    fn a_writable_directory_is_bound_writable_and_covers_what_it_holds() {
        let dir = tempfile::Builder::new().tempdir_in("/tmp").unwrap();
        let source = dir.path().join("player.c");
        std::fs::write(&source, "").unwrap();
        let argv: Vec<OsString> = vec!["gcc".into(), source.clone().into()];
        let writable = [dir.path().to_path_buf()];
        let view = View::of(&argv, dir.path(), &[], &writable);
        assert_eq!(view.writable, writable);
        assert!(view.read_only.is_empty(), "{view:?}");
        assert!(view.dirs_to_make(dir.path()).is_empty());
        let wrapped = bwrap_argv(argv, dir.path(), &view, None, None);
        assert_eq!(binds(&wrapped, "--bind"), writable);
    }

    #[test]
    fn a_command_line_is_split_as_the_shell_splits_it() {
        let words = command_words(&[r#"python3 '/a dir/p.py' "b \$c" f\ g"#.into()]);
        for whole in ["/a dir/p.py", "b $c", "f g"] {
            assert!(words.iter().any(|word| word == whole), "{whole}: {words:?}");
        }
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("a dir é").join("p.py");
        std::fs::create_dir(script.parent().unwrap()).unwrap();
        std::fs::write(&script, "").unwrap();
        for argv in [
            vec![
                "sh".into(),
                "-c".into(),
                "exec python3 'a dir é/p.py'".into(),
            ],
            vec!["python3".into(), script.clone().into_os_string()],
        ] {
            assert_eq!(
                named_paths(&argv, dir.path()),
                std::slice::from_ref(&script)
            );
        }
    }

    #[test]
    fn private_directories_are_not_reachable_by_others() {
        let dir = tempfile::tempdir().unwrap();
        let program = dir.path().join("a.out");
        std::fs::write(&program, "").unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let argv: Vec<OsString> = vec!["sh".into(), "-c".into(), "exec ./a.out x".into()];
        assert_eq!(
            unreachable_path(&argv, Path::new("/"), &[], false),
            None,
            "no file named"
        );
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], false),
            Some(dir.path().to_path_buf())
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert_eq!(unreachable_path(&argv, dir.path(), &[], false), None);
        assert_eq!(
            named_paths(&argv, dir.path()),
            std::slice::from_ref(&program)
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        // Under bubblewrap the directories on the way are the sandbox's, open to all: only the
        // bound file's own permissions count.
        assert_eq!(unreachable_path(&argv, dir.path(), &[], true), None);
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], true),
            Some(program.clone())
        );
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).unwrap();
        assert_eq!(
            unreachable_path(&argv, dir.path(), &[], false),
            Some(program)
        );
    }
}
