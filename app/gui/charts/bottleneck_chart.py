"""The bottleneck chart: one horizontal bar per measured ceiling, the limiting one highlighted.

Probe results arrive as `ProbeDone` events and only change the rows; a timer repaints when
something changed. Before the advice is in, the lowest ceiling measured so far is marked; the
advice then names the real limit (which may be a factor no probe shows on its own, such as
pauses on every file; it gets a row of its own).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from app.core.advice.calibration import HELD_SHARE
from app.core.advice.factors import Factor
from app.core.events import ProbeDone
from app.core.formatting import cipher_figures, ms, rate
from app.core.language import Words
from app.core.wording.advice import tip
from app.core.wording.profile import cipher_name
from app.gui.shell import theme

ROW = 28      # a row's height when there is room
MIN_ROW = 17  # and when the window is short
REDRAW_MS = 50


class BottleneckChartWords(Words):
    """The bottleneck chart's rows, tags and summary (the translator's context)."""


def raised() -> str:
    """Added to a bar's tooltip when the race raised its figure."""
    return BottleneckChartWords.tr("The race moved your files faster than this probe measured, so the figure is the "
                                   "race's.")


def tag(final: bool) -> str:
    """The mark beside the limiting bar: the advice's verdict, or the lowest so far."""
    return BottleneckChartWords.tr("LIMIT") if final else BottleneckChartWords.tr("SLOWEST")


@dataclass
class Row:
    key: str
    label: str
    value: float | None  # MB/s; None: not measured
    tip: str
    why: str = ""        # why it was not measured


class BottleneckChart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: dict[str, Row] = {}
        self.limit_key: str | None = None
        self.final = False
        self.download = False
        self.rtt_text = ""
        self.cpu_text = ""  # the host held to a share of a core (a quota, other work), where it is
        self.placeholder = ""
        self._dirty = True
        self._row_h = ROW
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumHeight(MIN_ROW * 6)
        self.setAccessibleName(BottleneckChartWords.tr("Bottleneck chart"))
        self.setFocusPolicy(Qt.TabFocus)  # a keyboard reaches it and hears its summary (the description)
        self.timer = QTimer(self)
        self.timer.setInterval(REDRAW_MS)
        self.timer.timeout.connect(self._maybe_repaint)
        self.timer.start()

    # -- data -------------------------------------------------------------------------------
    def reset(self, download: bool) -> None:
        self.rows.clear()
        self.limit_key, self.final, self.download, self.rtt_text, self.cpu_text = None, False, download, "", ""
        self._dirty = True

    def add_probe(self, event: ProbeDone) -> None:
        """A row from the probe's figures (its `value` is for people and is shown only as the reason a
        figure is missing)."""
        name = event.name
        value = event.figure if event.ok else None
        why = "" if event.ok else event.value
        if name == "rtt":
            self.rtt_text = BottleneckChartWords.tr("Round trip {time}", time=ms(event.figure)) \
                if event.ok and event.figure is not None else ""
        elif name == "cpu-share":
            held = event.ok and event.figure is not None and event.figure < HELD_SHARE
            self.cpu_text = BottleneckChartWords.tr("the host gives one process {share}", share=event.value) if held else ""
        elif name == ("tcp-down" if self.download else "tcp-up"):
            self._set(Row(Factor.LINK, BottleneckChartWords.tr("Network (plain TCP)"), value, tip(Factor.LINK), why))
        elif name == ("tcp-down-all" if self.download else "tcp-up-all"):
            self._set(Row("network-all", BottleneckChartWords.tr("Network (several connections)"), value,
                          tip(Factor.LINK), why))
        elif name.startswith("cipher:"):
            cipher = name.removeprefix("cipher:")
            figures = "\n\n" + BottleneckChartWords.tr("Cipher {cipher}: {figures}", cipher=cipher,
                                                        figures=cipher_figures(event.cipher)) if event.cipher else ""
            self._set(Row(name, f"ssh · {cipher_name(cipher)}", value, tip("cipher") + figures, why))
        elif name == "remote-write":
            self._set(Row(Factor.REMOTE_DISK, BottleneckChartWords.tr("Destination disk"), value,
                          tip(Factor.REMOTE_DISK), why))
        elif name == "local-read":
            self._set(Row(Factor.LOCAL_DISK, BottleneckChartWords.tr("Reading your files"), value,
                          tip(Factor.LOCAL_DISK), why))
        if not self.final:
            self.limit_key = self._lowest()
        self._dirty = True

    def set_limit(self, key: str | None, extra: Row | None = None) -> None:
        """The advice's verdict: highlight `key`, or add `extra` as its own row and highlight it."""
        if extra is not None:
            self._set(extra)
            key = extra.key
        self.limit_key, self.final = key, True
        self._dirty = True

    def correct(self, figures: dict[str, float | None]) -> None:
        """The figures the advice ended with (a lap faster than a probe raised it): a bar that shows less says
        what the sentence under the chart says, and its tooltip why."""
        for key, value in figures.items():
            row = self.rows.get(key)
            if row is not None and row.value and value and abs(value - row.value) > 0.01 * row.value:
                row.value = value
                said = raised()
                row.tip = f"{row.tip}\n\n{said}" if said not in row.tip else row.tip
                self._dirty = True

    def _set(self, row: Row) -> None:
        self.rows[row.key] = row

    def _lowest(self) -> str | None:
        """The lowest ceiling so far; of the ciphers only the fastest counts (the app picks it)."""
        measured = [r for r in self.rows.values() if r.value]
        ciphers = [r for r in measured if r.key.startswith("cipher:")]
        best_cipher = max(ciphers, key=lambda r: r.value, default=None)
        candidates = [r for r in measured if not r.key.startswith("cipher:")] + ([best_cipher] if best_cipher else [])
        low = min(candidates, key=lambda r: r.value, default=None)
        return low.key if low else None

    def limit_row(self) -> Row | None:
        return self.rows.get(self.limit_key) if self.limit_key else None

    # -- drawing ----------------------------------------------------------------------------
    def summary(self) -> str:
        """What the bars show, as text (a screen reader's description of the chart)."""
        unmeasured = BottleneckChartWords.tr("not measured")
        rows = [f"{r.label}: {rate(r.value) if r.value else unmeasured}" for r in self.rows.values()]
        limit = self.limit_row()
        if limit is not None:
            rows.append(BottleneckChartWords.tr("limit: {row}", row=limit.label) if self.final else
                        BottleneckChartWords.tr("slowest so far: {row}", row=limit.label))
        return "; ".join([*rows, *([self._header()] if self._header() else [])]) or self.placeholder

    def _maybe_repaint(self) -> None:
        if self._dirty:
            self._dirty = False
            self.setAccessibleDescription(self.summary() or BottleneckChartWords.tr(
                "Nothing measured yet: what each part of the link carries appears here as Find the fastest way "
                "measures it."))
            self.update()

    def sizeHint(self):  # noqa: N802 - Qt's name
        size = super().sizeHint()
        size.setHeight(ROW * max(5, len(self.rows) + 1) + 10)
        return size

    def _scale(self) -> float:
        values = sorted((r.value for r in self.rows.values() if r.value), reverse=True)
        if not values:
            return 1.0
        if len(values) > 1 and values[0] > 4 * values[1]:
            return values[1] * 1.6  # one huge figure (a fast local disk) would flatten all others
        return values[0] * 1.1

    def _label_width(self, fm: QFontMetrics) -> int:
        """Wide enough for every label in bold: any row may become the highlighted one."""
        widest = max((fm.horizontalAdvance(r.label) for r in self.rows.values()), default=100)
        return min(max(widest + 14, 90), 220)

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        c = theme.colors()
        pal = self.palette()
        fm = QFontMetrics(self.font())
        if not self.rows:
            p.setPen(QColor(c.muted))
            p.drawText(self.rect().adjusted(16, 0, -16, 0), Qt.AlignCenter | Qt.TextWordWrap, self.placeholder)
            return
        bold = QFont(self.font())
        bold.setBold(True)
        label_w = self._label_width(QFontMetrics(bold))
        mark = tag(self.final)
        tag_w = QFontMetrics(bold).horizontalAdvance(mark) if self.limit_key else 0
        value_w = QFontMetrics(bold).horizontalAdvance("999.9 GB/s") + 16 + tag_w
        top = self._top()
        if self._header():
            p.setPen(QColor(c.muted))
            p.drawText(QRectF(0, 4, self.width(), top - 6), Qt.AlignLeft | Qt.AlignVCenter, self._header())
        row_h = self._row_h = max(MIN_ROW, min(ROW, (self.height() - top) / max(len(self.rows), 1)))
        span = max(40.0, self.width() - label_w - value_w)
        scale = self._scale()
        for i, row in enumerate(self.rows.values()):
            y = top + i * row_h
            is_limit = row.key == self.limit_key
            p.setFont(bold if is_limit else self.font())
            p.setPen(pal.text().color())
            metrics = QFontMetrics(bold) if is_limit else fm
            p.drawText(QRectF(0, y, label_w - 10, row_h), Qt.AlignRight | Qt.AlignVCenter,
                       metrics.elidedText(row.label, Qt.ElideMiddle, label_w - 10))
            if row.value is None:
                p.setPen(QColor(c.muted))
                p.drawText(QRectF(label_w, y, self.width() - label_w, row_h), Qt.AlignLeft | Qt.AlignVCenter,
                           fm.elidedText(row.why, Qt.ElideRight, int(self.width() - label_w)))
                continue
            width = span * min(row.value / scale, 1.0)
            color = QColor(c.limit if is_limit else c.accent)
            if not is_limit and self.limit_key:
                color.setAlpha(150)
            pad = row_h * 0.18
            bar = QRectF(label_w, y + pad, max(width, 3.0), row_h - 2 * pad)
            self._draw_bar(p, bar, color, truncated=row.value > scale)
            p.setPen(pal.text().color())
            text = rate(row.value)
            text_x = bar.right() + 8
            p.drawText(QRectF(text_x, y, value_w, row_h), Qt.AlignLeft | Qt.AlignVCenter, text)
            if is_limit:
                tx = text_x + QFontMetrics(bold).horizontalAdvance(text) + 8
                self._draw_tag(p, QRectF(tx, bar.top(), QFontMetrics(bold).horizontalAdvance(mark), bar.height()),
                               mark, QColor(c.limit))

    def _draw_bar(self, p: QPainter, bar: QRectF, color: QColor, truncated: bool) -> None:
        path = QPainterPath()
        path.addRoundedRect(bar, 4, 4)
        p.fillPath(path, color)
        if truncated:  # a break mark: the bar goes on beyond the scale
            p.setPen(QPen(self.palette().base().color(), 3))
            x = bar.right() - 14
            p.drawLine(int(x), int(bar.bottom() + 1), int(x + 6), int(bar.top() - 1))

    def _draw_tag(self, p: QPainter, rect: QRectF, text: str, color: QColor) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect, 4, 4)
        p.fillPath(path, color)
        p.setPen(QColor("white"))
        small = QFont(self.font())
        small.setBold(True)
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.8))
        p.setFont(small)
        p.drawText(rect, Qt.AlignCenter, text)

    def event(self, event) -> bool:
        if event.type() == QEvent.ToolTip:
            row = self._row_at(event.pos().y())
            if row is not None:
                QToolTip.showText(event.globalPos(), row.tip, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def _top(self) -> int:
        return 4 + (ROW - 6 if self._header() else 0)

    def _header(self) -> str:
        """The line above the bars: the round trip, and what the host gives where it holds processes to a share."""
        return " · ".join(t for t in (self.rtt_text, self.cpu_text) if t)

    def _row_at(self, y: float) -> Row | None:
        top = self._top()
        index = int((y - top) // self._row_h)
        rows = list(self.rows.values())
        return rows[index] if 0 <= index < len(rows) and y >= top else None
