"""Step 3 on screen: the bottleneck card and the race card, fed by core events during the advice."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from app.core.advice.recommendation import Advice, quoted
from app.core.advice.factors import Factor
from app.core.events import Phase, ProbeDone, RaceResult, RaceSample
from app.core.language import Words
from app.core.profile.link_profile import LinkProfile, cipher_key
from app.core.wording.advice import capitalized, factor_words, tip
from app.core.wording.window import advice_stopped, idle_chart, measuring, slowest_so_far
from app.gui.charts.bottleneck_chart import BottleneckChart, Row, raised
from app.gui.panels.card import Card
from app.gui.charts.race_chart import RaceChart


ALL_CONNECTIONS = "network-all"  # the chart's row of raw TCP on several connections (a long link)


class AdviceViewWords(Words):
    """Step 3's cards: their titles, the rows the advice adds to the chart, the verdict (the translator's
    context)."""


def chart_figures(profile: LinkProfile, download: bool) -> dict[str, float | None]:
    """What the advice's profile ended with, by the chart's row keys (as app.core.wording.advice quotes them)."""
    figures: dict[str, float | None] = {
        Factor.LINK: profile.tcp_down_MBps if download else profile.tcp_up_MBps,
        ALL_CONNECTIONS: profile.tcp_down_all_MBps if download else profile.tcp_up_all_MBps,
        Factor.REMOTE_DISK: profile.remote_read_MBps if download else profile.remote_write_MBps,
        Factor.LOCAL_DISK: profile.local_write_MBps if download else profile.local_read_MBps}
    figures.update({f"cipher:{cipher_key(c.cipher, c.mac)}": c.MBps for c in profile.ciphers})
    return figures


def limit_row(advice: Advice, chart: BottleneckChart) -> tuple[str | None, Row | None]:
    """Which bar the advice's limiting factor is, or a row of its own when no probe shows it."""
    rec = advice.secure or advice.overall
    if rec is None:
        return None, None
    p = quoted(rec.ranked)  # as the sentence quotes it: the race's figure where it beat the model's ceiling
    value = p.components.get(p.limit, p.stream_MBps)
    host = advice.profile.host
    if p.limit is Factor.LINK and p.side and p.detail == "write" and Factor.REMOTE_DISK in chart.rows:
        # The disk's bar, whose figure the host's CPU held (the sentence says so); where a lap stored more than the
        # probe wrote, the bar shows what the sentence quotes, the race's figure.
        disk = chart.rows[Factor.REMOTE_DISK]
        if disk.value and value > 1.01 * disk.value:
            return None, replace(disk, value=value, tip=f"{disk.tip}\n\n{raised()}")
        return Factor.REMOTE_DISK, None
    if p.limit is Factor.LINK and p.side:
        said = AdviceViewWords.tr("{tool} on this computer's CPU", tool=p.detail) if p.side == "local" else \
            AdviceViewWords.tr("{tool} on {host}'s CPU", tool=p.detail, host=host)
        return None, Row("tool", said, value, tip("tool-cpu"))
    if p.limit is Factor.LINK and p.detail == "tcp-window":
        n = p.candidate.options.streams
        said = AdviceViewWords.tr("%n TCP connection(s)", "", n) if n > 1 else AdviceViewWords.tr("One TCP connection")
        return None, Row("window", said, value, tip("window"))
    if p.limit is Factor.LINK and p.detail == "network" and ALL_CONNECTIONS in chart.rows and p.candidate.options.streams > 1:
        return ALL_CONNECTIONS, None
    if p.limit is Factor.LINK and p.detail.endswith("window"):
        return None, Row("window", AdviceViewWords.tr("{tool} in flight",
                                                     tool="sftp" if p.detail.startswith("sftp") else "ssh"),
                         value, tip("window"))
    if p.limit is Factor.LINK and Factor.LINK in chart.rows:
        return Factor.LINK, None
    if p.limit.is_cipher_cpu:
        key = f"cipher:{cipher_key(p.candidate.options.cipher, p.candidate.options.mac)}"
        if key in chart.rows:
            return key, None
        return None, Row("cpu", capitalized(factor_words(p.limit, host)), value, tip("cipher"))
    if p.limit.is_disk and p.limit in chart.rows:
        return p.limit, None
    return None, Row(p.limit, capitalized(factor_words(p.limit, host)), value, tip(p.limit))


class AdviceView(QWidget):
    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        """False: the charts give way to the recommendation below where the window is short (their wrapped
        sentences would otherwise hold them at their full height, and the cards were drawn over each other)."""
        return False


    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bottleneck_card = Card(AdviceViewWords.tr("What limits the speed"))
        self.chart = BottleneckChart()
        self.chart.placeholder = idle_chart()
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.bottleneck_card.body.addWidget(self.chart, 1)
        self.bottleneck_card.body.addWidget(self.verdict)
        self.race_card = Card(AdviceViewWords.tr("The race on your files"))
        self.race = RaceChart()
        self.race_card.body.addWidget(self.race, 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bottleneck_card, 1)
        layout.addWidget(self.race_card, 1)
        # As short as the charts go with the race's legend of four methods and the sentences whole; shorter, the
        # window's right column scrolls (app.gui.shell.layout)
        self.setMinimumHeight(self.fontMetrics().height() * 15)

    def reset(self, download: bool) -> None:
        self.chart.reset(download)
        self.chart.placeholder = measuring()
        self.race.reset()
        self.verdict.setText("")

    def clear(self) -> None:
        self.chart.reset(False)
        self.chart.placeholder = idle_chart()
        self.race.clear()
        self.verdict.setText("")

    def probe(self, event: ProbeDone) -> None:
        self.chart.add_probe(event)
        low = self.chart.limit_row()
        if low is None or not low.value:
            return
        self.verdict.setText(slowest_so_far(low.key, low.value))

    def phase(self, event: Phase) -> None:
        if event.name == "racing":
            self.race.started(event.detail)

    def race_sample(self, event: RaceSample) -> None:
        self.race.add_sample(event)

    def race_result(self, event: RaceResult) -> None:
        self.race.add_result(event)

    def apply_theme(self) -> None:
        self.race.apply_theme()

    def show_advice(self, advice: Advice) -> None:
        self.chart.correct(chart_figures(advice.profile, self.chart.download))  # the sentence's figures
        key, extra = limit_row(advice, self.chart)
        self.chart.set_limit(key, extra)
        self.verdict.setText(AdviceViewWords.tr("<b>Limit:</b> {sentence}", sentence=advice.sentence))
        self.race.finished(advice.ranking, advice.stats.bytes, advice.kept_lap[0] if advice.kept_lap else None)

    def failed(self) -> None:
        self.verdict.setText(advice_stopped())

