"""Background jobs: mail and cleanup. `enqueue` runs them inline (embedded) or on RQ (production)."""
