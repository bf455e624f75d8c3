"""The command line's words: each command and option with its help (build_parser), and what argparse cannot check
(check_host). A module beside app/cli.py, as cli_numbers.py is: the CLI is four small parts, too few for a package.
"""

from __future__ import annotations

import argparse
import json
import sys

from app import __version__
from app import cli_numbers as numbers
from app.core.errors import ErrorKind
from app.core.language import Words, decimal
from app.core.paths import ENV_HOME
from app.core.transfer import methods as method_registry
from app.core.transfer.existing import Existing
from app.core.host.ssh_command import COMPRESSION
from app.core.host.link_loss import STALL_TIMEOUT

EXIT_USAGE = 2  # argparse's own code for a usage error; the other exit codes are in app/cli.py


class CliHelp(Words):
    """The command line's help: each command and option, and argparse's headings (the translator's context)."""


class CliUsage(Words):
    """The command line's one-sentence usage errors (the translator's context)."""


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        super().add_usage(usage, actions, groups, CliHelp.tr("usage: ") if prefix is None else prefix)


class _RawFormatter(_Formatter, argparse.RawDescriptionHelpFormatter):
    """The main parser's: its description and examples are laid out as written."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, formatter_class: type = _Formatter, **kwargs) -> None:
        super().__init__(*args, formatter_class=formatter_class, **kwargs)
        # argparse's own words, in the person's language too
        self._positionals.title = CliHelp.tr("positional arguments")
        self._optionals.title = CliHelp.tr("options")
        for action in self._actions:
            if isinstance(action, argparse._HelpAction):
                action.help = CliHelp.tr("show this help message and exit")

    def error(self, message: str) -> None:  # one sentence, exit 2, no usage dump
        where = f"transfer-advisor {self.prog.split()[-1]}" if " " in self.prog else "transfer-advisor"
        sentence = CliUsage.tr("{message}; see `{command} --help`.", message=f"{message[0].upper()}{message[1:]}",
                               command=where)
        if "--json" in sys.argv[1:]:
            print(json.dumps({"error": sentence, "kind": ErrorKind.USAGE}, indent=2))
            self.exit(EXIT_USAGE)
        self.exit(EXIT_USAGE, f"transfer-advisor: {sentence}\n")


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--ssh-config", metavar="FILE", help=CliHelp.tr("read this ssh config instead of ~/.ssh/config "
                        "(like ssh -F)"))
    common.add_argument("--config-dir", metavar="DIR", help=CliHelp.tr("keep all state here (also ${variable})",
                                                                       variable=ENV_HOME))
    common.add_argument("--json", action="store_true", help=CliHelp.tr("print one JSON object instead of text"))
    common.add_argument("--password-stdin", action="store_true", help=CliHelp.tr("for hosts that take a password: read "
                        "it from the first line of standard input instead of asking on the terminal"))
    common.add_argument("--remember-password", action="store_true", help=CliHelp.tr("keep the password in the system "
                        "keyring after a successful login (never in a file); later runs use it. So is a password in "
                        "$RSYNC_PASSWORD, or typed when asked, that a module of the host's rsync service took"))
    # Commands that take a HOST can use the local demo host instead (HOST is then left out).
    demo_host = argparse.ArgumentParser(add_help=False)
    demo_host.add_argument("--demo", action="store_true", help=CliHelp.tr("use a local demo host instead of HOST: an "
                           "SSH server on 127.0.0.1 started for this command and removed after it, with --dest "
                           "defaulting to its folder"))

    # How the advice is taken: `advise`, and `copy --best`, which advises first.
    advice = argparse.ArgumentParser(add_help=False)
    advice.add_argument("--no-race", action="store_true", help=CliHelp.tr("predict only; do not race the best "
                        "candidates"))
    advice.add_argument("--race", type=numbers.race_count, metavar="N",
                        help=CliHelp.tr("how many methods race, 1 to {most} (default 3)",
                                        most=len(method_registry.METHODS)))
    advice.add_argument("--race-seconds", type=numbers.race_seconds, metavar="S",
                        help=CliHelp.tr("seconds each races, at most {most} (default 2)",
                                        most=decimal(numbers.RACE_MAX_SECONDS, "g")))
    advice.add_argument("--fresh", action="store_true", help=CliHelp.tr("measure the link again even if a recent "
                        "profile is kept"))
    # What the copy must keep besides what every copy keeps (copy and advise alike).
    keep = argparse.ArgumentParser(add_help=False)
    keep.add_argument("--owners", action="store_true", help=CliHelp.tr("keep each file's owner and group, by number "
                      "(rsync --numeric-ids, tar --numeric-owner); needs root on the receiving side"))
    keep.add_argument("--xattrs", action="store_true", help=CliHelp.tr("keep extended attributes and ACLs (rsync -X "
                      "-A, GNU tar --xattrs --acls); the destination's filesystem must take them"))
    # How long data may stand still before the link counts as lost (copy and advise alike).
    watch = argparse.ArgumentParser(add_help=False)
    watch.add_argument("--stall-timeout", type=numbers.stall_seconds, metavar="S", default=STALL_TIMEOUT,
                       help=CliHelp.tr("stop when no data has moved for S seconds and say the link was lost, {least} "
                                       "to {most} (default {default})", least=decimal(numbers.STALL_MIN_SECONDS, "g"),
                                       most=decimal(numbers.STALL_MAX_SECONDS, "g"),
                                       default=decimal(STALL_TIMEOUT, "g")))

    examples = "".join((  # the commands as typed; only the heading and the two remarks are words
        CliHelp.tr("examples:"), "\n",
        "  transfer-advisor                      (",
        CliHelp.tr("opens the window; also: {command}", command="transfer-advisor gui"), ")\n",
        "  transfer-advisor methods mynas --dest /volume1/photos\n"
        "  transfer-advisor copy mynas ~/Pictures --dest /volume1/photos --method tar-ssh\n"
        "  transfer-advisor copy mynas /volume1/photos/2024 --dest ~/restore --method rsync-ssh --download\n"
        "  transfer-advisor copy ann@192.0.2.7:2222 big.iso --dest /srv --method ssh-cat --verify\n"
        "  transfer-advisor --demo                (",
        CliHelp.tr("the window, with a local demo host to try it on"), ")\n",
        "  transfer-advisor advise --demo ~/Pictures\n"))
    p = _Parser(prog="transfer-advisor", description=CliHelp.tr("Find and use the fastest way to copy files to a "
                "NAS or another Linux box."), formatter_class=_RawFormatter, epilog=examples)
    p.add_argument("--version", action="version", version=f"transfer-advisor {__version__}",
                   help=CliHelp.tr("show program's version number and exit"))
    p.add_argument("--self-test", action="store_true", help=CliHelp.tr("open the window (offscreen without a display), "
                   "check it is built and responsive, run a short profile against a local demo host, and exit 0"))
    p.add_argument("--demo", action="store_true", help=CliHelp.tr("open the window with a local demo host chosen: an "
                   "SSH server on 127.0.0.1 that the app starts and removes when it exits"))
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    p.commands = sub.choices

    g = sub.add_parser("gui", parents=[common], help=CliHelp.tr("open the window (the default with no command)"))
    g.add_argument("--self-test", action="store_true", default=argparse.SUPPRESS,
                   help=CliHelp.tr("check the window is built and responsive, then exit"))
    g.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                   help=CliHelp.tr("start with a local demo host chosen"))
    g.add_argument("files", nargs="*", metavar="FILE", help=CliHelp.tr("files and folders to copy, already in the "
                   "selection (what a file manager's \"Open with\" passes)"))

    m = sub.add_parser("methods", parents=[common, demo_host], help=CliHelp.tr("list the transfer methods and whether "
                       "each can run"))
    m.add_argument("host", nargs="?", help=CliHelp.tr("an alias from your ssh config, or [user@]host[:port]"))
    m.add_argument("--dest", help=CliHelp.tr("remote destination folder (checks it can be written)"))
    m.add_argument("--allow-insecure", action="store_true", help=CliHelp.tr("offer unencrypted methods (trusted LAN "
                   "only)"))
    m.add_argument("--compress", choices=COMPRESSION, default="none")

    c = sub.add_parser("copy", parents=[common, demo_host, advice, watch, keep],
                       help=CliHelp.tr("copy files with a chosen method"))
    c.add_argument("host", nargs="?", help=CliHelp.tr("an alias from your ssh config, or [user@]host[:port]"))
    c.add_argument("sources", nargs="+", metavar="SRC", help=CliHelp.tr("files or folders (remote paths with "
                   "--download)"))
    c.add_argument("--dest", help=CliHelp.tr("destination folder (local with --download); required unless --demo"))
    how = c.add_mutually_exclusive_group(required=True)
    how.add_argument("--method", choices=list(method_registry.METHODS), metavar="ID",
                     help=CliHelp.tr("one of: {methods}", methods=", ".join(method_registry.METHODS)))
    how.add_argument("--best", action="store_true", help=CliHelp.tr("advise first (profile, predict, race), then copy "
                     "with the fastest secure method, or the fastest overall with --allow-insecure"))
    c.add_argument("--cipher", help=CliHelp.tr("ssh cipher, e.g. aes128-gcm@openssh.com"))
    c.add_argument("--compress", choices=COMPRESSION, default="none",
                   help=CliHelp.tr("none, ssh (ssh -C), or zstd/lz4 inside the pipeline"))
    c.add_argument("--mux", action="store_true", help=CliHelp.tr("share one ssh connection (ControlMaster)"))
    c.add_argument("--streams", type=numbers.streams, default=1, metavar="N",
                   help=CliHelp.tr("copy on N parallel ssh connections, each with a part of the files (tar-ssh, "
                                   "rsync-ssh; helps where one connection is held by its window over a long round "
                                   "trip, or by one CPU core)"))
    c.add_argument("--allow-insecure", action="store_true", help=CliHelp.tr("allow unencrypted methods (trusted LAN "
                   "only)"))
    c.add_argument("--verify", action="store_true",
                   help=CliHelp.tr("also compare the files' contents (hashes) on both sides (unencrypted methods do by "
                                   "default)"))
    c.add_argument("--download", action="store_true", help=CliHelp.tr("fetch from the host instead of sending to it"))
    there = c.add_mutually_exclusive_group()
    there.add_argument("--existing", choices=[e.value for e in Existing if e is not Existing.ASK],
                       help=CliHelp.tr("what to do with files already at the destination that differ from the copy's: "
                                       "skip them, replace them, replace all but those newer there (newer), or keep "
                                       "both (rename: the copy gets a name like 'photo (2).jpg'); without it such a "
                                       "copy stops before it starts. Identical files are never sent again"))
    there.add_argument("--update", action="store_true", help=CliHelp.tr("send only what is new or changed: identical "
                       "files are not sent, changed ones are replaced, a file newer at the destination is left (the "
                       "same as --existing newer; like rsync -u)"))
    c.add_argument("--mirror", action="store_true", help=CliHelp.tr("make each copied folder at the destination match "
                   "the selection: after the copy is in place and verified, delete what those folders hold that the "
                   "selection does not have. Without --yes-delete nothing is copied or deleted when something would be "
                   "deleted: the command says what and exits with 3"))
    c.add_argument("--yes-delete", action="store_true", help=CliHelp.tr("with --mirror: delete without asking"))
    c.add_argument("--dry-run", action="store_true", help=CliHelp.tr("say what the copy would send (and with --mirror, "
                   "delete), and change nothing"))
    again = c.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true", help=CliHelp.tr("carry on from what an interrupted run of the "
                       "same copy left (the default)"))
    again.add_argument("--restart", "--no-resume", action="store_true", dest="restart",
                       help=CliHelp.tr("start over: throw away what an interrupted run of the same copy left"))
    c.add_argument("--rsync-module", metavar="[USER@]MODULE",
                   help=CliHelp.tr("rsync-daemon: use this module of the rsync daemon the host already runs (password "
                                   "from $RSYNC_PASSWORD) instead of starting a private one"))
    c.add_argument("--rsync-port", type=numbers.port, metavar="N", help=CliHelp.tr("port of that daemon (default: from "
                   "its config, or 873)"))
    c.add_argument("--rsyncd-conf", default="/etc/rsyncd.conf", metavar="FILE",
                   help=CliHelp.tr("where that daemon's config is on the host, to find the module's folder"))

    a = sub.add_parser("advise", parents=[common, demo_host, advice, watch, keep], help=CliHelp.tr("measure, predict "
                       "and race the methods; recommend the fastest secure one and the fastest overall"))
    a.add_argument("host", nargs="?", help=CliHelp.tr("an alias from your ssh config, or [user@]host[:port]"))
    a.add_argument("sources", nargs="+", metavar="SRC", help=CliHelp.tr("files or folders (remote paths with "
                   "--download)"))
    a.add_argument("--dest", help=CliHelp.tr("destination folder (local with --download); required unless --demo"))
    a.add_argument("--allow-insecure", action="store_true", help=CliHelp.tr("consider unencrypted methods (trusted LAN "
                   "only)"))
    a.add_argument("--download", action="store_true", help=CliHelp.tr("fetch from the host instead of sending to it"))

    pr = sub.add_parser("profile", parents=[common, demo_host], help=CliHelp.tr("measure the link to a host: RTT, raw "
                        "TCP, ssh per cipher, CPU, destination disk"))
    pr.add_argument("host", nargs="?", help=CliHelp.tr("an alias from your ssh config, or [user@]host[:port]"))
    pr.add_argument("--dest", help=CliHelp.tr("remote destination folder (its disk is measured there)"))
    pr.add_argument("--fresh", action="store_true", help=CliHelp.tr("measure again even if a recent profile is kept"))
    pr.add_argument("--budget", type=numbers.probe_budget, default=1.0, metavar="S",
                    help=CliHelp.tr("seconds per throughput probe, at most {most} (default 1)",
                                    most=decimal(numbers.BUDGET_MAX_SECONDS, "g")))

    t = sub.add_parser("trust", parents=[common], help=CliHelp.tr("show a host's key fingerprint and add it to "
                       "known_hosts"))
    t.add_argument("host")
    t.add_argument("--yes", action="store_true", help=CliHelp.tr("trust without asking (only after checking the "
                   "fingerprint)"))

    k = sub.add_parser("setup-key", parents=[common], help=CliHelp.tr("log in with the password once, make a key for "
                       "the host and add it to the host's ~/.ssh/authorized_keys, so later logins need no password"))
    k.add_argument("host", help=CliHelp.tr("an alias from your ssh config, or [user@]host[:port]"))
    k.add_argument("--write-ssh-config", action="store_true", help=CliHelp.tr("also append a Host block with the key "
                   "to the ssh config (--ssh-config FILE, else ~/.ssh/config); without it the line to add is printed"))
    return p


def check_host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """HOST or --demo, and --dest unless --demo gives it. With --demo the first SRC lands in `host`
    (HOST is optional, so argparse hands it the first word): it goes back to the sources."""
    sub = parser.commands[args.command]  # its error() names the command
    takes_sources = hasattr(args, "sources")
    if args.demo:
        if args.host is not None and takes_sources:
            args.sources, args.host = [args.host, *args.sources], None
        elif args.host is not None:
            sub.error(CliUsage.tr("--demo takes the place of HOST; drop '{host}' or --demo", host=args.host))
        if args.ssh_config:
            sub.error(CliUsage.tr("--demo brings its own ssh config; drop --ssh-config or --demo"))
    elif args.host is None:
        sub.error(CliUsage.tr("the following arguments are required: host (or --demo)"))
    if hasattr(args, "dest") and takes_sources and args.dest is None and not args.demo:
        sub.error(CliUsage.tr("the following arguments are required: --dest"))
    if args.command == "copy" and args.yes_delete and not args.mirror:
        sub.error(CliUsage.tr("--yes-delete goes with --mirror (it allows the mirror's deletions); add --mirror or "
                              "drop it"))
    if args.command == "copy" and args.best and args.streams > 1:
        sub.error(CliUsage.tr("--best chooses the number of parallel streams itself; drop --streams, or name the "
                              "method with --method tar-ssh or rsync-ssh"))
    if args.command == "copy" and not args.best:
        given = [o for o, v in (("--no-race", args.no_race), ("--race", args.race), ("--race-seconds",
                 args.race_seconds), ("--fresh", args.fresh)) if v not in (None, False)]
        if given:
            sub.error(CliUsage.tr("{option} goes with --best (it tunes the advice); add --best or drop it",
                                  option=given[0]))
