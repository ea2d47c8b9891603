"""direct messages: a DM is a channel of type "DM" with no server, plus its `direct_chats` row

`channels.server_id` becomes nullable (a DM belongs to no server). `direct_chats` names the two
people of a DM channel, lower id first, so a pair has exactly one conversation (unique pair);
looking a person's conversations up from either side uses the pair index (low side) or the
`user_high_id` index (high side).
The downgrade removes every DM channel, with its messages, their reactions and attachment rows,
before server_id is required again.

Revision ID: a1d3c5e7f901
Revises: 9c4e2a7f1d58
Create Date: 2026-11-24 18:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'a1d3c5e7f901'
down_revision = '9c4e2a7f1d58'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('channels', schema=None) as batch_op:
        batch_op.alter_column('server_id', existing_type=sa.Integer(), nullable=True)

    op.create_table('direct_chats',
    sa.Column('channel_id', sa.Integer(), nullable=False),
    sa.Column('user_low_id', sa.Integer(), nullable=False),
    sa.Column('user_high_id', sa.Integer(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['channel_id'], ['channels.id'], name=op.f('fk_direct_chats_channel_id_channels'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_high_id'], ['users.id'], name=op.f('fk_direct_chats_user_high_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_low_id'], ['users.id'], name=op.f('fk_direct_chats_user_low_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('channel_id', name=op.f('pk_direct_chats')),
    sa.UniqueConstraint('user_low_id', 'user_high_id', name=op.f('uq_direct_chats_user_low_id'))
    )
    with op.batch_alter_table('direct_chats', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_direct_chats_user_high_id'), ['user_high_id'], unique=False)


def downgrade():
    with op.batch_alter_table('direct_chats', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_direct_chats_user_high_id'))

    op.drop_table('direct_chats')
    # Said row by row rather than left to ON DELETE CASCADE: SQLite migrates with foreign keys off
    # (migrations/env.py). The files of those attachments stay on disk.
    in_dms = ("SELECT messages.id FROM messages JOIN channels ON channels.id = messages.channel_id "
              "WHERE channels.server_id IS NULL")
    op.execute(f"DELETE FROM reactions WHERE message_id IN ({in_dms})")
    op.execute(f"DELETE FROM attachments WHERE message_id IN ({in_dms})")
    op.execute("DELETE FROM messages WHERE channel_id IN (SELECT id FROM channels WHERE server_id IS NULL)")
    op.execute("DELETE FROM channels WHERE server_id IS NULL")
    with op.batch_alter_table('channels', schema=None) as batch_op:
        batch_op.alter_column('server_id', existing_type=sa.Integer(), nullable=False)
