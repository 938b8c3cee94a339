"""The hold-out corpora from the ninety-second on as regression data, as in
test_redaction_holdouts_eighty_ninth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, side by side
with the other two, and measured blind before any rule from it: 0.953, 0.949 and 0.952, with 4.7%,
2.7% and 0.0% of the look-alikes altered. They were tuned on since, by classes (see each corpus'
"Measured")."""
import unittest

from tests import redaction_holdout92, redaction_holdout93, redaction_holdout94
from tests.support import HoldoutFloors


class NinetySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Gambling, betting, lottery and casino operators (odds feeds, game aggregators, payment and payout
    # providers, KYC and geolocation vendors, regulator feeds, player support) in seven languages,
    # measured blind: 0.953 and 4.7%. Its misses left: a client's user and password given in place
    # (`new TrustlyClient('…', '…', …)`), a value Hibernate binds to a password's column, an sshd log's
    # invalid user that is a password, Maltese prose, passwords of two words and symbols with no digit in
    # Spanish prose, `user:password` in a chat's backquotes, a PagerDuty routing key in prose. Its
    # look-alikes left altered: AWS access key ids (redacted on purpose: an id beside its secret is half
    # of a pair) and lottery tickets' serials after `ticket`.
    corpus = redaction_holdout92
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (187, 187),
        "config-file": (187, 187),
        "note-or-chat": (174, 187),
        "source-code": (183, 187),
        "stack-trace-or-log": (176, 187),
        "tool-output": (184, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.977, 950, 13


class NinetyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Car dealers, rental, ride-hailing and fleet telematics (dealer systems, connected-car APIs,
    # Teltonika trackers, EV charging, lockboxes and key cabinets) in seven languages, measured blind:
    # 0.949 and 2.7%. Its misses left: a lockbox's master code under a name with no secret's word
    # (`master_code`, `LOCKBOX_MASTER`), a tracker's `Param ID:2003 Value:…` reply, an SQLite row of
    # pipes, `wrangler kv key get`'s value on the next line, a script's and a Celery task's positional
    # arguments, a chat's answer on the next line, a key safe's dashed code, a UUID called a bearer after
    # it. Its look-alikes left altered: AWS access key ids in presigned URLs, and vehicles' VINs in an API's
    # path after a token's word (`token=[FILTERED] path=/api/v1/vehicles/<VIN>`): a path's segment after a
    # collection is read as an id only in a URL, where it ends the path (a token in a path is a webhook's too).
    corpus = redaction_holdout93
    floors = {
        "ci-and-deploy": (184, 187),
        "command": (185, 187),
        "config-file": (184, 187),
        "note-or-chat": (178, 187),
        "source-code": (186, 187),
        "stack-trace-or-log": (182, 187),
        "tool-output": (179, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.977, 950, 26


class NinetyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Quantitative trading, brokers and market-data engineering (FIX sessions, broker and exchange APIs,
    # market-data vendors, kdb+ and Kafka ticker plants, colo hardware, OMS databases) in six languages,
    # measured blind: 0.952 and 0.0%. Its misses left: passwords that open with `-` in prose (`password
    # -74AM…`), a kdb+ `-u` file's `user:password` lines, `.z.pw`'s inline check, tshark's decoded
    # fields, QuestDB's and IBC's debug lines, a chat's answer on the next line, Hindi's `ये रहा:`.
    corpus = redaction_holdout94
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (183, 187),
        "config-file": (186, 187),
        "note-or-chat": (172, 187),
        "source-code": (185, 187),
        "stack-trace-or-log": (184, 187),
        "tool-output": (182, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.979, 950, 0


if __name__ == "__main__":
    unittest.main()
