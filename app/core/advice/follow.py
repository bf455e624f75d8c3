"""Copying with the advice: `copy --best` and the window's Copy now both end here. The copy runs with the
pick's method and options, and takes the selection the advice read instead of scanning it again."""

from __future__ import annotations

from dataclasses import replace

from app.core.advice.advisor import Advice, Recommendation
from app.core.events import Emit, TransferResult, ignore
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from app.core.transfer.mirror import ConfirmDelete
from app.core.transfer.survey import Decide


def advised_request(advice: Advice, chosen: Recommendation, req: CopyRequest, rescan: bool = False) -> CopyRequest:
    """The copy `req` asks for (its sources, destination, direction and choices), with the method and options
    `chosen` (one of the advice's recommendations) names. When it copies what the advice read (the same sources,
    destination and direction), it takes the advice's selection, unless `rescan` (a copy started again later,
    by Resume: the files may have changed since)."""
    asked, download = advice.request, req.options.download
    carried = (not rescan and asked is not None and advice.selection is not None and asked.download == download
               and list(asked.sources) == list(req.sources) and asked.dest == req.dest)
    options = replace(chosen.options, download=download)
    if not carried:
        return replace(req, method=chosen.ranked.candidate.method_id, options=options, selection=None)
    return replace(req, sources=advice.sources, dest=advice.dest, method=chosen.ranked.candidate.method_id,
                   options=options, selection=advice.selection)


async def copy_advised(session: Session, advice: Advice, chosen: Recommendation, req: CopyRequest,
                       emit: Emit = ignore, decide: Decide | None = None, confirm_delete: ConfirmDelete | None = None,
                       rescan: bool = False) -> TransferResult:
    """Copy with `chosen`, as `advised_request` says (app.core.transfer.engine.copy does the copy)."""
    return await copy(session, advised_request(advice, chosen, req, rescan), emit, decide, confirm_delete)
