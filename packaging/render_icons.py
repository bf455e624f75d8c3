"""Render the app icon's PNGs from its SVG with QtSvg, into resources/icons/hicolor/NxN/apps/.

    .venv/bin/python packaging/render_icons.py [--check]

Run it after changing the SVG and commit the PNGs. --check renders into memory and exits 1 when a
committed PNG is missing or has the wrong size (the pixels may differ between Qt versions).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.bundle import APP_ID, ICON_SIZES, resource  # noqa: E402


def png_path(size: int) -> Path:
    return resource("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check the committed PNGs")
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])  # noqa: F841 (fonts, image I/O)
    svg = resource("icons", "hicolor", "scalable", "apps", f"{APP_ID}.svg")
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        print(f"render_icons: cannot read {svg}", file=sys.stderr)
        return 1
    bad = []
    for size in ICON_SIZES:
        path = png_path(size)
        if args.check:
            image = QImage(str(path))
            if image.isNull() or (image.width(), image.height()) != (size, size):
                bad.append(f"{path.relative_to(ROOT)}: {'missing' if image.isNull() else image.size()}")
            continue
        image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
        image.fill(Qt.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setRenderHint(QPainter.SmoothPixmapTransform)
        renderer.render(painter)
        painter.end()
        path.parent.mkdir(parents=True, exist_ok=True)
        if not image.convertToFormat(QImage.Format_ARGB32).save(str(path), "PNG", 0):  # 0: smallest file
            print(f"render_icons: cannot write {path}", file=sys.stderr)
            return 1
        print(f"{path.relative_to(ROOT)}  {size}×{size}  {path.stat().st_size} bytes")
    if bad:
        print("render_icons: run `.venv/bin/python packaging/render_icons.py` and commit the PNGs:\n  "
              + "\n  ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
