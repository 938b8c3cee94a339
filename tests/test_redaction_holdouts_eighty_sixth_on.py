"""The hold-out corpora from the eighty-sixth on as regression data, as in
test_redaction_holdouts_eighty_third_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, side by side
with the other two, and measured blind before any rule from it: 0.952, 0.875 and 0.898, with 2.8%,
4.0% and 1.1% of the look-alikes altered. They were tuned on since, by classes (see each corpus'
"Measured")."""
import unittest

from tests import redaction_holdout86, redaction_holdout87, redaction_holdout88
from tests.support import HoldoutFloors


class EightySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Managed service providers and small-office IT (RMM and PSA tools, documentation vaults, Microsoft
    # 365 tenants, backup appliances, office firewalls, printers, desk phones, password handoffs) in
    # five languages, measured blind: 0.952 and 2.8%. Its misses left: passwords handed over in a chat's
    # own line or put before their word (`Le puse … como contraseña`), a PIN `set to` with words
    # between, Grandstream's `P34 = …`, values with an escaped
    # quote inside. Its look-alikes left altered are AWS key ids and Duo integration keys, which the
    # redaction takes on purpose (an id beside its secret is how the pair leaks).
    corpus = redaction_holdout86
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (183, 187),
        "config-file": (181, 187),
        "note-or-chat": (173, 187),
        "source-code": (184, 187),
        "stack-trace-or-log": (184, 187),
        "tool-output": (182, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.976, 950, 9


class EightySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Internet service providers and telecom network operations (RADIUS and TACACS+, PPPoE, BGP and
    # OSPF keys, GPON, DOCSIS, TR-069, MikroTik, Ubiquiti, Cisco and Juniper configurations, SNMP) in
    # five languages, measured blind: 0.875 and 4.0%. Its misses left: a community of letters alone stated
    # in prose (`v2c community nmsReadxyizyv`), PPPoE passwords of digits alone in
    # Portuguese notes, columns of a table (`| senha_pppoe |`, MikroTik's `user print`), a password
    # handed over as the answer to a question on the next chat line, values with an escaped quote.
    corpus = redaction_holdout87
    floors = {
        "ci-and-deploy": (176, 187),
        "command": (184, 187),
        "config-file": (185, 187),
        "note-or-chat": (150, 187),
        "source-code": (186, 187),
        "stack-trace-or-log": (185, 187),
        "tool-output": (173, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.953, 950, 35


class EightyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Semiconductor, EDA and hardware labs (licence servers, FPGA tools and JTAG servers, instruments
    # over SCPI, test floors, fab systems, secure-boot keys and HSMs) in five languages, measured blind:
    # 0.898 and 1.1%. Its misses left: positional passwords to a script's or a library's call
    # (`ftp(host, user, …)`, a fixture's `cal_code=`), expect's `send: sending "…"`, a password given on
    # the chat line after `and the pass`, a passphrase of words mid-sentence, a token wrapped with a
    # backslash, a table's password column.
    corpus = redaction_holdout88
    floors = {
        "ci-and-deploy": (186, 187),
        "command": (185, 187),
        "config-file": (183, 187),
        "note-or-chat": (171, 187),
        "source-code": (181, 187),
        "stack-trace-or-log": (181, 187),
        "tool-output": (180, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.971, 950, 10


if __name__ == "__main__":
    unittest.main()
