"""The newest hold-out corpora as regression data (the twentieth on), as in
test_redaction_holdouts: each one's recall per group and its false positives stay where
the redaction brought them. Each was written without reading the redaction code, and
measured blind before any rule was written for it."""
import unittest

from tests import (redaction_holdout20, redaction_holdout21, redaction_holdout22, redaction_holdout23,
                   redaction_holdout24, redaction_holdout25, redaction_holdout26, redaction_holdout27,
                   redaction_holdout28, redaction_holdout29)
from tests.support import HoldoutFloors


class TwentiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Enterprise and regulated shops around the world (Windows and Active Directory, Java
    # application servers, SAP, mainframes, payment HSMs, telecom, network gear), written
    # after the rules for the nineteenth; blind 0.829 and 2.2%, the lowest of all: its
    # secrets are mostly chosen passwords (`Welkom@392`) in places no rule names, key
    # components and obfuscated values (Cisco type 7, `{xor}`, DPAPI). Rules written for it
    # since (short password flags, Windows switches, foreign password names, network device
    # keys, registry values, payment keys, aligned tables, code that logs in) took it to
    # 0.885 and 0.6%; the misses left are chosen passwords in notes and chat, obfuscated
    # values, and the look-alikes still altered are Azure's `ARRAffinity` cookie and
    # `kubectl describe`'s `DB_PASSWORD:  16 bytes`.
    corpus = redaction_holdout20
    floors = {
        "ci-and-deploy": (110, 112),
        "command": (201, 208),
        "config-file": (255, 272),
        "note-or-chat": (253, 272),
        "source-code": (174, 192),
        "stack-trace-or-log": (165, 176),
        "tool-output": (241, 256),
        "vendor-token": (111, 112),
    }
    recall, benign, altered = 0.943, 800, 4



class TwentyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams that are not web startups (game studios, mobile apps, embedded and robotics,
    # hosting and datacenter operations, labs, back offices, open-source maintainers),
    # written after the rules for the twentieth; blind 0.897 and 2.2%, its look-alikes then
    # a DNSSEC key, a disk's WWN, a file's digest on the line after its name, a GraphQL
    # cursor and Unreal's DDC keys, left alone since. Its notes and chat are the weakest
    # group (0.715): chosen passwords in sentences, in seventeen languages.
    corpus = redaction_holdout21
    floors = {
        "ci-and-deploy": (110, 112),
        "command": (205, 208),
        "config-file": (250, 256),
        # (one less than a rule of the thirtieth's round caught: capitalised words run together
        # after `passphrase` count only with a number since a reviewer's attack, `ResetPageView`)
        "note-or-chat": (247, 288),
        "source-code": (184, 192),
        "stack-trace-or-log": (167, 176),
        "tool-output": (241, 256),
        "vendor-token": (112, 112),
    }
    recall, benign, altered = 0.947, 800, 1


class TwentySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # People and places far from a developer's laptop, and text that went through other
    # tools (incident response and forensics, helpdesk resets, quoted and forwarded mail,
    # pasted chats, password manager exports, diffs, HAR files, env dumps; retail, telecom,
    # broadcasting, schools, hospitals, municipal IT, SCADA), written after the rules for
    # the twenty-first; blind 0.907 and 1.7% (0.915 with the chosen-password rule and the
    # secrets known by value, written before it), its look-alikes then markers such as
    # `(set)`, Vault paths and token accessors, left alone since. The misses left are
    # passwords in chat replies with no word near them, passcodes and vouchers, values
    # split over two messages, and secrets in hex dumps and encodings.
    corpus = redaction_holdout22
    floors = {
        "ci-and-deploy": (116, 116),
        "command": (222, 226),
        "config-file": (243, 250),
        "note-or-chat": (303, 339),
        "source-code": (158, 160),
        "stack-trace-or-log": (197, 204),
        "tool-output": (263, 278),
        "vendor-token": (140, 140),
    }
    recall, benign, altered = 0.958, 1021, 0



class TwentyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams outside North America and Western Europe and the services they use (regional
    # clouds, payment gateways, SMS and tax APIs, chats in fifteen languages), written after
    # the rules for the twenty-second and measured blind with them: 0.881 and 4.2%. Its
    # look-alikes were payment gateways' public keys and key ids, said public on their line,
    # a Secrets Manager ARN's name and transaction references, left alone since. The misses
    # left are tokens with no word at all (a bare 32-hex secret, a chat's bare reply) and
    # regional vendors' shapes no row names.
    corpus = redaction_holdout23
    floors = {
        "ci-and-deploy": (103, 105),
        "command": (195, 195),
        "config-file": (213, 225),
        "note-or-chat": (248, 300),
        "source-code": (166, 180),
        "stack-trace-or-log": (147, 150),
        "tool-output": (220, 225),
        "vendor-token": (110, 120),
    }
    recall, benign, altered = 0.934, 860, 0


class TwentyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # The people who build with AI (MCP servers' configs and env blocks, agent frameworks,
    # model APIs and gateways, vector databases, eval tools, transcripts of tool calls,
    # agent memory files), written after the rules for the twenty-third and measured blind
    # with them: 0.964 and 1.0% (0.969 with the rule for a token alone on its line, written
    # before it was read). Its look-alikes were a key's id in parentheses, a path under a
    # `sessions` folder and a call that makes the value (`SecretStr('…')`), left alone
    # since. The misses left are bare UUIDs and digests' lengths of hex with no word, and
    # vendors' shapes no row names.
    corpus = redaction_holdout24
    floors = {
        "ci-and-deploy": (155, 155),
        "command": (192, 192),
        "config-file": (332, 334),
        "note-or-chat": (169, 172),
        "source-code": (154, 154),
        "stack-trace-or-log": (135, 135),
        "tool-output": (180, 180),
        "vendor-token": (205, 223),
    }
    recall, benign, altered = 0.985, 910, 0


class TwentyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # People who code without being a software team (students, hackathons, bot builders,
    # streamers, no-code tools, game jams and mods, hobby electronics, small shops, family
    # IT), written after every rule of the session that added the twenty-fourth and
    # measured blind with them: 0.938 and 1.7% (0.936 and 1.6% with the rules before). Its
    # look-alikes then a counting sequence alone, a key said public before it (`(public,
    # read-only):`), an OAuth client's id, a systemd specifier's path, left alone since;
    # still altered: Twitch clips' and YouTube playlists' ids, PayPal client ids, and AWS
    # key ids alone (on purpose: half of a pair). The misses left are chosen passwords in code's comparisons and calls, a login's
    # steps in a transcript (SMTP `AUTH LOGIN`'s base64, NickServ's `IDENTIFY`) and
    # positional keys of SDKs no row names.
    corpus = redaction_holdout25
    floors = {
        "ci-and-deploy": (121, 125),
        "command": (188, 190),
        "config-file": (217, 220),
        "note-or-chat": (219, 235),
        "source-code": (219, 230),
        "stack-trace-or-log": (121, 125),
        "tool-output": (156, 160),
        "vendor-token": (231, 238),
    }
    recall, benign, altered = 0.966, 937, 10


class TwentySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # People who work with data, science and money (warehouses and pipelines, HPC and
    # research portals, notebooks, R, Stata and SAS, trading and accounting APIs, experiment
    # trackers), measured blind: 0.969 and 5.0%, the same with the rules written before it
    # was read as without them. Its look-alikes then: a BigQuery job's id, a satellite
    # product's name with its times, LEIs, gpg's `key <fingerprint>:`, a credential word in
    # a URL's host, OAuth's `state=`, a key's id named so (`…_KEY_ID=PK…`), a mode after
    # `credentials:`, left alone since; still altered: AWS key ids alone (on purpose),
    # Confluent's key ids (16 capitals and digits after `API key`), Fernet ciphertext after
    # a password's name. The misses left are pairs in prose (`user / password`, `(user,
    # password)`), values a line or a chat message after their name, positional arguments
    # of SDKs and engines no row names, a 25-digit token.
    corpus = redaction_holdout26
    floors = {
        "ci-and-deploy": (145, 145),
        "command": (252, 254),
        "config-file": (201, 203),
        "note-or-chat": (260, 272),
        "source-code": (189, 192),
        "stack-trace-or-log": (143, 145),
        "tool-output": (140, 145),
        "vendor-token": (143, 144),
    }
    recall, benign, altered = 0.982, 963, 15


class TwentySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Web agencies, online shops and mobile app teams (e-commerce platforms, headless CMSs,
    # marketing, support and shipping APIs, app store release engineering), written after
    # every rule of the session that added the twenty-sixth and measured blind with them:
    # 0.960 and 7.8% (0.959 and 7.8% with the rules before). Its look-alikes then: Stripe's
    # and EasyPost's object ids, a label's file in a URL, client-side keys named so
    # (`clientKey`, `PUBLIC_…`, a site key, `# = client id, public`), a password that is
    # its URL's user, Magento's ciphertext, Basic's `user:` alone, a gpg key's id, left
    # alone since; still altered: password hashes (on purpose: the crypt-hash row), Google
    # API keys said restricted, AWS key ids alone, cart tokens, a Zendesk widget's key,
    # Shopify's cursors after `cursor:` (which also says where a key is pasted: `Paste the
    # API key at the cursor: …`), and one look-alike loses the invisible variation selector
    # after its emoji, as all do.
    # The misses left are notes and chats (0.87): values in prose with their name a line or
    # a clause away, handovers in a dozen languages, reset links' tokens.
    corpus = redaction_holdout27
    floors = {
        "ci-and-deploy": (137, 138),
        "command": (244, 246),
        "config-file": (209, 211),
        "note-or-chat": (240, 260),
        "source-code": (174, 179),
        "stack-trace-or-log": (149, 152),
        "tool-output": (153, 154),
        "vendor-token": (150, 153),
    }
    recall, benign, altered = 0.975, 927, 33


class TwentyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Infrastructure, networks, security and the physical world (network devices' configs,
    # homelabs, IoT and embedded boards, game studios, security teams, Windows admins),
    # measured blind at 0.896 and 1.7%, the lowest recall of any corpus since the tenth:
    # device configs (`key 7 …` in a RADIUS block, ntp's `md5` keys, keepalived's
    # `auth_pass`), cracking tools' hashes (Kerberos AS-REP and TGS, NetNTLMv2, `/ntlm:`),
    # key words in other languages (`chave`, `chiave`, `sleutel`, `klucz`, `salasana on`,
    # `비번`), passphrases of capitalised words or a number on the last, a Cloudflare
    # tunnel's token, alarm and door codes stated in prose, a password alone under a chat
    # line that labels it, defaults of options named for a secret, caught since. Its
    # look-alikes still altered: AWS key ids alone (10, on purpose), a 1Password item's id,
    # systemd's `LoadCredential=name:path`, a prompt naming its user, and `<see vault>` cut
    # at its space. The misses left are notes and chats (0.86): values a clause away with
    # no connecting word, key words in more languages, and positional users and passwords
    # in code and in logs. Three it caught for a while are missed again since a fresh reviewer's
    # look-alikes made those rows stricter: `new code …` with no colon, a code after `except the
    # one I used:`, and a default under a YAML key named only `…-key`.
    corpus = redaction_holdout28
    floors = {
        "ci-and-deploy": (173, 178),
        "command": (169, 177),
        "config-file": (163, 170),
        "note-or-chat": (218, 237),
        "source-code": (164, 170),
        "stack-trace-or-log": (180, 194),
        "tool-output": (152, 168),
        "vendor-token": (226, 230),
    }
    recall, benign, altered = 0.948, 950, 13


class TwentyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Open-source maintainers and release engineering (package registries, code signing,
    # release tools, CI systems of every kind, backend code in some forty languages), written
    # after every rule written for the twenty-eighth and measured blind with them: 0.950 and
    # 2.9% (0.949 and 2.9% at that session's start: the rules for the twenty-eighth gained
    # one secret here). Its look-alikes still altered: sigstore's signatures and Rekor's
    # entries, Travis' `secure:` and Cirrus' `ENCRYPTED[…]` ciphertext, a minisign public
    # key after `-P`, a Matrix event's id, a session's id in a log, AWS key ids alone. Its
    # misses: UUIDs after a word a few words away (`I used <uuid> locally`), what a tool prints alone on the next line (`mix phx.gen.secret`, `heroku
    # auth:token`, `cat ~/.erlang.cookie`), signing passwords of signtool and keychain
    # commands, and chat lines in IRC's `<nick>` form.
    corpus = redaction_holdout29
    floors = {
        "ci-and-deploy": (157, 159),
        "command": (204, 208),
        "config-file": (186, 190),
        "note-or-chat": (259, 277),
        "source-code": (172, 178),
        "stack-trace-or-log": (173, 179),
        "tool-output": (158, 162),
        "vendor-token": (206, 213),
    }
    recall, benign, altered = 0.967, 969, 14


if __name__ == "__main__":
    unittest.main()
