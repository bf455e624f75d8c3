"""What a mirror deletes (app.core.transfer.mirror.gone): only what the selection lacks inside the folders it has on
both sides, top-most items with what is in them, never the app's own folders nor what holds them, never
beside the selection's names (property-based over random trees); the sentences; an update's counts."""

from __future__ import annotations

from posixpath import dirname

from hypothesis import given, strategies as st

from app.core.transfer.existing import Existing, plan
from app.core.errors import ErrorKind
from app.core.transfer.mirror import OURS, Deletion, Unconfirmed, gone, ours, still_agreed
from app.core.selection.entries import Entry, Selection, ancestors
from app.core.wording.transfer import deletion_lines, update_note

T = 1_700_000_000


def f(path: str, size: int = 10, mtime: int = T) -> Entry:
    return Entry(path, "file", size, mtime=mtime)


def d(path: str) -> Entry:
    return Entry(path, "dir")


def link(path: str, target: str) -> Entry:
    return Entry(path, "link", 0, target, "dir")


def sel(*entries: Entry) -> Selection:
    tops = sorted({e.path.split("/")[0] for e in entries})
    return Selection([f"/src/{t}" for t in tops], list(entries))


ALBUM = sel(d("album"), f("album/a.jpg"), d("album/sub"), f("album/sub/b.jpg"), f("notes.txt", 5))


def test_only_what_the_selection_lacks_inside_its_folders_goes():
    there = [d("album"), f("album/a.jpg", 99), f("album/old.jpg", 7), d("album/gone"), f("album/gone/x", 3),
             d("album/gone/deeper"), f("album/gone/deeper/y", 4), d("album/sub"), f("album/sub/b.jpg"),
             link("album/sub/out", "/etc"), f("notes.txt", 1)]
    got = gone(ALBUM, there)
    assert got.paths == ["album/old.jpg", "album/gone", "album/sub/out"]
    assert (got.count, got.files, got.bytes) == (3, 3, 14)
    assert got.items[1].files == 2 and {e.path for e in got.items[1].inside} == {
        "album/gone/x", "album/gone/deeper", "album/gone/deeper/y"}
    assert deletion_lines(got) == ["'album/old.jpg' (7 B)", "'album/gone' (a folder: 2 files, 7 B)",
                                    "'album/sub/out' (a link to '/etc')"]


def test_nothing_goes_where_the_kinds_differ_or_the_folder_is_a_link_there():
    # 'album' is a link at the destination (to a folder elsewhere): it is never entered.
    assert gone(ALBUM, [link("album", "/elsewhere"), f("notes.txt")]).count == 0
    # 'album/sub' is a file there: what is around it still counts, nothing under it is looked for.
    got = gone(ALBUM, [d("album"), f("album/sub"), f("album/extra")])
    assert got.paths == ["album/extra"]


def test_the_apps_own_folders_and_what_holds_them_stay():
    there = [d("album"), d("album/.transfer-advisor-partial-x"), f("album/.transfer-advisor-partial-x/j"),
             d("album/old"), d("album/old/.transfer-advisor-race-y"), f("album/old/z.jpg"), f("album/w.jpg")]
    got = gone(ALBUM, there)
    assert got.paths == ["album/old/z.jpg", "album/w.jpg"]  # 'album/old' holds one of ours: it stays
    assert got.kept == ("album/.transfer-advisor-partial-x", "album/old/.transfer-advisor-race-y")


def test_only_what_was_agreed_to_and_is_unchanged_goes():
    before = gone(ALBUM, [d("album"), d("album/old"), f("album/old/x"), f("album/y")])
    after = gone(ALBUM, [d("album"), d("album/old"), f("album/old/x"), f("album/old/new"), f("album/y"),
                         f("album/z")])
    doomed, turned_up = still_agreed(before, after)
    assert doomed.paths == ["album/y"] and turned_up == ["album/old", "album/z"]


def test_the_sentence_without_a_yes():
    got = gone(ALBUM, [d("album"), f("album/o1", 1000), f("album/o2"), f("album/o3"), f("album/o4")])
    refused = Unconfirmed(got, "nas:/photos")
    assert refused.kind is ErrorKind.CONFIRM_DELETE
    assert refused.sentence == (
        "Making nas:/photos match would delete 4 items (4 files, 1.0 kB): 'album/o1', 'album/o2', 'album/o3' and "
        "1 more; nothing was copied or deleted: add --yes-delete to delete them, or --dry-run to list them all.")
    assert Deletion().as_dict() == {"count": 0, "files": 0, "bytes": 0, "items": []}


def test_an_update_says_what_was_unchanged_updated_and_new():
    there = {e.path: e for e in [d("album"), f("album/a.jpg", 11, T - 60), d("album/sub"),
                                 f("album/sub/b.jpg", mtime=T + 60), f("notes.txt", 5)]}
    p = plan(ALBUM, there, Existing.NEWER)
    assert p.changes() == {"unchanged": 1, "updated": 1, "new": 0, "newer_there": 1}
    assert update_note(**p.changes()) == ("Updated: 1 unchanged, 1 updated, 0 new; 1 item newer at the "
                                          "destination left as it was.")


def test_an_update_replaces_a_file_of_the_same_time_and_another_size():
    there = {e.path: e for e in [d("album"), f("album/a.jpg", 12)]}  # as rsync -u does
    assert plan(ALBUM, there, Existing.NEWER).replaced == ["album/a.jpg"]


# -- any tree on both sides ----------------------------------------------------------------------
names = st.sampled_from(["a", "b", "c d", "-x", "new\nline", "back\\slash", ".transfer-advisor-partial-1",
                         ".transfer-advisor-race-2", "é"])
kinds = st.sampled_from(["file", "dir", "link"])
paths = st.lists(st.lists(names, min_size=1, max_size=4).map("/".join), max_size=25)


def tree(raw: list[str], kind_of) -> list[Entry]:
    """Entries for every path and the folders above it (a path under another that is not a folder is
    dropped, as a filesystem would)."""
    out: dict[str, Entry] = {}
    for path in raw:
        if any(a in out and out[a].kind != "dir" for a in ancestors(path)):
            continue
        for a in ancestors(path):
            out.setdefault(a, d(a))
        if path not in out:
            kind = kind_of(path)
            out[path] = d(path) if kind == "dir" else link(path, "/") if kind == "link" else f(path)
    return sorted(out.values(), key=lambda e: e.path.split("/"))


@given(paths, paths, st.randoms(use_true_random=False))
def test_what_goes_is_only_what_the_selection_lacks(ours_raw, theirs_raw, rnd):
    selection_entries = tree(ours_raw, lambda p: rnd.choice(["file", "dir", "dir", "link"]))
    there = tree(theirs_raw, lambda p: rnd.choice(["file", "dir", "dir", "link"]))
    selection = sel(*selection_entries) if selection_entries else Selection([], [])
    got = gone(selection, there)
    have = {e.path: e for e in selection_entries}
    theirs = {e.path: e for e in there}
    every = [e for g in got.items for e in (g.entry, *g.inside)]
    assert len({e.path for e in every}) == len(every)  # nothing counted twice
    for g in got.items:
        parent = dirname(g.path)
        assert g.path not in have and parent  # never a top-level name, never one the selection has
        assert have[parent].kind == "dir" and theirs[parent].kind == "dir"
        assert theirs[g.path] == g.entry
    for e in every:
        assert not ours(e.path) and not any(ours(a) for a in ancestors(e.path))
        assert not e.path.startswith(OURS)
    # Everything the selection lacks inside folders on both sides goes, unless it is ours or holds ours.
    holds = {a for e in there if ours(e.path) for a in ancestors(e.path)}
    doomed = {e.path for e in every}
    for e in there:
        parent = dirname(e.path)
        lacking = e.path not in have and parent in have and have[parent].kind == theirs[parent].kind == "dir"
        if lacking and not ours(e.path) and e.path not in holds:
            assert e.path in doomed
