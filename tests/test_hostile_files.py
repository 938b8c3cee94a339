"""Files in a repository are hostile input: whatever shape a checkpoint file has, and
whatever lies where it points, list, load and the command line answer, bounded, and never
hang, crash or read outside the project."""
import json
import os
import threading
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import make_git_repo, run_main
from tests.test_checkpoints import LIST, LOAD, SAVE, CheckpointTestCase

POSIX = os.name != "nt"


class HostileFileTestCase(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        self.directory = self.project / ".claude-checkpoints"
        self.directory.mkdir(mode=0o700)

    def within(self, seconds, call):
        """call()'s value, failing the test if it takes longer than `seconds` (a hang)."""
        outcome = {}
        worker = threading.Thread(target=lambda: outcome.setdefault("value", call()),
                                  daemon=True)
        worker.start()
        worker.join(seconds)
        self.assertFalse(worker.is_alive(), "hung")
        return outcome["value"]

    def write(self, name, checkpoint):
        path = self.directory / name
        path.write_text(json.dumps(checkpoint), encoding="utf-8")
        os.chmod(str(path), 0o600)
        return path

    def valid(self, **changes):
        checkpoint = {"version": 1, "id": "x", "createdAt": "2026-01-01T00:00:00.000Z",
                      "updatedAt": "2026-01-01T00:00:00.000Z", "goal": {"primary": "g"},
                      "nextSteps": [], "decisions": [], "modifiedFiles": [],
                      "recentCommands": [], "meta": {}}
        checkpoint.update(changes)
        return checkpoint


class FifoTest(HostileFileTestCase):

    @unittest.skipUnless(POSIX, "FIFOs")
    def test_a_fifo_named_like_a_checkpoint_is_unreadable_not_waited_on(self):
        os.mkfifo(str(self.directory / "s1.json"))
        server = self.claude()
        listed = self.within(10, lambda: server.call_tool(LIST, {}))
        self.assertEqual(listed["structuredContent"]["total"], 0)  # not a checkpoint file
        loaded = self.within(10, lambda: server.call_tool(LOAD, {}))
        self.assertTrue(loaded.get("isError"))
        self.assertIn("not a regular file", loaded["content"][0]["text"])
        result = self.within(10, lambda: run_main(["show", "s1"], self.env, cwd=self.project))
        self.assertEqual(result.returncode, 1)

    @unittest.skipUnless(POSIX, "FIFOs")
    def test_a_recorded_file_swapped_for_a_fifo_is_not_waited_on(self):
        server = self.claude()
        (self.project / "a.txt").write_text("a\n", encoding="utf-8")
        self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "a.txt"}]})
        (self.project / "a.txt").unlink()
        os.mkfifo(str(self.project / "a.txt"))
        loaded = self.within(10, lambda: server.call_tool(LOAD, {}))
        self.assertFalse(loaded.get("isError"), loaded)


class CraftedShapeTest(HostileFileTestCase):

    def assert_unreadable(self, checkpoint, why):
        self.write("s1.json", checkpoint)
        server = self.claude()
        listed = server.call_tool(LIST, {})
        self.assertFalse(listed.get("isError"), listed)
        self.assertTrue(listed["structuredContent"]["entries"][0].get("unreadable"), listed)
        loaded = server.call_tool(LOAD, {})
        self.assertTrue(loaded.get("isError"), loaded)
        self.assertIn(why, loaded["content"][0]["text"])
        result = run_main(["show", "s1"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 1)
        self.assertIn(b"cannot be read", result.stderr)
        self.assertNotIn(b"Traceback", result.stderr)
        self.assertNotIn(b"permissions", result.stderr)

    def test_an_automatic_source_that_is_a_list(self):
        self.assert_unreadable(self.valid(meta={"auto": {"source": ["pre-compact"]}}),
                               "meta.auto.source")

    def test_more_files_than_a_save_writes(self):
        files = [{"path": "f%d" % number, "hash": "0" * 40} for number in range(7000)]
        self.assert_unreadable(self.valid(modifiedFiles=files), "modifiedFiles")

    def test_a_year_no_clock_shows_is_no_crash(self):
        self.write("s1.json", self.valid(updatedAt="99999999999-01-01T00:00:00.000Z"))
        server = self.claude()
        loaded = server.call_tool(LOAD, {})
        self.assertFalse(loaded.get("isError"), loaded)
        self.assertIn("99999999999", loaded["structuredContent"]["brief"])
        result = run_main(["list"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0, result.stderr)


class DriftReadsBoundedTest(HostileFileTestCase):

    def own(self, files):
        """A trusted checkpoint of this session's (saved by the server, in a repository)
        whose recorded files are `files`."""
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        path = self.directory / "s1.json"
        data = json.loads(path.read_text(encoding="utf-8"))
        data["modifiedFiles"] = files
        path.write_text(json.dumps(data), encoding="utf-8")
        return server

    @unittest.skipUnless(POSIX, "symbolic links")
    def test_a_recorded_path_through_a_link_out_is_never_opened(self):
        outside = self.tmp / "outside"
        outside.mkdir()
        (outside / "secret.txt").write_text("s\n", encoding="utf-8")
        os.symlink(str(outside), str(self.project / "link-out"))
        server = self.own([{"path": "link-out/secret.txt", "hash": "0" * 40}])
        opened = []
        real_open = checkpoint_mcp.open_regular

        def watch(path):
            opened.append(str(path))
            return real_open(path)
        with mock.patch.object(checkpoint_mcp, "open_regular", side_effect=watch):
            loaded = server.call_tool(LOAD, {})
        self.assertFalse([path for path in opened if "secret" in path], opened)
        structured = loaded["structuredContent"]
        self.assertIn("link-out/secret.txt", structured["drift"]["changedSince"])
        self.assertTrue(any("not compared" in w for w in structured["warnings"]), structured)

    def test_hashing_stops_at_the_byte_budget(self):
        for name in ("a.bin", "b.bin"):
            (self.project / name).write_bytes(b"x" * 4096)
        server = self.own([{"path": "a.bin", "hash": checkpoint_mcp.hash_blob(
            str(self.project / "a.bin"))}, {"path": "b.bin", "hash": "0" * 40}])
        with mock.patch.dict(checkpoint_mcp.LIMITS, driftHashBytes=5000):
            structured = server.call_tool(LOAD, {})["structuredContent"]
        self.assertEqual(structured["drift"]["changedSince"], ["b.bin"])
        self.assertTrue(any("not compared" in w for w in structured["warnings"]), structured)

    def test_an_untrusted_checkpoints_files_are_data_only(self):
        (self.project / "a.txt").write_text("a\n", encoding="utf-8")
        path = self.write("s1.json", self.valid(modifiedFiles=[{"path": "a.txt",
                                                               "hash": "0" * 40}]))
        os.chmod(str(path), 0o666)
        server = self.claude()
        with mock.patch.object(checkpoint_mcp, "hash_blob",
                               side_effect=AssertionError("hashed")):
            loaded = server.call_tool(LOAD, {})
        structured = loaded["structuredContent"]
        self.assertFalse(structured["trusted"])
        self.assertTrue(any("not compared with the disk" in w for w in structured["warnings"]))
