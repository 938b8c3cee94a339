"""Blind hold-out corpus #59 for a secret-redaction engine.

What it is
----------
A self-contained list of text fragments of the kind a coding agent (Claude
Code, Codex, Gemini CLI) keeps as working state -- goals, running notes,
shell commands it ran, tool output, excerpts of files it opened, decisions,
chat messages pasted in by teammates, log lines, CI configuration -- each
paired with the exact credential that a redaction engine must remove from it,
plus a second list of fragments that look secret-ish but contain no
credential at all and must be left alone.

Theme
-----
QA engineers and test automation: Selenium / Playwright / Cypress suites and
grids, BrowserStack / Sauce Labs / LambdaTest, Postman and Insomnia
collections and environments, k6 / JMeter / Gatling / Locust load tests, test
accounts and fixtures, mock servers (WireMock, Mockoon), contract testing
(Pact broker), test-data factories and seeded databases, device farms,
flaky-test triage notes, test reports (JUnit XML, Allure) and CI test stages.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other corpus
and no web or code search were consulted.  Where a vendor's real credential
shape was known it was imitated (prefixes, lengths, alphabets); where it was
unknown, a plausible shape was invented.  Every host, person, company,
account and value is fictitious, and every value is a fresh pseudo-random
draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group   one of command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy,
                 vendor-token (roughly the same number of entries each);
         format  kebab-case name of the shape; each used at most 3 times;
         text    the fragment as the agent recorded it;
         secret  the exact substring of text that must not survive
                 redaction (only the body of a PEM private key, only the
                 signature of a signed URL, only the password of a
                 user:password pair);
         visible a substring of text that must stay readable, or "".
BENIGN   list of distinct strings, in the same contexts, that contain no
         credential but resemble one to a naive scanner: commit SHAs,
         checksums, UUIDs, trace ids, public keys and fingerprints, public
         key ids, placeholders, masked values, references to where a secret
         is stored, base64 of ordinary text, prose about passwords, policy
         text, cache keys and so on.

Determinism
-----------
All randomness comes from one generator, _R = random.Random(SEED), consumed
in a fixed order at import time; importing the module twice yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind: recall 0.967 (1,439 of 1,488) and false positives 9 of 952 (0.9%) with the engine at
that session's start. Tuned on since: 0.980 and 9 of 952.
"""
import base64
import json
import random
import re
import string

SEED = 5959059
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# primitive draws
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_CS = {
    "an": _LOW + _UPP + _DIG,
    "lo": _LOW + _DIG,
    "up": _UPP + _DIG,
    "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF",
    "d": _DIG,
    "al": _LOW,
    "AL": _UPP,
    "b64": _LOW + _UPP + _DIG + "+/",
    "bu": _LOW + _UPP + _DIG + "-_",
    "b32": _LOW + "234567",
    "B32": _UPP + "234567",
}


def _rs(cs, n):
    return "".join(_R.choice(cs) for _ in range(n))


def _pick(seq):
    return _R.choice(seq)


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode("ascii").rstrip("=")


_PW_WORDS = (
    "amber anchor apricot aster atlas autumn badger bamboo banjo basil beacon "
    "birch biscuit blizzard bluebell bonfire bramble breeze brook cactus camel "
    "canyon caramel cedar cherry cinder clover cobalt comet copper coral "
    "cricket crimson cypress dahlia dolphin dragon ember falcon fennel fjord "
    "flamingo forest galaxy garnet ginger glacier granite gravel harbor hazel "
    "heron hickory honey horizon indigo iris ivory jasmine juniper kettle kiwi "
    "lagoon lantern lavender lemon lilac lotus lunar magnet mango maple marble "
    "marigold meadow meteor mint monsoon mosaic nectar nimbus nutmeg oasis "
    "olive onyx orbit orchid otter paddle panda papaya pebble pepper pine "
    "pixel planet plum polar poppy prairie puffin quartz quill rabbit raven "
    "ripple river rocket saffron salmon sapphire savanna sequoia shadow sierra "
    "silver sparrow spruce squirrel starling summit sunset tango teal thistle "
    "thunder tiger timber topaz tulip tundra turtle velvet violet walnut "
    "willow yonder zephyr zinnia walrus gazebo trombone noodle waffle pretzel"
).split()

_FIRST = (
    "Aiko Amara Anders Ana Arjun Bea Bilal Camille Chen Chiara Dara Dmitri "
    "Elif Emeka Esther Farah Femi Gustavo Hana Hiroshi Ines Ivan Jae Jonas "
    "Kavya Kemal Lars Leila Lucia Mateo Maya Mei Mikkel Nadia Nikhil Noor Olek "
    "Oluwaseun Paulo Priya Quentin Rafael Ravi Rosa Sakura Sami Sanne Sofia "
    "Sven Tariq Thandi Tomasz Uma Vikram Wen Yara Yusuf Zofia Zane Ines Greta "
    "Bogdan Linh Marisol Kofi Astrid Dario Freya Hamid Ingrid Joao Keiko"
).split()
_LAST = (
    "Okafor Lindqvist Moreau Tanaka Kowalski Haddad Novak Petrov Silva Rossi "
    "Nguyen Schmidt Park Yilmaz Fernandes Kaur Dubois Jensen Castillo Mensah "
    "Abe Larsen Horvat Ivanova Bianchi Oyelaran Sato Varga Brennan Delgado"
).split()

_DOMAINS = [
    "quillon.io", "brightcart.dev", "tessaro-labs.com", "mapleforge.net",
    "orbitpay.io", "kestrelhealth.com", "nimbusride.app", "lumenbank.co",
    "parcelwise.io", "fernwood-games.com", "halcyon-ins.com", "tidewater.dev",
    "acorn-retail.com", "vantarail.io", "glimmerly.app", "copperleaf.tech",
    "driftwood-media.com", "pallas-logistics.net", "sorrel.health",
    "zentrip.io", "marlowe-foods.com", "peregrine-hr.io",
]
_ENVS = ["qa", "staging", "uat", "preprod", "perf", "sandbox", "int", "e2e"]
_SUBS = [
    "grid", "selenium-hub", "pact-broker", "wiremock", "mockoon", "k6",
    "jenkins", "gitlab", "api", "auth", "pg-fixtures", "reportportal",
    "allure", "testrail", "jmeter", "locust", "devicefarm", "appium",
    "mailhog", "keycloak", "sonar", "nexus", "minio", "redis", "mongo",
    "admin", "testmo", "checkout", "payments", "gateway", "mocks", "seed-db",
]


def _host():
    s = _pick(_SUBS)
    d = _pick(_DOMAINS)
    r = _R.random()
    if r < 0.45:
        return "%s.%s.%s" % (s, _pick(_ENVS), d)
    if r < 0.7:
        return "%s.%s" % (s, d)
    if r < 0.85:
        return "%s-%02d.%s.internal" % (s, _R.randint(1, 12), d.split(".")[0])
    return "%s-%s.%s" % (s, _pick(_ENVS), d)


def _user():
    p = _R.randrange(8)
    if p == 0:
        return "qa_" + _pick(["runner", "admin", "seed", "reader", "bot", "ops", "buyer", "owner", "writer"])
    if p == 1:
        return "svc-" + _pick(["e2e", "loadtest", "grid", "pact", "fixtures", "mocks", "reports", "perf"])
    if p == 2:
        return "tester%02d" % _R.randint(1, 99)
    if p == 3:
        return _pick(_FIRST).lower() + "." + _pick(_LAST).lower()
    if p == 4:
        return "e2e_%s_%d" % (_pick(["user", "buyer", "seller", "admin", "agent"]), _R.randint(1, 400))
    if p == 5:
        return _pick(_FIRST).lower() + _pick(["_qa", "-qa", ".test", "_auto"])
    if p == 6:
        return "loadtest%03d" % _R.randint(1, 500)
    return _pick(["automation", "ci-bot", "perf_user", "grid_admin", "pactbroker", "wiremock", "devicelab"]) + str(_R.randint(1, 9))


def _email():
    p = _R.randrange(4)
    d = _pick(_DOMAINS)
    if p == 0:
        return "qa+%s%d@%s" % (_pick(["signup", "buyer", "seller", "refund", "promo", "kyc"]), _R.randint(1, 999), d)
    if p == 1:
        return "%s.%s@%s" % (_pick(_FIRST).lower(), _pick(_LAST).lower(), d)
    if p == 2:
        return "e2e-%s-%02d@test.%s" % (_pick(["admin", "owner", "viewer", "agent"]), _R.randint(1, 60), d)
    return "%s@%s" % (_pick(["qa-shared", "test-automation", "perf-team", "devicelab", "qa.lead"]), d)


def _date():
    return "%d-%02d-%02d" % (_pick([2024, 2025]), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _uuid():
    h = _rs(_CS["hex"], 32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


_PROJS = [
    "checkout-e2e", "mobile-regression", "web-smoke", "api-contract-tests",
    "perf-k6", "load-jmeter", "visual-tests", "ui-automation", "qa-fixtures",
    "payments-pact", "gatling-sims", "locust-perf", "device-lab",
    "playwright-suite", "cypress-tests", "selenium-grid-infra", "mock-servers",
    "test-data-factory", "android-espresso", "ios-xcuitest",
]
_SPECS = [
    "checkout.spec.ts", "login.cy.js", "test_payments.py", "cart.e2e.ts",
    "SignupFlowTest.java", "RefundTests.cs", "search.feature", "test_api_orders.py",
    "profile.spec.js", "OnboardingUITests.swift", "LoginInstrumentedTest.kt",
    "wishlist.cy.ts", "test_coupons.py", "smoke.spec.ts",
]
_TNAMES = [
    "should apply coupon at checkout", "user can reset password via email link",
    "guest checkout with saved card", "rejects expired session token",
    "renders order history paginated", "search returns results under 2s",
    "admin can impersonate buyer", "2FA prompt appears for new device",
    "refund is idempotent", "cart survives page reload",
    "locale switch keeps basket", "upload avatar larger than 5MB fails",
]
_BROWSERS = ["chromium", "firefox", "webkit", "chrome 126", "edge 125", "safari 17", "msedge"]
_DEVICES = ["Pixel 8", "iPhone 15 Pro", "Galaxy S23", "iPad Air 5", "Pixel 6a", "iPhone 13 mini", "Galaxy Tab S8", "OnePlus 11"]
_DBS = ["qa_fixtures", "e2e_seed", "checkout_test", "loadtest", "orders_uat", "pact_broker", "testrail", "reportportal", "users_staging", "perf_baseline", "mock_data"]
_TEAMS = ["qa-core", "web-automation", "mobile-qa", "perf-eng", "platform-qa", "payments-qa", "release-eng"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ap-northeast-1"]
_ORGS = ["quillon", "brightcart", "tessaro-labs", "mapleforge", "orbitpay", "kestrel-health", "nimbusride", "lumenbank", "parcelwise", "vantarail"]


def _word():
    return _pick(_PW_WORDS)


_FIELDS = {
    "host": _host,
    "user": _user,
    "email": _email,
    "person": lambda: _pick(_FIRST),
    "last": lambda: _pick(_LAST),
    "dom": lambda: _pick(_DOMAINS),
    "env": lambda: _pick(_ENVS),
    "port": lambda: str(_pick([5432, 3306, 1433, 27017, 6379, 8080, 4444, 9292, 8443, 5672, 9200, 8081])),
    "db": lambda: _pick(_DBS),
    "proj": lambda: _pick(_PROJS),
    "org": lambda: _pick(_ORGS),
    "team": lambda: _pick(_TEAMS),
    "date": _date,
    "ts": _ts,
    "time": lambda: "%02d:%02d" % (_R.randint(7, 22), _R.randint(0, 59)),
    "uuid": _uuid,
    "sha": lambda: _rs(_CS["hex"], 40),
    "sha7": lambda: _rs(_CS["hex"], 7),
    "sha64": lambda: _rs(_CS["hex"], 64),
    "n": lambda: str(_R.randint(2, 64)),
    "build": lambda: str(_R.randint(1200, 9899)),
    "pr": lambda: str(_R.randint(140, 4800)),
    "ticket": lambda: "%s-%d" % (_pick(["QA", "TEST", "E2E", "PERF", "QAE", "MOB"]), _R.randint(100, 9999)),
    "runid": lambda: str(_R.randint(4000000000, 9999999999)),
    "ip": lambda: "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
    "region": lambda: _pick(_REGIONS),
    "browser": lambda: _pick(_BROWSERS),
    "device": lambda: _pick(_DEVICES),
    "spec": lambda: _pick(_SPECS),
    "tname": lambda: _pick(_TNAMES),
    "ms": lambda: str(_R.randint(120, 48000)),
    "pct": lambda: "%.1f" % (_R.uniform(0.5, 99.5)),
    "branch": lambda: "%s/%s-%d-%s" % (_pick(["feature", "fix", "qa", "chore"]), _pick(["qa", "e2e", "perf"]), _R.randint(100, 9999), _pick(["flaky-login", "retry-grid", "seed-data", "pact-v3", "k6-thresholds", "webkit-timeouts"])),
    "word": _word,
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 40), _R.randint(0, 20)),
    "bucket": lambda: "%s-%s-%s" % (_pick(_ORGS), _pick(["qa-artifacts", "test-reports", "screenshots", "e2e-videos", "fixtures"]), _pick(_ENVS)),
    "acct": lambda: _rs(_CS["d"], 12),
    "num": lambda: str(_R.randint(10000, 99999)),
    "b64text": lambda: base64.b64encode(("%s %s %d" % (_pick([
        "hello from the e2e suite", "fixture:buyer", "checkout smoke run",
        "{\"suite\":\"regression\"}", "order placed", "qa-report",
        "locale=de-DE", "page=2&size=50", "Lorem ipsum dolor sit amet",
        "user_agent=Playwright"]), _word(), _R.randint(1, 9999))).encode()).decode(),
    "sshpub": lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(_CS["b64"], 43),
    "fp": lambda: "SHA256:" + _rs(_CS["b64"], 43),
    "gpgfp": lambda: _rs(_CS["HEX"], 40),
    "certline": lambda: "MII" + _rs(_CS["b64"], 61),
    "b64line": lambda: _rs(_CS["b64"], 64),
    "hex32": lambda: _rs(_CS["hex"], 32),
    "hex16": lambda: _rs(_CS["hex"], 16),
    "envvar": lambda: _pick(["SAUCE_ACCESS_KEY", "BROWSERSTACK_ACCESS_KEY", "LT_ACCESS_KEY",
                             "CYPRESS_RECORD_KEY", "PERCY_TOKEN", "K6_CLOUD_TOKEN",
                             "PACT_BROKER_TOKEN", "E2E_ADMIN_PASSWORD", "TESTRAIL_API_KEY",
                             "POSTMAN_API_KEY", "DB_PASSWORD", "APPLITOOLS_API_KEY",
                             "MAILOSAUR_API_KEY", "RP_API_KEY", "GRID_PASSWORD"]),
    "secpath": lambda: "secret/data/%s/%s/%s" % (_pick(["qa", "perf", "e2e", "mobile"]), _pick(_ENVS), _pick(["browserstack", "sauce", "pact-broker", "grid", "k6", "testrail", "db", "mockoon", "postman"])),
}


# ---------------------------------------------------------------------------
# secret-ish generators (named kinds)
# ---------------------------------------------------------------------------
_SYMS = "!#%*+-.=?@^_~"
_USYMS = "-_.~!*"


def _leet(w, url):
    m = {"a": "4" if url else "@", "e": "3", "o": "0", "i": "1", "s": "5"}
    out = []
    for ch in w:
        if ch in m and _R.random() < 0.5:
            out.append(m[ch])
        else:
            out.append(ch)
    return "".join(out)


def _password(url=False):
    sy = _USYMS if url else _SYMS
    s = _R.randrange(10)
    w = _word
    if s == 0:
        p = w().capitalize() + str(_R.randint(10, 9999)) + _pick(sy)
    elif s == 1:
        p = _leet(w().capitalize(), url) + _pick(sy) + _leet(w(), url) + str(_R.randint(1, 99))
    elif s == 2:
        p = "-".join(w() for _ in range(_R.randint(3, 4))) + "-" + str(_R.randint(1, 99))
    elif s == 3:
        cs = _LOW + _UPP + _DIG + sy
        p = _rs(cs, _R.randint(14, 22))
        p = _pick(_UPP) + _pick(_DIG) + p + _pick(sy)
    elif s == 4:
        syl = "".join(_pick("bdfgklmnprstvz") + _pick("aeiou") for _ in range(_R.randint(3, 4)))
        p = syl.capitalize() + _pick(sy) + str(_R.randint(100, 9999))
    elif s == 5:
        p = _pick(["Winter", "Spring", "Summer", "Autumn", "Monday", "Friday"]) + _pick(sy) + w().capitalize() + str(_pick([2023, 2024, 2025, 2026]))
    elif s == 6:
        p = _pick(_FIRST) + "_" + w() + str(_R.randint(10, 99)) + _pick(sy)
    elif s == 7:
        p = w().capitalize() + w().capitalize() + str(_R.randint(100, 999))
    elif s == 8:
        p = "".join(_pick(_LOW + _UPP) + _pick(_DIG) + _pick(sy) for _ in range(_R.randint(4, 6)))
    else:
        p = _pick(["Qa", "Test", "E2e", "Grid", "Perf", "Load"]) + _pick(sy) + w().capitalize() + _pick(sy) + str(_R.randint(1000, 9999))
    return p


def _phrase(sep="-"):
    ws = [_word() for _ in range(_R.randint(3, 5))]
    if _R.random() < 0.5:
        ws = [x.capitalize() for x in ws]
    return sep.join(ws) + sep + str(_R.randint(2, 99))


def _jwt(ctx):
    alg = _pick(["HS256", "RS256", "ES256", "HS512"])
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith(("RS", "ES")):
        hdr["kid"] = _rs(_CS["bu"], 16)
    now = _R.randint(1704067200, 1767225600)
    pl = {
        "sub": _pick([ctx["user"], _uuid(), "auth0|" + _rs(_CS["hex"], 24)]),
        "iat": now,
        "exp": now + _pick([900, 3600, 28800, 86400]),
        "scope": _pick(["orders:write", "qa:admin", "read write", "tests:run", "fixtures:seed"]),
        "iss": "https://" + ctx["host"],
    }
    if _R.random() < 0.5:
        pl["email"] = ctx["email"]
    sig = _rs(_CS["bu"], 86 if alg.endswith("512") else 43)
    return (_b64u(json.dumps(hdr, separators=(",", ":")).encode()) + "." +
            _b64u(json.dumps(pl, separators=(",", ":")).encode()) + "." + sig)


def _pem_body(prefix, total, width=64, sep="\n", pad="="):
    body = prefix + _rs(_CS["b64"], total - len(prefix) - len(pad)) + pad
    return sep.join(body[i:i + width] for i in range(0, len(body), width))


def _azsig():
    raw = _rs(_CS["b64"], 43) + "="
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _cfsig():
    return _rs(_LOW + _UPP + _DIG + "-~", 170) + "__"


_NAMED = {
    "pw": lambda ctx: _password(False),
    "pwu": lambda ctx: _password(True),
    "phrase": lambda ctx: _phrase("-"),
    "phrasesp": lambda ctx: _phrase(" "),
    "phrasedot": lambda ctx: _phrase("."),
    "uuid": lambda ctx: _uuid(),
    "jwt": _jwt,
    "basic": lambda ctx: base64.b64encode(("%s:%s" % (ctx["user"], _password())).encode()).decode(),
    "b64pw": lambda ctx: base64.b64encode(_password().encode()).decode(),
    "b64tok": lambda ctx: base64.b64encode(("ghp_" + _rs(_CS["an"], 36)).encode()).decode(),
    "pem_ec": lambda ctx: _pem_body("MHcCAQEEI", 164, pad="=="),
    "pem_p8ec": lambda ctx: _pem_body("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg", 184, pad=""),
    "pem_ed": lambda ctx: _pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 300, width=70, pad=""),
    "pem_ed_i12": lambda ctx: _pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 300, width=70, sep="\n" + " " * 12, pad=""),
    "pem_ec_i4": lambda ctx: _pem_body("MHcCAQEEI", 164, sep="\n    ", pad="=="),
    "pem_rsa1k": lambda ctx: _pem_body("MIICXAIBAAKBgQ", 812, pad=""),
    "pem_rsajson": lambda ctx: _pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1624, sep="\\n", pad=""),
    "pem_pgp": lambda ctx: _pem_body("lFgEZ", 580, pad=""),
    "azsig": lambda ctx: _azsig(),
    "cfsig": lambda ctx: _cfsig(),
    "awssecret": lambda ctx: _rs(_CS["b64"], 40),
    "azkey": lambda ctx: _rs(_CS["b64"], 86) + "==",
    "gcpsig": lambda ctx: _rs(_CS["hex"], 256),
    "pin6": lambda ctx: _rs(_DIG, 6),
    "otpseed": lambda ctx: _rs(_CS["B32"], 32),
}

_TOKSPEC = re.compile(r"^(an|lo|up|hex|HEX|d|al|AL|b64|bu|b32|B32)(\d+)$")


def _spec(spec, ctx):
    out = []
    for tok in spec.split():
        if tok.startswith("'"):
            out.append(tok[1:])
            continue
        m = _TOKSPEC.match(tok)
        if m:
            out.append(_rs(_CS[m.group(1)], int(m.group(2))))
        elif tok in _NAMED:
            out.append(_NAMED[tok](ctx))
        else:
            raise ValueError("bad spec token %r" % tok)
    return "".join(out)


class _Ctx(object):
    def __init__(self):
        self.v = {}

    def __getitem__(self, k):
        if k not in self.v:
            base = k if k in _FIELDS else k.rstrip("0123456789")
            self.v[k] = _FIELDS[base]()
        return self.v[k]


_PH = re.compile("\u27e6([^\u27e6\u27e7]+)\u27e7")


def _render(tpl, ctx):
    def rep(m):
        tok = m.group(1)
        if tok.startswith("="):
            return _spec(tok[1:], ctx)
        if "=" in tok:
            name, sp = tok.split("=", 1)
            if name not in ctx.v:
                ctx.v[name] = _spec(sp, ctx)
            return ctx.v[name]
        return ctx[tok]
    return _PH.sub(rep, tpl)


# ---------------------------------------------------------------------------
# template registries
# ---------------------------------------------------------------------------
_STPL = []   # (group, format, kind-spec, text-template, visible-template)
_BTPL = []   # (group, text-template, count)


def S(group, fmt, kind, tpl, vis=""):
    _STPL.append((group, fmt, kind, tpl, vis))


def B(group, tpl, n=5):
    _BTPL.append((group, tpl, n))


# The placeholder syntax used below: \u27e6name\u27e7 is a random field drawn
# once per entry (host, user, email, uuid, sha, ...; a trailing digit gives an
# independent second draw), \u27e6S\u27e7 is the secret, \u27e6=spec\u27e7 is a
# fresh draw from a spec and \u27e6name=spec\u27e7 binds a draw to a name.

# ===========================================================================
# SECRETS -- command
# ===========================================================================
_G = "command"
S(_G, "psql-uri-positional", "pwu",
  """psql "postgresql://⟦user⟧:⟦S⟧@⟦host⟧:5432/⟦db⟧?sslmode=require" -c 'select count(*) from test_accounts where locked'""",
  "⟦host⟧")
S(_G, "pgpassword-env-prefix", "pw",
  """PGPASSWORD='⟦S⟧' psql -h ⟦host⟧ -U ⟦user⟧ -d ⟦db⟧ -f seed/fixtures_⟦n⟧.sql""",
  "seed/fixtures_⟦n⟧.sql")
S(_G, "mysql-p-flag-attached", "pw",
  """mysql -h ⟦host⟧ -u ⟦user⟧ -p'⟦S⟧' ⟦db⟧ < fixtures/users_⟦n⟧.sql""",
  "fixtures/users_⟦n⟧.sql")
S(_G, "mongosh-srv-uri", "pwu",
  """mongosh "mongodb+srv://⟦user⟧:⟦S⟧@cluster⟦n⟧.⟦=lo5⟧.mongodb.net/e2e?retryWrites=true" --eval 'db.carts.deleteMany({ createdBy: "e2e" })'""",
  "mongosh")
S(_G, "redis-cli-a-flag", "pw",
  """redis-cli -h ⟦host⟧ -p 6379 -a '⟦S⟧' --no-auth-warning FLUSHDB""",
  "FLUSHDB")
S(_G, "curl-u-user-colon-pass", "pw",
  """curl -sS -u ⟦user⟧:'⟦S⟧' -X POST https://⟦host⟧/api/test-accounts/reset -d '{"pool":"checkout"}'""",
  "https://⟦host⟧/api/test-accounts/reset")
S(_G, "curl-bearer-header-opaque", "'qat_ an40",
  """curl -s https://⟦host⟧/api/v2/fixtures/orders?limit=50 -H "Authorization: Bearer ⟦S⟧" | jq '.items | length'""",
  "/api/v2/fixtures/orders")
S(_G, "curl-wiremock-admin-token", "bu32",
  """curl -X POST http://⟦host⟧:8080/__admin/mappings/reset -H 'X-Admin-Token: ⟦S⟧'""",
  "__admin/mappings/reset")
S(_G, "browserstack-local-binary-key", "an20",
  """./BrowserStackLocal --key ⟦S⟧ --local-identifier ci-⟦build⟧ --force-local --daemon start""",
  "--local-identifier ci-⟦build⟧")
S(_G, "sauce-connect-sc-k", "uuid",
  """sc run -u ⟦user⟧ -k ⟦S⟧ --region eu-central --tunnel-name qa-tunnel-⟦build⟧""",
  "qa-tunnel-⟦build⟧")
S(_G, "lambdatest-tunnel-key", "an50",
  """./LT --user ⟦email⟧ --key ⟦S⟧ --tunnelName nightly-⟦n⟧ --verbose""",
  "⟦email⟧")
S(_G, "cypress-run-record-key", "uuid",
  """npx cypress run --record --key ⟦S⟧ --parallel --ci-build-id "$GITHUB_RUN_ID" --group ⟦browser⟧""",
  "npx cypress run --record")
S(_G, "k6-cloud-login-token", "hex64",
  """k6 cloud login --token ⟦S⟧ && k6 cloud run scripts/checkout-spike.js""",
  "scripts/checkout-spike.js")
S(_G, "newman-env-var-flag", "pw",
  """newman run collections/orders.postman_collection.json -e envs/⟦env⟧.postman_environment.json --env-var "adminPassword=⟦S⟧" --reporters cli,junit""",
  "collections/orders.postman_collection.json")
S(_G, "pact-broker-publish-token", "bu22",
  """pact-broker publish ./pacts --consumer-app-version ⟦sha⟧ --branch main --broker-base-url https://⟦host⟧ --broker-token ⟦S⟧""",
  "--consumer-app-version ⟦sha⟧")
S(_G, "jmeter-cli-j-password", "pw",
  """jmeter -n -t plans/checkout.jmx -Jhost=⟦host⟧ -Juser=⟦user⟧ -Jpassword=⟦S⟧ -Jthreads=200 -l results/run-⟦build⟧.jtl -e -o report/""",
  "plans/checkout.jmx")
S(_G, "gatling-sbt-system-prop-token", "bu40",
  """sbt -DbaseUrl=https://⟦host⟧ -DauthToken=⟦S⟧ "Gatling/testOnly simulations.CheckoutSimulation\"""",
  "simulations.CheckoutSimulation")
S(_G, "locust-headless-env-prefix", "'lk_ an32",
  """API_TOKEN=⟦S⟧ locust -f locustfile.py --headless -u 400 -r 25 --run-time 15m -H https://⟦host⟧ --csv out/run⟦n⟧""",
  "locust -f locustfile.py")
S(_G, "docker-login-echo-password-stdin", "pw",
  """echo "⟦S⟧" | docker login registry.⟦dom⟧ --username ⟦user⟧ --password-stdin""",
  "registry.⟦dom⟧")
S(_G, "docker-run-e-admin-token", "an32",
  """docker run -d --name wiremock -p 8080:8080 -e WIREMOCK_ADMIN_TOKEN=⟦S⟧ -v $PWD/mocks:/home/wiremock wiremock/wiremock:3.6.0""",
  "wiremock/wiremock:3.6.0")
S(_G, "mvn-d-browserstack-key", "an20",
  """mvn -B test -Dsuite=smoke -Dbrowserstack.user=⟦user⟧ -Dbrowserstack.key=⟦S⟧ -Dbrowser="⟦browser⟧\"""",
  "-Dsuite=smoke")
S(_G, "gradle-p-sauce-access-key", "uuid",
  """./gradlew connectedCheck -Psauce.username=⟦user⟧ -Psauce.accessKey=⟦S⟧ -Pdevice="⟦device⟧\"""",
  "./gradlew connectedCheck")
S(_G, "pytest-admin-password-option", "pw",
  """pytest tests/e2e -n 4 --base-url https://⟦host⟧ --admin-user ⟦user⟧ --admin-password '⟦S⟧' --reruns 2""",
  "--admin-user ⟦user⟧")
S(_G, "playwright-env-inline-password", "pw",
  """BASE_URL=https://⟦host⟧ E2E_USER=⟦email⟧ E2E_PASSWORD='⟦S⟧' npx playwright test --project=⟦browser⟧ --retries=1""",
  "npx playwright test")
S(_G, "sshpass-p-restart-node", "pw",
  """sshpass -p '⟦S⟧' ssh -o StrictHostKeyChecking=no ⟦user⟧@⟦host⟧ 'sudo systemctl restart selenium-node'""",
  "sudo systemctl restart selenium-node")
S(_G, "sqlcmd-capital-p", "pw",
  """sqlcmd -S ⟦host⟧,1433 -U sa -P "⟦S⟧" -d ⟦db⟧ -i seed/reset_test_orders.sql""",
  "seed/reset_test_orders.sql")
S(_G, "keytool-storepass-flag", "pw",
  """keytool -importcert -alias qa-root-ca -file certs/qa-ca.pem -keystore src/test/resources/truststore.jks -storepass ⟦S⟧ -noprompt""",
  "certs/qa-ca.pem")
S(_G, "openssl-pkcs12-passout", "pw",
  """openssl pkcs12 -export -in mtls/client.crt -inkey mtls/client.key -out mtls/client.p12 -name e2e-client -passout pass:⟦S⟧""",
  "mtls/client.p12")
S(_G, "htpasswd-batch-bcrypt", "pw",
  """htpasswd -bB deploy/allure/.htpasswd ⟦user⟧ '⟦S⟧'""",
  "deploy/allure/.htpasswd")
S(_G, "git-clone-oauth2-glpat", "'glpat- bu20",
  """git clone https://oauth2:⟦S⟧@gitlab.⟦dom⟧/qa/fixtures.git /tmp/fixtures""",
  "gitlab.⟦dom⟧/qa/fixtures.git")
S(_G, "npm-config-set-authtoken", "'npm_ an36",
  """npm config set //registry.npmjs.org/:_authToken ⟦S⟧ && npm publish --access restricted""",
  "npm publish --access restricted")
S(_G, "gh-secret-set-body", "uuid",
  """gh secret set SAUCE_ACCESS_KEY --body "⟦S⟧" --repo ⟦org⟧/⟦proj⟧""",
  "SAUCE_ACCESS_KEY")
S(_G, "kubectl-create-secret-from-literal", "pw",
  """kubectl -n qa create secret generic e2e-creds --from-literal=username=⟦user⟧ --from-literal=password='⟦S⟧'""",
  "e2e-creds")
S(_G, "aws-configure-set-secret-key", "awssecret",
  """aws configure set aws_secret_access_key ⟦S⟧ --profile devicefarm-qa""",
  "--profile devicefarm-qa")
S(_G, "export-browserstack-access-key", "an20",
  """export BROWSERSTACK_USERNAME=⟦user⟧; export BROWSERSTACK_ACCESS_KEY=⟦S⟧; npm run test:bs -- --spec ⟦spec⟧""",
  "BROWSERSTACK_USERNAME=⟦user⟧")
S(_G, "windows-cmd-set-and-run", "an50",
  """set LT_USERNAME=⟦user⟧ && set LT_ACCESS_KEY=⟦S⟧ && npm run test:lambdatest""",
  "npm run test:lambdatest")
S(_G, "powershell-env-assign-sauce", "uuid",
  """$env:SAUCE_USERNAME = "⟦user⟧"; $env:SAUCE_ACCESS_KEY = "⟦S⟧"; npx wdio run .\\wdio.sauce.conf.ts""",
  "wdio.sauce.conf.ts")
S(_G, "wdio-cli-user-key-flags", "an20",
  """npx wdio run ./wdio.conf.js --user ⟦user⟧ --key ⟦S⟧ --spec ./test/specs/⟦spec⟧""",
  "./wdio.conf.js")
S(_G, "selenium-node-registration-secret", "bu24",
  """java -jar selenium-server-4.21.0.jar node --hub http://⟦host⟧:4444 --registration-secret ⟦S⟧ --max-sessions 4""",
  "selenium-server-4.21.0.jar")
S(_G, "adb-shell-input-text-password", "pw",
  """adb -s emulator-5554 shell input text '⟦S⟧' && adb -s emulator-5554 shell input keyevent 66""",
  "emulator-5554")
S(_G, "fastlane-match-password-prefix", "phrase",
  """MATCH_PASSWORD='⟦S⟧' bundle exec fastlane match development --readonly --app_identifier com.⟦org⟧.qa""",
  "fastlane match development")
S(_G, "smbclient-user-percent-password", "pw",
  """smbclient //⟦host⟧/testdata -U ⟦user⟧%'⟦S⟧' -c 'prompt; mget fixtures/*.csv'""",
  "//⟦host⟧/testdata")
S(_G, "lftp-u-comma-password", "pw",
  """lftp -u ⟦user⟧,'⟦S⟧' sftp://⟦host⟧ -e "mirror --reverse allure-report/ /reports/⟦build⟧; bye\"""",
  "allure-report/")
S(_G, "rabbitmqadmin-p-flag", "pw",
  """rabbitmqadmin -H ⟦host⟧ -u ⟦user⟧ -p '⟦S⟧' purge queue name=e2e.order-events""",
  "e2e.order-events")
S(_G, "wget-http-password", "pw",
  """wget --user=⟦user⟧ --http-password='⟦S⟧' https://⟦host⟧/artifacts/allure-report-⟦build⟧.zip""",
  "allure-report-⟦build⟧.zip")
S(_G, "httpie-auth-flag", "pw",
  """http -a ⟦user⟧:'⟦S⟧' POST https://⟦host⟧/api/seed users==50 plan==premium""",
  "https://⟦host⟧/api/seed")
S(_G, "curl-basic-header-wiremock", "basic",
  """curl -s http://⟦host⟧:8080/__admin/requests/unmatched -H "Authorization: Basic ⟦S⟧" | jq '.requests[0].request.url'""",
  "__admin/requests/unmatched")
S(_G, "stripe-cli-listen-api-key", "'sk_test_51 an96",
  """stripe listen --api-key ⟦S⟧ --forward-to localhost:3000/api/webhooks/stripe""",
  "localhost:3000/api/webhooks/stripe")
S(_G, "twilio-cli-profiles-create", "hex32",
  """twilio profiles:create qa-sms --account-sid AC⟦=hex32⟧ --auth-token ⟦S⟧""",
  "twilio profiles:create qa-sms")
S(_G, "vault-login-token-positional", "'hvs. an24",
  """vault login -address=https://vault.⟦dom⟧ ⟦S⟧""",
  "https://vault.⟦dom⟧")
S(_G, "heroku-config-set-password", "pw",
  """heroku config:set TEST_ADMIN_PASSWORD='⟦S⟧' -a ⟦proj⟧-⟦env⟧""",
  "heroku config:set")
S(_G, "ngrok-config-add-authtoken", "'2 an26 '_ an21",
  """ngrok config add-authtoken ⟦S⟧ && ngrok http 3001 --domain=mocks-⟦n⟧.ngrok.app""",
  "ngrok http 3001")
S(_G, "firebase-appdistribution-token", "'1//0 bu98",
  """firebase appdistribution:distribute app-debug.apk --app 1:⟦=d12⟧:android:⟦=hex16⟧ --groups qa-team --token "⟦S⟧\"""",
  "appdistribution:distribute")
S(_G, "sentry-cli-auth-token-prefix", "'sntrys_eyJpYXQiOjE b6490 '_ an43",
  """SENTRY_AUTH_TOKEN=⟦S⟧ sentry-cli releases files e2e-⟦sha7⟧ upload-sourcemaps ./dist""",
  "upload-sourcemaps")
S(_G, "percy-exec-token-inline", "'web_ hex64",
  """PERCY_TOKEN=⟦S⟧ npx percy exec -- cypress run --spec cypress/e2e/visual/*.cy.ts""",
  "npx percy exec")
S(_G, "cypress-env-flag-password", "pw",
  """npx cypress run --env adminUser=⟦user⟧,adminPassword=⟦S⟧,grepTags=@smoke --browser chrome""",
  "grepTags=@smoke")
S(_G, "mabl-auth-activate-key", "bu32",
  """mabl auth activate-key ⟦S⟧ && mabl tests run --environment-id ⟦=lo10⟧-e --labels smoke""",
  "mabl tests run")
S(_G, "trcli-testrail-password-flag", "an20 '- an9",
  """trcli -y -h https://⟦org⟧.testrail.io --project "Web Checkout" --username ⟦email⟧ --password ⟦S⟧ parse_junit -f reports/junit.xml""",
  "parse_junit -f reports/junit.xml")
S(_G, "curl-reportportal-bearer", "'e2e_ bu48",
  """curl -X POST https://⟦host⟧/api/v1/⟦proj⟧/launch -H "Authorization: Bearer ⟦S⟧" -H 'Content-Type: application/json' -d @launch.json""",
  "launch.json")
S(_G, "postman-api-key-query-param", "'PMAK- hex24 '- hex34",
  """curl -s "https://api.getpostman.com/collections?apikey=⟦S⟧" | jq -r '.collections[].name'""",
  "api.getpostman.com/collections")
S(_G, "git-credentials-echo-append", "pwu",
  """echo "https://⟦user⟧:⟦S⟧@git.⟦dom⟧" >> ~/.git-credentials && git config --global credential.helper store""",
  "credential.helper store")
S(_G, "mysqldump-password-equals", "pw",
  """mysqldump -h ⟦host⟧ -u ⟦user⟧ --password='⟦S⟧' --single-transaction ⟦db⟧ > snapshots/⟦db⟧-⟦date⟧.sql""",
  "--single-transaction")
S(_G, "psql-keyword-conninfo", "pw",
  """psql "host=⟦host⟧ port=5432 dbname=⟦db⟧ user=⟦user⟧ password=⟦S⟧ sslmode=require" -f scripts/truncate_e2e.sql""",
  "scripts/truncate_e2e.sql")
S(_G, "az-devops-login-pat-pipe", "b3252",
  """echo ⟦S⟧ | az devops login --organization https://dev.azure.com/⟦org⟧""",
  "az devops login")
S(_G, "jf-rt-ping-access-token", "'cmVmdGtuOjAxOjE b6448",
  """jf rt ping --url https://⟦org⟧.jfrog.io/artifactory --access-token ⟦S⟧""",
  "jf rt ping")
S(_G, "helm-set-admin-password", "pw",
  """helm upgrade --install pact-broker pact/pact-broker -n qa --set broker.config.basicAuth.readWriteUsername=⟦user⟧ --set broker.config.basicAuth.readWritePassword='⟦S⟧'""",
  "pact/pact-broker")
S(_G, "sc-legacy-k-flag-shell-history", "uuid",
  """ 1042  bin/sc -u ⟦user⟧ -k ⟦S⟧ -i ci-tunnel-⟦n⟧ --se-port 4445""",
  "--se-port 4445")

# ===========================================================================
# SECRETS -- tool-output
# ===========================================================================
_G = "tool-output"
S(_G, "env-grep-sauce-output", "uuid",
  """$ env | grep -i sauce
SAUCE_REGION=eu-central-1
SAUCE_USERNAME=⟦user⟧
SAUCE_ACCESS_KEY=⟦S⟧
SAUCE_TUNNEL_NAME=gh-⟦runid⟧""",
  "SAUCE_USERNAME=⟦user⟧")
S(_G, "printenv-browserstack-output", "an20",
  """$ printenv | sort | grep BROWSERSTACK
BROWSERSTACK_ACCESS_KEY=⟦S⟧
BROWSERSTACK_BUILD_NAME=nightly-⟦date⟧
BROWSERSTACK_LOCAL=true
BROWSERSTACK_USERNAME=⟦user⟧""",
  "BROWSERSTACK_BUILD_NAME=nightly-⟦date⟧")
S(_G, "docker-inspect-env-array", "pw",
  """$ docker inspect qa-postgres --format '{{json .Config.Env}}' | jq .
[
  "POSTGRES_USER=⟦user⟧",
  "POSTGRES_PASSWORD=⟦S⟧",
  "POSTGRES_DB=⟦db⟧",
  "PGDATA=/var/lib/postgresql/data"
]""",
  "POSTGRES_DB=⟦db⟧")
S(_G, "kubectl-get-secret-yaml-data", "b64pw",
  """$ kubectl -n qa get secret pact-broker-auth -o yaml
apiVersion: v1
data:
  password: ⟦S⟧
  username: ⟦=b6412⟧
kind: Secret
metadata:
  creationTimestamp: "⟦ts⟧"
  name: pact-broker-auth""",
  "pact-broker-auth")
S(_G, "kubectl-describe-pod-plain-env", "pw",
  """$ kubectl describe pod locust-master-⟦=lo10⟧ -n perf
    Environment:
      LOCUST_HOST:        https://⟦host⟧
      LOCUST_USERS:       500
      TARGET_DB_PASSWORD: ⟦S⟧
    Mounts:
      /mnt/locust from locustfile (rw)""",
  "LOCUST_USERS:       500")
S(_G, "terraform-output-json-nonsensitive", "pw",
  """$ terraform output -json
{
  "grid_admin_password": {
    "sensitive": false,
    "type": "string",
    "value": "⟦S⟧"
  },
  "grid_url": { "sensitive": false, "type": "string", "value": "https://⟦host⟧" }
}""",
  "grid_admin_password")
S(_G, "aws-sts-assume-role-credentials", "awssecret",
  """$ aws sts assume-role --role-arn arn:aws:iam::⟦acct⟧:role/devicefarm-runner --role-session-name qa-⟦build⟧
{
    "Credentials": {
        "AccessKeyId": "ASIA⟦=up16⟧",
        "SecretAccessKey": "⟦S⟧",
        "Expiration": "⟦ts⟧"
    }
}""",
  "role/devicefarm-runner")
S(_G, "aws-iam-create-access-key-output", "awssecret",
  """$ aws iam create-access-key --user-name svc-k6-results
{
    "AccessKey": {
        "UserName": "svc-k6-results",
        "AccessKeyId": "AKIA⟦=up16⟧",
        "Status": "Active",
        "SecretAccessKey": "⟦S⟧",
        "CreateDate": "⟦ts⟧"
    }
}""",
  "svc-k6-results")
S(_G, "newman-verbose-request-headers", "jwt",
  """→ Create order
  POST https://⟦host⟧/api/orders [201 Created, 1.2kB, ⟦ms⟧ms]
  ┌ Request Headers
  │ Content-Type: application/json
  │ Authorization: Bearer ⟦S⟧
  └
  ✓  status is 201""",
  "Create order")
S(_G, "curl-verbose-basic-header-out", "basic",
  """> GET /api/v1/projects/⟦proj⟧/runs HTTP/2
> Host: ⟦host⟧
> user-agent: curl/8.5.0
> authorization: Basic ⟦S⟧
> accept: */*
< HTTP/2 200""",
  "Host: ⟦host⟧")
S(_G, "pytest-l-locals-password", "pw",
  """tests/e2e/test_checkout.py:88: in test_guest_checkout
    page.fill("#password", password)
E   playwright._impl._errors.TimeoutError: Timeout 30000ms exceeded.
base_url   = 'https://⟦host⟧'
password   = '⟦S⟧'
username   = '⟦email⟧'""",
  "test_guest_checkout")
S(_G, "jest-received-object-diff-token", "'tok_ an32",
  """    expect(received).toEqual(expected) // deep equality

    - Expected  - 1
    + Received  + 1

      Object {
    -   "status": "active",
    +   "status": "pending",
        "token": "⟦S⟧",
      }""",
  "expect(received).toEqual(expected)")
S(_G, "k6-http-debug-full-dump", "jwt",
  """INFO[0003] Request:
POST /api/cart/items HTTP/1.1
Host: ⟦host⟧
User-Agent: k6/0.51.0 (https://k6.io/)
Authorization: Bearer ⟦S⟧
Content-Type: application/json
  group= iter=12 request_id=⟦uuid⟧ scenario=ramping vu=7""",
  "scenario=ramping")
S(_G, "jmeter-results-tree-sampler-data", "pw",
  """Thread Name:Checkout 1-17
Sample Start:⟦date⟧ 14:02:11 UTC
Response code:302
POST data:
username=⟦user⟧&password=⟦S⟧&remember=on
[no cookies]""",
  "Thread Name:Checkout 1-17")
S(_G, "docker-compose-config-expanded", "pw",
  """$ docker compose config
services:
  mockoon:
    image: mockoon/cli:8
  db:
    environment:
      MYSQL_DATABASE: ⟦db⟧
      MYSQL_ROOT_PASSWORD: ⟦S⟧
    image: mysql:8.4""",
  "MYSQL_DATABASE: ⟦db⟧")
S(_G, "git-remote-v-x-access-token", "'ghs_ an36",
  """$ git remote -v
origin\thttps://x-access-token:⟦S⟧@github.com/⟦org⟧/⟦proj⟧.git (fetch)
origin\thttps://x-access-token:⟦S⟧@github.com/⟦org⟧/⟦proj⟧.git (push)""",
  "github.com/⟦org⟧/⟦proj⟧.git")
S(_G, "npm-config-list-authtoken", "'npm_ an36",
  """$ npm config list
; "user" config from /home/runner/.npmrc
//registry.npmjs.org/:_authToken = "⟦S⟧"
@⟦org⟧:registry = "https://registry.npmjs.org/"
; node version = v20.12.2""",
  "node version = v20.12.2")
S(_G, "pip-config-list-index-url", "pwu",
  """$ pip config list
global.index-url='https://⟦user⟧:⟦S⟧@nexus.⟦dom⟧/repository/pypi-all/simple'
global.timeout='60'""",
  "global.timeout='60'")
S(_G, "heroku-config-table", "pw",
  """$ heroku config -a ⟦proj⟧-qa
=== ⟦proj⟧-qa Config Vars
E2E_BASE_URL:        https://⟦host⟧
NODE_ENV:            test
TEST_ADMIN_PASSWORD: ⟦S⟧""",
  "NODE_ENV:            test")
S(_G, "vault-kv-get-table", "pw",
  """$ vault kv get secret/qa/grid
====== Data ======
Key         Value
---         -----
password    ⟦S⟧
username    ⟦user⟧""",
  "secret/qa/grid")
S(_G, "op-item-get-field-bare", "pw",
  """$ op item get "Staging admin (QA)" --vault "QA Shared" --fields password --reveal
⟦S⟧""",
  "--vault \"QA Shared\"")
S(_G, "gh-auth-token-bare", "'gho_ an36",
  """$ gh auth token
⟦S⟧
$ gh api user --jq .login
⟦user⟧""",
  "gh api user --jq .login")
S(_G, "secretsmanager-secretstring-escaped", "pw",
  """$ aws secretsmanager get-secret-value --secret-id qa/e2e/mysql --query SecretString --output text
{"username":"⟦user⟧","password":"⟦S⟧","host":"⟦host⟧","port":3306}""",
  "qa/e2e/mysql")
S(_G, "gcloud-print-access-token", "'ya29.a0 bu150",
  """$ gcloud auth print-access-token --impersonate-service-account=ftl-runner@⟦proj⟧.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
⟦S⟧""",
  "gcloud auth print-access-token")
S(_G, "az-account-get-access-token-json", "jwt",
  """$ az account get-access-token --resource https://management.azure.com
{
  "accessToken": "⟦S⟧",
  "expiresOn": "⟦date⟧ 18:22:10.000000",
  "subscription": "⟦uuid⟧",
  "tokenType": "Bearer"
}""",
  "\"tokenType\": \"Bearer\"")
S(_G, "wiremock-requests-journal-json", "basic",
  """{
  "requests" : [ {
    "id" : "⟦uuid⟧",
    "request" : {
      "url" : "/payments/v1/charges",
      "method" : "POST",
      "headers" : {
        "Authorization" : "Basic ⟦S⟧"
      }
    },
    "wasMatched" : false
  } ]""",
  "/payments/v1/charges")
S(_G, "pact-verifier-failure-headers", "'pk_live_ hex32",
  """Verifying a pact between web-checkout and orders-api
  Given an order exists
    a request to fetch the order
      with GET /orders/⟦n⟧
      and headers {"Accept"=>"application/json", "X-Api-Key"=>"⟦S⟧"}
      returns a response which
        has status code 200 (FAILED - 1)""",
  "a request to fetch the order")
S(_G, "appium-log-post-session-caps", "an20",
  """[HTTP] --> POST /wd/hub/session
[HTTP] {"capabilities":{"alwaysMatch":{"platformName":"Android","appium:deviceName":"⟦device⟧","bstack:options":{"userName":"⟦user⟧","accessKey":"⟦S⟧","projectName":"⟦proj⟧"}}}}
[W3C] Calling AppiumDriver.createSession() with args""",
  "AppiumDriver.createSession()")
S(_G, "har-entry-cookie-value", "bu64",
  """        "cookies": [
          {
            "name": "__Host-qa_session",
            "value": "⟦S⟧",
            "path": "/",
            "httpOnly": true,
            "secure": true
          }
        ],""",
  "__Host-qa_session")
S(_G, "curl-i-set-cookie-response", "hex48",
  """HTTP/1.1 302 Found
Location: /dashboard
Set-Cookie: SESSIONID=⟦S⟧; Path=/; HttpOnly; Secure; SameSite=Lax
X-Request-Id: ⟦uuid⟧""",
  "Location: /dashboard")
S(_G, "mysql-select-test-accounts-table", "pw",
  """mysql> SELECT email, role, plain_password FROM test_accounts WHERE pool='smoke' LIMIT 1;
+--------------------------------------+-------+------------------------+
| email                                | role  | plain_password         |
+--------------------------------------+-------+------------------------+
| ⟦email⟧ | buyer | ⟦S⟧ |
+--------------------------------------+-------+------------------------+
1 row in set (0.00 sec)""",
  "1 row in set")
S(_G, "redis-cli-get-session-token", "hex40",
  """⟦host⟧:6379> GET session:e2e:⟦user⟧
"⟦S⟧"
⟦host⟧:6379> TTL session:e2e:⟦user⟧
(integer) 3412""",
  "TTL session:e2e:⟦user⟧")
S(_G, "cat-env-qa-output", "pw",
  """$ cat .env.qa
BASE_URL=https://⟦host⟧
E2E_USER=⟦email⟧
E2E_PASS=⟦S⟧
HEADLESS=true""",
  "HEADLESS=true")
S(_G, "jenkins-console-xtrace-curl", "pw",
  """[Pipeline] sh
+ curl -sf -u ⟦user⟧:⟦S⟧ https://⟦host⟧/api/v1/testdata/refresh
{"refreshed":true,"accounts":⟦n⟧}
[Pipeline] }""",
  "/api/v1/testdata/refresh")
S(_G, "bash-xtrace-export-line", "an50",
  """+ export LT_USERNAME=⟦user⟧
+ LT_USERNAME=⟦user⟧
+ export LT_ACCESS_KEY=⟦S⟧
+ LT_ACCESS_KEY=⟦S⟧
+ npx hyperexecute --config he.yaml""",
  "npx hyperexecute --config he.yaml")
S(_G, "ansible-vvv-hostvars-password", "pw",
  """ok: [grid-node-0⟦n⟧] => {
    "hostvars[inventory_hostname]": {
        "ansible_host": "⟦ip⟧",
        "ansible_user": "⟦user⟧",
        "ansible_password": "⟦S⟧"
    }
}""",
  "\"ansible_host\": \"⟦ip⟧\"")
S(_G, "helm-get-values-output", "pw",
  """$ helm get values reportportal -n qa
USER-SUPPLIED VALUES:
postgresql:
  auth:
    password: ⟦S⟧
    username: rpuser
uat:
  superadminInitPasswd:
    password: ""
""",
  "USER-SUPPLIED VALUES:")
S(_G, "git-config-list-extraheader", "b64tok",
  """$ git config --list --show-origin | grep extraheader
file:.git/config\thttp.https://github.com/.extraheader=AUTHORIZATION: basic ⟦S⟧""",
  "http.https://github.com/.extraheader")
S(_G, "sops-decrypt-yaml-output", "pw",
  """$ sops -d secrets/qa.enc.yaml
pact_broker:
    username: ⟦user⟧
    password: ⟦S⟧
grid:
    url: https://⟦host⟧/wd/hub""",
  "secrets/qa.enc.yaml")
S(_G, "doppler-secrets-get-table", "'lk_ an32",
  """$ doppler secrets get LOADTEST_API_KEY --project perf --config stg
┌──────────────────┬──────────────────────────────────────┐
│ NAME             │ VALUE                                │
├──────────────────┼──────────────────────────────────────┤
│ LOADTEST_API_KEY │ ⟦S⟧     │
└──────────────────┴──────────────────────────────────────┘""",
  "LOADTEST_API_KEY")
S(_G, "stripe-config-list-test-key", "'sk_test_51 an96",
  """$ stripe config --list
[default]
  device_name = "qa-laptop-⟦n⟧"
  display_name = "⟦org⟧ (QA)"
  test_mode_api_key = "⟦S⟧"
  test_mode_key_expires_at = "⟦date⟧\"""",
  "test_mode_key_expires_at")
S(_G, "twilio-account-fetch-auth-token", "hex32",
  """$ curl -s https://api.twilio.com/2010-04-01/Accounts/AC⟦=hex32⟧.json -u "$TW_SID:$TW_TOKEN" | jq .
{
  "status": "active",
  "auth_token": "⟦S⟧",
  "friendly_name": "QA SMS sandbox",
  "type": "Full"
}""",
  "QA SMS sandbox")
S(_G, "slack-oauth-v2-access-response", "'xoxb- d13 '- d13 '- an24",
  """{"ok":true,"app_id":"A0⟦=up9⟧","authed_user":{"id":"U0⟦=up9⟧"},"scope":"chat:write,files:write","token_type":"bot","access_token":"⟦S⟧","bot_user_id":"U0⟦=up9⟧","team":{"id":"T0⟦=up9⟧","name":"QA Alerts"}}""",
  "\"token_type\":\"bot\"")
S(_G, "keycloak-token-endpoint-response", "jwt",
  """$ curl -s -d grant_type=client_credentials -d client_id=e2e-runner -d client_secret=$KC_SECRET https://⟦host⟧/realms/qa/protocol/openid-connect/token | jq .
{
  "access_token": "⟦S⟧",
  "expires_in": 300,
  "token_type": "Bearer",
  "scope": "profile email"
}""",
  "realms/qa/protocol/openid-connect/token")
S(_G, "auth0-get-client-secret-json", "bu64",
  """$ auth0 apps show ⟦=an32⟧ --reveal-secrets --json
{
  "name": "E2E Test Harness",
  "client_id": "⟦=an32⟧",
  "client_secret": "⟦S⟧",
  "app_type": "non_interactive"
}""",
  "E2E Test Harness")
S(_G, "firebase-login-ci-output", "'1//0 bu98",
  """$ firebase login:ci --no-localhost
Visit this URL on any device to log in:
https://accounts.google.com/o/oauth2/auth?client_id=...

✔  Success! Use this token to login on a CI server:

⟦S⟧

Example: firebase deploy --token "$FIREBASE_TOKEN\"""",
  "firebase login:ci")
S(_G, "cat-ngrok-yml-output", "'2 an26 '_ an21",
  """$ cat ~/.config/ngrok/ngrok.yml
version: "2"
authtoken: ⟦S⟧
tunnels:
  wiremock:
    proto: http
    addr: 8080""",
  "~/.config/ngrok/ngrok.yml")
S(_G, "az-storage-keys-list-output", "azkey",
  """$ az storage account keys list -g rg-qa-artifacts -n ⟦=lo12⟧qa -o json
[
  {
    "creationTime": "⟦ts⟧",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "⟦S⟧"
  }
]""",
  "rg-qa-artifacts")
S(_G, "cat-service-account-json-output", "pem_rsajson",
  """$ cat ftl-runner-key.json
{
  "type": "service_account",
  "project_id": "⟦proj⟧-ftl",
  "private_key_id": "⟦=hex40⟧",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n⟦S⟧\\n-----END PRIVATE KEY-----\\n",
  "client_email": "ftl-runner@⟦proj⟧-ftl.iam.gserviceaccount.com"
}""",
  "ftl-runner-key.json")
S(_G, "cat-ssh-ed25519-private", "pem_ed",
  """$ cat ~/.ssh/id_ed25519_devicelab
-----BEGIN OPENSSH PRIVATE KEY-----
⟦S⟧
-----END OPENSSH PRIVATE KEY-----""",
  "~/.ssh/id_ed25519_devicelab")
S(_G, "junit-xml-system-out-token", "'qat_ an40",
  """<testcase classname="api.orders" name="creates order for seeded buyer" time="⟦n⟧.31">
  <system-out><![CDATA[
[setup] POST /auth/token -> 200
[setup] using token ⟦S⟧ for buyer ⟦email⟧
]]></system-out>
</testcase>""",
  "creates order for seeded buyer")
S(_G, "allure-attachment-request-json", "'k_ hex40",
  """attachments/⟦uuid⟧-attachment.json:
{
  "method": "POST",
  "url": "https://⟦host⟧/v3/refunds",
  "headers": {"Content-Type": "application/json", "Api-Key": "⟦S⟧"},
  "body": {"orderId": "ord_⟦=an14⟧", "amount": 1299}
}""",
  "/v3/refunds")
S(_G, "playwright-report-step-fill", "pw",
  """  ✘  3 [webkit] › auth/login.spec.ts:24:7 › ⟦tname⟧ (31.2s)
    Error: Timed out 30000ms waiting for expect(locator).toBeVisible()
    Call log:
      - locator.fill(#password, "⟦S⟧")
      - waiting for getByRole('button', { name: 'Sign in' })""",
  "auth/login.spec.ts:24:7")
S(_G, "ps-aux-process-args-key", "an20",
  """$ ps aux | grep -i browserstack
runner    41722  3.1  0.4 1283320 71444 ?  Sl  ⟦time⟧  0:12 /opt/bs/BrowserStackLocal --key ⟦S⟧ --local-identifier gha-⟦runid⟧
runner    41901  0.0  0.0   6480  2216 pts/0 S+ ⟦time⟧  0:00 grep -i browserstack""",
  "grep -i browserstack")
S(_G, "docker-logs-mockoon-startup", "'mk_ an28",
  """$ docker logs mockoon-payments | head -4
{"level":"info","message":"Server started on port 3001","environmentName":"Payments sandbox"}
{"level":"info","message":"Proxying to https://⟦host⟧ with header X-Upstream-Key=⟦S⟧"}
{"level":"info","message":"Transaction recording enabled"}""",
  "Server started on port 3001")
S(_G, "psql-select-api-keys-table", "'tk_live_ an32",
  """e2e_seed=# select id, label, key from api_keys where label like 'load%';
 id |     label      |               key
----+----------------+----------------------------------
 ⟦n⟧ | loadtest-k6    | ⟦S⟧
(1 row)""",
  "loadtest-k6")
S(_G, "kubectl-get-configmap-misplaced-pw", "pw",
  """$ kubectl get cm gatling-config -n perf -o jsonpath='{.data}'
{"BASE_URL":"https://⟦host⟧","USERS":"800","RAMP":"120s","DB_PASS":"⟦S⟧"}""",
  "gatling-config")
S(_G, "grep-r-finds-hardcoded-key", "an20",
  """$ grep -rn "accessKey" src/ config/
config/wdio.bs.conf.ts:14:    key: process.env.BROWSERSTACK_ACCESS_KEY || '⟦S⟧',
src/utils/caps.ts:9:  // accessKey comes from env in CI""",
  "config/wdio.bs.conf.ts:14")
S(_G, "gitleaks-finding-output", "'glpat- bu20",
  """Finding:     REPO_TOKEN=⟦S⟧
Secret:      ⟦S⟧
RuleID:      gitlab-pat
Entropy:     4.72
File:        scripts/sync-fixtures.sh
Line:        7
Commit:      ⟦sha⟧""",
  "scripts/sync-fixtures.sh")
S(_G, "docker-config-json-cat-auth", "basic",
  """$ cat ~/.docker/config.json
{
	"auths": {
		"registry.⟦dom⟧": {
			"auth": "⟦S⟧"
		}
	}
}""",
  "~/.docker/config.json")

# ===========================================================================
# SECRETS -- config-file
# ===========================================================================
_G = "config-file"
S(_G, "pgpass-line", "pw",
  """# ~/.pgpass  (chmod 600)
⟦host⟧:5432:⟦db⟧:⟦user⟧:⟦S⟧
localhost:5433:*:postgres:*""",
  "⟦host⟧:5432:⟦db⟧")
S(_G, "my-cnf-client-section", "pw",
  """# ~/.my.cnf used by seed-db.sh
[client]
host=⟦host⟧
user=⟦user⟧
password=⟦S⟧
default-character-set=utf8mb4""",
  "default-character-set=utf8mb4")
S(_G, "netrc-machine-login-password", "pw",
  """machine ⟦host⟧
  login ⟦user⟧
  password ⟦S⟧
machine api.github.com login ⟦user⟧ password $GH_TOKEN""",
  "machine ⟦host⟧")
S(_G, "dotenv-qa-multi-var", "pw",
  """# .env.qa -- loaded by playwright.config.ts via dotenv
BASE_URL=https://⟦host⟧
E2E_ADMIN_EMAIL=⟦email⟧
E2E_ADMIN_PASSWORD=⟦S⟧
SLOW_MO=0
TRACE=retain-on-failure""",
  "TRACE=retain-on-failure")
S(_G, "dotenv-double-quoted-bs-key", "an20",
  """BROWSERSTACK_USERNAME="⟦user⟧"
BROWSERSTACK_ACCESS_KEY="⟦S⟧"
BROWSERSTACK_BUILD="local-$(whoami)\"""",
  "BROWSERSTACK_USERNAME=\"⟦user⟧\"")
S(_G, "playwright-config-httpcredentials", "pw",
  """// playwright.config.ts
export default defineConfig({
  use: {
    baseURL: 'https://⟦host⟧',
    httpCredentials: { username: '⟦user⟧', password: '⟦S⟧' },
    trace: 'on-first-retry',
  },
});""",
  "trace: 'on-first-retry'")
S(_G, "cypress-env-json-file", "pw",
  """{
  "apiUrl": "https://⟦host⟧/api",
  "adminEmail": "⟦email⟧",
  "adminPassword": "⟦S⟧",
  "grepFilterSpecs": true
}""",
  "\"grepFilterSpecs\": true")
S(_G, "cypress-config-env-block-token", "'cyt_ an40",
  """module.exports = defineConfig({
  projectId: '⟦=lo6⟧',
  env: {
    apiToken: '⟦S⟧',
    mailosaurServerId: '⟦=lo8⟧',
  },
  e2e: { baseUrl: 'https://⟦host⟧' },
});""",
  "projectId")
S(_G, "wdio-conf-sauce-user-key", "uuid",
  """exports.config = {
    user: '⟦user⟧',
    key: '⟦S⟧',
    region: 'eu',
    services: [['sauce', { sauceConnect: true }]],
    specs: ['./test/specs/**/*.js'],""",
  "services: [['sauce', { sauceConnect: true }]]")
S(_G, "browserstack-yml-sdk", "an20",
  """# browserstack.yml
userName: ⟦user⟧
accessKey: ⟦S⟧
buildName: checkout-regression
platforms:
  - os: Windows
    osVersion: 11
    browserName: Chrome
parallelsPerPlatform: 5""",
  "buildName: checkout-regression")
S(_G, "lambdatest-config-json-auth", "an50",
  """{
  "lambdatest_auth": {
    "username": "⟦user⟧",
    "access_key": "⟦S⟧"
  },
  "browsers": [{ "browser": "Chrome", "platform": "Windows 11", "versions": ["latest-1"] }],
  "run_settings": { "build_name": "cypress-⟦date⟧", "parallels": 5 }
}""",
  "\"build_name\": \"cypress-⟦date⟧\"")
S(_G, "saucectl-credentials-yml", "uuid",
  """# ~/.sauce/credentials.yml
username: ⟦user⟧
accessKey: ⟦S⟧""",
  "~/.sauce/credentials.yml")
S(_G, "postman-environment-secret-value", "pw",
  """{
  "id": "⟦uuid⟧",
  "name": "QA - ⟦env⟧",
  "values": [
    { "key": "baseUrl", "value": "https://⟦host⟧", "type": "default", "enabled": true },
    { "key": "adminPassword", "value": "⟦S⟧", "type": "secret", "enabled": true }
  ],
  "_postman_variable_scope": "environment"
}""",
  "_postman_variable_scope")
S(_G, "postman-globals-api-key", "'pk_ hex40",
  """{
  "name": "Globals",
  "values": [
    { "key": "partnerApiKey", "value": "⟦S⟧", "enabled": true },
    { "key": "timeoutMs", "value": "8000", "enabled": true }
  ],
  "_postman_variable_scope": "globals"
}""",
  "\"_postman_variable_scope\": \"globals\"")
S(_G, "insomnia-export-environment-yaml", "'ins_ an36",
  """  - _id: env_⟦=hex32⟧
    _type: environment
    name: Base Environment
    data:
      base_url: https://⟦host⟧
      api_key: ⟦S⟧
      tenant: ⟦org⟧""",
  "name: Base Environment")
S(_G, "k6-config-json-cloud-token", "hex64",
  """// ~/.config/loadimpact/k6/config.json
{
  "collectors": {
    "cloud": {
      "token": "⟦S⟧",
      "projectID": ⟦num⟧
    }
  }
}""",
  "~/.config/loadimpact/k6/config.json")
S(_G, "jmeter-user-properties", "pw",
  """# bin/user.properties (perf box)
jmeter.save.saveservice.output_format=csv
target.host=⟦host⟧
target.user=⟦user⟧
target.password=⟦S⟧
summariser.interval=30""",
  "summariser.interval=30")
S(_G, "jmx-header-manager-bearer", "jwt",
  """<HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="Auth headers">
  <collectionProp name="HeaderManager.headers">
    <elementProp name="" elementType="Header">
      <stringProp name="Header.name">Authorization</stringProp>
      <stringProp name="Header.value">Bearer ⟦S⟧</stringProp>
    </elementProp>
  </collectionProp>
</HeaderManager>""",
  "testname=\"Auth headers\"")
S(_G, "gatling-conf-keystore-password", "pw",
  """gatling {
  ssl {
    keyStore {
      type = "PKCS12"
      file = "mtls/client.p12"
      password = "⟦S⟧"
    }
  }
}""",
  "file = \"mtls/client.p12\"")
S(_G, "artillery-yml-header-token", "'art_ an32",
  """config:
  target: "https://⟦host⟧"
  phases:
    - duration: 300
      arrivalRate: 40
  defaults:
    headers:
      x-api-key: "⟦S⟧"
scenarios:
  - flow:
      - get: { url: "/catalog?page=1" }""",
  "arrivalRate: 40")
S(_G, "vegeta-targets-file-bearer", "jwt",
  """GET https://⟦host⟧/api/orders?status=open
Authorization: Bearer ⟦S⟧

GET https://⟦host⟧/api/health""",
  "/api/health")
S(_G, "wiremock-mapping-header-equalto", "'sk_mock_ an32",
  """{
  "request": {
    "method": "POST",
    "urlPath": "/v1/payment_intents",
    "headers": { "Authorization": { "equalTo": "Bearer ⟦S⟧" } }
  },
  "response": { "status": 200, "bodyFileName": "pi_succeeded.json" }
}""",
  "pi_succeeded.json")
S(_G, "mockoon-environment-proxy-header", "an40",
  """{
  "uuid": "⟦uuid⟧",
  "name": "Shipping carrier mock",
  "port": 3005,
  "proxyMode": true,
  "proxyHost": "https://⟦host⟧",
  "proxyReqHeaders": [{ "key": "X-Carrier-Key", "value": "⟦S⟧" }]
}""",
  "Shipping carrier mock")
S(_G, "pact-broker-compose-env", "pw",
  """  pact-broker:
    image: pactfoundation/pact-broker:2.110.0
    environment:
      PACT_BROKER_DATABASE_URL: postgres://pact@pact-db/pact_broker
      PACT_BROKER_BASIC_AUTH_USERNAME: ⟦user⟧
      PACT_BROKER_BASIC_AUTH_PASSWORD: ⟦S⟧
      PACT_BROKER_ALLOW_PUBLIC_READ: "true\"""",
  "pactfoundation/pact-broker:2.110.0")
S(_G, "selenium-grid-router-toml", "pw",
  """# config/router.toml
[router]
username = "⟦user⟧"
password = "⟦S⟧"

[network]
relax-checks = true""",
  "relax-checks = true")
S(_G, "selenium-node-toml-registration", "bu24",
  """[server]
port = 5555
registration-secret = "⟦S⟧"

[node]
detect-drivers = false
max-sessions = 4""",
  "detect-drivers = false")
S(_G, "appium-capabilities-json-lt", "an50",
  """{
  "platformName": "iOS",
  "appium:deviceName": "⟦device⟧",
  "appium:app": "lt://APP⟦=d19⟧",
  "lt:options": {
    "username": "⟦user⟧",
    "accessKey": "⟦S⟧",
    "isRealMobile": true
  }
}""",
  "\"isRealMobile\": true")
S(_G, "testng-xml-parameter-password", "pw",
  """<suite name="Regression" parallel="tests" thread-count="4">
  <parameter name="baseUrl" value="https://⟦host⟧"/>
  <parameter name="username" value="⟦user⟧"/>
  <parameter name="password" value="⟦S⟧"/>
  <test name="Checkout"><classes><class name="com.⟦org⟧.qa.CheckoutTest"/></classes></test>
</suite>""",
  "<suite name=\"Regression\"")
S(_G, "serenity-conf-remote-url", "an20",
  """webdriver {
  driver = remote
  remote.url = "https://⟦user⟧:⟦S⟧@hub-cloud.browserstack.com/wd/hub"
}
serenity.take.screenshots = FOR_FAILURES""",
  "serenity.take.screenshots = FOR_FAILURES")
S(_G, "maven-settings-server-password", "pw",
  """<servers>
  <server>
    <id>nexus-qa-snapshots</id>
    <username>⟦user⟧</username>
    <password>⟦S⟧</password>
  </server>
</servers>""",
  "<id>nexus-qa-snapshots</id>")
S(_G, "gradle-properties-sauce", "uuid",
  """org.gradle.jvmargs=-Xmx2g
sauceUsername=⟦user⟧
sauceAccessKey=⟦S⟧
android.useAndroidX=true""",
  "android.useAndroidX=true")
S(_G, "npmrc-github-packages-token", "'ghp_ an36",
  """@⟦org⟧:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=⟦S⟧
always-auth=true""",
  "@⟦org⟧:registry=https://npm.pkg.github.com")
S(_G, "pip-conf-index-url-userinfo", "pwu",
  """[global]
index-url = https://⟦user⟧:⟦S⟧@nexus.⟦dom⟧/repository/pypi-group/simple
trusted-host = nexus.⟦dom⟧""",
  "trusted-host = nexus.⟦dom⟧")
S(_G, "kubeconfig-user-token-jwt", "jwt",
  """users:
- name: qa-ci-runner
  user:
    token: ⟦S⟧
contexts:
- context: {cluster: qa-eks, namespace: e2e, user: qa-ci-runner}
  name: qa""",
  "name: qa-ci-runner")
S(_G, "spring-application-test-yml", "pw",
  """spring:
  datasource:
    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧
    username: ⟦user⟧
    password: ⟦S⟧
  jpa:
    hibernate.ddl-auto: validate""",
  "hibernate.ddl-auto: validate")
S(_G, "spring-application-properties-test", "pw",
  """# src/test/resources/application-it.properties
spring.datasource.url=jdbc:mysql://⟦host⟧:3306/⟦db⟧
spring.datasource.username=⟦user⟧
spring.datasource.password=⟦S⟧
logging.level.org.hibernate.SQL=DEBUG""",
  "application-it.properties")
S(_G, "appsettings-json-connection-string", "pw",
  """{
  "ConnectionStrings": {
    "TestDb": "Server=⟦host⟧,1433;Database=⟦db⟧;User Id=sa;Password=⟦S⟧;TrustServerCertificate=True"
  },
  "Logging": { "LogLevel": { "Default": "Warning" } }
}""",
  "\"TestDb\"")
S(_G, "web-config-add-connectionstring", "pw",
  """<connectionStrings>
  <add name="QaDb" connectionString="Data Source=⟦host⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧" providerName="System.Data.SqlClient" />
</connectionStrings>""",
  "providerName=\"System.Data.SqlClient\"")
S(_G, "hibernate-cfg-connection-password", "pw",
  """<property name="hibernate.connection.url">jdbc:postgresql://⟦host⟧/⟦db⟧</property>
<property name="hibernate.connection.username">⟦user⟧</property>
<property name="hibernate.connection.password">⟦S⟧</property>""",
  "hibernate.connection.url")
S(_G, "phpunit-xml-env-db-password", "pw",
  """<php>
    <env name="APP_ENV" value="testing"/>
    <env name="DB_HOST" value="⟦host⟧"/>
    <env name="DB_PASSWORD" value="⟦S⟧"/>
</php>""",
  "<env name=\"APP_ENV\" value=\"testing\"/>")
S(_G, "pytest-ini-env-plugin", "pw",
  """[pytest]
addopts = -ra --strict-markers
env =
    D:BASE_URL=https://⟦host⟧
    D:ADMIN_PASSWORD=⟦S⟧
markers =
    smoke: quick checks""",
  "addopts = -ra --strict-markers")
S(_G, "tox-ini-setenv-token", "'qat_ an40",
  """[testenv:contract]
deps = pact-python
setenv =
    PACT_BROKER_URL = https://⟦host⟧
    SERVICE_TOKEN = ⟦S⟧
commands = pytest tests/contract""",
  "[testenv:contract]")
S(_G, "behave-ini-userdata", "pw",
  """[behave.userdata]
browser = ⟦browser⟧
base_url = https://⟦host⟧
login = ⟦user⟧
password = ⟦S⟧""",
  "[behave.userdata]")
S(_G, "robot-variables-section", "pw",
  """*** Variables ***
${BASE_URL}       https://⟦host⟧
${USERNAME}       ⟦user⟧
${PASSWORD}       ⟦S⟧
${BROWSER}        headlesschrome""",
  "*** Variables ***")
S(_G, "compose-postgres-seed-service", "pw",
  """  seed-db:
    image: postgres:16-alpine
    environment:
      POSTGRES_USER: ⟦user⟧
      POSTGRES_PASSWORD: "⟦S⟧"
    volumes:
      - ./fixtures:/docker-entrypoint-initdb.d:ro""",
  "postgres:16-alpine")
S(_G, "helm-values-admin-password", "pw",
  """# values-qa.yaml
reportportal:
  superadmin:
    email: ⟦email⟧
    password: ⟦S⟧
ingress:
  host: ⟦host⟧""",
  "values-qa.yaml")
S(_G, "terraform-tfvars-db-password", "pw",
  """region          = "⟦region⟧"
grid_node_count = 6
db_username     = "⟦user⟧"
db_password     = "⟦S⟧\"""",
  "grid_node_count = 6")
S(_G, "ansible-group-vars-test-user", "pw",
  """# group_vars/device_lab.yml
appium_version: 2.5.1
test_user: ⟦user⟧
test_user_password: "⟦S⟧"
adb_over_network: true""",
  "group_vars/device_lab.yml")
S(_G, "nomad-job-hcl-env-token", "'nmd_ an32",
  """task "k6" {
  driver = "docker"
  env {
    K6_OUT    = "influxdb=http://influx.service:8086/k6"
    API_TOKEN = "⟦S⟧"
  }
}""",
  "task \"k6\"")
S(_G, "odbc-ini-pwd", "pw",
  """[QA_Orders]
Driver   = ODBC Driver 18 for SQL Server
Server   = ⟦host⟧
Database = ⟦db⟧
UID      = ⟦user⟧
PWD      = ⟦S⟧""",
  "[QA_Orders]")
S(_G, "flyway-conf-password", "pw",
  """flyway.url=jdbc:postgresql://⟦host⟧:5432/⟦db⟧
flyway.user=⟦user⟧
flyway.password=⟦S⟧
flyway.locations=filesystem:sql/seed""",
  "flyway.locations=filesystem:sql/seed")
S(_G, "dbt-profiles-yml-password", "pw",
  """qa_warehouse:
  target: ci
  outputs:
    ci:
      type: postgres
      host: ⟦host⟧
      user: ⟦user⟧
      password: "⟦S⟧"
      dbname: ⟦db⟧""",
  "qa_warehouse")
S(_G, "redis-conf-requirepass", "pw",
  """# redis-qa.conf
bind 0.0.0.0
maxmemory 256mb
requirepass ⟦S⟧
appendonly no""",
  "maxmemory 256mb")
S(_G, "rabbitmq-conf-default-pass", "pw",
  """listeners.tcp.default = 5672
default_user = ⟦user⟧
default_pass = ⟦S⟧
management.tcp.port = 15672""",
  "management.tcp.port = 15672")
S(_G, "keycloak-realm-test-user-credentials", "pw",
  """    {
      "username": "⟦user⟧",
      "enabled": true,
      "email": "⟦email⟧",
      "credentials": [ { "type": "password", "value": "⟦S⟧", "temporary": false } ],
      "realmRoles": ["qa-admin"]
    }""",
  "\"realmRoles\": [\"qa-admin\"]")
S(_G, "ldif-userpassword-plain", "pw",
  """dn: uid=⟦user⟧,ou=testers,dc=⟦org⟧,dc=test
objectClass: inetOrgPerson
cn: ⟦person⟧ ⟦last⟧
uid: ⟦user⟧
userPassword: ⟦S⟧""",
  "objectClass: inetOrgPerson")
S(_G, "android-keystore-properties", "pw",
  """# keystore.properties (not in VCS... supposedly)
storeFile=../keys/qa-upload.jks
storePassword=⟦S⟧
keyAlias=qa-upload""",
  "keyAlias=qa-upload")
S(_G, "openvpn-auth-user-pass-file", "pw",
  """# /etc/openvpn/devicelab/auth.txt
⟦user⟧
⟦S⟧""",
  "/etc/openvpn/devicelab/auth.txt")
S(_G, "aws-credentials-ini-profile", "awssecret",
  """[devicefarm-qa]
aws_access_key_id = AKIA⟦=up16⟧
aws_secret_access_key = ⟦S⟧
region = us-west-2""",
  "[devicefarm-qa]")
S(_G, "s3cfg-secret-key", "awssecret",
  """[default]
access_key = AKIA⟦=up16⟧
host_base = s3.⟦region⟧.amazonaws.com
secret_key = ⟦S⟧
use_https = True""",
  "use_https = True")
S(_G, "sonar-project-properties-login", "'squ_ hex40",
  """sonar.projectKey=⟦org⟧_⟦proj⟧
sonar.sources=src
sonar.tests=tests
sonar.host.url=https://⟦host⟧
sonar.login=⟦S⟧""",
  "sonar.projectKey=⟦org⟧_⟦proj⟧")
S(_G, "poetry-auth-toml-http-basic", "pw",
  """[http-basic.nexus-qa]
username = "⟦user⟧"
password = "⟦S⟧\"""",
  "[http-basic.nexus-qa]")
S(_G, "nuget-config-cleartextpassword", "pw",
  """<packageSourceCredentials>
  <QaFeed>
    <add key="Username" value="⟦user⟧" />
    <add key="ClearTextPassword" value="⟦S⟧" />
  </QaFeed>
</packageSourceCredentials>""",
  "<packageSourceCredentials>")
S(_G, "yarnrc-yml-npm-auth-token", "'npm_ an36",
  """nodeLinker: node-modules
npmScopes:
  ⟦org⟧:
    npmRegistryServer: "https://registry.npmjs.org"
    npmAuthToken: "⟦S⟧\"""",
  "nodeLinker: node-modules")
S(_G, "gem-credentials-rubygems-key", "'rubygems_ hex48",
  """---
:rubygems_api_key: ⟦S⟧""",
  ":rubygems_api_key:")
S(_G, "fastlane-env-default-password", "pw",
  """# fastlane/.env.default
FASTLANE_USER=⟦email⟧
FASTLANE_PASSWORD=⟦S⟧
FASTLANE_ITC_TEAM_ID=⟦=d9⟧""",
  "fastlane/.env.default")

# ===========================================================================
# SECRETS -- source-code
# ===========================================================================
_G = "source-code"
S(_G, "python-requests-auth-tuple", "pw",
  """def reset_fixtures(env):
    r = requests.post(f"https://{env}.⟦dom⟧/api/test/reset",
                      auth=("⟦user⟧", "⟦S⟧"), timeout=30)
    r.raise_for_status()""",
  "def reset_fixtures(env):")
S(_G, "python-selenium-remote-url-key", "an20",
  """driver = webdriver.Remote(
    command_executor="https://⟦user⟧:⟦S⟧@hub-cloud.browserstack.com/wd/hub",
    options=options,
)""",
  "options=options")
S(_G, "ts-playwright-fill-password", "pw",
  """test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await page.fill('#email', '⟦email⟧');
  await page.fill('#password', '⟦S⟧');
  await page.click('button[type=submit]');
});""",
  "test.beforeEach")
S(_G, "ts-playwright-getbylabel-setup", "pw",
  """setup('authenticate as admin', async ({ page }) => {
  await page.getByLabel('Email').fill('⟦email⟧');
  await page.getByLabel('Password').fill('⟦S⟧');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.context().storageState({ path: authFile });
});""",
  "authenticate as admin")
S(_G, "cypress-type-password-log-false", "pw",
  """cy.get('[data-cy=email]').type('⟦email⟧')
cy.get('[data-cy=password]').type('⟦S⟧', { log: false })
cy.get('[data-cy=submit]').click()""",
  "[data-cy=submit]")
S(_G, "cypress-request-login-body", "pw",
  """Cypress.Commands.add('apiLogin', () => {
  cy.request('POST', '/api/session', { email: '⟦email⟧', password: '⟦S⟧' })
    .its('body.token').then((t) => window.localStorage.setItem('jwt', t))
})""",
  "Cypress.Commands.add('apiLogin'")
S(_G, "java-selenium-sendkeys-password", "pw",
  """driver.findElement(By.id("username")).sendKeys("⟦user⟧");
driver.findElement(By.id("password")).sendKeys("⟦S⟧");
driver.findElement(By.cssSelector("button[type='submit']")).click();""",
  "By.id(\"username\")")
S(_G, "csharp-nunit-const-password", "pw",
  """[TestFixture]
public class RefundTests
{
    private const string AdminUser = "⟦user⟧";
    private const string AdminPassword = "⟦S⟧";""",
  "public class RefundTests")
S(_G, "kotlin-espresso-typetext", "pw",
  """onView(withId(R.id.email)).perform(typeText("⟦email⟧"))
onView(withId(R.id.password)).perform(typeText("⟦S⟧"), closeSoftKeyboard())
onView(withId(R.id.login)).perform(click())""",
  "closeSoftKeyboard()")
S(_G, "swift-xcuitest-securetextfield", "pw",
  """let app = XCUIApplication()
app.textFields["Email"].tap()
app.textFields["Email"].typeText("⟦email⟧")
app.secureTextFields["Password"].tap()
app.secureTextFields["Password"].typeText("⟦S⟧")""",
  "XCUIApplication()")
S(_G, "go-test-postgres-dsn", "pwu",
  """func TestMain(m *testing.M) {
	dsn := "postgres://⟦user⟧:⟦S⟧@localhost:5432/⟦db⟧?sslmode=disable"
	db = mustOpen(dsn)
	os.Exit(m.Run())
}""",
  "func TestMain(m *testing.M)")
S(_G, "ruby-capybara-fill-in", "pw",
  """  scenario "buyer signs in" do
    visit "/login"
    fill_in "Email", with: "⟦email⟧"
    fill_in "Password", with: "⟦S⟧"
    click_button "Sign in\"""",
  "scenario \"buyer signs in\"")
S(_G, "php-factory-hash-make", "pw",
  """return [
    'name' => 'QA Admin',
    'email' => '⟦email⟧',
    'password' => Hash::make('⟦S⟧'),
    'remember_token' => Str::random(10),
];""",
  "'remember_token' => Str::random(10)")
S(_G, "k6-script-params-auth-header", "'qat_ an40",
  """const params = {
  headers: {
    'Content-Type': 'application/json',
    'Authorization': 'Bearer ⟦S⟧',
  },
};
export default function () { http.get(`${BASE}/api/catalog`, params); }""",
  "export default function ()")
S(_G, "k6-setup-login-json-stringify", "pw",
  """export function setup() {
  const res = http.post(`${__ENV.BASE_URL}/auth/login`, JSON.stringify({
    username: '⟦user⟧',
    password: '⟦S⟧',
  }), { headers: { 'Content-Type': 'application/json' } });
  return { token: res.json('token') };
}""",
  "export function setup()")
S(_G, "locust-on-start-login", "pw",
  """class Shopper(HttpUser):
    wait_time = between(1, 3)

    def on_start(self):
        self.client.post("/login", json={"username": "⟦user⟧", "password": "⟦S⟧"})""",
  "class Shopper(HttpUser):")
S(_G, "gatling-scala-basicauth", "pw",
  """val httpProtocol = http
  .baseUrl("https://⟦host⟧")
  .basicAuth("⟦user⟧", "⟦S⟧")
  .acceptHeader("application/json")""",
  "val httpProtocol = http")
S(_G, "gatling-java-header-api-key", "'gk_ an36",
  """HttpProtocolBuilder httpProtocol = http
    .baseUrl("https://⟦host⟧")
    .header("X-Api-Key", "⟦S⟧")
    .userAgentHeader("gatling-perf/⟦ver⟧");""",
  "HttpProtocolBuilder httpProtocol")
S(_G, "jmeter-jsr223-groovy-def", "hex40",
  """// JSR223 PreProcessor - sign request
def apiSecret = "⟦S⟧"
def ts = System.currentTimeMillis().toString()
vars.put("signature", hmacSha256(apiSecret, ts + sampler.getPath()))""",
  "JSR223 PreProcessor")
S(_G, "postman-prerequest-env-set-secret", "bu40",
  """// Pre-request Script (collection level)
pm.environment.set("clientId", "e2e-harness");
pm.environment.set("clientSecret", "⟦S⟧");
pm.sendRequest({ url: pm.environment.get("tokenUrl"), method: 'POST' }, cb);""",
  "Pre-request Script (collection level)")
S(_G, "postman-request-headers-add", "'xat_ an32",
  """pm.request.headers.add({
    key: 'X-Auth-Token',
    value: '⟦S⟧'
});
console.log('header added for', pm.info.requestName);""",
  "pm.info.requestName")
S(_G, "wiremock-java-stub-withbasicauth", "pw",
  """stubFor(post(urlEqualTo("/oauth/token"))
    .withBasicAuth("⟦user⟧", "⟦S⟧")
    .willReturn(okJson("{\\"access_token\\":\\"stub\\",\\"expires_in\\":3600}")));""",
  "urlEqualTo(\"/oauth/token\")")
S(_G, "pact-js-verifier-broker-token", "bu22",
  """const opts = {
  provider: 'orders-api',
  providerBaseUrl: 'http://localhost:8081',
  pactBrokerUrl: 'https://⟦host⟧',
  pactBrokerToken: '⟦S⟧',
  publishVerificationResult: true,
  providerVersion: '⟦sha⟧',
};""",
  "provider: 'orders-api'")
S(_G, "pact-jvm-broker-auth-annotation", "bu22",
  """@Provider("inventory-service")
@PactBroker(url = "https://⟦host⟧",
    authentication = @PactBrokerAuth(token = "⟦S⟧"))
class InventoryPactVerificationTest {""",
  "@Provider(\"inventory-service\")")
S(_G, "testcontainers-withpassword", "pw",
  """static PostgreSQLContainer<?> pg = new PostgreSQLContainer<>("postgres:16")
    .withDatabaseName("⟦db⟧")
    .withUsername("⟦user⟧")
    .withPassword("⟦S⟧");""",
  "new PostgreSQLContainer<>(\"postgres:16\")")
S(_G, "factory-boy-set-password", "pw",
  """class StaffUserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
    username = factory.Sequence(lambda n: f"staff{n}")
    password = factory.PostGenerationMethodCall("set_password", "⟦S⟧")""",
  "class StaffUserFactory")
S(_G, "prisma-seed-admin-hash", "pw",
  """await prisma.user.upsert({
  where: { email: '⟦email⟧' },
  update: {},
  create: { email: '⟦email⟧', role: 'ADMIN', passwordHash: await bcrypt.hash('⟦S⟧', 10) },
});""",
  "prisma.user.upsert")
S(_G, "rails-seeds-create-bang", "pw",
  """# db/seeds/qa.rb
User.create!(email: "⟦email⟧", password: "⟦S⟧", password_confirmation: "⟦S⟧", role: :support)""",
  "db/seeds/qa.rb")
S(_G, "django-create-superuser-positional", "pw",
  """if not User.objects.filter(username="⟦user⟧").exists():
    User.objects.create_superuser("⟦user⟧", "⟦email⟧", "⟦S⟧")""",
  "User.objects.filter")
S(_G, "sql-seed-insert-plain-password", "pw",
  """-- seed/010_test_accounts.sql
INSERT INTO test_accounts (email, role, plain_password, pool)
VALUES ('⟦email⟧', 'buyer', '⟦S⟧', 'smoke');""",
  "seed/010_test_accounts.sql")
S(_G, "sql-create-user-identified-by", "pw",
  """CREATE USER IF NOT EXISTS '⟦user⟧'@'%' IDENTIFIED BY '⟦S⟧';
GRANT SELECT, INSERT, UPDATE, DELETE ON ⟦db⟧.* TO '⟦user⟧'@'%';""",
  "GRANT SELECT, INSERT, UPDATE, DELETE")
S(_G, "sql-alter-role-login-password", "pw",
  """ALTER ROLE ⟦user⟧ WITH LOGIN PASSWORD '⟦S⟧' VALID UNTIL '⟦date⟧';""",
  "ALTER ROLE ⟦user⟧")
S(_G, "bash-script-readonly-token", "'qat_ an40",
  """#!/usr/bin/env bash
set -euo pipefail
readonly API="https://⟦host⟧/api"
readonly TOKEN="⟦S⟧"
curl -fsS -H "Authorization: Bearer $TOKEN" "$API/fixtures/reset\"""",
  "set -euo pipefail")
S(_G, "powershell-convertto-securestring", "pw",
  """$pw = ConvertTo-SecureString "⟦S⟧" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential("⟦user⟧", $pw)
Invoke-Command -ComputerName ⟦host⟧ -Credential $cred -ScriptBlock { Restart-Service WinAppDriver }""",
  "Restart-Service WinAppDriver")
S(_G, "dockerfile-env-access-key", "uuid",
  """FROM mcr.microsoft.com/playwright:v1.44.0-jammy
WORKDIR /e2e
ENV SAUCE_USERNAME=⟦user⟧ \\
    SAUCE_ACCESS_KEY=⟦S⟧
COPY . .""",
  "WORKDIR /e2e")
S(_G, "makefile-conditional-var-key", "an20",
  """BS_USER ?= ⟦user⟧
BS_KEY  ?= ⟦S⟧

e2e-bs:
\tBROWSERSTACK_USERNAME=$(BS_USER) BROWSERSTACK_ACCESS_KEY=$(BS_KEY) npx wdio run wdio.bs.conf.ts""",
  "e2e-bs:")
S(_G, "robot-input-password-keyword", "pw",
  """*** Keywords ***
Login As Support Agent
    Input Text        id=username    ⟦user⟧
    Input Password    id=password    ⟦S⟧
    Click Button      Sign in""",
  "Login As Support Agent")
S(_G, "gherkin-step-with-password", "pw",
  """  Scenario: Returning buyer pays with saved card
    Given I am logged in as "⟦email⟧" with password "⟦S⟧"
    And my cart contains 2 items
    When I pay with the saved Visa""",
  "Returning buyer pays with saved card")
S(_G, "python-appium-bstack-options", "an20",
  """options.set_capability("bstack:options", {
    "userName": "⟦user⟧",
    "accessKey": "⟦S⟧",
    "deviceName": "⟦device⟧",
    "realMobile": "true",
})""",
  "\"realMobile\": \"true\"")
S(_G, "nightwatch-desired-capabilities", "an20",
  """  test_settings: {
    browserstack: {
      selenium: { host: 'hub.browserstack.com', port: 443 },
      desiredCapabilities: {
        'bstack:options': { userName: '⟦user⟧', accessKey: '⟦S⟧' }
      }
    }
  }""",
  "hub.browserstack.com")
S(_G, "testcafe-role-typetext", "pw",
  """export const admin = Role('https://⟦host⟧/login', async t => {
    await t
        .typeText('#email', '⟦email⟧')
        .typeText('#password', '⟦S⟧')
        .click('#sign-in');
});""",
  "export const admin = Role")
S(_G, "puppeteer-page-authenticate", "pw",
  """const page = await browser.newPage();
await page.authenticate({ username: '⟦user⟧', password: '⟦S⟧' });
await page.goto('https://⟦host⟧/reports/latest');""",
  "browser.newPage()")
S(_G, "selenium-ide-side-type-command", "pw",
  """{
  "id": "⟦uuid⟧",
  "comment": "",
  "command": "type",
  "target": "id=password",
  "targets": [["id=password", "id"], ["name=password", "name"]],
  "value": "⟦S⟧"
}""",
  "\"target\": \"id=password\"")
S(_G, "karate-config-js-admin-token", "'kt_ an40",
  """function fn() {
  var env = karate.env || 'qa';
  var config = { baseUrl: 'https://' + env + '.⟦dom⟧' };
  config.adminToken = '⟦S⟧';
  return config;
}""",
  "karate.env || 'qa'")
S(_G, "rest-assured-preemptive-basic", "pw",
  """given()
    .auth().preemptive().basic("⟦user⟧", "⟦S⟧")
    .contentType(ContentType.JSON)
.when()
    .get("/api/v2/refunds/{id}", refundId)""",
  "/api/v2/refunds/{id}")
S(_G, "supertest-set-authorization", "jwt",
  """const res = await request(app)
  .get('/api/me')
  .set('Authorization', 'Bearer ⟦S⟧')
  .expect(200);""",
  "request(app)")
S(_G, "nock-reqheaders-authorization", "'sk_test_51 an96",
  """nock('https://api.stripe.com', {
  reqheaders: { authorization: 'Bearer ⟦S⟧' },
})
  .post('/v1/refunds')
  .reply(200, fixtures.refund);""",
  "fixtures.refund")
S(_G, "dotnet-playwright-httpcredentials", "pw",
  """var context = await browser.NewContextAsync(new()
{
    BaseURL = "https://⟦host⟧",
    HttpCredentials = new HttpCredentials { Username = "⟦user⟧", Password = "⟦S⟧" },
});""",
  "browser.NewContextAsync")
S(_G, "python-boto3-client-inline-keys", "awssecret",
  """client = boto3.client(
    "devicefarm",
    region_name="us-west-2",
    aws_access_key_id="AKIA⟦=up16⟧",
    aws_secret_access_key="⟦S⟧",
)""",
  "\"devicefarm\"")
S(_G, "node-s3client-credentials-object", "awssecret",
  """const s3 = new S3Client({
  region: '⟦region⟧',
  credentials: { accessKeyId: 'AKIA⟦=up16⟧', secretAccessKey: '⟦S⟧' },
});
await s3.send(new PutObjectCommand({ Bucket: '⟦bucket⟧', Key: key, Body: png }));""",
  "new S3Client")
S(_G, "psycopg2-connect-kwargs", "pw",
  """conn = psycopg2.connect(
    host="⟦host⟧", port=5432, dbname="⟦db⟧",
    user="⟦user⟧", password="⟦S⟧",
)""",
  "psycopg2.connect(")
S(_G, "mongoose-connect-uri-authsource", "pwu",
  """await mongoose.connect('mongodb://⟦user⟧:⟦S⟧@⟦host⟧:27017/e2e?authSource=admin');
await Cart.deleteMany({ tag: 'e2e' });""",
  "Cart.deleteMany")
S(_G, "redis-py-from-url-empty-user", "pwu",
  """cache = redis.Redis.from_url("redis://:⟦S⟧@⟦host⟧:6379/3", decode_responses=True)
cache.delete(*cache.keys("e2e:*"))""",
  "decode_responses=True")
S(_G, "java-jdbc-drivermanager", "pw",
  """try (Connection c = DriverManager.getConnection(
        "jdbc:mysql://⟦host⟧:3306/⟦db⟧", "⟦user⟧", "⟦S⟧")) {
    c.createStatement().execute("TRUNCATE TABLE carts");
}""",
  "TRUNCATE TABLE carts")
S(_G, "python-smtplib-login-mailtrap", "hex14",
  """with smtplib.SMTP("sandbox.smtp.mailtrap.io", 2525) as s:
    s.starttls()
    s.login("⟦=hex14⟧", "⟦S⟧")
    s.send_message(msg)""",
  "sandbox.smtp.mailtrap.io")
S(_G, "mailosaur-client-constructor", "an16",
  """const mailosaur = new MailosaurClient('⟦S⟧');
const email = await mailosaur.messages.get('⟦=lo8⟧', { sentTo: testEmail });""",
  "mailosaur.messages.get")
S(_G, "slack-webhook-const-reporter", "an24",
  """// reporters/slack.js
const SLACK_WEBHOOK = 'https://hooks.slack.com/services/T0⟦=up8⟧/B0⟦=up9⟧/⟦S⟧';
module.exports = async (summary) => post(SLACK_WEBHOOK, format(summary));""",
  "reporters/slack.js")
S(_G, "octokit-auth-literal", "'ghp_ an36",
  """const octokit = new Octokit({ auth: '⟦S⟧' });
await octokit.rest.checks.create({ owner: '⟦org⟧', repo: '⟦proj⟧', name: 'e2e', head_sha: sha });""",
  "octokit.rest.checks.create")
S(_G, "jwt-sign-test-helper-secret", "bu48",
  """export function mintTestToken(sub: string) {
  return jwt.sign({ sub, role: 'tester' }, '⟦S⟧', { expiresIn: '1h', issuer: 'qa-harness' });
}""",
  "mintTestToken")
S(_G, "python-webhook-signing-secret", "'whsec_ an32",
  """STRIPE_WEBHOOK_SECRET = "⟦S⟧"

def sign_fixture(payload: bytes, ts: int) -> str:
    return hmac.new(STRIPE_WEBHOOK_SECRET.encode(), f"{ts}.".encode() + payload, "sha256").hexdigest()""",
  "def sign_fixture")
S(_G, "vcr-filter-sensitive-data-literal", "hex32",
  """VCR.configure do |c|
  c.cassette_library_dir = "spec/cassettes"
  c.filter_sensitive_data("<SHIPPO_KEY>") { "⟦S⟧" }
end""",
  "spec/cassettes")
S(_G, "pytest-fixture-returns-token", "'qat_ an40",
  """@pytest.fixture(scope="session")
def api_token():
    # TODO: fetch from vault instead
    return "⟦S⟧\"""",
  "@pytest.fixture(scope=\"session\")")
S(_G, "go-setbasicauth-call", "pw",
  """req, _ := http.NewRequest("GET", base+"/admin/metrics", nil)
req.SetBasicAuth("⟦user⟧", "⟦S⟧")
resp, err := client.Do(req)""",
  "/admin/metrics")
S(_G, "rust-reqwest-bearer-auth", "'qat_ an40",
  """let resp = client
    .get(format!("{}/api/runs/latest", base))
    .bearer_auth("⟦S⟧")
    .send()
    .await?;""",
  "/api/runs/latest")
S(_G, "csharp-authenticationheadervalue", "'qat_ an40",
  """http.DefaultRequestHeaders.Authorization =
    new AuthenticationHeaderValue("Bearer", "⟦S⟧");
var resp = await http.GetAsync("/api/test-runs?status=failed");""",
  "/api/test-runs?status=failed")
S(_G, "paramiko-connect-password", "pw",
  """ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("⟦host⟧", username="⟦user⟧", password="⟦S⟧")
ssh.exec_command("adb devices -l")""",
  "adb devices -l")
S(_G, "wrk-lua-headers-authorization", "'qat_ an40",
  """-- wrk script: scripts/orders.lua
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer ⟦S⟧"
wrk.body = '{"sku":"TEST-⟦n⟧","qty":1}'""",
  "scripts/orders.lua")

# ===========================================================================
# SECRETS -- stack-trace-or-log
# ===========================================================================
_G = "stack-trace-or-log"
S(_G, "hikari-debug-jdbcurl-password", "pwu",
  """⟦ts⟧ DEBUG 1 --- [           main] com.zaxxer.hikari.HikariConfig : jdbcUrl.........................jdbc:postgresql://⟦host⟧:5432/⟦db⟧?user=⟦user⟧&password=⟦S⟧
⟦ts⟧ DEBUG 1 --- [           main] com.zaxxer.hikari.HikariConfig : maximumPoolSize................10""",
  "maximumPoolSize................10")
S(_G, "python-traceback-requests-url-apikey", "hex32",
  """Traceback (most recent call last):
  File "tests/conftest.py", line 61, in seed_catalog
    resp = session.get(url, timeout=10)
requests.exceptions.ConnectionError: HTTPSConnectionPool(host='⟦host⟧', port=443): Max retries exceeded with url: /api/v1/catalog/reset?api_key=⟦S⟧ (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))""",
  "tests/conftest.py")
S(_G, "axios-error-config-headers", "jwt",
  """AxiosError: Request failed with status code 409
    at settle (node_modules/axios/lib/core/settle.js:19:12)
  config: {
    url: 'https://⟦host⟧/api/fixtures/users',
    method: 'post',
    headers: { Accept: 'application/json', Authorization: 'Bearer ⟦S⟧' }
  }""",
  "Request failed with status code 409")
S(_G, "webdriver-session-not-created-url", "an20",
  """org.openqa.selenium.SessionNotCreatedException: Could not start a new session. Possible causes are invalid address of the remote server or browser start-up failure.
Host info: host: 'gha-runner-⟦n⟧', ip: '⟦ip⟧'
Remote URL: https://⟦user⟧:⟦S⟧@hub-cloud.browserstack.com/wd/hub
	at org.openqa.selenium.remote.RemoteWebDriver.execute(RemoteWebDriver.java:561)""",
  "SessionNotCreatedException")
S(_G, "cypress-cy-request-failed-body", "pw",
  """CypressError: `cy.request()` failed on:

https://⟦host⟧/api/session

The response we received from your web server was:

  > 401: Unauthorized

The request we sent was:

Method: POST
Body: {"email":"⟦email⟧","password":"⟦S⟧"}""",
  "401: Unauthorized")
S(_G, "playwright-call-log-fill-timeout", "pw",
  """Error: locator.fill: Target page, context or browser has been closed
Call log:
  - waiting for locator('input[name="password"]')
  - locator resolved to <input type="password" name="password"/>
  - fill("⟦S⟧")
    at LoginPage.signIn (tests/pages/login.page.ts:31:24)""",
  "tests/pages/login.page.ts:31:24")
S(_G, "appium-basedriver-session-caps-log", "an50",
  """⟦ts⟧ [BaseDriver] Creating session with W3C capabilities: {"alwaysMatch":{"platformName":"Android","lt:options":{"user":"⟦user⟧","accessKey":"⟦S⟧","build":"android-nightly"}}}
⟦ts⟧ [BaseDriver] Session created with session id: ⟦uuid⟧""",
  "[BaseDriver] Session created")
S(_G, "nginx-access-log-query-token", "hex40",
  """⟦ip⟧ - - [12/Mar/2025:10:⟦n⟧:07 +0000] "GET /exports/allure-⟦build⟧.zip?token=⟦S⟧ HTTP/1.1" 200 18342211 "-" "curl/8.5.0\"""",
  "/exports/allure-⟦build⟧.zip")
S(_G, "access-log-login-query-password", "pwu",
  """⟦ip⟧ - - [03/Feb/2025:08:14:55 +0000] "GET /legacy/login.jsp?username=⟦user⟧&password=⟦S⟧ HTTP/1.1" 302 0 "-" "Apache-HttpClient/4.5.14 (JMeter)\"""",
  "/legacy/login.jsp")
S(_G, "k6-warn-request-failed-access-token", "bu43",
  """time="⟦ts⟧" level=warning msg="Request Failed" error="Get \\"https://⟦host⟧/api/orders?access_token=⟦S⟧\\": request timeout"
time="⟦ts⟧" level=info msg="thresholds on metrics 'http_req_failed' have been crossed\"""",
  "thresholds on metrics 'http_req_failed'")
S(_G, "jmeter-log-sampler-post-body", "pw",
  """⟦date⟧ 11:04:52,118 WARN o.a.j.p.h.s.HTTPSamplerBase: Unexpected response for Login-POST: 500
⟦date⟧ 11:04:52,118 DEBUG o.a.j.p.h.s.HTTPHC4Impl: Sending body: {"login":"⟦user⟧","secret":"⟦S⟧"}""",
  "Unexpected response for Login-POST: 500")
S(_G, "gatling-debug-session-attributes", "'gt_ an40",
  """⟦time⟧:12.331 [DEBUG] i.g.h.e.r.DefaultStatsProcessor - Request 'Get cart' failed for user 118: status.find.is(200), but actually found 401
Session(Checkout,118,Map(authToken -> ⟦S⟧, cartId -> ⟦uuid⟧),OK,List(),...)""",
  "Request 'Get cart' failed")
S(_G, "locust-error-report-url-key", "an32",
  """[⟦date⟧ 09:22:14,551] perf-worker-3/ERROR/locust.user.task: HTTPError('403 Client Error: Forbidden for url: https://⟦host⟧/v2/quote?partner_key=⟦S⟧')
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/locust/user/task.py", line 340, in run""",
  "locust/user/task.py")
S(_G, "wiremock-verbose-request-received", "basic",
  """⟦ts⟧ Request received:
127.0.0.1 - POST /v2/shipments

Authorization: [Basic ⟦S⟧]
Content-Type: [application/json]
Matched response definition: (no response definition configured)""",
  "POST /v2/shipments")
S(_G, "mockoon-json-log-transaction", "'mk_ an28",
  """{"level":"info","message":"Transaction recorded","environmentName":"Loyalty API","requestMethod":"GET","requestPath":"/points","requestHeaders":[{"key":"x-loyalty-key","value":"⟦S⟧"}],"proxied":false,"ts":"⟦ts⟧"}""",
  "\"environmentName\":\"Loyalty API\"")
S(_G, "pact-provider-verifier-headers-error", "'qat_ an40",
  """Failure/Error: replay_interaction interaction, options[:request_customizer]
  Pact::ProviderVerifier::SetUpProviderStateError:
    Error setting up provider state 'a paid order exists' for consumer 'web': POST http://localhost:9292/_pact/state
    request headers: {"Content-Type"=>"application/json", "Authorization"=>"Bearer ⟦S⟧"}""",
  "a paid order exists")
S(_G, "k8s-event-container-args", "an40",
  """Events:
  Type     Reason   Age   From     Message
  ----     ------   ----  ----     -------
  Warning  BackOff  2m    kubelet  Back-off restarting failed container k6 in pod k6-run-⟦n⟧ (args: [run --out cloud --api-key=⟦S⟧ /scripts/soak.js])""",
  "Back-off restarting failed container")
S(_G, "jenkins-build-log-gradle-prop", "an20",
  """[Pipeline] { (Mobile regression)
[Pipeline] sh
+ ./gradlew connectedAndroidTest -Pbrowserstack.user=⟦user⟧ -Pbrowserstack.key=⟦S⟧ --no-daemon
Starting a Gradle Daemon (subsequent builds will be faster)""",
  "(Mobile regression)")
S(_G, "gitlab-job-log-docker-login-p", "'glcbt-64_ bu20",
  """$ docker login -u gitlab-ci-token -p ⟦S⟧ registry.⟦dom⟧
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded
$ docker pull registry.⟦dom⟧/qa/playwright-runner:⟦sha7⟧""",
  "Login Succeeded")
S(_G, "actions-log-base64-leak", "b64pw",
  """Run echo "$GRID_PASSWORD" | base64
  echo "$GRID_PASSWORD" | base64
  shell: /usr/bin/bash -e {0}
  env:
    GRID_PASSWORD: ***
⟦S⟧""",
  "shell: /usr/bin/bash -e {0}")
S(_G, "urllib3-debug-line-access-key", "an20",
  """DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.browserstack.com:443
DEBUG:urllib3.connectionpool:https://api.browserstack.com:443 "GET /automate/builds.json?limit=5&access_key=⟦S⟧ HTTP/1.1" 200 None""",
  "api.browserstack.com:443")
S(_G, "http-client-send-bytes-basic", "basic",
  """send: b'POST /oauth/token HTTP/1.1\\r\\nHost: ⟦host⟧\\r\\nAccept-Encoding: identity\\r\\nAuthorization: Basic ⟦S⟧\\r\\nContent-Length: 29\\r\\n\\r\\n'
reply: 'HTTP/1.1 200 OK\\r\\n'""",
  "reply: 'HTTP/1.1 200 OK")
S(_G, "custom-logger-connect-failed-mysql-url", "pwu",
  """⟦ts⟧ ERROR [seed-runner] connect failed to mysql://⟦user⟧:⟦S⟧@⟦host⟧:3306/⟦db⟧ (ETIMEDOUT) retry 3/5""",
  "[seed-runner]")
S(_G, "spring-configdata-debug-property", "pw",
  """⟦ts⟧ DEBUG 7 --- [main] o.s.b.c.c.ConfigDataEnvironmentPostProcessor : Adding property spring.mail.password=⟦S⟧ from [classpath:/application-qa.yml]""",
  "classpath:/application-qa.yml")
S(_G, "dotnet-sqlexception-connection-string", "pw",
  """Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.
   at Qa.Fixtures.DbSeeder.SeedAsync() in /src/Qa.Fixtures/DbSeeder.cs:line 44
ClientConnectionId:⟦uuid⟧
ConnectionString: Server=⟦host⟧;Database=⟦db⟧;User Id=sa;Password=⟦S⟧;""",
  "DbSeeder.cs:line 44")
S(_G, "go-panic-mysql-dsn", "pw",
  """panic: dial tcp ⟦ip⟧:3306: connect: connection refused (dsn="⟦user⟧:⟦S⟧@tcp(⟦host⟧:3306)/⟦db⟧?parseTime=true")

goroutine 1 [running]:
main.mustOpen(...)
	/src/cmd/seeder/main.go:38 +0x1c5""",
  "/src/cmd/seeder/main.go:38")
S(_G, "ruby-redis-cannot-connect-url", "pwu",
  """Redis::CannotConnectError: Error connecting to Redis on redis://:⟦S⟧@⟦host⟧:6379/2 (Errno::ECONNREFUSED)
  # ./spec/support/redis_cleaner.rb:9:in `block (2 levels) in <top (required)>'""",
  "spec/support/redis_cleaner.rb")
S(_G, "php-pdo-stack-trace-args", "pw",
  """PDOException: SQLSTATE[HY000] [1045] Access denied for user '⟦user⟧'@'⟦ip⟧' (using password: YES)
#0 /var/www/tests/bootstrap.php(22): PDO->__construct('mysql:host=⟦host⟧;dbname=⟦db⟧', '⟦user⟧', '⟦S⟧')
#1 {main}""",
  "tests/bootstrap.php(22)")
S(_G, "sentry-style-frame-locals", "pw",
  """  File "qa_tools/accounts.py", line 77, in provision
    resp = api.create_user(email, password)
      locals:
        email = '⟦email⟧'
        password = '⟦S⟧'
        tier = 'premium'""",
  "qa_tools/accounts.py")
S(_G, "java-connectexception-artifactory-url", "pwu",
  """Could not GET 'https://⟦user⟧:⟦S⟧@artifactory.⟦dom⟧/artifactory/libs-release/com/⟦org⟧/test-utils/⟦ver⟧/test-utils-⟦ver⟧.pom'.
> Connect to artifactory.⟦dom⟧:443 failed: Read timed out""",
  "Read timed out")
S(_G, "postgres-log-statement-alter-user", "pw",
  """⟦date⟧ 13:02:44.120 UTC [2231] ⟦user⟧@⟦db⟧ LOG:  statement: ALTER USER e2e_writer WITH PASSWORD '⟦S⟧';""",
  "ALTER USER e2e_writer")
S(_G, "mysql-general-log-create-user", "pw",
  """⟦ts⟧	   42 Query	CREATE USER 'loadtest'@'%' IDENTIFIED BY '⟦S⟧'
⟦ts⟧	   42 Query	GRANT ALL ON perf_baseline.* TO 'loadtest'@'%'""",
  "GRANT ALL ON perf_baseline.*")
S(_G, "mongodb-structured-log-uri", "pwu",
  """{"t":{"$date":"⟦ts⟧"},"s":"W","c":"NETWORK","id":4615610,"ctx":"seed","msg":"Failed to connect","attr":{"uri":"mongodb://⟦user⟧:⟦S⟧@⟦host⟧:27017/fixtures","error":"HostUnreachable"}}""",
  "\"error\":\"HostUnreachable\"")
S(_G, "kafka-client-sasl-jaas-config", "pw",
  """	sasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username="⟦user⟧" password="⟦S⟧";
	sasl.mechanism = PLAIN
	security.protocol = SASL_SSL""",
  "security.protocol = SASL_SSL")
S(_G, "kombu-amqp-connection-error", "pwu",
  """[⟦date⟧ 06:12:09,441: ERROR/MainProcess] consumer: Cannot connect to amqp://⟦user⟧:⟦S⟧@⟦host⟧:5672/qa: [Errno 111] Connection refused.
Trying again in 4.00 seconds... (2/100)""",
  "Trying again in 4.00 seconds")
S(_G, "browser-console-log-token-stored", "jwt",
  """[console.log] auth bootstrap: user=⟦email⟧ token=⟦S⟧
[console.warn] Feature flag 'new-checkout' missing, defaulting to false""",
  "Feature flag 'new-checkout'")
S(_G, "android-logcat-okhttp-authorization", "'qat_ an40",
  """⟦date⟧ 10:44:02.118  8812  8911 D OkHttp  : --> GET https://⟦host⟧/api/v3/profile
⟦date⟧ 10:44:02.118  8812  8911 D OkHttp  : Authorization: Bearer ⟦S⟧
⟦date⟧ 10:44:02.119  8812  8911 D OkHttp  : --> END GET""",
  "--> END GET")
S(_G, "ios-device-log-session-token", "hex64",
  """⟦date⟧ 10:44:05.331 QAShop[4411:1823] <Notice>: LoginService response: { userId = ⟦num⟧; sessionToken = ⟦S⟧; mfa = 0; }""",
  "LoginService response")
S(_G, "allure-step-log-api-key", "'ak_ an32",
  """[allure] step started: Send POST /v1/vouchers
[allure] step param: body = {"campaign":"spring","apiKey":"⟦S⟧"}
[allure] step finished: passed""",
  "Send POST /v1/vouchers")
S(_G, "testng-reporter-log-line", "an20",
  """[TestNG] Running: Mobile Smoke
[Reporter] remote hub = https://⟦user⟧:⟦S⟧@hub-cloud.browserstack.com/wd/hub
[TestNG] PASSED: LoginTest.validCredentials""",
  "[TestNG] Running: Mobile Smoke")
S(_G, "pytest-live-log-login-as", "pw",
  """-------------------------------- live log setup --------------------------------
INFO     conftest:conftest.py:48 logging in as ⟦user⟧ with password ⟦S⟧ on https://⟦host⟧
INFO     conftest:conftest.py:55 storage state saved""",
  "live log setup")
S(_G, "jest-console-log-block-token", "'qat_ an40",
  """  console.log
    using token ⟦S⟧

      at Object.<anonymous> (tests/api/orders.test.ts:22:11)""",
  "tests/api/orders.test.ts:22:11")
S(_G, "dotnet-test-stdout-messages", "pw",
  """  Standard Output Messages:
 Seeding with Server=⟦host⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧
 Seeded 250 customers in ⟦ms⟧ ms""",
  "Standard Output Messages:")
S(_G, "powershell-transcript-credential", "pw",
  """**********************
PowerShell transcript start
**********************
PS C:\\agents\\qa> $cred = New-Object PSCredential('⟦user⟧', (ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force))
PS C:\\agents\\qa> Enter-PSSession -ComputerName ⟦host⟧ -Credential $cred""",
  "PowerShell transcript start")
S(_G, "windows-4688-schtasks-rp", "pw",
  """Process Command Line:	schtasks /create /tn "Nightly WinAppDriver" /tr C:\\qa\\run-desktop-suite.cmd /sc daily /st 02:00 /ru ⟦user⟧ /rp ⟦S⟧""",
  "Nightly WinAppDriver")
S(_G, "auditd-execve-password-arg", "pw",
  """type=EXECVE msg=audit(1718000000.512:4411): argc=6 a0="mysql" a1="-h" a2="⟦host⟧" a3="-u⟦user⟧" a4="--password" a5="⟦S⟧\"""",
  "type=EXECVE")
S(_G, "haproxy-log-captured-bearer", "'qat_ an40",
  """⟦date⟧T10:00:01 haproxy[812]: ⟦ip⟧:51234 [12/Mar/2025:10:00:01.220] fe_api be_orders/orders2 0/0/1/37/38 200 512 - - ---- 12/12/0/0/0 0/0 {Bearer ⟦S⟧} "GET /api/orders HTTP/1.1\"""",
  "fe_api be_orders/orders2")
S(_G, "envoy-access-log-x-api-key", "an32",
  """[⟦ts⟧] "POST /v1/quotes HTTP/2" 429 - 0 34 3 - "⟦ip⟧" "k6/0.51.0" "⟦uuid⟧" "quotes.internal" x-api-key="⟦S⟧\"""",
  "quotes.internal")
S(_G, "lambda-cloudwatch-event-dump", "an40",
  """START RequestId: ⟦uuid⟧ Version: $LATEST
⟦ts⟧	⟦uuid⟧	INFO	EVENT: {"resource":"/mock/{proxy+}","headers":{"x-api-key":"⟦S⟧","User-Agent":"PostmanRuntime/7.39.0"}}""",
  "PostmanRuntime/7.39.0")
S(_G, "gcp-logging-jsonpayload-token", "'ya29.a0 bu150",
  """{"insertId":"⟦=lo14⟧","jsonPayload":{"message":"ftl upload","authHeader":"Bearer ⟦S⟧"},"severity":"DEBUG","timestamp":"⟦ts⟧"}""",
  "\"message\":\"ftl upload\"")
S(_G, "fluentd-record-password-field", "pw",
  """⟦ts⟧ qa.seeder: {"event":"account_created","email":"⟦email⟧","initial_password":"⟦S⟧","pool":"regression"}""",
  "\"event\":\"account_created\"")
S(_G, "sentry-breadcrumb-signed-sig", "hex64",
  """breadcrumbs:
  ⟦time⟧:03 http GET https://cdn.⟦dom⟧/fixtures/avatar-large.png?expires=1735689600&sig=⟦S⟧ [200]
  ⟦time⟧:04 ui.click button#upload""",
  "button#upload")
S(_G, "s3-presigned-url-screenshot-log", "hex64",
  """INFO uploaded failure screenshot: https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/runs/⟦build⟧/checkout-failed.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA⟦=up16⟧%2F20250312%2F⟦region⟧%2Fs3%2Faws4_request&X-Amz-Date=20250312T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦S⟧""",
  "checkout-failed.png")
S(_G, "gcs-signed-url-video-log", "gcpsig",
  """[reporter] video: https://storage.googleapis.com/⟦bucket⟧/videos/⟦uuid⟧.webm?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40⟦proj⟧.iam.gserviceaccount.com%2F20250312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250312T101500Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature=⟦S⟧""",
  "[reporter] video:")
S(_G, "azure-sas-url-trace-log", "azsig",
  """[trace] GET https://⟦=lo10⟧qa.blob.core.windows.net/playwright-traces/⟦uuid⟧.zip?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-04-01T00:00:00Z&spr=https&sig=⟦S⟧ 200""",
  "playwright-traces")
S(_G, "cloudfront-signed-url-log", "cfsig",
  """⟦ts⟧ fetch fixture bundle https://d⟦=lo13⟧.cloudfront.net/fixtures/v⟦n⟧/bundle.tar.gz?Expires=1741860000&Signature=⟦S⟧&Key-Pair-Id=K⟦=up13⟧""",
  "fixtures/v⟦n⟧/bundle.tar.gz")
S(_G, "slack-webhook-post-log", "an24",
  """⟦ts⟧ [notify] POST https://hooks.slack.com/services/T0⟦=up8⟧/B0⟦=up9⟧/⟦S⟧ -> 200 ok (nightly summary: 412 passed, 3 failed)""",
  "nightly summary")
S(_G, "discord-webhook-url-log", "bu68",
  """⟦ts⟧ notifier: delivering flaky-test digest to https://discord.com/api/webhooks/⟦=d19⟧/⟦S⟧ (204)""",
  "flaky-test digest")
S(_G, "teams-incoming-webhook-log", "hex32",
  """⟦ts⟧ [teams] posting card to https://⟦org⟧.webhook.office.com/webhookb2/⟦uuid⟧@⟦uuid2⟧/IncomingWebhook/⟦S⟧/⟦uuid3⟧ status=200""",
  "[teams] posting card")
S(_G, "browserstack-sdk-debug-config", "an20",
  """⟦ts⟧ [browserstack.sdk] [debug] Loaded config: {"userName":"⟦user⟧","accessKey":"⟦S⟧","buildName":"web-regression","parallelsPerPlatform":3}""",
  "[browserstack.sdk]")
S(_G, "sauce-wdio-post-session-url", "uuid",
  """⟦ts⟧ INFO webdriver: [POST] https://⟦user⟧:⟦S⟧@ondemand.eu-central-1.saucelabs.com/wd/hub/session
⟦ts⟧ INFO webdriver: DATA { capabilities: { alwaysMatch: [Object], firstMatch: [Array] } }""",
  "ondemand.eu-central-1.saucelabs.com")
S(_G, "lambdatest-hub-connect-log", "an50",
  """[LT] connecting to https://⟦user⟧:⟦S⟧@hub.lambdatest.com/wd/hub (attempt 1/3)""",
  "hub.lambdatest.com")
S(_G, "redis-monitor-auth-command", "pw",
  """1718000000.104511 [0 ⟦ip⟧:51234] "AUTH" "⟦S⟧"
1718000000.104902 [0 ⟦ip⟧:51234] "SELECT" "3"
1718000000.105011 [0 ⟦ip⟧:51234] "FLUSHDB\"""",
  "\"SELECT\" \"3\"")
S(_G, "mitmproxy-flow-cookie-header", "bu40",
  """GET https://⟦host⟧/account/orders
    Host: ⟦host⟧
    Cookie: _ga=GA1.2.⟦num⟧; qa_sid=⟦S⟧
 << 200 OK 8.1k""",
  "/account/orders")
S(_G, "grpc-metadata-debug-log", "'qat_ an40",
  """⟦ts⟧ DEBUG grpc.client: call /inventory.v1.Stock/Reserve metadata=[('authorization', 'Bearer ⟦S⟧'), ('x-request-id', '⟦uuid⟧')]""",
  "/inventory.v1.Stock/Reserve")

# ===========================================================================
# SECRETS -- note-or-chat
# ===========================================================================
_G = "note-or-chat"
S(_G, "slack-thread-handover-password", "pw",
  """⟦person⟧  ⟦time⟧
handing over the nightly grid before my PTO :palm_tree:
- hub: https://⟦host⟧/ui
- admin login is ⟦user⟧ / ⟦S⟧
- node 3 leaks chrome processes, restart it if sessions queue up""",
  "node 3 leaks chrome processes")
S(_G, "teams-chat-german-staging-login", "pw",
  """[⟦time⟧] ⟦person⟧: Hi ⟦person2⟧, das Passwort für den Staging-Testuser ⟦email⟧ ist ⟦S⟧ – bitte nicht ins Ticket kopieren, ich ändere es nach dem Release.""",
  "bitte nicht ins Ticket kopieren")
S(_G, "french-note-browserstack-key", "an20",
  """Note du ⟦date⟧ : la clé BrowserStack du compte partagé (utilisateur ⟦user⟧) est ⟦S⟧. À régénérer vendredi après la campagne de non-régression.""",
  "campagne de non-régression")
S(_G, "spanish-chat-test-db-password", "pw",
  """⟦person⟧: oye, la contraseña de la BD de pruebas (⟦host⟧) es ⟦S⟧, usuario ⟦user⟧. No la pongas en el README porfa 🙏""",
  "No la pongas en el README")
S(_G, "portuguese-handover-sauce-key", "uuid",
  """Passagem de turno – QA mobile
• Chave de acesso do Sauce Labs (conta ⟦user⟧): ⟦S⟧
• Os testes do ⟦device⟧ estão instáveis desde a atualização do Appium.""",
  "Passagem de turno")
S(_G, "italian-note-postman-api-key", "'PMAK- hex24 '- hex34",
  """Promemoria: la API key di Postman per il workspace "QA Contratti" è ⟦S⟧ — serve per lanciare newman dal job notturno.""",
  "QA Contratti")
S(_G, "dutch-standup-note-password", "pw",
  """Standup ⟦date⟧
- ⟦person⟧: flaky checkout-test op webkit onderzocht, ligt aan de cookie-banner
- wachtwoord voor de nieuwe testomgeving: ⟦S⟧ (gebruiker ⟦user⟧)""",
  "flaky checkout-test op webkit")
S(_G, "polish-chat-loadtest-password", "pw",
  """⟦person⟧: hasło do konta loadtest na ⟦host⟧ to ⟦S⟧, login ⟦user⟧. Odpalam JMetera o 22:00.""",
  "Odpalam JMetera o 22:00")
S(_G, "russian-chat-k6-cloud-token", "hex64",
  """⟦person⟧: токен для k6 cloud: ⟦S⟧
⟦person2⟧: спасибо, запускаю нагрузочный тест на ⟦env⟧""",
  "запускаю нагрузочный тест")
S(_G, "ukrainian-note-appium-farm", "pw",
  """Нотатка: пароль від Appium-ферми (⟦host⟧, користувач ⟦user⟧) — ⟦S⟧. Після оновлення Xcode треба перезапустити всі вузли.""",
  "перезапустити всі вузли")
S(_G, "japanese-handover-test-account", "pw",
  """引き継ぎメモ（⟦date⟧）
テスト用アカウント: ⟦email⟧ / ⟦S⟧
※決済テストはサンドボックスのカードのみ使用してください。""",
  "引き継ぎメモ")
S(_G, "chinese-note-lambdatest-key", "an50",
  """LambdaTest 的账号是 ⟦user⟧，access key 是 ⟦S⟧，跑完回归记得去后台重新生成。""",
  "跑完回归记得去后台重新生成")
S(_G, "korean-chat-mock-admin-password", "pw",
  """⟦person⟧: 목 서버(WireMock) 관리자 비밀번호는 ⟦S⟧ 입니다. 계정은 ⟦user⟧ 이고, 내일 교체 예정이에요.""",
  "내일 교체 예정이에요")
S(_G, "turkish-note-pact-broker", "pw",
  """Pact broker (⟦host⟧) giriş bilgileri: kullanıcı ⟦user⟧, şifre ⟦S⟧. Sürüm etiketleri main dalından geliyor.""",
  "Sürüm etiketleri main dalından geliyor")
S(_G, "swedish-chat-test-account", "pw",
  """⟦person⟧: lösenordet till testkontot ⟦email⟧ är ⟦S⟧ – byt det efter demon på fredag.""",
  "byt det efter demon på fredag")
S(_G, "vietnamese-note-qa-account", "pw",
  """Ghi chú: mật khẩu tài khoản test ⟦user⟧ trên môi trường ⟦env⟧ là ⟦S⟧, đừng commit lên repo nhé.""",
  "đừng commit lên repo nhé")
S(_G, "hinglish-chat-staging-password", "pw",
  """⟦person⟧: bhai staging admin ka password ⟦S⟧ hai, user ⟦user⟧. kisi ko forward mat karna, kal rotate kar denge""",
  "kisi ko forward mat karna")
S(_G, "arabic-note-test-password", "pw",
  """ملاحظة: كلمة المرور لحساب الاختبار ⟦user⟧ هي ⟦S⟧ — يرجى عدم مشاركتها خارج فريق الجودة.""",
  "يرجى عدم مشاركتها")
S(_G, "hebrew-chat-test-env-password", "pw",
  """⟦person⟧: הסיסמה לסביבת הבדיקות (⟦host⟧) היא ⟦S⟧, המשתמש ⟦user⟧. אל תשמור אותה בקוד.""",
  "אל תשמור אותה בקוד")
S(_G, "indonesian-chat-qa-account", "pw",
  """⟦person⟧: password akun QA buat regression besok: ⟦S⟧ (user: ⟦user⟧). Jangan di-share ke grup umum ya.""",
  "Jangan di-share ke grup umum ya")
S(_G, "czech-note-test-account", "pw",
  """Poznámka: heslo k testovacímu účtu ⟦email⟧ je ⟦S⟧, platí do konce sprintu.""",
  "platí do konce sprintu")
S(_G, "greek-chat-staging-password", "pw",
  """⟦person⟧: ο κωδικός για το staging (χρήστης ⟦user⟧) είναι ⟦S⟧, θα τον αλλάξουμε μετά το release.""",
  "θα τον αλλάξουμε μετά το release")
S(_G, "finnish-note-test-credentials", "pw",
  """Muistiinpano: testitunnuksen ⟦user⟧ salasana on ⟦S⟧. Vaihdetaan ensi viikolla.""",
  "Vaihdetaan ensi viikolla")
S(_G, "agent-running-note-found-creds", "pw",
  """- [x] located why login.spec flakes: it reads tests/.env.local, not CI env
- [!] found committed creds in tests/.env.local: E2E_PASSWORD=⟦S⟧ for ⟦email⟧ -> flag to user, needs rotation
- [ ] switch fixture to storageState""",
  "switch fixture to storageState")
S(_G, "agent-goal-with-browserstack-key", "an20",
  """GOAL: rerun the flaky checkout suite on BrowserStack (user ⟦user⟧, key ⟦S⟧) against ⟦browser⟧ and compare video recordings of run ⟦build⟧.""",
  "rerun the flaky checkout suite")
S(_G, "agent-decision-log-pw-abbrev", "pw",
  """Decision: log in as ⟦user⟧ (pw ⟦S⟧, per ⟦person⟧ in #qa) instead of creating a new fixture user, because the signup flow is behind a feature flag on ⟦env⟧.""",
  "behind a feature flag")
S(_G, "jira-comment-repro-steps-login", "pw",
  """*Steps to reproduce* (⟦ticket⟧)
# Log in at https://⟦host⟧ with ⟦email⟧ / ⟦S⟧
# Add any item, apply coupon SPRING10
# Observe total is not updated until reload""",
  "Observe total is not updated")
S(_G, "github-issue-pasted-env-block", "'lk_ an32",
  """**Environment**
```
node 20.12.2
playwright 1.44.0
LOADTEST_API_KEY=⟦S⟧
```
Fails only on the ⟦browser⟧ project, see trace attached.""",
  "see trace attached")
S(_G, "email-vendor-onboarding-credentials", "an50",
  """Subject: Welcome to LambdaTest, ⟦person⟧!

Your account is ready.
  Username:   ⟦user⟧
  Access Key: ⟦S⟧
You can regenerate the key from Account Settings at any time.""",
  "Welcome to LambdaTest")
S(_G, "pairing-notes-creds-slashes", "pw",
  """pairing w/ ⟦person⟧ ⟦date⟧:
 - perf box: ⟦host⟧
 - creds: ⟦user⟧ // ⟦S⟧
 - k6 thresholds p95<400ms failing on /search only""",
  "k6 thresholds p95<400ms")
S(_G, "confluence-env-table-row", "pw",
  """| Environment | URL | Test user | Password | Notes |
|---|---|---|---|---|
| ⟦env⟧ | https://⟦host⟧ | ⟦user⟧ | ⟦S⟧ | reset nightly by seed job |""",
  "reset nightly by seed job")
S(_G, "retro-note-leaked-slack-token", "'xoxb- d12 '- d13 '- an24",
  """Retro ⟦date⟧ – what went wrong:
* someone pasted the alert bot token (⟦S⟧) into #qa-general while debugging; revoked? -> ⟦person⟧ to check""",
  "what went wrong")
S(_G, "chat-answer-bare-password", "pw",
  """⟦person⟧: what's the pass for perf grafana again?
⟦person2⟧: ⟦S⟧
⟦person⟧: ty""",
  "perf grafana again")
S(_G, "whatsapp-key-emoji-message", "pw",
  """[⟦date⟧, ⟦time⟧] ⟦person⟧: device lab iPad login 🔑 ⟦S⟧ (Apple ID ⟦email⟧)""",
  "device lab iPad login")
S(_G, "handover-doc-mock-admin-lines", "pw",
  """Mock servers handover
Mockoon admin UI: http://⟦host⟧:3000  admin / ⟦S⟧
WireMock: no auth, port 8080, mappings in mocks/wiremock/""",
  "mappings in mocks/wiremock/")
S(_G, "code-review-comment-hardcoded-percy", "'web_ hex64",
  """> **⟦person⟧** commented on `percy.setup.js` line 12
> nit: this hardcodes the Percy token (`⟦S⟧`). Please move it to a repo secret and rotate it, it's in the PR history now.""",
  "move it to a repo secret")
S(_G, "triage-note-session-cookie-repro", "bu43",
  """Flaky triage ⟦ticket⟧: reproduced 'cart empty after login' locally by replaying with cookie sid=⟦S⟧ — server returns the pre-merge cart. Not a test bug.""",
  "Not a test bug")
S(_G, "agent-scratchpad-todo-key", "uuid",
  """TODO(agent): wdio.sauce.conf.ts line 8 has key: '⟦S⟧' hardcoded -> replace with process.env.SAUCE_ACCESS_KEY and tell user to rotate""",
  "wdio.sauce.conf.ts line 8")
S(_G, "meeting-minutes-spanish-vendor", "an20",
  """Acta ⟦date⟧ – reunión con el proveedor de device farm
- Credenciales temporales de prueba: usuario ⟦user⟧, clave de API ⟦S⟧
- Acordado: 10 sesiones paralelas hasta fin de mes""",
  "10 sesiones paralelas")
S(_G, "onboarding-checklist-temp-password", "pw",
  """Onboarding checklist for ⟦person⟧
[ ] Testmo account: ⟦email⟧, temporary password ⟦S⟧ (change on first login)
[ ] Join #qa-flaky and #qa-releases""",
  "Join #qa-flaky and #qa-releases")
S(_G, "note-mfa-backup-code", "d4 '- d4",
  """QA shared Google account (⟦email⟧) is locked behind 2FA. If the phone in the device lab is dead use backup code ⟦S⟧ and then regenerate the list.""",
  "regenerate the list")
S(_G, "device-lab-wifi-key", "pw",
  """Device lab Wi-Fi: SSID "QA-Devices-5G", WPA2 key ⟦S⟧ — phones must be on this network for the local tunnel.""",
  "QA-Devices-5G")
S(_G, "note-totp-seed-for-test-admin", "otpseed",
  """MFA for the test admin (⟦user⟧) is enforced now. TOTP secret so the e2e helper can generate codes: ⟦S⟧ (issuer: ⟦org⟧-staging).""",
  "MFA for the test admin")
S(_G, "chat-gpg-passphrase-quoted", "phrasesp",
  """⟦person⟧: the passphrase for the fixtures signing key is "⟦S⟧" — don't ask me why it's that""",
  "fixtures signing key")
S(_G, "chat-android-keystore-password", "pw",
  """⟦person⟧: upload keystore for the QA flavor is in the drive, storepass ⟦S⟧, alias qa-upload""",
  "alias qa-upload")
S(_G, "zoom-chat-log-sauce-key", "uuid",
  """⟦time⟧:14 From ⟦person⟧ to Everyone:
	sauce key for the workshop account is ⟦S⟧
⟦time⟧:15 From ⟦person2⟧ to Everyone:
	thanks!""",
  "to Everyone:")
S(_G, "german-english-mixed-chat", "pw",
  """⟦person⟧: kurze Info – der Perf-User für Gatling ist ⟦user⟧, PW ist ⟦S⟧. Run startet um 23 Uhr.""",
  "Run startet um 23 Uhr")
S(_G, "brazilian-chat-mockoon-token", "'mk_ an28",
  """⟦person⟧: galera, o token do proxy do Mockoon é ⟦S⟧, coloquem no .env local e não no repositório""",
  "não no repositório")
S(_G, "tagalog-chat-test-account", "pw",
  """⟦person⟧: yung password ng test account na ⟦user⟧ ay ⟦S⟧, wag mo i-post sa channel ha""",
  "wag mo i-post sa channel")
S(_G, "thai-note-test-password", "pw",
  """บันทึก: รหัสผ่านบัญชีทดสอบ ⟦user⟧ คือ ⟦S⟧ ห้ามแชร์นอกทีม QA""",
  "ห้ามแชร์นอกทีม QA")
S(_G, "persian-note-test-password", "pw",
  """یادداشت: رمز عبور حساب تست ⟦user⟧ برابر ⟦S⟧ است؛ بعد از تست بار عوض شود.""",
  "بعد از تست بار عوض شود")
S(_G, "romanian-note-test-account", "pw",
  """Notă: parola pentru contul de test ⟦email⟧ este ⟦S⟧. O schimbăm după demo.""",
  "O schimbăm după demo")
S(_G, "hungarian-chat-test-password", "pw",
  """⟦person⟧: a teszt fiók (⟦user⟧) jelszava: ⟦S⟧ — holnap lecseréljük.""",
  "holnap lecseréljük")
S(_G, "norwegian-chat-test-user", "pw",
  """⟦person⟧: passordet til testbrukeren ⟦user⟧ er ⟦S⟧, gjelder bare i ⟦env⟧""",
  "gjelder bare i ⟦env⟧")
S(_G, "swahili-note-test-account", "pw",
  """Kumbuka: nenosiri la akaunti ya majaribio ⟦user⟧ ni ⟦S⟧. Usiliweke kwenye msimbo.""",
  "Usiliweke kwenye msimbo")
S(_G, "agent-session-summary-db-pass", "pw",
  """Session summary: ran ./scripts/seed.sh against ⟦host⟧ with DB_PASS=⟦S⟧ (from ⟦person⟧'s message); 1,200 buyers and 80 sellers inserted; flaky test ⟦spec⟧ now passes 20/20.""",
  "now passes 20/20")
S(_G, "onepassword-share-paste", "pw",
  """Shared with you via 1Password (expires in 7 days)
Title: Pact Broker (QA)
Username: ⟦user⟧
Password: ⟦S⟧
Website: https://⟦host⟧""",
  "Shared with you via 1Password")
S(_G, "postmortem-old-aws-secret", "awssecret",
  """Postmortem ⟦ticket⟧: the devicefarm upload key AKIA⟦=up16⟧ (secret ⟦S⟧) was printed in a public CI log for ~40 min before being deactivated.""",
  "was printed in a public CI log")
S(_G, "dm-ssh-key-passphrase", "phrasedot",
  """⟦person⟧: ssh key for the appium macs has a passphrase btw: ⟦S⟧""",
  "appium macs")
S(_G, "gemini-memories-note", "pw",
  """## Gemini Added Memories
- The user prefers Playwright over Cypress for new suites.
- The staging admin account is ⟦email⟧ with password ⟦S⟧.""",
  "Gemini Added Memories")
S(_G, "claude-md-test-login-line", "pw",
  """## Testing
- Run `npm run test:e2e -- --project=chromium` before pushing.
- Test login (staging only): ⟦email⟧ / ⟦S⟧""",
  "npm run test:e2e -- --project=chromium")
S(_G, "agents-md-codex-note-token", "'qat_ an40",
  """# AGENTS.md
When seeding data locally, call the fixtures API with header `X-QA-Token: ⟦S⟧`; never call it against production.""",
  "never call it against production")
S(_G, "catalan-note-test-password", "pw",
  """Nota: la contrasenya de l'usuari de proves ⟦user⟧ és ⟦S⟧. Canvieu-la després de la demo.""",
  "Canvieu-la després de la demo")

# ===========================================================================
# SECRETS -- ci-and-deploy
# ===========================================================================
_G = "ci-and-deploy"
S(_G, "gha-workflow-env-hardcoded-key", "an20",
  """jobs:
  e2e-browserstack:
    runs-on: ubuntu-latest
    env:
      BROWSERSTACK_USERNAME: ⟦user⟧
      BROWSERSTACK_ACCESS_KEY: ⟦S⟧
    steps:
      - uses: actions/checkout@v4""",
  "e2e-browserstack:")
S(_G, "gitlab-ci-variables-block", "uuid",
  """variables:
  SAUCE_USERNAME: "⟦user⟧"
  SAUCE_ACCESS_KEY: "⟦S⟧"
  PLAYWRIGHT_WORKERS: "4"

e2e:sauce:
  stage: test""",
  "PLAYWRIGHT_WORKERS: \"4\"")
S(_G, "jenkinsfile-environment-literal", "an50",
  """pipeline {
  agent { label 'qa-docker' }
  environment {
    LT_USERNAME   = '⟦user⟧'
    LT_ACCESS_KEY = '⟦S⟧'
  }
  stages { stage('UI') { steps { sh 'npm run test:lt' } } }
}""",
  "agent { label 'qa-docker' }")
S(_G, "circleci-job-environment", "uuid",
  """  cypress-run:
    docker:
      - image: cypress/browsers:node-20.12.2-chrome-124.0.6367.155-1-ff-125.0.3-edge-124.0.2478.51-1
    environment:
      CYPRESS_RECORD_KEY: ⟦S⟧
    parallelism: 4""",
  "parallelism: 4")
S(_G, "azure-pipelines-variables-list", "pw",
  """variables:
  - name: testEnvironment
    value: ⟦env⟧
  - name: testAdminPassword
    value: '⟦S⟧'
stages:
  - stage: E2E""",
  "- stage: E2E")
S(_G, "bitbucket-pipelines-export-token", "'web_ hex64",
  """pipelines:
  pull-requests:
    '**':
      - step:
          name: Visual tests
          script:
            - export PERCY_TOKEN=⟦S⟧
            - npx percy exec -- npm run test:visual""",
  "name: Visual tests")
S(_G, "travis-env-global-secure-miss", "uuid",
  """env:
  global:
    - SAUCE_USERNAME=⟦user⟧
    - SAUCE_ACCESS_KEY=⟦S⟧
addons:
  sauce_connect: true""",
  "sauce_connect: true")
S(_G, "drone-step-environment", "bu22",
  """steps:
  - name: pact-verify
    image: pactfoundation/pact-cli:latest
    environment:
      PACT_BROKER_BASE_URL: https://⟦host⟧
      PACT_BROKER_TOKEN: ⟦S⟧""",
  "name: pact-verify")
S(_G, "buildkite-pipeline-env", "hex64",
  """steps:
  - label: ":k6: soak test"
    command: k6 cloud run tests/soak.js
    env:
      K6_CLOUD_TOKEN: "⟦S⟧"
      K6_CLOUD_PROJECT_ID: "⟦num⟧\"""",
  ":k6: soak test")
S(_G, "teamcity-kotlin-dsl-param", "pw",
  """object NightlyRegression : BuildType({
    name = "Nightly regression"
    params {
        param("env.E2E_ADMIN_PASSWORD", "⟦S⟧")
        param("env.BASE_URL", "https://⟦host⟧")
    }
})""",
  "Nightly regression")
S(_G, "gha-run-step-curl-basic", "pw",
  """      - name: Reset test data
        run: |
          curl -fsS -u ⟦user⟧:⟦S⟧ -X POST https://⟦host⟧/api/testdata/reset
          echo "reset done\"""",
  "Reset test data")
S(_G, "gha-action-with-access-key-literal", "an20",
  """      - name: BrowserStack env setup
        uses: browserstack/github-actions/setup-env@master
        with:
          username: ⟦user⟧
          access-key: ⟦S⟧
          build-name: BUILD_INFO""",
  "browserstack/github-actions/setup-env@master")
S(_G, "gitlab-script-docker-login-p", "pw",
  """build-runner-image:
  stage: build
  script:
    - docker login -u ⟦user⟧ -p '⟦S⟧' registry.⟦dom⟧
    - docker build -t registry.⟦dom⟧/qa/runner:$CI_COMMIT_SHORT_SHA .""",
  "build-runner-image:")
S(_G, "k8s-secret-stringdata-manifest", "pw",
  """apiVersion: v1
kind: Secret
metadata:
  name: selenium-grid-auth
  namespace: qa
type: Opaque
stringData:
  SE_ROUTER_USERNAME: ⟦user⟧
  SE_ROUTER_PASSWORD: ⟦S⟧""",
  "selenium-grid-auth")
S(_G, "k8s-secret-data-base64-manifest", "b64pw",
  """apiVersion: v1
kind: Secret
metadata:
  name: wiremock-admin
data:
  admin-password: ⟦S⟧""",
  "wiremock-admin")
S(_G, "k8s-deployment-env-value-literal", "an40",
  """      containers:
        - name: mock-gateway
          image: wiremock/wiremock:3.6.0
          env:
            - name: UPSTREAM_API_KEY
              value: "⟦S⟧\"""",
  "mock-gateway")
S(_G, "ci-helm-upgrade-set-token", "an32",
  """helm upgrade --install wiremock ./charts/wiremock \\
  --namespace qa-mocks \\
  --set admin.token=⟦S⟧ \\
  --set image.tag=3.6.0""",
  "--namespace qa-mocks")
S(_G, "argocd-application-helm-parameters", "pw",
  """spec:
  source:
    repoURL: https://github.com/⟦org⟧/qa-infra
    path: charts/pact-broker
    helm:
      parameters:
        - name: broker.basicAuth.password
          value: ⟦S⟧""",
  "charts/pact-broker")
S(_G, "terraform-plan-nonsensitive-password", "pw",
  """  # module.grid.aws_db_instance.results will be created
  + resource "aws_db_instance" "results" {
      + engine    = "postgres"
      + username  = "⟦user⟧"
      + password  = "⟦S⟧"
    }""",
  "aws_db_instance.results")
S(_G, "ansible-playbook-extra-vars-inline", "pw",
  """- name: Provision device lab
  run: ansible-playbook -i inventories/devicelab deploy-appium.yml -e "appium_admin_password=⟦S⟧ xcode_version=15.3\"""",
  "Provision device lab")
S(_G, "gha-services-mysql-root-password", "pw",
  """    services:
      mysql:
        image: mysql:8.4
        env:
          MYSQL_ROOT_PASSWORD: ⟦S⟧
          MYSQL_DATABASE: ⟦db⟧
        ports: ["3306:3306"]""",
  "image: mysql:8.4")
S(_G, "gitlab-services-postgres-variables", "pw",
  """integration-tests:
  services:
    - name: postgres:16
      alias: db
  variables:
    POSTGRES_DB: ⟦db⟧
    POSTGRES_PASSWORD: "⟦S⟧\"""",
  "integration-tests:")
S(_G, "jenkins-casc-usernamepassword", "pw",
  """credentials:
  system:
    domainCredentials:
      - credentials:
          - usernamePassword:
              scope: GLOBAL
              id: "grid-admin"
              username: "⟦user⟧"
              password: "⟦S⟧\"""",
  "id: \"grid-admin\"")
S(_G, "tekton-pipelinerun-param-value", "bu22",
  """spec:
  pipelineRef:
    name: contract-tests
  params:
    - name: pact-broker-token
      value: ⟦S⟧""",
  "name: contract-tests")
S(_G, "gha-workflow-dispatch-default-token", "'qat_ an40",
  """on:
  workflow_dispatch:
    inputs:
      fixtures_token:
        description: token for the fixtures API
        default: "⟦S⟧\"""",
  "workflow_dispatch:")
S(_G, "gitlab-trigger-token-curl", "'glptt- hex40",
  """curl -X POST --fail -F token=⟦S⟧ -F ref=main -F "variables[SUITE]=regression" https://gitlab.⟦dom⟧/api/v4/projects/⟦n⟧/trigger/pipeline""",
  "variables[SUITE]=regression")
S(_G, "jenkins-remote-build-token-url", "an32",
  """curl -X POST "https://jenkins.⟦dom⟧/job/e2e-nightly/buildWithParameters?token=⟦S⟧&SUITE=smoke&BROWSER=⟦browser⟧\"""",
  "job/e2e-nightly/buildWithParameters")
S(_G, "heroku-api-key-ci-env", "'HRKU-AA bu58",
  """deploy-review-app:
  script: heroku container:release web -a ⟦proj⟧-pr-⟦pr⟧
  variables:
    HEROKU_API_KEY: ⟦S⟧""",
  "deploy-review-app:")
S(_G, "vercel-deploy-token-flag", "an24",
  """      - run: npx vercel deploy --prebuilt --token ⟦S⟧ --scope ⟦org⟧ > preview-url.txt""",
  "preview-url.txt")
S(_G, "netlify-auth-token-env", "'nfp_ an36",
  """[[plugins]]
package = "netlify-plugin-cypress"
# set in UI? no, here for now:
[build.environment]
NETLIFY_AUTH_TOKEN = "⟦S⟧\"""",
  "netlify-plugin-cypress")
S(_G, "fly-api-token-secret-env", "'fm2_ b64120",
  """      - run: flyctl deploy --remote-only -a ⟦proj⟧-mocks
        env:
          FLY_API_TOKEN: FlyV1 ⟦S⟧""",
  "flyctl deploy --remote-only")
S(_G, "firebase-token-ci-variable", "'1//0 bu98",
  """distribute-qa-build:
  script:
    - firebase appdistribution:distribute build/app-qa.apk --app "$FIREBASE_APP_ID" --groups testers
  variables:
    FIREBASE_TOKEN: "⟦S⟧\"""",
  "distribute-qa-build:")
S(_G, "bitrise-yml-app-envs", "phrase",
  """app:
  envs:
  - BITRISE_PROJECT_PATH: QAShop.xcworkspace
  - MATCH_PASSWORD: ⟦S⟧
  - BITRISE_SCHEME: QAShop-UITests""",
  "QAShop.xcworkspace")
S(_G, "codemagic-yaml-vars", "an20",
  """workflows:
  ios-ui-tests:
    environment:
      vars:
        BROWSERSTACK_USERNAME: ⟦user⟧
        BROWSERSTACK_ACCESS_KEY: ⟦S⟧
      xcode: 15.3""",
  "ios-ui-tests:")
S(_G, "appcenter-test-run-token", "hex40",
  """appcenter test run appium --app "⟦org⟧/QAShop-Android" --devices ⟦=hex8⟧ --app-path app.apk --test-series "master" --locale "en_US" --build-dir target/upload --token ⟦S⟧""",
  "--test-series \"master\"")
S(_G, "devicefarm-ci-env-aws-secret", "awssecret",
  """  schedule-devicefarm-run:
    env:
      AWS_ACCESS_KEY_ID: AKIA⟦=up16⟧
      AWS_SECRET_ACCESS_KEY: ⟦S⟧
      AWS_DEFAULT_REGION: us-west-2""",
  "schedule-devicefarm-run:")
S(_G, "serverless-yml-environment-key", "an40",
  """provider:
  name: aws
  runtime: nodejs20.x
  environment:
    MOCK_PARTNER_API_KEY: ⟦S⟧
functions:
  mockPartner: { handler: src/mock.handler }""",
  "mockPartner")
S(_G, "docker-build-arg-npm-token", "'npm_ an36",
  """docker build --build-arg NPM_TOKEN=⟦S⟧ -t ⟦org⟧/e2e-runner:⟦sha7⟧ -f docker/e2e.Dockerfile .""",
  "docker/e2e.Dockerfile")
S(_G, "dockerfile-arg-default-token", "'ghp_ an36",
  """FROM node:20-bookworm
ARG GH_PACKAGES_TOKEN=⟦S⟧
RUN echo "//npm.pkg.github.com/:_authToken=${GH_PACKAGES_TOKEN}" > .npmrc && npm ci""",
  "FROM node:20-bookworm")
S(_G, "gha-echo-to-github-env", "bu22",
  """      - name: Export broker token
        run: echo "PACT_BROKER_TOKEN=⟦S⟧" >> "$GITHUB_ENV\"""",
  "Export broker token")
S(_G, "gitlab-base-url-with-userinfo", "pwu",
  """e2e:staging:
  variables:
    E2E_BASE_URL: "https://⟦user⟧:⟦S⟧@⟦host⟧"
  script: npx playwright test --grep @staging""",
  "npx playwright test --grep @staging")
S(_G, "sonar-scanner-token-flag-ci", "'sqp_ hex40",
  """  sonar:
    stage: quality
    script:
      - sonar-scanner -Dsonar.host.url=https://⟦host⟧ -Dsonar.token=⟦S⟧ -Dsonar.qualitygate.wait=true""",
  "sonar.qualitygate.wait=true")
S(_G, "codecov-action-token-literal", "uuid",
  """      - uses: codecov/codecov-action@v4
        with:
          files: coverage/lcov.info
          flags: e2e
          token: ⟦S⟧""",
  "coverage/lcov.info")
S(_G, "allurectl-upload-token-flag", "uuid",
  """allurectl upload --endpoint https://allure.⟦dom⟧ --token ⟦S⟧ --project-id ⟦n⟧ --launch-name "nightly-⟦date⟧" allure-results""",
  "allure-results")
S(_G, "reportportal-ci-env-api-key", "'ci_ bu48",
  """  variables:
    RP_ENDPOINT: https://⟦host⟧
    RP_PROJECT: ⟦proj⟧
    RP_API_KEY: ⟦S⟧
    RP_LAUNCH: "regression-$CI_PIPELINE_ID\"""",
  "RP_PROJECT: ⟦proj⟧")
S(_G, "testmo-cli-token-env", "'testmo_api_ bu40",
  """      - run: npx testmo automation:run:submit --instance https://⟦org⟧.testmo.net --project-id ⟦n⟧ --name "CI run" --source e2e --results results/*.xml
        env:
          TESTMO_TOKEN: ⟦S⟧""",
  "automation:run:submit")
S(_G, "qase-testops-token-env", "hex64",
  """    env:
      QASE_MODE: testops
      QASE_TESTOPS_PROJECT: WEB
      QASE_TESTOPS_API_TOKEN: ⟦S⟧""",
  "QASE_MODE: testops")
S(_G, "currents-cypress-cloud-key", "an16",
  """      - run: npx cypress-cloud run --parallel --record --key ⟦S⟧ --ci-build-id ${{ github.run_id }}-${{ github.run_attempt }}""",
  "npx cypress-cloud run --parallel")
S(_G, "cypress-included-docker-run-env", "uuid",
  """docker run --rm -v $PWD:/e2e -w /e2e -e CYPRESS_RECORD_KEY=⟦S⟧ cypress/included:13.10.0 --record --group smoke""",
  "cypress/included:13.10.0")
S(_G, "k6-operator-testrun-env", "hex64",
  """apiVersion: k6.io/v1alpha1
kind: TestRun
metadata:
  name: checkout-spike
spec:
  parallelism: 4
  runner:
    env:
      - name: K6_CLOUD_TOKEN
        value: "⟦S⟧\"""",
  "kind: TestRun")
S(_G, "pulumi-config-set-plaintext", "pw",
  """pulumi config set qa-grid:adminPassword '⟦S⟧' --stack ⟦org⟧/qa-grid/⟦env⟧""",
  "qa-grid:adminPassword")
S(_G, "kustomize-secretgenerator-literals", "pw",
  """secretGenerator:
  - name: locust-target-creds
    literals:
      - username=⟦user⟧
      - password=⟦S⟧""",
  "locust-target-creds")
S(_G, "docker-secret-create-echo", "pw",
  """printf '%s' '⟦S⟧' | docker secret create reportportal_db_password -""",
  "reportportal_db_password")
S(_G, "cloudbuild-yaml-step-env", "'qat_ an40",
  """steps:
  - name: mcr.microsoft.com/playwright:v1.44.0-jammy
    entrypoint: npx
    args: ["playwright", "test", "--shard=1/4"]
    env:
      - "BASE_URL=https://⟦host⟧"
      - "FIXTURES_TOKEN=⟦S⟧\"""",
  "--shard=1/4")
S(_G, "codebuild-buildspec-env-variables", "pw",
  """version: 0.2
env:
  variables:
    TEST_DB_HOST: ⟦host⟧
    TEST_DB_PASSWORD: ⟦S⟧
phases:
  build:
    commands: [ "mvn -B verify -Pintegration" ]""",
  "mvn -B verify -Pintegration")
S(_G, "bamboo-specs-yaml-variables", "pw",
  """variables:
  grid.url: https://⟦host⟧/wd/hub
  grid.password: ⟦S⟧
stages:
  - Selenium regression:
      jobs: [ Run suite ]""",
  "Selenium regression")
S(_G, "woodpecker-step-environment", "'glpat- bu20",
  """steps:
  sync-fixtures:
    image: alpine/git
    environment:
      FIXTURES_REPO_TOKEN: ⟦S⟧
    commands:
      - git clone https://oauth2:$FIXTURES_REPO_TOKEN@gitlab.⟦dom⟧/qa/fixtures.git""",
  "sync-fixtures:")
S(_G, "gha-ssh-private-key-with-block", "pem_ed_i12",
  """      - uses: webfactory/ssh-agent@v0.9.0
        with:
          ssh-private-key: |
            -----BEGIN OPENSSH PRIVATE KEY-----
            ⟦S⟧
            -----END OPENSSH PRIVATE KEY-----""",
  "webfactory/ssh-agent@v0.9.0")
S(_G, "gitlab-before-script-ec-key-echo", "pem_ec_i4",
  """before_script:
  - mkdir -p ~/.ssh && chmod 700 ~/.ssh
  - |
    cat > ~/.ssh/devicelab_key <<'EOF'
    -----BEGIN EC PRIVATE KEY-----
    ⟦S⟧
    -----END EC PRIVATE KEY-----
    EOF""",
  "chmod 700 ~/.ssh")
S(_G, "jenkinsfile-sh-hardcoded-admin", "pw",
  """    stage('Warm up grid') {
      steps {
        sh "curl -fsS -u admin:⟦S⟧ https://⟦host⟧/se/grid/graphql -d '{\\"query\\":\\"{ grid { sessionCount } }\\"}'"
      }
    }""",
  "stage('Warm up grid')")
S(_G, "renovate-json-hostrules-token", "'ghp_ an36",
  """{
  "extends": ["config:recommended"],
  "hostRules": [
    { "matchHost": "npm.pkg.github.com", "token": "⟦S⟧" }
  ]
}""",
  "config:recommended")
S(_G, "dependabot-yml-registry-password", "pw",
  """registries:
  nexus-qa:
    type: maven-repository
    url: https://nexus.⟦dom⟧/repository/maven-qa/
    username: ⟦user⟧
    password: ⟦S⟧""",
  "type: maven-repository")

# ===========================================================================
# SECRETS -- vendor-token
# ===========================================================================
_G = "vendor-token"
S(_G, "github-classic-pat-header", "'ghp_ an36",
  """curl -s -H "Authorization: token ⟦S⟧" https://api.github.com/repos/⟦org⟧/⟦proj⟧/actions/runs?status=failure | jq '.workflow_runs[0].html_url'""",
  "api.github.com/repos/⟦org⟧/⟦proj⟧")
S(_G, "github-oauth-gho-hosts-yml", "'gho_ an36",
  """# ~/.config/gh/hosts.yml
github.com:
    oauth_token: ⟦S⟧
    user: ⟦user⟧
    git_protocol: https""",
  "~/.config/gh/hosts.yml")
S(_G, "github-app-installation-ghs", "'ghs_ an36",
  """installation token for qa-checks-bot (expires ⟦ts⟧): ⟦S⟧""",
  "qa-checks-bot")
S(_G, "github-fine-grained-pat", "'github_pat_11 up7 an15 '_ an59",
  """GH_TOKEN=⟦S⟧  # fine-grained, read-only on ⟦org⟧/⟦proj⟧, expires ⟦date⟧""",
  "fine-grained, read-only")
S(_G, "gitlab-pat-private-token-header", "'glpat- bu20",
  """curl --header "PRIVATE-TOKEN: ⟦S⟧" "https://gitlab.⟦dom⟧/api/v4/projects/⟦n⟧/pipelines?ref=main&status=failed\"""",
  "PRIVATE-TOKEN")
S(_G, "gitlab-runner-register-glrt", "'glrt- bu20",
  """gitlab-runner register --non-interactive --url https://gitlab.⟦dom⟧ --token ⟦S⟧ --executor docker --docker-image mcr.microsoft.com/playwright:v1.44.0-jammy --description qa-e2e-runner-⟦n⟧""",
  "--description qa-e2e-runner-⟦n⟧")
S(_G, "gitlab-deploy-token-gldt", "'gldt- bu20",
  """Deploy token "fixtures-readonly" created. Username: gitlab+deploy-token-⟦num⟧  Token: ⟦S⟧ (shown once)""",
  "fixtures-readonly")
S(_G, "slack-bot-token-env", "'xoxb- d13 '- d13 '- an24",
  """SLACK_BOT_TOKEN=⟦S⟧
SLACK_CHANNEL=#qa-nightly""",
  "SLACK_CHANNEL=#qa-nightly")
S(_G, "slack-user-token-xoxp", "'xoxp- d12 '- d12 '- d13 '- hex32",
  """const web = new WebClient('⟦S⟧'); // my user token, for uploading the allure summary""",
  "allure summary")
S(_G, "slack-app-level-token-xapp", "'xapp-1-A0 up9 '- d13 '- hex64",
  """SLACK_APP_TOKEN=⟦S⟧  # socket mode for the /flaky slash command""",
  "/flaky slash command")
S(_G, "slack-incoming-webhook-bare", "an24",
  """https://hooks.slack.com/services/T0⟦=up8⟧/B0⟦=up9⟧/⟦S⟧""",
  "hooks.slack.com/services")
S(_G, "aws-access-key-pair-pasted", "awssecret",
  """AKIA⟦=up16⟧
⟦S⟧
(devicefarm-uploader, created ⟦date⟧)""",
  "devicefarm-uploader")
S(_G, "aws-session-token-env", "'IQoJb3JpZ2luX2VjE b64300",
  """AWS_ACCESS_KEY_ID=ASIA⟦=up16⟧
AWS_SESSION_TOKEN=⟦S⟧""",
  "AWS_SESSION_TOKEN=")
S(_G, "stripe-secret-test-key", "'sk_test_51 an96",
  """STRIPE_SECRET_KEY=⟦S⟧
STRIPE_PUBLISHABLE_KEY=pk_test_51⟦=an96⟧""",
  "STRIPE_PUBLISHABLE_KEY")
S(_G, "stripe-restricted-key", "'rk_test_51 an96",
  """restricted key for the refund e2e suite (read charges, write refunds): ⟦S⟧""",
  "refund e2e suite")
S(_G, "stripe-webhook-signing-secret", "'whsec_ an32",
  """$ stripe listen --forward-to localhost:4242/webhook
> Ready! Your webhook signing secret is ⟦S⟧ (^C to quit)""",
  "Ready! Your webhook signing secret is")
S(_G, "twilio-sid-and-auth-token", "hex32",
  """TWILIO_ACCOUNT_SID=AC⟦=hex32⟧
TWILIO_AUTH_TOKEN=⟦S⟧
TWILIO_FROM=+1555⟦=d7⟧""",
  "TWILIO_FROM=+1555")
S(_G, "twilio-api-key-sid-secret", "an32",
  """api key sid: SK⟦=hex32⟧
api key secret: ⟦S⟧""",
  "api key sid: SK")
S(_G, "sendgrid-api-key", "'SG. bu22 '. bu43",
  """sendgrid:
  api_key: ⟦S⟧
  sandbox_mode: true""",
  "sandbox_mode: true")
S(_G, "mailgun-private-api-key", "'key- hex32",
  """curl -s --user 'api:⟦S⟧' https://api.mailgun.net/v3/sandbox⟦=hex32⟧.mailgun.org/messages -F to=⟦email⟧ -F subject='qa'""",
  "api.mailgun.net/v3/sandbox")
S(_G, "mailosaur-api-key-env", "an16",
  """MAILOSAUR_API_KEY=⟦S⟧
MAILOSAUR_SERVER_ID=⟦=lo8⟧""",
  "MAILOSAUR_SERVER_ID=")
S(_G, "mailtrap-api-token-header", "hex32",
  """Api-Token: ⟦S⟧
GET https://mailtrap.io/api/accounts/⟦num⟧/inboxes/⟦num2⟧/messages""",
  "mailtrap.io/api/accounts")
S(_G, "google-api-key-aiza", "'AIza bu35",
  """maps key used by the store-locator tests (server-side geocoding, NOT restricted): ⟦S⟧""",
  "store-locator tests")
S(_G, "google-oauth-client-secret", "'GOCSPX- bu28",
  """{"installed":{"client_id":"⟦=d12⟧-⟦=lo32⟧.apps.googleusercontent.com","project_id":"⟦proj⟧","client_secret":"⟦S⟧","redirect_uris":["http://localhost"]}}""",
  "apps.googleusercontent.com")
S(_G, "openai-project-key", "'sk-proj- bu48 'T3BlbkFJ bu48",
  """OPENAI_API_KEY=⟦S⟧  # used by the test-case generator script""",
  "test-case generator script")
S(_G, "anthropic-api-key", "'sk-ant-api03- bu93 'AA",
  """export ANTHROPIC_API_KEY="⟦S⟧"   # flaky-test classifier experiment""",
  "flaky-test classifier experiment")
S(_G, "npm-automation-token", "'npm_ an36",
  """//registry.npmjs.org/:_authToken=⟦S⟧""",
  "registry.npmjs.org")
S(_G, "pypi-api-token", "'pypi-AgEIcHlwaS5vcmcCJ bu120",
  """[pypi]
  username = __token__
  password = ⟦S⟧""",
  "username = __token__")
S(_G, "docker-hub-pat", "'dckr_pat_ bu27",
  """echo ⟦S⟧ | docker login -u ⟦user⟧ --password-stdin   # Docker Hub PAT, read-only""",
  "Docker Hub PAT, read-only")
S(_G, "browserstack-user-key-pair", "an20",
  """BrowserStack — Access key
Username: ⟦user⟧
Access Key: ⟦S⟧""",
  "BrowserStack")
S(_G, "saucelabs-user-key-url", "uuid",
  """https://⟦user⟧:⟦S⟧@ondemand.us-west-1.saucelabs.com:443/wd/hub""",
  "ondemand.us-west-1.saucelabs.com")
S(_G, "lambdatest-access-key-lt-prefix", "'LT_ an44",
  """LT_ACCESS_KEY="⟦S⟧\"""",
  "LT_ACCESS_KEY=")
S(_G, "postman-api-key-header", "'PMAK- hex24 '- hex34",
  """X-Api-Key: ⟦S⟧
GET https://api.getpostman.com/environments""",
  "api.getpostman.com/environments")
S(_G, "pactflow-read-write-token", "bu22",
  """PACT_BROKER_BASE_URL=https://⟦org⟧.pactflow.io
PACT_BROKER_TOKEN=⟦S⟧""",
  "pactflow.io")
S(_G, "k6-cloud-token-bare-env", "hex64",
  """K6_CLOUD_TOKEN=⟦S⟧""",
  "K6_CLOUD_TOKEN=")
S(_G, "grafana-service-account-token", "'glsa_ an32 '_ hex8",
  """Authorization: Bearer ⟦S⟧
POST https://grafana.⟦dom⟧/api/annotations  {"text":"k6 spike test start","tags":["perf"]}""",
  "k6 spike test start")
S(_G, "grafana-cloud-access-policy-token", "'glc_eyJvIjoi b64120 '==",
  """GRAFANA_CLOUD_TOKEN=⟦S⟧  # k6 results → Grafana Cloud metrics""",
  "Grafana Cloud metrics")
S(_G, "datadog-api-key-env", "hex32",
  """DD_SITE=datadoghq.eu
DD_API_KEY=⟦S⟧
DD_CIVISIBILITY_AGENTLESS_ENABLED=true""",
  "DD_CIVISIBILITY_AGENTLESS_ENABLED=true")
S(_G, "datadog-application-key-header", "hex40",
  """DD-APPLICATION-KEY: ⟦S⟧
GET https://api.datadoghq.com/api/v2/ci/tests/events?filter[query]=@test.status:fail""",
  "ci/tests/events")
S(_G, "new-relic-user-key", "'NRAK- up27",
  """NEW_RELIC_API_KEY=⟦S⟧  # synthetics monitors for checkout""",
  "synthetics monitors")
S(_G, "sentry-auth-token-sntrys", "'sntrys_eyJpYXQiOjE b6490 '_ an43",
  """[auth]
token=⟦S⟧""",
  "[auth]")
S(_G, "percy-project-token-app", "'app_ hex64",
  """PERCY_TOKEN=⟦S⟧  # App Percy, android visual suite""",
  "App Percy")
S(_G, "applitools-api-key", "an43 '110",
  """APPLITOOLS_API_KEY=⟦S⟧
APPLITOOLS_BATCH_NAME="Checkout visual ⟦date⟧\"""",
  "APPLITOOLS_BATCH_NAME")
S(_G, "cypress-record-key-bare", "uuid",
  """Record key for project ⟦=lo6⟧ ("web-e2e"): ⟦S⟧""",
  "(\"web-e2e\")")
S(_G, "testrail-api-key-basic", "an20 '- an9",
  """TESTRAIL_USER=⟦email⟧
TESTRAIL_API_KEY=⟦S⟧""",
  "TESTRAIL_USER=⟦email⟧")
S(_G, "azure-devops-pat-52", "b3252",
  """AZURE_DEVOPS_EXT_PAT=⟦S⟧""",
  "AZURE_DEVOPS_EXT_PAT")
S(_G, "azure-storage-connection-string", "azkey",
  """DefaultEndpointsProtocol=https;AccountName=⟦=lo10⟧qa;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net""",
  "EndpointSuffix=core.windows.net")
S(_G, "hashicorp-vault-token-env", "'hvs. an24",
  """VAULT_ADDR=https://vault.⟦dom⟧:8200
VAULT_TOKEN=⟦S⟧""",
  "VAULT_ADDR=https://vault.⟦dom⟧:8200")
S(_G, "terraform-cloud-team-token", "an14 '.atlasv1. an67",
  """credentials "app.terraform.io" {
  token = "⟦S⟧"
}""",
  "app.terraform.io")
S(_G, "doppler-service-token", "'dp.st.prd_qa. an40",
  """DOPPLER_TOKEN=⟦S⟧ doppler run -- npm run test:e2e""",
  "npm run test:e2e")
S(_G, "circleci-personal-token", "'CCIPAT_ an22 '_ hex40",
  """curl -s -H "Circle-Token: ⟦S⟧" https://circleci.com/api/v2/insights/gh/⟦org⟧/⟦proj⟧/workflows/e2e/test-metrics""",
  "test-metrics")
S(_G, "buildkite-api-token", "'bkua_ hex40",
  """BUILDKITE_API_TOKEN=⟦S⟧  # used by flaky-test dashboard scraper""",
  "flaky-test dashboard scraper")
S(_G, "sonarqube-user-token", "'squ_ hex40",
  """SONAR_TOKEN=⟦S⟧""",
  "SONAR_TOKEN=")
S(_G, "snyk-api-token", "uuid",
  """snyk config set api=⟦S⟧""",
  "snyk config set")
S(_G, "atlassian-api-token", "'ATATT3xFfGF0 bu170 '= HEX8",
  """JIRA_EMAIL=⟦email⟧
JIRA_API_TOKEN=⟦S⟧  # for auto-filing flaky test tickets""",
  "auto-filing flaky test tickets")
S(_G, "linear-api-key", "'lin_api_ an40",
  """curl https://api.linear.app/graphql -H "Authorization: ⟦S⟧" -d '{"query":"{ issues(filter:{labels:{name:{eq:\\"flaky\\"}}}) { nodes { id } } }"}'""",
  "api.linear.app/graphql")
S(_G, "huggingface-token", "'hf_ an34",
  """HF_TOKEN=⟦S⟧  # pulls the screenshot-diff model for visual triage""",
  "screenshot-diff model")
S(_G, "telegram-bot-token", "d10 ':AA bu33",
  """https://api.telegram.org/bot⟦S⟧/sendMessage?chat_id=-100⟦=d10⟧&text=nightly%20failed""",
  "sendMessage?chat_id=")
S(_G, "discord-bot-token", "'MT an24 '. bu6 '. bu38",
  """DISCORD_BOT_TOKEN=⟦S⟧""",
  "DISCORD_BOT_TOKEN=")
S(_G, "digitalocean-pat", "'dop_v1_ hex64",
  """doctl auth init --access-token ⟦S⟧ --context qa-perf""",
  "--context qa-perf")
S(_G, "cloudflare-api-token", "bu40",
  """CLOUDFLARE_API_TOKEN=⟦S⟧  # purge cache after deploying the mock docs""",
  "purge cache")
S(_G, "okta-ssws-api-token", "'00 bu40",
  """Authorization: SSWS ⟦S⟧
POST https://⟦org⟧-qa.okta.com/api/v1/users?activate=true""",
  "okta.com/api/v1/users")
S(_G, "heroku-api-key-hrku", "'HRKU-AA bu58",
  """machine api.heroku.com
  login ⟦email⟧
  password ⟦S⟧""",
  "machine api.heroku.com")
S(_G, "shopify-admin-access-token", "'shpat_ hex32",
  """X-Shopify-Access-Token: ⟦S⟧
GET https://⟦org⟧-qa.myshopify.com/admin/api/2024-04/orders.json?status=any""",
  "myshopify.com/admin/api")
S(_G, "ngrok-authtoken-env", "'2 an26 '_ an21",
  """NGROK_AUTHTOKEN=⟦S⟧""",
  "NGROK_AUTHTOKEN=")
S(_G, "jfrog-reference-token", "'cmVmdGtuOjAxOjE b6448",
  """JFROG_ACCESS_TOKEN=⟦S⟧""",
  "JFROG_ACCESS_TOKEN=")
S(_G, "bitbucket-app-password", "'ATBB an32 HEX8",
  """bitbucket app password for qa-bot (repos:read, pipelines:write): ⟦S⟧""",
  "pipelines:write")
S(_G, "figma-personal-access-token", "'figd_ bu40",
  """X-Figma-Token: ⟦S⟧   # visual regression compares against design frames""",
  "design frames")
S(_G, "notion-integration-secret", "'ntn_ an46",
  """NOTION_TOKEN=⟦S⟧  # release-notes test report page""",
  "release-notes test report page")
S(_G, "supabase-service-role-jwt", "jwt",
  """SUPABASE_URL=https://⟦=lo20⟧.supabase.co
SUPABASE_SERVICE_ROLE_KEY=⟦S⟧""",
  "supabase.co")
S(_G, "firebase-fcm-legacy-server-key", "'AAAA bu7 ':APA91b bu134",
  """Authorization: key=⟦S⟧
POST https://fcm.googleapis.com/fcm/send""",
  "fcm.googleapis.com/fcm/send")
S(_G, "algolia-admin-api-key", "hex32",
  """ALGOLIA_APP_ID=⟦=up10⟧
ALGOLIA_ADMIN_KEY=⟦S⟧  # reindex fixtures before search tests""",
  "reindex fixtures before search tests")
S(_G, "contentful-management-token", "'CFPAT- bu43",
  """contentful space import --space-id ⟦=lo12⟧ --management-token ⟦S⟧ --content-file fixtures/cms-seed.json""",
  "fixtures/cms-seed.json")
S(_G, "kobiton-api-key", "uuid",
  """https://⟦user⟧:⟦S⟧@api.kobiton.com/wd/hub""",
  "api.kobiton.com/wd/hub")
S(_G, "perfecto-security-token", "jwt",
  """perfecto:
  cloud: ⟦org⟧.perfectomobile.com
  securityToken: ⟦S⟧""",
  "perfectomobile.com")
S(_G, "testingbot-key-secret", "hex32",
  """TB_KEY=⟦=hex32⟧
TB_SECRET=⟦S⟧""",
  "TB_KEY=")
S(_G, "bitrise-personal-access-token", "bu86",
  """curl -H "Authorization: ⟦S⟧" https://api.bitrise.io/v0.1/apps/⟦=hex16⟧/builds?workflow=ui-tests""",
  "api.bitrise.io")
S(_G, "qase-api-token-header", "hex64",
  """Token: ⟦S⟧
POST https://api.qase.io/v1/result/WEB/⟦n⟧""",
  "api.qase.io/v1/result")
S(_G, "checkly-api-key", "'cu_ hex32",
  """CHECKLY_ACCOUNT_ID=⟦uuid⟧
CHECKLY_API_KEY=⟦S⟧""",
  "CHECKLY_ACCOUNT_ID=")
S(_G, "ghost-inspector-api-key", "hex40",
  """https://api.ghostinspector.com/v1/suites/⟦=hex24⟧/execute/?apiKey=⟦S⟧&startUrl=https://⟦host⟧""",
  "api.ghostinspector.com/v1/suites")
S(_G, "blazemeter-key-id-secret", "hex64",
  """BlazeMeter API key
  id:     ⟦=hex24⟧
  secret: ⟦S⟧""",
  "BlazeMeter API key")
S(_G, "apify-api-token", "'apify_api_ an36",
  """APIFY_TOKEN=⟦S⟧  # crawler that collects broken links for the link-check suite""",
  "link-check suite")
S(_G, "browserless-token-ws-url", "hex32",
  """const browser = await puppeteer.connect({ browserWSEndpoint: 'wss://chrome.browserless.io?token=⟦S⟧' });""",
  "puppeteer.connect")
S(_G, "vercel-access-token-env", "an24",
  """VERCEL_TOKEN=⟦S⟧
VERCEL_ORG_ID=team_⟦=an24⟧""",
  "VERCEL_ORG_ID=team_")

# ===========================================================================
# BENIGN look-alikes (no credential in any of them)
# ===========================================================================
_G = "command"
B(_G, """git checkout ⟦sha⟧ -- tests/e2e/⟦spec⟧""")
B(_G, """git bisect start ⟦sha⟧ ⟦sha2⟧ && git bisect run npx playwright test ⟦spec⟧ --repeat-each=10""")
B(_G, """docker pull selenium/standalone-chrome@sha256:⟦sha64⟧""")
B(_G, """curl -s -H "Authorization: Bearer $FIXTURES_TOKEN" https://⟦host⟧/api/fixtures/status | jq .""")
B(_G, """curl -H "X-Request-Id: ⟦uuid⟧" -H "traceparent: 00-⟦hex32⟧-⟦hex16⟧-01" https://⟦host⟧/api/health""")
B(_G, """vault kv get -field=password ⟦secpath⟧""")
B(_G, """op read "op://QA Shared/⟦word⟧-⟦env⟧/password" > /dev/null && echo ok""")
B(_G, """aws secretsmanager get-secret-value --secret-id qa/⟦env⟧/⟦db⟧ --query SecretString --output text | jq -r .username""")
B(_G, """kubectl -n qa get secret e2e-creds-⟦n⟧ -o jsonpath='{.data.password}' | wc -c""")
B(_G, """gh secret list --repo ⟦org⟧/⟦proj⟧ | grep -E 'SAUCE|BROWSERSTACK|PERCY'""")
B(_G, """sha256sum allure-report-⟦build⟧.zip > allure-report-⟦build⟧.zip.sha256""")
B(_G, """jmeter -n -t plans/⟦word⟧.jmx -Jpassword=${__P(password)} -Jusers=${__P(users,50)} -l out-⟦build⟧.jtl""")
B(_G, """newman run collections/⟦proj⟧.json --env-var "apiKey={{apiKey}}" --env-var "baseUrl=https://⟦host⟧\"""")
B(_G, """mysql -h ⟦host⟧ -u ⟦user⟧ -p ⟦db⟧   # prompts for the password, nothing on the command line""")
B(_G, """psql -h ⟦host⟧ -U ⟦user⟧ -W -d ⟦db⟧ -c '\\dt test_*'""")
B(_G, """ssh-keygen -lf ~/.ssh/id_ed25519_⟦word⟧.pub""")
B(_G, """openssl rand -hex 32 | vault kv put ⟦secpath⟧ value=-""")
B(_G, """echo -n '⟦word⟧-fixtures-v⟦n⟧' | base64""")
B(_G, """export ⟦envvar⟧="${⟦envvar⟧:?set ⟦envvar⟧ in your shell first}\"""")
B(_G, """npx playwright test --grep @smoke --trace on --output test-results/⟦uuid⟧""")
B(_G, """k6 run -e BASE_URL=https://⟦host⟧ -e VUS=⟦n⟧ -e DURATION=10m scripts/⟦word⟧-soak.js""")
B(_G, """BrowserStackLocal --key "$BROWSERSTACK_ACCESS_KEY" --local-identifier gha-⟦runid⟧""")
B(_G, """sc run -u "$SAUCE_USERNAME" -k "$SAUCE_ACCESS_KEY" --tunnel-name ci-⟦build⟧""")
B(_G, """npx cypress run --record --key $CYPRESS_RECORD_KEY --ci-build-id ⟦runid⟧-⟦n⟧""")
B(_G, """pact-broker can-i-deploy --pacticipant web-checkout --version ⟦sha⟧ --to-environment ⟦env⟧ --broker-token "$PACT_BROKER_TOKEN\"""")
B(_G, """git log --format='%H %s' ⟦sha7⟧..HEAD -- tests/""")
B(_G, """docker run --rm -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password -v ./secrets:/run/secrets:ro --name pg-⟦word⟧-⟦n⟧ postgres:16""")
B(_G, """adb -s ⟦=hex16⟧ shell pm clear com.⟦org⟧.qa""")

_G = "tool-output"
B(_G, """⟦sha7⟧ fix(e2e): wait for network idle before asserting basket total
⟦sha7_2=hex7⟧ test: quarantine ⟦spec⟧ on webkit (⟦ticket⟧)
⟦sha7_3=hex7⟧ chore(deps): bump @playwright/test to ⟦ver⟧""")
B(_G, """⟦sha64⟧  allure-report-⟦build⟧.zip""")
B(_G, """REPOSITORY                      TAG       IMAGE ID       CREATED        SIZE
selenium/node-chrome            ⟦ver⟧     ⟦=hex12⟧   ⟦n⟧ hours ago   1.42GB
wiremock/wiremock               3.6.0     ⟦=hex12⟧   2 weeks ago    412MB""")
B(_G, """Running 142 tests using 4 workers
  1 flaky
    [webkit] › ⟦spec⟧:⟦n⟧:5 › ⟦tname⟧
  141 passed (⟦n⟧.4m)
  Trace: test-results/⟦word⟧-⟦hex16⟧-retry1/trace.zip""")
B(_G, """     checks.........................: ⟦pct⟧% ✓ ⟦num⟧ ✗ ⟦n⟧
     http_req_duration..............: avg=⟦n⟧ms p(95)=⟦ms⟧ms
     http_req_failed................: 0.⟦n⟧%
     iterations.....................: ⟦num⟧""")
B(_G, """summary = ⟦num⟧ in 00:10:00 = ⟦n⟧.4/s Avg: ⟦n⟧ Min: 3 Max: ⟦ms⟧ Err: ⟦n⟧ (0.⟦n⟧%)""")
B(_G, """tests/test_auth.py::test_password_reset_token_expires PASSED  [ ⟦n⟧%]
tests/test_auth.py::test_login_rejects_wrong_password PASSED    [ ⟦n⟧%]
tests/test_auth.py::test_api_key_rotation_invalidates_old_key XFAIL""")
B(_G, """⟦envvar⟧=********
BASE_URL=https://⟦host⟧
HEADLESS=true""")
B(_G, """Run npx playwright test --project=⟦browser⟧
  env:
    ⟦envvar⟧: ***
    BASE_URL: https://⟦host⟧""")
B(_G, """NAME                     TYPE                                  DATA   AGE
e2e-creds                Opaque                                2      ⟦n⟧d
default-token-⟦=lo5⟧       kubernetes.io/service-account-token   3      ⟦n⟧d
regcred                  kubernetes.io/dockerconfigjson        1      ⟦n⟧d""")
B(_G, """======= Metadata =======
Key                Value
---                -----
created_time       ⟦ts⟧
custom_metadata    <nil>
deletion_time      n/a
destroyed          false
version            ⟦n⟧""")
B(_G, """256 ⟦fp⟧ ci@runner-⟦n⟧ (ED25519)""")
B(_G, """pub   ed25519 ⟦date⟧ [SC]
      ⟦gpgfp⟧
uid           [ultimate] QA Release Signing <qa-release@⟦dom⟧>""")
B(_G, """Computer says yes \\o/
CONSUMER       | C.VERSION  | PROVIDER   | P.VERSION  | SUCCESS?
web-checkout   | ⟦sha7⟧    | orders-api | ⟦sha7_2=hex7⟧    | true""")
B(_G, """View job on Sauce Labs: https://app.saucelabs.com/tests/⟦hex32⟧""")
B(_G, """Session: https://automate.browserstack.com/builds/⟦sha⟧/sessions/⟦sha2⟧""")
B(_G, """"RepoDigests": [
    "mcr.microsoft.com/playwright@sha256:⟦sha64⟧"
]""")
B(_G, """{
    "UserId": "AIDA⟦=up17⟧",
    "Account": "⟦acct⟧",
    "Arn": "arn:aws:iam::⟦acct⟧:user/svc-devicefarm-qa"
}""")
B(_G, """  Recorded Run: https://cloud.cypress.io/projects/⟦=lo6⟧/runs/⟦build⟧""")
B(_G, """<testcase classname="auth.PasswordResetTest" name="token_expires_after_15_minutes" time="⟦n⟧.2"/>
<testcase classname="auth.ApiKeyTest" name="rejects_revoked_key" time="0.⟦n⟧"/>""")
B(_G, """added ⟦n⟧1 packages, and audited ⟦n⟧2 packages in ⟦n⟧s
found 0 vulnerabilities
npm notice integrity: sha512-⟦=b6486⟧==""")
B(_G, """$ gh secret list
BROWSERSTACK_ACCESS_KEY  Updated ⟦date⟧
PACT_BROKER_TOKEN        Updated ⟦date2⟧
SAUCE_ACCESS_KEY         Updated ⟦date3⟧""")
B(_G, """Pulling fs layer ⟦=hex12⟧
Digest: sha256:⟦sha64⟧
Status: Downloaded newer image for wiremock/wiremock:3.6.0""")
B(_G, """Type Name                      Size     Modified
 f   trace-⟦uuid⟧.zip   ⟦num⟧   ⟦date⟧""")

_G = "config-file"
B(_G, """# .env.example -- copy to .env.qa and fill in
BASE_URL=https://⟦host⟧
E2E_ADMIN_EMAIL=
E2E_ADMIN_PASSWORD=
⟦envvar⟧=<your-key-here>""")
B(_G, """spring:
  datasource:
    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧
    username: ${DB_USER}
    password: ${DB_PASSWORD}""")
B(_G, """        env:
          - name: ⟦envvar⟧
            valueFrom:
              secretKeyRef:
                name: ⟦proj⟧-secrets
                key: ⟦word⟧""")
B(_G, """{ "key": "adminPassword", "value": "", "type": "secret", "enabled": true },
{ "key": "runId", "value": "⟦uuid⟧", "type": "default", "enabled": true }""")
B(_G, """spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}
spring.datasource.url=jdbc:mysql://⟦host⟧:3306/⟦db⟧""")
B(_G, """"node_modules/@playwright/test": {
  "version": "⟦ver⟧",
  "resolved": "https://registry.npmjs.org/@playwright/test/-/test-⟦ver⟧.tgz",
  "integrity": "sha512-⟦=b6486⟧=="
}""")
B(_G, """    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password
      POSTGRES_DB: ⟦db⟧
    secrets: [pg_password]""")
B(_G, """  use: {
    baseURL: process.env.BASE_URL ?? 'https://⟦host⟧',
    httpCredentials: { username: process.env.HTTP_USER!, password: process.env.HTTP_PASS! },
  },""")
B(_G, """userName: ${BROWSERSTACK_USERNAME}
accessKey: ${BROWSERSTACK_ACCESS_KEY}
buildName: ⟦proj⟧-⟦build⟧""")
B(_G, """    user: process.env.SAUCE_USERNAME,
    key: process.env.SAUCE_ACCESS_KEY,
    region: '⟦region⟧',""")
B(_G, """<server>
  <id>nexus-qa-⟦n⟧</id>
  <username>${env.NEXUS_USER}</username>
  <password>${env.NEXUS_PASSWORD}</password>
</server>""")
B(_G, """//registry.npmjs.org/:_authToken=${NPM_TOKEN}
@⟦org⟧:registry=https://npm.pkg.github.com""")
B(_G, """STRIPE_PUBLISHABLE_KEY=pk_test_51⟦=an96⟧""")
B(_G, """# authorized_keys on the device-lab macs
⟦sshpub⟧ ⟦user⟧@qa-laptop-⟦n⟧""")
B(_G, """⟦host⟧ ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB⟦=b6487⟧=""")
B(_G, """-----BEGIN CERTIFICATE-----
⟦certline⟧
⟦b64line⟧
⟦b64line2⟧
-----END CERTIFICATE-----""")
B(_G, """{"keys":[{"kty":"RSA","use":"sig","kid":"⟦hex16⟧","alg":"RS256","e":"AQAB","n":"⟦=bu342⟧"}]}""")
B(_G, """db_password: ENC[AES256_GCM,data:⟦=b6424⟧,iv:⟦=b6443⟧=,tag:⟦=b6422⟧==,type:str]
sops:
    kms:
        - arn: arn:aws:kms:⟦region⟧:⟦acct⟧:key/⟦uuid⟧""")
B(_G, """grid_password: !vault |
          $ANSIBLE_VAULT;1.1;AES256
          ⟦=hex64⟧
          ⟦=hex64⟧""")
B(_G, """spec:
  encryptedData:
    password: AgB⟦=b64120⟧
  template:
    metadata:
      name: pact-broker-auth-⟦n⟧""")
B(_G, """[pytest]
env =
    D:BASE_URL=https://⟦host⟧
    D:RUN_ID=⟦uuid⟧
markers = smoke, flaky""")
B(_G, """*** Variables ***
${PASSWORD}       %{E2E_PASSWORD}
${BASE_URL}       https://⟦host⟧""")
B(_G, """password_policy:
  min_length: 14
  require_symbol: true
  max_age_days: ⟦n⟧
  history: 5""")
B(_G, """<parameter name="password" value="${qa.password}"/>
<parameter name="runId" value="⟦uuid⟧"/>""")
B(_G, """browsers: chrome:headless
screenshots:
  path: artifacts/⟦build⟧/
  pathPattern: ${TEST_ID}/${RUN_ID}-⟦hex16⟧.png""")

_G = "source-code"
B(_G, """password = os.environ["E2E_PASSWORD"]
user = os.environ.get("E2E_USER", "⟦user⟧")""")
B(_G, """await page.fill('#password', process.env.E2E_PASSWORD!);
await expect(page).toHaveURL(/dashboard\\?session=[0-9a-f-]{36}/); // ⟦ticket⟧""")
B(_G, """it('rejects an expired token for ⟦word⟧ accounts', async () => {
  const res = await api.get('/me', { headers: { Authorization: `Bearer ${expiredToken}` } });
  expect(res.status).toBe(401);
});""")
B(_G, """const ORDER_ID = '⟦uuid⟧'; // fixture order from seed ⟦n⟧""")
B(_G, """const cacheKey = createHash('sha256').update(`${suite}:${'⟦sha⟧'}`).digest('hex');""")
B(_G, """expect(res.headers['etag']).toBe('"⟦hex32⟧"');""")
B(_G, """assert len(token) == 40, "github tokens are 40 chars incl. prefix"
assert token.startswith(("ghp_", "ghs_")), "⟦spec⟧ fixture ⟦n⟧\"""")
B(_G, """MASK = "********"
def mask(v: str) -> str:
    return v[:4] + MASK if len(v) > ⟦n⟧ else MASK""")
B(_G, """password_field = page.locator("input[type=password]")
expect(password_field).to_have_attribute("autocomplete", "current-password")  # ⟦ticket⟧, ⟦browser⟧""")
B(_G, """const user = { email: faker.internet.email(), password: faker.internet.password({ length: ⟦n⟧ }) };""")
B(_G, """cy.get('[data-cy=password]').type(Cypress.env('adminPassword'), { log: false }) // ⟦tname⟧ (⟦ticket⟧)""")
B(_G, """driver.findElement(By.id("password")).sendKeys(System.getenv("QA_PASSWORD")); // ⟦ticket⟧""")
B(_G, """SECRET_NAME = "qa/⟦env⟧/browserstack"
creds = secrets_client.get_secret_value(SecretId=SECRET_NAME)""")
B(_G, """expect(Buffer.from('⟦b64text⟧', 'base64').toString()).toContain(' ')""")
B(_G, """TOKEN_RE = re.compile(r"(ghp|gho|ghs)_[A-Za-z0-9]{36}")  # used by the log scrubber test ⟦n⟧""")
B(_G, """@pytest.mark.parametrize("pw", ["short", "nodigits", "NOLOWER1!", ""])
def test_password_policy_rejects(pw, ⟦word⟧_client):""")
B(_G, """const key = process.env.BROWSERSTACK_ACCESS_KEY ?? (() => { throw new Error('missing key for build ⟦build⟧'); })();""")
B(_G, """// sha of the golden screenshot for ⟦tname⟧
const GOLDEN = '⟦sha64⟧';""")
B(_G, """stubFor(get(urlPathEqualTo("/v1/tokens/⟦uuid⟧"))
    .willReturn(aResponse().withStatus(404)));""")
B(_G, """HEADER_JWT_EXAMPLE = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"  # header only, decodes to {"alg":"HS256","typ":"JWT"} - ⟦word⟧""")
B(_G, """const pk = loadStripe('pk_test_51⟦=an96⟧');""")
B(_G, """public static final String KMS_KEY_ID = "arn:aws:kms:⟦region⟧:⟦acct⟧:key/⟦uuid⟧";""")
B(_G, """export const TRACE_ID = '⟦hex32⟧'; export const SPAN_ID = '⟦hex16⟧';""")
B(_G, """if err := db.Ping(); err != nil { t.Fatalf("db at %s unreachable (password from $%s)", host, "⟦envvar⟧") }""")

_G = "stack-trace-or-log"
B(_G, """⟦ts⟧ INFO  req_id=⟦uuid⟧ trace_id=⟦hex32⟧ POST /api/orders 201 ⟦ms⟧ms""")
B(_G, """⟦ts⟧ WARN  login failed for user ⟦user⟧: invalid password (attempt ⟦n⟧/5)""")
B(_G, """⟦ts⟧ ERROR Authorization header missing on GET /api/cart (client=k6, req=⟦uuid⟧)""")
B(_G, """⟦ts⟧ DEBUG token refreshed for ⟦user⟧, expires_in=3600, kid=⟦hex16⟧""")
B(_G, """⟦ts⟧ INFO sqlalchemy.engine.Engine connect postgresql://⟦user⟧:***@⟦host⟧:5432/⟦db⟧""")
B(_G, """ -------------- celery@worker-⟦n⟧ v5.4.0
- ** ---------- .> transport:   amqp://⟦user⟧:**@⟦host⟧:5672//
- ** ---------- .> results:     redis://:**@⟦host2⟧:6379/0""")
B(_G, """⟦ts⟧ INFO config loaded: db.password=[REDACTED] grid.key=[REDACTED] run=⟦uuid⟧""")
B(_G, """⟦ts⟧ INFO uploaded screenshot etag="⟦hex32⟧" content-md5=⟦=b6422⟧==""")
B(_G, """⟦ts⟧ INFO Sentry event captured: ⟦hex32⟧""")
B(_G, """[Pipeline] withCredentials
Masking supported pattern matches of $SAUCE_ACCESS_KEY
[Pipeline] sh
+ npx wdio run wdio.sauce.conf.ts --spec ⟦spec⟧""")
B(_G, """time="⟦ts⟧" level=warning msg="Request Failed" error="unexpected status 401" url=https://⟦host⟧/api/orders?page=⟦n⟧""")
B(_G, """java.lang.NullPointerException: Cannot invoke "WebElement.sendKeys(CharSequence[])" because "passwordField" is null
	at com.⟦org⟧.qa.pages.LoginPage.enterPassword(LoginPage.java:⟦n⟧)""")
B(_G, """Error: locator.fill: Timeout 30000ms exceeded.
  - waiting for getByLabel('Password')
    at tests/⟦spec⟧:⟦n⟧:18""")
B(_G, """⟦ts⟧ INFO Pulled image "selenium/node-firefox@sha256:⟦sha64⟧\"""")
B(_G, """⟦ts⟧ INFO Using stored credentials 'browserstack-qa' (id: browserstack-qa-⟦n⟧)""")
B(_G, """::add-mask::***
⟦ts⟧ Retrieved secret ⟦envvar⟧ from ⟦secpath⟧ (version ⟦n⟧)""")
B(_G, """⟦ts⟧ WARN Password for account ⟦email⟧ expires in ⟦n⟧ days; rotation job scheduled""")
B(_G, """⟦ts⟧ INFO x-amz-request-id=⟦=HEX16⟧ x-amz-id-2=⟦=b6476⟧=""")
B(_G, """⟦ts⟧ INFO session ⟦sha⟧ finished on BrowserStack (status=passed, duration=⟦ms⟧ms)""")
B(_G, """⟦ts⟧ INFO Using AWS docs example key id AKIAIOSFODNN7EXAMPLE in localstack for ⟦word⟧ tests""")
B(_G, """⟦ts⟧ DEBUG cache hit playwright-browsers-⟦sha64⟧""")
B(_G, """Caused by: org.postgresql.util.PSQLException: FATAL: password authentication failed for user "⟦user⟧"
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:⟦n⟧3)""")
B(_G, """⟦ts⟧ audit: user=⟦user⟧ action=secret.read path=⟦secpath⟧ result=allowed""")
B(_G, """⟦ts⟧ INFO mapping ⟦uuid⟧ matched POST /payments/v1/charges (stub: charge_succeeded_⟦n⟧)""")

_G = "note-or-chat"
B(_G, """Rotated the BrowserStack key this morning; the new one is in 1Password under "QA Grid / BrowserStack". Nothing to change in CI, it reads ⟦envvar⟧. — ⟦person⟧""")
B(_G, """Reminder from ⟦person⟧: test accounts need 14+ chars with a digit and a symbol and expire every ⟦n⟧ days. Use the seed job to reset, don't DM passwords.""")
B(_G, """Please don't paste tokens in Slack, use op:// references or the vault path (⟦secpath⟧).""")
B(_G, """Das Passwort für den Staging-User liegt im Vault unter ⟦secpath⟧ – bitte dort nachschauen, nicht im Chat fragen.""")
B(_G, """La clé d'accès Sauce Labs est dans le coffre (⟦secpath⟧) ; ne la copiez pas dans les tickets. ⟦person⟧""")
B(_G, """Flaky: ⟦spec⟧ retried 3x on webkit; trace id ⟦hex32⟧, run ⟦build⟧. Looks like animation timing, not auth.""")
B(_G, """The token in the failing request was expired (exp ⟦date⟧), not invalid — the clock on runner-⟦n⟧ was 9 minutes off.""")
B(_G, """Commit ⟦sha⟧ fixed the race in the password-reset test; closing ⟦ticket⟧.""")
B(_G, """⟦person⟧: where do I find the k6 cloud token?
⟦person2⟧: it's the K6_CLOUD_TOKEN secret in the perf repo, ask ⟦person3⟧ for access if you can't see it""")
B(_G, """Decision: keep test passwords out of fixtures; factories call faker.internet.password() and the seed job writes them to ⟦secpath⟧.""")
B(_G, """パスワードはチャットに貼らないでください。Vault（⟦secpath⟧）を参照してください。""")
B(_G, """测试账号的密码已经放到 1Password 的 “QA 共享” 保险库里了，别再发到群里。— ⟦person⟧""")
B(_G, """La contraseña del usuario de pruebas se rota cada ⟦n⟧ días; búscala en ⟦secpath⟧.""")
B(_G, """Standup ⟦date⟧: ⟦person⟧ – pact verification green after ⟦sha7⟧; ⟦person2⟧ – LambdaTest key expired, renewed via the portal (stored as LT_ACCESS_KEY).""")
B(_G, """Note: the "sk_test_" prefix alone does not mean test mode is safe to share — treat every Stripe secret key as a secret. (from the security guild, ⟦date⟧)""")
B(_G, """⟦person⟧: password for the grid? ⟦person2⟧: not in chat :) it's in the QA vault, item "Selenium Grid ⟦env⟧\"""")
B(_G, """Triage ⟦ticket⟧: login test fails with "invalid_grant" only when the refresh token is older than 24h; repro id ⟦uuid⟧.""")
B(_G, """Agent note: confirmed ⟦envvar⟧ is set in CI (masked as ***); local run uses .env.qa which is gitignored.""")
B(_G, """TODO: ask ⟦person⟧ to regenerate the Percy token — the old one was revoked on ⟦date⟧ (no value recorded here).""")
B(_G, """Our password policy: at least 14 characters, no reuse of the last 5, MFA required for admin test accounts. Questions → #qa-security (⟦person⟧)""")
B(_G, """Hinweis: Der Schlüssel mit der ID ⟦hex16⟧ ist der öffentliche Schlüssel für die JWT-Prüfung – kein Geheimnis.""")
B(_G, """PSA: the user id AIDA⟦=up17⟧ in the CloudTrail screenshot is just an IAM user id, not a key. ⟦person⟧""")
B(_G, """Example from the AWS docs for the localstack tests: access key AKIAIOSFODNN7EXAMPLE with the docs secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY (placeholders, ⟦word⟧ run ⟦n⟧)""")
B(_G, """Renamed env var SAUCE_KEY → SAUCE_ACCESS_KEY in ⟦proj⟧ (PR #⟦pr⟧). Update your local .env.""")
B(_G, """Pairing notes ⟦date⟧: creds come from the vault at runtime; test user is ⟦user⟧, password not written down on purpose.""")

_G = "ci-and-deploy"
B(_G, """    env:
      BROWSERSTACK_USERNAME: ${{ secrets.BROWSERSTACK_USERNAME }}
      BROWSERSTACK_ACCESS_KEY: ${{ secrets.BROWSERSTACK_ACCESS_KEY }}
      BUILD_NAME: ⟦proj⟧-${{ github.run_id }}-⟦n⟧""")
B(_G, """  script:
    - docker login -u gitlab-ci-token -p "$CI_JOB_TOKEN" "$CI_REGISTRY"
    - docker pull "$CI_REGISTRY_IMAGE/runner:⟦sha7⟧\"""")
B(_G, """withCredentials([usernamePassword(credentialsId: 'sauce-qa-⟦n⟧', usernameVariable: 'SAUCE_USERNAME', passwordVariable: 'SAUCE_ACCESS_KEY')]) {
  sh 'npx wdio run wdio.sauce.conf.ts'
}""")
B(_G, """      - uses: actions/cache@⟦sha⟧ # v4.0.2
        with:
          path: ~/.cache/ms-playwright
          key: ${{ runner.os }}-playwright-${{ hashFiles('package-lock.json') }}""")
B(_G, """Cache restored from key: Linux-playwright-⟦sha64⟧""")
B(_G, """      - uses: actions/checkout@⟦sha⟧ # v4.1.⟦n⟧""")
B(_G, """permissions:
  id-token: write
  contents: read
steps:
  - uses: aws-actions/configure-aws-credentials@v4
    with:
      role-to-assume: arn:aws:iam::⟦acct⟧:role/gha-devicefarm-⟦env⟧
      aws-region: ⟦region⟧""")
B(_G, """  + password = (sensitive value)
  + username = "⟦user⟧"
  + endpoint = "⟦host⟧:5432\"""")
B(_G, """image: mcr.microsoft.com/playwright@sha256:⟦sha64⟧""")
B(_G, """variables:
  SAUCE_ACCESS_KEY: $SAUCE_ACCESS_KEY_MASKED   # defined as protected+masked in project settings
  RUN_TAG: nightly-⟦date⟧""")
B(_G, """        env:
          - name: PACT_BROKER_TOKEN
            valueFrom:
              secretKeyRef: { name: pact-broker-⟦env⟧, key: token }""")
B(_G, """environment {
    GRID_CREDS = credentials('selenium-grid-⟦env⟧')
}""")
B(_G, """      - run: echo "::add-mask::$FIXTURES_TOKEN" && npm run seed -- --run-id ⟦uuid⟧""")
B(_G, """steps:
  - label: ":playwright: shard ⟦n⟧"
    command: npx playwright test --shard=⟦n⟧/8
    plugins:
      - vault-secrets#v2.2.1:
          server: https://vault.⟦dom⟧
          path: ⟦secpath⟧""")
B(_G, """deploy:
  needs: [e2e]
  if: github.ref == 'refs/heads/main'
  environment: ⟦env⟧
  steps:
    - run: echo "deploying ⟦sha⟧\"""")
B(_G, """- name: Upload allure results
  uses: actions/upload-artifact@v4
  with:
    name: allure-results-${{ matrix.browser }}-⟦n⟧
    retention-days: ⟦n⟧""")
B(_G, """apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
spec:
  secretStoreRef: { name: vault-qa, kind: ClusterSecretStore }
  data:
    - secretKey: password
      remoteRef: { key: ⟦secpath⟧, property: password }""")
B(_G, """ARG NPM_TOKEN
RUN --mount=type=secret,id=npm_token,target=/root/.npmrc npm ci  # build ⟦build⟧""")
B(_G, """Pipeline #⟦num⟧ passed for ⟦sha7⟧ on ⟦branch⟧ (e2e: ⟦n⟧ passed, 0 failed)""")
B(_G, """codecov:
  token: ${{ secrets.CODECOV_TOKEN }}
  flags: [e2e-⟦n⟧]""")
B(_G, """helm upgrade --install wiremock ./charts/wiremock --set admin.existingSecret=wiremock-admin --set image.digest=sha256:⟦sha64⟧""")
B(_G, """pulumi config set --secret qa-grid:adminPassword   # value read from stdin, stack ⟦org⟧/qa-grid/⟦env⟧""")
B(_G, """      - name: Verify artifact checksum
        run: echo "⟦sha64⟧  app-qa-⟦build⟧.apk" | sha256sum -c -""")
B(_G, """  rules:
    - if: '$CI_PIPELINE_SOURCE == "trigger"'
  variables:
    TRIGGER_TOKEN: "$QA_TRIGGER_TOKEN"   # project-level variable ⟦n⟧""")

_G = "vendor-token"
B(_G, """STRIPE_PUBLISHABLE_KEY=pk_live_51⟦=an96⟧   # publishable, safe in the frontend bundle""")
B(_G, """GITHUB_TOKEN=ghp_************************************ (masked, ⟦date⟧)""")
B(_G, """Stripe key on file: sk_test_…⟦=an4⟧ (last 4 shown in dashboard, run ⟦n⟧)""")
B(_G, """aws_access_key_id = AKIAIOSFODNN7EXAMPLE   # docs placeholder, overridden by the instance role (⟦word⟧)""")
B(_G, """SLACK_BOT_TOKEN=xoxb-your-bot-token-here  # see README step ⟦n⟧""")
B(_G, """TWILIO_ACCOUNT_SID=AC⟦hex32⟧   # account identifier (not the auth token)""")
B(_G, """SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # template for ⟦proj⟧""")
B(_G, """GOOGLE_OAUTH_CLIENT_ID=⟦=d12⟧-⟦=lo32⟧.apps.googleusercontent.com""")
B(_G, """SAUCE_USERNAME=⟦user⟧   # access key comes from the vault at ⟦secpath⟧""")
B(_G, """cypress.config.ts: projectId: '⟦=lo6⟧'   # public project id, record key is a CI secret""")
B(_G, """DD_API_KEY=<DATADOG_API_KEY>  # ⟦team⟧""")
B(_G, """X-Api-Key: PMAK-<redacted>   (collection ⟦uuid⟧)""")
B(_G, """Key-Pair-Id: K⟦=up13⟧  (CloudFront public key id for the fixtures CDN)""")
B(_G, """AZURE_CLIENT_ID=⟦uuid⟧
AZURE_TENANT_ID=⟦uuid2⟧
AZURE_USE_OIDC=true""")
B(_G, """PERCY_TOKEN=${{ secrets.PERCY_TOKEN }}   # project ⟦proj⟧""")
B(_G, """LT_USERNAME=⟦user⟧
LT_ACCESS_KEY=${LT_ACCESS_KEY}""")
B(_G, """github_pat_<redacted>   # fine-grained token for ⟦org⟧/⟦proj⟧ lives in the org secret store""")
B(_G, """NPM_TOKEN=npm_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX   # placeholder in docs/ci.md (⟦n⟧)""")
B(_G, """hvs.<token>   # obtain with: vault login -method=oidc role=qa-⟦env⟧""")
B(_G, """-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE⟦=b6428⟧
⟦=b6456⟧==
-----END PUBLIC KEY-----""")
B(_G, """age recipient: age1⟦=b3258⟧   # public recipient for sops (⟦team⟧)""")
B(_G, """kid=⟦hex16⟧ alg=RS256 use=sig  # JWKS entry for the QA IdP""")
B(_G, """SNYK_ORG_ID=⟦uuid⟧   # org id, the API token is stored in the CI secret store""")
B(_G, """SENTRY_ORG=⟦org⟧
SENTRY_PROJECT=web-e2e
SENTRY_RELEASE=e2e-⟦sha7⟧   # SENTRY_AUTH_TOKEN is injected by CI, not stored here""")


# ===========================================================================
# assembly
# ===========================================================================
_PER_GROUP_TARGET = 187
_BENIGN_TARGET = 952


def _draw_secret_entry(group, fmt, kind, tpl, vis, used):
    for _ in range(200):
        ctx = _Ctx()
        sec = _spec(kind, ctx)
        if len(sec) < 6 or sec in used:
            continue
        ctx.v["S"] = sec
        text = _render(tpl, ctx)
        visible = _render(vis, ctx) if vis else ""
        if visible and (sec in visible or visible not in text):
            continue
        if sec not in text:
            continue
        used.add(sec)
        return (group, fmt, text, sec, visible)
    raise RuntimeError("could not draw an entry for %s" % fmt)


def _build():
    formats = set()
    order = []
    by_group = {}
    for t in _STPL:
        if t[1] in formats:
            raise ValueError("duplicate format %s" % t[1])
        formats.add(t[1])
        if t[0] not in by_group:
            by_group[t[0]] = []
            order.append(t[0])
        by_group[t[0]].append(t)
    used = set()
    secrets = []
    for g in order:
        ts = by_group[g]
        n = len(ts)
        threes = n if 3 * n <= _PER_GROUP_TARGET else max(0, _PER_GROUP_TARGET - 2 * n)
        for i, (grp, fmt, kind, tpl, vis) in enumerate(ts):
            for _ in range(3 if i < threes else 2):
                secrets.append(_draw_secret_entry(grp, fmt, kind, tpl, vis, used))
    long_secrets = sorted(s for s in used if len(s) >= 8)
    benign = []
    seen = set()
    rounds = max(t[2] for t in _BTPL)
    for r in range(rounds):
        for (_g, tpl, n) in _BTPL:
            if r >= n or len(benign) >= _BENIGN_TARGET:
                continue
            for _ in range(200):
                txt = _render(tpl, _Ctx())
                if txt in seen:
                    continue
                if any(s in txt for s in long_secrets):
                    continue
                break
            else:
                raise RuntimeError("could not draw a benign string for %r" % tpl[:40])
            seen.add(txt)
            benign.append(txt)
    return secrets, benign


SECRETS, BENIGN = _build()
