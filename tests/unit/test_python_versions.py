"""What differs between the Python versions the app supports (3.10, Ubuntu 22.04's, to the newest) and
what the app relies on being the same."""

from __future__ import annotations

import asyncio

import app  # noqa: F401  (what it sets up on an older Python)


def test_a_time_out_in_asyncio_is_the_builtin_time_out() -> None:
    async def late() -> None:
        await asyncio.wait_for(asyncio.sleep(1), 0.01)

    try:
        asyncio.run(late())
    except TimeoutError:  # what every `except` in the app names
        pass
    assert asyncio.TimeoutError is TimeoutError
