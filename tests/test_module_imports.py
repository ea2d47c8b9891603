"""The package's shape: every module imports on its own (no hidden order between them), and the
job machinery depends on no feature (a feature queues its jobs; jobs/ never reaches back)."""
from __future__ import annotations

import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
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


def imports_alone(name: str) -> tuple[str, str]:
    done = subprocess.run([sys.executable, "-c", f"import {name}"], cwd=SITE, capture_output=True, text=True)
    return name, done.stderr.strip().splitlines()[-1] if done.returncode else ""


def test_every_module_imports_on_its_own():
    with ThreadPoolExecutor(4) as pool:
        failures = {name: error for name, error in pool.map(imports_alone, lobby_modules()) if error}
    assert failures == {}


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
