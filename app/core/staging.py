"""Staging: a copy lands in a hidden folder beside its destination and is moved into place
only when it is complete, so a cancelled or failed copy never leaves a truncated file under
its final name. Moving is a rename on the same filesystem; existing folders are merged."""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
from posixpath import join

from app.core.errors import TransferError

PREFIX = ".transfer-advisor-partial-"

# $1 staging folder, $2 destination, then the top-level names. Files replace files atomically
# (mv -f is a rename); folders that already exist are merged; anything else is a conflict.
_FINALIZE = r"""
stage=$1; dest=$2; shift 2
conflict() { echo "conflict: $1 is in the way of $2" >&2; exit 3; }
export flag="$stage/.conflict"  # find -exec hides the inner exit status; a conflict leaves this behind
for name; do
  s="$stage/$name"; d="$dest/$name"
  if [ -d "$s" ] && [ ! -L "$s" ] && [ -d "$d" ] && [ ! -L "$d" ]; then
    (cd "$s" && find . -mindepth 1 -type d -exec sh -c '
       for x; do
         if [ -e "$0/$x" ] || [ -L "$0/$x" ]; then
           { [ -d "$0/$x" ] && [ ! -L "$0/$x" ]; } || { echo "conflict: a file is in the way of ${x#./}" >&2; : > "$flag"; exit 3; }
         else mkdir -- "$0/$x" || exit 1; fi
       done' "$d" {} + &&
     find . ! -type d -exec sh -c '
       for x; do
         if [ -d "$0/$x" ] && [ ! -L "$0/$x" ]; then echo "conflict: a folder is in the way of ${x#./}" >&2; : > "$flag"; exit 3; fi
         mv -f -- "$x" "$0/$x" || exit 1
       done' "$d" {} +)
    [ $? -eq 0 ] || { [ -e "$flag" ] && exit 3; exit 1; }
  elif [ -d "$d" ] && [ ! -L "$d" ]; then
    conflict "a folder" "$name"
  elif [ -d "$s" ] && [ ! -L "$s" ] && { [ -e "$d" ] || [ -L "$d" ]; }; then
    conflict "a file" "$name"
  else
    mv -f -- "$s" "$d" || exit 1
  fi
done
rm -rf -- "$stage"
"""


def staging_name() -> str:
    return PREFIX + secrets.token_hex(4)


def sh_command(script: str, *args: str) -> bytes:
    """`sh -c SCRIPT sh ARGS...` as bytes, every argument quoted (any file name is safe)."""
    words = ["sh", "-c", script, "sh", *args]
    return " ".join(shlex.quote(w) for w in words).encode("utf-8", "surrogateescape")


def remote_finalize_command(stage: str, dest: str, names: list[str]) -> bytes:
    return sh_command(_FINALIZE, stage, dest, *names)


def remote_remove_command(path: str) -> bytes:
    return sh_command('rm -rf -- "$1"', path)


def remote_prepare_command(dest: str, stage: str | None) -> bytes:
    """Create the destination (and the staging folder inside it)."""
    if stage is None:
        return sh_command('mkdir -p -- "$1"', dest)
    return sh_command('mkdir -p -- "$1" && mkdir -m 700 -- "$2"', dest, join(dest, stage))


def local_prepare(dest: str, stage: str | None) -> None:
    try:
        os.makedirs(dest, exist_ok=True)
        if stage is not None:
            os.mkdir(join(dest, stage), 0o700)
    except OSError as exc:
        raise _local_error(dest, exc) from exc


def _local_error(dest: str, exc: OSError) -> TransferError:
    if exc.errno in (28, 122):
        return TransferError("dest-full", f"{dest} is full; free some space or choose another folder.")
    return TransferError("dest-unwritable", f"Cannot write to {dest} ({exc.strerror}); choose a folder you "
                         "can write to.")


def local_finalize(stage: str, dest: str, names: list[str]) -> None:
    for name in names:
        _move(join(stage, name), join(dest, name))
    shutil.rmtree(stage, ignore_errors=True)


def _is_dir(path: str) -> bool:
    return os.path.isdir(path) and not os.path.islink(path)


def _move(src: str, dst: str) -> None:
    if _is_dir(src) and _is_dir(dst):
        for name in os.listdir(src):
            _move(join(src, name), join(dst, name))
        return
    if _is_dir(dst) or (_is_dir(src) and os.path.lexists(dst)):
        raise TransferError("conflict", f"{dst} is in the way (a file where a folder goes, or the other way "
                            "round); move it aside and copy again.")
    os.replace(src, dst)
