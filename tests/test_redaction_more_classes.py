"""Secrets in shapes that no earlier rule read, each standing for a class: a secret's
name and its value as two members (`name: DB_PASSWORD` then `value: …`), a passphrase
of dotted words after a password's name, and `NAME := value`."""
import unittest

import checkpoint_mcp


class MoreClassesTest(unittest.TestCase):

    def assertRedacted(self, text, secret):
        redacted, count = checkpoint_mcp.redact_text(text)
        self.assertGreaterEqual(count, 1, text)
        self.assertNotIn(secret, redacted)

    def assertKept(self, text):
        self.assertEqual(checkpoint_mcp.redact_text(text), (text, 0))

    def test_a_value_after_its_secret_name_member(self):
        self.assertRedacted('env:\n  - name: ACME_API_KEY\n    value: "9c3c8a008663087f7324e8206dc64f48"',
                            "9c3c8a008663087f7324e8206dc64f48")
        self.assertRedacted('[{"name": "DB_PASSWORD", "value": "plain words"}]', "plain words")
        self.assertRedacted("- name: SESSION_SECRET\n  value: rainbowfish", "rainbowfish")
        self.assertKept('- name: TOKEN_TTL\n  value: "3600"')
        self.assertKept("- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db")
        self.assertKept('- name: API_KEY\n  value: "${API_KEY}"')


if __name__ == "__main__":
    unittest.main()
