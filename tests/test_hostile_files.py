"""Files in a repository are hostile input: whatever shape a checkpoint file has, and
whatever lies where it points, list, load and the command line answer, bounded, and never
hang, crash or read outside the project."""
import json
import os
import threading
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, CheckpointTestCase, make_git_repo, read_checkpoint,
                           run_main, write_signed_checkpoint)

POSIX = os.name != "nt"


class HostileFileTestCase(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        self.directory = self.project / CHECKPOINT_DIR
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
        data = read_checkpoint(path)
        data["modifiedFiles"] = files
        write_signed_checkpoint(path, data)
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


class TerminalTest(HostileFileTestCase):
    """What the command line prints from a file carries no terminal control."""

    ESCAPES = ("\x1b[8m", "\x1b[1A\x1b[2K", "\x1b]52;c;cHduZWQ=\x07", "\u202e", "\x9b2J")

    def test_list_show_and_json_print_no_control_from_a_file(self):
        self.ok(self.claude(), SAVE, {"goal": "g" + "".join(self.ESCAPES) + "end",
                                      "summary": "s" + "".join(self.ESCAPES)})
        for args in (["list"], ["show"], ["show", "--full"], ["show", "--json"],
                     ["list", "--json"]):
            with self.subTest(args=args):
                result = run_main(args, self.env, cwd=self.project)
                self.assertEqual(result.returncode, 0, result.stderr)
                output = (result.stdout + result.stderr).decode("utf-8")
                for control in ("\x1b", "\x07", "\u202e", "\x9b"):
                    self.assertNotIn(control, output)
                self.assertIn("end", output)


class InitAndDoctorTest(HostileFileTestCase):

    @unittest.skipUnless(POSIX, "symbolic links")
    def test_init_never_writes_through_a_link(self):
        victim = self.tmp / "bashrc"
        victim.write_text("# mine\n", encoding="utf-8")
        os.symlink(str(victim), str(self.project / "AGENTS.md"))
        os.symlink(str(self.tmp / "nowhere.md"), str(self.project / "CLAUDE.md"))
        result = run_main(["init"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 1)
        self.assertIn(b"is a symbolic link", result.stderr)
        self.assertEqual(victim.read_text(encoding="utf-8"), "# mine\n")
        self.assertFalse((self.tmp / "nowhere.md").exists())

    @unittest.skipUnless(POSIX and os.path.exists("/dev/zero"), "/dev/zero")
    def test_doctor_reads_no_project_file_through_a_link_or_without_a_bound(self):
        os.symlink("/dev/zero", str(self.project / ".mcp.json"))
        (self.project / ".claude").mkdir()
        big = self.project / ".claude" / "settings.json"
        big.write_bytes(b" " * (checkpoint_mcp.LIMITS["readBytes"] + 10))
        result = self.within(20, lambda: run_main(["doctor"], self.env, cwd=self.project))
        output = result.stdout.decode("utf-8")
        self.assertIn("cannot read %s" % (self.project / ".mcp.json"), output)
        self.assertIn("larger than", output)


class SurrogateTest(HostileFileTestCase):

    def test_a_lone_surrogate_is_a_clear_error_and_never_echoed(self):
        server = self.claude()
        server.send_raw(b'{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": '
                        b'{"name": "save_session_checkpoint", "arguments": {"goal": "a\\udc00"}}}')
        reply = server.recv()
        text = reply["result"]["content"][0]["text"]
        self.assertTrue(reply["result"]["isError"])
        self.assertIn("goal: holds a lone surrogate", text)
        self.assertNotIn("\udc00", text)
        self.assertFalse((self.directory / "s1.json").exists())
