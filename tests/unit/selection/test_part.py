"""`Selection.part`: the race's sample read from the selection the advice scanned is what scanning the
sample's sources would give, so no lap scans the files again."""

from __future__ import annotations

import os
from pathlib import Path

from app.core.selection.entries import scan_local
from app.core.selection.sample import race_sample
from tests.unit.hostile import NON_UTF8


def _tree(root: Path) -> Path:
    top = root / "project"
    (top / "videos").mkdir(parents=True)
    for i in range(3):
        (top / "videos" / f"clip {i}.bin").write_bytes(os.urandom(200_000))
    for d in range(12):
        sub = top / "src" / f"pkg{d:02d}" / "deep"
        sub.mkdir(parents=True)
        for i in range(8):
            (sub.parent / f"m{i}.py").write_bytes(os.urandom(2_000))
        (sub / "x.txt").write_bytes(b"x" * 100)
    (top / "src" / "pkg00" / "link").symlink_to("m0.py")
    (top / "src" / os.fsdecode(NON_UTF8)).mkdir()
    return top


def test_a_part_is_what_scanning_it_gives(tmp_path: Path) -> None:
    top, single = _tree(tmp_path), tmp_path / "notes.txt"
    single.write_bytes(b"notes")
    whole = scan_local([str(top), str(single)])
    sources = [str(top / "videos" / "clip 1.bin"), str(top / "src" / "pkg03"), str(top / "src"), str(single),
               str(top)]
    for source in sources:
        assert whole.part([source]) == scan_local([source]), source
    assert whole.part(sources[:2]) == scan_local(sources[:2])


def test_the_race_sample_is_read_not_scanned(tmp_path: Path) -> None:
    top = _tree(tmp_path)
    whole = scan_local([str(top)])
    sample = race_sample(whole, 250_000)
    assert sample is not None and len(sample.sources) > 1
    part = whole.part(sample.sources)
    assert part == scan_local(sample.sources)
    assert (part.files, part.bytes) == (sample.files, sample.bytes)
