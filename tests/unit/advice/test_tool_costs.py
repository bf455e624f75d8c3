"""What a race lap cost the host (its processes' CPU while data flowed) becomes the model's figure for that
method's own processes there: for its other variants (another cipher) and the bottleneck they meet."""

from __future__ import annotations

import pytest

from app.core.advice.correction import tool_costs_from_race, tool_costs_note
from app.core.advice.factors import Factor
from app.core.advice.race import Lap
from app.core.profile.link_profile import CipherProbe
from tests.unit.advice.test_model import AES128GCM, BIG, CHACHA, SMALL, gigabit, ranking


def variant(predictions, method: str, cipher: str):
    return next(p for p in predictions if p.candidate.method_id == method and p.candidate.options.cipher == cipher
                and p.candidate.options.compress == "none" and not p.candidate.options.mux
                and p.candidate.options.streams == 1)


def test_a_laps_cpu_less_sshd_is_the_methods_own_cost_and_prices_its_other_variants() -> None:
    # chacha20 probed clearly faster than AES-GCM (else it gives way to the default: app.core.advice.candidates)
    profile = gigabit(remote_cores=1, ciphers=[CipherProbe(CHACHA, 180, 0.35, 0.4), CipherProbe(AES128GCM, 112, 0.15, 0.2)])
    before = ranking(profile, BIG)
    raced = variant(before, "rsync-ssh", AES128GCM)
    # The lap moved 40 MB/s with the host's one core 90 % busy: 22.5 ms a MB, sshd's share of it known.
    lap = Lap(raced.candidate, 40.0, remote_cpu=0.9)
    learned = tool_costs_from_race(profile, before, [lap])
    own = learned.tool_cost("rsync-ssh", False)
    assert own == pytest.approx(0.9 / 40 - raced.remote_other_s_per_MB - raced.remote_file_s_per_MB)
    assert raced.remote_file_s_per_MB < 0.001 * own  # four files of 1 GB: creating them is next to nothing
    assert own > raced.remote_tool_s_per_MB  # rsync costs this host more than the calibrated figure
    assert learned.tool_cost("rsync-ssh", True) is None and learned.tool_cost("tar-ssh", False) is None
    assert tool_costs_note(learned, [lap]) == ("CPU per MB on the host, each method's own processes (measured in the "
                                               f"race): rsync over ssh {own * 1000:.0f} ms.")
    after = ranking(learned, BIG)
    other = variant(after, "rsync-ssh", CHACHA)  # not raced: priced with what the lap found
    assert other.remote_tool_s_per_MB == pytest.approx(own)
    assert other.stream_MBps < variant(before, "rsync-ssh", CHACHA).stream_MBps
    assert other.limit in (Factor.LINK, Factor.cipher_cpu("remote")) and other.side in ("remote", "")
    # The other methods keep their calibrated figures.
    assert variant(after, "tar-ssh", AES128GCM).remote_tool_s_per_MB == variant(before, "tar-ssh",
                                                                                AES128GCM).remote_tool_s_per_MB


def test_a_lap_whose_time_went_on_files_teaches_nothing() -> None:
    profile = gigabit(rtt_ms=5)
    before = ranking(profile, SMALL)
    raced = variant(before, "scp", AES128GCM)  # one file after another: waits on every file
    assert raced.per_file_s > 0.25 * (raced.seconds - raced.setup_s)
    assert tool_costs_from_race(profile, before, [Lap(raced.candidate, 3.0, remote_cpu=0.5)]) is profile


def test_laps_without_a_figure_teach_nothing() -> None:
    profile = gigabit()
    before = ranking(profile, BIG)
    raced = variant(before, "tar-ssh", AES128GCM)
    laps = [Lap(raced.candidate, 100.0), Lap(raced.candidate, None, "failed", remote_cpu=0.5)]
    assert tool_costs_from_race(profile, before, laps) is profile
