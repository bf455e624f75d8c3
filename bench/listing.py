#!/usr/bin/env python3
"""Listing a tree on a host that has no shell (SFTP only): one READDIR round trip per folder, listed one
folder at a time or several side by side (`--in-flight`, app.core.selection.entries.FOLDERS_IN_FLIGHT). The
copy lists the far side to verify it, and resume and the existing-files check list it first, so on a far
NAS a tree of many folders waits that many round trips. Seconds to list, median of --repeat runs, in a
lab scenario whose remote is the sftp-only host shape (ForceCommand internal-sftp). Needs root (the lab
builds network namespaces); traffic goes only to the lab's 198.18.x.x.

    .venv/bin/python bench/listing.py [--scenario wan] [--folders 400] [--files 5] [--in-flight 1,4,16,64]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.core.host.hosts import HostSpec  # noqa: E402
from app.core.host.session import Session  # noqa: E402
from app.core.selection import entries  # noqa: E402
from tests.lab import Lab, unavailable_reason  # noqa: E402


def make_tree(root: Path, folders: int, files: int) -> Path:
    """`folders` folders in two levels (a tenth of them at the top), `files` small files in each."""
    for i in range(folders):
        folder = root / f"year {i % max(1, folders // 10):02d}" / f"album {i:04d}"
        folder.mkdir(parents=True, exist_ok=True)
        for j in range(files):
            (folder / f"photo {j}.jpg").write_bytes(b"x" * (100 + j))
    return root


async def list_once(lab: Lab, path: str, in_flight: int) -> tuple[float, int]:
    session = await Session.open(HostSpec(lab.alias, lab.ssh_config))
    try:
        sftp = await session.files.sftp()
        entries.FOLDERS_IN_FLIGHT = in_flight
        started = time.monotonic()
        listed = await entries.scan_remote(sftp, [path])
        return time.monotonic() - started, len(listed.entries)
    finally:
        await session.close()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default="wan")
    p.add_argument("--folders", type=int, default=400)
    p.add_argument("--files", type=int, default=5)
    p.add_argument("--in-flight", default="1,4,16,64")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    why = unavailable_reason(args.scenario, "sftp-only")
    if why:
        print(f"bench/listing.py: the lab cannot run here: {why}", file=sys.stderr)
        return 2
    with Lab.up(args.scenario, shape="sftp-only") as lab:
        tree = make_tree(Path(lab.dest) / "tree", args.folders, args.files)
        remote = f"{lab.remote_dest}/{tree.name}"
        print(f"{args.scenario} ({lab.spec.describe()}), sftp-only host; {args.folders} folders of "
              f"{args.files} files; median of {args.repeat}")
        print(f"{'folders in flight':>18} {'seconds':>9} {'entries':>8}")
        for n in (int(x) for x in args.in_flight.split(",")):
            runs = [asyncio.run(list_once(lab, remote, n)) for _ in range(args.repeat)]
            print(f"{n:>18} {statistics.median(t for t, _ in runs):9.2f} {runs[0][1]:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
