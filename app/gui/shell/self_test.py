"""`transfer-advisor --self-test`: the window is built, shown and responsive, and measures a link; exit 0.

Checks a QTimer round trip through the Qt event loop, an asyncio task and a worker thread through
qasync, a live graph redraw from its buffer, and that the window paints; then starts the local demo
host the way the window does, runs a short profile against it with the real OpenSSH client (every
probe must succeed, except raw TCP where the host has no netcat), and checks that closing the window
stops the host and removes its folder. Prints one line per check.
"""

from __future__ import annotations

import asyncio
import time

from PySide6.QtCore import QTimer

from app.bundle import resources_dir
from app.gui.shell.application import seconds_since_process_start
from app.gui.charts.live_plot import REDRAW_HZ

TIMEOUT = 5.0
DEMO_TIMEOUT = 30.0   # the whole demo check; it takes a few seconds
DEMO_BUDGET = 0.25    # seconds per throughput probe


async def _timer_round_trip() -> float:
    started = time.monotonic()
    future = asyncio.get_running_loop().create_future()
    QTimer.singleShot(0, lambda: future.done() or future.set_result(None))
    await asyncio.wait_for(future, TIMEOUT)
    return time.monotonic() - started


async def _graph_redraw(window) -> bool:
    plot = window.transfer.graph
    plot.append("rate", 0.0, 1.0)
    plot.append("rate", 0.5, 2.0)
    await asyncio.sleep(3 / REDRAW_HZ)
    x, _y = plot.series["rate"].curve.getData()
    plot.clear()
    plot.add_series("rate", "rate")
    return x is not None and len(x) == 2


async def _demo_profile(window) -> str:
    """A short profile against the local demo host; raises on any probe that failed."""
    from app.core.events import ProbeDone
    from app.core.profile.profiler import measure
    from app.core.host.session import Session

    choice = await window.demo.start()
    host = window.demo.host
    events: list[ProbeDone] = []
    session = await Session.open(choice.spec(), remote_dest=str(host.dest))
    try:
        profile = await measure(session, str(host.dest), None, lambda e: isinstance(e, ProbeDone) and
                                events.append(e), budget=DEMO_BUDGET, fresh=True)
        no_netcat = not session.remote.nc_listen_ok
    finally:
        await session.close()
    failed = [f"{e.label}: {e.value}" for e in events
              if not e.ok and not (e.name.startswith("tcp") and no_netcat)]
    if failed or not profile.ciphers:
        raise RuntimeError("; ".join(failed) or "no ssh throughput was measured")
    best = max(profile.ciphers, key=lambda c: c.MBps)
    return (f"{host.label} ({host.server}): {len(events)} probes in {profile.seconds:.1f} s, "
            f"ssh {best.MBps:.0f} MB/s with {best.cipher}")


def memory() -> str:
    """Resident memory now and at its peak, from /proc (Linux)."""
    try:
        with open("/proc/self/status") as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        rss, peak = (int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM"))
        return f"{rss:.0f} MB resident, peak {peak:.0f} MB"
    except (OSError, KeyError, ValueError):
        return "not available here"


async def check(window) -> int:
    usable = seconds_since_process_start()
    failures: list[str] = []

    def report(name: str, ok: bool, detail: str = "") -> None:
        print(f"  {'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}", flush=True)
        if not ok:
            failures.append(name)

    print("Transfer Advisor self-test", flush=True)
    built = all(w is not None for w in (window.picker, window.selection, window.find_bar, window.card, window.transfer))
    report("window built", built and window.isVisible(), f"{window.width()}×{window.height()}, "
           f"“{window.windowTitle()}”")
    try:
        report("Qt timer round trip", True, f"{await _timer_round_trip() * 1000:.1f} ms")
        value = await asyncio.wait_for(asyncio.ensure_future(asyncio.sleep(0.01, result=42)), TIMEOUT)
        report("asyncio task on the Qt loop", value == 42)
        thread = await asyncio.wait_for(asyncio.to_thread(lambda: "worker"), TIMEOUT)
        report("worker thread", thread == "worker")
        report("graph redraws from its buffer", await _graph_redraw(window))
    except TimeoutError:
        report("event loop responsive", False, f"no answer within {TIMEOUT:g} s")
    image = window.grab()
    report("window paints", not image.isNull() and image.width() > 0)
    report("app icon", not window.windowIcon().isNull(), f"resources from {resources_dir()}")
    report("usable", True, f"{usable * 1000:.0f} ms after the process started")
    try:
        report("profile of the local demo host", True, await asyncio.wait_for(_demo_profile(window), DEMO_TIMEOUT))
    except TimeoutError:
        report("profile of the local demo host", False, f"not done within {DEMO_TIMEOUT:g} s")
    except Exception as exc:  # noqa: BLE001 - any error fails the self-test, with its words
        report("profile of the local demo host", False, getattr(exc, "sentence", None) or repr(exc))
    demo_host = window.demo.host
    report("memory", True, memory())
    window.close()
    if demo_host is not None:
        report("closing the window stops the demo host", not demo_host.root.exists(), str(demo_host.root))
    print("self-test passed" if not failures else f"self-test FAILED: {', '.join(failures)}", flush=True)
    return 0 if not failures else 1
