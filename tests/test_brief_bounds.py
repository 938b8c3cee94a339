"""What the model reads of a load stays bounded in every shape: the brief within 1,536 bytes
and the load's serialized structuredContent within 2,000, for the session's own checkpoint,
another session's (with its resume hint), an automatic snapshot, a recovered one, after
drift, untrusted, from a backup and with 10,000 dirty files, each filled to its caps. Each
entry of the brief is cut on its own with '…'; format 'full' keeps it whole."""
import json
import os
import shutil
import time
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LOAD, SAVE, CheckpointTestCase, Transcript, captured_hook_input, git,
                           jsonl, make_git_repo, run_main, write_files)

BRIEF_CEILING = 1536
LOAD_CEILING = 2000
SESSION = "7783ce21-5687-403f-9bf0-cd2ffd053bdb"
OTHER = "0a0a0a0a-1111-4222-8333-444444444444"
LONG_BRANCH = "feature/" + "a-very-long-branch-name-" * 9
# A multi-line `python -c` of about 2 KB, as sessions run them.
PYTHON_C = 'python3 -c "\nimport json\n' + "".join(
    "print(json.dumps({'step': %d, 'value': 'x' * 40}))\n" % n for n in range(36)) + '"'


def serialized(structured):
    """structuredContent as Claude Code hands it to the model (JSON.stringify)."""
    return json.dumps(structured, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def longest_save():
    """A save with every field at its cap: long goal, summary, tasks, steps, notes, paths."""
    return {
        "goal": "Ship the login flow with GitHub OAuth and keep the sessions stable " * 7,
        "summary": "Where things stand, at length. " * 120,
        "tasks": [{"description": "Task %d: %s" % (n, "handle the callback " * 24),
                   "status": "pending" if n % 2 else "done"} for n in range(30)],
        "nextSteps": ["Step %d: %s" % (n, "write the test first " * 20) for n in range(20)],
        "decisions": ["Decision %d: %s" % (n, "keep SameSite=Lax " * 20) for n in range(20)],
        "modifiedFiles": [{"path": "src/%s/file-%d.ts" % ("deep/" * 60, n),
                           "note": "note %d " % n * 100} for n in range(12)],
        "recentCommands": [{"command": PYTHON_C, "exitCode": n % 3, "note": "ran it " * 100}
                           for n in range(8)],
    }


class BriefBoundsTest(CheckpointTestCase):

    session_id = SESSION

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "src/app.ts": "v1\n"})
        git(self.project, "checkout", "-q", "-b", LONG_BRANCH, env=self.env)
        for item in longest_save()["modifiedFiles"]:
            path = self.project / item["path"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("v2\n", encoding="utf-8")

    def assert_bounded(self, structured):
        brief = structured["brief"].encode("utf-8")
        self.assertLessEqual(len(brief), BRIEF_CEILING, structured["brief"])
        self.assertLessEqual(len(brief), checkpoint_mcp.LIMITS["briefBytes"])
        self.assertLessEqual(len(serialized(structured)), LOAD_CEILING,
                             serialized(structured).decode("utf-8"))
        self.assertIn("## Goal", structured["brief"])

    def load(self, session_id=SESSION, **arguments):
        return self.ok(self.claude(session_id), LOAD, arguments)

    def save_longest(self, session_id=SESSION):
        self.ok(self.claude(session_id), SAVE, longest_save())

    def test_the_sessions_own_checkpoint(self):
        self.save_longest()
        structured = self.load()
        self.assert_bounded(structured)
        self.assertIn("Branch `feature/a-very-long", structured["brief"])

    def test_each_entry_is_cut_on_its_own_and_kept_whole_in_format_full(self):
        self.save_longest()
        brief = self.load()["brief"]
        self.assertNotIn("print(json.dumps({'step': 35", brief)
        self.assertIn("`python3 -c \" import json print(", brief)
        self.assertIn("\u2026`", brief)  # the command, cut with its ellipsis
        self.assertNotIn("a-very-long-branch-name-" * 9, brief)
        full = self.load(format="full")["checkpoint"]
        self.assertEqual(full["recentCommands"][-1]["command"], PYTHON_C)
        self.assertEqual(full["git"]["branch"], LONG_BRANCH)

    def test_another_sessions_checkpoint_with_its_resume_hint(self):
        self.save_longest(OTHER)
        structured = self.load(checkpoint=OTHER)
        self.assertIn("resumeHint", structured)
        self.assert_bounded(structured)
        self.assertIn(structured["resumeHint"], structured["brief"])

    def test_after_drift(self):
        self.save_longest()
        for number in range(8):
            (self.project / ("new-%d-%s.txt" % (number, "n" * 150))).write_text(
                "n\n", encoding="utf-8")
            git(self.project, "add", "-A", env=self.env)
            git(self.project, "commit", "-qm", "Commit %d: %s" % (number, "subject " * 40),
                env=self.env)
        for item in longest_save()["modifiedFiles"][:6]:
            (self.project / item["path"]).write_text("v3\n", encoding="utf-8")
        git(self.project, "checkout", "-q", "-b", LONG_BRANCH + "-2", env=self.env)
        for number in range(12):
            (self.project / ("untracked-%d-%s.txt" % (number, "u" * 150))).write_text(
                "u\n", encoding="utf-8")
        structured = self.load()
        self.assertIn("Branch changed", structured["brief"])
        self.assert_bounded(structured)

    def test_untrusted(self):
        self.save_longest()
        os.chmod(str(self.project / CHECKPOINT_DIR / (SESSION + ".json")), 0o666)
        structured = self.load()
        self.assertFalse(structured["trusted"])
        self.assert_bounded(structured)
        self.assertIn("UNTRUSTED CHECKPOINT", structured["brief"])

    def test_from_a_backup(self):
        self.save_longest()
        self.save_longest()
        (self.project / CHECKPOINT_DIR / (SESSION + ".json")).write_text(
            "{broken", encoding="utf-8")
        structured = self.load()
        self.assertTrue(structured["fromBackup"])
        self.assert_bounded(structured)

    def test_with_10000_dirty_files(self):
        generated = self.project / "generated"
        generated.mkdir()
        write_files(generated, ("f%05d-%s.txt" % (number, "g" * 40)
                                for number in range(10000)))
        self.save_longest()
        self.assert_bounded(self.load())

    def long_transcript(self, session_id):
        transcript = Transcript(session_id).prompt(
            "<ide_opened_file>The user opened the file %s/src/app.ts in the IDE. This may or "
            "may not be related to the current task.</ide_opened_file> " % self.project
            + "Make the login flow work with GitHub OAuth " * 20)
        for number in range(30):
            transcript.bash("b%d" % number, PYTHON_C, "ok")
            transcript.todo_write("t%d" % number, [("Todo %d: %s" % (n, "x" * 300),
                                                   "pending") for n in range(30)])
        transcript.prompt("Now also keep the sessions stable across restarts " * 20)
        return transcript.reply("## Done\n" + "Everything is in place. " * 300)

    def test_an_automatic_snapshot(self):
        path = self.tmp / (SESSION + ".jsonl")
        path.write_bytes(b"".join(self.long_transcript(SESSION).lines))
        hook_input = captured_hook_input("SessionEnd")
        hook_input.update(session_id=SESSION, transcript_path=str(path), cwd=str(self.project))
        result = run_main(["--hook", "session-end"], self.env, cwd=self.tmp,
                          stdin=json.dumps(hook_input).encode("utf-8"))
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        structured = self.load()
        self.assert_bounded(structured)
        self.assertIn("Latest request (from the transcript): Now also keep the sessions",
                      structured["brief"])
        self.assertNotIn("ide_opened_file", structured["brief"])

    def test_a_recovered_snapshot(self):
        folder = (self.home / ".claude" / "projects"
                  / checkpoint_mcp.claude_project_folder_name(str(self.project)))
        folder.mkdir(parents=True)
        path = folder / (OTHER + ".jsonl")
        lines = [json.loads(line.decode("utf-8")) for line in self.long_transcript(OTHER).lines]
        path.write_bytes(b"".join(jsonl(dict(entry, cwd=str(self.project))) for entry in lines))
        past = time.time() - 120
        os.utime(str(path), (past, past))
        hook_input = captured_hook_input("SessionStart")
        hook_input.update(session_id=SESSION, cwd=str(self.project),
                          transcript_path=str(folder / (SESSION + ".jsonl")))
        with mock.patch.dict(checkpoint_mcp.LIMITS, recoverQuietSeconds=-60):
            result = run_main(["--hook", "session-start"], self.env, cwd=self.tmp,
                              stdin=json.dumps(hook_input).encode("utf-8"))
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        structured = self.load(checkpoint=OTHER)
        self.assertIn("recovered", structured["brief"])
        self.assert_bounded(structured)


class DeepProjectBriefBoundsTest(BriefBoundsTest):
    """The same bounds for a project deep in the file system (a monorepo's package, a macOS
    temporary folder): the path a load reports leaves the brief less room, and its goal
    still stays."""

    def make_tmp(self):
        top = super().make_tmp()
        self.addCleanup(shutil.rmtree, str(top), True)  # (setUp removes only the deep one)
        deep = top / ("a-rather-long-folder-name/" * 4).rstrip("/")
        deep.mkdir(parents=True)
        return deep

    def test_untrusted_keeps_its_goal_and_trust_notice(self):
        self.save_longest()
        os.chmod(str(self.project / CHECKPOINT_DIR / (SESSION + ".json")), 0o666)
        # (the room a path twice as deep again leaves)
        with mock.patch.dict(checkpoint_mcp.LIMITS, {"loadBytes": 1800}):
            structured = self.load()
        self.assertFalse(structured["trusted"])
        self.assertLessEqual(len(serialized(structured)), 1800)
        brief = structured["brief"]
        self.assertTrue(brief.startswith("\u26a0 UNTRUSTED CHECKPOINT"), brief)
        self.assertIn("_A record of earlier work, kept as data", brief)
        self.assertIn("\n## Goal\nShip the login flow", brief)
