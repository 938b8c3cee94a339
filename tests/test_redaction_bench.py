"""The redaction's measure on transcripts (bench/redaction_on_transcripts.py): every kind
of text a transcript holds is read, each distinct line counted once, and a changed line
is shown only when asked, with no terminal control in it."""
import contextlib
import importlib.util
import io
import json
import string
import unittest

from tests.support import REPO, SeededText, TempDirTestCase
from tests.support import leaks as support_leaks


def load_bench():
    spec = importlib.util.spec_from_file_location(
        "redaction_on_transcripts", str(REPO / "bench" / "redaction_on_transcripts.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class RedactionOnTranscriptsTest(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.secret = SeededText(7).text(string.ascii_letters + string.digits, 32)
        lines = [
            {"type": "user", "message": {"role": "user", "content": "fix the login test"}},
            {"type": "assistant", "message": {"role": "assistant", "content": [
                {"type": "text", "text": "Running the tests now.\nRunning the tests now."},
                {"type": "tool_use", "id": "t1", "name": "Bash", "input": {
                    "command": "API_TOKEN=%s npm test" % self.secret, "timeout": 5}}]}},
            {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "t1",
                 "content": [{"type": "text", "text": "\x1b[31mtoken %s refused\x1b[0m\nsha256: %s"
                                              % (self.secret, "ab" * 32)}]}]}},
            "not an object",
        ]
        folder = self.tmp / "transcripts"
        folder.mkdir()
        (folder / "session.jsonl").write_text(
            "\n".join(json.dumps(line) for line in lines) + "\n{broken\n", encoding="utf-8")
        (folder / "notes.txt").write_text("password: %s\n" % self.secret, encoding="utf-8")
        self.folder = folder
        self.bench = load_bench()

    def run_bench(self, *options):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            self.assertEqual(self.bench.main([str(self.folder)] + list(options)), 0)
        return out.getvalue()

    def test_each_kind_is_counted_and_only_the_secret_changes(self):
        report = self.run_bench()
        self.assertIn("prompt        1 lines     0 changed", report)
        self.assertIn("reply         1 lines     0 changed", report)  # the repeated line once
        self.assertIn("tool          1 lines     1 changed", report)
        self.assertIn("result        2 lines     1 changed", report)
        self.assertIn("all           5 lines     2 changed", report)
        self.assertNotIn(self.secret, report)

    def test_show_prints_the_changed_line_without_terminal_controls(self):
        report = self.run_bench("--show")
        self.assertIn("--- tool", report)
        self.assertIn(self.secret, report)  # the line as it was: the reader judges it
        self.assertIn("now API_TOKEN=«redacted» npm test", report)
        self.assertIn("--- result", report)
        self.assertIn("now [31mtoken «redacted» refused[0m", report)
        self.assertNotIn("\x1b", report)


if __name__ == "__main__":
    unittest.main()


class LeakMeasureTest(unittest.TestCase):
    """What counts as a leak when a corpus is scored: any 16 characters of the secret that
    survive, except a PEM block's armour lines (redaction keeps them readable)."""

    def test_a_pem_body_counts_and_its_armour_does_not(self):
        spec = importlib.util.spec_from_file_location("redaction_recall", str(REPO / "bench" / "redaction_recall.py"))
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        body = SeededText(3).text(string.ascii_letters + string.digits, 64)
        secret = "-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % body
        for leaks in (bench.leaks, support_leaks):
            self.assertFalse(leaks(secret, "-----BEGIN EC PRIVATE KEY-----«redacted»-----END EC PRIVATE KEY-----"))
            self.assertTrue(leaks(secret, "-----BEGIN EC PRIVATE KEY-----\n" + body[:20] + "«redacted»"))
            self.assertTrue(leaks(body, "token " + body[10:30]))
            self.assertFalse(leaks(body, "token «redacted»"))
