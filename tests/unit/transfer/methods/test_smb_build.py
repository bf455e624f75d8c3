"""What the SMB methods hand smbclient: one `put` (or `get`) per file of the list, each name double-quoted and
relative to the folder smbclient runs in, into its staging place in the share; the password only in its
environment; encryption required for the secure method; the line shown to people without the password. And how
the share that shows a folder is guessed, and which names SMB cannot carry."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, strategies as st

from app.core.errors import tool_reported
from app.core.host.smb_shares import SmbRoot, candidates, carries, configured_shares
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Job

SECRET = 'Pa ss\'"$w\\rd'


def _root(encrypted: bool) -> SmbRoot:
    return SmbRoot("/volume1/photo", "photo", "", "198.18.0.2", 445, "ann", encrypted, writable=True,
                   password=SECRET)


def _job(encrypted: bool, files: tuple[str, ...], download: bool = False) -> Job:
    if download:
        return Job(Ssh("nas"), ("/volume1/photo/trip",), "/home/ann/.transfer-advisor-partial-1",
                   Options(download=True), share=_root(encrypted), files=files)
    return Job(Ssh("nas"), ("/home/ann/trip",), "/volume1/photo/.transfer-advisor-partial-1", Options(),
               listen_address="198.18.0.2", share=_root(encrypted), files=files)


@pytest.mark.parametrize("method_id", ["smb-encrypted", "smb"])
def test_each_file_goes_to_its_place_and_the_password_only_in_the_environment(method_id: str) -> None:
    encrypted = method_id == "smb-encrypted"
    plan = METHODS[method_id].build(_job(encrypted, ("trip/a b.jpg", "trip/2024/-dash;$(x)")))
    stage = plan.stages[0]
    assert list(stage.argv) == ["smbclient", "//198.18.0.2/photo", "-I", "198.18.0.2", "-p", "445", "-U", "ann",
                                *(["--client-protection=encrypt"] if encrypted else [])]
    assert stage.env == {"PASSWD": SECRET} and stage.cwd == "/home/ann"
    assert plan.stdin_data.decode().splitlines() == [
        'put "trip/a b.jpg" ".transfer-advisor-partial-1/trip/a b.jpg"',
        'put "trip/2024/-dash;$(x)" ".transfer-advisor-partial-1/trip/2024/-dash;$(x)"']
    assert plan.fails_on and plan.watch[1].value == "rchar"  # what smbclient read of the files here
    assert SECRET not in plan.display and "smbclient" in plan.display
    assert plan.display.startswith("cd /home/ann && printf ")


def test_a_download_gets_each_file_into_its_place_here() -> None:
    plan = METHODS["smb-encrypted"].build(_job(True, ("trip/a b.jpg",), download=True))
    assert plan.stages[0].cwd == "/home/ann/.transfer-advisor-partial-1"
    assert plan.stdin_data.decode() == 'get "trip/a b.jpg" "trip/a b.jpg"\n'
    assert plan.watch[1].value == "wchar"  # what smbclient wrote here


def test_the_line_for_the_whole_selection_puts_each_source_whole() -> None:
    """The line shown to run by hand names the sources, not their files: smbclient's mput (mget) of each, folders
    whole with recurse, each from (into) its own folder; no password in it."""
    root = _root(True)
    up = METHODS["smb-encrypted"].build(Job(Ssh("nas"), ("/home/ann/trip", "/srv/notes.txt"), "/volume1/photo/in",
                                            Options(), listen_address="198.18.0.2", share=root))
    assert up.stdin_data.decode().splitlines() == [
        "recurse on", "prompt off", 'cd "/in"', 'lcd "/home/ann"', 'mput "trip"', 'lcd "/srv"', 'mput "notes.txt"']
    down = METHODS["smb-encrypted"].build(Job(Ssh("nas"), ("/volume1/photo/trip",), "/home/ann/in",
                                              Options(download=True), share=root))
    assert down.stdin_data.decode().splitlines() == ["recurse on", "prompt off", 'cd "/"', 'mget "trip"']
    assert down.display.startswith("cd /home/ann/in && ") and SECRET not in up.display + down.display


def test_a_folder_inside_the_share_prefixes_every_path() -> None:
    root = SmbRoot("/volume1/photo/2024", "photo", "2024", "198.18.0.2", 445, "ann", True, True, SECRET)
    assert root.smb_path("/volume1/photo/2024/x/y.jpg") == "2024/x/y.jpg"
    assert root.smb_path("/volume1/photo/2024") == "2024"
    top = SmbRoot("/volume1/photo", "photo", "", "198.18.0.2", 445, "ann")
    assert top.smb_path("/volume1/photo") == "" and top.smb_path("/volume1/photo/a") == "a"


def _smbclient_tokens(line: str) -> list[str]:
    """How smbclient splits a command line into words (Samba's next_token: a double quote toggles quoting and is
    dropped, a space or tab outside quotes ends a word)."""
    words, word, quoted, any_char = [], [], False, False
    for ch in line:
        if ch == '"':
            quoted, any_char = not quoted, True
        elif ch in " \t" and not quoted:
            if any_char:
                words.append("".join(word))
            word, any_char = [], False
        else:
            word.append(ch)
            any_char = True
    if any_char:
        words.append("".join(word))
    return words


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="/\x00"),
               min_size=1, max_size=40))
def test_any_name_smb_can_carry_comes_back_from_its_command(name: str) -> None:
    assume(carries(name) and name not in (".", ".."))  # (no file has those names: they are the folder and its parent)
    plan = METHODS["smb-encrypted"].build(_job(True, (f"trip/{name}",)))
    words = _smbclient_tokens(plan.stdin_data.decode().rstrip("\n"))
    assert words == ["put", f"trip/{name}", f".transfer-advisor-partial-1/trip/{name}"]


@pytest.mark.parametrize("name", ['say "cheese"', "a:b", "back\\slash", "star*", "what?", "<x>", "a|b", "tab\tx",
                                  "new\nline", "latin1-\udce9"])
def test_what_smb_cannot_name(name: str) -> None:
    assert not carries(name)


@pytest.mark.parametrize("name", ["with space.txt", "$(touch pwned).txt", "`id`;rm -rf x", "-leading-dash",
                                  "ünïcödé ✓.txt", "it's", "trailing dot.", "100%"])
def test_what_smb_can_name(name: str) -> None:
    assert carries(name)


def test_the_shares_that_may_show_a_folder() -> None:
    # A Synology: the share photo is /volume1/photo, as the host's configuration says and as its name does; the homes
    # share (the login's own name) is its home.
    assert candidates("/volume1/photo/2024", {"photo": "/volume1/photo"}, "/var/services/homes/ann", "ann") == [
        ("photo", "2024"), ("volume1", "photo/2024"), ("2024", "")]
    assert candidates("/var/services/homes/ann/docs", {}, "/var/services/homes/ann", "ann")[0] == ("ann", "docs")
    # A share named apart from its folder is found only through the configuration, and comes first.
    assert candidates("/srv/data/x", {"media": "/srv/data"}, "", "ann")[0] == ("media", "x")
    assert ("media", "x") not in candidates("/srv/data/x", {}, "", "ann")
    # SMB folds the case of share names: the same share is asked once.
    assert candidates("/volume1/photo", {"PHOTO": "/volume1/photo"}, "", "ann") == [("PHOTO", ""),
                                                                                      ("volume1", "photo")]


def test_the_shares_testparm_gives() -> None:
    out = ("# Global parameters\n[global]\n\tserver role = standalone server\n\n[homes]\n\tbrowseable = No\n"
           "\tpath = %H\n\n[photo]\n\tpath = /volume1/photo\n\tread only = No\n\n[media files]\n"
           "\tPath = /srv/media files\n")
    assert configured_shares(out) == {"photo": "/volume1/photo", "media files": "/srv/media files"}


def test_what_smbclient_said_of_its_files_is_one_sentence() -> None:
    full = tool_reported("smbclient", ["NT_STATUS_DISK_FULL closing remote file \\x\\a.bin"], "nas")
    assert full.kind == "dest-full"
    denied = tool_reported("smbclient", ["NT_STATUS_ACCESS_DENIED opening remote file \\x\\a.bin"], "nas")
    assert denied.kind == "dest-unwritable" and denied.sentence.startswith("nas refused smbclient a file")
    other = tool_reported("smbclient", ["NT_STATUS_OBJECT_NAME_NOT_FOUND opening remote file \\a", "x does not exist"],
                          "nas")
    assert other.kind == "failed" and other.sentence.startswith("smbclient could not copy 2 of the files (NT_STATUS_")
    assert "x does not exist" in other.details and "\n" not in other.sentence
