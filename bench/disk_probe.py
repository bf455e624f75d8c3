#!/usr/bin/env python3
"""What the app's destination-disk probe reads in each lab scenario: the rate it wrote and the host's cores its
writing took (cat into dd, then fsync). A host whose CPU holds the write uses nearly all of what it is given;
a slow disk leaves the CPU idle while it waits. `app.core.advice.calibration.WRITE_ON_CPU` is set from this.
Needs root (the lab builds network namespaces); traffic goes only to the lab's 198.18.x.x.

    .venv/bin/python bench/disk_probe.py [--scenarios gigabit-lan,weak-nas,starved-nas,slow-disk] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.core.host.hosts import HostSpec  # noqa: E402
from app.core.host.session import Session  # noqa: E402
from app.core.profile.probes import disk  # noqa: E402
from app.core.profile.probes.common import ProbeContext  # noqa: E402
from tests.lab import SCENARIOS, Lab, unavailable_reason  # noqa: E402


async def probes(lab: Lab, repeat: int) -> list[disk.DiskWrite]:
    session = await Session.open(HostSpec(lab.alias, str(lab.ssh_config)))
    try:
        return [await disk.probe_remote_write(ProbeContext(session, remote_dir=lab.dest), None) for _ in range(repeat)]
    finally:
        await session.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scenarios", default="gigabit-lan,weak-nas,starved-nas,slow-disk")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        print("bench/disk_probe.py needs root: the lab builds network namespaces.", file=sys.stderr)
        return 2
    print(f"{'scenario':<13} {'CPU given':>9}  {'MB/s':>7} {'cores':>6} {'share':>6}")
    for scenario in args.scenarios.split(","):
        reason = unavailable_reason(scenario)
        if reason:
            print(f"{scenario}: skipped ({reason})")
            continue
        given = SCENARIOS[scenario].cpu_cores or os.cpu_count() or 1
        with Lab.up(scenario) as lab:
            for w in asyncio.run(probes(lab, args.repeat)):
                cores = w.cpu if w.cpu is not None else float("nan")
                print(f"{scenario:<13} {given:>9.3g}  {w.MBps:7.1f} {cores:6.3f} {cores / min(given, 2.0):6.0%}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
