"""The application icon: the SVG in resources/icons/hicolor, plus the PNGs rendered from it (so the
icon shows even where Qt's SVG plugin is missing), from source or from the bundle."""

from __future__ import annotations

from PySide6.QtGui import QIcon

from app.bundle import APP_ID, icon_files, resources_dir

__all__ = ["DESKTOP_ENTRY", "ICON_NAME", "app_icon", "resources_dir"]

# The scalable icon, relative to resources_dir().
ICON_NAME = f"icons/hicolor/scalable/apps/{APP_ID}.svg"
# The desktop entry's id (its file name without ".desktop"): the window's app id and the notifications'
# desktop-entry hint, so the desktop groups both under the installed launcher.
DESKTOP_ENTRY = APP_ID


def app_icon() -> QIcon:
    files = icon_files()
    if not files:
        return QIcon()
    icon = QIcon(str(files[0]))  # the SVG, when there: QIcon picks the scalable engine by the suffix
    for path in files[1:]:
        icon.addFile(str(path))
    return icon
