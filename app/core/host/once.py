"""What a session finds out once and keeps (a folder checked through a service of the host, the certificate its FTP
server shows, its rsync daemon's configuration): the first to ask starts the look, whoever asks meanwhile waits for
the same one (a cancelled asker does not cancel it), and the session's end cancels what is still running."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable
from typing import Any


class Once:
    def __init__(self) -> None:
        self._tasks: dict[Hashable, asyncio.Future] = {}

    async def get(self, key: Hashable, look: Callable[[], Awaitable[Any]]) -> Any:
        """The answer for `key`: `look()`'s, started on the first ask."""
        if key not in self._tasks:
            self._tasks[key] = asyncio.ensure_future(look())
        return await asyncio.shield(self._tasks[key])

    def __contains__(self, key: Hashable) -> bool:
        return key in self._tasks

    def cancel_now(self) -> None:
        for task in self._tasks.values():
            task.cancel()

    async def cancel(self) -> None:
        self.cancel_now()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
