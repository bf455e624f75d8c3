"""The PyInstaller bundle, built as `make package` builds it (reused when nothing changed since) and run
as a user runs it: the window's self-test offscreen, --version and --help, and headless commands against
the test sshd, so the frozen core starts the real OpenSSH, tar and zstd. No run may write into the
bundle's folder, and the tools it starts must load the system's libraries, not the bundle's.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app import __version__
from app.bundle import APP_ID, ICON_SIZES

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "dist" / "transfer-advisor"
PROGRAM = BUNDLE / "transfer-advisor"
INTERNAL = BUNDLE / "_internal"
BUILD_TIMEOUT = 600
SIZE_BUDGET_MB = 230  # 185 MB when measured (PySide6 6.11, numpy 2.4, Python 3.11); a jump means a leak
# What stderr may say on a good run: the offscreen platform cannot size windows to their hints.
HARMLESS_STDERR = re.compile(r"^This plugin does not support propagateSizeHints\(\)$")


@pytest.fixture(scope="module")
def bundle() -> Path:
    if not shutil.which("objdump"):
        pytest.fail("objdump is missing (PyInstaller needs binutils): run `make test`, which installs it")
    proc = subprocess.run(["bash", "packaging/build.sh", "--if-stale"], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PY": sys.executable}, timeout=BUILD_TIMEOUT, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, f"the bundle did not build:\n{proc.stdout}\n{proc.stderr}"
    print(proc.stdout.strip())
    return PROGRAM


def tree(root: Path) -> dict[str, tuple[int, int]]:
    """Every file and link under root with its size and modification time."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            st = os.lstat(os.path.join(dirpath, name))
            out[os.path.relpath(os.path.join(dirpath, name), root)] = (st.st_size, st.st_mtime_ns)
    return out


def run_frozen(*args: str, tmp_path: Path, env: dict[str, str] | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess:
    """Run the bundle's program from a scratch folder with its own home and state folder, and check it
    left its own folder as it was."""
    home, state = tmp_path / "home", tmp_path / "state"
    home.mkdir(exist_ok=True)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("TRANSFER_ADVISOR", "QT_", "PYTHON", "XDG_"))}
    base.update(HOME=str(home), TRANSFER_ADVISOR_HOME=str(state), LC_ALL="C.UTF-8", QT_QPA_PLATFORM="offscreen")
    before = tree(BUNDLE)
    proc = subprocess.run([str(PROGRAM), *args], cwd=tmp_path, env={**base, **(env or {})}, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    after = tree(BUNDLE)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"`transfer-advisor {' '.join(args)}` wrote into the bundle: {changed[:10]}"
    return proc


def unexpected_stderr(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not HARMLESS_STDERR.match(line)]


def test_self_test_opens_the_window_offscreen(bundle, tmp_path):
    proc = run_frozen("--self-test", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-test passed" in proc.stdout and "FAIL" not in proc.stdout, proc.stdout
    assert not unexpected_stderr(proc.stderr), proc.stderr
    assert f"ok   app icon: resources from {INTERNAL / 'resources'}" in proc.stdout, proc.stdout
    usable = re.search(r"usable: (\d+) ms", proc.stdout)
    print(f"frozen cold start to a usable window: {usable.group(1) if usable else '?'} ms")


def test_version_and_help(bundle, tmp_path):
    version = run_frozen("--version", tmp_path=tmp_path)
    assert (version.returncode, version.stdout.strip(), version.stderr) == (0, f"transfer-advisor {__version__}", "")
    helped = run_frozen("--help", tmp_path=tmp_path)
    assert helped.returncode == 0 and helped.stderr == "", helped.stderr
    assert "usage: transfer-advisor" in helped.stdout and "methods" in helped.stdout
    copy_help = run_frozen("copy", "--help", tmp_path=tmp_path)
    assert copy_help.returncode == 0 and "--method ID" in copy_help.stdout


def spy_path(tmp_path: Path) -> tuple[Path, Path]:
    """A folder of wrappers for ssh, tar and zstd that note the loader path they were started with (and
    whether a bundle they started would set up its own), then run the real tool: PATH starts with it."""
    spies, log = tmp_path / "spies", tmp_path / "loader-paths.log"
    spies.mkdir()
    for tool in ("ssh", "tar", "zstd"):
        real = shutil.which(tool)
        assert real, f"{tool} is missing: run `make test`, which installs it"
        wrapper = spies / tool
        wrapper.write_text(f'#!/bin/sh\nprintf "%s %s %s\\n" {tool} "${{PYINSTALLER_RESET_ENVIRONMENT-}}" '
                           f'"${{LD_LIBRARY_PATH-<unset>}}" >> "{log}"\nexec "{real}" "$@"\n')
        wrapper.chmod(0o755)
    return spies, log


def test_frozen_core_runs_openssh_with_the_system_libraries(bundle, sshd, tmp_path):
    spies, log = spy_path(tmp_path)
    dest = tmp_path / "dest"
    dest.mkdir()
    # The user's own loader path must reach the tools unchanged; the bundle's folder must not.
    env = {"PATH": f"{spies}{os.pathsep}{os.environ['PATH']}", "LD_LIBRARY_PATH": "/opt/users-own-libs"}
    proc = run_frozen("methods", "testhost", "--dest", str(dest), "--ssh-config", str(sshd.ssh_config), "--json",
                      tmp_path=tmp_path, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = {row["id"]: row for row in json.loads(proc.stdout)["methods"]}
    for method in ("scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat"):
        assert rows[method]["available"], rows[method]

    source = tmp_path / "files"
    (source / "sub").mkdir(parents=True)
    (source / "sub" / "a.bin").write_bytes(os.urandom(256 * 1024))
    (source / "b with space.txt").write_text("hello\n" * 1000)
    proc = run_frozen("copy", "testhost", str(source), "--dest", str(dest), "--method", "tar-ssh",
                      "--compress", "zstd", "--verify", "--ssh-config", str(sshd.ssh_config), "--json",
                      tmp_path=tmp_path, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout)
    assert result["verified"], result
    assert (dest / "files" / "sub" / "a.bin").read_bytes() == (source / "sub" / "a.bin").read_bytes()

    started = log.read_text().splitlines()
    assert {line.split()[0] for line in started} >= {"ssh", "tar", "zstd"}, started
    assert all(line.split(" ", 1)[1] == "1 /opt/users-own-libs" for line in started), started


def test_bundle_is_lean_and_complete(bundle):
    size_mb = sum(os.lstat(os.path.join(d, f)).st_size for d, _, fs in os.walk(BUNDLE) for f in fs) / 1e6
    print(f"bundle size: {size_mb:.0f} MB")
    assert size_mb < SIZE_BUDGET_MB, f"the bundle grew to {size_mb:.0f} MB (budget {SIZE_BUDGET_MB} MB)"
    pyside = INTERNAL / "PySide6"
    modules = sorted(p.name.split(".")[0] for p in pyside.glob("Qt*.abi3.so"))
    assert modules == ["QtCore", "QtDBus", "QtGui", "QtOpenGL", "QtOpenGLWidgets", "QtWidgets"], modules
    # Qt's own words only for the languages the app speaks (its standard buttons in German; some Qt releases
    # ship an English one too, for plurals).
    qt_words = {p.name for p in (pyside / "Qt" / "translations").iterdir()}
    assert "qtbase_de.qm" in qt_words and qt_words <= {"qtbase_de.qm", "qtbase_en.qm"}, qt_words
    assert not list(pyside.glob("Qt/plugins/platformthemes/libqgtk3.so"))
    for needed in ("platforms/libqxcb.so", "platforms/libqwayland.so", "platforms/libqoffscreen.so",
                   "iconengines/libqsvgicon.so", "imageformats/libqsvg.so"):
        assert (pyside / "Qt" / "plugins" / needed).is_file(), needed
    # Everything of app/ is in, imported at start or not (the archive lists module names).
    archive = subprocess.run([sys.executable, "-m", "PyInstaller.utils.cliutils.archive_viewer", "--list",
                              "--recursive", str(PROGRAM)], capture_output=True, text=True, timeout=60)
    frozen_modules = set(re.findall(r"\b(app(?:\.\w+)*)\b", archive.stdout))
    for path in (ROOT / "app").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        assert module in frozen_modules, f"{module} is not in the bundle"
    # The resources the app loads; the README's screenshot is not one of them.
    resources = INTERNAL / "resources"
    assert (resources / f"{APP_ID}.desktop").is_file() and (resources / f"{APP_ID}.metainfo.xml").is_file()
    assert (resources / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for n in ICON_SIZES:
        assert (resources / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png").is_file()
    assert not (resources / "screenshot.png").exists()
    for catalogue in ("transfer-advisor_de.qm", "transfer-advisor_en.qm", "transfer-advisor_de.ts"):
        assert (resources / "i18n" / catalogue).is_file(), catalogue


def test_the_bundle_speaks_the_desktops_language(bundle, tmp_path):
    """A German desktop gets German sentences from the frozen program too (its catalogues are inside)."""
    proc = run_frozen("advise", "nas", str(tmp_path), "--race", "0", tmp_path=tmp_path,
                      env={"LC_ALL": "", "LANG": "de_DE.UTF-8"})
    assert proc.returncode == 2
    assert "muss eine ganze Zahl von 1 bis" in proc.stderr, proc.stderr


def test_every_library_the_bundle_links_is_there(bundle):
    """Dropping plugins and the libraries only they used must not leave a binary without one it links:
    each library a binary links is in the bundle, or one PyInstaller leaves to the system (libc, libGL,
    libxcb, the Wayland client, ...)."""
    from PyInstaller.depend.dylib import include_library

    present = {p.name for p in INTERNAL.rglob("*.so*")}
    missing = {}
    for path in INTERNAL.rglob("*.so*"):
        if path.is_symlink() or not path.is_file():
            continue
        out = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True).stdout
        for name in re.findall(r"^\s*NEEDED\s+(\S+)", out, re.M):
            if name not in present and include_library(name) and not name.startswith("ld-linux"):
                missing.setdefault(name, []).append(str(path.relative_to(INTERNAL)))
    assert not missing, missing
