"""rsync daemon (insecure): rsync's own protocol on plain TCP, no encryption. The app starts a
private daemon through ssh for this one transfer: bound to the one address we reached, one
connection at a time, a one-time secret, its folder removed when it stops."""

from __future__ import annotations

import os
from posixpath import dirname, relpath

from app.core import quoting
from app.core.host.listener import LISTENING, READY, Listener
from app.core.transfer.methods.base import (Context, DaemonModule, Job, Method, Plan, display, rsync_glob_escape,
                                            rsync_watch)
from app.core.transfer.progress import ProgressMode
from app.core.transfer.methods.rsync_ssh import (RSYNC_BASE, RsyncFlow, RsyncKeeps, rsync_compress, rsync_keeps,
                                                 rsync_list, unfetchable)
from app.core.runner import Stage

USER, MODULE = "ta", "ta"

# Runs on the host. $1 address, $2 port, $3 module path, $4 "true" for read only, $5 user, $6 module,
# $7 the only address let in (this computer's, as the host sees it). The secret arrives on stdin, never
# in argv; the daemon's folder is removed when it stops (the app's wrapper runs it with TMPDIR in a
# folder of its own, removed even if this script is killed). It says it is ready only once the daemon's
# socket listens: rsync logs "listening on port N" before it binds.
_SCRIPT = LISTENING + r"""
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
trap 'kill "$pid" 2>/dev/null; exit 1' HUP INT TERM
umask 077
IFS= read -r secret
printf '%s:%s\n' "$5" "$secret" > "$d/secrets"
ln -s -- "$3" "$d/root" || exit 1  # rsyncd.conf is line-based: the folder's own name may not fit in it
printf 'address = %s\nport = %s\nuse chroot = no\nmunge symlinks = no\nmax connections = 1\npid file = %s/pid\nlock file = %s/lock\n[%s]\n  path = %s\n  read only = %s\n  auth users = %s\n  secrets file = %s/secrets\n' \
  "$1" "$2" "$d" "$d" "$6" "$d/root" "$4" "$5" "$d" > "$d/rsyncd.conf"
[ -z "$7" ] || printf '  hosts allow = %s\n' "$7" >> "$d/rsyncd.conf"
# As root the daemon would switch to nobody: keep root's own ids. Any other user keeps its own anyway, and
# naming them makes rsync call setgroups(), which only root may ("@ERROR: setgroups failed").
[ "$(id -u)" = 0 ] && printf '  uid = 0\n  gid = 0\n' >> "$d/rsyncd.conf"
rsync --daemon --no-detach --config="$d/rsyncd.conf" --log-file=/dev/stderr &
pid=$!
wait_listening "$pid" "$2" || exit
echo "ready on port $2" >&2
wait "$pid"
"""


class RsyncDaemon(RsyncFlow, RsyncKeeps, Method):
    id = "rsync-daemon"
    secure = False
    stages_itself = True
    codecs = ("none", "zstd", "lz4")
    uses_pipe_codecs = False
    continues_files = True
    listens = True
    listener_start_s = 0.3  # start the private daemon, poll until it answers
    # Starting it over the app's open connection, rsync's own handshake, the connection and its login.
    handshake_round_trips = 2 + RsyncFlow.handshake_round_trips + 2

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "rsync"), ("remote", "rsync")]

    def unavailable(self, ctx: Context) -> str | None:
        return super().unavailable(ctx) or ctx.remote.indirect_path or unfetchable(ctx)

    def build(self, job: Job) -> Plan:
        if job.module is not None:
            return self._build_for_module(job, job.module)
        o = job.options
        port = str(job.port or "PORT")
        host = f"[{job.listen_address}]" if ":" in job.listen_address else job.listen_address
        base = f"rsync://{USER}@{host}:{port}/{MODULE}/"
        listed, names = rsync_list(job)
        head = [*RSYNC_BASE, *rsync_keeps(job), *rsync_compress(o.compress), *listed, "--"]
        if not o.download:
            root = job.dest
            sources = [job.parent.rstrip("/") + "/"] if job.files else [s.rstrip("/") for s in job.sources]
            argv = [*head, *sources, base]
        elif job.files:  # the module is the files' folder
            root = job.parent
            argv = [*head, base, job.dest + "/"]
        else:
            root = os.path.commonpath([dirname(s.rstrip("/")) or "/" for s in job.sources])
            # `./` keeps a leading dash from being read as an option by the daemon.
            urls = [base + "./" + rsync_glob_escape(relpath(s.rstrip("/"), root)) for s in job.sources]
            argv = [*head, *urls, job.dest + "/"]
        readonly = "true" if o.download else "false"
        remote = quoting.join(["sh", "-c", _SCRIPT, "sh", job.listen_address, port, root, readonly, USER, MODULE,
                             job.client_address])
        shown = (f"# on the remote: an rsyncd.conf with a [{MODULE}] module at {quoting.quote(root)}, then\n"
                 f"RSYNC_PASSWORD=... {display([argv])}")
        return Plan([Stage(argv, env={"RSYNC_PASSWORD": job.secret})], shown, ProgressMode.RSYNC,
                    rsync_watch(o), listener=Listener(remote, READY, stdin=(job.secret + "\n").encode(),
                                                      ends_by_itself=False), stdin_data=names)

    def _build_for_module(self, job: Job, module: DaemonModule) -> Plan:
        """The user's own daemon: no helper to start; $RSYNC_PASSWORD passes through from the user."""
        o = job.options
        host = f"[{job.listen_address}]" if ":" in job.listen_address else job.listen_address
        user = f"{module.user}@" if module.user else ""
        base = f"rsync://{user}{host}:{module.port}/{module.name}/"
        listed, names = rsync_list(job)
        rewrite = ["--ignore-times"] if job.rewrite else []
        head = [*RSYNC_BASE, *rsync_keeps(job), *rsync_compress(o.compress), *rewrite, *listed, "--"]
        if not o.download:
            inside = relpath(job.dest, module.path)
            sources = [job.parent.rstrip("/") + "/"] if job.files else [s.rstrip("/") for s in job.sources]
            argv = [*head, *sources, base + ("" if inside == "." else "./" + inside + "/")]
        elif job.files:
            inside = relpath(job.parent, module.path)
            argv = [*head, base + ("" if inside == "." else "./" + rsync_glob_escape(inside) + "/"), job.dest + "/"]
        else:
            urls = [base + "./" + rsync_glob_escape(relpath(s.rstrip("/"), module.path)) for s in job.sources]
            argv = [*head, *urls, job.dest + "/"]
        return Plan([Stage(argv)], display([argv]), ProgressMode.RSYNC, rsync_watch(o), stdin_data=names)
