"""New reports reach the moderators live: a report made or resolved tells the server's owner and
moderators `reports_changed {serverId, openCount}` on every tab; members hear nothing of it."""
from tests.realtime.conftest import connect  # noqa: F401 (fixtures)
from tests.servers.test_reports_api import report, resolve, say
from tests.servers.test_roles_live import heard


def test_the_staff_hear_a_new_report_and_its_resolution(cast, people, connect):
    crew = cast()
    troll = people("troll")
    troll.post(f"/api/servers/join/{crew.server['inviteCode']}")
    staff = [connect(crew[role]) for role in ("owner", "moderator")]
    member = connect(crew["member"])
    message = say(troll, crew)
    made = report(crew["member"], message["id"]).get_json()["report"]
    for socket in staff:
        assert heard(socket, "reports_changed") == {"serverId": crew.server["id"], "openCount": 1}
    assert resolve(crew["moderator"], crew, made["id"], "dismiss").status_code == 200
    for socket in staff:
        assert heard(socket, "reports_changed") == {"serverId": crew.server["id"], "openCount": 0}
    assert [f for f in member.frames_within(0.5) if f["type"] == "reports_changed"] == []
