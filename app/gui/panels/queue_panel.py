"""The copy queue as the user sees it: each copy asked for while another ran, with its own state, to
reorder, remove or (the running one) cancel. The jobs and what happens to them are the copy step's
(app.gui.panels.copy_step); this panel shows them and passes the user's wishes on."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QListWidgetItem, QPushButton, QToolButton, QWidget

from app.core.language import Words
from app.core.wording.window import queue_stopped
from app.gui.panels.card import Card, muted

JOB_ROLE = Qt.UserRole + 1


class QueuePanelWords(Words):
    """The copy queue's panel and its buttons (the translator's context)."""


class QueuePanel(Card):
    remove_requested = Signal(object)   # the job
    move_requested = Signal(object, int)  # the job, -1 up or +1 down
    cancel_requested = Signal()         # the running job
    start_requested = Signal()          # go on after a stop

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(QueuePanelWords.tr("Queue"), parent)
        self.list = QListWidget()
        self.list.setAccessibleName(QueuePanelWords.tr("Copy queue"))
        self.list.setAccessibleDescription(QueuePanelWords.tr(
            "Delete removes a waiting copy; Ctrl+Up and Ctrl+Down move it."))
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.up = self._tool("↑", QueuePanelWords.tr("Move up"), QueuePanelWords.tr("Move up (Ctrl+Up)"))
        self.down = self._tool("↓", QueuePanelWords.tr("Move down"), QueuePanelWords.tr("Move down (Ctrl+Down)"))
        self.drop = self._tool("✕", QueuePanelWords.tr("Remove this copy from the queue"),
                               QueuePanelWords.tr("Remove this copy from the queue, or cancel it if it runs"))
        self.up.clicked.connect(lambda: self._move(-1))
        self.down.clicked.connect(lambda: self._move(+1))
        self.drop.clicked.connect(self._remove)
        for keys, act in ((QKeySequence.Delete, self._remove), ("Ctrl+Up", lambda: self._move(-1)),
                          ("Ctrl+Down", lambda: self._move(+1))):
            QShortcut(QKeySequence(keys), self.list, act, context=Qt.WidgetShortcut)
        self.start = QPushButton(QueuePanelWords.tr("Start the &queue"))
        self.start.setToolTip(QueuePanelWords.tr("Go on with the waiting copies, in the order shown."))
        self.start.clicked.connect(self.start_requested.emit)
        self.stopped = muted()
        for widget in (self.up, self.down, self.drop):
            self.header.addWidget(widget)
        self.body.addWidget(self.list)
        row = QHBoxLayout()
        row.addWidget(self.stopped, 1)
        row.addWidget(self.start)
        self.body.addLayout(row)
        self.jobs: list = []
        self.hide()

    def _tool(self, text: str, name: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(name)
        return button

    def show_jobs(self, jobs: list, lines: list[str], stopped: bool) -> None:
        """`jobs` with one line each; shown while one waits or more than one was asked for."""
        current = self._selected()
        self.jobs = list(jobs)
        self.list.clear()
        for job, line in zip(jobs, lines):
            item = QListWidgetItem(line)
            item.setData(JOB_ROLE, job)
            self.list.addItem(item)
            if job is current:
                self.list.setCurrentItem(item)
        rows = min(max(len(jobs), 1), 5)  # as tall as its lines, up to five (then it scrolls)
        row = self.list.sizeHintForRow(0) if self.list.count() else self.list.fontMetrics().height() + 4
        self.list.setFixedHeight(rows * row + 2 * self.list.frameWidth() + 4)
        waiting = sum(1 for job in jobs if job.state == "waiting")
        self.setVisible(waiting > 0 or len(jobs) > 1)
        self.stopped.setText(queue_stopped(waiting) if stopped and waiting else "")
        self.start.setVisible(stopped and waiting > 0)
        self._update_buttons()

    def _selected(self):
        item = self.list.currentItem()
        return item.data(JOB_ROLE) if item is not None else None

    def _update_buttons(self) -> None:
        job = self._selected()
        waiting = job is not None and job.state == "waiting"
        row = self.list.currentRow()
        self.up.setEnabled(waiting and row > 0 and self.jobs[row - 1].state == "waiting")
        self.down.setEnabled(waiting and row < len(self.jobs) - 1)
        self.drop.setEnabled(job is not None and job.state in ("waiting", "copying"))

    def _move(self, step: int) -> None:
        job = self._selected()
        if job is not None and job.state == "waiting":
            self.move_requested.emit(job, step)

    def _remove(self) -> None:
        job = self._selected()
        if job is None:
            return
        if job.state == "copying":
            self.cancel_requested.emit()
        elif job.state == "waiting":
            self.remove_requested.emit(job)
