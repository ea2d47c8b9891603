"""`GET /api/messages/search` with the spec's operators: in:#channel, from:@name, mentions:@name,
has:link/file/image, before:/after:/during: with dates and words (English and Russian), operators
alone, the phrase first, bad values, and who may find what through them."""
from datetime import date, datetime, timedelta, timezone
from io import BytesIO

import pytest
from sqlalchemy import update

from lobby.messages.models import Message
from lobby.messages.search_operators import parse
from tests.dms.conftest import open_dm
from tests.friends.conftest import befriend
from tests.messages.pictures import png_of
from tests.messages.test_search_api import found, search, send
from tests.servers.conftest import error_of


def send_file(person, channel_id, content, raw, name):
    data = {"content": content, "files": [(BytesIO(raw), name)]}
    response = person.client.post(f"/api/messages/{channel_id}/messages", data=data, headers=person.headers(),
                                  content_type="multipart/form-data")
    assert response.status_code == 201, response.get_json()
    return response.get_json()["message"]


@pytest.fixture
def dated(in_database):
    """Set a message's time (days ago, at noon UTC)."""
    def at(message, days_ago: int = 0, when: datetime | None = None):
        moment = when or datetime.now(timezone.utc).replace(hour=12, minute=0, second=0, microsecond=0) - timedelta(
            days=days_ago)
        in_database(lambda session: session.execute(
            update(Message).where(Message.id == message["id"]).values(created_at=moment)))
    return at


def test_from_finds_one_persons_messages_in_any_letter_case(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "план на вечер")
    send(member, channel, "мой план")
    assert found(owner, "план from:@member") == ["мой план"]
    assert found(owner, "from:@MEMBER план") == ["мой план"]
    assert found(owner, "план from:owner") == ["план на вечер"]  # the @ may be left out
    assert found(owner, "план from:@member from:@owner") == ["мой план", "план на вечер"]  # either
    assert found(owner, "план from:@nobody") == []  # a name nobody has finds nothing


def test_operators_alone_list_their_matches_newest_first(cast):
    owner, member, _, _, (channel, _) = cast
    send(member, channel, "раз")
    send(owner, channel, "два")
    send(member, channel, "три")
    assert found(owner, "from:@member") == ["три", "раз"]


def test_in_names_a_channel_and_every_server_s_channel_of_that_name(cast, create_server):
    owner, member, _, _, (general, game) = cast
    names = {c["id"]: c["name"] for c in owner.get(f"/api/servers/{cast[3]['id']}/channels").get_json()["channels"]}
    other = create_server(name="Второй", template="gaming")  # the same template: the same channel names
    other_general = [c for c in owner.get(f"/api/servers/{other['id']}/channels").get_json()["channels"]
                     if c["name"] == names[general]][0]["id"]
    send(owner, general, "встреча в общем")
    send(owner, game, "встреча в игре")
    send(owner, other_general, "встреча на втором")
    assert found(owner, f"встреча in:#{names[game]}") == ["встреча в игре"]
    assert found(owner, f"встреча in:#{names[general].upper()}") == ["встреча на втором", "встреча в общем"]
    assert found(owner, "встреча in:#нетакого") == []
    # The member is not in the second server: the same name finds only their server's channel.
    assert found(member, f"встреча in:#{names[general]}") == ["встреча в общем"]


def test_in_takes_a_quoted_name_with_spaces(cast):
    owner, member, _, server, _ = cast
    response = owner.post(f"/api/servers/{server['id']}/channels", json={"name": "общий чат", "type": "TEXT"})
    assert response.status_code == 201, response.get_json()
    channel = response.get_json()["channel"]["id"]
    send(owner, channel, "здесь с пробелом")
    assert found(member, 'in:"#общий чат"') == ["здесь с пробелом"]
    assert found(member, 'in:#"Общий Чат" пробелом') == ["здесь с пробелом"]


def test_mentions_finds_messages_naming_a_person(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "@member глянь сюда")
    send(owner, channel, "@owner это я")
    send(owner, channel, "без упоминаний member")
    assert found(owner, "mentions:@member") == ["@member глянь сюда"]
    assert found(owner, "mentions:@MEMBER глянь") == ["@member глянь сюда"]
    assert found(owner, "mentions:@outsider") == []  # not in the server: the @name reached nobody


def test_has_link_file_and_image(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "смотри https://example.com/a")
    send(owner, channel, "и HTTP://EXAMPLE.ORG тоже")
    send(owner, channel, "а это example.com без схемы")
    send_file(owner, channel, "отчёт", b"%PDF-1.4 plain", "отчёт.pdf")
    send_file(owner, channel, "фото", png_of(4, 4), "фото.png")
    assert found(member, "has:link") == ["и HTTP://EXAMPLE.ORG тоже", "смотри https://example.com/a"]
    assert found(member, "has:file") == ["фото", "отчёт"]  # a picture is a file too
    assert found(member, "has:image") == ["фото"]
    assert found(member, "has:файл has:изображение") == ["фото"]  # both
    assert found(member, "has:ССЫЛКА смотри") == ["смотри https://example.com/a"]


def test_dates_as_days_and_as_words(cast, dated):
    owner, member, _, _, (channel, _) = cast
    old, yesterday, today = (send(owner, channel, f"отметка {name}") for name in ("давно", "вчера", "сегодня"))
    dated(today, 0)
    dated(yesterday, 1)
    dated(old, 0, datetime(2024, 5, 31, 12, tzinfo=timezone.utc))
    assert found(member, "отметка during:today") == ["отметка сегодня"]
    assert found(member, "отметка during:сегодня") == ["отметка сегодня"]
    assert found(member, "during:yesterday") == ["отметка вчера"]
    assert found(member, "отметка during:вчера") == ["отметка вчера"]
    assert found(member, "отметка before:yesterday") == ["отметка давно"]
    assert found(member, "отметка before:вчера") == ["отметка давно"]
    assert found(member, "отметка after:yesterday") == ["отметка сегодня"]
    assert found(member, "during:2024-05-31") == ["отметка давно"]
    assert found(member, "during:31.05.2024") == ["отметка давно"]
    assert found(member, "during:2024-05") == ["отметка давно"]
    assert found(member, "after:2024-05-30 before:2024-06-01") == ["отметка давно"]
    assert found(member, "отметка after:2024-05-31") == ["отметка сегодня", "отметка вчера"]


def test_a_day_is_the_callers_own_by_the_utc_offset(cast, dated):
    owner, member, _, _, (channel, _) = cast
    late = send(owner, channel, "поздно вечером")
    dated(late, 0, datetime(2024, 5, 31, 22, 30, tzinfo=timezone.utc))  # 1 June, 01:30 in Moscow
    assert found(member, "during:2024-05-31") == ["поздно вечером"]
    assert found(member, "during:2024-05-31", tzOffset=180) == []
    assert found(member, "during:2024-06-01", tzOffset=180) == ["поздно вечером"]


def test_week_and_month_periods_in_english_and_russian():
    today = date(2024, 6, 5)  # a Wednesday
    def span(q):
        parsed = parse(q, today)
        return parsed.since.date(), parsed.until.date()
    assert span("during:last week") == span("during:на прошлой неделе") == (date(2024, 5, 27), date(2024, 6, 3))
    assert span('during:"last week"') == span("during:last_week") == (date(2024, 5, 27), date(2024, 6, 3))
    assert span("during:this week") == span("during:на этой неделе") == (date(2024, 6, 3), date(2024, 6, 10))
    assert span("during:last month") == span("during:в прошлом месяце") == (date(2024, 5, 1), date(2024, 6, 1))
    assert span("during:this month") == (date(2024, 6, 1), date(2024, 7, 1))
    assert parse("after:last week кот", today).words == "кот"  # the period's words are not search words
    assert parse("after:вчера", today).since.date() == date(2024, 6, 5)


def test_the_words_around_operators_and_unknown_operators_stay_words():
    today = date(2024, 6, 5)
    assert parse("кот from:@b", today).words == "кот "  # the operator finished the word
    assert parse("from:@b кот", today).words == "кот"  # still being typed: a prefix
    assert parse("content:привет foo:bar", today).words == "content:привет foo:bar"
    assert not parse("from: in:# has:", today).filtered  # values not typed yet: left out


def test_the_exact_phrase_comes_first_then_newest(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "большой красный мяч")
    send(owner, channel, "Красный большой дом")
    send(owner, channel, "мяч красный, большой")
    # Any case, punctuation between the words ignored: two hold the phrase, newest first; then the rest.
    assert found(member, "красный большой") == ["мяч красный, большой", "Красный большой дом", "большой красный мяч"]
    assert found(member, "большой красный") == ["большой красный мяч", "мяч красный, большой", "Красный большой дом"]


def test_pages_go_on_across_the_phrase_and_the_rest(cast):
    owner, member, _, _, (channel, _) = cast
    sent = [send(owner, channel, text) for text in ("синее море", "море синее", "синее море снова", "море и синее небо")]
    expected = [sent[2]["content"], sent[0]["content"], sent[3]["content"], sent[1]["content"]]
    assert found(member, "синее море", limit=50) == expected
    pages, before = [], None
    while True:
        body = search(member, "синее море", limit=1, **({"before": before} if before else {})).get_json()
        pages += [m["content"] for m in body["messages"]]
        if not body["hasMore"]:
            break
        before = body["messages"][-1]["id"]
    assert pages == expected


@pytest.mark.parametrize("q, value", [
    ("before:завтра", "завтра"), ("after:2024-02-31", "2024-02-31"), ("during:0001-01-01", "0001-01-01"), ("during:31.13.2024", "31.13.2024"),
    ("during:9999-12-31", "9999-12-31"), ("after:last", "last"),
])
def test_a_date_that_means_nothing_is_a_400_naming_it(cast, q, value):
    _, member, *_ = cast
    assert error_of(search(member, q, tzOffset=180)) == (
        400, "BAD_SEARCH_OPERATOR",
        f"Не удалось понять дату «{value}». Например: 2024-05-31, 31.05.2024, вчера, на прошлой неделе")


def test_an_unknown_has_value_is_a_400_naming_it(cast):
    _, member, *_ = cast
    assert error_of(search(member, "кот has:video")) == (
        400, "BAD_SEARCH_OPERATOR", "Неизвестное значение has:video. Можно: link, file, image")


@pytest.mark.parametrize("offset", ["x", "1.5"])
def test_an_offset_that_is_not_a_number_is_a_400(cast, offset):
    _, member, *_ = cast
    assert error_of(search(member, "has:link", tzOffset=offset))[:2] == (400, "BAD_REQUEST")


def test_an_offset_beyond_the_earths_is_brought_in(cast):
    owner, member, _, _, (channel, _) = cast
    send(owner, channel, "https://a.example")
    assert found(member, "has:link during:today", tzOffset=100000) in ([], ["https://a.example"])


def test_in_never_reaches_another_servers_channel(cast, create_server, people):
    owner, member, outsider, _, (channel, _) = cast
    theirs = create_server(owner="outsider", name="Чужой", template="custom")
    their_channel = outsider.get(f"/api/servers/{theirs['id']}/channels").get_json()["channels"][0]
    send(outsider, their_channel["id"], "чужой секрет")
    assert found(member, f"in:#{their_channel['name']}") == []
    assert found(member, "from:@outsider") == []
    assert found(member, "чужой") == []


def test_operators_never_reach_a_dm_of_others(people):
    alice, bob, mallory = people("alice"), people("bob"), people("mallory")
    befriend(alice, bob)
    dm = open_dm(alice, bob)["id"]
    send(alice, dm, "тайна https://secret.example")
    assert found(alice, "has:link", channelId=dm) == ["тайна https://secret.example"]
    assert found(bob, "from:@alice", channelId=dm) == ["тайна https://secret.example"]
    assert found(alice, "has:link") == []  # without channelId a search never looks in DMs
    assert found(mallory, "from:@alice has:link") == []
    assert error_of(search(mallory, "from:@alice", channelId=dm)) == (404, "CHANNEL_NOT_FOUND", "Канал не найден")
    assert found(alice, "in:#bob", channelId=dm) == []  # a DM has no channel name


def test_anonymous_callers_get_401_with_operators_too(people):
    assert error_of(search(people("anonymous"), "from:@owner"))[:2] == (401, "UNAUTHORIZED")
