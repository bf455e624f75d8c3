"""The copy as it happens: progress bar with bytes, rate and ETA, a live rate graph, Cancel, and
the verification result at the end. Progress events only store the latest sample; a timer shows it."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from app.core.errors import TransferError, copy_stopped
from app.core.events import Phase, Progress, TransferResult
from app.core.language import Words
from app.core.wording.transfer import copy_done, copy_phases, copy_progress, copying_with, what_was_checked
from app.gui.shell import theme
from app.gui.panels.card import Card, muted
from app.core.formatting import rate, size
from app.gui.charts.live_plot import LivePlot

REFRESH_MS = 100


class TransferPanelWords(Words):
    """The copy panel: its progress, Cancel and the verdict (the translator's context)."""


class TransferPanel(Card):
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(TransferPanelWords.tr("Copy"), parent)
        self.latest: Progress | None = None
        self._shown: Progress | None = None
        self.method_label = ""
        self.state = QLabel()
        self.state.setObjectName("big")
        self.state.setWordWrap(True)  # a done line with a long method and check wraps instead of widening the window
        self.bar = QProgressBar()
        self.bar.setRange(0, 1000)
        self.bar.setValue(0)
        self.bar.setFormat("%p%")
        self.bar.setAccessibleName(TransferPanelWords.tr("Copy progress"))
        self.numbers = muted(wrap=False)
        self.cancel = QPushButton(TransferPanelWords.tr("&Cancel copy"))
        self.cancel.setToolTip(TransferPanelWords.tr("Stop the copy. Nothing half-written is left at the destination; "
                                                     "copying the same files again carries on where it stopped."))
        self.cancel.setEnabled(False)
        self.cancel.clicked.connect(self._cancel_clicked)
        self.graph = LivePlot("", "MB/s", legend=False, x_unit="s")  # the unit on the ticks: the card is short
        self.graph.setMinimumHeight(110)
        self.graph.setAccessibleName(TransferPanelWords.tr("Copy speed chart"))
        self.graph.add_series("rate", TransferPanelWords.tr("Copy speed"))
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.hide()
        self.idle_note = muted(TransferPanelWords.tr(
            "“Copy now” copies everything with the chosen method, shows its progress and checks the far side. A "
            "cancelled copy leaves nothing half-written behind."))
        self.live = QWidget()
        live = QVBoxLayout(self.live)
        live.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(self.bar, 1)
        row.addWidget(self.cancel)
        live.addLayout(row)
        live.addWidget(self.numbers)
        live.addWidget(self.graph, 1)
        self.body.addWidget(self.state)
        self.body.addWidget(self.idle_note)
        self.body.addWidget(self.live, 1)
        self.body.addWidget(self.verdict)
        self.live.hide()
        self.state.hide()
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self._refresh)
        self.timer.start()

    def idle(self) -> None:
        self.latest = self._shown = None
        self.live.hide()
        self.state.hide()
        self.verdict.hide()
        self.idle_note.show()

    def start(self, method_label: str, total_bytes: int) -> None:
        self.method_label = method_label
        self.latest = self._shown = None
        self.graph.clear()
        self.graph.add_series("rate", TransferPanelWords.tr("Copy speed"))
        self.bar.setValue(0)
        self.state.setText(copying_with(method_label))
        self.numbers.setText(TransferPanelWords.tr("{done} of {total}", done=size(0), total=size(total_bytes)))
        self.verdict.hide()
        self.idle_note.hide()
        self.state.show()
        self.live.show()
        self.cancel.setEnabled(True)
        self.cancel.setText(TransferPanelWords.tr("&Cancel copy"))

    def phase(self, event: Phase) -> None:
        if event.name == "copying":
            self.state.setText(copying_with(self.method_label))
        elif event.name in (phases := copy_phases()):
            self.state.setText(phases[event.name])

    def progress(self, event: Progress) -> None:
        self.latest = event
        self.graph.append("rate", event.elapsed, event.rate / 1e6)
        self.graph.set_suffix("rate", rate(event.rate / 1e6))

    def _refresh(self) -> None:
        p = self.latest
        if p is None or p is self._shown:
            return
        self._shown = p
        self.bar.setValue(int(1000 * p.done / p.total) if p.total else 1000)
        self.numbers.setText(copy_progress(p.done, p.total, p.rate, p.eta))

    def finished(self, result: TransferResult, where: str) -> None:
        self.cancel.setEnabled(False)
        self.bar.setValue(1000)
        done = copy_done(result.files, result.bytes, result.sent_bytes, result.seconds, self.method_label,
                         result.verification if result.verified else None)
        self.state.setText(TransferPanelWords.tr("Done: {what}.", what=done))
        self.numbers.setText(TransferPanelWords.tr("{done} of {total}", done=size(result.bytes),
                                                   total=size(result.bytes)))
        how = what_was_checked(result.verification)
        mark = TransferPanelWords.tr("✓ Verified") if result.verified else TransferPanelWords.tr("✗ Not verified")
        notes = "".join(f"<br>{n}" for n in result.notes)
        color = theme.colors().good if result.verified else theme.colors().bad
        mark = f"<b style='color:{color}'>{mark}</b>"
        verdict = TransferPanelWords.tr("{mark} at {where}: {how}.", mark=mark, where=where, how=how)
        self.verdict.setText(verdict + notes)
        self.verdict.show()

    def failed(self, error: TransferError) -> None:
        self.cancel.setEnabled(False)
        self.state.setText(copy_stopped(error.kind))
        self.verdict.setText(error.sentence)
        self.verdict.show()

    def shows_copy(self) -> bool:
        """Whether the panel shows a copy (its progress and graph), not only the note about copying."""
        return self.live.isVisible()

    def apply_theme(self) -> None:
        self.graph.apply_theme()

    def _cancel_clicked(self) -> None:
        self.cancel.setEnabled(False)
        self.cancel.setText(TransferPanelWords.tr("Cancelling…"))
        self.state.setText(TransferPanelWords.tr("Cancelling: stopping the tools; what was sent is kept to carry on "
                                                 "from…"))
        self.cancel_requested.emit()
