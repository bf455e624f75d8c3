"""No tool a command started outlives it: what still runs when the command ends (a shared connection still
logging in when a copy was refused at once, a service check) is ended and reaped before the command's loop
closes. Left running, it was reaped by asyncio's watcher after the loop had closed, and the watcher printed
"Loop … that handles pid … is closed" after the command's one sentence (seen in CI)."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _program(body: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(body)], capture_output=True, text=True,
                          timeout=120)


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"  # a zombie of the ended program: ended
    except OSError:
        return True


def test_a_tool_still_running_when_a_command_fails_is_ended_and_nothing_more_is_said():
    done = _program("""
        import asyncio, time
        from app.cli import _cancellable
        from app.core.errors import TransferError, ErrorKind
        from app.core.runner import spawn

        async def forgotten():  # started beside the command, never awaited by it
            proc = await spawn(["sleep", "2"])
            print(proc.pid, flush=True)
            await proc.wait()

        async def command():
            asyncio.ensure_future(forgotten())
            await asyncio.sleep(0.3)
            raise TransferError(ErrorKind.UNAVAILABLE, "refused, choose another method.")

        try:
            asyncio.run(_cancellable(command()))
        except TransferError as exc:
            print(exc.sentence, flush=True)
        time.sleep(3)  # past the tool's own end: a watcher still waiting for it would speak now
    """)
    pid, sentence = done.stdout.split()[0], " ".join(done.stdout.split()[1:])
    assert sentence == "refused, choose another method."
    assert done.stderr == ""
    assert _gone(int(pid))


def test_a_tool_still_running_when_a_command_succeeds_is_ended_too():
    done = _program("""
        import asyncio, os
        from app.cli import _cancellable
        from app.core.runner import spawn

        async def command():
            proc = await spawn(["sleep", "60"])
            return proc.pid

        pid = asyncio.run(_cancellable(command()))
        print(pid, os.path.exists(f"/proc/{pid}"))
    """)
    assert done.stderr == ""
    assert done.stdout.split()[1] == "False", "the tool still runs (or is left unreaped) after the command"
