"""Redaction that generalises: each class below is a rule that must hold on formats no row
names (an admin tool's positional password, a credential file's line, a token beside its
id or after a login command), and each benign class a shape the second line of defence
must leave alone (digests beside a name, public key material, generated resource names,
references to where a secret is kept). Every value is generated here from a seeded
generator, so no realistic secret is written literally in this file."""
import unittest

import checkpoint_mcp
from tests.support import ALNUM, DIGITS, HEX, LOWER, UPPER, SeededText, leaks

_rng = SeededText(2911)
URL_SAFE = ALNUM + "-_"
WORDS = ("amber", "birch", "coral", "dune", "fern", "grove", "heron", "iris", "lotus", "mesa")
rand = _rng.text


def passphrase():
    """Words joined by hyphens and a digit, as people and password managers make them."""
    return "-".join(_rng.choice(WORDS) for _ in range(4)) + rand(DIGITS, 1)


def human_password():
    return _rng.choice(("Harbor", "Maple", "Otter")) + rand(DIGITS, 3) + _rng.choice("!^*+.") + rand(UPPER, 2)


def uuid():
    return "-".join(rand(HEX, n) for n in (8, 4, 4, 4, 12))


CLASSES = {}


def case(name, secrets, benign):
    CLASSES[name] = (secrets, benign)


_pp = [passphrase() for _ in range(30)]
_hp = [human_password() for _ in range(30)]

case("a password flag beside a user flag, whatever the tool", [
    ("cqlsh db.example.org 9042 -u reader -p %s" % _hp[0], _hp[0]),
    ("somedbshell -a bolt://10.0.0.5 -u neo -p '%s'" % _hp[1], _hp[1]),
    ("remote-shell -i 10.0.0.7 -u Administrator -p '%s'" % _pp[0], _pp[0]),
    ("- step: run\n  command: |\n    cqlsh db 9042 -u app -p %s" % _hp[2], _hp[2]),
    ("dbtool -p %s -u admin --host db" % _hp[3], _hp[3]),
], [
    "docker run -p 8080:80 -u 1000 nginx",
    "mysql -u root -p orders",
    "cp -u -p src/ dest/",
    "psql -U app -p 5432 -h db orders",
])

case("Windows credential switches, quoted or spaced", [
    ('cmdkey /generic:TERMSRV/host01 /user:ops /pass:"%s"' % _pp[1], _pp[1]),
    ("xfreerdp /v:host01.example.org /u:ops /p:'%s' /cert:ignore" % _hp[4], _hp[4]),
    ("schtasks /create /tn Job /tr C:\\jobs\\run.cmd /sc daily /ru CORP\\svc /rp %s" % _hp[5], _hp[5]),
    ("net use \\\\10.0.0.8\\share /user:Administrator %s" % _hp[6], _hp[6]),
    ("net use Z: \\\\fs01\\data /user:CORP\\ops \"%s\" /persistent:no" % _pp[2], _pp[2]),
], [
    "schtasks /create /tn Job /tr C:\\jobs\\run.cmd /sc daily /ru SYSTEM",
    "net use Z: \\\\fs01\\data /persistent:no",
    "xfreerdp /v:host01.example.org /u:ops /cert:ignore",
])

case("a secret piped or fed to a command that stores it or logs in with it", [
    ("echo %s | az devops login --organization https://dev.azure.com/example" % rand(LOWER + DIGITS, 52),
     None),
    ("echo '%s' | wrangler secret put API_SECRET" % _hp[7], _hp[7]),
    ("printf %%s %s | gcloud secrets versions add smtp-pass --data-file=-" % _hp[8], _hp[8]),
    ("smbpasswd -a ops <<< $'%s\\n%s'" % (_pp[3], _pp[3]), _pp[3]),
    ("gh secret set DEPLOY_KEY -b\"%s\"" % _hp[9], _hp[9]),
    ("glab variable set DB_PASSWORD --value %s --masked" % _hp[10], _hp[10]),
], [
    "echo done | tee build.log",
    "gh secret set DEPLOY_KEY < key.txt",
    "glab variable set LOG_LEVEL --value debug",
])

_uuid = [uuid() for _ in range(6)]
_hex40 = [rand(HEX, 40) for _ in range(4)]
case("a token given to a login command", [
    ("snyk auth %s" % _uuid[0], _uuid[0]),
    ("wandb login %s" % _hex40[0], _hex40[0]),
    ("vault operator unseal %s" % (rand(ALNUM + "+/", 43) + "="), None),
    ("bash <(curl -s https://codecov.example/bash) -t %s" % _uuid[1], _uuid[1]),
], [
    "gh auth login --with-token < token.txt",
    "npm login --registry https://registry.example.org",
    "git log %s" % rand(HEX, 40),
    "docker build -t app:latest .",
])

case("credential files and config lines", [
    ("account gmail\nhost smtp.example.org\nport 587\nauth on\nuser me@example.org\npassword %s\ntls on"
     % _pp[4], _pp[4]),
    ('{"command": "network={\\n    ssid=\\"office\\"\\n    psk=\\"%s\\"\\n}"}' % _hp[11], _hp[11]),
    ("printf 'postgres\\n%s\\n' > /etc/openvpn/auth.txt" % _pp[5], _pp[5]),
    ("echo '%s' > ~/.vault_pass && ansible-vault view vault.yml" % _pp[6], _pp[6]),
    ('<property name="hibernate.connection.password">%s</property>' % _pp[7], _pp[7]),
    ("define( 'DB_PASSWORD', '%s' );" % _hp[12], _hp[12]),
    ("$config['db_pass'] = \"%s\";" % _hp[13], _hp[13]),
    ("ALTER USER reporting IDENTIFIED BY \"%s\";" % _hp[14], _hp[14]),
    ("expdp system/%s@ORCLPDB1 schemas=HR" % _pp[8], _pp[8]),
    ("snmpwalk -v2c -c %s 10.0.4.1 1.3.6.1.2.1.1" % rand(ALNUM, 16), None),
    ("ldapmodify -x -D cn=admin,dc=example,dc=org \\\n  -w '%s' \\\n  -f change.ldif" % _hp[15], _hp[15]),
    ("Set-ADAccountPassword -Identity ops -Reset -NewPassword (ConvertTo-SecureString -AsPlainText \"%s\" -Force)"
     % _pp[9], _pp[9]),
    ("curl -X PUT http://127.0.0.1:5984/_node/_local/_config/admins/app -d '\"%s\"'" % _pp[10], _pp[10]),
], [
    "password reset\nuser me@example.org",
    "snmpwalk -v2c -c public 10.0.4.1",
    '<property name="hibernate.connection.url">jdbc:postgresql://db/app</property>',
    "define( 'DB_PASSWORD', getenv('DB_PASSWORD') );",
    "echo done > ~/.vault_pass.log",
])

case("a password in prose", [
    ("The user said their password is %s and it fails after the migration." % _pp[11], _pp[11]),
    ("temporary password for the new hire: %s -- change on first login" % _pp[12], _pp[12]),
    ("runas /user:CORP\\ops cmd  (typed %s at the prompt)" % _hp[16], _hp[16]),
], [
    "The password field is optional in the admin-v2 form.",
    "The password is stored in the vault, never in the repo.",
    "typed yes at the prompt to confirm",
])



def chosen_password():
    """A password as a person makes one to meet a policy: a word, a symbol, digits."""
    word = _rng.choice(("Welkom", "Tulpen", "Kimchi", "Orange", "Falcon", "Zima", "Estate"))
    return word + _rng.choice("@$") + _rng.choice(("", "Lato", "Inverno")) + rand(DIGITS, 3)


_cp = [chosen_password() for _ in range(8)]
case("a password a person chose, wherever it stands", [
    ("ok, the kiosk takes %s since the reset" % _cp[0], _cp[0]),
    ("Mateo: new one for the lab NAS is %s (don't share)" % _cp[1], _cp[1]),
    ("| svc_backup | %s | rotated 2024-05 |" % _cp[2], _cp[2]),
    ("> forwarded: use %s, then change it." % _cp[3], _cp[3]),
    ("LAU left half %s, right half with Ines" % _cp[4], _cp[4]),
    ("Qwer!2024#Asdf was the old one", "Qwer!2024#Asdf"),
    ("the scanner's admin is Secreto*2018 until Friday", "Secreto*2018"),
    ("INFO Connecting to opc.tcp://10.0.0.4:4840 as operator/%s (SecurityPolicy=None)" % _cp[5], _cp[5]),
    ("j.doe:Salmon2023*:1107:::", "Salmon2023*"),
], [
    "ssh admin@db01.example.org && sudo -i",
    "Fixed in Issue#4821 and PR#77, see Build#1290",
    "npm i react@18.2.0 typescript@5.4.5 && brew install python@3.12",
    "RTR-FRA-CORE01#show running-config | include snmp",
    "ping fe80::1ff:fe23:4567:890a%eth0",
    "seconds = minutes*60 + hours*3600",
    "token ghp_****************************a4Z4 (masked)",
    "[Key=iDRAC.Embedded.1#Users.2]",
    "open https://portal.example.org/?query=is%3Aunresolved%20owner%3Ame",
    "x5t#S256: " + rand(URL_SAFE, 43),
    "did the rebuild pass on Windows2022?",
    "Uploaded sourcemaps for release api@359b8a5b83e4",
    "grep -E '[A-Za-z0-9%]+' access.log",
    "see https://github.com/example/lib/blob/main/src/adapters.py#L549 and msys2/MINGW-packages#9319",
    "on the interval width*2*pi to 2*pi, Integer*1 arrays",
    "ls Build2024* Feature#12",
])

_id = [rand(UPPER + DIGITS, 20) for _ in range(4)]
case("a secret beside its id", [
    ("client = sdk.RestClient('%s', '%s')" % (_id[0], rand(ALNUM, 40)), None),
    ("API key SCW%s / %s" % (rand(UPPER + DIGITS, 17), _uuid[2]), _uuid[2]),
], [
    "client = sdk.RestClient(account_id, auth_token)",
])

case("left alone: digests, public key material, generated names, references", [], [
    "https://github.com/example/api/commit/%s" % rand(HEX, 40),
    "s3://example-artifacts/builds/%s/app.tar.gz" % rand(HEX, 40),
    "https://docs.example.com/spreadsheets/d/%s/edit#gid=0" % rand(ALNUM, 44),
    "Cache restored from key: Linux-node-%s" % rand(HEX, 64),
    '{"keys":[{"kty":"RSA","kid":"%s","use":"sig","alg":"RS256","n":"%s","e":"AQAB"}]}'
    % (rand(HEX, 40), rand(URL_SAFE, 342)),
    "x5t#S256: %s" % rand(URL_SAFE, 43),
    "secretName: tls-%s-example-io-%s" % (_rng.choice(WORDS), rand(LOWER + DIGITS, 5)),
    "password: !vault_lookup db/password",
    "password: op://Engineering/Prod DB/password",
    "DB_PASSWORD=vault:secret/data/prod/db#password",
    "kubectl create secret generic ssh --from-file=ssh-privatekey=$HOME/.ssh/id_ed25519",
    "options[self.value_key] = value",
    '"admin/create", "admin/passwd", "admin/server", "lib/admin"',
    "web02:  SMTP_PASS=(set)  PGPASSFILE=/home/etl/.pgpass  DB_PASSWORD=  LOG_LEVEL=info",
    "token_accessor    %s" % rand(ALNUM, 24),
    "gcloud secrets versions access latest --secret=billing-router-db > /dev/null && echo ok",
    "token: lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/pbx:ami_secret')",
])

_lone = [rand(ALNUM, 24) for _ in range(3)] + [rand(UPPER + DIGITS, 32)]
case("a token alone on its line, or alone in a chat's message", [
    (_lone[0], _lone[0]),
    ("copied from the dashboard:\n\n%s\n\nscoped to read" % _lone[1], _lone[1]),
    ("[25/11/2025, 16:53] Ravi Kumar: try this one\n[25/11/2025, 16:53] Ravi Kumar: %s\n"
     "[25/11/2025, 16:54] Deepa: works" % _lone[2], _lone[2]),
    ("Mehmet: try this one\nMehmet: `%s`\nAmaka: in, thanks" % _lone[3], _lone[3]),
    ("%s" % rand(HEX, 32), None),
    ("%s" % rand(ALNUM + "+/", 40), None),
], [
    rand(HEX, 40),  # a commit
    rand(HEX, 64),  # a digest
    uuid(),
    "01HZX3K9QF7M2B8C4N6P0R5T1V",  # a ULID
    "GB82WEST12345698765432",  # an IBAN
    "$ md5 -q release.tar\n%s" % rand(HEX, 32),
    "Trace id:\n%s" % rand(ALNUM, 24),
    "Serial number: %s" % rand(HEX, 32).upper(),
    "Commit: %s" % rand(HEX, 32),
    "Konto: GB82WEST12345698765432",
    "Encrypted Component: U%s" % rand(HEX, 32).upper(),  # one line that opens so is no conversation
    "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s" % (rand(HEX, 80), rand(HEX, 30)),
    "\n".join(rand(HEX, 80) for _ in range(3)) + "\n" + rand(HEX, 30),  # a block of hex, wrapped
    "see %s for the run" % rand(ALNUM, 24),
    "from .connections import (\n    GRPCOrHTTP2Connection,\n    OAuth2ClientCredentials,\n)",  # names in code
])

_named = [rand(LOWER + DIGITS, 28), rand(LOWER + DIGITS, 28), rand(ALNUM, 24), rand(HEX, 32), rand(HEX, 64)]
case("a value alone on its line under a sentence that names it, or in a quote, a list or a tag", [
    ("Here is your new API key. Copy it now, you won't be able to see it again.\n\n%s\n\nDone" % _named[0],
     _named[0]),
    ("[09:14] Ana: the staging token for the crawler\n[09:15] Ana: %s" % _named[1], _named[1]),
    ("> %s" % _named[2], _named[2]),
    ("[Datadog] %s" % _named[3], _named[3]),
    ("**Webhook secret:**\n%s" % _named[4], _named[4]),
    ("25/11/2025, 16:53 - Ravi Kumar: here is the staging token\n25/11/2025, 16:53 - Ravi Kumar: %s"
     % _named[1][::-1], _named[1][::-1]),  # (a phone's chat export)
], [
    "Fixed the token refresh bug.\n%s" % rand(HEX, 40),  # a sentence names no commit or UUID a secret
    "Reset the root password!\n%s" % uuid(),
    "Serial:\nC02XL0GHJGH5F9G1H2",
    "[14:02] Priya: the PayPal refund went through\n[14:02] Priya: 8MC585209K746392H",
    "$ stellar keys address alice\nG%s" % rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 55),
    "Sec-WebSocket-Key: %s==\nSec-WebSocket-Accept: %s=" % (rand(ALNUM, 22), rand(ALNUM + "+/", 27)),
    "Fixed the token refresh in this commit:\n\n%s" % rand(HEX, 40),
    "Key name: agents-prod (id key_%s), created by Lena" % rand(ALNUM, 16),
    "~/.codex/sessions/2025/10/04/rollout-2025-10-10T10-14-03-%s.jsonl" % uuid(),
])

_set = [human_password(), rand(ALNUM, 32), rand(ALNUM, 20) + "/" + rand(ALNUM, 20), rand(ALNUM, 40),
        human_password()]
case("a secret in a table of settings, a URL's password with `/`, a remote MCP server's key", [
    ("| Service | Var | Value |\n|---|---|---|\n| Maps | MAPS_CLIENT_SECRET | %s |" % _set[0], _set[0]),
    ("┌──────────────┬──────────┐\n│ NAME         │ VALUE    │\n├──────────────┼──────────┤\n"
     "│ ORDERS_API_KEY │ %s │\n└──────────────┴──────────┘" % _set[1], _set[1]),
    ("REDIS_URL=rediss://default:%s@cache-7.example.io:6379" % _set[2], _set[2]),
    ('url = "https://mcp.example.dev/sse/%s"' % _set[3], _set[3]),
    ('{"url": "https://remote.mcp.example.net/%s/gmail"}' % _uuid[0], _uuid[0]),
    ("ステージングDBのパスワード: %s（ユーザー名 rag_rw）" % _set[4], _set[4]),
    ("Service\tKey\tOwner\nWeather\t%s\tSam" % _set[1][:24], _set[1][:24]),
], [
    "| Service | Var | Value |\n|---|---|---|\n| Maps | MAPS_REGION | eu-west-1 |\n| Maps | MAX_TOKENS | 4096 |",
    "https://example.com:8080/docs/guide@latest",
    "https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem",
    "Settings(openai_api_key=SecretStr('**********'), model='gpt-5', timeout=30.0)",
    "| Env | Value |\n|---|---|\n| RECAPTCHA_SITE_KEY | 6Le%s |" % rand(URL_SAFE, 37),
    "| Name | Value |\n|---|---|\n| GPG_SIGNING_KEY | 3AA5C34371567BD2 |",
    "See https://github.com/example/mcp/commit/4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f for the fix.",
    "curl http://localhost:{port}/mcp/users/alice@example.com",
    "| Key | Description |\n|---|---|\n| Ctrl+K | search |\n| login.title | Sign in |",  # a bare key column: names
    "api_key=os.getenv('OPENAI_API_KEY')",
])


class GeneralisingClassesTest(unittest.TestCase):

    def test_each_class_is_redacted(self):
        for name, (secrets, _) in CLASSES.items():
            for text, secret in secrets:
                with self.subTest(name, text=text):
                    redacted, count = checkpoint_mcp.redact_text(text)
                    self.assertGreaterEqual(count, 1, redacted)
                    if secret is None:  # the value is the text's longest run
                        secret = max(text.replace("'", " ").split(), key=len)
                    self.assertFalse(leaks(secret, redacted), redacted)

    def test_each_benign_look_alike_is_left_alone(self):
        for name, (_, benign) in CLASSES.items():
            for text in benign:
                with self.subTest(name, text=text):
                    self.assertEqual(checkpoint_mcp.redact_text(text), (text, 0))


if __name__ == "__main__":
    unittest.main()
