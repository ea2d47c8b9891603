"""mail claims: `outgoing_mail.queued_job`, `sending_job`, `sending_until`

`queued_job` names the RQ job that delivers a mail (None: it could not be queued), so the worker's
outbox sweeper can queue again the mails whose job Redis lost. A delivery job claims its mail
(`sending_job` until `sending_until`) before the SMTP conversation, so two jobs for one mail never
both send it; the same job, retried after its worker was killed, takes its claim back.

Revision ID: f6c8d0e2a456
Revises: e5b7c9d1f345
Create Date: 2026-11-27 21:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'f6c8d0e2a456'
down_revision = 'e5b7c9d1f345'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.add_column(sa.Column('queued_job', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('sending_job', sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column('sending_until', lobby.database.UtcDateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table('outgoing_mail', schema=None) as batch_op:
        batch_op.drop_column('sending_until')
        batch_op.drop_column('sending_job')
        batch_op.drop_column('queued_job')
