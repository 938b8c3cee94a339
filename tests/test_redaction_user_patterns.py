"""The user's own redaction patterns: regular expressions in the state folder's
`redact-patterns` file, for formats no rule knows (a company's internal tokens). A save, a
snapshot and the `redact` command take what they match; a line that is no pattern is left
out and said (by each save and by doctor), and a file that cannot be used is used not at
all, never half."""
import json
import os
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import TempDirTestCase, read_checkpoint, run_main

REDACTED = checkpoint_mcp.REDACTED

# Shapes of our own invention that no rule of the engine knows (checked below).
INTERNAL_TOKEN = "zq7.k2mxp4rt9vw3hb8n"
OTHER_TOKEN = "zq7.a8c6e2g4i0k5m1o3"


class UserPatternsTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.env["XDG_STATE_HOME"] = str(self.tmp / "state")
        self.folder = self.tmp / "state" / checkpoint_mcp.NAME
        self.folder.mkdir(parents=True)
        self.file = self.folder / checkpoint_mcp.USER_PATTERNS_FILE
        checkpoint_mcp._user_patterns.clear()  # a file of an earlier test's at the same path
        self.addCleanup(checkpoint_mcp._user_patterns.clear)

    def write_patterns(self, text, encoding="utf-8"):
        self.file.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
        checkpoint_mcp._user_patterns.clear()  # (a run looks at the file once a second)

    def redact(self, text):
        with checkpoint_mcp.RunEnvironment(self.env):
            return checkpoint_mcp.redact_text(text)

    def problems(self):
        with checkpoint_mcp.RunEnvironment(self.env):
            return checkpoint_mcp.user_patterns().problems


class PatternTest(UserPatternsTestCase):

    def test_the_shapes_are_unknown_to_the_rules(self):
        for token in (INTERNAL_TOKEN, OTHER_TOKEN):
            self.assertEqual(self.redact("deploy with %s now" % token),
                             ("deploy with %s now" % token, 0))

    def test_a_match_is_redacted_wherever_it_stands(self):
        self.write_patterns("# our internal tokens\nzq7\\.[a-z0-9]{16}\n")
        self.assertEqual(self.redact("deploy with %s now\nand %s" % (INTERNAL_TOKEN, OTHER_TOKEN)),
                         ("deploy with %s now\nand %s" % (REDACTED, REDACTED), 2))
        self.assertEqual(self.problems(), [])

    def test_a_group_named_secret_redacts_only_itself(self):
        self.write_patterns("(?i)(?:door|gate) code (?P<secret>\\d{4,8})\n(?i)(locker|badge) no\\.? *\\d{5}\n")
        self.assertEqual(self.redact("The Door code 48213 opens the lab"),
                         ("The Door code %s opens the lab" % REDACTED, 1))
        self.assertEqual(self.redact("my locker no. 90512 today"), ("my %s today" % REDACTED, 1))  # (a group
        # that only says either: the whole match)

    def test_a_pattern_that_repeats_a_repetition_is_refused(self):
        self.write_patterns("([a-z0-9]+-?)+\\.corp\\.example\\.com\nzq7\\.[a-z0-9]{16}\n")
        self.assertEqual(self.redact("a" * 60 + " and " + INTERNAL_TOKEN), ("a" * 60 + " and " + REDACTED, 1))
        self.assertIn("line 1 repeats a repetition", self.problems()[0])

    def test_patterns_whose_time_grows_too_fast_are_refused(self):
        self.write_patterns("(a|aa)+b\n.*.*.*=\na?b?c?d?e?f?g?h?i?x\n\\w+@\\w+\\.com\n(?:\\w*){20}!\n"
                            "(a+)\\1b\n" + "(ab|cd)" * 9 + "e\n(?(1)a|b)\n(?:(?=a)){100000}b\n\\w*a?a?a?a?a?!\n")
        problem = self.problems()[0]
        self.assertIn("line 1 repeats a repetition or a choice", problem)
        self.assertIn("line 2 has 3 wide repeats", problem)
        self.assertIn("line 3 can count its narrow repeats", problem)
        self.assertNotIn("line 4", problem)  # (two wide repeats: kept, on short windows)
        self.assertIn("and 6 more line(s)", problem)  # (a fixed count of a varying part, a reference back,
        # nine choices in a row, a conditional (Python 3.8 cannot even compile it), an assertion counted in
        # the hundred thousands, five `?` beside a wide repeat)
        self.assertEqual(self.redact("write to ops@example.com")[0], "write to " + REDACTED)

    def test_a_pattern_is_stopped_on_a_text_after_its_time_and_that_is_said(self):
        self.write_patterns("zq7\\.[a-z0-9]{16}\n")
        text = "use %s first, " % INTERNAL_TOKEN + "x" * 3000 + " and then " + OTHER_TOKEN
        with mock.patch.object(checkpoint_mcp, "_USER_PATTERN_SECONDS", 0.0):
            redacted, count = self.redact(text)  # (stopped after its first window)
        self.assertEqual(count, 1)
        self.assertNotIn(INTERNAL_TOKEN, redacted)
        self.assertIn("line 1, took over", self.problems()[0])
        self.assertIn("was stopped there", self.problems()[0])
        self.assertEqual(self.redact(text)[1], 2)  # (not left out: the next text gets its full time)
        with mock.patch.object(checkpoint_mcp, "_USER_PATTERN_SECONDS", 0.0):
            self.redact(text)
        self.assertEqual(len(self.problems()), 1)  # (said once, not once more for each text)

    def test_a_pattern_that_fails_while_matching_is_left_out_and_the_text_still_redacted(self):
        class Failing:
            groupindex = {}

            def finditer(self, *arguments):
                raise MemoryError()
        self.write_patterns("zq7\\.[a-z0-9]{16}\n")
        with checkpoint_mcp.RunEnvironment(self.env):
            checkpoint_mcp.user_patterns().regexes[0].regex = Failing()
        self.assertEqual(self.redact("GITHUB_TOKEN=ghp_" + "a1B2c3D4e5" * 4)[1], 1)  # (the rules still work)
        self.assertIn("line 1, failed on a text (MemoryError)", self.problems()[0])

    def test_a_long_line_is_matched_in_overlapping_windows(self):
        self.write_patterns("zq7\\.[a-z0-9]{16}\n")
        for at in (0, 790, 990, 2500, 4980):
            with self.subTest(at=at):
                text = ("x " * 2500)[:at] + INTERNAL_TOKEN + ("x " * 2500)[at:]
                redacted, count = self.redact(text)
                self.assertEqual(count, 1)
                self.assertNotIn(INTERNAL_TOKEN, redacted)

    def test_matches_never_cut_a_marker_and_touching_ones_are_one(self):
        self.write_patterns("[a-z]\n")
        redacted, count = self.redact("password=Zebra-Lantern-49! then word")  # (a rule takes the password)
        self.assertEqual((redacted, count), ("%s=%s %s %s" % ((REDACTED,) * 4), 4))

    def test_what_a_rule_took_already_is_not_counted_twice(self):
        self.write_patterns("password=(?P<secret>\\S+)\n")
        redacted, count = self.redact("password=Zebra-Lantern-49!")
        self.assertEqual((redacted, count), ("password=" + REDACTED, 1))

    def test_a_bad_line_is_left_out_and_said_and_the_others_hold(self):
        self.write_patterns("zq7\\.(unclosed\n\nx*\nzq7\\.[a-z0-9]{16}\n")
        self.assertEqual(self.redact("use " + INTERNAL_TOKEN)[0], "use " + REDACTED)
        problems = self.problems()
        self.assertEqual(len(problems), 1, problems)
        self.assertIn("line 1 is not a regular expression", problems[0])
        self.assertIn("line 3 matches an empty text", problems[0])
        self.assertIn(str(self.file), problems[0])

    def test_many_bad_lines_are_said_in_one_bounded_sentence(self):
        self.write_patterns("(unclosed\n" * 500 + "zq7\\.[a-z0-9]{16}\n")
        self.assertEqual(self.redact("use " + INTERNAL_TOKEN)[1], 1)
        self.assertEqual(len(self.problems()), 1)
        self.assertIn("and 497 more line(s)", self.problems()[0])
        self.assertLess(len(self.problems()[0]), 600)

    def test_a_file_too_large_or_not_utf8_is_not_used_at_all(self):
        for content, said in ((b"zq7\\.[a-z0-9]{16}\n" + b"#" * checkpoint_mcp.LIMITS["userPatternsBytes"],
                               "over 64 KiB"),
                              (b"zq7\\.[a-z0-9]{16}\n# caf\xe9\n", "not UTF-8"),
                              (b"zq7\\.[a-z0-9]{16}\n", "")):
            with self.subTest(said=said):
                self.write_patterns(content)
                if not said:  # (the control: the same pattern, used)
                    self.assertEqual(self.redact("use " + INTERNAL_TOKEN), ("use " + REDACTED, 1))
                    continue
                self.assertEqual(self.redact("use " + INTERNAL_TOKEN), ("use " + INTERNAL_TOKEN, 0))
                self.assertEqual(len(self.problems()), 1)
                self.assertIn(said, self.problems()[0])

    def test_utf16_with_its_mark_is_read(self):  # (what Windows PowerShell 5.1 writes)
        self.write_patterns("zq7\\.[a-z0-9]{16}\r\n".encode("utf-16"))
        self.assertEqual(self.redact("use " + INTERNAL_TOKEN), ("use " + REDACTED, 1))

    def test_a_file_named_txt_a_dangling_link_or_a_relative_folder_is_said(self):
        (self.folder / (checkpoint_mcp.USER_PATTERNS_FILE + ".txt")).write_text("zq7\\.[a-z0-9]{16}\n")
        self.assertIn("the name has no .txt", self.problems()[0])
        checkpoint_mcp._user_patterns.clear()
        if os.name != "nt":
            os.symlink(str(self.tmp / "nowhere"), str(self.file))
            self.assertIn("a link to nothing", self.problems()[0])
            checkpoint_mcp._user_patterns.clear()
        with checkpoint_mcp.RunEnvironment(dict(self.env, HOME=".", XDG_STATE_HOME="")):
            self.assertIn("no absolute path", checkpoint_mcp.user_patterns().problems[0])

    def test_only_the_first_patterns_are_used(self):
        limit = checkpoint_mcp.LIMITS["userPatterns"]
        self.write_patterns("".join("word%d\n" % n for n in range(limit)) + "zq7\\.[a-z0-9]{16}\n")
        self.assertEqual(self.redact("use " + INTERNAL_TOKEN)[1], 0)
        self.assertIn("only its first %d patterns" % limit, self.problems()[0])

    @unittest.skipIf(os.name == "nt", "a FIFO is POSIX's")
    def test_a_fifo_is_never_waited_on(self):
        os.mkfifo(str(self.file))
        self.assertEqual(self.redact("use " + INTERNAL_TOKEN)[1], 0)
        self.assertIn("not a regular file", self.problems()[0])

    def test_an_edit_is_read_again(self):
        self.write_patterns("zq7\\.k[a-z0-9]{15}\n")
        self.assertEqual(self.redact(OTHER_TOKEN)[1], 0)
        self.file.write_text("zq7\\.[a-z0-9]{16}\n# now both\n", encoding="utf-8")
        with checkpoint_mcp.RunEnvironment(self.env):
            checkpoint_mcp.user_patterns().checked -= 2.0  # a second later
        self.assertEqual(self.redact(OTHER_TOKEN), (REDACTED, 1))
        self.file.unlink()
        with checkpoint_mcp.RunEnvironment(self.env):
            checkpoint_mcp.user_patterns().checked -= 2.0
        self.assertEqual(self.redact(OTHER_TOKEN)[1], 0)

    def test_another_runs_state_folder_has_its_own_patterns(self):
        self.write_patterns("zq7\\.[a-z0-9]{16}\n")
        other = dict(self.env, XDG_STATE_HOME=str(self.tmp / "elsewhere"))
        with checkpoint_mcp.RunEnvironment(other):
            self.assertEqual(checkpoint_mcp.redact_text(INTERNAL_TOKEN)[1], 0)
        self.assertEqual(self.redact(INTERNAL_TOKEN)[1], 1)


class SaveTest(UserPatternsTestCase):

    def save(self, arguments):
        with self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID="s1")) as server:
            return server.call_tool("save_session_checkpoint", arguments)

    def test_a_save_stores_no_match_and_warns_about_a_bad_line(self):
        self.write_patterns("zq7\\.[a-z0-9]{16}\n(unclosed\n")
        result = self.save({"goal": "ship with " + INTERNAL_TOKEN,
                            "recentCommands": [{"command": "deploy --key " + OTHER_TOKEN}]})
        self.assertFalse(result.get("isError"), result)
        stored = json.dumps(read_checkpoint(self.project / checkpoint_mcp.CHECKPOINT_DIR / "s1.json"))
        self.assertNotIn(INTERNAL_TOKEN, stored)
        self.assertNotIn(OTHER_TOKEN, stored)
        said = json.dumps(result)
        self.assertIn("line 2 is not a regular expression", said)
        self.assertIn("Redacted 2 secret-looking value(s).", said)


class CommandTest(UserPatternsTestCase):

    def test_redact_prints_the_text_as_a_save_stores_it(self):
        self.write_patterns("zq7\\.[a-z0-9]{16}\n")
        done = run_main(["redact"], self.env, cwd=self.project,
                        stdin=("ship %s\nthen rest\n" % INTERNAL_TOKEN).encode("utf-8"))
        self.assertEqual(done.returncode, 0)
        self.assertEqual(done.stdout.decode("utf-8"), "ship %s\nthen rest\n" % REDACTED)
        self.assertEqual(done.stderr.decode("utf-8"), "1 value(s) redacted.\n")

    def test_redact_reads_a_file_and_exits_1_when_it_took_nothing(self):
        (self.project / "notes.txt").write_text("nothing secret\n", encoding="utf-8")
        done = run_main(["redact", "notes.txt"], self.env, cwd=self.project)
        self.assertEqual((done.returncode, done.stdout), (1, b"nothing secret\n"))

    def test_redact_names_what_it_cannot_read(self):
        for argv, stdin, said in ((["redact", "missing.txt"], b"", "Cannot read missing.txt"),
                                  (["redact"], b"caf\xe9", "standard input is not UTF-8 text"),
                                  (["redact"], b"x" * (checkpoint_mcp.LIMITS["readBytes"] + 1),
                                   "standard input is over 1 MiB")):
            with self.subTest(said=said):
                done = run_main(argv, self.env, cwd=self.project, stdin=stdin)
                self.assertEqual((done.returncode, done.stdout), (1, b""))
                self.assertIn(said, done.stderr.decode("utf-8"))
                self.assertEqual(done.stderr.count(b"\n"), 1)

    def test_redact_says_a_bad_line_on_stderr(self):
        self.write_patterns("(unclosed\n")
        done = run_main(["redact"], self.env, cwd=self.project, stdin=b"text\n")
        self.assertIn("line 1 is not a regular expression", done.stderr.decode("utf-8"))

    def test_doctor_names_the_file_and_its_problems(self):
        def line():
            done = run_main(["doctor"], self.env, cwd=self.project)
            found = [text for text in done.stdout.decode("utf-8").splitlines() if "redact" in text]
            self.assertEqual(len(found), 1, done.stdout)
            return found[0]
        self.assertRegex(line(), r"^OK +redaction uses its own rules; .*%s " % checkpoint_mcp.USER_PATTERNS_FILE)
        self.write_patterns("zq7\\.[a-z0-9]{16}\n# a comment\nacme-[0-9]{6}\n")
        self.assertRegex(line(), r"^OK +redaction also takes what the 2 pattern\(s\) in ")
        self.write_patterns("(unclosed\n")
        self.assertRegex(line(), r"^WARN .*line 1 is not a regular expression.* Mend the file")


if __name__ == "__main__":
    unittest.main()
