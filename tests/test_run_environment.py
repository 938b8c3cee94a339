"""A run of `main` given its own `environ` is a whole run in it: the state folder (the
signing key), git and the home folder come from that environment, not the process's own,
so that driving the server, a hook or a command in process needs no patched os.environ."""
import json
import os
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import SAVE, TempDirTestCase, make_git_repo, read_checkpoint, run_main


class RunEnvironmentTest(TempDirTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        # The process's own environment names a state folder and a PATH of its own, which
        # the runs below are not given.
        self.process_state = self.tmp / "process-state"
        self.no_git = self.tmp / "no-git"
        self.no_git.mkdir()
        environ = mock.patch.dict(os.environ, XDG_STATE_HOME=str(self.process_state),
                                  PATH=str(self.no_git))
        environ.start()
        self.addCleanup(environ.stop)
        self.run_state = self.tmp / "run-state"

    def run_env(self, **extra):
        return self.env_with(XDG_STATE_HOME=self.run_state, **extra)

    def key_in(self, state):
        return state / checkpoint_mcp.NAME / checkpoint_mcp.KEY_FILE

    def test_a_server_keeps_its_key_where_its_environment_says(self):
        with self.server(env=self.run_env(CLAUDE_CODE_SESSION_ID="s1")) as server:
            result = server.call_tool(SAVE, {"goal": "work"})
        self.assertFalse(result.get("isError"), result)
        self.assertTrue(self.key_in(self.run_state).exists())
        self.assertFalse(self.process_state.exists())

    def test_a_server_runs_git_on_its_own_path(self):
        with self.server(env=self.run_env(CLAUDE_CODE_SESSION_ID="s1")) as server:
            result = server.call_tool(SAVE, {"goal": "work"})
        self.assertFalse(result.get("isError"), result)
        git = read_checkpoint(self.project / CHECKPOINT_DIR / "s1.json")["git"]
        self.assertEqual(git["branch"], "main")

    def test_a_hook_snapshot_keeps_its_key_where_its_environment_says(self):
        transcript = self.tmp / "session.jsonl"
        lines = [{"type": "user", "message": {"role": "user", "content": "fix the parser"}},
                 {"type": "assistant", "message": {"role": "assistant", "content": [{
                     "type": "tool_use", "id": "t1", "name": "Bash",
                     "input": {"command": "make test"}}]}}]
        transcript.write_text("".join(
            json.dumps(dict(line, sessionId="s2", cwd=str(self.project), isSidechain=False),
                       separators=(",", ":"))
            + "\n" for line in lines), encoding="utf-8")
        hook_input = {"session_id": "s2", "cwd": str(self.project), "hook_event_name":
                      "SessionEnd", "transcript_path": str(transcript)}
        result = run_main(["--hook", "session-end"], self.run_env(), cwd=self.project,
                          stdin=json.dumps(hook_input).encode())
        self.assertEqual((result.returncode, result.stderr), (0, b""), result)
        self.assertTrue((self.project / CHECKPOINT_DIR / "s2.json").exists())
        self.assertTrue(self.key_in(self.run_state).exists())
        self.assertFalse(self.process_state.exists())

    def test_doctor_looks_for_the_key_where_its_environment_says(self):
        result = run_main(["doctor"], self.run_env(), cwd=self.project)
        self.assertIn(str(self.run_state), result.stdout.decode())
        self.assertNotIn(str(self.process_state), result.stdout.decode())

    def test_outside_a_run_the_process_environment_is_read_again(self):
        run_main(["doctor"], self.run_env(), cwd=self.project)
        self.assertIs(checkpoint_mcp.run_environ(), os.environ)
        self.assertEqual(checkpoint_mcp.state_directory(),
                         str(self.process_state / checkpoint_mcp.NAME))

    def test_a_run_that_fails_still_gives_the_environment_back(self):
        with mock.patch.object(checkpoint_mcp, "run_command", side_effect=RuntimeError):
            with self.assertRaises(RuntimeError):
                checkpoint_mcp.main(["doctor"], environ=self.run_env(), cwd=str(self.project))
        self.assertIs(checkpoint_mcp.run_environ(), os.environ)

    def test_the_pyz_reads_its_process_environment(self):
        env = self.run_env(CLAUDE_CODE_SESSION_ID="s3")
        with self.server(env=env, process=True) as server:
            result = server.call_tool(SAVE, {"goal": "work"})
        self.assertFalse(result.get("isError"), result)
        self.assertEqual(read_checkpoint(self.project / CHECKPOINT_DIR / "s3.json")
                         ["git"]["branch"], "main")
        self.assertTrue(self.key_in(self.run_state).exists())
