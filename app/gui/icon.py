"""The application icon: resources/transfer-advisor.svg, drawn at every size Qt asks for."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QIcon

ICON_NAME = "transfer-advisor.svg"
# The desktop entry's id (transfer-advisor.desktop without ".desktop"): the window's app id and the
# notifications' desktop-entry hint, so the desktop groups both under the installed launcher.
DESKTOP_ENTRY = "transfer-advisor"


def resources_dir() -> Path:
    """resources/ beside the package, or inside a frozen (PyInstaller) build."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return Path(__file__).resolve().parents[2] / "resources"


def app_icon() -> QIcon:
    path = resources_dir() / ICON_NAME
    return QIcon(str(path)) if path.is_file() else QIcon()
