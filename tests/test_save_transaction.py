"""One save is one transaction: whoever drives it (the agent's save tool, an automatic
snapshot, crash recovery), it starts one git, reads the signing key once, brackets its
change to the checkpoint folder once, and never reads back the file it has just signed.
Counted in this process by wrapping the module's own git runner and readers.
"""
import json
import os
from contextlib import ExitStack
from unittest import mock

import checkpoint_mcp as cm
from tests.support import TempDirTestCase, make_git_repo, run_main

SESSION = "5e55a1d0-0000-4000-8000-00000000abcd"
OTHER_SESSION = "5e55a1d0-0000-4000-8000-00000000ef01"


class Counts:
    """How often a save ran git (by subcommand), read the key, entered FolderChange, and
    read each file through read_file_limited."""

    def __init__(self):
        self.git, self.keys, self.folder_changes, self.reads = [], 0, 0, []

    def patches(self):
        counts = self
        run_git_init = cm.GitRun.__init__
        read_key = cm.read_signing_key
        enter = cm.FolderChange.__enter__
        read_limited = cm.read_file_limited

        def git_run(self, root, args, *rest, **kwargs):
            counts.git.append(next(arg for arg in args if not arg.startswith("-")))
            return run_git_init(self, root, args, *rest, **kwargs)

        def key(path):
            counts.keys += 1
            return read_key(path)

        def folder_change(self):
            counts.folder_changes += 1
            return enter(self)

        def read(path, *args, **kwargs):
            counts.reads.append(path)
            return read_limited(path, *args, **kwargs)

        return [mock.patch.object(cm.GitRun, "__init__", git_run),
                mock.patch.object(cm, "read_signing_key", key),
                mock.patch.object(cm.FolderChange, "__enter__", folder_change),
                mock.patch.object(cm, "read_file_limited", read)]

    def reads_of(self, path):
        return self.reads.count(str(path))


def jsonl(entry):
    return json.dumps(entry, separators=(",", ":")).encode("utf-8") + b"\n"


class SaveTransactionTest(TempDirTestCase):
    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, files={"app.py": "print(1)\n"})
        (self.project / "app.py").write_text("print(2)\n")
        self.path = self.project / cm.CHECKPOINT_DIR / (SESSION + cm.CHECKPOINT_SUFFIX)

    def counted(self, action):
        counts = Counts()
        with ExitStack() as stack:
            for patch in counts.patches():
                stack.enter_context(patch)
            action()
        return counts

    def agent_save(self, arguments, session=SESSION):
        env = self.env_with(CLAUDE_CODE_SESSION_ID=session)
        with self.server(env=env) as server:
            def call():
                result = server.call_tool("save_session_checkpoint", arguments)
                self.assertFalse(result.get("isError"), result)
            return self.counted(call)

    def write_transcript(self, folder, day="2026-12-02"):
        """A transcript of the session that ran a command, its entries dated `day`."""
        folder.mkdir(exist_ok=True)
        transcript = folder / (SESSION + ".jsonl")
        lines = [
            {"type": "user", "message": {"role": "user", "content": "Fix the app."},
             "uuid": "u-1", "timestamp": day + "T13:24:01.000Z", "sessionId": SESSION},
            {"type": "assistant", "uuid": "u-2", "timestamp": day + "T13:24:02.000Z",
             "sessionId": SESSION, "message": {"role": "assistant", "content": [
                 {"type": "tool_use", "id": "t1", "name": "Bash",
                  "input": {"command": "ls", "description": "list"}}]}},
            {"type": "user", "uuid": "u-3", "timestamp": day + "T13:24:03.000Z",
             "sessionId": SESSION, "message": {"role": "user", "content": [
                 {"tool_use_id": "t1", "type": "tool_result", "content": "app.py"}]}},
        ]
        transcript.write_bytes(b"".join(jsonl(line) for line in lines))
        return transcript

    def snapshot(self, event="pre-compact"):
        transcript = self.write_transcript(self.tmp / "hooks")
        hook_input = {"session_id": SESSION, "transcript_path": str(transcript),
                      "cwd": str(self.project), "hook_event_name": "PreCompact",
                      "trigger": "auto"}

        def run():
            done = run_main(["--hook", event], self.env, cwd=self.project,
                            stdin=json.dumps(hook_input).encode("utf-8"))
            self.assertEqual(done.returncode, 0, done.stderr)
        return self.counted(run)

    def census(self):
        """A census record that holds, as the session-start nudge leaves one."""
        cm.checkpoint_census(str(self.project))
        summary, _ = cm.read_census_record(cm.census_record_path(str(self.project)), False)
        self.assertIsNotNone(summary)

    def test_a_first_agent_save_brackets_its_folder_change_once(self):
        cm.signing_key(create=True)  # (the user's very first save makes it, and reads it back)
        self.agent_save({"goal": "Another session's work"}, session=OTHER_SESSION)
        self.census()
        counts = self.agent_save({"goal": "Fix the app", "modifiedFiles": [{"path": "app.py"}]})
        self.assertEqual(counts.folder_changes, 1)
        self.assertEqual(counts.keys, 1)
        self.assertTrue(self.path.exists())
        # The census record came along with the new file (and the lock file made first).
        record = cm.census_record_path(str(self.project))
        summary, files = cm.read_census_record(record, True)
        self.assertEqual(summary["count"], 2)
        self.assertEqual(summary["folder"], cm.lstat_state(str(self.path.parent)))
        self.assertEqual(files[self.path.name].reasons, [])

    def test_a_second_agent_save_runs_git_once_and_reads_the_key_once(self):
        self.agent_save({"goal": "Fix the app"})
        self.census()
        counts = self.agent_save({"goal": "Fix the app", "mode": "merge",
                                  "modifiedFiles": [{"path": "app.py"}]})
        self.assertEqual(counts.git, ["status"])
        self.assertEqual(counts.keys, 1)
        self.assertEqual(counts.folder_changes, 1)
        # The old file is read once, to build on; the new one, just signed, never.
        self.assertEqual(counts.reads_of(self.path), 1)
        summary, files = cm.read_census_record(cm.census_record_path(str(self.project)), True)
        self.assertEqual(summary["count"], 1)
        self.assertEqual(files[self.path.name].reasons, [])

    def test_a_second_snapshot_runs_git_once_and_reads_the_key_once(self):
        self.snapshot()
        self.census()
        counts = self.snapshot("session-end")
        self.assertEqual(counts.git, ["status"])
        self.assertEqual(counts.keys, 1)
        self.assertEqual(counts.folder_changes, 1)
        self.assertEqual(counts.reads_of(self.path), 1)
        summary, _ = cm.read_census_record(cm.census_record_path(str(self.project)), True)
        self.assertEqual(summary["count"], 1)

    def test_a_recovery_runs_git_once_and_reads_the_key_once(self):
        self.snapshot()
        self.census()
        # Entries written after the snapshot: the recovery refreshes it.
        folder = self.write_transcript(self.tmp / "transcripts", day="2099-01-01").parent
        counts = self.counted(lambda: self.assertEqual(cm.recover_sessions(
            str(self.project), str(folder), (), str(self.project), cm.ByHand()).selectors(
                "recovered"), [SESSION]))
        self.assertEqual(counts.git, ["status"])
        self.assertEqual(counts.keys, 1)
        self.assertEqual(counts.folder_changes, 1)
        self.assertEqual(counts.reads_of(self.path), 1)
        self.assertEqual(cm.read_checkpoint_file(str(self.path))[0]["meta"]["auto"]["source"],
                         cm.RECOVERED)

    def test_a_save_where_git_does_not_ignore_the_checkpoint_still_says_so(self):
        self.agent_save({"goal": "Fix the app"})
        (self.project / cm.CHECKPOINT_DIR / cm.FOLDER_IGNORE_FILE).write_text("# mine\n")
        env = self.env_with(CLAUDE_CODE_SESSION_ID=SESSION)
        with self.server(env=env) as server:
            result = server.call_tool("save_session_checkpoint", {"goal": "Fix the app"})
        self.assertIn("is not git-ignored", json.dumps(result))


if __name__ == "__main__":
    import unittest
    unittest.main()
