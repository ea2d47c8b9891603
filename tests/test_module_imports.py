"""The package's shape: every module imports on its own (no hidden order between them), and the
job machinery depends on no feature (a feature queues its jobs; jobs/ never reaches back)."""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path


SITE = Path(__file__).resolve().parents[1] / "site"
PACKAGE = SITE / "lobby"
# What jobs/ may use: the app's root (create_app, JOB_MODULES) and the shared plumbing.
JOBS_MAY_IMPORT = {"lobby", "lobby.create_app", "lobby.JOB_MODULES"}
JOBS_MAY_IMPORT_FROM = ("lobby.config", "lobby.database", "lobby.errors", "lobby.extensions", "lobby.jobs")


def module_name(path: Path) -> str:
    parts = path.relative_to(SITE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def lobby_modules() -> list[str]:
    return sorted(module_name(path) for path in PACKAGE.rglob("*.py"))


def imports_of(path: Path) -> set[str]:
    """Every `lobby…` module the file imports, at its top or inside a function; `from X import Y`
    counts as X and as X.Y (Y may be a module)."""
    found: set[str] = set()
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" else module_name(path)
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "lobby" or name.startswith("lobby.")}


# Importing each module in a fresh interpreter took ~110 s of the suite, nearly all of it spent
# importing Flask, SQLAlchemy, pydantic... again. So one interpreter imports the libraries Lobby
# uses (never a `lobby` module), then forks a child per module: each child starts with no lobby
# module loaded, which is what "imports on its own" asks.
FORKING_IMPORTER = """
import importlib, json, os, sys, traceback
names, libraries = json.loads(sys.stdin.read())
for library in libraries:
    try:
        importlib.import_module(library)
    except Exception:
        pass  # a library that needs something first is imported by the module that needs it
assert not any(name == "lobby" or name.startswith("lobby.") for name in sys.modules)
failures = {}
for name in names:
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            message = ""
        except BaseException:
            message = traceback.format_exc().strip().splitlines()[-1]
        os.write(write, message.encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        message = pipe.read()
    os.waitpid(child, 0)
    if message:
        failures[name] = message
print(json.dumps(failures))
"""

LIBRARIES_OF_LOBBY = """
import importlib, json, sys
for name in json.loads(sys.stdin.read()):
    importlib.import_module(name)
print(json.dumps(sorted({name for name in sys.modules if not name.startswith("lobby") and "._" not in name})))
"""


def run_python(script: str, data) -> object:
    done = subprocess.run([sys.executable, "-c", script], cwd=SITE, input=json.dumps(data),
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_every_module_imports_on_its_own():
    modules = lobby_modules()
    libraries = run_python(LIBRARIES_OF_LOBBY, modules)
    assert "flask" in libraries and not any(name.startswith("lobby") for name in libraries)
    assert run_python(FORKING_IMPORTER, [modules, libraries]) == {}


def test_the_job_machinery_imports_no_feature():
    reaching_out = {}
    for path in (PACKAGE / "jobs").glob("*.py"):
        outside = {name for name in imports_of(path) if name not in JOBS_MAY_IMPORT
                   and not name.startswith(JOBS_MAY_IMPORT_FROM)}
        if outside:
            reaching_out[path.name] = sorted(outside)
    assert reaching_out == {}


def test_every_job_module_is_loaded_by_the_worker():
    """A feature's jobs live in its `jobs.py` (or a `*_jobs.py`): the worker must load each one
    before it forks, or every job of a missing one pays a cold import."""
    from lobby import JOB_MODULES

    found = {module_name(path) for pattern in ("jobs.py", "*_jobs.py", "jobs/tasks.py") for path in PACKAGE.rglob(pattern)}
    assert found and found <= set(JOB_MODULES)


def test_no_domain_imports_the_documents_assembly():
    """The document is put together from the domains (lobby/apidoc.py), never imported by them:
    only the app's root registers it."""
    importers = sorted(module_name(path) for path in PACKAGE.rglob("*.py")
                       if "lobby.apidoc" in imports_of(path) and path != PACKAGE / "__init__.py")
    assert importers == []
