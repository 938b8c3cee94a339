"""The hold-out corpora from the eighty-third on as regression data, as in
test_redaction_holdouts_eightieth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, side by side
with the other two, and measured blind before any rule from it: 0.924, 0.927 and 0.974, with 3.1%,
2.5% and 1.2% of the look-alikes altered. They were tuned on since, by classes (see each corpus'
"Measured")."""
import unittest

from tests import redaction_holdout83, redaction_holdout84, redaction_holdout85
from tests.support import HoldoutFloors


class EightyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Libraries, museums and archives (integrated library systems, SIP2 self-check, EZproxy,
    # repositories, IIIF, collections and donor systems) in five languages, measured blind: 0.924
    # and 3.1%. Its misses left: keys of small letters alone after their name (Europeana's), a
    # password handed over in a chat line of its own, door and safe codes with a `#`, a positional
    # password to a script, SMS codes, wrapped tokens, a VPN key with a dot in it.
    corpus = redaction_holdout83
    floors = {
        "ci-and-deploy": (182, 187),
        "command": (187, 187),
        "config-file": (178, 187),
        "note-or-chat": (157, 187),
        "source-code": (180, 187),
        "stack-trace-or-log": (186, 187),
        "tool-output": (187, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.963, 950, 2


class EightyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Web hosting resellers and small agencies (cPanel and WHM, Plesk, WHMCS, registrars and DNS,
    # WordPress and shops, mail hosting, backups) in six languages, measured blind: 0.927 and 2.5%.
    # Its misses left: keys given in place to a constructor (Mailjet's pair, a panel's client), SMTP
    # AUTH LOGIN's base64 in a debug log, PayU's `second key (MD5)`, a webhook URL's UUID, 2FA backup
    # codes in groups of four, a password after `heslo` in Czech prose, a PIN after a customer's number
    # (`Kunden-PIN … (Kundennummer …): …`: a number named just before is taken for another thing's).
    corpus = redaction_holdout84
    floors = {
        "ci-and-deploy": (180, 187),
        "command": (184, 187),
        "config-file": (187, 187),
        "note-or-chat": (171, 187),
        "source-code": (179, 187),
        "stack-trace-or-log": (184, 187),
        "tool-output": (177, 187),
        "vendor-token": (182, 187),
    }
    recall, benign, altered = 0.965, 950, 0


class EightyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Aviation and maritime operations (MRO, ACARS and SITA, crew and flight planning, airports,
    # ship management, AIS, VSAT, port systems) in six languages, measured blind: 0.974 and 1.2%.
    # Its misses left: passwords given in place to scripts and a SOAP client, a token wrapped over two
    # lines, a Kubernetes Secret's value opening with `$`, a password `restablecida a …` in Spanish, a
    # service account's `user / password` in a decision record.
    corpus = redaction_holdout85
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (183, 187),
        "config-file": (186, 187),
        "note-or-chat": (186, 187),
        "source-code": (186, 187),
        "stack-trace-or-log": (185, 187),
        "tool-output": (187, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.993, 950, 1


if __name__ == "__main__":
    unittest.main()
