"""What a copy does with what is already at the destination (app.core.transfer.existing.plan): identical files
are not sent, each choice does what it says, a folder is never swapped for a file, keep-both names
never collide (property-based)."""

from __future__ import annotations

import os
from posixpath import basename, dirname

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.core.errors import ErrorKind, already_there, never_replaced
from app.core.transfer.existing import NAME_MAX, Existing, free_name, plan, same_by_hash, split_ext
from app.core.selection.entries import Entry, Selection

T = 1_700_000_000


def f(path: str, size: int = 10, mtime: int = T) -> Entry:
    return Entry(path, "file", size, mtime=mtime)


def d(path: str) -> Entry:
    return Entry(path, "dir")


def sel(*entries: Entry) -> Selection:
    tops = sorted({e.path.split("/")[0] for e in entries})
    return Selection([f"/src/{t}" for t in tops], list(entries))


ALBUM = sel(d("album"), f("album/a.jpg"), f("album/b.jpg", 20), d("album/new"), f("album/new/c.jpg"),
            f("notes.txt", 5))


def there(*entries: Entry) -> dict[str, Entry]:
    return {e.path: e for e in entries}


def test_nothing_there_places_every_top_name_whole():
    p = plan(ALBUM, {}, Existing.ASK)
    assert p.records == [("n", "album"), ("n", "notes.txt")]
    assert [e.path for e in p.staged] == [e.path for e in ALBUM.entries]
    assert not p.clashes and p.expected == ALBUM.manifest()


def test_identical_files_are_already_there_even_on_a_coarse_clock():
    # FAT keeps times in 2-second steps: a second either way is the same time.
    dest = there(d("album"), f("album/a.jpg", mtime=T + 1), f("album/b.jpg", 20, mtime=T - 1), f("notes.txt", 5))
    p = plan(ALBUM, dest, Existing.ASK)
    assert p.identical == ["album/a.jpg", "album/b.jpg", "notes.txt"] and not p.clashes
    assert p.records == [("n", "album/new")]
    assert [e.path for e in p.staged] == ["album", "album/new", "album/new/c.jpg"]
    assert p.expected == ALBUM.manifest()  # what is there counts as copied


def test_a_changed_file_is_a_clash_and_without_a_choice_nothing_is_placed_for_it():
    dest = there(d("album"), f("album/a.jpg", 11), f("album/b.jpg", 20, mtime=T + 5))
    p = plan(ALBUM, dest, Existing.ASK)
    assert [c.path for c in p.clashes] == ["album/a.jpg", "album/b.jpg"]
    assert ("r", "album/a.jpg") not in p.records
    error = already_there([c.path for c in p.clashes], "nas:/photos")
    assert error.kind is ErrorKind.CONFLICT
    assert error.sentence == ("2 items of the copy are already at nas:/photos and differ ('album/a.jpg', 'album/b.jpg'); "
                        "nothing was copied: add --existing skip, replace, newer or rename (keep both).")


@pytest.mark.parametrize("policy, replaced, skipped", [
    (Existing.SKIP, [], ["album/a.jpg", "album/b.jpg"]),
    (Existing.REPLACE, ["album/a.jpg", "album/b.jpg"], []),
    (Existing.NEWER, ["album/a.jpg"], ["album/b.jpg"]),  # b.jpg is newer at the destination
])
def test_each_choice(policy, replaced, skipped):
    dest = there(d("album"), f("album/a.jpg", 11, mtime=T - 60), f("album/b.jpg", 21, mtime=T + 60))
    p = plan(ALBUM, dest, policy)
    assert p.replaced == replaced and p.skipped == skipped
    assert [r for r in p.records if r[0] == "r"] == [("r", r) for r in replaced]
    assert ("n", "album/new") in p.records and ("n", "notes.txt") in p.records
    for path in skipped:  # what was left alone is not checked against the copy's file
        assert path not in p.expected
    assert {e.path for e in p.staged} >= {"album", *replaced}


def test_keep_both_gives_the_copy_a_free_name():
    dest = there(d("album"), f("album/a.jpg", 11), f("album/a (2).jpg", 3), f("notes.txt", 9))
    p = plan(ALBUM, dest, Existing.RENAME, top_names={"album", "notes.txt", "notes (2).txt"})
    assert p.renamed == {"album/a.jpg": "album/a (3).jpg", "notes.txt": "notes (3).txt"}
    assert ("n", "album/a (3).jpg") in p.records and ("n", "notes (3).txt") in p.records
    assert p.expected["album/a (3).jpg"] == ("file", 10) and "album/a.jpg" not in p.expected


def test_a_folder_and_a_file_in_each_others_way():
    dest = there(f("album", 3), d("notes.txt"))
    p = plan(ALBUM, dest, Existing.REPLACE)
    assert [c.describe() for c in p.refused] == ["'album' is a file where the copy has a folder",
                                                 "'notes.txt' is a folder where the copy has a file"]
    assert never_replaced(p.refused[0].describe(), len(p.refused), "nas:/x").sentence == (
        "At nas:/x, 'album' is a file where the copy has a folder (and 1 item more like it), which is never "
        "replaced; nothing was copied: move it aside, or add --existing skip or rename (keep both).")
    assert plan(ALBUM, dest, Existing.SKIP).skipped == ["album", "notes.txt"]
    renamed = plan(ALBUM, dest, Existing.RENAME, top_names={"album", "notes.txt"})
    assert renamed.renamed == {"album": "album (2)", "notes.txt": "notes (2).txt"}
    assert renamed.dest_path("album/new/c.jpg") == "album (2)/new/c.jpg"
    assert renamed.records == [("n", "album (2)"), ("n", "notes (2).txt")]


def test_identical_by_contents_when_hashes_are_compared():
    dest = there(d("album"), f("album/a.jpg", mtime=T - 999), f("album/b.jpg", 20))
    p = plan(ALBUM, dest, Existing.ASK, same_by_hash({"album/a.jpg"}))
    assert p.identical == ["album/a.jpg"]
    assert [c.path for c in p.clashes] == ["album/b.jpg"]  # same size and time, other contents


@pytest.mark.parametrize("name, parts", [("photo.jpg", ("photo", ".jpg")), ("backup.tar.gz", ("backup", ".tar.gz")),
                                         (".bashrc", (".bashrc", "")), ("notes", ("notes", "")),
                                         ("v1.2 final", ("v1.2 final", "")), ("a.", ("a.", ""))])
def test_split_ext(name, parts):
    assert split_ext(name) == parts


@pytest.mark.parametrize("name, taken, free", [
    ("photo.jpg", {"photo.jpg"}, "photo (2).jpg"),
    ("photo.jpg", {"photo.jpg", "photo (2).jpg"}, "photo (3).jpg"),
    ("photo (2).jpg", {"photo (2).jpg"}, "photo (3).jpg"),
    ("backup.tar.gz", set(), "backup (2).tar.gz"),
    (".bashrc", set(), ".bashrc (2)"),
])
def test_free_name(name, taken, free):
    assert free_name(name, taken) == free


NAME_CHARS = st.characters(blacklist_characters="/\0", blacklist_categories=("Cs",))
NAMES = st.text(NAME_CHARS, min_size=1, max_size=300).filter(lambda n: n not in (".", "..")
                                                             and len(os.fsencode(n)) <= NAME_MAX)


@given(name=NAMES, taken=st.sets(NAMES, max_size=20), counted=st.integers(0, 30))
def test_free_name_never_collides_and_always_fits(name, taken, counted):
    stem, ext = split_ext(name)
    taken = taken | {name} | {f"{stem} ({n}){ext}" for n in range(2, 2 + counted)}
    free = free_name(name, taken)
    assert free not in taken
    assert "/" not in free and free not in (".", "..") and len(os.fsencode(free)) <= NAME_MAX


FOLDERS = st.sampled_from(["", "a", "a/b"])


@given(files=st.lists(st.tuples(FOLDERS, NAMES.filter(lambda n: len(os.fsencode(n)) < 200)), min_size=1,
                      max_size=12, unique=True),
       clashing=st.data())
def test_keep_both_never_lands_two_items_on_one_path(files, clashing):
    """However the copy's names and the destination's overlap, every item placed has a path of its own,
    free at the destination."""
    folders = {"a", "a/b"} & {p for folder, _ in files for p in ("a", folder) if folder}
    paths = {f"{folder}/{name}".lstrip("/") for folder, name in files} - folders
    ours = sel(*[d(p) for p in sorted(folders)], *[f(p) for p in sorted(paths)])
    theirs_paths = clashing.draw(st.sets(st.sampled_from(sorted(paths)), min_size=1))
    dest = there(*[d(p) for p in sorted(folders)], *[f(p, 99) for p in sorted(theirs_paths)])
    p = plan(ours, dest, Existing.RENAME, top_names={q for q in dest if "/" not in q})
    landed = [p.dest_path(e.path) for e in ours.entries if e.kind == "file"]
    assert len(landed) == len(set(landed))
    for old, new in p.renamed.items():
        assert new not in dest and dirname(new) == dirname(old) and basename(new) != basename(old)
    assert set(p.renamed) == theirs_paths


@given(files=st.lists(st.tuples(FOLDERS, NAMES.filter(lambda n: len(os.fsencode(n)) < 200)), min_size=1,
                      max_size=12, unique=True),
       policy=st.sampled_from(list(Existing)))
def test_an_empty_destination_is_planned_as_the_whole_look_would(files, policy):
    """Nothing at the destination is decided without looking at each entry (a tree of 100 000 files): the
    same placement as when the destination holds only something else."""
    folders = {"a", "a/b"} & {p for folder, _ in files for p in ("a", folder) if folder}
    paths = {f"{folder}/{name}".lstrip("/") for folder, name in files} - folders
    ours = sel(*[d(p) for p in sorted(folders)], *[f(p) for p in sorted(paths)])
    other = "x" * 250  # longer than any name drawn: never one of the selection's
    quick, looked = plan(ours, {}, policy), plan(ours, there(f(other)), policy, top_names={other})
    assert quick.records == looked.records and quick.expected == looked.expected
    assert [e.path for e in quick.staged] == [e.path for e in looked.staged]
    assert not quick.clashes and not quick.identical and quick.summary() == looked.summary()
