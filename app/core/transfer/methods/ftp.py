"""The FTP service the NAS already runs: curl here uploads each file to the FTP path of its staging place (or
fetches each from its FTP path into the staging folder here), one login for the whole list (curl reuses the
connection). Nothing is started on the host and no ssh carries the
bytes. Two methods: FTPS (explicit TLS on the commands and the data, the server's key pinned after the host
itself showed the same certificate through the ssh connection: secure) and plain FTP (the files and the
password cross in clear: used only where the user allows unencrypted methods).

Which FTP path names the destination, the login and that it writes as the login's own user are found first
(app.core.host.ftp_logins); the engine makes the staging folder and its folders, sets the files' times and
makes the links through the control connection, then places and verifies as for every method. FTP cannot
name a path with a line break (its commands end there): such a selection is not copied this way. The
password goes to curl in its configuration on its standard input, never in argv.
"""

from __future__ import annotations

import os
from posixpath import join

from app.core import quoting
from app.core.host.ftp_logins import CURL_BASE, FtpRoot, FtpUnusable, config_value, login_config
from app.core.transfer.methods.base import (RECEIVER, SENDER, Context, Job, MethodReasons, Plan, Process, clause,
                                            phrase, split_sources)
from app.core.transfer.methods.keeps import Keep, Keeps
from app.core.transfer.methods.service import ThroughService
from app.core.transfer.progress import Count, ProgressMode
from app.core.runner import Stage

# What an FTP upload keeps: the bytes; the engine sets the times and makes the links afterwards; the files'
# permissions are the server's (its umask).
FTP_KEEPS = Keeps(mode=Keep.LOST)


class FtpsUpload(ThroughService):
    """Through the host's FTP service with explicit TLS (FTPS)."""
    root_type = FtpRoot
    service = "the host's FTP service"

    id = "ftps"
    secure = True
    # curl here; the host's FTP server receives, file by file: a data connection opened (EPSV, then TCP), STOR,
    # the bytes, and the server's "transfer complete" waited for before the next file. With TLS the data
    # connection's handshake comes on top.
    processes = (Process("curl", SENDER, "curl"), Process("ftpd", RECEIVER, "curl"))
    pipelined = False
    file_cpu_ms = 1.5
    round_trips_per_file = 5
    in_flight = 0            # a plain TCP data connection: only its buffers hold bytes in flight
    handshake_round_trips = 6  # TCP, greeting, AUTH TLS and its handshake, USER/PASS, PBSZ/PROT
    share_kind = "ftp"
    keeps = FTP_KEEPS
    list_scope = "any"

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "curl")]

    def service_roots(self, shares) -> list[FtpRoot]:
        return [r for r in shares if isinstance(r, FtpRoot) and r.tls is self.secure]

    def carries(self, path: str) -> bool:
        return "\n" not in path and "\r" not in path

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx)
        if reason is not None:
            return reason
        if any("\n" in p or "\r" in p for p in ctx.paths + ctx.entry_paths):
            return clause(MethodReasons.tr("FTP cannot name a path with a line break in it"))
        if self.share_for(ctx.shares, ctx.paths, ctx.options.download) is None:
            refused = next((r for r in ctx.shares if isinstance(r, FtpUnusable) and r.tls is self.secure), None)
            if refused is not None:
                return _refused(refused)
            if self.secure:
                return phrase(MethodReasons.tr("needs an FTP service on the host that offers TLS (port 21), takes "
                                               "this account's login and shows the folder (and, to copy to it, "
                                               "takes its writes)"))
            return phrase(MethodReasons.tr("needs an FTP service on the host (port 21) that takes this account's "
                                           "login and shows the folder (and, to copy to it, takes its writes)"))
        return None

    def without_ssh(self) -> str:
        return phrase(MethodReasons.tr("talks to the host's FTP service without ssh (no --cipher or --mux)"))

    def build(self, job: Job) -> Plan:
        root, parents, files = self.files_of(job)
        lines = ["fail-early"]
        for f in files:
            source = self.source_of(parents, f)
            if job.options.download:  # from the host's file to its place in the staging folder here
                lines.append(f"url = {config_value(root.url(source))}")
                lines.append(f"output = {config_value(join(job.dest, f))}")
            else:
                lines.append(f"upload-file = {config_value(source)}")
                lines.append(f"url = {config_value(root.url(join(job.dest, f)))}")
        config = "\n".join([*login_config(root, root.password), *lines]) + "\n"
        counted = Count.WRITTEN if job.options.download else Count.READ  # the files' bytes here, either way
        return Plan([Stage(list(CURL_BASE))], _by_hand(job, root), ProgressMode.IO, (0, counted),
                    stdin_data=config.encode("utf-8", "surrogateescape"))


class FtpUpload(FtpsUpload):
    """Through the host's FTP service in clear (FTP)."""

    id = "ftp"
    secure = False
    file_cpu_ms = 0.5
    round_trips_per_file = 3
    handshake_round_trips = 3  # TCP, greeting, USER/PASS


# The line to copy a whole selection by hand. curl copies files, not folders, so `find` lists each source's files
# and its empty folders (ended by a slash: listed on the host when fetching, here when sending) and this awk program
# writes curl's configuration for each: its URL (`base`, then the name with every byte but letters, digits and
# `._~-/` escaped, as ftp_logins.url escapes) and its path on this side, quoted as ftp_logins.config_value quotes.
# `skip`: how many bytes of a listed path are its parent's. Sending (`up`), curl makes the folders on the way
# (--ftp-create-dirs; an empty one by listing it, the listing thrown away); fetching, curl makes the folders of the
# files (--create-dirs) and mkdir the empty ones. No name holds a line break (FTP refuses those: carries()).
_CONFIG_PER_FILE = " ".join(line.strip() for line in r"""
BEGIN { for (i = 1; i < 256; i++) hex[sprintf("%c", i)] = sprintf("%%%02X", i) }
function esc(s,  e, i, c) {
  for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); e = e (c == "/" || c ~ /[A-Za-z0-9._~-]/ ? c : hex[c]) }
  return e
}
function value(s) { gsub(/[\\"]/, "\\\\&", s); return "\"" s "\"" }
{ name = substr($0, skip + 1) }
/\/$/ && up { print "url = " value(base esc(name)); print "output = \"/dev/null\""; next }
/\/$/ { print name | "tr \"\\n\" \"\\0\" | xargs -0 mkdir -p --"; next }
up { print "upload-file = " value($0); print "url = " value(base esc(name)); next }
{ print "url = " value(base esc(name)); print "output = " value(name) }""".strip().splitlines())  # one line

# After the paths given to find: each file, then each empty folder with a slash after its name.
_LISTED = r"\( -type f -print \) -o \( -type d -empty -exec printf %s/\\n {} + \)"


def _by_hand(job: Job, root: FtpRoot) -> str:
    """The line that makes the same copy of the whole selection by hand, curl asking for the password (see
    _CONFIG_PER_FILE). Fetching, the host lists its files through ssh (its shell's `find`)."""
    login = [*login_config(root, None), "fail-early"]
    download = job.options.download
    curl = [c for c in CURL_BASE if c not in ("--ftp-method", "nocwd")]
    curl[-2:-2] = ["--create-dirs" if download else "--ftp-create-dirs"]  # before `--config -`
    by_parent: dict[str, list[str]] = {}
    for parent, name in split_sources(job.sources):
        by_parent.setdefault(parent, []).append(join(parent, name))
    listings = []
    for parent, paths in by_parent.items():
        find = f"find {quoting.join(paths)} {_LISTED}"
        if download:
            find = quoting.join(job.ssh.command(job.options, find))
        skip = len(os.fsencode(join(parent, "")))
        base = (root.url(parent) if download else root.url(job.dest)).rstrip("/") + "/"
        listings.append(f"{find} | LC_ALL=C awk -v up={0 if download else 1} -v skip={skip} "
                        + quoting.join(["-v", f"base={base}", _CONFIG_PER_FILE]))
    line = "{ printf '%s\\n' " + " ".join(quoting.join([x]) for x in login) + "; " + "; ".join(listings) + "; } | " \
        + quoting.join(curl)
    return f"mkdir -p {quoting.join([job.dest])} && cd {quoting.join([job.dest])} && {line}" if download else line


def _refused(unusable: FtpUnusable) -> str:
    if unusable.why == "login":
        return phrase(MethodReasons.tr("cannot log in to the host's FTP service as {user}: it took none of the "
                                       "passwords tried ($FTP_PASSWORD, the one the keyring keeps, the ssh "
                                       "login's own)", user=unusable.user))
    if unusable.why == "folder":
        return phrase(MethodReasons.tr("cannot find the destination in what the host's FTP service shows {user}",
                                       user=unusable.user))
    if unusable.why == "owner":
        return phrase(MethodReasons.tr("needs the host's FTP service to write as {user}, and it writes as another "
                                       "user", user=unusable.user))
    if unusable.why == "encryption":
        return phrase(MethodReasons.tr("needs the host's FTP service to take this account's login without TLS, and "
                                       "it takes it only with TLS (ftps)"))
    if unusable.why == "certificate":
        return phrase(MethodReasons.tr("cannot check the certificate of the host's FTP service: the host did not "
                                       "show the same one through ssh (it needs a shell and openssl for that)"))
    return phrase(MethodReasons.tr("needs the host's FTP service, which did not answer"))
