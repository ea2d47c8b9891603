"""What belongs to servers has no DM in it: a DM's id under a server's channel page, or with a
server's search filter, is not found; the server's channel list does not name it."""
import re
from html import unescape

from tests.dms.conftest import refusal, say


def test_a_dm_under_a_servers_channel_page_is_not_found(dm, create_server):
    alice, _, channel_id = dm
    say(alice, channel_id, "личное")
    server = create_server("alice")
    response = alice.client.get(f"/app/servers/{server['id']}/channels/{channel_id}")
    html = unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))
    assert "Канал не найден" in html and "личное" not in html


def test_a_dm_is_no_servers_channel(dm, create_server):
    alice, _, channel_id = dm
    server = create_server("alice")
    response = alice.get("/api/messages/search",
                         query_string={"q": "привет", "channelId": channel_id, "serverId": server["id"]})
    assert refusal(response) == (404, "CHANNEL_NOT_FOUND", "Канал не найден")
    channels = alice.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
    assert channel_id not in [c["id"] for c in channels]
    assert [s["id"] for s in alice.get("/api/servers").get_json()["servers"]] == [server["id"]]
