"""friends: friendships, friend requests, blocks, the friend activity log, profile statuses and
privacy settings

A friendship is two rows, one per side; a request is one row per pair of people (`pair` is unique);
an activity entry is one row per event of its actor, read by the actor's friends through friendships.
Nothing existing changes: the downgrade drops the six tables.

Revision ID: 9c4e2a7f1d58
Revises: 5e1c7a9d2b30
Create Date: 2026-11-24 14:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = '9c4e2a7f1d58'
down_revision = '5e1c7a9d2b30'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('blocks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('blocker_id', sa.Integer(), nullable=False),
    sa.Column('blocked_id', sa.Integer(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['blocked_id'], ['users.id'], name=op.f('fk_blocks_blocked_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['blocker_id'], ['users.id'], name=op.f('fk_blocks_blocker_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_blocks')),
    sa.UniqueConstraint('blocker_id', 'blocked_id', name=op.f('uq_blocks_blocker_id'))
    )
    with op.batch_alter_table('blocks', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_blocks_blocked_id'), ['blocked_id'], unique=False)

    op.create_table('friend_activities',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('actor_id', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=20), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['actor_id'], ['users.id'], name=op.f('fk_friend_activities_actor_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_friend_activities'))
    )
    with op.batch_alter_table('friend_activities', schema=None) as batch_op:
        batch_op.create_index('ix_friend_activities_actor_id_id', ['actor_id', 'id'], unique=False)

    op.create_table('friend_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('from_user_id', sa.Integer(), nullable=False),
    sa.Column('to_user_id', sa.Integer(), nullable=False),
    sa.Column('pair', sa.String(length=24), nullable=False),
    sa.Column('message', sa.String(length=200), nullable=True),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['from_user_id'], ['users.id'], name=op.f('fk_friend_requests_from_user_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['to_user_id'], ['users.id'], name=op.f('fk_friend_requests_to_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_friend_requests')),
    sa.UniqueConstraint('pair', name=op.f('uq_friend_requests_pair'))
    )
    with op.batch_alter_table('friend_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_friend_requests_from_user_id'), ['from_user_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_friend_requests_to_user_id'), ['to_user_id'], unique=False)

    op.create_table('friendships',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('friend_id', sa.Integer(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['friend_id'], ['users.id'], name=op.f('fk_friendships_friend_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_friendships_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_friendships')),
    sa.UniqueConstraint('user_id', 'friend_id', name=op.f('uq_friendships_user_id'))
    )
    with op.batch_alter_table('friendships', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_friendships_friend_id'), ['friend_id'], unique=False)

    op.create_table('privacy_settings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('friend_requests', sa.String(length=20), nullable=False),
    sa.Column('direct_messages', sa.String(length=20), nullable=False),
    sa.Column('changed_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_privacy_settings_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_privacy_settings'))
    )
    op.create_table('profile_statuses',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('custom_status', sa.String(length=50), nullable=True),
    sa.Column('changed_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_profile_statuses_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_profile_statuses'))
    )


def downgrade():
    op.drop_table('profile_statuses')
    op.drop_table('privacy_settings')
    with op.batch_alter_table('friendships', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_friendships_friend_id'))

    op.drop_table('friendships')
    with op.batch_alter_table('friend_requests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_friend_requests_to_user_id'))
        batch_op.drop_index(batch_op.f('ix_friend_requests_from_user_id'))

    op.drop_table('friend_requests')
    with op.batch_alter_table('friend_activities', schema=None) as batch_op:
        batch_op.drop_index('ix_friend_activities_actor_id_id')

    op.drop_table('friend_activities')
    with op.batch_alter_table('blocks', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_blocks_blocked_id'))

    op.drop_table('blocks')
