"""Git facts and drift end to end: save and load through the server in real repositories."""
from tests.support import LOAD, SAVE, CheckpointTestCase, git, make_git_repo


class DriftTest(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {
            ".gitignore": ".claude-checkpoint*\n", "src/auth/session.ts": "v1\n",
            "src/auth/callback.ts": "v1\n"})
        git(self.project, "checkout", "-q", "-b", "feat/github-oauth", env=self.env)
        (self.project / "src/auth/session.ts").write_text("v2\n", encoding="utf-8")
        (self.project / "src/auth/callback.ts").write_text("v2\n", encoding="utf-8")
        (self.project / "src/auth/session.spec.ts").write_text("spec\n", encoding="utf-8")
        self.server_ = self.claude()
        self.saved = self.ok(self.server_, SAVE, {
            "goal": "OAuth", "modifiedFiles": [{"path": "src/auth/session.ts",
                                                "note": "cookie options"}]})

    def load(self):
        result = self.server_.call_tool(LOAD, {})
        return result["content"][0]["text"], result["structuredContent"]

    def drift(self):
        """The whole drift, as format 'full' gives it (a brief load keeps a summary)."""
        return self.server_.call_tool(LOAD, {"format": "full"})["structuredContent"]["drift"]

    def test_save_records_branch_head_and_every_dirty_file_with_its_hash(self):
        data = self.stored()
        head = git(self.project, "rev-parse", "HEAD", env=self.env).strip()
        self.assertEqual(data["git"], {"branch": "feat/github-oauth", "head": head,
                                       "dirty": True})
        files = {item["path"]: item for item in data["modifiedFiles"]}
        self.assertEqual(set(files), {"src/auth/session.ts", "src/auth/callback.ts",
                                      "src/auth/session.spec.ts"})
        self.assertEqual(files["src/auth/session.ts"]["note"], "cookie options")
        self.assertEqual(files["src/auth/session.spec.ts"]["status"], "??")
        for path, item in files.items():
            self.assertEqual(item["hash"], git(self.project, "hash-object", path,
                                               env=self.env).strip())
        self.assertIn("on `feat/github-oauth`@", self.server_.call_tool(SAVE, {
            "goal": "OAuth", "mode": "merge"})["content"][0]["text"])

    def test_the_original_scenario_flags_only_the_file_edited_after_the_save(self):
        git(self.project, "add", "src/auth/callback.ts", env=self.env)
        git(self.project, "commit", "-q", "-m", "callback", env=self.env)
        (self.project / "src/auth/session.ts").write_text("v3\n", encoding="utf-8")
        text, structured = self.load()
        short = git(self.project, "rev-parse", "--short", "HEAD", env=self.env).strip()
        self.assertEqual(structured["drift"], {
            "branchChanged": False, "currentBranch": "feat/github-oauth", "commitsSince": 1,
            "changedSince": ["src/auth/session.ts"], "history": "ahead"})
        self.assertEqual(self.drift(), {
            "branchChanged": False, "currentBranch": "feat/github-oauth", "commitsSince": 1,
            "changedSince": ["src/auth/session.ts"], "history": "ahead",
            "commits": [{"id": short, "subject": "callback"}],
            "commitFiles": ["src/auth/callback.ts"], "deletedSince": [], "untrackedSince": [],
            "untrackedSinceTotal": 0})
        self.assertIn("## Since this checkpoint\n- 1 new commit(s) on HEAD, newest first:\n"
                      "  - `%s` callback\n"
                      "- Recorded files those commits changed: `src/auth/callback.ts`\n"
                      "- \u26a0 Changed after the checkpoint, re-read before editing: "
                      "`src/auth/session.ts`" % short, text)

    def test_nothing_changed_says_so(self):
        text, structured = self.load()
        self.assertEqual(structured["drift"]["changedSince"], [])
        self.assertIn("## Since this checkpoint\n- Nothing changed", text)

    def test_a_deleted_recorded_file_counts_as_changed_and_is_called_deleted(self):
        (self.project / "src/auth/session.spec.ts").unlink()
        text, structured = self.load()
        self.assertEqual(structured["drift"]["changedSince"], ["src/auth/session.spec.ts"])
        self.assertEqual(self.drift()["deletedSince"], ["src/auth/session.spec.ts"])
        self.assertIn("- \u26a0 Deleted: `src/auth/session.spec.ts`", text)
        self.assertNotIn("re-read before editing", text)

    def test_a_recorded_file_moved_in_a_commit_is_called_moved_not_deleted(self):
        git(self.project, "add", "-A", env=self.env)
        git(self.project, "commit", "-q", "-m", "wip", env=self.env)
        self.server_.call_tool(SAVE, {"goal": "OAuth", "modifiedFiles": [
            {"path": "src/auth/session.ts"}]})
        git(self.project, "mv", "src/auth/session.ts", "src/auth/cookie-session.ts",
            env=self.env)
        git(self.project, "commit", "-q", "-m", "rename", env=self.env)
        text, structured = self.load()
        drift = self.drift()
        self.assertEqual(drift["renamedSince"], [
            {"from": "src/auth/session.ts", "to": "src/auth/cookie-session.ts"}])
        self.assertEqual((drift["deletedSince"], structured["drift"]["changedSince"]), ([], []))
        self.assertIn("- Moved, content unchanged: `src/auth/session.ts` \u2192 "
                      "`src/auth/cookie-session.ts`", text)
        self.assertNotIn("Deleted", text)

    def test_a_recorded_file_moved_and_changed_or_moved_out_of_git_is_seen_for_what_it_is(self):
        import os
        os.replace(str(self.project / "src/auth/session.spec.ts"),
                   str(self.project / "src/session.spec.ts"))  # untracked, same content
        os.replace(str(self.project / "src/auth/session.ts"), str(self.project / "moved.ts"))
        (self.project / "moved.ts").write_text("v3\n", encoding="utf-8")
        drift = self.drift()
        self.assertEqual(drift["renamedSince"], [
            {"from": "src/auth/session.spec.ts", "to": "src/session.spec.ts"}])
        self.assertEqual(drift["deletedSince"], ["src/auth/session.ts"])

    def test_a_new_untracked_file_is_named(self):
        (self.project / "src/auth/notes.md").write_text("new\n", encoding="utf-8")
        text, _ = self.load()
        self.assertEqual(self.drift()["untrackedSince"], ["src/auth/notes.md"])
        self.assertIn("- New untracked files: `src/auth/notes.md`", text)

    def test_a_branch_change_is_reported(self):
        git(self.project, "stash", "-q", "-u", env=self.env)
        git(self.project, "checkout", "-q", "main", env=self.env)
        git(self.project, "stash", "pop", "-q", env=self.env)
        text, structured = self.load()
        self.assertTrue(structured["drift"]["branchChanged"])
        self.assertEqual(structured["drift"]["currentBranch"], "main")
        self.assertIn("Branch changed: saved on `feat/github-oauth`, now `main`", text)

    def test_a_rewritten_history_warns_to_re_read_the_flagged_files(self):
        git(self.project, "commit", "-q", "-am", "wip", env=self.env)
        self.server_.call_tool(SAVE, {"goal": "OAuth"})
        git(self.project, "reset", "-q", "--hard", "HEAD~1", env=self.env)
        text, structured = self.load()
        self.assertEqual(structured["drift"]["history"], "behind")
        self.assertIn("- \u26a0 HEAD moved back (a reset or an older checkout): saved commit",
                      text)
        self.assertIn("is no longer on HEAD", text)

    def test_a_rebase_says_history_was_rewritten(self):
        git(self.project, "commit", "-q", "-am", "wip", env=self.env)
        self.server_.call_tool(SAVE, {"goal": "OAuth"})
        git(self.project, "commit", "-q", "--amend", "-m", "wip, reworded", env=self.env)
        text, structured = self.load()
        self.assertEqual((structured["drift"]["history"], structured["drift"]["commitsSince"]),
                         ("diverged", 1))
        self.assertIn("- \u26a0 History was rewritten (rebase, amend or reset): saved commit",
                      text)
        self.assertIn("wip, reworded", text)

    def test_a_branch_switch_is_not_called_a_rewrite(self):
        git(self.project, "commit", "-q", "-am", "wip on the branch", env=self.env)
        self.server_.call_tool(SAVE, {"goal": "OAuth"})
        git(self.project, "checkout", "-q", "main", env=self.env)
        git(self.project, "commit", "-q", "--allow-empty", "-m", "meanwhile on main",
            env=self.env)
        text, structured = self.load()
        self.assertEqual(structured["drift"]["history"], "diverged")
        self.assertIn("HEAD is on another branch's history", text)
        self.assertNotIn("History was rewritten", text)


class NoGitTest(CheckpointTestCase):

    def test_outside_a_repository_git_is_null_and_there_is_no_drift_section(self):
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g", "modifiedFiles": [{"path": "notes.txt"}]})
        self.assertIsNone(self.stored()["git"])
        result = server.call_tool(LOAD, {})
        self.assertIsNone(result["structuredContent"]["drift"])
        self.assertNotIn("Since this checkpoint", result["content"][0]["text"])

    def test_a_repository_without_commits_is_git_null(self):
        make_git_repo(self.project, self.env, commit=False)
        server = self.claude()
        self.ok(server, SAVE, {"goal": "g"})
        self.assertIsNone(self.stored()["git"])
        self.assertFalse(server.call_tool(LOAD, {}).get("isError"))

    def test_git_missing_from_path_is_not_an_error(self):
        make_git_repo(self.project, self.env)
        empty = self.tmp / "empty-bin"
        empty.mkdir()
        # A process: git started in this one would search the test's own PATH.
        server = self.claude(PATH=str(empty), process=True)
        self.ok(server, SAVE, {"goal": "g"})
        self.assertIsNone(self.stored()["git"])
        self.assertIsNone(self.ok(server, LOAD)["drift"])
