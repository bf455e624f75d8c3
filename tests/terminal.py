"""A pseudo-terminal for tests of what the command line does at a terminal (its questions, its hang-up)."""

from __future__ import annotations

import os
import select
import subprocess
import threading
import time


class Terminal:
    """A pseudo-terminal the CLI runs in as its controlling terminal, read like a terminal window does
    until it is closed (which hangs it up)."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        self.shown = b""
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)

    def start(self, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        # setsid -c: a session of its own whose controlling terminal is this one (it execs, the pid stays).
        app = subprocess.Popen(["setsid", "-c", *argv], stdin=self.slave, stdout=self.slave, stderr=self.slave,
                               env=env)
        os.close(self.slave)
        self._reader.start()
        return app

    def _read(self) -> None:
        while not self._stop.is_set():
            if select.select([self.master], [], [], 0.05)[0]:
                try:
                    self.shown += os.read(self.master, 65536)
                except OSError:
                    return

    def wait_for(self, text: bytes, wait: float = 30.0, times: int = 1) -> None:
        """Until `text` has shown (`times` times)."""
        deadline = time.monotonic() + wait
        while self.shown.count(text) < times:
            assert time.monotonic() < deadline, f"{text!r} never showed: {self.shown!r}"
            time.sleep(0.02)

    def close(self) -> None:
        if not self._stop.is_set():
            self._stop.set()
            self._reader.join()
            os.close(self.master)


def answer_at_terminal(argv: list[str], env: dict[str, str] | None, question: bytes, answer: str, ends_with: bytes,
                       wait: float = 120) -> tuple[int, str]:
    """Run the CLI at a terminal, type `answer` (and Enter) once `question` shows, and wait for it to end and for
    `ends_with` to show: (its exit status, all it showed)."""
    return answers_at_terminal(argv, env, [(question, answer)], ends_with, wait)


def answers_at_terminal(argv: list[str], env: dict[str, str] | None, answers: list[tuple[bytes, str]],
                        ends_with: bytes, wait: float = 120) -> tuple[int, str]:
    """As answer_at_terminal, for questions asked one after another (the same question again: asked again)."""
    terminal = Terminal()
    app = terminal.start(argv, env=env)
    try:
        for i, (question, answer) in enumerate(answers):
            terminal.wait_for(question, wait, times=1 + sum(q == question for q, _a in answers[:i]))
            os.write(terminal.master, answer.encode() + b"\n")
        app.wait(timeout=wait)
        terminal.wait_for(ends_with)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        terminal.close()
    return app.returncode, terminal.shown.decode(errors="replace")
