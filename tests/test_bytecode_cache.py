"""The pyz's bytecode cache: made once, reused, never stale, and never in the way.

Each test runs the built pyz with its own HOME and XDG_CACHE_HOME (tests/support.py).
A watcher runs the pyz the way the interpreter does, under an audit hook that logs each
`compile` of the module's source and each cache file opened, so a test can tell a start
that used the cache from one that compiled.
"""
import os
import stat
import subprocess
import sys
import time
import unittest

import build_zipapp
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
        middle = len(good) // 2
        damaged = {
            "garbage": b"not a code object",
            "empty": b"",
            "truncated": good[:middle],
            "one byte flipped": good[:middle] + bytes([good[middle] ^ 0x01]) + good[middle + 1:],
            "another interpreter's magic": bytes([good[0] ^ 0xFF]) + good[1:],
        }
        for name, data in damaged.items():
            with self.subTest(name):
                cached.write_bytes(data)
                stdout, compiled = self.start()
                self.assertTrue(stdout.startswith("session-checkpoint "))
                self.assertTrue(compiled)
                self.assertNotEqual(cached.read_bytes(), data)
                self.assertFalse(self.start()[1])  # the rewritten file is used

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


if __name__ == "__main__":
    unittest.main()
