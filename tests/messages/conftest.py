import pytest

from tests.servers.conftest import cheap_password_hashing, create_server, in_database, people, set_role  # noqa: F401  (shared)


@pytest.fixture
def cast(people, create_server):
    """A gaming server with its owner and a member, and an outsider: (owner, member, outsider,
    server, its text channel ids in order)."""
    server = create_server(template="gaming")
    owner, member, outsider = people("owner"), people("member"), people("outsider")
    assert member.post(f"/api/servers/{server['id']}/join").status_code == 200
    channels = owner.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
    return owner, member, outsider, server, [c["id"] for c in channels if c["type"] == "TEXT"]


@pytest.fixture
def chat(cast):
    """(owner, member, outsider, the first text channel's id)."""
    owner, member, outsider, _, channels = cast
    return owner, member, outsider, channels[0]
