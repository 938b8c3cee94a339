"""The hold-out corpora from the seventieth on as regression data, as in
test_redaction_holdouts_sixty_fifth_on: each one's recall per group and its false positives stay
where the redaction brought them. Each was written without reading the redaction code and measured
blind before any rule was written for it. The seventieth to seventy-third were written side by side
and read after that session's first two rules (a long label closed by a colon, a passphrase joined
with capitals), which changed 1 of their 5,979 secrets and none of their look-alikes; the
seventy-fourth to seventy-seventh after all the rules made for those four, which gained 4 of their
5,960 secrets, lost 2 (a private key under `wg pubkey`, mended since) and left 2 fewer of their
3,797 look-alikes altered; the seventy-eighth and seventy-ninth after all of that session's rules and
the mends of its review, which changed none of the 78th's results and lost 3 of the 79th's 1,488
secrets (mended since) while leaving 6 fewer of its look-alikes altered."""
import unittest

from tests import (redaction_holdout70, redaction_holdout71, redaction_holdout72, redaction_holdout73,
                   redaction_holdout74, redaction_holdout75, redaction_holdout76, redaction_holdout77,
                   redaction_holdout78, redaction_holdout79)
from tests.support import HoldoutFloors


class SeventiethHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Film, TV, VFX, music and podcast production (render farms, review and tracking tools, licence
    # servers, video APIs, stock media, podcast hosts, studio storage), measured blind: 0.979 and 4.5%.
    # Its look-alikes were public ids (playback ids, playlists, an API's assets), encrypted tokens and
    # cache keys; its misses left: a voice memo's passphrase, a stock API's key as `client_id`.
    corpus = redaction_holdout70
    floors = {
        "ci-and-deploy": (186, 187),
        "command": (186, 187),
        "config-file": (187, 187),
        "note-or-chat": (179, 187),
        "source-code": (187, 187),
        "stack-trace-or-log": (187, 187),
        "tool-output": (184, 187),
        "vendor-token": (185, 187),
    }
    recall, benign, altered = 0.989, 950, 4


class SeventyFirstHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Teams in Latin America, Spain, Portugal and Africa writing in Spanish, Portuguese, French,
    # Swahili and Afrikaans (local payment services, e-invoicing and tax APIs, messaging gateways),
    # measured blind: 0.982 and 1.9%. Its misses left: a password given as the next chat message, a
    # SOAP call's positional password, a Cypress log's typed value.
    corpus = redaction_holdout71
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (186, 186),
        "config-file": (184, 186),
        "note-or-chat": (177, 186),
        "source-code": (183, 186),
        "stack-trace-or-log": (183, 186),
        "tool-output": (185, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.987, 950, 7


class SeventySecondHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Power users' dotfiles and personal tooling (password-manager CLIs, git credentials, ssh and gpg,
    # mail clients, backups, home automation, note apps), measured blind: 0.949 and 4.4%, the lowest of
    # its batch on both. Its misses left: a passphrase of spaced words in a debug log's environment,
    # AutoHotkey and espanso expansions, Nix's `environment.etc` text, unlabelled chat answers.
    corpus = redaction_holdout72
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (185, 185),
        "config-file": (182, 185),
        "note-or-chat": (171, 185),
        "source-code": (178, 185),
        "stack-trace-or-log": (177, 185),
        "tool-output": (185, 185),
        "vendor-token": (183, 185),
    }
    recall, benign, altered = 0.977, 950, 1


class SeventyThirdHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Electric-vehicle charging, mobility and fleets (OCPP backends, roaming hubs, OEM connected-car
    # APIs, fleet cards, parking), measured blind: 0.985 and 0.7%, the first batch's best. Its misses
    # left: OCPP's AuthorizationKey in a GetConfiguration reply, OCPI tokens in a table or a TS object.
    corpus = redaction_holdout73
    floors = {
        "ci-and-deploy": (189, 189),
        "command": (189, 189),
        "config-file": (192, 192),
        "note-or-chat": (183, 189),
        "source-code": (186, 189),
        "stack-trace-or-log": (188, 189),
        "tool-output": (185, 189),
        "vendor-token": (189, 189),
    }
    recall, benign, altered = 0.990, 950, 4



class SeventyFourthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Game studios (Steamworks, Perforce, Unreal and Unity services, PlayFab, build farms, console
    # portals, app stores), measured blind: 0.964 and 2.9%. Its tool output (0.91) and notes (0.88)
    # miss most: Steam's cached login tokens, launcher exchange codes, a two-message chat reply.
    corpus = redaction_holdout74
    floors = {
        "ci-and-deploy": (180, 186),
        "command": (185, 186),
        "config-file": (183, 186),
        "note-or-chat": (169, 186),
        "source-code": (185, 186),
        "stack-trace-or-log": (186, 186),
        "tool-output": (170, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.970, 950, 0


class SeventyFifthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Security operations (SIEM ingestion, EDR APIs, threat-intel feeds, SOAR, scanners), measured
    # blind: 0.961 and 2.5%. Its misses left: Splunk's and Elastic's config files' keys, notes and
    # chats in twenty languages; not tuned on for recall.
    corpus = redaction_holdout75
    floors = {
        "ci-and-deploy": (181, 187),
        "command": (181, 187),
        "config-file": (180, 187),
        "note-or-chat": (165, 187),
        "source-code": (185, 187),
        "stack-trace-or-log": (181, 187),
        "tool-output": (186, 187),
        "vendor-token": (187, 187),
    }
    recall, benign, altered = 0.966, 950, 0


class SeventySixthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Bioinformatics and genomics pipelines (Nextflow, Snakemake, Cromwell, Galaxy, Terra, DNAnexus,
    # sequencing cores, HPC), measured blind: 0.983 and 3.3%; its look-alikes were workflow ids and
    # NCBI's WebEnv. Not tuned on for recall.
    corpus = redaction_holdout76
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (182, 186),
        "config-file": (185, 186),
        "note-or-chat": (177, 186),
        "source-code": (182, 186),
        "stack-trace-or-log": (184, 186),
        "tool-output": (182, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.983, 947, 0


class SeventySeventhHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Enterprise Windows and identity administration (AD, Entra ID, Intune and MECM, GPP, DSC, AD CS,
    # vCenter, Citrix), measured blind: 0.928 and 7.7%, the worst of the round on both. Its misses
    # left: tool output (0.83: secretsdump, LAPS tables, Rubeus tickets, BitLocker recovery passwords,
    # gMSA blobs), logs and chats.
    corpus = redaction_holdout77
    floors = {
        "ci-and-deploy": (186, 186),
        "command": (180, 186),
        "config-file": (186, 186),
        "note-or-chat": (159, 186),
        "source-code": (175, 186),
        "stack-trace-or-log": (172, 186),
        "tool-output": (159, 186),
        "vendor-token": (186, 186),
    }
    recall, benign, altered = 0.942, 950, 9



class SeventyEighthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # E-learning, schools' IT and video conferencing (LMS, LTI, SIS, proctoring, meeting bots, device
    # management), measured blind after all of that session's rules: 0.978 and 2.3%, exactly what the
    # engine at its start scored. Not tuned on.
    corpus = redaction_holdout78
    floors = {
        "ci-and-deploy": (185, 185),
        "command": (182, 185),
        "config-file": (185, 185),
        "note-or-chat": (178, 185),
        "source-code": (183, 185),
        "stack-trace-or-log": (179, 185),
        "tool-output": (176, 185),
        "vendor-token": (183, 185),
    }
    recall, benign, altered = 0.980, 950, 13


class SeventyNinthHoldoutTest(HoldoutFloors, unittest.TestCase):
    # Public transport and railways operations (GTFS feeds, ticketing, passenger displays, depots,
    # telematics, SCADA), measured blind after all of that session's rules: 0.950 and 1.2% (0.952 and
    # 1.8% at its start). Its notes and chats (0.86) and logs (0.90) miss most. Not tuned on, but for
    # the three secrets the session had lost.
    corpus = redaction_holdout79
    floors = {
        "ci-and-deploy": (183, 186),
        "command": (185, 186),
        "config-file": (183, 186),
        "note-or-chat": (160, 186),
        "source-code": (175, 186),
        "stack-trace-or-log": (172, 186),
        "tool-output": (175, 186),
        "vendor-token": (184, 186),
    }
    recall, benign, altered = 0.952, 955, 6


if __name__ == "__main__":
    unittest.main()
