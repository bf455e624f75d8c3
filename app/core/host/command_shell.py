"""One long-lived shell on the control connection that takes the session's commands one after another.

A command in a channel of its own costs about two round trips before its answer (the channel opened, the
`exec` answered, then the output and its end) and, on the host, a session of sshd's and a login shell started:
0.086 s a command on the WAN lab (40 ms), 0.04 s on the weak NAS lab. Written to this shell it costs one round
trip and a subshell: 0.042 s and 0.022 s. The shell reads each command as lines up to a line holding a token
of this command's own (random: no command holds it), says it started, runs it in a subshell with no input (so
neither its `exit` nor its `cd` reaches the shell), then ends its output and its errors each with the token and
the exit status. The output is bytes as they are (NULs, no line break at the end) and is read on both streams at
once, so a command with much to say on one stream never waits for the other to be read.

Session.run sends here what it can: a command of at most MOST bytes with its input (if any) written into it, while
the shell is free (one that comes while another runs here takes a channel of its own, so commands asked side by
side still run side by side), on a host with a POSIX shell that takes more than one session at a time
(capabilities.one_at_a_time). The input goes as printf's octal escapes piped into the command (`fed`): exact for
every byte, NULs too, under bash, dash and BusyBox, and plain ASCII on one line, so it cannot end the command
early. A command the shell could not start (not started yet and refused, or ended before it said the command
started) goes the other way; one that was cut off while running (its time ran out, it was cancelled, the shell
ended) says so as a channel's command would, and the shell is not used again this session.
"""

from __future__ import annotations

import asyncio
import secrets

import asyncssh

from app.core.host import capabilities
from app.core.quoting import sh_command

# Reads a token line, then the command's lines up to the token again; runs it; ends each stream with the token.
LOOP = r"""
while IFS= read -r t; do
  c=
  while IFS= read -r l; do
    [ "$l" = "$t" ] && break
    c="$c$l
"
  done
  printf '%s go\n' "$t"
  ( eval "$c" ) </dev/null
  s=$?
  printf '\n%s %s\n' "$t" "$s"
  printf '\n%s\n' "$t" >&2
done
"""

CHUNK = 1 << 16
# A shell reads its input a byte at a time (so as not to read past a line it was asked for): a command longer
# than this (a long list of paths) goes to a channel of its own, which takes it in one message.
MOST = 4096


class _NotStarted(Exception):
    """The shell ended before the command started: nothing of it ran."""


class CommandShell:
    """The session's one shell for its commands (see the module's docstring)."""

    def __init__(self, conn: asyncssh.SSHClientConnection) -> None:
        self.conn = conn
        self.broken = False
        self.ran = 0  # commands it answered
        self._lock = asyncio.Lock()
        self._starting: asyncio.Future | None = None
        self._proc: asyncssh.SSHClientProcess | None = None
        self._out = bytearray()
        self._err = bytearray()

    def begin(self) -> None:
        """Start the shell in the background (the first command waits for it)."""
        if self._starting is None and not self.broken:
            self._starting = asyncio.ensure_future(capabilities.start_process(self.conn, sh_command(LOOP), tries=1))

    async def run(self, command: bytes, timeout: float, stdin: bytes = b"") -> asyncssh.SSHCompletedProcess | None:
        """The command's result (`stdin` its input), or None when it was not run here (run it another way)."""
        if stdin:
            if len(command) + len(stdin) > MOST:
                return None  # too long written out (below): no need to write it out to know
            command = fed(command, stdin)
        if self.broken or self._lock.locked() or len(command) > MOST:
            return None
        async with self._lock:
            try:
                proc = await asyncio.wait_for(self._process(), timeout)
            except TimeoutError:
                self.close()
                raise
            if proc is None:
                return None
            token = secrets.token_hex(16).encode()
            try:
                result = await asyncio.wait_for(self._exchange(proc, token, command), timeout)
                self.ran += 1
                return result
            except _NotStarted:
                self.close()
                return None
            except BaseException:
                self.close()  # cut off mid-command: what the shell says next belongs to no one
                raise

    async def _process(self) -> asyncssh.SSHClientProcess | None:
        if self._proc is None:
            self.begin()
            try:
                self._proc = await asyncio.shield(self._starting)
            except (asyncssh.Error, OSError):
                self.broken = True
                return None
        return self._proc

    async def _exchange(self, proc: asyncssh.SSHClientProcess, token: bytes,
                        command: bytes) -> asyncssh.SSHCompletedProcess:
        proc.stdin.write(token + b"\n" + command + b"\n" + token + b"\n")
        go = token + b" go\n"
        try:
            at = await _until(proc.stdout, self._out, go)
        except EOFError:
            raise _NotStarted from None
        del self._out[:at + len(go)]
        try:
            (out, status), err = await asyncio.gather(self._stdout(proc, token), self._stderr(proc, token))
        except EOFError:
            if self.conn.is_closed():
                raise asyncssh.ConnectionLost("the connection ended while a command ran") from None
            out, status, err = b"", 255, b"the host's shell for the app's commands ended"
        return asyncssh.SSHCompletedProcess(env=None, command=command.decode("utf-8", "surrogateescape"),
                                            subsystem=None, exit_status=status, exit_signal=None,
                                            returncode=status, stdout=out, stderr=err)

    async def _stdout(self, proc: asyncssh.SSHClientProcess, token: bytes) -> tuple[bytes, int]:
        end = b"\n" + token + b" "
        at = await _until(proc.stdout, self._out, end)
        line_end = await _until(proc.stdout, self._out, b"\n", at + len(end))
        out, status = bytes(self._out[:at]), int(self._out[at + len(end):line_end])
        del self._out[:line_end + 1]
        return out, status

    async def _stderr(self, proc: asyncssh.SSHClientProcess, token: bytes) -> bytes:
        end = b"\n" + token + b"\n"
        at = await _until(proc.stderr, self._err, end)
        err = bytes(self._err[:at])
        del self._err[:at + len(end)]
        return err

    def close(self) -> None:
        """Not used again: the shell's channel closed, a start still on its way dropped."""
        self.broken = True
        if self._starting is not None and not self._starting.done():
            self._starting.cancel()
        elif self._starting is not None and not self._starting.cancelled() and self._starting.exception() is None:
            self._starting.result().close()
        self._proc = None


_PLAIN = frozenset(range(0x20, 0x7f)) - frozenset(b"'\\%")


def fed(command: bytes, stdin: bytes) -> bytes:
    """`command` with `stdin` as its input: printf writes it (octal escapes for every byte but printable ASCII
    other than ' \\ %) into a pipe to the command, grouped so that all of a command of several lines reads it."""
    data = "".join(chr(b) if b in _PLAIN else f"\\{b:03o}" for b in stdin)
    return b"printf '" + data.encode("ascii") + b"' | {\n" + command + b"\n}"


async def _until(stream: asyncssh.SSHReader, buf: bytearray, marker: bytes, start: int = 0) -> int:
    """Where `marker` begins in `buf` (from `start`), reading the stream into it until it is there."""
    looked = start
    while True:
        at = buf.find(marker, looked)
        if at >= 0:
            return at
        looked = max(start, len(buf) - len(marker) + 1)
        chunk = await stream.read(CHUNK)
        if not chunk:
            raise EOFError
        buf += chunk
