"""Staging: a copy lands in a hidden folder beside its destination and is moved into place only when
it is complete, so a cancelled or failed copy never leaves a truncated file under its final name.

Placing follows the copy's `Placement` (app.core.transfer.existing): a list of top-most items, each new
(nothing may be in its way) or replacing (a file or link may be, never a folder). Every item is
checked before the first one moves, so something that turned up at the destination since the copy
started stops the placing with nothing placed; a move that fails half-way says how many were placed,
and the rest stay staged for the next run. Moving is a rename on the same filesystem.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from posixpath import dirname, join
from typing import Protocol, Sequence

from app.core.errors import TransferError, appeared, half_placed, local_destination_failed, went_missing
from app.core.quoting import sh_command

PREFIX = ".transfer-advisor-partial-"
PLACE_LIST = ".transfer-advisor-place"  # the records, kept in the staging folder while placing

# $1 staging folder, $2 destination; stdin: the records, NUL-separated, "n/PATH" or "r/PATH".
# Exit 3: something is in the way (its paths on stdout, NUL-separated), nothing was moved.
# Exit 4: a move failed; stdout holds one "." per item placed before it.
_PLACE = r"""
stage=$1; dest=$2; list="$stage/""" + PLACE_LIST + r"""" flag="$stage/.transfer-advisor-in-the-way"
cat > "$list" || exit 1
rm -f -- "$flag"
export stage dest flag
xargs -0 sh -c '
for r; do
  p=${r#?/}; d="$dest/$p"
  [ -e "$stage/$p" ] || [ -L "$stage/$p" ] || { echo "missing from the staging folder: $p" >&2; exit 255; }
  case $r in
    n/*) if [ -e "$d" ] || [ -L "$d" ] || [ ! -d "${d%/*}" ]; then printf "%s\0" "$p" >> "$flag"; fi ;;
    *) if { [ -d "$d" ] && [ ! -L "$d" ]; } || [ ! -d "${d%/*}" ]; then printf "%s\0" "$p" >> "$flag"; fi ;;
  esac
done' sh < "$list" || exit 1
if [ -s "$flag" ]; then cat -- "$flag"; exit 3; fi
xargs -0 sh -c '
for r; do
  p=${r#?/}
  mv -f -- "$stage/$p" "$dest/$p" || exit 255
  printf .
done' sh < "$list" || exit 4
rm -rf -- "$stage"
"""

# $1 staging folder; pairs of paths in it on stdin (NUL-separated): each renamed to the second (keep both).
_RENAME = r"""cd "$1" && xargs -0 -n 2 sh -c 'mv -- "./$0" "./$1"' """


@dataclass(frozen=True)
class Records:
    """The placing of one copy: renames inside the staging folder first, then the top-most items."""

    renames: list[tuple[str, str]]      # (selection path, the free path it gets), inside the staging folder
    items: list[tuple[str, str]]        # (mode "n" or "r", path), as in Placement.records

    def stdin(self) -> bytes:
        return b"".join(os.fsencode(f"{mode}/{path}") + b"\0" for mode, path in self.items)

    def rename_stdin(self) -> bytes:
        return b"".join(os.fsencode(a) + b"\0" + os.fsencode(b) + b"\0" for a, b in self.renames)


def remote_place_command(stage: str, dest: str, then: str = "", *then_args: str) -> bytes:
    """The placing; `then`: a script run after it when everything was placed, with `then_args` as its arguments
    (one command, a round trip fewer: the check of what the destination now holds). Its output follows the
    placing's dots; whatever it ends with, the command ends 0 once all is placed."""
    if not then:
        return sh_command(_PLACE, stage, dest)
    return sh_command(f"({_PLACE}) || exit $?\nshift 2\n({then}\n) || :\n", stage, dest, *then_args)


def remote_rename_command(stage: str) -> bytes:
    return sh_command(_RENAME, stage)


# A folder being removed may still be written to for a moment (a lap's far-side tool that has not yet
# seen its input end): `rm -rf` then finds a folder not empty and leaves it. It is removed again, once a
# second, this many times at most.
REMOVE_TRIES = 10


def remote_remove_command(path: str) -> bytes:
    return sh_command('n=1; until rm -rf -- "$1"; do [ "$n" -lt "$2" ] || exit 1; n=$((n + 1)); sleep 1; done',
                      path, str(REMOVE_TRIES))


def local_remove(path: str) -> bool:
    """Remove a folder of ours on this computer, again while something still writes into it; whether it went."""
    for attempt in range(REMOVE_TRIES):
        shutil.rmtree(path, ignore_errors=True)
        if not os.path.lexists(path):
            return True
        if attempt < REMOVE_TRIES - 1:
            time.sleep(1)
    return False


# In the host's command line, a few small files of ours (a journal, an owner marker: a few hundred bytes
# each) go into the new folder with it: one command, not one for the folder and one per file (each a
# quarter of a second and more on a starved NAS). Dropbear takes commands up to 9000 bytes; past this the
# files are written after the folder, one by one.
FILES_IN_COMMAND = 3000

# $1 the destination, $2 the folder to make inside it (or $1 again: none), then name and text pairs.
_PREPARE = r"""d=$1 t=$2; shift 2
mkdir -p -- "$d" || exit 1
[ "$t" = "$d" ] || mkdir -m 700 -- "$t" || exit 1
while [ $# -ge 2 ]; do printf %s "$2" > "$t/$1" || exit 1; shift 2; done"""


# $1 the destination, $2 a staging folder in it, $3 the name of its journal, $4 how many of its bytes, $5 and $6
# a file written into the folder if it is there (its name, or "" for none, and its text), then name and text
# pairs. The folder there already: "y" and its journal's first bytes, and the file written into it (a failure
# to is no error: the owner marker, whose lack costs a leftover, never a user's file). Else the folder is made,
# with the pairs: "n".
_OPEN_OR_MAKE = r"""d=$1 t=$2 j=$3 most=$4 mn=$5 mt=$6; shift 6
if [ -e "$t" ] || [ -L "$t" ]; then
  printf y; head -c "$most" -- "$t/$j" 2>/dev/null
  [ -z "$mn" ] || [ -L "$t" ] || printf %s "$mt" > "$t/$mn" 2>/dev/null || :
  exit 0
fi
mkdir -p -- "$d" || exit 1
mkdir -m 700 -- "$t" || exit 1
while [ $# -ge 2 ]; do printf %s "$2" > "$t/$1" || exit 1; shift 2; done
printf n"""


def remote_open_or_make_command(dest: str, stage: str, journal: str, most: int,
                                files: Sequence[tuple[str, bytes]] = (),
                                mark: tuple[str, bytes] | None = None) -> bytes:
    """A staging folder's journal (the folder is there; `mark` then written into it), else the folder made with
    `files` (see files_fit_in_command, which both must pass): the look and the making in one command, a round
    trip fewer per copy."""
    flat = [part for name, data in files for part in (name, data.decode("utf-8", "surrogateescape"))]
    name, text = (mark[0], mark[1].decode("utf-8", "surrogateescape")) if mark else ("", "")
    return sh_command(_OPEN_OR_MAKE, dest, join(dest, stage), journal, str(most), name, text, *flat)


def files_fit_in_command(files: Sequence[tuple[str, bytes]]) -> bool:
    return sum(len(name) + len(data) for name, data in files) <= FILES_IN_COMMAND and \
        not any(b"\0" in data for _, data in files)


def remote_prepare_command(dest: str, stage: str | None, files: Sequence[tuple[str, bytes]] = ()) -> bytes:
    """Create the destination (and the staging folder inside it), with `files` (name, bytes) in the folder
    made (see FILES_IN_COMMAND: files_fit_in_command(files) must hold)."""
    flat = [part for name, data in files for part in (name, data.decode("utf-8", "surrogateescape"))]
    return sh_command(_PREPARE, dest, join(dest, stage) if stage else dest, *flat)


def local_prepare(dest: str, stage: str | None, files: Sequence[tuple[str, bytes]] = ()) -> None:
    try:
        os.makedirs(dest, exist_ok=True)
        if stage is not None:
            os.mkdir(join(dest, stage), 0o700)
        for name, data in files:
            with open(join(dest, stage or "", name), "wb") as f:
                f.write(data)
    except OSError as exc:
        raise local_destination_failed(dest, exc) from exc


# -- placing, where no shell does it (this computer, an SFTP-only host) ---------------------------
class PlaceOps(Protocol):
    async def kind(self, path: str) -> str | None: ...            # "dir", "file", "link", "other" or None
    async def rename(self, src: str, dst: str, replace: bool) -> None: ...
    async def remove(self, path: str) -> None: ...


async def place(ops: PlaceOps, stage: str, dest: str, records: Records, where: str) -> None:
    """Move the staged items into place: all checked first, then all moved (see the module's docstring)."""
    for old, new in records.renames:
        await ops.rename(join(stage, old), join(stage, new), replace=False)
    in_the_way = []
    for mode, path in records.items:
        if await ops.kind(join(stage, path)) is None:
            raise went_missing(path, where)
        there, parent = await ops.kind(join(dest, path)), await ops.kind(dirname(join(dest, path)))
        if parent != "dir" or (there is not None and (mode == "n" or there == "dir")):
            in_the_way.append(path)
    if in_the_way:
        raise appeared(in_the_way, where)
    for done, (mode, path) in enumerate(records.items):
        try:
            await ops.rename(join(stage, path), join(dest, path), replace=mode == "r")
        except (OSError, TransferError) as exc:
            raise half_placed(done, len(records.items), path, where, str(exc)) from None
    await ops.remove(stage)

