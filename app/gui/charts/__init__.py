"""The charts: the bottleneck bars, the race's live curves, and the ring-buffered plot under them.
"""
