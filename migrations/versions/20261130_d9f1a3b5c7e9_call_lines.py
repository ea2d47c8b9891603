"""a call leaves a line in its DM: `messages.message_type` ('text' or 'call') and `messages.call`

A call's line is a message by the caller with no content, `message_type` 'call' and `call` =
{outcome: answered | missed | declined, seconds} (lobby/dms/call_lines.py). Every message before
this is text. The downgrade removes the call lines, then the columns.

Revision ID: d9f1a3b5c7e9
Revises: 7742acdd8013
Create Date: 2026-11-29 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

from lobby.messages.search_index import create_sqlite_index


# revision identifiers, used by Alembic.
revision = 'd9f1a3b5c7e9'
down_revision = '7742acdd8013'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.add_column(sa.Column('message_type', sa.String(length=16), server_default='text', nullable=False))
        batch_op.add_column(sa.Column('call', sa.JSON(none_as_null=True), nullable=True))


def downgrade():
    op.execute("DELETE FROM messages WHERE message_type <> 'text'")
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.drop_column('call')
        batch_op.drop_column('message_type')
    if op.get_bind().dialect.name == 'sqlite':  # the batch rebuilt `messages`, without its search triggers
        create_sqlite_index(op)
