"""Measure the window: cold start to a usable window, memory, and what the GUI costs while a copy runs
at full speed (against a real sshd on 127.0.0.1), compared with the same copy from the command line.

    python -m tests.gui.measure [--gib 2] [--runs 3]
    python -m tests.gui.measure --start-only --program dist/transfer-advisor/transfer-advisor   # the bundle

Prints a table. The copy is one incompressible file; the window uses the method it recommends and
the command line the same method and cipher. "GUI thread" is the CPU of the thread that runs Qt and
asyncio; "process" adds the app's worker threads (blocking look-ups, the keyring), not the tools it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK")


def evict(folders: list[Path]) -> None:
    """Drop these folders' files from the page cache (posix_fadvise), as after a reboot or a fresh
    download, without touching the rest of the machine's cache."""
    for folder in folders:
        for dirpath, _dirs, files in os.walk(folder):
            for name in files:
                try:
                    fd = os.open(os.path.join(dirpath, name), os.O_RDONLY | os.O_NOFOLLOW)
                except OSError:
                    continue
                try:
                    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                finally:
                    os.close(fd)


def cold_start(runs: int, program: str | None = None, from_disk: bool = False) -> dict[str, float]:
    """`--self-test` `runs` times: from source (`python -m app`), or `program` (e.g. the bundle's).
    from_disk: before each run, evict what it loads (the bundle's folder; or the interpreter's library,
    the venv and app/) from the page cache."""
    import sysconfig

    usable, wall, peak = [], [], []
    home = tempfile.mkdtemp(prefix="ta-measure-")
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
           "TRANSFER_ADVISOR_HOME": home}
    argv = [os.path.abspath(program)] if program else [sys.executable, "-m", "app"]
    if program:
        loaded = [Path(program).resolve().parent]
    else:
        loaded = [Path(sysconfig.get_paths()["stdlib"]), Path(sys.prefix), ROOT / "app"]
    for _ in range(runs):
        if from_disk:
            evict(loaded)
        started = time.monotonic()
        out = subprocess.run([*argv, "--self-test"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=120, stdin=subprocess.DEVNULL).stdout
        wall.append(time.monotonic() - started)
        usable.append(float(re.search(r"usable: (\d+) ms", out).group(1)))
        peak.append(float(re.search(r"peak (\d+) MB", out).group(1)))
    shutil.rmtree(home, ignore_errors=True)
    return {"usable_ms": statistics.median(usable), "self_test_wall_s": statistics.median(wall),
            "peak_MB": statistics.median(peak)}


def thread_cpu(tid: int) -> float:
    with open(f"/proc/self/task/{tid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS")) / 1024


async def gui_copies(window, big: Path, dest_root: Path, runs: int) -> list[dict]:
    from PySide6.QtCore import QTimer

    from tests.gui import driver

    await driver.connect(window, "testhost")
    assert driver.drop_files(window.selection.list, [str(big)])
    window.selection.dest.setText(str(dest_root / "advice"))
    window.find_bar.find.click()
    await driver.state(window, "recommendation", "error", timeout=120)
    assert window.state == "recommendation", window.banner.sentence.text()
    idle0, idle_wall = thread_cpu(os.getpid()), time.monotonic()
    await asyncio.sleep(5)
    idle = (thread_cpu(os.getpid()) - idle0) / (time.monotonic() - idle_wall)
    results = []
    for i in range(runs):
        window.selection.dest.setText(str(dest_root / f"gui-{i}"))
        lag = {"max": 0.0, "last": time.monotonic()}

        def tick() -> None:
            now = time.monotonic()
            lag["max"] = max(lag["max"], now - lag["last"] - 0.05)
            lag["last"] = now

        timer = QTimer()
        timer.setInterval(50)
        timer.timeout.connect(tick)
        timer.start()
        gui0, proc0, wall0 = thread_cpu(os.getpid()), sum(os.times()[:2]), time.monotonic()
        window.card.go.click()
        await driver.state_signal(window, "done", "error", "cancelled")
        wall = time.monotonic() - wall0
        gui, proc = thread_cpu(os.getpid()) - gui0, sum(os.times()[:2]) - proc0
        timer.stop()
        assert window.state == "done", window.banner.sentence.text()
        results.append({"rate_MBps": window.copying.result.rate_MBps, "gui_cpu": gui / wall,
                        "process_cpu": proc / wall, "max_stall_ms": lag["max"] * 1000, "rss_MB": rss_mb(), "idle_cpu": idle})
    return results


def cli_copies(config: Path, big: Path, dest_root: Path, method: str, cipher: str | None, runs: int) -> list[float]:
    rates = []
    for i in range(runs):
        argv = [sys.executable, "-m", "app", "copy", "testhost", str(big), "--dest", str(dest_root / f"cli-{i}"),
                "--method", method, "--json", "--ssh-config", str(config)]
        if cipher:
            argv += ["--cipher", cipher]
        out = json.loads(subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300).stdout)
        rates.append(out["rate_MBps"])
    return rates


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--gib", type=float, default=2.0, help="size of the file copied (GiB)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--program", help="time this program's --self-test instead of the source's "
                        "(e.g. dist/transfer-advisor/transfer-advisor)")
    parser.add_argument("--start-only", action="store_true", help="only the cold start, no copies")
    parser.add_argument("--from-disk", action="store_true", help="evict the program's files from the page "
                        "cache before each start (a first start after a reboot)")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    work = Path(tempfile.mkdtemp(prefix="ta-measure-"))
    try:
        return _measure(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gigabytes of test data: never left behind


def _measure(args: argparse.Namespace, work: Path) -> int:
    os.environ["TRANSFER_ADVISOR_HOME"] = str(work / "state")
    sys.path.insert(0, str(ROOT))
    start = cold_start(args.runs, args.program, args.from_disk)
    print(f"cold start to a usable window ({args.program or 'from source'}"
          f"{', files evicted from the page cache' if args.from_disk else ''}): {start['usable_ms']:.0f} ms "
          f"(median of {args.runs}); self-test process {start['self_test_wall_s']:.2f} s; "
          f"peak memory {start['peak_MB']:.0f} MB", flush=True)
    if args.start_only:
        return 0

    import qasync
    from PySide6.QtWidgets import QApplication

    from app.gui.shell.main_window import MainWindow
    from app.core.state.settings import GuiSettings
    from tests.peers import start_sshd

    server = start_sshd(work / "sshd")
    big = work / "big.bin"
    block = os.urandom(64 * 1024 * 1024)
    with open(big, "wb") as f:
        for _ in range(int(args.gib * 16)):
            f.write(block)
    del block  # 64 MiB that would count as the window's memory
    app = QApplication([sys.argv[0]])
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    try:
        window = MainWindow(str(server.ssh_config), GuiSettings(race_seconds=1.0, race_count=2, probe_budget=0.5))
        window.resize(1280, 800)
        window.show()
        gui = loop.run_until_complete(gui_copies(window, big, work / "dest", args.runs))
        chosen = window.card.chosen().ranked.candidate
        cli = cli_copies(server.ssh_config, big, work / "dest", chosen.method_id, chosen.options.cipher, args.runs)
        window.close()
    finally:
        server.stop()
        loop.close()
    med = {k: statistics.median(r[k] for r in gui) for k in gui[0]}
    print(f"copy of {args.gib:g} GiB with {chosen.method_id} ({chosen.options.cipher or 'default cipher'}), "
          f"median of {args.runs}:")
    print(f"  from the window:        {med['rate_MBps']:.0f} MB/s; GUI thread {med['gui_cpu']:.1%} of a core, "
          f"whole process {med['process_cpu']:.1%}; longest event-loop stall {med['max_stall_ms']:.0f} ms; "
          f"memory {med['rss_MB']:.0f} MB; idle window {med['idle_cpu']:.1%}")
    print(f"  from the command line:  {statistics.median(cli):.0f} MB/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
