"""messages by author and time: the send rate counts an author's recent messages

The single-column index on `messages.author_id` becomes (author_id, created_at): the rate check
inside the send reads at most a window's worth of entries, and lookups by author alone still use
its first column.

Revision ID: b58e0c4d91a7
Revises: 7d2e5b81c6a3
Create Date: 2026-11-23 14:00:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'b58e0c4d91a7'
down_revision = '7d2e5b81c6a3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.create_index('ix_messages_author_id_created_at', ['author_id', 'created_at'], unique=False)
        batch_op.drop_index('ix_messages_author_id')


def downgrade():
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.create_index('ix_messages_author_id', ['author_id'], unique=False)
        batch_op.drop_index('ix_messages_author_id_created_at')
