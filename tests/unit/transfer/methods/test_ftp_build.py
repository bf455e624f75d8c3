"""What the FTP methods hand curl: every file of the list to the FTP path of its staging place, each byte of a name
escaped in the URL (curl's globbing off), the login with its password only on curl's standard input, TLS required
and the server's key pinned for FTPS, and the line shown to people without the password, whose awk writes for any
name what the app writes (tests/integration/test_ftp_service.py runs that line)."""

from __future__ import annotations

import os
import shutil
import subprocess
from urllib.parse import unquote_to_bytes

import pytest
from hypothesis import given, strategies as st

from app.core.host.ftp_logins import FtpRoot, config_value, url
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Job
from app.core.transfer.methods.ftp import _CONFIG_PER_FILE

SECRET = 'Pa ss\'"$w\\rd'


def _root(tls: bool) -> FtpRoot:
    return FtpRoot("/volume1/photo", "/photo", "198.18.0.2", 21, "ann", tls, "sha256//PIN=" if tls else "",
                   writable=True, password=SECRET)


def _job(tls: bool, files: tuple[str, ...]) -> Job:
    return Job(Ssh("nas"), ("/home/ann/trip",), "/volume1/photo/.transfer-advisor-partial-1", Options(),
               listen_address="198.18.0.2", share=_root(tls), files=files)


@pytest.mark.parametrize("method_id", ["ftps", "ftp"])
def test_each_file_goes_to_its_place_and_the_password_only_on_stdin(method_id: str) -> None:
    tls = method_id == "ftps"
    plan = METHODS[method_id].build(_job(tls, ("trip/a b.jpg", "trip/2024/star*?[x].txt")))
    argv = plan.stages[0].argv
    assert argv[0] == "curl" and "--globoff" in argv and argv[-2:] == ["--config", "-"]
    assert not any(SECRET in a for a in argv)
    config = plan.stdin_data.decode()
    assert f"user = {config_value('ann:' + SECRET)}" in config.splitlines()
    assert ('upload-file = "/home/ann/trip/a b.jpg"\n'
            'url = "ftp://198.18.0.2:21/%2Fphoto/.transfer-advisor-partial-1/trip/a%20b.jpg"') in config
    assert "trip/2024/star%2A%3F%5Bx%5D.txt" in config
    assert ("ssl-reqd" in config.splitlines()) is tls
    assert ('pinnedpubkey = "sha256//PIN="' in config) is tls
    assert SECRET not in plan.display and "'user = \"ann\"'" in plan.display  # curl asks for it


def test_a_download_fetches_each_file_into_its_place_here() -> None:
    plan = METHODS["ftps"].build(Job(Ssh("nas"), ("/volume1/photo/trip",), "/home/ann/.transfer-advisor-partial-1",
                                     Options(download=True), share=_root(True), files=("trip/a b.jpg",)))
    assert ('url = "ftp://198.18.0.2:21/%2Fphoto/trip/a%20b.jpg"\n'
            'output = "/home/ann/.transfer-advisor-partial-1/trip/a b.jpg"') in plan.stdin_data.decode()
    assert plan.watch[1].value == "wchar"  # what curl wrote here


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n/\x00"),
               min_size=1, max_size=40))
def test_any_name_comes_back_from_its_url(name: str) -> None:
    """Whatever a name holds (but a line break, which FTP cannot carry), its URL names exactly its bytes."""
    made = url("198.18.0.2", 21, "/photo/" + name)
    path = made.split(":21/", 1)[1]
    assert unquote_to_bytes(path) == ("/photo/" + name).encode()
    assert " " not in made and "\t" not in made and '"' not in made


def test_the_config_value_keeps_quotes_and_backslashes() -> None:
    assert config_value('a"b\\c') == '"a\\"b\\\\c"'


AWKS = [a for a in (["mawk"], ["gawk"], ["gawk", "--posix"], ["busybox", "awk"], ["original-awk"]) if shutil.which(a[0])]
NAME_BYTES = st.binary(min_size=1, max_size=30).filter(lambda b: not set(b) & {0, 10, 13, ord("/")})


@pytest.mark.parametrize("awk", AWKS, ids=" ".join)
@given(st.lists(st.lists(NAME_BYTES, min_size=1, max_size=3), min_size=1, max_size=6))
def test_the_hand_lines_awk_writes_what_the_app_writes_for_any_name(awk: list[str], paths: list[list[bytes]]) -> None:
    """The line shown to run by hand lists the files with find and has awk write curl's configuration: for any
    bytes in the names (non-UTF-8 too; line breaks cannot go through FTP), each file's line names its path and the
    URL holds exactly what the app's own configuration holds for it."""
    names = [b"/".join(parts) for parts in paths]
    listed = b"".join(b"/src/trip/" + n + b"\n" for n in names)
    base = url("198.18.0.2", 21, "/photo") + "/"
    out = subprocess.run([*awk, "-v", "up=1", "-v", f"skip={len('/src/')}", "-v", f"base={base}", _CONFIG_PER_FILE],
                         input=listed, capture_output=True, env={**os.environ, "LC_ALL": "C"}, check=True).stdout
    wanted = b"".join(
        b"upload-file = " + config_value(os.fsdecode(b"/src/trip/" + n)).encode("utf-8", "surrogateescape") + b"\n"
        + b"url = " + config_value(url("198.18.0.2", 21, os.fsdecode(b"/photo/trip/" + n))).encode() + b"\n"
        for n in names)
    assert out == wanted
