"""A pyqtgraph plot fed from bounded ring buffers and redrawn by its own timer.

Data arrives whenever the core sends it (`append`), which only stores it; a QTimer at
REDRAW_HZ copies the buffers that changed into their curves. A flood of samples therefore
costs a few appends, never a repaint each.
"""

from __future__ import annotations

import html
from collections import deque
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

import pyqtgraph as pg

from app.core.language import Words
from app.gui.shell import theme

REDRAW_HZ = 20
KEEP_SAMPLES = 600  # per series: minutes of samples at the core's 4 Hz


class LivePlotWords(Words):
    """A live chart's text summary (the translator's context)."""


@dataclass
class Series:
    label: str
    color: str
    curve: pg.PlotDataItem
    x: deque = field(default_factory=lambda: deque(maxlen=KEEP_SAMPLES))
    y: deque = field(default_factory=lambda: deque(maxlen=KEEP_SAMPLES))
    suffix: str = ""
    dirty: bool = False


class UnitAxis(pg.AxisItem):
    """A bottom axis whose ticks carry their unit ("0.5 s"): no label line under them, for a small plot."""

    def __init__(self, unit: str) -> None:
        super().__init__("bottom")
        self.unit = unit

    def tickStrings(self, values, scale, spacing):  # noqa: N802 - pyqtgraph's name
        return [f"{text} {self.unit}" if text else text for text in super().tickStrings(values, scale, spacing)]


class LivePlot(QWidget):
    def __init__(self, x_label: str, y_label: str, legend: bool = True, parent: QWidget | None = None,
                 x_unit: str = "") -> None:
        """`x_unit`: put on the time axis's ticks instead of `x_label` under them (a plot with little height)."""
        super().__init__(parent)
        self.plot = pg.PlotWidget(axisItems={"bottom": UnitAxis(x_unit)} if x_unit else None)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        self.plot.setFocusPolicy(Qt.TabFocus)  # a keyboard reaches the chart and hears its summary;
        self.plot.viewport().setFocusPolicy(Qt.NoFocus)  # the view, not its canvas
        if not x_unit:
            self.plot.setLabel("bottom", x_label)
        self.plot.setLabel("left", y_label)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.setXRange(0, 1)
        self.plot.setYRange(0, 1)
        # The legend sits under the plot, not on it, so it never hides a curve.
        self.legend = QLabel() if legend else None
        if self.legend is not None:
            self.legend.setTextFormat(Qt.RichText)
            self.legend.setWordWrap(True)
            self.legend.hide()
        self.series: dict[str, Series] = {}
        self._y_top = 1.0
        self._x_end = 1.0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        if self.legend is not None:
            layout.addWidget(self.legend)
        self.timer = QTimer(self)
        self.timer.setInterval(1000 // REDRAW_HZ)
        self.timer.timeout.connect(self._redraw)
        self.timer.start()
        self.apply_theme()

    def setAccessibleName(self, name: str) -> None:  # noqa: N802 - Qt's name
        """The plot itself takes the focus: it carries the name, and the text summary as its description."""
        super().setAccessibleName(name)
        self.plot.setAccessibleName(name)

    def summary(self) -> str:
        """What the chart shows, as text: each series with its current figure."""
        none = LivePlotWords.tr("no data yet")
        return "; ".join(f"{s.label}: {s.suffix.strip() or none}" for s in self.series.values())

    def apply_theme(self) -> None:
        c = theme.colors()
        self.plot.setBackground(self.palette().base().color())
        text = self.palette().text().color()
        self.plot.getPlotItem().getViewBox().setBorder(None)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            axis.setPen(pg.mkPen(c.muted))
            axis.setTextPen(pg.mkPen(text))
        for s in self.series.values():
            s.dirty = True

    def add_series(self, key: str, label: str, color: str | None = None) -> None:
        if key in self.series:
            return
        color = color or theme.colors().series[len(self.series) % len(theme.colors().series)]
        curve = self.plot.plot([], [], pen=pg.mkPen(color, width=2.5))
        curve.setClipToView(True)
        curve.setDownsampling(auto=True, method="peak")
        self.series[key] = Series(label, color, curve, dirty=True)
        if self.legend is not None:
            self.legend.show()

    def append(self, key: str, x: float, y: float) -> None:
        s = self.series[key]
        s.x.append(x)
        s.y.append(y)
        s.dirty = True

    def set_suffix(self, key: str, suffix: str) -> None:
        """Text after the series' name in the legend, such as its current rate."""
        s = self.series[key]
        if s.suffix != suffix:
            s.suffix = suffix
            s.dirty = True

    def last(self, key: str) -> float | None:
        s = self.series.get(key)
        return s.y[-1] if s and s.y else None

    def clear(self) -> None:
        for s in self.series.values():
            self.plot.removeItem(s.curve)
        self.series.clear()
        if self.legend is not None:
            self.legend.clear()
            self.legend.hide()
        self._y_top = self._x_end = 1.0
        self.plot.setXRange(0, 1)
        self.plot.setYRange(0, 1)

    def _redraw(self) -> None:
        changed = [s for s in self.series.values() if s.dirty]
        if not changed:
            return
        for s in changed:
            s.curve.setData(np.fromiter(s.x, float, len(s.x)), np.fromiter(s.y, float, len(s.y)))
            s.dirty = False
        described = self.summary()
        self.setAccessibleDescription(described)
        self.plot.setAccessibleDescription(described)
        if self.legend is not None:
            self.legend.setText("<br>".join(
                f"<span style='color:{s.color}; font-size:13pt'>■</span>&nbsp;{html.escape(s.label)}"
                f"&nbsp;&nbsp;<b>{html.escape(s.suffix.strip())}</b>" for s in self.series.values()))
        self._rescale()

    def _rescale(self) -> None:
        """Grow the axes in steps so the picture does not jitter with every sample."""
        y_max = max((max(s.y) for s in self.series.values() if s.y), default=0.0)
        x_max = max((s.x[-1] for s in self.series.values() if s.x), default=0.0)
        if y_max > self._y_top * 0.92 or y_max < self._y_top * 0.4:
            self._y_top = max(1.0, y_max * 1.25)
            self.plot.setYRange(0, self._y_top, padding=0)
        if x_max > self._x_end:
            self._x_end = max(self._x_end * 1.5, x_max)
            self.plot.setXRange(0, self._x_end, padding=0)
