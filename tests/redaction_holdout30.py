"""Blind hold-out corpus #30 for a secret-redaction engine.

What it is
    A test corpus of text fragments as a coding agent (Claude Code, Codex,
    Gemini CLI, ...) would have recorded them in its saved working state:
    goals, running notes, shell commands it ran, tool output, excerpts of
    files it opened, decisions, chat messages pasted in by teammates, log
    lines and CI configuration.  Some fragments carry a credential that a
    redaction engine must remove; others look suspicious to a naive scanner
    but carry no credential at all and must be left alone.

Theme
    Mobile, desktop, embedded and game developers: iOS and Android apps
    (App Store Connect API keys, Play Console service accounts, signing
    keystores, provisioning, push notification keys, Firebase, in-app
    purchases and receipts), desktop apps (Electron, Tauri, code signing,
    auto-update feeds), embedded and IoT firmware (OTA update keys, device
    certificates, MQTT brokers, BLE pairing, serial consoles, bootloaders,
    Wi-Fi provisioning), game studios (Steamworks, console dev kits, Unity
    and Unreal services, multiplayer backends, anti-cheat, telemetry), app
    analytics, crash reporting, ad networks and attribution SDKs.

Provenance
    Written blind, from general knowledge only: no scanner rule set, no other
    corpus and no web search was consulted.  Where a vendor's real token
    format was not known, a plausible one (prefix, alphabet, length) was
    invented.  Every secret value is synthetic and generated at import time.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible)
             group    one of: command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token
             format   kebab-case name of the shape (each used at most 3 times)
             text     the fragment as the agent recorded it
             secret   exact substring of text that must not survive redaction
             visible  substring of text that must stay readable, or ""
    BENIGN   list of distinct strings that contain no credential but that a
             naive scanner might flag (digests, ids, public keys, placeholders,
             masked values, references to secrets by name, prose, ...).

Determinism
    Both lists are built at import time from a single random.Random(3030);
    two imports give identical lists.  Nothing is printed.

Measured
    Blind, before any rule was written for it: recall 0.928 (1,392 of 1,500) and false
    positives 57 of 950 (6.0%) with the engine at the start of the session that added it,
    0.931 and the same 57 with that session's first rules (written for older corpora before
    this one was read). After reading it: 0.966 and 12.
"""

import base64
import json
import random
import re
import struct

_R = random.Random(3030)

_LOWER = "abcdefghijklmnopqrstuvwxyz"
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_DIGITS = "0123456789"
_ALNUM = _LOWER + _UPPER + _DIGITS
_B64 = _UPPER + _LOWER + _DIGITS + "+/"
_TOKCH = _ALNUM + "_-"
_B32 = _UPPER + "234567"


# ---------------------------------------------------------------------------
# word lists and filler data
# ---------------------------------------------------------------------------

_WORDS = [
    "falcon", "harbor", "copper", "lantern", "orbit", "maple", "thunder",
    "pixel", "cobalt", "willow", "ember", "glacier", "meadow", "rocket",
    "saffron", "tundra", "velvet", "walrus", "zephyr", "quartz", "nebula",
    "otter", "pepper", "raven", "sparrow", "timber", "umbra", "violet",
    "badger", "canyon", "dragon", "echo", "fjord", "garnet", "hazel",
    "igloo", "jasper", "kettle", "lemon", "mango", "nutmeg", "olive",
    "panda", "quill", "river", "sunset", "tiger", "unicorn", "vortex",
    "wombat", "yonder", "zebra", "anchor", "biscuit", "cactus", "dolphin",
    "falafel", "gecko", "hammock", "island", "jungle", "koala", "lobster",
    "marble", "noodle", "oyster", "pickle", "quokka", "rhubarb", "salmon",
    "teapot", "ukulele", "volcano", "waffle", "yeti", "acorn", "blizzard",
    "comet", "daisy", "espresso", "flamingo", "gravel", "hedgehog",
    "jellyfish", "kumquat", "lagoon", "mosaic", "nomad", "octopus",
    "paprika", "ripple", "starling", "tornado", "lighthouse", "pinecone",
    "snowfall", "sandstone", "firefly", "moonbeam", "stardust", "bramble",
]

_FIRST = [
    "lena", "marco", "priya", "tomas", "yuki", "wei", "olga", "giulia",
    "sanne", "kasia", "minjun", "ahmed", "chloe", "joao", "sam", "ravi",
    "noor", "felix", "ines", "hana", "diego", "anya", "lukas", "mei",
    "oskar", "zoe", "mateo", "elif", "arjun", "freya", "kenji", "sofia",
]
_LAST = [
    "keller", "rossi", "sato", "nguyen", "lopez", "kim", "chen", "walker",
    "kowalski", "dubois", "bakker", "yamada", "petrov", "mendes", "garcia",
    "silva", "zhang", "park", "novak", "larsen", "moreau", "costa",
]
_CHATNAMES = [
    "Lena", "Marco", "Priya", "Tomás", "Yuki", "Wei", "Olga", "Giulia",
    "Sanne", "Kasia", "Minjun", "Ahmed", "Chloé", "João", "Sam", "Ravi",
    "Noor", "Felix", "Inés", "Hana", "Diego", "Anya", "Lukas", "Mei",
]
_USERS = [
    "jdoe", "mkeller", "priya.s", "tnguyen", "alopez", "skim", "rsato",
    "lchen", "ewalker", "okowalski", "mrossi", "fdubois", "abakker",
    "hyamada", "dpetrov", "cmendes", "jgarcia", "nsilva", "wzhang", "kpark",
    "build", "ci-bot", "deploy", "buildbot", "release", "svc-ota",
    "gamesvc", "jenkins", "firmware", "ops",
]
_CO = [
    "pixelforge", "lumenworks", "northwind", "brightkite", "tidepool",
    "emberlight", "quartzbyte", "hollowpine", "coralstack", "sunforge",
    "ironleaf", "bluefinch", "mossgarden", "kestrellabs", "orbitplay",
    "velvetfox", "redshiftgames", "glasswing", "tinybolt", "fernhill",
    "otterbyte", "nimbusware", "sparkhaus", "driftwood", "cobaltcat",
    "lanternfish", "paperkite", "wildmoth", "stonegate", "brassowl",
]
_TLD = ["io", "dev", "com", "net", "games", "app", "co", "tech", "cloud"]
_SUB = [
    "api", "ota", "mqtt", "build", "ci", "staging", "auth", "telemetry",
    "crash", "lobby", "match", "cdn", "updates", "devices", "admin",
    "portal", "metrics", "symbols", "store", "iap", "push", "gw", "db",
    "broker", "fleet", "license", "stats", "events",
]
_APPS = [
    ("TrailMate", "trailmate"), ("PocketChef", "pocketchef"), ("Lumi", "lumi"),
    ("FitPulse", "fitpulse"), ("Sprout", "sprout"), ("NomadNotes", "nomadnotes"),
    ("Parkly", "parkly"), ("BeaconHome", "beaconhome"),
    ("SkylineRadio", "skylineradio"), ("Quill", "quill"),
    ("Pawprint", "pawprint"), ("Tandem", "tandem"), ("Harbor", "harbor"),
    ("GlowThermo", "glowthermo"), ("RideLog", "ridelog"), ("Mosaic", "mosaic"),
    ("Kiln", "kiln"), ("Stash", "stash"), ("OrbitPlayer", "orbitplayer"),
    ("Hearth", "hearth"), ("Driftboard", "driftboard"), ("Cadence", "cadence"),
]
_GAMES = [
    ("Starfall Tactics", "starfall"), ("Hollow Depths", "hollowdepths"),
    ("Kart Legends", "kartlegends"), ("Skyreach", "skyreach"),
    ("Ember Knights", "emberknights"), ("Tiny Tavern", "tinytavern"),
    ("Void Runner", "voidrunner"), ("Pixel Harbor", "pixelharbor"),
    ("Moonlit Moss", "moonlitmoss"), ("Iron Orchard", "ironorchard"),
    ("Dune Drifters", "dunedrifters"), ("Goblin Garage", "goblingarage"),
    ("Neon Relay", "neonrelay"), ("Frostbound", "frostbound"),
]
_DEVPFX = [
    "esp32", "gw", "thermo", "cam", "node", "sensor", "lock", "plug", "hub",
    "tracker", "bulb", "doorbell", "meter", "valve", "kiosk", "scale",
]
_SSIDS = [
    "BenchLab", "Studio-5G", "OfficeNet-IoT", "FW-Test-2G", "Warehouse-IoT",
    "HWLab_2.4", "DemoBooth", "QA-Devices", "ProtoNet", "FactoryFloor-2G",
    "Makerspace", "Playtest-WiFi", "Lab-Guest", "DevkitNet", "Booth-412",
]
_REGIONS = [
    "us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-northeast-1",
    "ap-southeast-2", "sa-east-1", "ca-central-1",
]
_BRANCHES = [
    "main", "develop", "release/3.4", "feature/ota-rollback",
    "hotfix/iap-receipts", "release/2025.03", "feature/steam-deck",
    "fix/ble-pairing", "chore/bump-agp", "release/1.9.x",
]
_ALIASES = ["upload", "release", "key0", "androidreleasekey", "prod", "app"]
_UNITY = ["2022.3.21f1", "2022.3.44f1", "2023.2.9f1", "6000.0.23f1", "2021.3.35f1"]


# ---------------------------------------------------------------------------
# primitive generators
# ---------------------------------------------------------------------------

def _pick(r, seq):
    return seq[r.randrange(len(seq))]


def _chars(r, alphabet, n):
    return "".join(alphabet[r.randrange(len(alphabet))] for _ in range(n))


def _rbytes(r, n):
    return bytes(r.randrange(256) for _ in range(n))


def _b64(data):
    return base64.b64encode(data).decode("ascii")


def _b64u(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _wrap(s, width=64, sep="\n"):
    return sep.join(s[i:i + width] for i in range(0, len(s), width))


def _leet(word):
    table = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
    out = []
    for ch in word:
        out.append(table.get(ch, ch) if ch in table else ch)
    return "".join(out)


def _year(r):
    return str(r.randint(1979, 2025))


def _pw(r, symbols="!@%^*-_.+?~"):
    """A password in one of several human (or generated) styles."""
    while True:
        style = r.randrange(10)
        w1, w2 = _pick(r, _WORDS), _pick(r, _WORDS)
        sym = _pick(r, symbols)
        if style == 0:
            p = w1.capitalize() + w2.capitalize() + str(r.randint(1, 999)) + sym
        elif style == 1:
            p = w1 + sym + _year(r)
        elif style == 2:
            p = _leet(w1.capitalize() + w2) + sym + str(r.randint(0, 99))
        elif style == 3:
            sep = _pick(r, "-._")
            p = sep.join(_pick(r, _WORDS) for _ in range(r.randint(3, 4)))
            if r.random() < 0.5:
                p += sep + str(r.randint(2, 99))
        elif style == 4:
            p = _chars(r, _ALNUM + symbols, r.randint(14, 22))
        elif style == 5:
            p = _pick(r, _FIRST).capitalize() + sym + _year(r)
        elif style == 6:
            p = "Ilove" + w1.capitalize() + str(r.randint(1, 99)) + sym
        elif style == 7:
            p = _pick(r, _CO).capitalize() + sym + str(r.randint(2015, 2026))
        elif style == 8:
            p = _chars(r, _ALNUM, r.randint(12, 18))
        else:
            p = w1.upper()[:4] + str(r.randint(1000, 9999)) + w2 + sym
        if len(p) >= 8 and p[0] not in "!@%^*-_.+?~":
            return p


def _apple_pw(r):
    return "-".join(_chars(r, _LOWER, 4) for _ in range(4))


def _passphrase(r):
    sep = _pick(r, ["-", " ", ".", "_"])
    n = r.randint(4, 5)
    words = [_pick(r, _WORDS) for _ in range(n)]
    if r.random() < 0.3:
        words = [w.capitalize() for w in words]
    return sep.join(words)


def _uuid(r):
    h = _chars(r, "0123456789abcdef", 32)
    h = h[:12] + "4" + h[13:16] + _pick(r, "89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _ts(r):
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (
        r.choice([2024, 2025]), r.randint(1, 12), r.randint(1, 28),
        r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))


def _epoch(r):
    return r.randint(1704067200, 1767139200)


def _jwt(r, header=None, payload=None, sig_bytes=32):
    if header is None:
        header = {"alg": "HS256", "typ": "JWT"}
    if payload is None:
        iat = _epoch(r)
        payload = {"sub": _uuid(r), "iat": iat, "exp": iat + _pick(r, [900, 3600, 86400, 2592000])}
        extra = r.randrange(4)
        if extra == 0:
            payload["role"] = _pick(r, ["player", "admin", "device", "service"])
        elif extra == 1:
            payload["scope"] = _pick(r, ["ota:read", "telemetry:write", "builds:upload", "iap:verify"])
        elif extra == 2:
            payload["iss"] = "https://auth.%s.%s" % (_pick(r, _CO), _pick(r, _TLD))
    h = _b64u(json.dumps(header, separators=(",", ":")).encode())
    p = _b64u(json.dumps(payload, separators=(",", ":")).encode())
    return h + "." + p + "." + _b64u(_rbytes(r, sig_bytes))


def _jwt_asc(r):
    iat = _epoch(r)
    return _jwt(r, {"alg": "ES256", "kid": _chars(r, _UPPER + _DIGITS, 10), "typ": "JWT"},
                {"iss": _uuid(r), "iat": iat, "exp": iat + 1200, "aud": "appstoreconnect-v1"}, 64)


def _jwt_apns(r):
    return _jwt(r, {"alg": "ES256", "kid": _chars(r, _UPPER + _DIGITS, 10)},
                {"iss": _chars(r, _UPPER + _DIGITS, 10), "iat": _epoch(r)}, 64)


def _jwt_rs(r):
    iat = _epoch(r)
    return _jwt(r, {"alg": "RS256", "typ": "JWT", "kid": _chars(r, "0123456789abcdef", 40)},
                {"iss": "https://securetoken.google.com/%s-prod" % _pick(r, _CO), "aud": "%s-prod" % _pick(r, _CO),
                 "auth_time": iat, "user_id": _chars(r, _ALNUM, 28), "iat": iat, "exp": iat + 3600}, 256)


def _jwt_supabase(r):
    iat = _epoch(r)
    return _jwt(r, None, {"iss": "supabase", "ref": _chars(r, _LOWER, 20), "role": "service_role",
                          "iat": iat, "exp": iat + 315360000})


def _jwt_mender(r):
    return _jwt(r, {"alg": "RS256", "typ": "JWT"},
                {"mender.tenant": _chars(r, "0123456789abcdef", 24), "iss": "Mender", "sub": _chars(r, "0123456789abcdef", 24)}, 256)


def _der_len(n):
    if n < 0x80:
        return bytes([n])
    if n < 0x100:
        return bytes([0x81, n])
    return bytes([0x82, n >> 8, n & 0xFF])


_OID_RSA = bytes.fromhex("300d06092a864886f70d0101010500")
_OID_EC = bytes.fromhex("301306072a8648ce3d020106082a8648ce3d030107")


def _rsa_pkcs1_der(r, bits=2048):
    n = bits // 8
    body = b"\x02\x01\x00" + b"\x02" + _der_len(n + 1) + b"\x00\xc1" + _rbytes(r, n - 1)
    body += b"\x02\x03\x01\x00\x01"
    body += b"\x02" + _der_len(n) + b"\x5a" + _rbytes(r, n - 1)
    half = n // 2
    for _ in range(5):
        body += b"\x02" + _der_len(half + 1) + b"\x00\xe3" + _rbytes(r, half - 1)
    return b"\x30" + _der_len(len(body)) + body


def _rsa_pkcs8_der(r, bits=2048):
    inner = _rsa_pkcs1_der(r, bits)
    body = b"\x02\x01\x00" + _OID_RSA + b"\x04" + _der_len(len(inner)) + inner
    return b"\x30" + _der_len(len(body)) + body


def _ec_sec1_der(r):
    return (bytes.fromhex("307702010104") + b"\x20" + _rbytes(r, 32) +
            bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + _rbytes(r, 64))


def _ec_pkcs8_der(r):
    inner = _ec_sec1_der(r)
    body = b"\x02\x01\x00" + _OID_EC + b"\x04" + _der_len(len(inner)) + inner
    return b"\x30" + _der_len(len(body)) + body


def _ed25519_pkcs8_der(r):
    return bytes.fromhex("302e020100300506032b657004220420") + _rbytes(r, 32)


def _sshstr(b):
    return struct.pack(">I", len(b)) + b


def _openssh_ed25519(r, comment):
    pub = _rbytes(r, 32)
    seed = _rbytes(r, 32)
    pubblob = _sshstr(b"ssh-ed25519") + _sshstr(pub)
    chk = _rbytes(r, 4)
    priv = chk + chk + _sshstr(b"ssh-ed25519") + _sshstr(pub) + _sshstr(seed + pub) + _sshstr(comment.encode())
    pad = 1
    while len(priv) % 8:
        priv += bytes([pad])
        pad += 1
    blob = (b"openssh-key-v1\x00" + _sshstr(b"none") + _sshstr(b"none") + _sshstr(b"") +
            struct.pack(">I", 1) + _sshstr(pubblob) + _sshstr(priv))
    return _wrap(_b64(blob), 70)


def _pem_body(der, sep="\n"):
    return _wrap(_b64(der), 64, sep)


def _minisign_sk(r):
    return _b64(b"EdScB2" + _rbytes(r, 152))


def _minisign_pk(r):
    return _b64(b"Ed" + _rbytes(r, 40))


def _tauri_sk(r):
    text = "untrusted comment: rsign encrypted secret key\n" + _minisign_sk(r) + "\n"
    return _b64(text.encode())


def _byte_list(r, n, per_line=8, indent="    "):
    vals = ["0x%02x" % r.randrange(256) for _ in range(n)]
    lines = [", ".join(vals[i:i + per_line]) for i in range(0, n, per_line)]
    return (",\n" + indent).join(lines)


def _int_list(r, n):
    return ", ".join(str(r.randrange(256)) for _ in range(n))


def _thread_dataset(r):
    name = _pick(r, ["DemoMesh", "LabThread", "OT-Bench", "HomeMesh"]).encode().hex()
    return ("0e080000000000010000000300000f35060004001fffe00208" + _chars(r, "0123456789abcdef", 16) +
            "0708fd" + _chars(r, "0123456789abcdef", 14) + "0510" + _chars(r, "0123456789abcdef", 32) +
            "030f" + name + "0102" + _chars(r, "0123456789abcdef", 4) + "0410" +
            _chars(r, "0123456789abcdef", 32) + "0c0402a0f7f8")


def _unity_devdata(r):
    serial = "E3-" + "-".join(_chars(r, _UPPER + _DIGITS, 4) for _ in range(5))
    return _b64(b"\x01\x00\x00\x00" + serial.encode())


def _azure_secret(r):
    return _chars(r, _ALNUM, 3) + "8Q~" + _chars(r, _ALNUM + "_.~-", 34)


def _fcm_key(r):
    return "AAAA" + _chars(r, _TOKCH, 7) + ":APA91b" + _chars(r, _TOKCH, 134)


def _fastlane_session(r):
    return "DAWTKNV2" + _chars(r, "0123456789abcdef", 280)


def _sas_sig(r):
    raw = _b64(_rbytes(r, 32))
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _ms_recovery(r):
    return "-".join("%06d" % (r.randrange(0, 90909) * 11) for _ in range(8))


def _fv_recovery(r):
    return "-".join(_chars(r, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789", 4) for _ in range(6))


def _pypi(r):
    return "pypi-AgEIcHlwaS5vcmc" + _chars(r, _TOKCH, 160)


def _jfrog_ref(r):
    return _b64(("reftkn:01:%d:%s" % (_epoch(r) + 31536000, _chars(r, _ALNUM, 32))).encode())


def _aws_session(r):
    return "IQoJb3JpZ2luX2VjE" + _chars(r, _ALNUM + "+/", 330) + "=="


def _steam_ticket(r):
    return "14000000" + _chars(r, "0123456789ABCDEF", 232)


def _playfab_ticket(r):
    h = lambda n: _chars(r, "0123456789ABCDEF", n)
    return "%s-%s-%s-%s-8DC%s-%s" % (h(16), h(16), h(16), h(5), h(13), _b64(_rbytes(r, 30)))


def _amzn_refresh(r):
    return "Atzr|IwEBI" + _chars(r, _TOKCH, 300)


def _fb_token(r):
    return "EAA" + _chars(r, _ALNUM, 180)


def _sentry_org(r):
    payload = json.dumps({"iat": float(_epoch(r)), "url": "https://sentry.io",
                          "region_url": "https://us.sentry.io", "org": _pick(r, _CO)},
                         separators=(",", ":"))
    return "sntrys_" + _b64(payload.encode()) + "_" + _chars(r, _ALNUM + "+/", 43)


def _xbl(r):
    return _b64u(_rbytes(r, 600))


def _ngrok(r):
    return str(r.randint(2, 2)) + _chars(r, _ALNUM, 26) + "_" + _chars(r, _ALNUM, 21)


def _ops_token(r):
    payload = json.dumps({"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096",
                          "alg": "PBES2g-HS256", "iterations": 650000, "salt": _chars(r, _TOKCH, 22)},
                          "email": _chars(r, _LOWER, 13) + "@1passwordserviceaccounts.com",
                          "srpX": _chars(r, "0123456789abcdef", 64), "muk": {"alg": "A256GCM", "ext": True,
                          "k": _chars(r, _TOKCH, 43), "kty": "oct"}, "secretKey": "A3-" + _chars(r, _UPPER + _DIGITS, 6)},
                         separators=(",", ":"))
    return "ops_" + _b64u(payload.encode())


def _hr(r, n):
    return _chars(r, "0123456789abcdef", n)


# ---------------------------------------------------------------------------
# spec kinds: used in secret specs as {kindN} and in templates as @@kindN@@
# ---------------------------------------------------------------------------

_KINDS = {
    "hex": lambda r, n: _chars(r, "0123456789abcdef", n),
    "HEX": lambda r, n: _chars(r, "0123456789ABCDEF", n),
    "an": lambda r, n: _chars(r, _ALNUM, n),
    "lan": lambda r, n: _chars(r, _LOWER + _DIGITS, n),
    "uan": lambda r, n: _chars(r, _UPPER + _DIGITS, n),
    "low": lambda r, n: _chars(r, _LOWER, n),
    "up": lambda r, n: _chars(r, _UPPER, n),
    "dig": lambda r, n: _pick(r, "123456789") + _chars(r, _DIGITS, n - 1),
    "b64": lambda r, n: _b64(_rbytes(r, n)),
    "b64u": lambda r, n: _b64u(_rbytes(r, n)),
    "b64s": lambda r, n: _chars(r, _B64, n),
    "tok": lambda r, n: _chars(r, _TOKCH, n),
    "b32": lambda r, n: _chars(r, _B32, n),
    "lb32": lambda r, n: _chars(r, _B32.lower(), n),
    "gpw": lambda r, n: _chars(r, _ALNUM + "!#%*+-.=?@^_~", n or 20),
    "pw": lambda r, n: _pw(r),
    "upw": lambda r, n: _pw(r, "!*-_.~"),
    "spw": lambda r, n: _pw(r, "-_.+@%,"),
    "pp": lambda r, n: _passphrase(r),
    "apw": lambda r, n: _apple_pw(r),
    "uuid": lambda r, n: _uuid(r),
    "UUID": lambda r, n: _uuid(r).upper(),
    "jwt": lambda r, n: _jwt(r),
    "jwtasc": lambda r, n: _jwt_asc(r),
    "jwtapns": lambda r, n: _jwt_apns(r),
    "jwtrs": lambda r, n: _jwt_rs(r),
    "jwtsb": lambda r, n: _jwt_supabase(r),
    "jwtmender": lambda r, n: _jwt_mender(r),
    "rsapk": lambda r, n: _pem_body(_rsa_pkcs8_der(r)),
    "rsapkj": lambda r, n: _pem_body(_rsa_pkcs8_der(r), "\\n"),
    "rsaone": lambda r, n: _pem_body(_rsa_pkcs1_der(r)),
    "rsaonej": lambda r, n: _pem_body(_rsa_pkcs1_der(r), "\\n"),
    "rsabig": lambda r, n: _pem_body(_rsa_pkcs1_der(r, 3072)),
    "ecpk": lambda r, n: _pem_body(_ec_pkcs8_der(r)),
    "ecpkj": lambda r, n: _pem_body(_ec_pkcs8_der(r), "\\n"),
    "ecsec": lambda r, n: _pem_body(_ec_sec1_der(r)),
    "edpk": lambda r, n: _pem_body(_ed25519_pkcs8_der(r)),
    "sshed": lambda r, n: _openssh_ed25519(r, _pick(r, _USERS) + "@" + _pick(r, _CO)),
    "minisk": lambda r, n: _minisign_sk(r),
    "tauri": lambda r, n: _tauri_sk(r),
    "bytes": lambda r, n: _byte_list(r, n or 16),
    "ints": lambda r, n: _int_list(r, n or 16),
    "dataset": lambda r, n: _thread_dataset(r),
    "ulf": lambda r, n: _unity_devdata(r),
    "azsec": lambda r, n: _azure_secret(r),
    "fcm": lambda r, n: _fcm_key(r),
    "flsession": lambda r, n: _fastlane_session(r),
    "sas": lambda r, n: _sas_sig(r),
    "bitlocker": lambda r, n: _ms_recovery(r),
    "filevault": lambda r, n: _fv_recovery(r),
    "pypi": lambda r, n: _pypi(r),
    "jfrog": lambda r, n: _jfrog_ref(r),
    "awssess": lambda r, n: _aws_session(r),
    "steamticket": lambda r, n: _steam_ticket(r),
    "pfticket": lambda r, n: _playfab_ticket(r),
    "atzr": lambda r, n: _amzn_refresh(r),
    "fbtok": lambda r, n: _fb_token(r),
    "sntrys": lambda r, n: _sentry_org(r),
    "xbl": lambda r, n: _xbl(r),
    "ngrok": lambda r, n: _ngrok(r),
    "opstok": lambda r, n: _ops_token(r),
    "unityserial": lambda r, n: "E3-" + "-".join(_chars(r, _UPPER + _DIGITS, 4) for _ in range(5)),
    "ghp": lambda r, n: "ghp_" + _chars(r, _ALNUM, 36),
    "glpat": lambda r, n: "glpat-" + _chars(r, _TOKCH, 20),
    "npm": lambda r, n: "npm_" + _chars(r, _ALNUM, 36),
    "fbci": lambda r, n: "1//0" + _chars(r, _TOKCH, 2) + _chars(r, _TOKCH, 99),
    "yatok": lambda r, n: "ya29.a0" + _chars(r, _TOKCH, 150),
    "akia": lambda r, n: "AKIA" + _chars(r, _UPPER + "234567", 16),
    "awssk": lambda r, n: _chars(r, _B64, 40),
    "sntryu": lambda r, n: "sntryu_" + _chars(r, "0123456789abcdef", 64),
    "stripe": lambda r, n: "sk_live_" + _chars(r, _ALNUM, 99 if n == 99 else 24),
    "slackhook": lambda r, n: _chars(r, _ALNUM, 24),
    "dchook": lambda r, n: _chars(r, _TOKCH, 68),
    "tgbot": lambda r, n: "%d:AA%s" % (r.randint(5000000000, 7999999999), _chars(r, _TOKCH, 33)),
    "gocspx": lambda r, n: "GOCSPX-" + _chars(r, _TOKCH, 28),
    "aiza": lambda r, n: "AIza" + _chars(r, _TOKCH, 35),
    "eossec": lambda r, n: _chars(r, _ALNUM + "+/", 43),
}


def _fill_named(r, name, get):
    if name == "co":
        return _pick(r, _CO)
    if name == "dom":
        return get("co") + "." + _pick(r, _TLD)
    if name == "host":
        return _pick(r, _SUB) + "." + get("dom")
    if name == "appi":
        return str(r.randrange(len(_APPS)))
    if name == "app":
        return _APPS[int(get("appi"))][0]
    if name == "appslug":
        return _APPS[int(get("appi"))][1]
    if name == "bundle":
        return "com." + get("co") + "." + get("appslug")
    if name == "gamei":
        return str(r.randrange(len(_GAMES)))
    if name == "game":
        return _GAMES[int(get("gamei"))][0]
    if name == "gslug":
        return _GAMES[int(get("gamei"))][1]
    if name == "user":
        return _pick(r, _USERS)
    if name == "first":
        return _pick(r, _FIRST)
    if name == "name":
        return _pick(r, _CHATNAMES)
    if name == "email":
        if r.random() < 0.5:
            return get("first") + "@" + get("dom")
        return get("first") + "." + _pick(r, _LAST) + "@" + get("dom")
    if name == "ip":
        k = r.randrange(3)
        if k == 0:
            return "192.168.%d.%d" % (r.randint(0, 12), r.randint(2, 250))
        if k == 1:
            return "10.%d.%d.%d" % (r.randint(0, 40), r.randint(0, 255), r.randint(2, 250))
        return "172.%d.%d.%d" % (r.randint(16, 31), r.randint(0, 255), r.randint(2, 250))
    if name == "pip":
        return "%s.%d" % (_pick(r, ["203.0.113", "198.51.100", "192.0.2"]), r.randint(2, 250))
    if name == "ts":
        return _ts(r)
    if name == "tsl":
        return _ts(r).replace("T", " ").rstrip("Z") + ".%03d" % r.randrange(1000)
    if name == "date":
        return _ts(r)[:10]
    if name == "clock":
        return "%02d:%02d:%02d" % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59))
    if name == "hm":
        return "%02d:%02d" % (r.randint(7, 23), r.randint(0, 59))
    if name == "epoch":
        return str(_epoch(r))
    if name == "ver":
        return "%d.%d.%d" % (r.randint(0, 5), r.randint(0, 24), r.randint(0, 30))
    if name == "build":
        return str(r.randint(100, 99999))
    if name in ("teamid", "keyid"):
        return _chars(r, _UPPER + _DIGITS, 10)
    if name == "device":
        return _pick(r, _DEVPFX) + "-" + _chars(r, "0123456789abcdef", 4)
    if name == "ssid":
        return _pick(r, _SSIDS)
    if name == "appid":
        return str(r.randint(1000000, 3400000))
    if name == "steamuser":
        return _pick(r, ["%s_builder", "%s_build", "buildbot_%s", "%s-ci"]) % get("co")
    if name == "region":
        return _pick(r, _REGIONS)
    if name == "branch":
        return _pick(r, _BRANCHES)
    if name == "alias":
        return _pick(r, _ALIASES)
    if name == "pid":
        return str(r.randint(300, 65000))
    if name == "unity":
        return _pick(r, _UNITY)
    if name == "mac":
        return ":".join("%02X" % r.randrange(256) for _ in range(6))
    if name == "eui":
        return _chars(r, "0123456789ABCDEF", 16)
    if name == "steamid":
        return "7656119" + "%010d" % r.randrange(10 ** 10)
    if name == "n":
        return str(r.randint(2, 60))
    if name == "pct":
        return str(_pick(r, [1, 5, 10, 25, 50]))
    raise KeyError(name)


_TOK_RE = re.compile(r"@@(b64u|b64s|b64|lb32|b32|[A-Za-z_]+?)(\d*)(?:\.(\d+))?@@")
_SPEC_RE = re.compile(r"\{(b64u|b64s|b64|lb32|b32|[A-Za-z]+?)(\d*)\}")


def _value(r, name, num, get):
    if name in _KINDS:
        return _KINDS[name](r, int(num) if num else 0)
    return _fill_named(r, name + num, get)


def _make_get(r, cache):
    def get(key):
        full = "@@" + key + "@@"
        if full not in cache:
            m = _TOK_RE.fullmatch(full)
            cache[full] = _value(r, m.group(1), m.group(2), get)
        return cache[full]
    return get


def _render(r, text, cache):
    get = _make_get(r, cache)

    def sub(m):
        return get(m.group(0)[2:-2])
    return _TOK_RE.sub(sub, text)


def _from_spec(r, spec, cache):
    get = _make_get(r, cache)
    if callable(spec):
        return spec(r, get)
    out = []
    pos = 0
    for m in _SPEC_RE.finditer(spec):
        out.append(spec[pos:m.start()])
        out.append(_value(r, m.group(1), m.group(2), get))
        pos = m.end()
    out.append(spec[pos:])
    return "".join(out)


# ---------------------------------------------------------------------------
# extra generators used by the benign templates (public material, ids, digests)
# ---------------------------------------------------------------------------

_PHRASES = [
    "hello from the build bot", "release notes for the spring update",
    "{\"theme\":\"dark\",\"haptics\":true}", "level_04 unlocked", "player settings v2",
    "the quick brown fox jumps over the lazy dog", "crash report attached",
    "{\"channel\":\"beta\",\"rollout\":10}", "welcome to the closed playtest",
    "see you at the booth", "OTA manifest schema 3", "{\"locale\":\"de-DE\"}",
    "achievement: first blood", "save slot 2 backup", "tutorial skipped",
]


def _cert_der(r):
    body = bytes.fromhex("a003020102021412") + _rbytes(r, 19) + bytes.fromhex("300d06092a864886f70d01010b0500") + _rbytes(r, 520)
    tbs = b"\x30" + _der_len(len(body)) + body
    full = tbs + bytes.fromhex("300d06092a864886f70d01010b0500") + b"\x03\x82\x01\x01\x00" + _rbytes(r, 256)
    return b"\x30" + _der_len(len(full)) + full


def _rsa_spki(r):
    inner = b"\x30\x82\x01\x0a\x02\x82\x01\x01\x00\xb7" + _rbytes(r, 255) + b"\x02\x03\x01\x00\x01"
    bitstr = b"\x03\x82\x01\x0f\x00" + inner
    body = _OID_RSA + bitstr
    return b"\x30" + _der_len(len(body)) + body


def _ec_spki(r):
    return bytes.fromhex("3059") + _OID_EC + bytes.fromhex("03420004") + _rbytes(r, 64)


def _ssh_pub(r):
    return "ssh-ed25519 " + _b64(_sshstr(b"ssh-ed25519") + _sshstr(_rbytes(r, 32)))


def _ssh_rsa_pub(r):
    return "ssh-rsa " + _b64(_sshstr(b"ssh-rsa") + _sshstr(b"\x01\x00\x01") + _sshstr(b"\x00\xc3" + _rbytes(r, 255)))


def _colon_hex(r, n):
    return ":".join("%02X" % r.randrange(256) for _ in range(n))


_KINDS.update({
    "certbody": lambda r, n: _pem_body(_cert_der(r)),
    "rsapub": lambda r, n: _b64(_rsa_spki(r)),
    "rsapubpem": lambda r, n: _pem_body(_rsa_spki(r)),
    "ecpub": lambda r, n: _pem_body(_ec_spki(r)),
    "sshpub": lambda r, n: _ssh_pub(r),
    "sshrsapub": lambda r, n: _ssh_rsa_pub(r),
    "minipub": lambda r, n: _minisign_pk(r),
    "sigsixtyfour": lambda r, n: _b64(_rbytes(r, 64)),
    "sri": lambda r, n: "sha512-" + _b64(_rbytes(r, 64)),
    "gosum": lambda r, n: "h1:" + _b64(_rbytes(r, 32)),
    "fpsha": lambda r, n: _colon_hex(r, 20),
    "fpsha256": lambda r, n: _colon_hex(r, 32),
    "fpmd": lambda r, n: _colon_hex(r, 16),
    "btext": lambda r, n: _b64(_pick(r, _PHRASES).encode()),
    "adunit": lambda r, n: "ca-app-pub-%016d/%010d" % (r.randrange(10 ** 16), r.randrange(10 ** 10)),
    "admobapp": lambda r, n: "ca-app-pub-%016d~%010d" % (r.randrange(10 ** 16), r.randrange(10 ** 10)),
    "traceparent": lambda r, n: "00-%s-%s-01" % (_hr(r, 32), _hr(r, 16)),
    "pbxid": lambda r, n: _chars(r, "0123456789ABCDEF", 24),
    "semver": lambda r, n: "%d.%d.%d" % (r.randint(0, 9), r.randint(0, 40), r.randint(0, 60)),
    "tauripub": lambda r, n: _b64(("untrusted comment: minisign public key: %s\n%s\n" % (_hr(r, 16).upper(), _minisign_pk(r))).encode()),
    "taurisig": lambda r, n: _b64(("untrusted comment: signature from tauri secret key\n%s\ntrusted comment: timestamp:%d\tfile:app.tar.gz\n%s\n" % (
        _b64(b"ED" + _rbytes(r, 72)), _epoch(r), _b64(_rbytes(r, 64)))).encode()),
})


# ---------------------------------------------------------------------------
# template registries
# ---------------------------------------------------------------------------

_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_TPL = dict((g, []) for g in _GROUPS)
_BEN = []


def _adder(group):
    def add(fmt, spec, text, vis=""):
        _TPL[group].append((fmt, spec, text, vis))
    return add


_cmd = _adder("command")
_out = _adder("tool-output")
_cfg = _adder("config-file")
_src = _adder("source-code")
_log = _adder("stack-trace-or-log")
_note = _adder("note-or-chat")
_ci = _adder("ci-and-deploy")
_vt = _adder("vendor-token")


def _b(text):
    _BEN.append(text)


# ---------------------------------------------------------------------------
# command: shell commands the agent ran (or was about to run)
# ---------------------------------------------------------------------------

_cmd("steamcmd-login-positional", "{spw}",
     "steamcmd +login @@steamuser@@ @@S@@ +run_app_build ../scripts/app_build_@@appid@@.vdf +quit",
     "+run_app_build ../scripts/app_build_@@appid@@.vdf")
_cmd("security-unlock-keychain-p", "{pw}",
     "$ security unlock-keychain -p '@@S@@' ~/Library/Keychains/build.keychain-db",
     "~/Library/Keychains/build.keychain-db")
_cmd("security-import-p12-flag", "{pw}",
     "security import certs/distribution.p12 -k ~/Library/Keychains/ci.keychain-db -P '@@S@@' -T /usr/bin/codesign -T /usr/bin/security",
     "-T /usr/bin/codesign")
_cmd("keytool-genkeypair-storepass", "{spw}",
     "keytool -genkeypair -v -keystore android/app/upload-keystore.jks -alias @@alias@@ -keyalg RSA -keysize 2048 -validity 10000 \\\n  -storepass @@S@@ -keypass @@S@@ \\\n  -dname \"CN=@@app@@, OU=Mobile, O=@@co@@, C=DE\"",
     "android/app/upload-keystore.jks")
_cmd("apksigner-ks-pass-inline", "{spw}",
     "apksigner sign --ks release.jks --ks-key-alias @@alias@@ --ks-pass pass:@@S@@ --out app-release-signed.apk app/build/outputs/apk/release/app-release-unsigned.apk",
     "app-release-signed.apk")
_cmd("jarsigner-storepass-aab", "{spw}",
     "jarsigner -verbose -sigalg SHA256withRSA -digestalg SHA-256 -keystore ~/keys/@@appslug@@-release.keystore -storepass @@S@@ app/build/outputs/bundle/release/app-release.aab @@alias@@",
     "app-release.aab")
_cmd("bundletool-build-apks-ks-pass", "{spw}",
     "java -jar bundletool-all-1.15.6.jar build-apks --bundle=app-release.aab --output=/tmp/@@appslug@@.apks --ks=upload.jks --ks-pass=pass:@@S@@ --ks-key-alias=@@alias@@ --key-pass=pass:@@S@@ --mode=universal",
     "--output=/tmp/@@appslug@@.apks")
_cmd("xcrun-altool-upload-apple-pw", "{apw}",
     "xcrun altool --upload-app -f build/@@app@@.ipa -t ios -u @@email@@ -p @@S@@ --output-format xml",
     "@@email@@")
_cmd("notarytool-submit-password-flag", "{apw}",
     "xcrun notarytool submit dist/@@app@@-@@ver@@.dmg --apple-id @@email@@ --team-id @@teamid@@ --password @@S@@ --wait",
     "dist/@@app@@-@@ver@@.dmg")
_cmd("notarytool-store-credentials", "{apw}",
     "xcrun notarytool store-credentials \"AC_NOTARY\" \\\n    --apple-id \"@@email@@\" \\\n    --team-id \"@@teamid@@\" \\\n    --password \"@@S@@\"",
     "AC_NOTARY")
_cmd("fastlane-password-env-prefix", "{pw}",
     "FASTLANE_USER=@@email@@ FASTLANE_PASSWORD='@@S@@' bundle exec fastlane ios beta",
     "bundle exec fastlane ios beta")
_cmd("match-password-export-chain", "{pp}",
     "export MATCH_PASSWORD=\"@@S@@\" && bundle exec fastlane match appstore --readonly --app_identifier @@bundle@@",
     "--app_identifier @@bundle@@")
_cmd("openssl-pkcs12-passout", "{pw}",
     "openssl pkcs12 -export -inkey ios_distribution.key -in ios_distribution.pem -certfile AppleWWDRCAG3.pem -out ios_distribution.p12 -passout 'pass:@@S@@'",
     "ios_distribution.p12")
_cmd("openssl-enc-firmware-hex-key", "{hex32}",
     "openssl enc -aes-128-cbc -K @@S@@ -iv @@hex32@@ -in build/@@device@@-fw.bin -out build/@@device@@-fw.enc",
     "build/@@device@@-fw.enc")
_cmd("idf-py-wifi-define", "{pw}",
     "idf.py -DCONFIG_EXAMPLE_WIFI_SSID=\"@@ssid@@\" -DCONFIG_EXAMPLE_WIFI_PASSWORD=\"@@S@@\" -p /dev/ttyUSB0 build flash monitor",
     "-p /dev/ttyUSB0 build flash monitor")
_cmd("mosquitto-pub-tls-p-flag", "{pw}",
     "mosquitto_pub -h @@host@@ -p 8883 --cafile certs/ca.crt -u @@device@@ -P '@@S@@' -t devices/@@device@@/cmd -m '{\"ota\":\"check\",\"channel\":\"beta\"}'",
     "devices/@@device@@/cmd")
_cmd("mosquitto-sub-url-userinfo", "{upw}",
     "mosquitto_sub -L mqtts://@@user@@:@@S@@@@@host@@:8883/telemetry/# -v --cafile /etc/ssl/certs/ca-certificates.crt",
     "@@host@@")
_cmd("curl-u-user-colon-password", "{upw}",
     "curl -sS -u @@user@@:@@S@@ https://@@host@@/api/v2/firmware/releases?channel=stable | jq '.[0]'",
     "https://@@host@@/api/v2/firmware/releases")
_cmd("curl-bearer-device-list", "{jwt}",
     "curl -s -H \"Authorization: Bearer @@S@@\" 'https://api.@@dom@@/v1/devices?limit=50&status=offline'",
     "https://api.@@dom@@/v1/devices")
_cmd("adb-cmd-wifi-connect-network", "{pw}",
     "adb -s @@hex8@@ shell cmd wifi connect-network \"@@ssid@@\" wpa2 '@@S@@'",
     "@@ssid@@")
_cmd("nmcli-wifi-connect-password", "{pw}",
     "sudo nmcli dev wifi connect \"@@ssid@@\" password \"@@S@@\" ifname wlan0",
     "ifname wlan0")
_cmd("wpa-passphrase-tee", "{pw}",
     "wpa_passphrase \"@@ssid@@\" '@@S@@' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf",
     "/etc/wpa_supplicant/wpa_supplicant.conf")
_cmd("p4-login-echo-pipe", "{pw}",
     "echo '@@S@@' | p4 -u @@user@@ -p ssl:perforce.@@dom@@:1666 login",
     "ssl:perforce.@@dom@@:1666")
_cmd("butler-push-env-prefix", "{an40}",
     "BUTLER_API_KEY=@@S@@ butler push build/windows @@co@@/@@gslug@@:windows-beta --userversion @@ver@@",
     "@@co@@/@@gslug@@:windows-beta")
_cmd("eos-buildpatchtool-clientsecret", "{eossec}",
     "Engine\\Binaries\\Win64\\BuildPatchTool.exe -OrganizationId=o-@@lan30@@ -ProductId=@@hex32@@ -ArtifactId=@@hex32.2@@ -ClientId=xyza7891@@an24@@ -ClientSecret=@@S@@ -mode=UploadBinary -BuildRoot=\"D:\\Builds\\@@gslug@@\\WindowsNoEditor\" -CloudDir=\"D:\\Builds\\cloud\" -BuildVersion=@@ver@@-win64 -AppLaunch=@@gslug@@.exe -AppArgs=\"\"",
     "-mode=UploadBinary")
_cmd("unity-batchmode-serial", "{unityserial}",
     "\"/Applications/Unity/Hub/Editor/@@unity@@/Unity.app/Contents/MacOS/Unity\" -batchmode -quit -nographics -serial @@S@@ -username \"$UNITY_EMAIL\" -password \"$UNITY_PASSWORD\" -logFile -",
     "-batchmode -quit -nographics")
_cmd("unity-batchmode-password-arg", "{pw}",
     "unity-editor -batchmode -quit -username @@email@@ -password '@@S@@' -projectPath ./@@gslug@@ -executeMethod BuildScript.BuildAndroid -logFile build.log",
     "BuildScript.BuildAndroid")
_cmd("firebase-appdistribution-token", "{fbci}",
     "firebase appdistribution:distribute app/build/outputs/apk/release/app-release.apk --app 1:@@dig12@@:android:@@hex16@@ --groups \"qa, design\" --release-notes \"@@branch@@ @@hex7@@\" --token \"@@S@@\"",
     "--groups \"qa, design\"")
_cmd("eas-build-expo-token-prefix", "{tok40}",
     "EXPO_TOKEN=@@S@@ npx eas-cli build --platform ios --profile production --non-interactive",
     "--profile production")
_cmd("eas-secret-create-value", "{sntryu}",
     "npx eas-cli secret:create --scope project --name SENTRY_AUTH_TOKEN --value @@S@@ --type string",
     "SENTRY_AUTH_TOKEN")
_cmd("sentry-cli-auth-token-flag", "{sntrys}",
     "sentry-cli --auth-token @@S@@ debug-files upload --org @@co@@ --project ios-@@appslug@@ --include-sources build/DerivedData/Build/Products/Release-iphoneos/",
     "--project ios-@@appslug@@")
_cmd("bugsnag-proguard-upload-form", "{hex32}",
     "curl https://upload.bugsnag.com/proguard -F apiKey=@@S@@ -F versionCode=@@build@@ -F appId=@@bundle@@ -F versionName=@@ver@@ -F proguard=@app/build/outputs/mapping/release/mapping.txt",
     "https://upload.bugsnag.com/proguard")
_cmd("appcenter-login-token-chain", "{hex40}",
     "appcenter login --token @@S@@ && appcenter distribute release -f build/@@app@@.ipa -g \"Beta Testers\" -a @@co@@/@@app@@-iOS",
     "appcenter distribute release")
_cmd("signtool-pfx-p-flag", "{pw}",
     "signtool sign /f C:\\certs\\@@co@@-codesign.pfx /p @@S@@ /tr http://timestamp.digicert.com /td sha256 /fd sha256 dist\\@@app@@Setup-@@ver@@.exe",
     "http://timestamp.digicert.com")
_cmd("azuresigntool-kvs", "{azsec}",
     "AzureSignTool sign -kvu https://@@co@@-signing.vault.azure.net -kvi @@uuid@@ -kvt @@uuid.2@@ -kvs @@S@@ -kvc ev-codesign-2025 -tr http://timestamp.digicert.com -td sha256 -v dist\\*.exe",
     "https://@@co@@-signing.vault.azure.net")
_cmd("osslsigncode-pass", "{pw}",
     "osslsigncode sign -pkcs12 certs/authenticode.p12 -pass '@@S@@' -n \"@@app@@\" -i https://@@dom@@ -t http://timestamp.sectigo.com -in out/@@appslug@@.exe -out out/@@appslug@@-signed.exe",
     "out/@@appslug@@-signed.exe")
_cmd("tauri-key-password-env", "{pw}",
     "TAURI_SIGNING_PRIVATE_KEY=\"$(cat ~/.tauri/@@appslug@@.key)\" TAURI_SIGNING_PRIVATE_KEY_PASSWORD='@@S@@' npm run tauri build -- --target universal-apple-darwin",
     "--target universal-apple-darwin")
_cmd("electron-builder-csc-key-password", "{pw}",
     "CSC_LINK=./build/certs/developer-id.p12 CSC_KEY_PASSWORD='@@S@@' npx electron-builder --mac --universal --publish never",
     "./build/certs/developer-id.p12")
_cmd("electron-builder-gh-token", "{ghp}",
     "GH_TOKEN=@@S@@ npx electron-builder --win --x64 --publish always",
     "--publish always")
_cmd("docker-login-ghcr-stdin", "{ghp}",
     "echo @@S@@ | docker login ghcr.io -u @@user@@ --password-stdin",
     "docker login ghcr.io")
_cmd("psql-uri-leaderboards", "{upw}",
     "psql \"postgresql://@@user@@:@@S@@@@@host@@:5432/leaderboards?sslmode=require\" -c '\\dt'",
     "leaderboards")
_cmd("mongosh-srv-lobbies", "{upw}",
     "mongosh \"mongodb+srv://matchmaker:@@S@@@cluster0.@@lan5@@.mongodb.net/lobbies?retryWrites=true\"",
     "matchmaker")
_cmd("redis-cli-a-flag", "{pw}",
     "redis-cli -h @@host@@ -p 6379 -a '@@S@@' --no-auth-warning --scan --pattern 'session:*' | head",
     "--pattern 'session:*'")
_cmd("mysql-p-attached", "{pw}",
     "mysql -h @@ip@@ -u telemetry -p'@@S@@' game_stats -e \"SELECT platform, COUNT(*) FROM sessions WHERE day = CURDATE() GROUP BY 1\"",
     "game_stats")
_cmd("sshpass-uboot-fw-setenv", "{pw}",
     "sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no root@@@ip@@ 'fw_setenv bootdelay 0 && fw_printenv | grep boot'",
     "fw_setenv bootdelay 0")
_cmd("sshpass-scp-swu", "{spw}",
     "sshpass -p @@S@@ scp build/tmp/deploy/images/@@device@@/update-@@ver@@.swu admin@@@ip@@:/tmp/",
     "update-@@ver@@.swu")
_cmd("aws-configure-set-secret", "{awssk}",
     "aws configure set aws_secret_access_key @@S@@ --profile iot-factory",
     "--profile iot-factory")
_cmd("aws-s3-cp-env-pair", "{awssk}",
     "AWS_ACCESS_KEY_ID=@@akia@@ AWS_SECRET_ACCESS_KEY=@@S@@ aws s3 cp build/ota/ s3://@@co@@-ota-prod/releases/@@ver@@/ --recursive --region @@region@@",
     "s3://@@co@@-ota-prod/releases/@@ver@@/")
_cmd("az-iot-send-d2c-login", "{b6432}",
     "az iot device send-d2c-message --hub-name @@co@@-hub --device-id @@device@@ --data '{\"temp\":21.4}' --login \"HostName=@@co@@-hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=@@S@@\"",
     "--device-id @@device@@")
_cmd("particle-flash-token-flag", "{hex40}",
     "particle flash @@device@@ target/5.6.0/argon/firmware.bin --token @@S@@",
     "particle flash @@device@@")
_cmd("balena-login-token", "{an32}",
     "balena login --token @@S@@ && balena push @@co@@/fleet-gateways",
     "balena push @@co@@/fleet-gateways")
_cmd("mender-cli-login-password", "{pw}",
     "mender-cli login --server https://hosted.mender.io --username @@email@@ --password '@@S@@'",
     "https://hosted.mender.io")
_cmd("git-clone-oauth2-gitlab", "{glpat}",
     "git clone https://oauth2:@@S@@@gitlab.@@dom@@/firmware/bootloader.git",
     "gitlab.@@dom@@/firmware/bootloader.git")
_cmd("git-remote-set-url-userinfo", "{ghp}",
     "git remote set-url origin https://@@user@@:@@S@@@github.com/@@co@@/@@gslug@@-unity.git",
     "github.com/@@co@@/@@gslug@@-unity.git")
_cmd("npm-config-set-authtoken-scope", "{ghp}",
     "npm config set //npm.pkg.github.com/:_authToken @@S@@ && npm install @@@co@@/native-bridge",
     "npm.pkg.github.com")
_cmd("pod-repo-add-token-url", "{ghp}",
     "pod repo add @@co@@-specs https://x-access-token:@@S@@@github.com/@@co@@/Specs.git",
     "@@co@@-specs")
_cmd("gradlew-injected-signing", "{spw}",
     "./gradlew :app:bundleRelease \\\n  -Pandroid.injected.signing.store.file=$PWD/keys/upload.jks \\\n  -Pandroid.injected.signing.store.password=@@S@@ \\\n  -Pandroid.injected.signing.key.alias=@@alias@@ \\\n  -Pandroid.injected.signing.key.password=@@S@@",
     ":app:bundleRelease")
_cmd("gradlew-publish-maven-creds", "{spw}",
     "./gradlew :sdk:publishReleasePublicationToNexusRepository -PnexusUsername=@@user@@ -PnexusPassword=@@S@@",
     "-PnexusUsername=@@user@@")
_cmd("curl-asc-jwt-apps", "{jwtasc}",
     "curl -g -H \"Authorization: Bearer @@S@@\" \"https://api.appstoreconnect.apple.com/v1/apps?filter[bundleId]=@@bundle@@\"",
     "api.appstoreconnect.apple.com")
_cmd("curl-androidpublisher-ya29", "{yatok}",
     "curl -X POST -H \"Authorization: Bearer @@S@@\" \"https://androidpublisher.googleapis.com/androidpublisher/v3/applications/@@bundle@@/edits\"",
     "androidpublisher.googleapis.com")
_cmd("curl-fcm-legacy-key-header", "{fcm}",
     "curl -X POST https://fcm.googleapis.com/fcm/send -H \"Authorization: key=@@S@@\" -H \"Content-Type: application/json\" -d '{\"to\":\"/topics/news\",\"notification\":{\"title\":\"Patch @@ver@@ is live\"}}'",
     "/topics/news")
_cmd("curl-apns-http2-jwt", "{jwtapns}",
     "curl -v --http2 -H \"authorization: bearer @@S@@\" -H \"apns-topic: @@bundle@@\" -H \"apns-push-type: alert\" -d '{\"aps\":{\"alert\":\"Your run is ready\"}}' https://api.sandbox.push.apple.com/3/device/@@hex64@@",
     "apns-topic: @@bundle@@")
_cmd("curl-onesignal-key-header", "os_v2_app_{lb32100}",
     "curl --request POST --url https://api.onesignal.com/notifications --header 'Authorization: Key @@S@@' --header 'content-type: application/json' --data '{\"app_id\":\"@@uuid@@\",\"included_segments\":[\"Lapsed 7d\"],\"contents\":{\"en\":\"Your garden misses you\"}}'",
     "https://api.onesignal.com/notifications")
_cmd("curl-revenuecat-secret-bearer", "sk_{an32}",
     "curl -s https://api.revenuecat.com/v1/subscribers/$RC_APP_USER_ID -H \"Authorization: Bearer @@S@@\" -H 'X-Platform: ios' | jq .subscriber.entitlements",
     "api.revenuecat.com")
_cmd("stripe-listen-api-key", "{stripe}",
     "stripe listen --forward-to localhost:4242/webhooks/stripe --api-key @@S@@",
     "localhost:4242/webhooks/stripe")
_cmd("curl-appsflyer-raw-data-bearer", "{jwt}",
     "curl -G \"https://hq1.appsflyer.com/api/raw-data/export/app/id@@dig10@@/installs_report/v5\" --data-urlencode \"from=@@date@@\" --data-urlencode \"to=@@date.2@@\" -H \"authorization: Bearer @@S@@\" -o installs.csv",
     "installs_report/v5")
_cmd("curl-adjust-s2s-auth", "{lan32}",
     "curl -X POST \"https://s2s.adjust.com/event\" -H \"Authorization: Bearer @@S@@\" -d \"s2s=1&app_token=@@lan12@@&event_token=@@lan6@@&gps_adid=@@uuid@@&revenue=4.99&currency=EUR\"",
     "s2s.adjust.com/event")
_cmd("curl-mixpanel-import-secret-user", "{hex32}",
     "curl https://api-eu.mixpanel.com/import?strict=1 -u @@S@@: -H 'Content-Type: application/x-ndjson' --data-binary @events.ndjson",
     "api-eu.mixpanel.com/import")
_cmd("curl-amplitude-export-basic", "{hex32}",
     "curl -u @@hex32@@:@@S@@ 'https://amplitude.com/api/2/export?start=20250301T00&end=20250301T23' -o amp-export.zip",
     "amplitude.com/api/2/export")
_cmd("curl-steam-partner-key-query", "{HEX32}",
     "curl \"https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v2/?key=@@S@@&steamid=@@steamid@@&appid=@@appid@@\"",
     "CheckAppOwnership")
_cmd("curl-playfab-x-secretkey", "{uan52}",
     "curl -X POST https://@@HEX5@@.playfabapi.com/Admin/GetTitleData -H \"X-SecretKey: @@S@@\" -H \"Content-Type: application/json\" -d '{\"Keys\":[\"season_config\"]}'",
     "Admin/GetTitleData")
_cmd("curl-twitch-client-credentials", "{lan30}",
     "curl -X POST 'https://id.twitch.tv/oauth2/token?client_id=@@lan30@@&client_secret=@@S@@&grant_type=client_credentials'",
     "grant_type=client_credentials")
_cmd("curl-discord-webhook-post", "{dchook}",
     "curl -H \"Content-Type: application/json\" -d '{\"content\":\"Build @@build@@ uploaded to Steam branch beta\"}' https://discord.com/api/webhooks/@@dig18@@/@@S@@",
     "Build @@build@@ uploaded")
_cmd("curl-slack-webhook-nightly", "{slackhook}",
     "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Nightly Android build failed on @@branch@@\"}' https://hooks.slack.com/services/T@@uan8@@/B@@uan10@@/@@S@@",
     "Nightly Android build failed")
_cmd("curl-telegram-bot-send", "{tgbot}",
     "curl -s \"https://api.telegram.org/bot@@S@@/sendMessage\" -d chat_id=-100@@dig10@@ -d text=\"OTA @@ver@@ rolled out to @@pct@@%\"",
     "sendMessage")
_cmd("gh-secret-set-body-literal", "{pw}",
     "gh secret set KEYSTORE_PASSWORD --body '@@S@@' --repo @@co@@/@@appslug@@-android",
     "KEYSTORE_PASSWORD")
_cmd("vault-kv-put-keystore", "{pw}",
     "vault kv put secret/mobile/android keystore_password='@@S@@' key_alias=@@alias@@",
     "secret/mobile/android")
_cmd("kubectl-create-secret-literal", "{gpw24}",
     "kubectl -n game-backend create secret generic nakama-db --from-literal=DB_USER=nakama --from-literal=DB_PASSWORD='@@S@@'",
     "nakama-db")
_cmd("nakama-database-address-flag", "{upw}",
     "docker run -d --name nakama -p 7350:7350 heroiclabs/nakama:3.21.1 --database.address \"nakama:@@S@@@db.@@dom@@:5432\" --logger.level INFO",
     "heroiclabs/nakama:3.21.1")
_cmd("nakama-runtime-http-key", "{an32}",
     "./nakama --name nakama1 --config data/local.yml --runtime.http_key @@S@@ --session.token_expiry_sec 7200",
     "--runtime.http_key")
_cmd("mysqldump-password-eq", "{spw}",
     "mysqldump -u backup --password=@@S@@ -h @@ip@@ --single-transaction accounts > /backups/accounts-$(date +%F).sql",
     "--single-transaction accounts")
_cmd("pg-dump-pgpassword-prefix", "{pw}",
     "PGPASSWORD='@@S@@' pg_dump -h @@host@@ -U analytics -d events -t installs --data-only > installs.sql",
     "-U analytics")
_cmd("htpasswd-b-builds", "{pw}",
     "sudo htpasswd -b -c /etc/nginx/.htpasswd-builds qa '@@S@@'",
     "/etc/nginx/.htpasswd-builds")
_cmd("openssl-rsa-passin", "{pw}",
     "openssl rsa -in keys/ota_signing.key -passin 'pass:@@S@@' -pubout -out keys/ota_signing.pub",
     "keys/ota_signing.pub")
_cmd("ssh-keygen-n-passphrase", "{pp}",
     "ssh-keygen -t ed25519 -f ~/.ssh/buildbot_@@co@@ -N '@@S@@' -C buildbot@@@co@@",
     "~/.ssh/buildbot_@@co@@")
_cmd("gpg-loopback-passphrase-sign", "{pp}",
     "gpg --batch --yes --pinentry-mode loopback --passphrase '@@S@@' --detach-sign --armor dist/@@app@@-@@ver@@-x86_64.AppImage",
     "--detach-sign --armor")
_cmd("7z-archive-p-attached", "{spw}",
     "7z a -p@@S@@ -mhe=on signing-backup-@@date@@.7z upload.jks keystore.properties AuthKey_@@keyid@@.p8",
     "signing-backup-@@date@@.7z")
_cmd("zip-capital-p-certs", "{spw}",
     "zip -P @@S@@ certs-handover.zip dist.p12 profiles/*.mobileprovision",
     "certs-handover.zip")
_cmd("unzip-devkit-tools-p", "{pw}",
     "unzip -P '@@S@@' devkit-tools-@@ver@@.zip -d ~/devkit",
     "devkit-tools-@@ver@@.zip")
_cmd("az-storage-upload-account-key", "{b6464}",
     "az storage blob upload-batch --account-name @@co@@crashdumps --account-key @@S@@ -d minidumps -s ./dumps --pattern '*.dmp'",
     "--account-name @@co@@crashdumps")
_cmd("wget-user-password-sdk", "{pw}",
     "wget --user=@@user@@ --password='@@S@@' https://artifacts.@@dom@@/sdk/console/sdk-@@ver@@.tar.gz",
     "https://artifacts.@@dom@@/sdk/console/sdk-@@ver@@.tar.gz")
_cmd("rclone-config-create-s3-secret", "{awssk}",
     "rclone config create builds s3 provider AWS access_key_id @@akia@@ secret_access_key @@S@@ region @@region@@",
     "rclone config create builds")
_cmd("lftp-u-user-comma-pass", "{spw}",
     "lftp -u @@user@@,@@S@@ sftp://@@host@@ -e \"mirror -R ./patches /var/www/patches; quit\"",
     "mirror -R ./patches")
_cmd("smbclient-user-percent-pass", "{spw}",
     "smbclient //nas.local/builds -U @@user@@%@@S@@ -c 'cd nightly; put @@gslug@@_@@build@@.pkg'",
     "//nas.local/builds")
_cmd("mount-cifs-password-option", "{spw}",
     "sudo mount -t cifs //@@ip@@/devkits /mnt/devkits -o username=@@user@@,password=@@S@@,vers=3.0,uid=$(id -u)",
     "/mnt/devkits")
_cmd("adb-am-start-deeplink-token", "{tok48}",
     "adb shell am start -a android.intent.action.VIEW -d \"@@appslug@@://auth/magic?token=@@S@@\" @@bundle@@",
     "android.intent.action.VIEW")
_cmd("simctl-openurl-magic-link", "{tok43}",
     "xcrun simctl openurl booted \"@@appslug@@://login/callback?magic_token=@@S@@&email=@@email@@\"",
     "xcrun simctl openurl booted")
_cmd("httpie-token-header-rollout", "{hex40}",
     "http POST https://@@host@@/v1/ota/rollouts Authorization:\"Token @@S@@\" version=@@ver@@ percent:=@@pct@@ channel=beta",
     "/v1/ota/rollouts")
_cmd("grpcurl-x-api-key", "{tok40}",
     "grpcurl -H \"x-api-key: @@S@@\" -d '{\"region\":\"eu\"}' match.@@dom@@:443 mm.v1.Matchmaker/ListPools",
     "mm.v1.Matchmaker/ListPools")
_cmd("websocat-query-token", "{jwt}",
     "websocat \"wss://realtime.@@dom@@/ws?token=@@S@@&v=3\"",
     "wss://realtime.@@dom@@/ws")
_cmd("python-sign-ota-key-hex", "{hex64}",
     "python3 tools/sign_ota.py --key-hex @@S@@ --in build/@@device@@.bin --out build/@@device@@.signed.bin",
     "tools/sign_ota.py")
_cmd("node-backtrace-token-env", "{hex64}",
     "BACKTRACE_TOKEN=@@S@@ node scripts/upload-symbols.js --universe @@co@@ --version @@ver@@ ./Symbols",
     "scripts/upload-symbols.js")
_cmd("flutter-dart-define-service-key", "{jwtsb}",
     "flutter build apk --release --dart-define=SUPABASE_URL=https://@@low20@@.supabase.co --dart-define=SUPABASE_SERVICE_KEY=@@S@@",
     "flutter build apk --release")
_cmd("curl-partner-center-token", "{azsec}",
     "curl -s -d \"grant_type=client_credentials&client_id=@@uuid@@&client_secret=@@S@@&resource=https://manage.devcenter.microsoft.com\" https://login.microsoftonline.com/@@uuid.2@@/oauth2/token",
     "https://manage.devcenter.microsoft.com")
_cmd("curl-huawei-agc-oauth", "{hex64}",
     "curl -X POST https://connect-api.cloud.huawei.com/api/oauth2/v1/token -H 'Content-Type: application/json' -d '{\"client_id\":\"@@dig18@@\",\"client_secret\":\"@@S@@\",\"grant_type\":\"client_credentials\"}'",
     "connect-api.cloud.huawei.com")
_cmd("sqlcmd-sa-password", "{pw}",
     "sqlcmd -S @@host@@,1433 -U sa -P '@@S@@' -d Purchases -Q \"SELECT TOP 20 * FROM dbo.Receipts ORDER BY CreatedAt DESC\"",
     "dbo.Receipts")
_cmd("influx-write-token-flag", "{b6464}",
     "influx write --bucket device-metrics --org @@co@@ --token @@S@@ --file metrics.lp --precision s",
     "--bucket device-metrics")
_cmd("docker-login-p-registry", "{tok32}",
     "docker login registry.@@dom@@ -u ci -p @@S@@",
     "registry.@@dom@@")
_cmd("helm-set-redis-password", "{gpw20}",
     "helm upgrade --install lobby charts/lobby -n multiplayer --set redis.auth.password='@@S@@' --set image.tag=@@ver@@",
     "charts/lobby")
_cmd("terraform-apply-var-steam-key", "{HEX32}",
     "terraform apply -var=\"steam_webapi_key=@@S@@\" -var-file=env/prod.tfvars",
     "env/prod.tfvars")
_cmd("ansible-playbook-become-pass", "{pw}",
     "ansible-playbook flash-gateways.yml -i inventory/field.ini --limit site_@@lan4@@ -e \"ansible_become_pass=@@S@@\"",
     "flash-gateways.yml")
_cmd("sudo-s-echo-dfu-util", "{pw}",
     "echo '@@S@@' | sudo -S dfu-util -a 0 -s 0x08000000:leave -D build/zephyr/zephyr.bin",
     "dfu-util -a 0")
_cmd("openssl-enc-decrypt-pass", "{pp}",
     "openssl enc -d -aes-256-cbc -pbkdf2 -pass 'pass:@@S@@' -in update-@@ver@@.enc -out update-@@ver@@.tar",
     "update-@@ver@@.tar")
_cmd("pip-extra-index-token-url", "{glpat}",
     "pip install --extra-index-url https://__token__:@@S@@@gitlab.@@dom@@/api/v4/projects/@@n@@/packages/pypi/simple gamebuildtools==@@ver@@",
     "gamebuildtools==@@ver@@")
_cmd("cargo-login-positional", "cio{an32}",
     "cargo login @@S@@",
     "cargo login")
_cmd("nuget-push-apikey", "oy2{lan43}",
     "dotnet nuget push bin/Release/@@co@@.Telemetry.@@ver@@.nupkg --api-key @@S@@ --source https://api.nuget.org/v3/index.json",
     "https://api.nuget.org/v3/index.json")
_cmd("dotnet-nuget-add-source-p", "{ghp}",
     "dotnet nuget add source https://nuget.pkg.github.com/@@co@@/index.json -n github -u @@user@@ -p @@S@@ --store-password-in-clear-text",
     "--store-password-in-clear-text")
_cmd("espota-auth-flag", "{spw}",
     "python3 ~/.platformio/packages/framework-arduinoespressif32/tools/espota.py -i @@ip@@ -p 3232 --auth=@@S@@ -f .pio/build/esp32dev/firmware.bin",
     "-p 3232")
_cmd("esptool-nvs-partition-gen-csv-echo", "{pw}",
     "printf 'key,type,encoding,value\\nwifi,namespace,,\\nssid,data,string,@@ssid@@\\npass,data,string,@@S@@\\n' > nvs.csv && python $IDF_PATH/components/nvs_flash/nvs_partition_generator/nvs_partition_gen.py generate nvs.csv nvs.bin 0x6000",
     "nvs_partition_gen.py generate nvs.csv nvs.bin")
_cmd("ngrok-config-add-authtoken", "{ngrok}",
     "ngrok config add-authtoken @@S@@ && ngrok http 7350",
     "ngrok http 7350")
_cmd("tailscale-up-authkey", "tskey-auth-k{an10}CNTRL-{an33}",
     "sudo tailscale up --authkey=@@S@@ --hostname=@@device@@ --advertise-tags=tag:fieldgw",
     "--hostname=@@device@@")
_cmd("security-set-key-partition-list", "{pw}",
     "security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k '@@S@@' ~/Library/Keychains/build.keychain-db",
     "apple-tool:,apple:,codesign:")
_cmd("security-create-keychain-p", "{gpw24}",
     "security create-keychain -p \"@@S@@\" build.keychain && security default-keychain -s build.keychain",
     "security default-keychain -s build.keychain")
_cmd("steamcmd-script-heredoc", "{spw}",
     "cat > /tmp/steam_upload.txt <<EOF\n@ShutdownOnFailedCommand 1\n@NoPromptForPassword 1\nlogin @@steamuser@@ @@S@@\nrun_app_build /builds/@@gslug@@/scripts/app_@@appid@@.vdf\nquit\nEOF\nsteamcmd +runscript /tmp/steam_upload.txt",
     "steamcmd +runscript /tmp/steam_upload.txt")
_cmd("powershell-convertto-securestring", "{pw}",
     "PS C:\\build> $pw = ConvertTo-SecureString -String '@@S@@' -Force -AsPlainText; Import-PfxCertificate -FilePath .\\certs\\store-signing.pfx -CertStoreLocation Cert:\\CurrentUser\\My -Password $pw",
     "Import-PfxCertificate")
_cmd("cmd-set-then-msbuild", "{pw}",
     "C:\\src\\@@gslug@@> set PackageCertificatePassword=@@S@@ && msbuild @@gslug@@.sln /p:Configuration=Release /p:Platform=x64 /p:AppxPackageSigningEnabled=true",
     "/p:AppxPackageSigningEnabled=true")
_cmd("xcodebuild-env-api-secret", "{hex40}",
     "API_SECRET=@@S@@ xcodebuild -workspace @@app@@.xcworkspace -scheme @@app@@-Staging -configuration Release -archivePath build/@@app@@.xcarchive archive",
     "-scheme @@app@@-Staging")
_cmd("curl-mender-deployments-jwt", "{jwtmender}",
     "curl -H \"Authorization: Bearer @@S@@\" https://hosted.mender.io/api/management/v1/deployments/deployments?status=inprogress",
     "deployments?status=inprogress")
_cmd("curl-ha-long-lived-token", "{jwt}",
     "curl -X POST -H \"Authorization: Bearer @@S@@\" -H \"Content-Type: application/json\" -d '{\"entity_id\":\"switch.bench_psu\"}' http://homeassistant.local:8123/api/services/switch/turn_off",
     "switch.bench_psu")
_cmd("curl-chirpstack-grpc-gateway", "{jwt}",
     "curl -s -H \"Grpc-Metadata-Authorization: Bearer @@S@@\" http://@@ip@@:8090/api/devices?limit=100&applicationID=3",
     "applicationID=3")
_cmd("tuya-cli-get-key", "{an16}",
     "tuya-cli get --ip @@ip@@ --id @@lan20@@ --key '@@S@@' --protocol-version 3.3 --all",
     "--protocol-version 3.3")
_cmd("influx-cli-v1-password", "{pw}",
     "influx -host @@ip@@ -username grafana -password '@@S@@' -database telemetry -execute 'SHOW MEASUREMENTS'",
     "-database telemetry")
_cmd("curl-xbl-partner-token", "{azsec}",
     "curl -X POST https://login.microsoftonline.com/@@uuid@@/oauth2/v2.0/token -d client_id=@@uuid.2@@ -d scope=https://api.partner.microsoft.com/.default -d client_secret='@@S@@' -d grant_type=client_credentials",
     "api.partner.microsoft.com")

# ---------------------------------------------------------------------------
# tool-output: what a command printed back
# ---------------------------------------------------------------------------

_out("cat-keystore-properties", "{pw}",
     "$ cat android/keystore.properties\nstorePassword=@@S@@\nkeyPassword=@@S@@\nkeyAlias=@@alias@@\nstoreFile=../keys/upload-keystore.jks",
     "storeFile=../keys/upload-keystore.jks")
_out("env-grep-match-vars", "{pp}",
     "$ env | grep -i match\nMATCH_GIT_URL=git@github.com:@@co@@/ios-certificates.git\nMATCH_PASSWORD=@@S@@\nMATCH_TYPE=appstore\nMATCH_READONLY=true",
     "MATCH_GIT_URL=git@github.com:@@co@@/ios-certificates.git")
_out("firebase-login-ci-token-block", "{fbci}",
     "$ firebase login:ci --no-localhost\n\nVisit this URL on any device to log in:\nhttps://accounts.google.com/o/oauth2/auth?client_id=563584335869-fgrhgmd47bqnekij5i8b5pr03ho849e6.apps.googleusercontent.com&scope=email%20openid&response_type=code\n\nPaste authorization code here: ****\n\n+  Success! Use this token to login on a CI server:\n\n@@S@@\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
     "firebase login:ci --no-localhost")
_out("aws-iam-create-access-key-json", "{awssk}",
     "$ aws iam create-access-key --user-name ota-uploader\n{\n    \"AccessKey\": {\n        \"UserName\": \"ota-uploader\",\n        \"AccessKeyId\": \"@@akia@@\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"@@S@@\",\n        \"CreateDate\": \"@@ts@@\"\n    }\n}",
     "\"UserName\": \"ota-uploader\"")
_out("aws-iot-create-keys-and-cert", "{rsaonej}",
     "$ aws iot create-keys-and-certificate --set-as-active --region @@region@@\n{\n    \"certificateArn\": \"arn:aws:iot:@@region@@:@@dig12@@:cert/@@hex64@@\",\n    \"certificateId\": \"@@hex64@@\",\n    \"certificatePem\": \"-----BEGIN CERTIFICATE-----\\nMIIDWTCCAkGgAwIBAgIU@@b64s40@@\\n...\\n-----END CERTIFICATE-----\\n\",\n    \"keyPair\": {\n        \"PublicKey\": \"-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA@@b64s40.2@@\\n...\\n-----END PUBLIC KEY-----\\n\",\n        \"PrivateKey\": \"-----BEGIN RSA PRIVATE KEY-----\\n@@S@@\\n-----END RSA PRIVATE KEY-----\\n\"\n    }\n}",
     "aws iot create-keys-and-certificate")
_out("security-find-generic-password-w", "{apw}",
     "$ security find-generic-password -a \"@@email@@\" -s \"altool\" -w\n@@S@@",
     "security find-generic-password")
_out("op-read-play-console", "{pw}",
     "$ op read \"op://Mobile/Play Console upload key/password\"\n@@S@@",
     "op://Mobile/Play Console upload key/password")
_out("vault-kv-get-field", "{pw}",
     "$ vault kv get -field=password secret/devkits/@@lan6@@\n@@S@@",
     "vault kv get -field=password")
_out("kubectl-jsonpath-base64-d", "{an32}",
     "$ kubectl -n game-backend get secret nakama-keys -o jsonpath='{.data.server_key}' | base64 -d\n@@S@@",
     "nakama-keys")
_out("kubectl-get-secret-yaml-data", lambda r, g: _b64(_pw(r).encode()),
     "$ kubectl get secret lobby-redis -o yaml\napiVersion: v1\ndata:\n  redis-password: @@S@@\nkind: Secret\nmetadata:\n  creationTimestamp: \"@@ts@@\"\n  name: lobby-redis\n  namespace: multiplayer\n  resourceVersion: \"@@dig8@@\"\n  uid: @@uuid@@\ntype: Opaque",
     "name: lobby-redis")
_out("heroku-config-get-database-url", "{an64}",
     "$ heroku config:get DATABASE_URL -a @@gslug@@-leaderboard\npostgres://u@@lan13@@:@@S@@@ec2-@@dig2@@-@@dig3@@-@@dig2.2@@-@@dig3.2@@.compute-1.amazonaws.com:5432/d@@lan13.2@@",
     "heroku config:get DATABASE_URL")
_out("docker-inspect-env-array", "{gpw22}",
     "$ docker inspect lobby-db --format '{{json .Config.Env}}' | jq .\n[\n  \"POSTGRES_USER=lobby\",\n  \"POSTGRES_PASSWORD=@@S@@\",\n  \"POSTGRES_DB=lobby\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\",\n  \"PGDATA=/var/lib/postgresql/data\"\n]",
     "POSTGRES_USER=lobby")
_out("docker-compose-config-resolved", "{hex40}",
     "$ docker compose config | sed -n '1,20p'\nname: telemetry\nservices:\n  collector:\n    environment:\n      CLICKHOUSE_URL: http://clickhouse:8123\n      INGEST_API_KEY: @@S@@\n      LOG_LEVEL: info\n    image: ghcr.io/@@co@@/telemetry-collector:@@ver@@",
     "CLICKHOUSE_URL: http://clickhouse:8123")
_out("git-log-p-added-secret", "{HEX32}",
     "$ git log -p -1 -- Assets/Scripts/Net/SteamConfig.cs\ncommit @@hex40@@\nAuthor: @@first@@ <@@email@@>\nDate:   @@date@@\n\n    wire up ownership check\n\n@@ -12,6 +12,7 @@ namespace @@co@@.Net\n     public static class SteamConfig\n     {\n         public const uint AppId = @@appid@@;\n+        public const string PublisherKey = \"@@S@@\";\n     }",
     "wire up ownership check")
_out("grep-rn-server-key", "{stripe}",
     "$ grep -rn \"sk_live\" functions/ --include=*.ts\nfunctions/src/iap/stripe.ts:7:const stripe = new Stripe('@@S@@', { apiVersion: '2024-06-20' });\nfunctions/src/iap/stripe.test.ts:3:// uses sk_test key from env",
     "functions/src/iap/stripe.ts:7")
_out("gh-auth-token-print", "gho_{an36}",
     "$ gh auth token\n@@S@@",
     "gh auth token")
_out("gh-auth-status-show-token", "gho_{an36}",
     "$ gh auth status -t\ngithub.com\n  ✓ Logged in to github.com account @@user@@ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: @@S@@\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
     "Logged in to github.com account @@user@@")
_out("cat-npmrc-authtoken", "{npm}",
     "$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=@@S@@\n@@@co@@:registry=https://npm.pkg.github.com",
     "registry=https://registry.npmjs.org/")
_out("cat-netrc-machine", "{pw}",
     "$ cat ~/.netrc\nmachine api.bitbucket.org\n  login @@user@@\n  password @@S@@\nmachine maven.@@dom@@ login ci password $MAVEN_PASSWORD",
     "machine api.bitbucket.org")
_out("cat-docker-config-auths", lambda r, g: _b64(("%s:%s" % (g("user"), _pw(r))).encode()),
     "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"registry.@@dom@@\": {\n\t\t\t\"auth\": \"@@S@@\"\n\t\t}\n\t},\n\t\"credsStore\": \"\"\n}",
     "registry.@@dom@@")
_out("particle-token-create-output", "{hex40}",
     "$ particle token create --expires-in 7776000\n? Please enter your email address @@email@@\n? Please enter your password [hidden]\nNew access token expires on @@date@@\n    @@S@@",
     "particle token create")
_out("balena-api-key-generate", "{an32}",
     "$ balena api-key generate ci-deploy\nRegistered api key 'ci-deploy':\n\n@@S@@\n\nThis key will not be shown again!",
     "Registered api key 'ci-deploy'")
_out("openssl-rand-hex-cat", "{hex32}",
     "$ openssl rand -hex 16 > keys/ota_aes128.key && cat keys/ota_aes128.key\n@@S@@",
     "keys/ota_aes128.key")
_out("openssl-rand-base64-jwt-secret", "{b6432}",
     "$ openssl rand -base64 32   # new JWT signing secret for the lobby service\n@@S@@",
     "openssl rand -base64 32")
_out("cat-wireguard-privatekey", "{b6432}",
     "$ wg genkey | tee /etc/wireguard/fieldgw.key | wg pubkey > /etc/wireguard/fieldgw.pub\n$ cat /etc/wireguard/fieldgw.key\n@@S@@",
     "/etc/wireguard/fieldgw.pub")
_out("cat-secure-boot-signing-pem", "{rsabig}",
     "$ cat secure_boot_signing_key.pem\n-----BEGIN RSA PRIVATE KEY-----\n@@S@@\n-----END RSA PRIVATE KEY-----",
     "secure_boot_signing_key.pem")
_out("imgtool-getpriv-c-array", "{bytes121}",
     "$ imgtool getpriv -k root-ec-p256.pem\n/* Autogenerated by imgtool.py, do not edit. */\nconst unsigned char ec_priv_key[] = {\n    @@S@@,\n};\nconst unsigned int ec_priv_key_len = 121;",
     "imgtool getpriv -k root-ec-p256.pem")
_out("cat-minisign-secret-key", "{minisk}",
     "$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\n@@S@@",
     "untrusted comment: minisign encrypted secret key")
_out("tauri-signer-generate-output", "{tauri}",
     "$ npm run tauri signer generate -- -w ~/.tauri/@@appslug@@.key\n\nPlease enter a password to protect the secret key.\nPassword: \nPassword (one more time): \nDeriving a key from the password in order to encrypt the secret key... done\n\nYour keypair was generated successfully\nPrivate: @@S@@\n\nPublic: @@b64120@@\n\n---------------------------\n\nEnvironment variables used to sign:\n`TAURI_SIGNING_PRIVATE_KEY`  Path or String of your private key\n`TAURI_SIGNING_PRIVATE_KEY_PASSWORD`  Your private key password (optional)",
     "Your keypair was generated successfully")
_out("adb-cat-wificonfigstore-psk", "{pw}",
     "$ adb shell su -c cat /data/misc/apexdata/com.android.wifi/WifiConfigStore.xml | grep -A2 '@@ssid@@'\n<string name=\"ConfigKey\">&quot;@@ssid@@&quot;WPA_PSK</string>\n<string name=\"SSID\">&quot;@@ssid@@&quot;</string>\n<string name=\"PreSharedKey\">&quot;@@S@@&quot;</string>",
     "WifiConfigStore.xml")
_out("serial-cat-wpa-supplicant", "{pw}",
     "root@@@device@@:~# cat /etc/wpa_supplicant/wpa_supplicant-wlan0.conf\nctrl_interface=/var/run/wpa_supplicant\nupdate_config=1\ncountry=DE\n\nnetwork={\n\tssid=\"@@ssid@@\"\n\tpsk=\"@@S@@\"\n\tkey_mgmt=WPA-PSK\n}",
     "ctrl_interface=/var/run/wpa_supplicant")
_out("fw-printenv-ota-token", "{hex48}",
     "root@@@device@@:~# fw_printenv\narch=arm\nbaudrate=115200\nboot_targets=mmc0 mmc1\nbootcount=3\nbootlimit=5\nota_server=https://ota.@@dom@@\nota_token=@@S@@\nupgrade_available=0",
     "ota_server=https://ota.@@dom@@")
_out("nvs-tool-dump-wifi-pass", "{pw}",
     "$ python nvs_tool.py --dump written nvs.bin\nPage no. 0, Status: Full, Version: 2, CRC32: @@hex8@@\n Entry state bitmap: aa aa aa aa aa aa aa aa\n 000. Written, Namespace Index: 001, Type: string, Span: 002, Chunk Index: 255, CRC32: @@hex8.2@@ | ssid : \"@@ssid@@\"\n 002. Written, Namespace Index: 001, Type: string, Span: 002, Chunk Index: 255, CRC32: @@hex8.3@@ | pass : \"@@S@@\"",
     "nvs_tool.py --dump written nvs.bin")
_out("openssl-pkcs12-info-nodes-key", "{rsapk}",
     "$ openssl pkcs12 -info -in windows-ev.p12 -nodes -passin env:P12_PASS | sed -n '/BEGIN PRIVATE/,/END PRIVATE/p'\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----",
     "openssl pkcs12 -info -in windows-ev.p12")
_out("cat-ngrok-yml", "{ngrok}",
     "$ cat ~/Library/Application\\ Support/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: @@S@@\ntunnels:\n  nakama:\n    proto: http\n    addr: 7350",
     "version: \"2\"")
_out("systemctl-show-environment", "{upw}",
     "$ systemctl show lobby.service -p Environment\nEnvironment=NODE_ENV=production REDIS_URL=redis://default:@@S@@@@@ip@@:6379/0 PORT=7350",
     "systemctl show lobby.service")
_out("ps-aux-steamcmd-args", "{spw}",
     "$ ps aux | grep steamcmd\nbuild     @@pid@@  3.1  0.8 812344 67320 ?        Sl   @@hm@@   0:42 /home/build/steamcmd/linux32/steamcmd +login @@steamuser@@ @@S@@ +run_app_build /builds/app_@@appid@@.vdf +quit\nbuild     @@pid.2@@  0.0  0.0   6432   720 pts/0    S+   @@hm@@   0:00 grep steamcmd",
     "grep steamcmd")
_out("history-grep-unlock-keychain", "{pw}",
     "$ history | grep keychain\n  411  security list-keychains -d user\n  412  security unlock-keychain -p '@@S@@' build.keychain\n  413  security find-identity -v -p codesigning build.keychain",
     "security list-keychains -d user")
_out("curl-token-endpoint-json-response", "{tok64}",
     "$ curl -s -X POST https://auth.@@dom@@/oauth/token -d grant_type=client_credentials -d client_id=telemetry-ingest | jq .\n{\n  \"access_token\": \"@@S@@\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": 3600,\n  \"scope\": \"events:write\"\n}",
     "\"token_type\": \"Bearer\"")
_out("gcloud-print-access-token", "{yatok}",
     "$ gcloud auth print-access-token --impersonate-service-account=play-publisher@@@co@@-mobile.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n@@S@@",
     "WARNING: This command is using service account impersonation.")
_out("gcloud-sa-keys-create-cat", "{rsapkj}",
     "$ gcloud iam service-accounts keys create play-publisher.json --iam-account=play-publisher@@@co@@-mobile.iam.gserviceaccount.com && cat play-publisher.json\ncreated key [@@hex40@@] of type [json] as [play-publisher.json]\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"@@co@@-mobile\",\n  \"private_key_id\": \"@@hex40@@\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"play-publisher@@@co@@-mobile.iam.gserviceaccount.com\",\n  \"client_id\": \"@@dig21@@\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
     "\"type\": \"service_account\"")
_out("az-ad-sp-create-for-rbac-json", "{azsec}",
     "$ az ad sp create-for-rbac --name trusted-signing-ci --role \"Trusted Signing Certificate Profile Signer\" --scopes /subscriptions/@@uuid@@/resourceGroups/signing\n{\n  \"appId\": \"@@uuid.2@@\",\n  \"displayName\": \"trusted-signing-ci\",\n  \"password\": \"@@S@@\",\n  \"tenant\": \"@@uuid.3@@\"\n}",
     "\"displayName\": \"trusted-signing-ci\"")
_out("az-storage-keys-list-json", "{b6464}",
     "$ az storage account keys list -g builds -n @@co@@symbols -o json\n[\n  {\n    \"creationTime\": \"@@ts@@\",\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"@@S@@\"\n  }\n]",
     "\"keyName\": \"key1\"")
_out("az-iot-connection-string-show", "{b6432}",
     "$ az iot hub device-identity connection-string show --hub-name @@co@@-hub -d @@device@@\n{\n  \"connectionString\": \"HostName=@@co@@-hub.azure-devices.net;DeviceId=@@device@@;SharedAccessKey=@@S@@\"\n}",
     "DeviceId=@@device@@")
_out("aws-secretsmanager-secretstring", "{gpw24}",
     "$ aws secretsmanager get-secret-value --secret-id prod/gamelift/db --query SecretString --output text\n{\"username\":\"fleet\",\"password\":\"@@S@@\",\"host\":\"@@host@@\",\"port\":5432}",
     "prod/gamelift/db")
_out("aws-sts-assume-role-creds", "{awssk}",
     "$ aws sts assume-role --role-arn arn:aws:iam::@@dig12@@:role/crash-upload --role-session-name ci\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA@@uan16@@\",\n        \"SecretAccessKey\": \"@@S@@\",\n        \"SessionToken\": \"<trimmed>\",\n        \"Expiration\": \"@@ts@@\"\n    }\n}",
     "role/crash-upload")
_out("terraform-output-raw", "{gpw28}",
     "$ terraform output -raw matchmaker_db_password\n@@S@@",
     "terraform output -raw matchmaker_db_password")
_out("fastlane-spaceauth-session", "{flsession}",
     "$ bundle exec fastlane spaceauth -u @@email@@\n...\nPass the following via the FASTLANE_SESSION environment variable:\n---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: @@S@@\n  domain: apple.com\n  for_domain: true\n  path: \"/\"",
     "- !ruby/object:HTTP::Cookie")
_out("sqlite3-select-tokens-row", "{tok64}",
     "$ sqlite3 ~/Library/Containers/com.@@co@@.@@appslug@@/Data/app.db \"select id, kind, value, expires_at from tokens;\"\n1|refresh|@@S@@|@@ts@@",
     "select id, kind, value, expires_at from tokens;")
_out("redis-cli-get-session-json", "{tok43}",
     "127.0.0.1:6379> GET session:@@uuid@@\n\"{\\\"playerId\\\":\\\"@@steamid@@\\\",\\\"refresh\\\":\\\"@@S@@\\\",\\\"region\\\":\\\"eu-west\\\"}\"",
     "GET session:@@uuid@@")
_out("rails-credentials-show", "{hex128}",
     "$ EDITOR=cat bin/rails credentials:show\nsecret_key_base: @@S@@\naws:\n  region: @@region@@\n  bucket: @@co@@-receipts",
     "bin/rails credentials:show")
_out("node-e-print-config", "{HEX32}",
     "$ node -e \"console.log(require('./config/prod.json').steam)\"\n{ appId: @@appid@@, webApiKey: '@@S@@', useSandbox: false }",
     "require('./config/prod.json').steam")
_out("jq-client-secret-raw", "{gocspx}",
     "$ jq .installed.client_secret client_secret_@@dig12@@-@@lan32@@.apps.googleusercontent.com.json\n\"@@S@@\"",
     "jq .installed.client_secret")
_out("docker-auth-config-base64-decode", "{glpat}",
     "$ echo $DOCKER_AUTH_CONFIG | jq -r '.auths[\"registry.gitlab.com\"].auth' | base64 -d\ngitlab-ci-token:@@S@@",
     "gitlab-ci-token")
_out("cat-unity-ulf-devdata", "{ulf}",
     "$ head -c 900 Unity_v2022.x.ulf\n<?xml version=\"1.0\" encoding=\"UTF-8\"?><root>\n    <License id=\"Terms\">\n        <MachineBindings>\n            <Binding Key=\"1\" Value=\"@@hex40@@\"/>\n        </MachineBindings>\n        <MachineID Value=\"@@b6420@@\"/>\n        <SerialHash Value=\"@@hex40.2@@\"/>\n        <Features><Feature Value=\"33\"/><Feature Value=\"1\"/></Features>\n        <DeveloperData Value=\"@@S@@\"/>\n        <SerialMasked Value=\"E3-XXXX-XXXX-XXXX-XXXX-XXXX\"/>",
     "<SerialMasked Value=\"E3-XXXX-XXXX-XXXX-XXXX-XXXX\"/>")
_out("p4-login-p-ticket", "{HEX32}",
     "$ p4 -u @@user@@ login -p\nEnter password: \n@@S@@",
     "login -p")
_out("p4-tickets-list", "{HEX32}",
     "$ p4 tickets\nperforce.@@dom@@:1666 (@@user@@) @@S@@\nlocalhost:1666 (super) expired",
     "perforce.@@dom@@:1666 (@@user@@)")
_out("git-credential-fill", "{ghp}",
     "$ printf 'protocol=https\\nhost=github.com\\n\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername=@@user@@\npassword=@@S@@",
     "git credential fill")
_out("cat-git-credentials-file", "{glpat}",
     "$ cat ~/.git-credentials\nhttps://@@user@@:@@S@@@gitlab.@@dom@@",
     "~/.git-credentials")
_out("nvram-show-wpa-psk", "{pw}",
     "admin@RT-AX58U:/tmp/home/root# nvram show | grep wpa_psk\nsize: 71234 bytes (59838 left)\nwl0_wpa_psk=@@S@@\nwl1_wpa_psk=@@S@@",
     "admin@RT-AX58U")
_out("uci-show-wireless-key", "{pw}",
     "root@OpenWrt:~# uci show wireless | grep -E 'ssid|key'\nwireless.default_radio0.ssid='@@ssid@@'\nwireless.default_radio0.key='@@S@@'\nwireless.default_radio0.encryption='psk2'",
     "wireless.default_radio0.encryption='psk2'")
_out("cat-mosquitto-bridge-conf", "{gpw20}",
     "$ sudo cat /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress @@host@@:8883\nremote_clientid @@device@@\nremote_username @@device@@\nremote_password @@S@@\nbridge_cafile /etc/mosquitto/certs/ca.crt\ntopic telemetry/# out 1",
     "connection cloud-bridge")
_out("kubectl-describe-pod-env", "{pw}",
     "$ kubectl describe pod matchmaker-7d9c6b5f8-@@lan5@@ | sed -n '/Environment:/,/Mounts:/p'\n    Environment:\n      REDIS_HOST:      redis-master\n      REDIS_PASSWORD:  @@S@@\n      STEAM_APP_ID:    @@appid@@\n    Mounts:",
     "REDIS_HOST:      redis-master")
_out("gradle-properties-task-grep", "{pw}",
     "$ ./gradlew properties | grep -i signing\nsigningKeyAlias: @@alias@@\nsigningStoreFile: /Users/@@user@@/keys/@@appslug@@.jks\nsigningStorePassword: @@S@@",
     "signingKeyAlias: @@alias@@")
_out("adb-run-as-shared-prefs", "{tok64}",
     "$ adb shell run-as @@bundle@@ cat shared_prefs/auth_prefs.xml\n<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n    <string name=\"user_id\">@@uuid@@</string>\n    <string name=\"refresh_token\">@@S@@</string>\n    <long name=\"expires_at\" value=\"@@epoch@@000\" />\n</map>",
     "shared_prefs/auth_prefs.xml")
_out("plutil-p-info-plist", "sk_{an32}",
     "$ plutil -p Runner/Info.plist | grep -i -E 'revenue|admob'\n  \"GADApplicationIdentifier\" => \"ca-app-pub-@@dig16@@~@@dig10@@\"\n  \"RevenueCatServerKey\" => \"@@S@@\"",
     "GADApplicationIdentifier")
_out("defaults-read-app-domain", "{tok86}",
     "$ defaults read com.@@co@@.@@appslug@@.desktop\n{\n    \"NSWindow Frame main\" = \"228 185 1280 800 0 0 1728 1079 \";\n    \"auth.refreshToken\" = \"@@S@@\";\n    \"updates.channel\" = beta;\n}",
     "\"updates.channel\" = beta;")
_out("strings-grep-hardcoded-key", "{hex64}",
     "$ strings -n 12 Payload/@@app@@.app/@@app@@ | grep -i -E 'hmac|secret'\nkLeaderboardHmacSecret\n@@S@@\nInvalid HMAC for score submission",
     "kLeaderboardHmacSecret")
_out("apktool-grep-strings-xml", "{gocspx}",
     "$ apktool d -f app-release.apk -o /tmp/apk && grep -n client_secret /tmp/apk/res/values/strings.xml\n214:    <string name=\"google_client_secret\">@@S@@</string>",
     "/tmp/apk/res/values/strings.xml")
_out("jadx-decompiled-constant", "{an40}",
     "$ jadx -d out app-release.apk && sed -n '9,14p' out/sources/com/@@co@@/@@appslug@@/net/ApiClient.java\npublic final class ApiClient {\n    private static final String BASE_URL = \"https://api.@@dom@@/v2/\";\n    private static final String API_SECRET = \"@@S@@\";\n    private final OkHttpClient client;",
     "private static final String BASE_URL")
_out("frida-hook-hmac-key-print", "{hex64}",
     "$ frida -U -f @@bundle@@ -l hooks/hmac.js\n     ____\n    / _  |   Frida 16.2.1 - A world-class dynamic instrumentation toolkit\nSpawned `@@bundle@@`. Resuming main thread!\n[iPhone::@@bundle@@ ]-> [*] CCHmac(kCCHmacAlgSHA256) key=@@S@@ len=32",
     "CCHmac(kCCHmacAlgSHA256)")
_out("mitmproxy-flow-headers", "{tok40}",
     "$ mitmdump -r flows.mitm -n --flow-detail 2 '~d api.@@dom@@'\n@@ip@@:51322: POST https://api.@@dom@@/v1/iap/verify\n    Host: api.@@dom@@\n    Content-Type: application/json\n    X-Api-Key: @@S@@\n    User-Agent: @@app@@/@@ver@@ (iPhone; iOS 17.4; Scale/3.00)",
     "/v1/iap/verify")
_out("tcpdump-basic-auth-header", lambda r, g: _b64(("%s:%s" % (g("user"), _pw(r))).encode()),
     "$ sudo tcpdump -A -s0 -i eth0 'tcp port 80 and host @@ip@@' | grep -i authorization\n@@clock@@.@@dig6@@ IP @@ip.2@@.49822 > @@ip@@.80: Flags [P.]\nAuthorization: Basic @@S@@",
     "tcp port 80 and host @@ip@@")
_out("esptool-read-flash-strings", "{pw}",
     "$ esptool.py -p /dev/ttyUSB0 read_flash 0x9000 0x6000 nvs_dump.bin && strings nvs_dump.bin | head\nesptool.py v4.7.0\nRead 24576 bytes at 0x00009000 in 2.2 seconds (88.7 kbit/s)...\nwifi\nsta.ssid\n@@ssid@@\nsta.pswd\n@@S@@",
     "read_flash 0x9000 0x6000")
_out("chirpstack-device-keys-json", "{HEX32}",
     "$ chirpstack-cli device keys get --dev-eui @@eui@@\n{\n  \"deviceKeys\": {\n    \"devEui\": \"@@eui@@\",\n    \"nwkKey\": \"@@S@@\",\n    \"appKey\": \"00000000000000000000000000000000\"\n  }\n}",
     "\"devEui\": \"@@eui@@\"")
_out("ot-ctl-networkkey", "{hex32}",
     "> networkkey\n@@S@@\nDone\n> panid\n0x@@hex4@@\nDone",
     "Done")
_out("bluetooth-info-longtermkey", "{HEX32}",
     "# cat /var/lib/bluetooth/@@mac@@/@@mac.2@@/info\n[General]\nName=@@app@@ Tracker\nAppearance=0x0c80\nAddressType=static\nSupportedTechnologies=LE;\nTrusted=true\nBlocked=false\n\n[LongTermKey]\nKey=@@S@@\nAuthenticated=2\nEncSize=16\nEDiv=0\nRand=0",
     "[LongTermKey]")
_out("zigbee2mqtt-config-network-key", "{ints16}",
     "$ cat zigbee2mqtt/data/configuration.yaml\nhomeassistant: false\nmqtt:\n  base_topic: zigbee2mqtt\n  server: mqtt://localhost\nserial:\n  port: /dev/ttyACM0\nadvanced:\n  pan_id: @@dig4@@\n  network_key: [@@S@@]",
     "base_topic: zigbee2mqtt")
_out("tuya-cli-wizard-local-key", "{an16}",
     "$ tuya-cli wizard\nThe API key from tuya.com: ********\nThe API secret from tuya.com: ********\nProvide a 'virtual ID' of a device currently registered in the app: @@lan20@@\n[\n  {\n    name: 'Bench PSU plug',\n    id: '@@lan20.2@@',\n    key: '@@S@@'\n  }\n]",
     "Bench PSU plug")
_out("ha-cat-secrets-yaml", "{pw}",
     "$ cat /config/secrets.yaml\nwifi_ssid: \"@@ssid@@\"\nwifi_password: \"@@S@@\"\nlatitude_home: 52.52",
     "wifi_ssid: \"@@ssid@@\"")
_out("eas-env-get-sensitive", "{sntryu}",
     "$ npx eas-cli env:get --variable-name SENTRY_AUTH_TOKEN --environment production --include-sensitive\nSENTRY_AUTH_TOKEN=@@S@@\nVisibility: Sensitive\nEnvironments: production, preview",
     "Visibility: Sensitive")
_out("printenv-single-var", "{b6432}",
     "$ printenv NAKAMA_SESSION_ENCRYPTION_KEY\n@@S@@",
     "printenv NAKAMA_SESSION_ENCRYPTION_KEY")
_out("mix-phx-gen-secret", "{b64s64}",
     "$ mix phx.gen.secret\n@@S@@",
     "mix phx.gen.secret")
_out("python-secrets-token-hex", "{hex64}",
     ">>> import secrets\n>>> secrets.token_hex(32)\n'@@S@@'\n>>> # that's the new HMAC key for score submissions",
     "secrets.token_hex(32)")
_out("keytool-importkeystore-prompt-echo", "{pw}",
     "$ keytool -importkeystore -srckeystore old.keystore -destkeystore upload.jks -deststoretype pkcs12\nImporting keystore old.keystore to upload.jks...\nEnter destination keystore password:  @@S@@\nRe-enter new password: @@S@@\nEnter source keystore password:\nEntry for alias @@alias@@ successfully imported.",
     "Importing keystore old.keystore to upload.jks...")
_out("scoop-expect-serial-login-transcript", "{pw}",
     "$ picocom -b 115200 /dev/ttyUSB0\nTerminal ready\n\nPoky (Yocto Project Reference Distro) 4.0.15 @@device@@ ttymxc0\n\n@@device@@ login: root\nPassword: @@S@@\nroot@@@device@@:~#",
     "picocom -b 115200 /dev/ttyUSB0")
_out("uboot-printenv-serial", "{pw}",
     "=> printenv\nbaudrate=115200\nbootcmd=run distro_bootcmd\nbootdelay=2\nethaddr=@@mac@@\nfactory_wifi_ssid=@@ssid@@\nfactory_wifi_psk=@@S@@\nserial#=@@uan12@@\n\nEnvironment size: 1893/65532 bytes",
     "bootcmd=run distro_bootcmd")
_out("cat-rclone-conf", "{b64s31}",
     "$ cat ~/.config/rclone/rclone.conf\n[b2-builds]\ntype = b2\naccount = 005@@hex20@@\nkey = K005@@S@@\nhard_delete = false",
     "[b2-builds]")
_out("cat-s3cfg-secret-key", "{awssk}",
     "$ grep -E 'access_key|secret_key|host_base' ~/.s3cfg\naccess_key = @@akia@@\nhost_base = s3.amazonaws.com\nsecret_key = @@S@@",
     "host_base = s3.amazonaws.com")
_out("steamcmd-app-build-output-login", "{spw}",
     "$ ./builder_linux/steamcmd.sh +login @@steamuser@@ @@S@@ +run_app_build ../scripts/app_@@appid@@.vdf +quit\nRedirecting stderr to '/home/build/Steam/logs/stderr.txt'\nLogging in user '@@steamuser@@' to Steam Public...OK\nWaiting for client config...OK\nBuilding depot @@appid@@1...\nSuccessfully finished AppID @@appid@@ build (BuildID @@dig8@@).",
     "Logging in user '@@steamuser@@' to Steam Public...OK")
_out("pm2-env-dump", "{HEX32}",
     "$ pm2 env 0 | grep -i -E 'steam|port'\nPORT: 8080\nSTEAM_PUBLISHER_KEY: @@S@@\nSTEAM_APP_ID: @@appid@@",
     "STEAM_APP_ID: @@appid@@")
_out("twitch-token-curl-response", "{lan30}",
     "$ curl -s -X POST 'https://id.twitch.tv/oauth2/token' -d 'client_id=@@lan30@@&client_secret=$TWITCH_SECRET&grant_type=client_credentials'\n{\"access_token\":\"@@S@@\",\"expires_in\":5011271,\"token_type\":\"bearer\"}",
     "id.twitch.tv/oauth2/token")
_out("playfab-login-response-ticket", "{pfticket}",
     "$ curl -s https://@@HEX5@@.playfabapi.com/Client/LoginWithCustomID -d '{\"CustomId\":\"qa-bot-07\",\"CreateAccount\":true,\"TitleId\":\"@@HEX5@@\"}' -H 'Content-Type: application/json' | jq .data\n{\n  \"SessionTicket\": \"@@S@@\",\n  \"PlayFabId\": \"@@HEX16@@\",\n  \"NewlyCreated\": false\n}",
     "LoginWithCustomID")
_out("eos-connect-token-response", "{jwtrs}",
     "$ http POST https://api.epicgames.dev/auth/v1/oauth/token grant_type=client_credentials deployment_id=@@hex32@@ -a $EOS_CLIENT\nHTTP/1.1 200 OK\n{\n    \"access_token\": \"@@S@@\",\n    \"expires_at\": \"@@ts@@\",\n    \"token_type\": \"bearer\"\n}",
     "api.epicgames.dev/auth/v1/oauth/token")
_out("xcrun-notarytool-keychain-dump", "{apw}",
     "$ security dump-keychain -d ~/Library/Keychains/login.keychain-db 2>/dev/null | grep -A6 'com.apple.gke.notary.tool'\n    \"svce\"<blob>=\"com.apple.gke.notary.tool.saved-creds.AC_NOTARY\"\n    \"acct\"<blob>=\"@@email@@\"\ndata:\n\"@@S@@\"",
     "com.apple.gke.notary.tool")
_out("pio-run-verbose-build-flags", "{pw}",
     "$ pio run -e esp32dev -v | grep -m1 CPPDEFINES\nCPPDEFINES: ESP32, ARDUINO_ESP32_DEV, (WIFI_SSID, '\"@@ssid@@\"'), (WIFI_PASS, '\"@@S@@\"'), (FW_VERSION, '\"@@ver@@\"')",
     "pio run -e esp32dev -v")
_out("dotenv-vault-decrypt-print", "{stripe}",
     "$ npx dotenv-vault@latest decrypt \"$DOTENV_KEY\" | grep STRIPE\nSTRIPE_WEBHOOK_TOLERANCE=300\nSTRIPE_SECRET_KEY=@@S@@",
     "STRIPE_WEBHOOK_TOLERANCE=300")
_out("cat-upmconfig-toml", "{ghp}",
     "$ cat ~/.upmconfig.toml\n[npmAuth.\"https://npm.pkg.github.com/@@@co@@\"]\ntoken = \"@@S@@\"\nalwaysAuth = true",
     "alwaysAuth = true")
_out("scutil-get-proxy-creds", "{pw}",
     "$ networksetup -getwebproxy Wi-Fi && security find-internet-password -s proxy.@@dom@@ -g 2>&1 | tail -1\nEnabled: Yes\nServer: proxy.@@dom@@\nPort: 3128\nAuthenticated Proxy Enabled: 1\npassword: \"@@S@@\"",
     "Authenticated Proxy Enabled: 1")

# ---------------------------------------------------------------------------
# config-file: excerpts of files the agent opened
# ---------------------------------------------------------------------------

_cfg("gradle-properties-release-signing", "{pw}",
     "# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx4g -Dfile.encoding=UTF-8\nandroid.useAndroidX=true\nRELEASE_STORE_FILE=/Users/@@user@@/keys/@@appslug@@-upload.jks\nRELEASE_STORE_PASSWORD=@@S@@\nRELEASE_KEY_ALIAS=@@alias@@\nRELEASE_KEY_PASSWORD=@@S@@",
     "RELEASE_KEY_ALIAS=@@alias@@")
_cfg("sentry-properties-auth-token", "{sntrys}",
     "# android/sentry.properties\ndefaults.url=https://sentry.io/\ndefaults.org=@@co@@\ndefaults.project=@@appslug@@-android\nauth.token=@@S@@",
     "defaults.project=@@appslug@@-android")
_cfg("build-gradle-groovy-signingconfigs", "{pw}",
     "android {\n    signingConfigs {\n        release {\n            storeFile file(\"../keys/release.keystore\")\n            storePassword \"@@S@@\"\n            keyAlias \"@@alias@@\"\n            keyPassword \"@@S@@\"\n        }\n    }\n    buildTypes {\n        release {\n            signingConfig signingConfigs.release\n            minifyEnabled true\n        }\n    }\n}",
     "signingConfig signingConfigs.release")
_cfg("build-gradle-kts-signingconfigs", "{pw}",
     "// app/build.gradle.kts\nandroid {\n    signingConfigs {\n        create(\"release\") {\n            storeFile = file(\"upload.jks\")\n            storePassword = \"@@S@@\"\n            keyAlias = \"@@alias@@\"\n            keyPassword = \"@@S@@\"\n        }\n    }\n}",
     "create(\"release\")")
_cfg("play-service-account-json", "{rsapkj}",
     "{\n  \"type\": \"service_account\",\n  \"project_id\": \"pc-api-@@dig19@@-@@dig3@@\",\n  \"private_key_id\": \"@@hex40@@\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"fastlane-supply@pc-api-@@dig19@@-@@dig3@@.iam.gserviceaccount.com\",\n  \"client_id\": \"@@dig21@@\",\n  \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
     "\"type\": \"service_account\"")
_cfg("authkey-p8-file", "{ecpk}",
     "// AuthKey_@@keyid@@.p8\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----",
     "AuthKey_@@keyid@@.p8")
_cfg("fastlane-api-key-json", "{ecpkj}",
     "// fastlane/api_key.json\n{\n  \"key_id\": \"@@keyid@@\",\n  \"issuer_id\": \"@@uuid@@\",\n  \"key\": \"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\",\n  \"duration\": 1200,\n  \"in_house\": false\n}",
     "\"key_id\": \"@@keyid@@\"")
_cfg("fastlane-dotenv-default", "{apw}",
     "# fastlane/.env.default\nFASTLANE_USER=@@email@@\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=@@S@@\nFASTLANE_ITC_TEAM_ID=@@dig9@@\nFASTLANE_TEAM_ID=@@teamid@@",
     "FASTLANE_TEAM_ID=@@teamid@@")
_cfg("expo-dotenv-server-secret", "{sntryu}",
     "# .env.local  (EXPO_PUBLIC_* ends up in the bundle, the rest does not)\nEXPO_PUBLIC_API_URL=https://api.@@dom@@\nEXPO_PUBLIC_POSTHOG_HOST=https://eu.i.posthog.com\nSENTRY_AUTH_TOKEN=@@S@@",
     "EXPO_PUBLIC_API_URL=https://api.@@dom@@")
_cfg("eas-json-build-env", "sk_{an32}",
     "{\n  \"cli\": { \"version\": \">= 12.0.0\" },\n  \"build\": {\n    \"production\": {\n      \"channel\": \"production\",\n      \"env\": {\n        \"APP_VARIANT\": \"production\",\n        \"REVENUECAT_SECRET\": \"@@S@@\"\n      }\n    }\n  }\n}",
     "\"channel\": \"production\"")
_cfg("electron-builder-yml-publish-token", "{ghp}",
     "# electron-builder.yml\nappId: @@bundle@@.desktop\nproductName: @@app@@\ndirectories:\n  output: dist\npublish:\n  provider: github\n  owner: @@co@@\n  repo: @@appslug@@-desktop\n  private: true\n  token: @@S@@\nmac:\n  category: public.app-category.productivity\n  hardenedRuntime: true",
     "provider: github")
_cfg("package-json-build-certificate-password", "{pw}",
     "  \"build\": {\n    \"appId\": \"@@bundle@@\",\n    \"win\": {\n      \"target\": [\"nsis\"],\n      \"certificateFile\": \"build/certs/codesign.pfx\",\n      \"certificatePassword\": \"@@S@@\",\n      \"publisherName\": \"@@co@@ GmbH\"\n    }\n  }",
     "\"certificateFile\": \"build/certs/codesign.pfx\"")
_cfg("tauri-dotenv-signing-private-key", "{tauri}",
     "# src-tauri/.env (do not commit)\nTAURI_SIGNING_PRIVATE_KEY=@@S@@\nTAURI_SIGNING_PRIVATE_KEY_PASSWORD=",
     "TAURI_SIGNING_PRIVATE_KEY_PASSWORD=")
_cfg("info-plist-iap-shared-secret", "{hex32}",
     "\t<key>CFBundleShortVersionString</key>\n\t<string>@@ver@@</string>\n\t<key>IAPSharedSecret</key>\n\t<string>@@S@@</string>\n\t<key>ITSAppUsesNonExemptEncryption</key>\n\t<false/>",
     "ITSAppUsesNonExemptEncryption")
_cfg("androidmanifest-meta-data-server-key", "{fcm}",
     "<application android:name=\".@@app@@App\" android:label=\"@string/app_name\">\n    <meta-data\n        android:name=\"com.@@co@@.push.FCM_SERVER_KEY\"\n        android:value=\"@@S@@\" />\n    <meta-data\n        android:name=\"com.google.firebase.messaging.default_notification_channel_id\"\n        android:value=\"general\" />",
     "default_notification_channel_id")
_cfg("strings-xml-client-secret", "{gocspx}",
     "<resources>\n    <string name=\"app_name\">@@app@@</string>\n    <string name=\"default_web_client_id\">@@dig12@@-@@lan32@@.apps.googleusercontent.com</string>\n    <string name=\"google_oauth_client_secret\">@@S@@</string>\n</resources>",
     "<string name=\"app_name\">@@app@@</string>")
_cfg("esp-idf-sdkconfig-wifi", "{pw}",
     "#\n# Example Connection Configuration\n#\nCONFIG_EXAMPLE_CONNECT_WIFI=y\nCONFIG_EXAMPLE_WIFI_SSID=\"@@ssid@@\"\nCONFIG_EXAMPLE_WIFI_PASSWORD=\"@@S@@\"\nCONFIG_EXAMPLE_WIFI_SCAN_METHOD_ALL_CHANNEL=y",
     "CONFIG_EXAMPLE_CONNECT_WIFI=y")
_cfg("platformio-ini-build-flags-mqtt", "{pw}",
     "[env:esp32dev]\nplatform = espressif32\nboard = esp32dev\nframework = arduino\nmonitor_speed = 115200\nbuild_flags =\n    -DMQTT_HOST=\\\"@@host@@\\\"\n    -DMQTT_USER=\\\"@@device@@\\\"\n    -DMQTT_PASS=\\\"@@S@@\\\"",
     "board = esp32dev")
_cfg("zephyr-prj-conf-wifi-credentials", "{pw}",
     "CONFIG_WIFI=y\nCONFIG_WIFI_CREDENTIALS=y\nCONFIG_WIFI_CREDENTIALS_STATIC=y\nCONFIG_WIFI_CREDENTIALS_STATIC_SSID=\"@@ssid@@\"\nCONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD=\"@@S@@\"\nCONFIG_NET_DHCPV4=y",
     "CONFIG_WIFI_CREDENTIALS_STATIC=y")
_cfg("wpa-supplicant-hex-psk", "{hex64}",
     "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\nupdate_config=1\nnetwork={\n\tssid=\"@@ssid@@\"\n\t#psk=\"redacted by Lukas\"\n\tpsk=@@S@@\n}",
     "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev")
_cfg("hostapd-conf-wpa-passphrase", "{pw}",
     "interface=wlan0\ndriver=nl80211\nssid=@@device@@-setup\nhw_mode=g\nchannel=6\nwpa=2\nwpa_key_mgmt=WPA-PSK\nrsn_pairwise=CCMP\nwpa_passphrase=@@S@@",
     "ssid=@@device@@-setup")
_cfg("mosquitto-psk-file-line", "{hex32}",
     "# /etc/mosquitto/psk.txt  identity:hexkey\n@@device@@:@@S@@",
     "/etc/mosquitto/psk.txt")
_cfg("iotedge-config-toml-connection-string", "{b6432}",
     "# /etc/aziot/config.toml\n[provisioning]\nsource = \"manual\"\nconnection_string = \"HostName=@@co@@-hub.azure-devices.net;DeviceId=@@device@@;SharedAccessKey=@@S@@\"\n\n[agent]\nname = \"edgeAgent\"",
     "source = \"manual\"")
_cfg("device-private-pem-key-file", "{rsaone}",
     "# certs/@@device@@-private.pem.key\n-----BEGIN RSA PRIVATE KEY-----\n@@S@@\n-----END RSA PRIVATE KEY-----",
     "certs/@@device@@-private.pem.key")
_cfg("chirpstack-device-keys-yaml", "{hex32}",
     "devices:\n  - name: soil-probe-@@dig3@@\n    dev_eui: \"@@eui@@\"\n    join_eui: \"0000000000000000\"\n    app_key: \"@@S@@\"\n    device_profile: \"EU868-ClassA-OTAA\"",
     "device_profile: \"EU868-ClassA-OTAA\"")
_cfg("zigbee2mqtt-mqtt-password", "{pw}",
     "mqtt:\n  base_topic: zigbee2mqtt\n  server: mqtts://@@host@@:8883\n  user: z2m\n  password: '@@S@@'\nserial:\n  port: /dev/serial/by-id/usb-ITead_Sonoff_Zigbee_3.0_USB_Dongle_Plus-if00-port0",
     "base_topic: zigbee2mqtt")
_cfg("esphome-api-encryption-key", "{b6432}",
     "esphome:\n  name: @@device@@\nesp32:\n  board: esp32-c3-devkitm-1\napi:\n  encryption:\n    key: \"@@S@@\"\nota:\n  - platform: esphome\n    password: !secret ota_password",
     "password: !secret ota_password")
_cfg("esphome-ota-password-inline", "{hex32}",
     "wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n  ap:\n    ssid: \"@@device@@ Fallback\"\nota:\n  - platform: esphome\n    password: \"@@S@@\"",
     "ssid: !secret wifi_ssid")
_cfg("tuya-devices-json-local-key", "{an16}",
     "[\n  {\n    \"name\": \"Lab heater\",\n    \"id\": \"@@lan20@@\",\n    \"key\": \"@@S@@\",\n    \"mac\": \"@@mac@@\",\n    \"version\": \"3.4\",\n    \"ip\": \"@@ip@@\"\n  }\n]",
     "\"name\": \"Lab heater\"")
_cfg("unreal-defaultengine-eos-secret", "{eossec}",
     "[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName=\"@@gslug@@\",ClientId=\"xyza7891@@an24@@\",ClientSecret=\"@@S@@\",ProductId=\"@@hex32@@\",SandboxId=\"@@hex32.2@@\",DeploymentId=\"@@hex32.3@@\",EncryptionKey=\"\")\nbUseEAS=True\nbUseEOSConnect=True",
     "bUseEOSConnect=True")
_cfg("unreal-eos-client-encryption-key", "{HEX64}",
     "[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=@@gslug@@\n+Artifacts=(ArtifactName=\"@@gslug@@\",ClientId=\"$(EOS_CLIENT_ID)\",ClientSecret=\"$(EOS_CLIENT_SECRET)\",ProductId=\"@@hex32@@\",SandboxId=\"@@hex32.2@@\",DeploymentId=\"@@hex32.3@@\",EncryptionKey=\"@@S@@\")",
     "DefaultArtifactName=@@gslug@@")
_cfg("unreal-defaultcrypto-pak-key", "{b6432}",
     "; Config/DefaultCrypto.ini\n[/Script/CryptoKeys.CryptoKeysSettings]\nEncryptionKey=@@S@@\nbEncryptPakIniFiles=True\nbEncryptPakIndex=True\nbEncryptUAssetFiles=False\nbEnablePakSigning=True",
     "[/Script/CryptoKeys.CryptoKeysSettings]")
_cfg("unity-playfab-shared-settings-asset", "{uan52}",
     "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: PlayFabSharedSettings\n  TitleId: @@HEX5@@\n  VerticalName: \n  DeveloperSecretKey: @@S@@\n  ProductionEnvironmentUrl: \n  RequestType: 0\n  RequestTimeout: 2000",
     "m_Name: PlayFabSharedSettings")
_cfg("upmconfig-toml-scoped-token", "{npm}",
     "# ~/.upmconfig.toml\n[npmAuth.\"https://registry.npmjs.org\"]\n_authToken = \"@@S@@\"\nalwaysAuth = true",
     "[npmAuth.\"https://registry.npmjs.org\"]")
_cfg("nakama-config-yml-keys", "{an32}",
     "name: nakama-prod-1\nlogger:\n  level: \"INFO\"\nsession:\n  token_expiry_sec: 7200\n  encryption_key: \"@@S@@\"\n  refresh_encryption_key: \"${NAKAMA_REFRESH_KEY}\"\nsocket:\n  server_key: \"${NAKAMA_SERVER_KEY}\"",
     "name: nakama-prod-1")
_cfg("nakama-console-password-yml", "{pw}",
     "console:\n  port: 7351\n  username: \"admin\"\n  password: \"@@S@@\"\n  signing_key: \"${NAKAMA_CONSOLE_SIGNING_KEY}\"",
     "port: 7351")
_cfg("docker-compose-postgres-env", "{gpw20}",
     "services:\n  db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: colyseus\n      POSTGRES_PASSWORD: \"@@S@@\"\n      POSTGRES_DB: rooms\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
     "image: postgres:16-alpine")
_cfg("aws-credentials-ini-profile", "{awssk}",
     "# ~/.aws/credentials\n[gamelift-dev]\naws_access_key_id = @@akia@@\naws_secret_access_key = @@S@@\nregion = @@region@@",
     "[gamelift-dev]")
_cfg("p4config-p4passwd", "{pw}",
     "# .p4config\nP4PORT=ssl:perforce.@@dom@@:1666\nP4USER=@@user@@\nP4CLIENT=@@user@@_@@gslug@@_ws\nP4PASSWD=@@S@@\nP4IGNORE=.p4ignore",
     "P4CLIENT=@@user@@_@@gslug@@_ws")
_cfg("yarnrc-yml-npm-auth-token", "{ghp}",
     "# .yarnrc.yml\nnodeLinker: node-modules\nnpmScopes:\n  @@co@@:\n    npmRegistryServer: \"https://npm.pkg.github.com\"\n    npmAuthToken: \"@@S@@\"",
     "nodeLinker: node-modules")
_cfg("gradle-properties-maven-central-signing", "{pp}",
     "mavenCentralUsername=@@lan8@@\nmavenCentralPassword=${MAVEN_CENTRAL_TOKEN}\nsigning.keyId=@@HEX8@@\nsigning.password=@@S@@\nsigning.secretKeyRingFile=/Users/@@user@@/.gnupg/secring.gpg",
     "signing.keyId=@@HEX8@@")
_cfg("maven-settings-xml-server-password", "{pw}",
     "<settings>\n  <servers>\n    <server>\n      <id>@@co@@-releases</id>\n      <username>@@user@@</username>\n      <password>@@S@@</password>\n    </server>\n  </servers>\n</settings>",
     "<id>@@co@@-releases</id>")
_cfg("nuget-config-cleartextpassword", "{ghp}",
     "<configuration>\n  <packageSourceCredentials>\n    <github>\n      <add key=\"Username\" value=\"@@user@@\" />\n      <add key=\"ClearTextPassword\" value=\"@@S@@\" />\n    </github>\n  </packageSourceCredentials>\n</configuration>",
     "<add key=\"Username\" value=\"@@user@@\" />")
_cfg("flutter-dotenv-revenuecat-secret", "sk_{an32}",
     "# assets/.env (loaded with flutter_dotenv)\nAPI_BASE=https://api.@@dom@@\nRC_PUBLIC_IOS=appl_@@an27@@\nRC_SECRET=@@S@@",
     "API_BASE=https://api.@@dom@@")
_cfg("appsettings-json-connectionstring", "{pw}",
     "{\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } },\n  \"ConnectionStrings\": {\n    \"Matchmaking\": \"Server=@@host@@;Database=Matchmaking;User Id=mm_app;Password=@@S@@;TrustServerCertificate=True\"\n  },\n  \"AllowedHosts\": \"*\"\n}",
     "Database=Matchmaking")
_cfg("spring-application-yml-datasource", "{gpw18}",
     "spring:\n  datasource:\n    url: jdbc:postgresql://@@host@@:5432/inventory\n    username: inventory_svc\n    password: @@S@@\n  jpa:\n    hibernate:\n      ddl-auto: validate",
     "username: inventory_svc")
_cfg("cargo-credentials-toml", "cio{an32}",
     "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"@@S@@\"",
     "[registry]")
_cfg("sparkle-private-key-export", "{b6432}",
     "# exported with `generate_keys -x sparkle_private_key` -> sparkle_private_key\n@@S@@",
     "generate_keys -x sparkle_private_key")
_cfg("firebase-runtimeconfig-json", "{stripe}",
     "{\n  \"stripe\": {\n    \"secret\": \"@@S@@\",\n    \"webhook_tolerance\": \"300\"\n  },\n  \"app\": {\n    \"env\": \"prod\"\n  }\n}",
     "\"webhook_tolerance\": \"300\"")
_cfg("applovin-reporting-properties", "{tok86}",
     "# reporting/applovin.properties\napplovin.report.endpoint=https://r.applovin.com/maxReport\napplovin.report.key=@@S@@\napplovin.report.columns=day,application,network,impressions,estimated_revenue",
     "applovin.report.endpoint=https://r.applovin.com/maxReport")
_cfg("ironsource-reporting-yaml", "{hex32}",
     "ironsource:\n  reporting_api: https://platform.ironsrc.com/partners/publisher/mediation/applications/v6/stats\n  secret_key: \"@@S@@\"\n  refresh_token: ${IRONSOURCE_REFRESH_TOKEN}",
     "refresh_token: ${IRONSOURCE_REFRESH_TOKEN}")
_cfg("braze-yml-rest-key-uuid", "{uuid}",
     "braze:\n  rest_endpoint: https://rest.fra-02.braze.eu\n  rest_api_key: @@S@@\n  app_group: @@app@@ Production",
     "rest_endpoint: https://rest.fra-02.braze.eu")
_cfg("onesignal-json-rest-key", "{b64s48}",
     "{\n  \"app_id\": \"@@uuid@@\",\n  \"rest_api_key\": \"@@S@@\",\n  \"safari_web_id\": \"web.onesignal.auto.@@uuid.2@@\"\n}",
     "\"app_id\": \"@@uuid@@\"")
_cfg("launchdarkly-server-sdk-key", "sdk-{uuid}",
     "# backend/.env.production\nLD_MOBILE_KEY=mob-@@uuid@@\nLD_SDK_KEY=@@S@@\nLD_OFFLINE=false",
     "LD_OFFLINE=false")
_cfg("embrace-config-json-api-token", "{hex32}",
     "{\n  \"app_id\": \"@@an5@@\",\n  \"api_token\": \"@@S@@\",\n  \"ndk_enabled\": true,\n  \"sdk_config\": {\n    \"app_framework\": \"unity\"\n  }\n}",
     "\"ndk_enabled\": true")
_cfg("backtrace-json-submission-token", "{hex64}",
     "{\n  \"universe\": \"@@co@@\",\n  \"submission_url\": \"https://submit.backtrace.io/@@co@@/@@S@@/minidump\",\n  \"attach_log\": true,\n  \"minidump_type\": \"MiniDumpWithDataSegs\"\n}",
     "\"universe\": \"@@co@@\"")
_cfg("secrets-xcconfig-api-secret", "{hex40}",
     "// Config/Secrets.xcconfig -- gitignored, copied by ci_post_clone.sh\nAPI_HOST = api.@@dom@@\nAPI_SECRET = @@S@@\nSENTRY_ORG = @@co@@",
     "SENTRY_ORG = @@co@@")
_cfg("godot-export-presets-keystore", "{pw}",
     "[preset.1.options]\n\ncustom_template/debug=\"\"\ncustom_template/release=\"\"\ngradle_build/use_gradle_build=true\nkeystore/release=\"res://keys/release.keystore\"\nkeystore/release_user=\"@@alias@@\"\nkeystore/release_password=\"@@S@@\"\npackage/unique_name=\"@@bundle@@\"",
     "keystore/release_user=\"@@alias@@\"")
_cfg("godot-export-presets-script-key", "{hex64}",
     "[preset.0]\n\nname=\"Windows Desktop\"\nplatform=\"Windows Desktop\"\nrunnable=true\nexport_path=\"build/win/@@gslug@@.exe\"\nencryption_include_filters=\"*.gd,*.tres\"\nencrypt_pck=true\nencrypt_directory=false\nscript_encryption_key=\"@@S@@\"",
     "encrypt_pck=true")
_cfg("devkit-ini-admin-password", "{pw}",
     "; tools/devkit/devkit.ini\n[target]\nname=@@gslug@@-kit-@@dig2@@\naddress=@@ip@@\n[auth]\nuser=admin\npassword=@@S@@\n[deploy]\npath=/data/app/@@gslug@@",
     "name=@@gslug@@-kit-@@dig2@@")
_cfg("kubeconfig-user-token", "{jwtrs}",
     "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://@@pip@@:6443\n  name: game-prod\nusers:\n- name: ci-deployer\n  user:\n    token: @@S@@\ncontexts:\n- context:\n    cluster: game-prod\n    user: ci-deployer\n  name: game-prod",
     "name: ci-deployer")
_cfg("pgpass-line", "{pw}",
     "# ~/.pgpass\n@@host@@:5432:telemetry:grafana_ro:@@S@@\nlocalhost:5432:*:postgres:postgres",
     "@@host@@:5432:telemetry:grafana_ro")
_cfg("my-cnf-client-password", "{pw}",
     "# ~/.my.cnf\n[client]\nuser=scores\npassword=\"@@S@@\"\nhost=@@ip@@\ndefault-character-set=utf8mb4",
     "default-character-set=utf8mb4")
_cfg("redis-conf-requirepass", "{hex64}",
     "# /etc/redis/redis.conf (excerpt)\nbind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass @@S@@\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru",
     "maxmemory-policy allkeys-lru")
_cfg("nginx-proxy-basic-auth-header", lambda r, g: _b64(("symbols:%s" % _pw(r)).encode()),
     "location /symbols/ {\n    proxy_pass https://symbols.@@dom@@/;\n    proxy_set_header Authorization \"Basic @@S@@\";\n    proxy_set_header Host symbols.@@dom@@;\n}",
     "location /symbols/")
_cfg("supervisord-environment-line", "{hex40}",
     "[program:telemetry-ingest]\ncommand=/opt/ingest/bin/ingest --port 9090\nenvironment=INGEST_TOKEN=\"@@S@@\",GOMAXPROCS=\"4\"\nautorestart=true\nuser=ingest",
     "[program:telemetry-ingest]")
_cfg("mender-conf-tenant-token", "{jwtmender}",
     "{\n  \"ServerURL\": \"https://hosted.mender.io\",\n  \"TenantToken\": \"@@S@@\",\n  \"UpdatePollIntervalSeconds\": 1800,\n  \"InventoryPollIntervalSeconds\": 28800\n}",
     "\"ServerURL\": \"https://hosted.mender.io\"")
_cfg("balena-config-json-api-key", "{an32}",
     "{\n  \"applicationId\": @@dig7@@,\n  \"deviceType\": \"raspberrypi4-64\",\n  \"userId\": @@dig6@@,\n  \"appUpdatePollInterval\": 900000,\n  \"listenPort\": 48484,\n  \"vpnPort\": 443,\n  \"apiEndpoint\": \"https://api.balena-cloud.com\",\n  \"deviceApiKey\": \"@@S@@\"\n}",
     "\"deviceType\": \"raspberrypi4-64\"")
_cfg("particle-config-json-access-token", "{hex40}",
     "{\n  \"username\": \"@@email@@\",\n  \"access_token\": \"@@S@@\",\n  \"apiUrl\": \"https://api.particle.io\"\n}",
     "\"apiUrl\": \"https://api.particle.io\"")
_cfg("cloud-init-network-config-wifi", "{pw}",
     "# /boot/firmware/network-config\nversion: 2\nwifis:\n  renderer: networkd\n  wlan0:\n    dhcp4: true\n    optional: true\n    access-points:\n      \"@@ssid@@\":\n        password: \"@@S@@\"",
     "renderer: networkd")
_cfg("cloud-init-chpasswd-list", "{pw}",
     "#cloud-config\nhostname: @@device@@\nchpasswd:\n  expire: false\n  users:\n    - name: pi\n      password: @@S@@\n      type: text\nssh_pwauth: true",
     "hostname: @@device@@")
_cfg("nmconnection-wifi-security-psk", "{pw}",
     "# /etc/NetworkManager/system-connections/@@ssid@@.nmconnection\n[connection]\nid=@@ssid@@\ntype=wifi\n\n[wifi]\nmode=infrastructure\nssid=@@ssid@@\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=@@S@@",
     "key-mgmt=wpa-psk")
_cfg("yocto-local-conf-extra-users", "{spw}",
     "# conf/local.conf\nMACHINE ??= \"imx8mm-@@co@@\"\nDISTRO ?= \"fieldgw\"\nINHERIT += \"extrausers\"\nEXTRA_USERS_PARAMS = \"usermod -p '$(openssl passwd -6 @@S@@)' root;\"\nIMAGE_INSTALL:append = \" swupdate\"",
     "DISTRO ?= \"fieldgw\"")
_cfg("buildroot-defconfig-root-passwd", "{pw}",
     "BR2_aarch64=y\nBR2_TOOLCHAIN_EXTERNAL=y\nBR2_TARGET_GENERIC_HOSTNAME=\"@@device@@\"\nBR2_TARGET_GENERIC_ROOT_PASSWD=\"@@S@@\"\nBR2_SYSTEM_DHCP=\"eth0\"",
     "BR2_SYSTEM_DHCP=\"eth0\"")
_cfg("uboot-defconfig-autoboot-stop-str", "{an12}",
     "CONFIG_AUTOBOOT_KEYED=y\nCONFIG_AUTOBOOT_PROMPT=\"Autoboot in %d seconds\\n\"\nCONFIG_AUTOBOOT_STOP_STR=\"@@S@@\"\nCONFIG_BOOTDELAY=3",
     "CONFIG_AUTOBOOT_KEYED=y")
_cfg("swupdate-aes-key-file", "{hex64}",
     "# /etc/swupdate/aes.key  (format: <key> <iv>)\n@@S@@ @@hex32@@",
     "/etc/swupdate/aes.key")
_cfg("rpi-imager-custom-toml", "{pw}",
     "config_version = 1\n\n[system]\nhostname = \"@@device@@\"\n\n[user]\nname = \"pi\"\npassword_encrypted = false\npassword = \"@@S@@\"\n\n[wlan]\nssid = \"@@ssid@@\"\npassword_encrypted = false",
     "config_version = 1")
_cfg("home-assistant-secrets-yaml-token", "{jwt}",
     "# secrets.yaml\nmqtt_password: !env_var MQTT_PASSWORD\nnotify_token: @@S@@\nelevation: 34",
     "mqtt_password: !env_var MQTT_PASSWORD")
_cfg("gamelift-fleet-env-json", "{gpw24}",
     "{\n  \"Name\": \"@@gslug@@-eu\",\n  \"ServerLaunchPath\": \"/local/game/@@gslug@@Server.x86_64\",\n  \"ServerLaunchParameters\": \"-port 7777 -log -backendSecret=@@S@@\",\n  \"ConcurrentExecutions\": 4\n}",
     "-port 7777 -log")
_cfg("steam-webapi-backend-dotenv", "{HEX32}",
     "# services/ownership/.env\nSTEAM_APP_ID=@@appid@@\nSTEAM_WEB_API_KEY=@@S@@\nSTEAM_PARTNER_HOST=partner.steam-api.com",
     "STEAM_PARTNER_HOST=partner.steam-api.com")
_cfg("steam-encrypted-app-ticket-key-toml", "{hex64}",
     "[steam]\napp_id = @@appid@@\n# Steamworks > Edit Steamworks Settings > Security > SDK Auth\nencrypted_ticket_key = \"@@S@@\"",
     "app_id = @@appid@@")
_cfg("photon-server-secret-config", "{b6424}",
     "<Photon>\n  <CustomAuthentication Enabled=\"true\" AllowAnonymous=\"false\">\n    <AuthProvider Name=\"custom\" AuthenticationType=\"0\" AuthUrl=\"https://auth.@@dom@@/photon\" secret=\"@@S@@\" />\n  </CustomAuthentication>\n</Photon>",
     "AuthUrl=\"https://auth.@@dom@@/photon\"")
_cfg("ini-anticheat-integrity-key", "{HEX48}",
     "; Saved/Config/WindowsServer/Game.ini\n[/Script/@@gslug@@.AntiCheatSettings]\nbEnforceIntegrity=True\nIntegrityKey=@@S@@\nViolationKickDelaySeconds=5",
     "bEnforceIntegrity=True")
_cfg("telemetry-vector-toml-sink", "{hex32}",
     "[sinks.datadog_logs]\ntype = \"datadog_logs\"\ninputs = [\"game_servers\"]\ndefault_api_key = \"@@S@@\"\nsite = \"datadoghq.eu\"\ncompression = \"gzip\"",
     "inputs = [\"game_servers\"]")
_cfg("fluent-bit-conf-http-output", "{tok40}",
     "[OUTPUT]\n    Name        http\n    Match       devices.*\n    Host        ingest.@@dom@@\n    Port        443\n    URI         /v1/logs\n    Header      X-Ingest-Token @@S@@\n    tls         On",
     "Match       devices.*")
_cfg("appcenter-config-json-api-token", "{hex40}",
     "{\n  \"owner\": \"@@co@@\",\n  \"apps\": { \"ios\": \"@@app@@-iOS\", \"android\": \"@@app@@-Android\" },\n  \"apiToken\": \"@@S@@\"\n}",
     "\"owner\": \"@@co@@\"")
_cfg("crashpad-upload-ini", "{hex64}",
     "[crash_reporting]\nenabled=1\nupload_url=https://crash.@@dom@@/api/minidump/upload?token=@@S@@\nrate_limit=0",
     "[crash_reporting]")
_cfg("ue-defaultengine-crash-reporter-url", "{hex64}",
     "[CrashReportClient]\nbAgreeToCrashUpload=true\nDataRouterUrl=\"https://unreal.backtrace.io/post/@@co@@/@@S@@\"\nCrashReportClientVersion=1.0",
     "bAgreeToCrashUpload=true")
_cfg("dotnet-user-secrets-json", "{b6432}",
     "// %APPDATA%\\Microsoft\\UserSecrets\\@@uuid@@\\secrets.json\n{\n  \"Jwt:SigningKey\": \"@@S@@\",\n  \"Jwt:Issuer\": \"https://auth.@@dom@@\"\n}",
     "\"Jwt:Issuer\": \"https://auth.@@dom@@\"")
_cfg("rclone-conf-r2-secret", "{hex64}",
     "[r2-assets]\ntype = s3\nprovider = Cloudflare\naccess_key_id = @@hex32@@\nsecret_access_key = @@S@@\nendpoint = https://@@hex32.2@@.r2.cloudflarestorage.com",
     "provider = Cloudflare")
_cfg("xcode-scheme-env-variable", "{jwt}",
     "<EnvironmentVariables>\n   <EnvironmentVariable\n      key = \"DEBUG_AUTH_TOKEN\"\n      value = \"@@S@@\"\n      isEnabled = \"YES\">\n   </EnvironmentVariable>\n</EnvironmentVariables>",
     "key = \"DEBUG_AUTH_TOKEN\"")
_cfg("vscode-launch-json-env", "{hex40}",
     "{\n  \"version\": \"0.2.0\",\n  \"configurations\": [\n    {\n      \"type\": \"node\",\n      \"request\": \"launch\",\n      \"name\": \"Electron: Main\",\n      \"env\": { \"UPDATE_FEED_TOKEN\": \"@@S@@\" }\n    }\n  ]\n}",
     "\"name\": \"Electron: Main\"")
_cfg("android-local-properties-maps-key", "{aiza}",
     "## This file must *NOT* be checked into Version Control Systems\nsdk.dir=/Users/@@user@@/Library/Android/sdk\nPLACES_SERVER_KEY=@@S@@",
     "sdk.dir=/Users/@@user@@/Library/Android/sdk")
_cfg("pubnub-server-keys-json", "sec-c-{b64s48}",
     "{\n  \"publishKey\": \"pub-c-@@uuid@@\",\n  \"subscribeKey\": \"sub-c-@@uuid.2@@\",\n  \"secretKey\": \"@@S@@\",\n  \"userId\": \"lobby-server\"\n}",
     "\"userId\": \"lobby-server\"")
_cfg("agora-token-server-env", "{hex32}",
     "# voice-token-server/.env\nAGORA_APP_ID=@@hex32@@\nAGORA_APP_CERTIFICATE=@@S@@\nTOKEN_TTL_SECONDS=3600",
     "TOKEN_TTL_SECONDS=3600")
_cfg("keygen-license-server-env", "prod-{hex64}v3",
     "# desktop/licensing/.env\nKEYGEN_ACCOUNT_ID=@@uuid@@\nKEYGEN_PRODUCT_TOKEN=@@S@@\nKEYGEN_POLICY=pro-annual",
     "KEYGEN_POLICY=pro-annual")

# ---------------------------------------------------------------------------
# source-code: code excerpts in many languages
# ---------------------------------------------------------------------------

_src("kotlin-const-val-secret", "sk_{an32}",
     "// app/src/main/java/com/@@co@@/@@appslug@@/billing/Billing.kt\nprivate const val REVENUECAT_SECRET = \"@@S@@\"\n\nobject Billing {\n    fun init(app: Application) { /* ... */ }\n}",
     "object Billing")
_src("swift-multiline-p8-literal", "{ecpk}",
     "// Sources/PushSender/Keys.swift\nenum APNsKeys {\n    static let keyID = \"@@keyid@@\"\n    static let teamID = \"@@teamid@@\"\n    static let p8 = \"\"\"\n    -----BEGIN PRIVATE KEY-----\n@@S@@\n    -----END PRIVATE KEY-----\n    \"\"\"\n}",
     "static let keyID = \"@@keyid@@\"")
_src("swift-static-let-shared-secret", "{hex32}",
     "struct ReceiptValidator {\n    static let verifyURL = URL(string: \"https://buy.itunes.apple.com/verifyReceipt\")!\n    static let sharedSecret = \"@@S@@\"\n\n    func validate(_ receipt: Data) async throws -> ReceiptStatus {",
     "https://buy.itunes.apple.com/verifyReceipt")
_src("objc-nsstring-const", "{hex32}",
     "// AnalyticsConfig.m\n#import \"AnalyticsConfig.h\"\n\nNSString *const kMixpanelProjectToken = @\"@@hex32@@\";\nNSString *const kMixpanelAPISecret = @\"@@S@@\";",
     "#import \"AnalyticsConfig.h\"")
_src("java-static-final-fcm-key", "{fcm}",
     "public class PushConfig {\n    // legacy HTTP API, still used by the admin panel\n    public static final String SERVER_KEY = \"@@S@@\";\n    public static final String FCM_URL = \"https://fcm.googleapis.com/fcm/send\";\n}",
     "public class PushConfig")
_src("java-keystore-load-chararray", "{pw}",
     "KeyStore ks = KeyStore.getInstance(\"PKCS12\");\ntry (InputStream in = context.getAssets().open(\"client.p12\")) {\n    ks.load(in, \"@@S@@\".toCharArray());\n}\nKeyManagerFactory kmf = KeyManagerFactory.getInstance(\"X509\");",
     "KeyStore.getInstance(\"PKCS12\")")
_src("arduino-ssid-password-globals", "{pw}",
     "#include <WiFi.h>\n#include <PubSubClient.h>\n\nconst char* ssid = \"@@ssid@@\";\nconst char* password = \"@@S@@\";\nconst char* mqtt_server = \"@@ip@@\";\n\nWiFiClient espClient;\nPubSubClient client(espClient);",
     "#include <PubSubClient.h>")
_src("esp-idf-define-wifi-pass", "{pw}",
     "/* main/wifi_station.c */\n#define EXAMPLE_ESP_WIFI_SSID      \"@@ssid@@\"\n#define EXAMPLE_ESP_WIFI_PASS      \"@@S@@\"\n#define EXAMPLE_ESP_MAXIMUM_RETRY  5",
     "EXAMPLE_ESP_MAXIMUM_RETRY")
_src("c-static-uint8-aes-key-array", "{bytes16}",
     "/* firmware/src/ota_crypto.c */\nstatic const uint8_t ota_aes_key[16] = {\n    @@S@@\n};\n\nint ota_decrypt_block(const uint8_t *in, uint8_t *out, size_t len);",
     "int ota_decrypt_block")
_src("lmic-appkey-progmem", "{bytes16}",
     "// This key should be in big endian format (or, since it is not really a\n// number but a block of memory, endianness does not really apply).\nstatic const u1_t PROGMEM APPKEY[16] = {\n    @@S@@\n};\nvoid os_getDevKey (u1_t* buf) {  memcpy_P(buf, APPKEY, 16);}",
     "void os_getDevKey")
_src("unreal-fstring-text-macro", "{eossec}",
     "// Source/@@gslug@@/Online/EosConfig.cpp\nconst FString FEosConfig::ClientId = TEXT(\"xyza7891@@an24@@\");\nconst FString FEosConfig::ClientSecret = TEXT(\"@@S@@\");\nconst FString FEosConfig::DeploymentId = TEXT(\"@@hex32@@\");",
     "FEosConfig::ClientId")
_src("csharp-private-const-secret-key", "{uan52}",
     "namespace @@co@@.Backend\n{\n    public static class PlayFabServerConfig\n    {\n        public const string TitleId = \"@@HEX5@@\";\n        private const string SecretKey = \"@@S@@\";\n    }\n}",
     "public const string TitleId = \"@@HEX5@@\"")
_src("csharp-playfab-static-settings", "{uan52}",
     "void Awake()\n{\n    PlayFabSettings.staticSettings.TitleId = \"@@HEX5@@\";\n#if UNITY_SERVER\n    PlayFabSettings.staticSettings.DeveloperSecretKey = \"@@S@@\";\n#endif\n}",
     "#if UNITY_SERVER")
_src("csharp-steam-webapi-ctor", "{HEX32}",
     "var steam = new SteamWebApiClient(\"@@S@@\", appId: @@appid@@);\nvar owned = await steam.CheckAppOwnershipAsync(steamId);",
     "CheckAppOwnershipAsync")
_src("python-module-constant-publisher-key", "{HEX32}",
     "#!/usr/bin/env python3\n\"\"\"tools/steam_ban.py - issue game bans from the support dashboard.\"\"\"\nimport requests\n\nSTEAM_PUBLISHER_KEY = \"@@S@@\"\nAPP_ID = @@appid@@",
     "tools/steam_ban.py")
_src("python-jwt-es256-private-key", "{ecpk}",
     "import time, jwt\n\nPRIVATE_KEY = \"\"\"-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----\"\"\"\n\ndef asc_token():\n    now = int(time.time())\n    return jwt.encode({\"iss\": ISSUER_ID, \"iat\": now, \"exp\": now + 1200, \"aud\": \"appstoreconnect-v1\"},\n                      PRIVATE_KEY, algorithm=\"ES256\", headers={\"kid\": \"@@keyid@@\"})",
     "appstoreconnect-v1")
_src("python-paho-username-pw-set", "{pw}",
     "client = mqtt.Client(client_id=\"@@device@@\", protocol=mqtt.MQTTv311)\nclient.username_pw_set(\"@@device@@\", \"@@S@@\")\nclient.tls_set(ca_certs=\"certs/ca.pem\")\nclient.connect(\"@@host@@\", 8883)",
     "client.tls_set(ca_certs=\"certs/ca.pem\")")
_src("micropython-wlan-connect", "{pw}",
     "import network, time\n\nwlan = network.WLAN(network.STA_IF)\nwlan.active(True)\nwlan.connect('@@ssid@@', '@@S@@')\nwhile not wlan.isconnected():\n    time.sleep(0.5)",
     "wlan.active(True)")
_src("go-const-hmac-key", "{hex64}",
     "package leaderboard\n\n// scores are signed by the client with this key (see ScoreSigner.cs)\nconst hmacKey = \"@@S@@\"\n\nfunc verify(body []byte, sig string) bool {",
     "package leaderboard")
_src("rust-const-update-seed", "{hex64}",
     "// src-tauri/src/updater.rs\nconst UPDATE_SIGNING_SEED: &str = \"@@S@@\";\n\npub fn sign_manifest(manifest: &[u8]) -> Signature {\n    let seed = hex::decode(UPDATE_SIGNING_SEED).unwrap();",
     "pub fn sign_manifest")
_src("rust-reqwest-bearer-header", "{tok48}",
     "let resp = client\n    .get(format!(\"https://updates.@@dom@@/v1/{}/latest\", target))\n    .header(\"Authorization\", \"Bearer @@S@@\")\n    .send()\n    .await?;",
     "https://updates.@@dom@@/v1/{}/latest")
_src("ts-electron-autoupdater-headers", "{ghp}",
     "import { autoUpdater } from 'electron-updater';\n\nautoUpdater.setFeedURL({\n  provider: 'github',\n  owner: '@@co@@',\n  repo: '@@appslug@@-desktop',\n  private: true,\n  token: '@@S@@',\n});",
     "import { autoUpdater } from 'electron-updater';")
_src("node-require-stripe-inline", "{stripe}",
     "const express = require('express');\nconst stripe = require('stripe')('@@S@@');\n\nconst app = express();\napp.post('/create-checkout-session', async (req, res) => {",
     "/create-checkout-session")
_src("js-firebase-admin-cert-inline", "{rsapkj}",
     "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: '@@co@@-prod',\n    clientEmail: 'firebase-adminsdk-@@lan5@@@@@co@@-prod.iam.gserviceaccount.com',\n    privateKey: '-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n',\n  }),\n});",
     "projectId: '@@co@@-prod'")
_src("dart-const-private-secret", "sk_{an32}",
     "// lib/services/purchases.dart\nconst _revenueCatSecret = '@@S@@';\nconst _entitlement = 'pro';\n\nFuture<void> grantPromo(String appUserId) async {",
     "const _entitlement = 'pro';")
_src("dart-dio-base-options-header", "{tok40}",
     "final dio = Dio(BaseOptions(\n  baseUrl: 'https://api.@@dom@@/v3',\n  headers: {'x-api-key': '@@S@@'},\n  connectTimeout: const Duration(seconds: 10),\n));",
     "baseUrl: 'https://api.@@dom@@/v3'")
_src("lua-local-api-secret", "{hex40}",
     "-- scripts/net/leaderboard.lua\nlocal API_URL = \"https://api.@@dom@@/scores\"\nlocal API_SECRET = \"@@S@@\"\n\nlocal function submit(score)\n  local sig = hmac_sha256(API_SECRET, tostring(score))",
     "local API_URL = \"https://api.@@dom@@/scores\"")
_src("gdscript-const-server-key", "{an32}",
     "extends Node\n\nconst SERVER_KEY := \"@@S@@\"\nconst HOST := \"nakama.@@dom@@\"\n\nvar client := Nakama.create_client(SERVER_KEY, HOST, 7350, \"https\")",
     "Nakama.create_client")
_src("luau-discord-webhook-postasync", "{dchook}",
     "local HttpService = game:GetService(\"HttpService\")\nlocal WEBHOOK = \"https://discord.com/api/webhooks/@@dig18@@/@@S@@\"\n\nlocal function reportExploit(player, reason)\n\tHttpService:PostAsync(WEBHOOK, HttpService:JSONEncode({content = player.Name .. \": \" .. reason}))\nend",
     "local function reportExploit")
_src("fastfile-asc-api-key-content", "{ecpk}",
     "lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: \"@@keyid@@\",\n    issuer_id: \"@@uuid@@\",\n    key_content: \"-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----\",\n    in_house: false\n  )\n  upload_to_testflight(api_key: api_key, skip_waiting_for_build_processing: true)\nend",
     "upload_to_testflight")
_src("fastfile-env-assignment", "{pp}",
     "before_all do\n  ENV[\"MATCH_PASSWORD\"] = \"@@S@@\"\n  ENV[\"FASTLANE_XCODEBUILD_SETTINGS_TIMEOUT\"] = \"120\"\nend",
     "FASTLANE_XCODEBUILD_SETTINGS_TIMEOUT")
_src("powershell-securestring-script", "{pw}",
     "# scripts/sign-msix.ps1\n$certPath = \"$PSScriptRoot\\..\\certs\\store.pfx\"\n$certPassword = ConvertTo-SecureString -String \"@@S@@\" -Force -AsPlainText\n& signtool.exe sign /fd SHA256 /f $certPath /p ([Runtime.InteropServices.Marshal]::PtrToStringAuto([Runtime.InteropServices.Marshal]::SecureStringToBSTR($certPassword))) $msix",
     "scripts/sign-msix.ps1")
_src("bash-script-keychain-var", "{gpw20}",
     "#!/usr/bin/env bash\nset -euo pipefail\nKEYCHAIN=build.keychain\nKEYCHAIN_PASSWORD=\"@@S@@\"\nsecurity create-keychain -p \"$KEYCHAIN_PASSWORD\" \"$KEYCHAIN\"",
     "KEYCHAIN=build.keychain")
_src("php-pdo-constructor-args", "{pw}",
     "<?php\n// api/db.php\n$db = new PDO('mysql:host=@@ip@@;dbname=scores;charset=utf8mb4', 'scores', '@@S@@', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
     "dbname=scores;charset=utf8mb4")
_src("java-drivermanager-getconnection", "{pw}",
     "Connection conn = DriverManager.getConnection(\n        \"jdbc:mysql://@@host@@:3306/guilds?useSSL=true\",\n        \"guilds_rw\",\n        \"@@S@@\");",
     "\"guilds_rw\"")
_src("kotlin-ktor-bearer-tokens", "{tok64}",
     "install(Auth) {\n    bearer {\n        loadTokens {\n            BearerTokens(accessToken = \"\", refreshToken = \"@@S@@\")\n        }\n    }\n}",
     "install(Auth)")
_src("swift-urlrequest-set-bearer", "{jwt}",
     "var request = URLRequest(url: URL(string: \"https://api.@@dom@@/v1/me\")!)\nrequest.setValue(\"Bearer @@S@@\", forHTTPHeaderField: \"Authorization\")\nlet (data, _) = try await URLSession.shared.data(for: request)",
     "forHTTPHeaderField: \"Authorization\"")
_src("swift-urlcredential-user-password", "{pw}",
     "let credential = URLCredential(user: \"qa-bot\", password: \"@@S@@\", persistence: .forSession)\nURLCredentialStorage.shared.setDefaultCredential(credential, for: protectionSpace)",
     "URLCredentialStorage.shared")
_src("objc-nsurlcredential-password", "{pw}",
     "NSURLCredential *cred = [NSURLCredential credentialWithUser:@\"@@user@@\"\n                                                   password:@\"@@S@@\"\n                                                persistence:NSURLCredentialPersistenceForSession];",
     "NSURLCredentialPersistenceForSession")
_src("csharp-networkcredential", "{pw}",
     "using var client = new SmtpClient(\"smtp.@@dom@@\", 587)\n{\n    EnableSsl = true,\n    Credentials = new NetworkCredential(\"noreply@@@dom@@\", \"@@S@@\")\n};",
     "EnableSsl = true")
_src("cpp-curl-userpwd", "{pw}",
     "curl_easy_setopt(curl, CURLOPT_URL, \"https://crash.@@dom@@/upload\");\ncurl_easy_setopt(curl, CURLOPT_HTTPAUTH, CURLAUTH_BASIC);\ncurl_easy_setopt(curl, CURLOPT_USERPWD, \"crashuploader:@@S@@\");",
     "CURLAUTH_BASIC")
_src("cpp-paho-connect-options-password", "{pw}",
     "mqtt::connect_options connOpts;\nconnOpts.set_user_name(\"@@device@@\");\nconnOpts.set_password(\"@@S@@\");\nconnOpts.set_keep_alive_interval(20);",
     "set_keep_alive_interval(20)")
_src("c-mbedtls-psk-array", "{bytes32}",
     "static const unsigned char psk[] = {\n    @@S@@\n};\nstatic const char psk_identity[] = \"@@device@@\";\n\nmbedtls_ssl_conf_psk(&conf, psk, sizeof(psk), (const unsigned char *)psk_identity, strlen(psk_identity));",
     "mbedtls_ssl_conf_psk")
_src("kotlin-ble-bond-key-bytearray", lambda r, g: ", ".join("0x%02X.toByte()" % r.randrange(256) for _ in range(16)),
     "// Debug-only: pre-shared LTK for the bench tracker so we can skip pairing UI\nval BENCH_LTK = byteArrayOf(@@S@@)",
     "val BENCH_LTK")
_src("java-zigbee-network-key-int-array", "{ints16}",
     "// coordinator/ZigbeeConfig.java\npublic static final int[] NETWORK_KEY = { @@S@@ };\npublic static final int PAN_ID = 0x@@HEX4@@;",
     "public static final int PAN_ID")
_src("python-thread-network-key-fromhex", "{hex32}",
     "from dataclasses import dataclass\n\nNETWORK_KEY = bytes.fromhex(\"@@S@@\")\nEXT_PAN_ID = bytes.fromhex(\"@@hex16@@\")\nCHANNEL = 15",
     "CHANNEL = 15")
_src("go-paho-set-password", "{pw}",
     "opts := mqtt.NewClientOptions().\n\tAddBroker(\"ssl://@@host@@:8883\").\n\tSetClientID(\"ingest-\" + hostname).\n\tSetUsername(\"ingest\").\n\tSetPassword(\"@@S@@\")",
     "SetUsername(\"ingest\")")
_src("rust-hex-macro-aes-key", "{hex32}",
     "use hex_literal::hex;\n\n/// AES-128 key used to decrypt OTA payloads on the bench rig.\nconst OTA_KEY: [u8; 16] = hex!(\"@@S@@\");",
     "use hex_literal::hex;")
_src("csharp-aes-key-from-base64-savegame", "{b6432}",
     "public static class SaveCrypto\n{\n    static readonly byte[] Key = Convert.FromBase64String(\"@@S@@\");\n    static readonly byte[] Iv = new byte[16];\n}",
     "public static class SaveCrypto")
_src("csharp-obscuredprefs-cryptokey", "{an24}",
     "void Start()\n{\n    ObscuredPrefs.CryptoKey = \"@@S@@\";\n    coins = ObscuredPrefs.Get(\"coins\", 0);\n}",
     "ObscuredPrefs.Get(\"coins\", 0)")
_src("cpp-anticheat-integrity-key", "{HEX48}",
     "// Source/@@gslug@@/AntiCheat/AntiCheatModule.cpp\nstatic const char* GIntegrityKey = \"@@S@@\";\n\nvoid FAntiCheatModule::StartupModule()\n{\n    Integrity::Init(GIntegrityKey);",
     "FAntiCheatModule::StartupModule")
_src("ts-s3client-inline-credentials", "{awssk}",
     "const s3 = new S3Client({\n  region: '@@region@@',\n  credentials: {\n    accessKeyId: '@@akia@@',\n    secretAccessKey: '@@S@@',\n  },\n});",
     "region: '@@region@@'")
_src("python-boto3-client-kwargs", "{awssk}",
     "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"@@akia@@\",\n    aws_secret_access_key=\"@@S@@\",\n    region_name=\"@@region@@\",\n)",
     "region_name=\"@@region@@\"")
_src("python-requests-auth-tuple-mailgun", "key-{hex32}",
     "def send_receipt_email(to, html):\n    return requests.post(\n        \"https://api.eu.mailgun.net/v3/mg.@@dom@@/messages\",\n        auth=(\"api\", \"@@S@@\"),\n        data={\"from\": \"@@app@@ <receipts@@@dom@@>\", \"to\": to, \"subject\": \"Your purchase\", \"html\": html},\n    )",
     "def send_receipt_email")
_src("python-sendgrid-client-ctor", "SG.{tok22}.{tok43}",
     "from sendgrid import SendGridAPIClient\nsg = SendGridAPIClient('@@S@@')\nresponse = sg.send(message)",
     "from sendgrid import SendGridAPIClient")
_src("django-settings-secret-key", "{gpw50}",
     "# backend/admin_site/settings.py\nDEBUG = False\nALLOWED_HOSTS = [\"admin.@@dom@@\"]\nSECRET_KEY = '@@S@@'",
     "ALLOWED_HOSTS = [\"admin.@@dom@@\"]")
_src("node-jwt-sign-literal-secret", "{gpw32}",
     "function issueSessionToken(player) {\n  return jwt.sign({ sub: player.id, region: player.region }, '@@S@@', { expiresIn: '2h' });\n}",
     "function issueSessionToken")
_src("go-jwt-secret-byte-slice", "{an40}",
     "var jwtSecret = []byte(\"@@S@@\")\n\nfunc issue(playerID string) (string, error) {\n\ttok := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{\"sub\": playerID})\n\treturn tok.SignedString(jwtSecret)\n}",
     "func issue(playerID string)")
_src("java-secretkeyspec-hmac", "{an32}",
     "Mac mac = Mac.getInstance(\"HmacSHA256\");\nmac.init(new SecretKeySpec(\"@@S@@\".getBytes(StandardCharsets.UTF_8), \"HmacSHA256\"));\nbyte[] sig = mac.doFinal(payload);",
     "Mac.getInstance(\"HmacSHA256\")")
_src("swift-cryptokit-symmetric-key", "{b6432}",
     "import CryptoKit\n\nlet cacheKey = SymmetricKey(data: Data(base64Encoded: \"@@S@@\")!)\nlet sealed = try AES.GCM.seal(plaintext, using: cacheKey)",
     "import CryptoKit")
_src("kotlin-secretkeyspec-base64-decode", "{b6416}",
     "private val key = SecretKeySpec(Base64.decode(\"@@S@@\", Base64.DEFAULT), \"AES\")\nprivate val cipher = Cipher.getInstance(\"AES/GCM/NoPadding\")",
     "AES/GCM/NoPadding")
_src("python-verify-receipt-password-field", "{hex32}",
     "payload = {\n    \"receipt-data\": receipt_b64,\n    \"password\": \"@@S@@\",\n    \"exclude-old-transactions\": True,\n}\nr = requests.post(\"https://sandbox.itunes.apple.com/verifyReceipt\", json=payload, timeout=10)",
     "exclude-old-transactions")
_src("node-google-auth-jwt-private-key", "{rsapkj}",
     "const auth = new google.auth.JWT(\n  'rtdn-handler@@@co@@-mobile.iam.gserviceaccount.com',\n  null,\n  '-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n',\n  ['https://www.googleapis.com/auth/androidpublisher'],\n);",
     "https://www.googleapis.com/auth/androidpublisher")
_src("kotlin-dsl-buildconfigfield", "{hex40}",
     "defaultConfig {\n    applicationId = \"@@bundle@@\"\n    versionCode = @@build@@\n    buildConfigField(\"String\", \"API_SECRET\", \"\\\"@@S@@\\\"\")\n}",
     "applicationId = \"@@bundle@@\"")
_src("java-generated-buildconfig", "{lan32}",
     "/**\n * Automatically generated file. DO NOT MODIFY\n */\npackage @@bundle@@;\n\npublic final class BuildConfig {\n  public static final boolean DEBUG = false;\n  public static final String APPLICATION_ID = \"@@bundle@@\";\n  public static final String ADJUST_S2S_TOKEN = \"@@S@@\";\n}",
     "Automatically generated file. DO NOT MODIFY")
_src("python-openai-client-kwarg", "sk-proj-{tok64}T3BlbkFJ{tok64}",
     "# tools/npc_barks.py - generate ambient dialogue lines for the tavern NPCs\nfrom openai import OpenAI\nclient = OpenAI(api_key=\"@@S@@\")",
     "generate ambient dialogue lines")
_src("python-anthropic-client-kwarg", "sk-ant-api03-{tok93}AA",
     "import anthropic\n\n# quest text localisation helper\nclient = anthropic.Anthropic(api_key=\"@@S@@\")",
     "quest text localisation helper")
_src("cpp-twitch-client-secret-array", "{lan30}",
     "// Source/Integrations/TwitchDrops.cpp\nstatic const char kTwitchClientId[] = \"@@lan30@@\";\nstatic const char kTwitchClientSecret[] = \"@@S@@\";",
     "Source/Integrations/TwitchDrops.cpp")
_src("csharp-discord-bot-token-const", lambda r, g: _b64u(str(r.randint(10**17, 10**18)).encode()) + "." + _chars(r, _TOKCH, 6) + "." + _chars(r, _TOKCH, 38),
     "// CommunityBot/Program.cs\nconst string BotToken = \"@@S@@\";\nawait client.LoginAsync(TokenType.Bot, BotToken);\nawait client.StartAsync();",
     "await client.StartAsync();")
_src("java-twilio-init", "{hex32}",
     "public class SmsVerifier {\n    static {\n        Twilio.init(\"AC@@hex32@@\", \"@@S@@\");\n    }\n}",
     "public class SmsVerifier")
_src("rust-sqlx-pgpool-url", "{upw}",
     "let pool = PgPoolOptions::new()\n    .max_connections(20)\n    .connect(\"postgres://matchmaker:@@S@@@@@host@@/matchmaking\")\n    .await?;",
     ".max_connections(20)")
_src("elixir-config-repo-password", "{gpw20}",
     "config :arena, Arena.Repo,\n  username: \"arena\",\n  password: \"@@S@@\",\n  hostname: \"@@host@@\",\n  database: \"arena_prod\",\n  pool_size: 20",
     "database: \"arena_prod\"")
_src("scala-val-api-secret", "{hex40}",
     "object TelemetryClient {\n  private val endpoint = \"https://events.@@dom@@/batch\"\n  private val apiSecret = \"@@S@@\"\n}",
     "object TelemetryClient")
_src("zig-const-wifi-pass", "{pw}",
     "const std = @import(\"std\");\nconst wifi_ssid = \"@@ssid@@\";\nconst wifi_pass = \"@@S@@\";",
     "const std = @import(\"std\");")
_src("csharp-mqttnet-with-credentials", "{pw}",
     "var options = new MqttClientOptionsBuilder()\n    .WithTcpServer(\"@@host@@\", 8883)\n    .WithCredentials(\"dashboard\", \"@@S@@\")\n    .WithTlsOptions(o => o.UseTls())\n    .Build();",
     ".WithTcpServer(\"@@host@@\", 8883)")
_src("python-pyserial-login-write", "{pw}",
     "ser = serial.Serial(\"/dev/ttyUSB0\", 115200, timeout=2)\nser.write(b\"root\\n\")\ntime.sleep(0.5)\nser.write(b\"@@S@@\\n\")\nser.write(b\"fw_printenv\\n\")",
     "serial.Serial(\"/dev/ttyUSB0\", 115200, timeout=2)")
_src("python-pexpect-sendline-password", "{pw}",
     "child = pexpect.spawn(\"ssh root@@@ip@@\")\nchild.expect(\"password:\")\nchild.sendline(\"@@S@@\")\nchild.expect(\"#\")\nchild.sendline(\"swupdate -i /tmp/update.swu\")",
     "swupdate -i /tmp/update.swu")
_src("expect-script-send-password", "{pw}",
     "#!/usr/bin/expect -f\nset timeout 20\nspawn telnet @@ip@@\nexpect \"login:\"\nsend \"admin\\r\"\nexpect \"Password:\"\nsend \"@@S@@\\r\"\ninteract",
     "spawn telnet @@ip@@")
_src("c-zephyr-mqtt-password-define", "{pw}",
     "/* samples/net/mqtt_publisher/src/config.h */\n#define SERVER_ADDR     \"@@ip@@\"\n#define SERVER_PORT     1883\n#define MQTT_USERNAME   \"@@device@@\"\n#define MQTT_PASSWORD   \"@@S@@\"",
     "#define SERVER_PORT     1883")
_src("kotlin-okhttp-credentials-basic", "{pw}",
     "val client = OkHttpClient.Builder()\n    .authenticator { _, response ->\n        response.request.newBuilder()\n            .header(\"Authorization\", Credentials.basic(\"symbol-upload\", \"@@S@@\"))\n            .build()\n    }\n    .build()",
     "Credentials.basic(\"symbol-upload\"")
_src("java-setrequestproperty-basic-b64", lambda r, g: _b64(("partner:%s" % _pw(r)).encode()),
     "HttpURLConnection conn = (HttpURLConnection) url.openConnection();\nconn.setRequestProperty(\"Authorization\", \"Basic @@S@@\");\nconn.setRequestMethod(\"POST\");",
     "conn.setRequestMethod(\"POST\")")
_src("python-tuya-outletdevice-local-key", "{an16}",
     "import tinytuya\n\nplug = tinytuya.OutletDevice(dev_id=\"@@lan22@@\", address=\"@@ip@@\", local_key=\"@@S@@\", version=3.4)\nprint(plug.status())",
     "import tinytuya")
_src("swift-apple-signin-client-secret", "{jwtasc}",
     "// Server/Sources/App/Auth/AppleConfig.swift\nlet appleClientSecret = \"@@S@@\" // valid 6 months, regenerate before Sept",
     "Server/Sources/App/Auth/AppleConfig.swift")
_src("csharp-gameanalytics-initialize", "{hex40}",
     "void Start()\n{\n    GameAnalytics.SettingsGA.SetCustomUserID(SystemInfo.deviceUniqueIdentifier);\n    GameAnalyticsSDK.GameAnalytics.Initialize(gameKey: \"@@hex32@@\", secretKey: \"@@S@@\");\n}",
     "SetCustomUserID")
_src("typescript-hathora-dev-token", "{tok64}",
     "const hathora = new HathoraCloud({\n  appId: 'app-@@uuid@@',\n  hathoraDevToken: '@@S@@',\n});",
     "new HathoraCloud")
_src("csharp-unity-cloud-build-api-key", "{hex32}",
     "[MenuItem(\"Build/Trigger Cloud Build\")]\nstatic async void Trigger()\n{\n    const string apiKey = \"@@S@@\";\n    using var http = new HttpClient();\n    http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue(\"Basic\", apiKey);",
     "Build/Trigger Cloud Build")
_src("java-huawei-agc-client-secret", "{hex64}",
     "AGConnectOptionsBuilder builder = new AGConnectOptionsBuilder();\nbuilder.setClientId(\"@@dig18@@\");\nbuilder.setClientSecret(\"@@S@@\");\nbuilder.setApiKey(BuildConfig.AGC_API_KEY);",
     "builder.setApiKey(BuildConfig.AGC_API_KEY)")
_src("python-amazon-lwa-client-secret", "amzn1.oa2-cs.v1.{hex64}",
     "LWA_CLIENT_ID = \"amzn1.application-oa2-client.@@hex32@@\"\nLWA_CLIENT_SECRET = \"@@S@@\"\nTOKEN_URL = \"https://api.amazon.com/auth/o2/token\"",
     "TOKEN_URL = \"https://api.amazon.com/auth/o2/token\"")
_src("kotlin-test-fixture-sandbox-account", "{pw}",
     "@Test\nfun purchase_flow_sandbox() {\n    loginWith(email = \"iap-tester+@@lan4@@@@@dom@@\", password = \"@@S@@\")\n    buy(\"pro_monthly\")\n}",
     "fun purchase_flow_sandbox()")
_src("cpp-xbox-partner-secret-define", "{azsec}",
     "// tools/StoreSubmit/config.h\n#pragma once\n#define PARTNER_TENANT_ID  L\"@@uuid@@\"\n#define PARTNER_CLIENT_ID  L\"@@uuid.2@@\"\n#define PARTNER_CLIENT_SECRET L\"@@S@@\"",
     "#pragma once")
_src("gdscript-http-request-headers", "{tok40}",
     "func _submit_score(score: int) -> void:\n\tvar headers := [\"Content-Type: application/json\", \"X-Game-Key: @@S@@\"]\n\t$HTTPRequest.request(\"https://api.@@dom@@/scores\", headers, HTTPClient.METHOD_POST, JSON.stringify({\"score\": score}))",
     "func _submit_score(score: int) -> void:")
_src("ruby-matchfile-git-basic-authorization", lambda r, g: _b64(("%s:%s" % (g("user"), "ghp_" + _chars(r, _ALNUM, 36))).encode()),
     "# fastlane/Matchfile\ngit_url(\"https://github.com/@@co@@/certificates.git\")\nstorage_mode(\"git\")\ntype(\"appstore\")\ngit_basic_authorization(\"@@S@@\")",
     "storage_mode(\"git\")")
_src("swift-firebase-custom-token-debug", "{jwtrs}",
     "#if DEBUG\n// TODO remove: custom token minted by the admin script for QA\nlet qaCustomToken = \"@@S@@\"\nAuth.auth().signIn(withCustomToken: qaCustomToken)\n#endif",
     "Auth.auth().signIn(withCustomToken: qaCustomToken)")

# ---------------------------------------------------------------------------
# stack-trace-or-log: log lines, traces and crash output
# ---------------------------------------------------------------------------

_log("logcat-okhttp-authorization-header", "{jwt}",
     "@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid.2@@ I okhttp.OkHttpClient: --> GET https://api.@@dom@@/v2/inventory\n@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid.2@@ I okhttp.OkHttpClient: Authorization: Bearer @@S@@\n@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid.2@@ I okhttp.OkHttpClient: --> END GET",
     "okhttp.OkHttpClient: --> END GET")
_log("logcat-auth-repository-refresh", "{tok64}",
     "@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid@@ D AuthRepository: refresh ok, expires_in=3600 refresh_token=@@S@@",
     "D AuthRepository: refresh ok")
_log("ios-console-headers-dictionary", "{jwt}",
     "@@date@@ @@clock@@.@@dig6@@+0100 @@app@@[@@pid@@:@@dig7@@] [Network] request headers: [\"Accept\": \"application/json\", \"Authorization\": \"Bearer @@S@@\", \"X-Client\": \"ios/@@ver@@\"]",
     "\"X-Client\": \"ios/@@ver@@\"")
_log("okhttp-logging-body-login", "{pw}",
     "--> POST https://auth.@@dom@@/v1/login\nContent-Type: application/json; charset=UTF-8\nContent-Length: 71\n\n{\"email\":\"@@email@@\",\"password\":\"@@S@@\",\"device\":\"android\"}\n--> END POST (71-byte body)",
     "https://auth.@@dom@@/v1/login")
_log("alamofire-curl-debug-description", "{tok40}",
     "[Alamofire] $ curl -v \\\n\t-X POST \\\n\t-H \"Accept-Language: en-US;q=1.0\" \\\n\t-H \"X-Api-Key: @@S@@\" \\\n\t-H \"Content-Type: application/json\" \\\n\t-d \"{\\\"score\\\":@@dig5@@}\" \\\n\t\"https://api.@@dom@@/scores\"",
     "\"https://api.@@dom@@/scores\"")
_log("java-psqlexception-caused-by-url", "{upw}",
     "org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection\n\tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)\nCaused by: org.postgresql.util.PSQLException: Connection to @@host@@:5432 refused. (url=jdbc:postgresql://@@host@@:5432/inventory?user=inventory_svc&password=@@S@@)\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)",
     "CannotGetJdbcConnectionException")
_log("python-httperror-url-api-key", "{HEX32}",
     "Traceback (most recent call last):\n  File \"/srv/ownership/worker.py\", line 58, in check_owner\n    resp.raise_for_status()\n  File \"/usr/lib/python3/dist-packages/requests/models.py\", line 1021, in raise_for_status\n    raise HTTPError(http_error_msg, response=self)\nrequests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v2/?key=@@S@@&steamid=@@steamid@@&appid=@@appid@@",
     "/srv/ownership/worker.py")
_log("python-traceback-locals-token", "{ghp}",
     "Traceback (most recent call last):\n  File \"tools/release_notes.py\", line 41, in <module>\n    main()\n  File \"tools/release_notes.py\", line 33, in main\n    gh = Github(token)\n    token = '@@S@@'\n    repo_name = '@@co@@/@@appslug@@-ios'\ngithub.GithubException.BadCredentialsException: 401 {\"message\": \"Bad credentials\"}",
     "tools/release_notes.py")
_log("node-redis-error-url", "{upw}",
     "Error: connect ETIMEDOUT\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1595:16) {\n  errno: -110,\n  code: 'ETIMEDOUT',\n  syscall: 'connect',\n  address: '@@ip@@',\n  port: 6379,\n  url: 'redis://default:@@S@@@@@ip@@:6379'\n}",
     "TCPConnectWrap.afterConnect")
_log("gradle-info-exec-jarsigner-cmdline", "{spw}",
     "> Task :app:signReleaseBundle\nStarting process 'command 'jarsigner''. Working directory: /builds/@@co@@/@@appslug@@/app Command: jarsigner -keystore /builds/keys/upload.jks -storepass @@S@@ -signedjar build/outputs/bundle/release/app-release.aab build/intermediates/app-release-unsigned.aab @@alias@@\nSuccessfully started process 'command 'jarsigner''",
     "> Task :app:signReleaseBundle")
_log("fastlane-log-security-set-key-partition", "{gpw20}",
     "[@@clock@@]: --- Step: setup_ci ---\n[@@clock@@]: Creating temporary keychain: \"fastlane_tmp_keychain\".\n[@@clock@@]: $ security set-key-partition-list -S apple-tool:,apple: -k @@S@@ ~/Library/Keychains/fastlane_tmp_keychain-db 1> /dev/null\n[@@clock@@]: Enabling match readonly mode.",
     "Creating temporary keychain")
_log("electron-updater-debug-headers", "{ghp}",
     "[@@tsl@@] [info]  Checking for update\n[@@tsl@@] [debug] Request: {\"protocol\":\"https:\",\"hostname\":\"api.github.com\",\"path\":\"/repos/@@co@@/@@appslug@@-desktop/releases/latest\",\"headers\":{\"authorization\":\"token @@S@@\",\"accept\":\"application/vnd.github.v3+json\"}}",
     "Checking for update")
_log("electron-builder-debug-signtool", "{pw}",
     "  • signing         file=dist\\win-unpacked\\@@app@@.exe certificateFile=build\\certs\\codesign.pfx\n  ⨯ Exit code: 1. Command failed: signtool.exe sign /tr http://timestamp.digicert.com /f build\\certs\\codesign.pfx /p @@S@@ /fd sha256 dist\\win-unpacked\\@@app@@.exe\nSignTool Error: The specified PFX password is not correct.",
     "SignTool Error: The specified PFX password is not correct.")
_log("unity-cloud-build-command-echo", "{pw}",
     "[@@ts@@] Running: /opt/unity/Editor/Unity -batchmode -nographics -quit -username ci@@@dom@@ -password @@S@@ -projectPath /BUILD_PATH/@@co@@.@@gslug@@ -buildTarget Android\n[@@ts@@] [Licensing::Client] Successfully resolved entitlements",
     "[Licensing::Client] Successfully resolved entitlements")
_log("unreal-log-eos-client-secret", "{eossec}",
     "[@@date@@-@@clock@@:@@dig3@@][  0]LogEOS: Verbose: Initializing EOS platform: ProductId=@@hex32@@ SandboxId=@@hex32.2@@ DeploymentId=@@hex32.3@@ ClientId=xyza7891@@an24@@ ClientSecret=@@S@@\n[@@date@@-@@clock@@:@@dig3@@][  0]LogEOS: EOS SDK initialized",
     "LogEOS: EOS SDK initialized")
_log("unreal-loghttp-header-dump", "{tok40}",
     "[@@date@@-@@clock@@:@@dig3@@][ 17]LogHttp: Verbose: @@hex16@@: URL='https://telemetry.@@dom@@/ingest'\n[@@date@@-@@clock@@:@@dig3@@][ 17]LogHttp: Verbose: @@hex16@@: Header='X-Api-Key: @@S@@'\n[@@date@@-@@clock@@:@@dig3@@][ 17]LogHttp: Verbose: @@hex16@@: Header='Content-Type: application/json'",
     "URL='https://telemetry.@@dom@@/ingest'")
_log("nakama-startup-json-config", "{an32}",
     "{\"level\":\"info\",\"ts\":\"@@ts@@\",\"caller\":\"main.go:137\",\"msg\":\"Nakama starting\"}\n{\"level\":\"debug\",\"ts\":\"@@ts@@\",\"caller\":\"server/config.go:211\",\"msg\":\"socket\",\"server_key\":\"@@S@@\",\"port\":7350}",
     "\"msg\":\"Nakama starting\"")
_log("go-panic-dsn-in-message", "{upw}",
     "panic: failed to connect to `host=db user=arena database=arena`: dial error (dsn=postgres://arena:@@S@@@db:5432/arena?sslmode=disable)\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/cmd/arena/main.go:48 +0x3a5",
     "/app/cmd/arena/main.go:48")
_log("rust-panic-connect-url", "{upw}",
     "thread 'main' panicked at src/db.rs:22:10:\nfailed to connect to amqp://ingest:@@S@@@@@host@@:5672/%2f: Connection refused (os error 111)\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
     "thread 'main' panicked at src/db.rs:22:10")
_log("embedded-mqtt-connect-debug", "{pw}",
     "[@@dig5@@] I (mqtt): connecting to mqtts://@@host@@:8883 client_id=@@device@@ user=@@device@@ pass=@@S@@\n[@@dig5@@] I (mqtt): MQTT_EVENT_CONNECTED",
     "MQTT_EVENT_CONNECTED")
_log("esp-idf-wifi-station-connected-log", "{pw}",
     "I (812) wifi station: ESP_WIFI_MODE_STA\nI (842) wifi:wifi driver task: 3ffc0a4c, prio:23, stack:6656, core=0\nI (1722) wifi station: got ip:@@ip@@\nI (1722) wifi station: connected to ap SSID:@@ssid@@ password:@@S@@",
     "wifi station: ESP_WIFI_MODE_STA")
_log("zephyr-log-net-mqtt-password", "{pw}",
     "[00:00:03.412,000] <inf> net_config: IPv4 address: @@ip@@\n[00:00:03.520,000] <dbg> app_mqtt: mqtt_connect: client_id=@@device@@ username=@@device@@ password=@@S@@\n[00:00:03.902,000] <inf> app_mqtt: MQTT client connected!",
     "<inf> app_mqtt: MQTT client connected!")
_log("uboot-serial-printenv-capture", "{pw}",
     "U-Boot 2023.04 (@@date@@) @@co@@ fieldgw\n\nDRAM:  1 GiB\nHit any key to stop autoboot:  0\n=> printenv wifi_psk provision_url\nwifi_psk=@@S@@\nprovision_url=https://provision.@@dom@@/v1/claim",
     "Hit any key to stop autoboot")
_log("dmesg-kernel-cmdline-token", "{tok32}",
     "[    0.000000] Booting Linux on physical CPU 0x0000000000 [0x410fd034]\n[    0.000000] Linux version 6.1.55-@@co@@ (oe-user@oe-host) (aarch64-poky-linux-gcc (GCC) 12.3.0)\n[    0.000000] Kernel command line: console=ttymxc1,115200 root=/dev/mmcblk2p2 rootwait provision.token=@@S@@ quiet",
     "Booting Linux on physical CPU 0x0000000000")
_log("journal-ota-agent-signed-url", "{hex64}",
     "@@date@@ @@clock@@ @@device@@ ota-agent[812]: fetching https://@@co@@-ota.s3.@@region@@.amazonaws.com/fw/@@ver@@/image.swu?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@@akia@@%2F@@dig8@@%2F@@region@@%2Fs3%2Faws4_request&X-Amz-Date=@@dig8@@T@@dig6@@Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=@@S@@",
     "ota-agent[812]: fetching")
_log("nginx-access-log-access-token-query", "{tok43}",
     "@@pip@@ - - [14/Mar/2025:@@clock@@ +0000] \"GET /api/v1/cloudsave?player=@@steamid@@&access_token=@@S@@ HTTP/1.1\" 200 5123 \"-\" \"UnityPlayer/@@unity@@ (UnityWebRequest/1.0, libcurl/8.4.0-DEV)\"",
     "\"GET /api/v1/cloudsave?player=@@steamid@@")
_log("crash-upload-s3-presigned-url", "{hex64}",
     "[CrashUploader] uploading minidump (412 KB) to https://@@co@@-crashdumps.s3.amazonaws.com/dumps/@@uuid@@.dmp?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@@akia@@%2F@@dig8@@%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=@@dig8@@T@@dig6@@Z&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=@@S@@\n[CrashUploader] done in 1.8s",
     "[CrashUploader] done in 1.8s")
_log("gcs-signed-url-goog-signature", "{hex512}",
     "INFO uploader.py:88 PUT https://storage.googleapis.com/@@co@@-builds/android/@@build@@/app-release.aab?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40@@co@@-ci.iam.gserviceaccount.com%2F@@dig8@@%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=@@dig8@@T@@dig6@@Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=@@S@@",
     "INFO uploader.py:88 PUT")
_log("azure-sas-in-log", "{sas}",
     "@@tsl@@ WARN  SymbolUploader - retrying PUT https://@@co@@symbols.blob.core.windows.net/pdb/@@gslug@@.pdb?sv=2022-11-02&ss=b&srt=o&sp=rwac&se=@@date@@T23:59:59Z&st=@@date@@T00:00:00Z&spr=https&sig=@@S@@ (attempt 2/5)",
     "SymbolUploader - retrying PUT")
_log("cloudfront-signed-url-signature", lambda r, g: _b64(_rbytes(r, 128)).replace("+", "-").replace("=", "_").replace("/", "~"),
     "DEBUG [AssetBundleLoader] GET https://d@@lan13@@.cloudfront.net/bundles/@@ver@@/level_04.bundle?Expires=@@epoch@@&Signature=@@S@@&Key-Pair-Id=K@@uan13@@",
     "[AssetBundleLoader]")
_log("firebase-functions-error-key-param", "{aiza}",
     "@@ts@@ E sendPush: Error: Request failed with status code 400\n    at createError (/workspace/node_modules/axios/lib/core/createError.js:16:15)\n    config: { url: 'https://fcmregistrations.googleapis.com/v1/projects/@@co@@-prod/registrations?key=@@S@@' }",
     "E sendPush: Error: Request failed with status code 400")
_log("sentry-breadcrumb-url-password", "{upw}",
     "{\"type\":\"http\",\"category\":\"xhr\",\"level\":\"info\",\"data\":{\"method\":\"GET\",\"status_code\":401,\"url\":\"https://legacy.@@dom@@/api/login?user=@@user@@&password=@@S@@\"},\"timestamp\":@@epoch@@.412}",
     "\"category\":\"xhr\"")
_log("sentry-event-extra-config", "{stripe}",
     "\"extra\": {\n  \"config\": {\n    \"apiBase\": \"https://api.@@dom@@\",\n    \"stripeKey\": \"@@S@@\",\n    \"featureFlags\": [\"new-shop\", \"battle-pass-s3\"]\n  }\n}",
     "\"featureFlags\": [\"new-shop\", \"battle-pass-s3\"]")
_log("bash-xtrace-unlock-keychain", "{pw}",
     "+ echo 'Unlocking keychain'\nUnlocking keychain\n+ security unlock-keychain -p @@S@@ /Users/runner/Library/Keychains/signing_temp.keychain-db\n+ security set-keychain-settings -lut 21600 /Users/runner/Library/Keychains/signing_temp.keychain-db",
     "security set-keychain-settings -lut 21600")
_log("bash-xtrace-export-match-password", "{pp}",
     "+ export MATCH_GIT_BRANCH=main\n+ MATCH_GIT_BRANCH=main\n+ export 'MATCH_PASSWORD=@@S@@'\n+ MATCH_PASSWORD='@@S@@'\n+ bundle exec fastlane match development --readonly",
     "bundle exec fastlane match development --readonly")
_log("docker-build-log-run-npmrc", "{npm}",
     "#9 [builder 4/9] RUN echo \"//registry.npmjs.org/:_authToken=@@S@@\" > .npmrc && npm ci --omit=dev\n#9 2.311 npm warn deprecated inflight@1.0.6: This module is not supported\n#9 DONE 41.2s",
     "npm ci --omit=dev")
_log("docker-build-step-env", "{b6432}",
     "Step 7/14 : ENV NAKAMA_SESSION_KEY=@@S@@\n ---> Running in @@hex12@@\nRemoving intermediate container @@hex12@@\n ---> @@hex12.2@@\nStep 8/14 : COPY ./modules /nakama/data/modules",
     "COPY ./modules /nakama/data/modules")
_log("helm-debug-user-supplied-values", "{gpw20}",
     "NAME: lobby\nLAST DEPLOYED: @@date@@\nNAMESPACE: multiplayer\nSTATUS: pending-install\nREVISION: 1\nUSER-SUPPLIED VALUES:\nredis:\n  auth:\n    password: @@S@@\nreplicaCount: 3",
     "NAMESPACE: multiplayer")
_log("terraform-plan-attribute-not-sensitive", "{azsec}",
     "  # azurerm_key_vault_secret.signing_client will be created\n  + resource \"azurerm_key_vault_secret\" \"signing_client\" {\n      + id           = (known after apply)\n      + key_vault_id = \"/subscriptions/@@uuid@@/resourceGroups/signing/providers/Microsoft.KeyVault/vaults/@@co@@-sign\"\n      + name         = \"signing-client-secret\"\n      + value        = \"@@S@@\"\n    }",
     "azurerm_key_vault_secret.signing_client")
_log("ansible-vvv-module-args-password", "{pw}",
     "ok: [gw-@@dig3@@] => {\n    \"changed\": false,\n    \"invocation\": {\n        \"module_args\": {\n            \"name\": \"@@ssid@@\",\n            \"password\": \"@@S@@\",\n            \"state\": \"present\"\n        }\n    }\n}",
     "\"state\": \"present\"")
_log("powershell-transcript-pfx-pass", "{pw}",
     "**********************\nPowerShell transcript start\nStart time: @@dig14@@\nUsername: BUILD01\\jenkins\n**********************\nPS C:\\jenkins\\workspace\\@@gslug@@> $pfxPass = '@@S@@'\nPS C:\\jenkins\\workspace\\@@gslug@@> .\\sign.ps1 -Password $pfxPass",
     "PowerShell transcript start")
_log("game-server-steam-auth-ticket", "{steamticket}",
     "[@@tsl@@] [Auth] player @@steamid@@ BeginAuthSession ticket=@@S@@ len=240\n[@@tsl@@] [Auth] ValidateAuthTicketResponse: k_EAuthSessionResponseOK",
     "k_EAuthSessionResponseOK")
_log("unity-player-log-login-body", "{tok32}",
     "UnityWebRequest POST https://api.@@dom@@/v1/login body={\"device_id\":\"@@hex40@@\",\"device_secret\":\"@@S@@\",\"platform\":\"Android\"}\nUnityEngine.Debug:Log (object)\nNet.ApiClient:<Login>d__12:MoveNext () (at Assets/Scripts/Net/ApiClient.cs:88)",
     "Assets/Scripts/Net/ApiClient.cs:88")
_log("photon-opauthenticate-token-log", "{b64s120}",
     "@@clock@@.@@dig3@@ [PUN] OpAuthenticate() AppId: @@uuid@@ UserId: @@steamid@@ AuthType: Custom token: @@S@@\n@@clock@@.@@dig3@@ [PUN] Connected to NameServer",
     "Connected to NameServer")
_log("eos-sdk-token-exchange-log", "{jwtrs}",
     "LogEOSSDK: LogEOSAuth: NewUserToken: User ClientId: xyz...@@an4@@ AccountId: @@hex32@@ Access[Expires: @@ts@@ Token: @@S@@] Refresh[Expires: @@ts.2@@]",
     "LogEOSSDK: LogEOSAuth: NewUserToken")
_log("xbl-authorization-header-log", "{xbl}",
     "[XblHttp] POST https://titlehub.xboxlive.com/users/xuid(@@dig16@@)/titles/batch/decoration/detail\n[XblHttp] Authorization: XBL3.0 x=@@dig19@@;@@S@@",
     "titlehub.xboxlive.com")
_log("psn-auth-code-log-line", "{an48}",
     "[@@tsl@@][NpAuth] GetAuthorizationCode ok: userId=@@dig19@@ clientId=@@uuid@@ authCode=@@S@@ issuerId=256",
     "GetAuthorizationCode ok")
_log("anticheat-integrity-key-loaded", "{HEX48}",
     "@@tsl@@ [ACServer] config loaded from /etc/@@gslug@@/anticheat.ini\n@@tsl@@ [ACServer] integrity key = @@S@@\n@@tsl@@ [ACServer] listening on 0.0.0.0:27020",
     "listening on 0.0.0.0:27020")
_log("urllib3-debug-steam-key-query", "{HEX32}",
     "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.steampowered.com:443\nDEBUG:urllib3.connectionpool:https://api.steampowered.com:443 \"GET /IPlayerService/GetOwnedGames/v1/?key=@@S@@&steamid=@@steamid@@&include_appinfo=1 HTTP/1.1\" 200 None",
     "Starting new HTTPS connection (1)")
_log("botocore-debug-security-token-header", "{awssess}",
     "@@tsl@@ botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest stream_output=False, method=PUT, url=https://@@co@@-ota-prod.s3.amazonaws.com/fw/@@ver@@.bin, headers={'X-Amz-Security-Token': b'@@S@@', 'Content-Length': '1048576'}>",
     "botocore.endpoint [DEBUG] Sending http request")
_log("axios-error-config-headers", "{tok40}",
     "Uncaught (in promise) AxiosError: Request failed with status code 401\n    at settle (renderer.js:1:18234)\n  config: {\n    url: '/v1/license/activate',\n    baseURL: 'https://license.@@dom@@',\n    headers: { Accept: 'application/json', 'X-Api-Key': '@@S@@' }\n  }",
     "url: '/v1/license/activate'")
_log("retrofit-httpexception-request-url-key", "{aiza}",
     "retrofit2.HttpException: HTTP 403 \n\tat retrofit2.KotlinExtensions$await$2$2.onResponse(KotlinExtensions.kt:53)\n\tat okhttp3.internal.connection.RealCall$AsyncCall.run(RealCall.kt:519)\nRequest{method=GET, url=https://maps.googleapis.com/maps/api/geocode/json?latlng=52.52,13.40&key=@@S@@}",
     "retrofit2.HttpException: HTTP 403")
_log("backtrace-submit-url-path-token", "{hex64}",
     "[Backtrace] Sending report @@uuid@@ to https://submit.backtrace.io/@@co@@/@@S@@/json\n[Backtrace] Report sent (HTTP 200)",
     "[Backtrace] Report sent (HTTP 200)")
_log("xcode-build-log-export-setting", "{sntrys}",
     "    export SDKROOT\\=/Applications/Xcode_15.4.app/Contents/Developer/Platforms/iPhoneOS.platform/Developer/SDKs/iPhoneOS17.5.sdk\n    export SENTRY_AUTH_TOKEN\\=@@S@@\n    export SENTRY_ORG\\=@@co@@",
     "export SENTRY_ORG\\=@@co@@")
_log("webview-console-token-log", "{jwt}",
     "@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid@@ I chromium: [INFO:CONSOLE(214)] \"session restored, token: @@S@@\", source: https://app.@@dom@@/static/js/main.@@hex8@@.js (214)",
     "[INFO:CONSOLE(214)]")
_log("metro-log-login-response", "{tok64}",
     " LOG  Login response {\"accessToken\": \"@@S@@\", \"expiresIn\": 900, \"user\": {\"id\": \"@@uuid@@\", \"plan\": \"pro\"}}",
     "\"plan\": \"pro\"")
_log("flutter-print-id-token", "{jwtrs}",
     "I/flutter (@@pid@@): [auth] signed in uid=@@an28@@\nI/flutter (@@pid@@): [auth] idToken=@@S@@",
     "[auth] signed in uid=")
_log("unity-debug-log-playfab-ticket", "{pfticket}",
     "[PlayFab] Login OK for @@HEX16@@, SessionTicket=@@S@@\nUnityEngine.Debug:Log (object)\nLoginManager:OnLoginSuccess (PlayFab.ClientModels.LoginResult) (at Assets/Scripts/LoginManager.cs:61)",
     "Assets/Scripts/LoginManager.cs:61")
_log("router-syslog-provisioner-creds", "{pw}",
     "@@date@@T@@clock@@ @@device@@ wifi-provisioner[411]: received credentials over BLE: ssid=\"@@ssid@@\" psk=\"@@S@@\" (len=@@n@@)\n@@date@@T@@clock@@ @@device@@ wifi-provisioner[411]: applying config, restarting wlan0",
     "applying config, restarting wlan0")
_log("esp-ble-prov-app-log", "{pw}",
     "D/ESPProvisionManager: Connected to ESP device PROV_@@HEX6@@\nD/WiFiConfigActivity: Sending Wi-Fi credentials: ssid=@@ssid@@, pass=@@S@@\nD/ESPDevice: Provisioning status: SUCCESS",
     "Provisioning status: SUCCESS")
_log("matter-thread-dataset-log", "{dataset}",
     "[@@epoch@@.@@dig3@@][@@pid@@:@@pid@@] CHIP:CTL: Setting Thread operational dataset for commissioning\n[@@epoch@@.@@dig3@@][@@pid@@:@@pid@@] CHIP:TOO: dataset hex: @@S@@\n[@@epoch@@.@@dig3@@][@@pid@@:@@pid@@] CHIP:CTL: Commissioning stage next step: 'kThreadNetworkSetup'",
     "Commissioning stage next step")
_log("lorawan-ns-join-accept-keys", "{HEX32}",
     "@@tsl@@ INFO  [join] join-accept sent dev_eui=@@eui@@ dev_addr=@@HEX8@@\n@@tsl@@ DEBUG [join] session keys derived dev_eui=@@eui@@ app_s_key=@@S@@",
     "join-accept sent dev_eui=@@eui@@")
_log("java-unrecoverable-key-prior-debug", "{pw}",
     "DEBUG c.s.b.TlsConfig - loading keystore /opt/matchmaker/tls/server.p12 (type=PKCS12, keyStorePassword=@@S@@)\nERROR c.s.b.Application - startup failed\njava.security.UnrecoverableKeyException: Get Key failed: Given final block not properly padded.\n\tat java.base/sun.security.pkcs12.PKCS12KeyStore.engineGetKey(PKCS12KeyStore.java:448)",
     "java.security.UnrecoverableKeyException")
_log("dotnet-sqlexception-connectionstring", "{pw}",
     "fail: Microsoft.EntityFrameworkCore.Database.Connection[20004]\n      An error occurred using the connection to database 'Purchases' on server '@@host@@'.\n      ConnectionString: Server=@@host@@;Database=Purchases;User Id=iap_writer;Password=@@S@@;Encrypt=True\nMicrosoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'iap_writer'.",
     "Microsoft.EntityFrameworkCore.Database.Connection[20004]")
_log("php-stack-trace-pdo-args", "{pw}",
     "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection timed out in /var/www/api/db.php:4\nStack trace:\n#0 /var/www/api/db.php(4): PDO->__construct('mysql:host=@@ip@@...', 'scores', '@@S@@', Array)\n#1 /var/www/api/submit.php(3): require_once('/var/www/api/db...')\n#2 {main}\n  thrown in /var/www/api/db.php on line 4",
     "Uncaught PDOException")
_log("python-traceback-psycopg-source-line", "{pw}",
     "Traceback (most recent call last):\n  File \"/opt/analytics/etl/load_installs.py\", line 12, in <module>\n    conn = psycopg2.connect(\"host=@@host@@ dbname=events user=etl password=@@S@@ sslmode=require\")\npsycopg2.OperationalError: could not translate host name \"@@host@@\" to address: Name or service not known",
     "/opt/analytics/etl/load_installs.py")
_log("spaceship-debug-cookie-header", "{flsession}",
     "DEBUG [@@clock@@]: GET https://appstoreconnect.apple.com/olympus/v1/session\nDEBUG [@@clock@@]: Request headers: {\"User-Agent\"=>\"Spaceship 2.220.0\", \"Cookie\"=>\"myacinfo=@@S@@\"}",
     "Spaceship 2.220.0")
_log("logfmt-token-request-body", "{tok40}",
     "time=@@ts@@ level=debug msg=\"oauth token request\" url=https://auth.@@dom@@/oauth/token body=\"grant_type=client_credentials&client_id=fleet-agent&client_secret=@@S@@\"",
     "msg=\"oauth token request\"")
_log("swift-fatal-error-userinfo-token", "{jwt}",
     "Fatal error: 'try!' expression unexpectedly raised an error: AuthError.invalidToken(reason: \"signature mismatch\", userInfo: [\"token\": \"@@S@@\", \"endpoint\": \"/v1/session\"]): file @@app@@/Auth/SessionStore.swift, line 142",
     "@@app@@/Auth/SessionStore.swift, line 142")
_log("crashrpt-send-url-token", "{hex32}",
     "@@tsl@@ CrashRpt: Sending error report to https://crash.@@dom@@/submit?app=@@gslug@@&ver=@@ver@@&token=@@S@@\n@@tsl@@ CrashRpt: HTTP 202 Accepted",
     "CrashRpt: HTTP 202 Accepted")
_log("ue-crash-context-commandline", "{spw}",
     "<FCrashContext>\n  <RuntimeProperties>\n    <CrashGUID>UECC-Windows-@@HEX32@@_0000</CrashGUID>\n    <CommandLine>@@gslug@@Server -log -port=7777 -DBUser=gs_rw -DBPass=@@S@@ -Region=eu-central</CommandLine>\n    <EngineVersion>5.4.2-@@dig8@@+++UE5+Release-5.4</EngineVersion>",
     "<FCrashContext>")
_log("gitlab-runner-job-log-curl", "{glpat}",
     "$ curl --header \"PRIVATE-TOKEN: @@S@@\" --upload-file build/@@gslug@@-linux.tar.gz \"https://gitlab.@@dom@@/api/v4/projects/@@n@@/packages/generic/@@gslug@@/@@ver@@/@@gslug@@-linux.tar.gz\"\n{\"message\":\"201 Created\"}",
     "{\"message\":\"201 Created\"}")
_log("windows-event-appcrash-cmdline", "{pw}",
     "Faulting application name: DevkitUploader.exe, version: 2.4.0.0\nFaulting module name: ucrtbase.dll, version: 10.0.22621.3235\nException code: 0xc0000409\nCommand line: \"C:\\Tools\\DevkitUploader.exe\" --target @@ip@@ --user admin --password @@S@@ --pkg @@gslug@@.pkg",
     "Faulting module name: ucrtbase.dll")
_log("homeassistant-log-rest-sensor-header", "{jwt}",
     "@@tsl@@ DEBUG (MainThread) [homeassistant.components.rest.data] Updating from http://@@ip@@:8123/api/states/sensor.bench_temp with headers {'Authorization': 'Bearer @@S@@'}",
     "homeassistant.components.rest.data")
_log("gamelift-process-log-backend-secret", "{gpw24}",
     "@@tsl@@ INFO  [GameLiftServer] OnStartGameSession id=arn:aws:gamelift:@@region@@::gamesession/fleet-@@uuid@@/@@hex8@@\n@@tsl@@ DEBUG [Backend] init url=https://backend.@@dom@@ secret=@@S@@",
     "[GameLiftServer] OnStartGameSession")
_log("mosquitto-log-bridge-failed-auth", "{gpw20}",
     "@@epoch@@: Connecting bridge cloud-bridge (@@host@@:8883)\n@@epoch@@: Bridge @@device@@ sending CONNECT\n@@epoch@@: Bridge config: remote_username=@@device@@ remote_password=@@S@@\n@@epoch@@: Connection Refused: not authorised.",
     "Connection Refused: not authorised.")
_log("syslog-sshd-password-in-username", "{pw}",
     "@@date@@ @@clock@@ @@device@@ sshd[@@pid@@]: Invalid user @@S@@ from @@ip@@ port 51514\n@@date@@ @@clock@@ @@device@@ sshd[@@pid@@]: Failed password for root from @@ip@@ port 51514 ssh2",
     "Failed password for root from @@ip@@")
_log("iap-server-log-receipt-secret", "{hex32}",
     "@@tsl@@ [iap] POST verifyReceipt env=Production bundle=@@bundle@@ password=@@S@@ exclude_old=true\n@@tsl@@ [iap] status=21007 -> retrying against sandbox",
     "status=21007 -> retrying against sandbox")
_log("android-strictmode-intent-extra-token", "{tok48}",
     "W/ActivityTaskManager: START u0 {act=android.intent.action.VIEW dat=@@appslug@@://auth/magic?token=@@S@@ flg=0x10000000 cmp=@@bundle@@/.auth.MagicLinkActivity} from uid 10214",
     "W/ActivityTaskManager: START u0")
_log("k8s-event-env-in-failed-container", "{pw}",
     "Warning  Failed     12s   kubelet  Error: failed to start container \"matchmaker\": exec: \"/app/mm\": args [--redis-addr=redis-master:6379 --redis-pass=@@S@@ --log=info]: permission denied",
     "Warning  Failed     12s   kubelet")
_log("appsflyer-sdk-debug-devkey", "{an22}",
     "D/AppsFlyer_6.12.2: Initializing AppsFlyer SDK: (v6.12.2.@@dig3@@)\nD/AppsFlyer_6.12.2: devKey=@@S@@, appId=@@bundle@@\nD/AppsFlyer_6.12.2: Launch call: sending",
     "Initializing AppsFlyer SDK")
_log("vivox-token-log", "{b64u96}",
     "[Vivox] Login requested for sip:.@@lan6@@.@@steamid@@.@vdx5.vivox.com\n[Vivox] Using access token e30.@@S@@",
     "[Vivox] Login requested")
_log("steam-deck-proton-env-dump", "{hex40}",
     "Proton: /home/deck/.local/share/Steam/steamapps/common/Proton 9.0 (Beta)/proton\nProton: Executable a unix path, launching with /unix option.\nenv: WINEDLLOVERRIDES=winhttp=n,b GAME_TELEMETRY_KEY=@@S@@ SteamAppId=@@appid@@",
     "Proton: Executable a unix path")

# ---------------------------------------------------------------------------
# note-or-chat: the agent's notes, goals, decisions and pasted chat
# ---------------------------------------------------------------------------

_note("note-upload-keystore-password", "{pw}",
     "Keystore password for the Android upload key is @@S@@ -- don't rotate it, Play App Signing has the upload cert pinned and a reset takes 2 days.",
     "Play App Signing")
_note("chat-staging-box-use", "{pw}",
     "[@@hm@@] @@name@@: for the staging box use `@@S@@`, root login is disabled so ssh in as deploy and sudo from there",
     "ssh in as deploy")
_note("note-asc-p8-pasted-by-user", "{ecpk}",
     "NOTE: user pasted the App Store Connect API key (AuthKey_@@keyid@@.p8, issuer @@uuid@@) so I can upload the build:\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----\nWill write it to ~/.appstoreconnect/private_keys/ and not into the repo.",
     "~/.appstoreconnect/private_keys/")
_note("goal-testflight-app-specific-pw", "{apw}",
     "Goal: get TestFlight uploads working again from the mac mini. Apple ID is @@email@@ and the app-specific password @@name@@ generated this morning is @@S@@ (the old one was revoked when she reset 2FA).",
     "Goal: get TestFlight uploads working again")
_note("decision-steam-builder-account", "{pw}",
     "Decision: keep the Steam builder account (@@steamuser@@) separate from anyone's personal login. Steam Guard is off for it on purpose; password for now is @@S@@ until we move it into the vault.",
     "Steam Guard is off for it on purpose")
_note("todo-rotate-mqtt-broker", "{pw}",
     "- [x] flash rev C boards with 2.3.1\n- [ ] rotate MQTT broker pw (currently @@S@@, shared by all 40 gateways -- bad)\n- [ ] enable TLS on port 8883 only",
     "enable TLS on port 8883 only")
_note("chat-fresh-pat-unlabelled", "{ghp}",
     "@@name@@: the old PAT expired over the weekend, here's a fresh one\n\n@@S@@\n\nscopes: repo, read:packages. expires in 30 days",
     "scopes: repo, read:packages")
_note("email-unity-pro-serial", "{unityserial}",
     "Forwarded message from Unity Technologies:\n> Thank you for your purchase. Your Unity Pro serial number is:\n> @@S@@\n> You can activate it in the Unity Hub under Preferences > Licenses.",
     "Preferences > Licenses")
_note("ticket-booth-wifi-key", "{pw}",
     "Support ticket #@@dig5@@: the Wi-Fi at the demo booth is \"@@ssid@@\", key: @@S@@. The kiosks need it before doors open at 10.",
     "The kiosks need it before doors open")
_note("meeting-notes-legacy-fcm-key", "{fcm}",
     "Sync @@date@@\n* push: old Unity plugin still uses the legacy server key -> AAAA...? full value from @@name@@: @@S@@\n* action: migrate to HTTP v1 before June",
     "migrate to HTTP v1 before June")
_note("note-devkit-webui-admin", "{pw}",
     "running notes: devkit web UI at https://@@ip@@ -- tried the default, no luck; `@@S@@` works (user: admin). Uploaded @@gslug@@-@@ver@@.pkg after that.",
     "devkit web UI at https://@@ip@@")
_note("fyi-leaderboard-hmac-in-gameconfig", "{hex40}",
     "FYI the HMAC secret we sign leaderboard submissions with is in GameConfig.cs, value @@S@@ -- moving it server-side in 1.5, until then don't paste GameConfig.cs anywhere public.",
     "moving it server-side in 1.5")
_note("chat-aws-crash-bucket-pair", "{awssk}",
     "> can u paste the AWS key for the crash dump bucket\nsure\n@@akia@@\n@@S@@\nit's scoped to s3://@@co@@-crashdumps only",
     "s3://@@co@@-crashdumps")
_note("handoff-resume-env-block", "{stripe}",
     "Handoff / resume from here:\n- branch @@branch@@, last green build @@build@@\n- env for the webhook tests: STRIPE_KEY=@@S@@ (live! only for the refund repro)\n- next: finish the refund path in functions/src/iap",
     "next: finish the refund path")
_note("user-context-lora-appkey", "{HEX32}",
     "Context from user: \"the LoRa app key for the field sensors is @@S@@, same for all 40 units (yes I know)\"",
     "same for all 40 units")
_note("jira-repro-sandbox-login", "{pw}",
     "@@uan4@@-@@dig3@@ Repro steps:\n1. fresh install @@ver@@ on iPhone 12\n2. log in with qa+iap@@@dom@@ / @@S@@ (sandbox account)\n3. buy pro_monthly, kill app during the sheet",
     "buy pro_monthly")
_note("note-sandbox-tester-line", "{pw}",
     "sandbox tester for Google Play license testing: @@email@@ pass @@S@@ -- added to the internal track testers list",
     "internal track testers list")
_note("note-shared-secret-from-asc", "{hex32}",
     "Found it: the receipt validation shared secret (App Store Connect > App Information > App-Specific Shared Secret) is @@S@@. Putting it in the iap-service env, not the app.",
     "App-Specific Shared Secret")
_note("note-lab-router-admin", "{pw}",
     "router admin for the test lab: http://@@ip@@ , admin / @@S@@ -- DHCP reservations for the devkits are in there",
     "DHCP reservations for the devkits")
_note("note-serial-console-rev-c", "{pw}",
     "Serial console login on the rev C boards is root with @@S@@ (baked into the Yocto image via EXTRA_USERS_PARAMS, remove before production!)",
     "EXTRA_USERS_PARAMS")
_note("note-ble-ltk-bonded-phone", "{HEX32}",
     "BLE debugging: the LTK for the bonded test phone is @@S@@ (dumped from /var/lib/bluetooth on the Pi). Wireshark can decrypt the capture with it.",
     "Wireshark can decrypt the capture")
_note("note-ota-key-passphrase", "{pp}",
     "The OTA signing key itself lives on the YubiKey; the passphrase for the backup copy is @@S@@.",
     "lives on the YubiKey")
_note("chat-discord-webhook-leaked", "{dchook}",
     "@here the #builds Discord webhook got leaked in a screenshot. New one: https://discord.com/api/webhooks/@@dig18@@/@@S@@ -- please update the Jenkins job.",
     "please update the Jenkins job")
_note("note-publisher-key-yuki-phone", "{HEX32}",
     "steam partner site 2FA is on @@name@@'s phone; the publisher Web API key (group: Backend) is @@S@@.",
     "steam partner site 2FA")
_note("note-to-self-eos-dev-sandbox", "{eossec}",
     "Note to self: EOS client secret for the dev sandbox = @@S@@ (client id starts xyza7891). Prod client is a different one.",
     "Prod client is a different one")
_note("decision-twitch-secret-hardcode", "{lan30}",
     "Decided to hardcode the Twitch client secret in the extension backend for now: @@S@@ (TODO move to SSM before the drops campaign).",
     "before the drops campaign")
_note("note-devkit-pin-after-audit", "{dig10}",
     "the console devkit admin PIN changed to @@S@@ after the audit, old one doesn't work anymore",
     "after the audit")
_note("note-hardware-lab-wifi-24ghz", "{pw}",
     "wifi for the hardware lab (2.4 GHz only, the ESP boards can't do 5 GHz): SSID @@ssid@@, pw @@S@@",
     "the ESP boards can't do 5 GHz")
_note("note-developer-id-p12-export", "{pw}",
     "The Developer ID Application .p12 is in ~/Desktop/certs-handover; export password @@S@@. Import it into the build keychain, then delete the file.",
     "~/Desktop/certs-handover")
_note("note-npm-private-scope-token", "{npm}",
     "npm token for the private @@@co@@ scope: @@S@@ -- read-only, fine for CI",
     "read-only, fine for CI")
_note("note-appsflyer-v2-token", "{jwt}",
     "AppsFlyer API V2 token (for pulling raw data into BigQuery):\n@@S@@\nIt's tied to @@name@@'s account, so it dies if she leaves.",
     "pulling raw data into BigQuery")
_note("note-mixpanel-service-account", "{an32}",
     "Mixpanel service account for the export job: username export-bot.@@dig6@@.mp-service-account, secret @@S@@",
     "export-bot.@@dig6@@.mp-service-account")
_note("note-1password-paste-jenkins", "{pw}",
     "Pasted from 1Password by @@name@@:\nwebsite: https://jenkins.@@dom@@\nusername: ci-bot\npassword: @@S@@",
     "username: ci-bot")
_note("note-sentry-releases-token", "{sntryu}",
     "new Sentry auth token with project:releases scope -> @@S@@ (old one revoked)",
     "project:releases scope")
_note("chat-keychain-pw-rotated", "{gpw16}",
     "ok so the thing that broke the build: someone rotated the keychain pw on the mac mini. new one is @@S@@, I updated the Jenkins credential too",
     "the thing that broke the build")
_note("chat-match-passphrase-qa", "{pp}",
     "> what's the match passphrase again?\n@@S@@\n> ty, that decrypted fine",
     "that decrypted fine")
_note("note-filevault-recovery-key", "{filevault}",
     "Recovery key for the signing laptop's FileVault (in case the T2 dies again): @@S@@",
     "signing laptop's FileVault")
_note("note-bitlocker-build-pc", "{bitlocker}",
     "BitLocker recovery key for BUILD-PC-03 (key ID @@HEX8@@): @@S@@",
     "BUILD-PC-03")
_note("note-thread-network-key-demo", "{hex32}",
     "Thread network key for the demo mesh: @@S@@ (PAN ID 0x@@hex4@@ / channel 15). Border router is the HomePod in the meeting room.",
     "Border router is the HomePod")
_note("note-zigbee-network-key-flashed", "{ints16}",
     "The Zigbee network key we flashed on the coordinator: [@@S@@] -- if we reflash we have to re-pair all 23 sensors.",
     "re-pair all 23 sensors")
_note("note-tuya-local-key-plug", "{an16}",
     "tuya local key for the smart plug on the soldering station: @@S@@ (device id @@lan20@@)",
     "soldering station")
_note("decision-log-env-not-committed", "{upw}",
     "Decision log: will NOT commit .env. It contains DATABASE_URL=postgres://leader:@@S@@@@@host@@:5432/leaderboard, which is prod.",
     "Decision log: will NOT commit .env")
_note("note-matter-dac-private-key", "{ecsec}",
     "Matter DAC private key for the dev devices (test PAA, not production):\n-----BEGIN EC PRIVATE KEY-----\n@@S@@\n-----END EC PRIVATE KEY-----",
     "test PAA, not production")
_note("note-partner-center-test-account", "{pw}",
     "Xbox test account for cert: @@first@@.cert@outlook.com / @@S@@ -- sandbox @@uan5@@.1",
     "Xbox test account for cert")
_note("chat-channel-cloud-build-key", "{hex32}",
     "@channel the Unity Cloud Build API key is @@S@@ (org @@co@@), rotate next sprint please",
     "rotate next sprint please")
_note("note-gameanalytics-secret-vs-game-key", "{hex40}",
     "Remember: GameAnalytics secret key = @@S@@. The game key (@@hex32@@) is fine to be public, the secret is not.",
     "fine to be public")
_note("note-backtrace-token-line", "{hex64}",
     "backtrace submission token: @@S@@",
     "backtrace submission token")
_note("note-ev-token-pin", "{dig8}",
     "Windows EV signing: the SafeNet token PIN is @@S@@. Three wrong tries and the token locks, so copy-paste it.",
     "Three wrong tries and the token locks")
_note("note-app-review-demo-account", "{pw}",
     "App Review notes (paste into App Store Connect): demo account review@@@dom@@, password @@S@@, the account has a pre-filled pantry.",
     "App Review notes")
_note("note-company-year-pattern", lambda r, g: g("co").capitalize() + str(r.randint(2019, 2026)) + _pick(r, "!#$"),
     "the gist: they log in with @@user@@ and the password is literally the company name + year + ! -> @@S@@. Flagged it to @@name@@.",
     "Flagged it to @@name@@.")
_note("agent-scratch-env-lines", "{hex32}",
     "scratch (agent):\nexport MIXPANEL_PROJECT=@@dig7@@\nexport MIXPANEL_SECRET=@@S@@\nthen run tools/backfill.py --since @@date@@",
     "tools/backfill.py --since @@date@@")
_note("chat-firmware-aes-key-line-below", "{hex32}",
     "@@name@@: the AES key for decrypting the 2.x firmware images\n@@name@@: @@S@@\n@@name.2@@: thanks, got it",
     "thanks, got it")
_note("standup-mqtt-dashboard-creds", "{pw}",
     "standup: dashboard can't connect to the broker since the migration. Creds it uses: dashboard / @@S@@. I'll check the ACL file.",
     "I'll check the ACL file.")
_note("note-nakama-console-login", "{pw}",
     "nakama console on :7351 -- admin / @@S@@ (changed from the default)",
     "changed from the default")
_note("note-playfab-title-secret", "{uan52}",
     "PlayFab title @@HEX5@@ secret key (Game Manager > Title settings > Secret Keys): @@S@@",
     "Title settings > Secret Keys")
_note("note-google-oauth-desktop-secret", "{gocspx}",
     "Desktop OAuth client for the Electron app: client id @@dig12@@-@@lan32@@.apps.googleusercontent.com, secret @@S@@",
     "Desktop OAuth client for the Electron app")
_note("note-supabase-service-role", "{jwtsb}",
     "supabase service_role key (bypasses RLS!!):\n@@S@@",
     "bypasses RLS")
_note("chat-door-code-no-label", "{dig8}",
     "@@name@@: devkit room is locked after 6, it's @@S@@# on the keypad",
     "devkit room is locked after 6")
_note("note-wifi-qr-string", "{pw}",
     "The Wi-Fi QR on the lab whiteboard decodes to WIFI:T:WPA;S:@@ssid@@;P:@@S@@;; -- that's why the guests keep joining the device network.",
     "that's why the guests keep joining")
_note("note-expo-robot-token", "{tok40}",
     "Created an Expo robot user \"ci-builds\" with Developer role; token @@S@@",
     "Expo robot user \"ci-builds\"")
_note("note-particle-token-claim", "{hex40}",
     "For claiming the new Argons use the product token: @@S@@ (product id @@dig5@@).",
     "claiming the new Argons")
_note("chat-quoted-reply-password", "{pw}",
     "> @@name@@ wrote: what's the password for the shared apple dev account?\nit's @@S@@ but please use your own seat, we have 4 left",
     "please use your own seat")
_note("note-webhook-secret-stripe", "whsec_{an32}",
     "Stripe webhook signing secret for the /webhooks/stripe endpoint (live mode): @@S@@",
     "/webhooks/stripe endpoint")
_note("note-tailscale-authkey-provisioning", "tskey-auth-k{an10}CNTRL-{an33}",
     "Provisioning script for the field gateways needs a reusable, pre-approved tailscale key. Made one, expires in 90d: @@S@@",
     "Provisioning script for the field gateways")
_note("note-ha-token-for-bench", "{jwt}",
     "HA long-lived token so the agent can toggle the bench PSU: @@S@@",
     "toggle the bench PSU")
_note("note-amazon-appstore-lwa", "amzn1.oa2-cs.v1.{hex64}",
     "Amazon Appstore submission API: client id amzn1.application-oa2-client.@@hex32@@ / client secret @@S@@",
     "Amazon Appstore submission API")
_note("note-huawei-agc-secret", "{hex64}",
     "AppGallery Connect API client (role: App administrator): client id @@dig18@@, key @@S@@",
     "role: App administrator")
_note("note-apple-signin-jwt-expiry", "{jwtasc}",
     "Sign in with Apple client secret (expires @@date@@, regenerate with scripts/apple_secret.rb):\n@@S@@",
     "scripts/apple_secret.rb")
_note("note-signing-laptop-login", "{pw}",
     "The signing laptop (MacBook in the safe) login is @@user@@ / @@S@@. Nobody else should need it.",
     "MacBook in the safe")
_note("note-staging-db-one-line-below", "{gpw20}",
     "Staging DB for the matchmaker (Postgres 15, @@host@@):\n@@S@@\nread/write, no prod data in there.",
     "no prod data in there")
_note("note-ad-network-report-key", "{tok86}",
     "AppLovin MAX revenue report key for the finance dashboard: @@S@@",
     "finance dashboard")
_note("note-keygen-product-token", "prod-{hex64}v3",
     "Keygen product token (can create licenses!) -- @@S@@. Only the license server should have it.",
     "Only the license server should have it.")
_note("note-pubnub-secret-key", "sec-c-{b64s48}",
     "PubNub secret key for the chat moderation function: @@S@@",
     "chat moderation function")
_note("note-agora-certificate", "{hex32}",
     "voice chat: Agora app certificate (primary) = @@S@@; app id @@hex32@@",
     "voice chat: Agora app certificate")
_note("note-ios-push-p12-password", "{pw}",
     "the old push .p12 (pre-token-auth) for the 2019 app still works, password @@S@@, expires @@date@@",
     "the old push .p12")
_note("chat-thread-snippet-broker", "{pw}",
     "#iot-dev thread:\n@@name@@: broker is up at mqtts://@@host@@:8883\n@@name.2@@: creds?\n@@name@@: gw-fleet / @@S@@\n@@name.2@@: connected, seeing telemetry",
     "connected, seeing telemetry")
_note("note-itch-butler-key", "{an40}",
     "itch.io: butler key for the CI (generated under API keys): @@S@@",
     "generated under API keys")
_note("goal-sparkle-ed-private", "{b6432}",
     "Goal for today: ship the Sparkle update for the mac app. The EdDSA private key (from generate_keys -x) is @@S@@ -- it never goes into the repo, only into the CI secret.",
     "ship the Sparkle update")
_note("note-perforce-super-password", "{pw}",
     "Perforce super user: p4admin, password @@S@@. Use it only for protections table edits.",
     "protections table edits")
_note("note-openai-key-prototype", "sk-proj-{tok64}T3BlbkFJ{tok64}",
     "for the NPC dialogue prototype I'm using my own OpenAI key @@S@@, will swap for the team key later",
     "NPC dialogue prototype")
_note("note-console-sdk-zip-password", "{pw}",
     "The SDK zip from the platform portal is password protected, password is @@S@@ (it's in the portal email too).",
     "platform portal")
_note("note-cert-p12-for-mqtt", "{pw}",
     "device cert bundle dev-@@device@@.p12 -> password @@S@@",
     "device cert bundle dev-@@device@@.p12")
_note("note-multiline-ssh-key-paste", "{sshed}",
     "@@name@@ pasted the deploy key for the firmware repo:\n-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----\n(read-only deploy key, added to bootloader + fw-common)",
     "read-only deploy key")
_note("note-steam-guard-disabled-pw", "{spw}",
     "steamcmd keeps prompting because the account password changed; it's now @@S@@ (told @@name@@)",
     "steamcmd keeps prompting")

# note-or-chat in languages other than English

_note("note-de-keystore-passwort", "{pw}",
     "Passwort für den Upload-Keystore ist @@S@@ – bitte nicht ins Repo committen, der Keystore selbst liegt im Tresor-Ordner.",
     "der Keystore selbst liegt im Tresor-Ordner")
_note("chat-de-wlan-labor", "{pw}",
     "@@name@@: Das WLAN im Labor (nur 2,4 GHz wegen der ESP32) heißt @@ssid@@, der Schlüssel lautet\n@@S@@\nBitte nicht an Besucher weitergeben.",
     "Bitte nicht an Besucher weitergeben.")
_note("note-de-steam-buildaccount", "{spw}",
     "Zugang zum Steam-Buildaccount: Benutzer @@steamuser@@, Kennwort @@S@@. Steam Guard ist für diesen Account deaktiviert.",
     "Steam Guard ist für diesen Account deaktiviert.")
_note("note-fr-mot-de-passe-keystore", "{pw}",
     "Le mot de passe du keystore Android : @@S@@ (ne pas le changer, Play App Signing a déjà la clé d'upload).",
     "Play App Signing a déjà la clé d'upload")
_note("chat-fr-cle-api-steam", "{HEX32}",
     "@@name@@ : voilà la clé Web API Steam pour le serveur de matchmaking → @@S@@ . Je la mets aussi dans le coffre demain.",
     "pour le serveur de matchmaking")
_note("note-fr-mdp-root-carte-dev", "{pw}",
     "pour la carte de dev (rev B), le mdp root c'est @@S@@ – à changer avant le salon.",
     "à changer avant le salon")
_note("note-es-contrasena-llavero-ci", "{pw}",
     "La contraseña del llavero de CI es @@S@@, la cambió @@name@@ ayer después del fallo de firma.",
     "después del fallo de firma")
_note("chat-es-token-expo", "{tok40}",
     "@@name@@: os paso el token de Expo para los builds de producción:\n@@S@@\nno lo subáis al repo porfa",
     "no lo subáis al repo porfa")
_note("note-es-clave-mqtt-sensores", "{pw}",
     "Broker MQTT de los sensores del invernadero: usuario sensores, clave @@S@@ (puerto 8883, TLS).",
     "sensores del invernadero")
_note("note-pt-senha-keystore-upload", "{pw}",
     "Senha do keystore de upload: @@S@@; alias @@alias@@. O arquivo .jks está no drive da equipe mobile.",
     "drive da equipe mobile")
_note("chat-pt-chave-servidor-fcm", "{fcm}",
     "@@name@@: a chave do servidor FCM (legado) que o plugin antigo usa é essa aqui: @@S@@ — vamos migrar pra API v1 no próximo sprint.",
     "vamos migrar pra API v1 no próximo sprint")
_note("note-pt-br-senha-roteador", "{pw}",
     "Roteador do laboratório de hardware: usuário admin, senha @@S@@. Não mexer nas reservas de DHCP dos devkits.",
     "Não mexer nas reservas de DHCP dos devkits.")
_note("note-ja-keystore-password", "{pw}",
     "Android署名用キーストアのパスワードは @@S@@ です。エイリアスは @@alias@@。リポジトリには絶対にコミットしないでください。",
     "リポジトリには絶対にコミットしないでください。")
_note("chat-ja-wifi-kenshouki", "{pw}",
     "@@name@@: 検証機用のWi-Fi（@@ssid@@）のパスワード：@@S@@\n5GHzは使えないので注意してください。",
     "5GHzは使えないので注意してください。")
_note("note-ja-app-specific-password", "{apw}",
     "App Store Connect にアップロードするための App 用パスワード：@@S@@（Apple ID: @@email@@）",
     "App Store Connect にアップロードするための")
_note("note-zh-cert-export-password", "{pw}",
     "证书导出密码是 @@S@@ ，别提交到仓库。p12 文件在共享盘的 certs 目录里。",
     "p12 文件在共享盘的 certs 目录里")
_note("chat-zh-mqtt-test-account", "{pw}",
     "@@name@@：MQTT 测试账号 dev01，密码 @@S@@ ，只在测试 broker 上有效。",
     "只在测试 broker 上有效")
_note("note-zh-steam-webapi-key", "{HEX32}",
     "Steam Web API 密钥：@@S@@（发行商密钥，可以查询所有权，千万别放进客户端）",
     "千万别放进客户端")
_note("note-ru-keystore-parol", "{pw}",
     "Пароль от keystore: @@S@@, алиас @@alias@@. Без него не сможем выпустить обновление в Google Play.",
     "Без него не сможем выпустить обновление")
_note("chat-ru-telegram-bot-token", "{tgbot}",
     "@@name@@: токен бота в Telegram для алертов сборки — @@S@@ , чат уже добавлен",
     "чат уже добавлен")
_note("note-ru-devkit-dostup", "{pw}",
     "Доступ к девкиту: https://@@ip@@ , логин admin, пароль @@S@@ (после аудита поменяли).",
     "после аудита поменяли")
_note("note-it-password-keystore", "{pw}",
     "La password del keystore è @@S@@, non cambiarla: la chiave di upload è già registrata su Play Console.",
     "la chiave di upload è già registrata su Play Console")
_note("chat-it-chiave-segreta-playfab", "{uan52}",
     "@@name@@: ecco la chiave segreta PlayFab del titolo @@HEX5@@ → @@S@@ . Usala solo lato server, mi raccomando.",
     "Usala solo lato server")
_note("note-nl-wachtwoord-devkit", "{pw}",
     "Het wachtwoord voor de devkit in vergaderruimte 2 is @@S@@. Niet op de whiteboard schrijven aub.",
     "Niet op de whiteboard schrijven aub.")
_note("chat-nl-sentry-token", "{sntryu}",
     "@@name@@: nieuwe Sentry-token voor het uploaden van dSYMs: @@S@@ (de oude heb ik ingetrokken)",
     "de oude heb ik ingetrokken")
_note("note-pl-haslo-keystore", "{pw}",
     "Hasło do keystore'a: @@S@@. Alias: @@alias@@. Plik leży na dysku zespołu w folderze „podpisy”.",
     "Plik leży na dysku zespołu")
_note("chat-pl-klucz-api-sentry", "{sntrys}",
     "@@name@@: klucz API Sentry do uploadu symboli:\n@@S@@\nnie wrzucajcie go do gita",
     "nie wrzucajcie go do gita")
_note("note-ko-keystore-bimilbeonho", "{pw}",
     "키스토어 비밀번호는 @@S@@ 입니다. 별칭은 @@alias@@ 이고, 파일은 팀 드라이브에 있어요.",
     "파일은 팀 드라이브에 있어요")
_note("chat-ko-apns-key", "{ecpk}",
     "@@name@@: APNs 인증 키(키 ID @@keyid@@) 비공개 키 붙여넣습니다\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----\n팀 ID는 @@teamid@@ 입니다",
     "팀 ID는 @@teamid@@ 입니다")
_note("note-sv-losenord-byggserver", "{pw}",
     "Lösenordet till byggservern (Jenkins, användare ci-bot) är @@S@@ – byt det efter releasen.",
     "byt det efter releasen")
_note("note-tr-keystore-sifresi", "{pw}",
     "Keystore şifresi: @@S@@ — alias: @@alias@@. Lütfen bunu repoya koymayın.",
     "Lütfen bunu repoya koymayın.")
_note("note-uk-parol-routera", "{pw}",
     "Пароль до роутера в лабі: @@S@@ (логін admin). Резервації DHCP для плат не чіпати.",
     "Резервації DHCP для плат не чіпати.")
_note("note-cs-heslo-mqtt", "{pw}",
     "Heslo k MQTT brokeru pro testovací brány: @@S@@ (uživatel gw-test). Prosím nesdílet mimo tým.",
     "Prosím nesdílet mimo tým.")
_note("note-vi-mat-khau-keystore", "{pw}",
     "Mật khẩu keystore là @@S@@, alias là @@alias@@. Đừng commit file này lên repo nhé.",
     "Đừng commit file này lên repo nhé.")
_note("chat-de-ota-schluessel-zeile", "{hex32}",
     "@@name@@: hier der AES-Schlüssel für die 2.x-Firmware, frag nicht warum der im Chat landet\n@@S@@",
     "frag nicht warum der im Chat landet")
_note("note-fr-code-porte-salle", "{dig8}",
     "Le code de la salle des devkits a changé : @@S@@ (valable jusqu'à fin mars).",
     "valable jusqu'à fin mars")
_note("note-es-app-review-cuenta", "{pw}",
     "Cuenta demo para App Review: review@@@dom@@ / @@S@@ — ya tiene una suscripción activa en sandbox.",
     "ya tiene una suscripción activa en sandbox")
_note("note-ja-steam-builder-pass", "{spw}",
     "Steamビルド用アカウント @@steamuser@@ のパスワードが変わりました → @@S@@ （Steam Guardはオフ）",
     "Steam Guardはオフ")

# ---------------------------------------------------------------------------
# ci-and-deploy: pipelines, manifests and deploy scripts
# ---------------------------------------------------------------------------

_ci("gha-env-match-password-literal", "{pp}",
     "# .github/workflows/ios-release.yml\njobs:\n  testflight:\n    runs-on: macos-14\n    env:\n      MATCH_PASSWORD: @@S@@\n      FASTLANE_XCODEBUILD_SETTINGS_TIMEOUT: 180\n    steps:\n      - uses: actions/checkout@v4\n      - run: bundle exec fastlane beta",
     "runs-on: macos-14")
_ci("gha-step-keystore-password-env", "{pw}",
     "      - name: Decode keystore\n        run: echo \"${{ secrets.KEYSTORE_B64 }}\" | base64 -d > app/upload.jks\n      - name: Build AAB\n        run: ./gradlew bundleRelease\n        env:\n          KEYSTORE_PASSWORD: \"@@S@@\"\n          KEY_ALIAS: @@alias@@",
     "name: Decode keystore")
_ci("gitlab-ci-variables-key-password", "{pw}",
     "# .gitlab-ci.yml\nvariables:\n  ANDROID_COMPILE_SDK: \"34\"\n  ANDROID_KEY_ALIAS: \"@@alias@@\"\n  ANDROID_KEY_PASSWORD: \"@@S@@\"\n\nassembleRelease:\n  stage: build\n  script:\n    - ./gradlew assembleRelease",
     "ANDROID_COMPILE_SDK: \"34\"")
_ci("bitrise-yml-app-envs", "{apw}",
     "app:\n  envs:\n  - BITRISE_PROJECT_PATH: @@app@@.xcworkspace\n  - BITRISE_SCHEME: @@app@@\n  - FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD: @@S@@\n    opts:\n      is_expand: false",
     "BITRISE_SCHEME: @@app@@")
_ci("codemagic-yaml-vars-keystore", "{pw}",
     "workflows:\n  android-release:\n    name: Android release\n    environment:\n      vars:\n        CM_KEYSTORE_PATH: /tmp/keystore.jks\n        CM_KEYSTORE_PASSWORD: @@S@@\n        CM_KEY_ALIAS: @@alias@@\n      flutter: stable",
     "name: Android release")
_ci("circleci-job-environment-steam", "{spw}",
     "jobs:\n  deploy-steam:\n    docker:\n      - image: cm2network/steamcmd:latest\n    environment:\n      STEAM_USERNAME: @@steamuser@@\n      STEAM_PASSWORD: @@S@@\n    steps:\n      - checkout\n      - run: ./ci/steam_upload.sh",
     "./ci/steam_upload.sh")
_ci("jenkinsfile-sh-steamcmd-login", "{spw}",
     "stage('Upload to Steam') {\n    steps {\n        sh \"steamcmd +login @@steamuser@@ @@S@@ +run_app_build ${WORKSPACE}/steam/app_@@appid@@.vdf +quit\"\n    }\n}",
     "stage('Upload to Steam')")
_ci("azure-pipelines-variables-signing", "{pw}",
     "variables:\n  buildConfiguration: 'Release'\n  signingCertPassword: '@@S@@'\n\nsteps:\n- task: MSBuild@1\n  inputs:\n    solution: '**/*.sln'\n    msbuildArguments: '/p:PackageCertificatePassword=$(signingCertPassword)'",
     "buildConfiguration: 'Release'")
_ci("buildkite-pipeline-env-block", "{tok40}",
     "steps:\n  - label: \":unity: Build Android\"\n    command: ci/build_android.sh\n    env:\n      UNITY_VERSION: \"@@unity@@\"\n      GAME_BACKEND_TOKEN: \"@@S@@\"\n    agents:\n      queue: unity-linux",
     "label: \":unity: Build Android\"")
_ci("travis-env-global-line", "{hex40}",
     "language: android\nenv:\n  global:\n    - SONAR_TOKEN=@@S@@\n    - ANDROID_API=34\nscript:\n  - ./gradlew sonar",
     "language: android")
_ci("teamcity-kotlin-dsl-param", "{pw}",
     "object BuildWindows : BuildType({\n    name = \"Build Windows\"\n    params {\n        param(\"env.CSC_KEY_PASSWORD\", \"@@S@@\")\n        password(\"env.GH_TOKEN\", \"credentialsJSON:@@uuid@@\")\n    }\n})",
     "name = \"Build Windows\"")
_ci("dockerfile-env-server-key", "{an32}",
     "FROM heroiclabs/nakama:3.21.1\nCOPY --from=builder /backend/build/*.js /nakama/data/modules/\nENV NAKAMA_SERVER_KEY=@@S@@\nENTRYPOINT [\"/bin/sh\", \"-ecx\", \"/nakama/nakama --config /nakama/data/prod.yml\"]",
     "FROM heroiclabs/nakama:3.21.1")
_ci("dockerfile-arg-npm-token-default", "{npm}",
     "FROM node:20-alpine AS deps\nARG NPM_TOKEN=@@S@@\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc",
     "FROM node:20-alpine AS deps")
_ci("compose-environment-list-items", "{gpw20}",
     "services:\n  leaderboard:\n    image: ghcr.io/@@co@@/leaderboard:@@ver@@\n    environment:\n      - DATABASE_HOST=db\n      - DATABASE_PASSWORD=@@S@@\n      - REDIS_URL=redis://redis:6379",
     "DATABASE_HOST=db")
_ci("k8s-secret-stringdata", "{pw}",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mqtt-bridge\n  namespace: iot\ntype: Opaque\nstringData:\n  username: bridge\n  password: \"@@S@@\"",
     "name: mqtt-bridge")
_ci("k8s-secret-data-base64", lambda r, g: _b64(("sk_live_" + _chars(r, _ALNUM, 24)).encode()),
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: payments\ntype: Opaque\ndata:\n  STRIPE_SECRET_KEY: @@S@@",
     "name: payments")
_ci("helm-values-prod-redis-auth", "{gpw24}",
     "# deploy/values-prod.yaml\nredis:\n  architecture: replication\n  auth:\n    enabled: true\n    password: \"@@S@@\"\nmatchmaker:\n  replicas: 4",
     "architecture: replication")
_ci("tfvars-publisher-key", "{HEX32}",
     "# env/prod.tfvars\nregion              = \"@@region@@\"\nsteam_app_id        = @@appid@@\nsteam_publisher_key = \"@@S@@\"",
     "steam_app_id        = @@appid@@")
_ci("terraform-db-instance-password", "{gpw20}",
     "resource \"aws_db_instance\" \"telemetry\" {\n  identifier        = \"telemetry-prod\"\n  engine            = \"postgres\"\n  instance_class    = \"db.t4g.medium\"\n  username          = \"telemetry\"\n  password          = \"@@S@@\"\n  skip_final_snapshot = true\n}",
     "identifier        = \"telemetry-prod\"")
_ci("ansible-group-vars-wifi-psk", "{pw}",
     "# inventory/group_vars/field_gateways.yml\nwifi_ssid: \"@@ssid@@\"\nwifi_psk: \"@@S@@\"\nota_channel: stable\nmqtt_host: @@host@@",
     "ota_channel: stable")
_ci("fastlane-ci-dotenv-file", "{apw}",
     "# written by ci/setup.sh into fastlane/.env.ci\nFASTLANE_USER=@@email@@\nFASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=@@S@@\nFASTLANE_SKIP_UPDATE_CHECK=1",
     "FASTLANE_SKIP_UPDATE_CHECK=1")
_ci("gha-docker-login-action-password", "{tok32}",
     "      - uses: docker/login-action@v3\n        with:\n          registry: registry.@@dom@@\n          username: ci\n          password: @@S@@",
     "uses: docker/login-action@v3")
_ci("gha-sign-android-release-with", "{pw}",
     "      - uses: r0adkll/sign-android-release@v1\n        with:\n          releaseDirectory: app/build/outputs/bundle/release\n          signingKeyBase64: ${{ secrets.SIGNING_KEY }}\n          alias: @@alias@@\n          keyStorePassword: @@S@@\n          keyPassword: @@S@@",
     "releaseDirectory: app/build/outputs/bundle/release")
_ci("gha-unity-builder-env-password", "{pw}",
     "      - uses: game-ci/unity-builder@v4\n        env:\n          UNITY_EMAIL: @@email@@\n          UNITY_PASSWORD: @@S@@\n          UNITY_SERIAL: ${{ secrets.UNITY_SERIAL }}\n        with:\n          targetPlatform: StandaloneWindows64",
     "targetPlatform: StandaloneWindows64")
_ci("gha-firebase-distribution-token", "{fbci}",
     "      - name: Upload to Firebase App Distribution\n        uses: wzieba/Firebase-Distribution-Github-Action@v1\n        with:\n          appId: 1:@@dig12@@:android:@@hex16@@\n          token: @@S@@\n          groups: testers\n          file: app/build/outputs/apk/release/app-release.apk",
     "Upload to Firebase App Distribution")
_ci("gha-steam-deploy-configvdf", lambda r, g: _b64(("\"InstallConfigStore\"\n{\n\t\"Software\"\n\t{\n\t\t\"Valve\"\n\t\t{\n\t\t\t\"Steam\"\n\t\t\t{\n\t\t\t\t\"ConnectCache\"\n\t\t\t\t{\n\t\t\t\t\t\"%s\"\t\t\"%s\"\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}\n" % (_hr(r, 8), _hr(r, 580))).encode()),
     "      - uses: game-ci/steam-deploy@v3\n        with:\n          username: @@steamuser@@\n          configVdf: @@S@@\n          appId: @@appid@@\n          buildDescription: v@@ver@@\n          rootPath: build\n          depot1Path: StandaloneWindows64",
     "buildDescription: v@@ver@@")
_ci("gha-play-store-service-account-raw", "{rsapkj}",
     "      - uses: r0adkll/upload-google-play@v1\n        with:\n          serviceAccountJsonPlainText: '{\"type\":\"service_account\",\"project_id\":\"@@co@@-play\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n\",\"client_email\":\"publisher@@@co@@-play.iam.gserviceaccount.com\"}'\n          packageName: @@bundle@@\n          track: internal",
     "track: internal")
_ci("gitlab-ci-butler-variable", "{an40}",
     "deploy:itch:\n  stage: deploy\n  image: dosowisko/butler\n  variables:\n    BUTLER_API_KEY: \"@@S@@\"\n  script:\n    - butler push build/html5 @@co@@/@@gslug@@:html5 --userversion $CI_COMMIT_TAG",
     "image: dosowisko/butler")
_ci("xcode-cloud-ci-post-clone", "{hex40}",
     "#!/bin/sh\n# ci_scripts/ci_post_clone.sh\nset -e\necho \"API_SECRET = @@S@@\" > \"$CI_PRIMARY_REPOSITORY_PATH/Config/Secrets.xcconfig\"\nbrew install swiftlint",
     "ci_scripts/ci_post_clone.sh")
_ci("appcenter-post-build-curl", "{pw}",
     "#!/usr/bin/env bash\n# appcenter-post-build.sh\nif [ \"$AGENT_JOBSTATUS\" == \"Succeeded\" ]; then\n  curl -u qa-uploader:@@S@@ -F \"file=@$APPCENTER_OUTPUT_DIRECTORY/@@app@@.ipa\" https://qa.@@dom@@/upload\nfi",
     "appcenter-post-build.sh")
_ci("bitbucket-pipelines-ssh-password", "{pw}",
     "pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy patch server\n          script:\n            - sshpass -p '@@S@@' rsync -az patches/ deploy@@@host@@:/srv/patches/",
     "name: Deploy patch server")
_ci("drone-yml-environment-token", "{hex40}",
     "kind: pipeline\nname: firmware\nsteps:\n- name: publish\n  image: plugins/gitea-release\n  environment:\n    GITEA_TOKEN: @@S@@\n  settings:\n    base_url: https://git.@@dom@@",
     "image: plugins/gitea-release")
_ci("gradle-init-script-credentials", "{pw}",
     "// ~/.gradle/init.d/repos.gradle (CI image)\nallprojects {\n    repositories {\n        maven {\n            url \"https://maven.@@dom@@/releases\"\n            credentials {\n                username \"ci\"\n                password \"@@S@@\"\n            }\n        }\n    }\n}",
     "~/.gradle/init.d/repos.gradle")
_ci("jenkinsfile-withenv-p4passwd", "{pw}",
     "node('win-ue5') {\n    withEnv([\"P4USER=build\", \"P4PASSWD=@@S@@\", \"P4PORT=ssl:perforce.@@dom@@:1666\"]) {\n        bat 'p4 sync //@@gslug@@/main/...@' + params.CHANGELIST\n    }\n}",
     "node('win-ue5')")
_ci("buildgraph-xml-property-password", "{spw}",
     "<Property Name=\"SteamUser\" Value=\"@@steamuser@@\"/>\n<Property Name=\"SteamPassword\" Value=\"@@S@@\"/>\n<Node Name=\"Upload Steam\" Requires=\"#PackagedBuild\">\n    <Spawn Exe=\"steamcmd.exe\" Arguments=\"+login $(SteamUser) $(SteamPassword) +run_app_build app.vdf +quit\"/>\n</Node>",
     "<Node Name=\"Upload Steam\" Requires=\"#PackagedBuild\">")
_ci("fly-toml-env-section", "{hex64}",
     "app = \"@@gslug@@-relay\"\nprimary_region = \"fra\"\n\n[env]\n  RELAY_PORT = \"7777\"\n  RELAY_SHARED_SECRET = \"@@S@@\"",
     "primary_region = \"fra\"")
_ci("heroku-app-json-env-value", "{hex32}",
     "{\n  \"name\": \"@@gslug@@-leaderboard\",\n  \"env\": {\n    \"STEAM_APP_ID\": { \"value\": \"@@appid@@\" },\n    \"STEAM_WEB_API_KEY\": { \"value\": \"@@S@@\" }\n  }\n}",
     "\"name\": \"@@gslug@@-leaderboard\"")
_ci("codebuild-buildspec-plaintext-var", "{tok40}",
     "version: 0.2\nenv:\n  variables:\n    UNITY_LICENSE_SERVER: \"http://license.@@dom@@:8080\"\n    ASSET_CDN_TOKEN: \"@@S@@\"\nphases:\n  build:\n    commands:\n      - ./ci/build.sh",
     "version: 0.2")
_ci("cloudbuild-yaml-env-list", "{HEX32}",
     "steps:\n- name: gcr.io/cloud-builders/docker\n  args: ['build', '-t', 'gcr.io/$PROJECT_ID/ownership:$SHORT_SHA', '.']\n- name: gcr.io/google.com/cloudsdktool/cloud-sdk\n  entrypoint: gcloud\n  args: ['run', 'deploy', 'ownership', '--image', 'gcr.io/$PROJECT_ID/ownership:$SHORT_SHA']\n  env:\n  - 'STEAM_KEY=@@S@@'",
     "gcr.io/cloud-builders/docker")
_ci("firebase-deploy-token-ci-script", "{fbci}",
     "# ci/deploy_functions.sh\nnpm --prefix functions ci\nnpx firebase-tools deploy --only functions,firestore:rules --project @@co@@-prod --token \"@@S@@\" --non-interactive",
     "--only functions,firestore:rules")
_ci("eas-json-submit-asc-password", "{apw}",
     "{\n  \"submit\": {\n    \"production\": {\n      \"ios\": {\n        \"appleId\": \"@@email@@\",\n        \"ascAppId\": \"@@dig10@@\",\n        \"appleTeamId\": \"@@teamid@@\",\n        \"appSpecificPassword\": \"@@S@@\"\n      }\n    }\n  }\n}",
     "\"ascAppId\": \"@@dig10@@\"")
_ci("gha-expo-action-token", "{tok40}",
     "      - uses: expo/expo-github-action@v8\n        with:\n          eas-version: latest\n          token: @@S@@\n      - run: eas update --auto --non-interactive",
     "eas update --auto --non-interactive")
_ci("gha-electron-release-apple-env", "{apw}",
     "      - name: Build and notarize\n        run: npm run dist:mac\n        env:\n          APPLE_ID: @@email@@\n          APPLE_APP_SPECIFIC_PASSWORD: @@S@@\n          APPLE_TEAM_ID: @@teamid@@\n          CSC_LINK: ${{ secrets.MAC_CERTS }}",
     "name: Build and notarize")
_ci("gha-tauri-action-private-key", "{tauri}",
     "      - uses: tauri-apps/tauri-action@v0\n        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n          TAURI_SIGNING_PRIVATE_KEY: @@S@@\n          TAURI_SIGNING_PRIVATE_KEY_PASSWORD: ${{ secrets.TAURI_KEY_PASSWORD }}\n        with:\n          tagName: app-v__VERSION__",
     "uses: tauri-apps/tauri-action@v0")
_ci("snapcraft-store-credentials-env", "{b64300}",
     "  release-snap:\n    runs-on: ubuntu-22.04\n    env:\n      SNAPCRAFT_STORE_CREDENTIALS: @@S@@\n    steps:\n      - run: snapcraft upload --release=edge *.snap",
     "snapcraft upload --release=edge *.snap")
_ci("choco-push-api-key-uuid", "{uuid}",
     "# ci/publish_choco.ps1\nchoco pack packaging\\chocolatey\\@@appslug@@.nuspec\nchoco push @@appslug@@.@@ver@@.nupkg --source https://push.chocolatey.org/ --api-key @@S@@",
     "--source https://push.chocolatey.org/")
_ci("msstore-cli-publish-secret", "{azsec}",
     "      - name: Publish to Microsoft Store\n        run: |\n          msstore reconfigure --tenantId @@uuid@@ --sellerId @@dig8@@ --clientId @@uuid.2@@ --clientSecret @@S@@\n          msstore publish ./out/@@app@@.msix -id 9N@@uan10@@",
     "name: Publish to Microsoft Store")
_ci("makefile-upload-altool", "{apw}",
     "upload: archive\n\txcrun altool --upload-app -f build/@@app@@.ipa -t ios \\\n\t  -u @@email@@ -p @@S@@",
     "upload: archive")
_ci("justfile-steam-recipe", "{spw}",
     "# justfile\nsteam-upload: build-win\n    steamcmd +login @@steamuser@@ @@S@@ +run_app_build steam/app_build.vdf +quit",
     "steam-upload: build-win")
_ci("platformio-ota-upload-flags", "{spw}",
     "[env:ota]\nextends = env:esp32dev\nupload_protocol = espota\nupload_port = @@device@@.local\nupload_flags =\n    --port=3232\n    --auth=@@S@@",
     "upload_protocol = espota")
_ci("balena-deploy-gha-token", "{an32}",
     "      - uses: balena-io/deploy-to-balena-action@master\n        with:\n          balena_token: @@S@@\n          fleet: @@co@@/field-gateways\n          source: ./gateway",
     "fleet: @@co@@/field-gateways")
_ci("gha-ota-signing-key-pem-block", "{ecpk}",
     "env:\n  OTA_SIGNING_KEY_PEM: |\n    -----BEGIN PRIVATE KEY-----\n@@S@@\n    -----END PRIVATE KEY-----\njobs:\n  sign:\n    runs-on: ubuntu-latest",
     "jobs:\n  sign:")
_ci("yocto-ci-append-local-conf", "{pw}",
     "  script:\n    - source poky/oe-init-build-env build\n    - echo 'SWUPDATE_SIGNING_KEY_PASS = \"@@S@@\"' >> conf/local.conf\n    - bitbake fieldgw-image-update",
     "bitbake fieldgw-image-update")
_ci("k8s-deployment-env-literal-value", "{HEX32}",
     "      containers:\n        - name: ownership\n          image: ghcr.io/@@co@@/ownership:@@ver@@\n          env:\n            - name: STEAM_PUBLISHER_KEY\n              value: \"@@S@@\"\n            - name: LOG_LEVEL\n              value: info",
     "name: STEAM_PUBLISHER_KEY")
_ci("systemd-unit-environment-deploy", "{tok48}",
     "[Unit]\nDescription=@@gslug@@ telemetry relay\nAfter=network-online.target\n\n[Service]\nEnvironment=RELAY_TOKEN=@@S@@\nExecStart=/opt/relay/bin/relay --listen :9000\nRestart=always",
     "Description=@@gslug@@ telemetry relay")
_ci("nomad-job-env-block", "{gpw24}",
     "job \"lobby\" {\n  group \"lobby\" {\n    task \"server\" {\n      driver = \"docker\"\n      env {\n        REDIS_PASSWORD = \"@@S@@\"\n        REGION = \"eu\"\n      }\n    }\n  }\n}",
     "driver = \"docker\"")
_ci("ansible-inventory-password-var", "{pw}",
     "# inventory/devkits.ini\n[devkits]\nkit-01 ansible_host=@@ip@@ ansible_user=admin ansible_password=@@S@@\n\n[devkits:vars]\nansible_connection=ssh",
     "ansible_connection=ssh")
_ci("pulumi-config-plaintext", "{hex40}",
     "# Pulumi.prod.yaml\nconfig:\n  aws:region: @@region@@\n  telemetry:ingestToken: @@S@@\n  telemetry:dbPassword:\n    secure: v1:@@b6424@@",
     "aws:region: @@region@@")
_ci("gcloud-run-set-env-vars", "{gpw20}",
     "gcloud run deploy matchmaker --image europe-docker.pkg.dev/@@co@@-prod/game/matchmaker:@@ver@@ --region europe-west1 --set-env-vars \"DB_USER=mm,DB_PASS=@@S@@,DB_NAME=mm\"",
     "--region europe-west1")
_ci("gha-slack-notify-webhook-hardcoded", "{slackhook}",
     "      - name: Notify Slack\n        if: failure()\n        run: |\n          curl -X POST -H 'Content-type: application/json' \\\n            --data '{\"text\":\"iOS nightly failed: ${{ github.run_id }}\"}' \\\n            https://hooks.slack.com/services/T@@uan8@@/B@@uan10@@/@@S@@",
     "name: Notify Slack")
_ci("gha-discord-notify-webhook-env", "{dchook}",
     "      - name: Announce build\n        env:\n          DISCORD_WEBHOOK: https://discord.com/api/webhooks/@@dig18@@/@@S@@\n        uses: Ilshidur/action-discord@master\n        with:\n          args: 'New playtest build is up on the beta branch'",
     "name: Announce build")
_ci("codemagic-publishing-asc-key", "{ecpk}",
     "    integrations:\n      app_store_connect: codemagic\n    publishing:\n      app_store_connect:\n        api_key: |\n          -----BEGIN PRIVATE KEY-----\n@@S@@\n          -----END PRIVATE KEY-----\n        key_id: @@keyid@@\n        issuer_id: @@uuid@@",
     "key_id: @@keyid@@")
_ci("bitrise-step-deploy-itunesconnect", "{apw}",
     "    - deploy-to-itunesconnect-application-loader@1:\n        inputs:\n        - itunescon_user: @@email@@\n        - app_password: @@S@@\n        - connection: 'off'",
     "deploy-to-itunesconnect-application-loader@1")
_ci("gha-eos-buildpatchtool-step", "{eossec}",
     "      - name: Upload to Epic\n        shell: pwsh\n        run: |\n          & \"$env:BPT\\BuildPatchTool.exe\" -mode=UploadBinary -OrganizationId=o-@@lan30@@ -ProductId=@@hex32@@ -ArtifactId=@@hex32.2@@ -ClientId=xyza7891@@an24@@ -ClientSecret=@@S@@ -BuildRoot=build/win -CloudDir=bpt-cloud -BuildVersion=${{ github.ref_name }} -AppLaunch=@@gslug@@.exe -AppArgs=\"\"",
     "name: Upload to Epic")
_ci("galaxy-pipeline-builder-script", "{pw}",
     "# ci/gog_upload.sh\n./GOGGalaxyPipelineBuilder build-game gog/@@gslug@@.json --username @@email@@ --password '@@S@@' --version @@ver@@ --branch beta",
     "ci/gog_upload.sh")
_ci("gradle-properties-written-in-ci", "{pw}",
     "    - name: Write signing props\n      run: |\n        echo \"RELEASE_STORE_PASSWORD=@@S@@\" >> gradle.properties\n        echo \"RELEASE_KEY_ALIAS=@@alias@@\" >> gradle.properties",
     "name: Write signing props")
_ci("circleci-android-orb-keystore", "{pw}",
     "      - android/decode-keystore:\n          keystore-location: app/release.jks\n      - android/create-keystore-properties:\n          alias-name: @@alias@@\n          keystore-password: @@S@@\n          release-keystore: ./release.jks",
     "android/decode-keystore")
_ci("gha-unity-license-activation-serial", "{unityserial}",
     "      - name: Activate Unity\n        run: |\n          /opt/unity/Editor/Unity -quit -batchmode -nographics -serial @@S@@ -username \"${{ secrets.UNITY_EMAIL }}\" -password \"${{ secrets.UNITY_PASSWORD }}\" -logFile /dev/stdout",
     "name: Activate Unity")
_ci("gha-sentry-release-env", "{sntrys}",
     "      - uses: getsentry/action-release@v1\n        env:\n          SENTRY_AUTH_TOKEN: @@S@@\n          SENTRY_ORG: @@co@@\n          SENTRY_PROJECT: @@appslug@@-electron\n        with:\n          environment: production",
     "SENTRY_PROJECT: @@appslug@@-electron")
_ci("vercel-json-env-inline", "{stripe}",
     "{\n  \"buildCommand\": \"pnpm build\",\n  \"env\": {\n    \"NEXT_PUBLIC_SITE\": \"https://@@dom@@\",\n    \"STRIPE_SECRET_KEY\": \"@@S@@\"\n  }\n}",
     "\"buildCommand\": \"pnpm build\"")
_ci("digitalocean-app-spec-envs", "dop_v1_{hex64}",
     "name: @@gslug@@-api\nservices:\n- name: api\n  envs:\n  - key: DO_REGISTRY_TOKEN\n    value: @@S@@\n    scope: RUN_TIME",
     "scope: RUN_TIME")
_ci("netlify-toml-build-environment", "nfp_{an40}",
     "[build]\n  command = \"npm run build:docs\"\n  publish = \"docs/dist\"\n[build.environment]\n  NETLIFY_AUTH_TOKEN = \"@@S@@\"",
     "publish = \"docs/dist\"")
_ci("gha-aws-configure-credentials-literal", "{awssk}",
     "      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          aws-access-key-id: @@akia@@\n          aws-secret-access-key: @@S@@\n          aws-region: @@region@@\n      - run: aws gamelift upload-build --name @@gslug@@-${{ github.sha }} --build-version @@ver@@ --build-root build/server --operating-system AMAZON_LINUX_2023",
     "aws gamelift upload-build")
_ci("gitlab-ci-before-script-docker-login", "{glpat}",
     "build-image:\n  before_script:\n    - docker login -u deploy-bot -p @@S@@ registry.gitlab.com\n  script:\n    - docker build -t registry.gitlab.com/@@co@@/@@gslug@@-server:$CI_COMMIT_SHORT_SHA .",
     "build-image:")
_ci("jenkins-groovy-credentials-inline", "{ghp}",
     "pipeline {\n  agent { label 'mac-arm64' }\n  environment {\n    GH_TOKEN = '@@S@@'\n    DEVELOPER_DIR = '/Applications/Xcode_15.4.app/Contents/Developer'\n  }",
     "agent { label 'mac-arm64' }")
_ci("mender-artifact-upload-ci", "{jwtmender}",
     "deploy:ota:\n  stage: deploy\n  script:\n    - mender-artifact write rootfs-image -t raspberrypi4 -n fieldgw-@@ver@@ -f rootfs.ext4 -o fieldgw-@@ver@@.mender\n    - 'curl -H \"Authorization: Bearer @@S@@\" -F artifact=@fieldgw-@@ver@@.mender https://hosted.mender.io/api/management/v1/deployments/artifacts'",
     "mender-artifact write rootfs-image")
_ci("argo-workflow-parameter-value", "{hex40}",
     "  arguments:\n    parameters:\n    - name: asset-bucket\n      value: gs://@@co@@-assets\n    - name: cdn-purge-token\n      value: \"@@S@@\"",
     "name: asset-bucket")
_ci("spinnaker-pipeline-json-trigger", "{tok32}",
     "{\n  \"triggers\": [\n    {\n      \"type\": \"webhook\",\n      \"source\": \"unity-cloud-build\",\n      \"payloadConstraints\": { \"secret\": \"@@S@@\" }\n    }\n  ]\n}",
     "\"source\": \"unity-cloud-build\"")
_ci("gha-testflight-upload-action-with", "{apw}",
     "      - uses: apple-actions/upload-testflight-build@v1\n        with:\n          app-path: build/@@app@@.ipa\n          app-type: ios\n          apple-id: @@email@@\n          app-specific-password: @@S@@",
     "apple-actions/upload-testflight-build@v1")
_ci("gha-butler-env-itchio", "{an40}",
     "      - name: Push to itch\n        env:\n          BUTLER_API_KEY: @@S@@\n        run: butler push build/linux @@co@@/@@gslug@@:linux --userversion-file build/version.txt",
     "name: Push to itch")
_ci("render-yaml-envvars-value", "{gpw24}",
     "services:\n  - type: web\n    name: @@gslug@@-api\n    env: node\n    envVars:\n      - key: DATABASE_PASSWORD\n        value: @@S@@\n      - key: NODE_VERSION\n        value: 20",
     "key: NODE_VERSION")
_ci("gha-matrix-include-device-psk", "{pw}",
     "    strategy:\n      matrix:\n        include:\n          - board: esp32-s3\n            wifi_psk: \"@@S@@\"\n    steps:\n      - run: idf.py -DWIFI_PSK=\"${{ matrix.wifi_psk }}\" build",
     "board: esp32-s3")
_ci("gha-apns-p8-write-step", "{ecpk}",
     "      - name: Write APNs key\n        run: |\n          mkdir -p keys\n          cat > keys/AuthKey_@@keyid@@.p8 <<'EOF'\n          -----BEGIN PRIVATE KEY-----\n@@S@@\n          -----END PRIVATE KEY-----\n          EOF",
     "name: Write APNs key")
_ci("ci-script-security-import-inline", "{pw}",
     "# ci/install_certs.sh\nsecurity create-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain\nsecurity import ./certs/dist.p12 -k build.keychain -P \"@@S@@\" -T /usr/bin/codesign\nsecurity set-key-partition-list -S apple-tool:,apple: -s -k \"$KEYCHAIN_PASSWORD\" build.keychain",
     "ci/install_certs.sh")
_ci("horde-agent-config-json", "{tok43}",
     "{\n  \"Horde\": {\n    \"ServerProfiles\": [\n      { \"Name\": \"prod\", \"Url\": \"https://horde.@@dom@@\", \"Token\": \"@@S@@\" }\n    ],\n    \"WorkingDir\": \"D:\\\\Horde\"\n  }\n}",
     "\"WorkingDir\": \"D:\\\\Horde\"")

# ---------------------------------------------------------------------------
# vendor-token: vendor-specific token shapes in small contexts
# ---------------------------------------------------------------------------

_vt("github-classic-pat", "{ghp}",
    "GITHUB_TOKEN=@@S@@", "GITHUB_TOKEN")
_vt("github-fine-grained-pat", "github_pat_11{uan9}{an11}_{an59}",
    "fine-grained token for @@co@@/@@appslug@@-ios (contents: read, metadata: read):\n@@S@@", "contents: read, metadata: read")
_vt("github-app-installation-token", "ghs_{an36}",
    "installation token from the release-bot app (valid 1h): @@S@@", "release-bot app")
_vt("github-refresh-token", "ghr_{an76}",
    "{\"access_token\":\"<omitted>\",\"expires_in\":28800,\"refresh_token\":\"@@S@@\",\"refresh_token_expires_in\":15811200,\"token_type\":\"bearer\"}",
    "\"token_type\":\"bearer\"")
_vt("gitlab-pat-header", "{glpat}",
    "PRIVATE-TOKEN: @@S@@", "PRIVATE-TOKEN")
_vt("gitlab-runner-auth-token", "glrt-{tok20}",
    "gitlab-runner register --non-interactive --url https://gitlab.@@dom@@ --token @@S@@ --executor shell --description mac-mini-03",
    "--description mac-mini-03")
_vt("gitlab-deploy-token", "gldt-{tok20}",
    "deploy token 'fw-artifacts-read' (username gitlab+deploy-token-@@dig6@@): @@S@@", "fw-artifacts-read")
_vt("bitbucket-app-password", "ATBB{an28}{HEX8}",
    "BITBUCKET_APP_PASSWORD=@@S@@  # user @@user@@, scopes repository:write pipeline:read", "BITBUCKET_APP_PASSWORD")
_vt("npm-automation-token", "{npm}",
    "//registry.npmjs.org/:_authToken=@@S@@", "//registry.npmjs.org/:_authToken=")
_vt("pypi-upload-token", "{pypi}",
    "[pypi]\n  username = __token__\n  password = @@S@@", "username = __token__")
_vt("docker-hub-pat", "dckr_pat_{tok27}",
    "docker login -u @@co@@bot -p @@S@@", "docker login -u @@co@@bot")
_vt("slack-bot-token", lambda r, g: "xoxb-%d-%d-%s" % (r.randint(10**10, 10**11), r.randint(10**12, 10**13), _chars(r, _ALNUM, 24)),
    "SLACK_BOT_TOKEN=@@S@@\nSLACK_CHANNEL=#mobile-releases", "SLACK_CHANNEL=#mobile-releases")
_vt("slack-user-token", lambda r, g: "xoxp-%d-%d-%d-%s" % (r.randint(10**10, 10**11), r.randint(10**10, 10**11), r.randint(10**12, 10**13), _chars(r, "0123456789abcdef", 32)),
    "legacy user token the crash-triage script uses: @@S@@", "crash-triage script")
_vt("slack-app-level-token", lambda r, g: "xapp-1-A%s-%d-%s" % (_chars(r, _UPPER + _DIGITS, 10), r.randint(10**12, 10**13), _chars(r, "0123456789abcdef", 64)),
    "Socket Mode app token: @@S@@", "Socket Mode app token")
_vt("slack-incoming-webhook-url", "{slackhook}",
    "https://hooks.slack.com/services/T@@uan8@@/B@@uan10@@/@@S@@", "hooks.slack.com/services/T@@uan8@@")
_vt("discord-bot-token", lambda r, g: _b64u(str(r.randint(10**17, 10**18)).encode()) + "." + _chars(r, _TOKCH, 6) + "." + _chars(r, _TOKCH, 38),
    "DISCORD_TOKEN=@@S@@", "DISCORD_TOKEN")
_vt("discord-webhook-url", "{dchook}",
    "https://discord.com/api/webhooks/@@dig18@@/@@S@@", "discord.com/api/webhooks/@@dig18@@")
_vt("telegram-bot-token", "{tgbot}",
    "TELEGRAM_BOT_TOKEN=\"@@S@@\"", "TELEGRAM_BOT_TOKEN")
_vt("stripe-live-secret", "{stripe99}",
    "Stripe secret key (live): @@S@@", "Stripe secret key (live)")
_vt("stripe-restricted-key", "rk_live_{an99}",
    "STRIPE_RESTRICTED_KEY=@@S@@  # read-only charges, used by the refunds dashboard", "used by the refunds dashboard")
_vt("stripe-webhook-secret", "whsec_{an32}",
    "endpointSecret = '@@S@@'", "endpointSecret")
_vt("sendgrid-api-key", "SG.{tok22}.{tok43}",
    "SENDGRID_API_KEY=@@S@@", "SENDGRID_API_KEY")
_vt("twilio-auth-token-with-sid", "{hex32}",
    "TWILIO_ACCOUNT_SID=AC@@hex32@@\nTWILIO_AUTH_TOKEN=@@S@@", "TWILIO_ACCOUNT_SID=AC@@hex32@@")
_vt("twilio-api-key-secret", "{an32}",
    "Twilio API key SK@@hex32@@ / secret @@S@@", "Twilio API key SK@@hex32@@")
_vt("mailgun-private-key", "key-{hex32}",
    "MAILGUN_API_KEY=@@S@@\nMAILGUN_DOMAIN=mg.@@dom@@", "MAILGUN_DOMAIN=mg.@@dom@@")
_vt("aws-secret-access-key-pair", "{awssk}",
    "aws_access_key_id=@@akia@@\naws_secret_access_key=@@S@@", "aws_access_key_id=")
_vt("aws-session-token", "{awssess}",
    "export AWS_SESSION_TOKEN=@@S@@", "export AWS_SESSION_TOKEN=")
_vt("google-api-key-server", "{aiza}",
    "Places API (server, IP-restricted to the backend): @@S@@", "IP-restricted to the backend")
_vt("google-oauth-client-secret", "{gocspx}",
    "\"client_secret\": \"@@S@@\"", "\"client_secret\"")
_vt("google-oauth-refresh-token", "{fbci}",
    "GOOGLE_REFRESH_TOKEN=@@S@@", "GOOGLE_REFRESH_TOKEN")
_vt("google-access-token-ya29", "{yatok}",
    "Authorization: Bearer @@S@@", "Authorization: Bearer")
_vt("firebase-legacy-server-key", "{fcm}",
    "FCM_SERVER_KEY=@@S@@", "FCM_SERVER_KEY")
_vt("firebase-vapid-private-key", "{b64u32}",
    "webpush:\n  vapid_public_key: B@@tok86@@\n  vapid_private_key: @@S@@", "vapid_public_key")
_vt("azure-storage-account-key", "{b6464}",
    "DefaultEndpointsProtocol=https;AccountName=@@co@@builds;AccountKey=@@S@@;EndpointSuffix=core.windows.net",
    "AccountName=@@co@@builds")
_vt("azure-sas-token-query", "{sas}",
    "?sv=2022-11-02&ss=bf&srt=sco&sp=rl&se=@@date@@T18:00:00Z&spr=https&sig=@@S@@", "sp=rl")
_vt("azure-ad-client-secret", "{azsec}",
    "AZURE_CLIENT_SECRET=@@S@@\nAZURE_TENANT_ID=@@uuid@@", "AZURE_TENANT_ID=@@uuid@@")
_vt("azure-iot-sas-token", lambda r, g: _sas_sig(r),
    "SharedAccessSignature sr=@@co@@-hub.azure-devices.net%2Fdevices%2F@@device@@&sig=@@S@@&se=@@epoch@@",
    "@@co@@-hub.azure-devices.net%2Fdevices%2F@@device@@")
_vt("apple-p8-key-body-only", "{ecpk}",
    "-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----")
_vt("apple-app-specific-password", "{apw}",
    "APPLE_APP_SPECIFIC_PASSWORD=@@S@@", "APPLE_APP_SPECIFIC_PASSWORD")
_vt("apple-iap-shared-secret", "{hex32}",
    "APP_STORE_SHARED_SECRET=@@S@@", "APP_STORE_SHARED_SECRET")
_vt("fastlane-session-cookie-env", "{flsession}",
    "FASTLANE_SESSION='---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: @@S@@\\n  domain: apple.com\\n'",
    "name: myacinfo")
_vt("sentry-org-auth-token", "{sntrys}",
    "SENTRY_AUTH_TOKEN=@@S@@", "SENTRY_AUTH_TOKEN")
_vt("sentry-user-auth-token", "{sntryu}",
    "[auth]\ntoken=@@S@@", "[auth]")
_vt("datadog-api-app-key-pair", "{hex40}",
    "DD_SITE=datadoghq.eu\nDD_APP_KEY=@@S@@", "DD_SITE=datadoghq.eu")
_vt("newrelic-license-key", "{hex36}NRAL",
    "license_key: @@S@@", "license_key:")
_vt("newrelic-user-api-key", "NRAK-{uan27}",
    "NEW_RELIC_API_KEY=@@S@@", "NEW_RELIC_API_KEY")
_vt("newrelic-mobile-app-token", "AA{hex40}-NRMA",
    "NewRelic.withApplicationToken(\"@@S@@\").start(this.getApplication());", "NewRelic.withApplicationToken")
_vt("embrace-api-token", "{hex32}",
    "EMBRACE_API_TOKEN=@@S@@  # dSYM upload", "EMBRACE_API_TOKEN")
_vt("firebase-ci-token", "{fbci}",
    "FIREBASE_TOKEN=@@S@@", "FIREBASE_TOKEN")
_vt("expo-access-token", "{tok40}",
    "EXPO_TOKEN=@@S@@", "EXPO_TOKEN")
_vt("codemagic-api-token", "{tok43}",
    "x-auth-token: @@S@@", "x-auth-token")
_vt("bitrise-personal-access-token", "{tok86}",
    "BITRISE_ACCESS_TOKEN=@@S@@", "BITRISE_ACCESS_TOKEN")
_vt("appcenter-api-token", "{hex40}",
    "X-API-Token: @@S@@", "X-API-Token")
_vt("unity-cloud-build-key", "{hex32}",
    "UCB_API_KEY=@@S@@  # org @@co@@", "UCB_API_KEY")
_vt("unity-service-account-secret", "{tok32}",
    "UGS service account: key id @@uuid@@, secret key @@S@@", "UGS service account")
_vt("unity-license-serial", "{unityserial}",
    "UNITY_SERIAL=@@S@@", "UNITY_SERIAL")
_vt("eos-client-credentials", "{eossec}",
    "EOS_CLIENT_ID=xyza7891@@an24@@\nEOS_CLIENT_SECRET=@@S@@", "EOS_CLIENT_ID=")
_vt("steam-web-api-key", "{HEX32}",
    "STEAM_API_KEY=@@S@@", "STEAM_API_KEY")
_vt("steam-encrypted-ticket-key", "{hex64}",
    "Encrypted App Ticket key (app @@appid@@): @@S@@", "Encrypted App Ticket key")
_vt("playfab-title-secret", "{uan52}",
    "X-SecretKey: @@S@@", "X-SecretKey")
_vt("twitch-client-secret", "{lan30}",
    "TWITCH_CLIENT_ID=@@lan30@@\nTWITCH_CLIENT_SECRET=@@S@@", "TWITCH_CLIENT_ID=")
_vt("twitch-chat-oauth-token", "oauth:{lan30}",
    "PASS @@S@@\nNICK @@gslug@@_bot", "NICK @@gslug@@_bot")
_vt("discord-oauth-client-secret", "{tok32}",
    "DISCORD_CLIENT_SECRET=@@S@@", "DISCORD_CLIENT_SECRET")
_vt("gameanalytics-secret-key", "{hex40}",
    "GameAnalytics: game key @@hex32@@ / secret key @@S@@", "GameAnalytics: game key")
_vt("partner-center-client-secret", "{azsec}",
    "\"clientSecret\": \"@@S@@\"", "\"clientSecret\"")
_vt("huawei-agc-client-secret", "{hex64}",
    "agc_client_secret=@@S@@", "agc_client_secret")
_vt("amazon-lwa-client-secret", "amzn1.oa2-cs.v1.{hex64}",
    "LWA_CLIENT_SECRET=@@S@@", "LWA_CLIENT_SECRET")
_vt("amazon-lwa-refresh-token", "{atzr}",
    "refresh_token=@@S@@", "refresh_token=")
_vt("revenuecat-secret-key", "sk_{an32}",
    "REVENUECAT_SECRET_API_KEY=@@S@@", "REVENUECAT_SECRET_API_KEY")
_vt("branch-secret-key", "secret_live_{an32}",
    "branch_key=key_live_@@an32@@\nbranch_secret=@@S@@", "branch_key=key_live_")
_vt("adapty-secret-key", "secret_live_{an8}.{an32}",
    "Authorization: Api-Key @@S@@", "Authorization: Api-Key")
_vt("appsflyer-api-token-v2", "{jwt}",
    "APPSFLYER_API_TOKEN=@@S@@", "APPSFLYER_API_TOKEN")
_vt("adjust-api-token", "{an20}",
    "Authorization: Token token=@@S@@", "Authorization: Token token=")
_vt("mixpanel-api-secret", "{hex32}",
    "MIXPANEL_API_SECRET=@@S@@", "MIXPANEL_API_SECRET")
_vt("amplitude-secret-key", "{hex32}",
    "AMPLITUDE_API_KEY=@@hex32@@\nAMPLITUDE_SECRET_KEY=@@S@@", "AMPLITUDE_API_KEY=")
_vt("segment-write-key-server", "{an32}",
    "Analytics.Configure(\"@@S@@\", new Config().SetFlushAt(20)); // server-side", "new Config().SetFlushAt(20)")
_vt("braze-rest-api-key", "{uuid}",
    "Authorization: Bearer @@S@@\nHost: rest.iad-03.braze.com", "Host: rest.iad-03.braze.com")
_vt("onesignal-rest-api-key-v2", "os_v2_app_{lb32100}",
    "ONESIGNAL_REST_API_KEY=@@S@@", "ONESIGNAL_REST_API_KEY")
_vt("applovin-report-key", "{tok86}",
    "https://r.applovin.com/maxReport?api_key=@@S@@&start=@@date@@&end=@@date@@&format=csv", "r.applovin.com/maxReport")
_vt("ironsource-refresh-token", "{hex32}",
    "IRONSOURCE_SECRET_KEY=@@S@@", "IRONSOURCE_SECRET_KEY")
_vt("unity-ads-monetization-key", "{hex64}",
    "UNITY_MONETIZATION_API_KEY=@@S@@", "UNITY_MONETIZATION_API_KEY")
_vt("google-ads-developer-token", "{tok22}",
    "developer_token: @@S@@\nlogin_customer_id: @@dig10@@", "login_customer_id: @@dig10@@")
_vt("facebook-app-secret", "{hex32}",
    "FACEBOOK_APP_ID=@@dig15@@\nFACEBOOK_APP_SECRET=@@S@@", "FACEBOOK_APP_ID=@@dig15@@")
_vt("facebook-user-access-token", "{fbtok}",
    "access_token=@@S@@", "access_token=")
_vt("launchdarkly-sdk-key", "sdk-{uuid}",
    "LAUNCHDARKLY_SDK_KEY=@@S@@", "LAUNCHDARKLY_SDK_KEY")
_vt("configcat-sdk-key", "configcat-sdk-1/{tok22}/{tok22}",
    "ConfigCatClient.get(\"@@S@@\")", "ConfigCatClient.get")
_vt("particle-access-token", "{hex40}",
    "PARTICLE_ACCESS_TOKEN=@@S@@", "PARTICLE_ACCESS_TOKEN")
_vt("balena-api-key", "{an32}",
    "BALENA_API_KEY=@@S@@", "BALENA_API_KEY")
_vt("mender-tenant-token", "{jwtmender}",
    "MENDER_TENANT_TOKEN=@@S@@", "MENDER_TENANT_TOKEN")
_vt("azure-iot-device-connection-string", "{b6432}",
    "HostName=@@co@@-hub.azure-devices.net;DeviceId=@@device@@;SharedAccessKey=@@S@@", "DeviceId=@@device@@")
_vt("ngrok-authtoken", "{ngrok}",
    "NGROK_AUTHTOKEN=@@S@@", "NGROK_AUTHTOKEN")
_vt("tailscale-auth-key", "tskey-auth-k{an10}CNTRL-{an33}",
    "TS_AUTHKEY=@@S@@", "TS_AUTHKEY")
_vt("huggingface-token", "hf_{an34}",
    "HF_TOKEN=@@S@@", "HF_TOKEN")
_vt("openai-project-key", "sk-proj-{tok64}T3BlbkFJ{tok64}",
    "OPENAI_API_KEY=@@S@@", "OPENAI_API_KEY")
_vt("anthropic-api-key", "sk-ant-api03-{tok93}AA",
    "x-api-key: @@S@@\nanthropic-version: 2023-06-01", "anthropic-version: 2023-06-01")
_vt("cloudflare-api-token", "{tok40}",
    "CLOUDFLARE_API_TOKEN=@@S@@", "CLOUDFLARE_API_TOKEN")
_vt("cloudflare-r2-secret", "{hex64}",
    "R2_ACCESS_KEY_ID=@@hex32@@\nR2_SECRET_ACCESS_KEY=@@S@@", "R2_ACCESS_KEY_ID=")
_vt("backblaze-b2-application-key", "K005{b64s27}",
    "B2_APPLICATION_KEY_ID=005@@hex22@@\nB2_APPLICATION_KEY=@@S@@", "B2_APPLICATION_KEY_ID=005")
_vt("digitalocean-pat", "dop_v1_{hex64}",
    "DIGITALOCEAN_ACCESS_TOKEN=@@S@@", "DIGITALOCEAN_ACCESS_TOKEN")
_vt("netlify-pat", "nfp_{an40}",
    "NETLIFY_AUTH_TOKEN=@@S@@", "NETLIFY_AUTH_TOKEN")
_vt("jfrog-reference-token", "{jfrog}",
    "ARTIFACTORY_ACCESS_TOKEN=@@S@@", "ARTIFACTORY_ACCESS_TOKEN")
_vt("perforce-ticket", "{HEX32}",
    "P4PASSWD=@@S@@\nP4PORT=ssl:perforce.@@dom@@:1666", "P4PORT=ssl:perforce.@@dom@@:1666")
_vt("atlassian-api-token", "ATATT3xFfGF0{tok180}={HEX8}",
    "JIRA_API_TOKEN=@@S@@", "JIRA_API_TOKEN")
_vt("linear-api-key", "lin_api_{an40}",
    "LINEAR_API_KEY=@@S@@", "LINEAR_API_KEY")
_vt("notion-integration-secret", "ntn_{dig11}{an35}",
    "NOTION_TOKEN=@@S@@  # release-notes integration", "release-notes integration")
_vt("vault-service-token", "hvs.{tok90}",
    "VAULT_TOKEN=@@S@@", "VAULT_TOKEN")
_vt("doppler-service-token", "dp.st.prd.{an40}",
    "DOPPLER_TOKEN=@@S@@", "DOPPLER_TOKEN")
_vt("onepassword-service-account-token", "{opstok}",
    "OP_SERVICE_ACCOUNT_TOKEN=@@S@@", "OP_SERVICE_ACCOUNT_TOKEN")
_vt("supabase-service-role-jwt", "{jwtsb}",
    "SUPABASE_SERVICE_ROLE_KEY=@@S@@", "SUPABASE_SERVICE_ROLE_KEY")
_vt("supabase-personal-access-token", "sbp_{hex40}",
    "SUPABASE_ACCESS_TOKEN=@@S@@", "SUPABASE_ACCESS_TOKEN")
_vt("agora-app-certificate", "{hex32}",
    "AGORA_APP_CERTIFICATE=@@S@@", "AGORA_APP_CERTIFICATE")
_vt("mapbox-secret-token", lambda r, g: "sk." + _b64u(json.dumps({"u": g("co"), "a": _chars(r, _LOWER + _DIGITS, 25)}, separators=(",", ":")).encode()) + "." + _chars(r, _TOKCH, 22),
    "MAPBOX_DOWNLOADS_TOKEN=@@S@@", "MAPBOX_DOWNLOADS_TOKEN")
_vt("algolia-admin-key", "{hex32}",
    "ALGOLIA_APP_ID=@@uan10@@\nALGOLIA_ADMIN_KEY=@@S@@", "ALGOLIA_APP_ID=@@uan10@@")
_vt("pusher-app-secret", "{hex20}",
    "PUSHER_APP_ID=@@dig7@@\nPUSHER_KEY=@@hex20@@\nPUSHER_SECRET=@@S@@", "PUSHER_APP_ID=@@dig7@@")
_vt("ably-api-key-secret", "{tok43}",
    "ABLY_API_KEY=@@an6@@.@@an6.2@@:@@S@@", "ABLY_API_KEY=")
_vt("stream-chat-api-secret", "{lan64}",
    "STREAM_API_KEY=@@lan12@@\nSTREAM_API_SECRET=@@S@@", "STREAM_API_KEY=")
_vt("sendbird-api-token", "{hex40}",
    "Api-Token: @@S@@", "Api-Token:")
_vt("pubnub-secret-key", "sec-c-{b64s48}",
    "PUBNUB_SECRET_KEY=@@S@@", "PUBNUB_SECRET_KEY")
_vt("xsolla-merchant-api-key", "{hex40}",
    "XSOLLA_MERCHANT_ID=@@dig6@@\nXSOLLA_API_KEY=@@S@@", "XSOLLA_MERCHANT_ID=@@dig6@@")
_vt("paypal-client-secret", "E{tok79}",
    "PAYPAL_CLIENT_ID=A@@tok79@@\nPAYPAL_CLIENT_SECRET=@@S@@", "PAYPAL_CLIENT_ID=")
_vt("paddle-api-key", "pdl_live_apikey_01{lan24}_{an26}",
    "PADDLE_API_KEY=@@S@@", "PADDLE_API_KEY")
_vt("keygen-product-token", "prod-{hex64}v3",
    "Authorization: Bearer @@S@@\nAccept: application/vnd.api+json", "Accept: application/vnd.api+json")
_vt("lemonsqueezy-api-key", "{jwtrs}",
    "LEMONSQUEEZY_API_KEY=@@S@@", "LEMONSQUEEZY_API_KEY")
_vt("sparkle-ed-private-key", "{b6432}",
    "SPARKLE_ED_PRIVATE_KEY=@@S@@", "SPARKLE_ED_PRIVATE_KEY")
_vt("minisign-secret-key-line", "{minisk}",
    "untrusted comment: minisign encrypted secret key\n@@S@@", "untrusted comment: minisign encrypted secret key")
_vt("tauri-signing-private-key", "{tauri}",
    "TAURI_SIGNING_PRIVATE_KEY=@@S@@", "TAURI_SIGNING_PRIVATE_KEY=")
_vt("sslcom-esigner-totp-secret", "{b3232}",
    "ES_USERNAME=@@email@@\nES_TOTP_SECRET=@@S@@", "ES_USERNAME=@@email@@")
_vt("digicert-keylocker-api-key", lambda r, g: "%s_%s" % (_chars(r, "0123456789abcdef", 32), _chars(r, "0123456789abcdef", 64)),
    "SM_API_KEY=@@S@@\nSM_HOST=https://clientauth.one.digicert.com", "SM_HOST=https://clientauth.one.digicert.com")
_vt("openssh-private-key-block", "{sshed}",
    "-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----", "-----END OPENSSH PRIVATE KEY-----")
_vt("ed25519-pkcs8-private-key", "{edpk}",
    "ota_signing_ed25519.pem:\n-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----", "ota_signing_ed25519.pem")
_vt("lorawan-app-key", "{HEX32}",
    "DevEUI: @@eui@@\nJoinEUI: 70B3D57ED00@@HEX5@@\nAppKey: @@S@@", "DevEUI: @@eui@@")
_vt("lorawan-nwk-s-key", "{HEX32}",
    "ABP session: DevAddr=@@HEX8@@ NwkSKey=@@S@@", "ABP session: DevAddr=@@HEX8@@")
_vt("tuya-local-key", "{an16}",
    "\"local_key\": \"@@S@@\"", "\"local_key\"")
_vt("home-assistant-long-lived-token", "{jwt}",
    "HASS_TOKEN=@@S@@", "HASS_TOKEN")
_vt("modio-oauth-token", "{jwtrs}",
    "MODIO_OAUTH_TOKEN=@@S@@", "MODIO_OAUTH_TOKEN")
_vt("edgegap-api-token", "token {uuid}",
    "authorization: @@S@@", "authorization:")
_vt("hathora-dev-token", "{tok64}",
    "HATHORA_TOKEN=@@S@@", "HATHORA_TOKEN")
_vt("backtrace-submission-token", "{hex64}",
    "BACKTRACE_SUBMISSION_TOKEN=@@S@@", "BACKTRACE_SUBMISSION_TOKEN")


# ---------------------------------------------------------------------------
# BENIGN templates: no credential inside, but suspicious-looking to a naive scanner
# ---------------------------------------------------------------------------

# command-style
_b("keytool -list -v -keystore ~/.android/debug.keystore -alias androiddebugkey -storepass \"$DEBUG_STORE_PASSWORD\"")
_b("xcrun notarytool submit dist/@@app@@-@@ver@@.dmg --keychain-profile \"AC_NOTARY\" --wait")
_b("xcrun altool --upload-app -f build/@@app@@.ipa -t ios -u @@email@@ -p \"@keychain:AC_PASSWORD\"")
_b("security find-identity -v -p codesigning build.keychain")
_b("security unlock-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain")
_b("apksigner sign --ks release.jks --ks-pass env:KS_PASS --key-pass env:KEY_PASS --out app-signed.apk app-unsigned.apk")
_b("jarsigner -keystore upload.jks -storepass:env STORE_PASS app-release.aab @@alias@@")
_b("openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout env:P12_PASSWORD")
_b("openssl pkcs12 -in dist.p12 -nokeys -passin file:/run/secrets/p12_pass | openssl x509 -noout -fingerprint -sha256")
_b("steamcmd +login \"$STEAM_USER\" \"$STEAM_PASS\" +run_app_build /builds/app_@@appid@@.vdf +quit")
_b("mosquitto_pub -h @@host@@ -p 8883 --cafile ca.crt -u \"$MQTT_USER\" -P \"$MQTT_PASS\" -t devices/@@device@@/ping -m 1")
_b("curl -H \"Authorization: Bearer $API_TOKEN\" https://api.@@dom@@/v1/devices/@@uuid@@")
_b("curl -H \"Authorization: Bearer ${ASC_JWT}\" https://api.appstoreconnect.apple.com/v1/builds?filter[app]=@@dig10@@")
_b("curl -fsSL https://updates.@@dom@@/desktop/latest-mac.yml -o /tmp/latest-mac.yml")
_b("gh secret set MATCH_PASSWORD --repo @@co@@/@@appslug@@-ios < /dev/stdin")
_b("gh secret list --repo @@co@@/@@appslug@@-android")
_b("vault kv get -field=password secret/mobile/android/upload-keystore")
_b("op read \"op://Mobile/App Store Connect API/private key\" > AuthKey_@@keyid@@.p8")
_b("aws secretsmanager get-secret-value --secret-id arn:aws:secretsmanager:@@region@@:@@dig12@@:secret:prod/steam/webapi-@@an6@@ --query SecretString")
_b("kubectl -n game-backend get secret nakama-keys -o jsonpath='{.metadata.resourceVersion}'")
_b("git log --oneline -5\n@@hex7@@ bump versionCode to @@build@@\n@@hex7.2@@ fix BLE reconnect after OTA\n@@hex7.3@@ rotate keystore password (value lives in vault, not here)\n@@hex7.4@@ update Podfile.lock\n@@hex7.5@@ Merge branch '@@branch@@'")
_b("git show --stat @@hex40@@")
_b("git lfs ls-files | head -3\n@@hex10@@ * Assets/Art/Characters/hero_diffuse.psd\n@@hex10.2@@ * Assets/Audio/music/theme_loop.wav\n@@hex10.3@@ - Builds/firmware/@@device@@-@@ver@@.bin")
_b("docker pull ghcr.io/@@co@@/lobby@sha256:@@hex64@@")
_b("sha256sum build/@@device@@-fw-@@ver@@.bin\n@@hex64@@  build/@@device@@-fw-@@ver@@.bin")
_b("shasum -a 1 Payload/@@app@@.app/@@app@@\n@@hex40@@  Payload/@@app@@.app/@@app@@")
_b("certutil -hashfile dist\\@@app@@Setup-@@ver@@.exe SHA256")
_b("dwarfdump --uuid build/@@app@@.app.dSYM\nUUID: @@UUID@@ (arm64) build/@@app@@.app.dSYM/Contents/Resources/DWARF/@@app@@")
_b("adb shell getprop ro.serialno\n@@uan12@@")
_b("adb devices -l\nList of devices attached\n@@hex8@@  device usb:1-1 product:redfin model:Pixel_5 device:redfin transport_id:3")
_b("esptool.py --chip esp32s3 -p /dev/ttyACM0 write_flash 0x0 bootloader.bin 0x8000 partition-table.bin 0x10000 @@device@@.bin")
_b("espefuse.py -p /dev/ttyUSB0 summary | grep BLOCK_KEY0\nBLOCK_KEY0 (BLOCK4)  Purpose: XTS_AES_128_KEY = ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? -/-")
_b("imgtool sign --key root-ec-p256.pem --header-size 0x200 --align 8 --version @@ver@@ --slot-size 0x60000 zephyr.bin zephyr.signed.bin")
_b("nrfutil pkg generate --hw-version 52 --sd-req 0x0100 --application app.hex --application-version @@build@@ --key-file $KEY_PATH dfu.zip")
_b("west flash --runner jlink --dev-id @@dig9@@")
_b("openssl dgst -sha256 -sign \"$OTA_KEY_FILE\" -out fw.sig fw.bin")
_b("minisign -Vm @@app@@-@@ver@@.tar.gz -P @@minipub@@")
_b("terraform plan -var-file=env/prod.tfvars -var=\"steam_webapi_key=$TF_VAR_steam_webapi_key\"")
_b("export MATCH_PASSWORD=$(op read op://CI/match/password)")
_b("npm config set //npm.pkg.github.com/:_authToken '${NODE_AUTH_TOKEN}'")
_b("fastlane match appstore --readonly --git_basic_authorization \"$MATCH_GIT_BASIC_AUTHORIZATION\"")
_b("sentry-cli --auth-token \"$SENTRY_AUTH_TOKEN\" releases new @@bundle@@@@@ver@@+@@build@@")
_b("butler push build/win @@co@@/@@gslug@@:windows --userversion @@ver@@   # BUTLER_API_KEY comes from the CI secret store")
_b("particle list | grep @@device@@")
_b("mender-artifact read fieldgw-@@ver@@.mender | grep -A2 Signature")
_b("p4 -u @@user@@ -p ssl:perforce.@@dom@@:1666 changes -m 5 //@@gslug@@/main/...")
_b("unity-editor -batchmode -quit -manualLicenseFile Unity_v2022.x.ulf -logFile -")
_b("ssh-keygen -lf ~/.ssh/buildbot_@@co@@.pub\n256 SHA256:@@b64s43@@ buildbot@@@co@@ (ED25519)")
_b("ssh-keyscan -t ed25519 git.@@dom@@ >> ~/.ssh/known_hosts")
_b("gpg --list-keys --keyid-format long\npub   rsa4096/@@HEX16@@ @@date@@ [SC]\n      @@HEX40@@\nuid           [ultimate] @@co@@ Release Signing <release@@@dom@@>")
_b("curl -s https://@@host@@/healthz -H 'X-Request-Id: @@uuid@@'")
_b("wget https://github.com/@@co@@/@@appslug@@-desktop/releases/download/v@@ver@@/@@app@@-@@ver@@-arm64.dmg")
_b("aws s3 ls s3://@@co@@-crashdumps/dumps/@@date@@/ | head\n@@date@@ @@clock@@    @@dig6@@ @@uuid@@.dmp")
_b("gcloud storage objects describe gs://@@co@@-builds/android/@@build@@/app-release.aab --format='value(md5_hash,crc32c_hash)'\n@@b6416@@\t@@b644@@")
_b("xcrun simctl list devices | grep Booted\n    iPhone 15 Pro (@@UUID@@) (Booted)")

# tool-output-style
_b("$ keytool -list -v -keystore upload.jks -alias @@alias@@\nAlias name: @@alias@@\nCreation date: @@date@@\nEntry type: PrivateKeyEntry\nCertificate fingerprints:\n\t SHA1: @@fpsha@@\n\t SHA256: @@fpsha256@@\nSignature algorithm name: SHA256withRSA")
_b("$ ./gradlew signingReport\nVariant: release\nConfig: release\nStore: /Users/@@user@@/keys/upload.jks\nAlias: @@alias@@\nMD5: @@fpmd@@\nSHA1: @@fpsha@@\nSHA-256: @@fpsha256@@\nValid until: @@date@@")
_b("$ security find-identity -v -p codesigning\n  1) @@HEX40@@ \"Apple Distribution: @@co@@ GmbH (@@teamid@@)\"\n  2) @@HEX40.2@@ \"Apple Development: @@first@@ @@teamid.2@@ (@@teamid.3@@)\"\n     2 valid identities found")
_b("$ codesign -dv --verbose=4 build/@@app@@.app\nExecutable=build/@@app@@.app/Contents/MacOS/@@app@@\nIdentifier=@@bundle@@\nCDHash=@@hex40@@\nTeamIdentifier=@@teamid@@\nTimestamp=@@date@@")
_b("$ xcrun notarytool history --keychain-profile AC_NOTARY\n--------------------------------------------------\n  createdDate: @@ts@@\n  id: @@uuid@@\n  name: @@app@@-@@ver@@.dmg\n  status: Accepted")
_b("$ apksigner verify --print-certs app-release.apk\nSigner #1 certificate DN: CN=@@app@@, OU=Mobile, O=@@co@@\nSigner #1 certificate SHA-256 digest: @@hex64@@\nSigner #1 certificate SHA-1 digest: @@hex40@@\nSigner #1 certificate MD5 digest: @@hex32@@")
_b("$ signtool verify /pa /v dist\\@@app@@Setup.exe\nSigning Certificate Chain:\n    Issued to: @@co@@ Ltd\n    SHA1 hash: @@HEX40@@\nThe signature is timestamped: @@ts@@\nSuccessfully verified: dist\\@@app@@Setup.exe")
_b("$ gh secret list\nKEYSTORE_B64        Updated @@date@@\nKEYSTORE_PASSWORD   Updated @@date.2@@\nMATCH_PASSWORD      Updated @@date.3@@")
_b("$ eas secret:list\nSecrets for this account and project:\n┌────────────────────┬────────┬─────────┬──────────────────────────────────────┐\n│ Name               │ Type   │ Scope   │ ID                                   │\n│ SENTRY_AUTH_TOKEN  │ string │ project │ @@uuid@@ │\n└────────────────────┴────────┴─────────┴──────────────────────────────────────┘")
_b("$ fly secrets list\nNAME                    DIGEST          CREATED AT\nRELAY_SHARED_SECRET     @@hex16@@    2m ago\nDATABASE_URL            @@hex16.2@@    3w ago")
_b("$ heroku config -a @@gslug@@-leaderboard\n=== @@gslug@@-leaderboard Config Vars\nDATABASE_URL:      postgres://***:***@***.compute-1.amazonaws.com:5432/***\nSTEAM_WEB_API_KEY: (hidden)")
_b("$ kubectl get secrets -n multiplayer\nNAME            TYPE     DATA   AGE\nlobby-redis     Opaque   1      @@n@@d\nnakama-keys     Opaque   3      @@n.2@@d")
_b("$ vault kv metadata get secret/mobile/android\n======= Metadata =======\ncreated_time     @@ts@@\ncurrent_version  @@n@@\nupdated_time     @@ts.2@@")
_b("$ aws iam list-access-keys --user-name ota-uploader\n{\n    \"AccessKeyMetadata\": [\n        {\n            \"UserName\": \"ota-uploader\",\n            \"Status\": \"Active\",\n            \"CreateDate\": \"@@ts@@\"\n        }\n    ]\n}")
_b("$ docker images --digests | head -2\nREPOSITORY                     TAG     DIGEST                                                                    IMAGE ID\nghcr.io/@@co@@/matchmaker   @@ver@@   sha256:@@hex64@@   @@hex12@@")
_b("$ git rev-parse HEAD\n@@hex40@@")
_b("$ git verify-tag v@@ver@@\ngpg: Signature made @@date@@ using RSA key @@HEX40@@\ngpg: Good signature from \"@@co@@ Release Signing <release@@@dom@@>\" [ultimate]")
_b("$ md5sum Builds/@@gslug@@_Data/data.unity3d\n@@hex32@@  Builds/@@gslug@@_Data/data.unity3d")
_b("$ openssl x509 -in device.crt -noout -serial -fingerprint -sha256\nserial=@@HEX40@@\nsha256 Fingerprint=@@fpsha256@@")
_b("$ openssl x509 -in @@device@@-cert.pem -noout -subject -issuer\nsubject=CN = @@device@@, O = @@co@@\nissuer=CN = @@co@@ Device CA G2")
_b("$ aws iot describe-thing --thing-name @@device@@\n{\n    \"thingName\": \"@@device@@\",\n    \"thingId\": \"@@uuid@@\",\n    \"thingArn\": \"arn:aws:iot:@@region@@:@@dig12@@:thing/@@device@@\",\n    \"version\": @@n@@\n}")
_b("$ particle list\n@@device@@ [@@hex24@@] (Argon) is online")
_b("$ balena devices\nID      UUID    DEVICE NAME     DEVICE TYPE     FLEET                 STATUS\n@@dig7@@ @@hex7@@ @@device@@ raspberrypi4-64 @@co@@/field-gateways Idle")
_b("$ ot-ctl extpanid\n@@hex16@@\nDone")
_b("$ ot-ctl dataset active | grep -v -i key\nActive Timestamp: 1\nChannel: 15\nExt PAN ID: @@hex16@@\nMesh Local Prefix: fd@@hex2@@:@@hex4@@:@@hex4.2@@:@@hex4.3@@::/64\nNetwork Name: OpenThread-@@hex4.4@@\nPAN ID: 0x@@hex4.5@@\nDone")
_b("$ chip-tool pairing code-thread 0x@@hex4@@ hex:<dataset> MT:@@uan19@@\n[@@epoch@@.@@dig3@@] CHIP:TOO: Device commissioning completed with success")
_b("$ bluetoothctl info @@mac@@\nDevice @@mac@@ (public)\n\tName: @@app@@ Tracker\n\tPaired: yes\n\tBonded: yes\n\tUUID: Device Information (0000180a-0000-1000-8000-00805f9b34fb)")
_b("$ steamcmd +login anonymous +app_info_print @@appid@@ +quit | grep -E 'buildid|timeupdated'\n\t\t\t\"buildid\"\t\t\"@@dig8@@\"\n\t\t\t\"timeupdated\"\t\t\"@@epoch@@\"")
_b("$ steamcmd ... Successfully finished AppID @@appid@@ build (BuildID @@dig8@@).\nManifest @@dig19@@ for depot @@appid@@1 uploaded")
_b("$ unity-editor -version\n@@unity@@")
_b("$ pod install\nAnalyzing dependencies\nDownloading dependencies\nInstalling FirebaseCrashlytics (@@semver@@)\nGenerating Pods project\nPod installation complete! There are @@n@@ dependencies from the Podfile and @@n.2@@ total pods installed.")
_b("$ flutter --version\nFlutter @@semver@@ • channel stable • https://github.com/flutter/flutter.git\nFramework • revision @@hex10@@ (@@n@@ weeks ago) • @@date@@\nEngine • revision @@hex10.2@@")
_b("$ npm audit signatures\naudited @@n@@@@dig2@@ packages in 3s\n@@n@@@@dig2@@ packages have verified registry signatures")
_b("$ ls ~/Library/MobileDevice/Provisioning\\ Profiles/\n@@uuid@@.mobileprovision\n@@uuid.2@@.mobileprovision")
_b("$ security cms -D -i embedded.mobileprovision | plutil -extract UUID raw -\n@@uuid@@")
_b("$ xcrun xcodebuild -showBuildSettings | grep -E 'DEVELOPMENT_TEAM|PRODUCT_BUNDLE_IDENTIFIER'\n    DEVELOPMENT_TEAM = @@teamid@@\n    PRODUCT_BUNDLE_IDENTIFIER = @@bundle@@")
_b("$ wg show wg0\ninterface: wg0\n  public key: @@b6432@@\n  listening port: 51820\n\npeer: @@b6432.2@@\n  endpoint: @@pip@@:51820\n  allowed ips: 10.@@n@@.0.0/16")
_b("$ echo @@btext@@ | base64 -d")
_b("$ cat Podfile.lock | tail -4\nPODFILE CHECKSUM: @@hex40@@\n\nCOCOAPODS: 1.15.2")
_b("$ ssh-add -l\n256 SHA256:@@b64s43@@ @@user@@@@@co@@-mbp (ED25519)")
_b("$ openssl rand -hex 4\n@@hex8@@   # just a build nonce for the cache key")

# config-file-style
_b("# keystore.properties.example\nstorePassword=<your-store-password>\nkeyPassword=<your-key-password>\nkeyAlias=upload\nstoreFile=../upload-keystore.jks")
_b("signingConfigs {\n    release {\n        storeFile file(keystoreProperties['storeFile'])\n        storePassword keystoreProperties['storePassword']\n        keyAlias keystoreProperties['keyAlias']\n        keyPassword keystoreProperties['keyPassword']\n    }\n}")
_b("storePassword = System.getenv(\"KEYSTORE_PASSWORD\")\nkeyPassword = System.getenv(\"KEY_PASSWORD\")\nkeyAlias = \"@@alias@@\"")
_b("# .env.example\nSTEAM_WEB_API_KEY=your-steam-web-api-key-here\nSENTRY_AUTH_TOKEN=\nMQTT_PASSWORD=changeme  # replace before first boot, the device refuses the default\nAPI_BASE=https://api.@@dom@@")
_b("# .env.sample\nREVENUECAT_SECRET_KEY=sk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nSTRIPE_SECRET_KEY=sk_live_XXXXXXXXXXXXXXXXXXXXXXXX\nEXPO_PUBLIC_API_URL=https://api.@@dom@@")
_b("{\n  \"project_info\": {\n    \"project_number\": \"@@dig12@@\",\n    \"project_id\": \"@@co@@-mobile\",\n    \"storage_bucket\": \"@@co@@-mobile.appspot.com\"\n  },\n  \"client\": [\n    {\n      \"client_info\": {\n        \"mobilesdk_app_id\": \"1:@@dig12@@:android:@@hex16@@\",\n        \"android_client_info\": { \"package_name\": \"@@bundle@@\" }\n      }\n    }\n  ]\n}")
_b("<key>GADApplicationIdentifier</key>\n<string>@@admobapp@@</string>\n<key>SKAdNetworkItems</key>\n<array>\n  <dict><key>SKAdNetworkIdentifier</key><string>@@lan10@@.skadnetwork</string></dict>\n</array>")
_b("<meta-data\n    android:name=\"com.google.android.gms.ads.APPLICATION_ID\"\n    android:value=\"@@admobapp@@\" />")
_b("# app-ads.txt\ngoogle.com, pub-@@dig16@@, DIRECT, f08c47fec0942fa0\napplovin.com, @@hex32@@, DIRECT\nunity.com, @@dig7@@, DIRECT, 96cabb5fbdde37a7")
_b("{\n  \"build\": {\n    \"production\": {\n      \"env\": {\n        \"SENTRY_AUTH_TOKEN\": \"@SENTRY_AUTH_TOKEN\"\n      }\n    }\n  },\n  \"submit\": { \"production\": { \"ios\": { \"ascApiKeyPath\": \"./keys/AuthKey_@@keyid@@.p8\", \"ascApiKeyIssuerId\": \"@@uuid@@\", \"ascApiKeyId\": \"@@keyid@@\" } } }\n}")
_b("\"plugins\": {\n  \"updater\": {\n    \"active\": true,\n    \"endpoints\": [\"https://updates.@@dom@@/{{target}}/{{arch}}/{{current_version}}\"],\n    \"pubkey\": \"@@tauripub@@\"\n  }\n}")
_b("# electron-builder.yml\npublish:\n  provider: generic\n  url: https://updates.@@dom@@/desktop/${channel}\nmac:\n  notarize:\n    teamId: @@teamid@@\nwin:\n  certificateSubjectName: \"@@co@@ Ltd\"\n  certificateSha1: @@HEX40@@")
_b("version: @@ver@@\nfiles:\n  - url: @@app@@-Setup-@@ver@@.exe\n    sha512: @@sigsixtyfour@@\n    size: @@dig8@@\npath: @@app@@-Setup-@@ver@@.exe\nsha512: @@sigsixtyfour.2@@\nreleaseDate: '@@ts@@'")
_b("<item>\n  <title>Version @@ver@@</title>\n  <sparkle:version>@@build@@</sparkle:version>\n  <enclosure url=\"https://updates.@@dom@@/mac/@@app@@-@@ver@@.zip\" sparkle:edSignature=\"@@sigsixtyfour@@\" length=\"@@dig8@@\" type=\"application/octet-stream\"/>\n</item>")
_b("<key>SUFeedURL</key>\n<string>https://updates.@@dom@@/appcast.xml</string>\n<key>SUPublicEDKey</key>\n<string>@@b6432@@</string>")
_b("{\n  \"version\": \"@@ver@@\",\n  \"notes\": \"Bug fixes\",\n  \"pub_date\": \"@@ts@@\",\n  \"platforms\": {\n    \"darwin-aarch64\": {\n      \"signature\": \"@@taurisig@@\",\n      \"url\": \"https://updates.@@dom@@/@@app@@_@@ver@@_aarch64.app.tar.gz\"\n    }\n  }\n}")
_b("# Podfile.lock\nSPEC CHECKSUMS:\n  Firebase: @@hex40@@\n  FirebaseCrashlytics: @@hex40.2@@\n  GoogleAppMeasurement: @@hex40.3@@\n\nPODFILE CHECKSUM: @@hex40.4@@")
_b("{\n  \"identity\" : \"firebase-ios-sdk\",\n  \"kind\" : \"remoteSourceControl\",\n  \"location\" : \"https://github.com/firebase/firebase-ios-sdk\",\n  \"state\" : {\n    \"revision\" : \"@@hex40@@\",\n    \"version\" : \"@@semver@@\"\n  }\n}")
_b("\"node_modules/electron-updater\": {\n  \"version\": \"@@semver@@\",\n  \"resolved\": \"https://registry.npmjs.org/electron-updater/-/electron-updater-@@semver@@.tgz\",\n  \"integrity\": \"@@sri@@\"\n}")
_b("\"@sentry/react-native@^5.22.0\":\n  version \"@@semver@@\"\n  resolved \"https://registry.yarnpkg.com/@sentry/react-native/-/react-native-@@semver@@.tgz#@@hex40@@\"\n  integrity @@sri@@")
_b("[[package]]\nname = \"tauri-plugin-updater\"\nversion = \"@@semver@@\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"@@hex64@@\"")
_b("<component group=\"com.google.firebase\" name=\"firebase-messaging\" version=\"@@semver@@\">\n   <artifact name=\"firebase-messaging-@@semver@@.aar\">\n      <sha256 value=\"@@hex64@@\" origin=\"Generated by Gradle\"/>\n   </artifact>\n</component>")
_b("  firebase_messaging:\n    dependency: \"direct main\"\n    description:\n      name: firebase_messaging\n      sha256: \"@@hex64@@\"\n      url: \"https://pub.dev\"\n    source: hosted\n    version: \"@@semver@@\"")
_b("github.com/eclipse/paho.mqtt.golang v1.4.3 @@gosum@@\ngithub.com/eclipse/paho.mqtt.golang v1.4.3/go.mod @@gosum.2@@")
_b("version https://git-lfs.github.com/spec/v1\noid sha256:@@hex64@@\nsize @@dig8@@")
_b("fileFormatVersion: 2\nguid: @@hex32@@\nTextureImporter:\n  internalIDToNameTable: []\n  externalObjects: {}\n  serializedVersion: 12")
_b("fileFormatVersion: 2\nguid: @@hex32@@\nMonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0")
_b("{\n  \"FileVersion\": 3,\n  \"EngineAssociation\": \"{@@UUID@@}\",\n  \"Category\": \"\",\n  \"Modules\": [ { \"Name\": \"@@gslug@@\", \"Type\": \"Runtime\", \"LoadingPhase\": \"Default\" } ]\n}")
_b("[gd_scene load_steps=4 format=3 uid=\"uid://@@lan13@@\"]\n\n[ext_resource type=\"Script\" uid=\"uid://@@lan13.2@@\" path=\"res://scripts/player.gd\" id=\"1_@@lan5@@\"]")
_b("\t\t@@pbxid@@ /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = @@pbxid.2@@ /* AppDelegate.swift */; };\n\t\t@@pbxid.3@@ /* GoogleService-Info.plist in Resources */ = {isa = PBXBuildFile; fileRef = @@pbxid.4@@ /* GoogleService-Info.plist */; };")
_b("DEVELOPMENT_TEAM = @@teamid@@;\nPRODUCT_BUNDLE_IDENTIFIER = @@bundle@@;\nPROVISIONING_PROFILE_SPECIFIER = \"match AppStore @@bundle@@\";\nCODE_SIGN_IDENTITY = \"Apple Distribution\";")
_b("[/Script/OnlineSubsystemSteam.SteamSettings]\nSteamDevAppId=@@appid@@\nbEnabled=true\nGameServerQueryPort=27015")
_b("[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName=\"@@gslug@@\",ClientId=\"$(EOS_CLIENT_ID)\",ClientSecret=\"$(EOS_CLIENT_SECRET)\",ProductId=\"@@hex32@@\",SandboxId=\"@@hex32.2@@\",DeploymentId=\"@@hex32.3@@\")")
_b("  PhotonServerSettings:\n    AppSettings:\n      AppIdRealtime: @@uuid@@\n      AppIdChat: \n      AppVersion: @@ver@@\n      FixedRegion: eu")
_b("%YAML 1.1\n--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: PlayFabSharedSettings\n  TitleId: @@HEX5@@\n  DeveloperSecretKey: \n  RequestTimeout: 2000")
_b("<MicrosoftGame configVersion=\"1\">\n  <Identity Name=\"@@co@@.@@gslug@@\" Publisher=\"CN=@@UUID@@\" Version=\"@@ver@@.0\"/>\n  <TitleId>@@HEX8@@</TitleId>\n  <StoreId>9N@@uan10@@</StoreId>\n</MicrosoftGame>")
_b("\"AppBuild\"\n{\n\t\"AppID\" \"@@appid@@\"\n\t\"Desc\" \"nightly @@hex7@@\"\n\t\"SetLive\" \"beta\"\n\t\"ContentRoot\" \"../content/\"\n\t\"Depots\"\n\t{\n\t\t\"@@appid@@1\" \"depot_build_@@appid@@1.vdf\"\n\t}\n}")
_b("# sdkconfig (excerpt)\nCONFIG_SECURE_BOOT=y\nCONFIG_SECURE_BOOT_V2_ENABLED=y\nCONFIG_SECURE_BOOT_SIGNING_KEY=\"secure_boot_signing_key.pem\"\nCONFIG_SECURE_FLASH_ENC_ENABLED=y\nCONFIG_EXAMPLE_WIFI_PASSWORD=\"\"")
_b("CONFIG_WIFI_CREDENTIALS_STATIC_SSID=\"\"\nCONFIG_WIFI_CREDENTIALS_STATIC_PASSWORD=\"\"\n# Provisioned at runtime over BLE (see provisioning/README.md)")
_b("network={\n\tssid=\"@@ssid@@\"\n\tkey_mgmt=WPA-EAP\n\teap=TLS\n\tidentity=\"@@device@@\"\n\tca_cert=\"/etc/certs/ca.pem\"\n\tclient_cert=\"/etc/certs/@@device@@.crt\"\n\tprivate_key=\"/etc/certs/@@device@@.key\"\n\tprivate_key_passwd=\"\"\n}")
_b("devices:\n  - name: soil-probe-@@dig3@@\n    dev_eui: \"@@eui@@\"\n    join_eui: \"70B3D57ED00@@HEX5@@\"\n    app_key: \"${LORA_APP_KEY}\"")
_b("esphome:\n  name: @@device@@\napi:\n  encryption:\n    key: !secret api_key\nota:\n  - platform: esphome\n    password: !secret ota_password\nwifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password")
_b("mqtt:\n  server: mqtts://@@host@@:8883\n  user: '!secret mqtt_user'\n  password: '!secret mqtt_password'\nadvanced:\n  network_key: GENERATE\n  pan_id: GENERATE")
_b("apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n        - name: ownership\n          env:\n            - name: STEAM_PUBLISHER_KEY\n              valueFrom:\n                secretKeyRef:\n                  name: steam\n                  key: publisher-key")
_b("envFrom:\n  - secretRef:\n      name: nakama-keys\n  - configMapRef:\n      name: nakama-config")
_b("# Pulumi.prod.yaml\nconfig:\n  aws:region: @@region@@\n  telemetry:dbPassword:\n    secure: v1:@@b6424@@:@@b6448@@")
_b("# group_vars/all/vault.yml\n$ANSIBLE_VAULT;1.1;AES256\n@@hex64@@\n@@hex64.2@@\n@@hex64.3@@")
_b("<credentials>\n  <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n    <id>steam-builder</id>\n    <username>@@steamuser@@</username>\n    <password>{AQAAABAAAAAQ@@b6432@@}</password>\n  </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n</credentials>")
_b("[program:telemetry-ingest]\ncommand=/opt/ingest/bin/ingest --token-file /run/secrets/ingest_token\nenvironment=GOMAXPROCS=\"4\"")
_b("# ~/.aws/config\n[profile gamelift-dev]\nregion = @@region@@\nsso_start_url = https://@@co@@.awsapps.com/start\nsso_account_id = @@dig12@@\nsso_role_name = GameLiftDeveloper")
_b("# ~/.ssh/config\nHost devkit-*\n    User admin\n    IdentityFile ~/.ssh/devkit_ed25519\n    StrictHostKeyChecking accept-new")
_b("@@host@@ ssh-ed25519 @@b64s68@@")
_b("# .p4config\nP4PORT=ssl:perforce.@@dom@@:1666\nP4USER=@@user@@\nP4CLIENT=@@user@@_@@gslug@@_ws\nP4TICKETS=~/.p4tickets\nP4TRUST=~/.p4trust")
_b("mavenCentralUsername=${MAVEN_CENTRAL_USERNAME}\nmavenCentralPassword=${MAVEN_CENTRAL_PASSWORD}\nsigning.keyId=@@HEX8@@\nsigning.secretKeyRingFile=/home/ci/.gnupg/secring.gpg")
_b("<packageSourceCredentials>\n  <github>\n    <add key=\"Username\" value=\"%NUGET_USER%\" />\n    <add key=\"ClearTextPassword\" value=\"%NUGET_TOKEN%\" />\n  </github>\n</packageSourceCredentials>")
_b("{\n  \"app_id\": \"@@uuid@@\",\n  \"safari_web_id\": \"web.onesignal.auto.@@uuid.2@@\",\n  \"rest_api_key\": \"<set in Cloud Functions config>\"\n}")
_b("LD_MOBILE_KEY=mob-@@uuid@@\nLD_CLIENT_SIDE_ID=@@hex24@@")
_b("RC_PUBLIC_IOS=appl_@@an27@@\nRC_PUBLIC_ANDROID=goog_@@an27@@")
_b("STRIPE_PUBLISHABLE_KEY=pk_live_@@an24@@")
_b("MAPBOX_PUBLIC_TOKEN=pk.@@b64u60@@.@@tok22@@")
_b("branch_key=key_live_@@an32@@   # public, safe to ship in the app")
_b("DD_CLIENT_TOKEN=pub@@hex32@@\nDD_RUM_APPLICATION_ID=@@uuid@@\nDD_SITE=datadoghq.eu")
_b("PUBNUB_PUBLISH_KEY=pub-c-@@uuid@@\nPUBNUB_SUBSCRIBE_KEY=sub-c-@@uuid.2@@")
_b("AGORA_APP_ID=@@hex32@@\nAGORA_APP_CERTIFICATE=  # server only, see vault path kv/voice/agora")
_b("{\n  \"Bugsnag\": {\n    \"ReleaseStage\": \"production\",\n    \"AppVersion\": \"@@ver@@\",\n    \"ApiKeyRef\": \"ssm:/mobile/bugsnag/api-key\"\n  }\n}")
_b("<string name=\"gcm_defaultSenderId\" translatable=\"false\">@@dig12@@</string>\n<string name=\"google_app_id\" translatable=\"false\">1:@@dig12@@:android:@@hex16@@</string>\n<string name=\"project_id\" translatable=\"false\">@@co@@-mobile</string>")
_b("<key>CFBundleIdentifier</key>\n<string>@@bundle@@</string>\n<key>CFBundleVersion</key>\n<string>@@build@@</string>\n<key>NSBluetoothAlwaysUsageDescription</key>\n<string>Used to pair with your @@app@@ device.</string>")
_b("[preset.1.options]\nkeystore/release=\"\"\nkeystore/release_user=\"\"\nkeystore/release_password=\"\"\n; filled in by CI from GODOT_ANDROID_KEYSTORE_RELEASE_* env vars")
_b("script_encryption_key=\"\"\n; set via GODOT_SCRIPT_ENCRYPTION_KEY at export time")
_b("[CrashReportClient]\nbAgreeToCrashUpload=true\nDataRouterUrl=\"https://crash.@@dom@@/api/ue/\"\nCrashReportClientVersion=1.0")
_b("# Cargo.toml\n[package.metadata.bundle]\nidentifier = \"@@bundle@@\"\nversion = \"@@ver@@\"\n[package.metadata.wix]\nupgrade-guid = \"@@UUID@@\"\npath-guid = \"@@UUID.2@@\"")
_b("<Wix>\n  <Package Name=\"@@app@@\" Manufacturer=\"@@co@@\" Version=\"@@ver@@\" UpgradeCode=\"@@UUID@@\">\n    <MajorUpgrade DowngradeErrorMessage=\"A newer version is already installed.\" />\n  </Package>\n</Wix>")
_b("<Identity Name=\"@@co@@.@@app@@\" Publisher=\"CN=@@UUID@@\" Version=\"@@ver@@.0\" ProcessorArchitecture=\"x64\" />")
_b("-----BEGIN CERTIFICATE-----\n@@certbody@@\n-----END CERTIFICATE-----")
_b("-----BEGIN PUBLIC KEY-----\n@@rsapubpem@@\n-----END PUBLIC KEY-----")
_b("# ota/public_key.pem (verification key shipped in firmware)\n-----BEGIN PUBLIC KEY-----\n@@ecpub@@\n-----END PUBLIC KEY-----")
_b("base64EncodedPublicKey = \"@@rsapub@@\" // Play Console > Monetization setup > Licensing")
_b("@@sshpub@@ @@user@@@@@co@@-laptop")
_b("@@sshrsapub@@ deploy@@@co@@")
_b("untrusted comment: minisign public key @@HEX16@@\n@@minipub@@")
_b("authorized_keys:\n  - @@sshpub@@ ci@@@co@@")
_b("# known_hosts\ngit.@@dom@@ ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB@@b64s86@@=")
_b("Signer #1 certificate SHA-256 digest: @@hex64@@")
_b("sha256:@@hex64@@")
_b("@@hex64@@  @@gslug@@-@@ver@@-linux-x86_64.tar.gz\n@@hex64.2@@  @@gslug@@-@@ver@@-windows-x64.zip\n@@hex64.3@@  @@gslug@@-@@ver@@-macos-universal.dmg")

# source-code-style
_b("private val keystorePassword: String = System.getenv(\"KEYSTORE_PASSWORD\") ?: error(\"KEYSTORE_PASSWORD not set\")")
_b("let apiKey = Bundle.main.object(forInfoDictionaryKey: \"API_KEY\") as? String ?? \"\"")
_b("static let sharedSecret = ProcessInfo.processInfo.environment[\"APP_STORE_SHARED_SECRET\"] ?? \"\"")
_b("const stripe = new Stripe(process.env.STRIPE_SECRET_KEY!, { apiVersion: '2024-06-20' });")
_b("client.username_pw_set(os.environ[\"MQTT_USER\"], os.environ[\"MQTT_PASSWORD\"])")
_b("wlan.connect(secrets.WIFI_SSID, secrets.WIFI_PASSWORD)")
_b("#include \"arduino_secrets.h\"\nchar ssid[] = SECRET_SSID;\nchar pass[] = SECRET_PASS;")
_b("// arduino_secrets.h.example\n#define SECRET_SSID \"your-network\"\n#define SECRET_PASS \"your-password\"")
_b("#define EXAMPLE_ESP_WIFI_PASS CONFIG_ESP_WIFI_PASSWORD")
_b("static const uint8_t kDeviceClassUuid[16] = { 0x@@hex2@@, 0x@@hex2.2@@, 0x@@hex2.3@@, 0x@@hex2.4@@, 0x9b, 0x5f, 0x80, 0x00, 0x00, 0x80, 0x00, 0x10, 0x00, 0x00, 0x0a, 0x18 };")
_b("#define SERVICE_UUID        \"@@uuid@@\"\n#define CHARACTERISTIC_UUID \"@@uuid.2@@\"")
_b("static const u1_t PROGMEM DEVEUI[8] = { 0x@@hex2@@, 0x@@hex2.2@@, 0x@@hex2.3@@, 0x@@hex2.4@@, 0x@@hex2.5@@, 0xD5, 0xB3, 0x70 }; // LSB, not a secret")
_b("const uint32_t FLASH_APP_OFFSET = 0x00010000;\nconst uint32_t IMAGE_MAGIC = 0x96f3b83d;\nconst uint32_t CRC_POLY = 0xEDB88320;")
_b("PlayFabSettings.staticSettings.TitleId = \"@@HEX5@@\";")
_b("var client = Nakama.create_client(\"defaultkey\", \"127.0.0.1\", 7350, \"http\") # local dev server defaults")
_b("Purchases.configure(PurchasesConfiguration.Builder(this, \"goog_@@an27@@\").build())")
_b("Purchases.configure(withAPIKey: \"appl_@@an27@@\")")
_b("branch.init('key_live_@@an32@@', options, (err, data) => { /* ... */ });")
_b("MobileAds.initialize(this) {}\nval adRequest = AdRequest.Builder().build()\nadView.adUnitId = \"@@adunit@@\"")
_b("Advertisement.Initialize(\"@@dig7@@\", testMode: false); // Unity Ads game id is public")
_b("IronSource.init(this, \"@@hex9@@\") // app key, visible in every APK")
_b("AppLovinSdk.getInstance(context).settings.setVerboseLogging(false)\nval adUnit = \"@@hex16@@\"")
_b("PhotonNetwork.PhotonServerSettings.AppSettings.AppIdRealtime = \"@@uuid@@\";")
_b("SteamAPI.Init(); // reads steam_appid.txt (@@appid@@) in dev builds")
_b("if (!SteamAPI.RestartAppIfNecessary(new AppId_t(@@appid@@))) { return; }")
_b("EOS_Platform_Options opts = {};\nopts.ProductId = \"@@hex32@@\";\nopts.SandboxId = \"@@hex32.2@@\";\nopts.ClientCredentials.ClientId = getenv(\"EOS_CLIENT_ID\");\nopts.ClientCredentials.ClientSecret = getenv(\"EOS_CLIENT_SECRET\");")
_b("GameAnalytics.Initialize(); // keys come from Resources/GameAnalytics/Settings.asset, injected in CI")
_b("val token = requireNotNull(BuildConfig.API_TOKEN.takeIf { it.isNotBlank() }) { \"API_TOKEN missing from local.properties\" }")
_b("func hmacKey() []byte {\n\treturn []byte(os.Getenv(\"LEADERBOARD_HMAC_KEY\"))\n}")
_b("let key = std::env::var(\"UPDATE_SIGNING_SEED\").expect(\"UPDATE_SIGNING_SEED not set\");")
_b("const PUBLIC_KEY: &str = \"@@minipub@@\"; // minisign verification key, safe to embed")
_b("SUPublicEDKey = \"@@b6432@@\" // public half only")
_b("assert hashlib.sha256(blob).hexdigest() == \"@@hex64@@\"")
_b("EXPECTED_FW_SHA256 = \"@@hex64@@\"  # published in the release notes")
_b("crashReporter.start({ submitURL: process.env.CRASH_SUBMIT_URL, uploadToServer: true });")
_b("Sentry.init({ dsn: process.env.SENTRY_DSN, release: '@@bundle@@@@@ver@@', tracesSampleRate: 0.2 });")
_b("const traceId = '@@hex32@@'; const spanId = '@@hex16@@'; // from the failing request")
_b("headers[\"traceparent\"] = \"@@traceparent@@\"")
_b("val requestId = UUID.fromString(\"@@uuid@@\")")
_b("const MATCH_ID = \"@@uuid@@.nakama-@@n@@\";")
_b("private const val CHANNEL_ID = \"@@appslug@@_downloads\"\nprivate const val NOTIFICATION_ID = @@dig4@@")
_b("password = getpass.getpass(\"Keystore password: \")")
_b("read -s -p \"Keychain password: \" KEYCHAIN_PASSWORD")
_b("if password == \"\" { return ErrEmptyPassword }")
_b("// TODO: move the HMAC secret out of the client; see ticket @@uan4@@-@@dig3@@")
_b("@Value(\"${spring.datasource.password}\") private String dbPassword;")
_b("let secret = try keychain.get(\"refresh_token\") // stored in Keychain, never logged")
_b("val masterKey = MasterKey.Builder(context).setKeyScheme(MasterKey.KeyScheme.AES256_GCM).build()")
_b("SecKeyCreateRandomKey([kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256, kSecAttrTokenID: kSecAttrTokenIDSecureEnclave] as CFDictionary, &error)")
_b("KeyGenParameterSpec.Builder(\"ota_verify\", KeyProperties.PURPOSE_VERIFY).setDigests(KeyProperties.DIGEST_SHA256).build()")
_b("private static final String DEFAULT_PASSWORD_HINT = \"at least 12 characters, one digit\";")
_b("passwordField.placeholder = \"Password\"\npasswordField.isSecureTextEntry = true")
_b("<EditText android:id=\"@+id/password\" android:inputType=\"textPassword\" android:hint=\"@string/prompt_password\" />")
_b("assert.equal(maskToken('ghp_abcd'), 'ghp_****');")
_b("expect(redact(\"Bearer abc\")).toBe(\"Bearer [REDACTED]\")")

# stack-trace-or-log-style
_b("@@date@@ @@clock@@.@@dig3@@ @@pid@@ @@pid.2@@ I okhttp.OkHttpClient: Authorization: ██")
_b("D/OkHttp: Authorization: Bearer <redacted>")
_b("[@@tsl@@] [info]  Checking for update\n[@@tsl@@] [info]  Update for version @@ver@@ is not available (latest version: @@ver@@, downgrade is disallowed).")
_b("[@@tsl@@] [info]  New version @@ver@@ has been downloaded to /Users/@@user@@/Library/Caches/@@appslug@@-updater/pending/@@app@@-@@ver@@-mac.zip\nsha512 checksum matched: @@sigsixtyfour@@")
_b("LogSteamShared: Display: Loading Steam SDK 1.59 (AppID @@appid@@)\nLogOnline: OSS: Created online subsystem instance for: STEAM")
_b("LogEOS: Verbose: ProductId=@@hex32@@ SandboxId=@@hex32.2@@ DeploymentId=@@hex32.3@@ ClientId=xyza7891****")
_b("[@@date@@-@@clock@@:@@dig3@@][  0]LogInit: Build: ++UE5+Release-5.4-CL-@@dig8@@\n[@@date@@-@@clock@@:@@dig3@@][  0]LogInit: Engine Version: 5.4.2-@@dig8@@+++UE5+Release-5.4")
_b("[@@tsl@@] [Auth] player @@steamid@@ authenticated (ticket len=240, result=k_EAuthSessionResponseOK)")
_b("{\"level\":\"info\",\"ts\":\"@@ts@@\",\"msg\":\"New session\",\"uid\":\"@@uuid@@\",\"sid\":\"@@uuid.2@@\",\"username\":\"@@first@@\"}")
_b("{\"level\":\"debug\",\"ts\":\"@@ts@@\",\"caller\":\"server/config.go:211\",\"msg\":\"socket\",\"server_key\":\"[set]\",\"port\":7350}")
_b("@@tsl@@ INFO  request_id=@@uuid@@ method=POST path=/v1/iap/verify status=200 duration_ms=@@dig3@@")
_b("@@ts@@ INFO trace_id=@@hex32@@ span_id=@@hex16@@ msg=\"matchmaking ticket created\" ticket=@@uuid@@")
_b("x-amzn-RequestId: @@uuid@@\nx-amz-id-2: @@b6454@@\nETag: \"@@hex32@@\"")
_b("@@tsl@@ [CrashUploader] uploaded dump @@uuid@@.dmp (@@dig6@@ bytes) -> s3://@@co@@-crashdumps/dumps/@@date@@/@@uuid@@.dmp")
_b("Sentry: Event @@hex32@@ sent (release @@bundle@@@@@ver@@+@@build@@)")
_b("Crashlytics: issue @@hex32@@ regressed in @@ver@@ (@@n@@ crashes, @@n.2@@ users)")
_b("*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[@@app@@.SessionStore token]: unrecognized selector sent to instance 0x6000@@hex8@@'\n*** First throw call stack:\n(0x1a2b@@hex4@@ 0x19f3@@hex4.2@@)")
_b("Incident Identifier: @@UUID@@\nCrashReporter Key:   @@hex40@@\nHardware Model:      iPhone15,3\nProcess:             @@app@@ [@@pid@@]\nIdentifier:          @@bundle@@\nVersion:             @@ver@@ (@@build@@)")
_b("Binary Images:\n0x104d1c000 - 0x10523ffff @@app@@ arm64  <@@hex32@@> /private/var/containers/Bundle/Application/@@UUID@@/@@app@@.app/@@app@@")
_b("java.lang.IllegalStateException: KEYSTORE_PASSWORD is empty; set it in ~/.gradle/gradle.properties or the CI secret store\n\tat BuildLogic.signing(build.gradle.kts:42)")
_b("Execution failed for task ':app:packageRelease'.\n> com.android.ide.common.signing.KeytoolException: Failed to read key @@alias@@ from store \"/builds/keys/upload.jks\": Keystore was tampered with, or password was incorrect")
_b("org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"inventory_svc\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)")
_b("psycopg2.OperationalError: connection to server at \"@@host@@\" (@@ip@@), port 5432 failed: FATAL:  password authentication failed for user \"etl\"")
_b("ReplyError: WRONGPASS invalid username-password pair or user is disabled.\n    at parseError (/app/node_modules/redis-parser/lib/parser.js:179:12)")
_b("Error: 401 Unauthorized - GET https://npm.pkg.github.com/@@@co@@%2fnative-bridge - authentication token not provided")
_b("fatal: Authentication failed for 'https://github.com/@@co@@/@@gslug@@-unity.git/'")
_b("remote: Invalid username or token. Password authentication is not supported for Git operations.")
_b("SignTool Error: No certificates were found that met all the given criteria.")
_b("error: The specified item could not be found in the keychain. (-25300)")
_b("[!] Could not decrypt the repo, please make sure you enter the right decryption password (MATCH_PASSWORD)")
_b("Login to App Store Connect (@@email@@)\nAvailable session is not valid any more. Continuing with normal login.")
_b("Error: Invalid or missing App Store Connect API key: AuthKey_@@keyid@@.p8 (issuer @@uuid@@)")
_b("E/FirebaseMessaging: Topic sync or token retrieval failed on hard failure exceptions: AUTHENTICATION_FAILED. Won't retry the operation.")
_b("W/FirebaseInstallations: Firebase Installations can not communicate with Firebase server APIs due to invalid configuration. Please verify your API key.")
_b("I (1722) wifi station: connected to ap SSID:@@ssid@@ password:********")
_b("I (2312) esp_https_ota: Starting OTA...\nI (2401) esp_https_ota: Writing to partition subtype 16 at offset 0x110000\nI (9875) esp_image: Verifying image signature...\nI (9902) secure_boot_v2: Verifying with RSA-PSS...\nI (9931) secure_boot_v2: Signature verified successfully!")
_b("I (312) boot: Secure boot V2 key digest: @@hex64@@")
_b("[00:00:01.004,000] <inf> mcuboot: Image index: 0, Swap type: test\n[00:00:01.212,000] <inf> mcuboot: Bootloader chainload address offset: 0xc000\n[00:00:01.219,000] <inf> mcuboot: Jumping to the first image slot")
_b("[@@epoch@@] mosquitto[@@pid@@]: New client connected from @@ip@@:@@dig5@@ as @@device@@ (p2, c1, k60, u'@@device@@').")
_b("@@epoch@@: Client @@device@@ disconnected, not authorised.")
_b("@@date@@ @@clock@@ @@device@@ sshd[@@pid@@]: Accepted publickey for root from @@ip@@ port @@dig5@@ ssh2: ED25519 SHA256:@@b64s43@@")
_b("@@date@@ @@clock@@ @@device@@ kernel: [    0.000000] Kernel command line: console=ttymxc1,115200 root=/dev/mmcblk2p2 rootwait quiet")
_b("[@@ts@@] wifi-provisioner[411]: received credentials over BLE: ssid=\"@@ssid@@\" psk=<@@n@@ bytes, hidden>")
_b("CHIP:DL: Thread network key: [redacted 16 bytes]\nCHIP:DL: Thread PAN ID: 0x@@hex4@@ channel 15")
_b("@@tsl@@ INFO  [join] join-accept sent dev_eui=@@eui@@ dev_addr=@@HEX8@@ rx1_dr=5")
_b("@@tsl@@ WARN  [telemetry] dropped @@n@@ events: payload exceeded 64 KiB (batch_id=@@uuid@@)")
_b("Datadog Agent: API key ending with @@hex5@@ is valid")
_b("2025/03/14 @@clock@@ [info] Vault token renewed, ttl=768h, accessor=@@tok24@@")
_b("Using AWS credentials from profile \"gamelift-dev\" (source: ~/.aws/credentials)")
_b("INFO  Loaded 4 secrets from Doppler (project: @@gslug@@, config: prd) -- values not logged")
_b("+ security unlock-keychain -p *** build.keychain")
_b("+ export 'MATCH_PASSWORD=***'")
_b("MATCH_PASSWORD: [MASKED]\nFASTLANE_SESSION: [MASKED]")
_b("STEAM_PASSWORD=******** (masked)")
_b("Run steamcmd +login *** *** +run_app_build /home/runner/work/@@gslug@@/app_build.vdf +quit\nLogging in user '***' to Steam Public...OK")
_b("##[debug]Evaluating: secrets.KEYSTORE_PASSWORD\n##[debug]Result: '***'")
_b("Warning: Unexpected input(s) 'keystore_password', valid inputs are ['releaseDirectory', 'signingKeyBase64', 'alias', 'keyStorePassword', 'keyPassword']")
_b("UnityWebRequest POST https://api.@@dom@@/v1/login body={\"device_id\":\"@@hex40@@\",\"platform\":\"Android\"} -> 200 (@@dig3@@ ms)")
_b("[Backtrace] Report @@uuid@@ queued (attachments: 2, size: @@dig6@@)")
_b("Minidump written to C:\\Users\\@@user@@\\AppData\\Local\\@@gslug@@\\Saved\\Crashes\\UECC-Windows-@@HEX32@@_0000\\UEMinidump.dmp")
_b("build @@build@@ (@@hex7@@) finished in 14m 03s -- artifacts: s3://@@co@@-builds/ios/@@build@@/")
_b("Job #@@dig7@@ succeeded on runner @@hex8@@ (#@@dig5@@)")
_b("[@@tsl@@] Uploading dSYM @@UUID@@ for @@bundle@@ @@ver@@ (@@build@@) ... done")

# note-or-chat-style
_b("The upload keystore password is in 1Password under \"Android upload key\" -- don't paste it in Slack.")
_b("Rotated the APNs key today; the new .p8 is only in the vault (kv/mobile/apns). Key ID @@keyid@@, team @@teamid@@.")
_b("Reminder: never commit AuthKey_*.p8 or *.jks. The pre-commit hook blocks them now.")
_b("@@name@@: the MQTT broker password changed, grab it from vault (secret/iot/broker) instead of the old wiki page")
_b("Steam builder creds: ask @@name@@, they're in the shared vault item \"Steam build account\".")
_b("FYI the app-specific password for altool is stored in the login keychain as AC_PASSWORD; use -p @keychain:AC_PASSWORD")
_b("Note: the Firebase web API key in google-services.json is not a secret, it only identifies the project. Restrict it by package name + SHA-1 instead.")
_b("Decision: the OTA signing key stays on the HSM; CI only gets a signing endpoint, never the key itself.")
_b("TODO: replace the hardcoded PlayFab secret with a call to our backend (ticket @@uan4@@-@@dig3@@).")
_b("Goal: get notarization working with an App Store Connect API key instead of an Apple ID password.")
_b("@@name@@: can someone rotate the Sentry auth token? the old one was in a screenshot. (value not pasted here on purpose)")
_b("Checklist before release @@ver@@:\n- [x] bump versionCode to @@build@@\n- [x] verify signing cert SHA-256 matches Play Console\n- [ ] update release notes\n- [ ] rotate the staging DB password (see vault)")
_b("Meeting notes @@date@@: moving all device secrets to per-device X.509 certs, shared MQTT password goes away in 3.0.")
_b("Team ID is @@teamid@@, bundle id @@bundle@@, ASC app id @@dig10@@ -- none of these are secret.")
_b("The devkit IP is @@ip@@ and the web UI is on port 8443; credentials are in the lab binder, not here.")
_b("Wi-Fi for the lab is @@ssid@@; the password is on the sticker under the router.")
_b("Crash spike is issue @@hex32@@ in Crashlytics, first seen in @@ver@@ (build @@build@@).")
_b("Build @@build@@ is up on TestFlight; external testers get it after review. Commit @@hex40@@.")
_b("The Steam depot manifest for the hotfix is @@dig19@@, BuildID @@dig8@@.")
_b("@@name@@: request id @@uuid@@ if you want to look it up in Datadog")
_b("trace for the timeout: @@traceparent@@")
_b("The provisioning profile UUID changed to @@uuid@@ after match nuked and regenerated it.")
_b("Reminder for the new hires: passwords go in 1Password, tokens go in Doppler, keys go in the HSM. Nothing goes in Slack.")
_b("we use ${MATCH_PASSWORD} from the CI secret store, the value never leaves GitHub")
_b("<your-token> goes here -- ask in #mobile-infra for a scoped one")
_b("Replace YOUR_STEAM_WEB_API_KEY in .env with the key from the partner site (Users & Permissions > Manage Groups).")
_b("Set `MATCH_PASSWORD` to whatever passphrase you used with `fastlane match init`; it's not stored anywhere else.")
_b("password: ******** (masked in the screenshot, ask @@name@@ for it)")
_b("the token is in 1Password, item \"Expo robot ci-builds\"")
_b("I revoked ghp_**** (the one from the old README), nothing else uses it.")
_b("The debug keystore is generated locally by Android Studio; every dev has a different one, which is why the SHA-1 differs.")
_b("Protip: `openssl rand -base64 32` for the Nakama session key, then store it in the secret manager, not in local.yml.")
_b("Howto: the U-Boot env is protected with a SHA-256 of the stop string (CONFIG_AUTOBOOT_STOP_STR_SHA256), so the plaintext never ships.")
_b("@@name@@: the LoRa DevEUI for the new probe is @@eui@@, JoinEUI 70B3D57ED00@@HEX5@@ (both printed on the label, not secret)")
_b("MAC of the bench gateway is @@mac@@, it grabs @@ip@@ via DHCP.")
_b("Matter vendor id 0xFFF1 (test), product id 0x8000, discriminator 3840 -- test values from the SDK docs.")
_b("AdMob app id is @@admobapp@@; ad unit for the rewarded video is @@adunit@@.")
_b("Unity project id: @@uuid@@ (Services > Settings); org id @@dig12@@")
_b("Steam AppID @@appid@@, demo AppID @@appid.2@@, playtest AppID @@appid.3@@")
_b("Xbox title id @@HEX8@@, SCID @@uuid@@")
_b("EOS product id @@hex32@@ / sandbox @@hex32.2@@ / deployment @@hex32.3@@ (the client secret is NOT in this note)")
_b("PlayFab title id @@HEX5@@ -- the secret key is only in the backend's env.")
_b("Photon AppId @@uuid@@ (Realtime); it's embedded in the client anyway.")
_b("Jira @@uan4@@-@@dig4@@: receipt validation fails with status 21007 -> we're sending sandbox receipts to prod.")
_b("@@name@@: dumped the release cert fingerprint for the Google Sign-In config: @@fpsha@@")
_b("SHA-1 for Firebase: @@fpsha@@ (upload key) and @@fpsha.2@@ (app signing key from Play Console)")
_b("Notes from the security review: they flagged strings like \"password\" in our UI layer -- all false positives (labels and hints).")
_b("Looked at the HAR file: the Authorization header values are already stripped to 'REDACTED' by the export tool.")
_b("Der Schlüssel liegt im Tresor unter kv/mobile/android, bitte nicht im Chat teilen.")
_b("Le mot de passe du keystore est dans 1Password (coffre « Mobile »), pas dans le wiki.")
_b("La contraseña está en el gestor de contraseñas del equipo, entrada \"Steam build\".")
_b("A senha do broker MQTT foi movida para o Vault (secret/iot/broker).")
_b("キーストアのパスワードは1Passwordの「Android upload key」に保存しています。チャットには貼らないでください。")
_b("证书密码已经放进 Vault 了（路径 kv/mobile/ios），不要在群里发。")
_b("Пароль от keystore лежит в 1Password, в чат не присылайте.")
_b("La chiave segreta di PlayFab è solo nelle variabili d'ambiente del backend.")
_b("Het wachtwoord staat in de teamkluis onder 'Devkit admin'.")
_b("Hasło do brokera jest w Vault (secret/iot/broker), nie wklejajcie go tutaj.")
_b("키스토어 비밀번호는 1Password에 있습니다. 채팅에 붙여넣지 마세요.")
_b("Build-ID: @@dig8@@, Commit @@hex7@@ -- kein Geheimnis, nur zur Nachverfolgung.")

# ci-and-deploy-style
_b("env:\n  MATCH_PASSWORD: ${{ secrets.MATCH_PASSWORD }}\n  FASTLANE_SESSION: ${{ secrets.FASTLANE_SESSION }}")
_b("      - uses: game-ci/unity-builder@v4\n        env:\n          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n          UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}\n          UNITY_PASSWORD: ${{ secrets.UNITY_PASSWORD }}")
_b("      - uses: r0adkll/sign-android-release@v1\n        with:\n          signingKeyBase64: ${{ secrets.SIGNING_KEY }}\n          alias: ${{ secrets.ALIAS }}\n          keyStorePassword: ${{ secrets.KEY_STORE_PASSWORD }}")
_b("      - run: echo \"${{ secrets.KEYSTORE_B64 }}\" | base64 -d > app/upload.jks")
_b("      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::@@dig12@@:role/gh-actions-gamelift\n          aws-region: @@region@@")
_b("permissions:\n  id-token: write\n  contents: read")
_b("variables:\n  ANDROID_KEY_PASSWORD: $ANDROID_KEY_PASSWORD  # masked + protected project variable")
_b("script:\n  - echo \"$CI_JOB_TOKEN\" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY")
_b("app:\n  envs:\n  - KEYSTORE_PASSWORD: $BITRISEIO_ANDROID_KEYSTORE_PASSWORD\n  - KEY_ALIAS: $BITRISEIO_ANDROID_KEYSTORE_ALIAS")
_b("environment:\n  groups:\n    - app_store_credentials\n    - keystore_credentials\n  vars:\n    BUNDLE_ID: \"@@bundle@@\"")
_b("withCredentials([usernamePassword(credentialsId: 'steam-builder', usernameVariable: 'STEAM_USER', passwordVariable: 'STEAM_PASS')]) {\n    sh 'steamcmd +login $STEAM_USER $STEAM_PASS +run_app_build app.vdf +quit'\n}")
_b("password(\"env.CSC_KEY_PASSWORD\", \"credentialsJSON:@@uuid@@\", display = ParameterDisplay.HIDDEN)")
_b("- task: AzureKeyVault@2\n  inputs:\n    azureSubscription: 'signing-sc'\n    KeyVaultName: '@@co@@-sign'\n    SecretsFilter: 'pfx-password,ev-cert'")
_b("- task: DownloadSecureFile@1\n  name: keystore\n  inputs:\n    secureFile: 'upload.jks'")
_b("ARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci")
_b("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password")
_b("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  secretStoreRef:\n    name: vault-backend\n  data:\n    - secretKey: server_key\n      remoteRef:\n        key: kv/game/nakama\n        property: server_key")
_b("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: lobby-redis\nspec:\n  encryptedData:\n    redis-password: Ag@@b64s300@@")
_b("variable \"steam_publisher_key\" {\n  type      = string\n  sensitive = true\n}")
_b("data \"aws_secretsmanager_secret_version\" \"steam\" {\n  secret_id = \"prod/steam/publisher-key\"\n}")
_b("wifi_psk: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/iot/wifi:psk') }}\"")
_b("[env]\n  RELAY_PORT = \"7777\"\n# RELAY_SHARED_SECRET is set with `fly secrets set`")
_b("gcloud run deploy matchmaker --image europe-docker.pkg.dev/@@co@@-prod/game/matchmaker:@@ver@@ --set-secrets DB_PASS=mm-db-pass:latest")
_b("gcloud secrets versions access latest --secret=steam-webapi-key --project=@@co@@-prod >/dev/null && echo ok")
_b("kubectl create secret generic nakama-keys --from-file=server_key=./server_key.txt --dry-run=client -o yaml | kubeseal > sealed.yaml")
_b("image: ghcr.io/@@co@@/leaderboard@sha256:@@hex64@@")
_b("      - uses: actions/checkout@@@hex40@@ # v4.1.1")
_b("      - uses: actions/cache@v4\n        with:\n          path: Library\n          key: Library-${{ hashFiles('Assets/**', 'Packages/**', 'ProjectSettings/**') }}")
_b("cache:\n  key: gradle-@@hex40@@\n  paths:\n    - .gradle/caches")
_b("Build #@@dig4@@ | @@branch@@ | @@hex7@@ | Android AAB @@ver@@ (@@build@@) | uploaded to internal track")
_b("Deployed lobby @@ver@@ to multiplayer/eu (revision @@n@@, image digest sha256:@@hex64@@)")
_b("upload_flags =\n    --port=3232\n    --auth=${sysenv.ESPOTA_PASSWORD}")
_b("SWUPDATE_SIGNING_KEY_PASS = \"${@d.getVar('SIGNING_PASS_FILE')}\"\nSWUPDATE_PRIVATE_KEY = \"${TOPDIR}/keys/swupdate.key\"")
_b("mender-artifact write rootfs-image -t raspberrypi4 -n fieldgw-@@ver@@ -f rootfs.ext4 -k $MENDER_SIGNING_KEY -o fieldgw-@@ver@@.mender")
_b("balena push @@co@@/field-gateways --source ./gateway   # token from BALENA_TOKEN secret")
_b("codemagic: app_store_connect integration 'codemagic' (key id @@keyid@@) -- key stored in Codemagic team settings")
_b("eas build --platform android --profile production --non-interactive --auto-submit")
_b("npx electron-builder --mac --publish always  # CSC_LINK/CSC_KEY_PASSWORD come from the secrets context")
_b("snapcraft export-login --snaps=@@appslug@@ --acls package_upload --expires @@date@@ -   # writes credentials to stdout; piped straight into gh secret set")
_b("choco push @@appslug@@.@@ver@@.nupkg --source https://push.chocolatey.org/ --api-key $env:CHOCO_API_KEY")
_b("docker buildx build --secret id=npm,src=$HOME/.npmrc -t ghcr.io/@@co@@/api:@@ver@@ .")

# vendor-token-lookalikes (public ids, placeholders, masked)
_b("GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX")
_b("AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE  # the AWS docs example value")
_b("STEAM_API_KEY=<32 hex chars from partner.steamgames.com>")
_b("SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX")
_b("xoxb-your-bot-token")
_b("sk_test_...  (use a test key locally)")
_b("AIza... (restricted browser key, public by design)")
_b("SENTRY_DSN=https://examplePublicKey@o0.ingest.sentry.io/0")
_b("ExponentPushToken[@@tok22@@]")
_b("FCM registration token for the QA Pixel: @@tok22@@:APA91b (truncated, device tokens aren't credentials anyway)")
_b("APNs device token: @@hex64@@")
_b("GAID: @@uuid@@  IDFV: @@UUID@@")
_b("adid=@@hex32@@ (Adjust device id from the test run)")
_b("appsflyer_id=@@epoch@@000-@@dig19@@")
_b("amplitude device_id=@@uuid@@ user_id=player_@@dig7@@")
_b("mixpanel distinct_id: $device:@@UUID@@")
_b("Braze external_id: @@uuid@@")
_b("steamid=@@steamid@@ (public profile id)")
_b("DevEUI=@@eui@@ JoinEUI=0000000000000000")
_b("XUID @@dig16@@, gamertag @@gslug@@Tester@@dig2@@")
_b("Discord application id @@dig18@@, guild id @@dig18.2@@")
_b("Twitch client id @@lan30@@ (public; the secret lives server-side)")
_b("Google OAuth client id @@dig12@@-@@lan32@@.apps.googleusercontent.com")
_b("Firebase app id 1:@@dig12@@:ios:@@hex16@@")
_b("Key ID: @@keyid@@\nIssuer ID: @@uuid@@")
_b("arn:aws:secretsmanager:@@region@@:@@dig12@@:secret:prod/gamelift/db-@@an6@@")
_b("projects/@@co@@-prod/secrets/steam-webapi-key/versions/latest")
_b("https://@@co@@-sign.vault.azure.net/secrets/pfx-password/@@hex32@@")
_b("op://Mobile/Play Console service account/credential")
_b("vault://kv/game/nakama#server_key")
_b("${{ secrets.ASC_KEY_P8 }}")
_b("$(security find-generic-password -s AC_PASSWORD -w)")
_b("%SIGNING_PASSWORD%")
_b("{env:TAURI_SIGNING_PRIVATE_KEY}")
_b("ENC[AES256_GCM,data:@@b6420@@,iv:@@b6432@@,tag:@@b6416@@,type:str]")
_b("AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq@@b64s120@@ (sealed-secrets ciphertext, only the cluster can decrypt)")
_b("sha256:@@hex64@@  fieldgw-@@ver@@.swu")
_b("https://@@co@@-ota.s3.amazonaws.com/fw/@@ver@@/image.swu")
_b("https://updates.@@dom@@/desktop/stable/@@app@@-@@ver@@-universal.dmg")
_b("https://storage.googleapis.com/@@co@@-builds/android/@@build@@/app-release.aab")
_b("s3://@@co@@-crashdumps/dumps/@@date@@/@@uuid@@.dmp")
_b("gs://@@co@@-assets/bundles/@@ver@@/level_04.bundle")
_b("https://submit.backtrace.io/@@co@@/<submission-token>/minidump")
_b("https://discord.com/api/webhooks/<id>/<token>")
_b("@@btext@@")
_b("data:application/json;base64,@@btext@@")
_b("Content-Disposition: attachment; filename=\"@@uuid@@.dmp\"\nContent-MD5: @@b6416@@")
_b("ETag: W/\"@@hex40@@\"")
_b("If-None-Match: \"@@hex32@@\"")
_b("X-Request-ID: @@uuid@@\nX-Correlation-ID: @@hex32@@")
_b("Set-Cookie: _ga=GA1.2.@@dig10@@.@@epoch@@; Path=/; Max-Age=63072000")
_b("objectKey: uploads/@@date@@/@@hex32@@.png")
_b("build-id: @@hex40@@ (GNU build-id of libgame.so)")
_b("Symbol file: @@gslug@@.pdb GUID @@UUID@@ age 1")
_b("Module: @@gslug@@.exe  TimeDateStamp: @@hex8@@  SizeOfImage: @@hex8.2@@")
_b("version: @@semver@@-beta.@@n@@+@@hex7@@")
_b("@@app@@ @@ver@@ (@@build@@) — commit @@hex40@@")
_b("Package: @@bundle@@ versionCode=@@build@@ versionName=@@ver@@ minSdk=24 targetSdk=34")
_b("firmware @@ver@@ crc32=0x@@HEX8@@ size=@@dig6@@")
_b("Partition table: nvs 0x9000 0x6000 | otadata 0xf000 0x2000 | ota_0 0x20000 0x1E0000 | ota_1 0x200000 0x1E0000")


# ---------------------------------------------------------------------------
# builders
# ---------------------------------------------------------------------------

_TARGETS = [
    ("command", 215),
    ("tool-output", 180),
    ("config-file", 180),
    ("source-code", 175),
    ("stack-trace-or-log", 170),
    ("note-or-chat", 230),
    ("ci-and-deploy", 170),
    ("vendor-token", 180),
]

_B64_RE = re.compile(r"^[A-Za-z0-9+/]{16,}=*$")


def _acceptable(sec, seen):
    if len(sec) < 8 or sec in seen:
        return False
    flat = sec.replace("\n", "").replace("\\n", "")
    if _B64_RE.match(flat) and "=" in flat.rstrip("="):
        return False
    return True


def _build_secrets(r):
    out = []
    seen = set()
    for group, target in _TARGETS:
        tpls = _TPL[group]
        if target > 3 * len(tpls):
            raise ValueError("not enough templates for " + group)
        for i in range(target):
            fmt, spec, text, vis = tpls[i % len(tpls)]
            for _attempt in range(100):
                cache = {}
                sec = _from_spec(r, spec, cache)
                if not _acceptable(sec, seen):
                    continue
                cache["@@S@@"] = sec
                rendered = _render(r, text, cache)
                visible = _render(r, vis, cache) if vis else ""
                if sec not in rendered:
                    raise ValueError("secret missing from text: " + fmt)
                if visible and (visible not in rendered or visible in sec or sec in visible):
                    continue
                break
            else:
                raise ValueError("could not render " + fmt)
            seen.add(sec)
            out.append((group, fmt, rendered, sec, visible))
    r.shuffle(out)
    return out


def _build_benign(r, secrets, want=950):
    values = [s[3] for s in secrets]
    out = []
    seen = set()
    i = 0
    while len(out) < want and i < want * 20:
        text = _render(r, _BEN[i % len(_BEN)], {})
        i += 1
        if text in seen or any(v in text for v in values):
            continue
        seen.add(text)
        out.append(text)
    return out


SECRETS = _build_secrets(_R)
BENIGN = _build_benign(_R, SECRETS)
