"""The plugin's two hooks, run with hook JSON on stdin through checkpoint_mcp.main in this
process, and as Claude Code runs them (the built pyz) where the process is the point.

`--hook session-start` is the SessionStart nudge, `--hook guard` the PreToolUse guard
that stops subagents from saving. Inputs come from the real Claude Code captures in
tests/fixtures/hook-inputs.jsonl, with the sanitized `cwd` pointed at a temp project.
"""
import atexit
import json
import os
import subprocess
import sys
import threading
import time
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (PYZ, HookTestCase, captured_inputs, encode, make_git_repo, pyz_command,
                           run_main, run_pyz, write_signed_checkpoint)

HOOKS = ("session-start", "guard", "pre-compact", "session-end")
GARBAGE_INPUTS = (
    b"",
    b"\n",
    b"not json",
    b"{\"cwd\": ",
    b"[1, 2, 3]",
    b"null",
    b"\"a string\"",
    b"\xff\xfe\x00garbage",
    b"{\"cwd\": 5}",
    b"{\"cwd\": \"relative/dir\"}",
)


class SessionStartNudgeTest(HookTestCase):

    def test_no_checkpoints_prints_nothing(self):
        self.assertIsNone(self.nudge())

    def test_empty_checkpoint_directory_prints_nothing(self):
        (self.project / CHECKPOINT_DIR).mkdir()
        self.assertIsNone(self.nudge())

    def test_one_checkpoint_says_one_when_it_was_saved_and_what_to_do(self):
        newest = self.make_checkpoints(self.project, 1, newest_age=5 * 60 + 20)
        context = self.nudge()
        self.assertIn("1 saved session checkpoint", context)
        self.assertIn("5m ago", context)
        self.assertIn(time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(newest)), context)
        self.assertIn("load_session_checkpoint", context)
        self.assertIn("confirm with the user", context)

    def test_a_thousand_checkpoints_are_counted_and_the_newest_dated(self):
        newest = self.make_checkpoints(self.project, 1000, newest_age=3 * 3600 + 30)
        context = self.nudge()
        self.assertIn("1000 saved session checkpoints", context)
        self.assertIn("3h ago", context)
        self.assertIn(time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(newest)), context)

    def test_age_in_days(self):
        self.make_checkpoints(self.project, 2, newest_age=2 * 86400 + 60)
        self.assertIn("2d ago", self.nudge())

    def test_every_session_start_source_gets_the_nudge(self):
        self.make_checkpoints(self.project, 2)
        sources = [hook_input["source"] for hook_input in captured_inputs("SessionStart")]
        self.assertEqual(sorted(sources), ["clear", "compact", "resume", "startup"])
        for source in sources:
            with self.subTest(source=source):
                context = self.nudge(encode(self.session_start_input(source=source)))
                self.assertIn("2 saved session checkpoints", context)

    def test_nudge_off_in_every_spelling_prints_nothing(self):
        self.make_checkpoints(self.project, 1)
        for value in ("off", "0", "false", "no", "OFF", "False", "No", " off "):
            with self.subTest(value=value):
                self.assertIsNone(self.nudge(env=self.env_with(SESSION_CHECKPOINT_NUDGE=value)))

    def test_other_nudge_values_leave_it_on(self):
        self.make_checkpoints(self.project, 1)
        for value in ("", "on", "1", "yes", "true"):
            with self.subTest(value=value):
                self.assertIsNotNone(self.nudge(env=self.env_with(SESSION_CHECKPOINT_NUDGE=value)))

    def test_checkpoint_project_root_wins_over_the_hook_cwd(self):
        configured = self.tmp / "configured"
        configured.mkdir()
        self.make_checkpoints(configured, 2)
        self.make_checkpoints(self.project, 5)
        context = self.nudge(env=self.env_with(CHECKPOINT_PROJECT_ROOT=configured))
        self.assertIn("2 saved session checkpoints", context)

    def test_checkpoint_project_root_without_checkpoints_prints_nothing(self):
        configured = self.tmp / "configured"
        configured.mkdir()
        self.make_checkpoints(self.project, 5)
        self.assertIsNone(self.nudge(env=self.env_with(CHECKPOINT_PROJECT_ROOT=configured)))

    def test_relative_checkpoint_project_root_prints_nothing(self):
        self.make_checkpoints(self.project, 1)
        self.assertIsNone(self.nudge(env=self.env_with(CHECKPOINT_PROJECT_ROOT="project")))

    def test_cwd_that_does_not_exist_prints_nothing(self):
        self.assertIsNone(self.nudge(encode(self.session_start_input(cwd=self.tmp / "gone"))))

    def test_legacy_file_alone_is_counted(self):
        write_signed_checkpoint(self.project / ".claude-checkpoint",
                                self.checkpoint_data(self.project))
        self.assertIn("1 saved session checkpoint", self.nudge())

    def test_legacy_file_is_counted_with_the_session_checkpoints(self):
        self.make_checkpoints(self.project, 2, legacy=True)
        self.assertIn("3 saved session checkpoints", self.nudge())

    def test_newest_is_found_by_modification_time_including_the_legacy_file(self):
        self.make_checkpoints(self.project, 3, newest_age=5 * 86400)
        legacy = self.project / ".claude-checkpoint"
        write_signed_checkpoint(legacy, self.checkpoint_data(self.project))
        recent = time.time() - 10 * 60 - 5
        os.utime(str(legacy), (recent, recent))
        self.assertIn("10m ago", self.nudge())

    def test_backups_temp_files_and_other_entries_are_not_counted(self):
        self.make_checkpoints(self.project, 1)
        directory = self.project / CHECKPOINT_DIR
        for name in ("00000000-0000-4000-8000-000000000000.json.prev",
                     ".00000000-0000-4000-8000-000000000000.json.1234.tmp",
                     ".abc.json", "notes.txt", "stray.json.tmp"):
            (directory / name).write_text("{}", encoding="utf-8")
        (directory / "a-directory.json").mkdir()
        (directory / "Not A Session.json").write_text("{}", encoding="utf-8")
        self.assertIn("1 saved session checkpoint", self.nudge())

    def test_a_checkpoint_known_only_by_its_backup_counts_as_list_and_load_see_it(self):
        directory = self.project / CHECKPOINT_DIR
        directory.mkdir(mode=0o700)
        for path in (directory / "a.json.prev", self.project / ".claude-checkpoint.prev"):
            write_signed_checkpoint(path, self.checkpoint_data(self.project))
        self.assertIn("2 saved session checkpoints", self.nudge())

    def private(self, root=None):
        """The checkpoint folder as a save creates it: this user's, mode 0700."""
        directory = (root or self.project) / CHECKPOINT_DIR
        directory.mkdir(exist_ok=True)
        os.chmod(str(directory), 0o700)
        return directory

    def reads_and_stats(self):
        """(checkpoint files opened, checkpoint files stat'ed) by one nudge, and its text."""
        opened, stats = [], []

        def counting(real, into):
            def call(path, *args, **kwargs):
                into.append(str(path))
                return real(path, *args, **kwargs)
            return call
        with mock.patch.object(checkpoint_mcp, "open_regular",
                               side_effect=counting(checkpoint_mcp.open_regular, opened)), \
                mock.patch("os.lstat", side_effect=counting(os.lstat, stats)), \
                mock.patch("os.stat", side_effect=counting(os.stat, stats)):
            context = self.nudge()
        ours = [path for path in opened + stats if ".json" in os.path.basename(path)
                and "census" not in path]
        return [path for path in ours if path in opened], [
            path for path in ours if path in stats], context

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_many_checkpoints_are_read_once_then_counted_from_the_census_record(self):
        self.make_checkpoints(self.project, 1000, newest_age=3 * 3600 + 30)
        opened, _, context = self.reads_and_stats()
        self.assertIn("1000 saved session checkpoints; the newest was saved 3h ago", context)
        self.assertEqual(len(opened), 1000)
        opened, stated, again = self.reads_and_stats()
        self.assertEqual(again, context)
        self.assertEqual((opened, stated), ([], []))

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_a_save_keeps_the_census_record_and_a_change_by_anything_else_is_seen(self):
        self.make_checkpoints(self.project, 30)
        self.nudge()
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID="s-new"))
        saved = server.call_tool("save_session_checkpoint", {"goal": "g"})
        self.assertFalse(saved.get("isError"), saved)
        opened, stated, context = self.reads_and_stats()
        self.assertEqual((opened, stated), ([], []))
        self.assertIn("31 saved session checkpoints; the newest was saved just now", context)
        # A file put in its place by something else: the folder changed, so the census looks
        # again, reads only what changed, and does not offer it.
        directory = self.project / CHECKPOINT_DIR
        planted = directory / "planted.json"
        planted.write_text(json.dumps(self.checkpoint_data(self.project)), encoding="utf-8")
        os.replace(str(planted), str(directory / "s-new.json"))
        opened, _, context = self.reads_and_stats()
        self.assertEqual([os.path.basename(path) for path in opened], ["s-new.json"])
        self.assertIn("30 saved session checkpoints", context)
        self.assertIn("1 not signed", context)

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_a_file_replaced_by_one_of_its_size_with_its_mtime_put_back_is_read_again(self):
        # What an extraction over the project can do: the same inode (written in place),
        # the same size, and the archive's mtime, which can be the one this file had. Only
        # the change time (which nothing can set) tells that it is another file.
        self.make_checkpoints(self.project, 5)
        self.assertIn("5 saved session checkpoints", self.nudge())
        directory = self.project / CHECKPOINT_DIR
        victim = sorted(directory.glob("*.json"))[2]
        before = os.lstat(str(victim))
        raw = victim.read_bytes()
        with open(str(victim), "r+b") as handle:  # in place: the inode stays
            handle.write(raw.replace(b'"primary": "g"', b'"primary": "G"'))
        os.utime(str(victim), ns=(before.st_atime_ns, before.st_mtime_ns))
        after = os.lstat(str(victim))
        self.assertEqual((after.st_ino, after.st_size, after.st_mtime_ns),
                         (before.st_ino, before.st_size, before.st_mtime_ns))
        (directory / "other-file").write_text("", encoding="utf-8")  # the folder changes
        context = self.nudge()
        self.assertIn("4 saved session checkpoints", context)
        self.assertIn("1 checkpoint file(s) not shown to be this user's own (1 its signature "
                      "does not match this user's key", context)

    def test_a_census_record_of_any_other_shape_is_not_believed(self):
        self.make_checkpoints(self.project, 3)
        self.assertIn("3 saved session checkpoints", self.nudge())
        record = next((self.home / ".local" / "state" / "session-checkpoint" / "census")
                      .glob("*.json"))
        summary, files = record.read_text(encoding="utf-8").split("\n", 1)
        for forged in (dict(json.loads(summary), count=300), dict(json.loads(summary),
                                                                   count="3"),
                       dict(json.loads(summary), untrusted={"x": -1})):
            with self.subTest(forged=forged):
                record.write_text(json.dumps(forged) + "\n" + files, encoding="utf-8")
                context = self.nudge()
                # The state folder is the user's alone (as their key is): a record of the
                # right shape is believed, any other is not.
                if forged["count"] == 300:
                    self.assertIn("300 saved session checkpoints", context)
                else:
                    self.assertIn("3 saved session checkpoints", context)

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_file_entries_of_any_other_shape_neither_count_nor_fail_a_save(self):
        self.make_checkpoints(self.project, 2)
        directory = self.project / CHECKPOINT_DIR
        record = self.home / ".local" / "state" / "session-checkpoint" / "census" / (
            checkpoint_mcp.project_state_name(str(self.project)) + ".json")
        for number, entry in enumerate(({}, None, "abcd", [1, 2, 3, 4, {"a": 1}], [None] * 5,
                                        [1, 2, 3, 4, 5, ""])):
            with self.subTest(entry=entry):
                os.utime(str(directory))  # the folder changed: the census looks again
                self.assertIn("%d saved session checkpoints" % (number + 2), self.nudge())
                summary, files = record.read_text(encoding="utf-8").split("\n")
                record.write_text(summary + "\n" + json.dumps(
                    dict(json.loads(files), **{"gone.json": entry})), encoding="utf-8")
                server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID="s%d" % number))
                saved = server.call_tool("save_session_checkpoint", {"goal": "g"})
                self.assertFalse(saved.get("isError"), saved)
                self.assertIn("%d saved session checkpoints" % (number + 3), self.nudge())

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_a_census_record_of_another_key_or_folder_is_not_used(self):
        self.make_checkpoints(self.project, 25)
        self.assertIn("25 saved session checkpoints", self.nudge())
        key = self.home / ".local" / "state" / "session-checkpoint" / "key"
        key.unlink()  # the user deleted the key: nothing verifies any more
        context = self.nudge()
        self.assertNotIn("saved session checkpoints", context)
        self.assertIn("25 checkpoint file(s) not shown to be this user's own (25 its signature "
                      "cannot be checked: there is no signing key yet", context)

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_a_private_folder_of_a_few_still_dates_the_newest_file(self):
        self.private()
        newest = self.make_checkpoints(self.project, 3, newest_age=5 * 60 + 5)
        context = self.nudge()
        self.assertIn("3 saved session checkpoints; the newest was saved 5m ago", context)
        self.assertIn(time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(newest)), context)

    @unittest.skipIf(os.name == "nt", "POSIX modes")
    def test_a_private_folder_of_many_still_sets_links_junk_and_forgeries_apart(self):
        directory = self.private()
        self.make_checkpoints(self.project, 30)
        (self.tmp / "elsewhere.json").write_text("{}", encoding="utf-8")
        os.symlink(str(self.tmp / "elsewhere.json"), str(directory / "linked.json"))
        (directory / "a-directory.json").mkdir()
        (directory / "Not A Session.json").write_text("{}", encoding="utf-8")
        write_signed_checkpoint(directory / "only-backup.json.prev",
                                self.checkpoint_data(self.project))
        # What an archive or another machine brings: right project, no signature of ours.
        (directory / "unsigned.json").write_text(
            json.dumps(self.checkpoint_data(self.project)), encoding="utf-8")
        forged = directory / "forged.json"
        forged.write_bytes((directory / "only-backup.json.prev").read_bytes()[:-68]
                           + b"0" * 64 + b'"\n}\n')
        context = self.nudge()
        self.assertIn("31 saved session checkpoints", context)
        self.assertIn("3 checkpoint file(s) not shown to be this user's own (1 is a symbolic link, "
                      "1 its signature does not match this user's key", context)
        self.assertIn("1 not signed", context)

    def test_unreadable_checkpoint_directory_exits_0_and_prints_nothing(self):
        directory = self.project / CHECKPOINT_DIR
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            # root reads a mode-000 directory anyway; a file in its place fails the listing too
            directory.write_text("not a directory", encoding="utf-8")
        else:
            self.make_checkpoints(self.project, 3)
            os.chmod(str(directory), 0)
            self.addCleanup(os.chmod, str(directory), 0o700)
        result = self.run_hook("session-start", encode(self.session_start_input()))
        self.assertEqual(result.stdout, b"")

    def test_a_file_that_is_no_checkpoint_is_not_offered(self):
        self.make_checkpoints(self.project, 2, legacy=True)
        for path in (self.project / CHECKPOINT_DIR).iterdir():
            path.write_bytes(b"\x00 not a checkpoint at all")
        context = self.nudge()
        self.assertIn("1 saved session checkpoint,", context)
        self.assertIn("2 not signed", context)

    def test_garbage_and_empty_stdin_exit_0_and_print_nothing(self):
        self.make_checkpoints(self.project, 1)
        for stdin in GARBAGE_INPUTS:
            with self.subTest(stdin=stdin):
                result = self.run_hook("session-start", stdin)
                self.assertEqual(result.stdout, b"")


class SubagentSaveGuardTest(HookTestCase):

    def guard(self, hook_input):
        stdin = hook_input if isinstance(hook_input, bytes) else encode(hook_input)
        return self.run_hook("guard", stdin).stdout

    def test_save_from_a_subagent_is_denied_with_a_reason(self):
        stdout = self.guard(self.save_call_input(agent_id="a4e1c2d9", agent_type="general-purpose"))
        output = self.assert_one_json_line(stdout)
        self.assertEqual(set(output), {"hookSpecificOutput"})
        decision = output["hookSpecificOutput"]
        self.assertEqual(decision["hookEventName"], "PreToolUse")
        self.assertEqual(decision["permissionDecision"], "deny")
        reason = decision["permissionDecisionReason"]
        self.assertIn("Subagents must not save session checkpoints", reason)
        self.assertIn("final answer", reason)
        self.assertIn("main session", reason)

    def test_every_captured_tool_call_is_denied_inside_a_subagent(self):
        # The guard trusts its matcher for the tool name; it decides on agent_id alone.
        for hook_input in captured_inputs("PreToolUse"):
            hook_input.update(agent_id="a4e1c2d9", agent_type="Explore")
            with self.subTest(tool=hook_input["tool_name"]):
                decision = self.assert_one_json_line(self.guard(hook_input))["hookSpecificOutput"]
                self.assertEqual(decision["permissionDecision"], "deny")

    def test_save_from_the_main_session_is_allowed(self):
        self.assertEqual(self.guard(self.save_call_input()), b"")

    def test_captured_main_session_tool_calls_are_allowed(self):
        for hook_input in captured_inputs("PreToolUse"):
            with self.subTest(tool=hook_input["tool_name"]):
                self.assertEqual(self.guard(hook_input), b"")

    def test_agent_type_alone_does_not_deny(self):
        # A main session started with --agent carries agent_type but no agent_id.
        self.assertEqual(self.guard(self.save_call_input(agent_type="reviewer")), b"")

    def test_empty_or_non_string_agent_id_does_not_deny(self):
        for agent_id in ("", None, 42, ["a"], {"id": "a"}):
            with self.subTest(agent_id=agent_id):
                self.assertEqual(self.guard(self.save_call_input(agent_id=agent_id)), b"")

    def test_garbage_and_empty_stdin_allow(self):
        for stdin in GARBAGE_INPUTS:
            with self.subTest(stdin=stdin):
                self.assertEqual(self.guard(stdin), b"")


class HookNameTest(HookTestCase):
    """A name that is no hook is a mistake in the registration: exit 1 and one line on
    stderr, so that it shows in Claude Code's hook errors without blocking anything (exit 2
    would block the save or the compaction). A hook that exists never fails."""

    def assert_one_line_naming_the_hooks(self, stderr, problem):
        text = stderr.decode("utf-8")
        self.assertEqual(text.count("\n"), 1, text)
        self.assertTrue(text.endswith("\n"), text)
        self.assertIn(problem, text)
        self.assertIn("expected one of: " + ", ".join(HOOKS), text)

    def test_an_unknown_hook_exits_1_with_one_line_naming_it_and_the_hooks(self):
        result = run_main(["--hook", "no-such-hook"], self.env, cwd=self.tmp, stdin=b"{}")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assert_one_line_naming_the_hooks(result.stderr, "unknown hook 'no-such-hook'")

    def test_hook_without_a_name_exits_1_with_one_line_naming_the_hooks(self):
        result = run_main(["--hook"], self.env, cwd=self.tmp, stdin=b"{}")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assert_one_line_naming_the_hooks(result.stderr, "name is missing")

    def test_a_known_hook_with_more_arguments_exits_1_and_says_so(self):
        result = run_main(["--hook", "guard", "extra"], self.env, cwd=self.tmp, stdin=b"{}")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assertEqual(result.stderr.decode("utf-8"),
                         "checkpoint.pyz --hook guard: takes no further arguments, got extra\n")

    def test_a_known_hook_with_bad_input_exits_0_quietly(self):
        for name in ("session-start", "guard"):
            with self.subTest(hook=name):
                result = self.run_hook(name, b"\xff not json")
                self.assertEqual((result.stdout, result.stderr), (b"", b""))


class HookExitTest(HookTestCase):
    """A hook ends the process with os._exit once it has flushed its output, skipping the
    interpreter's teardown: what it printed must still arrive, and the exit code stay what
    the hook returned. So these run the built pyz, as Claude Code does."""

    def deny_input(self):
        return encode(self.save_call_input(agent_id="a4e1c2d9"))

    def test_the_output_reaches_a_file_as_whole_as_a_pipe(self):
        piped = self.run_hook("guard", self.deny_input(), process=True).stdout
        self.assert_one_json_line(piped)
        target = self.tmp / "stdout.txt"
        with open(str(target), "wb") as stdout:
            result = subprocess.run(
                pyz_command("--hook", "guard"), cwd=str(self.tmp), env=self.env,
                input=self.deny_input(), stdout=stdout, stderr=subprocess.PIPE, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(target.read_bytes(), piped)

    def test_an_unknown_hooks_exit_code_1_survives_the_exit_without_teardown(self):
        result = run_pyz(["--hook", "no-such-hook"], self.env, cwd=self.tmp, stdin=b"{}")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assertIn(b"unknown hook 'no-such-hook'", result.stderr)
        self.assertTrue(result.stderr.endswith(b"\n"), result.stderr)

    @unittest.skipIf(os.name == "nt", "closes stdout with a POSIX shell")
    def test_a_hook_started_with_stdout_closed_exits_0(self):
        # A process: only one can start with its stdout closed (sys.stdout is None then).
        result = subprocess.run(
            ["/bin/sh", "-c", 'exec "$@" >&-', "sh"] + pyz_command("--hook", "guard"),
            cwd=str(self.tmp), env=self.env, input=self.deny_input(),
            stderr=subprocess.PIPE, timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)


class HookLeavesNothingBehindTest(HookTestCase):
    """Why os._exit is safe after a hook: when main returns from a hook, the hook has no
    thread running, no file or lock open and no exit handler waiting."""

    SESSION = "5e55a1d0-0000-4000-8000-00000000abcd"

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"app.py": "print('hi')\n"})
        (self.project / "app.py").write_text("print('bye')\n", encoding="utf-8")
        lines = [
            {"type": "user", "message": {"role": "user", "content": "Change the greeting"}},
            {"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": "w1", "name": "Write",
                 "input": {"file_path": str(self.project / "app.py"), "content": "x"}},
                {"type": "tool_use", "id": "b1", "name": "Bash", "input": {"command": "ls"}}]}},
            {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "w1", "content": "written"},
                {"type": "tool_result", "tool_use_id": "b1", "content": "app.py"}]}},
        ]
        self.transcript = self.tmp / "transcript.jsonl"
        self.transcript.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n"
                                           for line in lines), encoding="utf-8")

    def hook_input(self, name):
        hook_input = {"session_id": self.SESSION, "transcript_path": str(self.transcript),
                      "cwd": str(self.project)}
        if name == "guard":
            hook_input.update(self.save_call_input(agent_id="a4e1c2d9"))
        return encode(hook_input)

    def left_behind(self):
        """What a process holds that a teardown would wait for or close."""
        descriptors = set(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else set()
        return {"threads": {thread.ident for thread in threading.enumerate()},
                "descriptors": descriptors, "exit handlers": atexit._ncallbacks()}

    def test_no_hook_leaves_a_thread_a_file_or_an_exit_handler(self):
        # pre-compact first, so that the later hooks find a checkpoint to refresh and count.
        for name in ("pre-compact", "session-end", "session-start", "guard"):
            with self.subTest(hook=name):
                before = self.left_behind()
                result = run_main(["--hook", name], self.env, cwd=self.tmp,
                                  stdin=self.hook_input(name))
                after = self.left_behind()
                self.assertEqual((result.returncode, result.stderr), (0, b""))
                for what in ("threads", "descriptors"):
                    self.assertLessEqual(after[what], before[what], what)
                self.assertEqual(after["exit handlers"], before["exit handlers"])
                if name in ("session-start", "guard"):
                    self.assertIn(b"hookSpecificOutput", result.stdout)
        self.assertTrue((self.project / CHECKPOINT_DIR / (self.SESSION + ".json")).is_file())


class HookCostTest(HookTestCase):
    """The nudge and the guard run before every session and every save, so they import no
    regex, json or subprocess, start no git and read no checkpoint. Each test runs the pyz
    in a fresh interpreter: only there does what a start imports and opens show."""

    def imported_modules(self, pyz, args, stdin):
        """Names of the modules a `python -I -S -X importtime pyz args` run imports."""
        result = subprocess.run(
            [sys.executable, "-I", "-S", "-X", "importtime", str(pyz)] + list(args),
            cwd=str(self.tmp), env=self.env, input=stdin,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        modules = set()
        for line in result.stderr.decode("utf-8", "replace").splitlines():
            if line.startswith("import time:") and line.count("|") == 2:
                modules.add(line.rsplit("|", 1)[1].strip())
        self.assertIn("encodings", modules)  # proves the listing was parsed
        return result.stdout, modules

    def modules_of_an_empty_zipapp(self):
        """What the interpreter itself imports to run any pyz (3.9's runpy pulls in `re`)."""
        import zipapp
        target = self.tmp / "empty.pyz"
        if not target.exists():
            source = self.tmp / "empty-app"
            source.mkdir()
            (source / "__main__.py").write_text("pass\n", encoding="utf-8")
            zipapp.create_archive(str(source), str(target))
        return self.imported_modules(target, [], b"")[1]

    def hook_imports(self, name, stdin):
        """(stdout, modules the hook imports beyond what running any pyz imports)."""
        stdout, modules = self.imported_modules(PYZ, ["--hook", name], stdin)
        return stdout, modules - self.modules_of_an_empty_zipapp()

    def assert_imports_none_of(self, modules, forbidden=("re", "json", "subprocess")):
        for module in forbidden:
            self.assertNotIn(module, modules)

    def test_nudge_imports_no_regex_json_or_subprocess(self):
        self.make_checkpoints(self.project, 3, legacy=True)
        stdout, modules = self.hook_imports("session-start", encode(self.session_start_input()))
        self.assertIn(b"hookSpecificOutput", stdout)
        self.assert_imports_none_of(modules)

    def test_bad_input_makes_no_hook_import_regex_or_json(self):
        for name in ("session-start", "guard"):
            for stdin in (b"", b"not json", b"{"):
                with self.subTest(hook=name, stdin=stdin):
                    stdout, modules = self.hook_imports(name, stdin)
                    self.assertEqual(stdout, b"")
                    self.assert_imports_none_of(modules)

    def test_guard_imports_no_regex_json_or_subprocess(self):
        for extra in ({}, {"agent_id": "a4e1c2d9"}):
            with self.subTest(**extra):
                _, modules = self.hook_imports("guard", encode(self.save_call_input(**extra)))
                self.assert_imports_none_of(modules)

    def test_nudge_opens_no_checkpoint_file_twice_and_starts_no_process(self):
        self.make_checkpoints(self.project, 3)
        self.nudge()  # the first reads each file and keeps what it found
        # Run the pyz under an audit hook that logs every file open and process start.
        log = self.tmp / "audit.log"
        watcher = (
            "import sys\n"
            "log = open(sys.argv[1], 'w')\n"
            "def audit(event, args):\n"
            "    if event == 'open' and isinstance(args[0], (str, bytes)):\n"
            "        log.write('open %s\\n' % (args[0],)); log.flush()\n"
            "    elif event in ('subprocess.Popen', 'os.posix_spawn', 'os.exec', 'os.spawn', 'os.system'):\n"
            "        log.write('%s %s\\n' % (event, args[0])); log.flush()\n"
            "sys.addaudithook(audit)\n"
            "import runpy\n"
            "sys.argv = [sys.argv[2], '--hook', 'session-start']\n"
            "runpy.run_path(sys.argv[0], run_name='__main__')\n"
        )
        result = subprocess.run(
            [sys.executable, "-I", "-S", "-c", watcher, str(log), str(PYZ)],
            cwd=str(self.tmp), env=self.env, input=encode(self.session_start_input()),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20,
        )
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(b"3 saved session checkpoints", result.stdout)
        events = log.read_text(encoding="utf-8").splitlines()
        self.assertTrue(any(str(PYZ) in event for event in events), events)  # the log works
        for event in events:
            self.assertNotIn(".claude-checkpoint", event)
            self.assertFalse(event.startswith(("subprocess", "os.")), event)


if __name__ == "__main__":
    unittest.main()
