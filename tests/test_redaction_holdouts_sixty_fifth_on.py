"""The hold-out corpora from the sixty-fifth on as regression data, as in
test_redaction_holdouts_fifty_ninth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code and measured
blind before any rule was written for it. The sixty-fifth to sixty-seventh were written side by side,
and the rules made earlier in that session, from the older corpora's misses, changed none of their
results; the sixty-eighth and sixty-ninth were read after all of that session's rules, which changed 2
of their 2,981 secrets."""
import unittest

from tests import (redaction_holdout65, redaction_holdout66, redaction_holdout67, redaction_holdout68,
                   redaction_holdout69)
from tests.support import HoldoutFloors


class SixtyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Browser-extension and desktop-app developers (store publishing, auto-update feeds, code signing
    # on Windows and macOS, crash reporting, licence servers), measured blind: 0.960 and 3.6%. Its
    # misses left: Tauri's keys in their own base64 files, Paddle's SDK keys given to its client, a GPG
    # passphrase fed by a heredoc, notes in Danish, Filipino, Persian and Thai, a keychain's dump.
    corpus = redaction_holdout65
    floors = {
        "ci-and-deploy": (182, 185),
        "command": (182, 185),
        "config-file": (183, 185),
        "note-or-chat": (170, 185),
        "source-code": (178, 185),
        "stack-trace-or-log": (185, 185),
        "tool-output": (179, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.975, 967, 4


class SixtySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Customer support and contact centres (helpdesks, telephony and CCaaS, chat widgets, CRM glue,
    # call recordings), measured blind: 0.979 and 2.8%. Its misses left: keys handed over in a chat
    # sentence (`here's the … key for … -- <value> --`), spoken passphrases of words in call transcripts,
    # an FTP PASS in a packet capture, cloud-init's log of chpasswd, a post-it's transcription.
    corpus = redaction_holdout66
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (187, 187),
        "config-file": (187, 187),
        "note-or-chat": (173, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (185, 187),
        "tool-output": (186, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.988, 950, 5


class SixtySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams in Western and Northern Europe writing in their own languages (German, French, Dutch,
    # Italian, Spanish, Portuguese, the Nordic languages, Polish, Czech) and their local clouds, banks
    # and e-government services, measured blind: 0.954 and 1.4%. Its notes and chats miss most (0.79):
    # a password given as the answer to a question for it, a token after an arrow, UUIDs and hex
    # handed over in a sentence.
    corpus = redaction_holdout67
    floors = {
        "ci-and-deploy": (188, 188),
        "command": (185, 188),
        "config-file": (187, 188),
        "note-or-chat": (159, 188),
        "source-code": (186, 188),
        "stack-trace-or-log": (185, 188),
        "tool-output": (183, 188),
        "vendor-token": (187, 188),
    }
    recall, benign, altered = 0.970, 950, 5


class SixtyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Scientific publishing, libraries, museums and archives (journal systems, DOI deposits, ORCID,
    # library platforms and their APIs, repositories, IIIF servers), measured blind after all of that
    # session's rules: 0.943 and 3.1% (0.942 with the rules of its start). Its notes and chats (0.84) and
    # logs (0.91) miss most; not tuned on.
    corpus = redaction_holdout68
    floors = {
        "ci-and-deploy": (180, 180),
        "command": (178, 187),
        "config-file": (179, 187),
        "note-or-chat": (164, 189),
        "source-code": (184, 189),
        "stack-trace-or-log": (176, 186),
        "tool-output": (177, 183),
        "vendor-token": (187, 189),
    }
    recall, benign, altered = 0.956, 960, 19


class SixtyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Construction, architecture and field engineering (BIM and CAD platforms, drone surveys, GNSS
    # correction services, site cameras and access control, equipment telematics), measured blind after
    # all of that session's rules: 0.977 and 2.5%, the same as with the rules of its start; not tuned on.
    corpus = redaction_holdout69
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (186, 187),
        "config-file": (185, 187),
        "note-or-chat": (172, 187),
        "source-code": (183, 186),
        "stack-trace-or-log": (178, 183),
        "tool-output": (181, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.978, 950, 13


if __name__ == "__main__":
    unittest.main()
