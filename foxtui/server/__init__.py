"""``foxtui serve``: shared tables over SSH (see serve.py for how the pieces fit)."""
