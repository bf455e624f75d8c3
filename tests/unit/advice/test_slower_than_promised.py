"""A copy clearly slower than the advice promised says what was measured of why: its rate falling as it went,
files that cost more each than the race showed, or a rate below its lap's from its start."""

from __future__ import annotations

import pytest

from app.core.advice import follow
from app.core.advice.ranking import Ranked
from app.core.advice.factors import Factor
from app.core.advice.model import Candidate, Prediction
from app.core.events import Progress, TransferResult
from app.core.host.ssh_command import Options


def paced(rates: list[float], seconds: float = 9.0) -> follow.Pace:
    """Progress four times a second at `rates` MB/s, each for an equal share of `seconds`."""
    seen: list[object] = []
    pace = follow.Pace(seen.append)
    done, ticks = 0, int(seconds * 4)
    for i in range(ticks + 1):
        pace.samples.append((i / 4, done))  # as __call__ stamps them, on a clock of the test's own
        done += int(rates[min(i * len(rates) // ticks, len(rates) - 1)] * 1e6 / 4)
    pace(Progress(done, done, 0.0, seconds))
    assert seen and isinstance(seen[0], Progress)  # every event still reaches the caller
    pace.samples.pop()
    return pace


def result(files: int, nbytes: int, seconds: float) -> TransferResult:
    return TransferResult("tar-ssh", {}, files, nbytes, seconds, True, "sizes", "")


def promised(lap: float | None) -> Ranked:
    p = Prediction(Candidate("tar-ssh", Options()), True, 100.0, 5.0, Factor.LINK, {Factor.LINK: 100.0})
    return Ranked(p, lap, 5.0)


def test_a_copy_that_slowed_as_it_went_says_so_with_both_rates() -> None:
    why = follow.why_slower(paced([100, 60, 30]), result(4, 1_700_000_000, 9.0), promised(100.0))
    assert why.startswith("it slowed as it went, from 100 MB/s in its first third to 30 MB/s")


def test_many_small_files_cost_more_each() -> None:
    why = follow.why_slower(paced([10, 10, 10]), result(20_000, 90_000_000, 9.0), promised(20.0))
    assert why == "its 20\u2009000 files cost more each than the race's sample of them showed"


def test_a_steady_copy_below_its_lap_says_it_from_the_start() -> None:
    why = follow.why_slower(paced([40, 40, 40]), result(4, 360_000_000, 9.0), promised(60.0))
    assert why.startswith("it moved 40 MB/s from the start where its lap in the race moved 60")


@pytest.mark.parametrize("lap", [None, 30.0])
def test_nothing_measured_says_nothing_rather_than_a_guess(lap) -> None:
    assert follow.why_slower(paced([40, 40, 40]), result(4, 360_000_000, 9.0), promised(lap)) == ""
    # Two seconds have no thirds worth comparing: nothing is said of a fall.
    assert follow.why_slower(paced([40, 10], seconds=2.0), result(4, 50_000_000, 2.0), promised(lap)) == ""
