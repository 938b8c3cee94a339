# -*- coding: utf-8 -*-
"""Blind hold-out corpus #81 for a secret-redaction engine.

What it is
----------
A fixed, deterministic set of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) keeps as its working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each entry of SECRETS carries exactly one credential that a redaction engine
must remove; BENIGN holds credential-free strings that merely look
secret-ish, which the engine should leave untouched.

Theme
-----
Robotics, drones and embedded firmware: ROS 2 fleets and DDS security,
PX4/ArduPilot ground stations and telemetry radios, drone fleet clouds,
Yocto/Buildroot/Zephyr builds and their signing keys, OTA update servers
(Mender, balena, SWUpdate, Hawkbit), device provisioning and factory test
rigs, JTAG/serial consoles and bootloaders, MQTT brokers and IoT hubs,
field-service laptops, and the lab's Slack/Teams handovers.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other
corpus and no web search were consulted.  Where a vendor's real credential
shape was known it was imitated (prefix, alphabet, length); where it was
unknown, a plausible shape was invented.  Every host, company, person,
device and value is fictitious and every secret is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 185 entries each)
         format   kebab-case name of the shape; each used at most 3 times
         text     the fragment as the agent recorded it
         secret   exact substring of text that must not survive redaction
                  (only the key body for PEM keys, only the signature for
                  signed URLs, only the password for user:password pairs)
         visible  substring of text that must stay readable, or ""
BENIGN   list of distinct strings with no credential in them that still
         look secret-ish (hashes, ids, placeholders, masked values,
         references to secret stores, prose about passwords, ...), drawn
         from the same eight contexts.

Determinism
-----------
All randomness comes from _R = random.Random(SEED) and is consumed at
import time in a fixed order, so importing the module twice yields
identical lists.  Nothing is printed at import.

Measured
--------
Blind, with the engine of the session that read it, before any rule of that session: recall 0.959
(1,419 of 1,480) and false positives 8 of 950 (0.8%). Tuned on since by classes (`@VAR@`
substitutions, a public key's byte array, `secret` and `pass` stated in prose, U-Boot's
`fw_setenv`): 0.963 (1,426) and none. (`creds are user / password` was taken too, then dropped
after a review found it took `dev / staging2` and a region.)
"""
import base64
import hashlib
import random
import re
import string

SEED = 8181
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# alphabets and low-level draws
# ---------------------------------------------------------------------------
_DIG = string.digits
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B62 = _DIG + _UP + _LOW
_B64 = _B62 + "+/"
_B64U = _B62 + "-_"
_B32 = _UP + "234567"
_SYM = "!%*+-=?@^_~."
_SYMU = "-_.~!*"


def _rs(n, alpha=_B62):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _rs(n, _HEX)


def _pick(seq):
    return _R.choice(seq)


def _b64(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return base64.b64encode(data).decode("ascii")


def _b64u(data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _rbytes(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _wrap(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


# ---------------------------------------------------------------------------
# vocabulary (all fictitious)
# ---------------------------------------------------------------------------
_DOMAINS = ["aerolark.io", "kestrelworks.net", "tern-dynamics.com",
            "quillrobotics.dev", "harrierlabs.internal", "mothaero.cloud",
            "skiffbots.lan", "pipit-uas.eu", "bramble-robotics.net",
            "corvidsys.net", "fennec-lab.local", "wrenfield.io",
            "ospreyfleet.net", "heronbay.dev", "plover-air.de",
            "lapwing-systems.co.uk", "sandpiper.aero"]
_HOSTP = ["mqtt", "broker", "ota", "hawkbit", "mender", "swupdate",
          "fleet-api", "gcs", "telemetry", "tiles", "registry", "artifacts",
          "build", "sstate", "ci", "vault", "pg-fleet", "influx", "grafana",
          "rosbridge", "foxglove", "rtk", "ntrip", "provision", "factory",
          "jtag-farm", "lab-gw", "bastion", "nas", "git", "jenkins",
          "harbor", "minio", "redis", "dds-router", "ingest", "emqx",
          "nexus", "chirpstack", "thingsboard", "hivemq", "logs", "auth"]
_USERS = ["fleet", "fleet_svc", "gcs", "px4", "ardupilot", "ros", "robot",
          "ota", "mender", "hawkbit", "deploy", "ci", "builder", "yocto",
          "factory", "provision", "tester", "fieldtech", "svc_mqtt",
          "telemetry", "admin", "pi", "ubuntu", "operator", "pilot", "lab",
          "jenkins", "grafana", "influx", "postgres", "jetson", "tb4",
          "uplink", "rig", "bench", "ground", "swarm", "dock"]
_FIRST = ["Aiko", "Mateo", "Priya", "Lars", "Chidi", "Noor", "Sven", "Yuki",
          "Olu", "Ines", "Bogdan", "Mei", "Rafael", "Fatima", "Kofi", "Anja",
          "Diego", "Hana", "Tomasz", "Leila", "Arjun", "Siobhan", "Joon-ho",
          "Emeka", "Ingrid", "Paulo", "Zainab", "Kenji", "Marta", "Viktor",
          "Amara", "Henrik", "Lucia", "Dmitri", "Ayesha", "Thabo", "Elif",
          "Nguyen", "Camille", "Rohan", "Greta", "Tariq", "Sofia", "Bao"]
_LAST = ["Okafor", "Tanaka", "Lindqvist", "Mehta", "Novak", "Haddad",
         "Santos", "Kowalski", "Brandt", "Osei", "Yamamoto", "Ferreira",
         "Ivanova", "Dubois", "Kim", "Rahman", "Moreau", "Nakamura",
         "Eriksen", "Adeyemi", "Costa", "Petrov", "Schulz", "Alvarez"]
_WORDS = ["falcon", "rotor", "gimbal", "servo", "lidar", "hangar", "pixhawk",
          "kestrel", "propeller", "canopy", "thrust", "altimeter", "compass",
          "beacon", "tether", "payload", "aileron", "rudder", "drift",
          "harbor", "granite", "maple", "copper", "violet", "tundra",
          "cobalt", "saffron", "pebble", "quartz", "lantern", "orchid",
          "meadow", "walnut", "glacier", "ember", "marble", "nimbus",
          "sparrow", "osprey", "heron", "otter", "badger", "lynx", "puffin",
          "mango", "biscuit", "tofu", "pretzel", "waffle", "noodle",
          "robot", "circuit", "solder", "kernel", "uboot", "zephyr",
          "magnet", "voltage", "ferrite", "antenna", "sonar", "radar"]
_SYLL = ["ka", "ro", "mi", "tu", "ve", "lo", "sa", "ne", "pi", "do", "ra",
         "zu", "ke", "fa", "mo", "li", "bo", "xi", "ta", "gu", "we", "ni"]
_SSIDS = ["HANGAR-5G", "lab-robots", "FieldOps-AP", "DroneTest_2G4",
          "rig-bench-net", "WAREHOUSE_AMR", "GCS-Uplink", "Pit-Lane",
          "flightline-guest", "proto-lab", "K-Works-Mesh", "SiteB-Ops"]
_MACHINES = ["imx8mp-fleet", "raspberrypi4-64", "jetson-orin-nano-devkit",
             "stm32mp15-gw", "beaglebone-yocto", "qemuarm64",
             "imx93-carrier", "rk3588-mule", "am62x-dock"]
_BOARDS = ["nrf52840dk_nrf52840", "nucleo_h743zi", "esp32s3_devkitm",
           "rpi_pico", "nrf9160dk_nrf9160_ns", "stm32f4_disco",
           "frdm_k64f", "adafruit_feather_m0"]
_ORGS = ["aerolark", "kestrelworks", "tern-dyn", "quill-robotics",
         "harrier-labs", "mothaero", "skiffbots", "pipit-uas", "corvid",
         "wrenfield", "osprey-fleet", "heronbay"]
_DBS = ["fleet", "telemetry", "missions", "ota", "factory", "flightlogs",
        "robots", "hawkbit", "mender", "calib", "maintenance", "rigs"]
_NS = ["fleet", "ota", "mqtt", "telemetry", "hawkbit", "mender-prod",
       "ros-cloud", "gcs", "factory", "observability"]
_TTY = ["/dev/ttyUSB0", "/dev/ttyUSB1", "/dev/ttyACM0", "/dev/ttyACM1",
        "/dev/ttyS1", "/dev/serial/by-id/usb-FTDI_FT232R-if00-port0"]
_RECIPES = ["fleet-agent", "mavlink-router", "ros2-bringup", "swupdate",
            "rauc-hawkbit-updater", "mender-client", "px4-bridge",
            "wpa-supplicant-conf", "fleet-image", "cyclonedds",
            "micro-ros-agent", "telemetry-uplink", "linux-fleet"]
_FILES = ["fleet-image-imx8mp.wic.zst", "zephyr.signed.bin",
          "rootfs.ext4", "update.swu", "fleet-agent_1.9.2_arm64.deb",
          "px4_fmu-v6x_default.px4", "arducopter.apj", "mcuboot.hex",
          "u-boot.imx", "fw-main.bin", "calib.yaml", "sw-description"]
_BUCKETS = ["fleet-artifacts", "yocto-dl-mirror", "flightlogs-raw",
            "ota-releases", "factory-reports", "ros-bags-archive"]
_REGIONS = ["eu-central-1", "eu-west-1", "us-east-2", "ap-northeast-1",
            "us-west-2"]
_CHANNELS = ["#fleet-ops", "#lab-handover", "#firmware", "#ota-releases",
             "#field-service", "#factory-rig", "#ros2-dev", "#flight-test"]
_TOPICS = ["fleet/+/telemetry", "robots/amr-07/cmd_vel", "ota/status",
           "gcs/heartbeat", "drones/+/battery", "rig/bench3/results"]
_BRANCHES = ["main", "develop", "release/2.4", "feature/dds-security",
             "fix/ota-retry", "hotfix/mavlink-signing", "kirkstone",
             "scarthgap"]


def _host():
    p = _pick(_HOSTP)
    if _R.random() < 0.3:
        p += "-%02d" % _R.randint(1, 12)
    return p + "." + _pick(_DOMAINS)


def _ip():
    k = _R.random()
    if k < 0.5:
        return "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 254),
                                _R.randint(2, 250))
    if k < 0.8:
        return "192.168.%d.%d" % (_R.randint(0, 60), _R.randint(2, 250))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254),
                             _R.randint(2, 250))


def _person():
    return _pick(_FIRST)


def _fullname():
    return _pick(_FIRST) + " " + _pick(_LAST)


def _uname():
    f, l = _pick(_FIRST).lower().replace("-", ""), _pick(_LAST).lower()
    return _pick(["%s.%s" % (f, l), "%s%s" % (f[0], l), "%s_%s" % (f, l[0]),
                  f + l[:3]])


def _email():
    return "%s@%s" % (_uname(), _pick(_DOMAINS))


def _drone():
    return _pick(["KX-%04d", "OSP-%03d", "hx%03d", "QR%04d", "VTOL-%02d",
                  "wing-%03d"]) % _R.randint(1, 9999 if _R.random() < .5
                                            else 99)


def _robot():
    return _pick(["amr-%03d", "agv%02d", "tb4-%02d", "mule-%02d",
                  "dock-bot-%02d", "arm-cell-%d"]) % _R.randint(1, 99)


def _dev():
    return _pick(["sn-%08X" % _R.getrandbits(32),
                  "FC%06d" % _R.randint(0, 999999),
                  "gw-%s" % _hex(8),
                  "rig%02d-dut%02d" % (_R.randint(1, 20), _R.randint(1, 16)),
                  "%s-%s" % (_pick(["nav", "fmu", "cc", "esc"]), _hex(6))])


def _ts():
    return "2025-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        _R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
        _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _hms():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59),
                               _R.randint(0, 59))


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 19),
                         _R.randint(0, 30))


def _mac():
    return ":".join("%02x" % _R.randrange(256) for _ in range(6))


def _epoch():
    return "%d.%09d" % (_R.randint(1735000000, 1765000000),
                        _R.randint(0, 999999999))


# ---------------------------------------------------------------------------
# password styles people actually pick
# ---------------------------------------------------------------------------
def _pw_word():
    w = _pick(_WORDS)
    w = w[0].upper() + w[1:]
    d = _R.randint(10, 9999)
    sym = _pick("!#$%&*?@.")
    return _pick(["%s%d%s" % (w, d, sym), "%s_%d%s" % (w, d, sym),
                  "%s%s%d" % (w, sym, d), "%s%d%s" % (sym, d, w)])


def _pw_word2():
    a, b = _pick(_WORDS), _pick(_WORDS)
    return "%s%s%s%d" % (a.capitalize(), _pick(["", "-", "_", "."]),
                         b.capitalize(), _R.randint(1, 999))


def _pw_phrase():
    n = _R.randint(3, 5)
    sep = _pick(["-", ".", "_", "+"])
    return sep.join(_pick(_WORDS) for _ in range(n)) + (
        str(_R.randint(1, 99)) if _R.random() < 0.5 else "")


def _pw_phrase_sp():
    return " ".join(_pick(_WORDS) for _ in range(_R.randint(4, 5)))


def _pw_rand(n=None):
    n = n or _R.randint(14, 24)
    s = _rs(n, _B62 + _SYM + _SYM)
    return _pick(_UP) + s + _pick(_DIG)


def _pw_rand_url(n=None):
    n = n or _R.randint(14, 22)
    return _pick(_LOW) + _rs(n, _B62 + _SYMU) + _pick(_DIG)


def _pw_alnum(n=None):
    return _rs(n or _R.randint(12, 20), _B62)


def _pw_pron():
    s = "".join(_pick(_SYLL) for _ in range(_R.randint(3, 5)))
    s = s[0].upper() + s[1:]
    return s + str(_R.randint(10, 999)) + _pick(["", "", "!", "#", "."])


def _pw_leet():
    w = _pick(_WORDS) + _pick(_WORDS)
    tr = {"a": "4", "e": "3", "i": "!", "o": "0", "s": "$", "t": "7"}
    out = "".join(tr[c] if c in tr and _R.random() < 0.6 else c for c in w)
    out = out[0].upper() + out[1:]
    return out + _pick(["#", "!", "@", "%", "&"]) + str(_R.randint(1, 99))


def _pw_shell():
    """No characters that need quoting in an unquoted shell word."""
    return _pick([_pw_pron, _pw_word2, _pw_alnum,
                  lambda: _pick(_WORDS).capitalize() + "_" + _rs(6, _B62)])()


def _pw():
    return _pick([_pw_word, _pw_word2, _pw_phrase, _pw_rand, _pw_pron,
                  _pw_leet, _pw_rand, _pw_alnum])()


def _pwu():
    """URL-userinfo safe password."""
    return _pick([_pw_word2, _pw_phrase, _pw_rand_url, _pw_pron,
                  _pw_alnum, _pw_rand_url])()


def _pwx():
    """Password safe inside XML / double quotes / JSON strings."""
    return _pick([_pw_word2, _pw_phrase, _pw_rand_url, _pw_pron,
                  _pw_alnum, _pw_word, _pw_phrase_sp])()


def _pin():
    return "".join(_pick(_DIG) for _ in range(_R.randint(6, 8)))


# ---------------------------------------------------------------------------
# key material and tokens
# ---------------------------------------------------------------------------
def _pem_body(prefix, nchars, width=64):
    body = prefix + _rs(nchars - len(prefix), _B64)
    pad = _pick(["", "=", "=="])
    body = body[:len(body) - len(pad)] + pad
    return _wrap(body, width)


def _pem_rsa():
    return _pem_body("MIIEowIBAAKCAQEA", _R.choice([1588, 1592, 1620]))


def _pem_pkcs8():
    return _pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
                     _R.choice([1620, 1624, 1652]))


def _pem_ec():
    return _pem_body("MHcCAQEEI", 164)


def _pem_pkcs8_ec():
    return _pem_body("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 184)


def _pem_openssh():
    return _pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAAB"
                     "AAAAMwAAAAtzc2gtZWQyNTUxOQAAACA", 399, 70)


def _pem_pgp():
    return _wrap("lQdGBGX" + _rs(1400, _B64), 64) + "\n=" + _rs(4, _B64)


def _jwt(claims=None):
    hdr = _pick(['{"alg":"HS256","typ":"JWT"}', '{"alg":"RS256","typ":"JWT"}',
                 '{"alg":"RS256","kid":"%s","typ":"JWT"}' % _hex(16),
                 '{"alg":"ES256","typ":"JWT"}'])
    if claims is None:
        claims = '{"sub":"%s","iss":"%s","exp":%d,"jti":"%s"}' % (
            _uuid(), _pick(["Mender", "fleet-auth", "hawkbit",
                            "https://auth." + _pick(_DOMAINS)]),
            _R.randint(1740000000, 1800000000), _hex(12))
    sig = _rs(_pick([43, 86, 342]), _B64U)
    return "%s.%s.%s" % (_b64u(hdr), _b64u(claims), sig)


def _mender_jwt():
    claims = ('{"jti":"%s","sub":"%s","exp":%d,"mender.tenant":"%s",'
              '"mender.user":true,"iss":"Mender","scp":"mender.*",'
              '"mender.plan":"enterprise","nbf":%d}' % (
                  _uuid(), _uuid(), _R.randint(1760000000, 1800000000),
                  _hex(24), _R.randint(1700000000, 1750000000)))
    return _jwt(claims)


def _aws_akid():
    return "AKIA" + _rs(16, _UP + "234567")


def _aws_sk():
    return _rs(40, _B62 + "+/")


def _aws_session():
    return "IQoJb3JpZ2luX2VjE" + _rs(_R.randint(280, 360), _B64) + "=="


def _ghp():
    return "ghp_" + _rs(36)


def _gho():
    return "gho_" + _rs(36)


def _ghs():
    return "ghs_" + _rs(36)


def _ghu():
    return "ghu_" + _rs(36)


def _ghpat():
    return "github_pat_11" + _rs(20, _UP + _DIG) + "_" + _rs(59)


def _glpat():
    return "glpat-" + _rs(20, _B64U)


def _glrt():
    return "glrt-" + _rs(20, _B64U)


def _gldt():
    return "gldt-" + _rs(20, _B64U)


def _glcbt():
    return "glcbt-64_" + _rs(20, _B64U)


def _xoxb():
    return "xoxb-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12),
                              _R.randint(10 ** 12, 10 ** 13), _rs(24))


def _xoxp():
    return "xoxp-%d-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12),
                                 _R.randint(10 ** 10, 10 ** 12),
                                 _R.randint(10 ** 12, 10 ** 13), _hex(32))


def _xapp():
    return "xapp-1-A%s-%d-%s" % (_rs(10, _UP + _DIG),
                                 _R.randint(10 ** 12, 10 ** 13), _hex(64))


def _slack_hook_secret():
    return _rs(24)


def _stripe_sk():
    return "sk_live_51" + _rs(_R.randint(90, 97))


def _stripe_rk():
    return "rk_live_51" + _rs(_R.randint(90, 97))


def _whsec():
    return "whsec_" + _rs(32)


def _sg():
    return "SG." + _rs(22, _B64U) + "." + _rs(43, _B64U)


def _openai():
    return "sk-proj-" + _rs(74, _B64U) + "T3BlbkFJ" + _rs(74, _B64U)


def _anthropic():
    return "sk-ant-api03-" + _rs(93, _B64U) + "AA"


def _aiza():
    return "AIza" + _rs(35, _B64U)


def _gocspx():
    return "GOCSPX-" + _rs(28, _B64U)


def _ya29():
    return "ya29.a0" + _rs(_R.randint(150, 200), _B64U)


def _npm():
    return "npm_" + _rs(36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _rs(_R.randint(120, 160), _B64U)


def _dckr():
    return "dckr_pat_" + _rs(27, _B64U)


def _hf():
    return "hf_" + _rs(34, _UP + _LOW)


def _dop():
    return "dop_v1_" + _hex(64)


def _hvs():
    return "hvs." + _rs(24) if _R.random() < 0.4 else \
        "hvs.CAESI" + _rs(_R.randint(80, 96), _B64U)


def _tfc():
    return _rs(14) + ".atlasv1." + _rs(67)


def _glsa():
    return "glsa_" + _rs(32) + "_" + _hex(8)


def _glc():
    return "glc_" + _rs(_R.randint(100, 140), _B62) + "=="


def _tskey():
    return "tskey-auth-k" + _rs(_R.randint(10, 12)) + "CNTRL-" + _rs(33)


def _lin():
    return "lin_api_" + _rs(40)


def _atatt():
    return "ATATT3xFfGF0" + _rs(_R.randint(170, 190), _B64U) + "=" + _hex(8).upper()


def _pmak():
    return "PMAK-" + _hex(24) + "-" + _hex(34)


def _nrak():
    return "NRAK-" + _rs(27, _UP + _DIG)


def _cf_token():
    return _rs(40, _B64U)


def _mailgun():
    return "key-" + _hex(32)


def _mapbox_sk():
    return "sk.eyJ1Ijoi" + _rs(50, _B64U) + "." + _rs(22, _B64U)


def _az_account_key():
    return _rs(86, _B64) + "=="


def _az_sas_sig():
    raw = _rs(43, _B64) + "="
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _az_sak():
    return _rs(43, _B64) + "="


def _az_client_secret():
    return _rs(3, _B62) + str(_R.randint(0, 9)) + "Q~" + _rs(34, _B64U + ".~")


def _particle():
    return _hex(40)


def _ttn():
    return "NNSXS." + _rs(39, _UP + "234567") + "." + _rs(52, _UP + "234567")


def _nkey_seed():
    return "SU" + _rs(56, _B32)


def _nats_jwt():
    return _jwt('{"jti":"%s","iat":%d,"iss":"A%s","name":"fleet-edge",'
                '"sub":"U%s","nats":{"pub":{},"sub":{},"type":"user"}}' % (
                    _rs(52, _B32), _R.randint(1700000000, 1750000000),
                    _rs(55, _B32), _rs(55, _B32)))


def _age_key():
    return "AGE-SECRET-KEY-1" + _rs(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


def _wg_key():
    return _rs(42, _B64) + _pick("AEIMQUYcgkosw048") + "="


def _k8s_bootstrap():
    return _rs(6, _LOW + _DIG) + "." + _rs(16, _LOW + _DIG)


def _sntrys():
    return "sntrys_eyJpYXQiOjE3" + _rs(120, _B64U) + "_" + _rs(43, _B64U)


def _squ():
    return "squ_" + _hex(40)


def _sqp():
    return "sqp_" + _hex(40)


def _jfrog():
    return "cmVmdGtuOjAxOjE3" + _rs(48, _B62)


def _akcp():
    return "AKCp8" + _rs(68)


def _ado_pat():
    return _rs(52, _LOW + "234567")


def _discord():
    return "%s.%s.%s" % (_pick("MNO") + _rs(23, _B64U), _rs(6, _B64U),
                         _rs(38, _B64U))


def _telegram():
    return "%d:AA%s" % (_R.randint(10 ** 9, 8 * 10 ** 9), _rs(33, _B64U))


def _ngrok():
    return "2" + _rs(26) + "_" + _rs(21)


def _doppler():
    return "dp.st.prd." + _rs(43)


def _pulumi():
    return "pul-" + _hex(40)


def _dapi():
    return "dapi" + _hex(32)


def _okta():
    return "00" + _rs(40, _B64U)


def _figma():
    return "figd_" + _rs(40, _B64U)


def _notion():
    return "ntn_" + _rs(46) if _R.random() < .5 else "secret_" + _rs(43)


def _airtable():
    return "pat" + _rs(14) + "." + _hex(64)


def _ccipat():
    return "CCIPAT_" + _rs(22) + "_" + _hex(40)


def _bkua():
    return "bkua_" + _hex(40)


def _nfp():
    return "nfp_" + _rs(36)


def _sbp():
    return "sbp_" + _hex(40)


def _pscale():
    return "pscale_pw_" + _rs(43, _B64U)


def _flyv1():
    return "FlyV1 fm2_lJPECAAAAAAA" + _rs(120, _B64) + "=="


def _balena():
    return _rs(32)


def _fox():
    return "fox_sk_" + _rs(40)


def _hawkbit_tok():
    return _rs(32, _LOW + _DIG)


def _influx():
    return _rs(86, _B64U) + "=="


def _lorakey():
    return _rs(32, _HEXU)


def _hex32():
    return _hex(32)


def _hex40():
    return _hex(40)


def _hex64():
    return _hex(64)


def _b64_32():
    return _b64(_rbytes(32))


def _b64_24():
    return _b64(_rbytes(24))


def _jenkins_tok():
    return "11" + _hex(32)


def _pd_key():
    return _hex(32)


def _alibaba_sk():
    return _rs(30)


def _wandb():
    return _hex(40)


def _esp_api_key():
    return _b64(_rbytes(32))


def _dji():
    return _hex(24)


def _vercel():
    return _rs(24)


def _render_tok():
    return "rnd_" + _rs(32)


def _cosign_pw():
    return _pw_phrase()


def _bytes_c(n=16):
    return ", ".join("0x%02x" % _R.randrange(256) for _ in range(n))


# ---------------------------------------------------------------------------
# template machinery
#   «name» in a template is replaced by a draw of generator GEN[name];
#   «name#k» is a second, independent draw of the same generator; repeated
#   tokens inside one fragment share one value.  «S» is the secret.
# ---------------------------------------------------------------------------
GEN = {
    "host": _host, "ip": _ip, "person": _person, "fullname": _fullname,
    "uname": _uname, "email": _email, "drone": _drone, "robot": _robot,
    "dev": _dev, "ts": _ts, "date": _date, "hms": _hms, "ver": _ver,
    "mac": _mac, "epoch": _epoch, "uuid": _uuid,
    "user": lambda: _pick(_USERS), "dom": lambda: _pick(_DOMAINS),
    "ssid": lambda: _pick(_SSIDS), "mach": lambda: _pick(_MACHINES),
    "board": lambda: _pick(_BOARDS), "org": lambda: _pick(_ORGS),
    "db": lambda: _pick(_DBS), "ns": lambda: _pick(_NS),
    "tty": lambda: _pick(_TTY), "recipe": lambda: _pick(_RECIPES),
    "file": lambda: _pick(_FILES), "bucket": lambda: _pick(_BUCKETS),
    "region": lambda: _pick(_REGIONS), "chan": lambda: _pick(_CHANNELS),
    "topic": lambda: _pick(_TOPICS), "branch": lambda: _pick(_BRANCHES),
    "word": lambda: _pick(_WORDS),
    "n2": lambda: str(_R.randint(10, 99)),
    "dd": lambda: "%02d" % _R.randint(1, 28),
    "n3": lambda: str(_R.randint(100, 999)),
    "n4": lambda: str(_R.randint(1000, 9999)),
    "n5": lambda: str(_R.randint(10000, 99999)),
    "n6": lambda: str(_R.randint(100000, 999999)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "port": lambda: str(_pick([1883, 8883, 5432, 3306, 6379, 8080, 8443,
                               9000, 443, 2222, 5760, 14550, 2101, 8086])),
    "hex4": lambda: _hex(4), "hex6": lambda: _hex(6),
    "hex7": lambda: _hex(7), "hex8": lambda: _hex(8),
    "hex12": lambda: _hex(12), "hex16": lambda: _hex(16),
    "hex24": lambda: _hex(24), "hex32": _hex32, "hex40": _hex40,
    "hex64": _hex64, "HEX16": lambda: _rs(16, _HEXU),
    "HEX40": lambda: _rs(40, _HEXU), "b62_8": lambda: _rs(8),
    "b62_12": lambda: _rs(12), "b62_20": lambda: _rs(20),
    "ticket": lambda: "%s-%d" % (_pick(["FLEET", "FW", "OTA", "RIG", "GCS",
                                        "ROS", "OPS"]), _R.randint(100, 4999)),
    "akid": _aws_akid, "wgpub": _wg_key,
    "agepub": lambda: "age1" + _rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
    "nkeypub": lambda: "U" + _rs(55, _B32),
    "devEUI": lambda: _rs(16, _HEXU),
    # secrets
    "pw": _pw, "pwu": _pwu, "pwx": _pwx, "pw_word": _pw_word,
    "pw_word2": _pw_word2, "pw_phrase": _pw_phrase,
    "pw_phrase_sp": _pw_phrase_sp, "pw_rand": _pw_rand,
    "pw_rand_url": _pw_rand_url, "pw_alnum": _pw_alnum, "pw_pron": _pw_pron,
    "pw_leet": _pw_leet, "pw_shell": _pw_shell, "pin": _pin,
    "pem_rsa": _pem_rsa, "pem_pkcs8": _pem_pkcs8, "pem_ec": _pem_ec,
    "pem_pkcs8_ec": _pem_pkcs8_ec, "pem_openssh": _pem_openssh,
    "pem_pgp": _pem_pgp, "jwt": _jwt, "mender_jwt": _mender_jwt,
    "aws_sk": _aws_sk, "aws_session": _aws_session, "ghp": _ghp,
    "gho": _gho, "ghs": _ghs, "ghu": _ghu, "ghpat": _ghpat, "glpat": _glpat,
    "glrt": _glrt, "gldt": _gldt, "glcbt": _glcbt, "xoxb": _xoxb,
    "xoxp": _xoxp, "xapp": _xapp, "slackhook": _slack_hook_secret,
    "stripe_sk": _stripe_sk, "stripe_rk": _stripe_rk, "whsec": _whsec,
    "sg": _sg, "openai": _openai, "anthropic": _anthropic, "aiza": _aiza,
    "gocspx": _gocspx, "ya29": _ya29, "npm": _npm, "pypi": _pypi,
    "dckr": _dckr, "hf": _hf, "dop": _dop, "hvs": _hvs, "tfc": _tfc,
    "glsa": _glsa, "glc": _glc, "tskey": _tskey, "lin": _lin,
    "atatt": _atatt, "pmak": _pmak, "nrak": _nrak, "cf": _cf_token,
    "mailgun": _mailgun, "mapbox_sk": _mapbox_sk,
    "az_key": _az_account_key, "az_sig": _az_sas_sig, "az_sak": _az_sak,
    "az_cs": _az_client_secret, "particle": _particle, "ttn": _ttn,
    "nkey_seed": _nkey_seed, "nats_jwt": _nats_jwt, "age_key": _age_key,
    "wg_key": _wg_key, "k8s_boot": _k8s_bootstrap, "sntrys": _sntrys,
    "squ": _squ, "sqp": _sqp, "jfrog": _jfrog, "akcp": _akcp,
    "ado_pat": _ado_pat, "discord": _discord, "telegram": _telegram,
    "ngrok": _ngrok, "doppler": _doppler, "pulumi": _pulumi, "dapi": _dapi,
    "okta": _okta, "figma": _figma, "notion": _notion,
    "airtable": _airtable, "ccipat": _ccipat, "bkua": _bkua, "nfp": _nfp,
    "sbp": _sbp, "pscale": _pscale, "flyv1": _flyv1, "balena": _balena,
    "fox": _fox, "hb_tok": _hawkbit_tok, "influx": _influx,
    "lorakey": _lorakey, "b64_32": _b64_32, "b64_24": _b64_24,
    "jenkins_tok": _jenkins_tok, "pd_key": _pd_key,
    "alibaba_sk": _alibaba_sk, "wandb": _wandb, "esp_key": _esp_api_key,
    "dji": _dji, "vercel": _vercel, "render_tok": _render_tok,
    "bytes_c16": lambda: _bytes_c(16), "bytes_c32": lambda: _bytes_c(32),
    "b62_32": lambda: _rs(32), "b62_40": lambda: _rs(40),
    "b64u_43": lambda: _rs(43, _B64U),
}

_FIELD = re.compile(u"\u00ab([^\u00bb]+)\u00bb")


class _Ctx(object):
    def __init__(self):
        self.memo = {}

    def __call__(self, key):
        if key not in self.memo:
            self.memo[key] = GEN[key.split("#")[0]]()
        return self.memo[key]

    def render(self, tpl):
        return _FIELD.sub(lambda mo: self(mo.group(1)), tpl)


_TPL = {}
_BTPL = {}
_GROUP = ["command"]


def _group(name):
    _GROUP[0] = name


def S(fmt, text, sec, vis=""):
    """Register a secret template in the current group.

    sec is a generator name or a callable taking the context (which may
    stash extra derived fields in ctx.memo before the text is rendered)."""
    _TPL.setdefault(_GROUP[0], []).append((fmt, text, sec, vis))


def B(text, n=4):
    """Register a benign template in the current group, drawn n times."""
    _BTPL.setdefault(_GROUP[0], []).append((text, n))


def _basic(user_key="user", pw_gen=_pwu):
    def f(ctx):
        u = ctx(user_key)
        p = pw_gen()
        ctx.memo["pw"] = p
        return _b64("%s:%s" % (u, p))
    return f


# ===========================================================================
# SECRETS: command
# ===========================================================================
_group("command")
S("pgpass-line-append",
  "echo '«host»:5432:«db»:«user»:«S»' >> ~/.pgpass && chmod 600 ~/.pgpass",
  "pw_shell", "«host»:5432:«db»")
S("psql-uri-argument",
  "psql \"postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require\" -c '\\dt+ flight_*'",
  "pwu", "«host»:5432/«db»")
S("mysql-p-attached-quoted",
  "mysql -h «host» -u «user» -p'«S»' «db» < migrations/0042_add_battery_cycles.sql",
  "pw", "migrations/0042_add_battery_cycles.sql")
S("mosquitto-pub-capital-p",
  "mosquitto_pub -h «host» -p 8883 --cafile /etc/fleet/ca.crt -u «user» -P '«S»' -t fleet/«drone»/cmd -m '{\"op\":\"rtl\"}'",
  "pw", "mosquitto_pub -h «host»")
S("mosquitto-sub-unquoted-p",
  "mosquitto_sub -h «ip» -u «user» -P «S» -t 'telemetry/#' -v | tee /tmp/tlm-«date».log",
  "pw_shell", "mosquitto_sub -h «ip»")
S("curl-su-hawkbit-rest",
  "curl -su «user»:«S» 'https://«host»/rest/v1/distributionsets?limit=5&sort=id:DESC' | jq '.content[].version'",
  "pw_shell", "https://«host»/rest/v1/distributionsets")
S("curl-bearer-mender-deployments",
  "curl -sS -H \"Authorization: Bearer «S»\" https://«host»/api/management/v1/deployments/deployments?status=inprogress",
  "mender_jwt", "/api/management/v1/deployments/deployments")
S("curl-hawkbit-gatewaytoken-header",
  "curl -s -H 'Authorization: GatewayToken «S»' https://«host»/DEFAULT/controller/v1/«dev» | jq ._links",
  "hb_tok", "/DEFAULT/controller/v1/«dev»")
S("git-clone-oauth2-userinfo",
  "git clone https://oauth2:«S»@gitlab.«dom»/firmware/meta-fleet.git -b «branch»",
  "glpat", "gitlab.«dom»/firmware/meta-fleet.git")
S("git-remote-set-url-token-only",
  "git remote set-url origin https://«S»@github.com/«org»/px4-fleet-patches.git && git push origin HEAD",
  "ghp", "github.com/«org»/px4-fleet-patches.git")
S("docker-login-dash-p",
  "docker login registry.«dom» -u «user» -p «S»",
  "pw_shell", "docker login registry.«dom»")
S("docker-login-password-stdin-echo",
  "echo \"«S»\" | docker login ghcr.io -u «uname» --password-stdin",
  "ghp", "docker login ghcr.io")
S("export-aws-pair-then-s3-sync",
  "export AWS_ACCESS_KEY_ID=«akid»\nexport AWS_SECRET_ACCESS_KEY=«S»\naws s3 sync build/tmp/deploy/images/«mach»/ s3://«bucket»/yocto/«mach»/ --exclude '*.manifest'",
  "aws_sk", "s3://«bucket»/yocto/«mach»/")
S("sshpass-ssh-restart-service",
  "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'sudo systemctl restart px4-bridge'",
  "pw", "«user»@«ip»")
S("sshpass-scp-swu",
  "sshpass -p «S» scp build/«mach»-«ver».swu root@«ip»:/tmp/",
  "pw_shell", "root@«ip»:/tmp/")
S("mender-cli-login-password-flag",
  "mender-cli login --server https://«host» --username «email» --password '«S»'",
  "pwx", "--username «email»")
S("mender-cli-token-value",
  "mender-cli --server https://«host» --token-value «S» artifacts list",
  "mender_jwt", "artifacts list")
S("balena-login-token",
  "balena login --token «S» && balena fleet «org»/field-drones",
  "balena", "balena fleet «org»/field-drones")
S("balena-env-add-wifi-psk",
  "balena env add WIFI_PSK '«S»' --fleet «org»/warehouse-amr",
  "pw_phrase", "--fleet «org»/warehouse-amr")
S("openssl-dgst-passin-pass",
  "openssl dgst -sha256 -sign keys/swupdate-priv.pem -passin pass:«S» sw-description > sw-description.sig",
  "pw_shell", "sw-description.sig")
S("openssl-pkcs12-passout",
  "openssl pkcs12 -export -in «dev».crt -inkey «dev».key -out «dev».p12 -name «dev» -passout 'pass:«S»'",
  "pw", "-out «dev».p12")
S("bitbake-inline-github-pat",
  "BB_ENV_PASSTHROUGH_ADDITIONS=\"GH_TOKEN\" GH_TOKEN=«S» bitbake fleet-image -c fetchall",
  "ghpat", "bitbake fleet-image -c fetchall")
S("openssl-ec-sros2-passin",
  "openssl ec -in ~/sros2_keystore/enclaves/«robot»/key.pem -passin 'pass:«S»' -out /tmp/key-plain.pem",
  "pw", "enclaves/«robot»/key.pem")
S("mavproxy-signing-setup-cmd",
  "mavproxy.py --master=«tty» --baudrate 57600 --cmd=\"signing setup «S»; signing key\"",
  "pw_phrase", "mavproxy.py --master=«tty»")
S("nmcli-wifi-connect-password",
  "nmcli dev wifi connect \"«ssid»\" password \"«S»\" ifname wlan0",
  "pwx", "«ssid»")
S("wpa-passphrase-tee",
  "wpa_passphrase «ssid» '«S»' | sudo tee /etc/wpa_supplicant/wpa_supplicant-wlan0.conf",
  "pw", "/etc/wpa_supplicant/wpa_supplicant-wlan0.conf")
S("redis-cli-a-flag",
  "redis-cli -h «host» -a «S» --no-auth-warning --scan --pattern 'drone:*:last_seen'",
  "pw_shell", "redis-cli -h «host»")
S("influx-cli-t-token",
  "influx query -t «S» -o «org» 'from(bucket:\"tlm\") |> range(start:-1h) |> filter(fn:(r)=>r.vehicle==\"«drone»\")'",
  "influx", "-o «org»")
S("vault-login-positional",
  "vault login «S»",
  "hvs", "vault login")
S("kubectl-create-secret-from-literal",
  "kubectl -n «ns» create secret generic hawkbit-db --from-literal=username=«user» --from-literal=password='«S»'",
  "pw", "hawkbit-db")
S("helm-upgrade-set-dashboard-password",
  "helm upgrade --install emqx emqx/emqx -n «ns» --set emqxConfig.EMQX_DASHBOARD__DEFAULT_PASSWORD=«S»",
  "pw_shell", "helm upgrade --install emqx emqx/emqx")
S("gh-auth-login-with-token-pipe",
  "echo «S» | gh auth login --hostname github.com --with-token",
  "gho", "gh auth login")
S("npm-config-set-authtoken",
  "npm config set //npm.pkg.github.com/:_authToken=«S»",
  "ghp", "npm config set")
S("pip-extra-index-userinfo",
  "pip install --extra-index-url https://«user»:«S»@pypi.«dom»/simple/ fleet-mavsdk-ext==«ver»",
  "pwu", "fleet-mavsdk-ext==«ver»")
S("twine-upload-dash-p",
  "twine upload -u __token__ -p «S» dist/fleet_uplink-«ver»-py3-none-any.whl",
  "pypi", "twine upload")
S("aws-configure-set-secret",
  "aws configure set aws_secret_access_key «S» --profile fleet-ota",
  "aws_sk", "--profile fleet-ota")
S("az-iot-device-simulate-login",
  "az iot device simulate -n «org»-hub -d «dev» --login \"HostName=«org»-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=«S»\"",
  "az_sak", "HostName=«org»-hub.azure-devices.net")
S("particle-env-token-inline",
  "PARTICLE_ACCESS_TOKEN=«S» particle list",
  "particle", "particle list")
S("ttn-lw-cli-login-api-key",
  "ttn-lw-cli login --api-key «S»",
  "ttn", "ttn-lw-cli login")
S("fw-setenv-wifi-psk",
  "fw_setenv wifi_psk '«S»' && fw_printenv wifi_ssid",
  "pw", "fw_printenv wifi_ssid")
S("chpasswd-echo-root",
  "echo 'root:«S»' | sudo chpasswd",
  "pw", "sudo chpasswd")
S("useradd-openssl-passwd-6",
  "sudo useradd -m -s /bin/bash -p \"$(openssl passwd -6 '«S»')\" fieldtech",
  "pw", "fieldtech")
S("mysqldump-password-equals",
  "mysqldump --host=«host» --user=«user» --password=«S» «db» | gzip > «db»-«date».sql.gz",
  "pw_shell", "--host=«host»")
S("pgpassword-env-pg-dump",
  "PGPASSWORD='«S»' pg_dump -h «host» -U «user» -Fc «db» -f /mnt/backup/«db».dump",
  "pw", "/mnt/backup/«db».dump")
S("mongosh-srv-uri",
  "mongosh \"mongodb+srv://«user»:«S»@cluster0.«hex6».mongodb.net/flightlogs\" --eval 'db.sorties.countDocuments()'",
  "pwu", "cluster0.«hex6».mongodb.net")
S("rabbitmqctl-add-user",
  "rabbitmqctl add_user «user» '«S»' && rabbitmqctl set_permissions -p / «user» '.*' '.*' '.*'",
  "pw", "rabbitmqctl set_permissions")
S("emqx-ctl-admins-passwd",
  "emqx ctl admins passwd admin «S»",
  "pw_shell", "emqx ctl admins passwd")
S("mount-cifs-password-option",
  "sudo mount -t cifs //nas.«dom»/flightlogs /mnt/logs -o username=«user»,password=«S»,vers=3.0,uid=1000",
  "pw_shell", "//nas.«dom»/flightlogs")
S("wget-user-password-flags",
  "wget --user=«user» --password='«S»' https://«host»/yocto/downloads/«file»",
  "pw", "https://«host»/yocto/downloads/«file»")
S("git-credentials-printf",
  "printf 'https://«uname»:«S»@git.«dom»\\n' >> ~/.git-credentials",
  "glpat", "git.«dom»")
S("tailscale-up-authkey",
  "sudo tailscale up --authkey=«S» --hostname=«robot» --advertise-tags=tag:robot",
  "tskey", "--hostname=«robot»")
S("ngrok-add-authtoken",
  "ngrok config add-authtoken «S» && ngrok tcp 22 --region eu",
  "ngrok", "ngrok tcp 22")
S("teleport-start-node-token",
  "sudo teleport start --roles=node --token=«S» --auth-server=«host»:3025 --labels=site=hangar",
  "hex32", "--auth-server=«host»:3025")
S("kubeadm-join-token",
  "sudo kubeadm join «ip»:6443 --token «S» --discovery-token-ca-cert-hash sha256:«hex64»",
  "k8s_boot", "sha256:«hex64»")
S("sops-age-key-env",
  "SOPS_AGE_KEY=«S» sops -d secrets/«robot».enc.yaml | yq .mqtt",
  "age_key", "secrets/«robot».enc.yaml")
S("gpg-batch-passphrase-sign",
  "gpg --batch --pinentry-mode loopback --passphrase '«S»' --detach-sign --armor «file»",
  "pw_phrase_sp", "--detach-sign --armor «file»")
S("rauc-bundle-pkcs11-pin-value",
  "rauc bundle --cert=certs/dev.cert.pem --key='pkcs11:token=fleet-sign;object=bundle-key;pin-value=«S»' rootfs/ fleet-«ver».raucb",
  "pin", "fleet-«ver».raucb")
S("pkcs11-tool-login-pin",
  "pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login --pin «S» --list-objects --type privkey",
  "pin", "--list-objects --type privkey")
S("httpie-token-authorization",
  "http POST https://«host»/api/v1/fleet/«drone»/mission Authorization:'Token «S»' < mission.json",
  "hex40", "/api/v1/fleet/«drone»/mission")
S("ssh-keygen-n-passphrase",
  "ssh-keygen -t ed25519 -N '«S»' -f ~/.ssh/fieldlaptop_ed25519 -C \"«uname»@fsl-«n2»\"",
  "pw_phrase", "~/.ssh/fieldlaptop_ed25519")
S("ansible-vault-pass-file-echo",
  "echo '«S»' > ~/.vault_pass && ansible-playbook -i inventory/robots.ini site.yml --vault-password-file ~/.vault_pass",
  "pw_rand", "inventory/robots.ini")
S("docker-run-e-datasource-password",
  "docker run -d --name hawkbit -p 8080:8080 -e SPRING_DATASOURCE_URL=jdbc:mariadb://«host»:3306/hawkbit -e SPRING_DATASOURCE_USERNAME=hawkbit -e SPRING_DATASOURCE_PASSWORD=«S» hawkbit/hawkbit-update-server:latest",
  "pw_shell", "hawkbit/hawkbit-update-server:latest")
S("mc-alias-set-minio",
  "mc alias set fleet https://«host» «b62_20» «S» --api S3v4",
  "b62_40", "mc alias set fleet https://«host»")
S("fastboot-oem-unlock-code",
  "fastboot -s «dev» oem unlock «S»",
  "HEX16", "fastboot -s «dev»")
S("jenkins-cli-auth-user-token",
  "java -jar jenkins-cli.jar -s https://«host»/ -auth «user»:«S» build fw-nightly -p MACHINE=«mach» -s",
  "jenkins_tok", "build fw-nightly")
S("docker-exec-psql-pgpassword",
  "docker exec -e PGPASSWORD=«S» -it fleet-db psql -U «user» -d «db» -c 'select count(*) from telemetry_raw'",
  "pw_shell", "docker exec")
S("stm32-signing-tool-password",
  "STM32_SigningTool_CLI -bin fw-main.bin -nk -of 0x80000000 -t fsbl -hv 2.0 -o fw-main.stm32 -pwd «S» -prvk keys/privateKey00.pem",
  "pw_shell", "keys/privateKey00.pem")
S("esptool-nvs-gen-inline-csv",
  "printf 'key,type,encoding,value\\nwifi,namespace,,\\nssid,data,string,«ssid»\\npass,data,string,«S»\\n' > nvs.csv && nvs_partition_gen.py generate nvs.csv nvs.bin 0x6000",
  "pw_shell", "nvs_partition_gen.py generate nvs.csv nvs.bin 0x6000")
S("ros2-run-param-api-key",
  "ros2 run fleet_uplink uplink_node --ros-args -p cloud_url:=https://«host» -p api_key:=«S»",
  "b62_32", "ros2 run fleet_uplink uplink_node")
S("hawkbit-updater-run-token",
  "rauc-hawkbit-updater -c /etc/rauc-hawkbit-updater/config.conf -r -d 2>&1 | tee log; curl -X PUT -u admin:«S» https://«host»/rest/v1/targets/«dev»",
  "pw_shell", "/rest/v1/targets/«dev»")


# ===========================================================================
# SECRETS: tool-output
# ===========================================================================
_group("tool-output")
S("env-grep-mqtt-block",
  "$ env | grep -i mqtt\nMQTT_HOST=«host»\nMQTT_PORT=8883\nMQTT_USER=«user»\nMQTT_PASSWORD=«S»\nMQTT_CLIENT_ID=«robot»",
  "pw", "MQTT_HOST=«host»")
S("printenv-aws-session-token",
  "$ printenv | grep ^AWS_\nAWS_REGION=«region»\nAWS_SESSION_TOKEN=«S»\nAWS_PROFILE=fleet-ota",
  "aws_session", "AWS_REGION=«region»")
S("docker-inspect-env-array",
  "$ docker inspect fleet-db --format '{{json .Config.Env}}' | jq .\n[\n  \"POSTGRES_USER=«user»\",\n  \"POSTGRES_PASSWORD=«S»\",\n  \"POSTGRES_DB=«db»\",\n  \"PGDATA=/var/lib/postgresql/data\"\n]",
  "pwx", "POSTGRES_DB=«db»")
S("kubectl-jsonpath-base64-decoded",
  "$ kubectl -n «ns» get secret mender-mongo -o jsonpath='{.data.password}' | base64 -d\n«S»",
  "pw", "kubectl -n «ns» get secret mender-mongo")
S("kubectl-get-secret-yaml-data",
  "$ kubectl -n «ns» get secret mqtt-bridge -o yaml\napiVersion: v1\ndata:\n  password: «S»\n  username: «b62_8»\nkind: Secret\nmetadata:\n  name: mqtt-bridge\n  namespace: «ns»\ntype: Opaque",
  lambda c: _b64(_pw()), "name: mqtt-bridge")
S("git-config-list-remote-url",
  "$ git config --list --show-origin | grep remote\nfile:.git/config\tremote.origin.url=https://«uname»:«S»@git.«dom»/fw/zephyr-app.git\nfile:.git/config\tremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*",
  "glpat", "git.«dom»/fw/zephyr-app.git")
S("cat-wpa-supplicant-network",
  "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\ncountry=DE\n\nnetwork={\n    ssid=\"«ssid»\"\n    psk=\"«S»\"\n    key_mgmt=WPA-PSK\n}",
  "pwx", "ssid=\"«ssid»\"")
S("nmcli-show-secrets-psk",
  "$ nmcli -s -g 802-11-wireless-security.psk connection show «ssid»\n«S»",
  "pw", "connection show «ssid»")
S("cat-git-credentials-file",
  "$ cat ~/.git-credentials\nhttps://«user»:«S»@gitlab.«dom»\nhttps://x-access-token:«ghs»@github.com",
  "pwu", "gitlab.«dom»")
S("cat-docker-config-auth",
  "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.«dom»\": {\n\t\t\t\"auth\": \"«S»\"\n\t\t}\n\t},\n\t\"credsStore\": \"\"\n}",
  _basic("user"), "registry.«dom»")
S("aws-sts-assume-role-json",
  "$ aws sts assume-role --role-arn arn:aws:iam::«n6»«n6#2»:role/ota-uploader --role-session-name ci\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA«HEX16»\",\n        \"SecretAccessKey\": \"«S»\",\n        \"Expiration\": \"«ts»\"\n    }\n}",
  "aws_sk", "role/ota-uploader")
S("vault-kv-get-table",
  "$ vault kv get secret/fleet/hivemq\n====== Data ======\nKey         Value\n---         -----\npassword    «S»\nusername    «user»",
  "pw", "secret/fleet/hivemq")
S("terraform-output-raw",
  "$ terraform output -raw mqtt_admin_password\n«S»",
  "pw_rand", "terraform output -raw mqtt_admin_password")
S("cat-mender-authtoken-cache",
  "$ cat ~/.cache/mender/authtoken\n«S»",
  "mender_jwt", "~/.cache/mender/authtoken")
S("balena-env-list-table",
  "$ balena envs --fleet «org»/field-drones\nID      NAME             VALUE                FLEET\n«n6»  MQTT_USER        «user»               «org»/field-drones\n«n6#2»  MQTT_PASS        «S»   «org»/field-drones",
  "pw", "MQTT_USER")
S("ros2-param-dump-yaml",
  "$ ros2 param dump /mqtt_bridge\n/mqtt_bridge:\n  ros__parameters:\n    broker:\n      host: «host»\n      password: «S»\n      port: 8883\n      user: «user»\n    use_sim_time: false",
  "pw_shell", "host: «host»")
S("ros2-topic-echo-config-json",
  "$ ros2 topic echo --once /fleet/cloud_config\ndata: '{\"endpoint\": \"https://«host»\", \"cloud_api_key\": \"«S»\", \"upload_period_s\": 30}'\n---",
  "b62_40", "/fleet/cloud_config")
S("systemctl-cat-environment",
  "$ systemctl cat fleet-agent.service\n# /etc/systemd/system/fleet-agent.service\n[Unit]\nDescription=Fleet uplink agent\nAfter=network-online.target\n\n[Service]\nEnvironment=FLEET_API_URL=https://«host»\nEnvironment=FLEET_API_TOKEN=«S»\nExecStart=/usr/bin/fleet-agent --config /etc/fleet/agent.toml\nRestart=always",
  "b62_32", "Description=Fleet uplink agent")
S("ps-aux-cmdline-api-key",
  "$ ps aux | grep [u]ploader\nfleet     «pid»  2.1  0.4 231044 38120 ?  Ssl  «hms»  0:41 python3 /opt/fleet/uploader.py --bucket «bucket» --api-key «S»",
  "hex40", "/opt/fleet/uploader.py")
S("proc-environ-dump",
  "$ sudo cat /proc/«pid»/environ | tr '\\0' '\\n'\nHOME=/root\nLANG=C.UTF-8\nHAWKBIT_GATEWAY_TOKEN=«S»\nHAWKBIT_URL=https://«host»\nINVOCATION_ID=«hex32»",
  "hb_tok", "HAWKBIT_URL=https://«host»")
S("bash-history-tail-export",
  "$ history | tail -4\n  «n3»  cd ~/fleet/deploy\n  «n3#2»  export BALENA_TOKEN=«S»\n  «n3#3»  balena push «org»/warehouse-amr\n  «n3#4»  history | tail -4",
  "balena", "balena push «org»/warehouse-amr")
S("pip-config-list-index-url",
  "$ pip config list\nglobal.index-url='https://«user»:«S»@nexus.«dom»/repository/pypi-group/simple'\nglobal.trusted-host='nexus.«dom»'",
  "pwu", "global.trusted-host='nexus.«dom»'")
S("cat-npmrc-authtoken",
  "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«S»\n@«org»:registry=https://npm.pkg.github.com",
  "npm", "registry=https://registry.npmjs.org/")
S("cat-openssh-private-key",
  "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----",
  "pem_openssh", "-----BEGIN OPENSSH PRIVATE KEY-----")
S("cat-sros2-enclave-key-pem",
  "$ cat sros2_keystore/enclaves/fleet/«robot»/key.pem\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
  "pem_pkcs8_ec", "enclaves/fleet/«robot»/key.pem")
S("openssl-rsa-writing-key",
  "$ openssl rsa -in signing.key -passin env:SIGN_PW\nwriting RSA key\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----",
  "pem_rsa", "writing RSA key")
S("grep-rn-psk-in-layer",
  "$ grep -rn psk meta-fleet/\nmeta-fleet/recipes-connectivity/wpa-supplicant/files/wpa_supplicant-wlan0.conf:7:    psk=\"«S»\"\nmeta-fleet/README.md:88:The PSK is injected at build time.",
  "pwx", "meta-fleet/README.md:88")
S("docker-compose-config-rendered",
  "$ docker compose config | sed -n '/minio:/,/image:/p'\n  minio:\n    command:\n    - server\n    - /data\n    environment:\n      MINIO_ROOT_PASSWORD: «S»\n      MINIO_ROOT_USER: fleetadmin\n    image: minio/minio:RELEASE.2024-11-07T00-52-20Z",
  "pw_alnum", "MINIO_ROOT_USER: fleetadmin")
S("helm-get-values-user-supplied",
  "$ helm get values chirpstack -n «ns»\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    password: «S»\n    username: chirpstack\nredis:\n  enabled: true",
  "pw_shell", "helm get values chirpstack")
S("gh-auth-token-print",
  "$ gh auth token\n«S»",
  "gho", "gh auth token")
S("gcloud-print-access-token",
  "$ gcloud auth print-access-token --impersonate-service-account=ota-signer@«org»-fleet.iam.gserviceaccount.com\n«S»",
  "ya29", "ota-signer@«org»-fleet.iam.gserviceaccount.com")
S("az-get-access-token-json",
  "$ az account get-access-token --resource https://management.azure.com\n{\n  \"accessToken\": \"«S»\",\n  \"expiresOn\": \"«date» «hms».000000\",\n  \"subscription\": \"«uuid»\",\n  \"tokenType\": \"Bearer\"\n}",
  "jwt", "\"tokenType\": \"Bearer\"")
S("aws-ecr-get-login-password-out",
  "$ aws ecr get-login-password --region «region»\n«S»",
  lambda c: "eyJwYXlsb2FkIjoi" + _rs(_R.randint(300, 420), _B64) + "=",
  "aws ecr get-login-password")
S("cat-netrc-machine-block",
  "$ cat ~/.netrc\nmachine api.«dom»\n  login «user»\n  password «S»\nmachine uploads.github.com login «uname» password «ghp»",
  "pw_shell", "machine api.«dom»")
S("sqlite-select-device-psk",
  "sqlite> SELECT serial, psk_hex, provisioned_at FROM devices WHERE serial='«dev»';\n«dev»|«S»|«ts»",
  "hex32", "SELECT serial, psk_hex")
S("redis-config-get-requirepass",
  "«host»:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"«S»\"",
  "pwx", "CONFIG GET requirepass")
S("pass-show-multiline",
  "$ pass show lab/hawkbit/admin\n«S»\nurl: https://«host»/UI\nuser: admin",
  "pw", "pass show lab/hawkbit/admin")
S("op-read-reference",
  "$ op read \"op://Fleet Ops/MQTT broker prod/password\"\n«S»",
  "pw_rand", "op://Fleet Ops/MQTT broker prod/password")
S("bw-get-password-by-id",
  "$ bw get password «uuid»\n«S»",
  "pw_leet", "bw get password «uuid»")
S("kubectl-describe-pod-env",
  "$ kubectl -n «ns» describe pod balena-bridge-«hex8»-«b62_8»\n...\n    Environment:\n      FLEET_ID:         «n6»\n      BALENA_API_KEY:   «S»\n      LOG_LEVEL:        debug\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-«hex4» (ro)",
  "balena", "LOG_LEVEL:        debug")
S("wg-showconf-private-key",
  "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = «S»\n\n[Peer]\nPublicKey = «wgpub»\nAllowedIPs = 10.99.0.0/24\nEndpoint = «ip»:51820",
  "wg_key", "PublicKey = «wgpub»")
S("cat-age-keys-txt",
  "$ cat ~/.config/sops/age/keys.txt\n# created: «ts»\n# public key: «agepub»\n«S»",
  "age_key", "# public key: «agepub»")
S("cat-nats-creds-file",
  "$ cat ~/.nkeys/creds/fleet/edge/«robot».creds\n-----BEGIN NATS USER JWT-----\n«nats_jwt»\n------END NATS USER JWT------\n\n************************* IMPORTANT *************************\nNKEY Seed printed below can be used to sign and prove identity.\n\n-----BEGIN USER NKEY SEED-----\n«S»\n------END USER NKEY SEED------",
  "nkey_seed", "/«robot».creds")
S("particle-token-create-output",
  "$ particle token create --expires-in 7776000\n? Using account «email»\nNew access token expires on «date»\n    «S»",
  "particle", "Using account «email»")
S("ttn-api-keys-create-json",
  "$ ttn-lw-cli applications api-keys create --application-id «org»-soil --right-application-traffic-read\n{\n  \"id\": \"«b62_20»\",\n  \"key\": \"«S»\",\n  \"rights\": [\"RIGHT_APPLICATION_TRAFFIC_READ\"],\n  \"created_at\": \"«ts»\"\n}",
  "ttn", "RIGHT_APPLICATION_TRAFFIC_READ")
S("fw-printenv-output",
  "$ fw_printenv\nbaudrate=115200\nbootcmd=run distro_bootcmd\nbootdelay=2\nota_server=https://«host»\nota_token=«S»\nserial#=«dev»",
  "b62_32", "ota_server=https://«host»")
S("strings-firmware-unlabeled-pair",
  "$ strings -n 8 build/zephyr/zephyr.bin | grep -A2 mqtt.«dom»\nmqtt.«dom»\nfleet-device\n«S»\n%s/telemetry/%d",
  "pw_word", "mqtt.«dom»")
S("nvs-partition-dump-table",
  "$ python nvs_tool.py --dump nvs.bin | grep -A3 'wifi'\nNamespace wifi\n  ssid    : «ssid»\n  pass    : «S»\n  channel : 6",
  "pwx", "Namespace wifi")
S("gitlab-runner-list-token",
  "$ sudo gitlab-runner list\nRuntime platform                                    arch=amd64 os=linux pid=«pid» revision=«hex8» version=17.4.0\nyocto-builder-01                                    Executor=docker Token=«S» URL=https://gitlab.«dom»",
  "glrt", "Executor=docker")
S("jenkins-script-console-creds-dump",
  "Result:\nnexus-ci : ci-deployer / «S»\nmender-pat : (secret text, 412 chars)\nfleet-gh-app : (GitHub App)",
  "pw", "nexus-ci : ci-deployer")
S("docker-history-build-arg",
  "$ docker history --no-trunc registry.«dom»/fleet/uplink:«ver» | grep pip\n<missing>  3 days ago  |1 NEXUS_PASS=«S» /bin/sh -c pip install --index-url https://ci:${NEXUS_PASS}@nexus.«dom»/simple -r requirements.txt  41.2MB",
  "pw_shell", "registry.«dom»/fleet/uplink:«ver»")
S("hawkbit-target-json-security-token",
  "$ curl -s -u admin:$HB_PW https://«host»/rest/v1/targets/«dev» | jq .\n{\n  \"controllerId\": \"«dev»\",\n  \"name\": \"«dev»\",\n  \"securityToken\": \"«S»\",\n  \"updateStatus\": \"in_sync\",\n  \"lastControllerRequestAt\": «n6»«n6#2»\n}",
  "hb_tok", "\"controllerId\": \"«dev»\"")
S("mender-pat-create-response",
  "$ curl -s -X POST -H \"Authorization: Bearer $JWT\" -H 'Content-Type: application/json' https://«host»/api/management/v1/useradm/settings/tokens -d '{\"name\":\"ci-upload\",\"expires_in\":31536000}'\n«S»",
  "mender_jwt", "/useradm/settings/tokens")
S("balena-api-key-generate",
  "$ balena api-key generate ci-uploader\nRegistered api key 'ci-uploader':\n\n«S»\n\nThis key will not be shown again!",
  "balena", "Registered api key 'ci-uploader'")
S("cat-dotenv-file",
  "$ cat .env\nGCS_TILE_URL=https://tiles.«dom»/{z}/{x}/{y}.png\nDJI_APP_KEY=«S»\nLOG_LEVEL=info",
  "dji", "LOG_LEVEL=info")
S("hostapd-cli-get-config",
  "$ sudo hostapd_cli -i wlan1 get_config\nbssid=«mac»\nssid=«ssid»\nwpa=2\npassphrase=«S»\nkey_mgmt=WPA-PSK\ngroup_cipher=CCMP",
  "pwx", "bssid=«mac»")
S("cat-nmconnection-file",
  "$ sudo cat /etc/NetworkManager/system-connections/«ssid».nmconnection\n[connection]\nid=«ssid»\nuuid=«uuid»\ntype=wifi\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=«S»",
  "pw", "uuid=«uuid»")
S("esphome-secrets-yaml-cat",
  "$ cat esphome/secrets.yaml\nwifi_ssid: \"«ssid»\"\nwifi_password: \"«pwx»\"\napi_encryption_key: \"«S»\"\nota_password: \"«hex32»\"",
  "esp_key", "wifi_ssid: \"«ssid»\"")
S("pio-verbose-build-flags",
  "$ pio run -e esp32-gw -v | grep -m1 xtensa-esp32-elf-g++\nxtensa-esp32-elf-g++ -o .pio/build/esp32-gw/src/main.cpp.o -c -std=gnu++17 -DPLATFORMIO=60116 -DWIFI_SSID=\\\"«ssid»\\\" -DMQTT_PASS=\\\"«S»\\\" -Os -Wall src/main.cpp",
  "pw_shell", "src/main.cpp")
S("heroku-style-config-table",
  "$ fleetctl config show --site «org»-north\nsite            «org»-north\nbroker          mqtts://«host»:8883\nbroker_user     «user»\nbroker_secret   «S»\nretention_days  30",
  "pw_rand", "broker          mqtts://«host»:8883")
S("aws-secretsmanager-get-value",
  "$ aws secretsmanager get-secret-value --secret-id fleet/prod/influx --query SecretString --output text\n{\"org\":\"«org»\",\"bucket\":\"tlm\",\"token\":\"«S»\"}",
  "influx", "fleet/prod/influx")
S("cat-ssh-rsa-legacy-key",
  "$ cat /etc/fleet/provision/id_rsa\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----",
  "pem_rsa", "/etc/fleet/provision/id_rsa")
S("mosquitto-ctrl-createclient-echo",
  "$ mosquitto_ctrl -u admin -P $ADMIN_PW dynsec createClient «robot»\nNew password: «S»\nReenter password: «S»\nOK",
  "pw_pron", "dynsec createClient «robot»")


# ===========================================================================
# SECRETS: config-file
# ===========================================================================
_group("config-file")
S("docker-compose-hawkbit-env",
  "# deploy/docker-compose.yml\nservices:\n  hawkbit:\n    image: hawkbit/hawkbit-update-server:0.5.0-mysql\n    environment:\n      - 'SPRING_DATASOURCE_URL=jdbc:mariadb://mysql:3306/hawkbit'\n      - 'SPRING_DATASOURCE_USERNAME=hawkbit'\n      - 'SPRING_DATASOURCE_PASSWORD=«S»'\n      - 'SPRING_SECURITY_USER_NAME=admin'\n    ports:\n      - '8080:8080'",
  "pw_shell", "hawkbit/hawkbit-update-server:0.5.0-mysql")
S("mosquitto-bridge-remote-password",
  "# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress «host»:8883\nbridge_cafile /etc/mosquitto/certs/cloud-ca.pem\nremote_clientid «robot»-bridge\nremote_username «user»\nremote_password «S»\ntopic telemetry/# out 1 «robot»/ fleet/«robot»/",
  "pw", "address «host»:8883")
S("ros2-params-yaml-broker-pass",
  "# config/mqtt_client.yaml\nmqtt_client:\n  ros__parameters:\n    broker:\n      host: «host»\n      port: 8883\n      user: «user»\n      pass: «S»\n      tls:\n        enabled: true",
  "pw_shell", "host: «host»")
S("fastdds-xml-pki-password-property",
  "<!-- fastdds_security.xml -->\n<property>\n    <name>dds.sec.auth.builtin.PKI-DH.private_key</name>\n    <value>file://keystore/enclaves/«robot»/key.pem</value>\n</property>\n<property>\n    <name>dds.sec.auth.builtin.PKI-DH.password</name>\n    <value>«S»</value>\n</property>",
  "pwx", "dds.sec.auth.builtin.PKI-DH.password")
S("cyclonedds-xml-inline-private-key",
  "<!-- cyclonedds.xml -->\n<Security>\n  <Authentication>\n    <IdentityCertificate>file:/etc/dds/identity.pem</IdentityCertificate>\n    <PrivateKey>data:,-----BEGIN EC PRIVATE KEY-----\n«S»\n-----END EC PRIVATE KEY-----</PrivateKey>\n  </Authentication>\n</Security>",
  "pem_ec", "file:/etc/dds/identity.pem")
S("mavinit-scr-signing-setup",
  "# ~/.mavinit.scr  (loaded by MAVProxy on start)\nset heartbeat 1\nmodule load map\nsigning setup «S»\nsigning allow_unsigned off",
  "pw_phrase", "module load map")
S("rfd900-radio-aes-key",
  "# radio_profile_airside.txt (applied with rfd-config)\nNETID=«n2»\nAIR_SPEED=64\nTXPOWER=30\nECC=1\nENCRYPTION_LEVEL=1\nAES_KEY=«S»\nMAVLINK=1",
  "lorakey", "AIR_SPEED=64")
S("mender-conf-tenant-token",
  "/etc/mender/mender.conf\n{\n  \"ServerURL\": \"https://«host»\",\n  \"TenantToken\": \"«S»\",\n  \"InventoryPollIntervalSeconds\": 28800,\n  \"UpdatePollIntervalSeconds\": 1800\n}",
  "jwt", "\"ServerURL\": \"https://«host»\"")
S("rauc-hawkbit-updater-auth-token",
  "# /etc/rauc-hawkbit-updater/config.conf\n[client]\nhawkbit_server = «host»\nssl = true\ntenant_id = DEFAULT\ntarget_name = «dev»\nauth_token = «S»\nbundle_download_location = /tmp/bundle.raucb",
  "hb_tok", "target_name = «dev»")
S("swupdate-cfg-suricatta-gatewaytoken",
  "/* /etc/swupdate.cfg */\nsuricatta :\n{\n\ttenant = \"default\";\n\tid = \"«dev»\";\n\turl = \"https://«host»\";\n\tgatewaytoken = \"«S»\";\n\tpolldelay = 360;\n};",
  "hb_tok", "url = \"https://«host»\"")
S("balena-config-json-apikey",
  "/mnt/boot/config.json\n{\n  \"applicationId\": «n6»,\n  \"deviceType\": \"jetson-orin-nano-devkit-nvme\",\n  \"apiEndpoint\": \"https://api.balena-cloud.com\",\n  \"uuid\": \"«hex32»\",\n  \"deviceApiKey\": \"«S»\",\n  \"persistentLogging\": false\n}",
  "balena", "\"apiEndpoint\": \"https://api.balena-cloud.com\"")
S("hostapd-conf-wpa-passphrase",
  "# /etc/hostapd/hostapd.conf  (drone hotspot)\ninterface=wlan0\nssid=«ssid»\nhw_mode=g\nchannel=6\nwpa=2\nwpa_passphrase=«S»\nwpa_key_mgmt=WPA-PSK\nrsn_pairwise=CCMP",
  "pw", "ssid=«ssid»")
S("netplan-wifi-access-point-password",
  "# /etc/netplan/50-wifi.yaml\nnetwork:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n        \"«ssid»\":\n          password: \"«S»\"",
  "pwx", "\"«ssid»\":")
S("dotenv-database-url",
  "# .env\nAPP_ENV=production\nDATABASE_URL=postgres://«user»:«S»@«host»:5432/«db»\nREDIS_URL=redis://redis:6379/0",
  "pwu", "APP_ENV=production")
S("pgpass-file-multi-line",
  "# ~/.pgpass\n# hostname:port:database:username:password\n«host»:5432:«db»:«user»:«S»\nlocalhost:5432:*:postgres:«pw_alnum»",
  "pw_shell", "# hostname:port:database:username:password")
S("my-cnf-client-section",
  "# ~/.my.cnf\n[client]\nhost=«host»\nuser=«user»\npassword=\"«S»\"\ndefault-character-set=utf8mb4",
  "pwx", "host=«host»")
S("maven-settings-server-password",
  "<!-- ~/.m2/settings.xml -->\n<servers>\n  <server>\n    <id>fleet-nexus</id>\n    <username>«user»</username>\n    <password>«S»</password>\n  </server>\n</servers>",
  "pwx", "<id>fleet-nexus</id>")
S("gradle-properties-nexus",
  "# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g\nnexusUsername=«user»\nnexusPassword=«S»\nsigning.keyId=«HEX16»",
  "pw_shell", "nexusUsername=«user»")
S("pip-conf-index-url-creds",
  "# /etc/pip.conf\n[global]\nindex-url = https://«user»:«S»@nexus.«dom»/repository/pypi-all/simple\ntimeout = 60",
  "pwu", "nexus.«dom»/repository/pypi-all/simple")
S("yocto-local-conf-sstate-mirror-creds",
  "# build/conf/local.conf\nMACHINE ?= \"«mach»\"\nSSTATE_MIRRORS ?= \"file://.* https://«user»:«S»@sstate.«dom»/PATH;downloadfilename=PATH\"\nBB_HASHSERVE = \"auto\"",
  "pwu", "MACHINE ?= \"«mach»\"")
S("yocto-site-conf-premirrors-token",
  "# conf/site.conf\nPREMIRRORS:prepend = \"\\\n    git://.*/.* https://oauth2:«S»@gitlab.«dom»/mirror/downloads/ \\\n    https://.*/.* https://oauth2:«S»@gitlab.«dom»/mirror/downloads/ \\\n\"",
  "glpat", "gitlab.«dom»/mirror/downloads/")
S("meta-mender-local-conf-tenant-token",
  "# kas/mender.yml (local_conf_header)\nlocal_conf_header:\n  mender: |\n    MENDER_SERVER_URL = \"https://hosted.mender.io\"\n    MENDER_TENANT_TOKEN = \"«S»\"\n    MENDER_ARTIFACT_NAME = \"release-«ver»\"",
  "mender_jwt", "MENDER_ARTIFACT_NAME = \"release-«ver»\"")
S("buildroot-defconfig-root-passwd",
  "# configs/fleet_gw_defconfig\nBR2_aarch64=y\nBR2_TARGET_GENERIC_HOSTNAME=\"fleet-gw\"\nBR2_TARGET_GENERIC_ROOT_PASSWD=\"«S»\"\nBR2_SYSTEM_DHCP=\"eth0\"",
  "pwx", "BR2_TARGET_GENERIC_HOSTNAME=\"fleet-gw\"")
S("zephyr-prj-conf-wifi-psk",
  "# prj.conf\nCONFIG_WIFI=y\nCONFIG_NET_DHCPV4=y\nCONFIG_APP_WIFI_SSID=\"«ssid»\"\nCONFIG_APP_WIFI_PSK=\"«S»\"\nCONFIG_MQTT_LIB=y",
  "pwx", "CONFIG_APP_WIFI_SSID=\"«ssid»\"")
S("zephyr-overlay-conf-tls-psk-hex",
  "# overlay-tls-psk.conf\nCONFIG_MQTT_LIB_TLS=y\nCONFIG_MBEDTLS_KEY_EXCHANGE_PSK_ENABLED=y\nCONFIG_APP_TLS_PSK_IDENTITY=\"«dev»\"\nCONFIG_APP_TLS_PSK=\"«S»\"",
  "hex32", "CONFIG_APP_TLS_PSK_IDENTITY=\"«dev»\"")
S("platformio-ini-build-flags-password",
  "; platformio.ini\n[env:esp32-gw]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nbuild_flags =\n    -DWIFI_SSID=\\\"«ssid»\\\"\n    -DWIFI_PASS=\\\"«S»\\\"\n    -DCORE_DEBUG_LEVEL=3",
  "pw_shell", "board = esp32dev")
S("swupdate-aes-keyfile-line",
  "# /etc/swupdate/aes.key   (format: <key> <iv>)\n«S» «hex32»",
  "hex64", "/etc/swupdate/aes.key")
S("mcuboot-signing-key-pem-file",
  "# bootloader/mcuboot/root-ec-p256.pem  (DO NOT SHIP)\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
  "pem_pkcs8_ec", "bootloader/mcuboot/root-ec-p256.pem")
S("k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: emqx-dashboard\n  namespace: «ns»\ntype: Opaque\nstringData:\n  EMQX_DASHBOARD__DEFAULT_USERNAME: admin\n  EMQX_DASHBOARD__DEFAULT_PASSWORD: \"«S»\"",
  "pwx", "name: emqx-dashboard")
S("k8s-secret-data-base64",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ntrip-caster\ntype: Opaque\ndata:\n  NTRIP_USER: «b62_12»\n  NTRIP_PASSWORD: «S»",
  lambda c: _b64(_pwu()), "name: ntrip-caster")
S("helm-values-mqtt-auth",
  "# values-prod.yaml\nmqtt:\n  host: «host»\n  auth:\n    username: «user»\n    password: «S»\n  qos: 1\nreplicaCount: 2",
  "pw_shell", "replicaCount: 2")
S("terraform-tfvars-admin-password",
  "# envs/prod/terraform.tfvars\nregion              = \"«region»\"\nfleet_name          = \"«org»-prod\"\nhivemq_admin_password = \"«S»\"\nbroker_instance_type = \"t3.medium\"",
  "pwx", "fleet_name          = \"«org»-prod\"")
S("hcl-provider-aws-static-keys",
  "provider \"aws\" {\n  region     = \"«region»\"\n  access_key = \"«akid»\"\n  secret_key = \"«S»\"\n}",
  "aws_sk", "region     = \"«region»\"")
S("ansible-group-vars-become-pass",
  "# inventory/group_vars/robots.yml\nansible_user: ubuntu\nansible_become: true\nansible_become_pass: «S»\nros_distro: jazzy",
  "pw_shell", "ros_distro: jazzy")
S("ansible-ini-inventory-password",
  "# inventory/bench.ini\n[rigs]\nrig«n2» ansible_host=«ip» ansible_user=tester ansible_password=«S»\n\n[rigs:vars]\nansible_python_interpreter=/usr/bin/python3",
  "pw_shell", "ansible_host=«ip»")
S("aws-credentials-ini-profile",
  "# ~/.aws/credentials\n[default]\nregion = «region»\n\n[fleet-ota]\naws_access_key_id = «akid»\naws_secret_access_key = «S»",
  "aws_sk", "[fleet-ota]")
S("gitlab-runner-config-toml-token",
  "# /etc/gitlab-runner/config.toml\nconcurrent = 2\n\n[[runners]]\n  name = \"yocto-builder-«n2»\"\n  url = \"https://gitlab.«dom»\"\n  token = \"«S»\"\n  executor = \"docker\"\n  [runners.docker]\n    image = \"crops/poky:ubuntu-22.04\"",
  "glrt", "name = \"yocto-builder-«n2»\"")
S("grafana-ini-security-admin",
  "; /etc/grafana/grafana.ini\n[server]\nroot_url = https://«host»/\n\n[security]\nadmin_user = admin\nadmin_password = «S»\ncookie_secure = true",
  "pw", "root_url = https://«host»/")
S("telegraf-influxdb-v2-token",
  "# /etc/telegraf/telegraf.d/out.conf\n[[outputs.influxdb_v2]]\n  urls = [\"https://«host»:8086\"]\n  token = \"«S»\"\n  organization = \"«org»\"\n  bucket = \"tlm\"",
  "influx", "organization = \"«org»\"")
S("telegraf-mqtt-consumer-password",
  "[[inputs.mqtt_consumer]]\n  servers = [\"ssl://«host»:8883\"]\n  topics = [\"fleet/+/telemetry\"]\n  username = \"«user»\"\n  password = \"«S»\"\n  data_format = \"json\"",
  "pwx", "servers = [\"ssl://«host»:8883\"]")
S("nodered-settings-credential-secret",
  "// ~/.node-red/settings.js\nmodule.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"«S»\",\n    uiPort: process.env.PORT || 1880,\n}",
  "pw_rand_url", "flowFile: 'flows.json'")
S("emqx-hocon-dashboard-password",
  "# etc/emqx.conf\ndashboard {\n  listeners.http.bind = 18083\n  default_username = \"admin\"\n  default_password = \"«S»\"\n}",
  "pwx", "listeners.http.bind = 18083")
S("rabbitmq-conf-default-pass",
  "# /etc/rabbitmq/rabbitmq.conf\nlisteners.ssl.default = 5671\ndefault_user = «user»\ndefault_pass = «S»\nmqtt.allow_anonymous = false",
  "pw_shell", "mqtt.allow_anonymous = false")
S("nats-server-conf-authorization",
  "# nats-server.conf\nport: 4222\nauthorization {\n  user: «user»\n  password: \"«S»\"\n  timeout: 2\n}\njetstream { store_dir: /data/js }",
  "pwx", "store_dir: /data/js")
S("chirpstack-toml-postgres-dsn",
  "# chirpstack.toml\n[postgresql]\n  dsn=\"postgres://chirpstack:«S»@localhost/chirpstack?sslmode=disable\"\n  max_open_connections=10",
  "pwu", "max_open_connections=10")
S("lorawan-device-keys-json",
  "{\n  \"dev_eui\": \"«devEUI»\",\n  \"join_eui\": \"«devEUI#2»\",\n  \"app_key\": \"«S»\",\n  \"lorawan_version\": \"MAC_V1_0_3\",\n  \"frequency_plan_id\": \"EU_863_870_TTN\"\n}",
  "lorakey", "\"dev_eui\": \"«devEUI»\"")
S("tb-gateway-yaml-access-token",
  "# /etc/thingsboard-gateway/config/tb_gateway.yaml\nthingsboard:\n  host: «host»\n  port: 1883\n  security:\n    accessToken: «S»\nstorage:\n  type: memory",
  lambda c: _rs(20), "host: «host»")
S("iotedge-config-toml-connection-string",
  "# /etc/aziot/config.toml\n[provisioning]\nsource = \"manual\"\nconnection_string = \"HostName=«org»-hub.azure-devices.net;DeviceId=«dev»;SharedAccessKey=«S»\"",
  "az_sak", "source = \"manual\"")
S("rtkrcv-conf-ntrip-inpstr-path",
  "# rtkrcv.conf (RTKLIB base/rover)\ninpstr1-type       =serial\ninpstr1-path       =ttyUSB0:115200:8:n:1:off\ninpstr2-type       =ntripcli\ninpstr2-path       =«user»:«S»@caster.«dom»:2101/KNW«n2»\ninpstr2-format     =rtcm3",
  "pwu", "inpstr2-type       =ntripcli")
S("zenoh-json5-usrpwd",
  "// zenoh-bridge-ros2dds.json5\n{\n  mode: \"client\",\n  connect: { endpoints: [\"tls/«host»:7447\"] },\n  transport: { auth: { usrpwd: { user: \"«robot»\", password: \"«S»\" } } },\n}",
  "pwx", "tls/«host»:7447")
S("jenkins-casc-username-password",
  "# jenkins/casc.yaml\ncredentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: nexus-ci\n              username: ci-deployer\n              password: \"«S»\"",
  "pwx", "id: nexus-ci")
S("openvpn-auth-user-pass-file",
  "# /etc/openvpn/client/field-auth.txt\n«uname»\n«S»",
  "pw", "/etc/openvpn/client/field-auth.txt")
S("chrony-keys-file-hex",
  "# /etc/chrony/chrony.keys\n«n2» SHA256 HEX:«S»",
  lambda c: _rs(64, _HEXU), "/etc/chrony/chrony.keys")
S("ipsec-secrets-psk",
  "# /etc/ipsec.secrets  (hangar <-> cloud tunnel)\n«ip» «ip#2» : PSK \"«S»\"",
  "pw_rand_url", "# /etc/ipsec.secrets")
S("wireguard-wg0-conf-private",
  "# /etc/wireguard/wg0.conf on «robot»\n[Interface]\nAddress = 10.99.0.«n2»/32\nPrivateKey = «S»\nDNS = 10.99.0.1\n\n[Peer]\nPublicKey = «wgpub»\nEndpoint = vpn.«dom»:51820\nPersistentKeepalive = 25",
  "wg_key", "Endpoint = vpn.«dom»:51820")
S("spring-application-properties-password",
  "# hawkbit-runtime/src/main/resources/application-prod.properties\nspring.datasource.url=jdbc:mariadb://«host»:3306/hawkbit\nspring.datasource.username=hawkbit\nspring.datasource.password=«S»\nhawkbit.server.ddi.security.authentication.gatewaytoken.enabled=true",
  "pw_shell", "spring.datasource.username=hawkbit")
S("hawkbit-props-gateway-token-key",
  "hawkbit.server.ddi.security.authentication.gatewaytoken.enabled=true\nhawkbit.server.ddi.security.authentication.gatewaytoken.key=«S»\nhawkbit.server.ddi.security.authentication.targettoken.enabled=false",
  "hb_tok", "gatewaytoken.enabled=true")
S("uenv-txt-ota-basic-creds",
  "# /boot/uEnv.txt\nbootpart=0:2\nota_url=https://«user»:«S»@ota.«dom»/fleet/«mach»\nuenvcmd=run loadimage; run mmcboot",
  "pwu", "bootpart=0:2")
S("cloud-init-user-data-chpasswd",
  "#cloud-config\nhostname: «robot»\nchpasswd:\n  expire: false\n  users:\n    - name: ubuntu\n      password: «S»\n      type: text\nssh_pwauth: false",
  "pw_shell", "hostname: «robot»")
S("toml-fleet-agent-credentials",
  "# /etc/fleet/agent.toml\n[cloud]\nendpoint = \"https://«host»\"\ndevice_id = \"«dev»\"\n\n[cloud.credentials]\nclient_secret = \"«S»\"",
  "b64u_43", "device_id = \"«dev»\"")
S("ini-qgc-ntrip-settings",
  "; QGroundControl.ini  [RTK]\n[RTK]\nntripServerHostAddress=caster.«dom»\nntripServerPort=2101\nntripUsername=«user»\nntripPassword=«S»\nntripMountpoint=KNW«n2»",
  "pw", "ntripServerHostAddress=caster.«dom»")
S("xml-ros1-launch-param-password",
  "<launch>\n  <node pkg=\"mqtt_bridge\" type=\"mqtt_bridge_node.py\" name=\"mqtt_bridge\">\n    <param name=\"mqtt/connection/host\" value=\"«host»\"/>\n    <param name=\"mqtt/account/password\" value=\"«S»\"/>\n  </node>\n</launch>",
  "pwx", "value=\"«host»\"")
S("json-drone-cloud-profile",
  "~/.config/skylink/profile.json\n{\n  \"profile\": \"«org»-ops\",\n  \"endpoint\": \"https://fleet-api.«dom»/v2\",\n  \"client_id\": \"«uuid»\",\n  \"client_secret\": \"«S»\"\n}",
  "b62_40", "\"client_id\": \"«uuid»\"")
S("supervisor-conf-environment",
  "; /etc/supervisor/conf.d/uplink.conf\n[program:uplink]\ncommand=/opt/uplink/bin/uplink --broker mqtts://«host»:8883\nenvironment=UPLINK_USER=\"«user»\",UPLINK_PASS=\"«S»\"\nautorestart=true",
  "pwx", "[program:uplink]")
S("ssh-config-with-password-comment",
  "# ~/.ssh/config\nHost rig-«n2»\n    HostName «ip»\n    User tester\n    # password: «S»  (no keys on the rig yet)\n    StrictHostKeyChecking no",
  "pw", "HostName «ip»")


# ===========================================================================
# SECRETS: source-code
# ===========================================================================
_group("source-code")
S("python-paho-username-pw-set",
  "# fleet_uplink/mqtt.py\nclient = mqtt.Client(client_id=\"«robot»\", protocol=mqtt.MQTTv5)\nclient.tls_set(ca_certs=\"/etc/fleet/ca.crt\")\nclient.username_pw_set(\"«user»\", \"«S»\")\nclient.connect(\"«host»\", 8883, keepalive=30)",
  "pwx", "client.connect(\"«host»\", 8883, keepalive=30)")
S("python-dict-broker-config",
  "BROKER = {\n    \"host\": \"«host»\",\n    \"port\": 8883,\n    \"username\": \"«user»\",\n    \"password\": \"«S»\",\n}",
  "pwx", "\"host\": \"«host»\"")
S("c-define-wifi-pass",
  "/* src/net_config.h */\n#define WIFI_SSID      \"«ssid»\"\n#define WIFI_PASS      \"«S»\"\n#define MQTT_BROKER    \"«host»\"",
  "pwx", "#define WIFI_SSID      \"«ssid»\"")
S("arduino-secrets-h",
  "// arduino_secrets.h\n#define SECRET_SSID \"«ssid»\"\n#define SECRET_OPTIONAL_PASS \"«S»\"\n#define SECRET_MQTT_BROKER \"«host»\"",
  "pwx", "#define SECRET_SSID \"«ssid»\"")
S("cpp-ros2-declare-parameter-default",
  "// src/cloud_bridge_node.cpp\nCloudBridge::CloudBridge() : Node(\"cloud_bridge\") {\n  endpoint_ = this->declare_parameter<std::string>(\"endpoint\", \"https://«host»\");\n  api_key_ = this->declare_parameter<std::string>(\"api_key\", \"«S»\");\n}",
  "b62_32", "Node(\"cloud_bridge\")")
S("rust-const-str-token",
  "// src/config.rs\npub const FLEET_API: &str = \"https://«host»/v1\";\npub const FLEET_TOKEN: &str = \"«S»\";",
  "b62_40", "pub const FLEET_API: &str = \"https://«host»/v1\";")
S("go-paho-options-set-password",
  "opts := mqtt.NewClientOptions().\n\tAddBroker(\"ssl://«host»:8883\").\n\tSetClientID(\"«robot»\").\n\tSetUsername(\"«user»\").\n\tSetPassword(\"«S»\")",
  "pwx", "AddBroker(\"ssl://«host»:8883\")")
S("js-fetch-x-api-key-header",
  "const res = await fetch(`https://«host»/api/v2/vehicles/${id}/telemetry`, {\n  headers: { 'X-Api-Key': '«S»', Accept: 'application/json' },\n});",
  "b62_32", "/api/v2/vehicles/")
S("ts-env-fallback-literal",
  "// src/balena.ts\nconst token = process.env.BALENA_TOKEN ?? \"«S»\";\nexport const sdk = getSdk({ apiUrl: 'https://api.balena-cloud.com/' });",
  "balena", "process.env.BALENA_TOKEN")
S("python-requests-auth-tuple",
  "resp = requests.get(\n    f\"https://{HAWKBIT}/rest/v1/targets/{controller_id}\",\n    auth=(\"«user»\", \"«S»\"),\n    timeout=10,\n)",
  "pwx", "/rest/v1/targets/{controller_id}")
S("python-environ-setdefault",
  "os.environ.setdefault(\"MENDER_SERVER\", \"https://«host»\")\nos.environ.setdefault(\"MENDER_PAT\", \"«S»\")",
  "mender_jwt", "os.environ.setdefault(\"MENDER_SERVER\"")
S("java-drivermanager-get-connection",
  "Connection conn = DriverManager.getConnection(\n    \"jdbc:postgresql://«host»:5432/«db»\", \"«user»\", \"«S»\");",
  "pwx", "jdbc:postgresql://«host»:5432/«db»")
S("kotlin-const-val-app-key",
  "// gcs-android/app/src/main/java/aero/fleet/gcs/Keys.kt\nobject Keys {\n    const val DJI_APP_KEY = \"«S»\"\n    const val MAP_STYLE = \"fleet-dark\"\n}",
  "dji", "const val MAP_STYLE = \"fleet-dark\"")
S("swift-let-api-key",
  "// FleetGCS/Config.swift\nenum Config {\n    static let baseURL = URL(string: \"https://«host»\")!\n    static let apiKey = \"«S»\"\n}",
  "b62_40", "static let baseURL")
S("csharp-sqlserver-connection-string",
  "var cs = \"Server=«host»;Database=«db»;User Id=sa;Password=«S»;TrustServerCertificate=True\";\nusing var conn = new SqlConnection(cs);",
  "pw_rand_url", "Server=«host»;Database=«db»")
S("bash-script-deploy-vars",
  "#!/usr/bin/env bash\n# scripts/flash_rig.sh\nset -euo pipefail\nRIG_HOST=«ip»\nRIG_USER=tester\nRIG_PASS='«S»'\nsshpass -p \"$RIG_PASS\" scp \"$1\" \"$RIG_USER@$RIG_HOST:/tmp/\"",
  "pw", "RIG_HOST=«ip»")
S("powershell-convertto-securestring",
  "# tools/Set-FieldLaptop.ps1\n$pw = ConvertTo-SecureString \"«S»\" -AsPlainText -Force\nNew-LocalUser -Name \"fieldtech\" -Password $pw -FullName \"Field Tech\"",
  "pwx", "New-LocalUser -Name \"fieldtech\"")
S("c-psk-byte-array",
  "/* provisioning/psk_table.c  device «dev» */\nstatic const uint8_t tls_psk[16] = {\n    «S»\n};\nstatic const char tls_psk_id[] = \"«dev»\";",
  "bytes_c16", "static const char tls_psk_id[]")
S("c-mavlink-signing-key-array",
  "// mavlink_signing.c\nstatic const uint8_t g_signing_key[32] = { «S» };\nmavlink_signing_t signing = { .flags = MAVLINK_SIGNING_FLAG_SIGN_OUTGOING, .link_id = 0 };",
  "bytes_c32", "MAVLINK_SIGNING_FLAG_SIGN_OUTGOING")
S("lua-ardupilot-script-key",
  "-- scripts/uplink.lua (ArduPilot Lua)\nlocal ENDPOINT = \"«host»\"\nlocal API_KEY  = \"«S»\"\nlocal function update() return update, 1000 end",
  "hex32", "local ENDPOINT = \"«host»\"")
S("python-paramiko-connect-password",
  "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"«ip»\", username=\"root\", password=\"«S»\", timeout=5)",
  "pwx", "ssh.connect(\"«ip»\"")
S("python-boto3-client-static-keys",
  "s3 = boto3.client(\n    \"s3\",\n    region_name=\"«region»\",\n    aws_access_key_id=\"«akid»\",\n    aws_secret_access_key=\"«S»\",\n)",
  "aws_sk", "region_name=\"«region»\"")
S("python-test-constant-todo",
  "# tests/test_factory_rig.py\nRIG_URL = \"http://«ip»:8080\"\nADMIN_PASSWORD = \"«S»\"  # TODO: move to vault before merge\n\ndef test_rig_login(client):",
  "pw", "RIG_URL = \"http://«ip»:8080\"")
S("python-sqlalchemy-create-engine",
  "engine = create_engine(\n    \"postgresql+psycopg2://«user»:«S»@«host»:5432/«db»\",\n    pool_pre_ping=True,\n)",
  "pwu", "@«host»:5432/«db»")
S("node-mqtt-connect-options",
  "const client = mqtt.connect('mqtts://«host»:8883', {\n  clientId: '«robot»-dash',\n  username: '«user»',\n  password: '«S»',\n  rejectUnauthorized: true,\n});",
  "pwx", "mqtts://«host»:8883")
S("flask-jwt-secret-key",
  "app = Flask(__name__)\napp.config[\"JWT_SECRET_KEY\"] = \"«S»\"\napp.config[\"JWT_ACCESS_TOKEN_EXPIRES\"] = timedelta(hours=8)",
  "b64u_43", "JWT_ACCESS_TOKEN_EXPIRES")
S("django-settings-secret-key",
  "# fleetdash/settings.py\nDEBUG = False\nSECRET_KEY = \"«S»\"\nALLOWED_HOSTS = [\"«host»\"]",
  lambda c: _rs(50, _LOW + _DIG + "!@#%^*(-_=+)"), "ALLOWED_HOSTS = [\"«host»\"]")
S("python-bytes-secret-key",
  "app.secret_key = b\"«S»\"",
  "hex64", "app.secret_key")
S("go-hmac-key-byte-slice",
  "// internal/auth/hmac.go\nvar hmacKey = []byte(\"«S»\")\n\nfunc Sign(msg []byte) []byte { m := hmac.New(sha256.New, hmacKey); m.Write(msg); return m.Sum(nil) }",
  "b64u_43", "func Sign(msg []byte)")
S("rust-struct-credentials-init",
  "let creds = Credentials {\n    username: \"«user»\".into(),\n    password: \"«S»\".into(),\n};\nlet client = AsyncClient::new(opts_with(creds), 64);",
  "pwx", "AsyncClient::new")
S("cpp-raw-string-private-key",
  "// include/aws_certs.h  (Arduino AWS IoT example, copied)\nstatic const char AWS_CERT_PRIVATE[] PROGMEM = R\"KEY(\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----\n)KEY\";",
  "pem_rsa", "AWS_CERT_PRIVATE[] PROGMEM")
S("micropython-wlan-connect",
  "# main.py (MicroPython on the tether winch)\nimport network\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect(\"«ssid»\", \"«S»\")",
  "pwx", "wlan.active(True)")
S("esp-idf-wifi-config-struct",
  "wifi_config_t wifi_config = {\n    .sta = {\n        .ssid = \"«ssid»\",\n        .password = \"«S»\",\n        .threshold.authmode = WIFI_AUTH_WPA2_PSK,\n    },\n};",
  "pwx", ".ssid = \"«ssid»\"")
S("python-test-jwt-fixture",
  "# tests/conftest.py\n@pytest.fixture\ndef fleet_token():\n    return \"«S»\"",
  "jwt", "def fleet_token():")
S("php-legacy-db-pass",
  "<?php\n// legacy/rig_report.php\n$db_host = '«host»';\n$db_user = 'rigreport';\n$db_pass = '«S»';\n$pdo = new PDO(\"mysql:host=$db_host;dbname=factory\", $db_user, $db_pass);",
  "pw", "$db_user = 'rigreport';")
S("ruby-octokit-access-token",
  "# tools/release_notes.rb\nclient = Octokit::Client.new(access_token: \"«S»\")\nrepo = \"«org»/fleet-firmware\"",
  "ghp", "repo = \"«org»/fleet-firmware\"")
S("python-slack-webclient-token",
  "from slack_sdk import WebClient\nslack = WebClient(token=\"«S»\")\nslack.chat_postMessage(channel=\"«chan»\", text=f\"OTA {version} rolled out\")",
  "xoxb", "slack.chat_postMessage")
S("python-sendgrid-client",
  "sg = SendGridAPIClient(\"«S»\")\nsg.send(Mail(from_email=\"noreply@«dom»\", to_emails=ops, subject=\"Rig report\"))",
  "sg", "noreply@«dom»")
S("js-twilio-client-auth-token",
  "const client = require('twilio')('AC«hex32»', '«S»');\nawait client.messages.create({ to: oncall, from: '+1555«n6»0', body: 'Drone «drone» lost link' });",
  "hex32", "client.messages.create")
S("python-openai-client-key",
  "from openai import OpenAI\nclient = OpenAI(api_key=\"«S»\")\n# summarise flight logs for the daily report",
  "openai", "summarise flight logs")
S("python-anthropic-client-key",
  "import anthropic\nclaude = anthropic.Anthropic(api_key=\"«S»\")\nmsg = claude.messages.create(model=MODEL, max_tokens=1024, messages=triage_prompt(log))",
  "anthropic", "triage_prompt(log)")
S("python-googlemaps-client-key",
  "gmaps = googlemaps.Client(key=\"«S»\")\nelev = gmaps.elevation((lat, lon))",
  "aiza", "gmaps.elevation((lat, lon))")
S("js-mapbox-secret-upload-token",
  "// scripts/upload-tiles.js\nconst MAPBOX_UPLOAD_TOKEN = '«S»';\nconst uploads = mbxUploads({ accessToken: MAPBOX_UPLOAD_TOKEN });",
  "mapbox_sk", "mbxUploads")
S("python-influxdb-client-token",
  "client = InfluxDBClient(url=\"https://«host»:8086\", token=\"«S»\", org=\"«org»\")\nwrite_api = client.write_api(write_options=SYNCHRONOUS)",
  "influx", "write_options=SYNCHRONOUS")
S("go-nats-nkey-from-seed",
  "kp, err := nkeys.FromSeed([]byte(\"«S»\"))\nif err != nil {\n\tlog.Fatal(err)\n}\nnc, _ := nats.Connect(\"tls://«host»:4222\", nats.Nkey(pub, kp.Sign))",
  "nkey_seed", "tls://«host»:4222")
S("cmake-cache-string-ota-key",
  "# CMakeLists.txt\nset(FLEET_OTA_URL \"https://«host»/fw\" CACHE STRING \"\")\nset(FLEET_OTA_KEY \"«S»\" CACHE STRING \"OTA download key\")",
  "hex32", "set(FLEET_OTA_URL")
S("kconfig-default-mqtt-password",
  "config APP_MQTT_PASSWORD\n\tstring \"MQTT broker password\"\n\tdefault \"«S»\"\n\thelp\n\t  Password used to authenticate against the fleet broker.",
  "pwx", "config APP_MQTT_PASSWORD")
S("bitbake-src-uri-git-user-param",
  "# recipes-apps/fleet-agent/fleet-agent_git.bb\nSRC_URI = \"git://git.«dom»/fw/fleet-agent.git;protocol=https;branch=main;user=«user»:«S»\"\nSRCREV = \"«hex40»\"",
  "pw_alnum", "SRCREV = \"«hex40»\"")
S("bitbake-extrausers-usermod-capital-p",
  "# recipes-core/images/fleet-image.bb\ninherit extrausers\nEXTRA_USERS_PARAMS = \"usermod -P '«S»' root; useradd -P '«pw_shell»' fieldtech;\"",
  "pw_shell", "inherit extrausers")
S("git-diff-added-hardcoded-password",
  "diff --git a/config/bridge.yaml b/config/bridge.yaml\n@@ -4,7 +4,7 @@ broker:\n   host: «host»\n   user: «user»\n-  password: ${MQTT_PASSWORD}\n+  password: \"«S»\"\n   keepalive: 30",
  "pwx", "diff --git a/config/bridge.yaml b/config/bridge.yaml")
S("git-diff-removed-api-key",
  "@@ -11,3 +11,3 @@ import os\n-API_KEY = \"«S»\"\n+API_KEY = os.environ[\"FLEET_API_KEY\"]\n BASE = \"https://«host»\"",
  "b62_32", "API_KEY = os.environ[\"FLEET_API_KEY\"]")
S("ipynb-cell-source-token",
  "{\n \"cell_type\": \"code\",\n \"source\": [\n  \"import foxglove\\n\",\n  \"client = foxglove.Client(token=\\\"«S»\\\")\\n\",\n  \"recs = client.get_recordings(device_id=\\\"«dev»\\\")\"\n ]\n}",
  "fox", "client.get_recordings")
S("python-basic-auth-header-literal",
  "HEADERS = {\n    \"Authorization\": \"Basic «S»\",\n    \"User-Agent\": \"rig-agent/«ver»\",\n}",
  _basic("user"), "\"User-Agent\": \"rig-agent/«ver»\"")
S("python-pysnmp-community",
  "errInd, errStat, errIdx, varBinds = next(getCmd(SnmpEngine(),\n    CommunityData(\"«S»\", mpModel=1),\n    UdpTransportTarget((\"«ip»\", 161)), ContextData(),\n    ObjectType(ObjectIdentity(\"1.3.6.1.2.1.1.3.0\"))))",
  "pw_alnum", "UdpTransportTarget((\"«ip»\", 161))")
S("csharp-iothub-device-client",
  "var device = DeviceClient.CreateFromConnectionString(\n    \"HostName=«org»-hub.azure-devices.net;DeviceId=«dev»;SharedAccessKey=«S»\",\n    TransportType.Mqtt);",
  "az_sak", "TransportType.Mqtt")
S("java-spring-value-default",
  "@Value(\"${hawkbit.gateway.token:«S»}\")\nprivate String gatewayToken;",
  "hb_tok", "private String gatewayToken;")
S("python-ftplib-login",
  "ftp = ftplib.FTP(\"«ip»\")\nftp.login(\"«user»\", \"«S»\")\nftp.storbinary(\"STOR calib.yaml\", fh)",
  "pwx", "ftp.storbinary(\"STOR calib.yaml\", fh)")
S("lua-nodemcu-wifi-sta-config",
  "-- init.lua\nwifi.setmode(wifi.STATION)\nwifi.sta.config({ssid=\"«ssid»\", pwd=\"«S»\", auto=true})",
  "pwx", "wifi.setmode(wifi.STATION)")
S("sql-create-role-with-password",
  "-- migrations/V7__readonly_role.sql\nCREATE ROLE grafana_ro WITH LOGIN PASSWORD '«S»';\nGRANT SELECT ON ALL TABLES IN SCHEMA telemetry TO grafana_ro;",
  "pw", "GRANT SELECT ON ALL TABLES IN SCHEMA telemetry TO grafana_ro;")
S("sql-mysql-identified-by",
  "CREATE USER IF NOT EXISTS 'hawkbit'@'%' IDENTIFIED BY '«S»';\nGRANT ALL PRIVILEGES ON hawkbit.* TO 'hawkbit'@'%';",
  "pw", "GRANT ALL PRIVILEGES ON hawkbit.*")
S("go-test-table-case-password",
  "{name: \"valid tech login\", user: \"fieldtech\", pass: \"«S»\", want: http.StatusOK},\n{name: \"wrong pass\", user: \"fieldtech\", pass: \"nope\", want: http.StatusUnauthorized},",
  "pwx", "valid tech login")
S("yaml-in-python-heredoc-string",
  "DEFAULT_CFG = \"\"\"\nbroker:\n  host: «host»\n  user: «user»\n  password: «S»\n\"\"\"",
  "pw_shell", "DEFAULT_CFG")
S("dockerfile-env-in-source-tree",
  "# docker/uplink.Dockerfile\nFROM python:3.12-slim\nENV FLEET_API_URL=https://«host» \\\n    FLEET_API_KEY=«S»\nCOPY . /app",
  "b62_32", "FROM python:3.12-slim")
S("python-hashicorp-hvac-token",
  "client = hvac.Client(url=\"https://vault.«dom»:8200\", token=\"«S»\")\nsecret = client.secrets.kv.v2.read_secret_version(path=\"fleet/mqtt\")",
  "hvs", "read_secret_version(path=\"fleet/mqtt\")")
S("python-telegram-bot-token",
  "# alerts/telegram_notify.py\nBOT = telegram.Bot(\"«S»\")\nBOT.send_message(chat_id=-100«n6»«n4», text=\"geofence breach\")",
  "telegram", "geofence breach")


# ===========================================================================
# SECRETS: stack-trace-or-log
# ===========================================================================
_group("stack-trace-or-log")
S("python-traceback-sqlalchemy-url",
  "Traceback (most recent call last):\n  File \"/opt/fleet/ingest/db.py\", line 41, in connect\n    engine = create_engine(url)\n  File \"/usr/lib/python3/dist-packages/sqlalchemy/engine/create.py\", line 560, in create_engine\n    u = _url.make_url(url)\nsqlalchemy.exc.ArgumentError: Could not parse SQLAlchemy URL from string 'postgresql//«user»:«S»@«host»/«db»'",
  "pwu", "File \"/opt/fleet/ingest/db.py\", line 41, in connect")
S("java-jdbc-url-in-exception",
  "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection\n\tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)\nCaused by: java.sql.SQLNonTransientConnectionException: Could not connect to address=(host=«host»)(port=3306)(type=master) : url=jdbc:mariadb://«host»:3306/hawkbit?user=hawkbit&password=«S»",
  "pw_alnum", "DataSourceUtils.java:84")
S("paho-debug-connect-fields",
  "«ts» DEBUG paho.mqtt.client: Sending CONNECT (u1, p1, wr0, wq0, wf0, c1, k60) client_id=b'«robot»' username=b'«user»' password=b'«S»'",
  "pwx", "Sending CONNECT")
S("nodered-mqtt-broker-url-log",
  "«date» «hms» - [error] [mqtt-broker:cloud-fleet] Connection failed to broker: mqtts://«user»:«S»@«host»:8883",
  "pwu", "[mqtt-broker:cloud-fleet]")
S("curl-verbose-request-bearer",
  "* Connected to «host» («ip») port 443\n> GET /api/devices/v1/inventory/devices HTTP/2\n> Host: «host»\n> User-Agent: curl/8.5.0\n> Accept: */*\n> Authorization: Bearer «S»\n>\n< HTTP/2 401",
  "mender_jwt", "> Host: «host»")
S("nginx-access-log-query-token",
  "«ip» - - [«dd»/Mar/2025:«hms» +0000] \"GET /ota/v1/download?device=«dev»&token=«S» HTTP/1.1\" 200 48211392 \"-\" \"fleet-agent/«ver»\"",
  "b62_32", "GET /ota/v1/download?device=«dev»")
S("squid-log-userinfo-url",
  "«epoch» 1520 «ip» TCP_TUNNEL/200 8841 CONNECT https://«user»:«S»@artifacts.«dom»/fw/«file» - HIER_DIRECT/«ip#2» -",
  "pwu", "TCP_TUNNEL/200")
S("rust-panic-debug-config",
  "thread 'main' panicked at src/uplink.rs:88:14:\ncalled `Result::unwrap()` on an `Err` value: ConnectFailed { cfg: BrokerConfig { host: \"«host»\", port: 8883, user: \"«user»\", password: \"«S»\" }, source: Os { code: 111, kind: ConnectionRefused } }\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
  "pwx", "src/uplink.rs:88:14")
S("logfmt-dsn-field",
  "time=«ts» level=error msg=\"db connect failed\" dsn=\"postgres://«user»:«S»@«host»:5432/«db»?sslmode=disable\" err=\"dial tcp «ip»:5432: connect: connection refused\"",
  "pwu", "msg=\"db connect failed\"")
S("ros2-launch-node-info-pass",
  "[mqtt_bridge-3] [INFO] [«epoch»] [mqtt_bridge]: connecting to «host»:8883 as user=«user» pass=«S»",
  "pw_shell", "[mqtt_bridge-3]")
S("colcon-cmake-message-token",
  "Starting >>> fleet_uplink\n--- stderr: fleet_uplink\nCMake Warning at CMakeLists.txt:23 (message):\n  FLEET_API_TOKEN defaulting to «S»\n---\nFinished <<< fleet_uplink [12.4s]",
  "b62_32", "Starting >>> fleet_uplink")
S("bitbake-fetcher-failure-url",
  "ERROR: fleet-agent-1.4+git-r0 do_fetch: Fetcher failure: Fetch command export PSEUDO_DISABLED=1; git -c gc.autoDetach=false clone --bare --mirror https://oauth2:«S»@gitlab.«dom»/fw/fleet-agent.git /yocto/downloads/git2/gitlab.«dom».fw.fleet-agent.git failed with exit code 128",
  "glpat", "ERROR: fleet-agent-1.4+git-r0 do_fetch")
S("docker-buildkit-run-line",
  "#9 [build 4/9] RUN pip install --index-url https://ci:«S»@nexus.«dom»/repository/pypi/simple -r requirements.txt\n#9 2.113 Looking in indexes: https://ci:****@nexus.«dom»/repository/pypi/simple\n#9 DONE 19.8s",
  "pwu", "#9 DONE 19.8s")
S("spring-boot-startup-property-dump",
  "«ts»  INFO 1 --- [main] o.e.hawkbit.app.Start : effective config: spring.datasource.url=jdbc:mariadb://«host»:3306/hawkbit, spring.datasource.username=hawkbit, spring.datasource.password=«S»",
  "pw_shell", "o.e.hawkbit.app.Start")
S("journalctl-agent-api-key-line",
  "Mar «dd» «hms» «robot» fleet-agent[«pid»]: using api key «S» for https://«host»/v2",
  "b62_40", "fleet-agent[«pid»]")
S("auditd-execve-args",
  "type=EXECVE msg=audit(«epoch»:«n4»): argc=7 a0=\"mosquitto_pub\" a1=\"-h\" a2=\"«host»\" a3=\"-u\" a4=\"«user»\" a5=\"-P\" a6=\"«S»\"",
  "pw_shell", "a0=\"mosquitto_pub\"")
S("auth-log-sudo-command",
  "Mar «dd» «hms» fsl-«n2#2» sudo:  «uname» : TTY=pts/1 ; PWD=/home/«uname» ; USER=root ; COMMAND=/usr/bin/sshpass -p «S» ssh root@«ip»",
  "pw_shell", "COMMAND=/usr/bin/sshpass")
S("python-logging-payload-dict",
  "«ts» DEBUG fleet.cloud.client: POST /v1/telemetry payload={'device': '«dev»', 'api_key': '«S»', 'batt': 71.2}",
  "b62_32", "POST /v1/telemetry")
S("java-paho-options-tostring",
  "«ts» WARN  [MQTT Call: «robot»] c.f.bridge.Uplink - connect failed, opts=MqttConnectOptions[userName=«user», password=«S», keepAlive=60, cleanSession=true]\norg.eclipse.paho.client.mqttv3.MqttSecurityException: Not authorized to connect (5)\n\tat org.eclipse.paho.client.mqttv3.internal.ExceptionHelper.createMqttException(ExceptionHelper.java:28)",
  "pw_alnum", "MqttSecurityException")
S("node-axios-error-config-headers",
  "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://«host»/v6/application',\n    headers: { Accept: 'application/json', Authorization: 'Bearer «S»' },\n  }",
  "balena", "/app/node_modules/axios/lib/core/settle.js:19:12")
S("uboot-console-printenv-capture",
  "U-Boot 2024.01 (Feb «dd» 2025 - «hms» +0000)\nHit any key to stop autoboot:  0\n=> printenv\narch=arm\nbaudrate=115200\nboard=«mach»\nota_token=«S»\nstdin=serial",
  "b62_32", "U-Boot 2024.01")
S("zephyr-log-dbg-connect",
  "[00:00:02.310,546] <inf> net_config: IPv4 address: «ip»\n[00:00:02.911,010] <dbg> mqtt_app: connect: user=«user» pw=«S» client=«dev»\n[00:00:03.104,223] <err> mqtt_app: CONNACK rc=5",
  "pw_shell", "<inf> net_config")
S("esp-idf-wifi-log-pass",
  "I (1532) app_wifi: connecting to SSID=«ssid» PASS=«S»\nI (2310) wifi:connected with «ssid», aid = 3, channel 6, BW20\nI (3120) esp_netif_handlers: sta ip: «ip»",
  "pwx", "I (2310) wifi:connected")
S("qgc-ntrip-console-log",
  "«hms».«n3» - qgc.gps.ntrip: Connecting to caster.«dom»:2101 mountpoint KNW«n2» as «user»/«S»",
  "pw_shell", "qgc.gps.ntrip")
S("ntrip-request-basic-auth-log",
  "[ntrip] >> GET /KNW«n2» HTTP/1.1\\r\\nHost: caster.«dom»\\r\\nNtrip-Version: Ntrip/2.0\\r\\nAuthorization: Basic «S»\\r\\n\\r\\n",
  _basic("user"), "Ntrip-Version: Ntrip/2.0")
S("swupdate-trace-target-token",
  "[TRACE] : SWUPDATE running :  [channel_set_options] : Setting header Authorization: TargetToken «S»\n[INFO ] : SWUPDATE running :  [server_get_deployment_info] : No pending action on server.",
  "hb_tok", "[server_get_deployment_info]")
S("rauc-hawkbit-updater-debug-token",
  "«date» «hms» rauc-hawkbit-updater[«pid»]: DEBUG: Requesting https://«host»/DEFAULT/controller/v1/«dev» with header 'Authorization: TargetToken «S»'",
  "hb_tok", "/DEFAULT/controller/v1/«dev»")
S("balena-supervisor-api-key-log",
  "[debug]   Attempting to report state to https://api.balena-cloud.com using deviceApiKey=«S»\n[error]   Non-200 response from the API! Status code: 401",
  "balena", "[error]   Non-200 response from the API!")
S("pytest-showlocals-password",
  "    def test_rig_login(rig):\n>       assert rig.login(user, password).ok\nE       AssertionError: assert False\n\nrig        = <RigClient «ip»>\npassword   = '«S»'\nuser       = 'tester'\n\ntests/test_rig.py:31: AssertionError",
  "pwx", "tests/test_rig.py:31: AssertionError")
S("apache-log-login-query",
  "«ip» - - [«dd»/Apr/2025:«hms» +0200] \"POST /rig/login.php?user=tester&password=«S» HTTP/1.1\" 302 0",
  "pw_shell", "POST /rig/login.php")
S("haproxy-captured-auth-header",
  "«date»T«hms» lb-01 haproxy[«pid»]: «ip»:53122 [«dd»/May/2025:«hms».120] fe_ota be_ota/ota-2 0/0/1/24/25 200 512 - - ---- {«host»|Basic «S»} \"GET /fleet/manifest.json HTTP/1.1\"",
  _basic("user"), "fe_ota be_ota/ota-2")
S("powershell-transcript-apikey",
  "**********************\nPowerShell transcript start\nStart time: 2025«n4»«n6»\n**********************\nPS C:\\fleet> .\\Publish-Firmware.ps1 -Channel beta -ApiKey «S»\nUploading fw-main.bin ... done",
  "b62_32", "Publish-Firmware.ps1 -Channel beta")
S("kafka-sasl-jaas-config-log",
  "«ts» INFO ProducerConfig values:\n\tbootstrap.servers = [«host»:9093]\n\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"«user»\" password=\"«S»\";\n\tsasl.mechanism = PLAIN",
  "pwx", "bootstrap.servers = [«host»:9093]")
S("celery-broker-url-log",
  "[«date» «hms»,«n3»: INFO/MainProcess] Connected to redis://:«S»@«host»:6379/0\n[«date» «hms»,«n3#2»: INFO/MainProcess] celery@ingest-«n2» ready.",
  "pwu", "INFO/MainProcess")
S("mongo-server-selection-error",
  "MongoServerSelectionError: connection <monitor> to «ip»:27017 closed\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb://«user»:«S»@«host»:27017/flightlogs?authSource=admin'",
  "pwu", "topology.js:278:38")
S("ansible-debug-var-output",
  "TASK [debug] ***************************************************************\nok: [«robot»] => {\n    \"ansible_password\": \"«S»\"\n}",
  "pwx", "TASK [debug]")
S("terraform-plan-unmasked-attr",
  "  # module.broker.aws_mq_broker.fleet will be created\n  + resource \"aws_mq_broker\" \"fleet\" {\n      + broker_name = \"fleet-mqtt\"\n      + user {\n          + password = \"«S»\"\n          + username = \"«user»\"\n        }\n    }",
  "pw_rand_url", "module.broker.aws_mq_broker.fleet")
S("browser-console-stored-token",
  "main.3f2a91.js:1 [auth] login ok, stored token «S» in localStorage\nmain.3f2a91.js:1 [ws] connecting wss://«host»/live",
  "jwt", "wss://«host»/live")
S("python-userwarning-fallback-key",
  "/opt/fleet/uplink/settings.py:19: UserWarning: FLEET_API_KEY not set, using built-in fallback '«S»'\n  warnings.warn(",
  "b62_32", "/opt/fleet/uplink/settings.py:19")
S("spring-actuator-env-json",
  "{\"name\":\"spring.rabbitmq.password\",\"value\":\"«S»\",\"origin\":\"System Environment Property \\\"SPRING_RABBITMQ_PASSWORD\\\"\"}",
  "pwx", "spring.rabbitmq.password")
S("android-logcat-token",
  "«date» «hms».«n3»  «pid»  «pid#2» D DroneLink: login ok, session token=«S» expires=3600",
  "b64u_43", "D DroneLink: login ok")
S("boto-presigned-url-in-log",
  "«ts» INFO uploader: presigned PUT https://«bucket».s3.«region».amazonaws.com/logs/«drone»/«date».ulg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F2025«n4»%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=2025«n4»T«n6»Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
  "hex64", "X-Amz-Algorithm=AWS4-HMAC-SHA256")
S("gcs-signed-url-in-log",
  "WARN tiles-sync: GET https://storage.googleapis.com/«bucket»/tiles/z14/«n4».pbf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=tiles%40«org».iam.gserviceaccount.com%2F2025«n4»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Expires=600&X-Goog-SignedHeaders=host&X-Goog-Signature=«S» -> 403",
  lambda c: _hex(256), "X-Goog-Algorithm=GOOG4-RSA-SHA256")
S("azure-sas-url-in-log",
  "[«ts»] fleet-logship: upload https://«org»logs.blob.core.windows.net/ulog/«drone»/flight.ulg?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2025-12-01T00:00:00Z&st=2025-01-01T00:00:00Z&spr=https&sig=«S» failed: 403",
  "az_sig", "sv=2022-11-02&ss=b&srt=o&sp=rwc")
S("cloudfront-signed-url-log",
  "GET https://d«b62_12».cloudfront.net/fw/«file»?Expires=«n6»«n4»&Signature=«S»&Key-Pair-Id=K2«b62_12» -> 200 (41.2 MB)",
  lambda c: _rs(172, _B64U.replace("_", "~")), "Key-Pair-Id=K2«b62_12»")
S("rosout-rosbridge-secret",
  "[ WARN] [«epoch»]: rosbridge_websocket: authentication enabled, shared secret is «S»",
  "pw_alnum", "rosbridge_websocket")
S("slack-webhook-post-log",
  "«ts» notifier INFO POST https://hooks.slack.com/services/T0«b62_8»/B0«b62_8#2»/«S» -> 200 ok",
  "slackhook", "notifier INFO")
S("json-log-headers-api-key",
  "{\"level\":\"warn\",\"ts\":«epoch»,\"caller\":\"upload/client.go:112\",\"msg\":\"retrying upload\",\"url\":\"https://«host»/v1/logs\",\"headers\":{\"X-Api-Key\":\"«S»\",\"Content-Type\":\"application/octet-stream\"},\"attempt\":3}",
  "b62_40", "upload/client.go:112")
S("grpc-metadata-debug-log",
  "«ts» DEBUG grpc.interceptor: /fleet.v1.Telemetry/Stream metadata: authorization=Bearer «S», x-device-id=«dev»",
  "jwt", "/fleet.v1.Telemetry/Stream")
S("wget-log-userinfo",
  "--«date» «hms»--  https://«user»:«S»@artifacts.«dom»/yocto/downloads/«file»\nResolving artifacts.«dom»... «ip»\nHTTP request sent, awaiting response... 200 OK",
  "pwu", "HTTP request sent, awaiting response... 200 OK")
S("telegram-invalid-token-traceback",
  "telegram.error.InvalidToken: Invalid token\n  During handling of: https://api.telegram.org/bot«S»/sendMessage returned 401 Unauthorized",
  "telegram", "telegram.error.InvalidToken")
S("requests-proxyerror-proxies-dict",
  "requests.exceptions.ProxyError: HTTPSConnectionPool(host='«host»', port=443): Max retries exceeded (Caused by ProxyError('Unable to connect to proxy'))\nproxies={'https': 'http://«user»:«S»@proxy.«dom»:3128'}",
  "pwu", "Max retries exceeded")
S("gunicorn-env-debug-dump",
  "[«date» «hms» +0000] [«pid»] [DEBUG] env: DATABASE_URL=postgres://«user»:«S»@«host»/«db» WORKERS=4",
  "pwu", "[DEBUG] env:")
S("mender-client-debug-tenant-token",
  "time=\"«ts»\" level=debug msg=\"Auth request data: {\\\"id_data\\\":\\\"{\\\\\\\"mac\\\\\\\":\\\\\\\"«mac»\\\\\\\"}\\\",\\\"tenant_token\\\":\\\"«S»\\\"}\" module=auth",
  "jwt", "module=auth")
S("pixhawk-companion-crash-env",
  "*** fleet-companion crashed (SIGSEGV) ***\nbuild: «hex7» «ver»\nenv:\n  ROS_DOMAIN_ID=«n2»\n  FLEET_MQTT_PASS=«S»\n  RMW_IMPLEMENTATION=rmw_cyclonedds_cpp\nbacktrace:\n  #0 0x0000aaaab3c41e20 in Uplink::publish()",
  "pw", "RMW_IMPLEMENTATION=rmw_cyclonedds_cpp")
S("windows-event-scheduled-task-args",
  "Log Name: Microsoft-Windows-TaskScheduler/Operational\nEvent ID: 200\nTask Scheduler launched action \"C:\\fleet\\sync.exe\" --user «user» --password «S» in instance \"{«uuid»}\" of task \"\\FleetLogSync\"",
  "pw_shell", "Log Name: Microsoft-Windows-TaskScheduler/Operational")
S("influx-write-401-with-token",
  "«ts» E! [outputs.influxdb_v2] When writing to [https://«host»:8086]: 401 Unauthorized: unauthorized access (token=«S»)",
  "influx", "[outputs.influxdb_v2]")
S("smtp-auth-plain-debug",
  "send: 'ehlo rig-reporter\\r\\n'\nreply: b'250-smtp.«dom»'\nsend: 'AUTH PLAIN «S»\\r\\n'\nreply: b'235 2.7.0 Authentication successful'",
  lambda c: _b64("\0%s@%s\0%s" % (c("user"), c("dom"), _pwx())), "Authentication successful")
S("python-http-client-debuglevel",
  "send: b'GET /repos/«org»/fleet-firmware/releases/latest HTTP/1.1\\r\\nHost: api.github.com\\r\\nAuthorization: token «S»\\r\\nAccept: application/vnd.github+json\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
  "ghp", "/repos/«org»/fleet-firmware/releases/latest")
S("har-entry-cookie-header",
  "{\"name\": \"Cookie\", \"value\": \"fleet_session=«S»; theme=dark; _ga=GA1.1.«n6»«n4».«n6#2»«n4#2»\"}",
  lambda c: _rs(48, _B64U), "\"name\": \"Cookie\"")
S("curl-verbose-set-cookie",
  "< HTTP/1.1 302 Found\n< Location: /UI/\n< Set-Cookie: JSESSIONID=«S»; Path=/; Secure; HttpOnly\n< X-Frame-Options: DENY",
  lambda c: _rs(32, _HEXU), "< Location: /UI/")
S("go-panic-dsn-in-goroutine",
  "panic: pq: password authentication failed for user \"«user»\"\n\ngoroutine 1 [running]:\nmain.mustOpen({0xc0000b4000, 0x5a})\n\t/src/cmd/ingest/main.go:57 +0x1c5\n// opened with DSN host=«host» user=«user» password=«S» dbname=«db» sslmode=require",
  "pw_shell", "/src/cmd/ingest/main.go:57")
S("sros2-keystore-password-log",
  "[component_container-1] [WARN] [«epoch»] [rcl]: SECURITY: unlocking enclave /fleet/«robot» with keystore passphrase '«S»' (debug build only)",
  "pw_phrase", "[component_container-1]")
S("nodejs-mqtt-reconnect-url-stack",
  "Error: connect ECONNREFUSED «ip»:1883\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)\n  [mqtt] reconnecting to mqtt://«user»:«S»@«ip»:1883 (attempt 14)",
  "pwu", "TCPConnectWrap.afterConnect")


# ===========================================================================
# SECRETS: note-or-chat
# ===========================================================================
_group("note-or-chat")
S("slack-handover-broker-creds-slash",
  "[«hms»] «person»: @«person#2» handover for tonight: staging broker creds are «user» / «S» — please don't rotate until the flight test at 09:00 is done",
  "pw", "handover for tonight")
S("german-chat-wlan-passwort",
  "«person»: Hi «person#2», das WLAN-Passwort im Hangar ist jetzt «S» (SSID «ssid»). Bitte nicht ins Wiki schreiben.",
  "pw", "SSID «ssid»")
S("french-note-mot-de-passe-root",
  "Note : le mot de passe root de la carte «mach» est «S» — à changer après la démo de jeudi.",
  "pw", "carte «mach»")
S("spanish-chat-contrasena-hawkbit",
  "«person»: La contraseña del portal de Hawkbit es «S» (usuario admin). Cámbiala cuando termines la prueba.",
  "pw", "portal de Hawkbit")
S("portuguese-senha-mqtt-producao",
  "«person» (Teams): Senha do MQTT de produção: «S» — não compartilhe fora do canal «chan».",
  "pw", "Senha do MQTT de produção")
S("japanese-chat-password-desu",
  "«person»: ジンバル検査用ノートPC（fsl-«n2»）のパスワードは «S» です。ログイン後すぐに変更してください。",
  "pw", "ジンバル検査用ノートPC")
S("chinese-note-mima",
  "交接备注：地面站电脑用户名 «user»，密码：«S»，周五之前请勿修改。",
  "pw", "地面站电脑用户名 «user»")
S("korean-chat-bimilbeonho",
  "«person»: 드론 클라우드 관리자 비밀번호는 «S» 입니다. 테스트 끝나면 바꿀게요.",
  "pw", "드론 클라우드 관리자")
S("polish-chat-haslo-jenkins",
  "«person»: Hasło do Jenkinsa: «S» (login «user»), tylko na czas migracji runnerów.",
  "pw", "tylko na czas migracji runnerów")
S("dutch-note-wachtwoord-testbank",
  "Wachtwoord voor de testbank rig«n2»: «S» — staat nog niet in de kluis.",
  "pw", "testbank rig«n2»")
S("italian-chat-password-router",
  "«person»: la password del router del laboratorio è «S», la rete è «ssid».",
  "pw", "la rete è «ssid»")
S("swedish-note-losenord-faltdator",
  "Lösenordet till fältdatorn (Toughbook «n2») är «S», användare fieldtech.",
  "pw", "användare fieldtech")
S("turkish-chat-sifre-yer-istasyonu",
  "«person»: Yer istasyonu şifresi: «S» — uçuştan sonra değiştireceğim.",
  "pw", "Yer istasyonu şifresi")
S("russian-chat-parol-stend",
  "«person»: Пароль от стенда прошивки: «S» (логин «user»), не пересылайте дальше.",
  "pw", "стенда прошивки")
S("hindi-note-password-hai",
  "नोट: फील्ड लैपटॉप का पासवर्ड «S» है, यूज़र fieldtech.",
  "pw", "फील्ड लैपटॉप")
S("arabic-chat-kalimat-almurur",
  "«person»: كلمة المرور لجهاز التحكم الأرضي: «S» — لا تشاركها خارج الفريق.",
  "pw", "لجهاز التحكم الأرضي")
S("vietnamese-chat-mat-khau-wifi",
  "«person»: Mật khẩu wifi xưởng («ssid») là «S» nhé.",
  "pw", "Mật khẩu wifi xưởng")
S("czech-note-heslo-vpn",
  "Heslo k VPN pro terénní tým: «S» (uživatel «uname»).",
  "pw", "terénní tým")
S("ukrainian-chat-parol-broker",
  "«person»: Пароль до брокера MQTT на полігоні: «S». Логін «user».",
  "pw", "брокера MQTT на полігоні")
S("indonesian-chat-kata-sandi-ota",
  "«person»: Kata sandi server OTA («host»): «S», jangan disebar ya.",
  "pw", "server OTA («host»)")
S("norwegian-note-passord-hangar",
  "Passordet til dronehangaren (dørpanel + PC) er «S» denne uka.",
  "pw", "dronehangaren")
S("greek-chat-kodikos-grafana",
  "«person»: Ο κωδικός για το Grafana του στόλου είναι «S» (χρήστης admin).",
  "pw", "Grafana του στόλου")
S("hebrew-chat-sisma-server",
  "«person»: הסיסמה לשרת העדכונים היא «S», משתמש deploy.",
  "pw", "משתמש deploy")
S("thai-chat-rahat-wifi",
  "«person»: รหัสผ่าน wifi โรงทดสอบคือ «S» นะครับ",
  "pw", "wifi โรงทดสอบ")
S("agent-running-note-logged-in-with",
  "- [x] logged into Mender UI as «email» with «S» (from «person»'s DM) — deployments page loads\n- [ ] pin artifact «ver» to group field-beta",
  "pwx", "pin artifact «ver» to group field-beta")
S("agent-note-unlabeled-user-pass-pair",
  "Creds that finally worked on bench rig «n2»: «user» «S» (the ones in the wiki are stale).",
  "pw_rand", "bench rig «n2»")
S("teams-message-try-account-plus",
  "[«hms»] «fullname» (Teams): try fieldtech + «S» on the tablet, the old one expired yesterday",
  "pw", "on the tablet")
S("goal-statement-current-token",
  "Goal: rotate the Hawkbit gateway token (current: «S») and update all 40 rigs before Friday's release.",
  "hb_tok", "Goal: rotate the Hawkbit gateway token")
S("decision-log-shared-account",
  "Decision «date»: keep the shared lab account (lab / «S») until SSO lands in Q3; owner «person».",
  "pw", "until SSO lands in Q3")
S("email-excerpt-new-vpn-creds",
  "From: «fullname» <«email»>\nSubject: new VPN creds for the field trip\n\nuser: «uname»\npw: «S»\nprofile: attached .ovpn",
  "pw", "Subject: new VPN creds for the field trip")
S("whatsapp-style-btw-pass",
  "«date», «hms» - «person»: pass for the spare RC controller is «S» btw",
  "pw", "spare RC controller")
S("jira-comment-factory-account",
  "«ticket» comment by «person»: Reproduced with the factory account (pass «S»). Attaching dmesg + ulog.",
  "pw", "Attaching dmesg + ulog")
S("runbook-step-oem-unlock-code",
  "3. Put the board in fastboot, then run `fastboot oem unlock «S»` (code is per-device, this one is for «dev»).",
  "HEX16", "Put the board in fastboot")
S("todo-hardcoded-key-reminder",
  "TODO before open-sourcing uploader.py: remove the hardcoded key «S» on line 14 and read FLEET_API_KEY instead.",
  "b62_40", "TODO before open-sourcing uploader.py")
S("commit-message-temporary-password",
  "commit «hex40»\nAuthor: «fullname» <«email»>\n\n    fix: temporarily hardcode broker password («S») to unblock field test",
  "pw", "temporarily hardcode broker password")
S("sticky-label-transcription",
  "Photo of the label taped to the rig PC says: \"admin / «S»\" — need to get that off the monitor.",
  "pw", "rig PC")
S("handover-signing-passphrase-words",
  "Handover: passphrase for the OTA signing key is \"«S»\" — all lowercase, spaces between words.",
  "pw_phrase_sp", "passphrase for the OTA signing key")
S("voice-memo-transcript-keypad-code",
  "[transcript] ...the code for the hangar door keypad is «S», and the wifi is the usual one, ok see you tomorrow.",
  "pin", "hangar door keypad")
S("pr-review-comment-leaked-secret",
  "«person» commented on PR #«n3»: nit — you left the AWS secret («S») in tests/test_upload.py line 12, please rotate it",
  "aws_sk", "tests/test_upload.py line 12")
S("chat-split-over-messages",
  "«person»: what's the password for the jetson on «robot»?\n«person#2»: one sec\n«person#2»: «S»\n«person»: thx, in",
  "pw", "the jetson on «robot»")
S("slack-code-block-export",
  "«person»: run this before the sim:\n```\nexport HIVEMQ_USER=«user»\nexport HIVEMQ_PASS=«S»\n./run_sitl.sh\n```",
  "pw_shell", "./run_sitl.sh")
S("postmortem-leaked-key-revoked",
  "Post-incident note: leaked key was «S» (revoked «hms» UTC); exposure window 42 min, no anomalous API calls.",
  "dop", "Post-incident note")
S("spanish-token-api-dji",
  "«person»: Token de API de DJI para la app de campo: «S»",
  "dji", "app de campo")
S("french-abbrev-mdp-wifi",
  "mdp wifi drone lab : «S» (réseau «ssid»)",
  "pw", "réseau «ssid»")
S("german-abbrev-pw-pruefstand",
  "Zugang Prüfstand 3: techniker / PW «S»",
  "pw", "Zugang Prüfstand 3")
S("portuguese-senha-root-jetson",
  "«person»: senha do root na Jetson do «robot»: «S»",
  "pw", "Jetson do «robot»")
S("japanese-passphrase-signing",
  "署名鍵のパスフレーズ：«S»（Yocto ビルド用、外部に共有しないこと）",
  "pw_phrase", "Yocto ビルド用")
S("english-creds-arrow-colon",
  "creds for staging broker -> «user»:«S»",
  "pw_shell", "creds for staging broker")
S("english-sudo-pw-toughbook",
  "if it asks for the sudo pw on the toughbook it's «S» (same as the BIOS one)",
  "pw", "sudo pw on the toughbook")
S("chinese-mender-personal-token",
  "«person»：新的 Mender 个人令牌：«S»，有效期一年。",
  "mender_jwt", "有效期一年")
S("korean-gitlab-token",
  "«person»: GitLab 토큰 공유합니다: «S» (read_repository 권한만)",
  "glpat", "read_repository 권한만")
S("italian-passphrase-ota",
  "«person»: la passphrase della chiave di firma OTA è «S»",
  "pw_phrase", "chiave di firma OTA")
S("agent-memory-credentials-section",
  "## Credentials discovered\n- NTRIP caster caster.«dom»: «user» / «S» (mount KNW«n2»)\n- Vault path for the rest: secret/fleet/rtk",
  "pw", "## Credentials discovered")
S("meeting-notes-action-item-password",
  "Action: «person» to send Ops the new DDS keystore password («S») via 1Password, not Slack.",
  "pw_phrase", "new DDS keystore password")
S("status-update-using-pat-from",
  "Status: blocked — OTA server rejects uploads; currently using PAT «S» from «person» until CI token is fixed.",
  "glpat", "OTA server rejects uploads")
S("emoji-key-message",
  "«person»: 🔑 «S» 👈 new wifi for demo day (network «ssid»)",
  "pw", "new wifi for demo day")
S("polish-login-i-haslo",
  "Dostęp do panelu EMQX: login: admin hasło: «S»",
  "pw", "panelu EMQX")
S("spanish-clave-router",
  "«person»: la clave del router del camión de campo es «S»",
  "pw", "camión de campo")
S("tagalog-password-wifi",
  "«person»: Ang password ng wifi sa hangar ay «S»",
  "pw", "wifi sa hangar")
S("swahili-nenosiri-seva",
  "«person»: Nenosiri la seva ya telemetria ni «S»",
  "pw", "seva ya telemetria")
S("qa-uboot-autoboot-stop-string",
  "Q: what do I type at the u-boot prompt to stop autoboot on the «mach» boards?\nA: type «S» within 2 seconds, then Enter.",
  "pw_alnum", "stop autoboot")
S("finnish-salasana-note",
  "Salasana testipenkin koneeseen: «S» (käyttäjä tester).",
  "pw", "testipenkin koneeseen")
S("mixed-english-german-creds",
  "FYI: the Hawkbit UI login ist admin / «S» — ich ändere es nach dem Release.",
  "pw", "Hawkbit UI login")
S("teams-channel-post-api-key",
  "«fullname» posted in Fleet Ops › General: New Foxglove key for the data team: «S» (please store in vault, I'll delete this post)",
  "fox", "Fleet Ops › General")
S("bullet-note-wifi-and-pin",
  "Demo checklist:\n- batteries charged (6x)\n- GCS tablet PIN: «S»\n- spare props",
  "pin", "Demo checklist")


# ===========================================================================
# SECRETS: ci-and-deploy
# ===========================================================================
_group("ci-and-deploy")
S("github-actions-env-hardcoded-pat",
  "# .github/workflows/ota-release.yml\njobs:\n  release:\n    runs-on: ubuntu-24.04\n    env:\n      MENDER_SERVER_URL: https://«host»\n      MENDER_PAT: «S»\n    steps:\n      - uses: actions/checkout@v4",
  "mender_jwt", "MENDER_SERVER_URL: https://«host»")
S("gitlab-ci-variables-block",
  "# .gitlab-ci.yml\nvariables:\n  KAS_MACHINE: «mach»\n  HAWKBIT_URL: https://«host»\n  HAWKBIT_PASSWORD: \"«S»\"\n\nbuild:\n  stage: build\n  script: kas build kas/${KAS_MACHINE}.yml",
  "pwx", "KAS_MACHINE: «mach»")
S("jenkinsfile-sh-curl-u",
  "stage('Publish') {\n  steps {\n    sh \"curl -fsS -u ci:«S» -T build/${IMAGE}.wic.zst https://nexus.«dom»/repository/fw-raw/${BUILD_NUMBER}/\"\n  }\n}",
  "pw_shell", "stage('Publish')")
S("circleci-environment-balena-token",
  "# .circleci/config.yml\njobs:\n  deploy:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      BALENA_TOKEN: «S»\n    steps:\n      - run: npx balena-cli push «org»/field-drones",
  "balena", "cimg/node:20.11")
S("drone-ci-settings-password",
  "# .drone.yml\nsteps:\n- name: publish\n  image: plugins/docker\n  settings:\n    registry: registry.«dom»\n    repo: registry.«dom»/fleet/uplink\n    username: ci\n    password: «S»",
  "pw_shell", "image: plugins/docker")
S("buildkite-pipeline-env",
  "# .buildkite/pipeline.yml\nenv:\n  YOCTO_SSTATE_URL: \"https://sstate.«dom»\"\n  SSTATE_UPLOAD_TOKEN: \"«S»\"\nsteps:\n  - label: \":hammer: bitbake\"\n    command: ./ci/build.sh",
  "b62_40", "YOCTO_SSTATE_URL")
S("azure-pipelines-sp-login",
  "# azure-pipelines.yml\n- script: |\n    az login --service-principal -u «uuid» -p «S» --tenant «uuid#2»\n    az iot hub device-identity list -n «org»-hub -o table\n  displayName: 'List devices'",
  "az_cs", "displayName: 'List devices'")
S("dockerfile-arg-default-password",
  "# ci/Dockerfile.builder\nFROM crops/poky:ubuntu-22.04\nARG NEXUS_USER=ci\nARG NEXUS_PASSWORD=«S»\nRUN git config --global url.\"https://${NEXUS_USER}:${NEXUS_PASSWORD}@nexus.«dom»/\".insteadOf \"https://nexus.«dom»/\"",
  "pw_shell", "FROM crops/poky:ubuntu-22.04")
S("dockerfile-env-hawkbit-token",
  "FROM debian:bookworm-slim\nENV HAWKBIT_URL=https://«host» \\\n    HAWKBIT_GATEWAY_TOKEN=«S»\nCOPY provision.sh /usr/local/bin/",
  "hb_tok", "FROM debian:bookworm-slim")
S("docker-compose-prod-override",
  "# docker-compose.prod.yml\nservices:\n  grafana:\n    environment:\n      GF_SECURITY_ADMIN_PASSWORD: «S»\n      GF_SERVER_ROOT_URL: https://«host»",
  "pw_shell", "GF_SERVER_ROOT_URL: https://«host»")
S("k8s-deployment-env-value",
  "# k8s/uplink-deploy.yaml\n        env:\n          - name: FLEET_BROKER\n            value: mqtts://«host»:8883\n          - name: FLEET_BROKER_PASSWORD\n            value: \"«S»\"",
  "pwx", "value: mqtts://«host»:8883")
S("ci-script-helm-set-password",
  "  script:\n    - helm upgrade --install chirpstack ./charts/chirpstack -n «ns» --set postgresql.auth.password=«S» --set redis.enabled=true --wait",
  "pw_shell", "./charts/chirpstack")
S("tf-var-env-apply",
  "- name: Apply\n  run: TF_VAR_db_password='«S»' terraform apply -auto-approve -var-file=envs/prod.tfvars",
  "pw", "-var-file=envs/prod.tfvars")
S("ansible-extra-vars-inline",
  "ansible-playbook -i inventory/fleet.yml deploy-bridge.yml --limit «robot» -e \"mqtt_password=«S» mqtt_user=«user»\"",
  "pw_shell", "deploy-bridge.yml")
S("gha-run-log-token-unmasked",
  "Run ./scripts/upload_artifact.sh --server https://«host» --token «S»\n  ./scripts/upload_artifact.sh --server https://«host» --token «S»\n  shell: /usr/bin/bash -e {0}\nUploading fleet-«ver».mender (212 MB)...",
  "mender_jwt", "shell: /usr/bin/bash -e {0}")
S("gitlab-job-log-docker-login",
  "$ docker login -u gitlab-ci-token -p «S» registry.gitlab.«dom»\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
  "glcbt", "Login Succeeded")
S("gha-docker-login-action-with",
  "      - uses: docker/login-action@v3\n        with:\n          registry: registry.«dom»\n          username: ci-bot\n          password: «S»",
  "pw_shell", "docker/login-action@v3")
S("gradle-keystore-password-env",
  "- run: KEYSTORE_PASSWORD='«S»' KEY_ALIAS=gcs-release ./gradlew :app:assembleRelease",
  "pw", ":app:assembleRelease")
S("build-gradle-signing-config",
  "android {\n    signingConfigs {\n        release {\n            storeFile file(\"../keys/gcs-release.jks\")\n            storePassword \"«S»\"\n            keyAlias \"gcs-release\"\n            keyPassword \"«pwx»\"\n        }\n    }\n}",
  "pwx", "../keys/gcs-release.jks")
S("ci-mender-cli-upload-token",
  "  - mender-cli --server https://«host» --token-value «S» artifacts upload build/fleet-«ver».mender",
  "mender_jwt", "artifacts upload build/fleet-«ver».mender")
S("ci-balena-login-push",
  "    - run: balena login --token «S» && balena push «org»/warehouse-amr --source .",
  "balena", "balena push «org»/warehouse-amr")
S("ci-hawkbit-artifact-upload",
  "curl -fsS -u ci:«S» -F file=@build/«file» https://«host»/rest/v1/softwaremodules/«n3»/artifacts",
  "pw_shell", "/rest/v1/softwaremodules/«n3»/artifacts")
S("kas-env-git-credential",
  "# kas/ci.yml\nheader:\n  version: 14\nenv:\n  GITLAB_TOKEN: «S»\nrepos:\n  meta-fleet:\n    url: https://gitlab.«dom»/fw/meta-fleet.git",
  "glpat", "meta-fleet:")
S("ci-openssl-cms-sign-passin",
  "  - openssl cms -sign -in bundle/manifest.raucm -signer certs/ci.cert.pem -inkey certs/ci.key.pem -passin pass:«S» -outform DER -out manifest.sig",
  "pw_shell", "-outform DER -out manifest.sig")
S("ci-heredoc-ec-private-key",
  "    - |\n      cat > keys/root-ec-p256.pem <<'EOF'\n      -----BEGIN EC PRIVATE KEY-----\n«S»\n      -----END EC PRIVATE KEY-----\n      EOF\n    - imgtool sign --key keys/root-ec-p256.pem --header-size 0x200 --align 4 --version «ver» --slot-size 0x67000 zephyr.hex signed.hex",
  "pem_ec", "imgtool sign --key keys/root-ec-p256.pem")
S("cosign-password-env-sign",
  "- run: COSIGN_PASSWORD='«S»' cosign sign --key cosign.key --yes registry.«dom»/fleet/uplink@sha256:«hex64»",
  "pw_phrase", "registry.«dom»/fleet/uplink@sha256:«hex64»")
S("ci-pgp-private-key-block",
  "# ci/signing-key.asc  (imported by apt-repo job)\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n«S»\n-----END PGP PRIVATE KEY BLOCK-----",
  "pem_pgp", "imported by apt-repo job")
S("gha-npm-node-auth-token",
  "      - run: npm publish --access restricted\n        env:\n          NODE_AUTH_TOKEN: «S»",
  "npm", "npm publish --access restricted")
S("ci-twine-password-env",
  "publish:\n  script:\n    - TWINE_USERNAME=__token__ TWINE_PASSWORD=«S» twine upload dist/*",
  "pypi", "twine upload dist/*")
S("sonar-scanner-token-flag",
  "sonar-scanner -Dsonar.projectKey=«org»_fleet-agent -Dsonar.host.url=https://sonar.«dom» -Dsonar.token=«S»",
  "squ", "-Dsonar.projectKey=«org»_fleet-agent")
S("snyk-token-uuid-env",
  "  snyk:\n    image: snyk/snyk:docker\n    variables:\n      SNYK_TOKEN: «S»\n    script: snyk container test registry.«dom»/fleet/uplink:«ver»",
  "uuid", "image: snyk/snyk:docker")
S("codecov-token-uuid-with",
  "      - uses: codecov/codecov-action@v4\n        with:\n          token: «S»\n          files: build/coverage.xml",
  "uuid", "codecov/codecov-action@v4")
S("ci-slack-webhook-env",
  "notify:\n  stage: .post\n  variables:\n    SLACK_WEBHOOK: https://hooks.slack.com/services/T0«b62_8»/B0«b62_8#2»/«S»\n  script: ./ci/notify.sh \"$CI_PIPELINE_URL\"",
  "slackhook", "stage: .post")
S("discord-webhook-in-ci",
  "curl -H 'Content-Type: application/json' -d \"{\\\"content\\\": \\\"nightly «mach» image ready\\\"}\" https://discord.com/api/webhooks/«n6»«n6#2»«n6#3»/«S»",
  lambda c: _rs(68, _B64U), "nightly «mach» image ready")
S("teams-incoming-webhook-url",
  "TEAMS_WEBHOOK=https://«org».webhook.office.com/webhookb2/«uuid»@«uuid#2»/IncomingWebhook/«S»/«uuid#3»/V2«b62_20»",
  "hex32", "/IncomingWebhook/")
S("flux-bootstrap-github-token",
  "GITHUB_TOKEN=«S» flux bootstrap github --owner=«org» --repository=fleet-gitops --branch=main --path=clusters/hangar",
  "ghpat", "--repository=fleet-gitops")
S("argocd-repo-add-password",
  "argocd repo add https://gitlab.«dom»/ops/fleet-gitops.git --username argocd --password «S»",
  "glpat", "argocd repo add https://gitlab.«dom»/ops/fleet-gitops.git")
S("netlify-deploy-auth-flag",
  "- run: npx netlify deploy --prod --dir=docs/_build/html --site «uuid» --auth «S»",
  "nfp", "--dir=docs/_build/html")
S("fly-api-token-env",
  "      - run: flyctl deploy --remote-only\n        env:\n          FLY_API_TOKEN: «S»",
  "flyv1", "flyctl deploy --remote-only")
S("wrangler-cloudflare-token",
  "CLOUDFLARE_API_TOKEN=«S» npx wrangler deploy --env production   # tiles worker",
  "cf", "npx wrangler deploy --env production")
S("doctl-auth-init-t",
  "  - doctl auth init -t «S» && doctl kubernetes cluster kubeconfig save fleet-ams3",
  "dop", "doctl kubernetes cluster kubeconfig save fleet-ams3")
S("codebuild-buildspec-plaintext-env",
  "# buildspec.yml\nversion: 0.2\nenv:\n  variables:\n    OTA_BUCKET: «bucket»\n    OTA_SIGNING_PASSPHRASE: \"«S»\"\nphases:\n  build:\n    commands:\n      - ./ci/sign_and_upload.sh",
  "pw_phrase", "OTA_BUCKET: «bucket»")
S("bitbucket-pipelines-app-password",
  "# bitbucket-pipelines.yml\n- pipe: atlassian/scp-deploy:1.5.0\n  variables:\n    USER: deploy\n    SERVER: «ip»\n    REMOTE_PATH: /srv/ota/\n    LOCAL_PATH: build/*.swu\n    PASSWORD: «S»",
  "pw_shell", "atlassian/scp-deploy:1.5.0")
S("gha-output-echo-token",
  "      - id: auth\n        run: echo \"token=«S»\" >> \"$GITHUB_OUTPUT\"",
  "ghs", "$GITHUB_OUTPUT")
S("jenkins-job-config-xml-default",
  "<hudson.model.StringParameterDefinition>\n  <name>OTA_TOKEN</name>\n  <defaultValue>«S»</defaultValue>\n  <trim>true</trim>\n</hudson.model.StringParameterDefinition>",
  "b62_32", "<name>OTA_TOKEN</name>")
S("packer-ssh-password-json",
  "{\n  \"builders\": [{\n    \"type\": \"arm\",\n    \"file_urls\": [\"https://«host»/images/«mach».img.xz\"],\n    \"ssh_username\": \"pi\",\n    \"ssh_password\": \"«S»\"\n  }]\n}",
  "pwx", "\"type\": \"arm\"")
S("systemd-unit-environment-deployed",
  "# deployed to /etc/systemd/system/uplink.service by ansible\n[Service]\nEnvironment=\"MQTT_URL=mqtts://«host»:8883\"\nEnvironment=\"MQTT_PASSWORD=«S»\"\nExecStart=/usr/local/bin/uplink",
  "pwx", "ExecStart=/usr/local/bin/uplink")
S("balena-yml-env-default",
  "# docker-compose.yml (balena)\nservices:\n  uplink:\n    build: ./uplink\n    environment:\n      - FOXGLOVE_API_KEY=«S»\n    labels:\n      io.balena.features.dbus: '1'",
  "fox", "io.balena.features.dbus")
S("az-dps-enrollment-primary-key",
  "az iot dps enrollment-group create -g fleet-rg --dps-name «org»-dps --enrollment-id field-drones --primary-key «S» --secondary-key «az_sak»",
  "az_sak", "--enrollment-id field-drones")
S("gha-ssh-key-input-openssh",
  "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n            -----END OPENSSH PRIVATE KEY-----",
  "pem_openssh", "webfactory/ssh-agent@v0.9.0")
S("pulumi-config-set-plaintext",
  "pulumi config set --plaintext fleet:brokerPassword «S» --stack prod",
  "pw_shell", "--stack prod")
S("kustomize-secretgenerator-literals",
  "# kustomization.yaml\nsecretGenerator:\n  - name: ntrip-creds\n    literals:\n      - username=«user»\n      - password=«S»",
  "pw_shell", "name: ntrip-creds")
S("nomad-job-env-block",
  "job \"uplink\" {\n  group \"edge\" {\n    task \"uplink\" {\n      env {\n        BROKER      = \"«host»\"\n        BROKER_PASS = \"«S»\"\n      }\n    }\n  }\n}",
  "pwx", "job \"uplink\"")
S("consul-kv-put-password",
  "consul kv put fleet/mqtt/password «S»",
  "pw_shell", "consul kv put fleet/mqtt/password")
S("salt-pillar-mqtt-password",
  "# pillar/fleet/mqtt.sls\nmqtt:\n  broker: «host»\n  user: «user»\n  password: «S»",
  "pw_shell", "pillar/fleet/mqtt.sls")
S("fastlane-match-password",
  "- run: MATCH_PASSWORD='«S»' bundle exec fastlane ios beta  # GCS iPad app",
  "pw", "bundle exec fastlane ios beta")
S("gradle-publish-p-flag",
  "./gradlew publish -PnexusUsername=ci -PnexusPassword=«S» -Pversion=«ver»",
  "pw_shell", "-Pversion=«ver»")
S("makefile-deploy-target-curl",
  "# Makefile\ndeploy-rig:\n\tcurl -fsS -u admin:«S» -X POST https://«host»/api/rigs/reload\n\tssh tester@«ip» 'sudo systemctl restart rig-agent'",
  "pw_shell", "deploy-rig:")
S("justfile-token-variable",
  "# justfile\ntoken := \"«S»\"\nflash dev:\n    fleetctl flash --device {{dev}} --token {{token}} build/zephyr/zephyr.signed.bin",
  "b62_40", "fleetctl flash --device {{dev}}")
S("gha-services-postgres-password",
  "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']",
  "pw_shell", "image: postgres:16")
S("woodpecker-step-env-secret",
  "# .woodpecker/release.yml\nsteps:\n  - name: upload\n    image: alpine/curl\n    environment:\n      SWU_UPLOAD_KEY: «S»\n    commands:\n      - curl -H \"X-Upload-Key: $SWU_UPLOAD_KEY\" -T out/update.swu https://«host»/upload",
  "b62_32", "image: alpine/curl")
S("tekton-task-param-default",
  "  params:\n    - name: registry-password\n      type: string\n      default: \"«S»\"\n    - name: image\n      default: registry.«dom»/fleet/rig-agent",
  "pwx", "name: registry-password")
S("gh-secret-set-body-flag",
  "gh secret set HAWKBIT_TOKEN --repo «org»/fleet-ota --body \"«S»\"",
  "hb_tok", "gh secret set HAWKBIT_TOKEN --repo «org»/fleet-ota")
S("ci-cloud-init-passwd-hash-and-plain",
  "# ci/templates/user-data.yaml.j2\n#cloud-config\nusers:\n  - name: fieldtech\n    plain_text_passwd: «S»\n    lock_passwd: false\n    groups: [dialout, video]",
  "pw_shell", "groups: [dialout, video]")


# ===========================================================================
# SECRETS: vendor-token
# ===========================================================================
_group("vendor-token")
S("github-classic-pat-env-line",
  "GITHUB_TOKEN=«S»  # used by scripts/fetch_px4_release.sh", "ghp",
  "scripts/fetch_px4_release.sh")
S("github-oauth-gh-hosts-yml",
  "# ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        «uname»:\n    oauth_token: «S»\n    git_protocol: ssh\n    user: «uname»",
  "gho", "git_protocol: ssh")
S("github-fine-grained-pat-note",
  "fine-grained PAT for the release bot (contents:write on «org»/fleet-firmware only): «S»",
  "ghpat", "«org»/fleet-firmware")
S("github-app-installation-token-log",
  "«ts» release-bot: minted installation token «S» (expires in 3600s) for «org»",
  "ghs", "release-bot: minted installation token")
S("github-user-to-server-token",
  "{\"access_token\":\"«S»\",\"expires_in\":28800,\"refresh_token\":\"ghr_«b62_40»\",\"token_type\":\"bearer\",\"scope\":\"\"}",
  "ghu", "\"token_type\":\"bearer\"")
S("gitlab-pat-private-token-header",
  "curl --header \"PRIVATE-TOKEN: «S»\" \"https://gitlab.«dom»/api/v4/projects/«n3»/pipelines?ref=«branch»\"",
  "glpat", "/api/v4/projects/«n3»/pipelines")
S("gitlab-runner-auth-token-register",
  "gitlab-runner register --non-interactive --url https://gitlab.«dom» --token «S» --executor docker --docker-image crops/poky:ubuntu-22.04",
  "glrt", "--executor docker")
S("gitlab-deploy-token-helm-repo",
  "helm repo add fleet-charts https://gitlab.«dom»/api/v4/projects/«n3»/packages/helm/stable --username fleet-deploy --password «S»",
  "gldt", "helm repo add fleet-charts")
S("slack-bot-token-env",
  "SLACK_BOT_TOKEN=«S»\nSLACK_CHANNEL=«chan»",
  "xoxb", "SLACK_CHANNEL=«chan»")
S("slack-user-token-curl",
  "curl -s -H 'Authorization: Bearer «S»' 'https://slack.com/api/conversations.history?channel=C0«b62_8»&limit=20'",
  "xoxp", "conversations.history")
S("slack-app-level-socket-token",
  "SLACK_APP_TOKEN=«S»  # socket mode for the rig-alerts bot",
  "xapp", "socket mode for the rig-alerts bot")
S("slack-incoming-webhook-url",
  "alert_webhook: https://hooks.slack.com/services/T0«b62_8»/B0«b62_8#2»/«S»",
  "slackhook", "alert_webhook:")
S("aws-key-pair-note-slash",
  "AWS for the log-archive bucket: «akid» / «S» (IAM user logship, s3:PutObject only)",
  "aws_sk", "IAM user logship")
S("stripe-live-secret-key",
  "STRIPE_SECRET_KEY=«S»  # spare-parts webshop", "stripe_sk",
  "spare-parts webshop")
S("stripe-restricted-key-yaml",
  "billing:\n  provider: stripe\n  restricted_key: «S»", "stripe_rk",
  "provider: stripe")
S("stripe-webhook-signing-secret",
  "STRIPE_WEBHOOK_SECRET=«S»", "whsec", "STRIPE_WEBHOOK_SECRET")
S("twilio-auth-token-pair",
  "TWILIO_ACCOUNT_SID=AC«hex32»\nTWILIO_AUTH_TOKEN=«S»\nTWILIO_FROM=+1555«n6»1",
  "hex32", "TWILIO_ACCOUNT_SID=AC«hex32»")
S("sendgrid-api-key-env",
  "SENDGRID_API_KEY=«S»", "sg", "SENDGRID_API_KEY")
S("openai-project-key-export",
  "export OPENAI_API_KEY=\"«S»\"   # log-summariser experiment", "openai",
  "log-summariser experiment")
S("anthropic-api-key-dotenv",
  "ANTHROPIC_API_KEY=«S»\nTRIAGE_MODEL=claude-sonnet", "anthropic",
  "TRIAGE_MODEL=claude-sonnet")
S("google-maps-api-key-xml",
  "<meta-data android:name=\"com.google.android.geo.API_KEY\" android:value=\"«S»\"/>",
  "aiza", "com.google.android.geo.API_KEY")
S("google-oauth-client-secret-json",
  "{\"installed\":{\"client_id\":\"«n6»«n6#2»-«b62_20».apps.googleusercontent.com\",\"project_id\":\"«org»-fleet\",\"client_secret\":\"«S»\",\"redirect_uris\":[\"http://localhost\"]}}",
  "gocspx", "\"project_id\":\"«org»-fleet\"")
S("gcp-service-account-json-private-key",
  "{\n  \"type\": \"service_account\",\n  \"project_id\": \"«org»-fleet\",\n  \"private_key_id\": \"«hex40»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"ota-signer@«org»-fleet.iam.gserviceaccount.com\"\n}",
  lambda c: _pem_pkcs8().replace("\n", "\\n"), "ota-signer@«org»-fleet.iam.gserviceaccount.com")
S("npm-automation-token-npmrc",
  "//registry.npmjs.org/:_authToken=«S»", "npm", "//registry.npmjs.org/")
S("pypi-api-token-pypirc",
  "[pypi]\n  username = __token__\n  password = «S»", "pypi", "username = __token__")
S("dockerhub-pat-login",
  "docker login -u «uname» -p «S»   # dockerhub, pull-only", "dckr",
  "dockerhub, pull-only")
S("huggingface-token-env",
  "HF_TOKEN=«S»  # for pulling the detector weights",
  "hf", "pulling the detector weights")
S("digitalocean-pat-tfvars",
  "do_token = \"«S»\"", "dop", "do_token")
S("vault-service-token-env",
  "VAULT_ADDR=https://vault.«dom»:8200\nVAULT_TOKEN=«S»", "hvs",
  "VAULT_ADDR=https://vault.«dom»:8200")
S("terraform-cloud-credentials-tfrc",
  "# ~/.terraform.d/credentials.tfrc.json\n{\"credentials\":{\"app.terraform.io\":{\"token\":\"«S»\"}}}",
  "tfc", "app.terraform.io")
S("grafana-service-account-token",
  "curl -H \"Authorization: Bearer «S»\" https://«host»/api/dashboards/uid/fleet-health",
  "glsa", "/api/dashboards/uid/fleet-health")
S("grafana-cloud-access-policy-token",
  "GRAFANA_CLOUD_TOKEN=«S»", "glc",
  "GRAFANA_CLOUD_TOKEN")
S("tailscale-auth-key-cloud-init",
  "runcmd:\n  - tailscale up --auth-key=«S» --ssh", "tskey", "--ssh")
S("linear-api-key-header",
  "curl -H 'Authorization: «S»' -H 'Content-Type: application/json' https://api.linear.app/graphql -d @query.json",
  "lin", "https://api.linear.app/graphql")
S("atlassian-api-token-basic-user",
  "JIRA_USER=«email»\nJIRA_API_TOKEN=«S»", "atatt", "JIRA_USER=«email»")
S("postman-api-key-header",
  "X-Api-Key: «S»", "pmak", "X-Api-Key")
S("newrelic-user-api-key",
  "NEW_RELIC_API_KEY=«S»", "nrak", "NEW_RELIC_API_KEY")
S("datadog-api-key-agent-yaml",
  "# /etc/datadog-agent/datadog.yaml\napi_key: «S»\nsite: datadoghq.eu\nhostname: «robot»",
  "hex32", "site: datadoghq.eu")
S("cloudflare-api-token-bearer",
  "curl -H \"Authorization: Bearer «S»\" https://api.cloudflare.com/client/v4/user/tokens/verify",
  "cf", "/client/v4/user/tokens/verify")
S("mailgun-api-key-basic",
  "curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«dom»/messages -F to=ops@«dom» -F subject='rig «n2» failed'",
  "mailgun", "https://api.eu.mailgun.net/v3/mg.«dom»/messages")
S("mapbox-secret-token-env",
  "MAPBOX_SECRET_TOKEN=«S»  # tilesets:write", "mapbox_sk",
  "tilesets:write")
S("azure-storage-connection-string",
  "DefaultEndpointsProtocol=https;AccountName=«org»logs;AccountKey=«S»;EndpointSuffix=core.windows.net",
  "az_key", "AccountName=«org»logs")
S("azure-sas-token-query",
  "?sv=2022-11-02&ss=bfqt&srt=sco&sp=rwdlacupiytfx&se=2026-01-01T00:00:00Z&st=2025-01-01T00:00:00Z&spr=https&sig=«S»",
  "az_sig", "sp=rwdlacupiytfx")
S("azure-iothub-owner-connection-string",
  "IOTHUB_CONNECTION_STRING=\"HostName=«org»-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=«S»\"",
  "az_sak", "SharedAccessKeyName=iothubowner")
S("azure-ad-client-secret",
  "AZURE_CLIENT_ID=«uuid»\nAZURE_TENANT_ID=«uuid#2»\nAZURE_CLIENT_SECRET=«S»",
  "az_cs", "AZURE_TENANT_ID=«uuid#2»")
S("particle-access-token-query",
  "https://api.particle.io/v1/devices/«hex24»/events?access_token=«S»",
  "particle", "https://api.particle.io/v1/devices/«hex24»/events")
S("ttn-api-key-bearer",
  "Authorization: Bearer «S»", "ttn", "Authorization: Bearer")
S("nats-nkey-seed-bare",
  "seed for «robot» (account FLEET): «S»", "nkey_seed",
  "account FLEET")
S("age-secret-key-sops-env",
  "SOPS_AGE_KEY=«S»", "age_key", "SOPS_AGE_KEY")
S("k8s-bootstrap-token-kubeadm-yaml",
  "apiVersion: kubeadm.k8s.io/v1beta3\nkind: JoinConfiguration\ndiscovery:\n  bootstrapToken:\n    apiServerEndpoint: «ip»:6443\n    token: «S»\n    unsafeSkipCAVerification: true",
  "k8s_boot", "kind: JoinConfiguration")
S("sentry-org-auth-token-sentryclirc",
  "# .sentryclirc\n[auth]\ntoken=«S»\n[defaults]\norg=«org»\nproject=gcs-app",
  "sntrys", "project=gcs-app")
S("sonarqube-project-token",
  "SONAR_TOKEN=«S»", "sqp", "SONAR_TOKEN")
S("jfrog-reference-token",
  "curl -H \"Authorization: Bearer «S»\" https://«org».jfrog.io/artifactory/api/repositories",
  "jfrog", "/artifactory/api/repositories")
S("artifactory-legacy-api-key",
  "X-JFrog-Art-Api: «S»", "akcp", "X-JFrog-Art-Api")
S("azure-devops-pat-git-url",
  "git clone https://build:«S»@dev.azure.com/«org»/Fleet/_git/ground-station",
  "ado_pat", "dev.azure.com/«org»/Fleet/_git/ground-station")
S("discord-bot-token-header",
  "Authorization: Bot «S»", "discord", "Authorization: Bot")
S("telegram-bot-token-env",
  "TELEGRAM_BOT_TOKEN=«S»", "telegram",
  "TELEGRAM_BOT_TOKEN")
S("ngrok-yml-authtoken",
  "# ~/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: «S»", "ngrok",
  "version: \"2\"")
S("doppler-service-token",
  "DOPPLER_TOKEN=«S» doppler run -- ./uplink", "doppler",
  "doppler run -- ./uplink")
S("pulumi-access-token-env",
  "PULUMI_ACCESS_TOKEN=«S»", "pulumi",
  "PULUMI_ACCESS_TOKEN")
S("databricks-pat-cfg",
  "[DEFAULT]\nhost  = https://adb-«n6»«n6#2».«n2».azuredatabricks.net\ntoken = «S»",
  "dapi", "[DEFAULT]")
S("okta-api-token-ssws",
  "Authorization: SSWS «S»", "okta", "Authorization: SSWS")
S("figma-pat-header",
  "X-Figma-Token: «S»", "figma", "X-Figma-Token")
S("notion-integration-token",
  "NOTION_TOKEN=«S»  # flight-test log database",
  "notion", "flight-test log database")
S("airtable-pat-bearer",
  "curl https://api.airtable.com/v0/app«b62_12»/Batteries -H \"Authorization: Bearer «S»\"",
  "airtable", "https://api.airtable.com/v0/app«b62_12»/Batteries")
S("circleci-personal-token",
  "CIRCLECI_TOKEN=«S»", "ccipat", "CIRCLECI_TOKEN")
S("buildkite-agent-api-token",
  "BUILDKITE_API_TOKEN=«S»", "bkua",
  "BUILDKITE_API_TOKEN")
S("supabase-access-token",
  "SUPABASE_ACCESS_TOKEN=«S» supabase db push", "sbp", "supabase db push")
S("planetscale-password-dsn",
  "mysql://«b62_12»:«S»@aws.connect.psdb.cloud/rigs?sslaccept=strict",
  "pscale", "aws.connect.psdb.cloud/rigs")
S("balena-api-key-sdk-login",
  "await balena.auth.loginWithToken('«S»');", "balena",
  "balena.auth.loginWithToken")
S("foxglove-api-key-cli",
  "foxglove auth configure-api-key --api-key «S»", "fox",
  "foxglove auth configure-api-key")
S("hawkbit-gateway-token-ddi-header",
  "Authorization: GatewayToken «S»", "hb_tok",
  "Authorization: GatewayToken")
S("mender-pat-bearer-header",
  "Authorization: Bearer «S»", "mender_jwt", "Authorization: Bearer")
S("wandb-api-key-netrc",
  "machine api.wandb.ai\n  login user\n  password «S»", "wandb",
  "machine api.wandb.ai")
S("pagerduty-routing-key-events",
  "{\"routing_key\": \"«S»\", \"event_action\": \"trigger\", \"payload\": {\"summary\": \"«drone» lost GPS\", \"severity\": \"critical\", \"source\": \"gcs\"}}",
  "pd_key", "\"event_action\": \"trigger\"")
S("opsgenie-genie-key-header",
  "Authorization: GenieKey «S»", "uuid", "Authorization: GenieKey")
S("heroku-api-key-netrc",
  "machine api.heroku.com\n  login «email»\n  password «S»", "uuid",
  "machine api.heroku.com")
S("alibaba-accesskey-pair",
  "ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI5t«b62_12»«b62_8»\nALIBABA_CLOUD_ACCESS_KEY_SECRET=«S»",
  "alibaba_sk", "ALIBABA_CLOUD_ACCESS_KEY_ID")
S("vercel-token-cli-flag",
  "vercel deploy --prod --token «S»", "vercel", "vercel deploy --prod")
S("render-api-key-bearer",
  "RENDER_API_KEY=«S»", "render_tok", "RENDER_API_KEY")
S("nrf-cloud-api-key-bearer",
  "curl -H \"Authorization: Bearer «S»\" https://api.nrfcloud.com/v1/devices?pageLimit=20",
  "hex40", "https://api.nrfcloud.com/v1/devices")
S("mavlink-signing-key-hex-note",
  "MAVLink2 signing key for airframe «drone» (hex, 32 bytes): «S»",
  "hex64", "MAVLink2 signing key for airframe «drone»")
S("esphome-api-encryption-key",
  "api:\n  encryption:\n    key: \"«S»\"", "esp_key", "encryption:")


# ===========================================================================
# BENIGN look-alikes
# ===========================================================================
_PLAIN = ["the quick brown fox jumps over the lazy dog",
          "hangar door opens at 07:00", "fleet telemetry v2 schema",
          "hello from rig 7", "calibration complete", "motd: authorised use only",
          "battery cycle report", "welcome to the field laptop",
          "ROS 2 Jazzy bringup", "return to launch enabled"]
GEN.update({
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(43, _B64),
    "pubpem": lambda: _wrap("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE" +
                            _rs(88, _B64), 64),
    "certpem": lambda: _wrap("MIIB" + _rs(_R.randint(560, 640), _B64) + "=",
                             64),
    "fp": lambda: _rs(43, _B64.replace("/", "").replace("+", "")),
    "colonhex": lambda: ":".join(_rs(2, _HEXU) for _ in range(32)),
    "b64text": lambda: _b64(_pick(_PLAIN) + " " + str(_R.randint(1, 999))),
    "sealed": lambda: "AgB" + _rs(_R.randint(300, 380), _B64) + "==",
    "ecdsa_host": lambda: "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB"
                          + _rs(87, _B64) + "=",
    "xs": lambda: "x" * _pick([8, 12, 16, 20, 32, 36, 40]),
    "stars": lambda: "*" * _pick([6, 8, 10, 12, 16]),
    "ph": lambda: _pick(["<your-token>", "<YOUR_API_KEY>", "<password>",
                         "REPLACE_ME", "${TOKEN}", "{{ token }}", "CHANGE_ME",
                         "<set-in-vault>", "REDACTED", "[REDACTED]",
                         "<redacted>", "$SECRET", "%(password)s",
                         "@@TOKEN@@", "TODO", "<paste here>"]),
    "envname": lambda: _pick(["MQTT_PASSWORD", "HAWKBIT_TOKEN", "MENDER_PAT",
                              "BALENA_TOKEN", "FLEET_API_KEY", "NTRIP_PASS",
                              "WIFI_PSK", "DDS_KEYSTORE_PASSWORD",
                              "OTA_SIGNING_PASSPHRASE", "INFLUX_TOKEN",
                              "GITHUB_TOKEN", "CI_JOB_TOKEN",
                              "AWS_SECRET_ACCESS_KEY", "REGISTRY_PASSWORD"]),
    "vaultpath": lambda: "secret/%s/%s/%s" % (
        _pick(["fleet", "ci", "factory", "lab", "ota"]), _pick(_NS),
        _pick(["mqtt", "hawkbit", "mender", "ntrip", "wifi", "signing",
               "grafana", "influx", "registry"])),
    "sname": lambda: _pick(["mender-db", "uplink-mqtt", "hawkbit-gw",
                            "chirpstack-pg", "registry-pull", "ntrip-creds",
                            "grafana-admin", "sros2-keystore"]),
})

_group("command")
B("git checkout «hex40»", 4)
B("git cherry-pick -x «hex7» «hex7#2»", 4)
B("docker pull registry.«dom»/fleet/uplink@sha256:«hex64»", 4)
B("sha256sum build/tmp/deploy/images/«mach»/«file» > «file».sha256", 4)
B("export MQTT_PASSWORD=\"$(vault kv get -field=password «vaultpath»)\"", 4)
B("export HAWKBIT_TOKEN=\"${HAWKBIT_TOKEN:?set HAWKBIT_TOKEN first}\" && ./provision.sh «dev»", 4)
B("curl -sS -H \"Authorization: Bearer $MENDER_TOKEN\" 'https://«host»/api/management/v1/inventory/devices?per_page=«n2»'", 4)
B("mosquitto_pub -h «host» -u «user» -P \"$MQTT_PASS\" -t «topic» -m ping", 4)
B("docker login registry.«dom» -u «user» --password-stdin < ~/.secrets/registry-«user»", 3)
B("ssh-keygen -lf ~/.ssh/id_ed25519.pub", 1)
B("gpg --keyserver hkps://keys.openpgp.org --recv-keys «HEX40»", 3)
B("aws secretsmanager get-secret-value --secret-id fleet/«ns»/mqtt --query SecretString --output text | jq -r .password > /run/fleet/pw", 3)
B("bitbake -c cleansstate «recipe» && bitbake «recipe»", 4)
B("west build -b «board» app -p -- -DCONFIG_APP_VERSION=\\\"«ver»\\\"", 4)
B("ros2 security create_enclave ~/sros2_keystore /fleet/«robot»", 4)
B("mender-artifact write rootfs-image -t «mach» -n release-«ver» -f rootfs.ext4 -o fleet-«ver».mender -k keys/artifact-signing.key", 4)
B("openssl x509 -in certs/«dev».crt -noout -fingerprint -sha256", 3)
B("pass insert -m lab/«word»/admin", 3)
B("kubectl -n «ns» get secret «sname» -o jsonpath='{.data}' | jq 'keys'", 4)
B("imgtool sign --key keys/root-ec-p256.pem --header-size 0x200 --align 8 --version «ver» --slot-size 0x60000 zephyr.hex zephyr.signed.hex", 3)
B("sops -d --extract '[\"mqtt\"][\"password\"]' secrets/«robot».enc.yaml > /dev/null && echo decrypt-ok", 3)
B("PGPASSWORD=$(cat /run/secrets/pg_password) psql -h «host» -U «user» «db» -c 'select 1'", 4)
B("ssh -i ~/.ssh/fieldlaptop_ed25519 -J bastion.«dom» «user»@«ip»", 4)
B("picocom -b 115200 «tty»", 3)
B("openocd -f interface/stlink.cfg -f target/stm32h7x.cfg -c 'program build/fw-main.elf verify reset exit'", 1)
B("echo «uuid» | sudo tee /etc/fleet/device-id", 3)
B("mender-cli login --server https://«host» --username «email»   # prompts for the password", 3)
B("vault kv put «vaultpath» password=@/tmp/newpw.txt && shred -u /tmp/newpw.txt", 3)
B("git log --format='%H %an %s' «hex40»..HEAD -- recipes-core/", 3)
B("curl -fsSL https://«host»/keys/fleet-release.pub.asc | gpg --import", 3)
B("sudo mosquitto_passwd -c /etc/mosquitto/passwd «user»   # interactive prompt", 3)
B("export ROS_SECURITY_KEYSTORE=~/sros2_keystore ROS_SECURITY_ENABLE=true ROS_SECURITY_STRATEGY=Enforce", 1)
B("sudo tailscale up --auth-key=file:/etc/tailscale/authkey --hostname=«robot»", 3)
B("balena env add MQTT_PASS \"$MQTT_PASS\" --fleet «org»/field-drones", 3)
B("wpa_cli -i wlan0 set_network 0 psk \"\\\"$WIFI_PSK\\\"\" && wpa_cli -i wlan0 enable_network 0", 1)
B("fw_setenv bootcount 0 && fw_printenv upgrade_available", 1)
B("ansible-playbook -i inventory/robots.ini site.yml --ask-vault-pass -l «robot»", 3)
B("export «envname»=\"«ph»\"", 6)
B("git show «hex7»:meta-fleet/conf/layer.conf | grep LAYERSERIES", 3)
B("python3 -c 'import secrets; print(secrets.token_urlsafe(32))' | vault kv put «vaultpath» token=-", 3)

_group("tool-output")
B("$ git log --oneline -3\n«hex7» ota: retry on 503 from hawkbit\n«hex7#2» dds: enable governance signing\n«hex7#3» ci: bump kas to 4.5", 4)
B("$ docker images --digests | grep uplink\nregistry.«dom»/fleet/uplink   «ver»   sha256:«hex64»   «hex12»   3 days ago   182MB", 4)
B("$ sha256sum «file»\n«hex64»  «file»", 5)
B("$ kubectl -n «ns» get secrets\nNAME              TYPE                             DATA   AGE\n«sname»         Opaque                           2      «n2»d\nregistry-pull     kubernetes.io/dockerconfigjson   1      «n3»d", 4)
B("$ env | grep -i pass\nMQTT_PASSWORD=«stars»\nRIG_PASSWORD_FILE=/run/secrets/rig", 4)
B("$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:«fp» «uname»@fsl-«n2» (ED25519)", 4)
B("$ gpg --list-keys release@«dom»\npub   ed25519 2024-0«n2»-01 [SC]\n      «HEX40»\nuid           [ultimate] Fleet Release Signing <release@«dom»>", 3)
B("$ nmcli -f 802-11-wireless-security connection show «ssid»\n802-11-wireless-security.key-mgmt:       wpa-psk\n802-11-wireless-security.psk:            <hidden>\n802-11-wireless-security.psk-flags:      0 (none)", 3)
B("$ vault kv metadata get «vaultpath»\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       «ts»\ncurrent_version    «n2»\nmax_versions       0", 4)
B("$ docker inspect fleet-db --format '{{json .Config.Env}}'\n[\"POSTGRES_PASSWORD_FILE=/run/secrets/pg_password\",\"POSTGRES_DB=«db»\",\"PGDATA=/var/lib/postgresql/data\"]", 3)
B("$ cat /etc/machine-id\n«hex32»", 4)
B("$ balena devices --fleet «org»/warehouse-amr\nID      UUID    DEVICE NAME  DEVICE TYPE              STATUS  OS VERSION\n«n6»  «hex7»  «robot»       jetson-orin-nano-devkit  Idle    balenaOS 5.3.«n2»", 4)
B("$ ros2 security list_enclaves ~/sros2_keystore\n/fleet/«robot»\n/fleet/«robot#2»\n/fleet/gcs", 3)
B("$ openssl x509 -in certs/«dev».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«colonhex»", 4)
B("$ mender-artifact read fleet-«ver».mender\nMender artifact:\n  Name: release-«ver»\n  Format: mender\n  Version: 3\n  Signature: signed and verified correctly\n  Compatible devices: [«mach»]\n  Files:\n    checksum: «hex64»", 4)
B("$ git rev-parse HEAD\n«hex40»", 4)
B("$ bitbake -e «recipe» | grep ^SRCREV=\nSRCREV=\"«hex40»\"", 4)
B("$ west list\nmanifest     zephyr-app   HEAD                     N/A\nzephyr       zephyr       «hex12»             https://github.com/zephyrproject-rtos/zephyr", 3)
B("$ ip link show wlan0\n3: wlan0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP\n    link/ether «mac» brd ff:ff:ff:ff:ff:ff", 3)
B("$ printenv | grep -E 'TOKEN|KEY'\nHAWKBIT_TOKEN_FILE=/etc/fleet/hawkbit.token\nFLEET_API_KEY=\nSSH_AUTH_SOCK=/run/user/1000/keyring/ssh", 2)
B("$ cat ~/.docker/config.json\n{\n  \"auths\": {\n    \"registry.«dom»\": {}\n  },\n  \"credsStore\": \"secretservice\"\n}", 3)
B("$ pip hash dist/fleet_uplink-«ver».tar.gz\ndist/fleet_uplink-«ver».tar.gz:\n--hash=sha256:«hex64»", 3)
B("$ lsusb -v -d 0483:374e 2>/dev/null | grep iSerial\n  iSerial                 3 «HEX16»", 3)
B("$ hawkbit-cli targets list --limit 2\ncontrollerId=«dev» securityToken=«stars» updateStatus=in_sync\ncontrollerId=«dev#2» securityToken=«stars» updateStatus=pending", 3)
B("$ sudo wg show wg0\ninterface: wg0\n  public key: «wgpub»\n  private key: (hidden)\n  listening port: 51820", 4)
B("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA«b62_12»«b62_8»\",\n    \"Account\": \"«n6»«n6#2»\",\n    \"Arn\": \"arn:aws:iam::«n6»«n6#2»:user/ci-ota\"\n}", 3)
B("$ uuidgen\n«uuid»", 3)
B("$ journalctl -u fleet-agent -n 2\n«date» «hms» «robot» fleet-agent[«pid»]: config loaded from /etc/fleet/agent.toml (token from $FLEET_API_TOKEN_FILE)\n«date» «hms» «robot» fleet-agent[«pid»]: heartbeat ok, boot_id=«hex32»", 3)
B("$ echo «b64text» | base64 -d\n(decoded banner text)", 4)
B("$ vault token lookup\nKey                 Value\n---                 -----\naccessor            «b62_20»\ndisplay_name        oidc-«uname»\npolicies            [default fleet-ro]\nttl                 7h59m", 3)
B("$ kubectl get sealedsecret -n «ns»\nNAME             STATUS   SYNCED   AGE\n«sname»        Synced   True     «n2»d", 3)

_group("config-file")
B("mqtt:\n  host: «host»\n  port: 8883\n  username: «user»\n  password: ${MQTT_PASSWORD}", 4)
B("broker:\n  password_file: /run/secrets/mqtt_password\n  tls_ca: /etc/fleet/ca.crt", 2)
B("env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: «sname»\n        key: password", 4)
B("api_key: \"«ph»\"\nendpoint: https://«host»/v2", 5)
B("network={\n    ssid=\"«ssid»\"\n    psk=\"@WIFI_PSK@\"\n    key_mgmt=WPA-PSK\n}", 3)
B("SRCREV = \"«hex40»\"\nPV = \"«ver»+git${SRCPV}\"", 4)
B("SRC_URI[sha256sum] = \"«hex64»\"", 4)
B("CONFIG_BOOT_SIGNATURE_KEY_FILE=\"bootloader/mcuboot/root-ec-p256.pem\"\nCONFIG_BOOT_SIGNATURE_TYPE_ECDSA_P256=y", 1)
B("<property>\n  <name>dds.sec.auth.builtin.PKI-DH.identity_ca</name>\n  <value>file://keystore/public/identity_ca.cert.pem</value>\n</property>", 1)
B("listener 8883\ncafile /etc/mosquitto/ca.crt\ncertfile /etc/mosquitto/«host».crt\npassword_file /etc/mosquitto/passwd\nallow_anonymous false", 3)
B("[security]\nadmin_user = admin\nadmin_password = $__file{/run/secrets/grafana_admin}", 1)
B("variable \"db_password\" {\n  type      = string\n  sensitive = true\n}", 1)
B("spring.datasource.username=hawkbit\nspring.datasource.password=${DB_PASSWORD:}", 1)
B("    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_DB: «db»", 3)
B("# .env.example\nMQTT_HOST=«host»\nMQTT_USER=\nMQTT_PASSWORD=\nHAWKBIT_TOKEN=<set-in-vault>", 3)
B("-----BEGIN PUBLIC KEY-----\n«pubpem»\n-----END PUBLIC KEY-----", 4)
B("-----BEGIN CERTIFICATE-----\n«certpem»\n-----END CERTIFICATE-----", 4)
B("ssh-ed25519 «sshpub» «uname»@fsl-«n2»", 5)
B("«ip» ecdsa-sha2-nistp256 «ecdsa_host»", 3)
B("[Peer]\nPublicKey = «wgpub»\nAllowedIPs = 10.99.0.«n2»/32\nPersistentKeepalive = 25", 4)
B("token = \"«ph»\"\nurl = \"https://«host»\"", 4)
B("password: \"«stars»\"   # masked by config dump", 3)
B("ansible_user: ubuntu\nansible_become_pass: \"{{ vault_become_pass }}\"", 1)
B("auth:\n  existingSecret: «sname»\n  secretKeys:\n    userPasswordKey: password", 3)
B("{\n  \"ServerURL\": \"https://«host»\",\n  \"ServerCertificate\": \"/etc/mender/server.crt\",\n  \"TenantToken\": \"\"\n}", 3)
B("[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1\n\n[connection]\nid=«ssid»\nuuid=«uuid»", 3)
B("{\n  \"dev_eui\": \"«devEUI»\",\n  \"join_eui\": \"«devEUI#2»\",\n  \"frequency_plan_id\": \"EU_863_870_TTN\"\n}", 3)
B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: «sname»\nspec:\n  encryptedData:\n    password: «sealed»", 2)
B("[client]\nhawkbit_server = «host»\nauth_token = ${HAWKBIT_TOKEN}\ntarget_name = «dev»", 3)
B("suricatta :\n{\n\turl = \"https://«host»\";\n\tgatewaytoken = \"@GATEWAY_TOKEN@\";\n};", 2)
B("BR2_TARGET_GENERIC_ROOT_PASSWD=\"\"\n# root login disabled; keys via BR2_ROOTFS_OVERLAY", 1)
B("CONFIG_APP_WIFI_PSK=\"\"  # set via overlay-secrets.conf (not committed)", 1)
B("inpstr2-path       =@caster.«dom»:2101/KNW«n2»  # creds from ntrip.secret", 3)
B("keyfile /etc/chrony/chrony.keys\nntsdumpdir /var/lib/chrony\nserver ntp.«dom» iburst nts", 3)
B("[default]\nregion = «region»\ncredential_process = /usr/local/bin/aws-vault exec fleet-ota --json", 3)
B("machine api.«dom»\n  login «user»\n  password ${NETRC_PASSWORD}", 2)
B("image: registry.«dom»/fleet/uplink@sha256:«hex64»\nimagePullSecrets:\n  - name: registry-pull", 3)
B("mender:\n  tenant_token_file: /data/mender/tenant.token\n  poll_interval_s: 1800", 1)

_group("source-code")
B("password = os.environ[\"MQTT_PASSWORD\"]\nclient.username_pw_set(user, password)", 1)
B("token = getpass.getpass(\"Hawkbit gateway token: \")", 1)
B("const char *psk = CONFIG_APP_WIFI_PSK;\nif (strlen(psk) == 0) { LOG_ERR(\"no PSK configured\"); return -EINVAL; }", 1)
B("if len(password) < «n2»:\n    raise ValueError(\"password must be at least %d characters\" % «n2»)", 3)
B("assert hashlib.sha256(blob).hexdigest() == \"«hex64»\"", 4)
B("DEVICE_NAMESPACE = uuid.UUID(\"«uuid»\")", 3)
B("PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Api-Key\"\nTOKEN_ENV = \"«envname»\"", 4)
B("def rotate_token(device_id: str, old_token: str) -> str:\n    \"\"\"Ask the OTA server for a fresh target token and return it.\"\"\"", 1)
B("log.info(\"token rotated for %s (sha256 prefix %s)\", device_id, digest[:8])", 1)
B("# never log the api key; only log its last 4 characters\nlog.debug(\"using key ...%s\", key[-4:])", 1)
B("def mask(secret: str) -> str:\n    return secret[:2] + \"*\" * max(0, len(secret) - 2)", 1)
B("token := os.Getenv(\"«envname»\")\nif token == \"\" {\n\treturn errors.New(\"«envname» not set\")\n}", 4)
B("let key = std::env::var(\"«envname»\").context(\"«envname» missing\")?;", 4)
B("/* MCUboot ECDSA P-256 public key - safe to ship */\nconst unsigned char ecdsa_pub_key[] = {\n    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, «bytes_c16»,\n};", 3)
B("EXPECTED_FW_SHA256 = \"«hex64»\"", 3)
B("BANNER_B64 = \"«b64text»\"  # base64 of the rig welcome banner", 4)
B("#define MAVLINK_STX 0xFD\n#define MAVLINK_SIGNATURE_BLOCK_LEN 13\n#define MAVLINK_IFLAG_SIGNED 0x01", 1)
B("static const uint32_t crc32_tab[] = {\n\t0x00000000, 0x77073096, 0xee0e612c, 0x990951ba, 0x076dc419, 0x706af48f,", 1)
B("API_KEY_ENV = \"FLEET_API_KEY\"  # name of the env var, not the key itself", 1)
B("secret_name = f\"fleet/{env}/mqtt\"\nresp = sm.get_secret_value(SecretId=secret_name)", 1)
B("@Value(\"${hawkbit.gateway.token}\")\nprivate String gatewayToken;", 1)
B("@dataclass\nclass BrokerConfig:\n    host: str\n    user: str\n    password: str = field(repr=False)", 1)
B("const TOKEN_RE = /^glpat-[0-9A-Za-z_-]{20}$/;", 1)
B("if token.startswith((\"ghp_\", \"gho_\")):\n    raise ValueError(\"use a GitHub App installation token, not a PAT\")", 1)
B("-  password: \"${MQTT_PASSWORD}\"\n+  password_file: /run/secrets/mqtt", 1)
B("SELECT id, name, created_at, last_used_at FROM api_keys WHERE revoked_at IS NULL ORDER BY created_at DESC LIMIT «n2»;", 3)
B("CREATE TABLE device_credentials (\n  device_id uuid PRIMARY KEY,\n  secret_hash bytea NOT NULL,\n  rotated_at timestamptz\n);", 1)
B("if not bcrypt.checkpw(candidate.encode(), row.password_hash):\n    raise AuthError(\"bad credentials\")", 1)
B("def test_rejects_short_password(policy):\n    assert not policy.accepts(\"short\")", 1)
B("COMMIT_SHA = \"«hex40»\"  # injected by CI", 4)
B("const BUILD_ID: &str = \"«hex16»\";", 3)
B("headers = {\"Authorization\": f\"Bearer {token}\", \"X-Request-Id\": \"«uuid»\"}", 3)
B("cache_key = hashlib.sha1(f\"{mission_id}:{tile}\".encode()).hexdigest()  # e.g. «hex40»", 3)
B("client.tls_set(ca_certs=\"/etc/fleet/ca.crt\", certfile=f\"/etc/fleet/{dev}.crt\", keyfile=f\"/etc/fleet/{dev}.key\")", 1)
B("PUBLIC_KEY_PEM = \"\"\"-----BEGIN PUBLIC KEY-----\n«pubpem»\n-----END PUBLIC KEY-----\"\"\"", 3)
B("// sample value from the docs, not a real key\nconst EXAMPLE = \"«ph»\";", 4)

_group("stack-trace-or-log")
B("«ts» INFO uplink: connected to mqtts://«host»:8883 as «user» (client_id=«robot»)", 4)
B("«ts» WARN auth: login failed for user '«user»' from «ip» (password: YES)", 4)
B("«ts» INFO ota: request_id=«uuid» trace_id=«hex32» span_id=«hex16» status=200 dur_ms=«n3»", 5)
B("traceparent: 00-«hex32»-«hex16»-01", 4)
B("«ts» DEBUG http: > Authorization: Bearer [REDACTED]", 3)
B("«ts» INFO cfg: api_key=«stars» (len 40) source=env", 3)
B("Traceback (most recent call last):\n  File \"/opt/fleet/uplink/config.py\", line 12, in load\n    pw = os.environ[\"MQTT_PASSWORD\"]\nKeyError: 'MQTT_PASSWORD'", 1)
B("«ts» INFO mender: deployment «uuid» finished: status=success artifact=release-«ver» device=«dev»", 4)
B("«ts» ERROR jwt: validation failed: kid «hex16» not found in JWKS (https://«host»/.well-known/jwks.json)", 4)
B("NOTE: «recipe»-«ver»+git«hex7»-r0 do_compile: setscene hash «hex64»", 4)
B("«ts» INFO dds: matched participant GUID 01.0f.«hex4».«hex4#2».01.00.00.00|0.0.1.c1 (enclave /fleet/«robot»)", 3)
B("Segmentation fault at address 0x00007ffd«hex8», ip 0x0000aaaab«hex7»", 3)
B("«ts» INFO hawkbit: target «dev» securityToken regenerated (value not logged)", 3)
B("«ts» WARN tokens: token for «dev» expires in 12h, refresh scheduled", 3)
B("«ts» INFO keys: loaded private key from /etc/fleet/key.pem (SHA256:«fp»)", 3)
B("«ts» ERROR client: HTTP 401 for https://«host»/api/v1/devices?token=<redacted>", 3)
B("Caused by: java.sql.SQLException: Access denied for user 'hawkbit'@'«ip»' (using password: YES)", 3)
B("pq: password authentication failed for user \"«user»\"", 3)
B("«date» «hms» mosquitto[«pid»]: Client «robot» disconnected, not authorised.", 3)
B("«date» «hms» «robot» sshd[«pid»]: Failed password for invalid user admin from «ip» port «n5» ssh2", 3)
B("«date» «hms» «robot» sshd[«pid»]: Accepted publickey for «user» from «ip» port «n5» ssh2: ED25519 SHA256:«fp»", 3)
B("[INFO ] : SWUPDATE running :  [install_single_image] : Installing image rootfs into /dev/mmcblk0p3 (sha256 «hex64»)", 3)
B("Downloading «file» (42 MB) oid sha256:«hex64»", 3)
B("W: GPG error: https://apt.«dom» stable InRelease: The following signatures couldn't be verified because the public key is not available: NO_PUBKEY «HEX16»", 3)
B("«ts» INFO secrets: fetched «vaultpath» (version «n2») via AppRole", 4)
B("[  «n2».«n6»] usb 1-1.2: SerialNumber: «HEX16»", 3)
B("«ts» DEBUG paho: Sending CONNECT (u1, p1, wr0, wq0, wf0, c1, k60) client_id=b'«robot»' password=b'***'", 3)
B("«ts» WARN config: «envname» is set to a placeholder value («ph»), refusing to start", 4)
B("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x«hex7»]\n\ngoroutine «n2» [running]:\nmain.(*Uplink).publish(0xc0001«hex4»)", 3)
B("«ts» INFO build: cache hit key=yocto-sstate-«mach»-«hex16»", 3)
B("at aero.fleet.gcs.Session.refresh(Session.kt:«n2»)\nat aero.fleet.gcs.TokenStore.load(TokenStore.kt:«n2#2»)", 3)

_group("note-or-chat")
B("password is in 1Password under 'Hangar WiFi «n2»' (vault: Fleet Ops)", 3)
B("I rotated the MQTT password; the new one is in Vault at «vaultpath» (v«n2»)", 4)
B("pls don't paste tokens in «chan», use the vault link instead", 3)
B("Password policy reminder: min «n2» chars, no reuse of the last 5, rotate every 90 days.", 3)
B("GitLab PATs start with glpat- — create one under Settings › Access Tokens with read_api only.", 1)
B("commit «hex7» fixes the OTA retry bug, cherry-pick onto «branch»", 4)
B("SHA256 of release «ver»: «hex64» — verify before flashing", 4)
B("use ${{ secrets.MENDER_PAT }} in the workflow instead of pasting the token", 1)
B("«person»: DM me for the wifi pass, not posting it here", 3)
B("Das Passwort steht im Tresor unter „Prüfstand «n2»“.", 3)
B("La contraseña está en el gestor de contraseñas, carpeta «org».", 3)
B("パスワードは1Passwordの「ドローン格納庫 «n2»」にあります。", 3)
B("Le mot de passe a été changé, demande-le à «person» en privé.", 3)
B("密码已经放到 Vault 里了：«vaultpath»", 3)
B("비밀번호는 금고(Vault) «vaultpath» 에 저장했습니다.", 3)
B("reset your password at https://sso.«dom»/reset — links expire after 15 min", 3)
B("the host key fingerprint is SHA256:«fp», compare it before you type yes", 3)
B("ticket «ticket»: rotate hawkbit gateway token (owner «person»)", 4)
B("Reminder: the bench PCs still use the factory default password — «person» changes them Monday.", 3)
B("Device «dev» serial «HEX16» failed EOL test at step 7 (JTAG IDCODE 0x6ba00477)", 3)
B("«person»: token expired again, I'll regenerate it after lunch", 3)
B("new Jetson image: sha256 «hex64», build «n4»", 3)
B("«person»: what's the vault path for the NTRIP creds?\n«person#2»: «vaultpath» — read policy 'field-ro'", 3)
B("The radio pair uses NETID «n2» and AES is on; the key lives only on the provisioning laptop.", 3)
B("Goal: move all hardcoded credentials in meta-fleet to Vault; tracked in «ticket».", 3)
B("Decision: tokens are injected at flash time from the HSM; nothing secret is baked into the image.", 1)
B("«person»: the password field on the rig UI is capped at 32 chars, so passphrases longer than that get truncated", 2)
B("Hasło jest w sejfie zespołu (folder «org»), nie wysyłam go na czacie.", 2)
B("«person»: I masked it as «stars» in the screenshot, the real one is in the vault", 3)
B("note: request id «uuid» for the failed upload, support asked for it", 3)
B("Пароль в Vault: «vaultpath», доступ через OIDC.", 2)
B("«person»: the old token (ending …«hex4») is revoked, nothing to worry about", 3)
B("«person»: use the env var «envname», don't hardcode it", 4)

_group("ci-and-deploy")
B("      password: ${{ secrets.REGISTRY_PASSWORD }}", 1)
B("  script:\n    - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY", 1)
B("    env:\n      «envname»: ${{ secrets.«envname» }}", 5)
B("withCredentials([usernamePassword(credentialsId: 'nexus-ci', usernameVariable: 'NX_USER', passwordVariable: 'NX_PASS')]) {\n  sh 'curl -u \"$NX_USER:$NX_PASS\" -T build/«file» https://nexus.«dom»/repository/fw-raw/'\n}", 3)
B("      - uses: actions/checkout@«hex40»  # v4.2.2", 4)
B("image: ghcr.io/«org»/yocto-builder@sha256:«hex64»", 4)
B("  cache:\n    key: yocto-sstate-«mach»-«hex16»\n    paths: [sstate-cache/]", 4)
B("echo \"::add-mask::$HAWKBIT_TOKEN\"", 1)
B("vault:\n  path: secret/data/ci/«word»\n  field: password", 4)
B("$ docker login -u ci -p [MASKED] registry.«dom»\nLogin Succeeded", 3)
B("Run curl -u ci:*** -T build/«file» https://nexus.«dom»/repository/fw-raw/«n4»/", 3)
B("cosign verify --key cosign.pub registry.«dom»/fleet/uplink@sha256:«hex64»", 3)
B("  - sha256sum -c SHA256SUMS --ignore-missing", 1)
B("export BALENA_TOKEN=\"$(cat \"$BALENA_TOKEN_FILE\")\"", 1)
B("TF_VAR_db_password: ${{ secrets.TF_DB_PASSWORD }}", 1)
B("        - name: MQTT_PASSWORD\n          valueFrom:\n            secretKeyRef: {name: «sname», key: password}", 3)
B("helm upgrade --install chirpstack ./charts/chirpstack -n «ns» --set postgresql.auth.existingSecret=chirpstack-pg", 3)
B("gh secret set HAWKBIT_TOKEN --repo «org»/fleet-ota < /dev/stdin", 3)
B("Pipeline #«n6» for «hex7» on «branch» passed in «n2»m", 4)
B("Artifact fleet-«ver».mender uploaded, id «uuid»", 4)
B("variables:\n  GIT_DEPTH: \"10\"\n  KAS_MACHINE: «mach»\n  SSTATE_DIR: /cache/sstate", 3)
B("ansible-playbook deploy.yml --vault-password-file ~/.vault_pass -l «robot»", 3)
B("  - name: Configure AWS credentials\n    uses: aws-actions/configure-aws-credentials@v4\n    with:\n      role-to-assume: arn:aws:iam::«n6»«n6#2»:role/ota-uploader\n      aws-region: «region»", 3)
B("      - run: mender-cli --server https://«host» --token \"$RUNNER_TEMP/mender.token\" artifacts upload build/fleet-«ver».mender", 3)
B("  - kas build kas/«mach».yml  # secrets come from the runner's vault agent", 3)
B("deploy:\n  environment: production\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v\\d+\\.\\d+\\.\\d+$/", 1)
B("::notice::signed image digest sha256:«hex64»", 3)
B("  secrets:\n    MQTT_PASSWORD:\n      vault: «vaultpath»/password@ops", 3)
B("COSIGN_PASSWORD: \"\"   # keyless signing via OIDC, no password", 1)

_group("vendor-token")
B("GITHUB_TOKEN=ghp_«xs»", 3)
B("PRIVATE-TOKEN: glpat-XXXXXXXXXXXXXXXXXXXX", 1)
B("SLACK_BOT_TOKEN=xoxb-your-bot-token-here", 1)
B("STRIPE_SECRET_KEY=sk_live_<redacted>", 1)
B("Stripe publishable key (safe for the webshop frontend): pk_live_51«b62_20»«b62_20#2»", 2)
B("Google OAuth client ID: «n6»«n6#2»-«b62_20».apps.googleusercontent.com", 3)
B("Twilio Account SID: AC«hex32» (the auth token is in vault)", 3)
B("role ARN arn:aws:iam::«n6»«n6#2»:role/ota-uploader", 3)
B("KMS key arn:aws:kms:«region»:«n6»«n6#2»:key/«uuid»", 3)
B("Slack channel C0«b62_8» in workspace T0«b62_8#2»", 3)
B("AZURE_TENANT_ID=«uuid»\nAZURE_CLIENT_ID=«uuid#2»", 3)
B("balena device uuid «hex32»", 3)
B("age recipient: «agepub»", 3)
B("NATS user public key «nkeypub»", 3)
B("WireGuard peer public key: «wgpub»", 3)
B("TTN DevEUI «devEUI» / JoinEUI «devEUI#2»", 3)
B("GPG key id «HEX16» (release signing, public)", 3)
B("token format reminder: Vault service tokens look like hvs.<24+ chars>", 1)
B("HF_TOKEN=hf_******** (masked)", 1)
B("OPENAI_API_KEY=sk-...«hex4» (last 4 shown in the billing page)", 3)
B("Authorization: Bearer <MENDER_PAT>", 1)
B("Authorization: GatewayToken ${HAWKBIT_GATEWAY_TOKEN}", 1)
B("AWS_SECRET_ACCESS_KEY=«ph»", 4)
B("aws_access_key_id = AKIA****************  (masked in console)", 1)
B("X-Api-Key: {{ fleet_api_key }}", 1)
B("sentry DSN (public, client-side): https://«hex32»@o«n6».ingest.sentry.io/«n6#2»", 2)
B("DigitalOcean token name: ci-doctl (scopes: read, kubernetes:write), created «date»", 2)
B("Datadog site: datadoghq.eu  app key id: «uuid» (key value not shown)", 2)
B("Particle device id «hex24»", 3)
B("Azure IoT Hub «org»-hub, SharedAccessKeyName=iothubowner (key in Key Vault fleet-kv)", 3)
B("mapbox public style URL: mapbox://styles/«org»/«b62_20»", 3)
B("Grafana service account id «n3», token name ci-dashboards (expires «date»)", 3)
B("npm token id «uuid» revoked by «uname» on «date»", 3)
B("GitHub App id «n6», installation id «n6#2»8", 3)
B("Tailscale node key fingerprint nodekey:«hex64»", 3)
B("Cloudflare zone id «hex32»", 3)


# --- more benign look-alikes -------------------------------------------------
_group("source-code")
B("FIRMWARE_BUILD = {\"commit\": \"«hex40»\", \"dirty\": False, \"tag\": \"v«ver»\"}", 4)
B("#define FW_GIT_HASH \"«hex7»\"\n#define FW_VERSION  \"«ver»\"", 4)
B("TEST_DEVICE_ID = \"«dev»\"\nTEST_REQUEST_ID = \"«uuid»\"", 4)
B("// checksum of the golden calibration file\nstatic const char *kGoldenSha = \"«hex64»\";", 3)
B("password = keyring.get_password(\"fleet-gcs\", \"«user»\")", 4)
B("val token = BuildConfig.FLEET_API_KEY  // injected from local.properties, never committed", 1)
B("const apiKey = process.env.«envname»;\nif (!apiKey) throw new Error('«envname» is required');", 4)
B("cfg.password = read_secret(\"/run/secrets/«sname»\")", 4)
B("ETAG_CACHE[\"«hex32»\"] = tile_bytes  # md5 of tile URL", 3)
B("// Example from README (placeholder): curl -H 'Authorization: Bearer «ph»' https://«host»/v1", 4)
B("def test_masks_secret():\n    assert mask(\"hunter-two-example\") == \"hu****************\"", 1)
B("SQL = \"UPDATE devices SET psk_hash = %s, psk_rotated_at = now() WHERE serial = %s\"", 1)
B("assert resp.headers[\"X-Request-Id\"] == \"«uuid»\"", 3)
B("MQTT_TOPIC_FMT = \"fleet/{device_id}/telemetry\"  # e.g. fleet/«dev»/telemetry", 3)

_group("ci-and-deploy")
B("- name: Cache sstate\n  uses: actions/cache@«hex40»\n  with:\n    key: sstate-«mach»-${{ hashFiles('kas/*.yml') }}", 3)
B("  needs: [build-«mach»]\n  variables:\n    ARTIFACT_SHA: «hex40»", 3)
B("Deploying release-«ver» to group field-beta (deployment id «uuid»)", 4)
B("$ ./ci/upload.sh --token \"$HAWKBIT_TOKEN\" build/«file»\nuploaded «file» as softwaremodule «n3» (sha1 «hex40»)", 3)
B("pull_request #«n3»: required check 'secret-scan' passed (0 findings)", 3)
B("  environment:\n    name: hangar-«n2»\n    url: https://«host»", 3)
B("docker buildx build --secret id=netrc,src=$HOME/.netrc -t registry.«dom»/fleet/uplink:«ver» .", 3)
B("    steps:\n      - uses: hashicorp/vault-action@v3\n        with:\n          url: https://vault.«dom»:8200\n          method: jwt\n          secrets: «vaultpath» password | MQTT_PASSWORD", 3)
B("Job #«n6» (yocto-«mach») finished: sstate reuse 94%, image sha256:«hex64»", 3)
B("kubectl -n «ns» rollout restart deploy/uplink && kubectl -n «ns» rollout status deploy/uplink", 3)
B("  - echo \"signing with key id «HEX16» (public key in keys/release.asc)\"", 3)
B("release-please: created tag v«ver» at «hex40»", 3)

_group("vendor-token")
B("ghp_ tokens are 40 chars; ours expire after 30 days (policy «ticket»)", 2)
B("glpat-«xs» (example from the onboarding doc)", 3)
B("Mender device id «uuid» (auth set accepted)", 3)
B("Hawkbit controllerId «dev», target token: ****", 3)
B("Foxglove device id dev_«b62_12», org org_«b62_12#2»", 3)
B("InfluxDB org id «hex16», bucket id «hex16#2»", 3)
B("Sentry release «org»-gcs@«ver»+«hex7»", 3)
B("Azure subscription «uuid» (no credentials here)", 3)
B("Docker Hub digest sha256:«hex64»", 3)
B("xoxb-**** rotated «date», new token in vault «vaultpath»", 3)

_group("note-or-chat")
B("«person»: the build from «hex7» is on the OTA server, checksum «hex64»", 3)
B("Notes «date»: rig «n2» ok, rig «n2#2» flaky JTAG; no creds changed today.", 3)
B("«person»: ¿dónde está la clave del router? / «person#2»: en el gestor, entrada «org»-router", 3)
B("«person»: the MAVLink signing key is generated per airframe at provisioning; we never see it", 1)
B("TODO: ask «person» to rotate the shared lab account password after the audit (do NOT post it here)", 3)
B("Handover: drone «drone» grounded (ESC 3), logs uploaded as «uuid».ulg", 3)
B("Zugangsdaten bitte nur per Vault teilen: «vaultpath»", 3)
B("«person»: correlation id for the 401 is «hex32», can you check the broker logs?", 3)
B("«person»: how long should the new wifi passphrase be? policy says at least «n2» characters", 3)

_group("stack-trace-or-log")
B("«ts» INFO provisioning: wrote device cert for «dev» (serial «HEX16», not_after «date»)", 3)
B("«ts» ERROR ota: signature verification failed for «file» (expected key id «hex16»)", 3)

_group("tool-output")
B("$ mosquitto_sub -h «host» -t '$SYS/broker/version' -C 1 -u «user» -P \"$MQTT_PASS\"\nmosquitto version 2.0.«n2»", 3)
B("$ kubectl -n «ns» get secret «sname» -o jsonpath='{.metadata.annotations}'\n{\"vault.hashicorp.com/agent-inject-secret-config\":\"«vaultpath»\"}", 3)

_group("config-file")
B("# generated by provision.py on «date»\ndevice_id: «dev»\nhardware_rev: C\nboard_serial: «HEX16»\nmac: «mac»", 4)
B("[mavlink]\nsysid = «n2»\nsigning = required\nsigning_key_file = /etc/fleet/mavlink.key", 3)
B("ros__parameters:\n  use_sim_time: false\n  frame_id: base_link\n  calib_hash: «hex40»", 3)
_group("command")
B("journalctl -u rauc-hawkbit-updater --since '«date» «hms»' | grep -v -i token", 3)
B("ros2 topic echo /diagnostics --once | grep -A2 «robot»", 3)
B("curl -s https://«host»/healthz -H 'X-Request-Id: «uuid»'", 3)
_group("stack-trace-or-log")
B("«ts» WARN uplink: broker «host» rejected CONNECT (rc=5 not authorized); check «envname»", 4)
B("«ts» INFO rig«n2»: DUT «dev» flashed fw «hex7», crc32=0x«hex8»", 4)
_group("source-code")
B("SIGNING_PUBKEY_SHA256 = \"«hex64»\"  # pinned public key hash", 3)
B("REQUEST_ID_HEADER = \"X-Request-Id\"\nDEFAULT_TRACE = \"00-«hex32»-«hex16»-01\"", 3)
_group("vendor-token")
B("Twilio messaging service SID MG«hex32»", 3)
B("AWS key for logship was rotated «date»; the new pair lives in the «org» vault, not in this repo", 3)
_group("ci-and-deploy")
B("  - curl -fsS https://«host»/api/v1/health --retry 5  # no auth needed", 3)
B("Waiting for deployment «uuid» on «n2» devices (group field-beta)…", 3)
_group("note-or-chat")
B("«person»: heads-up, the Hawkbit UI now uses SSO; local admin accounts are disabled since «date»", 3)


# ===========================================================================
# assembly
# ===========================================================================
GROUPS = ["command", "tool-output", "config-file", "source-code",
          "stack-trace-or-log", "note-or-chat", "ci-and-deploy",
          "vendor-token"]
_PER_GROUP = 185
_BENIGN_TOTAL = 950


def _build_secrets():
    out = []
    used = set()
    for g in GROUPS:
        tpls = _TPL[g]
        base, extra = divmod(_PER_GROUP, len(tpls))
        for i, (fmt, text, sec, vis) in enumerate(tpls):
            k = min(3, base + (1 if i < extra else 0))
            want = text.count(u"\u00abS\u00bb")
            for _ in range(k):
                for _attempt in range(60):
                    ctx = _Ctx()
                    secret = sec(ctx) if callable(sec) else GEN[sec]()
                    ctx.memo["S"] = secret
                    t = ctx.render(text)
                    v = ctx.render(vis)
                    if (len(secret) < 6 or secret in used
                            or t.count(secret) != want
                            or (v and (secret in v or v not in t))):
                        continue
                    used.add(secret)
                    out.append((g, fmt, t, secret, v))
                    break
                else:
                    raise RuntimeError("could not draw %s/%s" % (g, fmt))
    return out


def _build_benign(secrets):
    long_secrets = [s for (_g, _f, _t, s, _v) in secrets if len(s) >= 8]
    per = []
    seen = set()
    for g in GROUPS:
        lst = []
        for text, n in _BTPL.get(g, []):
            for _ in range(n):
                s = _Ctx().render(text)
                if s in seen or any(x in s for x in long_secrets):
                    continue
                seen.add(s)
                lst.append(s)
        per.append(lst)
    out = []
    i = 0
    while len(out) < _BENIGN_TOTAL and any(i < len(l) for l in per):
        for l in per:
            if i < len(l) and len(out) < _BENIGN_TOTAL:
                out.append(l[i])
        i += 1
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
