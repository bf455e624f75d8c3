"""Measuring a lab with real bytes: raw TCP (nc), ssh, round trip, destination writes.

For tests and benchmarks that need to know what a lab really does. Data is always
incompressible (random bytes from a file made once), never /dev/zero.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

from .lab import Lab
from .system import LabError, out

NC_PORT = 5201


def random_file(path: Path, size: int) -> Path:
    """A file of `size` random bytes (kept if it already has that size)."""
    path = Path(path)
    if not (path.exists() and path.stat().st_size == size):
        with open(path, "wb") as f:
            left = size
            while left:
                chunk = os.urandom(min(left, 8 << 20))
                f.write(chunk)
                left -= len(chunk)
    return path


def _wait_listening(lab: Lab | None, port: int, proc: subprocess.Popen, timeout: float = 10) -> None:
    argv = ["ss", "-Hltn", f"sport = :{port}"]
    if lab is not None:
        argv = ["ip", "netns", "exec", lab.name] + argv
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise LabError(f"nc listener exited with {proc.returncode}")
        if out(argv, check=False).strip():
            return
        time.sleep(0.02)
    raise LabError(f"nc did not listen on port {port}")


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def nc_MBps(lab: Lab, source: Path, upload: bool = True, port: int = NC_PORT) -> float:
    """Raw TCP throughput with nc on both ends (remote end under the remote's CPU quota), MB/s.

    Upload: the remote listens on `port` (in its own namespace, so it is free). Download: this
    side listens on a free port of the lab's host-side address.
    """
    size = Path(source).stat().st_size
    if not upload:
        port = _free_port(lab.host_ip)
    listen_host = lab.remote_ip if upload else lab.host_ip
    listener = ["nc", "-l", "-N", listen_host, str(port)]
    sender = ["nc", "-N", lab.remote_ip if upload else lab.host_ip, str(port)]
    if upload:
        listener = lab.remote_argv(listener)
    else:
        sender = lab.remote_argv(sender)
    with open(os.devnull, "wb") as sink:
        recv = subprocess.Popen(listener, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.PIPE)
        try:
            _wait_listening(lab if upload else None, port, recv)
            with open(source, "rb") as src:
                start = time.perf_counter()
                send = subprocess.run(sender, stdin=src, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                      timeout=300)
            _, recv_err = recv.communicate(timeout=300)
            elapsed = time.perf_counter() - start
        finally:
            if recv.poll() is None:
                recv.kill()
                recv.communicate()
    if send.returncode != 0 or recv.returncode != 0:
        raise LabError(f"nc failed: {send.stderr.decode(errors='replace')} {recv_err.decode(errors='replace')}")
    return size / elapsed / 1e6


def ssh_MBps(lab: Lab, source: Path, cipher: str | None = None) -> float:
    """Upload throughput of ssh into `cat > /dev/null` on the remote, MB/s.

    Timed on the remote from the first byte to the last, so login and key exchange (slow under
    a small CPU quota) are not counted; both ends read the same clock.
    """
    size = Path(source).stat().st_size
    script = "head -c 1 >/dev/null; s=$(date +%s%N); cat >/dev/null; e=$(date +%s%N); echo $s $e"
    with open(source, "rb") as src:
        done = subprocess.run(lab.ssh_argv(script, cipher), check=True, stdin=src, capture_output=True,
                              timeout=300)
    first, last = map(int, done.stdout.split())
    return size / max((last - first) / 1e9, 1e-6) / 1e6


def write_MBps(lab: Lab, source: Path, folder: Path | str) -> float:
    """fsync'd write speed of `source` into `folder`, written by a process on the remote side, MB/s."""
    size = Path(source).stat().st_size
    target = Path(folder) / f".ta-lab-write-{os.getpid()}"
    try:
        start = time.perf_counter()
        subprocess.run(lab.remote_argv(["dd", f"if={source}", f"of={target}", "bs=1M", "conv=fsync",
                                        "status=none"]), check=True, timeout=300)
        return size / (time.perf_counter() - start) / 1e6
    finally:
        target.unlink(missing_ok=True)
