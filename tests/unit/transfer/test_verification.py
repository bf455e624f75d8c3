"""When contents are compared: when asked, and unasked after a method that sends the files
unencrypted, where both sides can hash; never in the race; otherwise a note says why sizes were."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from app.core.transfer import methods
from app.core.host.capabilities import Capabilities
from app.core.transfer.engine import CopyRequest, _sides

HASHING = Capabilities(tools={"sha256sum", "xargs"})


def session(remote: Capabilities = HASHING) -> SimpleNamespace:
    return SimpleNamespace(local=HASHING, remote=remote, host=SimpleNamespace(label="nas"), files=None)


@pytest.mark.parametrize("method,verify,scratch,tool", [
    ("tar-ssh", False, False, None),
    ("tar-ssh", True, False, "sha256sum"),
    ("rsync-ssh", True, False, "sha256sum"),
    ("tar-nc", False, False, "sha256sum"),
    ("rsync-daemon", False, False, "sha256sum"),
    ("tar-nc", True, True, None),      # the race: its copies are thrown away
    ("tar-ssh", True, True, None),
])
def test_contents_are_compared_when_asked_and_after_an_unencrypted_copy(method: str, verify: bool, scratch: bool,
                                                                        tool: str | None) -> None:
    notes: list[str] = []
    request = CopyRequest(["/home/ann/photos"], "/srv/backup", method, verify_hashes=verify, scratch=scratch)
    assert _sides(session(), methods.get(method), request, notes).hash_tool == tool
    assert notes == []


@pytest.mark.parametrize("remote,why", [
    (Capabilities(tools={"xargs"}), "no hash tool (b3sum, xxhsum, sha256sum, md5sum) is on both this computer "
                                    "and nas"),
    (Capabilities(tools={"sha256sum"}), "nas has no `xargs` to hand the files to a hash tool"),
])
def test_an_unencrypted_copy_that_cannot_hash_says_why_it_compares_sizes(remote: Capabilities, why: str) -> None:
    notes: list[str] = []
    request = CopyRequest(["/home/ann/photos"], "/srv/backup", "tar-nc", allow_insecure=True)
    assert _sides(session(remote), methods.get("tar-nc"), request, notes).hash_tool is None
    assert notes == [f"Contents were not compared: {why}; sizes were compared."]
