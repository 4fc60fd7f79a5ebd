#!/usr/bin/env bash
# Real CMS judges the conformance corpus: CMS 1.5.1 and its sandbox isolate 1.10.1, built from
# the released sources in ../shared/vendor/ (relative to the checkout's root), import the CMS
# tasks `duel export cms` writes (cut down to the corpus's chosen tests) with
# `cmsImportTask -L italy_yaml`; a contest, a user and every program of conformance/ as a
# submission are added; two Workers, EvaluationService and ScoringService evaluate them; each
# test's outcome is read from CMS's database and compared with conformance/corpus.toml by
# conformance/systems.py (exit status 1 on any disagreement, with a table).
#
#     .ci/cms.sh [DUEL]        # DUEL: the duel to export with (default: target/debug/duel)
#
# Runs as root on Debian 12. What it builds is kept in $DUEL_CMS_HOME (default /opt/duel-cms)
# and reused by the next run while the vendor tarballs are the same; everything else (a private
# PostgreSQL cluster on 127.0.0.1, CMS's services, its data and logs) lives in a temporary
# directory removed at the end, every process started here stopped.
#
# isolate's --cg needs cgroup v1 here: the memory, cpuacct and cpuset hierarchies mounted under
# /sys/fs/cgroup/<controller> (as on this kind of machine, whose v2 mount has no memory
# controller). isolate 1.10.1 finds them through cg_root, a directory of links made below: the
# memory link points at this process's own memory cgroup, the others at their roots. On a
# machine with cgroup v2 only (a unified hierarchy with the memory controller), isolate 1.10.1
# cannot run with --cg: such a machine needs isolate 2.x (its cgroup v2 support, with a
# delegated subtree such as systemd's isolate.service gives it, or `cg_root` pointing at a
# writable v2 group whose cgroup.subtree_control enables memory and cpu) and CMS's
# `use_cgroups` kept true; this script refuses to start there, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
duel="$(realpath "${1:-${CARGO_TARGET_DIR:-$root/target}/debug/duel}")"
vendor="${DUEL_VENDOR:-$root/../shared/vendor}"
home="${DUEL_CMS_HOME:-/opt/duel-cms}"
step_start=$SECONDS
step() {
    echo "cms: $* ($((SECONDS - step_start)) s so far)"
}

[ "$(id -u)" = 0 ] || { echo "cms: must run as root (isolate is setuid root)" >&2; exit 2; }
[ -x "$duel" ] || { echo "cms: no duel at $duel (cargo build -p duel-cli)" >&2; exit 2; }
for tarball in cms-1.5.1.tar.gz isolate-1.10.1.tar.gz; do
    [ -f "$vendor/$tarball" ] || { echo "cms: $vendor/$tarball is missing" >&2; exit 2; }
done
for controller in memory cpuacct cpuset; do
    [ -f "/sys/fs/cgroup/$controller/cgroup.procs" ] || {
        echo "cms: no cgroup v1 $controller hierarchy at /sys/fs/cgroup/$controller:" \
            "isolate 1.10.1 needs cgroup v1 (see the head of .ci/cms.sh for cgroup v2)" >&2
        exit 2
    }
done

# --- Debian's packages (only those missing) ---
packages=(postgresql libpq-dev libyaml-dev libffi-dev libcups2-dev python3-dev python3-venv
    libcap-dev gcc g++ fp-compiler make)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
step "packages ready"

# --- isolate and CMS, built once into $home (a stamp names the tarballs they came from) ---
stamp="$(cd "$vendor" && sha256sum cms-1.5.1.tar.gz isolate-1.10.1.tar.gz | sha256sum | cut -c1-16)"
if [ ! -f "$home/built-$stamp" ]; then
    rm -rf "$home"
    mkdir -p "$home/src" "$home/isolate" "$home/boxes" "$home/cg"
    chmod 755 "$home" "$home/boxes"
    tar -xzf "$vendor/isolate-1.10.1.tar.gz" -C "$home/src"
    tar -xzf "$vendor/cms-1.5.1.tar.gz" -C "$home/src"
    # isolate's configuration: boxes below $home (root's alone, as isolate wants), the
    # cgroups through $home/cg (its links are made at every run), box users from 60000.
    cat >"$home/isolate.cf" <<EOF
box_root = $home/boxes
cg_root = $home/cg
first_uid = 60000
first_gid = 60000
num_boxes = 100
EOF
    make -s -C "$home/src/isolate-1.10.1" isolate CONFIG="$home/isolate.cf" >/dev/null
    install -m 4755 -o root "$home/src/isolate-1.10.1/isolate" "$home/isolate/isolate"
    # CMS in a virtual environment of Debian's Python; setuptools<70 keeps pkg_resources,
    # which cmsInitDB needs.
    /usr/bin/python3 -m venv "$home/venv"
    "$home/venv/bin/pip" install -q --upgrade pip 'setuptools<70' wheel
    "$home/venv/bin/pip" install -q -r "$home/src/cms-1.5.1/requirements.txt"
    "$home/venv/bin/pip" install -q --no-build-isolation "$home/src/cms-1.5.1"
    touch "$home/built-$stamp"
    step "isolate 1.10.1 and CMS 1.5.1 built into $home"
else
    step "isolate 1.10.1 and CMS 1.5.1 reused from $home"
fi

# --- This run: a temporary directory, removed (and every process stopped) at the end ---
run="$(mktemp -d /var/tmp/duel-cms.XXXXXX)"
chmod 755 "$run"
pids=()
pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
cleanup() {
    set +e
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null
    done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null
    done
    if [ -f "$run/pg/postmaster.pid" ]; then
        su postgres -s /bin/sh -c "'$pg_bin/pg_ctl' -D '$run/pg' -m immediate stop" >/dev/null
    fi
    for box in $(seq 0 99); do
        [ -d "$home/boxes/$box" ] && "$home/isolate/isolate" --cg --box-id="$box" --cleanup \
            >/dev/null 2>&1
    done
    rm -rf "$run"
}
trap cleanup EXIT

# isolate's cgroups: the memory controller through this process's own memory cgroup (it may
# be all this process can write), cpuacct and cpuset through their roots.
memory_cgroup="$(awk -F: '$2 == "memory" { print $3 }' /proc/self/cgroup)"
ln -sfn "/sys/fs/cgroup/memory${memory_cgroup%/}" "$home/cg/memory"
ln -sfn /sys/fs/cgroup/cpuacct "$home/cg/cpuacct"
ln -sfn /sys/fs/cgroup/cpuset "$home/cg/cpuset"

# A private PostgreSQL cluster on 127.0.0.1, on a port no one listens on.
port=$((20000 + RANDOM % 20000))
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
mkdir -p "$run/pg" "$run/socket"
chown postgres "$run/pg" "$run/socket"
su postgres -s /bin/sh -c "'$pg_bin/initdb' -D '$run/pg' -A trust -U postgres" >/dev/null
su postgres -s /bin/sh -c "'$pg_bin/pg_ctl' -D '$run/pg' -l '$run/pg/log' -w \
    -o \"-p $port -k $run/socket -c listen_addresses=127.0.0.1\" start" >/dev/null
psql() { su postgres -s /bin/sh -c "psql -h 127.0.0.1 -p $port -q -v ON_ERROR_STOP=1 $*"; }
psql "-c \"CREATE USER cmsuser WITH PASSWORD 'cmsuser'\""
psql "-c \"CREATE DATABASE cmsdb OWNER cmsuser\""
step "PostgreSQL on 127.0.0.1:$port"

# CMS's configuration: the sample's, with this run's database, directories and ports.
export CMS_CONFIG="$run/cms.conf"
"$home/venv/bin/python" "$root/.ci/cms/configure.py" \
    "$home/src/cms-1.5.1/config/cms.conf.sample" "$CMS_CONFIG" "$run" "$port"
mkdir -p "$run/log" "$run/cache" "$run/lib" "$run/run" "$run/tmp"
cd "$home"  # CMS finds isolate in ./isolate/isolate
"$home/venv/bin/cmsInitDB" >/dev/null 2>&1

# The tasks, cut down to the corpus's chosen tests, imported with the italy_yaml loader.
"$duel" export cms "$run/tasks" >/dev/null
"$home/venv/bin/python" "$root/.ci/cms/corpus.py" contest "$run/contest-id" 2>/dev/null
contest="$(cat "$run/contest-id")"
for task in ioiwari mis; do
    "$home/venv/bin/python" "$root/.ci/cms/corpus.py" cut "$run/tasks/$task" "$task"
    "$home/venv/bin/cmsImportTask" -L italy_yaml -c "$contest" "$run/tasks/$task" \
        >"$run/log/import-$task.txt" 2>&1 || { cat "$run/log/import-$task.txt"; exit 1; }
done
"$home/venv/bin/cmsAddUser" -p conformance Conformance Corpus corpus >/dev/null 2>&1
"$home/venv/bin/cmsAddParticipation" -c "$contest" corpus >/dev/null 2>&1
"$home/venv/bin/python" "$root/.ci/cms/corpus.py" submit "$contest" corpus
step "contest $contest: both tasks imported, every program submitted"

# The services that evaluate: LogService, two Workers, EvaluationService, ScoringService.
start() {
    "$home/venv/bin/$1" "${@:2}" >"$run/log/$1-${*: -1}.txt" 2>&1 &
    pids+=($!)
}
start cmsLogService 0
start cmsWorker 0
start cmsWorker 1
sleep 2
start cmsScoringService -c "$contest" 0
start cmsEvaluationService -c "$contest" 0
step "services started"
"$home/venv/bin/python" "$root/.ci/cms/corpus.py" wait "$contest" "$run/readings.json" ||
    { tail -n 40 "$run"/log/cms*.txt; exit 1; }
step "every submission evaluated"
python3 "$root/conformance/systems.py" --compare cms "$run/readings.json"
