"""packaging/install-deps.sh on the systems home users run: a library Ubuntu 24.04 and Debian 13 renamed
(libglib2.0-0 → libglib2.0-0t64) counts as there, and only what is missing is installed. Run against
stand-ins for dpkg-query and apt-get that answer from a list (this machine's own packages stay as they are)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-deps.sh"

DPKG_QUERY = """#!/bin/sh
# dpkg-query -W -f='${Status}' NAME: installed when NAME is a line of $FAKE_INSTALLED
name=$(eval echo \\${$#})
grep -qxF -- "$name" "$FAKE_INSTALLED" && { printf 'install ok installed'; exit 0; }
echo "dpkg-query: no packages found matching $name" >&2; exit 1
"""
APT_GET = """#!/bin/sh
echo "$@" >> "$FAKE_APT_LOG"
"""


def wanted(kind: str) -> list[str]:
    """The packages the script names for `kind` (run or test), read from the script itself."""
    text = SCRIPT.read_text()
    run = re.search(r"packages=\((.*?)\)\n", text, re.S).group(1)
    # The test list ends at the first ")" followed by its comment (the comments inside hold "(...)" but never
    # ")  #").
    test = re.search(r"packages\+=\((.*?)\)  #", text, re.S).group(1)
    names = " ".join(re.sub(r"#.*", "", part) for part in ([run, test] if kind == "test" else [run])).split()
    return names


@pytest.fixture
def fakes(tmp_path: Path) -> tuple[Path, Path, Path]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("dpkg-query", DPKG_QUERY), ("apt-get", APT_GET)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir, tmp_path / "installed", tmp_path / "apt.log"


def run(fakes: tuple[Path, Path, Path], installed: list[str], *args: str, said: list[str] | None = None
        ) -> tuple[int, list[str]]:
    bin_dir, listing, log = fakes
    listing.write_text("\n".join(installed) + "\n")
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "FAKE_INSTALLED": str(listing),
           "FAKE_APT_LOG": str(log)}
    proc = subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    if said is not None:
        said.append(proc.stderr)
    return proc.returncode, log.read_text().splitlines() if log.exists() else []


@pytest.mark.skipif(os.geteuid() != 0, reason="as root the script installs itself (else it prints the line)")
def test_renamed_libraries_count_as_there_and_only_the_missing_are_installed(fakes) -> None:
    names = wanted("run")
    assert "libglib2.0-0" in names
    ubuntu_24 = [n + "t64" if n == "libglib2.0-0" else n for n in names]
    assert run(fakes, ubuntu_24) == (0, [])  # nothing to do: apt-get is not even asked
    code, calls = run(fakes, [n for n in ubuntu_24 if n != "rsync"])
    assert code == 0 and calls[-1].split()[-1] == "rsync" and "libglib2.0-0" not in calls[-1]


def test_without_root_it_says_what_to_run_and_installs_nothing(fakes, tmp_path: Path) -> None:
    names = wanted("run")
    bin_dir = fakes[0]
    (bin_dir / "id").write_text("#!/bin/sh\necho 1000\n")  # a user's session, not root
    (bin_dir / "id").chmod(0o755)
    said: list[str] = []
    code, calls = run(fakes, [n for n in names if n != "zstd"], said=said)
    assert code == 1 and calls == []
    assert said[0].strip() == "install-deps: missing system packages; run: sudo apt-get install zstd"
