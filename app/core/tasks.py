"""What asyncio lacks for the app's tasks: a time limit that cancels this task (`deadline`, asyncio.timeout
on 3.11+), two awaitables side by side (`both`), and cleanup that runs to its end through a cancel (`finish`).
"""

from __future__ import annotations

import asyncio
import contextlib

if hasattr(asyncio, "timeout"):
    deadline = asyncio.timeout  # 3.11: in this task (wait_for's task of its own could be left unstarted)
else:
    @contextlib.asynccontextmanager
    async def deadline(seconds: float | None):
        """asyncio.timeout for 3.10: cancel this task when `seconds` have passed; TimeoutError then."""
        if seconds is None:
            yield
            return
        task = asyncio.current_task()
        fired = False

        def fire() -> None:
            nonlocal fired
            fired = True
            task.cancel()
        timer = asyncio.get_running_loop().call_later(seconds, fire)
        try:
            yield
        except asyncio.CancelledError:
            if fired:
                raise TimeoutError from None
            raise
        finally:
            timer.cancel()



async def both(first, second) -> tuple:
    """Two awaitables (or None) side by side; their results. A failure of either is raised once both have
    ended (neither is left running)."""
    async def nothing() -> None:
        return None
    results = await asyncio.gather(first or nothing(), second or nothing(), return_exceptions=True)
    for r in results:
        if isinstance(r, BaseException):
            raise r
    return results[0], results[1]


async def finish(coro):
    """Run cleanup to its end even if the caller is cancelled meanwhile, then pass the cancel on.

    `asyncio.shield` alone lets the caller go on (and perhaps close the connection the
    cleanup needs) while the cleanup still runs.
    """
    task = asyncio.ensure_future(coro)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result
