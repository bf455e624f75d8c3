"""Reading the selection: its sources scanned on the side that sends, and the destination resolved.
The advice reads it once; the race's laps and the copy it picked are handed what was read
(`Selection.part`, `CopyRequest.selection`) instead of scanning again."""

from __future__ import annotations

import asyncio
import os
from typing import TYPE_CHECKING

from app.core.selection import entries
from app.core.selection.entries import Selection

if TYPE_CHECKING:
    from app.core.host.session import Session


async def read_selection(session: "Session", sources: list[str], dest: str,
                         download: bool) -> tuple[Selection, list[str], str]:
    """The selection, its sources as absolute paths on the sending side, and the destination as an absolute
    path on the receiving side (`~` and relative paths from the home there). The caller says it is reading
    (Phase "scanning", wording.phase_scanning())."""
    if download:
        sources = [await session.files.abspath(s) for s in sources]
        selection = await session.files.scan(sources)
    else:
        selection = await asyncio.to_thread(entries.scan_local, sources)
        sources = selection.roots
    return selection, sources, await resolve_dest(session, dest, download)


async def resolve_dest(session: "Session", dest: str, download: bool) -> str:
    """The destination as an absolute path on the receiving side."""
    return os.path.abspath(os.path.expanduser(dest)) if download else await session.files.abspath(dest)
