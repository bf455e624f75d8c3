"""Progress parsing on recorded real output, and the rate window.

tests/data/rsync-progress2.txt is the unedited stdout of
    LC_ALL=C rsync -a --info=progress2 --no-inc-recursive -s --bwlimit=25000 -e 'ssh ...' tree host:dest/
(rsync 3.5.0, protocol 32) copying a 50,995,000-byte tree of 25 random 2 MB files and 200 small
ones; rsync redraws its line with `\\r`, so the file holds \\r-separated records.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.transfer.progress import Counter, RateWindow, RsyncProgress, parse_rsync_progress2
from app.core.runner import _lines

RECORDING = Path(__file__).parents[2] / "data" / "rsync-progress2.txt"
TREE_BYTES = 50_995_000


def recorded_lines() -> list[str]:
    raw = RECORDING.read_bytes()
    return [p.decode() for p in raw.replace(b"\r", b"\n").split(b"\n") if p]


def test_the_recording_is_real_rsync_output():
    raw = RECORDING.read_bytes()
    assert len(raw) < 20_000
    assert raw.startswith(b"\r") and raw.count(b"\r") > 200
    assert b"(xfr#225, to-chk=0/227)" in raw


@pytest.mark.parametrize("line, done", [
    ("         32,768   0%    0.00kB/s    0:00:00  ", 32_768),
    ("      2,000,000   3%  938.05MB/s    0:00:00 (xfr#1, to-chk=225/227)", 2_000_000),
    ("     48,819,200  95%   21.78MB/s    0:00:00  ", 48_819_200),
    ("     50,995,000 100%   22.24MB/s    0:00:02 (xfr#225, to-chk=0/227)", 50_995_000),
    ("  1.234.567  45%  12,34MB/s  0:00:12", 1_234_567),  # a locale grouping with dots
    ("              0   0%    0.00kB/s    0:00:00 (xfr#0, ir-chk=1000/1001)", 0),
])
def test_parse_rsync_progress2_line(line, done):
    assert parse_rsync_progress2(line) == done


@pytest.mark.parametrize("line", [
    "", "sending incremental file list", "photos/2024/a.jpg",
    "rsync error: some files/attrs were not transferred (see previous errors) (code 23) at main.c(1338)",
    "sent 51,012,345 bytes  received 4,567 bytes  20,406,764.80 bytes/sec",
    "total size is 50,995,000  speedup is 1.00",
])
def test_parse_rsync_progress2_ignores_other_lines(line):
    assert parse_rsync_progress2(line) is None


def test_rsync_progress_on_the_recording_is_monotonic_and_ends_at_the_total():
    progress = RsyncProgress()
    seen = []
    for line in recorded_lines():
        progress.feed_bytes(line.encode() + b"\r")
        seen.append(progress.done)
    assert seen == sorted(seen)
    assert progress.done == TREE_BYTES
    assert len(set(seen)) > 25  # one value per finished big file at least, plus the mid-file updates
    assert 48_819_200 in seen  # a redraw in the middle of a file is counted too


def test_rsync_progress_never_goes_back():
    progress = RsyncProgress()
    for line in ["  5,000  50%  1.00MB/s  0:00:01", "  4,000  40%  1.00MB/s  0:00:01", "noise"]:
        progress.feed_bytes(line.encode() + b"\r")
    assert progress.done == 5_000


async def test_runner_splits_the_recording_on_carriage_returns():
    """The runner's line reader, fed the recording in awkward chunk sizes, yields every record once."""
    raw = RECORDING.read_bytes()
    for chunk in (1, 7, 4096, len(raw)):
        reader = asyncio.StreamReader()
        for i in range(0, len(raw), chunk):
            reader.feed_data(raw[i:i + chunk])
        reader.feed_eof()
        got: list[str] = []
        await _lines(reader, got.append)
        assert got == recorded_lines(), f"chunk size {chunk}"


def test_rate_window_on_a_steady_and_then_faster_stream():
    window = RateWindow(seconds=1.0)
    t, done = 100.0, 0
    assert window.add(done, t) == 0.0  # one sample: no rate yet
    for _ in range(30):  # 3 s at 1 MB/s, a sample every 0.1 s
        t += 0.1
        done += 100_000
        rate = window.add(done, t)
    assert rate == pytest.approx(1_000_000, rel=0.01)
    for _ in range(15):  # then 4 MB/s for 1.5 s: the old rate has left the window
        t += 0.1
        done += 400_000
        rate = window.add(done, t)
    assert rate == pytest.approx(4_000_000, rel=0.01)
    assert len(window.samples) <= 13  # a bounded buffer, not the whole history


def test_rate_window_stall_reads_zero():
    window = RateWindow(seconds=1.0)
    for i in range(10):
        window.add(i * 1000, 10.0 + i * 0.1)
    for i in range(1, 21):  # nothing moves for 2 s
        rate = window.add(9000, 10.9 + i * 0.1)
    assert rate == 0.0


def test_proc_io_counts_what_a_process_wrote_and_keeps_it_after_exit():
    child = subprocess.Popen([sys.executable, "-c", "import os, sys; os.write(1, b'x' * 300_000); sys.stdin.read()"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    try:
        counter = Counter(child.pid, "wchar")
        deadline = time.monotonic() + 10
        while counter.read() < 300_000 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert counter.read() >= 300_000
        written = counter.done
    finally:
        child.stdin.close()
        child.wait(10)
    assert not os.path.exists(f"/proc/{child.pid}/io")  # reaped: /proc has nothing left to read
    assert counter.read() == written  # the last reading stays once /proc forgets the process


@pytest.mark.parametrize("chunk", [1, 13, 4096, 1 << 20])
def test_rsync_progress_from_raw_chunks_read_at_ticks(chunk):
    """What the copy does: read whatever rsync wrote since the last tick, in pieces of any size."""
    raw = RECORDING.read_bytes()
    progress, seen = RsyncProgress(), []
    for i in range(0, len(raw), chunk):
        progress.feed_bytes(raw[i:i + chunk])
        seen.append(progress.done)
    assert seen == sorted(seen)
    assert progress.done == TREE_BYTES


@pytest.mark.parametrize("fd", [0, 1])
def test_counter_follows_the_offset_of_the_file_on_stdin_or_stdout(tmp_path, fd):
    """ssh cat's progress: how far the tool has read its input file (or written its output file)."""
    src = tmp_path / "in.bin"
    src.write_bytes(os.urandom(2_000_000))
    r, w = os.pipe()
    script = ("import os\nn = 0\nwhile n < 1_500_000:\n"
              f"    n += len(os.read(0, 1_500_000 - n)) if {fd} == 0 else os.write(1, b'y' * (1_500_000 - n))\n"
              f"os.read({r}, 1)\n")
    with open(src, "rb") as fin, open(tmp_path / "out.bin", "wb") as fout:
        child = subprocess.Popen([sys.executable, "-c", script], stdin=fin, stdout=fout, pass_fds=(r,))
    try:
        counter = Counter(child.pid, f"fd{fd}")
        deadline = time.monotonic() + 10
        while counter.read() < 1_500_000 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert counter.read() == 1_500_000
    finally:
        os.write(w, b"x")
        child.wait(10)
        os.close(r)
        os.close(w)


def test_a_runner_of_one_tool_per_file_counts_its_running_children_and_the_ended_ones(tmp_path):
    """xargs starting one reader per file (as the NFS method's nfs-cp): what the readers read counts, the one still
    reading as it goes and the ones already ended (/proc adds what a reaped child did to its parent's count)."""
    first, second = tmp_path / "first", tmp_path / "second"
    first.write_bytes(os.urandom(3_000_000))
    second.write_bytes(os.urandom(1_000_000))
    # each reader reads its file, then waits on a fifo: the test sees the first one ended, the second still running
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    script = 'cat -- "$0" > /dev/null; [ "$0" = "$FIRST" ] || read _ < "$GATE"'
    proc = subprocess.Popen(["xargs", "-0", "-n", "1", "sh", "-c", script], stdin=subprocess.PIPE,
                            env={**os.environ, "FIRST": str(first), "GATE": str(gate)})
    proc.stdin.write(f"{first}\0{second}\0".encode())
    proc.stdin.close()
    counter = Counter(proc.pid, "rchar+")
    try:
        deadline = time.monotonic() + 20
        while counter.read() < 4_000_000 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert counter.read() >= 4_000_000  # the ended first reader's 3 MB and the waiting second's 1 MB
        assert Counter(proc.pid, "rchar").read() < 4_000_000  # xargs's own count lacks the running one
    finally:
        with open(gate, "w") as g:
            g.write("go\n")
        proc.wait(timeout=20)
