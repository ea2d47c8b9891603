"""inbox: mentions, read state, notifications

`messages` gains `mentions` (JSON [{id, username}], null for none) and `mentions_everyone`, with a
partial index of the @everyone messages by channel. `message_mentions` names who each message
mentions, `read_states` how far each person read each channel, `notifications` what happened to
whom. Existing members start with a marker at each channel's latest message (and both people of an
existing DM too), so history from before this revision is not unread.
The downgrade drops the three tables, the index and the two columns (on SQLite that rebuilds
`messages`: its search index is made again).

Revision ID: b2e4d6f8a012
Revises: a1d3c5e7f901
Create Date: 2026-11-24 20:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database
from lobby.messages.search_index import create_sqlite_index


# revision identifiers, used by Alembic.
revision = 'b2e4d6f8a012'
down_revision = 'a1d3c5e7f901'
branch_labels = None
depends_on = None

LATEST = "(SELECT channel_id, max(id) AS id FROM messages GROUP BY channel_id) AS latest"


def upgrade():
    # Not in batch mode: on SQLite a batch would rebuild `messages` and lose its search triggers;
    # adding columns and an index needs no rebuild on either database.
    op.add_column('messages', sa.Column('mentions', sa.JSON(none_as_null=True), nullable=True))
    op.add_column('messages', sa.Column('mentions_everyone', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_index('ix_messages_everyone', 'messages', ['channel_id', 'id'], unique=False,
                    postgresql_where=sa.text('mentions_everyone'), sqlite_where=sa.text('mentions_everyone'))

    op.create_table('message_mentions',
    sa.Column('message_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('channel_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['message_id'], ['messages.id'], name=op.f('fk_message_mentions_message_id_messages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_message_mentions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('message_id', 'user_id', name=op.f('pk_message_mentions'))
    )
    with op.batch_alter_table('message_mentions', schema=None) as batch_op:
        batch_op.create_index('ix_message_mentions_user_id_channel_id_message_id', ['user_id', 'channel_id', 'message_id'], unique=False)

    op.create_table('read_states',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('channel_id', sa.Integer(), nullable=False),
    sa.Column('last_read_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['channel_id'], ['channels.id'], name=op.f('fk_read_states_channel_id_channels'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_read_states_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', 'channel_id', name=op.f('pk_read_states'))
    )

    op.create_table('notifications',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=20), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=True),
    sa.Column('text', sa.String(length=300), nullable=False),
    sa.Column('link', sa.String(length=300), nullable=False),
    sa.Column('channel_id', sa.Integer(), nullable=True),
    sa.Column('server_id', sa.Integer(), nullable=True),
    sa.Column('message_id', sa.Integer(), nullable=True),
    sa.Column('is_read', sa.Boolean(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['users.id'], name=op.f('fk_notifications_actor_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_notifications_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_notifications'))
    )
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.create_index('ix_notifications_user_id_id', ['user_id', 'id'], unique=False)

    # Everyone already in a server, or in a DM, has read what was there before.
    op.execute(f"""INSERT INTO read_states (user_id, channel_id, last_read_id)
        SELECT memberships.user_id, channels.id, latest.id FROM memberships
        JOIN channels ON channels.server_id = memberships.server_id
        JOIN {LATEST} ON latest.channel_id = channels.id""")
    for side in ('user_low_id', 'user_high_id'):
        op.execute(f"""INSERT INTO read_states (user_id, channel_id, last_read_id)
            SELECT direct_chats.{side}, direct_chats.channel_id, latest.id FROM direct_chats
            JOIN {LATEST} ON latest.channel_id = direct_chats.channel_id""")


def downgrade():
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_index('ix_notifications_user_id_id')

    op.drop_table('notifications')
    op.drop_table('read_states')
    with op.batch_alter_table('message_mentions', schema=None) as batch_op:
        batch_op.drop_index('ix_message_mentions_user_id_channel_id_message_id')

    op.drop_table('message_mentions')
    with op.batch_alter_table('messages', schema=None) as batch_op:
        batch_op.drop_index('ix_messages_everyone')
        batch_op.drop_column('mentions_everyone')
        batch_op.drop_column('mentions')
    if op.get_bind().dialect.name == 'sqlite':  # the batch rebuilt `messages`, without its search triggers
        create_sqlite_index(op)
