"""The selection: what to send (or fetch), scanned once into entries relative to their roots,
and the race's sample, a part of it with the same mix of file sizes."""
