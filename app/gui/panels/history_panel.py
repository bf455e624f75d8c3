"""Past copies and measured profiles of the chosen host, newest first."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.core.language import Words
from app.core.profile import kept as history
from app.core.transfer.methods import METHODS
from app.core.profile.link_profile import LinkProfile
from app.core.wording.transfer import files_counted, verified_as
from app.gui.panels.card import Card
from app.core.formatting import duration, ms, rate, size, timed
from app.core.state.transfer_log import PastCopy, load

SHOWN = 30  # rows at first, and how many more each "Show older" adds (every copy is kept: transfer_log)


class HistoryPanelWords(Words):
    """The history of copies and measurements with a host (the translator's context)."""


def _when(stamp: float) -> str:
    today = time.strftime("%Y-%m-%d") == time.strftime("%Y-%m-%d", time.localtime(stamp))
    return time.strftime("%H:%M" if today else "%d %b %H:%M", time.localtime(stamp))


def copy_line(c: PastCopy) -> str:
    label = METHODS[c.method].label if c.method in METHODS else c.method
    arrow = "↓" if c.direction == "download" else "↑"
    if c.outcome != "done":
        outcome = {"failed": HistoryPanelWords.tr("failed"),
                   "cancelled": HistoryPanelWords.tr("cancelled")}.get(c.outcome, c.outcome)
        return f"{_when(c.when)}  {arrow} {label}: {outcome}"
    check = f" · {verified_as(c.verification)}" if c.verified else ""
    speed = rate(c.rate_MBps) if timed(c.bytes if c.sent is None else c.sent) else duration(c.seconds)
    return f"{_when(c.when)}  {arrow} {label} · {files_counted(c.files)}, {size(c.bytes)} · {speed}{check}"


def profile_line(p: LinkProfile) -> str:
    parts = []
    if p.tcp_up_MBps:
        parts.append(HistoryPanelWords.tr("network {rate}", rate=rate(p.tcp_up_MBps)))
    best = p.cipher(None)
    if best:
        parts.append(f"ssh {rate(best.MBps)}")
    if p.remote_write_MBps:
        parts.append(HistoryPanelWords.tr("disk {rate}", rate=rate(p.remote_write_MBps)))
    if not parts and p.rtt_ms is not None:  # an SFTP-only account: the round trip is all there is to time
        parts.append(HistoryPanelWords.tr("round trip {time}", time=ms(p.rtt_ms)))
    return HistoryPanelWords.tr("{when}  measured: {what}", when=_when(p.measured_at),
                                what=", ".join(parts) or HistoryPanelWords.tr("nothing"))


class HistoryPanel(Card):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(HistoryPanelWords.tr("History with this host"), parent)
        self.list = QListWidget()
        self.list.setAccessibleName(HistoryPanelWords.tr("History"))
        self.list.setAccessibleDescription(HistoryPanelWords.tr("Past copies and measurements with this host, newest "
                                                                "first; the last row shows older ones when there are "
                                                                "more."))
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.body.addWidget(self.list)
        # The last row, when there is more: a click, or Enter on it, lists the next older rows.
        self.older: QListWidgetItem | None = None
        self.list.itemActivated.connect(self._activated)
        self.list.itemClicked.connect(self._activated)
        self.shown_for: tuple[str | None, str | None] = (None, None)
        self.limit = SHOWN

    def show_for(self, host_label: str | None, profile_key: str | None) -> None:
        if (host_label, profile_key) != self.shown_for:  # another host: its newest rows first
            self.shown_for, self.limit = (host_label, profile_key), SHOWN
        self.list.clear()
        rows: list[tuple[float, str, str]] = []
        if host_label:
            for c in load(host_label):
                # A command that failed before it had a tool's command line (`copy --method`) has none to show.
                to = HistoryPanelWords.tr("to {destination}", destination=c.dest)
                tip = "\n".join(line for line in (c.command, to, duration(c.seconds), c.sentence) if line)
                rows.append((c.when, copy_line(c), tip))
        if profile_key:
            for p in history.load(profile_key):
                tip = "\n".join(p.notes) or HistoryPanelWords.tr("Link measured")
                rows.append((p.measured_at, profile_line(p), tip))
        rows.sort(key=lambda r: r[0], reverse=True)
        for _when_, text, tip in rows[:self.limit]:
            item = QListWidgetItem(text)
            item.setToolTip(tip)
            self.list.addItem(item)
        self.older = None
        if len(rows) > self.limit:
            self.older = QListWidgetItem(HistoryPanelWords.tr("Show older…"))
            self.older.setToolTip(HistoryPanelWords.tr("Lists earlier copies and measurements"))
            font = self.older.font()
            font.setItalic(True)
            self.older.setFont(font)
            self.list.addItem(self.older)
        if not rows:
            item = QListWidgetItem(HistoryPanelWords.tr("No copies or measurements yet.") if host_label else
                                   HistoryPanelWords.tr("Pick a host to see its history."))
            item.setFlags(item.flags() & ~item.flags().ItemIsSelectable)
            self.list.addItem(item)

    def _activated(self, item: QListWidgetItem) -> None:
        if item is self.older:
            self.show_older()

    def show_older(self) -> None:
        at = self.list.count() - 1  # where the "Show older" row was
        self.limit += SHOWN
        self.show_for(*self.shown_for)
        if at < self.list.count():  # the first of the older rows, where the keyboard and the eye go on
            self.list.setCurrentRow(at)
            self.list.scrollToItem(self.list.item(at))
