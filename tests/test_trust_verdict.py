"""One trust verdict: load, list, the census (and so the nudge) and prune judge a checkpoint
file in one place, by reason codes from one table, each reason in its one wording."""
import json
import os
import shutil
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import (LIST, LOAD, SAVE, CheckpointTestCase, git, make_git_repo,
                           own_checkpoint_data, read_checkpoint, run_main, write_files,
                           write_signed_checkpoint)

POSIX = os.name != "nt"
CHECKPOINT_DIR = checkpoint_mcp.CHECKPOINT_DIR


class VerdictTestCase(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        self.directory = self.project / CHECKPOINT_DIR

    def nudge(self):
        payload = json.dumps({"session_id": "x", "cwd": str(self.project),
                              "hook_event_name": "SessionStart", "source": "startup"})
        output = run_main(["--hook", "session-start"], self.env, stdin=payload.encode()).stdout
        return json.loads(output)["hookSpecificOutput"]["additionalContext"] if output else ""

    def found(self, name):
        return [found for found in checkpoint_mcp.checkpoint_files(str(self.project))
                if found.selector == name][0]


class OneVerdictTest(VerdictTestCase):

    def test_load_list_and_the_nudge_give_one_file_the_same_reasons_in_the_same_words(self):
        self.ok(self.claude("theirs"), SAVE, {"goal": "their goal"})
        path = self.directory / "theirs.json"
        path.write_bytes(checkpoint_mcp.serialize_checkpoint(read_checkpoint(path)))  # unsigned
        os.chmod(str(path), 0o600)
        git(self.project, "add", "-f", "%s/theirs.json" % CHECKPOINT_DIR, env=self.env)
        git(self.project, "commit", "-q", "-m", "oops", env=self.env)
        loaded = self.ok(self.claude("mine"), LOAD, {"checkpoint": "theirs"})["trustWarnings"]
        listed = self.ok(self.claude("mine"), LIST)["entries"][0]["trustWarnings"]
        self.assertEqual(loaded, [checkpoint_mcp.TRUST_REASONS["unsigned"],
                                  checkpoint_mcp.TRUST_REASONS["committed"]])
        self.assertEqual(listed, loaded)
        self.assertIn("(1 %s)" % "; ".join(loaded), self.nudge())

    def test_git_not_saying_is_one_reason_in_one_wording(self):
        self.ok(self.claude("theirs"), SAVE, {"goal": "their goal"})
        (self.project / ".git" / "index").write_bytes(b"DIRC\x00\x00\x00\x07garbage")
        root = str(self.project)
        verdict = checkpoint_mcp.trust_verdict(root, self.found("theirs"),
                                               checkpoint_mcp.project_signing_key(root), None)
        self.assertEqual(verdict.codes, ["gitUnknown"])
        self.assertFalse(verdict.trusted)
        self.assertEqual(verdict.problems, [checkpoint_mcp.TRUST_REASONS["gitUnknown"]])
        self.assertIn("(1 %s)" % verdict.text, self.nudge())

    @unittest.skipUnless(POSIX, "a shell script as git")
    def test_a_save_decides_on_the_reasons_code_not_its_wording(self):
        self.ok(self.claude("theirs"), SAVE, {"goal": "their goal", "decisions": ["theirs"]})
        fake = self.tmp / "slow-bin"
        fake.mkdir()
        (fake / "git").write_text("#!/bin/sh\nexec %s 5\n" % shutil.which("sleep"))
        (fake / "git").chmod(0o755)
        reworded = dict(checkpoint_mcp.TRUST_REASONS, gitUnknown="git kept quiet")
        with mock.patch.dict(self.env, {"PATH": str(fake)}), \
                mock.patch.dict(checkpoint_mcp.LIMITS, {"gitTimeout": 0.1}), \
                mock.patch.dict(checkpoint_mcp.TRUST_REASONS, reworded):
            loaded = self.ok(self.claude("theirs"), LOAD)
            saved = self.ok(self.claude("theirs"), SAVE, {"summary": "s", "mode": "merge"})
        self.assertEqual(loaded["trustWarnings"], ["git kept quiet"])
        self.assertFalse(any("untrusted" in w for w in saved["warnings"]), saved)
        self.assertEqual(read_checkpoint(self.directory / "theirs.json")["decisions"], ["theirs"])

    def test_prune_ranks_by_the_same_verdict(self):
        self.ok(self.claude("mine"), SAVE, {"goal": "mine"})
        write_signed_checkpoint(self.directory / "moved.json",
                                own_checkpoint_data(self.tmp / "elsewhere"))
        now = os.stat(str(self.directory / "mine.json")).st_mtime
        os.utime(str(self.directory / "moved.json"), (now + 60, now + 60))  # newer
        out = run_main(["prune", "--keep", "1"], self.env, cwd=self.project).stdout.decode()
        self.assertIn("removed moved", out)
        self.assertTrue((self.directory / "mine.json").exists())


class CensusRecordTest(VerdictTestCase):
    """The census keeps each file's own reasons as codes; a record of any other shape is
    judged again, never trusted, never a crash."""

    def record(self):
        return checkpoint_mcp.census_record_path(str(self.project))

    def test_the_record_keeps_codes_and_a_bad_entry_is_judged_again(self):
        self.ok(self.claude("mine"), SAVE, {"goal": "mine"})
        os.chmod(str(self.directory / "mine.json"), 0o660)
        self.assertIn("(1 group-writable)", self.nudge())
        with open(self.record(), encoding="utf-8") as handle:
            summary, files = (json.loads(line) for line in handle)
        self.assertEqual(files["mine.json"][-1], [["groupWritable", None]])
        for reasons in ([["groupWritable"]], [["nonsense", None]], [["owner", None]],
                        [["otherProject", ["only one"]]], [["unsigned", "extra"]], "text"):
            with self.subTest(reasons=reasons):
                files["mine.json"][-1] = reasons
                summary["folder"] = None  # (so that the census looks at the files)
                with open(self.record(), "w", encoding="utf-8") as handle:
                    handle.write(json.dumps(summary) + "\n" + json.dumps(files))
                self.assertIn("(1 group-writable)", self.nudge())


class CensusDeadlineTest(VerdictTestCase):
    """Past its deadline the census does no more work per file: a folder of a hundred
    thousand planted names would otherwise hold the session start seconds past it."""

    def test_the_files_left_at_the_deadline_are_counted_at_once(self):
        self.directory.mkdir(mode=0o700)
        write_files(self.directory, ("%08d-0000-4000-8000-000000000000.json" % number
                                     for number in range(3000)), b"{}")
        looked_at = []
        real = checkpoint_mcp.file_state

        def counting(info):
            looked_at.append(info)
            return real(info)
        with mock.patch.dict(checkpoint_mcp.LIMITS, sessionStartSeconds=0), \
                mock.patch.object(checkpoint_mcp, "file_state", counting):
            context = self.nudge()
        self.assertIn("2999 not checked yet", context)
        self.assertIn("1 not signed", context)
        self.assertLessEqual(len(looked_at), 3)  # the one read, and the one that found it late


class RecordsTest(VerdictTestCase):

    def test_a_checkpoint_file_is_a_named_record(self):
        self.ok(self.claude("mine"), SAVE, {"goal": "mine"})
        found = self.found("mine")
        self.assertIsInstance(found, checkpoint_mcp.Record)
        self.assertNotIsInstance(found, tuple)
        self.assertEqual((found.selector, found.path, found.from_backup),
                         ("mine", str(self.directory / "mine.json"), False))
        self.assertEqual(found.info.st_size, (self.directory / "mine.json").stat().st_size)

    def test_remove_checkpoint_answers_with_one_record(self):
        self.ok(self.claude("mine"), SAVE, {"goal": "mine"})
        path = str(self.directory / "mine.json")
        mtime = os.stat(path).st_mtime
        dry = checkpoint_mcp.remove_checkpoint(path, True)
        self.assertEqual((dry.removed, dry.problems, dry.resaved),
                         ([path, path + checkpoint_mcp.LOCK_SUFFIX], [], False))
        kept = checkpoint_mcp.remove_checkpoint(path, False, mtime - 10)
        self.assertEqual((kept.removed, kept.problems, kept.resaved), ([], [], True))
        self.assertTrue(os.path.exists(path))
        gone = checkpoint_mcp.remove_checkpoint(path, False, mtime)
        self.assertEqual((gone.removed[0], gone.problems, gone.resaved), (path, [], False))
        self.assertFalse(os.path.exists(path))


if __name__ == "__main__":
    unittest.main()
