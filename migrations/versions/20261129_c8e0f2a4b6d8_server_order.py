"""server order: `memberships.position`, each person's own order of their servers (the rail)

NULL for a server never placed: it comes after the placed ones, oldest membership first (a server
joined goes to the end of the list without a write). Moving a server numbers all of the person's
memberships 0, 1, 2… (servers/order.py).

Revision ID: c8e0f2a4b6d8
Revises: b3e5c7d9f1a2
Create Date: 2026-11-29 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8e0f2a4b6d8'
down_revision = 'b3e5c7d9f1a2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.add_column(sa.Column('position', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('memberships', schema=None) as batch_op:
        batch_op.drop_column('position')
