"""Both people opening their conversation at the same instant: the pair is unique, so they get
the same channel, and nobody gets a 500."""
from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

from tests.dms.conftest import conversations


def opened_at_once(app, *pairs) -> list[tuple[int, int | None]]:
    """Each (person, other) opens the DM from a client of its own, all released together:
    (status, channel id) for each, in order."""
    start = Barrier(len(pairs))

    def run(pair):
        person, other = pair
        client = app.test_client()  # a test client is not for two threads at once
        start.wait()
        response = client.post("/api/dms", json={"userId": other.id}, headers=person.headers())
        return response.status_code, (response.get_json().get("channel") or {}).get("id")

    with ThreadPoolExecutor(len(pairs)) as pool:
        return list(pool.map(run, pairs))


def test_two_people_opening_their_dm_at_once_share_one_channel(app, people, set_privacy):
    for round_ in range(4):
        a, b = people(f"first{round_}"), people(f"second{round_}")
        set_privacy(a, direct_messages="everyone")
        set_privacy(b, direct_messages="everyone")
        answers = opened_at_once(app, (a, b), (b, a), (a, b))
        assert [status for status, _ in answers] == [200, 200, 200]
        assert len({channel_id for _, channel_id in answers}) == 1
        assert [c["channel"]["id"] for c in conversations(a)] == [answers[0][1]]
