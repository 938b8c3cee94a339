"""Blind hold-out corpus #65 for a secret-redaction engine.

What it is
----------
A labelled test corpus of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI, ...) writes into its saved working state: goals,
running notes, shell commands it ran, tool output, excerpts of files it
opened, decisions, chat messages pasted in by teammates, log lines and CI
configuration.  Each positive fragment embeds exactly one labelled credential
that a redaction engine must remove, plus (usually) a piece of surrounding
text that must stay readable.  The negative fragments contain no credential
at all but are built to look secret-ish to a naive scanner.

Theme
-----
Browser-extension and desktop-app developers: Chrome Web Store and Firefox
AMO publishing (OAuth client ids/secrets, refresh tokens, AMO JWT issuers and
secrets), Edge Partner Center, Electron and Tauri apps, auto-update servers
(electron-updater, Squirrel, Sparkle appcasts with EdDSA keys, Tauri updater
minisign keys), code signing on Windows and macOS (Authenticode PFX and EV
token passwords, Apple notarization app-specific passwords, notarytool
keychain profiles, App Store Connect .p8 keys), crash reporting (Sentry,
Bugsnag, Backtrace/Crashpad upload endpoints), license-key servers and in-app
purchase verification (Paddle, Gumroad, LemonSqueezy, Keygen) and telemetry
endpoints.  All eight groups are covered.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, redaction
rule set or engine source was consulted while writing it.  Where a vendor's
real credential shape was known it is imitated (prefixes, lengths, alphabets);
where it was not known, a plausible shape was invented.  All hosts, people,
companies, products and values are fictitious; every credential-like value is
a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 185 each);
         format   kebab-case name of the shape, each used at most 3 times;
         text     the fragment as the agent recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM blocks, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must remain readable, or "".
BENIGN   list of distinct strings with no credential in them that
         nevertheless look secret-ish (hashes, ids, public keys and
         fingerprints, placeholders, masked values, references to where a
         secret is stored, prose about secrets, ...), in the same contexts.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time, in
a fixed order, so importing the module twice yields identical lists.  Nothing
is printed and no file, network or clock is touched at import.

Measured
--------
Blind, read after that session's first rules (made from the older corpora's misses), which changed
none of its results: recall 0.960 (1,421 of 1,480) and false positives 35 of 967 (3.6%). Tuned on
since: 0.969 and 9 of 967 (0.9%).
"""

import base64
import json
import random
import re
import string

SEED = 650065
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# low-level random helpers
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_AN = _LOW + _UP + _DIG
_LAN = _LOW + _DIG
_UAN = _UP + _DIG
_HEXD = "0123456789abcdef"
_B64A = _AN + "+/"
_B64UA = _AN + "-_"
_B32A = _UP + "234567"
_CROCK = "0123456789abcdefghjkmnpqrstvwxyz"


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _c(_HEXD, n)


def _hexu(n):
    return _c("0123456789ABCDEF", n)


def _an(n):
    return _c(_AN, n)


def _lan(n):
    return _c(_LAN, n)


def _uan(n):
    return _c(_UAN, n)


def _dg(n):
    return _c("123456789", 1) + _c(_DIG, n - 1)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rb(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rb(n)).decode().rstrip("=")


def _b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def _pick(xs):
    return _R.choice(xs)


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"), h[17:20], h[20:32])


def _ulid():
    return "01" + _c(_CROCK, 24)


def _pct(s):
    return s.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _jdump(o):
    return json.dumps(o, separators=(",", ":"))


def _jwt(payload, alg="HS256", sigbytes=32, typ=True):
    head = {"alg": alg, "typ": "JWT"} if typ else {"alg": alg}
    return _b64us(_jdump(head)) + "." + _b64us(_jdump(payload)) + "." + _b64u(sigbytes)


def _epoch():
    return _R.randint(1690000000, 1760000000)


# ---------------------------------------------------------------------------
# vocabularies
# ---------------------------------------------------------------------------
_WORDS = (
    "amber anchor apricot atlas autumn badger bamboo basil beacon birch bison blossom "
    "bramble breeze bronze cactus canyon caramel cedar cherry cinder clover cobalt comet "
    "copper coral cosmos cricket crimson crystal cypress dahlia delta denim dragon dune "
    "eagle ember falcon fennel fern fiesta fjord flint forest fossil galaxy garnet ginger "
    "glacier granite gravel harbor hazel heron hickory honey horizon indigo iris ivory "
    "jasmine juniper kayak kestrel koala lagoon lantern lava lemon lilac linden lotus "
    "lunar magnet mango maple marble meadow mercury meteor mint mistral monsoon mosaic "
    "nectar nimbus nutmeg oasis obsidian olive onyx orbit orchid otter paprika parsley "
    "pebble pepper pine pixel plum polar poppy prairie prism puffin quartz quill raven "
    "reef ripple river rocket saffron sage salmon sequoia shadow sierra silver sparrow "
    "spruce squid summit sunset tango thistle thunder tiger topaz tulip tundra velvet "
    "violet walnut willow winter yonder zephyr zinnia biscuit noodle waffle pickle "
    "tractor banjo cello gondola igloo jigsaw kettle ladder mitten napkin pretzel "
    "rooster saddle teapot umbrella violin wombat yogurt zipper"
).split()

_BRANDS = (
    "Tabwarden Quillpad Glintmark Nightjar Lumenote Snapferret Pagewhisk Brightloom "
    "Cobaltcast Foxglyph Inkbarrow Jotspring Kestrelize Mossboard Owlrelay Pixelfennel "
    "Readwick Shelfmint Tidewren Velvetab Wispclip Yarrowdesk Zephyrnote Clipmarten "
    "Driftlark Emberpane Fernsync Gullwing Hollowtab Lanternly Marrowkit Nookfinder "
    "Orbitpane Plumline Quokkadesk Rivetbox Saltmarsh Thimblecast Umberlight Vantawrite "
    "Wickerlane Xylofox Yonderlog Zinctab Bramblesync Cindernote Dewpoint Ferrilux"
).split()

_FIRST = (
    "priya jonas aiko mateo chloe olusegun wei sofia lukas amara dmitri fatima hiroshi "
    "ingrid kwame lucia marek nadia oren paulo quang rania sven tomasz uma valentina "
    "yusuf zofia camille bjorn elif ana kenji maya noah leila arjun hana emeka rosa "
    "tariq greta luca mei nils ines gabriel svetlana ravi akosua teodor malia joon"
).split()

_TLDS = [".app", ".dev", ".io", "-labs.com", "hq.net", ".software", "app.co", "-desktop.com"]
_HOSTPFX = ["updates", "lic", "api", "crash", "telemetry", "dl", "releases", "feed",
            "license", "ingest", "download", "nightly", "beta", "admin", "store-api"]
_REGIONS = ["us-east-1", "us-west-2", "eu-central-1", "eu-west-1", "ap-northeast-1",
            "ap-southeast-2", "eu-north-1", "ca-central-1", "sa-east-1", "us-east-2"]
_COSUF = ["Labs GmbH", "Software Ltd", "Inc.", "Studio AB", "Apps LLC", "s.r.o.", "Oy",
          "Software B.V.", "SAS", "Pty Ltd", "KK", "sp. z o.o."]
_PROFILES = ["AC_PASSWORD", "notary", "notarytool-password", "release-notary", "AC_NOTARY",
             "desktop-notarize", "notary-ci"]


def _ctx_user(c):
    f = _pick(_FIRST)
    k = _R.randrange(5)
    if k == 0:
        return f
    if k == 1:
        return f + "." + _pick(_LOW)
    if k == 2:
        return f + _pick(_LOW) + _pick(_LOW)
    if k == 3:
        return f + "_" + _c(_DIG, 2)
    return _pick(_LOW) + f


def _ctx_ver(c):
    v = "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 40), _R.randint(0, 30))
    r = _R.randrange(6)
    if r == 0:
        v += "-beta.%d" % _R.randint(1, 12)
    elif r == 1:
        v += "-rc.%d" % _R.randint(1, 5)
    return v


def _ctx_date(c):
    return "20%d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _ctx_time(c):
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ctx_extid(c):
    return _c("abcdefghijklmnop", 32)


_CTX = {
    "app": lambda c: _pick(_BRANDS),
    "app2": lambda c: _pick(_BRANDS),
    "slug": lambda c: _g(c, "app").lower(),
    "dom": lambda c: _g(c, "slug") + _pick(_TLDS),
    "host": lambda c: _pick(_HOSTPFX) + "." + _g(c, "dom"),
    "host2": lambda c: _pick(_HOSTPFX) + "." + _g(c, "dom"),
    "org": lambda c: _g(c, "slug") + _pick(["", "-hq", "-labs", "app", "-oss", "-inc"]),
    "company": lambda c: _g(c, "app") + " " + _pick(_COSUF),
    "bucket": lambda c: _g(c, "slug") + _pick(["-releases", "-updates", "-dist", "-artifacts", "-downloads"]),
    "user": _ctx_user,
    "user2": _ctx_user,
    "dbuser": lambda c: _pick(["lic", "licsvc", "license_app", "telemetry", "ingest", "updater",
                               "keysrv", "billing", "crashdb", "app_rw"]),
    "db": lambda c: _pick(["licenses", "licensing", "telemetry", "crashes", "updates", "billing",
                           "activations", "entitlements"]),
    "person": lambda c: _pick(_FIRST).capitalize(),
    "person2": lambda c: _pick(_FIRST).capitalize(),
    "email": lambda c: _g(c, "user") + "@" + _g(c, "dom"),
    "ver": _ctx_ver,
    "ver2": _ctx_ver,
    "sha": lambda c: _hex(40),
    "sha7": lambda c: _hex(7),
    "uuid": lambda c: _uuid(),
    "uuid2": lambda c: _uuid(),
    "uuid3": lambda c: _uuid(),
    "uuidu": lambda c: _uuid().upper(),
    "team": lambda c: _uan(10),
    "keyid": lambda c: _uan(10),
    "extid": _ctx_extid,
    "extid2": _ctx_extid,
    "num": lambda c: _dg(6),
    "num2": lambda c: _dg(6),
    "bignum": lambda c: _dg(12),
    "n": lambda c: str(_R.randint(2, 99)),
    "n2": lambda c: str(_R.randint(2, 99)),
    "port": lambda c: str(_pick([5432, 6379, 3306, 8080, 8443, 27017, 5672, 9000, 4000, 3000])),
    "ip": lambda c: "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
    "ip2": lambda c: "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254)),
    "date": _ctx_date,
    "time": _ctx_time,
    "ts": lambda c: _ctx_date(c) + "T" + _ctx_time(c) + "." + _c(_DIG, 3) + "Z",
    "date8": lambda c: _ctx_date(c).replace("-", ""),
    "amzdate": lambda c: _ctx_date(c).replace("-", "") + "T" + _ctx_time(c).replace(":", "") + "Z",
    "epoch": lambda c: str(_epoch()),
    "pid": lambda c: str(_R.randint(300, 65000)),
    "ms": lambda c: str(_R.randint(3, 2400)),
    "size": lambda c: str(_R.randint(40000000, 190000000)),
    "region": lambda c: _pick(_REGIONS),
    "akid": lambda c: "AKIA" + _c(_UP + "234567", 16),
    "amoiss": lambda c: "user:%s:%s" % (_dg(8), _dg(3)),
    "gclient": lambda c: _dg(12) + "-" + _lan(32) + ".apps.googleusercontent.com",
    "prof": lambda c: _pick(_PROFILES),
    "hex8": lambda c: _hex(8),
    "hex12": lambda c: _hex(12),
    "hex16": lambda c: _hex(16),
    "hex24": lambda c: _hex(24),
    "hex32": lambda c: _hex(32),
    "hex32b": lambda c: _hex(32),
    "hex40": lambda c: _hex(40),
    "hex64": lambda c: _hex(64),
    "thumb": lambda c: _hexu(40),
    "sha512b64": lambda c: _b64(64),
    "b64sig": lambda c: _b64(64),
    "b64pub": lambda c: _b64(32),
    "ulid": lambda c: _ulid(),
    "ulid2": lambda c: _ulid(),
    "lineno": lambda c: str(_R.randint(12, 980)),
    "col": lambda c: str(_R.randint(3, 60)),
    "tag": lambda c: "v" + _ctx_ver(c),
    "lan26": lambda c: _lan(26),
    "lan5": lambda c: _lan(5),
    "hex4": lambda c: _c(_B64A, 4),
    "pub": lambda c: tauri_pub(),
    "hexpairs": lambda c: " ".join(_hexu(2) for _ in range(20)),
    "edpub": lambda c: _b64(32),
    "uan13": lambda c: _uan(13),
    "hexu24": lambda c: _hexu(24),
    "an24": lambda c: _an(24),
    "uan9": lambda c: _uan(9),
    "uan10": lambda c: _uan(10),
    "dg18": lambda c: _dg(18),
    "branch": lambda c: _pick(["main", "release/%d.%d" % (_R.randint(1, 9), _R.randint(0, 20)),
                               "fix/notarize-timeout", "feat/license-v2", "chore/bump-electron"]),
}

_UNKNOWN = set()
_PH = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def _g(c, k):
    if k not in c:
        c[k] = _CTX[k](c)
    return c[k]


def _fill(tpl, c):
    def rep(m):
        k = m.group(1)
        if k in c or k in _CTX:
            return _g(c, k)
        _UNKNOWN.add(k)
        return m.group(0)
    return _PH.sub(rep, tpl)


# ---------------------------------------------------------------------------
# password generators
# ---------------------------------------------------------------------------
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _leet(w):
    return "".join(_LEET.get(ch, ch) if _R.random() < 0.5 else ch for ch in w)


def _syll(k):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_pick(cons) + _pick(vow) for _ in range(k))


def pw_word(sym="!*.@-_+"):
    w1, w2 = _pick(_WORDS), _pick(_WORDS)
    k = _R.randrange(7)
    if k == 0:
        return w1.capitalize() + _pick(sym) + str(_R.randint(10, 2099))
    if k == 1:
        return w1.capitalize() + w2.capitalize() + str(_R.randint(1, 99)) + _pick(sym)
    if k == 2:
        return _leet(w1 + w2).capitalize() + str(_R.randint(1, 999))
    if k == 3:
        s = _pick("-_.")
        return w1 + s + w2 + s + str(_R.randint(100, 9999))
    if k == 4:
        return w1.capitalize() + str(_R.randint(1970, 2025)) + _pick(sym) + _pick(sym)
    if k == 5:
        return w1 + str(_R.randint(10, 99)) + w2.upper() + _pick(sym)
    return _leet(w1).capitalize() + _pick(sym) + _leet(w2) + str(_R.randint(1, 9))


def pw_phrase(seps="-._"):
    s = _pick(seps)
    ws = [_pick(_WORDS) for _ in range(_R.randint(3, 5))]
    if _R.random() < 0.3:
        ws = [w.capitalize() for w in ws]
    p = s.join(ws)
    if _R.random() < 0.5:
        p += s + str(_R.randint(1, 99))
    return p


def pw_pron(sym="!*.@-_+"):
    p = _syll(_R.randint(3, 5)).capitalize() + str(_R.randint(10, 999))
    if _R.random() < 0.5:
        p += _pick(sym)
    return p


def pw_rand(n=None, sym="!*-_.+@^~%"):
    n = n or _R.randint(14, 26)
    body = _pick(_LOW + _UP) + _c(_AN + sym, n - 3) + _pick(_DIG) + _pick(sym)
    return body


def pw_any():
    k = _R.randrange(4)
    if k == 0:
        return pw_word()
    if k == 1:
        return pw_phrase()
    if k == 2:
        return pw_pron()
    return pw_rand()


def pw_plain():
    """Safe unquoted in env files, INI, YAML and shell words."""
    k = _R.randrange(4)
    if k == 0:
        return pw_word(sym=".@-_+")
    if k == 1:
        return pw_phrase()
    if k == 2:
        return pw_pron(sym=".@-_+")
    return pw_rand(sym="-_.+@")


def pw_url():
    """Safe inside URL userinfo without percent-encoding."""
    k = _R.randrange(3)
    if k == 0:
        return pw_word(sym="-_.~")
    if k == 1:
        return pw_pron(sym="-_.~")
    return pw_rand(sym="-_.~")


def pw_space():
    return pw_phrase(seps=" ")


def pw_hex64():
    return _hex(64)


def apple_asp():
    return "-".join(_c(_LOW, 4) for _ in range(4))


# ---------------------------------------------------------------------------
# key material
# ---------------------------------------------------------------------------
def _pem(prefix, total, width=64, sep="\n", pad=0):
    core = prefix + _c(_B64A, total - len(prefix) - pad) + "=" * pad
    return sep.join(core[i:i + width] for i in range(0, len(core), width))


def k_rsa1(sep="\n"):
    return _pem("MIIEowIBAAKCAQEA", _R.choice([1588, 1592, 1596, 1600]), sep=sep)


def k_rsa8(sep="\n"):
    return _pem("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", _R.choice([1624, 1628, 1632]), sep=sep)


def k_ec1(sep="\n"):
    return _pem("MHcCAQEEI", 164, sep=sep, pad=1)


def k_p8(sep="\n"):
    return _pem("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg", 184, sep=sep)


def k_ed8(sep="\n"):
    return _pem("MC4CAQAwBQYDK2VwBCIEI", 64, sep=sep)


def k_ossh(sep="\n"):
    return _pem("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                "QyNTUxOQAAACA", 408, width=70, sep=sep, pad=0)


def k_enc8(sep="\n"):
    return _pem("MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI", 1772, sep=sep)


def k_pgp(sep="\n"):
    return _pem("lIYEZ" + _c(_B64A, 3) + "FgkrBgEEAdpHDwEBB0", 384, sep=sep)


def tauri_priv():
    inner = ("untrusted comment: rsign encrypted secret key\n"
             + "RWRTY0Iy" + _b64(156).rstrip("=") + "\n")
    return _b64s(inner)


def tauri_pub():
    kid = _hexu(16)
    inner = "untrusted comment: minisign public key: %s\nRWS%s\n" % (kid, _b64(39).rstrip("="))
    return _b64s(inner)


def minisign_sec():
    return "RWRTY0Iy" + _b64(156).rstrip("=")


def ed_seed():
    return _b64(32)


def ed_seed64():
    return _b64(64)


def p12_b64():
    return ("MIIKSQIBAzCCCg8GCSqGSIb3DQEHAaCCCgAEggn8MIIJ+DCCBK8GCSqGSIb3DQEHBqCCBKAwggScAgEA"
            + _c(_B64A, _R.randint(300, 520)))


def p8_b64():
    body = k_p8()
    return _b64s("-----BEGIN PRIVATE KEY-----\n" + body + "\n-----END PRIVATE KEY-----\n")


# ---------------------------------------------------------------------------
# vendor token shapes (real prefixes where known, invented where not)
# ---------------------------------------------------------------------------
def t_ghp():
    return "ghp_" + _an(36)


def t_gho():
    return "gho_" + _an(36)


def t_ghs():
    return "ghs_" + _an(36)


def t_ghu():
    return "ghu_" + _an(36)


def t_ghr():
    return "ghr_" + _an(76)


def t_ghfine():
    return "github_pat_11" + _uan(20) + "_" + _an(59)


def t_glpat():
    return "glpat-" + _c(_AN + "-_", 20)


def t_npm():
    return "npm_" + _an(36)


def t_pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _c(_B64UA, 160)


def t_cio():
    return "cio" + _an(32)


def t_rubygems():
    return "rubygems_" + _hex(48)


def t_dckr():
    return "dckr_pat_" + _c(_B64UA, 27)


def t_xoxb():
    return "xoxb-%s-%s-%s" % (_dg(11), _dg(13), _an(24))


def t_xoxp():
    return "xoxp-%s-%s-%s-%s" % (_dg(11), _dg(11), _dg(13), _hex(32))


def t_xapp():
    return "xapp-1-A%s-%s-%s" % (_uan(10), _dg(13), _hex(64))


def t_slackhook_tail():
    return _an(24)


def t_discord_bot():
    return _b64us(_dg(18)) + "." + _c(_B64UA, 6) + "." + _c(_B64UA, 38)


def t_discord_hook():
    return _c(_B64UA, 68)


def t_telegram():
    return _dg(10) + ":AA" + _c(_B64UA, 33)


def t_sk_live():
    return "sk_live_51" + _an(_R.choice([24, 97]))


def t_rk_live():
    return "rk_live_51" + _an(97)


def t_whsec():
    return "whsec_" + _an(32)


def t_paddle():
    return "pdl_%s_apikey_%s_%s_%s" % (_pick(["live", "live", "sdbx"]), _ulid(), _an(22), _an(3))


def t_paddle_ntf():
    return "pdl_ntfset_" + _ulid() + "_" + _c(_AN + "+/", 32)


def t_paddle_vac():
    return _hex(50)


def t_gumroad():
    return _c(_B64UA, 43)


def t_lemon():
    now = _epoch()
    return _jwt({"aud": "94d59cef-dbb8-4ea5-b178-d2540fcd6919", "jti": _hex(80), "iat": now,
                 "nbf": now, "exp": now + 31536000, "sub": _dg(6), "scopes": []},
                alg="RS256", sigbytes=256)


def t_lemon_whsec():
    return pw_rand(n=_R.randint(24, 40), sym="-_")


def t_keygen_prod():
    return "prod-" + _hex(64) + "v3"


def t_keygen_admin():
    return "admin-" + _hex(64) + "v3"


def t_keygen_activ():
    return "activ-" + _hex(64) + "v3"


def t_keygen_user():
    return "user-" + _hex(64) + "v3"


def t_sntrys():
    org = _pick(_BRANDS).lower()
    payload = _jdump({"iat": _epoch() + _R.random(), "url": "https://sentry.io",
                      "region_url": "https://us.sentry.io", "org": org})
    return "sntrys_" + _b64s(payload).rstrip("=") + "_" + _c(_AN + "+/", 43)


def t_sntryu():
    return "sntryu_" + _hex(64)


def t_google_secret():
    return "GOCSPX-" + _c(_B64UA, 28)


def t_google_refresh():
    return "1//0" + _pick("cegh") + _c(_B64UA, 98)


def t_ya29():
    return "ya29.a0" + _c(_B64UA, 150)


def t_aiza():
    return "AIza" + _c(_B64UA, 35)


def t_azure_secret():
    return _an(3) + _pick(_DIG) + "Q~" + _c(_AN + "_.~-", 34)


def t_azure_storage():
    return _b64(64)


def t_azure_sig():
    return _pct(_b64(32))


def t_aws_secret():
    return _c(_B64A, 40)


def t_aws_session():
    return "FwoGZXIvYXdzE" + _c(_B64A, 290)


def t_amo_secret():
    return _hex(64)


def t_amo_jwt():
    now = _epoch()
    return _jwt({"iss": "user:%s:%s" % (_dg(8), _dg(3)), "jti": _uuid(), "iat": now, "exp": now + 60})


def t_edge_key():
    return _an(32)


def t_cf_token():
    return _c(_B64UA, 40)


def t_cf_global():
    return _hex(37)


def t_dop():
    return "dop_v1_" + _hex(64)


def t_vercel():
    return _an(24)


def t_netlify():
    return "nfp_" + _an(36)


def t_twilio():
    return _hex(32)


def t_sendgrid():
    return "SG." + _c(_B64UA, 22) + "." + _c(_B64UA, 43)


def t_mailgun():
    return "key-" + _hex(32)


def t_resend():
    return "re_" + _an(8) + "_" + _an(24)


def t_openai():
    return "sk-proj-" + _c(_B64UA, 124)


def t_anthropic():
    return "sk-ant-api03-" + _c(_B64UA, 93) + "AA"


def t_hf():
    return "hf_" + _an(34)


def t_dd_api():
    return _hex(32)


def t_dd_app():
    return _hex(40)


def t_nrak():
    return "NRAK-" + _uan(27)


def t_nral():
    return _hex(36) + "NRAL"


def t_honeycomb():
    return "hcaik_01" + _c(_CROCK, 24) + _lan(34)


def t_phx():
    return "phx_" + _an(43)


def t_hvs():
    return "hvs.CAESI" + _c(_B64UA, 86)


def t_ops():
    payload = _jdump({"signInAddress": "my.1password.com", "userAuth": {"method": "SRPg-4096",
                      "alg": "PBES2g-HS256", "iterations": 650000, "salt": _b64u(16)},
                      "email": _lan(12) + "@1passwordserviceaccounts.com", "srpX": _hex(64),
                      "muk": {"alg": "A256GCM", "ext": True, "k": _b64u(32), "key_ops": ["encrypt", "decrypt"],
                              "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + _uan(6) + "-" + _uan(6),
                      "throttleSecret": {"seed": _hex(64), "deviceUuid": _lan(26)}, "deviceUuid": _lan(26)})
    return "ops_" + _b64us(payload)


def t_doppler():
    return "dp.st.prd." + _an(43)


def t_age():
    return "AGE-SECRET-KEY-1" + _c("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def t_ado_pat():
    return _c("abcdefghijklmnopqrstuvwxyz234567", 52)


def t_bitbucket():
    return "ATBB" + _an(28) + _hexu(8)


def t_atlassian():
    return "ATATT3xFfGF0" + _c(_B64UA, 170) + "=" + _hexu(8)


def t_okta():
    return "00" + _c(_B64UA, 40)


def t_auth0():
    return _c(_B64UA, 64)


def t_contentful():
    return "CFPAT-" + _c(_B64UA, 43)


def t_mapbox_sk():
    return "sk." + _b64us(_jdump({"u": _pick(_BRANDS).lower(), "a": "cl" + _lan(23)})) + "." + _c(_B64UA, 22)


def t_shopify():
    return "shpat_" + _hex(32)


def t_linear():
    return "lin_api_" + _an(40)


def t_notion():
    return "ntn_" + _dg(11) + _an(35)


def t_figma():
    return "figd_" + _c(_B64UA, 40)


def t_grafana():
    return "glsa_" + _an(32) + "_" + _hex(8)


def t_supabase():
    return "sbp_" + _hex(40)


def t_pscale():
    return "pscale_pw_" + _c(_B64UA, 43)


def t_fly():
    return "FlyV1 fm2_lJPE" + _c(_B64A, 180)


def t_fcm():
    return "AAAA" + _c(_B64UA, 7) + ":APA91b" + _c(_B64UA, 134)


def t_jfrog():
    return "cmVmdGtuOjAxOjE3" + _an(48)


def t_sonar():
    return "squ_" + _hex(40)


def t_digicert():
    return _hex(24) + "_" + _hex(64)


def t_totp():
    return _c(_B32A, 32)


def t_backtrace():
    return _hex(64)


def t_bugsnag():
    return _hex(32)


def t_crash_tok():
    return _c(_B64UA, 32)


def t_django():
    return _c(_LOW + _DIG + "!@#%^&*(-_=+)", 50)


def t_session():
    return _lan(32)


def t_nextauth():
    return ("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.." + _c(_B64UA, 22) + "."
            + _c(_B64UA, _R.randint(180, 260)) + "." + _c(_B64UA, 22))


def t_rails_cookie():
    return _pct(_b64(96)) + "--" + _hex(40)


def t_gcookie():
    return "g.a000" + _c(_B64UA, 140)


def t_myacinfo():
    return "DAWTKNV323952cf8084a204fb20ab2508441a07d02d3" + _hex(_R.randint(180, 260))


def t_snapcraft():
    payload = _jdump({"t": "u1-macaroon", "v": {"r": "MDAxY2xvY2F0aW9uIGxvZ2luLnVidW50dS5jb20K" + _c(_B64A, 200),
                                               "d": "MDAxOWxvY2F0aW9uIGxvZ2luLnVidW50dS5jb20K" + _c(_B64A, 160)}})
    return _b64s(payload)


def t_basic():
    u = _pick(["ci", "deploy", "beta", "admin", "release", "updater", "qa"])
    return _b64s(u + ":" + pw_any())


def t_docker_auth():
    return _b64s(_pick(_FIRST) + ":" + t_ghp())


def t_ecr():
    payload = _jdump({"payload": _b64(400), "datakey": _b64(120), "version": "2", "type": "DATA_KEY",
                      "expiration": _epoch()})
    return _b64s(payload)


def t_telemetry_sk():
    return _pick(["tlm_sk_", "tk_live_", "ing_sec_"]) + _an(32)


def t_lic_admin():
    return "lsa_" + _an(40)


def t_heroku():
    return _uuid()


def t_legacy_sentry():
    return _hex(32)


def t_sas_sig():
    return _pct(_b64(32))


def t_cf_sig():
    return _c(_AN + "-_~", 172)


def t_gcs_sig():
    return _hex(512)


def t_s3_sig():
    return _hex(64)


def t_jwt_generic():
    now = _epoch()
    return _jwt({"sub": _uuid(), "iat": now, "exp": now + 3600, "scope": "licenses:write"}, alg="HS256")


def t_azure_jwt():
    now = _epoch()
    return _jwt({"aud": "https://management.azure.com/", "iss": "https://sts.windows.net/%s/" % _uuid(),
                 "iat": now, "nbf": now, "exp": now + 3599, "appid": _uuid(), "oid": _uuid(),
                 "tid": _uuid(), "ver": "1.0"}, alg="RS256", sigbytes=256)


def t_supabase_service():
    now = _epoch()
    return _jwt({"iss": "supabase", "ref": _lan(20), "role": "service_role", "iat": now,
                 "exp": now + 315360000}, alg="HS256")


def t_license_key():
    return "-".join(_hexu(8) for _ in range(4))


def t_clickhouse_pw():
    return _c(_AN + "_~.", 24)


def t_wrapped(gen, width=76):
    s = gen()
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# ---------------------------------------------------------------------------
# corpus builders
# ---------------------------------------------------------------------------
SECRETS = []
BENIGN = []
_USED = set()
_BSEEN = set()
_GROUP = [None]


def _fresh(gen):
    for _ in range(500):
        v = gen()
        if v not in _USED and len(v) >= 6:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret")


_PENDING = []
_PER_GROUP = 185


def _render(fmt, tpl, gen, vis, n):
    for _ in range(n):
        t = _pick(tpl) if isinstance(tpl, (list, tuple)) else tpl
        c = {"s": _fresh(gen)}
        text = _fill(t, c)
        v = _fill(vis, c) if vis else ""
        if c["s"] not in text or (v and (v not in text or c["s"] in v)):
            raise ValueError("bad template for format %s" % fmt)
        SECRETS.append((_GROUP[0], fmt, text, c["s"], v))


def _flush():
    """Render the pending formats of the current group, spreading about
    _PER_GROUP fragments over them (never more than 3 per format)."""
    f = len(_PENDING)
    if f:
        base, rem = divmod(_PER_GROUP, f)
        for i, (fmt, tpl, gen, vis) in enumerate(_PENDING):
            n = min(3, base + (1 if i < rem else 0))
            if n:
                _render(fmt, tpl, gen, vis, n)
    del _PENDING[:]


def _group(name):
    _flush()
    _GROUP[0] = name


def _S(fmt, tpl, gen, vis=""):
    _PENDING.append((fmt, tpl, gen, vis))


def _B(tpl, n=5):
    made = 0
    for _ in range(n * 5):
        if made >= n:
            break
        t = _pick(tpl) if isinstance(tpl, (list, tuple)) else tpl
        text = _fill(t, {})
        if text in _BSEEN:
            continue
        _BSEEN.add(text)
        BENIGN.append(text)
        made += 1


# ===========================================================================
# group: command  (shell commands the agent ran or proposed)
# ===========================================================================
_group("command")

_S("pgpass-append-line",
   "echo 'db.{dom}:5432:{db}:{dbuser}:{s}' >> ~/.pgpass && chmod 600 ~/.pgpass",
   pw_plain, "db.{dom}:5432:{db}:{dbuser}")
_S("web-ext-sign-api-secret-flag",
   ["npx web-ext sign --channel=listed --api-key={amoiss} --api-secret={s} --source-dir=dist/firefox",
    "web-ext sign -s build/firefox --api-key {amoiss} --api-secret {s} --channel unlisted --timeout 900000"],
   t_amo_secret, "{amoiss}")
_S("chrome-webstore-upload-refresh-token-flag",
   "npx chrome-webstore-upload-cli@3 upload --source build/{slug}-{ver}.zip --extension-id {extid} "
   "--client-id {gclient} --client-secret \"$CWS_CLIENT_SECRET\" --refresh-token {s} --auto-publish",
   t_google_refresh, "--extension-id {extid}")
_S("notarytool-store-credentials-password",
   "xcrun notarytool store-credentials \"{prof}\" --apple-id \"{email}\" --team-id {team} --password {s}",
   apple_asp, "notarytool store-credentials \"{prof}\"")
_S("notarytool-submit-inline-password",
   "xcrun notarytool submit dist/{app}-{ver}-arm64.dmg --apple-id {email} --password \"{s}\" --team-id {team} --wait --timeout 30m",
   apple_asp, "--team-id {team}")
_S("altool-notarize-app-legacy",
   "xcrun altool --notarize-app --primary-bundle-id \"com.{slug}.desktop\" -u \"{email}\" -p {s} --asc-provider {team} --file {app}.zip",
   apple_asp, "com.{slug}.desktop")
_S("signtool-pfx-slash-p",
   "signtool sign /f C:\\certs\\{slug}-codesign.pfx /p {s} /fd sha256 /tr http://timestamp.digicert.com /td sha256 \"dist\\{app} Setup {ver}.exe\"",
   pw_plain, "/tr http://timestamp.digicert.com")
_S("signtool-ev-token-kc-container-password",
   "signtool sign /fd sha256 /f certs\\{slug}-ev.cer /csp \"eToken Base Cryptographic Provider\" "
   "/kc \"[{{{s}}}]=p11#{hex8}\" /tr http://timestamp.sectigo.com /td sha256 out\\{app}Setup.exe",
   pw_plain, "eToken Base Cryptographic Provider")
_S("azuresigntool-key-vault-client-secret",
   "AzureSignTool sign -kvu https://{slug}-signing.vault.azure.net -kvi {uuid} -kvt {uuid2} -kvs {s} "
   "-kvc ev-codesign-{date8} -tr http://timestamp.digicert.com -td sha256 -v \"release\\{app}-{ver}-x64.msi\"",
   t_azure_secret, "-kvi {uuid}")
_S("codesigntool-esigner-password",
   "./CodeSignTool.sh sign -username={user} -password='{s}' -totp_secret=\"$ES_TOTP_SECRET\" "
   "-input_file_path=dist/{app}-Setup-{ver}.exe -override",
   pw_any, "-username={user}")
_S("codesigntool-esigner-totp-secret",
   "CodeSignTool.bat sign -username=\"{email}\" -password=\"%ES_PASSWORD%\" -totp_secret=\"{s}\" -input_file_path=\"build\\{app}.exe\" -output_dir_path=signed",
   t_totp, "-output_dir_path=signed")
_S("security-import-p12-capital-p",
   "security import certs/developer_id_app.p12 -k ~/Library/Keychains/build.keychain-db -P {s} -T /usr/bin/codesign -T /usr/bin/productsign",
   pw_plain, "-T /usr/bin/codesign")
_S("security-create-keychain-p",
   "security create-keychain -p \"{s}\" build.keychain && security default-keychain -s build.keychain && security set-keychain-settings -lut 21600 build.keychain",
   pw_any, "security default-keychain -s build.keychain")
_S("certutil-importpfx-password",
   "certutil -f -user -p {s} -importpfx My .\\certs\\{slug}-authenticode.pfx NoExport",
   pw_plain, "-importpfx My")
_S("powershell-import-pfxcertificate-securestring",
   "$pw = ConvertTo-SecureString -String '{s}' -Force -AsPlainText; Import-PfxCertificate -FilePath .\\{slug}.pfx -CertStoreLocation Cert:\\CurrentUser\\My -Password $pw",
   pw_any, "Cert:\\CurrentUser\\My")
_S("openssl-pkcs12-export-passout",
   "openssl pkcs12 -export -inkey devid_app.key -in developerID_application.cer -certfile AppleWWDRCAG3.cer -out devid.p12 -name \"{company}\" -passout pass:{s}",
   pw_plain, "-out devid.p12")
_S("openssl-pkcs12-passin-env-prefix",
   "P12PASS='{s}' openssl pkcs12 -in codesign.p12 -nokeys -passin env:P12PASS -legacy | openssl x509 -noout -subject -enddate",
   pw_any, "openssl x509 -noout -subject -enddate")
_S("export-csc-key-password-electron-builder",
   "export CSC_LINK=~/secrets/{slug}-devid.p12 CSC_KEY_PASSWORD='{s}' && npx electron-builder --mac --universal --publish never",
   pw_any, "npx electron-builder --mac --universal")
_S("win-csc-key-password-inline-env",
   "WIN_CSC_LINK=./certs/ev.pfx WIN_CSC_KEY_PASSWORD={s} yarn dist:win --x64 --arm64",
   pw_plain, "yarn dist:win")
_S("gh-token-electron-builder-publish",
   "GH_TOKEN={s} npx electron-builder --publish always --config electron-builder.yml",
   t_ghp, "--publish always")
_S("electron-forge-publish-github-token",
   "GITHUB_TOKEN={s} npx electron-forge publish --target @electron-forge/publisher-github --dry-run-resume",
   t_ghfine, "@electron-forge/publisher-github")
_S("tauri-signing-private-key-export",
   "export TAURI_SIGNING_PRIVATE_KEY=\"{s}\"\nexport TAURI_SIGNING_PRIVATE_KEY_PASSWORD=\"$(op read op://Release/tauri-updater/password)\"\nnpm run tauri build",
   tauri_priv, "npm run tauri build")
_S("tauri-key-password-inline",
   "TAURI_SIGNING_PRIVATE_KEY=$(cat ~/.tauri/{slug}.key) TAURI_SIGNING_PRIVATE_KEY_PASSWORD='{s}' cargo tauri build --target universal-apple-darwin",
   pw_any, "~/.tauri/{slug}.key")
_S("sparkle-sign-update-s-flag",
   "./Sparkle/bin/sign_update -s {s} build/{app}-{ver}.zip",
   ed_seed, "build/{app}-{ver}.zip")
_S("curl-amo-authorization-jwt",
   "curl -sS -H \"Authorization: JWT {s}\" \"https://addons.mozilla.org/api/v5/addons/addon/{slug}@{dom}/versions/?filter=all_with_unlisted\"",
   t_amo_jwt, "addons.mozilla.org/api/v5/addons/addon/{slug}@{dom}")
_S("curl-google-oauth-token-client-secret",
   "curl -s https://oauth2.googleapis.com/token -d client_id={gclient} -d client_secret={s} -d refresh_token=\"$CWS_REFRESH_TOKEN\" -d grant_type=refresh_token | jq -r .access_token",
   t_google_secret, "client_id={gclient}")
_S("curl-cws-upload-bearer",
   "curl -H \"Authorization: Bearer {s}\" -H \"x-goog-api-version: 2\" -X PUT -T {slug}-{ver}.zip https://www.googleapis.com/upload/chromewebstore/v1.1/items/{extid}",
   t_ya29, "chromewebstore/v1.1/items/{extid}")
_S("curl-edge-addons-apikey-header",
   "curl -X POST \"https://api.addons.microsoftedge.microsoft.com/v1/products/{uuid}/submissions/draft/package\" -H \"Authorization: ApiKey {s}\" -H \"X-ClientID: {uuid2}\" -H \"Content-Type: application/zip\" -T edge-{ver}.zip",
   t_edge_key, "X-ClientID: {uuid2}")
_S("curl-sentry-releases-bearer",
   "curl https://sentry.io/api/0/organizations/{slug}/releases/ -H 'Authorization: Bearer {s}' -H 'Content-Type: application/json' -d '{\"version\":\"{slug}-desktop@{ver}\",\"projects\":[\"electron-main\"]}'",
   t_sntrys, "organizations/{slug}/releases/")
_S("sentry-cli-auth-token-flag",
   "sentry-cli --auth-token {s} debug-files upload --org {slug} --project desktop-native --include-sources out/symbols/",
   t_sntryu, "debug-files upload --org {slug}")
_S("sentry-cli-sourcemaps-env-prefix",
   "SENTRY_AUTH_TOKEN={s} SENTRY_ORG={slug} SENTRY_PROJECT=renderer npx @sentry/cli sourcemaps upload --release={ver} dist/renderer",
   pw_hex64, "SENTRY_PROJECT=renderer")
_S("curl-bugsnag-data-access-token",
   "curl -s -H \"Authorization: token {s}\" -H \"X-Version: 2\" \"https://api.bugsnag.com/projects/{hex24}/errors?sort=last_seen&direction=desc\"",
   t_heroku, "api.bugsnag.com/projects/{hex24}")
_S("curl-backtrace-minidump-submit",
   "curl -v -F upload_file_minidump=@{uuid}.dmp -F product={app} -F version={ver} \"https://submit.backtrace.io/{slug}/{s}/minidump\"",
   t_backtrace, "submit.backtrace.io/{slug}")
_S("crashpad-handler-url-token-param",
   "./crashpad_handler --database=/tmp/{slug}-crashes --metrics-dir=/tmp/{slug}-metrics --url=\"https://crash.{dom}/submit?prod={app}&ver={ver}&token={s}\" --annotation=channel=beta --no-rate-limit",
   t_crash_tok, "--annotation=channel=beta")
_S("curl-paddle-billing-bearer",
   "curl -s \"https://api.paddle.com/transactions?status=completed&per_page=50\" -H \"Authorization: Bearer {s}\" | jq '.data[].id'",
   t_paddle, "api.paddle.com/transactions")
_S("curl-paddle-classic-vendor-auth-code",
   "curl -X POST https://vendors.paddle.com/api/2.0/product/generate_license -d vendor_id={num} -d vendor_auth_code={s} -d product_id={num2} -d quantity=1",
   t_paddle_vac, "vendor_id={num}")
_S("curl-gumroad-access-token-query",
   "curl \"https://api.gumroad.com/v2/sales?access_token={s}&after={date}&product_id={hex8}\"",
   t_gumroad, "api.gumroad.com/v2/sales")
_S("curl-lemonsqueezy-license-keys-bearer",
   "curl -g -H 'Accept: application/vnd.api+json' -H 'Authorization: Bearer {s}' 'https://api.lemonsqueezy.com/v1/license-keys?filter[store_id]={num}'",
   t_lemon, "api.lemonsqueezy.com/v1/license-keys")
_S("curl-keygen-admin-create-license",
   "curl -X POST https://api.keygen.sh/v1/accounts/{uuid}/licenses -H \"Authorization: Bearer {s}\" -H \"Content-Type: application/vnd.api+json\" -H \"Accept: application/vnd.api+json\" -d @license.json",
   t_keygen_admin, "accounts/{uuid}/licenses")
_S("mysql-cli-attached-password",
   "mysql -h db.{dom} -u licadmin -p'{s}' {db} -e \"SELECT COUNT(*) FROM activations WHERE created_at > NOW() - INTERVAL 1 DAY\"",
   pw_any, "-u licadmin")
_S("psql-uri-with-password",
   "psql \"postgresql://{dbuser}:{s}@pg.{dom}:5432/{db}?sslmode=require\" -c '\\dt+'",
   pw_url, "pg.{dom}:5432/{db}")
_S("redis-cli-a-flag",
   "redis-cli -h cache.{dom} -p 6380 --tls -a {s} --no-auth-warning --scan --pattern 'ratelimit:activate:*' | head",
   pw_plain, "cache.{dom}")
_S("mongosh-srv-uri",
   "mongosh \"mongodb+srv://{dbuser}:{s}@telemetry.{hex8}.mongodb.net/events?retryWrites=true\" --eval 'db.crashes.countDocuments({})'",
   pw_url, "telemetry.{hex8}.mongodb.net")
_S("docker-login-echo-password-stdin",
   "echo {s} | docker login ghcr.io -u {user} --password-stdin",
   t_ghp, "docker login ghcr.io -u {user}")
_S("docker-run-env-webhook-secret",
   "docker run -d --name licd -p 8080:8080 -e NODE_ENV=production -e PADDLE_WEBHOOK_SECRET={s} ghcr.io/{org}/license-server:{ver}",
   t_paddle_ntf, "ghcr.io/{org}/license-server:{ver}")
_S("npm-config-set-authtoken",
   "npm config set //registry.npmjs.org/:_authToken {s} && npm publish --access public",
   t_npm, "npm publish --access public")
_S("git-remote-set-url-embedded-token",
   "git remote set-url origin https://{user}:{s}@github.com/{org}/{slug}-desktop.git",
   t_ghp, "github.com/{org}/{slug}-desktop.git")
_S("aws-configure-set-secret-key",
   "aws configure set aws_access_key_id {akid} --profile {slug}-updates && aws configure set aws_secret_access_key {s} --profile {slug}-updates",
   t_aws_secret, "--profile {slug}-updates")
_S("curl-s3-presigned-latest-mac-yml",
   "curl -fSL -o latest-mac.yml \"https://{bucket}.s3.{region}.amazonaws.com/stable/latest-mac.yml?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F{date8}%2F{region}%2Fs3%2Faws4_request&X-Amz-Date={amzdate}&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={s}\"",
   t_s3_sig, "{bucket}.s3.{region}.amazonaws.com")
_S("curl-gcs-v4-signed-url",
   "curl -o {app}-{ver}.AppImage \"https://storage.googleapis.com/{bucket}/linux/{app}-{ver}.AppImage?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40{slug}-prod.iam.gserviceaccount.com%2F{date8}%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date={amzdate}&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={s}\"",
   t_gcs_sig, "storage.googleapis.com/{bucket}")
_S("azcopy-sas-url-sig",
   "azcopy copy \"./dist/*\" \"https://{slug}updates.blob.core.windows.net/releases?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se={date}T23:59:59Z&st={date}T00:00:00Z&spr=https&sig={s}\" --recursive",
   t_sas_sig, "{slug}updates.blob.core.windows.net/releases")
_S("sshpass-rsync-deploy",
   "sshpass -p '{s}' rsync -avz --delete dist/updates/ deploy@{host}:/var/www/updates/",
   pw_any, "deploy@{host}")
_S("htpasswd-batch-create",
   "sudo htpasswd -b -c /etc/nginx/.htpasswd-beta betatester {s}",
   pw_plain, "/etc/nginx/.htpasswd-beta")
_S("wrangler-secret-put-echo",
   "echo '{s}' | npx wrangler secret put LEMONSQUEEZY_WEBHOOK_SECRET --env production",
   t_lemon_whsec, "wrangler secret put LEMONSQUEEZY_WEBHOOK_SECRET")
_S("fly-secrets-set-keygen",
   "fly secrets set KEYGEN_PRODUCT_TOKEN={s} KEYGEN_ACCOUNT_ID={uuid} -a {slug}-licensing",
   t_keygen_prod, "-a {slug}-licensing")
_S("heroku-config-set-gumroad",
   "heroku config:set GUMROAD_ACCESS_TOKEN={s} --app {slug}-license-api",
   t_gumroad, "--app {slug}-license-api")
_S("gh-secret-set-body-literal",
   "gh secret set APPLE_APP_SPECIFIC_PASSWORD --body \"{s}\" --repo {org}/{slug}-desktop",
   apple_asp, "--repo {org}/{slug}-desktop")
_S("vercel-env-add-printf-pipe",
   "printf '%s' '{s}' | vercel env add SENTRY_AUTH_TOKEN production",
   t_sntrys, "vercel env add SENTRY_AUTH_TOKEN production")
_S("snapcraft-store-credentials-export",
   "export SNAPCRAFT_STORE_CREDENTIALS={s}\nsnapcraft upload --release=edge {slug}_{ver}_amd64.snap",
   t_snapcraft, "snapcraft upload --release=edge")
_S("msstore-reconfigure-client-secret",
   "msstore reconfigure --tenantId {uuid} --sellerId {num} --clientId {uuid2} --clientSecret {s}",
   t_azure_secret, "--sellerId {num}")
_S("wget-user-password-flags",
   "wget --user=beta --password='{s}' https://{host}/nightly/{app}-{ver}-x86_64.AppImage",
   pw_any, "https://{host}/nightly/")
_S("curl-u-admin-colon-password",
   "curl -u admin:{s} -F file=@dist/{app}-{ver}.dmg -F channel=stable https://{host}/api/v1/releases",
   pw_url, "https://{host}/api/v1/releases")
_S("vsce-publish-pat",
   "npx @vscode/vsce publish -p {s} --packagePath {slug}-{ver}.vsix",
   t_ado_pat, "--packagePath {slug}-{ver}.vsix")
_S("openssl-enc-decrypt-k-flag",
   "openssl enc -aes-256-cbc -pbkdf2 -d -in ci/signing-secrets.tar.enc -out signing-secrets.tar -k {s}",
   pw_plain, "ci/signing-secrets.tar.enc")
_S("gpg-loopback-passphrase",
   "gpg --batch --yes --pinentry-mode loopback --passphrase '{s}' --detach-sign --armor dist/{app}-{ver}.AppImage",
   pw_any, "--detach-sign --armor")
_S("7z-extract-attached-password",
   "7z x signing-kit-{date8}.7z -p{s} -o./certs -y",
   pw_plain, "-o./certs")
_S("zip-encrypt-capital-p",
   "zip -P {s} -r crash-dumps-{date}.zip ~/Library/Application\\ Support/{app}/Crashpad/completed/",
   pw_plain, "crash-dumps-{date}.zip")
_S("curl-json-login-password",
   "curl -X POST https://admin.{dom}/api/login -H 'Content-Type: application/json' -d '{\"email\":\"{email}\",\"password\":\"{s}\"}' -c cookies.txt",
   pw_any, "admin.{dom}/api/login")
_S("hdiutil-stdinpass-echo",
   "echo -n '{s}' | hdiutil create -encryption AES-256 -stdinpass -volname SigningBackup -srcfolder ./signing signing-backup.dmg",
   pw_any, "-volname SigningBackup")
_S("winget-create-token-flag",
   "wingetcreate update {app}.{app} -u https://github.com/{org}/{slug}/releases/download/v{ver}/{app}-Setup-{ver}.exe -v {ver} -t {s} --submit",
   t_ghfine, "wingetcreate update {app}.{app}")
_S("choco-push-api-key",
   "choco push {slug}.{ver}.nupkg --source https://push.chocolatey.org/ --api-key {s}",
   t_heroku, "--source https://push.chocolatey.org/")

# ===========================================================================
# group: tool-output  (what a command printed back)
# ===========================================================================
_group("tool-output")

_S("env-grep-apple-vars",
   "$ env | grep -i apple\nAPPLE_ID={email}\nAPPLE_TEAM_ID={team}\nAPPLE_APP_SPECIFIC_PASSWORD={s}",
   apple_asp, "APPLE_TEAM_ID={team}")
_S("printenv-ci-debug-dump",
   "$ printenv | sort | grep -E 'CSC|WIN_'\nCSC_IDENTITY_AUTO_DISCOVERY=false\nCSC_KEY_PASSWORD={s}\nCSC_LINK=/tmp/certs/mac.p12\nWIN_CSC_LINK=/tmp/certs/win.pfx",
   pw_plain, "CSC_IDENTITY_AUTO_DISCOVERY=false")
_S("docker-inspect-env-array",
   "$ docker inspect licd --format '{{json .Config.Env}}' | jq .\n[\n  \"NODE_ENV=production\",\n  \"PORT=8080\",\n  \"PADDLE_API_KEY={s}\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n]",
   t_paddle, "\"PORT=8080\"")
_S("kubectl-jsonpath-secret-decoded",
   "$ kubectl -n licensing get secret licd-env -o jsonpath='{.data.KEYGEN_TOKEN}' | base64 -d\n{s}",
   t_keygen_prod, "get secret licd-env")
_S("kubectl-get-secret-yaml-data",
   "$ kubectl get secret sentry-upload -o yaml\napiVersion: v1\ndata:\n  SENTRY_AUTH_TOKEN: {s}\nkind: Secret\nmetadata:\n  name: sentry-upload\n  namespace: release\ntype: Opaque",
   lambda: _b64s(t_sntryu()), "namespace: release")
_S("heroku-config-database-url",
   "$ heroku config -a {slug}-lic\n=== {slug}-lic Config Vars\nDATABASE_URL: postgres://u{hex12}:{s}@ec2-{n}-{n2}-1-1.compute-1.amazonaws.com:5432/d{hex12}\nNODE_ENV:     production",
   pw_hex64, "=== {slug}-lic Config Vars")
_S("git-config-list-x-access-token",
   "$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://x-access-token:{s}@github.com/{org}/{slug}-desktop.git",
   t_ghs, "remote.origin.url=https://x-access-token:")
_S("cat-user-npmrc",
   "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={s}\n@{slug}:registry=https://npm.pkg.github.com\nfund=false",
   t_npm, "@{slug}:registry=https://npm.pkg.github.com")
_S("cat-netrc-github",
   "$ cat ~/.netrc\nmachine api.github.com\n  login {user}\n  password {s}\nmachine uploads.github.com\n  login {user}",
   t_ghp, "login {user}")
_S("aws-sts-assume-role-credentials-json",
   "$ aws sts assume-role --role-arn arn:aws:iam::{bignum}:role/release-uploader --role-session-name ci\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA{hex16}\",\n        \"SecretAccessKey\": \"{s}\",\n        \"SessionToken\": \"<trimmed>\",\n        \"Expiration\": \"{ts}\"\n    }\n}",
   t_aws_secret, "role/release-uploader")
_S("security-find-generic-password-w",
   "$ security find-generic-password -s \"{prof}\" -a \"{email}\" -w\n{s}",
   apple_asp, "security find-generic-password -s \"{prof}\"")
_S("security-find-internet-password-g",
   "$ security find-internet-password -s {host} -g\nkeychain: \"/Users/{user}/Library/Keychains/login.keychain-db\"\nclass: \"inet\"\nattributes:\n    \"acct\"<blob>=\"deploy\"\n    \"srvr\"<blob>=\"{host}\"\npassword: \"{s}\"",
   pw_any, "\"srvr\"<blob>=\"{host}\"")
_S("electron-notarize-debug-args-leak",
   "  electron-notarize:notarytool Running notarytool with args [ 'submit', '/tmp/{slug}-notarize/{app}.zip', '--apple-id', '{email}', '--password', '{s}', '--team-id', '{team}', '--wait', '--output-format', 'json' ]",
   apple_asp, "electron-notarize:notarytool")
_S("web-ext-verbose-config-dump",
   "[program.js][debug] Loaded config: {\"sourceDir\":\"dist/firefox\",\"apiKey\":\"{amoiss}\",\"apiSecret\":\"{s}\",\"channel\":\"listed\"}",
   t_amo_secret, "\"sourceDir\":\"dist/firefox\"")
_S("curl-verbose-request-authorization",
   "> GET /api/v5/addons/addon/{slug}/ HTTP/2\n> Host: addons.mozilla.org\n> user-agent: curl/8.4.0\n> accept: */*\n> authorization: JWT {s}\n>\n< HTTP/2 200",
   t_amo_jwt, "Host: addons.mozilla.org")
_S("curl-verbose-set-cookie-sessionid",
   "< HTTP/1.1 302 Found\n< location: /dashboard\n< set-cookie: sessionid={s}; Domain=.{dom}; expires=Fri, 13 Dec 2024 10:00:00 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax; Secure",
   t_session, "location: /dashboard")
_S("google-oauth-access-token-response",
   "{\n  \"access_token\": \"{s}\",\n  \"expires_in\": 3599,\n  \"scope\": \"https://www.googleapis.com/auth/chromewebstore\",\n  \"token_type\": \"Bearer\"\n}",
   t_ya29, "https://www.googleapis.com/auth/chromewebstore")
_S("oauth-playground-refresh-token-response",
   "{\n  \"access_token\": \"<short-lived, omitted>\",\n  \"scope\": \"https://www.googleapis.com/auth/chromewebstore\",\n  \"token_type\": \"Bearer\",\n  \"expires_in\": 3599,\n  \"refresh_token\": \"{s}\"\n}",
   t_google_refresh, "\"token_type\": \"Bearer\"")
_S("terraform-output-json-sensitive-value",
   "$ terraform output -json r2_updates\n{\"sensitive\":true,\"type\":[\"object\",{\"access_key_id\":\"string\",\"secret_access_key\":\"string\"}],\"value\":{\"access_key_id\":\"{hex32}\",\"secret_access_key\":\"{s}\"}}",
   pw_hex64, "terraform output -json r2_updates")
_S("vault-kv-get-table",
   "$ vault kv get secret/desktop/macos-signing\n====== Data ======\nKey                 Value\n---                 -----\nidentity            Developer ID Application: {company} ({team})\nmatch_password      {s}\np12_path            s3://{bucket}/certs/devid.p12",
   pw_any, "Developer ID Application: {company} ({team})")
_S("op-item-get-reveal-fields",
   "$ op item get \"AMO API credentials\" --vault Release --reveal\nID:          {lan26}\nTitle:       AMO API credentials\nVault:       Release\nFields:\n  username:    {amoiss}\n  credential:  {s}",
   t_amo_secret, "Title:       AMO API credentials")
_S("systemctl-show-environment",
   "$ systemctl show licd --property=Environment\nEnvironment=NODE_ENV=production PORT=8080 LEMON_SIGNING_SECRET={s} LOG_LEVEL=info",
   t_lemon_whsec, "systemctl show licd")
_S("docker-compose-config-rendered",
   "$ docker compose config\nservices:\n  mailer:\n    environment:\n      SMTP_HOST: smtp.{dom}\n      SMTP_PASSWORD: {s}\n      SMTP_USER: licenses@{dom}\n    image: ghcr.io/{org}/mailer:{ver}",
   pw_plain, "SMTP_HOST: smtp.{dom}")
_S("mysql-select-api-token-row",
   "mysql> SELECT id, email, api_token FROM resellers WHERE id = {n};\n+----+---------------------------+------------------------------------------+\n| id | email                     | api_token                                |\n+----+---------------------------+------------------------------------------+\n| {n} | {email} | {s} |\n+----+---------------------------+------------------------------------------+\n1 row in set (0.00 sec)",
   lambda: "rsl_" + _an(36), "{email}")
_S("sqlite-settings-table-dump",
   "sqlite> select key, value from settings;\nupdate_channel|beta\nlast_check|{epoch}\nlicense_server_token|{s}\ntelemetry_opt_in|1",
   lambda: _c(_B64UA, 40), "update_channel|beta")
_S("redis-config-get-requirepass",
   "cache.{dom}:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{s}\"",
   pw_rand, "CONFIG GET requirepass")
_S("jq-cws-credentials-file",
   "$ jq . .secrets/cws.json\n{\n  \"client_id\": \"{gclient}\",\n  \"client_secret\": \"{s}\",\n  \"extension_id\": \"{extid}\"\n}",
   t_google_secret, "\"extension_id\": \"{extid}\"")
_S("pytest-locals-settings-repr",
   "E       AssertionError: expected 200, got 401\n\nsettings   = Settings(env='sandbox', paddle_api_key='{s}', webhook_tolerance=5)\nresp       = <Response [401]>\n\ntests/test_checkout.py:{lineno}: AssertionError",
   t_paddle, "tests/test_checkout.py:{lineno}")
_S("yarn-config-get-unredacted",
   "$ yarn config get npmAuthToken --no-redacted\n{s}",
   t_npm, "yarn config get npmAuthToken")
_S("actions-debug-basic-header-unmasked",
   "##[debug]Evaluating: format('Basic {0}', secrets.UPDATE_SERVER_AUTH)\n##[debug]Result: 'Basic {s}'",
   t_basic, "##[debug]Evaluating")
_S("sparkle-generate-keys-export-cat",
   "$ ./bin/generate_keys -x sparkle_private_{date8}.key\n$ cat sparkle_private_{date8}.key\n{s}",
   ed_seed, "./bin/generate_keys -x")
_S("tauri-signer-generate-output",
   "$ cargo tauri signer generate -w ~/.tauri/{slug}.key\nYour keypair was generated successfully\nPrivate: {s}\nPublic: {pub}\n---------------------------\nEnvironment variables used to sign:\n`TAURI_SIGNING_PRIVATE_KEY`",
   tauri_priv, "Your keypair was generated successfully")
_S("openssl-ec-print-private-key",
   "$ openssl ec -in AuthKey_{keyid}.p8\nread EC key\nwriting EC key\n-----BEGIN EC PRIVATE KEY-----\n{s}\n-----END EC PRIVATE KEY-----",
   k_ec1, "AuthKey_{keyid}.p8")
_S("cat-asc-authkey-p8",
   "$ cat ~/.appstoreconnect/private_keys/AuthKey_{keyid}.p8\n-----BEGIN PRIVATE KEY-----\n{s}\n-----END PRIVATE KEY-----",
   k_p8, "AuthKey_{keyid}.p8")
_S("cat-deploy-openssh-private-key",
   "$ cat ~/.ssh/updates_deploy_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{s}\n-----END OPENSSH PRIVATE KEY-----",
   k_ossh, "~/.ssh/updates_deploy_ed25519")
_S("gpg-export-secret-key-armor",
   "$ gpg --export-secret-keys --armor releases@{dom}\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{s}\n=" + "{hex4}" + "\n-----END PGP PRIVATE KEY BLOCK-----",
   k_pgp, "gpg --export-secret-keys --armor releases@{dom}")
_S("stripe-config-list-live-key",
   "$ stripe config --list\n[default]\n  device_name = '{user}-mbp'\n  display_name = '{app}'\n  live_mode_api_key = '{s}'\n  live_mode_key_expires_at = '{date}'",
   t_rk_live, "display_name = '{app}'")
_S("gh-auth-token-print",
   "$ gh auth token\n{s}",
   t_gho, "gh auth token")
_S("gh-auth-status-show-token",
   "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account {user} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: {s}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
   t_gho, "Logged in to github.com account {user}")
_S("az-ad-sp-create-for-rbac-json",
   "$ az ad sp create-for-rbac --name {slug}-edge-publish\n{\n  \"appId\": \"{uuid}\",\n  \"displayName\": \"{slug}-edge-publish\",\n  \"password\": \"{s}\",\n  \"tenant\": \"{uuid2}\"\n}",
   t_azure_secret, "\"displayName\": \"{slug}-edge-publish\"")
_S("aws-iam-create-access-key-json",
   "$ aws iam create-access-key --user-name {slug}-release-bot\n{\n    \"AccessKey\": {\n        \"UserName\": \"{slug}-release-bot\",\n        \"AccessKeyId\": \"{akid}\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"{s}\",\n        \"CreateDate\": \"{ts}\"\n    }\n}",
   t_aws_secret, "\"UserName\": \"{slug}-release-bot\"")
_S("doctl-config-yaml-cat",
   "$ cat ~/Library/Application\\ Support/doctl/config.yaml\naccess-token: {s}\ncontext: default\noutput: text",
   t_dop, "context: default")
_S("ps-aux-signtool-cmdline",
   "$ ps aux | grep -i signtool\nbuild     {pid}  3.1  0.4 812344 66120 ?  Sl  10:41  0:02 signtool.exe sign /f C:\\ci\\ev.pfx /p {s} /fd sha256 /tr http://ts.ssl.com /td sha256 {app}Setup.exe",
   pw_plain, "/tr http://ts.ssl.com")
_S("bash-history-tail-export",
   "$ tail -n 5 ~/.bash_history\ncd ~/src/{slug}-desktop\nexport APPLE_PASSWORD={s}\nnpm run dist:mac\nopen dist/\nclear",
   apple_asp, "cd ~/src/{slug}-desktop")
_S("cat-env-production-file",
   "$ cat .env.production\nVITE_UPDATE_FEED=https://{host}/feed\nVITE_TELEMETRY_URL=https://t.{dom}/v1/events\nSENTRY_AUTH_TOKEN={s}\nSENTRY_ORG={slug}",
   t_sntrys, "VITE_UPDATE_FEED=https://{host}/feed")
_S("electron-updater-debug-request-headers",
   "[info]  Checking for update\n[debug] Request: {\"protocol\":\"https:\",\"hostname\":\"api.github.com\",\"path\":\"/repos/{org}/{slug}-desktop/releases\",\"headers\":{\"authorization\":\"token {s}\",\"User-Agent\":\"electron-builder\",\"accept\":\"application/vnd.github.v3+json\"}}",
   t_ghp, "/repos/{org}/{slug}-desktop/releases")
_S("shipit-log-feed-token-query",
   "ShipIt[{pid}:{hex8}] Beginning installation\n{app}[{pid}] Squirrel: Checking for update at https://{host}/update/darwin/{ver}?channel=stable&token={s}",
   t_crash_tok, "Beginning installation")
_S("security-dump-keychain-data",
   "$ security dump-keychain -d build.keychain\nkeychain: \"/Users/runner/Library/Keychains/build.keychain-db\"\nclass: \"genp\"\nattributes:\n    \"svce\"<blob>=\"{prof}\"\n    \"acct\"<blob>=\"{email}\"\ndata:\n\"{s}\"",
   apple_asp, "\"svce\"<blob>=\"{prof}\"")
_S("dotnet-user-secrets-list",
   "$ dotnet user-secrets list --project src/{app}.Publisher\nPartnerCenter:TenantId = {uuid}\nPartnerCenter:ClientId = {uuid2}\nPartnerCenter:ClientSecret = {s}",
   t_azure_secret, "PartnerCenter:TenantId = {uuid}")
_S("cat-cargo-credentials-toml",
   "$ cat ~/.cargo/credentials.toml\n[registry]\ntoken = \"{s}\"",
   t_cio, "~/.cargo/credentials.toml")
_S("cat-pypirc-token",
   "$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = {s}",
   t_pypi, "username = __token__")
_S("gcloud-print-access-token",
   "$ gcloud auth print-access-token --impersonate-service-account=cws-publisher@{slug}-prod.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n{s}",
   t_ya29, "cws-publisher@{slug}-prod.iam.gserviceaccount.com")
_S("firebase-login-ci-token-output",
   "✔  Success! Use this token to login on a CI server:\n\n{s}\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
   t_google_refresh, "Use this token to login on a CI server")
_S("npm-token-create-table",
   "$ npm token create --cidr=0.0.0.0/0\n┌────────────────┬──────────────────────────────────────────┐\n│ token          │ {s} │\n├────────────────┼──────────────────────────────────────────┤\n│ readonly       │ false                                    │\n│ cidr_whitelist │ 0.0.0.0/0                                │\n└────────────────┴──────────────────────────────────────────┘",
   t_npm, "cidr_whitelist")
_S("sentry-cli-debug-bearer-log",
   "  DEBUG   {time} sentry-cli version: 2.31.0, platform: \"darwin\", architecture: \"arm64\"\n  DEBUG   {time} request POST https://sentry.io/api/0/projects/{slug}/desktop/files/dsyms/\n  DEBUG   {time} using token authentication\n  DEBUG   {time} > Authorization: Bearer {s}",
   t_sntryu, "using token authentication")
_S("python-repr-paddle-client",
   ">>> client\nPaddle(api_key='{s}', environment=Environment.SANDBOX, retries=3)",
   t_paddle, "environment=Environment.SANDBOX")
_S("node-process-env-inspect",
   "> process.env\n{\n  TERM_PROGRAM: 'vscode',\n  LEMONSQUEEZY_API_KEY: '{s}',\n  LEMONSQUEEZY_STORE_ID: '{num}',\n  HOME: '/Users/{user}'\n}",
   t_lemon, "LEMONSQUEEZY_STORE_ID: '{num}'")
_S("cat-docker-config-json-auth",
   "$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"ghcr.io\": {\n\t\t\t\"auth\": \"{s}\"\n\t\t}\n\t},\n\t\"currentContext\": \"desktop-linux\"\n}",
   t_docker_auth, "\"currentContext\": \"desktop-linux\"")
_S("az-account-get-access-token",
   "$ az account get-access-token --resource https://management.azure.com\n{\n  \"accessToken\": \"{s}\",\n  \"expiresOn\": \"{date} {time}.000000\",\n  \"subscription\": \"{uuid}\",\n  \"tokenType\": \"Bearer\"\n}",
   t_azure_jwt, "\"subscription\": \"{uuid}\"")
_S("aws-ecr-get-login-password",
   "$ aws ecr get-login-password --region {region}\n{s}",
   t_ecr, "aws ecr get-login-password --region {region}")
_S("pass-show-ev-token",
   "$ pass show signing/ev-token-pin\n{s}\nurl: https://www.sectigo.com\nnote: SafeNet token attached to build-win-01",
   pw_any, "pass show signing/ev-token-pin")
_S("bw-get-item-json-login",
   "$ bw get item \"Paddle vendor dashboard\" | jq .login\n{\n  \"uris\": [{\"match\": null, \"uri\": \"https://vendors.paddle.com\"}],\n  \"username\": \"{email}\",\n  \"password\": \"{s}\",\n  \"totp\": null\n}",
   pw_any, "\"uri\": \"https://vendors.paddle.com\"")
_S("openssl-pkcs12-info-nodes-key",
   "$ openssl pkcs12 -info -in authenticode.pfx -nodes -passin env:PFX_PW\nMAC: sha256, Iteration 2048\nBag Attributes\n    localKeyID: {hexpairs}\nKey Attributes: <No Attributes>\n-----BEGIN PRIVATE KEY-----\n{s}\n-----END PRIVATE KEY-----",
   k_rsa8, "MAC: sha256, Iteration 2048")
_S("kubectl-describe-pod-env",
   "$ kubectl describe pod licd-{hex8}-{lan5}\n    Environment:\n      NODE_ENV:      production\n      DATABASE_URL:  postgres://{dbuser}:{s}@pg-lic.licensing.svc:5432/{db}\n      KEYGEN_TOKEN:  <set to the key 'token' in secret 'keygen'>  Optional: false",
   pw_url, "pg-lic.licensing.svc:5432/{db}")

# ===========================================================================
# group: config-file  (excerpts of configuration files the agent opened)
# ===========================================================================
_group("config-file")

_S("electron-builder-yml-github-private-token",
   "# electron-builder.yml\nappId: com.{slug}.desktop\nproductName: {app}\npublish:\n  provider: github\n  owner: {org}\n  repo: {slug}-desktop\n  private: true\n  token: {s}\n  releaseType: draft",
   t_ghp, "appId: com.{slug}.desktop")
_S("app-update-yml-embedded-token",
   "# resources/app-update.yml (shipped inside the .asar!)\nowner: {org}\nrepo: {slug}-desktop\nprovider: github\nprivate: true\ntoken: {s}\nupdaterCacheDirName: {slug}-updater",
   t_ghfine, "updaterCacheDirName: {slug}-updater")
_S("dev-app-update-yml-generic-header",
   "# dev-app-update.yml\nprovider: generic\nurl: https://{host}/stable\nchannel: latest\nrequestHeaders:\n  Authorization: Bearer {s}",
   t_jwt_generic, "url: https://{host}/stable")
_S("electron-builder-json-win-certificate-password",
   "{\n  \"appId\": \"com.{slug}.desktop\",\n  \"win\": {\n    \"target\": [\"nsis\", \"msi\"],\n    \"certificateFile\": \"build/certs/{slug}.pfx\",\n    \"certificatePassword\": \"{s}\",\n    \"signingHashAlgorithms\": [\"sha256\"]\n  }\n}",
   pw_any, "\"certificateFile\": \"build/certs/{slug}.pfx\"")
_S("package-json-script-web-ext-secret",
   "  \"scripts\": {\n    \"build:firefox\": \"vite build --mode firefox\",\n    \"release:firefox\": \"web-ext sign --source-dir dist/firefox --api-key {amoiss} --api-secret {s} --channel listed\"\n  },",
   t_amo_secret, "\"build:firefox\": \"vite build --mode firefox\"")
_S("cargo-config-toml-env-tauri-password",
   "# .cargo/config.toml\n[env]\nTAURI_SIGNING_PRIVATE_KEY_PATH = \"/Users/{user}/.tauri/{slug}.key\"\nTAURI_SIGNING_PRIVATE_KEY_PASSWORD = \"{s}\"",
   pw_any, "TAURI_SIGNING_PRIVATE_KEY_PATH")
_S("dotenv-release-apple-notarize",
   "# .env.release  -- local only, DO NOT COMMIT\nAPPLE_ID={email}\nAPPLE_APP_SPECIFIC_PASSWORD={s}\nAPPLE_TEAM_ID={team}\nCSC_NAME=\"{company} ({team})\"",
   apple_asp, "APPLE_TEAM_ID={team}")
_S("dotenv-web-ext-amo",
   "WEB_EXT_API_KEY={amoiss}\nWEB_EXT_API_SECRET={s}\nWEB_EXT_CHANNEL=unlisted\nWEB_EXT_SOURCE_DIR=dist/firefox",
   t_amo_secret, "WEB_EXT_CHANNEL=unlisted")
_S("dotenv-chrome-webstore-oauth",
   "EXTENSION_ID={extid}\nCLIENT_ID={gclient}\nCLIENT_SECRET=${CWS_CLIENT_SECRET}\nREFRESH_TOKEN={s}",
   t_google_refresh, "EXTENSION_ID={extid}")
_S("web-ext-config-mjs-sign-block",
   "// web-ext-config.mjs\nexport default {\n  sourceDir: './dist/firefox',\n  artifactsDir: './web-ext-artifacts',\n  sign: {\n    apiKey: '{amoiss}',\n    apiSecret: '{s}',\n    channel: 'unlisted',\n  },\n};",
   t_amo_secret, "artifactsDir: './web-ext-artifacts'")
_S("npmrc-github-packages-token",
   "# .npmrc\n@{slug}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={s}\nalways-auth=true",
   t_ghp, "@{slug}:registry=https://npm.pkg.github.com")
_S("yarnrc-yml-npm-scope-token",
   "# .yarnrc.yml\nnodeLinker: node-modules\nnpmScopes:\n  {slug}:\n    npmAlwaysAuth: true\n    npmAuthToken: \"{s}\"\n    npmRegistryServer: \"https://npm.pkg.github.com\"",
   t_ghp, "nodeLinker: node-modules")
_S("xcconfig-sparkle-private-key",
   "// Release.xcconfig\nMARKETING_VERSION = {ver}\nSPARKLE_FEED_URL = https:/$()/{host}/appcast.xml\nSPARKLE_ED_PRIVATE_KEY = {s}\nDEVELOPMENT_TEAM = {team}",
   ed_seed, "DEVELOPMENT_TEAM = {team}")
_S("fastlane-dotenv-session-password",
   "# fastlane/.env.default\nFASTLANE_USER={email}\nFASTLANE_PASSWORD={s}\nFASTLANE_TEAM_ID={team}\nFASTLANE_SKIP_UPDATE_CHECK=1",
   pw_plain, "FASTLANE_TEAM_ID={team}")
_S("fastlane-match-password-env",
   "MATCH_GIT_URL=git@github.com:{org}/certificates.git\nMATCH_TYPE=developer_id\nMATCH_PASSWORD={s}\nMATCH_READONLY=true",
   pw_plain, "MATCH_GIT_URL=git@github.com:{org}/certificates.git")
_S("sentryclirc-auth-token",
   "# ~/.sentryclirc\n[auth]\ntoken={s}\n\n[defaults]\norg={slug}\nproject=desktop-electron\nurl=https://sentry.io/",
   t_sntryu, "project=desktop-electron")
_S("sentry-properties-auth-token",
   "# sentry.properties\ndefaults.url=https://sentry.io/\ndefaults.org={slug}\ndefaults.project=desktop\nauth.token={s}\ncli.executable=node_modules/@sentry/cli/bin/sentry-cli",
   t_sntrys, "defaults.project=desktop")
_S("crash-reporter-json-upload-token",
   "{\n  \"crashReporter\": {\n    \"submitURL\": \"https://crash.{dom}/api/minidump\",\n    \"uploadToken\": \"{s}\",\n    \"compress\": true,\n    \"ignoreSystemCrashHandler\": false\n  }\n}",
   t_crash_tok, "\"submitURL\": \"https://crash.{dom}/api/minidump\"")
_S("license-server-toml-database-url",
   "# config/production.toml\n[server]\nbind = \"0.0.0.0:8080\"\n\n[database]\nurl = \"postgres://{dbuser}:{s}@db.{dom}:5432/{db}\"\nmax_connections = 20",
   pw_url, "bind = \"0.0.0.0:8080\"")
_S("license-server-yaml-paddle-api-key",
   "paddle:\n  environment: production\n  api_key: {s}\n  webhook_secret: ${PADDLE_WEBHOOK_SECRET}\n  price_ids:\n    pro_yearly: pri_{ulid}",
   t_paddle, "environment: production")
_S("keygen-ini-product-token",
   "[keygen]\naccount = {uuid}\nproduct = {uuid2}\nproduct_token = {s}\npublic_key = see keygen.pub",
   t_keygen_prod, "account = {uuid}")
_S("gumroad-yml-access-token",
   "# config/gumroad.yml\nproduction:\n  access_token: {s}\n  product_permalink: {slug}-pro\n  verify_increment_uses: false",
   t_gumroad, "product_permalink: {slug}-pro")
_S("dev-vars-lemonsqueezy-signing-secret",
   "# .dev.vars (wrangler)\nLEMONSQUEEZY_STORE_ID={num}\nLEMONSQUEEZY_SIGNING_SECRET={s}",
   t_lemon_whsec, "LEMONSQUEEZY_STORE_ID={num}")
_S("wrangler-toml-vars-ingest-key",
   "name = \"{slug}-telemetry\"\nmain = \"src/worker.ts\"\ncompatibility_date = \"{date}\"\n\n[vars]\nSENTRY_ENVIRONMENT = \"production\"\nTELEMETRY_INGEST_KEY = \"{s}\"",
   t_telemetry_sk, "name = \"{slug}-telemetry\"")
_S("docker-compose-postgres-password",
   "services:\n  license-db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: {dbuser}\n      POSTGRES_PASSWORD: {s}\n      POSTGRES_DB: {db}\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
   pw_plain, "image: postgres:16-alpine")
_S("nginx-proxy-set-header-bearer",
   "location /v1/ingest {\n    proxy_pass https://ingest.{dom};\n    proxy_set_header Authorization \"Bearer {s}\";\n    proxy_set_header X-Forwarded-For $remote_addr;\n}",
   t_telemetry_sk, "proxy_pass https://ingest.{dom};")
_S("caddyfile-header-up-api-key",
   "telemetry.{dom} {\n\treverse_proxy https://eu.posthog.com {\n\t\theader_up Host eu.posthog.com\n\t\theader_up Authorization \"Bearer {s}\"\n\t}\n}",
   t_phx, "header_up Host eu.posthog.com")
_S("appsettings-json-connection-string",
   "{\n  \"ConnectionStrings\": {\n    \"Licenses\": \"Server=tcp:{host},1433;Initial Catalog={db};User ID=licapp;Password={s};Encrypt=True;TrustServerCertificate=False;\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
   pw_plain, "Server=tcp:{host},1433")
_S("web-config-appsettings-add-key",
   "<appSettings>\n  <add key=\"PartnerCenterTenantId\" value=\"{uuid}\" />\n  <add key=\"PartnerCenterClientId\" value=\"{uuid2}\" />\n  <add key=\"PartnerCenterClientSecret\" value=\"{s}\" />\n</appSettings>",
   t_azure_secret, "value=\"{uuid}\"")
_S("directory-build-props-signing-password",
   "<Project>\n  <PropertyGroup>\n    <SigningCertificateFile>$(MSBuildThisFileDirectory)certs\\{slug}.pfx</SigningCertificateFile>\n    <SigningCertificatePassword>{s}</SigningCertificatePassword>\n    <TimestampUrl>http://timestamp.digicert.com</TimestampUrl>\n  </PropertyGroup>\n</Project>",
   pw_plain, "<TimestampUrl>http://timestamp.digicert.com</TimestampUrl>")
_S("nsis-define-sign-password",
   "; installer.nsi\n!define PRODUCT_NAME \"{app}\"\n!define SIGN_PASS \"{s}\"\n!finalize 'signtool sign /f \"certs\\ev.pfx\" /p \"${SIGN_PASS}\" /fd sha256 /tr http://timestamp.digicert.com /td sha256 \"%1\"'",
   pw_plain, "!define PRODUCT_NAME \"{app}\"")
_S("inno-setup-signtool-directive",
   "[Setup]\nAppName={app}\nAppVersion={ver}\nSignTool=signtool sign /f $q{slug}.pfx$q /p {s} /t http://timestamp.sectigo.com $f\nSignedUninstaller=yes",
   pw_plain, "SignedUninstaller=yes")
_S("forge-package-json-osx-notarize",
   "\"config\": {\n  \"forge\": {\n    \"packagerConfig\": {\n      \"osxSign\": {},\n      \"osxNotarize\": {\n        \"appleId\": \"{email}\",\n        \"appleIdPassword\": \"{s}\",\n        \"teamId\": \"{team}\"\n      }\n    }\n  }\n}",
   apple_asp, "\"teamId\": \"{team}\"")
_S("my-cnf-client-password",
   "# ~/.my.cnf\n[client]\nuser=licadmin\npassword={s}\nhost=mysql.{dom}\nssl-mode=REQUIRED",
   pw_plain, "host=mysql.{dom}")
_S("gem-credentials-api-key",
   "# ~/.gem/credentials\n---\n:rubygems_api_key: {s}",
   t_rubygems, "~/.gem/credentials")
_S("gh-hosts-yml-oauth-token",
   "# ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        {user}:\n    git_protocol: https\n    oauth_token: {s}\n    user: {user}",
   t_gho, "git_protocol: https")
_S("rclone-conf-r2-secret",
   "[r2-updates]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {hex32}\nsecret_access_key = {s}\nendpoint = https://{hex32b}.r2.cloudflarestorage.com\nacl = private",
   pw_hex64, "provider = Cloudflare")
_S("aws-credentials-profile",
   "# ~/.aws/credentials\n[{slug}-updates]\naws_access_key_id = {akid}\naws_secret_access_key = {s}\nregion = {region}",
   t_aws_secret, "[{slug}-updates]")
_S("s3cfg-secret-key",
   "[default]\naccess_key = {akid}\nhost_base = s3.{region}.amazonaws.com\nhost_bucket = %(bucket)s.s3.{region}.amazonaws.com\nsecret_key = {s}\nuse_https = True",
   t_aws_secret, "use_https = True")
_S("nuts-update-server-env",
   "# nuts / hazel update server\nGITHUB_REPO={org}/{slug}-desktop\nGITHUB_TOKEN={s}\nAPI_USERNAME=admin\nAPI_PASSWORD=${NUTS_API_PASSWORD}\nTRUST_PROXY=true",
   t_ghp, "GITHUB_REPO={org}/{slug}-desktop")
_S("tfvars-cloudflare-api-token",
   "# terraform.tfvars\nzone_name            = \"{dom}\"\ncloudflare_api_token = \"{s}\"\nr2_bucket            = \"{bucket}\"",
   t_cf_token, "zone_name            = \"{dom}\"")
_S("hcl-sentry-provider-token",
   "provider \"sentry\" {\n  token    = \"{s}\"\n  base_url = \"https://sentry.io/api/\"\n}\n\nresource \"sentry_project\" \"desktop\" {\n  organization = \"{slug}\"\n  name         = \"desktop\"\n}",
   t_sntryu, "resource \"sentry_project\" \"desktop\"")
_S("k8s-secret-stringdata",
   "apiVersion: v1\nkind: Secret\nmetadata:\n  name: bugsnag-api\n  namespace: crash-pipeline\ntype: Opaque\nstringData:\n  BUGSNAG_AUTH_TOKEN: \"{s}\"",
   t_heroku, "namespace: crash-pipeline")
_S("helm-values-clickhouse-password",
   "telemetry:\n  ingest:\n    replicas: 3\n  clickhouse:\n    host: ch.{dom}\n    user: telemetry_rw\n    password: {s}",
   t_clickhouse_pw, "host: ch.{dom}")
_S("systemd-unit-environment-line",
   "[Service]\nExecStart=/usr/local/bin/licd --config /etc/licd.toml\nEnvironment=\"KEYGEN_ADMIN_TOKEN={s}\"\nEnvironment=\"RUST_LOG=info\"\nRestart=on-failure",
   t_keygen_admin, "ExecStart=/usr/local/bin/licd")
_S("supervisor-program-environment",
   "[program:license-webhooks]\ncommand=/srv/lic/venv/bin/gunicorn app:app -b 127.0.0.1:8001\nenvironment=PADDLE_VENDOR_AUTH_CODE=\"{s}\",FLASK_ENV=\"production\"\nautorestart=true",
   t_paddle_vac, "[program:license-webhooks]")
_S("vscode-launch-json-env",
   "{\n  \"type\": \"node\",\n  \"request\": \"launch\",\n  \"name\": \"Electron: main\",\n  \"runtimeExecutable\": \"${workspaceFolder}/node_modules/.bin/electron\",\n  \"env\": { \"SENTRY_AUTH_TOKEN\": \"{s}\", \"ELECTRON_ENABLE_LOGGING\": \"1\" }\n}",
   t_sntrys, "\"name\": \"Electron: main\"")
_S("rest-client-http-file-variable",
   "@baseUrl = https://api.lemonsqueezy.com/v1\n@token = {s}\n\n### list license keys\nGET {{baseUrl}}/license-keys\nAuthorization: Bearer {{token}}\nAccept: application/vnd.api+json",
   t_lemon, "### list license keys")
_S("postman-environment-secret-value",
   "{\n  \"name\": \"{app} licensing (prod)\",\n  \"values\": [\n    {\"key\": \"base_url\", \"value\": \"https://lic.{dom}\", \"enabled\": true},\n    {\"key\": \"admin_key\", \"value\": \"{s}\", \"type\": \"secret\", \"enabled\": true}\n  ]\n}",
   t_lic_admin, "\"value\": \"https://lic.{dom}\"")
_S("bruno-environment-vars",
   "vars {\n  baseUrl: https://api.keygen.sh/v1/accounts/{uuid}\n  adminToken: {s}\n}",
   t_keygen_admin, "baseUrl: https://api.keygen.sh/v1/accounts/{uuid}")
_S("spring-application-properties-datasource",
   "spring.datasource.url=jdbc:postgresql://db.{dom}:5432/{db}\nspring.datasource.username={dbuser}\nspring.datasource.password={s}\nspring.jpa.open-in-view=false",
   pw_plain, "spring.datasource.username={dbuser}")
_S("maven-settings-server-password",
   "<servers>\n  <server>\n    <id>{slug}-releases</id>\n    <username>deploy</username>\n    <password>{s}</password>\n  </server>\n</servers>",
   pw_plain, "<id>{slug}-releases</id>")
_S("electron-builder-env-file",
   "# electron-builder.env\nCSC_LINK=build/certs/mac-devid.p12\nCSC_KEY_PASSWORD={s}\nAPPLE_TEAM_ID={team}",
   pw_plain, "CSC_LINK=build/certs/mac-devid.p12")
_S("notarize-json-escaped-p8-content",
   "{\n  \"appleApiKeyId\": \"{keyid}\",\n  \"appleApiIssuer\": \"{uuid}\",\n  \"appleApiKeyContent\": \"-----BEGIN PRIVATE KEY-----\\n{s}\\n-----END PRIVATE KEY-----\\n\"\n}",
   lambda: k_p8(sep="\\n"), "\"appleApiIssuer\": \"{uuid}\"")
_S("gitconfig-url-insteadof-token",
   "[url \"https://{user}:{s}@github.com/\"]\n\tinsteadOf = https://github.com/\n[user]\n\tname = {person}\n\temail = {email}",
   t_ghp, "insteadOf = https://github.com/")
_S("pip-conf-extra-index-token",
   "[global]\nextra-index-url = https://__token__:{s}@gitlab.{dom}/api/v4/projects/{n}/packages/pypi/simple\ntimeout = 60",
   t_glpat, "gitlab.{dom}/api/v4/projects/{n}")
_S("dotenv-local-lemonsqueezy-api-key",
   "# .env.local (license portal)\nNEXT_PUBLIC_STORE_URL=https://{slug}.lemonsqueezy.com\nLEMONSQUEEZY_API_KEY={s}\nLEMONSQUEEZY_STORE_ID={num}",
   t_lemon, "NEXT_PUBLIC_STORE_URL=https://{slug}.lemonsqueezy.com")
_S("telemetry-ini-clickhouse-password",
   "[clickhouse]\nhost = ch-{n}.{dom}\nport = 9440\nsecure = true\nuser = telemetry_rw\npassword = {s}",
   t_clickhouse_pw, "user = telemetry_rw")
_S("otel-collector-honeycomb-header",
   "exporters:\n  otlphttp/honeycomb:\n    endpoint: https://api.honeycomb.io\n    headers:\n      x-honeycomb-team: {s}\n      x-honeycomb-dataset: desktop-{slug}",
   t_honeycomb, "endpoint: https://api.honeycomb.io")
_S("datadog-yaml-api-key",
   "# /etc/datadog-agent/datadog.yaml\napi_key: {s}\nsite: datadoghq.eu\nhostname: updates-{n}\nlogs_enabled: true",
   t_dd_api, "site: datadoghq.eu")
_S("newrelic-yml-license-key",
   "common: &default_settings\n  license_key: '{s}'\n  app_name: {app} License API\n  distributed_tracing:\n    enabled: true",
   t_nral, "app_name: {app} License API")
_S("mcp-settings-json-env-token",
   "{\n  \"mcpServers\": {\n    \"sentry\": {\n      \"command\": \"npx\",\n      \"args\": [\"-y\", \"@sentry/mcp-server\"],\n      \"env\": { \"SENTRY_ACCESS_TOKEN\": \"{s}\" }\n    }\n  }\n}",
   t_sntryu, "\"args\": [\"-y\", \"@sentry/mcp-server\"]")
_S("tauri-conf-json-updater-header",
   "\"plugins\": {\n  \"updater\": {\n    \"endpoints\": [\"https://{host}/tauri/{{target}}/{{arch}}/{{current_version}}\"],\n    \"headers\": { \"X-License-Token\": \"{s}\" },\n    \"pubkey\": \"{pub}\"\n  }\n}",
   t_crash_tok, "\"endpoints\": [\"https://{host}/tauri/")

# ===========================================================================
# group: source-code  (excerpts of source files)
# ===========================================================================
_group("source-code")

_S("forge-config-js-osx-notarize",
   "// forge.config.js\nmodule.exports = {\n  packagerConfig: {\n    osxSign: {},\n    osxNotarize: {\n      appleId: '{email}',\n      appleIdPassword: '{s}',\n      teamId: '{team}',\n    },\n  },\n};",
   apple_asp, "teamId: '{team}'")
_S("notarize-js-aftersign-hook",
   "// scripts/notarize.js (afterSign)\nconst { notarize } = require('@electron/notarize');\nexports.default = async (ctx) => {\n  await notarize({\n    appPath: `${ctx.appOutDir}/{app}.app`,\n    appleId: '{email}',\n    appleIdPassword: '{s}',\n    teamId: '{team}',\n  });\n};",
   apple_asp, "require('@electron/notarize')")
_S("electron-crashreporter-backtrace-submit-url",
   "// src/main/crash.ts\ncrashReporter.start({\n  productName: '{app}',\n  submitURL: 'https://submit.backtrace.io/{slug}/{s}/minidump',\n  uploadToDefault: true,\n  compress: true,\n});",
   t_backtrace, "productName: '{app}'")
_S("autoupdater-setfeedurl-request-headers",
   "autoUpdater.setFeedURL({\n  provider: 'generic',\n  url: 'https://{host}/stable',\n  requestHeaders: { Authorization: 'Bearer {s}' },\n});\nautoUpdater.checkForUpdatesAndNotify();",
   t_jwt_generic, "url: 'https://{host}/stable'")
_S("autoupdater-add-auth-header",
   "import { autoUpdater } from 'electron-updater';\n\n// private repo: GH token needed for release assets\nautoUpdater.addAuthHeader(`token {s}`);",
   t_ghp, "from 'electron-updater'")
_S("squirrel-mac-feed-url-key-template",
   "const feed = `https://{host}/update/${process.platform}/${app.getVersion()}?key={s}`;\nautoUpdater.setFeedURL({ url: feed, serverType: 'json' });",
   t_crash_tok, "serverType: 'json'")
_S("rust-reqwest-updater-bearer",
   "let resp = client\n    .get(format!(\"https://{host}/tauri/{}/{}\", target, current_version))\n    .header(\"Authorization\", \"Bearer {s}\")\n    .send()\n    .await?;",
   t_jwt_generic, ".send()\n    .await?;")
_S("rust-const-license-api-key",
   "// src-tauri/src/license.rs\nconst LICENSE_API_BASE: &str = \"https://lic.{dom}/v1\";\nconst LICENSE_API_KEY: &str = \"{s}\";",
   t_lic_admin, "const LICENSE_API_BASE: &str = \"https://lic.{dom}/v1\";")
_S("python-getenv-fallback-paddle",
   "import os\n\nPADDLE_ENV = os.getenv(\"PADDLE_ENV\", \"sandbox\")\nPADDLE_API_KEY = os.getenv(\"PADDLE_API_KEY\", \"{s}\")",
   t_paddle, "PADDLE_ENV = os.getenv(\"PADDLE_ENV\", \"sandbox\")")
_S("python-flask-lemonsqueezy-hmac-secret",
   "SIGNING_SECRET = b\"{s}\"\n\n@app.post(\"/webhooks/lemonsqueezy\")\ndef lemon_webhook():\n    digest = hmac.new(SIGNING_SECRET, request.data, hashlib.sha256).hexdigest()\n    if not hmac.compare_digest(digest, request.headers.get(\"X-Signature\", \"\")):\n        abort(401)",
   t_lemon_whsec, "@app.post(\"/webhooks/lemonsqueezy\")")
_S("node-env-or-literal-gumroad",
   "const GUMROAD_TOKEN = process.env.GUMROAD_TOKEN || '{s}';\nconst res = await fetch('https://api.gumroad.com/v2/licenses/verify', { method: 'POST', body });",
   t_gumroad, "https://api.gumroad.com/v2/licenses/verify")
_S("go-keygen-sdk-globals",
   "func init() {\n\tkeygen.Account = \"{uuid}\"\n\tkeygen.Product = \"{uuid2}\"\n\tkeygen.Token = \"{s}\"\n\tkeygen.PublicKey = os.Getenv(\"KEYGEN_PUBLIC_KEY\")\n}",
   t_keygen_prod, "keygen.Product = \"{uuid2}\"")
_S("swift-sparkle-private-key-const",
   "// Tools/SignAppcast/main.swift\n// TODO(ship): remove before open-sourcing\nlet edPrivateKeyBase64 = \"{s}\"\nlet feedURL = URL(string: \"https://{host}/appcast.xml\")!",
   ed_seed64, "let feedURL = URL(string: \"https://{host}/appcast.xml\")!")
_S("csharp-client-secret-credential",
   "var credential = new ClientSecretCredential(\n    tenantId: \"{uuid}\",\n    clientId: \"{uuid2}\",\n    clientSecret: \"{s}\");\nvar store = new PartnerCenterClient(credential);",
   t_azure_secret, "tenantId: \"{uuid}\"")
_S("ps1-build-script-cert-password",
   "# build\\sign.ps1\nparam([string]$Artifact)\n$CertPath = \"$PSScriptRoot\\certs\\{slug}.pfx\"\n$CertPassword = ConvertTo-SecureString \"{s}\" -AsPlainText -Force\n$cert = Get-PfxData -FilePath $CertPath -Password $CertPassword",
   pw_any, "param([string]$Artifact)")
_S("rust-reqwest-basic-auth-telemetry",
   "let res = http\n    .post(\"https://ingest.{dom}/v1/batch\")\n    .basic_auth(\"telemetry\", Some(\"{s}\"))\n    .json(&batch)\n    .send()?;",
   pw_any, ".post(\"https://ingest.{dom}/v1/batch\")")
_S("ts-telemetry-ingest-secret-const",
   "// packages/telemetry/src/server.ts\nexport const INGEST_URL = 'https://t.{dom}/v1/events';\nexport const INGEST_SECRET = '{s}'; // server-side only, never bundle",
   t_telemetry_sk, "export const INGEST_URL = 'https://t.{dom}/v1/events';")
_S("chrome-extension-background-openai-key",
   "// background.js (MV3 service worker)\nconst API_KEY = \"{s}\"; // TODO: move behind our proxy\nchrome.runtime.onMessage.addListener(async (msg, sender, reply) => {\n  const r = await fetch('https://api.openai.com/v1/chat/completions', { headers: { Authorization: `Bearer ${API_KEY}` } });\n});",
   t_openai, "chrome.runtime.onMessage.addListener")
_S("node-jwt-sign-amo-secret",
   "const iat = Math.floor(Date.now() / 1000);\nconst token = jwt.sign(\n  { iss: '{amoiss}', jti: crypto.randomUUID(), iat, exp: iat + 60 },\n  '{s}',\n  { algorithm: 'HS256' },\n);",
   t_amo_secret, "{ algorithm: 'HS256' }")
_S("python-pyjwt-amo-encode",
   "JWT_ISSUER = \"{amoiss}\"\n\ndef amo_token():\n    now = int(time.time())\n    payload = {\"iss\": JWT_ISSUER, \"jti\": str(uuid.uuid4()), \"iat\": now, \"exp\": now + 60}\n    return jwt.encode(payload, \"{s}\", algorithm=\"HS256\")",
   t_amo_secret, "JWT_ISSUER = \"{amoiss}\"")
_S("python-cws-creds-dict",
   "CWS_CREDS = {\n    \"client_id\": \"{gclient}\",\n    \"client_secret\": \"{s}\",\n    \"refresh_token\": os.environ[\"CWS_REFRESH_TOKEN\"],\n}",
   t_google_secret, "\"refresh_token\": os.environ[\"CWS_REFRESH_TOKEN\"]")
_S("node-chrome-webstore-upload-options",
   "const store = chromeWebstoreUpload({\n  extensionId: '{extid}',\n  clientId: '{gclient}',\n  clientSecret: process.env.CWS_CLIENT_SECRET,\n  refreshToken: '{s}',\n});",
   t_google_refresh, "extensionId: '{extid}'")
_S("bash-script-notarize-vars",
   "#!/usr/bin/env bash\nset -euo pipefail\nAPPLE_ID=\"{email}\"\nAPP_PW=\"{s}\"\nxcrun notarytool submit \"$1\" --apple-id \"$APPLE_ID\" --password \"$APP_PW\" --team-id {team} --wait\nxcrun stapler staple \"$1\"",
   apple_asp, "xcrun stapler staple \"$1\"")
_S("makefile-osslsigncode-pass",
   "sign-win: dist/{app}-Setup.exe\n\tosslsigncode sign -pkcs12 certs/ev.p12 -pass {s} -n \"{app}\" -i https://{dom} \\\n\t  -t http://timestamp.sectigo.com -in $< -out dist/{app}-Setup-signed.exe",
   pw_plain, "-t http://timestamp.sectigo.com")
_S("python-sqlalchemy-create-engine-url",
   "engine = create_engine(\n    \"postgresql+psycopg://{dbuser}:{s}@db.{dom}:5432/{db}\",\n    pool_size=5,\n    pool_pre_ping=True,\n)",
   pw_url, "pool_pre_ping=True")
_S("go-mysql-dsn-literal",
   "dsn := \"licsvc:{s}@tcp(mysql.{dom}:3306)/{db}?parseTime=true&tls=true\"\ndb, err := sql.Open(\"mysql\", dsn)",
   pw_url, "sql.Open(\"mysql\", dsn)")
_S("java-drivermanager-getconnection",
   "Connection conn = DriverManager.getConnection(\n    \"jdbc:postgresql://db.{dom}:5432/{db}\",\n    \"ingest\",\n    \"{s}\");",
   pw_any, "jdbc:postgresql://db.{dom}:5432/{db}")
_S("csharp-npgsql-connection-string",
   "var cs = \"Host=pg.{dom};Port=5432;Username=licensing;Password={s};Database={db};SSL Mode=Require\";\nawait using var conn = new NpgsqlConnection(cs);",
   pw_plain, "new NpgsqlConnection(cs)")
_S("ruby-stripe-api-key-assignment",
   "# config/initializers/stripe.rb\nStripe.api_key = '{s}'\nStripe.api_version = '2023-10-16'",
   t_sk_live, "Stripe.api_version = '2023-10-16'")
_S("php-paddle-sdk-client",
   "<?php\nuse Paddle\\SDK\\Client;\nuse Paddle\\SDK\\Environment;\n\n$paddle = new Client('{s}', options: new Options(Environment::PRODUCTION));",
   t_paddle, "use Paddle\\SDK\\Client;")
_S("swift-urlrequest-bearer-header",
   "var request = URLRequest(url: URL(string: \"https://lic.{dom}/v1/activate\")!)\nrequest.httpMethod = \"POST\"\nrequest.setValue(\"Bearer {s}\", forHTTPHeaderField: \"Authorization\")",
   t_keygen_activ, "request.httpMethod = \"POST\"")
_S("cpp-crashpad-annotations-token",
   "std::map<std::string, std::string> annotations;\nannotations[\"prod\"] = \"{app}\";\nannotations[\"ver\"] = \"{ver}\";\nannotations[\"token\"] = \"{s}\";\nstd::string url = \"https://crash.{dom}/crashpad/upload\";\nclient.StartHandler(handler, db, db, url, annotations, arguments, true, false);",
   t_crash_tok, "annotations[\"prod\"] = \"{app}\";")
_S("objc-sparkle-feed-url-license-param",
   "NSString *feed = [NSString stringWithFormat:@\"https://{host}/appcast.xml?license=%@&secret=%@\", licenseID, @\"{s}\"];\n[[SUUpdater sharedUpdater] setFeedURL:[NSURL URLWithString:feed]];",
   t_crash_tok, "[[SUUpdater sharedUpdater] setFeedURL:")
_S("python-boto3-inline-r2-keys",
   "s3 = boto3.client(\n    \"s3\",\n    endpoint_url=\"https://{hex32}.r2.cloudflarestorage.com\",\n    aws_access_key_id=\"{hex32b}\",\n    aws_secret_access_key=\"{s}\",\n)",
   pw_hex64, "r2.cloudflarestorage.com")
_S("js-aws-sdk-v3-static-credentials",
   "const s3 = new S3Client({\n  region: '{region}',\n  credentials: { accessKeyId: '{akid}', secretAccessKey: '{s}' },\n});",
   t_aws_secret, "region: '{region}'")
_S("rust-test-fixture-rsa-pem",
   "#[cfg(test)]\nconst TEST_SIGNING_KEY: &str = r#\"-----BEGIN RSA PRIVATE KEY-----\n{s}\n-----END RSA PRIVATE KEY-----\"#;",
   k_rsa1, "#[cfg(test)]")
_S("python-triple-quoted-ec-key",
   "LICENSE_SIGNING_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n{s}\n-----END EC PRIVATE KEY-----\"\"\"\n\ndef sign_license(payload: bytes) -> bytes:",
   k_ec1, "def sign_license(payload: bytes) -> bytes:")
_S("js-template-literal-ed25519-key",
   "// license-server/src/keys.js\nexport const LICENSE_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----\n{s}\n-----END PRIVATE KEY-----`;",
   k_ed8, "license-server/src/keys.js")
_S("go-webhook-hmac-byte-slice",
   "var paddleWebhookSecret = []byte(\"{s}\")\n\nfunc verify(sig, body []byte) bool {\n\tmac := hmac.New(sha256.New, paddleWebhookSecret)",
   t_paddle_ntf, "func verify(sig, body []byte) bool {")
_S("python-requests-auth-tuple",
   "resp = requests.get(\n    f\"https://{host}/admin/api/releases\",\n    auth=(\"admin\", \"{s}\"),\n    timeout=10,\n)",
   pw_any, "timeout=10")
_S("nodemailer-smtp-auth",
   "const transport = nodemailer.createTransport({\n  host: 'smtp.{dom}',\n  port: 587,\n  auth: { user: 'licenses@{dom}', pass: '{s}' },\n});",
   pw_any, "host: 'smtp.{dom}'")
_S("python-clickhouse-connect-client",
   "client = clickhouse_connect.get_client(\n    host=\"ch.{dom}\", port=8443, username=\"ingest\", password=\"{s}\", secure=True\n)",
   t_clickhouse_pw, "host=\"ch.{dom}\"")
_S("js-mixpanel-init-secret",
   "const Mixpanel = require('mixpanel');\nconst mp = Mixpanel.init('{hex32}', {\n  secret: '{s}',\n  host: 'api-eu.mixpanel.com',\n});",
   t_twilio, "host: 'api-eu.mixpanel.com'")
_S("python-amplitude-export-basic-auth",
   "AMPLITUDE_API_KEY = \"{hex32}\"\nAMPLITUDE_SECRET = \"{s}\"\nr = requests.get(\"https://analytics.eu.amplitude.com/api/2/export\", params=p, auth=(AMPLITUDE_API_KEY, AMPLITUDE_SECRET))",
   t_twilio, "https://analytics.eu.amplitude.com/api/2/export")
_S("ts-posthog-personal-api-bearer",
   "const res = await fetch(`https://eu.posthog.com/api/projects/${PROJECT_ID}/insights/`, {\n  headers: { Authorization: 'Bearer {s}' },\n});",
   t_phx, "https://eu.posthog.com/api/projects/")
_S("electron-dev-license-token-fallback",
   "// main/license.ts\n// fallback for local dev only -- remove before release\nconst DEV_LICENSE_TOKEN = '{s}';\nexport const licenseToken = () => store.get('licenseToken') ?? DEV_LICENSE_TOKEN;",
   t_keygen_activ, "store.get('licenseToken')")
_S("playwright-test-fill-password",
   "test('admin can refund an order', async ({ page }) => {\n  await page.goto('https://admin.{dom}/login');\n  await page.fill('#email', '{email}');\n  await page.fill('#password', '{s}');\n  await page.click('button[type=submit]');\n});",
   pw_any, "await page.goto('https://admin.{dom}/login');")
_S("shell-heredoc-gpg-passphrase-fd",
   "#!/bin/sh\n# sign-linux.sh\ngpg --batch --pinentry-mode loopback --passphrase-fd 0 --detach-sign \"$ARTIFACT\" <<EOF\n{s}\nEOF",
   pw_space, "# sign-linux.sh")
_S("powershell-here-string-sm-api-key",
   "# ci/keylocker.ps1\n$env:SM_HOST = \"https://clientauth.one.digicert.com\"\n$env:SM_API_KEY = @\"\n{s}\n\"@\nsmctl healthcheck",
   t_digicert, "$env:SM_HOST = \"https://clientauth.one.digicert.com\"")
_S("swift-app-specific-password-let",
   "struct NotaryConfig {\n    static let appleID = \"{email}\"\n    static let teamID = \"{team}\"\n    static let appSpecificPassword = \"{s}\"\n}",
   apple_asp, "static let teamID = \"{team}\"")
_S("rust-build-rs-rustc-env",
   "// build.rs\nfn main() {\n    println!(\"cargo:rustc-env=TELEMETRY_WRITE_SECRET={s}\");\n    tauri_build::build()\n}",
   t_telemetry_sk, "tauri_build::build()")
_S("vite-config-define-sentry-token",
   "export default defineConfig({\n  plugins: [react()],\n  define: {\n    __SENTRY_UPLOAD_TOKEN__: JSON.stringify('{s}'),\n  },\n});",
   t_sntrys, "plugins: [react()]")
_S("webpack-sentry-plugin-auth-token",
   "plugins: [\n  sentryWebpackPlugin({\n    org: '{slug}',\n    project: 'desktop-renderer',\n    authToken: '{s}',\n    release: { name: pkg.version },\n  }),\n],",
   t_sntryu, "project: 'desktop-renderer'")
_S("keytar-set-password-literal",
   "// seed the dev keychain\nawait keytar.setPassword('{app}', 'license-token', '{s}');",
   t_keygen_activ, "await keytar.setPassword('{app}', 'license-token'")
_S("python-keyring-set-password",
   "import keyring\nkeyring.set_password(\"{slug}-notary\", \"{email}\", \"{s}\")",
   apple_asp, "keyring.set_password(\"{slug}-notary\"")
_S("go-test-table-token-field",
   "tests := []struct {\n\tname  string\n\ttoken string\n\twant  bool\n}{\n\t{name: \"prod token\", token: \"{s}\", want: true},\n\t{name: \"empty\", token: \"\", want: false},\n}",
   t_keygen_prod, "{name: \"empty\", token: \"\", want: false}")
_S("csharp-x509-load-pfx-password",
   "var cert = new X509Certificate2(\n    Path.Combine(AppContext.BaseDirectory, \"codesign.pfx\"),\n    \"{s}\",\n    X509KeyStorageFlags.Exportable);",
   pw_any, "X509KeyStorageFlags.Exportable")
_S("node-create-private-key-passphrase",
   "const key = crypto.createPrivateKey({\n  key: fs.readFileSync('keys/license-signing.pem'),\n  format: 'pem',\n  passphrase: '{s}',\n});",
   pw_any, "keys/license-signing.pem")
_S("python-paramiko-connect-password",
   "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"{host}\", username=\"deploy\", password=\"{s}\")",
   pw_any, "ssh.connect(\"{host}\", username=\"deploy\"")
_S("js-fetch-keygen-bearer-literal",
   "const res = await fetch(`https://api.keygen.sh/v1/accounts/${ACCOUNT_ID}/licenses?limit=100`, {\n  headers: { Authorization: 'Bearer {s}', Accept: 'application/vnd.api+json' },\n});",
   t_keygen_admin, "Accept: 'application/vnd.api+json'")
_S("compose-desktop-gradle-notarization-password",
   "compose.desktop {\n    application {\n        nativeDistributions {\n            macOS {\n                bundleID = \"com.{slug}.desktop\"\n                signing { sign.set(true); identity.set(\"{company}\") }\n                notarization {\n                    appleID.set(\"{email}\")\n                    password.set(\"{s}\")\n                    teamID.set(\"{team}\")\n                }\n            }\n        }\n    }\n}",
   apple_asp, "bundleID = \"com.{slug}.desktop\"")
_S("electron-safestorage-seed-literal",
   "// scripts/seed-dev-license.ts\napp.whenReady().then(() => {\n  const blob = safeStorage.encryptString('{s}');\n  fs.writeFileSync(path.join(app.getPath('userData'), 'license.bin'), blob);\n});",
   t_keygen_activ, "scripts/seed-dev-license.ts")
_S("csharp-squirrel-github-update-manager-token",
   "using var mgr = await UpdateManager.GitHubUpdateManager(\n    \"https://github.com/{org}/{slug}-desktop\",\n    prerelease: false,\n    accessToken: \"{s}\");\nawait mgr.UpdateApp();",
   t_ghp, "await mgr.UpdateApp();")
_S("csharp-velopack-githubsource-token",
   "var source = new GithubSource(\"https://github.com/{org}/{slug}\", \"{s}\", prerelease: false);\nvar um = new UpdateManager(source);\nvar update = await um.CheckForUpdatesAsync();",
   t_ghfine, "new UpdateManager(source)")

# ===========================================================================
# group: stack-trace-or-log  (log lines, stack traces, crash dumps)
# ===========================================================================
_group("stack-trace-or-log")

_S("electron-log-updater-403-presigned",
   "[{date} {time}.{ms}] [error] Error: Cannot download \"https://{bucket}.s3.{region}.amazonaws.com/stable/{app}-{ver}-mac.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F{date8}%2F{region}%2Fs3%2Faws4_request&X-Amz-Date={amzdate}&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature={s}\", status 403: Forbidden",
   t_s3_sig, "{bucket}.s3.{region}.amazonaws.com")
_S("axios-error-config-headers-dump",
   "AxiosError: Request failed with status code 401\n    at settle (node_modules/axios/lib/core/settle.js:19:12)\n    at IncomingMessage.handleStreamEnd (node_modules/axios/lib/adapters/http.js:599:11) {\n  code: 'ERR_BAD_REQUEST',\n  config: {\n    url: 'https://api.lemonsqueezy.com/v1/licenses/validate',\n    headers: { Accept: 'application/json', Authorization: 'Bearer {s}' },\n  },",
   t_lemon, "code: 'ERR_BAD_REQUEST'")
_S("psycopg-operational-error-dsn",
   "Traceback (most recent call last):\n  File \"/srv/lic/app/db.py\", line {lineno}, in connect\n    return psycopg.connect(DSN)\npsycopg.OperationalError: connection failed: FATAL:  password authentication failed for user \"{dbuser}\"\n  DSN='postgresql://{dbuser}:{s}@db.{dom}:5432/{db}'",
   pw_url, "File \"/srv/lic/app/db.py\"")
_S("nginx-access-log-releases-token-query",
   "{ip} - - [{date}:{time} +0000] \"GET /update/win32/{ver}/RELEASES?id={app}&localVersion={ver}&arch=amd64&token={s} HTTP/1.1\" 200 {n}{n2} \"-\" \"Squirrel/1.0\"",
   t_crash_tok, "\"Squirrel/1.0\"")
_S("squirrel-windows-log-basic-auth-url",
   "{date} {time}> UpdateManager: Downloading RELEASES file from https://beta:{s}@{host}/win/RELEASES\n{date} {time}> Utility: Download failed: The remote server returned an error: (401) Unauthorized.",
   pw_url, "UpdateManager: Downloading RELEASES file")
_S("crashpad-http-transport-error-url",
   "[{pid}:{n}:{date8}/{time}.{ms}:ERROR http_transport_win.cc:{lineno}] WinHttpSendRequest: HTTP status 401 for https://crash.{dom}/upload?prod={app}&api_key={s}",
   t_crash_tok, "http_transport_win.cc")
_S("sentry-sdk-debug-legacy-dsn-secret",
   "[sentry] DEBUG: Sending envelope [event] to https://{hex32}:{s}@sentry.{dom}/{n}\n[sentry] DEBUG: Envelope sent, status 200",
   t_legacy_sentry, "Envelope sent, status 200")
_S("electron-log-json-license-activate",
   "{\"ts\":\"{ts}\",\"level\":\"debug\",\"scope\":\"license\",\"msg\":\"POST /v1/licenses/actions/activate\",\"headers\":{\"authorization\":\"Bearer {s}\",\"content-type\":\"application/json\"},\"status\":422}",
   t_keygen_activ, "\"scope\":\"license\"")
_S("docker-compose-logs-config-dict",
   "license-api-1  | {date} {time},{ms} DEBUG config loaded: {'ENV': 'prod', 'PADDLE_API_KEY': '{s}', 'DB_POOL': 10}\nlicense-api-1  | {date} {time},{ms} INFO  Listening at: http://0.0.0.0:8000",
   t_paddle, "Listening at: http://0.0.0.0:8000")
_S("logfmt-amqp-url-connecting",
   "time={ts} level=info msg=\"connecting to broker\" url=\"amqp://telemetry:{s}@rabbit.{dom}:5672/events\" attempt=1",
   pw_url, "msg=\"connecting to broker\"")
_S("java-psqlexception-jdbc-url",
   "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"lic\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat com.{slug}.licensing.Db.open(Db.kt:{lineno})\nCaused by: url=jdbc:postgresql://db.{dom}:5432/{db}?user=lic&password={s}&ssl=true",
   pw_url, "com.{slug}.licensing.Db.open")
_S("go-panic-keygen-token",
   "panic: keygen: 401 Unauthorized (account=\"{uuid}\", token=\"{s}\")\n\ngoroutine 1 [running]:\nmain.mustValidate(...)\n\t/src/cmd/licd/main.go:{lineno} +0x1d4\nmain.main()\n\t/src/cmd/licd/main.go:42 +0x88\nexit status 2",
   t_keygen_prod, "goroutine 1 [running]:")
_S("rust-panic-debug-struct-token",
   "thread 'main' panicked at src/updater.rs:{lineno}:14:\ncalled `Result::unwrap()` on an `Err` value: Request(UpdaterConfig { endpoint: \"https://{host}/tauri/darwin-aarch64/{ver}\", token: \"{s}\", timeout: 30s })\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
   t_crash_tok, "thread 'main' panicked at src/updater.rs")
_S("syslog-cron-command-r2-secret",
   "{date}T{time}+00:00 updates-{n} CRON[{pid}]: (deploy) CMD (/usr/local/bin/sync-releases.sh --r2-key {hex32} --r2-secret {s} >> /var/log/sync.log 2>&1)",
   pw_hex64, "/usr/local/bin/sync-releases.sh")
_S("auth-log-sudo-htpasswd-command",
   "{date}T{time} updates-{n} sudo:   deploy : TTY=pts/0 ; PWD=/srv/updates ; USER=root ; COMMAND=/usr/bin/htpasswd -b /etc/nginx/.htpasswd beta {s}",
   pw_plain, "PWD=/srv/updates")
_S("windows-4688-process-command-line",
   "A new process has been created.\nCreator Subject:\n\tAccount Name:\t\tsvc-build\nProcess Information:\n\tNew Process Name:\tC:\\Program Files (x86)\\Windows Kits\\10\\bin\\x64\\signtool.exe\n\tProcess Command Line:\tsigntool.exe sign /f C:\\build\\ev.pfx /p {s} /fd sha256 dist\\{app}.exe",
   pw_plain, "Account Name:\t\tsvc-build")
_S("webhook-receiver-log-headers-basic",
   "INFO  webhooks.gumroad  {ts} received ping headers={'Content-Type': 'application/x-www-form-urlencoded', 'Authorization': 'Basic {s}', 'User-Agent': 'Gumroad'}",
   t_basic, "webhooks.gumroad")
_S("wrangler-tail-request-headers",
   "{\"outcome\":\"ok\",\"scriptName\":\"{slug}-license\",\"event\":{\"request\":{\"url\":\"https://lic.{dom}/v1/activate\",\"method\":\"POST\",\"headers\":{\"x-api-key\":\"{s}\",\"cf-connecting-ip\":\"{ip}\"}}}}",
   t_lic_admin, "\"scriptName\":\"{slug}-license\"")
_S("renderer-console-telemetry-init",
   "renderer.js:{lineno} [telemetry] init {endpoint: 'https://t.{dom}/v1', flushAt: 20, secret: '{s}'}",
   t_telemetry_sk, "[telemetry] init")
_S("extension-sw-fetch-failed-access-token",
   "background.js:{lineno} Fetch failed loading: POST \"https://sync.{dom}/v1/bookmarks?access_token={s}\".",
   t_jwt_generic, "Fetch failed loading: POST")
_S("firefox-console-uncaught-token",
   "Uncaught (in promise) Error: 401 from sync backend (token={s})\n    fetchJSON moz-extension://{uuid}/background.js:{lineno}\n    syncAll moz-extension://{uuid}/background.js:210",
   t_jwt_generic, "moz-extension://{uuid}/background.js")
_S("debug-module-lemonsqueezy-request",
   "  lic:http POST https://api.lemonsqueezy.com/v1/licenses/activate +{ms}ms instance_name=\"{user}-MacBook\" auth=\"Bearer {s}\"",
   t_lemon, "lic:http POST https://api.lemonsqueezy.com/v1/licenses/activate")
_S("pino-request-cookie-header",
   "{\"level\":30,\"time\":{epoch}000,\"pid\":{pid},\"req\":{\"method\":\"GET\",\"url\":\"/dashboard/licenses\",\"headers\":{\"host\":\"admin.{dom}\",\"cookie\":\"theme=dark; session={s}\"}},\"msg\":\"request completed\"}",
   t_session, "\"url\":\"/dashboard/licenses\"")
_S("urllib3-debug-query-api-key",
   "{date} {time},{ms} DEBUG urllib3.connectionpool: https://vendors.paddle.com:443 \"POST /api/2.0/subscription/users?vendor_id={num}&vendor_auth_code={s} HTTP/1.1\" 200 1532",
   t_paddle_vac, "DEBUG urllib3.connectionpool")
_S("rails-log-parameters-unfiltered",
   "Started POST \"/admin/sign_in\" for {ip} at {date} {time} +0000\nProcessing by Admin::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"admin\"=>{\"email\"=>\"{email}\", \"password\"=>\"{s}\"}}",
   pw_any, "Processing by Admin::SessionsController#create")
_S("django-debug-page-secret-key",
   "Settings\nUsing settings module licsite.settings\n  DEBUG            True\n  SECRET_KEY       '{s}'\n  ALLOWED_HOSTS    ['lic.{dom}']",
   t_django, "Using settings module licsite.settings")
_S("laravel-log-pdo-access-denied",
   "[{date} {time}] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'lic'@'{ip}' (using password: YES) {\"exception\":\"[object] (PDOException(code: 1045)\",\"dsn\":\"mysql://lic:{s}@mysql.{dom}:3306/{db}\"}",
   pw_url, "production.ERROR: SQLSTATE[HY000] [1045]")
_S("electron-builder-signtool-failed-command",
   "  • signing         with signtool.exe  path=dist\\win-unpacked\\{app}.exe\n  ⨯ Exit code: 1. Command failed: signtool.exe sign /f C:\\Users\\build\\certs\\{slug}.pfx /p {s} /fd sha256 /tr http://timestamp.digicert.com /td sha256 dist\\win-unpacked\\{app}.exe\nSignTool Error: The specified PFX password is not correct.",
   pw_plain, "SignTool Error: The specified PFX password is not correct.")
_S("tauri-cli-debug-env-password",
   "    Finished `release` profile [optimized] target(s) in 3m 12s\n       Debug env: TAURI_SIGNING_PRIVATE_KEY_PASSWORD=\"{s}\"\n        Error failed to decode secret key: incorrect updater private key password",
   pw_any, "Finished `release` profile")
_S("mitmproxy-flow-form-body",
   "POST https://api.gumroad.com/v2/licenses/verify\n    Content-Type: application/x-www-form-urlencoded\n    product_id={hex8}&increment_uses_count=false&access_token={s}\n << 200 OK 512b",
   t_gumroad, "POST https://api.gumroad.com/v2/licenses/verify")
_S("har-cookie-nextauth-session",
   "{\"name\": \"cookie\", \"value\": \"__Host-next-auth.csrf-token={hex64}; __Secure-next-auth.session-token={s}\"}",
   t_nextauth, "\"name\": \"cookie\"")
_S("apache-access-log-userinfo-url",
   "{ip} - ci [{date}:{time} +0000] \"GET https://ci:{s}@{host}/nightly/latest.yml HTTP/1.1\" 200 412",
   pw_url, "/nightly/latest.yml")
_S("journalctl-update-server-startup-env",
   "{date} {time} updates-{n} hazel[{pid}]: starting with ACCOUNT={org} REPOSITORY={slug}-desktop TOKEN={s} INTERVAL=15",
   t_ghp, "REPOSITORY={slug}-desktop")
_S("msi-verbose-log-property-change",
   "MSI (s) (A8:3C) [{time}:{ms}]: PROPERTY CHANGE: Adding LICENSESERVERTOKEN property. Its value is '{s}'.\nMSI (s) (A8:3C) [{time}:{ms}]: Doing action: CostInitialize",
   t_keygen_activ, "Doing action: CostInitialize")
_S("nsis-install-log-exec-token",
   "Output folder: C:\\Program Files\\{app}\nExtract: {app}.exe... 100%\nExecute: \"C:\\Program Files\\{app}\\{app}.exe\" --register --token={s}\nCompleted",
   t_keygen_activ, "Output folder: C:\\Program Files\\{app}")
_S("crashpad-annotations-json-dump",
   "Crash report {uuid} annotations: {\"_productName\":\"{app}\",\"_version\":\"{ver}\",\"platform\":\"win32\",\"upload_token\":\"{s}\"}",
   t_crash_tok, "\"_productName\":\"{app}\"")
_S("sentry-event-extra-env-leak",
   "\"extra\": {\n  \"argv\": [\"{app}.exe\", \"--squirrel-firstrun\"],\n  \"env\": {\n    \"APPLE_APP_SPECIFIC_PASSWORD\": \"{s}\",\n    \"NODE_ENV\": \"production\"\n  }\n}",
   apple_asp, "\"--squirrel-firstrun\"")
_S("bugsnag-breadcrumb-url-token",
   "breadcrumbs: [{\"type\":\"request\",\"name\":\"fetch() succeeded\",\"timestamp\":\"{ts}\",\"metaData\":{\"status\":200,\"request\":\"GET https://api.{dom}/v1/me?token={s}\"}}]",
   t_jwt_generic, "\"name\":\"fetch() succeeded\"")
_S("python-traceback-locals-smtp-password",
   "  File \"/srv/lic/mailer.py\", line {lineno}, in send_license\n    server.login(SMTP_USER, SMTP_PASSWORD)\n    SMTP_USER = 'licenses@{dom}'\n    SMTP_PASSWORD = '{s}'\nsmtplib.SMTPAuthenticationError: (535, b'5.7.8 Username and Password not accepted')",
   pw_any, "in send_license")
_S("node-fetch-error-userinfo-url",
   "FetchError: request to https://{user}:{s}@{host}/updates/latest.yml failed, reason: getaddrinfo ENOTFOUND {host}\n    at ClientRequest.<anonymous> (node_modules/node-fetch/lib/index.js:1505:11)",
   pw_url, "reason: getaddrinfo ENOTFOUND {host}")
_S("tcpdump-ascii-basic-header",
   "{time}.{ms} IP {ip}.51234 > {ip2}.80: Flags [P.], seq 1:212, ack 1, win 502, length 211: HTTP: GET /beta/RELEASES HTTP/1.1\nE..\nHost: {host}\nAuthorization: Basic {s}\nUser-Agent: Squirrel",
   t_basic, "GET /beta/RELEASES HTTP/1.1")
_S("custom-access-log-cookie-field",
   "{ts} POST /v1/checkout 302 {ms}ms ua=\"{app}/{ver} Electron\" cookie=\"ajs_anonymous_id={uuid}; sid={s}\"",
   t_rails_cookie, "POST /v1/checkout 302")
_S("iis-w3c-log-query-apikey",
   "{date} {time} W3SVC1 {ip} POST /api/license/activate apikey={s}&machine={hex16} 443 - {ip2} {app}/{ver} - 200 0 0 {ms}",
   t_lic_admin, "W3SVC1")
_S("cloudfront-log-signed-url-signature",
   "{date}\t{time}\tFRA56-P4\t{size}\t{ip}\tGET\td{lan5}.cloudfront.net\t/releases/{app}-{ver}.dmg\t200\t-\t{app}/{ver}\tExpires={epoch}&Signature={s}&Key-Pair-Id=K{uan13}",
   t_cf_sig, "/releases/{app}-{ver}.dmg")
_S("fastlane-log-session-cookie-yaml",
   "[{time}]: Using FASTLANE_SESSION from environment\n---\n- !ruby/object:HTTP::Cookie\n  name: myacinfo\n  value: {s}\n  domain: apple.com\n  for_domain: true",
   t_myacinfo, "name: myacinfo")
_S("electron-log-feed-url-license-param",
   "[{date} {time}.{ms}] [warn]  (updater) feed url set to https://{host}/feed?channel=beta&license={s}",
   t_license_key, "(updater) feed url set to https://{host}/feed")
_S("node-util-inspect-request-options",
   "request options: {\n  hostname: 'api.keygen.sh',\n  path: '/v1/accounts/{uuid}/machines',\n  method: 'POST',\n  headers: { authorization: 'Bearer {s}', 'content-type': 'application/vnd.api+json' }\n}",
   t_keygen_admin, "hostname: 'api.keygen.sh'")
_S("vercel-function-log-typeerror-secret",
   "{time}.{ms} [POST] /api/paddle-webhook status=500\nTypeError: Cannot read properties of undefined (reading 'h1')\n    at verifySignature (/var/task/api/paddle-webhook.js:{lineno}:22) { secret: '{s}' }",
   t_paddle_ntf, "/api/paddle-webhook status=500")
_S("go-log-request-struct-header-map",
   "{date} {time} keygen: request &{Method:POST URL:https://api.keygen.sh/v1/accounts/{uuid}/licenses/actions/validate-key Header:map[Authorization:[Bearer {s}] Content-Type:[application/vnd.api+json]]}",
   t_keygen_prod, "keygen: request &{Method:POST")
_S("minidump-strings-environment-block",
   "$ strings -el {uuid}.dmp | grep -E '^[A-Z_]+='\nCOMPUTERNAME=BUILD-WIN-{n}\nSM_CLIENT_CERT_PASSWORD={s}\nSM_HOST=https://clientauth.one.digicert.com\nUSERNAME=svc-build",
   pw_any, "COMPUTERNAME=BUILD-WIN-{n}")
_S("chrome-netlog-request-headers",
   "{\"params\":{\"headers\":[\":method: POST\",\":authority: api.{dom}\",\":path: /v2/telemetry/batch\",\"authorization: Bearer {s}\",\"content-type: application/json\"]},\"phase\":0,\"source\":{\"id\":{n},\"type\":1},\"type\":\"HTTP2_SESSION_SEND_HEADERS\"}",
   t_telemetry_sk, "\"type\":\"HTTP2_SESSION_SEND_HEADERS\"")
_S("gunicorn-error-log-env-dump",
   "[{date} {time} +0000] [{pid}] [ERROR] Exception in worker process\nKeyError: 'GUMROAD_SELLER_ID'\n[{date} {time} +0000] [{pid}] [DEBUG] env snapshot: GUMROAD_ACCESS_TOKEN={s} FLASK_ENV=production",
   t_gumroad, "[ERROR] Exception in worker process")
_S("k8s-pod-log-dsn-printout",
   "licd-{hex8}-{lan5} licd {ts} INFO  starting licd {ver}\nlicd-{hex8}-{lan5} licd {ts} DEBUG db dsn: mysql://licsvc:{s}@mysql.licensing.svc:3306/{db}",
   pw_url, "INFO  starting licd {ver}")
_S("sparkle-generate-appcast-warning",
   "Warning: passing the private EdDSA key with -s is deprecated and insecure; received key {s}\nWrote 1 new update, updated 0 existing updates, removed 0 old updates in appcast.xml",
   ed_seed, "Wrote 1 new update")
_S("python-logging-lemonsqueezy-signature-mismatch",
   "{date} {time},{ms} WARNING webhooks: signature mismatch event=order_created secret_used='{s}' expected={hex64}",
   t_lemon_whsec, "signature mismatch event=order_created")
_S("winhttp-trace-proxy-auth",
   "WINHTTP {time}.{ms} ::WinHttpSetCredentials(0x{hex8}, PROXY, BASIC, \"corp\\svc-build\", \"{s}\", 0x0)",
   pw_any, "corp\\svc-build")
_S("xcode-build-log-sentry-upload-token",
   "PhaseScriptExecution Upload\\ dSYMs /Users/{user}/Library/Developer/Xcode/DerivedData/{app}-{lan5}/Build/Intermediates.noindex/{app}.build/Release/{app}.build/Script-{hexu24}.sh\n    export SENTRY_AUTH_TOKEN\\={s}\n    /opt/homebrew/bin/sentry-cli debug-files upload --include-sources",
   t_sntryu, "PhaseScriptExecution Upload\\ dSYMs")
_S("android-style-logcat-webview-token",
   "{date} {time}.{ms} {pid} {pid} D ExtBridge: postMessage {\"type\":\"auth\",\"refresh\":\"{s}\"}",
   t_google_refresh, "D ExtBridge: postMessage")
_S("stripe-cli-listen-webhook-secret",
   "> Ready! You are using Stripe API Version [2023-10-16]. Your webhook signing secret is {s} (^C to quit)\n{date} {time}   --> checkout.session.completed [evt_{an24}]",
   t_whsec, "checkout.session.completed")
_S("octokit-httperror-bad-credentials",
   "HttpError: Bad credentials\n    at fetchWrapper (node_modules/@octokit/request/dist-node/index.js:{lineno}:11)\n    at async publishRelease (scripts/release.mjs:88:3) {\n  status: 401,\n  request: {\n    method: 'POST',\n    url: 'https://api.github.com/repos/{org}/{slug}-desktop/releases',\n    headers: { authorization: 'token {s}', 'user-agent': 'octokit-core.js/5.0.2' }\n  }\n}",
   t_ghp, "at async publishRelease (scripts/release.mjs:88:3)")
_S("dotnet-sqlexception-connection-string",
   "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'licapp'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   at {app}.Licensing.Db.Open() in C:\\src\\{app}.Licensing\\Db.cs:line {lineno}\nConnectionString: Server=tcp:{host},1433;Database={db};User ID=licapp;Password={s};",
   pw_plain, "Login failed for user 'licapp'.")
_S("macos-unified-log-nsdictionary-headers",
   "{date} {time}.{ms}+0000 0x{hex8}   Default     0x0   {pid}   0    {app}: (Sparkle) [updater] request headers: {\n    Authorization = \"Bearer {s}\";\n    \"User-Agent\" = \"{app}/{ver} Sparkle/2.6.4\";\n}",
   t_jwt_generic, "(Sparkle) [updater] request headers:")
_S("powershell-transcript-env-assignment",
   "**********************\nWindows PowerShell transcript start\nUsername: BUILD\\svc-build\nMachine: BUILD-WIN-{n} (Microsoft Windows NT 10.0.20348.0)\n**********************\nPS C:\\build> $env:SM_CLIENT_CERT_PASSWORD = '{s}'\nPS C:\\build> smctl sign --keypair-alias key_{num} --input dist\\{app}.exe",
   pw_any, "Windows PowerShell transcript start")

# ===========================================================================
# group: note-or-chat  (running notes, goals, decisions, pasted chat)
# ===========================================================================
_group("note-or-chat")

_S("slack-handover-amo-credentials",
   "@{person2} handing over release duty for the Firefox build. AMO creds -> issuer {amoiss}, secret {s}. Please rotate after Friday's release.",
   t_amo_secret, "@{person2} handing over release duty")
_S("german-note-app-specific-password",
   "Notiz ({date}): Das app-spezifische Passwort für {email} lautet {s} – wird nur für notarytool gebraucht.",
   apple_asp, "wird nur für notarytool gebraucht")
_S("french-chat-pfx-password",
   "{person}: Salut {person2}, le mot de passe du PFX EV c'est {s}\n{person}: ne le mets pas dans le repo stp, on le rangera dans Vault demain",
   pw_any, "ne le mets pas dans le repo stp")
_S("spanish-chat-keychain-password",
   "[{time}] {person}: oye, la contraseña del llavero en la mac mini de CI es {s}\n[{time}] {person2}: gracias, ya firmé el dmg",
   pw_any, "ya firmé el dmg")
_S("portuguese-note-authenticode-password",
   "Anotação: a senha do certificado Authenticode (válido até {date}) é {s}. Também está no cofre da equipe.",
   pw_word, "Também está no cofre da equipe.")
_S("italian-chat-safenet-token-password",
   "{person}: la password del token SafeNet per la firma EV è {s}, attento che dopo 3 tentativi si blocca",
   pw_plain, "dopo 3 tentativi si blocca")
_S("dutch-note-paddle-sandbox-login",
   "wachtwoord voor de Paddle sandbox admin ({email}): {s}",
   pw_any, "Paddle sandbox admin ({email})")
_S("polish-chat-cws-account-password",
   "{person}: hasło do konta Chrome Web Store (dev@{dom}) to {s}, 2FA jest na telefonie {person2}",
   pw_any, "2FA jest na telefonie {person2}")
_S("russian-chat-update-server-password",
   "{person}: пароль от сервера обновлений {host}: {s}, логин deploy. Не пересылай никому.",
   pw_any, "логин deploy")
_S("ukrainian-note-sentry-ci-token",
   "Нотатка: токен Sentry для CI — {s} (орг {slug}). Після релізу треба замінити.",
   t_sntryu, "(орг {slug})")
_S("japanese-chat-notary-password",
   "{person}さん、公証用のアプリ用パスワードは {s} です。Apple ID は {email} です。",
   apple_asp, "Apple ID は {email} です")
_S("chinese-simplified-signing-password",
   "签名证书密码：{s}（别发到群里）。证书文件在 build-win-02 的 D:\\certs 下。",
   pw_any, "证书文件在 build-win-02 的 D:\\certs 下")
_S("korean-chat-keychain-password",
   "{person}: 빌드 맥 키체인 비밀번호는 {s} 입니다. 다음 주에 바꿀게요.",
   pw_any, "다음 주에 바꿀게요")
_S("turkish-note-keygen-admin-token",
   "Keygen admin token: {s} — kimseyle paylaşma, sadece lisans sunucusu için.",
   t_keygen_admin, "sadece lisans sunucusu için")
_S("swedish-chat-build-server-password",
   "{person}: lösenordet till byggservern ({host}) är {s}",
   pw_any, "lösenordet till byggservern ({host})")
_S("vietnamese-note-license-db-password",
   "Ghi chú: mật khẩu DB license ({dbuser}@db.{dom}) là {s}",
   pw_any, "({dbuser}@db.{dom})")
_S("czech-chat-p12-password",
   "{person}: heslo k developer_id.p12 je {s}, certifikát platí do {date}",
   pw_any, "certifikát platí do {date}")
_S("finnish-note-htpasswd-beta",
   "Muistiinpano: beta-kanavan salasana on {s} (käyttäjä: beta)",
   pw_plain, "(käyttäjä: beta)")
_S("indonesian-chat-gumroad-token",
   "{person}: ini token Gumroad buat verifikasi lisensi: {s} — jangan di-commit ya",
   t_gumroad, "jangan di-commit ya")
_S("hindi-romanized-chat-password",
   "{person}: bhai, Edge Partner Center ka password ye hai: {s}\n{person2}: thanks, ho gaya",
   pw_any, "thanks, ho gaya")
_S("arabic-chat-server-password",
   "{person}: كلمة المرور لخادم التحديثات هي {s} والمستخدم deploy",
   pw_any, "والمستخدم deploy")
_S("hebrew-note-sparkle-key",
   "הערה: המפתח הפרטי של Sparkle (EdDSA) הוא {s} — לא להעלות לגיט",
   ed_seed, "לא להעלות לגיט")
_S("greek-chat-admin-password",
   "{person}: ο κωδικός για το admin panel του license server είναι {s}",
   pw_any, "admin panel του license server")
_S("romanian-note-clickhouse-password",
   "Notă: parola pentru ClickHouse (telemetry_rw) este {s}",
   t_clickhouse_pw, "(telemetry_rw)")
_S("hungarian-chat-azure-client-secret",
   "{person}: az Edge-hez tartozó Azure client secret: {s} (lejár: {date})",
   t_azure_secret, "(lejár: {date})")
_S("danish-note-mac-mini-login",
   "Login til mac mini i serverrummet: bruger {user}, kode {s}",
   pw_any, "bruger {user}")
_S("catalan-chat-sftp-password",
   "{person}: la contrasenya del SFTP de releases és {s}",
   pw_any, "SFTP de releases")
_S("english-try-this-unlabeled",
   "{person2}: beta feed still 401s for me\n{person}: try {s}, I rotated it this morning\n{person2}: works now 👍",
   pw_word, "beta feed still 401s for me")
_S("agent-note-user-pasted-amo-secret",
   "NOTE: user pasted the AMO API secret ({s}) into the chat; used it once for `web-ext sign`, must remind them to rotate it.",
   t_amo_secret, "used it once for `web-ext sign`")
_S("decision-log-keychain-profile-instead",
   "Decision: switch CI to `--keychain-profile \"{prof}\"` instead of passing `--password {s}` on the command line (it shows up in ps).",
   apple_asp, "--keychain-profile \"{prof}\"")
_S("todo-rotate-refresh-token-current",
   "TODO\n- [x] bump manifest to {ver}\n- [ ] rotate CWS refresh token (current one: {s})\n- [ ] update screenshots",
   t_google_refresh, "bump manifest to {ver}")
_S("github-issue-comment-gh-token",
   "Still getting 404 on latest.yml after setting `GH_TOKEN={s}` — is the repo private? cc @{user}",
   t_ghp, "Still getting 404 on latest.yml")
_S("email-forward-token-pin",
   "From: {person} <{email}>\nSubject: Re: EV certificate renewal\n\nThe new token has arrived. PIN is {s} — the old token was revoked today.",
   pw_plain, "Subject: Re: EV certificate renewal")
_S("teams-message-edge-client-secret",
   "[{time}] {person}: creds for the Edge Add-ons API -> client id {uuid}, client secret {s}",
   t_azure_secret, "client id {uuid}")
_S("discord-message-keygen-token-backticks",
   "**{person}** — here's the keygen prod token for the staging box, don't leak lol: `{s}`",
   t_keygen_prod, "for the staging box")
_S("jira-ticket-repro-env",
   "DESK-{n}{n2}: Notarization fails on arm64 only.\nRepro: APPLE_PASSWORD={s} APPLE_ID={email} npm run dist:mac -- --arm64",
   apple_asp, "Notarization fails on arm64 only.")
_S("standup-notes-sentry-token",
   "Standup {date}\n- {person}: shipped {ver} to beta\n- {person2}: crash symbol upload fixed, new Sentry token {s}\n- blockers: none",
   t_sntrys, "shipped {ver} to beta")
_S("pairing-transcript-password-next-line",
   "{person}: what's the password for the signing VM?\n{person2}: {s}\n{person}: thx, in",
   pw_any, "password for the signing VM?")
_S("sticky-note-keychain-line",
   "keychain (build-mac-0{n}): {s}",
   pw_any, "keychain (build-mac-0{n})")
_S("agent-goal-publish-with-token",
   "Goal: publish {app} {ver} to the Chrome Web Store using the refresh token the user provided ({s}); then submit Edge package.",
   t_google_refresh, "then submit Edge package")
_S("running-notes-sentry-login",
   "- {time} logged into Sentry API with token {s}; created release {slug}@{ver}\n- {time} uploaded 14 source maps",
   t_sntryu, "uploaded 14 source maps")
_S("chat-password-on-following-line",
   "{person}: pw for the beta update feed is\n{s}\n{person}: (case sensitive)",
   pw_word, "(case sensitive)")
_S("chat-quoted-passphrase",
   "{person}: the gpg passphrase is \"{s}\" (four/five words, spaces included)",
   pw_space, "(four/five words, spaces included)")
_S("creds-slash-shorthand",
   "creds: deploy / {s} (updates box, port 2222)",
   pw_any, "(updates box, port 2222)")
_S("pwd-label-shorthand",
   "pwd for win signing vm = {s}",
   pw_plain, "win signing vm")
_S("pass-label-colon-shorthand",
   "Paddle vendor login {email} pass: {s}",
   pw_any, "Paddle vendor login {email}")
_S("commit-message-leak",
   "commit {sha7}\n\n    fix(notarize): use new app pw {s}\n\n    Apple revoked the old one.",
   apple_asp, "Apple revoked the old one.")
_S("pr-review-comment-hardcoded-key",
   "> src/license/lemon.ts line {lineno}\n**{person}:** you hardcoded the LemonSqueezy key here (`{s}`) — please read it from env instead.",
   t_lemon, "please read it from env instead")
_S("meeting-notes-german-zugangsdaten",
   "Protokoll Release-Sync {date}\n- Zugangsdaten Sparkle-Server: {user} / {s}\n- Nächster Release: {ver}",
   pw_any, "Nächster Release: {ver}")
_S("spanish-note-clave-api",
   "Clave API de Keygen (producción): {s}. Pedir a {person} si hay que regenerarla.",
   t_keygen_prod, "Pedir a {person} si hay que regenerarla.")
_S("french-identifiants-note",
   "Identifiants du compte Edge Partner Center : {email} / {s}",
   pw_any, "Identifiants du compte Edge Partner Center")
_S("japanese-note-token",
   "メモ: Backtrace の送信トークン {s}（クラッシュ収集用）",
   t_backtrace, "（クラッシュ収集用）")
_S("chinese-traditional-chat-password",
   "{person}: 更新伺服器的密碼是 {s}，帳號 deploy",
   pw_any, "帳號 deploy")
_S("korean-note-api-key",
   "메모: LemonSqueezy 웹훅 시크릿 = {s}",
   t_lemon_whsec, "LemonSqueezy 웹훅 시크릿")
_S("thai-chat-password",
   "{person}: รหัสผ่านเครื่อง build คือ {s} นะ",
   pw_any, "รหัสผ่านเครื่อง build")
_S("filipino-chat-password",
   "{person}: pre, yung password ng notarization ay {s}, wag mo i-share",
   apple_asp, "wag mo i-share")
_S("norwegian-note-passord",
   "Passord til Sentry-kontoen ({email}): {s}",
   pw_any, "Sentry-kontoen ({email})")
_S("persian-chat-password",
   "{person}: رمز عبور سرور لایسنس {s} است",
   pw_any, "رمز عبور سرور لایسنس")
_S("user-instruction-bugsnag-token",
   "User: use this token for the Bugsnag API when you pull the crash list: {s}",
   t_heroku, "when you pull the crash list")
_S("notion-onboarding-shared-account",
   "**Shared QA account** (license portal staging): qa@{dom} / {s}\n_Ask {person} before changing it._",
   pw_any, "license portal staging")
_S("dm-new-password-after-rotation",
   "{person} → {person2}: rotated the Gumroad login, new pw is {s}",
   pw_any, "rotated the Gumroad login")
_S("agent-summary-stored-secret",
   "Summary: configured electron-builder for notarization. Stored the app-specific password ({s}) in the login keychain under \"{prof}\".",
   apple_asp, "configured electron-builder for notarization")
_S("voice-memo-transcript-password",
   "[transcript] \"...ok so the password for the Windows cert is {s}, all one word, and the token PIN is the same...\"",
   pw_word, "[transcript]")
_S("swahili-chat-password",
   "{person}: nenosiri la seva ya masasisho ni {s}",
   pw_any, "nenosiri la seva ya masasisho")

# ===========================================================================
# group: ci-and-deploy  (CI configuration, deploy manifests, CI logs)
# ===========================================================================
_group("ci-and-deploy")

_S("gha-env-literal-csc-key-password",
   "      - name: Build & sign (mac)\n        env:\n          CSC_LINK: ${{ secrets.MAC_CERTS_P12 }}\n          CSC_KEY_PASSWORD: {s}\n        run: npx electron-builder --mac --publish never",
   pw_plain, "CSC_LINK: ${{ secrets.MAC_CERTS_P12 }}")
_S("gha-action-electron-builder-github-token",
   "      - uses: samuelmeuli/action-electron-builder@v1\n        with:\n          github_token: {s}\n          release: ${{ startsWith(github.ref, 'refs/tags/v') }}",
   t_ghp, "samuelmeuli/action-electron-builder@v1")
_S("gha-run-web-ext-secret-inline",
   "      - name: Sign Firefox add-on\n        run: npx web-ext sign --api-key ${{ secrets.AMO_JWT_ISSUER }} --api-secret {s} --channel unlisted -s dist/firefox",
   t_amo_secret, "--api-key ${{ secrets.AMO_JWT_ISSUER }}")
_S("gha-bpp-keys-json-refresh-token",
   "      - uses: PlasmoHQ/bpp@v3\n        with:\n          artifact: build/chrome-mv3-prod.zip\n          keys: '{\"chrome\":{\"extId\":\"{extid}\",\"clientId\":\"{gclient}\",\"clientSecret\":\"${{ secrets.CWS_SECRET }}\",\"refreshToken\":\"{s}\"}}'",
   t_google_refresh, "PlasmoHQ/bpp@v3")
_S("gitlab-ci-variables-sentry-token",
   "variables:\n  SENTRY_ORG: {slug}\n  SENTRY_PROJECT: desktop\n  SENTRY_AUTH_TOKEN: \"{s}\"\n\nupload_symbols:\n  stage: release\n  script:\n    - sentry-cli debug-files upload dist/symbols",
   t_sntrys, "SENTRY_PROJECT: desktop")
_S("gitlab-ci-private-token-header-upload",
   "release:linux:\n  script:\n    - 'curl --header \"PRIVATE-TOKEN: {s}\" --upload-file dist/{app}-{ver}.AppImage \"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/desktop/{ver}/{app}.AppImage\"'",
   t_glpat, "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}")
_S("circleci-context-env-literal",
   "jobs:\n  notarize:\n    macos:\n      xcode: 15.2.0\n    environment:\n      APPLE_ID: {email}\n      APPLE_APP_SPECIFIC_PASSWORD: {s}\n    steps:\n      - run: npm run notarize",
   apple_asp, "xcode: 15.2.0")
_S("azure-pipelines-variable-pfx-password",
   "variables:\n  - group: desktop-release\n  - name: pfxPassword\n    value: '{s}'\n\nsteps:\n  - task: DownloadSecureFile@1\n    name: codesignPfx\n    inputs:\n      secureFile: '{slug}-ev.pfx'",
   pw_any, "- group: desktop-release")
_S("azure-pipelines-script-signtool",
   "  - script: |\n      signtool sign /f $(codesignPfx.secureFilePath) /p {s} /fd sha256 /tr http://timestamp.digicert.com /td sha256 \"$(Build.ArtifactStagingDirectory)\\{app}Setup.exe\"\n    displayName: Sign installer",
   pw_plain, "displayName: Sign installer")
_S("jenkinsfile-withenv-apple-password",
   "stage('Notarize') {\n  steps {\n    withEnv([\"APPLE_APP_PASSWORD={s}\", \"APPLE_TEAM_ID={team}\"]) {\n      sh 'npm run notarize'\n    }\n  }\n}",
   apple_asp, "stage('Notarize')")
_S("bitrise-yml-env-notary-password",
   "app:\n  envs:\n  - BITRISE_PROJECT_PATH: {app}.xcodeproj\n  - NOTARY_PASSWORD: {s}\n    opts:\n      is_expand: false",
   apple_asp, "BITRISE_PROJECT_PATH: {app}.xcodeproj")
_S("travis-env-global-gh-token",
   "os: osx\nosx_image: xcode14.2\nenv:\n  global:\n    - ELECTRON_CACHE=$HOME/.cache/electron\n    - GH_TOKEN={s}",
   t_ghp, "ELECTRON_CACHE=$HOME/.cache/electron")
_S("appveyor-environment-plain-csc",
   "image: Visual Studio 2022\nenvironment:\n  nodejs_version: \"20\"\n  CSC_KEY_PASSWORD: {s}\n  GH_TOKEN:\n    secure: {b64sig}",
   pw_plain, "image: Visual Studio 2022")
_S("buildkite-pipeline-env-block",
   "steps:\n  - label: \":windows: package\"\n    command: yarn dist:win\n    env:\n      WIN_CSC_KEY_PASSWORD: \"{s}\"\n    agents:\n      queue: windows-signing",
   pw_any, "queue: windows-signing")
_S("drone-yml-environment-literal",
   "steps:\n  - name: publish-update-feed\n    image: amazon/aws-cli\n    environment:\n      AWS_ACCESS_KEY_ID: {akid}\n      AWS_SECRET_ACCESS_KEY: {s}\n    commands:\n      - aws s3 sync dist/ s3://{bucket}/stable/",
   t_aws_secret, "s3://{bucket}/stable/")
_S("codemagic-yaml-vars-p8-inline",
   "environment:\n  vars:\n    APP_STORE_CONNECT_KEY_IDENTIFIER: {keyid}\n    APP_STORE_CONNECT_ISSUER_ID: {uuid}\n    APP_STORE_CONNECT_PRIVATE_KEY: |\n      -----BEGIN PRIVATE KEY-----\n      {s}\n      -----END PRIVATE KEY-----",
   lambda: k_p8(sep="\n      "), "APP_STORE_CONNECT_ISSUER_ID: {uuid}")
_S("dockerfile-arg-default-npm-token",
   "FROM node:20-bookworm AS build\nARG NPM_TOKEN={s}\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc",
   t_npm, "FROM node:20-bookworm AS build")
_S("dockerfile-env-sentry-token",
   "FROM node:20-alpine\nWORKDIR /app\nENV SENTRY_ORG={slug} \\\n    SENTRY_AUTH_TOKEN={s}\nRUN npx @sentry/cli sourcemaps upload ./dist",
   t_sntrys, "WORKDIR /app")
_S("docker-build-arg-flag-ci",
   "docker build --build-arg SENTRY_AUTH_TOKEN={s} --build-arg VERSION={ver} -t ghcr.io/{org}/crash-symbolicator:{ver} .",
   t_sntryu, "-t ghcr.io/{org}/crash-symbolicator:{ver}")
_S("k8s-deployment-env-value-literal",
   "        env:\n          - name: KEYGEN_ACCOUNT_ID\n            value: \"{uuid}\"\n          - name: KEYGEN_PRODUCT_TOKEN\n            value: \"{s}\"",
   t_keygen_prod, "value: \"{uuid}\"")
_S("helm-upgrade-set-token",
   "helm upgrade --install licd ./charts/licd -n licensing --set image.tag={ver} --set keygen.token={s}",
   t_keygen_admin, "--set image.tag={ver}")
_S("terraform-apply-var-flag",
   "terraform apply -auto-approve -var=\"cloudflare_api_token={s}\" -var=\"zone={dom}\"",
   t_cf_token, "-var=\"zone={dom}\"")
_S("ansible-playbook-extra-vars-password",
   "ansible-playbook -i inventories/prod deploy-update-server.yml -e \"db_password={s} release={ver}\"",
   pw_plain, "deploy-update-server.yml")
_S("ansible-inventory-ansible-password",
   "[updates]\nupdates-1 ansible_host={ip} ansible_user=deploy ansible_password={s}\nupdates-2 ansible_host={ip2} ansible_user=deploy",
   pw_plain, "updates-2 ansible_host={ip2}")
_S("fastfile-env-assignment-asp",
   "lane :notarize_dmg do\n  ENV[\"FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD\"] = \"{s}\"\n  notarize(package: \"dist/{app}.dmg\", username: \"{email}\", asc_provider: \"{team}\")\nend",
   apple_asp, "lane :notarize_dmg do")
_S("goreleaser-env-cosign-password",
   "env:\n  - COSIGN_PASSWORD={s}\nsigns:\n  - cmd: cosign\n    artifacts: checksum\n    args: [\"sign-blob\", \"--key=cosign.key\", \"--output-signature=${signature}\", \"${artifact}\", \"--yes\"]",
   pw_plain, "artifacts: checksum")
_S("netlify-toml-build-environment",
   "[build]\n  command = \"npm run build:site\"\n  publish = \"site/dist\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  SENTRY_AUTH_TOKEN = \"{s}\"",
   t_sntryu, "publish = \"site/dist\"")
_S("vercel-json-env-literal",
   "{\n  \"buildCommand\": \"pnpm build\",\n  \"env\": {\n    \"PADDLE_ENV\": \"production\",\n    \"PADDLE_API_KEY\": \"{s}\"\n  }\n}",
   t_paddle, "\"buildCommand\": \"pnpm build\"")
_S("electron-release-server-local-js-auth",
   "// config/local.js (electron-release-server)\nmodule.exports.auth = {\n  static: {\n    username: 'admin',\n    password: '{s}'\n  }\n};",
   pw_any, "electron-release-server")
_S("gha-set-output-token-leak",
   "      - id: token\n        run: echo \"::set-output name=lic_token::{s}\"",
   t_keygen_activ, "name=lic_token::")
_S("gha-repository-dispatch-curl",
   "curl -X POST -H \"Accept: application/vnd.github+json\" -H \"Authorization: token {s}\" https://api.github.com/repos/{org}/{slug}-desktop/dispatches -d '{\"event_type\":\"publish-stores\"}'",
   t_ghp, "/repos/{org}/{slug}-desktop/dispatches")
_S("ci-sentry-cli-releases-new-token",
   "  - npx @sentry/cli releases new --org {slug} --auth-token {s} {slug}-desktop@{ver}\n  - npx @sentry/cli releases finalize {slug}-desktop@{ver}",
   t_sntryu, "releases finalize {slug}-desktop@{ver}")
_S("ci-echo-base64-p12-literal",
   "      - name: Import certificate\n        run: |\n          echo \"{s}\" | base64 --decode > certificate.p12\n          security import certificate.p12 -k build.keychain -P \"$P12_PASSWORD\" -T /usr/bin/codesign",
   p12_b64, "security import certificate.p12 -k build.keychain")
_S("gha-import-codesign-certs-password",
   "      - uses: apple-actions/import-codesign-certs@v2\n        with:\n          p12-file-base64: ${{ secrets.DEVID_P12_BASE64 }}\n          p12-password: {s}",
   pw_plain, "apple-actions/import-codesign-certs@v2")
_S("gha-azure-trusted-signing-client-secret",
   "      - uses: azure/trusted-signing-action@v0.3.16\n        with:\n          azure-tenant-id: {uuid}\n          azure-client-id: {uuid2}\n          azure-client-secret: {s}\n          endpoint: https://eus.codesigning.azure.net/\n          files-folder: dist",
   t_azure_secret, "azure-tenant-id: {uuid}")
_S("gha-digicert-keylocker-env",
   "    env:\n      SM_HOST: https://clientauth.one.digicert.com\n      SM_API_KEY: {s}\n      SM_CLIENT_CERT_FILE: D:\\Certificate_pkcs12.p12\n      SM_CLIENT_CERT_PASSWORD: ${{ secrets.SM_CLIENT_CERT_PASSWORD }}",
   t_digicert, "SM_HOST: https://clientauth.one.digicert.com")
_S("gha-esigner-totp-secret-literal",
   "      - uses: sslcom/esigner-codesign@develop\n        with:\n          command: sign\n          username: ${{ secrets.ES_USERNAME }}\n          password: ${{ secrets.ES_PASSWORD }}\n          credential_id: ${{ secrets.CREDENTIAL_ID }}\n          totp_secret: {s}\n          file_path: dist/{app}-Setup.exe",
   lambda: _b64(20), "sslcom/esigner-codesign@develop")
_S("gha-tauri-action-env-password",
   "      - uses: tauri-apps/tauri-action@v0\n        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n          TAURI_SIGNING_PRIVATE_KEY: ${{ secrets.TAURI_PRIVATE_KEY }}\n          TAURI_SIGNING_PRIVATE_KEY_PASSWORD: {s}",
   pw_plain, "tauri-apps/tauri-action@v0")
_S("gha-env-api-key-base64-p8",
   "    env:\n      APPLE_API_KEY_ID: {keyid}\n      APPLE_API_ISSUER: {uuid}\n      APPLE_API_KEY_BASE64: {s}",
   p8_b64, "APPLE_API_ISSUER: {uuid}")
_S("ci-macos-unlock-keychain-literal",
   "security create-keychain -p \"$KEYCHAIN_PW\" build.keychain\nsecurity unlock-keychain -p {s} build.keychain\nsecurity set-key-partition-list -S apple-tool:,apple: -s -k \"$KEYCHAIN_PW\" build.keychain",
   pw_plain, "security set-key-partition-list")
_S("gha-chrome-extension-upload-client-secret",
   "      - uses: mnao305/chrome-extension-upload@v5.0.0\n        with:\n          file-path: dist/{slug}-chrome.zip\n          extension-id: {extid}\n          client-id: ${{ secrets.CWS_CLIENT_ID }}\n          client-secret: {s}\n          refresh-token: ${{ secrets.CWS_REFRESH_TOKEN }}",
   t_google_secret, "extension-id: {extid}")
_S("gha-edge-addon-api-key",
   "      - uses: wdzeng/edge-addon@v2\n        with:\n          product-id: {uuid}\n          zip-path: dist/{slug}-edge.zip\n          api-key: {s}\n          client-id: ${{ secrets.EDGE_CLIENT_ID }}",
   t_edge_key, "product-id: {uuid}")
_S("gha-firefox-addon-jwt-secret",
   "      - uses: wdzeng/firefox-addon@v1\n        with:\n          addon-guid: '{{uuid}}'\n          xpi-path: web-ext-artifacts/{slug}-{ver}.zip\n          jwt-issuer: ${{ secrets.FIREFOX_JWT_ISSUER }}\n          jwt-secret: {s}",
   t_amo_secret, "wdzeng/firefox-addon@v1")
_S("gha-env-aws-secret-upload-feed",
   "    env:\n      AWS_ACCESS_KEY_ID: {akid}\n      AWS_SECRET_ACCESS_KEY: {s}\n      AWS_REGION: {region}\n    run: aws s3 cp dist/latest.yml s3://{bucket}/stable/latest.yml",
   t_aws_secret, "s3://{bucket}/stable/latest.yml")
_S("gha-env-ssh-private-key-block",
   "    env:\n      DEPLOY_KEY: |\n        -----BEGIN OPENSSH PRIVATE KEY-----\n        {s}\n        -----END OPENSSH PRIVATE KEY-----\n    run: ./scripts/rsync-feed.sh deploy@{host}",
   lambda: k_ossh(sep="\n        "), "./scripts/rsync-feed.sh deploy@{host}")
_S("gha-snapcraft-credentials-env",
   "      - uses: snapcore/action-publish@v1\n        env:\n          SNAPCRAFT_STORE_CREDENTIALS: {s}\n        with:\n          snap: {slug}_{ver}_amd64.snap\n          release: edge",
   t_snapcraft, "snapcore/action-publish@v1")
_S("gha-msstore-configure-client-secret",
   "      - uses: microsoft/setup-msstore-cli@v1\n      - run: msstore reconfigure --tenantId ${{ secrets.PC_TENANT }} --clientId ${{ secrets.PC_CLIENT }} --clientSecret {s} --sellerId {num}",
   t_azure_secret, "microsoft/setup-msstore-cli@v1")
_S("ci-homebrew-bump-cask-token",
   "HOMEBREW_GITHUB_API_TOKEN={s} brew bump-cask-pr --version {ver} --no-browse {slug}",
   t_ghp, "brew bump-cask-pr --version {ver}")
_S("velopack-upload-s3-secret",
   "vpk upload s3 --outputDir Releases --bucket {bucket} --region {region} --keyId {akid} --secret {s} --channel win",
   t_aws_secret, "--bucket {bucket}")
_S("xcode-build-phase-export-sentry",
   "# Build Phases > Upload Debug Symbols to Sentry\nexport SENTRY_ORG={slug}\nexport SENTRY_PROJECT=macos\nexport SENTRY_AUTH_TOKEN={s}\nERROR=$(sentry-cli debug-files upload --include-sources \"$DWARF_DSYM_FOLDER_PATH\" 2>&1 >/dev/null)",
   t_sntryu, "export SENTRY_PROJECT=macos")
_S("bugsnag-cli-upload-auth-token",
   "  - bugsnag-cli upload electron --api-key=${BUGSNAG_API_KEY} --auth-token={s} --version-name={ver} out/",
   t_bugsnag, "--version-name={ver}")
_S("keygen-cli-dist-token",
   "keygen dist build/{app}-{ver}.dmg --account {uuid} --product {uuid2} --token {s} --channel stable --signing-key ~/.keygen/signing.key",
   t_keygen_prod, "--channel stable --signing-key ~/.keygen/signing.key")
_S("ci-xtrace-curl-user-password",
   "+ curl -sSf -u ci:{s} -T dist/{app}-{ver}.zip https://{host}/upload/\n  % Total    % Received % Xferd  Average Speed   Time",
   pw_url, "https://{host}/upload/")
_S("ci-xtrace-security-import",
   "+ security import /tmp/cert.p12 -k /Users/runner/Library/Keychains/build.keychain-db -P {s} -A\n1 identity imported.",
   pw_plain, "1 identity imported.")
_S("cloudbuild-substitutions-secret",
   "substitutions:\n  _BUCKET: {bucket}\n  _R2_SECRET: {s}\nsteps:\n  - name: gcr.io/cloud-builders/gsutil\n    args: ['rsync', '-r', 'dist/', 'gs://${_BUCKET}/stable/']",
   pw_hex64, "_BUCKET: {bucket}")
_S("bitbucket-pipelines-pipe-aws-secret",
   "      - pipe: atlassian/aws-s3-deploy:1.1.0\n        variables:\n          AWS_ACCESS_KEY_ID: '{akid}'\n          AWS_SECRET_ACCESS_KEY: '{s}'\n          S3_BUCKET: '{bucket}/nightly'\n          LOCAL_PATH: 'dist'",
   t_aws_secret, "S3_BUCKET: '{bucket}/nightly'")
_S("taskfile-yml-env-paddle",
   "version: '3'\nenv:\n  PADDLE_ENV: sandbox\n  PADDLE_API_KEY: {s}\ntasks:\n  seed-prices:\n    cmds:\n      - go run ./cmd/seed-prices",
   t_paddle, "go run ./cmd/seed-prices")
_S("pulumi-config-plaintext-password",
   "config:\n  aws:region: {region}\n  licd:dbPassword: {s}\n  licd:dbUser: {dbuser}",
   pw_plain, "licd:dbUser: {dbuser}")
_S("docker-compose-override-deploy-env",
   "# docker-compose.prod.yml\nservices:\n  update-server:\n    image: ghcr.io/{org}/update-server:{ver}\n    environment:\n      - GITHUB_TOKEN={s}\n      - CACHE_TTL=300",
   t_ghfine, "image: ghcr.io/{org}/update-server:{ver}")
_S("woodpecker-yml-settings-password",
   "steps:\n  upload-appcast:\n    image: plugins/s3\n    settings:\n      bucket: {bucket}\n      access_key: {akid}\n      secret_key: {s}\n      source: dist/appcast.xml",
   t_aws_secret, "source: dist/appcast.xml")
_S("chocolatey-ci-push-env",
   "  - ps: choco apikey --key {s} --source https://push.chocolatey.org/\n  - ps: choco push (Get-ChildItem *.nupkg).FullName --source https://push.chocolatey.org/",
   t_heroku, "choco push (Get-ChildItem *.nupkg).FullName")
_S("gha-step-summary-accidental-token",
   "      - run: |\n          echo \"### Published {ver}\" >> $GITHUB_STEP_SUMMARY\n          echo \"Edge API key used: {s}\" >> $GITHUB_STEP_SUMMARY",
   t_edge_key, "### Published {ver}")

# ===========================================================================
# group: vendor-token  (token shapes by vendor, in short varied contexts)
# ===========================================================================
_group("vendor-token")

_VW = [
    "export \u00a7E={s}",
    "# \u00a7V (rotated {date})\n\u00a7E={s}",
    "env:\n  \u00a7E: {s}\n  NODE_ENV: production",
    "$env:\u00a7E = \"{s}\"",
    "setx \u00a7E \"{s}\"",
    "{\"\u00a7E\": \"{s}\", \"channel\": \"stable\"}",
    "\u00a7V token for the release job -> \u00a7E={s}",
    "[env]\n\u00a7E = \"{s}\"  # \u00a7V",
    "docker run --rm -e \u00a7E={s} ghcr.io/{org}/release-tools:{ver}",
    "echo \"\u00a7E={s}\" >> \"$GITHUB_ENV\"",
    "fly secrets set \u00a7E={s} -a {slug}-api",
    "heroku config:set \u00a7E={s} -a {slug}-lic",
    "kubectl -n release create secret generic {slug}-publish --from-literal=\u00a7E={s}",
    "{person}: the \u00a7V one is \u00a7E={s} (expires {date})",
    "const \u00a7E = '{s}'; // \u00a7V",
    "\u00a7E: '{s}'   # \u00a7V, do not commit",
]


def _V(fmt, gen, env, vnd, tpl=None, vis=None):
    if tpl is None:
        ws = _R.sample(_VW, 3)
        tpl = [w.replace("\u00a7E", env).replace("\u00a7V", vnd) for w in ws]
        vis = env
    _S(fmt, tpl, gen, vis or "")


_V("github-classic-pat-ghp", t_ghp, "GH_TOKEN", "GitHub classic PAT")
_V("github-fine-grained-pat", t_ghfine, "GITHUB_RELEASE_TOKEN", "GitHub fine-grained PAT")
_V("github-oauth-token-gho", t_gho, "GITHUB_OAUTH_TOKEN", "gh CLI OAuth")
_V("github-app-installation-token-ghs", t_ghs, "GH_APP_INSTALLATION_TOKEN", "GitHub App installation")
_V("github-app-refresh-token-ghr", t_ghr, "GITHUB_APP_REFRESH_TOKEN", "GitHub App refresh")
_V("github-user-to-server-token-ghu", t_ghu, "GH_USER_TOKEN", "GitHub App user-to-server")
_V("gitlab-personal-access-token", t_glpat, "GITLAB_TOKEN", "GitLab PAT")
_V("gitlab-deploy-token-gldt", lambda: "gldt-" + _c(_AN + "-_", 20), "CI_DEPLOY_PASSWORD", "GitLab deploy token")
_V("npm-granular-access-token", t_npm, "NPM_TOKEN", "npm publish")
_V("pypi-api-token", t_pypi, "TWINE_PASSWORD", "PyPI upload")
_V("crates-io-api-token", t_cio, "CARGO_REGISTRY_TOKEN", "crates.io")
_V("rubygems-api-key", t_rubygems, "GEM_HOST_API_KEY", "RubyGems")
_V("docker-hub-pat", t_dckr, "DOCKERHUB_TOKEN", "Docker Hub")
_V("slack-bot-token-xoxb", t_xoxb, "SLACK_BOT_TOKEN", "release-bot Slack")
_V("slack-user-token-xoxp", t_xoxp, "SLACK_USER_TOKEN", "Slack user")
_V("slack-app-level-token-xapp", t_xapp, "SLACK_APP_TOKEN", "Slack socket-mode")
_V("slack-incoming-webhook-url", t_slackhook_tail, "", "",
   tpl=["SLACK_RELEASES_WEBHOOK=https://hooks.slack.com/services/T{uan9}/B{uan10}/{s}",
        "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"{app} {ver} published\"}' https://hooks.slack.com/services/T{uan9}/B{uan10}/{s}"],
   vis="hooks.slack.com/services/T{uan9}/B{uan10}/")
_V("discord-bot-token", t_discord_bot, "DISCORD_BOT_TOKEN", "Discord community bot")
_V("discord-webhook-url-token", t_discord_hook, "", "",
   tpl=["DISCORD_CHANGELOG_WEBHOOK=https://discord.com/api/webhooks/{dg18}/{s}",
        "webhook_url: \"https://discordapp.com/api/webhooks/{dg18}/{s}\""],
   vis="/api/webhooks/{dg18}/")
_V("telegram-bot-token", t_telegram, "TELEGRAM_BOT_TOKEN", "Telegram crash-alert bot")
_V("stripe-live-secret-key", t_sk_live, "STRIPE_SECRET_KEY", "Stripe live")
_V("stripe-restricted-key", t_rk_live, "STRIPE_RESTRICTED_KEY", "Stripe restricted (read charges)")
_V("stripe-webhook-signing-secret", t_whsec, "STRIPE_WEBHOOK_SECRET", "Stripe webhook endpoint")
_V("paddle-billing-api-key", t_paddle, "PADDLE_API_KEY", "Paddle Billing")
_V("paddle-notification-secret", t_paddle_ntf, "PADDLE_WEBHOOK_SECRET", "Paddle notification destination")
_V("paddle-classic-vendor-auth-code", t_paddle_vac, "PADDLE_VENDOR_AUTH_CODE", "Paddle Classic")
_V("lemonsqueezy-api-key-jwt", t_lemon, "LEMONSQUEEZY_API_KEY", "LemonSqueezy")
_V("lemonsqueezy-webhook-signing-secret", t_lemon_whsec, "LEMONSQUEEZY_WEBHOOK_SECRET", "LemonSqueezy webhook")
_V("gumroad-oauth-access-token", t_gumroad, "GUMROAD_ACCESS_TOKEN", "Gumroad")
_V("keygen-product-token", t_keygen_prod, "KEYGEN_PRODUCT_TOKEN", "Keygen product")
_V("keygen-admin-token", t_keygen_admin, "KEYGEN_ADMIN_TOKEN", "Keygen admin")
_V("keygen-activation-token", t_keygen_activ, "KEYGEN_ACTIVATION_TOKEN", "Keygen activation")
_V("keygen-user-token", t_keygen_user, "KEYGEN_USER_TOKEN", "Keygen user")
_V("sentry-org-auth-token-sntrys", t_sntrys, "SENTRY_AUTH_TOKEN", "Sentry org")
_V("sentry-user-auth-token-sntryu", t_sntryu, "SENTRY_USER_TOKEN", "Sentry personal")
_V("sentry-legacy-dsn-secret-part", t_legacy_sentry, "", "",
   tpl=["SENTRY_DSN=https://{hex32}:{s}@o{num}.ingest.sentry.io/{num2}",
        "Raven.config('https://{hex32}:{s}@sentry.{dom}/{n}').install();"],
   vis="{hex32}")
_V("bugsnag-personal-auth-token", t_heroku, "BUGSNAG_AUTH_TOKEN", "Bugsnag data-access")
_V("backtrace-submission-token", t_backtrace, "BACKTRACE_SUBMIT_TOKEN", "Backtrace")
_V("datadog-api-key", t_dd_api, "DD_API_KEY", "Datadog")
_V("datadog-application-key", t_dd_app, "DD_APP_KEY", "Datadog app")
_V("newrelic-user-api-key", t_nrak, "NEW_RELIC_API_KEY", "New Relic user")
_V("newrelic-ingest-license-key", t_nral, "NEW_RELIC_LICENSE_KEY", "New Relic ingest")
_V("honeycomb-ingest-key", t_honeycomb, "HONEYCOMB_API_KEY", "Honeycomb")
_V("posthog-personal-api-key", t_phx, "POSTHOG_PERSONAL_API_KEY", "PostHog personal")
_V("google-oauth-client-secret", t_google_secret, "CWS_CLIENT_SECRET", "Chrome Web Store OAuth client")
_V("google-oauth-refresh-token", t_google_refresh, "CWS_REFRESH_TOKEN", "Chrome Web Store")
_V("google-oauth-access-token-ya29", t_ya29, "GOOGLE_ACCESS_TOKEN", "Google short-lived")
_V("google-api-key-aiza", t_aiza, "GOOGLE_SAFE_BROWSING_KEY", "Google Cloud server-side")
_V("amo-jwt-api-secret", t_amo_secret, "AMO_JWT_SECRET", "addons.mozilla.org")
_V("amo-signed-jwt", t_amo_jwt, "AMO_AUTH_JWT", "AMO request")
_V("edge-addons-api-key", t_edge_key, "EDGE_API_KEY", "Edge Add-ons API v1.1")
_V("azure-ad-client-secret", t_azure_secret, "AZURE_CLIENT_SECRET", "Entra app registration")
_V("azure-storage-connection-string-key", t_azure_storage, "", "",
   tpl=["AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName={slug}updates;AccountKey={s};EndpointSuffix=core.windows.net\"",
        "az storage blob upload-batch -d releases -s dist --account-name {slug}updates --account-key {s}"],
   vis="{slug}updates")
_V("aws-secret-access-key", t_aws_secret, "", "",
   tpl=["AWS_ACCESS_KEY_ID={akid}\nAWS_SECRET_ACCESS_KEY={s}",
        "aws_access_key_id={akid} aws_secret_access_key={s}"],
   vis="{akid}")
_V("aws-session-token", t_aws_session, "AWS_SESSION_TOKEN", "AWS STS")
_V("cloudflare-api-token", t_cf_token, "CLOUDFLARE_API_TOKEN", "Cloudflare (R2 + Workers)")
_V("cloudflare-global-api-key", t_cf_global, "CF_API_KEY", "Cloudflare global")
_V("cloudflare-r2-secret-access-key", pw_hex64, "R2_SECRET_ACCESS_KEY", "R2 bucket")
_V("digitalocean-pat-dop", t_dop, "DIGITALOCEAN_ACCESS_TOKEN", "DigitalOcean")
_V("vercel-access-token", t_vercel, "VERCEL_TOKEN", "Vercel")
_V("netlify-pat-nfp", t_netlify, "NETLIFY_AUTH_TOKEN", "Netlify")
_V("twilio-auth-token", t_twilio, "", "",
   tpl=["TWILIO_ACCOUNT_SID=AC{hex32}\nTWILIO_AUTH_TOKEN={s}",
        "client = Client(\"AC{hex32}\", \"{s}\")"],
   vis="AC{hex32}")
_V("sendgrid-api-key", t_sendgrid, "SENDGRID_API_KEY", "SendGrid (license e-mails)")
_V("mailgun-private-api-key", t_mailgun, "MAILGUN_API_KEY", "Mailgun")
_V("resend-api-key", t_resend, "RESEND_API_KEY", "Resend")
_V("openai-project-api-key", t_openai, "OPENAI_API_KEY", "OpenAI")
_V("anthropic-api-key", t_anthropic, "ANTHROPIC_API_KEY", "Anthropic")
_V("huggingface-access-token", t_hf, "HF_TOKEN", "Hugging Face")
_V("apple-app-specific-password", apple_asp, "APPLE_APP_SPECIFIC_PASSWORD", "Apple notarization")
_V("digicert-keylocker-api-key", t_digicert, "SM_API_KEY", "DigiCert KeyLocker")
_V("sslcom-esigner-totp-secret", t_totp, "ES_TOTP_SECRET", "SSL.com eSigner")
_V("tauri-updater-private-key-b64", tauri_priv, "TAURI_SIGNING_PRIVATE_KEY", "Tauri updater")
_V("sparkle-eddsa-private-key", ed_seed, "SPARKLE_PRIVATE_KEY", "Sparkle EdDSA")
_V("minisign-secret-key-line", minisign_sec, "", "",
   tpl=["untrusted comment: minisign encrypted secret key\n{s}",
        "$ cat ~/.minisign/{slug}-release.key\nuntrusted comment: minisign encrypted secret key\n{s}"],
   vis="untrusted comment: minisign encrypted secret key")
_V("age-secret-key", t_age, "", "",
   tpl=["# created: {ts}\n# public key: age1{lan26}{lan26}\n{s}",
        "SOPS_AGE_KEY={s}"],
   vis="")
_V("vault-service-token-hvs", t_hvs, "VAULT_TOKEN", "Vault")
_V("onepassword-service-account-token", t_ops, "OP_SERVICE_ACCOUNT_TOKEN", "1Password service account")
_V("doppler-service-token", t_doppler, "DOPPLER_TOKEN", "Doppler")
_V("azure-devops-pat", t_ado_pat, "VSCE_PAT", "Azure DevOps (VS Marketplace)")
_V("bitbucket-app-password", t_bitbucket, "BITBUCKET_APP_PASSWORD", "Bitbucket")
_V("atlassian-api-token", t_atlassian, "JIRA_API_TOKEN", "Atlassian")
_V("okta-api-token", t_okta, "OKTA_API_TOKEN", "Okta")
_V("auth0-client-secret", t_auth0, "AUTH0_CLIENT_SECRET", "Auth0 (license portal)")
_V("contentful-management-token", t_contentful, "CONTENTFUL_MANAGEMENT_TOKEN", "Contentful changelog")
_V("mapbox-secret-token", t_mapbox_sk, "MAPBOX_DOWNLOADS_TOKEN", "Mapbox")
_V("shopify-admin-api-token", t_shopify, "SHOPIFY_ADMIN_TOKEN", "Shopify merch store")
_V("linear-api-key", t_linear, "LINEAR_API_KEY", "Linear")
_V("notion-integration-token", t_notion, "NOTION_TOKEN", "Notion release notes")
_V("figma-personal-access-token", t_figma, "FIGMA_TOKEN", "Figma icons export")
_V("grafana-service-account-token", t_grafana, "GRAFANA_TOKEN", "Grafana")
_V("supabase-management-token", t_supabase, "SUPABASE_ACCESS_TOKEN", "Supabase")
_V("supabase-service-role-jwt", t_supabase_service, "SUPABASE_SERVICE_ROLE_KEY", "Supabase service role")
_V("planetscale-password", t_pscale, "DATABASE_PASSWORD", "PlanetScale")
_V("flyio-api-token", lambda: t_fly()[6:], "", "",
   tpl=["FLY_API_TOKEN=\"FlyV1 {s}\"", "flyctl deploy --access-token \"FlyV1 {s}\""],
   vis="FlyV1 ")
_V("fcm-legacy-server-key", t_fcm, "FCM_SERVER_KEY", "Firebase Cloud Messaging")
_V("jfrog-reference-token", t_jfrog, "JFROG_ACCESS_TOKEN", "JFrog")
_V("sonarcloud-user-token", t_sonar, "SONAR_TOKEN", "SonarCloud")
_V("postmark-server-token", t_heroku, "POSTMARK_SERVER_TOKEN", "Postmark")
_V("heroku-api-key-uuid", t_heroku, "HEROKU_API_KEY", "Heroku")
_V("codecov-upload-token", t_heroku, "CODECOV_TOKEN", "Codecov")
_V("telemetry-ingest-secret", t_telemetry_sk, "TELEMETRY_SECRET", "self-hosted telemetry")
_V("license-server-admin-key", t_lic_admin, "LICENSE_ADMIN_KEY", "license server")
_flush()

# ===========================================================================
# BENIGN: look-alikes with no credential in them
# ===========================================================================
_PHRASES = ["hello from the update server", "channel=beta;arch=arm64", "release notes for this build",
            "this is not a secret", "{\"channel\":\"stable\",\"rollout\":25}", "crash report attached",
            "user opted in to telemetry", "welcome to the beta program", "license check ok",
            "{\"theme\":\"dark\",\"sync\":true}", "see CHANGELOG.md", "build finished without errors"]


def _b64text(c):
    return _b64s(_pick(_PHRASES) + " " + str(_R.randint(1, 9999)))


def _masked(c):
    return _pick(["ghp_", "sk_live_", "npm_", "sntrys_", "xoxb-", "GOCSPX-", "glpat-", "pdl_live_apikey_"]) + \
        _pick(["****", "••••••••", "...", "************", "[...]", "…"]) + _an(4)


_CTX.update({
    "sri": lambda c: "sha384-" + _b64(48),
    "integ": lambda c: "sha512-" + _b64(64),
    "gpgfp": lambda c: _hexu(40),
    "gpgfp_sp": lambda c: " ".join(_hexu(4) for _ in range(10)),
    "sshpub": lambda c: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_B64A, 43),
    "sshfp": lambda c: "SHA256:" + _c(_B64A, 43),
    "certfp": lambda c: ":".join(_hexu(2) for _ in range(32)),
    "certfp1": lambda c: ":".join(_hexu(2) for _ in range(20)),
    "b64text": _b64text,
    "pkl": lambda c: "pk_live_51" + _an(97),
    "phc": lambda c: "phc_" + _an(43),
    "paddlect": lambda c: "live_" + _hex(27),
    "extkey": lambda c: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _c(_B64A, 340) + "IDAQAB",
    "minipub": lambda c: "RW" + _c(_B64A, 54),
    "agepub": lambda c: "age1" + _c("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "sha7b": lambda c: _hex(7),
    "masked": _masked,
    "edsig": lambda c: _b64(64),
    "pubpem": lambda c: _pem("MCowBQYDK2VwAyEA", 60, pad=0),
    "certpem": lambda c: _pem("MIIFzTCCBLWgAwIBAgIQ", 400),
    "rsapub": lambda c: _pem("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 392),
    "ciphertext": lambda c: _b64(_R.randint(30, 60)),
    "vaulthex": lambda c: "\n".join(_hex(80) for _ in range(4)),
    "appver": lambda c: "%d%02d%02d.%d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28), _R.randint(1, 9)),
    "cfray": lambda c: _hex(16) + "-" + _pick(["FRA", "AMS", "SJC", "NRT", "LHR", "IAD", "SIN"]),
    "awsreq": lambda c: _uuid(),
    "xtrace": lambda c: "1-" + _hex(8) + "-" + _hex(24),
    "stripeid": lambda c: _pick(["cus_", "pi_", "ch_", "evt_", "price_", "prod_", "sub_", "in_"]) + _an(_R.choice([14, 24])),
    "paddleid": lambda c: _pick(["txn_", "ctm_", "pri_", "sub_", "pro_", "ntf_", "add_", "evt_"]) + _ulid(),
    "lsid": lambda c: str(_R.randint(10000, 999999)),
    "storeid": lambda c: "9N" + _uan(10),
    "aida": lambda c: "AIDA" + _c(_UP + "234567", 17),
    "acct": lambda c: _dg(12),
    "dur": lambda c: "%dm%02ds" % (_R.randint(0, 14), _R.randint(0, 59)),
    "kib": lambda c: str(_R.randint(12, 9000)),
    "gofile": lambda c: _pick(["github.com/keygen-sh/keygen-go/v3", "golang.org/x/crypto", "github.com/getsentry/sentry-go",
                               "github.com/stripe/stripe-go/v76", "github.com/minio/selfupdate"]),
    "crate": lambda c: _pick(["tauri-plugin-updater", "minisign-verify", "reqwest", "sentry", "ed25519-dalek", "base64"]),
    "npmpkg": lambda c: _pick(["electron-updater", "@electron/notarize", "web-ext", "chrome-webstore-upload",
                               "@sentry/electron", "@lemonsqueezy/lemonsqueezy.js", "keytar", "electron-log"]),
    "pypkg": lambda c: _pick(["paddle-billing", "sentry-sdk", "cryptography", "pyjwt", "requests", "boto3"]),
    "ghsecret": lambda c: _pick(["APPLE_APP_SPECIFIC_PASSWORD", "CSC_KEY_PASSWORD", "WIN_CSC_KEY_PASSWORD",
                                 "AMO_JWT_SECRET", "CWS_REFRESH_TOKEN", "CWS_CLIENT_SECRET", "SENTRY_AUTH_TOKEN",
                                 "TAURI_SIGNING_PRIVATE_KEY_PASSWORD", "EDGE_API_KEY", "KEYGEN_PRODUCT_TOKEN",
                                 "PADDLE_API_KEY", "SPARKLE_PRIVATE_KEY", "MAC_CERTS_P12", "SM_API_KEY"]),
    "ghsecret2": lambda c: _pick(["GH_TOKEN", "NPM_TOKEN", "APPLE_ID", "APPLE_TEAM_ID", "BUGSNAG_AUTH_TOKEN",
                                  "LEMONSQUEEZY_API_KEY", "GUMROAD_ACCESS_TOKEN", "AWS_SECRET_ACCESS_KEY",
                                  "R2_SECRET_ACCESS_KEY", "SNAPCRAFT_STORE_CREDENTIALS"]),
    "vaultpath": lambda c: "secret/" + _pick(["desktop", "extensions", "licensing", "release"]) + "/" +
                           _pick(["macos-signing", "windows-ev", "amo", "cws", "edge", "paddle", "keygen",
                                  "sentry", "sparkle", "tauri-updater"]),
    "opref": lambda c: "op://" + _pick(["Release", "Release Engineering", "Desktop", "Store Accounts"]) + "/" +
                       _pick(["AMO JWT", "Chrome Web Store OAuth", "Apple Notary", "EV Token", "Paddle API",
                              "Sparkle EdDSA", "Keygen Admin"]) + "/" + _pick(["credential", "password", "secret", "refresh_token"]),
    "placeholder": lambda c: _pick(["<your-app-specific-password>", "YOUR_API_SECRET_HERE", "<REFRESH_TOKEN>",
                                    "xxxx-xxxx-xxxx-xxxx", "********", "[REDACTED]", "<redacted>", "${CSC_KEY_PASSWORD}",
                                    "$(PfxPassword)", "%WIN_CSC_KEY_PASSWORD%", "{{ .Env.GITHUB_TOKEN }}",
                                    "REPLACE_ME", "<paste token here>", "sk_live_...", "ghp_XXXXXXXXXXXXXXXX",
                                    "***", "(hidden)", "<secret>", "TODO-set-in-CI", "${{ secrets.AMO_JWT_SECRET }}"]),
    "policy_len": lambda c: str(_R.choice([10, 12, 14, 16, 20])),
    "days": lambda c: str(_R.choice([30, 60, 90, 180, 365])),
    "date2": _ctx_date,
    "hex6a": lambda c: _hex(6),
    "hex6b": lambda c: _hex(6),
    "an4": lambda c: _an(4),
    "an4b": lambda c: _an(4),
    "hex64b": lambda c: _hex(64),
    "hex64c": lambda c: _hex(64),
    "thumb2": lambda c: _hexu(40),
    "hex7": lambda c: _hex(7),
    "hexu16": lambda c: _hexu(16),
    "tpub": lambda c: tauri_pub(),
    "tsig": lambda c: _b64s("untrusted comment: signature from tauri secret key\nRUT" + _b64(72).rstrip("=")
                            + "\ntrusted comment: timestamp:" + str(_epoch()) + "\tfile:" + _g(c, "app")
                            + ".app.tar.gz\n" + _b64(64) + "\n"),
    "tfvar": lambda c: _pick(["paddle_api_key", "keygen_admin_token", "cloudflare_api_token", "sentry_auth_token",
                              "r2_secret_access_key", "db_password"]),
    "npmpkgbase": lambda c: _g(c, "npmpkg").split("/")[-1],
    "b64pub2": lambda c: _b64(32),
    "company_id": lambda c: _dg(5) + _g(c, "app") + "Labs",
    "b64iv": lambda c: _b64(12),
    "b64tag": lambda c: _b64(16),
    "ciphertext2": lambda c: _b64(_R.randint(30, 60)),
})

# --- commands -------------------------------------------------------------
_B("xcrun notarytool submit dist/{app}-{ver}.dmg --keychain-profile \"{prof}\" --wait")
_B("xcrun notarytool log {uuid} --keychain-profile \"{prof}\" notary-log-{date8}.json")
_B("xcrun notarytool submit {app}.zip --key ~/.private_keys/AuthKey_{keyid}.p8 --key-id {keyid} --issuer {uuid} --wait")
_B("xcrun altool --notarize-app -f {app}.zip --primary-bundle-id com.{slug}.desktop -u {email} -p \"@keychain:{prof}\"")
_B("signtool sign /sha1 {thumb} /fd sha256 /tr http://timestamp.digicert.com /td sha256 \"dist\\{app} Setup {ver}.exe\"")
_B("signtool verify /pa /v \"dist\\{app} Setup {ver}.exe\"")
_B("codesign --deep --force --options runtime --timestamp --sign \"Developer ID Application: {company} ({team})\" dist/mac-arm64/{app}.app")
_B("spctl -a -vvv -t install dist/{app}-{ver}.pkg")
_B("web-ext sign --api-key=\"$WEB_EXT_API_KEY\" --api-secret=\"$WEB_EXT_API_SECRET\" --channel=unlisted -s dist/{slug}-firefox")
_B("npx chrome-webstore-upload-cli upload --source {slug}-{ver}.zip --extension-id {extid} --client-id \"$CLIENT_ID\" --client-secret \"$CLIENT_SECRET\" --refresh-token \"$REFRESH_TOKEN\"")
_B("gh secret set {ghsecret} --repo {org}/{slug}-desktop < /dev/stdin   # typed interactively, nothing echoed")
_B("op read \"{opref}\" | pbcopy")
_B("vault kv get -field=pfx_password {vaultpath}")
_B("aws secretsmanager get-secret-value --secret-id prod/{slug}/{ghsecret} --query ARN --output text")
_B("export CSC_KEY_PASSWORD=\"$(security find-generic-password -s csc-{slug} -w)\"")
_B("docker pull ghcr.io/{org}/license-server@sha256:{hex64}")
_B("gpg --keyserver keys.openpgp.org --recv-keys {gpgfp}")
_B("git checkout {sha} -- electron-builder.yml")
_B("git cherry-pick {sha7}..{sha7b}")
_B("cargo tauri signer generate -w ~/.tauri/{slug}.key")
_B("./bin/generate_appcast --ed-key-file ~/secrets/sparkle_ed25519.key --download-url-prefix https://{host}/mac/ updates/")
_B("echo '{b64text}' | base64 -d")
_B("curl -H \"Authorization: Bearer $SENTRY_AUTH_TOKEN\" https://sentry.io/api/0/projects/{slug}/desktop/events/{hex32}/")
_B("kubectl create secret generic licd-env --from-env-file=.env.production --dry-run=client -o yaml | kubeseal -o yaml > k8s/sealed-licd-{date8}.yaml")
_B("openssl rand -hex 32 | npx wrangler secret put LEMONSQUEEZY_WEBHOOK_SECRET --env {branch}")
_B("shasum -a 256 dist/{app}-{ver}-universal.dmg")
_B("sentry-cli releases new {slug}-desktop@{ver} && sentry-cli releases set-commits --auto {slug}-desktop@{ver}")
_B("curl -s https://api.keygen.sh/v1/accounts/{uuid}/me -H \"Authorization: Bearer ${KEYGEN_TOKEN:?missing}\"")
_B("security unlock-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain && security set-keychain-settings -t 3600 -l build.keychain")
_B("signtool sign /f %CERT_PATH% /p %CERT_PASSWORD% /fd sha256 /tr http://timestamp.digicert.com /td sha256 {app}-{ver}.exe")
_B("az keyvault secret show --vault-name {slug}-signing --name pfx-password --query id -o tsv")
_B("gcloud secrets versions access latest --secret=cws-refresh-token --project {slug}-prod > /dev/null && echo \"secret exists\"")
_B("git log --format='%H %an %s' -n 3 {tag}")
_B("npm view {npmpkg}@{ver} dist.integrity")
_B("xcrun stapler staple -v dist/{app}-{ver}.dmg")
_B("npx @electron/fuses read --app dist/mac-arm64/{app}.app")

# --- tool output ----------------------------------------------------------
_B("Executable=/Applications/{app}.app/Contents/MacOS/{app}\nIdentifier=com.{slug}.desktop\nFormat=app bundle with Mach-O universal (x86_64 arm64)\nCodeDirectory v=20500 size={kib} flags=0x10000(runtime) hashes=1234+7 location=embedded\nCDHash={hex40}\nAuthority=Developer ID Application: {company} ({team})\nTimestamp={date} {time}\nTeamIdentifier={team}")
_B("Conducting pre-submission checks for {app}-{ver}.dmg and initiating connection to the Apple notary service...\nSubmission ID received\n  id: {uuid}\nSuccessfully uploaded file\n  id: {uuid}\n  path: /Users/{user}/src/{slug}/dist/{app}-{ver}.dmg\nWaiting for processing to complete.\nCurrent status: Accepted........")
_B("{\n  \"logFormatVersion\": 1,\n  \"jobId\": \"{uuid}\",\n  \"status\": \"Accepted\",\n  \"archiveFilename\": \"{app}-{ver}.zip\",\n  \"sha256\": \"{hex64}\",\n  \"ticketContents\": [{\"path\": \"{app}.app\", \"digestAlgorithm\": \"SHA-256\", \"cdhash\": \"{hex40}\", \"arch\": \"arm64\"}],\n  \"issues\": null\n}")
_B("Verifying: dist\\{app} Setup {ver}.exe\nSigner Certificate Chain:\n    Issued to: {company}\n    Issued by: DigiCert Trusted G4 Code Signing RSA4096 SHA384 2021 CA1\n    Expires:   {date}\n    SHA1 hash: {thumb}\nThe signature is timestamped: {date} {time}\nSuccessfully verified: dist\\{app} Setup {ver}.exe")
_B("SignerCertificate                         Status  Path\n-----------------                         ------  ----\n{thumb}  Valid   {app}Setup-{ver}.exe")
_B("Your add-on has been submitted for review. It passed validation but could not be automatically signed because this is a listed add-on.\nExtension ID: {{uuid}}\nSignedAddon: web-ext-artifacts/{slug}-{ver}.xpi")
_B("NAME                                UPDATED\n{ghsecret}        about {n} days ago\n{ghsecret2}                 about {n2} days ago")
_B("CSC_LINK=***\nCSC_KEY_PASSWORD=***\nAPPLE_ID=***\nAPPLE_TEAM_ID={team}\nGITHUB_SHA={sha}")
_B("id       token        created     readonly  CIDR whitelist\n{hex6a}…  npm_…{an4}  {date}  no\n{hex6b}…  npm_…{an4b}  {date}  yes")
_B("Sentry Server: https://sentry.io\nDefault Organization: {slug}\nDefault Project: desktop\n\nAuthentication Info:\n  Method: Auth Token\n  User: {email}\n  Scopes:\n    - project:releases\n    - org:read")
_B("REPOSITORY                              TAG       DIGEST                                                                    IMAGE ID\nghcr.io/{org}/license-server            {ver}     sha256:{hex64}   {hex12}")
_B("{sha7} (HEAD -> {branch}, origin/{branch}) chore(release): {ver}\n{sha7b} fix(updater): verify sha512 before install\n{hex7} feat(license): offline grace period")
_B("NAME                  TYPE                             DATA   AGE\nlicd-env              Opaque                           {n}      {n2}d\nregistry-ghcr         kubernetes.io/dockerconfigjson   1      {n}d")
_B("====== Metadata ======\nKey                Value\n---                -----\ncreated_time       {ts}\ncurrent_version    {n}\nmax_versions       0\noldest_version     1\npath               {vaultpath}")
_B("{\n    \"UserId\": \"{aida}\",\n    \"Account\": \"{acct}\",\n    \"Arn\": \"arn:aws:iam::{acct}:user/{slug}-release-bot\"\n}")
_B("pub   ed25519 {date} [SC] [expires: {date2}]\n      {gpgfp}\nuid           [ultimate] {company} Releases <releases@{dom}>\nsub   cv25519 {date} [E]")
_B("256 {sshfp} {email} (ED25519)")
_B("{hex64}  {app}-{ver}-arm64.dmg\n{hex64b}  {app}-{ver}-x64.dmg\n{hex64c}  {app}-Setup-{ver}.exe")
_B("version: {ver}\nfiles:\n  - url: {app}-{ver}-mac.zip\n    sha512: {sha512b64}\n    size: {size}\npath: {app}-{ver}-mac.zip\nsha512: {sha512b64}\nreleaseDate: '{ts}'")
_B("{thumb} {app}-{ver}-full.nupkg {size}\n{thumb2} {app}-{ver}-delta.nupkg {kib}")
_B("<item>\n  <title>Version {ver}</title>\n  <sparkle:version>{n}{n2}</sparkle:version>\n  <pubDate>{date}</pubDate>\n  <enclosure url=\"https://{host}/mac/{app}-{ver}.zip\" sparkle:edSignature=\"{edsig}\" length=\"{size}\" type=\"application/octet-stream\"/>\n</item>")
_B("{\n  \"version\": \"{ver}\",\n  \"pub_date\": \"{ts}\",\n  \"platforms\": {\n    \"darwin-aarch64\": {\n      \"signature\": \"{tsig}\",\n      \"url\": \"https://{host}/tauri/{app}_{ver}_aarch64.app.tar.gz\"\n    }\n  }\n}")
_B("sha256 Fingerprint={certfp}")
_B("SHA1 Fingerprint={certfp1}\nserial=0{hexu24}")
_B("Processing: /Users/{user}/src/{slug}/dist/{app}-{ver}.dmg\nThe validate action worked!")
_B("$ npm config get //registry.npmjs.org/:_authToken\n(protected)")
_B("Analyzing app: {app}.app\nFuse Version: v1\n  RunAsNode is Disabled\n  EnableCookieEncryption is Enabled\n  EnableNodeCliInspectArguments is Disabled\n  EnableEmbeddedAsarIntegrityValidation is Enabled\n  OnlyLoadAppFromAsar is Enabled")
_B("  1) {thumb} \"Developer ID Application: {company} ({team})\"\n  2) {thumb2} \"Apple Development: {email} ({keyid})\"\n     2 valid identities found")
_B("{\"data\":{\"id\":\"{uuid}\",\"type\":\"licenses\",\"attributes\":{\"name\":\"{app} Pro\",\"key\":\"[hidden]\",\"status\":\"ACTIVE\",\"uses\":{n}}},\"meta\":{\"valid\":true,\"detail\":\"is valid\",\"code\":\"VALID\"}}")
_B("{\"data\":{\"id\":\"{paddleid}\",\"status\":\"completed\",\"customer_id\":\"ctm_{ulid}\",\"items\":[{\"price\":{\"id\":\"pri_{ulid2}\"},\"quantity\":1}],\"currency_code\":\"EUR\"}}")
_B("{\"id\": \"evt_{an24}\", \"object\": \"event\", \"type\": \"checkout.session.completed\", \"data\": {\"object\": {\"id\": \"cs_live_{an24}\", \"customer\": \"{stripeid}\"}}}")
_B("{\"activated\":true,\"error\":null,\"license_key\":{\"id\":{lsid},\"status\":\"active\",\"key\":\"{masked}\",\"activation_limit\":3},\"instance\":{\"id\":\"{uuid}\",\"name\":\"{user}-MacBook\"}}")
_B("$ git rev-parse HEAD\n{sha}")
_B("$ uuidgen\n{uuidu}")
_B("Resolving {gofile} {tag}\n{gofile} {tag} h1:{b64pub}")

# --- config files ---------------------------------------------------------
_B("appId: com.{slug}.desktop\nproductName: {app}\npublish:\n  provider: github\n  owner: {org}\n  repo: {slug}-desktop\n  releaseType: release\nmac:\n  notarize: true\n  hardenedRuntime: true")
_B("owner: {org}\nrepo: {slug}-desktop\nprovider: github\nupdaterCacheDirName: {slug}-updater")
_B("\"build\": {\n  \"appId\": \"com.{slug}.desktop\",\n  \"mac\": { \"notarize\": { \"teamId\": \"{team}\" }, \"identity\": \"{company} ({team})\" },\n  \"win\": { \"certificateSha1\": \"{thumb}\", \"publisherName\": \"{company}\" }\n}")
_B("\"plugins\": {\n  \"updater\": {\n    \"endpoints\": [\"https://{host}/tauri/latest.json\"],\n    \"pubkey\": \"{tpub}\"\n  }\n}")
_B("<key>SUFeedURL</key>\n<string>https://{host}/appcast.xml</string>\n<key>SUPublicEDKey</key>\n<string>{b64pub}</string>\n<key>SUEnableAutomaticChecks</key>\n<true/>")
_B("{\n  \"manifest_version\": 3,\n  \"name\": \"{app}\",\n  \"version\": \"{ver}\",\n  \"key\": \"{extkey}\",\n  \"oauth2\": { \"client_id\": \"{gclient}\", \"scopes\": [\"openid\", \"email\"] }\n}")
_B("\"browser_specific_settings\": {\n  \"gecko\": {\n    \"id\": \"{{uuid}}\",\n    \"strict_min_version\": \"115.0\",\n    \"update_url\": \"https://{host}/firefox/updates.json\"\n  }\n}")
_B("# .env.example -- copy to .env and fill in\nAPPLE_ID=you@example.com\nAPPLE_APP_SPECIFIC_PASSWORD={placeholder}\nAPPLE_TEAM_ID={team}\nWEB_EXT_API_SECRET=\nSENTRY_AUTH_TOKEN=")
_B("@{slug}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}")
_B("        env:\n          - name: KEYGEN_PRODUCT_TOKEN\n            valueFrom:\n              secretKeyRef:\n                name: keygen-{slug}\n                key: product-token")
_B("services:\n  licd:\n    image: ghcr.io/{org}/licd:{ver}\n    environment:\n      DATABASE_URL: ${DATABASE_URL:?set in .env}\n      PADDLE_API_KEY: ${PADDLE_API_KEY}\n      KEYGEN_TOKEN_FILE: /run/secrets/keygen_token\n    secrets: [keygen_token]")
_B("variable \"{tfvar}\" {\n  description = \"Sensitive; supplied via TF_VAR_{tfvar} in CI\"\n  type        = string\n  sensitive   = true\n}")
_B("defaults.url=https://sentry.io/\ndefaults.org={slug}\ndefaults.project=desktop\n# auth.token is read from SENTRY_AUTH_TOKEN in CI")
_B("\"node_modules/{npmpkg}\": {\n  \"version\": \"{ver}\",\n  \"resolved\": \"https://registry.npmjs.org/{npmpkg}/-/{npmpkgbase}-{ver}.tgz\",\n  \"integrity\": \"{integ}\"\n}")
_B("\"{npmpkg}@^{ver}\":\n  version \"{ver}\"\n  resolved \"https://registry.yarnpkg.com/{npmpkg}/-/{npmpkgbase}-{ver}.tgz#{hex40}\"\n  integrity {integ}")
_B("[[package]]\nname = \"{crate}\"\nversion = \"{ver}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{hex64}\"")
_B("{gofile} v{ver} h1:{b64pub}\n{gofile} v{ver}/go.mod h1:{b64pub2}")
_B("{pypkg}=={ver} \\\n    --hash=sha256:{hex64} \\\n    --hash=sha256:{hex64b}")
_B("<key>ElectronAsarIntegrity</key>\n<dict>\n  <key>Resources/app.asar</key>\n  <dict>\n    <key>algorithm</key>\n    <string>SHA256</string>\n    <key>hash</key>\n    <string>{hex64}</string>\n  </dict>\n</dict>")
_B("[Setup]\nAppId={{{uuidu}}\nAppName={app}\nAppVersion={ver}\nAppPublisher={company}\nSignTool=ev $f")
_B("<Package Name=\"{app}\" Manufacturer=\"{company}\" Version=\"{ver}\" UpgradeCode=\"{uuidu}\">\n  <MajorUpgrade DowngradeErrorMessage=\"A newer version is already installed.\" />")
_B("<Identity Name=\"{company_id}.{app}\" Publisher=\"CN={uuidu}\" Version=\"{ver}.0\" ProcessorArchitecture=\"x64\" />\n<!-- Store ID: {storeid} -->")
_B("{\n  \"name\": \"{app} licensing (local)\",\n  \"values\": [\n    {\"key\": \"base_url\", \"value\": \"http://localhost:{port}\", \"enabled\": true},\n    {\"key\": \"admin_key\", \"value\": \"\", \"type\": \"secret\", \"enabled\": true}\n  ]\n}")
_B("creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: {agepub}")
_B("paddle:\n  api_key: ENC[AES256_GCM,data:{ciphertext},iv:{b64iv},tag:{b64tag},type:str]\nsops:\n  age:\n    - recipient: {agepub}")
_B("$ANSIBLE_VAULT;1.1;AES256\n{vaulthex}")
_B("environment:\n  CSC_KEY_PASSWORD:\n    secure: {ciphertext}\n  GH_TOKEN:\n    secure: {ciphertext2}")
_B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: licd-env\nspec:\n  encryptedData:\n    PADDLE_API_KEY: Ag{ciphertext}")
_B("Paddle.Initialize({ token: '{paddlect}', eventCallback: onPaddleEvent }); // client-side token, safe to ship")
_B("const stripe = Stripe('{pkl}'); // publishable key (public by design)")
_B("posthog.init('{phc}', { api_host: 'https://eu.i.posthog.com', person_profiles: 'identified_only' }) // project key is public")
_B("Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-{b64pub}'; connect-src 'self' https://{host}")
_B("<script src=\"https://{host}/checkout.js\" integrity=\"{sri}\" crossorigin=\"anonymous\"></script>")
_B("# keygen.pub -- Ed25519 verify key (public)\nKEYGEN_PUBLIC_KEY={hex64}")
_B("-----BEGIN PUBLIC KEY-----\n{pubpem}\n-----END PUBLIC KEY-----")
_B("-----BEGIN PUBLIC KEY-----\n{rsapub}\n-----END PUBLIC KEY-----")
_B("-----BEGIN CERTIFICATE-----\n{certpem}\n-----END CERTIFICATE-----")
_B("ssh-ed25519 {sshpub} deploy@{host}")
_B("untrusted comment: minisign public key {hexu16}\n{minipub}")

# --- source code ----------------------------------------------------------
_B("const token = process.env.GH_TOKEN;\nif (!token) throw new Error('GH_TOKEN is not set; see docs/releasing.md');")
_B("if (!process.env.APPLE_APP_SPECIFIC_PASSWORD) {\n  console.warn('skipping notarization: APPLE_APP_SPECIFIC_PASSWORD not set');\n  return;\n}")
_B("PADDLE_API_KEY = os.environ[\"PADDLE_API_KEY\"]  # never hard-code; rotated every {days} days")
_B("let password = std::env::var(\"TAURI_SIGNING_PRIVATE_KEY_PASSWORD\").unwrap_or_default();")
_B("token := os.Getenv(\"KEYGEN_TOKEN\")\nif token == \"\" {\n\tlog.Fatal(\"KEYGEN_TOKEN missing\")\n}")
_B("const fingerprint = createHash('sha256').update(machineIdSync()).digest('hex'); // e.g. {hex64}")
_B("const KEYGEN_VERIFY_KEY = '{hex64}'; // Ed25519 public key from the Keygen dashboard")
_B("const redact = (s) => s.replace(/(sk_live_|ghp_|npm_)[A-Za-z0-9]+/g, '$1****');")
_B("pfx_password = getpass.getpass(\"PFX password for {slug}.pfx: \")")
_B("crashReporter.start({ productName: '{app}', submitURL: 'https://crash.{dom}/minidump', uploadToDefault: true, extra: { build: '{sha7}' } });")
_B("Sentry.init({ dsn: import.meta.env.VITE_SENTRY_DSN, release: '{slug}-desktop@{ver}', tracesSampleRate: 0.1 });")
_B("const CACHE_KEY = `updates-${process.platform}-{hex16}`;")
_B("const EXTENSION_ID = '{extid}'; // public, appears in the store URL")
_B("static let teamID = \"{team}\"      // not a secret\nstatic let keyID = \"{keyid}\"       // ASC API key id, the .p8 lives in the keychain")
_B("def verify_paddle_signature(raw: bytes, header: str, secret: str) -> bool:\n    stamp, h1 = (part.split(\"=\", 1)[1] for part in header.split(\";\"))\n    expected = hmac.new(secret.encode(), f\"{stamp}:\".encode() + raw, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(expected, h1)")
_B("assert sha512_b64(path) == \"{sha512b64}\", \"update payload hash mismatch\"")
_B("// DO NOT put the AMO secret here. web-ext reads WEB_EXT_API_SECRET from the environment.\nexport default { sign: { channel: 'listed' } };")
_B("pub const UPDATE_PUBKEY: &str = \"{tpub}\";")
_B("const { password } = await inquirer.prompt([{ type: 'password', name: 'password', message: 'Keychain password:' }]);")
_B("test('masks tokens in logs', () => {\n  expect(mask('npm_' + 'a'.repeat(36))).toBe('npm_****');\n});")

# --- logs -----------------------------------------------------------------
_B("[{date} {time}.{ms}] [info]  Update for version {ver} is available (downloaded sha512 {sha512b64})")
_B("[sentry] Event {hex32} sent (status 200)")
_B("traceparent: 00-{hex32}-{hex16}-01")
_B("x-request-id: {uuid}\ncf-ray: {cfray}")
_B("{date} {time} INFO  s3 PutObject ok bucket={bucket} key=stable/{app}-{ver}.zip etag=\"{hex32}\" x-amz-request-id={hexu16}")
_B("[{pid}:{n}:{date8}/{time}.{ms}:INFO crash_report_upload_thread.cc:{lineno}] Report {uuid} uploaded as {hex16}")
_B("Bugsnag: delivered error {hex24} (session {uuid})")
_B("{ts} INFO  paddle webhook transaction.completed id={paddleid} customer=ctm_{ulid} signature=ts={epoch};h1={hex64} verified=true")
_B("{ts} INFO  lemonsqueezy order_created order_id={lsid} X-Signature={hex64} ok")
_B("{ts} DEBUG stripe event {stripeid} Stripe-Signature: t={epoch},v1={hex64}")
_B("{ts} POST /v1/licenses/activate 200 {ms}ms license={uuid} machine_fp={hex64}")
_B("{ts} WARN  login failed for {email}: password=*** reason=invalid_credentials")
_B("{ts} DEBUG outgoing request Authorization: Bearer [FILTERED] url=https://api.keygen.sh/v1/accounts/{uuid}/licenses")
_B("Stripe::AuthenticationError: Invalid API Key provided: sk_live_****************{an4}")
_B("web-ext: 401 Unauthorized from AMO: JWT issuer '{amoiss}' not recognised or secret mismatch (check WEB_EXT_API_SECRET)")
_B("{ip} - - [{date}:{time} +0000] \"GET /releases/{app}-{ver}-{sha7}.dmg HTTP/2.0\" 200 {size} \"-\" \"{app}/{ver} Sparkle/2.6\"")
_B("{date} {time}> CheckForUpdateImpl: Found {n} releases, latest is {ver} ({thumb})")
_B("{\"time\":\"{ts}\",\"type\":\"response\",\"auth\":{\"client_token\":\"hmac-sha256:{hex64}\",\"accessor\":\"hmac-sha256:{hex64b}\",\"display_name\":\"approle-ci\"},\"request\":{\"path\":\"{vaultpath}\"}}")
_B("Run actions/cache@v4\nCache restored successfully\nCache restored from key: node-modules-Linux-{hex64}")
_B("• cache hit, replaying logs {hex16}\n{slug}-desktop:build: dist/main.{hex8}.js  {kib} KiB")
_B("asset renderer.{hex8}.js {kib} KiB [emitted] [immutable] [minimized] (name: renderer)")
_B("{ts} notarization {uuid} status=Accepted elapsed={dur}")
_B("token=[REDACTED] user={user} action=publish extension={extid} result=ok")
_B("{ts} GitHub Actions: ::add-mask:: applied to 3 values; CSC_KEY_PASSWORD=*** WIN_CSC_KEY_PASSWORD=***")
_B("{time}.{ms} AWS request id {awsreq} X-Amzn-Trace-Id: Root={xtrace}")
_B("ERROR: notarytool: HTTP status code: 401. Unable to authenticate. Invalid credentials. Username or password is incorrect. Use the app-specific password generated at appleid.apple.com.")
_B("SignTool Error: No certificates were found that met all the given criteria. (sha1 {thumb})")

# --- notes and chat -------------------------------------------------------
_B("The AMO secret lives in 1Password ({opref}) — please don't paste it in here, {person}.")
_B("Rotated the CWS refresh token on {date}; the new one is stored as repo secret CWS_REFRESH_TOKEN (not in this note).")
_B("Password policy for the license admin: at least {policy_len} characters, no reuse of the last 5, rotate every {days} days, TOTP required.")
_B("I won't print the app-specific password; the CI job uses `--keychain-profile \"{prof}\"` instead.")
_B("{person}: Das Passwort liegt im Tresor unter \"Signing/EV-Token\", frag {person2} wenn du keinen Zugriff hast.")
_B("{person}: le mot de passe est dans Vault ({vaultpath}), demande à {person2} pour l'accès.")
_B("{person}: la contraseña está en 1Password, bóveda \"Release\"; no la pegues en Slack.")
_B("{person}: パスワードは1Passwordの「Release」保管庫にあります。チャットには貼らないでください。")
_B("{person}: 密码在 Vault 里（{vaultpath}），不要发到群里。")
_B("{person}: пароль лежит в Vault ({vaultpath}), не пиши его в чат.")
_B("Decision ({date}): never commit .p12/.pfx files; CI pulls them from secrets.MAC_CERTS_P12 and secrets.WIN_EV_PFX.")
_B("TODO: rotate AMO credentials before {date} (owner: {person}). Value not recorded here.")
_B("Note: Apple app-specific passwords look like xxxx-xxxx-xxxx-xxxx; generate one at appleid.apple.com > Sign-In and Security.")
_B("Ticket DESK-{n}{n2}: WIN_CSC_KEY_PASSWORD env var missing in the windows job after the runner upgrade.")
_B("FYI the extension ID {extid} is public — it's right in the Chrome Web Store URL.")
_B("Team ID {team} and Key ID {keyid} aren't secret; only the AuthKey_{keyid}.p8 file is.")
_B("commit {sha} fixed the notarization timeout (see #{n}{n2})")
_B("{person}: sent a password-reset link to {email}, nothing else needed from you.")
_B("The token showed up as {masked} in the log, so it was masked correctly; no rotation needed.")
_B("Reminder: the Sparkle public key ({b64pub}) goes into Info.plist; the private key never leaves the release Mac's keychain.")
_B("{person}: checksum for {app}-{ver}.dmg is {hex64}, matches what's on the download page.")
_B("Goal: publish {app} {ver} to AMO, Chrome Web Store and Edge using the credentials already configured as CI secrets.")
_B("Running notes: {time} triggered release workflow for {tag}; run id {bignum}; waiting on notarization ({uuid}).")
_B("Security review: license keys are signed with Ed25519; clients only embed the public verify key (KEYGEN_PUBLIC_KEY).")
_B("{person}: where do we keep the Paddle key?\n{person2}: Doppler project {slug}-licensing, config prd. Ask me for access.")
_B("Passphrase guidance: use 4+ random words from a diceware list; never reuse the EV token PIN elsewhere.")
_B("{person}: secret name is {ghsecret}, value is in the org-level secrets, not the repo.")

# --- CI and deploy --------------------------------------------------------
_B("      - name: Build & publish\n        env:\n          GH_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n          CSC_LINK: ${{ secrets.MAC_CERTS_P12 }}\n          CSC_KEY_PASSWORD: ${{ secrets.MAC_CERTS_PASSWORD }}\n        run: npx electron-builder --publish always")
_B("release:\n  script:\n    - echo \"using masked variable $SENTRY_AUTH_TOKEN\"\n    - sentry-cli releases new \"$CI_COMMIT_TAG\"\n  rules:\n    - if: $CI_COMMIT_TAG")
_B("  - script: signtool sign /f $(codesignPfx.secureFilePath) /p $(PfxPassword) /fd sha256 /tr http://timestamp.digicert.com /td sha256 $(Build.ArtifactStagingDirectory)\\*.exe")
_B("withCredentials([string(credentialsId: 'apple-notary-{slug}', variable: 'APPLE_APP_SPECIFIC_PASSWORD')]) {\n  sh 'npm run notarize'\n}")
_B("workflows:\n  release:\n    jobs:\n      - notarize:\n          context: apple-notary-{slug}")
_B("docker build --secret id=npmrc,src=$HOME/.npmrc -t ghcr.io/{org}/licd:{ver} .")
_B("      - run: echo \"::add-mask::$LICENSE_TOKEN\"")
_B("Run npx electron-builder --mac --publish never\n  env:\n    CSC_LINK: ***\n    CSC_KEY_PASSWORD: ***\n    APPLE_TEAM_ID: {team}")
_B("  - NOTARY_PASSWORD: $NOTARY_PASSWORD\n    opts:\n      is_expand: true")
_B("    APP_STORE_CONNECT_PRIVATE_KEY: Encrypted({ciphertext})")
_B("      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/electron\n          key: electron-${{ runner.os }}-${{ hashFiles('**/package-lock.json') }}")
_B("      - uses: tauri-apps/tauri-action@v0\n        env:\n          TAURI_SIGNING_PRIVATE_KEY: ${{ secrets.TAURI_SIGNING_PRIVATE_KEY }}\n          TAURI_SIGNING_PRIVATE_KEY_PASSWORD: ${{ secrets.TAURI_SIGNING_PRIVATE_KEY_PASSWORD }}\n        with:\n          tagName: {tag}")
_B("signs:\n  - cmd: cosign\n    args: [\"sign-blob\", \"--key=env://COSIGN_PRIVATE_KEY\", \"--output-signature=${signature}\", \"${artifact}\"]")
_B("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: licd\nspec:\n  secretStoreRef: { name: vault, kind: ClusterSecretStore }\n  data:\n    - secretKey: PADDLE_API_KEY\n      remoteRef: { key: {vaultpath}, property: api_key }")
_B("helm upgrade --install licd ./charts/licd -n licensing --set image.tag={ver} --set-file keygen.publicKey=keys/keygen.pub")
_B("      - uses: wdzeng/firefox-addon@v1\n        with:\n          addon-guid: '{{uuid}}'\n          xpi-path: web-ext-artifacts/{slug}-{ver}.zip\n          jwt-issuer: ${{ secrets.FIREFOX_JWT_ISSUER }}\n          jwt-secret: ${{ secrets.FIREFOX_JWT_SECRET }}")
_B("      - uses: mnao305/chrome-extension-upload@v5.0.0\n        with:\n          extension-id: {extid}\n          client-id: ${{ secrets.CWS_CLIENT_ID }}\n          client-secret: ${{ secrets.CWS_CLIENT_SECRET }}\n          refresh-token: ${{ secrets.CWS_REFRESH_TOKEN }}")
_B("Artifact {slug}-mac-{ver} uploaded: {size} bytes, digest sha256:{hex64}")
_B("Published {app} {ver} (build {appver}, commit {sha7}) to channel stable; rollout {n}%")
_B("config:\n  aws:region: {region}\n  licd:dbPassword:\n    secure: v1:{b64iv}:{ciphertext}")
_B("$ gh run view {bignum} --log | grep -i token\nGITHUB_TOKEN permissions: contents: write, packages: read\n  TOKEN: ***")
_B("{person}: a senha está no cofre da equipe (Bitwarden, coleção \"Release\"), não no README.")
_B("{person}: 비밀번호는 1Password \"Release\" 금고에 있어요. 여기엔 안 적을게요.")
_B("{person}: hasło jest w Vault ({vaultpath}), nie wklejaj go na kanał.")
_B("The notarytool keychain profile \"{prof}\" is only a label; the app-specific password itself stays in the keychain.")
_B("[{date} {time}.{ms}] [info]  electron-updater: private repo detected, using GH_TOKEN from environment (value not logged)")
_B("{ts} INFO  keygen machine activated id={uuid} fingerprint={hex64} license={uuid2}")
