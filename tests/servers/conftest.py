"""People for the servers tests: each a verified account with its own client and token; a cast of
every role around one server; small helpers to reach what the API does not expose yet."""
from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

import pytest
from argon2 import PasswordHasher
from PIL import Image
from sqlalchemy import select

from lobby.accounts import actions, passwords
from lobby.extensions import db
from lobby.servers.models import Membership

ROLES = ("anonymous", "outsider", "member", "moderator", "owner", "banned")


@pytest.fixture(autouse=True)
def cheap_password_hashing(monkeypatch):
    """These tests sign in many people; argon2id at its lowest cost keeps them quick (the accounts
    tests cover hashing at the real cost)."""
    monkeypatch.setattr(passwords, "hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


@dataclass
class Person:
    id: int | None
    username: str
    client: object
    token: str | None

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def get(self, path: str, **kwargs):
        return self.client.get(path, headers=self.headers(), **kwargs)

    def post(self, path: str, json=None, **kwargs):
        return self.client.post(path, json=json, headers=self.headers(), **kwargs)

    def patch(self, path: str, json=None, **kwargs):
        return self.client.patch(path, json=json, headers=self.headers(), **kwargs)

    def put(self, path: str, json=None, **kwargs):
        return self.client.put(path, json=json, headers=self.headers(), **kwargs)

    def delete(self, path: str, **kwargs):
        return self.client.delete(path, headers=self.headers(), **kwargs)

    def upload(self, path: str, fields: dict, method: str = "POST"):
        """A multipart form, as a browser's FormData sends it; file fields are (bytes, filename)."""
        data = {key: (BytesIO(value[0]), value[1]) if isinstance(value, tuple) else value
                for key, value in fields.items()}
        return self.client.open(path, method=method, data=data, headers=self.headers(),
                                content_type="multipart/form-data")


@pytest.fixture
def people(app):
    """`people("owner")` → a signed-in Person (created once per name); `people("anonymous")` has no token."""
    made: dict[str, Person] = {}

    def person(name: str) -> Person:
        if name == "anonymous":
            return Person(None, name, app.test_client(), None)
        if name not in made:
            with app.app_context():
                actions.do_register({"username": name, "email": f"{name}@example.com", "firstName": "Тест",
                                     "lastName": "Тестов", "password": "password-123"}, verified=True)
            client = app.test_client()
            response = client.post("/api/auth/login", json={"username": name, "password": "password-123"})
            body = response.get_json()
            made[name] = Person(body["user"]["id"], name, client, body["accessToken"])
        return made[name]

    return person


@pytest.fixture
def create_server(people):
    def create(owner: str = "owner", **fields):
        data = {"name": "Мой сервер", "template": "gaming", "isPublic": True, **fields}
        response = people(owner).post("/api/servers", json=data)
        assert response.status_code == 201, response.get_json()
        return response.get_json()["server"]

    return create


@pytest.fixture
def set_role(app):
    """Make a member a moderator (or back): there is no API for roles yet."""
    def change(server_id: int, person: Person, role: str = "moderator") -> None:
        with app.app_context():
            membership = db.session.scalar(select(Membership).where(Membership.server_id == server_id,
                                                                    Membership.user_id == person.id))
            membership.role = role
            db.session.commit()

    return change


@pytest.fixture
def in_database(app):
    """Run `change(session)` on the app's database and commit: for what only time would do."""
    def run(change) -> None:
        with app.app_context():
            change(db.session)
            db.session.commit()

    return run


@dataclass
class Cast:
    server: dict
    by_role: dict[str, Person]

    @property
    def url(self) -> str:
        return f"/api/servers/{self.server['id']}"

    def __getitem__(self, role: str) -> Person:
        return self.by_role[role]


@pytest.fixture
def cast(people, create_server, set_role):
    """`cast(is_public=...)`: a server with its owner, a moderator, a member, a banned user, an
    outsider (signed in, never joined) and an anonymous caller."""
    def build(is_public: bool = True, **fields) -> Cast:
        server = create_server("owner", isPublic=is_public, **fields)
        owner = people("owner")
        for role in ("moderator", "member", "banned"):
            response = people(role).post(f"/api/servers/join/{server['inviteCode']}")
            assert response.status_code == 200, response.get_json()
        set_role(server["id"], people("moderator"))
        response = owner.post(f"/api/servers/{server['id']}/moderation/ban",
                              json={"userId": people("banned").id, "reason": "спам"})
        assert response.status_code == 200, response.get_json()
        return Cast(server, {role: people(role) for role in ROLES})

    return build


def picture(format: str = "PNG", size: tuple[int, int] = (64, 64), color: str = "teal") -> bytes:
    """A real image file made with Pillow."""
    buffer = BytesIO()
    Image.new("RGB", size, color).save(buffer, format=format)
    return buffer.getvalue()


def error_of(response) -> tuple[int, str, str]:
    body = response.get_json()
    return response.status_code, body["code"], body["message"]
