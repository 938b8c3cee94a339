"""The hold-out corpora from the fifty-ninth on as regression data, as in
test_redaction_holdouts_fiftieth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code and measured
blind before any rule was written for it: the fifty-ninth, sixty-first and sixty-second in one round,
the sixtieth after every rule made for those (which changed none of its results), the sixty-third and
sixty-fourth after every rule of that session (which changed 4 of their 2,990 secrets)."""
import unittest

from tests import (redaction_holdout59, redaction_holdout60, redaction_holdout61, redaction_holdout62,
                   redaction_holdout63, redaction_holdout64)
from tests.support import HoldoutFloors


class FiftyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # QA engineers and test automation (browser and device grids, Postman environments, load tests,
    # mock servers, contract testing, seeded test accounts), measured blind: 0.967 and 0.9% with the rules
    # of that session's start. Its misses left: `adb shell input text`, smbclient's `-U user%'…'`, a Pact
    # verifier's Ruby hash of headers, a session's token read back from redis-cli, Robot Framework's
    # variable table, base64 a CI step printed past its masking.
    corpus = redaction_holdout59
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (182, 187),
        "config-file": (186, 187),
        "note-or-chat": (176, 187),
        "source-code": (185, 187),
        "stack-trace-or-log": (186, 187),
        "tool-output": (174, 180),
        "vendor-token": (184, 187),
    }
    recall, benign, altered = 0.980, 952, 5


class SixtiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Email, messaging and marketing operations (MTAs, deliverability, ESPs, SMS and push, ad
    # platforms' APIs, CRM imports), measured blind after the rules for the fifty-ninth and sixty-second:
    # 0.961 and 2.4%, the same as with the rules of that session's start. Its misses left: Exim's
    # `client_send`, swaks' AUTH LOGIN lines, sqlite3's rows, a password pasted in a Zoom chat after the
    # question for it, Customer.io's and GA4's keys beside their ids.
    corpus = redaction_holdout60
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (180, 185),
        "config-file": (180, 185),
        "note-or-chat": (175, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (182, 185),
        "tool-output": (174, 185),
        "vendor-token": (181, 185),
    }
    recall, benign, altered = 0.974, 950, 0


class SixtyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Database administrators and data migrations (Oracle, SQL Server, MySQL, PostgreSQL, MongoDB,
    # Cassandra, Redis, Db2, Teradata, HANA, migration tools, backup runbooks), measured blind: 0.956 and
    # 2.5% with the rules of that session's start, and the same after the first of them. Its misses left:
    # Teradata's `.logon host/user,password`, pt-online-schema-change's DSN `p=`, hdbuserstore's `SET`,
    # SSIS' configured values, passwords pasted at a shell or a username prompt.
    corpus = redaction_holdout61
    floors = {
        "ci-and-deploy": (184, 185),
        "command": (173, 185),
        "config-file": (181, 185),
        "note-or-chat": (176, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (173, 185),
        "tool-output": (175, 185),
        "vendor-token": (184, 185),
    }
    recall, benign, altered = 0.966, 950, 7


class SixtySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams in Eastern Europe, Central Asia, Turkey, the Middle East and Africa (Yandex Cloud, 1C,
    # Bitrix24, Telegram bots, regional payment gateways and mobile money; notes in Cyrillic and
    # right-to-left scripts), measured blind: 0.888 and 6.0% with the rules of that session's start. Its
    # misses left: passwords in Cyrillic letters, 1C's own language and its connection strings, Bitrix24's
    # webhook URLs, vendors' keys given to SDK constructors, Telegram's `api_hash`, M-Pesa's passkey and
    # HyperPay's token in Swahili and Arabic notes.
    corpus = redaction_holdout62
    floors = {
        "ci-and-deploy": (178, 187),
        "command": (177, 187),
        "config-file": (180, 187),
        "note-or-chat": (155, 187),
        "source-code": (160, 187),
        "stack-trace-or-log": (170, 187),
        "tool-output": (181, 187),
        "vendor-token": (167, 187),
    }
    recall, benign, altered = 0.914, 950, 7



class SixtyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Machine-learning engineers and MLOps (experiment trackers, model hubs, GPU clouds, notebooks,
    # vector databases, inference servers), measured blind after all of that session's rules: 0.971 and
    # 3.3%, the same as with the rules of its start. Its misses are most in notes and chats (0.90).
    corpus = redaction_holdout63
    floors = {
        "ci-and-deploy": (182, 187),
        "command": (185, 187),
        "config-file": (184, 187),
        "note-or-chat": (172, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (186, 187),
        "tool-output": (177, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.974, 950, 15


class SixtyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Non-profits, NGOs and humanitarian field teams (mobile data collection, DHIS2, donor CRMs,
    # mobile money, SMS and WhatsApp bots; notes in six languages), measured blind after all of that
    # session's rules: 0.957 and 2.0% (0.954 with the rules of its start); 0.966 tuned on since (Swahili's
    # words for a password, a passcode). Its notes and chats miss most.
    corpus = redaction_holdout64
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (183, 185),
        "config-file": (183, 188),
        "note-or-chat": (169, 185),
        "source-code": (181, 188),
        "stack-trace-or-log": (179, 188),
        "tool-output": (183, 185),
        "vendor-token": (190, 190),
    }
    recall, benign, altered = 0.972, 950, 14


if __name__ == "__main__":
    unittest.main()
