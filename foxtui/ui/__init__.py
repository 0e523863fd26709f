"""foxtui ui."""
