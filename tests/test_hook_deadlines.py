"""No hook runs out the time Claude Code gives it (which then kills it, and nothing is
saved) on a project the user does not control: a save hashes no more than its bounds
allow and stops at its deadline, saving what it has; the session-start census judges a
file too large to be a checkpoint by its size alone, walks no crafted git index for
long, and carries what it checked over to the next start when it runs out of time.

Huge files are sparse (os.truncate on a new file): they take no disk space but read as
gigabytes of zeros. Limits are shrunk in the tests that run in this process; the tests
that run the pyz as a process use its own limits, since the hook's end is the point.
"""
import json
import os
import subprocess
import time
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (OTHERS, SAVE, HookTestCase, RecoveryTestCase, TempDirTestCase,
                           Transcript, captured_hook_input, encode, git, make_git_repo,
                           pyz_command, run_main, write_files)

SESSION = "5e55a1d0-0000-4000-8000-00000000d1ed"
GIB = 1 << 30


def sparse_file(path, size):
    """A file of `size` bytes of zeros that takes no room on disk."""
    descriptor = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
    try:
        os.ftruncate(descriptor, size)
    finally:
        os.close(descriptor)
    return path


# Windows makes a truncated file sparse only when asked to: it would write the gigabytes.
needs_sparse_files = unittest.skipIf(os.name == "nt", "files are not sparse by default")


def files_by_path(checkpoint):
    return {entry["path"]: entry for entry in checkpoint["modifiedFiles"]}


class SaveTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"README.md": "hi\n"})

    def save(self, arguments=None):
        """The agent's save through the tool, in this process: (result, seconds taken)."""
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID=SESSION))
        started = time.monotonic()
        result = server.call_tool(SAVE, arguments or {"goal": "g"}, timeout=60)
        elapsed = time.monotonic() - started
        self.assertFalse(result.get("isError"), result)
        return result, elapsed

    def checkpoint(self):
        path = self.project / CHECKPOINT_DIR / (SESSION + ".json")
        return json.loads(path.read_text(encoding="utf-8"))

    def snapshot_input(self, *touched):
        """The PreCompact hook input of a session that wrote the files `touched`."""
        transcript = Transcript(SESSION).prompt("Write the files.")
        for number, path in enumerate(touched):
            transcript.tool_use("w%d" % number, "Write", {"file_path": str(path),
                                                          "content": "x"})
            transcript.tool_result("w%d" % number, "File created successfully.")
        transcript.bash("b1", "ls", "README.md")
        hook_input = captured_hook_input("PreCompact")
        hook_input.update(session_id=SESSION, cwd=str(self.project),
                          transcript_path=str(transcript.write(self.tmp / "t.jsonl")))
        return json.dumps(hook_input).encode("utf-8")


class HashBoundTest(SaveTestCase):
    """A save hashes each file up to LIMITS["hashFileBytes"] and LIMITS["saveHashBytes"]
    in all; a file past either is recorded unhashed, and the save says so."""

    def test_a_file_over_the_per_file_bound_is_recorded_unhashed_and_the_save_says_so(self):
        (self.project / "big.bin").write_bytes(b"b" * 2000)
        (self.project / "small.txt").write_text("s\n", encoding="utf-8")
        with mock.patch.dict(checkpoint_mcp.LIMITS, hashFileBytes=1000):
            result, _ = self.save()
        files = files_by_path(self.checkpoint())
        self.assertNotIn("hash", files["big.bin"])
        self.assertIs(files["big.bin"].get("unhashed"), True)
        self.assertIn("hash", files["small.txt"])
        self.assertNotIn("unhashed", files["small.txt"])
        warnings = result["structuredContent"]["warnings"]
        self.assertTrue(any("1 recorded file(s) were saved without a content hash" in warning
                            for warning in warnings), warnings)

    def test_the_bytes_one_save_hashes_in_all_are_bounded(self):
        for name in ("a.bin", "b.bin", "c.bin"):
            (self.project / name).write_bytes(b"x" * 1000)
        with mock.patch.dict(checkpoint_mcp.LIMITS, saveHashBytes=2500):
            self.save()
        files = files_by_path(self.checkpoint())
        self.assertEqual(sorted(name for name, entry in files.items() if "hash" in entry),
                         ["a.bin", "b.bin"])
        self.assertIs(files["c.bin"].get("unhashed"), True)

    def test_a_file_hashed_again_on_merge_loses_its_old_hash_when_over_the_bound(self):
        (self.project / "notes.txt").write_text("n\n", encoding="utf-8")
        self.save({"goal": "g", "modifiedFiles": [{"path": "notes.txt"}]})
        self.assertIn("hash", files_by_path(self.checkpoint())["notes.txt"])
        (self.project / "notes.txt").write_bytes(b"n" * 2000)
        with mock.patch.dict(checkpoint_mcp.LIMITS, hashFileBytes=1000):
            self.save({"mode": "merge", "modifiedFiles": [{"path": "notes.txt"}]})
        entry = files_by_path(self.checkpoint())["notes.txt"]
        self.assertNotIn("hash", entry)
        self.assertIs(entry.get("unhashed"), True)

    def test_a_load_neither_fails_on_nor_calls_changed_a_file_saved_unhashed(self):
        (self.project / "big.bin").write_bytes(b"b" * 2000)
        (self.project / "small.txt").write_text("s\n", encoding="utf-8")
        with mock.patch.dict(checkpoint_mcp.LIMITS, hashFileBytes=1000):
            self.save()
        self.assertIs(files_by_path(self.checkpoint())["big.bin"].get("unhashed"), True)
        (self.project / "big.bin").write_bytes(b"c" * 2000)
        (self.project / "small.txt").write_text("changed\n", encoding="utf-8")
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID=SESSION))
        loaded = server.call_tool("load_session_checkpoint", {})
        self.assertFalse(loaded.get("isError"), loaded)
        self.assertEqual(loaded["structuredContent"]["drift"]["changedSince"], ["small.txt"])
        self.assertTrue(any("1 recorded file(s) were saved without a content hash (`big.bin`)"
                            in warning for warning in loaded["structuredContent"]["warnings"]),
                        loaded["structuredContent"]["warnings"])

    @needs_sparse_files
    def test_the_agents_save_over_huge_sparse_files_ends_at_once(self):
        for number in range(3):
            sparse_file(self.project / ("huge%d.img" % number), 20 * GIB)
        result, elapsed = self.save()
        self.assertLess(elapsed, 10)
        files = files_by_path(self.checkpoint())
        self.assertEqual(sorted(name for name, entry in files.items()
                                if entry.get("unhashed")), ["huge0.img", "huge1.img", "huge2.img"])


class SaveDeadlineTest(SaveTestCase):
    """A save past its deadline hashes no more and saves what it has."""

    UNBOUNDED = {"hashFileBytes": 1 << 40, "saveHashBytes": 1 << 40}

    @needs_sparse_files
    def test_the_agents_save_stops_hashing_at_its_deadline_and_saves(self):
        sparse_file(self.project / "slow.img", 8 * GIB)  # some 15 s to hash here
        (self.project / "small.txt").write_text("s\n", encoding="utf-8")
        with mock.patch.dict(checkpoint_mcp.LIMITS, toolSaveSeconds=0.5, **self.UNBOUNDED):
            result, elapsed = self.save()
        self.assertLess(elapsed, 10)  # hashing it all takes some 15 s
        files = files_by_path(self.checkpoint())
        self.assertIs(files["slow.img"].get("unhashed"), True)
        self.assertNotIn("hash", files["slow.img"])
        self.assertTrue(any("without a content hash" in warning
                            for warning in result["structuredContent"]["warnings"]))

    @needs_sparse_files
    def test_a_snapshot_stops_hashing_at_the_hooks_deadline_and_saves(self):
        slow = sparse_file(self.project / "slow.img", 8 * GIB)
        stdin = self.snapshot_input(slow)
        with mock.patch.dict(checkpoint_mcp.LIMITS, snapshotSeconds=0.5, **self.UNBOUNDED):
            started = time.monotonic()
            result = run_main(["--hook", "pre-compact"], self.env, cwd=self.tmp, stdin=stdin)
            elapsed = time.monotonic() - started
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assertLess(elapsed, 10)  # hashing it all takes some 15 s
        entry = files_by_path(self.checkpoint())["slow.img"]
        self.assertEqual((entry.get("unhashed"), "hash" in entry), (True, False))

    @needs_sparse_files
    def test_the_pre_compact_hook_on_huge_sparse_files_ends_in_its_time_and_saves(self):
        huge = [sparse_file(self.project / ("huge%d.img" % number), 20 * GIB)
                for number in range(3)]
        started = time.monotonic()
        result = subprocess.run(pyz_command("--hook", "pre-compact"), cwd=str(self.tmp),
                                env=self.env, input=self.snapshot_input(*huge),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        elapsed = time.monotonic() - started
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, b"", b""))
        # Claude Code kills the hook at 30 s; its own deadline is well before.
        self.assertLess(elapsed, checkpoint_mcp.LIMITS["snapshotSeconds"] + 2)
        files = files_by_path(self.checkpoint())
        self.assertEqual(sorted(name for name, entry in files.items()
                                if entry.get("unhashed")), ["huge0.img", "huge1.img", "huge2.img"])


class RecoveryDeadlineTest(RecoveryTestCase):

    @needs_sparse_files
    def test_crash_recovery_over_huge_sparse_files_ends_within_the_session_starts_time(self):
        huge = sparse_file(self.project / "huge.img", 20 * GIB)
        transcript = Transcript(OTHERS[0]).prompt("Make an image.")
        transcript.tool_use("w1", "Write", {"file_path": str(huge), "content": "x"})
        transcript.tool_result("w1", "File created successfully.")
        self.put_transcript(transcript, OTHERS[0], age=60)
        started = time.monotonic()
        self.start()
        self.assertLess(time.monotonic() - started, checkpoint_mcp.LIMITS["sessionStartSeconds"])
        entry = files_by_path(self.checkpoint(OTHERS[0]))["huge.img"]
        self.assertEqual((entry.get("unhashed"), "hash" in entry), (True, False))

    @needs_sparse_files
    def test_crash_recovery_saves_by_the_session_starts_deadline(self):
        slow = sparse_file(self.project / "slow.img", 8 * GIB)
        transcript = Transcript(OTHERS[0]).prompt("Make an image.")
        transcript.tool_use("w1", "Write", {"file_path": str(slow), "content": "x"})
        transcript.tool_result("w1", "File created successfully.")
        self.put_transcript(transcript, OTHERS[0], age=60)
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0.5,
                             hashFileBytes=1 << 40, saveHashBytes=1 << 40):
            started = time.monotonic()
            self.start()
            elapsed = time.monotonic() - started
        self.assertLess(elapsed, 10)  # hashing it all takes some 15 s
        entry = files_by_path(self.checkpoint(OTHERS[0]))["slow.img"]
        self.assertEqual((entry.get("unhashed"), "hash" in entry), (True, False))


@unittest.skipIf(os.name == "nt", "POSIX modes")
class CensusTest(HookTestCase):
    """The census reads no file larger than a save writes, and a census out of time keeps
    what it checked for the next start."""

    def directory(self):
        directory = self.project / CHECKPOINT_DIR
        directory.mkdir(exist_ok=True)
        os.chmod(str(directory), 0o700)
        return directory

    @needs_sparse_files
    def test_a_file_larger_than_a_save_writes_is_judged_by_its_size_unread(self):
        self.make_checkpoints(self.project, 1)
        big = sparse_file(self.directory() / "b0000000-0000-4000-8000-000000000000.json", GIB)
        opened = []
        real = checkpoint_mcp.open_regular

        def counting(path, *args, **kwargs):
            opened.append(os.path.basename(str(path)))
            return real(path, *args, **kwargs)
        with mock.patch.object(checkpoint_mcp, "open_regular", side_effect=counting):
            context = self.nudge()
        self.assertIn("1 saved session checkpoint,", context)
        self.assertIn("1 larger than a save writes (65536 bytes)", context)
        self.assertNotIn(big.name, opened)

    @needs_sparse_files
    def test_thousands_of_huge_sparse_checkpoint_names_leave_the_start_well_in_time(self):
        directory = self.directory()
        for number in range(3000):
            sparse_file(directory / ("%08d-0000-4000-8000-000000000000.json" % number), GIB)
        started = time.monotonic()
        context = self.nudge()
        # Reading them would take hours; the bound leaves room for a busy machine.
        self.assertLess(time.monotonic() - started, checkpoint_mcp.LIMITS["sessionStartSeconds"] + 2)
        self.assertIn("3000 larger than a save writes", context)

    def test_a_folder_still_being_listed_at_the_deadline_offers_nothing(self):
        # A folder of planted names may hold hundreds of thousands: even its listing stops
        # at the session start's deadline.
        directory = self.directory()
        write_files(directory, ("%08d-0000-4000-8000-000000000000.json" % number
                                for number in range(3000)), b"{}")
        listed = []
        real = checkpoint_mcp.file_state

        def counting(info):
            listed.append(info)
            return real(info)
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0), \
                mock.patch.object(checkpoint_mcp, "LISTING_STRIDE", 500), \
                mock.patch.object(checkpoint_mcp, "file_state", counting):
            context = self.nudge()
        self.assertIn("not checked yet", context)
        self.assertNotIn("call the load_session_checkpoint", context)
        self.assertEqual(listed, [])  # nothing judged from a listing cut short

    def test_a_census_out_of_time_goes_on_at_the_next_start_from_where_it_stopped(self):
        self.make_checkpoints(self.project, 5)
        real = checkpoint_mcp.census_entry
        checked = []

        def counting(found, root, key):
            checked.append(found.path)
            return real(found, root, key)
        contexts = []
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0), \
                mock.patch.object(checkpoint_mcp, "census_entry", counting):
            for _ in range(6):
                contexts.append(self.nudge())
        # Each start checks one file (its deadline has passed), the others wait.
        self.assertIn("1 saved session checkpoint,", contexts[0])
        self.assertIn("4 not checked yet", contexts[0])
        self.assertIn("3 saved session checkpoints", contexts[2])
        self.assertIn("2 not checked yet", contexts[2])
        for context in contexts[4:]:
            self.assertIn("5 saved session checkpoints", context)
            self.assertNotIn("not checked", context)
        self.assertEqual(len(checked), 5)
        self.assertEqual(len(set(checked)), 5)

    def crafted_index(self, entries, grow):
        """A version 4 .git/index of `entries` paths that sort before the checkpoints', each
        the one before it plus `grow` bytes (the format stores only what is new)."""
        make_git_repo(self.project, self.env)
        entry = b"\0" * 62  # stat data, object id, flags
        parts = [b"DIRC", (4).to_bytes(4, "big"), entries.to_bytes(4, "big")]
        parts.extend(entry + b"\0" + (b"!" if number == 0 else b"a" * grow) + b"\0"
                     for number in range(entries))
        (self.project / ".git" / "index").write_bytes(b"".join(parts))

    def test_an_index_of_ever_longer_paths_does_not_hold_the_start(self):
        # Each path is copied whole from the one before it: walking them all would take
        # minutes (the index may be 64 MiB); git checks out no path that long anyway.
        self.crafted_index(200000, 1)
        self.make_checkpoints(self.project, 1)
        started = time.monotonic()
        context = self.nudge()
        self.assertLess(time.monotonic() - started, checkpoint_mcp.LIMITS["sessionStartSeconds"] + 2)
        self.assertIn("not checked against the git index", context)

    def test_an_index_too_long_to_walk_by_the_deadline_counts_as_unchecked(self):
        self.crafted_index(300000, 0)
        self.make_checkpoints(self.project, 1)
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0.05):
            started = time.monotonic()
            context = self.nudge()
            elapsed = time.monotonic() - started
        self.assertLess(elapsed, 5)  # walking it all takes some 25 s
        self.assertIn("not checked against the git index", context)

    def test_a_real_index_is_read_even_when_the_start_is_out_of_time(self):
        make_git_repo(self.project, self.env)
        git(self.project, "update-index", "--index-version", "4", env=self.env)
        self.assertEqual((self.project / ".git" / "index").read_bytes()[4:8], b"\0\0\0\4")
        self.make_checkpoints(self.project, 1)
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0):
            context = self.nudge()
        self.assertIn("1 saved session checkpoint,", context)
        self.assertNotIn("not checked against the git index", context)

    def test_a_census_in_time_checks_every_file_at_once(self):
        self.make_checkpoints(self.project, 5)
        context = self.nudge(stdin=encode(self.session_start_input()))
        self.assertIn("5 saved session checkpoints", context)
        self.assertNotIn("not checked", context)


if __name__ == "__main__":
    unittest.main()
