"""What each side can do: tools, their flavours, CPU, ciphers, free space, and the host's shape.

The remote side is asked in one round trip (one POSIX shell script over the control
connection, written for dash and BusyBox ash as much as for bash); the ciphers the server
offers come from its KEXINIT packet, which it sends in clear before any login. Whether the
account has a shell at all (an SFTP-only account has none) and whether it has an SFTP
server (many embedded boxes have none) are found out by trying each, at the same time.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import struct
import weakref
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from app.core.errors import host_too_busy
from app.core.quoting import sh_command
from app.core.runner import run_sync

TOOLS = ("tar", "rsync", "nc", "socat", "zstd", "lz4", "python3", "sha256sum", "xxhsum", "b3sum", "md5sum",
         "scp", "sftp", "ssh", "setsid", "mktemp", "stat", "find", "xargs", "readlink", "curl",
         "smbclient", "nfs-cp")
SHAPE_TIMEOUT = 15.0  # seconds for the capability script and the SFTP check
SLOW_SHAPE_TIMEOUT = 45.0  # seconds for the script's second try, when the first had no answer in time
LOCAL_TOOL_TIMEOUT = 10.0  # seconds for a local tool to say its version (rsync --version, ssh -Q cipher)

# `shell yes` first: an account without a shell (ForceCommand internal-sftp) prints nothing at all.
# A tool's flavour comes from its --version and, for BusyBox (no --version), its --help banner.
# Each process it starts is a fork and an exec on the host, a millisecond or two here and tens on a NAS's
# slow CPU: what the shell can say itself it says (the login shell, the uid, the boot id, the CPU's model and
# whether it has AES, the CPUs online, the destination's parent), rsync is asked once and its text read here
# (as this computer's, `local`), no `grep` picks a line the shell's `case` can, and no `cut`/`awk` trims what
# Python can. (40 processes took 45 ms on this computer's dash; 20 took about 20 ms, and 300 ms on the weak NAS
# lab's eighth of a core; now 9. Its `case` patterns spell out the cases grep -i matched: BusyBox's tar says
# "tar (busybox)".)
_REMOTE_SCRIPT = r"""
echo "shell yes"
echo "sh_exe $(readlink /proc/$$/exe 2>/dev/null)"
u=
while read -r k _ e _; do [ "$k" = Uid: ] && {{ u=$e; break; }}; done 2>/dev/null < /proc/self/status
[ -n "$u" ] || u=$(id -u 2>/dev/null)
echo "uid $u"
while IFS=: read -r _ _ _id _gid _ _ _sh; do
  [ "$_id" = "$u" ] && {{ echo "login_shell $_sh"; echo "gid $_gid"; break; }}
done 2>/dev/null < /etc/passwd
for t in {tools}; do command -v "$t" >/dev/null 2>&1 && echo "tool $t"; done
command -v rsync >/dev/null 2>&1 && rsync --version 2>/dev/null | sed 's/^/rsync_says /'
{{ tar --version || tar --help; }} 2>&1 | while IFS= read -r l; do
  case $l in *[Gg][Nn][Uu]" "[Tt][Aa][Rr]*|*[Bb][Ss][Dd][Tt][Aa][Rr]*|*[Ll]ibarchive*|*[Bb]usy[Bb]ox*)
    echo "tar_version $l"; break ;; esac
done
command -v nc >/dev/null 2>&1 && {{ nc -h; nc --help; }} 2>&1 | while IFS= read -r l; do
  case $l in *[Oo]pen[Bb][Ss][Dd]*|*[Bb]usy[Bb]ox*|*[Nn][Ee][Tt][Cc][Aa][Tt]*|*[Nn][Cc][Aa][Tt]*|*v1.1*)
    echo "nc_version $l"; break ;; esac
done
m= a=0
while IFS= read -r l; do
  case $l in
    "model name"*|Hardware*|"cpu model"*) [ -n "$m" ] || m=$l ;;
    flags*|Features*) case " ${{l#*:}} " in *" aes "*) a=1 ;; esac ;;
    "") [ -n "$m" ] && break ;;
  esac
done 2>/dev/null < /proc/cpuinfo
echo "cpu_model $m"
echo "aes $a"
o=
{{ IFS= read -r o < /sys/devices/system/cpu/online; }} 2>/dev/null
if [ -n "$o" ]; then echo "cpus_online $o"; else echo "cores $(getconf _NPROCESSORS_ONLN 2>/dev/null || grep -c ^processor /proc/cpuinfo)"; fi
echo "kernel $(uname -sm)"
IFS= read -r b 2>/dev/null < /proc/sys/kernel/random/boot_id
echo "boot_id $b"
echo "ssh_connection $SSH_CONNECTION"
if [ -n "$1" ]; then
  d="$1"
  while [ ! -d "$d" ] && [ "$d" != / ]; do case $d in */*) d=${{d%/*}}; d=${{d:-/}} ;; *) d=. ;; esac; done
  echo "dest_exists $([ -d "$1" ] && echo yes || echo no)"
  echo "dest_writable $([ -w "$d" ] && echo yes || echo no)"
  df -P -k -- "$d" 2>/dev/null | {{ read -r _; read -r _ _ _ k _; echo "dest_free_kb $k"; }}
  echo "dest_fs $(stat -f -c %T -- "$d" 2>/dev/null)"
fi
"""


@dataclass
class Capabilities:
    tools: set[str] = field(default_factory=set)
    rsync_version: str = ""
    rsync_compress: list[str] = field(default_factory=list)  # what --compress-choice accepts
    rsync_attrs: list[str] = field(default_factory=list)  # of "xattrs", "ACLs": what its build keeps (-X, -A)
    tar_flavour: str = ""
    nc_flavour: str = ""
    cpu_model: str = ""
    cores: int = 0
    aes: bool = False
    ciphers: list[str] = field(default_factory=list)
    macs: list[str] = field(default_factory=list)  # the MACs a non-AEAD cipher (aes*-ctr) is paired with
    ssh_version: str = ""
    kernel: str = ""
    boot_id: str = ""  # one per running kernel: equal on both sides when the host is this computer
    # The control connection as the host sees it ($SSH_CONNECTION): behind NAT, a port forward or a
    # tunnel these differ from the addresses and ports this computer's end of the connection shows.
    server_address: str = ""
    server_port: int | None = None
    client_address: str = ""
    client_port: int | None = None
    # Why unencrypted data could not go straight to the host (the ends above differ from this computer's
    # ends of the control connection), or "" when they match; set by Session.open.
    indirect_path: str = ""
    shell: bool = True        # commands run (False: an SFTP-only account)
    sftp: bool = True         # an SFTP server answers (False: e.g. Dropbear without sftp-server)
    sh_exe: str = ""          # what `sh` is there (/usr/bin/dash, /bin/busybox, ...)
    login_shell: str = ""     # the account's login shell, which reads every command first
    uid: int | None = None
    gid: int | None = None    # the login's group (/etc/passwd's; None: not listed there)
    openssh: tuple[int, int] | None = None  # this computer: the OpenSSH client's version
    dest_exists: bool | None = None
    dest_writable: bool | None = None
    dest_free_bytes: int | None = None
    dest_fs: str = ""

    def has(self, tool: str) -> bool:
        return tool in self.tools

    @property
    def nc_listen_ok(self) -> bool:
        """OpenBSD netcat: `-l ADDR PORT`, `-N` and `-v` report what we rely on."""
        return self.has("nc") and "OpenBSD" in self.nc_flavour

    @property
    def busybox(self) -> bool:
        """The account's shell and tools are BusyBox applets (an embedded box)."""
        return "busybox" in self.sh_exe.lower() or "BusyBox" in (self.tar_flavour, self.nc_flavour)

    def as_dict(self) -> dict:
        out = dict(self.__dict__)
        out["tools"] = sorted(self.tools)
        return out


def _flavour(text: str) -> str:
    for name in ("GNU tar", "bsdtar", "BusyBox", "OpenBSD netcat", "GNU netcat", "Ncat", "netcat"):
        if name.lower() in text.lower():
            return name
    if "libarchive" in text.lower():
        return "bsdtar"
    if "[v1.1" in text:  # Hobbit's netcat 1.10 (Debian's netcat-traditional) names itself only by version
        return "netcat-traditional"
    return text.strip()[:40]


def rsync_attrs(words: str) -> list[str]:
    """'ACLs xattrs' (or 'no_ACLs xattrs'), from the capabilities `rsync --version` lists."""
    return [w for w in ("xattrs", "ACLs") if w in words.split()]


def read_rsync(caps: Capabilities, text: str) -> None:
    """What `rsync --version` says (`text`): its version, the compressions --compress-choice takes and whether
    its build keeps xattrs and ACLs; the same reading for this computer's rsync and the host's."""
    words = text.split()
    caps.rsync_version = words[2] if len(words) > 2 and words[1] == "version" else ""
    lines = text.splitlines()
    for i, line in enumerate(lines[:-1]):
        if line.strip() == "Compress list:":
            caps.rsync_compress = lines[i + 1].split()
    caps.rsync_attrs = rsync_attrs(" ".join(re.findall(r"(?:no )?(?:ACLs|xattrs)", text)).replace("no ", "no_"))


def cpus_online(ranges: str) -> int:
    """How many CPUs /sys/devices/system/cpu/online lists ("0-3,6": 5); 0 where it cannot be read."""
    count = 0
    for part in ranges.strip().split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            return 0
        count += int(high) - int(low) + 1 if high else 1
    return count


def parse_remote(text: str) -> Capabilities:
    caps = Capabilities(shell=False)
    rsync_says: list[str] = []
    for line in text.splitlines():
        key, _, value = line.partition(" ")
        if key == "rsync_says":
            rsync_says.append(value)
            continue
        value = value.strip()
        if key == "tool":
            caps.tools.add(value)
        elif key == "tar_version":
            caps.tar_flavour = _flavour(value) if value else ""
        elif key == "nc_version":
            caps.nc_flavour = _flavour(value) if "tool nc" in text else ""
        elif key == "cpu_model":  # "model name\t: Intel(R) …": the part after the colon
            caps.cpu_model = value.partition(":")[2].strip() if ":" in value else value
        elif key == "cores" and value.isdigit():
            caps.cores = int(value)
        elif key == "cpus_online":
            caps.cores = cpus_online(value) or caps.cores
        elif key == "aes":
            caps.aes = value.isdigit() and int(value) > 0
        elif key == "kernel":
            caps.kernel = value
        elif key == "boot_id":
            caps.boot_id = value
        elif key == "ssh_connection" and len(value.split()) == 4:
            client, cport, server, sport = value.split()
            caps.client_address, caps.server_address = client, server
            caps.client_port = int(cport) if cport.isdigit() else None
            caps.server_port = int(sport) if sport.isdigit() else None
        elif key == "shell":
            caps.shell = True
        elif key == "sh_exe":
            caps.sh_exe = value
        elif key == "login_shell":
            caps.login_shell = value
        elif key == "uid" and value.isdigit():
            caps.uid = int(value)
        elif key == "gid" and value.isdigit():
            caps.gid = int(value)
        elif key == "dest_exists":
            caps.dest_exists = value == "yes"
        elif key == "dest_writable":
            caps.dest_writable = value == "yes"
        elif key == "dest_free_kb" and value.isdigit():
            caps.dest_free_bytes = int(value) * 1024
        elif key == "dest_fs":
            caps.dest_fs = value
    if rsync_says:
        read_rsync(caps, "\n".join(rsync_says))
    return caps


# A host that runs commands may still refuse one now and then (OpenSSH past its MaxSessions, a busy
# embedded server): "Session request failed", and nothing ran. It is asked again, a little later each time
# (0.1 + 0.2 + 0.4 + 0.8 s at most).
REFUSED_TRIES = 5
# Dropbear 2022.82 to 2024.86 ends the whole connection ("Failed assertion (common-channel.c:705):
# `!channel->sent_close'") when one of its sessions' processes exits while another session is being opened
# (mkj/dropbear#321, fixed by #326 for 2025.87). Those servers get one session at a time on a connection.
_ONE_AT_A_TIME = ((2022, 82), (2025, 87))
_DROPBEAR = re.compile(r"^SSH-2\.0-dropbear_(\d{4})\.(\d+)")
_turns: "weakref.WeakKeyDictionary[asyncssh.SSHClientConnection, asyncio.Lock]" = weakref.WeakKeyDictionary()


def one_at_a_time(version: str) -> bool:
    """Whether a server of this version (its SSH banner) is given one session at a time."""
    m = _DROPBEAR.match(version)
    return m is not None and _ONE_AT_A_TIME[0] <= (int(m[1]), int(m[2])) < _ONE_AT_A_TIME[1]


def turn(conn: asyncssh.SSHClientConnection) -> contextlib.AbstractAsyncContextManager:
    """Held while a session is opened (and, for a command, until it has closed) on a connection to a
    server that takes one at a time; a no-op on every other server."""
    if not one_at_a_time(str(conn.get_extra_info("server_version") or "")):
        return contextlib.nullcontext()
    lock = _turns.get(conn)
    if lock is None:
        lock = _turns[conn] = asyncio.Lock()
    return lock


async def _start(conn: asyncssh.SSHClientConnection, command: bytes | str, tries: int) -> asyncssh.SSHClientProcess:
    for attempt in range(tries):
        try:
            return await conn.create_process(command, encoding=None)
        except asyncssh.ChannelOpenError:
            if attempt == tries - 1 or conn.is_closed():
                raise
            await asyncio.sleep(0.1 * 2 ** attempt)
    raise AssertionError("unreachable")


async def start_process(conn: asyncssh.SSHClientConnection, command: bytes | str,
                        tries: int = REFUSED_TRIES) -> asyncssh.SSHClientProcess:
    """conn.create_process (bytes in and out) for a process that stays (a listener, an echo), asked
    again while the host refuses the session."""
    async with turn(conn):
        return await _start(conn, command, tries)


async def start_sftp(conn: asyncssh.SSHClientConnection) -> asyncssh.SFTPClient:
    async with turn(conn):
        return await conn.start_sftp_client()


async def run_script(conn: asyncssh.SSHClientConnection, command: bytes, stdin: bytes = b"",
                     timeout: float = 60, tries: int = REFUSED_TRIES) -> asyncssh.SSHCompletedProcess:
    """Run one remote command with `stdin` and then end of input, always: a command that reads its
    input (an SFTP-only account runs internal-sftp whatever is asked) must not wait for more."""
    async def go() -> asyncssh.SSHCompletedProcess:
        async with turn(conn):
            proc = await _start(conn, command, tries)
            if stdin:
                proc.stdin.write(stdin)
            proc.stdin.write_eof()
            return await proc.wait(check=False)
    return await asyncio.wait_for(go(), timeout)


async def has_sftp(conn: asyncssh.SSHClientConnection, timeout: float = SHAPE_TIMEOUT) -> bool:
    """Whether the host answers the SFTP subsystem (Dropbear without sftp-server does not)."""
    try:
        sftp = await asyncio.wait_for(start_sftp(conn), timeout)
    except (asyncssh.Error, OSError, TimeoutError):
        return False
    sftp.exit()
    return True


async def remote(conn: asyncssh.SSHClientConnection, dest: str | None = None, label: str = "") -> Capabilities:
    """What the host runs and has (`label`: the host as the user named it, for an error)."""
    script = _REMOTE_SCRIPT.format(tools=" ".join(TOOLS))
    command = sh_command(script, dest or "")
    host, port = conn.get_extra_info("peername")[:2]
    offered = offered_algorithms(conn)
    # Asked once: an account that runs no commands refuses every time, and its first contact must not wait.
    result, algorithms, sftp = await asyncio.gather(run_script(conn, command, timeout=SHAPE_TIMEOUT, tries=1),
                                                    asyncio.sleep(0, offered) if offered else server_algorithms(host, port),
                                                    has_sftp(conn), return_exceptions=True)
    if isinstance(result, (asyncssh.ConnectionLost, asyncssh.DisconnectError)):
        raise result
    if isinstance(result, TimeoutError):
        # An SFTP-only account answers at once (with nothing); no answer in time is a slow host (or this
        # computer too busy to hear it), not a missing shell: asked once more, for longer.
        try:
            result = await run_script(conn, command, timeout=SLOW_SHAPE_TIMEOUT)
        except TimeoutError as exc:
            raise host_too_busy(label or str(host), "connect", f"no answer to the capability script within "
                                f"{SHAPE_TIMEOUT + SLOW_SHAPE_TIMEOUT:g} s") from exc
        except (asyncssh.Error, OSError) as exc:
            result = exc
    # No answer, or no `shell yes`: the account runs no commands (an SFTP-only account).
    text = "" if isinstance(result, BaseException) else (result.stdout or b"").decode(errors="replace")
    caps = parse_remote(text)
    caps.sftp = sftp is True
    caps.ssh_version = str(conn.get_extra_info("server_version") or "")
    # Without the server's list, availability checks fall back to the local one.
    caps.ciphers, caps.macs = ([], []) if isinstance(algorithms, BaseException) else algorithms
    return caps


def local(dest: str | None = None) -> Capabilities:
    caps = Capabilities()
    caps.tools = {t for t in TOOLS if shutil.which(t)}
    if "rsync" in caps.tools:
        read_rsync(caps, _version_text(["rsync", "--version"]))
    if "tar" in caps.tools:
        caps.tar_flavour = _flavour(_version_text(["tar", "--version"]))
    if "nc" in caps.tools:
        caps.nc_flavour = _flavour(_version_text(["nc", "-h"], stream="stderr"))
    caps.cores = os.cpu_count() or 1
    try:
        caps.boot_id = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        pass
    from app.core.host.hosts import cpu_has_aes
    caps.aes = cpu_has_aes()
    if "ssh" in caps.tools:
        caps.ciphers = _version_text(["ssh", "-Q", "cipher"]).split()
        caps.macs = _version_text(["ssh", "-Q", "mac"]).split()
        from app.core.host.askpass import openssh_version
        caps.openssh = openssh_version()
    if dest:
        d = dest
        while not os.path.isdir(d) and d != "/":
            d = os.path.dirname(d) or "."
        caps.dest_exists = os.path.isdir(dest)
        caps.dest_writable = os.access(d, os.W_OK)
        st = os.statvfs(d)
        caps.dest_free_bytes = st.f_bavail * st.f_frsize
    return caps


def _version_text(argv: list[str], stream: str = "stdout") -> str:
    """What a local tool says about itself (one of its streams); a tool that hangs is ended and named."""
    _code, out, err = run_sync(argv, timeout=LOCAL_TOOL_TIMEOUT)
    return out if stream == "stdout" else err


def offered_algorithms(conn: asyncssh.SSHClientConnection) -> tuple[list[str], list[str]] | None:
    """The ciphers and MACs the server offered the control connection (client to server), from the KEXINIT
    asyncssh keeps for the key exchange's hash; None where it keeps none (another asyncssh)."""
    try:
        return kexinit_algorithms(getattr(conn, "_server_kexinit", b""))
    except (ValueError, IndexError, struct.error, UnicodeDecodeError):
        return None


async def server_algorithms(host: str, port: int, timeout: float = 5.0) -> tuple[list[str], list[str]]:
    """The ciphers and MACs an SSH server offers (client to server), read from the KEXINIT it sends
    before login, on a connection of its own (the host's sshd forks a server for it: offered_algorithms
    reads the control connection's first)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(b"SSH-2.0-TransferAdvisor_probe\r\n")
        while True:  # servers may send lines before their version string
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line:
                raise ValueError("server closed before its version string")
            if line.startswith(b"SSH-"):
                break
        length, = struct.unpack(">I", await asyncio.wait_for(reader.readexactly(4), timeout))
        packet = await asyncio.wait_for(reader.readexactly(length), timeout)
    finally:
        writer.close()
    return kexinit_algorithms(packet[1:])  # (after the padding length)


def kexinit_algorithms(payload: bytes) -> tuple[list[str], list[str]]:
    """The client-to-server ciphers and MACs of an SSH_MSG_KEXINIT payload (its message number first)."""
    if not payload or payload[0] != 20:  # SSH_MSG_KEXINIT
        raise ValueError("not a KEXINIT")
    pos = 17
    lists = []
    for _ in range(5):  # kex, host key, enc client→server, enc server→client, mac client→server
        n, = struct.unpack(">I", payload[pos:pos + 4])
        lists.append(payload[pos + 4:pos + 4 + n].decode().split(","))
        pos += 4 + n
    return lists[2], lists[4]
