"""The hold-out corpora from the eightieth on as regression data, as in
test_redaction_holdouts_seventieth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code, side by side
with the other two, and measured blind before any rule of the session that read them: 0.976, 0.959
and 0.971, with 2.4%, 0.8% and 2.5% of the look-alikes altered. They were tuned on since, by classes
(see each corpus' "Measured")."""
import unittest

from tests import redaction_holdout80, redaction_holdout81, redaction_holdout82
from tests.support import HoldoutFloors


class EightiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Newsrooms and digital publishing (newsroom CMSs, wire and syndication APIs, paywalls,
    # newsletters, photo desks, live blogs, tip lines), measured blind: 0.976 and 2.4%. Its misses
    # left: a passphrase a meeting's notes hand over, a password a chat gives on its own line, a
    # token a script's usage line names only as `<fastly-api-token>`.
    corpus = redaction_holdout80
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (186, 189),
        "config-file": (189, 189),
        "note-or-chat": (176, 189),
        "source-code": (189, 189),
        "stack-trace-or-log": (175, 189),
        "tool-output": (186, 189),
        "vendor-token": (189, 189),
    }
    recall, benign, altered = 0.978, 950, 12


class EightyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Robotics, drones and embedded firmware (ROS 2, PX4 and ArduPilot, Yocto and Zephyr builds, OTA
    # servers, factory rigs, MQTT brokers), measured blind: 0.959 and 0.8%. Its misses left (MAVLink's
    # `signing setup …`, fastboot's unlock codes and chrony's keys are caught since): SWUpdate's key
    # files, a password typed at a login as its user's name, a sticky note transcribed line by line.
    corpus = redaction_holdout81
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (185, 185),
        "config-file": (181, 185),
        "note-or-chat": (177, 185),
        "source-code": (185, 185),
        "stack-trace-or-log": (184, 185),
        "tool-output": (177, 185),
        "vendor-token": (185, 185),
    }
    recall, benign, altered = 0.985, 950, 0


class EightySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Public sector and municipal IT in English, German, French, Dutch, Swedish, Hindi and Portuguese
    # (tax and permit portals, e-government identity, court e-filing, police CAD, open data),
    # measured blind: 0.971 and 2.5%. Its misses left (a PIN set with `setx NAME "…"` is caught since):
    # a user and a password with only a comma between, a webhook's shared secret of 64 hex digits.
    corpus = redaction_holdout82
    floors = {
        "ci-and-deploy": (185, 187),
        "command": (186, 187),
        "config-file": (184, 187),
        "note-or-chat": (177, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (186, 187),
        "tool-output": (187, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.987, 950, 6


if __name__ == "__main__":
    unittest.main()
