"""What the NFS method hands xargs and nfs-cp: each file of the list paired with its URL in the export (the staging
place), NUL-separated on xargs's standard input, the login's user and group numbers in every URL, a few files at a
time; the line shown to people, which makes the folders and pairs each file found; which names an NFS URL cannot
carry, and how nfs-ls's listing is read."""

from __future__ import annotations

import os
import subprocess

from hypothesis import given, strategies as st

from app.core.host.nfs_exports import NfsRoot, carries, listed_names
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Context, Job
from app.core.transfer.progress import Count
from tests.unit.transfer.methods.test_methods_available import caps

ROOT = NfsRoot("/volume1/photo", "198.18.0.2", 2049, 1026, 100, writable=True)
STAGE = "/volume1/photo/.transfer-advisor-partial-1"


def _pairs(plan) -> list[tuple[str, str]]:
    words = plan.stdin_data.split(b"\0")
    assert words[-1] == b""
    words = [os.fsdecode(w) for w in words[:-1]]
    return list(zip(words[::2], words[1::2]))


def test_each_file_goes_to_its_staging_place_as_the_login() -> None:
    job = Job(Ssh("nas"), ("/home/ann/trip",), STAGE, Options(), share=ROOT,
              files=("trip/a b.jpg", "trip/2024/-dash;$(x)", "trip/c"))
    plan = METHODS["nfs"].build(job)
    assert list(plan.stages[0].argv) == ["xargs", "-0", "-r", "-n", "2", "-P", "3", "nfs-cp"]
    assert _pairs(plan) == [
        ("/home/ann/trip/a b.jpg", f"nfs://198.18.0.2{STAGE}/trip/a b.jpg?uid=1026&gid=100"),
        ("/home/ann/trip/2024/-dash;$(x)", f"nfs://198.18.0.2{STAGE}/trip/2024/-dash;$(x)?uid=1026&gid=100"),
        ("/home/ann/trip/c", f"nfs://198.18.0.2{STAGE}/trip/c?uid=1026&gid=100")]
    assert plan.watch == (0, Count.READ_ALL)  # what the nfs-cp processes read here, running and ended


def test_at_most_four_files_at_a_time() -> None:
    files = tuple(f"trip/{n}" for n in range(10))
    plan = METHODS["nfs"].build(Job(Ssh("nas"), ("/home/ann/trip",), STAGE, Options(), share=ROOT, files=files))
    assert plan.stages[0].argv[5:7] == ["-P", "4"]


def test_a_download_fetches_each_file_into_its_place_here() -> None:
    job = Job(Ssh("nas"), ("/volume1/photo/trip",), "/home/ann/.transfer-advisor-partial-1", Options(download=True),
              share=replace_folder("/volume1/photo"), files=("trip/a b.jpg",))
    plan = METHODS["nfs"].build(job)
    assert _pairs(plan) == [("nfs://198.18.0.2/volume1/photo/trip/a b.jpg?uid=1026&gid=100",
                             "/home/ann/.transfer-advisor-partial-1/trip/a b.jpg")]
    assert plan.watch == (0, Count.WRITTEN_ALL)


def replace_folder(folder: str) -> NfsRoot:
    return NfsRoot(folder, ROOT.address, ROOT.port, ROOT.uid, ROOT.gid, writable=False)


@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40).filter(
    lambda n: "/" not in n and n not in (".", "..")))
def test_every_name_but_a_question_mark_reaches_nfs_cp_whole(name: str) -> None:
    """xargs -0 splits only at NUL: each pair comes back exactly; and the URL's path is the name (libnfs takes it
    literally up to a `?`)."""
    if not carries(name):
        assert "?" in name or "\0" in name
        return
    plan = METHODS["nfs"].build(Job(Ssh("nas"), ("/home/ann/trip",), STAGE, Options(), share=ROOT,
                                    files=(f"trip/{name}",)))
    [(source, url)] = _pairs(plan)
    assert source == f"/home/ann/trip/{name}"
    path, options = url.removeprefix("nfs://198.18.0.2").split("?")
    assert path == f"{STAGE}/trip/{name}" and options == "uid=1026&gid=100"


def test_a_selection_with_a_question_mark_is_not_copied_this_way() -> None:
    ctx = Context(caps(), caps(), Options(), True, ["what?.txt"], True, [STAGE], entry_paths=["what?.txt"],
                  shares=(ROOT,))
    assert METHODS["nfs"].unavailable(ctx) == ("an NFS URL cannot name a file whose name holds ?, and the selection "
                                               "has one")
    plain = Context(caps(), caps(), Options(), False, ["a.txt"], True, [STAGE], shares=(ROOT,))
    assert "unencrypted" in METHODS["nfs"].unavailable(plain)


def test_the_shown_line_makes_the_folders_and_pairs_what_find_finds(tmp_path) -> None:
    """The line for whole sources, run with this computer's find and a stand-in for ssh and nfs-cp that print what
    they were given: each file of the tree paired with its URL, names with % and \\ included."""
    tree = tmp_path / "src" / "trip 50%"
    (tree / "sub dir").mkdir(parents=True)
    (tree / "a\\b %s.jpg").write_bytes(b"x")
    (tree / "sub dir" / "c").write_bytes(b"y")
    line = METHODS["nfs"].build(Job(Ssh("nas"), (str(tree),), STAGE, Options(), share=ROOT)).display
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "ssh").write_text('#!/bin/sh\ncat > /dev/null; echo "ssh $*" >> "$LOG"\n')
    (bin_ / "nfs-cp").write_text('#!/bin/sh\nprintf "%s -> %s\\n" "$1" "$2" >> "$LOG"\n')
    for tool in ("ssh", "nfs-cp"):
        os.chmod(bin_ / tool, 0o755)
    log = tmp_path / "log"
    subprocess.run(["sh", "-c", line], check=True, timeout=30,
                   env={**os.environ, "PATH": f"{bin_}:{os.environ['PATH']}", "LOG": str(log)})
    said = log.read_text().splitlines()
    assert said[0] == f"ssh -- nas cd {STAGE} && xargs -0 -r mkdir -p --"
    assert sorted(said[1:]) == sorted([
        f"trip 50%/a\\b %s.jpg -> nfs://198.18.0.2{STAGE}/trip 50%/a\\b %s.jpg?uid=1026&gid=100",
        f"trip 50%/sub dir/c -> nfs://198.18.0.2{STAGE}/trip 50%/sub dir/c?uid=1026&gid=100"])


def test_nfs_ls_listing_is_read_to_the_names() -> None:
    out = ("drwxr-xr-x  2     0     0         4096 deeper\n"
           "-rw-rw----  1     0     0            6  lead\\back:col\n"
           "-rw-rw----  1  1026   100      1048576 a b.jpg\n"
           "lrwxrwxrwx  1     0     0            7 link\n")
    assert listed_names(out) == ["deeper", " lead\\back:col", "a b.jpg", "link"]
