"""Numbers worded for people: sizes, rates, durations, counts."""

from __future__ import annotations

from app.core.selection.entries import TOO_LITTLE_TO_TIME
from app.core.wording import mbps, noun, size  # size: one wording of sizes for the core and the window


def rate(MBps: float | None) -> str:
    if MBps is None:
        return "—"
    if MBps >= 1000:
        return f"{MBps / 1000:.1f} GB/s"
    return f"{mbps(MBps)} MB/s"


def duration(seconds: float | None) -> str:
    if seconds is None:
        return "—"
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def count(n: int, word: str, many: str | None = None) -> str:
    """"1 file", "2 files", with a thin space between thousands."""
    return f"{n:,} {noun(n, word, many)}".replace(",", "\u2009")


def timed(nbytes: int) -> bool:
    """Enough bytes for a rate to mean something; below it the time a copy took is what counts."""
    return nbytes >= TOO_LITTLE_TO_TIME
