"""The shell around every helper the app starts on the host, and the check that nothing of it runs on.

Written for POSIX sh as dash, BusyBox ash and bash run it, on Linux (/proc). No job control (dash
needs a terminal for `set -m`) and no setsid (not every box has it): the helper's processes are found
by walking /proc from the wrapper's pid, and by a mark in their environment that survives a parent's
death (an orphan is no longer anyone's child, but it still carries TA_HELPER).

The wrapper's own lines on stderr start with `ta-helper ` (the app takes them out of what it shows):
  ta-helper started PID:START SID MARK DIR   once, before the helper starts
  ta-helper stopping PID:START ...       each round of signals, naming what it signals
"""

from __future__ import annotations

import re

LINE_PREFIX = "ta-helper "

# ours MARK ROOT SID: sets $ours (" pid:start ... ") and $pids (" pid ... ") to the live processes under
# ROOT (a pid, or empty) and, in session SID, those whose environment holds TA_HELPER=MARK: a process
# whose parent died is no one's child any more, but it keeps its session and its environment. (Only
# candidates in the session are read: BusyBox grep stops at the first NUL, so each environment goes
# through tr.) /proc/PID/stat: the command name may hold spaces and parentheses, so the fields are read
# after its last ") ". Zombies have ended; this shell and its ancestors are never ours.
_OURS = r'''
ours() {
  _mark=$1 _root=$2 _sid=$3 _table=
  for _f in /proc/[0-9]*/stat; do
    { IFS= read -r _l < "$_f"; } 2>/dev/null || continue
    _p=${_f#/proc/}; _p=${_p%/stat}
    set -f; set -- ${_l##*") "}; set +f
    [ "$1" = Z ] || [ "$_p" = 1 ] || [ "$_p" = $$ ] || _table="$_table $_p:$2:$4:${20}"
  done
  _up=" " _a=$PPID
  while [ -n "$_a" ]; do
    _up="$_up$_a " _next=
    for _e in $_table; do
      [ "${_e%%:*}" = "$_a" ] || continue
      _next=${_e#*:}; _next=${_next%%:*}
    done
    case $_up in *" $_next "*) _next= ;; esac
    _a=$_next
  done
  _known=" $_root "
  for _e in $_table; do
    _p=${_e%%:*} _r=${_e#*:*:}
    [ -n "$_sid" ] && [ "${_r%%:*}" = "$_sid" ] || continue
    case "$_known$_up" in *" $_p "*) continue ;; esac
    tr '\0' '\n' < "/proc/$_p/environ" 2>/dev/null | grep -q -x -F -e "TA_HELPER=$_mark" && _known="$_known$_p "
  done
  _more=1
  while [ -n "$_more" ]; do
    _more=
    for _e in $_table; do
      _p=${_e%%:*} _r=${_e#*:}
      case $_known in *" $_p "*) continue ;; esac
      case $_known in *" ${_r%%:*} "*) _known="$_known$_p " _more=1 ;; esac
    done
  done
  ours=" " pids=" "
  for _e in $_table; do
    _p=${_e%%:*}
    [ "$_p" != "$_root" ] || continue
    case $_known in *" $_p "*) ours="$ours$_p:${_e##*:} " pids="$pids$_p " ;; esac
  done
}
'''

# The first round of stopping is SIGUSR1, then SIGKILL for what is left: an rsync daemon exits at once on
# SIGUSR1 (on SIGTERM it sleeps 0.4 s first, a pause meant for an ssh asking for a password), netcat, tar and sh
# end on it, and the one that ignores it, the daemon's process for its connection, was still there 0.15 s after
# its client had ended (traced: 5 stops in 6 took 0.29 s with a SIGTERM round between; bench/overhead.py).
# Nothing of a helper has anything to save: its folder is removed after it, and a file it was writing when a
# copy was cut is checked before the next run carries it on (app.core.transfer.resume).
#
# $1 the helper (a shell command). The first line of input is its secret, handed on through a pipe
# from a builtin printf: never an argument anyone can read in `ps`, never a file. The helper's tree is
# stopped, and the wrapper's folder (the helper's TMPDIR) removed, when the helper ends, when SIGTERM
# comes (the app signals through the channel; sshd signals the session's whole process group), and
# when the channel's input ends: the app closed it, crashed, or lost the connection (a dead-man switch).
WRAPPER = _OURS + r'''
mark= sid= dir=
stop() {
  trap '' HUP INT TERM PIPE  # once is enough; and stderr may be gone with the channel
  _n=0
  while ours "$mark" $$ "$sid"; [ "$pids" != " " ] && [ $_n -lt 40 ]; do
    _n=$((_n + 1))
    echo "ta-helper stopping$ours" >&2
    if [ $_n -eq 1 ]; then kill -USR1 $pids; kill -CONT $pids; else kill -KILL $pids; fi 2>/dev/null
    [ $_n -gt 2 ] || sleep 0.02 2>/dev/null || sleep 0.1 2>/dev/null || sleep 1
    [ $_n -le 2 ] || sleep 0.1 2>/dev/null || sleep 1
  done
  [ -z "$dir" ] || rm -rf "$dir"
  exit "$1"
}
trap 'stop 143' HUP INT TERM USR1
IFS= read -r secret || exit 1
umask 077
dir=$(mktemp -d "${TMPDIR:-/tmp}/transfer-advisor.XXXXXX") || exit 1
{ IFS= read -r _l < /proc/$$/stat; } 2>/dev/null
set -f; set -- "$1" ${_l##*") "}; set +f
mark="$$.${21}." sid=$5
echo "ta-helper started $$:${21} $sid $mark $dir" >&2
exec 3<&0  # an asynchronous list's input is /dev/null unless it says otherwise
printf '%s\n' "$secret" | TMPDIR=$dir TA_HELPER=$mark sh -c "$1" 3<&- &
helper=$!
secret=
{ while IFS= read -r _; do :; done; kill -TERM $$; } <&3 3<&- &
exec 3<&-
wait "$helper"
stop $?
'''

# $1 the wrapper's mark, $2 its PID:START, $3 its session, $4 its folder, then the PID:START pairs it reported. Run
# over a fresh channel once the wrapper is gone: whatever of the helper still runs is killed; what
# cannot be killed is named on stdout ("left PID NAME"). A pid counts only with its start time (pids
# are reused) or the helper's mark in its environment.
CHECK = _OURS + r'''
mark=$1 wrapper=$2 sid=$3 dir=$4
shift 4
started() {  # pid $1 runs and started at $2
  { IFS= read -r _l < "/proc/$1/stat"; } 2>/dev/null || return 1
  set -f; set -- "$2" ${_l##*") "}; set +f
  [ "$2" != Z ] && [ "${21}" = "$1" ]
}
look() {
  root=
  started "${wrapper%%:*}" "${wrapper#*:}" && root=${wrapper%%:*}
  ours "$mark" "$root" "$sid"
  left="$pids$root "
  for e; do
    case $left in *" ${e%%:*} "*) continue ;; esac
    started "${e%%:*}" "${e#*:}" && left="$left${e%%:*} "
  done
  left=$(echo $left)
}
n=0
while look "$@"; [ -n "$left" ] && [ $n -lt 20 ]; do
  n=$((n + 1))
  kill -KILL $left 2>/dev/null
  sleep 0.1 2>/dev/null || sleep 1
done
[ -z "$dir" ] || rm -rf -- "$dir"
for p in $left; do
  { IFS= read -r name < "/proc/$p/comm"; } 2>/dev/null
  echo "left $p ${name:-?}"
done
[ -z "$dir" ] || [ ! -e "$dir" ] || echo "left-folder $dir"
'''

_PID_START = re.compile(r"^\d+:\d+$")
_MARK = re.compile(r"^\d+\.\d+\.$")
_FOLDER = re.compile(r"^/[^\n]*/transfer-advisor\.[A-Za-z0-9]+$")


def check_args(started: str, reported: set[str]) -> list[str] | None:
    """The check's arguments from the wrapper's `started` words and the PID:START pairs it reported, or
    None when they are not what it writes (nothing to check safely: a pid without its start time could
    be someone else's by now)."""
    words = started.split()
    if len(words) != 4:
        return None
    wrapper, sid, mark, folder = words
    if not (_MARK.match(mark) and _PID_START.match(wrapper) and sid.isdigit() and _FOLDER.match(folder)):
        return None
    return [mark, wrapper, sid, folder, *sorted(r for r in reported if _PID_START.match(r))]
