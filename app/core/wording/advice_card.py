"""The recommendation card's words, for someone who does not know the tools: each method in plain words, and
why the pick beat the next method, named the same way ("Ahead of “OpenSSH's file transfer” (493 MB/s timed):
that one is held back by …"). The command line's reason, with tools and ciphers: wording/advice.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.core.formatting import mbps, short_time
from app.core.wording.advice import AdviceWords, capitalized, why_over

if TYPE_CHECKING:
    from app.core.advice.candidates import Candidate
    from app.core.advice.model import Prediction
    from app.core.profile.link_profile import LinkProfile


def plain(method_id: str) -> str | None:
    """What each method does, in words for someone who does not know the tools (the card's second line)."""
    words = {"tar-ssh": AdviceWords.tr("all the files in one encrypted stream"),
             "rsync-ssh": AdviceWords.tr("rsync over an encrypted connection"),
             "scp": AdviceWords.tr("OpenSSH's secure copy"),
             "scp-legacy": AdviceWords.tr("OpenSSH's secure copy, the old way"),
             "sftp": AdviceWords.tr("OpenSSH's file transfer"),
             "ssh-cat": AdviceWords.tr("the file piped through an encrypted connection"),
             "tar-nc": AdviceWords.tr("all the files in one stream, not encrypted"),
             "rsync-daemon": AdviceWords.tr("rsync without encryption"),
             "mounted": AdviceWords.tr("the share this computer has mounted, encrypted"),
             "mounted-plain": AdviceWords.tr("the share this computer has mounted, not encrypted"),
             "rsync-service": AdviceWords.tr("the rsync service the NAS runs, not encrypted"),
             "ftps": AdviceWords.tr("the NAS's FTP service with TLS"),
             "ftp": AdviceWords.tr("the NAS's FTP service, not encrypted"),
             "smb-encrypted": AdviceWords.tr("the NAS's SMB share, encrypted"),
             "smb": AdviceWords.tr("the NAS's SMB share, not encrypted"),
             "nfs": AdviceWords.tr("the NAS's NFS export, not encrypted")}
    return words.get(method_id)


def spoken(candidate: Candidate) -> str:
    """A method as the card names it: in plain words, else its label."""
    return plain(candidate.method_id) or candidate.label


def card_reason(chosen: Prediction, ranking: list[Prediction], profile: LinkProfile,
                raced: frozenset = frozenset(), timed: frozenset = frozenset()) -> str:
    """Why this method, as the card says it under a headline that already names it and a line with its
    speed: the rival in plain words, no tool or cipher (the reason for experts: wording.advice.reason_sentence,
    with the same rival and rates)."""
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    if rival is None:
        return AdviceWords.tr("The only secure method that can run here.") if chosen.secure else \
            AdviceWords.tr("The only method that can run here.")
    name, rival_measured = spoken(rival.candidate), rival.candidate in raced
    if rival.MBps > chosen.MBps and chosen.candidate in raced and not rival_measured:
        return AdviceWords.tr("“{rival}” is predicted at {rate} MB/s, too close to trust over what was measured.",
                              rival=capitalized(name), rate=mbps(rival.MBps))
    # The clause after the colon calls the rival just named "that one": plain words make a poor subject.
    why = why_over(chosen, rival, profile, AdviceWords.tr("that one", "the method the card's reason just named"))
    if rival.candidate in timed:  # its lap copied the whole selection: as the card's other figures say it
        return AdviceWords.tr("Ahead of “{rival}” ({rate} MB/s timed): {why}.", rival=name,
                              rate=mbps(rival.MBps), why=why)
    if rival_measured:
        return AdviceWords.tr("Ahead of “{rival}” ({rate} MB/s measured): {why}.", rival=name,
                              rate=mbps(rival.MBps), why=why)
    return AdviceWords.tr("Ahead of “{rival}” ({rate} MB/s predicted): {why}.", rival=name, rate=mbps(rival.MBps),
                          why=why)


def small_card_reason(chosen: Prediction, ranking: list[Prediction], raced: frozenset = frozenset()) -> str:
    """The card's reason for a selection too small to time a rate with: whole copies, in seconds."""
    rival = next((p for p in ranking if p.candidate.method_id != chosen.candidate.method_id), None)
    if rival is None:
        return AdviceWords.tr("The only secure method that can run here.") if chosen.secure else \
            AdviceWords.tr("The only method that can run here.")
    name, rival_raced, time = spoken(rival.candidate), rival.candidate in raced, short_time(rival.seconds)
    if rival.seconds < chosen.seconds and chosen.candidate in raced and not rival_raced:
        return AdviceWords.tr("“{rival}” is predicted at {time}, too close to trust over what was timed.",
                              rival=capitalized(name), time=time)
    if rival_raced:
        return AdviceWords.tr("Ahead of “{rival}” ({time} timed): with this little data, the quicker start decides.",
                              rival=name, time=time)
    return AdviceWords.tr("Ahead of “{rival}” ({time} predicted): with this little data, the quicker start "
                          "decides.", rival=name, time=time)


def in_quotes(words: str) -> str:
    """A method's plain words as a name in a sentence: “OpenSSH's secure copy”."""
    return AdviceWords.tr("“{name}”", name=words)


def this_copy() -> str:
    """The subject of what the card's copy does not keep ("This copy writes the 2 sparse files out whole")."""
    return AdviceWords.tr("This copy")
