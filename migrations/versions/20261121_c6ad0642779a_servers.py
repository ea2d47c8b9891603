"""servers

Revision ID: c6ad0642779a
Revises: d92994e7cc62
Create Date: 2026-11-21 12:36:44.155667

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'c6ad0642779a'
down_revision = 'd92994e7cc62'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('servers',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('description', sa.String(length=500), nullable=True),
    sa.Column('icon_file', sa.String(length=100), nullable=True),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('category', sa.String(length=20), nullable=False),
    sa.Column('is_public', sa.Boolean(), nullable=False),
    sa.Column('is_verified', sa.Boolean(), nullable=False),
    sa.Column('invite_code', sa.String(length=50), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_servers_owner_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_servers')),
    sa.UniqueConstraint('invite_code', name=op.f('uq_servers_invite_code'))
    )
    with op.batch_alter_table('servers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_servers_category'), ['category'], unique=False)
        batch_op.create_index(batch_op.f('ix_servers_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_servers_is_public'), ['is_public'], unique=False)
        batch_op.create_index(batch_op.f('ix_servers_owner_id'), ['owner_id'], unique=False)

    op.create_table('audit_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('server_id', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=30), nullable=False),
    sa.Column('target_user_id', sa.Integer(), nullable=True),
    sa.Column('moderator_id', sa.Integer(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['moderator_id'], ['users.id'], name=op.f('fk_audit_entries_moderator_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_audit_entries_server_id_servers'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['target_user_id'], ['users.id'], name=op.f('fk_audit_entries_target_user_id_users'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_entries'))
    )
    with op.batch_alter_table('audit_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_audit_entries_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_audit_entries_server_id'), ['server_id'], unique=False)

    op.create_table('bans',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('server_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('banned_by_id', sa.Integer(), nullable=True),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('expires_at', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['banned_by_id'], ['users.id'], name=op.f('fk_bans_banned_by_id_users'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_bans_server_id_servers'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_bans_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bans')),
    sa.UniqueConstraint('server_id', 'user_id', name=op.f('uq_bans_server_id'))
    )
    with op.batch_alter_table('bans', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bans_server_id'), ['server_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_bans_user_id'), ['user_id'], unique=False)

    op.create_table('channels',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('server_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('type', sa.String(length=5), nullable=False),
    sa.Column('description', sa.String(length=500), nullable=True),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_channels_server_id_servers'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_channels'))
    )
    with op.batch_alter_table('channels', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_channels_server_id'), ['server_id'], unique=False)

    op.create_table('memberships',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('server_id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('joined_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_memberships_server_id_servers'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_memberships_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_memberships')),
    sa.UniqueConstraint('server_id', 'user_id', name=op.f('uq_memberships_server_id'))
    )
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_memberships_joined_at'), ['joined_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_memberships_server_id'), ['server_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_memberships_user_id'), ['user_id'], unique=False)



def downgrade():
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_memberships_user_id'))
        batch_op.drop_index(batch_op.f('ix_memberships_server_id'))
        batch_op.drop_index(batch_op.f('ix_memberships_joined_at'))

    op.drop_table('memberships')
    with op.batch_alter_table('channels', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_channels_server_id'))

    op.drop_table('channels')
    with op.batch_alter_table('bans', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bans_user_id'))
        batch_op.drop_index(batch_op.f('ix_bans_server_id'))

    op.drop_table('bans')
    with op.batch_alter_table('audit_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_audit_entries_server_id'))
        batch_op.drop_index(batch_op.f('ix_audit_entries_created_at'))

    op.drop_table('audit_entries')
    with op.batch_alter_table('servers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_servers_owner_id'))
        batch_op.drop_index(batch_op.f('ix_servers_is_public'))
        batch_op.drop_index(batch_op.f('ix_servers_created_at'))
        batch_op.drop_index(batch_op.f('ix_servers_category'))

    op.drop_table('servers')
