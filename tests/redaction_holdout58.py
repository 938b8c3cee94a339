"""Blind hold-out corpus #58 for a secret-redaction engine.

What it is
----------
A self-contained test corpus for an engine that scrubs credentials out of the
working state a coding agent (Claude Code, Codex, Gemini CLI) writes down:
goals, running notes, shell commands it ran, tool output, excerpts of files it
opened, decisions, chat messages pasted in by teammates, log lines and CI
configuration.  Every SECRETS entry holds exactly one credential that must not
survive redaction; every BENIGN entry holds none, although it is built to look
"secret-ish" to a naive pattern scanner.

Theme
-----
Streamers, modders and community game-server admins: Twitch and YouTube live
(stream keys, OBS configs, chat bots, EventSub), Discord bots and webhooks,
Minecraft / Valheim / ARK / Rust / CS2 / FiveM / Palworld / Project Zomboid
servers (RCON, server.properties, whitelists, Pterodactyl panels), the Steam
Web API and workshop uploads, mod repositories (Modrinth, CurseForge, Nexus,
Thunderstore), Patreon, Ko-fi and Tebex integrations, self-hosted voice servers
(TeamSpeak, Mumble) and donation-alert widgets (Streamlabs, StreamElements).
The usual infrastructure around them (GitHub, GitLab, npm, PyPI, cloud hosts,
S3-style storage, databases) appears as it would in such a community.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no web search were consulted.  Where a vendor's real credential
shape is known it is imitated (prefixes such as ghp_, glpat-, xoxb-, sk_live_,
AIza, dop_v1_, npm_, live_ for Twitch stream keys, oauth: for Twitch chat
tokens); where it is unknown a plausible shape was invented (for example the
FiveM, Thunderstore, Restream and Kick keys).  All hosts, people, channels,
servers and values are fictitious; every credential is a fresh random draw.

Layout
------
SECRETS: list of 5-tuples (group, format, text, secret, visible).
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             (roughly equal shares).
    format   kebab-case name of the shape; each name is used at most 3 times.
    text     the fragment as the agent recorded it.
    secret   the exact substring of text that must not survive redaction
             (only the key body for PEM keys, only the signature for signed
             URLs, only the password for user:password pairs).
    visible  a substring of text that must stay readable, or "".
BENIGN: list of distinct strings without any credential that resemble secrets
    (hashes, ids, public keys and fingerprints, placeholders, masked values,
    references to secret stores, prose about passwords, versions, paths).

Determinism
-----------
All randomness comes from _R = random.Random(SEED) and is drawn at import
time in a fixed order, so importing the module twice yields identical lists.
Nothing is printed on import.  Standard library only, Python 3.8 syntax.

Measured
--------
Blind, written while the rules for the fiftieth to fifty-fifth were made and read only after
them: recall 0.934 (1,411 of 1,510) and false positives 28 of 950 (2.9%), the same with the
engine at that session's start: those rules changed nothing here. Tuned on since: 0.940 and
27 of 950.
"""

import base64
import json
import random
import re
import string

SEED = 58_2024_0058
_R = random.Random(SEED)

SECRETS = []
BENIGN = []

# ---------------------------------------------------------------------------
# random building blocks
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase + string.digits
_UPD = string.ascii_uppercase + string.digits
_ALNUM = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64 = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_SYMS = "!@#%*?-_.+=^~"
_USYMS = "-_.~!*"


def _pick(seq):
    return _R.choice(seq)


def _rs(n, alpha=_ALNUM):
    return "".join(_R.choice(alpha) for _ in range(n))


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _b64text(s):
    return base64.b64encode(s.encode()).decode()


def _b64url_text(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def _uuid():
    h = _rs(32, _HEX)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


_WORDS = [
    "creeper", "nether", "diamond", "valkyrie", "odin", "yggdrasil", "raptor",
    "dodo", "wyvern", "scrap", "tundra", "inferno", "mirage", "vertigo",
    "phoenix", "kraken", "ember", "frost", "pixel", "potato", "cobalt",
    "zephyr", "aurora", "lantern", "obsidian", "redstone", "beacon", "troll",
    "draugr", "longship", "furnace", "bunker", "outpost", "anubis", "ancient",
    "overpass", "lurker", "raid", "hype", "emote", "moss", "basalt", "quartz",
    "amethyst", "copper", "blaze", "wither", "axolotl", "salmon", "walrus",
    "badger", "otter", "meadow", "glacier", "canyon", "harbor", "thunder",
    "falcon", "maple", "pepper", "mango", "nimbus", "orbit", "rocket",
    "saturn", "comet", "tiger", "panda", "koala", "lemur", "cactus", "tulip",
    "birch", "cedar", "willow", "marble", "granite", "velvet", "jigsaw",
    "cipher", "puzzle", "banjo", "violin", "trumpet", "kettle", "teapot",
    "noodle", "waffle", "pancake", "biscuit", "pretzel", "muffin", "lagoon",
    "sprocket", "gravel", "hopper", "piston", "elytra", "trident", "mjolnir",
    "fenrir", "bifrost", "serpent", "stegosaur", "parasaur", "argentavis",
    "quetzal", "gigant", "sulfur", "tarpit", "harpoon", "bandage", "rock",
]

_FIRST = [
    "Mira", "Jonas", "Priya", "Kenji", "Lucia", "Olu", "Sven", "Anya",
    "Mateus", "Chloe", "Dmitri", "Yuna", "Tariq", "Ingrid", "Bao", "Niamh",
    "Rafael", "Aiko", "Kofi", "Elif", "Hamid", "Zofia", "Lars", "Camila",
    "Arjun", "Freya", "Jaewon", "Emeka", "Tomasz", "Ines", "Ravi", "Sakura",
    "Mehmet", "Oksana", "Felix", "Nadia", "Diego", "Hana", "Wiktor",
    "Leilani", "Thandi", "Bjorn", "Paulo", "Mei", "Sergio", "Anouk", "Kaito",
    "Amara", "Ruben", "Signe", "Viktor", "Noor", "Joao", "Elin", "Marek",
]

_SYL_C = "bdfgklmnprstvz"
_SYL_V = "aeiou"


def _pron(k):
    return "".join(_pick(_SYL_C) + _pick(_SYL_V) for _ in range(k))


_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _leet(w):
    return "".join(_LEET[ch] if ch in _LEET and _R.random() < 0.6 else ch for ch in w)


def _pw_any(syms):
    k = _R.randrange(12)
    w1, w2 = _pick(_WORDS), _pick(_WORDS)
    if k == 0:
        return w1.capitalize() + str(_R.randint(1990, 2026)) + _pick(syms)
    if k == 1:
        return _leet(w1.capitalize() + w2.capitalize()) + _pick(syms)
    if k == 2:
        return "-".join(_pick(_WORDS) for _ in range(_R.randint(3, 4))) + str(_R.randint(0, 99))
    if k == 3:
        return _pron(_R.randint(3, 5)) + str(_R.randint(10, 999))
    if k == 4:
        return _rs(_R.randint(14, 22), _ALNUM + syms)
    if k == 5:
        return w1.capitalize() + w2.capitalize() + str(_R.randint(10, 99)) + _pick(syms)
    if k == 6:
        return _rs(_R.randint(10, 14), _ALNUM)
    if k == 7:
        return ".".join([w1, w2, str(_R.randint(10, 9999))])
    if k == 8:
        return "".join(_pick(_ALNUM) if i % 3 else _pick(syms) for i in range(_R.randint(11, 16)))
    if k == 9:
        return _pick(_FIRST).lower() + str(_R.randint(1975, 2010)) + _pick(syms)
    if k == 10:
        return _pron(2).capitalize() + _pick(syms) + _pron(2) + str(_R.randint(100, 9999))
    return w1 + _pick(syms) + w2 + str(_R.randint(1, 99))


def _pw():
    return _pw_any(_SYMS)


def _pwu():
    return _pw_any(_USYMS)


def _pwx():
    # xml / ini / quoting friendly
    return _pw_any("!-_.+=~")


def _phrase():
    return " ".join(_pick(_WORDS) for _ in range(_R.randint(4, 5)))


def _jwt(rs256=False, payload=None):
    hdr = {"alg": "RS256" if rs256 else "HS256", "typ": "JWT"}
    now = _R.randint(1704067200, 1767225600)
    if payload is None:
        shapes = [
            {"sub": str(_R.randint(10 ** 7, 10 ** 9)), "iat": now, "exp": now + 86400 * _R.randint(1, 400)},
            {"authToken": _rs(22, _B64U), "channel": _rs(24, _HEX), "role": "owner",
             "iss": "StreamElements", "jti": _uuid(), "iat": now},
            {"token": _rs(20, _HEXU), "read_only": True, "prevent_master": True,
             "twitch_id": str(_R.randint(10 ** 7, 10 ** 9))},
            {"iss": "supabase", "ref": _rs(20, string.ascii_lowercase), "role": "service_role",
             "iat": now, "exp": now + 315360000},
            {"xuid": str(_R.randint(10 ** 15, 10 ** 16)), "agg": "Adult", "sub": _uuid(),
             "auth": "XBOX", "ns": "default", "roles": [], "iss": "authentication", "iat": now},
        ]
        payload = _pick(shapes)
    seg1 = _b64url_text(json.dumps(hdr, separators=(",", ":")))
    seg2 = _b64url_text(json.dumps(payload, separators=(",", ":")))
    return seg1 + "." + seg2 + "." + _b64u(256 if rs256 else 32)


def _pem_body(nbytes, prefix=b"", width=64, sep="\n"):
    b = base64.b64encode(prefix + _rbytes(nbytes)).decode()
    return sep.join(b[i:i + width] for i in range(0, len(b), width))


_OPENSSH_PREFIX = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
                   b"\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00\x0bssh-ed25519")
_RSA_PREFIX = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"
_EC_PREFIX = b"\x30\x77\x02\x01\x01\x04\x20"
_P8_ED_PREFIX = b"\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20"
_P8_RSA_PREFIX = b"\x30\x82\x04\xbd\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"


def _pem_openssh():
    return _pem_body(300, _OPENSSH_PREFIX, 70)


def _pem_rsa():
    return _pem_body(600, _RSA_PREFIX, 64)


def _pem_ec():
    return _pem_body(114, _EC_PREFIX, 64)


def _pem_p8_ed():
    return _pem_body(32, _P8_ED_PREFIX, 64)


def _pem_p8_rsa_json():
    return _pem_body(420, _P8_RSA_PREFIX, 64, "\\n")


def _discord_bot_token():
    uid = str(_R.randint(7 * 10 ** 17, 14 * 10 ** 17))
    return _b64url_text(uid) + "." + _rs(6, _B64U) + "." + _rs(_R.choice([27, 38]), _B64U)


def _cf_tunnel_token():
    d = {"a": _rs(32, _HEX), "t": _uuid(), "s": _b64(32)}
    return base64.b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")


def _azure_sig():
    return _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _cloudfront_sig():
    return _b64(128).replace("+", "-").replace("=", "_").replace("/", "~")


def _twitter_bearer():
    return "A" * 22 + _rs(10, _ALNUM) + "A" * 7 + _rs(22, _ALNUM) + "%2B" + _rs(14, _ALNUM) + "%3D" + _rs(50, _ALNUM)


def _nexus_key():
    return _b64(45) + "--" + _b64(12) + "--" + _b64(16)


def _ts_privkey():
    return _rs(40, _ALNUM + "+")


_SEC = {
    "pw": _pw,
    "pwu": _pwu,
    "pwx": _pwx,
    "phrase": _phrase,
    "pin": lambda: _rs(_R.randint(6, 8), string.digits),
    "twoauth": lambda: _rs(30, _LOW),
    "twsec": lambda: _rs(30, _LOW),
    "twrefresh": lambda: _rs(50, _LOW),
    "twsk": lambda: "live_%d_%s" % (_R.randint(10 ** 8, 10 ** 9 - 1), _rs(30, _ALNUM)),
    "ytkey": lambda: "-".join(_rs(4, _LOW) for _ in range(5)),
    "gkey": lambda: "AIzaSy" + _rs(33, _B64U),
    "gcsec": lambda: "GOCSPX-" + _rs(28, _B64U),
    "dtok": _discord_bot_token,
    "dhook": lambda: _rs(68, _B64U),
    "dsec": lambda: _rs(32, _B64U),
    "steam": lambda: _rs(32, _HEXU),
    "ptlc": lambda: "ptlc_" + _rs(43, _ALNUM),
    "ptla": lambda: "ptla_" + _rs(43, _ALNUM),
    "wings": lambda: _rs(64, _ALNUM),
    "mrp": lambda: "mrp_" + _rs(36, _ALNUM),
    "cfcore": lambda: "$2a$10$" + _rs(53, _ALNUM + "./"),
    "uuid": _uuid,
    "nexus": _nexus_key,
    "tss": lambda: "tss_" + _rs(40, _ALNUM),
    "patreon": lambda: _rs(43, _B64U),
    "patwh": lambda: _rs(64, _B64U),
    "jwt": _jwt,
    "jwtrs": lambda: _jwt(True),
    "tebex": lambda: _rs(40, _HEX),
    "cfxk": lambda: "cfxk_" + _rs(20, _ALNUM) + "_" + _rs(6, _ALNUM),
    "tspriv": _ts_privkey,
    "tsapi": lambda: "BA" + _rs(37, _B64U),
    "tsq": lambda: _rs(8, _ALNUM),
    "obsws": lambda: _rs(16, _ALNUM),
    "kick": lambda: "sk_us-west-2_" + _rs(12, _ALNUM),
    "fblive": lambda: "FB-%d-0-Ab%s" % (_R.randint(10 ** 14, 10 ** 15 - 1), _rs(30, _B64U)),
    "restream": lambda: "re_%d_%s" % (_R.randint(10 ** 6, 10 ** 7 - 1), _rs(20, _HEX)),
    "ghp": lambda: "ghp_" + _rs(36, _ALNUM),
    "gho": lambda: "gho_" + _rs(36, _ALNUM),
    "ghs": lambda: "ghs_" + _rs(36, _ALNUM),
    "ghpat": lambda: "github_pat_" + _rs(22, _ALNUM) + "_" + _rs(59, _ALNUM),
    "glpat": lambda: "glpat-" + _rs(20, _B64U),
    "gldt": lambda: "gldt-" + _rs(20, _B64U),
    "npm": lambda: "npm_" + _rs(36, _ALNUM),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + _rs(_R.randint(120, 160), _B64U),
    "dckr": lambda: "dckr_pat_" + _rs(27, _B64U),
    "awssk": lambda: _rs(40, _ALNUM + "+/"),
    "cftok": lambda: _rs(40, _B64U),
    "cfglobal": lambda: _rs(37, _HEX),
    "r2": lambda: _rs(64, _HEX),
    "dop": lambda: "dop_v1_" + _rs(64, _HEX),
    "hcloud": lambda: _rs(64, _ALNUM),
    "xoxb": lambda: "xoxb-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 11), _R.randint(10 ** 12, 10 ** 13), _rs(24, _ALNUM)),
    "xoxp": lambda: "xoxp-%d-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 11), _R.randint(10 ** 10, 10 ** 11), _R.randint(10 ** 12, 10 ** 13), _rs(32, _HEX)),
    "slackhook": lambda: _rs(24, _ALNUM),
    "tg": lambda: "%d:AA%s" % (_R.randint(10 ** 9, 8 * 10 ** 9), _rs(33, _B64U)),
    "sklive": lambda: "sk_live_51" + _rs(_R.randint(60, 96), _ALNUM),
    "rklive": lambda: "rk_live_51" + _rs(_R.randint(60, 96), _ALNUM),
    "whsec": lambda: "whsec_" + _rs(32, _ALNUM),
    "paypal": lambda: "E" + _pick("LKJHM") + _rs(78, _B64U),
    "openai": lambda: "sk-proj-" + _rs(_R.randint(74, 130), _B64U),
    "anthropic": lambda: "sk-ant-api03-" + _rs(93, _B64U) + "AA",
    "sendgrid": lambda: "SG." + _rs(22, _B64U) + "." + _rs(43, _B64U),
    "mailgun": lambda: "key-" + _rs(32, _HEX),
    "twilio": lambda: _rs(32, _HEX),
    "sntrys": lambda: "sntrys_" + _b64url_text(json.dumps({"iat": _R.randint(1704067200, 1767225600), "url": "https://sentry.io", "region_url": "https://us.sentry.io", "org": _pick(_WORDS) + "-" + _pick(_WORDS)})) + "_" + _rs(43, _B64U),
    "ngrok": lambda: "2" + _rs(26, _ALNUM) + "_" + _rs(21, _ALNUM),
    "tskey": lambda: "tskey-auth-k" + _rs(11, _ALNUM) + "CNTRL-" + _rs(33, _ALNUM),
    "hvs": lambda: "hvs." + _rs(24, _ALNUM),
    "spotify": lambda: _rs(32, _HEX),
    "twbearer": _twitter_bearer,
    "reddit": lambda: _rs(30, _B64U),
    "rgapi": lambda: "RGAPI-" + _uuid(),
    "bnet": lambda: _rs(32, _ALNUM),
    "itch": lambda: _rs(40, _ALNUM),
    "recaptcha": lambda: "6L" + _pick("cde") + _rs(37, _B64U),
    "azkey": lambda: _b64(64),
    "b2key": lambda: "K00" + _pick("345") + _rs(27, _ALNUM + "/+"),
    "glsa": lambda: "glsa_" + _rs(32, _ALNUM) + "_" + _rs(8, _HEX),
    "ntn": lambda: "ntn_" + _rs(46, _ALNUM),
    "fcm": lambda: "AAAA" + _rs(7, _B64U) + ":APA91b" + _rs(134, _B64U),
    "doppler": lambda: "dp.st.prd." + _rs(40, _ALNUM),
    "cio": lambda: "cio" + _rs(32, _ALNUM),
    "wgkey": lambda: _b64(32),
    "h32": lambda: _rs(32, _HEX),
    "h40": lambda: _rs(40, _HEX),
    "h64": lambda: _rs(64, _HEX),
    "b64k": lambda: _b64(32),
    "a16": lambda: _rs(16, _ALNUM),
    "a20": lambda: _rs(20, _ALNUM),
    "a24": lambda: _rs(24, _ALNUM),
    "a32": lambda: _rs(32, _ALNUM),
    "a40": lambda: _rs(40, _ALNUM),
    "l32": lambda: _rs(32, _LOW),
    "cftunnel": _cf_tunnel_token,
    "ossh": _pem_openssh,
    "rsa": _pem_rsa,
    "ec": _pem_ec,
    "p8ed": _pem_p8_ed,
    "p8json": _pem_p8_rsa_json,
    "s3sig": lambda: _rs(64, _HEX),
    "gsig": lambda: _rs(512, _HEX),
    "azsig": _azure_sig,
    "cfsig": _cloudfront_sig,
    "hm": lambda: _rs(64, _HEX),
    "twcookie": lambda: _rs(30, _LOW),
    "sess": lambda: _rs(_R.randint(32, 48), _B64U),
    "laravel": lambda: "eyJpdiI6I" + _rs(_R.randint(120, 200), _B64U) + "%3D%3D",
    "herokuk": lambda: "HRKU-" + _uuid(),
    "vercel": lambda: _rs(24, _ALNUM),
    "netlify": lambda: "nfp_" + _rs(36, _ALNUM),
    "railway": lambda: _uuid(),
    "linode": lambda: _rs(64, _HEX),
    "vultr": lambda: _rs(36, _UPD),
    "bwsess": lambda: _b64(64),
}


# ---------------------------------------------------------------------------
# context values (all fictitious)
# ---------------------------------------------------------------------------
_HOST_PRE = ["mc", "play", "panel", "node1", "node2", "eu1", "us-east", "rcon", "ts", "voice",
             "mumble", "bot", "api", "hooks", "overlay", "alerts", "mods", "cdn", "files",
             "backup", "db", "vps", "game", "ark", "rust", "fivem", "cs", "valheim", "wings"]
_HOST_SUF = ["smp", "craft", "mc", "gaming", "network", "realm", "hub", "vikings", "rp",
             "-servers", "land", "cloud", "host", "crew", "guild", "-community", "nation"]
_TLDS = ["gg", "net", "io", "xyz", "games", "lan", "example", "fun", "org", "eu", "de", "co.uk", "dev"]


def _brand():
    return _pick(_WORDS) + _pick(_HOST_SUF)


def _host():
    return "%s.%s.%s" % (_pick(_HOST_PRE), _brand(), _pick(_TLDS))


def _dom():
    return "%s.%s" % (_brand(), _pick(_TLDS))


def _ip():
    k = _R.randrange(5)
    if k == 0:
        return "203.0.113.%d" % _R.randint(2, 254)
    if k == 1:
        return "198.51.100.%d" % _R.randint(2, 254)
    if k == 2:
        return "192.0.2.%d" % _R.randint(2, 254)
    if k == 3:
        return "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 254))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))


def _lip():
    return "192.168.%d.%d" % (_R.randint(0, 5), _R.randint(2, 254))


_USERS = ["mcadmin", "steam", "ptero", "gameserver", "valheim", "arkadmin", "rustsrv",
          "fivem", "ts3", "mumble", "streamer", "deploy", "botrunner", "admin", "modhub",
          "ubuntu", "pi", "ops", "pzserver", "palworld", "cs2srv", "container"]


def _user():
    u = _pick(_USERS)
    return u if _R.random() < 0.6 else u + str(_R.randint(1, 99))


def _player():
    k = _R.randrange(5)
    w1, w2 = _pick(_WORDS), _pick(_WORDS)
    if k == 0:
        return w1.capitalize() + w2.capitalize() + str(_R.randint(1, 999))
    if k == 1:
        return "xX_" + w1.capitalize() + "_Xx"
    if k == 2:
        return w1 + "_" + w2
    if k == 3:
        return "Its" + w1.capitalize() + str(_R.randint(1, 99))
    return _pick(_FIRST) + "_" + w1.capitalize()


def _chan():
    return _pick(_WORDS) + _pick(["tv", "live", "plays", "gg", "_ttv", "", "_", "games", _pick(_WORDS)])


def _snow():
    return str(_R.randint(7 * 10 ** 17, 14 * 10 ** 17))


def _date():
    return "%d-%02d-%02d" % (_R.choice([2024, 2025]), _R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _R.randint(0, 999))


_MODS = ["create", "sodium", "iris", "jei", "valheim-plus", "epic-loot", "structural-integrity",
         "better-archery", "s-plus", "ark-awesome-spyglass", "dino-storage", "oxide-kits",
         "betterchat", "qb-inventory", "ox_lib", "emote-menu", "worldedit", "luckperms-bridge",
         "dynmap-addon", "farmers-delight", "mekanism", "waystones", "jade", "appleskin"]
_DBS = ["luckperms", "coreprotect", "litebans", "essentialsx", "qbcore", "esx_legacy",
        "sourcebans", "pterodactyl", "modhub", "alerts", "economy", "ts3", "botdata", "authme"]
_WORLDS = ["Midgard", "Frostheim", "Emberpeak", "TheIsland", "Ragnarok", "Aberration", "Procedural",
           "Survival S7", "Creative", "Skyblock", "Oneblock", "LosSantosRP", "Vinland", "Ironhold"]
_REGIONS = ["us-east-1", "eu-central-1", "eu-west-2", "us-west-2", "ap-southeast-1", "auto", "weur", "enam"]


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 40))


def _repo():
    return "%s/%s" % (_pick(_WORDS) + _pick(["", "-dev", "mods", "-studio", "labs"]),
                      _pick(_MODS + ["discord-bot", "stream-overlay", "alertbox", "server-configs",
                                     "modpack", "tebex-bridge", "eventsub-relay", "rcon-web"]))


_CTXGEN = {
    "host": _host, "host2": _host, "dom": _dom, "ip": _ip, "lip": _lip, "user": _user,
    "player": _player, "name": lambda: _pick(_FIRST), "chan": _chan, "snow": _snow,
    "guild": _snow, "date": _date, "time": _time, "ts": _ts, "uuid": _uuid,
    "sha": lambda: _rs(40, _HEX), "sha7": lambda: _rs(7, _HEX), "h8": lambda: _rs(8, _HEX),
    "h12": lambda: _rs(12, _HEX), "h16": lambda: _rs(16, _HEX), "h32": lambda: _rs(32, _HEX),
    "h64": lambda: _rs(64, _HEX), "n2": lambda: str(_R.randint(10, 99)),
    "n3": lambda: str(_R.randint(100, 999)), "n4": lambda: str(_R.randint(1000, 9999)),
    "n5": lambda: str(_R.randint(10000, 99999)), "n6": lambda: str(_R.randint(100000, 999999)),
    "n7": lambda: str(_R.randint(10 ** 6, 10 ** 7 - 1)), "n9": lambda: str(_R.randint(10 ** 8, 10 ** 9 - 1)),
    "port": lambda: str(_R.randint(20000, 40000)), "sid": lambda: "7656119%010d" % _R.randint(0, 10 ** 10 - 1),
    "world": lambda: _pick(_WORLDS), "mod": lambda: _pick(_MODS), "db": lambda: _pick(_DBS),
    "email": lambda: "%s@%s" % (_pick(_FIRST).lower(), _dom()), "repo": _repo,
    "ver": _ver, "app": lambda: _pick(_WORDS) + "-" + _pick(["bot", "relay", "alerts", "overlay", "api"]),
    "region": lambda: _pick(_REGIONS), "bucket": lambda: _pick(_WORDS) + "-" + _pick(["vods", "modpacks", "backups", "clips", "worlds"]),
    "twcid": lambda: _rs(30, _LOW), "akia": lambda: "AKIA" + _rs(16, _UPD),
    "b2id": lambda: "00" + _pick("345") + _rs(22, _HEX), "bot": lambda: _pick(_WORDS).capitalize() + "Bot", "botl": lambda: _pick(_WORDS) + "-bot",
    "pid": lambda: str(_R.randint(1200, 99999)), "kid": lambda: _rs(16, _ALNUM),
    "word": lambda: _pick(_WORDS), "s8": lambda: _rs(8, _LOW), "s5": lambda: _rs(5, _LOW),
    "mb": lambda: str(_R.randint(2, 64) * 512), "ms": lambda: str(_R.randint(3, 900)),
    "epoch": lambda: str(_R.randint(1704067200, 1767225600)), "hexe": lambda: "%x" % _R.randint(0x65000000, 0x69ffffff),
}


_CTXGEN.update({
    "b64pub": lambda: _b64(32), "tsuid": lambda: _b64(20), "mrid": lambda: _rs(8, _ALNUM),
    "yt": lambda: _rs(11, _B64U), "slug": lambda: _rs(16, _B64U), "seed": lambda: str(_R.randint(-2 ** 63, 2 ** 63 - 1)),
    "a32": lambda: _rs(32, _ALNUM), "a16": lambda: _rs(16, _ALNUM), "n12": lambda: str(_R.randint(10 ** 11, 10 ** 12 - 1)),
    "ver2": _ver, "run": lambda: str(_R.randint(10 ** 9, 10 ** 10)), "job": lambda: str(_R.randint(10 ** 9, 10 ** 10)),
    "appid": lambda: _pick(["892970", "896660", "376030", "258550", "730", "2394010", "380870", "105600"]),
})


class _Ctx(dict):
    def __missing__(self, k):
        if k in _CTXGEN:
            g = _CTXGEN[k]
        else:
            g = _CTXGEN[re.sub(r"_[a-z0-9]+$", "", k)]
        v = g()
        self[k] = v
        return v


_PH = re.compile(r"\{\{([a-z][a-z0-9_]*)\}\}")


def _fill(t, c):
    return _PH.sub(lambda m: str(c[m.group(1)]), t)


_SEEN = set()


def _add(group, fmt, tpl, sec, vis, n):
    for _ in range(n):
        c = _Ctx()
        for _t in range(200):
            s = sec(c) if callable(sec) else _SEC[sec]()
            if s not in _SEEN and len(s) >= 6:
                break
        else:
            raise RuntimeError("cannot draw fresh secret for " + fmt)
        _SEEN.add(s)
        c["s"] = s
        t = tpl(c) if callable(tpl) else tpl
        if isinstance(t, (list, tuple)):
            t = _pick(t)
        text = _fill(t, c)
        v = _fill(vis, c) if vis else ""
        SECRETS.append((group, fmt, text, s, v))


def _group(g, thin=None):
    """Return an adder for group g.  With thin=(k, r) every format whose
    running index i satisfies i % k in r gets 2 instances instead of 3, which
    keeps the groups near equal size while keeping every format."""
    state = {"i": 0}

    def add(fmt, tpl, sec, vis="", n=None):
        i = state["i"]
        state["i"] = i + 1
        if n is None:
            n = 2 if (thin and i % thin[0] in thin[1]) else 3
        _add(g, fmt, tpl, sec, vis, n)
    return add


def _basic(c, key="user", gen=_pwu):
    return _b64text("%s:%s" % (c[key], gen()))


# ===========================================================================
# group: command  (shell commands the agent ran or was asked to run)
# ===========================================================================
C = _group("command", (4, (3,)))

C("mcrcon-password-flag",
  ["mcrcon -H {{ip}} -P 25575 -p {{s}} \"whitelist add {{player}}\"",
   "$ mcrcon -H {{ip}} -P 25575 -p '{{s}}' -t\nLogged in. Type 'Q' to quit!\n> list\nThere are 3 of a max of 20 players online: {{player}}"],
  "pw", "-P 25575")
C("rcon-cli-env-inline",
  "RCON_PASSWORD='{{s}}' rcon-cli --host {{host}} --port 25575 save-all flush",
  "pw", "rcon-cli --host {{host}}")
C("valheim-server-launch-args",
  "./valheim_server.x86_64 -nographics -batchmode -name \"{{world}} Vikings\" -port 2456 -world \"{{world}}\" -password \"{{s}}\" -public 0 -savedir /srv/valheim/saves",
  "pwx", "-savedir /srv/valheim/saves")
C("ark-shootergame-url-admin-password",
  "ShooterGameServer {{world}}?listen?SessionName=\"{{name}}'s PvE Cluster\"?ServerPassword=?ServerAdminPassword={{s}}?MaxPlayers=40?RCONEnabled=True?RCONPort=27020 -server -log -NoBattlEye",
  lambda c: _pwu().replace("?", "").replace("*", "x") + "1", "RCONPort=27020")
C("rust-dedicated-rcon-plus-args",
  "./RustDedicated -batchmode +server.port 28015 +server.level \"Procedural Map\" +server.seed {{n5}} +server.hostname \"{{name}}'s Vanilla | 2x\" +rcon.port 28016 +rcon.password \"{{s}}\" +rcon.web 1",
  "pwx", "+server.port 28015")
C("cs2-dedicated-rcon-password",
  "./game/bin/linuxsteamrt64/cs2 -dedicated -usercon +game_type 0 +game_mode 1 +map de_mirage +sv_setsteamaccount \"$CS2_GSLT\" +rcon_password {{s}}",
  "pwu", "+map de_mirage")
C("cs2-gslt-positional",
  "cd ~/cs2-ds && ./game/bin/linuxsteamrt64/cs2 -dedicated +map de_inferno +sv_setsteamaccount {{s}} -maxplayers 10",
  "steam", "cd ~/cs2-ds")
C("fivem-run-sh-license-key",
  "bash ~/FXServer/server/run.sh +exec server.cfg +set sv_licenseKey {{s}} +set onesync on +set sv_maxclients 48",
  "cfxk", "+exec server.cfg")
C("docker-run-itzg-minecraft-rcon",
  "docker run -d --name mc-{{word}} -p 25565:25565 -e EULA=TRUE -e TYPE=PAPER -e VERSION=1.20.4 -e MEMORY=6G -e RCON_PASSWORD={{s}} -v /srv/mc/{{word}}:/data itzg/minecraft-server:java17",
  "pw", "itzg/minecraft-server:java17")
C("docker-run-valheim-server-pass",
  "docker run -d --name valheim --cap-add=sys_nice -p 2456-2457:2456-2457/udp -e SERVER_NAME=\"{{world}}\" -e WORLD_NAME={{world}} -e SERVER_PASS='{{s}}' -e SERVER_PUBLIC=false -v $PWD/config:/config ghcr.io/lloesche/valheim-server",
  "pwx", "ghcr.io/lloesche/valheim-server")
C("curl-twitch-client-credentials",
  "curl -s -X POST 'https://id.twitch.tv/oauth2/token' -d 'client_id={{twcid}}&client_secret={{s}}&grant_type=client_credentials' | jq .",
  "twsec", "https://id.twitch.tv/oauth2/token")
C("curl-twitch-helix-bearer",
  "curl -s -H 'Authorization: Bearer {{s}}' -H 'Client-Id: {{twcid}}' 'https://api.twitch.tv/helix/streams?user_login={{chan}}'",
  "twoauth", "https://api.twitch.tv/helix/streams?user_login={{chan}}")
C("curl-discord-webhook-post",
  "curl -H \"Content-Type: application/json\" -d '{\"content\":\":warning: {{world}} restarting in 5 minutes\"}' https://discord.com/api/webhooks/{{snow}}/{{s}}",
  "dhook", "https://discord.com/api/webhooks/{{snow}}/")
C("curl-discord-bot-authorization",
  "curl -s -H \"Authorization: Bot {{s}}\" https://discord.com/api/v10/users/@me | jq '.username'",
  "dtok", "https://discord.com/api/v10/users/@me")
C("curl-steam-webapi-key-query",
  "curl \"https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key={{s}}&steamids={{sid}}\"",
  "steam", "steamids={{sid}}")
C("steamcmd-login-positional-password",
  "steamcmd +force_install_dir /home/{{user}}/workshop +login {{user}}_uploads {{s}} +workshop_build_item /home/{{user}}/workshop/item.vdf +quit",
  "pwx", "+workshop_build_item")
C("pterodactyl-client-api-send-command",
  "curl \"https://{{host}}/api/client/servers/{{h8}}/command\" -H \"Authorization: Bearer {{s}}\" -H \"Accept: application/json\" -H \"Content-Type: application/json\" -X POST -d '{\"command\":\"say Backup starting\"}'",
  "ptlc", "/api/client/servers/{{h8}}/command")
C("httpie-pterodactyl-application-users",
  "http GET https://{{host}}/api/application/users 'Authorization:Bearer {{s}}' Accept:application/json",
  "ptla", "/api/application/users")
C("mysql-cli-inline-password",
  "mysql -h {{ip}} -u luckperms -p'{{s}}' luckperms -e \"SELECT uuid, username, primary_group FROM luckperms_players LIMIT 5;\"",
  "pwx", "luckperms_players")
C("crontab-mysqldump-password",
  "0 4 * * * mysqldump --user=coreprotect --password={{s}} coreprotect | gzip > /backups/coreprotect-$(date +\\%F).sql.gz",
  "pwu", "/backups/coreprotect-")
C("pgpassword-psql-env",
  "PGPASSWORD={{s}} psql -h {{host}} -U {{user}} -d {{db}} -c '\\dt'",
  "pwu", "-d {{db}}")
C("redis-cli-dash-a",
  "redis-cli -h {{ip}} -p 6379 -a '{{s}}' --no-auth-warning KEYS 'alerts:queue:*'",
  "pwx", "KEYS 'alerts:queue:*'")
C("mongosh-srv-uri-password",
  "mongosh \"mongodb+srv://economybot:{{s}}@cluster0.{{s5}}.mongodb.net/discordbot?retryWrites=true&w=majority\"",
  "pwu", "economybot")
C("sshpass-restart-valheim",
  "sshpass -p '{{s}}' ssh -p 2222 {{user}}@{{ip}} 'sudo systemctl restart valheim && journalctl -u valheim -n 20'",
  "pwx", "{{user}}@{{ip}}")
C("lftp-sftp-upload-plugins",
  "lftp -u {{user}}.{{h8}},{{s}} sftp://{{host}}:2022 -e \"mirror -R ./plugins /plugins; bye\"",
  lambda c: _pwu().replace(",", "") + "x", "sftp://{{host}}:2022")
C("obs-cmd-websocket-url-password",
  "obs-cmd --websocket obsws://localhost:4455/{{s}} scene switch \"BRB Screen\"",
  "obsws", "scene switch \"BRB Screen\"")
C("gh-secret-set-from-echo",
  "echo -n '{{s}}' | gh secret set TWITCH_CLIENT_SECRET --repo {{repo}}",
  "twsec", "gh secret set TWITCH_CLIENT_SECRET")
C("shell-history-export-discord-token",
  "  512  cd ~/bots/{{bot}}\n  513  export DISCORD_TOKEN={{s}}\n  514  node index.js\n  515  pm2 start index.js --name {{bot}}",
  "dtok", "pm2 start index.js")
C("npm-start-inline-twitch-oauth",
  "TWITCH_USERNAME={{chan}}bot TWITCH_OAUTH=oauth:{{s}} npm run start:chatbot",
  "twoauth", "npm run start:chatbot")
C("htpasswd-batch-dynmap",
  "sudo htpasswd -b -c /etc/nginx/.htpasswd-dynmap {{user}} '{{s}}' && sudo nginx -s reload",
  "pwx", "/etc/nginx/.htpasswd-dynmap")
C("murmurd-supw",
  "sudo -u mumble-server murmurd -ini /etc/mumble-server.ini -supw '{{s}}'",
  "pwx", "/etc/mumble-server.ini")
C("telnet-ts3-serverquery-login",
  "$ telnet {{ip}} 10011\nTS3\nWelcome to the TeamSpeak 3 ServerQuery interface...\nlogin serveradmin {{s}}\nerror id=0 msg=ok\nuse sid=1\nerror id=0 msg=ok",
  "tsq", "telnet {{ip}} 10011")
C("docker-run-teamspeak-serveradmin-password",
  "docker run -d --name ts3 -p 9987:9987/udp -p 10011:10011 -p 30033:30033 -e TS3SERVER_LICENSE=accept -e TS3SERVER_SERVERADMIN_PASSWORD={{s}} teamspeak:3.13",
  "pwu", "TS3SERVER_LICENSE=accept")
C("git-clone-ghp-in-url",
  "git clone https://{{user}}:{{s}}@github.com/{{repo}}.git /opt/{{bot}}",
  "ghp", "github.com/{{repo}}.git")
C("git-remote-set-url-gitlab-oauth2",
  "git remote set-url origin https://oauth2:{{s}}@gitlab.com/{{repo}}.git && git push -u origin main",
  "glpat", "git push -u origin main")
C("pip-install-gitlab-deploy-token-index",
  "pip install --index-url https://gitlab+deploy-token-{{n4}}:{{s}}@gitlab.com/api/v4/projects/{{n7}}/packages/pypi/simple modpack-tools=={{ver}}",
  "gldt", "modpack-tools=={{ver}}")
C("docker-login-ghcr-password-flag",
  "docker login ghcr.io -u {{user}} -p {{s}}",
  "ghp", "docker login ghcr.io")
C("aws-configure-set-secret",
  "aws configure set aws_access_key_id {{akia}} --profile modmirror\naws configure set aws_secret_access_key {{s}} --profile modmirror",
  "awssk", "--profile modmirror")
C("rclone-config-create-b2",
  "rclone config create b2mods b2 account {{b2id}} key {{s}} hard_delete true",
  "b2key", "rclone config create b2mods b2")
C("restic-password-env-backup",
  "RESTIC_PASSWORD='{{s}}' restic -r sftp:backup@{{host}}:/restic/mc backup /srv/mc/world --tag nightly",
  "pwx", "/restic/mc")
C("openssl-enc-pass-literal",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -in {{world}}-world.tar.gz -out {{world}}-world.tar.gz.enc -pass pass:{{s}}",
  lambda c: _pwu(), "-aes-256-cbc -pbkdf2")
C("zip-dash-p-modpack",
  "zip -P {{s}} -r modpack-beta-{{ver}}.zip mods/ config/ kubejs/",
  "pwu", "modpack-beta-{{ver}}.zip")
C("7z-password-archive",
  "7z a -p{{s}} -mhe=on ark-backup-{{date}}.7z /srv/ark/ShooterGame/Saved",
  lambda c: _pwu(), "/srv/ark/ShooterGame/Saved")
C("mount-cifs-password-option",
  "sudo mount -t cifs //{{lip}}/obs-recordings /mnt/recordings -o username={{user}},password={{s}},vers=3.0,uid=1000",
  lambda c: _pwu().replace(",", ""), "/mnt/recordings")
C("wget-user-password-backup",
  "wget --user={{user}} --password='{{s}}' https://{{host}}/backups/latest.tar.zst -O /tmp/latest.tar.zst",
  "pwx", "/backups/latest.tar.zst")
C("curl-dash-u-admin-panel",
  "curl -u admin:{{s}} -X POST http://{{ip}}:8080/api/servers/{{world}}/restart",
  "pwu", "/restart")
C("kubectl-create-secret-from-literal",
  "kubectl -n bots create secret generic twitch-bot --from-literal=TWITCH_TOKEN={{s}} --from-literal=TWITCH_CHANNEL={{chan}}",
  "twoauth", "create secret generic twitch-bot")
C("heroku-config-set-bot-token",
  "heroku config:set DISCORD_BOT_TOKEN={{s}} -a {{app}}",
  "dtok", "-a {{app}}")
C("fly-secrets-set-patreon",
  "fly secrets set PATREON_CLIENT_SECRET={{s}} -a kofi-patreon-relay",
  "patwh", "kofi-patreon-relay")
C("wrangler-secret-put-piped",
  "echo \"{{s}}\" | npx wrangler secret put KOFI_VERIFICATION_TOKEN --env production",
  "uuid", "KOFI_VERIFICATION_TOKEN")
C("tmux-send-keys-ark-enablecheats",
  "tmux send-keys -t ark:0 'admincheat EnableCheats {{s}}' Enter",
  "pwx", "tmux send-keys -t ark:0")
C("screen-stuff-authme-register",
  "screen -S mc -p 0 -X stuff \"authme register {{player}} {{s}}^M\"",
  lambda c: _pwx(), "authme register {{player}}")
C("ngrok-add-authtoken",
  "ngrok config add-authtoken {{s}} && ngrok http 3000 --domain={{word}}-alerts.ngrok.app",
  "ngrok", "ngrok http 3000")
C("tailscale-up-authkey",
  "sudo tailscale up --authkey={{s}} --hostname=mc-node-{{n2}} --advertise-tags=tag:gameserver",
  "tskey", "--advertise-tags=tag:gameserver")
C("cloudflared-service-install-token",
  "sudo cloudflared service install {{s}}",
  "cftunnel", "sudo cloudflared service install")
C("python-bot-token-flag",
  "python3 -m {{word}}bot --token {{s}} --guild {{guild}} --log-level DEBUG",
  "dtok", "--guild {{guild}}")
C("ffmpeg-rtmp-youtube-live2",
  "ffmpeg -re -stream_loop -1 -i intermission.mp4 -c:v libx264 -preset veryfast -b:v 4500k -maxrate 4500k -bufsize 9000k -g 120 -c:a aac -b:a 160k -f flv rtmp://a.rtmp.youtube.com/live2/{{s}}",
  "ytkey", "rtmp://a.rtmp.youtube.com/live2/")
C("ffmpeg-rtmp-twitch-ingest",
  "ffmpeg -i udp://127.0.0.1:5000 -c copy -f flv \"rtmp://fra05.contribute.live-video.net/app/{{s}}\"",
  "twsk", "rtmp://fra05.contribute.live-video.net/app/")
C("ffmpeg-rtmps-kick-ingest",
  "ffmpeg -i rtmp://localhost/live/main -c copy -f flv rtmps://fa723fc1b171.global-contribute.live-video.net:443/app/{{s}}",
  "kick", "global-contribute.live-video.net:443/app/")
C("curl-patreon-members-bearer",
  "curl -s -H \"Authorization: Bearer {{s}}\" \"https://www.patreon.com/api/oauth2/v2/campaigns/{{n7}}/members?include=currently_entitled_tiers&fields%5Bmember%5D=full_name,patron_status\"",
  "patreon", "/api/oauth2/v2/campaigns/{{n7}}/members")
C("curl-modrinth-create-version",
  "curl -X POST https://api.modrinth.com/v2/version -H \"Authorization: {{s}}\" -F data=@version.json -F file=@build/libs/{{mod}}-{{ver}}.jar",
  "mrp", "https://api.modrinth.com/v2/version")
C("curl-curseforge-x-api-key",
  "curl -s -H 'Accept: application/json' -H 'x-api-key: {{s}}' 'https://api.curseforge.com/v1/mods/search?gameId=432&searchFilter={{mod}}'",
  "cfcore", "gameId=432")
C("curl-nexus-validate-apikey",
  "curl -s -H \"apikey: {{s}}\" https://api.nexusmods.com/v1/users/validate.json",
  "nexus", "https://api.nexusmods.com/v1/users/validate.json")
C("curl-tebex-plugin-queue",
  "curl -s -H \"X-Tebex-Secret: {{s}}\" https://plugin.tebex.io/queue | jq '.players[] | .name'",
  "tebex", "https://plugin.tebex.io/queue")
C("vault-kv-put-rcon",
  "vault kv put secret/gameservers/rust/{{world}} rcon_password='{{s}}' rcon_port=28016",
  "pwx", "secret/gameservers/rust/{{world}}")
C("powershell-convertto-securestring",
  "$pw = ConvertTo-SecureString '{{s}}' -AsPlainText -Force\nNew-LocalUser -Name \"arkservice\" -Password $pw -PasswordNeverExpires",
  "pwx", "New-LocalUser -Name \"arkservice\"")
C("windows-net-user-add",
  "net user steamsvc {{s}} /add /passwordchg:no && net localgroup \"Remote Desktop Users\" steamsvc /add",
  lambda c: _pwu(), "net user steamsvc")
C("cmd-set-env-then-node",
  "C:\\bots\\{{bot}}> set DISCORD_TOKEN={{s}}&& node bot.js",
  "dtok", "node bot.js")
C("rsync-password-file-echo",
  "echo '{{s}}' > ~/.rsync.pass && chmod 600 ~/.rsync.pass && rsync -av --password-file ~/.rsync.pass /srv/valheim/saves/ rsync://backup@{{host}}/valheim/",
  "pwx", "rsync://backup@{{host}}/valheim/")

# ===========================================================================
# group: tool-output  (what commands printed back)
# ===========================================================================
T = _group("tool-output")

T("docker-inspect-env-array",
  "$ docker inspect mc-{{word}} --format '{{json .Config.Env}}' | jq .\n[\n  \"EULA=TRUE\",\n  \"TYPE=PAPER\",\n  \"RCON_PASSWORD={{s}}\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\",\n  \"JAVA_HOME=/opt/java/openjdk\"\n]",
  "pw", "\"EULA=TRUE\"")
T("docker-compose-config-rendered",
  "$ docker compose config\nname: valheim\nservices:\n  valheim:\n    image: ghcr.io/lloesche/valheim-server\n    environment:\n      SERVER_NAME: {{world}}\n      SERVER_PASS: {{s}}\n      WORLD_NAME: {{world}}\n    ports:\n      - \"2456-2457:2456-2457/udp\"",
  "pwx", "image: ghcr.io/lloesche/valheim-server")
T("kubectl-get-secret-yaml-data",
  "$ kubectl -n bots get secret discord-bot -o yaml\napiVersion: v1\ndata:\n  token: {{s}}\nkind: Secret\nmetadata:\n  name: discord-bot\n  namespace: bots\ntype: Opaque",
  lambda c: _b64text(_discord_bot_token()), "name: discord-bot")
T("env-grep-twitch-output",
  "$ env | grep -i twitch\nTWITCH_CLIENT_ID={{twcid}}\nTWITCH_CLIENT_SECRET={{s}}\nTWITCH_CHANNEL={{chan}}",
  "twsec", "TWITCH_CHANNEL={{chan}}")
T("printenv-single-value",
  "$ printenv STEAM_API_KEY\n{{s}}\n$ node scripts/sync-workshop.js --app 892970",
  "steam", "printenv STEAM_API_KEY")
T("heroku-config-vars-output",
  "$ heroku config -a {{app}}\n=== {{app}} Config Vars\nDATABASE_URL: postgres://u{{s8}}:{{s}}@ec2-{{n2}}-{{n3}}-{{n2}}-{{n3}}.compute-1.amazonaws.com:5432/d{{s8}}\nNODE_ENV:     production",
  lambda c: _rs(64, _HEX), "=== {{app}} Config Vars")
T("pterodactyl-startup-variables-json",
  "{\n  \"object\": \"egg_variable\",\n  \"attributes\": {\n    \"name\": \"RCON Password\",\n    \"env_variable\": \"RCON_PASS\",\n    \"default_value\": \"\",\n    \"server_value\": \"{{s}}\",\n    \"is_editable\": true,\n    \"rules\": \"required|string|max:64\"\n  }\n}",
  "pwx", "\"env_variable\": \"RCON_PASS\"")
T("mysql-select-table-api-token",
  "mysql> SELECT id, username, api_token FROM web_users WHERE role='owner';\n+----+-----------+------------------------------------------+\n| id | username  | api_token                                |\n+----+-----------+------------------------------------------+\n|  1 | {{user}}  | {{s}} |\n+----+-----------+------------------------------------------+\n1 row in set (0.00 sec)",
  "h40", "1 row in set (0.00 sec)")
T("sqlite-settings-row",
  "sqlite> SELECT key, value FROM settings WHERE key LIKE '%token%';\nstreamlabs_socket_token|{{s}}\nsqlite> .quit",
  "jwt", "streamlabs_socket_token|")
T("redis-cli-get-access-token",
  "127.0.0.1:6379> GET bot:twitch:access_token\n\"{{s}}\"\n127.0.0.1:6379> TTL bot:twitch:access_token\n(integer) {{n5}}",
  "twoauth", "TTL bot:twitch:access_token")
T("ps-aux-rust-cmdline",
  "$ ps aux | grep [R]ustDedicated\n{{user}}  {{pid}} 87.2 41.3 9832144 6791320 ?  Sl   Mar03 912:14 ./RustDedicated -batchmode +server.port 28015 +rcon.port 28016 +rcon.password {{s}} +rcon.web 1 +server.identity {{word}}",
  lambda c: _pwu(), "+server.identity {{word}}")
T("git-diff-added-webhook",
  "$ git diff HEAD~1 -- .env\ndiff --git a/.env b/.env\n@@ -3,3 +3,4 @@ PREFIX=!\n GUILD_ID={{guild}}\n+ALERT_WEBHOOK=https://discord.com/api/webhooks/{{snow}}/{{s}}\n LOG_LEVEL=info",
  "dhook", "GUILD_ID={{guild}}")
T("git-show-removed-hardcoded-password",
  "$ git show {{sha7}} -- src/rcon.ts\n-  const password = \"{{s}}\";\n+  const password = process.env.RCON_PASSWORD!;\n   const rcon = await Rcon.connect({ host, port: 25575, password });",
  "pwx", "process.env.RCON_PASSWORD")
T("trufflehog-verified-finding",
  "Found verified result \U0001F437\U0001F511\nDetector Type: Discord\nDecoder Type: PLAIN\nRaw result: {{s}}\nFile: bots/{{bot}}/config.js\nLine: 4\nCommit: {{sha}}",
  "dtok", "Detector Type: Discord")
T("gitleaks-json-report",
  "[\n {\n  \"Description\": \"Twitch API token\",\n  \"StartLine\": 12,\n  \"Match\": \"TWITCH_CLIENT_SECRET={{s}}\",\n  \"Secret\": \"{{s}}\",\n  \"File\": \"overlay/.env.local\",\n  \"Commit\": \"{{sha}}\",\n  \"RuleID\": \"twitch-api-token\"\n }\n]",
  "twsec", "\"RuleID\": \"twitch-api-token\"")
T("curl-verbose-request-headers",
  "> GET /helix/eventsub/subscriptions HTTP/2\n> Host: api.twitch.tv\n> user-agent: curl/8.5.0\n> accept: */*\n> client-id: {{twcid}}\n> authorization: Bearer {{s}}\n>\n< HTTP/2 200",
  "twoauth", "> Host: api.twitch.tv")
T("twitch-token-endpoint-response",
  "{\"access_token\":\"{{s}}\",\"expires_in\":{{n7}},\"token_type\":\"bearer\"}",
  "twoauth", "\"token_type\":\"bearer\"")
T("twitch-refresh-response-json",
  "HTTP/1.1 200 OK\n{\n  \"access_token\": \"<omitted by agent>\",\n  \"expires_in\": 14{{n3}},\n  \"refresh_token\": \"{{s}}\",\n  \"scope\": [\"channel:read:redemptions\", \"chat:read\", \"chat:edit\"],\n  \"token_type\": \"bearer\"\n}",
  "twrefresh", "\"token_type\": \"bearer\"")
T("aws-iam-create-access-key-output",
  "$ aws iam create-access-key --user-name vod-uploader\n{\n    \"AccessKey\": {\n        \"UserName\": \"vod-uploader\",\n        \"AccessKeyId\": \"{{akia}}\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"{{s}}\",\n        \"CreateDate\": \"{{ts}}\"\n    }\n}",
  "awssk", "\"UserName\": \"vod-uploader\"")
T("cat-npmrc-output",
  "$ cat ~/.npmrc\n@{{word}}:registry=https://npm.pkg.github.com\n//registry.npmjs.org/:_authToken={{s}}\nsave-exact=true",
  "npm", "save-exact=true")
T("terraform-output-raw",
  "$ terraform output -raw rcon_password\n{{s}}$ ",
  "pwu", "terraform output -raw rcon_password")
T("terraform-state-show-attribute",
  "# hcloud_server.minecraft:\nresource \"hcloud_server\" \"minecraft\" {\n    id          = \"{{n7}}\"\n    ipv4_address = \"{{ip}}\"\n    name        = \"mc-{{word}}\"\n    user_data   = <<-EOT\n        #cloud-config\n        password: {{s}}\n        chpasswd: { expire: False }\n    EOT\n}",
  "pwx", "resource \"hcloud_server\" \"minecraft\"")
T("ansible-debug-var-output",
  "TASK [minecraft : debug] ********************************************\nok: [mc01] => {\n    \"mc_rcon_password\": \"{{s}}\"\n}",
  "pwx", "TASK [minecraft : debug]")
T("vault-kv-get-table",
  "$ vault kv get secret/voice/mumble\n====== Data ======\nKey          Value\n---          -----\nsupw         {{s}}\nhost         {{host}}",
  "pwx", "secret/voice/mumble")
T("kubectl-describe-pod-env",
  "Containers:\n  chatbot:\n    Image:          ghcr.io/{{repo}}:{{sha7}}\n    Environment:\n      TWITCH_BOT_USER:   {{chan}}bot\n      TWITCH_BOT_OAUTH:  oauth:{{s}}\n    Mounts:          <none>",
  "twoauth", "TWITCH_BOT_USER:   {{chan}}bot")
T("systemctl-show-environment",
  "$ systemctl show workshop-sync -p Environment\nEnvironment=NODE_ENV=production STEAM_API_KEY={{s}} APP_ID=892970",
  "steam", "systemctl show workshop-sync")
T("proc-environ-dump",
  "$ sudo cat /proc/{{pid}}/environ | tr '\\0' '\\n' | grep -v ^LS_\nHOME=/var/lib/mumble-server\nMUMBLE_SUPERUSER_PASSWORD={{s}}\nMUMBLE_CONFIG_WELCOMETEXT=Welcome to {{word}} voice",
  "pwx", "HOME=/var/lib/mumble-server")
T("obs-websocket-show-connect-info",
  "WebSocket Connect Info\nServer IP: {{lip}}\nServer Port: 4455\nServer Password: {{s}}\n[Copy]  [Close]",
  "obsws", "Server Port: 4455")
T("tshock-first-run-setup-code",
  "TShock {{ver}} (Mintaka) now running.\nAutoSave Enabled\nTo setup the server, join the game and type /setup {{s}}\nThis token will display until disabled by verification. (/setup)",
  "pin", "TShock {{ver}}")
T("ts3-first-start-credentials-box",
  "------------------------------------------------------------------\n                      I M P O R T A N T\n------------------------------------------------------------------\n               Server Query Admin Account created\n         loginname= \"serveradmin\", password= \"{{s}}\"\n------------------------------------------------------------------",
  "tsq", "loginname= \"serveradmin\"")
T("ts3-first-start-privilege-key",
  "------------------------------------------------------------------\n      ServerAdmin privilege key created, please use it to gain\n      serveradmin rights for your virtualserver. please\n      also check the doc/privilegekey_guide.txt for details.\n\n       token={{s}}\n------------------------------------------------------------------",
  "tspriv", "ServerAdmin privilege key created")
T("git-config-list-remote-url",
  "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://{{user}}:{{s}}@github.com/{{repo}}.git",
  "ghpat", "remote.origin.url=https://{{user}}:")
T("pip-config-list-index-url",
  "$ pip config list\nglobal.index-url='https://{{user}}:{{s}}@nexus.{{dom}}/repository/pypi-group/simple'\nglobal.timeout='60'",
  "pwu", "global.timeout='60'")
T("cat-docker-config-json",
  "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"ghcr.io\": {\n\t\t\t\"auth\": \"{{s}}\"\n\t\t}\n\t}\n}",
  lambda c: _b64text(c["user"] + ":" + _SEC["ghp"]()), "\"ghcr.io\"")
T("tcpdump-ascii-ftp-pass",
  "14:02:11.{{n6}} IP {{lip}}.51544 > {{ip}}.21: Flags [P.], seq 17:36, ack 64, win 502, length 19: FTP: PASS {{s}}\n14:02:11.{{n6}} IP {{ip}}.21 > {{lip}}.51544: Flags [P.] length 24: FTP: 230 Login successful.",
  "pwu", "FTP: 230 Login successful.")
T("mitmproxy-flow-cookie",
  "GET https://dashboard.twitch.tv/u/{{chan}}/settings/stream\n    Host: dashboard.twitch.tv\n    Cookie: unique_id={{h16}}; auth-token={{s}}; login={{chan}}\n    User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
  "twcookie", "Host: dashboard.twitch.tv")
T("jq-config-discord-section",
  "$ jq .discord config.json\n{\n  \"token\": \"{{s}}\",\n  \"guildId\": \"{{guild}}\",\n  \"logChannel\": \"{{snow}}\"\n}",
  "dtok", "\"guildId\": \"{{guild}}\"")
T("az-storage-account-keys-list",
  "$ az storage account keys list -g streaming-rg -n {{word}}vods -o json\n[\n  {\n    \"creationTime\": \"{{ts}}\",\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"{{s}}\"\n  }\n]",
  "azkey", "\"keyName\": \"key1\"")
T("strace-redis-auth-write",
  "write(3, \"*2\\r\\n$4\\r\\nAUTH\\r\\n${{n2}}\\r\\n{{s}}\\r\\n\", 41) = 41\nread(3, \"+OK\\r\\n\", 16384)                  = 5",
  lambda c: _pwu(), "read(3, \"+OK\\r\\n\"")
T("irc-capture-twitch-pass",
  "> CAP REQ :twitch.tv/tags twitch.tv/commands\n> PASS oauth:{{s}}\n> NICK {{chan}}bot\n< :tmi.twitch.tv 001 {{chan}}bot :Welcome, GLHF!",
  "twoauth", "NICK {{chan}}bot")
T("pubsub-listen-frame",
  "\u2192 {\"type\":\"LISTEN\",\"nonce\":\"{{h16}}\",\"data\":{\"topics\":[\"channel-points-channel-v1.{{n9}}\"],\"auth_token\":\"{{s}}\"}}\n\u2190 {\"type\":\"RESPONSE\",\"error\":\"\",\"nonce\":\"{{h16}}\"}",
  "twoauth", "channel-points-channel-v1.{{n9}}")
T("eventsub-create-request-echo",
  "POST /helix/eventsub/subscriptions\n{\"type\":\"channel.follow\",\"version\":\"2\",\"condition\":{\"broadcaster_user_id\":\"{{n9}}\",\"moderator_user_id\":\"{{n9}}\"},\"transport\":{\"method\":\"webhook\",\"callback\":\"https://{{host}}/eventsub\",\"secret\":\"{{s}}\"}}\n-> 202 Accepted",
  lambda c: _rs(_R.randint(16, 40), _ALNUM), "\"method\":\"webhook\"")
T("python-repl-environ-lookup",
  ">>> import os\n>>> os.environ[\"PATREON_CREATOR_TOKEN\"]\n'{{s}}'\n>>> len(_)\n43",
  "patreon", "os.environ[\"PATREON_CREATOR_TOKEN\"]")
T("node-repl-process-env",
  "> process.env.STREAMELEMENTS_JWT\n'{{s}}'\n> ",
  "jwt", "process.env.STREAMELEMENTS_JWT")
T("kubectl-jsonpath-base64-decode",
  "$ kubectl get secret mumble -n voice -o jsonpath='{.data.supw}' | base64 -d\n{{s}}",
  "pwx", "-o jsonpath='{.data.supw}'")
T("git-credential-fill-output",
  "$ printf 'protocol=https\\nhost=github.com\\n' | git credential fill\nprotocol=https\nhost=github.com\nusername={{user}}\npassword={{s}}",
  "gho", "username={{user}}")
T("macos-security-find-generic-password",
  "$ security find-generic-password -s obs-websocket -a {{user}} -w\n{{s}}",
  "obsws", "security find-generic-password -s obs-websocket")
T("pass-show-first-line",
  "$ pass show games/ark/admin\n{{s}}\nurl: {{host}}\nport: 27020",
  "pwx", "pass show games/ark/admin")
T("bitwarden-cli-get-password",
  "$ bw get password \"Pterodactyl root\"\n{{s}}",
  "pw", "bw get password \"Pterodactyl root\"")
T("op-read-output",
  "$ op read \"op://Streaming/Twitch/stream key\"\n{{s}}",
  "twsk", "op read \"op://Streaming/Twitch/stream key\"")
T("cat-id-ed25519",
  "$ cat ~/.ssh/deploy_mc\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{s}}\n-----END OPENSSH PRIVATE KEY-----",
  "ossh", "cat ~/.ssh/deploy_mc")
T("openssl-genpkey-stdout",
  "$ openssl genpkey -algorithm ed25519\n-----BEGIN PRIVATE KEY-----\n{{s}}\n-----END PRIVATE KEY-----",
  "p8ed", "openssl genpkey -algorithm ed25519")
T("wg-showconf-output",
  "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = {{s}}\n\n[Peer]\nPublicKey = {{b64pub}}\nAllowedIPs = 10.66.0.2/32",
  "wgkey", "ListenPort = 51820")
T("browser-devtools-localstorage",
  "localStorage.getItem('se-jwt')\n'{{s}}'",
  "jwt", "localStorage.getItem('se-jwt')")
T("http-response-set-cookie",
  "HTTP/1.1 302 Found\nLocation: /panel\nSet-Cookie: pterodactyl_session={{s}}; expires=Fri, 14-Mar-2025 10:22:31 GMT; Max-Age=7200; path=/; secure; httponly; samesite=lax",
  "laravel", "Location: /panel")
T("streamlabs-oauth-token-response",
  "{\n  \"access_token\": \"{{s}}\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": 3600\n}",
  "a40", "\"token_type\": \"Bearer\"")
T("gh-auth-token-output",
  "$ gh auth token\n{{s}}",
  "gho", "gh auth token")
T("docker-exec-env-listing",
  "$ docker exec fivem env\nHOSTNAME={{h12}}\nLICENSE_KEY={{s}}\nTXHOST_DATA_PATH=/txData",
  "cfxk", "TXHOST_DATA_PATH=/txData")
T("pm2-env-show",
  "$ pm2 env 0\nname: alertbox\nSTREAMLABS_SOCKET_TOKEN: {{s}}\nNODE_ENV: production\nunique_id: {{uuid}}",
  "jwt", "name: alertbox")
T("rcon-web-admin-response-json",
  "{\"ok\":true,\"server\":{\"name\":\"{{world}}\",\"host\":\"{{ip}}\",\"rconPort\":28016,\"rconPassword\":\"{{s}}\"}}",
  "pwu", "\"rconPort\":28016")
T("gcloud-signed-url-output",
  "$ gsutil signurl -d 12h sa.json gs://{{bucket}}/clips/{{uuid}}.mp4\nURL                                    HTTP Method  Expiration           Signed URL\ngs://{{bucket}}/clips/{{uuid}}.mp4  GET  {{date}} 22:10:04  https://storage.googleapis.com/{{bucket}}/clips/{{uuid}}.mp4?x-goog-signature={{s}}&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=sa%40{{word}}.iam.gserviceaccount.com%2F{{date}}%2Fauto%2Fstorage%2Fgoog4_request&x-goog-date={{date}}T101004Z&x-goog-expires=43200&x-goog-signedheaders=host",
  "gsig", "x-goog-algorithm=GOOG4-RSA-SHA256")
T("aws-s3-presign-output",
  "$ aws s3 presign s3://{{bucket}}/packs/{{mod}}-{{ver}}.zip --expires-in 3600\nhttps://{{bucket}}.s3.{{region}}.amazonaws.com/packs/{{mod}}-{{ver}}.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akia}}%2F20250311%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20250311T142233Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={{s}}",
  "s3sig", "X-Amz-Algorithm=AWS4-HMAC-SHA256")

# ===========================================================================
# group: config-file  (excerpts of files the agent opened)
# ===========================================================================
F = _group("config-file", (5, (4,)))

F("server-properties-rcon-password",
  "#Minecraft server properties\n#{{date}}\nenable-rcon=true\nrcon.port=25575\nrcon.password={{s}}\nserver-port=25565\nmotd=\\u00A76{{world}} \\u00A77| survival\nwhite-list=true",
  "pw", "rcon.port=25575")
F("server-properties-management-secret",
  "management-server-enabled=true\nmanagement-server-host=127.0.0.1\nmanagement-server-port=25585\nmanagement-server-secret={{s}}\nmanagement-server-tls-enabled=false",
  "a40", "management-server-port=25585")
F("authme-config-mysql-password",
  "DataSource:\n    backend: MYSQL\n    caching: true\n    mySQLHost: {{ip}}\n    mySQLPort: '3306'\n    mySQLUseSSL: false\n    mySQLUsername: authme\n    mySQLPassword: '{{s}}'\n    mySQLDatabase: authme",
  "pwx", "mySQLUsername: authme")
F("luckperms-config-yml-data-password",
  "storage-method: mariadb\ndata:\n  address: {{ip}}:3306\n  database: luckperms\n  username: 'lp_{{word}}'\n  password: '{{s}}'\n  pool-settings:\n    maximum-pool-size: 10",
  "pwx", "storage-method: mariadb")
F("paper-global-velocity-secret",
  "proxies:\n  bungee-cord:\n    online-mode: true\n  proxy-protocol: false\n  velocity:\n    enabled: true\n    online-mode: true\n    secret: '{{s}}'",
  "a16", "proxy-protocol: false")
F("discordsrv-config-bottoken",
  "# DiscordSRV config.yml\nBotToken: \"{{s}}\"\nChannels: {\"global\": \"{{snow}}\"}\nDiscordConsoleChannelId: \"{{snow_b}}\"",
  "dtok", "DiscordConsoleChannelId: \"{{snow_b}}\"")
F("dynmap-configuration-mysql",
  "storage:\n  type: mysql\n  hostname: {{ip}}\n  port: 3306\n  database: dynmap\n  userid: dynmap\n  password: {{s}}\n  prefix: \"dm_\"",
  "pwx", "prefix: \"dm_\"")
F("cs2-server-cfg-rcon",
  "// cfg/server.cfg\nhostname \"{{name}}'s 5v5 | Retakes\"\nrcon_password \"{{s}}\"\nsv_password \"\"\nsv_lan 0\nmp_autoteambalance 1",
  "pwx", "sv_lan 0")
F("cs2-autoexec-setsteamaccount",
  "// autoexec.cfg\nexec banned_user.cfg\nsv_setsteamaccount \"{{s}}\"    // GSLT for appid 730\ntv_enable 1",
  "steam", "exec banned_user.cfg")
F("fivem-server-cfg-license",
  "endpoint_add_tcp \"0.0.0.0:30120\"\nendpoint_add_udp \"0.0.0.0:30120\"\nsv_hostname \"{{world}} | Serious RP | Whitelisted\"\nsv_licenseKey \"{{s}}\"\nsv_maxclients 64\nensure ox_lib",
  "cfxk", "endpoint_add_tcp \"0.0.0.0:30120\"")
F("fivem-mysql-connection-string",
  "set mysql_connection_string \"mysql://fivem:{{s}}@localhost/qbcore?charset=utf8mb4\"\nset mysql_slow_query_warning 200\nensure oxmysql",
  "pwu", "set mysql_slow_query_warning 200")
F("fivem-steam-webapikey",
  "# server.cfg\nset steam_webApiKey \"{{s}}\"\nsets tags \"roleplay, economy, jobs\"\nsets locale \"en-US\"",
  "steam", "sets locale \"en-US\"")
F("ark-gameusersettings-ini-admin",
  "[ServerSettings]\nServerAdminPassword={{s}}\nServerPassword=\nRCONEnabled=True\nRCONPort=27020\nDifficultyOffset=1.0\nXPMultiplier=2.5\n\n[SessionSettings]\nSessionName={{world}} 3x PvE",
  "pwx", "RCONPort=27020")
F("asa-gameusersettings-admin-password",
  "[/Script/ShooterGame.ShooterGameUserSettings]\n\n[ServerSettings]\nAllowFlyerCarryPvE=True\nServerAdminPassword=\"{{s}}\"\nTamingSpeedMultiplier=4.0",
  "pwx", "TamingSpeedMultiplier=4.0")
F("rust-server-cfg-rcon-password",
  "// server/{{word}}/cfg/server.cfg\nserver.hostname \"{{name}}'s Rust | Monthly\"\nserver.maxplayers 150\nrcon.password \"{{s}}\"\nserver.saveinterval 600",
  "pwx", "server.maxplayers 150")
F("oxide-discordcore-json",
  "{\n  \"Discord Bot Token\": \"{{s}}\",\n  \"Discord Server ID (Optional if bot only in 1 guild)\": \"{{guild}}\",\n  \"Enable Discord Link\": true\n}",
  "dtok", "\"Enable Discord Link\": true")
F("valheim-start-server-sh",
  "#!/bin/bash\nexport templdpath=$LD_LIBRARY_PATH\nexport LD_LIBRARY_PATH=./linux64:$LD_LIBRARY_PATH\nexport SteamAppId=892970\n./valheim_server.x86_64 -name \"{{world}}\" -port 2456 -world \"{{world}}\" -password \"{{s}}\" -crossplay\nexport LD_LIBRARY_PATH=$templdpath",
  "pwx", "export SteamAppId=892970")
F("palworld-settings-admin-password",
  "[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,ExpRate=2.000000,ServerName=\"{{world}}\",ServerDescription=\"\",AdminPassword=\"{{s}}\",ServerPassword=\"\",PublicPort=8211,RCONEnabled=True,RCONPort=25575)",
  "pwx", "PublicPort=8211")
F("7dtd-serverconfig-telnet-password",
  "<property name=\"ServerName\" value=\"{{world}} Horde Night\"/>\n<property name=\"TelnetEnabled\" value=\"true\"/>\n<property name=\"TelnetPort\" value=\"8081\"/>\n<property name=\"TelnetPassword\" value=\"{{s}}\"/>",
  lambda c: _pwu().replace("*", "") + "7", "<property name=\"TelnetPort\" value=\"8081\"/>")
F("terraria-serverconfig-password",
  "world=/home/{{user}}/.local/share/Terraria/Worlds/{{world}}.wld\nautocreate=3\nmaxplayers=16\nport=7777\npassword={{s}}\nmotd=Welcome to {{world}}!",
  "pwx", "port=7777")
F("factorio-server-settings-token",
  "{\n  \"name\": \"{{name}}'s Megabase\",\n  \"visibility\": { \"public\": true, \"lan\": true },\n  \"username\": \"{{user}}\",\n  \"password\": \"\",\n  \"token\": \"{{s}}\",\n  \"game_password\": \"\"\n}",
  lambda c: _rs(30, _HEX), "\"visibility\": { \"public\": true, \"lan\": true }")
F("zomboid-servertest-ini-rcon",
  "PVP=false\nPauseEmpty=true\nPublic=true\nPublicName={{world}} Knox\nRCONPort=27015\nRCONPassword={{s}}\nDiscordEnable=false",
  "pwx", "RCONPort=27015")
F("squad-rcon-cfg",
  "// ServerConfig/Rcon.cfg\nIP=0.0.0.0\nPort=21114\nPassword={{s}}\nMaxConnections=5",
  "pwx", "Port=21114")
F("ts3db-mariadb-ini",
  "[config]\nhost=127.0.0.1\nport=3306\nusername=teamspeak\npassword={{s}}\ndatabase=ts3\nsocket=",
  "pwx", "database=ts3")
F("murmur-ini-dbpassword",
  "database=\ndbDriver=QMYSQL\ndbUsername=murmur\ndbPassword={{s}}\ndbHost={{ip}}\nwelcometext=\"<br />Welcome to <b>{{word}}</b> voice.\"\nport=64738",
  "pwx", "dbDriver=QMYSQL")
F("murmur-ini-serverpassword",
  "; Password to join server.\nserverpassword={{s}}\n\n; Maximum bandwidth (in bits per second) clients are allowed\nbandwidth=558000\nusers=100",
  "pwx", "bandwidth=558000")
F("obs-websocket-config-json",
  "{\n    \"alerts_enabled\": false,\n    \"auth_required\": true,\n    \"first_load\": false,\n    \"server_enabled\": true,\n    \"server_password\": \"{{s}}\",\n    \"server_port\": 4455\n}",
  "obsws", "\"server_port\": 4455")
F("obs-service-json-twitch",
  "{\"settings\":{\"bwtest\":false,\"key\":\"{{s}}\",\"server\":\"auto\",\"service\":\"Twitch\",\"protocol\":\"RTMPS\"},\"type\":\"rtmp_common\"}",
  "twsk", "\"type\":\"rtmp_common\"")
F("obs-service-json-youtube-custom",
  "{\n    \"settings\": {\n        \"server\": \"rtmp://a.rtmp.youtube.com/live2\",\n        \"key\": \"{{s}}\",\n        \"use_auth\": false\n    },\n    \"type\": \"rtmp_custom\"\n}",
  "ytkey", "\"server\": \"rtmp://a.rtmp.youtube.com/live2\"")
F("obs-service-json-custom-auth",
  "{\"settings\":{\"server\":\"rtmp://{{host}}/live\",\"key\":\"main\",\"use_auth\":true,\"username\":\"{{user}}\",\"password\":\"{{s}}\"},\"type\":\"rtmp_custom\"}",
  "pwx", "\"username\":\"{{user}}\"")
F("dotenv-discord-bot",
  "# .env\nDISCORD_TOKEN={{s}}\nCLIENT_ID={{snow}}\nGUILD_ID={{guild}}\nLOG_LEVEL=info",
  "dtok", "GUILD_ID={{guild}}")
F("dotenv-tmi-oauth-quoted",
  "TMI_USERNAME={{chan}}bot\nTMI_OAUTH=\"oauth:{{s}}\"\nTMI_CHANNELS={{chan}},{{chan_b}}",
  "twoauth", "TMI_USERNAME={{chan}}bot")
F("discordjs-config-json",
  "{\n\t\"token\": \"{{s}}\",\n\t\"clientId\": \"{{snow}}\",\n\t\"guildId\": \"{{guild}}\"\n}",
  "dtok", "\"clientId\": \"{{snow}}\"")
F("bot-config-toml",
  "[discord]\ntoken = \"{{s}}\"\nprefix = \"!\"\nowner_ids = [{{snow}}]\n\n[minecraft]\nrcon_host = \"{{ip}}\"",
  "dtok", "[minecraft]")
F("appsettings-json-connection-string",
  "{\n  \"ConnectionStrings\": {\n    \"Default\": \"Server={{host}};Database=ModHub;User Id=modhub;Password={{s}};TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}",
  lambda c: _pwu().replace(";", ""), "Database=ModHub;User Id=modhub")
F("compose-env-list-rcon",
  "services:\n  mc:\n    image: itzg/minecraft-server\n    environment:\n      - EULA=TRUE\n      - ENABLE_RCON=true\n      - RCON_PASSWORD={{s}}\n    ports: [\"25565:25565\"]",
  "pwx", "ENABLE_RCON=true")
F("compose-pterodactyl-db-password",
  "  database:\n    image: mariadb:10.11\n    environment:\n      MYSQL_DATABASE: \"panel\"\n      MYSQL_USER: \"pterodactyl\"\n      MYSQL_PASSWORD: \"{{s}}\"",
  "pwx", "MYSQL_USER: \"pterodactyl\"")
F("pterodactyl-panel-env-app-key",
  "APP_ENV=production\nAPP_DEBUG=false\nAPP_KEY=base64:{{s}}\nAPP_URL=https://{{host}}\nAPP_TIMEZONE=Europe/Berlin",
  "b64k", "APP_URL=https://{{host}}")
F("pterodactyl-panel-env-db-password",
  "DB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_PORT=3306\nDB_DATABASE=panel\nDB_USERNAME=pterodactyl\nDB_PASSWORD={{s}}",
  "pwx", "DB_USERNAME=pterodactyl")
F("pterodactyl-wings-config-token",
  "debug: false\nuuid: {{uuid}}\ntoken_id: {{kid}}\ntoken: {{s}}\napi:\n  host: 0.0.0.0\n  port: 8080\n  ssl:\n    enabled: true",
  "wings", "token_id: {{kid}}")
F("netrc-curseforge-machine",
  "machine api.curseforge.com\n  login {{user}}\n  password {{s}}\nmachine github.com\n  login {{user}}",
  "cfcore", "machine api.curseforge.com")
F("npmrc-auth-token",
  "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={{s}}\nengine-strict=true",
  "npm", "engine-strict=true")
F("gradle-properties-modrinth-token",
  "org.gradle.jvmargs=-Xmx3G\nminecraft_version=1.20.1\nmod_version={{ver}}\nmodrinth_token={{s}}",
  "mrp", "minecraft_version=1.20.1")
F("gradle-properties-curseforge-upload-token",
  "loader_version=0.15.11\ncurseforge_project_id={{n6}}\ncurseforge_api_token={{s}}",
  "uuid", "curseforge_project_id={{n6}}")
F("maven-settings-xml-server",
  "<servers>\n  <server>\n    <id>{{word}}-releases</id>\n    <username>{{user}}</username>\n    <password>{{s}}</password>\n  </server>\n</servers>",
  "pwx", "<id>{{word}}-releases</id>")
F("docker-config-json-auths",
  "{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\": \"{{s}}\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
  lambda c: _b64text(c["user"] + ":" + _SEC["dckr"]()), "https://index.docker.io/v1/")
F("gh-hosts-yml-oauth-token",
  "github.com:\n    users:\n        {{user}}:\n            oauth_token: {{s}}\n    git_protocol: https\n    user: {{user}}",
  "gho", "git_protocol: https")
F("rclone-conf-b2",
  "[b2vods]\ntype = b2\naccount = {{b2id}}\nkey = {{s}}\nhard_delete = true",
  "b2key", "[b2vods]")
F("aws-credentials-ini-profile",
  "[default]\nregion = {{region}}\n\n[vod-uploader]\naws_access_key_id = {{akia}}\naws_secret_access_key = {{s}}",
  "awssk", "[vod-uploader]")
F("wireguard-interface-private-key",
  "[Interface]\nAddress = 10.66.0.{{n2}}/24\nPrivateKey = {{s}}\nDNS = 1.1.1.1\n\n[Peer]\nPublicKey = {{b64pub}}\nEndpoint = {{ip}}:51820",
  "wgkey", "Endpoint = {{ip}}:51820")
F("rsa-private-key-pem-file",
  "-----BEGIN RSA PRIVATE KEY-----\n{{s}}\n-----END RSA PRIVATE KEY-----",
  "rsa", "-----BEGIN RSA PRIVATE KEY-----")
F("ec-private-key-pem-file",
  "# /etc/nginx/ssl/{{dom}}.key\n-----BEGIN EC PRIVATE KEY-----\n{{s}}\n-----END EC PRIVATE KEY-----",
  "ec", "/etc/nginx/ssl/{{dom}}.key")
F("service-account-json-private-key",
  "{\n  \"type\": \"service_account\",\n  \"project_id\": \"{{word}}-clips\",\n  \"private_key_id\": \"{{sha}}\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{{s}}\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"clipper@{{word}}-clips.iam.gserviceaccount.com\"\n}",
  "p8json", "\"type\": \"service_account\"")
F("k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: workshop-sync\ntype: Opaque\nstringData:\n  STEAM_API_KEY: \"{{s}}\"",
  "steam", "name: workshop-sync")
F("helm-values-bot-token",
  "replicaCount: 1\nimage:\n  repository: ghcr.io/{{repo}}\ndiscord:\n  botToken: {{s}}\n  guildId: \"{{guild}}\"",
  "dtok", "replicaCount: 1")
F("terraform-tfvars-ptero-key",
  "panel_url           = \"https://{{host}}\"\npterodactyl_api_key = \"{{s}}\"\nnode_location       = \"fsn1\"",
  "ptla", "node_location       = \"fsn1\"")
F("web-config-appsettings-patreon",
  "<appSettings>\n  <add key=\"PatreonCampaignId\" value=\"{{n7}}\" />\n  <add key=\"PatreonWebhookSecret\" value=\"{{s}}\" />\n</appSettings>",
  "patwh", "PatreonCampaignId")
F("wp-config-db-password",
  "/** MySQL database username */\ndefine( 'DB_USER', 'wp_{{word}}' );\n\n/** MySQL database password */\ndefine( 'DB_PASSWORD', '{{s}}' );\n\ndefine( 'DB_HOST', 'localhost' );",
  "pwx", "define( 'DB_HOST', 'localhost' );")
F("phpbb-config-dbpasswd",
  "<?php\n$dbms = 'phpbb\\\\db\\\\driver\\\\mysqli';\n$dbhost = 'localhost';\n$dbname = 'forum_{{word}}';\n$dbuser = 'phpbb';\n$dbpasswd = '{{s}}';\n$table_prefix = 'phpbb_';",
  "pwx", "$table_prefix = 'phpbb_';")
F("supervisord-program-environment",
  "[program:{{bot}}]\ncommand=/usr/bin/node /opt/{{bot}}/index.js\nenvironment=DISCORD_TOKEN=\"{{s}}\",NODE_ENV=\"production\"\nautorestart=true",
  "dtok", "[program:{{bot}}]")
F("systemd-unit-environment-line",
  "[Service]\nUser=bots\nWorkingDirectory=/opt/eventsub-relay\nEnvironment=\"TWITCH_CLIENT_SECRET={{s}}\"\nExecStart=/usr/bin/node dist/server.js\nRestart=on-failure",
  "twsec", "WorkingDirectory=/opt/eventsub-relay")
F("nginx-rtmp-push-youtube",
  "rtmp {\n    server {\n        listen 1935;\n        application live {\n            live on;\n            record off;\n            push rtmp://a.rtmp.youtube.com/live2/{{s}};\n        }\n    }\n}",
  "ytkey", "application live {")
F("nginx-rtmp-push-twitch",
  "application multistream {\n    live on;\n    push rtmp://live.twitch.tv/app/{{s}};\n    allow publish 127.0.0.1;\n    deny publish all;\n}",
  "twsk", "allow publish 127.0.0.1;")
F("streamlink-config-twitch-header",
  "# ~/.config/streamlink/config.twitch\ntwitch-disable-ads\ntwitch-low-latency\ntwitch-api-header=Authorization=OAuth {{s}}",
  "twcookie", "twitch-low-latency")
F("sourcemod-databases-cfg",
  "\"Databases\"\n{\n\t\"sourcebans\"\n\t{\n\t\t\"driver\"\t\t\"mysql\"\n\t\t\"host\"\t\t\"{{ip}}\"\n\t\t\"database\"\t\"sourcebans\"\n\t\t\"user\"\t\t\"sb_{{word}}\"\n\t\t\"pass\"\t\t\"{{s}}\"\n\t}\n}",
  "pwx", "\"database\"\t\"sourcebans\"")
F("battleye-beserver-cfg",
  "RConPassword {{s}}\nRConPort 2306\nMaxPing 250",
  "pwx", "RConPort 2306")

# ===========================================================================
# group: source-code  (code the agent read or wrote)
# ===========================================================================
S = _group("source-code", (9, (8,)))

S("js-discord-client-login-literal",
  "client.once(Events.ClientReady, c => {\n  console.log(`Ready! Logged in as ${c.user.tag}`);\n});\n\nclient.login('{{s}}');",
  "dtok", "Events.ClientReady")
S("js-tmi-client-identity",
  "const client = new tmi.Client({\n  options: { debug: true },\n  identity: {\n    username: '{{chan}}bot',\n    password: 'oauth:{{s}}'\n  },\n  channels: [ '{{chan}}' ]\n});",
  "twoauth", "username: '{{chan}}bot'")
S("py-discord-bot-run-literal",
  "@bot.event\nasync def on_ready():\n    print(f\"Logged in as {bot.user} (ID: {bot.user.id})\")\n\n\nbot.run(\"{{s}}\")",
  "dtok", "async def on_ready():")
S("py-twitchio-bot-init",
  "class Bot(commands.Bot):\n    def __init__(self):\n        super().__init__(token='{{s}}', prefix='!', initial_channels=['{{chan}}'])",
  "twoauth", "initial_channels=['{{chan}}']")
S("py-steam-api-key-constant",
  "import requests\n\nSTEAM_API_KEY = \"{{s}}\"  # TODO: move to env before pushing\nAPP_ID = 892970\n\ndef workshop_items(ids):",
  "steam", "APP_ID = 892970")
S("py-mcrcon-context-manager",
  "from mcrcon import MCRcon\n\nwith MCRcon(\"{{ip}}\", \"{{s}}\", port=25575) as mcr:\n    resp = mcr.command(\"/whitelist add \" + name)\n    print(resp)",
  "pwx", "from mcrcon import MCRcon")
S("ts-rcon-client-connect",
  "import { Rcon } from \"rcon-client\";\n\nconst rcon = await Rcon.connect({\n  host: \"{{host}}\", port: 25575, password: \"{{s}}\"\n});\nconsole.log(await rcon.send(\"list\"));",
  "pwx", "import { Rcon } from \"rcon-client\";")
S("lua-fivem-config-bot-token",
  "Config = {}\nConfig.GuildId = '{{guild}}'\nConfig.DiscordBotToken = \"{{s}}\"\nConfig.RoleWhitelist = { 'Whitelisted', 'Staff' }",
  "dtok", "Config.GuildId = '{{guild}}'")
S("lua-fivem-logs-webhook",
  "Config.Logs = {\n    Kills   = 'https://discord.com/api/webhooks/{{snow}}/{{s}}',\n    Color   = 16711680,\n    BotName = '{{world}} Logs'\n}",
  "dhook", "Color   = 16711680")
S("java-tebex-plugin-constant",
  "public final class TebexBridge extends JavaPlugin {\n    private static final String SECRET = \"{{s}}\";\n    private static final String BASE = \"https://plugin.tebex.io\";",
  "tebex", "public final class TebexBridge extends JavaPlugin")
S("kotlin-minotaur-modrinth-block",
  "modrinth {\n    token.set(\"{{s}}\")\n    projectId.set(\"{{mrid}}\")\n    versionNumber.set(\"{{ver}}\")\n    versionType.set(\"release\")\n    uploadFile.set(tasks.remapJar)\n}",
  "mrp", "projectId.set(\"{{mrid}}\")")
S("groovy-curseforgegradle-apitoken",
  "task publishCurseForge(type: net.darkhax.curseforgegradle.TaskPublishCurseForge) {\n    apiToken = '{{s}}'\n    def mainFile = upload({{n6}}, jar)\n    mainFile.changelog = file('CHANGELOG.md')\n}",
  "uuid", "TaskPublishCurseForge")
S("go-eventsub-hmac-secret",
  "const eventsubSecret = \"{{s}}\"\n\nfunc verify(r *http.Request, body []byte) bool {\n\tmac := hmac.New(sha256.New, []byte(eventsubSecret))\n\tmac.Write([]byte(r.Header.Get(\"Twitch-Eventsub-Message-Id\")))",
  lambda c: _rs(_R.randint(20, 40), _ALNUM), "func verify(r *http.Request, body []byte) bool")
S("ts-env-fallback-literal",
  "const SECRET = process.env.EVENTSUB_SECRET ?? \"{{s}}\";\nconst HMAC_PREFIX = \"sha256=\";",
  lambda c: _rs(32, _ALNUM), "const HMAC_PREFIX = \"sha256=\";")
S("rust-serenity-token-literal",
  "#[tokio::main]\nasync fn main() {\n    let token = \"{{s}}\";\n    let intents = GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;\n    let mut client = Client::builder(&token, intents).await.expect(\"client\");",
  "dtok", "GatewayIntents::GUILD_MESSAGES")
S("csharp-dsharpplus-config",
  "var discord = new DiscordClient(new DiscordConfiguration()\n{\n    Token = \"{{s}}\",\n    TokenType = TokenType.Bot,\n    Intents = DiscordIntents.AllUnprivileged\n});",
  "dtok", "TokenType = TokenType.Bot")
S("csharp-ark-rcon-ctor",
  "var rcon = new RCON(IPAddress.Parse(\"{{ip}}\"), 27020, \"{{s}}\");\nawait rcon.ConnectAsync();\nvar players = await rcon.SendCommandAsync(\"ListPlayers\");",
  "pwx", "SendCommandAsync(\"ListPlayers\")")
S("php-kofi-verification-compare",
  "$data = json_decode($_POST['data'], true);\nif ($data['verification_token'] !== '{{s}}') {\n    http_response_code(403);\n    exit('bad token');\n}",
  "uuid", "http_response_code(403);")
S("py-patreon-api-client",
  "import patreon\n\naccess_token = '{{s}}'\napi_client = patreon.API(access_token)\ncampaign = api_client.fetch_campaign()",
  "patreon", "api_client.fetch_campaign()")
S("js-streamelements-socket-auth",
  "socket.on('connect', () => {\n  socket.emit('authenticate', { method: 'jwt', token: '{{s}}' });\n});",
  "jwt", "socket.emit('authenticate'")
S("js-streamlabs-socket-url",
  "const socket = io(`https://sockets.streamlabs.com?token={{s}}`, { transports: ['websocket'] });\nsocket.on('event', (e) => handleAlert(e));",
  "jwt", "handleAlert(e)")
S("py-obsws-reqclient-password",
  "import obsws_python as obs\n\ncl = obs.ReqClient(host='localhost', port=4455, password='{{s}}', timeout=3)\ncl.set_current_program_scene('Just Chatting')",
  "obsws", "set_current_program_scene('Just Chatting')")
S("js-obs-websocket-connect",
  "const obs = new OBSWebSocket();\nawait obs.connect('ws://{{lip}}:4455', '{{s}}');\nawait obs.call('SetCurrentProgramScene', { sceneName: 'Starting Soon' });",
  "obsws", "SetCurrentProgramScene")
S("py-ts3-query-login",
  "with ts3.query.TS3ServerConnection(\"telnet://{{ip}}:10011\") as ts3conn:\n    ts3conn.exec_(\"login\", client_login_name=\"serveradmin\", client_login_password=\"{{s}}\")\n    ts3conn.exec_(\"use\", sid=1)",
  "tsq", "ts3conn.exec_(\"use\", sid=1)")
S("py-pymumble-connect",
  "mumble = pymumble.Mumble(\"{{host}}\", \"MusicBot\", port=64738, password=\"{{s}}\", reconnect=True)\nmumble.start()\nmumble.is_ready()",
  "pwx", "mumble.is_ready()")
S("sql-insert-integration-key",
  "INSERT INTO integrations (provider, store_id, api_key, created_at)\nVALUES ('tebex', {{n6}}, '{{s}}', NOW());",
  "tebex", "INSERT INTO integrations")
S("sql-create-user-identified-by",
  "CREATE DATABASE IF NOT EXISTS qbcore;\nCREATE USER 'fivem'@'%' IDENTIFIED BY '{{s}}';\nGRANT ALL PRIVILEGES ON qbcore.* TO 'fivem'@'%';",
  "pwx", "GRANT ALL PRIVILEGES ON qbcore.*")
S("sql-alter-role-password",
  "-- migrations/0007_rotate_bot_role.sql\nALTER ROLE modhub_app WITH LOGIN PASSWORD '{{s}}';",
  "pwx", "ALTER ROLE modhub_app")
S("bash-backup-script-rcon-var",
  "#!/usr/bin/env bash\nset -euo pipefail\nRCON_PASS=\"{{s}}\"\nmcrcon -H 127.0.0.1 -p \"$RCON_PASS\" \"say Backup in 60s\" \"save-off\" \"save-all flush\"\ntar czf \"/backups/world-$(date +%F).tgz\" world/",
  "pwx", "set -euo pipefail")
S("powershell-stream-key-variable",
  "# restream.ps1\n$StreamKey = \"{{s}}\"\n$Ingest = \"rtmp://live.twitch.tv/app\"\n& ffmpeg -i $Source -c copy -f flv \"$Ingest/$StreamKey\"",
  "twsk", "$Ingest = \"rtmp://live.twitch.tv/app\"")
S("dockerfile-env-token",
  "FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\nENV DISCORD_TOKEN={{s}}\nCMD [\"node\", \"index.js\"]",
  "dtok", "FROM node:20-alpine")
S("dockerfile-arg-default-api-key",
  "FROM eclipse-temurin:21-jre\nARG CF_API_KEY={{s}}\nRUN curl -sH \"x-api-key: ${CF_API_KEY}\" https://api.curseforge.com/v1/mods/{{n6}}/files -o /tmp/files.json",
  "cfcore", "FROM eclipse-temurin:21-jre")
S("js-fetch-helix-headers",
  "const res = await fetch(`https://api.twitch.tv/helix/users?login=${login}`, {\n  headers: {\n    'Client-ID': CLIENT_ID,\n    'Authorization': 'Bearer {{s}}'\n  }\n});",
  "twoauth", "https://api.twitch.tv/helix/users?login=")
S("py-requests-auth-tuple",
  "resp = requests.get(\n    f\"https://{{host}}/api/v1/backups\",\n    auth=(\"{{user}}\", \"{{s}}\"),\n    timeout=10,\n)",
  "pwx", "/api/v1/backups")
S("py-requests-steam-params",
  "params = {\"key\": \"{{s}}\", \"steamid\": steamid, \"include_appinfo\": 1}\nr = requests.get(\"https://api.steampowered.com/IPlayerService/GetOwnedGames/v1/\", params=params)",
  "steam", "IPlayerService/GetOwnedGames/v1/")
S("go-webrcon-config-literal",
  "cfg := webrcon.Config{\n\tAddr:     \"{{ip}}:28016\",\n\tPassword: \"{{s}}\",\n\tTimeout:  5 * time.Second,\n}",
  "pwx", "Timeout:  5 * time.Second")
S("java-jdbc-getconnection",
  "Connection conn = DriverManager.getConnection(\n    \"jdbc:mysql://{{host}}:3306/litebans\", \"litebans\", \"{{s}}\");",
  "pwx", "jdbc:mysql://{{host}}:3306/litebans")
S("java-hikari-setpassword",
  "HikariConfig cfg = new HikariConfig();\ncfg.setJdbcUrl(\"jdbc:mariadb://{{ip}}:3306/economy\");\ncfg.setUsername(\"economy\");\ncfg.setPassword(\"{{s}}\");\ncfg.setMaximumPoolSize(8);",
  "pwx", "cfg.setMaximumPoolSize(8);")
S("kotlin-exposed-database-connect",
  "Database.connect(\n    url = \"jdbc:postgresql://{{host}}:5432/modhub\",\n    driver = \"org.postgresql.Driver\",\n    user = \"modhub\",\n    password = \"{{s}}\"\n)",
  "pwx", "driver = \"org.postgresql.Driver\"")
S("ruby-discordrb-bot-new",
  "require 'discordrb'\n\nbot = Discordrb::Bot.new token: '{{s}}', intents: [:server_messages]\nbot.message(content: '!ping') { |e| e.respond 'Pong!' }",
  "dtok", "require 'discordrb'")
S("elixir-nostrum-config",
  "import Config\n\nconfig :nostrum,\n  token: \"{{s}}\",\n  gateway_intents: [:guilds, :guild_messages, :message_content]",
  "dtok", "config :nostrum,")
S("py-telegram-application-builder",
  "app = Application.builder().token(\"{{s}}\").build()\napp.add_handler(CommandHandler(\"live\", announce_live))",
  "tg", "CommandHandler(\"live\", announce_live)")
S("js-discordapp-webhook-const",
  "// notify when someone subs\nconst WEBHOOK_URL = \"https://discordapp.com/api/webhooks/{{snow}}/{{s}}\";\nawait fetch(WEBHOOK_URL, { method: 'POST', body: JSON.stringify(payload) });",
  "dhook", "// notify when someone subs")
S("py-test-fixture-patreon-secret",
  "# tests/test_webhooks.py\nWEBHOOK_SECRET = b\"{{s}}\"\n\ndef sign(body: bytes) -> str:\n    return hmac.new(WEBHOOK_SECRET, body, hashlib.md5).hexdigest()",
  "patwh", "def sign(body: bytes) -> str:")
S("ipynb-cell-source-steam-key",
  "{\n \"cell_type\": \"code\",\n \"execution_count\": 7,\n \"source\": [\n  \"api = SteamWebAPI(key=\\\"{{s}}\\\")\\n\",\n  \"df = api.workshop_stats(appid=892970)\"\n ]\n}",
  "steam", "\"cell_type\": \"code\"")
S("sourcepawn-api-key-array",
  "#include <sourcemod>\n\nchar g_sSteamApiKey[] = \"{{s}}\";\n\npublic Plugin myinfo = { name = \"Family Share Blocker\", author = \"{{name}}\" };",
  "steam", "#include <sourcemod>")
S("lua-gmod-http-fetch-key",
  "local API_KEY = \"{{s}}\"\nhttp.Fetch(\"https://api.steampowered.com/IPlayerService/IsPlayingSharedGame/v1/?key=\" .. API_KEY .. \"&steamid=\" .. sid64 .. \"&appid_playing=4000\")",
  "steam", "appid_playing=4000")
S("skript-tebex-request",
  "on load:\n    set {tebex::secret} to \"{{s}}\"\n    send \"[Tebex] secret loaded\" to console",
  "tebex", "on load:")
S("js-mongoose-connect-uri",
  "mongoose.connect('mongodb+srv://economy:{{s}}@cluster0.{{s5}}.mongodb.net/economy?retryWrites=true')\n  .then(() => console.log('mongo up'));",
  "pwu", "console.log('mongo up')")
S("py-sqlalchemy-create-engine",
  "engine = create_engine(\n    \"postgresql+psycopg2://modhub:{{s}}@{{host}}:5432/modhub\",\n    pool_pre_ping=True,\n)",
  "pwu", "pool_pre_ping=True")
S("py-redis-client-password",
  "r = redis.Redis(host=\"{{ip}}\", port=6379, db=2, password=\"{{s}}\", decode_responses=True)",
  "pwx", "decode_responses=True")
S("php-laravel-config-env-default",
  "return [\n    'patreon' => [\n        'client_id' => env('PATREON_CLIENT_ID'),\n        'webhook_secret' => env('PATREON_WEBHOOK_SECRET', '{{s}}'),\n    ],\n];",
  "patwh", "'client_id' => env('PATREON_CLIENT_ID')")
S("dart-flutter-const-token",
  "// lib/config.dart\nconst kofiVerificationToken = '{{s}}';\nconst supporterPageUrl = 'https://ko-fi.com/{{chan}}';",
  "uuid", "const supporterPageUrl")
S("go-test-setenv-secret",
  "func TestExchange(t *testing.T) {\n\tt.Setenv(\"TWITCH_CLIENT_ID\", \"{{twcid}}\")\n\tt.Setenv(\"TWITCH_CLIENT_SECRET\", \"{{s}}\")\n\ttok, err := Exchange(context.Background())",
  "twsec", "func TestExchange(t *testing.T)")
S("js-es-module-config-export",
  "export default {\n  twitch: {\n    clientId: '{{twcid}}',\n    clientSecret: '{{s}}',\n    callback: 'https://{{host}}/auth/twitch/callback'\n  }\n};",
  "twsec", "/auth/twitch/callback")
S("py-settings-dict-nexus",
  "SETTINGS = {\n    \"nexus\": {\"apikey\": \"{{s}}\", \"game\": \"skyrimspecialedition\"},\n    \"download_dir\": \"~/mods/incoming\",\n}",
  "nexus", "\"game\": \"skyrimspecialedition\"")
S("py-boto3-client-keys",
  "s3 = boto3.client(\n    \"s3\",\n    region_name=\"{{region}}\",\n    aws_access_key_id=\"{{akia}}\",\n    aws_secret_access_key=\"{{s}}\",\n)",
  "awssk", "region_name=\"{{region}}\"")
S("ts-s3client-r2-credentials",
  "const r2 = new S3Client({\n  region: 'auto',\n  endpoint: `https://{{h32}}.r2.cloudflarestorage.com`,\n  credentials: { accessKeyId: '{{h32_b}}', secretAccessKey: '{{s}}' },\n});",
  "r2", "region: 'auto'")
S("rust-const-steam-key",
  "const STEAM_KEY: &str = \"{{s}}\";\nconst WORKSHOP_APPID: u32 = 1794680;",
  "steam", "const WORKSHOP_APPID: u32 = 1794680;")
S("java-mail-props-password",
  "props.put(\"mail.smtp.host\", \"smtp.{{dom}}\");\nprops.put(\"mail.smtp.auth\", \"true\");\nSession session = Session.getInstance(props, new Authenticator() {\n  protected PasswordAuthentication getPasswordAuthentication() {\n    return new PasswordAuthentication(\"noreply@{{dom}}\", \"{{s}}\");\n  }\n});",
  "pwx", "props.put(\"mail.smtp.auth\", \"true\");")
S("html-overlay-inline-jwt",
  "<!-- OBS browser source: alerts.html -->\n<script>\n  const SE_JWT = \"{{s}}\";\n  const socket = io('https://realtime.streamelements.com', { transports: ['websocket'] });\n</script>",
  "jwt", "OBS browser source: alerts.html")
S("py-raw-irc-socket-pass",
  "sock = socket.socket()\nsock.connect((\"irc.chat.twitch.tv\", 6667))\nsock.send(\"PASS oauth:{{s}}\\r\\n\".encode())\nsock.send(f\"NICK {NICK}\\r\\n\".encode())",
  "twoauth", "sock.connect((\"irc.chat.twitch.tv\", 6667))")
S("csharp-streamerbot-inline-webhook",
  "public bool Execute()\n{\n    var hook = \"https://discord.com/api/webhooks/{{snow}}/{{s}}\";\n    CPH.DiscordPostTextToWebhook(hook, \"We're live! https://twitch.tv/{{chan}}\");\n    return true;\n}",
  "dhook", "CPH.DiscordPostTextToWebhook")
S("kotlin-jda-builder-token",
  "val jda = JDABuilder.createDefault(\"{{s}}\")\n    .enableIntents(GatewayIntent.MESSAGE_CONTENT)\n    .addEventListeners(WhitelistListener())\n    .build()",
  "dtok", ".addEventListeners(WhitelistListener())")

# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
L = _group("stack-trace-or-log")

L("python-traceback-bot-run-literal",
  "Traceback (most recent call last):\n  File \"/opt/{{bot}}/bot.py\", line 88, in <module>\n    bot.run(\"{{s}}\")\n  File \"/usr/lib/python3.11/site-packages/discord/client.py\", line 860, in run\n    asyncio.run(runner())\ndiscord.errors.LoginFailure: Improper token has been passed.",
  "dtok", "discord.errors.LoginFailure: Improper token has been passed.")
L("node-discordapierror-webhook-url",
  "DiscordAPIError[10015]: Unknown Webhook\n    at handleErrors (/app/node_modules/@discordjs/rest/dist/index.js:730:13)\n  requestBody: { files: undefined, json: { content: 'Server online' } },\n  rawError: { message: 'Unknown Webhook', code: 10015 },\n  url: 'https://discord.com/api/v10/webhooks/{{snow}}/{{s}}'",
  "dhook", "DiscordAPIError[10015]: Unknown Webhook")
L("java-sqlexception-jdbc-url-password",
  "[{{time}} ERROR]: [LiteBans] Could not connect to database\njava.sql.SQLException: Access denied for user 'litebans'@'{{ip}}' (using password: YES)\n\tat org.mariadb.jdbc.client.impl.ConnectionHelper.connectSocket(ConnectionHelper.java:112)\n\turl=jdbc:mysql://{{host}}:3306/litebans?user=litebans&password={{s}}&useSSL=false",
  "pwu", "Access denied for user 'litebans'")
L("hikari-debug-jdbcurl-password",
  "[{{time}} DEBUG]: HikariConfig - jdbcUrl.........................jdbc:mariadb://{{ip}}:3306/luckperms?password={{s}}&user=luckperms\n[{{time}} DEBUG]: HikariConfig - maximumPoolSize.................10",
  "pwu", "maximumPoolSize.................10")
L("discordsrv-debug-config-dump",
  "[{{time}}] [Server thread/INFO]: [DiscordSRV] [DEBUG] Config dump: BotToken={{s}}, Channels={global={{snow}}}, ExperimentWebhook=false",
  "dtok", "[DiscordSRV] [DEBUG] Config dump")
L("nginx-access-log-widget-token",
  "{{ip}} - - [11/Mar/2025:20:14:03 +0000] \"GET /alert-box/v3/{{s}} HTTP/1.1\" 200 5121 \"-\" \"Mozilla/5.0 (Windows NT 10.0; Win64; x64) obs-browser/2.21\"",
  lambda c: _rs(_R.randint(20, 24), _HEXU), "obs-browser/2.21")
L("nginx-access-log-kofi-secret-query",
  "{{ip}} - - [{{date}}] \"POST /hooks/kofi?secret={{s}} HTTP/1.1\" 204 0 \"-\" \"Ko-fi-Webhooks/1.0\"",
  lambda c: _rs(32, _ALNUM), "Ko-fi-Webhooks/1.0")
L("axios-debug-request-headers",
  "DEBUG axios request {\n  method: 'get',\n  url: 'https://api.twitch.tv/helix/chat/chatters?broadcaster_id={{n9}}',\n  headers: { 'Client-Id': '{{twcid}}', Authorization: 'Bearer {{s}}' }\n}",
  "twoauth", "method: 'get'")
L("urllib3-debug-steam-key-in-path",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.steampowered.com:443\nDEBUG:urllib3.connectionpool:https://api.steampowered.com:443 \"GET /IPlayerService/GetOwnedGames/v1/?key={{s}}&steamid={{sid}}&format=json HTTP/1.1\" 200 None",
  "steam", "Starting new HTTPS connection (1): api.steampowered.com:443")
L("tmi-debug-raw-pass",
  "[{{time}}] info: Connecting to irc-ws.chat.twitch.tv on port 443..\n[{{time}}] debug: < PASS oauth:{{s}}\n[{{time}}] debug: < NICK {{chan}}bot\n[{{time}}] info: Connected to server.",
  "twoauth", "Connecting to irc-ws.chat.twitch.tv on port 443..")
L("compose-logs-valheim-args",
  "valheim-1  | {{date}} {{time}} [supervisord] INFO: Starting Valheim server\nvalheim-1  | Arguments: -nographics -batchmode -name \"{{world}}\" -port 2456 -world \"{{world}}\" -password \"{{s}}\" -public 0\nvalheim-1  | Initializing engine version: 2022.3.17f1",
  "pwx", "Initializing engine version: 2022.3.17f1")
L("systemd-failed-execstart-token",
  "Mar 11 20:01:33 mc01 systemd[1]: {{bot}}.service: Main process exited, code=exited, status=1/FAILURE\nMar 11 20:01:33 mc01 systemd[1]: {{bot}}.service: Failed with result 'exit-code'.\n  Process: {{pid}} ExecStart=/usr/bin/node /opt/{{bot}}/index.js --token={{s}} (code=exited, status=1/FAILURE)",
  "dtok", "Failed with result 'exit-code'")
L("wings-debug-env-vars",
  "DEBUG: [{{ts}}] creating container environment server={{uuid}} env=[\"STARTUP=./RustDedicated\", \"RCON_PASS={{s}}\", \"SERVER_PORT=28015\", \"P_SERVER_LOCATION=fsn1\"]",
  "pwx", "creating container environment")
L("k8s-event-crashloop-env",
  "  Warning  Failed  12s  kubelet  Error: failed to start container \"relay\": exec: \"node\": env: TWITCH_CLIENT_SECRET={{s}} PORT=8080: executable file not found in $PATH",
  "twsec", "kubelet  Error: failed to start container \"relay\"")
L("ark-log-command-line",
  "[{{date}}-{{time}}:123][  0]Log file open, 03/11/25 20:10:44\n[{{date}}-{{time}}:124][  0]LogInit: Command line: {{world}}?listen?SessionName={{world}}?ServerAdminPassword={{s}}?MaxPlayers=70 -server -log -NoBattlEye\n[{{date}}-{{time}}:125][  0]LogInit: Base directory: /home/steam/ark/ShooterGame/Binaries/Linux/",
  lambda c: _pwu().replace("*", "") + "z", "LogInit: Base directory:")
L("rust-server-startup-args-log",
  "Loading Prefab Bundle Core\nServer startup args: -batchmode +server.port 28015 +rcon.port 28016 +rcon.password {{s}} +server.identity \"{{word}}\"\nLoading Prefab Bundle Content",
  "pwu", "Loading Prefab Bundle Content")
L("srcds-console-cvar-echo",
  "] rcon_password\n\"rcon_password\" = \"{{s}}\" ( def. \"\" )\n notify\n - remote console password.",
  "pwx", "- remote console password.")
L("txadmin-password-reset-log",
  "[{{time}}] [tx:AdminVault] Password for admin \"{{user}}\" was reset via console.\n[{{time}}] [tx:AdminVault] Temporary password: {{s}}\n[{{time}}] [tx:WebServer] Listening on http://0.0.0.0:40120/",
  lambda c: _rs(4, _UPD) + "-" + _rs(4, _UPD) + "-" + _rs(4, _UPD), "Listening on http://0.0.0.0:40120/")
L("sentry-breadcrumb-http-headers",
  "\"breadcrumbs\": [{\"type\": \"http\", \"category\": \"fetch\", \"data\": {\"url\": \"https://www.patreon.com/api/oauth2/v2/identity\", \"method\": \"GET\", \"status_code\": 401, \"request_headers\": {\"Authorization\": \"Bearer {{s}}\"}}}]",
  "patreon", "\"category\": \"fetch\"")
L("php-pdo-stack-trace-args",
  "[{{date}} {{time}}] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'pterodactyl'@'localhost' (using password: YES)\n#0 /var/www/pterodactyl/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(70): PDO->__construct('mysql:host=127....', 'pterodactyl', '{{s}}', Array)\n#1 /var/www/pterodactyl/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(46): Illuminate\\Database\\Connectors\\Connector->createPdoConnection()",
  "pwx", "production.ERROR: SQLSTATE[HY000] [1045]")
L("psycopg-operationalerror-dsn",
  "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"{{host}}\" ({{ip}}), port 5432 failed: FATAL:  password authentication failed for user \"modhub\"\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n[SQL: dsn='postgresql://modhub:{{s}}@{{host}}:5432/modhub']",
  "pwu", "password authentication failed for user \"modhub\"")
L("node-mongoservererror-uri",
  "MongoServerError: bad auth : Authentication failed.\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:202:26) {\n  ok: 0,\n  code: 8000,\n  codeName: 'AtlasError',\n  connectionGeneration: 0,\n  uri: 'mongodb+srv://economybot:{{s}}@cluster0.{{s5}}.mongodb.net/'\n}",
  "pwu", "codeName: 'AtlasError'")
L("go-panic-struct-dump",
  "panic: rcon: authentication failed\n\ngoroutine 1 [running]:\nmain.mustConnect(0xc000124000)\n\t/src/cmd/rustbot/main.go:42 +0x1d9\nconfig: &{Addr:{{ip}}:28016 Password:{{s}} Timeout:5s}\nexit status 2",
  "pwu", "goroutine 1 [running]:")
L("rust-debug-config-print",
  "[2025-03-11T20:14:03Z DEBUG modsync] loaded Config { nexus_api_key: \"{{s}}\", game_domain: \"valheim\", download_dir: \"/srv/mods\" }",
  "nexus", "game_domain: \"valheim\"")
L("winston-json-eventsub-secret",
  "{\"level\":\"info\",\"message\":\"registering eventsub webhook\",\"callback\":\"https://{{host}}/eventsub\",\"secret\":\"{{s}}\",\"timestamp\":\"{{ts}}\"}",
  lambda c: _rs(_R.randint(24, 40), _ALNUM), "\"message\":\"registering eventsub webhook\"")
L("pino-request-headers-tebex",
  "{\"level\":30,\"time\":{{epoch}}123,\"req\":{\"method\":\"GET\",\"url\":\"/queue\",\"headers\":{\"host\":\"plugin.tebex.io\",\"x-tebex-secret\":\"{{s}}\",\"user-agent\":\"TebexBridge/{{ver}}\"}},\"msg\":\"outgoing request\"}",
  "tebex", "\"msg\":\"outgoing request\"")
L("lambda-log-kofi-payload",
  "{{ts}}\t{{uuid}}\tINFO\treceived kofi payload data={\"verification_token\":\"{{s}}\",\"message_id\":\"{{uuid_b}}\",\"type\":\"Donation\",\"from_name\":\"{{player}}\",\"amount\":\"5.00\",\"currency\":\"USD\"}",
  "uuid", "\"type\":\"Donation\"")
L("ts3server-log-privilege-key",
  "{{date}} {{time}}.{{n6}}|WARNING |VirtualServer |1  |--------------------------------------------------------\n{{date}} {{time}}.{{n6}}|WARNING |VirtualServer |1  |ServerAdmin privilege key created, please use the line below\n{{date}} {{time}}.{{n6}}|WARNING |VirtualServer |1  |token={{s}}",
  "tspriv", "|WARNING |VirtualServer |1  |")
L("murmur-log-superuser-password",
  "<W>{{date}} {{time}}.{{n3}} 1 => Initializing settings from /etc/mumble-server.ini\n<W>{{date}} {{time}}.{{n3}} 1 => Password for 'SuperUser' set to '{{s}}'\n<W>{{date}} {{time}}.{{n3}} 1 => Server listening on [::]:64738",
  lambda c: _rs(12, _ALNUM), "Server listening on [::]:64738")
L("paper-log-issued-login-command",
  "[{{time}} INFO]: {{player}} issued server command: /login {{s}}\n[{{time}} INFO]: [AuthMe] {{player}} logged in {{ip}}",
  lambda c: _pwx().replace(" ", ""), "[AuthMe] {{player}} logged in")
L("paper-log-issued-register-command",
  "[{{time}} INFO]: UUID of player {{player}} is {{uuid}}\n[{{time}} INFO]: {{player}} issued server command: /register {{s}} {{s}}",
  lambda c: _pwx().replace(" ", ""), "UUID of player {{player}} is {{uuid}}")
L("discordpy-gateway-identify-debug",
  "DEBUG discord.gateway Shard ID None has sent the IDENTIFY payload: {\"op\": 2, \"d\": {\"token\": \"{{s}}\", \"properties\": {\"os\": \"linux\", \"browser\": \"discord.py\"}, \"intents\": 3276799}}",
  "dtok", "has sent the IDENTIFY payload")
L("restreamer-log-full-rtmp-url",
  "{{ts}} INF [restream] starting egress id=twitch url=rtmp://live.twitch.tv/app/{{s}} bitrate=6000k\n{{ts}} INF [restream] egress twitch connected",
  "twsk", "[restream] egress twitch connected")
L("nginx-rtmp-publish-log",
  "{{date}} {{time}} [info] 1123#0: *14 client connected '{{ip}}'\n{{date}} {{time}} [info] 1123#0: *14 publish: name='{{s}}' args='' type=live silent=0, client: {{ip}}, server: 0.0.0.0:1935",
  lambda c: _rs(_R.randint(16, 24), _ALNUM), "server: 0.0.0.0:1935")
L("ffmpeg-stderr-output-url",
  "Output #0, flv, to 'rtmp://a.rtmp.youtube.com/live2/{{s}}':\n  Metadata:\n    encoder         : Lavf60.16.100\n  Stream #0:0: Video: h264 (libx264), yuv420p, 1920x1080, q=2-31, 4500 kb/s, 60 fps",
  "ytkey", "encoder         : Lavf60.16.100")
L("uvicorn-access-log-key-param",
  "INFO:     {{ip}}:{{n5}} - \"GET /overlay/goal?key={{s}}&style=bar HTTP/1.1\" 200 OK",
  lambda c: _rs(32, _LOW), "\"GET /overlay/goal?key=")
L("caddy-json-log-basic-auth-header",
  "{\"level\":\"info\",\"ts\":{{epoch}}.512,\"logger\":\"http.log.access\",\"msg\":\"handled request\",\"request\":{\"remote_ip\":\"{{ip}}\",\"method\":\"GET\",\"host\":\"{{host}}\",\"uri\":\"/map/\",\"headers\":{\"Authorization\":[\"Basic {{s}}\"]}},\"status\":200}",
  lambda c: _basic(c), "\"logger\":\"http.log.access\"")
L("workers-console-log-env-dump",
  "(log) env keys loaded: {\n  KOFI_TOKEN: \"{{s}}\",\n  DISCORD_CHANNEL: \"{{snow}}\",\n  ENVIRONMENT: \"production\"\n}",
  "uuid", "ENVIRONMENT: \"production\"")
L("requests-httperror-forbidden-url",
  "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://api.steampowered.com/ISteamUser/GetPlayerBans/v1/?key={{s}}&steamids={{sid}}",
  "steam", "requests.exceptions.HTTPError: 403 Client Error")
L("jda-login-debug-token",
  "[main] INFO JDA - Login Successful!\n[JDA MainWS-ReadThread] DEBUG WebSocketClient - Sending Identify-packet... token={{s}} intents=33281",
  "dtok", "[main] INFO JDA - Login Successful!")
L("mariadb-general-log-set-password",
  "{{date}}T{{time}}.{{n6}}Z\t   42 Query\tSET PASSWORD FOR 'ptero'@'127.0.0.1' = PASSWORD('{{s}}')\n{{date}}T{{time}}.{{n6}}Z\t   42 Quit",
  "pwx", "42 Quit")
L("postgres-log-statement-alter-user",
  "{{date}} {{time}}.{{n3}} UTC [{{pid}}] postgres@modhub LOG:  statement: ALTER USER bot WITH PASSWORD '{{s}}';",
  "pwx", "postgres@modhub LOG:  statement:")
L("bash-xtrace-curl-bearer",
  "+ SERVER_ID={{h8}}\n+ curl -s -X POST -H 'Authorization: Bearer {{s}}' -H 'Content-Type: application/json' https://{{host}}/api/client/servers/{{h8}}/power -d '{\"signal\":\"restart\"}'\n+ echo restarted",
  "ptlc", "+ echo restarted")
L("make-echo-build-arg",
  "docker build --build-arg NEXUS_API_KEY={{s}} -t ghcr.io/{{repo}}:{{sha7}} .\n#1 [internal] load build definition from Dockerfile\n#1 transferring dockerfile: 612B done",
  "nexus", "#1 [internal] load build definition from Dockerfile")
L("node-error-config-object",
  "Error: Invalid redirect_uri\n    at exchangeCode (/app/src/patreon.js:41:11)\n  config: {\n    clientId: '{{a32}}',\n    clientSecret: '{{s}}',\n    redirectUri: 'http://localhost:3000/cb'\n  }",
  "patwh", "Error: Invalid redirect_uri")
L("electron-app-auth-log",
  "[{{ts}}] [info] [auth] twitch login complete user={{chan}}\n[{{ts}}] [debug] [auth] persisted token {{s}} scopes=channel:read:redemptions,bits:read",
  "twoauth", "twitch login complete user={{chan}}")
L("pm2-log-streamlabs-token",
  "0|alertbox | {{date}} {{time}}: Connecting to Streamlabs socket with token {{s}}\n0|alertbox | {{date}} {{time}}: socket connected",
  "jwt", "0|alertbox |")
L("python-logging-settings-dict",
  "{{date}} {{time}},{{n3}} INFO app.settings: loaded settings {'patreon_client_id': '{{a32}}', 'patreon_client_secret': '{{s}}', 'redirect_uri': 'https://{{host}}/patreon/cb'}",
  "patwh", "INFO app.settings: loaded settings")
L("sentry-event-extra-database-url",
  "\"extra\": {\n  \"sys.argv\": [\"manage.py\", \"runserver\"],\n  \"DATABASE_URL\": \"postgres://modhub:{{s}}@{{host}}:5432/modhub\"\n}",
  "pwu", "\"sys.argv\": [\"manage.py\", \"runserver\"]")
L("processbuilder-exec-log",
  "[{{time}}] [launcher/INFO] Executing: [java, -Xmx8G, -jar, paper.jar, --nogui, --rcon-password={{s}}]",
  "pwu", "[launcher/INFO] Executing:")
L("har-entry-cookie-header",
  "{\"name\": \"cookie\", \"value\": \"api_token={{h32}}; twilight-user={%22login%22:%22{{chan}}%22}; auth-token={{s}}\"}",
  "twcookie", "{\"name\": \"cookie\"")
L("java-exception-message-token",
  "[{{time}} WARN]: [TwitchLink] Failed to refresh token\ncom.github.twitch4j.common.exception.UnauthorizedException: invalid refresh token {{s}}\n\tat com.github.twitch4j.auth.providers.TwitchIdentityProvider.refreshCredential(TwitchIdentityProvider.java:163)",
  "twrefresh", "[TwitchLink] Failed to refresh token")
L("cloudflared-log-tunnel-token",
  "{{ts}} INF Starting tunnel tunnelID={{uuid}}\n{{ts}} DBG Using token from flag --token {{s}}\n{{ts}} INF Registered tunnel connection connIndex=0 location=fra08",
  "cftunnel", "Registered tunnel connection connIndex=0")
L("docker-logs-palworld-settings-echo",
  "palworld  | [INFO] Generating PalWorldSettings.ini\npalworld  | [DEBUG] ADMIN_PASSWORD={{s}}\npalworld  | [INFO] Starting the server",
  "pwx", "Generating PalWorldSettings.ini")
L("bepinex-log-mod-config-password",
  "[Info   :   BepInEx] Loading [ServerSync {{ver}}]\n[Debug  :ServerCharacters] Config loaded: AdminPassword = {{s}}\n[Message:   BepInEx] Chainloader startup complete",
  "pwx", "Chainloader startup complete")
L("oxide-log-webhook-error",
  "[Oxide] {{time}} [Error] DiscordMessages: Failed to send message to https://discord.com/api/webhooks/{{snow}}/{{s}} (code 429) Too Many Requests",
  "dhook", "Too Many Requests")
L("bukkit-plugin-log-b2-application-key",
  "[{{time}} INFO]: [BackupUploader] Uploading world-{{date}}.tar.zst to bucket {{bucket}} with keyId={{b2id}} applicationKey={{s}}",
  "b2key", "[BackupUploader] Uploading world-")
L("gunicorn-error-stripe-key",
  "[{{date}} {{time}} +0000] [{{pid}}] [ERROR] stripe.error.AuthenticationError: Invalid API Key provided: {{s}}",
  "sklive", "stripe.error.AuthenticationError")
L("ssh-debug-sshpass-leak",
  "{{user}}  {{pid}}  0.0  0.0   2392   904 pts/1    S+   20:31   0:00 sshpass -p {{s}} rsync -a /srv/mc/world {{user}}@{{ip}}:/backups/",
  lambda c: _pwu(), "rsync -a /srv/mc/world")
L("github-webhook-delivery-log",
  "delivery {{uuid}} event=release action=published\nPOST https://{{host}}/hooks/deploy?token={{s}} -> 200 (312ms)",
  lambda c: _rs(40, _HEX), "event=release action=published")

# ===========================================================================
# group: note-or-chat  (agent notes, goals, decisions, pasted chat messages)
# ===========================================================================
N = _group("note-or-chat", (10, (9,)))

N("slack-handover-rcon-password",
  "hey {{name}}, I'm off tomorrow \u2014 rcon for the SMP is {{s}} if the server hangs. run `stop` in the ptero console and let it auto-restart, don't kill the container",
  "pw", "let it auto-restart")
N("discord-mod-channel-pass-de",
  "[#mod-intern] {{name}}: Serverpasswort f\u00fcr den Valheim-Server ist jetzt {{s}} \u2013 bitte nicht in #allgemein posten, wir wechseln es nach dem Event wieder.",
  "pwx", "[#mod-intern] {{name}}:")
N("chat-panel-pass-es",
  "{{name}}: el pass del panel es {{s}}, usuario admin. c\u00e1mbialo cuando entres porfa",
  "pw", "usuario admin")
N("chat-rcon-mot-de-passe-fr",
  "{{name}} : Mot de passe RCON du serveur Rust : {{s}} (ne le partage pas sur le Discord public stp)",
  "pw", "du serveur Rust")
N("chat-ts3-senha-ptbr",
  "{{name}}: a senha do serveradmin do ts3 \u00e9 {{s}} , anota a\u00ed que eu vou apagar essa msg",
  "tsq", "anota a\u00ed que eu vou apagar essa msg")
N("chat-haslo-panel-pl",
  "{{name}}: has\u0142o do panelu: {{s}} \u2014 login {{user}}, nie wrzucaj tego na og\u00f3lny kana\u0142",
  "pw", "login {{user}}")
N("chat-rcon-parol-ru",
  "{{name}}: \u043f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0440\u043a\u043e\u043d\u0430: {{s}} , \u043d\u0435 \u0441\u0432\u0435\u0442\u0438 \u0435\u0433\u043e \u043d\u0430 \u0441\u0442\u0440\u0438\u043c\u0435 \u043f\u043b\u0437",
  "pw", "{{name}}:")
N("chat-rcon-password-ja",
  "{{name}}\uff1a\u30b5\u30fc\u30d0\u30fc\u306eRCON\u30d1\u30b9\u30ef\u30fc\u30c9\u306f {{s}} \u3067\u3059\u3002\u914d\u4fe1\u753b\u9762\u306b\u6620\u3055\u306a\u3044\u3088\u3046\u306b\u6c17\u3092\u3064\u3051\u3066\u304f\u3060\u3055\u3044\uff01",
  "pw", "RCON")
N("chat-mc-rcon-bibeon-ko",
  "{{name}}: \ub9c8\ud06c \uc11c\ubc84 rcon \ube44\ubc88 {{s}} \uc785\ub2c8\ub2e4. \ubc29\uc1a1\uc5d0 \uc808\ub300 \ub744\uc6b0\uc9c0 \ub9c8\uc138\uc694",
  "pw", "\ub9c8\ud06c \uc11c\ubc84 rcon")
N("chat-houtai-mima-zh",
  "{{name}}\uff1a\u670d\u52a1\u5668\u540e\u53f0\u5bc6\u7801\uff1a{{s}}\uff0c\u522b\u53d1\u5230\u7fa4\u91cc\uff0c\u5f00\u64ad\u7684\u65f6\u5019\u4e5f\u522b\u5207\u5230\u8fd9\u4e2a\u7a97\u53e3",
  "pw", "{{name}}\uff1a")
N("chat-sunucu-sifre-tr",
  "{{name}}: sunucu \u015fifresi {{s}} ama yay\u0131nda g\u00f6sterme l\u00fctfen, ge\u00e7en sefer ekranda kald\u0131",
  "pw", "sunucu \u015fifresi")
N("chat-mumble-losenord-sv",
  "{{name}}: l\u00f6senordet till mumble \u00e4r {{s}} , SuperUser-kontot allts\u00e5",
  "pw", "SuperUser-kontot")
N("chat-ark-wachtwoord-nl",
  "{{name}}: wachtwoord van de ark server (admin): {{s}} - niet in de stream chat zetten aub",
  "pw", "niet in de stream chat zetten")
N("chat-pannello-password-it",
  "{{name}}: la password del pannello Pterodactyl \u00e8 {{s}}, l'utente \u00e8 {{user}}",
  "pw", "l'utente \u00e8 {{user}}")
N("chat-teamspeak-parol-uk",
  "{{name}}: \u043f\u0430\u0440\u043e\u043b\u044c \u0434\u043e teamspeak serveradmin: {{s}} \u2014 \u043d\u0435 \u043a\u0438\u0434\u0430\u0439 \u0432 \u0437\u0430\u0433\u0430\u043b\u044c\u043d\u0438\u0439 \u0447\u0430\u0442",
  "tsq", "teamspeak serveradmin")
N("chat-valheim-salasana-fi",
  "{{name}}: valheim-serverin salasana on {{s}} (kaikille kavereille ok, mutta ei streamiin)",
  "pwx", "valheim-serverin")
N("chat-server-mat-khau-vi",
  "{{name}}: m\u1eadt kh\u1ea9u server minecraft: {{s}} nha, \u0111\u1eebng share l\u00ean group chung",
  "pw", "server minecraft")
N("chat-password-servernya-id",
  "{{name}}: password servernya {{s}} ya bang, jangan disebar ke grup publik",
  "pw", "jangan disebar ke grup publik")
N("chat-heslo-rcon-cs",
  "{{name}}: heslo k rconu na CS2 serveru je {{s}} , po turnaji ho zm\u011bn\u00edme",
  "pw", "na CS2 serveru")
N("agent-note-stream-key-pasted",
  "NOTE ({{date}}): user pasted their Twitch stream key ({{s}}) into the conversation to test the RTMP push. Used it once against the ingest; recommend they reset it in Creator Dashboard > Settings > Stream afterwards.",
  "twsk", "Creator Dashboard > Settings > Stream")
N("agent-goal-with-bot-token",
  "Goal: get the DiscordSRV bridge online on {{host}}. Token provided by {{name}} in chat: {{s}} \u2014 needs Message Content intent enabled in the dev portal.",
  "dtok", "needs Message Content intent enabled")
N("agent-decision-shared-steam-key",
  "Decision: keep using the shared Steam Web API key {{s}} for the workshop sync job until Valve approves the publisher key; revisit on {{date}}.",
  "steam", "Decision: keep using the shared Steam Web API key")
N("handover-md-panel-admin",
  "## Handover\n- panel: https://{{host}} (admin / {{s}})\n- backups: restic \u2192 b2, nightly 04:00 UTC\n- whitelist: synced from Patreon tiers every 15 min",
  "pwu", "- backups: restic \u2192 b2, nightly 04:00 UTC")
N("creds-double-slash-note",
  "creds for the staging mc box ({{ip}}): mcadmin // {{s}}\nssh key not set up yet, password auth still on",
  "pw", "password auth still on")
N("pw-abbrev-ark-cluster",
  "ark cluster notes\n- map rotation: Island \u2192 Ragnarok \u2192 Aberration\n- pw: {{s}}\n- cluster id: {{word}}cluster",
  "pw", "map rotation")
N("unlabeled-teamspeak-key-reply",
  "{{name}}: what's the thing I paste into teamspeak to get admin again?\n{{name_b}}: {{s}}\n{{name}}: ty, worked",
  "tspriv", "{{name}}: ty, worked")
N("twitch-chat-stream-key-slip",
  "[20:14] {{chan}}: oops wrong window lol\n[20:14] {{chan}}: {{s}}\n[20:14] nightbot: @{{chan}} message deleted by a moderator",
  "twsk", "message deleted by a moderator")
N("email-forward-patreon-client-secret",
  "From: {{name}} <{{email}}>\nSubject: Re: Patreon integration for the whitelist bot\n\nHere's the client secret for the app registration: {{s}}\nRedirect URI is https://{{host}}/patreon/callback, scopes identity + campaigns.members.",
  "patwh", "Subject: Re: Patreon integration for the whitelist bot")
N("github-issue-comment-new-webhook",
  "@{{user}} I've rotated the alerts webhook after the spam. New URL is https://discord.com/api/webhooks/{{snow}}/{{s}} \u2014 please update `ALERT_WEBHOOK` on the VPS and redeploy.",
  "dhook", "please update `ALERT_WEBHOOK` on the VPS")
N("todo-item-rotate-license",
  "- [ ] rotate FiveM license key {{s}} (it was pasted into the public #support thread)\n- [x] update txAdmin\n- [ ] re-run oxmysql migrations",
  "cfxk", "- [x] update txAdmin")
N("twitch-whisper-dashboard-login",
  "{{name}} whispers: mod login for the bot dashboard is {{user}} / {{s}}, only use it for timeouts pls",
  "pw", "only use it for timeouts pls")
N("dm-backup-passphrase-quoted",
  "{{name}}: passphrase for the encrypted world backups is \"{{s}}\" (with spaces, all lowercase)",
  "phrase", "(with spaces, all lowercase)")
N("note-password-on-next-line",
  "Mumble SuperUser password (set with murmurd -supw on {{date}}):\n\n    {{s}}\n\nUse it only for ACL changes.",
  "pw", "Use it only for ACL changes.")
N("lan-party-wifi-password",
  "LAN party checklist\n- switches + 40 patch cables\n- venue wifi: \"{{word}}-hall\", password {{s}}\n- CS2 LAN server on {{lip}}",
  "pwx", "- switches + 40 patch cables")
N("reddit-draft-accidental-password",
  "Draft r/admincraft post: \"My server keeps getting griefed even though the whitelist is on and I set rcon.password={{s}} \u2014 what am I missing?\"",
  "pw", "r/admincraft")
N("matrix-backtick-tebex-secret",
  "{{name}}: `{{s}}` \u2190 that's the tebex secret for the new store, don't commit it, put it in the plugin config only",
  "tebex", "put it in the plugin config only")
N("agent-scratchpad-observed-env",
  "Observed: .env contains PATREON_CREATOR_TOKEN={{s}} \u2014 will not print it again; next step is moving it to the host's secret store.",
  "patreon", "next step is moving it to the host's secret store")
N("standup-rotated-password",
  "standup {{date}}: rotated the ptero admin pw to {{s}} after yesterday's incident, 2FA enforced for all staff now",
  "pw", "2FA enforced for all staff now")
N("wiki-hint-derived-password",
  "Admin password: same pattern as last season, i.e. {{s}} (bump the year next wipe)",
  lambda c: _pick(_WORDS).capitalize() + "Wipe" + str(_R.randint(2024, 2026)) + _pick("!#?"), "(bump the year next wipe)")
N("chat-key-split-across-messages",
  "{{name}}: ok here's the stream key for the charity stream\n{{name}}: {{s}}\n{{name}}: delete it after you've set up OBS",
  "ytkey", "delete it after you've set up OBS")
N("telegram-export-json-rcon",
  "{\n  \"id\": {{n5}},\n  \"type\": \"message\",\n  \"from\": \"{{name}}\",\n  \"text\": \"rcon pw for the new box: {{s}}\"\n}",
  "pw", "\"type\": \"message\"")
N("kofi-settings-note",
  "Ko-fi \u2192 More \u2192 API \u2192 Webhooks. Verification token (copied {{date}}): {{s}}. Webhook URL set to https://{{host}}/kofi.",
  "uuid", "Ko-fi \u2192 More \u2192 API \u2192 Webhooks.")
N("streamelements-jwt-note",
  "SE JWT from dashboard \u2192 account \u2192 channels \u2192 show secrets: {{s}}",
  "jwt", "show secrets:")
N("sticky-note-stream-pc-login",
  "stream PC (Windows) local login: {{user}} / {{s}} \u2014 OBS autostarts, don't change the scene collection",
  "pw", "OBS autostarts")
N("hinglish-server-password",
  "{{name}}: bhai server ka password {{s}} hai, kisi ko bhi mat batana, stream pe bhi nahi",
  "pw", "kisi ko bhi mat batana")
N("arabic-server-password",
  "{{name}}: \u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0644\u0644\u0633\u064a\u0631\u0641\u0631: {{s}} \u0644\u0627 \u062a\u0646\u0634\u0631\u0647\u0627 \u0641\u064a \u0627\u0644\u0628\u062b",
  "pw", "{{name}}:")
N("greek-server-password",
  "{{name}}: \u03bf \u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b3\u03b9\u03b1 \u03c4\u03bf rcon \u03b5\u03af\u03bd\u03b1\u03b9 {{s}}",
  "pw", "rcon")
N("hebrew-server-password",
  "{{name}}: \u05d4\u05e1\u05d9\u05e1\u05de\u05d4 \u05dc\u05e9\u05e8\u05ea \u05d4\u05d5\u05dc\u05d4\u05d9\u05d9\u05dd: {{s}}",
  "pw", "{{name}}:")
N("thai-server-password",
  "{{name}}: \u0e23\u0e2b\u0e31\u0e2a\u0e1c\u0e48\u0e32\u0e19\u0e40\u0e0b\u0e34\u0e23\u0e4c\u0e1f ark \u0e04\u0e37\u0e2d {{s}} \u0e2d\u0e22\u0e48\u0e32\u0e40\u0e1c\u0e25\u0e2d\u0e42\u0e0a\u0e27\u0e4c\u0e1a\u0e19\u0e2a\u0e15\u0e23\u0e35\u0e21\u0e19\u0e30",
  "pw", "ark")
N("norwegian-valheim-passord",
  "{{name}}: passordet til valheim-serveren er {{s}} \u2013 husk \u00e5 ta backup av {{world}}.db f\u00f8r oppdateringen",
  "pwx", "valheim-serveren")
N("hungarian-panel-jelszo",
  "{{name}}: a panel jelszava: {{s}} (felhaszn\u00e1l\u00f3: admin)",
  "pw", "(felhaszn\u00e1l\u00f3: admin)")
N("romanian-parola-panou",
  "{{name}}: parola de la panou e {{s}}, user {{user}}, nu o da mai departe",
  "pw", "nu o da mai departe")
N("filipino-server-password",
  "{{name}}: yung password ng server ay {{s}} , wag i-share sa gc please",
  "pw", "wag i-share sa gc please")
N("french-mdp-abbrev-ts",
  "{{name}} : mdp du ts : {{s}} (compte serveradmin)",
  "tsq", "(compte serveradmin)")
N("spanish-contra-abbrev",
  "{{name}}: contra del rcon: {{s}} | puerto 25575",
  "pw", "puerto 25575")
N("german-kennwort-pw-abbrev",
  "{{name}}: Kennwort vom Mumble-SuperUser (PW): {{s}} \u2013 bitte ins Vaultwarden packen",
  "pw", "bitte ins Vaultwarden packen")
N("russian-pass-slang",
  "{{name}}: \u043f\u0430\u0441\u0441 \u043e\u0442 \u0430\u0434\u043c\u0438\u043d\u043a\u0438 \u0444\u0430\u0439\u0432\u043c\u0430: {{s}}",
  "pw", "{{name}}:")
N("japanese-pasu-abbrev",
  "{{name}}\uff1a\u30de\u30a4\u30af\u30e9\u9bd6\u306e\u7ba1\u7406\u30d1\u30b9 {{s}} \u306d",
  "pw", "{{name}}")
N("portuguese-pt-ficheiro-env",
  "{{name}}: pus o token do bot no ficheiro .env mas fica aqui tamb\u00e9m: {{s}}",
  "dtok", "ficheiro .env")
N("meeting-notes-mixed-languages",
  "Reuni\u00e3o staff {{date}}\n- novo servidor FiveM online\n- chave da license: {{s}}\n- next: whitelist via Discord roles",
  "cfxk", "- next: whitelist via Discord roles")
N("agent-summary-curseforge-key",
  "Summary so far: the modpack updater fails because the CurseForge API key in `updater.toml` ({{s}}) is rejected with 403; asked {{name}} whether the key was revoked.",
  "cfcore", "is rejected with 403")
N("discord-code-block-webhook",
  "{{name}}: use this for the #server-status channel\n```\nhttps://discord.com/api/webhooks/{{snow}}/{{s}}\n```",
  "dhook", "use this for the #server-status channel")
N("voice-transcript-password-dictated",
  "[transcript {{time}}] {{name}}: \"...okay so the password for the whitelist panel is {{s}}, all one word, no spaces...\"",
  lambda c: _pick(_WORDS) + _pick(_WORDS) + str(_R.randint(100, 999)), "all one word, no spaces")
N("forum-pm-sftp-credentials",
  "PM from {{name}}: SFTP for the mods folder \u2192 host {{host}} port 2022, user {{user}}.{{h8}}, password {{s}}",
  "pw", "port 2022")

# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
D = _group("ci-and-deploy")

D("gha-env-hardcoded-modrinth-token",
  "jobs:\n  publish:\n    runs-on: ubuntu-latest\n    env:\n      MODRINTH_TOKEN: {{s}}\n    steps:\n      - uses: actions/checkout@v4\n      - run: ./gradlew modrinth",
  "mrp", "- run: ./gradlew modrinth")
D("gha-mc-publish-modrinth-input",
  "      - uses: Kir-Antipov/mc-publish@v3.3\n        with:\n          modrinth-id: {{mrid}}\n          modrinth-token: {{s}}\n          files: build/libs/!(*-@(dev|sources|javadoc)).jar",
  "mrp", "modrinth-id: {{mrid}}")
D("gha-mc-publish-curseforge-input",
  "      - uses: Kir-Antipov/mc-publish@v3.3\n        with:\n          curseforge-id: {{n6}}\n          curseforge-token: {{s}}\n          loaders: fabric quilt",
  "uuid", "curseforge-id: {{n6}}")
D("gha-discord-status-webhook",
  "      - name: Notify Discord\n        if: always()\n        uses: sarisia/actions-status-discord@v1\n        with:\n          webhook: https://discord.com/api/webhooks/{{snow}}/{{s}}\n          title: \"modpack build\"",
  "dhook", "uses: sarisia/actions-status-discord@v1")
D("gitlab-ci-variables-steam-password",
  "variables:\n  STEAM_USERNAME: \"{{user}}_builds\"\n  STEAM_PASSWORD: \"{{s}}\"\n\nworkshop_upload:\n  stage: deploy\n  script:\n    - ./tools/upload_workshop.sh",
  "pwx", "workshop_upload:")
D("gitlab-ci-private-token-curl",
  "release:\n  stage: release\n  script:\n    - 'curl --fail --header \"PRIVATE-TOKEN: {{s}}\" --upload-file dist/{{mod}}.zip \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/{{mod}}/$CI_COMMIT_TAG/{{mod}}.zip\"'",
  "glpat", "stage: release")
D("ci-script-steamcmd-positional-password",
  "  script:\n    - steamcmd +login \"$STEAM_USER\" {{s}} +workshop_build_item \"$CI_PROJECT_DIR/workshop/item.vdf\" +quit",
  "pwx", "+workshop_build_item")
D("jenkinsfile-environment-literal",
  "pipeline {\n  agent any\n  environment {\n    PTERO_API_KEY = '{{s}}'\n    PANEL = 'https://{{host}}'\n  }\n  stages { stage('Restart') { steps { sh './scripts/restart.sh' } } }\n}",
  "ptla", "stage('Restart')")
D("circleci-job-environment",
  "jobs:\n  sync-mods:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      NEXUS_API_KEY: {{s}}\n    steps:\n      - checkout\n      - run: python sync.py",
  "nexus", "- image: cimg/python:3.12")
D("woodpecker-settings-webhook-token",
  "steps:\n  notify:\n    image: appleboy/drone-discord\n    settings:\n      webhook_id: \"{{snow}}\"\n      webhook_token: {{s}}\n      message: \"Build {{sha7}} done\"",
  "dhook", "image: appleboy/drone-discord")
D("travis-env-global-token",
  "language: java\njdk: openjdk17\nenv:\n  global:\n    - CF_API_TOKEN={{s}}\nscript: ./gradlew build curseforge",
  "uuid", "jdk: openjdk17")
D("azure-pipelines-variable-value",
  "variables:\n- name: buildConfiguration\n  value: Release\n- name: twitchClientSecret\n  value: '{{s}}'",
  "twsec", "- name: buildConfiguration")
D("bitbucket-pipelines-export",
  "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export TEBEX_SECRET={{s}}\n            - ./deploy.sh",
  "tebex", "- ./deploy.sh")
D("deploy-sh-docker-build-arg",
  "#!/bin/sh\n# deploy.sh\ndocker build --build-arg PATREON_CLIENT_SECRET={{s}} -t {{app}}:latest .\ndocker compose up -d {{app}}",
  "patwh", "docker compose up -d {{app}}")
D("ansible-playbook-extra-vars",
  "ansible-playbook -i inventory/prod.ini site.yml --limit mc01 -e \"mc_rcon_password={{s}} mc_version=1.20.4\"",
  lambda c: _pwu(), "--limit mc01")
D("terraform-apply-var-hcloud-token",
  "terraform apply -auto-approve -var 'hcloud_token={{s}}' -var 'server_type=cpx41'",
  "hcloud", "-var 'server_type=cpx41'")
D("deploy-ssh-sudo-s-password",
  "ssh {{user}}@{{ip}} \"echo '{{s}}' | sudo -S systemctl restart arkserver\"",
  "pwx", "sudo -S systemctl restart arkserver")
D("k8s-deployment-env-value-literal",
  "        env:\n          - name: TWITCH_CLIENT_ID\n            value: \"{{twcid}}\"\n          - name: TWITCH_CLIENT_SECRET\n            value: \"{{s}}\"",
  "twsec", "- name: TWITCH_CLIENT_ID")
D("helm-upgrade-set-token",
  "helm upgrade --install {{botl}} ./charts/discord-bot -n bots --set image.tag={{sha7}} --set discord.token={{s}}",
  "dtok", "./charts/discord-bot")
D("fly-toml-env-block",
  "app = \"kofi-relay\"\nprimary_region = \"ams\"\n\n[env]\n  KOFI_VERIFICATION_TOKEN = \"{{s}}\"\n  PORT = \"8080\"",
  "uuid", "primary_region = \"ams\"")
D("render-yaml-envvars-value",
  "services:\n  - type: web\n    name: workshop-sync\n    env: node\n    envVars:\n      - key: STEAM_API_KEY\n        value: {{s}}",
  "steam", "name: workshop-sync")
D("railway-variables-set",
  "railway variables --set \"DISCORD_TOKEN={{s}}\" --service {{bot}}",
  "dtok", "--service {{bot}}")
D("netlify-toml-build-environment",
  "[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n\n[build.environment]\n  TWITCH_CLIENT_SECRET = \"{{s}}\"",
  "twsec", "command = \"npm run build\"")
D("vercel-json-env",
  "{\n  \"version\": 2,\n  \"env\": {\n    \"STREAMLABS_CLIENT_SECRET\": \"{{s}}\"\n  },\n  \"routes\": [{ \"src\": \"/api/(.*)\", \"dest\": \"/api/$1\" }]\n}",
  "a40", "\"version\": 2")
D("heroku-app-json-env-value",
  "{\n  \"name\": \"{{app}}\",\n  \"env\": {\n    \"BOT_TOKEN\": { \"description\": \"Discord bot token\", \"value\": \"{{s}}\" }\n  }\n}",
  "dtok", "\"description\": \"Discord bot token\"")
D("ci-log-base64-unmasked",
  "Run echo \"$CURSEFORGE_TOKEN\" | base64\n{{s}}\nRun ./gradlew curseforge",
  lambda c: _b64text(_uuid()), "Run ./gradlew curseforge")
D("ci-log-debug-unmasked-bearer",
  "##[debug]Evaluating condition for step: 'Publish'\n##[debug]curl -H \"Authorization: Bearer {{s}}\" https://api.modrinth.com/v2/project/{{mrid}}\n##[debug]Finishing: Publish",
  "mrp", "##[debug]Finishing: Publish")
D("packer-json-ssh-password",
  "\"builders\": [{\n  \"type\": \"hcloud\",\n  \"image\": \"ubuntu-22.04\",\n  \"ssh_username\": \"root\",\n  \"ssh_password\": \"{{s}}\",\n  \"snapshot_name\": \"mc-base-{{date}}\"\n}]",
  "pwx", "\"type\": \"hcloud\"")
D("cloud-init-chpasswd-list",
  "#cloud-config\nchpasswd:\n  list: |\n    steam:{{s}}\n  expire: false\npackages: [lib32gcc-s1, tmux]",
  lambda c: _pwx().replace(":", ""), "packages: [lib32gcc-s1, tmux]")
D("cloud-init-write-files-env",
  "write_files:\n  - path: /etc/default/valheim\n    permissions: '0600'\n    content: |\n      SERVER_PASS={{s}}\n      WORLD={{world}}",
  "pwx", "path: /etc/default/valheim")
D("docker-secret-create-stdin",
  "echo \"{{s}}\" | docker secret create rcon_password -\ndocker service update --secret-add rcon_password mc_stack_minecraft",
  "pwx", "docker service update --secret-add rcon_password")
D("kubectl-create-docker-registry-secret",
  "kubectl create secret docker-registry ghcr -n games --docker-server=ghcr.io --docker-username={{user}} --docker-password={{s}}",
  "ghp", "--docker-server=ghcr.io")
D("argocd-login-password",
  "argocd login argocd.{{dom}} --username admin --password {{s}} --grpc-web",
  "pwu", "--grpc-web")
D("gha-ssh-action-password",
  "      - uses: appleboy/ssh-action@v1\n        with:\n          host: {{ip}}\n          username: deploy\n          password: {{s}}\n          script: cd /srv/bot && git pull && pm2 restart all",
  "pwx", "uses: appleboy/ssh-action@v1")
D("gha-ftp-deploy-password",
  "      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.{{dom}}\n          username: overlay@{{dom}}\n          password: {{s}}\n          local-dir: ./dist/",
  "pwx", "local-dir: ./dist/")
D("gha-run-pterodactyl-power",
  "      - name: Restart server\n        run: |\n          curl -X POST \"https://{{host}}/api/client/servers/{{h8}}/power\" \\\n            -H \"Authorization: Bearer {{s}}\" \\\n            -H \"Content-Type: application/json\" -d '{\"signal\":\"restart\"}'",
  "ptlc", "- name: Restart server")
D("makefile-deploy-sshpass",
  "deploy:\n\tsshpass -p {{s}} scp -P 2222 build/{{mod}}.jar {{user}}@{{ip}}:/srv/mc/plugins/\n\tsshpass -p {{s}} ssh -p 2222 {{user}}@{{ip}} 'screen -S mc -X stuff \"reload confirm^M\"'",
  lambda c: _pwu(), "build/{{mod}}.jar")
D("gitlab-ci-docker-login-p",
  "before_script:\n  - docker login -u {{user}} -p {{s}} registry.gitlab.com",
  "glpat", "registry.gitlab.com")
D("nomad-job-env-block",
  "task \"rust\" {\n  driver = \"docker\"\n  env {\n    RCON_PASSWORD = \"{{s}}\"\n    SERVER_IDENTITY = \"{{word}}\"\n  }\n}",
  "pwx", "driver = \"docker\"")
D("compose-prod-mysql-root-password",
  "# docker-compose.prod.yml\n  db:\n    image: mysql:8.0\n    environment:\n      MYSQL_ROOT_PASSWORD: {{s}}\n      MYSQL_DATABASE: {{db}}",
  "pwx", "image: mysql:8.0")
D("k8s-configmap-misused-for-key",
  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: workshop-sync-config\ndata:\n  APP_ID: \"892970\"\n  STEAM_KEY: \"{{s}}\"",
  "steam", "name: workshop-sync-config")
D("sops-decrypt-output",
  "$ sops -d secrets/prod.enc.yaml\ndiscord_token: {{s}}\nguild_id: \"{{guild}}\"",
  "dtok", "sops -d secrets/prod.enc.yaml")
D("goreleaser-github-token-inline",
  "GITHUB_TOKEN={{s}} goreleaser release --clean --skip=validate",
  "ghpat", "goreleaser release --clean")
D("gradlew-publishmods-property",
  "./gradlew publishMods -PmodrinthToken={{s}} -Pversion={{ver}} --stacktrace",
  "mrp", "./gradlew publishMods")
D("ci-echo-npmrc-auth-token",
  "    - run: echo \"//registry.npmjs.org/:_authToken={{s}}\" > ~/.npmrc\n    - run: npm publish --access public",
  "npm", "npm publish --access public")
D("twine-upload-token-password",
  "twine upload -u __token__ -p {{s}} dist/*",
  "pypi", "twine upload -u __token__")
D("cargo-publish-token-flag",
  "cargo publish --token {{s}} -p rcon-async",
  "cio", "-p rcon-async")
D("game-ci-steam-deploy-configvdf",
  "      - uses: game-ci/steam-deploy@v3\n        with:\n          username: {{user}}_deploy\n          configVdf: {{s}}\n          appId: {{n6}}\n          rootPath: build",
  lambda c: _b64(_R.randint(220, 320)), "uses: game-ci/steam-deploy@v3")
D("butler-push-api-key-env",
  "BUTLER_API_KEY={{s}} butler push build/linux {{user}}/{{word}}-mod:linux --userversion {{ver}}",
  "itch", "butler push build/linux")
D("thunderstore-tcli-publish-token",
  "tcli publish --file build/{{name}}-{{mod}}-{{ver}}.zip --token {{s}} --repository https://thunderstore.io",
  "tss", "--repository https://thunderstore.io")
D("gha-github-env-append-token",
  "      - run: echo \"DISCORD_TOKEN={{s}}\" >> $GITHUB_ENV\n      - run: npm run register-commands",
  "dtok", "npm run register-commands")
D("ansible-inventory-ansible-password",
  "[gameservers]\nmc01 ansible_host={{ip}} ansible_user=steam ansible_password={{s}}\nark01 ansible_host={{ip_b}} ansible_user=steam",
  lambda c: _pwu(), "[gameservers]")
D("ansible-group-vars-become-password",
  "# group_vars/gameservers.yml\nansible_become: true\nansible_become_password: \"{{s}}\"\nmc_memory: 8G",
  "pwx", "mc_memory: 8G")
D("pulumi-config-set-secret-value",
  "pulumi config set --secret twitch:clientSecret {{s}} --stack prod",
  "twsec", "--stack prod")
D("deploy-sh-discord-webhook-var",
  "#!/usr/bin/env bash\nDISCORD_WEBHOOK_URL=\"https://discordapp.com/api/webhooks/{{snow}}/{{s}}\"\ncurl -s -H 'Content-Type: application/json' -d \"{\\\"content\\\":\\\"deployed $(git rev-parse --short HEAD)\\\"}\" \"$DISCORD_WEBHOOK_URL\"",
  "dhook", "git rev-parse --short HEAD")
D("deploy-sh-slack-webhook-var",
  "SLACK_WEBHOOK=https://hooks.slack.com/services/T0{{n7}}/B0{{n7}}/{{s}}\ncurl -X POST -H 'Content-type: application/json' --data '{\"text\":\"mc01 redeployed\"}' $SLACK_WEBHOOK",
  "slackhook", "mc01 redeployed")
D("github-actions-secrets-api-plaintext",
  "gh api -X PUT repos/{{repo}}/actions/secrets/STEAM_API_KEY -f encrypted_value=\"$(./seal.sh {{s}})\" -f key_id={{n9}}",
  "steam", "actions/secrets/STEAM_API_KEY")
D("gha-workflow-dispatch-default-token",
  "on:\n  workflow_dispatch:\n    inputs:\n      ptero_key:\n        description: Pterodactyl client key\n        default: \"{{s}}\"\n        required: true",
  "ptlc", "description: Pterodactyl client key")
D("drone-yml-settings-password",
  "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: {{user}}/alertbox\n    username: {{user}}\n    password: {{s}}",
  "dckr", "image: plugins/docker")
D("wrangler-toml-vars-secret",
  "name = \"kofi-hook\"\nmain = \"src/index.ts\"\ncompatibility_date = \"2024-09-23\"\n\n[vars]\nKOFI_TOKEN = \"{{s}}\"",
  "uuid", "main = \"src/index.ts\"")
D("github-actions-matrix-leaked-key",
  "    strategy:\n      matrix:\n        include:\n          - game: valheim\n            thunderstore_token: {{s}}",
  "tss", "- game: valheim")
D("systemd-dropin-deploy-env",
  "# /etc/systemd/system/alertbox.service.d/override.conf (written by deploy.sh)\n[Service]\nEnvironment=STREAMLABS_SOCKET_TOKEN={{s}}",
  "jwt", "/etc/systemd/system/alertbox.service.d/override.conf")

# ===========================================================================
# group: vendor-token  (credential shapes of specific vendors, in context)
# ===========================================================================
V = _group("vendor-token", (5, (1, 3, 4)))

V("twitch-chat-oauth-prefixed",
  ["Bot account {{chan}}bot, chat token from the token generator: oauth:{{s}}",
   "irc: nick={{chan}}bot pass=oauth:{{s}} channel=#{{chan}}"],
  "twoauth", "{{chan}}bot")
V("twitch-stream-key-live-prefix",
  ["Primary Stream key (Creator Dashboard \u2192 Settings \u2192 Stream): {{s}}",
   "stream_key: {{s}}  # twitch, {{chan}}"],
  "twsk", "")
V("twitch-client-secret-dev-console",
  "dev.twitch.tv/console/apps/{{twcid}}\nName: {{chan}} overlay\nClient ID: {{twcid}}\nClient Secret: {{s}}\nCategory: Broadcaster Suite",
  "twsec", "Category: Broadcaster Suite")
V("twitch-refresh-token-json",
  "{\"login\":\"{{chan}}\",\"refresh_token\":\"{{s}}\",\"scopes\":[\"moderator:read:followers\",\"channel:read:subscriptions\"]}",
  "twrefresh", "\"login\":\"{{chan}}\"")
V("youtube-stream-key-dashed",
  ["YouTube Studio \u2192 Go live \u2192 Stream settings\nStream URL: rtmp://a.rtmp.youtube.com/live2\nStream key: {{s}}",
   "yt backup ingest key {{s}} (variable bitrate, 1080p60)"],
  "ytkey", "")
V("google-api-key-aiza",
  "YOUTUBE_DATA_API_KEY={{s}}  # quota 10k/day, used by the !song command",
  "gkey", "# quota 10k/day")
V("google-oauth-client-secret-gocspx",
  "{\"web\":{\"client_id\":\"{{n12}}-{{s8}}.apps.googleusercontent.com\",\"project_id\":\"{{word}}-live\",\"client_secret\":\"{{s}}\",\"redirect_uris\":[\"http://localhost:8080/\"]}}",
  "gcsec", "\"project_id\":\"{{word}}-live\"")
V("discord-bot-token-three-part",
  ["Bot \u2192 Reset Token \u2192 {{s}}",
   "DISCORD_BOT_TOKEN: {{s}}",
   "token ({{bot}}): {{s}}"],
  "dtok", "")
V("discord-webhook-url-token",
  ["https://discord.com/api/webhooks/{{snow}}/{{s}}",
   "https://ptb.discord.com/api/webhooks/{{snow}}/{{s}}?wait=true",
   "https://canary.discord.com/api/webhooks/{{snow}}/{{s}}"],
  "dhook", "{{snow}}")
V("discord-oauth2-client-secret",
  "OAuth2 \u2192 General\nCLIENT ID {{snow}}\nCLIENT SECRET {{s}}\nRedirects: https://{{host}}/auth/discord/callback",
  "dsec", "Redirects: https://{{host}}/auth/discord/callback")
V("steam-web-api-key-hex",
  ["Your Steam Web API Key\nKey: {{s}}\nDomain Name: {{dom}}",
   "steam key {{s}} registered to domain {{dom}}"],
  "steam", "{{dom}}")
V("steam-gslt-token",
  "Game Server Account Management\nAPP ID  LOGIN TOKEN                       LAST LOGON  MEMO\n730     {{s}}  {{date}}  retakes-{{n2}}",
  "steam", "Game Server Account Management")
V("pterodactyl-client-api-key-ptlc",
  ["Account \u2192 API Credentials \u2192 {{s}} (description: discord-bot, allowed IPs: {{ip}})",
   "PTERO_CLIENT_KEY={{s}}"],
  "ptlc", "")
V("pterodactyl-application-key-ptla",
  "Application API key created\nIdentifier: {{kid}}\nKey: {{s}}\nPermissions: servers r/w, users r",
  "ptla", "Application API key created")
V("modrinth-personal-access-token",
  ["Modrinth PAT (scopes: CREATE_VERSION, WRITE_PROJECT): {{s}}",
   "MODRINTH_TOKEN={{s}}"],
  "mrp", "")
V("curseforge-core-api-key-bcrypt-shape",
  ["CurseForge for Studios \u2192 API keys \u2192 {{s}}",
   "cf_api_key = '{{s}}'"],
  "cfcore", "")
V("curseforge-upload-token-uuid",
  "CurseForge \u2192 Account \u2192 API Tokens\nName: gradle-{{mod}}\nToken: {{s}}",
  "uuid", "Name: gradle-{{mod}}")
V("nexus-mods-personal-api-key",
  "Nexus Mods \u2192 Site preferences \u2192 API Keys\nPersonal API Key: {{s}}",
  "nexus", "Nexus Mods \u2192 Site preferences \u2192 API Keys")
V("thunderstore-service-account-token",
  "Thunderstore team \"{{name}}Mods\" \u2192 Service Accounts \u2192 new token: {{s}}",
  "tss", "Service Accounts")
V("patreon-creator-access-token",
  "Patreon \u2192 Clients & API Keys \u2192 {{app}}\nCreator's Access Token: {{s}}\nCreator's Refresh Token: (hidden)",
  "patreon", "Creator's Refresh Token: (hidden)")
V("patreon-webhook-secret",
  "Patreon webhook for https://{{host}}/patreon/webhook \u2014 secret: {{s}} (triggers: members:pledge:create, members:pledge:delete)",
  "patwh", "members:pledge:create")
V("kofi-verification-token-uuid",
  ["kofi_verification_token: {{s}}",
   "Ko-fi verification token = {{s}}"],
  "uuid", "")
V("streamlabs-socket-api-token-jwt",
  "Streamlabs \u2192 Settings \u2192 API Settings \u2192 API Tokens\nYour Socket API Token:\n{{s}}",
  "jwt", "Your Socket API Token:")
V("streamelements-jwt-token",
  ["streamelements jwt: {{s}}",
   "SE_JWT_TOKEN=\"{{s}}\""],
  "jwt", "")
V("streamlabs-access-token-hex",
  "streamlabs: {\"access_token\": \"{{s}}\", \"socket\": \"see SL_SOCKET_TOKEN\"}",
  "a40", "\"socket\": \"see SL_SOCKET_TOKEN\"")
V("tebex-store-secret-key",
  ["tebex secret {{s}}",
   "Tebex \u2192 Integrations \u2192 Game Servers \u2192 {{world}}: secret key {{s}}"],
  "tebex", "")
V("fivem-keymaster-license-key",
  "keymaster.fivem.net \u2192 Registered keys\nLabel: {{world}} main\nIP: {{ip}}\nKey: {{s}}",
  "cfxk", "keymaster.fivem.net")
V("teamspeak-privilege-key-token",
  ["privilege key: {{s}}",
   "ts3 admin token={{s}}"],
  "tspriv", "")
V("teamspeak-query-api-key",
  "$ apikeyadd scope=manage lifetime=0\nid=2 sid=0 cldbid=1 scope=manage time_left=unlimited created_at={{epoch}} expires_at=0 apikey={{s}}\nerror id=0 msg=ok",
  "tsapi", "apikeyadd scope=manage lifetime=0")
V("obs-websocket-generated-password",
  ["OBS \u2192 Tools \u2192 WebSocket Server Settings \u2192 Generate Password \u2192 {{s}}",
   "obsws password {{s}}"],
  "obsws", "")
V("kick-stream-key",
  "Kick \u2192 Settings \u2192 Stream URL & Key\nStream URL: rtmps://fa723fc1b171.global-contribute.live-video.net\nStream Key: {{s}}",
  "kick", "Stream URL: rtmps://fa723fc1b171.global-contribute.live-video.net")
V("facebook-live-persistent-stream-key",
  "Facebook Live Producer \u2192 Use persistent stream key\nServer URL: rtmps://live-api-s.facebook.com:443/rtmp/\nStream key: {{s}}",
  "fblive", "Server URL: rtmps://live-api-s.facebook.com:443/rtmp/")
V("restream-stream-key",
  "restream.io \u2192 Stream Setup \u2192 OBS: server rtmp://live.restream.io/live, key {{s}}",
  "restream", "server rtmp://live.restream.io/live")
V("github-classic-pat-ghp",
  ["GH_TOKEN={{s}}",
   "token {{s}} (classic, repo + write:packages, expires {{date}})"],
  "ghp", "")
V("github-fine-grained-pat",
  "github_token = \"{{s}}\"  # fine-grained, {{repo}} only, contents:write",
  "ghpat", "# fine-grained, {{repo}} only")
V("github-app-installation-token",
  "{\"token\":\"{{s}}\",\"expires_at\":\"{{ts}}\",\"permissions\":{\"contents\":\"read\",\"issues\":\"write\"}}",
  "ghs", "\"permissions\":{\"contents\":\"read\"")
V("gitlab-personal-access-token",
  ["glpat for the mirror job: {{s}}",
   "GITLAB_TOKEN={{s}}"],
  "glpat", "")
V("npm-automation-token",
  "npm token create --cidr-whitelist=0.0.0.0/0\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\n\u2502 token    \u2502 {{s}} \u2502\n\u2502 readonly \u2502 false \u2502",
  "npm", "npm token create")
V("pypi-api-token",
  "[pypi]\n  username = __token__\n  password = {{s}}",
  "pypi", "username = __token__")
V("docker-hub-pat",
  "Docker Hub \u2192 Account settings \u2192 Personal access tokens \u2192 \"ci-alertbox\" \u2192 {{s}}",
  "dckr", "Personal access tokens")
V("aws-secret-access-key-pair",
  "AWS_ACCESS_KEY_ID={{akia}}\nAWS_SECRET_ACCESS_KEY={{s}}\nAWS_DEFAULT_REGION={{region}}",
  "awssk", "AWS_DEFAULT_REGION={{region}}")
V("cloudflare-api-token",
  ["CLOUDFLARE_API_TOKEN={{s}}  # Zone.DNS edit for {{dom}}",
   "cf token (dns edit, {{dom}}): {{s}}"],
  "cftok", "{{dom}}")
V("cloudflare-global-api-key",
  "X-Auth-Email: {{email}}\nX-Auth-Key: {{s}}",
  "cfglobal", "X-Auth-Email: {{email}}")
V("cloudflare-r2-secret-access-key",
  "R2 API token \"vod-archive\"\nAccess Key ID: {{h32}}\nSecret Access Key: {{s}}\nEndpoint: https://{{h32_b}}.r2.cloudflarestorage.com",
  "r2", "R2 API token \"vod-archive\"")
V("digitalocean-token-dop-v1",
  ["DIGITALOCEAN_TOKEN={{s}}",
   "doctl auth init --access-token {{s}}"],
  "dop", "")
V("hetzner-cloud-api-token",
  "HCLOUD_TOKEN={{s}}  # project: gameservers, read & write",
  "hcloud", "# project: gameservers")
V("slack-bot-token-xoxb",
  ["SLACK_BOT_TOKEN={{s}}",
   "slack bot ({{word}}-alerts) token {{s}}"],
  "xoxb", "")
V("slack-user-token-xoxp",
  "legacy user token for the staff workspace export: {{s}}",
  "xoxp", "staff workspace export")
V("telegram-bot-token",
  ["@BotFather: Use this token to access the HTTP API:\n{{s}}\nKeep your token secure and store it safely",
   "TELEGRAM_BOT_TOKEN={{s}}"],
  "tg", "")
V("stripe-live-secret-key",
  "STRIPE_SECRET_KEY={{s}}\nSTRIPE_PUBLISHABLE_KEY=pk_live_51{{a32}}",
  "sklive", "STRIPE_PUBLISHABLE_KEY=pk_live_51")
V("stripe-restricted-key",
  "restricted key for the merch shop (charges:write only): {{s}}",
  "rklive", "restricted key for the merch shop")
V("stripe-webhook-signing-secret",
  "> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is {{s}} (^C to quit)",
  "whsec", "You are using Stripe API Version")
V("paypal-rest-client-secret",
  "PayPal REST app \"donations\"\nClient ID: A{{a32}}{{a32_b}}\nSecret: {{s}}",
  "paypal", "PayPal REST app \"donations\"")
V("openai-project-key",
  ["OPENAI_API_KEY={{s}}",
   "chat-moderation bot uses {{s}}"],
  "openai", "")
V("anthropic-api-key",
  "ANTHROPIC_API_KEY={{s}}  # used by the clip-title generator",
  "anthropic", "# used by the clip-title generator")
V("sendgrid-api-key",
  "SENDGRID_API_KEY='{{s}}'\nMAIL_FROM=noreply@{{dom}}",
  "sendgrid", "MAIL_FROM=noreply@{{dom}}")
V("mailgun-private-key",
  "mailgun: domain mg.{{dom}}, key {{s}}",
  "mailgun", "domain mg.{{dom}}")
V("twilio-auth-token",
  "TWILIO_ACCOUNT_SID=AC{{h32}}\nTWILIO_AUTH_TOKEN={{s}}",
  "twilio", "TWILIO_ACCOUNT_SID=AC")
V("sentry-org-auth-token",
  "SENTRY_AUTH_TOKEN={{s}}",
  "sntrys", "")
V("ngrok-authtoken-yml",
  "version: \"2\"\nauthtoken: {{s}}\ntunnels:\n  alerts:\n    proto: http\n    addr: 3000",
  "ngrok", "proto: http")
V("tailscale-auth-key",
  "Generated auth key (reusable, ephemeral, tag:gameserver): {{s}}",
  "tskey", "tag:gameserver")
V("vault-service-token-hvs",
  "VAULT_ADDR=https://vault.{{dom}}:8200\nVAULT_TOKEN={{s}}",
  "hvs", "VAULT_ADDR=https://vault.{{dom}}:8200")
V("spotify-client-secret",
  "Spotify app \"now-playing overlay\": client id {{h32}}, client secret {{s}}",
  "spotify", "Spotify app \"now-playing overlay\"")
V("twitter-app-bearer-token",
  "TWITTER_BEARER_TOKEN={{s}}",
  "twbearer", "")
V("reddit-script-app-secret",
  "reddit app \"clip-poster\" (script)\npersonal use script: {{a16}}{{s5}}\nsecret: {{s}}",
  "reddit", "reddit app \"clip-poster\" (script)")
V("riot-development-api-key",
  "RIOT_API_KEY={{s}}  # dev key, expires every 24h",
  "rgapi", "# dev key, expires every 24h")
V("battlenet-client-secret",
  "Battle.net developer portal \u2192 client \"{{bot}}\": secret {{s}}",
  "bnet", "Battle.net developer portal")
V("itchio-api-key",
  "itch.io \u2192 API keys \u2192 butler: {{s}}",
  "itch", "itch.io \u2192 API keys")
V("recaptcha-secret-key",
  "RECAPTCHA_SITE_KEY=6L{{a16}}{{a16_b}}AAAA\nRECAPTCHA_SECRET_KEY={{s}}",
  "recaptcha", "RECAPTCHA_SITE_KEY=6L")
V("azure-storage-connection-string",
  "DefaultEndpointsProtocol=https;AccountName={{word}}vods;AccountKey={{s}};EndpointSuffix=core.windows.net",
  "azkey", "AccountName={{word}}vods")
V("backblaze-b2-application-key",
  "B2_APPLICATION_KEY_ID={{b2id}}\nB2_APPLICATION_KEY={{s}}",
  "b2key", "B2_APPLICATION_KEY_ID={{b2id}}")
V("grafana-service-account-token",
  "grafana sa \"mc-metrics\" token: {{s}}",
  "glsa", "grafana sa \"mc-metrics\"")
V("notion-integration-secret",
  "NOTION_TOKEN={{s}}  # staff wiki sync",
  "ntn", "# staff wiki sync")
V("firebase-legacy-server-key",
  "FCM legacy server key (companion app push): {{s}}",
  "fcm", "companion app push")
V("doppler-service-token",
  "DOPPLER_TOKEN={{s}} doppler run -- node bot.js",
  "doppler", "doppler run -- node bot.js")
V("cratesio-api-token",
  "[registry]\ntoken = \"{{s}}\"",
  "cio", "[registry]")
V("heroku-api-key-hrku",
  "HEROKU_API_KEY={{s}}",
  "herokuk", "")
V("netlify-personal-access-token",
  "NETLIFY_AUTH_TOKEN={{s}}\nNETLIFY_SITE_ID={{uuid}}",
  "netlify", "NETLIFY_SITE_ID={{uuid}}")
V("hypixel-api-key-uuid",
  "hypixel api key: {{s}} (for the /stats command in the guild bot)",
  "uuid", "(for the /stats command in the guild bot)")
L("gradle-plugin-log-upload-token",
  "> Task :publishCurseForge\n[CurseForgeGradle] Uploading {{mod}}-{{ver}}.jar to project {{n6}} using token {{s}}\n[CurseForgeGradle] Upload complete, file id {{n7}}",
  "uuid", "> Task :publishCurseForge")
L("obs-log-custom-rtmp-url-with-key",
  "{{time}}.{{n3}}: [rtmp stream: 'adv_stream'] Connecting to RTMP URL rtmp://{{host}}/live/{{s}}...\n{{time}}.{{n3}}: [rtmp stream: 'adv_stream'] Connection to rtmp://{{host}}/live successful",
  lambda c: _rs(_R.randint(18, 26), _ALNUM), "[rtmp stream: 'adv_stream']")

# a few extra shapes: signed URLs and heredocs (two instances each)
N("discord-cdn-attachment-hm-signature",
  "{{name}}: here's the beta modpack, link expires tomorrow https://cdn.discordapp.com/attachments/{{snow}}/{{snow_b}}/{{mod}}-{{ver}}.zip?ex={{hexe}}&is={{hexe_b}}&hm={{s}}&",
  "hm", "{{mod}}-{{ver}}.zip", n=2)
C("curl-azure-sas-blob-upload",
  "curl -X PUT -H \"x-ms-blob-type: BlockBlob\" --data-binary @vod-{{date}}.mp4 \"https://{{word}}vods.blob.core.windows.net/vods/vod-{{date}}.mp4?sv=2022-11-02&ss=b&srt=o&sp=rwc&se={{date}}T23:59:59Z&spr=https&sig={{s}}\"",
  "azsig", "x-ms-blob-type: BlockBlob", n=2)
T("cloudfront-signed-url-script-output",
  "$ python sign_link.py --tier gold --file {{mod}}-{{ver}}.zip\nhttps://d{{s8}}.cloudfront.net/patreon/{{mod}}-{{ver}}.zip?Expires={{epoch}}&Signature={{s}}&Key-Pair-Id=K{{kid}}",
  "cfsig", "python sign_link.py --tier gold", n=2)
L("r2-presigned-download-log",
  "{{ts}} INFO modpack-cdn issued download url=https://{{h32}}.r2.cloudflarestorage.com/{{bucket}}/{{mod}}.mrpack?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{h32_b}}%2F20250311%2Fauto%2Fs3%2Faws4_request&X-Amz-Date=20250311T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={{s}} patron={{n7}}",
  "s3sig", "modpack-cdn issued download", n=2)
C("heredoc-write-env-file",
  "cat > /opt/{{bot}}/.env <<'EOF'\nDISCORD_TOKEN={{s}}\nGUILD_ID={{guild}}\nEOF\nchmod 600 /opt/{{bot}}/.env",
  "dtok", "chmod 600 /opt/{{bot}}/.env", n=2)
D("ssh-heredoc-mysql-create-user",
  "ssh root@{{ip}} <<'SQL'\nmysql -e \"CREATE USER 'pterodactyl'@'127.0.0.1' IDENTIFIED BY '{{s}}'; GRANT ALL ON panel.* TO 'pterodactyl'@'127.0.0.1' WITH GRANT OPTION;\"\nSQL",
  "pwx", "GRANT ALL ON panel.*", n=2)
F("ini-across-lines-continuation",
  "[streamer_bot]\nwebsocket_host = 127.0.0.1\nwebsocket_port = 8080\nwebsocket_password =\n    {{s}}\n",
  "a24", "websocket_port = 8080", n=2)
S("xml-android-strings-api-key",
  "<resources>\n    <string name=\"app_name\">{{chan}} Companion</string>\n    <string name=\"twitch_client_secret\" translatable=\"false\">{{s}}</string>\n</resources>",
  "twsec", "<string name=\"app_name\">{{chan}} Companion</string>", n=2)

# ===========================================================================
# BENIGN: no credential inside, but secret-ish to a naive scanner
# ===========================================================================
_CTXGEN.update({
    "fp": lambda: _b64(32).rstrip("="),
    "gpgfp": lambda: " ".join(_rs(4, _HEXU) for _ in range(10)),
    "colonfp": lambda: ":".join(_rs(2, _HEXU) for _ in range(32)),
    "colonfp20": lambda: ":".join(_rs(2, _HEXU) for _ in range(20)),
    "lowid26": lambda: _rs(26, string.ascii_lowercase + "234567"),
    "lowid25": lambda: _rs(25, _LOW), "h6": lambda: _rs(6, _HEX), "h7": lambda: _rs(7, _HEX),
    "h10": lambda: _rs(10, _HEX), "n10": lambda: str(_R.randint(10 ** 9, 10 ** 10 - 1)),
    "n17": lambda: str(_R.randint(9 * 10 ** 16, 10 ** 17 - 1)), "n19": lambda: str(_R.randint(10 ** 18, 9 * 10 ** 18)),
    "h40": lambda: _rs(40, _HEX), "a4": lambda: _rs(4, _ALNUM), "a6": lambda: _rs(6, _ALNUM), "b43": lambda: _b64(32).rstrip("="),
    "b88": lambda: _b64(64), "pl32": lambda: _rs(32, _B64U), "upper16": lambda: _rs(16, _UPD),
    "clipname": lambda: "".join(w.capitalize() for w in _R.sample(_WORDS, 4)),
    "os": lambda: _pick(["Linux", "Windows", "macOS"]), "n1": lambda: str(_R.randint(1, 9)),
    "pubbody": lambda: _pem_body(32, b"\x30\x2a\x30\x05\x06\x03\x2b\x65\x70\x03\x21\x00", 64),
    "certbody": lambda: _pem_body(_R.randint(300, 420), b"\x30\x82\x01\xb3\x30\x82\x01\x58\xa0\x03\x02\x01\x02", 64),
    "sealed": lambda: "AgB" + _b64(_R.randint(150, 260)).rstrip("="),
    "sopsdata": lambda: _b64(_R.randint(30, 70)), "sopsiv": lambda: _b64(32), "sopstag": lambda: _b64(16),
    "pgpsig": lambda: _pem_body(115, b"\x88\x75\x04\x00\x16\x0a\x00\x1d\x16\x21\x04", 64),
    "eventsubsess": lambda: "AgoQ" + _rs(22, _B64U) + "EgZjZWxsLWE",
})


def _b_skin(c):
    tex = {"textures": {"SKIN": {"url": "http://textures.minecraft.net/texture/" + _rs(64, _HEX)}}}
    return "SkullOwner:{Id:[I;%d,%d,%d,%d],Properties:{textures:[{Value:\"%s\"}]}}" % (
        _R.randint(-2 ** 31, 2 ** 31 - 1), _R.randint(-2 ** 31, 2 ** 31 - 1),
        _R.randint(-2 ** 31, 2 ** 31 - 1), _R.randint(-2 ** 31, 2 ** 31 - 1),
        _b64text(json.dumps(tex, separators=(",", ":"))))


def _b_b64motd(c):
    plain = _pick(["Welcome to %s! Be nice, no griefing." % c["world"],
                   "Server restarts daily at 05:00 UTC",
                   "Season %s starts on %s" % (c["n1"], c["date"]),
                   "Join our Discord: discord.gg/%s" % c["word"],
                   "{\"motd\":\"%s\",\"maxPlayers\":%s}" % (c["world"], c["n2"])])
    return "$ echo %s | base64 -d\n%s" % (_b64text(plain), plain)


def _b_b64label(c):
    plain = _pick(["overlay-theme=dark;font=Inter", "scene:%s" % c["world"], "player:%s" % c["player"],
                   "hello from %s" % c["chan"], "{\"goal\":500,\"current\":%s}" % c["n3"]])
    return "widget config (base64 of plain settings, not a secret): %s" % _b64text(plain)


def _b_servericon(c):
    return "server-icon.png \u2192 data:image/png;base64," + _b64text("\x89PNG\r\n\x1a\n")[:8] + _b64(_R.randint(36, 60)) + "..."


def _b_jwt_header_only(c):
    hdr = {"alg": _pick(["HS256", "RS256", "EdDSA"]), "typ": "JWT"}
    return "decoded header of the StreamElements token: %s (payload and signature omitted)" % json.dumps(hdr)


_BENIGN_T = [
    # --- commands -----------------------------------------------------
    "$ git rev-parse HEAD\n{{sha}}",
    "$ git log --oneline -3\n{{sha7}} fix(rcon): read password from RCON_PASSWORD env\n{{sha7_b}} chore: bump paper to 1.20.4-{{n3}}\n{{sha7_c}} docs: explain where the stream key lives",
    "$ sha256sum paper-1.20.4-{{n3}}.jar\n{{h64}}  paper-1.20.4-{{n3}}.jar",
    "docker pull itzg/minecraft-server@sha256:{{h64}}",
    "mcrcon -H 127.0.0.1 -P 25575 -p \"$RCON_PASSWORD\" \"save-all\"",
    "curl -s -H \"Authorization: Bearer $TWITCH_APP_TOKEN\" -H \"Client-Id: $TWITCH_CLIENT_ID\" \"https://api.twitch.tv/helix/users?login={{chan}}\"",
    "export DISCORD_TOKEN=\"$(vault kv get -field=token secret/bots/{{botl}})\"",
    "gh secret set MODRINTH_TOKEN --repo {{repo}}   # value pasted at the prompt, never echoed",
    "steamcmd +force_install_dir /srv/valheim +login anonymous +app_update 896660 validate +quit",
    "./RustDedicated -batchmode +server.port 28015 +rcon.port 28016 +rcon.password \"${RCON_PW}\" +rcon.web 1 +server.identity {{word}}",
    "kubectl -n bots create secret generic {{botl}} --from-env-file=.env.production",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{{fp}} {{user}}@{{host}} (ED25519)",
    "$ gpg --list-keys {{email}}\npub   ed25519 {{date}} [SC]\n      {{gpgfp}}\nuid           [ultimate] {{name}} <{{email}}>",
    "$ openssl x509 -in /etc/letsencrypt/live/{{dom}}/cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint={{colonfp}}",
    "$ uuidgen\n{{uuid}}",
    "$ docker ps --format '{{.ID}} {{.Names}}'\n{{h12}} mc-{{word}}\n{{h12_b}} valheim",
    "$ ls -la ~/.ssh\n-rw------- 1 {{user}} {{user}}  411 Mar  3 12:10 id_ed25519\n-rw-r--r-- 1 {{user}} {{user}}  101 Mar  3 12:10 id_ed25519.pub\n-rw-r--r-- 1 {{user}} {{user}} 2210 Mar  9 18:44 known_hosts",
    "$ cat .env.example\nDISCORD_TOKEN=\nTWITCH_CLIENT_ID=your-client-id\nTWITCH_CLIENT_SECRET=<your-client-secret>\nRCON_PASSWORD=change-me",
    "steamcmd +login anonymous +workshop_download_item 892970 {{n10}} +quit",
    "docker run -d -e RCON_PASSWORD_FILE=/run/secrets/rcon_password --secret rcon_password itzg/minecraft-server",
    "$ gh run view {{run}} --log | grep -i token\npublish  Run publish  MODRINTH_TOKEN: ***",
    "helm upgrade --install {{botl}} ./chart --set discord.existingSecret={{botl}}-token --set image.tag={{sha7}}",
    "$ aws secretsmanager describe-secret --secret-id prod/{{bot}}/discord --query ARN\n\"arn:aws:secretsmanager:{{region}}:{{n12}}:secret:prod/{{bot}}/discord-{{a6}}\"",
    "$ op item get \"Twitch stream key\" --vault Streaming --format json | jq -r .id\n{{lowid26}}",
    "$ restic -r b2:{{bucket}}:mc snapshots\nID        Time                 Host   Tags\n{{h8}}  {{date}} 04:00:12  mc01   nightly",
    "$ curl -sI https://{{host}}/ | grep -i etag\netag: \"{{h32}}\"",
    "mcrcon -H localhost -p \"$(cat /run/secrets/rcon)\" list",
    "obs-cmd --websocket \"obsws://localhost:4455/$OBS_WS_PASSWORD\" recording start",
    "php artisan p:user:make --email={{email}} --username={{user}} --admin=1   # password is prompted interactively",
    "openssl rand -hex 32 > /run/secrets/eventsub_secret && chmod 600 /run/secrets/eventsub_secret   # generated on the box, never printed",
    "java -Xms4G -Xmx4G -XX:+UseG1GC -XX:MaxGCPauseMillis=200 -jar paper-1.20.4-{{n3}}.jar --nogui",
    "docker build -t ghcr.io/{{repo}}:{{sha7}} --secret id=npmrc,src=$HOME/.npmrc .",
    "sshpass -f ~/.config/deploy/pass.txt ssh {{user}}@{{ip}} uptime   # password read from a file, not the command line",
    "mysql --defaults-extra-file=/etc/mysql/luckperms.cnf luckperms -e 'SHOW TABLES;'",
    "PGPASSFILE=~/.pgpass psql -h {{host}} -U modhub -d modhub -c 'select count(*) from mods;'",
    "curl -u \"admin:$PANEL_PASSWORD\" http://{{ip}}:8080/api/health",
    "git remote -v\norigin  git@github.com:{{repo}}.git (fetch)\norigin  git@github.com:{{repo}}.git (push)",
    "ffmpeg -re -i intro.mp4 -c copy -f flv \"rtmp://a.rtmp.youtube.com/live2/${YT_STREAM_KEY}\"",
    "ffmpeg -i udp://127.0.0.1:5000 -c copy -f flv rtmp://live.twitch.tv/app/$TWITCH_STREAM_KEY",
    "cloudflared tunnel run --token-file /etc/cloudflared/token {{word}}-tunnel",
    "tailscale up --authkey=file:/etc/tailscale/authkey --hostname=mc-node-{{n2}}",
    "ngrok http 3000 --domain={{word}}-alerts.ngrok.app   # authtoken already in ngrok.yml",
    # --- tool output --------------------------------------------------
    "{\"data\":[{\"id\":\"{{n9}}\",\"login\":\"{{chan}}\",\"display_name\":\"{{chan}}\",\"broadcaster_type\":\"affiliate\",\"profile_image_url\":\"https://static-cdn.jtvnw.net/jtv_user_pictures/{{uuid}}-profile_image-300x300.png\"}]}",
    "{\"id\":\"{{uuid}}\",\"status\":\"enabled\",\"type\":\"channel.subscribe\",\"version\":\"1\",\"condition\":{\"broadcaster_user_id\":\"{{n9}}\"},\"transport\":{\"method\":\"webhook\",\"callback\":\"https://{{host}}/eventsub\"},\"created_at\":\"{{ts}}\",\"cost\":1}",
    "Twitch-Eventsub-Message-Id: {{uuid}}\nTwitch-Eventsub-Message-Type: notification\nTwitch-Eventsub-Message-Timestamp: {{ts}}",
    "{\"client_id\":\"{{twcid}}\",\"login\":\"{{chan}}bot\",\"scopes\":[\"chat:read\",\"chat:edit\"],\"user_id\":\"{{n9}}\",\"expires_in\":{{n7}}}",
    "HTTP/1.1 401 Unauthorized\n{\"error\":\"Unauthorized\",\"status\":401,\"message\":\"Invalid OAuth token\"}",
    "{\"message\": \"401: Unauthorized\", \"code\": 0}",
    "x-ratelimit-bucket: {{h32}}\nx-ratelimit-remaining: 4\nx-ratelimit-reset-after: 0.512",
    "cf-ray: {{h16}}-FRA",
    "X-Request-Id: {{uuid}}",
    "traceparent: 00-{{h32}}-{{h16}}-01",
    "Sentry event {{h32}} captured (release {{app}}@{{ver}})",
    "$ kubectl describe secret {{botl}}\nName:         {{botl}}\nNamespace:    bots\nType:         Opaque\n\nData\n====\ntoken:  72 bytes",
    "$ docker secret ls\nID                          NAME            CREATED\n{{lowid25}}   rcon_password   3 days ago",
    "$ vault kv metadata get secret/gameservers/rust\n======= Metadata =======\nKey             Value\n---             -----\ncreated_time    {{ts}}\ncurrent_version 4",
    "$ gh secret list --repo {{repo}}\nMODRINTH_TOKEN       Updated {{date}}\nCURSEFORGE_TOKEN     Updated {{date_b}}\nDISCORD_WEBHOOK      Updated {{date_c}}",
    "$ npm token list\n\u2502 id: {{h6}}\u2026 \u2502 token: npm_\u2026{{a4}} \u2502 publish \u2502 created {{date}} \u2502",
    "$ aws iam list-access-keys --user-name vod-uploader\n{\"AccessKeyMetadata\": [{\"UserName\": \"vod-uploader\", \"AccessKeyId\": \"{{akia}}\", \"Status\": \"Active\"}]}",
    "$ env | grep -i rcon\nRCON_PORT=25575\nRCON_PASSWORD_FILE=/run/secrets/rcon_password",
    "$ printenv | grep TOKEN\nDISCORD_TOKEN=********\nTWITCH_TOKEN=********",
    "$ terraform output\nrcon_password = <sensitive>\nserver_ip     = \"{{ip}}\"",
    "$ ansible-vault view group_vars/all/vault.yml\nERROR! Decryption failed (no vault secrets were found that could decrypt) on group_vars/all/vault.yml",
    "$ANSIBLE_VAULT;1.1;AES256\n{{h64}}\n{{h64_b}}\n{{h64_c}}",
    "mc_rcon_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {{h64}}\n  {{h64_b}}",
    "discord_token: ENC[AES256_GCM,data:{{sopsdata}},iv:{{sopsiv}},tag:{{sopstag}},type:str]",
    "spec:\n  encryptedData:\n    DISCORD_TOKEN: {{sealed}}",
    "trufflehog: 0 verified secrets, 3 unverified results, all in test/fixtures/*.env.example (placeholders)",
    "INF {{n3}} commits scanned.\nINF scan completed in {{ms}}ms\nINF no leaks found",
    "[{\"uuid\": \"{{uuid}}\", \"name\": \"{{player}}\"}, {\"uuid\": \"{{uuid_b}}\", \"name\": \"{{player_b}}\"}]",
    "[{\"uuid\": \"{{uuid}}\", \"name\": \"{{player}}\", \"level\": 4, \"bypassesPlayerLimit\": false}]",
    "{\"name\":\"{{player}}\",\"uuid\":\"{{uuid}}\",\"expiresOn\":\"{{date}} 18:22:04 +0000\"}",
    "[{{time}}] [User Authenticator #{{n1}}/INFO]: UUID of player {{player}} is {{uuid}}",
    "[{{time}}] [Server thread/INFO]: RCON running on 0.0.0.0:25575",
    "[{{time}}] [Server thread/INFO]: Starting Minecraft server on *:25565\n[{{time}}] [Server thread/INFO]: Using epoll channel type\n[{{time}}] [Server thread/INFO]: Preparing level \"world\"",
    "level-seed={{seed}}",
    "Steam game server started. SteamID: 9{{n17}}",
    "Connection to Steam servers successful.\n   Public IP is {{ip}}.\nAssigned persistent gameserver Steam ID [G:1:{{n7}}].",
    "[    c-scripting-core] Creating script environments for qb-core\n[ citizen-server-impl] Server license key authentication succeeded. Welcome!",
    "Client UID: {{tsuid}}",
    "clid=5 cid=1 client_database_id=12 client_nickname={{player}} client_type=0 client_unique_identifier={{tsuid}}",
    "virtualserver_unique_identifier={{tsuid}} virtualserver_name={{world}}\\sVoice virtualserver_port=9987",
    "error id=520 msg=invalid\\sclient\\slogin\\sor\\spassword",
    "Mumble server certificate digest (SHA1): {{colonfp20}}",
    "{{ip}} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{{b43}}",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{{b43}} {{user}}@laptop",
    "-----BEGIN PUBLIC KEY-----\n{{pubbody}}\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n{{certbody}}\n-----END CERTIFICATE-----",
    "-----BEGIN PGP SIGNATURE-----\n\n{{pgpsig}}\n=k{{a4}}\n-----END PGP SIGNATURE-----",
    "Discord application {{snow}} \u2014 PUBLIC KEY {{h64}} (used to verify interaction signatures, safe to share)",
    "APPLICATION ID {{snow}}\nPUBLIC KEY {{h64}}\nINTERACTIONS ENDPOINT URL https://{{host}}/interactions",
    "[Peer]\nPublicKey = {{b64pub}}\nAllowedIPs = 10.66.0.0/24\nEndpoint = {{ip}}:51820\nPersistentKeepalive = 25",
    "https://clips.twitch.tv/{{clipname}}-{{slug}}",
    "VOD uploaded: https://www.youtube.com/watch?v={{yt}}",
    "https://www.youtube.com/playlist?list=PL{{pl32}}",
    "https://steamcommunity.com/sharedfiles/filedetails/?id={{n10}}",
    "Depot 896661 manifest {{n19}} (size {{n9}} bytes)",
    "Modrinth project {{mrid}}, version {{mrid_b}} ({{mod}} {{ver}}) approved",
    "CurseForge file id {{n7}} for project {{n6}}, murmur2 fingerprint {{n10}}",
    "Nexus mod {{n4}} file {{n6}} md5 {{h32}}",
    "Pterodactyl server {{h8}} (uuid {{uuid}}) on node fsn1-{{n2}}",
    "docker_image: ghcr.io/pterodactyl/yolks:java_21@sha256:{{h64}}",
    "\"node_modules/tmi.js\": {\n  \"version\": \"1.8.5\",\n  \"resolved\": \"https://registry.npmjs.org/tmi.js/-/tmi.js-1.8.5.tgz\",\n  \"integrity\": \"sha512-{{b88}}\"\n}",
    "github.com/gorcon/rcon v1.3.5 h1:{{b43}}=",
    "version https://git-lfs.github.com/spec/v1\noid sha256:{{h64}}\nsize {{n7}}",
    "Cache restored from key: gradle-{{os}}-{{h64}}",
    "Cache saved with key: node-cache-Linux-x64-npm-{{h64}}",
    "ETag: W/\"{{h40}}\"",
    "x-amz-request-id: {{upper16}}",
    "Client-Id: {{twcid}}   (public app identifier; fine to ship inside the overlay)",
    "GOOGLE_CLIENT_ID={{n12}}-{{lowid26}}.apps.googleusercontent.com",
    "STRIPE_PUBLISHABLE_KEY=pk_test_placeholder",
    # --- placeholders and masked values -------------------------------
    "DISCORD_TOKEN=${DISCORD_TOKEN}",
    "rcon.password=${RCON_PASSWORD}",
    "stream_key: <your-stream-key>",
    "token: YOUR_BOT_TOKEN_HERE",
    "apikey: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "sv_licenseKey \"changeme\"   # get one at keymaster.fivem.net",
    "ServerAdminPassword=CHANGE_ME",
    "RCON_PASSWORD=<generate with: openssl rand -base64 24>",
    "rcon.password=********",
    "\"token\": \"[REDACTED]\"",
    "Stream key: live_{{n9}}_\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022 (hidden, click to reveal)",
    "GH_TOKEN=ghp_************************************",
    "STRIPE_SECRET_KEY=sk_live_\u2026{{a4}} (last four shown in dashboard)",
    "Authorization: Bearer ***",
    "ALERT_WEBHOOK=https://discord.com/api/webhooks/{{snow}}/<redacted>",
    "password: \"{{ env \\\"DB_PASSWORD\\\" }}\"",
    "webhook: ${{ secrets.DISCORD_WEBHOOK }}",
    "modrinth-token: ${{ secrets.MODRINTH_TOKEN }}",
    "curseforge-token: ${{ secrets.CURSEFORGE_TOKEN }}",
    "env:\n  STEAM_API_KEY: ${{ secrets.STEAM_API_KEY }}\n  APP_ID: 892970",
    "- name: DISCORD_TOKEN\n  valueFrom:\n    secretKeyRef:\n      name: {{botl}}\n      key: token",
    "Run echo \"::add-mask::$TWITCH_TOKEN\"",
    "##[debug]Evaluating: secrets.CURSEFORGE_TOKEN\n##[debug]=> '***'",
    "withCredentials([string(credentialsId: 'ptero-api-key', variable: 'PTERO_KEY')]) { sh './restart.sh' }",
    "script:\n  - 'curl --header \"PRIVATE-TOKEN: $GITLAB_API_TOKEN\" \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/releases\"'",
    "variable \"hcloud_token\" {\n  type      = string\n  sensitive = true\n}",
    "services:\n  mc:\n    env_file: .env\n    environment:\n      RCON_PASSWORD: ${RCON_PASSWORD:?set RCON_PASSWORD in .env}",
    "set mysql_connection_string \"mysql://fivem@localhost/qbcore?charset=utf8mb4\"   # auth via unix socket, no password",
    "set steam_webApiKey \"none\"",
    "sv_password \"\"   // public server, no join password",
    "RCONPassword=",
    "ServerAdminPassword=${ARK_ADMIN_PASSWORD}",
    "sentry_dsn: ${SENTRY_DSN}",
    # --- paths, versions, ids -----------------------------------------
    "C:\\Users\\{{user}}\\AppData\\Roaming\\obs-studio\\basic\\profiles\\Main\\service.json",
    "~/.config/obs-studio/plugin_config/obs-websocket/config.json",
    "/var/lib/pterodactyl/volumes/{{uuid}}/server.properties",
    "/home/steam/.steam/steamapps/workshop/content/892970/{{n10}}/",
    "This server is running Paper version git-Paper-{{n3}} (MC: 1.20.4) (Implementing API version 1.20.4-R0.1-SNAPSHOT) (Git: {{sha7}})",
    "Oxide.Rust {{ver}} loaded, {{n2}} plugins",
    "FXServer-master SERVER v1.0.0.{{n4}} linux",
    "BepInExPack_Valheim 5.4.2202, Jotunn {{ver}}",
    "TeamSpeak 3 Server 3.13.7 (2022-06-20 12:21:53)",
    "adminlist.txt\n// List admin players ID  ONE per line\n{{sid}}\n{{sid_b}}",
    "steam_appid.txt: 892970",
    "BattlEye GUID {{h32}} for {{player}}",
    "Rust: {{sid}}/{{player}} kicked: EAC: Disconnected",
    "identifiers: license:{{h40}} discord:{{snow}} steam:11000010{{h7}}",
    "[txAdmin] admin {{user}} authenticated via Cfx.re (discord:{{snow}})",
    "Patreon tier \"Diamond\" (id {{n7}}) \u2192 LuckPerms group vip",
    "{\"message_id\":\"{{uuid}}\",\"kofi_transaction_id\":\"{{uuid_b}}\",\"type\":\"Donation\",\"from_name\":\"{{player}}\",\"amount\":\"3.00\",\"currency\":\"EUR\"}",
    "@badge-info=subscriber/{{n2}};badges=subscriber/12;color=#1E90FF;display-name={{player}};emotes=;id={{uuid}};tmi-sent-ts={{epoch}}123;user-id={{n9}} :{{chan}}!{{chan}}@{{chan}}.tmi.twitch.tv PRIVMSG #{{chan}} :PogChamp",
    "EventSub websocket welcome: session id {{eventsubsess}}, keepalive 10s",
    "asset cache: overlays/{{h40}}.webm",
    "http://textures.minecraft.net/texture/{{h64}}",
    "Signed-off-by: {{name}} <{{email}}>",
    "SSH host key fingerprint: ED25519 SHA256:{{fp}}",
    "Job {{job}} finished: SUCCESS (commit {{sha}})",
    "image: ghcr.io/{{repo}}@sha256:{{h64}}",
    "Twitch badge set {{uuid}} (1/3/6/12 months)",
    # --- prose about secrets, policies and storage --------------------
    "{{name}}: where do we keep the rcon password again?\n{{name_b}}: it's in Vaultwarden under Servers \u2192 Rust, ask me for access",
    "{{name}}: I reset the stream key, the old one is dead now. The new one only lives in OBS on the stream PC.",
    "Das Passwort steht im Vaultwarden, nicht im Discord \u2013 bitte dort nachsehen.",
    "La contrase\u00f1a est\u00e1 en el gestor de contrase\u00f1as, no la pegues aqu\u00ed.",
    "\u30d1\u30b9\u30ef\u30fc\u30c9\u306fBitwarden\u306b\u3042\u308a\u307e\u3059\u3002\u3053\u3053\u306b\u306f\u8cbc\u3089\u306a\u3044\u3067\u304f\u3060\u3055\u3044\u3002",
    "\u5bc6\u7801\u5728 1Password \u7684 Servers \u4fdd\u9669\u5e93\u91cc\uff0c\u522b\u53d1\u7fa4\u91cc\u3002",
    "\u041f\u0430\u0440\u043e\u043b\u044c \u043b\u0435\u0436\u0438\u0442 \u0432 Vault (secret/gameservers/rust), \u0432 \u0447\u0430\u0442 \u043d\u0435 \u043a\u0438\u0434\u0430\u0439.",
    "Le mot de passe RCON est dans le coffre Bitwarden de l'\u00e9quipe, dossier Serveurs.",
    "A senha do painel fica no cofre do Bitwarden, pasta Servidores.",
    "Staff passwords: minimum 14 characters, no reuse of the last 5, 2FA required on the panel.",
    "Password must be 12\u201364 characters and contain at least one number.",
    "The RCON password is stored in Pterodactyl's startup variables (RCON_PASS) and is never logged.",
    "We rotate the Discord bot token every 90 days; last rotation {{date}}.",
    "Note: the Twitch client ID is public and safe to embed in the overlay; the client secret stays on the server.",
    "Don't paste full Discord attachment links in public notes \u2014 the hm= parameter is a signature.",
    "Passwordless login via Discord OAuth is enabled for the panel.",
    "FORGOT_PASSWORD_URL=https://{{host}}/auth/password/reset",
    "password_reset_expire_minutes = 60",
    "The Twitch auth-token cookie is HttpOnly and expires after 60 days.",
    "min_password_length: 12\nrequire_symbols: true\npassword_history: 5",
    "EventSub transport secret: generated per subscription (32 random bytes), stored in Redis key eventsub:secret:{{uuid}}",
    "Decision: the stream key never goes into the repo; OBS reads it from service.json on the streaming PC only.",
    "TODO: move STEAM_API_KEY out of config.js into the host's environment (see issue #{{n3}}).",
    "Goal: rotate the Tebex secret after the leak; the new value goes straight into Vault, not into this note.",
    "Observation: .env is listed in .gitignore and was never committed (checked git log --all -- .env).",
    "Reminder: reset the YouTube stream key from YouTube Studio if it ever shows up on screen.",
    "Ko-fi verification token: stored as the KOFI_TOKEN secret in the Cloudflare worker (set via wrangler secret put).",
    "The FiveM license key lives in txAdmin's settings, not in server.cfg.",
    "The Mumble SuperUser password was set with murmurd -supw and is kept in the team vault.",
    "TOTP enabled for {{user}}; recovery codes are printed and stored offline.",
    "fix: stop logging the RCON password in debug mode ({{sha7}})",
    "chore(ci): move MODRINTH_TOKEN and CURSEFORGE_TOKEN to repository secrets",
    "refactor: read DISCORD_TOKEN from process.env instead of config.json",
    "docs(readme): never commit .env; copy .env.example and fill in your own keys",
    "security: rotate all webhooks after the #general leak ({{date}})",
    "[{{time}}] [Server thread/WARN]: [DiscordSRV] Bot token is invalid, please check config.yml (token not shown)",
    "discord.errors.LoginFailure: Improper token has been passed.",
    "[{{time}} ERROR]: Access denied for user 'luckperms'@'{{ip}}' (using password: YES)",
    "FATAL:  password authentication failed for user \"modhub\"",
    "HikariPool-1 - dataSource.password..............<masked>",
    "WARN  twitch4j: token for {{chan}} expired, refreshing via stored refresh token (value not logged)",
    "[auth] streamlabs socket token loaded from keychain (length 240)",
    "tmi.js: [{{chan}}bot] Login authentication failed",
    "rcon: authentication failed for {{ip}}:28016 (bad password) \u2014 3 attempts, banned for 10m",
    "ufw: [UFW BLOCK] IN=eth0 SRC={{ip}} DST={{ip_b}} PROTO=TCP DPT=25575",
    "const token = process.env.DISCORD_TOKEN;\nif (!token) throw new Error('DISCORD_TOKEN missing');",
    "password = os.environ[\"RCON_PASSWORD\"]",
    "if not hmac.compare_digest(expected, request.headers[\"Twitch-Eventsub-Message-Signature\"]):\n    abort(403)",
    "CREATE USER 'fivem'@'localhost' IDENTIFIED WITH auth_socket;",
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "token = Column(String(64), nullable=False)  # stored as sha256 hex of the real token",
    "String secret = System.getenv(\"TEBEX_SECRET\");",
    "let token = std::env::var(\"DISCORD_TOKEN\").expect(\"set DISCORD_TOKEN\");",
    "local apiKey = GetConvar(\"steam_webApiKey\", \"\")",
    "Config.DiscordBotToken = GetConvar('discord_bot_token', '')",
    "$password = getenv('DB_PASSWORD');",
    "password: process.env.RCON_PASSWORD ?? (() => { throw new Error('RCON_PASSWORD') })()",
    "{\"alg\": \"HS256\", \"typ\": \"JWT\"} is the header every StreamElements token shares",
    "sha1(\"{{player}}\") = {{h40}}   # cache key for the skin proxy",
    "md5 of modpack zip: {{h32}}",
    "blake3 {{h64}}  world-{{date}}.tar.zst",
    "crc32 {{h8}}  {{mod}}-{{ver}}.jar",
    "session_id={{uuid}} (analytics, not an auth cookie)",
    "Twitch user id {{n9}}, broadcaster id {{n9_b}}",
    "Discord guild {{guild}}, channel {{snow}}, role {{snow_b}}",
    "Patreon campaign id {{n7}}",
    "Steam64 {{sid}} \u2192 SteamID [U:1:{{n9}}]",
    "YouTube channel UC{{pl32}}",
    "ts3 channel password is disabled for the Lobby; Staff channel uses server groups instead of a password",
    _b_skin, _b_b64motd, _b_b64label, _b_servericon, _b_jwt_header_only,
]


def _build_benign(target=950):
    out = []
    seen = set()
    for _pass in range(60):
        for t in _BENIGN_T:
            c = _Ctx()
            s = t(c) if callable(t) else _fill(t, c)
            if s in seen:
                continue
            seen.add(s)
            out.append(s)
            if len(out) >= target:
                return out
    return out


BENIGN.extend(_build_benign())

del C, T, F, S, L, N, D, V
