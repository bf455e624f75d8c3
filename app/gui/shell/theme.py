"""The window's look: "system" keeps the desktop's own style and palette (and its high-contrast setting);
"light" and "dark" are Fusion with this app's palettes. The few colours charts, badges and banners use
follow whichever palette is in force (HIGH_CONTRAST where the desktop asks for more contrast).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Colors:
    dark: bool
    accent: str       # buttons, bars that are not the limit
    limit: str        # the limiting factor
    good: str         # verified, connected
    warn: str         # insecure
    bad: str          # errors
    banner_bg: str
    banner_fg: str
    warn_bg: str
    muted: str
    grid: str
    series: tuple[str, ...]  # one per raced method


LIGHT = Colors(False, "#2563eb", "#e8590c", "#1e8e3e", "#b45309", "#c62828", "#fdecea", "#7f1d1d",
               "#fff4e0", "#6b7280", "#e5e7eb",
               ("#2563eb", "#e8590c", "#16a34a", "#9333ea", "#db2777", "#0891b2", "#ca8a04"))
DARK = Colors(True, "#5b8def", "#ff8c42", "#4ade80", "#fbbf24", "#f87171", "#4a1d1d", "#ffe4e1",
              "#3d2f12", "#9ca3af", "#374151",
              ("#60a5fa", "#ff8c42", "#4ade80", "#c084fc", "#f472b6", "#22d3ee", "#facc15"))

# Where the desktop asks for more contrast: the palette's own text colours, and pure, saturated marks.
HIGH_CONTRAST_LIGHT = Colors(False, "#0000cc", "#b00000", "#006400", "#8a4b00", "#b00000", "#ffffff", "#000000",
                             "#ffffff", "#000000", "#808080",
                             ("#0000cc", "#b00000", "#006400", "#6a00a8", "#000000", "#005f73", "#8a4b00"))
HIGH_CONTRAST_DARK = Colors(True, "#66b3ff", "#ffa040", "#5cff5c", "#ffd000", "#ff6060", "#000000", "#ffffff",
                            "#000000", "#ffffff", "#a0a0a0",
                            ("#66b3ff", "#ffa040", "#5cff5c", "#ff80ff", "#ffffff", "#00e5ff", "#ffd000"))

_current = LIGHT
_desktop_style: str | None = None  # the style Qt chose for this desktop, before any choice here


def colors() -> Colors:
    return _current


def wants_high_contrast() -> bool:
    """The desktop asks for more contrast (Qt 6.10 reads it from the desktop's accessibility settings)."""
    hints = QGuiApplication.styleHints()
    access = getattr(hints, "accessibility", None)
    if access is None or not hasattr(Qt, "ContrastPreference"):
        return False
    return access().contrastPreference() == Qt.ContrastPreference.HighContrast


def apply(app: QApplication, choice: str = "system") -> Colors:
    """`choice` "system": the desktop's style and palette as Qt found them; "light"/"dark": this app's."""
    global _current, _desktop_style
    if _desktop_style is None:
        _desktop_style = app.style().name()
    if choice in ("light", "dark"):
        dark = choice == "dark"
        app.setStyle("Fusion")
        app.setPalette(_dark_palette() if dark else _light_palette())
        _current = DARK if dark else LIGHT
    else:
        app.setStyle(_desktop_style)
        app.setPalette(QPalette())  # the desktop's (a dark desktop's palette is dark)
        dark = app.palette().color(QPalette.Window).lightness() < 128
        if wants_high_contrast():
            _current = HIGH_CONTRAST_DARK if dark else HIGH_CONTRAST_LIGHT
        else:
            _current = DARK if dark else LIGHT
    app.setStyleSheet(_style_sheet(_current))
    return _current


def _palette(window: str, base: str, alt: str, text: str, button: str, mid: str, disabled: str,
             highlight: str) -> QPalette:
    p = QPalette()
    roles = {QPalette.Window: window, QPalette.Base: base, QPalette.AlternateBase: alt, QPalette.Text: text,
             QPalette.WindowText: text, QPalette.Button: button, QPalette.ButtonText: text,
             QPalette.ToolTipBase: base, QPalette.ToolTipText: text, QPalette.PlaceholderText: disabled,
             QPalette.Highlight: highlight, QPalette.HighlightedText: "#ffffff", QPalette.Link: highlight,
             QPalette.Mid: mid, QPalette.Midlight: alt, QPalette.BrightText: "#ffffff"}
    for role, value in roles.items():
        p.setColor(role, QColor(value))
    for role in (QPalette.Text, QPalette.WindowText, QPalette.ButtonText):
        p.setColor(QPalette.Disabled, role, QColor(disabled))
    return p


def _light_palette() -> QPalette:
    return _palette("#f3f4f6", "#ffffff", "#f9fafb", "#111827", "#f9fafb", "#d1d5db", "#9ca3af", LIGHT.accent)


def _dark_palette() -> QPalette:
    return _palette("#18191c", "#232428", "#2a2b30", "#e5e7eb", "#2d2e33", "#44464d", "#6b7280", DARK.accent)


def _style_sheet(c: Colors) -> str:
    return f"""
QFrame#card {{ background: palette(base); border: 1px solid palette(mid); border-radius: 8px; }}
QLabel#cardTitle {{ font-size: 11pt; font-weight: 600; }}
QLabel#muted {{ color: {c.muted}; }}
QLabel#big {{ font-size: 15pt; font-weight: 600; }}
QPushButton#primary {{ background: {c.accent}; color: white; font-weight: 600; border: none;
    border-radius: 6px; padding: 8px 18px; }}
QPushButton#primary:hover {{ background: {QColor(c.accent).lighter(112).name()}; }}
QPushButton#primary:disabled {{ background: palette(mid); color: palette(base); }}
QFrame#banner {{ background: {c.banner_bg}; border: 1px solid {c.bad}; border-radius: 8px; }}
QFrame#banner QLabel {{ color: {c.banner_fg}; }}
QFrame#insecure {{ background: {c.warn_bg}; border: 1px solid {c.warn}; border-radius: 6px; }}
QLabel#badgeSecure {{ color: white; background: {c.good}; border-radius: 4px; padding: 1px 6px;
    font-weight: 600; }}
QLabel#badgeInsecure {{ color: white; background: {c.warn}; border-radius: 4px; padding: 1px 6px;
    font-weight: 600; }}
QLineEdit#command {{ font-family: "DejaVu Sans Mono", monospace; }}
QProgressBar {{ border: 1px solid palette(mid); border-radius: 5px; text-align: center; min-height: 20px; }}
QProgressBar::chunk {{ background: {c.accent}; border-radius: 4px; }}
QProgressBar#busy {{ min-height: 6px; max-height: 6px; border: none; border-radius: 3px; background: palette(mid); }}
QProgressBar#busy::chunk {{ border-radius: 3px; }}
"""
