"""The race corrects the ranking: what a method measured also tells how far its other variants'
predictions are off."""

from __future__ import annotations

from app.core.advisor import rank
from app.core.profile import CipherProbe
from app.core.race import Lap
from tests.unit.test_model import AES128GCM, BIG, CHACHA, gigabit, ranking


def test_an_unraced_variant_inherits_its_methods_correction() -> None:
    # chacha20 probed 4% faster than AES-GCM; tar-ssh raced with AES-GCM at 90% of its prediction.
    profile = gigabit(tcp_up_MBps=300, ciphers=[CipherProbe(AES128GCM, 200, 0.9, 0.5), CipherProbe(CHACHA, 208, 0.9, 0.5)])
    predictions = ranking(profile, BIG)
    aes = next(p for p in predictions if p.candidate.method_id == "tar-ssh" and p.candidate.options.cipher == AES128GCM
               and p.candidate.options.compress == "none" and not p.candidate.options.mux)
    chacha = next(p for p in predictions if p.candidate.method_id == "tar-ssh" and p.candidate.options.cipher == CHACHA
                  and p.candidate.options.compress == "none" and not p.candidate.options.mux)
    assert chacha.stream_MBps > aes.stream_MBps
    # Other methods raced as predicted: the median correction alone would leave chacha20 untouched.
    others = [p for p in predictions if p.candidate.method_id in ("scp", "sftp")][:2]
    laps = [Lap(aes.candidate, 0.9 * aes.stream_MBps)] + [Lap(p.candidate, p.stream_MBps) for p in others]
    ranked = rank(predictions, laps, BIG)
    order = [r.candidate for r in ranked]
    assert order.index(aes.candidate) < order.index(chacha.candidate)
