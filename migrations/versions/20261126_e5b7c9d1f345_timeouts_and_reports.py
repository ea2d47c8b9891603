"""timeouts and reports: members who may read but not write for a while, and members' reports of messages

`timeouts`: one row per server and user (it outlives leaving and joining again), ending at `until`.
`reports`: a member's report of a message, once per message and person, with the message's text
and author copied so it stays readable after the message is deleted; `resolution` NULL while open.
The downgrade drops both tables.

Revision ID: e5b7c9d1f345
Revises: d4a6b8c0e234
Create Date: 2026-11-26 12:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'e5b7c9d1f345'
down_revision = 'd4a6b8c0e234'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'timeouts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('server_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('until', lobby.database.UtcDateTime(), nullable=False),
        sa.Column('reason', sa.Text(), nullable=False),
        sa.Column('moderator_id', sa.Integer(), nullable=True),
        sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['moderator_id'], ['users.id'], name=op.f('fk_timeouts_moderator_id_users'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_timeouts_server_id_servers'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_timeouts_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_timeouts')),
        sa.UniqueConstraint('server_id', 'user_id', name=op.f('uq_timeouts_server_id')),
    )
    with op.batch_alter_table('timeouts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_timeouts_server_id'), ['server_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_timeouts_user_id'), ['user_id'], unique=False)

    op.create_table(
        'reports',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('server_id', sa.Integer(), nullable=False),
        sa.Column('channel_id', sa.Integer(), nullable=True),
        sa.Column('message_id', sa.Integer(), nullable=True),
        sa.Column('reporter_id', sa.Integer(), nullable=False),
        sa.Column('author_id', sa.Integer(), nullable=True),
        sa.Column('content', sa.Text(), nullable=False),
        sa.Column('reason', sa.Text(), nullable=False),
        sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
        sa.Column('resolution', sa.String(length=10), nullable=True),
        sa.Column('resolved_by_id', sa.Integer(), nullable=True),
        sa.Column('resolved_at', lobby.database.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['author_id'], ['users.id'], name=op.f('fk_reports_author_id_users'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['channel_id'], ['channels.id'], name=op.f('fk_reports_channel_id_channels'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['message_id'], ['messages.id'], name=op.f('fk_reports_message_id_messages'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['reporter_id'], ['users.id'], name=op.f('fk_reports_reporter_id_users'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['resolved_by_id'], ['users.id'], name=op.f('fk_reports_resolved_by_id_users'),
                                ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_reports_server_id_servers'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_reports')),
        sa.UniqueConstraint('message_id', 'reporter_id', name=op.f('uq_reports_message_id')),
    )
    with op.batch_alter_table('reports', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reports_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_reports_message_id'), ['message_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_reports_reporter_id'), ['reporter_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_reports_server_id'), ['server_id'], unique=False)


def downgrade():
    with op.batch_alter_table('reports', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reports_server_id'))
        batch_op.drop_index(batch_op.f('ix_reports_reporter_id'))
        batch_op.drop_index(batch_op.f('ix_reports_message_id'))
        batch_op.drop_index(batch_op.f('ix_reports_created_at'))
    op.drop_table('reports')
    with op.batch_alter_table('timeouts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_timeouts_user_id'))
        batch_op.drop_index(batch_op.f('ix_timeouts_server_id'))
    op.drop_table('timeouts')
