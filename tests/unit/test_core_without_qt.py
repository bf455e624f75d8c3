"""The core and the CLI work without Qt: importing them must not load any GUI library."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import contextlib, io, json, sys
import app.core.transfer.engine, app.core.host.session, app.cli
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        app.cli.main(["--help"])
    except SystemExit as exc:
        code = exc.code
    try:
        app.cli.main(["copy", "--help"])
    except SystemExit as exc:
        code = code or exc.code
gui = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "qasync", "pyqtgraph"))
print(json.dumps({"code": code, "help": out.getvalue(), "gui": gui}))
"""


def test_core_and_cli_load_no_gui_library():
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["gui"] == []
    assert result["code"] == 0
    assert "usage: transfer-advisor" in result["help"]
    assert "--method ID" in result["help"] and "--download" in result["help"]
