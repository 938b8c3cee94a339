"""Recent hold-out corpora as regression data (the sixteenth to the nineteenth), as in
test_redaction_holdouts: each one's recall per group and its false positives stay where
the redaction brought them. Each was written without reading the redaction code, and
measured blind before any rule was written for it. The newest are in
test_redaction_holdouts_latest."""
import unittest

from tests import redaction_holdout16, redaction_holdout17, redaction_holdout18, redaction_holdout19
from tests.support import HoldoutFloors


class SixteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Long debugging and operations sessions in less common settings (payments, HL7/FHIR,
    # firmware, game studios, ML ops, pentest notes, mainframes, HPC, enterprise software),
    # written after the rules for the fifteenth; blind 0.914 and 3.9%. The misses left are
    # legacy declarations (COBOL, RPG, ABAP), secrets a tool prints lines after the command
    # that shows them, notes in other languages with the value far from its word, license
    # serials and HL7 or ISO 8583 fields; the look-alikes still altered are AWS key ids
    # alone, Algolia search keys, a session's id, a MIC digest and build cache keys.
    corpus = redaction_holdout16
    floors = {
        "ci-and-deploy": (160, 160),
        "command": (222, 224),
        "config-file": (253, 256),
        "note-or-chat": (186, 192),
        "source-code": (218, 224),
        "stack-trace-or-log": (158, 160),
        "tool-output": (255, 256),
        "vendor-token": (128, 128),
    }
    recall, benign, altered = 0.987, 800, 15



class SeventeenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Product developers' everyday sessions (JS/TS, Python, Rails, Laravel, Go, Spring,
    # mobile, cloud CLIs, data stacks, SaaS integrations, observability) and their notes,
    # written after the rules for the sixteenth; blind 0.966 and 11.5%, the look-alikes
    # mostly whole classes (cursors, secret references, SealedSecrets, Rails' encrypted
    # credentials, masks, fixtures, messages) left alone since. The misses left are tokens
    # wrapped over two lines, a vendor's UUID under its product's name alone, job arguments
    # in a log, and passwords in Dutch or Korean sentences with the value before its verb;
    # the look-alikes still altered are Firebase web keys (redacted on purpose: an AIza
    # key is a Google API key, restricted or not), AKIA key ids alone and a search key.
    # Three `supabase projects api-keys` tables count as leaks since the public anon key,
    # left alone on purpose, was no longer taken with the service key by a line break
    # wrongly joined: the two share their first 60 characters.
    corpus = redaction_holdout17
    floors = {
        "ci-and-deploy": (128, 128),
        "command": (224, 224),
        "config-file": (256, 256),
        "note-or-chat": (234, 240),
        "source-code": (240, 240),
        "stack-trace-or-log": (153, 160),
        "tool-output": (237, 240),
        "vendor-token": (110, 112),
    }
    recall, benign, altered = 0.988, 800, 2



class EighteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # A solo developer's and a small team's week (homelab, self-hosted apps, small-business
    # SaaS, AI APIs, store releases, crypto side projects) and many notes, written after the
    # rules for the seventeenth; blind 0.948 and 9.0%, its look-alikes then mostly public by
    # design or by make (WireGuard public keys, digests, anon and publishable keys), left
    # alone since. The misses left are notes and chat (passwords in sentences in twelve
    # languages), tool output printed far from the command that read it, and two service
    # keys whose JWT header the public anon key beside them shares (the scorer's 16
    # characters).
    corpus = redaction_holdout18
    floors = {
        "ci-and-deploy": (125, 128),
        "command": (222, 224),
        "config-file": (253, 256),
        "note-or-chat": (282, 288),
        "source-code": (208, 208),
        "stack-trace-or-log": (139, 144),
        "tool-output": (229, 240),
        "vendor-token": (112, 112),
    }
    recall, benign, altered = 0.981, 803, 4


class NineteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # A data and ML team's month (notebooks, Spark, Airflow, dbt, warehouses, MLflow, R, SAS,
    # MATLAB, HPC), written after the rules for the eighteenth; blind 0.963 and 2.7%, its
    # look-alikes then a step's or an experiment's key, masks marked `(redacted)`, SAS macro
    # variables, Pulumi's `secure:` values and a URL's host, left alone since. The misses
    # left are passwords given in place to calls (`database(dsn, user, pass)`), Azure
    # storage keys under Hadoop's property names, and notes.
    corpus = redaction_holdout19
    floors = {
        "ci-and-deploy": (113, 115),
        "command": (210, 213),
        "config-file": (244, 246),
        "note-or-chat": (269, 279),
        "source-code": (209, 213),
        "stack-trace-or-log": (195, 197),
        "tool-output": (255, 262),
        "vendor-token": (114, 115),
    }
    recall, benign, altered = 0.981, 822, 3  # (three lose an emoji's variation selector, invisible)


if __name__ == "__main__":
    unittest.main()
