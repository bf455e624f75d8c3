"""The race's sample has the whole selection's mix of file sizes, whatever order the tree is in."""

from __future__ import annotations

from posixpath import basename

from app.core.selection.sample import MAX_UNITS, race_sample
from app.core.selection.entries import Entry, Selection


def _tree(videos: int = 4, folders: int = 40, per_folder: int = 500, video_bytes: int = 100_000_000,
          small_bytes: int = 10_000) -> Selection:
    """Videos first (by name), then a source tree: the race's old prefix saw only the videos."""
    entries = [Entry("top", "dir"), Entry("top/a-videos", "dir")]
    entries += [Entry(f"top/a-videos/v{i}.mp4", "file", video_bytes) for i in range(videos)]
    entries.append(Entry("top/src", "dir"))
    for d in range(folders):
        entries.append(Entry(f"top/src/p{d}", "dir"))
        entries += [Entry(f"top/src/p{d}/f{i}.py", "file", small_bytes) for i in range(per_folder)]
    return Selection(["/home/u/top"], entries)


def test_sample_has_the_selections_share_of_files_and_bytes() -> None:
    selection = _tree()
    sample = race_sample(selection, 240e6)
    assert sample is not None
    byte_share, file_share = sample.bytes / selection.bytes, sample.files / selection.files
    assert 0.3 < byte_share < 0.6  # about the target, in whole videos and folders
    assert abs(file_share - byte_share) < 0.1, (file_share, byte_share)
    # From both parts of the tree, by absolute path under the root's parent.
    assert any(s.endswith(".mp4") for s in sample.sources) and any("/src/p" in s for s in sample.sources)
    assert all(s.startswith("/home/u/top/") for s in sample.sources)


def test_sample_names_are_unique_and_order_mixes_sizes() -> None:
    sample = race_sample(_tree(videos=20, folders=200, per_folder=100), 300e6)
    assert sample is not None
    names = [basename(s) for s in sample.sources]
    assert len(names) == len(set(names))
    # Shuffled: the videos are not all at one end, so any lap's beginning is a mix too.
    where = [i for i, s in enumerate(sample.sources) if s.endswith(".mp4")]
    n, k = len(sample.sources), len(where)
    assert 0 < k < n and where not in (list(range(k)), list(range(n - k, n)))


def test_small_selection_is_raced_whole() -> None:
    assert race_sample(_tree(videos=1, folders=2, per_folder=10), 240e6) is None


def test_folder_of_only_tiny_files_falls_back_to_the_whole() -> None:
    """A flat folder of 100 000 tiny files would need more sources than one command line holds."""
    entries = [Entry("flat", "dir")] + [Entry(f"flat/f{i}", "file", 10_000) for i in range(100_000)]
    selection = Selection(["/data/flat"], entries)
    assert race_sample(selection, 240e6) is None
    assert MAX_UNITS < 100_000 * 240e6 / selection.bytes


def _folders(same: bool) -> Selection:
    entries = [Entry("top", "dir")]
    for d in range(30):
        sub = "same" if same else f"own{d}"
        entries += [Entry(f"top/d{d}", "dir"), Entry(f"top/d{d}/{sub}", "dir")]
        entries += [Entry(f"top/d{d}/{sub}/f{i}", "file", 1_000_000) for i in range(10)]
        entries.append(Entry(f"top/d{d}/movie{d}.mkv", "file", 50_000_000))
    return Selection(["/x/top"], entries)


def test_same_names_in_different_folders_are_taken_once() -> None:
    # Only one `same` folder can go to the destination: the sample cannot have the mix, so the
    # whole selection is raced instead.
    assert race_sample(_folders(same=True), 200e6) is None
    sample = race_sample(_folders(same=False), 200e6)  # with names of their own it can
    assert sample is not None
    names = [basename(s) for s in sample.sources]
    assert len(names) == len(set(names)) and any("/own" in s for s in sample.sources)
