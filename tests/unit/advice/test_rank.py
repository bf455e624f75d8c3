"""The race corrects the ranking: what a method measured also tells how far its other variants'
predictions are off."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.advice.ranking import FAR_BEHIND, pick_entrants, rank
from app.core.profile.link_profile import CipherProbe
from app.core.advice.race import Lap
from app.core.selection.stats import SelectionStats
from tests.unit.advice.test_model import AES128GCM, BIG, CHACHA, SMALL, gigabit, ranking


def test_an_unraced_variant_inherits_its_methods_correction() -> None:
    # tar-ssh raced over the session's shared connection at 90% of its prediction; its variant on a
    # connection of its own is ahead of it on paper.
    profile = gigabit(tcp_up_MBps=300, ciphers=[CipherProbe(AES128GCM, 200, 0.9, 0.5), CipherProbe(CHACHA, 150, 0.9, 0.5)])
    predictions = ranking(profile, BIG)

    def tar_ssh(mux: bool):
        return next(p for p in predictions if p.candidate.method_id == "tar-ssh" and p.candidate.options.cipher == AES128GCM
                    and p.candidate.options.compress == "none" and p.candidate.options.mux is mux
                    and p.candidate.options.streams == 1)

    raced, own = tar_ssh(True), tar_ssh(False)
    assert own.seconds < raced.seconds
    # Other methods raced as predicted: the median correction alone would leave the other variant ahead.
    others = [p for p in predictions if p.candidate.method_id in ("scp", "sftp")][:2]
    laps = [Lap(raced.candidate, 0.9 * raced.stream_MBps)] + [Lap(p.candidate, p.stream_MBps) for p in others]
    ranked = rank(predictions, laps, BIG)
    order = [r.candidate for r in ranked]
    assert order.index(raced.candidate) < order.index(own.candidate)
    # (an unraced candidate counts 10 % slower than its figure: even so, uncorrected it would be ahead)
    assert 1.1 * own.seconds < next(r for r in ranked if r.candidate == raced.candidate).seconds


def test_both_unencrypted_methods_race_beside_the_best_secure_one() -> None:
    # On gigabit the model puts secure methods near the wire, within reach of the unencrypted ones.
    predictions = ranking(gigabit(), SMALL, insecure=True)
    top = [p.candidate.method_id for p in pick_entrants(predictions, 3, allow_insecure=True)]
    assert set(top) >= {"tar-nc", "rsync-daemon"} and len(top) == 3
    # The secure one runs first: the first lap pays for cold caches, and the close call is the other two's.
    assert [p.secure for p in pick_entrants(predictions, 3, allow_insecure=True)] == [True, False, False]
    # With room for two: the best of each kind; with more room, the next best methods join.
    two = pick_entrants(predictions, 2, allow_insecure=True)
    assert sorted(p.secure for p in two) == [False, True]
    five = pick_entrants(predictions, 5, allow_insecure=True)
    assert len({p.candidate.method_id for p in five}) == len(five) >= 4
    # ...those that are a close call: one predicted to take twice the best one's time or more stays out
    # (the best secure method and the unencrypted ones race whatever their prediction).
    quickest = min(p.seconds for p in predictions)
    best_secure = next(p for p in predictions if p.secure)
    assert all(p.seconds <= FAR_BEHIND * quickest or not p.secure or p is best_secure for p in five)
    # Without permission only secure methods race, the top three by prediction.
    secure = ranking(gigabit(), SMALL)
    close = [p for p in secure if p.seconds <= FAR_BEHIND * min(q.seconds for q in secure)]
    assert [p.candidate.method_id for p in pick_entrants(secure, 3, allow_insecure=False)] == \
        list(dict.fromkeys(p.candidate.method_id for p in close))[:3]


def test_a_lap_of_the_whole_selection_counts_with_its_own_time() -> None:
    # The model gives the rsync daemon a longer set-up than netcat; on a short copy that decides it,
    # unless the race copied the whole selection and timed both.
    small = SelectionStats(files=4, bytes=60_000_000)
    predictions = ranking(gigabit(), small, insecure=True)
    nc = next(p for p in predictions if p.candidate.method_id == "tar-nc")
    daemon = next(p for p in predictions if p.candidate.method_id == "rsync-daemon")
    assert daemon.setup_s > nc.setup_s
    laps = [Lap(nc.candidate, 60.0, seconds=1.45), Lap(daemon.candidate, 60.0, seconds=1.2)]
    first = lambda ranked: next(r for r in ranked if not r.prediction.secure).candidate.method_id  # noqa: E731
    assert first(rank(predictions, laps, small)) == "tar-nc"  # a sample: rates and the model's set-up
    ranked = rank(predictions, laps, small, whole=True)
    assert first(ranked) == "rsync-daemon"
    assert next(r for r in ranked if r.candidate == daemon.candidate).seconds == 1.2


def test_the_reason_quotes_rates_on_the_basis_the_ranking_used() -> None:
    # A whole-selection lap of tar over ssh took 0.44 s for 31.5 MB, login included (its flow rate,
    # from ticks, said 65 MB/s); scp, unraced, is predicted 0.38 s (83 MB/s) and ranks behind it with
    # the unraced margin. The reason must not say "65 MB/s, ahead of scp at 83 MB/s".
    from app.core.advice.recommendation import sentence_rates
    from app.core.wording.advice import reason_sentence
    small = SelectionStats(files=200, bytes=31_500_000)
    predictions = [p for p in ranking(gigabit(), small) if p.candidate.options.compress == "none"
                   and not p.candidate.options.mux]
    tar = next(p for p in predictions if p.candidate.method_id == "tar-ssh")
    ranked = rank(predictions, [Lap(tar.candidate, 65.0, seconds=small.bytes / 1e6 / (0.97 * tar.MBps))],
                  small, whole=True)
    assert ranked[0].candidate == tar.candidate and ranked[0].timed
    quoted = sentence_rates(ranked, small)
    chosen = next(p for p in quoted if p.candidate == tar.candidate)
    assert all(chosen.MBps >= p.MBps for p in quoted)
    assert reason_sentence(chosen, quoted, gigabit(), frozenset([tar.candidate])).startswith(
        f"tar over ssh (with cipher {tar.candidate.options.cipher}) is measured at {chosen.MBps:.0f} MB/s")



def test_a_measurement_ahead_of_a_slightly_higher_prediction_is_said_so() -> None:
    from app.core.wording.advice import reason_sentence
    predictions = [p for p in ranking(gigabit(), BIG) if p.candidate.method_id in ("tar-ssh", "scp")
                   and p.candidate.options.compress == "none" and not p.candidate.options.mux]
    tar = next(p for p in predictions if p.candidate.method_id == "tar-ssh")
    scp = next(p for p in predictions if p.candidate.method_id == "scp")
    measured = replace(tar, MBps=60.0)
    sentence = reason_sentence(measured, [measured, replace(scp, MBps=66.0)], gigabit(), frozenset([tar.candidate]))
    assert sentence == (f"tar over ssh (with cipher {tar.candidate.options.cipher}) is measured at 60 MB/s; scp is "
                        "predicted at 66 MB/s, too close to trust over a measurement.")


def test_the_card_says_the_same_choice_in_plain_words() -> None:
    # The card's headline names the method and its speed line the rate: its reason names the rival in
    # plain words, with the rate the expert's reason quotes, and neither tool nor cipher.
    from app.core.wording.advice import reason_sentence
    from app.core.wording.advice_card import card_reason
    predictions = [p for p in ranking(gigabit(), SMALL) if p.candidate.method_id in ("tar-ssh", "scp")
                   and p.candidate.options.compress == "none" and not p.candidate.options.mux]
    tar = next(p for p in predictions if p.candidate.method_id == "tar-ssh")
    scp = next(p for p in predictions if p.candidate.method_id == "scp")
    raced = frozenset([tar.candidate, scp.candidate])
    expert = reason_sentence(tar, [tar, scp], gigabit(), raced)
    card = card_reason(tar, [tar, scp], gigabit(), raced)
    rival = f"{scp.MBps:.0f} MB/s"
    assert "scp" in expert and rival in expert
    assert card == (f"Ahead of “OpenSSH's secure copy” ({rival} measured): it does not pause on every file as "
                    "that one does.")
    assert card_reason(tar, [tar, scp], gigabit()).startswith(f"Ahead of “OpenSSH's secure copy” ({rival} predicted)")
    # Laps that copied the whole selection were timed: the card's other figures say "timed", and so does this.
    assert card_reason(tar, [tar, scp], gigabit(), raced, timed=raced).startswith(
        f"Ahead of “OpenSSH's secure copy” ({rival} timed): ")
    assert card_reason(tar, [tar], gigabit()) == "The only secure method that can run here."
    measured = replace(tar, MBps=60.0)
    assert card_reason(measured, [measured, replace(scp, MBps=66.0)], gigabit(), frozenset([tar.candidate])) == (
        "“OpenSSH's secure copy” is predicted at 66 MB/s, too close to trust over what was measured.")


def test_the_card_says_a_small_selections_choice_in_seconds() -> None:
    from app.core.wording.advice_card import small_card_reason
    tiny = SelectionStats(files=3, bytes=30_000)
    predictions = [p for p in ranking(gigabit(), tiny) if p.candidate.method_id in ("tar-ssh", "sftp")
                   and p.candidate.options.compress == "none" and not p.candidate.options.mux]
    each = [min((p for p in predictions if p.candidate.method_id == m), key=lambda p: p.seconds)
            for m in ("tar-ssh", "sftp")]
    first, second = sorted(each, key=lambda p: p.seconds)
    said = small_card_reason(first, [first, second], frozenset([first.candidate, second.candidate]))
    assert said.startswith("Ahead of “") and said.endswith(" timed): with this little data, the quicker start decides.")
    assert "ssh" not in said and "sftp" not in said


def test_a_method_that_keeps_links_wins_a_near_tie_when_the_selection_has_links() -> None:
    # scp and sftp both speak SFTP and come out alike; scp turns links into copies of their targets.
    plain = SelectionStats(files=3, bytes=300_000_000)
    predictions = [p for p in ranking(gigabit(), plain) if p.candidate.method_id in ("scp", "sftp")]
    scp = next(p for p in predictions if p.candidate.method_id == "scp")
    sftp = next(p for p in predictions if p.candidate.method_id == "sftp")
    laps = [Lap(scp.candidate, 100.0), Lap(sftp.candidate, 96.0)]  # scp measured 4 % faster
    assert rank(predictions, laps, plain)[0].candidate.method_id == "scp"
    with_links = replace(plain, links=2)
    assert rank(predictions, laps, with_links)[0].candidate.method_id == "sftp"
    # Clearly faster still wins, and the reason then says what happens to the links (test_advise checks it).
    laps = [Lap(scp.candidate, 100.0), Lap(sftp.candidate, 60.0)]
    assert rank(predictions, laps, with_links)[0].candidate.method_id == "scp"


def test_a_method_that_raced_faster_ranks_first_whatever_its_prediction() -> None:
    # The model expects scp to pause on each of 15 000 files and puts it far behind tar over ssh; on a
    # sample of the user's files (not the whole of them) scp raced faster. The race's rates decide.
    predictions = ranking(gigabit(), SMALL)
    tar = next(p for p in predictions if p.candidate.method_id == "tar-ssh")
    scp = next(p for p in predictions if p.candidate.method_id == "scp")
    assert scp.seconds > 3 * tar.seconds
    laps = [Lap(tar.candidate, 90.0), Lap(scp.candidate, 110.0)]
    ranked = rank(predictions, laps, SMALL)
    assert ranked[0].candidate == scp.candidate
    assert ranked[0].seconds < next(r for r in ranked if r.candidate == tar.candidate).seconds


def test_a_method_that_would_lose_hard_links_or_holes_comes_after_every_one_that_keeps_them() -> None:
    predictions = ranking(gigabit(), BIG)
    first = rank(predictions, [], BIG)[0].candidate.method_id
    losing = {"scp": ["hardlinks"], "sftp": ["hardlinks"], first: ["sparse"]}
    ranked = [r.candidate.method_id for r in rank(predictions, [], BIG, losing=losing)]
    kept = [i for i, m in enumerate(ranked) if not losing.get(m)]
    lost = [i for i, m in enumerate(ranked) if losing.get(m)]
    assert kept and max(kept) < min(lost)


def test_what_copies_to_the_host_taught_stretches_the_promise() -> None:
    predictions = ranking(gigabit(), BIG)
    plain = {r.candidate: r.seconds for r in rank(predictions, [], BIG)}
    order = [r.candidate.method_id for r in rank(predictions, [], BIG)]
    assert order.index("scp") < order.index("sftp")
    taught = rank(predictions, [], BIG, lessons={"scp": 2.0, "sftp": 1.0})
    for r in taught:
        # A method no copy taught about is as far off as the median of those that did (1.5 here).
        allowed = {"scp": 2.0, "sftp": 1.0}.get(r.candidate.method_id, 1.5)
        assert r.allowed == allowed and r.seconds == pytest.approx(plain[r.candidate] * allowed)
    # scp, taught to be twice as slow as predicted, falls behind sftp, which kept its promises.
    order = [r.candidate.method_id for r in taught]
    assert order.index("sftp") < order.index("scp")


def test_a_method_far_behind_on_paper_does_not_race() -> None:
    """scp and sftp over 40 000 small files: predicted several times tar's time, a lap of theirs is seconds
    of the user's wait that cannot change the pick."""
    tree = SelectionStats(files=40_000, bytes=450_000_000, dirs=40)
    predictions = ranking(gigabit(), tree)
    quickest = min(p.seconds for p in predictions)
    raced = pick_entrants(predictions, 3, allow_insecure=False)
    assert raced and all(p.seconds <= FAR_BEHIND * quickest for p in raced)
    assert any(p.seconds > FAR_BEHIND * quickest for p in predictions)  # there were some to leave out


def test_a_lap_slower_to_start_than_predicted_adds_the_difference_and_the_median_one_to_those_not_raced() -> None:
    predictions = ranking(gigabit(), BIG)
    first, second = [p for p in predictions if p.candidate.method_id in ("sftp", "scp")
                     and p.candidate.options.streams == 1 and not p.candidate.options.mux][:2]
    laps = [Lap(first.candidate, first.stream_MBps), Lap(second.candidate, second.stream_MBps)]
    # A starved host: the first took 3 s longer than predicted to flow at its rate, the second 1 s.
    late = [replace(laps[0], startup_s=first.setup_s + 3.0), replace(laps[1], startup_s=second.setup_s + 1.0)]
    before = {r.candidate: r.seconds for r in rank(predictions, laps, BIG)}
    after = {r.candidate: r.seconds for r in rank(predictions, late, BIG)}
    assert after[first.candidate] - before[first.candidate] == pytest.approx(3.0)
    assert after[second.candidate] - before[second.candidate] == pytest.approx(1.0)
    unraced = next(p.candidate for p in predictions if p.candidate.method_id == "tar-ssh")
    assert after[unraced] - before[unraced] == pytest.approx(2.0)
    # A lap quicker to start than predicted changes nothing: the prediction stands.
    early = [replace(lap, startup_s=0.0) for lap in laps]
    assert {r.candidate: r.seconds for r in rank(predictions, early, BIG)} == before


def test_the_copys_own_commands_lengthen_every_promise_alike() -> None:
    predictions = ranking(gigabit(), BIG)
    laps = [Lap(p.candidate, p.stream_MBps) for p in predictions[:2]]
    plain = rank(predictions, laps, BIG)
    starved = rank(predictions, laps, BIG, commands_s=1.5)  # a starved NAS: 0.3 s a command
    assert [r.candidate for r in starved] == [r.candidate for r in plain]
    assert all(b.seconds - a.seconds == pytest.approx(1.5) for a, b in zip(plain, starved))


def test_what_a_promise_holds_that_does_not_grow_with_the_bytes() -> None:
    # Set-up, a late start and the copy's commands: what a copy of only the rest (a race staged the others)
    # still pays in full.
    predictions = ranking(gigabit(), BIG)
    first = next(p for p in predictions if p.candidate.method_id == "scp" and p.candidate.options.streams == 1
                 and not p.candidate.options.mux)
    lap = Lap(first.candidate, first.stream_MBps, startup_s=first.setup_s + 2.0)
    ranked = {r.candidate: r for r in rank(predictions, [lap], BIG, commands_s=0.5)}[first.candidate]
    assert ranked.fixed_s == pytest.approx(first.setup_s + 2.0 + 0.5)
    rest = ranked.seconds - ranked.fixed_s
    assert rest == pytest.approx(BIG.bytes / (first.stream_MBps * 1e6))
    assert ranked.for_part(BIG.bytes // 4, BIG.bytes) == pytest.approx(ranked.fixed_s + rest / 4, rel=1e-3)


def test_an_unraced_variant_pays_its_methods_late_start_not_the_median_one() -> None:
    """On a starved host tar over ssh took 3 s past its predicted set-up to flow at its rate, scp 0.5 s: tar over
    ssh with lz4 (not raced) starts as late as tar over ssh does, so the compressed twin does not come first on
    the median lap's 0.5 s."""
    predictions = ranking(gigabit(), BIG)

    def tar_ssh(compress: str):
        return next(p for p in predictions if p.candidate.method_id == "tar-ssh" and p.candidate.options.compress == compress
                    and p.candidate.options.streams == 1 and not p.candidate.options.mux)

    plain, lz4 = tar_ssh("none"), tar_ssh("lz4")
    scp = next(p for p in predictions if p.candidate.method_id == "scp" and p.candidate.options.streams == 1)
    laps = [Lap(plain.candidate, plain.stream_MBps, startup_s=plain.setup_s + 3.0),
            Lap(scp.candidate, scp.stream_MBps, startup_s=scp.setup_s + 0.5)]
    ranked = {r.candidate: r.seconds for r in rank(predictions, laps, BIG)}
    on_time = {r.candidate: r.seconds for r in rank(predictions, [replace(lap, startup_s=0.0) for lap in laps], BIG)}
    assert ranked[lz4.candidate] - on_time[lz4.candidate] == pytest.approx(3.0)
    assert ranked[plain.candidate] <= ranked[lz4.candidate]


def test_the_shared_connections_first_climb_is_paid_once_by_the_lap_that_went_first() -> None:
    """The weak NAS: the first lap over the session's shared connection (its first bulk data) climbed for 1.5 s
    past its set-up, the lap after it on the same connection 0.3 s. A copy over that connection after the race
    pays what the later lap paid, whichever method it is; with no later lap, nothing beyond its commands. A
    variant with a connection of its own (its own multiplexing, parallel streams) climbs on it: it pays the first
    lap's figure, and so does every copy where that first lap had a connection of its own."""
    predictions = ranking(gigabit(), BIG)

    def one(method: str, mux: bool = False):
        return next(p for p in predictions if p.candidate.method_id == method and p.candidate.options.compress == "none"
                    and p.candidate.options.streams == 1 and p.candidate.options.mux == mux)

    tar, scp, tar_own = one("tar-ssh"), one("scp"), one("tar-ssh", mux=True)
    first = Lap(tar.candidate, tar.stream_MBps, startup_s=tar.setup_s + 1.5, shared=True, cold=True)
    later = Lap(scp.candidate, scp.stream_MBps, startup_s=scp.setup_s + 0.3, shared=True)

    def extra(laps: list[Lap]) -> dict:
        """Each candidate's promise past the same laps' had they flowed at once."""
        late = {r.candidate: r.seconds for r in rank(predictions, laps, BIG)}
        on_time = {r.candidate: r.seconds for r in rank(predictions, [replace(lap, startup_s=0.0) for lap in laps],
                                                         BIG)}
        return {c: late[c] - on_time[c] for c in late}

    both = extra([first, later])
    assert both[tar.candidate] == pytest.approx(0.3)
    assert both[scp.candidate] == pytest.approx(0.3)
    assert {r.candidate: r for r in rank(predictions, [first, later], BIG)}[tar.candidate].fixed_s == \
        pytest.approx(tar.setup_s + 0.3)
    alone = extra([first])
    assert alone[tar.candidate] == pytest.approx(0.0)
    assert alone[tar_own.candidate] == pytest.approx(1.5)
    own = extra([replace(first, shared=False, cold=False)])
    assert own[tar.candidate] == pytest.approx(1.5)
    assert own[tar_own.candidate] == pytest.approx(1.5)


def test_a_session_that_ran_few_commands_prices_them_as_the_kept_profile_did() -> None:
    from types import SimpleNamespace

    from app.core.advice.advisor import COPY_ROUNDS, _commands_s
    from app.core.host.session import Session

    def session(*times: float) -> SimpleNamespace:  # what _commands_s reads of a session
        return SimpleNamespace(command_times=list(times), command_seconds=Session.command_seconds.fget(
            SimpleNamespace(command_times=list(times))))

    kept = gigabit(command_s=0.1)
    assert _commands_s(session(0.4), kept) == pytest.approx(COPY_ROUNDS * 0.1)  # one moment's figure
    assert _commands_s(session(0.3, 0.4, 0.5), kept) == pytest.approx(COPY_ROUNDS * 0.4)  # its own median
    assert _commands_s(session(0.4), gigabit()) == pytest.approx(COPY_ROUNDS * 0.4)  # nothing kept
    assert _commands_s(session(), gigabit()) == 0.0
