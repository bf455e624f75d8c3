"""The lab's delay: every packet entering the remote through its veth waits in the delay line.

Rule (inside the lab's namespace only, mangle table, nothing in the root namespace):
    PREROUTING -i <remote veth> -j NFQUEUE --queue-num 0
so ping, TCP handshakes, ssh, nc and rsync all see the delay: whatever crosses the link in
either direction needs a round trip, and every round trip passes this point once.

Why all of it on the remote's way in, none on its way out: a packet held on the *sending*
host still counts against its socket's TCP Small Queues budget until it leaves the veth, so a
delay on the remote's egress throttled downloads to 0.3 MB/s on a 100 Mbit/s, 40 ms link
(netem avoids this with skb_orphan_partial; a userspace queue cannot). On the receiving side
the packet already left its sender, as on a real wire. Round-trip times, and so everything
TCP and the protocols above it do, are the same; only the split of the one-way delays differs
(uploads arrive a full RTT after sending, the replies come back at once).

There is no `--queue-bypass`: if the delay line dies, the link stops instead of silently losing
its delay. The delay line runs inside the namespace but outside the remote's cgroup (it is the
wire, not the NAS) with SCHED_FIFO priority, so busy endpoints do not stretch the RTT.

Calibration: the userspace hop itself costs ~0.1-0.3 ms of round trip on this kind of machine.
So the lab measures the round trip (median TCP connect to a closed port: SYN in, RST out) with
zero added delay, sets the delay to (target - that), measures again and corrects once. On LAN
scenarios (0.2 ms) the hop alone is the target (ping: ~0.06 ms without the delay line, ~0.2 ms
through it) and sub-millisecond measurements from Python scatter by as much, so nothing is
added there. The measured RTT is recorded in the lab state and shown by `status`.
"""

from __future__ import annotations

import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .system import LabError, run

QUEUE = 0
CLOSED_PORT = 9  # nothing listens there in a lab namespace while it is calibrated
DELAYLINE = Path(__file__).with_name("delayline.py")


def install_rules(ns: str, dev: str) -> None:
    run(["ip", "netns", "exec", ns, "iptables", "-w", "-t", "mangle", "-A", "PREROUTING", "-i", dev,
         "-j", "NFQUEUE", "--queue-num", str(QUEUE)])


def start(ns: str, workdir: Path, delay_ms: float) -> subprocess.Popen:
    ready, control = workdir / "delayline.ready", workdir / "delayline.ms"
    ready.unlink(missing_ok=True)
    control.write_text(f"{delay_ms}\n")
    with open(workdir / "delayline.log", "ab") as log:
        proc = subprocess.Popen(
            ["ip", "netns", "exec", ns, sys.executable, str(DELAYLINE), "--queue", str(QUEUE),
             "--delay-ms", str(delay_ms), "--ready-file", str(ready), "--control", str(control)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    deadline = time.monotonic() + 10
    while not ready.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise LabError(f"the delay line did not start; see {workdir / 'delayline.log'}")
        time.sleep(0.02)
    return proc


def set_delay(proc: subprocess.Popen, workdir: Path, delay_ms: float) -> None:
    (workdir / "delayline.ms").write_text(f"{delay_ms}\n")
    proc.send_signal(1)  # SIGHUP: re-read the delay


def tcp_rtt_ms(host: str, port: int = CLOSED_PORT, samples: int = 25, timeout: float = 3) -> float:
    """Median time of a TCP connect (refused or accepted): one round trip through the link."""
    times = []
    for _ in range(samples):
        t = time.perf_counter()
        try:
            with socket.create_connection((host, port), timeout=timeout):
                pass
        except ConnectionRefusedError:
            pass
        times.append(time.perf_counter() - t)
        time.sleep(0.002)
    return statistics.median(times) * 1000


def calibrate(proc: subprocess.Popen, workdir: Path, host: str, rtt_ms: float) -> tuple[float, float]:
    """Set the added delay so the measured RTT matches rtt_ms. Returns (added_ms, measured_rtt_ms)."""
    tcp_rtt_ms(host, samples=5)  # warm up (ARP, caches)
    measured = tcp_rtt_ms(host)
    if rtt_ms < 1:  # below a millisecond the hop alone is about right, and the noise is as large
        return 0.0, measured
    applied, wanted = 0.0, max(0.0, rtt_ms - measured)
    samples = max(5, min(25, int(1000 / max(rtt_ms, 1))))
    for _ in range(2):
        if wanted == applied or abs(measured - rtt_ms) <= 0.02 * rtt_ms:
            break
        set_delay(proc, workdir, wanted)
        applied = wanted
        time.sleep(0.05)
        measured = tcp_rtt_ms(host, samples=samples)
        wanted = max(0.0, applied + (rtt_ms - measured))
    return applied, measured
