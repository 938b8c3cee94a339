"""Look-alikes of secrets that are not secrets, each standing for a class: a word of
prose after a password flag, a package's version range, a regular expression, cookies
that hold preferences, a `<placeholder>` with spaces, a key's fingerprint after its
algorithm, base64 of ordinary JSON; and what tool output holds beside a credential word:
a word that only contains one (`keyword`), a UUID in a path, a cache key ending in a
digest, a key's or a token's name where its value would be, an id named as one."""
import string
import unittest
import uuid

from tests.support import RedactionAssertions, SeededText

HEX = "0123456789abcdef"


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



class ToolOutputLookAlikesTest(RedactionAssertions, unittest.TestCase):
    """Lines of the kind a command prints or a file holds, with a credential word near a
    generated-looking value that is no secret."""

    def setUp(self):
        self.seeded = SeededText(29)

    def test_a_word_that_only_contains_a_credential_word_names_nothing(self):
        self.assertKept("tar xz --warning=no-unknown-keyword --overwrite -C /tmp/%s -f /tmp/%s.tgz"
                        % (uuid.UUID(int=self.seeded.getrandbits(128)),
                           uuid.UUID(int=self.seeded.getrandbits(128))))
        self.assertKept("keyboard layout: xkb-%s" % self.seeded.text(string.ascii_letters + "0123456789", 20))

    def test_a_uuid_in_a_path_after_a_credential_word_is_an_id(self):
        self.assertKept("token refresh wrote /var/run/app/%s" % uuid.UUID(int=self.seeded.getrandbits(128)))
        secret = str(uuid.UUID(int=self.seeded.getrandbits(128)))
        self.assertRedacted("secret key: %s" % secret, secret)

    def test_a_cache_key_that_ends_in_a_digest_is_kept(self):
        digest = self.seeded.text(HEX, 64)
        self.assertKept("Cache restored from key: setup-node-2-x86_64-linux-1.4.20-%s" % digest)
        self.assertKept("No cache found for key: deps-3.11.7-%s" % digest)

    def test_a_name_where_a_keys_value_would_be_is_code(self):
        self.assertKept("const DRAFTS_KEY = 'drafts';")
        self.assertKept("        cursor_key: cursor_key,")
        self.assertKept("  headers: { _xsrf_token: xsrfToken },")
        self.assertKept("localStorage.setItem(storageKey, value)  // storage_key: 'ui.prefs'")
        # …but a password is whatever it is, and a key's value with digits or mixed case
        # may be one.
        self.assertRedacted("password: hunter2", "hunter2")
        self.assertRedacted("api_key: 'k3yMaterial9'", "k3yMaterial9")
        self.assertRedacted("token: swordfish2024", "swordfish2024")

    def test_a_value_named_as_an_id_is_kept_beside_a_credential_word(self):
        request = "req_" + self.seeded.text(string.ascii_letters + "0123456789", 24)
        self.assertKept('{"message": "x-api-key header is required", "type": '
                        '"authentication_error"}, "request_id": "%s"' % request)
        self.assertKept('error: invalid api key (requestId=%s)' % request)
        secret = self.seeded.text(string.ascii_letters + "0123456789", 32)
        self.assertRedacted('vault write auth/approle/login role_id=web secret_id=%s' % secret, secret)
        self.assertRedacted('"api_key": "%s", "request_id": "r-1"' % secret, secret)


    def test_references_to_a_secret_in_other_tools_syntax_are_kept(self):
        for line in ("storePassword=$env:DB_PASSWORD", 'sqlcmd -U sa -P "$env:SQLPW" -Q "SELECT 1"',
                     'auth_token = "((vault_token))"', "ENV storePassword=((store_password))",
                     "export CLIENT_SECRET=__CLIENT_SECRET__", 'api_key: "@@API_KEY@@"',
                     'password = "!vault-lookup prod/db"', 'export DEPLOY_TOKEN="#{Octopus.Action.Token}"',
                     '{"adminPassword": "@Microsoft.KeyVault(SecretUri=https://kv.vault.azure.net/secrets/admin)"}',
                     'client_secret = "ENC[AES256_GCM,data:...,type:str]"', 'vault_token = "secretRef: db-creds"',
                     "ibmcloud login --apikey @~/.ibm/apikey.json -r eu-de",
                     "xcrun altool --upload-app -f App.ipa -u dev@example.com -p @keychain:AC_PASSWORD",
                     "databricks configure --token  # prompts for the token"):
            self.assertKept(line)

    def test_public_values_beside_a_credential_word_are_kept(self):
        fingerprint = self.seeded.text("0123456789ABCDEF", 40)
        self.assertKept("gpg --keyserver keys.openpgp.org --recv-keys %s" % fingerprint)
        address = "0x" + self.seeded.text("0123456789abcdefABCDEF", 40)
        self.assertKept("deployer address %s (the private key stays in the vault)" % address)
        self.assertKept("ocid1.instance.oc1.eu-frankfurt-1.%s" % self.seeded.text(string.ascii_lowercase + "234567", 60))
        self.assertKept("Mux asset id %s, playback id %s" % (
            self.seeded.text(string.ascii_letters + "0123456789", 40),
            self.seeded.text(string.ascii_letters + "0123456789", 40)))
        # …and an Ethereum private key is still one.
        private = "0x" + self.seeded.text(HEX, 64)
        self.assertRedacted("PRIVATE_KEY=%s" % private, private[2:])

    def test_a_hash_word_counts_only_at_a_words_start(self):
        token = self.seeded.text(HEX, 40)
        self.assertRedacted("axios.defaults.headers.common['Authorization'] = 'token %s';" % token, token)
        self.assertKept("git rev-parse HEAD is %s; token refresh unchanged" % token)


    def test_ids_and_sealed_values_beside_a_credential_word_are_kept(self):
        alnum = string.ascii_letters + "0123456789"
        for line in (
                "md5sum backup.sql\n%s  backup.sql" % self.seeded.text(HEX, 32),
                "x-amz-request-id: 8F0D2A\nx-amz-id-2: %s" % self.seeded.text(alnum + "+/", 56),
                "chatcmpl-%s finished with stop" % self.seeded.text(alnum, 29),
                "Auth0 user auth0|%s signed in" % self.seeded.text(HEX, 24),
                "https://login.example.com/authorize?response_type=code&code_challenge=%s"
                % self.seeded.text(alnum + "-_", 43),
                "  DB_PASSWORD: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]"
                % (self.seeded.text(alnum + "/", 24), self.seeded.text(alnum, 24), self.seeded.text(alnum, 22)),
                "spec:\n  encryptedData:\n    password: AgB%s" % self.seeded.text(alnum + "+/", 300),
                "gcloud secrets versions access latest --secret=relay-db-password",
                "CI masks anything registered with ::add-mask::, so logs show ***.",
                "Vault lease database/creds/billing/%s renewed, ttl=768h" % self.seeded.text(alnum, 24),
                "password reset requested (request %s)" % uuid.UUID(int=self.seeded.getrandbits(128)),
                "Build ok, images: gcr.io/acme/auth-gateway:%s" % self.seeded.text(HEX, 40)):
            self.assertKept(line)
        secret = self.seeded.text(alnum, 24)
        self.assertRedacted("vault write auth/approle/login secret_id=%s" % secret, secret)
        self.assertRedacted("thingsboard: curl -X POST http://tb.lan:8080/api/v1/%s/telemetry" % secret, secret)


    def test_protocol_values_and_documented_examples_are_kept(self):
        alnum = string.ascii_letters + "0123456789"
        self.assertKept("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE (the documentation's example key)")
        self.assertKept("Cookie: _ga=GA1.2.%d.%d; _gid=GA1.2.%d; lang=en" % (
            self.seeded.getrandbits(30), self.seeded.getrandbits(30), self.seeded.getrandbits(30)))
        self.assertKept("Sec-WebSocket-Key: %s==\nSec-WebSocket-Accept: %s=" % (
            self.seeded.text(alnum + "+/", 22), self.seeded.text(alnum + "+/", 27)))
        self.assertKept('uid: %s\nresourceVersion: "9563014"' % uuid.UUID(int=self.seeded.getrandbits(128)))
        self.assertKept("Content-Type: multipart/form-data; boundary=----WebKitFormBoundary%s"
                        % self.seeded.text(alnum, 16))
        self.assertRedacted("Cookie: _ga=GA1.2.1.2; session=%s" % ("Qx7Tz2Lp9Vb4" * 2), "Qx7Tz2Lp9Vb4")


    def test_anchors_formats_public_keys_and_ids_are_kept(self):
        alnum = string.ascii_letters + "0123456789"
        for line in (
                "https://github.com/acme/web/pull/2076/files#diff-%s" % self.seeded.text(HEX, 64),
                "export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:?missing}",
                "password=%(DB_PASSWORD)s", "MAILGUN_API_KEY=key-<32 hex chars>",
                "DOPPLER_TOKEN=dp.st.<env>.<token>",
                '@SerializedName("refresh_token") val refreshToken: String?',
                "Tailscale node key nodekey:%s" % self.seeded.text(HEX, 64),
                "kid=%s alg=ES256" % self.seeded.text(alnum + "_-", 43),
                "WARN password attempt failed for user 'ines' from 10.0.4.62 (attempt 3/5)",
                "Cookie: locale=en-GB; consent=1; ab_bucket=34",
                "https://shop.example.com/?utm_source=mail&fbclid=IwAR%s" % self.seeded.text(alnum, 40)):
            self.assertKept(line)
        self.assertRedacted("export STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY:-q8Zr3LmT9vXc2Wn5}", "q8Zr3LmT9vXc2Wn5")
        self.assertRedacted("vault kv put secret/db/password:%s" % ("4f9e5b92" * 5), "4f9e5b92" * 5)
        # A placeholder's brackets are not a password's symbols.
        self.assertRedacted("password=G7#k<a9x2", "G7#k<a9x2")
        self.assertRedacted('password: "!@#$%^&"', "!@#$%^&")
        self.assertRedacted("Cookie: consent=1; session=%s" % ("Qx7Tz2Lp9Vb4" * 2), "Qx7Tz2Lp9Vb4")


    def test_what_the_look_alike_rules_leave_alone_is_never_a_chosen_secret(self):
        # Found by an attack on the rules above: each is a secret a user could write.
        alnum = string.ascii_letters + "0123456789"
        for text, secret in (
                ("JWT_KEY=mysupersecretjwtkey", "mysupersecretjwtkey"),
                ("export AUTH_TOKEN=letmeinletmein", "letmeinletmein"),
                ("MEILI_MASTER_KEY=aSampleMasterKey", "aSampleMasterKey"),
                ('headers = {"X-API-Key": "acmeinternalapikey"}', "acmeinternalapikey"),
                ("REDIS_PASSWORD=redis-pass-7731", "redis-pass-7731"),
                ("DB_PASSWORD=MyEXAMPLEcorp!2024", "MyEXAMPLEcorp!2024")):
            self.assertRedacted(text, secret)
        for text, secret in (("mysql -u root -p'!Welcome2024' appdb", "!Welcome2024"),
                             ('{"password": "$Tr0ngAdmin2024"}', "$Tr0ngAdmin2024"),
                             ("Server=db;User Id=sa;Password=$ql2019Admin;", "$ql2019Admin"),
                             ("docker login -p '$Docker2024' registry.example.com", "$Docker2024")):
            self.assertRedacted(text, secret)
        for text in ("PGPASSWORD=$PGPASS psql", "password: $DB_PASSWORD", "DB_PASSWORD: !Ref DbPassword",
                     'password = "$db_pass"', "password: !vault |"):
            self.assertKept(text)
        token = self.seeded.text(alnum, 40)
        for text in ("curl https://onetimesecret.example/secret/%s" % token,
                     '{"access": {"token": {"id": "%s", "expires": "soon"}}}' % token,
                     "twitter|%s" % token, "id  %s" % token):
            self.assertRedacted(text, token)


if __name__ == "__main__":
    unittest.main()
