"""The recommendation: from the ranking, the fastest secure method and (where unencrypted methods are allowed and
one is faster) the fastest overall, each with its reason in a sentence, the window's card's plain words, what
it keeps and loses, and the command that makes the same copy by hand; and the bottleneck's sentence.
(app.core.advice.advisor runs the profile, the predictions and the race that come before it.)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from app.core.advice.factors import Factor
from app.core.advice.model import Candidate, Prediction
from app.core.advice.ranking import Ranked, rounded
from app.core.formatting import TOO_LITTLE_TO_TIME
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.session import Session
from app.core.host.share_roots import ShareRoot
from app.core.host.ssh_command import Options
from app.core.profile.link_profile import LinkProfile
from app.core.selection.entries import Selection
from app.core.selection.stats import SelectionStats
from app.core.transfer import methods
from app.core.transfer.command import Reach, shown_command
from app.core.transfer.methods.keeps import Keeps
from app.core.wording.advice import (bottleneck_sentence, capitalized, compression_pays, reason_sentence,
                                     small_reason_sentence, small_selection_sentence)
from app.core.wording.advice_card import card_reason, in_quotes, small_card_reason, spoken, this_copy
from app.core.wording.transfer import links_become_copies, losses_sentences, quicker_but_loses

if TYPE_CHECKING:
    from app.core.advice.advisor import AdviceRequest


@dataclass
class Recommendation:
    ranked: Ranked
    reason: str
    command: str
    keeps: Keeps = Keeps()
    loses: list[str] = field(default_factory=list)  # what the selection has that this copy does not keep
    options: Options | None = None  # what the copy runs with: the candidate's, with what was asked to be kept
    card_reason: str = ""  # the reason as the window's card says it: plain words, no tool or cipher

    def __post_init__(self) -> None:
        if self.options is None:
            self.options = self.ranked.candidate.options
        self.card_reason = self.card_reason or self.reason

    def as_dict(self) -> dict:
        p = self.ranked.prediction
        return {"method": p.candidate.method_id, "options": p.candidate.options.as_dict(),
                "predicted_MBps": round(p.MBps, 2), "measured_MBps": rounded(self.ranked.measured_MBps),
                "expected_seconds": round(self.ranked.seconds, 2), "reason": self.reason, "command": self.command,
                "keeps": self.keeps.as_dict(), "loses": self.loses}


@dataclass
class Advice:
    profile: LinkProfile
    stats: SelectionStats
    ranking: list[Ranked]
    factor: Factor  # SETUP: the selection is too little to time, starting up takes it
    sentence: str
    secure: Recommendation | None
    overall: Recommendation | None
    left_out: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    # Within the factor: what exactly ("network", "ssh-window", a process such as "tar" or "sshd", "write")
    # and where ("local", "remote" or "" for the network or a disk). `link` covers a tool's own work
    # too (its protocol's speed on that CPU), so these tell a weak NAS's CPU running tar from the wire.
    detail: str = ""
    side: str = ""
    notes: list[str] = field(default_factory=list)  # what else happened: stale folders of earlier runs removed
    raced: bool = True  # False: the race was skipped (not asked for, or a quick copy went at once)
    staged_bytes: int = 0  # what the race's laps copied into the copy's staging folder (AdviceRequest.then)
    # A copy's race whose laps each copy the whole selection: the first lap that did, its candidate and folder, left
    # for the copy to take over when it runs with that candidate (app.core.advice.follow; race(keep_whole)).
    kept_lap: tuple[Candidate, str] | None = None
    # The window's advice (copy_may_follow): the staging folder its race opened where there was none, which goes
    # with the kept lap when no copy of the same files takes them (app.core.advice.follow.let_go).
    made_stage: str = ""
    # What the advice read, for the copy it picks (app.core.advice.follow): what was asked, the selection as
    # scanned, its sources and the destination as absolute paths.
    request: AdviceRequest | None = None
    selection: Selection | None = field(default=None, repr=False)
    sources: list[str] = field(default_factory=list)
    dest: str = ""

    def pick(self, allow_insecure: bool) -> Recommendation | None:
        """What `copy --best` copies with: the fastest overall when unencrypted methods are allowed, else the
        fastest secure one."""
        return self.overall if allow_insecure else self.secure

    def as_dict(self) -> dict:
        return {"profile": self.profile.as_dict(),
                "bottleneck": {"factor": self.factor, "sentence": self.sentence, "detail": self.detail,
                               "side": self.side},
                "ranking": [r.as_dict(self.profile.host) for r in self.ranking],
                "recommended": {"secure": self.secure.as_dict() if self.secure else None,
                                "overall": self.overall.as_dict() if self.overall else None},
                "left_out": self.left_out, "files": self.stats.files, "bytes": self.stats.bytes,
                "seconds": round(self.seconds, 2), "raced": self.raced, "staged_bytes": self.staged_bytes,
                "notes": self.notes}


def losses_per_method(session: Session, stats: SelectionStats) -> dict[str, list[str]]:
    """Per method, the hard links and sparse files of the selection it would not keep."""
    # Links have a gentler rule in rank(); xattrs are kept only when asked, and then by every method left.
    needed = [n for n in stats.needs_kept() if n not in ("symlinks", "xattrs")]
    if not needed:
        return {}
    return {m.id: m.keeps_between(session.local, session.remote).lost(needed) for m in methods.METHODS.values()}


def advice_for(session: Session, profile: LinkProfile, stats: SelectionStats, ranking: list[Ranked],
            predictions: list[Prediction], sources: list[str], dest: str, left_out: dict[str, str],
            seconds: float, asked: dict[str, bool] | None = None, shares: tuple[ShareRoot | ModuleRoot | Unusable, ...] = ()) -> Advice:
    best_secure = next((r for r in ranking if r.prediction.secure), None)
    best = ranking[0]
    explain = best_secure or best
    asked = asked or {}
    secure = (recommend(session, best_secure, ranking, profile, stats, sources, dest, asked, shares)
              if best_secure else None)
    overall = (secure if best_secure is best else
               recommend(session, best, ranking, profile, stats, sources, dest, asked, shares))
    # A compressor that beats the raw network is the remedy, not the bottleneck: the network is.
    p = quoted(explain)
    if too_little_to_time(stats):
        sentence = small_selection_sentence(stats.files, stats.bytes, explain.candidate.label,
                                                    explain.seconds, explain.timed)
        return Advice(profile, stats, ranking, Factor.SETUP, sentence, secure, overall, left_out, seconds, "start-up")
    factor = Factor.LINK if compression_pays(p, profile) else p.limit
    return Advice(profile, stats, ranking, factor, bottleneck_sentence(p, profile, explain.measured_MBps),
                  secure, overall, left_out, seconds, p.detail if factor == p.limit else "network",
                  p.side if factor == p.limit else "")


def quoted(explain: Ranked) -> Prediction:
    """The prediction the bottleneck sentence (and the window's chart) quotes: where the race did better than
    the ceiling the model put on it, what the race did."""
    p = explain.prediction
    if explain.measured_MBps and explain.measured_MBps > p.stream_MBps:
        raced = explain.measured_MBps
        return replace(p, stream_MBps=raced, components={**p.components, p.limit: raced})
    return p


def too_little_to_time(stats: SelectionStats) -> bool:
    """Starting the copy, not any rate, takes the time: the advice speaks in seconds."""
    return stats.bytes < TOO_LITTLE_TO_TIME


def recommend(session: Session, chosen: Ranked, ranking: list[Ranked], profile: LinkProfile,
               stats: SelectionStats, sources: list[str], dest: str, asked: dict[str, bool],
               shares: tuple[ShareRoot | ModuleRoot | Unusable, ...] = ()) -> Recommendation:
    c = chosen.candidate
    method = methods.get(c.method_id)
    options = replace(c.options, **asked)
    # The rival named in the reason is the next method of the same kind (secure beside secure) that keeps
    # what the selection has, if the chosen one does; one that is quicker but would not is said after it.
    peers = [r for r in ranking if r.prediction.secure or not chosen.prediction.secure]
    losing = losses_per_method(session, stats)
    quicker = [r for r in peers if losing.get(r.candidate.method_id) and r.seconds < chosen.seconds]
    if not losing.get(c.method_id):
        peers = [r for r in peers if not losing.get(r.candidate.method_id)]
    predictions = sentence_rates(peers, stats)
    chosen_p = next(p for p in predictions if p.candidate == c)
    raced = frozenset(r.candidate for r in peers if r.measured_MBps or r.timed)
    small = too_little_to_time(stats)
    reason = (small_reason_sentence(chosen_p, predictions, raced) if small else
              reason_sentence(chosen_p, predictions, profile, raced))
    card = (small_card_reason(chosen_p, predictions, raced) if small else
            card_reason(chosen_p, predictions, profile, raced, frozenset(r.candidate for r in peers if r.timed)))
    keeps = method.keeps_between(session.local, session.remote)
    loses = keeps.given(**asked).lost(stats.needs_kept())
    reason, card = (" ".join([said, *kept_sentences(method, stats, loses, subject)])
                    for said, subject in ((reason, method.label.split(" (")[0]), (card, this_copy())))
    if quicker and not losing.get(c.method_id):
        fastest = min(quicker, key=lambda r: r.seconds)
        lost = losing[fastest.candidate.method_id]
        reason += " " + quicker_but_loses(fastest.candidate.label, lost)
        card += " " + quicker_but_loses(in_quotes(capitalized(spoken(fastest.candidate))), lost)
    share = method.share_for(shares, [*sources, dest], options.download)
    return Recommendation(chosen, reason, shown_command(c.method_id, options, sources, dest, Reach.of(session),
                                                        share=share), keeps, loses, options, card)


def kept_sentences(method: methods.Method, stats: SelectionStats, loses: list[str], subject: str) -> list[str]:
    """What the copy does not keep of the selection, after its reason; `subject` names the copy."""
    links = [links_become_copies(stats.links)] if stats.links and not method.keeps_symlinks else []
    return links + losses_sentences(subject, loses, stats)


def sentence_rates(peers: list[Ranked], stats: SelectionStats) -> list[Prediction]:
    """The rates the reason quotes, on the basis the ranking used: what the race measured, else the
    prediction; when laps were timed over the whole selection, every method's rate for the whole copy
    (start-up included), so a quicker copy is never quoted at a lower rate than the one it beat."""
    timed = any(r.timed for r in peers)
    return [replace(r.prediction, MBps=stats.bytes / 1e6 / r.seconds if timed and r.seconds > 0
                    else r.measured_MBps or r.prediction.MBps, seconds=r.seconds) for r in peers]
