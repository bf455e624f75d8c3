"""What the host-side listeners of the unencrypted paths share (tar over netcat, the raw TCP probes, the
private rsync daemon): the `Listener` a method or probe asks for, netcat's two ways to listen, knowing
when a listener really listens, and the token check that makes the data connection the app's own.

BusyBox nc listens on every address and says nothing when it is ready; OpenBSD netcat binds the one
address. So readiness is read from /proc/net/tcp (the socket in LISTEN state, held by our process),
and for every flavour the first bytes on the connection must be a one-time token the helper got on
its input (never in argv): only then do tar, or anything else, read or write a byte of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core import quoting
from app.core.host.capabilities import Capabilities
from app.core.language import Words, clause

READY = r"^ready on port (?P<port>\d+)"
ACCEPTED = "transfer-advisor: the data connection is this app's"
INTRUDER = "transfer-advisor: another computer connected to the data port first"


class ListenerWords(Words):
    """Why no unencrypted data connection can be made to a host (the translator's context): a clause, shown
    after a method's or a probe's name."""


@dataclass(frozen=True)
class Listener:
    """A helper a method (or a probe) needs running on the remote side before the local stages start."""

    command: str           # remote shell command; prints its readiness line on stderr
    ready: str             # regex matched against stderr lines; group "port" when the port is chosen there
    stdin: bytes = b""     # its first line is the helper's secret (secrets travel here, never in argv)
    ends_by_itself: bool = True  # netcat exits after its one connection; a daemon must be stopped
    guarded: bool = False  # the app sends the secret first on the data connection and waits until the
                           # helper says it checked out (the guard below)


# listening PID PORT: true once process PID holds a TCP socket listening on PORT (state 0A in
# /proc/net/tcp or tcp6; the socket's inode among the process's open files, so a listener of
# someone else's on that port never counts). wait_listening PID PORT: until then; false if PID ends first.
# Looked at every 10 ms for the first tenth of a second (a daemon listens within milliseconds; one look every
# 50 ms kept half the copies waiting 50-60 ms for it), then every 50 ms.
LISTENING = r'''
listening() {
  _hex=$(printf '%04X' "$2") _fds=$(ls -l "/proc/$1/fd" 2>/dev/null) || return 1
  for _t in /proc/net/tcp /proc/net/tcp6; do
    [ -r "$_t" ] || continue
    while read -r _ _local _ _state _ _ _ _ _ _inode _; do
      [ "$_state" = 0A ] || continue
      case $_local in *":$_hex") ;; *) continue ;; esac
      case $_fds in *"socket:[$_inode]"*) return 0 ;; esac
    done < "$_t"
  done
  return 1
}
wait_listening() {
  _w=0
  until listening "$1" "$2"; do
    kill -0 "$1" 2>/dev/null || { wait "$1"; _s=$?; return $((_s ? _s : 1)); }
    _w=$((_w + 1))
    if [ $_w -le 10 ]; then sleep 0.01 2>/dev/null || sleep 1; else sleep 0.05 2>/dev/null || sleep 1; fi
  done
}
'''

# The token arrives as the first line of input; the listener's FIFOs live in a folder of their own.
_START = r'''
IFS= read -r token || exit 1
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
trap 'exit 143' HUP INT TERM
guard() {
  got=$(dd bs=1 count=${#token} 2>/dev/null)
  if [ -n "$token" ] && [ "$got" = "$token" ]; then echo "%(accepted)s" >&2; return 0; fi
  echo "%(intruder)s" >&2
  return 3
}
''' % {"accepted": ACCEPTED, "intruder": INTRUDER}

# The connection's bytes go to a FIFO that netcat holds open itself (<>: it opens at once), so netcat
# listens before anyone reads; the guard then reads exactly the token's length, and only after it the
# receiving pipeline reads on from the same FIFO.
_UPLOAD = r'''
mkfifo "$d/net" || exit 1
%(listen)s < /dev/null 1<> "$d/net" & n=$!
wait_listening "$n" %(port)s || exit
echo "ready on port %(port)s" >&2
{ guard && %(rest)s; } < "$d/net"; s=$?
[ "$s" = 3 ] && { kill "$n" 2>/dev/null; exit 3; }
wait "$n"; t=$?
exit $((s ? s : t))
'''

# The sending pipeline waits on the FIFO `go`, which the guard opens only once the token checked out:
# until then netcat has nothing to send, and after a wrong token it never has.
_DOWNLOAD = r'''
mkfifo "$d/net" "$d/out" "$d/go" || exit 1
{ IFS= read -r go < "$d/go"; [ "$go" = go ] || exit 3; %(producer)s; } > "$d/out" & p=$!
%(listen)s < "$d/out" 1<> "$d/net" & n=$!
wait_listening "$n" %(port)s || exit
echo "ready on port %(port)s" >&2
if guard < "$d/net"; then
  echo go > "$d/go"
else
  echo no > "$d/go"; kill "$n" 2>/dev/null; exit 3
fi
wait "$p"; s=$?
wait "$n"; t=$?
exit $((s ? s : t))
'''


def netcat_syntax(caps: Capabilities) -> str | None:
    """"openbsd" (`nc -l ADDR PORT`), "busybox" (`nc -l -p PORT`), or None when the host's netcat
    listens neither way the app knows."""
    if not caps.has("nc"):
        return None
    if "OpenBSD" in caps.nc_flavour:
        return "openbsd"
    if caps.nc_flavour == "BusyBox":
        return "busybox"
    return None


def unavailable(caps: Capabilities) -> str | None:
    """Why no unencrypted data connection can be made to this host, or None."""
    if caps.indirect_path:
        return caps.indirect_path
    if not caps.has("nc"):
        return clause(
            ListenerWords.tr("`nc` is not installed on the remote host")
        )
    if netcat_syntax(caps) is None:
        if not caps.nc_flavour:
            return clause(
                ListenerWords.tr("the remote netcat (unknown) listens neither like OpenBSD netcat nor like "
                                 "BusyBox nc")
            )
        return clause(
            ListenerWords.tr("the remote netcat ({flavour}) listens neither like OpenBSD netcat nor like "
                             "BusyBox nc", flavour=caps.nc_flavour)
        )
    return None


def listen_argv(syntax: str, address: str, port: str, sends: bool) -> list[str]:
    """netcat listening for one connection: OpenBSD's on the one address (-N: end the connection after
    its input, -d: read no input); BusyBox's on every address, which the token check makes safe."""
    if syntax == "busybox":
        return ["nc", "-l", "-p", port]
    return ["nc", "-N" if sends else "-d", "-n", "-l", address, port]


def receiving(listen: list[str], port: str, rest: str) -> str:
    """The host script that takes one connection and, once the token checked out, feeds it to `rest`."""
    return LISTENING + _START + _UPLOAD % {"listen": quoting.join(listen), "port": port, "rest": rest}


def sending(producer: str, listen: list[str], port: str) -> str:
    """The host script that takes one connection and, once the token checked out, sends `producer`'s output."""
    return LISTENING + _START + _DOWNLOAD % {"listen": quoting.join(listen), "port": port, "producer": producer}


def shown(ssh_argv: list[str], local: str, connect: list[str], download: bool) -> str:
    """The recipe for people: a one-time token, the listener through ssh, then this computer's side,
    which sends the token before anything else (`local`: its pipeline, `connect`: its netcat); it ends
    when the host's side has."""
    token = "t=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \\n'); "
    start = f'echo "$t" | {quoting.join(ssh_argv)} & sleep 2; '
    if download:
        return f'{token}{start}printf %s "$t" | {quoting.join(connect)} | {local}; wait'
    return f'{token}{start}{{ printf %s "$t"; {local}; }} | {quoting.join(connect)}; wait'
