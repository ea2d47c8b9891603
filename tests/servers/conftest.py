"""People for the servers tests: each a verified account with its own client and token."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from lobby.accounts import actions


@dataclass
class Person:
    id: int
    username: str
    client: object
    token: str

    def headers(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kwargs):
        return self.client.get(path, headers=self.headers(), **kwargs)

    def post(self, path: str, json=None, **kwargs):
        return self.client.post(path, json=json, headers=self.headers(), **kwargs)

    def patch(self, path: str, json=None, **kwargs):
        return self.client.patch(path, json=json, headers=self.headers(), **kwargs)

    def delete(self, path: str, **kwargs):
        return self.client.delete(path, headers=self.headers(), **kwargs)


@pytest.fixture
def people(app):
    """`people("owner")` → a signed-in Person (created once per name)."""
    made: dict[str, Person] = {}

    def person(name: str) -> Person:
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
