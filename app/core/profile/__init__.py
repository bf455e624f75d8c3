"""The profile: the probes that measure the link, the disks, the CPUs and the per-file cost,
run in turn within their budgets into one LinkProfile, kept per host and reused while the link looks the same."""
