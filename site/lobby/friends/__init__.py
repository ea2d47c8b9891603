"""Friends: requests, the friends list, blocks, the friend activity log and privacy settings."""
