"""Renderers: they know layout, never rules."""
