"""Numbers worded for people: sizes, rates, durations, counts."""

from __future__ import annotations

from app.core.wording import mbps


def size(n: float) -> str:
    """Bytes in SI units, as file managers show them: 1.2 GB, 640 kB, 12 B."""
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}" if n < 100 else f"{n:.0f} {unit}"
        n /= 1000
    return f"{n:.0f} TB"


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


def count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else plural or word + 's'}".replace(",", "\u2009")
