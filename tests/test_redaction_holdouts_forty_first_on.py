"""The hold-out corpora from the forty-first on as regression data, as in
test_redaction_holdouts_thirty_fourth_on: each one's recall per group and its false positives
stay where the redaction brought them. Each was written without reading the redaction code, and
measured blind before any rule was written for it: the forty-first to forty-fifth in one round,
the forty-sixth to forty-ninth after every rule made for those."""
import unittest

from tests import (redaction_holdout41, redaction_holdout42, redaction_holdout43, redaction_holdout44,
                   redaction_holdout45, redaction_holdout46, redaction_holdout47, redaction_holdout48,
                   redaction_holdout49)
from tests.support import HoldoutFloors


class FortyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Healthcare and clinical IT (integration engines, HL7, FHIR, DICOM and PACS, lab instruments, pharmacy
    # and small clinics' IT), measured blind with the rules made for the forty-third and forty-fourth: 0.952
    # and 2.4% (0.952 and 2.9% with the rules of that session's start). Its misses left: HL7's MSH-8 and
    # ASTM's header passwords, DICOM's user identity, Hibernate's bound parameters, a REPL's tuple, passwords
    # in chats with no word for them.
    corpus = redaction_holdout41
    floors = {
        "ci-and-deploy": (183, 185),
        "command": (185, 185),
        "config-file": (185, 185),
        "note-or-chat": (173, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (170, 185),
        "tool-output": (180, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.977, 950, 6


class FortySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Low-code and SaaS administrators (Zapier, Make, n8n, Power Automate, Salesforce, HubSpot,
    # Airtable, Apps Script), measured blind with the rules made for the forty-third and forty-fourth: 0.954
    # and 3.9% (0.952 and 3.9% with the rules of that session's start). Its look-alikes still altered: Google
    # Drive's and Apps Script's ids, Notion's page URLs, n8n's credential ids. Its misses left: a Zapier deploy
    # key in a table, DocuSign's breadcrumb, a token after `the current one is`.
    corpus = redaction_holdout42
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (186, 186),
        "config-file": (185, 186),
        "note-or-chat": (170, 186),
        "source-code": (184, 186),
        "stack-trace-or-log": (183, 186),
        "tool-output": (185, 186),
        "vendor-token": (178, 186),
    }
    recall, benign, altered = 0.979, 950, 26


class FortyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Legacy enterprise systems (mainframe, IBM i, SAP, Oracle, COBOL, ETL, Java EE servers),
    # measured blind with the rule made for the forty-fourth: 0.892 and 1.6%, the same with the rules of that
    # session's start. Its misses left, many: RACF's and IBM i's passwords of six to eight capitals and digits
    # with no word before them, positional passwords of schedulers' and ETL tools' commands, CICS' and TSO's
    # sign-on screens, Informatica's override values.
    corpus = redaction_holdout43
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (172, 187),
        "config-file": (179, 187),
        "note-or-chat": (165, 187),
        "source-code": (178, 187),
        "stack-trace-or-log": (169, 187),
        "tool-output": (178, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.945, 950, 0


class FortyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Crypto and web3 developers (wallets and seed phrases, RPC providers, Hardhat, Foundry,
    # validators, exchanges' keys, trading bots), measured blind: 0.909 and 10.4% with the rules of that
    # session's start. Its look-alikes still altered: Solana's addresses and signatures after its CLI's
    # commands, Bitcoin's `rpcauth` and htpasswd's hashes, Jenkins' encrypted values. Its misses left: KuCoin's
    # passphrase in a Go map, a passphrase of three words, a key in a Markdown list with its name after it.
    corpus = redaction_holdout44
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (185, 185),
        "config-file": (179, 185),
        "note-or-chat": (169, 185),
        "source-code": (175, 185),
        "stack-trace-or-log": (177, 185),
        "tool-output": (184, 185),
        "vendor-token": (183, 185),
    }
    recall, benign, altered = 0.970, 950, 32


class FortyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Industrial, automotive and OT engineers (PLCs and SCADA, telematics, fleet, building
    # management, MQTT, edge gateways), measured blind with the rules made for the forty-third and
    # forty-fourth: 0.961 and 2.5%, the same with the rules of that session's start. Its look-alikes still
    # altered: VINs in a query, a cache's `deps-<sha256>` key, Node-RED's encrypted credentials. Its misses left:
    # an `adb setprop` of an APN's password, a password sent "in the next message", a spoken code.
    corpus = redaction_holdout45
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (184, 185),
        "config-file": (184, 185),
        "note-or-chat": (173, 185),
        "source-code": (182, 185),
        "stack-trace-or-log": (184, 185),
        "tool-output": (182, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.985, 950, 13


class FortySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Legal, accounting and insurance back offices (document management, e-discovery, tax and
    # payroll software, policy and claims systems), measured blind with every rule made for the forty-first
    # to forty-fifth: 0.977 and 0.0%, the same with the rules of that session's start. Its misses left: an
    # e-discovery tool's `as user/password`, ELSTER's and Fisconline's PINs, a reply `it's …` to a question.
    corpus = redaction_holdout46
    floors = {
        "ci-and-deploy": (185, 186),
        "command": (186, 186),
        "config-file": (186, 186),
        "note-or-chat": (179, 186),
        "source-code": (184, 186),
        "stack-trace-or-log": (186, 186),
        "tool-output": (183, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.991, 950, 0


class FortySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Biotech and pharma laboratories (LIMS, ELN, sequencers, lab robots, pipelines, GxP systems),
    # measured blind with every rule made for the forty-first to forty-fifth: 0.962 and 1.1% (0.959 and 1.7%
    # with the rules of that session's start). Its misses left: passwords opening with `-`, strace's Redis
    # `AUTH`, a chat's `try "…"`, a passphrase with spaces and no word before it.
    corpus = redaction_holdout47
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (182, 186),
        "config-file": (182, 186),
        "note-or-chat": (170, 186),
        "source-code": (184, 186),
        "stack-trace-or-log": (186, 186),
        "tool-output": (183, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.980, 950, 7


class FortyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Travel, airlines and hospitality distribution (GDS APIs, booking engines, airline ops,
    # loyalty, fare bots), measured blind with every rule made for the forty-first to forty-fifth: 0.979 and
    # 1.8%, the same with the rules of that session's start. Its misses left: Consul's ACL tokens in HCL, a
    # base64 `obfuscated` password, `works with …` in a chat, a client secret of twelve characters.
    corpus = redaction_holdout48
    floors = {
        "ci-and-deploy": (188, 188),
        "command": (188, 188),
        "config-file": (185, 188),
        "note-or-chat": (180, 188),
        "source-code": (186, 188),
        "stack-trace-or-log": (185, 188),
        "tool-output": (188, 188),
        "vendor-token": (185, 188),
    }
    recall, benign, altered = 0.987, 950, 5


class FortyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Agriculture and the food supply chain (farm IoT, greenhouse computers, cold chain, EDI,
    # co-ops' ERP), measured blind with every rule made for the forty-first to forty-fifth: 0.981 and 0.8%,
    # the same with the rules of that session's start. Its misses left: a passphrase of words in quotes with
    # no word before it, a `🔑` emoji as the label, a helm `--set credentials.superuser=…`.
    corpus = redaction_holdout49
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (185, 187),
        "config-file": (186, 187),
        "note-or-chat": (180, 187),
        "source-code": (186, 187),
        "stack-trace-or-log": (184, 187),
        "tool-output": (184, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.988, 950, 1
