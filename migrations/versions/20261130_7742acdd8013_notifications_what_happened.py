"""notifications keep what happened, not its words; per-server notification settings

`notifications.text` (written once, in the reader's language of that moment) becomes `data`: the
actor's display name and the channel's name as they were (`{"name", "channel"}`), from which the
words are made when shown, in the reader's language then (notifications/words.py). Existing rows:
the name from the actor's account as it is (the display-name rule of lobby.people, frozen here:
display name, else first and last name, else the username), the channel's from the text's
`#channel` tail (both catalogues end mention and reply texts so), left out where neither is known.
`server_notification_settings`: each person's level and mute per server (notifications/levels.py).

The downgrade writes the Russian words back into `text` from `data` and drops the settings.

Revision ID: 7742acdd8013
Revises: c8e0f2a4b6d8
Create Date: 2026-11-30 10:00:00.000000

"""
from alembic import op
import sqlalchemy as sa

import lobby.database


# revision identifiers, used by Alembic.
revision = '7742acdd8013'
down_revision = 'c8e0f2a4b6d8'
branch_labels = None
depends_on = None

BATCH = 1000
# The Russian words as they were when this revision was written (for the downgrade).
WORDS = {"FRIEND_REQUEST": "{username} отправил(а) вам запрос в друзья",
         "FRIEND_ACCEPTED": "{username} принял(а) ваш запрос в друзья",
         "MENTION": "{username} упомянул(а) вас в #{channel}",
         "REPLY": "{username} ответил(а) на ваше сообщение в #{channel}",
         "DM": "{username} написал(а) вам личное сообщение"}
DELETED = "Удалённый пользователь"

notifications = sa.table('notifications', sa.column('id', sa.Integer), sa.column('type', sa.String),
                         sa.column('actor_id', sa.Integer), sa.column('text', sa.String),
                         sa.column('data', sa.JSON))
users = sa.table('users', sa.column('id', sa.Integer), sa.column('username', sa.String),
                 sa.column('display_name', sa.String), sa.column('first_name', sa.String),
                 sa.column('last_name', sa.String))


def shown_name(chosen, first, last, username):
    chosen = (chosen or "").strip()
    full = " ".join(part.strip() for part in (first, last) if part and part.strip())
    return chosen or full or username


def data_of(kind, text, actor) -> dict:
    data = {"name": shown_name(*actor)} if actor and actor[3] else {}
    if kind in ("MENTION", "REPLY") and text and "#" in text:
        data["channel"] = text.rsplit("#", 1)[1]
    return data


def upgrade():
    op.create_table('server_notification_settings',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('server_id', sa.Integer(), nullable=False),
    sa.Column('level', sa.String(length=10), nullable=False),
    sa.Column('muted_until', lobby.database.UtcDateTime(), nullable=True),
    sa.ForeignKeyConstraint(['server_id'], ['servers.id'], name=op.f('fk_server_notification_settings_server_id_servers'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_server_notification_settings_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_server_notification_settings')),
    sa.UniqueConstraint('user_id', 'server_id', name=op.f('uq_server_notification_settings_user_id'))
    )
    with op.batch_alter_table('server_notification_settings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_server_notification_settings_server_id'), ['server_id'], unique=False)

    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.add_column(sa.Column('data', sa.JSON(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(notifications.c.id, notifications.c.type, notifications.c.text, users.c.display_name,
                  users.c.first_name, users.c.last_name, users.c.username)
        .select_from(notifications.outerjoin(users, users.c.id == notifications.c.actor_id))
        .order_by(notifications.c.id)).all()
    update = notifications.update().where(notifications.c.id == sa.bindparam('row_id')).values(data=sa.bindparam('made'))
    for start in range(0, len(rows), BATCH):
        connection.execute(update, [{"row_id": row[0], "made": data_of(row[1], row[2], row[3:])}
                                    for row in rows[start:start + BATCH]])
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.alter_column('data', existing_type=sa.JSON(), nullable=False)
        batch_op.drop_column('text')


def downgrade():
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.add_column(sa.Column('text', sa.String(length=300), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(notifications.c.id, notifications.c.type, notifications.c.data)).all()
    update = notifications.update().where(notifications.c.id == sa.bindparam('row_id')).values(text=sa.bindparam('words'))
    made = [{"row_id": id_, "words": WORDS.get(kind, "{username}").format(
        username=(data or {}).get("name") or DELETED, channel=(data or {}).get("channel", ""))[:300]}
        for id_, kind, data in rows]
    for start in range(0, len(made), BATCH):
        connection.execute(update, made[start:start + BATCH])
    with op.batch_alter_table('notifications', schema=None) as batch_op:
        batch_op.alter_column('text', existing_type=sa.String(length=300), nullable=False)
        batch_op.drop_column('data')

    with op.batch_alter_table('server_notification_settings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_server_notification_settings_server_id'))
    op.drop_table('server_notification_settings')
