"""Operators' `flask servers ...` commands: `list` and `seed-demo`."""
from collections import Counter

from sqlalchemy import func, select

from lobby.accounts.models import User
from lobby.extensions import db
from lobby.servers.models import Channel, Membership, Server
from lobby.servers.validation import TEMPLATES


def cli(app, *args):
    return app.test_cli_runner().invoke(args=list(args))


def table_sizes(app) -> dict[str, int]:
    with app.app_context():
        return {model.__name__: db.session.scalar(select(func.count()).select_from(model))
                for model in (User, Server, Channel, Membership)}


def test_list_says_so_when_there_are_no_servers(app):
    result = cli(app, "servers", "list")
    assert result.exit_code == 0 and result.output == "no servers\n"


def test_list_shows_each_server_with_owner_visibility_counts_and_invite(app, people, create_server):
    first = create_server("owner", name="Кибер Арена", template="gaming")
    second = create_server("other", name="Тайный клуб", template="custom", isPublic=False)
    people("guest").post(f"/api/servers/{first['id']}/join")
    lines = cli(app, "servers", "list").output.splitlines()
    assert lines == [
        f"{first['id']}\tКибер Арена\t@owner\tpublic\t2 member(s)\t3 channel(s)\t{first['inviteCode']}",
        f"{second['id']}\tТайный клуб\t@other\tprivate\t1 member(s)\t1 channel(s)\t{second['inviteCode']}",
    ]


def test_seed_demo_fills_discovery_with_public_servers(app, people):
    result = cli(app, "servers", "seed-demo")
    assert result.exit_code == 0, result.output
    assert "demo servers: 8 created, 0 already there" in result.output
    assert "demo users: 24 created" in result.output
    body = people("visitor").get("/api/servers/public", query_string={"limit": 50}).get_json()
    servers = body["servers"]
    assert body["total"] == 8 and all(server["isPublic"] for server in servers)
    assert set(Counter(server["category"] for server in servers)) == {"gaming", "community", "tech", "music",
                                                                      "esports", "creative"}
    assert sorted(s["name"] for s in servers if s["isVerified"]) == ["Кибер Арена", "Код и кофе"]
    counts = sorted(server["memberCount"] for server in servers)
    assert counts[0] <= 5 and counts[-1] >= 20 and len(set(counts)) == 8
    assert all(server["description"] for server in servers)
    assert len(people("visitor").get("/api/servers/public?recommended=true").get_json()["servers"]) == 6


def test_seed_demo_servers_have_their_templates_channels(app):
    cli(app, "servers", "seed-demo")
    template_channels = [[name for name, _ in channels] for channels in TEMPLATES.values()]
    with app.app_context():
        for server in db.session.scalars(select(Server)):
            names = list(db.session.scalars(select(Channel.name).where(Channel.server_id == server.id)
                                            .order_by(Channel.position)))
            assert names in template_channels, (server.name, names)


def test_seed_demo_makes_trending_differ_from_members(app, people):
    cli(app, "servers", "seed-demo")
    visitor = people("visitor")

    def order(sort):
        return [s["name"] for s in visitor.get("/api/servers/public", query_string={"sort": sort}).get_json()["servers"]]

    assert len({tuple(order("members")), tuple(order("trending")), tuple(order("newest"))}) == 3
    trending = visitor.get("/api/servers/public?sort=trending").get_json()["servers"]
    assert trending[0]["trending"] is True and trending[-1]["trending"] is False


def test_seed_demo_users_are_verified_and_nobody_knows_their_password(app, people):
    cli(app, "servers", "seed-demo")
    with app.app_context():
        demo = db.session.scalars(select(User).where(User.username.like("demo-%"))).all()
        assert len(demo) == 24 and all(user.is_email_verified for user in demo)
        assert len({user.password_hash for user in demo}) == 24
        some = demo[0]
    for guess in (some.username, "password", "demo", ""):
        response = people("visitor").client.post("/api/auth/login", json={"username": some.username, "password": guess})
        assert response.status_code in (401, 422)


def test_seed_demo_twice_creates_nothing_new(app):
    first = cli(app, "servers", "seed-demo")
    sizes = table_sizes(app)
    second = cli(app, "servers", "seed-demo")
    assert second.exit_code == 0, second.output
    assert table_sizes(app) == sizes
    assert "demo users: 0 created, 24 already there" in second.output
    assert "demo servers: 0 created, 8 already there" in second.output
    server_lines = [line for line in second.output.splitlines() if line.startswith("server ")]
    assert len(server_lines) == 8 and all(line.endswith("already there, left as it is") for line in server_lines)
    assert "created with" in first.output


def test_seed_demo_leaves_an_existing_demo_server_as_its_owner_moderated_it(app):
    cli(app, "servers", "seed-demo")
    with app.app_context():
        server = db.session.scalar(select(Server).where(Server.name == "Кибер Арена"))
        someone = db.session.scalar(select(Membership).where(Membership.server_id == server.id,
                                                             Membership.role == "member"))
        db.session.delete(someone)  # as if kicked
        db.session.commit()
    sizes = table_sizes(app)
    assert cli(app, "servers", "seed-demo").exit_code == 0
    assert table_sizes(app) == sizes


def test_seed_demo_stops_with_a_message_when_a_demo_username_is_taken(app, people):
    people("demo-alexey")
    result = cli(app, "servers", "seed-demo")
    assert result.exit_code != 0
    assert "demo user demo-alexey@lobby.example: Этот username уже занят" in result.output
