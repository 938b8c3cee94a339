"""Look-alikes of secrets that are not secrets, each standing for a class: a word of
prose after a password flag, a package's version range, a regular expression, cookies
that hold preferences, a `<placeholder>` with spaces, a key's fingerprint after its
algorithm, and base64 of ordinary JSON."""
import unittest

from tests.support import RedactionAssertions


class LookAlikesTest(RedactionAssertions, unittest.TestCase):

    def test_prose_word_after_a_password_flag_is_kept(self):
        self.assertKept("Using --password via the CLI is insecure.")
        self.assertKept("pass the token in the header, not --token from a file")

    def test_version_ranges_are_kept(self):
        self.assertKept('"jsonwebtoken": "^9.0.2"')
        self.assertKept("passport-jwt-token: ~4.0.1")
        self.assertKept("secret_sauce_version = 1.2.3-rc.1")

    def test_regular_expressions_are_kept(self):
        self.assertKept("sed -i 's/^password=.*/password=REDACTED/' config.ini")
        self.assertKept("grep -E 'token=[^&]*' access.log")

    def test_preference_cookies_are_kept_session_cookies_are_not(self):
        self.assertKept("Set-Cookie: theme=dark; Path=/; Max-Age=31536000")
        self.assertKept("Cookie: theme=dark; lang=en-GB")
        self.assertRedacted("Cookie: theme=dark; session=Qx7Tz2Lp9Vb4", "Qx7Tz2Lp9Vb4")
        self.assertRedacted("Cookie: sid=abcdefgh", "abcdefgh")
        self.assertRedacted("Cookie: user_id=abcdefgh", "abcdefgh")

    def test_a_placeholder_with_spaces_in_an_authorization_header_is_kept(self):
        self.assertKept("Authorization: Basic <base64 of user:password>")
        self.assertRedacted("Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==", "dXNlcjpwYXNzd29yZDEyMw")

    def test_a_key_fingerprint_after_its_algorithm_is_kept(self):
        self.assertKept("gpg: using RSA key 9E1EF5FA2F6D9343A42694FAA400D787C7361FBE")
        self.assertKept("gpg: using EDDSA key 4F9E5B924719842BACA992C4BAFC5C9C7D3AB21E")

    def test_base64_of_ordinary_json_is_kept(self):
        self.assertKept("payload (base64): "
                        "eyJldmVudCI6ImRlcGxveSIsImVudiI6InN0YWdpbmciLCJ2ZXJzaW9uIjoiMi4yLjQifQ==")


if __name__ == "__main__":
    unittest.main()
