"""The profile: the probes that measure the link, the disks, the CPUs and the per-file cost,
run in turn within their budgets into one LinkProfile."""
