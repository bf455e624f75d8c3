"""Where the app finds its own files, run from source or frozen (the PyInstaller bundle), and what a
frozen app must undo before it starts other programs. No Qt here: the core and the CLI use it too.

Nothing is ever written here: the bundle's folder may be read-only. State goes to the folders in
app.core.paths (platformdirs, or TRANSFER_ADVISOR_HOME).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# One id for the desktop entry, the AppStream metainfo, the icons and the window (Wayland app_id, X11 class).
APP_ID = "io.github.transferadvisor.TransferAdvisor"

ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def frozen() -> bool:
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def resources_dir() -> Path:
    """resources/: inside the bundle when frozen, else beside the `app` package (a checkout)."""
    if frozen():
        return Path(sys._MEIPASS) / "resources"
    return Path(__file__).resolve().parents[1] / "resources"


def resource(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def icon_files() -> list[Path]:
    """The app icon's files that exist: the SVG first, then the PNGs from small to large."""
    hicolor = resource("icons", "hicolor")
    files = [hicolor / "scalable" / "apps" / f"{APP_ID}.svg"]
    files += [hicolor / f"{n}x{n}" / "apps" / f"{APP_ID}.png" for n in ICON_SIZES]
    return [f for f in files if f.is_file()]


# The bootloader points the dynamic loader at the bundle's own libraries (libcrypto, libz, libzstd, ...).
# Programs the app starts (ssh, sshd, rsync, tar, zstd, ...) must load the system's instead: OpenSSH
# refuses to run with an OpenSSL other than the one it was built against.
_LOADER_VARIABLES = ("LD_LIBRARY_PATH",)


def restore_child_environment(environ: os._Environ | dict[str, str] | None = None) -> None:
    """When frozen: give os.environ back the loader path it had before the bootloader, so every child
    process inherits the user's environment (this process is not affected: the loader read its paths
    when it started). And a child that starts the bundle's program again (ssh running it as the
    SSH_ASKPASS helper) must get a fresh instance that sets up its own paths, not one that takes the
    bootloader's variables it inherited for its own: PYINSTALLER_RESET_ENVIRONMENT says so."""
    env = os.environ if environ is None else environ
    if not frozen():
        return
    env["PYINSTALLER_RESET_ENVIRONMENT"] = "1"
    for name in _LOADER_VARIABLES:
        original = env.pop(f"{name}_ORIG", None)
        if original is not None:
            env[name] = original
            continue
        bundle = os.path.realpath(sys._MEIPASS)
        kept = [p for p in env.get(name, "").split(os.pathsep)
                if p and os.path.realpath(p) != bundle]
        if kept:
            env[name] = os.pathsep.join(kept)
        else:
            env.pop(name, None)
