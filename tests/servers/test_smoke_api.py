def test_create_join_kick_ban_flow(people, create_server):
    server = create_server(description="Для своих")
    owner, guest = people("owner"), people("guest")
    channels = owner.get(f"/api/servers/{server['id']}/channels").get_json()["channels"]
    assert [(c["name"], c["type"]) for c in channels] == [("общий", "TEXT"), ("игра", "TEXT"), ("голосовой", "VOICE")]
    assert guest.get(f"/api/servers/{server['id']}/channels").status_code == 403
    assert guest.post(f"/api/servers/{server['id']}/join").status_code == 200
    assert owner.post(f"/api/servers/{server['id']}/moderation/kick", json={"userId": guest.id, "reason": "спам"}).status_code == 200
    assert guest.post("/api/servers/join/" + server["inviteCode"]).status_code == 200
    assert owner.post(f"/api/servers/{server['id']}/moderation/ban", json={"userId": guest.id, "reason": "флуд"}).status_code == 200
    assert guest.post("/api/servers/join/" + server["inviteCode"]).status_code == 403
    log = owner.get(f"/api/servers/{server['id']}/audit-log").get_json()
    assert [a["type"] for a in log["actions"]] == ["BAN", "KICK"] and log["monthCount"] == 2
