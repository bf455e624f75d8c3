"""A copy's race races an entrant only where it could win back what a lap costs on what is left to copy: the
sums on the figures the lab's weak NAS gave (issue 12: three laps of 1-1.5 s each took a 13 s copy to 18 s),
and on a copy long enough for any lap to pay."""

from __future__ import annotations

import pytest

from app.core.advice.candidates import Candidate
from app.core.advice.race import WIN_BACK, Lap, _too_late, lap_cost
from app.core.events import RaceResult
from app.core.host.ssh_command import Options

MB = 1_000_000
TAR, RSYNC, SFTP = (Candidate(m, Options()) for m in ("tar-ssh", "rsync-ssh", "sftp"))


def _weak_nas_first_lap() -> tuple[list[Lap], list[float]]:
    # tar over ssh: 2.9 s, of which 65 MB went in at 45 MB/s once it flowed (1.44 s): the lap cost 1.46 s.
    return [Lap(TAR, 45.0, sent=65 * MB)], [2.9]


def test_a_lap_costs_its_time_less_what_its_bytes_take_at_the_best_pace() -> None:
    laps, walls = _weak_nas_first_lap()
    assert lap_cost(laps, walls) == pytest.approx(2.9 - 65 / 45)
    # A second, slower lap: its bytes are counted at the best lap's pace, so its slowness is a cost too.
    laps.append(Lap(RSYNC, 30.0, sent=45 * MB))
    walls.append(2.8)
    assert lap_cost(laps, walls) == pytest.approx(((2.9 - 65 / 45) + (2.8 - 1.0)) / 2)
    assert lap_cost([Lap(TAR, None, "it failed")], [3.0]) is None


def test_on_the_weak_nas_the_rest_of_a_13_s_copy_cannot_pay_for_another_lap() -> None:
    laps, walls = _weak_nas_first_lap()
    said: list[RaceResult] = []
    # 360 MB; the model put tar at 35 MB/s (it moved 45), rsync at 35 too: rsync a tenth faster than that would
    # save 0.60 s on the 295 MB left, less than the 1.46 s a lap costs.
    predicted = {TAR: 35.0, RSYNC: 35.0}
    assert _too_late(laps, walls, RSYNC, predicted, 360 * MB, said.append)
    assert said[0].skipped == ("not raced: what is left to copy (295 MB) is too little for rsync over ssh to win "
                               "back what a lap costs here (1.5 s)"), said[0].skipped
    assert said[0].MBps is None


def test_a_long_copy_or_a_method_predicted_well_ahead_still_races() -> None:
    laps, walls = _weak_nas_first_lap()
    # 3.6 GB: the same tenth saves about 7 s.
    assert not _too_late(laps, walls, RSYNC, {TAR: 35.0, RSYNC: 35.0}, 3600 * MB, print)
    # 360 MB, but sftp is predicted at twice tar's figure: it could save 3.3 s.
    assert not _too_late(laps, walls, SFTP, {TAR: 35.0, SFTP: 70.0}, 360 * MB, print)
    # Just above and below the line: the gain is linear in what is left.
    left_even = (2.9 - 65 / 45) / (1 / 45 - 1 / (45 * WIN_BACK)) * MB
    assert not _too_late(laps, walls, RSYNC, {TAR: 35.0, RSYNC: 35.0}, int(65 * MB + left_even * 1.05), print)
    assert _too_late(laps, walls, RSYNC, {TAR: 35.0, RSYNC: 35.0}, int(65 * MB + left_even * 0.95), print)


def test_nothing_to_go_by_means_it_races() -> None:
    laps, walls = _weak_nas_first_lap()
    assert not _too_late([], [], RSYNC, {TAR: 35.0, RSYNC: 33.0}, 360 * MB, print)  # no lap yet
    assert not _too_late(laps, walls, RSYNC, {}, 360 * MB, print)  # no prediction (advise's race)
    assert not _too_late([Lap(TAR, None, "it failed")], [3.0], RSYNC, {TAR: 35.0, RSYNC: 33.0}, 360 * MB, print)


def test_parallel_streams_and_their_one_stream_twin_always_race() -> None:
    four = Candidate("tar-ssh", Options(streams=4))
    laps, walls = [Lap(four, 45.0, sent=65 * MB)], [2.9]
    assert not _too_late(laps, walls, TAR, {four: 35.0, TAR: 33.0}, 360 * MB, print)
    laps, walls = _weak_nas_first_lap()
    assert not _too_late(laps, walls, four, {TAR: 35.0, four: 33.0}, 360 * MB, print)


def test_a_lap_in_a_scratch_folder_costs_its_whole_time() -> None:
    # The gigabit LAN, 600 MB of a large file and a tree: tar over ssh staged 300 MB at 118 MB/s in 2.55 s. A lap
    # of rsync into the staging folder would cost its start and end; one into a scratch folder (no fair part
    # left for it) throws all of its 2.55 s away, and a tenth faster than tar on the 300 MB left saves 0.23 s.
    laps, walls = [Lap(TAR, 118.0, sent=300 * MB)], [2.55]
    predicted = {TAR: 110.0, RSYNC: 110.0}
    assert not _too_late(laps, walls, RSYNC, predicted, 3000 * MB, print)
    assert _too_late(laps, walls, RSYNC, predicted, 3000 * MB, print, scratch=True)
    # A copy's race wholly in a scratch folder (nothing staged): the same sum on all of it.
    assert _too_late([Lap(TAR, 118.0)], walls, RSYNC, predicted, 600 * MB, print, scratch=True)
    assert not _too_late([Lap(TAR, 118.0)], walls, RSYNC, predicted, 6000 * MB, print, scratch=True)
