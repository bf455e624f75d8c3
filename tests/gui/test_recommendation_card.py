"""The recommendation card on advice built by hand: the unencrypted alternative appears only when the
advice has one, with its warning, and "Copy now" hands over the choice the user made."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.core.advice.recommendation import Advice, Recommendation
from app.core.advice.ranking import Ranked
from app.core.advice.factors import Factor
from app.core.host.ssh_command import Options
from app.core.advice.model import Candidate, Prediction
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import LinkProfile
from app.core.wording.transfer import insecure_warning
from app.gui.panels.recommendation_card import RecommendationCard


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
    # What the user gets first; the tool and its command one click away.
    assert card.secure.name.text() == "Encrypted copy — about 3 min"  # 1 GB at 6 MB/s
    assert card.secure.how.text() == "All the files in one encrypted stream"
    assert not card.secure.command.isVisible() and not card.secure.tool.isVisible()
    card.details.click()
    assert card.secure.command.isVisible() and card.secure.command.text() == "tar -c … | ssh nas 'tar -x'"
    assert card.secure.tool.isVisible() and card.secure.tool.text() == "tar over ssh, aes128-gcm:"
    assert card.details.isChecked() and card.details.text() == "&View the commands"  # its pressed look says so
    card.details.click()
    assert not card.secure.command.isVisible()


def test_faster_unencrypted_comes_with_a_warning_and_is_never_the_default(qtbot) -> None:
    card = RecommendationCard()
    qtbot.addWidget(card)
    card.show()
    card.show_advice(advice(with_insecure=True))
    assert card.insecure_frame.isVisible() and card.warning.text() == insecure_warning()
    assert "UNENCRYPTED" in [w.text() for w in card.overall.findChildren(type(card.warning))]
    assert card.chosen().ranked.candidate.method_id == "tar-ssh"  # secure stays the default
    chosen = []
    card.copy_now.connect(chosen.append)
    assert card.overall.name.text().startswith("Unencrypted copy — about ")
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
    assert card.secure.name.text().startswith("Encrypted copy — about ")
    assert card.secure.how.text() == "All the files in one encrypted stream"
    assert card.secure.tool.text() == "tar over ssh, aes128-gcm, 3 streams:"
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


def test_the_chart_and_the_sentence_quote_the_same_figure_when_the_race_raised_a_probe(qtbot) -> None:
    """The probe measured ssh with AES-GCM at 453 MB/s; a lap moved 508 and the advice's profile says so: the
    bar the chart marks as the limit shows the figure the sentence under it quotes, and its tooltip says why."""
    import re

    from app.core.events import ProbeDone
    from app.core.profile.link_profile import CipherProbe
    from app.core.wording.advice import bottleneck_sentence
    from app.gui.charts.bottleneck_chart import raised
    from app.gui.panels.advice_view import AdviceView

    aes = "aes128-gcm@openssh.com"
    probe = CipherProbe(aes, 453.0, 0.4, 1.0)
    raced = LinkProfile("nas", tcp_up_MBps=765.0, ciphers=[replace(probe, MBps=508.0)], remote_write_MBps=601.0)
    candidate = Candidate("scp", Options(cipher=aes))
    p = Prediction(candidate, True, 508.0, 2.0, Factor.CIPHER_CPU_REMOTE, {Factor.CIPHER_CPU_REMOTE: 508.0},
                   stream_MBps=508.0)
    sentence = bottleneck_sentence(p, raced)
    pick = Recommendation(Ranked(p, 508.0, 2.0), "", "scp …")
    view = AdviceView()
    qtbot.addWidget(view)
    view.chart.reset(download=False)
    view.chart.add_probe(ProbeDone("tcp-up", "Raw TCP, upload", "765 MB/s", True, 765.0))
    view.chart.add_probe(ProbeDone(f"cipher:{aes}", "ssh with aes128-gcm", "453 MB/s", True, 453.0, probe))
    view.chart.add_probe(ProbeDone("remote-write", "Destination disk writes", "601 MB/s", True, 601.0))
    assert view.chart.limit_row().value == 453.0  # before the advice: what the probe measured
    view.show_advice(Advice(raced, SelectionStats(241, 975_000_000), [pick.ranked], Factor.CIPHER_CPU_REMOTE,
                            sentence, pick, pick))
    quoted = float(re.search(r"encryption at (\d+) MB/s", view.verdict.text()).group(1))
    limit = view.chart.limit_row()
    assert limit.key == f"cipher:{aes}" and limit.value == quoted == 508.0
    assert raised() in limit.tip and view.chart.rows[Factor.LINK].value == 765.0  # only what the race raised


def test_a_limit_the_race_beat_is_charted_at_the_race_figure_the_sentence_quotes(qtbot) -> None:
    """sftp-server's own work was predicted to hold scp to 279 MB/s; scp's lap moved 447: the sentence quotes
    447, and so does the chart's row for that limit."""
    import re

    from app.core.advice.recommendation import quoted
    from app.core.wording.advice import bottleneck_sentence
    from app.gui.panels.advice_view import AdviceView

    candidate = Candidate("scp", Options(cipher="aes128-gcm@openssh.com"))
    p = Prediction(candidate, True, 279.0, 3.5, Factor.LINK, {Factor.LINK: 279.0}, detail="sftp-server",
                   side="remote", stream_MBps=279.0)
    scp = Ranked(p, 447.0, 2.2)
    profile = LinkProfile("testhost", tcp_up_MBps=943.0)
    sentence = bottleneck_sentence(quoted(scp), profile, scp.measured_MBps)
    pick = Recommendation(scp, "", "scp …")
    view = AdviceView()
    qtbot.addWidget(view)
    view.chart.reset(download=False)
    view.show_advice(Advice(profile, SelectionStats(241, 975_000_000), [scp], Factor.LINK, sentence, pick, pick))
    quoted_figure = float(re.search(r"holds scp to (\d+) MB/s", view.verdict.text()).group(1))
    assert view.chart.limit_row().value == quoted_figure == 447.0


@pytest.mark.parametrize("probe, lap, tcp, cpu", [(1.5, None, 117.0, 0.04), (340.0, 452.0, 1971.0, 1.9)])
def test_a_write_the_hosts_cpu_held_is_charted_on_the_disk_bar_the_sentence_quotes(qtbot, probe: float,
                                                                                  lap: float | None, tcp: float,
                                                                                  cpu: float) -> None:
    """A host's disk probe wrote `probe` MB/s with its CPU flat out (a NAS left 4 % of a core; this computer's
    loopback): the sentence blames the CPU writing, and the chart marks the disk bar (not a second bar for it)
    with the figure the sentence quotes: the probe's, or where a lap stored more, the race's (its tooltip why)."""
    import re

    from app.core.advice.recommendation import quoted
    from app.core.events import ProbeDone
    from app.core.wording.advice import bottleneck_sentence
    from app.gui.charts.bottleneck_chart import raised
    from app.gui.panels.advice_view import AdviceView

    profile = LinkProfile("nas", tcp_up_MBps=tcp, remote_write_MBps=probe, remote_write_cpu=cpu)
    candidate = Candidate("tar-ssh", Options(cipher="aes128-gcm@openssh.com"))
    p = Prediction(candidate, True, probe, 40.0, Factor.LINK, {Factor.LINK: probe}, detail="write", side="remote",
                   stream_MBps=probe)
    pick = Recommendation(Ranked(p, lap, 40.0), "", "tar …")
    sentence = bottleneck_sentence(quoted(pick.ranked), profile, lap)
    view = AdviceView()
    qtbot.addWidget(view)
    view.chart.reset(download=False)
    view.chart.add_probe(ProbeDone("tcp-up", "Raw TCP, upload", f"{tcp:.0f} MB/s", True, tcp))
    view.chart.add_probe(ProbeDone("remote-write", "Destination disk writes", f"{probe} MB/s", True, probe))
    view.show_advice(Advice(profile, SelectionStats(4, 60_000_000), [pick.ranked], Factor.LINK, sentence, pick,
                            pick))
    assert "Writing to its disk takes all the CPU nas has" in view.verdict.text()
    figure = float(re.search(r"stores only ([\d.]+) MB/s", view.verdict.text()).group(1))
    limit = view.chart.limit_row()
    assert limit.key == Factor.REMOTE_DISK and limit.value == figure == (lap or probe) and len(view.chart.rows) == 2
    assert (raised() in limit.tip) == (lap is not None)


def test_the_race_legend_quotes_the_cards_figures(qtbot) -> None:
    """Laps that copied the whole selection count by their whole time: the card says "… timed"; the race's
    legend, which showed each lap's steady rate while it ran, says the same figure once the advice is in."""
    from app.core.advice import race as laps
    from app.core.events import RaceResult
    from app.gui.charts.race_chart import RaceChart
    sftp, scp = ranked("sftp", True, 498.0), ranked("scp", True, 357.0)
    sftp, scp = replace(sftp, seconds=1.92, timed=True), replace(scp, seconds=2.96, timed=True)
    total = 975_000_000
    done = Advice(LinkProfile("nas"), SelectionStats(240, total), [sftp, scp], Factor.CIPHER_CPU_REMOTE, "…",
                  Recommendation(sftp, "…", "sftp …"), Recommendation(sftp, "…", "sftp …"))
    card = RecommendationCard()
    qtbot.addWidget(card)
    card.show_advice(done)
    chart = RaceChart()
    qtbot.addWidget(chart)
    for r in (sftp, scp):
        key = laps.key(r.candidate)
        chart.add_result(RaceResult(key, laps.label(r.candidate), r.measured_MBps))
        assert chart.plot.series[key].suffix.strip() == f"{r.measured_MBps:.0f} MB/s measured"  # while racing
    chart.finished(done.ranking, total)
    legend = {k: s.suffix.strip() for k, s in chart.plot.series.items()}
    assert legend[laps.key(sftp.candidate)] == "508 MB/s timed" and card.secure.speed.text().startswith("508 MB/s timed")
    assert legend[laps.key(scp.candidate)] == "329 MB/s timed"
    assert "“OpenSSH's secure copy” 329 MB/s timed" in card.others.text()  # the card's words for it


def test_the_chart_says_when_the_host_holds_a_process_to_a_share_of_a_core(qtbot) -> None:
    """The line above the bars: the round trip, and, on a host held below 30 % of a core (a quota, other work),
    what one process gets there; a host that gives a core is not mentioned."""
    from app.core.events import ProbeDone
    from app.gui.charts.bottleneck_chart import BottleneckChart
    chart = BottleneckChart()
    qtbot.addWidget(chart)
    chart.reset(download=False)
    chart.add_probe(ProbeDone("rtt", "Round-trip time", "0.7 ms", True, 0.7))
    chart.add_probe(ProbeDone("cpu-share", "CPU the host gives", "a whole core", True, 0.98))
    chart.add_probe(ProbeDone("tcp-up", "Raw TCP, upload", "23 MB/s", True, 23.0))
    assert chart.summary().endswith("Round trip 0.7 ms")
    chart.add_probe(ProbeDone("cpu-share", "CPU the host gives", "3.0 % of a core", True, 0.03))
    assert chart.summary().endswith("Round trip 0.7 ms · the host gives one process 3.0 % of a core")
    chart.show()
    chart.resize(500, 200)
    qtbot.waitExposed(chart)
    chart.repaint()  # the header line drawn with it, no warning
    chart.reset(download=False)
    assert "the host gives" not in chart.summary()
