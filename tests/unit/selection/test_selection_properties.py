"""Random trees on a real filesystem — empty files and folders, nesting, symlinks, names with spaces,
quotes, newlines, leading dashes and bytes that are not UTF-8 — through everything that reads a
selection before a copy: the scan, the model's stats, the race's sample, the tar stream's size, every
prediction (with a profile that has or lacks each figure) and the sentences. Nothing crashes, counts
and bytes add up, the sample is a part of the selection, every predicted time is finite and positive."""

from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from hypothesis import event, given, strategies as st

from app.core.advice import recommendation
from app.core.advice.ranking import rank

from app.core.wording.advice import (bottleneck_sentence, reason_sentence, small_reason_sentence,
                                      small_selection_sentence)
from app.core.host.capabilities import TOOLS, Capabilities
from app.core.advice.model import FACTORS, predict_all
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import CipherProbe, Compressibility, LinkProfile
from app.core.selection.sample import race_sample
from app.core.selection.entries import scan_local

CIPHERS = ["chacha20-poly1305@openssh.com", "aes128-gcm@openssh.com", "aes128-ctr"]
BASE = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None

# Names as the filesystem allows them: any bytes but "/" and NUL, with the awkward ones made likely.
awkward = st.sampled_from(["with space", "it's", 'say "hi"', "new\nline", "-leading-dash", "--", "-r", "$(id)",
                           "star*?[x]", "back\\slash", "ünïcödé ✓", ".hidden", "tab\there", " "])
raw = st.binary(min_size=1, max_size=12).map(lambda b: b.replace(b"/", b"_").replace(b"\0", b"_"))
names = st.one_of(awkward, st.text(min_size=1, max_size=12).map(os.fsencode), raw.map(os.fsdecode)).map(
    lambda n: n if isinstance(n, str) else os.fsdecode(n.replace(b"/", b"_").replace(b"\0", b"_"))).filter(
    lambda n: n not in (".", "..") and len(os.fsencode(n)) <= 200)


@dataclass(frozen=True)
class Link:
    target: str


def _folder(children: st.SearchStrategy) -> st.SearchStrategy:
    return st.dictionaries(names, children, max_size=5)


leaves = st.one_of(st.integers(0, 3000), st.sampled_from([0, 1, 511, 512, 513]),
                   st.builds(Link, st.sampled_from(["nowhere", "..", "../..", "/etc/hostname", "."])))
trees = st.recursive(leaves, _folder, max_leaves=25)
# Wide trees too: several folders of several files each, the shape a race's sample is cut from.
wide = st.dictionaries(names, st.dictionaries(names, st.integers(0, 3000), min_size=2, max_size=8), min_size=3,
                       max_size=8)
tops = st.one_of(st.dictionaries(names, trees, max_size=5), wide)


def write(folder: Path, tree: dict) -> tuple[int, int, int, int]:
    """Make the tree on disk; (files, bytes, folders, links) in it."""
    files = nbytes = dirs = links = 0
    for name, node in tree.items():
        path = folder / name
        if isinstance(node, dict):
            path.mkdir()
            counts = write(path, node)
            files, nbytes, dirs, links = files + counts[0], nbytes + counts[1], dirs + counts[2] + 1, \
                links + counts[3]
        elif isinstance(node, Link):
            os.symlink(node.target, path)
            links += 1
        else:
            path.write_bytes(os.urandom(node))
            files, nbytes = files + 1, nbytes + node
    return files, nbytes, dirs, links


def figure(low: float, high: float) -> st.SearchStrategy:
    return st.one_of(st.none(), st.just(0.0), st.floats(low, high))


profiles = st.builds(
    LinkProfile, host=st.just("nas"), rtt_ms=figure(0.001, 2000), tcp_up_MBps=figure(0.001, 1e5),
    tcp_down_MBps=figure(0.001, 1e5),
    ciphers=st.lists(st.builds(CipherProbe, st.sampled_from(CIPHERS), st.floats(0, 1e4), st.floats(0, 1),
                               st.floats(0, 1)), max_size=3, unique_by=lambda c: c.cipher),
    remote_cores=st.one_of(st.none(), st.integers(1, 64)), local_cores=st.one_of(st.none(), st.integers(1, 64)),
    remote_aes=st.one_of(st.none(), st.booleans()), local_aes=st.one_of(st.none(), st.booleans()),
    same_machine=st.booleans(), remote_write_MBps=figure(0.001, 1e5), local_read_MBps=figure(0.001, 1e5),
    local_write_MBps=figure(0.001, 1e5), remote_read_MBps=figure(0.001, 1e5),
    per_file_ms=st.dictionaries(st.sampled_from(["sftp", "scp", "tar-ssh", "rsync-ssh"]), st.floats(0, 100)),
    compress=st.lists(st.builds(Compressibility, st.sampled_from(["zstd", "lz4", "zlib"]), st.floats(0.5, 50),
                                st.floats(0.01, 1e4), st.one_of(st.none(), st.floats(0.01, 1e4))),
                      max_size=3, unique_by=lambda c: c.codec))


def caps() -> Capabilities:
    return Capabilities(tools=set(TOOLS), ciphers=CIPHERS, nc_flavour="OpenBSD netcat", cores=2,
                        rsync_compress=["zstd", "lz4", "zlib", "none"])


@given(tree=tops)
def test_scan_and_stats_add_up(tree: dict) -> None:
    with tempfile.TemporaryDirectory(dir=BASE) as tmp:
        root = Path(tmp) / "selection"
        root.mkdir()
        files, nbytes, dirs, links = write(root, tree)
        sources = [str(root / n) for n in tree] or [str(root)]  # what a user picks: the items, or the empty folder
        selection = scan_local(sources)
        stats = SelectionStats.of(selection)
    assert (selection.files, selection.bytes, stats.files, stats.bytes) == (files, nbytes, files, nbytes)
    assert stats.dirs == dirs + (0 if tree else 1)
    assert len(selection.entries) == files + dirs + links + (0 if tree else 1)
    assert len({e.path for e in selection.entries}) == len(selection.entries)
    assert all(e.path.split("/", 1)[0] in selection.names for e in selection.entries)
    # tar: two 512-byte end blocks, a header per entry, data padded to 512 bytes
    assert stats.tar_bytes == selection.tar_stream_bytes() >= 1024 + 512 * len(selection.entries) + nbytes
    assert selection.bytes_on_disk() >= nbytes
    assert stats.one_file() == (len(tree) == 1 and files == 1 and not dirs and not links)
    assert stats.links == links and stats.link_kinds == selection.link_kinds()
    # every path one of the methods refuses (old scp and FTP a line break, SMB its characters, NFS a `?`): what the
    # methods' checks see while advising
    from app.core.host import nfs_exports, smb_shares
    assert stats.odd_paths == tuple(e.path for e in selection.entries if "\n" in e.path or "\r" in e.path
                                    or not smb_shares.carries(e.path) or not nfs_exports.carries(e.path))
    assert SelectionStats.of(selection, tar=False) == replace(stats, tar_bytes=None)


@given(tree=tops, target=st.one_of(st.sampled_from([0.0, -1.0, math.nan, math.inf, 1e12]),
                                  st.floats(0.01, 0.6).map(lambda share: ("share", share))))
def test_the_race_sample_is_a_part_of_the_selection(tree: dict, target: float | tuple) -> None:
    with tempfile.TemporaryDirectory(dir=BASE) as tmp:
        root = Path(tmp) / "selection"
        root.mkdir()
        write(root, tree)
        selection = scan_local([str(root)])
        if isinstance(target, tuple):  # a share of this selection: the sizes a sample is taken at
            target = target[1] * selection.bytes
        sample = race_sample(selection, target)
        if sample is None:
            event("raced whole")
            return
        again = scan_local(sample.sources)
    assert (again.files, again.bytes) == (sample.files, sample.bytes)
    assert 0 < sample.files <= selection.files and 0 < sample.bytes <= selection.bytes
    assert all(s.startswith(str(root) + "/") for s in sample.sources)
    assert len({os.path.basename(s) for s in sample.sources}) == len(sample.sources)  # no two land on one name
    assert not any(a != b and b.startswith(a + "/") for a in sample.sources for b in sample.sources)


@given(tree=tops, profile=profiles, download=st.booleans(), insecure=st.booleans(), timed=st.booleans())
def test_predictions_and_sentences_for_any_selection_and_profile(tree: dict, profile: LinkProfile, download: bool,
                                                                 insecure: bool, timed: bool) -> None:
    with tempfile.TemporaryDirectory(dir=BASE) as tmp:
        root = Path(tmp) / "selection"
        root.mkdir()
        write(root, tree)
        stats = SelectionStats.of(scan_local([str(root)]))
    predictions = predict_all(profile, stats, caps(), caps(), insecure, download)
    assert predictions
    for p in predictions:
        assert math.isfinite(p.seconds) and p.seconds > 0, p
        assert math.isfinite(p.stream_MBps) and p.stream_MBps > 0, p
        assert math.isfinite(p.MBps) and (p.MBps > 0) == (stats.bytes > 0), p
        assert p.limit in FACTORS
    ranking = rank(predictions, [], stats)
    rates = recommendation.sentence_rates(ranking, stats)
    assert all(math.isfinite(p.MBps) and math.isfinite(p.seconds) for p in rates)
    best = rates[0]
    sentences = [bottleneck_sentence(best, profile), reason_sentence(best, rates, profile),
                 small_reason_sentence(best, rates), small_selection_sentence(
                     stats.files, stats.bytes, best.candidate.label, best.seconds, timed)]
    for sentence in sentences:
        assert sentence.endswith(".") and sentence == sentence.strip(), sentence
        assert not any(w in sentence for w in ("nan", "inf ", "None", " 1 files")), sentence


@given(tree=tops)
def test_reading_the_items_one_by_one_gives_the_selection(tree: dict) -> None:
    """The window measures each item as it is added and hands the advice those reads, joined in the list's
    order (app.gui.shell.flow.Flow.measured_selection): that is what reading them together gives."""
    with tempfile.TemporaryDirectory(dir=BASE) as tmp:
        root = Path(tmp) / "selection"
        root.mkdir()
        write(root, tree)
        sources = [str(root / n) for n in tree] or [str(root)]
        together = scan_local(sources)
        one_by_one = [scan_local([s]) for s in sources]
    assert together.roots == [r for part in one_by_one for r in part.roots]
    assert together.entries == [e for part in one_by_one for e in part.entries]
