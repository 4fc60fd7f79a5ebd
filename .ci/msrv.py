#!/usr/bin/env python3
"""Checks the workspace's rust-version against the lockfile.

Reads `cargo metadata` (the locked dependency graph, every platform's packages included)
and fails when a package declares a rust-version above the workspace's, naming each one.
With --print, prints the workspace's rust-version in full (1.88.0) instead (for `cargo +VERSION check`).
"""
import json
import subprocess
import sys


def parse(version):
    """'1.88' or '1.88.0' as a comparable (major, minor, patch)."""
    parts = [int(part) for part in version.split(".")]
    return tuple(parts + [0] * (3 - len(parts)))


def main():
    metadata = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    members = set(metadata["workspace_members"])
    packages = metadata["packages"]
    ours = {p["rust_version"] for p in packages if p["id"] in members}
    if None in ours or len(ours) != 1:
        sys.exit(f"msrv: the workspace's crates must share one rust-version, found {sorted(map(str, ours))}")
    (msrv,) = ours
    if sys.argv[1:] == ["--print"]:
        # In full (1.88.0), the name rustup gives the toolchain.
        print(".".join(map(str, parse(msrv))))
        return
    above = sorted(
        (p["name"], p["version"], p["rust_version"])
        for p in packages
        if p["id"] not in members
        and p["rust_version"] is not None
        and parse(p["rust_version"]) > parse(msrv)
    )
    for name, version, needs in above:
        print(f"msrv: {name} {version} needs Rust {needs}, above the workspace's {msrv}")
    if above:
        sys.exit(f"msrv: raise rust-version in Cargo.toml, or lock older versions of these {len(above)}")
    highest = max(
        (parse(p["rust_version"]) for p in packages if p["rust_version"] is not None),
        default=parse(msrv),
    )
    print(f"msrv: rust-version {msrv} covers every locked package (highest declared: {'.'.join(map(str, highest))})")


if __name__ == "__main__":
    main()
