"""Textual stylesheets, shipped inside the package as foxtui.styles."""
