"""Redaction, unit level: checkpoint_mcp.redact_text against the whole corpus."""
import os
import subprocess
import sys
import time
import unittest

import checkpoint_mcp
from tests import redaction_corpus as corpus

REDACTED = checkpoint_mcp.REDACTED
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def redact(text):
    return checkpoint_mcp.redact_text(text)


class CorpusTest(unittest.TestCase):

    def test_corpus_is_big_enough_and_covers_every_family(self):
        self.assertGreaterEqual(len(corpus.SECRETS), 120)
        self.assertGreaterEqual(len(corpus.BENIGN), 120)
        families = {family for family, _, _, _ in corpus.SECRETS}
        for family in ("assignment", "authorization", "url-credentials", "cli-flag", "openai",
                       "anthropic", "github", "gitlab", "slack", "stripe", "google", "aws", "npm",
                       "pypi", "twilio", "sendgrid", "jwt", "private-key", "azure"):
            self.assertIn(family, families)

    def test_every_secret_value_is_removed_and_counted(self):
        for family, text, secret, _ in corpus.SECRETS:
            with self.subTest(family=family, text=text[:80]):
                redacted, count = redact(text)
                self.assertNotIn(secret, redacted)
                self.assertGreaterEqual(count, 1)

    def test_every_benign_string_is_unchanged(self):
        for text in corpus.BENIGN:
            with self.subTest(text=text[:80]):
                self.assertEqual(redact(text), (text, 0))

    def test_the_key_name_stays_visible(self):
        for family, text, _, visible in corpus.SECRETS:
            if visible:
                with self.subTest(family=family, text=text[:80]):
                    self.assertIn(visible + REDACTED, redact(text)[0])

    def test_recall_and_false_positive_rate(self):
        caught = sum(1 for _, text, secret, _ in corpus.SECRETS
                     if secret not in redact(text)[0] and redact(text)[1] >= 1)
        flagged = sum(1 for text in corpus.BENIGN if redact(text) != (text, 0))
        recall = caught / len(corpus.SECRETS)
        false_positive_rate = flagged / len(corpus.BENIGN)
        self.assertGreaterEqual(recall, 0.99)
        self.assertLessEqual(false_positive_rate, 0.01)


class RedactTextTest(unittest.TestCase):

    def test_empty_text_is_returned_as_is(self):
        self.assertEqual(redact(""), ("", 0))

    def test_examples_from_the_issue(self):
        cases = {
            "GITHUB_TOKEN=" + "gh" + "p_" + "a1B2c3D4" * 4 + "e5F6": "GITHUB_TOKEN=" + REDACTED,
            "postgres://app:hunter2@db/x": "postgres://app:" + REDACTED + "@db/x",
            "Authorization: Bearer abc.def.ghi": "Authorization: Bearer " + REDACTED,
            "GITHUB_CLIENT_SECRET=gh_live_8f2a91 npm run dev": "GITHUB_CLIENT_SECRET=" + REDACTED + " npm run dev",
        }
        for text, expected in cases.items():
            with self.subTest(text=text):
                self.assertEqual(redact(text), (expected, 1))

    def test_count_is_one_per_secret(self):
        picked = [entry for entry in corpus.SECRETS if entry[0] in ("assignment", "github", "url-credentials")]
        text = "\n".join(text for _, text, _, _ in picked)
        redacted, count = redact(text)
        self.assertEqual(count, len(picked))
        for _, _, secret, _ in picked:
            self.assertNotIn(secret, redacted)

    def test_redacting_twice_changes_nothing_more(self):
        for _, text, _, _ in corpus.SECRETS:
            once, _ = redact(text)
            with self.subTest(text=text[:80]):
                self.assertEqual(redact(once), (once, 0))

    def test_patterns_are_one_table_with_unique_names(self):
        names = [row[0] for row in checkpoint_mcp.redaction_patterns()]
        self.assertEqual(len(names), len(set(names)))
        for name, flags, what, source in checkpoint_mcp.redaction_patterns():
            self.assertIsInstance(name, str)
            self.assertLessEqual(set(flags), set("iv"), name)
            self.assertTrue(what, name)  # the real format the row is for
            self.assertRegex(source, r"\(\?P<(%s)" % "|".join(checkpoint_mcp._GROUP_KINDS), name)
            if source.startswith("(?#needs:"):  # a needed word is text: a backslash there is never found
                needs = source[len("(?#needs:"):source.index(")")].replace("\\|", "")
                self.assertNotIn("\\", needs, name)

    def test_the_joins_made_from_the_stated_join_take_effect(self):
        # Two rows take _STATED_JOIN with parts replaced; a replacement that finds nothing would leave the
        # row wider than it says, silently.
        rows = {name: source for name, _, _, source in checkpoint_mcp.redaction_patterns()}
        join = checkpoint_mcp._STATED_JOIN
        self.assertIn("{0,100}?", join)
        self.assertIn("|és|", join)
        for name in ("password-stated-otherwise", "secret-or-pass-stated"):
            with self.subTest(name):
                self.assertIn("{0,70}?", rows[name])
                self.assertNotIn(join, rows[name])
        self.assertIn("|és|ay|", rows["password-stated-otherwise"])
        bracket_join = "(?=`|\\((?![a-z]{3,12}"
        self.assertIn(bracket_join, join)
        self.assertNotIn(bracket_join, rows["secret-or-pass-stated"])
        self.assertIn("|naar|to|là|", join)
        self.assertIn("|naar|là|", rows["secret-or-pass-stated"])  # (`to` taken out of its joins)

    def test_hostile_input_cannot_trigger_catastrophic_backtracking(self):
        hostile = [
            "a" * 20000, "A_B-C.D" * 3000, "password: " * 2000, "a=b " * 5000, "http://a:" + "b" * 20000,
            "curl " * 4000, "mysql " * 3000, "docker login " * 1500, "machine x " * 2000,
            "-----BEGIN PRIVATE KEY-----" * 700, "eyJabcdefghij." * 1400, "sk-" * 6000,
            '"password": "' * 1500, 'password="' + "\\a" * 10000, "Authorization: " * 1300,
            "x_key" * 4000, "--password " * 2000, "@:" * 10000,
            "[" + ("0, 0, 0, 0,\n" + " " * 16) * 400,  # (an array of numbers over indented lines)
            ("john " + "a" * 294 + "\r\n") * 130, "hashcat" + ("x --show " + "a" * 290 + "\r\n") * 130,
            ("passwords" + "a" * 70 + "\r\n") * 500,  # (lines a CR ends, under a cracker's or a heading's word)
            ("CORP\\" + "a" * 30 + ":") * 1200, "set SMBPass " * 3000,
            # (a password's word before thousands of spaces: SQL's `password for` took 17 s on this)
            ("the password for" + " " * 2000 + "x\n") * 30, "EPP code" + " " * 60000,
            "user.txt" * 8000, "password" + "." * 60000 + "Failed", "op item get x --fields " * 2600 + "--reveal",
            # (a recovery code's label repeated on one long line: 9 s before its line was bounded)
            ("backup code: " * 6000)[:65536], "(admin/" * 9000, "{Secret:" * 8000, "community " * 6500,
        ]
        # Not a speed target (bench/ measures speed): a catastrophic pattern takes minutes
        # on these inputs, so a bound of seconds tells a hang from a slow machine.
        for text in hostile:
            started = time.perf_counter()
            redact(text)
            with self.subTest(text=text[:30]):
                self.assertLess(time.perf_counter() - started, 5.0)


class ImportCostTest(unittest.TestCase):

    def test_import_compiles_no_regex(self):
        probe = (
            "import sys; sys.path.insert(0, %r)\n"
            "import checkpoint_mcp\n"
            "re = sys.modules.get('re')\n"
            "cached = len(re._cache) + len(getattr(re, '_cache2', ())) if re else 0\n"
            "print(cached, len(checkpoint_mcp._redaction_regexes))\n"
            "checkpoint_mcp.redact_text('API_KEY=abc123')\n"
            "print(len(checkpoint_mcp._redaction_regexes))\n" % REPO
        )
        result = subprocess.run([sys.executable, "-I", "-S", "-c", probe], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        before, after = result.stdout.decode().splitlines()
        self.assertEqual(before, "0 0")
        self.assertNotEqual(after, "0")


if __name__ == "__main__":
    unittest.main()
