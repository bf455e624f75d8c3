"""The window's arrangement: the host, the files and the history on the left; the Find row, the banner, the
charts, the recommendation and the copy on the right; a splitter between them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

Column = list[tuple[QWidget, int]]  # each widget with its share of the column's height


def two_columns(left: Column, right: Column) -> tuple[QWidget, QVBoxLayout]:
    """The window's central widget, and the right column's layout (its shares change with what it shows)."""
    left_side, _ = _column(left)
    right_side, right_layout = _column(right)
    splitter = QSplitter(Qt.Horizontal)
    splitter.addWidget(left_side)
    splitter.addWidget(right_side)
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


def _column(widgets: Column) -> tuple[QWidget, QVBoxLayout]:
    column = QWidget()
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget, stretch in widgets:
        layout.addWidget(widget, stretch)
    return column, layout
