"""The sentences a person reads, built once for the command line and the window; failures are errors/'s,
the numbers in them formatting.py's. One module per step, each ranked with the step it words (the step's
code says its own sentences through it): transfer.py a copy as it goes and ends, the notes beside its
result and the questions before it; advice.py what limits a prediction and why a method was chosen, and the
tooltips; window.py the window's own lines. Import the module you need: this one loads none of them."""
