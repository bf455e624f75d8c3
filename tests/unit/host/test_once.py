"""What a session finds out once (app.core.host.once): those who ask together share one look; a kept answer is
not looked for again, one that is not kept is; a look that failed is looked for again by the next to ask."""

from __future__ import annotations

import asyncio

import pytest

from app.core.host.once import Once


def _counting(answers: list) -> tuple[list[int], callable]:
    looks: list[int] = []

    async def look():
        looks.append(1)
        await asyncio.sleep(0.01)
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer
    return looks, look


@pytest.mark.parametrize("keep", [True, False])
async def test_those_who_ask_together_share_one_look(keep: bool) -> None:
    once = Once(keep=keep)
    looks, look = _counting(["/home/ann", "/home/ann"])
    assert await asyncio.gather(*(once.get("home", look) for _ in range(3))) == ["/home/ann"] * 3
    assert len(looks) == 1
    assert await once.get("home", look) == "/home/ann"
    assert len(looks) == (1 if keep else 2)  # kept: not looked for again


async def test_a_failed_look_is_looked_for_again() -> None:
    once = Once()
    looks, look = _counting([TimeoutError("a busy NAS"), "/home/ann"])
    with pytest.raises(TimeoutError):
        await once.get("home", look)
    assert "home" not in once
    assert await once.get("home", look) == "/home/ann" and len(looks) == 2


async def test_a_cancelled_asker_does_not_cancel_the_look() -> None:
    once = Once()
    looks, look = _counting(["/home/ann"])
    first = asyncio.ensure_future(once.get("home", look))
    await asyncio.sleep(0)
    first.cancel()
    assert await once.get("home", look) == "/home/ann" and len(looks) == 1
