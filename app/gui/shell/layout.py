"""The window's arrangement: the host, the files and the history on the left; the Find row, the banner, the
charts, the recommendation and the copy on the right; a splitter between them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QVBoxLayout, QWidget

Column = list[tuple[QWidget, int]]  # each widget with its share of the column's height


def two_columns(left: Column, right: Column) -> tuple[QWidget, QVBoxLayout]:
    """The window's central widget, and the right column's layout (its shares change with what it shows)."""
    left_side, _ = _column(left)
    right_side, right_layout = _column(right, fitting=True)
    # Where the window is too short for everything the right column shows (the commands open, both choices, a
    # copy's graph), it scrolls instead of drawing the cards over each other; where it fits, no scroll bar.
    right_scroll = QScrollArea()
    right_scroll.setObjectName("rightColumn")
    right_scroll.setWidgetResizable(True)
    right_scroll.setFrameShape(QFrame.NoFrame)
    right_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    right_scroll.setFocusPolicy(Qt.NoFocus)  # Tab goes to the controls inside, and it scrolls to the one reached
    right_scroll.setWidget(right_side)
    splitter = QSplitter(Qt.Horizontal)
    splitter.addWidget(left_side)
    splitter.addWidget(right_scroll)
    splitter.setStretchFactor(0, 0)
    splitter.setStretchFactor(1, 1)
    splitter.setSizes([370, 910])
    splitter.setChildrenCollapsible(False)
    left_side.setMinimumWidth(340)
    central = QWidget()
    outer = QVBoxLayout(central)
    outer.setContentsMargins(10, 8, 10, 10)
    outer.addWidget(splitter)
    return central, right_layout


class _Fitting(QWidget):
    """A column in a scroll area that takes the viewport's height where its widgets' minimums fit (its charts
    stretch into it), and scrolls only past them: the scroll area would otherwise size it by its size hint, every
    chart at its full height."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        # what its widgets need at least at this width: their minimums, a wrapped card's lines at this width
        return max(self.layout().minimumSize().height(), self.layout().totalMinimumHeightForWidth(width))


def _column(widgets: Column, fitting: bool = False) -> tuple[QWidget, QVBoxLayout]:
    column = _Fitting() if fitting else QWidget()
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget, stretch in widgets:
        layout.addWidget(widget, stretch)
    return column, layout
