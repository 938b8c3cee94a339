"""Opening a repository runs nothing: a repository's own config (.git/config, from an
archive or a shared folder) names commands that git would run for us, and none of them
ever runs, in a save, a load, a list, the snapshots or the command line."""
import json
import os
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import LIST, LOAD, SAVE, CheckpointTestCase, git, make_git_repo, run_main

POSIX = os.name != "nt"


@unittest.skipUnless(POSIX, "shell commands in git config")
class RepositoryConfigRunsNothingTest(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n",
                                               "a.txt": "a\n", ".gitattributes": "* filter=evil\n"})
        self.witness = self.tmp / "ran"
        touch = "touch %s; " % self.witness
        for key, value in (("core.fsmonitor", touch + "false"),
                           ("filter.evil.clean", touch + "cat"),
                           ("filter.evil.process", touch + "false"),
                           ("core.pager", touch + "cat"),
                           ("diff.external", touch + "true"),
                           ("core.hooksPath", str(self.tmp / "hooks"))):
            git(self.project, "config", key, value, env=self.env)
        hooks = self.tmp / "hooks"
        hooks.mkdir()
        for hook in ("post-index-change", "pre-commit", "reference-transaction"):
            (hooks / hook).write_text("#!/bin/sh\n%s\n" % touch, encoding="utf-8")
            (hooks / hook).chmod(0o755)
        (self.project / "a.txt").write_text("changed\n", encoding="utf-8")
        self.witness.unlink() if self.witness.exists() else None

    def assert_nothing_ran(self):
        self.assertFalse(self.witness.exists(), "a command from the repository's config ran")

    def test_save_load_and_list(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "a.txt"}]})
        os.utime(str(self.project / "a.txt"))  # racy: git would re-read it through the filter
        self.ok(server, SAVE, {"goal": "g", "mode": "merge"})
        git(self.project, *(checkpoint_mcp.GIT_SAFETY + [
            "-c", "filter.evil.clean=", "-c", "filter.evil.process=",
            "commit", "-q", "--allow-empty", "-m", "more"]), env=self.env)
        self.witness.unlink() if self.witness.exists() else None
        self.ok(server, LOAD, {})
        self.ok(server, LIST, {})
        self.assert_nothing_ran()

    def test_the_command_line_and_the_snapshot_hooks(self):
        self.ok(self.claude(), SAVE, {"goal": "g"})
        for args in (["list"], ["show"], ["doctor"]):
            with self.subTest(args=args):
                run_main(args, self.env, cwd=self.project)
                self.assert_nothing_ran()
        transcript = self.tmp / "t.jsonl"
        transcript.write_text(json.dumps({"type": "user", "message": {
            "role": "user", "content": "Do it"}, "promptSource": "sdk"}) + "\n",
            encoding="utf-8")
        for hook in ("pre-compact", "session-end"):
            with self.subTest(hook=hook):
                run_main(["--hook", hook], self.env, cwd=self.project, stdin=json.dumps({
                    "session_id": "s1", "cwd": str(self.project),
                    "transcript_path": str(transcript)}).encode())
                self.assert_nothing_ran()

    def test_a_filter_the_users_own_config_defines_keeps_the_users_command(self):
        global_config = self.home / ".gitconfig"
        global_config.write_text('[filter "evil"]\n\tclean = cat\n', encoding="utf-8")
        self.assertEqual(checkpoint_mcp.repository_filter_overrides(str(self.project)),
                         ["-c", "filter.evil.clean=cat", "-c", "filter.evil.process="])

    def test_a_repository_without_filters_asks_git_nothing_more(self):
        plain = self.tmp / "plain"
        make_git_repo(plain, self.env)
        with mock.patch("subprocess.Popen", side_effect=AssertionError("ran git")):
            self.assertEqual(checkpoint_mcp.repository_filter_overrides(str(plain)), [])


class InheritedGitEnvironmentTest(CheckpointTestCase):

    def test_a_parents_git_dir_does_not_pick_another_repository(self):
        make_git_repo(self.project, self.env)
        other = self.tmp / "other"
        make_git_repo(other, self.env)
        git(other, "checkout", "-q", "-b", "elsewhere", env=self.env)
        steering = {"GIT_DIR": str(other / ".git"), "GIT_WORK_TREE": str(other),
                    "GIT_INDEX_FILE": str(other / ".git" / "index")}
        with mock.patch.dict(os.environ, steering):
            self.ok(self.claude(), SAVE, {"goal": "g"})
        self.assertEqual(self.stored()["git"]["branch"], "main")

    def test_the_environment_keeps_what_is_the_users(self):
        env = checkpoint_mcp.git_environment({"PATH": "/bin", "HOME": "/h", "GIT_DIR": "/x",
                                              "GIT_CONFIG_GLOBAL": "/g", "GIT_EXTERNAL_DIFF": "y",
                                              "GIT_CONFIG_COUNT": "1"})
        self.assertEqual(env["PATH"], "/bin")
        self.assertEqual(env["GIT_CONFIG_GLOBAL"], "/g")
        for steering in ("GIT_DIR", "GIT_EXTERNAL_DIFF", "GIT_CONFIG_COUNT"):
            self.assertNotIn(steering, env)
        self.assertEqual(env["GIT_OPTIONAL_LOCKS"], "0")
