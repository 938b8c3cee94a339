"""The most recent hold-out corpora as regression data (the sixteenth on), as in
test_redaction_holdouts: each one's recall per group and its false positives stay where
the redaction brought them. Each was written without reading the redaction code, and
measured blind before any rule was written for it."""
import unittest

from tests import (redaction_holdout16, redaction_holdout17, redaction_holdout18, redaction_holdout19,
                   redaction_holdout20, redaction_holdout21)
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
        "command": (220, 224),
        "config-file": (250, 256),
        "note-or-chat": (173, 192),
        "source-code": (217, 224),
        "stack-trace-or-log": (156, 160),
        "tool-output": (250, 256),
        "vendor-token": (127, 128),
    }
    recall, benign, altered = 0.970, 800, 16



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
    corpus = redaction_holdout17
    floors = {
        "ci-and-deploy": (128, 128),
        "command": (224, 224),
        "config-file": (254, 256),
        "note-or-chat": (232, 240),
        "source-code": (239, 240),
        "stack-trace-or-log": (153, 160),
        "tool-output": (240, 240),
        "vendor-token": (106, 112),
    }
    recall, benign, altered = 0.985, 800, 2



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
        "ci-and-deploy": (123, 128),
        "command": (219, 224),
        "config-file": (250, 256),
        "note-or-chat": (273, 288),
        "source-code": (206, 208),
        "stack-trace-or-log": (136, 144),
        "tool-output": (222, 240),
        "vendor-token": (112, 112),
    }
    recall, benign, altered = 0.963, 803, 8


class NineteenthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # A data and ML team's month (notebooks, Spark, Airflow, dbt, warehouses, MLflow, R, SAS,
    # MATLAB, HPC), written after the rules for the eighteenth; blind 0.963 and 2.7%, its
    # look-alikes then a step's or an experiment's key, masks marked `(redacted)`, SAS macro
    # variables, Pulumi's `secure:` values and a URL's host, left alone since. The misses
    # left are passwords given in place to calls (`database(dsn, user, pass)`), Azure
    # storage keys under Hadoop's property names, and notes.
    corpus = redaction_holdout19
    floors = {
        "ci-and-deploy": (110, 115),
        "command": (209, 213),
        "config-file": (242, 246),
        "note-or-chat": (262, 279),
        "source-code": (209, 213),
        "stack-trace-or-log": (192, 197),
        "tool-output": (255, 262),
        "vendor-token": (114, 115),
    }
    recall, benign, altered = 0.971, 822, 3  # (three lose an emoji's variation selector, invisible)


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
        "ci-and-deploy": (108, 112),
        "command": (195, 208),
        "config-file": (241, 272),
        "note-or-chat": (228, 272),
        "source-code": (165, 192),
        "stack-trace-or-log": (153, 176),
        "tool-output": (225, 256),
        "vendor-token": (110, 112),
    }
    recall, benign, altered = 0.890, 800, 5



class TwentyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams that are not web startups (game studios, mobile apps, embedded and robotics,
    # hosting and datacenter operations, labs, back offices, open-source maintainers),
    # written after the rules for the twentieth; blind 0.897 and 2.2%, its look-alikes then
    # a DNSSEC key, a disk's WWN, a file's digest on the line after its name, a GraphQL
    # cursor and Unreal's DDC keys, left alone since. Its notes and chat are the weakest
    # group (0.715): chosen passwords in sentences, in seventeen languages.
    corpus = redaction_holdout21
    floors = {
        "ci-and-deploy": (108, 112),
        "command": (204, 208),
        "config-file": (245, 256),
        "note-or-chat": (225, 288),
        "source-code": (179, 192),
        "stack-trace-or-log": (161, 176),
        "tool-output": (236, 256),
        "vendor-token": (112, 112),
    }
    recall, benign, altered = 0.918, 800, 1


if __name__ == "__main__":
    unittest.main()
