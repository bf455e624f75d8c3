"""The race's sample has the whole selection's mix of file sizes, whatever order the tree is in."""

from __future__ import annotations

from posixpath import basename

from hypothesis import given, strategies as st

from app.core.selection.sample import MAX_UNITS, UNIT_SHARE, Sample, dealt, entries_of, race_sample
from app.core.selection.entries import Entry, Selection, ancestors


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


# -- the laps of a race into the copy's own staging folder (copy --best) ------------------------------------

def test_laps_into_the_staging_folder_each_get_a_share_with_the_selections_mix() -> None:
    """No command-line limit (the units go in lists), so a flat folder of tiny files can be shared out too,
    and each lap gets about a third of the sample, videos and small files alike."""
    selection = _tree(videos=60, folders=40, per_folder=500, video_bytes=5_000_000)
    sample = race_sample(selection, 300e6, whole_below=1.0, unit_share=UNIT_SHARE / 3.6, max_units=None)
    assert sample is not None and len(sample.paths) == len(sample.sizes) == len(sample.counts) == len(sample.sources)
    laps = dealt(sample, 3, 80e6)
    assert laps is not None and len(laps) == 3
    flat = [u for lap in laps for u in lap]
    assert sorted(flat) == sorted(sample.paths)  # every unit once, in one lap
    size = dict(zip(sample.paths, sample.sizes))
    shares = [sum(size[u] for u in lap) for lap in laps]
    assert max(shares) - min(shares) <= 2 * 5_000_000  # equal as near as whole units allow
    # Each lap has videos and folders of small files: a mix like the sample's.
    assert all(any(u.endswith(".mp4") for u in lap) and any("/src/p" in u for u in lap) for lap in laps)
    for lap in laps:
        entries = entries_of(selection.entries, lap)
        files = [e for e in entries if e.kind == "file"]
        assert sum(e.size for e in files) == sum(size[u] for u in lap)
        # Every folder above a file comes with it, before it (parent first), and nothing else does.
        paths = [e.path for e in entries]
        assert all(parent in paths[:paths.index(e.path)] for e in files for parent in ancestors(e.path))
        assert all(e.kind == "dir" or any(e.path == u or e.path.startswith(u + "/") for u in lap) for e in entries)


def test_too_few_units_for_the_laps_is_none() -> None:
    one = Selection(["/v"], [Entry("v", "dir"), Entry("v/a.mkv", "file", 4_000_000_000), Entry("v/b", "file", 10)])
    sample = race_sample(one, 1e9, whole_below=1.0, max_units=None)
    assert sample is None or dealt(sample, 3, 3e8) is None


def test_laps_unlike_each_other_are_none() -> None:
    """Two large videos and a folder of small files cannot make three laps of one mix: one lap would time
    small files alone, another a video alone. The race then copies one sample in every lap, as before."""
    selection = _tree(videos=2, folders=10, per_folder=100, video_bytes=50_000_000, small_bytes=50_000)
    sample = race_sample(selection, selection.bytes, whole_below=1.0, unit_share=UNIT_SHARE / 3.6, max_units=None)
    assert sample is not None
    assert dealt(sample, 3, 10e6) is None


@given(sizes=st.lists(st.integers(1, 10**9), min_size=1, max_size=60), laps=st.integers(1, 5),
       lap_bytes=st.floats(1, 1e10))
def test_dealing_never_loses_or_repeats_a_unit(sizes: list[int], laps: int, lap_bytes: float) -> None:
    paths = tuple(f"d/u{i}" for i in range(len(sizes)))
    sample = Sample(list(paths), len(sizes), sum(sizes), paths, tuple(sizes))
    out = dealt(sample, laps, lap_bytes)
    if out is None:
        return
    assert len(out) == laps and all(out)
    assert [u for lap in out for u in lap] == list(paths)  # in the shuffled order, each once
    size = dict(zip(paths, sizes))
    assert all(sum(size[u] for u in lap) >= lap_bytes / 4 for lap in out)


def test_a_lap_on_parallel_streams_needs_a_file_for_each_stream() -> None:
    """Four large files cannot give three laps four files each: a lap on four streams of one file would
    time one stream."""
    four = Selection(["/v"], [Entry("v", "dir")] + [Entry(f"v/{i}.mkv", "file", 75_000_000) for i in range(4)])
    sample = race_sample(four, four.bytes, whole_below=1.0, max_units=None)
    assert sample is not None
    assert dealt(sample, 3, 20e6) is not None
    assert dealt(sample, 3, 20e6, min_files=4) is None
