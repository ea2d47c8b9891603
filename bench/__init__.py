"""Benchmarks: scripts run by hand, never collected by pytest."""
