"""Resume, without a host: the journal names the staging folder after the copy and only that copy
adopts it; what an earlier run staged is sorted into complete, cut short and not to keep; and the
runs that send the rest (app.core.transfer.sends) carry only what is missing."""

from __future__ import annotations

from app.core.transfer.existing import Existing, plan
from app.core.transfer.journal import Journal
from app.core.transfer.methods import METHODS
from app.core.transfer.resume import MIN_PARTIAL, WINDOW, Leftover, sort_out, window
from app.core.selection.entries import Entry, Selection
from app.core.transfer.sends import plan_sends
from tests.helpers import NON_UTF8

T = 1_700_000_000
BIG = 50 * MIN_PARTIAL


def f(path: str, size: int = 10, mtime: int = T) -> Entry:
    return Entry(path, "file", size, mtime=mtime)


def d(path: str) -> Entry:
    return Entry(path, "dir")


TREE = [d("album"), f("album/a.jpg"), f("album/big.mov", BIG), d("album/sub"), f("album/sub/c.jpg"),
        Entry("album/link", "link", target="a.jpg", mtime=T)]


def test_the_journal_names_the_staging_folder_after_the_copy():
    j = Journal.of(["/home/ann/album", f"/home/ann/{NON_UTF8}"], "/srv/photos", False, "tar-ssh")
    assert j.folder.startswith(".transfer-advisor-partial-") and len(j.folder) == len(".transfer-advisor-partial-") + 16
    back = Journal.decode(j.encode())
    assert back == j and back.same_copy(j) and back.folder == j.folder
    # The method does not decide (a copy cut under one method resumes under another)...
    assert Journal.of(list(j.sources), j.dest, False, "rsync-ssh").same_copy(j)
    # ...the selection, the destination and the direction do.
    for other in (Journal.of(["/home/ann/album"], "/srv/photos", False, "tar-ssh"),
                  Journal.of(list(j.sources), "/srv/other", False, "tar-ssh"),
                  Journal.of(list(j.sources), "/srv/photos", True, "tar-ssh")):
        assert not other.same_copy(j) and other.folder != j.folder


def test_a_journal_that_is_not_one_is_none():
    for junk in (None, b"", b"{", b"[]", b'{"app": "transfer-advisor", "version": 99}', b'{"app": "x"}',
                 b'{"app": "transfer-advisor", "version": 1, "sources": 3}'):
        assert Journal.decode(junk) is None


def test_what_an_earlier_run_staged_is_sorted_out():
    staged = [d("album"), f("album/a.jpg"),                      # complete
              f("album/big.mov", 3 * MIN_PARTIAL, mtime=T + 50),  # cut short: carried on
              d("album/sub"), f("album/sub/c.jpg", 4, mtime=T + 9),  # too small to carry on: sent again
              f("album/gone.jpg"),                               # no longer in the selection
              Entry("album/link", "link", target="elsewhere")]    # a link to the wrong place
    left = sort_out(TREE, staged, follows_links=False)
    # Folders stay but are not complete: they are listed again, so a cut run's folder gets its mode and time.
    assert left.complete == {"album/a.jpg"}
    assert left.partial == {"album/big.mov": 3 * MIN_PARTIAL} and left.kept_bytes == 3 * MIN_PARTIAL
    assert left.stale == ["album/sub/c.jpg", "album/gone.jpg", "album/link"]


def test_a_folder_where_a_file_goes_is_removed_with_all_in_it():
    left = sort_out(TREE, [d("album"), d("album/a.jpg"), f("album/a.jpg/inner")], follows_links=False)
    assert left.stale == ["album/a.jpg"] and left.complete == set()


def test_a_followed_link_is_always_sent_again():
    left = sort_out(TREE, [Entry("album/link", "link", target="a.jpg", mtime=T)], follows_links=True)
    assert left.stale == ["album/link"]


def test_the_window_before_the_cut():
    assert window(10) == (0, 10)
    assert window(5 * MIN_PARTIAL) == (5 * MIN_PARTIAL - WINDOW, WINDOW)


def _sends(method: str, wanted, leftover: Leftover, sources=("/home/ann/album",)):
    return plan_sends(METHODS[method], wanted, TREE, leftover, list(sources), "/srv/.stage", lambda s: True)


def test_a_first_copy_sends_the_whole_sources_in_one_run():
    sends = _sends("tar-ssh", TREE, Leftover())
    assert [(s.method, s.sources, s.files) for s in sends.runs] == [("tar-ssh", ("/home/ann/album",), ())]


def test_a_resumed_copy_sends_only_what_is_missing_and_carries_on_the_cut_file():
    left = Leftover({"album", "album/a.jpg"}, {"album/big.mov": 3 * MIN_PARTIAL})
    sends = _sends("tar-ssh", TREE, left)
    cont, main = sends.runs
    assert (cont.method, cont.sources, cont.dest, cont.offset) == ("ssh-cat", ("/home/ann/album/big.mov",),
                                                                   "/srv/.stage/album", 3 * MIN_PARTIAL)
    assert main.files == ("album/sub", "album/sub/c.jpg", "album/link")  # tar lists the folder too
    assert sends.stamps == [("/srv/.stage/album/big.mov", T)]  # cat does not keep the time


def test_rsync_carries_on_itself_and_sftp_gets_its_folders_made():
    left = Leftover({"album", "album/a.jpg"}, {"album/big.mov": 3 * MIN_PARTIAL})
    (run,) = _sends("rsync-ssh", TREE, left).runs
    assert run.files == ("album/big.mov", "album/sub", "album/sub/c.jpg", "album/link")
    assert run.partial == ("album/big.mov",) and run.skip == 3 * MIN_PARTIAL
    sends = _sends("sftp", TREE, left)
    assert [r.files for r in sends.runs] == [("album/big.mov", "album/sub/c.jpg")]
    assert sends.folders == ["/srv/.stage/album/sub"]
    assert [e.path for e in sends.links] == ["album/link"]  # sftp skips links: the engine makes them


def test_scp_runs_once_per_folder():
    sends = _sends("scp", TREE, Leftover({"album"}))
    assert [r.files for r in sends.runs] == [("album/a.jpg", "album/big.mov", "album/link"), ("album/sub/c.jpg",)]


def test_what_is_already_at_the_destination_is_not_sent():
    dest = {e.path: e for e in [d("album"), f("album/a.jpg"), f("album/big.mov", BIG)]}
    placement = plan(Selection(["/home/ann/album"], TREE), dest, Existing.ASK)
    sends = _sends("tar-ssh", placement.staged, Leftover())
    assert [r.files for r in sends.runs] == [("album", "album/sub", "album/sub/c.jpg", "album/link")]


def test_a_method_that_cannot_take_the_list_sends_everything():
    sends = plan_sends(METHODS["tar-nc"], TREE, TREE, Leftover({"album"}), ["/home/ann/album"], "/s",
                       lambda s: False)
    assert [(r.sources, r.files) for r in sends.runs] == [(("/home/ann/album",), ())]


def test_a_folder_a_cut_run_made_is_listed_again_for_its_mode_and_time():
    """tar sets a folder's mode and time once its files are in; a run cut before then left it without them."""
    left = sort_out(TREE, [d("album"), f("album/a.jpg")], follows_links=False)
    assert left.complete == {"album/a.jpg"} and not left.stale
    (run,) = _sends("tar-ssh", TREE, left).runs
    assert run.files[0] == "album" and "album/a.jpg" not in run.files
