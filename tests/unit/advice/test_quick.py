"""When a copy goes at once (`copy --best`): the best secure method is predicted to finish within
QUICK_SECONDS, and before the link was measured, the selection is small enough for a slow network too."""

from __future__ import annotations

from app.core.advice.advisor import QUICK_BYTES, QUICK_SECONDS, _quick
from app.core.advice.ranking import rank
from app.core.profile.link_profile import LinkProfile
from app.core.selection.stats import SelectionStats
from tests.unit.advice.test_model import gigabit, ranking, wan

UNMEASURED = LinkProfile("nas", rtt_ms=0.3, remote_cores=4, remote_aes=True, local_cores=4, local_aes=True)


def quick(profile: LinkProfile, stats: SelectionStats, known: bool, insecure: bool = False) -> bool:
    return _quick(rank(ranking(profile, stats, insecure), [], stats), stats, known)


def test_a_few_megabytes_go_at_once_on_any_link() -> None:
    few = SelectionStats(files=40, bytes=2_000_000, dirs=2)
    assert quick(gigabit(), few, known=True)
    assert quick(wan(), few, known=True)            # 100 Mbit/s, 40 ms: well within the limit still
    assert quick(UNMEASURED, few, known=False)      # first contact: a glance is enough


def test_first_contact_needs_a_selection_small_enough_for_a_slow_network() -> None:
    over = SelectionStats(files=2, bytes=QUICK_BYTES + 1)
    assert not quick(UNMEASURED, over, known=False)
    assert quick(gigabit(), over, known=True)       # a gigabit link known to carry it in well under 3 s


def test_a_copy_the_measured_link_takes_longer_over_is_raced() -> None:
    stats = SelectionStats(files=4, bytes=int(11.8e6 * QUICK_SECONDS * 1.5))  # 1.5 × what wan() moves in the limit
    assert not quick(wan(), stats, known=True)
    many = SelectionStats(files=20_000, bytes=20_000_000, dirs=500)  # small, but a per-file cost on every one
    assert not quick(wan(), many, known=True)


def test_unencrypted_methods_do_not_decide_it() -> None:
    # Allowed or not, it is the best secure method's time that counts.
    stats = SelectionStats(files=40, bytes=2_000_000)
    assert quick(gigabit(), stats, known=True, insecure=True) == quick(gigabit(), stats, known=True)
