"""message search: a full-text index of message content

PostgreSQL: a GIN index on the Russian tsvector of `messages.content`. SQLite: an FTS5 table
`messages_fts` kept in step with `messages` by triggers, back-filled here. The statements live in
`lobby.messages.search_index`, next to the queries that must match them.

Revision ID: 7d2e5b81c6a3
Revises: 3f1a9c2e7b40
Create Date: 2026-11-23 12:00:00.000000

"""
from alembic import op

from lobby.messages import search_index


# revision identifiers, used by Alembic.
revision = '7d2e5b81c6a3'
down_revision = '3f1a9c2e7b40'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name == 'postgresql':
        search_index.create_pg_index(op)
    else:
        search_index.create_sqlite_index(op)


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        search_index.drop_pg_index(op)
    else:
        search_index.drop_sqlite_index(op)
