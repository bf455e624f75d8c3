"""The race: live throughput curves, one per method, with the current MB/s in the legend."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStackedLayout, QVBoxLayout, QWidget

from app.core.advice.ranking import Ranked
from app.core.advice import race as laps
from app.core.events import RaceResult, RaceSample
from app.gui.panels.card import muted
from app.core.formatting import rate, short_time
from app.core.language import Words
from app.gui.charts.live_plot import LivePlot
from app.core.wording.transfer import method_tip
from app.core.wording.window import figure_words, lap_copy_kept, lap_failed, race_fastest, race_quickest


class RaceChartWords(Words):
    """The race chart's lines and legend (the translator's context)."""


def idle_text() -> str:
    return RaceChartWords.tr("Then the best methods race: each copies your files for a few seconds into a scratch "
                             "folder that is removed afterwards, drawn here live.")


class RaceChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plot = LivePlot(RaceChartWords.tr("seconds since the method started"), "MB/s")
        self.status = muted()
        self.status.hide()
        self.results: dict[str, RaceResult] = {}
        self.waiting = muted(idle_text())
        self.waiting.setAlignment(Qt.AlignCenter)
        self.stack = QStackedLayout()
        self.stack.addWidget(self.waiting)
        self.stack.addWidget(self.plot)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.stack, 1)
        layout.addWidget(self.status)
        self.plot.setAccessibleName(RaceChartWords.tr("Race chart"))

    def clear(self) -> None:
        self.reset()
        self.waiting.setText(idle_text())

    def reset(self) -> None:
        self.plot.clear()
        self.results.clear()
        self.stack.setCurrentWidget(self.waiting)
        self.waiting.setText(RaceChartWords.tr("The race starts when the measurements are done."))
        self.status.hide()
        self.setToolTip("")

    def apply_theme(self) -> None:
        self.plot.apply_theme()

    def started(self, label: str) -> None:
        self.stack.setCurrentWidget(self.plot)
        self.status.show()
        self.status.setText(RaceChartWords.tr("Racing {method}…", method=label))

    def add_sample(self, event: RaceSample) -> None:
        self._ensure(event.key, event.label)
        self.plot.append(event.key, event.t, event.MBps)
        self.plot.set_suffix(event.key, f"  {rate(event.MBps)}")

    def add_result(self, event: RaceResult) -> None:
        self._ensure(event.key, event.label)
        self.results[event.key] = event
        if event.MBps:
            said = RaceChartWords.tr("{rate} measured", rate=rate(event.MBps))
        elif event.skipped:
            said = RaceChartWords.tr("not raced")
        elif event.failed:
            said = RaceChartWords.tr("failed")
        else:
            said = RaceChartWords.tr("all in {time}", time=short_time(event.seconds or 0.0))
        self.plot.set_suffix(event.key, f"  {said}")
        if event.failed:
            self.status.setText(lap_failed(event.label, event.error))

    def finished(self, ranking: list[Ranked] | None = None, total_bytes: int = 0, kept=None) -> None:
        """The race's winner as the advice ranked it (`ranking`): a lap that copied the whole selection counts
        by its whole time, start-up included, so it may not be the curve that ran highest. Each raced method's
        legend then quotes the figure the recommendation card quotes for it (`total_bytes`: the selection's).
        `kept`: the candidate whose lap's copy is kept for Copy now (Advice.kept_lap), said where it won."""
        raced = [r for r in ranking or [] if (r.timed or r.measured_MBps) and laps.key(r.candidate) in self.results]
        whole = any(r.timed for r in ranking or [])
        for r in raced:
            if total_bytes:
                self.plot.set_suffix(laps.key(r.candidate), f"  {figure_words(r, total_bytes, whole)}")
        if raced:
            best = raced[0]
            said = (race_quickest(laps.label(best.candidate), best.seconds) if best.timed
                    else race_fastest(laps.label(best.candidate), best.measured_MBps or 0.0))
            self.status.setText(f"{said} {lap_copy_kept()}" if kept is not None and best.candidate == kept else said)
            return
        measured = [r for r in self.results.values() if r.MBps]
        timed = [r for r in self.results.values() if not r.MBps and r.seconds is not None]
        if measured:
            best = max(measured, key=lambda r: r.MBps or 0)
            self.status.setText(race_fastest(best.label, best.MBps))
        elif timed:  # too little to time a rate: the quickest whole copy
            best = min(timed, key=lambda r: r.seconds or 0.0)
            self.status.setText(race_quickest(best.label, best.seconds or 0.0))

    def _ensure(self, key: str, label: str) -> None:
        if key not in self.plot.series:
            self.plot.add_series(key, label)
            tips = [method_tip(k.split()[0]) for k in self.plot.series]
            self.setToolTip("\n\n".join(t for t in tips if t))
