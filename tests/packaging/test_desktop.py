"""Desktop integration: the entry, the icons and the AppStream metainfo in resources/ are valid and agree
on one id, and `packaging/desktop.py install` (make install-desktop) puts them where the desktop looks
for them under $XDG_DATA_HOME, with an Exec line that starts the program."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app import __version__
from app.bundle import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
DESKTOP = RESOURCES / f"{APP_ID}.desktop"
METAINFO = RESOURCES / f"{APP_ID}.metainfo.xml"


def entry(path: Path) -> dict[str, str]:
    parser = configparser.RawConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def exec_argv(value: str) -> list[str]:
    """An Exec value as a launcher reads it (Desktop Entry spec): the string escapes first, then
    arguments split at spaces outside double quotes, where a backslash makes the next " ` $ or \\
    literal; then %% is a literal percent sign."""
    text = value.replace("\\\\", "\x00").replace("\\s", " ").replace("\x00", "\\")
    args, arg, quoted, i = [], None, False, 0
    while i < len(text):
        c = text[i]
        if quoted and c == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
            arg, i = (arg or "") + text[i + 1], i + 2
            continue
        if c == '"':
            quoted, arg = not quoted, arg or ""
        elif c == " " and not quoted:
            if arg is not None:
                args.append(arg)
            arg = None
        else:
            arg = (arg or "") + c
        i += 1
    assert not quoted, f"unbalanced quotes in Exec={value}"
    if arg is not None:
        args.append(arg)
    return [a.replace("%%", "%") for a in args]


def test_entry_metainfo_and_icons_share_one_id():
    desktop = entry(DESKTOP)
    assert desktop["Icon"] == APP_ID and desktop["Type"] == "Application"
    assert exec_argv(desktop["Exec"]) == ["transfer-advisor", "gui", "%F"]  # files from "Open with"
    assert {"inode/directory", "application/octet-stream"} <= set(desktop["MimeType"].rstrip(";").split(";"))
    meta = ET.parse(METAINFO).getroot()
    assert meta.findtext("id") == APP_ID
    assert meta.findtext("launchable") == DESKTOP.name
    assert meta.find("content_rating") is not None and meta.find("releases/release").get("version") == __version__
    assert meta.find("screenshots/screenshot/image").text.endswith("/resources/screenshot.png")
    assert (RESOURCES / "screenshot.png").is_file()
    hicolor = RESOURCES / "icons" / "hicolor"
    assert (hicolor / "scalable" / "apps" / f"{APP_ID}.svg").is_file()


def test_release_dates_are_real_and_the_license_is_there():
    """AppStream's releases are dated no later than today and newest first; the LICENSE file is the licence
    pyproject.toml names (MIT)."""
    import datetime
    meta = ET.parse(METAINFO).getroot()
    dates = [datetime.date.fromisoformat(r.get("date")) for r in meta.findall("releases/release")]
    assert dates and all(d <= datetime.date.today() for d in dates) and dates == sorted(dates, reverse=True)
    assert dates[-1] >= datetime.date(2026, 1, 1)  # the project's first code is of 2026
    assert 'license = "MIT"' in (ROOT / "pyproject.toml").read_text()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_committed_pngs_match_the_sizes():
    proc = subprocess.run([sys.executable, "packaging/render_icons.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    for n in ICON_SIZES:  # and each is a real PNG of that size (read without Qt: the IHDR chunk)
        data = (RESOURCES / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (n, n)


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-validate is not installed "
                    "(desktop-file-utils; `make test` installs it)")
def test_desktop_entry_validates():
    proc = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstreamcli is not installed (appstream; "
                    "`make test` installs it)")
def test_metainfo_validates():
    proc = subprocess.run(["appstreamcli", "validate", "--no-net", "--explain", str(METAINFO)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def install(data_home: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "XDG_DATA_HOME": str(data_home), "HOME": str(tmp_path / "home")}
    return subprocess.run(["python3", "packaging/desktop.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)


def installed_files(data: Path) -> list[Path]:
    icons = [data / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES]
    return [data / "applications" / f"{APP_ID}.desktop", data / "metainfo" / f"{APP_ID}.metainfo.xml",
            data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg", *icons]


def check_installed(data: Path, program: Path) -> None:
    for path in installed_files(data):
        assert path.is_file(), f"{path} was not installed"
    desktop = entry(data / "applications" / f"{APP_ID}.desktop")
    argv = exec_argv(desktop["Exec"])
    assert argv == [str(program), "gui", "%F"] and desktop["TryExec"] == str(program)
    if shutil.which("desktop-file-validate"):
        proc = subprocess.run(["desktop-file-validate", str(data / "applications" / f"{APP_ID}.desktop")],
                              capture_output=True, text=True)
        assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout
    ran = subprocess.run([argv[0], "--version"], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert (ran.returncode, ran.stdout.strip()) == (0, f"transfer-advisor {__version__}"), ran.stderr


def test_install_puts_everything_where_the_desktop_looks(tmp_path):
    """The default program (the bundle when built, else the venv's), then one at an awkward path."""
    data = tmp_path / "share"
    default = ROOT / "dist" / "transfer-advisor" / "transfer-advisor"
    if not os.access(default, os.X_OK):
        default = ROOT / os.environ.get("VENV", ".venv") / "bin" / "transfer-advisor"
    if os.access(default, os.X_OK):
        proc = install(data, tmp_path, "install")
        assert proc.returncode == 0, proc.stderr
        check_installed(data, default)

    venv_program = Path(sys.executable).parent / "transfer-advisor"
    assert venv_program.is_file(), "the venv has no transfer-advisor: run `make test`"
    odd = tmp_path / "it's a $HOME %u (dir)" / "transfer advisor"
    odd.parent.mkdir()
    odd.symlink_to(venv_program)
    proc = install(data, tmp_path, "install", "--program", str(odd))
    assert proc.returncode == 0, proc.stderr
    check_installed(data, odd)

    proc = install(data, tmp_path, "uninstall")
    assert proc.returncode == 0, proc.stderr
    assert not [p for p in installed_files(data) if p.exists()]


def test_install_refuses_a_program_that_is_not_there(tmp_path):
    proc = install(tmp_path / "share", tmp_path, "install", "--program", str(tmp_path / "nothing"))
    assert proc.returncode != 0 and "make package" in proc.stderr
    assert not (tmp_path / "share" / "applications").exists()
