"""The asyncio core, in the order of the flow: host → selection → profile → advice → transfer,
with state/ (kept between runs) and demo/ beside them; errors, wording, events, runner shared. No Qt."""
