"""The sentences of the host step: naming the host, trusting its key, logging in (passwords and key
login), its files, and the helpers started there (app.core.host, app.core.state.added_hosts, app.core.demo)."""

from __future__ import annotations

import asyncssh

from app.core import quoting
from app.core.errors import ErrorKind, TransferError, explain_stderr
from app.core.formatting import short_time
from app.core.language import Words


class HostErrors(Words):
    """The host step's failures: naming the host, its key, logging in, its files, the helpers (the
    translator's context)."""


# Naming the host (app.core.host.hosts, app.core.state.added_hosts).
def not_a_host(text: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "'{text}' is not a host; write an alias from your ssh config or [user@]host[:port].", text=text))


def port_out_of_range(port: int) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr("Port {port} is out of range; use 1-65535.", port=port))


def connect_timeout_not_seconds(variable: str, value: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "{variable} is '{value}', which is not a number of seconds; set it to a positive number such as 15, or "
        "unset it.", variable=variable, value=value))


def ssh_config_missing(path: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "The ssh config file {path} does not exist; check the path.", path=path))


def ssh_missing(details: str) -> TransferError:
    return TransferError(ErrorKind.TOOL_MISSING, HostErrors.tr(
        "The OpenSSH client (`ssh`) is not installed; install openssh-client."), details)


def ssh_config_unreadable(spec: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "OpenSSH could not read the settings for {spec}; check the ssh config.", spec=spec), details)


def key_file_missing(path: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "The key file {path} does not exist; choose the private key file.", path=path))


def not_for_ssh_config(what: str, value: str) -> TransferError:
    """A host added in the window whose `what` ("name", "host", "user name", "key path") an ssh config cannot hold."""
    if what == "key path":
        said = HostErrors.tr("The key path '{value}' cannot be written to an ssh config; use a path without quotes "
                             "or backslashes.", value=value)
    elif what == "name":
        said = HostErrors.tr("The name '{value}' cannot be written to an ssh config; use letters, digits, dots and "
                             "dashes without spaces.", value=value)
    elif what == "user name":
        said = HostErrors.tr("The user name '{value}' cannot be written to an ssh config; use letters, digits, dots "
                             "and dashes without spaces.", value=value)
    else:
        said = HostErrors.tr("The host '{value}' cannot be written to an ssh config; use letters, digits, dots and "
                             "dashes without spaces.", value=value)
    return TransferError(ErrorKind.USAGE, said)


def demo_host_not_started(exc: BaseException, variable: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "The local demo host could not be started ({reason}); try again, or set {variable}=none to use the "
        "built-in server.", reason=exc, variable=variable), str(exc))


# Trusting its key (`forget` and `trust`: the commands that remove the old key and trust the new one).
def no_host_key(where: str) -> TransferError:
    return TransferError(ErrorKind.HOST_KEY_UNKNOWN, HostErrors.tr(
        "{where} presented no host key, so it cannot be verified; check its SSH server's HostKey settings.",
        where=where))


def host_key_changed(host: str, fingerprint: str, refused: str, forget: str, trust: str) -> TransferError:
    """`refused`: what was done about it ("the connection was refused")."""
    return TransferError(ErrorKind.HOST_KEY_CHANGED, HostErrors.tr(
        "The host key of {host} has changed (it now has fingerprint {fingerprint}), which can mean someone is "
        "intercepting the connection, so {refused}; if the server was reinstalled, confirm the new fingerprint "
        "with its owner, remove the old key with `{forget}` and run `{trust}`.",
        host=host, fingerprint=fingerprint, refused=refused, forget=forget, trust=trust))


def host_unknown(host: str, fingerprint: str, trust: str) -> TransferError:
    return TransferError(ErrorKind.HOST_KEY_UNKNOWN, HostErrors.tr(
        "{host} is not a known host yet (its key fingerprint is {fingerprint}); if the host's owner confirms that "
        "fingerprint, run `{trust}` and try again.", host=host, fingerprint=fingerprint, trust=trust))


def trust_declined(host: str) -> TransferError:
    return TransferError(ErrorKind.HOST_KEY_UNKNOWN, HostErrors.tr(
        "The key of {host} was not trusted, so nothing was changed; copies to it stay refused until its key is "
        "trusted.", host=host))


def no_known_hosts_file() -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "No user known_hosts file is configured; set UserKnownHostsFile."))


def fingerprint_unconfirmed(host: str, fingerprint: str) -> TransferError:
    return TransferError(ErrorKind.HOST_KEY_UNKNOWN, HostErrors.tr(
        "{host} has key fingerprint {fingerprint}; check it with the host's owner, then run again with --yes to "
        "trust it.", host=host, fingerprint=fingerprint))


# Logging in and staying connected (app.core.host.session, link_loss, mux).
def closed_after_login(host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.CONNECTION_LOST, HostErrors.tr(
        "{host} closed the connection right after login; check its SSH server.", host=host), details)


def not_connected(then: str) -> TransferError:
    """The window asked for something that needs a tested connection (`then`, translated by the caller: "its
    folders can be browsed")."""
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "Test the connection to a host first; then {then}.", then=then))


def shared_connection_down() -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "The shared ssh connection did not come up; try without multiplexing."))


def _during(doing: str) -> str:
    """`doing`: "copy", "race", "connect"; anything else is a measurement."""
    if doing == "copy":
        return HostErrors.tr("during the copy")
    if doing == "race":
        return HostErrors.tr("during the race")
    if doing == "connect":
        return HostErrors.tr("while connecting")
    return HostErrors.tr("during the measurement")


def host_too_busy(host: str, doing: str, details: str) -> TransferError:
    """A remote command that timed out on a link that still answers (`doing`: "copy", "race", ...)."""
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "{host} did not answer a command in time {during} (it may be very busy); try again.", host=host,
        during=_during(doing)), details)


def host_refused_request(host: str, doing: str, reason: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "{host} refused a request {during} ({reason}); try again.", host=host, during=_during(doing),
        reason=reason), details)


# Passwords and key login.
def no_keyring() -> str:
    return HostErrors.tr("No system keyring is available here, so the password is kept in memory only until "
                         "Transfer Advisor closes.")


def no_password_on_stdin() -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "--password-stdin read no password; pipe it in as the first line of standard input, e.g. from a password "
        "manager."))


def remembered_password_refused(host: str) -> TransferError:
    return TransferError(ErrorKind.AUTH, HostErrors.tr(
        "{host} did not accept the remembered password, so it was forgotten; run again and type the current "
        "password.", host=host))


def openssh_too_old(found: tuple[int, int] | None) -> TransferError:
    version = (f"OpenSSH {found[0]}.{found[1]}" if found else
               HostErrors.tr("an ssh client that is not OpenSSH"))
    return TransferError(ErrorKind.TOOL_MISSING, HostErrors.tr(
        "Copying to a host that takes only a password needs OpenSSH 8.4 or newer on this computer, which has "
        "{version}; update openssh-client, or set up key login with `transfer-advisor setup-key HOST`.",
        version=version))


def key_install_failed(host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "The key could not be added to ~/.ssh/authorized_keys on {host}; check that the account may write its "
        "home folder, then try again.", host=host), details)


def key_install_needs_shell(host: str) -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE, HostErrors.tr(
        "This account on {host} may only use SFTP, so the app cannot add a key to it; add the key in the NAS's "
        "own settings (its users or SSH page), or keep using the password.", host=host))


def key_not_accepted(host: str) -> str:
    return HostErrors.tr("The key is in ~/.ssh/authorized_keys on {host}, but {host} still does not accept it; its "
                         "SSH server may not allow key logins (PubkeyAuthentication), so keep using the password.",
                         host=host)


# Its files, through its shell or SFTP (app.core.host.remote_reads, remote_files, sftp_ops).
def no_sftp(host: str) -> TransferError:
    return TransferError(ErrorKind.UNAVAILABLE, HostErrors.tr(
        "{host} has no SFTP server; on an embedded box, install its sftp-server package.", host=host))


def sftp_error(exc: asyncssh.SFTPError, host: str, fallback: str) -> TransferError:
    if isinstance(exc, asyncssh.SFTPPermissionDenied):
        return TransferError(ErrorKind.DEST_UNWRITABLE, HostErrors.tr(
            "{host} did not allow writing there ({reason}); choose a folder this account may write to.", host=host,
            reason=exc.reason), str(exc))
    if exc.code == 4 and "space" in str(exc.reason).lower():
        return TransferError(ErrorKind.DEST_FULL, HostErrors.tr(
            "The destination ran out of space during the copy; free some space there or choose another folder."),
            str(exc))
    return TransferError(ErrorKind.FAILED, fallback, str(exc))


def folder_unreadable(path: str, details: str) -> TransferError:
    return TransferError(ErrorKind.USAGE, HostErrors.tr(
        "The folder {path} cannot be read on the host; choose another one.", path=path), details)


def no_folder_on_the_way(path: str, host: str, details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "No folder on the way to {path} could be found on {host}.", path=path, host=host), details)


def destination_not_made(dest: str, host: str, stderr: str = "",
                         sftp: asyncssh.SFTPError | None = None) -> TransferError:
    if sftp is not None:
        return sftp_error(sftp, host, HostErrors.tr(
            "Could not create {dest} on {host} ({reason}); choose a folder this account may write to (an "
            "SFTP-only account often may write only in one).", dest=dest, host=host, reason=sftp.reason))
    return explain_stderr(stderr, host, HostErrors.tr(
        "Could not create {dest} on {host}; choose a folder you can write to.", dest=dest, host=host))


def file_not_written(path: str, host: str, details: str = "",
                     sftp: asyncssh.SFTPError | None = None) -> TransferError:
    if sftp is not None:
        return sftp_error(sftp, host, HostErrors.tr("Could not write {path} ({reason}).", path=path,
                                                    reason=sftp.reason))
    return TransferError(ErrorKind.DEST_UNWRITABLE, HostErrors.tr(
        "Could not write {path} on {host}.", path=path, host=host), details)


def folders_not_made(host: str, details: str = "", sftp: asyncssh.SFTPError | None = None) -> TransferError:
    if sftp is not None:
        return sftp_error(sftp, host, HostErrors.tr(
            "Folders could not be made on {host} ({reason}).", host=host, reason=sftp.reason))
    return TransferError(ErrorKind.DEST_UNWRITABLE, HostErrors.tr(
        "Folders could not be made on {host}; choose a folder you can write to.", host=host), details)


def links_not_made(host: str, details: str = "", sftp: asyncssh.SFTPError | None = None) -> TransferError:
    if sftp is not None:
        return sftp_error(sftp, host, HostErrors.tr(
            "The symbolic links could not all be made on {host} ({reason}).", host=host, reason=sftp.reason))
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "The symbolic links could not all be made on {host}.", host=host), details)


# Unencrypted data connections and the helpers behind them (app.core.host.remote_helper).
def helper_not_started(details: str) -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr(
        "The remote helper did not start in time; try again or use a secure method."), details)


def helper_stopped(host: str, stderr: str) -> TransferError:
    return explain_stderr(stderr, host, HostErrors.tr(
        "The remote helper stopped before it was ready; see the details."))


def helper_port_unknown() -> TransferError:
    return TransferError(ErrorKind.FAILED, HostErrors.tr("The remote helper did not say which port it listens on."))


def data_connection_refused(address: str, port: int, details: str) -> TransferError:
    return TransferError(ErrorKind.CONNECTION_REFUSED, HostErrors.tr(
        "Could not open the data connection to {address}:{port}; a firewall may block it. Use a secure method "
        "instead.", address=address, port=port), details)


def intruder(host: str, details: str = "") -> TransferError:
    return TransferError(ErrorKind.INTRUDER, HostErrors.tr(
        "Another computer connected to the data port on {host} before this app did, so the copy was stopped and "
        "nothing was sent to it; use a secure method on this network.", host=host), details)


def data_connection_unconfirmed(host: str, waited: float, details: str = "") -> TransferError:
    return TransferError(ErrorKind.CONNECTION_REFUSED, HostErrors.tr(
        "{host} did not confirm this app's data connection within {time} (something else may hold the data port, "
        "or the connection went elsewhere), so the copy was stopped before any data moved; use a secure method.",
        host=host, time=short_time(waited)), details)


def helper_survived(host: str, check_output: str) -> str | None:
    """The sentence for what the app started on the host and could not stop, from the check's
    `left PID NAME` and `left-folder DIR` lines; None when nothing is left."""
    procs = [line.split(None, 2)[1:] for line in check_output.splitlines() if line.startswith("left ")]
    folders = [line.split(None, 1)[1] for line in check_output.splitlines() if line.startswith("left-folder ")]
    if procs:
        named = ", ".join(HostErrors.tr("{name} (process {pid})", name=name, pid=pid)
                          for pid, name, *_ in (p + ["?"] for p in procs))
        kill = " ".join(pid for pid, *_ in procs)
        return HostErrors.tr("Transfer Advisor could not stop what it started on {host}: {processes} still run(s); "
                             "end it/them there with `kill -9 {pids}`.", "", len(procs), host=host, processes=named,
                             pids=kill)
    if folders:
        return HostErrors.tr("Transfer Advisor could not remove its folder {folder} on {host}; remove it there with "
                             "`rm -rf {quoted}`.", folder=folders[0], host=host, quoted=quoting.quote(folders[0]))
    return None
