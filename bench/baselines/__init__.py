"""Bare broadcast servers the load benchmark runs next to Lobby, in the same run."""
