"""The hold-out corpora from the eighty-ninth on as regression data, as in
test_redaction_holdouts_eighty_sixth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, side by side
with the other two, and measured blind before any rule from it: 0.947, 0.924 and 0.937, with 1.1%,
0.7% and 1.2% of the look-alikes altered. They were tuned on since, by classes (see each corpus'
"Measured")."""
import unittest

from tests import redaction_holdout89, redaction_holdout90, redaction_holdout91
from tests.support import HoldoutFloors


class EightyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Developer teams in South Asia (payment gateways and UPI, SMS and WhatsApp providers, eKYC and
    # e-invoicing, Zoho, Tally, logistics) in seven languages and their scripts, measured blind: 0.947 and
    # 1.1%. Its misses left: a passphrase given unquoted with spaces to `-pass pass:`, a token as a call's
    # second argument in `node -e`, a header's value wrapped with a backslash, a script console's
    # `name:user:password` dump, Spring's actuator `"value"`, a helm `--set` of a vendor's `…Key` in camel
    # case, Banglish and Hinglish particles (`password ta …`, `pass …`), a spreadsheet's pasted row. Its
    # look-alikes left altered are a webhook's computed signature, which the redaction takes beside the
    # word `signature`.
    corpus = redaction_holdout89
    floors = {
        "ci-and-deploy": (186, 187),
        "command": (182, 187),
        "config-file": (187, 187),
        "note-or-chat": (172, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (187, 187),
        "tool-output": (183, 187),
        "vendor-token": (182, 187),
    }
    recall, benign, altered = 0.979, 950, 1


class NinetiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Makers, 3D-printing farms, print shops and makerspaces (OctoPrint, Moonraker, Bambu Lab, Prusa,
    # RepRapFirmware, ESP32 sketches, shop integrations, CUPS and RIPs, door systems) in five languages,
    # measured blind: 0.924 and 0.7%. Its misses left: access codes and keys given in place to scripts and
    # constructors (`BambuClient(ip, serial, "…")`, `username_pw_set("bblp", "…")`), a command's answer on
    # the next line (Moonraker's `{"result": …}`, `strings` of an NVS dump, `bw get password`), a table's or
    # a query's row, Gotify tokens and SNMP communities stated in prose, Dutch's `ww …`, two words and a
    # year joined by hyphens (`haring-werkplaats-2021`: a year ends build and guide names too). Its look-alikes
    # left altered: a documentation's example key and a user's name after a masked password.
    corpus = redaction_holdout90
    floors = {
        "ci-and-deploy": (182, 187),
        "command": (183, 187),
        "config-file": (184, 187),
        "note-or-chat": (170, 187),
        "source-code": (179, 187),
        "stack-trace-or-log": (178, 187),
        "tool-output": (175, 187),
        "vendor-token": (183, 187),
    }
    recall, benign, altered = 0.958, 950, 2


class NinetyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Translation and localisation teams (TMS and CAT platforms, machine-translation APIs, subtitle and
    # dubbing pipelines, i18n files, string-sync CI jobs) in eight languages, measured blind: 0.937 and
    # 1.2%. Its misses left: a job queue's positional arguments (Celery's `args=(…)`, Sidekiq's `"args"`), a
    # DeepL Pro key (a UUID) where nothing on its line names DeepL, passphrases of words, a one-time code
    # from a text message, a password answered on the chat's next line, a sticky note's quote. Its
    # look-alikes left altered: Custom Translator's category ids, a token's scopes listed, a host's name
    # after `'Remember password' is disabled … on`.
    corpus = redaction_holdout91
    floors = {
        "ci-and-deploy": (184, 187),
        "command": (185, 187),
        "config-file": (186, 187),
        "note-or-chat": (169, 187),
        "source-code": (185, 187),
        "stack-trace-or-log": (180, 187),
        "tool-output": (187, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.977, 950, 5


if __name__ == "__main__":
    unittest.main()
