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

    def test_a_passphrase_of_dotted_words_after_a_password_name(self):
        self.assertRedacted("set DB_PASSWORD=nimbus.comet.spruce.jasper", "nimbus.comet")
        self.assertRedacted("spring.datasource.password=willow.reef.comet.magnet", "willow.reef")
        self.assertRedacted("Key         Value\npassword    fossil.olive.lotus.prairie\n", "fossil.olive")
        self.assertKept("password = config.database.password")
        self.assertKept("db_password: settings.database.main")
        self.assertKept("token = request.headers.authorization")

    def test_make_assignments(self):
        self.assertRedacted("DEPLOY_PASSWORD := summit_kestrel_dragon_tundra\ndeploy:", "summit_kestrel")
        self.assertRedacted("API_TOKEN ?= Qx7Tz2Lp9Vb4", "Qx7Tz2Lp9Vb4")
        self.assertKept("TOKEN_TTL := 3600")


if __name__ == "__main__":
    unittest.main()
