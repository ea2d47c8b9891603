"""reactions are emoji, edits count as sends, a message notifies a person once

`message_edits`: one row per edit in the send rate's window (edits count against the send rate as
sends do); the author's next edit drops older ones.
`notifications`: a unique index on (message_id, user_id) for MENTION and REPLY, so edits that name
someone again make no second notification; repeats made before are removed first (the oldest of
each stays).
`reactions`: a reaction is one emoji now. Rows that are not one (any text of up to 32 characters was
taken before) are removed; an emoji in a not fully-qualified form ('❤') becomes its fully-qualified
one ('❤️'), dropping it where the same person already gave that one. The `emoji` package's data
decides, as the app's rule does (messages/reactions.py, frozen here as it was written).

The downgrade drops the table and the index; removed and rewritten reactions stay as they are.

Revision ID: b3e5c7d9f1a2
Revises: a7d9f1b3c567
Create Date: 2026-11-28 14:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = 'b3e5c7d9f1a2'
down_revision = 'a7d9f1b3c567'
branch_labels = None
depends_on = None

ONCE_PER_MESSAGE = "type IN ('MENTION', 'REPLY')"


def upgrade():
    op.create_table(
        'message_edits',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('author_id', sa.Integer(), nullable=False),
        sa.Column('edited_at', lobby.database.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['author_id'], ['users.id'], name=op.f('fk_message_edits_author_id_users'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_message_edits')),
    )
    with op.batch_alter_table('message_edits', schema=None) as batch_op:
        batch_op.create_index('ix_message_edits_author_id_edited_at', ['author_id', 'edited_at'], unique=False)

    op.execute(f"""DELETE FROM notifications WHERE {ONCE_PER_MESSAGE} AND message_id IS NOT NULL AND EXISTS (
        SELECT 1 FROM notifications AS earlier WHERE earlier.message_id = notifications.message_id
          AND earlier.user_id = notifications.user_id AND earlier.{ONCE_PER_MESSAGE} AND earlier.id < notifications.id)""")
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.create_index('uq_notifications_message_id_user_id', ['message_id', 'user_id'], unique=True,
                              postgresql_where=sa.text(ONCE_PER_MESSAGE), sqlite_where=sa.text(ONCE_PER_MESSAGE))

    keep_only_emoji_reactions()


def keep_only_emoji_reactions() -> None:
    from emoji import EMOJI_DATA, STATUS

    qualified = {entry['en']: value for value, entry in EMOJI_DATA.items() if entry['status'] == STATUS['fully_qualified']}
    bind = op.get_bind()
    for (stored,) in bind.execute(sa.text("SELECT DISTINCT emoji FROM reactions")).all():
        entry = EMOJI_DATA.get(stored)
        if entry is None or entry['status'] == STATUS['component']:
            bind.execute(sa.text("DELETE FROM reactions WHERE emoji = :old"), {"old": stored})
            continue
        new = qualified.get(entry['en'], stored)
        if new == stored:
            continue
        bind.execute(sa.text("""DELETE FROM reactions WHERE emoji = :old AND EXISTS (SELECT 1 FROM reactions AS kept
                                WHERE kept.message_id = reactions.message_id AND kept.user_id = reactions.user_id
                                  AND kept.emoji = :new)"""), {"old": stored, "new": new})
        bind.execute(sa.text("UPDATE reactions SET emoji = :new WHERE emoji = :old"), {"old": stored, "new": new})


def downgrade():
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.drop_index('uq_notifications_message_id_user_id',
                            postgresql_where=sa.text(ONCE_PER_MESSAGE), sqlite_where=sa.text(ONCE_PER_MESSAGE))
    with op.batch_alter_table('message_edits', schema=None) as batch_op:
        batch_op.drop_index('ix_message_edits_author_id_edited_at')
    op.drop_table('message_edits')
