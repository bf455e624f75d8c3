#!/usr/bin/env python3
"""Parallel streams against one: the same copy with `--streams 1, 2, 4` (tar over ssh and rsync over ssh)
in a lab scenario, timed from starting `transfer-advisor copy` to its exit (what a user waits for), each
into a fresh folder, median of --repeat runs. Default: the long fat link (300 Mbit/s, 80 ms), where one
ssh stream is held by its 2 MiB channel window. Needs root (the lab builds network namespaces); traffic
goes only to the lab's 198.18.x.x.

    .venv/bin/python bench/streams.py [--scenario long-fat] [--mb 200] [--streams 1,2,4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.cutting import APP, make_album  # noqa: E402
from tests.lab import Lab, unavailable_reason  # noqa: E402


def run(lab: Lab, data: Path, dest: str, method: str, streams: int) -> tuple[float, dict]:
    args = ["copy", lab.alias, str(data), "--dest", dest, "--method", method, "--streams", str(streams),
            "--ssh-config", str(lab.ssh_config), "--json"]
    started = time.monotonic()
    proc = subprocess.run([*APP, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=1800)
    seconds = time.monotonic() - started
    return seconds, (json.loads(proc.stdout) if proc.stdout.strip() else {"error": proc.stderr.strip()})


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", default="long-fat")
    p.add_argument("--mb", type=int, default=200)
    p.add_argument("--files", type=int, default=8, help="large files the data is split into")
    p.add_argument("--streams", default="1,2,4")
    p.add_argument("--methods", default="tar-ssh,rsync-ssh")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    why = unavailable_reason(args.scenario)
    if why:
        print(f"bench/streams.py: the lab cannot run here: {why}", file=sys.stderr)
        return 2
    counts = [int(n) for n in args.streams.split(",")]
    with tempfile.TemporaryDirectory(prefix="ta-bench-streams-") as tmp:
        data = make_album(Path(tmp) / "album", args.files, (args.mb // args.files) << 20, notes=40)
        with Lab.up(args.scenario) as lab:
            print(f"{args.scenario}: {lab.spec.describe()}; {args.mb} MB in {args.files} files and 40 small "
                  f"ones; median of {args.repeat}, seconds from start to exit")
            print(f"{'method':<10} " + " ".join(f"{f'{n} stream' + ('s' if n > 1 else ''):>18}" for n in counts))
            for method in args.methods.split(","):
                cells = []
                for n in counts:
                    times = []
                    for k in range(args.repeat):
                        seconds, out = run(lab, data, f"{lab.dest}/s{n}-{method}-{k}", method, n)
                        if "error" in out:
                            print(f"  {method} --streams {n}: {out['error']}", file=sys.stderr)
                            break
                        times.append(seconds)
                        shutil.rmtree(f"{lab.dest}/s{n}-{method}-{k}", ignore_errors=True)  # the lab's disk is here
                    t = statistics.median(times) if times else float("nan")
                    cells.append(f"{t:6.1f} s {args.mb * 1.048576 / t:5.1f} MB/s" if times else "failed")
                print(f"{method:<10} " + " ".join(f"{c:>18}" for c in cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
