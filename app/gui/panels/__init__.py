"""The window's steps. One panel each shows a step (host, selection, the Find row and the charts, the
recommendation, the copy, the history, with the error banner and the card every step sits in); the
steps in motion (host_steps, advice_step, copy_step) run the flow's jobs and talk to the panels only
through the panels' own methods."""
