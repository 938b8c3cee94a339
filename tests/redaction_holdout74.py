"""Blind hold-out corpus #74 for a secret-redaction engine.

What it is
----------
A list of text fragments of the kind a coding agent (Claude Code, Codex,
Gemini CLI) keeps as its working state -- goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines, CI configuration -- each one
carrying exactly one credential that a redaction engine must remove, plus a
list of look-alike fragments that carry no credential at all and must be
left alone.

Theme
-----
Game development studios: Unity and Unreal projects and their cloud
services (Unity Gaming Services, Epic Online Services), Steamworks partner
keys and depot uploads (steamcmd, ContentBuilder), console dev-kit and
certification portals, PlayFab title secrets, anti-cheat and crash
reporting (Backtrace, Sentry), build farms (Jenkins, TeamCity, Horde),
Perforce depots, localisation vendors and app-store publishing of mobile
games.  Generic infrastructure (databases, caches, registries, chat
webhooks) appears the way it does around such a studio.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted.  Where a vendor's real credential shape is
known it is imitated (prefixes such as ghp_, glpat-, xoxb-, sk_live_,
AKIA...); where it is not known a plausible shape was invented.  Every
host, person, studio, game, account and value is fictitious and every
random value is freshly drawn; none is a working credential.

Layout
------
SECRETS -- list of 5-tuples (group, format, text, secret, visible):
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each format appears at most 3
             times
    text     the fragment as the agent recorded it
    secret   exact substring of text that must not survive redaction
             (only the key body for PEM keys, only the signature for signed
             URLs, only the password for user:password pairs)
    visible  substring of text that must stay readable, or ""
BENIGN  -- list of distinct strings with no credential in them that still
           look secret-ish (hashes, ids, public keys, placeholders, masked
           values, references to secret stores, prose about passwords).

Determinism
-----------
All randomness comes from one random.Random(SEED) instance, _R, consumed in
a fixed order at import time; importing the module twice yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's rules for the 70th to 73rd: recall 0.964 (1,434 of 1,488; 1,432
with the engine at that session's start) and false positives 28 of 950 (2.9%; 30, 3.2%, at its
start). Its look-alikes tuned on since: 0.964 and 5 of 950 (0.5%).
"""
import base64
import json
import random
import re
import string
from urllib.parse import quote

SEED = 7474
_R = random.Random(SEED)

# --------------------------------------------------------------------------
# low-level random helpers
# --------------------------------------------------------------------------
_AN = string.ascii_letters + string.digits
_LAN = string.ascii_lowercase + string.digits
_UAN = string.ascii_uppercase + string.digits
_B64C = _AN + "+/"
_B64U = _AN + "-_"
_HEXC = "0123456789abcdef"


def _c(alphabet, n):
    return "".join(_R.choice(alphabet) for _ in range(n))


def _hex(n):
    return _c(_HEXC, n)


def _HEX(n):
    return _c(_HEXC.upper(), n)


def _dig(n):
    return str(_R.randint(1, 9)) + _c(string.digits, n - 1)


def _pick(seq):
    return _R.choice(seq)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"),
                                  h[17:20], h[20:32])


def _b64s(s):
    return base64.b64encode(s.encode()).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


# --------------------------------------------------------------------------
# human passwords
# --------------------------------------------------------------------------
_WORDS = (
    "amber anchor apple arrow autumn badger banjo basil beacon birch biscuit "
    "blizzard bramble breeze cactus canyon captain carbon castle cedar cherry "
    "cinder clover cobalt comet copper coral cosmic cricket crimson crystal "
    "dagger dragon drift ember falcon fennel ferret fig flint forest fossil "
    "galaxy garnet gecko ginger glacier goblin granite griffin harbor hazel "
    "hollow honey horizon iris ivory jade jasper kettle kiwi lantern lemon "
    "lilac lunar lynx mango maple marble meadow meteor mint mocha moss nebula "
    "nectar nimbus nova oak oasis olive onyx opal orbit otter panda pepper "
    "pebble phoenix pine plasma plum polar poppy prism pumpkin quartz quill "
    "raven ripple river rocket ruby saffron sage sapphire shadow sierra silver "
    "sparrow spruce storm summit sunset tango thistle thunder tiger timber "
    "topaz tulip tundra turbo velvet violet walnut willow wizard zephyr "
    "waffle noodle pretzel muffin tofu walrus yak bison moose heron puffin "
    "llama koala wombat narwhal axolotl"
).split()
_SYM = "!%*-_+=.?^@#"
_SYLL = ("ka ko ri ru ta to mi mo ne na zu vi la le po pa se sa du do "
         "fe fi gu ga ho hi ju je ky be bo ce co xa").split()
_SEASONS = ["Winter", "Spring", "Summer", "Autumn", "Fall", "January",
            "October", "March", "Studio", "Welcome", "Password", "Letmein",
            "Gamedev", "Release", "Launch", "Crunch", "Milestone", "Alpha"]


def _leet(w):
    tr = {"a": "@", "e": "3", "o": "0", "i": "1", "s": "5", "t": "7"}
    return "".join(tr.get(ch, ch) if _R.random() < 0.6 else ch for ch in w)


def _pw_style():
    k = _R.randint(0, 8)
    if k == 0:
        return (_pick(_WORDS).capitalize() + _pick(["", _pick(_WORDS)]) +
                str(_R.randint(1, 9999)) + _pick(_SYM))
    if k == 1:
        sep = _pick(["-", ".", "_", ""])
        ws = [_pick(_WORDS) for _ in range(_R.randint(3, 4))]
        if sep == "":
            ws = [w.capitalize() for w in ws]
        return sep.join(ws) + sep + str(_R.randint(2, 99))
    if k == 2:
        s = "".join(_pick(_SYLL) for _ in range(_R.randint(3, 5)))
        return s.capitalize() + str(_R.randint(10, 999)) + _pick(["", "!", "?", "#"])
    if k == 3:
        return _c(_AN + _SYM, _R.randint(12, 24))
    if k == 4:
        return (_leet(_pick(_WORDS)).capitalize() + _pick(_SYM) +
                str(_R.randint(1970, 2031)) + _c(string.ascii_letters, 2))
    if k == 5:
        return (_pick(_SEASONS) + str(_R.randint(2015, 2026)) + _pick(_SYM) +
                _c(_AN, _R.randint(2, 4)))
    if k == 6:
        return (_pick(_WORDS) + "_" + _pick(_WORDS) + "_" +
                str(_R.randint(100, 99999)))
    if k == 7:
        return _c(_AN, _R.randint(16, 32))
    return (_pick(["Qwerty", "Asdf", "Zxcv", "1q2w3e", "Qaz", "Poiu"]) +
            _pick(_SYM) + _pick(_WORDS).capitalize() + str(_R.randint(10, 9999)))


def _pw():
    return _pw_style()


def _pwu():
    s = _pw_style()
    return "".join(ch if (ch.isalnum() or ch in "-_.~") else _pick("-_.")
                   for ch in s)


def _phrase():
    n = _R.randint(4, 6)
    sep = _pick([" ", " ", "-", " "])
    return sep.join(_pick(_WORDS) for _ in range(n))


# --------------------------------------------------------------------------
# vendor-ish token shapes
# --------------------------------------------------------------------------
def _jwt(alg="HS256", extra=None):
    hdr = _b64us(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = {"sub": _uuid(), "iat": _R.randint(1700000000, 1760000000)}
    body["exp"] = body["iat"] + _pick([900, 3600, 86400])
    if extra:
        body.update(extra)
    pl = _b64us(json.dumps(body, separators=(",", ":")))
    return hdr + "." + pl + "." + _b64u(32 if alg.startswith("HS") else 256)


_PEM_PREFIX = {
    "rsa": bytes.fromhex("308204a40201000282010100"),
    "pk8": bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7"),
    "ec": bytes.fromhex("307702010104"),
    "ossh": b"openssh-key-v1\x00\x00\x00\x00",
    "p8": bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107"),
}
_PEM_LEN = {"rsa": 1180, "pk8": 1205, "ec": 115, "ossh": 380, "p8": 125}


def _pem_body(kind, sep):
    raw = _PEM_PREFIX[kind] + _rbytes(_PEM_LEN[kind])
    b = base64.b64encode(raw).decode()
    return sep.join(b[i:i + 64] for i in range(0, len(b), 64))


def _discord_bot():
    uid = str(_R.randint(10 ** 17, 10 ** 18 * 2))
    return (_b64s(uid).rstrip("=") + "." + _c(_B64U, 6) + "." +
            _c(_B64U, 38))


_V = {
    "ghp": lambda: "ghp_" + _c(_AN, 36),
    "gho": lambda: "gho_" + _c(_AN, 36),
    "ghu": lambda: "ghu_" + _c(_AN, 36),
    "ghs": lambda: "ghs_" + _c(_AN, 36),
    "ghr": lambda: "ghr_" + _c(_AN, 76),
    "ghfg": lambda: "github_pat_11" + _c(_UAN, 20) + "_" + _c(_AN, 59),
    "glpat": lambda: "glpat-" + _c(_B64U, 20),
    "glrt": lambda: "glrt-" + _c(_B64U, 20),
    "gldt": lambda: "gldt-" + _c(_B64U, 20),
    "glptt": lambda: "glptt-" + _hex(40),
    "glcbt": lambda: "glcbt-" + _c(_AN, 2) + "_" + _c(_B64U, 20),
    "xoxb": lambda: "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _c(_AN, 24)),
    "xoxp": lambda: "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32)),
    "xapp": lambda: "xapp-1-A%s-%s-%s" % (_c(_UAN, 10), _dig(13), _hex(64)),
    "slackhook": lambda: _c(_AN, 24),
    "discord": _discord_bot,
    "discordhook": lambda: _c(_B64U, 68),
    "akia": lambda: "AKIA" + _c(_UAN.replace("0", "").replace("1", ""), 16),
    "awssecret": lambda: _c(_AN + "+/", 40),
    "awssession": lambda: "IQoJb3JpZ2luX2VjE" + _c(_B64C, 300),
    "aiza": lambda: "AIza" + _c(_AN + "-_", 35),
    "gocspx": lambda: "GOCSPX-" + _c(_B64U, 28),
    "grefresh": lambda: "1//0" + _c(string.ascii_letters, 1) + _c(_B64U, 98),
    "sas": lambda: quote(_b64(32), safe=""),
    "azsecret": lambda: _c(_AN, 3) + "8Q~" + _c(_AN + "-_.~", 34),
    "azdevops": lambda: _c("abcdefghijklmnopqrstuvwxyz234567", 52),
    "azstorage": lambda: _b64(64),
    "sklive": lambda: "sk_live_51" + _c(_AN, 93),
    "rklive": lambda: "rk_live_51" + _c(_AN, 93),
    "whsec": lambda: "whsec_" + _c(_AN, 32),
    "twilio": lambda: _hex(32),
    "sendgrid": lambda: "SG." + _c(_B64U, 22) + "." + _c(_B64U, 43),
    "npm": lambda: "npm_" + _c(_AN, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmcCJG" + _c(_B64U, 150),
    "dckr": lambda: "dckr_pat_" + _c(_B64U, 27),
    "openai": lambda: "sk-proj-" + _c(_B64U, 48) + "T3BlbkFJ" + _c(_B64U, 48),
    "anthropic": lambda: "sk-ant-api03-" + _c(_B64U, 93) + "AA",
    "hf": lambda: "hf_" + _c(string.ascii_letters, 34),
    "dd": lambda: _hex(32),
    "ddapp": lambda: _hex(40),
    "nrak": lambda: "NRAK-" + _c(_UAN, 27),
    "nrlicense": lambda: _hex(36) + "NRAL",
    "sntrys": lambda: "sntrys_eyJpYXQiOj" + _c(_AN, 110) + "_" + _c(_AN + "+/", 43),
    "sntryu": lambda: "sntryu_" + _hex(64),
    "hvs": lambda: "hvs.CAESI" + _c(_B64U, 86),
    "hvb": lambda: "hvb.AAAAAQ" + _c(_B64U, 120),
    "atlas": lambda: _c(_AN, 14) + ".atlasv1." + _c(_AN, 67),
    "pulumi": lambda: "pul-" + _hex(40),
    "glsa": lambda: "glsa_" + _c(_AN, 32) + "_" + _hex(8),
    "glc": lambda: "glc_eyJvIjoi" + _c(_AN + "+/", 110) + "=",
    "dop": lambda: "dop_v1_" + _hex(64),
    "doppler": lambda: "dp.st.prd." + _c(_AN, 40),
    "linear": lambda: "lin_api_" + _c(_AN, 40),
    "pmak": lambda: "PMAK-" + _hex(24) + "-" + _hex(34),
    "shpat": lambda: "shpat_" + _hex(32),
    "mailgun": lambda: "key-" + _hex(32),
    "atlassian": lambda: "ATATT3xFfGF0" + _c(_B64U, 180) + "=" + _HEX(8),
    "figma": lambda: "figd_" + _c(_B64U, 40),
    "notion": lambda: "ntn_" + _c(_AN, 46),
    "buildkite": lambda: "bkua_" + _hex(40),
    "circleci": lambda: "CCIPAT_" + _c(_AN, 22) + "_" + _hex(40),
    "jfrog": lambda: "AKCp" + _c(_AN, 69),
    "cloudflare": lambda: _c(_B64U, 40),
    "twitch": lambda: _c(_LAN, 30),
    "steamkey": lambda: _HEX(32),
    "playfab": lambda: _c(_UAN, 52),
    "eossecret": lambda: _c(_AN + "+/", 43),
    "eosenc": lambda: _hex(64),
    "ugssecret": lambda: _c(_LAN, 32),
    "backtrace": lambda: _hex(64),
    "modio": lambda: _hex(32),
    "gasecret": lambda: _hex(40),
    "jenkins": lambda: "11" + _hex(32),
    "teamcity": lambda: "eyJ0eXAiOiAiVENWMiJ9." + _c(_B64U, 43) + "." + _c(_B64U, 64),
    "p4ticket": lambda: _HEX(32),
    "appspecific": lambda: "-".join(_c(string.ascii_lowercase, 4) for _ in range(4)),
    "butler": lambda: _c(_LAN, 40),
    "crowdin": lambda: _hex(80),
    "lokalise": lambda: _hex(40),
    "phrase": lambda: _hex(64),
    "deepl": lambda: _uuid() + ":fx",
    "fcm": lambda: "AAAA" + _c(_B64U, 7) + ":APA91b" + _c(_B64U, 134),
    "unityserial": lambda: _c(_UAN, 2) + "".join("-" + _c(_UAN, 4) for _ in range(5)),
    "jwt": lambda: _jwt(),
    "jwtrs": lambda: _jwt("RS256", {"iss": "https://auth.example"}),
    "s3sig": lambda: _hex(64),
    "gcssig": lambda: _hex(512),
    "cfsig": lambda: _b64(128).replace("+", "-").replace("=", "_").replace("/", "~"),
    "steamvdf": lambda: _hex(160),
    "myacinfo": lambda: "DAWTKNV323952cf8084a204fb20ab2508441a07d02d3" + _hex(180),
    "asc": lambda: _b64(300),
    "hordetoken": lambda: _c(_AN, 64),
    "acr": lambda: _c(_AN + "+/", 52),
}


# --------------------------------------------------------------------------
# secret kinds: "name" or "name:arg" or a callable taking the context
# --------------------------------------------------------------------------
_SEEN = set()


def _kind_value(kind, c):
    if callable(kind):
        return kind(c)
    name, _, arg = kind.partition(":")
    n = int(arg) if arg.isdigit() else 0
    if name == "pw":
        return _pw()
    if name == "pwu":
        return _pwu()
    if name == "phrase":
        return _phrase()
    if name == "hex":
        return _hex(n)
    if name == "HEX":
        return _HEX(n)
    if name == "an":
        return _c(_AN, n)
    if name == "lan":
        return _c(_LAN, n)
    if name == "uan":
        return _c(_UAN, n)
    if name == "dig":
        return _dig(n)
    if name == "b64":
        return _b64(n)
    if name == "b64u":
        return _b64u(n)
    if name == "pem":
        return _pem_body(arg, "\n")
    if name == "pemj":
        return _pem_body(arg, "\\n")
    if name == "basic":
        return _b64s(c["user"] + ":" + _pwu())
    if name == "b64pw":
        return _b64s(_pw())
    if name == "v":
        return _V[arg]()
    raise ValueError(kind)


def _secret(kind, c):
    for _ in range(200):
        v = _kind_value(kind, c)
        if len(v) >= 6 and v not in _SEEN:
            _SEEN.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret for %r" % (kind,))


# --------------------------------------------------------------------------
# context fillers (hosts, people, ids ...), drawn lazily per fragment
# --------------------------------------------------------------------------
_STUDIOS = ["ironfern", "moonwake", "pixelharbor", "brasslantern", "northgale",
            "quietfox", "emberlight", "tidewater", "hollowpine", "glassbird",
            "rookery", "saltmarsh", "kitefall", "lumenforge", "otterbyte"]
_TLDS = [".internal", ".lan", ".corp", "-games.example", ".studio.test",
         ".example.net", ".local"]
_ROLES = ["build", "p4", "ci", "horde", "agent", "tc", "jenkins", "symbols",
          "crash", "db", "cache", "ddc", "mm", "liveops", "win-agent", "mac-mini",
          "swarm", "nexus", "files", "zen"]
_PEOPLE = ["Aiko", "Mateus", "Oskar", "Priya", "Lena", "Tomasz", "Chloe",
           "Diego", "Yuki", "Sven", "Amara", "Jonas", "Mei", "Rafael", "Ingrid",
           "Kenji", "Noor", "Emeka", "Sofia", "Hannu", "Minji", "Luca", "Zofia",
           "Arjun", "Dmitri", "Fatima", "Bram", "Ines", "Kwame", "Linh",
           "Olek", "Paula", "Rune", "Saoirse", "Tariq", "Vera", "Wen", "Ayla"]
_SURN = ["Nowak", "Silva", "Tanaka", "Berg", "Okafor", "Rossi", "Kim", "Patel",
         "Moreau", "Lindqvist", "Garcia", "Virtanen", "Kowalski", "Hughes",
         "Nguyen", "Sato", "Fischer", "Haddad", "Costa", "Ivanova"]
_SVC = ["svc_build", "builder", "buildmachine", "ci-steam", "svc_p4",
        "jenkins", "deploy", "tc_agent", "horde-agent", "release-bot",
        "ci_uploader", "steam_builder", "qa_automation", "p4admin", "perforce"]
_CODES = ["kestrel", "wren", "basilisk", "marigold", "juniper", "oxbow",
          "tern", "cobalt", "halcyon", "skiff", "bramble", "sable", "quokka",
          "monsoon", "lodestar", "pippin"]
_GAMES = ["Starfall Drift", "Hollow Crown", "Tinker Tactics", "Neon Orchard",
          "Ashen Tide", "Rift Couriers", "Pocket Paladins", "Frostline",
          "Kite Kingdoms", "Salt and Sigil", "Moss Knights", "Lantern Run",
          "Gearbound", "Tidecallers", "Velvet Circuit"]
_DBS = ["telemetry", "matchmaking", "liveops", "players", "leaderboards",
        "economy", "buildstats", "crashdb", "entitlements", "ugc"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1",
            "ap-northeast-1", "ap-southeast-2", "sa-east-1"]
_BRANCHES = ["main", "release/1.4", "dev-kestrel", "hotfix/crash-on-resume",
             "feature/eos-crossplay", "release/2.0-cert", "live", "stage",
             "perf/gpu-skinning", "fix/steam-overlay"]
_PLATFORMS = ["Win64", "PS5", "XSX", "Switch", "Android", "IOS", "Linux",
              "Mac", "XboxOneGDK", "PS4"]
_ENVS = ["prod", "staging", "dev", "qa", "cert", "loadtest"]
_LANGS = ["de-DE", "fr-FR", "es-ES", "ja-JP", "ko-KR", "zh-Hans", "pt-BR",
          "pl-PL", "ru-RU", "it-IT", "tr-TR", "zh-Hant"]
_LOCVENDORS = ["Babelreach", "Glossa Works", "LinguaForge", "Polyglot Pines",
               "TransQuest", "Wordhoard Loc"]
_CHANNELS = ["#build-farm", "#release", "#liveops", "#devkits", "#loc",
             "#crash-triage", "#platform-cert", "#ops-private", "#art-pipeline"]


def _f_dom(c):
    return c["studio"] + _pick(_TLDS)


def _f_host(c):
    return "%s-%02d.%s" % (_pick(_ROLES), _R.randint(1, 40), c["dom"])


def _f_person2(c):
    while True:
        p = _pick(_PEOPLE)
        if p != c["person"]:
            return p


def _f_user(c):
    k = _R.randint(0, 3)
    if k == 0:
        return _pick(_SVC)
    if k == 1:
        return c["person"].lower()
    if k == 2:
        return c["person"][0].lower() + "." + _pick(_SURN).lower()
    return c["person"].lower() + "_" + _pick(["ci", "qa", "build", "dev"])


_FILL = {
    "studio": lambda c: _pick(_STUDIOS),
    "Studio": lambda c: c["studio"].capitalize(),
    "dom": _f_dom,
    "host": _f_host,
    "host2": lambda c: _f_host(c),
    "ip": lambda c: "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 250)),
    "ip2": lambda c: "192.168.%d.%d" % (_R.randint(0, 20), _R.randint(2, 250)),
    "person": lambda c: _pick(_PEOPLE),
    "person2": _f_person2,
    "surname": lambda c: _pick(_SURN),
    "user": _f_user,
    "svc": lambda c: _pick(_SVC),
    "email": lambda c: "%s.%s@%s.example" % (c["person"].lower(), _pick(_SURN).lower(), c["studio"]),
    "code": lambda c: _pick(_CODES),
    "Code": lambda c: c["code"].capitalize(),
    "CODE": lambda c: c["code"].upper(),
    "game": lambda c: _pick(_GAMES),
    "slug": lambda c: c["game"].lower().replace(" ", "-"),
    "db": lambda c: _pick(_DBS),
    "region": lambda c: _pick(_REGIONS),
    "cl": lambda c: str(_R.randint(180000, 9999999)),
    "ver": lambda c: "%d.%d.%d" % (_R.randint(0, 3), _R.randint(0, 19), _R.randint(0, 40)),
    "bld": lambda c: str(_R.randint(100, 9999)),
    "appid": lambda c: str(_R.randint(1000000, 3300000)),
    "depot": lambda c: str(int(c["appid"]) + _R.randint(1, 9)),
    "branch": lambda c: _pick(_BRANCHES),
    "date": lambda c: "20%02d-%02d-%02d" % (_R.randint(23, 26), _R.randint(1, 12), _R.randint(1, 28)),
    "time": lambda c: "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "ts": lambda c: "%sT%s.%03dZ" % (c["date"], c["time"], _R.randint(0, 999)),
    "uedate": lambda c: "%s-%s:%03d" % (c["date"].replace("-", "."), c["time"].replace(":", "."), _R.randint(0, 999)),
    "uuid": lambda c: _uuid(),
    "uuid2": lambda c: _uuid(),
    "sha": lambda c: _hex(40),
    "sha7": lambda c: _hex(7),
    "sha256": lambda c: _hex(64),
    "hex8": lambda c: _hex(8),
    "hex16": lambda c: _hex(16),
    "hex24": lambda c: _hex(24),
    "hex32": lambda c: _hex(32),
    "HEX32": lambda c: _HEX(32),
    "HEX16": lambda c: _HEX(16),
    "n": lambda c: str(_R.randint(2, 60)),
    "num": lambda c: str(_R.randint(100, 99999)),
    "pid": lambda c: str(_R.randint(300, 65000)),
    "port": lambda c: str(_pick([5432, 3306, 6379, 1666, 8080, 8443, 27017, 5672, 9000])),
    "ticket": lambda c: "%s-%d" % (_pick(["GAME", "BUILD", "OPS", "LIVE", "CERT", "LOC", "TECH"]), _R.randint(100, 9999)),
    "platform": lambda c: _pick(_PLATFORMS),
    "env": lambda c: _pick(_ENVS),
    "bucket": lambda c: "%s-%s-%s" % (c["studio"], _pick(["builds", "symbols", "crashes", "patches", "ddc"]), c["env"]),
    "title": lambda c: _HEX(5),
    "org": lambda c: c["studio"] + _pick(["-games", "-studio", "", "-dev"]),
    "keyid": lambda c: _c(_UAN, 10),
    "digits": lambda c: _dig(18),
    "steamid": lambda c: "7656119" + _c(string.digits, 10),
    "lang": lambda c: _pick(_LANGS),
    "vendor": lambda c: _pick(_LOCVENDORS),
    "channel": lambda c: _pick(_CHANNELS),
    "eosid": lambda c: _hex(32),
    "eosclient": lambda c: "xyza7891" + _c(_AN, 24),
    "akid": lambda c: _V["akia"](),
    "ms": lambda c: str(_R.randint(3, 2400)),
    "size": lambda c: "%.1f" % (_R.uniform(0.2, 90.0)),
    "fp": lambda c: ":".join(_HEX(2) for _ in range(20)),
    "fp32": lambda c: ":".join(_HEX(2) for _ in range(32)),
    "sshfp": lambda c: _b64(32).rstrip("="),
    "b64txt": lambda c: _b64s(_pick([
        "hello from build agent", "nightly build ok", "player_count=42",
        "{\"map\":\"Harbor\",\"mode\":\"ctf\"}", "see you at the playtest",
        "Localization pass 3 complete", "this is not a secret",
        "level=forest_02;weather=rain", "crash repro: alt-tab during load",
        "release notes draft v%d" % _R.randint(1, 40),
        "sprint %d retro notes" % _R.randint(1, 90),
        "{\"build\":%d,\"platform\":\"Win64\"}" % _R.randint(100, 9999)])),
    "hour": lambda c: str(_R.randint(1, 23)),
    "pct": lambda c: str(_R.randint(1, 99)),
    "acct": lambda c: _dig(12),
}

_PH = re.compile("\u27e6([A-Za-z0-9_]+)\u27e7")


class _Ctx(dict):
    def __missing__(self, key):
        val = _FILL[key](self)
        self[key] = val
        return val


def _render(tpl, c):
    return _PH.sub(lambda m: c[m.group(1)], tpl)


_SPECS = []


def _adder(group):
    def add(fmt, kind, vis, tpl):
        _SPECS.append((group, fmt, kind, vis, tpl))
    return add


# ==========================================================================
# group: command
# ==========================================================================
_a = _adder("command")
_a("steamcmd-login-positional-password", "pw", "+run_app_build",
   "steamcmd.exe +login ⟦svc⟧ ⟦S⟧ +run_app_build ..\\scripts\\app_build_⟦appid⟧.vdf +quit")
_a("steamcmd-sh-login-quoted-with-guard", "pw", "./steamcmd.sh",
   "./steamcmd.sh +@ShutdownOnFailedCommand 1 +@NoPromptForPassword 1 +login ci_⟦studio⟧ '⟦S⟧' ⟦keyid⟧ +run_app_build /home/ci/sdk/tools/ContentBuilder/scripts/app_⟦appid⟧_⟦branch⟧.vdf +quit")
_a("p4-login-echo-pipe", "pw", "ssl:⟦host⟧:1666",
   "echo '⟦S⟧' | p4 -p ssl:⟦host⟧:1666 -u ⟦user⟧ login -a")
_a("p4-set-p4passwd-windows", "pw", "p4 set P4PORT",
   "p4 set P4PORT=ssl:⟦host⟧:1666\np4 set P4USER=⟦user⟧\np4 set P4PASSWD=⟦S⟧\np4 set P4CLIENT=⟦user⟧_⟦code⟧_ws")
_a("export-p4-env-oneliner", "pw", "P4USER=⟦user⟧",
   "export P4PORT=ssl:⟦host⟧:1666 P4USER=⟦user⟧ P4PASSWD='⟦S⟧' && p4 sync -q //⟦code⟧/main/...@⟦cl⟧")
_a("curl-playfab-x-secretkey", "v:playfab", "https://⟦title⟧.playfabapi.com",
   "curl -s -X POST https://⟦title⟧.playfabapi.com/Server/GetUserAccountInfo \\\n  -H \"X-SecretKey: ⟦S⟧\" \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"PlayFabId\":\"⟦HEX16⟧\"}' | jq .data")
_a("curl-user-flag-jenkins-api-token", "v:jenkins", "buildWithParameters",
   "curl -X POST -u ⟦user⟧:⟦S⟧ \"https://⟦host⟧/job/⟦code⟧-nightly/buildWithParameters?PLATFORM=⟦platform⟧&CL=⟦cl⟧\"")
_a("curl-bearer-eos-web-api", "v:jwtrs", "api.epicgames.dev",
   "curl -sS -H \"Authorization: Bearer ⟦S⟧\" https://api.epicgames.dev/auth/v1/accounts?accountId=⟦eosid⟧")
_a("mysql-dash-p-attached", "pw", "-h ⟦host⟧",
   "mysql -h ⟦host⟧ -u ⟦user⟧ -p'⟦S⟧' ⟦db⟧ -e \"SELECT COUNT(*) FROM sessions WHERE created_at > NOW() - INTERVAL 1 HOUR;\"")
_a("psql-uri-inline-password", "pwu", "⟦host⟧:5432",
   "psql \"postgresql://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧?sslmode=require\" -c '\\dt+ public.*'")
_a("pg-dump-pgpassword-prefix", "pw", "pg_dump -h ⟦host⟧",
   "PGPASSWORD='⟦S⟧' pg_dump -h ⟦host⟧ -U ⟦user⟧ -Fc ⟦db⟧ > /mnt/backup/⟦db⟧_⟦date⟧.dump")
_a("redis-cli-tls-dash-a", "pw", "redis-cli -h ⟦host⟧",
   "redis-cli -h ⟦host⟧ -p 6380 --tls -a '⟦S⟧' --scan --pattern 'lobby:*' | head")
_a("mongosh-srv-uri", "pwu", "mongosh",
   "mongosh \"mongodb+srv://⟦user⟧:⟦S⟧@matchmaking-⟦n⟧.q7xke.mongodb.net/⟦db⟧?retryWrites=true\" --eval 'db.tickets.countDocuments()'")
_a("docker-login-acr-dash-p", "v:acr", "⟦studio⟧cr.azurecr.io",
   "docker login ⟦studio⟧cr.azurecr.io -u ⟦studio⟧cr -p ⟦S⟧")
_a("docker-login-ghcr-password-stdin", "v:ghp", "--password-stdin",
   "echo \"⟦S⟧\" | docker login ghcr.io -u ⟦user⟧ --password-stdin")
_a("git-clone-oauth2-glpat-url", "v:glpat", "unreal-plugins.git",
   "git clone https://oauth2:⟦S⟧@gitlab.⟦dom⟧/⟦code⟧/unreal-plugins.git Plugins/Studio")
_a("git-remote-set-url-fine-grained-pat", "v:ghfg", "git remote set-url origin",
   "git remote set-url origin https://⟦user⟧:⟦S⟧@github.com/⟦org⟧/⟦code⟧-tools.git")
_a("aws-configure-set-secret-key", "v:awssecret", "--profile ⟦studio⟧-builds",
   "aws configure set aws_access_key_id ⟦akid⟧ --profile ⟦studio⟧-builds\naws configure set aws_secret_access_key ⟦S⟧ --profile ⟦studio⟧-builds")
_a("env-prefixed-aws-s3-sync", "v:awssecret", "s3://⟦bucket⟧/⟦bld⟧/",
   "AWS_ACCESS_KEY_ID=⟦akid⟧ AWS_SECRET_ACCESS_KEY=⟦S⟧ aws s3 sync ./Saved/StagedBuilds/⟦platform⟧ s3://⟦bucket⟧/⟦bld⟧/ --only-show-errors")
_a("az-storage-upload-account-key", "v:azstorage", "--account-name ⟦studio⟧sym",
   "az storage blob upload-batch -d symbols --account-name ⟦studio⟧sym --account-key \"⟦S⟧\" -s ./Binaries/⟦platform⟧ --pattern '*.pdb'")
_a("sentry-cli-auth-token-flag", "v:sntrys", "debug-files upload",
   "sentry-cli --auth-token ⟦S⟧ debug-files upload --org ⟦studio⟧ --project ⟦code⟧-client --include-sources ./Binaries/Win64")
_a("curl-backtrace-submit-url-token", "v:backtrace", "submit.backtrace.io/⟦studio⟧",
   "curl -s --data-binary @⟦Code⟧-Win64-Shipping.pdb \"https://submit.backtrace.io/⟦studio⟧/⟦S⟧/symbols\"")
_a("ugs-login-secret-from-echo", "v:ugssecret", "--service-key-id ⟦uuid⟧",
   "echo ⟦S⟧ | ugs login --service-key-id ⟦uuid⟧ --secret-key-stdin && ugs config set project-id ⟦uuid2⟧")
_a("unity-batchmode-serial-flag", "v:unityserial", "-batchmode",
   "\"/Applications/Unity/Hub/Editor/2022.3.21f1/Unity.app/Contents/MacOS/Unity\" -batchmode -nographics -quit -serial ⟦S⟧ -username \"$UNITY_EMAIL\" -password \"$UNITY_PASSWORD\" -logFile -")
_a("unity-batchmode-password-flag", "pw", "-username ⟦email⟧",
   "Unity.exe -batchmode -quit -username ⟦email⟧ -password \"⟦S⟧\" -serial %UNITY_SERIAL% -projectPath C:\\ws\\⟦code⟧ -executeMethod BuildScript.PerformAndroid")
_a("runuat-p4pass-flag", "pw", "BuildCookRun",
   "Engine\\Build\\BatchFiles\\RunUAT.bat BuildCookRun -project=C:\\p4\\⟦Code⟧\\⟦Code⟧.uproject -platform=⟦platform⟧ -clientconfig=Shipping -build -cook -stage -pak -P4 -P4Port=ssl:⟦host⟧:1666 -P4User=⟦user⟧ -P4Pass=⟦S⟧ -Submit")
_a("devkit-ctl-connect-password", "pw", "devkitctl",
   "devkitctl connect --target ⟦ip⟧ --name ps5-kit-⟦n⟧ --user admin --password '⟦S⟧' && devkitctl install ./out/⟦Code⟧.pkg")
_a("butler-env-prefix-push", "v:butler", "butler push",
   "BUTLER_API_KEY=⟦S⟧ butler push build/windows ⟦studio⟧/⟦slug⟧:windows-beta --userversion ⟦ver⟧")
_a("fastlane-match-password-env", "pw", "fastlane ios beta",
   "MATCH_PASSWORD='⟦S⟧' MATCH_GIT_BRANCH=⟦code⟧ bundle exec fastlane ios beta")
_a("fastlane-app-specific-password-env", "v:appspecific", "fastlane pilot upload",
   "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=⟦S⟧ fastlane pilot upload --ipa build/⟦Code⟧.ipa --username ⟦email⟧")
_a("keytool-genkeypair-storepass", "pw", "keytool -genkeypair",
   "keytool -genkeypair -v -keystore ⟦code⟧-upload.keystore -alias upload -keyalg RSA -keysize 2048 -validity 10000 -storepass ⟦S⟧ -keypass ⟦S⟧ -dname \"CN=⟦Studio⟧, O=⟦Studio⟧ Games\"")
_a("jarsigner-storepass-quoted", "pw", "jarsigner",
   "jarsigner -verbose -sigalg SHA256withRSA -keystore upload.jks -storepass '⟦S⟧' app-release.aab upload")
_a("apksigner-ks-pass-pass-prefix", "pw", "--ks-key-alias ⟦code⟧",
   "apksigner sign --ks release.jks --ks-pass pass:⟦S⟧ --ks-key-alias ⟦code⟧ --out ⟦Code⟧-signed.apk ⟦Code⟧-unsigned.apk")
_a("openssl-pkcs12-passout", "pw", "-out ⟦studio⟧_codesign.pfx",
   "openssl pkcs12 -export -in codesign.crt -inkey codesign.key -out ⟦studio⟧_codesign.pfx -passout pass:⟦S⟧")
_a("signtool-pfx-slash-p", "pw", "signtool sign",
   "signtool sign /f ⟦studio⟧_codesign.pfx /p ⟦S⟧ /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 Binaries\\Win64\\⟦Code⟧-Win64-Shipping.exe")
_a("htpasswd-batch-create", "pw", "/etc/nginx/.htpasswd-symbols",
   "sudo htpasswd -b -c /etc/nginx/.htpasswd-symbols ⟦user⟧ '⟦S⟧'")
_a("net-use-mapped-drive-password", "pw", "net use Z:",
   "net use Z: \\\\⟦host⟧\\builds ⟦S⟧ /user:⟦CODE⟧\\⟦user⟧ /persistent:no")
_a("cmdkey-add-generic", "pw", "cmdkey /add:⟦host⟧",
   "cmdkey /add:⟦host⟧ /user:⟦user⟧ /pass:⟦S⟧")
_a("powershell-securestring-plaintext", "pw", "New-Object System.Management.Automation.PSCredential",
   "$pw = ConvertTo-SecureString \"⟦S⟧\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential(\"⟦CODE⟧\\⟦user⟧\", $pw)\nInvoke-Command -ComputerName ⟦host⟧ -Credential $cred -ScriptBlock { Restart-Service HordeAgent }")
_a("sshpass-scp-build-zip", "pw", "⟦user⟧@⟦host⟧",
   "sshpass -p '⟦S⟧' scp Build_⟦bld⟧_⟦platform⟧.zip ⟦user⟧@⟦host⟧:/srv/builds/incoming/")
_a("smbclient-user-percent-pass", "pw", "//⟦host⟧/DerivedDataCache",
   "smbclient //⟦host⟧/DerivedDataCache -U ⟦user⟧%⟦S⟧ -c 'du'")
_a("rsync-password-env-prefix", "pw", "rsync://⟦user⟧@⟦host⟧",
   "RSYNC_PASSWORD=⟦S⟧ rsync -av --delete ./Saved/Paks/ rsync://⟦user⟧@⟦host⟧/patches/⟦ver⟧/")
_a("lftp-loc-vendor-sftp", "pw", "lftp -u ⟦user⟧",
   "lftp -u ⟦user⟧,'⟦S⟧' sftp://sftp.⟦vendor⟧.example -e \"mirror -R Localization/⟦lang⟧ /inbox/⟦code⟧/⟦lang⟧; bye\"")
_a("curl-crowdin-bearer-v2", "v:crowdin", "api.crowdin.com",
   "curl -s -H \"Authorization: Bearer ⟦S⟧\" https://api.crowdin.com/api/v2/projects/⟦num⟧/files?limit=500 | jq '.data[].data.name'")
_a("curl-lokalise-x-api-token", "v:lokalise", "api.lokalise.com",
   "curl --request GET --url 'https://api.lokalise.com/api2/projects/⟦num⟧.⟦hex8⟧/keys?limit=100' --header 'X-Api-Token: ⟦S⟧' --header 'accept: application/json'")
_a("httpie-steam-partner-key-param", "v:steamkey", "CheckAppOwnership",
   "http GET 'https://partner.steam-api.com/ISteamUser/CheckAppOwnership/v3/' key==⟦S⟧ steamid==⟦steamid⟧ appid==⟦appid⟧")
_a("gh-secret-set-body-flag", "pw", "gh secret set STEAM_PASSWORD",
   "gh secret set STEAM_PASSWORD --repo ⟦org⟧/⟦code⟧ --body \"⟦S⟧\"")
_a("kubectl-create-secret-from-literal", "v:playfab", "create secret generic playfab",
   "kubectl -n liveops create secret generic playfab --from-literal=title-id=⟦title⟧ --from-literal=title-secret=⟦S⟧")
_a("vault-kv-put-inline-password", "pw", "secret/builds/steam",
   "vault kv put secret/builds/steam username=⟦svc⟧ password='⟦S⟧'")
_a("docker-run-env-flag-horde-token", "v:hordetoken", "horde-agent",
   "docker run -d --name horde-agent -e Horde__Server=https://⟦host⟧ -e Horde__Token=⟦S⟧ -v /data/horde:/data ghcr.io/⟦org⟧/horde-agent:5.4")
_a("npm-config-set-authtoken", "v:npm", "npm config set",
   "npm config set //registry.npmjs.org/:_authToken=⟦S⟧ && npm publish --access restricted")
_a("dotnet-nuget-add-source-cleartext", "v:azdevops", "dotnet nuget add source",
   "dotnet nuget add source https://pkgs.dev.azure.com/⟦org⟧/_packaging/ue-tools/nuget/v3/index.json -n ue-tools -u ⟦user⟧ -p ⟦S⟧ --store-password-in-clear-text")
_a("pip-extra-index-token-url", "v:glpat", "buildtools==⟦ver⟧",
   "pip install --extra-index-url https://__token__:⟦S⟧@gitlab.⟦dom⟧/api/v4/projects/⟦num⟧/packages/pypi/simple buildtools==⟦ver⟧")
_a("wget-user-password-flags", "pw", "WindowsClient.zip",
   "wget --user=⟦user⟧ --password='⟦S⟧' https://⟦host⟧/artifacts/⟦code⟧/⟦bld⟧/WindowsClient.zip")
_a("ftp-heredoc-user-line", "pw", "ftp -n ⟦host⟧",
   "ftp -n ⟦host⟧ <<EOF\nuser ⟦user⟧ ⟦S⟧\nbinary\ncd /audio/⟦code⟧\nput VO_⟦lang⟧_⟦date⟧.zip\nbye\nEOF")
_a("mysql-heredoc-alter-user", "pw", "FLUSH PRIVILEGES",
   "mysql -uroot -h ⟦host⟧ <<'SQL'\nALTER USER 'leaderboard'@'%' IDENTIFIED BY '⟦S⟧';\nFLUSH PRIVILEGES;\nSQL")
_a("psql-c-create-role-password", "pw", "analytics_ro",
   "psql -h ⟦host⟧ -U postgres -d ⟦db⟧ -c \"CREATE ROLE analytics_ro LOGIN PASSWORD '⟦S⟧'; GRANT pg_read_all_data TO analytics_ro;\"")
_a("openssl-enc-pass-arg", "pw", "savegame_keys.enc",
   "openssl enc -aes-256-cbc -pbkdf2 -salt -in savegame_keys.json -out savegame_keys.enc -pass pass:⟦S⟧")
_a("7z-archive-dash-p-attached", "pw", "crashdumps_⟦date⟧.7z",
   "7z a -t7z -p⟦S⟧ -mhe=on crashdumps_⟦date⟧.7z .\\Saved\\Crashes\\*")
_a("zip-capital-p-password", "pw", "loc_drop_⟦lang⟧.zip",
   "zip -P ⟦S⟧ -r loc_drop_⟦lang⟧.zip Content/Localization/Game/⟦lang⟧/")
_a("git-credential-approve-printf", "pw", "git credential approve",
   "printf 'protocol=https\\nhost=⟦host⟧\\nusername=⟦user⟧\\npassword=⟦S⟧\\n' | git credential approve")
_a("curl-teamcity-bearer-buildqueue", "v:teamcity", "/app/rest/buildQueue",
   "curl -s -X POST https://⟦host⟧/app/rest/buildQueue -H \"Authorization: Bearer ⟦S⟧\" -H 'Content-Type: application/xml' -d '<build><buildType id=\"⟦Code⟧_Nightly⟦platform⟧\"/></build>'")
_a("setx-eos-client-secret", "v:eossecret", "setx EOS_CLIENT_SECRET",
   "setx EOS_CLIENT_ID \"⟦eosclient⟧\"\nsetx EOS_CLIENT_SECRET \"⟦S⟧\"")
_a("ssh-keygen-dash-n-passphrase", "phrase", "~/.ssh/p4_deploy",
   "ssh-keygen -t ed25519 -N '⟦S⟧' -f ~/.ssh/p4_deploy -C \"p4 deploy key ⟦host⟧\"")


# ==========================================================================
# group: tool-output
# ==========================================================================
_a = _adder("tool-output")
_a("env-grep-steam-output", "pw", "STEAM_USERNAME=⟦svc⟧",
   "$ env | grep -i steam\nSTEAM_USERNAME=⟦svc⟧\nSTEAM_PASSWORD=⟦S⟧\nSTEAM_APPID=⟦appid⟧\nSTEAMCMD_DIR=/opt/steamcmd")
_a("printenv-single-var-output", "pw", "printenv P4PASSWD",
   "$ printenv P4PASSWD\n⟦S⟧\n$ p4 -u ⟦user⟧ login -s\nUser ⟦user⟧ ticket expires in 11 hours 59 minutes.")
_a("docker-inspect-env-array", "v:playfab", "\"Image\": \"⟦studio⟧/liveops-api:⟦ver⟧\"",
   "$ docker inspect liveops-api --format '{{json .Config}}' | jq\n{\n  \"Image\": \"⟦studio⟧/liveops-api:⟦ver⟧\",\n  \"Env\": [\n    \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\",\n    \"PLAYFAB_TITLE_ID=⟦title⟧\",\n    \"PLAYFAB_SECRET_KEY=⟦S⟧\",\n    \"ASPNETCORE_URLS=http://+:8080\"\n  ]\n}")
_a("kubectl-get-secret-yaml-base64-data", "b64pw", "name: mm-redis",
   "$ kubectl -n liveops get secret mm-redis -o yaml\napiVersion: v1\ndata:\n  password: ⟦S⟧\nkind: Secret\nmetadata:\n  name: mm-redis\n  namespace: liveops\ntype: Opaque")
_a("git-config-list-remote-url", "v:ghp", "remote.origin.fetch",
   "$ git config --list --show-origin | grep remote\nfile:.git/config  remote.origin.url=https://⟦user⟧:⟦S⟧@github.com/⟦org⟧/⟦code⟧-server.git\nfile:.git/config  remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*")
_a("cat-git-credentials-store", "v:gho", "cat ~/.git-credentials",
   "$ cat ~/.git-credentials\nhttps://⟦user⟧:⟦S⟧@github.com\n")
_a("cat-aws-credentials-file", "v:awssecret", "[⟦studio⟧-builds]",
   "$ cat ~/.aws/credentials\n[default]\nregion = ⟦region⟧\n\n[⟦studio⟧-builds]\naws_access_key_id = ⟦akid⟧\naws_secret_access_key = ⟦S⟧")
_a("terraform-output-json-sensitive-value", "pw", "\"sensitive\": true",
   "$ terraform output -json\n{\n  \"db_endpoint\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"⟦db⟧.cluster-c9x.⟦region⟧.rds.amazonaws.com\"},\n  \"db_password\": {\"sensitive\": true, \"type\": \"string\", \"value\": \"⟦S⟧\"}\n}")
_a("terraform-output-raw-password", "pw", "terraform output -raw",
   "$ terraform output -raw admin_password\n⟦S⟧$ ")
_a("bash-x-trace-steamcmd", "pw", "+ ./steamcmd.sh",
   "+ cd /home/ci/steamworks/tools/ContentBuilder/builder_linux\n+ ./steamcmd.sh +login ⟦svc⟧ '⟦S⟧' +run_app_build ../scripts/app_⟦appid⟧.vdf +quit\nRedirecting stderr to '/home/ci/Steam/logs/stderr.txt'")
_a("bash-x-trace-curl-github-token", "v:ghs", "+ curl -sf",
   "+ curl -sf -H 'Authorization: token ⟦S⟧' -H 'Accept: application/vnd.github+json' https://api.github.com/repos/⟦org⟧/⟦code⟧/releases/latest\n+ jq -r .tag_name")
_a("jenkins-console-sh-upload-key", "v:modio", "[Pipeline] sh",
   "[Pipeline] sh\n+ python3 tools/upload_mod.py --game-id ⟦num⟧ --api-key ⟦S⟧ --file out/mod_⟦ver⟧.zip\nuploading 14.2 MiB ...")
_a("cat-p4tickets-file", "v:p4ticket", "ssl:⟦host⟧:1666",
   "$ cat ~/.p4tickets\nssl:⟦host⟧:1666=⟦user⟧:⟦S⟧")
_a("p4-login-p-prints-ticket", "v:p4ticket", "p4 -u ⟦user⟧ login -p",
   "PS C:\\p4> p4 -u ⟦user⟧ login -p\nEnter password:\n⟦S⟧\nUser ⟦user⟧ logged in.")
_a("http-response-oauth-access-token", "v:jwtrs", "\"token_type\": \"bearer\"",
   "HTTP/1.1 200 OK\nContent-Type: application/json\n\n{\"access_token\": \"⟦S⟧\", \"token_type\": \"bearer\", \"expires_in\": 7200, \"client_id\": \"⟦eosclient⟧\"}")
_a("playfab-login-response-session-ticket",
   lambda c: "%s-%s-%s-%s-%s" % (_HEX(16), _HEX(16), _HEX(5), _HEX(16), _b64(32)),
   "\"PlayFabId\": \"⟦HEX16⟧\"",
   "{\n  \"code\": 200,\n  \"status\": \"OK\",\n  \"data\": {\n    \"SessionTicket\": \"⟦S⟧\",\n    \"PlayFabId\": \"⟦HEX16⟧\",\n    \"NewlyCreated\": false\n  }\n}")
_a("curl-verbose-request-cookie", "an:32", "> Host: ⟦host⟧",
   "> GET /admin/builds HTTP/2\n> Host: ⟦host⟧\n> User-Agent: curl/8.5.0\n> Cookie: sessionid=⟦S⟧; theme=dark\n>\n< HTTP/2 200")
_a("curl-include-set-cookie-steamloginsecure", "v:jwtrs", "partner.steamgames.com",
   "$ curl -si https://partner.steamgames.com/login/ ...\nHTTP/2 302\nlocation: https://partner.steamgames.com/dashboard\nset-cookie: steamLoginSecure=⟦steamid⟧%7C%7C⟦S⟧; Path=/; Secure; HttpOnly; SameSite=None")
_a("mysql-select-legacy-plaintext-users", "pw", "svc_leaderboard",
   "mysql> SELECT user, host, legacy_pass FROM ops.service_accounts;\n+-----------------+-------+----------------------------+\n| user            | host  | legacy_pass                |\n+-----------------+-------+----------------------------+\n| svc_leaderboard | 10.%  | ⟦S⟧ |\n+-----------------+-------+----------------------------+\n1 row in set (0.00 sec)")
_a("redis-config-get-requirepass", "pw", "CONFIG GET requirepass",
   "⟦host⟧:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"⟦S⟧\"")
_a("vault-kv-get-table", "pw", "secret/data/builds/p4",
   "$ vault kv get secret/builds/p4\n====== Secret Path ======\nsecret/data/builds/p4\n\n====== Data ======\nKey         Value\n---         -----\npassword    ⟦S⟧\nusername    ⟦svc⟧")
_a("gcloud-secrets-access-output", "v:eossecret", "--secret=eos-client-secret",
   "$ gcloud secrets versions access latest --secret=eos-client-secret --project=⟦studio⟧-liveops\n⟦S⟧")
_a("aws-secretsmanager-secretstring", "pw", "\"Name\": \"⟦env⟧/⟦db⟧/rds\"",
   "{\n    \"ARN\": \"arn:aws:secretsmanager:⟦region⟧:⟦num⟧:secret:⟦env⟧/⟦db⟧/rds-AbCdEf\",\n    \"Name\": \"⟦env⟧/⟦db⟧/rds\",\n    \"SecretString\": \"{\\\"username\\\":\\\"⟦db⟧_app\\\",\\\"password\\\":\\\"⟦S⟧\\\"}\"\n}")
_a("az-storage-account-keys-list", "v:azstorage", "\"keyName\": \"key1\"",
   "$ az storage account keys list -n ⟦studio⟧ddc -o json\n[\n  {\n    \"creationTime\": \"⟦ts⟧\",\n    \"keyName\": \"key1\",\n    \"permissions\": \"FULL\",\n    \"value\": \"⟦S⟧\"\n  }\n]")
_a("gh-auth-status-show-token", "v:gho", "Logged in to github.com account ⟦user⟧",
   "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account ⟦user⟧ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: ⟦S⟧\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'")
_a("cat-npmrc-home", "v:npm", "cat ~/.npmrc",
   "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken=⟦S⟧\n@⟦studio⟧:registry=https://npm.pkg.github.com")
_a("cat-docker-config-json-auths", "basic", "⟦studio⟧cr.azurecr.io",
   "$ cat ~/.docker/config.json\n{\n  \"auths\": {\n    \"⟦studio⟧cr.azurecr.io\": {\n      \"auth\": \"⟦S⟧\"\n    }\n  }\n}")
_a("ps-aux-jenkins-agent-secret", "hex:64", "agent.jar",
   "$ ps aux | grep agent.jar\njenkins   ⟦pid⟧  2.1  3.4 8123456 562340 ?  Ssl  09:12   4:31 java -jar agent.jar -url https://⟦host⟧/ -secret ⟦S⟧ -name win-agent-⟦n⟧ -workDir /var/jenkins")
_a("cat-netrc-file", "pw", "machine ⟦host⟧",
   "$ cat ~/.netrc\nmachine ⟦host⟧\n  login ⟦user⟧\n  password ⟦S⟧")
_a("cat-pgpass-file", "pw", "⟦host⟧:5432:⟦db⟧:⟦user⟧",
   "$ cat ~/.pgpass\n# hostname:port:database:username:password\n⟦host⟧:5432:⟦db⟧:⟦user⟧:⟦S⟧")
_a("grep-rn-ini-client-secret-hit", "v:eossecret", "Config/DefaultEngine.ini",
   "$ grep -rn ClientSecret Config/\nConfig/DefaultEngine.ini:⟦n⟧:+Artifacts=(ArtifactName=\"⟦Code⟧Live\",ClientId=\"⟦eosclient⟧\",ClientSecret=\"⟦S⟧\",ProductId=\"⟦eosid⟧\")")
_a("rg-unity-asset-secretkey-hit", "v:gasecret", "Assets/Resources/GameAnalytics/Settings.asset",
   "$ rg -n 'secret' Assets/Resources\nAssets/Resources/GameAnalytics/Settings.asset\n41:  gameKey:\n42:  - ⟦hex32⟧\n43:  secretKey:\n44:  - ⟦S⟧")
_a("git-show-diff-removed-password", "pw", "\"steamPassword\": \"${STEAM_PASSWORD}\"",
   "$ git show ⟦sha7⟧ -- tools/deploy.json\n@@ -3,7 +3,7 @@\n   \"steamUser\": \"⟦svc⟧\",\n-  \"steamPassword\": \"⟦S⟧\",\n+  \"steamPassword\": \"${STEAM_PASSWORD}\",\n   \"appId\": ⟦appid⟧,")
_a("strings-shipping-exe-unlabeled", "v:backtrace", "⟦Code⟧-Win64-Shipping.exe",
   "$ strings -n 20 ⟦Code⟧-Win64-Shipping.exe | grep -A1 -i backtrace\nhttps://submit.backtrace.io/⟦studio⟧/\n⟦S⟧\n/minidump?format=minidump")
_a("unity-cloud-build-config-json-keystore", "pw", "\"alias\": \"upload\"",
   "$ curl -s -H \"Authorization: Basic $UCB_KEY\" https://build-api.cloud.unity3d.com/api/v1/orgs/⟦org⟧/projects/⟦code⟧/credentials/signing/android | jq\n{\n  \"credentialid\": \"⟦uuid⟧\",\n  \"label\": \"upload key\",\n  \"keystore\": {\"alias\": \"upload\", \"keystorePass\": \"⟦S⟧\"}\n}")
_a("fastlane-lane-context-table", "pw", "FASTLANE_USER",
   "+---------------------------+-----------------------------+\n|          Lane Context (debug dump)                      |\n+---------------------------+-----------------------------+\n| FASTLANE_USER             | ⟦email⟧ |\n| FASTLANE_PASSWORD         | ⟦S⟧ |\n| PLATFORM_NAME             | ios                         |\n+---------------------------+-----------------------------+")
_a("diff-env-example-webhook", "v:discordhook", "diff .env.example .env",
   "$ diff .env.example .env\n3c3\n< DISCORD_WEBHOOK_URL=\n---\n> DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/⟦digits⟧/⟦S⟧")
_a("ansible-debug-msg-output", "pw", "ok: [⟦host⟧]",
   "TASK [debug db creds] ******************************************\nok: [⟦host⟧] => {\n    \"msg\": \"connecting as ⟦db⟧_app with ⟦S⟧\"\n}")
_a("python-repl-settings-dict", "v:backtrace", ">>> settings.BACKTRACE",
   ">>> from crashsvc import settings\n>>> settings.BACKTRACE\n{'universe': '⟦studio⟧', 'token': '⟦S⟧', 'endpoint': 'https://⟦studio⟧.sp.backtrace.io:6098'}")
_a("node-repl-config-object", "v:playfab", "titleId: '⟦title⟧'",
   "> require('./config')\n{\n  port: 8080,\n  playfab: { titleId: '⟦title⟧', secretKey: '⟦S⟧' },\n  logLevel: 'debug'\n}")
_a("helm-get-values-redis-password", "pw", "helm get values matchmaker",
   "$ helm get values matchmaker -n liveops\nUSER-SUPPLIED VALUES:\nimage:\n  tag: ⟦ver⟧\nredis:\n  auth:\n    password: ⟦S⟧\nreplicaCount: 3")
_a("kubectl-describe-pod-env", "pw", "RABBITMQ_USER:",
   "    Environment:\n      RABBITMQ_HOST:      rabbit.liveops.svc\n      RABBITMQ_USER:      mm\n      RABBITMQ_PASSWORD:  ⟦S⟧\n      LOG_LEVEL:          info\n    Mounts:\n      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access-⟦hex8⟧ (ro)")
_a("docker-compose-config-rendered", "pw", "image: postgres:16",
   "$ docker compose config\nservices:\n  db:\n    environment:\n      POSTGRES_DB: ⟦db⟧\n      POSTGRES_PASSWORD: ⟦S⟧\n      POSTGRES_USER: ⟦db⟧\n    image: postgres:16")
_a("teamcity-build-parameters-dump", "pw", "system.p4.user",
   "Build parameters (from the Parameters tab, copied):\nsystem.p4.port = ssl:⟦host⟧:1666\nsystem.p4.user = ⟦svc⟧\nsystem.p4.password = ⟦S⟧\nenv.UE_ROOT = D:\\UE_5.3")
_a("horde-agent-register-output", "v:hordetoken", "HordeAgent.exe SetServer",
   "PS> .\\HordeAgent.exe SetServer -Name=Default -Url=https://⟦host⟧ -Default\nRegistering agent ⟦host2⟧ ...\nServer issued agent token: ⟦S⟧\nSaved to C:\\ProgramData\\Epic\\Horde\\Agent\\servers.json")
_a("ps-epic-launcher-exchange-code", "hex:32", "-AUTH_TYPE=exchangecode",
   "PS> Get-CimInstance Win32_Process -Filter \"name='⟦Code⟧.exe'\" | Select CommandLine\n\"C:\\Games\\⟦Code⟧\\⟦Code⟧.exe\" -AUTH_LOGIN=unused -AUTH_PASSWORD=⟦S⟧ -AUTH_TYPE=exchangecode -epicapp=⟦hex32⟧ -epicenv=Prod -EpicPortal")
_a("openssl-rsa-print-private-key", "pem:rsa", "openssl rsa -in",
   "$ openssl rsa -in codesign.key\nwriting RSA key\n-----BEGIN RSA PRIVATE KEY-----\n⟦S⟧\n-----END RSA PRIVATE KEY-----")
_a("cat-openssh-private-key", "pem:ossh", "cat ~/.ssh/p4_deploy",
   "$ cat ~/.ssh/p4_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n⟦S⟧\n-----END OPENSSH PRIVATE KEY-----")
_a("adb-shell-run-as-shared-prefs", "v:jwt", "com.⟦studio⟧.⟦code⟧",
   "$ adb shell run-as com.⟦studio⟧.⟦code⟧ cat shared_prefs/com.⟦studio⟧.⟦code⟧.v2.playerprefs.xml\n<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n    <string name=\"refresh_token\">⟦S⟧</string>\n    <int name=\"tutorial_step\" value=\"4\" />\n</map>")
_a("sqlite3-pipe-separated-row", "pw", "sqlite3 launcher.db",
   "$ sqlite3 launcher.db 'select host,user,pass from saved_logins'\n⟦host⟧|⟦user⟧|⟦S⟧")
_a("security-find-generic-password-w", "v:appspecific", "find-generic-password",
   "$ security find-generic-password -s AC_PASSWORD -a ⟦email⟧ -w\n⟦S⟧")
_a("powershell-get-content-appsettings", "pw", "Get-Content .\\appsettings.Development.json",
   "PS> Get-Content .\\appsettings.Development.json\n{\n  \"ConnectionStrings\": {\n    \"Telemetry\": \"Host=⟦host⟧;Database=⟦db⟧;Username=⟦user⟧;Password=⟦S⟧\"\n  }\n}")
_a("az-ad-sp-create-for-rbac-output", "v:azsecret", "\"displayName\": \"⟦code⟧-ci\"",
   "$ az ad sp create-for-rbac --name ⟦code⟧-ci --role Contributor\n{\n  \"appId\": \"⟦uuid⟧\",\n  \"displayName\": \"⟦code⟧-ci\",\n  \"password\": \"⟦S⟧\",\n  \"tenant\": \"⟦uuid2⟧\"\n}")
_a("cat-gcp-service-account-key-json", "pemj:pk8", "\"client_email\": \"play-publisher@",
   "$ cat play-publisher.json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"⟦studio⟧-mobile\",\n  \"private_key_id\": \"⟦sha⟧\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n⟦S⟧\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"play-publisher@⟦studio⟧-mobile.iam.gserviceaccount.com\"\n}")
_a("mc-alias-list-secretkey", "an:40", "AccessKey : ddcadmin",
   "$ mc alias list ddc\nddc\n  URL       : https://minio.⟦dom⟧:9000\n  AccessKey : ddcadmin\n  SecretKey : ⟦S⟧\n  API       : s3v4\n  Path      : auto")
_a("rclone-config-show-r2", "hex:64", "provider = Cloudflare",
   "$ rclone config show r2\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = ⟦hex32⟧\nsecret_access_key = ⟦S⟧\nendpoint = https://⟦hex32⟧.r2.cloudflarestorage.com")
_a("jq-raw-refresh-token-output", "v:jwt", "jq -r .refresh_token",
   "$ jq -r .refresh_token ~/.config/⟦studio⟧-launcher/session.json\n⟦S⟧")
_a("history-tail-export-line", "pw", "./upload_depot.sh",
   "$ history | tail -4\n  510  cd ~/steam/ContentBuilder\n  511  export STEAM_PASS='⟦S⟧'\n  512  ./upload_depot.sh ⟦depot⟧\n  513  history | tail -4")
_a("tshark-http-basic-credentials", "pwu", "-e http.authbasic",
   "$ tshark -r capture.pcap -Y http.authorization -T fields -e ip.dst -e http.authbasic\n⟦ip⟧\t⟦user⟧:⟦S⟧")
_a("consul-kv-get-value", "pw", "liveops/matchmaker/redis_password",
   "$ consul kv get liveops/matchmaker/redis_password\n⟦S⟧")
_a("steamcmd-config-vdf-cat-connectcache", "v:steamvdf", "\"ConnectCache\"",
   "$ cat ~/Steam/config/config.vdf | sed -n '1,12p'\n\"InstallConfigStore\"\n{\n\t\"Software\"\n\t{\n\t\t\"Valve\"\n\t\t{\n\t\t\t\"Steam\"\n\t\t\t{\n\t\t\t\t\"ConnectCache\"\n\t\t\t\t{\n\t\t\t\t\t\"⟦hex8⟧\"\t\t\"⟦S⟧\"")
_a("dotnet-user-secrets-list-output", "v:eossecret", "dotnet user-secrets list",
   "$ dotnet user-secrets list --project src/Liveops.Api\nEos:ClientId = ⟦eosclient⟧\nEos:ClientSecret = ⟦S⟧\nPlayFab:TitleId = ⟦title⟧")


# ==========================================================================
# group: config-file
# ==========================================================================
_a = _adder("config-file")
_a("ue-defaultengine-eos-artifact-line", "v:eossecret", "[/Script/OnlineSubsystemEOS.EOSSettings]",
   "; Config/DefaultEngine.ini\n[/Script/OnlineSubsystemEOS.EOSSettings]\nDefaultArtifactName=⟦Code⟧Live\n+Artifacts=(ArtifactName=\"⟦Code⟧Live\",ClientId=\"⟦eosclient⟧\",ClientSecret=\"⟦S⟧\",ProductId=\"⟦eosid⟧\",SandboxId=\"⟦hex32⟧\",DeploymentId=\"⟦hex32⟧\")\nbUseEAS=True")
_a("ue-ini-eos-encryption-key", "v:eosenc", "ProductId=⟦eosid⟧",
   "[EOSCore]\nProductId=⟦eosid⟧\nSandboxId=⟦hex32⟧\n; player data storage needs a 64-hex key\nEncryptionKey=⟦S⟧")
_a("ue-defaultengine-steam-webapi-key", "v:steamkey", "SteamDevAppId=⟦appid⟧",
   "[OnlineSubsystemSteam]\nbEnabled=true\nSteamDevAppId=⟦appid⟧\nGameServerQueryPort=27015\n; publisher key, used by the dedicated server for ownership checks\nSteamWebApiKey=⟦S⟧")
_a("unity-playfab-shared-settings-asset", "v:playfab", "m_Name: PlayFabSharedSettings",
   "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: PlayFabSharedSettings\n  TitleId: ⟦title⟧\n  DeveloperSecretKey: ⟦S⟧\n  RequestType: 0\n  RequestTimeout: 2000")
_a("unity-streamingassets-backend-json", "hex:64", "\"region\": \"⟦region⟧\"",
   "// Assets/StreamingAssets/backend.json\n{\n  \"apiBase\": \"https://api.⟦dom⟧/v2\",\n  \"region\": \"⟦region⟧\",\n  \"hmacSecret\": \"⟦S⟧\"\n}")
_a("gradle-properties-release-signing", "pw", "RELEASE_KEY_ALIAS=upload",
   "# gradle.properties (android launcher)\norg.gradle.jvmargs=-Xmx4g\nRELEASE_STORE_FILE=../keystores/⟦code⟧-upload.jks\nRELEASE_STORE_PASSWORD=⟦S⟧\nRELEASE_KEY_ALIAS=upload")
_a("keystore-properties-same-pass", "pw", "keyAlias=⟦code⟧",
   "storeFile=/Users/⟦user⟧/keys/⟦code⟧.keystore\nstorePassword=⟦S⟧\nkeyAlias=⟦code⟧\nkeyPassword=⟦S⟧")
_a("dotenv-discord-build-webhook", "v:discordhook", "BUILD_NOTIFY_CHANNEL",
   "# .env\nBUILD_NOTIFY_CHANNEL=builds\nDISCORD_WEBHOOK=https://discord.com/api/webhooks/⟦digits⟧/⟦S⟧\nNOTIFY_ON=failure,fixed")
_a("dotenv-sentry-auth-token", "v:sntryu", "SENTRY_ORG=⟦studio⟧",
   "SENTRY_ORG=⟦studio⟧\nSENTRY_PROJECT=⟦code⟧-client\nSENTRY_AUTH_TOKEN=⟦S⟧\nSENTRY_URL=https://sentry.io/")
_a("steam-config-vdf-connectcache-excerpt", "v:steamvdf", "\"InstallConfigStore\"",
   "\"InstallConfigStore\"\n{\n\t\"Software\"\n\t{\n\t\t\"Valve\"\n\t\t{\n\t\t\t\"Steam\"\n\t\t\t{\n\t\t\t\t\"ConnectCache\"\n\t\t\t\t{\n\t\t\t\t\t\"⟦hex8⟧1\"\t\t\"⟦S⟧\"\n\t\t\t\t}\n\t\t\t}\n\t\t}\n\t}\n}")
_a("p4config-file-passwd", "pw", "P4CLIENT=⟦user⟧_⟦code⟧",
   "# .p4config\nP4PORT=ssl:⟦host⟧:1666\nP4USER=⟦user⟧\nP4CLIENT=⟦user⟧_⟦code⟧\nP4PASSWD=⟦S⟧\nP4IGNORE=.p4ignore")
_a("swarm-config-php-p4-password", "pw", "'user'     => 'swarm'",
   "<?php\n// /opt/perforce/swarm/data/config.php\nreturn array(\n    'p4' => array(\n        'port'     => 'ssl:⟦host⟧:1666',\n        'user'     => 'swarm',\n        'password' => '⟦S⟧',\n    ),\n);")
_a("horde-server-appsettings-mongo", "pwu", "\"ServerUrl\": \"https://⟦host⟧\"",
   "{\n  \"Horde\": {\n    \"ServerUrl\": \"https://⟦host⟧\",\n    \"DatabaseConnectionString\": \"mongodb://horde:⟦S⟧@⟦host2⟧:27017/Horde?authSource=admin\",\n    \"RedisConnectionConfig\": \"⟦host2⟧:6379\"\n  }\n}")
_a("horde-agent-servers-json-token", "v:hordetoken", "\"Name\": \"Default\"",
   "{\n  \"Horde\": {\n    \"Servers\": [\n      {\n        \"Name\": \"Default\",\n        \"Url\": \"https://⟦host⟧\",\n        \"Token\": \"⟦S⟧\"\n      }\n    ]\n  }\n}")
_a("jenkins-casc-username-password", "pw", "id: perforce-builder",
   "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n              id: perforce-builder\n              username: ⟦svc⟧\n              password: \"⟦S⟧\"")
_a("teamcity-database-properties", "pw", "connectionProperties.user=teamcity",
   "# <TeamCity Data Directory>/config/database.properties\nconnectionUrl=jdbc:postgresql://⟦host⟧:5432/teamcity\nconnectionProperties.user=teamcity\nconnectionProperties.password=⟦S⟧\nmaxConnections=50")
_a("teamcity-buildagent-properties-token", "hex:32", "serverUrl=https://⟦host⟧",
   "## buildAgent.properties\nserverUrl=https://⟦host⟧\nname=⟦host2⟧\nworkDir=D:/BuildAgent/work\nauthorizationToken=⟦S⟧")
_a("docker-compose-mysql-root-password", "pw", "image: mysql:8.0",
   "services:\n  leaderboard-db:\n    image: mysql:8.0\n    environment:\n      MYSQL_DATABASE: ⟦db⟧\n      MYSQL_ROOT_PASSWORD: ⟦S⟧\n    ports:\n      - \"3306:3306\"")
_a("k8s-secret-stringdata-yaml", "v:playfab", "name: playfab-title",
   "apiVersion: v1\nkind: Secret\nmetadata:\n  name: playfab-title\n  namespace: liveops\ntype: Opaque\nstringData:\n  PLAYFAB_TITLE_ID: \"⟦title⟧\"\n  PLAYFAB_SECRET: \"⟦S⟧\"")
_a("k8s-secret-data-base64-field", "b64pw", "name: leaderboard-db",
   "apiVersion: v1\nkind: Secret\nmetadata:\n  name: leaderboard-db\ndata:\n  username: ⟦b64txt⟧\n  password: ⟦S⟧")
_a("helm-values-redis-auth", "pw", "architecture: replication",
   "# charts/matchmaker/values-⟦env⟧.yaml\nredis:\n  architecture: replication\n  auth:\n    enabled: true\n    password: \"⟦S⟧\"")
_a("tfvars-sentry-token", "v:sntrys", "sentry_org",
   "# terraform.tfvars\nsentry_org        = \"⟦studio⟧\"\nsentry_auth_token = \"⟦S⟧\"\nregion            = \"⟦region⟧\"")
_a("hcl-aws-provider-static-keys", "v:awssecret", "provider \"aws\"",
   "provider \"aws\" {\n  region     = \"⟦region⟧\"\n  access_key = \"⟦akid⟧\"\n  secret_key = \"⟦S⟧\"\n}")
_a("toml-gameserver-database-url", "pwu", "[database]",
   "# server.toml\n[server]\nport = 7777\ntick_rate = 30\n\n[database]\nurl = \"postgres://gs:⟦S⟧@⟦host⟧:5432/⟦db⟧\"\npool = 16")
_a("odbc-ini-pwd", "pw", "[LiveOpsDSN]",
   "[LiveOpsDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=⟦host⟧,1433\nDatabase=⟦db⟧\nUID=⟦user⟧\nPWD=⟦S⟧\nEncrypt=yes")
_a("nuget-config-cleartextpassword", "v:azdevops", "<packageSourceCredentials>",
   "<configuration>\n  <packageSourceCredentials>\n    <ue-tools>\n      <add key=\"Username\" value=\"⟦user⟧\" />\n      <add key=\"ClearTextPassword\" value=\"⟦S⟧\" />\n    </ue-tools>\n  </packageSourceCredentials>\n</configuration>")
_a("maven-settings-server-password", "pw", "<id>⟦studio⟧-nexus</id>",
   "<settings>\n  <servers>\n    <server>\n      <id>⟦studio⟧-nexus</id>\n      <username>⟦user⟧</username>\n      <password>⟦S⟧</password>\n    </server>\n  </servers>\n</settings>")
_a("ue-defaultgame-crashreport-datarouter", "v:backtrace", "[CrashReportClient]",
   "[CrashReportClient]\nCrashReportClientVersion=1.0\nDataRouterUrl=\"https://unreal.backtrace.io/post/⟦studio⟧/⟦S⟧\"\nbAgreeToCrashUpload=true")
_a("sentry-properties-auth-token", "v:sntrys", "defaults.project=⟦code⟧-android",
   "defaults.url=https://sentry.io/\ndefaults.org=⟦studio⟧\ndefaults.project=⟦code⟧-android\nauth.token=⟦S⟧")
_a("sentryclirc-auth-section", "v:sntryu", "[defaults]",
   "# ~/.sentryclirc\n[auth]\ntoken=⟦S⟧\n\n[defaults]\norg=⟦studio⟧")
_a("project-npmrc-github-packages", "v:ghp", "@⟦studio⟧:registry=https://npm.pkg.github.com",
   "@⟦studio⟧:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=⟦S⟧\nalways-auth=true")
_a("pip-conf-index-url-userinfo", "pwu", "[global]",
   "# /etc/pip.conf\n[global]\nindex-url = https://⟦user⟧:⟦S⟧@nexus.⟦dom⟧/repository/pypi-all/simple\ntimeout = 60")
_a("pypirc-token-password", "v:pypi", "username = __token__",
   "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ⟦S⟧")
_a("appsettings-json-sql-connectionstring", "pw", "\"Telemetry\":",
   "{\n  \"ConnectionStrings\": {\n    \"Telemetry\": \"Server=tcp:⟦studio⟧-sql.database.windows.net,1433;Database=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;Encrypt=True;\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}")
_a("web-config-connectionstrings-add", "pw", "name=\"Leaderboards\"",
   "<connectionStrings>\n  <add name=\"Leaderboards\" connectionString=\"Data Source=⟦host⟧;Initial Catalog=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>")
_a("spring-application-yml-datasource", "pw", "url: jdbc:postgresql://⟦host⟧",
   "spring:\n  datasource:\n    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧\n    username: ⟦db⟧_svc\n    password: ⟦S⟧")
_a("nginx-proxy-set-basic-header", "basic", "proxy_pass https://⟦host⟧",
   "location /symbols/ {\n    proxy_pass https://⟦host⟧/;\n    proxy_set_header Authorization \"Basic ⟦S⟧\";\n}")
_a("haproxy-userlist-insecure-password", "pw", "userlist stats_users",
   "userlist stats_users\n    user ⟦user⟧ insecure-password ⟦S⟧\n\nlisten stats\n    bind :8404\n    stats enable")
_a("rabbitmq-conf-default-pass", "pw", "default_user = liveops",
   "# /etc/rabbitmq/rabbitmq.conf\nlisteners.tcp.default = 5672\ndefault_user = liveops\ndefault_pass = ⟦S⟧")
_a("redis-conf-requirepass-masterauth", "pw", "# SECURITY",
   "# SECURITY\nrequirepass ⟦S⟧\nmasterauth ⟦S⟧\nrename-command FLUSHALL \"\"")
_a("grafana-ini-admin-password", "pw", "admin_user = admin",
   "[security]\nadmin_user = admin\nadmin_password = ⟦S⟧\ndisable_gravatar = true")
_a("prometheus-scrape-basic-auth", "pw", "job_name: horde",
   "scrape_configs:\n  - job_name: horde\n    scheme: https\n    basic_auth:\n      username: prom\n      password: ⟦S⟧\n    static_configs:\n      - targets: ['⟦host⟧:443']")
_a("alertmanager-slack-api-url", "v:slackhook", "channel: '#build-alerts'",
   "global:\n  slack_api_url: 'https://hooks.slack.com/services/T⟦keyid⟧/B⟦keyid⟧/⟦S⟧'\nreceivers:\n  - name: build-farm\n    slack_configs:\n      - channel: '#build-alerts'")
_a("matchfile-git-basic-authorization", "basic", "git_url(",
   "# fastlane/Matchfile\ngit_url(\"https://github.com/⟦org⟧/certificates\")\nstorage_mode(\"git\")\ngit_basic_authorization(\"⟦S⟧\")\ntype(\"appstore\")")
_a("unity-editor-buildconfig-asset-keystorepass", "pw", "keystoreName: ⟦code⟧.keystore",
   "--- !u!114 &11400000\nMonoBehaviour:\n  m_Name: AndroidBuildConfig\n  keystoreName: ⟦code⟧.keystore\n  keystorePass: ⟦S⟧\n  keyaliasName: release")
_a("ue-engine-ini-http-proxy-userinfo", "pwu", "[HTTP]",
   "[HTTP]\nHttpTimeout=180\nHttpProxyAddress=http://⟦user⟧:⟦S⟧@proxy.⟦dom⟧:3128")
_a("ue-ddc-s3-backend-secretkey", "v:awssecret", "[StorageServers]",
   "[StorageServers]\nShared=(Type=S3, Bucket=\"⟦bucket⟧\", Region=\"⟦region⟧\", AccessKey=\"⟦akid⟧\", SecretKey=\"⟦S⟧\", ReadOnly=false)")
_a("zen-lua-upstream-oauth-secret", "an:40", "oauthclientid",
   "-- zen.lua\nserver = { port = 8558 }\ncache = {\n  upstream = {\n    jupiter = {\n      url = \"https://ddc.⟦dom⟧\",\n      oauthprovider = \"https://login.⟦dom⟧/oauth2/token\",\n      oauthclientid = \"zen-⟦code⟧\",\n      oauthclientsecret = \"⟦S⟧\",\n    },\n  },\n}")
_a("sublime-sftp-config-json", "pw", "\"remote_path\": \"/inbox/⟦code⟧/\"",
   "{\n    \"type\": \"sftp\",\n    \"host\": \"sftp.⟦vendor⟧.example\",\n    \"user\": \"⟦user⟧\",\n    \"password\": \"⟦S⟧\",\n    \"remote_path\": \"/inbox/⟦code⟧/\"\n}")
_a("filezilla-sitemanager-base64-pass", "b64pw", "<Host>sftp.⟦vendor⟧.example</Host>",
   "<Server>\n  <Host>sftp.⟦vendor⟧.example</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>⟦user⟧</User>\n  <Pass encoding=\"base64\">⟦S⟧</Pass>\n  <Name>⟦vendor⟧ loc drop</Name>\n</Server>")
_a("openvpn-auth-user-pass-file", "pw", "devkit-lab.auth",
   "# /etc/openvpn/client/devkit-lab.auth  (referenced by auth-user-pass)\n⟦user⟧\n⟦S⟧")
_a("wpa-supplicant-psk", "phrase", "ssid=\"⟦Studio⟧-QA-Devices\"",
   "network={\n    ssid=\"⟦Studio⟧-QA-Devices\"\n    psk=\"⟦S⟧\"\n    key_mgmt=WPA-PSK\n}")
_a("cifs-credentials-file", "pw", "domain=⟦CODE⟧",
   "# /root/.smb-builds.cred\nusername=⟦user⟧\npassword=⟦S⟧\ndomain=⟦CODE⟧")
_a("systemd-unit-environment-line", "v:playfab", "ExecStart=/opt/⟦code⟧/LiveopsWorker",
   "[Service]\nUser=liveops\nEnvironment=\"PLAYFAB_TITLE_ID=⟦title⟧\"\nEnvironment=\"PLAYFAB_SECRET_KEY=⟦S⟧\"\nExecStart=/opt/⟦code⟧/LiveopsWorker --region ⟦region⟧")
_a("crontab-pg-dump-line", "pw", "/usr/bin/pg_dump",
   "# m h dom mon dow command\n15 3 * * * PGPASSWORD='⟦S⟧' /usr/bin/pg_dump -h ⟦host⟧ -U backup ⟦db⟧ | gzip > /backup/⟦db⟧-$(date +\\%F).sql.gz")
_a("supervisord-program-environment", "v:eossecret", "[program:dedicated-⟦code⟧]",
   "[program:dedicated-⟦code⟧]\ncommand=/opt/⟦code⟧/Server/⟦Code⟧Server.sh -log -port=7777\nenvironment=EOS_DEDICATED_CLIENT_ID=\"⟦eosclient⟧\",EOS_DEDICATED_CLIENT_SECRET=\"⟦S⟧\"\nautorestart=true")
_a("launchsettings-json-env-vars", "v:backtrace", "\"commandName\": \"Project\"",
   "{\n  \"profiles\": {\n    \"CrashIngest\": {\n      \"commandName\": \"Project\",\n      \"environmentVariables\": {\n        \"ASPNETCORE_ENVIRONMENT\": \"Development\",\n        \"BACKTRACE_TOKEN\": \"⟦S⟧\"\n      }\n    }\n  }\n}")
_a("vscode-sqltools-connection-password", "pw", "\"sqltools.connections\"",
   "{\n  \"sqltools.connections\": [\n    {\n      \"name\": \"⟦db⟧-⟦env⟧\",\n      \"driver\": \"PostgreSQL\",\n      \"server\": \"⟦host⟧\",\n      \"username\": \"⟦user⟧\",\n      \"password\": \"⟦S⟧\"\n    }\n  ]\n}")
_a("gitlab-runner-config-toml-token", "v:glrt", "[[runners]]",
   "concurrent = 4\n\n[[runners]]\n  name = \"⟦host⟧\"\n  url = \"https://gitlab.⟦dom⟧\"\n  token = \"⟦S⟧\"\n  executor = \"shell\"")
_a("p4dctl-conf-environment-passwd", "pw", "p4d ⟦code⟧",
   "p4d ⟦code⟧\n{\n    Owner    = perforce\n    Execute  = /opt/perforce/sbin/p4d\n    Umask    = 077\n    Environment\n    {\n        P4ROOT   = /p4/⟦code⟧/root\n        P4PORT   = ssl:1666\n        P4PASSWD = ⟦S⟧\n    }\n}")
_a("devkits-yaml-admin-password", "pw", "name: ps5-kit-⟦n⟧",
   "# tools/devkits.yaml\ndevkits:\n  - name: ps5-kit-⟦n⟧\n    ip: ⟦ip⟧\n    owner: ⟦person⟧\n    admin_password: \"⟦S⟧\"\n  - name: xsx-kit-02\n    ip: ⟦ip2⟧")
_a("ini-localization-vendor-api-block", "v:phrase", "[LocalizationVendor]",
   "; Config/Localization/Vendor.ini\n[LocalizationVendor]\nProvider=⟦vendor⟧\nProjectId=⟦hex32⟧\nAccessToken=⟦S⟧\nTargetLocales=⟦lang⟧")
_a("yaml-multiline-label-value-next-line", "pw", "cert_portal:",
   "cert_portal:\n  url: https://cert.⟦dom⟧/portal\n  login: ⟦email⟧\n  password: >-\n    ⟦S⟧")


# ==========================================================================
# group: source-code
# ==========================================================================
_a = _adder("source-code")
_a("csharp-playfab-static-settings-secret", "v:playfab", "PlayFabSettings.staticSettings.TitleId",
   "// Assets/Scripts/Server/AdminTools.cs\n#if UNITY_EDITOR || ENABLE_PLAYFABSERVER_API\nPlayFabSettings.staticSettings.TitleId = \"⟦title⟧\";\nPlayFabSettings.staticSettings.DeveloperSecretKey = \"⟦S⟧\";\n#endif")
_a("csharp-const-gameanalytics-secret", "v:gasecret", "GameAnalyticsGameKey",
   "public static class AnalyticsKeys\n{\n    public const string GameAnalyticsGameKey = \"⟦hex32⟧\";\n    public const string GameAnalyticsSecretKey = \"⟦S⟧\";\n}")
_a("csharp-httpclient-default-header-apikey", "v:modio", "DefaultRequestHeaders.Add",
   "var client = new HttpClient { BaseAddress = new Uri(\"https://api.mod.io/v1/\") };\nclient.DefaultRequestHeaders.Add(\"X-Api-Key\", \"⟦S⟧\");\nvar mods = await client.GetStringAsync($\"games/{GameId}/mods\");")
_a("csharp-sqlconnection-literal", "pw", "new SqlConnection(",
   "using var conn = new SqlConnection(\"Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=True\");\nawait conn.OpenAsync();")
_a("cpp-eos-platform-options-client-secret", "v:eossecret", "EOS_Platform_Options PlatformOptions",
   "EOS_Platform_Options PlatformOptions = {};\nPlatformOptions.ApiVersion = EOS_PLATFORM_OPTIONS_API_LATEST;\nPlatformOptions.ProductId = \"⟦eosid⟧\";\nPlatformOptions.ClientCredentials.ClientId = \"⟦eosclient⟧\";\nPlatformOptions.ClientCredentials.ClientSecret = \"⟦S⟧\";")
_a("cpp-define-backtrace-token", "v:backtrace", "#define BACKTRACE_UNIVERSE",
   "#pragma once\n#define BACKTRACE_UNIVERSE \"⟦studio⟧\"\n#define BACKTRACE_SUBMIT_TOKEN \"⟦S⟧\"\n#define BACKTRACE_URL \"https://submit.backtrace.io/\" BACKTRACE_UNIVERSE \"/\" BACKTRACE_SUBMIT_TOKEN \"/minidump\"")
_a("cpp-ue-fstring-text-macro", "v:modio", "UModioSubsystem",
   "void UModioSubsystem::InitializeDefaults()\n{\n    const FString ApiKey = TEXT(\"⟦S⟧\");\n    const int64 GameId = ⟦num⟧;\n    Modio::InitializeAsync(MakeOptions(GameId, ApiKey), OnInit);\n}")
_a("cpp-static-constexpr-char-ptr", "v:twitch", "kTwitchClientId",
   "namespace stream {\nstatic constexpr const char* kTwitchClientId = \"⟦hex16⟧⟦hex8⟧ab\";\nstatic constexpr const char* kTwitchClientSecret = \"⟦S⟧\";\n}  // namespace stream")
_a("python-requests-auth-tuple", "pw", "requests.get(",
   "resp = requests.get(\n    f\"https://⟦host⟧/job/{job}/lastSuccessfulBuild/api/json\",\n    auth=(\"⟦user⟧\", \"⟦S⟧\"),\n    timeout=30,\n)")
_a("python-environ-get-hardcoded-default", "pw", "os.environ.get(\"STEAM_PASSWORD\"",
   "STEAM_USER = os.environ.get(\"STEAM_USER\", \"⟦svc⟧\")\nSTEAM_PASS = os.environ.get(\"STEAM_PASSWORD\", \"⟦S⟧\")  # fallback for local runs")
_a("python-dict-literal-config", "pw", "\"steam_user\": \"⟦svc⟧\"",
   "CONFIG = {\n    \"steam_user\": \"⟦svc⟧\",\n    \"steam_pass\": \"⟦S⟧\",\n    \"app_id\": ⟦appid⟧,\n    \"depots\": [⟦depot⟧],\n}")
_a("python-boto3-client-static-keys", "v:awssecret", "boto3.client(",
   "s3 = boto3.client(\n    \"s3\",\n    region_name=\"⟦region⟧\",\n    aws_access_key_id=\"⟦akid⟧\",\n    aws_secret_access_key=\"⟦S⟧\",\n)")
_a("python-psycopg2-connect-kwargs", "pw", "psycopg2.connect(",
   "conn = psycopg2.connect(host=\"⟦host⟧\", port=5432, dbname=\"⟦db⟧\",\n                        user=\"⟦user⟧\", password=\"⟦S⟧\")")
_a("js-fetch-authorization-bearer", "v:jwt", "await fetch(",
   "const res = await fetch(`https://api.⟦dom⟧/v1/players/${id}/inventory`, {\n  headers: { Authorization: \"Bearer ⟦S⟧\", \"Content-Type\": \"application/json\" },\n});")
_a("ts-export-const-fcm-server-key", "v:fcm", "export const FCM_ENDPOINT",
   "export const FCM_ENDPOINT = \"https://fcm.googleapis.com/fcm/send\";\nexport const FCM_SERVER_KEY = \"⟦S⟧\";")
_a("go-const-discord-bot-token", "v:discord", "package bot",
   "package bot\n\nconst (\n\tguildID         = \"⟦digits⟧\"\n\tdiscordBotToken = \"⟦S⟧\"\n)")
_a("rust-static-str-itch-key", "v:butler", "static ITCH_API_KEY",
   "// src/publish.rs\nstatic ITCH_API_KEY: &str = \"⟦S⟧\";\nstatic ITCH_TARGET: &str = \"⟦studio⟧/⟦slug⟧\";")
_a("groovy-build-gradle-signing-config", "pw", "signingConfigs {",
   "android {\n    signingConfigs {\n        release {\n            storeFile file(\"upload.jks\")\n            storePassword \"⟦S⟧\"\n            keyAlias \"upload\"\n            keyPassword \"⟦S⟧\"\n        }\n    }\n}")
_a("kotlin-dsl-signing-config", "pw", "create(\"release\")",
   "signingConfigs {\n    create(\"release\") {\n        storeFile = file(\"../keys/⟦code⟧.jks\")\n        storePassword = \"⟦S⟧\"\n        keyAlias = \"⟦code⟧\"\n        keyPassword = \"⟦S⟧\"\n    }\n}")
_a("lua-server-config-table-secret", "hex:48", "return {",
   "-- server/config.lua\nreturn {\n  tickrate = 30,\n  backend = {\n    url = \"https://api.⟦dom⟧\",\n    shared_secret = \"⟦S⟧\",\n  },\n}")
_a("gdscript-const-nakama-http-key", "an:32", "const NAKAMA_HOST",
   "extends Node\n\nconst NAKAMA_HOST := \"nakama.⟦dom⟧\"\nconst NAKAMA_HTTP_KEY := \"⟦S⟧\"\nconst NAKAMA_PORT := 7350")
_a("php-pdo-constructor-password", "pw", "new PDO(",
   "$pdo = new PDO('mysql:host=⟦host⟧;dbname=⟦db⟧;charset=utf8mb4', '⟦user⟧', '⟦S⟧', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);")
_a("ruby-fastfile-env-assignment", "pw", "lane :beta do",
   "# fastlane/Fastfile\nENV[\"FASTLANE_USER\"] = \"⟦email⟧\"\nENV[\"FASTLANE_PASSWORD\"] = \"⟦S⟧\"\n\nlane :beta do\n  build_app(scheme: \"⟦Code⟧\")\n  upload_to_testflight\nend")
_a("powershell-script-variable-assignment", "pw", "Upload-SteamDepot.ps1",
   "# tools/Upload-SteamDepot.ps1\nparam([string]$Branch = \"beta\")\n$SteamUser = \"⟦svc⟧\"\n$SteamPassword = '⟦S⟧'\n& \"$PSScriptRoot\\steamcmd.exe\" +login $SteamUser $SteamPassword +run_app_build \"app_⟦appid⟧.vdf\" +quit")
_a("bash-script-variable-todo-vault", "pw", "#!/usr/bin/env bash",
   "#!/usr/bin/env bash\nset -euo pipefail\nP4PORT=ssl:⟦host⟧:1666\nP4USER=⟦svc⟧\nP4PASSWD=\"⟦S⟧\"   # TODO move to vault\nexport P4PORT P4USER P4PASSWD")
_a("batch-file-set-variable", "pw", "@echo off",
   "@echo off\nREM run_build.bat\nset STEAM_USER=⟦svc⟧\nset STEAM_PASS=⟦S⟧\nbuilder\\steamcmd.exe +login %STEAM_USER% %STEAM_PASS% +run_app_build ..\\scripts\\app_⟦appid⟧.vdf +quit")
_a("csharp-unity-editor-keystore-pass", "pw", "PlayerSettings.Android.keystoreName",
   "[MenuItem(\"Build/Android Release\")]\npublic static void BuildAndroid()\n{\n    PlayerSettings.Android.useCustomKeystore = true;\n    PlayerSettings.Android.keystoreName = \"Keys/⟦code⟧.keystore\";\n    PlayerSettings.Android.keystorePass = \"⟦S⟧\";\n    PlayerSettings.Android.keyaliasName = \"release\";\n    PlayerSettings.Android.keyaliasPass = \"⟦S⟧\";\n}")
_a("csharp-ugs-service-account-basic", "v:ugssecret", "Convert.ToBase64String",
   "// Editor/UgsAdmin.cs\nprivate const string KeyId = \"⟦uuid⟧\";\nprivate const string SecretKey = \"⟦S⟧\";\nstatic string AuthHeader() =>\n    \"Basic \" + Convert.ToBase64String(Encoding.UTF8.GetBytes(KeyId + \":\" + SecretKey));")
_a("cpp-curl-setopt-userpwd", "pw", "CURLOPT_USERPWD",
   "curl_easy_setopt(curl, CURLOPT_URL, \"https://⟦host⟧/upload\");\ncurl_easy_setopt(curl, CURLOPT_USERPWD, \"⟦user⟧:⟦S⟧\");\ncurl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);")
_a("python-jwt-encode-literal-secret", "an:48", "jwt.encode(",
   "def make_server_token(server_id: str) -> str:\n    payload = {\"sid\": server_id, \"exp\": int(time.time()) + 3600}\n    return jwt.encode(payload, \"⟦S⟧\", algorithm=\"HS256\")")
_a("node-jsonwebtoken-sign-literal", "an:40", "jwt.sign(",
   "const token = jwt.sign({ sub: playerId, role: 'player' }, '⟦S⟧', { expiresIn: '1h' });")
_a("csharp-hmacsha256-key-bytes", "b64:32", "new HMACSHA256(key)",
   "// anti-tamper: sign match results before upload\nvar key = Convert.FromBase64String(\"⟦S⟧\");\nusing var hmac = new HMACSHA256(key);\nvar sig = hmac.ComputeHash(Encoding.UTF8.GetBytes(resultJson));")
_a("python-smtplib-login-literal", "pw", "smtplib.SMTP_SSL(",
   "with smtplib.SMTP_SSL(\"smtp.⟦dom⟧\", 465) as server:\n    server.login(\"builds@⟦studio⟧.example\", \"⟦S⟧\")\n    server.send_message(msg)")
_a("python-slack-sdk-webclient-token", "v:xoxb", "WebClient(",
   "from slack_sdk import WebClient\n\nclient = WebClient(token=\"⟦S⟧\")\nclient.chat_postMessage(channel=\"⟦channel⟧\", text=f\"Build {build_id} is green\")")
_a("js-discordjs-client-login", "v:discord", "client.login(",
   "client.once('ready', () => console.log(`logged in as ${client.user.tag}`));\nclient.login('⟦S⟧');")
_a("python-twitch-irc-pass-oauth", "v:twitch", "irc.chat.twitch.tv",
   "sock = socket.socket()\nsock.connect((\"irc.chat.twitch.tv\", 6667))\nsock.send(\"PASS oauth:⟦S⟧\\r\\n\".encode())\nsock.send(f\"NICK {BOT_NICK}\\r\\n\".encode())")
_a("go-sql-open-mysql-dsn", "pwu", "sql.Open(\"mysql\"",
   "db, err := sql.Open(\"mysql\", \"lb:⟦S⟧@tcp(⟦host⟧:3306)/⟦db⟧?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}")
_a("csharp-mongoclient-connection-uri", "pwu", "new MongoClient(",
   "var client = new MongoClient(\"mongodb://admin:⟦S⟧@⟦host⟧:27017/?authSource=admin\");\nvar db = client.GetDatabase(\"⟦db⟧\");")
_a("python-redis-from-url-password", "pwu", "redis.Redis.from_url(",
   "r = redis.Redis.from_url(\"rediss://:⟦S⟧@⟦host⟧:6380/0\", decode_responses=True)")
_a("csharp-azure-storage-connection-string", "v:azstorage", "new BlobServiceClient(",
   "var blobs = new BlobServiceClient(\n    \"DefaultEndpointsProtocol=https;AccountName=⟦studio⟧crash;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net\");")
_a("python-service-account-info-dict-private-key", "pemj:pk8", "\"type\": \"service_account\"",
   "SERVICE_ACCOUNT_INFO = {\n    \"type\": \"service_account\",\n    \"project_id\": \"⟦studio⟧-mobile\",\n    \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n⟦S⟧\\n-----END PRIVATE KEY-----\\n\",\n    \"client_email\": \"uploader@⟦studio⟧-mobile.iam.gserviceaccount.com\",\n}")
_a("swift-multiline-p8-private-key", "pem:p8", "let keyID = \"⟦keyid⟧\"",
   "let keyID = \"⟦keyid⟧\"\nlet issuerID = \"⟦uuid⟧\"\nlet privateKey = \"\"\"\n-----BEGIN PRIVATE KEY-----\n⟦S⟧\n-----END PRIVATE KEY-----\n\"\"\"")
_a("csharp-const-steam-publisher-key", "v:steamkey", "partner.steam-api.com",
   "internal static class SteamServerConfig\n{\n    // publisher Web API key - partner.steam-api.com only\n    internal const string PublisherKey = \"⟦S⟧\";\n    internal const uint AppId = ⟦appid⟧;\n}")
_a("cpp-ue-gconfig-fallback-literal", "hex:40", "GConfig->GetString",
   "FString ApiKey;\nif (!GConfig->GetString(TEXT(\"/Script/Backend.Settings\"), TEXT(\"ApiKey\"), ApiKey, GGameIni))\n{\n    ApiKey = TEXT(\"⟦S⟧\");\n}")
_a("python-pytest-fixture-real-token", "v:jwt", "@pytest.fixture",
   "@pytest.fixture\ndef api():\n    # real staging token, rotate after the playtest\n    return LiveopsClient(base_url=\"https://staging.⟦dom⟧\", token=\"⟦S⟧\")")
_a("js-process-env-or-literal", "v:eossecret", "process.env.EOS_CLIENT_SECRET",
   "const clientId = process.env.EOS_CLIENT_ID || '⟦eosclient⟧';\nconst clientSecret = process.env.EOS_CLIENT_SECRET || '⟦S⟧';")
_a("csharp-authenticationheadervalue-basic", "basic", "AuthenticationHeaderValue(",
   "http.DefaultRequestHeaders.Authorization =\n    new AuthenticationHeaderValue(\"Basic\", \"⟦S⟧\");")
_a("python-paramiko-connect-password", "pw", "paramiko.SSHClient()",
   "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"⟦host⟧\", username=\"⟦user⟧\", password=\"⟦S⟧\")")
_a("python-ftplib-tls-login", "pw", "FTP_TLS(",
   "ftps = FTP_TLS(\"ftp.⟦vendor⟧.example\")\nftps.login(\"⟦user⟧\", \"⟦S⟧\")\nftps.prot_p()\nftps.cwd(\"/drops/⟦code⟧/⟦lang⟧\")")
_a("sql-migration-create-user-with-password", "pw", "CREATE USER matchmaker",
   "-- migrations/0042_matchmaker_role.sql\nCREATE USER matchmaker WITH PASSWORD '⟦S⟧';\nGRANT SELECT, INSERT, UPDATE ON tickets, parties TO matchmaker;")
_a("tsql-create-login-check-policy-off", "pw", "CREATE LOGIN [telemetry_writer]",
   "CREATE LOGIN [telemetry_writer] WITH PASSWORD = N'⟦S⟧', CHECK_POLICY = OFF;\nCREATE USER [telemetry_writer] FOR LOGIN [telemetry_writer];")
_a("python-bytes-pepper-constant", "an:32", "PEPPER = b\"",
   "# account service: pepper for legacy password hashes\nPEPPER = b\"⟦S⟧\"\nITERATIONS = 310000")
_a("cpp-define-savegame-aes-key", "hex:64", "#define SAVEGAME_AES_KEY",
   "// SaveSystem/Crypto.h\n#define SAVEGAME_AES_KEY \"⟦S⟧\"\n#define SAVEGAME_VERSION 7")
_a("python-twilio-client-auth-token", "v:twilio", "from twilio.rest import Client",
   "from twilio.rest import Client\n\nclient = Client(\"AC⟦hex32⟧\", \"⟦S⟧\")  # SMS for on-call pages")
_a("java-drivermanager-getconnection", "pw", "DriverManager.getConnection(",
   "Connection conn = DriverManager.getConnection(\n    \"jdbc:mysql://⟦host⟧:3306/⟦db⟧\", \"⟦user⟧\", \"⟦S⟧\");")
_a("csharp-eos-sdk-client-credentials", "v:eossecret", "new ClientCredentials",
   "var options = new Epic.OnlineServices.Platform.Options\n{\n    ProductId = \"⟦eosid⟧\",\n    ClientCredentials = new ClientCredentials { ClientId = \"⟦eosclient⟧\", ClientSecret = \"⟦S⟧\" },\n};")
_a("python-anthropic-client-literal-key", "v:anthropic", "anthropic.Anthropic(",
   "# tools/loc/pretranslate.py\nclient = anthropic.Anthropic(api_key=\"⟦S⟧\")\nmsg = client.messages.create(model=MODEL, max_tokens=1024, messages=prompt_for(lang=\"⟦lang⟧\"))")
_a("python-deepl-translator-auth-key", "v:deepl", "deepl.Translator(",
   "import deepl\ntranslator = deepl.Translator(\"⟦S⟧\")\nresult = translator.translate_text(line, target_lang=\"⟦lang⟧\"[:2].upper())")
_a("python-openai-client-literal", "v:openai", "OpenAI(",
   "from openai import OpenAI\nclient = OpenAI(api_key=\"⟦S⟧\")  # only for the NPC bark prototype")
_a("unity-webrequest-setrequestheader", "v:jwt", "SetRequestHeader(",
   "using var req = UnityWebRequest.Get(url);\nreq.SetRequestHeader(\"X-Authorization\", \"⟦S⟧\");\nyield return req.SendWebRequest();")
_a("cpp-ue-http-setheader-apikey", "hex:40", "SetHeader(TEXT(\"x-api-key\")",
   "TSharedRef<IHttpRequest> Req = FHttpModule::Get().CreateRequest();\nReq->SetURL(TEXT(\"https://telemetry.⟦dom⟧/ingest\"));\nReq->SetHeader(TEXT(\"x-api-key\"), TEXT(\"⟦S⟧\"));")
_a("node-mysql-createpool-options", "pw", "mysql.createPool(",
   "const pool = mysql.createPool({\n  host: '⟦host⟧',\n  user: '⟦user⟧',\n  password: '⟦S⟧',\n  database: '⟦db⟧',\n});")


# ==========================================================================
# group: stack-trace-or-log
# ==========================================================================
_a = _adder("stack-trace-or-log")
_a("python-traceback-rich-locals", "pw", "Traceback (most recent call last)",
   "Traceback (most recent call last):\n  File \"/ci/tools/steam_upload.py\", line 88, in push\n    login(user, password)\n    ╭──────── locals ────────╮\n    │ password = '⟦S⟧' │\n    │     user = '⟦svc⟧'            │\n    ╰────────────────────────╯\nRuntimeError: steamcmd exited with code 5 (Invalid Password)")
_a("sqlalchemy-engine-url-log", "pwu", "sqlalchemy.engine.Engine",
   "⟦date⟧ ⟦time⟧,412 INFO sqlalchemy.engine.Engine connecting to postgresql+psycopg2://lb:⟦S⟧@⟦host⟧:5432/⟦db⟧\n⟦date⟧ ⟦time⟧,977 ERROR sqlalchemy.pool.impl.QueuePool Exception during reset or similar")
_a("java-sqlexception-with-jdbc-url-param", "pwu", "java.sql.SQLException",
   "INFO  DataSourceFactory - jdbc url=jdbc:mysql://⟦host⟧:3306/⟦db⟧?user=⟦user⟧&password=⟦S⟧&useSSL=true\njava.sql.SQLException: Access denied for user '⟦user⟧'@'⟦ip⟧' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:129)")
_a("ue-loghttp-veryverbose-auth-header", "v:jwtrs", "LogHttp: VeryVerbose",
   "[⟦uedate⟧][ 42]LogHttp: VeryVerbose: 000001F3A2B4C5D0: URL='https://api.epicgames.dev/epic/oauth/v2/token'\n[⟦uedate⟧][ 42]LogHttp: VeryVerbose: 000001F3A2B4C5D0: Header='Authorization: Bearer ⟦S⟧'")
_a("ue-loginit-command-line-auth-password", "hex:32", "LogInit: Command Line:",
   "[⟦uedate⟧][  0]LogInit: Command Line:  -AUTH_LOGIN=unused -AUTH_PASSWORD=⟦S⟧ -AUTH_TYPE=exchangecode -epicapp=⟦code⟧ -epicenv=Prod -EpicPortal -epicusername=\"⟦person⟧\"")
_a("unity-player-log-debug-secret", "v:playfab", "UnityEngine.Debug:Log (object)",
   "[Backend] init title=⟦title⟧ secret=⟦S⟧\nUnityEngine.Debug:Log (object)\nBackendBootstrap:Awake () (at Assets/Scripts/Backend/BackendBootstrap.cs:41)")
_a("nginx-access-log-access-token-query", "v:gho", "\"GET /api/v1/builds",
   "⟦ip⟧ - - [12/Mar/2025:⟦time⟧ +0000] \"GET /api/v1/builds?branch=main&access_token=⟦S⟧ HTTP/1.1\" 200 5123 \"-\" \"python-requests/2.31.0\"")
_a("squid-access-log-userinfo-url", "pwu", "TCP_MISS/200",
   "1741776000.123    341 ⟦ip⟧ TCP_MISS/200 4521 GET ftp://⟦user⟧:⟦S⟧@ftp.⟦vendor⟧.example/drops/⟦code⟧/ - HIER_DIRECT/203.0.113.7 text/html")
_a("git-fetch-error-credential-url", "v:ghp", "The requested URL returned error: 403",
   "Fetching upstream changes from https://github.com/⟦org⟧/⟦code⟧.git\n > git fetch --tags --force --progress -- https://⟦user⟧:⟦S⟧@github.com/⟦org⟧/⟦code⟧.git +refs/heads/*:refs/remotes/origin/*\nfatal: unable to access 'https://github.com/⟦org⟧/⟦code⟧.git/': The requested URL returned error: 403")
_a("teamcity-build-log-env-param", "pw", "[Step 2/6]",
   "[⟦time⟧] :\t [Step 2/6] Starting: D:\\BuildAgent\\work\\⟦hex16⟧\\upload.cmd\n[⟦time⟧] :\t [Step 2/6] env.STEAM_BUILDER_PASS=⟦S⟧\n[⟦time⟧] :\t [Step 2/6] in directory: D:\\BuildAgent\\work\\⟦hex16⟧")
_a("horde-structured-json-log-token", "v:hordetoken", "\"SourceContext\":\"HordeAgent",
   "{\"time\":\"⟦ts⟧\",\"level\":\"Debug\",\"message\":\"Connecting to https://⟦host⟧ with token ⟦S⟧\",\"properties\":{\"SourceContext\":\"HordeAgent.Services.GrpcService\"}}")
_a("sentry-event-breadcrumb-url-password", "pwu", "\"category\": \"http\"",
   "\"breadcrumbs\": [\n  {\"timestamp\": \"⟦ts⟧\", \"category\": \"http\", \"data\": {\"method\": \"POST\", \"url\": \"https://auth.⟦dom⟧/login?user=⟦user⟧&password=⟦S⟧\", \"status_code\": 401}}\n]")
_a("backtrace-crash-attributes-session-token", "v:jwt", "\"error.message\"",
   "attributes: {\n  \"error.message\": \"EXCEPTION_ACCESS_VIOLATION reading address 0x0000000000000010\",\n  \"application.version\": \"⟦ver⟧+CL⟦cl⟧\",\n  \"player.session_token\": \"⟦S⟧\"\n}")
_a("go-panic-config-struct-print", "pw", "panic: redis: WRONGPASS",
   "⟦date⟧T⟦time⟧Z INFO  config loaded: &{Addr:⟦host⟧:6379 Password:⟦S⟧ DB:0 PoolSize:64}\npanic: redis: WRONGPASS invalid username-password pair or user is disabled.\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/matchmaker/main.go:57 +0x2c5")
_a("node-axios-error-config-headers", "v:jwt", "AxiosError: Request failed",
   "AxiosError: Request failed with status code 403\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.⟦dom⟧/v2/entitlements',\n    headers: AxiosHeaders {\n      Accept: 'application/json',\n      Authorization: 'Bearer ⟦S⟧'\n    }\n  }")
_a("urllib3-debug-log-query-token", "v:lokalise", "DEBUG:urllib3.connectionpool",
   "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.lokalise.com:443\nDEBUG:urllib3.connectionpool:https://api.lokalise.com:443 \"GET /api2/projects?x_api_token=⟦S⟧&limit=50 HTTP/1.1\" 200 None")
_a("contentbuilder-log-steamcmd-argv", "pw", "ContentBuilder: invoking steamcmd",
   "[⟦date⟧ ⟦time⟧] ContentBuilder: invoking steamcmd with args [\"+login\", \"⟦svc⟧\", \"⟦S⟧\", \"+run_app_build\", \"app_⟦appid⟧.vdf\", \"+quit\"]\n[⟦date⟧ ⟦time⟧] Logging in user '⟦svc⟧' to Steam Public...")
_a("buildkit-log-run-npm-token", "v:npm", "[build 4/9] RUN",
   "#9 [build 4/9] RUN NPM_TOKEN=⟦S⟧ npm ci --omit=dev\n#9 3.412 added 412 packages in 3s\n#9 DONE 4.1s")
_a("gha-log-env-unmasked-derived-secret", "v:eossecret", "##[group]Run ./tools/deploy_server.sh",
   "⟦date⟧T⟦time⟧.1234567Z ##[group]Run ./tools/deploy_server.sh\n⟦date⟧T⟦time⟧.1235678Z env:\n⟦date⟧T⟦time⟧.1235912Z   EOS_CLIENT_ID: ⟦eosclient⟧\n⟦date⟧T⟦time⟧.1236004Z   EOS_SECRET_DECODED: ⟦S⟧\n⟦date⟧T⟦time⟧.1236107Z ##[endgroup]")
_a("gitlab-job-log-echo-job-token", "v:glcbt", "$ echo \"Using token",
   "Running with gitlab-runner 17.2.0 (⟦hex8⟧)\n  on ⟦host⟧ ⟦hex8⟧, system ID: s_⟦hex16⟧\n$ echo \"Using token ${CI_JOB_TOKEN}\"\nUsing token ⟦S⟧")
_a("syslog-amqp-url-connecting", "pwu", "matchmaker[⟦pid⟧]",
   "Mar 12 ⟦time⟧ ⟦host⟧ matchmaker[⟦pid⟧]: connecting to amqp://mm:⟦S⟧@rabbit.⟦dom⟧:5672/liveops\nMar 12 ⟦time⟧ ⟦host⟧ matchmaker[⟦pid⟧]: channel opened")
_a("windows-task-scheduler-action-log", "pw", "Task Scheduler launched action",
   "Task Scheduler launched action \"C:\\Tools\\sync_ddc.bat /user:⟦user⟧ /pass:⟦S⟧\" in instance \"{⟦uuid⟧}\" of task \"\\⟦Studio⟧\\DDC nightly sync\".")
_a("postgres-log-alter-role-statement", "pw", "LOG:  statement: ALTER ROLE",
   "⟦date⟧ ⟦time⟧.412 UTC [⟦pid⟧] postgres@⟦db⟧ LOG:  statement: ALTER ROLE matchmaker WITH PASSWORD '⟦S⟧';")
_a("unity-cloud-build-log-storepass", "pw", "Configuring Android signing",
   "⟦num⟧: [Unity] ▸ Configuring Android signing: keystore=upload.keystore alias=upload storepass=⟦S⟧\n⟦num⟧: [Unity] ▸ Gradle build started")
_a("gradle-info-signing-config-dump", "pw", "> Task :launcher:signReleaseBundle",
   "> Task :launcher:signReleaseBundle\nSigningConfig \"release\" {storeFile=/home/ci/keys/upload.jks, storePassword=⟦S⟧, keyAlias=upload, storeType=jks}")
_a("fastlane-log-altool-command", "v:appspecific", "xcrun altool --upload-app",
   "[⟦time⟧]: $ xcrun altool --upload-app -t ios -f ./build/⟦Code⟧.ipa -u ⟦email⟧ -p ⟦S⟧\n[⟦time⟧]: ▸ No errors uploading './build/⟦Code⟧.ipa'")
_a("fastlane-session-myacinfo-cookie", "v:myacinfo", "name: myacinfo",
   "export FASTLANE_SESSION='---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: ⟦S⟧\n  domain: apple.com\n  for_domain: true\n  path: \"/\"'")
_a("crash-dump-environment-block", "v:playfab", "Environment variables at time of crash",
   "=== Environment variables at time of crash ===\nCOMPUTERNAME=⟦CODE⟧-QA-⟦n⟧\nPLAYFAB_DEV_SECRET=⟦S⟧\nPROCESSOR_ARCHITECTURE=AMD64\nUE-SharedDataCachePath=\\\\⟦host⟧\\DDC")
_a("anticheat-server-log-license-key", "uan:48", "[AntiCheat] Integrity init ok",
   "[⟦time⟧][AntiCheat] Integrity init ok, productId=⟦eosid⟧ sandbox=⟦hex32⟧\n[⟦time⟧][Server] Loaded anti-cheat server key: ⟦S⟧")
_a("dotnet-argumentexception-connection-string", "pw", "System.ArgumentException",
   "System.ArgumentException: Keyword not supported: 'trustservercertifcate'.\n   at Microsoft.Data.SqlClient.SqlConnectionStringBuilder..ctor(String connectionString)\n   Connection string was: Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertifcate=true")
_a("ue-logonline-artifact-dump", "v:eossecret", "LogEOSSDK",
   "[⟦uedate⟧][  0]LogEOSSDK: Display: Artifact loaded: ArtifactName=⟦Code⟧Live, ClientId=⟦eosclient⟧, ClientSecret=⟦S⟧, ProductId=⟦eosid⟧")
_a("playfab-cloudscript-logs-array", "hex:32", "\"FunctionName\": \"grantDailyReward\"",
   "{\n  \"FunctionName\": \"grantDailyReward\",\n  \"Logs\": [\n    {\"Level\": \"Debug\", \"Message\": \"calling partner api with key ⟦S⟧\"},\n    {\"Level\": \"Info\", \"Message\": \"granted 50 gems\"}\n  ],\n  \"ExecutionTimeSeconds\": 0.41\n}")
_a("azure-functions-log-storage-connection", "v:azstorage", "Executing 'LeaderboardReset'",
   "⟦date⟧T⟦time⟧.412 [Information] Executing 'LeaderboardReset' (Reason='Timer fired', Id=⟦uuid⟧)\n⟦date⟧T⟦time⟧.415 [Debug] Using storage: DefaultEndpointsProtocol=https;AccountName=⟦studio⟧lb;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net")
_a("cloudwatch-lambda-event-headers", "an:40", "START RequestId:",
   "START RequestId: ⟦uuid⟧ Version: $LATEST\n⟦ts⟧\t⟦uuid⟧\tINFO\tevent: {\"path\":\"/ingest\",\"headers\":{\"x-api-key\":\"⟦S⟧\",\"user-agent\":\"UnrealEngine/5.3\"}}")
_a("http-debug-form-body-grant-password", "pwu", "grant_type=password",
   "DEBUG http: POST https://auth.⟦dom⟧/oauth/token\nDEBUG http: body: grant_type=password&username=⟦user⟧&password=⟦S⟧&client_id=launcher")
_a("eos-connect-debug-client-credentials-body", "v:eossecret", "grant_type=client_credentials",
   "LogEOSAuth: Verbose: POST /auth/v1/oauth/token body=grant_type=client_credentials&deployment_id=⟦hex32⟧&client_id=⟦eosclient⟧&client_secret=⟦S⟧")
_a("p4-auth-trigger-log-password", "pw", "auth-check trigger",
   "⟦date⟧ ⟦time⟧ auth-check trigger: user=⟦user⟧ client=⟦user⟧_ws password=⟦S⟧ ldap=ldaps://dc01.⟦dom⟧ result=0")
_a("jenkins-pipeline-echo-credentials", "pw", "[Pipeline] echo",
   "[Pipeline] echo\nsteam creds: ⟦svc⟧ / ⟦S⟧\n[Pipeline] sh\n+ ./upload.sh")
_a("go-zap-json-dsn-field", "pwu", "\"msg\":\"dialing database\"",
   "{\"level\":\"info\",\"ts\":1741776000.412,\"caller\":\"store/db.go:31\",\"msg\":\"dialing database\",\"dsn\":\"lb:⟦S⟧@tcp(⟦host⟧:3306)/⟦db⟧\"}")
_a("rust-panic-debug-struct", "v:discord", "thread 'main' panicked",
   "thread 'main' panicked at src/main.rs:44:10:\ncalled `Result::unwrap()` on an `Err` value: Unauthorized\ncontext: Config { discord_token: \"⟦S⟧\", guild: ⟦digits⟧, prefix: \"!\" }")
_a("php-stack-trace-mysqli-args", "pw", "PHP Fatal error:  Uncaught mysqli_sql_exception",
   "PHP Fatal error:  Uncaught mysqli_sql_exception: Access denied for user 'swarm'@'localhost' in /var/www/swarm/module/Reports/src/Db.php:12\nStack trace:\n#0 /var/www/swarm/module/Reports/src/Db.php(12): mysqli->__construct('⟦host⟧', 'swarm', '⟦S⟧', 'swarm_reports')\n#1 {main}")
_a("java-ioexception-url-apikey", "hex:32", "java.io.IOException: Server returned HTTP response code: 401",
   "Caused by: java.io.IOException: Server returned HTTP response code: 401 for URL: https://api.⟦dom⟧/v1/crash?apikey=⟦S⟧&build=⟦bld⟧\n\tat sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)")
_a("python-httperror-steam-key-url", "v:steamkey", "requests.exceptions.HTTPError: 403",
   "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://partner.steam-api.com/ISteamEconomy/GetAssetPrices/v1/?key=⟦S⟧&appid=⟦appid⟧")
_a("csharp-webexception-sas-sig", "v:sas", "System.Net.WebException",
   "System.Net.WebException: The remote server returned an error: (403) Forbidden.\n   Request: PUT https://⟦studio⟧crash.blob.core.windows.net/dumps/⟦uuid⟧.dmp?sv=2022-11-02&ss=b&srt=o&sp=w&se=⟦date⟧T23:59:59Z&spr=https&sig=⟦S⟧")
_a("s3-presigned-put-url-in-log", "v:s3sig", "X-Amz-Credential=",
   "INFO uploading symbols via PUT https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/⟦code⟧/⟦bld⟧/symbols.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟦akid⟧%2F20250312%2F⟦region⟧%2Fs3%2Faws4_request&X-Amz-Date=20250312T101112Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦S⟧")
_a("gcs-signed-url-x-goog-signature", "v:gcssig", "X-Goog-Algorithm=GOOG4-RSA-SHA256",
   "DEBUG patcher: manifest url https://storage.googleapis.com/⟦bucket⟧/manifests/⟦ver⟧.json?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=patcher%40⟦studio⟧.iam.gserviceaccount.com%2F20250312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250312T101112Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=⟦S⟧")
_a("cloudfront-signed-url-signature-param", "v:cfsig", "Key-Pair-Id=",
   "[Launcher] GET https://d⟦hex8⟧.cloudfront.net/patches/⟦ver⟧/pakchunk0-Windows.pak?Expires=1741780000&Signature=⟦S⟧&Key-Pair-Id=K⟦keyid⟧ -> 200 (⟦size⟧ MB)")
_a("systemd-journal-executing-adminpassword", "pw", "dedicated@7777.service",
   "Mar 12 ⟦time⟧ ⟦host⟧ systemd[1]: dedicated@7777.service: Executing: /opt/⟦code⟧/Server.sh -port=7777 -adminpassword=⟦S⟧ -log")
_a("ue-dedicated-url-options-adminpassword", "pw", "?listen?",
   "[⟦uedate⟧][  0]LogInit: Command Line: /Game/Maps/Harbor?listen?MaxPlayers=16?AdminPassword=⟦S⟧ -log -port=7777")
_a("sentry-cli-debug-authorization-line", "v:sntrys", "sentry_cli::api",
   "DEBUG   ⟦ts⟧ sentry_cli::api > request GET https://sentry.io/api/0/organizations/⟦studio⟧/releases/\nDEBUG   ⟦ts⟧ sentry_cli::api > > Authorization: Bearer ⟦S⟧")
_a("npm-debug-log-authtoken-argv", "v:npm", "verbose cli",
   "0 verbose cli /usr/local/bin/node /usr/local/bin/npm\n1 info using npm@10.5.0\n2 verbose title npm publish --//registry.npmjs.org/:_authToken=⟦S⟧\n3 verbose argv \"publish\"")
_a("rq-worker-log-redis-url", "pwu", "Worker rq:worker",
   "⟦time⟧ Worker rq:worker:⟦hex16⟧ started with PID ⟦pid⟧, version 1.16.1\n⟦time⟧ Connected to redis://:⟦S⟧@⟦host⟧:6379/3\n⟦time⟧ *** Listening on default...")
_a("mongodb-serverselection-error-uri", "pwu", "MongoServerSelectionError",
   "MongoServerSelectionError: connection timed out\n    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb+srv://tele:⟦S⟧@telemetry-⟦n⟧.x1y2z.mongodb.net/⟦db⟧'")
_a("crashcontext-xml-commandline", "hex:40", "<FGenericCrashContext>",
   "<FGenericCrashContext>\n  <RuntimeProperties>\n    <CrashVersion>3</CrashVersion>\n    <CommandLine>-windowed -BackendKey=⟦S⟧ -nosplash</CommandLine>\n    <EngineVersion>5.3.2-⟦cl⟧+++UE5+Release-5.3</EngineVersion>\n  </RuntimeProperties>\n</FGenericCrashContext>")
_a("adb-logcat-unity-refresh-token", "v:jwt", "I Unity",
   "03-12 ⟦time⟧.345  ⟦pid⟧  ⟦pid⟧ I Unity   : [Auth] refresh_token=⟦S⟧\n03-12 ⟦time⟧.346  ⟦pid⟧  ⟦pid⟧ I Unity   : (Filename: ./Runtime/Export/Debug/Debug.bindings.h Line: 35)")
_a("ios-device-console-entity-token", "v:jwtrs", "<Notice>: PlayFab EntityToken:",
   "default\t⟦time⟧.345678+0000\t⟦Code⟧\t<Notice>: PlayFab EntityToken: ⟦S⟧")
_a("powershell-transcript-env-assignment", "pw", "Windows PowerShell transcript start",
   "**********************\nWindows PowerShell transcript start\nStart time: 20250312101112\nUsername: ⟦CODE⟧\\⟦user⟧\n**********************\nPS C:\\steam> $env:STEAM_PASSWORD = '⟦S⟧'\nPS C:\\steam> .\\upload.ps1 -Branch beta")
_a("horde-agent-enrollment-log", "an:48", "Enrollment",
   "info: HordeAgent.Services.EnrollmentService[0]\n      Enrollment key ⟦S⟧ accepted by https://⟦host⟧; agent id ⟦host2⟧")
_a("buildgraph-log-p4-dash-capital-p", "v:p4ticket", "Running: p4.exe",
   "Running: p4.exe -p ssl:⟦host⟧:1666 -u buildmachine -P ⟦S⟧ -c horde_⟦host2⟧ sync //⟦code⟧/main/...@⟦cl⟧\n  ... 12,345 files updated")
_a("gitlab-runner-clone-url-ci-token", "v:glcbt", "Fetching changes with git depth",
   "Fetching changes with git depth set to 20...\nReinitialized existing Git repository in /builds/⟦code⟧/client/.git/\nremote: https://gitlab-ci-token:⟦S⟧@gitlab.⟦dom⟧/⟦code⟧/client.git\nChecking out ⟦sha7⟧ as detached HEAD (ref is main)...")
_a("ue-logsteamshared-webapi-url-key", "v:steamkey", "LogSteamShared",
   "[⟦uedate⟧][118]LogSteamShared: Verbose: GET https://partner.steam-api.com/ISteamUser/GetPublisherAppOwnership/v3/?key=⟦S⟧&steamid=⟦steamid⟧")
_a("celery-beat-log-broker-url", "pwu", "celery beat v5",
   "celery beat v5.3.6 (emerald-rush) is starting.\n__    -    ... __   -        _\nLocalTime -> ⟦date⟧ ⟦time⟧\nConfiguration ->\n    . broker -> amqp://liveops:⟦S⟧@rabbit.⟦dom⟧:5672//\n    . loader -> celery.loaders.app.AppLoader")


# ==========================================================================
# group: note-or-chat
# ==========================================================================
_a = _adder("note-or-chat")
_a("slack-handover-devkit-admin-password", "pw", "@⟦person2⟧",
   "@⟦person2⟧ handing over the devkit lab tonight — admin pw for the PS5 kits is ⟦S⟧, please don't put it in the wiki 🙏")
_a("teams-message-german-share-password", "pw", "Build-Share",
   "Hi ⟦person2⟧, das Passwort für den Build-Share \\\\⟦host⟧\\builds lautet ⟦S⟧ – bitte nach dem Release ändern. LG ⟦person⟧")
_a("chat-french-steamworks-partner", "pw", "compte Steamworks",
   "Salut ! Le mot de passe du compte Steamworks partenaire : ⟦S⟧ (identifiant : ⟦svc⟧). Le code Steam Guard arrive sur le téléphone de ⟦person⟧.")
_a("chat-spanish-staging-db", "pw", "base de datos de staging",
   "Oye ⟦person2⟧, la contraseña de la base de datos de staging (⟦host⟧) es ⟦S⟧, la cambié ayer después del incidente.")
_a("chat-portuguese-jenkins-senha", "pw", "Jenkins",
   "⟦person2⟧, a senha do Jenkins é ⟦S⟧ — usuário ⟦user⟧. Depois troca, beleza?")
_a("chat-japanese-playfab-secret", "v:playfab", "PlayFab",
   "お疲れ様です。PlayFabのタイトル ⟦title⟧ のシークレットキーは ⟦S⟧ です。本番環境では使わないでください。")
_a("chat-korean-build-server-password", "pw", "빌드 서버",
   "⟦person2⟧님, 빌드 서버(⟦host⟧) 비밀번호는 ⟦S⟧ 입니다. 내일 변경 예정이에요.")
_a("chat-chinese-sftp-password", "pw", "SFTP",
   "本地化供应商 ⟦vendor⟧ 的 SFTP 账号：⟦user⟧，密码：⟦S⟧，请勿外传。")
_a("chat-polish-app-store-connect", "pw", "App Store Connect",
   "⟦person2⟧, hasło do konta App Store Connect (⟦email⟧): ⟦S⟧ — 2FA jest na telefonie ⟦person⟧.")
_a("chat-russian-perforce-password", "pw", "Perforce",
   "Пароль от Perforce для ⟦user⟧: ⟦S⟧. Сервер ssl:⟦host⟧:1666.")
_a("chat-swedish-qa-wifi", "phrase", "QA-wifi",
   "Lösenordet till QA-wifi (⟦Studio⟧-QA) är \"⟦S⟧\" – skriv inte upp det på tavlan igen.")
_a("chat-finnish-teamcity-salasana", "pw", "TeamCity",
   "⟦person⟧: TeamCityn admin-tunnuksen salasana on ⟦S⟧, vaihdan sen perjantaina.")
_a("chat-italian-cert-portal", "pw", "portale di certificazione",
   "Luca, la password del portale di certificazione è ⟦S⟧ (utente ⟦email⟧).")
_a("chat-dutch-sentry-admin", "pw", "Sentry",
   "Het wachtwoord voor de Sentry-admin (⟦email⟧) is ⟦S⟧, graag niet doorsturen.")
_a("chat-turkish-backtrace-sifre", "pw", "Backtrace",
   "Backtrace yönetici hesabı: ⟦email⟧ — şifre: ⟦S⟧")
_a("chat-ukrainian-crowdin-token", "v:crowdin", "Crowdin",
   "Ось токен для Crowdin, тільки для читання: ⟦S⟧")
_a("chat-czech-devkit-heslo", "pw", "devkit",
   "heslo k devkitu ps5-kit-⟦n⟧ je ⟦S⟧, IP ⟦ip⟧")
_a("chat-vietnamese-play-console", "pw", "Google Play Console",
   "Mật khẩu tài khoản Google Play Console (⟦email⟧): ⟦S⟧")
_a("chat-hinglish-staging-db", "pw", "staging DB",
   "⟦person⟧: staging DB ka password ⟦S⟧ hai, kal rotate karenge")
_a("chat-indonesian-grafana", "pw", "Grafana",
   "Kata sandi admin Grafana (https://grafana.⟦dom⟧): ⟦S⟧")
_a("agent-running-notes-abbrev-pw", "pw", "svc acct `⟦svc⟧`",
   "## Running notes\n- p4 svc acct `⟦svc⟧`, pw ⟦S⟧ (from ⟦person⟧ in DM) — use for sync only, never submit\n- CL ⟦cl⟧ is the last green")
_a("agent-goal-with-creds-in-parens", "pw", "GOAL: upload build ⟦bld⟧",
   "GOAL: upload build ⟦bld⟧ to Steam branch `beta` using the builder account (creds: ⟦svc⟧ / ⟦S⟧), then set it live for the playtest group.")
_a("decision-log-keep-hardcoded-token", "v:backtrace", "DefaultEngine.ini until",
   "Decision (⟦date⟧): keep the hardcoded Backtrace token ⟦S⟧ in DefaultEngine.ini until the crash pipeline migration lands; tracked in ⟦ticket⟧.")
_a("email-forward-temp-password", "pw", "Subject: Re: TMS portal access",
   "From: ⟦person⟧ ⟦surname⟧ <pm@⟦vendor⟧.example>\nSubject: Re: TMS portal access\n\nHi ⟦person2⟧,\nyour login for the translation portal is ⟦user⟧ and the temporary password is ⟦S⟧. Please change it on first login.\n\nBest,\n⟦person⟧")
_a("jira-comment-qa-account", "pw", "qa_tester",
   "⟦ticket⟧ — comment by ⟦person⟧: repro needs the QA account qa_tester⟦n⟧ / ⟦S⟧ on the staging title ⟦title⟧, clean save.")
_a("pasted-creds-block-user-pass-host", "pw", "host: ⟦host⟧",
   "creds:\nuser: ⟦user⟧\npass: ⟦S⟧\nhost: ⟦host⟧")
_a("discord-message-bot-token-unlabelled", "v:discord", "bot's acting up again",
   "<⟦person⟧> bot's acting up again, here's what it runs with if you wanna try locally\n<⟦person⟧> ⟦S⟧\n<⟦person2⟧> got it, thx")
_a("note-logged-in-with-unlabelled-password", "pw", "Nintendo dev portal",
   "Logged into the Nintendo dev portal as ⟦email⟧ with ⟦S⟧ and pulled the new SDK drop; readme says firmware update first.")
_a("mocap-wifi-passphrase-quoted", "phrase", "⟦Studio⟧-Mocap",
   "wifi in the mocap room: network ⟦Studio⟧-Mocap, passphrase \"⟦S⟧\"")
_a("sticky-note-transcription", "pw", "(photo of the sticky note",
   "(photo of the sticky note on ⟦person⟧'s monitor, transcribed)\n⟦user⟧ / ⟦S⟧\n\"p4 + jenkins\"")
_a("standup-rotated-password-announce", "pw", "rotated the Steam builder password",
   "Standup ⟦date⟧\n- ⟦person⟧: rotated the Steam builder password, new one is ⟦S⟧ — someone update the TeamCity param\n- ⟦person2⟧: cert submission for ⟦platform⟧ went in")
_a("todo-remove-secret-key-line", "an:50", "before open-sourcing",
   "TODO: remove `SECRET_KEY = \"⟦S⟧\"` from tools/dashboard/settings.py before open-sourcing the tools repo")
_a("runbook-emergency-break-glass", "pw", "## Emergency access",
   "## Emergency access\nIf SSO is down, log into Grafana at https://grafana.⟦dom⟧ with `admin` / `⟦S⟧` and page #ops.")
_a("pr-review-comment-quoted-code", "v:gasecret", "This is the prod GameAnalytics secret",
   "> ApiSecret = \"⟦S⟧\";\n\nThis is the prod GameAnalytics secret, please don't commit it — load it from the build machine env instead.")
_a("agent-handoff-context-token", "v:hordetoken", "Context for next session",
   "Context for next session: the Horde server token I minted is ⟦S⟧ (expires Friday). Agents on ⟦host⟧ and ⟦host2⟧ already use it.")
_a("meeting-notes-cert-portal-shared-account", "pw", "Xbox Partner Center",
   "Meeting notes – cert sync\n* Xbox Partner Center shared account: ⟦email⟧ pw ⟦S⟧ — ⟦person⟧ owns the 2FA device\n* next submission window: ⟦date⟧")
_a("chat-emoji-arrow-redis-pass", "pw", "staging redis",
   "🔑 new staging redis pass → ⟦S⟧ 🙏 don't paste in #general")
_a("issue-body-steps-export-secret", "v:ugssecret", "ugs deploy",
   "Steps to reproduce:\n1. export UGS_CLI_SERVICE_SECRET_KEY=⟦S⟧\n2. run `ugs deploy ./remote-config -e ⟦env⟧`\n3. observe 403 on the economy module")
_a("chat-code-switch-contrasena", "pw", "PlayFab dev account",
   "ok so the contraseña for the PlayFab dev account is ⟦S⟧ lol, ⟦person⟧ set it up in Madrid")
_a("chat-two-messages-unlabelled-reply", "pw", "art outsourcer account",
   "[10:12] ⟦person⟧: what's the p4 pw for the art outsourcer account?\n[10:13] ⟦person2⟧: ⟦S⟧\n[10:13] ⟦person⟧: ty")
_a("sms-style-apple-id-password", "pw", "shared Apple ID",
   "for the shared Apple ID (NOT the 2fa code, the actual pw): ⟦S⟧")
_a("voice-call-transcript-password", lambda c: " ".join(_pick(_WORDS) for _ in range(_R.randint(4, 5))), "all lowercase",
   "[transcript 00:14:22] ⟦person⟧: ...yeah the passphrase is \"⟦S⟧\", all lowercase, spaces included, that's for the signing key.")
_a("markdown-table-service-user-password", "pw", "| Service | User | Password |",
   "| Service | User | Password |\n|---|---|---|\n| Backtrace | ⟦email⟧ | ⟦S⟧ |\n| Sentry | ⟦email⟧ | (SSO) |")
_a("agent-scratchpad-steam-guard", "pw", "Steam Guard prompt",
   "Tried steamcmd with ⟦svc⟧/⟦S⟧ → Steam Guard prompt; need the code from ⟦person⟧'s phone before the upload can continue.")
_a("wiki-devkit-neighborhood-password", "pw", "### Devkit network",
   "### Devkit network\nAll kits on VLAN 40. Neighborhood/Target Manager password: `⟦S⟧` (rotate quarterly, owner: ⟦person⟧)")
_a("chat-reply-quoting-question", "pw", "what's the keystore pass",
   "> what's the keystore pass for ⟦code⟧?\nit's ⟦S⟧, same one for the key alias")
_a("postmortem-root-cause-leaked-key", "v:awssecret", "Root cause:",
   "Root cause: the AWS secret key ⟦S⟧ (for ⟦akid⟧) was committed in ⟦sha7⟧ and scraped within 4 minutes; ⟦num⟧ GPU instances launched in ⟦region⟧.")
_a("handover-doc-leaving-bullet", "pw", "Handover",
   "Handover – ⟦person⟧ leaving on ⟦date⟧\n* Unity org owner login: ⟦email⟧ / ⟦S⟧\n* Steamworks: ⟦person2⟧ is now admin")
_a("chat-japanese-vendor-portal-login", "pw", "翻訳会社のポータル",
   "翻訳会社のポータル: ユーザー名 ⟦user⟧ / パスワード ⟦S⟧ （⟦lang⟧ の納品はここから）")
_a("chat-german-lokalise-token", "v:lokalise", "Lokalise",
   "Hier der API-Token für Lokalise: ⟦S⟧ (nur Lesezugriff, Projekt ⟦code⟧)")
_a("note-french-gpg-passphrase-guillemets", "phrase", "clé GPG",
   "Phrase secrète de la clé GPG de signature des builds : « ⟦S⟧ »")
_a("chat-spanish-switch-devkit-clave", "pw", "kit de desarrollo",
   "La clave del kit de desarrollo de Switch (sdev-⟦n⟧) es ⟦S⟧")
_a("chat-korean-slack-bot-token", "v:xoxb", "Slack 봇 토큰",
   "Slack 봇 토큰 공유드립니다: ⟦S⟧ (빌드 알림용)")
_a("chat-traditional-chinese-root-password", "pw", "測試伺服器",
   "測試伺服器 ⟦host⟧ 的 root 密碼是 ⟦S⟧")
_a("email-portuguese-pt-ftp-audio", "pw", "FTP da equipa de áudio",
   "Olá ⟦person2⟧,\nsegue a palavra-passe do FTP da equipa de áudio: ⟦S⟧\nUtilizador: ⟦user⟧\nCumprimentos")
_a("chat-thai-jenkins-password", "pw", "Jenkins",
   "รหัสผ่าน Jenkins (⟦host⟧): ⟦S⟧")
_a("chat-arabic-steam-account", "pw", "Steam",
   "كلمة المرور لحساب Steam الخاص بالبناء: ⟦S⟧")
_a("chat-hebrew-build-server", "pw", "⟦host⟧",
   "הסיסמה לשרת הבנייה ⟦host⟧ היא ⟦S⟧")
_a("chat-greek-perforce", "pw", "Perforce",
   "Ο κωδικός για το Perforce (χρήστης ⟦user⟧) είναι ⟦S⟧")
_a("chat-danish-unity-account", "pw", "Unity-kontoen",
   "Adgangskoden til Unity-kontoen (⟦email⟧) er ⟦S⟧")
_a("chat-hungarian-sentry", "pw", "Sentry",
   "A jelszó a Sentry fiókhoz: ⟦S⟧")
_a("chat-romanian-google-play", "pw", "Google Play",
   "Parola pentru contul de Google Play al studioului: ⟦S⟧")


# ==========================================================================
# group: ci-and-deploy
# ==========================================================================
_a = _adder("ci-and-deploy")
_a("jenkinsfile-environment-block-literal", "pw", "pipeline {",
   "pipeline {\n  agent { label 'win64-ue5' }\n  environment {\n    STEAM_USER = '⟦svc⟧'\n    STEAM_PASS = '⟦S⟧'\n  }\n  stages { stage('Upload') { steps { bat 'upload.bat' } } }\n}")
_a("jenkinsfile-sh-curl-status-token", "v:ghp", "statuses/${GIT_COMMIT}",
   "stage('Report') {\n  steps {\n    sh \"curl -s -X POST -H 'Authorization: token ⟦S⟧' -d '{\\\"state\\\":\\\"success\\\"}' https://api.github.com/repos/⟦org⟧/⟦code⟧/statuses/${GIT_COMMIT}\"\n  }\n}")
_a("epic-buildpatchtool-client-secret-arg", "an:43", "-mode=UploadBinary",
   "Engine\\Binaries\\Win64\\BuildPatchTool.exe -OrganizationId=o-⟦hex16⟧ -ProductId=⟦eosid⟧ -ArtifactId=⟦hex32⟧ -ClientId=⟦eosclient⟧ -ClientSecret=⟦S⟧ -mode=UploadBinary -BuildRoot=\"D:\\Staged\\WindowsClient\" -CloudDir=\"D:\\BPTCloud\" -BuildVersion=⟦ver⟧-CL⟦cl⟧ -AppLaunch=⟦Code⟧.exe")
_a("gha-steam-deploy-configvdf-literal", lambda c: _b64(220), "game-ci/steam-deploy",
   "      - uses: game-ci/steam-deploy@v3\n        with:\n          username: ⟦svc⟧\n          configVdf: ⟦S⟧\n          appId: ⟦appid⟧\n          buildDescription: v⟦ver⟧\n          rootPath: build\n          depot1Path: StandaloneWindows64")
_a("gha-unity-builder-env-password", "pw", "game-ci/unity-builder",
   "      - uses: game-ci/unity-builder@v4\n        env:\n          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}\n          UNITY_EMAIL: ⟦email⟧\n          UNITY_PASSWORD: ⟦S⟧\n        with:\n          targetPlatform: StandaloneWindows64")
_a("gitlab-ci-variables-block-token", "v:sntrys", "variables:",
   "variables:\n  GIT_DEPTH: \"20\"\n  SENTRY_ORG: ⟦studio⟧\n  SENTRY_AUTH_TOKEN: \"⟦S⟧\"\n\nupload_symbols:\n  stage: post\n  script:\n    - sentry-cli debug-files upload ./Binaries")
_a("gitlab-ci-script-steamcmd-literal", "pw", "steam_upload:",
   "steam_upload:\n  stage: deploy\n  tags: [steam]\n  script:\n    - ./steamcmd.sh +login $STEAM_USER ⟦S⟧ +run_app_build $CI_PROJECT_DIR/steam/app_⟦appid⟧.vdf +quit\n  only: [tags]")
_a("teamcity-kotlin-dsl-plain-param", "pw", "params {",
   "object Nightly : BuildType({\n    name = \"Nightly ⟦platform⟧\"\n    params {\n        param(\"env.P4USER\", \"⟦svc⟧\")\n        param(\"env.STEAM_PASS\", \"⟦S⟧\")\n    }\n})")
_a("teamcity-project-config-xml-param", "v:playfab", "<parameters>",
   "<project xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n  <name>⟦Code⟧</name>\n  <parameters>\n    <param name=\"env.PLAYFAB_TITLE\" value=\"⟦title⟧\" />\n    <param name=\"env.PLAYFAB_SECRET\" value=\"⟦S⟧\" />\n  </parameters>\n</project>")
_a("azure-pipelines-variables-value", "v:appspecific", "- name: AppStoreConnectPassword",
   "variables:\n  - name: AppStoreConnectUser\n    value: ⟦email⟧\n  - name: AppStoreConnectPassword\n    value: ⟦S⟧\n\nsteps:\n  - task: AppStoreRelease@1")
_a("circleci-job-environment-fastlane", "pw", "macos:",
   "jobs:\n  ios-beta:\n    macos:\n      xcode: 15.2.0\n    environment:\n      FASTLANE_USER: ⟦email⟧\n      FASTLANE_PASSWORD: ⟦S⟧\n    steps:\n      - checkout\n      - run: bundle exec fastlane beta")
_a("buildkite-pipeline-step-env", "v:dckr", "- label: \":docker: push\"",
   "steps:\n  - label: \":docker: push\"\n    command: docker push ⟦studio⟧/dedicated:⟦ver⟧\n    env:\n      DOCKER_USERNAME: ⟦studio⟧ci\n      DOCKER_PASSWORD: \"⟦S⟧\"")
_a("bitbucket-pipelines-pipe-variables", "v:awssecret", "atlassian/aws-s3-deploy",
   "- step:\n    name: Deploy web build\n    script:\n      - pipe: atlassian/aws-s3-deploy:1.1.0\n        variables:\n          AWS_ACCESS_KEY_ID: '⟦akid⟧'\n          AWS_SECRET_ACCESS_KEY: '⟦S⟧'\n          S3_BUCKET: '⟦bucket⟧'\n          LOCAL_PATH: 'Build/WebGL'")
_a("buildgraph-xml-property-password", "pw", "<BuildGraph",
   "<BuildGraph xmlns=\"http://www.epicgames.com/BuildGraph\">\n  <Property Name=\"SteamUser\" Value=\"⟦svc⟧\"/>\n  <Property Name=\"SteamPassword\" Value=\"⟦S⟧\"/>\n  <Agent Name=\"Upload\" Type=\"Win64\">")
_a("buildgraph-spawn-steamcmd-arguments", "pw", "<Spawn Exe=",
   "<Node Name=\"Upload To Steam\" Requires=\"#StagedBuild\">\n  <Spawn Exe=\"$(SteamCmd)\" Arguments=\"+login ⟦svc⟧ ⟦S⟧ +run_app_build $(RootDir)/Steam/app_⟦appid⟧.vdf +quit\"/>\n</Node>")
_a("horde-globals-perforce-credentials", "pw", "\"perforceClusters\"",
   "{\n  \"perforceClusters\": [\n    {\n      \"name\": \"Default\",\n      \"servers\": [{\"serverAndPort\": \"ssl:⟦host⟧:1666\"}],\n      \"credentials\": [{\"userName\": \"buildmachine\", \"password\": \"⟦S⟧\"}]\n    }\n  ]\n}")
_a("ansible-group-vars-agent-token", "hex:32", "teamcity_server_url",
   "# group_vars/build_agents.yml\nteamcity_server_url: https://⟦host⟧\nteamcity_agent_token: ⟦S⟧\nue_install_dir: D:\\UE_5.3")
_a("ansible-playbook-extra-vars-password", "pw", "ansible-playbook deploy_dedicated.yml",
   "ansible-playbook deploy_dedicated.yml -i inventories/⟦env⟧ -e \"server_admin_password=⟦S⟧ build=⟦bld⟧\"")
_a("dockerfile-env-sentry-token", "v:sntrys", "FROM ghcr.io",
   "FROM ghcr.io/⟦org⟧/ue-linux-build:5.3\nENV SENTRY_ORG=⟦studio⟧\nENV SENTRY_AUTH_TOKEN=⟦S⟧\nRUN sentry-cli --version")
_a("dockerfile-arg-default-nuget-password", "v:azdevops", "ARG NUGET_USER",
   "FROM mcr.microsoft.com/dotnet/sdk:8.0 AS build\nARG NUGET_USER=⟦user⟧\nARG NUGET_PASSWORD=⟦S⟧\nRUN dotnet nuget add source \"$FEED\" -u \"$NUGET_USER\" -p \"$NUGET_PASSWORD\" --store-password-in-clear-text")
_a("dockerfile-run-curl-private-token", "v:glpat", "RUN curl -fsSL",
   "RUN curl -fsSL -H \"PRIVATE-TOKEN: ⟦S⟧\" \\\n    https://gitlab.⟦dom⟧/api/v4/projects/⟦num⟧/packages/generic/steamworks-sdk/1.60/sdk.zip -o /tmp/sdk.zip")
_a("compose-teamcity-agent-env-list", "hex:32", "jetbrains/teamcity-agent",
   "services:\n  agent:\n    image: jetbrains/teamcity-agent:2024.03\n    environment:\n      - SERVER_URL=https://⟦host⟧\n      - AGENT_NAME=docker-⟦n⟧\n      - AGENT_TOKEN=⟦S⟧")
_a("k8s-deployment-env-literal-value", "v:backtrace", "- name: BACKTRACE_TOKEN",
   "      containers:\n        - name: crash-ingest\n          image: ⟦studio⟧/crash-ingest:⟦ver⟧\n          env:\n            - name: BACKTRACE_UNIVERSE\n              value: ⟦studio⟧\n            - name: BACKTRACE_TOKEN\n              value: \"⟦S⟧\"")
_a("terraform-aws-db-instance-password", "pw", "resource \"aws_db_instance\"",
   "resource \"aws_db_instance\" \"telemetry\" {\n  identifier     = \"⟦db⟧-⟦env⟧\"\n  engine         = \"postgres\"\n  instance_class = \"db.r6g.large\"\n  username       = \"⟦db⟧_admin\"\n  password       = \"⟦S⟧\"\n}")
_a("terraform-variable-default-sensitive", "v:playfab", "variable \"playfab_secret\"",
   "variable \"playfab_secret\" {\n  type      = string\n  sensitive = true\n  default   = \"⟦S⟧\"\n}")
_a("helm-upgrade-set-password-flag", "pw", "helm upgrade --install matchmaker",
   "helm upgrade --install matchmaker ./charts/matchmaker -n liveops --set image.tag=⟦ver⟧ --set redis.auth.password=⟦S⟧")
_a("argocd-application-helm-parameters", "v:eossecret", "kind: Application",
   "apiVersion: argoproj.io/v1alpha1\nkind: Application\nspec:\n  source:\n    helm:\n      parameters:\n        - name: eos.clientId\n          value: ⟦eosclient⟧\n        - name: eos.clientSecret\n          value: ⟦S⟧")
_a("fastfile-app-store-connect-key-content", "v:asc", "app_store_connect_api_key(",
   "lane :release do\n  api_key = app_store_connect_api_key(\n    key_id: \"⟦keyid⟧\",\n    issuer_id: \"⟦uuid⟧\",\n    key_content: \"⟦S⟧\",\n    is_key_content_base64: true\n  )\n  upload_to_app_store(api_key: api_key)\nend")
_a("fastlane-env-supply-json-key-data", "pemj:pk8", "SUPPLY_JSON_KEY_DATA",
   "# fastlane/.env.android\nSUPPLY_PACKAGE_NAME=com.⟦studio⟧.⟦code⟧\nSUPPLY_JSON_KEY_DATA='{\"type\":\"service_account\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n⟦S⟧\\n-----END PRIVATE KEY-----\\n\",\"client_email\":\"ci@⟦studio⟧-mobile.iam.gserviceaccount.com\"}'")
_a("gradlew-injected-signing-props", "pw", "bundleRelease",
   "./gradlew :launcher:bundleRelease \\\n  -Pandroid.injected.signing.store.file=$KEYSTORE_PATH \\\n  -Pandroid.injected.signing.store.password=⟦S⟧ \\\n  -Pandroid.injected.signing.key.alias=upload \\\n  -Pandroid.injected.signing.key.password=⟦S⟧")
_a("unity-cloud-build-env-vars-screen", "hex:40", "Environment variables",
   "Unity Build Automation > ⟦Code⟧ > Config: Android Release > Environment variables\nBACKEND_URL = https://api.⟦dom⟧\nBACKEND_SECRET = ⟦S⟧")
_a("steam-upload-bash-script-literal", "pw", "+run_app_build ../scripts/app_build_⟦appid⟧.vdf",
   "#!/bin/bash\nset -e\nSTEAM_USER=⟦svc⟧\nSTEAM_PASS=\"⟦S⟧\"\n./builder_linux/steamcmd.sh +login \"$STEAM_USER\" \"$STEAM_PASS\" +run_app_build ../scripts/app_build_⟦appid⟧.vdf +quit")
_a("contentbuilder-run-build-bat", "pw", "run_build.bat",
   "REM ContentBuilder\\run_build.bat\nbuilder\\steamcmd.exe +login ⟦svc⟧ ⟦S⟧ +run_app_build ..\\scripts\\app_⟦appid⟧.vdf +quit")
_a("gha-upload-google-play-json-plaintext", "pemj:pk8", "r0adkll/upload-google-play",
   "      - uses: r0adkll/upload-google-play@v1\n        with:\n          serviceAccountJsonPlainText: '{\"type\":\"service_account\",\"project_id\":\"⟦studio⟧-mobile\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n⟦S⟧\\n-----END PRIVATE KEY-----\\n\"}'\n          packageName: com.⟦studio⟧.⟦code⟧\n          track: internal")
_a("msstore-cli-publish-client-secret", "v:azsecret", "msstore publish",
   "msstore reconfigure --tenantId ⟦uuid⟧ --sellerId ⟦num⟧ --clientId ⟦uuid2⟧ --clientSecret ⟦S⟧\nmsstore publish ./out/⟦Code⟧.msixupload -id 9N⟦keyid⟧")
_a("packageuploader-config-aad-client-secret", "v:azsecret", "\"aadAuthInfo\"",
   "{\n  \"operationName\": \"UploadPackage\",\n  \"productId\": \"⟦num⟧\",\n  \"aadAuthInfo\": {\n    \"tenantId\": \"⟦uuid⟧\",\n    \"clientId\": \"⟦uuid2⟧\",\n    \"clientSecret\": \"⟦S⟧\"\n  },\n  \"packageFilePath\": \"D:\\\\out\\\\⟦Code⟧_⟦ver⟧_x64.xvc\"\n}")
_a("lotcheck-submit-script-portal-pass", "pw", "submit_to_lotcheck.py",
   "python3 tools/cert/submit_to_lotcheck.py --title-id 0100⟦HEX16⟧ --nsp out/⟦Code⟧.nsp --portal-user ⟦email⟧ --portal-pass '⟦S⟧'")
_a("psn-submission-tool-client-secret", "hex:48", "psn_submit",
   "./psn_submit upload --package out/⟦CODE⟧_⟦ver⟧.pkg --client-id ⟦uuid⟧ --client-secret ⟦S⟧ --env sp-int")
_a("appcenter-distribute-token-flag", "hex:40", "appcenter distribute release",
   "appcenter distribute release --app ⟦studio⟧/⟦Code⟧-Android --file app-release.apk --group \"QA Team\" --token ⟦S⟧")
_a("firebase-appdistribution-ci-token", "v:grefresh", "appdistribution:distribute",
   "firebase appdistribution:distribute app-release.apk --app 1:⟦num⟧:android:⟦hex16⟧ --groups qa --token \"⟦S⟧\"")
_a("gcloud-run-deploy-set-env-vars", "pw", "gcloud run deploy leaderboard-api",
   "gcloud run deploy leaderboard-api --image ⟦region⟧-docker.pkg.dev/⟦studio⟧/lb/api:⟦ver⟧ --set-env-vars DB_USER=lb,DB_PASS=⟦S⟧ --region ⟦region⟧")
_a("fly-secrets-set-discord-token", "v:discord", "fly secrets set",
   "fly secrets set DISCORD_TOKEN=⟦S⟧ -a ⟦code⟧-community-bot")
_a("ecs-task-definition-environment", "pw", "\"containerDefinitions\"",
   "{\n  \"family\": \"matchmaker\",\n  \"containerDefinitions\": [{\n    \"name\": \"mm\",\n    \"environment\": [\n      {\"name\": \"REDIS_HOST\", \"value\": \"⟦host⟧\"},\n      {\"name\": \"REDIS_PASSWORD\", \"value\": \"⟦S⟧\"}\n    ]\n  }]\n}")
_a("cloudformation-noecho-default", "pw", "NoEcho: true",
   "Parameters:\n  MasterUserPassword:\n    Type: String\n    NoEcho: true\n    Default: ⟦S⟧\n  DBName:\n    Type: String\n    Default: ⟦db⟧")
_a("packer-hcl-winrm-password", "pw", "variable \"winrm_password\"",
   "variable \"winrm_password\" {\n  type    = string\n  default = \"⟦S⟧\"\n}\n\nsource \"amazon-ebs\" \"ue_build_agent\" {\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = var.winrm_password\n}")
_a("packer-json-builder-winrm", "pw", "\"communicator\": \"winrm\"",
   "{\n  \"builders\": [{\n    \"type\": \"azure-arm\",\n    \"communicator\": \"winrm\",\n    \"winrm_username\": \"packer\",\n    \"winrm_password\": \"⟦S⟧\",\n    \"vm_size\": \"Standard_F16s_v2\"\n  }]\n}")
_a("ansible-inventory-ini-winrm-password", "pw", "[win_agents]",
   "[win_agents]\nagent-⟦n⟧ ansible_host=⟦ip⟧ ansible_user=Administrator ansible_password=⟦S⟧ ansible_connection=winrm ansible_winrm_transport=ntlm")
_a("salt-pillar-p4-super-password", "pw", "p4:",
   "# pillar/perforce.sls\np4:\n  port: ssl:1666\n  super_user: p4admin\n  super_password: ⟦S⟧")
_a("makefile-upload-target-curl-u", "pw", "upload:",
   "upload: package\n\tcurl -u deploy:⟦S⟧ -T dist/⟦Code⟧-$(VERSION).zip https://⟦host⟧/artifactory/game-builds/")
_a("cake-build-task-password", "pw", "Task(\"Upload\")",
   "Task(\"Upload\")\n    .Does(() => {\n        FtpUploadFile(\"ftp://⟦host⟧/drops/\" + version + \".zip\", zipPath, \"⟦user⟧\", \"⟦S⟧\");\n    });")
_a("jenkins-job-config-xml-string-param", "pw", "<hudson.model.StringParameterDefinition>",
   "<hudson.model.StringParameterDefinition>\n  <name>STEAM_PASSWORD</name>\n  <description>builder account</description>\n  <defaultValue>⟦S⟧</defaultValue>\n  <trim>true</trim>\n</hudson.model.StringParameterDefinition>")
_a("teamcity-vcs-root-perforce-xml", "pw", "<vcs-root xmlns:xsi",
   "<vcs-root xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" type=\"perforce\">\n  <name>//⟦code⟧/main</name>\n  <param name=\"port\" value=\"ssl:⟦host⟧:1666\" />\n  <param name=\"user\" value=\"⟦svc⟧\" />\n  <param name=\"password\" value=\"⟦S⟧\" />\n</vcs-root>")
_a("gha-run-heredoc-write-p4tickets", "v:p4ticket", "cat > ~/.p4tickets",
   "      - name: P4 auth\n        run: |\n          cat > ~/.p4tickets <<EOF\n          ssl:⟦host⟧:1666=buildmachine:⟦S⟧\n          EOF\n          p4 -u buildmachine login -s")
_a("gha-docker-login-action-password", "v:ghp", "docker/login-action",
   "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ⟦user⟧\n          password: ⟦S⟧")
_a("gitlab-ci-deploy-sshpass-rsync", "pw", "deploy_dedicated:",
   "deploy_dedicated:\n  stage: deploy\n  script:\n    - sshpass -p \"⟦S⟧\" rsync -az -e \"ssh -o StrictHostKeyChecking=no\" Server/ ⟦user⟧@⟦host⟧:/opt/⟦code⟧/")
_a("drone-yml-plugin-password", "v:dckr", "kind: pipeline",
   "kind: pipeline\nname: dedicated-image\nsteps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: ⟦studio⟧/dedicated\n      username: ⟦studio⟧ci\n      password: ⟦S⟧")
_a("gha-sentry-release-step-env", "v:sntryu", "sentry-cli releases new",
   "      - name: Sentry release\n        run: sentry-cli releases new -p ⟦code⟧-client ⟦ver⟧ && sentry-cli releases finalize ⟦ver⟧\n        env:\n          SENTRY_ORG: ⟦studio⟧\n          SENTRY_AUTH_TOKEN: ⟦S⟧")
_a("backtrace-symbol-post-query-token", "v:backtrace", "format=symbols",
   "      - name: Upload symbols to Backtrace\n        run: curl -s --data-binary @symbols.zip \"https://⟦studio⟧.sp.backtrace.io:6098/post?format=symbols&token=⟦S⟧\"")
_a("cloud-ddc-helm-values-client-secret", "an:40", "jupiter:",
   "# unreal-cloud-ddc values.yaml\njupiter:\n  auth:\n    schemes:\n      Bearer:\n        oauthAuthority: https://login.⟦dom⟧\n        clientId: ddc-⟦code⟧\n        clientSecret: ⟦S⟧")
_a("gha-ugs-cli-service-key-env", "v:ugssecret", "UGS_CLI_SERVICE_KEY_ID",
   "      - name: Deploy remote config\n        run: ugs deploy ./ugs -e ⟦env⟧\n        env:\n          UGS_CLI_PROJECT_ID: ⟦uuid2⟧\n          UGS_CLI_SERVICE_KEY_ID: ⟦uuid⟧\n          UGS_CLI_SERVICE_SECRET_KEY: ⟦S⟧")
_a("azure-pipelines-script-inline-p4-password", "pw", "- script: |",
   "steps:\n  - script: |\n      p4 set P4PORT=ssl:⟦host⟧:1666\n      echo ⟦S⟧| p4 -u ⟦svc⟧ login\n      p4 sync //⟦code⟧/main/...@⟦cl⟧\n    displayName: Sync Perforce")
_a("itch-butler-gha-step-env", "v:butler", "butler push dist/web",
   "      - name: Push to itch.io\n        run: butler push dist/web ⟦studio⟧/⟦slug⟧:html5 --userversion ${{ github.ref_name }}\n        env:\n          BUTLER_API_KEY: ⟦S⟧")


# ==========================================================================
# group: vendor-token
# ==========================================================================
_a = _adder("vendor-token")
_a("github-classic-pat-export", "v:ghp", "export GITHUB_TOKEN=",
   "export GITHUB_TOKEN=⟦S⟧\ngh release create v⟦ver⟧ ./dist/*.zip --repo ⟦org⟧/⟦code⟧-launcher")
_a("github-oauth-token-hosts-yml", "v:gho", "github.com:",
   "# ~/.config/gh/hosts.yml\ngithub.com:\n    user: ⟦user⟧\n    oauth_token: ⟦S⟧\n    git_protocol: https")
_a("github-user-to-server-token-json", "v:ghu", "\"token_type\":\"bearer\"",
   "{\"access_token\":\"⟦S⟧\",\"expires_in\":28800,\"refresh_token\":\"ghr_[omitted]\",\"token_type\":\"bearer\",\"scope\":\"\"}")
_a("github-app-installation-token-header", "v:ghs", "Authorization: token",
   "GET /repos/⟦org⟧/⟦code⟧/contents/Config/DefaultGame.ini HTTP/1.1\nHost: api.github.com\nAuthorization: token ⟦S⟧\nAccept: application/vnd.github.raw")
_a("github-refresh-token-field", "v:ghr", "refresh_token_expires_in",
   "refresh_token=⟦S⟧\nrefresh_token_expires_in=15811200\nexpires_in=28800")
_a("github-fine-grained-pat-chat", "v:ghfg", "fine-grained PAT",
   "made a fine-grained PAT scoped to ⟦org⟧/⟦code⟧-ci (contents:read) for the mirror job: ⟦S⟧")
_a("gitlab-pat-private-token-header", "v:glpat", "PRIVATE-TOKEN:",
   "curl --header \"PRIVATE-TOKEN: ⟦S⟧\" \"https://gitlab.⟦dom⟧/api/v4/projects/⟦num⟧/pipelines?ref=main\"")
_a("gitlab-runner-auth-token-register", "v:glrt", "gitlab-runner register",
   "sudo gitlab-runner register --non-interactive --url https://gitlab.⟦dom⟧ --token ⟦S⟧ --executor shell --description ⟦host⟧")
_a("gitlab-deploy-token-docker-login", "v:gldt", "gitlab+deploy-token-",
   "docker login registry.gitlab.⟦dom⟧ -u gitlab+deploy-token-⟦n⟧ -p ⟦S⟧")
_a("gitlab-pipeline-trigger-token-form", "v:glptt", "ref=main",
   "curl -X POST --fail -F token=⟦S⟧ -F ref=main -F \"variables[PLATFORM]=⟦platform⟧\" https://gitlab.⟦dom⟧/api/v4/projects/⟦num⟧/trigger/pipeline")
_a("slack-bot-token-env-line", "v:xoxb", "SLACK_BOT_TOKEN=",
   "SLACK_BOT_TOKEN=⟦S⟧\nSLACK_CHANNEL=⟦channel⟧")
_a("slack-user-token-json-config", "v:xoxp", "\"workspace\": \"⟦studio⟧\"",
   "{\n  \"workspace\": \"⟦studio⟧\",\n  \"user_token\": \"⟦S⟧\"\n}")
_a("slack-app-level-socket-token", "v:xapp", "SocketModeHandler",
   "handler = SocketModeHandler(app, \"⟦S⟧\")\nhandler.start()")
_a("slack-incoming-webhook-url-curl", "v:slackhook", "hooks.slack.com/services",
   "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"⟦Code⟧ build ⟦bld⟧ failed on ⟦platform⟧\"}' https://hooks.slack.com/services/T⟦keyid⟧/B⟦keyid⟧/⟦S⟧")
_a("discord-bot-authorization-header", "v:discord", "Authorization: Bot",
   "GET /api/v10/users/@me HTTP/1.1\nHost: discord.com\nAuthorization: Bot ⟦S⟧")
_a("discord-webhook-url-yaml", "v:discordhook", "notify:",
   "notify:\n  on_release: true\n  discord: https://discordapp.com/api/webhooks/⟦digits⟧/⟦S⟧")
_a("aws-keypair-csv-download", "v:awssecret", "Access key ID,Secret access key",
   "Access key ID,Secret access key\n⟦akid⟧,⟦S⟧")
_a("aws-sts-session-token-export", "v:awssession", "AWS_SESSION_TOKEN",
   "export AWS_ACCESS_KEY_ID=ASIA⟦keyid⟧⟦keyid⟧\nexport AWS_SECRET_ACCESS_KEY=<from-sso>\nexport AWS_SESSION_TOKEN=⟦S⟧")
_a("google-api-key-query-param", "v:aiza", "youtube/v3/search",
   "https://www.googleapis.com/youtube/v3/search?part=snippet&channelId=UC⟦keyid⟧&key=⟦S⟧")
_a("google-oauth-client-secret-json", "v:gocspx", "\"installed\"",
   "{\"installed\":{\"client_id\":\"⟦num⟧-⟦hex16⟧.apps.googleusercontent.com\",\"project_id\":\"⟦studio⟧-tools\",\"client_secret\":\"⟦S⟧\",\"redirect_uris\":[\"http://localhost\"]}}")
_a("google-oauth-refresh-token-line", "v:grefresh", "refresh_token:",
   "# play-console-uploader token cache\nclient_id: ⟦num⟧-⟦hex16⟧.apps.googleusercontent.com\nrefresh_token: ⟦S⟧")
_a("azure-sas-token-query-string", "v:sas", "?sv=2022-11-02",
   "AZURE_STORAGE_SAS_TOKEN=\"?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=⟦date⟧T00:00:00Z&st=⟦date⟧T00:00:00Z&spr=https&sig=⟦S⟧\"")
_a("azure-ad-client-secret-env", "v:azsecret", "AZURE_CLIENT_ID=",
   "AZURE_TENANT_ID=⟦uuid⟧\nAZURE_CLIENT_ID=⟦uuid2⟧\nAZURE_CLIENT_SECRET=⟦S⟧")
_a("azure-devops-pat-basic-colon", "v:azdevops", "dev.azure.com/⟦org⟧",
   "git clone https://pat:⟦S⟧@dev.azure.com/⟦org⟧/⟦Code⟧/_git/⟦Code⟧Tools")
_a("stripe-live-secret-key-env", "v:sklive", "STRIPE_PUBLISHABLE_KEY=pk_live_",
   "# merch store backend\nSTRIPE_PUBLISHABLE_KEY=pk_live_51⟦hex32⟧\nSTRIPE_SECRET_KEY=⟦S⟧")
_a("stripe-restricted-key-yaml", "v:rklive", "stripe:",
   "stripe:\n  restricted_key: ⟦S⟧  # read-only charges for the support dashboard")
_a("stripe-webhook-signing-secret", "v:whsec", "STRIPE_WEBHOOK_SECRET",
   "STRIPE_WEBHOOK_SECRET=⟦S⟧")
_a("twilio-auth-token-pair", "v:twilio", "TWILIO_ACCOUNT_SID=AC",
   "TWILIO_ACCOUNT_SID=AC⟦hex32⟧\nTWILIO_AUTH_TOKEN=⟦S⟧")
_a("sendgrid-api-key-bearer", "v:sendgrid", "api.sendgrid.com",
   "curl --request POST --url https://api.sendgrid.com/v3/mail/send --header 'Authorization: Bearer ⟦S⟧' --header 'Content-Type: application/json' --data @beta_invite.json")
_a("npm-granular-token-yarnrc", "v:npm", "npmAuthToken:",
   "# .yarnrc.yml\nnpmScopes:\n  ⟦studio⟧:\n    npmRegistryServer: \"https://registry.npmjs.org\"\n    npmAuthToken: \"⟦S⟧\"")
_a("pypi-api-token-twine-env", "v:pypi", "TWINE_USERNAME=__token__",
   "TWINE_USERNAME=__token__ TWINE_PASSWORD=⟦S⟧ twine upload dist/*")
_a("docker-hub-pat-login", "v:dckr", "docker login -u ⟦studio⟧ci",
   "docker login -u ⟦studio⟧ci -p ⟦S⟧ docker.io")
_a("openai-project-key-env", "v:openai", "OPENAI_API_KEY=",
   "OPENAI_API_KEY=⟦S⟧\nOPENAI_MODEL=gpt-4o-mini")
_a("anthropic-api-key-header", "v:anthropic", "x-api-key:",
   "curl https://api.anthropic.com/v1/messages -H \"x-api-key: ⟦S⟧\" -H \"anthropic-version: 2023-06-01\" -H \"content-type: application/json\" -d @loc_prompt.json")
_a("huggingface-token-cli-login", "v:hf", "huggingface-cli login",
   "huggingface-cli login --token ⟦S⟧ --add-to-git-credential")
_a("datadog-api-key-agent-yaml", "v:dd", "site: datadoghq.eu",
   "# /etc/datadog-agent/datadog.yaml\napi_key: ⟦S⟧\nsite: datadoghq.eu\nhostname: ⟦host⟧")
_a("datadog-app-key-header-pair", "v:ddapp", "DD-APPLICATION-KEY",
   "-H \"DD-API-KEY: ${DD_API_KEY}\" -H \"DD-APPLICATION-KEY: ⟦S⟧\"")
_a("newrelic-user-api-key-graphql", "v:nrak", "api.newrelic.com/graphql",
   "curl https://api.newrelic.com/graphql -H 'Content-Type: application/json' -H 'API-Key: ⟦S⟧' -d '{\"query\":\"{ actor { user { name } } }\"}'")
_a("newrelic-license-key-ini", "v:nrlicense", "[newrelic]",
   "[newrelic]\nlicense_key = ⟦S⟧\napp_name = ⟦code⟧-matchmaker (⟦env⟧)")
_a("sentry-org-auth-token-bare", "v:sntrys", "Organization Auth Token",
   "Organization Auth Token created (scopes: project:releases, org:read). Copy it now, it will not be shown again:\n⟦S⟧")
_a("sentry-legacy-dsn-with-secret", "hex:32", "sentry.⟦dom⟧",
   "SENTRY_DSN=https://⟦hex32⟧:⟦S⟧@sentry.⟦dom⟧/⟦n⟧")
_a("vault-service-token-env", "v:hvs", "VAULT_ADDR=",
   "export VAULT_ADDR=https://vault.⟦dom⟧:8200\nexport VAULT_TOKEN=⟦S⟧")
_a("vault-batch-token-header", "v:hvb", "X-Vault-Token:",
   "curl -s -H \"X-Vault-Token: ⟦S⟧\" https://vault.⟦dom⟧:8200/v1/secret/data/builds/steam")
_a("terraform-cloud-credentials-tfrc", "v:atlas", "credentials.tfrc.json",
   "# ~/.terraform.d/credentials.tfrc.json\n{\"credentials\": {\"app.terraform.io\": {\"token\": \"⟦S⟧\"}}}")
_a("pulumi-access-token-env", "v:pulumi", "PULUMI_ACCESS_TOKEN",
   "PULUMI_ACCESS_TOKEN=⟦S⟧ pulumi up --stack ⟦studio⟧/liveops/⟦env⟧ --yes")
_a("grafana-service-account-token-bearer", "v:glsa", "/api/dashboards/db",
   "curl -H \"Authorization: Bearer ⟦S⟧\" -H 'Content-Type: application/json' -X POST https://grafana.⟦dom⟧/api/dashboards/db -d @build_farm.json")
_a("grafana-cloud-access-policy-token", "v:glc", "GRAFANA_CLOUD_TOKEN",
   "GRAFANA_CLOUD_INSTANCE=⟦num⟧\nGRAFANA_CLOUD_TOKEN=⟦S⟧")
_a("digitalocean-pat-doctl", "v:dop", "doctl auth init",
   "doctl auth init --context ⟦studio⟧ -t ⟦S⟧")
_a("doppler-service-token-run", "v:doppler", "doppler run",
   "DOPPLER_TOKEN=⟦S⟧ doppler run -- ./LiveopsWorker")
_a("linear-api-key-authorization", "v:linear", "api.linear.app/graphql",
   "curl https://api.linear.app/graphql -H \"Authorization: ⟦S⟧\" -H 'Content-Type: application/json' --data '{\"query\":\"{ issues(first: 5) { nodes { title } } }\"}'")
_a("postman-api-key-x-api-key", "v:pmak", "api.getpostman.com",
   "curl https://api.getpostman.com/collections -H 'X-Api-Key: ⟦S⟧'")
_a("shopify-admin-access-token-header", "v:shpat", "X-Shopify-Access-Token",
   "curl -H 'X-Shopify-Access-Token: ⟦S⟧' https://⟦studio⟧-merch.myshopify.com/admin/api/2024-01/orders.json?status=open")
_a("mailgun-api-key-basic-user", "v:mailgun", "api.mailgun.net",
   "curl -s --user 'api:⟦S⟧' https://api.mailgun.net/v3/mg.⟦studio⟧.example/messages -F from='Playtest <playtest@⟦studio⟧.example>' -F to=@testers.txt")
_a("atlassian-api-token-basic-curl", "v:atlassian", "atlassian.net/rest/api/3",
   "curl -u ⟦email⟧:⟦S⟧ -H 'Accept: application/json' https://⟦studio⟧.atlassian.net/rest/api/3/search?jql=project=⟦CODE⟧")
_a("figma-personal-access-token-header", "v:figma", "X-Figma-Token",
   "curl -H 'X-Figma-Token: ⟦S⟧' https://api.figma.com/v1/files/⟦keyid⟧⟦keyid⟧/images?ids=12:34")
_a("notion-integration-token-bearer", "v:notion", "Notion-Version",
   "curl https://api.notion.com/v1/databases/⟦hex32⟧/query -H 'Authorization: Bearer ⟦S⟧' -H 'Notion-Version: 2022-06-28' -X POST")
_a("buildkite-api-token-header", "v:buildkite", "api.buildkite.com",
   "curl -H \"Authorization: Bearer ⟦S⟧\" https://api.buildkite.com/v2/organizations/⟦studio⟧/pipelines/⟦code⟧/builds")
_a("circleci-personal-token-header", "v:circleci", "Circle-Token:",
   "curl -H \"Circle-Token: ⟦S⟧\" https://circleci.com/api/v2/project/gh/⟦org⟧/⟦code⟧-mobile/pipeline")
_a("jfrog-api-key-header", "v:jfrog", "X-JFrog-Art-Api",
   "curl -H 'X-JFrog-Art-Api: ⟦S⟧' -T ⟦Code⟧-⟦ver⟧.zip https://⟦studio⟧.jfrog.io/artifactory/game-builds/⟦Code⟧-⟦ver⟧.zip")
_a("cloudflare-api-token-bearer", "v:cloudflare", "api.cloudflare.com/client/v4",
   "curl -X POST https://api.cloudflare.com/client/v4/zones/⟦hex32⟧/purge_cache -H 'Authorization: Bearer ⟦S⟧' --data '{\"files\":[\"https://cdn.⟦studio⟧.example/patch/manifest.json\"]}'")
_a("twitch-client-secret-token-request", "v:twitch", "id.twitch.tv/oauth2/token",
   "POST https://id.twitch.tv/oauth2/token?client_id=⟦hex16⟧abcd1234ef&client_secret=⟦S⟧&grant_type=client_credentials")
_a("steam-web-api-key-store-env", "v:steamkey", "STEAM_WEB_API_KEY",
   "STEAM_APP_ID=⟦appid⟧\nSTEAM_WEB_API_KEY=⟦S⟧")
_a("playfab-secret-key-title-json", "v:playfab", "\"titleId\": \"⟦title⟧\"",
   "{\n  \"titleId\": \"⟦title⟧\",\n  \"secretKey\": \"⟦S⟧\",\n  \"cloud\": \"main\"\n}")
_a("eos-client-credentials-pair", "v:eossecret", "EOS_CLIENT_ID=",
   "EOS_PRODUCT_ID=⟦eosid⟧\nEOS_CLIENT_ID=⟦eosclient⟧\nEOS_CLIENT_SECRET=⟦S⟧")
_a("backtrace-submission-token-url", "v:backtrace", "format=minidump",
   "BACKTRACE_SUBMIT_URL=https://submit.backtrace.io/⟦studio⟧/⟦S⟧/json\n# minidumps: https://⟦studio⟧.sp.backtrace.io:6098/post?format=minidump")
_a("modio-oauth-access-token-bearer", "v:jwtrs", "modapi.io/v1/me",
   "curl -H 'Authorization: Bearer ⟦S⟧' -H 'Accept: application/json' https://g-⟦num⟧.modapi.io/v1/me")
_a("teamcity-access-token-env", "v:teamcity", "TEAMCITY_TOKEN=",
   "TEAMCITY_URL=https://⟦host⟧\nTEAMCITY_TOKEN=⟦S⟧")
_a("apple-p8-auth-key-file", "pem:p8", "AuthKey_⟦keyid⟧.p8",
   "$ cat AuthKey_⟦keyid⟧.p8\n-----BEGIN PRIVATE KEY-----\n⟦S⟧\n-----END PRIVATE KEY-----")
_a("firebase-fcm-legacy-server-key-header", "v:fcm", "fcm.googleapis.com/fcm/send",
   "curl -X POST https://fcm.googleapis.com/fcm/send -H 'Authorization: key=⟦S⟧' -H 'Content-Type: application/json' -d @event_push.json")


# ==========================================================================
# BENIGN look-alikes
# ==========================================================================
def _pub_body(prefix_hex, n, width=64):
    raw = bytes.fromhex(prefix_hex) + _rbytes(n)
    b = base64.b64encode(raw).decode()
    return "\n".join(b[i:i + width] for i in range(0, len(b), width))


_FILL.update({
    "mask4": lambda c: "*" * _pick([8, 12, 16, 20]) + _c(_UAN, 4),
    "sshpub": lambda c: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_B64C, 43),
    "rsapub": lambda c: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _c(_B64C, 180),
    "certbody": lambda c: _pub_body("308203", 420),
    "pubkeybody": lambda c: _pub_body("30820122300d06092a864886f70d01010105000382010f00", 250),
    "jwkn": lambda c: _c(_B64U, 342),
    "digest": lambda c: "sha256:" + _hex(64),
    "kid": lambda c: _hex(40),
    "manifest": lambda c: str(_R.randint(10 ** 18, 9 * 10 ** 18)),
    "gpgfp": lambda c: _HEX(40),
    "md5": lambda c: _hex(32),
    "crc": lambda c: _HEX(8),
    "envname": lambda c: _pick(["STEAM_PASSWORD", "P4PASSWD", "PLAYFAB_SECRET_KEY",
                                "EOS_CLIENT_SECRET", "SENTRY_AUTH_TOKEN", "BACKTRACE_TOKEN",
                                "UNITY_PASSWORD", "MATCH_PASSWORD", "BUTLER_API_KEY",
                                "UGS_CLI_SERVICE_SECRET_KEY", "AWS_SECRET_ACCESS_KEY",
                                "HORDE_TOKEN", "KEYSTORE_PASS", "DISCORD_WEBHOOK_URL"]),
    "secname": lambda c: _pick(["steam-builder", "p4-buildmachine", "playfab-title-secret",
                                "eos-client-secret", "sentry-auth", "backtrace-submit",
                                "android-upload-keystore", "asc-api-key", "crowdin-token",
                                "horde-agent-token", "unity-license"]),
    "placeholder": lambda c: _pick(["<your-token>", "<PASSWORD>", "${STEAM_PASSWORD}",
                                    "$(P4PASSWD)", "{{ secrets.EOS_CLIENT_SECRET }}",
                                    "%SENTRY_AUTH_TOKEN%", "xxxxxxxxxxxxxxxx", "********",
                                    "REDACTED", "[REDACTED]", "changeme", "<redacted>",
                                    "${{ secrets.PLAYFAB_SECRET }}", "YOUR_API_KEY_HERE",
                                    "<insert key>", "$env:UNITY_PASSWORD", "{{ vault_p4_password }}",
                                    "TODO", "***", "<secret>", "dummy", "not-set"]),
    "semver": lambda c: "%d.%d.%d-rc.%d" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 9), _R.randint(1, 9)),
    "uever": lambda c: _pick(["5.3.2", "5.4.1", "5.2.1", "4.27.2", "5.5.0"]),
    "unityver": lambda c: _pick(["2022.3.21f1", "2023.2.8f1", "6000.0.23f1", "2021.3.38f1"]),
    "words3": lambda c: " ".join(_pick(_WORDS) for _ in range(3)),
})

_BEN = []


def _b(tpl):
    _BEN.append(tpl)


# ---- commands -----------------------------------------------------------
_b("git checkout ⟦sha⟧ -- Source/⟦Code⟧/Private/Net/ReplicationGraph.cpp")
_b("git log --oneline -3\n⟦sha7⟧ Fix shader compile crash on ⟦platform⟧\n⟦sha7⟧ Bump EOS SDK to 1.16\n⟦sha7⟧ Merge branch '⟦branch⟧'")
_b("git cherry-pick -x ⟦sha⟧")
_b("p4 sync //⟦code⟧/main/...@⟦cl⟧")
_b("p4 describe -s ⟦cl⟧ | head -20")
_b("p4 trust -i ⟦fp⟧")
_b("p4 -u ⟦user⟧ login -a   # prompts for the password interactively, nothing on the command line")
_b("steamcmd +login ⟦svc⟧ +run_app_build ../scripts/app_build_⟦appid⟧.vdf +quit   # cached credentials from config.vdf, no password")
_b("./steamcmd.sh +login \"$STEAM_USERNAME\" \"$STEAM_PASSWORD\" +run_app_build \"$APP_VDF\" +quit")
_b("echo \"$P4PASSWD\" | p4 -p ssl:⟦host⟧:1666 -u ⟦svc⟧ login")
_b("curl -s -H \"X-SecretKey: $PLAYFAB_SECRET_KEY\" https://⟦title⟧.playfabapi.com/Server/GetTitleData -d '{}'")
_b("curl -H \"Authorization: Bearer ⟦placeholder⟧\" https://api.⟦dom⟧/v1/builds/⟦bld⟧")
_b("docker pull ghcr.io/⟦org⟧/ue-linux-build@⟦digest⟧")
_b("sha256sum ⟦Code⟧-⟦ver⟧-Win64.zip\n⟦sha256⟧  ⟦Code⟧-⟦ver⟧-Win64.zip")
_b("md5sum pakchunk0-Windows.pak\n⟦md5⟧  pakchunk0-Windows.pak")
_b("certutil -hashfile Setup_⟦Code⟧_⟦ver⟧.exe SHA256\nSHA256 hash of Setup_⟦Code⟧_⟦ver⟧.exe:\n⟦sha256⟧\nCertUtil: -hashfile command completed successfully.")
_b("aws s3 cp build.zip s3://⟦bucket⟧/⟦bld⟧/ --sse aws:kms --sse-kms-key-id arn:aws:kms:⟦region⟧:⟦num⟧:key/⟦uuid⟧")
_b("vault kv get -field=password secret/builds/⟦secname⟧")
_b("kubectl -n liveops get secret ⟦secname⟧ -o jsonpath='{.metadata.resourceVersion}'")
_b("gh secret set ⟦envname⟧ --repo ⟦org⟧/⟦code⟧ < /dev/stdin   # value pasted interactively")
_b("security add-generic-password -s AC_PASSWORD -a ⟦email⟧ -w   # -w with no value prompts for it")
_b("openssl rand -hex 32 > /run/secrets/eos_encryption_key && chmod 600 /run/secrets/eos_encryption_key")
_b("ssh-keygen -lf ~/.ssh/p4_deploy.pub\n256 SHA256:⟦sshfp⟧ p4 deploy key ⟦host⟧ (ED25519)")
_b("gpg --list-keys ⟦email⟧\npub   ed25519 ⟦date⟧ [SC]\n      ⟦gpgfp⟧\nuid           [ultimate] ⟦person⟧ (build signing)")
_b("ugs login --service-key-id ⟦uuid⟧ --secret-key-stdin < \"$UGS_SECRET_FILE\"")
_b("Unity -batchmode -quit -serial $env:UNITY_SERIAL -username $env:UNITY_EMAIL -password $env:UNITY_PASSWORD -projectPath . -executeMethod Build.Run")
_b("RunUAT.bat BuildCookRun -project=⟦Code⟧.uproject -platform=⟦platform⟧ -clientconfig=Shipping -build -cook -stage -pak -archive -archivedirectory=D:\\Builds\\⟦bld⟧")
_b("sentry-cli debug-files upload --org ⟦studio⟧ --project ⟦code⟧-client ./Binaries   # reads SENTRY_AUTH_TOKEN from env")
_b("butler push build/windows ⟦studio⟧/⟦slug⟧:windows --userversion ⟦ver⟧")
_b("npm config get //registry.npmjs.org/:_authToken\n(protected)")
_b("echo ⟦b64txt⟧ | base64 -d")
_b("git verify-commit ⟦sha⟧\ngpg: Signature made ⟦date⟧\ngpg:                using EDDSA key ⟦gpgfp⟧\ngpg: Good signature from \"⟦person⟧ <⟦email⟧>\"")
_b("keytool -list -v -keystore ⟦code⟧-upload.jks -storepass:env KS_PASS | grep SHA256\n\t SHA256: ⟦fp32⟧")
_b("apksigner verify --print-certs ⟦Code⟧.apk\nSigner #1 certificate SHA-256 digest: ⟦sha256⟧\nSigner #1 certificate SHA-1 digest: ⟦sha⟧")
_b("docker login ⟦studio⟧cr.azurecr.io -u ⟦studio⟧cr --password-stdin < /run/secrets/acr_password")
_b("export P4PASSWD=$(vault kv get -field=password secret/builds/p4)")
_b("mysql -h ⟦host⟧ -u ⟦user⟧ -p ⟦db⟧   # -p with no value: prompts")
_b("psql \"host=⟦host⟧ dbname=⟦db⟧ user=⟦user⟧ sslmode=require\"   # password from ~/.pgpass")
_b("aws secretsmanager get-secret-value --secret-id ⟦env⟧/⟦db⟧/rds --query VersionId --output text\n⟦uuid⟧")
_b("az keyvault secret show --vault-name ⟦studio⟧-kv --name ⟦secname⟧ --query id -o tsv\nhttps://⟦studio⟧-kv.vault.azure.net/secrets/⟦secname⟧/⟦hex32⟧")

# ---- tool output ----------------------------------------------------------
_b("$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile        ⟦studio⟧-builds           manual    --profile\naccess_key     ⟦mask4⟧ shared-credentials-file\nsecret_key     ⟦mask4⟧ shared-credentials-file")
_b("$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account ⟦user⟧ (keyring)\n  - Token: gho_************************************")
_b("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA⟦keyid⟧⟦hex8⟧\",\n    \"Account\": \"⟦acct⟧\",\n    \"Arn\": \"arn:aws:iam::⟦acct⟧:user/ci-⟦code⟧\"\n}")
_b("$ docker images --digests ⟦studio⟧/dedicated\nREPOSITORY           TAG       DIGEST                                                                    IMAGE ID\n⟦studio⟧/dedicated   ⟦ver⟧     ⟦digest⟧   ⟦hex16⟧")
_b("$ kubectl -n liveops get secrets\nNAME                 TYPE     DATA   AGE\n⟦secname⟧   Opaque   2      ⟦n⟧d\nmm-redis             Opaque   1      ⟦n⟧d")
_b("$ vault kv metadata get secret/builds/⟦secname⟧\n========== Metadata ==========\nKey                Value\n---                -----\ncreated_time       ⟦ts⟧\ncurrent_version    ⟦n⟧")
_b("$ p4 info\nUser name: ⟦user⟧\nClient name: ⟦user⟧_⟦code⟧\nServer address: ssl:⟦host⟧:1666\nServer version: P4D/LINUX26X86_64/2023.2/⟦num⟧\nServer license: ⟦Studio⟧ Games ⟦n⟧ users\nServer uptime: 412:11:09\nServer ID: ⟦hex8⟧")
_b("$ git rev-parse HEAD\n⟦sha⟧")
_b("Successfully finished AppID ⟦appid⟧ build (BuildID ⟦num⟧⟦n⟧).\nDepot ⟦depot⟧ manifest ⟦manifest⟧ (⟦size⟧ MB)")
_b("$ dotnet user-secrets list\nNo secrets configured for this application.")
_b("$ env | grep -i steam\nSTEAM_USERNAME=⟦svc⟧\nSTEAM_PASSWORD=***\nSTEAM_APPID=⟦appid⟧")
_b("$ terraform output\ndb_endpoint = \"⟦db⟧.cluster-⟦hex8⟧.⟦region⟧.rds.amazonaws.com\"\ndb_password = <sensitive>")
_b("$ openssl x509 -in codesign.crt -noout -fingerprint -sha256\nsha256 Fingerprint=⟦fp32⟧")
_b("$ cat ~/.ssh/p4_deploy.pub\nssh-ed25519 ⟦sshpub⟧ ci@⟦host⟧")
_b("$ cat ~/.ssh/authorized_keys | tail -1\nssh-rsa ⟦rsapub⟧ ⟦user⟧@⟦host⟧")
_b("$ openssl x509 -in ⟦studio⟧_codesign.crt\n-----BEGIN CERTIFICATE-----\n⟦certbody⟧\n-----END CERTIFICATE-----")
_b("$ cat jwt_public.pem\n-----BEGIN PUBLIC KEY-----\n⟦pubkeybody⟧\n-----END PUBLIC KEY-----")
_b("$ curl -s https://auth.⟦dom⟧/.well-known/jwks.json\n{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"⟦kid⟧\",\"alg\":\"RS256\",\"n\":\"⟦jwkn⟧\",\"e\":\"AQAB\"}]}")
_b("$ steamcmd +login ⟦svc⟧ +quit\nLogging in user '⟦svc⟧' [U:1:⟦num⟧] to Steam Public...OK\nWaiting for client config...OK")
_b("$ p4 tickets\nssl:⟦host⟧:1666 (⟦user⟧) [ticket value hidden, expires in 11h]")
_b("$ gcloud secrets versions list eos-client-secret\nNAME  STATE    CREATED              DESTROYED\n⟦n⟧     enabled  ⟦ts⟧  -")
_b("$ npm whoami\n⟦user⟧")
_b("$ sentry-cli info\nSentry Server: https://sentry.io\nDefault Organization: ⟦studio⟧\nDefault Project: ⟦code⟧-client\n\nAuthentication Info:\n  Method: Auth Token\n  User: ⟦email⟧\n  Scopes:\n    - project:releases\n    - org:read")
_b("$ helm get values matchmaker -n liveops\nUSER-SUPPLIED VALUES:\nredis:\n  auth:\n    existingSecret: mm-redis\n    existingSecretPasswordKey: password")
_b("$ kubectl describe pod matchmaker-⟦hex8⟧-x2k9z | grep -A3 Environment\n    Environment:\n      REDIS_PASSWORD:  <set to the key 'password' in secret 'mm-redis'>  Optional: false")
_b("$ docker inspect liveops-api --format '{{.Image}}'\n⟦digest⟧")
_b("$ git config --get remote.origin.url\ngit@github.com:⟦org⟧/⟦code⟧-server.git")
_b("$ cat ~/.git-credentials\ncat: /home/ci/.git-credentials: No such file or directory")
_b("$ grep -rn ClientSecret Config/\nConfig/DefaultEngine.ini:⟦n⟧:+Artifacts=(ArtifactName=\"⟦Code⟧Live\",ClientId=\"⟦eosclient⟧\",ClientSecret=\"\",ProductId=\"⟦eosid⟧\")")
_b("$ unzip -l symbols_⟦bld⟧.zip | tail -2\n ⟦num⟧⟦num⟧                     ⟦num⟧ files\n(CRC-32 of archive: ⟦crc⟧)")
_b("$ git lfs ls-files | head -3\n⟦hex16⟧ * Content/Characters/Hero/T_Hero_D.uasset\n⟦hex16⟧ * Content/Maps/Harbor.umap\n⟦hex16⟧ - Content/Audio/VO_⟦lang⟧.bnk")
_b("$ ls -la ~/.steam/ssfn*\nls: cannot access '/home/ci/.steam/ssfn*': No such file or directory")

# ---- config files -------------------------------------------------------
_b("[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName=\"⟦Code⟧Live\",ClientId=\"⟦eosclient⟧\",ClientSecret=\"${EOS_CLIENT_SECRET}\",ProductId=\"⟦eosid⟧\",SandboxId=\"⟦hex32⟧\",DeploymentId=\"⟦hex32⟧\")")
_b("[OnlineSubsystemSteam]\nbEnabled=true\nSteamDevAppId=⟦appid⟧\nGameServerQueryPort=27015\nbRelaunchInSteam=false")
_b("# Unity ProjectSettings.asset\n  productGUID: ⟦hex32⟧\n  cloudProjectId: ⟦uuid⟧\n  organizationId: ⟦studio⟧-games\n  cloudEnabled: 1")
_b("[/Script/EngineSettings.GeneralProjectSettings]\nProjectID=⟦HEX32⟧\nProjectName=⟦game⟧\nProjectVersion=⟦ver⟧\nCompanyName=⟦Studio⟧ Games")
_b("storePassword=System.getenv(\"KEYSTORE_PASS\")\nkeyPassword=System.getenv(\"KEY_PASS\")\nkeyAlias=upload")
_b("RELEASE_STORE_FILE=../keystores/⟦code⟧-upload.jks\nRELEASE_STORE_PASSWORD=⟦placeholder⟧\nRELEASE_KEY_ALIAS=upload")
_b("# .env.example\nSTEAM_USERNAME=\nSTEAM_PASSWORD=⟦placeholder⟧\nPLAYFAB_TITLE_ID=⟦title⟧\nPLAYFAB_SECRET_KEY=⟦placeholder⟧")
_b("env:\n  - name: PLAYFAB_SECRET_KEY\n    valueFrom:\n      secretKeyRef:\n        name: ⟦secname⟧\n        key: secret")
_b("redis:\n  auth:\n    enabled: true\n    existingSecret: mm-redis\n    existingSecretPasswordKey: password")
_b("provider \"aws\" {\n  region  = \"⟦region⟧\"\n  profile = \"⟦studio⟧-builds\"   # keys come from ~/.aws/credentials, not here\n}")
_b("data \"aws_secretsmanager_secret_version\" \"db\" {\n  secret_id = \"⟦env⟧/⟦db⟧/rds\"\n}")
_b("password = var.db_password   # supplied via TF_VAR_db_password in CI")
_b("\"ConnectionStrings\": {\n  \"Telemetry\": \"Host=⟦host⟧;Database=⟦db⟧;Username=⟦user⟧;Password=${TELEMETRY_DB_PASSWORD}\"\n}")
_b("<add key=\"ClearTextPassword\" value=\"%NUGET_FEED_PAT%\" />")
_b("[CrashReportClient]\nDataRouterUrl=\"https://unreal.backtrace.io/post/⟦studio⟧/%BACKTRACE_TOKEN%\"   ; substituted at package time")
_b("defaults.url=https://sentry.io/\ndefaults.org=⟦studio⟧\ndefaults.project=⟦code⟧-android\n# auth.token is read from SENTRY_AUTH_TOKEN")
_b("@⟦studio⟧:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}")
_b("[pypi]\nusername = __token__\npassword = <pypi-token-from-1password>")
_b("P4PORT=ssl:⟦host⟧:1666\nP4USER=⟦user⟧\nP4CLIENT=⟦user⟧_⟦code⟧\nP4TICKETS=~/.p4tickets\nP4TRUST=~/.p4trust")
_b("ssl:⟦host⟧:1666=⟦fp⟧")
_b("credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: perforce-builder\n              username: ⟦svc⟧\n              password: \"${P4_BUILDER_PASSWORD}\"")
_b("serverUrl=https://⟦host⟧\nname=⟦host2⟧\nworkDir=D:/BuildAgent/work\nauthorizationToken=")
_b("MYSQL_ROOT_PASSWORD_FILE: /run/secrets/mysql_root_password")
_b("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: motd\nbinaryData:\n  motd.txt: ⟦b64txt⟧")
_b("<Server>\n  <Host>sftp.⟦vendor⟧.example</Host>\n  <Port>22</Port>\n  <User>⟦user⟧</User>\n  <Logontype>2</Logontype>\n  <Name>⟦vendor⟧ loc drop (ask for password)</Name>\n</Server>")
_b("Host p4-edge\n    HostName ⟦host⟧\n    User ⟦user⟧\n    IdentityFile ~/.ssh/p4_deploy\n    IdentitiesOnly yes")
_b("*.uasset filter=lfs diff=lfs merge=lfs -text\n*.umap filter=lfs diff=lfs merge=lfs -text\n# lfs oid sha256:⟦sha256⟧")
_b("\"AppBuild\"\n{\n\t\"AppID\" \"⟦appid⟧\"\n\t\"Desc\" \"CL ⟦cl⟧ ⟦branch⟧\"\n\t\"SetLive\" \"beta\"\n\t\"Depots\"\n\t{\n\t\t\"⟦depot⟧\" \"depot_build_⟦depot⟧.vdf\"\n\t}\n}")
_b("[/Script/AndroidRuntimeSettings.AndroidRuntimeSettings]\nPackageName=com.⟦studio⟧.⟦code⟧\nKeyStore=⟦code⟧-upload.keystore\nKeyAlias=upload\nKeyStorePassword=\nKeyPassword=")
_b("Crypto.ini: bEnablePakSigning=True, bEnablePakIndexEncryption=True; the actual keys are injected by the build farm from Vault path secret/⟦code⟧/pak-crypto")
_b("[Horde]\nServerUrl=https://⟦host⟧\n; token is issued per-agent at enrollment and stored in servers.json")
_b("# pillar/perforce.sls\np4:\n  port: ssl:1666\n  super_user: p4admin\n  super_password: {{ salt['vault'].read_secret('secret/p4/super')['password'] }}")
_b("ansible_password: \"{{ vault_winrm_password }}\"")
_b("winrm_password = var.winrm_password   # from packer.auto.pkrvars.hcl which is git-ignored")
_b("# devkits.yaml\ndevkits:\n  - name: ps5-kit-⟦n⟧\n    ip: ⟦ip⟧\n    owner: ⟦person⟧\n    admin_password_ref: 1password://Devkits/ps5-kit-⟦n⟧")
_b("EncryptionKey=0000000000000000000000000000000000000000000000000000000000000000  ; placeholder, real key only on build farm")

# ---- source code -----------------------------------------------------------
_b("var secret = Environment.GetEnvironmentVariable(\"PLAYFAB_SECRET_KEY\")\n    ?? throw new InvalidOperationException(\"PLAYFAB_SECRET_KEY not set\");")
_b("const apiKey = process.env.MODIO_API_KEY;\nif (!apiKey) throw new Error('MODIO_API_KEY missing');")
_b("password = getpass.getpass(f\"P4 password for {user}@{port}: \")")
_b("EXPECTED_SHA256 = \"⟦sha256⟧\"\nif hashlib.sha256(blob).hexdigest() != EXPECTED_SHA256:\n    raise IntegrityError(\"pak checksum mismatch\")")
_b("static const char* kBuildGuid = \"⟦uuid⟧\";")
_b("// TODO: load the Backtrace token from Vault (secret/⟦code⟧/backtrace) instead of the ini")
_b("TOKEN_RE = re.compile(r\"(ghp|gho|ghs)_[A-Za-z0-9]{36}\")")
_b("PASSWORD_MIN_LENGTH = ⟦n⟧\nPASSWORD_REQUIRE_SYMBOL = True")
_b("[SerializeField] private string apiKeyEnvVar = \"⟦envname⟧\";")
_b("const DDC_CACHE_KEY = \"ddc:⟦code⟧:⟦sha⟧\";")
_b("public const string AssetBundleHash = \"⟦md5⟧\";")
_b("def mask(token: str) -> str:\n    return token[:4] + \"*\" * (len(token) - 8) + token[-4:]")
_b("assert config.secret_key != \"changeme\", \"set a real SECRET_KEY via env\"")
_b("FString ApiKey;\nGConfig->GetString(TEXT(\"/Script/Backend.Settings\"), TEXT(\"ApiKey\"), ApiKey, GGameIni);")
_b("PlatformOptions.ClientCredentials.ClientSecret = TCHAR_TO_UTF8(*FPlatformMisc::GetEnvironmentVariable(TEXT(\"EOS_CLIENT_SECRET\")));")
_b("private static readonly Guid TelemetrySchema = new Guid(\"⟦uuid⟧\");")
_b("cache_key = hashlib.sha1(f\"{platform}:{cl}\".encode()).hexdigest()  # e.g. ⟦sha⟧")
_b("#define SAVEGAME_VERSION ⟦n⟧\n#define SAVEGAME_MAGIC 0x⟦crc⟧")
_b("storePassword = providers.gradleProperty(\"RELEASE_STORE_PASSWORD\").get()")
_b("s3 = boto3.client(\"s3\", region_name=\"⟦region⟧\")  # credentials from the instance profile")
_b("conn = psycopg2.connect(os.environ[\"DATABASE_URL\"])")
_b("client = WebClient(token=os.environ[\"SLACK_BOT_TOKEN\"])")
_b("client.login(process.env.DISCORD_TOKEN);")
_b("const kid = '⟦kid⟧';  // public key id from JWKS")
_b("mock_token = \"test-token-not-real\"\nresponses.add(responses.GET, URL, json={\"ok\": True})")
_b("// HMAC key is derived per match from the server nonce; nothing hardcoded here\nvar nonce = Convert.FromHexString(\"⟦hex32⟧\");")
_b("-- migrations/0042_matchmaker_role.sql\nCREATE USER matchmaker;\n-- password is set out-of-band by ops: ALTER USER matchmaker PASSWORD :'mm_password';")
_b("func redactDSN(dsn string) string { return passwordRe.ReplaceAllString(dsn, \":****@\") }")
_b("private const string PublisherKeyEnv = \"STEAM_PUBLISHER_KEY\"; // never commit the value")
_b("UUID_NAMESPACE = uuid.UUID(\"⟦uuid⟧\")")
_b("EXPECTED_CERT_FINGERPRINT = \"⟦fp32⟧\"  # pinned TLS cert of api.⟦dom⟧")

# ---- logs and stack traces -----------------------------------------------
_b("[⟦uedate⟧][  0]LogInit: Build: ++UE5+Release-⟦uever⟧-CL-⟦cl⟧")
_b("[⟦uedate⟧][  0]LogPakFile: Display: Mounted Pak file '../../../⟦Code⟧/Content/Paks/pakchunk0-Windows.pak', mount point: '../../../' (hash ⟦sha⟧)")
_b("⟦ts⟧ INFO request_id=⟦uuid⟧ trace_id=⟦hex32⟧ span_id=⟦hex16⟧ route=/v1/match status=200 dur_ms=⟦ms⟧")
_b("X-Amzn-Trace-Id: Root=1-⟦hex8⟧-⟦hex24⟧;Parent=⟦hex16⟧;Sampled=1")
_b("Sentry event captured: event_id=⟦hex32⟧ release=⟦code⟧@⟦ver⟧+⟦cl⟧")
_b("Backtrace: crash object ⟦hex8⟧ submitted (fingerprint ⟦sha256⟧)")
_b("⟦ts⟧ DEBUG http > Authorization: Bearer [REDACTED]")
_b("java.sql.SQLException: Access denied for user '⟦user⟧'@'⟦ip⟧' (using password: YES)")
_b("FATAL:  password authentication failed for user \"matchmaker\"")
_b("Logging in user '⟦svc⟧' to Steam Public...\nFAILED (Invalid Password)")
_b("Perforce password (P4PASSWD) invalid or unset.")
_b("Your session has expired, please login again. (request ⟦uuid⟧)")
_b("⟦date⟧T⟦time⟧.123Z ##[group]Run ./tools/upload_steam.sh\n⟦date⟧T⟦time⟧.124Z env:\n⟦date⟧T⟦time⟧.124Z   STEAM_USERNAME: ⟦svc⟧\n⟦date⟧T⟦time⟧.124Z   STEAM_PASSWORD: ***")
_b("[⟦time⟧] :\t [Step 3/6] env.P4PASSWD = *******")
_b("[Pipeline] withCredentials\nMasking supported pattern matches of $P4PASSWD\n[Pipeline] {\n[Pipeline] sh\n+ p4 -u ⟦svc⟧ login\nEnter password:\nUser ⟦svc⟧ logged in.")
_b("Traceback (most recent call last):\n  File \"/ci/tools/steam_upload.py\", line 88, in push\n    login(user, os.environ[\"STEAM_PASSWORD\"])\nKeyError: 'STEAM_PASSWORD'")
_b("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x⟦hex8⟧]\n\ngoroutine ⟦n⟧ [running]:\nmain.(*Matchmaker).tick(...)")
_b("LogOnline: Warning: EOS: ClientSecret is empty for artifact ⟦Code⟧Live, check DefaultEngine.ini")
_b("⟦date⟧ ⟦time⟧ auth-check trigger: user=⟦user⟧ result=0 (password check delegated to LDAP)")
_b("I/Unity   (⟦pid⟧): [Auth] login ok, playerId=⟦HEX16⟧ session=⟦mask4⟧")
_b("[⟦uedate⟧][118]LogHttp: Warning: Retry 2 on https://api.⟦dom⟧/v1/inventory (request ⟦uuid⟧)")
_b("⟦date⟧ ⟦time⟧.412 UTC [⟦pid⟧] postgres@⟦db⟧ LOG:  statement: ALTER ROLE matchmaker WITH PASSWORD <redacted>;")
_b("Minidump written to C:\\Users\\⟦user⟧\\AppData\\Local\\⟦Code⟧\\Saved\\Crashes\\UECC-Windows-⟦HEX32⟧_0000\\UEMinidump.dmp")
_b("Assertion failed: IsValid(PlayerState) [File:D:\\p4\\⟦code⟧\\Source\\⟦Code⟧\\Private\\GameMode.cpp] [Line: ⟦num⟧]\n⟦Code⟧-Win64-Shipping.exe!AGameMode::PostLogin() [GameMode.cpp:⟦num⟧]")
_b("WARN  docker.io/library/redis image digest ⟦digest⟧ differs from lockfile")
_b("⟦ts⟧ level=info msg=\"rotated credentials\" secret=⟦secname⟧ version=⟦n⟧ by=⟦user⟧")
_b("sshd[⟦pid⟧]: Accepted publickey for ⟦user⟧ from ⟦ip⟧ port ⟦num⟧ ssh2: ED25519 SHA256:⟦sshfp⟧")
_b("sshd[⟦pid⟧]: Failed password for invalid user admin from ⟦ip⟧ port ⟦num⟧ ssh2")
_b("Uploading symbols via PUT https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/⟦code⟧/⟦bld⟧/symbols.zip?X-Amz-Signature=<elided>")
_b("[Launcher] patch manifest ⟦ver⟧ sha1=⟦sha⟧ size=⟦size⟧MB chunks=⟦num⟧")
_b("CrashReportClient: Sending report ⟦HEX32⟧ to DataRouter (attempt 1)")
_b("Horde: Job ⟦hex24⟧ step ⟦hex8⟧ completed (outcome: Success)")
_b("GC: Collected ⟦num⟧ objects in ⟦ms⟧ ms (⟦pct⟧% of budget)")

# ---- notes and chat --------------------------------------------------------
_b("The Steam builder password is in 1Password under \"Steam builder (shared)\" — ask ⟦person⟧ for vault access.")
_b("I rotated the PlayFab title secret for ⟦title⟧; the new one lives in Vault at secret/liveops/playfab. Old key revoked.")
_b("please don't paste tokens in ⟦channel⟧, DM me or use the vault share link")
_b("Password policy: at least 14 characters, no reuse of the last ⟦n⟧ passwords, rotate service accounts every 90 days.")
_b("the token starts with ghp_ but I'm not pasting it here — it's in the CI secrets as GH_RELEASE_TOKEN")
_b("Das Passwort liegt im Tresor unter ‚Build-Share‘, bitte nicht per Mail verschicken.")
_b("パスワードは1Passwordの「Perforce svc」に入っています。チャットには貼らないでください。")
_b("La contraseña está en el gestor de contraseñas, carpeta ⟦Code⟧/Plataformas.")
_b("Le mot de passe du devkit est dans Bitwarden (collection « Consoles »).")
_b("Steam Guard code arrived on ⟦person⟧'s phone, upload of build ⟦bld⟧ continues.")
_b("build ⟦bld⟧ (sha ⟦sha7⟧, CL ⟦cl⟧) uploaded to branch beta, manifest ⟦manifest⟧")
_b("Reminder: the EOS ProductId/SandboxId/DeploymentId are not secrets, the ClientSecret is. ProductId for ⟦Code⟧ is ⟦eosid⟧.")
_b("GOAL: rotate the Backtrace submission token and update DefaultEngine.ini via the build-time substitution (no literal in git).")
_b("Decision: store the Android upload keystore password only in the TeamCity secure parameter `env.KEYSTORE_PASS`; devs use the debug keystore.")
_b("Running notes:\n- P4 ticket expired again, re-ran `p4 login` (prompted)\n- CL ⟦cl⟧ shelved for review")
_b("⟦person⟧: can someone reset my Jenkins password? I locked myself out\n⟦person2⟧: sent you a reset link")
_b("TODO: move SECRET_KEY out of settings.py into the env (see ⟦ticket⟧)")
_b("Steps: 1. export UGS_CLI_SERVICE_SECRET_KEY=<from vault> 2. run `ugs deploy ./remote-config -e ⟦env⟧`")
_b("The app-specific password format is xxxx-xxxx-xxxx-xxxx; generate one at appleid.apple.com and store it as ASC_APP_PASSWORD.")
_b("Handover – ⟦person⟧ leaving\n* Unity org owner transferred to ⟦person2⟧\n* Steamworks admin: ⟦person2⟧ (credentials in vault, not here)")
_b("Post-mortem ⟦ticket⟧: a token was committed in ⟦sha7⟧, revoked within 6 minutes; history rewritten, ⟦n⟧ forks notified.")
_b("Note to self: the hash ⟦sha256⟧ is the expected checksum of the Steamworks SDK zip, not a key.")
_b("Пароль не присылай в чат, положи в Vault по пути secret/⟦code⟧/p4.")
_b("비밀번호는 슬랙에 올리지 말고 1Password 공유 금고를 사용하세요.")
_b("密码请不要发在群里，统一放在 Vault 的 secret/⟦code⟧/ 路径下。")
_b("Hasło do devkitów jest w menedżerze haseł, nie w wiki.")
_b("Senha do Jenkins: pede ao ⟦person⟧, não vou colocar aqui.")
_b("FYI the string ⟦hex32⟧ in the crash report is the build GUID, safe to share with the vendor")
_b("Wi-Fi for guests: ⟦Studio⟧-Guest (open, captive portal)")
_b("⟦person⟧: what's the p4 pw for the outsourcer account?\n⟦person2⟧: I've shared it via the 1Password item \"P4 outsourcer\", expires tomorrow")
_b("We use passphrases of 4+ random words for signing keys; store them in the HSM-backed vault, never in notes.")
_b("Meeting notes – cert sync\n* Xbox Partner Center shared account is now SSO; no more shared password\n* next submission window: ⟦date⟧")
_b("The Steam Web API publisher key must only be used from partner.steam-api.com on the server, never shipped in the client.")
_b("password reset requested for ⟦email⟧ (ticket ⟦ticket⟧) — reset link sent, nothing to paste here")
_b("> what's the keystore pass\nit's in TeamCity as env.KEYSTORE_PASS, ask ⟦person⟧ if you need it locally")

# ---- CI and deploy -----------------------------------------------------------
_b("env:\n  STEAM_USERNAME: ${{ secrets.STEAM_USERNAME }}\n  STEAM_PASSWORD: ${{ secrets.STEAM_PASSWORD }}")
_b("- uses: game-ci/steam-deploy@v3\n  with:\n    username: ${{ secrets.STEAM_USERNAME }}\n    configVdf: ${{ secrets.STEAM_CONFIG_VDF }}\n    appId: ⟦appid⟧")
_b("withCredentials([usernamePassword(credentialsId: '⟦secname⟧', usernameVariable: 'STEAM_USER', passwordVariable: 'STEAM_PASS')]) {\n  bat 'upload.bat'\n}")
_b("params {\n    password(\"env.P4PASSWD\", \"credentialsJSON:⟦uuid⟧\")\n}")
_b("<param name=\"env.PLAYFAB_SECRET\" value=\"%vault:secret/liveops/playfab!/secret%\" />")
_b("variables:\n  - group: ⟦code⟧-signing   # variable group linked to Key Vault ⟦studio⟧-kv")
_b("image: ghcr.io/⟦org⟧/ue-linux-build@⟦digest⟧")
_b("- uses: actions/cache@v4\n  with:\n    path: Library\n    key: Library-⟦platform⟧-⟦sha256⟧")
_b("script:\n  - echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin \"$CI_REGISTRY\"")
_b("ENV SENTRY_ORG=⟦studio⟧\n# SENTRY_AUTH_TOKEN is provided as a BuildKit secret: RUN --mount=type=secret,id=sentry_token")
_b("RUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci")
_b("helm upgrade --install matchmaker ./charts/matchmaker --set image.tag=⟦ver⟧ --set redis.auth.existingSecret=mm-redis")
_b("resource \"aws_db_instance\" \"telemetry\" {\n  manage_master_user_password = true\n  username                    = \"⟦db⟧_admin\"\n}")
_b("<Property Name=\"SteamPassword\" Value=\"$(SteamPasswordFromEnv)\"/>")
_b("\"credentials\": [{\"userName\": \"buildmachine\", \"password\": \"${P4_BUILDMACHINE_PASSWORD}\"}]")
_b("api_key = app_store_connect_api_key(key_id: ENV[\"ASC_KEY_ID\"], issuer_id: ENV[\"ASC_ISSUER_ID\"], key_filepath: ENV[\"ASC_KEY_PATH\"])")
_b("./gradlew bundleRelease -Pandroid.injected.signing.store.password=$KEYSTORE_PASS -Pandroid.injected.signing.key.password=$KEY_PASS")
_b("BuildPatchTool.exe -OrganizationId=o-⟦hex16⟧ -ProductId=⟦eosid⟧ -ArtifactId=⟦hex32⟧ -ClientId=⟦eosclient⟧ -ClientSecretEnvVar=BPT_CLIENT_SECRET -mode=UploadBinary")
_b("ansible-playbook deploy_dedicated.yml -i inventories/⟦env⟧ --vault-password-file ~/.ansible_vault_pass")
_b("fly secrets list -a ⟦code⟧-community-bot\nNAME            DIGEST                  CREATED AT\nDISCORD_TOKEN   ⟦hex16⟧        ⟦n⟧h ago")
_b("gcloud run deploy leaderboard-api --set-secrets DB_PASS=lb-db-pass:latest --region ⟦region⟧")
_b("- name: Upload symbols to Backtrace\n  run: ./tools/upload_symbols.sh\n  env:\n    BACKTRACE_TOKEN: ${{ secrets.BACKTRACE_SYMBOL_TOKEN }}")
_b("      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}")
_b("stage('Sign') { steps { bat 'signtool sign /sha1 ⟦gpgfp⟧ /fd SHA256 /tr http://timestamp.digicert.com Binaries\\\\Win64\\\\⟦Code⟧.exe' } }")
_b("Build #⟦bld⟧ (⟦sha7⟧) on ⟦host⟧: SUCCESS in ⟦n⟧m ⟦n⟧s — artifacts: ⟦Code⟧-⟦platform⟧-⟦ver⟧.zip (sha256 ⟦sha256⟧)")
_b("deploy:\n  environment: ⟦env⟧\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v\\d+\\.\\d+\\.\\d+$/")
_b("argocd app set matchmaker -p eos.clientSecretRef=eos-client-secret")
_b("Cloud Build config \"Android Release\": environment variable BACKEND_SECRET is marked secret (value hidden)")

# ---- vendor-shaped but public / placeholder -------------------------------
_b("STRIPE_PUBLISHABLE_KEY=pk_test_⟦hex24⟧   # publishable, test mode")
_b("GameAnalytics gameKey (public): ⟦hex32⟧ — the secretKey is injected at build time")
_b("Twilio Account SID AC⟦hex32⟧ (identifier only; auth token is in vault)")
_b("EOS ClientId ⟦eosclient⟧ is fine to log; never log the ClientSecret")
_b("PlayFab TitleId: ⟦title⟧ (public, shipped in the client)")
_b("Steam AppID ⟦appid⟧, DepotID ⟦depot⟧, BuildID ⟦num⟧")
_b("Unity project id ⟦uuid⟧, environment id ⟦uuid2⟧ (production)")
_b("App Store Connect key id ⟦keyid⟧, issuer ⟦uuid⟧ — the .p8 itself is in the signing vault")
_b("CloudFront Key-Pair-Id K⟦keyid⟧ (public key id)")
_b("AWS access key ⟦mask4⟧ was deactivated on ⟦date⟧")
_b("GitHub token ghp_****************************⟦crc⟧ expired")
_b("Sentry DSN project id ⟦num⟧, org slug ⟦studio⟧")
_b("xoxb-REPLACE-ME-WITH-BOT-TOKEN")
_b("AKIAIOSFODNN7EXAMPLE is the AWS docs example key id; ours is in the credentials file")
_b("sk_live_... keys must never appear in the client; use pk_live for the web shop")
_b("Docker digest ⟦digest⟧ pinned for the dedicated server base image")
_b("Certificate thumbprint ⟦gpgfp⟧ (code signing, expires ⟦date⟧)")
_b("Perforce server fingerprint ⟦fp⟧ — verify before running p4 trust -y")
_b("Discord application id ⟦digits⟧ (public), bot token lives in fly secrets")
_b("Slack channel id C⟦keyid⟧, workspace T⟦keyid⟧")


# ==========================================================================
# assembly
# ==========================================================================
_PER_GROUP = 186


def _build_secrets():
    by_group = {}
    for spec in _SPECS:
        by_group.setdefault(spec[0], []).append(spec)
    out = []
    for group in sorted(by_group):
        specs = by_group[group]
        base, extra = divmod(_PER_GROUP, len(specs))
        for i, (g, fmt, kind, vis, tpl) in enumerate(specs):
            reps = min(3, base + (1 if i < extra else 0))
            for _ in range(reps):
                c = _Ctx()
                c["S"] = _secret(kind, c)
                text = _render(tpl, c)
                visible = _render(vis, c)
                if c["S"] in visible:
                    visible = ""
                out.append((g, fmt, text, c["S"], visible))
    _R.shuffle(out)
    return out


def _build_benign(secrets, target=950):
    long_secrets = [s for s in secrets if len(s) >= 8]
    seen = set()
    out = []
    for _round in range(12):
        for tpl in _BEN:
            if len(out) >= target:
                break
            s = _render(tpl, _Ctx())
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            out.append(s)
        if len(out) >= target:
            break
    _R.shuffle(out)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
