"""The pyz's bytecode cache: made once, reused, never stale, and never in the way.

Each test runs the built pyz with its own HOME and XDG_CACHE_HOME (tests/support.py).
A watcher runs the pyz the way the interpreter does, under an audit hook that logs each
`compile` of the module's source and each cache file opened, so a test can tell a start
that used the cache from one that compiled.
"""
import _imp
import argparse
import gc
import io
import json
import marshal
import os
import stat
import subprocess
import sys
import threading
import time
import unittest
from unittest import mock

import build_zipapp
import checkpoint_mcp
from tests.support import PYZ, REPO, TempDirTestCase

WATCHER = (
    "import sys\n"
    "log = open(sys.argv[1], 'w')\n"
    "def audit(event, args):\n"
    "    if event == 'compile' and str(args[1]).endswith('checkpoint_mcp.py'):\n"
    "        log.write('compile %s\\n' % (args[1],)); log.flush()\n"
    "sys.addaudithook(audit)\n"
    "import runpy\n"
    "sys.argv = [sys.argv[2], '--version']\n"
    "try:\n"
    "    runpy.run_path(sys.argv[0], run_name='__main__')\n"
    "finally:\n"
    "    module = sys.modules.get('checkpoint_mcp')\n"
    "    log.write('file %s\\n' % (module and module.__file__,)); log.flush()\n"
)


def cache_layout(data):
    """(where the head ends, {(class or None, function): (start, end)} of each lazy
    function's code, {names: (start, end)} of each waiting part's code) in the bytes of a
    cache file: the interpreter's magic number, the cache's hash, the head's checksum and
    size, the head, then the codes."""
    import marshal
    from importlib.util import MAGIC_NUMBER
    size_at = len(MAGIC_NUMBER) + 64 + 8
    head_end = size_at + 4 + int.from_bytes(data[size_at:size_at + 4], "little")
    lazy, parts = cache_writer().read_index(marshal.loads(data[size_at + 4:head_end]))
    return head_end, {(owner, name): (head_end + offset, head_end + offset + size)
                      for owner, name, offset, size, _, _ in lazy}, {
        name: (head_end + offset, head_end + offset + size)
        for name, offset, size, _, _, _ in parts}


def flipped(data, position):
    return data[:position] + bytes([data[position] ^ 0x01]) + data[position + 1:]


class BytecodeCacheTest(TempDirTestCase):

    own_bytecode_cache = True  # each test starts from a cache of its own, in its HOME

    def setUp(self):
        super().setUp()
        self.cache_home = self.home / ".cache"

    def start(self, pyz=PYZ, env=None):
        """Run `pyz --version`; returns (stdout text, whether it compiled the module)."""
        log = self.tmp / "audit.log"
        result = subprocess.run(
            [sys.executable, "-I", "-S", "-c", WATCHER, str(log), str(pyz)],
            cwd=str(self.tmp), env=env or self.env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, b"")
        events = log.read_text(encoding="utf-8").splitlines()
        self.assertIn("file %s" % os.path.join(str(pyz), "checkpoint_mcp.py"), events)
        return result.stdout.decode("utf-8"), any(e.startswith("compile ") for e in events)

    def cache_files(self, cache_home=None):
        directory = (cache_home or self.cache_home) / "session-checkpoint"
        if not directory.is_dir():
            return []
        return sorted(path for path in directory.iterdir())

    def test_first_start_compiles_and_writes_a_private_cache_file(self):
        stdout, compiled = self.start()
        self.assertTrue(stdout.startswith("session-checkpoint "))
        self.assertTrue(compiled)
        [cached] = self.cache_files()
        tag = sys.implementation.cache_tag
        self.assertTrue(cached.name.startswith("checkpoint_mcp-"), cached.name)
        self.assertTrue(cached.name.endswith("-%s.pyc" % tag), cached.name)
        self.assertEqual(stat.S_IMODE(cached.stat().st_mode), 0o600)
        self.assertEqual(stat.S_IMODE(cached.parent.stat().st_mode), 0o700)

    def test_later_starts_use_the_cache_without_compiling_or_rewriting(self):
        self.start()
        [cached] = self.cache_files()
        before = cached.stat()
        for _ in range(2):
            stdout, compiled = self.start()
            self.assertTrue(stdout.startswith("session-checkpoint "))
            self.assertFalse(compiled)
        after = cached.stat()
        self.assertEqual((before.st_ino, before.st_mtime_ns), (after.st_ino, after.st_mtime_ns))

    def test_a_damaged_cache_file_is_ignored_and_rewritten(self):
        self.start()
        [cached] = self.cache_files()
        good = cached.read_bytes()
        head_end = cache_layout(good)[0]
        middle = head_end // 2
        every_function_flipped = good[:head_end] + bytes(byte ^ 0x01 for byte in good[head_end:])
        damaged = {
            "garbage": b"not a code object",
            "empty": b"",
            "truncated in the head": good[:middle],
            "one byte of the head flipped": flipped(good, middle),
            "another interpreter's magic": flipped(good, 0),
            # (`--version` runs the command line, whose functions are read on first call)
            "truncated after the head": good[:head_end],
            "every function's code flipped": every_function_flipped,
        }
        for name, data in damaged.items():
            with self.subTest(name):
                cached.write_bytes(data)
                stdout, compiled = self.start()
                self.assertTrue(stdout.startswith("session-checkpoint "))
                self.assertTrue(compiled)
                self.assertNotEqual(cached.read_bytes(), data)
                self.assertFalse(self.start()[1])  # the rewritten file is used

    def test_a_start_reads_only_the_functions_it_runs(self):
        # A damaged function that a start does not run goes unnoticed by it: the start
        # never read it. Redaction is not part of `--version`.
        self.start()
        [cached] = self.cache_files()
        good = cached.read_bytes()
        start, end = cache_layout(good)[1][(None, "redact_text")]
        damaged = flipped(good, (start + end) // 2)
        cached.write_bytes(damaged)
        stdout, compiled = self.start()
        self.assertTrue(stdout.startswith("session-checkpoint "))
        self.assertFalse(compiled)
        self.assertEqual(cached.read_bytes(), damaged)

    def test_an_unusable_cache_directory_only_costs_a_compile(self):
        blocker = self.tmp / "not-a-directory"
        blocker.write_text("a file where the cache directory would go\n", encoding="utf-8")
        cases = {
            "XDG_CACHE_HOME is a file": self.env_with(XDG_CACHE_HOME=blocker),
            "XDG_CACHE_HOME under a file": self.env_with(XDG_CACHE_HOME=blocker / "cache"),
            "no HOME and no XDG_CACHE_HOME": self.env_with(HOME=None, XDG_CACHE_HOME=None),
        }
        for name, env in cases.items():
            with self.subTest(name):
                for _ in range(2):
                    stdout, compiled = self.start(env=env)
                    self.assertTrue(stdout.startswith("session-checkpoint "))
                    self.assertTrue(compiled)

    def test_a_relative_xdg_cache_home_falls_back_to_home(self):
        self.start(env=self.env_with(XDG_CACHE_HOME="relative/cache"))
        self.assertEqual(len(self.cache_files(self.home / ".cache")), 1)
        self.assertFalse((self.tmp / "relative").exists())

    def test_a_different_source_gets_its_own_cache_file_and_never_a_stale_one(self):
        source = (REPO / build_zipapp.MODULE).read_text(encoding="utf-8")
        changed_dir = self.tmp / "changed"
        changed_dir.mkdir()
        changed = source.replace('__version__ = "', '__version__ = "99.', 1)
        self.assertNotEqual(changed, source)
        (changed_dir / build_zipapp.MODULE).write_text(changed, encoding="utf-8")
        changed_pyz = self.tmp / "changed.pyz"
        changed_pyz.write_bytes(build_zipapp.build_archive(str(changed_dir)))
        original_version = self.start()[0]
        self.assertEqual(len(self.cache_files()), 1)
        for _ in range(2):
            stdout, _ = self.start(changed_pyz)
            self.assertIn(" 99.", stdout)
            self.assertEqual(self.start()[0], original_version)
        self.assertEqual(len(self.cache_files()), 2)

    def stale_neighbours(self, age):
        """Files in the cache directory that a miss must leave or remove, `age` seconds old:
        {name: whether it should go}."""
        tag = sys.implementation.cache_tag
        directory = self.cache_home / "session-checkpoint"
        directory.mkdir(parents=True, exist_ok=True)
        names = {
            "checkpoint_mcp-%s-%s.pyc" % ("0" * 32, tag): True,  # an older source, this tag
            "checkpoint_mcp-%s-%s.opt-1.pyc" % ("0" * 32, tag): False,  # python -O's
            "checkpoint_mcp-%s-cpython-299.pyc" % ("0" * 32): False,  # another interpreter's
            ".checkpoint_mcp-%s-%s.pyc.1234.tmp" % ("0" * 32, tag): True,  # a write that died
            ".checkpoint_mcp-%s-cpython-299.pyc.1234.tmp" % ("0" * 32): False,  # not ours
            "notes.txt": False,
        }
        stamp = time.time() - age
        for name in names:
            (directory / name).write_bytes(b"old")
            os.utime(str(directory / name), (stamp, stamp))
        return names

    def test_a_miss_removes_this_interpreters_cache_files_for_other_sources_a_day_old(self):
        names = self.stale_neighbours(age=2 * 86400)
        self.assertTrue(self.start()[1])
        [cached] = [path for path in self.cache_files() if path.name not in names]
        kept = {path.name for path in self.cache_files()} - {cached.name}
        self.assertEqual(kept, {name for name, goes in names.items() if not goes})

    def test_a_miss_keeps_another_sources_cache_file_written_within_the_day(self):
        # A session started before an upgrade still runs the old version: keeping its file
        # spares both versions a compile at every start.
        names = self.stale_neighbours(age=3600)
        self.assertTrue(self.start()[1])
        self.assertEqual(len(self.cache_files()), len(names) + 1)

    def test_a_hit_removes_nothing(self):
        self.start()
        names = self.stale_neighbours(age=2 * 86400)
        self.assertFalse(self.start()[1])
        self.assertEqual(len(self.cache_files()), len(names) + 1)

    def test_a_stale_entry_that_cannot_be_removed_does_not_fail_the_start(self):
        tag = sys.implementation.cache_tag
        stuck = self.cache_home / "session-checkpoint" / (
            "checkpoint_mcp-%s-%s.pyc" % ("0" * 32, tag))
        (stuck / "inside").mkdir(parents=True)  # unlink refuses a directory
        stamp = time.time() - 2 * 86400
        os.utime(str(stuck), (stamp, stamp))
        stdout, compiled = self.start()
        self.assertTrue(stdout.startswith("session-checkpoint "))
        self.assertTrue(compiled)
        self.assertTrue(stuck.is_dir())
        self.assertFalse(self.start()[1])  # the new cache file was written all the same

    def test_the_build_is_reproducible(self):
        self.assertEqual(build_zipapp.build_archive(), build_zipapp.build_archive())
        self.assertEqual(build_zipapp.build_archive(), PYZ.read_bytes())


def cache_writer():
    """The archive's checkpoint_cache module, made from build_zipapp's text of it."""
    module = type(sys)("checkpoint_cache")
    exec(compile(build_zipapp.CACHE_WRITER, "checkpoint_cache.py", "exec"), module.__dict__)
    return module


# A module whose functions are bound where a stand-in must look for them, or must not take
# their place. Each body is padded past the size below which a function stays in the head.
PADDING = "".join("    total = total + %d * len(str(total))\n" % n for n in range(40))
INDENTED_PADDING = PADDING.replace("    ", "        ")
ODD_SOURCE = (
    "def wrap(function):\n    return function\n\n"
    "def closing(function):\n    def wrapper(*args):\n        return function(*args) + 1\n"
    "    return wrapper\n\n"
    "@wrap\ndef decorated():\n    total = 1\n" + PADDING + "    return total\n\n"
    "def rebound():\n    total = 2\n" + PADDING + "    return total\n\n"
    "rebound = wrap(rebound)\n\n"
    "def hidden():\n    total = 3\n" + PADDING + "    return total\n\n"
    "hidden = closing(hidden)\n\n"
    "def plain(start=4):\n    total = start\n" + PADDING + "    return total\n\n"
    "class Base:\n    def method(self):\n        total = 5\n" + INDENTED_PADDING
    + "        return total\n\n"
    "class Child(Base):\n    def method(self):\n        total = super().method()\n"
    + INDENTED_PADDING + "        return total\n\n"
    "    def replaced(self):\n        total = 6\n" + INDENTED_PADDING
    + "        return total\n\n"
    "Child.replaced = Base.method\n\n"
    "@wrap\nclass Wrapped:\n    def method(self):\n        total = 7\n" + INDENTED_PADDING
    + "        return total\n\n"
    "def generator():\n    total = 8\n" + PADDING + "    yield total\n\n"
    "handlers = []\nfor tag in (9, 10):\n    def handler(_tag=tag):\n        total = _tag\n"
    + INDENTED_PADDING + "        return total\n    handlers.append(handler)\n\n"
    "if handlers:\n    def conditional():\n        total = 11\n" + INDENTED_PADDING
    + "        return total\n\n"
    "def documented():\n    'Its docstring.'\n    total = 12\n" + PADDING + "    return total\n\n"
    "documented.__doc__ = 'Set by the module.'\n\n"
    "class Root:\n    kind = 'root'\n\n"
    "class Waits(Root):\n    def method(self):\n        total = len(self.kind) + 13\n"
    + INDENTED_PADDING + "        return total\n\n"
    "def uses_waits():\n    total = Waits().method()\n" + PADDING + "    return total\n\n"
    "class Named:\n    kind = 'named'\n\n"
    "named_at_import = Named.kind\n\n"
    "class Twice:\n    kind = 'first'\n\n"
    "class Twice:\n    kind = 'second'\n\n"
    "def small():\n    return Small.kind\n\n"
    "class Small:\n    kind = 'small'\n\n"
    "class Header(\n        Root,\n        metaclass=type):  # (a header on three lines)\n"
    "    kind = 'header'\n\n"
    "def uses_header():\n    total = len(Header.kind)\n" + PADDING + "    return total\n\n"
    "class OneLine: kind = 'one line'\n\n"
    "def uses_one_line():\n    total = len(OneLine.kind)\n" + PADDING + "    return total\n\n"
    "class Defaulted:\n    kind = 'defaulted'\n\n"
    "def with_default(kind=Defaulted.kind):\n    total = len(kind)\n" + PADDING
    + "    return total\n\n"
    "class InLambda:\n    kind = 'in a lambda'\n\n"
    "get_kind = lambda: InLambda.kind\n\n"
    "class Global:\n    kind = 'global'\n\n"
    "def rebinds():\n    global Global\n    total = 1\n" + PADDING + "    Global = total\n\n"
    "class Held:\n    kind = 'held'\n\n"
    "def holds():\n    return Held.kind\n\n"
    "held_by = holds\n\n"
    "def helper():\n    return 'helper'\n\n"
    "class Table:  # (reads a function as it is made: that function is made at import)\n"
    "    handler = helper\n\n"
    "def table_kind():\n    return Table.handler()\n\n"
    "class Parent:  # (its method needs the class made after it, which needs it first)\n"
    "    def make(self):\n        return Offspring()\n\n"
    "class Offspring(Parent):\n    pass\n\n"
    "def which():\n    return type(Parent().make()).__name__\n\n"
    "class TwoSpaces:  # (a def in a loop, one indent deeper than its methods)\n"
    "  handlers = []\n"
    "  for tag in (1, 2):\n"
    "    def handler(self, _tag=tag):\n      total = _tag\n"
    + PADDING.replace("    ", "      ") + "      return total\n"
    "    handlers.append(handler)\n\n"
    "def uses_two_spaces():\n"
    "    return [handler(None) for handler in TwoSpaces.handlers]\n\n"
    "def two_lambdas(first=lambda: " + " + ".join("len(str(%d))" % n for n in range(60))
    + ",\n                second=lambda: " + " - ".join("len(str(%d))" % n for n in range(60))
    + "):\n    return first(), second()\n"
)


HEADER = b"header"


def fields(record):
    """A record's class name and the values of its fields."""
    return (type(record).__name__,) + tuple(getattr(record, name) for name in record.__slots__)


def comparable(value):
    """`value`, with each object the module made at import (which each run of it makes
    anew) replaced by its type's name."""
    if isinstance(value, tuple):
        return tuple(comparable(each) for each in value)
    if isinstance(value, dict):
        return {key: comparable(each) for key, each in value.items()}
    if value is None or isinstance(value, (str, int, float, frozenset)):
        return value
    return type(value).__qualname__


class LazyFunctionTest(TempDirTestCase):
    """In this process: the module split as a cache file holds it (each large function's
    code apart, a stand-in in its place) and run from such a file is the module."""

    def setUp(self):
        super().setUp()
        self.writer = cache_writer()
        self.restore_module("checkpoint_mcp")
        self.restore_module("checkpoint_cache")
        sys.modules["checkpoint_cache"] = self.writer  # (what a damaged function imports)
        self.addCleanup(gc.unfreeze)  # load_module freezes what this process holds

    def restore_module(self, name):
        saved = sys.modules.get(name)
        self.addCleanup(lambda: sys.modules.__setitem__(name, saved) if saved is not None
                        else sys.modules.pop(name, None))

    def write_and_load(self, source_path):
        """(the module run from a cache file made for `source_path`, that file, the code
        compiled whole)."""
        cache = self.tmp / "cache" / "checkpoint_mcp.pyc"
        with mock.patch.object(sys, "dont_write_bytecode", False):  # (as the pyz runs)
            whole = self.writer.compile_module(None, str(source_path), str(cache),
                                               HEADER, build_zipapp.CHECKSUM_KEY)[1]
        return self.load(cache, source_path), cache, whole

    def load(self, cache, source_path):
        """The module run from `cache`, read as the pyz reads it."""
        handle = open(str(cache), "rb")
        self.addCleanup(handle.close)
        start = handle.read(len(HEADER) + 12)
        head = handle.read(int.from_bytes(start[-4:], "little"))
        self.assertEqual(start[:-4], HEADER + _imp.source_hash(build_zipapp.CHECKSUM_KEY, head))
        found = marshal.loads(head)
        self.assertEqual(found[0], self.writer.load_module.__code__)
        self.index, self.parts = self.writer.read_index(found)
        return self.writer.load_module(found[1:], handle,
                                       str(source_path), None,
                                       (str(cache), HEADER, build_zipapp.CHECKSUM_KEY))

    def damage(self, cache, offset, size):
        """Flip a bit in the middle of the code `size` bytes long at `offset` past the head
        of the file `cache`; its damaged bytes."""
        good = cache.read_bytes()
        damaged = flipped(good, self.head_end(good) + offset + size // 2)
        cache.write_bytes(damaged)
        return damaged

    def head_end(self, data):
        """Where the head ends in the bytes of a cache file written with HEADER."""
        return len(HEADER) + 12 + int.from_bytes(data[len(HEADER) + 8:len(HEADER) + 12],
                                                  "little")

    def waiting(self):
        """The names of what waits in the module last loaded."""
        return {name for names, _, _, _, _, _ in self.parts for name in names}

    def lazy_functions(self, module):
        """[(number, class name or None, function)] of each stand-in in `module` (a
        function whose code calls LAZY), each once, wherever it is bound."""
        found = {}
        classes = [vars(value) for value in vars(module).values() if isinstance(value, type)]
        for scope in [vars(module)] + classes:
            for function in list(scope.values()):
                code = getattr(function, "__code__", None)
                if code is not None and self.writer.LAZY in code.co_names:
                    [number] = [value for value in code.co_consts
                                if type(value) is int and value >= 0]
                    owner = function.__qualname__.rpartition(".")[0] or None
                    found[id(function)] = (number, owner, function)
        return sorted(found.values(), key=lambda entry: entry[0])

    def test_the_module_run_from_its_cache_file_is_the_module(self):
        source_path = REPO / build_zipapp.MODULE
        module, _, whole = self.write_and_load(source_path)
        self.assertGreater(len(self.index), 300)
        waiting = self.waiting()
        self.assertGreater(len(waiting), 200)
        self.assertEqual(waiting & set(vars(module)), set())  # (made when first named)
        names = [{name for name in dir(each) if not name.startswith("__")}
                 for each in (module, checkpoint_mcp)]
        self.assertEqual(names[0], names[1])
        load = vars(module)[self.writer.LAZY]
        for number, (owner, name, _, _, _, _) in enumerate(self.index):
            with self.subTest(name, owner=owner):
                function = (getattr(module, name) if owner is None
                            else vars(getattr(module, owner))[name])
                line = function.__code__.co_firstlineno
                if self.writer.LAZY in function.__code__.co_names:  # (not run at import)
                    self.assertIsNone(function.__doc__)  # (no docstring until it is read)
                    self.assertIs(load(number, function.__code__), function)
                self.assertEqual(function.__code__,
                                 self.writer.function_code(whole, owner, name, line))
                imported = vars(checkpoint_mcp if owner is None
                                else getattr(checkpoint_mcp, owner))[name]
                for attribute in ("__name__", "__qualname__", "__doc__", "__defaults__",
                                  "__kwdefaults__", "__module__"):
                    self.assertEqual(comparable(getattr(function, attribute)),
                                     comparable(getattr(imported, attribute)), attribute)
        self.assertEqual(self.lazy_functions(module), [])
        for name in sorted(waiting):
            made, imported = getattr(module, name), getattr(checkpoint_mcp, name)
            if not isinstance(made, type):
                continue  # (a function: above)
            with self.subTest(name):
                self.assertIs(getattr(module, name), made)  # (made once)
                self.assertEqual([each.__qualname__ for each in made.__mro__],
                                 [each.__qualname__ for each in imported.__mro__])
                self.assertEqual({key: comparable(value) for key, value in vars(made).items()},
                                 {key: comparable(value)
                                  for key, value in vars(imported).items()})
                self.assertEqual(made.__module__, "checkpoint_mcp")
        text = "export GITHUB_TOKEN=ghp_" + "a1B2c3D4e5" * 4 + " and a plain word"
        self.assertEqual(module.redact_text(text), checkpoint_mcp.redact_text(text))

    def test_a_function_runs_on_its_first_call_and_threads_share_one_read(self):
        module, _, _ = self.write_and_load(REPO / build_zipapp.MODULE)
        module.redact_text  # (made, with what waits with it, if it waits)
        [(_, _, redact)] = [entry for entry in self.lazy_functions(module)
                            if entry[2].__name__ == "redact_text"]
        stand_in = redact.__code__
        results, barrier = [], threading.Barrier(4)

        def call():
            barrier.wait()
            results.append(module.redact_text("password = Tr0ub4dor&3xQ9"))
        threads = [threading.Thread(target=call) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(results, [checkpoint_mcp.redact_text("password = Tr0ub4dor&3xQ9")] * 4)
        self.assertIsNot(redact.__code__, stand_in)
        self.assertIs(module.redact_text, redact)

    def test_a_damaged_function_is_compiled_from_the_source_and_the_file_rewritten(self):
        source_path = REPO / build_zipapp.MODULE
        module, cache, _ = self.write_and_load(source_path)
        [(_, _, offset, size, _, _)] = [entry for entry in self.index
                                       if entry[1] == "redact_text"]
        damaged = self.damage(cache, offset, size)
        text = "the deploy key is sk_live_" + "Zq8Xw2Lm5Np9Rt3V" * 2
        with mock.patch.object(sys, "dont_write_bytecode", False):
            self.assertEqual(module.redact_text(text), checkpoint_mcp.redact_text(text))
        self.assertNotEqual(cache.read_bytes(), damaged)  # written again, and whole:
        self.assertEqual(self.load(cache, source_path).redact_text(text),
                         checkpoint_mcp.redact_text(text))

    def test_a_function_bound_anywhere_runs_as_it_would_from_the_source(self):
        source_path = self.tmp / "odd.py"
        source_path.write_text(ODD_SOURCE, encoding="utf-8")
        module, _, _ = self.write_and_load(source_path)
        lazy = {(owner, name) for owner, name, _, _, _, _ in self.index}
        self.assertEqual(lazy, {(None, "rebound"), (None, "hidden"), (None, "plain"),
                                ("Base", "method"), ("Child", "replaced"),
                                (None, "documented"), ("Waits", "method"),
                                (None, "uses_waits"), (None, "uses_header"),
                                (None, "uses_one_line"), (None, "with_default"),
                                (None, "rebinds")})
        # (made once, plain and undecorated; what the module's body, a function it names
        # whose code is in the head or a class made at import names, or what is bound
        # twice or may be rebound, or whose statement's header cannot be told from its
        # body, is made at import)
        self.assertEqual([names for names, _, _, _, _, _ in self.parts],
                         [("Root",), ("Waits",), ("Small",), ("Header",), ("Table",),
                          ("Parent",), ("Offspring",), ("TwoSpaces",),
                          ("generator", "uses_waits", "small", "uses_header", "uses_one_line",
                           "rebinds", "table_kind", "which", "uses_two_spaces")])
        self.assertNotIn("<lambda>", {name for _, name, _, _, _, _ in self.index})
        expected = self.expected_odd()
        for name, call in {"plain": lambda m: m.plain(), "plain(9)": lambda m: m.plain(9),
                           "decorated": lambda m: m.decorated(),
                           "rebound": lambda m: m.rebound(),
                           "hidden (found by the function that holds it)":
                               lambda m: m.hidden(),
                           "Base.method": lambda m: m.Base().method(),
                           "Child.method": lambda m: m.Child().method(),
                           "Child.replaced": lambda m: m.Child().replaced(),
                           "Wrapped.method": lambda m: m.Wrapped().method(),
                           "generator": lambda m: list(m.generator()),
                           "handlers": lambda m: [handler() for handler in m.handlers],
                           "conditional": lambda m: m.conditional(),
                           "documented": lambda m: (m.documented(), m.documented.__doc__),
                           "uses_waits (which makes Waits, and Waits Root)":
                               lambda m: m.uses_waits(),
                           "Waits": lambda m: (m.Waits().method(), m.Waits.__mro__[1].kind),
                           "Root": lambda m: m.Root.kind,
                           "named_at_import": lambda m: m.named_at_import,
                           "Twice": lambda m: m.Twice.kind, "small": lambda m: m.small(),
                           "uses_header": lambda m: m.uses_header(),
                           "Header": lambda m: (m.Header.kind, type(m.Header).__name__,
                                                m.Header.__mro__[1].__name__),
                           "uses_one_line": lambda m: m.uses_one_line(),
                           "with_default": lambda m: m.with_default(),
                           "get_kind": lambda m: m.get_kind(),
                           "Global": lambda m: m.Global.kind,
                           "held_by": lambda m: m.held_by(),
                           "table_kind": lambda m: m.table_kind(),
                           "which": lambda m: m.which(),
                           "uses_two_spaces": lambda m: m.uses_two_spaces(),
                           "two_lambdas": lambda m: m.two_lambdas(),
                           }.items():
            with self.subTest(name):
                self.assertEqual(call(module), call(argparse.Namespace(**expected)))
        self.assertEqual([function.__qualname__ for _, _, function
                          in self.lazy_functions(module)], ["rebinds"])  # (never ran;
        # nor did Child.replaced's code, which Base.method's took the place of)

    def test_the_index_reads_the_same_on_a_machine_of_the_other_byte_order(self):
        # (a little-endian machine reads the index's numbers as words; another decodes them)
        source_path = self.tmp / "odd.py"
        source_path.write_text(ODD_SOURCE, encoding="utf-8")
        expected = self.expected_odd()
        with mock.patch.object(sys, "byteorder", "big"):
            module, _, _ = self.write_and_load(source_path)
            with mock.patch.object(self.writer, "compile_module", side_effect=AssertionError(
                    "a code read where the index says did not check out")):
                for name in ("uses_waits", "plain", "uses_header", "with_default", "which"):
                    with self.subTest(name):
                        self.assertEqual(getattr(module, name)(), expected[name]())
                self.assertEqual(module.Child().replaced(), argparse.Namespace(**expected).Child().replaced())

    def test_a_class_that_waits_is_made_once_when_first_named(self):
        source_path = self.tmp / "odd.py"
        source_path.write_text(ODD_SOURCE, encoding="utf-8")
        expected = argparse.Namespace(**self.expected_odd())
        module, _, _ = self.write_and_load(source_path)
        self.assertFalse({"Root", "Waits"} & set(vars(module)))
        self.assertTrue({"Root", "Waits"} <= set(dir(module)))
        self.assertEqual(module.uses_waits(), expected.uses_waits())  # (its first call)
        self.assertTrue({"Root", "Waits"} <= set(vars(module)))  # (and Waits' base first)
        waits = module.Waits
        self.assertIs(module.Waits, waits)
        with mock.patch.object(module, "Waits", "patched"):
            self.assertEqual(module.Waits, "patched")
        self.assertIs(module.Waits, waits)  # (put back, not made again)
        with self.assertRaisesRegex(AttributeError, "no attribute 'Missing'"):
            module.Missing
        self.assertNotIn("__getattr__", dir(module))
        again, _, _ = self.write_and_load(source_path)
        self.assertEqual(again.Root.kind, "root")  # named from outside first
        self.assertNotIn("Waits", vars(again))

    def write_source_and_load(self, source):
        source_path = self.tmp / "module.py"
        source_path.write_bytes(source)
        return self.write_and_load(source_path)[0]

    def test_a_part_cut_short_is_made_at_the_next_need(self):
        # (as when a signal's KeyboardInterrupt lands while a class's statement runs)
        module = self.write_source_and_load(
            b"calls = []\n\n"
            b"def explode():\n    calls.append(1)\n    if len(calls) == 1:\n"
            b"        raise KeyboardInterrupt\n    return 'made'\n\n"
            b"class Fragile:\n    kind = explode()\n\n"
            b"def uses_fragile():\n    return Fragile.kind\n")
        self.assertEqual([names for names, _, _, _, _, _ in self.parts],
                         [("Fragile",), ("uses_fragile",)])
        with self.assertRaises(KeyboardInterrupt):
            module.uses_fragile
        self.assertEqual(module.uses_fragile(), "made")
        self.assertEqual(module.Fragile.kind, "made")

    def test_nothing_waits_in_a_module_that_binds_names_another_way(self):
        for name, source in {
                "import *": b"from os.path import *\n\ndef join(a, b):\n    return 'mine'\n\n"
                            b"class sep:\n    kind = 'mine'\n",
                "its own __getattr__": b"def __getattr__(name):\n    return 42\n\n"
                                       b"def join(a, b):\n    return 'mine'\n\n"
                                       b"class sep:\n    kind = 'mine'\n"}.items():
            with self.subTest(name):
                module = self.write_source_and_load(source)
                self.assertEqual(self.parts, ())
                self.assertEqual((module.join("a", "b"), module.sep.kind), ("mine", "mine"))
        self.assertEqual(module.anything, 42)

    def test_a_class_header_is_read_in_the_source_encoding(self):
        module = self.write_source_and_load(
            "# -*- coding: latin-1 -*-\nBASES = {'\xe9': object}\n\n"
            "class Accented(BASES['\xe9']):\n    kind = 'accented'\n\n"
            "def uses_accented():\n    return Accented.kind\n".encode("latin-1"))
        self.assertIn(("Accented",), [names for names, _, _, _, _, _ in self.parts])
        self.assertEqual(module.uses_accented(), "accented")

    def test_the_module_keeps_to_what_waiting_assumes(self):
        # What waits is made later than at import, and only names find it: so the module
        # looks nothing up by a computed name or binds names another way, and its class
        # statements read the same values whenever they run (pure bodies: constants,
        # names, defs with the usual decorators, a few builtins; no class hooks).
        import ast
        tree = ast.parse((REPO / build_zipapp.MODULE).read_text(encoding="utf-8"))
        pure_calls = {"getattr", "frozenset", "tuple", "len", "dict", "set", "str", "int"}
        decorators = {"staticmethod", "classmethod", "property", "setter", "getter",
                      "deleter"}
        found = []
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("globals", "vars", "locals", "eval", "exec")):
                found.append("%s() at line %d" % (node.func.id, node.lineno))
            if isinstance(node, ast.ImportFrom) and any(a.name == "*" for a in node.names):
                found.append("import * at line %d" % node.lineno)
        for statement in tree.body:
            bound = [statement.name] if isinstance(statement, (ast.FunctionDef, ast.ClassDef)) \
                else [target.id for target in getattr(statement, "targets", [])
                      if isinstance(target, ast.Name)]
            if set(bound) & {"__getattr__", "__dir__", "__all__"}:
                found.append("%s at line %d" % (bound, statement.lineno))
            if not isinstance(statement, ast.ClassDef):
                continue
            if statement.keywords:
                found.append("class %s's keywords" % statement.name)
            for each in statement.body:
                if isinstance(each, ast.FunctionDef):
                    if each.name in ("__init_subclass__", "__set_name__", "__class_getitem__"):
                        found.append("%s.%s" % (statement.name, each.name))
                    for decorator in each.decorator_list:
                        if getattr(decorator, "id", getattr(decorator, "attr", None)) \
                                not in decorators:
                            found.append("%s.%s's decorator" % (statement.name, each.name))
                elif isinstance(each, (ast.Assign, ast.AnnAssign)):
                    for call in ast.walk(each.value) if each.value else ():
                        if isinstance(call, ast.Call) and getattr(
                                call.func, "id", None) not in pure_calls:
                            found.append("a call in class %s, line %d"
                                         % (statement.name, each.lineno))
                elif not (isinstance(each, ast.Pass) or isinstance(each, ast.Expr)
                          and isinstance(each.value, ast.Constant)):
                    found.append("a %s in class %s, line %d"
                                 % (type(each).__name__, statement.name, each.lineno))
        self.assertEqual(found, [])

    def test_what_waits_runs_as_the_source_does_in_harder_cases(self):
        # (a part needed before, by way of a part needed after; a class attribute named as
        # a later class; code that runs as a class is made, in a generator; a name a
        # function rebinds with `global`; a loop opening a class's body)
        source = (
            "class Helper:\n    def make(self):\n        return Offspring()\n\n"
            "class Parent:\n    helper = Helper\n    Child = None\n\n"
            "class Offspring(Parent):\n    pass\n\n"
            "class Child(Parent):\n    pass\n\n"
            "def made_by_helper():\n    return type(Parent.helper().make()).__name__\n\n"
            "def doubled(n):\n    return 2 * n\n\n"
            "class Table:\n    values = tuple(doubled(n) for n in range(3))\n"
            "\n"
            "def tripled(n):\n    return 3 * n\n\n"
            "class Holder:\n    tripled = tripled  # (read, then bound in the class)\n\n"
            "def table_values():\n    return Table.values\n\n"
            "LEVEL = 1\n\n"
            "class Level:\n    level = LEVEL\n\n"
            "def raise_level():\n    global LEVEL\n    LEVEL = 2\n\n"
            "raise_level()\n\n"
            "def level():\n    return Level.level\n\n"
            "class Loop:\n    handlers = []\n    while len(handlers) < 2:\n"
            "        def handler(self, _tag=len(handlers)):\n            total = _tag\n"
            + PADDING.replace("    ", "            ") + "            return total\n"
            "        handlers.append(handler)\n\n"
            "def loop_tags():\n    return [handler(None) for handler in Loop.handlers]\n")
        module = self.write_source_and_load(source.encode())
        expected = {}
        exec(compile(source, "harder.py", "exec"), expected)
        self.assertEqual(module.Holder.tripled(2), 6)  # (made first, from outside)
        for name in ("made_by_helper", "table_values", "level", "loop_tags"):
            with self.subTest(name):
                self.assertEqual(getattr(module, name)(), expected[name]())
        self.assertIsNone(module.Parent.Child)
        self.assertEqual(module.Child.__mro__[1].__name__, "Parent")

    def test_a_second_line_declares_the_encoding_only_after_a_comment(self):
        module = self.write_source_and_load(
            "BASES = {'\xe9': object}\n# -*- coding: latin-1 -*-\n"
            "class Accented(BASES['\xe9']):\n    kind = 'accented'\n\n"
            "def uses_accented():\n    return Accented.kind\n".encode("utf-8"))
        self.assertEqual(module.uses_accented(), "accented")

    def test_a_damaged_class_is_compiled_from_the_source_and_the_file_rewritten(self):
        source_path = REPO / build_zipapp.MODULE
        module, cache, _ = self.write_and_load(source_path)
        [(_, offset, size, _, _, _)] = [entry for entry in self.parts
                                     if entry[0] == ("TomlScanner",)]
        damaged = self.damage(cache, offset, size)
        with mock.patch.object(sys, "dont_write_bytecode", False):
            scanner = module.TomlScanner
        self.assertEqual(sorted(vars(scanner)), sorted(vars(checkpoint_mcp.TomlScanner)))
        text = "[mcp_servers.x]\ncommand = 'y'\n"  # (its methods, whole, find what they name)
        self.assertEqual([fields(each) for each in scanner(text, "c.toml").statements()],
                         [fields(each) for each in checkpoint_mcp.TomlScanner(text, "c.toml")
                          .statements()])
        self.assertNotEqual(cache.read_bytes(), damaged)  # written again
        self.assertEqual(sorted(vars(self.load(cache, source_path).TomlScanner)),
                         sorted(vars(checkpoint_mcp.TomlScanner)))

    def test_damaged_functions_that_wait_are_compiled_from_the_source(self):
        source_path = self.tmp / "odd.py"
        source_path.write_text(ODD_SOURCE, encoding="utf-8")
        expected = argparse.Namespace(**self.expected_odd())
        module, cache, _ = self.write_and_load(source_path)
        [(names, offset, size, _, _, _)] = [entry for entry in self.parts if len(entry[0]) > 1]
        self.assertIn("uses_waits", names)
        damaged = self.damage(cache, offset, size)
        with mock.patch.object(sys, "dont_write_bytecode", False):
            self.assertEqual(module.uses_waits(), expected.uses_waits())
            self.assertEqual(module.uses_header(), expected.uses_header())
        self.assertNotEqual(cache.read_bytes(), damaged)  # written again

    def test_a_server_reads_no_function_from_its_start_to_its_tools_list_answer(self):
        # What it runs then is on the writer's START_PATH, kept in the head: a read each
        # would cost that start more than the unmarshalling they spare.
        module, _, _ = self.write_and_load(REPO / build_zipapp.MODULE)
        for qualname in self.writer.START_PATH:
            owner, _, name = qualname.rpartition(".")
            self.assertTrue(callable(vars(getattr(module, owner) if owner else module)
                                     .get(name)), qualname)
        before = {function.__qualname__ for _, _, function in self.lazy_functions(module)}
        answers = self.serve_tools_list(module)
        self.assertEqual(len(json.loads(answers[-1])["result"]["tools"]), 3)
        after = {function.__qualname__ for _, _, function in self.lazy_functions(module)}
        self.assertEqual(sorted(before - after), [])
        # nor makes a class that waits
        self.assertEqual(sorted(self.waiting() & set(vars(module))), [])
        # and each function it calls, whatever its size (which differs between versions)
        called = set()

        def record(frame, event, argument):
            code = frame.f_code
            if event == "call" and code.co_filename == str(REPO / build_zipapp.MODULE):
                for scope in [module] + [value for value in vars(module).values()
                                         if isinstance(value, type)]:
                    if getattr(vars(scope).get(code.co_name), "__code__", None) is code:
                        called.add(code.co_name if scope is module
                                   else scope.__name__ + "." + code.co_name)
        sys.setprofile(record)
        try:
            self.serve_tools_list(module)
        finally:
            sys.setprofile(None)
        self.assertTrue({"main", "McpServer.serve", "Record.__init__"} <= called, called)
        self.assertEqual(sorted(called - self.writer.START_PATH), [])

    def serve_tools_list(self, module):
        """The lines `module`'s server answers an initialize, then a tools/list, with."""
        requests = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": checkpoint_mcp.HANDSHAKE_VERSIONS[0],
                        "capabilities": {}, "clientInfo": {"name": "test", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]
        read, write = os.pipe()
        os.write(write, "".join(json.dumps(request) + "\n" for request in requests).encode())
        os.close(write)
        with open(read, "r", encoding="utf-8") as stdin:
            stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
            module.main([], stdin=stdin, stdout=stdout, stderr=io.StringIO(),
                        environ=self.env, cwd=str(self.project))
            return stdout.buffer.getvalue().decode("utf-8").splitlines()

    def test_a_load_cut_short_between_noting_and_placing_the_code_is_finished_later(self):
        # (as when a signal's KeyboardInterrupt lands between the two: the next call,
        # from any thread, puts the code in place instead of looking for the function)
        source_path = self.tmp / "odd.py"
        source_path.write_text(ODD_SOURCE, encoding="utf-8")
        module, _, _ = self.write_and_load(source_path)
        load = vars(module)[self.writer.LAZY]
        [number] = [n for n, entry in enumerate(self.index) if entry[1] == "plain"]
        stand_in = module.plain.__code__
        self.assertIs(load(number, stand_in), module.plain)
        real = module.plain.__code__
        module.plain.__code__ = stand_in  # (noted, not yet placed)
        self.assertEqual(module.plain(), argparse.Namespace(**self.expected_odd()).plain())
        self.assertIs(module.plain.__code__, real)

    def expected_odd(self):
        expected = {}
        exec(compile(ODD_SOURCE, "odd.py", "exec"), expected)
        return expected

    def test_every_function_of_the_module_is_where_its_stand_in_looks(self):
        # A stand-in finds its function by name at once, or else only by asking the
        # collector: none of the module's needs that. (What waits is made first.)
        module, _, _ = self.write_and_load(REPO / build_zipapp.MODULE)
        for name in self.waiting():
            getattr(module, name)
        for owner, name, _, _, _, _ in self.index:
            scope = vars(module if owner is None else getattr(module, owner))
            with self.subTest(name, owner=owner):
                self.assertIn(name, scope)
                self.assertTrue(hasattr(scope[name], "__code__"))


if __name__ == "__main__":
    unittest.main()


class SourceCompilesCleanlyTest(unittest.TestCase):
    def test_the_module_and_the_build_compile_with_every_warning_an_error(self):
        # A compile-time warning (an invalid escape such as "\`" in a string) is printed
        # on stderr by the first start that compiles; on Python 3.12 and later it is a
        # SyntaxWarning, before that a DeprecationWarning that the same filter raises.
        import warnings
        for name in ("checkpoint_mcp.py", "build_zipapp.py"):
            with self.subTest(name), warnings.catch_warnings():
                warnings.simplefilter("error")
                compile((REPO / name).read_text(encoding="utf-8"), name, "exec", dont_inherit=True)
