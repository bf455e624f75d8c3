"""Probes: each measures one thing about the link within a time budget.

Each probe is an async function taking a `ProbeContext` and returning what it measured;
the profiler (app/core/profile/profiler.py) runs them in order, fills in a LinkProfile and
reports each result as soon as it is in.
"""
