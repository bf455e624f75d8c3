"""Add Transfer Advisor to the desktop's menu for the current user, or take it out again.

    python3 packaging/desktop.py install [--program PATH] [--data-home DIR]
    python3 packaging/desktop.py uninstall [--data-home DIR]

(`make install-desktop` and `make uninstall-desktop`.) Puts the desktop entry, the icons (hicolor
theme, SVG and PNGs) and the AppStream metainfo where the desktop looks for them: under
$XDG_DATA_HOME, else ~/.local/share. The entry's Exec line names the program by its full path: the
bundle (dist/transfer-advisor/transfer-advisor) when it is built, else the venv's transfer-advisor.
Only the standard library: it runs with the system's python3.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.bundle import APP_ID  # noqa: E402  (no Qt: stdlib only)

RESOURCES = ROOT / "resources"
DESKTOP = f"{APP_ID}.desktop"
METAINFO = f"{APP_ID}.metainfo.xml"
# Characters that make the Desktop Entry spec require an Exec argument to be quoted.
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home(given: str | None = None) -> Path:
    """$XDG_DATA_HOME when it is set and absolute (the spec ignores a relative one), else ~/.local/share."""
    value = given or os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def default_program() -> Path:
    bundle = ROOT / "dist" / "transfer-advisor" / "transfer-advisor"
    if os.access(bundle, os.X_OK):
        return bundle
    return ROOT / os.environ.get("VENV", ".venv") / "bin" / "transfer-advisor"


def exec_arg(arg: str) -> str:
    """One Exec argument, quoted as the Desktop Entry spec says, and '%' doubled (field codes)."""
    arg = arg.replace("%", "%%")
    if not any(c in RESERVED for c in arg):
        return arg
    return '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'


def string_value(text: str) -> str:
    """A value of type string in a desktop file: backslashes doubled, control characters escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def desktop_entry(program: Path) -> str:
    """resources/' entry with Exec and TryExec pointing at `program` (Exec keeps its arguments)."""
    lines = []
    for line in (RESOURCES / DESKTOP).read_text().splitlines():
        key = line.split("=", 1)[0]
        if key == "Exec":  # the program by its full path; its arguments (`gui %F`) as they are
            rest = line.split("=", 1)[1].split(" ", 1)[1:]
            line = "Exec=" + " ".join([string_value(exec_arg(str(program))), *rest])
        elif key == "TryExec":
            line = "TryExec=" + string_value(str(program))
        lines.append(line)
    return "\n".join(lines) + "\n"


def icon_files() -> list[tuple[Path, Path]]:
    """(file in resources/icons/hicolor, its path under a hicolor theme folder) for every size."""
    hicolor = RESOURCES / "icons" / "hicolor"
    return [(f, f.relative_to(hicolor)) for f in sorted(hicolor.rglob(f"{APP_ID}.*")) if f.is_file()]


def installed_paths(data: Path) -> list[Path]:
    return ([data / "applications" / DESKTOP, data / "metainfo" / METAINFO]
            + [data / "icons" / "hicolor" / rel for _src, rel in icon_files()])


def _write(path: Path, text: str | None = None, source: Path | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    if source is not None:
        shutil.copyfile(source, tmp)
    else:
        tmp.write_text(text or "")
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def _refresh(data: Path) -> None:
    """Tell the desktop: the MIME/menu cache and, where one already exists, the icon cache."""
    apps, hicolor = data / "applications", data / "icons" / "hicolor"
    if shutil.which("update-desktop-database") and apps.is_dir():
        subprocess.run(["update-desktop-database", "-q", str(apps)], check=False)
    if hicolor.is_dir():
        os.utime(hicolor)  # icon loaders notice a theme folder that changed
        if (hicolor / "icon-theme.cache").exists() and shutil.which("gtk-update-icon-cache"):
            subprocess.run(["gtk-update-icon-cache", "-q", "-t", "-f", str(hicolor)], check=False)


def install(program: Path, data: Path) -> list[Path]:
    program = program.absolute()
    if not os.access(program, os.X_OK):
        raise SystemExit(f"desktop: {program} is not there; run `make package` (the bundle) or `make run` "
                         "(the venv) first")
    _write(data / "applications" / DESKTOP, desktop_entry(program))
    _write(data / "metainfo" / METAINFO, source=RESOURCES / METAINFO)
    for src, rel in icon_files():
        _write(data / "icons" / "hicolor" / rel, source=src)
    _refresh(data)
    return installed_paths(data)


def uninstall(data: Path) -> list[Path]:
    removed = []
    for path in installed_paths(data):
        if path.exists():
            path.unlink()
            removed.append(path)
    _refresh(data)
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("action", choices=("install", "uninstall"))
    parser.add_argument("--program", type=Path, help="the program the menu entry starts (default: the bundle "
                        "if built, else the venv's transfer-advisor)")
    parser.add_argument("--data-home", help="instead of $XDG_DATA_HOME or ~/.local/share")
    args = parser.parse_args(argv)
    data = data_home(args.data_home)
    if args.action == "install":
        program = args.program or default_program()
        paths = install(program, data)
        print(f"desktop: installed {APP_ID} under {data} (menu entry, {len(paths) - 2} icons, metainfo); "
              f"it starts {program.absolute()}")
    else:
        removed = uninstall(data)
        print(f"desktop: removed {len(removed)} files of {APP_ID} from {data}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
