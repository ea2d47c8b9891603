import json
import logging
import urllib.request


def request_lines(caplog):
    return [r for r in caplog.records if r.name == "lobby.request"]


def test_each_request_logs_one_structured_line_without_the_query(client, caplog):
    caplog.set_level(logging.INFO)
    client.get("/healthz?token=very-secret-token")
    [record] = request_lines(caplog)
    assert record.fields["path"] == "/healthz" and record.fields["status"] == 200
    assert "very-secret-token" not in caplog.text


def test_live_server_logs_never_contain_query_strings(live, caplog):
    caplog.set_level(logging.INFO)
    urllib.request.urlopen(f"{live.url}/?token=very-secret-token").read()
    assert request_lines(caplog)
    assert all("very-secret-token" not in record.getMessage() for record in caplog.records)
    assert "very-secret-token" not in caplog.text


def test_log_lines_are_json(client, capsys):
    from lobby.logs import JsonFormatter

    record = logging.LogRecord("lobby.request", logging.INFO, __file__, 1, "request", None, None)
    record.fields = {"path": "/", "status": 200}
    line = json.loads(JsonFormatter().format(record))
    assert line["path"] == "/" and line["status"] == 200 and line["message"] == "request"
