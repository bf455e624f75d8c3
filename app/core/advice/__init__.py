"""The advice: predictions from the bottleneck model, the race of the top candidates on the
real selection, and the recommendation with its reason."""
