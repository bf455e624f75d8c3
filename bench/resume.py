#!/usr/bin/env python3
"""How much does resume save? For each method family, in a lab scenario: copy the data whole (timed,
from starting `transfer-advisor copy` to its exit, as a user waits), then the same copy into a fresh
folder cut at about 40 % (its tools held still, then the app and its tools killed with SIGKILL, as
tests/cutting.py does), then run that copy again and time it. The second run carries on from what the
cut one staged; the target (issue 10) is that it takes at most 70 % of the whole copy.

Data, incompressible: six files and a few small ones for the multi-file methods, one file for ssh cat
(which carries it on from its last byte). Needs root (the lab builds network namespaces); traffic
goes only to the lab's 198.18.x.x.

    .venv/bin/python bench/resume.py                          # wan (100 Mbit/s, 40 ms), 240 MB
    .venv/bin/python bench/resume.py --scenario gigabit-lan --mb 600 --methods tar-ssh,rsync-ssh
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.cutting import APP, cut, make_album, size_of, staged_bytes  # noqa: E402
from tests.lab import Lab, unavailable_reason  # noqa: E402

FAMILIES = ["tar-ssh", "rsync-ssh", "sftp", "scp", "ssh-cat", "tar-nc", "rsync-daemon"]
TARGET = 0.70
CUT_AT = 0.40


def make_data(root: Path, mb: int, single: bool) -> Path:
    if single:
        path = root / "movie.mkv"
        with open(path, "wb") as f:
            for _ in range(mb):
                f.write(os.urandom(1 << 20))
        return path
    return make_album(root / "album", 6, (mb // 6) << 20, notes=30)


def copy_args(lab: Lab, data: Path, dest: str, method: str) -> list[str]:
    return ["copy", lab.alias, str(data), "--dest", dest, "--method", method, "--allow-insecure",
            "--ssh-config", str(lab.ssh_config)]


def timed(args: list[str]) -> tuple[float, dict]:
    started = time.monotonic()
    proc = subprocess.run([*APP, *args, "--json"], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=1800)
    seconds = time.monotonic() - started
    out = json.loads(proc.stdout) if proc.stdout.strip() else {"error": proc.stderr.strip()}
    return seconds, out


def measure(lab: Lab, data: Path, method: str) -> dict:
    base = Path(lab.dest)
    whole_dest, cut_dest = base / f"whole-{method}", base / f"cut-{method}"
    row = {"method": method, "MB": size_of(data) / 1e6}
    row["whole_s"], out = timed(copy_args(lab, data, str(whole_dest), method))
    if "error" in out:
        return {**row, "error": out["error"]}
    cut_dest.mkdir()
    row["cut_s"] = cut(copy_args(lab, data, str(cut_dest), method), cut_dest, int(size_of(data) * CUT_AT))
    row["staged_MB"] = staged_bytes(cut_dest) / 1e6
    row["resumed_s"], out = timed(copy_args(lab, data, str(cut_dest), method))
    if "error" in out:
        return {**row, "error": out["error"]}
    row["sent_MB"] = out["sent_bytes"] / 1e6
    row["ratio"] = row["resumed_s"] / row["whole_s"]
    for folder in (whole_dest, cut_dest):
        shutil.rmtree(folder, ignore_errors=True)
    return row


def print_table(rows: list[dict], scenario: str) -> None:
    print(f"\n{scenario}: a copy cut at {CUT_AT:.0%} and run again, against the same copy uninterrupted")
    print("method          MB   whole s  cut after s  staged MB  resumed s  sent MB  resumed/whole")
    for r in rows:
        if "error" in r:
            print(f"{r['method']:<12} {r['MB']:5.0f}   failed: {r['error']}")
            continue
        mark = "ok" if r["ratio"] <= TARGET else "OVER"
        print(f"{r['method']:<12} {r['MB']:5.0f}  {r['whole_s']:8.1f}  {r['cut_s']:11.1f}  {r['staged_MB']:9.0f}  "
              f"{r['resumed_s']:9.1f}  {r['sent_MB']:7.0f}  {r['ratio']:6.0%} ({mark})")
    print(f"target: resumed/whole <= {TARGET:.0%} for every method")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenario", default="wan")
    p.add_argument("--mb", type=int, default=240, help="size of the data in MiB (default 240)")
    p.add_argument("--methods", default=",".join(FAMILIES))
    p.add_argument("--json", help="also write the rows here")
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        print("bench/resume.py needs root: the lab builds network namespaces.", file=sys.stderr)
        return 2
    reason = unavailable_reason(args.scenario)
    if reason:
        print(f"{args.scenario}: cannot build the lab ({reason})", file=sys.stderr)
        return 2
    rows = []
    work = Path(tempfile.mkdtemp(prefix="ta-resume-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None))
    try:
        folder, single = make_data(work / "multi", args.mb, False), make_data(work, args.mb, True)
        with Lab.up(args.scenario) as lab:
            for method in args.methods.split(","):
                print(f"{method}…", flush=True)
                rows.append(measure(lab, single if method == "ssh-cat" else folder, method))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print_table(rows, args.scenario)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0 if all(r.get("ratio", 1) <= TARGET for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
