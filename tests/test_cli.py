"""The command line for people: list, show, delete, prune, doctor and init, run in this
process through checkpoint_mcp.main (the built pyz only where a process is the point).

Exit codes: 0 done, 1 nothing found or a check failed, 2 usage error. Errors are one
line on stderr. Every run gets a throwaway HOME, so doctor reads only the fake Claude
Code settings a test writes there.
"""
import io
import json
import os
import shutil
import subprocess
import sys
import time
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, PYZ, REPO, SAVE, TempDirTestCase, make_git_repo,
                           read_checkpoint, run_main, run_pyz, write_signed_checkpoint)

UUID_A = "3f2b8c1e-0d4a-4c6b-9e7f-1a2b3c4d5e6f"
UUID_B = "3f2b8c1e-77aa-4c6b-9e7f-1a2b3c4d5e6f"
UUID_C = "9c0ffee0-1234-4abc-8def-0123456789ab"
COMMANDS = ("list", "show", "delete", "prune", "redact", "doctor", "init")
HOOKS = ("session-start", "guard", "pre-compact", "session-end")
DAY = 86400


def stored(*names):
    """Files of the checkpoint folder as the command line names them, comma-separated."""
    return ", ".join(CHECKPOINT_DIR + "/" + name for name in names)


class CliTestCase(TempDirTestCase):

    def cli(self, *args, env=None, cwd=None, process=False):
        """(exit code, stdout, stderr) of `checkpoint.pyz ARGS` run in the project: in this
        process, or with `process` the built pyz in a process of its own."""
        run = run_pyz if process else run_main
        result = run(list(args), env or self.env, cwd=cwd or self.project)
        return (result.returncode, result.stdout.decode("utf-8"),
                result.stderr.decode("utf-8"))

    def assert_one_line_error(self, stderr):
        self.assertEqual(len(stderr.strip().splitlines()), 1, stderr)

    def save(self, *checkpoints, env=None):
        """Save each (session, arguments) through one server, the way a client would."""
        server = self.server(env=env)
        for session, arguments in checkpoints:
            arguments = dict(arguments, session=session)
            result = server.call_tool(SAVE, arguments)
            self.assertFalse(result.get("isError"), result)
        return server

    def save_goals(self, *sessions):
        """A checkpoint per session with goal 'goal of <session>', oldest first, a second
        apart in modification time."""
        self.save(*[(session, {"goal": "goal of " + session}) for session in sessions])
        now = time.time()
        for age, session in enumerate(reversed(sessions)):
            self.age(session, age)
        return now

    def path(self, selector):
        return self.project / CHECKPOINT_DIR / (selector + ".json")

    def checkpoint_names(self):
        directory = self.project / CHECKPOINT_DIR
        return sorted(path.name for path in directory.iterdir() if path.name != ".gitignore")

    def age(self, selector, seconds):
        """Make a checkpoint (and its backup, if any) look `seconds` old."""
        stamp = time.time() - seconds
        for path in (self.path(selector), self.path(selector).with_name(selector + ".json.prev")):
            if path.exists():
                os.utime(str(path), (stamp, stamp))

    def backdate(self, selector, seconds):
        """Rewrite a checkpoint as if it had been saved `seconds` ago."""
        path = self.path(selector)
        data = read_checkpoint(path)
        data["updatedAt"] = time.strftime("%Y-%m-%dT%H:%M:%S.000Z",
                                          time.gmtime(time.time() - seconds))
        write_signed_checkpoint(path, data)
        self.age(selector, seconds)

    def snapshot(self, directory=None):
        """Every file under `directory` (default: the project) with its bytes."""
        directory = directory or self.project
        found = {}
        for base, _, names in os.walk(str(directory)):
            for name in names:
                path = os.path.join(base, name)
                with open(path, "rb") as handle:
                    found[os.path.relpath(path, str(directory))] = handle.read()
        return found


class ListTest(CliTestCase):

    def test_an_empty_project_says_so_on_stderr_and_exits_1(self):
        code, out, err = self.cli("list")
        self.assertEqual(code, 1)
        self.assertEqual(out, "")
        self.assertIn("No checkpoints in %s" % self.project, err)

    def test_each_checkpoint_is_one_line_newest_first(self):
        make_git_repo(self.project, self.env)
        self.save(("older", {"goal": "First goal", "tasks": [
            {"description": "a", "status": "done"}, {"description": "b", "status": "done"},
            {"description": "c", "status": "pending"}]}),
            ("newer", {"goal": "Second goal"}))
        self.backdate("older", 3 * 3600)
        code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        lines = out.splitlines()
        self.assertEqual(len(lines), 2)
        self.assertEqual(lines[0].split(), ["newer", "just", "now", "main", "-", "Second", "goal"])
        self.assertEqual(lines[1].split(), ["older", "3h", "ago", "main", "2/3", "done", "First",
                                            "goal"])

    def test_columns_line_up(self):
        self.save_goals("a", "a-much-longer-selector")
        _, out, _ = self.cli("list")
        lines = out.splitlines()
        self.assertEqual(lines[0].index("just now"), lines[1].index("just now"))

    def test_uuid_selectors_are_shortened_to_a_prefix_no_other_shares(self):
        self.save_goals(UUID_A, UUID_B, UUID_C)
        _, out, _ = self.cli("list")
        selectors = [line.split()[0] for line in out.splitlines()]
        self.assertEqual(selectors, ["9c0ffee0", "3f2b8c1e-7", "3f2b8c1e-0"])

    def test_other_selectors_are_printed_whole(self):
        self.save_goals("my-very-long-session-name")
        _, out, _ = self.cli("list")
        self.assertTrue(out.startswith("my-very-long-session-name "))

    def test_json_prints_what_list_session_checkpoints_returns(self):
        server = self.save(("one", {"goal": "g1"}), ("two", {"goal": "g2"}))
        expected = server.call_tool(LIST, {})["structuredContent"]
        code, out, err = self.cli("list", "--json")
        self.assertEqual(code, 0, err)
        self.assertEqual(json.loads(out), expected)

    def test_json_of_an_empty_project_is_printed_and_exits_1(self):
        code, out, _ = self.cli("list", "--json")
        self.assertEqual(code, 1)
        self.assertEqual(json.loads(out)["total"], 0)

    def test_the_newest_ten_unless_all(self):
        self.save_goals(*["s%02d" % number for number in range(12)])
        code, out, err = self.cli("list")
        self.assertEqual(len(out.splitlines()), 10)
        self.assertIn("2 older not shown; pass --all", err)
        code, out, err = self.cli("list", "--all")
        self.assertEqual(len(out.splitlines()), 12)
        self.assertEqual(err, "")

    def test_a_corrupt_checkpoint_is_listed_last_as_unreadable_with_a_warning(self):
        self.save_goals("good")
        self.path("bad").write_text("{not json", encoding="utf-8")
        code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        lines = out.splitlines()
        self.assertTrue(lines[0].startswith("good "))
        self.assertTrue(lines[1].startswith("bad "))
        self.assertIn("unreadable", lines[1])
        self.assertIn("Checkpoint bad cannot be read", err)

    def test_a_checkpoint_read_from_its_backup_says_so(self):
        self.save(("s", {"goal": "first"}), ("s", {"goal": "second"}))
        self.path("s").write_text("garbage", encoding="utf-8")
        _, out, err = self.cli("list")
        self.assertIn("first  (from backup)", out)
        self.assertIn("backup", err)

    def test_the_current_claude_code_session_is_marked(self):
        self.save_goals("mine", "theirs")
        _, out, _ = self.cli("list", env=self.env_with(CLAUDE_CODE_SESSION_ID="mine"))
        self.assertIn("goal of mine  (this session)", out)
        self.assertNotIn("goal of theirs  (", out)

    def test_root_option_picks_the_project_from_anywhere(self):
        self.save_goals("s")
        code, out, _ = self.cli("list", "--root", str(self.project), cwd=self.tmp)
        self.assertEqual(code, 0)
        self.assertIn("goal of s", out)

    def test_a_relative_root_is_taken_from_the_working_directory(self):
        self.save_goals("s")
        code, out, _ = self.cli("list", "--root", "project", cwd=self.tmp)
        self.assertEqual(code, 0)
        self.assertIn("goal of s", out)

    def test_checkpoint_project_root_picks_the_project(self):
        self.save_goals("s")
        env = self.env_with(CHECKPOINT_PROJECT_ROOT=self.project)
        code, out, _ = self.cli("list", env=env, cwd=self.tmp)
        self.assertEqual(code, 0)
        self.assertIn("goal of s", out)

    def test_a_root_that_does_not_exist_is_a_usage_error(self):
        code, out, err = self.cli("list", "--root", str(self.tmp / "nowhere"))
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn("pass --root an existing project directory", err)

    def test_a_malformed_claude_code_session_id_is_one_line_saying_so(self):
        self.save_goals("s")
        code, out, err = self.cli("list", env=self.env_with(CLAUDE_CODE_SESSION_ID="../x"))
        self.assertEqual(code, 1)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn("CLAUDE_CODE_SESSION_ID", err)

    def test_a_relative_checkpoint_project_root_is_a_usage_error(self):
        code, _, err = self.cli("list", env=self.env_with(CHECKPOINT_PROJECT_ROOT="rel"))
        self.assertEqual(code, 2)
        self.assertIn("unset it", err)

    def test_each_checkpoint_file_is_read_once(self):
        self.save_goals("a", "b", "c")
        with mock.patch.object(checkpoint_mcp, "read_file_limited",
                               side_effect=checkpoint_mcp.read_file_limited) as read:
            code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        self.assertEqual(len(out.splitlines()), 3)
        read_files = sorted(os.path.basename(call[0][0]) for call in read.call_args_list)
        self.assertEqual(read_files, ["a.json", "b.json", "c.json"])


class ShowTest(CliTestCase):

    def test_without_a_selector_prints_the_newest_brief_as_its_session_loads_it(self):
        server = self.save(("old", {"goal": "Old goal"}),
                           ("new", {"goal": "New goal", "summary": "Halfway"}))
        self.age("old", 60)
        expected = server.call_tool(LOAD, {"session": "new"})["content"][0]["text"]
        code, out, err = self.cli("show")
        self.assertEqual(code, 0, err)
        self.assertEqual(out, expected)
        self.assertIn("## Goal\nNew goal", out)

    def test_another_sessions_checkpoint_comes_without_the_hint_for_agents(self):
        self.save_goals("theirs")
        env = self.env_with(CLAUDE_CODE_SESSION_ID="mine")
        code, out, err = self.cli("show", "theirs", env=env)
        self.assertEqual(code, 0, err)
        self.assertTrue(out.startswith("# Resuming: project"), out)
        self.assertNotIn("resumedFrom", out)

    def test_drift_since_the_save_is_included(self):
        make_git_repo(self.project, self.env, {"app.py": "v1\n"})
        self.save(("s", {"goal": "Edit app", "modifiedFiles": [{"path": "app.py"}]}))
        (self.project / "app.py").write_text("v2\n", encoding="utf-8")
        _, out, _ = self.cli("show", "s")
        self.assertIn("## Since this checkpoint", out)
        self.assertIn("re-read before editing: `app.py`", out)

    def test_a_unique_prefix_selects_a_checkpoint(self):
        self.save_goals(UUID_A, UUID_C)
        code, out, _ = self.cli("show", "3f2b")
        self.assertEqual(code, 0)
        self.assertIn("goal of " + UUID_A, out)

    def test_a_whole_selector_wins_over_longer_ones_it_begins(self):
        self.save_goals("abc", "abcdef")
        _, out, _ = self.cli("show", "abc")
        self.assertIn("## Goal\ngoal of abc\n", out)

    def test_an_ambiguous_prefix_is_a_usage_error_naming_the_candidates(self):
        self.save_goals(UUID_A, UUID_B)
        code, out, err = self.cli("show", "3f2b8c1e")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn(UUID_A, err)
        self.assertIn(UUID_B, err)

    def test_an_unknown_selector_exits_1_and_points_to_list(self):
        self.save_goals("s")
        code, _, err = self.cli("show", "nope")
        self.assertEqual(code, 1)
        self.assert_one_line_error(err)
        self.assertIn("checkpoint.pyz list", err)

    def test_a_selector_that_could_name_a_path_is_a_usage_error(self):
        code, _, err = self.cli("show", "../etc/passwd")
        self.assertEqual(code, 2)
        self.assert_one_line_error(err)

    def test_an_empty_project_exits_1(self):
        code, out, err = self.cli("show")
        self.assertEqual(code, 1)
        self.assertEqual(out, "")
        self.assertIn("nothing to show", err)

    def test_json_prints_the_checkpoint_on_one_compact_line(self):
        self.save_goals("s")
        code, out, _ = self.cli("show", "s", "--json")
        self.assertEqual(code, 0)
        self.assertEqual(out.count("\n"), 1, out)
        self.assertNotIn(": ", out.split('"goal"')[0])
        self.assertEqual(json.loads(out), read_checkpoint(self.path("s")))

    def test_json_of_an_untrusted_checkpoint_says_so_on_stderr(self):
        self.save_goals("s")
        self.path("s").write_bytes(self.path("s").read_bytes().replace(b"goal of s",
                                                                       b"goal of X"))
        code, out, err = self.cli("show", "s", "--json")
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["goal"]["primary"], "goal of X")
        self.assertIn("\u26a0 Untrusted checkpoint (its signature does not match this user's key",
                      err)
        self.save_goals("t")
        _, _, err = self.cli("show", "t", "--json")
        self.assertEqual(err, "")

    def test_full_prints_the_whole_checkpoint_with_drift(self):
        self.save_goals("s")
        code, out, _ = self.cli("show", "--full")
        self.assertEqual(code, 0)
        full = json.loads(out)
        self.assertEqual(full["checkpoint"], read_checkpoint(self.path("s")))
        self.assertIn("drift", full)

    def test_full_is_indented_json_for_a_person(self):
        self.save_goals("s")
        code, out, err = self.cli("show", "s", "--full")
        self.assertEqual(code, 0, err)
        lines = out.splitlines()
        start = lines.index("{")  # after the notice lines, if any
        self.assertGreater(len(lines) - start, 2, out)
        self.assertIn('\n  "checkpoint": {', "\n" + "\n".join(lines[start:]))
        full = json.loads("\n".join(lines[start:]))
        self.assertEqual(full["checkpoint"], read_checkpoint(self.path("s")))

    def test_full_and_json_together_are_a_usage_error(self):
        code, out, err = self.cli("show", "--full", "--json")
        self.assertEqual(code, 2)
        self.assertIn("not allowed with", err)

    def test_a_corrupt_checkpoint_exits_1_and_says_what_to_do(self):
        self.path("s").parent.mkdir()
        self.path("s").write_text("{broken", encoding="utf-8")
        for extra in ((), ("--json",)):
            with self.subTest(extra=extra):
                code, out, err = self.cli("show", "s", *extra)
                self.assertEqual(code, 1)
                self.assertEqual(out, "")
                self.assert_one_line_error(err)
                self.assertIn("repair that file, or remove it with `checkpoint.pyz delete s`", err)

    def test_a_corrupt_file_with_a_good_backup_shows_the_backup_and_warns(self):
        self.save(("s", {"goal": "first"}), ("s", {"goal": "second"}))
        self.path("s").write_text("garbage", encoding="utf-8")
        _, out, _ = self.cli("show", "s")
        self.assertIn("## Goal\nfirst", out)
        self.assertIn("\u26a0 The checkpoint file", out)
        code, out, err = self.cli("show", "s", "--json")
        self.assertEqual(json.loads(out)["goal"]["primary"], "first")
        self.assertIn("backup", err)

    def test_the_legacy_checkpoint_shows_by_its_selector(self):
        self.save(env=self.env_with(CHECKPOINT_SESSION_IDS="legacy")).call_tool(
            SAVE, {"goal": "Shared goal"})
        code, out, err = self.cli("show", "legacy")
        self.assertEqual(code, 0, err)
        self.assertIn("## Goal\nShared goal", out)
        self.assertNotIn("resumedFrom", out)

    def test_non_ascii_text_survives(self):
        self.save(("s", {"goal": "Überarbeite die Anmeldung \u2014 \u65e5\u672c"}))
        _, out, _ = self.cli("show")
        self.assertIn("Überarbeite die Anmeldung \u2014 \u65e5\u672c", out)


class DeleteTest(CliTestCase):

    def test_it_removes_the_checkpoint_with_its_backup_and_lock(self):
        self.save(("a", {"goal": "1"}), ("a", {"goal": "2"}), ("b", {"goal": "3"}))
        self.assertIn("a.json.prev", self.checkpoint_names())
        code, out, err = self.cli("delete", "a")
        self.assertEqual(code, 0, err)
        self.assertEqual(self.checkpoint_names(), ["b.json", "b.json.lock"])
        self.assertIn("Removed checkpoint a: " + stored("a.json", "a.json.prev", "a.json.lock"),
                      out.replace(os.sep, "/"))

    def test_a_unique_prefix_selects_the_checkpoint(self):
        self.save_goals(UUID_A, UUID_C)
        code, out, err = self.cli("delete", "3f2b")
        self.assertEqual(code, 0, err)
        self.assertEqual(self.checkpoint_names(), [UUID_C + ".json", UUID_C + ".json.lock"])
        self.assertIn("Removed checkpoint " + UUID_A, out)

    def test_dry_run_says_what_would_go_and_leaves_everything_in_place(self):
        self.save(("a", {"goal": "1"}), ("a", {"goal": "2"}))
        before = self.snapshot()
        code, out, err = self.cli("delete", "a", "--dry-run")
        self.assertEqual(code, 0, err)
        self.assertEqual(self.snapshot(), before)
        self.assertIn("would remove " + stored("a.json", "a.json.prev", "a.json.lock"),
                      out.replace(os.sep, "/"))
        self.assertIn("nothing was changed", out)

    def test_an_unknown_selector_exits_1_names_it_and_points_to_list(self):
        self.save_goals("s")
        code, out, err = self.cli("delete", "nope")
        self.assertEqual(code, 1)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn("no checkpoint 'nope' in %s" % self.project, err)
        self.assertIn("checkpoint.pyz list", err)
        self.assertEqual(self.checkpoint_names(), ["s.json", "s.json.lock"])

    def test_only_what_list_lists_can_be_shown_or_deleted(self):
        """A folder named like a checkpoint is none, and a checkpoint folder that is a link
        is never read: show and delete name what list would, no more."""
        self.save_goals("s")
        (self.project / CHECKPOINT_DIR / "dir.json").mkdir()
        for command in ("show", "delete"):
            code, _, err = self.cli(command, "dir")
            self.assertEqual(code, 1, (command, err))
            self.assertIn("no checkpoint 'dir'", err)
        elsewhere = self.project / "elsewhere"
        os.rename(str(self.project / CHECKPOINT_DIR), str(elsewhere))
        os.symlink(str(elsewhere), str(self.project / CHECKPOINT_DIR))
        code, _, err = self.cli("show", "s")
        self.assertEqual(code, 1, err)
        self.assertIn("no checkpoint 's'", err)
        self.assertTrue((elsewhere / "s.json").exists())

    def test_an_ambiguous_prefix_is_a_usage_error_and_removes_nothing(self):
        self.save_goals(UUID_A, UUID_B)
        before = self.checkpoint_names()
        code, out, err = self.cli("delete", "3f2b8c1e")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn(UUID_A, err)
        self.assertIn(UUID_B, err)
        self.assertEqual(self.checkpoint_names(), before)

    def test_without_a_selector_is_a_usage_error(self):
        code, out, err = self.cli("delete")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assert_one_line_error(err)
        self.assertIn("SELECTOR", err)


class PruneTest(CliTestCase):

    def test_without_a_rule_is_a_usage_error(self):
        self.save_goals("s")
        code, _, err = self.cli("prune")
        self.assertEqual(code, 2)
        self.assertIn("--older-than DAYS, --keep N or both", err)
        self.assertEqual(self.checkpoint_names(), ["s.json", "s.json.lock"])

    def test_keep_removes_all_but_the_newest_with_their_backups_and_locks(self):
        self.save(("a", {"goal": "1"}), ("a", {"goal": "2"}), ("b", {"goal": "3"}),
                  ("c", {"goal": "4"}))
        self.age("a", 30)
        self.age("b", 20)
        code, out, err = self.cli("prune", "--keep", "1")
        self.assertEqual(code, 0, err)
        self.assertEqual(self.checkpoint_names(), ["c.json", "c.json.lock"])
        self.assertIn("removed a (saved just now): "
                      + stored("a.json", "a.json.prev", "a.json.lock"), out.replace(os.sep, "/"))
        self.assertIn("Removed 2 and kept 1 of the 3 checkpoint(s)", out)

    def test_keep_keeps_the_users_own_before_untrusted_files_that_look_newer(self):
        self.save_goals("mine1", "mine2")
        # What an archive can bring: unsigned files with any modification time it likes.
        future = time.time() + 365 * DAY
        for number, name in enumerate(("planted1", "planted2", "planted3")):
            planted = self.path(name)
            planted.write_text(json.dumps({"version": 1, "goal": {"primary": "x"}}), "utf-8")
            os.chmod(str(planted), 0o600)
            os.utime(str(planted), (future - number, future - number))
        code, out, err = self.cli("prune", "--keep", "3")
        self.assertEqual(code, 0, err)
        self.assertEqual([name for name in self.checkpoint_names() if name.endswith(".json")],
                         ["mine1.json", "mine2.json", "planted1.json"])
        self.assertIn("Removed 2 and kept 3 of the 5 checkpoint(s)", out)

    def test_older_than_removes_only_checkpoints_saved_before_then(self):
        self.save_goals("new", "old")
        self.age("old", 8 * DAY)
        self.age("new", 6 * DAY)
        code, out, _ = self.cli("prune", "--older-than", "7")
        self.assertEqual(code, 0)
        self.assertEqual(self.checkpoint_names(), ["new.json", "new.json.lock"])
        self.assertIn("removed old (saved 8d ago)", out)

    def test_with_both_rules_a_checkpoint_goes_only_when_both_allow_it(self):
        self.save_goals("a", "b", "c")
        self.age("a", 30 * DAY)
        self.age("b", 20 * DAY)
        self.age("c", 10 * DAY)
        self.cli("prune", "--older-than", "15", "--keep", "2")
        self.assertEqual([name for name in self.checkpoint_names() if name.endswith(".json")],
                         ["b.json", "c.json"])

    def test_dry_run_says_what_would_go_and_leaves_everything_in_place(self):
        make_git_repo(self.project, self.env)
        self.save(("a", {"goal": "1"}), ("a", {"goal": "2"}), ("b", {"goal": "3"}))
        before = self.snapshot()
        code, out, _ = self.cli("prune", "--keep", "0", "--dry-run")
        self.assertEqual(code, 0)
        self.assertEqual(self.snapshot(), before)
        self.assertIn("would remove a", out)
        self.assertIn("would remove b", out)
        self.assertIn("nothing was changed", out)

    def test_only_checkpoint_files_are_touched(self):
        self.save_goals("s")
        (self.project / "notes.txt").write_text("keep me", encoding="utf-8")
        directory = self.project / CHECKPOINT_DIR
        (directory / "README.txt").write_text("mine", encoding="utf-8")
        (directory / ".s.json.abc123.tmp").write_text("a save in progress", encoding="utf-8")
        self.cli("prune", "--keep", "0")
        self.assertEqual(self.checkpoint_names(), [".s.json.abc123.tmp", "README.txt"])
        self.assertEqual((self.project / "notes.txt").read_text(encoding="utf-8"), "keep me")

    def test_the_legacy_checkpoint_is_pruned_with_its_backup(self):
        server = self.save(env=self.env_with(CHECKPOINT_SESSION_IDS="legacy"))
        server.call_tool(SAVE, {"goal": "one"})
        server.call_tool(SAVE, {"goal": "two"})
        self.assertTrue((self.project / ".claude-checkpoint.prev").exists())
        code, out, _ = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 0)
        self.assertIn("removed legacy", out)
        leftovers = [name for name in os.listdir(str(self.project))
                     if name.startswith(".claude-checkpoint")]
        self.assertEqual(leftovers, [])

    def test_a_checkpoint_known_only_by_its_backup_is_pruned_with_its_lock(self):
        self.save(("a", {"goal": "1"}), ("a", {"goal": "2"}))
        self.path("a").unlink()
        code, out, _ = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 0)
        self.assertIn("removed a (saved just now): " + stored("a.json.prev", "a.json.lock"),
                      out.replace(os.sep, "/"))
        self.assertEqual(self.checkpoint_names(), [])

    def test_a_corrupt_checkpoint_is_pruned_like_any_other(self):
        self.path("bad").parent.mkdir()
        self.path("bad").write_text("{", encoding="utf-8")
        code, out, _ = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 0)
        self.assertEqual(self.checkpoint_names(), [])

    def test_nothing_to_remove_exits_0_and_says_so(self):
        self.save_goals("s")
        code, out, _ = self.cli("prune", "--older-than", "1")
        self.assertEqual(code, 0)
        self.assertIn("Nothing to remove", out)
        self.assertEqual(self.checkpoint_names(), ["s.json", "s.json.lock"])

    def test_an_empty_project_has_nothing_to_remove(self):
        code, out, _ = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 0)
        self.assertIn("Nothing to remove", out)

    def test_negative_or_non_numeric_values_are_usage_errors(self):
        for args in (("--keep", "-1"), ("--keep", "two"), ("--older-than", "-3"),
                     ("--older-than", "nan")):
            with self.subTest(args=args):
                code, _, err = self.cli("prune", *args)
                self.assertEqual(code, 2)
                self.assert_one_line_error(err)
                self.assertIn("checkpoint.pyz prune: argument %s: %r is not" % args, err)
                self.assertIn("(usage: checkpoint.pyz prune ", err)

    @unittest.skipIf(os.name == "nt" or os.geteuid() == 0, "needs POSIX permissions, not root")
    def test_a_file_that_cannot_be_removed_is_reported_and_exits_1(self):
        self.save_goals("s")
        directory = self.project / CHECKPOINT_DIR
        os.chmod(str(directory), 0o500)
        self.addCleanup(os.chmod, str(directory), 0o700)
        code, _, err = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 1)
        self.assertIn("cannot remove", err)


class DoctorTest(CliTestCase):

    def doctor(self, *args, env=None, cwd=None, process=False):
        code, out, err = self.cli("doctor", *args, env=env, cwd=cwd, process=process)
        lines = out.splitlines()
        for line in lines:
            self.assertRegex(line, r"^(OK  |WARN|FAIL) \S")
        return code, lines

    def line_about(self, lines, words):
        found = [line for line in lines if words in line]
        self.assertEqual(len(found), 1, "\n".join(lines))
        return found[0]

    def write_json(self, path, value):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")

    def install_plugin(self, enabled=True, version="0.1.0"):
        key = "session-checkpoint@session-checkpoint"
        self.write_json(self.home / ".claude" / "plugins" / "installed_plugins.json", {
            "version": 2, "plugins": {key: [{"scope": "user", "version": version,
                                             "installPath": "/somewhere"}]}})
        self.write_json(self.home / ".claude" / "settings.json",
                        {"enabledPlugins": {key: enabled}})

    def register_by_hand(self, hooks=("session-start", "guard", "pre-compact", "session-end")):
        command = "python3 -I -S /opt/checkpoint.pyz"
        self.write_json(self.home / ".claude.json", {"mcpServers": {
            "checkpoint": {"type": "stdio", "command": "python3",
                           "args": ["-I", "-S", "/opt/checkpoint.pyz"]}}})
        events = {"session-start": ("SessionStart", {}), "guard": (
            "PreToolUse", {"matcher": "^mcp__.+__save_session_checkpoint$"}),
            "pre-compact": ("PreCompact", {}), "session-end": ("SessionEnd", {})}
        settings = {"hooks": {}}
        for hook in hooks:
            event, extra = events[hook]
            settings["hooks"][event] = [dict(extra, hooks=[
                {"type": "command", "command": "%s --hook %s" % (command, hook)}])]
        self.write_json(self.home / ".claude" / "settings.json", settings)

    def test_a_fresh_setup_passes_with_warnings_about_claude_code(self):
        code, lines = self.doctor()
        self.assertEqual(code, 0, lines)
        self.assertTrue(lines[0].startswith("OK   Python %d.%d" % sys.version_info[:2]))
        self.assertIn("OK   git version", "\n".join(lines))
        server = self.line_about(lines, "does not know this server")
        self.assertTrue(server.startswith("WARN"))
        self.assertIn("claude mcp add --scope user checkpoint -- python3 -I -S ", server)
        self.assertTrue(self.line_about(lines, "hooks are not registered").startswith("WARN"))

    def test_the_command_to_register_the_server_names_the_running_pyz(self):
        # A process: only the pyz itself knows the path it runs from.
        _, lines = self.doctor(process=True)
        self.assertIn("claude mcp add --scope user checkpoint -- python3 -I -S %s`" % PYZ,
                      self.line_about(lines, "does not know this server"))

    def test_with_no_hooks_registered_all_four_are_named_in_one_sentence(self):
        _, lines = self.doctor()
        self.assertTrue(self.line_about(lines, "hooks are not registered").startswith(
            "WARN the session-start, guard, pre-compact and session-end hooks are not "
            "registered; "))

    def test_the_root_and_the_rule_that_picked_it(self):
        _, lines = self.doctor()
        self.assertIn("project root %s (from the working directory" % self.project,
                      self.line_about(lines, "project root"))
        _, lines = self.doctor(env=self.env_with(CHECKPOINT_PROJECT_ROOT=self.project),
                               cwd=self.tmp)
        self.assertIn("(from CHECKPOINT_PROJECT_ROOT", self.line_about(lines, "project root"))
        _, lines = self.doctor("--root", str(self.project), cwd=self.tmp)
        self.assertIn("(from --root", self.line_about(lines, "project root"))

    def test_a_bad_checkpoint_project_root_fails_and_exits_1(self):
        code, lines = self.doctor(env=self.env_with(CHECKPOINT_PROJECT_ROOT=self.tmp / "gone"))
        self.assertEqual(code, 1)
        self.assertTrue(self.line_about(lines, "CHECKPOINT_PROJECT_ROOT").startswith(
            "FAIL CHECKPOINT_PROJECT_ROOT"))

    def test_checkpoints_in_a_healthy_repository_are_ok(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        self.save_goals("s")
        code, lines = self.doctor()
        self.assertEqual(code, 0)
        self.assertTrue(self.line_about(lines, "directory 0700, files 0600").startswith("OK"))
        self.assertEqual(self.line_about(lines, "git-ignored"), "OK   checkpoints are git-ignored")

    def test_checkpoints_git_does_not_ignore_are_a_warning_with_the_fix(self):
        make_git_repo(self.project, self.env)
        folder = self.project / CHECKPOINT_DIR
        folder.mkdir(mode=0o700)
        (folder / ".gitignore").write_text("# emptied by the user\n", encoding="utf-8")
        _, lines = self.doctor()
        line = self.line_about(lines, "git does not ignore")
        self.assertTrue(line.startswith("WARN"))
        self.assertIn("add `.claude-checkpoint*` to .gitignore", line)

    def test_ignoring_the_checkpoint_folder_is_enough_where_the_legacy_file_is_unused(self):
        make_git_repo(self.project, self.env, {".gitignore": CHECKPOINT_DIR + "/\n"})
        _, lines = self.doctor()
        self.assertEqual(self.line_about(lines, "git-ignored"), "OK   checkpoints are git-ignored")

    def test_an_unignored_legacy_file_in_use_is_a_warning(self):
        make_git_repo(self.project, self.env, {".gitignore": CHECKPOINT_DIR + "/\n"})
        for env in (self.env_with(CHECKPOINT_SESSION_IDS="legacy"), None):
            with self.subTest(legacy_mode=env is not None):
                if env is None:
                    (self.project / ".claude-checkpoint").write_text("{}", encoding="utf-8")
                _, lines = self.doctor(env=env)
                line = self.line_about(lines, "git does not ignore")
                self.assertTrue(line.startswith("WARN git does not ignore .claude-checkpoint;"),
                                line)

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_loose_permissions_are_a_warning_with_the_chmod_to_run(self):
        self.save_goals("s")
        directory = self.project / CHECKPOINT_DIR
        os.chmod(str(directory), 0o755)
        os.chmod(str(self.path("s")), 0o644)
        _, lines = self.doctor()
        line = self.line_about(lines, "chmod 700")
        self.assertTrue(line.startswith("WARN"))
        self.assertIn("chmod 600", line)
        self.assertIn(str(self.path("s")), line)

    def test_a_symlinked_checkpoint_directory_fails(self):
        elsewhere = self.tmp / "elsewhere"
        elsewhere.mkdir()
        os.symlink(str(elsewhere), str(self.project / CHECKPOINT_DIR))
        code, lines = self.doctor()
        self.assertEqual(code, 1)
        self.assertTrue(self.line_about(lines, "symbolic link").startswith("FAIL"))

    def test_an_installed_and_enabled_plugin_brings_the_server_and_the_hooks(self):
        self.install_plugin()
        _, lines = self.doctor()
        self.assertEqual(self.line_about(lines, "plugin installed"),
                         "OK   Claude Code plugin installed and enabled: "
                         "session-checkpoint@session-checkpoint 0.1.0")
        self.assertTrue(self.line_about(lines, "come with the plugin").startswith("OK"))

    def test_a_disabled_plugin_is_a_warning_with_the_command_that_enables_it(self):
        self.install_plugin(enabled=False)
        _, lines = self.doctor()
        self.assertIn("WARN the Claude Code plugin is installed but disabled; run `claude plugin "
                      "enable session-checkpoint@session-checkpoint`.", lines)

    def test_a_server_and_hooks_registered_by_hand_are_found(self):
        self.register_by_hand()
        _, lines = self.doctor()
        self.assertEqual(self.line_about(lines, "registered by hand:"),
                         "OK   Claude Code server registered by hand: 'checkpoint' in "
                         "~/.claude.json")
        self.assertTrue(self.line_about(lines, "hooks registered by hand").startswith("OK"))

    def test_a_missing_hook_is_named(self):
        self.register_by_hand(hooks=("session-start", "pre-compact", "session-end"))
        _, lines = self.doctor()
        self.assertTrue(self.line_about(lines, "the guard hook is not registered")
                        .startswith("WARN"))

    def test_two_missing_hooks_are_joined_with_and(self):
        self.register_by_hand(hooks=("session-start", "pre-compact"))
        _, lines = self.doctor()
        self.assertTrue(self.line_about(lines, "hooks are not registered").startswith(
            "WARN the guard and session-end hooks are not registered; "))

    def test_the_plugin_and_a_server_by_hand_together_are_a_warning(self):
        self.register_by_hand()
        settings = json.loads((self.home / ".claude" / "settings.json").read_text("utf-8"))
        self.install_plugin()
        self.write_json(self.home / ".claude" / "settings.json", dict(
            settings, enabledPlugins={"session-checkpoint@session-checkpoint": True}))
        _, lines = self.doctor()
        self.assertTrue(self.line_about(lines, "registered twice").startswith("WARN"))
        self.assertTrue(self.line_about(lines, "hooks run twice").startswith("WARN"))

    def test_a_server_in_the_projects_mcp_json_is_found(self):
        self.write_json(self.project / ".mcp.json", {"mcpServers": {"ckpt": {
            "command": "python3", "args": ["/x/plugin/checkpoint.pyz"]}}})
        _, lines = self.doctor()
        self.assertIn("'ckpt' in .mcp.json", self.line_about(lines, "registered by hand"))

    def test_unreadable_settings_are_a_warning(self):
        settings = self.home / ".claude" / "settings.json"
        settings.parent.mkdir()
        settings.write_text("{oops", encoding="utf-8")
        code, lines = self.doctor()
        self.assertEqual(code, 0)
        self.assertTrue(self.line_about(lines, "cannot read %s" % settings).startswith("WARN"))

    def test_the_pyz_matches_its_plugin_json(self):
        # A process: the check is of the pyz that runs, beside its plugin.json.
        _, lines = self.doctor(process=True)
        self.assertEqual(lines[-1], "OK   checkpoint.pyz %s matches %s" % (
            self.plugin_version(), REPO / "plugin" / ".claude-plugin" / "plugin.json"))

    def test_a_pyz_whose_plugin_json_says_another_version_fails_and_exits_1(self):
        # A process: a copy of the pyz, run from another plugin folder.
        plugin = self.tmp / "plugin"
        self.write_json(plugin / ".claude-plugin" / "plugin.json", {"version": "9.9.9"})
        shutil.copy(str(PYZ), str(plugin / "checkpoint.pyz"))
        result = subprocess.run(
            [sys.executable, "-I", "-S", str(plugin / "checkpoint.pyz"), "doctor"],
            cwd=str(self.project), env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(result.returncode, 1)
        last = result.stdout.decode("utf-8").splitlines()[-1]
        self.assertTrue(last.startswith("FAIL"))
        self.assertIn("says 9.9.9", last)
        self.assertIn("build_zipapp.py", last)

    def plugin_version(self):
        manifest = REPO / "plugin" / ".claude-plugin" / "plugin.json"
        return json.loads(manifest.read_text(encoding="utf-8"))["version"]

    def test_no_colour_when_not_a_terminal(self):
        code, out, _ = self.cli("doctor")
        self.assertNotIn("\033[", out)

    def test_colour_on_a_terminal_unless_no_color_is_set(self):
        self.assertIn("\033[32mOK  \033[0m", self.doctor_on_a_terminal(self.env))
        self.assertNotIn("\033[", self.doctor_on_a_terminal(self.env_with(NO_COLOR="1")))

    def doctor_on_a_terminal(self, env):
        result = run_main(["doctor"], env, cwd=self.project, stdout_isatty=True)
        return result.stdout.decode("utf-8")


class InitTest(CliTestCase):

    def test_it_creates_agents_md_and_claude_md_with_the_section(self):
        code, out, _ = self.cli("init")
        self.assertEqual(code, 0)
        for name in ("AGENTS.md", "CLAUDE.md"):
            text = (self.project / name).read_text(encoding="utf-8")
            self.assertTrue(text.startswith("<!-- session-checkpoint:"))
            self.assertIn("load_session_checkpoint", text)
            self.assertIn("save_session_checkpoint", text)
            self.assertIn("Created %s" % name, out)

    def test_running_it_twice_changes_nothing_the_second_time(self):
        self.cli("init")
        before = self.snapshot()
        code, out, _ = self.cli("init")
        self.assertEqual(code, 0)
        self.assertEqual(self.snapshot(), before)
        self.assertEqual(out.count("left it unchanged"), 2)

    def test_existing_files_keep_their_content_and_gain_the_section_at_the_end(self):
        (self.project / "AGENTS.md").write_text("# Rules\nUse tabs.", encoding="utf-8")
        code, out, _ = self.cli("init")
        text = (self.project / "AGENTS.md").read_text(encoding="utf-8")
        self.assertTrue(text.startswith("# Rules\nUse tabs.\n\n<!-- session-checkpoint:"))
        self.assertIn("Added the session-checkpoint section to AGENTS.md", out)

    def test_windows_line_endings_are_kept(self):
        (self.project / "CLAUDE.md").write_bytes(b"# Notes\r\n")
        self.cli("init")
        data = (self.project / "CLAUDE.md").read_bytes()
        self.assertEqual(data.count(b"\n"), data.count(b"\r\n"))

    @unittest.skipIf(os.name == "nt", "symlinks")
    def test_a_claude_md_linked_to_agents_md_gets_the_section_once(self):
        (self.project / "AGENTS.md").write_text("# Shared\n", encoding="utf-8")
        os.symlink("AGENTS.md", str(self.project / "CLAUDE.md"))
        self.cli("init")
        text = (self.project / "AGENTS.md").read_text(encoding="utf-8")
        self.assertEqual(text.count("## Session checkpoints"), 1)

    def test_root_option_writes_into_that_project(self):
        code, _, _ = self.cli("init", "--root", str(self.project), cwd=self.tmp)
        self.assertEqual(code, 0)
        self.assertTrue((self.project / "AGENTS.md").exists())
        self.assertFalse((self.tmp / "AGENTS.md").exists())


class UsageTest(CliTestCase):

    def test_every_command_has_help(self):
        for command in COMMANDS:
            with self.subTest(command=command):
                code, out, _ = self.cli(command, "--help")
                self.assertEqual(code, 0)
                self.assertTrue(out.startswith("usage: checkpoint.pyz %s" % command), out)
                self.assertIn("--root DIR", out)

    def test_the_top_level_help_names_every_command_and_every_hook(self):
        code, out, _ = self.cli("--help")
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("usage: checkpoint.pyz "), out)
        for command in COMMANDS:  # argparse's list of subcommands: the name, then its summary
            self.assertRegex(out, r"(?m)^ +%s +\S" % command)
        for hook in HOOKS:
            self.assertIn("--hook %s " % hook, out)

    def test_an_unknown_option_is_a_usage_error(self):
        code, out, err = self.cli("list", "--bogus")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertIn("unrecognized arguments: --bogus", err)

    def test_a_usage_error_is_one_line_with_the_subcommands_usage(self):
        code, out, err = self.cli("show", "--bogus")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertEqual(err.count("\n"), 1, err)
        self.assertTrue(err.endswith("\n"), err)
        self.assertRegex(err, r"^checkpoint\.pyz show: unrecognized arguments: --bogus "
                              r"\(usage: checkpoint\.pyz show .*; "
                              r"checkpoint\.pyz show --help says more\)\n$")
        self.assertIn("[--full | --json] [SELECTOR]", err)

    def test_an_unknown_command_is_a_usage_error(self):
        code, _, err = self.cli("frobnicate")
        self.assertEqual(code, 2)
        self.assert_one_line_error(err)
        self.assertIn("--help", err)

    def test_the_server_and_the_hooks_do_not_import_argparse(self):
        # A process: what a start imports shows only in a fresh interpreter.
        for args, stdin in ((["--hook", "guard"], b"{}"), (["--hook", "session-start"], b"{}"),
                            ([], b"")):
            with self.subTest(args=args):
                result = subprocess.run(
                    [sys.executable, "-I", "-S", "-X", "importtime", str(PYZ)] + args,
                    cwd=str(self.project), env=self.env, input=stdin,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
                self.assertEqual(result.returncode, 0)
                self.assertIn(b"| encodings", result.stderr)
                self.assertNotIn(b"argparse", result.stderr)


class TerminalStdin:
    """A stdin that says it is a terminal, reading from file descriptor `fd`."""

    def __init__(self, fd):
        self.fd = fd

    def isatty(self):
        return True

    def fileno(self):
        return self.fd


class ServerOnATerminalTest(TempDirTestCase):

    def test_the_server_on_a_terminal_says_what_it_is_in_one_stderr_line(self):
        read_end, write_end = os.pipe()
        os.close(write_end)  # the person at the terminal pressed Ctrl-D at once
        self.addCleanup(os.close, read_end)
        stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
        stderr = io.StringIO()
        code = checkpoint_mcp.main([], stdin=TerminalStdin(read_end), stdout=stdout,
                                   stderr=stderr, environ=dict(self.env), cwd=str(self.project))
        self.assertEqual(code, 0)
        stdout.flush()
        self.assertEqual(stdout.buffer.getvalue(), b"")
        lines = stderr.getvalue().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("MCP", lines[0])
        self.assertIn("--help", lines[0])


if __name__ == "__main__":
    unittest.main()


class InitClientTest(CliTestCase):
    """init --client NAME registers the server in that client's project config, merging
    into what is there."""

    def init(self, client):
        return self.cli("init", "--client", client)

    def config(self, relative):
        return (self.project / relative).read_text(encoding="utf-8")

    def test_each_client_gets_its_documented_shape(self):
        shapes = {"vscode": (".vscode/mcp.json", "servers"), "cursor": (".cursor/mcp.json",
                  "mcpServers"), "gemini": (".gemini/settings.json", "mcpServers")}
        for client, (relative, table) in shapes.items():
            with self.subTest(client=client):
                code, out, err = self.init(client)
                self.assertEqual(code, 0, err)
                self.assertIn("Added the session-checkpoint server to %s" % relative, out)
                entry = json.loads(self.config(relative))[table]["session-checkpoint"]
                self.assertEqual(entry["command"], "python3")
                self.assertEqual(entry["args"][:2], ["-I", "-S"])
                self.assertTrue(entry["args"][2].endswith("checkpoint.pyz"), entry)
        vscode = json.loads(self.config(".vscode/mcp.json"))["servers"]["session-checkpoint"]
        self.assertEqual(vscode["type"], "stdio")
        self.assertEqual(vscode["env"], {"CHECKPOINT_PROJECT_ROOT": "${workspaceFolder}"})

    def test_other_servers_and_settings_are_kept(self):
        path = self.project / ".cursor" / "mcp.json"
        path.parent.mkdir()
        path.write_text(json.dumps({"mcpServers": {"other": {"command": "x"}}, "keep": 1}),
                        encoding="utf-8")
        self.assertEqual(self.init("cursor")[0], 0)
        self.assertEqual(self.init("cursor")[0], 0)  # again: updated, not doubled
        config = json.loads(path.read_text(encoding="utf-8"))
        self.assertEqual(sorted(config["mcpServers"]), ["other", "session-checkpoint"])
        self.assertEqual(config["mcpServers"]["other"], {"command": "x"})
        self.assertEqual(config["keep"], 1)

    def test_a_malformed_file_is_reported_and_left_alone(self):
        path = self.project / ".vscode" / "mcp.json"
        path.parent.mkdir()
        text = '{"servers": {} "unquoted": x\n}'
        path.write_text(text, encoding="utf-8")
        code, out, err = self.init("vscode")
        self.assertEqual(code, 1)
        self.assert_one_line_error(err)
        self.assertIn("is not valid JSON", err)
        self.assertEqual(path.read_text(encoding="utf-8"), text)

    def test_codex_toml_is_appended_to_or_updated_in_place(self):
        path = self.project / ".codex" / "config.toml"
        path.parent.mkdir()
        path.write_text('model = "x"\n\n[mcp_servers.session-checkpoint]\ncommand = "old"\n\n'
                        '[mcp_servers.keep]\ncommand = "k"\n', encoding="utf-8")
        self.assertEqual(self.init("codex")[0], 0)
        text = self.config(".codex/config.toml")
        self.assertTrue(text.startswith('model = "x"\n'), text)
        self.assertIn('[mcp_servers.keep]\ncommand = "k"\n', text)
        self.assertNotIn('"old"', text)
        self.assertEqual(text.count("[mcp_servers.session-checkpoint]"), 1)
        self.assertIn('args = ["-I", "-S", ', text)
        try:
            import tomllib
        except ImportError:
            return
        parsed = tomllib.loads(text)["mcp_servers"]
        self.assertEqual(parsed["session-checkpoint"]["command"], "python3")
        self.assertEqual(parsed["keep"], {"command": "k"})

    @unittest.skipIf(os.name == "nt", "symbolic links")
    def test_a_linked_config_is_refused(self):
        (self.project / ".gemini").mkdir()
        os.symlink(str(self.tmp / "elsewhere.json"), str(self.project / ".gemini" / "settings.json"))
        code, _, err = self.init("gemini")
        self.assertEqual(code, 1)
        self.assertIn("is a symbolic link", err)
        self.assertFalse((self.tmp / "elsewhere.json").exists())

    def test_an_unknown_client_is_a_usage_error(self):
        code, _, err = self.init("emacs")
        self.assertEqual(code, 2)
        self.assertIn("invalid choice: 'emacs'", err)
