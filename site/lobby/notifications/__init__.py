"""Notifications: a person's list of things that happened to them (friend requests, mentions,
replies, direct messages), the newest 500 kept, pushed live to their sockets as they are made."""
