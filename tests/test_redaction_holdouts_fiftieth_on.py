"""The hold-out corpora from the fiftieth on as regression data, as in
test_redaction_holdouts_forty_first_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code and measured
blind before any rule was written for it: the fiftieth to fifty-fifth in one round, the fifty-sixth
to fifty-eighth after every rule made for those (which changed none of their results)."""
import unittest

from tests import (redaction_holdout50, redaction_holdout51, redaction_holdout52, redaction_holdout53,
                   redaction_holdout54, redaction_holdout55, redaction_holdout56, redaction_holdout57,
                   redaction_holdout58)
from tests.support import HoldoutFloors


class FiftiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Energy and utilities (smart metering, EV charging with OCPP and OCPI, inverters, grid
    # operators' and traders' APIs), measured blind: 0.954 and 2.7% with the rules of that session's start.
    # Its misses left: DLMS keys in CSV rows and C byte arrays, a FIX logon's tag 554, a JMX password file,
    # `when it asks just type …` in a note, Dutch and Swedish abbreviations (`ww`, `lösen`).
    corpus = redaction_holdout50
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (181, 185),
        "config-file": (177, 185),
        "note-or-chat": (168, 185),
        "source-code": (176, 185),
        "stack-trace-or-log": (176, 185),
        "tool-output": (185, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.968, 950, 0


class FiftyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Logistics, shipping and warehousing (carriers' APIs, customs, WMS scanners, EDI with AS2 and
    # X12/EDIFACT, telematics), measured blind: 0.976 and 2.0% with the rules of that session's start. Its
    # misses left: EDIFACT's UNB password, a row of a pipe-separated table, Hibernate's bound parameters,
    # a Celery task's arguments, a misspelt label (`passwrod`), a key-safe code in German.
    corpus = redaction_holdout51
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (180, 185),
        "config-file": (185, 185),
        "note-or-chat": (172, 185),
        "source-code": (184, 185),
        "stack-trace-or-log": (180, 185),
        "tool-output": (180, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.980, 950, 10


class FiftySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # HR, payroll and recruiting (HRIS and payroll APIs, applicant tracking, background checks,
    # benefits' SFTP drops, time clocks), measured blind: 0.970 and 2.5% with the rules of that session's
    # start. Its misses left: ldap3's bind request, SMTP's AUTH LOGIN steps, a Go struct printed with `Pass:`,
    # a pension provider's memorable word, PINs told on the phone.
    corpus = redaction_holdout52
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (185, 187),
        "config-file": (187, 187),
        "note-or-chat": (173, 187),
        "source-code": (186, 187),
        "stack-trace-or-log": (178, 187),
        "tool-output": (184, 187),
        "vendor-token": (186, 187),
    }
    recall, benign, altered = 0.979, 950, 17


class FiftyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Geospatial, mapping, weather and space (GIS servers, tile and geocoding APIs, earth
    # observation, NTRIP casters, drones, ground stations), measured blind: 0.945 and 1.7% with the rules
    # of that session's start. Its misses left: `.cdsapirc`'s `uid:key`, keys in CSV credentials files and in
    # a FIRMS URL's path, MAVLink's signing passphrase, `nmcli -g` printing a PSK under an SSID.
    corpus = redaction_holdout53
    floors = {
        "ci-and-deploy": (187, 187),
        "command": (185, 187),
        "config-file": (178, 187),
        "note-or-chat": (180, 187),
        "source-code": (180, 187),
        "stack-trace-or-log": (179, 187),
        "tool-output": (177, 186),
        "vendor-token": (172, 187),
    }
    recall, benign, altered = 0.961, 950, 7


class FiftyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Penetration testing and red teams (credential dumps, crackers, C2 frameworks, Burp, cloud
    # and Wi-Fi audits, phishing simulations), measured blind: 0.919 and 4.4% with the rules of that
    # session's start. Its misses left: impacket's `user:'pass'@host`, Kerberos' and DPAPI's keys in
    # secretsdump's output, potfile lines after the first, john's `--show`, aircrack's `KEY FOUND!`.
    corpus = redaction_holdout54
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (174, 187),
        "config-file": (183, 187),
        "note-or-chat": (172, 187),
        "source-code": (180, 186),
        "stack-trace-or-log": (174, 187),
        "tool-output": (156, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.945, 950, 41


class FiftyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams in East and Southeast Asia (Alibaba, Tencent and Huawei clouds, WeChat, DingTalk,
    # LINE, Kakao, Naver, regional payments), measured blind: 0.963 and 4.3% with the rules of that session's
    # start. Its look-alikes still altered: WeChat's and LINE's user ids, request ids after `rid:`, DingTalk's
    # app key. Its misses left: `KakaoAK` headers in a Kotlin map, a recovery code under a Chinese label,
    # `密码为：` before a password of letters and a dash.
    corpus = redaction_holdout55
    floors = {
        "ci-and-deploy": (183, 185),
        "command": (182, 185),
        "config-file": (182, 185),
        "note-or-chat": (171, 185),
        "source-code": (167, 185),
        "stack-trace-or-log": (183, 185),
        "tool-output": (184, 185),
        "vendor-token": (182, 185),
    }
    recall, benign, altered = 0.968, 950, 29


class FiftySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Sports, fitness and live events (wearables' APIs, race timing, ticketing, stadium Wi-Fi,
    # odds feeds), measured blind after the rules for the fiftieth to fifty-fifth were made: 0.959 and 0.9%,
    # the same with the rules of that session's start; tuned on since (a digest alone on its line).
    corpus = redaction_holdout56
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (183, 185),
        "config-file": (184, 185),
        "note-or-chat": (164, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (172, 185),
        "tool-output": (185, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.975, 950, 6


class FiftySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Real estate, property management and smart buildings (BMS, access control, cameras,
    # listing feeds, rentals' smart locks), measured blind after the rules for the fiftieth to fifty-fifth
    # were made: 0.970 and 1.7%, the same with the rules of that session's start.
    corpus = redaction_holdout57
    floors = {
        "ci-and-deploy": (187, 189),
        "command": (192, 192),
        "config-file": (191, 192),
        "note-or-chat": (174, 189),
        "source-code": (191, 195),
        "stack-trace-or-log": (179, 186),
        "tool-output": (195, 198),
        "vendor-token": (195, 195),
    }
    recall, benign, altered = 0.979, 1001, 5


class FiftyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Streamers, modders and community game servers (Twitch and YouTube stream keys, Discord bots,
    # RCON, server panels, mod repositories), measured blind after the rules for the fiftieth to
    # fifty-fifth were made: 0.934 and 2.9%, the same with the rules of that session's start.
    corpus = redaction_holdout58
    floors = {
        "ci-and-deploy": (184, 188),
        "command": (178, 194),
        "config-file": (184, 187),
        "note-or-chat": (173, 188),
        "source-code": (179, 187),
        "stack-trace-or-log": (178, 188),
        "tool-output": (182, 188),
        "vendor-token": (185, 190),
    }
    recall, benign, altered = 0.955, 950, 22
