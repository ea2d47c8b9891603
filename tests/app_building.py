"""Building an app costs the suite what it costs production once: nearly all of `create_app`'s
0.3 s went to Werkzeug compiling a URL builder per route (~0.17 s for ~120 routes) and WhiteNoise
reading the headers of every file under static/ (~0.1 s for ~660 files). The suite builds an app
per test, about 1,900 per run and two runs per CI: some 15 minutes of CPU on a 2-core machine.

Both results depend only on their inputs, so each test process remembers them: a builder by the
route's parsed parts, defaults and converters; static/'s file table by the folder's files (path,
size, modification time) and WhiteNoise's settings. What the app does with them is unchanged.
"""
from __future__ import annotations

from whitenoise import WhiteNoise
from whitenoise.base import scantree
from werkzeug.routing.rules import Rule


def remember_route_builders() -> None:
    compile_builder = Rule._compile_builder
    builders: dict = {}

    def remembered(self: Rule, append_unknown: bool = True):
        defaults = tuple(sorted((name, repr(value)) for name, value in (self.defaults or {}).items()))
        converters = tuple((name, type(converter)) for name, converter in self._converters.items())
        key = (tuple(self._trace), defaults, converters, append_unknown)
        if key not in builders:
            builders[key] = compile_builder(self, append_unknown)
        return builders[key]

    Rule._compile_builder = remembered


def remember_static_files() -> None:
    read_folder = WhiteNoise.update_files_dictionary
    tables: dict = {}

    def remembered(self: WhiteNoise, root: str, prefix: str) -> None:
        files = tuple(sorted((path, stat.st_size, stat.st_mtime_ns) for path, stat in scantree(root)))
        key = (root, prefix, files, self.max_age, self.allow_all_origins, getattr(self.immutable_file_test, "__code__", self.immutable_file_test),
               self.add_headers_function)
        if key not in tables:
            others, self.files = self.files, {}
            read_folder(self, root, prefix)
            tables[key], self.files = self.files, others
        self.files.update(tables[key])

    WhiteNoise.update_files_dictionary = remembered
