"""foxtui widgets."""
