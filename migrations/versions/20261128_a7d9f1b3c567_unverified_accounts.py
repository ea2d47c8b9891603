"""unverified accounts: an index on `users (is_email_verified, created_at)`

The job worker's periodic pass removes unverified accounts older than 48 hours, and a sign-up
replaces one older than 10 minutes that holds its username or address (accounts/unverified.py):
both look for unverified accounts by age, every pass, on a table that only grows.

Revision ID: a7d9f1b3c567
Revises: f6c8d0e2a456
Create Date: 2026-11-28 12:00:00.000000

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = 'a7d9f1b3c567'
down_revision = 'f6c8d0e2a456'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.create_index('ix_users_is_email_verified_created_at', ['is_email_verified', 'created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_index('ix_users_is_email_verified_created_at')
