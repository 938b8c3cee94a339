"""The hold-out corpora from the thirty-fourth on as regression data, as in
test_redaction_holdouts_newest: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, and
measured blind before any rule was written for it."""
import unittest

from tests import (redaction_holdout34, redaction_holdout35, redaction_holdout36, redaction_holdout37,
                   redaction_holdout38, redaction_holdout39, redaction_holdout40)
from tests.support import HoldoutFloors


class ThirtyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Home labs, self-hosting and hobbyists (Home Assistant, Proxmox, NAS boxes, media servers,
    # routers, 3D printers, ESPHome, bots, crypto wallets), measured blind: 0.946 and 4.2% with the
    # rules of that session's start, 0.947 and 4.2% with its first rule. Its look-alikes were
    # altered by kind: a PayPal transaction's id after `Plex Pass`, a FIDO2 credential's id, a
    # mail's Message-ID, a Klipper board's /dev/serial/by-id path, a Syncthing device's id, an
    # `.env.example`'s `123456:ABC-your-token`; all are left alone now but a bare AWS key id,
    # altered on purpose. Its misses left: a Proxmox token's table, a Jellyfin database's row,
    # Home Assistant's dump of a misspelt key, a Zigbee network key as a YAML list, a password
    # typed where a chat's message went, a voice memo's passphrase with no word for it.
    corpus = redaction_holdout34
    floors = {
        "ci-and-deploy": (185, 186),
        "command": (185, 186),
        "config-file": (179, 186),
        "note-or-chat": (181, 186),
        "source-code": (184, 186),
        "stack-trace-or-log": (180, 186),
        "tool-output": (175, 186),
        "vendor-token": (184, 186),
    }
    recall, benign, altered = 0.976, 950, 8


class ThirtyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Support engineers, on-call and incident response (tickets, incident chats, postmortems,
    # logs of many stacks, HAR files and dumps), measured blind with the rules made for the
    # thirty-fourth: 0.961 and 2.6% (0.961 and 2.3% with the rules of that session's start: a
    # password's `is` then a setting, `attempts: user_id=…`, read as a password, since left
    # alone). Its misses left: Hibernate's bound parameters, Sidekiq's and Erlang's arguments,
    # auditd's EXECVE arguments, a base64 printed by a CI log, passphrases in chats with no word.
    corpus = redaction_holdout35
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (182, 185),
        "config-file": (184, 185),
        "note-or-chat": (177, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (178, 185),
        "tool-output": (181, 185),
        "vendor-token": (183, 185),
    }
    recall, benign, altered = 0.983, 949, 5


class ThirtySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Web front-end and content developers (CMSs, static hosts, headless commerce, browser
    # extensions, analytics, agencies' handovers), measured blind with the rules made for the
    # thirty-fourth and thirty-fifth: 0.959 and 1.7% (0.957 and 1.7% with the rules of that
    # session's start). Its misses left: an ACF licence in a composer config and a download URL,
    # a Gatsby Cloud webhook, a workflow input's default, a secret base64-printed by a CI log,
    # an SQL seed's token column.
    corpus = redaction_holdout36
    floors = {
        "ci-and-deploy": (178, 185),
        "command": (185, 185),
        "config-file": (185, 185),
        "note-or-chat": (182, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (182, 185),
        "tool-output": (182, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.989, 950, 0



class ThirtySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Fintech, payments and marketplaces' sellers (payment providers, open banking, card issuing,
    # crypto exchanges, accounting, tax, KYC), measured blind with every rule made for the
    # thirty-fourth to thirty-sixth: 0.967 and 2.1% (0.964 and 2.2% with the rules of that
    # session's start). Its look-alikes still altered: a card's token (Stripe's `tok_…`, Marqeta's)
    # and a Pulumi key's name after `--secret`. Its misses left: Celery's
    # and PDO's arguments, an unlabelled password in a chat, a SAT CIEC, Avalara's and Sift's
    # sixteen-hex keys, which read as ids.
    corpus = redaction_holdout37
    floors = {
        "ci-and-deploy": (188, 188),
        "command": (188, 188),
        "config-file": (187, 188),
        "note-or-chat": (173, 188),
        "source-code": (188, 188),
        "stack-trace-or-log": (183, 188),
        "tool-output": (188, 188),
        "vendor-token": (184, 188),
    }
    recall, benign, altered = 0.983, 950, 10


class ThirtyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Windows-centred hobby, indie and small-business developers (PowerShell, .NET, IIS, SQL
    # Server, Credential Manager, registry exports, VBA, Unity, AutoHotkey, WSL), measured blind
    # with every rule made for the thirty-fourth to thirty-sixth: 0.964 and 3.9% (0.958 and 3.9%
    # with the rules of that session's start). Its look-alikes still altered: an SSID in
    # parentheses after where a password is kept, `-Password (Read-Host …)`, Entra's `Secret ID`
    # after `client secret … :`. Its misses left: EF
    # Core's and Hangfire's arguments, a user.config's setting, gamer-tag passwords with no word.
    corpus = redaction_holdout38
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (185, 185),
        "config-file": (185, 185),
        "note-or-chat": (179, 185),
        "source-code": (182, 185),
        "stack-trace-or-log": (181, 185),
        "tool-output": (183, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.989, 952, 7



class ThirtyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Students, teachers and bootcamps (course projects, autograders, hackathons, free tiers,
    # Discord bots, LMS integrations), measured blind with every rule made for the thirty-fourth
    # to thirty-eighth and the fortieth: 0.972 and 1.2% (0.966 and 1.2% with the rules of that
    # session's start). Its look-alikes still altered: Supabase's secrets list (a digest column),
    # GitHub's SSH fingerprints from its API, a Discord gateway's session id, an exception's
    # message named for a password, a vault's entry name after where the password is kept. Its misses left: a password typed as a shell command, credentials
    # split over chat messages under a host, Google's backup codes in pairs of four digits.
    corpus = redaction_holdout39
    floors = {
        "ci-and-deploy": (185, 188),
        "command": (188, 188),
        "config-file": (188, 188),
        "note-or-chat": (174, 188),
        "source-code": (186, 188),
        "stack-trace-or-log": (185, 188),
        "tool-output": (188, 188),
        "vendor-token": (182, 188),
    }
    recall, benign, altered = 0.981, 950, 11


class FortiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Hospitality, retail and restaurants (POS systems, kiosks, booking and delivery platforms,
    # payment terminals, alarm panels, franchise IT, managers' chats), measured blind with every
    # rule made for the thirty-fourth to thirty-eighth: 0.955 and 0.6% (0.947 and 0.6% with the
    # rules of that session's start). Its one look-alike still altered: a URL after a bearer token's
    # variable, whose path holds a UUID. Its misses left: a Vault table's installer code, a switch's
    # SNMP community, Hikvision's decrypted strings, Celery's and Sidekiq's arguments, a password
    # typed by a Selenium log, passphrases of capitalised words with no number.
    corpus = redaction_holdout40
    floors = {
        "ci-and-deploy": (184, 187),
        "command": (187, 187),
        "config-file": (186, 187),
        "note-or-chat": (178, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (180, 187),
        "tool-output": (181, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.982, 957, 0


if __name__ == "__main__":
    unittest.main()
