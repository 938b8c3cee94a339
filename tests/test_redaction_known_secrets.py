"""Secrets known by value, found wherever they stand, in formats no row of the table names:
the environment's own (a value the run's environment holds under a credential's name, or
as the password of a URL), and a secret redacted in one text of a save, found again in the
others; through the server, a hook, redact_fields and redact_text."""
import base64
import json
import unittest

from checkpoint_mcp import (CHECKPOINT_DIR, REDACTED, RunEnvironment, environment_secrets, environment_values,
                            redact_fields, redact_text, redacted_values)
from tests.support import SAVE, AutosnapTestCase, TempDirTestCase, Transcript

# Chosen passwords and a token the table's rows leave alone when nothing labels them.
CHOSEN = "tulpenfeld" + "1977"
DEPLOY = "q7Rk" + "Lm2x" + "Vb9c" + "Np4z"
PROXY_PASSWORD = "Fj" + "%40" + "rd9!x"       # percent-encoded in the URL...
PROXY_PASSWORD_PLAIN = "Fj" + "@" + "rd9!x"   # ...and as typed elsewhere


class EnvironmentSecretsTest(unittest.TestCase):

    def test_credential_names_give_their_values(self):
        environ = {"DB_PASS": CHOSEN, "DEPLOY_TOKEN": DEPLOY, "TF_VAR_db_password": "Kw3" + "zz!Tango",
                   "npm_config_//registry.example.org/:_authToken": "Zu8" + "pQ1" + "rT5" + "wE2",
                   "HOMEBREW_GITHUB_API_TOKEN": "Nb6" + "hY3" + "kR0" + "aS4",
                   "DB_USER_PASSWORD": "Gr4" + "ss!" + "hopper", "SECRET_KEY_BASE": "Mv2" + "Xc7" + "Pq5" + "Ld8"}
        self.assertEqual(set(environment_values(environ)), set(environ.values()))

    def test_a_urls_password_is_taken_whatever_the_variables_name(self):
        secrets = environment_values({"HTTPS_PROXY": "http://alice:%s@proxy:3128" % PROXY_PASSWORD,
                                       "DATABASE_URL": "postgres://app:%s@db/app" % CHOSEN})
        self.assertEqual(set(secrets), {PROXY_PASSWORD, PROXY_PASSWORD_PLAIN, CHOSEN})

    def test_a_header_value_and_user_password_give_their_secret_part(self):
        secrets = environment_values({"API_AUTH": "Bearer " + DEPLOY, "BASIC_AUTH": "admin:" + CHOSEN})
        self.assertEqual(set(secrets), {DEPLOY, "admin:" + CHOSEN, CHOSEN})

    def test_what_names_where_or_what_a_secret_is_is_no_secret(self):
        environ = {"PWD": "/home/u/project", "OLDPWD": "/home/u", "SSH_AUTH_SOCK": "/tmp/ssh-x/agent.1",
                   "GIT_ASKPASS": "/usr/lib/git-core/git-gui--askpass", "AWS_ACCESS_KEY_ID_FILE": "x" * 12,
                   "SIGNING_KEY_ID": "0x5A3C9E1F22B7", "PUBLIC_KEY": "Pk3" + "Qz8" + "Lm1" + "Vx7",
                   "GOOGLE_APPLICATION_CREDENTIALS": "C:\\keys\\sa.json", "SECRET_ENV": "production",
                   "AUTH_URL": "https://login.example.org/authorize", "API_TOKEN_TTL": "86400",
                   "GITHUB_TOKEN": "********", "KEYBOARD": "de-latin1-nodeadkeys", "TOKEN_LENGTH": "32",
                   "MY_PASSWORD": "short1", "PATH": "/usr/bin:/bin", "HOME": "/home/u",
                   "AUTH_DOMAIN": "tenant7.auth.example.org", "PRIVATE_REGISTRY": "registry.corp:5000",
                   "KEY_PREFIX": "myapp-prod:", "STRIPE_PUBLISHABLE_KEY": "pk_" + "Zx9" + "Qw8" + "Er7",
                   "GITHUB_TOKEN_SCOPE": "repo,read:org"}
        self.assertEqual(environment_values(environ), ())

    def test_another_environment_is_read_again(self):
        self.assertIn(CHOSEN, environment_secrets({"DB_PASS": CHOSEN}))
        self.assertNotIn(CHOSEN, environment_secrets({"DB_PASS": DEPLOY}))
        environ = {"DB_PASS": CHOSEN}
        environment_secrets(environ)
        environ["DEPLOY_TOKEN"] = DEPLOY
        self.assertIn(DEPLOY, environment_secrets(environ))

    def test_names_that_run_a_password_word_into_another(self):
        for name in ("SSHPASS", "LDAP_BINDPW", "DBPASS", "KEYSTORE_STOREPASS", "ADMINPWD", "BW_SESSION",
                     "VAULT_SECRET_ID", "TOTP_SEED", "FASTLANE_SESSION"):
            self.assertEqual(environment_values({name: DEPLOY}), (DEPLOY,), name)
        for name in ("GIT_ASKPASS", "PROXY_BYPASS", "CI_RUNNER_SHORT_TOKEN", "KMS_KEY_ARN", "PASSWORD_POLICY",
                     "AWS_CREDENTIAL_EXPIRATION", "EC2_KEY_PAIR"):
            self.assertEqual(environment_values({name: DEPLOY}), (), name)

    def test_urls_in_any_form_give_their_passwords(self):
        cases = {
            "postgres://app:Pa@ss1234word@db/app": "Pa@ss1234word",  # (its own `@`, not encoded)
            "postgres://app:pa/ss1234wd@db/app": "pa/ss1234wd",
            "internal=https://u:%s@pkgs.example.org/simple" % DEPLOY: DEPLOY,
            "https://proxy.golang.org,https://bob:%s@athens.example.org/,direct" % DEPLOY: DEPLOY,
            "jdbc:mysql://app:%s@db:3306/app" % DEPLOY: DEPLOY,
            "https://%s@git.example.org/o/r.git" % (DEPLOY + "Zx81Qw"): DEPLOY + "Zx81Qw",
            "https://store.example.org/c/b?sv=2022-11-02&sig=%s&se=2030" % DEPLOY: DEPLOY,
        }
        for value, secret in cases.items():
            self.assertIn(secret, environment_values({"INDEX": value}), value)
        self.assertEqual(set(environment_values({"PIP_EXTRA_INDEX_URL": "https://u:%s@a.example https://u:%s@b.example"
                                                 % (DEPLOY, CHOSEN)})), {DEPLOY, CHOSEN})
        self.assertIn(DEPLOY, environment_values({"HTTP_PROXY": "alice:%s@proxy:3128" % DEPLOY}))

    def test_the_secret_inside_a_value_is_taken_out(self):
        basic = base64.b64encode(("ci-bot:" + DEPLOY).encode()).decode()
        cases = {
            ("BUNDLE_GEMS__EXAMPLE__COM", "a1b2c3d4:" + DEPLOY): DEPLOY,
            ("COMPOSER_AUTH", '{"http-basic": {"repo.example.org": {"username": "ci", "password": "%s"}}}'
             % DEPLOY): DEPLOY,
            ("NPM_CONFIG__AUTH", basic): DEPLOY,
            ("REGISTRY_AUTH", "Basic " + basic): DEPLOY,
            ("DOCKER_AUTH_CONFIG", '{"auths": {"r.example.org": {"auth": "%s"}}}' % basic): DEPLOY,
            ("DB_DSN", "pgsql:host=db;dbname=app;password=%s" % DEPLOY): DEPLOY,
            ("AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=https;AccountName=st1;AccountKey=%s;"
             % DEPLOY): DEPLOY,
            ("OTEL_EXPORTER_OTLP_HEADERS", "x-team=%s,x-dataset=prod" % DEPLOY): DEPLOY,
            ("ANTHROPIC_CUSTOM_HEADERS", "X-Api-Key: %s" % DEPLOY): DEPLOY,
            ("AWS_SECRET_ACCESS_KEY", "/" + DEPLOY + "Kx2/Lm9Pq"): "/" + DEPLOY + "Kx2/Lm9Pq",
            ("DB_PASSWORD", '"%s"' % CHOSEN): CHOSEN,
        }
        for (name, value), secret in cases.items():
            self.assertIn(secret, environment_values({name: value}), name)
        self.assertNotIn("host=db;dbname=app", str(environment_values({"DB_DSN": "mysql:host=db;dbname=app"})))

    def test_names_and_settings_under_a_credentials_name_are_no_secret(self):
        environ = {"GOOGLE_APPLICATION_CREDENTIALS": "service-account.json", "SSL_KEY": "certs/server.key",
                   "KMS_KEY_ALIAS_NAME": "alias/prod-app", "KEY_VAULT": "kv-prod-westeurope",
                   "AZURE_TOKEN_CREDENTIALS": "ManagedIdentityCredential", "AUTH_GRANT": "client_credentials",
                   "CACHE_KEY": "Linux-node-modules-v2", "GPG_KEY": "7169605F62C751356D054A26A821E680E5FA6305",
                   "AUTH_PROVIDERS": "github,google", "GITHUB_TOKEN_PERMISSIONS": "contents:read",
                   "DB_KEY_ARN": "arn:aws:kms:eu-west-1:123456789012:key/abcd", "AWS_KEY_PAIR": "prod-bastion-2024",
                   "npm_package_scripts_auth": "node scripts/auth.js --port 4000"}
        self.assertEqual(environment_values(environ), ())

    def test_encoded_forms_of_a_secret_are_looked_for(self):
        value = "M\u00fcller" + "#2024" + '"x'
        secrets = environment_secrets({"DB_PASSWORD": "Müller#2024\"x"})
        self.assertIn(value, secrets)  # as JSON escapes it
        self.assertIn(base64.b64encode("Müller#2024\"x".encode()).decode(), secrets)
        with RunEnvironment({"DB_PASSWORD": CHOSEN}):
            text = "password: " + base64.b64encode(CHOSEN.encode()).decode().rstrip("=")
            self.assertNotIn(base64.b64encode(CHOSEN.encode()).decode().rstrip("="), redact_text(text)[0])


class RedactTextUnderARunsEnvironmentTest(unittest.TestCase):

    TEXTS = (
        "the box is back up, it still takes %s as before",
        "ssh deploy@host, then type %s at the prompt",
        '{"settings": "{\\"login\\": \\"ops\\", \\"phrase\\": \\"%s\\"}"}',
        "Passwort für den Server: %s (bitte ändern)",
        "- %s\n+ Tulpen2024",
        "mysql -u app -p%s app < dump.sql",
    )

    def test_the_value_is_redacted_in_formats_no_row_names(self):
        with RunEnvironment({"DB_PASS": CHOSEN}):
            for template in self.TEXTS:
                text = template % CHOSEN
                redacted, count = redact_text(text)
                self.assertNotIn(CHOSEN, redacted, text)
                self.assertGreaterEqual(count, 1, text)
                self.assertIn(REDACTED, redacted)

    def test_without_it_in_the_environment_the_prose_forms_are_left(self):
        # What the pass adds: the rows alone leave the unlabeled forms as they are.
        with RunEnvironment({}):
            left = [template for template in self.TEXTS[:2] if CHOSEN in redact_text(template % CHOSEN)[0]]
        self.assertEqual(left, list(self.TEXTS[:2]))

    def test_a_longer_secret_around_one_is_redacted_whole(self):
        token = "ghp_" + DEPLOY + "Kd" + "R5sT1uW3yX" + "aB4cD6eF8g"
        with RunEnvironment({"SHORT_TOKEN": DEPLOY}):
            self.assertEqual(redact_text("runner token " + token), ("runner token " + REDACTED, 1))
            self.assertEqual(redact_text("PGPASSWORD=%s2 psql" % DEPLOY), ("PGPASSWORD=%s psql" % REDACTED, 1))

    def test_each_occurrence_counts_and_the_words_around_stay(self):
        with RunEnvironment({"DEPLOY_TOKEN": DEPLOY}):
            redacted, count = redact_text("first %s then %s again" % (DEPLOY, DEPLOY))
        self.assertEqual((redacted, count), ("first %s then %s again" % (REDACTED, REDACTED), 2))

    def test_overlapping_secrets_are_redacted_as_one(self):
        with RunEnvironment({"A_TOKEN": DEPLOY, "B_TOKEN": DEPLOY[4:] + "Hx5Wq"}):
            redacted, count = redact_text("x%sHx5Wq y" % DEPLOY)
        self.assertEqual((redacted, count), ("x%s y" % REDACTED, 1))

    def test_the_value_inside_base64_is_redacted(self):
        encoded = base64.b64encode(('{"v":"%s","u":"kiosk-operator"}' % CHOSEN).encode()).decode()
        text = "state blob " + encoded
        with RunEnvironment({}):
            self.assertEqual(redact_text(text), (text, 0))
        with RunEnvironment({"DB_PASS": CHOSEN}):
            self.assertEqual(redact_text(text), ("state blob " + REDACTED, 1))

    def test_a_proxy_password_is_redacted_as_typed_and_as_encoded(self):
        environ = {"https_proxy": "http://alice:%s@proxy:3128" % PROXY_PASSWORD}
        for password in (PROXY_PASSWORD_PLAIN, PROXY_PASSWORD):
            text = "the proxy wants %s since Monday" % password
            with RunEnvironment({}):
                self.assertEqual(redact_text(text), (text, 0))
            with RunEnvironment(environ):
                self.assertEqual(redact_text(text), ("the proxy wants %s since Monday" % REDACTED, 1))


class EnvironmentSecretsThroughTheServerTest(TempDirTestCase):

    def test_a_save_never_writes_the_servers_own_secret(self):
        env = self.env_with(CLAUDE_CODE_SESSION_ID="s1", DEPLOY_PASSWORD=CHOSEN)
        arguments = {"goal": "rotate the deploy box", "nextSteps": ["log in with %s and rotate it" % CHOSEN],
                     "recentCommands": [{"command": "sshpass -f pw.txt ssh ops@box", "note": "typed " + CHOSEN}]}
        with self.server(env=env) as server:
            result = server.call_tool(SAVE, arguments)
        self.assertFalse(result.get("isError"), result)
        raw = (self.project / CHECKPOINT_DIR / "s1.json").read_bytes()
        self.assertNotIn(CHOSEN.encode(), raw)
        self.assertEqual(result["structuredContent"]["counts"]["redactions"], 2)
        checkpoint = json.loads(raw.decode("utf-8"))
        self.assertEqual(checkpoint["nextSteps"], ["log in with %s and rotate it" % REDACTED])


class EnvironmentSecretsInASnapshotTest(AutosnapTestCase):

    def test_a_hook_never_writes_its_environments_secret_from_the_transcript(self):
        transcript = (Transcript().prompt("Reset the kiosk")
                      .bash("t1", "printf '%s\\n' | kiosk-admin --reset" % DEPLOY, "done"))
        path = transcript.write(self.tmp / "transcript.jsonl")
        self.run_snapshot(transcript=path, env=self.env_with(KIOSK_ADMIN_TOKEN=DEPLOY))
        data = self.checkpoint_file().read_bytes()
        self.assertNotIn(DEPLOY.encode(), data)
        self.assertIn(b"kiosk-admin --reset", data)


class OnceFoundFoundEverywhereTest(unittest.TestCase):

    def test_the_values_redaction_took_out_are_read_back(self):
        cases = [("PGPASSWORD=%s psql -h db" % CHOSEN, [CHOSEN]),
                 ("a=1 password=%s b=2 token: %s" % (CHOSEN, DEPLOY), [CHOSEN, DEPLOY]),
                 ("password=%s" % CHOSEN, [CHOSEN]),
                 ("%s (the old one) %s" % (REDACTED, "password=" + CHOSEN), [REDACTED, CHOSEN])]
        for original, values in cases:
            redacted = redact_text(original)[0] if REDACTED not in original else (
                original.replace(CHOSEN, REDACTED))
            self.assertEqual(redacted_values(original, redacted), values, original)

    def test_a_secret_redacted_in_one_field_is_redacted_in_the_others(self):
        record = {"goal": "move the database",
                  "recentCommands": [{"command": "PGPASSWORD=%s psql -h db01" % CHOSEN}],
                  "nextSteps": ["use %s on the replica too" % CHOSEN, "then %s again" % CHOSEN],
                  "decisions": ["keep the replica"]}
        with RunEnvironment({}):
            self.assertEqual(redact_text(record["nextSteps"][0])[1], 0)  # the rows alone leave it
            cleaned, count = redact_fields(record)
        self.assertEqual(count, 3)
        self.assertEqual(cleaned["nextSteps"], ["use %s on the replica too" % REDACTED, "then %s again" % REDACTED])
        self.assertEqual(cleaned["decisions"], record["decisions"])

    def test_a_value_too_plain_to_find_alone_is_not_looked_for(self):
        record = {"goal": "g", "recentCommands": [{"command": "PGPASSWORD=production psql"}],
                  "nextSteps": ["deploy to production"]}
        with RunEnvironment({}):
            cleaned, count = redact_fields(record)
        self.assertEqual(cleaned["recentCommands"][0]["command"], "PGPASSWORD=%s psql" % REDACTED)
        self.assertEqual((cleaned["nextSteps"], count), (["deploy to production"], 1))

    def test_a_secret_is_found_again_before_a_cap_cuts_it(self):
        record = {"goal": "g", "recentCommands": [{"command": "export DB_PASSWORD=%s" % CHOSEN}],
                  "nextSteps": ["x" * 20 + CHOSEN]}
        with RunEnvironment({}):
            cleaned, _ = redact_fields(record, lambda name, text: text[:25])
        self.assertEqual(cleaned["nextSteps"], ["x" * 20 + REDACTED[:5]])


class OnceFoundThroughTheServerTest(TempDirTestCase):

    def test_a_save_never_writes_a_secret_it_found_elsewhere_in_the_save(self):
        arguments = {"goal": "move the database", "summary": "replica up; it takes %s too" % CHOSEN,
                     "recentCommands": [{"command": "PGPASSWORD=%s psql -h db01 -c 'select 1'" % CHOSEN}]}
        with self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID="s1")) as server:
            result = server.call_tool(SAVE, arguments)
        self.assertFalse(result.get("isError"), result)
        raw = (self.project / CHECKPOINT_DIR / "s1.json").read_bytes()
        self.assertNotIn(CHOSEN.encode(), raw)
        self.assertEqual(result["structuredContent"]["counts"]["redactions"], 2)


class OnceFoundInASnapshotTest(AutosnapTestCase):

    def test_a_snapshot_never_writes_a_secret_it_found_in_another_command(self):
        transcript = (Transcript().prompt("Reset the kiosk")
                      .bash("t1", "export KIOSK_PASSWORD=%s" % CHOSEN, "")
                      .bash("t2", "printf '%s\\n' | kiosk-admin --reset" % CHOSEN, "done"))
        path = transcript.write(self.tmp / "transcript.jsonl")
        self.run_snapshot(transcript=path)
        data = self.checkpoint_file().read_bytes()
        self.assertNotIn(CHOSEN.encode(), data)
        self.assertIn(b"kiosk-admin --reset", data)


if __name__ == "__main__":
    unittest.main()
