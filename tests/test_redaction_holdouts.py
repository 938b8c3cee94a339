"""The later hold-out corpora as regression data (the second to the fifteenth; the ones
after in test_redaction_holdouts_recent): each one's recall per group and its false
positives stay where the redaction brought them (a rule that stops catching a group's
secret, or starts altering another look-alike, fails here). Each was written without
reading the redaction code; the rules have since been written for its classes."""
import unittest

from tests import (redaction_holdout2, redaction_holdout3, redaction_holdout4, redaction_holdout5,
                   redaction_holdout6, redaction_holdout7, redaction_holdout8,
                   redaction_holdout9, redaction_holdout10, redaction_holdout11,
                   redaction_holdout12, redaction_holdout13, redaction_holdout14,
                   redaction_holdout15)
from tests.support import HoldoutFloors


class SecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: two secrets beside ids no word names.
    corpus = redaction_holdout2
    floors = {
        "credential-files": (66, 66),
        "generic": (262, 262),
        "id-beside-secret": (88, 90),
        "vendor-named": (127, 127),
        "vendor-unnamed": (227, 227),
    }
    recall, benign, altered = 0.997, 550, 0


class ThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: a key's pair after `-u ID -k`, a prose password wrapped mid-token
    # whose first piece reads as an e-mail address, a short value named only as a URL, and
    # a token split by a `!`. The look-alike still redacted is a placeholder standing
    # where a secret goes (a Django key marked insecure): hiding it costs nothing.
    corpus = redaction_holdout3
    floors = {
        "credential-files": (65, 65),
        "generic": (321, 321),
        "id-beside-secret": (67, 68),
        "vendor-named": (249, 249),
        "vendor-unnamed": (307, 308),
    }
    recall, benign, altered = 0.998, 672, 1


class FourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left are formats of one product each with no word naming the secret
    # (pgbouncer's userlist, ppp's chap-secrets, a WordPress salt opening with `<`, an OVH
    # or Braintree client's positional keys, SAP's hdbuserstore, a minisign or XRP secret),
    # passwords in prose with no password word (`root on db01 is still …`), and an Agora
    # "app certificate" (a certificate is public by its name). The look-alikes still
    # redacted: two minisign public keys after `-P` and a Kafka message key. Two Alchemy
    # RPC URLs count as leaks though their key is redacted: the corpus takes the whole URL
    # for the secret, and the engine keeps the host (`…alchemy.com/v2/«redacted»`).
    corpus = redaction_holdout4
    floors = {
        "ci-log": (31, 32),
        "cli-argument": (122, 122),
        "code": (48, 48),
        "config-line": (70, 70),
        "connection-string": (67, 67),
        "credential-file": (98, 98),
        "header-cookie": (41, 41),
        "id-beside-secret": (53, 54),
        "private-key": (44, 44),
        "prose": (52, 53),
        "unnamed-format": (299, 303),
        "vendor-token": (118, 118),
    }
    recall, benign, altered = 0.993, 683, 1


class FifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: tokens whose only label is a product's name in prose or a query
    # parameter (`appid=`), a Sentry DSN (public by design), pgbouncer's userlist, a
    # WordPress salt, Laravel's `base64:` key printed alone, pairs of an id and its key
    # with no word, and passwords in prose with no digit or none of the words (`Copper.raven?`,
    # `cactus parrot harbor`). The look-alikes still redacted: log lines' session ids
    # after `session` (which may be tokens), and a secret's name as `--secret=…-db-pass`.
    # One of its private keys is a service account's `private_key_id`, which names the key
    # (it is the `kid` of the tokens it signs) and is no longer redacted; the twelfth
    # corpus counts the same field a look-alike.
    corpus = redaction_holdout5
    floors = {
        "ci-log": (18, 18),
        "cli-argument": (130, 130),
        "code": (38, 38),
        "config-line": (70, 70),
        "connection-string": (79, 80),
        "credential-file": (111, 114),
        "header-cookie": (38, 38),
        "id-beside-secret": (55, 60),
        "private-key": (34, 35),
        "prose": (36, 39),
        "unnamed-format": (306, 314),
        "vendor-token": (114, 114),
    }
    recall, benign, altered = 0.980, 671, 6


class SixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: passphrases of words with spaces (`JWT_SECRET=juniper raven umber
    # harbor`, a CDATA or YAML block of words), passwords in prose with no password word
    # (`Credentials are user:…`, a token in Spanish or Chinese prose), a WordPress salt,
    # pgbouncer's userlist, minisign and Tor secret keys, and pairs of an id and its key
    # with no word (a GCS HMAC client).
    corpus = redaction_holdout6
    floors = {
        "ci-log": (44, 44),
        "cli-argument": (132, 133),
        "code": (55, 58),
        "config-line": (104, 108),
        "connection-string": (62, 62),
        "credential-file": (100, 100),
        "http-header": (77, 77),
        "id-beside-secret": (82, 85),
        "private-key": (52, 52),
        "prose": (60, 61),
        "unnamed-format": (201, 201),
        "vendor-token": (168, 169),
    }
    recall, benign, altered = 0.988, 660, 0


class SeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: a SQL row's or a GraphQL call's value by its column or variable,
    # hex-escaped and line-continued tokens, a user and password in a hand-off note with
    # no password word, device configs of one product each (keepalived, OpenWrt, mbed,
    # Unity), and ids beside keys with no word. The look-alikes still redacted: a JWT's
    # header alone, a pagination cursor in base64, a key id (`kid=`) in a log line, Helm's
    # existingSecret names, a test's `password=hunter2`, `FAKE_TOKEN="test"`, and a CA's
    # certificate data in a kubeconfig.
    corpus = redaction_holdout7
    floors = {
        "agent-notes": (80, 83),
        "cli-argument": (136, 137),
        "code": (57, 58),
        "config-line": (165, 168),
        "connection-string": (91, 91),
        "credential-file": (73, 74),
        "encoded-or-header": (107, 112),
        "id-beside-secret": (94, 97),
        "private-key": (48, 48),
        "unnamed-format": (230, 232),
        "unusual-place": (38, 40),
        "vendor-token": (168, 168),
    }
    recall, benign, altered = 0.983, 730, 2


class EighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: secrets beside ids with no word (Pusher's app, key and secret in a
    # row), credential files of one product each (pgbouncer's userlist, ppp's chap-secrets,
    # a WordPress salt), a password piped twice into smbpasswd, a Kubernetes Secret's short
    # base64 value, snmpd's community, tokens glued to a name (`x-proseware-key-<hex>`), and
    # prose with no connector (`password iloveyou99`, `the old key … in the log`) or with
    # three words joined by `_` and no digit (identifiers are written so too). The
    # look-alikes still redacted: a digest wrapped under its sha512sum command, and a
    # SealedSecret's short ciphertext.
    corpus = redaction_holdout8
    floors = {
        "cli-argument": (138, 139),
        "code": (47, 47),
        "config-line": (68, 68),
        "connection-string": (87, 87),
        "credential-file": (119, 122),
        "header-cookie": (43, 43),
        "id-beside-secret": (59, 61),
        "obscure-token": (163, 166),
        "private-key": (43, 43),
        "prose": (40, 41),
        "split-encoded": (23, 25),
        "vendor-token": (198, 198),
    }
    recall, benign, altered = 0.988, 678, 1


class NinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: in-house tokens with no word or prefix beside them (bech32-like,
    # grouped hex, a UUID pair after "the service credential for … is"), keys passed to
    # a client by position (Vonage's), values in a SQL INSERT by
    # their column, passwords in code with a type between name and value (`Dim pwd As
    # String =`), spaced passphrases in prose, and recovery codes. The look-alikes still
    # redacted: a Kafka record's key, a UUID, after `key=` in a consumer's log line.
    corpus = redaction_holdout9
    floors = {
        "cli-argument": (113, 114),
        "code-literal": (45, 46),
        "config-line": (71, 71),
        "connection-string": (83, 83),
        "credential-file": (101, 102),
        "header-cookie": (32, 32),
        "id-beside-secret": (66, 67),
        "internal-token": (248, 260),
        "odd-place": (41, 44),
        "private-key": (31, 31),
        "prose": (27, 27),
        "vendor-token": (236, 238),
    }
    recall, benign, altered = 0.981, 650, 4

class TenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The misses left: passwords given by position to a project's own scripts
    # (`./create_admin.sh admin …`, `bin/console app:user:create …`), passwords inside
    # code a command runs (`gitlab-rails runner "… u.password = '…'"`, artisan tinker), a
    # tool's output that prints a password or a token on its own line, keys passed by
    # position (Datadog's), spaced passphrases, and query keys named only by
    # their service (`appid=`). The look-alikes still redacted: short links, a Stripe
    # publishable key, a SealedSecret's short ciphertext, a CI cache key and a deep link's
    # UUID.
    corpus = redaction_holdout10
    floors = {
        "cli-argument": (114, 115),
        "config-line": (59, 60),
        "connection-string": (69, 70),
        "credential-file": (95, 95),
        "header-cookie": (26, 28),
        "id-beside-secret": (62, 65),
        "private-key": (29, 30),
        "prose": (41, 42),
        "split-or-encoded": (28, 28),
        "unnamed-format": (391, 395),
        "vendor-token": (190, 190),
    }
    recall, benign, altered = 0.987, 649, 5


class EleventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Written with a fifth of its texts a command and its output and a fifth code in
    # languages other than Python and JavaScript; blind 0.950 and 1.4%. The misses left:
    # prose passwords in plain words ("log in as admin with baseball63"), secrets in code
    # of other languages under names no row reads (a Rust const, an Elixir attribute, a
    # Scala map, a Terraform default), ids beside secrets no row names (Agora, Salesforce,
    # GCS HMAC), db2's `using`, netlify env:set, and a Supabase status's keys.
    corpus = redaction_holdout11
    floors = {
        "cli-argument": (138, 139),
        "code-literal": (203, 208),
        "config-line": (68, 68),
        "connection-string": (72, 72),
        "credential-file": (81, 81),
        "http-header": (38, 38),
        "id-beside-secret": (76, 81),
        "internal-token": (91, 91),
        "private-key": (38, 38),
        "prose": (53, 57),
        "terminal-session": (195, 198),
        "vendor-token": (154, 154),
    }
    recall, benign, altered = 0.985, 660, 1


class TwelfthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Written with a fifth of its texts prose in twenty languages and a fifth code in 36;
    # blind 0.918 and 3.4%. The misses left are mostly prose: passwords in sentences in
    # words of their own ("Creds are svc:…", "admin / …", "ends in 7: …"), in languages no
    # row reads, and recovery codes; then values under names no row
    # reads (`k := …`, `Value:`, `APP_SIGNING=`) and a few wrapped keys. The look-alikes
    # still redacted: a minisign public key, key ids (`private_key_id`, a JWK's `kid`)
    # and a hash named a key.
    corpus = redaction_holdout12
    floors = {
        "cli-argument": (292, 292),
        "code-literal": (357, 372),
        "config-line": (278, 284),
        "connection-string": (61, 61),
        "credential-file": (140, 140),
        "http-header": (157, 157),
        "id-beside-secret": (79, 79),
        "internal-token": (56, 58),
        "private-key": (44, 45),
        "prose": (429, 441),
        "terminal-session": (148, 150),
        "vendor-token": (319, 320),
    }
    recall, benign, altered = 0.983, 699, 0



class ThirteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Written as a coding agent's notes are: commands, terminal sessions, configuration and
    # code above all, a sixth vendor tokens, a fourteenth prose; blind 0.949 and 2.7%. The
    # look-alikes then redacted were references and sealed values (`vault:v1:…`, a Key
    # Vault URL, Helm's `existingSecret`), hashed file names and IPFS ids. The misses left
    # are values in shapes of one product each (a sed replacement's, a cloud-init list's,
    # chrony's keys, ObjC's header call), a numeric passcode, recovery codes, and a
    # wrapped Mongo keyfile.
    # (Its two RevenueCat `appl_…` keys count as secrets here; RevenueCat documents them as
    # public SDK keys, and they are left as such.)
    corpus = redaction_holdout13
    floors = {
        "code": (311, 315),
        "command": (250, 252),
        "config": (317, 318),
        "connection-string": (126, 126),
        "credential-file": (146, 147),
        "id-beside-secret": (123, 126),
        "log-and-error": (145, 147),
        "prose": (146, 147),
        "terminal": (215, 215),
        "vendor-token": (314, 315),
    }
    recall, benign, altered = 0.992, 700, 1



class FourteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Written after the rules for the thirteenth, of the long tail of tools (infrastructure,
    # databases, build systems, devices), a third of its prose in other languages; blind
    # 0.941 and 5.4%. The look-alikes it had redacted were masks showing a few characters,
    # fake values, status words, object and key ids, Nix and build paths, and the base64
    # of images and certificates; those left are a key id alone (`AWS_ACCESS_KEY_ID=AKIA…`,
    # which redaction keeps treating as a secret), base64 with `=` inside (not how base64 is
    # written), an OAuth `state` and a TLS session id. The misses left are mostly prose
    # (passwords in sentences in many languages), and products' own shapes.
    corpus = redaction_holdout14
    floors = {
        "code": (297, 300),
        "command": (239, 240),
        "config": (298, 300),
        "connection-string": (99, 100),
        "credential-file": (116, 120),
        "id-beside-secret": (119, 120),
        "log-and-error": (178, 180),
        "prose": (157, 160),
        "terminal": (236, 240),
        "vendor-token": (240, 240),
    }
    recall, benign, altered = 0.989, 700, 10



class FifteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Modelled on what an agent records on ordinary projects (web apps, services, data
    # pipelines, mobile apps, infrastructure), written after the rules for the fourteenth;
    # blind 0.944 and 0.1%. The misses left are notes and chat (passwords in sentences,
    # in eleven languages), a few vendors' tokens no row names shown alone, and spaced
    # passphrases in a .pgpass line or an OpenVPN auth file.
    corpus = redaction_holdout15
    floors = {
        "ci-and-deploy": (150, 150),
        "command": (222, 225),
        "config-file": (264, 270),
        "note-or-chat": (146, 150),
        "source-code": (225, 225),
        "stack-trace-or-log": (146, 150),
        "tool-output": (223, 225),
        "vendor-token": (105, 105),
    }
    recall, benign, altered = 0.987, 800, 0


if __name__ == "__main__":
    unittest.main()
