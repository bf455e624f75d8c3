"""Copying with the advice (`copy --best`, the window's Copy now): the copy runs with the pick's method and
options and takes the selection the advice read, when it copies what the advice was asked about."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.advice.advisor import AdviceRequest
from app.core.advice.recommendation import Advice, Recommendation
from app.core.advice.ranking import Ranked
from app.core.advice.follow import advised_request, lesson
from app.core.advice.model import Candidate, Prediction
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import LinkProfile
from app.core.selection.entries import Entry, Selection
from app.core.transfer.engine import CopyRequest
from app.core.transfer.existing import Existing
from app.core.host.ssh_command import Options
from app.core.events import TransferResult

CIPHER = "aes128-gcm@openssh.com"
SELECTION = Selection(["/home/ann/photos"], [Entry("photos", "dir"), Entry("photos/a.jpg", "file", 1000)])


def advice(download: bool = False) -> tuple[Advice, Recommendation]:
    candidate = Candidate("tar-ssh", Options(cipher=CIPHER, download=download))
    ranked = Ranked(Prediction(candidate, True, 60.0, 1.0, "link", {"link": 60.0}), 60.0, 1.0)
    pick = Recommendation(ranked, "It streams.", "tar -c … | ssh nas 'tar -x …'",
                          options=replace(candidate.options, owners=True))
    asked = AdviceRequest(["photos"], "backup", download, owners=True)
    return Advice(LinkProfile("nas"), SelectionStats.of(SELECTION), [ranked], "link", "The network.", pick, pick,
                  request=asked, selection=SELECTION, sources=["/home/ann/photos"], dest="/srv/backup"), pick


def test_the_copy_of_what_was_advised_takes_its_selection_and_its_pick() -> None:
    a, pick = advice()
    asked = CopyRequest(["photos"], "backup", "", Options(), verify_hashes=True, existing=Existing.NEWER, mirror=True)
    req = advised_request(a, pick, asked)
    assert req.selection is SELECTION
    assert (req.sources, req.dest) == (["/home/ann/photos"], "/srv/backup")  # as the advice resolved them
    assert (req.method, req.options) == ("tar-ssh", Options(cipher=CIPHER, owners=True))
    assert (req.verify_hashes, req.existing, req.mirror) == (True, Existing.NEWER, True)  # the copy's own choices


def test_other_files_another_place_or_a_resume_are_read_again() -> None:
    a, pick = advice()
    for asked in (CopyRequest(["photos", "videos"], "backup", ""), CopyRequest(["photos"], "elsewhere", "")):
        req = advised_request(a, pick, asked)
        assert req.selection is None and (req.sources, req.dest) == (asked.sources, asked.dest)
        assert req.method == "tar-ssh"
    req = advised_request(a, pick, CopyRequest(["photos"], "backup", ""), rescan=True)
    assert req.selection is None and req.sources == ["photos"]


def test_the_direction_is_the_copys() -> None:
    a, pick = advice(download=False)
    req = advised_request(a, pick, CopyRequest(["photos"], "backup", "", Options(download=True)))
    assert req.selection is None and req.options.download


def _result(seconds: float, nbytes: int = 100_000_000, sent: int | None = None) -> TransferResult:
    return TransferResult("tar-ssh", {}, 10, nbytes, seconds, True, "sizes", "", sent=sent)


def test_a_copy_teaches_how_far_off_the_promise_was() -> None:
    promised = Ranked(Prediction(Candidate("tar-ssh", Options()), True, 60.0, 1.0, "link", {"link": 60.0}), 60.0,
                      seconds=4.0)
    assert lesson(promised, _result(6.0), same_selection=True) == pytest.approx(1.5)
    # What an earlier lesson added to the promise is taken out: the model's own prediction is what is taught.
    allowed = replace(promised, seconds=6.0, allowed=1.5)
    assert lesson(allowed, _result(6.0), same_selection=True) == pytest.approx(1.5)


@pytest.mark.parametrize("why,promised_s,result", [
    ("other files than the advice read", 4.0, _result(6.0)),
    ("too little sent to time: the rest was there already", 4.0, _result(6.0, sent=1000)),
    ("too little to time", 4.0, _result(6.0, nbytes=1000)),
    ("a copy of under a second is mostly starting up", 4.0, _result(0.9)),
])
def test_a_copy_teaches_nothing_when_the_promise_was_not_for_it(why: str, promised_s: float,
                                                                  result: TransferResult) -> None:
    promised = Ranked(Prediction(Candidate("tar-ssh", Options()), True, 60.0, 1.0, "link", {"link": 60.0}), 60.0,
                      seconds=promised_s)
    assert lesson(promised, result, same_selection=why != "other files than the advice read") is None, why


def test_a_copy_of_the_rest_is_promised_and_teaches_by_the_rest() -> None:
    # 100 MB promised in 4 s, 1 s of it set-up and commands: a copy whose race staged 60 MB (or found them
    # there) is promised 1 s and 40 % of the other 3, and what it took is taught against that.
    promised = Ranked(Prediction(Candidate("tar-ssh", Options()), True, 25.0, 4.0, "link", {"link": 25.0}), 25.0,
                      seconds=4.0, fixed_s=1.0)
    assert promised.for_part(40_000_000, 100_000_000) == pytest.approx(2.2)
    assert promised.for_part(100_000_000, 100_000_000) == 4.0 and promised.for_part(0, 100_000_000) == 1.0
    assert lesson(promised, _result(3.3, sent=40_000_000), same_selection=True) == pytest.approx(1.5)
    # An earlier lesson of 2 (8 s promised) scaled the fixed part too; the model's own part is what is taught.
    allowed = replace(promised, seconds=8.0, allowed=2.0)
    assert allowed.for_part(40_000_000, 100_000_000) == pytest.approx(4.4)
    assert lesson(allowed, _result(3.3, sent=40_000_000), same_selection=True) == pytest.approx(1.5)
    # A lap that copied the whole selection was the copy: its time is what it took, however much is left.
    assert replace(promised, timed=True).for_part(40_000_000, 100_000_000) == 4.0
