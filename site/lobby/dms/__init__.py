"""Direct messages: a conversation of two people is a channel of type "DM" with no server, named by
its `direct_chats` row. Messages, files, reactions, search and the live socket work on it through
the same code as on a server's channel (`servers/access.access_channel` lets the two people in)."""
