"""Servers and channels: membership, invites, bans, the audit log."""
