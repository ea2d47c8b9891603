"""account and security: session devices, e-mail change codes, deleted accounts

`sign_ins` gains the User-Agent it was started from and when it was last used (the sessions list);
`email_codes` gains `new_email` (an e-mail change's code names the address it confirms);
`users` gains `deleted_at` (a deleted account's row stays, nameless, so its messages keep an author).
The downgrade drops the three columns; e-mail change codes go first (they would otherwise read as
verification codes of the account's own address).

Revision ID: d4a6b8c0e234
Revises: c3f5e7a9b123
Create Date: 2026-11-25 12:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'd4a6b8c0e234'
down_revision = 'c3f5e7a9b123'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sign_ins', schema=None) as batch_op:
        batch_op.add_column(sa.Column('user_agent', sa.String(length=300), nullable=True))
        batch_op.add_column(sa.Column('last_seen_at', lobby.database.UtcDateTime(), nullable=True))
    with op.batch_alter_table('email_codes', schema=None) as batch_op:
        batch_op.add_column(sa.Column('new_email', sa.String(length=254), nullable=True))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('deleted_at', lobby.database.UtcDateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
    op.execute('DELETE FROM email_codes WHERE new_email IS NOT NULL')
    with op.batch_alter_table('email_codes', schema=None) as batch_op:
        batch_op.drop_column('new_email')
    with op.batch_alter_table('sign_ins', schema=None) as batch_op:
        batch_op.drop_column('last_seen_at')
        batch_op.drop_column('user_agent')
