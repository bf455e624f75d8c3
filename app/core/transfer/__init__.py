"""The transfer: run one method on the selection into a staging folder, watch its progress,
verify it, move it into place; resume, files already there, mirrors, the sweep of our leftovers."""
