"""failed jobs

Revision ID: 4523eda39c3c
Revises: 
Create Date: 2026-11-21 11:50:16.216433

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = '4523eda39c3c'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('failed_jobs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('function', sa.String(length=200), nullable=False),
    sa.Column('args', sa.JSON(), nullable=False),
    sa.Column('error', sa.Text(), nullable=False),
    sa.Column('failed_at', lobby.database.UtcDateTime(), nullable=False),
    sa.Column('retried_at', lobby.database.UtcDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_failed_jobs'))
    )
    with op.batch_alter_table('failed_jobs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_failed_jobs_failed_at'), ['failed_at'], unique=False)



def downgrade():
    with op.batch_alter_table('failed_jobs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_failed_jobs_failed_at'))

    op.drop_table('failed_jobs')
