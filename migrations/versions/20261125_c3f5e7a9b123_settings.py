"""settings: the settings document, the profile others see, enforced privacy values

`user_settings` keeps each user's settings document, only what differs from the defaults. `users`
gains the profile others see (display name, bio, pronouns, custom status) and the avatar's file
name (its URL goes in the existing `profile_image_url`). `privacy_settings` gains `online_status`
and `show_activity`, which presence and the friend activity log read.

Revision ID: c3f5e7a9b123
Revises: b2e4d6f8a012
Create Date: 2026-11-25 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'c3f5e7a9b123'
down_revision = 'b2e4d6f8a012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('user_settings',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('document', sa.JSON(), nullable=False),
    sa.Column('updated_at', lobby.database.UtcDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_settings_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_user_settings'))
    )
    # Plain ADD COLUMNs (no batch): neither database rebuilds the table for them.
    for column in (sa.Column('avatar_file', sa.String(length=100), nullable=True),
                   sa.Column('display_name', sa.String(length=32), nullable=True),
                   sa.Column('bio', sa.String(length=200), nullable=True),
                   sa.Column('pronouns', sa.String(length=40), nullable=True),
                   sa.Column('custom_status', sa.String(length=50), nullable=True)):
        op.add_column('users', column)
    op.add_column('privacy_settings', sa.Column('online_status', sa.String(length=20), server_default='everyone',
                                                nullable=False))
    op.add_column('privacy_settings', sa.Column('show_activity', sa.Boolean(), server_default=sa.true(),
                                                nullable=False))


def downgrade():
    with op.batch_alter_table('privacy_settings', schema=None) as batch_op:
        batch_op.drop_column('show_activity')
        batch_op.drop_column('online_status')
    with op.batch_alter_table('users', schema=None) as batch_op:
        for name in ('custom_status', 'pronouns', 'bio', 'display_name', 'avatar_file'):
            batch_op.drop_column(name)
    op.drop_table('user_settings')
