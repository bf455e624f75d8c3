"""The recommendation card on advice built by hand: the unencrypted alternative appears only when the
advice has one, with its warning, and "Copy now" hands over the choice the user made."""

from __future__ import annotations

from dataclasses import replace

from app.core.advice.advisor import Advice, Ranked, Recommendation
from app.core.advice.factors import Factor
from app.core.host.ssh_command import Options
from app.core.advice.model import Candidate, Prediction
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import LinkProfile
from app.gui.panels.recommendation_card import INSECURE_WARNING, RecommendationCard


def ranked(method: str, secure: bool, measured: float) -> Ranked:
    candidate = Candidate(method, Options(cipher="aes128-gcm@openssh.com" if secure else None))
    prediction = Prediction(candidate, secure, measured, 10.0, Factor.CIPHER_CPU_REMOTE,
                            {Factor.CIPHER_CPU_REMOTE: measured})
    return Ranked(prediction, measured, 1e9 / (measured * 1e6))


def advice(with_insecure: bool) -> Advice:
    tar_ssh, tar_nc = ranked("tar-ssh", True, 6.0), ranked("tar-nc", False, 38.0)
    secure = Recommendation(tar_ssh, "The CPU of nas caps ssh encryption at 6 MB/s.", "tar -c … | ssh nas 'tar -x'")
    overall = Recommendation(tar_nc, "It skips encryption.", "tar -c … | nc 198.18.0.2 40000") if with_insecure else secure
    ranking = [tar_nc, tar_ssh] if with_insecure else [tar_ssh]
    return Advice(LinkProfile("nas"), SelectionStats(10, 1_000_000_000), ranking, Factor.CIPHER_CPU_REMOTE,
                  "The CPU of nas caps ssh encryption at 6 MB/s while the network carries 38 MB/s.", secure, overall)


def test_secure_only(qtbot) -> None:
    card = RecommendationCard()
    qtbot.addWidget(card)
    card.show()
    assert not card.go.isEnabled()
    card.show_advice(advice(with_insecure=False))
    assert card.secure.isVisible() and not card.insecure_frame.isVisible()
    assert not card.secure.radio.isVisible()  # nothing to choose between
    assert card.chosen().ranked.candidate.method_id == "tar-ssh"
    assert "6 MB/s measured on your files" in card.secure.speed.text()


def test_faster_unencrypted_comes_with_a_warning_and_is_never_the_default(qtbot) -> None:
    card = RecommendationCard()
    qtbot.addWidget(card)
    card.show()
    card.show_advice(advice(with_insecure=True))
    assert card.insecure_frame.isVisible() and card.warning.text() == INSECURE_WARNING
    assert "UNENCRYPTED" in [w.text() for w in card.overall.findChildren(type(card.warning))]
    assert card.chosen().ranked.candidate.method_id == "tar-ssh"  # secure stays the default
    chosen = []
    card.copy_now.connect(chosen.append)
    card.overall.radio.click()
    card.go.click()
    assert chosen[0].ranked.candidate.method_id == "tar-nc"
    assert card.overall.command.text() == "tar -c … | nc 198.18.0.2 40000"


def test_a_pick_on_parallel_streams_says_how_many_and_the_chart_marks_the_ceiling_it_meets(qtbot) -> None:
    from app.core.events import ProbeDone
    from app.gui.charts.bottleneck_chart import BottleneckChart
    from app.gui.panels.advice_view import limit_row
    candidate = Candidate("tar-ssh", Options(cipher="aes128-gcm@openssh.com", streams=3))
    link = Prediction(candidate, True, 22.0, 10.0, Factor.LINK, {Factor.LINK: 22.0}, detail="network")
    streams = Recommendation(Ranked(link, 21.0, 1e9 / 21e6), "On three streams.", "3 of these side by side: tar …")
    done = Advice(LinkProfile("nas", tcp_up_MBps=9.2, tcp_up_all_MBps=23.0), SelectionStats(10, 1_000_000_000),
                  [streams.ranked], Factor.LINK, "The network is the limit.", streams, streams)
    card = RecommendationCard()
    qtbot.addWidget(card)
    card.show()
    card.show_advice(done)
    assert card.secure.name.text() == "tar over ssh  (aes128-gcm, 3 streams)"
    chart = BottleneckChart()
    qtbot.addWidget(chart)
    chart.reset(download=False)
    chart.add_probe(ProbeDone("tcp-up", "Raw TCP, upload", "9.2 MB/s", True, 9.2))
    chart.add_probe(ProbeDone("tcp-up-all", "Raw TCP, upload, 4 connections", "23 MB/s", True, 23.0))
    assert chart.limit_row().value == 9.2  # before the advice: the lowest ceiling so far
    assert limit_row(done, chart) == ("network-all", None)  # three streams meet what four connections carry
    one = Prediction(replace(candidate, options=Options(cipher="aes128-gcm@openssh.com")), True, 8.9, 10.0,
                     Factor.LINK, {Factor.LINK: 8.9}, detail="tcp-window")
    key, row = limit_row(replace(done, secure=Recommendation(Ranked(one, None, 100.0), "", "")), chart)
    assert key is None and (row.label, row.value) == ("One TCP connection", 8.9)
