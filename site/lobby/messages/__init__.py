"""Text chat: messages, replies, reactions."""
