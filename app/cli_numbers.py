"""What each number on the command line may be: argparse `type=` functions that turn a word into a
number or say, in one sentence, what is wanted instead (argparse then exits 2 with it).

The bounds keep the core away from values it cannot use (no lap of 0 s to divide by, no port 0)
and from values no one means (a race of a day); each says why in its message.
"""

from __future__ import annotations

import argparse
import math
from typing import Callable

from app.core.language import Words, decimal
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import MAX_STREAMS
from app.core.host.link_loss import STALL_MAX_SECONDS, STALL_MIN_SECONDS

RACE_MAX_SECONDS = 60.0   # a lap longer than a minute measures nothing a shorter one does not
BUDGET_MAX_SECONDS = 10.0  # each probe is stopped after 20 s whatever its budget (profiler.PROBE_TIMEOUT)


class CliNumbers(Words):
    """The command line's sentences for a number it cannot take (the translator's context)."""


def _shown(text: str) -> str:
    """The word as given, quoted, on one line and not too long to read."""
    quoted = repr(text)
    return quoted if len(quoted) <= 40 else quoted[:36] + "…" + quoted[-1]


def whole_number(low: int, high: int, what: Callable[[], str]) -> Callable[[str], int]:
    """`what`: the number's name, said in the person's language when the message is made."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(CliNumbers.tr("{what} must be a whole number from {low} to {high}, "
                                                           "not {given}", what=what(), low=low, high=high,
                                                           given=_shown(text)))
        return value
    return parse


def seconds(high: float, what: Callable[[], str], low: float = 0.0) -> Callable[[str], float]:
    """Seconds above 0 (or from `low`, when given) and at most `high`."""
    def parse(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and (low <= value if low else 0 < value) and value <= high):
            if low:
                said = CliNumbers.tr("{what} must be a number of seconds from {low} to {high}, not {given}",
                                     what=what(), low=decimal(low, "g"), high=decimal(high, "g"),
                                     given=_shown(text))
            else:
                said = CliNumbers.tr("{what} must be a number of seconds above 0 and at most {high}, not {given}",
                                     what=what(), high=decimal(high, "g"), given=_shown(text))
            raise argparse.ArgumentTypeError(said)
        return value
    return parse


# What each number is called in its message, in the language of the moment (not the one at import).
race_count = whole_number(1, len(METHODS), lambda: CliNumbers.tr("the number of methods that race"))
race_seconds = seconds(RACE_MAX_SECONDS, lambda: CliNumbers.tr("each method's time in the race"))
probe_budget = seconds(BUDGET_MAX_SECONDS, lambda: CliNumbers.tr("each probe's time"))
stall_seconds = seconds(STALL_MAX_SECONDS, lambda: CliNumbers.tr("the time without data before the link counts as "
                                                                 "lost"), low=STALL_MIN_SECONDS)
port = whole_number(1, 65535, lambda: CliNumbers.tr("a port"))
streams = whole_number(1, MAX_STREAMS, lambda: CliNumbers.tr("the number of parallel streams"))
