#!/usr/bin/env python3
"""How one ssh stream finds its pace: random bytes written into `ssh -c CIPHER host 'cat > /dev/null'` for
--seconds, the rate printed every half second from the host's "go" (its login not counted). On a host whose
CPU is the limit the first seconds run far below the rest, so a probe or a race lap of a second or two times
the climb, not the pace. Needs root (the lab builds network namespaces); traffic goes only to the lab's
198.18.x.x.

    .venv/bin/python bench/pace.py [--scenarios weak-nas,starved-nas] [--seconds 12]
    .venv/bin/python bench/pace.py --scenarios weak-nas --ciphers aes128-gcm@openssh.com --into disk --seconds 15
    .venv/bin/python bench/pace.py --scenarios weak-nas --ciphers aes128-gcm@openssh.com --shared --runs 2

`--into disk` writes into a file in the lab's destination instead of /dev/null (what a copy's receiver does: the
host's page cache first, then its disk); `--shared` opens each stream as a channel of one OpenSSH master
connection that stays up between runs (as the app's laps and copy do), `--runs` times one after another,
`--pause` seconds apart (idle between them, as the app's connection is while other probes run).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.lab import Lab, unavailable_reason  # noqa: E402

CIPHERS = ("aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com")
TICK = 0.5
BLOCK = os.urandom(1 << 20)


def pace(lab: Lab, cipher: str, seconds: float, into: str = "null",
         control: str | None = None) -> list[tuple[float, float, int]]:
    """(seconds since "go", MB/s over the half second before, bytes so far) for one stream; `control`: the
    socket of a master connection to open it on."""
    target = "/dev/null" if into == "null" else shlex.quote(f"{lab.dest}/.pace-{os.getpid()}")
    argv = lab.ssh_argv(f"echo go; cat > {target}; [ {target} = /dev/null ] || rm -f {target}", cipher=cipher)
    if control:
        argv[1:1] = ["-o", f"ControlPath={control}", "-o", "ControlMaster=no"]
    ssh = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert ssh.stdin is not None and ssh.stdout is not None
    try:
        ssh.stdout.readline()
        start = last = time.monotonic()
        sent = before = 0
        rows = []
        while time.monotonic() - start < seconds:
            ssh.stdin.write(BLOCK)
            sent += len(BLOCK)
            now = time.monotonic()
            if now - last >= TICK:
                rows.append((now - start, (sent - before) / (now - last) / 1e6, sent))
                last, before = now, sent
        ssh.stdin.close()
        ssh.wait(timeout=60)
        return rows
    finally:
        if ssh.poll() is None:
            ssh.kill()


class shared:
    """A master connection for the streams to open channels on (None: each stream logs in on its own)."""

    def __init__(self, lab: Lab, cipher: str, wanted: bool) -> None:
        self.lab, self.cipher, self.wanted = lab, cipher, wanted
        self.proc: subprocess.Popen | None = None
        self.folder = ""

    def __enter__(self) -> str | None:
        if not self.wanted:
            return None
        self.folder = tempfile.mkdtemp(prefix="ta-pace-")
        control = f"{self.folder}/cm"
        argv = self.lab.ssh_argv(None, self.cipher)
        argv[1:1] = ["-M", "-N", "-o", f"ControlPath={control}", "-o", "ControlPersist=no"]
        self.proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):  # up when its socket is
            if os.path.exists(control):
                break
            time.sleep(0.1)
        return control

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        if self.folder:
            subprocess.run(["rm", "-rf", self.folder], check=False)


def climb(rows: list[tuple[float, float, int]]) -> tuple[float, float]:
    """(the pace: the median of the last third, seconds until a half second first reached 80 % of it)."""
    steady = statistics.median(rate for _, rate, _ in rows[-max(1, len(rows) // 3):])
    reached = next((t for t, rate, _ in rows if rate >= 0.8 * steady), rows[-1][0])
    return steady, reached


def average_by(rows: list[tuple[float, float, int]], seconds: float) -> float:
    """MB/s from "go" to the first tick at or after `seconds` (what a probe or lap that long would see)."""
    t, _, sent = next((row for row in rows if row[0] >= seconds), rows[-1])
    return sent / t / 1e6


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--scenarios", default="weak-nas,starved-nas")
    p.add_argument("--ciphers", default=",".join(CIPHERS))
    p.add_argument("--seconds", type=float, default=12.0)
    p.add_argument("--into", choices=("null", "disk"), default="null", help="where the host's cat writes")
    p.add_argument("--shared", action="store_true", help="each stream a channel of one master connection")
    p.add_argument("--runs", type=int, default=1, help="streams one after another, per cipher")
    p.add_argument("--pause", type=float, default=0.0,
                   help="seconds the connection stays idle before each stream (the app's probes run between)")
    args = p.parse_args()
    print(f"{'scenario':<12} {'cipher':<30} {'pace MB/s':>9} {'reached at':>10} {'by 1 s':>7} {'by 2.5 s':>8}"
          f" {'by 5 s':>7}")
    for scenario in args.scenarios.split(","):
        why = unavailable_reason(scenario)
        if why:
            print(f"bench/pace.py: the lab cannot run here: {why}", file=sys.stderr)
            return 2
        with Lab.up(scenario) as lab:
            for cipher in args.ciphers.split(","):
                with shared(lab, cipher, args.shared) as control:
                    for _ in range(args.runs):
                        time.sleep(args.pause)
                        rows = pace(lab, cipher, args.seconds, args.into, control)
                        steady, reached = climb(rows)
                        by = [average_by(rows, s) for s in (1.0, 2.5, 5.0)]
                        print(f"{scenario:<12} {cipher:<30} {steady:9.1f} {reached:9.1f}s {by[0]:7.1f} {by[1]:8.1f}"
                              f" {by[2]:7.1f}")
                        print("    MB/s each half second: " + " ".join(f"{rate:.0f}" for _, rate, _ in rows)
                              + f"  ({rows[-1][2] / 1e6:.0f} MB in all)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
