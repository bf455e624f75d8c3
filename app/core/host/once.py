"""What a session finds out once and keeps (a folder checked through a service of the host, the certificate its FTP
server shows, its rsync daemon's configuration): the first to ask starts the look, whoever asks meanwhile waits for
the same one (a cancelled asker does not cancel it), and the session's end cancels what is still running. With
`keep` False only the askers of the same moment share a look: an answer that can change (the nearest folder on a
path, before a copy makes the rest) is asked afresh once it has come. A look that failed is never kept."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any


class Once:
    def __init__(self, keep: bool = True) -> None:
        self._tasks: dict[Hashable, asyncio.Future] = {}
        self.keep = keep

    async def get(self, key: Hashable, look: Callable[[], Awaitable[Any]]) -> Any:
        """The answer for `key`: `look()`'s, started on the first ask."""
        if key not in self._tasks:
            task = self._tasks[key] = asyncio.ensure_future(look())
            task.add_done_callback(lambda done: self._done(key, done))
        return await asyncio.shield(self._tasks[key])

    def _done(self, key: Hashable, task: asyncio.Future) -> None:
        """A look that failed is no answer to keep: the next to ask looks again."""
        if self._tasks.get(key) is task and (not self.keep or task.cancelled() or task.exception() is not None):
            del self._tasks[key]

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    def cancel_now(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    async def cancel(self) -> None:
        self.cancel_now()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
