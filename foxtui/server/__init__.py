"""foxtui server."""
