"""Crash recovery: at a session start, the transcripts of other sessions in the project's
transcript folder that did work nobody saved become those sessions' checkpoints; the
`recover` command does the same by hand. Run in this process through checkpoint_mcp.main,
on the real Claude Code 2.1 transcripts in tests/fixtures (copied into a temp transcript
folder as `<session-id>.jsonl`) and on the captured SessionStart hook input.
"""
import json
import os
import re
import threading
import time
import unittest
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (BASIC_SESSION, CURRENT, FIRST_PROMPT, FIXTURES, FIXTURE_PROJECT,
                           OTHERS, TODOWRITE_SESSION, RecoveryTestCase, Transcript, commands_of,
                           git, jsonl, make_git_repo, run_main, tasks_of)

DAY = 86400


def without_volatile(checkpoint):
    """A checkpoint without what differs between two saves of the same facts."""
    data = json.loads(json.dumps(checkpoint))
    for key in ("id", "createdAt", "updatedAt", "mac"):
        data.pop(key, None)
    for key in ("at", "source", "transcriptAt"):
        data["meta"]["auto"].pop(key, None)
    return data


class RecoveredAtSessionStartTest(RecoveryTestCase):

    def test_a_killed_session_with_work_becomes_its_checkpoint_as_session_end_builds_it(self):
        transcript = self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.start()
        recovered = self.checkpoint(BASIC_SESSION)
        auto = recovered["meta"]["auto"]
        self.assertEqual(auto["source"], "recovered")
        self.assertEqual(auto["transcriptAt"], "2026-12-02T13:24:37.854Z")
        self.assertEqual(recovered["goal"]["primary"], FIRST_PROMPT)
        self.assertEqual(tasks_of(recovered), [("Add a farewell() helper", "done"),
                                               ("Document the helpers", "in_progress"),
                                               ("Run the checks", "pending")])
        self.assertEqual([code for _, code in commands_of(recovered)], [0, 1, 0])
        # The SessionEnd hook, on the same transcript, builds the same checkpoint.
        self.checkpoint_file(BASIC_SESSION).unlink()
        self.snapshot_at_session_end(transcript, BASIC_SESSION)
        at_end = self.checkpoint(BASIC_SESSION)
        self.assertEqual(at_end["meta"]["auto"]["source"], "session-end")
        self.assertEqual(without_volatile(recovered), without_volatile(at_end))

    def test_the_todowrite_and_the_compacted_transcripts_are_recovered_too(self):
        self.put_fixture("transcript-todowrite.jsonl", TODOWRITE_SESSION, age=60)
        self.put_fixture("transcript-compacted.jsonl", BASIC_SESSION)
        self.start()
        self.assertEqual(tasks_of(self.checkpoint(TODOWRITE_SESSION))[0],
                         ("Add a farewell() helper", "done"))
        self.assertEqual(commands_of(self.checkpoint(BASIC_SESSION))[-1],
                         ("git status --short", 0))

    def test_a_second_start_rewrites_nothing(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.start()
        path = self.checkpoint_file(BASIC_SESSION)
        before = (path.read_bytes(), path.stat().st_mtime_ns, self.project_files())
        patch, reads = self.counting_reads()
        with patch:
            self.start()
        self.assertEqual((path.read_bytes(), path.stat().st_mtime_ns, self.project_files()),
                         before)
        self.assertEqual(reads, [])  # passed by stat alone

    def test_the_current_session_is_never_touched(self):
        self.put_fixture("transcript-basic.jsonl", CURRENT)
        self.assertIsNone(self.start())
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        # Nor is its own checkpoint, older than its transcript.
        self.agent_save(CURRENT, {"goal": "Saved by the agent"})
        saved = self.checkpoint_file(CURRENT).read_bytes()
        self.put_fixture("transcript-basic.jsonl", CURRENT, age=-5)
        self.start()
        self.assertEqual(self.checkpoint_file(CURRENT).read_bytes(), saved)

    def test_the_current_session_is_the_one_its_transcript_path_names_too(self):
        # A resumed or compacted session's own transcript has work in it; a hook input
        # whose session_id is missing or odd must not make the session recover itself.
        self.put_fixture("transcript-basic.jsonl", CURRENT)
        for odd in (None, 12, "", "another-session"):
            hook_input = json.loads(self.start_input().decode("utf-8"))
            if odd is None:
                del hook_input["session_id"]
            else:
                hook_input["session_id"] = odd
            result = run_main(["--hook", "session-start"], self.env, cwd=self.tmp,
                              stdin=json.dumps(hook_input).encode("utf-8"))
            self.assertEqual((result.returncode, result.stderr), (0, b""))
            self.assertFalse((self.project / CHECKPOINT_DIR).exists(), odd)

    def test_an_agent_checkpoint_saved_after_the_transcripts_last_entry_is_left_alone(self):
        with mock.patch.object(checkpoint_mcp, "now_timestamp",
                               return_value="2030-01-01T00:00:00.000Z"):
            self.agent_save(BASIC_SESSION, {"goal": "Saved by the agent", "nextSteps": ["Ship"]})
        saved = self.checkpoint_file(BASIC_SESSION).read_bytes()
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=-5)  # newer on disk
        patch, reads = self.counting_reads()
        with patch:
            self.start()
            self.assertEqual(self.checkpoint_file(BASIC_SESSION).read_bytes(), saved)
            self.start()  # and remembered: not read again
        self.assertEqual(reads, [BASIC_SESSION])
        self.assertEqual(self.checkpoint_file(BASIC_SESSION).read_bytes(), saved)

    def test_an_older_agent_checkpoint_is_refreshed_keeping_the_agents_baseline(self):
        with mock.patch.object(checkpoint_mcp, "now_timestamp",
                               return_value="2026-12-01T00:00:00.000Z"):
            self.agent_save(BASIC_SESSION, {
                "goal": "Ship farewell() with docs", "summary": "Half done.",
                "nextSteps": ["Finish NOTES.md"], "decisions": ["Keep helpers in app.py"]})
        before = self.checkpoint(BASIC_SESSION)
        git(self.project, "add", "app.py", env=self.env)
        git(self.project, "commit", "-qm", "Add farewell()", env=self.env)
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=-5)
        self.start()
        after = self.checkpoint(BASIC_SESSION)
        for key in ("goal", "summary", "nextSteps", "decisions", "git", "id", "createdAt"):
            if key == "goal":
                self.assertEqual(after[key]["primary"], before[key]["primary"])
            else:
                self.assertEqual(after[key], before[key], key)
        self.assertEqual(after["meta"]["auto"]["source"], "recovered")
        self.assertEqual(after["meta"]["auto"]["fields"],
                         ["modifiedFiles", "recentCommands", "tasks"])
        self.assertEqual([code for _, code in commands_of(after)], [0, 1, 0])
        brief = self.shown_brief(BASIC_SESSION)
        self.assertIn("refreshed from the transcript of a session that did not end normally",
                      brief)
        self.assertIn("- 1 new commit(s) on HEAD", brief)

    def test_an_unsigned_checkpoint_from_before_signatures_is_left_where_it_is(self):
        # Killed under the previous release: the transcript is newer than its unsigned
        # checkpoint. Recovery must not put the agent's own goal and summary aside.
        with mock.patch.object(checkpoint_mcp, "now_timestamp",
                               return_value="2026-12-01T00:00:00.000Z"):
            self.agent_save(BASIC_SESSION, {"goal": "Ship farewell() with docs",
                                            "nextSteps": ["Finish NOTES.md"]})
        path = self.checkpoint_file(BASIC_SESSION)
        unsigned = self.checkpoint(BASIC_SESSION)
        unsigned.pop("mac")
        path.write_text(json.dumps(unsigned), encoding="utf-8")
        before = path.read_bytes()
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=-5)
        self.start()
        self.start()
        self.assertEqual(path.read_bytes(), before)
        self.assertEqual(sorted(p.name for p in path.parent.glob("*.untrusted")), [])
        result = self.recover()  # by hand it looks again, and says why it leaves it
        self.assertIn(b"resumedFrom", result.stdout)
        self.assertEqual(path.read_bytes(), before)

    def test_a_transcript_without_work_leaves_no_file_and_is_not_read_again(self):
        files = self.project_files()
        self.chat(OTHERS[0])
        patch, reads = self.counting_reads()
        with patch:
            self.assertIsNone(self.start())
            self.assertEqual(self.project_files(), files)
            self.assertFalse((self.project / CHECKPOINT_DIR).exists())
            self.start()
            self.assertEqual(reads, [OTHERS[0]])
            with open(str(self.folder / (OTHERS[0] + ".jsonl")), "ab") as grown:
                grown.write(jsonl({"type": "user", "message": {"role": "user",
                                                               "content": "More?"}}))
            self.start()  # a transcript that changed is read again
        self.assertEqual(reads, [OTHERS[0], OTHERS[0]])
        self.assertEqual(self.project_files(), files)
        record = list((self.home / ".local" / "state" / "session-checkpoint" / "recovery")
                      .iterdir())
        self.assertEqual(len(record), 1)
        if os.name != "nt":
            self.assertEqual(record[0].stat().st_mode & 0o777, 0o600)
            self.assertEqual(record[0].parent.stat().st_mode & 0o777, 0o700)
        self.assertNotIn(str(self.project), record[0].read_text(encoding="utf-8"))

    def test_a_checkpoint_the_user_removed_is_not_recovered_again(self):
        for session_id, command in ((BASIC_SESSION, ["delete", BASIC_SESSION]),
                                    (TODOWRITE_SESSION, ["prune", "--keep", "0"])):
            transcript = self.put_fixture("transcript-basic.jsonl", session_id, age=30)
            self.snapshot_at_session_end(transcript, session_id)
            result = run_main(command, self.env, cwd=self.project)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertEqual(self.recovered_selectors(), [])
            self.start()
            self.assertEqual(self.recovered_selectors(), [], command)
            listed = self.recover("--dry-run").stdout.decode("utf-8")
            self.assertIn("skipped %s" % session_id, listed)
            self.assertIn("was removed (delete or prune)", listed)
        # A transcript that changes after the removal did new work: it is recovered.
        with open(str(self.folder / (BASIC_SESSION + ".jsonl")), "ab") as grown:
            grown.write(b"\n")
        self.start()
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_transcripts_older_than_7_days_are_left_alone(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=8 * DAY)
        self.put_fixture("transcript-todowrite.jsonl", TODOWRITE_SESSION, age=6 * DAY)
        self.start()
        self.assertEqual(self.recovered_selectors(), [TODOWRITE_SESSION])

    def test_at_most_3_are_recovered_at_a_start_the_newest_first(self):
        for age, session_id in enumerate(OTHERS[:4]):
            self.put_fixture("transcript-basic.jsonl", session_id, age=60 * age)
        self.start()
        self.assertEqual(self.recovered_selectors(), OTHERS[:3])
        self.start()
        self.assertEqual(self.recovered_selectors(), OTHERS[:4])

    def test_at_most_5_transcripts_are_read_at_a_start(self):
        for session_id in OTHERS[:7]:
            self.chat(session_id)
        patch, reads = self.counting_reads()
        with patch:
            self.start()
            self.assertEqual(len(reads), 5)
            self.start()
        self.assertEqual(sorted(reads), sorted(OTHERS[:7]))

    def test_a_start_stops_reading_at_its_deadline(self):
        for session_id in OTHERS[:3]:
            self.chat(session_id)
        patch, reads = self.counting_reads()
        with patch, mock.patch.dict(checkpoint_mcp.LIMITS, recoverSeconds=0.0):
            self.start()
        self.assertLessEqual(len(reads), 1)

    def test_a_transcript_from_another_directory_sharing_the_folder_is_left_alone(self):
        # "/x/my.app" and "/x/my-app" have the same transcript folder in Claude Code.
        data = (FIXTURES / "transcript-basic.jsonl").read_bytes().replace(
            FIXTURE_PROJECT.encode(), (str(self.project) + "-elsewhere").encode())
        self.put_bytes(BASIC_SESSION, data)
        self.start()
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_autosave_off_recovers_nothing(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        for value in ("0", "off"):
            with self.subTest(value=value):
                self.assertIsNone(self.start(self.env_with(SESSION_CHECKPOINT_AUTOSAVE=value)))
                self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_nudge_off_still_recovers_but_prints_nothing(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.assertIsNone(self.start(self.env_with(SESSION_CHECKPOINT_NUDGE="0")))
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_the_nudge_names_what_this_start_recovered(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.put_fixture("transcript-todowrite.jsonl", TODOWRITE_SESSION, age=60)
        context = self.start()
        self.assertIn("has 2 saved session checkpoints", context)
        self.assertIn("This session start recovered 2 of them (%s, %s)"
                      % (BASIC_SESSION, TODOWRITE_SESSION), context)
        self.assertIn("ended without saving them (killed, for instance) or are still running "
                      "in another terminal", context)
        self.assertIn("call the load_session_checkpoint tool", context)
        context = self.start()  # the next start recovered nothing
        self.assertIn("has 2 saved session checkpoints", context)
        self.assertNotIn("recovered", context)

    def test_the_brief_of_a_recovered_checkpoint_says_where_it_came_from(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.start()
        brief = self.shown_brief(BASIC_SESSION)
        self.assertIn("\u2699 Automatic snapshot, recovered from the transcript of a session "
                      "that did not end normally (killed, for instance) or was still running "
                      "in another terminal (its last entry ", brief)
        self.assertIn("not by the agent", brief)

    def test_a_session_end_that_saves_while_recovery_reads_wins(self):
        # /clear: the old session's SessionEnd may run beside the new session's start.
        transcript = self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        real = checkpoint_mcp.read_transcript
        ended = []

        def read_then_session_end(path, deadline):
            facts = real(path, deadline)
            if not ended:  # recovery's read: the old session's SessionEnd saves meanwhile
                ended.append(path)
                self.snapshot_at_session_end(transcript, BASIC_SESSION)
            return facts
        with mock.patch.object(checkpoint_mcp, "read_transcript", read_then_session_end):
            context = self.start()
        self.assertEqual(self.checkpoint(BASIC_SESSION)["meta"]["auto"]["source"], "session-end")
        self.assertNotIn("recovered", context)
        self.assertFalse((self.project / CHECKPOINT_DIR
                          / (BASIC_SESSION + ".json.prev")).exists())

    def test_two_starts_at_once_recover_a_transcript_once(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        contexts = []
        threads = [threading.Thread(target=lambda: contexts.append(self.start(session_id=name)))
                   for name in (CURRENT, OTHERS[7])]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])
        self.assertEqual(sum("recovered %s" % BASIC_SESSION in context for context in contexts), 1)
        self.assertFalse((self.project / CHECKPOINT_DIR
                          / (BASIC_SESSION + ".json.prev")).exists())


class LiveSessionTest(RecoveryTestCase):
    """A session still running in another terminal looks like a killed one."""

    def test_a_live_session_recovered_by_another_start_still_resumes_as_its_agent_asks(self):
        self.agent_save("earlier", {"goal": "Ship the farewell helper",
                                    "decisions": ["farewell() mirrors greet()"]})
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.start()  # another terminal's start takes the live session for a crashed one
        self.assertEqual(self.checkpoint(BASIC_SESSION)["meta"]["auto"]["source"], "recovered")
        self.agent_save(BASIC_SESSION, {"resumedFrom": "earlier", "mode": "merge",
                                        "summary": "picked up where earlier left off"})
        data = self.checkpoint(BASIC_SESSION)
        self.assertEqual(data["resumedFrom"], "earlier")
        self.assertEqual(data["goal"]["primary"], "Ship the farewell helper")
        self.assertEqual(data["decisions"], ["farewell() mirrors greet()"])
        self.assertNotIn("auto", data["meta"])


class QuietWindowTest(RecoveryTestCase):

    def test_a_transcript_written_a_moment_ago_waits_for_the_next_start(self):
        # As at a /clear: the old session's SessionEnd may be saving it at this moment.
        with mock.patch.dict(checkpoint_mcp.LIMITS, recoverQuietSeconds=10):
            self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=2)
            self.assertIsNone(self.start())
            self.assertFalse(self.checkpoint_file(BASIC_SESSION).exists())
            self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=20)
            self.assertIn("recovered " + BASIC_SESSION, self.start())
            self.assertTrue(self.checkpoint_file(BASIC_SESSION).exists())


class HostileTranscriptTest(RecoveryTestCase):

    @unittest.skipIf(os.name == "nt", "symbolic links need privileges on Windows")
    def test_a_symlinked_transcript_is_not_followed(self):
        target = self.tmp / "elsewhere.jsonl"
        target.write_bytes((FIXTURES / "transcript-basic.jsonl").read_bytes().replace(
            FIXTURE_PROJECT.encode(), str(self.project).encode()))
        os.symlink(str(target), str(self.folder / (BASIC_SESSION + ".jsonl")))
        patch, reads = self.counting_reads()
        with patch:
            self.start()
        self.assertEqual(reads, [])
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        result = self.recover("--dry-run")
        self.assertIn(b"skipped %s" % BASIC_SESSION.encode(), result.stdout)
        self.assertIn(b"symbolic link", result.stdout)

    def test_an_oversized_transcript_is_left_to_the_recover_command(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        patch, reads = self.counting_reads()
        with patch, mock.patch.dict(checkpoint_mcp.LIMITS, recoverBytes=100000):
            context = self.start()
            self.assertEqual(reads, [])
            self.assertFalse((self.project / CHECKPOINT_DIR).exists())
            self.assertIn("1 transcript(s) of earlier sessions here were too large or too slow",
                          context)
            self.assertIn("checkpoint.pyz recover", context)
            result = self.recover()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_a_transcript_too_slow_for_a_start_is_left_to_the_recover_command(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)

        def too_slow(path, deadline):
            raise TimeoutError("gave up")
        with mock.patch.object(checkpoint_mcp, "read_transcript", too_slow):
            self.assertIn("too large or too slow", self.start())
        patch, reads = self.counting_reads()
        with patch:
            self.assertIn("too large or too slow", self.start())
            self.assertEqual(reads, [])  # remembered: no start pays for it again
            self.assertEqual(self.recover().returncode, 0)
        self.assertEqual(reads, [BASIC_SESSION])
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_garbage_transcripts_are_skipped_without_a_crash(self):
        garbage = [b"", b"\x00\xff\xfe" * 1000, b"not json\n" * 100, b"{" * 100000 + b"\n",
                   b"[" * 100000 + b"\n", jsonl({"type": "assistant", "message": [1, 2]}),
                   jsonl({"type": "assistant", "cwd": 5, "timestamp": ["x"], "message": {
                       "content": [{"type": "tool_use", "id": "t1", "name": "Bash",
                                    "input": {"command": 7}}]}}),
                   (FIXTURES / "transcript-basic.jsonl").read_bytes()[:5000]]
        for session_id, data in zip(OTHERS, garbage):
            self.put_bytes(session_id, data)
        self.start()
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_work_with_garbage_times_is_still_recovered_once(self):
        transcript = Transcript(OTHERS[0]).prompt("Build").bash("b1", "make", "ok")
        transcript.raw(jsonl({"type": "assistant", "timestamp": "not a time", "message": {
            "content": [{"type": "text", "text": "Built."}]}}))
        self.put_transcript(transcript, OTHERS[0])
        self.start()
        path = self.checkpoint_file(OTHERS[0])
        saved = path.read_bytes()
        self.start()
        self.assertEqual(path.read_bytes(), saved)

    def test_a_line_timestamp_that_is_no_time_is_not_kept(self):
        token = "ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
        transcript = Transcript(OTHERS[0]).prompt("Run it.").bash("c1", "ls", "app.py")
        transcript.lines[1] = jsonl(dict(json.loads(transcript.lines[1].decode("utf-8")),
                                         timestamp="2026-12-02T13:24:02.x \x1b[2J " + token))
        self.put_transcript(transcript, OTHERS[0])
        self.start()
        commands = self.checkpoint(OTHERS[0])["recentCommands"]
        self.assertEqual([command["command"] for command in commands], ["ls"])
        self.assertNotIn(token, self.checkpoint_file(OTHERS[0]).read_text(encoding="utf-8"))
        self.assertRegex(commands[0]["at"], r"^\d{4}-\d\d-\d\dT[\d:.]+Z$")

    def test_entries_that_are_no_transcript_are_passed_over(self):
        (self.folder / (OTHERS[0] + ".jsonl")).mkdir()
        (self.folder / "memory").mkdir()
        (self.folder / "notes.txt").write_text("x", encoding="utf-8")
        self.put_fixture("transcript-basic.jsonl", "legacy")
        self.put_fixture("transcript-basic.jsonl", "..bad")
        if hasattr(os, "mkfifo"):
            os.mkfifo(str(self.folder / (OTHERS[1] + ".jsonl")))
        started = time.monotonic()
        self.assertIsNone(self.start())
        self.assertLess(time.monotonic() - started, 5)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_a_hostile_or_unwritable_record_changes_nothing_but_rereading(self):
        self.chat(OTHERS[0])
        self.start()
        record = next((self.home / ".local" / "state" / "session-checkpoint" / "recovery")
                      .iterdir())
        for data in (b"garbage", b"[]", b'{"transcripts": {"x": [1, 2, "no-work"]}}',
                     json.dumps({"transcripts": {OTHERS[0]: [1e99, "x", "no-work"]}}).encode(),
                     b"{" * 100000):
            with self.subTest(data=data[:30]):
                record.write_bytes(data)
                patch, reads = self.counting_reads()
                with patch:
                    self.assertIsNone(self.start())
                self.assertEqual(reads, [OTHERS[0]])
        blocked = self.tmp / "blocked"
        blocked.write_text("a file where the state folder would be", encoding="utf-8")
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        patch, reads = self.counting_reads()
        with patch, mock.patch.dict(self.env, XDG_STATE_HOME=str(blocked)):
            self.start()
            self.start()
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])
        self.assertEqual(reads, [BASIC_SESSION, OTHERS[0], OTHERS[0]])

    def test_hook_input_without_a_usable_transcript_path_recovers_nothing(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        good = json.loads(self.start_input().decode("utf-8"))
        for transcript_path in (None, 5, "relative.jsonl", str(self.folder) + "\0/x.jsonl"):
            with self.subTest(transcript_path=transcript_path):
                stdin = json.dumps(dict(good, transcript_path=transcript_path)).encode()
                result = run_main(["--hook", "session-start"], self.env, cwd=self.tmp,
                                  stdin=stdin)
                self.assertEqual((result.returncode, result.stderr, result.stdout),
                                 (0, b"", b""))
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())


class RecoverCommandTest(RecoveryTestCase):

    def test_dry_run_lists_and_writes_nothing(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        self.chat(OTHERS[0])
        state = self.home / ".local" / "state"
        result = self.recover("--dry-run")
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout.decode("utf-8")
        self.assertIn("would recover %s (transcript written just now): no checkpoint yet"
                      % BASIC_SESSION, out)
        self.assertIn("skipped %s (transcript written just now): no edit, command or todo list"
                      % OTHERS[0], out)
        self.assertIn("Dry run: would recover 1 of the 2 transcript(s) of the last 7 days in %s;"
                      " nothing was changed." % self.folder, out)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        self.assertFalse(state.exists())

    def test_recover_writes_and_says_what(self):
        for session_id in OTHERS[:4]:
            self.put_fixture("transcript-basic.jsonl", session_id)
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION, age=9 * DAY)
        result = self.recover()
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout.decode("utf-8")
        for session_id in OTHERS[:4]:  # by hand, more than a start's three
            self.assertIn("recovered %s (transcript written just now): no checkpoint yet, "
                          "%s/%s.json" % (session_id, CHECKPOINT_DIR, session_id), out)
        self.assertIn("Recovered 4 of the 4 transcript(s) of the last 7 days in %s (1 older "
                      "left alone)." % self.folder, out)
        self.assertEqual(self.recovered_selectors(), OTHERS[:4])
        self.assertEqual(self.checkpoint(OTHERS[0])["meta"]["auto"]["source"], "recovered")
        again = self.recover().stdout.decode("utf-8")
        self.assertIn("skipped %s (transcript written just now): its checkpoint is newer than "
                      "the transcript" % OTHERS[0], again)
        self.assertIn("Nothing to recover among the 4 transcript(s)", again)

    def test_the_running_session_is_left_alone(self):
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        result = self.recover(env=self.env_with(CLAUDE_CODE_SESSION_ID=BASIC_SESSION))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_the_folder_is_found_through_claude_config_dir(self):
        config = self.tmp / "claude-config"
        self.folder = (config / "projects"
                       / checkpoint_mcp.claude_project_folder_name(str(self.project)))
        self.folder.mkdir(parents=True)
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        result = self.recover(env=self.env_with(CLAUDE_CONFIG_DIR=config))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(str(self.folder).encode(), result.stdout)
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_the_folder_is_found_under_home_for_a_path_with_dots_and_underscores(self):
        project = make_git_repo(self.tmp / "my.app_v2", self.env)
        folder = self.home / ".claude" / "projects" / re.sub("[^A-Za-z0-9]", "-", str(project))
        folder.mkdir(parents=True)
        self.assertEqual(folder.name, checkpoint_mcp.claude_project_folder_name(str(project)))
        self.project, self.folder = project, folder
        self.put_fixture("transcript-basic.jsonl", BASIC_SESSION)
        result = self.recover("--root", str(project), cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.recovered_selectors(), [BASIC_SESSION])

    def test_no_transcript_folder_is_a_clear_error(self):
        other = make_git_repo(self.tmp / "other", self.env)
        result = self.recover(cwd=other)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        lines = result.stderr.decode("utf-8").splitlines()
        self.assertEqual(len(lines), 1, lines)
        expected = self.home / ".claude" / "projects" / checkpoint_mcp.claude_project_folder_name(
            str(other))
        self.assertIn("checkpoint.pyz recover: no Claude Code transcript folder for %s: looked "
                      "for %s" % (other, expected), lines[0])
        result = self.recover(cwd=other, env=self.env_with(CLAUDE_CONFIG_DIR=self.tmp / "cfg"))
        self.assertIn(str(self.tmp / "cfg" / "projects").encode(), result.stderr)

    def test_help_describes_it(self):
        result = run_main(["recover", "--help"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0)
        self.assertIn(b"--dry-run", result.stdout)
        self.assertIn(b"~/.claude/projects/", result.stdout)


class FolderNameTest(unittest.TestCase):
    """The transcript folder names Claude Code 2.1.332 made for these project paths
    (seen by running it in each)."""

    SEEN = {
        "/home/me/project": "-home-me-project",
        "/tmp/session-checkpoint-probe/my.app_v2 (copy)":
            "-tmp-session-checkpoint-probe-my-app-v2--copy-",
        "/tmp/session-checkpoint-probe/caf\u00e9-\U0001F600":
            "-tmp-session-checkpoint-probe-caf----",
        "/tmp/session-checkpoint-probe/" + "a" * 230:
            "-tmp-session-checkpoint-probe-" + "a" * 170 + "-cj4ohm",
        "/tmp/session-checkpoint-probe/" + "b" * 150 + "/" + "c" * 150:
            "-tmp-session-checkpoint-probe-" + "b" * 150 + "-" + "c" * 19 + "-zad9m1",
    }

    def test_every_character_but_ascii_letters_and_digits_becomes_a_dash(self):
        for path, name in self.SEEN.items():
            with self.subTest(path=path[:60]):
                self.assertEqual(checkpoint_mcp.claude_project_folder_name(path), name)

    def test_claude_code_project_dir_name_names_the_folder_under_claude_config_dir(self):
        folders = checkpoint_mcp.claude_transcript_folders(
            ["/home/me/project"], {"CLAUDE_CONFIG_DIR": "/cfg", "HOME": "/home/me",
                                   "CLAUDE_CODE_PROJECT_DIR_NAME": "shared_name"})
        self.assertEqual(folders, [os.path.join("/cfg", "projects", "shared_name")])
        for environ in ({"HOME": "/home/me", "CLAUDE_CODE_PROJECT_DIR_NAME": "shared_name"},
                        {"CLAUDE_CONFIG_DIR": "/cfg", "CLAUDE_CODE_PROJECT_DIR_NAME": "../x"}):
            with self.subTest(environ=environ):
                folder = checkpoint_mcp.claude_transcript_folders(["/home/me/project"], environ)
                self.assertEqual(os.path.basename(folder[0]), "-home-me-project")


if __name__ == "__main__":
    unittest.main()
