"""The window's own lines: the host step, the recommendation card, the race, the bottleneck chart while
the probes come in, and the question before quitting (the command line lays out the same facts its own way)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.advice.factors import Factor
from app.core.formatting import duration, rate, short_time, size, timed
from app.core.wording.profile import cipher_name

if TYPE_CHECKING:
    from app.core.advice.advisor import Ranked


# The window's lines (the command line has its own layout of the same facts).

def connected_summary(where: str, user: str, password: bool, cores: int, aes: bool, tools: list[str],
                      note: str = "") -> str:
    """"Connected to nas (192.0.2.7) as ann · 4 cores, AES instructions · rsync, tar"."""
    cpu = f"{cores} cores" + (", AES instructions" if aes else "") if cores else "CPU unknown"
    how = " with a password" if password else ""
    said = f"Connected to {where} as {user}{how} · {cpu} · {', '.join(tools) or 'no extra tools'}"
    return said + (f"<br>{note}" if note else "")


def demo_summary(description: str, destination: str) -> str:
    return (f"This demo host is this computer, reached over SSH ({description}). Copies go to {destination}, "
            "which is removed when you close the window.")


def connecting(host: str) -> str:
    return f"Connecting to {host}…"


def could_not_connect(host: str) -> str:
    return f"Could not connect to {host}"


def making_key(host: str) -> str:
    return f"Making a key and adding it to {host}…"


def fetching_key(host: str) -> str:
    return f"{host} is new: fetching its key fingerprint…"


def key_uncheckable(host: str) -> str:
    return f"The key of {host} cannot be checked"


def compare_fingerprint(host: str) -> str:
    return f"Compare the fingerprint of {host} before trusting it."


def remembering_key(host: str) -> str:
    return f"Remembering the key of {host}…"


def key_not_trusted(host: str) -> str:
    return f"Not connected: the key of {host} was not trusted, so nothing was sent to it."


def advice_ready(seconds: float) -> str:
    return f"Measured and raced in {duration(seconds)}. Copy now, or find again after a change."


def copies_then_checks(method: str) -> str:
    return f"Copies with {method}, then checks the far side."


def speed_words(ranked: Ranked, total_bytes: int) -> str:
    """A recommendation's speed and time: "38 MB/s measured on your files · about 12 s for 460 MB"."""
    if not timed(total_bytes):  # too little for a rate: the whole copy's time
        how = "timed on your files" if ranked.timed else "predicted"
        return f"about {duration(ranked.seconds)} for {size(total_bytes)}, {how}"
    how = "measured on your files" if ranked.measured_MBps else "predicted"
    speed = rate(ranked.measured_MBps or ranked.prediction.MBps)
    return f"{speed} {how} · about {duration(ranked.seconds)} for {size(total_bytes)}"


def others_words(others: list[Ranked], total_bytes: int) -> str:
    """The next best of the other methods, so the choice does not look arbitrary."""
    rest = []
    for r in others:
        if not timed(total_bytes):
            rest.append(f"{r.candidate.label} {duration(r.seconds)} {'timed' if r.timed else 'predicted'}")
        else:
            how = "measured" if r.measured_MBps else "predicted"
            rest.append(f"{r.candidate.label} {rate(r.measured_MBps or r.prediction.MBps)} {how}")
    return ("Others: " + " · ".join(rest)) if rest else ""


def race_fastest(label: str, MBps: float) -> str:
    return f"Fastest on your files: {label} at {rate(MBps)}."


def race_quickest(label: str, seconds: float) -> str:
    return f"Quickest on your files: {label}, all of them in {short_time(seconds)}."


def lap_failed(label: str, error: str) -> str:
    return f"{label} failed: {error}"


def stop_and_quit(copying: bool) -> str:
    what = "A copy" if copying else "The measurement"
    return (f"{what} is still running. Stop it and quit? Nothing half-written is left at the destination, and "
            "the helpers started on the host are removed.")


# The window's bottleneck chart (step 3), while the probes come in.
IDLE_CHART = "Press “Find the fastest way”: each measurement appears here as it finishes."


MEASURING = "Measuring: the round trip, the network, ssh with each cipher, the disks…"


ADVICE_STOPPED = "Stopped before the measurements were complete."


_SLOW_STEP = {Factor.LINK: "the network", "network-all": "the network on several connections at once",
              Factor.REMOTE_DISK: "the destination disk",
              Factor.LOCAL_DISK: "reading your files"}


def slowest_so_far(key: str, MBps: float) -> str:
    """The lowest ceiling measured so far (a chart row: a factor, or `cipher:NAME`), before the advice."""
    if key.startswith("cipher:"):
        cipher = cipher_name(key.removeprefix("cipher:"))
        what = f"ssh encryption, {rate(MBps)} with its fastest cipher so far ({cipher})"
    else:
        what = f"{_SLOW_STEP.get(key, key)}, {rate(MBps)}"
    return f"Slowest step so far: {what}. The verdict comes after the race."
