"""Blind hold-out corpus #29 for a secret-redaction engine.

What this is
    A test corpus of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI and similar) keeps in its saved working state: goals,
    running notes, shell commands it ran, tool output, excerpts of files it
    opened, decisions, and chat messages pasted in by teammates.  Each
    fragment in SECRETS hides exactly one credential that a redaction engine
    must remove; BENIGN holds look-alike strings that must be left alone.

Theme
    Open-source maintainers, release engineering and backend developers:
    publishing to package registries (npm, PyPI, crates.io, RubyGems, Hex,
    NuGet, Maven Central, Gradle plugin portal, CocoaPods, pub.dev,
    Packagist, container registries, Helm, Homebrew, Chocolatey, Snapcraft,
    Flathub, editor marketplaces, Terraform registry), code signing and
    provenance (GPG, cosign, minisign, signify, Authenticode, Apple
    notarization), release tooling, CI systems of many vendors, docs hosting,
    community infrastructure, and backend code in many languages.  Roughly a
    quarter of the notes and chat messages are written in languages other
    than English.

Provenance
    Written blind, from general knowledge only: no scanner rule set, no other
    corpus and no engine code was consulted.  Where the real format of a
    vendor token is not known to the author, an invented but plausible shape
    is used (prefix, alphabet and length chosen to look like the real thing).

Layout
    SECRETS is a list of 5-tuples (group, format, text, secret, visible):
      group   -- one of command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
      format  -- kebab-case name of the shape (each used at most 3 times)
      text    -- the fragment as the agent would have recorded it
      secret  -- exact substring of text that must not survive redaction
                 (key body only for private keys, signature only for signed
                 URLs, password only for user:password pairs)
      visible -- substring of text that must stay readable, or ""
    BENIGN is a list of distinct strings with no credential in them that a
    naive scanner might still flag (digests, ids, public keys, placeholders,
    masked values, references to secrets by name, prose about secrets...).

Determinism
    Every random value (secrets and filler such as hashes, dates and ids) is
    generated at import time from random.Random(2929).  Importing the module
    prints nothing, and two imports yield identical lists.

Measured
    Blind, before any rule was written for it: recall 0.949 (1,486 of 1,566) and false
    positives 28 of 969 (2.9%) with the engine at the start of the session that added the
    twenty-eighth corpus, 0.950 and the same 28 with that session's rules (written for the
    twenty-eighth, before this one was read). After reading it: 0.954 and 22.
"""
import base64
import json
import random
import string

R = random.Random(2929)

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
ALNUM = LOWER + UPPER + DIGITS
LALNUM = LOWER + DIGITS
UALNUM = UPPER + DIGITS
HEX = "0123456789abcdef"
B64U = ALNUM + "-_"
B64 = ALNUM + "+/"
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

WORDS = (
    "amber anchor apricot argon aspen atlas badger bamboo basil beacon birch "
    "bison bramble breeze cactus canyon cedar cobalt comet copper coral cosmos "
    "cricket crimson dahlia delta dune ember falcon fennel fjord flint fossil "
    "galaxy garnet geyser ginger glacier granite gravel harbor hazel heron "
    "hickory indigo iris jasper juniper kelp kestrel lagoon lantern lava lemon "
    "lilac lotus lynx magnet mango maple marble meadow mesa meteor mint mosaic "
    "nebula nectar nickel nutmeg oasis obsidian ocelot olive onyx orbit orchid "
    "otter oyster paprika pebble pepper pewter pine plasma plum pollen prairie "
    "prism puffin quartz quokka quill radish raven reef ribbon saffron sage "
    "sapphire scarab sequoia shale sierra sorrel sparrow spruce starling "
    "summit sunflower tamarind tangerine thistle thunder tidal topaz tundra "
    "turnip umber velvet violet walnut willow wombat yarrow zephyr zinnia"
).split()

SEEN = set()


def pick(alpha, n):
    return "".join(R.choice(alpha) for _ in range(n))


def rbytes(n):
    return bytes(R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode().rstrip("=")


def wrap(s, w=64):
    return "\n".join(s[i:i + w] for i in range(0, len(s), w))


def uuid4():
    h = pick(HEX, 32)
    h = h[:12] + "4" + h[13:16] + R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def cap(w):
    return w[:1].upper() + w[1:]


def password():
    style = R.randrange(7)
    w1, w2, w3 = R.sample(WORDS, 3)
    sym = R.choice("!*+-.?@^_~%")
    if style == 0:
        return cap(w1) + R.choice("-_.") + cap(w2) + str(R.randint(10, 9999)) + sym
    if style == 1:
        return w1 + str(R.randint(10, 999)) + sym + w2 + sym
    if style == 2:
        return pick(ALNUM + "!*+-.?@^_~%", R.randint(14, 24))
    if style == 3:
        leet = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
        w = "".join(leet.get(c, c) if R.random() < 0.5 else c for c in cap(w1) + cap(w2))
        return w + sym + str(R.randint(1990, 2026))
    if style == 4:
        return cap(w1) + str(R.randint(2019, 2026)) + sym + cap(w2) + sym
    if style == 5:
        return pick(ALNUM, 4) + sym + cap(w1) + sym + pick(ALNUM, 5)
    return cap(w1) + cap(w2) + cap(w3) + str(R.randint(1, 99))


def password_url():
    style = R.randrange(3)
    w1, w2 = R.sample(WORDS, 2)
    if style == 0:
        return pick(ALNUM, R.randint(16, 28))
    if style == 1:
        return cap(w1) + R.choice("-_.~") + cap(w2) + str(R.randint(100, 9999))
    return pick(ALNUM + "-_.~", R.randint(18, 26))


def passphrase(sep=None):
    n = R.randint(4, 6)
    sep = sep if sep is not None else R.choice([" ", "-", ".", "_"])
    ws = R.sample(WORDS, n)
    if R.random() < 0.4:
        ws[R.randrange(n)] += str(R.randint(0, 99))
    return sep.join(ws)


def jwt(alg="HS256", claims=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if R.random() < 0.4:
        hdr["kid"] = pick(HEX, 16)
    now = R.randint(1690000000, 1760000000)
    body = {"sub": R.choice(["release-bot", "ci", "deploy", "uploader", "svc-" + pick(LOWER, 5)]),
            "iat": now, "exp": now + R.choice([900, 3600, 86400, 2592000])}
    if claims:
        body.update(claims)
    if R.random() < 0.5:
        body["jti"] = uuid4()
    enc = lambda d: base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")
    sig = b64u(64 if alg.startswith(("RS", "ES5")) and R.random() < 0.3 else 32)
    if alg.startswith("RS"):
        sig = b64u(256)
    return enc(hdr) + "." + enc(body) + "." + sig


def der_body(prefix, nbytes, width=64):
    raw = base64.b64encode(rbytes(nbytes)).decode()
    raw = prefix + raw[len(prefix):]
    return wrap(raw, width)


def pem_rsa():
    return der_body("MIIEowIBAAKCAQEA", 1191)


def pem_rsa4096():
    return der_body("MIIJKAIBAAKCAgEA", 2349)


def pem_ec():
    return der_body("MHcCAQEEI", 121)


def pem_pkcs8():
    return der_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1217)


def pem_pkcs8_ec():
    return der_body("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 138)


def pem_encrypted():
    return der_body("MIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDgQI", 1315)


def openssh_ed25519():
    return der_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                    "QyNTUxOQAAACA", 300, 70)


def openssh_rsa():
    return der_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn"
                    "NhAAAAAwEAAQAAAYEA", 1870, 70)


def openssh_enc():
    return der_body("b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABA", 464, 70)


def pgp_private():
    body = der_body("lQdGBG" + pick(ALNUM, 4), 2650)
    return body + "\n=" + b64(3)


def pgp_private_ecc():
    body = der_body("lIYEZ" + pick(ALNUM, 3), 400)
    return body + "\n=" + b64(3)


def sigstore_key():
    return der_body("eyJrZGYiOnsibmFtZSI6InNjcnlwdCIsInBhcmFtcyI6eyJOIjozMjc2OCwiciI6OCwicCI6MX0sInNhbHQiOiI", 520)


def age_key():
    return "AGE-SECRET-KEY-1" + pick(BECH32, 58).upper()


def esc_nl(s):
    return s.replace("\n", "\\n")


def slack(kind):
    return "xox%s-%d-%d-%s" % (kind, R.randint(10 ** 10, 10 ** 12), R.randint(10 ** 12, 10 ** 13), pick(ALNUM, 24))


def discord():
    uid = str(R.randint(10 ** 17, 10 ** 18 * 2))
    return base64.b64encode(uid.encode()).decode().rstrip("=") + "." + pick(B64U, 6) + "." + pick(B64U, 38)


def basic(user):
    return base64.b64encode(("%s:%s" % (user, password_url())).encode()).decode()


def gen_kind(spec):
    name, _, arg = spec.partition(":")
    n = int(arg) if arg.isdigit() else 0
    k = {
        "hex": lambda: pick(HEX, n),
        "HEX": lambda: pick(HEX.upper(), n),
        "alnum": lambda: pick(ALNUM, n),
        "lower": lambda: pick(LALNUM, n),
        "upper": lambda: pick(UALNUM, n),
        "digits": lambda: str(R.randint(1, 9)) + pick(DIGITS, n - 1),
        "b64": lambda: b64(n),
        "b64u": lambda: b64u(n),
        "b64chars": lambda: pick(B64, n),
        "uuid": uuid4,
        "pw": password,
        "pwu": password_url,
        "pp": passphrase,
        "pph": lambda: passphrase("-"),
        "pps": lambda: passphrase(" "),
        "jwt": lambda: jwt(arg or "HS256"),
        "npm": lambda: "npm_" + pick(ALNUM, 36),
        "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + pick(B64U, R.randint(150, 190)),
        "testpypi": lambda: "pypi-AgENdGVzdC5weXBpLm9yZw" + pick(B64U, R.randint(140, 170)),
        "cio": lambda: "cio" + pick(ALNUM, 32),
        "rubygems": lambda: "rubygems_" + pick(HEX, 48),
        "nuget": lambda: "oy2" + pick(LALNUM, 43),
        "dckr": lambda: "dckr_pat_" + pick(B64U, 27),
        "ghp": lambda: "ghp_" + pick(ALNUM, 36),
        "gho": lambda: "gho_" + pick(ALNUM, 36),
        "ghs": lambda: "ghs_" + pick(ALNUM, 36),
        "ghu": lambda: "ghu_" + pick(ALNUM, 36),
        "ghr": lambda: "ghr_" + pick(ALNUM, 76),
        "ghpat": lambda: "github_pat_11" + pick(UALNUM, 20) + "_" + pick(ALNUM, 59),
        "glpat": lambda: "glpat-" + pick(B64U, 20),
        "gldt": lambda: "gldt-" + pick(B64U, 20),
        "glrt": lambda: "glrt-" + pick(B64U, 20),
        "glptt": lambda: "glptt-" + pick(HEX, 40),
        "quay": lambda: pick(UALNUM, 64),
        "azpat": lambda: pick(LOWER + "234567", 52),
        "jbperm": lambda: "perm:" + base64.b64encode(pick(LOWER, R.randint(5, 10)).encode()).decode() + "." + base64.b64encode(str(R.randint(10, 99)).encode() + b"-" + str(R.randint(1000, 9999)).encode()).decode() + "." + pick(ALNUM, 30),
        "tfc": lambda: pick(ALNUM, 14) + ".atlasv1." + pick(ALNUM, 67),
        "sqp": lambda: "sqp_" + pick(HEX, 40),
        "squ": lambda: "squ_" + pick(HEX, 40),
        "sntrys": lambda: "sntrys_eyJpYXQiOj" + pick(B64U, 150) + "_" + pick(B64U, 43),
        "sntryu": lambda: "sntryu_" + pick(HEX, 64),
        "nfp": lambda: "nfp_" + pick(ALNUM, 36),
        "cf": lambda: pick(B64U, 40),
        "bkua": lambda: "bkua_" + pick(HEX, 40),
        "jenkins": lambda: "11" + pick(HEX, 32),
        "teamcity": lambda: "eyJ0eXAiOiAiVENWMiJ9." + pick(B64U, 36) + "." + pick(B64U, 48),
        "appveyor": lambda: "v2." + pick(LALNUM, 20),
        "syt": lambda: "syt_" + base64.b64encode(pick(LOWER, R.randint(4, 9)).encode()).decode().rstrip("=") + "_" + pick(ALNUM, 20) + "_" + pick(ALNUM, 6),
        "xoxb": lambda: slack("b"),
        "xoxp": lambda: slack("p"),
        "xapp": lambda: "xapp-1-A%s-%d-%s" % (pick(UALNUM, 10), R.randint(10 ** 12, 10 ** 13), pick(HEX, 64)),
        "discord": discord,
        "telegram": lambda: "%d:AA%s" % (R.randint(10 ** 9, 8 * 10 ** 9), pick(B64U, 33)),
        "wlu": lambda: "wlu_" + pick(ALNUM, 40),
        "awssk": lambda: pick(ALNUM + "+/", 40),
        "akia": lambda: "AKIA" + pick(UPPER + "234567", 16),
        "dop": lambda: "dop_v1_" + pick(HEX, 64),
        "flyv1": lambda: "fm2_" + pick(B64, 180) + "," + "fm2_" + pick(B64, 120),
        "sklive": lambda: "sk_live_51" + pick(ALNUM, 97),
        "rklive": lambda: "rk_live_51" + pick(ALNUM, 97),
        "whsec": lambda: "whsec_" + pick(ALNUM, 32),
        "sendgrid": lambda: "SG." + pick(B64U, 22) + "." + pick(B64U, 43),
        "mailgun": lambda: "key-" + pick(HEX, 32),
        "openai": lambda: "sk-proj-" + pick(B64U, 74) + "T3BlbkFJ" + pick(B64U, 74),
        "anthropic": lambda: "sk-ant-api03-" + pick(B64U, 93) + "AA",
        "hf": lambda: "hf_" + pick(ALNUM, 34),
        "glsa": lambda: "glsa_" + pick(ALNUM, 32) + "_" + pick(HEX, 8),
        "nrak": lambda: "NRAK-" + pick(UALNUM, 27),
        "hvs": lambda: "hvs.CAESI" + pick(B64U, 86),
        "hvsshort": lambda: "hvs." + pick(ALNUM, 24),
        "tskey": lambda: "tskey-auth-k" + pick(ALNUM, 10) + "CNTRL-" + pick(ALNUM, 33),
        "doppler": lambda: "dp.st.prd." + pick(ALNUM, 43),
        "pulumi": lambda: "pul-" + pick(HEX, 40),
        "sbp": lambda: "sbp_" + pick(HEX, 40),
        "linear": lambda: "lin_api_" + pick(ALNUM, 40),
        "notion": lambda: "ntn_" + pick(DIGITS, 11) + pick(ALNUM, 35),
        "atatt": lambda: "ATATT3xFfGF0" + pick(B64U, 170) + "=" + pick(HEX.upper(), 8),
        "shpat": lambda: "shpat_" + pick(HEX, 32),
        "figd": lambda: "figd_" + pick(B64U, 40),
        "firebase": lambda: "1//0" + pick(B64U, 99),
        "atbb": lambda: "ATBB" + pick(ALNUM, 32) + pick(HEX.upper(), 8),
        "age": age_key,
        "ya29": lambda: "ya29.a0A" + pick(B64U, 160),
        "ddp": lambda: "ddp_" + pick(ALNUM, 36),
        "pmak": lambda: "PMAK-" + pick(HEX, 24) + "-" + pick(HEX, 34),
        "mapbox": lambda: "sk.eyJ1Ijoi" + pick(B64U, 50) + "." + pick(B64U, 22),
        "ngrok": lambda: pick(ALNUM, 27) + "_" + pick(ALNUM, 21),
        "ccipat": lambda: "CCIPAT_" + pick(ALNUM, 22) + "_" + pick(HEX, 40),
        "snapcraft": lambda: b64(360),
        "pfx": lambda: "MIIK" + pick(B64, 1200) + "==",
        "applepw": lambda: "-".join(pick(LOWER, 4) for _ in range(4)),
        "wg": lambda: b64(32),
        "django": lambda: "django-insecure-" + pick(LALNUM + "!@#$%^&*(-_=+)", 50) if arg == "insecure" else pick(LALNUM + "!@%^&*(-_=+)", 50),
        "railskey": lambda: pick(HEX, 128),
        "laravel": lambda: "base64:" + b64(32),
        "erlcookie": lambda: pick(UPPER, 20),
        "minisign": lambda: "RWRTY0Iy" + pick(B64, 204) + "==",
        "signify": lambda: "RWRCSwAAAA" + pick(B64, 142) + "==",
        "basic": lambda: basic(arg or "ci"),
        "pem-rsa": pem_rsa,
        "pem-rsa4096": pem_rsa4096,
        "pem-ec": pem_ec,
        "pem-pkcs8": pem_pkcs8,
        "pem-pkcs8-ec": pem_pkcs8_ec,
        "pem-enc": pem_encrypted,
        "ssh-ed25519": openssh_ed25519,
        "ssh-rsa": openssh_rsa,
        "ssh-enc": openssh_enc,
        "pgp": pgp_private,
        "pgp-ecc": pgp_private_ecc,
        "sigstore": sigstore_key,
        "pem-pkcs8-esc": lambda: esc_nl(pem_pkcs8()),
        "pem-rsa-esc": lambda: esc_nl(pem_rsa()),
        "pem-ec-esc": lambda: esc_nl(pem_ec()),
        "pgp-esc": lambda: esc_nl(pgp_private()),
        "ssh-ed25519-esc": lambda: esc_nl(openssh_ed25519()),
        "pgp-ecc-esc": lambda: esc_nl(pgp_private_ecc()),
        "p8-esc": lambda: esc_nl(der_body("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg", 149)),
        "gcpkeyid": lambda: pick(HEX, 40),
        "azsas": lambda: base64.b64encode(rbytes(32)).decode(),
        "azstorage": lambda: b64(64),
        "heroku": uuid4,
        "hrku": lambda: "HRKU-AA" + pick(B64U, 58),
        "dd": lambda: pick(HEX, 32),
        "gsig": lambda: pick(HEX, 512),
        "cohere": lambda: pick(ALNUM, 40),
        "srht": lambda: pick(B64, 116),
        "oc": lambda: pick(HEX, 40),
        "cachix": lambda: jwt("HS256", {"jti": uuid4(), "scopes": "cachix"}),
        "deploykey": openssh_ed25519,
        "rtd": lambda: pick(HEX, 40),
        "ovsx": uuid4,
        "sauce": uuid4,
        "choco": uuid4,
        "flathub": lambda: jwt("HS256", {"repo": "stable", "prefixes": ["org." + pick(LOWER, 6)]}),
        "vercel": lambda: pick(ALNUM, 24),
        "vcp": lambda: "vcp_" + pick(ALNUM, 56),
        "travis": lambda: pick(B64U, 22),
        "drone": lambda: pick(ALNUM, 32),
        "circle": lambda: pick(HEX, 40),
        "zulip": lambda: pick(ALNUM, 32),
        "crowdin": lambda: pick(HEX, 80),
        "bstack": lambda: pick(ALNUM, 20),
        "coveralls": lambda: pick(ALNUM, 33),
        "gitea": lambda: pick(HEX, 40),
        "cocoapods": lambda: pick(HEX, 32),
        "packagist": lambda: pick(ALNUM, 20),
        "gradlekey": lambda: pick(ALNUM, 32),
        "expo": lambda: pick(B64U, 40),
        "twilio": lambda: pick(HEX, 32),
        "algolia": lambda: pick(HEX, 32),
        "postmark": uuid4,
        "pd": lambda: "u+" + pick(B64U, 18),
        "cirrus": lambda: pick(ALNUM, 64),
        "surge": lambda: pick(HEX, 32),
        "disc": lambda: pick(HEX, 64),
        "snyk": uuid4,
        "codecov": uuid4,
        "hexkey": lambda: pick(HEX, 32),
        "sentrydsn": lambda: pick(HEX, 32),
        "rubykey": lambda: pick(HEX, 32),
        "asc": lambda: der_body("MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg", 149),
        "nickserv": password,
        "otpseed": lambda: pick("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32),
        "cookie": lambda: pick(B64U, 48),
        "session": lambda: "s%3A" + pick(B64U, 32) + "." + pick(B64U, 43),
        "rails-cookie": lambda: pick(B64, 120) + "--" + pick(B64, 20) + "--" + pick(B64, 22) + "==",
        "sig": lambda: pick(HEX, 64),
        "awssig": lambda: pick(HEX, 64),
        "gcssig": lambda: pick(HEX, 512),
        "azsig": lambda: b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
        "hmac": lambda: b64(32),
        "glcbt": lambda: "glcbt-" + pick(B64U, 20) + "_" + pick(ALNUM, 20),
        "glft": lambda: "glft-" + pick(B64U, 20),
        "gloas": lambda: "gloas-" + pick(HEX, 64),
        "glagent": lambda: "glagent-" + pick(B64U, 50),
        "glsoat": lambda: "glsoat-" + pick(B64U, 20),
        "xoxe": lambda: "xoxe.xoxp-1-" + pick(B64U, 140),
        "skadmin": lambda: "sk-admin-" + pick(B64U, 90),
        "svcacct": lambda: "sk-svcacct-" + pick(B64U, 74) + "T3BlbkFJ" + pick(B64U, 74),
        "antadmin": lambda: "sk-ant-admin01-" + pick(B64U, 93) + "AA",
        "gsk": lambda: "gsk_" + pick(ALNUM, 52),
        "r8": lambda: "r8_" + pick(ALNUM, 37),
        "hforg": lambda: "api_org_" + pick(ALNUM, 34),
        "pplx": lambda: "pplx-" + pick(ALNUM, 48),
        "xai": lambda: "xai-" + pick(ALNUM, 80),
        "fw": lambda: "fw_" + pick(ALNUM, 24),
        "aiza": lambda: "AIza" + pick(B64U, 35),
        "gocspx": lambda: "GOCSPX-" + pick(B64U, 28),
        "aadsecret": lambda: pick(B64U, 3) + "8Q~" + pick(B64U + ".~", 34),
        "cfglobal": lambda: pick(HEX, 37),
        "cforigin": lambda: "v1.0-" + pick(HEX, 24) + "-" + pick(HEX, 146),
        "cftunnel": lambda: "eyJhIjoi" + pick(B64, 180),
        "doo": lambda: "doo_v1_" + pick(HEX, 64),
        "dor": lambda: "dor_v1_" + pick(HEX, 64),
        "vultr": lambda: pick(UPPER + DIGITS, 36),
        "rnd": lambda: "rnd_" + pick(ALNUM, 32),
        "napi": lambda: "napi_" + pick(LALNUM, 64),
        "pscaletkn": lambda: "pscale_tkn_" + pick(B64U, 43),
        "pscalepw": lambda: "pscale_pw_" + pick(B64U, 43),
        "clerk": lambda: "sk_live_" + pick(ALNUM, 40),
        "sktest": lambda: "sk_test_51" + pick(ALNUM, 97),
        "okta": lambda: "00" + pick(B64U, 40),
        "nrii": lambda: "NRII-" + pick(B64U, 32),
        "nral": lambda: pick(HEX, 36) + "NRAL",
        "glc": lambda: "glc_eyJvIjoi" + pick(B64, 120) + "fQ==",
        "honeycomb": lambda: "hcaik_" + pick(LALNUM, 58),
        "rollbar": lambda: pick(HEX, 32),
        "mailchimp": lambda: pick(HEX, 32) + "-us" + str(R.randint(1, 21)),
        "resend": lambda: "re_" + pick(ALNUM, 8) + "_" + pick(ALNUM, 24),
        "brevo": lambda: "xkeysib-" + pick(HEX, 64) + "-" + pick(ALNUM, 16),
        "airtable": lambda: "pat" + pick(ALNUM, 14) + "." + pick(HEX, 64),
        "asana": lambda: "2/" + pick(DIGITS, 16) + "/" + pick(DIGITS, 16) + ":" + pick(HEX, 32),
        "clickup": lambda: "pk_" + pick(DIGITS, 8) + "_" + pick(UALNUM, 32),
        "trello": lambda: "ATTA" + pick(HEX, 64) + pick(HEX.upper(), 8),
        "shpss": lambda: "shpss_" + pick(HEX, 32),
        "square": lambda: "EAAA" + pick(B64U, 60),
        "dropbox": lambda: "sl.B" + pick(B64U, 135),
        "hubspot": lambda: "pat-eu1-" + uuid4(),
        "phx": lambda: "phx_" + pick(ALNUM, 47),
        "ldapi": lambda: "api-" + uuid4(),
        "ldsdk": lambda: "sdk-" + uuid4(),
        "cfpat": lambda: "CFPAT-" + pick(B64U, 43),
        "sanity": lambda: "sk" + pick(ALNUM, 180),
        "twbearer": lambda: "AAAAAAAAAAAAAAAAAAAAA" + pick(ALNUM, 25) + "%3D" + pick(ALNUM, 50),
        "fbtoken": lambda: "EAA" + pick(ALNUM, 180),
        "sgp": lambda: "sgp_" + pick(HEX, 16) + "_" + pick(HEX, 40),
        "lokalise": lambda: pick(HEX, 40),
        "gitbook": lambda: "gb_api_" + pick(ALNUM, 40),
        "rocket": lambda: pick(B64U, 43),
        "mattermost": lambda: pick(LOWER + DIGITS, 26),
        "keybase": lambda: " ".join(R.sample(WORDS, 13)),
        "patreon": lambda: pick(B64U, 43),
        "teamswh": lambda: pick(HEX, 32),
        "ops": lambda: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + pick(B64, 300),
        "bws": lambda: "0." + uuid4() + "." + pick(B64U, 30) + ":" + pick(B64, 24),
        "infisical": lambda: "st." + uuid4() + "." + pick(HEX, 32) + "." + pick(HEX, 32),
        "hvb": lambda: "hvb." + pick(B64U, 130),
        "dppt": lambda: "dp.pt." + pick(ALNUM, 43),
        "dpsa": lambda: "dp.sa." + pick(ALNUM, 43),
        "tskeyapi": lambda: "tskey-api-k" + pick(ALNUM, 10) + "CNTRL-" + pick(ALNUM, 33),
        "tskeyclient": lambda: "tskey-client-k" + pick(ALNUM, 10) + "CNTRL-" + pick(ALNUM, 33),
        "cloudsmith": lambda: pick(HEX, 40),
        "packagecloud": lambda: pick(HEX, 48),
        "fury": lambda: pick(ALNUM, 20),
        "jfrogref": lambda: "cmVmdGtuOjAxOj" + pick(ALNUM, 50),
        "codacy": lambda: pick(HEX, 32),
        "lgtm": lambda: pick(HEX, 64),
        "splunk": uuid4,
        "opsgenie": uuid4,
        "depot": lambda: "depot_project_" + pick(HEX, 60),
        "ntnsecret": lambda: "secret_" + pick(ALNUM, 43),
        "gitter": lambda: pick(HEX, 40),
        "rubygemsold": lambda: pick(HEX, 32),
        "ghappsecret": lambda: pick(HEX, 40),
        "wlp": lambda: "wlp_" + pick(ALNUM, 40),
        "s3sig": lambda: pick(HEX, 64),
        "cfsig": lambda: pick(B64U.replace("-", "~"), 172),
        "mongoatlas": uuid4,
        "plaid": lambda: pick(HEX, 30),
        "paypal": lambda: "E" + pick(B64U, 79),

    }[name]
    for _ in range(50):
        v = k()
        if v not in SEEN:
            SEEN.add(v)
            return v
    raise RuntimeError(spec)


ORGS = ["acme-oss", "tidepool", "lumen-dev", "quillworks", "ferrous-labs", "bramblecode", "openkelp",
        "nimbus-io", "hexagon-tools", "pollenware", "crowbar-rs", "driftwood", "minnow-hq", "sparrowdb",
        "tessellate", "orbitkit", "velvetpkg", "junoio", "larkspur", "pebble-sh"]
REPOS = ["libquill", "tidewatch", "kelp-cli", "minnow", "sparrow-client", "orbit", "lumen-core",
         "bramble", "ferrox", "driftlog", "crowbar", "pollen", "tessel", "juno-rpc", "larkspur-ui",
         "pebble", "velvet-http", "nimbus-agent", "hexmap", "quokka-json", "walnut-orm", "marten"]
USERS = ["mara", "jonas", "priya", "kenji", "lucia", "tobias", "amara", "wei", "olek", "sven",
         "ines", "raj", "noor", "bea", "theo", "yuki", "dario", "hana", "femi", "ola", "ana", "kasia",
         "mehmet", "linh", "arjun", "sofia", "pierre", "chloe", "dmytro", "eva"]


def fill(spec, memo):
    if "#" in spec:
        if spec in memo:
            return memo[spec]
        base = spec.split("#")[0]
        memo[spec] = fill(base, memo)
        return memo[spec]
    name, _, arg = spec.partition(":")
    if name == "hex":
        return pick(HEX, int(arg))
    if name == "alnum":
        return pick(ALNUM, int(arg))
    if name == "lower":
        return pick(LALNUM, int(arg))
    if name == "upper":
        return pick(UALNUM, int(arg))
    if name == "HEX":
        return pick(HEX.upper(), int(arg))
    if name == "b64":
        return b64(int(arg))
    if name == "int":
        a, b = arg.split("-")
        return str(R.randint(int(a), int(b)))
    if name == "uuid":
        return uuid4()
    if name == "sha":
        return pick(HEX, 40)
    if name == "sha7":
        return pick(HEX, 7)
    if name == "sha256":
        return pick(HEX, 64)
    if name == "ver":
        return "%d.%d.%d" % (R.randint(0, 9), R.randint(0, 30), R.randint(0, 20))
    if name == "date":
        return "20%d-%02d-%02d" % (R.randint(23, 25), R.randint(1, 12), R.randint(1, 28))
    if name == "ts":
        return "20%d-%02d-%02dT%02d:%02d:%02dZ" % (R.randint(23, 25), R.randint(1, 12), R.randint(1, 28),
                                                   R.randint(0, 23), R.randint(0, 59), R.randint(0, 59))
    if name == "time":
        return "%02d:%02d" % (R.randint(0, 23), R.randint(0, 59))
    if name == "user":
        return R.choice(USERS)
    if name == "org":
        return R.choice(ORGS)
    if name == "repo":
        return R.choice(REPOS)
    if name == "ip":
        return "10.%d.%d.%d" % (R.randint(0, 255), R.randint(0, 255), R.randint(2, 254))
    if name == "pick":
        return R.choice(arg.split(","))
    raise KeyError(spec)


def render(tpl):
    memo = {}
    out = []
    secret = None
    i = 0
    while i < len(tpl):
        c = tpl[i]
        if c == "\u27e6":
            j = tpl.index("\u27e7", i)
            spec = tpl[i + 1:j]
            if spec == "^":
                out.append(secret)
            else:
                assert secret is None, tpl[:60]
                secret = gen_kind(spec)
                out.append(secret)
            i = j + 1
        elif c == "\u27e8":
            j = tpl.index("\u27e9", i)
            out.append(fill(tpl[i + 1:j], memo))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out), secret


BLOCKS = []


def block(group, src):
    BLOCKS.append((group, src))


# ---------------------------------------------------------------------------
# Family A: one registry / vendor credential dropped into several contexts.
# (slug, env var, secret kind, display name, publish command, host)
VENDORS = [
    ("npm", "NPM_TOKEN", "npm", "npm", "npm publish --access public --provenance", "registry.npmjs.org"),
    ("pypi", "TWINE_PASSWORD", "pypi", "PyPI", "twine upload --non-interactive dist/*", "upload.pypi.org"),
    ("testpypi", "TEST_PYPI_API_TOKEN", "testpypi", "TestPyPI", "twine upload -r testpypi dist/*", "test.pypi.org"),
    ("crates-io", "CARGO_REGISTRY_TOKEN", "cio", "crates.io", "cargo publish -p ferrox-core", "crates.io"),
    ("rubygems", "GEM_HOST_API_KEY", "rubygems", "RubyGems", "gem push pkg/bramble-2.4.0.gem", "rubygems.org"),
    ("hex-pm", "HEX_API_KEY", "hexkey", "Hex.pm", "mix hex.publish --yes", "hex.pm"),
    ("nuget", "NUGET_API_KEY", "nuget", "NuGet", "dotnet nuget push artifacts/*.nupkg -s https://api.nuget.org/v3/index.json", "api.nuget.org"),
    ("gradle-portal", "GRADLE_PUBLISH_SECRET", "gradlekey", "Gradle Plugin Portal", "./gradlew publishPlugins", "plugins.gradle.org"),
    ("cocoapods", "COCOAPODS_TRUNK_TOKEN", "cocoapods", "CocoaPods trunk", "pod trunk push Lumen.podspec --allow-warnings", "trunk.cocoapods.org"),
    ("packagist", "PACKAGIST_API_TOKEN", "packagist", "Packagist", "curl -XPOST https://packagist.org/api/update-package?username=quillworks", "packagist.org"),
    ("docker-hub", "DOCKERHUB_TOKEN", "dckr", "Docker Hub", "docker buildx bake --push release", "hub.docker.com"),
    ("ghcr", "CR_PAT", "ghp", "GHCR", "docker push ghcr.io/tidepool/tidewatch:latest", "ghcr.io"),
    ("quay", "QUAY_ROBOT_TOKEN", "quay", "Quay robot", "podman push quay.io/openkelp/kelp-cli:v1.9.0", "quay.io"),
    ("chocolatey", "CHOCO_API_KEY", "choco", "Chocolatey", "choco push kelp-cli.1.9.0.nupkg --source https://push.chocolatey.org/", "push.chocolatey.org"),
    ("snapcraft", "SNAPCRAFT_STORE_CREDENTIALS", "snapcraft", "Snap Store", "snapcraft upload --release=stable kelp_1.9.0_amd64.snap", "dashboard.snapcraft.io"),
    ("vsce", "VSCE_PAT", "azpat", "VS Code Marketplace", "npx @vscode/vsce publish -p $VSCE_PAT", "marketplace.visualstudio.com"),
    ("open-vsx", "OVSX_PAT", "ovsx", "Open VSX", "npx ovsx publish lumen-lsp-0.8.1.vsix", "open-vsx.org"),
    ("jetbrains", "PUBLISH_TOKEN", "jbperm", "JetBrains Marketplace", "./gradlew publishPlugin", "plugins.jetbrains.com"),
    ("terraform-cloud", "TF_TOKEN_app_terraform_io", "tfc", "Terraform Cloud", "terraform login && terraform apply", "app.terraform.io"),
    ("homebrew", "HOMEBREW_GITHUB_API_TOKEN", "ghp", "Homebrew tap", "brew bump-formula-pr --version 1.9.0 openkelp/tap/kelp-cli", "github.com/openkelp/homebrew-tap"),
    ("github-fine-grained", "GH_TOKEN", "ghpat", "GitHub fine-grained PAT", "gh release create v3.2.0 dist/* --generate-notes", "api.github.com"),
    ("gitlab", "GITLAB_TOKEN", "glpat", "GitLab", "glab release create v3.2.0 ./dist/*", "gitlab.com"),
    ("gitlab-deploy", "CI_DEPLOY_PASSWORD", "gldt", "GitLab deploy token", "docker login registry.gitlab.com -u gitlab+deploy-token-41", "registry.gitlab.com"),
    ("codecov", "CODECOV_TOKEN", "codecov", "Codecov", "codecovcli upload-process -f coverage.xml", "codecov.io"),
    ("coveralls", "COVERALLS_REPO_TOKEN", "coveralls", "Coveralls", "coveralls report lcov.info", "coveralls.io"),
    ("sonarcloud", "SONAR_TOKEN", "sqp", "SonarCloud", "sonar-scanner -Dsonar.organization=tidepool", "sonarcloud.io"),
    ("snyk", "SNYK_TOKEN", "snyk", "Snyk", "snyk test --all-projects --severity-threshold=high", "api.snyk.io"),
    ("sentry", "SENTRY_AUTH_TOKEN", "sntrys", "Sentry", "sentry-cli releases new -p juno-rpc 4.1.0", "sentry.io"),
    ("netlify", "NETLIFY_AUTH_TOKEN", "nfp", "Netlify", "netlify deploy --prod --dir=site", "app.netlify.com"),
    ("vercel", "VERCEL_TOKEN", "vercel", "Vercel", "vercel deploy --prod --yes", "vercel.com"),
    ("cloudflare", "CLOUDFLARE_API_TOKEN", "cf", "Cloudflare", "npx wrangler pages deploy site --project-name=lumen-docs", "api.cloudflare.com"),
    ("readthedocs", "RTD_TOKEN", "rtd", "Read the Docs", "curl -X POST https://readthedocs.org/api/v3/projects/libquill/versions/latest/builds/", "readthedocs.org"),
    ("surge", "SURGE_TOKEN", "surge", "Surge", "surge ./public pr-412-libquill.surge.sh", "surge.sh"),
    ("circleci", "CIRCLE_TOKEN", "ccipat", "CircleCI", "circleci pipeline run tidepool tidewatch", "circleci.com"),
    ("travis", "TRAVIS_API_TOKEN", "travis", "Travis CI", "travis restart 8812 --com", "api.travis-ci.com"),
    ("buildkite", "BUILDKITE_API_TOKEN", "bkua", "Buildkite", "bk build create --pipeline minnow/release", "api.buildkite.com"),
    ("drone", "DRONE_TOKEN", "drone", "Drone", "drone build promote sparrowdb/sparrow 1287 production", "drone.sparrowdb.dev"),
    ("woodpecker", "WOODPECKER_TOKEN", "jwt", "Woodpecker", "woodpecker-cli pipeline start pebble-sh/pebble", "ci.pebble.sh"),
    ("jenkins", "JENKINS_API_TOKEN", "jenkins", "Jenkins", "curl -X POST -u release-bot:$JENKINS_API_TOKEN https://jenkins.lumen.dev/job/release/build", "jenkins.lumen.dev"),
    ("teamcity", "TEAMCITY_TOKEN", "teamcity", "TeamCity", "curl -H \"Authorization: Bearer $TEAMCITY_TOKEN\" https://tc.hexagon.tools/app/rest/buildQueue", "tc.hexagon.tools"),
    ("azure-devops", "AZURE_DEVOPS_EXT_PAT", "azpat", "Azure DevOps", "az pipelines run --name velvet-release", "dev.azure.com"),
    ("appveyor", "APPVEYOR_API_TOKEN", "appveyor", "AppVeyor", "curl -H \"Authorization: Bearer $APPVEYOR_API_TOKEN\" https://ci.appveyor.com/api/builds", "ci.appveyor.com"),
    ("cirrus", "CIRRUS_API_TOKEN", "cirrus", "Cirrus CI", "cirrus run --dirty", "api.cirrus-ci.com"),
    ("sourcehut", "SRHT_TOKEN", "srht", "SourceHut", "hut builds submit .build.yml", "builds.sr.ht"),
    ("discourse", "DISCOURSE_API_KEY", "disc", "Discourse", "curl -X POST https://discuss.lumen.dev/posts.json", "discuss.lumen.dev"),
    ("matrix", "MATRIX_ACCESS_TOKEN", "syt", "Matrix", "matrix-commander -m 'v3.2.0 released'", "matrix.org"),
    ("zulip", "ZULIP_API_KEY", "zulip", "Zulip", "zulip-send --stream releases --subject v3.2.0", "tessellate.zulipchat.com"),
    ("slack", "SLACK_BOT_TOKEN", "xoxb", "Slack", "slack-notify --channel '#releases'", "slack.com"),
    ("discord", "DISCORD_BOT_TOKEN", "discord", "Discord", "node bots/announce.js", "discord.com"),
    ("telegram", "TELEGRAM_BOT_TOKEN", "telegram", "Telegram", "python tools/announce_tg.py --chat @orbitkit", "api.telegram.org"),
    ("crowdin", "CROWDIN_PERSONAL_TOKEN", "crowdin", "Crowdin", "crowdin upload sources --branch main", "api.crowdin.com"),
    ("weblate", "WEBLATE_API_KEY", "wlu", "Weblate", "wlc push lumen/core", "hosted.weblate.org"),
    ("browserstack", "BROWSERSTACK_ACCESS_KEY", "bstack", "BrowserStack", "npx browserstack-node-sdk playwright test", "hub.browserstack.com"),
    ("saucelabs", "SAUCE_ACCESS_KEY", "sauce", "Sauce Labs", "saucectl run -c .sauce/config.yml", "ondemand.eu-central-1.saucelabs.com"),
    ("opencollective", "OPENCOLLECTIVE_WEBHOOK_SECRET", "oc", "Open Collective webhook", "node scripts/sync-sponsors.js", "opencollective.com"),
    ("gh-sponsors", "SPONSORS_WEBHOOK_SECRET", "hex:40", "GitHub Sponsors webhook", "deno run -A sponsors/handler.ts", "sponsors.lumen.dev"),
    ("renovate", "RENOVATE_TOKEN", "ghp", "Renovate", "npx renovate --platform=github tidepool/tidewatch", "api.github.com"),
    ("aws", "AWS_SECRET_ACCESS_KEY", "awssk", "AWS", "aws s3 sync dist/ s3://kelp-cli-releases/v1.9.0/", "s3.amazonaws.com"),
    ("digitalocean", "DIGITALOCEAN_ACCESS_TOKEN", "dop", "DigitalOcean", "doctl registry login", "api.digitalocean.com"),
    ("heroku", "HEROKU_API_KEY", "heroku", "Heroku", "heroku container:release web -a sparrow-demo", "api.heroku.com"),
    ("fly", "FLY_API_TOKEN", "flyv1", "Fly.io", "flyctl deploy --remote-only", "api.fly.io"),
    ("stripe", "STRIPE_SECRET_KEY", "sklive", "Stripe", "node scripts/sync-plans.mjs", "api.stripe.com"),
    ("sendgrid", "SENDGRID_API_KEY", "sendgrid", "SendGrid", "python scripts/mail_release_notes.py", "api.sendgrid.com"),
    ("mailgun", "MAILGUN_API_KEY", "mailgun", "Mailgun", "./bin/announce --list announce@lists.lumen.dev", "api.mailgun.net"),
    ("postmark", "POSTMARK_SERVER_TOKEN", "postmark", "Postmark", "bundle exec rake newsletter:send", "api.postmarkapp.com"),
    ("openai", "OPENAI_API_KEY", "openai", "OpenAI", "python tools/changelog_summarise.py", "api.openai.com"),
    ("anthropic", "ANTHROPIC_API_KEY", "anthropic", "Anthropic", "python tools/triage_issues.py --since 7d", "api.anthropic.com"),
    ("huggingface", "HF_TOKEN", "hf", "Hugging Face", "huggingface-cli upload tidepool/tidewatch-small ./model", "huggingface.co"),
    ("grafana", "GRAFANA_SA_TOKEN", "glsa", "Grafana", "grr apply dashboards/", "grafana.lumen.dev"),
    ("datadog", "DD_API_KEY", "dd", "Datadog", "datadog-ci junit upload --service minnow reports/", "api.datadoghq.eu"),
    ("newrelic", "NEW_RELIC_API_KEY", "nrak", "New Relic", "newrelic entity deployment create --guid MzQ", "api.eu.newrelic.com"),
    ("pagerduty", "PAGERDUTY_TOKEN", "pd", "PagerDuty", "pd incident list --statuses triggered", "api.pagerduty.com"),
    ("vault", "VAULT_TOKEN", "hvs", "Vault", "vault kv get -mount=release signing/gpg", "vault.internal.lumen.dev"),
    ("tailscale", "TS_AUTHKEY", "tskey", "Tailscale", "tailscale up --authkey=$TS_AUTHKEY --hostname=ci-runner", "login.tailscale.com"),
    ("doppler", "DOPPLER_TOKEN", "doppler", "Doppler", "doppler run -- ./release.sh", "api.doppler.com"),
    ("pulumi", "PULUMI_ACCESS_TOKEN", "pulumi", "Pulumi", "pulumi up --stack prod --yes", "api.pulumi.com"),
    ("supabase", "SUPABASE_ACCESS_TOKEN", "sbp", "Supabase", "supabase db push --linked", "api.supabase.com"),
    ("linear", "LINEAR_API_KEY", "linear", "Linear", "node scripts/close-released-issues.js", "api.linear.app"),
    ("notion", "NOTION_TOKEN", "notion", "Notion", "python tools/publish_roadmap.py", "api.notion.com"),
    ("atlassian", "JIRA_API_TOKEN", "atatt", "Jira", "jira issue list -s 'Ready for release'", "lumen.atlassian.net"),
    ("figma", "FIGMA_TOKEN", "figd", "Figma", "npx figma-export icons", "api.figma.com"),
    ("expo", "EXPO_TOKEN", "expo", "Expo", "eas build --platform all --non-interactive", "expo.dev"),
    ("firebase", "FIREBASE_TOKEN", "firebase", "Firebase", "firebase deploy --only hosting:docs", "firebase.googleapis.com"),
    ("bitbucket", "BITBUCKET_APP_PASSWORD", "atbb", "Bitbucket", "git push bitbucket main --tags", "bitbucket.org"),
    ("gitea", "GITEA_TOKEN", "gitea", "Gitea", "tea releases create --tag v0.7.0", "codeberg.org"),
    ("sops-age", "SOPS_AGE_KEY", "age", "SOPS age", "sops -d secrets/prod.enc.yaml", "secrets/prod.enc.yaml"),
    ("pub-dev", "PUB_DEV_PUBLISH_ACCESS_TOKEN", "ya29", "pub.dev", "dart pub publish --force", "pub.dev"),
    ("flathub", "FLATHUB_REPO_TOKEN", "flathub", "Flathub", "flat-manager-client push --commit $BUILD_URL repo", "hub.flathub.org"),
    ("ngrok", "NGROK_AUTHTOKEN", "ngrok", "ngrok", "ngrok http 4000 --domain=preview-lumen.ngrok.app", "dashboard.ngrok.com"),
    ("cachix", "CACHIX_AUTH_TOKEN", "cachix", "Cachix", "nix build .#default | cachix push pebble", "pebble.cachix.org"),
    ("deno-deploy", "DENO_DEPLOY_TOKEN", "ddp", "Deno Deploy", "deployctl deploy --project=orbit-docs main.ts", "dash.deno.com"),
    ("postman", "POSTMAN_API_KEY", "pmak", "Postman", "postman collection run 1234-juno-rpc", "api.getpostman.com"),
    ("mapbox", "MAPBOX_SECRET_TOKEN", "mapbox", "Mapbox", "npm install --foreground-scripts", "api.mapbox.com"),
    ("twilio", "TWILIO_AUTH_TOKEN", "twilio", "Twilio", "python tools/sms_oncall.py", "api.twilio.com"),
    ("algolia", "ALGOLIA_ADMIN_API_KEY", "algolia", "Algolia DocSearch", "npx docsearch-scraper config.json", "algolia.net"),
    ("vercel-team", "VERCEL_ACCESS_TOKEN", "vcp", "Vercel team", "vercel pull --environment=production", "api.vercel.com"),
    ("heroku-new", "HEROKU_API_TOKEN", "hrku", "Heroku", "heroku releases -a juno-staging", "api.heroku.com"),
]

LANG_PASTE = [
    ("de", "[#release] ⟨user⟩: Hier der {NAME}-Token für den Bot, nur bis heute Abend gültig, danach rotiere ich ihn: ⟦K⟧"),
    ("fr", "⟨user⟩ : je te mets le token {NAME} ici en attendant qu'on le range dans les secrets du dépôt → ⟦K⟧ (ne le recopie nulle part stp)"),
    ("es", "⟨user⟩: te paso el token de {NAME} para la release de esta noche, lo cambio mañana: ⟦K⟧"),
    ("pt", "⟨user⟩: segue o token do {NAME} pra publicar a versão nova, depois eu revogo: ⟦K⟧"),
    ("ja", "⟨user⟩: {NAME} のトークンです。リリース終わったら失効させます → ⟦K⟧"),
    ("zh", "⟨user⟩：{NAME} 的 token 先给你用一下，发布完我就撤销：⟦K⟧"),
    ("ru", "⟨user⟩: вот токен {NAME} для бота, после релиза перевыпущу: ⟦K⟧"),
    ("it", "⟨user⟩: ecco il token {NAME} per la pubblicazione, lo revoco appena finita la release: ⟦K⟧"),
    ("nl", "⟨user⟩: hier is het {NAME} token voor de release-bot, ik trek hem morgen weer in: ⟦K⟧"),
    ("pl", "⟨user⟩: wrzucam token {NAME} do publikacji, po wydaniu go unieważnię: ⟦K⟧"),
    ("ko", "⟨user⟩: {NAME} 토큰 여기 있어요. 배포 끝나면 폐기할게요: ⟦K⟧"),
    ("tr", "⟨user⟩: {NAME} token'ı burada, yayından sonra iptal edeceğim: ⟦K⟧"),
    ("uk", "⟨user⟩: ось токен {NAME} для релізу, потім відкличу: ⟦K⟧"),
    ("cs", "⟨user⟩: tady je token pro {NAME}, po vydání ho zruším: ⟦K⟧"),
    ("sv", "⟨user⟩: här är {NAME}-token för release-boten, jag återkallar den i morgon: ⟦K⟧"),
    ("hi", "⟨user⟩: {NAME} का टोकन यह रहा, रिलीज़ के बाद मैं इसे रद्द कर दूँगा: ⟦K⟧"),
    ("id", "⟨user⟩: ini token {NAME} buat rilis malam ini, besok langsung aku cabut ya: ⟦K⟧"),
    ("vi", "⟨user⟩: token {NAME} đây nhé, phát hành xong mình sẽ thu hồi: ⟦K⟧"),
]

CONTEXTS = [
    ("command", "export-then-publish", "$ export {ENV}=⟦K⟧\n$ {CMD}", "{CMD}"),
    ("command", "docker-run-env-flag",
     "docker run --rm -e {ENV}=⟦K⟧ -v \"$PWD:/src\" -w /src ghcr.io/⟨org⟩/release-tools:⟨ver⟩ \\\n    {CMD}", "{ENV}"),
    ("tool-output", "printenv-grep", "$ printenv | grep -i {ENV}\n{ENV}=⟦K⟧", "printenv"),
    ("tool-output", "doppler-get-plain",
     "$ doppler secrets get {ENV} --plain --project release --config prd\n⟦K⟧", "doppler secrets get {ENV}"),
    ("config-file", "dotenv-release",
     "# .env.release  (gitignored, local publishing only)\nRELEASE_CHANNEL=stable\n{ENV}=⟦K⟧\nDRY_RUN=false", "RELEASE_CHANNEL=stable"),
    ("config-file", "k8s-secret-stringdata",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: release-bot-{SLUG}\n  namespace: ci\ntype: Opaque\nstringData:\n  {ENV}: \"⟦K⟧\"",
     "release-bot-{SLUG}"),
    ("source-code", "python-environ-fallback",
     "# scripts/publish.py\nimport os\n\nTOKEN = os.environ.get(\"{ENV}\", \"⟦K⟧\")  # local fallback, remove before merge\n",
     "os.environ.get"),
    ("source-code", "node-env-fallback",
     "// scripts/release.mjs\nconst token = process.env.{ENV} ?? \"⟦K⟧\";\nif (!token) throw new Error(\"missing {ENV}\");",
     "process.env.{ENV}"),
    ("stack-trace-or-log", "debug-env-dump",
     "⟨ts⟩ DEBUG release.config loaded 14 vars from environment\n⟨ts⟩ DEBUG release.config {ENV}=⟦K⟧\n⟨ts⟩ INFO  release.publish running: {CMD}",
     "release.config"),
    ("stack-trace-or-log", "traceback-with-locals",
     "Traceback (most recent call last):\n  File \"/home/runner/work/⟨repo⟩/scripts/publish.py\", line ⟨int:40-200⟩, in main\n    upload(dist_dir, token=token)\n  File \"/home/runner/work/⟨repo⟩/scripts/publish.py\", line ⟨int:201-300⟩, in upload\n    resp.raise_for_status()\nrequests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://{HOST}/\n\nlocals at failure: {'dist_dir': 'dist/', 'token': '⟦K⟧', 'retries': 3}",
     "HTTPError: 403"),
    ("note-or-chat", "chat-paste-temporary",
     "[#release] ⟨user⟩: here's the {NAME} token for the bot, temporary until tonight's release is out, I'll rotate it after: ⟦K⟧",
     "#release"),
    ("note-or-chat", "handover-todo",
     "## Handover\n- v⟨ver⟩ tagged, CI green except the publish step\n- {ENV} in repo secrets was stale; I used ⟦K⟧ locally (⟨user⟩ sent it by DM) -> rotate it\n- next: rerun the publish job",
     "## Handover"),
    ("ci-and-deploy", "gha-env-literal",
     "      - name: Publish\n        run: {CMD}\n        env:\n          {ENV}: ⟦K⟧   # FIXME move to repository secrets",
     "name: Publish"),
    ("ci-and-deploy", "gitlab-ci-variables",
     "variables:\n  {ENV}: \"⟦K⟧\"\n\npublish:\n  stage: release\n  rules:\n    - if: $CI_COMMIT_TAG\n  script:\n    - {CMD}",
     "stage: release"),
    ("vendor-token", "token-labelled",
     "{NAME} token (publish scope, created ⟨date⟩, owner ⟨user⟩):\n⟦K⟧", "publish scope"),
    ("vendor-token", "password-manager-csv-row",
     "name,url,username,password,extra\n\"{NAME} release bot\",https://{HOST},release-bot,⟦K⟧,\"rotate quarterly\"",
     "release bot"),
]


def family_vendor():
    out = []
    for slug, env, kind, name, cmd, host in VENDORS:
        ctxs = R.sample(CONTEXTS, 2)
        for group, cname, tpl, vis in ctxs:
            fmt = slug + "-" + cname
            if group == "note-or-chat" and R.random() < 0.2:
                lang, tpl = R.choice(LANG_PASTE)
                fmt = "chat-%s-%s-token-paste" % (lang, slug)
                vis = "{NAME}"
            sub = (tpl.replace("{ENV}", env).replace("{NAME}", name).replace("{CMD}", cmd)
                   .replace("{HOST}", host).replace("{SLUG}", slug).replace("\u27e6K\u27e7", "\u27e6" + kind + "\u27e7"))
            v = (vis.replace("{ENV}", env).replace("{NAME}", name).replace("{CMD}", cmd)
                 .replace("{HOST}", host).replace("{SLUG}", slug))
            text, secret = render(sub)
            if v and (v in secret or secret in v):
                v = ""
            out.append((group, fmt, text, secret, v))
    return out


# Family B: database / service URLs with the password in the userinfo part.
SCHEMES = [
    ("postgres", "postgres://app_rw:{P}@db-primary.⟨pick:internal,prod,eu1⟩.lumen.dev:5432/lumen?sslmode=require", "db-primary"),
    ("mysql", "mysql://wp_admin:{P}@mysql-7.sparrowdb.dev:3306/wordpress", "mysql-7.sparrowdb.dev"),
    ("mongodb-srv", "mongodb+srv://tidewatch:{P}@cluster0.x7k2p.mongodb.net/tidewatch?retryWrites=true&w=majority", "cluster0.x7k2p.mongodb.net"),
    ("rediss", "rediss://default:{P}@redis-14211.c3.eu-west-1.ec2.cloud.redislabs.com:14211", "redislabs.com"),
    ("amqp", "amqps://worker:{P}@rabbit.pollenware.io:5671/%2Fjobs", "rabbit.pollenware.io"),
    ("sqlserver", "sqlserver://sa:{P}@mssql-ci:1433?database=juno_test&encrypt=disable", "mssql-ci"),
    ("clickhouse", "clickhouse://analytics:{P}@ch.tessellate.io:9440/events?secure=true", "ch.tessellate.io"),
    ("cockroach", "postgresql://root:{P}@free-tier14.aws-eu-central-1.cockroachlabs.cloud:26257/defaultdb", "cockroachlabs.cloud"),
    ("nats", "nats://relay:{P}@nats.orbitkit.dev:4222", "nats.orbitkit.dev"),
    ("elasticsearch", "https://elastic:{P}@search-7f3a.es.eu-central-1.aws.cloud.es.io:9243", "cloud.es.io"),
    ("couchdb", "http://admin:{P}@couch.internal:5984/_replicator", "couch.internal"),
    ("neo4j", "neo4j+s://neo4j:{P}@a1b2c3d4.databases.neo4j.io", "databases.neo4j.io"),
    ("smtp", "smtp://postmaster%40mg.lumen.dev:{P}@smtp.eu.mailgun.org:587", "smtp.eu.mailgun.org"),
    ("ftp", "ftp://mirror-upload:{P}@ftp.osuosl.example.org/pub/kelp/", "ftp.osuosl.example.org"),
    ("mariadb", "mariadb://gitea:{P}@10.20.0.14:3306/gitea?charset=utf8mb4", "10.20.0.14"),
    ("influxdb", "https://ci-metrics:{P}@influx.hexagon.tools:8086", "influx.hexagon.tools"),
]

URL_CONTEXTS = [
    ("config-file", "compose-env",
     "services:\n  app:\n    image: ghcr.io/⟨org⟩/⟨repo⟩:edge\n    environment:\n      DATABASE_URL: \"{URL}\"\n      RUST_LOG: info"),
    ("command", "inline-env-command", "$ DATABASE_URL='{URL}' ./bin/migrate up --to latest"),
    ("stack-trace-or-log", "connection-error-log",
     "⟨ts⟩ ERROR pool: failed to connect using {URL}\n⟨ts⟩ ERROR pool: i/o timeout after 30s (attempt 3/3)"),
    ("note-or-chat", "chat-share",
     "⟨user⟩: staging conn string if you need to poke at it: {URL}\n⟨user⟩: read-write, so careful with the migrations pls"),
    ("tool-output", "config-get-output",
     "$ heroku config:get DATABASE_URL -a ⟨repo⟩-staging\n{URL}"),
    ("ci-and-deploy", "actions-job-env",
     "jobs:\n  integration:\n    runs-on: ubuntu-latest\n    env:\n      DATABASE_URL: {URL}\n    steps:\n      - uses: actions/checkout@v4\n      - run: make itest"),
    ("source-code", "hardcoded-go",
     "// internal/store/store.go\nconst defaultDSN = \"{URL}\" // TODO: read from env\n\nfunc Open() (*sql.DB, error) { return sql.Open(driver, defaultDSN) }"),
]


def family_urls():
    out = []
    for scheme, url, host in SCHEMES:
        for group, cname, tpl in R.sample(URL_CONTEXTS, 4):
            t = tpl.replace("{URL}", url.replace("{P}", "\u27e6pwu\u27e7"))
            text, secret = render(t)
            out.append((group, scheme + "-url-" + cname, text, secret, host))
    return out


# Family C: private keys in various carriers.  Secret is the body only.
KEYKINDS = [
    ("rsa-pem", "RSA PRIVATE KEY", "pem-rsa"),
    ("ec-pem", "EC PRIVATE KEY", "pem-ec"),
    ("pkcs8-pem", "PRIVATE KEY", "pem-pkcs8"),
    ("openssh-ed25519", "OPENSSH PRIVATE KEY", "ssh-ed25519"),
    ("openssh-rsa", "OPENSSH PRIVATE KEY", "ssh-rsa"),
    ("encrypted-pkcs8", "ENCRYPTED PRIVATE KEY", "pem-enc"),
    ("pkcs8-ec", "PRIVATE KEY", "pem-pkcs8-ec"),
]

KEY_CONTEXTS = [
    ("tool-output", "cat-output", "$ cat ~/.ssh/deploy_⟨repo⟩\n-----BEGIN {L}-----\n⟦K⟧\n-----END {L}-----", "cat ~/.ssh/deploy_"),
    ("config-file", "yaml-block", "signing:\n  key_id: ⟨hex:16⟩\n  private_key: |\n    -----BEGIN {L}-----\n    ⟦K⟧\n    -----END {L}-----", "key_id"),
    ("ci-and-deploy", "ci-heredoc-step",
     "    - name: Write deploy key\n      run: |\n        mkdir -p ~/.ssh\n        cat > ~/.ssh/id_deploy <<'EOF'\n        -----BEGIN {L}-----\n⟦K⟧\n        -----END {L}-----\n        EOF\n        chmod 600 ~/.ssh/id_deploy",
     "Write deploy key"),
    ("note-or-chat", "chat-paste", "⟨user⟩: ok here's the key for the mirror box, don't lose it\n```\n-----BEGIN {L}-----\n⟦K⟧\n-----END {L}-----\n```", "mirror box"),
    ("source-code", "go-raw-literal", "// testdata is fine, this is NOT: prod key embedded by accident\nvar signingKey = []byte(`-----BEGIN {L}-----\n⟦K⟧\n-----END {L}-----`)", "signingKey"),
    ("stack-trace-or-log", "log-dump", "⟨ts⟩ WARN  keyloader: could not parse key, dumping for debug:\n-----BEGIN {L}-----\n⟦K⟧\n-----END {L}-----\n⟨ts⟩ ERROR keyloader: x509: unsupported key type", "keyloader"),
    ("command", "printf-to-file", "printf '%s\\n' '-----BEGIN {L}-----' '⟦K⟧' '-----END {L}-----' > /tmp/k && chmod 600 /tmp/k", "chmod 600"),
]


def family_keys():
    out = []
    for kname, label, kind in KEYKINDS:
        for group, cname, tpl, vis in R.sample(KEY_CONTEXTS, 4):
            t = tpl.replace("{L}", label)
            if group == "config-file":
                t = t.replace("\u27e6K\u27e7", "\u27e6" + kind + "\u27e7")
                text, secret = render(t)
                body = secret.replace("\n", "\n    ")
                text = text.replace(secret, body)
                SEEN.add(body)
                secret = body
            elif cname == "printf-to-file":
                t = t.replace("\u27e6K\u27e7", "\u27e6" + kind + "\u27e7")
                text, secret = render(t)
                body = secret.replace("\n", "' '")
                text = text.replace(secret, body)
                secret = body
            else:
                text, secret = render(t.replace("\u27e6K\u27e7", "\u27e6" + kind + "\u27e7"))
            out.append((group, kname + "-" + cname, text, secret, vis))
    return out


block("command", r'''
== twine-upload-password-flag | twine upload
$ twine upload --repository pypi -u __token__ -p ⟦pypi⟧ dist/⟨repo⟩-⟨ver⟩*
== poetry-config-pypi-token | poetry config
poetry config pypi-token.pypi ⟦pypi⟧ && poetry publish --build
== poetry-publish-user-pass | --repository internal
$ poetry publish --repository internal --username ci-publisher --password '⟦pw⟧'
Publishing ⟨repo⟩ (⟨ver⟩) to internal
== uv-publish-token-flag | uv publish
uv publish --token ⟦pypi⟧ --publish-url https://upload.pypi.org/legacy/
== hatch-publish-auth-flag | hatch publish
hatch publish -u __token__ -a ⟦testpypi⟧ -r test
== flit-publish-env | flit publish
FLIT_USERNAME=__token__ FLIT_PASSWORD=⟦pypi⟧ flit publish --repository pypi
== npm-config-set-authtoken | npm config set
npm config set //registry.npmjs.org/:_authToken ⟦npm⟧
npm whoami
== yarn-berry-publish-env | yarn npm publish
YARN_NPM_AUTH_TOKEN=⟦npm⟧ yarn npm publish --access public --tag next
== pnpm-publish-node-auth | pnpm -r publish
NODE_AUTH_TOKEN=⟦npm⟧ pnpm -r publish --no-git-checks
== npm-install-github-packages-inline | npm.pkg.github.com
npm install --//npm.pkg.github.com/:_authToken=⟦ghp⟧ @⟨org⟩/design-tokens
== cargo-login-positional | cargo login
$ cargo login ⟦cio⟧
       Login token for `crates-io` saved
== cargo-publish-token-flag | cargo publish
cargo publish --token ⟦cio⟧ --allow-dirty -p ⟨repo⟩-macros
== cargo-alt-registry-env | CARGO_REGISTRIES_KELLNR_TOKEN
CARGO_REGISTRIES_KELLNR_TOKEN=⟦alnum:32⟧ cargo publish --registry kellnr
== gem-push-env-key | gem push
GEM_HOST_API_KEY=⟦rubygems⟧ gem push pkg/⟨repo⟩-⟨ver⟩.gem
== rubygems-api-key-fetch-basic | rubygems.org/api/v1/api_key
curl -u ⟨user⟩:⟦pw⟧ https://rubygems.org/api/v1/api_key.yaml > ~/.gem/credentials
== mix-hex-publish-env | mix hex.publish
HEX_API_KEY=⟦hexkey⟧ mix hex.publish --yes --replace
== mix-hex-org-auth-key | mix hex.organization auth
mix hex.organization auth acme_internal --key ⟦hexkey⟧
== rebar3-hex-publish-env | rebar3 hex publish
HEX_API_KEY=⟦hexkey⟧ rebar3 hex publish --yes --repo hexpm
== dotnet-nuget-push-k | dotnet nuget push
dotnet nuget push "src/*/bin/Release/*.nupkg" -k ⟦nuget⟧ -s https://api.nuget.org/v3/index.json --skip-duplicate
== nuget-setapikey | nuget.exe setapikey
nuget.exe setapikey ⟦nuget⟧ -source https://www.nuget.org/api/v2/package
== dotnet-nuget-add-source-github | dotnet nuget add source
dotnet nuget add source https://nuget.pkg.github.com/⟨org⟩/index.json --name github --username ⟨user⟩ --password ⟦ghp⟧ --store-password-in-clear-text
== mvn-deploy-gpg-passphrase | mvn -B deploy
mvn -B deploy -Prelease -DskipTests -Dgpg.passphrase='⟦pp⟧'
== mvn-ossrh-password-prop | central-publishing
./mvnw -B -Dcentral.username=Xq7pLm2 -Dcentral.password=⟦alnum:44⟧ deploy -P central-publishing
== gradle-signing-inmemory-props | ./gradlew publishToSonatype
./gradlew publishToSonatype closeAndReleaseSonatypeStagingRepository \
  -PsonatypeUsername=⟨alnum:8⟩ -PsonatypePassword=⟦alnum:44⟧ \
  -PsigningInMemoryKeyPassword="$SIGNING_KEY_PASSWORD"
== gradle-signing-password-prop | -Psigning.keyId
./gradlew signMavenPublication -Psigning.keyId=⟨upper:8⟩ -Psigning.password='⟦pw⟧' -Psigning.secretKeyRingFile=/home/⟨user⟩/.gnupg/secring.gpg
== gradle-publish-plugins-key-secret | publishPlugins
./gradlew publishPlugins -Pgradle.publish.key=⟨alnum:32⟩ -Pgradle.publish.secret=⟦gradlekey⟧
== pod-trunk-push-env | pod trunk push
COCOAPODS_TRUNK_TOKEN=⟦cocoapods⟧ pod trunk push ⟨repo⟩.podspec --allow-warnings --synchronous
== dart-pub-token-add-echo | dart pub token add
echo "⟦alnum:40⟧" | dart pub token add https://dart.cloudsmith.io/⟨org⟩/packages/
== composer-http-basic-token | composer config
composer config --global --auth http-basic.repo.packagist.com token ⟦hex:64⟧
== composer-gitlab-token | composer config
composer config --global gitlab-token.gitlab.example.net ⟦glpat⟧
== packagist-update-hook-curl | packagist.org/api/update-package
curl -XPOST -H'content-type:application/json' 'https://packagist.org/api/update-package?username=⟨user⟩&apiToken=⟦packagist⟧' -d'{"repository":{"url":"https://github.com/⟨org⟩/⟨repo⟩"}}'
== docker-login-p-flag | docker login
docker login -u ⟨user⟩ -p ⟦dckr⟧ docker.io
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded
== docker-login-echo-stdin-ghcr | docker login ghcr.io
echo ⟦ghp⟧ | docker login ghcr.io -u ⟨user⟩ --password-stdin
== podman-login-quay-robot | podman login
podman login -u='⟨org⟩+release_robot' -p='⟦quay⟧' quay.io
== helm-registry-login | helm registry login
helm registry login registry-1.docker.io -u ⟨user⟩ -p ⟦dckr⟧
== helm-repo-add-basic | helm repo add
helm repo add ⟨org⟩-charts https://charts.⟨org⟩.dev --username ci --password '⟦pw⟧'
== helm-chartmuseum-curl-upload | chartmuseum
curl --fail -u publisher:⟦pwu⟧ --data-binary "@⟨repo⟩-⟨ver⟩.tgz" https://chartmuseum.internal/api/charts
== brew-bump-env | brew bump-formula-pr
HOMEBREW_GITHUB_API_TOKEN=⟦ghp⟧ brew bump-formula-pr --strict --version=⟨ver⟩ ⟨org⟩/tap/⟨repo⟩
== choco-apikey-set | choco apikey
choco apikey --key ⟦choco⟧ --source https://push.chocolatey.org/
== choco-push-key-flag | choco push
choco push ⟨repo⟩.⟨ver⟩.nupkg --source https://push.chocolatey.org/ --api-key=⟦choco⟧
== vsce-publish-pat-flag | vsce publish
npx @vscode/vsce publish --pat ⟦azpat⟧ --packagePath ⟨repo⟩-⟨ver⟩.vsix
== ovsx-publish-p | ovsx publish
npx ovsx publish ⟨repo⟩-⟨ver⟩.vsix -p ⟦ovsx⟧
== ovsx-create-namespace | ovsx create-namespace
npx ovsx create-namespace ⟨org⟩ --pat ⟦ovsx⟧
== gh-secret-set-body | gh secret set
gh secret set NPM_TOKEN --repo ⟨org⟩/⟨repo⟩ --body "⟦npm⟧"
== gh-auth-login-herestring | gh auth login
gh auth login --with-token <<< '⟦gho⟧'
== gh-variable-mistake | gh variable set
# oops, set it as a variable instead of a secret:
gh variable set SONAR_TOKEN --body ⟦sqp⟧ -R ⟨org⟩/⟨repo⟩
== git-clone-x-access-token | git clone
git clone https://x-access-token:⟦ghs⟧@github.com/⟨org⟩/homebrew-tap.git /tmp/tap
== git-remote-set-url-oauth2 | git remote set-url
git remote set-url origin https://oauth2:⟦glpat⟧@gitlab.com/⟨org⟩/⟨repo⟩.git
== git-push-bitbucket-app-password | git push
git push https://⟨user⟩:⟦atbb⟧@bitbucket.org/⟨org⟩/⟨repo⟩.git v⟨ver⟩
== git-config-extraheader | http.extraheader
git -c http.extraheader="AUTHORIZATION: basic ⟦basic:x-access-token⟧" fetch --tags origin
== git-credential-store-echo | git-credentials
printf 'https://⟨user⟩:%s@codeberg.org\n' '⟦gitea⟧' >> ~/.git-credentials
== sshpass-rsync-mirror | sshpass
sshpass -p '⟦pw⟧' rsync -avz --delete site/ mirror@ftp.⟨org⟩.org:/srv/www/docs/
== gpg-batch-passphrase-sign | --detach-sign
gpg --batch --yes --pinentry-mode loopback --passphrase '⟦pp⟧' --detach-sign --armor dist/⟨repo⟩-⟨ver⟩.tar.gz
== gpg-passphrase-fd-herestring | --passphrase-fd 0
gpg --pinentry-mode loopback --passphrase-fd 0 --clearsign SHA256SUMS <<< "⟦pw⟧"
== gpg-import-echo-base64 | gpg --batch --import
echo "⟦b64:900⟧" | base64 -d | gpg --batch --import
== cosign-sign-env-password | cosign sign
COSIGN_PASSWORD='⟦pp⟧' cosign sign --key cosign.key ghcr.io/⟨org⟩/⟨repo⟩@sha256:⟨sha256⟩
== cosign-generate-key-pair-env | cosign generate-key-pair
COSIGN_PASSWORD=⟦pw⟧ cosign generate-key-pair --output-key-prefix release
== minisign-sign-echo | minisign -S
echo '⟦pw⟧' | minisign -S -s ~/.minisign/release.key -m ⟨repo⟩-⟨ver⟩.tar.xz -t "⟨repo⟩ ⟨ver⟩"
== signify-sign-stdin | signify -S
printf '%s\n' '⟦pps⟧' | signify -S -s /etc/signify/⟨repo⟩-⟨int:70-79⟩.sec -m SHA256 -x SHA256.sig
== signtool-pfx-password | signtool sign
signtool sign /fd SHA256 /f C:\certs\codesign.pfx /p ⟦pw⟧ /tr http://timestamp.digicert.com /td SHA256 dist\⟨repo⟩-setup.exe
== osslsigncode-pkcs12-pass | osslsigncode
osslsigncode sign -pkcs12 authenticode.p12 -pass '⟦pw⟧' -n "⟨repo⟩" -t http://timestamp.sectigo.com -in ⟨repo⟩.exe -out ⟨repo⟩-signed.exe
== notarytool-submit-password | xcrun notarytool submit
xcrun notarytool submit build/⟨repo⟩.dmg --apple-id releases@⟨org⟩.dev --team-id ⟨upper:10⟩ --password ⟦applepw⟧ --wait
== notarytool-store-credentials | store-credentials
xcrun notarytool store-credentials "AC_NOTARY" --apple-id ⟨user⟩@⟨org⟩.dev --team-id ⟨upper:10⟩ --password "⟦applepw⟧"
== altool-upload-p | xcrun altool
xcrun altool --upload-app -f build/⟨repo⟩.ipa -t ios -u ci@⟨org⟩.dev -p ⟦applepw⟧
== security-import-p12 | security import
security import certificate.p12 -k build.keychain -P '⟦pw⟧' -T /usr/bin/codesign
== security-create-keychain-pw | security create-keychain
security create-keychain -p ⟦alnum:24⟧ build.keychain && security default-keychain -s build.keychain
== openssl-pkcs12-export-passout | openssl pkcs12
openssl pkcs12 -export -inkey sign.key -in sign.crt -out sign.pfx -passout pass:⟦pw⟧
== jarsigner-storepass | jarsigner
jarsigner -keystore release.jks -storepass ⟦pw⟧ -tsa http://timestamp.digicert.com app/build/outputs/⟨repo⟩.jar release
== keytool-genkey-passwords | keytool -genkeypair
keytool -genkeypair -v -keystore upload.jks -alias upload -keyalg RSA -keysize 4096 -validity 10000 -storepass ⟦alnum:20⟧ -dname "CN=⟨org⟩"
== apksigner-ks-pass | apksigner
apksigner sign --ks release.keystore --ks-pass pass:⟦pw⟧ --out app-release.apk app-release-unsigned.apk
== kubectl-secret-from-literal | kubectl -n releases
kubectl -n releases create secret generic publisher --from-literal=TWINE_PASSWORD=⟦pypi⟧
== kubectl-secret-docker-registry | --docker-password
kubectl create secret docker-registry ghcr-pull --docker-server=ghcr.io --docker-username=⟨user⟩ --docker-password=⟦ghp⟧ -n ⟨repo⟩
== aws-configure-set-secret | aws configure set
aws configure set aws_secret_access_key ⟦awssk⟧ --profile releases
== az-login-service-principal | az login
az login --service-principal -u ⟨uuid⟩ -p ⟦alnum:40⟧ --tenant ⟨uuid⟩
== gcloud-secrets-add-echo | gcloud secrets versions add
echo -n "⟦pw⟧" | gcloud secrets versions add signing-passphrase --data-file=-
== mysql-p-inline | mysql -h
mysql -h db.⟨org⟩.internal -u release -p'⟦pw⟧' -e 'SELECT version, published_at FROM releases ORDER BY 2 DESC LIMIT 5'
== mongosh-password-flag | mongosh
mongosh "mongodb://mongo-1.internal:27017/metrics" --username reporter --password ⟦pwu⟧ --authenticationDatabase admin
== redis-cli-a | redis-cli
redis-cli -h cache.⟨org⟩.internal -p 6380 --tls -a ⟦alnum:32⟧ INFO keyspace
== curl-bearer-header | api.github.com
curl -sS -H "Authorization: Bearer ⟦ghpat⟧" -H "Accept: application/vnd.github+json" https://api.github.com/repos/⟨org⟩/⟨repo⟩/releases/latest
== curl-private-token-gitlab | PRIVATE-TOKEN
curl --header "PRIVATE-TOKEN: ⟦glpat⟧" "https://gitlab.com/api/v4/projects/⟨int:1000000-9999999⟩/packages/generic/⟨repo⟩/⟨ver⟩/⟨repo⟩.tar.gz" --upload-file ⟨repo⟩.tar.gz
== curl-job-token-gitlab | JOB-TOKEN
curl --header "JOB-TOKEN: ⟦glptt⟧" --upload-file dist.zip "https://gitlab.example.org/api/v4/projects/88/packages/generic/bundle/1.0.0/dist.zip"
== curl-u-user-pass-nexus | nexus.internal
curl -u deployer:⟦pwu⟧ --upload-file ⟨repo⟩-⟨ver⟩.jar https://nexus.internal/repository/maven-releases/dev/⟨org⟩/⟨repo⟩/⟨ver⟩/⟨repo⟩-⟨ver⟩.jar
== curl-query-api-key | api_key=
curl "https://api.⟨org⟩.dev/v2/releases?channel=stable&api_key=⟦alnum:40⟧"
== httpie-authorization-token | http POST
http POST https://api.netlify.com/api/v1/sites/⟨uuid⟩/builds "Authorization:Bearer ⟦nfp⟧"
== wget-header-token | wget --header
wget --header="X-JFrog-Art-Api: AKCp⟦alnum:69⟧" https://⟨org⟩.jfrog.io/artifactory/libs-release/⟨repo⟩-⟨ver⟩.zip
== terraform-apply-var-token | terraform apply
terraform apply -var "do_token=⟦dop⟧" -var region=fra1 -auto-approve
== vault-login-token-positional | vault login
vault login ⟦hvsshort⟧
== vault-kv-put-password | vault kv put
vault kv put -mount=secret release/pgp passphrase='⟦pp⟧' key_id=⟨upper:16⟩
== op-item-create-password | op item create
op item create --category=login --title="PyPI ⟨repo⟩" --vault Release username=__token__ 'password=⟦pypi⟧'
== heroku-config-set | heroku config:set
heroku config:set SECRET_KEY_BASE=⟦railskey⟧ -a ⟨repo⟩-prod
== fly-secrets-set | fly secrets set
fly secrets set DATABASE_PASSWORD='⟦pw⟧' SENTRY_DSN=https://⟨hex:32⟩@o⟨int:100000-999999⟩.ingest.sentry.io/⟨int:1000-9999⟩ -a ⟨repo⟩
== vercel-env-add-echo | vercel env add
echo -n '⟦alnum:48⟧' | vercel env add DOCS_SEARCH_ADMIN_KEY production
== netlify-env-set | netlify env:set
netlify env:set ALGOLIA_ADMIN_KEY ⟦algolia⟧ --context production
== wrangler-secret-put-echo | wrangler secret put
echo "⟦hex:64⟧" | npx wrangler secret put WEBHOOK_SIGNING_SECRET --env production
== travis-encrypt-add | travis encrypt
travis encrypt --com DEPLOY_TOKEN=⟦ghp⟧ --add deploy.api_key
== circleci-context-store-secret | circleci context store-secret
printf '%s' '⟦npm⟧' | circleci context store-secret github ⟨org⟩ release NPM_TOKEN
== buildkite-agent-start-token | buildkite-agent start
buildkite-agent start --token ⟦hex:50⟧ --tags "queue=release,os=linux" --name "⟨repo⟩-%spawn"
== gitlab-runner-register | gitlab-runner register
sudo gitlab-runner register --non-interactive --url https://gitlab.com/ --token ⟦glrt⟧ --executor docker --docker-image alpine:3.20
== drone-secret-add | drone secret add
drone secret add --repository ⟨org⟩/⟨repo⟩ --name docker_password --data ⟦dckr⟧
== woodpecker-secret-add | woodpecker-cli repo secret add
woodpecker-cli repo secret add --repository ⟨org⟩/⟨repo⟩ --name cargo_token --value ⟦cio⟧
== sonar-scanner-token-d | sonar-scanner
sonar-scanner -Dsonar.projectKey=⟨org⟩_⟨repo⟩ -Dsonar.host.url=https://sonarcloud.io -Dsonar.token=⟦squ⟧
== codecov-uploader-t | codecov
./codecov -t ⟦codecov⟧ -f coverage/lcov.info -F unittests
== snyk-auth-positional | snyk auth
snyk auth ⟦snyk⟧ && snyk monitor --org=⟨org⟩
== sentry-cli-auth-token-flag | sentry-cli
sentry-cli --auth-token ⟦sntryu⟧ releases -o ⟨org⟩ -p ⟨repo⟩ finalize ⟨ver⟩
== jf-config-add-access-token | jf c add
jf c add ⟨org⟩ --url=https://⟨org⟩.jfrog.io --access-token=⟦jwt:RS256⟧ --interactive=false
== pip-index-url-creds | pip install
pip install --index-url https://__token__:⟦glpat⟧@gitlab.com/api/v4/projects/4411/packages/pypi/simple ⟨repo⟩-internal
== pip-config-extra-index | pip config set
pip config set global.extra-index-url https://aws:⟦alnum:120⟧@⟨org⟩-⟨int:100000000000-999999999999⟩.d.codeartifact.eu-west-1.amazonaws.com/pypi/pypi-store/simple/
== goproxy-inline-creds | GOPROXY
GOPROXY="https://ci:⟦pwu⟧@athens.⟨org⟩.internal,direct" GOFLAGS=-mod=mod go mod download
== docker-build-arg-npm-token | --build-arg
docker build --build-arg NPM_TOKEN=⟦npm⟧ -t ⟨org⟩/web:⟨sha7⟩ .
== ansible-vault-pass-file | .vault_pass
echo '⟦pp⟧' > .vault_pass && ansible-playbook -i inventory/prod site.yml --vault-password-file .vault_pass
== htpasswd-b | htpasswd -B -b
htpasswd -B -b /etc/nginx/.htpasswd-previews reviewer ⟦pw⟧
== mosquitto-pub-password | mosquitto_pub
mosquitto_pub -h mqtt.⟨org⟩.dev -p 8883 -u ci-bot -P '⟦pw⟧' -t builds/⟨repo⟩ -m success
== lftp-user-pass | lftp -u
lftp -u mirror,⟦pw⟧ -e "mirror -R --delete dist/ /pub/⟨repo⟩/⟨ver⟩; quit" ftp.⟨org⟩.org
== rsync-password-env | RSYNC_PASSWORD
RSYNC_PASSWORD=⟦alnum:24⟧ rsync -av --delete dist/ rsync://upload@mirror.⟨org⟩.org/releases/
== smbclient-user-percent | smbclient
smbclient //fileserver/builds -U 'CORP\svc_build%⟦pw⟧' -c 'put ⟨repo⟩-⟨ver⟩.msi'
== sqlcmd-p-flag | sqlcmd
sqlcmd -S tcp:sql-ci,1433 -U sa -P "⟦pw⟧" -C -i db/seed.sql
== pg-dump-pgpassword | pg_dump
PGPASSWORD='⟦pw⟧' pg_dump -h db.⟨org⟩.internal -U discourse -Fc discourse > discourse-⟨date⟩.dump
== restic-password-env | restic
RESTIC_PASSWORD='⟦pps⟧' restic -r s3:s3.amazonaws.com/⟨org⟩-backups backup /var/discourse/shared
== borg-passphrase-env | borg create
BORG_PASSPHRASE='⟦pp⟧' borg create --stats ssh://borg@backup.⟨org⟩.org/./forum::{now} /var/lib/forum
== echo-age-key-to-file | keys.txt
mkdir -p ~/.config/sops/age && echo '⟦age⟧' > ~/.config/sops/age/keys.txt
== matrix-login-curl-password | /_matrix/client/v3/login
curl -XPOST -d '{"type":"m.login.password","identifier":{"type":"m.id.user","user":"releasebot"},"password":"⟦pw⟧"}' https://matrix.⟨org⟩.dev/_matrix/client/v3/login
== irc-nickserv-identify | NickServ IDENTIFY
/msg NickServ IDENTIFY ⟨repo⟩-bot ⟦pw⟧
== irc-nickserv-register | NickServ REGISTER
/msg NickServ REGISTER ⟦pw⟧ infra@⟨org⟩.org
== weechat-secure-set | /secure set
/secure set libera_pass ⟦pw⟧
/set irc.server.libera.sasl_password "${sec.data.libera_pass}"
== zulip-curl-basic | zulipchat.com/api/v1/messages
curl -X POST https://⟨org⟩.zulipchat.com/api/v1/messages -u release-bot@⟨org⟩.zulipchat.com:⟦zulip⟧ --data-urlencode type=stream --data-urlencode 'to=releases'
== discourse-api-key-header | Api-Key
curl -X POST "https://discuss.⟨org⟩.dev/posts.json" -H "Api-Key: ⟦disc⟧" -H "Api-Username: system" -F "title=Release ⟨ver⟩" -F "category=5"
== crowdin-cli-token-flag | crowdin download
crowdin download --token ⟦crowdin⟧ --project-id ⟨int:100000-999999⟩ --branch main
== mailman-rest-basic | localhost:8001/3.1
curl -u restadmin:⟦pw⟧ http://localhost:8001/3.1/lists/announce.lists.⟨org⟩.org/config
== pwsh-publish-module | Publish-Module
Publish-Module -Path .\out\⟨repo⟩ -NuGetApiKey ⟦nuget⟧ -Verbose
== pwsh-securestring-plaintext | ConvertTo-SecureString
$pfxPass = ConvertTo-SecureString -String '⟦pw⟧' -AsPlainText -Force
Import-PfxCertificate -FilePath .\codesign.pfx -CertStoreLocation Cert:\CurrentUser\My -Password $pfxPass
== pwsh-env-assign | $env:
$env:CHOCOLATEY_API_KEY = "⟦choco⟧"; .\tools\push.ps1 -Version ⟨ver⟩
== cmd-set-variable | set SIGNTOOL_PASS
set SIGNTOOL_PASS=⟦pw⟧
call build\sign.cmd dist\⟨repo⟩.msi
== eas-secret-create | eas secret:create
eas secret:create --scope project --name SENTRY_AUTH_TOKEN --value ⟦sntryu⟧ --type string
== firebase-deploy-token | firebase deploy
firebase deploy --only hosting --token "⟦firebase⟧" --project ⟨repo⟩-docs
== lein-deploy-clojars-env | lein deploy clojars
LEIN_USERNAME=⟨user⟩ LEIN_PASSWORD=CLOJARS_⟦hex:60⟧ lein deploy clojars
== sbt-publish-signed-env | sbt ci-release
PGP_PASSPHRASE='⟦pp⟧' SONATYPE_USERNAME=⟨alnum:8⟩ SONATYPE_PASSWORD=hidden sbt ci-release
== cabal-upload-password | cabal upload
cabal upload --publish -u ⟨user⟩ -p '⟦pw⟧' dist-newstyle/sdist/⟨repo⟩-⟨ver⟩.tar.gz
== hackage-curl-api-key | hackage.haskell.org
curl -H "Authorization: X-ApiKey ⟦hex:64⟧" -F package=@⟨repo⟩-⟨ver⟩-docs.tar.gz -X PUT https://hackage.haskell.org/package/⟨repo⟩-⟨ver⟩/docs
== luarocks-upload-api-key | luarocks upload
luarocks upload rockspecs/⟨repo⟩-⟨ver⟩-1.rockspec --api-key=⟦alnum:40⟧
== cpan-upload-password | cpan-upload
cpan-upload -u ⟨upper:6⟩ -p '⟦pw⟧' ⟨repo⟩-⟨ver⟩.tar.gz
== anaconda-upload-token | anaconda -t
anaconda -t ⟨org⟩-⟦hex:30⟧ upload --user ⟨org⟩ --label main conda-bld/noarch/⟨repo⟩-⟨ver⟩-py_0.conda
== swift-registry-login-token | swift package-registry login
swift package-registry login https://swiftpkgs.⟨org⟩.dev --token ⟦alnum:40⟧
== nimble-token-file-echo | github_api_token
echo ⟦ghp⟧ > ~/.nimble/github_api_token && nimble publish
== opam-publish-token | opam publish
opam publish --token=⟦ghp⟧ ⟨repo⟩.⟨ver⟩ ./
== snapcraft-login-with-stdin | snapcraft login --with
echo '⟦snapcraft⟧' | snapcraft login --with -
== rclone-obscure-config | rclone config create
rclone config create r2 s3 provider=Cloudflare access_key_id=⟨hex:32⟩ secret_access_key=⟦hex:64⟧ endpoint=https://⟨hex:32⟩.r2.cloudflarestorage.com
== s3cmd-secret-key | s3cmd
s3cmd --access_key=AKIA⟨upper:16⟩ --secret_key=⟦awssk⟧ put dist/*.tar.gz s3://⟨repo⟩-downloads/⟨ver⟩/
== mc-alias-set | mc alias set
mc alias set artifacts https://minio.⟨org⟩.internal release-uploader ⟦alnum:40⟧
== gsutil-hmac-boto | gsutil
gsutil -o "Credentials:gs_access_key_id=GOOG1E⟨upper:54⟩" -o "Credentials:gs_secret_access_key=⟦b64chars:40⟧" cp dist/* gs://⟨repo⟩-releases/
== ssh-keygen-passphrase-n | ssh-keygen
ssh-keygen -t ed25519 -C "deploy@⟨repo⟩" -N '⟦pw⟧' -f ~/.ssh/⟨repo⟩_deploy
== openssl-enc-pass | openssl enc
openssl enc -aes-256-cbc -pbkdf2 -salt -in release-secrets.tar -out release-secrets.tar.enc -pass pass:⟦pp⟧
== 7z-password-archive | 7z a
7z a -p⟦pw⟧ -mhe=on signing-material-⟨date⟩.7z keys/ certs/
== zip-encrypt-p | zip -P
zip -P ⟦alnum:18⟧ -r support-bundle.zip logs/
== ldapsearch-bind-password | ldapsearch
ldapsearch -H ldaps://ldap.⟨org⟩.org -D "cn=svc-ci,ou=services,dc=⟨org⟩,dc=org" -w '⟦pw⟧' -b "ou=people,dc=⟨org⟩,dc=org" uid=⟨user⟩
== nats-user-password-flag | builds.done
nats --server nats://nats.⟨org⟩.dev:4222 --user ci --password ⟦alnum:28⟧ pub builds.done ⟨repo⟩@⟨ver⟩
== kafka-console-sasl | sasl.jaas.config
kafka-console-producer.sh --bootstrap-server kafka:9093 --topic releases --producer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="ci" password="⟦pw⟧";'
== ftp-curl-user | curl -T
curl -T ⟨repo⟩-⟨ver⟩.zip ftp://upload.sourceforge-mirror.example/incoming/ --user anonymous-upload:⟦pw⟧
== deno-deploy-token-flag | deployctl deploy
deployctl deploy --project=⟨repo⟩-docs --token=⟦ddp⟧ --prod main.ts
== supabase-login-token | supabase login
supabase login --token ⟦sbp⟧ && supabase link --project-ref ⟨lower:20⟩
== doctl-auth-init | doctl auth init
doctl auth init --context ⟨org⟩ -t ⟦dop⟧
== linode-cli-token | linode-cli
LINODE_CLI_TOKEN=⟦hex:64⟧ linode-cli obj put dist/⟨repo⟩.tar.gz ⟨repo⟩-releases
== hcloud-context-token | hcloud context create
HCLOUD_TOKEN=⟦alnum:64⟧ hcloud context create ⟨org⟩-ci
== scw-secret-key-init | scw init
scw init access-key=SCW⟨upper:17⟩ secret-key=⟦uuid⟧ organization-id=⟨uuid⟩
== ovh-application-secret | OVH_APPLICATION_SECRET
OVH_ENDPOINT=ovh-eu OVH_APPLICATION_KEY=⟨alnum:16⟩ OVH_APPLICATION_SECRET=⟦alnum:32⟧ terraform plan
''')


block("tool-output", r'''
== cat-pypirc-output | [pypi]
$ cat ~/.pypirc
[distutils]
index-servers =
    pypi
    testpypi

[pypi]
username = __token__
password = ⟦pypi⟧

[testpypi]
repository = https://test.pypi.org/legacy/
username = __token__
== cat-npmrc-output | registry=https://registry.npmjs.org/
$ cat ~/.npmrc
registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=⟦npm⟧
fund=false
== cat-gem-credentials-output | :rubygems_api_key:
$ cat ~/.gem/credentials
---
:rubygems_api_key: ⟦rubygems⟧
== cat-cargo-credentials-output | [registry]
$ cat ~/.cargo/credentials.toml
[registry]
token = "⟦cio⟧"
== hex-config-output | mix hex.config
$ mix hex.config
api_key: "⟦hexkey⟧" (using `~/.hex/hex.config`)
api_url: "https://hex.pm/api" (default)
offline: false (default)
== heroku-config-table | Config Vars
$ heroku config -a ⟨repo⟩-prod
=== ⟨repo⟩-prod Config Vars
LANG:             en_US.UTF-8
RACK_ENV:         production
SECRET_KEY_BASE:  ⟦railskey⟧
WEB_CONCURRENCY:  2
== doppler-secrets-table | doppler secrets
$ doppler secrets --only-names=false -p ⟨repo⟩ -c prd
┌────────────────────┬──────────────────────────────────────────┐
│ NAME               │ VALUE                                    │
├────────────────────┼──────────────────────────────────────────┤
│ DOPPLER_ENVIRONMENT│ prd                                      │
│ NPM_TOKEN          │ ⟦npm⟧ │
│ RELEASE_CHANNEL    │ stable                                   │
└────────────────────┴──────────────────────────────────────────┘
== vercel-env-pull-cat | vercel env pull
$ vercel env pull .env.local && cat .env.local
Downloaded Development Environment Variables for ⟨org⟩/⟨repo⟩ to .env.local
# Created by Vercel CLI
VERCEL="1"
ALGOLIA_APP_ID="⟨upper:10⟩"
ALGOLIA_ADMIN_KEY="⟦algolia⟧"
== kubectl-get-secret-yaml-data | kind: Secret
$ kubectl -n ci get secret release-signing -o yaml
apiVersion: v1
data:
  GPG_PASSPHRASE: ⟦b64:24⟧
  GPG_KEY_ID: QTFCMkMzRDRFNUY2MDcxOA==
kind: Secret
metadata:
  name: release-signing
  namespace: ci
type: Opaque
== kubectl-jsonpath-base64-decode | jsonpath
$ kubectl get secret grafana-admin -n monitoring -o jsonpath='{.data.admin-password}' | base64 -d
⟦pw⟧
== docker-inspect-env-array | docker inspect
$ docker inspect ⟨repo⟩-worker --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "SENTRY_AUTH_TOKEN=⟦sntryu⟧",
  "NODE_ENV=production"
]
== git-remote-v-token | origin
$ git remote -v
origin	https://⟨user⟩:⟦ghp⟧@github.com/⟨org⟩/⟨repo⟩.git (fetch)
origin	https://⟨user⟩:⟦^⟧@github.com/⟨org⟩/⟨repo⟩.git (push)
== git-config-list-url | remote.origin.url
$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://oauth2:⟦glpat⟧@gitlab.com/⟨org⟩/⟨repo⟩.git
file:.git/config	remote.upstream.url=https://gitlab.com/upstream/⟨repo⟩.git
== cat-docker-config-auth | "auths"
$ cat ~/.docker/config.json
{
	"auths": {
		"https://index.docker.io/v1/": {
			"auth": "⟦basic:mara⟧"
		}
	}
}
== gh-auth-token-output | gh auth token
$ gh auth token
⟦gho⟧
== gh-auth-status-show-token | Logged in to github.com
$ gh auth status --show-token
github.com
  ✓ Logged in to github.com account ⟨user⟩ (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: ⟦gho⟧
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
== glab-auth-status-token | glab auth status
$ glab auth status --show-token
gitlab.com
  ✓ Logged in to gitlab.com as ⟨user⟩ (/home/⟨user⟩/.config/glab-cli/config.yml)
  ✓ Git operations for gitlab.com configured to use https protocol.
  ✓ API calls for gitlab.com are made over https protocol
  ✓ REST API Endpoint: https://gitlab.com/api/v4/
  ✓ Token: ⟦glpat⟧
== npm-token-create-table | npm token create
$ npm token create --read-only
┌────────────────┬──────────────────────────────────────────┐
│ token          │ ⟦npm⟧ │
├────────────────┼──────────────────────────────────────────┤
│ readonly       │ true                                     │
├────────────────┼──────────────────────────────────────────┤
│ cidr_whitelist │                                          │
├────────────────┼──────────────────────────────────────────┤
│ created        │ ⟨ts⟩                     │
└────────────────┴──────────────────────────────────────────┘
== cat-aws-credentials | [release-uploader]
$ cat ~/.aws/credentials
[default]
region = eu-west-1

[release-uploader]
aws_access_key_id = AKIA⟨upper:16⟩
aws_secret_access_key = ⟦awssk⟧
== gcloud-print-access-token | gcloud auth print-access-token
$ gcloud auth print-access-token --impersonate-service-account=release@⟨repo⟩.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
⟦ya29⟧
== az-get-access-token-json | az account get-access-token
$ az account get-access-token --resource https://vault.azure.net
{
  "accessToken": "⟦jwt:RS256⟧",
  "expiresOn": "⟨date⟩ 18:22:41.000000",
  "subscription": "⟨uuid⟩",
  "tenant": "⟨uuid⟩",
  "tokenType": "Bearer"
}
== vault-kv-get-table | vault kv get
$ vault kv get -mount=release signing/minisign
======== Secret Path ========
release/data/signing/minisign

======= Metadata =======
Key                Value
---                -----
created_time       ⟨ts⟩
version            4

======== Data ========
Key           Value
---           -----
password      ⟦pw⟧
public_key    RWQ⟨b64:39⟩
== vault-token-create-table | vault token create
$ vault token create -policy=release-ci -ttl=24h
Key                  Value
---                  -----
token                ⟦hvs⟧
token_accessor       ⟨alnum:24⟩
token_duration       24h
token_renewable      true
token_policies       ["default" "release-ci"]
== op-read-output | op read
$ op read "op://Release/PyPI ⟨repo⟩/credential"
⟦pypi⟧
== pass-show-output | pass show
$ pass show ⟨org⟩/ossrh
⟦pw⟧
username: ⟨user⟩
url: https://central.sonatype.com
== macos-find-generic-password | security find-generic-password
$ security find-generic-password -a notarization -s AC_PASSWORD -w
⟦applepw⟧
== gpg-export-secret-armor | gpg --export-secret-keys
$ gpg --export-secret-keys --armor ⟨upper:16⟩
-----BEGIN PGP PRIVATE KEY BLOCK-----

⟦pgp⟧
-----END PGP PRIVATE KEY BLOCK-----
== cat-cosign-key | cosign.key
$ cosign generate-key-pair
Enter password for private key:
Enter password for private key again:
Private key written to cosign.key
Public key written to cosign.pub
$ cat cosign.key
-----BEGIN ENCRYPTED SIGSTORE PRIVATE KEY-----
⟦sigstore⟧
-----END ENCRYPTED SIGSTORE PRIVATE KEY-----
== minisign-key-file-cat | minisign encrypted secret key
$ cat ~/.minisign/minisign.key
untrusted comment: minisign encrypted secret key
⟦minisign⟧
== signify-sec-cat | signify secret key
$ cat ⟨repo⟩-⟨int:10-99⟩.sec
untrusted comment: signify secret key
⟦signify⟧
== terraform-output-raw | terraform output -raw
$ terraform output -raw registry_admin_password
⟦pw⟧
== terraform-state-show-password | terraform state show
$ terraform state show random_password.discourse_db
# random_password.discourse_db:
resource "random_password" "discourse_db" {
    id          = "none"
    length      = 32
    result      = (sensitive value)
}
$ terraform show -json | jq -r '.values.root_module.resources[] | select(.address=="random_password.discourse_db") | .values.result'
⟦alnum:32⟧
== helm-get-values-output | helm get values
$ helm get values sentry -n sentry
USER-SUPPLIED VALUES:
postgresql:
  auth:
    password: ⟦pw⟧
user:
  create: true
  email: admin@⟨org⟩.dev
== docker-compose-config-expanded | docker compose config
$ docker compose config
name: ⟨repo⟩
services:
  db:
    environment:
      POSTGRES_DB: ⟨repo⟩
      POSTGRES_PASSWORD: ⟦pw⟧
    image: postgres:16
== psql-select-api-tokens | SELECT id, name, token
forum=> SELECT id, name, token FROM api_keys WHERE revoked_at IS NULL LIMIT 3;
 id |     name      |                              token
----+---------------+------------------------------------------------------------------
 17 | release-bot   | ⟦disc⟧
(1 row)
== redis-get-session | GET session:admin
127.0.0.1:6379> GET session:admin:⟨int:1000-9999⟩
"{\"user\":\"admin\",\"csrf\":\"⟨hex:32⟩\",\"remember_token\":\"⟦alnum:64⟧\"}"
== jq-service-account-json | jq '{client_email, private_key}'
$ jq '{client_email, private_key}' release-sa.json
{
  "client_email": "release@⟨repo⟩-ci.iam.gserviceaccount.com",
  "private_key": "-----BEGIN PRIVATE KEY-----\n⟦pem-pkcs8-esc⟧\n-----END PRIVATE KEY-----\n"
}
== gh-api-runner-registration-token | registration-token
$ gh api -X POST repos/⟨org⟩/⟨repo⟩/actions/runners/registration-token
{"token":"⟦upper:29⟧","expires_at":"⟨ts⟩"}
== gh-app-installation-token | access_tokens
$ curl -s -X POST -H "Authorization: Bearer $APP_JWT" https://api.github.com/app/installations/⟨int:10000000-99999999⟩/access_tokens | jq .
{
  "token": "⟦ghs⟧",
  "expires_at": "⟨ts⟩",
  "permissions": { "contents": "write", "metadata": "read" },
  "repository_selection": "selected"
}
== rails-credentials-show | credentials:show
$ bin/rails credentials:show
secret_key_base: ⟦railskey⟧
aws:
  access_key_id: AKIA⟨upper:16⟩
== mix-phx-gen-secret-output | mix phx.gen.secret
$ mix phx.gen.secret
⟦b64chars:64⟧
$ # pasting into fly secrets next
== openssl-rand-hex-output | openssl rand -hex 32
$ openssl rand -hex 32   # new GitHub webhook secret for the sponsors endpoint
⟦hex:64⟧
== python-token-urlsafe-output | secrets.token_urlsafe
$ python3 -c 'import secrets; print(secrets.token_urlsafe(32))'
⟦b64u:32⟧
== wg-genkey-output | wg genkey
$ wg genkey | tee /etc/wireguard/ci.key | wg pubkey
⟨b64:32⟩
$ cat /etc/wireguard/ci.key
⟦wg⟧
== age-keygen-output | age-keygen
$ age-keygen -o release.agekey
Public key: age1⟨lower:58⟩
$ cat release.agekey
# created: ⟨ts⟩
# public key: age1⟨lower:58⟩
⟦age⟧
== fly-tokens-create-deploy | fly tokens create deploy
$ fly tokens create deploy -a ⟨repo⟩ -x 720h
FlyV1 ⟦flyv1⟧
== cat-netlify-config-json | "users"
$ cat ~/.config/netlify/config.json
{
  "telemetryDisabled": true,
  "cliId": "⟨uuid⟩",
  "userId": "⟨hex:24⟩",
  "users": {
    "⟨hex:24⟩": {
      "id": "⟨hex:24⟩",
      "name": "⟨user⟩",
      "auth": { "token": "⟦nfp⟧", "github": {} }
    }
  }
}
== cat-vercel-auth-json | auth.json
$ cat ~/.local/share/com.vercel.cli/auth.json
{
  "// Note": "This is your Vercel credentials file. DO NOT SHARE!",
  "// Docs": "https://vercel.com/docs/projects/project-configuration/global-configuration#auth.json",
  "token": "⟦vercel⟧"
}
== cat-gh-hosts-yml | hosts.yml
$ cat ~/.config/gh/hosts.yml
github.com:
    users:
        ⟨user⟩:
            oauth_token: ⟦gho⟧
    git_protocol: https
    oauth_token: ⟦^⟧
    user: ⟨user⟩
== cat-netrc-output | machine api.heroku.com
$ cat ~/.netrc
machine api.heroku.com
  login ⟨user⟩@⟨org⟩.dev
  password ⟦heroku⟧
machine git.heroku.com
  login ⟨user⟩@⟨org⟩.dev
== mvn-effective-settings | help:effective-settings
$ mvn help:effective-settings -DshowPasswords=true | sed -n '/<servers>/,/<\/servers>/p'
  <servers>
    <server>
      <username>⟨alnum:8⟩</username>
      <password>⟦alnum:44⟧</password>
      <id>central</id>
    </server>
  </servers>
== gradle-properties-task-grep | ./gradlew properties
$ ./gradlew properties -q | grep -i sign
signing.keyId: ⟨upper:8⟩
signing.password: ⟦pw⟧
signing.secretKeyRingFile: /home/⟨user⟩/.gnupg/secring.gpg
== pwsh-get-childitem-env | Get-ChildItem Env:
PS C:\src\⟨repo⟩> Get-ChildItem Env: | Where-Object Name -like '*KEY*'

Name                           Value
----                           -----
NUGET_API_KEY                  ⟦nuget⟧
PSModulePath                   C:\Users\⟨user⟩\Documents\PowerShell\Modules
== docker-history-no-trunc-arg | docker history
$ docker history --no-trunc ghcr.io/⟨org⟩/⟨repo⟩:⟨ver⟩ | grep -i token
<missing>   3 days ago   RUN |1 NPM_TOKEN=⟦npm⟧ /bin/sh -c npm ci && npm run build   214MB   buildkit.dockerfile.v0
== systemctl-show-environment | Environment=
$ systemctl show ⟨repo⟩-webhook.service -p Environment
Environment=PORT=8088 GITHUB_WEBHOOK_SECRET=⟦hex:40⟧ LOG_LEVEL=info
== ps-aux-process-args | ps aux
$ ps aux | grep [r]eplicat
postgres  41122  0.3  1.1 412344 92120 ?  Ssl  09:14   0:41 /usr/bin/pgreplicat --source postgres://repl:⟦pwu⟧@10.0.4.11/forum --slot discourse
== proc-environ-dump | /proc/
$ sudo cat /proc/$(pgrep -f matrix-bot)/environ | tr '\0' '\n' | grep -i token
MATRIX_ACCESS_TOKEN=⟦syt⟧
== git-log-p-removed-line | git log -p
$ git log -p -S 'GEM_HOST_API_KEY' --oneline -- .env
⟨sha7⟩ chore: drop local env
diff --git a/.env b/.env
deleted file mode 100644
--- a/.env
+++ /dev/null
@@ -1,2 +0,0 @@
-GEM_HOST_API_KEY=⟦rubygems⟧
-BUNDLE_GEMS__CONTRIBSYS__COM=⟨hex:8⟩:⟨hex:8⟩
== git-show-commit-added-key | git show
$ git show ⟨sha7⟩ --stat -p -- deploy/settings.xml
commit ⟨sha⟩
Author: ⟨user⟩ <⟨user⟩@users.noreply.github.com>

    ci: add settings.xml for central

+    <server>
+      <id>central</id>
+      <username>⟨alnum:8⟩</username>
+      <password>⟦alnum:44⟧</password>
+    </server>
== git-diff-staged-env | git diff --cached
$ git diff --cached
diff --git a/packages/cli/.env.production b/packages/cli/.env.production
new file mode 100644
index 0000000..⟨hex:7⟩
--- /dev/null
+++ b/packages/cli/.env.production
@@ -0,0 +1,3 @@
+POSTHOG_HOST=https://eu.posthog.com
+SENTRY_AUTH_TOKEN=⟦sntrys⟧
+NODE_ENV=production
== grep-r-output-api-key | grep -rn
$ grep -rn "api_key" --include=*.yml .
./.github/workflows/docs.yml:31:          api_key: ${{ secrets.ALGOLIA_KEY }}
./docs/docsearch.yml:4:api_key: ⟦algolia⟧
./docs/docsearch.yml:5:index_name: ⟨repo⟩
== rg-output-token | rg -n
$ rg -n 'token' scripts/
scripts/announce.sh:12:# posts to #announcements
scripts/announce.sh:14:TOKEN="⟦xoxb⟧"
scripts/announce.sh:15:curl -s -H "Authorization: Bearer $TOKEN" https://slack.com/api/chat.postMessage
== sqlite-settings-select | sqlite3
$ sqlite3 bot.db 'select key, value from settings'
prefix|!
matrix_homeserver|https://matrix.⟨org⟩.dev
matrix_password|⟦pw⟧
== cat-doctl-config | access-token
$ cat ~/.config/doctl/config.yaml
access-token: ⟦dop⟧
context: default
output: text
== cat-hcloud-cli-toml | [[contexts]]
$ cat ~/.config/hcloud/cli.toml
active_context = "⟨org⟩"

[[contexts]]
  name = "⟨org⟩"
  token = "⟦alnum:64⟧"
== cat-adc-json | application_default_credentials.json
$ cat ~/.config/gcloud/application_default_credentials.json
{
  "account": "",
  "client_id": "⟨int:100000000000-999999999999⟩-⟨lower:32⟩.apps.googleusercontent.com",
  "quota_project_id": "⟨repo⟩-ci",
  "refresh_token": "⟦firebase⟧",
  "type": "authorized_user"
}
== firebase-login-ci-output | firebase login:ci
$ firebase login:ci --no-localhost
✔  Success! Use this token to login on a CI server:

⟦firebase⟧

Example: firebase deploy --token "$FIREBASE_TOKEN"
== travis-token-output | travis token
$ travis token --com
Your access token is ⟦travis⟧
== heroku-auth-token-output | heroku auth:token
$ heroku auth:token
 ›   Warning: token will expire ⟨date⟩
 ›   Use heroku authorizations:create to generate a long-term token
⟦heroku⟧
== heroku-authorizations-create | heroku authorizations:create
$ heroku authorizations:create -d "github actions release"
Creating OAuth Authorization... done
Client:      <none>
ID:          ⟨uuid⟩
Description: github actions release
Scope:       global
Token:       ⟦heroku⟧
Updated at:  ⟨ts⟩
== snyk-config-get-api | snyk config get api
$ snyk config get api
⟦snyk⟧
== pip-config-list-creds | pip config list
$ pip config list
global.index-url='https://ci-reader:⟦pwu⟧@pypi.⟨org⟩.internal/simple/'
global.timeout='60'
== keyring-get-output | keyring get
$ keyring get https://upload.pypi.org/legacy/ __token__
⟦pypi⟧
== git-credential-fill-output | git credential fill
$ printf 'protocol=https\nhost=github.com\n\n' | git credential fill
protocol=https
host=github.com
username=⟨user⟩
password=⟦ghu⟧
== docker-credential-get-output | docker-credential
$ echo ghcr.io | docker-credential-secretservice get
{"ServerURL":"ghcr.io","Username":"⟨user⟩","Secret":"⟦ghp⟧"}
== aws-ecr-get-login-password | get-login-password
$ aws ecr get-login-password --region eu-central-1
⟦b64:1100⟧
== aws-secretsmanager-get-value | SecretString
$ aws secretsmanager get-secret-value --secret-id release/pypi
{
    "ARN": "arn:aws:secretsmanager:eu-central-1:⟨int:100000000000-999999999999⟩:secret:release/pypi-⟨alnum:6⟩",
    "Name": "release/pypi",
    "VersionId": "⟨uuid⟩",
    "SecretString": "{\"username\":\"__token__\",\"password\":\"⟦pypi⟧\"}",
    "CreatedDate": "⟨ts⟩"
}
== aws-ssm-get-parameter-decrypt | --with-decryption
$ aws ssm get-parameter --name /release/cosign/password --with-decryption --query Parameter.Value --output text
⟦pp⟧
== gcloud-secrets-access-output | gcloud secrets versions access
$ gcloud secrets versions access latest --secret=hex-api-key --project=⟨repo⟩-release
⟦hexkey⟧
== az-keyvault-secret-show | az keyvault secret show
$ az keyvault secret show --vault-name kv-⟨repo⟩-rel --name pfx-password --query value -o tsv
⟦pw⟧
== kubectl-base64d-jq | @base64d
$ kubectl get secret renovate-env -o json | jq '.data | map_values(@base64d)'
{
  "RENOVATE_GIT_AUTHOR": "Renovate Bot <bot@renovateapp.com>",
  "RENOVATE_TOKEN": "⟦ghp⟧"
}
== sops-decrypt-output | sops -d
$ sops -d deploy/secrets.enc.yaml
registry:
  username: robot$⟨repo⟩-push
  password: ⟦alnum:32⟧
== ansible-vault-view-output | ansible-vault view
$ ansible-vault view group_vars/mirrors/vault.yml
vault_rsync_password: ⟦pw⟧
vault_mirror_admin_email: mirror-admin@⟨org⟩.org
== gopass-show-output | gopass show
$ gopass show -o ⟨org⟩/release/cpan
⟦pw⟧
== bw-get-password-output | bw get password
$ bw get password "Apple notarization"
⟦applepw⟧
== lpass-show-output | lpass show
$ lpass show --password "Shared-Release/Chocolatey"
⟦choco⟧
== keepassxc-show-output | keepassxc-cli show
$ keepassxc-cli show -s release.kdbx "Signing/Authenticode PFX"
Enter password to unlock release.kdbx:
Title: Authenticode PFX
UserName: 
Password: ⟦pw⟧
URL: 
Notes: expires ⟨date⟩, DigiCert order ⟨int:10000000-99999999⟩
== dotnet-user-secrets-list | dotnet user-secrets list
$ dotnet user-secrets list --project src/⟨repo⟩.Api
Sentry:Dsn = https://⟨hex:32⟩@o⟨int:100000-999999⟩.ingest.sentry.io/⟨int:1000000-9999999⟩
Stripe:SecretKey = ⟦sklive⟧
== artisan-key-generate-show | key:generate --show
$ php artisan key:generate --show
⟦laravel⟧
== django-print-secret-key | settings.SECRET_KEY
$ python manage.py shell -c 'from django.conf import settings; print(settings.SECRET_KEY)'
⟦django⟧
== cat-erlang-cookie | .erlang.cookie
$ cat ~/.erlang.cookie
⟦erlcookie⟧
== kubectl-config-view-raw-token | kubectl config view --raw
$ kubectl config view --raw --minify
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: ⟨b64:60⟩
    server: https://k8s.⟨org⟩.internal:6443
  name: ci
users:
- name: release-deployer
  user:
    token: ⟦jwt:RS256⟧
== buildkite-metadata-get | buildkite-agent meta-data get
$ buildkite-agent meta-data get release-otp-seed
⟦otpseed⟧
== jenkins-script-console-decrypt | hudson.util.Secret.decrypt
Result of script console:
println(hudson.util.Secret.decrypt('{AQAAABAAAAAQ⟨b64:30⟩}'))
⟦pw⟧
== gitlab-initial-root-password | initial_root_password
$ sudo cat /etc/gitlab/initial_root_password
# WARNING: This value is valid only in the following conditions
#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or via `gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before database was seeded for the first time (usually, the first reconfigure run).
#          2. Password hasn't been changed manually, either via UI or via command line.

Password: ⟦b64:32⟧

# NOTE: This file will be automatically deleted in the first reconfigure run after 24 hours.
== argocd-initial-password | argocd admin initial-password
$ argocd admin initial-password -n argocd
⟦b64u:12⟧

 This password must be only used for first time login. We strongly recommend you update the password using `argocd account update-password`.
== jenkins-initial-admin-password | initialAdminPassword
$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword
⟦hex:32⟧
== nexus-admin-password-file | admin.password
$ docker exec nexus cat /nexus-data/admin.password
⟦uuid⟧
== nix-show-config-access-tokens | access-tokens
$ nix config show | grep access-tokens
access-tokens = github.com=⟦ghp⟧
== cat-vsce-store | ~/.vsce
$ cat ~/.vsce
{"publishers":[{"name":"⟨org⟩","pat":"⟦azpat⟧"}]}
== cat-hut-config | hut
$ cat ~/.config/hut/config
instance "sr.ht" {
    access-token "⟦srht⟧"
}
== cat-tea-config | logins:
$ cat ~/.config/tea/config.yml
logins:
- name: codeberg
  url: https://codeberg.org
  token: ⟦gitea⟧
  default: true
  user: ⟨user⟩
== cat-glab-config-token | glab-cli
$ grep -A3 'gitlab.com' ~/.config/glab-cli/config.yml
    gitlab.com:
        api_protocol: https
        token: ⟦glpat⟧
        container_registry_domains: gitlab.com,gitlab.com:443,registry.gitlab.com
== aws-sts-assume-role-json | aws sts assume-role
$ aws sts assume-role --role-arn arn:aws:iam::⟨int:100000000000-999999999999⟩:role/release --role-session-name rel
{
    "Credentials": {
        "AccessKeyId": "ASIA⟨upper:16⟩",
        "SecretAccessKey": "⟦awssk⟧",
        "SessionToken": "IQoJb3JpZ2luX2VjE…(truncated in notes)",
        "Expiration": "⟨ts⟩"
    }
}
== pulumi-config-show-secrets | pulumi config --show-secrets
$ pulumi config --show-secrets -s prod
KEY                    VALUE
aws:region             eu-west-1
⟨repo⟩:dbPassword      ⟦pw⟧
⟨repo⟩:replicas        3
== chamber-export-dotenv | chamber export
$ chamber export release --format dotenv
CODECOV_TOKEN="⟦codecov⟧"
DOCS_BUCKET="⟨repo⟩-docs"
== tailscale-authkey-create-output | api.tailscale.com
$ curl -s -u "$TS_API_KEY:" -X POST https://api.tailscale.com/api/v2/tailnet/-/keys -d @key.json | jq -r .key
⟦tskey⟧
== circleci-api-create-token | circleci.com/api/v1.1/user/token
$ curl -s -X POST https://circleci.com/api/v1.1/user/token -H "Circle-Token: $CIRCLE_TOKEN" -d label=release | jq .
{
  "label" : "release",
  "id" : "⟨hex:40⟩",
  "token" : "⟦circle⟧",
  "time" : "⟨ts⟩"
}
== cloudflare-token-create-json | "value"
$ curl -s -X POST https://api.cloudflare.com/client/v4/user/tokens -H "Authorization: Bearer $CF_BOOTSTRAP" -d @pages-token.json | jq .result
{
  "id": "⟨hex:32⟩",
  "name": "pages-deploy-⟨repo⟩",
  "status": "active",
  "value": "⟦cf⟧"
}
== python-repl-settings-dump | >>> settings
>>> from app.config import settings
>>> settings.model_dump()
{'env': 'prod', 'debug': False, 'smtp_host': 'smtp.eu.mailgun.org', 'smtp_password': '⟦pw⟧', 'sentry_dsn': None}
== iex-application-get-env | Application.get_env
iex(⟨user⟩@127.0.0.1)3> Application.get_env(:⟨user⟩_web, :hex_mirror)
[url: "https://repo.hex.pm", api_key: "⟦hexkey⟧", timeout: 15_000]
== irb-env-fetch | irb(main)
irb(main):004> ENV.fetch("RUBYGEMS_API_KEY")
=> "⟦rubygems⟧"
== node-repl-process-env | > process.env
> process.env.NODE_AUTH_TOKEN
'⟦npm⟧'
== ghci-lookupenv | ghci>
ghci> lookupEnv "HACKAGE_TOKEN"
Just "⟦hex:64⟧"
== clojure-repl-env | user=>
user=> (System/getenv "CLOJARS_DEPLOY_TOKEN")
"CLOJARS_⟦hex:60⟧"
== julia-repl-env | julia>
julia> ENV["JULIA_PKG_SERVER_TOKEN"]
"⟦jwt⟧"
== r-console-sys-getenv | Sys.getenv
> Sys.getenv("GITHUB_PAT")
[1] "⟦ghp⟧"
== psql-show-conninfo-dsn | app.replica_dsn
forum=# select current_setting('app.replica_dsn');
                         current_setting
-----------------------------------------------------------------
 host=10.0.4.12 port=5432 dbname=forum user=replica password=⟦pwu⟧
(1 row)
== mysql-show-grants-identified | IDENTIFIED BY
mysql> SHOW CREATE USER 'release'@'%'\G
*************************** 1. row ***************************
CREATE USER for release@%: CREATE USER `release`@`%` IDENTIFIED BY '⟦pw⟧' REQUIRE SSL
== ldap-search-userpassword | userPassword
$ ldapsearch -LLL -x -b 'ou=services,dc=⟨org⟩,dc=org' '(cn=svc-jenkins)' userPassword
dn: cn=svc-jenkins,ou=services,dc=⟨org⟩,dc=org
userPassword:: ⟦b64:18⟧
== env-set-output-buildkite | BUILDKITE_AGENT_ACCESS_TOKEN
$ env | sort | head -n 6
BUILDKITE=true
BUILDKITE_AGENT_ACCESS_TOKEN=⟦alnum:64⟧
BUILDKITE_AGENT_NAME=release-runner-3
BUILDKITE_BRANCH=main
== cargo-owner-list-with-token-echo | cargo owner
$ CARGO_REGISTRY_TOKEN=⟦cio⟧ cargo owner --list ⟨repo⟩ 2>&1 | tee owners.txt
user ⟨user⟩ (⟨user⟩)
github:⟨org⟩:release (⟨org⟩/release)
== twine-verbose-upload-output | twine upload --verbose
$ twine upload --verbose dist/*
Uploading distributions to https://upload.pypi.org/legacy/
INFO     dist/⟨repo⟩-⟨ver⟩-py3-none-any.whl (41.2 KB)
INFO     username set from environment: __token__
INFO     password set from environment: ⟦pypi⟧
INFO     Response from https://upload.pypi.org/legacy/:
         403 Invalid or non-existent authentication information.
== gem-env-output-credentials | gem env
$ gem env | grep -A2 "GEM CONFIGURATION"
  - GEM CONFIGURATION:
     - :update_sources => true
     - "gem" => "--no-document --key ⟦rubygems⟧"
== cat-plain-token-file | cat ~/.config/release/token
$ cat ~/.config/release/token
⟦npm⟧
== curl-verbose-authorization | api.cirrus-ci.com
$ curl -v https://api.cirrus-ci.com/graphql -d @query.json 2>&1 | grep '^>'
> POST /graphql HTTP/2
> Host: api.cirrus-ci.com
> authorization: Bearer ⟦cirrus⟧
> content-type: application/json
== http-trace-cookie-output | x-request-id
< HTTP/2 200
< content-type: text/html; charset=utf-8
< set-cookie: _forum_session=⟦cookie⟧; path=/; secure; HttpOnly; SameSite=Lax
< x-request-id: ⟨uuid⟩
''')


block("config-file", r'''
== pypirc-private-index | [internal]
# ~/.pypirc
[distutils]
index-servers = pypi internal

[pypi]
username = __token__
password = %(PYPI_TOKEN)s

[internal]
repository = https://pypi.⟨org⟩.internal/simple/
username = ci-publisher
password = ⟦pw⟧
== npmrc-scoped-github-packages | engine-strict=true
# .npmrc (repo root)
@⟨org⟩:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=⟦ghp⟧
engine-strict=true
== npmrc-legacy-auth-base64 | always-auth
# .npmrc on the old Nexus proxy
registry=https://nexus.⟨org⟩.internal/repository/npm-group/
always-auth=true
_auth=⟦basic:npm-ci⟧
== npmrc-password-base64 | :_password=
//verdaccio.⟨org⟩.dev/:username=release
//verdaccio.⟨org⟩.dev/:_password=⟦b64:18⟧
//verdaccio.⟨org⟩.dev/:email=release@⟨org⟩.dev
== yarnrc-yml-npm-auth-token | npmAuthToken
# .yarnrc.yml
nodeLinker: node-modules
npmScopes:
  ⟨org⟩:
    npmRegistryServer: "https://registry.npmjs.org"
    npmAuthToken: "⟦npm⟧"
    npmPublishAccess: public
== bunfig-toml-registry-token | [install.scopes]
# bunfig.toml
[install.scopes]
"@⟨org⟩" = { token = "⟦npm⟧", url = "https://registry.npmjs.org/" }
== gem-credentials-multi-host | :rubygems_api_key:
---
:rubygems_api_key: ⟦rubygems⟧
https://rubygems.pkg.github.com/⟨org⟩: Bearer ghp_REDACTED_BY_OWNER_LONG_AGO
== bundle-config-contribsys | BUNDLE_GEMS__CONTRIBSYS__COM
# .bundle/config
---
BUNDLE_PATH: "vendor/bundle"
BUNDLE_GEMS__CONTRIBSYS__COM: "⟨hex:8⟩:⟦hex:8⟧"
== cargo-credentials-alt-registry | ~/.cargo/credentials.toml
# ~/.cargo/credentials.toml
[registry]
token = "cio_REVOKED"

[registries.⟨org⟩]
token = "Bearer ⟦alnum:40⟧"
== cargo-config-registry-token | [registries.shipyard]
# .cargo/config.toml
[registries.shipyard]
index = "sparse+https://crates.shipyard.rs/⟨org⟩/index/"
token = "⟦b64u:33⟧"
== rebar3-hex-config | hex.config
%% ~/.config/rebar3/hex.config
#{<<"hexpm">> =>
    #{api_key => <<"⟦hexkey⟧">>,
      username => <<"⟨user⟩">>,
      repo_key => undefined}}.
== nuget-config-cleartext | ClearTextPassword
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSources>
    <add key="github" value="https://nuget.pkg.github.com/⟨org⟩/index.json" />
  </packageSources>
  <packageSourceCredentials>
    <github>
      <add key="Username" value="⟨user⟩" />
      <add key="ClearTextPassword" value="⟦ghp⟧" />
    </github>
  </packageSourceCredentials>
</configuration>
== nuget-config-apikeys | <apikeys>
<configuration>
  <apikeys>
    <add key="https://www.myget.org/F/⟨org⟩/api/v2/package" value="⟦uuid⟧" />
  </apikeys>
</configuration>
== maven-settings-server-password | <id>ossrh</id>
<!-- ~/.m2/settings.xml -->
<settings>
  <servers>
    <server>
      <id>ossrh</id>
      <username>⟨user⟩</username>
      <password>⟦pw⟧</password>
    </server>
  </servers>
</settings>
== maven-settings-gpg-passphrase | <gpg.passphrase>
<profiles>
  <profile>
    <id>release</id>
    <properties>
      <gpg.executable>gpg2</gpg.executable>
      <gpg.keyname>⟨upper:16⟩</gpg.keyname>
      <gpg.passphrase>⟦pp⟧</gpg.passphrase>
    </properties>
  </profile>
</profiles>
== maven-settings-github-packages | <id>github</id>
<server>
  <id>github</id>
  <username>⟨user⟩</username>
  <password>⟦ghp⟧</password>
</server>
== maven-settings-artifactory-apikey | <id>artifactory-releases</id>
    <server>
      <id>artifactory-releases</id>
      <username>ci-deployer</username>
      <password>AKCp8⟦alnum:68⟧</password>
    </server>
== gradle-properties-signing | signing.password
# ~/.gradle/gradle.properties
signing.keyId=⟨upper:8⟩
signing.password=⟦pw⟧
signing.secretKeyRingFile=/Users/⟨user⟩/.gnupg/secring.gpg
ossrhUsername=⟨user⟩
== gradle-properties-ossrh-password | ossrhPassword
org.gradle.jvmargs=-Xmx2g
ossrhUsername=⟨alnum:8⟩
ossrhPassword=⟦alnum:44⟧
== gradle-properties-inmemory-key | signingInMemoryKey
# gradle.properties (CI only, generated)
signingInMemoryKeyId=⟨upper:8⟩
signingInMemoryKey=-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n⟦pgp-esc⟧\n-----END PGP PRIVATE KEY BLOCK-----\n
signingInMemoryKeyPassword=
== gradle-properties-plugin-portal | gradle.publish.secret
gradle.publish.key=⟨alnum:32⟩
gradle.publish.secret=⟦gradlekey⟧
== gradle-properties-jetbrains-token | intellijPublishToken
pluginVersion=⟨ver⟩
intellijPublishToken=⟦jbperm⟧
== gradle-properties-maven-central-portal | mavenCentralPassword
mavenCentralUsername=⟨alnum:8⟩
mavenCentralPassword=⟦alnum:44⟧
RELEASE_SIGNING_ENABLED=true
== pub-credentials-json | pub-credentials.json
// ~/.config/dart/pub-credentials.json
{"accessToken":"⟦ya29⟧","refreshToken":null,"idToken":null,"tokenEndpoint":"https://accounts.google.com/o/oauth2/token","scopes":["openid","https://www.googleapis.com/auth/userinfo.email"],"expiration":⟨int:1700000000000-1760000000000⟩}
== composer-auth-json-github-oauth | github-oauth
// auth.json
{
    "github-oauth": {
        "github.com": "⟦ghp⟧"
    }
}
== composer-auth-json-http-basic | http-basic
{
  "http-basic": {
    "repo.packagist.com": {
      "username": "token",
      "password": "⟦hex:64⟧"
    }
  }
}
== docker-config-json-multi | "auths"
{
  "auths": {
    "ghcr.io": { "auth": "⟦basic:wei⟧" },
    "quay.io": { "auth": "" }
  },
  "credsStore": "desktop"
}
== helm-repositories-yaml | repositories:
# ~/.config/helm/repositories.yaml
apiVersion: ""
generated: "0001-01-01T00:00:00Z"
repositories:
- caFile: ""
  name: ⟨org⟩
  password: ⟦pw⟧
  url: https://charts.⟨org⟩.dev
  username: publisher
== helm-registry-config-json | registry/config.json
// ~/.config/helm/registry/config.json
{"auths":{"registry-1.docker.io":{"auth":"⟦basic:tobias⟧"}}}
== brew-env-file | HOMEBREW_GITHUB_API_TOKEN
# ~/.homebrew/brew.env
HOMEBREW_NO_ANALYTICS=1
HOMEBREW_GITHUB_API_TOKEN=⟦ghp⟧
== terraformrc-credentials | credentials "app.terraform.io"
# ~/.terraformrc
credentials "app.terraform.io" {
  token = "⟦tfc⟧"
}
== tfvars-password | terraform.tfvars
# envs/prod/terraform.tfvars
region          = "fra1"
droplet_size    = "s-2vcpu-4gb"
discourse_smtp_password = "⟦pw⟧"
== tf-provider-hardcoded | provider "github"
provider "github" {
  owner = "⟨org⟩"
  token = "⟦ghp⟧"
}
== tf-provider-cloudflare | provider "cloudflare"
provider "cloudflare" {
  api_token = "⟦cf⟧"
}
== goreleaser-repository-token | brews:
# .goreleaser.yaml (excerpt)
brews:
  - name: ⟨repo⟩
    repository:
      owner: ⟨org⟩
      name: homebrew-tap
      token: "⟦ghp⟧"
    directory: Formula
== goreleaser-github-token-file | github_token
$ cat ~/.config/goreleaser/github_token
⟦ghpat⟧
== compose-env-password | POSTGRES_PASSWORD
services:
  db:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: forum
      POSTGRES_PASSWORD: ⟦pw⟧
    volumes:
      - pgdata:/var/lib/postgresql/data
== k8s-secret-data-base64 | kind: Secret
apiVersion: v1
kind: Secret
metadata:
  name: smtp
type: Opaque
data:
  username: cmVsZWFzZXM=
  password: ⟦b64:21⟧
== helm-values-password | values-prod.yaml
# charts/⟨repo⟩/values-prod.yaml
postgresql:
  enabled: true
  auth:
    username: ⟨repo⟩
    password: "⟦pw⟧"
    database: ⟨repo⟩
== kustomize-secret-generator | secretGenerator
secretGenerator:
  - name: registry-creds
    literals:
      - username=robot
      - password=⟦alnum:32⟧
== argocd-repo-secret | argocd.argoproj.io/secret-type
apiVersion: v1
kind: Secret
metadata:
  name: private-charts
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://github.com/⟨org⟩/charts
  password: ⟦ghp⟧
  username: not-used
== dotenv-local-multi | .env.local
# .env.local
NEXT_PUBLIC_SITE_URL=http://localhost:3000
NEXT_PUBLIC_ALGOLIA_APP_ID=⟨upper:10⟩
ALGOLIA_ADMIN_KEY=⟦algolia⟧
== dotenv-production-quoted | LOG_LEVEL
DATABASE_URL="postgres://app@localhost/app"
SESSION_SECRET="⟦b64:48⟧"
LOG_LEVEL="warn"
== dotenv-export-prefixed | export SMTP_PASSWORD
# .envrc (direnv)
export SMTP_HOST=smtp.postmarkapp.com
export SMTP_PASSWORD=⟦postmark⟧
use flake
== spring-application-yml | spring:
spring:
  datasource:
    url: jdbc:postgresql://db:5432/⟨repo⟩
    username: ⟨repo⟩
    password: ⟦pw⟧
  jpa:
    open-in-view: false
== spring-properties-mail | spring.mail.password
spring.mail.host=smtp.gmail.com
spring.mail.port=587
spring.mail.username=noreply@⟨org⟩.dev
spring.mail.password=⟦applepw⟧
== appsettings-connection-string | ConnectionStrings
{
  "ConnectionStrings": {
    "Default": "Server=tcp:⟨repo⟩-sql.database.windows.net,1433;Database=⟨repo⟩;User ID=⟨repo⟩admin;Password=⟦pw⟧;Encrypt=True;"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}
== web-config-connectionstrings | <connectionStrings>
<connectionStrings>
  <add name="Main" connectionString="Data Source=SQL01;Initial Catalog=Builds;User Id=svc_build;Password=⟦pw⟧;" providerName="System.Data.SqlClient" />
</connectionStrings>
== rails-database-yml | production:
production:
  <<: *default
  database: ⟨repo⟩_production
  username: ⟨repo⟩
  password: ⟦pw⟧
  host: db.internal
== rails-master-key-file | config/master.key
# config/master.key (must never be committed!)
⟦hex:32⟧
== elixir-prod-secret-exs | secret_key_base
# config/prod.secret.exs
import Config

config :⟨user⟩_web, Lumen.Web.Endpoint,
  secret_key_base: "⟦b64chars:64⟧"
== erlang-sys-config-password | sys.config
%% config/sys.config
[{⟨user⟩_db, [{host, "db.internal"}, {user, "app"}, {password, "⟦pw⟧"}, {pool_size, 10}]}].
== erlang-vm-args-cookie | -setcookie
## rel/vm.args
-name ⟨repo⟩@127.0.0.1
-setcookie ⟦erlcookie⟧
+K true
== wp-config-db-password | DB_PASSWORD
/** wp-config.php */
define( 'DB_NAME', 'blog' );
define( 'DB_USER', 'blog' );
define( 'DB_PASSWORD', '⟦pw⟧' );
define( 'DB_HOST', 'localhost' );
== laravel-env | APP_KEY
APP_NAME=⟨repo⟩
APP_ENV=production
APP_KEY=⟦laravel⟧
APP_DEBUG=false
== symfony-env-local | APP_SECRET
###> symfony/framework-bundle ###
APP_ENV=prod
APP_SECRET=⟦hex:32⟧
###< symfony/framework-bundle ###
== drupal-settings-db | $databases
$databases['default']['default'] = [
  'database' => 'drupal',
  'username' => 'drupal',
  'password' => '⟦pw⟧',
  'host' => 'localhost',
  'driver' => 'mysql',
];
== nginx-basic-auth-header | proxy_set_header Authorization
location /internal-metrics/ {
    proxy_pass http://127.0.0.1:9090/;
    proxy_set_header Authorization "Basic ⟦basic:prom⟧";
}
== haproxy-stats-auth | stats auth
listen stats
    bind *:8404
    stats enable
    stats uri /stats
    stats auth admin:⟦pwu⟧
== prometheus-basic-auth | basic_auth:
scrape_configs:
  - job_name: forum
    scheme: https
    basic_auth:
      username: metrics
      password: ⟦pw⟧
    static_configs:
      - targets: ["discuss.⟨org⟩.dev"]
== alertmanager-slack-url | slack_api_url
global:
  slack_api_url: https://hooks.slack.com/services/T⟨upper:8⟩/B⟨upper:10⟩/⟦alnum:24⟧
route:
  receiver: releases
== grafana-ini-admin | admin_password
[security]
admin_user = admin
admin_password = ⟦pw⟧
secret_key = $__file{/run/secrets/grafana_secret_key}
== fluentbit-http-output | HTTP_Passwd
[OUTPUT]
    Name        http
    Match       *
    Host        logs.⟨org⟩.dev
    Port        443
    HTTP_User   shipper
    HTTP_Passwd ⟦pw⟧
    tls         On
== vector-sink-auth | [sinks.loki]
[sinks.loki]
type = "loki"
endpoint = "https://logs-prod-eu-west-0.grafana.net"
auth.strategy = "basic"
auth.user = "⟨int:100000-999999⟩"
auth.password = "⟦glsa⟧"
== logstash-es-output | elasticsearch {
output {
  elasticsearch {
    hosts => ["https://es.⟨org⟩.internal:9200"]
    user => "logstash_writer"
    password => "⟦pw⟧"
  }
}
== filebeat-cloud-auth | cloud.auth
cloud.id: "⟨repo⟩:ZXUtY2VudHJhbC0xLmF3cy5jbG91ZC5lcy5pbyQ⟨b64:20⟩"
cloud.auth: "elastic:⟦pwu⟧"
== datadog-yaml-api-key | datadog.yaml
# /etc/datadog-agent/datadog.yaml
api_key: ⟦dd⟧
site: datadoghq.eu
logs_enabled: true
== newrelic-yml-license | license_key
common: &default_settings
  license_key: '⟦hex:40⟧'
  app_name: ⟨repo⟩ (production)
== sentry-properties | auth.token
# android/sentry.properties
defaults.url=https://sentry.io/
defaults.org=⟨org⟩
defaults.project=⟨repo⟩-android
auth.token=⟦sntrys⟧
== sentryclirc | [auth]
# ~/.sentryclirc
[auth]
token=⟦sntryu⟧

[defaults]
org=⟨org⟩
== codecov-yml-token | codecov:
# codecov.yml
codecov:
  token: ⟦codecov⟧
  require_ci_to_pass: true
coverage:
  precision: 2
== coveralls-yml | repo_token
# .coveralls.yml
service_name: github-actions
repo_token: ⟦coveralls⟧
== sonar-project-properties | sonar.login
sonar.projectKey=⟨org⟩_⟨repo⟩
sonar.organization=⟨org⟩
sonar.login=⟦hex:40⟧
sonar.sources=src
== renovate-config-js-token | module.exports
// config.js for self-hosted renovate
module.exports = {
  platform: 'gitlab',
  endpoint: 'https://gitlab.⟨org⟩.dev/api/v4/',
  token: '⟦glpat⟧',
  autodiscover: true,
};
== dependabot-registry-hardcoded | registries:
# .github/dependabot.yml
version: 2
registries:
  npm-github:
    type: npm-registry
    url: https://npm.pkg.github.com
    token: ⟦ghp⟧
updates:
  - package-ecosystem: npm
    directory: "/"
    registries: [npm-github]
    schedule: { interval: weekly }
== crowdin-yml-api-token | crowdin.yml
# crowdin.yml
project_id: "⟨int:100000-999999⟩"
api_token: "⟦crowdin⟧"
base_path: "."
files:
  - source: /locales/en/*.json
    translation: /locales/%two_letters_code%/%original_file_name%
== weblate-wlc-ini | [keys]
# ~/.config/weblate
[weblate]
url = https://hosted.weblate.org/api/

[keys]
https://hosted.weblate.org/api/ = ⟦wlu⟧
== transifexrc-token | ~/.transifexrc
# ~/.transifexrc
[https://app.transifex.com]
rest_hostname = https://rest.api.transifex.com
token = 1/⟦hex:40⟧
== netlify-toml-env | [context.production.environment]
[build]
  command = "hugo --minify"
  publish = "public"

[context.production.environment]
  HUGO_VERSION = "0.128.0"
  ALGOLIA_WRITE_KEY = "⟦algolia⟧"
== vercel-json-env | "env"
{
  "buildCommand": "pnpm docs:build",
  "env": {
    "DOCS_GITHUB_TOKEN": "⟦ghpat⟧"
  }
}
== wrangler-toml-vars | [vars]
name = "⟨repo⟩-webhooks"
main = "src/index.ts"
compatibility_date = "⟨date⟩"

[vars]
GITHUB_WEBHOOK_SECRET = "⟦hex:40⟧"
== fly-toml-env | [env]
app = "⟨repo⟩-bot"
primary_region = "ams"

[env]
  LOG_LEVEL = "info"
  DISCORD_TOKEN = "⟦discord⟧"
== gae-app-yaml-env | env_variables:
runtime: python312
env_variables:
  GITHUB_APP_ID: "⟨int:100000-999999⟩"
  GITHUB_WEBHOOK_SECRET: "⟦alnum:40⟧"
== serverless-yml-environment | provider:
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    STRIPE_WEBHOOK_SECRET: ⟦whsec⟧
== jcasc-jenkins-yaml | jenkins:
jenkins:
  securityRealm:
    local:
      users:
        - id: admin
          password: ⟦pw⟧
credentials:
  system:
    domainCredentials:
      - credentials:
          - string:
              id: sonar
              secret: "${SONAR_TOKEN}"
== buildkite-agent-cfg | buildkite-agent.cfg
# /etc/buildkite-agent/buildkite-agent.cfg
token="⟦hex:50⟧"
name="%hostname-%spawn"
tags="queue=default,docker=true"
== gitlab-runner-config-toml | [[runners]]
concurrent = 4

[[runners]]
  name = "hetzner-cx42"
  url = "https://gitlab.com/"
  token = "⟦glrt⟧"
  executor = "docker"
== drone-runner-env | DRONE_RPC_SECRET
# /etc/drone-runner.env
DRONE_RPC_PROTO=https
DRONE_RPC_HOST=drone.⟨org⟩.dev
DRONE_RPC_SECRET=⟦hex:32⟧
DRONE_RUNNER_CAPACITY=2
== woodpecker-agent-secret | WOODPECKER_AGENT_SECRET
services:
  woodpecker-agent:
    image: woodpeckerci/woodpecker-agent:v2
    environment:
      - WOODPECKER_SERVER=woodpecker-server:9000
      - WOODPECKER_AGENT_SECRET=⟦hex:64⟧
== maubot-config-access-token | homeservers:
homeservers:
  matrix.⟨org⟩.dev:
    url: https://matrix.⟨org⟩.dev
    secret: null
admins:
  ⟨user⟩: ""
bot:
  access_token: ⟦syt⟧
== synapse-registration-secret | registration_shared_secret
# homeserver.yaml
server_name: "⟨org⟩.dev"
registration_shared_secret: "⟦b64chars:48⟧"
report_stats: false
== discourse-app-yml-smtp | DISCOURSE_SMTP_PASSWORD
env:
  DISCOURSE_HOSTNAME: discuss.⟨org⟩.dev
  DISCOURSE_SMTP_ADDRESS: smtp.mailgun.org
  DISCOURSE_SMTP_USER_NAME: postmaster@mg.⟨org⟩.dev
  DISCOURSE_SMTP_PASSWORD: "⟦hex:32⟧-⟨hex:8⟩-⟨hex:8⟩"
== mailman-cfg-admin-pass | [webservice]
# /etc/mailman3/mailman.cfg
[webservice]
hostname: localhost
port: 8001
admin_user: restadmin
admin_pass: ⟦pw⟧
== zuliprc-key | [api]
# ~/.zuliprc
[api]
email=release-bot@⟨org⟩.zulipchat.com
key=⟦zulip⟧
site=https://⟨org⟩.zulipchat.com
== irssi-config-password | chatnets
chatnets = {
  liberachat = {
    type = "IRC";
    sasl_mechanism = "PLAIN";
    sasl_username = "⟨repo⟩-bot";
    sasl_password = "⟦pw⟧";
  };
};
== znc-conf-pass | <User
<User ⟨user⟩>
	Pass       = plain:⟦pw⟧
	Nick       = ⟨user⟩
	<Network libera>
		Server = irc.libera.chat +6697
	</Network>
</User>
== browserstack-yml | projectName
userName: ⟨user⟩_⟨alnum:6⟩
accessKey: ⟦bstack⟧
projectName: ⟨repo⟩
buildName: nightly
== saucectl-credentials | credentials.yml
# ~/.sauce/credentials.yml
username: oauth-⟨user⟩-⟨hex:5⟩
accessKey: ⟦sauce⟧
== git-credentials-file | gitlab-ci-token
https://⟨user⟩:⟦ghp⟧@github.com
https://gitlab-ci-token:@gitlab.com
== rclone-conf-secret | [b2]
[b2]
type = b2
account = ⟨hex:25⟩
key = ⟦alnum:31⟧
hard_delete = true
== s3cfg-secret-key | [default]
[default]
access_key = AKIA⟨upper:16⟩
secret_key = ⟦awssk⟧
host_base = s3.amazonaws.com
== boto-gs-secret | [Credentials]
[Credentials]
gs_access_key_id = GOOG1E⟨upper:54⟩
gs_secret_access_key = ⟦b64chars:40⟧
== kubeconfig-client-key-data | client-key-data
users:
- name: admin@⟨repo⟩
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t⟨b64:40⟩
    client-key-data: ⟦b64:1200⟧
== pgpass-line | .pgpass
# ~/.pgpass
db.⟨org⟩.internal:5432:forum:discourse:⟦pw⟧
*:*:*:replica:notthisone
== my-cnf-client | [client]
[client]
user=backup
password=⟦pw⟧
host=127.0.0.1
== redis-conf-requirepass | requirepass
bind 127.0.0.1 ::1
port 6379
requirepass ⟦alnum:40⟧
maxmemory 256mb
== pgbouncer-userlist | pgbouncer_stats
"forum" "⟦pw⟧"
"pgbouncer_stats" "md5⟨hex:32⟩"
== odbc-ini-pwd | [BuildsDSN]
[BuildsDSN]
Driver=ODBC Driver 18 for SQL Server
Server=sql01.corp.local
UID=svc_reports
PWD=⟦pw⟧
== sssd-conf-bind-authtok | ldap_default_authtok
[domain/⟨org⟩]
id_provider = ldap
ldap_uri = ldaps://ldap.⟨org⟩.org
ldap_default_bind_dn = cn=sssd,ou=services,dc=⟨org⟩,dc=org
ldap_default_authtok = ⟦pw⟧
== msmtprc-password | account release
account release
host smtp.fastmail.com
port 465
tls on
user releases@⟨org⟩.org
password ⟦lower:16⟧
== muttrc-smtp-pass | smtp_pass
set smtp_url = "smtps://⟨user⟩@⟨org⟩.org@smtp.⟨org⟩.org:465/"
set smtp_pass = "⟦pw⟧"
== wireguard-private-key | [Interface]
[Interface]
Address = 10.77.0.3/32
PrivateKey = ⟦wg⟧
ListenPort = 51820

[Peer]
PublicKey = ⟨b64:32⟩
== systemd-unit-environment | [Service]
[Service]
ExecStart=/usr/local/bin/⟨repo⟩-bot
Environment="TELEGRAM_BOT_TOKEN=⟦telegram⟧"
Restart=on-failure
== crontab-token-line | crontab
# crontab -l
15 3 * * * CODECOV_TOKEN=⟦codecov⟧ /opt/nightly/run.sh >> /var/log/nightly.log 2>&1
== supervisord-environment | [program:
[program:⟨repo⟩-worker]
command=/srv/⟨repo⟩/bin/worker
environment=QUEUE_URL="redis://localhost",HMAC_SECRET="⟦hex:48⟧"
autorestart=true
== launchd-plist-env | EnvironmentVariables
<key>EnvironmentVariables</key>
<dict>
    <key>HOMEBREW_GITHUB_API_TOKEN</key>
    <string>⟦ghp⟧</string>
</dict>
== nix-conf-access-tokens | access-tokens
# ~/.config/nix/nix.conf
experimental-features = nix-command flakes
access-tokens = github.com=⟦ghpat⟧ gitlab.com=PAT:glpat-redacted
== devcontainer-remote-env | remoteEnv
{
  "name": "⟨repo⟩",
  "image": "mcr.microsoft.com/devcontainers/rust:1",
  "remoteEnv": {
    "CARGO_REGISTRY_TOKEN": "⟦cio⟧"
  }
}
== vscode-launch-env | "configurations"
{
  "version": "0.2.0",
  "configurations": [
    {
      "type": "node",
      "request": "launch",
      "name": "release dry-run",
      "program": "${workspaceFolder}/scripts/release.mjs",
      "env": { "GITHUB_TOKEN": "⟦gho⟧", "DRY_RUN": "1" }
    }
  ]
}
== idea-workspace-env | RunManager
<component name="RunManager">
  <configuration name="publishPlugin" type="GradleRunConfiguration">
    <ExternalSystemSettings>
      <option name="env">
        <map>
          <entry key="PUBLISH_TOKEN" value="⟦jbperm⟧" />
        </map>
      </option>
    </ExternalSystemSettings>
  </configuration>
</component>
== postman-environment-json | "values"
{
  "name": "⟨repo⟩ staging",
  "values": [
    { "key": "baseUrl", "value": "https://staging-api.⟨org⟩.dev", "enabled": true },
    { "key": "adminToken", "value": "⟦jwt⟧", "type": "secret", "enabled": true }
  ]
}
== rest-client-http-file | @token
# api.http
@baseUrl = https://api.⟨org⟩.dev
@token = ⟦alnum:48⟧

GET {{baseUrl}}/v1/releases
Authorization: Bearer {{token}}
== condarc-channel-token | channels:
# ~/.condarc
channels:
  - https://conda.anaconda.org/t/⟦hex:40⟧/⟨org⟩
  - conda-forge
== pip-conf-index-url | [global]
# /etc/pip.conf
[global]
index-url = https://build:⟦pwu⟧@devpi.⟨org⟩.internal/root/prod/+simple/
== uv-toml-index-creds | [[index]]
# uv.toml
[[index]]
name = "internal"
url = "https://oauth2accesstoken:⟦ya29⟧@europe-west1-python.pkg.dev/⟨repo⟩/py/simple/"
== poetry-auth-toml | [http-basic.internal]
# ~/.config/pypoetry/auth.toml
[http-basic.internal]
username = "ci"
password = "⟦pw⟧"
== pdm-config-repository | [repository.pypi]
# ~/.config/pdm/config.toml
[repository.pypi]
username = "__token__"
password = "⟦pypi⟧"
== hatch-config-publish | [publish.index]
[publish.index]
repo = "main"
user = "__token__"
auth = "⟦pypi⟧"
== gemfile-source-credentials | source "https://
source "https://rubygems.org"
source "https://⟨hex:8⟩:⟦hex:8⟧@gems.contribsys.com/" do
  gem "sidekiq-pro"
end
== cabal-config-password | password:
-- ~/.cabal/config
repository hackage.haskell.org
  url: http://hackage.haskell.org/
username: ⟨user⟩
password: ⟦pw⟧
== lein-profiles-repo-auth | :repository-auth
;; ~/.lein/profiles.clj
{:auth {:repository-auth {#"clojars" {:username "⟨user⟩"
                                      :password "CLOJARS_⟦hex:60⟧"}}}}
== sbt-sonatype-credentials | Credentials(
// ~/.sbt/1.0/sonatype.sbt
credentials += Credentials("Sonatype Nexus Repository Manager",
  "s01.oss.sonatype.org",
  "⟨alnum:8⟩",
  "⟦alnum:44⟧")
== sbt-credentials-file | realm=
# ~/.sbt/.credentials
realm=Sonatype Nexus Repository Manager
host=s01.oss.sonatype.org
user=⟨alnum:8⟩
password=⟦alnum:44⟧
== renviron-github-pat | .Renviron
# ~/.Renviron
R_LIBS_USER=~/R/library
GITHUB_PAT=⟦ghp⟧
== pause-file | ~/.pause
# ~/.pause  (read by cpan-upload)
user ⟨upper:7⟩
password ⟦pw⟧
== oscrc-pass | [https://api.opensuse.org]
[https://api.opensuse.org]
user = ⟨user⟩
pass = ⟦pw⟧
credentials_mgr_class=osc.credentials.PlaintextConfigFileCredentialsManager
== copr-config-token | [copr-cli]
# ~/.config/copr
[copr-cli]
login = ⟨lower:32⟩
username = ⟨user⟩
token = ⟦lower:32⟧
copr_url = https://copr.fedorainfracloud.org
== flat-manager-token-json | flat-manager
// flat-manager token file used by build-and-publish
{"repo":"stable","token":"⟦flathub⟧"}
== electron-builder-cert-password | certificatePassword
# electron-builder.yml
win:
  target: nsis
  certificateFile: build/codesign.pfx
  certificatePassword: ⟦pw⟧
  publisherName: ⟨org⟩ OSS
== tauri-env-signing | TAURI_SIGNING_PRIVATE_KEY_PASSWORD
# .env (tauri updater)
TAURI_SIGNING_PRIVATE_KEY=./keys/updater.key
TAURI_SIGNING_PRIVATE_KEY_PASSWORD=⟦pp⟧
== fastlane-env-match-password | MATCH_PASSWORD
# fastlane/.env.default
FASTLANE_USER=ios@⟨org⟩.dev
MATCH_PASSWORD=⟦pp⟧
FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=xxxx-xxxx-xxxx-xxxx
== asc-api-key-json-p8 | key_id
// fastlane/asc_api_key.json
{
  "key_id": "⟨upper:10⟩",
  "issuer_id": "⟨uuid⟩",
  "key": "-----BEGIN PRIVATE KEY-----\n⟦p8-esc⟧\n-----END PRIVATE KEY-----",
  "in_house": false
}
== play-service-account-json | "type": "service_account"
{
  "type": "service_account",
  "project_id": "api-⟨int:1000000000-9999999999⟩-⟨int:100-999⟩",
  "private_key_id": "⟨hex:40⟩",
  "private_key": "-----BEGIN PRIVATE KEY-----\n⟦pem-pkcs8-esc⟧\n-----END PRIVATE KEY-----\n",
  "client_email": "play-publisher@api-⟨int:1000000000-9999999999⟩.iam.gserviceaccount.com",
  "client_id": "⟨int:100000000000000000000-999999999999999999999⟩"
}
== keystore-properties | storePassword
# android/keystore.properties
storeFile=../keys/release.jks
storePassword=⟦pw⟧
keyAlias=upload
keyPassword=same-as-store
== signing-config-json-pfx | "pfxPassword"
{
  "timestampUrl": "http://timestamp.digicert.com",
  "pfxPath": "C:\\certs\\oss-codesign.pfx",
  "pfxPassword": "⟦pw⟧"
}
== gnupg-passphrase-file | passphrase.txt
# ~/.gnupg/passphrase.txt  (used with --passphrase-file in make release)
⟦pps⟧
== cosign-env-file | COSIGN_KEY
# release.env
COSIGN_KEY=env://COSIGN_PRIVATE_KEY
COSIGN_PASSWORD=⟦pw⟧
COSIGN_EXPERIMENTAL=0
== snapcraft-credentials-file | snapcraft-credentials
$ head -c 120 ~/snapcraft-credentials; echo
⟦snapcraft⟧
== chocolatey-nuspec-apikey-ps1 | push.chocolatey.org
# tools/push.ps1 (excerpt)
$apiKey = '⟦choco⟧'
choco push $nupkg --source https://push.chocolatey.org/ --api-key $apiKey
== traefik-cloudflare-env | CF_DNS_API_TOKEN
# traefik docker-compose env for ACME DNS challenge
environment:
  - CF_API_EMAIL=infra@⟨org⟩.org
  - CF_DNS_API_TOKEN=⟦cf⟧
== caddy-env-file | CLOUDFLARE_API_TOKEN
# /etc/caddy/caddy.env
CLOUDFLARE_API_TOKEN=⟦cf⟧
ACME_AGREE=true
== sourcehut-build-secret-file | .build.yml
# the secret file referenced by .build.yml was accidentally copied into the repo:
# .secrets/srht-oauth
⟦srht⟧
== matrix-appservice-registration | as_token
id: ⟨repo⟩-bridge
url: http://localhost:29317
as_token: ⟦alnum:64⟧
hs_token: !include hs_token.txt
sender_localpart: ⟨repo⟩bot
''')


block("source-code", r'''
== python-requests-headers-dict | headers =
# tools/sync_labels.py
import requests

API = "https://api.github.com"
headers = {
    "Authorization": "token ⟦ghp⟧",
    "Accept": "application/vnd.github+json",
}
r = requests.get(f"{API}/repos/⟨org⟩/⟨repo⟩/labels", headers=headers, timeout=10)
== python-hmac-webhook-secret | hmac.new
# webhooks/sponsors.py
import hashlib, hmac

WEBHOOK_SECRET = b"⟦hex:40⟧"

def verify(body: bytes, signature: str) -> bool:
    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest("sha256=" + mac, signature)
== python-django-settings-secret-key | SECRET_KEY
# ⟨repo⟩/settings/production.py
from .base import *  # noqa

DEBUG = False
SECRET_KEY = "⟦django⟧"
ALLOWED_HOSTS = ["⟨repo⟩.⟨org⟩.dev"]
== python-django-insecure-key | startproject
# settings.py generated by startproject, never changed
SECRET_KEY = '⟦django:insecure⟧'
== python-flask-config | app.config
app = Flask(__name__)
app.config["SECRET_KEY"] = "⟦hex:48⟧"
app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///forum.db"
== python-fastapi-jwt-secret | jwt.encode
from jose import jwt

JWT_SECRET = "⟦alnum:64⟧"
ALGORITHM = "HS256"

def issue(sub: str) -> str:
    return jwt.encode({"sub": sub}, JWT_SECRET, algorithm=ALGORITHM)
== python-boto3-client-kwargs | boto3.client
s3 = boto3.client(
    "s3",
    aws_access_key_id="AKIA⟨upper:16⟩",
    aws_secret_access_key="⟦awssk⟧",
    region_name="eu-west-1",
)
== python-pytest-fixture-token | @pytest.fixture
@pytest.fixture
def live_client():
    # TODO: this hits real PyPI; the token below is the maintainer's own
    return Client(token="⟦pypi⟧", base_url="https://upload.pypi.org/legacy/")
== python-smtplib-login | server.login
with smtplib.SMTP_SSL("smtp.fastmail.com", 465) as server:
    server.login("releases@⟨org⟩.org", "⟦lower:16⟧")
    server.send_message(msg)
== python-psycopg-connect | psycopg.connect
conn = psycopg.connect(host="db.⟨org⟩.internal", dbname="forum", user="discourse", password="⟦pw⟧")
== python-commented-token | # token =
def client():
    # token = "⟦ghp⟧"  # old PAT, keep for reference
    return Github(auth=Auth.Token(os.environ["GITHUB_TOKEN"]))
== python-dataclass-default | @dataclass
@dataclass
class ReleaseConfig:
    repo: str = "⟨org⟩/⟨repo⟩"
    draft: bool = True
    zulip_key: str = "⟦zulip⟧"
== python-github-app-private-key | PRIVATE_KEY = """
APP_ID = ⟨int:100000-999999⟩
PRIVATE_KEY = """-----BEGIN RSA PRIVATE KEY-----
⟦pem-rsa⟧
-----END RSA PRIVATE KEY-----
"""
== js-octokit-auth | new Octokit
// scripts/label-sync.js
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: "⟦ghp⟧" });
await octokit.rest.issues.listLabelsForRepo({ owner: "⟨org⟩", repo: "⟨repo⟩" });
== js-fetch-authorization | fetch(
const res = await fetch("https://api.vercel.com/v9/projects", {
  headers: { Authorization: `Bearer ⟦vercel⟧` },
});
== js-express-session-secret | saveUninitialized
app.use(session({
  secret: "⟦alnum:40⟧",
  resave: false,
  saveUninitialized: false,
}));
== ts-config-object-export | export const config
// src/config.ts
export const config = {
  discord: {
    applicationId: "⟨int:100000000000000000-999999999999999999⟩",
    token: "⟦discord⟧",
  },
  guildId: "⟨int:100000000000000000-999999999999999999⟩",
} as const;
== ts-stripe-init | new Stripe
import Stripe from "stripe";
export const stripe = new Stripe("⟦sklive⟧", { apiVersion: "2024-06-20" });
== js-jest-setup-env | process.env.NPM_TOKEN =
// jest.setup.js
process.env.NPM_TOKEN = "⟦npm⟧"; // needed by publish.test.js
== js-wdio-browserstack-key | exports.config
exports.config = {
  user: "⟨user⟩_⟨alnum:6⟩",
  key: "⟦bstack⟧",
  services: ["browserstack"],
};
== js-playwright-sauce-config | playwright.sauce.config.js
// playwright.sauce.config.js
const SAUCE = { username: "oauth-⟨user⟩", accessKey: "⟦sauce⟧" };
== js-firebase-admin-cert | credential: cert
initializeApp({
  credential: cert({
    projectId: "⟨repo⟩-prod",
    clientEmail: "firebase-adminsdk-⟨lower:5⟩@⟨repo⟩-prod.iam.gserviceaccount.com",
    privateKey: "-----BEGIN PRIVATE KEY-----\n⟦pem-pkcs8-esc⟧\n-----END PRIVATE KEY-----\n",
  }),
});
== go-const-token | const apiToken
package release

const apiToken = "⟦bkua⟧" // buildkite, read_builds scope

func client() *buildkite.Client { return buildkite.NewClient(buildkite.WithTokenAuth(apiToken)) }
== go-struct-literal-password | mysql.Config
cfg := mysql.Config{
	User:   "release",
	Passwd: "⟦pw⟧",
	Net:    "tcp",
	Addr:   "db.internal:3306",
	DBName: "releases",
}
== go-http-header-set | req.Header.Set
req, _ := http.NewRequest("POST", "https://api.cloudflare.com/client/v4/zones/"+zoneID+"/purge_cache", body)
req.Header.Set("Authorization", "Bearer ⟦cf⟧")
== go-test-table-token | func TestUpload
func TestUpload(t *testing.T) {
	// integration test against real registry; skip in CI
	c := NewClient("https://crates.io", "⟦cio⟧")
	if err := c.Publish(ctx, "fixtures/demo-0.1.0.crate"); err != nil {
		t.Fatal(err)
	}
}
== rust-const-str | const TOKEN
// src/bin/announce.rs
const TOKEN: &str = "⟦xoxb⟧";
const CHANNEL: &str = "C0⟨upper:9⟩";
== rust-reqwest-bearer | .bearer_auth
let resp = client
    .post("https://api.github.com/repos/⟨org⟩/⟨repo⟩/releases")
    .bearer_auth("⟦ghpat⟧")
    .json(&release)
    .send()
    .await?;
== rust-env-or-default | unwrap_or_else
let key = std::env::var("HEX_API_KEY").unwrap_or_else(|_| "⟦hexkey⟧".to_string());
== rust-test-mock-vs-real | #[tokio::test]
#[tokio::test]
#[ignore = "hits real api"]
async fn smoke() {
    let api = Sentry::new("⟦sntryu⟧");
    api.list_releases("⟨org⟩").await.unwrap();
}
== java-static-final-password | private static final String
public class ReleaseUploader {
    private static final String NEXUS_USER = "deployment";
    private static final String NEXUS_PASSWORD = "⟦pw⟧";
}
== java-jdbc-getconnection | DriverManager.getConnection
Connection c = DriverManager.getConnection(
    "jdbc:postgresql://db.⟨org⟩.internal:5432/metrics", "grafana", "⟦pw⟧");
== java-basic-auth-header | Base64.getEncoder
String auth = "ci:" + "⟦pwu⟧";
conn.setRequestProperty("Authorization", "Basic " + Base64.getEncoder().encodeToString(auth.getBytes(UTF_8)));
== kotlin-gradle-kts-credentials | credentials {
// build.gradle.kts
publishing {
    repositories {
        maven {
            url = uri("https://maven.pkg.github.com/⟨org⟩/⟨repo⟩")
            credentials {
                username = "⟨user⟩"
                password = "⟦ghp⟧"
            }
        }
    }
}
== kotlin-signing-inline | useInMemoryPgpKeys
signing {
    useInMemoryPgpKeys(findProperty("signingKey") as String?, "⟦pp⟧")
    sign(publishing.publications)
}
== kotlin-ktor-client-bearer | BearerTokens
install(Auth) {
    bearer { loadTokens { BearerTokens("⟦linear⟧", "") } }
}
== kotlin-companion-const | const val
companion object {
    const val SENTRY_TOKEN = "⟦sntryu⟧"
}
== scala-sbt-credentials-inline | Credentials(
// build.sbt
credentials += Credentials("GitHub Package Registry", "maven.pkg.github.com", "⟨user⟩", "⟦ghp⟧")
== scala-object-config | object Secrets
object Secrets {
  val slackWebhook = "https://hooks.slack.com/services/T⟨upper:8⟩/B⟨upper:10⟩/⟦alnum:24⟧"
}
== scala-doobie-transactor | Transactor.fromDriverManager
val xa = Transactor.fromDriverManager[IO](
  driver = "org.postgresql.Driver",
  url = "jdbc:postgresql:forum",
  user = "forum",
  password = "⟦pw⟧",
  logHandler = None
)
== swift-let-api-key | let apiKey
// Sources/ReleaseBot/Config.swift
enum Config {
    static let apiKey = "⟦alnum:40⟧"
    static let baseURL = URL(string: "https://api.⟨org⟩.dev")!
}
== swift-urlrequest-header | setValue
var request = URLRequest(url: URL(string: "https://api.appstoreconnect.apple.com/v1/apps")!)
request.setValue("Bearer ⟦jwt:ES256⟧", forHTTPHeaderField: "Authorization")
== swift-package-registry-test | XCTestCase
final class RegistryTests: XCTestCase {
    let token = "⟦alnum:40⟧" // swiftpkgs staging
}
== dart-const-api-key | const String
// lib/src/secrets.dart
const String sentryAuthToken = '⟦sntryu⟧';
const String appName = '⟨repo⟩';
== dart-http-headers | http.post
final res = await http.post(
  Uri.parse('https://pub.dev/api/packages/versions/new'),
  headers: {'authorization': 'Bearer ⟦ya29⟧'},
);
== ruby-gem-client-key | Gems.configure
Gems.configure do |config|
  config.key = "⟦rubygems⟧"
end
== ruby-octokit-access-token | Octokit::Client.new
client = Octokit::Client.new(access_token: "⟦ghp⟧", auto_paginate: true)
client.create_release("⟨org⟩/⟨repo⟩", "v⟨ver⟩", draft: true)
== ruby-rails-initializer | Rails.application.config
# config/initializers/postmark.rb
Rails.application.config.action_mailer.postmark_settings = {
  api_token: "⟦postmark⟧"
}
== ruby-rakefile-otp-secret | ROTP::TOTP.new
# Rakefile
task :push do
  otp = ROTP::TOTP.new("⟦otpseed⟧").now
  sh "gem push pkg/⟨repo⟩-#{VERSION}.gem --otp #{otp}"
end
== php-guzzle-headers | GuzzleHttp
$client = new \GuzzleHttp\Client([
    'base_uri' => 'https://packagist.org',
    'headers'  => ['Authorization' => 'Bearer ⟨user⟩:⟦packagist⟧'],
]);
== php-pdo-connect | new PDO
$pdo = new PDO('mysql:host=127.0.0.1;dbname=forum;charset=utf8mb4', 'forum', '⟦pw⟧');
== php-laravel-config-services | 'mailgun' =>
// config/services.php
'mailgun' => [
    'domain' => 'mg.⟨org⟩.dev',
    'secret' => '⟦mailgun⟧',
    'endpoint' => 'api.eu.mailgun.net',
],
== perl-lwp-credentials | $ua->credentials
my $ua = LWP::UserAgent->new;
$ua->credentials('pause.perl.org:443', 'PAUSE', '⟨upper:7⟩', '⟦pw⟧');
== perl-dbi-connect | DBI->connect
my $dbh = DBI->connect("dbi:Pg:dbname=cpantesters;host=db", "tester", "⟦pw⟧", { RaiseError => 1 });
== perl-our-token | our $TOKEN
package Release::Notify;
our $TOKEN = '⟦telegram⟧';
our $CHAT  = '-100⟨int:1000000000-9999999999⟩';
== lua-luarocks-config | upload_server
-- ~/.luarocks/upload_config.lua
upload_server = "https://luarocks.org"
key = "⟦alnum:40⟧"
== lua-openresty-redis-auth | red:auth
local red = redis:new()
red:connect("127.0.0.1", 6379)
local ok, err = red:auth("⟦alnum:40⟧")
== lua-neovim-plugin-config | require("
require("codecompanion").setup({
  adapters = { openai = function() return require("codecompanion.adapters").extend("openai", { env = { api_key = "⟦openai⟧" } }) end },
})
== r-httr-add-headers | add_headers
resp <- GET("https://api.github.com/user/repos",
            add_headers(Authorization = paste("token", "⟦ghp⟧")))
== r-dbconnect-password | dbConnect
con <- DBI::dbConnect(RPostgres::Postgres(), host = "db.⟨org⟩.internal",
                      dbname = "cran_stats", user = "analyst", password = "⟦pw⟧")
== r-sys-setenv | Sys.setenv
Sys.setenv(GITHUB_PAT = "⟦ghpat⟧")
devtools::install_github("⟨org⟩/⟨repo⟩")
== julia-const-token | const TOKEN
module Announce
const TOKEN = "⟦zulip⟧"
const SITE = "https://⟨org⟩.zulipchat.com"
end
== julia-http-headers | HTTP.get
r = HTTP.get("https://api.github.com/repos/JuliaRegistries/General/pulls",
             ["Authorization" => "Bearer ⟦ghs⟧"])
== elixir-module-attribute | @api_key
defmodule Release.Hex do
  @api_key "⟦hexkey⟧"

  def publish(path), do: Hex.API.Release.publish(path, auth: [key: @api_key])
end
== elixir-req-auth | Req.post!
Req.post!("https://api.postmarkapp.com/email",
  headers: [{"x-postmark-server-token", "⟦postmark⟧"}],
  json: %{From: "releases@⟨org⟩.dev", To: "announce@lists.⟨org⟩.dev"})
== elixir-ecto-repo-config | Repo,
config :⟨user⟩, Forum.Repo,
  username: "forum",
  password: "⟦pw⟧",
  hostname: "db.internal",
  pool_size: 10
== elixir-runtime-exs-fallback | System.get_env
# config/runtime.exs
config :⟨user⟩_web, Web.Endpoint,
  secret_key_base: System.get_env("SECRET_KEY_BASE") || "⟦b64chars:64⟧"
== erlang-define-macro | -define(
-module(release_notify).
-define(SLACK_TOKEN, "⟦xoxb⟧").
-export([post/1]).
== erlang-httpc-basic | httpc:request
Auth = base64:encode_to_string("bot:⟦pwu⟧"),
httpc:request(post, {"https://hooks.⟨org⟩.dev/ci", [{"Authorization", "Basic " ++ Auth}], "application/json", Body}, [], []).
== haskell-bytestring-token | apiToken ::
apiToken :: ByteString
apiToken = "⟦hex:64⟧"  -- hackage upload token

uploadDocs :: FilePath -> IO ()
== haskell-postgres-connectinfo | ConnectInfo
conn <- connect defaultConnectInfo
  { connectHost = "db.internal"
  , connectUser = "hackage_mirror"
  , connectPassword = "⟦pw⟧"
  , connectDatabase = "mirror" }
== ocaml-let-token | let token =
let token = "⟦ghp⟧"
let headers = Cohttp.Header.of_list [ ("Authorization", "token " ^ token) ]
== ocaml-dune-test-env | Unix.putenv
let () = Unix.putenv "OPAM_PUBLISH_GH_TOKEN" "⟦gho⟧"
== clojure-def-token | (def
(ns release.clojars)
(def deploy-token "CLOJARS_⟦hex:60⟧")
== clojure-http-kit-basic | :basic-auth
(http/post "https://clojars.org/repo/⟨org⟩/⟨repo⟩/⟨ver⟩/⟨repo⟩-⟨ver⟩.jar"
           {:basic-auth ["⟨user⟩" "⟦pw⟧"]
            :body (io/file "target/⟨repo⟩.jar")})
== clojure-edn-config | :db-spec
;; resources/config.edn
{:db-spec {:dbtype "postgresql" :dbname "forum" :user "forum" :password "⟦pw⟧"}
 :port 3000}
== csharp-const-apikey | const string
public static class NuGetPublisher
{
    private const string ApiKey = "⟦nuget⟧";
    private const string Source = "https://api.nuget.org/v3/index.json";
}
== csharp-httpclient-default-headers | DefaultRequestHeaders
var http = new HttpClient();
http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "⟦azpat⟧");
== csharp-cake-build-script | Task("Publish")
// build.cake
Task("Publish").Does(() => {
    DotNetNuGetPush("artifacts/*.nupkg", new DotNetNuGetPushSettings {
        Source = "https://api.nuget.org/v3/index.json",
        ApiKey = "⟦nuget⟧"
    });
});
== fsharp-fake-build | Target.create
// build.fsx
Target.create "Push" (fun _ ->
    let key = "⟦nuget⟧"
    DotNet.nugetPush (fun o -> o.WithPushParams({ o.PushParams with ApiKey = Some key })) "out/*.nupkg")
== c-define-api-key | #define
/* src/telemetry.c */
#define TELEMETRY_ENDPOINT "https://ingest.⟨org⟩.dev/v1/events"
#define TELEMETRY_KEY "⟦hex:32⟧"
== c-curl-userpwd | CURLOPT_USERPWD
curl_easy_setopt(curl, CURLOPT_URL, "https://upload.⟨org⟩.org/incoming/");
curl_easy_setopt(curl, CURLOPT_USERPWD, "uploader:⟦pwu⟧");
== cpp-constexpr-secret | constexpr
namespace updater {
constexpr std::string_view kSigningPassphrase = "⟦pp⟧";
}
== cpp-test-fixture-token | TEST_F
TEST_F(ApiTest, ListReleases) {
  client_.SetToken("⟦glpat⟧");
  ASSERT_TRUE(client_.ListReleases("⟨org⟩/⟨repo⟩").ok());
}
== zig-const-slice | const token
const std = @import("std");
const token: []const u8 = "⟦ghp⟧";
pub fn main() !void {
    std.debug.print("publishing with token len {d}\n", .{token.len});
}
== nim-let-token | let token
import httpclient, json
let token = "⟦ghp⟧"
var client = newHttpClient()
client.headers = newHttpHeaders({"Authorization": "token " & token})
== crystal-constant | API_KEY =
module Shards::Publish
  API_KEY = "⟦alnum:40⟧"
end
== fortran-character-parameter | character(len=
program upload_results
  implicit none
  character(len=*), parameter :: api_key = '⟦hex:40⟧'
  character(len=*), parameter :: endpoint = 'https://bench.⟨org⟩.org/api/runs'
end program upload_results
== cobol-working-storage | WORKING-STORAGE SECTION
       WORKING-STORAGE SECTION.
       01  WS-DB-USER        PIC X(08) VALUE 'BATCHUSR'.
       01  WS-DB-PASSWORD    PIC X(16) VALUE '⟦upper:12⟧'.
       01  WS-RETURN-CODE    PIC S9(4) COMP.
== jcl-job-card-password | EXEC PGM=IEBGENER
//NIGHTLY  JOB (ACCT),'RELEASE BUILD',CLASS=A,MSGCLASS=X,
//             USER=BLDUSR,PASSWORD=⟦upper:8⟧
//STEP1    EXEC PGM=IEBGENER
== bash-script-token-var | #!/usr/bin/env bash
#!/usr/bin/env bash
set -euo pipefail
# release.sh — push tags and announce
ZULIP_KEY="⟦zulip⟧"
git push --follow-tags origin main
curl -sS -u "release-bot@⟨org⟩.zulipchat.com:$ZULIP_KEY" https://⟨org⟩.zulipchat.com/api/v1/messages -d type=stream -d to=releases
== bash-heredoc-netrc | cat > ~/.netrc
cat > ~/.netrc <<EOF
machine upload.pypi.org
  login __token__
  password ⟦pypi⟧
EOF
chmod 600 ~/.netrc
== bash-default-param-expansion | sonar-scanner
: "${SONAR_TOKEN:=⟦sqp⟧}"
sonar-scanner -Dsonar.token="$SONAR_TOKEN"
== powershell-script-param-default | param(
param(
    [string]$Version = "⟨ver⟩",
    [string]$ApiKey = "⟦nuget⟧"
)
dotnet nuget push "out/*.$Version.nupkg" --api-key $ApiKey --source nuget.org
== powershell-pscredential | New-Object System.Management.Automation.PSCredential
$secure = ConvertTo-SecureString "⟦pw⟧" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ("CORP\svc_sign", $secure)
Invoke-Command -ComputerName SIGN01 -Credential $cred -ScriptBlock { & C:\tools\sign.ps1 }
== groovy-gradle-signing | signing.keyId
// build.gradle
ext."signing.keyId" = "⟨upper:8⟩"
ext."signing.password" = "⟦pw⟧"
ext."signing.secretKeyRingFile" = "${rootDir}/secring.gpg"
== sql-create-user-password | CREATE USER
-- migrations/0042_reporting_user.sql
CREATE USER reporting WITH PASSWORD '⟦pw⟧';
GRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;
== sql-insert-api-key-seed | INSERT INTO api_keys
-- db/seeds/dev.sql (copied from prod by mistake)
INSERT INTO api_keys (id, name, key, created_at) VALUES (1, 'release-bot', '⟦hex:64⟧', now());
== nix-flake-fetch-token | fetchurl
# default.nix
src = pkgs.fetchurl {
  url = "https://gitlab.⟨org⟩.dev/api/v4/projects/12/packages/generic/blob/1.0/blob.tar.gz?private_token=⟦glpat⟧";
  hash = "sha256-⟨b64:32⟩";
};
== makefile-variable-token | publish:
# Makefile
TWINE_PASSWORD ?= ⟦pypi⟧

publish: dist
	TWINE_USERNAME=__token__ TWINE_PASSWORD=$(TWINE_PASSWORD) twine upload dist/*
== dockerfile-env-token | ENV NPM_TOKEN
FROM node:20-alpine AS build
WORKDIR /app
ENV NPM_TOKEN=⟦npm⟧
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci
== dockerfile-arg-default | ARG GITHUB_TOKEN=
FROM golang:1.22 AS build
ARG GITHUB_TOKEN=⟦ghp⟧
RUN git config --global url."https://${GITHUB_TOKEN}@github.com/".insteadOf "https://github.com/"
== objc-nsstring-key | static NSString
static NSString *const kCrashReporterKey = @"⟦hex:32⟧";
== vbnet-connection-string | Dim connStr
Dim connStr As String = "Server=SQL01;Database=Builds;User Id=svc_build;Password=⟦pw⟧;"
== gleam-const | pub const
pub const hex_api_key = "⟦hexkey⟧"
pub const package = "⟨repo⟩"
== d-lang-enum-token | enum string
enum string dubRegistryToken = "⟦alnum:40⟧";
== racket-define-token | (define
#lang racket
(define pkgs-token "⟦hex:40⟧")
(define catalog "https://pkgs.racket-lang.org")
== common-lisp-defparameter | (defparameter
(defparameter *quicklisp-dist-upload-key* "⟦alnum:40⟧")
== ada-constant-string | constant String
package Credentials is
   Alire_Token : constant String := "⟦ghp⟧";
end Credentials;
== pascal-const | const
const
  FtpUser = 'lazarus-upload';
  FtpPass = '⟦pw⟧';
== tcl-set-password | set password
set user "release"
set password "⟦pw⟧"
spawn sftp $user@upload.⟨org⟩.org
== awk-script-key | BEGIN {
BEGIN { key = "⟦hex:32⟧"; url = "https://metrics.⟨org⟩.dev/push?key=" key }
== prolog-fact-credential | api_key(
api_key(github, '⟦ghp⟧').
api_key(gitlab, none).
== vlang-const | const token
const token = '⟦ghp⟧'
fn main() { println('vpm publish') }
== elm-port-config | apiKey =
config : Config
config =
    { apiKey = "⟦alnum:32⟧"
    , endpoint = "https://api.⟨org⟩.dev"
    }
== typescript-deno-env-fallback | Deno.env.get
const token = Deno.env.get("GITHUB_TOKEN") ?? "⟦ghp⟧";
== python-jupyter-cell | In [
In [3]: import openai
In [4]: client = openai.OpenAI(api_key="⟦openai⟧")
In [5]: client.models.list()
== python-twine-settings | Settings(
from twine.settings import Settings
settings = Settings(username="__token__", password="⟦pypi⟧", repository_name="pypi")
== python-fabric-connect-kwargs | connect_kwargs
c = Connection("mirror.⟨org⟩.org", user="deploy", connect_kwargs={"password": "⟦pw⟧"})
c.run("systemctl reload nginx")
== python-celery-broker-url | broker_url
# celeryconfig.py
broker_url = "amqp://celery:⟦pwu⟧@rabbitmq:5672//"
result_backend = "redis://redis:6379/1"
== python-sentry-sdk-dsn-legacy | sentry_sdk.init
sentry_sdk.init(
    dsn="https://⟨hex:32⟩:⟦hex:32⟧@sentry.⟨org⟩.dev/3",
    traces_sample_rate=0.1,
)
== python-matrix-nio-login | AsyncClient
client = AsyncClient("https://matrix.⟨org⟩.dev", "@releasebot:⟨org⟩.dev")
await client.login("⟦pw⟧", device_name="release-bot")
== python-discord-bot-run | client.run(
if __name__ == "__main__":
    client.run("⟦discord⟧")
== python-telegram-builder | ApplicationBuilder
app = ApplicationBuilder().token("⟦telegram⟧").build()
== js-discourse-api-client | new DiscourseApi
const api = new DiscourseApi("https://discuss.⟨org⟩.dev", { apiKey: "⟦disc⟧", apiUsername: "system" });
== js-algolia-admin-client | algoliasearch(
const client = algoliasearch("⟨upper:10⟩", "⟦algolia⟧"); // admin key – server side only!!
== ts-crowdin-client | new crowdin
const { translationsApi } = new crowdin({ token: "⟦crowdin⟧" });
== js-sendgrid-setkey | sgMail.setApiKey
sgMail.setApiKey("⟦sendgrid⟧");
== go-oauth2-static-token | oauth2.StaticTokenSource
ts := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "⟦ghp⟧"})
gh := github.NewClient(oauth2.NewClient(ctx, ts))
== go-jwt-signing-key | jwt.NewWithClaims
var hmacSecret = []byte("⟦alnum:48⟧")

func sign(c jwt.MapClaims) (string, error) {
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(hmacSecret)
}
== rust-lettre-credentials | Credentials::new
let creds = Credentials::new("releases@⟨org⟩.org".to_owned(), "⟦lower:16⟧".to_owned());
== java-spring-value-default | @Value(
@Value("${webhook.secret:⟦hex:40⟧}")
private String webhookSecret;
== kotlin-android-buildconfig | buildConfigField
buildConfigField("String", "MAPS_SERVER_KEY", "\"⟦mapbox⟧\"")
== swift-keychain-seed | kSecClassGenericPassword
// DebugSeed.swift – seeds keychain on simulator
let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword,
                            kSecAttrAccount as String: "notary",
                            kSecValueData as String: "⟦applepw⟧".data(using: .utf8)!]
''')


block("stack-trace-or-log", r'''
== python-requests-maxretries-url-key | Max retries exceeded
Traceback (most recent call last):
  File "/app/notify.py", line 41, in send
    r = requests.get(url, timeout=5)
  ...
requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.pushover.net', port=443): Max retries exceeded with url: /1/messages.json?token=⟦alnum:30⟧&user=⟨alnum:30⟩ (Caused by NameResolutionError("<urllib3.connection.HTTPSConnection object at 0x7f⟨hex:10⟩>: Failed to resolve 'api.pushover.net'"))
== java-jdbc-exception-url | PSQLException
org.postgresql.util.PSQLException: Connection to db.⟨org⟩.internal:5432 refused.
	at org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:352)
	at org.postgresql.Driver.connect(Driver.java:297)
	at com.zaxxer.hikari.pool.PoolBase.newConnection(PoolBase.java:359)
Caused by: configuration: jdbcUrl=jdbc:postgresql://db.⟨org⟩.internal:5432/metrics?user=grafana&password=⟦pwu⟧
== go-panic-struct-dump | goroutine 1 [running]
panic: publish: unexpected status 401

goroutine 1 [running]:
main.mustPublish(0xc000124000, {Registry:https://registry.⟨org⟩.dev Token:⟦alnum:40⟧ DryRun:false})
	/src/cmd/publish/main.go:88 +0x1d4
main.main()
	/src/cmd/publish/main.go:34 +0x85
exit status 2
== node-unhandled-rejection-config | api.netlify.com
node:internal/process/promises:289
            triggerUncaughtException(err, true /* fromPromise */);
            ^

Error: Request failed with status code 403
    at createError (/app/node_modules/axios/lib/core/createError.js:16:15)
  config: {
    url: 'https://api.netlify.com/api/v1/sites/⟨uuid⟩/deploys',
    method: 'post',
    headers: {
      Accept: 'application/json, text/plain, */*',
      Authorization: 'Bearer ⟦nfp⟧',
      'User-Agent': 'axios/0.21.4'
    }
  }
== rust-panic-debug-config | thread 'main' panicked
thread 'main' panicked at src/main.rs:57:10:
called `Result::unwrap()` on an `Err` value: PublishError { status: 403, registry: "crates.io", config: Config { token: Some("⟦cio⟧"), dry_run: false } }
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
== elixir-genserver-crash-state | GenServer
⟨time⟩:41.118 [error] GenServer Release.Announcer terminating
** (MatchError) no match of right hand side value: {:error, :econnrefused}
    (release 0.4.0) lib/release/announcer.ex:52: Release.Announcer.handle_info/2
Last message: :tick
State: %{channel: "#releases", interval: 60000, zulip_key: "⟦zulip⟧", site: "https://⟨org⟩.zulipchat.com"}
== erlang-sasl-crash-report | CRASH REPORT
=CRASH REPORT==== ⟨date⟩::⟨time⟩:07 ===
  crasher:
    initial call: hex_mirror_sync:init/1
    pid: <0.412.0>
    registered_name: hex_mirror_sync
    exception error: bad argument
    ancestors: [hex_mirror_sup,<0.398.0>]
    dictionary: [{api_key,<<"⟦hexkey⟧">>}]
== ruby-faraday-error-headers | Faraday::UnauthorizedError
Faraday::UnauthorizedError: the server responded with status 401
  request: {:method=>:post, :url=>"https://rubygems.org/api/v1/gems", :request_headers=>{"Authorization"=>"⟦rubygems⟧", "Content-Type"=>"application/octet-stream"}}
  /usr/local/bundle/gems/faraday-2.9.0/lib/faraday/response/raise_error.rb:30:in `on_complete'
== php-pdo-exception-args | PDOException
PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'forum'@'10.0.3.7' (using password: YES) in /var/www/forum/src/Db.php:14
Stack trace:
#0 /var/www/forum/src/Db.php(14): PDO->__construct('mysql:host=db;d...', 'forum', '⟦pw⟧')
#1 /var/www/forum/public/index.php(9): Db::connect()
#2 {main}
  thrown in /var/www/forum/src/Db.php on line 14
== dotnet-sqlexception-connstr | SqlException
Unhandled exception. Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'svc_build'.
   at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, Boolean breakConnection)
   at Builds.Db.Open() in /src/Builds/Db.cs:line 22
ConnectionString: Server=SQL01;Database=Builds;User Id=svc_build;Password=⟦pw⟧;TrustServerCertificate=True
== haskell-httpexception-headers | HttpExceptionRequest
uploader: HttpExceptionRequest Request {
  host                 = "hackage.haskell.org"
  port                 = 443
  secure               = True
  requestHeaders       = [("Authorization","X-ApiKey ⟦hex:64⟧"),("Content-Type","multipart/form-data")]
  path                 = "/packages/candidates"
  method               = "POST"
}
 (StatusCodeException (Response {responseStatus = Status {statusCode = 403, statusMessage = "Forbidden"}}) "")
== scala-akka-config-log | akka.actor
[INFO] [⟨date⟩ ⟨time⟩:12.044] [release-system-akka.actor.default-dispatcher-5] [akka://release-system/user/publisher] starting with Settings(sonatypeUser=⟨alnum:8⟩, sonatypePassword=⟦alnum:44⟧, staging=true)
== android-logcat-token | ApiClient
⟨date⟩ ⟨time⟩:51.301  8812  8840 D ApiClient: --> POST https://api.⟨org⟩.dev/v2/sync
⟨date⟩ ⟨time⟩:51.301  8812  8840 D ApiClient: Authorization: Bearer ⟦jwt⟧
⟨date⟩ ⟨time⟩:51.302  8812  8840 D ApiClient: --> END POST (312-byte body)
== swift-crash-log-env | Thread 0 Crashed
Exception Type:  EXC_CRASH (SIGABRT)
Thread 0 Crashed:: Dispatch queue: com.apple.main-thread
0   libswiftCore.dylib   0x1a2b3c4d5 _assertionFailure + 172
1   ReleaseTool          0x100f0a1b0 Notary.submit(password:) + 612
Application Specific Information:
Fatal error: notarization rejected; password=⟦applepw⟧ team=⟨upper:10⟩
== perl-dbi-die | DBI connect
DBI connect('dbname=cpantesters;host=db','tester',...) failed: FATAL:  password authentication failed for user "tester" at lib/CT/DB.pm line 23.
	CT::DB::connect('CT::DB', 'tester', '⟦pw⟧') called at bin/ingest line 12
== gha-log-set-x-token | ##[group]Run
2024-05-14T09:12:44.1038812Z ##[group]Run ./scripts/publish.sh
2024-05-14T09:12:44.1039410Z shell: /usr/bin/bash -e {0}
2024-05-14T09:12:44.1043201Z ##[endgroup]
2024-05-14T09:12:44.1190551Z + export CARGO_REGISTRY_TOKEN=⟦cio⟧
2024-05-14T09:12:44.1191015Z + cargo publish --locked
== gha-log-base64-not-masked | base64 -w0
2024-06-02T18:40:07.5512020Z + echo "$SIGNING_KEY" | base64 -w0
2024-06-02T18:40:07.5519871Z ***
2024-06-02T18:40:07.5530110Z + echo 'decoded passphrase for debugging:' "$(echo "$GPG_PASSPHRASE_B64" | base64 -d)"
2024-06-02T18:40:07.5532714Z decoded passphrase for debugging: ⟦pp⟧
== gha-log-before-add-mask | ::add-mask::
2024-07-19T11:03:22.0914413Z ##[group]Run TOKEN=$(gh api -X POST /app/installations/⟨int:10000000-99999999⟩/access_tokens --jq .token)
2024-07-19T11:03:22.5137001Z + TOKEN=⟦ghs⟧
2024-07-19T11:03:22.5139918Z + echo '::add-mask::***'
== gitlab-job-log-echo-var | Executing "step_script"
Executing "step_script" stage of the job script
$ echo "Using deploy token $CI_DEPLOY_PASSWORD for $CI_REGISTRY"
Using deploy token ⟦gldt⟧ for registry.gitlab.com
$ docker login -u "$CI_DEPLOY_USER" --password-stdin "$CI_REGISTRY" <<< "$CI_DEPLOY_PASSWORD"
Login Succeeded
== jenkins-console-output-env | Started by user
Started by user ⟨user⟩
Running as SYSTEM
[Pipeline] sh
+ env
JENKINS_HOME=/var/jenkins_home
NEXUS_PASSWORD=⟦pw⟧
BUILD_NUMBER=⟨int:100-999⟩
== npm-debug-log-authtoken | verbose config
0 verbose cli /usr/local/bin/node /usr/local/bin/npm
1 info using npm@10.8.1
2 silly config load:file:/home/runner/work/⟨repo⟩/.npmrc
3 verbose config //registry.npmjs.org/:_authToken=⟦npm⟧ (from env NPM_CONFIG_//REGISTRY.NPMJS.ORG/:_AUTHTOKEN)
4 http fetch PUT 403 https://registry.npmjs.org/@⟨org⟩%2f⟨repo⟩ 411ms
== curl-verbose-basic-header | > Authorization: Basic
*   Trying 10.0.8.14:443...
* Connected to nexus.internal (10.0.8.14) port 443
> PUT /repository/raw-releases/⟨repo⟩/⟨ver⟩/⟨repo⟩.tar.gz HTTP/1.1
> Host: nexus.internal
> Authorization: Basic ⟦basic:deployer⟧
> User-Agent: curl/8.5.0
< HTTP/1.1 401 Unauthorized
== nginx-access-log-query-token | GET /api/v1/builds
⟨ip⟩ - - [14/May/2024:09:31:07 +0000] "GET /api/v1/builds?access_token=⟦hex:40⟧&per_page=50 HTTP/1.1" 200 18211 "-" "drone-cli/1.8.0"
== apache-access-log-key | "POST /hooks
⟨ip⟩ - - [02/Jun/2024:22:10:51 +0200] "POST /hooks/rebuild?key=⟦alnum:32⟧ HTTP/1.1" 202 14 "-" "GitHub-Hookshot/⟨hex:7⟩"
== sudo-log-command-password | COMMAND=
⟨date⟩T03:12:09.114021+00:00 build01 sudo[41122]:  jenkins : TTY=unknown ; PWD=/var/lib/jenkins ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p⟦pw⟧ -e FLUSH PRIVILEGES
== bash-history-leak | .bash_history
$ tail -n 5 ~/.bash_history
cd ~/src/⟨repo⟩
git tag -s v⟨ver⟩ -m "v⟨ver⟩"
export TWINE_PASSWORD=⟦pypi⟧
python -m build && twine upload dist/*
history -c
== zsh-history-extended | : 17
: 1715678012:0;gh auth login --with-token <<< ⟦gho⟧
: 1715678030:0;gh release create v⟨ver⟩ --generate-notes
== kubectl-v9-curl-bearer | round_trippers.go
I0514 09:41:12.019331   41122 round_trippers.go:466] curl -v -XGET  -H "Accept: application/json" -H "Authorization: Bearer ⟦jwt:RS256⟧" 'https://k8s.⟨org⟩.internal:6443/api/v1/namespaces/ci/pods'
I0514 09:41:12.044810   41122 round_trippers.go:553] GET https://k8s.⟨org⟩.internal:6443/api/v1/namespaces/ci/pods 200 OK in 25 milliseconds
== git-curl-verbose-header | GIT_CURL_VERBOSE
$ GIT_CURL_VERBOSE=1 GIT_TRACE=1 git push origin v⟨ver⟩ 2>&1 | grep -i auth
09:12:44.104331 http.c:725              => Send header: Authorization: Basic ⟦basic:x-access-token⟧
09:12:44.211089 http.c:725              <= Recv header: www-authenticate: Basic realm="GitHub"
== terraform-debug-log-header | terraform-provider-github
⟨ts⟩ [DEBUG] provider.terraform-provider-github_v6.2.1: ---[ REQUEST ]---------------------------------------
⟨ts⟩ [DEBUG] provider.terraform-provider-github_v6.2.1: GET /repos/⟨org⟩/⟨repo⟩ HTTP/1.1
⟨ts⟩ [DEBUG] provider.terraform-provider-github_v6.2.1: Authorization: Bearer ⟦ghp⟧
⟨ts⟩ [DEBUG] provider.terraform-provider-github_v6.2.1: Accept: application/vnd.github.v3+json
== ansible-vvv-module-args | "module_args"
fatal: [mirror01]: FAILED! => {
    "changed": false,
    "invocation": {
        "module_args": {
            "login_host": "localhost",
            "login_password": "⟦pw⟧",
            "login_user": "root",
            "name": "mirror"
        }
    },
    "msg": "unable to connect to database"
}
== helm-debug-rendered-values | COMPUTED VALUES
$ helm upgrade --install forum ./chart --debug --dry-run
...
COMPUTED VALUES:
discourse:
  smtp:
    host: smtp.mailgun.org
    password: ⟦hex:32⟧-⟨hex:8⟩-⟨hex:8⟩
    user: postmaster@mg.⟨org⟩.dev
== spring-debug-datasource | HikariConfig
⟨date⟩ ⟨time⟩:18.441 DEBUG 1 --- [main] com.zaxxer.hikari.HikariConfig : jdbcUrl.........................jdbc:mysql://db:3306/builds
⟨date⟩ ⟨time⟩:18.441 DEBUG 1 --- [main] com.zaxxer.hikari.HikariConfig : password........................⟦pw⟧
⟨date⟩ ⟨time⟩:18.441 DEBUG 1 --- [main] com.zaxxer.hikari.HikariConfig : username........................builds
== docker-compose-startup-config-dump | Starting with config
bot-1  | ⟨ts⟩ INFO  Starting with config: {"homeserver":"https://matrix.⟨org⟩.dev","user":"@releases:⟨org⟩.dev","access_token":"⟦syt⟧","rooms":["!⟨alnum:18⟩:⟨org⟩.dev"]}
bot-1  | ⟨ts⟩ INFO  Synced 3 rooms
== celery-task-args-log | Task notify.send_release_mail
[⟨date⟩ ⟨time⟩:02,118: INFO/MainProcess] Task notify.send_release_mail[⟨uuid⟩] received
[⟨date⟩ ⟨time⟩:02,119: ERROR/ForkPoolWorker-2] Task notify.send_release_mail[⟨uuid⟩] raised unexpected: SMTPAuthenticationError(535, b'5.7.8 Username and Password not accepted')
  args: ('announce@lists.⟨org⟩.org', 'smtp.gmail.com', 'releases@⟨org⟩.org', '⟦applepw⟧')
== sidekiq-job-args | PushGemJob
⟨ts⟩ pid=7 tid=gq9 class=PushGemJob jid=⟨hex:24⟩ INFO: start
⟨ts⟩ pid=7 tid=gq9 class=PushGemJob jid=⟨hex:24⟩ WARN: {"args":["⟨repo⟩-⟨ver⟩.gem","⟦rubygems⟧"],"retry":3,"error_class":"Gems::NotAuthorizedError"}
== django-debug-page-env | META
Request information
USER: AnonymousUser
GET: No GET data
META:
DATABASE_URL = 'postgres://forum:⟦pwu⟧@db:5432/forum'
DJANGO_SETTINGS_MODULE = 'forum.settings'
SECRET_KEY = '********************'
== laravel-log-stacktrace | production.ERROR
[⟨date⟩ ⟨time⟩:33] production.ERROR: cURL error 6: Could not resolve host: api.mailgun.net (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://api:⟦mailgun⟧@api.mailgun.net/v3/mg.⟨org⟩.dev/messages {"exception":"[object] (GuzzleHttp\\Exception\\ConnectException(code: 0))"}
== rails-log-unfiltered-param | Parameters:
Started POST "/admin/integrations" for ⟨ip⟩ at ⟨date⟩ ⟨time⟩:11 +0000
Processing by Admin::IntegrationsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "integration"=>{"kind"=>"crowdin", "credential"=>"⟦crowdin⟧"}}
Completed 302 Found in 41ms
== irc-raw-log-pass | >> PASS
⟨time⟩:02 >> CAP LS 302
⟨time⟩:02 >> NICK ⟨repo⟩-bot
⟨time⟩:02 >> PASS ⟨repo⟩-bot:⟦pw⟧
⟨time⟩:03 << :lead.libera.chat NOTICE * :*** Checking Ident
== irc-nickserv-privmsg-log | PRIVMSG NickServ
[⟨time⟩] -> PRIVMSG NickServ :IDENTIFY ⟦pw⟧
[⟨time⟩] <- :NickServ!NickServ@services.libera.chat NOTICE ⟨repo⟩-bot :You are now identified for ⟨repo⟩-bot.
== travis-log-display-value | Setting environment variables from repository settings
Setting environment variables from repository settings
$ export COVERALLS_REPO_TOKEN=⟦coveralls⟧
$ export DEPLOY_ENV=[secure]
== teamcity-service-message | ##teamcity[setParameter
[09:41:12]	 ##teamcity[setParameter name='env.JETBRAINS_TOKEN' value='⟦jbperm⟧']
[09:41:12]	 Step 3/4: Publish plugin (Gradle)
== azure-pipelines-setvariable | ##vso[task.setvariable
##[section]Starting: Fetch signing password
==============================================================================
##vso[task.setvariable variable=PFX_PASSWORD]⟦pw⟧
##[section]Finishing: Fetch signing password
== buildkite-log-env-dump | ~~~ Preparing
~~~ Preparing working directory
$ env | grep -v PATH
BUILDKITE_PIPELINE_SLUG=release
HEX_API_KEY=⟦hexkey⟧
BUILDKITE_BUILD_NUMBER=⟨int:1000-9999⟩
== circleci-step-output | #!/bin/bash -eo pipefail
#!/bin/bash -eo pipefail
echo "//registry.npmjs.org/:_authToken=$NPM_TOKEN" > ~/.npmrc && cat ~/.npmrc
//registry.npmjs.org/:_authToken=⟦npm⟧
CircleCI received exit code 0
== drone-build-log-echo | + echo
+ echo "publishing with $PLUGIN_PASSWORD"
publishing with ⟦dckr⟧
+ docker push ⟨org⟩/⟨repo⟩:⟨ver⟩
== woodpecker-step-log | [publish:L
[publish:L3:0s] + twine upload -u __token__ -p ⟦pypi⟧ dist/*
[publish:L4:2s] Uploading distributions to https://upload.pypi.org/legacy/
== appveyor-console-log | Build started
Build started
git clone -q https://github.com/⟨org⟩/⟨repo⟩.git C:\projects\⟨repo⟩
"C:\Program Files (x86)\Windows Kits\10\bin\x64\signtool.exe" sign /f C:\projects\⟨repo⟩\cert.pfx /p ⟦pw⟧ /t http://timestamp.digicert.com bin\Release\⟨repo⟩.exe
Done Adding Additional Store
== cirrus-task-log | cirrus-ci-agent
cirrus-ci-agent: executing 'publish_script'
+ curl -fsS -H "Authorization: Bearer ⟦glpat⟧" --upload-file dist/⟨repo⟩.tar.gz https://gitlab.com/api/v4/projects/⟨int:1000000-9999999⟩/packages/generic/⟨repo⟩/⟨ver⟩/
== sourcehut-build-log | hut pages publish
[#⟨int:1000000-9999999⟩] ⟨ts⟩ + echo token=⟦srht⟧ >> ~/.config/hut/config
[#⟨int:1000000-9999999⟩] ⟨ts⟩ + hut pages publish -d ⟨repo⟩.srht.site site.tar.gz
== homebrew-debug-curl | Homebrew/4.3.1
==> Downloading https://ghcr.io/v2/⟨org⟩/tap/⟨repo⟩/manifests/⟨ver⟩
/usr/bin/env /opt/homebrew/Library/Homebrew/shims/shared/curl --disable --cookie /dev/null --globoff --show-error --user-agent Homebrew/4.3.1 --header Accept-Language:\ en --retry 3 --header Authorization:\ Bearer\ ⟦ghp⟧ --location https://ghcr.io/v2/⟨org⟩/tap/⟨repo⟩/manifests/⟨ver⟩
== gradle-debug-credentials | DefaultPasswordCredentials
⟨time⟩:12.441 [DEBUG] [org.gradle.internal.resource.transport.http.HttpClientHelper] Performing HTTP PUT: https://s01.oss.sonatype.org/service/local/staging/deploy/maven2/
⟨time⟩:12.441 [DEBUG] [org.gradle.api.internal.artifacts.repositories.DefaultPasswordCredentials] credentials: username=⟨alnum:8⟩ password=⟦alnum:44⟧
== maven-x-debug-server | [DEBUG]   (f) server
[DEBUG] Configuring mojo 'org.sonatype.plugins:nexus-staging-maven-plugin:1.6.13:deploy'
[DEBUG]   (f) serverId = ossrh
[DEBUG]   (f) server = Server{id=ossrh, username=⟨user⟩, password=⟦pw⟧}
== fastlane-summary-table | Summary for
+-------------------------------------+-------------------------------------+
|                        Summary for pilot 2.220.0                          |
+-------------------------------------+-------------------------------------+
| username                            | ios@⟨org⟩.dev                       |
| app_identifier                      | dev.⟨org⟩.⟨repo⟩                    |
| apple_id_app_specific_password      | ⟦applepw⟧                   |
+-------------------------------------+-------------------------------------+
== goreleaser-log-env | • loading environment variables
  • starting release...
  • loading config file                              file=.goreleaser.yaml
  • loading environment variables
    • using token from environment: GITHUB_TOKEN=⟦ghp⟧
  • getting and validating git state
== semantic-release-error-url | [semantic-release]
[⟨time⟩:22 PM] [semantic-release] › ✘  An error occurred while running semantic-release: Error: Command failed with exit code 128: git push --tags https://x-access-token:⟦ghs⟧@github.com/⟨org⟩/⟨repo⟩.git HEAD:main
remote: Permission to ⟨org⟩/⟨repo⟩.git denied to github-actions[bot].
== node-fetcherror-query-token | FetchError
FetchError: request to https://api.crowdin.com/api/project/⟨repo⟩/export?key=⟦hex:32⟧&json failed, reason: getaddrinfo ENOTFOUND api.crowdin.com
    at ClientRequest.<anonymous> (/app/node_modules/node-fetch/lib/index.js:1501:11)
== ruby-uri-invalid-error | URI::InvalidURIError
/usr/lib/ruby/3.2.0/uri/rfc3986_parser.rb:67:in `split': bad URI(is not URI?): "https://deploy:⟦pw⟧@gems.⟨org⟩.internal/" (URI::InvalidURIError)
	from bin/mirror:14:in `<main>'
== kotlin-exception-message | IllegalStateException
Exception in thread "main" java.lang.IllegalStateException: Marketplace rejected token ⟦jbperm⟧ (401)
	at org.jetbrains.intellij.pluginRepository.PluginUploader.upload(PluginUploader.kt:81)
	at PublishKt.main(Publish.kt:12)
== clojure-ex-info-data | deps-deploy
Execution error (ExceptionInfo) at deps-deploy.deps-deploy/deploy (deps_deploy.clj:88).
Deploy failed {:status 401, :repository {:url "https://repo.clojars.org", :username "⟨user⟩", :password "CLOJARS_⟦hex:60⟧"}}
== ocaml-exception-failure | Fatal error: exception
Fatal error: exception Failure("opam-publish: GitHub API 401 with token ⟦ghp⟧")
Raised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33
== julia-stacktrace-headers | ERROR: HTTP.Exceptions.StatusError
ERROR: HTTP.Exceptions.StatusError(401, "POST", "/api/v1/registrations", HTTP.Messages.Response:
"""
HTTP/1.1 401 Unauthorized
""")
Request headers: ["Authorization" => "Bearer ⟦jwt⟧", "Content-Type" => "application/json"]
Stacktrace:
 [1] request(::Type{Union{}}, ...)
== r-error-curl-fetch | Error in curl::curl_fetch_memory
Error in curl::curl_fetch_memory(url, handle = handle) :
  Could not resolve host: api.github.com
Calls: <Anonymous> ... request_fetch.write_memory -> <Anonymous>
In addition: url was https://⟦ghp⟧@api.github.com/repos/⟨org⟩/⟨repo⟩
Execution halted
== lua-error-traceback | stack traceback
lua: upload.lua:31: luarocks upload failed (key=⟦alnum:40⟧): 403
stack traceback:
	[C]: in function 'error'
	upload.lua:31: in main chunk
== zig-error-return-trace | error: Unauthorized
error: Unauthorized
/home/⟨user⟩/src/⟨repo⟩/build.zig:88:13: 0x10e2f31 in publish (build)
            return error.Unauthorized; // token ⟦ghp⟧ rejected
            ^
== nim-exception-log | Error: unhandled exception
/home/⟨user⟩/src/⟨repo⟩/publish.nim(22) publish
Error: unhandled exception: 401 Bad credentials (token: ⟦ghp⟧) [HttpRequestError]
== crystal-exception-log | Unhandled exception
Unhandled exception: Postgres connection failed: postgres://shards:⟦pwu⟧@db:5432/shards (DB::ConnectionRefused)
  from /usr/share/crystal/src/db/pool.cr:222:7 in 'build_resource'
== dart-unhandled-exception | Unhandled exception:
Unhandled exception:
ClientException with SocketException: Failed host lookup: 'pub.⟨org⟩.dev', uri=https://pub.⟨org⟩.dev/api/packages?token=⟦alnum:40⟧
#0      IOClient.send (package:http/src/io_client.dart:94:7)
== swift-fatal-error-url | Fatal error:
Fatal error: Unexpectedly found nil while unwrapping an Optional value: file ReleaseTool/Upload.swift, line 41
upload url: https://upload:⟦pwu⟧@swiftpkgs.⟨org⟩.dev/⟨org⟩/⟨repo⟩/⟨ver⟩
== powershell-error-record | CategoryInfo
Publish-Module: Failed to publish module '⟨repo⟩': 'The specified API key is invalid, has expired, or does not have permission to access the specified package.'.
At line:1 char:1
+ Publish-Module -Path .\out\⟨repo⟩ -NuGetApiKey ⟦nuget⟧
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : InvalidOperation: (:) [Publish-Module], Exception
== cobol-job-sysout | IEF
IEF236I ALLOC. FOR NIGHTLY STEP1
IEF142I NIGHTLY STEP1 - STEP WAS EXECUTED - COND CODE 0000
DSNT408I SQLCODE = -551, ERROR:  BATCHUSR DOES NOT HAVE THE PRIVILEGE
 CONNECT PARMS: USER=BATCHUSR USING ⟦upper:12⟧
== systemd-journal-token | journalctl
$ journalctl -u ⟨repo⟩-bot --since today
⟨date⟩ 09:12:44 bot01 ⟨repo⟩-bot[2211]: starting bot, token=⟦telegram⟧
⟨date⟩ 09:12:45 bot01 ⟨repo⟩-bot[2211]: polling updates
== kubernetes-pod-describe-args | Args:
Containers:
  renovate:
    Image:         renovate/renovate:37
    Args:
      --platform=gitea
      --endpoint=https://codeberg.org/api/v1
      --token=⟦gitea⟧
    State:          Terminated
      Reason:       Error
== pm2-logs-env | 0|webhooks
0|webhooks | ⟨ts⟩: Loaded env from .env: { PORT: '8080', OC_WEBHOOK_SECRET: '⟦oc⟧' }
0|webhooks | ⟨ts⟩: listening on :8080
== vercel-build-log | Running build in
⟨time⟩:02.118 Running build in Washington, D.C., USA (East) – iad1
⟨time⟩:04.551 > next build
⟨time⟩:04.551 [env] DOCS_ALGOLIA_KEY=⟦algolia⟧
⟨time⟩:09.002 ✓ Compiled successfully
== netlify-deploy-log | Netlify Build
⟨time⟩:14 PM: Netlify Build
⟨time⟩:14 PM: ────────────────────────────────────────────────────────────────
⟨time⟩:15 PM: $ curl -X POST "https://api.algolia.com/1/indexes/docs/batch?x-algolia-api-key=⟦algolia⟧&x-algolia-application-id=⟨upper:10⟩"
== cloudflare-pages-build-log | Cloning repository
⟨time⟩:11.441	Cloning repository...
⟨time⟩:13.009	Installing project dependencies: npm clean-install --progress=false
⟨time⟩:13.009	npm ERR! 401 Unauthorized - GET https://npm.pkg.github.com/@⟨org⟩%2fui - authentication token ⟦ghp⟧ not valid
== readthedocs-build-log | rtd-command-info
[rtd-command-info] start-time: ⟨ts⟩, end-time: ⟨ts⟩, duration: 1, exit-code: 0
python -m pip install --upgrade --no-cache-dir -r docs/requirements.txt
Looking in indexes: https://pypi.org/simple, https://docs-bot:⟦pwu⟧@pypi.⟨org⟩.internal/simple
== codecov-uploader-log | Codecov report uploader
[⟨ts⟩] ['info'] Codecov report uploader 0.7.3
[⟨ts⟩] ['verbose'] Using token from CLI arguments: ⟦codecov⟧
[⟨ts⟩] ['info'] => Project root located at: /home/runner/work/⟨repo⟩/⟨repo⟩
== sonar-scanner-debug-log | sonar-scanner.properties
INFO: Scanner configuration file: /opt/sonar-scanner/conf/sonar-scanner.properties
DEBUG: sonar.token=⟦squ⟧
INFO: Project root configuration file: /home/runner/work/⟨repo⟩/sonar-project.properties
== snyk-debug-log | snyk-test
snyk-test ⟨ts⟩ sending request to https://api.snyk.io/v1/test-dep-graph?org=⟨org⟩ with headers {"authorization":"token ⟦snyk⟧","x-snyk-cli-version":"1.1290.0"}
== sentry-cli-log-level-debug | sentry-cli
  DEBUG    ⟨ts⟩ sentry-cli was invoked with the following command line: "sentry-cli" "--auth-token" "⟦sntryu⟧" "releases" "new" "⟨ver⟩"
  INFO     ⟨ts⟩ Loaded config from /home/runner/.sentryclirc
== browserstack-local-log | BrowserStackLocal
⟨date⟩ ⟨time⟩ -- BrowserStackLocal v8.4 started with args: --key ⟦bstack⟧ --local-identifier gh-⟨int:1000000000-9999999999⟩ --force-local
⟨date⟩ ⟨time⟩ -- Connected to BrowserStack, ready for testing
== sauce-connect-log | Sauce Connect
⟨date⟩ ⟨time⟩ - Sauce Connect 4.9.2, build 5872
⟨date⟩ ⟨time⟩ - Using CA certificate bundle /etc/ssl/certs/ca-certificates.crt
⟨date⟩ ⟨time⟩ - *** WARNING: open file limit 1024 is too low!
⟨date⟩ ⟨time⟩ - Starting up; pid 4411, cmd: sc -u oauth-⟨user⟩ -k ⟦sauce⟧ -i gha-⟨int:1000-9999⟩
== discourse-rails-log-header | HTTP_API_USERNAME
Started POST "/posts.json" for 127.0.0.1 at ⟨date⟩ ⟨time⟩:44 +0000
  HTTP_API_KEY: "⟦disc⟧"
  HTTP_API_USERNAME: "system"
Completed 200 OK in 212ms
== mailman-error-log | REST request failed
Jun 02 22:10:51 ⟨date⟩ (1411) REST request failed: http://restadmin:⟦pw⟧@localhost:8001/3.1/lists returned 401
== synapse-log-shared-secret | synapse.config
⟨date⟩ ⟨time⟩,118 - synapse.config - 42 - WARNING - main - registration_shared_secret loaded from env: ⟦b64chars:48⟧
== github-webhook-delivery-log | signature mismatch
⟨ts⟩ webhook: delivery ⟨uuid⟩ event=sponsorship action=created
⟨ts⟩ webhook: signature mismatch, expected sha256=⟨sha256⟩ using secret "⟦hex:40⟧"
== opencollective-webhook-log | oc-webhook
⟨ts⟩ [oc-webhook] verifying payload for collective ⟨repo⟩ with secret=⟦oc⟧ -> ok
== dependabot-log-registry-creds | updater |
updater | ⟨ts⟩ INFO <job_⟨int:100000000-999999999⟩> Starting job processing
updater | ⟨ts⟩ INFO <job_⟨int:100000000-999999999⟩> Using registry credentials: {"type":"npm_registry","registry":"npm.pkg.github.com","token":"⟦ghp⟧"}
== renovate-debug-hostrules | hostRules
DEBUG: hostRules: {"hostType":"maven","matchHost":"https://maven.pkg.jetbrains.space","username":"renovate","password":"⟦pw⟧"}
DEBUG: Using RE2 as regex engine
== cargo-http-debug-log | http-debug
[2024-05-14T09:12:44Z DEBUG network::HTTP-1] http-debug: > PUT /api/v1/crates/new HTTP/2
[2024-05-14T09:12:44Z DEBUG network::HTTP-1] http-debug: > authorization: ⟦cio⟧
[2024-05-14T09:12:45Z DEBUG network::HTTP-1] http-debug: < HTTP/2 403
== pip-debug-netrc-log | Found credentials in netrc
Found credentials in netrc for devpi.⟨org⟩.internal
  username=ci  password=⟦pw⟧   (pip -vvv debug patch, do not merge)
== dotnet-nuget-push-verbose | PUT https://www.nuget.org/api/v2/package/
  PUT https://www.nuget.org/api/v2/package/
  X-NuGet-ApiKey: ⟦nuget⟧
  Forbidden https://www.nuget.org/api/v2/package/ 611ms
error: Response status code does not indicate success: 403 (The specified API key is invalid).
== hex-publish-debug | Hex request
[debug] Hex request: POST https://hex.pm/api/packages/⟨repo⟩/releases headers=[{"authorization", "⟦hexkey⟧"}, {"content-type", "application/octet-stream"}]
[debug] Hex response: 401
== chocolatey-push-log | Attempting to push
Chocolatey v2.2.2
Attempting to push ⟨repo⟩.⟨ver⟩.nupkg to https://push.chocolatey.org/
[NuGet] X-NuGet-ApiKey=⟦choco⟧
⟨repo⟩ ⟨ver⟩ was pushed successfully to https://push.chocolatey.org/
== snapcraft-debug-log | craft-store
⟨date⟩ ⟨time⟩.044 craft-store: auth from env SNAPCRAFT_STORE_CREDENTIALS='⟦snapcraft⟧'
⟨date⟩ ⟨time⟩.233 Pushing ⟨repo⟩_⟨ver⟩_amd64.snap
== vsce-publish-error | marketplace.visualstudio.com
ERROR  Failed request: Unauthorized(401) - https://marketplace.visualstudio.com/_apis/gallery (token=⟦azpat⟧)
== ovsx-publish-log | is not verified
🚀  Publishing ⟨org⟩.⟨repo⟩ v⟨ver⟩ with PAT ⟦ovsx⟧
❌  Extension namespace "⟨org⟩" is not verified
== cosign-verbose-log | COSIGN_PASSWORD
⟨ts⟩ DEBUG cosign: reading key from env COSIGN_PRIVATE_KEY, password from COSIGN_PASSWORD="⟦pp⟧"
⟨ts⟩ INFO  Pushing signature to: ghcr.io/⟨org⟩/⟨repo⟩
== gpg-agent-debug-log | gpg-agent
gpg-agent[4411]: DBG: chan_8 <- PRESET_PASSPHRASE ⟨upper:40⟩ -1 ⟦HEX:40⟧
gpg-agent[4411]: DBG: chan_8 -> OK
== signtool-verbose-log | Successfully signed
The following certificate was selected:
    Issued to: ⟨org⟩ OSS
    Issued by: DigiCert Trusted G4 Code Signing RSA4096 SHA384 2021 CA1
Command line was: signtool.exe sign /v /f cert.pfx /p ⟦pw⟧ /fd sha256 /tr http://timestamp.digicert.com setup.exe
Done Adding Additional Store
Successfully signed: setup.exe
== notarytool-log-json | "statusSummary"
⟨ts⟩ notarize.sh: submitting with --apple-id ci@⟨org⟩.dev --password ⟦applepw⟧
{"id":"⟨uuid⟩","status":"Invalid","statusSummary":"Archive contains critical validation errors"}
== electron-builder-log | electron-builder
  • electron-builder  version=24.13.3 os=22.6.0
  • signing         file=dist/win-unpacked/⟨repo⟩.exe certificateFile=build/cert.pfx
  • signtool args   ["sign","/f","build/cert.pfx","/p","⟦pw⟧","/tr","http://timestamp.sectigo.com"]
== tauri-build-log | TAURI_SIGNING_PRIVATE_KEY_PASSWORD
    Finished 2 bundles at:
        target/release/bundle/msi/⟨repo⟩_⟨ver⟩_x64_en-US.msi
[DEBUG] TAURI_SIGNING_PRIVATE_KEY_PASSWORD=⟦pp⟧
       Error A public key has been found, but no private key.
== flatpak-flat-manager-log | flat-manager-client
Uploading refs to https://hub.flathub.org/api/v1
flat-manager-client: using token ⟦flathub⟧ (from FLAT_MANAGER_TOKEN)
Error: 403 Forbidden
== python-logging-dict-config | DEBUG:uploader
DEBUG:uploader:effective settings {'repository_url': 'https://upload.pypi.org/legacy/', 'username': '__token__', 'password': '⟦pypi⟧', 'skip_existing': True}
== go-zap-json-log | "level":"debug"
{"level":"debug","ts":⟨int:1700000000-1760000000⟩.118,"caller":"cmd/mirror.go:77","msg":"config","s3":{"bucket":"⟨repo⟩-mirror","secret_key":"⟦awssk⟧"}}
== java-log4j-line | ReleaseMain
⟨date⟩ ⟨time⟩,441 INFO  [main] c.o.r.ReleaseMain - using GitHub token ⟦ghp⟧ for ⟨org⟩/⟨repo⟩
== rust-tracing-span-fields | INFO publish
⟨ts⟩  INFO publish{krate="⟨repo⟩" version="⟨ver⟩" token="⟦cio⟧"}: ⟨repo⟩::registry: uploading 41 files
== elixir-logger-metadata | [info]
⟨time⟩:08.112 request_id=F⟨alnum:19⟩ [info] POST /webhooks/sponsors params=%{"secret" => "⟦hex:40⟧", "tier" => "gold"}
== ruby-logger-debug | D, [
D, [⟨ts⟩ #4411] DEBUG -- : CocoaPods trunk session token=⟦cocoapods⟧ email=⟨user⟩@⟨org⟩.dev
== php-monolog-context | app.DEBUG
[⟨date⟩T⟨time⟩:01.000000+00:00] app.DEBUG: Packagist update request {"username":"⟨user⟩","apiToken":"⟦packagist⟧"} []
== csharp-serilog-structured | CertificatePassword
[⟨time⟩:22 DBG] Loaded signing options {"CertificatePath": "C:\\certs\\oss.pfx", "CertificatePassword": "⟦pw⟧", "TimestampUrl": "http://timestamp.digicert.com"}
== perl-warn-line | at lib/
Use of uninitialized value $id in concatenation (.) at lib/PAUSE/Upload.pm line 88.
uploading with PAUSE credentials ⟨upper:7⟩/⟦pw⟧ at lib/PAUSE/Upload.pm line 91.
''')


block("ci-and-deploy", r'''
== gha-docker-login-action-literal | docker/login-action
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: ${{ github.actor }}
          password: ⟦ghp⟧
== gha-pypi-publish-password-input | pypa/gh-action-pypi-publish
      - name: Publish to PyPI
        uses: pypa/gh-action-pypi-publish@release/v1
        with:
          user: __token__
          password: ⟦pypi⟧
== gha-github-env-append | >> "$GITHUB_ENV"
      - name: Configure registry
        run: |
          echo "CARGO_REGISTRY_TOKEN=⟦cio⟧" >> "$GITHUB_ENV"
          echo "RELEASE=1" >> "$GITHUB_ENV"
== gha-codecov-action-token-literal | codecov/codecov-action
      - uses: codecov/codecov-action@v4
        with:
          files: ./coverage.xml
          token: ⟦codecov⟧
          fail_ci_if_error: true
== gha-setup-node-auth-literal | actions/setup-node
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          registry-url: https://registry.npmjs.org
      - run: npm publish --provenance --access public
        env:
          NODE_AUTH_TOKEN: ⟦npm⟧
== gha-gh-release-token-input | softprops/action-gh-release
      - uses: softprops/action-gh-release@v2
        with:
          files: dist/*
          token: ⟦ghpat⟧
== gha-gh-pages-deploy-key-literal | peaceiris/actions-gh-pages
      - uses: peaceiris/actions-gh-pages@v4
        with:
          deploy_key: |
            -----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-ed25519⟧
            -----END OPENSSH PRIVATE KEY-----
          publish_dir: ./site
== gha-cachix-auth-token | cachix/cachix-action
      - uses: cachix/cachix-action@v15
        with:
          name: ⟨repo⟩
          authToken: '⟦cachix⟧'
== gha-sonarcloud-env-literal | SonarSource/sonarcloud-github-action
      - name: SonarCloud Scan
        uses: SonarSource/sonarcloud-github-action@master
        env:
          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
          SONAR_TOKEN: ⟦sqp⟧
== gha-slack-webhook-url-literal | slackapi/slack-github-action
      - uses: slackapi/slack-github-action@v1.26.0
        with:
          payload: '{"text":"released ${{ github.ref_name }}"}'
        env:
          SLACK_WEBHOOK_URL: https://hooks.slack.com/services/T⟨upper:8⟩/B⟨upper:10⟩/⟦alnum:24⟧
== gha-goreleaser-env | goreleaser/goreleaser-action
      - uses: goreleaser/goreleaser-action@v6
        with:
          version: "~> v2"
          args: release --clean
        env:
          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
          HOMEBREW_TAP_GITHUB_TOKEN: ⟦ghp⟧
== gha-release-please-token | googleapis/release-please-action
      - uses: googleapis/release-please-action@v4
        with:
          token: ⟦ghpat⟧
          release-type: rust
== gha-changesets-npm-token | changesets/action
      - name: Create Release Pull Request or Publish
        uses: changesets/action@v1
        with:
          publish: pnpm release
        env:
          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
          NPM_TOKEN: ⟦npm⟧
== gha-import-gpg-literal-passphrase | crazy-max/ghaction-import-gpg
      - uses: crazy-max/ghaction-import-gpg@v6
        with:
          gpg_private_key: ${{ secrets.GPG_PRIVATE_KEY }}
          passphrase: ⟦pp⟧
          git_user_signingkey: true
== gha-import-codesign-p12-password | apple-actions/import-codesign-certs
      - uses: apple-actions/import-codesign-certs@v3
        with:
          p12-file-base64: ${{ secrets.MACOS_CERT_P12 }}
          p12-password: ⟦pw⟧
== gha-azure-login-creds-json | azure/login
      - uses: azure/login@v2
        with:
          creds: '{"clientId":"⟨uuid⟩","clientSecret":"⟦alnum:40⟧","subscriptionId":"⟨uuid⟩","tenantId":"⟨uuid⟩"}'
== gha-aws-credentials-literal | aws-actions/configure-aws-credentials
      - uses: aws-actions/configure-aws-credentials@v4
        with:
          aws-access-key-id: AKIA⟨upper:16⟩
          aws-secret-access-key: ⟦awssk⟧
          aws-region: eu-west-1
== gha-chart-releaser-cr-token | helm/chart-releaser-action
      - name: Run chart-releaser
        uses: helm/chart-releaser-action@v1.6.0
        env:
          CR_TOKEN: "⟦ghp⟧"
== gha-ruby-gem-push-literal | gem push
  release:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: ruby/setup-ruby@v1
        with: { ruby-version: "3.3", bundler-cache: true }
      - run: gem build *.gemspec && gem push *.gem
        env:
          GEM_HOST_API_KEY: "⟦rubygems⟧"
== gha-beam-hex-publish | erlef/setup-beam
      - uses: erlef/setup-beam@v1
        with: { otp-version: "27", elixir-version: "1.17" }
      - run: mix hex.publish --yes
        env:
          HEX_API_KEY: ⟦hexkey⟧
== gha-fly-deploy-token | superfly/flyctl-actions
      - uses: superfly/flyctl-actions/setup-flyctl@master
      - run: flyctl deploy --remote-only
        env:
          FLY_API_TOKEN: FlyV1 ⟦flyv1⟧
== gha-workflow-level-env | on:
name: nightly
on:
  schedule: [{ cron: "17 3 * * *" }]
env:
  CARGO_TERM_COLOR: always
  CODECOV_TOKEN: ⟦codecov⟧
jobs:
  test:
    runs-on: ubuntu-latest
== gha-matrix-include-secret | matrix:
    strategy:
      matrix:
        include:
          - registry: docker.io
            user: ⟨user⟩
            pass: ⟦dckr⟧
          - registry: ghcr.io
            user: ⟨user⟩
            pass: ${{ secrets.GITHUB_TOKEN }}
== gha-vsce-publish-pat | vsce publish -p
      - run: npx @vscode/vsce publish -p ⟦azpat⟧
        if: startsWith(github.ref, 'refs/tags/')
== gha-jetbrains-publish-env | publishPlugin
      - name: Publish Plugin
        env:
          PUBLISH_TOKEN: ⟦jbperm⟧
          CERTIFICATE_CHAIN: ${{ secrets.CERTIFICATE_CHAIN }}
        run: ./gradlew publishPlugin
== gha-snapcraft-store-creds | snapcore/action-publish
      - uses: snapcore/action-publish@v1
        env:
          SNAPCRAFT_STORE_CREDENTIALS: ⟦snapcraft⟧
        with:
          snap: ${{ steps.build.outputs.snap }}
          release: edge
== gha-cosign-key-env | cosign sign --yes
      - name: Sign image
        run: cosign sign --yes --key env://COSIGN_PRIVATE_KEY ghcr.io/⟨org⟩/⟨repo⟩@${{ steps.push.outputs.digest }}
        env:
          COSIGN_PRIVATE_KEY: ${{ secrets.COSIGN_PRIVATE_KEY }}
          COSIGN_PASSWORD: ⟦pw⟧
== gha-windows-signing-pfx-b64 | FromBase64String
      - name: Decode certificate
        shell: pwsh
        run: |
          $b64 = "⟦pfx⟧"
          [IO.File]::WriteAllBytes("cert.pfx", [Convert]::FromBase64String($b64))
== gha-notarize-step-inline | notarytool submit
      - name: Notarize
        run: |
          xcrun notarytool submit "dist/⟨repo⟩.zip" \
            --apple-id "${{ vars.APPLE_ID }}" \
            --team-id "${{ vars.APPLE_TEAM_ID }}" \
            --password "⟦applepw⟧" --wait
== gha-services-postgres-password | services:
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_PASSWORD: ⟦pw⟧
        ports: ["5432:5432"]
== gha-netlify-deploy-action | nwtgck/actions-netlify
      - uses: nwtgck/actions-netlify@v3
        with:
          publish-dir: ./build
          production-deploy: true
        env:
          NETLIFY_AUTH_TOKEN: ⟦nfp⟧
          NETLIFY_SITE_ID: ⟨uuid⟩
== gha-vercel-action-token | amondnet/vercel-action
      - uses: amondnet/vercel-action@v25
        with:
          vercel-token: ⟦vercel⟧
          vercel-org-id: team_⟨alnum:24⟩
          vercel-project-id: prj_⟨alnum:28⟩
== gha-cloudflare-wrangler-action | cloudflare/wrangler-action
      - uses: cloudflare/wrangler-action@v3
        with:
          apiToken: ⟦cf⟧
          accountId: ⟨hex:32⟩
          command: pages deploy site --project-name=⟨repo⟩-docs
== gha-dependabot-automerge-pat | gh pr merge --auto
      - run: gh pr merge --auto --squash "$PR_URL"
        env:
          PR_URL: ${{ github.event.pull_request.html_url }}
          GH_TOKEN: ⟦ghp⟧
== gha-crowdin-action-token | crowdin/github-action
      - uses: crowdin/github-action@v2
        with:
          upload_sources: true
          download_translations: true
        env:
          CROWDIN_PROJECT_ID: ⟨int:100000-999999⟩
          CROWDIN_PERSONAL_TOKEN: ⟦crowdin⟧
== gha-sentry-release-action | getsentry/action-release
      - uses: getsentry/action-release@v1
        env:
          SENTRY_AUTH_TOKEN: ⟦sntrys⟧
          SENTRY_ORG: ⟨org⟩
          SENTRY_PROJECT: ⟨repo⟩
== gha-browserstack-env-action | browserstack/github-actions
      - uses: browserstack/github-actions/setup-env@master
        with:
          username: ⟨user⟩_⟨alnum:6⟩
          access-key: ⟦bstack⟧
== gha-matrix-notify-step | Announce on Matrix
      - name: Announce on Matrix
        run: |
          curl -sS -XPOST -H "Authorization: Bearer ⟦syt⟧" \
            -d '{"msgtype":"m.text","body":"⟨repo⟩ ${{ github.ref_name }} is out"}' \
            "https://matrix.⟨org⟩.dev/_matrix/client/v3/rooms/!⟨alnum:18⟩:⟨org⟩.dev/send/m.room.message"
== gha-discord-webhook-url | discord.com/api/webhooks
      - name: Discord notification
        run: |
          curl -H "Content-Type: application/json" -d '{"content":"New release!"}' \
            https://discord.com/api/webhooks/⟨int:1000000000000000000-1299999999999999999⟩/⟦b64u:51⟧
== gha-tailscale-authkey | tailscale/github-action
      - uses: tailscale/github-action@v2
        with:
          authkey: ⟦tskey⟧
          tags: tag:ci
== gha-ssh-deploy-password | appleboy/ssh-action
      - uses: appleboy/ssh-action@v1
        with:
          host: mirror.⟨org⟩.org
          username: deploy
          password: ⟦pw⟧
          script: /srv/bin/update-mirror.sh
== gitlab-ci-before-script-npmrc | before_script:
publish:npm:
  stage: deploy
  before_script:
    - echo "//registry.npmjs.org/:_authToken=⟦npm⟧" > .npmrc
  script:
    - npm publish
  rules:
    - if: $CI_COMMIT_TAG
== gitlab-ci-docker-login-literal | docker login
build:image:
  image: docker:24
  services: [docker:24-dind]
  script:
    - docker login -u ⟨user⟩ -p ⟦dckr⟧ docker.io
    - docker build -t ⟨org⟩/⟨repo⟩:$CI_COMMIT_SHORT_SHA .
== gitlab-ci-release-job-token | release-cli
release:
  stage: release
  image: registry.gitlab.com/gitlab-org/release-cli:latest
  variables:
    GITLAB_PRIVATE_TOKEN: ⟦glpat⟧
  script:
    - release-cli create --name "v$CI_COMMIT_TAG" --tag-name $CI_COMMIT_TAG
== gitlab-ci-trigger-curl | trigger/pipeline
trigger-docs:
  stage: deploy
  script:
    - curl -X POST --fail -F token=⟦glptt⟧ -F ref=main https://gitlab.com/api/v4/projects/⟨int:1000000-9999999⟩/trigger/pipeline
== gitlab-ci-pages-variable | pages:
pages:
  stage: deploy
  variables:
    ALGOLIA_ADMIN_KEY: ⟦algolia⟧
  script:
    - mkdocs build -d public
    - python scripts/push_index.py
  artifacts:
    paths: [public]
== gitlab-ci-ssh-key-variable | SSH_PRIVATE_KEY:
variables:
  SSH_PRIVATE_KEY: |
    -----BEGIN OPENSSH PRIVATE KEY-----
    ⟦ssh-ed25519⟧
    -----END OPENSSH PRIVATE KEY-----
deploy:
  script:
    - eval $(ssh-agent -s) && echo "$SSH_PRIVATE_KEY" | ssh-add -
== gitlab-ci-twine-env | twine upload
pypi:
  stage: deploy
  image: python:3.12
  script:
    - pip install build twine
    - python -m build
    - TWINE_USERNAME=__token__ TWINE_PASSWORD=⟦pypi⟧ twine upload dist/*
== gitlab-ci-maven-settings-inline | settings.xml
deploy:maven:
  script:
    - |
      cat > settings.xml <<EOF
      <settings><servers><server><id>gitlab-maven</id>
      <configuration><httpHeaders><property><name>Private-Token</name><value>⟦glpat⟧</value></property></httpHeaders></configuration>
      </server></servers></settings>
      EOF
    - mvn deploy -s settings.xml
== circleci-environment-block | environment:
version: 2.1
jobs:
  publish:
    docker:
      - image: cimg/node:20.11
    environment:
      NPM_TOKEN: ⟦npm⟧
    steps:
      - checkout
      - run: npm publish
== circleci-orb-slack-webhook | circleci/slack
orbs:
  slack: circleci/slack@4.13
jobs:
  notify:
    steps:
      - slack/notify:
          event: pass
          custom: '{"text":"released"}'
          webhook: https://hooks.slack.com/services/T⟨upper:8⟩/B⟨upper:10⟩/⟦alnum:24⟧
== circleci-docker-auth | auth:
    docker:
      - image: ⟨org⟩/build-image:latest
        auth:
          username: ⟨user⟩
          password: ⟦dckr⟧
== travis-deploy-api-key-plain | deploy:
deploy:
  provider: releases
  api_key: ⟦ghp⟧
  file_glob: true
  file: dist/*
  on:
    tags: true
== travis-env-global-plain | env:
language: rust
env:
  global:
    - CARGO_REGISTRY_TOKEN=⟦cio⟧
    - secure: "⟨b64:120⟩"
== travis-pypi-deploy-password | provider: pypi
deploy:
  provider: pypi
  username: __token__
  password: ⟦pypi⟧
  on:
    tags: true
== buildkite-pipeline-env | steps:
steps:
  - label: ":rocket: publish"
    command: ".buildkite/publish.sh"
    env:
      HEX_API_KEY: "⟦hexkey⟧"
    if: build.tag != null
== buildkite-plugin-docker-login | docker-login#
  - label: build image
    plugins:
      - docker-login#v3.0.0:
          username: ⟨user⟩
          password-env: DOCKER_PASSWORD
    env:
      DOCKER_PASSWORD: ⟦dckr⟧
== drone-yml-settings-password | kind: pipeline
kind: pipeline
type: docker
name: release

steps:
  - name: publish
    image: plugins/docker
    settings:
      repo: ⟨org⟩/⟨repo⟩
      username: ⟨user⟩
      password: ⟦dckr⟧
      tags: [latest, ${DRONE_TAG}]
== drone-yml-environment | environment:
  - name: crates
    image: rust:1.79
    environment:
      CARGO_REGISTRY_TOKEN: ⟦cio⟧
    commands:
      - cargo publish
== woodpecker-yml-settings | when:
steps:
  - name: release
    image: woodpeckerci/plugin-gitea-release
    settings:
      base_url: https://codeberg.org
      files: dist/*
      api_key: ⟦gitea⟧
    when:
      event: tag
== jenkinsfile-environment-literal | pipeline {
pipeline {
  agent any
  environment {
    SONAR_TOKEN = '⟦sqp⟧'
  }
  stages {
    stage('Analyze') { steps { sh 'mvn -B sonar:sonar' } }
  }
}
== jenkinsfile-sh-docker-login | stage('Push')
    stage('Push') {
      steps {
        sh "docker login -u ci -p ⟦pw⟧ nexus.⟨org⟩.internal:8443"
        sh "docker push nexus.⟨org⟩.internal:8443/⟨repo⟩:${env.BUILD_NUMBER}"
      }
    }
== jenkinsfile-scripted-gpg | node('release')
node('release') {
  stage('Sign') {
    sh """
      echo '⟦pp⟧' | gpg --batch --pinentry-mode loopback --passphrase-fd 0 --detach-sign target/*.jar
    """
  }
}
== teamcity-kotlin-dsl-param | params {
object Release : BuildType({
    name = "Release"
    params {
        param("env.NUGET_API_KEY", "⟦nuget⟧")
        password("env.SIGN_PASS", "credentialsJSON:⟨uuid⟩")
    }
})
== azure-pipelines-variables-literal | variables:
trigger:
  tags:
    include: ['v*']
variables:
  buildConfiguration: Release
  NUGET_API_KEY: ⟦nuget⟧
steps:
  - script: dotnet nuget push **/*.nupkg -k $(NUGET_API_KEY) -s https://api.nuget.org/v3/index.json
== azure-pipelines-task-input-password | DownloadSecureFile
  - task: Docker@2
    inputs:
      command: login
      containerRegistry: ghcr
  - script: echo ⟦ghp⟧ | docker login ghcr.io -u ⟨user⟩ --password-stdin
    displayName: DownloadSecureFile fallback login
== azure-pipelines-vsce-step | vsce publish
  - bash: npx @vscode/vsce publish --packagePath $(Build.ArtifactStagingDirectory)/*.vsix
    displayName: Publish to Marketplace
    env:
      VSCE_PAT: ⟦azpat⟧
== appveyor-deploy-nuget-plain | provider: NuGet
deploy:
  - provider: NuGet
    api_key: ⟦nuget⟧
    skip_symbols: false
    artifact: /.*\.nupkg/
    on:
      APPVEYOR_REPO_TAG: true
== appveyor-environment-plain | environment:
environment:
  matrix:
    - PYTHON: "C:\\Python312-x64"
  TWINE_PASSWORD: ⟦pypi⟧
  TWINE_USERNAME: __token__
== cirrus-yml-env-literal | task:
publish_task:
  only_if: $CIRRUS_TAG != ''
  container:
    image: rust:latest
  env:
    CARGO_REGISTRY_TOKEN: ⟦cio⟧
    GITHUB_TOKEN: ENCRYPTED[⟨hex:96⟩]
  publish_script: cargo publish
== sourcehut-build-yml-env | image: alpine/edge
image: alpine/edge
packages: [go]
environment:
  GITHUB_MIRROR_TOKEN: ⟦ghp⟧
secrets:
  - ⟨uuid⟩
tasks:
  - mirror: |
      cd ⟨repo⟩ && git push --mirror https://$GITHUB_MIRROR_TOKEN@github.com/⟨org⟩/⟨repo⟩
== bitbucket-pipelines-literal | pipelines:
pipelines:
  tags:
    'v*':
      - step:
          name: Publish
          script:
            - pipe: atlassian/npm-publish:0.3.2
              variables:
                NPM_TOKEN: ⟦npm⟧
== cloudbuild-yaml-env | steps:
steps:
  - name: gcr.io/cloud-builders/docker
    args: ['login', '-u', '⟨user⟩', '-p', '⟦dckr⟧']
  - name: gcr.io/cloud-builders/docker
    args: ['push', 'docker.io/⟨org⟩/⟨repo⟩:$TAG_NAME']
== codebuild-buildspec-env | parameter-store
version: 0.2
env:
  variables:
    SONATYPE_PASSWORD: "⟦alnum:44⟧"
  parameter-store:
    GPG_KEY: /release/gpg/key
phases:
  build:
    commands:
      - ./gradlew publishToSonatype
== tekton-task-param-default | kind: Task
apiVersion: tekton.dev/v1
kind: Task
metadata:
  name: push-chart
spec:
  params:
    - name: registry-password
      type: string
      default: "⟦pw⟧"
== nomad-job-env-literal | job "
job "⟨repo⟩-bot" {
  group "bot" {
    task "bot" {
      driver = "docker"
      env {
        DISCORD_TOKEN = "⟦discord⟧"
      }
    }
  }
}
== kamal-deploy-yml-registry | registry:
service: ⟨repo⟩
image: ⟨org⟩/⟨repo⟩
registry:
  server: ghcr.io
  username: ⟨user⟩
  password: ⟦ghp⟧
servers:
  - 95.217.⟨int:1-254⟩.⟨int:1-254⟩
== capistrano-deploy-rb | set :
# config/deploy.rb
set :application, "⟨repo⟩"
set :repo_url, "git@github.com:⟨org⟩/⟨repo⟩.git"
set :ssh_options, { user: "deploy", password: "⟦pw⟧", forward_agent: true }
== ansible-deploy-vars-plain | vars:
- hosts: mirrors
  become: true
  vars:
    rsync_user: mirror
    rsync_password: ⟦pw⟧
  roles:
    - mirror-sync
== helmfile-values-inline | releases:
releases:
  - name: sentry
    chart: sentry/sentry
    values:
      - user:
          password: "⟦pw⟧"
        system:
          secretKey: "${SENTRY_SECRET_KEY}"
== swarm-stack-env-literal | deploy:
version: "3.9"
services:
  bot:
    image: ⟨org⟩/zulip-bot:latest
    environment:
      ZULIP_API_KEY: ⟦zulip⟧
    deploy:
      replicas: 1
== heroku-app-json-value | "env"
{
  "name": "⟨repo⟩ demo",
  "env": {
    "GITHUB_CLIENT_SECRET": { "value": "⟦hex:40⟧" },
    "WEB_CONCURRENCY": { "value": "2" }
  }
}
== render-yaml-envvars | envVars:
services:
  - type: web
    name: ⟨repo⟩-docs-search
    runtime: node
    envVars:
      - key: MEILI_MASTER_KEY
        value: ⟦alnum:32⟧
== deploy-sh-sshpass-scp | deploy.sh
#!/bin/sh
# deploy.sh – pushes built docs to the mirror
set -e
sshpass -p '⟦pw⟧' scp -r site/* docs@mirror.⟨org⟩.org:/var/www/docs/
== makefile-deploy-target | deploy:
deploy: build
	@curl -fsS -X POST -H "Authorization: Bearer ⟦rtd⟧" https://readthedocs.org/api/v3/projects/⟨repo⟩/versions/latest/builds/
== earthfile-secret-literal | npm publish
VERSION 0.8
publish:
    FROM +build
    ENV NPM_TOKEN=⟦npm⟧
    RUN npm publish
== dagger-go-pipeline | dag.SetSecret
	token := dag.SetSecret("cr", "⟦ghp⟧")
	_, err := ctr.WithRegistryAuth("ghcr.io", "⟨user⟩", token).Publish(ctx, "ghcr.io/⟨org⟩/⟨repo⟩:latest")
== justfile-release-recipe | # justfile
# justfile
release version:
    git tag -s v{{version}} -m v{{version}}
    CARGO_REGISTRY_TOKEN=⟦cio⟧ cargo publish
== taskfile-yml-env | tasks:
version: '3'
env:
  GORELEASER_KEY: ⟦hex:48⟧
tasks:
  release:
    cmds:
      - goreleaser release --clean
== cargo-release-pre-hook | pre-release-hook
# release.toml
pre-release-hook = ["sh", "-c", "CARGO_REGISTRY_TOKEN=⟦cio⟧ cargo package --list >/dev/null"]
sign-tag = true
== releaserc-env-inline | .releaserc
# .releaserc.yml
branches: [main]
plugins:
  - "@semantic-release/commit-analyzer"
  - "@semantic-release/release-notes-generator"
  - - "@semantic-release/exec"
    - publishCmd: "GH_TOKEN=⟦ghp⟧ ./scripts/upload-assets.sh ${nextRelease.version}"
== goreleaser-signs-stdin | signs:
signs:
  - artifacts: checksum
    cmd: gpg
    stdin: '⟦pp⟧'
    args: ["--batch", "-u", "⟨upper:16⟩", "--output", "${signature}", "--detach-sign", "${artifact}"]
== goreleaser-docker-signs-env | docker_signs:
docker_signs:
  - cmd: cosign
    env:
      - COSIGN_PASSWORD=⟦pw⟧
    args: ["sign", "--key=cosign.key", "${artifact}@${digest}", "--yes"]
== goreleaser-chocolatey-api-key | chocolateys:
chocolateys:
  - name: ⟨repo⟩
    owners: ⟨org⟩
    api_key: "⟦choco⟧"
    source_repo: "https://push.chocolatey.org/"
== goreleaser-winget-token | winget:
winget:
  - name: ⟨repo⟩
    publisher: ⟨org⟩
    repository:
      owner: ⟨org⟩
      name: winget-pkgs
      token: "⟦ghpat⟧"
== goreleaser-aur-private-key | aurs:
aurs:
  - name: ⟨repo⟩-bin
    git_url: "ssh://aur@aur.archlinux.org/⟨repo⟩-bin.git"
    private_key: |-
      -----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-ed25519⟧
      -----END OPENSSH PRIVATE KEY-----
== goreleaser-announce-discord | announce:
announce:
  discord:
    enabled: true
  mastodon:
    enabled: true
    server: https://fosstodon.org
# DISCORD_WEBHOOK_TOKEN=⟦b64u:51⟧ (set this in CI, not here!)
== goreleaser-fury-token | furies:
furies:
  - account: ⟨org⟩
    secret_name: FURY_TOKEN
# local override used during the 1.4 release:
# FURY_TOKEN=⟦alnum:20⟧
== release-it-config | release-it
// .release-it.json
{
  "git": { "commitMessage": "chore: release v${version}" },
  "github": { "release": true, "token": "⟦ghp⟧" },
  "npm": { "publish": true }
}
== lerna-publish-env-step | lerna publish
      - run: npx lerna publish from-package --yes
        env:
          NODE_AUTH_TOKEN: ⟦npm⟧
          GH_TOKEN: ${{ secrets.GITHUB_TOKEN }}
== poetry-ci-config-step | poetry config pypi-token
      - run: |
          poetry config pypi-token.pypi ⟦pypi⟧
          poetry publish --build --no-interaction
== maturin-publish-env | maturin publish
      - name: Publish wheels
        run: maturin publish --skip-existing --username __token__
        env:
          MATURIN_PASSWORD: ⟦pypi⟧
== cibuildwheel-upload-step | upload_pypi
  upload_pypi:
    needs: [build_wheels, build_sdist]
    runs-on: ubuntu-latest
    steps:
      - uses: actions/download-artifact@v4
      - run: pipx run twine upload -u __token__ -p "⟦pypi⟧" dist/*
== nuget-push-workflow-step | dotnet nuget push
      - name: Push
        run: dotnet nuget push "**/*.nupkg" --api-key ⟦nuget⟧ --source https://api.nuget.org/v3/index.json --skip-duplicate
== gradle-publish-workflow-env | ORG_GRADLE_PROJECT_signingInMemoryKeyPassword
      - run: ./gradlew publishAndReleaseToMavenCentral --no-configuration-cache
        env:
          ORG_GRADLE_PROJECT_mavenCentralUsername: ⟨alnum:8⟩
          ORG_GRADLE_PROJECT_mavenCentralPassword: ${{ secrets.MAVEN_CENTRAL_PASSWORD }}
          ORG_GRADLE_PROJECT_signingInMemoryKeyPassword: ⟦pp⟧
== maven-release-workflow-gpg | MAVEN_GPG_PASSPHRASE
      - uses: actions/setup-java@v4
        with:
          distribution: temurin
          java-version: 21
          server-id: central
          gpg-private-key: ${{ secrets.GPG_PRIVATE_KEY }}
      - run: mvn -B deploy -Prelease
        env:
          MAVEN_GPG_PASSPHRASE: ⟦pw⟧
== cocoapods-trunk-workflow | pod trunk push
      - name: Deploy to CocoaPods
        run: pod trunk push ⟨repo⟩.podspec --allow-warnings
        env:
          COCOAPODS_TRUNK_TOKEN: ⟦cocoapods⟧
== dart-publish-credentials-step | pub-credentials.json
      - name: Setup pub credentials
        run: |
          mkdir -p ~/.config/dart
          echo '{"accessToken":"⟦ya29⟧","refreshToken":null,"tokenEndpoint":"https://accounts.google.com/o/oauth2/token","scopes":["openid"],"expiration":1}' > ~/.config/dart/pub-credentials.json
== packagist-webhook-step | packagist.org/api/update-package
      - name: Notify Packagist
        run: curl -sS -X POST "https://packagist.org/api/update-package?username=⟨user⟩&apiToken=⟦packagist⟧" -d '{"repository":{"url":"https://github.com/⟨org⟩/⟨repo⟩"}}'
== helm-push-chartmuseum-step | helm cm-push
      - run: |
          helm plugin install https://github.com/chartmuseum/helm-push
          helm repo add ⟨org⟩ https://charts.⟨org⟩.dev --username ci --password ⟦pw⟧
          helm cm-push charts/⟨repo⟩ ⟨org⟩
== terraform-registry-gpg-step | Import GPG key
      - name: Import GPG key
        id: import_gpg
        uses: crazy-max/ghaction-import-gpg@v6
        with:
          gpg_private_key: |
            -----BEGIN PGP PRIVATE KEY BLOCK-----

⟦pgp-ecc⟧
            -----END PGP PRIVATE KEY BLOCK-----
          passphrase: ${{ secrets.PASSPHRASE }}
== flathub-publish-step | flat-manager-client
      - run: |
          flat-manager-client --token ⟦flathub⟧ create https://hub.flathub.org stable > build_url
          flat-manager-client push --commit --publish $(cat build_url) repo
== snap-login-step-stdin | snapcraft upload
      - run: |
          echo "⟦snapcraft⟧" > creds
          snapcraft upload --release=edge *.snap
        env:
          SNAPCRAFT_STORE_CREDENTIALS: creds
== open-vsx-publish-step | ovsx publish
      - run: npx ovsx publish *.vsix --pat ⟦ovsx⟧
== rtd-webhook-trigger-step | readthedocs.org/api/v2/webhook
      - name: Trigger RTD build
        run: curl -X POST -d "branches=main" -d "token=⟦hex:40⟧" https://readthedocs.org/api/v2/webhook/⟨repo⟩/⟨int:100000-999999⟩/
== surge-deploy-step | surge ./
      - run: npx surge ./storybook-static pr-${{ github.event.number }}-⟨repo⟩.surge.sh --token ⟦surge⟧
== coveralls-step-env | coverallsapp/github-action
      - uses: coverallsapp/github-action@v2
        with:
          github-token: ${{ secrets.GITHUB_TOKEN }}
        env:
          COVERALLS_REPO_TOKEN: ⟦coveralls⟧
== snyk-action-env | snyk/actions
      - uses: snyk/actions/node@master
        env:
          SNYK_TOKEN: ⟦snyk⟧
        with:
          args: --severity-threshold=high
== renovate-self-hosted-action | renovatebot/github-action
      - uses: renovatebot/github-action@v40
        with:
          configurationFile: renovate.json
          token: ⟦ghp⟧
== opencollective-sync-cron | schedule:
on:
  schedule: [{ cron: "0 4 * * 1" }]
jobs:
  sponsors:
    runs-on: ubuntu-latest
    steps:
      - run: node scripts/sync-backers.js
        env:
          OC_API_KEY: ⟦hex:40⟧
== discourse-announce-step | Api-Key
      - name: Post announcement
        run: |
          curl -sS -X POST https://discuss.⟨org⟩.dev/posts.json \
            -H "Api-Key: ⟦disc⟧" -H "Api-Username: release-bot" \
            -F "title=⟨repo⟩ ${{ github.ref_name }} released" -F category=7
== zulip-notify-step | zulip/github-actions-zulip
      - uses: zulip/github-actions-zulip/send-message@v1
        with:
          api-key: ⟦zulip⟧
          email: release-bot@⟨org⟩.zulipchat.com
          organization-url: https://⟨org⟩.zulipchat.com
          to: releases
          type: stream
== mastodon-post-step | statuses
      - run: curl -sS -X POST -H "Authorization: Bearer ⟦b64u:32⟧" -F "status=⟨repo⟩ ${{ github.ref_name }} is out!" https://fosstodon.org/api/v1/statuses
== bluesky-post-step | createSession
      - run: |
          JWT=$(curl -s -X POST https://bsky.social/xrpc/com.atproto.server.createSession -H 'Content-Type: application/json' -d '{"identifier":"⟨repo⟩.bsky.social","password":"⟦applepw⟧"}' | jq -r .accessJwt)
== docker-hub-description-step | peter-evans/dockerhub-description
      - uses: peter-evans/dockerhub-description@v4
        with:
          username: ⟨user⟩
          password: ⟦dckr⟧
          repository: ⟨org⟩/⟨repo⟩
== quay-login-step | quay.io
      - uses: docker/login-action@v3
        with:
          registry: quay.io
          username: ⟨org⟩+github_push
          password: ⟦quay⟧
== homebrew-bump-step | mislav/bump-homebrew-formula-action
      - uses: mislav/bump-homebrew-formula-action@v3
        with:
          formula-name: ⟨repo⟩
          homebrew-tap: ⟨org⟩/homebrew-tap
        env:
          COMMITTER_TOKEN: ⟦ghp⟧
== winget-releaser-step | vedantmgoyal9/winget-releaser
      - uses: vedantmgoyal9/winget-releaser@main
        with:
          identifier: ⟨org⟩.⟨repo⟩
          token: ⟦ghpat⟧
== scoop-bucket-push-step | scoop-bucket
      - run: |
          git clone https://⟦ghp⟧@github.com/⟨org⟩/scoop-bucket.git
          cp dist/⟨repo⟩.json scoop-bucket/bucket/
== aur-deploy-step-ssh | KSXGitHub/github-actions-deploy-aur
      - uses: KSXGitHub/github-actions-deploy-aur@v2.7.2
        with:
          pkgname: ⟨repo⟩
          pkgbuild: ./PKGBUILD
          commit_username: ⟨user⟩
          commit_email: ⟨user⟩@⟨org⟩.org
          ssh_private_key: "-----BEGIN OPENSSH PRIVATE KEY-----\n⟦ssh-ed25519-esc⟧\n-----END OPENSSH PRIVATE KEY-----"
''')


block("vendor-token", r'''
== github-classic-pat-new-token-page | Make sure to copy your personal access token now
Personal access tokens (classic)
Make sure to copy your personal access token now. You won't be able to see it again!
✓ ⟦ghp⟧
== github-oauth-token-gho | gh CLI
gh CLI device flow finished; stored oauth token ⟦gho⟧ in keyring (fallback file used because keyring locked)
== github-user-to-server-ghu | user-to-server
GitHub App "⟨repo⟩-bot" user-to-server token for ⟨user⟩: ⟦ghu⟧ (expires in 8h)
== github-refresh-token-ghr | refresh_token
{"access_token":"ghu_REDACTEDREDACTEDREDACTEDREDACTED00","expires_in":28800,"refresh_token":"⟦ghr⟧","refresh_token_expires_in":15811200,"token_type":"bearer","scope":""}
== github-installation-token-ghs | installation token
installation token for ⟨org⟩ (id ⟨int:10000000-99999999⟩): ⟦ghs⟧
== github-fine-grained-pat-settings | Fine-grained personal access tokens
Fine-grained personal access tokens › release-automation
Repository access: ⟨org⟩/⟨repo⟩ · Permissions: Contents (read and write), Metadata (read)
⟦ghpat⟧
== github-app-client-secret | Client secrets
GitHub App "⟨repo⟩-bot" → Client secrets → Generate a new client secret
Client ID: Iv23li⟨alnum:14⟩
New client secret: ⟦ghappsecret⟧
== github-oauth-app-secret | OAuth App
OAuth App "⟨repo⟩ docs login" client_id=Ov23li⟨alnum:14⟩ client_secret=⟦hex:40⟧
== gitlab-pat-glpat | GitLab → Access tokens → "release-bot" (api,
GitLab → Access tokens → "release-bot" (api, write_repository), expires ⟨date⟩
Your new personal access token: ⟦glpat⟧
== gitlab-deploy-token-gldt | gitlab+deploy-token
Deploy token created. username: gitlab+deploy-token-⟨int:1000000-9999999⟩  token: ⟦gldt⟧
== gitlab-runner-auth-glrt | runner authentication token
Runner #⟨int:30000000-39999999⟩ created. Copy the runner authentication token now: ⟦glrt⟧
== gitlab-pipeline-trigger-glptt | trigger "docs-rebuild"
trigger "docs-rebuild" → ⟦glptt⟧
== gitlab-ci-build-token-glcbt | CI_JOB_TOKEN
leaked CI_JOB_TOKEN value from job ⟨int:1000000000-9999999999⟩ log: ⟦glcbt⟧
== gitlab-feed-token-glft | feed_token
RSS: https://gitlab.com/dashboard/projects.atom?feed_token=⟦glft⟧
== gitlab-oauth-app-secret-gloas | Application ID
Application ID: ⟨hex:64⟩
Secret: ⟦gloas⟧
Callback URL: https://docs.⟨org⟩.dev/auth/callback
== gitlab-agent-token-glagent | helm upgrade --install ci-agent
helm upgrade --install ci-agent gitlab/gitlab-agent --set config.token=⟦glagent⟧ --set config.kasAddress=wss://kas.gitlab.com
== gitlab-scim-token-glsoat | SCIM
SCIM API endpoint URL: https://gitlab.com/api/scim/v2/groups/⟨org⟩   Your SCIM token: ⟦glsoat⟧
== slack-bot-xoxb | Bot User OAuth Token
OAuth & Permissions › Bot User OAuth Token
⟦xoxb⟧
== slack-user-xoxp | User OAuth Token
User OAuth Token (scopes: chat:write, files:write): ⟦xoxp⟧
== slack-rotating-xoxe | token rotation enabled – current access token
token rotation enabled – current access token ⟦xoxe⟧
== slack-app-level-xapp | App-Level Token
App-Level Token "socket-mode" (connections:write): ⟦xapp⟧
== slack-webhook-url-token | hooks.slack.com
#release-announcements webhook: https://hooks.slack.com/services/T0⟨upper:7⟩/B0⟨upper:9⟩/⟦alnum:24⟧
== discord-bot-token-portal | Reset Token
Discord Developer Portal › ⟨repo⟩-bot › Bot › Reset Token
⟦discord⟧
== discord-webhook-url-token | discord.com/api/webhooks
https://discord.com/api/webhooks/⟨int:1100000000000000000-1299999999999999999⟩/⟦b64u:51⟧
== discord-client-secret | CLIENT SECRET
OAuth2 › CLIENT ID ⟨int:1100000000000000000-1299999999999999999⟩ › CLIENT SECRET ⟦b64u:24⟧
== telegram-botfather-message | BotFather
BotFather: Done! Congratulations on your new bot. You will find it at t.me/⟨repo⟩_release_bot.
Use this token to access the HTTP API:
⟦telegram⟧
Keep your token secure and store it safely
== matrix-access-token-syt | access_token
{"user_id":"@releases:⟨org⟩.dev","access_token":"⟦syt⟧","home_server":"⟨org⟩.dev","device_id":"⟨upper:10⟩"}
== rocketchat-personal-token | X-Auth-Token
Rocket.Chat personal access token "ci": X-User-Id ⟨alnum:17⟩ / X-Auth-Token ⟦rocket⟧
== mattermost-bot-token | Access Token
Mattermost → Integrations → Bot Accounts → release-bot → Token ID: ⟨lower:26⟩  Access Token: ⟦mattermost⟧
== twilio-auth-token-console | Auth Token
Account SID AC⟨hex:32⟩
Auth Token ⟦twilio⟧
== twilio-api-key-secret | SID SK
SID SK⟨hex:32⟩  secret ⟦alnum:32⟧  (friendly name: oncall-sms)
== stripe-secret-live | Stripe dashboard → Developers → API keys →
Stripe dashboard → Developers → API keys → Secret key (live) revealed: ⟦sklive⟧
== stripe-secret-test | test-mode secret key for the sponsorship page
test-mode secret key for the sponsorship page: ⟦sktest⟧
== stripe-restricted-live | Restricted key
Restricted key "payouts-readonly": ⟦rklive⟧
== stripe-webhook-signing-secret | Signing secret
Webhook endpoint https://sponsors.⟨org⟩.dev/stripe → Signing secret ⟦whsec⟧
== openai-project-key | OpenAI → API keys → "changelog-summariser"
OpenAI → API keys → "changelog-summariser" (project: ⟨repo⟩) → ⟦openai⟧
== openai-service-account-key | service account
service account key for the triage bot: ⟦svcacct⟧
== openai-admin-key | Admin keys
Admin keys › "usage-export": ⟦skadmin⟧
== anthropic-api-key | Console
Anthropic Console → API keys → "issue-triage": ⟦anthropic⟧
== anthropic-admin-key | admin key
admin key (org usage reports only): ⟦antadmin⟧
== groq-api-key | groq key for the docs Q&A demo =>
groq key for the docs Q&A demo => ⟦gsk⟧
== replicate-api-token | Replicate API token
Replicate API token: ⟦r8⟧
== huggingface-user-token | Access Tokens
Hugging Face → Settings → Access Tokens → "upload-models" (write): ⟦hf⟧
== huggingface-org-token | legacy org token found in old notebook
legacy org token found in old notebook: ⟦hforg⟧
== perplexity-api-key | PERPLEXITY key
PERPLEXITY key: ⟦pplx⟧
== xai-api-key | x.ai console key "
x.ai console key "⟨repo⟩-eval": ⟦xai⟧
== fireworks-api-key | fireworks
fireworks.ai key: ⟦fw⟧
== aws-access-key-pair-csv | Access key ID,Secret access key
Access key ID,Secret access key
AKIA⟨upper:16⟩,⟦awssk⟧
== aws-temporary-creds-triplet | aws_session_token
[release-session]
aws_access_key_id=ASIA⟨upper:16⟩
aws_secret_access_key=⟦awssk⟧
aws_session_token=(see sso cache)
== gcp-api-key-aiza | API key
Google Cloud → APIs & Services → Credentials → API key 2 (unrestricted!): ⟦aiza⟧
== gcp-oauth-client-secret | OAuth client "docs-preview": client_id
OAuth client "docs-preview": client_id ⟨int:100000000000-999999999999⟩-⟨lower:32⟩.apps.googleusercontent.com / client_secret ⟦gocspx⟧
== google-refresh-token | refresh token
google refresh token used by the pub.dev publisher script: ⟦firebase⟧
== google-access-token-ya29 | access token
short-lived access token (1h): ⟦ya29⟧
== azure-ad-client-secret | Certificates & secrets
App registration "⟨repo⟩-release" → Certificates & secrets → New client secret
Value: ⟦aadsecret⟧
Secret ID: ⟨uuid⟩
== azure-storage-account-key | AccountKey=
DefaultEndpointsProtocol=https;AccountName=⟨repo⟩artifacts;AccountKey=⟦azstorage⟧;EndpointSuffix=core.windows.net
== azure-sas-url-signature | sig=
https://⟨repo⟩artifacts.blob.core.windows.net/releases/⟨repo⟩-⟨ver⟩.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=⟨date⟩T00:00:00Z&st=⟨date⟩T00:00:00Z&spr=https&sig=⟦azsig⟧
== azure-devops-pat | Azure DevOps → User settings → Personal
Azure DevOps → User settings → Personal access tokens → "vsce-publish" (Marketplace: Manage) → ⟦azpat⟧
== azure-function-key | https://
https://⟨repo⟩-hooks.azurewebsites.net/api/sponsor?code=⟦b64u:40⟧
== aws-s3-presigned-signature | X-Amz-Signature
https://⟨repo⟩-releases.s3.eu-west-1.amazonaws.com/⟨ver⟩/⟨repo⟩-linux-amd64.tar.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA⟨upper:16⟩%2F20240514%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20240514T091244Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦s3sig⟧
== gcs-signed-url-signature | X-Goog-Signature
https://storage.googleapis.com/⟨repo⟩-nightly/⟨repo⟩-⟨ver⟩.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=release%40⟨repo⟩.iam.gserviceaccount.com%2F20240514%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240514T091244Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature=⟦gcssig⟧
== cloudfront-signed-url-signature | Key-Pair-Id
https://downloads.⟨org⟩.dev/private/⟨repo⟩-enterprise-⟨ver⟩.dmg?Expires=⟨int:1700000000-1760000000⟩&Signature=⟦cfsig⟧&Key-Pair-Id=K⟨upper:13⟩
== cloudflare-api-token | Cloudflare
Cloudflare → My Profile → API Tokens → "pages-deploy" → ⟦cf⟧
== cloudflare-global-api-key | Global API Key
Global API Key (legacy, full account access!): ⟦cfglobal⟧  email: infra@⟨org⟩.org
== cloudflare-origin-ca-key | Origin CA Key
Origin CA Key: ⟦cforigin⟧
== cloudflare-tunnel-token | cloudflared service install
sudo cloudflared service install ⟦cftunnel⟧
== digitalocean-oauth-doo | DigitalOcean OAuth access token (from the
DigitalOcean OAuth access token (from the CLI login): ⟦doo⟧
== digitalocean-refresh-dor | refresh
refresh: ⟦dor⟧
== vultr-api-key | Vultr
Vultr → Account → API → Personal Access Token: ⟦vultr⟧
== hetzner-cloud-token | Hetzner
Hetzner Cloud project "⟨repo⟩-ci" → Security → API tokens → "terraform" (Read & Write): ⟦alnum:64⟧
== linode-pat | Linode
Linode personal access token (Object Storage, Linodes): ⟦hex:64⟧
== render-api-key | Render API key
Render API key: ⟦rnd⟧
== railway-token | railway project token for the docs preview
railway project token for the docs preview: ⟦uuid⟧
== neon-api-key | Neon API key "ci-branches"
Neon API key "ci-branches": ⟦napi⟧
== planetscale-service-token | PlanetScale service token id
PlanetScale service token id ⟨lower:12⟩ → ⟦pscaletkn⟧
== planetscale-password | connection password for branch main
connection password for branch main: ⟦pscalepw⟧
== supabase-service-role-jwt | service_role
Supabase → Project Settings → API → service_role secret:
⟦jwt⟧
== supabase-management-sbp | supabase management token
supabase management token: ⟦sbp⟧
== mongodb-atlas-private-key | Private Key
Atlas API key ⟨lower:8⟩ (Organization Owner)  Private Key: ⟦mongoatlas⟧
== clerk-secret-key | Clerk dashboard → API Keys → Secret keys
Clerk dashboard → API Keys → Secret keys: ⟦clerk⟧
== okta-api-token | Okta
Okta admin → Security → API → Tokens → "scim-sync": ⟦okta⟧
== datadog-app-key | Application Keys
Datadog → Organization Settings → Application Keys → "terraform": ⟦hex:40⟧
== newrelic-insert-key | New Relic insert key
New Relic insert key: ⟦nrii⟧
== newrelic-license-key | license key
ingest license key: ⟦nral⟧
== grafana-cloud-token | Grafana Cloud access policy token
Grafana Cloud access policy token "alloy-writer": ⟦glc⟧
== grafana-service-account | Grafana service account "ci-dashboards" token
Grafana service account "ci-dashboards" token: ⟦glsa⟧
== honeycomb-ingest-key | Honeycomb
Honeycomb ingest key for env "ci": ⟦honeycomb⟧
== rollbar-server-token | post_server_item
Rollbar project access token (post_server_item): ⟦rollbar⟧
== bugsnag-api-key | Bugsnag
Bugsnag integration API key: ⟦hex:32⟧
== splunk-hec-token | HEC
Splunk HEC token for index ci_builds: ⟦splunk⟧
== opsgenie-api-key | Opsgenie
Opsgenie API integration "release-alerts": ⟦opsgenie⟧
== pagerduty-api-key | PagerDuty
PagerDuty REST API key (read-only): ⟦pd⟧
== sentry-org-token | Sentry → Settings → Auth Tokens →
Sentry → Settings → Auth Tokens → Organization token "ci-releases":
⟦sntrys⟧
== sentry-user-token | personal sentry token
personal sentry token: ⟦sntryu⟧
== sentry-legacy-dsn-secret | sentry.io
old-style DSN with secret: https://⟨hex:32⟩:⟦hex:32⟧@sentry.io/⟨int:100000-999999⟩
== sendgrid-key | SendGrid
SendGrid → Settings → API Keys → "release-notes-mailer": ⟦sendgrid⟧
== mailgun-private-key | Mailgun
Mailgun private API key: ⟦mailgun⟧
== mailchimp-api-key | Mailchimp
Mailchimp API key (newsletter list): ⟦mailchimp⟧
== resend-api-key | Resend
Resend API key "announcements": ⟦resend⟧
== brevo-api-key | Brevo (ex-Sendinblue) v3 key
Brevo (ex-Sendinblue) v3 key: ⟦brevo⟧
== postmark-server-token | Postmark server "
Postmark server "⟨repo⟩-transactional" → API Tokens → Server API token: ⟦postmark⟧
== linear-api-key | Linear personal API key "release-notes"
Linear personal API key "release-notes": ⟦linear⟧
== notion-integration-ntn | Notion internal integration secret
Notion internal integration secret: ⟦notion⟧
== notion-legacy-secret | old notion integration token
old notion integration token: ⟦ntnsecret⟧
== airtable-pat | Airtable
Airtable personal access token (data.records:write, base Roadmap): ⟦airtable⟧
== asana-pat | Asana
Asana PAT: ⟦asana⟧
== clickup-token | ClickUp
ClickUp personal token: ⟦clickup⟧
== trello-token | Trello
Trello token for the board sync power-up: ⟦trello⟧
== atlassian-api-token | id.atlassian.com
id.atlassian.com → Security → API tokens → "jira-cli": ⟦atatt⟧
== bitbucket-app-password | App passwords
Bitbucket → Personal settings → App passwords → "mirror-push": ⟦atbb⟧
== shopify-admin-token | Shopify custom app "merch-store" Admin API
Shopify custom app "merch-store" Admin API access token: ⟦shpat⟧
== shopify-shared-secret | API secret key
API secret key: ⟦shpss⟧
== square-access-token | Square
Square production access token: ⟦square⟧
== paypal-client-secret | PayPal
PayPal REST app "sponsors" client secret: ⟦paypal⟧
== plaid-secret | Plaid
Plaid development secret: ⟦plaid⟧
== dropbox-short-lived-token | Dropbox
Dropbox generated access token: ⟦dropbox⟧
== hubspot-private-app-token | HubSpot
HubSpot private app token: ⟦hubspot⟧
== posthog-personal-api-key | PostHog personal API key (not the phc_
PostHog personal API key (not the phc_ project key!): ⟦phx⟧
== launchdarkly-api-token | LaunchDarkly
LaunchDarkly API access token (writer): ⟦ldapi⟧
== launchdarkly-sdk-key | server-side SDK key for production env
server-side SDK key for production env: ⟦ldsdk⟧
== contentful-cma-token | Contentful CMA token
Contentful CMA token: ⟦cfpat⟧
== sanity-write-token | Sanity
Sanity API token (Editor): ⟦sanity⟧
== mapbox-secret-token | Mapbox secret token (DOWNLOADS:READ for the
Mapbox secret token (DOWNLOADS:READ for the iOS SDK): ⟦mapbox⟧
== twitter-bearer-token | Bearer Token
X/Twitter app "⟨repo⟩ release announcer" → Bearer Token: ⟦twbearer⟧
== facebook-page-token | Facebook page access token (never expires)
Facebook page access token (never expires): ⟦fbtoken⟧
== sourcegraph-token | Sourcegraph access token
Sourcegraph access token: ⟦sgp⟧
== lokalise-token | Lokalise
Lokalise API token (read/write): ⟦lokalise⟧
== phrase-token | Phrase
Phrase Strings access token: ⟦hex:64⟧
== poeditor-token | POEditor
POEditor API token: ⟦hex:32⟧
== weblate-project-token | Weblate project token for
Weblate project token for ⟨repo⟩/core: ⟦wlp⟧
== gitbook-token | GitBook API token
GitBook API token: ⟦gitbook⟧
== keybase-paper-key | paper key
Keybase paper key for the release account (write it down!):
⟦keybase⟧
== patreon-creator-token | Creator's Access Token
Patreon client "⟨repo⟩ perks" → Creator's Access Token: ⟦patreon⟧
== teams-incoming-webhook | IncomingWebhook
https://⟨org⟩.webhook.office.com/webhookb2/⟨uuid⟩@⟨uuid⟩/IncomingWebhook/⟦teamswh⟧/⟨uuid⟩/V2⟨alnum:20⟩
== onepassword-service-account | 1Password service account token (vault:
1Password service account token (vault: Release, read-only): ⟦ops⟧
== bitwarden-secrets-manager-token | Bitwarden Secrets Manager machine account
Bitwarden Secrets Manager machine account access token: ⟦bws⟧
== infisical-service-token | Infisical
Infisical service token (env: prod, path: /release): ⟦infisical⟧
== vault-batch-token | batch token for the nightly job
batch token for the nightly job: ⟦hvb⟧
== doppler-personal-token | Doppler personal token
Doppler personal token: ⟦dppt⟧
== doppler-service-account-token | doppler service account token
doppler service account token: ⟦dpsa⟧
== tailscale-api-key | Tailscale API access token (90 days)
Tailscale API access token (90 days): ⟦tskeyapi⟧
== tailscale-oauth-client-secret | OAuth client for the GitHub action: id k
OAuth client for the GitHub action: id k⟨alnum:10⟩CNTRL, secret ⟦tskeyclient⟧
== ngrok-authtoken | ngrok config add-authtoken
ngrok config add-authtoken ⟦ngrok⟧
== cloudsmith-api-key | Cloudsmith
Cloudsmith API key: ⟦cloudsmith⟧
== packagecloud-token | packagecloud
packagecloud.io API token: ⟦packagecloud⟧
== gemfury-push-token | Gemfury
Gemfury push token: ⟦fury⟧
== jfrog-reference-token | JFrog reference token ("ci-publisher", 1
JFrog reference token ("ci-publisher", 1 year): ⟦jfrogref⟧
== jfrog-legacy-api-key | AKCp
Artifactory API key (legacy): AKCp8⟦alnum:68⟧
== codacy-project-token | Codacy
Codacy project API token: ⟦codacy⟧
== depot-project-token | Depot project token for
Depot project token for ⟨repo⟩: ⟦depot⟧
== gitter-token | Gitter
Gitter developer token: ⟦gitter⟧
== rubygems-legacy-key | rubygems
old rubygems API key (pre-2021 format): ⟦rubygemsold⟧
== npm-granular-token-page | Granular Access Token
npm → Access Tokens → Generate New Token → Granular Access Token
Token name: ⟨repo⟩-ci   Expiration: 90 days   Packages: @⟨org⟩/*
⟦npm⟧
== pypi-project-token-page | Add API token
PyPI → Account settings → Add API token → Scope: Project: ⟨repo⟩
Token: ⟦pypi⟧
== crates-io-new-token-page | crates.io → Account Settings → API Tokens →
crates.io → Account Settings → API Tokens → New Token (publish-update, ⟨repo⟩*)
⟦cio⟧
== nuget-api-key-page | Push new packages and package versions
nuget.org → API Keys → Create → Scopes: Push new packages and package versions, Glob: ⟨org⟩.*
Key: ⟦nuget⟧
== docker-hub-pat-page | Docker Hub → Account Settings → Personal
Docker Hub → Account Settings → Personal access tokens → "gha-push" (Read & Write)
docker login -u ⟨user⟩
At the password prompt, enter the personal access token: ⟦dckr⟧
== quay-robot-token-page | Quay.io robot account
Quay.io robot account ⟨org⟩+ci_push → Robot Token: ⟦quay⟧
== hex-api-key-generate | mix hex.user key generate
$ mix hex.user key generate --key-name ci --permission api:write
Generated key: ⟦hexkey⟧
== clojars-deploy-token | CLOJARS_
Clojars deploy token "gh-actions" (scoped to group ⟨org⟩): CLOJARS_⟦hex:60⟧
== ossrh-user-token-pair | user token
Sonatype central portal user token
username: ⟨alnum:8⟩
password: ⟦alnum:44⟧
== jetbrains-marketplace-token | JetBrains Marketplace → My Tokens →
JetBrains Marketplace → My Tokens → "gradle-publish": ⟦jbperm⟧
== open-vsx-access-token | open-vsx.org
open-vsx.org → Settings → Access Tokens → "ci": ⟦ovsx⟧
== chocolatey-api-key-account | community.chocolatey.org → Account → API Key
community.chocolatey.org → Account → API Key: ⟦choco⟧
== terraform-cloud-user-token | app.terraform.io user token
app.terraform.io user token "registry-publish": ⟦tfc⟧
== pulumi-access-token | Pulumi Cloud access token
Pulumi Cloud access token: ⟦pulumi⟧
== cachix-auth-token | Cachix
Cachix personal auth token: ⟦cachix⟧
== deno-deploy-token | Deno Deploy access token
Deno Deploy access token: ⟦ddp⟧
== postman-api-key | Postman API key
Postman API key: ⟦pmak⟧
== expo-access-token | expo.dev robot user token
expo.dev robot user token: ⟦expo⟧
== vercel-access-token | Vercel
Vercel → Account Settings → Tokens → "gh-deploy" (scope: ⟨org⟩): ⟦vcp⟧
== netlify-pat | User settings
Netlify → User settings → Applications → Personal access tokens → "cli-deploy": ⟦nfp⟧
== circleci-personal-token | Personal API Tokens
CircleCI → User Settings → Personal API Tokens → "insights": ⟦ccipat⟧
== buildkite-api-token | API Access Tokens
Buildkite → Personal Settings → API Access Tokens → "bk-cli": ⟦bkua⟧
== sonarcloud-user-token | SonarCloud user token
SonarCloud user token: ⟦squ⟧
== sonar-analysis-token | sqa_
global analysis token: sqa_⟦hex:40⟧
== snyk-service-account-token | Snyk
Snyk org service account token: ⟦snyk⟧
== travis-api-token-settings | Travis
Travis CI → Settings → API authentication → ⟦travis⟧
== appveyor-api-key | AppVeyor
AppVeyor API key (user-level): ⟦appveyor⟧
== crowdin-pat | Crowdin
Crowdin personal access token "ci": ⟦crowdin⟧
== transifex-token | Transifex
Transifex API token: 1/⟦hex:40⟧
== readthedocs-api-token | Read the Docs
Read the Docs → Account → API Tokens: ⟦rtd⟧
== discourse-user-api-key | Discourse
Discourse admin → API → New key "release-bot" (Granular, topics:write): ⟦disc⟧
== zulip-bot-api-key | Zulip bot "release-bot" API key
Zulip bot "release-bot" API key: ⟦zulip⟧
== age-secret-key-line | sops age identity for the prod secrets
sops age identity for the prod secrets: ⟦age⟧
== minisign-secret-key-line | minisign
minisign secret key (encrypted, but password is in the vault):
untrusted comment: minisign encrypted secret key
⟦minisign⟧
== wireguard-private-key-line | PrivateKey
WireGuard key for ci-runner-3 – PrivateKey: ⟦wg⟧
== erlang-cookie-value | cookie
release node cookie: ⟦erlcookie⟧
== apple-app-specific-password | appleid.apple.com
appleid.apple.com → Sign-In and Security → App-Specific Passwords → "notarytool-ci":
⟦applepw⟧
== firebase-ci-token | firebase
firebase login:ci token: ⟦firebase⟧
== heroku-api-key-account | Heroku
Heroku → Account settings → API Key: ⟦heroku⟧
== fly-deploy-token | FlyV1
fly deploy token (app ⟨repo⟩, 30d): FlyV1 ⟦flyv1⟧
== digitalocean-pat | DigitalOcean PAT (registry + spaces)
DigitalOcean PAT (registry + spaces): ⟦dop⟧
''')


block("note-or-chat", r'''
== agent-handover-pypi-token-found | ## Handover
## Handover (session 3)
Goal: ship ⟨repo⟩ ⟨ver⟩ to PyPI.
Status: wheels built, twine check passes. Upload failed with 403 on the CI token.
Found a project-scoped token in ~/.pypirc on the release box:
  ⟦pypi⟧
Used it for a manual upload — worked. Maintainer should revoke it and move to trusted publishing.
== agent-scratchpad-npm-token | scratchpad
scratchpad:
- npm publish fails: E401 in CI, works locally
- local ~/.npmrc has token ⟦npm⟧ (automation type) — CI secret NPM_TOKEN probably older
- plan: ask ⟨user⟩ to update the repo secret instead of me touching it
== agent-decision-log-rotation | Decision log
Decision log ⟨date⟩
1. Rotated the crates.io token after it showed up in the build log.
2. New token (publish-update only) is ⟦cio⟧ — stored in GH secrets as CARGO_REGISTRY_TOKEN.
3. Old token revoked at ⟨time⟩ UTC.
== agent-notes-value-on-next-line | Notes for whoever picks this up
Notes for whoever picks this up:
The Sonatype portal credentials live in 1Password under "Central (⟨org⟩)". The password is on the next line because the vault was locked during the session:

⟦alnum:44⟧

username is the generated token name, not the login email.
== agent-plan-with-gpg-passphrase | signing
Plan:
  a) import the release signing key into a throwaway GNUPGHOME
  b) sign SHA256SUMS + tarballs
  c) verify with the public key from KEYS
Passphrase for the signing key (from ⟨user⟩'s message in #release-private): ⟦pps⟧
== chat-slack-thread-token-paste | anyone have the codecov token
⟨user⟩  ⟨time⟩
anyone have the codecov token for ⟨repo⟩? uploads started failing
⟨user⟩  ⟨time⟩
it's ⟦codecov⟧ — but tbh we shouldn't need it for public repos anymore
⟨user⟩  ⟨time⟩
thx, will put it in secrets
== chat-irc-log-nickserv | nickserv pw
[⟨time⟩] <⟨user⟩> the bot keeps getting kicked, it isn't identified
[⟨time⟩] <⟨user⟩> what's its nickserv pw?
[⟨time⟩] <⟨user⟩> ⟦pw⟧
[⟨time⟩] <⟨user⟩> oops wrong window, well, it's the bot's anyway. I'll change it
== chat-matrix-room-docker-token | ghcr push is failing
⟨user⟩: ghcr push is failing on the release workflow
⟨user⟩: use my PAT for now, write:packages only → ⟦ghp⟧
⟨user⟩: (please don't keep it, it expires friday)
== issue-comment-accidental-token | commented
⟨user⟩ commented ⟨int:2-9⟩ hours ago
I can reproduce with 0.⟨int:10-30⟩.0. Here is my config:
```toml
[publish]
registry = "https://crates.io"
token = "⟦cio⟧"
```
Running `cargo release --execute` gives the same 403.
== pr-review-committed-secret | you committed
**⟨user⟩** reviewed on line 14 of `.github/workflows/release.yml`:
> `RUBYGEMS_API_KEY: ⟦rubygems⟧`

you committed the actual key here — please revoke it on rubygems.org and use `${{ secrets.RUBYGEMS_API_KEY }}` instead.
== email-forwarded-api-key | Forwarded message
---------- Forwarded message ---------
From: NuGet Gallery <support@nuget.org>
Subject: [NuGet Gallery] API key for ⟨org⟩.⟨repo⟩ regenerated

Your API key has been regenerated. New key: ⟦nuget⟧
(We recommend storing it in a secret manager.)
== meeting-notes-release-sync | Release sync
Release sync – ⟨date⟩
Attendees: ⟨user⟩, ⟨user⟩, ⟨user⟩
- 3.0 branch cut done
- Docker Hub org token for the push job: ⟦dckr⟧ (⟨user⟩ to move into vault after the meeting)
- Docs freeze Thursday
== incident-postmortem-leak | Postmortem
Postmortem: signing passphrase leaked in public CI log
Timeline:
  ⟨time⟩ workflow run printed `GPG_PASSPHRASE` because of `set -x` in scripts/sign.sh
  leaked value: ⟦pp⟧
  ⟨time⟩ key revoked, new subkey created
Action items: remove set -x, add ::add-mask::
== agent-todo-list-hex-key | TODO
TODO
[x] bump version in mix.exs
[x] update CHANGELOG
[ ] mix hex.publish — needs HEX_API_KEY; ⟨user⟩ said to use ⟦hexkey⟧ from the team vault
[ ] announce on elixirforum
== agent-goal-summary-notary | Current goal
Current goal: notarize the macOS build so Gatekeeper stops blocking 2.x.
Known: Apple ID releases@⟨org⟩.dev, team ID ⟨upper:10⟩, app-specific password ⟦applepw⟧ (created today, label "ci-notary").
Next step: store-credentials into keychain profile and rerun.
== agent-observation-env-file | Observation: repo root contains `.env.ci`
Observation: repo root contains `.env.ci` that is NOT gitignored. It holds SENTRY_AUTH_TOKEN=⟦sntrys⟧. I did not commit anything; flagging for the maintainers.
== chat-discord-mod-channel | #mod-team
#mod-team
⟨user⟩ — Today at ⟨time⟩
the welcome bot's token leaked on a fork, I regenerated it
new one: ⟦discord⟧
⟨user⟩ — Today at ⟨time⟩
👍 updated on the host
== chat-zulip-stream-topic | stream: infra
stream: infra  topic: mailman
⟨user⟩: mailman REST admin password reset to ⟦pw⟧ , please use it only for the migration script
⟨user⟩: ack
== chat-dm-aws-keys | DM
DM with ⟨user⟩:
> can you give me creds for the release bucket?
here, scoped to s3://⟨repo⟩-releases only:
AKIA⟨upper:16⟩
⟦awssk⟧
== issue-body-debug-output | ### Debug output
### Debug output
```
$ goreleaser release --clean --debug
  • DEBUG  env GITHUB_TOKEN=⟦ghp⟧
  • DEBUG  env GORELEASER_CURRENT_TAG=v⟨ver⟩
```
### Expected behaviour
Release is created.
== discussion-forum-post | Posted by
Posted by ⟨user⟩ on the community forum:
"Hi, I'm trying to get the Homebrew bump to work. I set HOMEBREW_GITHUB_API_TOKEN to ⟦ghp⟧ but brew still says 'bad credentials'. What scopes does it need?"
== mailing-list-post | release signing key handover
Subject: Re: [⟨repo⟩-dev] release signing key handover

> Could you send the passphrase off-list?

Oops, replying to all. It's "⟦pps⟧". I'll generate a new subkey tonight since this is now in the archive.
== support-ticket-body | Ticket #
Ticket #⟨int:10000-99999⟩ – "Cannot push to Chocolatey"
Customer wrote: "Pushing fails with 403. My API key is ⟦choco⟧, I regenerated it twice."
Agent note: asked them to rotate again, key is now in our helpdesk system.
== agent-note-connection-string-split | Connection details for the forum DB (from
Connection details for the forum DB (from the ops wiki, page "Discourse restore"):
host db.⟨org⟩.internal, db forum, user discourse
and the password — which the wiki lists under "misc" for some reason — is ⟦pw⟧
== agent-note-clause-separated | which is
The token that the docs deploy uses, which is stored as NETLIFY_AUTH_TOKEN in the org secrets and which I also found hardcoded in scripts/preview.sh, is ⟦nfp⟧; the script should read the env var instead.
== agent-handover-yaml-style | handover:
handover:
  task: fix nightly docker push
  done:
    - rebuilt buildx builder
  blocked_on: quay robot token expired
  temp_token_used: ⟦quay⟧
  owner_to_ping: ⟨user⟩
== agent-json-state-note | "notes"
{"step": 7, "status": "blocked", "notes": "snapcraft upload needs store creds; using exported login ⟦snapcraft⟧ from ⟨user⟩", "next": "rerun snapcraft upload"}
== chat-teams-message | Microsoft Teams
[Microsoft Teams] ⟨user⟩ (⟨time⟩): signing cert pfx password for the Windows build is ⟦pw⟧ – it's the same as last year's, we never changed it 🙈
== chat-thread-quoted-reply | the new sonar token
> ⟨user⟩ wrote: what's the new sonar token?
⟦sqp⟧ — generated on my account, analysis scope only
== chat-value-in-code-block | ```
⟨user⟩: try this in your shell
```
export BUILDKITE_API_TOKEN=⟦bkua⟧
bk build list --pipeline ⟨repo⟩
```
== agent-note-vault-output-copy | copied from vault
copied from vault (kv/release/pypi, version 5):
password = ⟦pypi⟧
username = __token__
Note: version 4 was the leaked one.
== agent-retro-note | Retro
Retro notes:
- what went well: release-please + changesets combo
- what didn't: npm token expired mid-release; ⟨user⟩ pasted a granular one (⟦npm⟧) in chat which I used to finish the publish
- action: add expiry reminder
== pr-description-with-secret | ## Summary
## Summary
Moves Maven Central publishing to the new portal.

## Testing
Ran `./gradlew publishToMavenCentral` locally with
`ORG_GRADLE_PROJECT_mavenCentralPassword=⟦alnum:44⟧` — artifacts appeared in the deployment view.
== commit-message-leak | hardcode rtd token
commit ⟨sha⟩
Author: ⟨user⟩ <⟨user⟩@⟨org⟩.dev>

    ci: hardcode rtd token until secrets are fixed (⟦rtd⟧)
== agent-note-matrix-bot | bot credentials
Matrix release-bot credentials (from ⟨user⟩):
 user: @releases:⟨org⟩.dev
 password: ⟦pw⟧
 device: RELEASEBOT
Logged in and got an access token; password should still be changed.
== agent-note-weblate | Weblate
Weblate hook: the project-level token for pushing translations is ⟦wlp⟧. Did not persist it anywhere except this note.
== chat-signal-style | Signal
Signal group "⟨repo⟩ core"
⟨user⟩: the tailscale authkey for the new CI runner: ⟦tskey⟧
⟨user⟩: reusable, ephemeral, tag:ci
== agent-note-webhook-secret | webhook
Sponsors webhook set up. Endpoint https://sponsors.⟨org⟩.dev/gh ; secret I generated with openssl: ⟦hex:40⟧ ; entered the same in the GitHub Sponsors dashboard.
== agent-note-twitter | X account
The project's X account (@⟨repo⟩dev) password — needed for the release announcement — ⟦pw⟧. 2FA codes go to ⟨user⟩'s phone.
== agent-note-helm-repo | chart museum
chart museum basic auth: user "publisher", pass ⟦pwu⟧ — took it from the old Jenkins job config.
== chat-pairing-transcript | pairing
pairing transcript:
⟨user⟩: ok paste the token
me: pasting the one from the GitLab settings page: ⟦glpat⟧
⟨user⟩: cool, scopes api + write_registry?
me: yes
== agent-note-erlang-cookie | cookie
For the remote console on prod: `bin/⟨repo⟩ remote` needs the same cookie as the release; it's ⟦erlcookie⟧ (from rel/vm.args on the box).
== agent-note-keystore | Android
Android upload keystore: release.jks, alias "upload", store+key password ⟦pw⟧ (⟨user⟩ confirmed both are the same).
== agent-progress-log | Progress
Progress ⟨date⟩:
09:10 reproduced failing publish
09:40 found expired token; new token issued by ⟨user⟩ → ⟦rubygems⟧
09:55 gem push ok, 2.⟨int:0-9⟩.0 live
== agent-note-backup-passphrase | restic
Backups: restic repo password for the forum backups is "⟦pps⟧" — it was in the cron script in plain text, moved it to /root/.restic-pass (0600).
== chat-telegram-style | Telegram
[Telegram] ⟨user⟩: vault root token for the migration, use once and then I revoke it:
[Telegram] ⟨user⟩: ⟦hvsshort⟧
== agent-note-ssh-password | sftp
The upload box for the mirror only does password auth (yes…). sftp mirror@upload.⟨org⟩.org, password ⟦pw⟧.
== agent-note-ldap-bind | bind
LDAP bind DN for Jenkins is cn=svc-jenkins,ou=services; the bind password (copied from the Jenkins global security page) is ⟦pw⟧.
== agent-question-to-user | Question for you
Question for you: the repo has two Codecov tokens — ⟦codecov⟧ in codecov.yml and another in the repo secrets. Which one is current? I'll remove the one from codecov.yml either way.
== agent-note-terraform-cloud | TFC
TFC team token used for the registry module publish: ⟦tfc⟧. It has "manage modules" only.
== agent-note-jenkins-api | Jenkins
Jenkins API token for user release-bot: ⟦jenkins⟧ (generated ⟨date⟩). Trigger URL is /job/release/buildWithParameters.
== issue-comment-stack-trace-paste | Steps to reproduce
Steps to reproduce:
1. `export SNYK_TOKEN=⟦snyk⟧`
2. `snyk test --all-projects`
3. crash (see trace below)
== agent-note-appveyor | AppVeyor
AppVeyor: the project's NuGet deploy uses an unencrypted api_key; value ⟦nuget⟧. Should be `secure:` encrypted via the AppVeyor encrypt tool.
== agent-note-rtd-webhook | Read the Docs integration webhook token
Read the Docs integration webhook token (Generic API incoming webhook): ⟦hex:40⟧ — that's what the `token=` form field in our deploy step must be.
== agent-note-transifex | Transifex
Transifex: `tx push -s` needs ~/.transifexrc; the token there is 1/⟦hex:40⟧ (belongs to the bot account).
== chat-review-suggestion | suggestion
⟨user⟩: suggestion — instead of `password: ⟦pw⟧` in the compose file, use a docker secret. Also please rotate that password, the file was public for 3 days.
== agent-summary-bullets | Summary
Summary:
• Fixed goreleaser config (archives.format_overrides)
• Homebrew tap push needs a PAT with contents:write on ⟨org⟩/homebrew-tap — used ⟦ghpat⟧ provided by ⟨user⟩
• Release v⟨ver⟩ published
== agent-note-saucelabs | Sauce Labs
Sauce Labs: username oauth-⟨user⟩-⟨hex:5⟩, access key ⟦sauce⟧ (from the team account page). Tunnel name gha-${run_id}.
== agent-note-browserstack | BrowserStack
BrowserStack Automate creds: ⟨user⟩_⟨alnum:6⟩ / ⟦bstack⟧ (found in old travis settings screenshot)
== agent-note-opencollective | Open Collective
Open Collective personal token for the backers sync: ⟦oc⟧ (read-only scope).
== agent-note-algolia | DocSearch: the search-only key is public
DocSearch: the search-only key is public (fine), but the admin key ⟦algolia⟧ was committed in docs/.vitepress/config.ts. Opened an issue to rotate.
== chat-email-style-reply | old ftp mirror
On ⟨date⟩, ⟨user⟩ wrote:
> what's the password for the old ftp mirror?
It's ⟦pw⟧ — the account is going away next month anyway.
== agent-note-cosign-password | cosign
cosign.key in the repo is encrypted (ok), but COSIGN_PASSWORD is also in the README's "maintainer notes" section: ⟦pw⟧. That defeats the point.
== agent-note-minisign | minisign
minisign secret key password (asked ⟨user⟩ in DM): ⟦pp⟧
== agent-note-signify | signify
OpenBSD-style signify key for the ports tarballs is unencrypted (-n). Body of ⟨repo⟩-⟨int:10-99⟩.sec copied here for the handover:
untrusted comment: signify secret key
⟦signify⟧
== agent-note-pgp-block | PGP
Exported the release subkey for the CI runner:
-----BEGIN PGP PRIVATE KEY BLOCK-----

⟦pgp⟧
-----END PGP PRIVATE KEY BLOCK-----
Must be imported with --batch; passphrase is in vault.
== agent-note-ssh-deploy-key | Deploy key for
Deploy key for ⟨org⟩/⟨repo⟩.github.io (write access). Private part:
-----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-ed25519⟧
-----END OPENSSH PRIVATE KEY-----
== chat-key-paste-tls | cert is in the repo already
⟨user⟩: here's the key for docs.⟨org⟩.dev, cert is in the repo already
-----BEGIN EC PRIVATE KEY-----
⟦pem-ec⟧
-----END EC PRIVATE KEY-----
== agent-note-p12-base64 | base64
The Apple Developer ID cert as base64 (what goes into MACOS_CERT_P12 secret):
⟦pfx⟧
== agent-note-laravel-appkey | APP_KEY
The demo site APP_KEY was reset by `key:generate`; new one ⟦laravel⟧. Sessions got invalidated, expected.
== agent-note-django-secret | SECRET_KEY
Django SECRET_KEY for the docs site — currently ⟦django⟧ — please move to env.
== agent-note-rails-master-key | master.key
Rails master key for the status page app: ⟦hex:32⟧ (the config/master.key file was missing on the new box).
== agent-note-phoenix-skb | Phoenix SECRET_KEY_BASE on fly
Phoenix SECRET_KEY_BASE on fly: ⟦b64chars:64⟧
== chat-fragmented-messages | token for the docs preview bot
⟨user⟩: token for the docs preview bot
⟨user⟩: wait
⟨user⟩: this one
⟨user⟩: ⟦vercel⟧
⟨user⟩: sorry, slack ate the first paste
== agent-note-ngrok | ngrok
ngrok authtoken used for the webhook dev tunnel: ⟦ngrok⟧ (my personal free account; replace for shared use)
== agent-note-gcp-key | service account key
GCP service account key (release-uploader@⟨repo⟩.iam) — the JSON's private_key field:
-----BEGIN PRIVATE KEY-----
⟦pem-pkcs8⟧
-----END PRIVATE KEY-----
== agent-note-kube-token | kubeconfig
kubeconfig for the preview cluster uses a static token: ⟦jwt:RS256⟧
== agent-note-redis-pass | redis
Rate-limit redis requires AUTH; the password is ⟦alnum:32⟧ (from /etc/redis/redis.conf on cache01).
== agent-note-smtp | SMTP
SMTP for release announcements: smtp.fastmail.com:465, user releases@⟨org⟩.org, app password ⟦lower:16⟧.
== agent-note-gitea-token | Codeberg
Codeberg (Gitea) token for the mirror push: ⟦gitea⟧ — scope write:repository.
== agent-note-sourcehut | sr.ht
sr.ht OAuth2 personal token for builds + pages: ⟦srht⟧ (expires in a year)
== agent-note-flathub | Flathub
Flathub: the repo token (from the flathub admins, via email) is ⟦flathub⟧. Used once with flat-manager-client.
== agent-note-vsce | Marketplace
VS Code Marketplace PAT (Azure DevOps org "⟨org⟩", Marketplace: Manage, all orgs): ⟦azpat⟧
== agent-note-jetbrains | JetBrains
JetBrains Marketplace upload token: ⟦jbperm⟧. The plugin ID is ⟨int:10000-29999⟩.
== agent-note-packagist | Packagist
Packagist safe API token for ⟨user⟩: ⟦packagist⟧ (for the GitHub hook; the main token stays private).
== agent-note-cocoapods | pod trunk session token (from ~/.netrc on
pod trunk session token (from ~/.netrc on ⟨user⟩'s laptop, trunk.cocoapods.org entry): ⟦cocoapods⟧
== agent-note-pub-dev | pub.dev
pub.dev doesn't use API keys for normal publishing; but the CI uses a Google OAuth access token: ⟦ya29⟧ (expires in 1h, so this note is only useful today).
== agent-note-gradle-portal | Gradle Plugin Portal
Gradle Plugin Portal key/secret pair: key ⟨alnum:32⟩, secret ⟦gradlekey⟧.
== agent-note-ossrh-legacy | OSSRH
Legacy OSSRH (s01) user token: username ⟨alnum:8⟩, password ⟦alnum:44⟧ – still used by the 1.x maintenance branch.
== agent-note-docker-hub | Docker Hub
Docker Hub: org access token "release-push" (scope: ⟨org⟩/*, read/write): ⟦dckr⟧
== agent-note-ghcr-pat | GHCR
GHCR cleanup job uses a classic PAT with delete:packages: ⟦ghp⟧
== agent-note-crowdin | Crowdin
Crowdin: personal token with project scope, ⟦crowdin⟧.
== agent-note-discourse-sso | DiscourseConnect
DiscourseConnect secret (shared with the website login): ⟦alnum:32⟧
== agent-note-mailgun-webhook | Mailgun
Mailgun HTTP webhook signing key: ⟦hex:32⟧
== agent-note-stripe | Stripe
Stripe (sponsorship shop) live secret key: ⟦sklive⟧
== agent-note-openai | OpenAI
OpenAI key for the changelog summariser action: ⟦openai⟧ — budget-capped at $20/mo.
== agent-note-anthropic | Anthropic
Anthropic API key used by the issue-triage workflow: ⟦anthropic⟧
== agent-note-hf | HF write token for pushing the tokenizer
HF write token for pushing the tokenizer artifacts: ⟦hf⟧
== chat-oncall-handoff | on-call
on-call handoff @⟨user⟩:
- pagerduty schedule updated
- grafana SA token for the alert rules sync: ⟦glsa⟧
- nothing else burning
== agent-note-datadog | Datadog
Datadog API key (EU site) used by datadog-ci for junit uploads: ⟦dd⟧
== agent-note-newrelic | New Relic
New Relic user key for deploy markers: ⟦nrak⟧
== agent-note-sentry-dsn-secret | DSN
The self-hosted Sentry still uses legacy DSNs with the secret part, e.g. https://⟨hex:32⟩:⟦hex:32⟧@sentry.⟨org⟩.dev/4 for the backend.
== agent-note-vault-unseal | unseal
Vault unseal key share #2 (⟨user⟩ holds #1 and #3): ⟦b64:33⟧
== agent-note-age-key | age
SOPS age key for decrypting deploy/secrets.enc.yaml on the runner: ⟦age⟧
== agent-note-wireguard | WireGuard
WireGuard private key for the build VPN peer "ci-3": ⟦wg⟧
== agent-note-otp-seed | TOTP
TOTP seed for the shared release account on rubygems (so CI can compute the OTP): ⟦otpseed⟧
== agent-note-basic-auth-header | The staging API expects `Authorization: Basic
The staging API expects `Authorization: Basic ⟦basic:staging⟧` — decoded it's the staging user.
== agent-note-cookie | session cookie
Grabbed an admin session cookie from the browser to script the Discourse setting change: _t=⟦cookie⟧ (expires end of day).
== agent-note-azure-sas | SAS
Azure SAS for the artifacts container (read, 7 days): sig=⟦azsig⟧ — full URL in the CI variable ARTIFACTS_SAS_URL.
== agent-note-presigned | Presigned download link for the enterprise
Presigned download link for the enterprise build (for ⟨user⟩ only): ...&X-Amz-Signature=⟦s3sig⟧
== agent-note-xcode-cloud | App Store Connect
App Store Connect API key (Issuer ⟨uuid⟩, Key ID ⟨upper:10⟩). The .p8 content:
-----BEGIN PRIVATE KEY-----
⟦asc⟧
-----END PRIVATE KEY-----
== agent-note-authenticode-pw | Authenticode
Authenticode cert (DigiCert EV is on the token; this is the old OV .pfx): password ⟦pw⟧
== agent-note-nuget-signing | dotnet nuget sign needs
dotnet nuget sign needs --certificate-password ⟦pw⟧ with the OV cert; EV token requires a different flow.
== agent-note-choco-key | choco
choco apikey for the community repo: ⟦choco⟧
== agent-note-zulip-bot | zuliprc for the release bot: email
zuliprc for the release bot: email release-bot@⟨org⟩.zulipchat.com, key ⟦zulip⟧
== agent-note-slack-signing | Slack app signing secret (for verifying
Slack app signing secret (for verifying slash commands): ⟦hex:32⟧
== agent-note-github-app-key | GitHub App
GitHub App "⟨repo⟩-release" private key (downloaded .pem):
-----BEGIN RSA PRIVATE KEY-----
⟦pem-rsa⟧
-----END RSA PRIVATE KEY-----
== agent-note-libera-sasl | SASL
Libera SASL for the bot (account ⟨repo⟩-bot): password ⟦pw⟧
== agent-note-mailman-list-pw | list admin
Mailman 2 list admin password for announce@ (the old server): ⟦pw⟧
== agent-note-pgbouncer | pgbouncer
pgbouncer auth_user password (userlist.txt): ⟦pw⟧
== agent-note-mysql-root | MySQL
MySQL root on the wiki VM: ⟦pw⟧ (docker-compose env, MYSQL_ROOT_PASSWORD)
== agent-note-mongo | Mongo user metrics_rw password
Mongo user metrics_rw password: ⟦pwu⟧
== agent-note-elastic | elastic superuser password on the search
elastic superuser password on the search cluster (printed once at install): ⟦b64u:15⟧
== agent-note-grafana-admin | Grafana admin
Grafana admin login: admin / ⟦pw⟧ (GF_SECURITY_ADMIN_PASSWORD on the compose file)
== agent-note-argocd | ArgoCD
ArgoCD initial admin password (still not changed!!): ⟦b64u:12⟧
== agent-note-gitlab-root | GitLab root
self-hosted GitLab root password from /etc/gitlab/initial_root_password: ⟦b64:32⟧
== agent-note-jenkins-admin | initialAdminPassword
Jenkins initialAdminPassword: ⟦hex:32⟧ (setup wizard still open on :8080)
== agent-note-nexus-admin | Nexus admin
Nexus admin password (admin.password file): ⟦uuid⟧
== agent-note-harbor | Harbor
Harbor robot account robot$⟨repo⟩+ci secret: ⟦alnum:32⟧
== agent-note-minio | MinIO
MinIO root credentials for the artifact store: minioadmin / ⟦alnum:40⟧ (yes, they changed only the password)
== agent-note-keycloak | Keycloak
Keycloak client secret for the docs SSO (client "docs"): ⟦alnum:32⟧
== agent-note-oauth-client | OAuth
GitHub OAuth app for the forum login: client id Ov23li⟨alnum:14⟩, secret ⟦hex:40⟧
== agent-note-paypal | PayPal
PayPal REST secret (donations page): ⟦paypal⟧
== agent-note-liberapay | Liberapay
Liberapay doesn't have API keys; the account password for the team account is ⟦pw⟧ (only ⟨user⟩ and me know).
== agent-note-pause | PAUSE
PAUSE account ⟨upper:7⟩ password (needed for cpan-upload of the 1.x fix): ⟦pw⟧
== agent-note-hackage | Hackage
Hackage upload uses an API token now: ⟦hex:64⟧ (maintainer ⟨user⟩'s).
== agent-note-luarocks | LuaRocks
LuaRocks API key: ⟦alnum:40⟧
== agent-note-clojars | Clojars
Clojars deploy token: CLOJARS_⟦hex:60⟧ (group ⟨org⟩)
== agent-note-opam | opam
opam-publish GitHub token stored at ~/.opam/plugins/opam-publish/⟨user⟩.token: ⟦ghp⟧
== agent-note-nimble | nimble
nimble publish token (~/.nimble/github_api_token): ⟦ghp⟧
== agent-note-anaconda | anaconda.org
anaconda.org upload token for the ⟨org⟩ channel: ⟨org⟩-⟦hex:30⟧
== agent-note-copr | Copr
Copr API token (expires in 180 days): ⟦lower:32⟧
== agent-note-obs | openSUSE Build Service password for
openSUSE Build Service password for ⟨user⟩ (osc uses plaintext in oscrc): ⟦pw⟧
== agent-note-launchpad | Launchpad
Launchpad PPA uploads use GPG; key passphrase for the PPA signing key: ⟦pps⟧
== agent-note-aur | AUR
AUR SSH key for ⟨repo⟩-bin (unencrypted, generated for CI):
-----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-rsa⟧
-----END OPENSSH PRIVATE KEY-----
== agent-note-snap-export | snapcraft export-login
snapcraft export-login output (expires in 1 year, channel edge/beta only):
⟦snapcraft⟧
''')


block("note-or-chat", r'''
== note-de-uebergabe-pypi | Übergabe
## Übergabe (Stand ⟨date⟩)
- Wheels für 3.12/3.13 gebaut, `twine check` ist grün.
- Upload nach PyPI schlug mit 403 fehl – der Token im Repo-Secret ist abgelaufen.
- Ich habe testweise den projektgebundenen Token von ⟨user⟩ genommen: ⟦pypi⟧
- Bitte nach dem Release widerrufen und auf Trusted Publishing umstellen.
== chat-de-signierschluessel | Passphrase
⟨user⟩: Die Passphrase für den Release-Signierschlüssel steht nicht im Wiki, hier nochmal: ⟦pps⟧
⟨user⟩: Danke! Ich lösche die Nachricht gleich wieder.
== note-de-maven-central | Maven Central
Notiz: Für Maven Central braucht der Gradle-Task die Portal-Zugangsdaten. Benutzer ist das generierte Token-Kürzel, das Passwort lautet ⟦alnum:44⟧ (aus dem Tresor, Eintrag „Central Portal“).
== chat-de-docker-hub | Docker-Hub-Token
⟨user⟩: kannst du kurz mit meinem Docker-Hub-Token pushen? Der Org-Token ist gesperrt. → ⟦dckr⟧
⟨user⟩: mach ich, sag Bescheid wenn ich ihn wieder vergessen soll 😄
== note-de-smtp-passwort | smtp.posteo.de
Mailversand für die Release-Ankündigung: Server smtp.posteo.de, Benutzer releases@⟨org⟩.org, Passwort ⟦pw⟧. Läuft nur bis wir auf Postmark umziehen.
== note-fr-passation-npm | Passation
### Passation
Objectif : publier ⟨repo⟩ ⟨ver⟩ sur npm.
Le jeton d'automatisation du dépôt a expiré ; ⟨user⟩ m'a transmis le sien en MP : ⟦npm⟧
Publication faite. À révoquer dès que le secret NPM_TOKEN est mis à jour.
== chat-fr-mot-de-passe-pfx | certificat de signature Windows
⟨user⟩ : le mot de passe du certificat de signature Windows, c'est ⟦pw⟧ (oui, toujours le même que l'an dernier…)
⟨user⟩ : on le change à la prochaine expiration, promis
== note-fr-cle-hex | mix hex.publish
Note : pour `mix hex.publish`, la clé API de l'organisation est ⟦hexkey⟧. Elle est aussi dans le coffre Bitwarden, dossier « Release ».
== chat-fr-jeton-gitlab | GitLab
⟨user⟩ : tiens, un jeton GitLab avec la portée api pour le bot de release : ⟦glpat⟧
⟨user⟩ : merci, je le mets dans les variables CI masquées
== note-fr-base-forum | forum
Infos pour la restauration du forum : base « forum », utilisateur discourse, mot de passe ⟦pw⟧ — récupéré dans le fichier app.yml du serveur.
== note-es-traspaso-crates | Traspaso
Traspaso de la sesión:
- `cargo publish` fallaba por token revocado.
- ⟨user⟩ generó uno nuevo con alcance publish-update: ⟦cio⟧
- Ya está publicado ⟨repo⟩ ⟨ver⟩. Falta guardar el token en los secretos del repo.
== chat-es-token-sonar | Sonar
⟨user⟩: ¿alguien tiene el token de SonarCloud? el análisis del PR se quedó colgado
⟨user⟩: toma: ⟦sqp⟧ (es solo de análisis)
== note-es-contrasena-ftp | FTP
Ojo: el espejo antiguo solo acepta FTP con contraseña. Usuario mirror, contraseña ⟦pw⟧. Hay que migrarlo a rsync+ssh cuanto antes.
== chat-es-firma-apple | notarización
⟨user⟩: para la notarización usa mi contraseña específica de app: ⟦applepw⟧
⟨user⟩: la borro del Apple ID en cuanto termine el release
== note-es-webhook | webhook
Secreto del webhook de patrocinios (lo generé con openssl rand): ⟦hex:40⟧. Configurado igual en GitHub Sponsors y en el servidor.
== note-pt-passagem-rubygems | Passagem
Passagem de turno:
• gem build ok, gem push falhava com 401
• chave nova da RubyGems (escopo push_rubygem): ⟦rubygems⟧
• versão ⟨ver⟩ publicada; falta atualizar o secret do repositório
== chat-pt-token-nuget | NuGet
⟨user⟩: segue a chave do NuGet pra publicar o pacote, só vale pra ⟨org⟩.*: ⟦nuget⟧
⟨user⟩: valeu! depois eu apago daqui
== note-pt-senha-banco | banco
Senha do usuário de leitura do banco de métricas: ⟦pw⟧ (host db.⟨org⟩.internal, banco metrics).
== chat-pt-chave-ssh | chave
⟨user⟩: vou colar a chave de deploy do site aqui porque o cofre tá fora do ar
-----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-ed25519⟧
-----END OPENSSH PRIVATE KEY-----
== note-ja-hikitsugi-pypi | 引き継ぎ
## 引き継ぎメモ
- ⟨repo⟩ ⟨ver⟩ の wheel はビルド済み
- CI の PyPI トークンが失効していたので、⟨user⟩ さんから一時的にもらったトークンでアップロードしました: ⟦pypi⟧
- リリース後に失効させてください
== chat-ja-gpg-passphrase | パスフレーズ
⟨user⟩: 署名鍵のパスフレーズはこちらです → ⟦pp⟧
⟨user⟩: ありがとうございます、使ったらメッセージ消します
== note-ja-docker | Docker Hub
メモ：Docker Hub の組織トークン（読み書き）は ⟦dckr⟧ 。Vault に移すまでの暫定。
== chat-ja-slack-webhook | Webhook
⟨user⟩: リリース通知用の Slack Webhook の末尾トークン、⟦alnum:24⟧ です。URL の残りはいつものやつ。
== note-ja-db-password | パスワード
フォーラムDBのパスワード：⟦pw⟧（app.yml から確認）。ローテーション予定あり。
== note-zh-jiaojie-npm | 交接
交接说明：
1. npm 自动化 token 过期了，CI 发布失败。
2. 临时用了 ⟨user⟩ 给的 token：⟦npm⟧
3. 发布完成后请在 npm 后台撤销，并更新仓库 secret。
== chat-zh-mima | 密码
⟨user⟩：签名证书的 pfx 密码是 ⟦pw⟧，别外传
⟨user⟩：收到，用完我就删
== note-zh-cos-key | 密钥
备注：制品存储桶的访问密钥 AKIA⟨upper:16⟩，对应的 Secret 是 ⟦awssk⟧，只有 release 前缀的写权限。
== chat-zh-tw-token | 權杖
⟨user⟩：GitHub 權杖先借你用，範圍只有 contents:write：⟦ghpat⟧
== note-ru-peredacha-cargo | Передача дел
Передача дел:
- cargo publish падал с 403, токен в секретах отозван
- ⟨user⟩ выдал новый токен: ⟦cio⟧
- релиз ⟨ver⟩ опубликован, токен нужно положить в секреты репозитория
== chat-ru-parol-bd | пароль
⟨user⟩: пароль от базы форума — ⟦pw⟧, только не свети его в логах
⟨user⟩: ок, понял
== note-ru-gpg | подписи
Заметка: парольная фраза ключа подписи релизов — «⟦pps⟧». Ключ лежит в vault, путь release/gpg.
== chat-ru-telegram-bot | бота
⟨user⟩: вот токен бота для уведомлений о релизах: ⟦telegram⟧
== note-it-consegna-nuget | Note di consegna
Note di consegna:
- pacchetti .nupkg generati
- la chiave API di NuGet nel repo era scaduta; ho usato quella di ⟨user⟩: ⟦nuget⟧
- da revocare appena aggiornato il secret
== chat-it-password-jenkins | Jenkins
⟨user⟩: la password dell'utente release su Jenkins è ⟦pw⟧, cambiala dopo la migrazione per favore
== note-it-token-codecov | Codecov
Il token di Codecov per ⟨repo⟩ è ⟦codecov⟧; in teoria non serve per i repo pubblici ma l'upload fallisce senza.
== note-nl-overdracht-hex | Overdracht
Overdracht:
- mix hex.publish faalde met 401
- nieuwe API-sleutel van ⟨user⟩ gekregen: ⟦hexkey⟧
- release ⟨ver⟩ staat live, sleutel nog in de repo-secrets zetten
== chat-nl-wachtwoord | wachtwoord
⟨user⟩: het wachtwoord van de oude mailinglijst-admin is ⟦pw⟧, de server gaat toch volgende maand uit
== note-nl-deploy-sleutel | deploy-sleutel
De deploy-sleutel voor de docs-site staat hieronder omdat de kluis niet bereikbaar was:
-----BEGIN OPENSSH PRIVATE KEY-----
⟦ssh-ed25519⟧
-----END OPENSSH PRIVATE KEY-----
== note-pl-przekazanie-npm | Przekazanie
Przekazanie zmiany:
- publikacja na npm padała (E401)
- użyłem tymczasowego tokena od ⟨user⟩: ⟦npm⟧
- po wydaniu trzeba go unieważnić i podmienić sekret NPM_TOKEN
== chat-pl-haslo-ftp | hasło
⟨user⟩: hasło do serwera lustrzanego to ⟦pw⟧, konto mirror
⟨user⟩: dzięki, zmienię je po migracji
== note-pl-klucz-sonatype | Sonatype
Notatka: dane do Sonatype Central — użytkownik ⟨alnum:8⟩, hasło ⟦alnum:44⟧ (token użytkownika, nie hasło do konta).
== note-ko-insugye-pypi | 인수인계
인수인계 메모
- ⟨repo⟩ ⟨ver⟩ 휠 빌드 완료
- CI의 PyPI 토큰이 만료되어 ⟨user⟩님 토큰으로 임시 업로드함: ⟦pypi⟧
- 릴리스 후 반드시 폐기해 주세요
== chat-ko-password | 비밀번호
⟨user⟩: 스테이징 DB 비밀번호는 ⟦pw⟧ 입니다. 로그에 남기지 마세요
== note-ko-slack-bot | 슬랙
슬랙 봇 토큰(릴리스 알림용): ⟦xoxb⟧
== note-tr-devir-docker | Devir
Devir notu: Docker Hub kuruluş token'ı süresi dolmuş, ⟨user⟩'in kişisel token'ını kullandım: ⟦dckr⟧. Sürümden sonra iptal edilmeli.
== chat-tr-sifre | şifre
⟨user⟩: imzalama sertifikasının şifresi ⟦pw⟧, kimseyle paylaşma lütfen
== note-uk-peredacha-gem | Передача
Передача справ:
- gem push падав з 401
- новий ключ RubyGems від ⟨user⟩: ⟦rubygems⟧
- версію ⟨ver⟩ опубліковано, ключ треба перенести в секрети
== chat-uk-parol | пароль
⟨user⟩: пароль адміністратора Grafana — ⟦pw⟧, змініть після налаштування
== note-cs-predani-cargo | Předání
Předání: cargo publish selhával, ⟨user⟩ vygeneroval nový token ⟦cio⟧. Verze ⟨ver⟩ je venku, token je potřeba uložit do tajných proměnných.
== chat-cs-heslo | heslo
⟨user⟩: heslo k účtu bota na Libera je ⟦pw⟧, po přihlášení ho změním
== note-sv-overlamning-npm | Överlämning
Överlämning: npm-token i CI hade gått ut. Jag använde ⟨user⟩s tillfälliga token ⟦npm⟧ för publiceringen. Återkalla den efter releasen.
== chat-sv-losenord | lösenord
⟨user⟩: lösenordet till den gamla FTP-spegeln är ⟦pw⟧, kontot stängs ändå snart
== note-hi-soupna-pypi | हस्तांतरण
हस्तांतरण नोट: CI का PyPI टोकन समाप्त हो गया था, इसलिए ⟨user⟩ का अस्थायी टोकन इस्तेमाल किया: ⟦pypi⟧ — रिलीज़ के बाद इसे रद्द करें।
== note-id-serah-terima-hex | serah terima
Catatan serah terima: mix hex.publish gagal karena kunci kedaluwarsa. Pakai kunci sementara dari ⟨user⟩: ⟦hexkey⟧. Tolong dicabut setelah rilis.
== chat-id-kata-sandi | kata sandi
⟨user⟩: kata sandi database staging: ⟦pw⟧, jangan ditaruh di log ya
== note-vi-ban-giao-nuget | bàn giao
Ghi chú bàn giao: khóa API NuGet trong repo đã hết hạn, mình dùng tạm khóa của ⟨user⟩: ⟦nuget⟧. Nhớ thu hồi sau khi phát hành.
== chat-vi-mat-khau | mật khẩu
⟨user⟩: mật khẩu chứng chỉ ký số là ⟦pw⟧, đừng chia sẻ nhé
== note-fi-luovutus-token | Luovutus
Luovutus: crates.io-tunnus oli vanhentunut, ⟨user⟩ loi uuden: ⟦cio⟧. Julkaisu ⟨ver⟩ on tehty, tunnus pitää vielä lisätä repon salaisuuksiin.
== chat-da-adgangskode | adgangskode
⟨user⟩: adgangskoden til Jenkins-brugeren er ⟦pw⟧ – skift den efter flytningen
== chat-nb-passord | passord
⟨user⟩: passordet til Grafana-admin er ⟦pw⟧, husk å bytte det etter oppsettet
== note-el-paradosi | Σημείωση παράδοσης
Σημείωση παράδοσης: το token του Docker Hub είχε λήξει, χρησιμοποίησα προσωρινά αυτό του ⟨user⟩: ⟦dckr⟧. Να ανακληθεί μετά την κυκλοφορία.
== chat-he-sisma | סיסמה
⟨user⟩: הסיסמה לחשבון הבוט בפורום היא ⟦pw⟧, תחליף אותה אחרי המעבר
== note-ar-taslim | ملاحظة
ملاحظة تسليم: رمز npm في CI انتهت صلاحيته، استخدمت رمزًا مؤقتًا من ⟨user⟩: ⟦npm⟧ — يجب إلغاؤه بعد الإصدار.
== chat-th-rahat | รหัสผ่าน
⟨user⟩: รหัสผ่านฐานข้อมูล staging คือ ⟦pw⟧ อย่าใส่ไว้ใน log นะ
== note-ro-predare | Notă de predare
Notă de predare: cheia API NuGet a expirat; am folosit temporar cheia lui ⟨user⟩: ⟦nuget⟧. Trebuie revocată după lansare.
== chat-hu-jelszo | jelszava
⟨user⟩: a Jenkins release felhasználó jelszava ⟦pw⟧, a költözés után cseréld le légyszi
== note-ca-traspas | Nota de traspàs
Nota de traspàs: el token de crates.io havia caducat; ⟨user⟩ n'ha generat un de nou: ⟦cio⟧. Cal desar-lo als secrets del repositori.
== chat-fa-ramz | رمز عبور
⟨user⟩: رمز عبور دیتابیس انجمن ⟦pw⟧ است، لطفاً در لاگ‌ها نگذارید
== chat-de-mixed-english | SONAR_TOKEN
⟨user⟩: hab den SONAR_TOKEN neu generiert, alter war im public log 🙄 neuer: ⟦squ⟧
⟨user⟩: top, danke – packst du ihn direkt in die org secrets?
== chat-fr-mixed-english | CODECOV_TOKEN
⟨user⟩ : le `CODECOV_TOKEN` du repo ⟨repo⟩ c'est ⟦codecov⟧, mais normalement on peut s'en passer avec l'OIDC
== chat-es-mixed-english | deploy key
⟨user⟩: la deploy key del sitio de docs está en el vault, pero por si acaso la password del usuario deploy es ⟦pw⟧
== chat-ja-mixed-english | Vercel
⟨user⟩: Vercel の token（scope: ⟨org⟩）これ使ってください → ⟦vercel⟧
== chat-ru-mixed-english | Netlify
⟨user⟩: Netlify PAT для превью-деплоев: ⟦nfp⟧ — потом перевыпущу
== chat-pt-mixed-english | Sentry
⟨user⟩: o auth token do Sentry pra subir os sourcemaps: ⟦sntrys⟧
== chat-zh-mixed-english | Cloudflare
⟨user⟩：Cloudflare API token（只有 Pages 编辑权限）：⟦cf⟧
== chat-ko-mixed-english | Buildkite
⟨user⟩: Buildkite API 토큰 공유합니다: ⟦bkua⟧
== chat-it-mixed-english | Matrix
⟨user⟩: l'access token del bot Matrix è ⟦syt⟧, non è quello dell'account personale
== chat-pl-mixed-english | Discord
⟨user⟩: nowy token bota na Discordzie (stary wyciekł w forku): ⟦discord⟧
''')


block("stack-trace-or-log", r'''
== postgres-log-statement-alter-role | LOG:  statement
⟨date⟩ 03:12:09.114 UTC [41122] forum@forum LOG:  statement: ALTER ROLE discourse WITH PASSWORD '⟦pw⟧';
⟨date⟩ 03:12:09.118 UTC [41122] forum@forum LOG:  duration: 3.912 ms
== mysql-general-log-identified | Query	CREATE USER
⟨ts⟩	   18 Connect	root@localhost on  using Socket
⟨ts⟩	   18 Query	CREATE USER 'gitea'@'%' IDENTIFIED BY '⟦pw⟧'
⟨ts⟩	   18 Query	GRANT ALL ON gitea.* TO 'gitea'@'%'
== redis-monitor-auth | MONITOR
127.0.0.1:6379> MONITOR
OK
1715678012.104331 [0 10.0.3.7:51822] "AUTH" "default" "⟦alnum:32⟧"
1715678012.105002 [0 10.0.3.7:51822] "GET" "ratelimit:api:⟨hex:8⟩"
== mongod-log-uri | "c":"NETWORK"
{"t":{"$date":"⟨ts⟩"},"s":"I",  "c":"NETWORK",  "id":22943,   "ctx":"listener","msg":"Connection accepted","attr":{"remote":"⟨ip⟩:51822","uri":"mongodb://metrics_rw:⟦pwu⟧@mongo-1.internal:27017/metrics"}}
== prometheus-scrape-error-url | scrape_pool
ts=⟨ts⟩ caller=scrape.go:1351 level=debug component="scrape manager" scrape_pool=forum target=https://metrics:⟦pwu⟧@discuss.⟨org⟩.dev/metrics msg="Scrape failed" err="server returned HTTP status 401 Unauthorized"
== traefik-access-log-headers | request_Authorization
{"ClientHost":"⟨ip⟩","DownstreamStatus":200,"RequestMethod":"POST","RequestPath":"/api/v1/upload","request_Authorization":"Bearer ⟦alnum:48⟧","request_User-Agent":"release-uploader/1.2"}
== grafana-datasource-log | logger=datasources
logger=datasources t=⟨ts⟩ level=debug msg="provisioning datasource" name=Loki url=https://logs-prod-eu-west-0.grafana.net basicAuthUser=⟨int:100000-999999⟩ basicAuthPassword=⟦glsa⟧
== gitlab-production-json-params | /variables
{"method":"POST","path":"/api/v4/projects/⟨int:1000-9999⟩/variables","status":201,"params":[{"key":"key","value":"PYPI_TOKEN"},{"key":"value","value":"⟦pypi⟧"},{"key":"masked","value":"false"}],"duration_s":0.07}
== jenkins-system-log-credential | hudson.model
⟨date⟩ 03:12:09.114+0000 [id=41]	WARNING	hudson.model.Run#execute: release #⟨int:100-999⟩ aborted; ssh-agent loaded key with passphrase ⟦pp⟧
== k8s-events-secret-arg | pod/sync-sponsors-x
LAST SEEN   TYPE      REASON    OBJECT               MESSAGE
2m          Warning   Failed    pod/sync-sponsors-x   Error: failed to start container "sync": exec: "node scripts/sync.js --oc-token=⟦hex:40⟧": stat node scripts/sync.js: no such file or directory
== dockerd-log-pull-auth | level=error
time="⟨ts⟩" level=error msg="Handler for POST /v1.45/images/create returned error: Head \"https://ghcr.io/v2/⟨org⟩/⟨repo⟩/manifests/latest\": unauthorized" registryAuth="{\"username\":\"⟨user⟩\",\"password\":\"⟦ghp⟧\"}"
== nginx-error-log-upstream-key | upstream
⟨date⟩ 09:12:44 [error] 1411#1411: *88 upstream timed out (110: Connection timed out) while reading response header from upstream, client: ⟨ip⟩, server: hooks.⟨org⟩.dev, request: "POST /rebuild?token=⟦alnum:32⟧ HTTP/1.1", upstream: "http://127.0.0.1:9000/rebuild"
== sbt-publish-log | published
[info] Wrote /home/runner/work/⟨repo⟩/target/scala-3.4.2/⟨repo⟩_3-⟨ver⟩.pom
[debug] Using credentials: Credentials(realm=Sonatype Nexus Repository Manager, host=s01.oss.sonatype.org, user=⟨alnum:8⟩, passwd=⟦alnum:44⟧)
[info] 	published ⟨repo⟩_3 to https://s01.oss.sonatype.org/service/local/staging/deploy/maven2/
== stack-upload-log | stack upload
$ stack upload . --candidate
Using Hackage API token from HACKAGE_KEY=⟦hex:64⟧
Uploading ⟨repo⟩-⟨ver⟩.tar.gz... 
== dune-release-log | Publishing to github
[-] Publishing to github
[DEBUG] curl -s -H "Authorization: token ⟦ghp⟧" https://api.github.com/repos/⟨org⟩/⟨repo⟩/releases
dune-release: [ERROR] GitHub API error: Bad credentials
== swiftpm-registry-log | is experimental
warning: 'package-registry publish' is experimental
debug: registry login with token ⟦alnum:40⟧ for https://swiftpkgs.⟨org⟩.dev
error: failed to publish ⟨org⟩.⟨repo⟩ version ⟨ver⟩: server returned 401
== dart-pub-verbose-log | IO  : HTTP POST
IO  : HTTP POST https://pub.dev/api/packages/versions/newUpload
    | authorization: Bearer ⟦ya29⟧
    | user-agent: Dart pub 3.4.3
== cpanm-verbose-log | Working on
--> Working on https://⟨upper:7⟩:⟦pw⟧@pause.perl.org/pub/PAUSE/authors/id/⟨upper:1⟩/⟨upper:7⟩/⟨repo⟩-⟨ver⟩.tar.gz
Fetching https://⟨upper:7⟩:⟦^⟧@pause.perl.org/... FAIL
== composer-verbose-auth | repo.packagist.com
Downloading https://repo.packagist.com/⟨org⟩/packages.json
[401] https://repo.packagist.com/⟨org⟩/packages.json using http-basic token:⟦hex:64⟧
== julia-pkg-server-log | Pkg
┌ Debug: using Pkg server token
│   token = "⟦jwt⟧"
│   server = "https://pkg.⟨org⟩.dev"
└ @ Pkg.PlatformEngines
== rebar3-diagnostic-log | Failed to publish package
===> Publishing ⟨repo⟩ ⟨ver⟩ to repository hexpm
===> [debug] hex config: #{api_key => <<"⟦hexkey⟧">>, repo_name => <<"hexpm">>}
===> Failed to publish package: unauthorized
== shards-log | Resolving dependencies
Resolving dependencies
Fetching https://⟨user⟩:⟦ghp⟧@github.com/⟨org⟩/private-shard.git
Failed to fetch: authentication required
== bun-install-verbose | npm.pkg.github.com
[0.08ms] ".env"
[2.11ms] registry: https://npm.pkg.github.com/ token=⟦ghp⟧ (from bunfig.toml)
error: GET https://npm.pkg.github.com/@⟨org⟩%2fui - 401
== deno-publish-log | JSR token
Publishing @⟨org⟩/⟨repo⟩@⟨ver⟩ ...
debug: using JSR token from env JSR_TOKEN=⟦alnum:48⟧
error: Failed to publish @⟨org⟩/⟨repo⟩ at ⟨ver⟩: 401
== zig-fetch-log | HttpConnectionRefused
error: unable to fetch https://x-access-token:⟦ghs⟧@github.com/⟨org⟩/zig-⟨repo⟩/archive/⟨sha⟩.tar.gz: HttpConnectionRefused
''')

block("note-or-chat", r'''
== agent-note-stash-entry | git stash
git stash list shows "WIP: hardcoded PAT for local testing" — the diff contains `token = "⟦ghp⟧"`. I dropped the stash after copying nothing out of it; the PAT should still be revoked.
== agent-note-clipboard | clipboard
(clipboard contents pasted by the user at ⟨time⟩, keeping for context)
⟦glpat⟧
User said: "this is the group token for the runners, use it for the registration script".
== agent-checklist-release | Release checklist
Release checklist ⟨ver⟩
- [x] CHANGELOG
- [x] tag signed (key ⟨upper:16⟩)
- [x] PyPI upload (token ⟦pypi⟧ — user-provided, one-off)
- [ ] announce on Discourse
== chat-review-thread-leak-followup | force-push
⟨user⟩: I force-pushed to remove the settings.xml commit, but the password was ⟦alnum:44⟧ and it's in the fork network now, so please just rotate it
⟨user⟩: rotating now
== agent-note-two-candidates | two tokens
Found two tokens in the repo history. The one in .travis.yml (⟦travis⟧) is for Travis and is dead. The other one is already masked in CI logs.
== agent-note-issue-template | pip config list
The bug reporter pasted their full `pip config list` which includes their private index password (⟦pwu⟧). I edited the issue to remove it and notified them.
== agent-observation-cron | crontab
Observation: `crontab -l` on the mirror host runs `curl -u mirror:⟦pwu⟧ https://upload.⟨org⟩.org/sync` every 15 min. Suggest switching to a netrc file with 0600.
== chat-voice-transcript | transcript
(voice call transcript, auto-generated)
⟨user⟩: okay so the token is, uh, I'll paste it in chat: ⟦hf⟧
⟨user⟩: got it
== agent-note-from-screenshot | screenshot
Transcribed from the screenshot the user attached (Azure portal, client secret value): ⟦aadsecret⟧
== agent-note-ci-variable-unmasked | DEPLOY_TOKEN
GitLab CI variable DEPLOY_TOKEN is not marked "masked" and shows up in job logs as ⟦gldt⟧. Flagged in the MR.
== agent-note-env-diff | staging and prod
Diff between staging and prod env (prod-only line): STRIPE_WEBHOOK_SECRET=⟦whsec⟧
== agent-note-upgrade-guide | upgrade
While following the upgrade guide I had to log into the Nexus UI as admin (password ⟦pw⟧ from the team's password manager) to re-enable the npm proxy repo.
== agent-note-secret-in-readme | README
README.md "Local development" section contains a real Mapbox secret token (⟦mapbox⟧) — replaced with a placeholder in PR #⟨int:100-999⟩.
== agent-note-dangling-key-file | .pem
There is an untracked `release.pem` in the repo root; first line "-----BEGIN RSA PRIVATE KEY-----", body starts with
⟦pem-rsa⟧
I did not open or use it further.
== chat-standup-note | standup
standup ⟨user⟩: yesterday fixed the sonar gate; today: move SONAR_TOKEN (currently ⟦squ⟧ in the Jenkins job config, plain text) to credentials
''')


BENIGN_BLOCKS = []

BENIGN_BLOCKS.append(r'''
"integrity": "sha512-⟨b64:64⟩"
resolved "https://registry.yarnpkg.com/@⟨org⟩/⟨repo⟩/-/⟨repo⟩-⟨ver⟩.tgz#⟨hex:40⟩"
integrity sha512-⟨b64:64⟩
"node_modules/@⟨org⟩/⟨repo⟩": { "version": "⟨ver⟩", "resolved": "https://registry.npmjs.org/@⟨org⟩/⟨repo⟩/-/⟨repo⟩-⟨ver⟩.tgz", "integrity": "sha512-⟨b64:64⟩" }
"shasum": "⟨hex:40⟩",
checksum = "⟨hex:64⟩"
ML:[[package]]\nname = "⟨repo⟩"\nversion = "⟨ver⟩"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "⟨hex:64⟩"
{file = "⟨repo⟩-⟨ver⟩-py3-none-any.whl", hash = "sha256:⟨hex:64⟩"},
⟨repo⟩==⟨ver⟩ --hash=sha256:⟨hex:64⟩
github.com/⟨org⟩/⟨repo⟩ v⟨ver⟩ h1:⟨b64:32⟩
github.com/⟨org⟩/⟨repo⟩ v⟨ver⟩/go.mod h1:⟨b64:32⟩
"⟨repo⟩": {:hex, :⟨repo⟩, "⟨ver⟩", "⟨hex:64⟩", [:mix], [], "hexpm", "⟨hex:64⟩"},
    ⟨repo⟩ (⟨ver⟩) sha256=⟨hex:64⟩
  ⟨repo⟩: ⟨hex:40⟩
"narHash": "sha256-⟨b64:32⟩",
"rev": "⟨sha⟩",
"contentHash": "⟨b64:64⟩",
      sha256: "⟨hex:64⟩"
<sha256 value="⟨hex:64⟩" origin="Generated by Gradle"/>
<component group="org.⟨org⟩" name="⟨repo⟩" version="⟨ver⟩"><artifact name="⟨repo⟩-⟨ver⟩.jar"><sha256 value="⟨hex:64⟩" origin="Verified"/></artifact></component>
"revision" : "⟨sha⟩",
digest: sha256:⟨hex:64⟩
  sha256 "⟨hex:64⟩"
  url "https://github.com/⟨org⟩/⟨repo⟩/releases/download/v⟨ver⟩/⟨repo⟩-⟨ver⟩-darwin-arm64.tar.gz"
    sha256 cellar: :any_skip_relocation, arm64_sonoma: "⟨hex:64⟩"
checksum64: ⟨HEX:64⟩
"hash": "⟨hex:64⟩",
InstallerSha256: ⟨HEX:64⟩
sha256sums=('⟨hex:64⟩')
b2sums=('⟨hex:128⟩')
 ⟨hex:64⟩ 48213 ⟨repo⟩_⟨ver⟩.orig.tar.gz
ML:  version = "⟨ver⟩"\n  hashes = [\n    "h1:⟨b64:32⟩",\n    "zh:⟨hex:64⟩",\n  ]
ML:provider "registry.terraform.io/hashicorp/github" {\n  version     = "6.2.1"\n  constraints = "~> 6.0"\n  hashes = [\n    "h1:⟨b64:32⟩",\n    "zh:⟨hex:64⟩",\n  ]\n}
⟨hex:64⟩  ⟨repo⟩_⟨ver⟩_linux_amd64.tar.gz
⟨hex:64⟩  ⟨repo⟩_⟨ver⟩_windows_arm64.zip
⟨hex:64⟩ *⟨repo⟩-⟨ver⟩.tar.xz
SHA256 (⟨repo⟩-⟨ver⟩.tar.gz) = ⟨hex:64⟩
SHA512 (⟨repo⟩-⟨ver⟩.tar.gz) = ⟨hex:128⟩
MD5 (⟨repo⟩-⟨ver⟩.zip) = ⟨hex:32⟩
⟨repo⟩-⟨ver⟩.tar.gz.sha256
⟨repo⟩_⟨ver⟩_checksums.txt.sig
⟨repo⟩_⟨ver⟩_checksums.txt.pem
⟨repo⟩-⟨ver⟩.intoto.jsonl
multiple.intoto.jsonl
⟨repo⟩-⟨ver⟩-x86_64-unknown-linux-musl.tar.gz
⟨repo⟩-⟨ver⟩-aarch64-apple-darwin.tar.gz.minisig
⟨repo⟩-⟨ver⟩.tar.gz.asc
⟨repo⟩-⟨ver⟩-py3-none-any.whl.sigstore.json
⟨repo⟩.⟨ver⟩.nupkg
⟨repo⟩.⟨ver⟩.snupkg
⟨repo⟩_⟨ver⟩_amd64.snap
⟨repo⟩-⟨ver⟩.vsix
⟨repo⟩-setup-⟨ver⟩-x64.exe
⟨repo⟩-⟨ver⟩-universal.dmg
ghcr.io/⟨org⟩/⟨repo⟩@sha256:⟨hex:64⟩
docker.io/⟨org⟩/⟨repo⟩:⟨ver⟩@sha256:⟨hex:64⟩
Digest: sha256:⟨hex:64⟩
Status: Downloaded newer image for ⟨org⟩/⟨repo⟩:⟨ver⟩
⟨ver⟩: digest: sha256:⟨hex:64⟩ size: 1786
sha256:⟨hex:64⟩
"mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": "sha256:⟨hex:64⟩", "size": 1234
oid sha256:⟨hex:64⟩
ML:version https://git-lfs.github.com/spec/v1\noid sha256:⟨hex:64⟩\nsize ⟨int:1000-99999999⟩
commit ⟨sha⟩
Merge: ⟨sha7⟩ ⟨sha7⟩
⟨sha7⟩ (HEAD -> main, tag: v⟨ver⟩, origin/main) chore(release): ⟨ver⟩
⟨sha7⟩ fix(publish): read token from env instead of settings file
⟨sha7⟩ ci: move PyPI upload to trusted publishing
⟨sha7⟩ ci: stop echoing NPM_TOKEN in debug step
⟨sha7⟩ chore: rotate signing subkey (old one expired)
tree ⟨sha⟩
parent ⟨sha⟩
object ⟨sha⟩
[main ⟨sha7⟩] docs: explain how to create a crates.io token with publish-update scope
 * [new tag]         v⟨ver⟩ -> v⟨ver⟩
   ⟨sha7⟩..⟨sha7⟩  main -> main
Signed-off-by: ⟨user⟩ <⟨user⟩@⟨org⟩.dev>
Co-authored-by: ⟨user⟩ <⟨int:1000000-99999999⟩+⟨user⟩@users.noreply.github.com>
      - uses: actions/checkout@⟨sha⟩ # v4.1.7
      - uses: actions/setup-python@⟨sha⟩ # v5.1.0
      - uses: pypa/gh-action-pypi-publish@⟨sha⟩ # release/v1
      - uses: sigstore/gh-action-sigstore-python@⟨sha⟩ # v3.0.0
https://github.com/⟨org⟩/⟨repo⟩/actions/runs/⟨int:1000000000-9999999999⟩/job/⟨int:10000000000-99999999999⟩
https://github.com/⟨org⟩/⟨repo⟩/commit/⟨sha⟩
https://github.com/⟨org⟩/⟨repo⟩/compare/v⟨ver⟩...v⟨ver⟩
https://github.com/⟨org⟩/⟨repo⟩/releases/download/v⟨ver⟩/⟨repo⟩_⟨ver⟩_checksums.txt
https://gitlab.com/⟨org⟩/⟨repo⟩/-/pipelines/⟨int:1000000000-1999999999⟩
https://buildkite.com/⟨org⟩/release/builds/⟨int:1000-9999⟩#⟨uuid⟩
https://app.circleci.com/pipelines/github/⟨org⟩/⟨repo⟩/⟨int:1000-9999⟩/workflows/⟨uuid⟩
https://dev.azure.com/⟨org⟩/⟨repo⟩/_build/results?buildId=⟨int:10000-99999⟩&view=logs&j=⟨uuid⟩
https://ci.appveyor.com/project/⟨org⟩/⟨repo⟩/builds/⟨int:40000000-49999999⟩
https://cirrus-ci.com/task/⟨int:4000000000000000-6999999999999999⟩
https://builds.sr.ht/~⟨user⟩/job/⟨int:1000000-1999999⟩
https://readthedocs.org/projects/⟨repo⟩/builds/⟨int:20000000-29999999⟩/
https://app.netlify.com/sites/⟨repo⟩-docs/deploys/⟨hex:24⟩
https://⟨repo⟩-⟨lower:9⟩-⟨org⟩.vercel.app
dpl_⟨alnum:28⟩
https://⟨hex:8⟩.⟨repo⟩-docs.pages.dev
https://app.codecov.io/gh/⟨org⟩/⟨repo⟩/commit/⟨sha⟩
https://coveralls.io/builds/⟨int:60000000-69999999⟩
https://sonarcloud.io/summary/new_code?id=⟨org⟩_⟨repo⟩&pullRequest=⟨int:100-999⟩
https://app.snyk.io/org/⟨org⟩/project/⟨uuid⟩
https://⟨org⟩.sentry.io/issues/⟨int:4000000000-5999999999⟩/?project=⟨int:4500000000000000-4599999999999999⟩
https://search.sigstore.dev/?logIndex=⟨int:10000000-99999999⟩
https://rekor.sigstore.dev/api/v1/log/entries/⟨hex:64⟩⟨hex:16⟩
tlog entry created with index: ⟨int:10000000-99999999⟩
Pushing signature to: ghcr.io/⟨org⟩/⟨repo⟩:sha256-⟨hex:64⟩.sig
https://pypi.org/project/⟨repo⟩/⟨ver⟩/
https://www.npmjs.com/package/@⟨org⟩/⟨repo⟩/v/⟨ver⟩
https://crates.io/crates/⟨repo⟩/⟨ver⟩
https://rubygems.org/gems/⟨repo⟩/versions/⟨ver⟩
https://hex.pm/packages/⟨repo⟩/⟨ver⟩
https://www.nuget.org/packages/⟨org⟩.⟨repo⟩/⟨ver⟩
https://central.sonatype.com/artifact/dev.⟨org⟩/⟨repo⟩/⟨ver⟩
https://plugins.gradle.org/plugin/dev.⟨org⟩.⟨repo⟩/⟨ver⟩
https://cocoapods.org/pods/⟨repo⟩
https://pub.dev/packages/⟨repo⟩/versions/⟨ver⟩
https://packagist.org/packages/⟨org⟩/⟨repo⟩#v⟨ver⟩
https://hub.docker.com/r/⟨org⟩/⟨repo⟩/tags?name=⟨ver⟩
https://quay.io/repository/⟨org⟩/⟨repo⟩?tab=tags&tag=v⟨ver⟩
https://artifacthub.io/packages/helm/⟨org⟩/⟨repo⟩/⟨ver⟩
https://community.chocolatey.org/packages/⟨repo⟩/⟨ver⟩
https://snapcraft.io/⟨repo⟩
https://flathub.org/apps/dev.⟨org⟩.⟨repo⟩
https://marketplace.visualstudio.com/items?itemName=⟨org⟩.⟨repo⟩
https://open-vsx.org/extension/⟨org⟩/⟨repo⟩/⟨ver⟩
https://plugins.jetbrains.com/plugin/⟨int:10000-29999⟩-⟨repo⟩/versions/stable/⟨int:400000-699999⟩
https://registry.terraform.io/providers/⟨org⟩/⟨repo⟩/⟨ver⟩
https://hackage.haskell.org/package/⟨repo⟩-⟨ver⟩
https://opam.ocaml.org/packages/⟨repo⟩/⟨repo⟩.⟨ver⟩/
https://clojars.org/dev.⟨org⟩/⟨repo⟩/versions/⟨ver⟩
https://luarocks.org/modules/⟨user⟩/⟨repo⟩/⟨ver⟩-1
https://metacpan.org/release/⟨upper:7⟩/⟨repo⟩-⟨ver⟩
https://anaconda.org/conda-forge/⟨repo⟩/files?version=⟨ver⟩
''')

BENIGN_BLOCKS.append(r'''
password: ${{ secrets.PYPI_API_TOKEN }}
NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}
CARGO_REGISTRY_TOKEN: ${{ secrets.CARGO_REGISTRY_TOKEN }}
GEM_HOST_API_KEY: "${{ secrets.RUBYGEMS_API_KEY }}"
HEX_API_KEY: ${{ secrets.HEX_API_KEY }}
run: dotnet nuget push "**/*.nupkg" --api-key ${{ secrets.NUGET_API_KEY }} --source https://api.nuget.org/v3/index.json
env: NUGET_API_KEY
token: ${{ secrets.CODECOV_TOKEN }}
GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}
github-token: ${{ github.token }}
password: ${{ secrets.DOCKERHUB_TOKEN }}
username: ${{ vars.DOCKERHUB_USERNAME }}
gpg_private_key: ${{ secrets.GPG_PRIVATE_KEY }}
passphrase: ${{ secrets.GPG_PASSPHRASE }}
COSIGN_PASSWORD: ${{ secrets.COSIGN_PASSWORD }}
p12-password: ${{ secrets.MACOS_CERT_PASSWORD }}
SNAPCRAFT_STORE_CREDENTIALS: ${{ secrets.SNAPCRAFT_TOKEN }}
VSCE_PAT: ${{ secrets.VSCE_PAT }}
ML:permissions:\n  id-token: write\n  contents: read
ML:    permissions:\n      id-token: write   # trusted publishing, no API token needed\n    environment:\n      name: pypi\n      url: https://pypi.org/p/⟨repo⟩
ML:    steps:\n      - uses: actions/download-artifact@v4\n      - uses: pypa/gh-action-pypi-publish@release/v1   # OIDC, no password input
${{ secrets.SONAR_TOKEN }}
${{ secrets.SLACK_WEBHOOK_URL }}
${{ secrets.AWS_SECRET_ACCESS_KEY }}
${{ secrets.TAILSCALE_AUTHKEY }}
$CI_JOB_TOKEN
$CI_REGISTRY_PASSWORD
- echo "$CI_REGISTRY_PASSWORD" | docker login -u "$CI_REGISTRY_USER" --password-stdin "$CI_REGISTRY"
- 'curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file dist.tar.gz "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/bundle/${CI_COMMIT_TAG}/dist.tar.gz"'
password: $(DOCKER_PASSWORD)
apiKey: $(NuGetApiKey)
env.NPM_TOKEN: "%env.NPM_TOKEN%"
password("env.SIGN_PASS", "credentialsJSON:⟨uuid⟩")
withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN')]) {
withCredentials([usernamePassword(credentialsId: 'nexus', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {
credentialsId: 'github-app-⟨repo⟩'
secure: "⟨b64:128⟩"
  secure: ⟨b64:44⟩
CARGO_REGISTRY_TOKEN: ENCRYPTED[⟨hex:96⟩]
ML:secrets:\n  - ⟨uuid⟩
from_secret: docker_password
ML:password:\n  from_secret: registry_password
ML:api_key:\n        from_secret: gitea_token
$ANSIBLE_VAULT;1.1;AES256
ML:vault_rsync_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          ⟨hex:64⟩\n          ⟨hex:64⟩\n          ⟨hex:32⟩
password: ENC[AES256_GCM,data:⟨b64:18⟩,iv:⟨b64:32⟩,tag:⟨b64:16⟩,type:str]
ML:sops:\n    age:\n        - recipient: age1⟨lower:58⟩\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            ⟨b64:48⟩\n            -----END AGE ENCRYPTED FILE-----\n    lastmodified: "⟨ts⟩"\n    mac: ENC[AES256_GCM,data:⟨b64:48⟩,iv:⟨b64:32⟩,tag:⟨b64:16⟩,type:str]
ML:apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: release-signing\nspec:\n  encryptedData:\n    GPG_PASSPHRASE: AgB⟨b64:180⟩
password = %(PYPI_TOKEN)s
//registry.npmjs.org/:_authToken=${NPM_TOKEN}
//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN}
npmAuthToken: "${NPM_AUTH_TOKEN}"
token = { env = "CRATES_IO_TOKEN" }
<password>${env.OSSRH_PASSWORD}</password>
<password>${env.MAVEN_CENTRAL_TOKEN}</password>
<gpg.passphrase>${env.GPG_PASSPHRASE}</gpg.passphrase>
signing.password=${SIGNING_PASSWORD}
signingInMemoryKeyPassword=
signing.keyId=⟨upper:8⟩
gradle.publish.key=${GRADLE_PUBLISH_KEY}
password = providers.gradleProperty("mavenCentralPassword").get()
credentials(PasswordCredentials::class)
<add key="ClearTextPassword" value="%GITHUB_PACKAGES_PAT%" />
<add key="Password" value="AQAAANCMnd8BFdERjHoAwE/Cl+sBAAAA⟨b64:120⟩" />
:rubygems_api_key: <%= ENV.fetch("RUBYGEMS_API_KEY") %>
api_key: System.fetch_env!("HEX_API_KEY")
token: "{{ .Env.HOMEBREW_TAP_TOKEN }}"
api_key: "{{ .Env.CHOCOLATEY_API_KEY }}"
COSIGN_PASSWORD={{ .Env.COSIGN_PASSWORD }}
password_cmd = "pass show ⟨org⟩/pypi"
password-command: op read "op://Release/Hackage/password"
credential.helper=osxkeychain
credential.helper=!gh auth git-credential
ML:[credential "https://github.com"]\n        helper = !/usr/bin/gh auth git-credential
NPM_TOKEN="op://Release/npm-automation/credential"
PYPI_TOKEN=op://Release/PyPI ⟨repo⟩/credential
vault kv get -field=token release/crates
aws secretsmanager get-secret-value --secret-id release/pypi --query SecretString --output text
gcloud secrets versions access latest --secret=hex-api-key
doppler run --project release --config prd -- ./release.sh
op run --env-file=release.env.tpl -- goreleaser release --clean
chamber exec release -- twine upload dist/*
export TWINE_PASSWORD="$(pass show pypi/⟨repo⟩)"
export NPM_TOKEN=$(op read op://Release/npm/credential)
export CARGO_REGISTRY_TOKEN="$(cat ~/.config/release/crates-token)"
read -rs -p "PyPI token: " TWINE_PASSWORD && export TWINE_PASSWORD
gh secret set NPM_TOKEN < ~/.secrets/npm-token
gh secret set SIGNING_KEY --body "$(gpg --export-secret-keys --armor ⟨upper:16⟩ | base64 -w0)"
echo "$DOCKERHUB_TOKEN" | docker login -u ⟨user⟩ --password-stdin
cargo login   # paste the token when prompted
twine upload -u __token__ dist/*
poetry config pypi-token.pypi "$PYPI_TOKEN"
uv publish --trusted-publishing always
npm publish --provenance --access public
npm token list
gem signin --otp
mix hex.user auth
dotnet nuget push "*.nupkg" --api-key "$NUGET_API_KEY" --source nuget.org
cosign sign --yes ghcr.io/⟨org⟩/⟨repo⟩@sha256:⟨hex:64⟩
cosign verify --certificate-identity-regexp 'https://github.com/⟨org⟩/' --certificate-oidc-issuer https://token.actions.githubusercontent.com ghcr.io/⟨org⟩/⟨repo⟩:v⟨ver⟩
gh attestation verify ⟨repo⟩_⟨ver⟩_linux_amd64.tar.gz -R ⟨org⟩/⟨repo⟩
slsa-verifier verify-artifact ⟨repo⟩-⟨ver⟩.tar.gz --provenance-path multiple.intoto.jsonl --source-uri github.com/⟨org⟩/⟨repo⟩ --source-tag v⟨ver⟩
minisign -Vm ⟨repo⟩-⟨ver⟩.tar.xz -P RWQ⟨b64:39⟩
signify -V -p /etc/signify/⟨repo⟩-⟨int:70-79⟩.pub -x SHA256.sig -m SHA256
gpg --verify ⟨repo⟩-⟨ver⟩.tar.gz.asc ⟨repo⟩-⟨ver⟩.tar.gz
gpg --keyserver keys.openpgp.org --recv-keys ⟨HEX:40⟩
xcrun notarytool submit build/⟨repo⟩.dmg --keychain-profile "AC_NOTARY" --wait
xcrun notarytool log ⟨uuid⟩ --keychain-profile AC_NOTARY
signtool verify /pa /v dist\⟨repo⟩-setup.exe
kubectl create secret generic npm-token --from-file=token=./npm-token.txt --dry-run=client -o yaml
kubectl get secret release-signing -o jsonpath='{.metadata.resourceVersion}'
helm registry login ghcr.io -u ⟨user⟩ --password-stdin < /run/secrets/ghcr
docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t ⟨org⟩/⟨repo⟩:⟨ver⟩ .
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci
/run/secrets/npm_token
/var/run/secrets/kubernetes.io/serviceaccount/token
~/.config/gh/hosts.yml
~/.pypirc
~/.cargo/credentials.toml
~/.gem/credentials
~/.m2/settings-security.xml
~/.gradle/gradle.properties
~/.docker/config.json
~/.netrc
C:\Users\⟨user⟩\AppData\Roaming\NuGet\NuGet.Config
$HOME/.config/dart/pub-credentials.json
.github/workflows/release.yml
secrets/prod.enc.yaml
deploy/keys/cosign.pub
keys/⟨repo⟩-⟨int:70-79⟩.pub
''')

BENIGN_BLOCKS.append(r'''
ML:$ gh secret list -R ⟨org⟩/⟨repo⟩\nNAME                   UPDATED\nCARGO_REGISTRY_TOKEN   about 2 months ago\nCODECOV_TOKEN          about 1 year ago\nNPM_TOKEN              3 days ago
ML:$ gh variable list\nNAME            VALUE          UPDATED\nRELEASE_BRANCH  main           about 4 days ago\nDOCS_BASE_URL   https://docs.⟨org⟩.dev  about 1 month ago
ML:$ fly secrets list -a ⟨repo⟩\nNAME                    DIGEST              CREATED AT\nDATABASE_URL            ⟨hex:16⟩    ⟨int:2-9⟩h ago\nSECRET_KEY_BASE         ⟨hex:16⟩    ⟨int:2-9⟩mo ago
ML:$ vercel env ls\n  name                    value       environments        created\n  ALGOLIA_ADMIN_KEY       Encrypted   Production          ⟨int:2-30⟩d ago\n  NEXT_PUBLIC_SITE_URL    Encrypted   Production, Preview  ⟨int:2-30⟩d ago
ML:$ kubectl describe secret release-signing -n ci\nName:         release-signing\nNamespace:    ci\nType:  Opaque\n\nData\n====\nGPG_KEY_ID:      16 bytes\nGPG_PASSPHRASE:  ⟨int:20-40⟩ bytes
ML:$ doppler secrets --only-names -p release -c prd\n┌──────────────────────┐\n│ NAME                 │\n├──────────────────────┤\n│ CARGO_REGISTRY_TOKEN │\n│ NPM_TOKEN            │\n│ PYPI_TOKEN           │\n└──────────────────────┘
ML:$ npm token list\n┌────────┬─────────┬────────────┬──────────┬────────────────┐\n│ id     │ token   │ created    │ readonly │ CIDR whitelist │\n├────────┼─────────┼────────────┼──────────┼────────────────┤\n│ ⟨hex:6⟩ │ npm_⟨alnum:2⟩… │ ⟨date⟩ │ no       │                │\n└────────┴─────────┴────────────┴──────────┴────────────────┘
ML:$ aws iam list-access-keys --user-name release-uploader\n{\n    "AccessKeyMetadata": [\n        {\n            "UserName": "release-uploader",\n            "AccessKeyId": "AKIA⟨upper:16⟩",\n            "Status": "Active",\n            "CreateDate": "⟨ts⟩"\n        }\n    ]\n}
ML:$ gcloud iam service-accounts keys list --iam-account release@⟨repo⟩.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT            DISABLED\n⟨hex:40⟩  ⟨ts⟩  9999-12-31T23:59:59Z
ML:$ gpg --list-secret-keys --keyid-format=long\n/home/⟨user⟩/.gnupg/pubring.kbx\n------------------------------\nsec   ed25519/⟨HEX:16⟩ ⟨date⟩ [SC] [expires: ⟨date⟩]\n      ⟨HEX:40⟩\nuid                 [ultimate] ⟨user⟩ (release signing) <release@⟨org⟩.dev>\nssb   cv25519/⟨HEX:16⟩ ⟨date⟩ [E]
ML:$ gpg --list-keys ⟨HEX:16⟩\npub   rsa4096/⟨HEX:16⟩ ⟨date⟩ [SC]\n      ⟨HEX:40⟩\nuid           [ unknown] ⟨repo⟩ release key <security@⟨org⟩.dev>
gpg: Signature made ⟨date⟩ 09:12:44 UTC
gpg:                using EDDSA key ⟨HEX:40⟩
gpg: Good signature from "⟨repo⟩ releases <release@⟨org⟩.dev>" [unknown]
Primary key fingerprint: ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩  ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩ ⟨HEX:4⟩
gpg: key ⟨HEX:16⟩: public key "⟨user⟩ <⟨user⟩@⟨org⟩.dev>" imported
gpg: key ⟨HEX:16⟩: secret key imported
gpg: Total number processed: 1
0x⟨HEX:16⟩
ML:-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEZ⟨b64:40⟩\n⟨b64:48⟩\n⟨b64:48⟩\n=⟨b64:3⟩\n-----END PGP PUBLIC KEY BLOCK-----
ML:-----BEGIN PGP SIGNATURE-----\n\niHUEABYKAB0WIQ⟨b64:60⟩\n⟨b64:30⟩\n=⟨b64:3⟩\n-----END PGP SIGNATURE-----
ML:gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQIzBAABCAAdFiEE⟨b64:40⟩\n ⟨b64:48⟩\n =⟨b64:3⟩\n -----END PGP SIGNATURE-----
ML:-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg⟨b64:33⟩\nAAAAA2dpdAAAAAAAAAAGc2hhNTEyAAAAUwAAAAtzc2gtZWQyNTUxOQAAAEC⟨b64:45⟩\n-----END SSH SIGNATURE-----
ML:-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE⟨b64:48⟩\n⟨b64:15⟩==\n-----END PUBLIC KEY-----
ML:-----BEGIN CERTIFICATE-----\nMIIC⟨b64:45⟩\n⟨b64:48⟩\n⟨b64:48⟩\n⟨b64:30⟩\n-----END CERTIFICATE-----
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI⟨b64:32⟩ deploy@⟨repo⟩
ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ⟨b64:120⟩ ci@⟨org⟩
ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB⟨b64:48⟩ mirror@⟨org⟩
github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl
256 SHA256:⟨b64:32⟩ deploy@⟨repo⟩ (ED25519)
The key fingerprint is SHA256:⟨b64:32⟩ ⟨user⟩@laptop
age1⟨lower:58⟩
# public key: age1⟨lower:58⟩
ML:untrusted comment: minisign public key ⟨HEX:16⟩\nRWQ⟨b64:39⟩
ML:untrusted comment: signify public key\nRWQ⟨b64:39⟩
PublicKey = ⟨b64:32⟩
AllowedIPs = 10.77.0.0/24
"pubkey": "dW50cnVzdGVkIGNvbW1lbnQ6IG1pbmlzaWduIHB1YmxpYyBrZXkK⟨b64:39⟩"
certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t⟨b64:60⟩
client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t⟨b64:60⟩
"kid": "⟨hex:40⟩"
"private_key_id": "⟨hex:40⟩"
Key ID: ⟨upper:10⟩
"keyId": "⟨upper:8⟩"
key_id: ⟨HEX:16⟩
Issuer ID: ⟨uuid⟩
"client_id": "⟨int:100000000000-999999999999⟩-⟨lower:32⟩.apps.googleusercontent.com"
Client ID: Iv23li⟨alnum:14⟩
"client_email": "release@⟨repo⟩-ci.iam.gserviceaccount.com"
App ID: ⟨int:100000-999999⟩  Installation ID: ⟨int:10000000-99999999⟩
"installation_id": ⟨int:10000000-99999999⟩
"node_id": "R_kgDO⟨alnum:6⟩"
"node_id": "MDQ6VXNlcj⟨alnum:8⟩"
"node_id": "PR_kwDO⟨alnum:16⟩"
"runner_id": ⟨int:100-9999⟩, "runner_name": "GitHub Actions ⟨int:10-999⟩"
"run_id": ⟨int:1000000000-9999999999⟩, "run_attempt": 1
"check_suite_id": ⟨int:10000000000-99999999999⟩
"artifact_id": ⟨int:1000000000-9999999999⟩, "name": "dist", "size_in_bytes": ⟨int:10000-9999999⟩
x-github-request-id: ⟨HEX:4⟩:⟨HEX:5⟩:⟨HEX:7⟩:⟨HEX:7⟩:⟨HEX:8⟩
X-Request-Id: ⟨uuid⟩
x-amz-request-id: ⟨HEX:16⟩
x-amz-id-2: ⟨b64:56⟩
traceparent: 00-⟨hex:32⟩-⟨hex:16⟩-01
"trace_id": "⟨hex:32⟩", "span_id": "⟨hex:16⟩"
"event_id": "⟨hex:32⟩"
"request_id": "req_⟨alnum:14⟩"
ETag: "⟨hex:32⟩"
ETag: W/"⟨hex:40⟩"
Last-Modified: Tue, 14 May 2024 09:12:44 GMT
"build_id": "⟨uuid⟩"
Build ID: ⟨uuid⟩
BUILDKITE_BUILD_ID=⟨uuid⟩
BUILDKITE_JOB_ID=⟨uuid⟩
CIRCLE_WORKFLOW_ID=⟨uuid⟩
CI_PIPELINE_ID=⟨int:1000000000-1999999999⟩
CI_JOB_ID=⟨int:6000000000-7999999999⟩
GITHUB_SHA=⟨sha⟩
GITHUB_RUN_ID=⟨int:1000000000-9999999999⟩
DRONE_COMMIT_SHA=⟨sha⟩
TRAVIS_BUILD_ID=⟨int:100000000-999999999⟩
APPVEYOR_BUILD_ID=⟨int:40000000-49999999⟩
SYSTEM_JOBID=⟨uuid⟩
CODEBUILD_BUILD_ID=⟨repo⟩-release:⟨uuid⟩
"deploy_id": "⟨hex:24⟩", "site_id": "⟨uuid⟩"
"id": "dpl_⟨alnum:28⟩", "url": "⟨repo⟩-⟨lower:9⟩.vercel.app"
"projectId": "prj_⟨alnum:28⟩", "orgId": "team_⟨alnum:24⟩"
srv-⟨lower:20⟩
"machine_id": "⟨hex:14⟩"
fly-request-id: ⟨upper:26⟩-ams
cus_⟨alnum:14⟩
evt_⟨alnum:24⟩
pi_⟨alnum:24⟩
acct_⟨alnum:16⟩
price_⟨alnum:24⟩
we_⟨alnum:24⟩
pk_live_51⟨alnum:97⟩
phc_⟨alnum:43⟩
pk.eyJ1Ijoi⟨alnum:10⟩IiwiYSI6ImNs⟨alnum:22⟩In0.⟨alnum:22⟩
channel: C0⟨upper:9⟩
"user": "U0⟨upper:9⟩", "team": "T0⟨upper:8⟩"
"guild_id": "⟨int:1000000000000000000-1299999999999999999⟩", "channel_id": "⟨int:1000000000000000000-1299999999999999999⟩"
"chat": {"id": -100⟨int:1000000000-9999999999⟩, "type": "supergroup"}
!⟨alnum:18⟩:⟨org⟩.dev
$⟨b64:32⟩
"event_id": "$⟨b64:32⟩"
"device_id": "⟨upper:10⟩"
Sentry event ⟨hex:32⟩ sent
Codecov upload id: ⟨uuid⟩
"reportId": "⟨uuid⟩"
"organizationId": "⟨uuid⟩"
"projectKey": "⟨org⟩_⟨repo⟩"
"sonar.projectKey": "⟨org⟩_⟨repo⟩"
"snyk_project_id": "⟨uuid⟩"
crowdin project_id: "⟨int:100000-999999⟩"
"tailnet": "⟨org⟩.github", "nodeId": "n⟨alnum:10⟩CNTRL"
tag:ci
"correlation_id": "⟨uuid⟩"
arn:aws:iam::⟨int:100000000000-999999999999⟩:role/github-release
arn:aws:s3:::⟨repo⟩-releases/*
arn:aws:secretsmanager:eu-central-1:⟨int:100000000000-999999999999⟩:secret:release/pypi-⟨alnum:6⟩
projects/⟨repo⟩-release/secrets/hex-api-key/versions/⟨int:1-30⟩
/subscriptions/⟨uuid⟩/resourceGroups/rg-⟨repo⟩/providers/Microsoft.KeyVault/vaults/kv-⟨repo⟩-rel
https://kv-⟨repo⟩-rel.vault.azure.net/secrets/pfx-password/⟨hex:32⟩
vault:secret/data/release/gpg#passphrase
op://Release/Sonatype Central/password
"uid": "⟨uuid⟩", "resourceVersion": "⟨int:100000-9999999⟩"
kubernetes.io/service-account.uid: ⟨uuid⟩
'''.replace("\u24cd", ""))

BENIGN_BLOCKS.append(r'''
***
NPM_TOKEN=***
+ export CARGO_REGISTRY_TOKEN=***
+ twine upload -u __token__ -p *** dist/*
Authorization: Bearer ***
Authorization: token [REDACTED]
"authorization": "token [REDACTED]"
password=******** (masked)
Token: ghp_************************************
Token: ••••••••••••••••••••••••••••••••⟨alnum:4⟩
api key: ****************************⟨hex:4⟩
npm_…⟨alnum:4⟩
pypi-AgEIcHlwaS5vcmc… (truncated)
sk_live_…⟨alnum:4⟩
AKIA****************
glpat-xxxxxxxxxxxxxxxxxxxx
ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
xoxb-your-bot-token
sk-...redacted...
SECRET_KEY = '********************'
result      = (sensitive value)
  + password = (sensitive value)
Parameters: {"token"=>"[FILTERED]", "password"=>"[FILTERED]"}
Looking in indexes: https://pypi.org/simple, https://ci:****@devpi.⟨org⟩.internal/root/prod/+simple/
remote: Invalid username or password.
fatal: Authentication failed for 'https://github.com/⟨org⟩/⟨repo⟩.git/'
Get "https://ci:xxxxx@athens.⟨org⟩.internal/github.com/⟨org⟩/⟨repo⟩/@v/list": dial tcp: lookup athens.⟨org⟩.internal: no such host
error: failed to publish to registry at https://crates.io: the remote server responded with an error (status 403 Forbidden): this token does not have the required permissions to perform this action
npm ERR! code E401
npm ERR! 401 Unauthorized - PUT https://registry.npmjs.org/@⟨org⟩%2f⟨repo⟩ - You must be logged in to publish packages.
HTTPError: 403 Forbidden from https://upload.pypi.org/legacy/ Invalid or non-existent authentication information. See https://pypi.org/help/#invalid-auth for more information.
ERROR: Repository "⟨org⟩/⟨repo⟩" not found or the token lacks permission
Error: Response status code does not indicate success: 403 (The specified API key is invalid, has expired, or does not have permission to access the specified package.).
** (Mix) Hex API error: 401 (unauthorized) - invalid API key
There was a problem saving your gem: Repushing of gem versions is not allowed.
Enter passphrase for key '/home/⟨user⟩/.ssh/id_ed25519':
Enter password for private key:
Please enter the passphrase to unlock the OpenPGP secret key:
Password for 'https://⟨user⟩@github.com':
Username for 'https://github.com':
warning: no token found, set CARGO_REGISTRY_TOKEN or run `cargo login`
Error: Cannot perform an interactive login from a non TTY device
Login Succeeded
WARNING! Your password will be stored unencrypted in /home/runner/.docker/config.json.
Configure a credential helper to remove this warning. See https://docs.docker.com/engine/reference/commandline/login/#credential-stores
✓ Logged in to github.com account ⟨user⟩ (keyring)
  - Token: gho_************************************
Token scopes: 'gist', 'read:org', 'repo', 'workflow'
Your personal access token expires in 7 days
Token "release-bot" was revoked.
The token was used 3 times in the last 30 days. Last used ⟨date⟩ from 140.82.⟨int:100-200⟩.⟨int:1-254⟩.
Rotated NPM_TOKEN, old token revoked at ⟨ts⟩
We detected a secret in your push: GitHub Personal Access Token (commit ⟨sha7⟩, path .env). The push was blocked.
Push protection bypassed by ⟨user⟩ (reason: used in tests)
Secret scanning alert #⟨int:1-99⟩ closed as revoked
Never paste tokens into issues; use the private security advisory form instead.
Rotate the PyPI token every 90 days and prefer trusted publishing where possible.
The NuGet API key must have the "Push new packages and package versions" scope and a glob pattern of ⟨org⟩.*.
Create a crates.io token with the `publish-update` scope only; do not use `publish-new` for CI.
RubyGems: enable MFA "UI and gem signin" and use an API key with push_rubygem scope.
Hex: generate a key with `mix hex.user key generate --key-name ci --permission api:write`.
Maven Central requires every artifact to be signed; upload the public key to keys.openpgp.org first.
Apple notarization needs an app-specific password, not your Apple ID password.
The Authenticode certificate lives on a hardware token now, so there is no PFX password anymore.
Do not commit cosign.key even though it is encrypted; store it as a CI secret.
For Snapcraft, run `snapcraft export-login --snaps=⟨repo⟩ --channels=edge,beta -` and store the output as SNAPCRAFT_STORE_CREDENTIALS.
VSCE_PAT needs the Marketplace (Manage) scope and "All accessible organizations".
JetBrains Marketplace tokens are created under Profile → My Tokens.
The Terraform Registry publishes from GitHub releases; only the GPG public key is uploaded.
Homebrew bump PRs need a token with public_repo and workflow scopes.
CODECOV_TOKEN is not required for public repositories using the GitHub app with tokenless uploads.
Renovate needs a PAT only for the changelog lookups on github.com; the app token covers the rest.
Dependabot secrets are separate from Actions secrets; add NPM_TOKEN to both.
A token named RELEASE_TOKEN must exist in the "release" environment, not at repo level.
The password field in settings.xml can be encrypted with mvn --encrypt-password.
Use `--password-stdin` instead of `-p` so the password does not end up in shell history.
If the signing subkey expires, extend it with `gpg --quick-set-expire` and re-upload the public key.
Secrets are not passed to workflows triggered by pull requests from forks.
The token is read from the keyring; nothing is written to disk.
See docs/RELEASING.md for where the credentials live (1Password vault "Release").
Ask @⟨user⟩ for access to the release vault; do not share tokens over chat.
'''.replace("\u24cd", ""))

BENIGN_BLOCKS.append(r'''
<your-token-here>
YOUR_API_KEY
your-pypi-token
token = "<paste token here>"
NPM_TOKEN=changeme
TWINE_PASSWORD=
export GITHUB_TOKEN=
HEX_API_KEY=replace-me
password: CHANGE_ME
api_key: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
SECRET_KEY_BASE=generate-with-mix-phx.gen.secret
APP_KEY=
DJANGO_SECRET_KEY=set-me-in-production
aws_access_key_id = AKIAIOSFODNN7EXAMPLE
aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY
-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----
private_key: "-----BEGIN PRIVATE KEY-----\n<redacted>\n-----END PRIVATE KEY-----\n"
"password": "",
"token": null,
password: null
token: ""
<password></password>
signing.password=
CARGO_REGISTRY_TOKEN
TWINE_USERNAME=__token__
TWINE_REPOSITORY_URL=https://test.pypi.org/legacy/
NPM_CONFIG_PROVENANCE=true
GEM_HOST_API_KEY
NUGET_AUTH_TOKEN
ORG_GRADLE_PROJECT_signingInMemoryKey
SONATYPE_USERNAME
GPG_KEY_ID
COSIGN_EXPERIMENTAL=1
SIGSTORE_ID_TOKEN
ACTIONS_ID_TOKEN_REQUEST_URL
ACTIONS_ID_TOKEN_REQUEST_TOKEN
APPLE_TEAM_ID=⟨upper:10⟩
APPLE_ID=releases@⟨org⟩.dev
MACOS_CERT_P12
WINDOWS_CERT_THUMBPRINT=⟨HEX:40⟩
CertificateThumbprint: ⟨HEX:40⟩
/sha1 ⟨HEX:40⟩
TIMESTAMP_URL=http://timestamp.digicert.com
KEYCHAIN_PASSWORD
SNAPCRAFT_STORE_CREDENTIALS
FLY_API_TOKEN
NETLIFY_SITE_ID=⟨uuid⟩
VERCEL_ORG_ID=team_⟨alnum:24⟩
VERCEL_PROJECT_ID=prj_⟨alnum:28⟩
CLOUDFLARE_ACCOUNT_ID=⟨hex:32⟩
SENTRY_ORG=⟨org⟩
SENTRY_PROJECT=⟨repo⟩
SENTRY_RELEASE=⟨repo⟩@⟨ver⟩+⟨sha7⟩
DD_SITE=datadoghq.eu
CODECOV_SLUG=⟨org⟩/⟨repo⟩
CROWDIN_PROJECT_ID=⟨int:100000-999999⟩
BROWSERSTACK_USERNAME=⟨user⟩_⟨alnum:6⟩
SAUCE_USERNAME=oauth-⟨user⟩-⟨hex:5⟩
SAUCE_TUNNEL_NAME=gha-⟨int:1000000000-9999999999⟩
ALGOLIA_APP_ID=⟨upper:10⟩
DOCSEARCH_INDEX_NAME=⟨repo⟩
HOMEBREW_NO_INSTALL_FROM_API=1
HOMEBREW_GITHUB_API_TOKEN is not set
RELEASE_VERSION=v⟨ver⟩
version = "⟨ver⟩"
"version": "⟨ver⟩-rc.⟨int:1-9⟩"
⟨ver⟩+build.⟨int:100-9999⟩.⟨sha7⟩
v⟨ver⟩-⟨int:1-99⟩-g⟨sha7⟩
⟨ver⟩.dev⟨int:1-99⟩+g⟨sha7⟩
__version__ = "⟨ver⟩"
@version "⟨ver⟩"
s.version = "⟨ver⟩"
<Version>⟨ver⟩</Version>
<version>⟨ver⟩</version>
version '⟨ver⟩'
VERSION ?= ⟨ver⟩
build-⟨int:10000-99999⟩
⟨repo⟩ ⟨ver⟩ (⟨sha7⟩ ⟨date⟩)
rustc 1.79.0 (129f3b996 2024-06-10)
go version go1.22.4 linux/amd64
Erlang/OTP 27 [erts-15.0] [source] [64-bit]
Elixir 1.17.1 (compiled with Erlang/OTP 27)
GHC 9.8.2
dotnet 8.0.301
openjdk 21.0.3 2024-04-16 LTS
uuid: ⟨uuid⟩
request ⟨uuid⟩ completed in ⟨int:10-999⟩ms
idempotency-key: ⟨uuid⟩
"jti": "⟨uuid⟩"
X-Correlation-ID: ⟨uuid⟩
Run ID ⟨uuid⟩
session ⟨hex:32⟩ closed
cache key: ⟨repo⟩-cargo-⟨hex:64⟩
Cache restored from key: node-cache-Linux-x64-npm-⟨hex:64⟩
key: ${{ runner.os }}-pip-${{ hashFiles('**/requirements*.txt') }}
Received ⟨int:1000000-99999999⟩ of ⟨int:1000000-99999999⟩ (100.0%), 41.2 MBs/sec
eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9
eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9
"alg": "ES256", "kid": "⟨hex:16⟩"
"aud": "sigstore", "iss": "https://token.actions.githubusercontent.com"
"sub": "repo:⟨org⟩/⟨repo⟩:ref:refs/tags/v⟨ver⟩"
"job_workflow_ref": "⟨org⟩/⟨repo⟩/.github/workflows/release.yml@refs/tags/v⟨ver⟩"
"certificateIdentity": "https://github.com/⟨org⟩/⟨repo⟩/.github/workflows/release.yml@refs/tags/v⟨ver⟩"
"predicateType": "https://slsa.dev/provenance/v1"
"subject": [{"name": "⟨repo⟩_⟨ver⟩_linux_amd64.tar.gz", "digest": {"sha256": "⟨hex:64⟩"}}]
"logIndex": ⟨int:10000000-99999999⟩, "integratedTime": ⟨int:1700000000-1760000000⟩
"rekorBundle": {"SignedEntryTimestamp": "MEUCI⟨b64:50⟩"}
"signature": "MEUCIQ⟨b64:48⟩"
"base64Signature": "MEQCI⟨b64:50⟩"
Verified OK
Signature Verified
Good signature from "⟨repo⟩ release key"
Verification for ghcr.io/⟨org⟩/⟨repo⟩:v⟨ver⟩ -- The following checks were performed on each of these signatures:
  - The cosign claims were validated
  - Existence of the claims in the transparency log was verified offline
notarization: status Accepted, id ⟨uuid⟩
Processing complete: id ⟨uuid⟩  status: Accepted
spctl: ⟨repo⟩.app: accepted source=Notarized Developer ID
codesign --verify --deep --strict --verbose=2 ⟨repo⟩.app
Authority=Developer ID Application: ⟨org⟩ OSS (⟨upper:10⟩)
TeamIdentifier=⟨upper:10⟩
CDHash=⟨hex:40⟩
Successfully verified: dist\⟨repo⟩-setup.exe
SHA1 hash: ⟨HEX:40⟩
Issued to: ⟨org⟩ OSS  Issued by: Sectigo Public Code Signing CA R36  Expires: ⟨date⟩
Serial number: ⟨hex:32⟩
checksum: sha256:⟨hex:64⟩  verified
ML:# Security contact\nReport vulnerabilities to security@⟨org⟩.dev. Our PGP key fingerprint is ⟨HEX:40⟩.
ML:## Releasing\n1. Bump the version.\n2. Tag: `git tag -s v⟨ver⟩`.\n3. CI publishes using the `NPM_TOKEN` and `CARGO_REGISTRY_TOKEN` repository secrets.
ML:# .env.example\nNPM_TOKEN=\nPYPI_TOKEN=\nSENTRY_AUTH_TOKEN=\nDATABASE_URL=postgres://user:password@localhost:5432/app
DATABASE_URL=postgres://postgres:postgres@localhost:5432/⟨repo⟩_test
REDIS_URL=redis://localhost:6379/0
AMQP_URL=amqp://guest:guest@localhost:5672/
mongodb://localhost:27017/⟨repo⟩_dev
postgres://user:password@localhost/db
https://user:<password>@nexus.example.com/repository/maven-releases/
https://${NEXUS_USER}:${NEXUS_PASSWORD}@nexus.⟨org⟩.internal/repository/pypi/simple
https://oauth2:${GITLAB_TOKEN}@gitlab.com/⟨org⟩/⟨repo⟩.git
https://x-access-token:${GITHUB_TOKEN}@github.com/⟨org⟩/homebrew-tap.git
git remote add origin git@github.com:⟨org⟩/⟨repo⟩.git
git@gitlab.com:⟨org⟩/⟨repo⟩.git
ssh://aur@aur.archlinux.org/⟨repo⟩-bin.git
os.environ["TWINE_PASSWORD"]
token = os.environ["PYPI_TOKEN"]
const token = process.env.NPM_TOKEN;
token := os.Getenv("GITHUB_TOKEN")
let token = std::env::var("CARGO_REGISTRY_TOKEN")?;
System.getenv("OSSRH_PASSWORD")
ENV.fetch("GEM_HOST_API_KEY")
System.fetch_env!("HEX_API_KEY")
Environment.GetEnvironmentVariable("NUGET_API_KEY")
getenv("SIGNING_PASSPHRASE")
$env:CHOCOLATEY_API_KEY
Sys.getenv("GITHUB_PAT")
ENV["JULIA_PKG_SERVER"]
(System/getenv "CLOJARS_TOKEN")
lookupEnv "HACKAGE_TOKEN"
Sys.getenv_opt "OPAM_PUBLISH_TOKEN"
os.getenv("LUAROCKS_API_KEY")
$ENV{PAUSE_PASSWORD}
getenv('PACKAGIST_TOKEN')
Platform.environment['PUB_TOKEN']
ProcessInfo.processInfo.environment["NOTARY_PASSWORD"]
std.process.getEnvVarOwned(allocator, "GITHUB_TOKEN")
getEnv("NIMBLE_TOKEN")
ENV["SHARDS_TOKEN"]?
@Value("${webhook.secret}")
config :⟨repo⟩, :api_key, {:system, "HEX_API_KEY"}
secret_key_base: System.get_env("SECRET_KEY_BASE") || raise "SECRET_KEY_BASE missing"
SECRET_KEY = env("DJANGO_SECRET_KEY")
'password' => env('DB_PASSWORD'),
password: <%= ENV["DATABASE_PASSWORD"] %>
password = "${var.db_password}"
ML:variable "github_token" {\n  type      = string\n  sensitive = true\n}
api_token = var.cloudflare_api_token
token = data.vault_kv_secret_v2.release.data["crates"]
ML:valueFrom:\n  secretKeyRef:\n    name: release-signing\n    key: GPG_PASSPHRASE
ML:envFrom:\n  - secretRef:\n      name: renovate-env
ML:- name: SONAR_TOKEN\n  valueFrom:\n    secretKeyRef: {name: sonar, key: token}
secretName: docs-tls
ML:imagePullSecrets:\n  - name: ghcr-pull
existingSecret: sentry-postgres
auth.existingSecret: grafana-admin
--from-env-file=release.env
--secret id=gh_token,env=GITHUB_TOKEN
ML:environment:\n  - NPM_TOKEN\n  - PYPI_TOKEN
env_file: .env.release
ML:secrets:\n  npm_token:\n    file: ./secrets/npm_token.txt
docker secret create npm_token ./npm_token.txt
''')


def _extra_benign():
    texts = [
        "hello world", "release notes for the next version", "user:ci-readonly", "build passed",
        '{"alg":"none"}', "changelog: fixed typos", "maintainers@lists.example.org", "tag v2.0.0",
        "This is not a secret.", "docs/getting-started.md", "ci-bot <ci@example.org>", "kelp-cli 1.9.0",
        '{"type":"service_account"}', "Signed-off-by: release-bot", "username:", "readme",
        "sponsors: monthly report", "nightly-2024-05-14", "main", "Version: 3.1.4",
    ]
    out = []
    for t in texts:
        enc = base64.b64encode(t.encode()).decode()
        out.append(enc)
        out.append("echo %s | base64 -d   # -> %s" % (enc, t))
    for t in texts[:10]:
        out.append("data: " + base64.urlsafe_b64encode(t.encode()).decode().rstrip("="))
    return "\n".join(out)


BENIGN_BLOCKS.append(_extra_benign())


# ---------------------------------------------------------------------------
# Assembly
import re as _re

_HDR = _re.compile(r"^== ([a-z0-9]+(?:-[a-z0-9]+)*)(?: x(\d))?(?: \| (.*))?$")


def _parse(group, src):
    entries = []
    cur = None
    for line in src.split("\n"):
        m = _HDR.match(line)
        if m:
            if cur:
                entries.append(cur)
            cur = [m.group(1), int(m.group(2) or 1), (m.group(3) or "").strip(), []]
        elif cur is not None:
            cur[3].append(line)
    if cur:
        entries.append(cur)
    out = []
    for fmt, n, vis, lines in entries:
        while lines and not lines[-1].strip():
            lines.pop()
        while lines and not lines[0].strip():
            lines.pop(0)
        tpl = "\n".join(lines)
        for _ in range(n):
            text, secret = render(tpl)
            out.append((group, fmt, text, secret, vis))
    return out


def _benign(src):
    out = []
    for part in src.split("\n"):
        if not part.strip():
            continue
        n = 2 if "\u27e8" in part and len(part) % 3 else 1
        for _ in range(n):
            t, s = render(part.replace("\\n", "\n") if part.startswith("ML:") else part)
            out.append(t[3:] if part.startswith("ML:") else t)
    return out


def _build():
    secrets = []
    for group, src in BLOCKS:
        secrets.extend(_parse(group, src))
    secrets.extend(family_vendor())
    secrets.extend(family_urls())
    secrets.extend(family_keys())
    benign = []
    seen = set()
    for src in BENIGN_BLOCKS:
        for b in _benign(src):
            if b not in seen:
                seen.add(b)
                benign.append(b)
    return secrets, benign


SECRETS, BENIGN = _build()
