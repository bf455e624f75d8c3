"""The window's steps, one panel each: host, selection, advice, recommendation, copy, history,
with the error banner and the card every step sits in."""
