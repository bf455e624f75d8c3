"""How a copy that stopped ends (app.core.transfer.engine hands it what stopped it): what it raises, and whether
its staging folder stays for the next run — after a cancel or a cut it does (running the same copy again carries
on), after a failure that makes what it holds of no use it goes; a tool that failed without saying why on a full
disk is said to have run out of space."""

from __future__ import annotations

import asyncio
import os

from app.core.errors import Cancelled, ErrorKind, TransferError, ran_out_of_space
from app.core.host.link_loss import is_link_lost
from app.core.host.session import Session
from app.core.language import Words
from app.core.tasks import finish
from app.core.transfer.ownership import remove_folder


class CopyEngineWords(Words):
    """What the copy itself adds to a stopped copy's sentence (the translator's context)."""


# Failures after which what was staged is worth keeping for the next run (a cut, a cancel, a tool that
# stopped, something that turned up at the destination); after the others it goes (a full disk needs
# the space, a failed verification says the bytes are not to be trusted).
KEEP_STAGED = {ErrorKind.CANCELLED, ErrorKind.CONNECTION_LOST, ErrorKind.LINK_LOST, ErrorKind.FAILED,
               ErrorKind.CONFLICT}


async def stopped(exc: BaseException, session: Session, target: str, staged: bool, placed: bool,
                   download: bool) -> BaseException:
    """What a copy that stopped raises, and whether its staging folder stays for the next run: it does
    after a cancel or a cut (the next run carries on), not when what it holds is of no use."""
    stage = target if staged else None
    if isinstance(exc, asyncio.CancelledError):
        return Cancelled(placed=True) if placed else _carries_on(Cancelled()) if stage else exc
    if not isinstance(exc, TransferError):
        await finish(_discard(session, stage, download, exc))
        return exc
    # Tools often fail without saying why (an SFTP server answers "Failure"); look before the
    # staging folder is removed and frees the space again. (A cancel, a race's lap cut too, says why.)
    full = (exc.kind not in (ErrorKind.DEST_FULL, ErrorKind.LINK_LOST, ErrorKind.CANCELLED)
            and await _out_of_space(session, target, download))
    if full or exc.kind not in KEEP_STAGED:
        await finish(_discard(session, stage, download, exc))
    if full:
        return ran_out_of_space(exc.details)
    if stage and isinstance(exc, Cancelled) and not placed:
        return _carries_on(exc)
    return exc


def _carries_on(error: TransferError) -> TransferError:
    """A stopped copy's sentence, saying the next run continues it (its staging folder is kept)."""
    error.sentence = CopyEngineWords.tr("{sentence}, and running the same copy again carries on where it stopped.",
                                        sentence=error.sentence.removesuffix("."))
    error.args = (error.sentence,)
    return error


async def _out_of_space(session: Session, path: str, download: bool) -> bool:
    """True when the filesystem holding path has (almost) no free blocks or no free inodes."""
    if download:
        try:
            st = await asyncio.to_thread(os.statvfs, path)
        except OSError:
            return False
        return st.f_bavail * st.f_frsize < 1024 * 1024 or (st.f_files > 0 and st.f_favail == 0)
    if session.lost:
        return False  # nothing can be asked of the host now; the error as it was says more than a guess
    space = await session.files.space(path)
    return space is not None and (space.bytes_free < 1024 * 1024 or space.inodes_free == 0)


async def _discard(session: Session, stage: str | None, download: bool, error: BaseException | None = None) -> None:
    """Remove a staging folder after a failure its contents are no use for; the destination keeps what it
    had. After a lost link it stays: it holds what arrived, for a later run to resume from (and the host
    may not answer)."""
    if stage is not None and not is_link_lost(error, session):
        await remove_folder(session, stage, local=download)
