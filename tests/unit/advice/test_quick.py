"""When a copy goes at once (`copy --best`): the best secure method is predicted to finish within
QUICK_SECONDS, and before the link was measured, the selection is small enough for a slow network too."""

from __future__ import annotations

from dataclasses import replace

from app.core.advice.advisor import HELD_RACE_CLIMBS, QUICK_BYTES, QUICK_SECONDS, _quick
from app.core.advice.calibration import HELD_CLIMB_CPU_S, held_climb_s
from app.core.advice.ranking import rank
from app.core.profile.link_profile import LinkProfile
from app.core.selection.stats import SelectionStats
from tests.unit.advice.test_model import gigabit, ranking, wan

UNMEASURED = LinkProfile("nas", rtt_ms=0.3, remote_cores=4, remote_aes=True, local_cores=4, local_aes=True)


def ranked(profile: LinkProfile, stats: SelectionStats, insecure: bool = False):
    return rank(ranking(profile, stats, insecure), [], stats, unraced_climb=held_climb_s(profile))


def quick(profile: LinkProfile, stats: SelectionStats, known: bool, insecure: bool = False) -> bool:
    return _quick(ranked(profile, stats, insecure), stats, known, profile)


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


def best_secure_seconds(profile: LinkProfile, stats: SelectionStats) -> float:
    return next(r for r in ranked(profile, stats) if r.prediction.secure).seconds


def test_a_host_held_to_a_share_of_a_core_is_promised_at_that_share_and_still_copied_at_once() -> None:
    """The lab's starved NAS read as 3 % of a core: 24 MB there took 6-7 s copied at once and twice that raced. The
    glance before the copy (no cipher probes) promised it in 1-3 s from the host's two cores; at its share, longer,
    and a race there would cost more than the copy."""
    stats = SelectionStats(files=4, bytes=24_000_000)
    whole, held = UNMEASURED, replace(UNMEASURED, remote_cpu_share=0.03)
    assert held_climb_s(held) == HELD_CLIMB_CPU_S / 0.03
    assert best_secure_seconds(held, stats) > held_climb_s(held) + best_secure_seconds(whole, stats)
    assert best_secure_seconds(held, stats) > QUICK_SECONDS  # beyond the glance's limit on a host with a core
    assert best_secure_seconds(held, stats) <= QUICK_SECONDS + HELD_RACE_CLIMBS * held_climb_s(held)
    assert quick(held, stats, known=False)


def test_a_host_that_gives_a_core_or_most_of_one_is_taken_at_its_cores() -> None:
    stats = SelectionStats(files=4, bytes=24_000_000)
    for share in (0.35, 0.6, 0.95, 1.0):
        loaded = replace(UNMEASURED, remote_cpu_share=share)
        assert held_climb_s(loaded) == 0
        assert best_secure_seconds(loaded, stats) == best_secure_seconds(UNMEASURED, stats)
