"""Accounts and sessions: users, e-mail verification, sign-in, refresh tokens, password reset."""
