"""sign-ins: each session is a row its cookie, access tokens, refresh chain and sockets name

A sign-out ends the sign-in, and with it every copy of its page cookie and its access tokens (they
used to stay valid until they expired). Refresh tokens belong to a sign-in instead of a bare
`family` string. Existing refresh tokens name no sign-in and are removed: everyone signs in again
once (their page cookies name no sign-in either).

Revision ID: 5e1c7a9d2b30
Revises: b58e0c4d91a7
Create Date: 2026-11-24 06:30:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = '5e1c7a9d2b30'
down_revision = 'b58e0c4d91a7'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('sign_ins',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('expires_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('ended_at', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_sign_ins_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_ins'))
    )
    with op.batch_alter_table('sign_ins', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_ins_user_id'), ['user_id'], unique=False)

    op.execute('DELETE FROM refresh_tokens')
    with op.batch_alter_table('refresh_tokens', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sign_in_id', sa.Integer(), nullable=False))
        batch_op.create_index(batch_op.f('ix_refresh_tokens_sign_in_id'), ['sign_in_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_refresh_tokens_sign_in_id_sign_ins'), 'sign_ins', ['sign_in_id'], ['id'], ondelete='CASCADE')
        batch_op.drop_index(batch_op.f('ix_refresh_tokens_family'))
        batch_op.drop_column('family')


def downgrade():
    op.execute('DELETE FROM refresh_tokens')
    with op.batch_alter_table('refresh_tokens', schema=None) as batch_op:
        batch_op.add_column(sa.Column('family', sa.String(length=32), nullable=False))
        batch_op.create_index(batch_op.f('ix_refresh_tokens_family'), ['family'], unique=False)
        batch_op.drop_constraint(batch_op.f('fk_refresh_tokens_sign_in_id_sign_ins'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_refresh_tokens_sign_in_id'))
        batch_op.drop_column('sign_in_id')

    with op.batch_alter_table('sign_ins', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_ins_user_id'))

    op.drop_table('sign_ins')
