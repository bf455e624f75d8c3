"""The link cut in the middle of a copy, on the lab's WAN (100 Mbit/s, 40 ms): every packet across it
dropped inside the lab's namespace (or its veth taken down), as when Wi-Fi goes or the NAS is unplugged.
Each method family, both ways, ends as link-lost with its sentence well before ssh or TCP would give
up; nothing truncated stands under its final name; once the link is back, the host works again.

The watchdog is set to 3 s here so the tests stay short; what is asserted is the outcome, never a time
(a copy still running a minute after the cut is a hang, and fails).
"""

from __future__ import annotations

import asyncio
import subprocess
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from app.core.host.link_loss import STALL_MIN_SECONDS
from tests.helpers import make_many, tree_bytes
from tests.lab.lab import Lab
from tests.stalls import assert_lost_and_kept, copy_while_link_dies, random_file, same_bytes

pytestmark = pytest.mark.root

STALL = 3.0
BOUND = 60.0
MIB = 1 << 20
CUT_AFTER = 4 * MIB  # well under way, with most of the file still to come (buffers hold a few MiB)
FAMILIES = ["scp", "rsync-ssh", "tar-ssh", "tar-nc", "rsync-daemon"]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("link-loss")
    return {"big": random_file(folder / "big.bin", 32), "small": random_file(folder / "small.bin", 8)}


@contextmanager
def link_cut(lab: Lab, how: str = "drop") -> Iterator[None]:
    """The lab's link dead until the block ends: every packet across it dropped silently inside its
    namespace (nothing answers, nothing is refused), or the remote end's veth taken down."""
    steps = _cut_and_restore(lab, how)
    for cut, _restore in steps:
        subprocess.run(cut, check=True, capture_output=True)
    try:
        yield
    finally:
        for _cut, restore in steps:
            subprocess.run(restore, check=True, capture_output=True)


def _cut_and_restore(lab: Lab, how: str) -> list[tuple[list[str], list[str]]]:
    if how == "down":
        link = ["ip", "-n", lab.name, "link", "set", "dev", lab.remote_if]
        return [(link + ["down"], link + ["up"])]
    iptables = ["ip", "netns", "exec", lab.name, "iptables", "-w"]
    rules = [["INPUT", "-i", lab.remote_if, "-j", "DROP"], ["OUTPUT", "-o", lab.remote_if, "-j", "DROP"]]
    return [(iptables + ["-I", *rule], iptables + ["-D", *rule]) for rule in rules]


async def _session(lab: Lab, remote_dest: str | None) -> Session:
    return await Session.open(HostSpec(lab.alias, lab.ssh_config), remote_dest=remote_dest)


def _ends(lab: Lab, tmp_path: Path, files: dict[str, Path], download: bool) -> tuple[Path, Path, Path]:
    """(what to copy as the host or this computer names it, the destination here, the destination as the
    copy names it) for one direction; a download's sources are put on the host first."""
    if not download:
        dest = Path(lab.dest) / tmp_path.name
        dest.mkdir()
        return files["big"], dest, Path(lab.remote_dest) / tmp_path.name
    there = Path(lab.dest) / f"src-{tmp_path.name}"
    there.mkdir()
    for f in files.values():
        (there / f.name).write_bytes(f.read_bytes())
    dest = tmp_path / "dest"
    dest.mkdir()
    return Path(lab.remote_dest) / there.name / files["big"].name, dest, dest


def _request(source: Path, dest: Path, method: str, download: bool) -> CopyRequest:
    return CopyRequest([str(source)], str(dest), method, Options(download=download), allow_insecure=True,
                       stall_timeout=STALL)


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", FAMILIES)
async def test_a_cut_link_ends_the_copy_as_link_lost(lab, files, tmp_path: Path, method: str,
                                                     download: bool) -> None:
    await _cut_then_copy_again(lab("wan"), files, tmp_path, method, download, "drop")


async def test_a_link_whose_interface_goes_down_ends_the_copy_as_link_lost(lab, files, tmp_path: Path) -> None:
    await _cut_then_copy_again(lab("wan"), files, tmp_path, "tar-ssh", False, "down")


async def _cut_then_copy_again(wan: Lab, files: dict[str, Path], tmp_path: Path, method: str, download: bool,
                               how: str) -> None:
    source, dest, dest_named = _ends(wan, tmp_path, files, download)
    session = await _session(wan, None if download else str(dest_named))
    outcome = await copy_while_link_dies(session, _request(source, dest_named, method, download),
                                         lambda: link_cut(wan, how), at_least=CUT_AFTER, bound=BOUND)
    assert_lost_and_kept(outcome, "labhost", STALL, not download, dest, source.name)
    # The link is back: once the host answers again (after an interface comes up, this computer may still
    # hold the host's address as unreachable for a moment, as a user pressing Resume at once would see:
    # "could not be reached"), the same host takes the next copy.
    await _answers(wan.remote_ip, 22)
    small = source.with_name(files["small"].name) if download else files["small"]
    session = await _session(wan, None if download else str(dest_named))
    try:
        await copy(session, _request(small, dest_named, method, download))
    finally:
        await session.close()
    assert same_bytes(dest / small.name, files["small"])


async def _answers(address: str, port: int, bound: float = 30.0) -> None:
    """Until a TCP connection to the host's port is taken (a bound for a failure, not a timing)."""
    deadline = asyncio.get_running_loop().time() + bound
    while True:
        try:
            _reader, writer = await asyncio.wait_for(asyncio.open_connection(address, port), 2)
        except (OSError, asyncio.TimeoutError):
            assert asyncio.get_running_loop().time() < deadline, f"{address} did not answer again"
            await asyncio.sleep(0.2)
            continue
        writer.close()
        await writer.wait_closed()
        return


@pytest.mark.parametrize("method, download, count", [("sftp", False, 150), ("rsync-ssh", True, 5000)],
                         ids=["sftp-up", "rsync-ssh-down"])
async def test_slow_copies_of_tiny_files_are_not_stopped(lab, tmp_path: Path, method: str, download: bool,
                                                         count: int) -> None:
    """Tiny files over 40 ms: sftp pays round trips for each, rsync first lists them all on the far side.
    Bytes barely move while the tools work, and even the shortest watchdog allowed leaves them be."""
    wan = lab("wan")
    tree = tmp_path / "tiny" if not download else Path(wan.dest) / f"tiny-{tmp_path.name}"
    make_many(tree, files=count, folders=10)
    dest = Path(wan.dest) / tmp_path.name if not download else tmp_path / "dest"
    dest.mkdir()
    source = tree if not download else Path(wan.remote_dest) / tree.name
    dest_named = dest if download else Path(wan.remote_dest) / dest.name
    request = replace(_request(source, dest_named, method, download), stall_timeout=STALL_MIN_SECONDS)
    session = await _session(wan, None if download else str(dest_named))
    try:
        result = await copy(session, request)
    finally:
        await session.close()
    assert (result.files, result.verified) == (count, True)
    assert tree_bytes(dest / tree.name) == tree_bytes(tree)
