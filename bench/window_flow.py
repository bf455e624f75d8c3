"""The window's flow, timed: Find the fastest way, then Copy now with the secure pick, as the window runs them
(one session for both, the window's race settings), first contact with the host (a new state folder each run).

Two ways in the same rounds, paired: the window's advice now (its race copies into the copy that may follow:
laps stage parts of the selection into that copy's staging folder, or the quickest lap that copied everything
is kept and taken over) against the advice without that (every lap in a scratch folder, thrown away; the
window before 2026-12-04). The table gives each median: the advice, the copy, what the copy sent, the whole.

Needs root (the lab builds network namespaces). Traffic goes only to the lab's 198.18.x.x.

    sudo .venv/bin/python bench/window_flow.py --scenarios gigabit-lan --datasets mixed,small,large --repeat 2
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.core.advice.advisor import AdviceRequest, advise  # noqa: E402
from app.core.advice.follow import copy_advised, let_go  # noqa: E402
from app.core.host.hosts import HostSpec  # noqa: E402
from app.core.host.session import Session  # noqa: E402
from app.core.host.ssh_command import Options  # noqa: E402
from app.core.paths import ENV_HOME  # noqa: E402
from app.core.state.settings import GuiSettings  # noqa: E402
from app.core.transfer.engine import CopyRequest  # noqa: E402
from bench.advice import cells_over, lab_arguments  # noqa: E402
from tests.lab import Lab  # noqa: E402

WAYS = {"now": True, "scratch": False}  # AdviceRequest.copy_may_follow


async def one_flow(lab: Lab, data: Path, follows: bool, home: Path) -> dict:
    """Advice and copy on one session, as the window's Flow runs them; seconds of each and bytes the copy sent."""
    os.environ[ENV_HOME] = str(home)
    settings = GuiSettings()
    dest = f"{lab.dest}/wf-{time.monotonic_ns()}"
    started = time.monotonic()
    session = await Session.open(HostSpec(lab.alias, str(lab.ssh_config)), remote_dest=dest)
    try:
        request = AdviceRequest([str(data)], dest, race=True, race_count=settings.race_count,
                                race_seconds=settings.race_seconds, probe_budget=settings.probe_budget,
                                stall_timeout=settings.stall_timeout, copy_may_follow=follows)
        advice = await advise(session, request)
        advised = time.monotonic()
        chosen = advice.secure
        result = await copy_advised(session, advice, chosen, CopyRequest([str(data)], dest, "", Options()))
        await let_go(session, advice)  # (nothing is left by now: the copy took it)
    finally:
        await session.close()
    done = time.monotonic()
    subprocess.run(lab.ssh_argv(f"rm -rf {shlex.quote(dest)}"), capture_output=True)
    return {"advice": advised - started, "copy": done - advised, "whole": done - started,
            "sent_MB": result.sent_bytes / 1e6, "method": result.method, "kept": advice.kept_lap is not None,
            "staged_MB": advice.staged_bytes / 1e6}


def cell(lab: Lab, scenario: str, dataset: str, data: Path, mb: int, repeat: int, work: Path) -> dict:
    runs: dict[str, list[dict]] = {w: [] for w in WAYS}
    for r in range(repeat):
        order = list(WAYS.items()) if r % 2 == 0 else list(reversed(WAYS.items()))
        for name, follows in order:
            got = asyncio.run(one_flow(lab, data, follows, work / f"home-{name}-{r}"))
            raced = "  [kept a lap]" if got["kept"] else ""
            raced += f"  [staged {got['staged_MB']:.0f} MB]" if got["staged_MB"] else ""
            print(f"    {name:<8} advice {got['advice']:5.1f} s  copy {got['copy']:5.1f} s ({got['sent_MB']:.0f} MB "
                  f"sent, {got['method']})  whole {got['whole']:5.1f} s{raced}", flush=True)
            runs[name].append(got)
    med = {name: {k: statistics.median(g[k] for g in got) for k in ("advice", "copy", "whole", "sent_MB")}
           for name, got in runs.items() if got}
    return {"scenario": scenario, "dataset": dataset, "mb": mb, "medians": med}


def print_table(cells: list[dict]) -> None:
    print(f"\n{'scenario':<12} {'data':<6} {'MB':>5}  {'way':<8} {'advice':>7} {'copy':>6} {'sent MB':>8} {'whole':>7}")
    for c in cells:
        for name, m in c["medians"].items():
            print(f"{c['scenario']:<12} {c['dataset']:<6} {c['mb']:>5}  {name:<8} {m['advice']:6.1f}s "
                  f"{m['copy']:5.1f}s {m['sent_MB']:8.0f} {m['whole']:6.1f}s")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    lab_arguments(p, "gigabit-lan", "mixed,small")
    args = p.parse_args(argv)
    cells = cells_over(args, "ta-wf-", lambda lab, scenario, dataset, data, mb, work:
                       cell(lab, scenario, dataset, data, mb, args.repeat, work))
    if cells is None:
        return 2
    print_table(cells)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
