"""Tests for Minimal Space Combat (RULES.md section 4)."""
