"""Server icons in shared caches: a public server's icon may be cached by anyone on the way; a
private server's only by the member's own browser."""
from tests.servers.conftest import picture


def icon_of(owner, public: bool):
    response = owner.upload("/api/servers", {"name": "С иконкой", "isPublic": "true" if public else "false",
                                             "icon": (picture(), "logo.png")})
    assert response.status_code == 201, response.get_json()
    return owner.get(response.get_json()["server"]["iconUrl"])


def test_a_private_servers_icon_is_cached_privately(people):
    icon = icon_of(people("owner"), public=False)
    assert icon.status_code == 200
    cache = icon.headers["Cache-Control"]
    assert "private" in cache and "public" not in cache


def test_a_public_servers_icon_may_be_cached_by_shared_caches(people):
    icon = icon_of(people("owner"), public=True)
    assert icon.status_code == 200 and "public" in icon.headers["Cache-Control"]
