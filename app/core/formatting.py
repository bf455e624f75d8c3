"""Numbers worded for people: sizes, rates and times, the same on the command line, in the window and in
the core's sentences ("1.2 GB", "38 MB/s", "0.31 s"), with the decimal point of the person's locale
("1,2 GB" in German: app.core.language). Units are SI symbols, the same in every language. Counts with
their nouns ("1 file", "2 files") are the catalogue's plural forms (`Words.tr(..., n=...)`), never built here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.language import Words, decimal

if TYPE_CHECKING:  # annotations only: the profile's types sit above these low modules
    from app.core.profile.link_profile import CipherProbe

# Under this many bytes a rate is noise (starting the copy takes all the time): such a selection is
# timed as a whole, and its advice speaks in seconds, not MB/s.
TOO_LITTLE_TO_TIME = 2**20


class FigureWords(Words):
    """Figures put in words: what a cipher cost each side (the translator's context)."""


def size(n: float) -> str:
    """Bytes in SI units, as file managers show them: 1.2 GB, 640 kB, 12 B."""
    for unit in ("B", "kB", "MB", "GB", "TB"):
        if n < 1000 or unit == "TB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{decimal(n, '.1f')} {unit}" if n < 100 else f"{n:.0f} {unit}"
        n /= 1000
    return f"{n:.0f} TB"


def mbps(value: float) -> str:
    """38 → "38", 6.0 → "6", 5.64 → "5.6": as precise as a person needs."""
    return f"{value:.0f}" if value >= 9.95 or value == int(value) else decimal(value, ".1f")


def rate(MBps: float | None) -> str:
    """MB/s (10^6 bytes a second) as a person reads it: "38 MB/s", "5.6 MB/s", "1.2 GB/s"; "—" unknown."""
    if MBps is None:
        return "—"
    if MBps >= 1000:
        return f"{decimal(MBps / 1000, '.1f')} GB/s"
    return f"{mbps(MBps)} MB/s"


def cipher_figures(probe: CipherProbe) -> str:
    """One ssh stream's rate and what it cost each side: "38 MB/s (CPU here 40%, there 95%)"."""
    return FigureWords.tr("{rate} (CPU here {here}, there {there})", rate=rate(probe.MBps),
                          here=f"{probe.local_cpu:.0%}", there=f"{probe.remote_cpu:.0%}")


def ms(value: float) -> str:
    """40.6416 → "41 ms", 0.213 → "0.21 ms": a round trip as a person says it."""
    return f"{value:.0f} ms" if value >= 9.5 else f"{decimal(value, '.2g')} ms"


def short_time(value: float) -> str:
    """0.3147 → "0.31 s", 12.4 → "12 s": a short time as a person says it."""
    return f"{value:.0f} s" if value >= 9.5 else f"{decimal(value, '.2g')} s"


def duration(seconds: float | None) -> str:
    """A longer time: "4.2 s", "42 s", "3 min 05 s", "1 h 02 min"; "—" unknown."""
    if seconds is None:
        return "—"
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"{decimal(seconds, '.1f')} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes} min {secs:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


def timed(nbytes: int) -> bool:
    """Enough bytes for a rate to mean something; below it the time a copy took is what counts."""
    return nbytes >= TOO_LITTLE_TO_TIME
