"""Parallel streams in the advice: when the model proposes them (one stream's own ceiling below what the
link, the disks and both sides' cores carry), how many, and that the race, not the model, lets them win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from app.core.advice.advisor import _link_ceilings
from app.core.advice.ranking import pick_entrants, rank
from app.core.advice.calibration import MAX_STARTUPS
from app.core.advice.model import corrected_by_race
from app.core.advice.race import Lap, key, label
from app.core.profile.link_profile import CipherProbe
from app.core.selection.stats import SelectionStats
from app.core.wording.advice import bottleneck_sentence, reason_sentence
from tests.unit.advice.test_model import AES128GCM, BIG, CHACHA, SMALL, fast_link, gigabit, ranking, wan, weak_nas

MANY_BIG = SelectionStats(files=40, bytes=40_000_000_000, largest=1_000_000_000)


def long_fat(rtt_ms: float = 200, tcp: float = 37.5, **changes):
    """300 Mbit/s over 200 ms (the lab's long-fat link): one ssh window carries ~10 MB/s."""
    return gigabit(rtt_ms=rtt_ms, tcp_up_MBps=tcp, tcp_down_MBps=tcp,
                   ciphers=[CipherProbe(AES128GCM, 10.0, 0.02, 0.02), CipherProbe(CHACHA, 10.0, 0.03, 0.03)],
                   **changes)


def secure_best(predictions):
    return next(p for p in predictions if p.secure)


def test_a_window_bound_link_gets_as_many_streams_as_fill_it() -> None:
    best = secure_best(ranking(long_fat(), MANY_BIG))
    o = best.candidate.options
    # 2 MiB ÷ 200 ms ≈ 10.5 MB/s a stream; the wire carries 36 MB/s of ssh: four streams fill it.
    assert best.candidate.method.parallel and o.streams == 4 and not o.mux
    one = next(p for p in ranking(long_fat(), MANY_BIG)
               if p.candidate.options == replace(o, streams=1) and p.candidate.method_id == best.candidate.method_id)
    assert one.stream_MBps < 11 and best.stream_MBps > 3 * one.stream_MBps
    assert "4 parallel streams" in reason_sentence(best, ranking(long_fat(), MANY_BIG), long_fat())
    assert label(best.candidate).endswith("4 streams)")


def test_no_streams_where_one_stream_already_fills_the_link() -> None:
    for profile, stats in ((gigabit(), BIG), (wan(), BIG), (wan(), SMALL)):
        assert all(p.candidate.options.streams == 1 for p in ranking(profile, stats)), profile.rtt_ms


def test_one_file_and_one_big_file_among_small_ones_take_no_more_streams_than_they_can_fill() -> None:
    one = SelectionStats(files=1, bytes=5_000_000_000, single_file=True, largest=5_000_000_000)
    assert all(p.candidate.options.streams == 1 for p in ranking(long_fat(), one))
    # 4.5 GB in one file and 500 MB beside it: the big file is one stream's share, so at most one more.
    lopsided = SelectionStats(files=101, bytes=5_000_000_000, largest=4_500_000_000)
    assert max(p.candidate.options.streams for p in ranking(long_fat(), lopsided)) == 1


def test_a_nas_with_one_slow_core_gets_no_streams() -> None:
    # sshd at a full core of a 1-core NAS: more connections share that core.
    assert all(p.candidate.options.streams == 1 for p in ranking(weak_nas(), MANY_BIG))


def test_a_very_long_link_stops_at_what_sshd_lets_log_in_at_once() -> None:
    far = long_fat(rtt_ms=600, tcp=110)  # a window carries 3.5 MB/s: 31 would fill the wire
    assert max(p.candidate.options.streams for p in ranking(far, MANY_BIG)) == MAX_STARTUPS


def test_many_small_files_spread_over_the_receivers_cores() -> None:
    profile = gigabit(per_file_ms={"tar-ssh": 0.40})
    best = secure_best(ranking(profile, SMALL))
    assert best.candidate.method_id == "tar-ssh" and best.candidate.options.streams == profile.remote_cores


@settings(max_examples=200, deadline=None)
@given(rtt=st.floats(0.05, 800), tcp=st.floats(1, 3000), cipher=st.floats(1, 3000), remote_cores=st.integers(1, 16),
       files=st.integers(1, 100_000), mb=st.integers(1, 100_000), largest_share=st.floats(0.0, 1.0))
def test_streams_are_never_predicted_to_carry_less_and_stay_within_their_bounds(
        rtt, tcp, cipher, remote_cores, files, mb, largest_share) -> None:
    nbytes = mb * 1_000_000
    largest = max(1, int(nbytes * largest_share)) if files > 1 else nbytes
    stats = SelectionStats(files=files, bytes=nbytes, largest=max(largest, nbytes // files))
    profile = gigabit(rtt_ms=rtt, tcp_up_MBps=tcp, remote_cores=remote_cores,
                      ciphers=[CipherProbe(AES128GCM, cipher, 0.5, 0.5)])
    predictions = ranking(profile, stats)
    plain = {(p.candidate.method_id, replace(p.candidate.options, streams=1)): p for p in predictions
             if p.candidate.options.streams == 1}
    for p in predictions:
        n = p.candidate.options.streams
        if n == 1:
            continue
        assert p.candidate.method.parallel and not p.candidate.options.mux
        assert 2 <= n <= min(MAX_STARTUPS, files)
        twin = plain[(p.candidate.method_id, replace(p.candidate.options, streams=1))]
        assert p.stream_MBps >= twin.stream_MBps * 0.999


def test_streams_race_beside_one_stream_and_win_only_when_they_measured_faster() -> None:
    predictions = ranking(long_fat(), MANY_BIG)
    entrants = pick_entrants(predictions, 3, allow_insecure=False)
    streams = entrants[0]
    assert streams.candidate.options.streams == 4
    one = entrants[1]
    assert (one.candidate.method_id, one.candidate.options) == \
        (streams.candidate.method_id, replace(streams.candidate.options, streams=1))
    # Measured as the model said: four streams first.
    laps = [Lap(streams.candidate, 30.0), Lap(one.candidate, 10.0)]
    assert rank(predictions, laps, MANY_BIG)[0].candidate == streams.candidate
    # The host's sshd throttled the extra connections: one stream measured faster, and is the pick;
    # the other variants on streams are judged by what the streams lap did, not by the model.
    laps = [Lap(streams.candidate, 9.0), Lap(one.candidate, 10.0)]
    ranked = rank(predictions, laps, MANY_BIG)
    assert ranked[0].candidate == one.candidate
    assert all(r.candidate.options.streams == 1 for r in ranked[:2])


# --- a long link where one TCP connection is held by its buffers ------------------------------------

def buffer_bound(**changes):
    """The lab's long-fat link as measured: one TCP connection 9 MB/s (its 4 MiB of buffers over 200 ms),
    four at once 23 MB/s; one ssh stream 8 MB/s."""
    return long_fat(tcp=9.2, tcp_up_all_MBps=23.0, **changes)


def test_one_connections_buffers_are_a_ceiling_of_each_stream_and_the_link_the_ceiling_of_all() -> None:
    predictions = ranking(buffer_bound(), MANY_BIG)
    one = next(p for p in predictions if p.secure and p.candidate.options.streams == 1)
    assert (one.limit, one.detail) == ("link", "tcp-window") and one.stream_MBps < 9.2
    best = secure_best(predictions)
    assert best.candidate.options.streams == 3  # 23 MB/s ÷ 8.9 MB/s a stream
    assert best.stream_MBps > 2 * one.stream_MBps
    assert bottleneck_sentence(one, buffer_bound()) == (
        "One TCP connection carries only 9.2 MB/s over a 200 ms round trip (what its buffers keep in flight) "
        "while the network carries 23 MB/s on several at once.")
    assert bottleneck_sentence(best, buffer_bound()).startswith("The network is the limit: it carries 23 MB/s")


def test_several_connections_that_carry_no_more_than_one_change_nothing() -> None:
    same = ranking(long_fat(tcp_up_all_MBps=38.0), MANY_BIG)
    assert [(p.candidate, round(p.seconds, 6)) for p in same] == \
        [(p.candidate, round(p.seconds, 6)) for p in ranking(long_fat(), MANY_BIG)]


def test_a_lap_on_streams_corrects_what_several_connections_carry_and_never_a_cipher() -> None:
    profile = buffer_bound()
    predictions = ranking(profile, MANY_BIG)
    streams = secure_best(predictions)
    corrected = corrected_by_race(profile, predictions, {streams.candidate: 40.0})
    assert corrected.tcp_up_all_MBps > 40 and corrected.tcp_up_MBps == profile.tcp_up_MBps
    assert [c.MBps for c in corrected.ciphers] == [c.MBps for c in profile.ciphers]
    # A raced variant on streams stays in the ranking when the corrected figures want another number.
    again = ranking_with(corrected, [streams.candidate])
    assert streams.candidate in {p.candidate for p in again}
    assert max(p.candidate.options.streams for p in again) > streams.candidate.options.streams


def ranking_with(profile, raced):
    from app.core.advice.model import predict_all
    from tests.unit.advice.test_model import caps
    return predict_all(profile, MANY_BIG, caps(), caps(), raced=raced)


def test_the_card_and_the_ranking_say_how_many_streams() -> None:
    best = secure_best(ranking(buffer_bound(), MANY_BIG))
    assert best.candidate.options.as_dict()["streams"] == 3
    assert key(best.candidate).endswith(" x3") and key(best.candidate) != key(replace(
        best.candidate, options=replace(best.candidate.options, streams=1)))


def test_whole_files_share_out_unevenly_and_the_number_of_streams_allows_for_it() -> None:
    eight = SelectionStats(files=8, bytes=200_000_000, largest=25_000_000)
    assert eight.streams_busy(3) == pytest.approx(8 / 3)  # 3, 3 and 2 files: as long as 2.67 busy streams
    assert eight.streams_busy(4) == 4
    # 8 photos and 40 small notes, on a link that 3 streams' windows would just fill: 3 streams would leave
    # it part empty (the photos share out 3, 3, 2), so 4.
    album = SelectionStats(files=48, bytes=210_000_000, largest=25_000_000)
    profile = long_fat(tcp=33.0)  # 32 MB/s of ssh: 3.05 windows
    best = secure_best(ranking(profile, album))
    assert best.candidate.options.streams == 4


@given(files=st.integers(0, 10_000), mb=st.integers(0, 100_000), share=st.floats(0.0, 1.0),
       streams=st.integers(1, 15))
def test_busy_streams_never_exceed_the_streams_or_the_parts_and_grow_with_the_streams(files, mb, share, streams) -> None:
    nbytes = mb * 1_000_000
    stats = SelectionStats(files=files, bytes=nbytes, largest=int(nbytes * share))
    busy = stats.streams_busy(streams)
    assert 1.0 <= busy <= max(1.0, min(streams, stats.parts()))
    assert stats.streams_busy(streams + 1) >= busy


def test_a_copys_race_knows_what_the_link_lets_each_entrant_move() -> None:
    """The ceilings a copy's race stops at: the measured link's, each entrant's own (streams on a window-bound
    link reach past one connection), none where raw TCP was not measured."""
    profile = long_fat(tcp=10.5, tcp_up_all_MBps=37.5)
    entrants = pick_entrants(ranking(profile, MANY_BIG), 3, False)
    ceilings = _link_ceilings(profile, entrants, download=False)
    one = [c for c in ceilings if c.options.streams == 1]
    many = [c for c in ceilings if c.options.streams > 1]
    assert one and many
    assert max(ceilings[c] for c in one) <= 10.5 < min(ceilings[c] for c in many) <= 37.5
    assert _link_ceilings(replace(profile, tcp_up_MBps=None), entrants, download=False) == {}


def test_a_copys_race_stops_at_the_links_ceiling_never_at_a_tools_calibrated_cpu() -> None:
    """On an unshaped link rsync's own work (a calibrated 500 MB/s a core) holds the rsync daemon below raw TCP:
    that is the model's guess, not a ceiling a lap proved, so the race's ceiling for it is the network's."""
    profile = fast_link(aes=True)
    entrants = pick_entrants(ranking(profile, BIG, insecure=True), 6, True)
    daemon = next(p for p in entrants if p.candidate.method_id == "rsync-daemon")
    assert (daemon.limit, daemon.detail) == ("link", "rsync") and daemon.components["link"] < 2500 * 0.9
    assert _link_ceilings(profile, entrants, download=False)[daemon.candidate] == pytest.approx(2500, rel=0.05)


def test_streams_no_lap_ran_on_are_no_gain_over_the_methods_fastest_lap_on_one() -> None:
    """The race timed one stream only (the streams variant came first when the race's figures were put
    back into the model): the untimed streams variant does not win on the model's word."""
    predictions = ranking(long_fat(), MANY_BIG)
    streams = next(p for p in predictions if p.secure and p.candidate.options.streams > 1)
    one = next(q for q in predictions if q.candidate.method_id == streams.candidate.method_id
               and q.candidate.options == replace(streams.candidate.options, streams=1))
    assert streams.seconds < one.seconds / 2  # the model's word
    laps = [Lap(one.candidate, one.stream_MBps)]
    ranked = rank(predictions, laps, MANY_BIG)
    assert ranked[0].candidate.options.streams == 1
    at = {r.candidate: r for r in ranked}
    assert at[streams.candidate].seconds >= at[one.candidate].seconds
    # Once a lap on streams ran, what it measured decides, as before.
    timed = rank(predictions, [*laps, Lap(streams.candidate, 3 * one.stream_MBps)], MANY_BIG)
    assert timed[0].candidate == streams.candidate
