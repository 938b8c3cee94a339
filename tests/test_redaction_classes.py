"""Redaction by class: for each kind of secret a rule is written for, its realistic
variants (quoted, JSON, YAML, as an argument, across a line break) are redacted and its
benign look-alikes come back unchanged. Every value is generated here from a seeded
generator, so no realistic secret is written literally in this file."""
import base64
import unittest

import checkpoint_mcp
from tests.support import ALNUM, DIGITS, HEX, LOWER, UPPER, SeededText, leaks

_rng = SeededText(29)
rand = _rng.text


def human_password():
    """What a person types: a word, digits and a symbol."""
    word = _rng.choice(("Harbor", "Maple", "Otter", "Quartz"))
    return word + rand(DIGITS, 3) + _rng.choice("!?#.") + rand(LOWER, 2)


def token(n=32):
    return rand(UPPER, 2) + rand(DIGITS, 2) + rand(LOWER, 2) + rand(ALNUM, n - 6)


def pronounceable(n):
    """Lowercase syllables and digits, as some generators make tokens: every piece has a
    vowel, so only its length and digits tell it from a name."""
    text = ""
    while len(text) < n:
        text += rand("bdfgklmnprstvz", 1) + rand("aeiou", 1) + rand("bdfgklmnprstvz", 1) + rand(DIGITS, 1)
    return text[:n]


def mnemonic(words):
    # Words of the BIP-39 list's shape (3 to 8 lowercase letters), none of them prose.
    pool = ("orbit", "candle", "walnut", "gravel", "pioneer", "velvet", "saddle", "hollow", "meadow",
            "copper", "lizard", "banner", "cactus", "dolphin", "ember", "fabric")
    return " ".join(_rng.choice(pool) for _ in range(words))


def keypair_bytes():
    return "[" + ",".join(str(_rng.randrange(256)) for _ in range(64)) + "]"


def crypt_hash(kind):
    salt = rand(ALNUM + "./", 8)
    return "$%s$%s$%s" % (kind, salt, rand(ALNUM + "./", 43 if kind != "6" else 86))


# class: ([(text containing the secret, the secret)], [benign look-alikes])
CLASSES = {}


def case(name, secrets, benign):
    CLASSES[name] = (secrets, benign)


_pw = [human_password() for _ in range(40)]
case("positional password of an admin tool", [
    ("mosquitto_passwd -b /etc/mosquitto/passwd sensor07 %s" % _pw[0], _pw[0]),
    ("htpasswd -bc .htpasswd admin '%s'" % _pw[1], _pw[1]),
    ("snmpget -v3 -l authPriv -u mon -a SHA -A %s -x AES -X '%s' 10.1.2.3" % (_pw[2], _pw[3]), _pw[3]),
    ("snmpget -v3 -l authPriv -u mon -a SHA -A %s -x AES -X '%s' 10.1.2.3" % (_pw[4], _pw[5]), _pw[4]),
    ("rdesktop -u ops -p '%s' 10.0.0.9" % _pw[6], _pw[6]),
    ("dotnet nuget add source https://pkgs.example.org/v3/index.json -n corp -u ci -p %s" % _pw[7], _pw[7]),
    ("sshpass -p '%s' ssh deploy@10.0.0.4" % _pw[8], _pw[8]),
    ("openssl pkcs12 -export -in c.pem -out c.p12 -passout 'pass:%s'" % _pw[9], _pw[9]),
    ('openssl rsa -in k.pem -passin "pass:%s"' % _pw[10], _pw[10]),
], [
    "mosquitto_passwd -U /etc/mosquitto/passwd",
    "htpasswd -D .htpasswd admin",
    "snmpwalk -v2c -c public 10.1.2.3 -A",
    "rdesktop -u ops -g 1280x800 10.0.0.9",
    "openssl rsa -in k.pem -passin env:KEY_PASS",
    "openssl enc -d -aes-256-cbc -in backup.enc -pass file:./backup.key",
])

case("login and connect calls", [
    ("client.connect('10.2.0.7', 22, 'deploy', '%s')" % _pw[11], _pw[11]),
    ('smtp = smtplib.SMTP("mail.example.org", 587); transport.connect("mail.example.org", 587, "app", "%s")'
     % _pw[12], _pw[12]),
    ("mqtt.username_pw_set('sensor', '%s')" % _pw[13], _pw[13]),
    ("conn = Connection(srv, 'cn=reader,dc=example,dc=org', '%s', auto_bind=True)" % _pw[14], _pw[14]),
    ("l.simple_bind_s('uid=svc,ou=apps,dc=example,dc=org', \"%s\")" % _pw[15], _pw[15]),
    ('session.setPassword("%s");' % _pw[16], _pw[16]),
    ("user.set_password('%s')" % _pw[17], _pw[17]),
], [
    "client.connect('10.2.0.7', 22)",
    "db = sqlite3.connect('app.db')",
    "button.connect('clicked', self.on_click)",
    "conn = Connection(srv, user, password, auto_bind=True)",
    "session.setPassword(password);",
    "user.set_password(form.cleaned_data['password1'])",
])

_key = [rand(ALNUM + "!#", 24) for _ in range(6)]
_hex = [rand(HEX, 64) for _ in range(4)]
case("keys passed to signing and cipher calls", [
    ('Keys.hmacShaKeyFor("%s".getBytes(StandardCharsets.UTF_8))' % _key[0], _key[0]),
    ('Algorithm algorithm = Algorithm.HMAC256("%s");' % _key[1], _key[1]),
    ("jwt.verify(token, '%s', { algorithms: ['HS256'] })" % _key[2], _key[2]),
    ("payload = jwt.decode(token, \"%s\", algorithms=[\"HS256\"])" % _key[3], _key[3]),
    ("cipher = AES.new(bytes.fromhex('%s'), AES.MODE_GCM)" % _hex[0], _hex[0]),
    ("aead = AESGCM(bytes.fromhex(\"%s\"))" % _hex[1], _hex[1]),
], [
    "Keys.hmacShaKeyFor(secret.getBytes(StandardCharsets.UTF_8))",
    "payload = jwt.decode(token, key, algorithms=['HS256'])",
    "cipher = AES.new(key, AES.MODE_GCM)",
    "assert sign(b'payload', key=TEST_KEY) == '%s'" % rand(HEX, 64),
])

_seed12, _seed24 = mnemonic(12), mnemonic(24)
case("seed phrases", [
    ('MNEMONIC="%s"' % _seed24, _seed24),
    ("recovery phrase: %s" % _seed12, _seed12),
    ("const wallet = ethers.Wallet.fromMnemonic('%s');" % _seed12, _seed12),
    ('{"mnemonic": "%s"}' % _seed24, _seed24),
    ("seed:\n  words: %s" % _seed12, _seed12),
], [
    "the seed script loads the fixtures and then runs the migrations for the test database",
    "wallet balance is shown on the dashboard after the sync finishes and the cache warms",
    "mnemonic: see docs/wallet.md for how the phrase is generated and stored",
])

_pair = keypair_bytes()
case("Solana keypair bytes", [
    ("cat ~/.config/solana/id.json\n" + _pair, _pair[1:-1]),
    ("echo '%s' > deployer.json" % _pair, _pair[1:-1]),
    ("const signer = Keypair.fromSecretKey(Uint8Array.from(%s));" % _pair.replace(",", ", "),
     _pair[1:-1].replace(",", ", ")),
], [
    "shape = [" + ",".join(str(n) for n in range(32)) + "]",
    "rgb = [255,128,0]",
])

_static = "\n".join(rand(HEX, 32) for _ in range(16))
_wg = base64.b64encode(bytes(_rng.getrandbits(8) for _ in range(32))).decode()
case("VPN keys", [
    ("-----BEGIN OpenVPN Static key V1-----\n%s\n-----END OpenVPN Static key V1-----" % _static,
     _static.split("\n")[3]),
    ("<tls-crypt>\n-----BEGIN OpenVPN Static key V1-----\n%s\n" % _static, _static.split("\n")[9]),
    ("[Peer]\nPresharedKey = %s\nAllowedIPs = 0.0.0.0/0" % _wg, _wg),
], [
    "tls-crypt ta.key",
    "[Peer]\nPublicKey = %s\nAllowedIPs = 0.0.0.0/0" % _wg,
])

_crypt = [crypt_hash("6"), crypt_hash("apr1"), "$2y$10$" + rand(ALNUM + "./", 53)]
case("password hashes in shadow and htpasswd files", [
    ("deploy:%s:19800:0:99999:7:::" % _crypt[0], _crypt[0]),
    ("echo 'admin:%s' > .htpasswd" % _crypt[1], _crypt[1]),
    ("ci:%s" % _crypt[2], _crypt[2]),
], [
    "sed -e 's/$1$2/x/' input.txt",
    "price: $10 and $20",
])

case("package manager and mail relay credentials", [
    ('BUNDLE_GEMS__EXAMPLE__COM: "ci:%s"' % _pw[18], _pw[18]),
    ("export BUNDLE_RUBYGEMS__PKG__EXAMPLE__ORG=bot:%s" % _pw[19], _pw[19]),
    ("bundle config set --global gems.example.com ci:%s" % _pw[20], _pw[20]),
    ("composer config --global http-basic.repo.example.com app %s" % _pw[21], _pw[21]),
    ('<add key="ClearTextPassword" value="%s" />' % _pw[22], _pw[22]),
    ("[smtp.example.org]:587 relay@example.org:%s" % _pw[23], _pw[23]),
], [
    "bundle config set --local path vendor/bundle",
    'BUNDLE_PATH: "vendor/bundle"',
    "composer config --global repo.packagist composer https://packagist.org",
    '<add key="Username" value="ci" />',
    "[smtp.example.org]:587",
])

case("credential files in other shapes", [
    ("K 8\npassword\nV 12\n%s\nK 8\nusername\nV 2\nci" % _pw[24], _pw[24]),
    ('<Pass encoding="base64">%s</Pass>' % base64.b64encode(_pw[25].encode()).decode(),
     base64.b64encode(_pw[25].encode()).decode()),
    ('variable "db_password" {\n  type    = string\n  default = "%s"\n}' % _pw[26], _pw[26]),
    ("jdbc:oracle:thin:app/%s@//db.example.org:1521/ORCL" % _pw[27], _pw[27]),
    ("<AdminPassword>\n  <Value>%s</Value>\n  <PlainText>true</PlainText>\n</AdminPassword>" % _pw[28],
     _pw[28]),
    ("WIFI:T:WPA;S:Lab-Net;P:%s;;" % _pw[29], _pw[29]),
    ("auth entry: %s" % base64.b64encode(("deploy:" + _pw[30]).encode()).decode(),
     base64.b64encode(("deploy:" + _pw[30]).encode()).decode()),
], [
    'variable "region" {\n  type    = string\n  default = "eu-west-1"\n}',
    "jdbc:oracle:thin:@//db.example.org:1521/ORCL",
    "WIFI:T:WPA;S:Lab-Net;H:false;;",
    "K 8\nusername\nV 2\nci",
    "encoded: " + base64.b64encode(b"title: The Road Ahead").decode(),
])

case("secrets fed on standard input", [
    ("echo '%s' | sudo -S systemctl restart nginx" % _pw[31], _pw[31]),
    ("printf '%%s\\n' '%s' | sudo -S -k true" % _pw[32], _pw[32]),
    ("echo -n '%s' | gh secret set SMTP_PASS" % _pw[33], _pw[33]),
    ("vercel env add API_SECRET production <<< '%s'" % _pw[34], _pw[34]),
    ("echo '%s' | gpg --batch --passphrase-fd 0 -d backup.gpg" % _pw[35], _pw[35]),
    ("echo '%s' > /etc/rsyncd.secret && chmod 600 /etc/rsyncd.secret" % _pw[36], _pw[36]),
    ('expect "Password:"\nsend "%s\\r"' % _pw[37], _pw[37]),
], [
    "echo 'done' | sudo tee /etc/motd",
    "echo $PATH | tr ':' '\\n'",
    "cat <<< 'hello world'",
    "echo 'enabled' > /etc/feature.conf",
    "gh secret set SMTP_PASS < pass.txt",
])

_said = [rand(UPPER, 1) + rand(LOWER, 4) + rand(DIGITS, 2) + "!" + rand(LOWER, 3),
         rand(LOWER, 3) + rand(UPPER, 3) + rand(DIGITS, 3) + rand(LOWER, 3)]
case("a password said in prose", [
    ("Reset the staging password; the new one is %s (the old one is revoked)." % _said[0], _said[0]),
    ("the grafana admin pw got reset to %s by the upgrade" % _said[1], _said[1]),
    ("Passphrase for the backup key:\n%s" % _said[0], None),
], [
    "password hashing uses Argon2id with the default parameters",
    "the pw reset flow moved to v2.3.10",
    "password: see the 1Password vault, entry staging-db",
    "passwords must be at least 12 characters and include a digit",
])

_long = rand(ALNUM, 24)
case("cloud secret stores across a continued line", [
    ("aws secretsmanager put-secret-value \\\n  --secret-id prod/app \\\n  --secret-string '%s'" % _long,
     _long),
    ("aws ssm put-parameter --name /app/db --value '%s' --type SecureString" % _pw[38], _pw[38]),
    ("az keyvault secret set \\\n  --vault-name kv \\\n  --name db \\\n  --value '%s'" % _pw[39], _pw[39]),
    ("atlas config set private_api_key %s-%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 12)), None),
], [
    "aws ssm put-parameter --name /app/region --value eu-west-1 --type String",
    "atlas config set output json",
])

_access, _secret = rand(UPPER + DIGITS, 20), rand(ALNUM + "/+", 40)
_app, _admin = rand(UPPER + DIGITS, 10), rand(HEX, 32)
_netrc_pw, _git_pw = human_password(), human_password()
case("an id and its secret as positional arguments", [
    ("mc alias set store https://s3.example.org %s %s" % (_access, _secret), _secret),
    ("b2 authorize-account %s %s" % (rand(HEX, 25), "K005" + rand(ALNUM, 27)), None),
    ("saucectl configure -u qa -a %s-%s-%s-%s-%s" % (rand(HEX, 8), rand(HEX, 4), rand(HEX, 4), rand(HEX, 4),
                                                  rand(HEX, 12)), None),
    ("const client = algoliasearch('%s', '%s');" % (_app, _admin), _admin),
    ('client := minio.New("s3.example.org", "%s", "%s", true)' % (_access, _secret), _secret),
    ("printf 'machine git.example.org login %%s password %%s\\n' ci '%s' >> ~/.netrc" % _netrc_pw,
     _netrc_pw),
    ("printf 'https://%%s:%%s@git.example.org\\n' ci '%s' > ~/.git-credentials" % _git_pw, _git_pw),
    ("monitoring keys: %s / %s" % (_admin, _hex[2][:40]), _hex[2][:40]),
], [
    "merged %s / %s" % (rand(HEX, 40), rand(HEX, 40)),
    "mc alias list",
    "mc alias set store https://s3.example.org",
    "b2 ls my-bucket",
    "const client = algoliasearch(appId, apiKey);",
    "client := minio.New(endpoint, accessKey, secretKey, true)",
    "printf '%s\\n' 'hello world'",
    "printf 'https://%s/api\\n' example.org",
])

_live = "sk_live_" + token(24)
_pat = "acme_pat_" + token(22)
case("vendor tokens no row names", [
    ("the new key is %s (the old one is revoked)" % _pat, _pat[len("acme_pat_"):]),
    ('{"name": "ci", "value": "%s"}' % _pat, _pat[len("acme_pat_"):]),
    ("key: %s\n    %s\n" % (_pat[:18], _pat[18:]), _pat[len("acme_pat_"):]),
    ("notes/%s.%s.%s/README.md" % (token(24), rand(ALNUM, 6), token(27)), None),
    ("token for the build: zyx%s" % rand(HEX, 32), None),
    ("authenticated via %s" % pronounceable(36), None),
    ("export ACME_TOKEN=%s" % pronounceable(30), None),
], [
    "crypto_aead_xchacha20poly1305_ietf_keygen(key)",
    "pip download --platform manylinux2014_x86_64 --python-version 312 numpy",
    "auth token expires: migrations/0042_add_user_index_20240101.py",
    "message id msg_" + token(24),
    "agent_msg_" + token(24),
    "Twilio message SM" + rand(HEX, 32) + " queued",
    "checksum sha512-" + base64.b64encode(bytes(64)).decode(),
    "see com.example.service.internal.ConfigurationLoader.load for details",
])


class ClassesTest(unittest.TestCase):

    def test_every_variant_of_every_class_is_redacted(self):
        for name, (secrets, _) in CLASSES.items():
            for text, secret in secrets:
                with self.subTest(kind=name, text=text):
                    redacted, count = checkpoint_mcp.redact_text(text)
                    self.assertGreaterEqual(count, 1)
                    if secret is not None:
                        self.assertNotIn(secret, redacted)

    def test_the_benign_look_alikes_are_left_alone(self):
        for name, (_, benign) in CLASSES.items():
            for text in benign:
                with self.subTest(kind=name, text=text):
                    self.assertEqual(checkpoint_mcp.redact_text(text), (text, 0))

    def test_a_vendor_prefix_stays_readable(self):
        redacted, _ = checkpoint_mcp.redact_text("configured with " + _pat + " yesterday")
        self.assertEqual(redacted, "configured with acme_pat_" + checkpoint_mcp.REDACTED + " yesterday")


class RowCompilingTest(unittest.TestCase):

    def setUp(self):
        self.kept = dict(checkpoint_mcp._redaction_regexes)
        checkpoint_mcp._redaction_regexes.clear()

    def tearDown(self):
        checkpoint_mcp._redaction_regexes.clear()
        checkpoint_mcp._redaction_regexes.update(self.kept)

    def test_a_row_compiles_only_when_a_text_holds_its_prefix(self):
        checkpoint_mcp.redact_text("pytest tests/test_orders.py -q")
        rows = checkpoint_mcp._redaction_regexes["patterns"]
        compiled = [row for row in rows if row[0].compiled is not None]
        self.assertLess(len(compiled), len(rows) // 4)

    def test_only_four_rows_run_on_every_text(self):
        # A row whose regex opens with a group of alternatives, a lookbehind or a bracket has no
        # literal prefix: unless it names the texts it needs, it runs on every text, and fifty long
        # commands cost a millisecond or two more. These four look at a text's first line or at
        # every line's start, and are meant to.
        always = [name for name, _, _, source in checkpoint_mcp.redaction_patterns()
                  if checkpoint_mcp.literal_prefixes(source) == ("",)]
        self.assertEqual(sorted(always), ["config-file-first-password", "config-file-password", "ftp-user-command",
                                          "secret-read-then-printed-first"])

    def test_a_row_may_name_the_texts_it_needs(self):
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"(?#needs:<<<|abc)x+"), ("<<<", "abc"))
        self.assertEqual(checkpoint_mcp.redact_text("cat <<< x"), ("cat <<< x", 0))

    def test_a_short_prefix_is_widened_by_the_few_characters_or_words_after_it(self):
        # (two characters are in most texts: finding that `gh` is not takes a whole scan)
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"(?P<secret>gh[pousr]_[A-Za-z0-9]{36})"),
                         ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"))
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"gl(?:pat|rt)-[a-z]+"), ("glpat-", "glrt-"))
        # (not by a range, an optional set or a longer prefix's set)
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"sq[a-f]_x"), ("sq",))
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"gh[pousr]?_x"), ("gh",))
        self.assertEqual(checkpoint_mcp.literal_prefixes(r"abc[de]x"), ("abc",))


class FieldsWalkTest(unittest.TestCase):
    """The save tool's arguments and a transcript's facts go through one walk."""

    def test_every_free_text_field_is_redacted_and_counted(self):
        secret = "ghp_" + token(36)
        record = {"goal": "use " + secret, "summary": secret, "nextSteps": [secret, "ok"],
                  "decisions": [secret], "tasks": [{"description": secret, "status": "done"}],
                  "modifiedFiles": [{"path": "a.py", "note": secret}],
                  "recentCommands": [{"command": "echo " + secret, "note": secret}, {"command": "ls"}],
                  "mode": "merge"}
        cleaned, count = checkpoint_mcp.redact_fields(record)
        self.assertEqual(count, 8)
        self.assertNotIn(secret, repr(cleaned))
        self.assertEqual(cleaned["mode"], "merge")
        self.assertEqual(cleaned["modifiedFiles"][0]["path"], "a.py")
        self.assertIn(secret, record["summary"])  # a copy: the record is left as it was
        self.assertEqual(checkpoint_mcp.redact_arguments(record), (cleaned, count))

    def test_a_text_is_redacted_before_it_is_cut(self):
        secret = "ghp_" + token(36)
        text = "x" * 10 + secret
        cut, count = checkpoint_mcp.redact_fields(
            {"goal": text}, lambda name, value: value[:12] if name == "goal" else value)
        self.assertEqual(count, 1)
        self.assertEqual(cut["goal"], "x" * 10 + checkpoint_mcp.REDACTED[:2])


class MeasuredRecallTest(unittest.TestCase):
    """What the rules measure today on both corpora, kept as a floor."""

    def test_the_second_corpus_keeps_its_recall(self):
        from tests import redaction_holdout as holdout
        caught = 0
        for _, _, text, secret, _ in holdout.SECRETS:
            redacted, count = checkpoint_mcp.redact_text(text)
            caught += count >= 1 and not leaks(secret, redacted)
        self.assertGreaterEqual(caught / len(holdout.SECRETS), 0.985)

    def test_without_the_vendor_rows_the_rest_still_catches_nine_in_ten(self):
        from tests import redaction_corpus as corpus
        checkpoint_mcp.redaction_regexes()
        kept = checkpoint_mcp._redaction_regexes["patterns"]
        checkpoint_mcp._redaction_regexes["patterns"] = tuple(
            compiled for row, compiled in zip(checkpoint_mcp.redaction_patterns(), kept) if "v" not in row[1])
        try:
            caught = 0
            for _, text, secret, _ in corpus.SECRETS:
                redacted, count = checkpoint_mcp.redact_text(text)
                caught += count >= 1 and not leaks(secret, redacted)
            altered = [text for text in corpus.BENIGN if checkpoint_mcp.redact_text(text) != (text, 0)]
        finally:
            checkpoint_mcp._redaction_regexes["patterns"] = kept
        self.assertGreaterEqual(caught / len(corpus.SECRETS), 0.92)
        self.assertEqual(altered, [])


if __name__ == "__main__":
    unittest.main()
