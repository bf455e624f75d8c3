"""The race's verdict: which methods race (`pick_entrants`) and how every candidate ranks once the laps are in
(`rank`: what the race measured, else the prediction as far off as the race showed the model to be here).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, replace

from app.core.advice.candidates import Candidate
from app.core.advice.model import Prediction
from app.core.advice.race import Lap
from app.core.selection.stats import SelectionStats
from app.core.transfer import methods
from app.core.wording.advice import limit_words


def rounded(value: float | None) -> float | None:
    """A figure as the JSON output gives it: two decimals, or None."""
    return None if value is None else round(value, 2)


@dataclass
class Ranked:
    prediction: Prediction
    measured_MBps: float | None = None
    seconds: float = 0.0  # expected time for the whole selection, corrected by the race
    timed: bool = False   # `seconds` is the wall time of a lap that copied the whole selection
    allowed: float = 1.0  # what `seconds` was multiplied by for what earlier copies to this host taught
    fixed_s: float = 0.0  # of `seconds` before `allowed`: what does not grow with the bytes (set-up, climb, commands)

    @property
    def candidate(self) -> Candidate:
        return self.prediction.candidate

    def for_part(self, sent: int, total: int) -> float:
        """The promise for a copy that sends `sent` of the selection's `total` bytes (the rest staged by the
        race, or there already): what does not grow with the bytes, and the share of what does."""
        if self.timed or total <= 0 or sent >= total:
            return self.seconds
        fixed = min(self.fixed_s * self.allowed, self.seconds)
        return fixed + (self.seconds - fixed) * max(sent, 0) / total

    def as_dict(self, host: str) -> dict:
        """`limit`: the factor; `detail` and `side` within it (Advice.detail); `limit_words`: what holds it back."""
        p = self.prediction
        return {"method": p.candidate.method_id, "options": p.candidate.options.as_dict(), "secure": p.secure,
                "predicted_MBps": round(p.MBps, 2), "measured_MBps": rounded(self.measured_MBps), "limit": p.limit,
                "detail": p.detail, "side": p.side, "limit_words": limit_words(p, host),
                "expected_seconds": round(self.seconds, 2)}


FAR_BEHIND = 2.0  # an entrant predicted to take this many times the best one's time is not raced (pick_entrants)


def pick_entrants(predictions: list[Prediction], count: int, allow_insecure: bool) -> list[Prediction]:
    """The best variant of each method, top `count` of them, always with the best secure one, a copy through
    a share mounted here (the mount's pace is nothing a probe measured), and (when allowed, with room for
    three) every unencrypted method: the overall pick is one of them, they are often within 20 % of each
    other, and the model's constants for them are least sure on a shared or weak CPU, so the race, not the
    model, decides between them. The first entrant on parallel streams
    races beside the same variant on one stream, in the place of the last entrant that is not a must:
    streams are picked only where they win, and the race takes no longer. A method predicted to take
    FAR_BEHIND times the best one's time is no close call: it does not race unless it is a must (a lap of
    scp over a tree of small files is seconds of the user's wait that cannot change the pick). Returned in
    racing order."""
    best: dict[str, Prediction] = {}
    for p in predictions:
        best.setdefault(p.candidate.method_id, p)
    order = list(best.values())
    quickest = min((p.seconds for p in order if p.seconds > 0), default=0.0)
    if count <= 1:
        return order[:1]
    insecure = [p for p in order if not p.secure] if allow_insecure else []
    must = [p for p in order if p.secure][:1]
    # A copy through a share mounted here goes at the mount's own pace, which no probe measured: it races.
    must += [p for p in order if p.secure and p.candidate.method.through_share and p not in must][:1]
    must = (must + insecure[:count - 1 if count >= 3 else 1])[:count]
    close = [p for p in order if p not in must and not (quickest and p.seconds > FAR_BEHIND * quickest)]
    chosen = sorted(must + close[:max(0, count - len(must))], key=order.index)
    if len(insecure) > 1 and insecure[1] in chosen:
        # The first lap pays for cold caches (the files read, the far side's memory and folders): give it
        # to the best secure method, so the close call between the two unencrypted ones is made evenly.
        chosen.sort(key=lambda p: not p.secure)
    return _with_one_stream_twin(chosen, predictions, must, count)


def _with_one_stream_twin(chosen: list[Prediction], predictions: list[Prediction], must: list[Prediction],
                          count: int) -> list[Prediction]:
    first = next((p for p in chosen if p.candidate.options.streams > 1), None)
    if first is None:
        return chosen
    o = first.candidate.options
    twin = next((q for q in predictions if q.candidate.method_id == first.candidate.method_id
                 and q.candidate.options == replace(o, streams=1)), None)
    if twin is None or twin in chosen:
        return chosen
    at = chosen.index(first) + 1
    out = chosen[:at] + [twin] + chosen[at:]
    spare = [p for p in out if p not in must and p is not first and p is not twin]
    if len(out) > count and spare:
        out.remove(spare[-1])
    return out


def rank(predictions: list[Prediction], laps: list[Lap], stats: SelectionStats,
         whole: bool = False, losing: dict[str, list[str]] | None = None,
         lessons: dict[str, float] | None = None, commands_s: float = 0.0,
         done: Candidate | None = None, unraced_climb: float = 0.0) -> list[Ranked]:
    """Predictions corrected by the race: raced candidates by what they measured, the others by
    how far off the prediction of their own method's raced variant was, or else the median of all.
    When the race copied the `whole` selection, a lap that finished took the time the copy takes:
    set-up and finish included, which on a small selection decide between near-equal rates.
    `losing`: per method, what of the selection it would not keep (hard links, sparse files): such a
    method comes after every one that keeps all of it, whatever its speed. `lessons`: per method, how many
    times its prediction earlier copies to this host took (app.core.profile.kept.lessons); a method no copy
    taught anything about is as far off as the median of those that did. Not a timed lap: that is a copy.
    A lap that took longer than its predicted set-up to get its data flowing at its rate adds the difference;
    `commands_s` (what the copy's own commands around its tool take on this host) is added to every one;
    `unraced_climb`, where no lap was timed, is the climb the model expects instead (calibration.held_climb_s)."""
    measured = {lap.candidate: lap.MBps for lap in laps if lap.MBps}
    took = {lap.candidate: lap.seconds for lap in laps if whole and lap.seconds}
    ratios = {p.candidate: measured[p.candidate] / p.stream_MBps for p in predictions
              if p.candidate in measured and p.stream_MBps > 0}
    scale = statistics.median(ratios.values()) if ratios else 1.0
    by_method = {c.method_id: r for c, r in ratios.items()}
    by_variant = {_variant(c): r for c, r in ratios.items()}  # on parallel streams or on one
    # What streams did on this host (its sshd, its cores) says most about another method's streams.
    on_streams = [r for c, r in ratios.items() if c.options.streams > 1]
    streams_scale = statistics.median(on_streams) if on_streams else None
    # Where no lap ran on streams, streams are no proven gain: a variant on them moves no more than its method's
    # fastest lap on one stream, or the fastest of any (on the lab's weak NAS, a variant on two streams the
    # race never timed was picked from the model's two cores where the host's quota gave it an eighth of one:
    # it moved 34 MB/s, one stream 49).
    one_stream: dict[str, float] = {}
    for c, r in measured.items():
        if c.options.streams == 1:
            one_stream[c.method_id] = max(r, one_stream.get(c.method_id, 0.0))
    # How much longer than predicted a method's timed lap took, for its other variants.
    slower = {p.candidate.method_id: took[p.candidate] / p.seconds for p in predictions
              if p.candidate in took and p.seconds > 0}
    # A method that did not race is as far off as the median of those that did (its start-up too).
    slower_all = statistics.median(slower.values()) if slower else 1.0
    # How much longer than its predicted set-up a lap took to get its data flowing at its rate: the app's
    # commands before the tool and a starved host's climb (seconds there; bench/pace.py), which a copy pays
    # too. A variant that did not race pays what its method's lap did (its climb is the same; with the median
    # lap's instead, a compressed twin of a late method could come first on files that do not compress: one
    # bench run on the lab's weak NAS picked tar over ssh with lz4 so and took twice as long, not traced
    # further), and a method that did not race what the median lap did.
    # A lap that was the shared connection's first bulk data (Lap.cold) paid that connection's climb, once: a copy
    # over it after the race pays what the laps after it over it paid (none raced: nothing beyond its commands).
    # A variant on connections of its own (parallel streams, its own multiplexing, ssh's compression) climbs on
    # each: it pays the laps' figures as they were. With no lap timed, every method pays `unraced_climb`.
    setups = {p.candidate: p.setup_s for p in predictions}
    timed = [lap for lap in laps if lap.MBps and lap.startup_s is not None]
    as_timed = {lap.candidate: max(0.0, lap.startup_s - setups.get(lap.candidate, 0.0)) for lap in timed}
    warm = [as_timed[lap.candidate] for lap in timed if lap.shared and not lap.cold]
    warmed = {**as_timed, **{lap.candidate: statistics.median(warm) if warm else 0.0 for lap in timed if lap.cold}}

    def with_methods(late: dict) -> tuple[dict, dict[str, float], float]:
        """The laps' late starts, each method's slowest, and the median one (for a method that did not race)."""
        per_method: dict[str, float] = {}
        for c, seconds in late.items():
            per_method[c.method_id] = max(seconds, per_method.get(c.method_id, 0.0))
        return late, per_method, statistics.median(late.values()) if late else unraced_climb

    own_connection, shared_connection = with_methods(as_timed), with_methods(warmed)

    def climbs(p: Prediction) -> float:
        late, per_method, median = own_connection if p.candidate.options.own_connection else shared_connection
        return late.get(p.candidate, per_method.get(p.candidate.method_id, median))

    ranked = []
    for p in predictions:
        rate = measured.get(p.candidate)
        own = by_variant.get(_variant(p.candidate), by_method.get(p.candidate.method_id, scale))
        if p.candidate.options.streams > 1 and _variant(p.candidate) not in by_variant and streams_scale:
            own = streams_scale
        stream = rate if rate else p.stream_MBps * min(own, 1.0)  # never promote an untested guess
        if not rate and p.candidate.options.streams > 1 and not on_streams and one_stream:
            stream = min(stream, one_stream.get(p.candidate.method_id, max(one_stream.values())))
        climb = climbs(p)
        seconds = p.setup_s + p.per_file_s * (0 if rate else 1) + stats.bytes / max(stream * 1e6, 1.0) + climb
        if p.candidate in took:
            seconds = took[p.candidate]
        elif p.candidate.method_id in slower:
            seconds = max(seconds, p.seconds * slower[p.candidate.method_id])
        elif rate is None:  # what a method raced (at its rate) stands; a guess is no better than its prediction
            seconds = max(seconds, p.seconds * slower_all)
        seconds += commands_s
        allowed = 1.0 if p.candidate in took else _allowed(p.candidate.method_id, lessons or {})
        fixed = min(p.setup_s + climb + commands_s, seconds)
        ranked.append(Ranked(p, rate, seconds * allowed, p.candidate in took, allowed, fixed))
    # A raced candidate beats an unraced one that is not clearly (10%) faster on paper; when the selection
    # has symbolic links, a method that keeps them beats one that turns them into copies unless that one is
    # clearly faster too.
    def loses_links(r: Ranked) -> bool:
        return stats.links > 0 and not methods.get(r.candidate.method_id).keeps_symlinks

    losing = losing or {}
    # `done`: a lap that copied the whole selection into a folder the copy takes over (race(keep_whole)) is the
    # copy already: it comes first (after no method that keeps all of the selection), whatever the others were
    # predicted to do.
    return sorted(ranked, key=lambda r: (bool(losing.get(r.candidate.method_id)), r.candidate != done,
                                         r.seconds * (1.0 if r.measured_MBps or r.timed else 1.1)
                                         * (1.1 if loses_links(r) else 1.0)))


def _variant(c: Candidate) -> tuple[str, bool]:
    return c.method_id, c.options.streams > 1


def _allowed(method_id: str, lessons: dict[str, float]) -> float:
    if method_id in lessons:
        return lessons[method_id]
    return statistics.median(lessons.values()) if lessons else 1.0
