"""What the model reads. Claude Code and VS Code hand the model only
JSON.stringify(structuredContent) when a result has it, never the text block: so every
result's structuredContent carries its text first, and a load stays small at every
repository size."""
import json
import os
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (FIXTURES, LIST, LOAD, SAVE, CheckpointTestCase, git, make_git_repo,
                           read_checkpoint, write_files, write_signed_checkpoint)

SCHEMAS = {tool["name"]: tool["outputSchema"] for tool in checkpoint_mcp.TOOLS}
# A typical checkpoint: 3 tasks, 3 files, 2 commands (bench/run.py saves the same one).
TYPICAL = json.loads((FIXTURES / "typical-save.json").read_text(encoding="utf-8"))


def serialized(structured):
    """structuredContent as Claude Code serializes it for the model (JSON.stringify)."""
    return json.dumps(structured, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class StructuredContentCarriesTheTextTest(CheckpointTestCase):

    def result(self, server, tool, arguments=None):
        result = server.call_tool(tool, arguments or {})
        self.assertFalse(result.get("isError"), result)
        structured = result["structuredContent"]
        self.assertIsNone(checkpoint_mcp.schema_problem(structured, SCHEMAS[tool]))
        return result["content"][0]["text"], structured

    def test_a_brief_load_leads_with_the_whole_brief(self):
        make_git_repo(self.project, self.env)
        server = self.claude()
        self.ok(server, SAVE, TYPICAL)
        text, structured = self.result(server, LOAD)
        self.assertEqual(list(structured)[0], "brief")
        self.assertEqual(structured["brief"], text)
        for part in ("Add GitHub OAuth login", "[~] Handle the callback", "Set SameSite=Lax",
                     "kept as data", "## Since this checkpoint"):
            self.assertIn(part, structured["brief"])

    def test_a_full_load_leads_with_the_framing_then_the_checkpoint(self):
        server = self.claude()
        self.ok(server, SAVE, TYPICAL)
        _, structured = self.result(server, LOAD, {"format": "full"})
        self.assertEqual(list(structured)[0], "text")
        self.assertIn("kept as data", structured["text"])
        self.assertEqual(structured["checkpoint"]["goal"]["primary"], TYPICAL["goal"])

    def test_a_full_load_from_the_backup_says_so_in_its_text(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "first"})
        self.ok(server, SAVE, {"goal": "second"})
        (self.project / CHECKPOINT_DIR / "s1.json").write_text("{broken", encoding="utf-8")
        _, structured = self.result(server, LOAD, {"format": "full"})
        self.assertTrue(structured["fromBackup"])
        self.assertIn("loaded its backup", structured["text"])

    def test_nothing_to_resume_says_so(self):
        _, structured = self.result(self.claude(), LOAD)
        self.assertEqual(list(structured)[0], "text")
        self.assertIn("Nothing to resume", structured["text"])

    def test_candidates_say_to_ask_the_user(self):
        self.ok(self.claude("other"), SAVE, {"goal": "theirs"})
        _, structured = self.result(self.claude(), LOAD)
        self.assertEqual(list(structured)[0], "text")
        self.assertIn("Ask the user which one to resume", structured["text"])
        self.assertIn("other", structured["text"])

    def test_a_load_from_the_backup_says_so_in_the_brief(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "first"})
        self.ok(server, SAVE, {"goal": "second"})
        path = self.project / CHECKPOINT_DIR / "s1.json"
        path.write_text("{broken", encoding="utf-8")
        _, structured = self.result(server, LOAD)
        self.assertTrue(structured["fromBackup"])
        self.assertIn("loaded its backup", structured["brief"])
        self.assertIn("first", structured["brief"])

    def test_an_untrusted_checkpoint_says_what_is_wrong_in_the_brief(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        os.chmod(str(self.project / CHECKPOINT_DIR / "s1.json"), 0o666)
        _, structured = self.result(server, LOAD)
        self.assertFalse(structured["trusted"])
        self.assertIn("UNTRUSTED CHECKPOINT", structured["brief"])
        self.assertIn("writable by others", structured["brief"])

    def test_a_save_says_what_to_do_next(self):
        make_git_repo(self.project, self.env)
        (self.project / CHECKPOINT_DIR).mkdir(mode=0o700)
        (self.project / CHECKPOINT_DIR / ".gitignore").write_text("# emptied\n", "utf-8")
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID=None))
        text, structured = self.result(server, SAVE, {"goal": "g"})
        self.assertEqual(list(structured)[0], "text")
        self.assertEqual(structured["text"], text)
        self.assertIn('Pass session: "%s"' % structured["session"], structured["text"])
        self.assertIn("not git-ignored", structured["text"])

    def test_a_list_carries_its_text(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        text, structured = self.result(server, LIST)
        self.assertEqual(list(structured)[0], "text")
        self.assertEqual(structured["text"], text)


class WhatTheModelReadsStaysSmallTest(CheckpointTestCase):
    """The typical checkpoint in a repository with 0, 100 and 10,000 changed files."""

    def load_at(self, dirty):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "src/auth/callback.ts": "v1\n",
                                               "src/auth/session.ts": "v1\n"})
        for path in ("src/auth/callback.ts", "src/auth/session.ts", "src/auth/session.spec.ts"):
            (self.project / path).write_text("v2\n", encoding="utf-8")
        generated = self.project / "generated"
        generated.mkdir()
        write_files(generated, ("f%05d.txt" % number for number in range(dirty)))
        server = self.claude()
        self.ok(server, SAVE, TYPICAL)
        result = server.call_tool(LOAD, {})
        return result["structuredContent"]

    def assert_small(self, structured):
        self.assertLessEqual(len(structured["brief"].encode("utf-8")), 1500, structured["brief"])
        self.assertLessEqual(len(serialized(structured)), 2000, structured)

    def test_with_no_other_changes(self):
        self.assert_small(self.load_at(0))

    def test_with_100_changed_files(self):
        structured = self.load_at(100)
        self.assert_small(structured)
        self.assertIn("## Files touched (100)", structured["brief"])
        self.assertIn("- and %d more" % (100 - checkpoint_mcp.BRIEF_DETAIL[0]["files"]),
                      structured["brief"])

    def test_with_10000_changed_files(self):
        structured = self.load_at(10000)
        self.assert_small(structured)
        self.assertIn("## Files touched (100)", structured["brief"])


class WhatTheModelReadsStaysSmallAfterChangesTest(CheckpointTestCase):
    """The same sizes when much happened since the save: a session id as Claude Code
    makes them, history rewritten, new commits, new and deleted files."""

    session_id = "7783ce21-5687-403f-9bf0-cd2ffd053bdb"

    def test_after_an_amend_more_commits_and_new_files(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "src/auth/callback.ts": "v1\n",
                                               "src/auth/session.ts": "v1\n"})
        for path in ("src/auth/callback.ts", "src/auth/session.ts", "src/auth/session.spec.ts"):
            (self.project / path).write_text("v2\n", encoding="utf-8")
        git(self.project, "add", "-A", env=self.env)
        git(self.project, "commit", "-qm", "WIP: the callback", env=self.env)
        server = self.claude()
        self.ok(server, SAVE, TYPICAL)
        git(self.project, "commit", "-q", "--amend", "-m",
            "Handle the OAuth callback and create the session", env=self.env)
        for number in range(7):
            (self.project / "src" / ("step%d.ts" % number)).write_text("x\n", encoding="utf-8")
            git(self.project, "add", "-A", env=self.env)
            git(self.project, "commit", "-qm", "Step %d of the login button, with its tests"
                % number, env=self.env)
        (self.project / "src/auth/session.spec.ts").unlink()
        for number in range(12):
            (self.project / ("new-%d.txt" % number)).write_text("n\n", encoding="utf-8")
        structured = server.call_tool(LOAD, {})["structuredContent"]
        self.assertIn("History was rewritten", structured["brief"])
        self.assertLessEqual(len(structured["brief"].encode("utf-8")), 1500, structured["brief"])
        self.assertLessEqual(len(serialized(structured)), 2000, serialized(structured))


class BriefListsAreCappedTest(CheckpointTestCase):

    LONG = {
        "goal": "g",
        "tasks": [{"description": "task %d" % n, "status": "done" if n < 20 else "pending"}
                  for n in range(25)],
        "nextSteps": ["step %d" % n for n in range(12)],
        "decisions": ["decision %d" % n for n in range(9)],
        "recentCommands": [{"command": "make %d" % n, "exitCode": 0} for n in range(30)],
        "summary": "word " * 400}

    def brief_of_long_save(self):
        server = self.claude()
        self.ok(server, SAVE, self.LONG)
        return server.call_tool(LOAD, {})["structuredContent"]["brief"]

    def test_every_long_list_ends_with_how_many_more(self):
        with mock.patch.dict(checkpoint_mcp.LIMITS, briefBytes=100000):  # the first level
            brief = self.brief_of_long_save()
        detail = checkpoint_mcp.BRIEF_DETAIL[0]
        self.assertIn("- and %d more (%d of them done)" % (25 - detail["tasks"],
                                                           25 - detail["tasks"]), brief)
        for number in range(20, 25):  # what is left to do is never the part cut
            self.assertIn("[ ] task %d" % number, brief)
        self.assertIn("- and %d more" % (12 - detail["nextSteps"]), brief)
        self.assertIn("- and %d older" % (9 - detail["decisions"]), brief)
        self.assertIn("decision 8", brief)
        self.assertNotIn("decision 0\n", brief)
        self.assertIn("Recent commands (last %d of 30, oldest first)" % detail["commands"],
                      brief)
        self.assertIn("`make 29`", brief)
        self.assertNotIn("`make 0`", brief)
        self.assertIn("format 'full' has the rest", brief)

    def test_a_brief_too_long_for_its_budget_shows_less_of_each_list(self):
        brief = self.brief_of_long_save()
        self.assertLessEqual(len(brief.encode("utf-8")), checkpoint_mcp.LIMITS["briefBytes"])
        used = [detail for detail in checkpoint_mcp.BRIEF_DETAIL[1:]
                if "- and %d more" % (12 - detail["nextSteps"]) in brief
                and "(last %d of 30, oldest first)" % detail["commands"] in brief]
        self.assertEqual(len(used), 1, brief)  # a level with less than the first's
        self.assertIn("[ ] task 24", brief)

    def test_the_agents_files_come_first_then_the_changed_ones(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        for number in range(20):
            (self.project / ("f%02d.txt" % number)).write_text("x\n", encoding="utf-8")
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "mine.txt",
                                                               "note": "the fix"}]})
        (self.project / "f19.txt").write_text("changed after the save\n", encoding="utf-8")
        brief = server.call_tool(LOAD, {})["structuredContent"]["brief"]
        files = brief.split("## Files touched (21)\n", 1)[1].split("\n")
        self.assertTrue(files[0].startswith("- `mine.txt`"), files)
        self.assertTrue(files[1].startswith("- `f19.txt`"), files)


class ReportedFilesFirstTest(CheckpointTestCase):

    def test_a_reported_file_git_also_found_comes_before_the_changed_ones(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        for number in range(20):
            (self.project / ("f%02d.txt" % number)).write_text("x\n", encoding="utf-8")
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "f05.txt"}]})
        self.assertTrue(self.stored()["modifiedFiles"][0]["reported"])
        (self.project / "f19.txt").write_text("changed after the save\n", encoding="utf-8")
        brief = server.call_tool(LOAD, {})["structuredContent"]["brief"]
        files = brief.split("## Files touched (20)\n", 1)[1].split("\n")
        self.assertEqual([line.split(" ")[1] for line in files[:2]], ["`f05.txt`", "`f19.txt`"])


class MergeWithoutGoalTest(CheckpointTestCase):

    def test_a_merge_without_a_goal_keeps_the_goal(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "the goal", "nextSteps": ["one"]})
        self.ok(server, SAVE, {"mode": "merge", "decisions": ["later"]})
        stored = self.stored()
        self.assertEqual(stored["goal"]["primary"], "the goal")
        self.assertEqual(stored["decisions"], ["later"])
        self.assertEqual(stored["nextSteps"], ["one"])

    def test_a_first_merge_without_a_goal_says_the_first_save_needs_one(self):
        message = self.error_text(self.claude(), SAVE, {"mode": "merge", "summary": "s"})
        self.assertIn("goal: is required for the session's first save", message)
        self.assertEqual(self.checkpoint_files(), [])
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_a_replace_without_a_goal_is_refused(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        message = self.error_text(server, SAVE, {"summary": "s"})
        self.assertIn("goal: is required with mode 'replace'", message)
        self.assertEqual(self.stored()["goal"]["primary"], "g")

    def test_a_merge_into_an_untrusted_checkpoint_without_a_goal_is_refused(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        os.chmod(str(self.project / CHECKPOINT_DIR / "s1.json"), 0o666)
        message = self.error_text(server, SAVE, {"mode": "merge", "summary": "s"})
        self.assertIn("goal: is required for the session's first save", message)
        self.assertIn("untrusted", message)  # the reason there is nothing to merge into

    def test_a_merge_without_a_goal_from_a_missing_checkpoint_writes_nothing(self):
        message = self.error_text(self.claude(), SAVE, {"mode": "merge", "summary": "s",
                                                        "resumedFrom": "gone"})
        self.assertIn("goal: is required for the session's first save", message)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_keeping_a_goal_an_automatic_snapshot_guessed_says_so(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "hey can you look at app.py? thx"})
        path = self.project / CHECKPOINT_DIR / "s1.json"
        data = read_checkpoint(path)
        data["meta"]["auto"] = {"source": "session-end", "at": data["updatedAt"],
                                "fields": ["goal", "tasks"]}
        write_signed_checkpoint(path, data)
        saved = self.ok(server, SAVE, {"mode": "merge", "summary": "s"})
        self.assertTrue(any("automatic snapshot took from the session's first prompt" in w
                            for w in saved["warnings"]), saved)
