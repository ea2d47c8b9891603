"""`flask --app wsgi servers ...`: list servers, seed demo ones so discovery is not empty."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

import click
from flask.cli import AppGroup
from sqlalchemy import select

from lobby.accounts import actions as account_actions
from lobby.accounts.models import User
from lobby.accounts.validation import check_registration
from lobby.database import utcnow
from lobby.errors import ValidationError
from lobby.extensions import db
from lobby.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, _, in_language
from lobby.servers import actions, listing
from lobby.servers.access import membership_of
from lobby.servers.models import Server
from lobby.servers.validation import check_new_server

servers = AppGroup("servers", help="Servers: list them, seed demo ones.")


@servers.command("list")
def list_servers():
    """Every server, oldest first: id, name, owner, visibility, members, channels, invite code."""
    rows = db.session.scalars(select(Server).order_by(Server.id)).all()
    if not rows:
        click.echo("no servers")
    stats = listing.stats_for([server.id for server in rows])
    for server in rows:
        counts = stats[server.id]
        click.echo("\t".join([
            str(server.id), server.name, f"@{server.owner.username}", "public" if server.is_public else "private",
            f"{counts.members} member(s)", f"{counts.text_channels + counts.voice_channels} channel(s)",
            server.invite_code,
        ]))


# Demo people: username (after DEMO_PREFIX), first name, last name. The names, like the servers'
# names and descriptions, are written in the language `seed-demo --language` asks for.
DEMO_PREFIX = "demo-"
DEMO_DOMAIN = "lobby.example"  # RFC 2606: never a real mailbox
DEMO_PEOPLE = [
    ("alexey", N_("Алексей"), N_("Смирнов")), ("maria", N_("Мария"), N_("Иванова")),
    ("dmitry", N_("Дмитрий"), N_("Кузнецов")), ("anna", N_("Анна"), N_("Попова")),
    ("sergey", N_("Сергей"), N_("Васильев")), ("olga", N_("Ольга"), N_("Петрова")),
    ("ivan", N_("Иван"), N_("Соколов")), ("ekaterina", N_("Екатерина"), N_("Михайлова")),
    ("nikolay", N_("Николай"), N_("Новиков")), ("tatiana", N_("Татьяна"), N_("Фёдорова")),
    ("pavel", N_("Павел"), N_("Морозов")), ("elena", N_("Елена"), N_("Волкова")),
    ("andrey", N_("Андрей"), N_("Алексеев")), ("natalia", N_("Наталья"), N_("Лебедева")),
    ("mikhail", N_("Михаил"), N_("Семёнов")), ("irina", N_("Ирина"), N_("Егорова")),
    ("artem", N_("Артём"), N_("Павлов")), ("yulia", N_("Юлия"), N_("Козлова")),
    ("kirill", N_("Кирилл"), N_("Степанов")), ("svetlana", N_("Светлана"), N_("Николаева")),
    ("roman", N_("Роман"), N_("Орлов")), ("daria", N_("Дарья"), N_("Андреева")),
    ("maxim", N_("Максим"), N_("Макаров")), ("polina", N_("Полина"), N_("Захарова")),
]


@dataclass
class DemoServer:
    name: str
    description: str
    category: str
    template: str
    owner: str  # one of DEMO_PEOPLE
    members: int  # everyone, the owner included
    recent: int  # of them, joined within the last days (what "trending" counts)
    age_days: int
    verified: bool = False


DEMO_SERVERS = [
    DemoServer(N_("Кибер Арена"), N_("Турниры, поиск команды и разборы матчей по CS2, Dota 2 и Valorant."),
               "esports", "gaming", "alexey", 22, 1, 150, verified=True),
    DemoServer(N_("Уютная таверна"), N_("Кооперативные игры по вечерам, настолки и дружеские посиделки в голосовом."),
               "gaming", "gaming", "maria", 15, 6, 60),
    DemoServer(N_("Код и кофе"), N_("Программирование, код-ревью и разговоры о технологиях за чашкой кофе."),
               "tech", "community", "dmitry", 12, 2, 120, verified=True),
    DemoServer(N_("Ночной плейлист"), N_("Делимся музыкой, собираем плейлисты и слушаем новые альбомы вместе."),
               "music", "community", "anna", 9, 5, 30),
    DemoServer(N_("Пиксельная мастерская"),
               N_("Пиксель-арт, иллюстрации и 3D: показываем работы и учимся друг у друга."),
               "creative", "custom", "sergey", 6, 0, 90),
    DemoServer(N_("Соседи по сети"), N_("Общение обо всём: новости, хобби, советы и просто хорошая компания."),
               "community", "community", "olga", 18, 3, 200),
    DemoServer(N_("Инди-разработка"), N_("Делаем свои игры: движки, геймдизайн, плейтесты и поиск команды."),
               "tech", "custom", "ivan", 8, 2, 45),
    DemoServer(N_("Ретро геймеры"), N_("Денди, Сега и первые PlayStation: вспоминаем классику и проходим её снова."),
               "gaming", "gaming", "ekaterina", 4, 3, 10),
]


def demo_user(username: str, first_name: str, last_name: str) -> tuple[User, bool]:
    """The demo account (found by its address, which no real person has), created verified and
    with a password nobody knows if missing."""
    email = f"{DEMO_PREFIX}{username}@{DEMO_DOMAIN}"
    user = account_actions.find_user(email)
    if user is not None:
        return user, False
    try:
        fields = check_registration({"username": DEMO_PREFIX + username, "email": email, "firstName": first_name,
                                     "lastName": last_name, "password": secrets.token_urlsafe(48)})
        return account_actions.do_register(fields, verified=True), True
    except ValidationError as error:  # e.g. someone took the demo username
        raise click.ClickException(f"demo user {email}: " + "; ".join(error.errors.values())) from None


def seed_server(plan: DemoServer, people: dict[str, User]) -> tuple[Server, bool]:
    """The demo server, created with its members if missing; an existing one is left alone (its
    owner may have kicked or banned people since)."""
    owner = people[plan.owner]
    name = _(plan.name)
    server = db.session.scalar(select(Server).where(Server.name == name, Server.owner_id == owner.id))
    if server is not None:
        return server, False
    fields = check_new_server({"name": name, "description": _(plan.description), "category": plan.category,
                               "template": plan.template, "isPublic": True})
    server = actions.do_create_server(owner, fields)
    now = utcnow()
    created_at = now - timedelta(days=plan.age_days)
    # Not exposed by the actions: the verified badge, and a past, so that "newest" and "trending" mean something.
    server.is_verified = plan.verified
    server.created_at = created_at
    membership_of(owner, server.id).joined_at = created_at
    db.session.commit()
    others = [user for name, user in people.items() if name != plan.owner][: plan.members - 1]
    for index, user in enumerate(others):
        membership = actions.do_join(server, user)
        # The last `recent` members joined in the last three days; the others between the server's
        # creation and 8 days ago, so they do not count as trending.
        if index >= len(others) - plan.recent:
            days_ago = 0.25 + (index % 6) * 0.5
        else:
            days_ago = 8 + (plan.age_days - 8) * (1 - (index + 1) / (len(others) + 1))
        membership.joined_at = now - timedelta(days=days_ago)
        db.session.commit()
    return server, True


@servers.command("seed-demo")
@click.option("--language", type=click.Choice(LANGUAGES), default=DEFAULT_LANGUAGE, show_default=True,
              help="The language of the demo people's names, the servers' names, descriptions and channels.")
def seed_demo(language: str):
    """Create demo users and public servers with channels and members (safe to run again)."""
    with in_language(language):
        seed_all()


def seed_all():
    """`seed-demo`, in the language it was asked in."""
    people, new_users = {}, 0
    for username, first_name, last_name in DEMO_PEOPLE:
        people[username], created = demo_user(username, _(first_name), _(last_name))
        new_users += created
    click.echo(f"demo users: {new_users} created, {len(people) - new_users} already there")
    new_servers = 0
    for plan in DEMO_SERVERS:
        server, created = seed_server(plan, people)
        new_servers += created
        state = f"created with {plan.members} members" if created else "already there, left as it is"
        click.echo(f"server {server.id} {server.name} ({plan.category}): {state}")
    click.echo(f"demo servers: {new_servers} created, {len(DEMO_SERVERS) - new_servers} already there")
