"""Payloads declared once (`lobby.schema`): a request is checked against its model before the view
runs, a refusal keeps Lobby's shape and Russian texts, and the same models describe the call."""
from __future__ import annotations

from typing import Annotated

import pytest
from flask import Blueprint, jsonify, request
from pydantic import BeforeValidator, Field

from lobby.apidoc import generated
from lobby.schema import Answer, Id, Payload, Query, Response, api, refusal
from lobby.texts import TEXTS, text


def no_blank(value):
    if not isinstance(value, str) or not value.strip():
        raise refusal("message.empty")
    return value.strip()


class NoteBody(Payload):
    content: Annotated[str, BeforeValidator(no_blank), Field(max_length=20)]
    reply_to_id: Id | None = None
    refusals = {"content": "message.empty", "replyToId": "message.reply_missing"}


class NotesQuery(Query):
    limit: int | None = Field(None, ge=0)


class Note(Answer):
    content: str
    reply_to_id: int | None = None


def note_routes() -> Blueprint:
    routes = Blueprint("schema_test", __name__, url_prefix="/api/test-notes")

    @routes.post("")
    @api.validate(json=NoteBody, resp=Response(HTTP_200=Note), tags=["test"])
    def add_note():
        """Add a note"""
        body = request.context.json
        return jsonify({"content": body.content, "replyToId": body.reply_to_id})

    @routes.get("")
    @api.validate(query=NotesQuery, resp=Response(HTTP_200=Note))
    def notes():
        return jsonify({"content": f"limit {request.context.query.limit}"})

    @routes.get("/broken")
    @api.validate(resp=Response(HTTP_200=Note))
    def broken():
        return jsonify({"text": "no content"})

    return routes


@pytest.fixture
def notes_app(make_app, _migrated):
    app = make_app()  # the suite checks answers (VALIDATE_ANSWERS), as it does for every declared view
    app.register_blueprint(note_routes())
    return app


def test_a_valid_body_reaches_the_view_as_its_model(notes_app):
    response = notes_app.test_client().post("/api/test-notes", json={"content": "  привет ", "replyToId": 7})
    assert response.status_code == 200 and response.get_json() == {"content": "привет", "replyToId": 7}


@pytest.mark.parametrize("body, errors", [
    ({"content": "   "}, {"content": TEXTS["message.empty"]}),
    ({}, {"content": TEXTS["message.empty"]}),
    ({"content": {}}, {"content": TEXTS["message.empty"]}),
    ({"content": "x" * 21}, {"content": TEXTS["message.empty"]}),
    ({"content": "ok", "replyToId": True}, {"replyToId": TEXTS["message.reply_missing"]}),
    ({"content": "ok", "replyToId": "²"}, {"replyToId": TEXTS["message.reply_missing"]}),
    ({"content": "ok", "replyToId": 2**31}, {"replyToId": TEXTS["message.reply_missing"]}),
    ({"content": " ", "replyToId": 0}, {"content": TEXTS["message.empty"], "replyToId": TEXTS["message.reply_missing"]}),
])
def test_a_refused_body_is_a_422_in_lobbys_shape_with_its_texts(notes_app, body, errors):
    response = notes_app.test_client().post("/api/test-notes", json=body)
    assert response.status_code == 422
    assert response.get_json() == {"message": next(iter(errors.values())), "code": "VALIDATION_ERROR", "errors": errors}


@pytest.mark.parametrize("raw", ["[1]", '"text"', "3", "{broken"])
def test_a_body_that_is_no_json_object_is_a_400(notes_app, raw):
    response = notes_app.test_client().post("/api/test-notes", data=raw, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json() == {"message": TEXTS["request.not_object"], "code": "BAD_REQUEST"}


def test_a_query_parameter_that_cannot_be_read_is_a_400_naming_it(notes_app):
    client = notes_app.test_client()
    assert client.get("/api/test-notes?limit=5").get_json() == {"content": "limit 5"}
    response = client.get("/api/test-notes?limit=²")
    assert response.status_code == 400
    assert response.get_json() == {"message": text("request.not_number", name="limit"), "code": "BAD_REQUEST"}


def test_an_answer_outside_its_model_fails_loudly_where_answers_are_checked(notes_app, make_app, caplog):
    assert notes_app.test_client().get("/api/test-notes/broken").status_code == 500
    assert "answered outside its model" in caplog.text
    unchecked = make_app({"VALIDATE_ANSWERS": False})  # production leaves answers alone
    unchecked.register_blueprint(note_routes())
    assert unchecked.test_client().get("/api/test-notes/broken").status_code == 200


def test_the_models_describe_the_call_in_the_document(notes_app):
    document = generated(notes_app)
    operation = document["paths"]["/api/test-notes"]["post"]
    assert operation["summary"] == "Add a note"
    body = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    schema = document["components"]["schemas"][body]
    assert set(schema["properties"]) == {"content", "replyToId"} and schema["properties"]["content"]["maxLength"] == 20
    assert schema["properties"]["replyToId"]["anyOf"][0]["maximum"] == 2**31 - 1
