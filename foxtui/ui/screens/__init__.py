"""foxtui screens."""
