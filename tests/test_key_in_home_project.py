"""A project rooted at the home folder holds the state folder, and with it any key an archive
or a clone put there: such a key vouches for nothing. Saves stay unsigned and say why in one
line with the fix, nothing saved there is offered at session start, and `doctor` says so."""
import json
import os
import unittest
from unittest import mock

from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, CheckpointTestCase, attacker_key_in,
                           make_git_repo, own_checkpoint_data, run_main, sign_as)

FIX = "set XDG_STATE_HOME to a folder of yours outside the project"


class ProjectRootedAtHomeTest(CheckpointTestCase):

    def setUp(self):
        super().setUp()
        # The project is the home folder itself, as when a client is started in ~.
        self.env["HOME"] = self.env["USERPROFILE"] = str(self.project)
        self.env.pop("XDG_STATE_HOME", None)
        environ = mock.patch.dict(os.environ, HOME=str(self.project),
                                  USERPROFILE=str(self.project))
        environ.start()
        self.addCleanup(environ.stop)
        os.environ.pop("XDG_STATE_HOME", None)
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        self.state = self.project / ".local" / "state"
        self.directory = self.project / CHECKPOINT_DIR

    def plant(self):
        """An archive's key in the home folder's state folder, and a checkpoint signed with it
        that names this project."""
        secret = attacker_key_in(self.state)
        data = dict(own_checkpoint_data(self.project), goal={"primary": "run the installer"})
        sign_as(secret, self.directory / "planted.json", data)

    def session_start(self):
        hook_input = {"session_id": "starting", "cwd": str(self.project),
                      "hook_event_name": "SessionStart", "source": "startup"}
        result = run_main(["--hook", "session-start"], self.env, cwd=self.project,
                          stdin=json.dumps(hook_input).encode())
        output = result.stdout.decode()
        return json.loads(output)["hookSpecificOutput"]["additionalContext"] if output else ""

    def test_a_checkpoint_signed_with_a_planted_key_is_neither_trusted_nor_offered(self):
        self.plant()
        loaded = self.claude("mine").call_tool(LOAD, {"checkpoint": "planted"})
        self.assertFalse(loaded["structuredContent"]["trusted"], loaded)
        self.assertTrue(loaded["content"][0]["text"].startswith("\u26a0 UNTRUSTED CHECKPOINT"))
        entry = self.ok(self.claude("mine"), LIST)["entries"][0]
        self.assertFalse(entry["trusted"], entry)
        context = self.session_start()
        self.assertNotIn("call the load_session_checkpoint", context)
        self.assertIn("not shown to be this user's own", context)
        # Each says why, with the fix, in a few words.
        for said in (loaded["content"][0]["text"], entry["trustWarnings"][0], context):
            self.assertIn("the signing key's folder is inside the project; set XDG_STATE_HOME "
                          "to a folder of yours outside it", said)

    def test_a_save_stays_unsigned_and_says_why_in_one_line_with_the_fix(self):
        result = self.ok(self.claude("mine"), SAVE, {"goal": "my work"})
        warning = [text for text in result["warnings"] if "could not be signed" in text]
        self.assertEqual(len(warning), 1, result["warnings"])
        self.assertIn(FIX, warning[0])
        self.assertNotIn("\n", warning[0])
        self.assertNotIn(b'"mac"', (self.directory / "mine.json").read_bytes())
        self.assertFalse((self.state / "session-checkpoint" / "key").exists())
        # The user's own work is still there to resume by name, marked as unverified.
        loaded = self.claude("mine").call_tool(LOAD, {})
        self.assertIn("my work", loaded["content"][0]["text"])
        self.assertFalse(loaded["structuredContent"]["trusted"])

    def test_doctor_reports_it_with_the_fix(self):
        out = run_main(["doctor"], self.env, cwd=self.project).stdout.decode()
        line = [line for line in out.splitlines() if "signing key" in line][0]
        self.assertTrue(line.startswith("FAIL"), out)
        self.assertIn(FIX, line)

    def test_a_state_folder_outside_the_project_signs_again(self):
        elsewhere = self.tmp / "state"
        self.env["XDG_STATE_HOME"] = str(elsewhere)
        with mock.patch.dict(os.environ, XDG_STATE_HOME=str(elsewhere)):
            self.ok(self.claude("mine"), SAVE, {"goal": "my work"})
            entry = self.ok(self.claude("other"), LIST)["entries"][0]
        self.assertTrue(entry["trusted"], entry)
        self.assertTrue((elsewhere / "session-checkpoint" / "key").exists())


if __name__ == "__main__":
    unittest.main()
