"""Errors of the control connection, worded: a copy or an advice never ends on a raw SSH error.

A link that drops in the middle of a copy surfaces wherever the app next talks to the host: a remote
command that times out, a channel that cannot open on a closed connection, asyncssh's ConnectionLost
when its keepalives go unanswered. `worded_link_errors` wraps the core's entry points (copy, advise,
measure) so that all of these become one sentence: `link-lost` when the host no longer answers, else
what the host refused. A local OSError on a link that still works is raised as it was.
"""

from __future__ import annotations

import functools
from typing import Any, Awaitable, Callable, TypeVar

import asyncssh

from app.core.errors import ErrorKind, TransferError, host_refused_request, host_too_busy, link_lost
from app.core.tasks import finish
from app.core.host.session import Session

T = TypeVar("T")
CONTROL_ERRORS = (asyncssh.Error, OSError, TimeoutError)
# How long data may stand still before the link counts as lost (a copy's watchdog, a probe, a race lap).
STALL_TIMEOUT = 30.0       # default: seconds without life before a copy is stopped
STALL_MIN_SECONDS = 2.0    # below this a busy machine's ordinary pauses would stop healthy copies
STALL_MAX_SECONDS = 3600.0


def is_link_lost(error: BaseException | None, session: Session) -> bool:
    """The copy ended because the link went (the error says so, or the control connection is gone)."""
    return (isinstance(error, TransferError) and error.kind is ErrorKind.LINK_LOST) or session.lost


def worded_link_errors(doing: str) -> Callable[[Callable[..., Awaitable[T]]], Callable[..., Awaitable[T]]]:
    """Decorate `async def f(session, ...)`: errors of the control connection become a TransferError."""
    def wrap(fn: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
        @functools.wraps(fn)
        async def run(session: Session, *args: Any, **kwargs: Any) -> T:
            try:
                return await fn(session, *args, **kwargs)
            except CONTROL_ERRORS as exc:
                worded = await finish(word(session, exc, doing))
                if worded is exc:
                    raise
                raise worded from exc
        return run
    return wrap


async def word(session: Session, exc: BaseException, doing: str) -> BaseException:
    """The sentence for an error of the control connection, or `exc` itself for a local error."""
    host = session.host.label
    if not await session.link_alive():
        return link_lost(host, doing, details=repr(exc))
    if isinstance(exc, TimeoutError):
        return host_too_busy(host, doing, repr(exc))
    if isinstance(exc, asyncssh.Error):
        return host_refused_request(host, doing, exc.reason, repr(exc))
    return exc
