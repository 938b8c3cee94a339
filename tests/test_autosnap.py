"""Automatic snapshots: `--hook pre-compact` and `--hook session-end`, run with hook JSON
on stdin through checkpoint_mcp.main in this process, on real Claude Code 2.1 transcripts
from tests/fixtures and on small transcripts written here in the same format.
"""
import json
import os
import subprocess
import time
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (BASIC_SESSION, FIRST_PROMPT, REPO, SESSION, TODOWRITE_SESSION,
                           AutosnapTestCase, Transcript, commands_of, git, git_subcommand, jsonl,
                           make_git_repo, paths_of, tasks_of)

FIXTURE_TOKEN = "ghp_thP6Z5z1NmCkcFiiPD3F9gaYt1jvjT8AmUtD"
BASIC_COMMANDS = [("ls", 0), ("cat missing-file.txt", 1),
                  ("GITHUB_TOKEN=%s echo hi" % FIXTURE_TOKEN, 0)]
class RealTranscriptTest(AutosnapTestCase):
    """The three transcripts Claude Code 2.1.328 wrote (tests/fixtures)."""

    def test_snapshot_without_a_checkpoint_takes_goal_and_summary_from_the_transcript(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION)
        self.assertEqual(checkpoint["sessionId"], BASIC_SESSION)
        self.assertEqual(checkpoint["goal"]["primary"], FIRST_PROMPT)
        self.assertEqual(checkpoint["summary"], "Added farewell() to app.py and wrote NOTES.md. "
                         "`cat missing-file.txt` failed because the file does not exist.")
        self.assertEqual(checkpoint["nextSteps"], [])
        self.assertEqual(checkpoint["decisions"], [])

    def test_tasks_are_replayed_from_task_create_and_task_update(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION)
        self.assertEqual(tasks_of(checkpoint), [("Add a farewell() helper", "done"),
                                                ("Document the helpers", "in_progress"),
                                                ("Run the checks", "pending")])

    def test_bash_commands_are_listed_oldest_first_with_their_exit_codes(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION)
        self.assertEqual(commands_of(checkpoint)[:2], BASIC_COMMANDS[:2])
        self.assertEqual([code for _, code in commands_of(checkpoint)], [0, 1, 0])
        self.assertTrue(commands_of(checkpoint)[2][0].startswith("GITHUB_TOKEN="))
        self.assertEqual(checkpoint["recentCommands"][0]["at"], "2026-12-02T13:24:37.349Z")

    def test_edited_and_written_files_are_recorded_with_the_git_scan(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION)
        self.assertEqual(sorted(paths_of(checkpoint)), ["NOTES.md", "app.py"])
        self.assertTrue(all(item.get("hash") for item in checkpoint["modifiedFiles"]))
        self.assertEqual(checkpoint["git"]["branch"], "main")

    def test_the_token_in_a_bash_command_never_reaches_the_file(self):
        self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION)
        data = self.checkpoint_file(BASIC_SESSION).read_bytes()
        self.assertNotIn(FIXTURE_TOKEN.encode(), data)
        self.assertNotIn(b"thP6Z5z1NmCkcFiiPD3F9gaYt1jvjT8AmUtD", data)
        self.assertGreaterEqual(json.loads(data.decode("utf-8"))["meta"]["redactions"], 1)

    def test_meta_auto_says_what_was_filled_in_and_when(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION, hook="session-end")
        auto = checkpoint["meta"]["auto"]
        self.assertEqual(auto["source"], "session-end")
        self.assertEqual(auto["at"], checkpoint["updatedAt"])
        self.assertEqual(auto["fields"], ["goal", "modifiedFiles", "recentCommands", "summary",
                                          "tasks"])

    def test_compacted_transcript_keeps_the_first_prompt_and_replays_across_the_boundary(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-compacted.jsonl"),
                                   BASIC_SESSION)
        self.assertEqual(checkpoint["goal"]["primary"], FIRST_PROMPT)
        self.assertEqual(checkpoint["summary"], "The working tree has the farewell() change "
                                                "and NOTES.md; task 2 is done.")
        self.assertEqual(tasks_of(checkpoint), [("Add a farewell() helper", "done"),
                                                ("Document the helpers", "done"),
                                                ("Run the checks", "pending")])
        self.assertEqual(commands_of(checkpoint)[-1], ("git status --short", 0))
        self.assertEqual(len(checkpoint["recentCommands"]), 4)

    def test_todowrite_transcript_takes_the_latest_list(self):
        checkpoint = self.snapshot(self.fixture_transcript("transcript-todowrite.jsonl"),
                                   TODOWRITE_SESSION, hook="session-end")
        self.assertEqual(tasks_of(checkpoint), [("Add a farewell() helper", "done"),
                                                ("Document the helpers", "in_progress"),
                                                ("Run the checks", "pending")])
        self.assertEqual(sorted(paths_of(checkpoint)), ["NOTES.md", "app.py"])
        self.assertEqual([code for _, code in commands_of(checkpoint)], [0, 1, 0])

    def test_the_brief_says_the_snapshot_is_automatic(self):
        self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION,
                      hook="session-end")
        brief = self.loaded_brief(BASIC_SESSION)
        self.assertIn("Automatic snapshot", brief)
        self.assertIn("when the session ended", brief)
        self.assertIn("first prompt", brief)
        self.assertIn("## Goal\n" + FIRST_PROMPT, brief)


class MergeTest(AutosnapTestCase):
    """A session whose agent saved a checkpoint itself."""

    AGENT_SAVE = {
        "goal": "Ship farewell() with docs",
        "summary": "greet() and farewell() work; docs half written.",
        "nextSteps": ["Finish NOTES.md", "Run the checks"],
        "decisions": ["Keep helpers in app.py"],
        "tasks": [{"description": "Write the release notes", "status": "pending"},
                  {"description": "Document the helpers", "status": "pending"}],
        "recentCommands": [{"command": "make lint", "exitCode": 0, "note": "clean"}],
        "modifiedFiles": [{"path": "README.md", "note": "mentions farewell()"}],
    }

    def test_a_snapshot_leaves_an_unsigned_checkpoint_of_the_session_where_it_is(self):
        # A checkpoint the previous release saved (no signature) is the agent's own work:
        # moved aside by the SessionEnd snapshot, nothing could load it or carry it over.
        self.agent_save(BASIC_SESSION, self.AGENT_SAVE)
        path = self.checkpoint_file(BASIC_SESSION)
        unsigned = dict(self.checkpoint(BASIC_SESSION))
        unsigned.pop("mac")
        path.write_text(json.dumps(unsigned), encoding="utf-8")
        before = path.read_bytes()
        result = self.run_snapshot("session-end", self.fixture_transcript("transcript-basic.jsonl"),
                                   BASIC_SESSION)
        self.assert_one_stderr_line(result)
        self.assertIn(b"resumedFrom", result.stderr)
        self.assertEqual(path.read_bytes(), before)
        self.assertEqual(sorted(p.name for p in path.parent.glob("*.untrusted")), [])
        self.agent_save(BASIC_SESSION, {"mode": "merge", "resumedFrom": BASIC_SESSION})
        self.assertEqual(self.checkpoint(BASIC_SESSION)["goal"]["primary"],
                         self.AGENT_SAVE["goal"])

    def merged(self, hook="session-end"):
        self.agent_save(BASIC_SESSION, self.AGENT_SAVE)
        before = self.checkpoint(BASIC_SESSION)
        after = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION,
                              hook=hook)
        return before, after

    def test_goal_summary_next_steps_and_decisions_stay_the_agents(self):
        before, after = self.merged()
        for key in ("summary", "nextSteps", "decisions"):
            self.assertEqual(after[key], before[key])
        self.assertEqual(after["goal"]["primary"], "Ship farewell() with docs")

    def test_identity_is_kept_and_the_old_file_becomes_the_backup(self):
        before, after = self.merged()
        self.assertEqual((after["id"], after["createdAt"]), (before["id"], before["createdAt"]))
        backup = self.project / CHECKPOINT_DIR / (BASIC_SESSION + ".json.prev")
        self.assertEqual(json.loads(backup.read_text(encoding="utf-8")), before)

    def test_tasks_are_refreshed_by_description_and_the_agents_own_kept(self):
        _, after = self.merged()
        self.assertEqual(tasks_of(after), [("Write the release notes", "pending"),
                                           ("Document the helpers", "in_progress"),
                                           ("Add a farewell() helper", "done"),
                                           ("Run the checks", "pending")])

    def test_the_agents_commands_stay_among_the_transcripts_in_time_order(self):
        _, after = self.merged()
        self.assertEqual(commands_of(after)[:2], BASIC_COMMANDS[:2])
        self.assertEqual([code for _, code in commands_of(after)], [0, 1, 0, 0])
        agents = after["recentCommands"][-1]
        self.assertEqual((agents["command"], agents["note"]), ("make lint", "clean"))

    def test_files_merge_the_transcript_the_git_scan_and_the_agents_notes(self):
        _, after = self.merged()
        by_path = {item["path"]: item for item in after["modifiedFiles"]}
        self.assertEqual(sorted(by_path), ["NOTES.md", "README.md", "app.py"])
        self.assertEqual(by_path["README.md"]["note"], "mentions farewell()")

    def test_meta_auto_names_only_the_refreshed_fields(self):
        _, after = self.merged(hook="pre-compact")
        self.assertEqual(after["meta"]["auto"]["fields"],
                         ["modifiedFiles", "recentCommands", "tasks"])
        self.assertEqual(after["meta"]["auto"]["source"], "pre-compact")

    def test_the_brief_says_what_was_refreshed(self):
        self.merged()
        brief = self.loaded_brief(BASIC_SESSION)
        self.assertIn("refreshed from the transcript when the session ended", brief)
        self.assertIn("## Goal\nShip farewell() with docs", brief)

    def test_a_later_snapshot_refreshes_an_earlier_one_without_duplicates(self):
        self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION)
        after = self.snapshot(self.fixture_transcript("transcript-compacted.jsonl"),
                              BASIC_SESSION, hook="session-end")
        self.assertEqual(after["summary"], "The working tree has the farewell() change and "
                                           "NOTES.md; task 2 is done.")
        self.assertEqual(len(after["recentCommands"]), 4)
        self.assertEqual(tasks_of(after)[1], ("Document the helpers", "done"))
        self.assertEqual(after["meta"]["auto"]["fields"],
                         ["goal", "modifiedFiles", "recentCommands", "summary", "tasks"])

    def test_refreshing_the_agents_save_keeps_its_git_baseline_for_drift(self):
        self.agent_save(BASIC_SESSION, self.AGENT_SAVE)
        before = self.checkpoint(BASIC_SESSION)
        git(self.project, "add", "app.py", env=self.env)
        git(self.project, "commit", "-qm", "Add farewell()", env=self.env)
        after = self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION,
                              hook="session-end")
        self.assertEqual(after["git"], before["git"])
        self.assertEqual(after["meta"]["auto"]["git"]["head"],
                         git(self.project, "rev-parse", "HEAD", env=self.env).strip())
        recorded = {item["path"]: item.get("hash") for item in before["modifiedFiles"]}
        for item in after["modifiedFiles"]:
            if item["path"] in recorded:
                self.assertEqual(item.get("hash"), recorded[item["path"]], item)
        brief = self.loaded_brief(BASIC_SESSION)
        self.assertIn("- 1 new commit(s) on HEAD", brief)
        self.assertIn("Add farewell()", brief)
        self.assertIn("- Recorded files those commits changed: `app.py`", brief)
        self.assertNotIn("Nothing changed", brief)

    def test_a_snapshot_asks_git_nothing_it_would_not_tell(self):
        real_popen = subprocess.Popen
        with mock.patch("subprocess.Popen", side_effect=real_popen) as popen:
            self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION)
        commands = [git_subcommand(call[0][0]) for call in popen.call_args_list
                    if os.path.basename(call[0][0][0]) == "git"]
        self.assertIn("status", commands)
        self.assertNotIn("check-ignore", commands)  # nobody reads a snapshot's warnings

    def test_a_later_agent_save_that_replaces_drops_the_automatic_mark(self):
        # (A merge keeps what it does not restate marked: tests/test_hostile_store.py.)
        self.snapshot(self.fixture_transcript("transcript-basic.jsonl"), BASIC_SESSION)
        self.agent_save(BASIC_SESSION, {"goal": "Ship farewell()"})
        self.assertNotIn("auto", self.checkpoint(BASIC_SESSION)["meta"])
        self.assertNotIn("\u2699", self.loaded_brief(BASIC_SESSION))


class WrittenTranscriptTest(AutosnapTestCase):
    """Small transcripts in the real format, one behaviour each."""

    def write(self, transcript):
        return transcript.write(self.tmp / "transcript.jsonl")

    def test_bash_success_failure_and_missing_outcomes(self):
        transcript = (Transcript().prompt("Run the build")
                      .bash("t1", "make", "ok", is_error=False)
                      .bash("t2", "make test", "Exit code 2\nFAILED test_x", is_error=True)
                      .bash("t3", "sleep 100", "Command was denied by the user", is_error=True)
                      .tool_use("t4", "Bash", {"command": "make install"}))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(commands_of(checkpoint), [("make", 0), ("make test", 2),
                                                   ("sleep 100", None), ("make install", None)])
        self.assertEqual(checkpoint["recentCommands"][2]["note"], "failed without an exit code")

    def test_only_the_last_50_commands_are_kept(self):
        transcript = Transcript().prompt("Loop")
        for number in range(60):
            transcript.bash("t%d" % number, "echo %d" % number, str(number))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(len(checkpoint["recentCommands"]), 50)
        self.assertEqual(checkpoint["recentCommands"][0]["command"], "echo 10")
        self.assertTrue(checkpoint["meta"]["truncated"])

    def test_edit_write_multiedit_and_notebookedit_record_project_files(self):
        (self.project / "nb.ipynb").write_text("{}", encoding="utf-8")
        (self.project / "lib").mkdir()
        (self.project / "lib" / "util.py").write_text("x = 1\n", encoding="utf-8")
        root = str(self.project)
        transcript = Transcript().prompt("Edit things")
        for call_id, name, key, path in (
                ("e1", "Edit", "file_path", root + "/app.py"),
                ("e2", "Write", "file_path", root + "/lib/util.py"),
                ("e3", "MultiEdit", "file_path", root + "/README.md"),
                ("e4", "NotebookEdit", "notebook_path", root + "/nb.ipynb"),
                ("e5", "Write", "file_path", "/etc/outside.txt"),
                ("e6", "Write", "file_path", root + "/" + CHECKPOINT_DIR + "/x.json")):
            transcript.tool_use(call_id, name, {key: path}).tool_result(call_id, "done")
        transcript.tool_use("e7", "Edit", {"file_path": root + "/NOTES.md"})
        transcript.tool_result("e7", "old_string not found", is_error=True)
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(paths_of(checkpoint)[:4], ["nb.ipynb", "README.md", "lib/util.py",
                                                    "app.py"])
        self.assertNotIn("/etc/outside.txt", json.dumps(checkpoint))

    def test_the_latest_of_several_todowrite_lists_wins(self):
        transcript = (Transcript().prompt("Plan")
                      .todo_write("w1", [("Plan it", "in_progress"), ("Build it", "pending"),
                                         ("Ship it", "pending")])
                      .todo_write("w2", [("Plan it", "completed"), ("Build it", "in_progress"),
                                         ("Ship it", "pending")])
                      .todo_write("w3", [("Plan it", "completed"), ("Build it", "completed"),
                                         ("Test it", "in_progress")]))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(tasks_of(checkpoint), [("Plan it", "done"), ("Build it", "done"),
                                                ("Test it", "in_progress")])

    def test_a_todo_dropped_from_the_list_leaves_an_earlier_snapshot_too(self):
        first = Transcript().prompt("Plan").todo_write("w1", [("Plan it", "pending"),
                                                              ("Ship it", "pending")])
        self.snapshot(self.write(first))
        first.todo_write("w2", [("Plan it", "completed")])
        checkpoint = self.snapshot(self.write(first), hook="session-end")
        self.assertEqual(tasks_of(checkpoint), [("Plan it", "done")])

    def test_a_deleted_task_is_removed(self):
        transcript = Transcript().prompt("Tasks")
        for number, subject in ((1, "Keep me"), (2, "Delete me")):
            transcript.tool_use("c%d" % number, "TaskCreate", {"subject": subject})
            transcript.tool_result("c%d" % number, "Task #%d created successfully: %s"
                                   % (number, subject))
        transcript.tool_use("u1", "TaskUpdate", {"taskId": "2", "status": "deleted"})
        transcript.tool_result("u1", "Updated task #2 deleted")
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(tasks_of(checkpoint), [("Keep me", "pending")])

    def test_huge_lines_and_unknown_types_are_skipped(self):
        huge_attachment = jsonl({"type": "attachment", "attachment": {
            "type": "prompt_snapshot", "content": "x" * 600000}})
        oversized_result = jsonl({"type": "user", "message": {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "b1", "content": "y" * 5000000}]}})
        transcript = (Transcript().raw(jsonl({"type": "future-line", "payload": [1, 2]}))
                      .raw(huge_attachment).prompt("Survive big lines")
                      .tool_use("b1", "Bash", {"command": "cat big.log"}).raw(oversized_result)
                      .raw(jsonl({"type": "custom-title", "title": "x"}))
                      .bash("b2", "true", "", is_error=False).reply("Done."))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(checkpoint["goal"]["primary"], "Survive big lines")
        self.assertEqual(commands_of(checkpoint), [("cat big.log", None), ("true", 0)])
        self.assertEqual(checkpoint["summary"], "Done.")

    def test_a_truncated_last_line_is_ignored(self):
        transcript = Transcript().prompt("Cut short").bash("b1", "ls", "a\nb").reply("Listed.")
        cut = jsonl({"type": "assistant", "message": {"content": [
            {"type": "text", "text": "half a thought"}]}})[:40]
        checkpoint = self.snapshot(self.write(transcript.raw(cut)))
        self.assertEqual(checkpoint["summary"], "Listed.")
        self.assertEqual(commands_of(checkpoint), [("ls", 0)])

    def test_command_echoes_meta_lines_and_subagents_are_not_the_goal(self):
        transcript = (Transcript()
                      .conversation("user", {"role": "user", "content":
                                             "<command-name>/model</command-name>"})
                      .conversation("user", {"role": "user", "content": "Caveat: local"},
                                    isMeta=True)
                      .conversation("user", {"role": "user", "content": "Subagent brief"},
                                    isSidechain=True)
                      .prompt("  The real goal\n  on two lines  ")
                      .bash("b1", "ls", "x"))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(checkpoint["goal"]["primary"], "The real goal on two lines")

    def test_a_long_goal_and_summary_are_trimmed_to_their_caps(self):
        transcript = (Transcript().prompt("goal " * 400).bash("b1", "ls", "x")
                      .reply("summary " * 1000))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(len(checkpoint["goal"]["primary"]), checkpoint_mcp.LIMITS["goal"])
        self.assertEqual(len(checkpoint["summary"]), checkpoint_mcp.LIMITS["summary"])
        self.assertTrue(checkpoint["goal"]["primary"].endswith("\u2026"))

    def test_secrets_in_the_prompt_and_reply_are_redacted(self):
        transcript = (Transcript().prompt("Deploy with GITHUB_TOKEN=%s please" % FIXTURE_TOKEN)
                      .bash("b1", "git push", "pushed")
                      .reply("Used %s to push." % FIXTURE_TOKEN))
        self.snapshot(self.write(transcript))
        self.assertNotIn(FIXTURE_TOKEN.encode(), self.checkpoint_file().read_bytes())

    def test_a_conversation_without_work_leaves_no_file_at_all(self):
        transcript = Transcript().prompt("Hello.").reply("Hello! How can I help?")
        for hook in ("pre-compact", "session-end"):
            with self.subTest(hook=hook):
                result = self.run_snapshot(hook, self.write(transcript))
                self.assertEqual(result.stderr, b"")
                self.assert_nothing_written()

    def test_a_conversation_without_work_still_refreshes_the_sessions_own_checkpoint(self):
        self.agent_save(SESSION, {"goal": "Saved by the agent"})
        transcript = Transcript().prompt("Hello.").reply("Hello!")
        checkpoint = self.snapshot(self.write(transcript), hook="session-end")
        self.assertEqual(checkpoint["goal"]["primary"], "Saved by the agent")
        self.assertEqual(checkpoint["meta"]["auto"]["source"], "session-end")

    def test_a_session_that_only_kept_a_todo_list_gets_its_snapshot(self):
        transcript = (Transcript().prompt("Plan it")
                      .todo_write("t1", [("Plan", "pending")]))
        checkpoint = self.snapshot(self.write(transcript))
        self.assertEqual(tasks_of(checkpoint), [("Plan", "pending")])

    def test_a_transcript_without_conversation_writes_nothing(self):
        transcript = (Transcript().raw(jsonl({"type": "queue-operation", "operation": "dequeue"}))
                      .raw(jsonl({"type": "last-prompt", "lastPrompt": "x"})))
        self.run_snapshot(transcript=self.write(transcript))
        self.assert_nothing_written()


class SafetyTest(AutosnapTestCase):
    """The hooks never fail the session and never write where they should not."""

    def transcript(self):
        return Transcript().prompt("Do it").bash("b1", "ls", "x").write(self.tmp / "t.jsonl")

    def test_missing_transcript_exits_0_with_one_line_on_stderr(self):
        result = self.run_snapshot(transcript=self.tmp / "gone.jsonl")
        self.assert_one_stderr_line(result)
        self.assert_nothing_written()

    def test_garbage_input_exits_0_and_writes_nothing(self):
        transcript = str(self.transcript())
        good = {"session_id": SESSION, "transcript_path": transcript, "cwd": str(self.project)}
        garbage = [b"", b"not json", b"[1]", b"\xff\xfe", b"{\"session_id\": ",
                   json.dumps(dict(good, session_id="../../etc/x")).encode(),
                   json.dumps(dict(good, session_id=None)).encode(),
                   json.dumps(dict(good, transcript_path="relative.jsonl")).encode(),
                   json.dumps(dict(good, transcript_path=["x"])).encode(),
                   json.dumps(dict(good, cwd=str(self.tmp / "nowhere"))).encode(),
                   json.dumps(dict(good, cwd=None)).encode()]
        for hook in ("pre-compact", "session-end"):
            for stdin in garbage:
                with self.subTest(hook=hook, stdin=stdin):
                    self.assert_one_stderr_line(self.run_snapshot(hook, stdin=stdin))
        self.assert_nothing_written()
        self.assertFalse(os.path.exists(str(self.tmp / "etc")))

    def test_autosave_off_in_every_spelling_writes_nothing(self):
        transcript = self.transcript()
        for value in ("off", "0", "false", "no", "OFF", " No "):
            for hook in ("pre-compact", "session-end"):
                with self.subTest(value=value, hook=hook):
                    env = self.env_with(SESSION_CHECKPOINT_AUTOSAVE=value)
                    result = self.run_snapshot(hook, transcript, env=env)
                    self.assertEqual(result.stderr, b"")
        self.assert_nothing_written()

    def test_other_autosave_values_leave_it_on(self):
        env = self.env_with(SESSION_CHECKPOINT_AUTOSAVE="on")
        self.run_snapshot(transcript=self.transcript(), env=env)
        self.assertTrue(self.checkpoint_file().exists())

    def test_checkpoint_project_root_wins_over_the_hook_cwd(self):
        other = make_git_repo(self.tmp / "other", self.env)
        env = self.env_with(CHECKPOINT_PROJECT_ROOT=other)
        self.run_snapshot(transcript=self.transcript(), env=env)
        self.assertTrue((other / CHECKPOINT_DIR / (SESSION + ".json")).exists())
        self.assert_nothing_written()

    def test_only_the_checkpoint_directory_is_written(self):
        transcript = self.transcript()
        before = sorted(str(path) for path in self.project.rglob("*") if ".git" not in path.parts)
        self.run_snapshot(transcript=transcript)
        after = sorted(str(path) for path in self.project.rglob("*") if ".git" not in path.parts)
        added = sorted(set(after) - set(before))
        directory = str(self.project / CHECKPOINT_DIR)
        self.assertTrue(added)
        self.assertTrue(all(path.startswith(directory) for path in added), added)

    @unittest.skipIf(os.name == "nt", "symbolic links need privileges on Windows")
    def test_a_symlinked_checkpoint_directory_is_refused(self):
        elsewhere = self.tmp / "elsewhere"
        elsewhere.mkdir()
        os.symlink(str(elsewhere), str(self.project / CHECKPOINT_DIR))
        self.assert_one_stderr_line(self.run_snapshot(transcript=self.transcript()))
        self.assertEqual(list(elsewhere.iterdir()), [])

    @unittest.skipUnless(hasattr(os, "mkfifo"), "needs a FIFO")
    def test_a_fifo_as_transcript_is_refused_without_waiting(self):
        fifo = self.tmp / "fifo.jsonl"
        os.mkfifo(str(fifo))
        started = time.monotonic()
        self.assert_one_stderr_line(self.run_snapshot(transcript=fifo))
        self.assertLess(time.monotonic() - started, 5)
        self.assert_nothing_written()

    def test_reading_gives_up_after_the_deadline(self):
        with self.assertRaises(TimeoutError):
            checkpoint_mcp.read_transcript(str(self.transcript()), time.monotonic() - 1)

    def test_a_corrupt_checkpoint_is_replaced_and_kept_out_of_the_backup(self):
        directory = self.project / CHECKPOINT_DIR
        directory.mkdir()
        self.checkpoint_file().write_text("{not json", encoding="utf-8")
        self.run_snapshot(transcript=self.transcript())
        self.assertEqual(self.checkpoint()["goal"]["primary"], "Do it")
        self.assertFalse((directory / (SESSION + ".json.prev")).exists())


class PluginTest(unittest.TestCase):

    def test_hooks_json_registers_pre_compact_and_session_end(self):
        with open(str(REPO / "plugin" / "hooks" / "hooks.json"), encoding="utf-8") as handle:
            hooks = json.load(handle)["hooks"]
        for event, name in (("PreCompact", "pre-compact"), ("SessionEnd", "session-end")):
            commands = [hook["command"] for group in hooks[event] for hook in group["hooks"]]
            self.assertEqual(len(commands), 1)  # (test_platforms runs it)
            self.assertIn('exec python3 -I -S "$p" --hook %s;' % name, commands[0])
            self.assertIn('p="${CLAUDE_PLUGIN_ROOT}/checkpoint.pyz";', commands[0])


if __name__ == "__main__":
    unittest.main()
