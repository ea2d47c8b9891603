"""accounts

Revision ID: d92994e7cc62
Revises: 4523eda39c3c
Create Date: 2026-11-21 12:07:47.632310

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'd92994e7cc62'
down_revision = '4523eda39c3c'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('outgoing_mail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('to_address', sa.String(length=254), nullable=False),
    sa.Column('subject', sa.String(length=200), nullable=False),
    sa.Column('text_body', sa.Text(), nullable=False),
    sa.Column('html_body', sa.Text(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('sent_at', lobby.database.UtcDateTime(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_outgoing_mail'))
    )
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_outgoing_mail_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_outgoing_mail_sent_at'), ['sent_at'], unique=False)

    op.create_table('users',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('username', sa.String(length=32), nullable=False),
    sa.Column('username_key', sa.String(length=32), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('email_key', sa.String(length=254), nullable=False),
    sa.Column('first_name', sa.String(length=50), nullable=False),
    sa.Column('last_name', sa.String(length=50), nullable=False),
    sa.Column('password_hash', sa.String(length=200), nullable=False),
    sa.Column('is_email_verified', sa.Boolean(), nullable=False),
    sa.Column('is_deactivated', sa.Boolean(), nullable=False),
    sa.Column('session_version', sa.Integer(), nullable=False),
    sa.Column('profile_image_url', sa.String(length=500), nullable=True),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('last_login_at', lobby.database.UtcDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users')),
    sa.UniqueConstraint('email_key', name=op.f('uq_users_email_key')),
    sa.UniqueConstraint('username_key', name=op.f('uq_users_username_key'))
    )
    op.create_table('email_codes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('expires_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('failed_attempts', sa.Integer(), nullable=False),
    sa.Column('closed_at', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_email_codes_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_email_codes'))
    )
    with op.batch_alter_table('email_codes', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_email_codes_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_email_codes_user_id'), ['user_id'], unique=False)

    op.create_table('password_resets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('expires_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('used_at', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_password_resets_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_password_resets')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_password_resets_token_hash'))
    )
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_password_resets_user_id'), ['user_id'], unique=False)

    op.create_table('refresh_tokens',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('family', sa.String(length=32), nullable=False),
    sa.Column('remember', sa.Boolean(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('expires_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('rotated_at', lobby.database.UtcDateTime(), nullable=True),
    sa.Column('revoked_at', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_refresh_tokens_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_refresh_tokens')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_refresh_tokens_token_hash'))
    )
    with op.batch_alter_table('refresh_tokens', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_refresh_tokens_family'), ['family'], unique=False)
        batch_op.create_index(batch_op.f('ix_refresh_tokens_user_id'), ['user_id'], unique=False)



def downgrade():
    with op.batch_alter_table('refresh_tokens', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_refresh_tokens_user_id'))
        batch_op.drop_index(batch_op.f('ix_refresh_tokens_family'))

    op.drop_table('refresh_tokens')
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_password_resets_user_id'))

    op.drop_table('password_resets')
    with op.batch_alter_table('email_codes', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_email_codes_user_id'))
        batch_op.drop_index(batch_op.f('ix_email_codes_created_at'))

    op.drop_table('email_codes')
    op.drop_table('users')
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_outgoing_mail_sent_at'))
        batch_op.drop_index(batch_op.f('ix_outgoing_mail_created_at'))

    op.drop_table('outgoing_mail')
