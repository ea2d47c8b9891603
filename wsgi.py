"""WSGI entry point: `flask --app wsgi ...`, `gunicorn wsgi:app`."""
from lobby import create_app

app = create_app()
