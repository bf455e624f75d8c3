"""What every probe gets, and helpers they share."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Callable

from app.core.host.session import Session
from app.core.host.link_loss import STALL_TIMEOUT

RANDOM_BLOCK = 4 * 1024 * 1024  # incompressible: zeros would measure compression, not the link
WRITE_SLICE = 256 * 1024  # a throughput probe writes this much at a time (and looks at the clock)

# A new TCP connection starts slowly and doubles what it has in flight each round trip (slow start): to
# fill 300 Mbit/s over 200 ms it needs about a dozen round trips, 2.4 s. A throughput probe sends that long
# more on a long link, and its rate counts only what moved after it (at most RAMP_MAX_S: a link still
# climbing after that is as slow as it looks).
RAMP_RTTS = 12
RAMP_MAX_S = 4.0
RAMP_FROM_S = 0.1  # on a LAN the climb is over in milliseconds: no need to wait for it


@dataclass
class ProbeContext:
    session: Session
    remote_dir: str | None = None      # destination folder (or its nearest existing parent)
    local_paths: list[str] | None = None  # the selection, for local read and compressibility
    budget: float = 2.0                 # seconds a throughput probe may send for
    stall: float = STALL_TIMEOUT        # seconds a probe's data may stand still before it counts as stuck
    ramp: float = 0.0                   # seconds the link takes to reach its speed (set from the round trip)
    rtt_s: float = 0.0                  # the round trip, where it was measured

    def ramp_for(self, rtt_ms: float | None) -> None:
        self.ramp = ramp_seconds(rtt_ms)
        self.rtt_s = (rtt_ms or 0.0) / 1000


def ramp_seconds(rtt_ms: float | None) -> float:
    """How long a new connection takes to reach the link's speed over this round trip (0 on a LAN)."""
    climb = RAMP_RTTS * (rtt_ms or 0.0) / 1000
    return min(climb, RAMP_MAX_S) if climb >= RAMP_FROM_S else 0.0


_block: bytes | None = None


def random_block() -> bytes:
    global _block
    if _block is None:
        _block = os.urandom(RANDOM_BLOCK)
    return _block


def now() -> float:
    return time.monotonic()


# A shell function: nanoseconds by the host's own clock. BusyBox's date has no %N (it prints it as
# it is): /proc/uptime's hundredths of a second are fine for timings of half a second and more.
NOW_NS = r"""
now_ns() {
  t=$(date +%s%N 2>/dev/null)
  case $t in ''|*[!0-9]*) read -r u _ < /proc/uptime; t=${u%.*}${u#*.}0000000 ;; esac
  echo "$t"
}
"""


def host_seconds(stdout: bytes) -> float | None:
    """Seconds between the two clock readings of an `ns START END` line, or None when it is not there."""
    parts = stdout.decode(errors="replace").split()
    if len(parts) >= 3 and parts[-3] == "ns" and parts[-2].isdigit() and parts[-1].isdigit():
        return (int(parts[-1]) - int(parts[-2])) / 1e9
    return None


def MBps(nbytes: float, seconds: float) -> float:
    return nbytes / seconds / 1e6 if seconds > 0 else 0.0


def steady_MBps(total: float, before_ramp: float, elapsed: float, ramp: float) -> float:
    """The rate once the link had climbed: what moved after the first `ramp` seconds, over the rest."""
    if ramp <= 0 or elapsed <= ramp or total <= before_ramp:
        return MBps(total, elapsed)
    return MBps(total - before_ramp, elapsed - ramp)


FLAT = 1.15  # a round trip that confirmed at most this many times the one before: the climb is levelling off


class Climb:
    """Whether a new connection has stopped climbing (TCP's slow start doubles what it confirms each round
    trip): the rate of two round trips in a row no more than FLAT times the one before. Most links level
    off well before RAMP_RTTS; the probe then times the rest of its time, not the climb's allowance."""

    def __init__(self, rtt_s: float) -> None:
        self.rtt_s, self.last, self.rates = rtt_s, None, []

    def over(self, t: float, acked: int) -> bool:
        if self.last is None or t - self.last[0] >= self.rtt_s:
            if self.last is not None:
                self.rates.append((acked - self.last[1]) / (t - self.last[0]))
            self.last = (t, acked)
        r = self.rates[-3:]
        return len(r) == 3 and r[0] > 0 and r[2] <= FLAT * r[1] and r[1] <= FLAT * r[0]


def send_for(write, seconds: float, ramp: float = 0.0, marks: list[float] | None = None,
             unacked: Callable[[], int] | None = None, acked: list[int] | None = None,
             rtt_s: float = 0.0) -> tuple[int, int]:
    """Call `write(block)` with random blocks for `ramp` + `seconds`: what was sent in all, and by the
    end of the ramp. `marks` gets when that count was taken and when the last write returned; `acked`
    what the far side had confirmed at those two moments (sent less `unacked()`, a socket's queue). With
    `unacked` and the round trip `rtt_s`, the ramp ends sooner where the climb is seen to be over."""
    block, sent, start = memoryview(random_block()), 0, now()
    at_ramp, ramp_at = (0, start) if ramp <= 0 else (-1, start)
    acked_at_ramp = 0
    climb = Climb(rtt_s) if unacked and ramp > 0 and rtt_s > 0 else None
    while now() < start + ramp + seconds:
        if at_ramp < 0 and (now() >= start + ramp or (climb and climb.over(now(), sent - unacked()))):
            at_ramp, ramp_at = sent, now()
            ramp = ramp_at - start  # the probe's own time runs from here
            acked_at_ramp = sent - unacked() if unacked else 0
        at = sent % len(block)
        piece = block[at:at + WRITE_SLICE]  # a slice at a time: a slow link takes the last one soon after time
        write(piece)
        sent += len(piece)
    if marks is not None:
        marks[:] = [ramp_at, now()]
    if acked is not None and unacked is not None:
        acked[:] = [acked_at_ramp, sent - unacked()]
    return sent, max(at_ramp, 0)
