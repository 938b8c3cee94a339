"""Disk trouble: writes that fail half way must cost the new save, never the old one.

Each failure (no space on a tiny filesystem, no inodes, a file-size limit, a read-only
store, a directory where a file must go) must give a clear tool error, leave the previous
checkpoint loadable and unchanged, leave no temp file behind, and the next save after the
trouble is gone must work.
"""
import os
import sys
import unittest
from unittest import mock

import tests.support
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, CheckedProcess, CheckedServer, TempDirTestCase,
                           load_checkpoint_file, mount_tmpfs, remount_read_only)

POSIX = os.name != "nt"
PYZ_COMMAND = tests.support.pyz_command
BIG = {"goal": "big", "summary": "s" * 3900,
       "decisions": ["decision %d " % i + "d" * 900 for i in range(19)]}  # about 23 KB


class DiskTestCase(TempDirTestCase):

    session = "disk"

    @property
    def store(self):
        return self.project / CHECKPOINT_DIR

    def checked(self, process=False, **kw):
        """A checked server in this process, or with `process` the built pyz."""
        kind = CheckedProcess if process else CheckedServer
        server = kind(self.project, self.env_with(CLAUDE_CODE_SESSION_ID=self.session), **kw)
        self.addCleanup(server.close)
        return server

    def save_first(self, server):
        result = server.call_tool(SAVE, {"goal": "first", "decisions": ["keep me"]})
        self.assertFalse(result.get("isError"), result)
        return (self.store / (self.session + ".json")).read_bytes()

    def assert_failed_cleanly(self, server, arguments, first_bytes, *reasons):
        result = server.call_tool(SAVE, arguments)
        self.assertTrue(result.get("isError"), result)
        text = result["content"][0]["text"]
        self.assertTrue(text.startswith("Error: save_session_checkpoint failed: "), text)
        self.assertTrue(any(reason in text for reason in reasons), text)
        self.assertEqual((self.store / (self.session + ".json")).read_bytes(), first_bytes)
        self.assertEqual([name for name in os.listdir(str(self.store)) if name.endswith(".tmp")],
                         [])
        loaded = server.call_tool(LOAD, {})
        self.assertFalse(loaded.get("isError"), loaded)
        self.assertFalse(loaded["structuredContent"]["fromBackup"])
        self.assertIn("first", loaded["content"][0]["text"])
        self.assertEqual(server.call_tool(LIST, {})["structuredContent"]["warnings"], [])
        return text

    def assert_saves_again(self, server):
        result = server.call_tool(SAVE, dict(BIG, mode="merge"))
        self.assertFalse(result.get("isError"), result)
        stored = load_checkpoint_file(self.store / (self.session + ".json"))
        self.assertEqual(stored["goal"]["primary"], "big")
        self.assertEqual(stored["decisions"][0], "keep me")


class TinyFilesystemTest(DiskTestCase):

    def setUp(self):
        super().setUp()
        if not mount_tmpfs(self, self.project, "size=64k,nr_inodes=32,mode=0755"):
            self.skipTest("cannot mount a tiny tmpfs here (needs root on Linux)")

    def fill(self, leave_pages=0):
        """Fill the filesystem, then give back `leave_pages` 4 KB pages."""
        filler = self.project / "filler"
        with open(str(filler), "ab", buffering=0) as handle:
            try:
                while True:
                    handle.write(b"\0" * 4096)
            except OSError:
                pass
        size = filler.stat().st_size
        os.truncate(str(filler), max(0, size - (size % 4096) - leave_pages * 4096))
        self.addCleanup(lambda: filler.exists() and filler.unlink())
        return filler

    def test_no_space_for_the_backup_keeps_the_previous_checkpoint(self):
        server = self.checked()
        first = self.save_first(server)
        filler = self.fill()
        self.assert_failed_cleanly(server, BIG, first, "No space left on device")
        filler.unlink()
        self.assert_saves_again(server)

    def test_no_space_for_the_new_file_after_the_backup_keeps_the_previous_checkpoint(self):
        server = self.checked()
        first = self.save_first(server)
        filler = self.fill(leave_pages=2)
        self.assert_failed_cleanly(server, BIG, first, "No space left on device")
        self.assertEqual((self.store / (self.session + ".json.prev")).read_bytes(), first)
        filler.unlink()
        self.assert_saves_again(server)

    def test_no_inodes_left_keeps_the_previous_checkpoint(self):
        server = self.checked()
        first = self.save_first(server)
        created = []
        try:
            while True:
                path = self.project / ("inode%d" % len(created))
                path.touch()
                created.append(path)
        except OSError:
            pass
        self.assert_failed_cleanly(server, {"goal": "second"}, first, "No space left on device")
        for path in created:
            path.unlink()
        self.assert_saves_again(server)

    def test_a_store_on_a_filesystem_turned_read_only_keeps_the_previous_checkpoint(self):
        server = self.checked()
        first = self.save_first(server)
        if not remount_read_only(self.project):
            self.skipTest("cannot remount read-only")
        self.assert_failed_cleanly(server, {"goal": "second"}, first, "Read-only file system")


@unittest.skipUnless(POSIX, "POSIX resource limits")
class FileSizeLimitTest(DiskTestCase):
    """A failing write anywhere, root or not: RLIMIT_FSIZE makes write() fail with EFBIG
    (Python ignores SIGXFSZ), as a full disk would half way through a file. The limit is
    the process's own, so this server is the pyz in a process of its own."""

    def limited_server(self, limit):
        def limited_command(*args):
            command = PYZ_COMMAND(*args)
            return [sys.executable, "-c",
                    "import os, resource, sys; "
                    "resource.setrlimit(resource.RLIMIT_FSIZE, (%d, %d)); "
                    "os.execv(sys.argv[1], sys.argv[1:])" % (limit, limit)] + command

        with mock.patch.object(tests.support, "pyz_command", limited_command):
            return self.checked(process=True)

    def test_a_write_cut_short_keeps_the_previous_checkpoint(self):
        server = self.limited_server(16384)
        first = self.save_first(server)
        self.assert_failed_cleanly(server, BIG, first, "File too large")
        self.assert_failed_cleanly(server, dict(BIG, mode="merge"), first, "File too large")
        small = server.call_tool(SAVE, {"goal": "small again", "mode": "merge"})
        self.assertFalse(small.get("isError"), small)


class InTheWayTest(DiskTestCase):

    def test_a_directory_where_the_backup_goes_keeps_the_previous_checkpoint(self):
        server = self.checked()
        first = self.save_first(server)
        blocker = self.store / (self.session + ".json.prev")
        blocker.mkdir()
        (blocker / "something").write_text("x", "utf-8")
        self.assert_failed_cleanly(server, {"goal": "second"}, first,
                                   "Is a directory", "Directory not empty", "File exists")
        (blocker / "something").unlink()
        blocker.rmdir()
        self.assert_saves_again(server)

    def test_a_directory_where_the_checkpoint_goes_is_a_clear_error(self):
        server = self.checked()
        (self.project / CHECKPOINT_DIR / (self.session + ".json")).mkdir(parents=True)
        result = server.call_tool(SAVE, {"goal": "g"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("save_session_checkpoint failed", result["content"][0]["text"])
        self.assertEqual(sorted(set(os.listdir(str(self.store))) - {".gitignore"}),
                         [self.session + ".json", self.session + ".json.lock"])
        self.assertTrue(server.still_serves())
        server.close_and_check(self)

    def test_a_file_where_the_store_goes_is_a_clear_error(self):
        (self.project / CHECKPOINT_DIR).write_text("not a directory", "utf-8")
        server = self.checked()
        result = server.call_tool(SAVE, {"goal": "g"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("not a directory", result["content"][0]["text"])
        self.assertEqual((self.project / CHECKPOINT_DIR).read_text("utf-8"),
                         "not a directory")
        self.assertFalse(server.call_tool(LIST, {}).get("isError"))
        server.close_and_check(self)


class ReadOnlyStoreTest(DiskTestCase):

    def test_a_read_only_store_keeps_the_previous_checkpoint(self):
        if POSIX and os.geteuid() != 0:
            server = self.checked()
            first = self.save_first(server)
            os.chmod(str(self.store), 0o500)
            self.addCleanup(os.chmod, str(self.store), 0o700)
            reason = "Permission denied"
        else:
            if not mount_tmpfs(self, self.store, "size=256k,mode=0700"):
                self.skipTest("cannot make a read-only directory here")
            server = self.checked()
            first = self.save_first(server)
            if not remount_read_only(self.store):
                self.skipTest("cannot remount read-only")
            reason = "Read-only file system"
        self.assert_failed_cleanly(server, dict(BIG, mode="merge"), first, reason)
        self.assertTrue(server.still_serves())
        server.close_and_check(self)
