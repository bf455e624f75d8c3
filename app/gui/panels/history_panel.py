"""Past copies and measured profiles of the chosen host, newest first."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from app.core.profile import kept as history
from app.core.transfer.methods import METHODS
from app.core.profile.link_profile import LinkProfile
from app.core.wording.transfer import verified_as
from app.gui.panels.card import Card
from app.core.formatting import count, duration, ms, rate, size, timed
from app.core.state.transfer_log import PastCopy, load

SHOWN = 30


def _when(stamp: float) -> str:
    today = time.strftime("%Y-%m-%d") == time.strftime("%Y-%m-%d", time.localtime(stamp))
    return time.strftime("%H:%M" if today else "%d %b %H:%M", time.localtime(stamp))


def copy_line(c: PastCopy) -> str:
    label = METHODS[c.method].label if c.method in METHODS else c.method
    arrow = "↓" if c.direction == "download" else "↑"
    if c.outcome != "done":
        return f"{_when(c.when)}  {arrow} {label}: {c.outcome}"
    check = f" · {verified_as(c.verification)}" if c.verified else ""
    speed = rate(c.rate_MBps) if timed(c.bytes if c.sent is None else c.sent) else duration(c.seconds)
    return f"{_when(c.when)}  {arrow} {label} · {count(c.files, 'file')}, {size(c.bytes)} · {speed}{check}"


def profile_line(p: LinkProfile) -> str:
    parts = []
    if p.tcp_up_MBps:
        parts.append(f"network {rate(p.tcp_up_MBps)}")
    best = p.cipher(None)
    if best:
        parts.append(f"ssh {rate(best.MBps)}")
    if p.remote_write_MBps:
        parts.append(f"disk {rate(p.remote_write_MBps)}")
    if not parts and p.rtt_ms is not None:  # an SFTP-only account: the round trip is all there is to time
        parts.append(f"round trip {ms(p.rtt_ms)}")
    return f"{_when(p.measured_at)}  measured: {', '.join(parts) or 'nothing'}"


class HistoryPanel(Card):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("History with this host", parent)
        self.list = QListWidget()
        self.list.setAccessibleName("History")
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.body.addWidget(self.list)

    def show_for(self, host_label: str | None, profile_key: str | None) -> None:
        self.list.clear()
        rows: list[tuple[float, str, str]] = []
        if host_label:
            for c in load(host_label)[:SHOWN]:
                # A command that failed before it had a tool's command line (`copy --method`) has none to show.
                tip = "\n".join(line for line in (c.command, f"to {c.dest}", duration(c.seconds), c.sentence) if line)
                rows.append((c.when, copy_line(c), tip))
        if profile_key:
            for p in history.load(profile_key)[:SHOWN]:
                rows.append((p.measured_at, profile_line(p), "\n".join(p.notes) or "Link measured"))
        for _when_, text, tip in sorted(rows, key=lambda r: r[0], reverse=True)[:SHOWN]:
            item = QListWidgetItem(text)
            item.setToolTip(tip)
            self.list.addItem(item)
        if not rows:
            item = QListWidgetItem("No copies or measurements yet." if host_label else "Pick a host to see its history.")
            item.setFlags(item.flags() & ~item.flags().ItemIsSelectable)
            self.list.addItem(item)
