"""Blind hold-out corpus #36 for a secret-redaction engine.

What it is
    A fixed, deterministic set of text fragments of the kind a coding agent
    (Claude Code, Codex, Gemini CLI) keeps as its working state: goals,
    running notes, shell commands it ran, tool output, excerpts of files it
    opened, decisions, chat messages pasted in by teammates, log lines and CI
    configuration.  Each fragment in SECRETS carries exactly one credential
    that must be removed; each fragment in BENIGN carries none, although it
    looks secret-ish to a naive scanner.  The corpus measures a redaction
    engine on text it was never tuned on.

Theme
    Web front-end and content developers: CMSs (WordPress, Drupal, Strapi,
    Contentful, Sanity, Ghost, Craft, Umbraco, ...), static hosts and edge
    platforms (Netlify, Vercel, Cloudflare, Fly, Render), headless commerce
    (Shopify, BigCommerce, WooCommerce, commercetools, Stripe, PayPal),
    browser extensions, analytics and tag managers, A/B testing and feature
    flags, maps and media APIs, form and email services, search-as-a-service,
    design tools' APIs, agencies handing sites over to clients and
    freelancers' notes.  All eight groups are still covered.

Provenance
    Written blind, from general knowledge only: no other corpus, no rule set
    and no engine source was read while writing it, and no search tool or
    web page was consulted.  Where a vendor's real credential shape is known
    it is imitated (prefix, alphabet, length); where it is unknown a
    plausible one was invented.  All hosts, people, companies and values are
    fictitious: client and agency hosts use reserved names (.example, .test),
    vendor endpoints appear only with invented account, store or project
    names, IP addresses come from private or documentation ranges, and every
    credential is a fresh random draw.

Layout
    SECRETS  list of about 1,480 5-tuples (group, format, text, secret, visible)
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token -- about 185 of each
             format   kebab-case name of the shape; each format is used at
                      most 3 times (about 650 distinct formats)
             text     the fragment as the agent recorded it
             secret   the exact substring of text that must not survive
                      redaction (only the key body for PEM keys, only the
                      signature for signed URLs, only the password for
                      user:password pairs)
             visible  a substring of text that must remain readable, or ""
    BENIGN   list of about 950 distinct strings with no credential in them
             that nevertheless look secret-ish: commit SHAs, checksums,
             UUIDs, request and trace ids, public keys and fingerprints,
             public key ids, placeholders, masked values, references to where
             a secret is stored, base64 of ordinary text, hashed asset names,
             version strings, prose about passwords, password policies,
             cache keys -- in the same contexts as the secrets.

Determinism
    Every random value is drawn at import time from _R = random.Random(3636),
    always in the same order, so importing the module twice yields identical
    lists.  No secret value is drawn twice.  Nothing is printed at import.

Measured
    Blind, written after the rules made for the thirty-fourth and thirty-fifth and read
    only after: recall 0.959 (1,419 of 1,480) and false positives 16 of 950 (1.7%); 0.957 and
    the same 16 with the engine at that session's start. Tuned on since: 0.985 and 4 of 950.
"""
import base64
import json
import random
import re
import string
import unicodedata
import uuid as _uuidmod
from urllib.parse import quote

_R = random.Random(3636)

# ---------------------------------------------------------------------------
# random helpers
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_AN = _LOW + _UPP + _DIG
_CLASSES = {
    "an": _AN, "lo": _LOW + _DIG, "up": _UPP + _DIG, "al": _LOW + _UPP,
    "low": _LOW, "cap": _UPP, "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF", "b64": _AN + "+/", "b64u": _AN + "-_",
    "dig": _DIG, "b32": _UPP + "234567", "ap": "abcdefghijklmnop",
}
_PART = re.compile(r"^(an|low|lo|up|al|cap|hex|HEX|b64u|b64|dig|b32|ap)(\d+)$")


def _s(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _c(cls, n):
    return _s(_CLASSES[cls], n)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64u(b):
    return base64.urlsafe_b64encode(b).decode().rstrip("=")


def _b64(b):
    return base64.b64encode(b).decode()


def _seg(obj):
    return _b64u(json.dumps(obj, separators=(",", ":")).encode())


def _ascii(s):
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


def _pick(seq):
    return _R.choice(seq)


def _uuid():
    return str(_uuidmod.UUID(int=_R.getrandbits(128), version=4))


def _cap(w):
    return w[:1].upper() + w[1:]


# ---------------------------------------------------------------------------
# vocabulary
# ---------------------------------------------------------------------------
_WORDS = (
    "amber anchor apple aspen atlas autumn badger bamboo banjo basil beacon "
    "birch biscuit blossom bramble breeze brook cactus canyon caramel cedar "
    "cherry cinder clover cobalt comet copper coral cricket crimson crystal "
    "dahlia dune ember falcon fennel fern fig firefly fjord flint forest fox "
    "galaxy garnet ginger glacier granite harbor hazel heron honey indigo iris "
    "ivory jasmine juniper kettle kiwi lagoon lantern lavender lemon lilac "
    "linen lotus lunar magnet mango maple marble meadow mint mocha monsoon "
    "moss nectar nimbus nutmeg oak ocean olive onyx orbit orchid otter paprika "
    "pebble pepper pine pixel plum polar poppy prism pumpkin quartz quill "
    "raven reef river robin saffron sage salmon sapphire scarlet sequoia "
    "shadow sierra silver sparrow spruce storm sunset tango thistle thunder "
    "tiger topaz tulip tundra velvet violet walnut willow winter zephyr"
).split()
_INTL = (
    "sonnenblume kaffeetasse zitrone kirsche mariposa girasol naranja "
    "framboise cerise lumiere biscotto limone pomodoro stroopwafel appelflap "
    "kanelbulle hallon sakura tanuki kotek piernik jablko limonka papoula "
    "saudade tulipan ananas regenbogen eichhoernchen papillon fresa"
).split()
_SYM = "!#*-_.+?@%^="
_SYMU = "-_.~!*"

_FIRST = [
    "Mara", "Jonas", "Aiko", "Tomasz", "Lucía", "Noah", "Priya", "Femi",
    "Elif", "Sven", "Chloé", "Mateo", "Hana", "Oskar", "Amara", "Rafael",
    "Ingrid", "Kenji", "Zofia", "Diego", "Leila", "Bram", "Yuki", "Anouk",
    "Farid", "Greta", "Nils", "Sofia", "Ravi", "Camille", "Thiago", "Ewa",
    "Mehmet", "Inês", "Luca", "Freya", "Dmitri", "Ayesha", "Joon", "Marta",
    "Tarek", "Linnea", "Kwame", "Paula", "Henrik", "Mei", "Arjun", "Saoirse",
]
_LAST = [
    "Lindqvist", "Okafor", "Tanaka", "Kowalski", "Moreau", "Silva", "Novak",
    "Haddad", "Berg", "Rossi", "Nakamura", "Jansen", "Fischer", "Ortega",
    "Kaur", "Petrov", "Yılmaz", "Dubois", "Costa", "Schmidt", "Andersen",
    "Park", "Nguyen", "Hoffmann", "Murphy", "Álvarez", "Sato", "Eriksen",
    "Varga", "Mensah", "Oliveira", "Brennan", "Kovač", "Laine", "Wójcik",
]
_CLIENTS = [
    ("Café Soleil", "cafe-soleil"), ("Kettle & Crumb", "kettle-and-crumb"),
    ("Nordlicht Yoga", "nordlicht-yoga"), ("Maison Verdier", "maison-verdier"),
    ("Bodega Luna", "bodega-luna"), ("Fjellstue Hytter", "fjellstue"),
    ("Studio Kirsche", "studio-kirsche"), ("Harbor Lane Books", "harborlane-books"),
    ("Olive & Thyme", "olive-and-thyme"), ("Tanaka Ceramics", "tanaka-ceramics"),
    ("Lindqvist Bageri", "lindqvist-bageri"), ("Pedal Republic", "pedal-republic"),
    ("Casa Azulejo", "casa-azulejo"), ("Greenhouse Collective", "greenhouse-coll"),
    ("Atelier Moreau", "atelier-moreau"), ("Brightwater Dental", "brightwater-dental"),
    ("Kowalski Legal", "kowalski-legal"), ("Sunpeak Outdoor", "sunpeak-outdoor"),
    ("Velvet Fern Florist", "velvetfern"), ("Okafor Architects", "okafor-arch"),
    ("Blue Heron Inn", "blueheron-inn"), ("Mercado Norte", "mercado-norte"),
    ("Pixel Paws Vet", "pixelpaws-vet"), ("Rooftop Cinema Club", "rooftop-cinema"),
    ("Tidal Coffee Roasters", "tidal-coffee"), ("Alpenblick Hotel", "alpenblick-hotel"),
    ("Little Sprout Daycare", "littlesprout"), ("Nakamura Tea House", "nakamura-tea"),
    ("Quarry Climbing", "quarry-climbing"), ("Saltwater Surf School", "saltwater-surf"),
    ("Herbst & Söhne", "herbst-soehne"), ("Lumen Photography", "lumen-photo"),
    ("Ferro Bikes", "ferro-bikes"), ("Haddad Spices", "haddad-spices"),
    ("Novak Dance Studio", "novak-dance"), ("Riverside Animal Rescue", "riverside-rescue"),
    ("Kitchen Atlas Magazine", "kitchen-atlas"), ("Copper Pot Bistro", "copperpot-bistro"),
    ("Mensah Wellness", "mensah-wellness"), ("Dune Records", "dune-records"),
]
_SLUGWORDS = sorted(set(s.split("-")[0] for _, s in _CLIENTS if len(s.split("-")[0]) > 3))
_AGENCIES = [
    ("Brightfold Studio", "brightfold"), ("Pixelhaus", "pixelhaus"),
    ("Saltmarsh Digital", "saltmarsh"), ("Copperleaf Agency", "copperleaf"),
    ("Studio Meridian", "meridian-studio"), ("Lumen & Co", "lumenco"),
    ("Fernweh Web", "fernweh-web"), ("Tidewater Labs", "tidewater-labs"),
    ("Ninebark Creative", "ninebark"), ("Quillstone", "quillstone"),
]
_TLDS = [".example", ".test", ".example.com", ".example.net", ".example.org"]
_REGIONS = ["eu-central-1", "eu-west-1", "us-east-1", "us-west-2", "eu-north-1",
            "ap-northeast-1", "ap-southeast-2", "eu-west-3"]
_BRANCHES = ["feature/hero-carousel", "fix/checkout-tax", "chore/bump-next-14",
             "feature/algolia-search", "hotfix/menu-overlap", "release/2024-03",
             "feat/i18n-fr", "feature/newsletter-form", "fix/lcp-images",
             "feat/sanity-migration", "chore/wp-6-5", "feature/store-locator"]
_CITIES = ["Berlin", "Lyon", "Porto", "Kraków", "Malmö", "Osaka", "Ghent",
           "Valencia", "Bergen", "Leeds", "Bologna", "Tallinn", "Cork", "Brno"]


# ---------------------------------------------------------------------------
# passwords people choose
# ---------------------------------------------------------------------------
def _pw_styles(url):
    sym = _SYMU if url else _SYM
    st = _R.randrange(11)
    if st == 0:
        return _cap(_pick(_WORDS + _INTL)) + str(_R.randint(1970, 2025)) + _pick(sym)
    if st == 1:
        return _cap(_pick(_WORDS)) + _pick(sym) + _cap(_pick(_WORDS)) + str(_R.randint(1, 999))
    if st == 2:
        cons, vow = "bdfghjklmnprstvz", "aeiou"
        syl = "".join(_pick(cons) + _pick(vow) for _ in range(_R.randint(3, 5)))
        return _cap(syl) + str(_R.randint(10, 99)) + _pick(sym)
    if st == 3:
        return _pick(_AN) + _s(_AN + sym, _R.randint(11, 19))
    if st == 4:
        w = _pick(_WORDS) + _pick(_WORDS)
        tr = {"a": "4" if url else "@", "e": "3", "o": "0", "i": "1", "s": "5"}
        w = "".join(tr.get(ch, ch) if _R.random() < 0.6 else ch for ch in w)
        return _cap(w) + _pick(sym) + str(_R.randint(1, 99))
    if st == 5:
        return "-".join(_pick(_WORDS) for _ in range(_R.randint(3, 4))) + "-" + str(_R.randint(1, 99))
    if st == 6:
        base = _pick(["Qwerty", "Asdf", "Zxcv", "Qaz", "Wsx", "Yxcv", "Azerty", "1qaz", "Qwertz"])
        return base + _pick(sym) + _s(_AN, 3) + str(_R.randint(10, 99))
    if st == 7:
        season = _pick(["Summer", "Winter", "Spring", "Autumn", "Fruehling", "Verano",
                        "Printemps", "Sommar", "Zima", "Lato", "Herfst"])
        return season + _pick(sym) + str(_R.randint(2018, 2025)) + _s(_LOW, 2)
    if st == 8:
        return _cap(_pick(_SLUGWORDS)) + str(_R.randint(10, 9999)) + _pick(sym) + _pick(sym)
    if st == 9:
        return _s(_LOW, 4) + _pick(sym) + _s(_UPP, 3) + _pick(sym) + _s(_DIG, 4)
    return _cap(_pick(_INTL)) + _pick(sym) + _cap(_pick(_WORDS)) + _s(_DIG, 2)


def _phrase(v):
    words = [_pick(_WORDS + _INTL) for _ in range(_R.randint(4, 5))]
    if _R.random() < 0.5:
        words[0] = _cap(words[0])
    if _R.random() < 0.5:
        words.append(str(_R.randint(2, 99)))
    return " ".join(words)


def _pem(prefix, total, width=64, sep="\n"):
    body = prefix + _c("b64", total - len(prefix))
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return sep.join(lines)


_RSA8 = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"
_RSA1 = "MIIEpAIBAAKCAQEA"
_EC8 = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"
_EC1 = "MHcCAQEEI"
_OSSH = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQAAACA"


def _jwt(v, payload=None, alg="HS256", kid=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if kid:
        hdr["kid"] = kid
    iat = _R.randint(1690000000, 1735000000)
    if payload is None:
        choice = _R.randrange(4)
        if choice == 0:
            payload = {"sub": str(_R.randint(1, 99999)), "iat": iat, "exp": iat + 2592000}
        elif choice == 1:
            payload = {"id": _R.randint(1, 500), "iat": iat, "exp": iat + 604800}
        elif choice == 2:
            payload = {"user_id": _uuid(), "role": "editor", "iat": iat}
        else:
            payload = {"iss": "https://" + _v(v, "domain"), "aud": "cms",
                       "sub": _c("an", 16), "iat": iat}
    siglen = 43 if alg.startswith("HS") else 342
    return _seg(hdr) + "." + _seg(payload) + "." + _c("b64u", siglen)


def _user_pw(v):
    return _pw_styles(False)


_KINDS = {
    "pw": lambda v: _pw_styles(False),
    "pwu": lambda v: _pw_styles(True),
    "phrase": _phrase,
    "pwr": lambda v: _pick(_AN) + _s(_AN + "!#%*-_=+", _R.randint(19, 31)),
    "uuid": lambda v: _uuid(),
    "UUID": lambda v: _uuid().upper(),
    "jwt": lambda v: _jwt(v),
    "jwt_rs": lambda v: _jwt(v, alg="RS256"),
    "jwt_supa": lambda v: _jwt(v, payload={
        "iss": "supabase", "ref": _c("low", 20), "role": "service_role",
        "iat": 1700000000 + _R.randint(0, 9999999), "exp": 2000000000 + _R.randint(0, 9999999)}),
    "jwt_ghost": lambda v: _jwt(v, kid=_c("hex", 24), payload={
        "iat": 1700000000 + _R.randint(0, 9999999), "exp": 1700000300 + _R.randint(0, 9999999),
        "aud": "/admin/"}),
    "jwe": lambda v: ("eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.." + _c("b64u", 22) + "."
                      + _c("b64u", 300) + "." + _c("b64u", 22)),
    "pem_rsa": lambda v: _pem(_RSA8, _pick([1620, 1624, 1628])),
    "pem_rsa1": lambda v: _pem(_RSA1, _pick([1588, 1592])),
    "pem_ec": lambda v: _pem(_EC8, 184),
    "pem_ec1": lambda v: _pem(_EC1, 160),
    "pem_ossh": lambda v: _pem(_OSSH, 399, width=70),
    "pem_rsa_esc": lambda v: _pem(_RSA8, _pick([1620, 1624]), sep="\\n"),
    "pem_ossh_i12": lambda v: _pem(_OSSH, 399, width=70, sep="\n            "),
    "pem_rsa_i4": lambda v: _pem(_RSA8, 1624, sep="\n    "),
    "wpapp": lambda v: " ".join(_c("an", 4) for _ in range(6)),
    "wpapp_ns": lambda v: _c("an", 24),
    "wpsalt": lambda v: _s(_AN + "!@#$%^&*()-_[]{}<>~`+=,.;:/?|", 64),
    "aws_sk": lambda v: _s(_AN + "/+", 40),
    "azkey": lambda v: _b64(_rb(64)),
    "basic": lambda v: _b64((_v(v, "user") + ":" + _pw_styles(False)).encode()),
    "basic_tok": lambda v: _b64((_v(v, "user") + ":ghp_" + _c("an", 36)).encode()),
    "b64pw": lambda v: _b64(_pw_styles(False).encode()),
    "b64rand": lambda v: _b64(_rb(16)),
    "b64key32": lambda v: _b64(_rb(32)),
    "auth_plain": lambda v: _b64(("\0" + _v(v, "email") + "\0" + _pw_styles(False)).encode()),
    "acf_key": lambda v: _b64(("order_id=%d|type=%s|date=%s %s" % (
        _R.randint(10000, 99999), _pick(["developer", "agency", "personal"]),
        _v(v, "date"), _v(v, "time"))).encode()),
    "mapbox_sk": lambda v: "sk." + _seg({"u": _v(v, "user"), "a": _c("lo", 25)}) + "." + _c("b64u", 22),
    "sentry_org": lambda v: "sntrys_" + _seg({
        "iat": _R.randint(1700000000, 1730000000), "url": "https://sentry.io",
        "region_url": "https://de.sentry.io", "org": _v(v, "agency_slug")}) + "_" + _c("b64u", 43),
    "intercom": lambda v: _b64(("tok:" + _uuid() + ":1:0").encode()).rstrip("="),
    "ops_sa": lambda v: "ops_" + _seg({
        "signInAddress": "my.1password.eu", "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256",
        "iterations": 650000, "salt": _c("b64u", 22)}, "email": _c("lo", 13) + "@1passwordserviceaccounts.eu",
        "srpX": _c("hex", 64), "muk": {"alg": "A256GCM", "ext": True, "k": _c("b64u", 43), "kty": "oct",
        "kid": "mp"}, "secretKey": "A3-" + _c("up", 6) + "-" + _c("up", 6), "throttleSecret": {
        "seed": _c("hex", 64), "deviceUuid": _c("lo", 26)}, "deviceUuid": _c("lo", 26)}),
    "ngrok": lambda v: str(_R.randint(1, 2)) + _c("an", 26) + "_" + _c("an", 21),
    "github_pat": lambda v: "github_pat_11" + _c("up", 20) + "_" + _c("an", 59),
    "mailchimp": lambda v: _c("hex", 32) + "-us" + str(_R.randint(1, 21)),
    "gref": lambda v: "1//0" + _pick("gdec") + _c("b64u", 99),
    "gacc": lambda v: "ya29.a0" + _c("b64u", 150),
    "cfsig": lambda v: _s(_AN + "-~", 170) + "__",
    "sas_sig": lambda v: quote(_b64(_rb(32)), safe=""),
    "gmsig": lambda v: _b64u(_rb(20)) + "=",
    "django_key": lambda v: _s(_LOW + _DIG + "!@#%^&*(-_=+)", 50),
    "dsalt": lambda v: _b64u(_rb(55)),
    "totp": lambda v: _c("b32", 32),
    "apple_asp": lambda v: "-".join(_c("low", 4) for _ in range(4)),
    "azsecret": lambda v: _c("an", 3) + "8Q~" + _s(_AN + "~._-", 34),
    "twitter_bearer": lambda v: "AAAAAAAAAAAAAAAAAAAAA" + _c("an", 30) + "%3D" + _c("an", 50),
    "paypal_secret": lambda v: "E" + _c("b64u", 79),
    "wpcookie": lambda v: _c("b64u", 43) + "%7C" + _c("hex", 64),
    "openai": lambda v: "sk-proj-" + _c("b64u", 74) + "T3BlbkFJ" + _c("b64u", 74),
    "anthropic": lambda v: "sk-ant-api03-" + _c("b64u", 93) + "AA",
    "adyen": lambda v: "AQE" + _c("an", 30) + "+" + _c("an", 40) + "=-" + _s(_AN + "+/", 40),
    "prismic": lambda v: "MC5" + _c("an", 40) + "." + _c("b64u", 70),
    "pypi": lambda v: "pypi-AgEIcHlwaS5vcmc" + _c("b64u", 150),
    "hvs": lambda v: "hvs.CAESI" + _c("b64u", 86),
    "miro": lambda v: "eyJtaXJvLm9yaWdpbiI6ImV1MDEifQ_" + _c("b64u", 27),
    "mc_hook": lambda v: _c("an", 24),
}


# ---------------------------------------------------------------------------
# placeholder pools (non-secret context values)
# ---------------------------------------------------------------------------
def _client(v):
    if "_client" not in v:
        v["_client"] = _pick(_CLIENTS)
    return v["_client"]


def _agency(v):
    if "_agency" not in v:
        v["_agency"] = _pick(_AGENCIES)
    return v["_agency"]


def _pool_user(v):
    f = _ascii(_v(v, "first")).lower()
    l = _ascii(_v(v, "last")).lower()
    return _pick([f, f[0] + l, f + "." + l, f + "_" + l[:3], "admin_" + f,
                  _v(v, "site").split("-")[0] + "_admin", "deploy", "editor-" + f,
                  f + str(_R.randint(1, 99)), "wp_" + f, l + f[0], f + "-" + l])


def _pool_email(v):
    f = _ascii(_v(v, "first")).lower()
    l = _ascii(_v(v, "last")).lower()
    return _pick([f + "." + l + "@" + _v(v, "domain"), f + "@" + _v(v, "agency_domain"),
                  f[0] + l + "@" + _v(v, "domain"), "webmaster@" + _v(v, "domain"),
                  f + "@" + _v(v, "domain")])


def _pool_dbhost(v):
    return _pick(["localhost", "127.0.0.1", "db." + _agency(v)[1] + ".internal",
                  "mysql-%d.%s" % (_R.randint(1, 9), _v(v, "agency_domain")),
                  "10.%d.%d.%d" % (_R.randint(0, 40), _R.randint(0, 255), _R.randint(2, 250)),
                  "%s-prod.c%s.%s.rds.amazonaws.com" % (_client(v)[1], _c("lo", 12), _pick(_REGIONS)),
                  _client(v)[1] + "-db.internal", "mariadb", "db"])


def _pool_db(v):
    s = _client(v)[1].replace("-", "_")
    return _pick(["wp_" + s[:12], "drupal_" + s[:10], s + "_prod", "ghost_prod", "strapi_" + s[:8],
                  "craft_" + s[:10], s[:10] + "_live", "wordpress"])


def _pool_dbuser(v):
    s = _client(v)[1].replace("-", "")
    return _pick(["wp_" + s[:8], "drupal", "strapi", "ghost", s[:10] + "_app", "root", "admin",
                  "u" + _c("dig", 6) + "_" + s[:5], "craft"])


_POOL = {
    "client": lambda v: _client(v)[0],
    "site": lambda v: _client(v)[1],
    "domain": lambda v: _client(v)[1] + _pick(_TLDS),
    "host": lambda v: _pick(["staging.", "www.", "cms.", "shop.", "admin.", "dev.", "preview.",
                             "", "stage.", "new.", "beta."]) + _v(v, "domain"),
    "agency": lambda v: _agency(v)[0],
    "agency_slug": lambda v: _agency(v)[1],
    "agency_domain": lambda v: _agency(v)[1] + ".example",
    "first": lambda v: _pick(_FIRST),
    "last": lambda v: _pick(_LAST),
    "person": lambda v: _v(v, "first") + " " + _v(v, "last"),
    "user": _pool_user,
    "email": _pool_email,
    "dbhost": _pool_dbhost,
    "db": _pool_db,
    "dbuser": _pool_dbuser,
    "ip": lambda v: _pick(["10.%d.%d.%d", "192.168.%d.%d", "172.16.%d.%d"]).replace("%d", "{}", 3).format(
        _R.randint(0, 40), _R.randint(0, 250), _R.randint(2, 250)),
    "pubip": lambda v: "%s.%d" % (_pick(["203.0.113", "198.51.100", "192.0.2"]), _R.randint(2, 254)),
    "date": lambda v: "%d-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28)),
    "time": lambda v: "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "ts": lambda v: str(_R.randint(1690000000, 1735000000)),
    "iso": lambda v: _v(v, "date") + "T" + _v(v, "time") + "Z",
    "uuid": lambda v: _uuid(),
    "sha": lambda v: _c("hex", 40),
    "sha7": lambda v: _c("hex", 7),
    "num": lambda v: str(_R.randint(100, 99999)),
    "n": lambda v: str(_R.randint(1, 9)),
    "pid": lambda v: str(_R.randint(1000, 65000)),
    "port": lambda v: str(_pick([22, 2222, 21, 3306, 5432, 8443, 2083, 6379, 587, 465])),
    "region": lambda v: _pick(_REGIONS),
    "bucket": lambda v: _client(v)[1] + "-" + _pick(["media", "uploads", "assets", "static", "backups"])
    + "-" + _pick(["prod", "live", "eu", "2024"]),
    "branch": lambda v: _pick(_BRANCHES),
    "ver": lambda v: "%d.%d.%d" % (_R.randint(0, 6), _R.randint(0, 30), _R.randint(0, 20)),
    "space": lambda v: _c("lo", 12),
    "proj": lambda v: _c("lo", 8),
    "algapp": lambda v: _c("up", 10),
    "akid": lambda v: "AKIA" + _c("up", 16),
    "cfid": lambda v: _c("an", 22),
    "figkey": lambda v: _c("an", 22),
    "ext_id": lambda v: _c("ap", 32),
    "word": lambda v: _pick(_WORDS),
    "user_b64": lambda v: _b64(_v(v, "email").encode()),
    "city": lambda v: _pick(_CITIES),
    "ipdash": lambda v: "%d-%d-%d-%d" % (_R.randint(3, 54), _R.randint(0, 255), _R.randint(0, 255), _R.randint(1, 254)),
}


_PH = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _v(vals, name):
    if name in vals:
        return vals[name]
    base = re.sub(r"_\d+$", "", name)
    m = _PART.match(base)
    if m:
        val = _c(m.group(1), int(m.group(2)))
    else:
        key = base if base in _POOL else base.rstrip("0123456789")
        if key not in _POOL:
            return None
        val = _POOL[key](vals)
    vals[name] = val
    return val


def _render(tpl, vals):
    def rep(m):
        val = _v(vals, m.group(1))
        return m.group(0) if val is None else val
    return _PH.sub(rep, tpl)


_USED = set()


def _gen_secret(spec, vals):
    if isinstance(spec, str):
        spec = (spec,)
    for _ in range(200):
        out = []
        for p in spec:
            if p in _KINDS:
                out.append(_KINDS[p](vals))
            else:
                m = _PART.match(p)
                out.append(_c(m.group(1), int(m.group(2))) if m else p)
        val = "".join(out)
        if val not in _USED and len(val) >= 6:
            _USED.add(val)
            return val
    raise RuntimeError("could not draw a fresh value for %r" % (spec,))


_FMT = []


def _adder(group):
    def add(name, spec, tpl, vis=""):
        _FMT.append((group, name, spec, tpl, vis))
    return add


cmd = _adder("command")
out = _adder("tool-output")
cfg = _adder("config-file")
src = _adder("source-code")
log = _adder("stack-trace-or-log")
chat = _adder("note-or-chat")
ci = _adder("ci-and-deploy")
vt = _adder("vendor-token")

# frequently used vendor shapes
CFPAT = ("CFPAT-", "b64u43")
CFDEL = "b64u43"
SANITY = ("sk", "an110")
GHP = ("ghp_", "an36")
GHO = ("gho_", "an36")
GHS = ("ghs_", "an36")
GLPAT = ("glpat-", "b64u20")
NPM = ("npm_", "an36")
SHPAT = ("shpat_", "hex32")
SHPTKA = ("shptka_", "hex32")
STRIPE_SK = ("sk_live_51", "an97")
STRIPE_RK = ("rk_live_51", "an97")
WHSEC = ("whsec_", "an32")
SG = ("SG.", "b64u22", ".", "b64u43")
MAILGUN = ("hex32", "-", "hex8", "-", "hex8")
BREVO = ("xkeysib-", "hex64", "-", "an16")
NFP = ("nfp_", "an36")
CFTOK = "b64u40"
GOOG = ("AIza", "b64u35")
GOCSPX = ("GOCSPX-", "b64u28")
FIGMA = ("figd_", "b64u40")
AIRTABLE = ("pat", "an14", ".", "hex64")
RECAPTCHA = ("6L", "b64u38")
PAYPAL_ID = "A"


# ===========================================================================
# group: command  (shell commands the agent ran or was asked to run)
# ===========================================================================
cmd("wp-cli-user-create-user-pass", "pw",
    "wp user create {user} {email} --role=editor --user_pass='{S}' --path=/var/www/{site}/public",
    "wp user create {user}")
cmd("wp-cli-user-update-password", "pw",
    'wp user update admin --user_pass="{S}" --skip-email --url=https://{domain}',
    "wp user update admin")
cmd("wp-cli-config-create-dbpass", "pw",
    "wp config create --dbname={db} --dbuser={dbuser} --dbpass='{S}' --dbhost={dbhost} --locale=de_DE --skip-check",
    "--dbname={db}")
cmd("wp-cli-option-update-license", ("hex32",),
    "wp option update gf_license_key {S} --autoload=no && wp gf license status",
    "wp option update gf_license_key")
cmd("drush-user-password-positional", "pw",
    'drush user:password {user} "{S}" --uri=https://{host}',
    "drush user:password {user}")
cmd("drush-site-install-account-pass", "pw",
    "drush site:install standard -y --site-name='{client}' --account-name=admin --account-pass='{S}' "
    "--db-url=mysql://drupal:${DB_PASS}@db/drupal",
    "drush site:install standard")
cmd("drush-si-db-url-password", "pwu",
    "drush si -y minimal --db-url=mysql://{dbuser}:{S}@{dbhost}:3306/{db} --account-pass=\"$ADMIN_PASS\"",
    "drush si -y minimal")
cmd("mysql-client-quoted-p-flag", "pw",
    "mysql -h {dbhost} -u {dbuser} -p'{S}' {db} < ~/Downloads/{db}-{date}.sql",
    "mysql -h {dbhost}")
cmd("mysqldump-password-long-flag", "pwu",
    "mysqldump --host={dbhost} --user={dbuser} --password={S} --single-transaction --quick {db} | gzip > ~/backups/{db}-{date}.sql.gz",
    "mysqldump --host={dbhost}")
cmd("psql-pgpassword-env-prefix", "pw",
    "PGPASSWORD='{S}' psql -h {dbhost} -U strapi -d strapi_prod -c '\\dt public.*'",
    "psql -h {dbhost}")
cmd("psql-connection-uri-argument", "pwu",
    'psql "postgresql://{dbuser}:{S}@{dbhost}:5432/{db}?sslmode=require" -f migrations/0042_menus.sql',
    "migrations/0042_menus.sql")
cmd("mongosh-srv-uri", "pwu",
    'mongosh "mongodb+srv://{dbuser}:{S}@cluster0.{lo5}.mongodb.net/{db}" --eval "db.pages.countDocuments()"',
    "db.pages.countDocuments()")
cmd("redis-cli-auth-flag", "pwr",
    "redis-cli -h {host} -p 6380 --tls -a '{S}' --no-auth-warning INFO keyspace",
    "INFO keyspace")
cmd("curl-basic-wp-application-password", "wpapp",
    'curl -s -u "{user}:{S}" "https://{host}/wp-json/wp/v2/posts?status=draft&per_page=50" | jq length',
    "/wp-json/wp/v2/posts")
cmd("curl-bearer-contentful-management", CFPAT,
    "curl -X PUT https://api.contentful.com/spaces/{space}/environments/master/entries/{cfid}/published "
    '-H "Authorization: Bearer {S}" -H "X-Contentful-Version: 7"',
    "api.contentful.com/spaces/{space}")
cmd("curl-sanity-mutate-bearer", SANITY,
    'curl -X POST "https://{proj}.api.sanity.io/v2023-08-01/data/mutate/production" '
    '-H "Authorization: Bearer {S}" -H "Content-Type: application/json" -d @patch.json',
    "{proj}.api.sanity.io")
cmd("curl-strapi-api-token-header", "hex192",
    'curl -H "Authorization: Bearer {S}" "https://{host}/api/articles?populate=*&locale=fr"',
    "/api/articles?populate=*")
cmd("curl-ghost-admin-jwt-header", "jwt_ghost",
    'curl -s -H "Authorization: Ghost {S}" -H "Accept-Version: v5.0" https://{host}/ghost/api/admin/posts/?limit=all',
    "/ghost/api/admin/posts/")
cmd("curl-shopify-admin-token-header", SHPAT,
    'curl -X GET "https://{site}.myshopify.com/admin/api/2024-01/products.json?limit=5" -H "X-Shopify-Access-Token: {S}"',
    "{site}.myshopify.com")
cmd("curl-bigcommerce-x-auth-token", "lo31",
    'curl -s https://api.bigcommerce.com/stores/{lo10}/v3/catalog/products?limit=10 -H "X-Auth-Token: {S}" -H "Accept: application/json"',
    "api.bigcommerce.com/stores/{lo10}")
cmd("curl-algolia-admin-key-header", "hex32",
    'curl -X DELETE "https://{algapp}-dsn.algolia.net/1/indexes/prod_articles" -H "X-Algolia-API-Key: {S}" -H "X-Algolia-Application-Id: {algapp}"',
    "X-Algolia-Application-Id: {algapp}")
cmd("curl-mailgun-api-user-colon", MAILGUN,
    "curl -s --user 'api:{S}' https://api.eu.mailgun.net/v3/mg.{domain}/messages -F from='Website <noreply@{domain}>' "
    "-F to={email} -F subject='Form test' -F text='hello from staging'",
    "api.eu.mailgun.net/v3/mg.{domain}")
cmd("curl-sendgrid-bearer", SG,
    'curl --request POST --url https://api.sendgrid.com/v3/mail/send --header "Authorization: Bearer {S}" '
    "--header 'Content-Type: application/json' --data @mail.json",
    "api.sendgrid.com/v3/mail/send")
cmd("curl-postmark-server-token", "uuid",
    'curl "https://api.postmarkapp.com/email" -X POST -H "Accept: application/json" -H "X-Postmark-Server-Token: {S}" -d @welcome.json',
    "api.postmarkapp.com/email")
cmd("curl-mailchimp-anystring-basic", "mailchimp",
    'curl -sS -u "anystring:{S}" "https://us21.api.mailchimp.com/3.0/lists?fields=lists.id,lists.name"',
    "api.mailchimp.com/3.0/lists")
cmd("curl-netlify-api-bearer", NFP,
    'curl -s -H "Authorization: Bearer {S}" https://api.netlify.com/api/v1/sites/{uuid}/deploys | jq ".[0].state"',
    "api.netlify.com/api/v1/sites/{uuid}")
cmd("curl-vercel-deployments-bearer", "an24",
    'curl -s "https://api.vercel.com/v6/deployments?teamId=team_{an24}&limit=3" -H "Authorization: Bearer {S}"',
    "api.vercel.com/v6/deployments")
cmd("curl-cloudflare-purge-bearer", CFTOK,
    'curl -X POST "https://api.cloudflare.com/client/v4/zones/{hex32}/purge_cache" -H "Authorization: Bearer {S}" '
    "-H 'Content-Type: application/json' --data '{\"files\":[\"https://{domain}/css/site.css\"]}'",
    "purge_cache")
cmd("curl-cloudflare-global-key-headers", "hex37",
    'curl -s https://api.cloudflare.com/client/v4/zones?name={domain} -H "X-Auth-Email: {email}" -H "X-Auth-Key: {S}"',
    "X-Auth-Email: {email}")
cmd("curl-fastly-purge-all-key", "b64u32",
    'curl -X POST -H "Fastly-Key: {S}" -H "Accept: application/json" https://api.fastly.com/service/{an22}/purge_all',
    "api.fastly.com/service/{an22}/purge_all")
cmd("curl-bunny-accesskey-purge", ("uuid", "-", "hex4", "-", "hex4", "-", "hex12"),
    "curl --request POST --url https://api.bunny.net/pullzone/{num}/purgeCache --header 'AccessKey: {S}' --header 'content-type: application/json'",
    "api.bunny.net/pullzone/{num}")
cmd("curl-google-geocode-key-query", GOOG,
    'curl -s "https://maps.googleapis.com/maps/api/geocode/json?address=Hauptstra%C3%9Fe+5,+{city}&key={S}" | jq ".results[0].geometry"',
    "maps/api/geocode/json")
cmd("curl-mapbox-uploads-access-token", "mapbox_sk",
    'curl -X POST "https://api.mapbox.com/uploads/v1/{user}?access_token={S}" -H "Content-Type: application/json" -d @tileset.json',
    "api.mapbox.com/uploads/v1/{user}")
cmd("curl-figma-images-token-header", FIGMA,
    'curl -H "X-Figma-Token: {S}" "https://api.figma.com/v1/images/{figkey}?ids=12:34,12:35&format=svg"',
    "api.figma.com/v1/images/{figkey}")
cmd("curl-airtable-pat-bearer", AIRTABLE,
    'curl "https://api.airtable.com/v0/app{an14}/Events?maxRecords=3&view=Grid%20view" -H "Authorization: Bearer {S}"',
    "api.airtable.com/v0/app{an14}")
cmd("curl-notion-integration-secret", ("secret_", "an43"),
    'curl -X POST https://api.notion.com/v1/databases/{hex32}/query -H "Authorization: Bearer {S}" -H "Notion-Version: 2022-06-28"',
    "api.notion.com/v1/databases/{hex32}")
cmd("curl-typeform-personal-token", ("tfp_", "an44", "_", "an14"),
    'curl -s https://api.typeform.com/forms/{an8}/responses?page_size=25 -H "Authorization: Bearer {S}"',
    "api.typeform.com/forms/{an8}")
cmd("curl-webflow-cms-items", "hex64",
    'curl --request GET --url https://api.webflow.com/v2/collections/{hex24}/items --header "authorization: Bearer {S}"',
    "api.webflow.com/v2/collections/{hex24}")
cmd("curl-datocms-cma-token", "hex30",
    'curl -s https://site-api.datocms.com/items?filter[type]=article -H "Authorization: Bearer {S}" -H "X-Api-Version: 3"',
    "site-api.datocms.com/items")
cmd("curl-storyblok-management-token", ("an24", "-", "dig6", "-", "an20"),
    'curl "https://mapi.storyblok.com/v1/spaces/{dig6}/stories?per_page=100" -H "Authorization: {S}"',
    "mapi.storyblok.com/v1/spaces")
cmd("curl-hygraph-pat-graphql", "jwt_rs",
    "curl -s https://api-eu-central-1.hygraph.com/v2/{lo25}/master -H 'Content-Type: application/json' "
    "-H 'Authorization: Bearer {S}' --data '{\"query\":\"{ posts { id title } }\"}'",
    "hygraph.com/v2/{lo25}/master")
cmd("curl-builderio-private-key", ("bpk-", "hex32"),
    'curl -X POST "https://builder.io/api/v1/write/page" -H "Authorization: Bearer {S}" -H "Content-Type: application/json" -d @landing.json',
    "builder.io/api/v1/write/page")
cmd("npm-config-set-authtoken", NPM,
    "npm config set //registry.npmjs.org/:_authToken {S} && npm publish --access public",
    "npm publish --access public")
cmd("yarn-npm-auth-token-env-prefix", NPM,
    "YARN_NPM_AUTH_TOKEN={S} yarn npm publish --access public --tag next",
    "yarn npm publish")
cmd("git-clone-https-userinfo-token", GHP,
    "git clone https://{user}:{S}@github.com/{agency_slug}/{site}-theme.git ~/Sites/{site}-theme",
    "github.com/{agency_slug}/{site}-theme.git")
cmd("git-remote-set-url-gitlab-oauth2", GLPAT,
    "git remote set-url origin https://oauth2:{S}@gitlab.com/{agency_slug}/{site}.git && git push -u origin {branch}",
    "git push -u origin {branch}")
cmd("git-push-bitbucket-app-password", ("ATBB", "an28", "HEX8"),
    "git push https://{user}:{S}@bitbucket.org/{agency_slug}/{site}.git main --tags",
    "bitbucket.org/{agency_slug}/{site}.git")
cmd("netlify-env-set-positional", CFDEL,
    "netlify env:set CONTENTFUL_DELIVERY_TOKEN {S} --context production deploy-preview",
    "netlify env:set CONTENTFUL_DELIVERY_TOKEN")
cmd("vercel-env-add-piped-echo", SANITY,
    "echo -n '{S}' | vercel env add SANITY_API_WRITE_TOKEN production",
    "vercel env add SANITY_API_WRITE_TOKEN production")
cmd("wrangler-secret-put-piped", ("shpss_", "hex32"),
    'echo "{S}" | npx wrangler secret put SHOPIFY_WEBHOOK_SECRET --env production',
    "npx wrangler secret put SHOPIFY_WEBHOOK_SECRET")
cmd("firebase-deploy-token-flag", "gref",
    'firebase deploy --only hosting:{site} --token "{S}" --non-interactive',
    "firebase deploy --only hosting:{site}")
cmd("gh-secret-set-body-flag", "hex32",
    'gh secret set ALGOLIA_ADMIN_KEY --body "{S}" --repo {agency_slug}/{site}',
    "gh secret set ALGOLIA_ADMIN_KEY")
cmd("sshpass-rsync-deploy", "pw",
    "sshpass -p '{S}' rsync -avz --delete -e 'ssh -p 2222' public/ {user}@{host}:/home/{user}/public_html/",
    "rsync -avz --delete")
cmd("lftp-user-comma-password", "pw",
    "lftp -u {user},'{S}' ftp.{domain} -e \"set ftp:ssl-allow yes; mirror -R --delete dist/ /htdocs/; bye\"",
    "mirror -R --delete dist/ /htdocs/")
cmd("curl-ftp-upload-user-flag", "pwu",
    "curl -T {site}-theme.zip ftp://ftp.{domain}/wp-content/themes/ --user {user}:{S} --ftp-create-dirs",
    "ftp://ftp.{domain}/wp-content/themes/")
cmd("wget-ftp-password-flag", "pw",
    "wget --ftp-user={user} --ftp-password='{S}' -r -nH --cut-dirs=2 ftp://{host}/wp-content/uploads/2024/",
    "--ftp-user={user}")
cmd("docker-run-postgres-password-env", "pw",
    "docker run -d --name strapi-db -e POSTGRES_USER=strapi -e POSTGRES_PASSWORD='{S}' -e POSTGRES_DB=strapi -p 5432:5432 postgres:15-alpine",
    "docker run -d --name strapi-db")
cmd("docker-login-dockerhub-pat-flag", ("dckr_pat_", "b64u27"),
    "docker login -u {agency_slug} -p {S} && docker push {agency_slug}/{site}-web:{ver}",
    "docker push {agency_slug}/{site}-web:{ver}")
cmd("strapi-admin-reset-user-password", "pw",
    "npx strapi admin:reset-user-password --email={email} --password='{S}'",
    "admin:reset-user-password --email={email}")
cmd("ghost-cli-install-dbpass", "pw",
    "ghost install --db mysql --dbhost {dbhost} --dbuser ghost --dbpass '{S}' --dbname ghost_prod --url https://{domain} --no-prompt",
    "ghost install --db mysql")
cmd("contentful-cli-login-management-token", CFPAT,
    "contentful login --management-token {S} && contentful space use --space-id {space}",
    "contentful space use --space-id {space}")
cmd("contentful-space-export-flags", CFPAT,
    "contentful space export --space-id {space} --environment-id master --management-token {S} --export-dir ./backup/{date}",
    "contentful space export --space-id {space}")
cmd("sanity-dataset-import-env-token", SANITY,
    "SANITY_AUTH_TOKEN={S} npx sanity dataset import ./prod-{date}.tar.gz staging --replace",
    "npx sanity dataset import")
cmd("shopify-theme-push-password-flag", SHPTKA,
    "shopify theme push --store {site}.myshopify.com --password {S} --theme {num} --nodelete",
    "shopify theme push --store {site}.myshopify.com")
cmd("ssh-keygen-new-passphrase-flag", "phrase",
    'ssh-keygen -t ed25519 -C "deploy@{site}" -N "{S}" -f ~/.ssh/{site}_deploy',
    "ssh-keygen -t ed25519")
cmd("openssl-pkcs12-passout", "pw",
    "openssl pkcs12 -export -in {site}.crt -inkey {site}.key -out {site}.p12 -passout pass:{S}",
    "openssl pkcs12 -export")
cmd("htpasswd-batch-create", "pw",
    "sudo htpasswd -b -c /etc/nginx/.htpasswd-staging {user} '{S}' && sudo nginx -s reload",
    "/etc/nginx/.htpasswd-staging")
cmd("aws-configure-set-secret", "aws_sk",
    "aws configure set aws_secret_access_key {S} --profile {site}-media",
    "--profile {site}-media")
cmd("aws-s3-sync-inline-keys", "aws_sk",
    "AWS_ACCESS_KEY_ID={akid} AWS_SECRET_ACCESS_KEY={S} aws s3 sync ./out s3://{bucket} --delete --cache-control max-age=31536000",
    "aws s3 sync ./out s3://{bucket}")
cmd("az-storage-upload-account-key", "azkey",
    "az storage blob upload-batch -d '$web' -s ./build --account-name {lo8}static --account-key \"{S}\" --overwrite",
    "az storage blob upload-batch")
cmd("cloudinary-cli-config-url", "b64u27",
    "cld config -url cloudinary://{dig15}:{S}@{site} && cld uploader upload hero.jpg folder={site}/home",
    "cld uploader upload hero.jpg")
cmd("export-chain-algolia-admin", "hex32",
    "export ALGOLIA_APP_ID={algapp} ALGOLIA_ADMIN_KEY={S} && npm run index:docs -- --clear",
    "npm run index:docs")
cmd("chrome-webstore-upload-client-secret", GOCSPX,
    "npx chrome-webstore-upload-cli upload --source extension.zip --extension-id {ext_id} "
    "--client-id {dig12}-{lo32}.apps.googleusercontent.com --client-secret {S} --refresh-token \"$CWS_REFRESH_TOKEN\"",
    "--extension-id {ext_id}")
cmd("web-ext-sign-api-secret", "hex64",
    "npx web-ext sign --api-key=user:{dig8}:{dig3} --api-secret={S} --channel=unlisted --source-dir=dist",
    "npx web-ext sign")
cmd("lhci-upload-token-flag", "uuid",
    "npx lhci upload --target=lhci --serverBaseUrl=https://lhci.{agency_domain} --token={S}",
    "--serverBaseUrl=https://lhci.{agency_domain}")
cmd("percy-token-env-prefix", ("web_", "hex64"),
    "PERCY_TOKEN={S} npx percy exec -- npx cypress run --spec cypress/e2e/visual/*.cy.ts",
    "npx percy exec")
cmd("cypress-record-key-flag", "uuid",
    "npx cypress run --record --key {S} --parallel --group desktop --ci-build-id $GITHUB_RUN_ID",
    "npx cypress run --record")
cmd("browserstack-local-key-flag", "an20",
    "./BrowserStackLocal --key {S} --local-identifier {site}-ci --force-local --daemon start",
    "--local-identifier {site}-ci")
cmd("heredoc-my-cnf-client", "pw",
    "cat > ~/.my.cnf <<'EOF'\n[client]\nuser={dbuser}\npassword=\"{S}\"\nhost={dbhost}\nEOF\nchmod 600 ~/.my.cnf",
    "chmod 600 ~/.my.cnf")
cmd("kubectl-create-secret-from-literal", MAILGUN,
    "kubectl -n {site} create secret generic ghost-mail --from-literal=MAIL_USER=postmaster@mg.{domain} --from-literal=MAIL_PASS='{S}'",
    "kubectl -n {site} create secret generic ghost-mail")
cmd("heroku-config-set-stripe", STRIPE_SK,
    "heroku config:set STRIPE_SECRET_KEY={S} -a {site}-shop",
    "-a {site}-shop")
cmd("fly-secrets-set-database-url", "pwu",
    'fly secrets set DATABASE_URL="postgres://{dbuser}:{S}@{site}-db.flycast:5432/{db}?sslmode=disable" -a {site}-cms',
    "-a {site}-cms")
cmd("doctl-auth-init-token", ("dop_v1_", "hex64"),
    "doctl auth init --access-token {S} --context {agency_slug}",
    "doctl auth init")
cmd("terraform-apply-var-flag", CFTOK,
    'terraform apply -var="cloudflare_api_token={S}" -var-file=envs/prod.tfvars -auto-approve',
    "-var-file=envs/prod.tfvars")
cmd("ansible-playbook-extra-vars", "pw",
    'ansible-playbook site.yml -l {site} -e "wp_admin_user=admin wp_admin_password={S}" --tags wordpress',
    "ansible-playbook site.yml -l {site}")
cmd("swaks-smtp-auth-sendgrid", SG,
    "swaks --to {email} --from noreply@{domain} --server smtp.sendgrid.net:587 --auth LOGIN --auth-user apikey --auth-password '{S}' -tls",
    "swaks --to {email}")
cmd("node-e-inline-api-key", "hex32",
    "node -e \"require('./scripts/reindex')({ appId: '{algapp}', apiKey: '{S}', index: 'prod_docs' })\"",
    "require('./scripts/reindex')")
cmd("shell-history-mailjet-basic", "hex32",
    "  512  curl -s -X GET https://api.mailjet.com/v3/REST/contactslist -u {hex32_2}:{S}\n  513  history | tail -3",
    "api.mailjet.com/v3/REST/contactslist")
cmd("curl-cookie-next-auth-session", "jwe",
    "curl 'https://{host}/api/preview?slug=/about' -H 'cookie: __Secure-next-auth.session-token={S}' --compressed",
    "/api/preview?slug=/about")
cmd("curl-cloudfront-signed-url", "cfsig",
    "curl -o master.m3u8 'https://d{lo13}.cloudfront.net/video/{site}/master.m3u8?Expires={ts}&Signature={S}&Key-Pair-Id=K{up13}'",
    "cloudfront.net/video/{site}/master.m3u8")
cmd("rclone-config-create-ftp-pass", "pw",
    "rclone config create {site}-ftp ftp host=ftp.{domain} user={user} pass='{S}' --non-interactive",
    "rclone config create {site}-ftp ftp")


# ===========================================================================
# group: tool-output  (what a command printed back)
# ===========================================================================
out("drush-sql-connect-output", "pwu",
    "$ drush sql:connect\nmysql --user=drupal --password={S} --database=drupal_prod --host={dbhost} --port=3306 -A",
    "$ drush sql:connect")
out("drush-uli-one-time-login-link", "b64u43",
    "$ drush uli --uri=https://{host} --no-browser\nhttps://{host}/user/reset/1/{ts}/{S}/login",
    "$ drush uli --uri=https://{host}")
out("wp-config-get-db-password-bare", "pw",
    "$ wp config get DB_PASSWORD --path=/srv/www/{site}/current/web/wp\n{S}",
    "wp config get DB_PASSWORD")
out("wp-config-list-table-output", "pw",
    "$ wp config list --fields=name,value --format=table | grep -E 'DB_'\n"
    "| DB_NAME      | {db}\n| DB_USER      | {dbuser}\n| DB_PASSWORD  | {S}\n| DB_HOST      | {dbhost}",
    "| DB_USER      | {dbuser}")
out("wp-application-password-porcelain", "wpapp_ns",
    '$ wp user application-password create {user} "deploy-bot" --porcelain\n{S}',
    "wp user application-password create {user}")
out("netlify-env-list-plain", CFDEL,
    "$ netlify env:list --plain --context production\nGATSBY_CONTENTFUL_SPACE_ID={space}\nCONTENTFUL_ACCESS_TOKEN={S}\nNODE_VERSION=18",
    "GATSBY_CONTENTFUL_SPACE_ID={space}")
out("vercel-env-pull-cat", SANITY,
    '$ vercel env pull .env.local && cat .env.local\n# Created by Vercel CLI\nVERCEL="1"\nVERCEL_ENV="development"\n'
    'NEXT_PUBLIC_SANITY_PROJECT_ID="{proj}"\nSANITY_API_READ_TOKEN="{S}"',
    'NEXT_PUBLIC_SANITY_PROJECT_ID="{proj}"')
out("heroku-config-database-url", "hex64",
    "$ heroku config -a {site}-shop\n=== {site}-shop Config Vars\nDATABASE_URL:      postgres://{lo14}:{S}@ec2-{ipdash}.eu-west-1.compute.amazonaws.com:5432/{lo14_2}\nNODE_ENV:          production",
    "=== {site}-shop Config Vars")
out("docker-inspect-config-env-json", "pw",
    "$ docker inspect ghost_ghost_1 --format '{{json .Config.Env}}'\n"
    '["url=https://{domain}","database__client=mysql","database__connection__password={S}","NODE_ENV=production"]',
    "database__client=mysql")
out("kubectl-jsonpath-base64-decode", "b64rand",
    "$ kubectl -n {site} get secret strapi-env -o jsonpath='{.data.ADMIN_JWT_SECRET}' | base64 -d\n{S}",
    "get secret strapi-env")
out("kubectl-get-secret-yaml-data", "b64pw",
    "$ kubectl get secret wp-db -o yaml\napiVersion: v1\ndata:\n  password: {S}\n  username: d29yZHByZXNz\nkind: Secret\nmetadata:\n  name: wp-db\n  namespace: {site}",
    "namespace: {site}")
out("docker-compose-config-resolved", "pw",
    "$ docker compose config\nservices:\n  db:\n    environment:\n      MYSQL_DATABASE: wordpress\n      MYSQL_ROOT_PASSWORD: {S}\n    image: mariadb:10.11",
    "image: mariadb:10.11")
out("env-grep-token-output", GHO,
    "$ env | grep -i -E 'token|key'\nHOMEBREW_NO_ANALYTICS=1\nGITHUB_TOKEN={S}\nSSH_AUTH_SOCK=/private/tmp/com.apple.launchd.{an10}/Listeners",
    "HOMEBREW_NO_ANALYTICS=1")
out("printenv-single-value", STRIPE_RK,
    "$ printenv STRIPE_SECRET_KEY\n{S}",
    "$ printenv STRIPE_SECRET_KEY")
out("cat-dotenv-output", CFDEL,
    "$ cat .env\nNEXT_PUBLIC_SITE_URL=https://{domain}\nNEXT_PUBLIC_GA_ID=G-{up10}\nCONTENTFUL_PREVIEW_TOKEN={S}\nREVALIDATE_SECONDS=60",
    "NEXT_PUBLIC_SITE_URL=https://{domain}")
out("git-config-list-remote-url", "github_pat",
    "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://{user}:{S}@github.com/{agency_slug}/{site}.git",
    "remote.origin.url=")
out("git-remote-v-x-access-token", GHS,
    "$ git remote -v\norigin\thttps://x-access-token:{S}@github.com/{agency_slug}/{site}.git (fetch)\n"
    "origin\thttps://x-access-token:{S}@github.com/{agency_slug}/{site}.git (push)",
    "$ git remote -v")
out("cat-npmrc-output", NPM,
    "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken={S}\ninit-author-name={person}\nfund=false",
    "init-author-name={person}")
out("composer-config-http-basic-acf", "acf_key",
    "$ composer config --global --list | grep -A1 http-basic\n"
    '[http-basic.connect.advancedcustomfields.com] {"username":"{S}","password":"https://{domain}"}',
    "http-basic.connect.advancedcustomfields.com")
out("mysql-general-log-create-user", "pw",
    "2024-03-12T10:14:02.118372Z\t   17 Query\tCREATE USER 'wp_{lo6}'@'%' IDENTIFIED BY '{S}'",
    "CREATE USER 'wp_{lo6}'@'%'")
out("ghost-config-get-password", "pw",
    "$ ghost config get database.connection.password\n{S}",
    "ghost config get database.connection.password")
out("ghost-integrations-json-api-keys", "hex64",
    "$ curl -s ... /ghost/api/admin/integrations/?include=api_keys | jq '.integrations[0].api_keys[0]'\n"
    '{\n  "id": "{hex24}",\n  "type": "admin",\n  "secret": "{S}",\n  "role_id": "{hex24_2}"\n}',
    '"type": "admin"')
out("contentfulrc-json-cat", CFPAT,
    '$ cat ~/.contentfulrc.json\n{\n  "managementToken": "{S}",\n  "activeSpaceId": "{space}",\n  "activeEnvironmentId": "master"\n}',
    '"activeSpaceId": "{space}"')
out("sanity-debug-secrets-auth-token", ("sk", "an100"),
    "$ npx sanity debug --secrets\nUser:\n  ID: 'p{an8}'\n  Name: '{person}'\n\nAuthentication:\n  User type: 'normal'\n  Auth token: '{S}'\n\nProject:\n  ID: '{proj}'",
    "  Name: '{person}'")
out("aws-credentials-file-cat", "aws_sk",
    "$ cat ~/.aws/credentials\n[{site}-media]\naws_access_key_id = {akid}\naws_secret_access_key = {S}\nregion = {region}",
    "[{site}-media]")
out("aws-sts-assume-role-json", "aws_sk",
    '$ aws sts assume-role --role-arn arn:aws:iam::{dig12}:role/deploy --role-session-name ci\n{\n    "Credentials": {\n'
    '        "AccessKeyId": "ASIA{up16}",\n        "SecretAccessKey": "{S}",\n        "Expiration": "{iso}"\n    }\n}',
    "--role-session-name ci")
out("gcloud-print-access-token", "gacc",
    "$ gcloud auth print-access-token --impersonate-service-account=cms@{site}-web.iam.gserviceaccount.com\n{S}",
    "gcloud auth print-access-token")
out("firebase-login-ci-output", "gref",
    "\u2714  Success! Use this token to login on a CI server:\n\n{S}\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
    "Use this token to login on a CI server")
out("stripe-listen-webhook-signing-secret", WHSEC,
    "$ stripe listen --forward-to localhost:3000/api/webhooks/stripe\n> Ready! You are using Stripe API Version [2023-10-16]. "
    "Your webhook signing secret is {S} (^C to quit)",
    "--forward-to localhost:3000/api/webhooks/stripe")
out("stripe-config-list-live-key", STRIPE_RK,
    "$ stripe config --list\n[default]\n  device_name = '{user}-mbp'\n  display_name = '{client}'\n  live_mode_api_key = '{S}'\n  test_mode_key_expires_at = '{date}'",
    "device_name = '{user}-mbp'")
out("shopify-app-env-show", "hex32",
    "$ shopify app env show\n  SHOPIFY_API_KEY={hex32_2}\n  SHOPIFY_API_SECRET={S}\n  SCOPES=write_products,read_orders",
    "SCOPES=write_products,read_orders")
out("filezilla-recentservers-cat", "b64pw",
    "$ cat ~/.config/filezilla/recentservers.xml\n<RecentServers>\n  <Server>\n    <Host>ftp.{domain}</Host>\n    <Port>21</Port>\n"
    "    <User>{user}</User>\n    <Pass encoding=\"base64\">{S}</Pass>\n  </Server>\n</RecentServers>",
    "<Host>ftp.{domain}</Host>")
out("mariadb-generated-root-password-log", "an32",
    "$ docker logs {site}-db 2>&1 | grep -i generated\n{date} {time} 0 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: {S}",
    "[Entrypoint]")
out("bitnami-credentials-file", "an12",
    "$ sudo cat /home/bitnami/bitnami_credentials\nWelcome to the Bitnami WordPress Stack\n\n"
    "******************************************************************************\n"
    "The default username and password is 'user' and '{S}'.\n"
    "******************************************************************************",
    "Welcome to the Bitnami WordPress Stack")
out("plesk-login-secret-url", "b64u44",
    "$ plesk login\nhttps://{host}:8443/login?secret={S}\nhttps://{pubip}:8443/login?secret={S}",
    "$ plesk login")
out("cpanel-uapi-create-token", "up32",
    "$ uapi Tokens create_full_access name=deploy-{date}\n---\napiversion: 3\nfunc: create_full_access\nmodule: Tokens\nresult:\n  data:\n    create_time: {ts}\n    name: deploy-{date}\n    token: {S}",
    "func: create_full_access")
out("terraform-output-json-sensitive", "pw",
    '$ terraform output -json\n{"cdn_url":{"sensitive":false,"type":"string","value":"https://{domain}"},'
    '"db_password":{"sensitive":true,"type":"string","value":"{S}"}}',
    '"cdn_url"')
out("terraform-state-pull-jq-result", "pwr",
    "$ terraform state pull | jq -r '.resources[] | select(.type==\"random_password\") | .instances[0].attributes.result'\n{S}",
    "terraform state pull")
out("vault-kv-get-table", "pw",
    "$ vault kv get secret/clients/{site}/wordpress\n====== Data ======\nKey           Value\n---           -----\nadmin_user    {user}\nadmin_pass    {S}",
    "secret/clients/{site}/wordpress")
out("op-item-get-fields-csv", "pw",
    '$ op item get "{client} WP admin" --fields username,password\n{user},{S}',
    "--fields username,password")
out("bw-get-password-output", "pw",
    '$ bw get password "{domain} SFTP"\n{S}',
    "$ bw get password")
out("pass-show-entry", "pw",
    "$ pass show clients/{site}/ghost-admin\n{S}\nuser: {email}\nurl: https://{domain}/ghost/",
    "pass show clients/{site}/ghost-admin")
out("macos-security-find-generic-password", "pw",
    '$ security find-generic-password -s "{site}-strapi" -a {user} -w\n{S}',
    "security find-generic-password")
out("netrc-cat-multiline", "pw",
    "$ cat ~/.netrc\nmachine ftp.{domain}\n  login {user}\n  password {S}",
    "machine ftp.{domain}")
out("commercetools-oauth-token-response", "b64u32",
    "$ curl -s -X POST https://auth.europe-west1.gcp.commercetools.com/oauth/token -u \"$CTP_CLIENT_ID:$CTP_CLIENT_SECRET\" -d grant_type=client_credentials\n"
    '{"access_token":"{S}","token_type":"Bearer","expires_in":172800,"scope":"manage_project:{site}-prod"}',
    "grant_type=client_credentials")
out("httpie-verbose-login-body", "pw",
    "$ http -v POST https://{host}/api/auth/local identifier={email} password=@/dev/stdin\nPOST /api/auth/local HTTP/1.1\n"
    'Content-Type: application/json\nHost: {host}\n\n{\n    "identifier": "{email}",\n    "password": "{S}"\n}',
    "POST /api/auth/local HTTP/1.1")
out("strapi-login-response-jwt", "jwt",
    '{"jwt":"{S}","user":{"id":{n},"username":"{user}","email":"{email}","provider":"local","confirmed":true,"blocked":false}}',
    '"provider":"local"')
out("curl-verbose-set-cookie-wordpress", "wpcookie",
    "< HTTP/2 302\n< location: https://{host}/wp-admin/\n< set-cookie: wordpress_logged_in_{hex32}={user}%7C{ts}%7C{S}; path=/; secure; HttpOnly",
    "location: https://{host}/wp-admin/")
out("curl-verbose-set-cookie-phpsessid", "lo26",
    "< HTTP/1.1 200 OK\n< Server: nginx\n< Set-Cookie: PHPSESSID={S}; path=/; HttpOnly\n< Cache-Control: no-store, no-cache, must-revalidate",
    "Cache-Control: no-store")
out("decode-basic-header-output", "pw",
    "$ echo \"$AUTH_HEADER\" | cut -d' ' -f2 | base64 -d\n{user}:{S}",
    "base64 -d")
out("pm2-env-grep-secret", "pwr",
    "$ pm2 env 0 | grep -i secret\nJWT_SECRET: {S}\n",
    "$ pm2 env 0")
out("systemctl-show-environment", MAILGUN,
    "$ systemctl show ghost_{lo6}.service -p Environment\nEnvironment=NODE_ENV=production mail__transport=SMTP mail__options__auth__pass={S}",
    "mail__transport=SMTP")
out("ps-aux-mysqldump-inline-password", "pwu",
    "$ ps aux | grep [m]ysqldump\nroot     {pid}  2.1  0.4 112340 18220 ?  S  03:00  0:04 mysqldump -u root -p{S} --all-databases --single-transaction",
    "$ ps aux | grep [m]ysqldump")
out("sentryclirc-cat", "sentry_org",
    "$ cat ~/.sentryclirc\n[auth]\ntoken={S}\n\n[defaults]\norg={agency_slug}\nproject={site}-web",
    "org={agency_slug}")
out("gh-auth-status-show-token", GHO,
    "$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account {user} (keyring)\n  - Active account: true\n  - Token: {S}\n  - Token scopes: 'gist', 'read:org', 'repo'",
    "Logged in to github.com account {user}")
out("glab-config-get-token", GLPAT,
    "$ glab config get token --host gitlab.com\n{S}",
    "glab config get token")
out("wrangler-config-toml-oauth", "b64u43",
    '$ cat ~/.wrangler/config/default.toml\noauth_token = "{S}"\nexpiration_time = "{iso}"\nscopes = ["account:read", "workers:write"]',
    "expiration_time")
out("aws-secretsmanager-secretstring", "b64u32",
    "$ aws secretsmanager get-secret-value --secret-id prod/{site}/commercetools --query SecretString --output text\n"
    '{"clientId":"{an24}","clientSecret":"{S}","projectKey":"{site}-prod"}',
    "--secret-id prod/{site}/commercetools")
out("gcloud-secrets-access-latest", "mapbox_sk",
    "$ gcloud secrets versions access latest --secret=mapbox-secret-token --project={site}-web\n{S}",
    "--secret=mapbox-secret-token")
out("doppler-secrets-get-plain", "mailchimp",
    "$ doppler secrets get MAILCHIMP_API_KEY --plain -p {site} -c prd\n{S}",
    "doppler secrets get MAILCHIMP_API_KEY")
out("python-repl-os-environ", "b64u76",
    '>>> import os\n>>> os.environ["MUX_TOKEN_SECRET"]\n\'{S}\'',
    'os.environ["MUX_TOKEN_SECRET"]')
out("node-repl-process-env", BREVO,
    "> process.env.BREVO_API_KEY\n'{S}'\n> ",
    "process.env.BREVO_API_KEY")
out("wp-eval-get-option-echo", "mailchimp",
    "$ wp eval 'echo get_option(\"mc4wp\")[\"api_key\"];' --url={domain}\n{S}",
    "wp eval")
out("wp-option-get-mail-smtp-json", "pw",
    "$ wp option get wp_mail_smtp --format=json\n"
    '{"mail":{"from_email":"noreply@{domain}","mailer":"smtp"},"smtp":{"host":"smtp.{domain}","port":587,"auth":true,"user":"{email}","pass":"{S}"}}',
    '"mailer":"smtp"')
out("drush-php-eval-hash-salt", "dsalt",
    "$ drush php:eval 'echo \\Drupal\\Core\\Site\\Settings::get(\"hash_salt\");'\n{S}",
    "drush php:eval")
out("drush-config-get-smtp-password", "pw",
    "$ drush config:get smtp.settings smtp_password\n'smtp.settings:smtp_password': '{S}'",
    "drush config:get smtp.settings")
out("mc-alias-list-secretkey", "an40",
    "$ mc alias list media\nmedia\n  URL       : https://s3.{domain}\n  AccessKey : {up20}\n  SecretKey : {S}\n  API       : s3v4\n  Path      : auto",
    "URL       : https://s3.{domain}")
out("rclone-config-show-r2", "hex64",
    "$ rclone config show r2\n[r2]\ntype = s3\nprovider = Cloudflare\naccess_key_id = {hex32}\nsecret_access_key = {S}\nendpoint = https://{hex32_2}.r2.cloudflarestorage.com",
    "provider = Cloudflare")
out("ngrok-yml-cat-authtoken", "ngrok",
    '$ cat "$HOME/Library/Application Support/ngrok/ngrok.yml"\nversion: "2"\nauthtoken: {S}\ntunnels:\n  wp:\n    proto: http\n    addr: 8080',
    "proto: http")
out("mysql-cli-warning-transcript", "pwu",
    "$ mysql -u{dbuser} -p{S} -h {dbhost} {db}\nmysql: [Warning] Using a password on the command line interface can be insecure.\n"
    "Welcome to the MariaDB monitor.  Commands end with ; or \\g.",
    "Using a password on the command line interface can be insecure")
out("curl-verbose-ftp-pass-line", "pwu",
    "$ curl -v -T index.html ftp://ftp.{domain}/public_html/ --user {user}:...\n< 220 ProFTPD Server ready.\n> USER {user}\n"
    "< 331 Password required for {user}\n> PASS {S}\n< 230 User {user} logged in",
    "< 220 ProFTPD Server ready.")
out("smtp-debug-auth-login-exchange", "b64pw",
    "DEBUG SMTP: trying AUTH LOGIN\n< 334 VXNlcm5hbWU6\n> {user_b64}\n< 334 UGFzc3dvcmQ6\n> {S}\n< 235 2.7.0 Authentication successful",
    "235 2.7.0 Authentication successful")


# ===========================================================================
# group: config-file  (excerpts of files the agent opened)
# ===========================================================================
cfg("wp-config-define-db-password", "pw",
    "/** The name of the database for WordPress */\ndefine( 'DB_NAME', '{db}' );\n\n/** Database username */\n"
    "define( 'DB_USER', '{dbuser}' );\n\n/** Database password */\ndefine( 'DB_PASSWORD', '{S}' );\n\n"
    "/** Database hostname */\ndefine( 'DB_HOST', '{dbhost}' );",
    "define( 'DB_NAME', '{db}' );")
cfg("wp-config-auth-key-salt", "wpsalt",
    "/**#@+\n * Authentication unique keys and salts.\n */\ndefine( 'AUTH_KEY',         '{S}' );\n"
    "define( 'WP_CACHE_KEY_SALT', '{site}:' );",
    "Authentication unique keys and salts.")
cfg("wp-config-secure-auth-salt", "wpsalt",
    "define('SECURE_AUTH_SALT', '{S}');\n$table_prefix = 'wp_{lo4}_';",
    "$table_prefix")
cfg("wp-config-wpms-smtp-pass", "pw",
    "define( 'WPMS_ON', true );\ndefine( 'WPMS_MAILER', 'smtp' );\ndefine( 'WPMS_SMTP_HOST', 'smtp.{domain}' );\n"
    "define( 'WPMS_SMTP_USER', '{email}' );\ndefine( 'WPMS_SMTP_PASS', '{S}' );",
    "define( 'WPMS_MAILER', 'smtp' );")
cfg("wp-config-as3cf-settings-serialized", "aws_sk",
    "define( 'AS3CF_SETTINGS', serialize( array(\n    'provider' => 'aws',\n    'access-key-id' => '{akid}',\n"
    "    'secret-access-key' => '{S}',\n) ) );",
    "'provider' => 'aws'")
cfg("wp-config-redis-password", "pwr",
    "define( 'WP_REDIS_HOST', '{ip}' );\ndefine( 'WP_REDIS_PORT', 6379 );\ndefine( 'WP_REDIS_PASSWORD', '{S}' );\ndefine( 'WP_REDIS_DATABASE', {n} );",
    "define( 'WP_REDIS_PORT', 6379 );")
cfg("drupal-settings-databases-array", "pw",
    "$databases['default']['default'] = [\n  'database' => '{db}',\n  'username' => '{dbuser}',\n  'password' => '{S}',\n"
    "  'host' => '{dbhost}',\n  'port' => '3306',\n  'driver' => 'mysql',\n  'prefix' => '',\n];",
    "'driver' => 'mysql'")
cfg("drupal-settings-hash-salt", "dsalt",
    "/**\n * Salt for one-time login links, cancel links, form tokens, etc.\n */\n$settings['hash_salt'] = '{S}';",
    "Salt for one-time login links")
cfg("drupal-settings-local-smtp-override", "pw",
    "// settings.local.php -- do not commit\n$config['smtp.settings']['smtp_host'] = 'smtp.office365.com';\n"
    "$config['smtp.settings']['smtp_username'] = '{email}';\n$config['smtp.settings']['smtp_password'] = '{S}';",
    "$config['smtp.settings']['smtp_host']")
cfg("strapi-env-database-password", "pw",
    "HOST=0.0.0.0\nPORT=1337\nDATABASE_CLIENT=postgres\nDATABASE_HOST={dbhost}\nDATABASE_PORT=5432\nDATABASE_NAME=strapi\n"
    "DATABASE_USERNAME=strapi\nDATABASE_PASSWORD={S}\nDATABASE_SSL=true",
    "DATABASE_CLIENT=postgres")
cfg("strapi-env-admin-jwt-secret", "b64rand",
    "# generated by create-strapi-app\nADMIN_JWT_SECRET={S}\nTRANSFER_TOKEN_SALT=${TRANSFER_SALT}\nFLAG_NPS=false",
    "# generated by create-strapi-app")
cfg("ghost-config-production-json-db", "pw",
    '{\n  "url": "https://{domain}",\n  "server": { "port": 2368, "host": "127.0.0.1" },\n  "database": {\n    "client": "mysql",\n'
    '    "connection": {\n      "host": "{dbhost}",\n      "user": "ghost",\n      "password": "{S}",\n      "database": "ghost_prod"\n    }\n  }\n}',
    '"url": "https://{domain}"')
cfg("ghost-config-mail-smtp-json", MAILGUN,
    '"mail": {\n  "transport": "SMTP",\n  "options": {\n    "service": "Mailgun",\n    "auth": {\n      "user": "postmaster@mg.{domain}",\n'
    '      "pass": "{S}"\n    }\n  }\n}',
    '"service": "Mailgun"')
cfg("netlify-toml-build-environment", "hex32",
    '[build]\n  command = "npm run build"\n  publish = "public"\n\n[build.environment]\n  NODE_VERSION = "20"\n  ALGOLIA_ADMIN_KEY = "{S}"',
    'publish = "public"')
cfg("vercel-json-env-block", ("shpat_", "hex32"),
    '{\n  "framework": "nextjs",\n  "env": {\n    "NEXT_PUBLIC_SITE": "{domain}",\n    "SHOPIFY_ADMIN_API_TOKEN": "{S}"\n  }\n}',
    '"framework": "nextjs"')
cfg("wrangler-toml-vars-turnstile", ("0x4AAAAAAA", "b64u22"),
    'name = "{site}-edge"\nmain = "src/index.ts"\ncompatibility_date = "2024-01-15"\n\n[vars]\nAPI_BASE = "https://api.{domain}"\nTURNSTILE_SECRET = "{S}"',
    'compatibility_date = "2024-01-15"')
cfg("npmrc-scoped-registry-authtoken", GHP,
    "@{agency_slug}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={S}\nalways-auth=true",
    "@{agency_slug}:registry=https://npm.pkg.github.com")
cfg("yarnrc-yml-fontawesome-token", "UUID",
    'npmScopes:\n  fortawesome:\n    npmAlwaysAuth: true\n    npmRegistryServer: "https://npm.fontawesome.com/"\n    npmAuthToken: "{S}"',
    'npmRegistryServer: "https://npm.fontawesome.com/"')
cfg("composer-auth-json-http-basic-license", "hex32",
    '{\n  "http-basic": {\n    "composer.deliciousbrains.com": {\n      "username": "{hex32_2}",\n      "password": "{S}"\n    }\n  }\n}',
    "composer.deliciousbrains.com")
cfg("composer-auth-json-github-oauth", GHP,
    '{\n    "github-oauth": {\n        "github.com": "{S}"\n    }\n}',
    '"github-oauth"')
cfg("composer-auth-json-gitlab-token", GLPAT,
    '{\n  "gitlab-token": {\n    "gitlab.{agency_domain}": "{S}"\n  },\n  "gitlab-domains": ["gitlab.{agency_domain}"]\n}',
    '"gitlab-domains"')
cfg("pgpass-line", "pwu",
    "# hostname:port:database:username:password\n{dbhost}:5432:{db}:{dbuser}:{S}",
    "# hostname:port:database:username:password")
cfg("my-cnf-client-section", "pw",
    "[client]\nuser = {dbuser}\npassword = {S}\nhost = {dbhost}\ndefault-character-set = utf8mb4",
    "default-character-set = utf8mb4")
cfg("netrc-single-line", "pw",
    "machine api.{domain} login {user} password {S}\nmachine github.com login {user} password ${GH_TOKEN_FROM_KEYCHAIN}",
    "machine api.{domain} login {user}")
cfg("filezilla-sitemanager-xml", "b64pw",
    "<Server>\n  <Host>{host}</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <Type>0</Type>\n  <User>{user}</User>\n"
    "  <Pass encoding=\"base64\">{S}</Pass>\n  <Logontype>1</Logontype>\n  <Name>{client} staging</Name>\n</Server>",
    "<Name>{client} staging</Name>")
cfg("vscode-sftp-json", "pw",
    '{\n  "name": "{client} live",\n  "host": "{host}",\n  "protocol": "sftp",\n  "port": 22,\n  "username": "{user}",\n'
    '  "password": "{S}",\n  "remotePath": "/var/www/html/wp-content/themes/{site}",\n  "uploadOnSave": true\n}',
    '"protocol": "sftp"')
cfg("deployer-hosts-yml-db-password", "pw",
    "hosts:\n  production:\n    hostname: {host}\n    remote_user: {user}\n    deploy_path: ~/sites/{domain}\n    db_name: {db}\n    db_password: '{S}'",
    "deploy_path: ~/sites/{domain}")
cfg("docker-compose-wordpress-db-env", "pw",
    "services:\n  wordpress:\n    image: wordpress:6.5-php8.2-apache\n    environment:\n      WORDPRESS_DB_HOST: db\n"
    "      WORDPRESS_DB_USER: wp\n      WORDPRESS_DB_PASSWORD: '{S}'\n      WORDPRESS_DB_NAME: wordpress",
    "image: wordpress:6.5-php8.2-apache")
cfg("docker-compose-mysql-root-password", "pw",
    "  db:\n    image: mysql:8.0\n    command: --default-authentication-plugin=mysql_native_password\n    environment:\n"
    "      MYSQL_ROOT_PASSWORD: {S}\n      MYSQL_DATABASE: {db}",
    "image: mysql:8.0")
cfg("k8s-secret-stringdata", CFPAT,
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {site}-contentful\ntype: Opaque\nstringData:\n  CONTENTFUL_MANAGEMENT_TOKEN: {S}\n  CONTENTFUL_SPACE_ID: {space}",
    "name: {site}-contentful")
cfg("k8s-secret-data-base64-password", "b64pw",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mariadb-auth\ntype: Opaque\ndata:\n  mariadb-password: {S}",
    "name: mariadb-auth")
cfg("helm-values-wordpress-password", "pw",
    'wordpressUsername: {user}\nwordpressPassword: "{S}"\nwordpressEmail: {email}\nwordpressBlogName: "{client}"\nservice:\n  type: ClusterIP',
    "wordpressUsername: {user}")
cfg("terraform-tfvars-cloudflare-token", CFTOK,
    'cloudflare_zone_id   = "{hex32}"\ncloudflare_api_token = "{S}"\nsite_domain          = "{domain}"',
    'site_domain          = "{domain}"')
cfg("terraform-provider-contentful-inline", CFPAT,
    'provider "contentful" {\n  cma_token       = "{S}"\n  organization_id = "{an22}"\n}',
    'provider "contentful"')
cfg("ansible-group-vars-wp-db", "pw",
    '---\nwp_db_name: {db}\nwp_db_user: {dbuser}\nwp_db_password: "{S}"\nwp_site_url: https://{domain}\nwp_version: "6.5"',
    "wp_site_url: https://{domain}")
cfg("php-fpm-pool-env-line", "pw",
    "[{site}]\nuser = www-data\nlisten = /run/php/{site}.sock\nenv[DB_HOST] = {dbhost}\nenv[DB_PASSWORD] = {S}",
    "listen = /run/php/{site}.sock")
cfg("nginx-proxy-set-header-basic", "basic",
    "location /api/ {\n    proxy_pass https://api.{domain};\n    proxy_set_header Authorization \"Basic {S}\";\n    proxy_ssl_server_name on;\n}",
    "proxy_pass https://api.{domain};")
cfg("nginx-set-var-maps-key", GOOG,
    'location /staticmap {\n    set $maps_key "{S}";\n    proxy_pass https://maps.googleapis.com/maps/api/staticmap?$args&key=$maps_key;\n}',
    "location /staticmap")
cfg("htaccess-setenv-redis-password", "pw",
    "# BEGIN {client}\nSetEnv WP_ENV production\nSetEnv WP_REDIS_PASSWORD \"{S}\"\n# END {client}",
    "SetEnv WP_ENV production")
cfg("redis-conf-requirepass", "pwr",
    "# /etc/redis/redis.conf\nbind 127.0.0.1 ::1\nprotected-mode yes\nrequirepass {S}\nmaxmemory 256mb\nmaxmemory-policy allkeys-lru",
    "maxmemory-policy allkeys-lru")
cfg("w3tc-master-php-cloudfront-secret", "aws_sk",
    "\t'cdn.engine' => 'cf2',\n\t'cdn.cf2.key' => '{akid}',\n\t'cdn.cf2.secret' => '{S}',\n\t'cdn.cf2.id' => 'E{up13}',",
    "'cdn.engine' => 'cf2'")
cfg("dotenv-gatsby-contentful-delivery", CFDEL,
    "# .env.development\nGATSBY_CONTENTFUL_SPACE_ID={space}\nCONTENTFUL_ACCESS_TOKEN={S}\nGATSBY_SITE_URL=http://localhost:8000",
    "GATSBY_SITE_URL=http://localhost:8000")
cfg("dotenv-nextjs-shopify-admin", SHPAT,
    "SHOPIFY_STORE_DOMAIN={site}.myshopify.com\nSHOPIFY_STOREFRONT_API_VERSION=2024-01\nSHOPIFY_ADMIN_ACCESS_TOKEN={S}",
    "SHOPIFY_STORE_DOMAIN={site}.myshopify.com")
cfg("dotenv-astro-sanity-token", SANITY,
    "PUBLIC_SANITY_PROJECT_ID={proj}\nPUBLIC_SANITY_DATASET=production\nSANITY_API_TOKEN={S}",
    "PUBLIC_SANITY_DATASET=production")
cfg("dotenv-nuxt-storyblok-token", ("an22", "tt"),
    "NUXT_PUBLIC_SITE_URL=https://{domain}\nSTORYBLOK_ACCESS_TOKEN={S}\nSTORYBLOK_VERSION=draft",
    "STORYBLOK_VERSION=draft")
cfg("dotenv-quoted-with-comment", "hex32",
    '# mailjet (ask {first} before rotating)\nMJ_APIKEY_PUBLIC="{hex32_2}"\nMJ_APIKEY_PRIVATE="{S}"\nMJ_SENDER="hello@{domain}"',
    'MJ_SENDER="hello@{domain}"')
cfg("dotenv-export-prefix-resend", ("re_", "an8", "_", "an24"),
    "export RESEND_API_KEY={S}\nexport CONTACT_FORM_TO=hello@{domain}",
    "export CONTACT_FORM_TO=hello@{domain}")
cfg("dotenv-medusa-database-url", "pwu",
    "DATABASE_URL=postgres://medusa:{S}@{dbhost}:5432/medusa_{lo4}\nREDIS_URL=redis://localhost:6379\nSTORE_CORS=https://{domain}",
    "STORE_CORS=https://{domain}")
cfg("dotenv-saleor-django-secret", "django_key",
    "ALLOWED_HOSTS={domain},localhost\nSECRET_KEY={S}\nDEFAULT_CHANNEL_SLUG=default-channel",
    "DEFAULT_CHANNEL_SLUG=default-channel")
cfg("app-yaml-gae-env-variables", RECAPTCHA,
    'runtime: nodejs20\ninstance_class: F1\nenv_variables:\n  RECAPTCHA_SECRET: "{S}"\n  CONTACT_TO: "hello@{domain}"',
    "runtime: nodejs20")
cfg("firebase-service-account-json", "pem_rsa_esc",
    '{\n  "type": "service_account",\n  "project_id": "{site}-web",\n  "private_key_id": "{hex40}",\n'
    '  "private_key": "-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n",\n'
    '  "client_email": "firebase-adminsdk-{lo5}@{site}-web.iam.gserviceaccount.com"\n}',
    '"type": "service_account"')
cfg("pem-rsa-private-key-file", "pem_rsa1",
    "-----BEGIN RSA PRIVATE KEY-----\n{S}\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----")
cfg("openssh-private-key-file", "pem_ossh",
    "-----BEGIN OPENSSH PRIVATE KEY-----\n{S}\n-----END OPENSSH PRIVATE KEY-----",
    "-----END OPENSSH PRIVATE KEY-----")
cfg("apple-p8-mapkit-key-file", "pem_ec",
    "# AuthKey_{up10}.p8 (MapKit JS, team {up10_2})\n-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----",
    "MapKit JS")
cfg("ec-private-key-sec1-file", "pem_ec1",
    "-----BEGIN EC PRIVATE KEY-----\n{S}\n-----END EC PRIVATE KEY-----",
    "-----BEGIN EC PRIVATE KEY-----")
cfg("ssh-config-comment-password", "pw",
    "Host {site}-live\n  HostName {host}\n  User {user}\n  Port 2222\n  # pw: {S}  (hosting co won't enable keys)",
    "HostName {host}")
cfg("web-config-connectionstring-umbraco", "pw",
    '<connectionStrings>\n  <add name="umbracoDbDSN" connectionString="Server={dbhost};Database={db};User Id={dbuser};'
    'Password={S};TrustServerCertificate=True" providerName="Microsoft.Data.SqlClient" />\n</connectionStrings>',
    'providerName="Microsoft.Data.SqlClient"')
cfg("appsettings-json-umbraco-smtp", SG,
    '"Umbraco": {\n  "CMS": {\n    "Global": {\n      "Smtp": {\n        "From": "noreply@{domain}",\n        "Host": "smtp.sendgrid.net",\n'
    '        "Port": 587,\n        "Username": "apikey",\n        "Password": "{S}"\n      }\n    }\n  }\n}',
    '"Host": "smtp.sendgrid.net"')
cfg("craft-cms-env-security-key", "b64u32",
    "CRAFT_APP_ID=CraftCMS--{uuid}\nCRAFT_ENVIRONMENT=production\nCRAFT_SECURITY_KEY={S}\nCRAFT_DB_DRIVER=mysql",
    "CRAFT_ENVIRONMENT=production")
cfg("statamic-env-app-key", "b64key32",
    "APP_NAME=\"{client}\"\nAPP_ENV=production\nAPP_KEY=base64:{S}\nAPP_URL=https://{domain}\nSTATAMIC_LICENSE_KEY=",
    "APP_URL=https://{domain}")
cfg("typo3-additional-configuration-db", "pw",
    "$GLOBALS['TYPO3_CONF_VARS']['DB']['Connections']['Default']['user'] = '{dbuser}';\n"
    "$GLOBALS['TYPO3_CONF_VARS']['DB']['Connections']['Default']['password'] = '{S}';",
    "['Connections']['Default']['user']")
cfg("joomla-configuration-php-password", "pw",
    "class JConfig {\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = '{dbhost}';\n\tpublic $user = '{dbuser}';\n\tpublic $password = '{S}';\n\tpublic $db = '{db}';",
    "public $dbtype = 'mysqli';")
cfg("magento-env-php-db-connection", "pw",
    "'db' => [\n    'connection' => [\n        'default' => [\n            'host' => '{dbhost}',\n            'dbname' => '{db}',\n"
    "            'username' => '{dbuser}',\n            'password' => '{S}',\n            'active' => '1',\n        ],\n    ],\n],",
    "'active' => '1'")
cfg("shopware-env-app-secret", "hex64",
    "APP_ENV=prod\nAPP_URL=https://{domain}\nAPP_SECRET={S}\nINSTANCE_ID={an32}",
    "APP_URL=https://{domain}")
cfg("hugo-config-toml-algolia-admin", "hex32",
    '[params.algolia]\n  appId = "{algapp}"\n  indexName = "{site}_docs"\n  adminKey = "{S}"',
    "[params.algolia]")
cfg("jekyll-config-yml-deploy-password", "pw",
    "title: {client}\nurl: https://{domain}\ndeploy:\n  method: ftp\n  host: ftp.{domain}\n  user: {user}\n  ftp_password: {S}",
    "method: ftp")
cfg("pm2-ecosystem-json-env", "pw",
    '{\n  "apps": [{\n    "name": "strapi",\n    "script": "npm",\n    "args": "start",\n    "env": {\n      "NODE_ENV": "production",\n'
    '      "DATABASE_PASSWORD": "{S}"\n    }\n  }]\n}',
    '"script": "npm"')
cfg("supervisor-conf-environment", "pw",
    '[program:ghost]\ncommand=/usr/bin/node current/index.js\ndirectory=/var/www/ghost\nenvironment=NODE_ENV="production",database__connection__password="{S}"',
    "[program:ghost]")
cfg("systemd-unit-environment-whsec", WHSEC,
    "[Unit]\nDescription={client} storefront API\n\n[Service]\nEnvironment=\"NODE_ENV=production\"\nEnvironment=\"STRIPE_WEBHOOK_SECRET={S}\"\nExecStart=/usr/bin/node dist/server.js",
    "ExecStart=/usr/bin/node dist/server.js")
cfg("caddyfile-header-up-typesense", "an32",
    "search.{domain} {\n    reverse_proxy https://{lo10}-1.a1.typesense.net {\n        header_up X-TYPESENSE-API-KEY {S}\n    }\n}",
    "reverse_proxy https://{lo10}-1.a1.typesense.net")
cfg("typesense-server-ini", "an40",
    "[server]\napi-address = 0.0.0.0\napi-port = 8108\ndata-dir = /var/lib/typesense\napi-key = {S}\nlog-dir = /var/log/typesense",
    "data-dir = /var/lib/typesense")
cfg("meilisearch-config-toml", "b64u32",
    'db_path = "./data.ms"\nenv = "production"\nhttp_addr = "0.0.0.0:7700"\nmaster_key = "{S}"',
    'http_addr = "0.0.0.0:7700"')
cfg("sendmail-authinfo-line", "pw",
    'AuthInfo:smtp.{domain} "U:{user}" "P:{S}" "M:LOGIN PLAIN"',
    "AuthInfo:smtp.{domain}")
cfg("postfix-sasl-passwd", MAILGUN,
    "# /etc/postfix/sasl_passwd\n[smtp.mailgun.org]:587 postmaster@mg.{domain}:{S}",
    "[smtp.mailgun.org]:587")
cfg("msmtprc-account", "pw",
    "account default\nhost smtp.{domain}\nport 587\nauth on\nuser {email}\npassword {S}\ntls on\ntls_trust_file /etc/ssl/certs/ca-certificates.crt",
    "tls_trust_file /etc/ssl/certs/ca-certificates.crt")
cfg("git-credentials-store-file", GLPAT,
    "# ~/.git-credentials\nhttps://{user}:{S}@gitlab.{agency_domain}",
    "# ~/.git-credentials")
cfg("docker-config-json-auths", "basic_tok",
    '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "{S}"\n    }\n  },\n  "credsStore": ""\n}',
    '"ghcr.io"')
cfg("browser-extension-env-json-client-secret", GOCSPX,
    '{\n  "EXTENSION_ID": "{ext_id}",\n  "CLIENT_ID": "{dig12}-{lo32}.apps.googleusercontent.com",\n  "CLIENT_SECRET": "{S}"\n}',
    '"EXTENSION_ID": "{ext_id}"')
cfg("phpunit-xml-env-db-password", "pw",
    '<php>\n    <env name="WP_TESTS_DB_HOST" value="{dbhost}"/>\n    <env name="WP_TESTS_DB_USER" value="{dbuser}"/>\n'
    '    <env name="WP_TESTS_DB_PASSWORD" value="{S}"/>\n</php>',
    '<env name="WP_TESTS_DB_HOST"')
cfg("pypirc-token", "pypi",
    "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {S}",
    "username = __token__")
cfg("imgix-source-config-yaml", "an16",
    "imgix:\n  domain: {site}.imgix.net\n  secure_url_token: {S}\n  include_library_param: false",
    "domain: {site}.imgix.net")
cfg("rclone-conf-sftp-plain-pass", "pw",
    "[{site}-sftp]\ntype = sftp\nhost = {host}\nuser = {user}\nport = 22\npass = {S}\nshell_type = unix",
    "shell_type = unix")


# ===========================================================================
# group: source-code  (code the agent read or wrote)
# ===========================================================================
src("js-contentful-createclient-accesstoken", CFDEL,
    "import { createClient } from 'contentful';\n\nexport const client = createClient({\n  space: '{space}',\n"
    "  accessToken: '{S}',\n  environment: 'master',\n});",
    "import { createClient } from 'contentful';")
src("js-contentful-management-client", CFPAT,
    "const contentfulManagement = require('contentful-management');\nconst client = contentfulManagement.createClient({ accessToken: '{S}' });\n"
    "const space = await client.getSpace('{space}');",
    "client.getSpace('{space}')")
src("ts-sanity-write-client", SANITY,
    "export const writeClient = createClient({\n  projectId: '{proj}',\n  dataset: 'production',\n  apiVersion: '2024-01-01',\n"
    "  token: '{S}',\n  useCdn: false,\n})",
    "apiVersion: '2024-01-01'")
src("ts-shopify-storefront-private-header", ("shpsa_", "hex32"),
    "const res = await fetch(`https://${storeDomain}/api/2024-01/graphql.json`, {\n  method: 'POST',\n  headers: {\n"
    "    'Content-Type': 'application/json',\n    'Shopify-Storefront-Private-Token': '{S}',\n  },\n  body: JSON.stringify({ query }),\n});",
    "/api/2024-01/graphql.json")
src("js-stripe-require-secret", STRIPE_SK,
    "// api/checkout.js\nconst stripe = require('stripe')('{S}');\n\nmodule.exports = async (req, res) => {",
    "module.exports = async (req, res) => {")
src("ts-stripe-new-with-apiversion", STRIPE_RK,
    "import Stripe from 'stripe';\n\nexport const stripe = new Stripe('{S}', {\n  apiVersion: '2023-10-16',\n  typescript: true,\n});",
    "apiVersion: '2023-10-16'")
src("php-wp-remote-post-api-key-header", BREVO,
    "$response = wp_remote_post( 'https://api.brevo.com/v3/smtp/email', array(\n    'headers' => array(\n"
    "        'api-key'      => '{S}',\n        'Content-Type' => 'application/json',\n    ),\n    'body'    => wp_json_encode( $payload ),\n) );",
    "https://api.brevo.com/v3/smtp/email")
src("php-acf-google-map-api-filter", GOOG,
    "add_filter( 'acf/fields/google_map/api', function( $api ) {\n    $api['key'] = '{S}';\n    return $api;\n} );",
    "acf/fields/google_map/api")
src("php-acf-update-setting-google-key", GOOG,
    "function {lo6}_acf_init() {\n    acf_update_setting( 'google_api_key', '{S}' );\n}\nadd_action( 'acf/init', '{lo6}_acf_init' );",
    "add_action( 'acf/init'")
src("php-drewm-mailchimp-constructor", "mailchimp",
    "use \\DrewM\\MailChimp\\MailChimp;\n\n$MailChimp = new MailChimp('{S}');\n$result = $MailChimp->post(\"lists/{hex10}/members\", [",
    "use \\DrewM\\MailChimp\\MailChimp;")
src("php-phpmailer-smtp-password", "pw",
    "$mail->isSMTP();\n$mail->Host       = 'smtp.{domain}';\n$mail->SMTPAuth   = true;\n$mail->Username   = '{email}';\n"
    "$mail->Password   = '{S}';\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;\n$mail->Port       = 587;",
    "$mail->isSMTP();")
src("php-pdo-dsn-third-argument", "pw",
    "$pdo = new PDO('mysql:host={dbhost};dbname={db};charset=utf8mb4', '{dbuser}', '{S}', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);",
    "PDO::ATTR_ERRMODE")
src("php-mysqli-connect-positional", "pw",
    '$conn = mysqli_connect("{dbhost}", "{dbuser}", "{S}", "{db}");\nif (!$conn) { die("Connection failed: " . mysqli_connect_error()); }',
    "mysqli_connect_error()")
src("php-drupal-httpclient-hubspot-bearer", ("pat-eu1-", "uuid"),
    "$response = \\Drupal::httpClient()->get('https://api.hubapi.com/crm/v3/objects/contacts', [\n"
    "  'headers' => ['Authorization' => 'Bearer {S}'],\n  'query' => ['limit' => 100],\n]);",
    "api.hubapi.com/crm/v3/objects/contacts")
src("php-woocommerce-rest-client-secret", ("cs_", "hex40"),
    "use Automattic\\WooCommerce\\Client;\n\n$woocommerce = new Client(\n    'https://{domain}',\n    'ck_{hex40}',\n    '{S}',\n    ['version' => 'wc/v3']\n);",
    "use Automattic\\WooCommerce\\Client;")
src("js-algoliasearch-admin-init", "hex32",
    "const client = algoliasearch('{algapp}', '{S}');\nconst index = client.initIndex('prod_products');\nawait index.saveObjects(records, { autoGenerateObjectIDIfNotExist: true });",
    "client.initIndex('prod_products')")
src("js-meilisearch-client-apikey", "hex64",
    "import { MeiliSearch } from 'meilisearch'\n\nconst client = new MeiliSearch({\n  host: 'https://search.{domain}',\n  apiKey: '{S}',\n})",
    "host: 'https://search.{domain}'")
src("js-typesense-client-apikey", "an32",
    "const client = new Typesense.Client({\n  nodes: [{ host: '{lo10}-1.a1.typesense.net', port: 443, protocol: 'https' }],\n"
    "  apiKey: '{S}',\n  connectionTimeoutSeconds: 2,\n});",
    "connectionTimeoutSeconds: 2")
src("js-firebase-admin-cert-inline", "pem_rsa_esc",
    "admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: '{site}-web',\n"
    "    clientEmail: 'firebase-adminsdk-{lo5}@{site}-web.iam.gserviceaccount.com',\n"
    "    privateKey: '-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n',\n  }),\n});",
    "projectId: '{site}-web'")
src("js-nodemailer-transport-auth", "pw",
    "const transporter = nodemailer.createTransport({\n  host: 'smtp.{domain}',\n  port: 465,\n  secure: true,\n"
    "  auth: { user: '{email}', pass: '{S}' },\n});",
    "nodemailer.createTransport")
src("js-emailjs-private-key", "an22",
    "emailjs.send('service_{lo7}', 'template_{lo7_2}', params, {\n  publicKey: '{an17}',\n  privateKey: '{S}',\n});",
    "emailjs.send('service_{lo7}'")
src("js-mapbox-sdk-secret-token", "mapbox_sk",
    "const mbxClient = require('@mapbox/mapbox-sdk');\nconst baseClient = mbxClient({ accessToken: '{S}' });",
    "require('@mapbox/mapbox-sdk')")
src("js-google-maps-loader-apikey", GOOG,
    'const loader = new Loader({\n  apiKey: "{S}",\n  version: "weekly",\n  libraries: ["places", "marker"],\n});',
    'libraries: ["places", "marker"]')
src("python-requests-contentful-headers", CFPAT,
    'import requests\n\nHEADERS = {"Authorization": "Bearer {S}", "Content-Type": "application/vnd.contentful.management.v1+json"}\n'
    'r = requests.get(f"https://api.contentful.com/spaces/{SPACE}/environments/master/content_types", headers=HEADERS)',
    "import requests")
src("python-ghost-admin-key-split", "hex64",
    "key = '{hex24}:{S}'\nid, secret = key.split(':')\niat = int(date.now().timestamp())\n"
    "header = {'alg': 'HS256', 'typ': 'JWT', 'kid': id}\ntoken = jwt.encode(payload, bytes.fromhex(secret), algorithm='HS256', headers=header)",
    "key.split(':')")
src("python-boto3-r2-client-keys", "hex64",
    's3 = boto3.client(\n    "s3",\n    endpoint_url="https://{hex32}.r2.cloudflarestorage.com",\n    aws_access_key_id="{hex32_2}",\n'
    '    aws_secret_access_key="{S}",\n    region_name="auto",\n)',
    'region_name="auto"')
src("python-sendgrid-apiclient", SG,
    "from sendgrid import SendGridAPIClient\n\nsg = SendGridAPIClient('{S}')\nresponse = sg.send(message)",
    "from sendgrid import SendGridAPIClient")
src("python-pyairtable-api", AIRTABLE,
    'from pyairtable import Api\n\napi = Api("{S}")\ntable = api.table("app{an14}", "tbl{an14_2}")\nrows = table.all(view="Published")',
    "from pyairtable import Api")
src("python-notion-client-auth", ("ntn_", "dig11", "an35"),
    'from notion_client import Client\n\nnotion = Client(auth="{S}")\nresults = notion.databases.query(database_id="{hex32}")',
    "from notion_client import Client")
src("go-cloudflare-newwithapitoken", CFTOK,
    'api, err := cloudflare.NewWithAPIToken("{S}")\nif err != nil {\n\tlog.Fatal(err)\n}\nzoneID, err := api.ZoneIDByName("{domain}")',
    'api.ZoneIDByName("{domain}")')
src("go-http-header-set-api-key", "b64u64",
    'req, _ := http.NewRequest("GET", "https://plausible.io/api/v1/stats/aggregate?site_id={domain}&period=30d", nil)\n'
    'req.Header.Set("Authorization", "Bearer {S}")',
    "plausible.io/api/v1/stats/aggregate")
src("php-stripe-setapikey-static", STRIPE_SK,
    "require_once 'vendor/autoload.php';\n\\Stripe\\Stripe::setApiKey('{S}');\n$session = \\Stripe\\Checkout\\Session::create([",
    "require_once 'vendor/autoload.php';")
src("php-paypal-oauth-credential", "paypal_secret",
    "$apiContext = new \\PayPal\\Rest\\ApiContext(\n    new \\PayPal\\Auth\\OAuthTokenCredential(\n        'A{b64u79}',\n        '{S}'\n    )\n);",
    "OAuthTokenCredential")
src("js-braintree-gateway-private-key", "hex32",
    "const gateway = new braintree.BraintreeGateway({\n  environment: braintree.Environment.Production,\n  merchantId: '{lo16}',\n"
    "  publicKey: '{lo16_2}',\n  privateKey: '{S}',\n});",
    "braintree.Environment.Production")
src("js-square-client-access-token", ("EAAA", "b64u60"),
    "const { Client, Environment } = require('square');\nconst client = new Client({ accessToken: '{S}', environment: Environment.Production });",
    "require('square')")
src("js-adyen-client-apikey", "adyen",
    'const client = new Client({ apiKey: "{S}", environment: "LIVE", liveEndpointUrlPrefix: "{hex16}-{site}" });',
    'environment: "LIVE"')
src("js-klaviyo-private-key-session", ("pk_", "hex34"),
    "import { ApiKeySession, ProfilesApi } from 'klaviyo-api';\n\nconst session = new ApiKeySession('{S}');\nconst profilesApi = new ProfilesApi(session);",
    "new ProfilesApi(session)")
src("js-segment-analytics-node-writekey", "an32",
    "import { Analytics } from '@segment/analytics-node';\n\nexport const analytics = new Analytics({ writeKey: '{S}', flushAt: 20 });",
    "@segment/analytics-node")
src("js-mixpanel-export-basic-secret", "hex32",
    "const auth = Buffer.from('{S}' + ':').toString('base64');\nconst res = await fetch('https://data.mixpanel.com/api/2.0/export?from_date={date}&to_date={date}', {\n"
    "  headers: { Authorization: `Basic ${auth}` },\n});",
    "data.mixpanel.com/api/2.0/export")
src("js-posthog-personal-api-bearer", ("phx_", "an43"),
    "const res = await fetch(`https://eu.posthog.com/api/projects/${projectId}/insights/?limit=20`, {\n"
    "  headers: { Authorization: 'Bearer {S}' },\n});",
    "eu.posthog.com/api/projects/")
src("js-launchdarkly-server-sdk-key", ("sdk-", "uuid"),
    "const LaunchDarkly = require('@launchdarkly/node-server-sdk');\nconst ldClient = LaunchDarkly.init('{S}');\nawait ldClient.waitForInitialization({ timeout: 10 });",
    "@launchdarkly/node-server-sdk")
src("js-optimizely-rest-bearer", ("2:", "b64u44"),
    "const OPTIMIZELY = axios.create({\n  baseURL: 'https://api.optimizely.com/v2',\n  headers: { Authorization: 'Bearer {S}' },\n});",
    "baseURL: 'https://api.optimizely.com/v2'")
src("js-statsig-server-secret", ("secret-", "an43"),
    "import Statsig from 'statsig-node';\n\nawait Statsig.initialize('{S}', { environment: { tier: 'production' } });",
    "import Statsig from 'statsig-node';")
src("js-cloudinary-config-secret", "b64u27",
    "cloudinary.config({\n  cloud_name: '{site}',\n  api_key: '{dig15}',\n  api_secret: '{S}',\n  secure: true,\n});",
    "cloud_name: '{site}'")
src("js-imgix-secure-url-token", "an16",
    "const client = new ImgixClient({\n  domain: '{site}.imgix.net',\n  secureURLToken: '{S}',\n});",
    "domain: '{site}.imgix.net'")
src("js-mux-node-token-secret", "b64u76",
    "import Mux from '@mux/mux-node';\n\nconst mux = new Mux({\n  tokenId: '{uuid}',\n  tokenSecret: '{S}',\n});",
    "import Mux from '@mux/mux-node';")
src("js-vimeo-client-secret-positional", "b64u128",
    "const Vimeo = require('vimeo').Vimeo;\nconst client = new Vimeo('{hex40}', '{S}', process.env.VIMEO_ACCESS_TOKEN);",
    "require('vimeo').Vimeo")
src("js-uploadcare-secret-key", "hex20",
    "const authSchema = new UploadcareSimpleAuthSchema({\n  publicKey: '{hex20_2}',\n  secretKey: '{S}',\n});",
    "new UploadcareSimpleAuthSchema")
src("js-pusher-server-secret", "hex20",
    "const pusher = new Pusher({\n  appId: '{dig7}',\n  key: '{hex20_2}',\n  secret: '{S}',\n  cluster: 'eu',\n  useTLS: true,\n});",
    "cluster: 'eu'")
src("js-ably-realtime-key-string", "b64u43",
    "const ably = new Ably.Realtime('{an6}.{an6_2}:{S}');\nconst channel = ably.channels.get('live-blog');",
    "ably.channels.get('live-blog')")
src("js-supabase-service-role-client", "jwt_supa",
    "// server only -- service role bypasses RLS\nconst supabase = createClient('https://{low20}.supabase.co', '{S}');",
    "// server only")
src("ts-clerk-backend-secret", ("sk_live_", "an40"),
    "import { createClerkClient } from '@clerk/backend';\n\nconst clerk = createClerkClient({ secretKey: '{S}' });",
    "@clerk/backend")
src("js-auth0-management-client-secret", "b64u64",
    "const management = new ManagementClient({\n  domain: '{site}.eu.auth0.com',\n  clientId: '{an32}',\n  clientSecret: '{S}',\n});",
    "domain: '{site}.eu.auth0.com'")
src("ts-next-auth-secret-inline", "b64key32",
    "export const authOptions: NextAuthOptions = {\n  secret: '{S}',\n  providers: [\n    GitHubProvider({ clientId: process.env.GITHUB_ID!, clientSecret: process.env.GITHUB_SECRET! }),\n  ],\n};",
    "export const authOptions: NextAuthOptions")
src("js-express-session-secret-phrase", "phrase",
    "app.use(session({\n  secret: '{S}',\n  resave: false,\n  saveUninitialized: false,\n  cookie: { secure: true, sameSite: 'lax' },\n}));",
    "saveUninitialized: false")
src("js-jsonwebtoken-sign-literal", "pwr",
    "const token = jwt.sign({ sub: user.id, role: user.role }, '{S}', { expiresIn: '7d' });",
    "expiresIn: '7d'")
src("js-extension-background-openai-key", "openai",
    "// background.js (MV3 service worker)\nconst OPENAI_KEY = \"{S}\";\n\nchrome.runtime.onMessage.addListener((msg, sender, sendResponse) => {",
    "chrome.runtime.onMessage.addListener")
src("js-extension-content-script-x-api-key", "an40",
    "fetch('https://api.{domain}/v1/save', {\n  method: 'POST',\n  headers: { 'Content-Type': 'application/json', 'x-api-key': '{S}' },\n"
    "  body: JSON.stringify({ url: location.href, title: document.title }),\n});",
    "JSON.stringify({ url: location.href")
src("ts-figma-plugin-token-const", FIGMA,
    "// code.ts\nconst FIGMA_TOKEN = '{S}'; // TODO: move to figma.clientStorage\nconst FILE_KEY = '{figkey}';",
    "const FILE_KEY = '{figkey}';")
src("js-ga4-measurement-protocol-secret", "b64u22",
    "await fetch(`https://www.google-analytics.com/mp/collect?measurement_id=G-{up10}&api_secret={S}`, {\n"
    "  method: 'POST',\n  body: JSON.stringify({ client_id: cid, events: [{ name: 'purchase', params }] }),\n});",
    "measurement_id=G-{up10}")
src("php-recaptcha-siteverify-secret", RECAPTCHA,
    "$verify = file_get_contents('https://www.google.com/recaptcha/api/siteverify?secret={S}&response=' . urlencode($_POST['g-recaptcha-response']));",
    "recaptcha/api/siteverify")
src("js-hcaptcha-verify-secret", ("0x", "HEX40"),
    "const params = new URLSearchParams();\nparams.append('secret', '{S}');\nparams.append('response', token);\n"
    "const r = await fetch('https://api.hcaptcha.com/siteverify', { method: 'POST', body: params });",
    "api.hcaptcha.com/siteverify")
src("py-wagtail-settings-secret-key", "django_key",
    "# {site}/settings/production.py\nfrom .base import *\n\nDEBUG = False\nSECRET_KEY = '{S}'\nALLOWED_HOSTS = ['{domain}']",
    "from .base import *")
src("py-wagtail-settings-databases", "pw",
    'DATABASES = {\n    "default": {\n        "ENGINE": "django.db.backends.postgresql",\n        "NAME": "{db}",\n        "USER": "{dbuser}",\n'
    '        "PASSWORD": "{S}",\n        "HOST": "{dbhost}",\n        "PORT": "5432",\n    }\n}',
    '"ENGINE": "django.db.backends.postgresql"')
src("js-knex-connection-object", "pw",
    "const knex = require('knex')({\n  client: 'pg',\n  connection: { host: '{dbhost}', user: '{dbuser}', password: '{S}', database: '{db}' },\n});",
    "client: 'pg'")
src("js-mongoose-connect-uri", "pwu",
    "mongoose.connect('mongodb+srv://{dbuser}:{S}@cluster0.{lo5}.mongodb.net/{db}?retryWrites=true&w=majority');",
    "retryWrites=true&w=majority")
src("prisma-schema-datasource-url", "pwu",
    'datasource db {\n  provider = "postgresql"\n  url      = "postgresql://{dbuser}:{S}@{dbhost}:5432/{db}?schema=public"\n}',
    'provider = "postgresql"')
src("js-ioredis-upstash-url", "b64u34",
    "import Redis from 'ioredis';\n\nexport const redis = new Redis('rediss://default:{S}@{low8}-{low6}-{dig5}.upstash.io:6379');",
    "import Redis from 'ioredis';")
src("php-define-getenv-fallback-literal", "pw",
    "define( 'DB_PASSWORD', getenv( 'DB_PASSWORD' ) ?: '{S}' );",
    "getenv( 'DB_PASSWORD' )")
src("js-axios-defaults-auth-basic", "pw",
    "axios.defaults.baseURL = 'https://{host}/wp-json';\naxios.defaults.auth = { username: '{user}', password: '{S}' };",
    "axios.defaults.baseURL")
src("js-jest-setup-env-secret", ("ST_", "b64u48"),
    "// jest.setup.js\nprocess.env.SNIPCART_SECRET_API_KEY = '{S}';\nprocess.env.NEXT_PUBLIC_SNIPCART_KEY = 'public-test';",
    "// jest.setup.js")
src("js-contentful-preview-host-token", CFDEL,
    "export const previewClient = createClient({\n  space: process.env.CONTENTFUL_SPACE_ID,\n  accessToken: '{S}',\n  host: 'preview.contentful.com',\n});",
    "host: 'preview.contentful.com'")
src("js-wp-basic-btoa-app-password", "wpapp",
    "const auth = 'Basic ' + btoa('{user}:{S}');\nawait fetch('https://{host}/wp-json/wp/v2/media', { method: 'POST', headers: { Authorization: auth }, body: file });",
    "/wp-json/wp/v2/media")
src("ts-apollo-hygraph-bearer", "jwt_rs",
    "const client = new ApolloClient({\n  uri: 'https://eu-central-1-shared-euc1-02.cdn.hygraph.com/content/{lo25}/master',\n"
    "  headers: { authorization: 'Bearer {S}' },\n  cache: new InMemoryCache(),\n});",
    "cache: new InMemoryCache()")
src("sql-update-wp-options-api-key", "mailchimp",
    "UPDATE wp_options SET option_value = '{S}' WHERE option_name = 'mc4wp_api_key';",
    "WHERE option_name = 'mc4wp_api_key'")
src("sql-create-user-identified-by", "pw",
    "CREATE USER '{dbuser}'@'%' IDENTIFIED BY '{S}';\nGRANT ALL PRIVILEGES ON `{db}`.* TO '{dbuser}'@'%';\nFLUSH PRIVILEGES;",
    "FLUSH PRIVILEGES;")
src("sql-alter-role-postgres-password", "pw",
    "ALTER ROLE strapi WITH LOGIN PASSWORD '{S}' VALID UNTIL 'infinity';",
    "ALTER ROLE strapi WITH LOGIN")
src("sql-insert-strapi-admin-api-token-seed", "hex128",
    "-- seed for local dev\nINSERT INTO strapi_api_tokens (name, type, access_key) VALUES ('frontend', 'read-only', '{S}');",
    "-- seed for local dev")
src("js-google-maps-url-signing-secret", "gmsig",
    "const SIGNING_SECRET = '{S}';\nconst signed = signUrl(`https://maps.googleapis.com/maps/api/staticmap?center=${lat},${lng}&zoom=14&size=640x320`, SIGNING_SECRET);",
    "maps.googleapis.com/maps/api/staticmap")
src("js-bunny-token-auth-key", "uuid",
    "const SECURITY_KEY = '{S}';\nconst hash = crypto.createHash('sha256').update(SECURITY_KEY + path + expires).digest('base64url');",
    "crypto.createHash('sha256')")


# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
log("php-warning-mysqli-real-connect-trace-args", "pw",
    "PHP Warning:  mysqli_real_connect(): (HY000/1045): Access denied for user '{dbuser}'@'{ip}' (using password: YES) in "
    "/var/www/{site}/wp-includes/class-wpdb.php on line 1982\nPHP Stack trace:\n#0 /var/www/{site}/wp-includes/class-wpdb.php(1982): "
    "mysqli_real_connect(Object(mysqli), '{dbhost}', '{dbuser}', '{S}', NULL, 3306, NULL, 0)",
    "wp-includes/class-wpdb.php")
log("php-pdoexception-constructor-args", "pw",
    "PDOException: SQLSTATE[HY000] [2002] Connection refused in /app/vendor/doctrine/dbal/src/Driver/PDO/MySQL/Driver.php:28\n"
    "Stack trace:\n#0 /app/vendor/doctrine/dbal/src/Driver/PDO/MySQL/Driver.php(28): PDO->__construct('mysql:host={dbhost};dbname={db}', '{dbuser}', '{S}', Array)",
    "SQLSTATE[HY000] [2002] Connection refused")
log("node-econnrefused-config-dump", "pw",
    "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n  errno: -111,\n"
    "  code: 'ECONNREFUSED',\n  syscall: 'connect',\n  config: { host: '127.0.0.1', port: 5432, user: 'strapi', password: '{S}', database: 'strapi' }\n}",
    "TCPConnectWrap.afterConnect")
log("knex-timeout-connection-string", "pwu",
    "KnexTimeoutError: Knex: Timeout acquiring a connection. The pool is probably full.\n    at Client_PG.acquireConnection (/srv/app/node_modules/knex/lib/client.js:312:26)\n"
    "  connectionString: 'postgres://{dbuser}:{S}@{dbhost}:5432/{db}'",
    "Timeout acquiring a connection")
log("axios-error-config-authorization", CFPAT,
    "AxiosError: Request failed with status code 422\n  config: {\n    url: 'https://api.contentful.com/spaces/{space}/environments/master/entries',\n"
    "    method: 'put',\n    headers: AxiosHeaders {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer {S}',\n"
    "      'User-Agent': 'axios/1.6.2'\n    }\n  }",
    "Request failed with status code 422")
log("python-requests-httperror-url-key", GOOG,
    "Traceback (most recent call last):\n  File \"scripts/staticmaps.py\", line 31, in <module>\n    r.raise_for_status()\n"
    "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://maps.googleapis.com/maps/api/staticmap?center=48.85,2.35&zoom=13&size=600x300&key={S}",
    "scripts/staticmaps.py")
log("nginx-access-log-query-token", "hex40",
    '{pubip} - - [12/Mar/2024:10:14:02 +0000] "GET /wp-json/{site}/v1/sync?token={S} HTTP/1.1" 200 512 "-" "GuzzleHttp/7"',
    '"GuzzleHttp/7"')
log("squid-access-log-userinfo-url", "pwu",
    "1710238442.118    212 {ip} TCP_MISS/401 412 GET https://{user}:{S}@{host}/feed.xml - HIER_DIRECT/{pubip} text/html",
    "TCP_MISS/401")
log("wp-mail-smtp-debug-auth-plain", "auth_plain",
    "[12-Mar-2024 10:14:02 UTC] WP Mail SMTP: SMTP Error: Could not authenticate.\nCLIENT -> SERVER: EHLO {domain}\n"
    "CLIENT -> SERVER: AUTH PLAIN {S}\nSERVER -> CLIENT: 535 5.7.8 Username and Password not accepted",
    "535 5.7.8 Username and Password not accepted")
log("wp-debug-log-var-export-options", "mailchimp",
    "[12-Mar-2024 10:14:02 UTC] array (\n  'api_key' => '{S}',\n  'list_id' => '{hex10}',\n  'double_optin' => true,\n)",
    "'double_optin' => true")
log("guzzle-client-exception-userinfo-uri", "pwu",
    "GuzzleHttp\\Exception\\ClientException: Client error: `POST https://{user}:{S}@api.{domain}/v2/orders` resulted in a `401 Unauthorized` response",
    "resulted in a `401 Unauthorized` response")
log("ghost-log-json-mail-context", "pw",
    '{"name":"Log","hostname":"{host}","pid":{pid},"level":50,"err":{"message":"Invalid login: 535 Authentication failed","code":"EAUTH",'
    '"context":"{\\"user\\":\\"postmaster@mg.{domain}\\",\\"pass\\":\\"{S}\\"}"},"msg":"Mail send failed"}',
    '"msg":"Mail send failed"')
log("strapi-error-log-db-options", "pw",
    "[2024-03-12 10:14:02.123] error: password authentication failed for user \"strapi\"\n"
    "[2024-03-12 10:14:02.124] debug: db options {\"client\":\"postgres\",\"host\":\"{dbhost}\",\"user\":\"strapi\",\"password\":\"{S}\"}",
    "password authentication failed for user \"strapi\"")
log("shopify-app-session-storage-debug", SHPAT,
    "[shopify-app/INFO] Creating new session | {shop: {site}.myshopify.com, isOnline: false}\n"
    '[shopify-app/DEBUG] Session stored: {"id":"offline_{site}.myshopify.com","shop":"{site}.myshopify.com","accessToken":"{S}","scope":"write_products"}',
    "[shopify-app/INFO] Creating new session")
log("next-build-debug-env-print", SANITY,
    "info  - Loaded env from /vercel/path0/.env.production\nDEBUG env: { NEXT_PUBLIC_SITE_URL: 'https://{domain}', SANITY_TOKEN: '{S}' }\n"
    "info  - Creating an optimized production build ...",
    "Creating an optimized production build")
log("vercel-build-log-echo-token", CFDEL,
    '12:04:33.118 | Running "npm run build"\n12:04:33.561 | > echo "using token $CONTENTFUL_TOKEN" && next build\n12:04:33.570 | using token {S}',
    'Running "npm run build"')
log("netlify-build-log-env-sort", "hex32",
    "4:14:02 PM: $ env | sort\n4:14:02 PM: ALGOLIA_ADMIN_KEY={S}\n4:14:02 PM: BRANCH=main\n4:14:02 PM: BUILD_ID={hex24}",
    "4:14:02 PM: BRANCH=main")
log("github-actions-log-derived-not-masked", "wpapp_ns",
    "2024-03-12T10:14:02.1234567Z + curl -s -u {user}:{S} https://{host}/wp-json/wp/v2/media -F file=@dist/og.png",
    "/wp-json/wp/v2/media")
log("gitlab-job-log-set-x-trace", "pw",
    "$ set -x; ftp_pass=\"$(cat .ftp)\"\n++ cat .ftp\n+ ftp_pass='{S}'\n+ lftp -u {user},*** ftp.{domain}",
    "++ cat .ftp")
log("postgres-log-alter-role-statement", "pw",
    "2024-03-12 10:14:02.123 UTC [{pid}] strapi@strapi LOG:  statement: ALTER ROLE strapi WITH PASSWORD '{S}';",
    "LOG:  statement: ALTER ROLE strapi")
log("cloudflare-worker-tail-json", "an40",
    '{"outcome":"ok","scriptName":"{site}-edge","logs":[{"message":["upstream auth header","Bearer {S}"],"level":"log","timestamp":{ts}000}]}',
    '"scriptName":"{site}-edge"')
log("sentry-breadcrumb-storyblok-url", ("an22", "tt"),
    '"breadcrumbs": [{"category": "fetch", "level": "info", "data": {"method": "GET", "status_code": 401, '
    '"url": "https://api.storyblok.com/v2/cdn/stories?token={S}&version=draft&cv={ts}"}}]',
    '"category": "fetch"')
log("woocommerce-log-paypal-request-basic", "basic",
    "2024-03-12T10:14:02+00:00 DEBUG Request: array (\n  'method' => 'POST',\n  'headers' => array (\n    'Authorization' => 'Basic {S}',\n"
    "    'PayPal-Partner-Attribution-Id' => 'Woo_PPCP',\n  ),\n)",
    "'PayPal-Partner-Attribution-Id' => 'Woo_PPCP'")
log("cron-mail-backup-script-trace", "pwu",
    "Subject: Cron <root@web1> /usr/local/bin/backup-{site}.sh\n\n+ mysqldump -u backup -p{S} --all-databases\n"
    "mysqldump: [Warning] Using a password on the command line interface can be insecure.",
    "Subject: Cron <root@web1>")
log("java-hikari-jdbc-url-password", "pwu",
    "com.zaxxer.hikari.pool.HikariPool$PoolInitializationException: Failed to initialize pool: Access denied\n"
    "\tat com.zaxxer.hikari.pool.HikariPool.throwPoolInitializationException(HikariPool.java:596)\n"
    "Caused by: jdbc:mysql://{dbhost}:3306/{db}?user={dbuser}&password={S}&useSSL=false",
    "HikariPool.throwPoolInitializationException")
log("python-traceback-locals-token", SHPAT,
    'Traceback (most recent call last):\n  File "scripts/sync_shopify.py", line 42, in fetch_products\n    resp.raise_for_status()\n'
    "  Local variables:\n    shop = '{site}.myshopify.com'\n    token = '{S}'\n    page = 3",
    "scripts/sync_shopify.py")
log("lhci-server-log-build-token", "uuid",
    "[lhci] {iso} POST /v1/projects 201 12ms\n[lhci] {iso} created project \"{site}\" buildToken={S} adminToken=<redacted>",
    'created project "{site}"')
log("browser-console-fetched-token", "jwt",
    "[HMR] connected\nauth.js:14 fetched token {S}\nreact-dom.development.js:86 Warning: Each child in a list should have a unique \"key\" prop.",
    "[HMR] connected")
log("browser-console-403-url-api-key", "an32",
    "GET https://api.{domain}/v1/content?locale=de&api_key={S} 403 (Forbidden)\n(anonymous) @ main.{hex8}.js:1",
    "403 (Forbidden)")
log("chrome-extension-error-youtube-key", GOOG,
    "Error handling response: TypeError: Cannot read properties of undefined (reading 'items')\n    at chrome-extension://{ext_id}/background.js:88:31\n"
    '  request: { url: "https://www.googleapis.com/youtube/v3/search?part=snippet&q=lofi&maxResults=5&key={S}" }',
    "chrome-extension://{ext_id}/background.js")
log("hubspot-error-json-echoes-hapikey", "uuid",
    '{"status":"error","message":"The API key provided is invalid. View or manage your API key here: https://app.hubspot.com/l/api-key/ hapikey={S}",'
    '"correlationId":"{uuid}","category":"INVALID_AUTHENTICATION"}',
    '"category":"INVALID_AUTHENTICATION"')
log("urllib3-debug-mailgun-auth-tuple", MAILGUN,
    "DEBUG:urllib3.connectionpool:https://api.eu.mailgun.net:443 \"POST /v3/mg.{domain}/messages HTTP/1.1\" 401 9\n"
    "DEBUG:newsletter.send:auth=('api', '{S}') to=<{email}>",
    "DEBUG:urllib3.connectionpool")
log("http-client-send-bytes-pexels", "an56",
    "send: b'GET /v1/search?query=coffee&per_page=15 HTTP/1.1\\r\\nHost: api.pexels.com\\r\\nUser-Agent: python-requests/2.31.0\\r\\n"
    "Authorization: {S}\\r\\nAccept: */*\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'",
    "Host: api.pexels.com")
log("http-client-send-bytes-sendgrid", SG,
    "send: b'POST /v3/mail/send HTTP/1.1\\r\\nHost: api.sendgrid.com\\r\\nAuthorization: Bearer {S}\\r\\nContent-Type: application/json\\r\\n'",
    "Host: api.sendgrid.com")
log("akamai-edgegrid-debug-signing", "b64key32",
    "DEBUG:akamai.edgegrid:client_token=akab-{lo16}-{lo16_2} host=akab-{lo16_3}.purge.akamaiapis.net\n"
    "DEBUG:akamai.edgegrid:client_secret={S}",
    "DEBUG:akamai.edgegrid:client_token=")
log("composer-verbose-acf-download-url", "acf_key",
    "Downloading https://connect.advancedcustomfields.com/v2/plugins/download?p=pro&k={S}&t=6.2.7\n"
    "  - Installing wpengine/advanced-custom-fields-pro (6.2.7): Extracting archive",
    "wpengine/advanced-custom-fields-pro (6.2.7)")
log("npm-debug-log-verbose-headers", NPM,
    "12 http fetch GET 401 https://npm.{agency_domain}/@{agency_slug}%2fui-kit 134ms (cache skip)\n13 verbose headers { authorization: 'Bearer {S}' }",
    "%2fui-kit")
log("wp-cli-debug-final-mysql-command", "pwu",
    "Debug (bootstrap): Running command: db export (0.19s)\nDebug (db): Final MySQL command: /usr/bin/mysqldump --no-defaults "
    "--host={dbhost} --user={dbuser} --password={S} --single-transaction {db} (0.211s)",
    "Running command: db export")
log("terraform-trace-http-authorization", NFP,
    "2024-03-12T10:14:02.123Z [DEBUG] provider.terraform-provider-netlify_v0.4.0: GET /api/v1/sites/{uuid} HTTP/1.1\n"
    "Host: api.netlify.com\nAuthorization: Bearer {S}\nUser-Agent: terraform-provider-netlify",
    "terraform-provider-netlify_v0.4.0")
log("gatsby-graphql-error-datocms-token", "hex30",
    "ERROR #85923  GRAPHQL\n\nRequest failed with status 401: https://graphql.datocms.com/?preview=true&token={S}\n\nFile: src/templates/article.js:42:3",
    "ERROR #85923  GRAPHQL")
log("hugo-deploy-log-s3-url-secret", "aws_sk",
    'Deploying to target "production" (s3://{bucket}?region={region}&access_key={akid}&secret_key={S})\nIdentified 148 file(s) to upload',
    'Deploying to target "production"')
log("eleventy-fetch-legacy-airtable-key", ("key", "an14"),
    "[11ty] Eleventy Fetch: Fetching https://api.airtable.com/v0/app{an14}/Events?api_key={S}&view=Upcoming\n[11ty] Writing _site/events/index.html from ./src/events.njk",
    "[11ty] Eleventy Fetch")
log("php-ftp-login-stack-args", "pw",
    "PHP Warning:  ftp_login(): Login incorrect. in /home/{user}/deploy/push.php on line 12\n"
    "#0 /home/{user}/deploy/push.php(12): ftp_login(Resource id #4, '{user}', '{S}')",
    "ftp_login(): Login incorrect.")
log("journald-meilisearch-start-args", "b64u32",
    "Mar 12 10:14:02 {host} meilisearch[{pid}]: Starting Meilisearch with --env production --master-key {S} --db-path /var/lib/meili",
    "--db-path /var/lib/meili")
log("cloudwatch-lambda-event-headers", "an40",
    "START RequestId: {uuid} Version: $LATEST\nINFO\t{\"event\": {\"headers\": {\"x-api-key\": \"{S}\", \"user-agent\": \"Shopify-Captain-Hook\"}}}",
    "Shopify-Captain-Hook")
log("heroku-router-log-path-secret", "b64u32",
    'at=info method=POST path="/webhooks/forms?secret={S}" host={site}.herokuapp.com request_id={uuid} fwd="{pubip}" dyno=web.1 status=204',
    "dyno=web.1")
log("datadog-log-json-http-url-userinfo", "pwu",
    '{"status":"error","service":"{site}-storefront","message":"charge failed","http":{"method":"POST","url":"https://{user}:{S}@payments.{domain}/v1/charge","status_code":502}}',
    '"service":"{site}-storefront"')
log("ghost-migrate-log-admin-key", "hex64",
    "[ghost-migrate] {iso} Using Admin API key {hex24}:{S} for https://{domain}\n[ghost-migrate] Importing 214 posts",
    "Importing 214 posts")
log("wp-all-import-feed-url-credentials", "pwu",
    "[10:14:02] Downloading feed https://feeds.{domain}/export/products.xml?user={user}&pass={S}\n[10:14:05] 1,204 records found",
    "1,204 records found")
log("jest-snapshot-diff-bearer", "jwt",
    "- Snapshot  - 1\n+ Received  + 1\n\n  Object {\n-   \"authorization\": \"Bearer <token>\",\n+   \"authorization\": \"Bearer {S}\",\n    \"x-locale\": \"de\",",
    "- Snapshot  - 1")
log("cypress-request-failed-body", "pw",
    "CypressError: `cy.request()` failed on:\n\nhttps://{host}/api/auth/local\n\nThe response we received from your web server was:\n\n  > 400: Bad Request\n\n"
    "The request we sent was:\n\nMethod: POST\nBody: {\"identifier\":\"{email}\",\"password\":\"{S}\"}",
    "`cy.request()` failed on:")
log("playwright-storage-state-cookie", "wpcookie",
    'storageState written to .auth/editor.json: {"cookies":[{"name":"wordpress_logged_in_{hex32}","value":"{user}%7C{ts}%7C{S}","domain":"{host}","path":"/"}]}',
    "storageState written to .auth/editor.json")
log("puppeteer-debug-type-password", "pw",
    "  puppeteer:protocol:SEND \u25ba page.type('#user_login', '{user}')\n  puppeteer:protocol:SEND \u25ba page.type('#user_pass', '{S}')\n"
    "  puppeteer:protocol:SEND \u25ba page.click('#wp-submit')",
    "page.click('#wp-submit')")
log("cloudfront-signed-cookie-log", "cfsig",
    "{date} {time} FRA56-P3 Set-Cookie: CloudFront-Policy=eyJTdGF0ZW1lbnQiOlt7IlJlc291cmNlIjoiaHR0cHM6Ly9*; "
    "CloudFront-Signature={S}; CloudFront-Key-Pair-Id=K{up13}; Path=/; Secure",
    "CloudFront-Key-Pair-Id=K{up13}")
log("s3-access-log-presigned-signature", "hex64",
    '{hex64} {bucket} [12/Mar/2024:10:14:02 +0000] {pubip} - {up16} REST.GET.OBJECT exports/orders.csv '
    '"GET /{bucket}/exports/orders.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={akid}%2F20240312%2F{region}%2Fs3%2Faws4_request'
    '&X-Amz-Date=20240312T101402Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={S} HTTP/1.1" 200',
    "REST.GET.OBJECT exports/orders.csv")
log("gcs-signed-url-in-error-log", "hex512",
    "WARN media-export: download failed (403) https://storage.googleapis.com/{bucket}/renders/hero.mp4?X-Goog-Algorithm=GOOG4-RSA-SHA256"
    "&X-Goog-Credential=cms%40{site}-web.iam.gserviceaccount.com%2F20240312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240312T101402Z"
    "&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature={S}",
    "WARN media-export: download failed (403)")
log("nginx-error-log-upstream-tomtom-key", "an32",
    '2024/03/12 10:14:02 [error] 1234#1234: *5678 upstream timed out (110: Connection timed out) while reading response header from upstream, '
    'upstream: "https://api.tomtom.com/search/2/geocode/{city}.json?key={S}", host: "{host}"',
    "upstream timed out (110: Connection timed out)")
log("bunyan-log-mapbox-upload-url", "mapbox_sk",
    '{"name":"tiles","level":30,"msg":"upload complete","url":"https://api.mapbox.com/uploads/v1/{user}/{lo25}?access_token={S}","time":"{iso}","v":0}',
    '"msg":"upload complete"')
log("pm2-error-log-mongo-uri", "pwu",
    "MongoServerSelectionError: connection <monitor> to {ip}:27017 closed\n    at Timeout._onTimeout (/srv/app/node_modules/mongodb/lib/sdam/topology.js:278:38)\n"
    "  uri: 'mongodb://admin:{S}@{ip}:27017/{db}?authSource=admin'",
    "MongoServerSelectionError")
log("monolog-context-klaviyo-key", ("pk_", "hex34"),
    '[2024-03-12T10:14:02.123456+00:00] app.ERROR: Klaviyo sync failed {"status":401,"api_key":"{S}","profile":"{email}"} []',
    "app.ERROR: Klaviyo sync failed")
log("azure-blob-sas-url-in-log", "sas_sig",
    "2024-03-12 10:14:02 INFO uploading poster to https://{lo8}media.blob.core.windows.net/posters/{uuid}.jpg?sv=2022-11-02&ss=b&srt=o"
    "&sp=rwc&se=2024-03-13T10:14:02Z&st=2024-03-12T10:14:02Z&spr=https&sig={S}",
    "INFO uploading poster to")
log("drush-watchdog-show-smtp-row", "pw",
    "$ drush watchdog:show --type=phpmailer_smtp --count=3\n ------ -------------- --------------- ---------- ------------------------------------------\n"
    "  ID     Date           Type            Severity   Message\n  {num}  12/Mar 10:14   phpmailer_smtp  Error      Could not authenticate (user {email}, pass {S})",
    "drush watchdog:show --type=phpmailer_smtp")
log("laravel-log-mail-transport-exception-context", "pw",
    '[2024-03-12 10:14:02] production.ERROR: Expected response code "235" but got code "535", with message "535 Incorrect authentication data". '
    '{"mailer":{"transport":"smtp","host":"mail.{domain}","port":465,"username":"{email}","password":"{S}"}}',
    "production.ERROR: Expected response code \"235\"")
log("apache-debug-log-authorization-header", "basic",
    "[Tue Mar 12 10:14:02.118372 2024] [headers:debug] [pid {pid}] mod_headers.c(900): AH01503: headers: ap_headers_output_filter()\n"
    "[Tue Mar 12 10:14:02.118390 2024] [dumpio:trace7] [pid {pid}] Authorization: Basic {S}",
    "AH01503: headers: ap_headers_output_filter()")
log("traefik-access-log-json-header", "jwt",
    '{"ClientHost":"{pubip}","DownstreamStatus":200,"RequestHost":"{host}","RequestMethod":"GET","RequestPath":"/api/preview",'
    '"request_Authorization":"Bearer {S}","time":"{iso}"}',
    '"RequestPath":"/api/preview"')
log("sentry-event-request-cookies", "lo26",
    '"request": {\n  "url": "https://{host}/mein-konto/",\n  "method": "GET",\n  "cookies": {"PHPSESSID": "{S}", "wp-wpml_current_language": "de"}\n}',
    '"wp-wpml_current_language": "de"')
log("vite-proxy-error-target-userinfo", "pwu",
    "[vite] http proxy error: /graphql\nError: socket hang up\n    at connResetException (node:internal/errors:720:14)\n  target: 'https://{user}:{S}@staging-api.{domain}'",
    "[vite] http proxy error: /graphql")
log("morgan-log-login-query-password", "pwu",
    '::ffff:{ip} - - [12/Mar/2024:10:14:02 +0000] "POST /login?username={user}&password={S} HTTP/1.1" 302 58 "-" "Mozilla/5.0"',
    '"Mozilla/5.0"')
log("mysql-slow-log-set-password", "pw",
    "# Time: 2024-03-12T10:14:02.118372Z\n# User@Host: root[root] @ localhost []  Id:    42\n# Query_time: 0.000412  Lock_time: 0.000000 Rows_sent: 0\n"
    "SET PASSWORD FOR 'wp_{lo6}'@'localhost' = '{S}';",
    "# User@Host: root[root] @ localhost []")


# ===========================================================================
# group: note-or-chat  (running notes, goals, decisions, pasted messages)
# ===========================================================================
chat("slack-thread-handover-password", "pw",
    "#client-{site} (thread)\n{first}: handing {client} over to their in-house team tomorrow. WP admin is {user} / {S} -- please change it after the call\n{first2}: \U0001F44D will do",
    "#client-{site} (thread)")
chat("handover-doc-markdown-access-table", "pw",
    "## Access\n\n| Service | URL | User | Password |\n|---|---|---|---|\n| WordPress | https://{domain}/wp-admin | {user} | {S} |\n| DNS | Cloudflare | invite sent | -- |",
    "| Service | URL | User | Password |")
chat("freelancer-todo-list-basic-auth", "pw",
    "TODO {date}\n- push hero fix to staging\n- chase {first} about invoice #{num}\n- staging basic auth: preview / {S}\n- renew domain before 30th",
    "- push hero fix to staging")
chat("german-chat-zugangsdaten", "pw",
    "Hallo {first}, hier die Zugangsdaten für den Staging-Server: Benutzer {user}, Passwort {S}. Bitte nicht weiterleiten. LG {first2}",
    "Zugangsdaten für den Staging-Server")
chat("french-chat-mot-de-passe-strapi", "pw",
    "Salut ! Le mot de passe de l'admin Strapi c'est {S} (identifiant : {email}). Je le change après la mise en prod.",
    "identifiant : {email}")
chat("spanish-chat-contrasena-ftp", "pw",
    "Oye {first}, la contraseña del FTP de {client} es {S}, el usuario es {user}. ¡No lo pongas en el Trello!",
    "¡No lo pongas en el Trello!")
chat("portuguese-chat-senha-ghost", "pw",
    "{first}, segue a senha do painel Ghost: {S} -- usuário {email}. Qualquer coisa me chama.",
    "Qualquer coisa me chama.")
chat("italian-note-credenziali-hosting", "pw",
    "Credenziali hosting {client}: utente {user} / password {S} (scade a fine mese, chiedere rinnovo a {first})",
    "Credenziali hosting {client}")
chat("dutch-chat-wachtwoord-shopify", "pw",
    "Het wachtwoord voor het Shopify staff-account is {S}, gebruikersnaam {email}. Graag na de livegang wijzigen.",
    "Graag na de livegang wijzigen.")
chat("polish-chat-haslo-drupal", "pw",
    "Hasło do panelu Drupala: {S} (login: {user}). Zmień je proszę po wdrożeniu.",
    "Zmień je proszę po wdrożeniu.")
chat("swedish-chat-losenord-wpadmin", "pw",
    "Lösenordet till wp-admin är {S}, användare {user}. Säg till om det strular!",
    "Säg till om det strular!")
chat("japanese-chat-basic-auth", "pw",
    "{first}さん、ステージングのBasic認証はユーザー名 {user} / パスワード {S} です。公開前に外します。",
    "公開前に外します。")
chat("chinese-chat-mima-houtai", "pw",
    "测试环境后台账号：{user}，密码：{S}，上线前记得改。",
    "上线前记得改。")
chat("korean-chat-admin-password", "pw",
    "워드프레스 관리자 비밀번호는 {S} 입니다 (아이디: {user}). 확인 후 삭제해 주세요.",
    "확인 후 삭제해 주세요.")
chat("russian-chat-ftp-parol", "pw",
    "Доступ к FTP: логин {user}, пароль {S}. Хостинг клиента, панель на {host}:2083.",
    "Хостинг клиента")
chat("turkish-chat-panel-sifre", "pw",
    "Panel şifresi: {S} -- kullanıcı adı {user}. Yayına alınca değiştirelim.",
    "Yayına alınca değiştirelim.")
chat("czech-note-heslo-databaze", "pw",
    "Heslo k databázi je {S}, uživatel {dbuser}, host {dbhost}.",
    "uživatel {dbuser}")
chat("vietnamese-chat-mat-khau-admin", "pw",
    "Mật khẩu admin WordPress: {S} (tài khoản {user}). Nhớ đổi sau khi bàn giao nhé.",
    "Nhớ đổi sau khi bàn giao nhé.")
chat("indonesian-chat-kata-sandi-cpanel", "pw",
    "Kata sandi cPanel klien: {S}, username {user}. Tolong jangan disebar ya.",
    "Tolong jangan disebar ya.")
chat("hinglish-chat-staging-password", "pw",
    "bhai staging ka password {S} hai, user {user}. client ko mat bhejna abhi",
    "client ko mat bhejna abhi")
chat("arabic-chat-kalimat-al-murur", "pw",
    "كلمة المرور للوحة التحكم: {S} واسم المستخدم {user}",
    "واسم المستخدم {user}")
chat("greek-chat-kodikos-contentful", "pw",
    "Ο κωδικός για το Contentful είναι {S} (email {email}).",
    "Ο κωδικός για το Contentful")
chat("danish-chat-adgangskode-webflow", "pw",
    "Adgangskoden til Webflow-kontoen er {S} -- login er {email}.",
    "Adgangskoden til Webflow-kontoen")
chat("email-handover-to-client", "pw",
    "Subject: {client} website handover\n\nHi {first},\n\nAs promised, here is everything you need:\n- Admin: https://{domain}/wp-admin\n"
    "- Username: {user}\n- Temporary password: {S}\n\nPlease change the password on first login.\n\nBest,\n{first2}\n{agency}",
    "Subject: {client} website handover")
chat("jira-comment-typeform-token", ("tfp_", "an44", "_", "an14"),
    "{first2} commented on WEB-{num}: tried again with the new Typeform token {S} and the webhook fires now \u2705",
    "commented on WEB-{num}")
chat("trello-card-description-sftp", "pw",
    "Card: Launch checklist \u2013 {client}\nDescription:\nHosting: Kinsta (ask {first})\nSFTP pw {S}\nDNS: Cloudflare, proxied",
    "Card: Launch checklist")
chat("notion-page-klaviyo-private-key", ("pk_", "hex34"),
    "\U0001F4C4 Client access \u2014 {client}\n\u2022 Shopify collaborator request code: {dig4}\n\u2022 Klaviyo private key: {S}\n\u2022 GA4: {email} has admin",
    "Client access")
chat("agent-note-found-hardcoded-pat", AIRTABLE,
    "Note: found a hard-coded Airtable PAT in scripts/sync.js line 12 ({S}); flagged to user, will move it to .env and ask them to rotate.",
    "scripts/sync.js line 12")
chat("agent-goal-inline-app-password", "wpapp",
    "Goal: migrate {client} from WordPress to Sanity. User provided WP application password \"{S}\" for {user} to pull posts via REST.",
    "Goal: migrate {client} from WordPress to Sanity.")
chat("agent-decision-staging-db-creds", "pw",
    "Decision: use the staging DB (user {dbuser}, pass {S}) for the import dry run rather than prod; prod stays read-only until sign-off.",
    "Decision: use the staging DB")
chat("whatsapp-export-line-mailchimp", "mailchimp",
    "[{date}, 21:14:02] {person}: der neue Mailchimp API key ist {S}",
    "[{date}, 21:14:02] {person}:")
chat("teams-messages-unlabeled-password", "pw",
    "{first}: try this one\n{first}: {S}\n{first2}: that worked, thanks -- I'm in the Contentful web app now",
    "I'm in the Contentful web app now")
chat("recovery-code-single-in-chat", ("lo5", "-", "lo5"),
    "Here is the one recovery code left for the agency Cloudflare account: {S}. After that we need to regenerate.",
    "After that we need to regenerate.")
chat("discord-message-webhook-url", "b64u68",
    "@here posting build notifications here from now on, webhook is https://discord.com/api/webhooks/{dig18}/{S}",
    "posting build notifications here")
chat("chat-slack-incoming-webhook-url", "mc_hook",
    "hook for #deploys: https://hooks.slack.com/services/T{up8}/B{up10}/{S}",
    "hook for #deploys")
chat("meeting-notes-bullets-admin-key", "hex32",
    "Kickoff notes {date}\n* client wants Algolia search on /journal\n* {first} shared admin API key over Zoom chat: {S}\n* next sync Thursday",
    "Kickoff notes {date}")
chat("phone-call-notes-squarespace", "pw",
    "Called {first} at {client}: Squarespace login is {email}, pw {S}. She'll turn on 2FA after we've exported the blog.",
    "Called {first} at {client}")
chat("code-review-comment-mux-secret", "b64u76",
    "> const MUX_SECRET = '{S}'\n\nPlease don't commit the Mux secret -- move it to env and rotate it in the dashboard.",
    "Please don't commit the Mux secret")
chat("sticky-note-abbrev-creds", "pw",
    "creds (staging): {user} // {S}",
    "creds (staging)")
chat("editor-faq-shared-preview-password", "pw",
    "FAQ for editors\nQ: How do I see unpublished pages?\nA: Open https://preview.{domain} -- the shared preview password is {S}",
    "How do I see unpublished pages?")
chat("standup-spanish-netlify-token", NFP,
    "Ayer: roté el token de Netlify, el nuevo es {S}. Hoy: formularios de contacto. Bloqueos: ninguno.",
    "Bloqueos: ninguno.")
chat("german-email-sftp-kennwort", "pw",
    "Betreff: SFTP-Zugang {client}\n\nHost: {host}\nPort: 22\nBenutzer: {user}\nKennwort: {S}\n\nViele Grüße\n{first}",
    "Betreff: SFTP-Zugang {client}")
chat("french-ticket-cle-api-brevo", BREVO,
    "Ticket #{num} -- La clé API Brevo à utiliser en prod : {S} (celle de staging est dans le coffre).",
    "celle de staging est dans le coffre")
chat("japanese-note-api-key-prod", "anthropic",
    "APIキー（本番）: {S}\n※ 記事要約機能用。ステージングでは別キーを使うこと。",
    "ステージングでは別キーを使うこと")
chat("chinese-note-qiniu-ak-sk", "b64u40",
    "七牛云 AccessKey/SecretKey：{b64u40}/{S}（图片 CDN 用，空间名 {site}-img）",
    "空间名 {site}-img")
chat("agency-vault-export-csv-paste", "pw",
    'name,url,username,password\n"{client} WP",https://{domain}/wp-admin,{user},{S}',
    "name,url,username,password")
chat("forum-question-ghost-admin-key", "hex64",
    "Why does my Ghost Admin API return 401?? my config: url https://{domain}, admin key {hex24}:{S}, version v5.0",
    "Why does my Ghost Admin API return 401??")
chat("stackoverflow-draft-storyblok-header", ("an24", "-", "dig6", "-", "an20"),
    "I'm calling the management API like this:\nfetch(\"https://mapi.storyblok.com/v1/spaces/{dig6}/stories\", { headers: { Authorization: \"{S}\" } })\nand get 401.",
    "and get 401.")
chat("github-issue-comment-env-paste", SANITY,
    "Here's my .env for repro:\n```\nNEXT_PUBLIC_SANITY_PROJECT_ID={proj}\nNEXT_PUBLIC_SANITY_DATASET=production\nSANITY_API_TOKEN={S}\n```",
    "Here's my .env for repro:")
chat("agent-plan-multiline-plesk", "pw",
    "Plan:\n1. log into Plesk at https://{host}:8443 as {user}\n   (password from the client's email: {S})\n2. create staging subdomain\n3. clone site",
    "2. create staging subdomain")
chat("password-on-next-line-indented", "pw",
    "Login for the Kirby panel:\nuser: {email}\npassword:\n    {S}\n(the indent is from my paste, not part of it)",
    "Login for the Kirby panel:")
chat("venue-wifi-passphrase", "phrase",
    "for the launch event the wifi at the venue is \"{site}-guest\", passphrase: {S}",
    "for the launch event")
chat("totp-seed-shared-account", "totp",
    "TOTP seed for the shared analytics login (GA4 / GTM admin, {email}): {S}",
    "TOTP seed for the shared analytics login")
chat("slack-dm-npm-publish-token", NPM,
    "{first2}: can you publish @{agency_slug}/blocks {ver}? token's {S}",
    "can you publish @{agency_slug}/blocks")
chat("linear-issue-steps-webflow-login", "pw",
    "**Steps to reproduce**\n1. log in to the Webflow editor with {email} / {S}\n2. open CMS \u2192 Blog Posts\n3. publish -> 500",
    "**Steps to reproduce**")
chat("handover-yaml-block-in-note", "pw",
    "site: {domain}\nhosting: WP Engine\nsftp_user: {user}\nsftp_pass: {S}\nnotes: caching is Varnish, purge from the WPE panel",
    "hosting: WP Engine")
chat("voicemail-transcription-booking-plugin", "pw",
    "Voicemail ({date} 09:12): \"Hi, it's {first} from {client}, the new password for the booking plugin account is {S}, call me back when you can.\"",
    "call me back when you can.")
chat("hungarian-chat-jelszo", "pw",
    "A tárhely jelszava: {S}, felhasználónév: {user}.",
    "felhasználónév: {user}")
chat("romanian-chat-parola-mailchimp", "pw",
    "Parola pentru contul de Mailchimp este {S} (cont: {email}).",
    "Parola pentru contul de Mailchimp")
chat("ukrainian-chat-parol-strapi", "pw",
    "Пароль від адмінки Strapi: {S}, логін {email}.",
    "Пароль від адмінки Strapi")
chat("norwegian-chat-passord-sanity", "pw",
    "Passordet til Sanity Studio-brukeren er {S}. Brukernavn: {email}",
    "Passordet til Sanity Studio-brukeren")
chat("thai-chat-password-cms", "pw",
    "รหัสผ่านเข้าหลังบ้าน: {S} ชื่อผู้ใช้ {user}",
    "ชื่อผู้ใช้ {user}")
chat("hebrew-chat-password-site", "pw",
    "הסיסמה לממשק הניהול היא {S} ושם המשתמש {user}",
    "ושם המשתמש {user}")
chat("agent-session-summary-theme-access", SHPTKA,
    "Summary of session: deployed theme v{ver} to {site}.myshopify.com using theme access password {S}; cleared CDN; opened PR #{num}.",
    "Summary of session")
chat("emoji-chat-cloudinary-secret", "b64u27",
    "\U0001F511 {S} (Cloudinary API secret, prod cloud \"{site}\")",
    "Cloudinary API secret")
chat("german-english-action-item-figma", FIGMA,
    "Action item: {first} schickt den Figma token ({S}) an {first2}, damit der Icon-Export läuft.",
    "damit der Icon-Export läuft")
chat("azure-sas-url-shared-in-chat", "sas_sig",
    "here's a link to the raw footage, valid till Friday: https://{lo8}media.blob.core.windows.net/raw/{site}-shoot.zip?sv=2022-11-02&sr=b&sp=r&se=2024-03-15T18:00:00Z&sig={S}",
    "valid till Friday")
chat("cloudinary-signed-url-in-note", ("b64u8",),
    "signed delivery URL for the private PDF: https://res.cloudinary.com/{site}/image/authenticated/s--{S}--/v1710238442/brochures/{lo8}.pdf",
    "res.cloudinary.com/{site}/image/authenticated")
chat("devtools-cookie-paste-for-debugging", "b64u43",
    "if you want to see what I see, paste this into devtools -> Application -> Cookies on {host}: SSESS{hex32} = {S}",
    "paste this into devtools")
chat("agent-running-note-env-dump-warning", "hex64",
    "Running notes: `printenv` in the container showed SHOPIFY_API_SECRET={S} -- not copying it anywhere else; next step is the webhook handler.",
    "next step is the webhook handler")


# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
ci("github-actions-job-env-hardcoded-netlify", NFP,
    "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      NETLIFY_SITE_ID: {uuid}\n      NETLIFY_AUTH_TOKEN: {S}\n    steps:\n      - uses: actions/checkout@v4",
    "runs-on: ubuntu-latest")
ci("github-actions-vercel-action-with-token", "an24",
    "      - uses: amondnet/vercel-action@v25\n        with:\n          vercel-token: {S}\n          vercel-org-id: team_{an24}\n          vercel-project-id: prj_{an28}\n          vercel-args: '--prod'",
    "amondnet/vercel-action@v25")
ci("github-actions-netlify-build-hook", "hex24",
    "      - name: Trigger rebuild after CMS publish\n        run: curl -X POST -d {} https://api.netlify.com/build_hooks/{S}",
    "Trigger rebuild after CMS publish")
ci("vercel-deploy-hook-url", "an10",
    'curl -X POST "https://api.vercel.com/v1/integrations/deploy/prj_{an28}/{S}"  # fired by Sanity webhook on publish',
    "# fired by Sanity webhook on publish")
ci("gitlab-ci-variables-sshpass", "pw",
    'variables:\n  GIT_DEPTH: "10"\n  SSHPASS: "{S}"\n\ndeploy:\n  stage: deploy\n  script:\n    - sshpass -e rsync -az public/ {user}@{host}:~/www/',
    "stage: deploy")
ci("gitlab-ci-script-contentful-export", CFPAT,
    "backup-content:\n  image: node:20\n  script:\n    - npx contentful-cli space export --space-id {space} --management-token {S}\n  artifacts:\n    paths: [\"*.json\"]",
    "backup-content:")
ci("bitbucket-pipelines-ftp-deploy-pipe", "pw",
    "          - pipe: atlassian/ftp-deploy:0.3.7\n            variables:\n              USER: '{user}'\n              PASSWORD: '{S}'\n"
    "              SERVER: 'ftp.{domain}'\n              REMOTE_PATH: '/public_html'",
    "atlassian/ftp-deploy:0.3.7")
ci("circleci-config-environment-theme-token", SHPTKA,
    "  deploy-theme:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      SHOPIFY_FLAG_STORE: {site}.myshopify.com\n      SHOPIFY_CLI_THEME_TOKEN: {S}",
    "image: cimg/node:20.11")
ci("netlify-toml-plugin-inputs-algolia", "hex32",
    '[[plugins]]\n  package = "@algolia/netlify-plugin-crawler"\n  [plugins.inputs]\n    appId = "{algapp}"\n    apiKey = "{S}"\n    branches = ["main"]',
    '"@algolia/netlify-plugin-crawler"')
ci("jenkinsfile-environment-app-password", "wpapp",
    "pipeline {\n  agent any\n  environment {\n    FTP_CREDS = credentials('{site}-ftp')\n    WP_APP_PASSWORD = '{S}'\n  }",
    "FTP_CREDS = credentials('{site}-ftp')")
ci("jenkins-console-curl-basic-unmasked", "pw",
    "[Pipeline] sh\n+ curl -fsS -u deploy:{S} https://{host}/hooks/deploy?ref={sha7}\n{\"status\":\"queued\"}",
    "[Pipeline] sh")
ci("github-actions-log-base64-bypass", "b64pw",
    'Run echo "${{ secrets.SFTP_PASSWORD }}" | base64\n  echo "${{ secrets.SFTP_PASSWORD }}" | base64\n  shell: /usr/bin/bash -e {0}\n{S}',
    "shell: /usr/bin/bash -e {0}")
ci("dockerfile-arg-default-npm-token", NPM,
    'FROM node:20-alpine AS deps\nARG NPM_TOKEN={S}\nRUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc && npm ci && rm .npmrc',
    "FROM node:20-alpine AS deps")
ci("dockerfile-env-wordpress-db-password", "pw",
    "FROM wordpress:6.5-apache\nENV WORDPRESS_DB_HOST={dbhost}\nENV WORDPRESS_DB_PASSWORD={S}\nCOPY ./wp-content /var/www/html/wp-content",
    "FROM wordpress:6.5-apache")
ci("docker-build-arg-fontawesome-token", "UUID",
    "docker build --build-arg FONTAWESOME_NPM_AUTH_TOKEN={S} -t registry.{agency_domain}/{site}-web:{sha7} .",
    "docker build --build-arg FONTAWESOME_NPM_AUTH_TOKEN")
ci("azure-pipelines-variable-storage-key", "azkey",
    "variables:\n  - name: AZURE_STORAGE_ACCOUNT\n    value: {lo8}static\n  - name: AZURE_STORAGE_KEY\n    value: '{S}'",
    "- name: AZURE_STORAGE_ACCOUNT")
ci("cloudbuild-yaml-substitution-token", SANITY,
    "substitutions:\n  _SANITY_PROJECT: {proj}\n  _SANITY_TOKEN: {S}\nsteps:\n  - name: node:20\n    entrypoint: npm\n    args: ['run', 'build']",
    "_SANITY_PROJECT: {proj}")
ci("amplify-yml-prebuild-echo-env", "hex128",
    'version: 1\nfrontend:\n  phases:\n    preBuild:\n      commands:\n        - npm ci\n        - echo "STRAPI_TOKEN={S}" >> .env.production',
    "preBuild:")
ci("render-yaml-envvars-database-url", "pwu",
    "services:\n  - type: web\n    name: {site}-strapi\n    env: node\n    envVars:\n      - key: DATABASE_URL\n"
    "        value: postgres://strapi:{S}@dpg-{lo20}-a.frankfurt-postgres.render.com/strapi_{lo4}",
    "name: {site}-strapi")
ci("fly-toml-env-section-secret", "pw",
    'app = "{site}-ghost"\nprimary_region = "fra"\n\n[env]\n  url = "https://{domain}"\n  mail__options__auth__pass = "{S}"',
    'primary_region = "fra"')
ci("github-actions-wrangler-pages-env", CFTOK,
    "      - run: npx wrangler pages deploy dist --project-name={site}\n        env:\n          CLOUDFLARE_API_TOKEN: {S}\n          CLOUDFLARE_ACCOUNT_ID: {hex32}",
    "npx wrangler pages deploy dist --project-name={site}")
ci("github-actions-ssh-agent-private-key-block", "pem_ossh_i12",
    "      - uses: webfactory/ssh-agent@v0.9.0\n        with:\n          ssh-private-key: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n"
    "            {S}\n            -----END OPENSSH PRIVATE KEY-----",
    "webfactory/ssh-agent@v0.9.0")
ci("deploy-sh-script-pass-variable", "pw",
    "#!/usr/bin/env bash\nset -euo pipefail\nHOST={host}\nUSER={user}\nPASS='{S}'\nsshpass -p \"$PASS\" scp -r dist/* \"$USER@$HOST:/var/www/html/\"",
    "set -euo pipefail")
ci("deployer-php-become-password", "pw",
    "host('{host}')\n    ->set('remote_user', '{user}')\n    ->set('deploy_path', '~/{site}')\n    ->set('become_password', '{S}');",
    "->set('deploy_path', '~/{site}')")
ci("capistrano-deploy-rb-ssh-options", "pw",
    "server '{host}', roles: %w{app web}\nset :ssh_options, { user: '{user}', password: '{S}', auth_methods: %w(password) }",
    "roles: %w{app web}")
ci("ansible-inventory-ini-ssh-pass", "pw",
    "[wordpress]\n{host} ansible_user={user} ansible_ssh_pass={S} ansible_port=22\n\n[wordpress:vars]\nansible_python_interpreter=/usr/bin/python3",
    "[wordpress:vars]")
ci("gitlab-ci-trigger-token-curl", ("glptt-", "hex40"),
    "trigger-docs:\n  script:\n    - 'curl -X POST --fail -F token={S} -F ref=main https://gitlab.com/api/v4/projects/{num}/trigger/pipeline'",
    "trigger-docs:")
ci("github-actions-docker-login-echo", GHP,
    "      - run: echo {S} | docker login ghcr.io -u {user} --password-stdin\n      - run: docker push ghcr.io/{agency_slug}/{site}:{sha7}",
    "docker push ghcr.io/{agency_slug}/{site}:{sha7}")
ci("github-actions-ftp-deploy-action", "pw",
    "      - name: \U0001F4C2 Sync files\n        uses: SamKirkland/FTP-Deploy-Action@v4.3.4\n        with:\n          server: ftp.{domain}\n          username: {user}\n          password: {S}",
    "SamKirkland/FTP-Deploy-Action@v4.3.4")
ci("lighthouserc-json-upload-token", "uuid",
    '{\n  "ci": {\n    "collect": { "url": ["https://{domain}/"] },\n    "upload": { "target": "lhci", "serverBaseUrl": "https://lhci.{agency_domain}", "token": "{S}" }\n  }\n}',
    '"target": "lhci"')
ci("package-json-chromatic-project-token", ("chpt_", "hex16"),
    '"scripts": {\n  "build-storybook": "storybook build",\n  "chromatic": "chromatic --project-token={S} --exit-zero-on-changes"\n}',
    '"build-storybook": "storybook build"')
ci("package-json-surge-token-script", "hex32",
    '"scripts": {\n  "deploy": "SURGE_TOKEN={S} surge ./public {site}.surge.sh"\n}',
    "surge ./public {site}.surge.sh")
ci("github-actions-firebase-service-account-inline", "pem_rsa_esc",
    "      - uses: FirebaseExtended/action-hosting-deploy@v0\n        with:\n          channelId: live\n"
    "          firebaseServiceAccount: '{\"type\":\"service_account\",\"project_id\":\"{site}-web\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n\"}'",
    "FirebaseExtended/action-hosting-deploy@v0")
ci("chrome-extension-publish-workflow-refresh", "gref",
    "      - run: npx chrome-webstore-upload-cli@3 upload --source dist.zip --auto-publish\n        env:\n          EXTENSION_ID: {ext_id}\n"
    "          CLIENT_ID: {dig12}-{lo32}.apps.googleusercontent.com\n          REFRESH_TOKEN: {S}",
    "EXTENSION_ID: {ext_id}")
ci("firefox-amo-sign-workflow-env", "hex64",
    "      - run: npx web-ext sign --channel=listed\n        env:\n          WEB_EXT_API_KEY: user:{dig8}:{dig3}\n          WEB_EXT_API_SECRET: {S}",
    "npx web-ext sign --channel=listed")
ci("edge-addons-publish-client-secret", "azsecret",
    "      - name: Publish to Edge Add-ons\n        env:\n          EDGE_PRODUCT_ID: {uuid}\n          EDGE_CLIENT_ID: {uuid_2}\n          EDGE_CLIENT_SECRET: {S}",
    "Publish to Edge Add-ons")
ci("xcrun-notarytool-app-specific-password", "apple_asp",
    "xcrun notarytool submit build/{site}-safari.zip --apple-id {email} --password {S} --team-id {up10} --wait",
    "xcrun notarytool submit")
ci("vsce-publish-pat-flag", "lo52",
    "npx @vscode/vsce publish -p {S} --packagePath {site}-snippets-{ver}.vsix",
    "npx @vscode/vsce publish")
ci("ovsx-publish-token-flag", "uuid",
    "npx ovsx publish {site}-snippets-{ver}.vsix -p {S}",
    "npx ovsx publish")
ci("github-actions-heredoc-github-env", "b64u32",
    "      - run: |\n          cat >> $GITHUB_ENV <<EOF\n          PREVIEW_SECRET={S}\n          SITE_URL=https://{domain}\n          EOF",
    "cat >> $GITHUB_ENV <<EOF")
ci("terraform-tfe-variable-hcl", CFPAT,
    'resource "tfe_variable" "contentful" {\n  key          = "contentful_cma_token"\n  value        = "{S}"\n  category     = "terraform"\n  sensitive    = false\n  workspace_id = tfe_workspace.{lo6}.id\n}',
    'resource "tfe_variable" "contentful"')
ci("pulumi-stack-config-plain-secret", "b64u27",
    "# Pulumi.prod.yaml\nconfig:\n  {site}:cloudinaryCloud: {site}\n  {site}:cloudinaryApiSecret: {S}",
    "# Pulumi.prod.yaml")
ci("serverless-yml-provider-environment", "uuid",
    "provider:\n  name: aws\n  runtime: nodejs20.x\n  region: {region}\n  environment:\n    POSTMARK_SERVER_TOKEN: {S}",
    "runtime: nodejs20.x")
ci("sam-template-parameter-default", "mailchimp",
    "Parameters:\n  MailchimpApiKey:\n    Type: String\n    Default: {S}\n    NoEcho: true",
    "NoEcho: true")
ci("k8s-deployment-env-value-literal", "b64rand",
    "        env:\n          - name: ADMIN_JWT_SECRET\n            value: \"{S}\"\n          - name: DATABASE_HOST\n            valueFrom:\n              configMapKeyRef: { name: strapi, key: db_host }",
    "configMapKeyRef")
ci("argocd-application-helm-parameter", "pw",
    "  source:\n    repoURL: https://charts.bitnami.com/bitnami\n    chart: ghost\n    helm:\n      parameters:\n        - name: ghostPassword\n          value: {S}",
    "chart: ghost")
ci("kustomize-secretgenerator-literal", "an32",
    "secretGenerator:\n  - name: typesense\n    literals:\n      - TYPESENSE_API_KEY={S}\n    options:\n      disableNameSuffixHash: true",
    "disableNameSuffixHash: true")
ci("docker-compose-ci-mariadb-root", "pw",
    "# docker-compose.ci.yml\nservices:\n  ci-db:\n    image: mariadb:11\n    environment:\n      MARIADB_ROOT_PASSWORD: {S}\n    tmpfs: /var/lib/mysql",
    "# docker-compose.ci.yml")
ci("gitlab-ci-before-script-npmrc", GLPAT,
    'before_script:\n  - echo "@{agency_slug}:registry=https://gitlab.com/api/v4/projects/{num}/packages/npm/" > .npmrc\n'
    '  - echo "//gitlab.com/api/v4/projects/{num}/packages/npm/:_authToken={S}" >> .npmrc',
    "before_script:")
ci("drone-yml-rsync-password-setting", "pw",
    "  - name: rsync\n    image: drillster/drone-rsync\n    settings:\n      hosts: [ \"{host}\" ]\n      user: {user}\n      password: {S}\n      target: ~/public_html",
    "image: drillster/drone-rsync")
ci("travis-yml-env-global-browserstack", "an20",
    "language: node_js\nnode_js: 20\nenv:\n  global:\n    - BROWSERSTACK_USERNAME={user}\n    - BROWSERSTACK_ACCESS_KEY={S}",
    "language: node_js")
ci("buddy-yml-sftp-action-password", "pw",
    '- action: "Upload files to {host}"\n  type: "SFTP"\n  input_type: "BUILD_ARTIFACTS"\n  remote_path: "/var/www/{site}"\n  login: "{user}"\n  password: "{S}"',
    'type: "SFTP"')
ci("envoy-blade-git-pull-app-password", ("ATBB", "an28", "HEX8"),
    "@servers(['web' => '{user}@{host}'])\n\n@task('deploy')\n    cd /var/www/{site}\n    git pull https://{user}:{S}@bitbucket.org/{agency_slug}/{site}.git main\n@endtask",
    "@task('deploy')")
ci("makefile-deploy-purge-target", CFTOK,
    "deploy:\n\trsync -az --delete public/ $(SSH_USER)@$(SSH_HOST):www/\n\tcurl -s -X POST \"https://api.cloudflare.com/client/v4/zones/$(ZONE)/purge_cache\" "
    "-H \"Authorization: Bearer {S}\" --data '{\"purge_everything\":true}'",
    "rsync -az --delete public/")
ci("github-workflow-dispatch-input-default", "hex32",
    "on:\n  workflow_dispatch:\n    inputs:\n      algolia_key:\n        description: 'Algolia admin key'\n        default: '{S}'",
    "workflow_dispatch:")
ci("vercel-json-build-env-admin-token", SHPAT,
    '{\n  "build": {\n    "env": {\n      "SHOPIFY_ADMIN_TOKEN": "{S}",\n      "NEXT_TELEMETRY_DISABLED": "1"\n    }\n  }\n}',
    '"NEXT_TELEMETRY_DISABLED": "1"')
ci("netlify-deploy-auth-flag", NFP,
    "netlify deploy --prod --dir=dist --site {uuid} --auth {S} --message \"ci {sha7}\"",
    "netlify deploy --prod --dir=dist")
ci("github-actions-slack-notify-webhook", "mc_hook",
    "      - uses: slackapi/slack-github-action@v1.25.0\n        env:\n          SLACK_WEBHOOK_URL: https://hooks.slack.com/services/T{up8}/B{up10}/{S}\n          SLACK_WEBHOOK_TYPE: INCOMING_WEBHOOK",
    "slackapi/slack-github-action@v1.25.0")
ci("gitlab-ci-sentry-release-export", "sentry_org",
    "release:\n  stage: deploy\n  script:\n    - export SENTRY_AUTH_TOKEN={S}\n    - npx @sentry/cli releases new $CI_COMMIT_SHA\n    - npx @sentry/cli releases finalize $CI_COMMIT_SHA",
    "npx @sentry/cli releases new $CI_COMMIT_SHA")
ci("github-actions-lhci-github-app-token", "b64u43",
    "      - run: npx @lhci/cli autorun\n        env:\n          LHCI_GITHUB_APP_TOKEN: {S}",
    "npx @lhci/cli autorun")
ci("github-actions-percy-token-env", ("web_", "hex64"),
    "      - name: Percy snapshots\n        run: npx percy snapshot ./public\n        env:\n          PERCY_TOKEN: {S}",
    "npx percy snapshot ./public")
ci("github-actions-vercel-cli-token-flag", "an24",
    "      - run: vercel pull --yes --environment=production --token={S}\n      - run: vercel build --prod",
    "vercel build --prod")
ci("bitbucket-pipelines-aws-s3-deploy", "aws_sk",
    "          - pipe: atlassian/aws-s3-deploy:1.1.0\n            variables:\n              AWS_ACCESS_KEY_ID: '{akid}'\n              AWS_SECRET_ACCESS_KEY: '{S}'\n"
    "              AWS_DEFAULT_REGION: '{region}'\n              S3_BUCKET: '{bucket}'",
    "atlassian/aws-s3-deploy:1.1.0")
ci("github-actions-wrangler-secret-put-echo", "hex64",
    "      - run: echo \"{S}\" | npx wrangler secret put HMAC_SECRET --env production",
    "npx wrangler secret put HMAC_SECRET --env production")
ci("gatsby-cloud-publish-webhook-curl", "uuid",
    "      - run: curl -X POST https://webhook.gatsbyjs.com/hooks/data_source/publish/{S}",
    "webhook.gatsbyjs.com/hooks/data_source/publish/")
ci("github-actions-ghost-theme-deploy", "hex64",
    "      - uses: TryGhost/action-deploy-theme@v1\n        with:\n          api-url: https://{domain}\n          api-key: {hex24}:{S}",
    "TryGhost/action-deploy-theme@v1")
ci("wp-engine-deploy-action-ssh-key-inline", "pem_rsa_i4",
    "  WPE_SSHG_KEY_PRIVATE: |\n    -----BEGIN PRIVATE KEY-----\n    {S}\n    -----END PRIVATE KEY-----\n  WPE_ENV: {lo8}stg",
    "WPE_ENV: {lo8}stg")


# ===========================================================================
# group: vendor-token  (vendor credential shapes in short, varied contexts)
# ===========================================================================
vt("vendor-github-classic-pat-sentence", GHP,
   "ghp token for the CI bot account ({agency_slug}-bot): {S}",
   "ghp token for the CI bot account")
vt("vendor-github-fine-grained-pat-env", "github_pat",
   "GH_TOKEN={S}",
   "GH_TOKEN=")
vt("vendor-github-oauth-hub-config", GHO,
   "github.com:\n- user: {user}\n  oauth_token: {S}\n  protocol: https",
   "protocol: https")
vt("vendor-github-app-installation-header", GHS,
   "Authorization: token {S}\nAccept: application/vnd.github+json",
   "Accept: application/vnd.github+json")
vt("vendor-gitlab-pat-header", GLPAT,
   "PRIVATE-TOKEN: {S}",
   "PRIVATE-TOKEN:")
vt("vendor-gitlab-runner-token-register", ("glrt-", "b64u20"),
   "gitlab-runner register --url https://gitlab.{agency_domain} --token {S} --executor docker",
   "gitlab-runner register")
vt("vendor-npm-automation-token-bare", NPM,
   "npm automation token (publish-only, no 2FA): {S}",
   "npm automation token")
vt("vendor-slack-bot-token-env", ("xoxb-", "dig12", "-", "dig13", "-", "an24"),
   "SLACK_BOT_TOKEN={S}",
   "SLACK_BOT_TOKEN=")
vt("vendor-slack-user-token-json", ("xoxp-", "dig12", "-", "dig12", "-", "dig13", "-", "hex32"),
   '{"ok": true, "access_token": "{S}", "scope": "chat:write,files:write", "team": {"name": "{agency}"}}',
   '"scope": "chat:write,files:write"')
vt("vendor-slack-app-level-token-yaml", ("xapp-1-A", "up10", "-", "dig13", "-", "hex64"),
   "socket_mode:\n  app_token: {S}",
   "socket_mode:")
vt("vendor-stripe-secret-live-bare", STRIPE_SK,
   "{S}",
   "")
vt("vendor-stripe-secret-test-env", ("sk_test_51", "an97"),
   "STRIPE_SECRET_KEY={S}\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_test_51{an40}",
   "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=")
vt("vendor-stripe-webhook-secret-yaml", WHSEC,
   "stripe:\n  webhook_secret: {S}",
   "stripe:")
vt("vendor-shopify-admin-token-toml", SHPAT,
   'admin_api_access_token = "{S}"',
   "admin_api_access_token")
vt("vendor-shopify-custom-app-token-sentence", ("shpca_", "hex32"),
   "custom app token for {site}.myshopify.com is {S}",
   "{site}.myshopify.com")
vt("vendor-shopify-private-app-password-url", ("shppa_", "hex32"),
   "https://{hex32}:{S}@{site}.myshopify.com/admin/api/2023-10/orders.json",
   "{site}.myshopify.com/admin/api/2023-10/orders.json")
vt("vendor-shopify-partner-token-header", ("prtapi_", "hex32"),
   "X-Shopify-Access-Token: {S}   # partner API, org {dig7}",
   "# partner API")
vt("vendor-contentful-pat-json", CFPAT,
   '{"contentful": {"cmaToken": "{S}"}}',
   '"contentful"')
vt("vendor-contentful-delivery-token-label", CFDEL,
   "Content Delivery API - access token: {S}\nSpace ID: {space}",
   "Space ID: {space}")
vt("vendor-sanity-token-ts-const", SANITY,
   "export const SANITY_WRITE_TOKEN = '{S}'",
   "export const SANITY_WRITE_TOKEN")
vt("vendor-netlify-pat-netlifyrc", NFP,
   '{"users": {"{uuid}": {"auth": {"token": "{S}"}}}}',
   '"users"')
vt("vendor-vercel-token-auth-json", "an24",
   '// ~/.vercel/auth.json\n{\n  "token": "{S}"\n}',
   "// ~/.vercel/auth.json")
vt("vendor-vercel-blob-rw-token", ("vercel_blob_rw_", "an16", "_", "an30"),
   "BLOB_READ_WRITE_TOKEN=\"{S}\"",
   "BLOB_READ_WRITE_TOKEN")
vt("vendor-cloudflare-api-token-ini", CFTOK,
   "[cloudflare]\ndns_cloudflare_api_token = {S}",
   "[cloudflare]")
vt("vendor-cloudflare-origin-ca-key", ("v1.0-", "hex24", "-", "hex146"),
   "Origin CA Key: {S}",
   "Origin CA Key:")
vt("vendor-fastly-api-token-env", "b64u32",
   "FASTLY_API_TOKEN={S}",
   "FASTLY_API_TOKEN=")
vt("vendor-sendgrid-key-bare-line", SG,
   "{S}\n(^ sendgrid, full access, created for the contact form)",
   "(^ sendgrid, full access")
vt("vendor-mailgun-legacy-key", ("key-", "hex32"),
   "MAILGUN_API_KEY=\"{S}\"\nMAILGUN_DOMAIN=\"mg.{domain}\"",
   'MAILGUN_DOMAIN="mg.{domain}"')
vt("vendor-mailchimp-key-php-const", "mailchimp",
   "const MC_API_KEY = '{S}';",
   "const MC_API_KEY")
vt("vendor-postmark-server-token-yaml", "uuid",
   "postmark:\n  server_token: {S}\n  message_stream: outbound",
   "message_stream: outbound")
vt("vendor-brevo-key-header", BREVO,
   "api-key: {S}",
   "api-key:")
vt("vendor-resend-key-js-const", ("re_", "an8", "_", "an24"),
   "const resend = new Resend('{S}');",
   "new Resend(")
vt("vendor-mailjet-key-secret-pair", "hex32",
   "MAILJET_API_KEY={hex32_2}\nMAILJET_SECRET_KEY={S}",
   "MAILJET_API_KEY={hex32_2}")
vt("vendor-twilio-auth-token-env", "hex32",
   "TWILIO_ACCOUNT_SID=AC{hex32_2}\nTWILIO_AUTH_TOKEN={S}",
   "TWILIO_ACCOUNT_SID=AC{hex32_2}")
vt("vendor-twilio-api-key-secret", "an32",
   "api key SK{hex32} / secret {S}",
   "api key SK{hex32}")
vt("vendor-algolia-admin-key-labelled", "hex32",
   "Algolia \u2192 API Keys \u2192 Admin API Key: {S}",
   "Algolia \u2192 API Keys")
vt("vendor-google-api-key-query", GOOG,
   "https://www.googleapis.com/webfonts/v1/webfonts?sort=popularity&key={S}",
   "webfonts/v1/webfonts?sort=popularity")
vt("vendor-google-oauth-client-secret-json", GOCSPX,
   '{"web":{"client_id":"{dig12}-{lo32}.apps.googleusercontent.com","client_secret":"{S}","redirect_uris":["https://{domain}/auth/callback"]}}',
   '"redirect_uris"')
vt("vendor-google-refresh-token-env", "gref",
   "GOOGLE_REFRESH_TOKEN={S}",
   "GOOGLE_REFRESH_TOKEN=")
vt("vendor-google-access-token-header", "gacc",
   "Authorization: Bearer {S}",
   "Authorization: Bearer")
vt("vendor-mapbox-secret-token-env", "mapbox_sk",
   "MAPBOX_SECRET_TOKEN={S}  # scopes: uploads:write, styles:write",
   "# scopes: uploads:write, styles:write")
vt("vendor-figma-pat-label", FIGMA,
   "Figma personal access token (file_read, expires in 90 days): {S}",
   "expires in 90 days")
vt("vendor-airtable-pat-env", AIRTABLE,
   "AIRTABLE_TOKEN={S}",
   "AIRTABLE_TOKEN=")
vt("vendor-notion-ntn-token-env", ("ntn_", "dig11", "an35"),
   "NOTION_TOKEN={S}",
   "NOTION_TOKEN=")
vt("vendor-openai-project-key-env", "openai",
   "OPENAI_API_KEY={S}",
   "OPENAI_API_KEY=")
vt("vendor-anthropic-key-python", "anthropic",
   'client = anthropic.Anthropic(api_key="{S}")',
   "anthropic.Anthropic(")
vt("vendor-linear-api-key-header", ("lin_api_", "an40"),
   "Authorization: {S}\nContent-Type: application/json",
   "Content-Type: application/json")
vt("vendor-sentry-user-token", ("sntryu_", "hex64"),
   "SENTRY_AUTH_TOKEN={S}",
   "SENTRY_AUTH_TOKEN=")
vt("vendor-datadog-api-app-keys", "hex40",
   "DD_API_KEY={hex32}\nDD_APP_KEY={S}",
   "DD_API_KEY=")
vt("vendor-posthog-personal-key-label", ("phx_", "an43"),
   "PostHog personal API key (insights:read): {S}",
   "PostHog personal API key")
vt("vendor-hubspot-private-app-token", ("pat-na1-", "uuid"),
   "HUBSPOT_ACCESS_TOKEN={S}",
   "HUBSPOT_ACCESS_TOKEN=")
vt("vendor-klaviyo-private-key-header", ("pk_", "hex34"),
   "Authorization: Klaviyo-API-Key {S}\nrevision: 2024-02-15",
   "revision: 2024-02-15")
vt("vendor-typeform-token-yaml", ("tfp_", "an44", "_", "an14"),
   "typeform:\n  token: {S}\n  form_id: {an8}",
   "form_id: {an8}")
vt("vendor-webflow-site-token-env", "hex64",
   "WEBFLOW_API_TOKEN={S}\nWEBFLOW_SITE_ID={hex24}",
   "WEBFLOW_SITE_ID={hex24}")
vt("vendor-digitalocean-token-doctl-yaml", ("dop_v1_", "hex64"),
   "access-token: {S}\ncontext: default",
   "context: default")
vt("vendor-heroku-api-key-netrc", ("HRKU-", "uuid"),
   "machine api.heroku.com\n  login {email}\n  password {S}",
   "machine api.heroku.com")
vt("vendor-dockerhub-pat-env", ("dckr_pat_", "b64u27"),
   "DOCKERHUB_TOKEN={S}",
   "DOCKERHUB_TOKEN=")
vt("vendor-aws-secret-key-csv", "aws_sk",
   "Access key ID,Secret access key\n{akid},{S}",
   "Access key ID,Secret access key")
vt("vendor-azure-storage-connection-string", "azkey",
   "DefaultEndpointsProtocol=https;AccountName={lo8}media;AccountKey={S};EndpointSuffix=core.windows.net",
   "EndpointSuffix=core.windows.net")
vt("vendor-square-access-token-env", ("EAAA", "b64u60"),
   "SQUARE_ACCESS_TOKEN={S}",
   "SQUARE_ACCESS_TOKEN=")
vt("vendor-paypal-client-secret-env", "paypal_secret",
   "PAYPAL_CLIENT_ID=A{b64u79}\nPAYPAL_CLIENT_SECRET={S}",
   "PAYPAL_CLIENT_ID=")
vt("vendor-adyen-api-key-label", "adyen",
   "Adyen web service user ws_{dig6}@Company.{agency_slug} API key: {S}",
   "Adyen web service user")
vt("vendor-cloudinary-url-env", "b64u27",
   "CLOUDINARY_URL=cloudinary://{dig15}:{S}@{site}",
   "CLOUDINARY_URL=cloudinary://{dig15}")
vt("vendor-mux-token-pair-env", "b64u76",
   "MUX_TOKEN_ID={uuid}\nMUX_TOKEN_SECRET={S}",
   "MUX_TOKEN_ID={uuid}")
vt("vendor-vimeo-access-token-header", "hex32",
   "Authorization: bearer {S}\nAccept: application/vnd.vimeo.*+json;version=3.4",
   "Accept: application/vnd.vimeo.*+json;version=3.4")
vt("vendor-dropbox-short-lived-token", ("sl.", "b64u135"),
   "dropbox access token (4h): {S}",
   "dropbox access token (4h)")
vt("vendor-instagram-graph-token", ("IGQV", "b64u180"),
   "INSTAGRAM_ACCESS_TOKEN={S}",
   "INSTAGRAM_ACCESS_TOKEN=")
vt("vendor-facebook-page-token-query", ("EAAG", "an180"),
   "https://graph.facebook.com/v19.0/{dig15}/feed?access_token={S}",
   "graph.facebook.com/v19.0/{dig15}/feed")
vt("vendor-twitter-bearer-token-env", "twitter_bearer",
   "TWITTER_BEARER_TOKEN={S}",
   "TWITTER_BEARER_TOKEN=")
vt("vendor-woocommerce-consumer-secret-pair", ("cs_", "hex40"),
   "Consumer key: ck_{hex40}\nConsumer secret: {S}",
   "Consumer key: ck_{hex40}")
vt("vendor-okta-ssws-header", ("00", "b64u40"),
   "Authorization: SSWS {S}",
   "Authorization: SSWS")
vt("vendor-auth0-client-secret-yaml", "b64u64",
   "auth0:\n  domain: {site}.eu.auth0.com\n  client_id: {an32}\n  client_secret: {S}",
   "domain: {site}.eu.auth0.com")
vt("vendor-clerk-secret-key-env", ("sk_live_", "an40"),
   "CLERK_SECRET_KEY={S}\nNEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_{b64u40}",
   "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=")
vt("vendor-supabase-secret-key-new-format", ("sb_secret_", "b64u31"),
   "SUPABASE_SECRET_KEY={S}\nSUPABASE_URL=https://{low20}.supabase.co",
   "SUPABASE_URL=https://{low20}.supabase.co")
vt("vendor-supabase-access-token-cli", ("sbp_", "hex40"),
   "supabase login --token {S}",
   "supabase login --token")
vt("vendor-planetscale-password", ("pscale_pw_", "b64u43"),
   "DATABASE_URL='mysql://{lo12}:{S}@aws.connect.psdb.cloud/{db}?sslaccept=strict'",
   "aws.connect.psdb.cloud")
vt("vendor-upstash-rest-token", ("AX", "an4", "ASQgN", "b64u60"),
   "UPSTASH_REDIS_REST_URL=https://{low8}-{dig5}.upstash.io\nUPSTASH_REDIS_REST_TOKEN={S}",
   "UPSTASH_REDIS_REST_URL=")
vt("vendor-lokalise-api-token", "hex40",
   "X-Api-Token: {S}",
   "X-Api-Token:")
vt("vendor-crowdin-personal-token", "hex80",
   "\"api_token\": \"{S}\",\n\"project_id\": {num}",
   '"project_id": {num}')
vt("vendor-browserstack-access-key-url", "an20",
   "https://{user}_{an6}:{S}@hub-cloud.browserstack.com/wd/hub",
   "hub-cloud.browserstack.com/wd/hub")
vt("vendor-saucelabs-access-key", "uuid",
   "SAUCE_USERNAME={user}\nSAUCE_ACCESS_KEY={S}",
   "SAUCE_USERNAME={user}")
vt("vendor-hcaptcha-secret-env", ("0x", "HEX40"),
   "HCAPTCHA_SECRET={S}",
   "HCAPTCHA_SECRET=")
vt("vendor-recaptcha-secret-php-const", RECAPTCHA,
   "define( 'RECAPTCHA_SECRET_KEY', '{S}' );",
   "RECAPTCHA_SECRET_KEY")
vt("vendor-turnstile-secret-env", ("0x4AAAAAAA", "b64u22"),
   "TURNSTILE_SECRET_KEY={S}",
   "TURNSTILE_SECRET_KEY=")
vt("vendor-intercom-access-token", "intercom",
   "Intercom access token: {S}",
   "Intercom access token:")
vt("vendor-zendesk-api-token-basic-form", "an40",
   "{email}/token:{S}",
   "/token:")
vt("vendor-pusher-secret-env", "hex20",
   "PUSHER_APP_ID={dig7}\nPUSHER_KEY={hex20_2}\nPUSHER_SECRET={S}\nPUSHER_CLUSTER=eu",
   "PUSHER_CLUSTER=eu")
vt("vendor-launchdarkly-api-token", ("api-", "uuid"),
   "LD_API_TOKEN={S}",
   "LD_API_TOKEN=")
vt("vendor-contentstack-management-token", ("cs", "hex32"),
   "authorization: {S}\napi_key: blt{hex16}",
   "api_key: blt{hex16}")
vt("vendor-prismic-permanent-token", "prismic",
   "PRISMIC_ACCESS_TOKEN={S}",
   "PRISMIC_ACCESS_TOKEN=")
vt("vendor-datocms-readonly-token-json", "hex30",
   '{"datocms": {"apiToken": "{S}", "environment": "main"}}',
   '"environment": "main"')
vt("vendor-directus-static-token-query", "b64u32",
   "https://cms.{domain}/items/articles?access_token={S}",
   "/items/articles")
vt("vendor-imagekit-private-key", ("private_", "b64u27", "="),
   "IMAGEKIT_PRIVATE_KEY={S}\nIMAGEKIT_PUBLIC_KEY=public_{b64u27}=",
   "IMAGEKIT_PUBLIC_KEY=")
vt("vendor-deno-deploy-token", ("ddp_", "an36"),
   "DENO_DEPLOY_TOKEN={S}",
   "DENO_DEPLOY_TOKEN=")
vt("vendor-fly-macaroon-token", ("fm2_", "b64u200"),
   "Authorization: FlyV1 {S}",
   "Authorization: FlyV1")
vt("vendor-render-api-key", ("rnd_", "an32"),
   "render api key: {S}",
   "render api key:")
vt("vendor-doppler-service-token", ("dp.st.prd.", "an43"),
   "DOPPLER_TOKEN={S}",
   "DOPPLER_TOKEN=")
vt("vendor-1password-service-account-token", "ops_sa",
   "OP_SERVICE_ACCOUNT_TOKEN={S}",
   "OP_SERVICE_ACCOUNT_TOKEN=")
vt("vendor-vault-token-env", "hvs",
   "VAULT_ADDR=https://vault.{agency_domain}\nVAULT_TOKEN={S}",
   "VAULT_ADDR=https://vault.{agency_domain}")
vt("vendor-terraform-cloud-token-credentials", ("an14", ".atlasv1.", "an67"),
   'credentials "app.terraform.io" {\n  token = "{S}"\n}',
   'credentials "app.terraform.io"')
vt("vendor-pulumi-access-token", ("pul-", "hex40"),
   "PULUMI_ACCESS_TOKEN={S}",
   "PULUMI_ACCESS_TOKEN=")
vt("vendor-grafana-service-account-token", ("glsa_", "an32", "_", "hex8"),
   "Authorization: Bearer {S}\nX-Grafana-Org-Id: 1",
   "X-Grafana-Org-Id: 1")
vt("vendor-newrelic-user-key", ("NRAK-", "up27"),
   "NEW_RELIC_API_KEY={S}",
   "NEW_RELIC_API_KEY=")
vt("vendor-matomo-token-auth-query", "hex32",
   "https://stats.{agency_domain}/index.php?module=API&method=VisitsSummary.get&idSite={n}&period=day&date=today&format=JSON&token_auth={S}",
   "module=API&method=VisitsSummary.get")
vt("vendor-amplitude-secret-key", "hex32",
   "amplitude api key {hex32_2} secret key {S}",
   "amplitude api key {hex32_2}")
vt("vendor-ga4-mp-api-secret-json", "b64u22",
   '{"measurement_id": "G-{up10}", "api_secret": "{S}"}',
   '"measurement_id": "G-{up10}"')
vt("vendor-unsplash-secret-key", "b64u43",
   "UNSPLASH_ACCESS_KEY={b64u43_2}\nUNSPLASH_SECRET_KEY={S}",
   "UNSPLASH_ACCESS_KEY=")
vt("vendor-pexels-api-key-env", "an56",
   "PEXELS_API_KEY={S}",
   "PEXELS_API_KEY=")
vt("vendor-giphy-api-key-query", "an32",
   "https://api.giphy.com/v1/gifs/search?api_key={S}&q=launch&limit=5",
   "api.giphy.com/v1/gifs/search")
vt("vendor-fontawesome-package-token", "UUID",
   "FONTAWESOME_PACKAGE_TOKEN={S}",
   "FONTAWESOME_PACKAGE_TOKEN=")
vt("vendor-miro-access-token", "miro",
   "MIRO_ACCESS_TOKEN={S}",
   "MIRO_ACCESS_TOKEN=")
vt("vendor-adobe-client-secret", ("p8e-", "b64u32"),
   "ADOBE_CLIENT_ID={hex32}\nADOBE_CLIENT_SECRET={S}",
   "ADOBE_CLIENT_ID={hex32}")
vt("vendor-calcom-api-key", ("cal_live_", "hex32"),
   "cal.com api key: {S}",
   "cal.com api key:")
vt("vendor-paddle-api-key", ("pdl_live_apikey_", "lo26", "_", "an22", "_", "an3"),
   "PADDLE_API_KEY={S}",
   "PADDLE_API_KEY=")
vt("vendor-lemonsqueezy-api-key-jwt", "jwt_rs",
   "LEMONSQUEEZY_API_KEY={S}",
   "LEMONSQUEEZY_API_KEY=")
vt("vendor-pypi-token-twine", "pypi",
   "TWINE_USERNAME=__token__ TWINE_PASSWORD={S} twine upload dist/*",
   "twine upload dist/*")
vt("vendor-snyk-token-env", "uuid",
   "SNYK_TOKEN={S}",
   "SNYK_TOKEN=")
vt("vendor-codecov-upload-token", "uuid",
   "codecov -t {S} -f coverage/lcov.info",
   "-f coverage/lcov.info")
vt("vendor-ngrok-authtoken-cli", "ngrok",
   "ngrok config add-authtoken {S}",
   "ngrok config add-authtoken")
vt("vendor-statsig-server-secret-env", ("secret-", "an43"),
   "STATSIG_SERVER_SECRET={S}",
   "STATSIG_SERVER_SECRET=")
vt("vendor-optimizely-pat-env", ("2:", "b64u44"),
   "OPTIMIZELY_PERSONAL_TOKEN={S}",
   "OPTIMIZELY_PERSONAL_TOKEN=")
vt("vendor-builderio-private-key-env", ("bpk-", "hex32"),
   "BUILDER_PRIVATE_KEY={S}",
   "BUILDER_PRIVATE_KEY=")


# ===========================================================================
# BENIGN look-alikes
# ===========================================================================
_PLAIN_TEXTS = [
    "hello world", "Lorem ipsum dolor sit amet", '{"theme":"dark","lang":"de"}',
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path d='M12 2 2 7l10 5 10-5z'/></svg>",
    "wordpress", "preview-mode", '{"locale":"fr-FR","currency":"EUR"}', "The quick brown fox",
    "user-agent: Mozilla/5.0", "cart:items:3", "font-display: swap", "Bonjour tout le monde",
    '{"alg":"none","note":"not a token"}', "newsletter_signup=1", "hero-image-v2",
]
_ENV_NAMES = [
    "CONTENTFUL_ACCESS_TOKEN", "SANITY_API_TOKEN", "STRIPE_SECRET_KEY", "NETLIFY_AUTH_TOKEN",
    "VERCEL_TOKEN", "ALGOLIA_ADMIN_KEY", "WORDPRESS_DB_PASSWORD", "SHOPIFY_ADMIN_ACCESS_TOKEN",
    "MAILGUN_API_KEY", "CLOUDINARY_API_SECRET", "MAPBOX_SECRET_TOKEN", "FIGMA_TOKEN",
    "GHOST_ADMIN_API_KEY", "STRAPI_API_TOKEN", "RECAPTCHA_SECRET", "SENDGRID_API_KEY",
    "NEXTAUTH_SECRET", "DATABASE_URL", "NPM_TOKEN", "CLOUDFLARE_API_TOKEN",
]
_PLACEHOLDERS = [
    "<your-api-key>", "YOUR_API_KEY", "xxxxxxxxxxxxxxxxxxxxxxxx", "********", "[REDACTED]",
    "<token>", "REPLACE_ME", "your-delivery-token-here", "<paste-token-here>", "${API_KEY}",
    "sk_live_...", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "<redacted>", "TODO", "***",
    "<db-password>", "{{ secrets.API_KEY }}", "%%PASSWORD%%", "__SET_IN_NETLIFY_UI__",
]
_POOL.update({
    "sri": lambda v: "sha384-" + _c("b64", 64),
    "npmint": lambda v: "sha512-" + _c("b64", 86) + "==",
    "sshpub": lambda v: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _c("b64", 43) + " " + _v(v, "user") + "@" + _v(v, "agency_slug"),
    "fp256": lambda v: "SHA256:" + _c("b64", 43),
    "gpgfp": lambda v: " ".join(_c("HEX", 4) for _ in range(10)),
    "rsapub": lambda v: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _c("b64", 300) + "IDAQAB",
    "pk_live": lambda v: "pk_live_51" + _c("an", 97),
    "pk_test": lambda v: "pk_test_51" + _c("an", 97),
    "sitekey": lambda v: "6L" + _c("b64u", 38),
    "tsitekey": lambda v: "0x4AAAAAAA" + _c("b64u", 14),
    "phc": lambda v: "phc_" + _c("an", 43),
    "gclient": lambda v: _c("dig", 12) + "-" + _c("lo", 32) + ".apps.googleusercontent.com",
    "b64txt": lambda v: _b64(_pick(_PLAIN_TEXTS).encode()),
    "etag": lambda v: 'W/"' + _c("hex", 3) + "-" + _c("b64u", 27) + '"',
    "traceparent": lambda v: "00-" + _c("hex", 32) + "-" + _c("hex", 16) + "-01",
    "cfray": lambda v: _c("hex", 16) + "-" + _pick(["FRA", "AMS", "CDG", "LHR", "ARN", "WAW", "MAD"]),
    "amzid2": lambda v: _c("b64", 76),
    "amzcf": lambda v: _c("b64u", 54) + "==",
    "evt": lambda v: "evt_" + _c("an", 24),
    "cus": lambda v: "cus_" + _c("an", 14),
    "pi": lambda v: "pi_3" + _c("an", 23),
    "price": lambda v: "price_1" + _c("an", 23),
    "nextbuild": lambda v: _c("b64u", 21),
    "dpl": lambda v: "dpl_" + _c("an", 28),
    "vaultpath": lambda v: _pick(["secret/data/clients/", "kv/agency/", "secret/"]) + _v(v, "site") + "/"
    + _pick(["wordpress", "contentful", "stripe", "sftp", "db", "mailgun"]),
    "opref": lambda v: "op://" + _pick(["Clients", "Agency", "Freelance"]) + "/" + _v(v, "client") + " "
    + _pick(["WP admin", "SFTP", "Contentful", "Shopify"]) + "/" + _pick(["password", "credential", "token"]),
    "smarn": lambda v: "arn:aws:secretsmanager:%s:%s:secret:prod/%s/%s-%s" % (
        _pick(_REGIONS), _c("dig", 12), _v(v, "site"), _pick(["stripe", "db", "algolia"]), _c("an", 6)),
    "gsmpath": lambda v: "projects/%s-web/secrets/%s/versions/%d" % (
        _v(v, "site"), _pick(["mapbox-token", "db-password", "sanity-token"]), _R.randint(1, 12)),
    "envvar": lambda v: _pick(_ENV_NAMES),
    "ph": lambda v: _pick(_PLACEHOLDERS),
    "mask": lambda v: _pick(["sk_live_" + "*" * 20 + _c("an", 4), "****" + _c("an", 4), "\u2022" * 12 + _c("hex", 4),
                             "ghp_" + "*" * 32 + _c("an", 4), "xoxb-****-****-" + "*" * 8, _c("an", 4) + "..." + _c("an", 4)]),
    "agepub": lambda v: "age1" + _c("lo", 58),
    "sopsenc": lambda v: "ENC[AES256_GCM,data:%s,iv:%s=,tag:%s==,type:str]" % (_c("b64", 24), _c("b64", 43), _c("b64", 22)),
    "digest": lambda v: "sha256:" + _c("hex", 64),
    "mbstyle": lambda v: "mapbox://styles/" + _v(v, "agency_slug") + "/" + _c("lo", 25),
    "cspnonce": lambda v: _c("b64", 22) + "==",
    "csphash": lambda v: "'sha256-" + _c("b64", 43) + "='",
    "gtm": lambda v: "GTM-" + _c("up", 7),
    "gaid": lambda v: "G-" + _c("up", 10),
    "uaid": lambda v: "UA-" + _c("dig", 8) + "-" + str(_R.randint(1, 4)),
    "prj": lambda v: "prj_" + _c("an", 28),
    "team": lambda v: "team_" + _c("an", 24),
    "gid": lambda v: "gid://shopify/" + _pick(["Product", "Order", "Collection", "ProductVariant"]) + "/" + _c("dig", 13),
    "ulid": lambda v: "01" + _s("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 24),
    "reqid": lambda v: _pick(["req_" + _c("an", 14), _uuid(), _c("hex", 32)]),
    "md5": lambda v: _c("hex", 32),
    "sha256": lambda v: _c("hex", 64),
    "ytid": lambda v: _c("b64u", 11),
    "contenthash": lambda v: _c("hex", _pick([8, 16, 20])),
})

_BENIGN_TPL = []


def ben(tpl):
    _BENIGN_TPL.append(tpl)


# -- commands --------------------------------------------------------------
ben("git log --oneline -3\n{sha7} fix(header): sticky nav on iOS\n{sha7_2} feat: add Algolia search to /journal\n{sha7_3} chore: bump next to 14.1")
ben("git cherry-pick {sha} && git push origin {branch}")
ben("git rebase -i {sha7}~3  # squash the theme.json fixups")
ben("git checkout -b {branch} origin/main")
ben('curl -s -H "Authorization: Bearer $CONTENTFUL_ACCESS_TOKEN" "https://cdn.contentful.com/spaces/{space}/environments/master/entries?content_type=blogPost&limit=5"')
ben('curl -u "$WP_USER:$WP_APP_PASSWORD" https://{host}/wp-json/wp/v2/pages?per_page=100')
ben("mysql -u {dbuser} -p -h {dbhost} {db}   # prompts for the password")
ben("wp user update {user} --prompt=user_pass")
ben("wp config shuffle-salts --path=/var/www/{site}")
ben('netlify env:set CONTENTFUL_DELIVERY_TOKEN "$(op read \'{opref}\')"')
ben("vercel env add SANITY_API_TOKEN production < /dev/stdin")
ben("npx wrangler secret put STRIPE_SECRET_KEY --env production   # pasted interactively")
ben("gh secret set {envvar} < ~/.secrets/{site}.token && shred -u ~/.secrets/{site}.token")
ben("sha256sum dist/{site}-theme-{ver}.zip\n{sha256}  dist/{site}-theme-{ver}.zip")
ben("docker pull ghcr.io/{agency_slug}/{site}-web@{digest}")
ben("openssl rand -base64 32 | vercel env add NEXTAUTH_SECRET production")
ben("export DB_PASSWORD=$(vault kv get -field=password {vaultpath})")
ben("aws secretsmanager get-secret-value --secret-id prod/{site}/stripe --query SecretString --output text | jq -r .key | pbcopy")
ben("npm view @{agency_slug}/ui-kit@{ver} dist.integrity\n{npmint}")
ben("git config --global credential.helper osxkeychain")
ben("echo -n \"$GITHUB_TOKEN\" | wc -c   # should be 40")
ben("unset AWS_SECRET_ACCESS_KEY AWS_SESSION_TOKEN && aws sts get-caller-identity --profile {site}-media")
ben("ssh-keygen -lf ~/.ssh/{site}_deploy.pub\n256 {fp256} deploy@{site} (ED25519)")
ben("echo '{b64txt}' | base64 -d")
ben("kubectl -n {site} get secret strapi-env -o jsonpath='{.data}' | jq 'keys'")
ben("drush uli --name={user} --no-browser --uri=https://{host}   # link goes straight to the client, not pasted here")
ben("shopify theme pull --store {site}.myshopify.com --theme {dig12} --only templates/*.json")
ben("ssh -i ~/.ssh/{site}_deploy {user}@{host} 'cd /var/www/{site} && git rev-parse HEAD'\n{sha}")
ben("curl -sI https://{domain}/ | grep -i -E 'etag|cf-ray|x-request-id'\netag: {etag}\ncf-ray: {cfray}\nx-request-id: {reqid}")
ben("openssl x509 -in {site}.crt -noout -fingerprint -sha256\nsha256 Fingerprint={gpgfp}")
ben("stripe trigger checkout.session.completed --add checkout_session:metadata.order={num}")
ben("PGPASSFILE=~/.pgpass psql -h {dbhost} -U {dbuser} {db} -c 'select count(*) from posts'")
ben("sshpass -f ~/.config/{site}/sftp.pw sftp -oPort=2222 {user}@{host}")
ben("mysqldump --defaults-extra-file=~/.my.{site}.cnf {db} > {db}-{date}.sql")

# -- tool output -----------------------------------------------------------
ben("$ wp config get DB_PASSWORD\nError: The constant or variable 'DB_PASSWORD' is not defined in the 'wp-config.php' file.")
ben("$ netlify env:list\n| Key                      | Value        |\n| CONTENTFUL_ACCESS_TOKEN  | ************ |\n| GATSBY_SITE_URL          | https://{domain} |")
ben("$ vercel env ls\n name                 value      environments        created\n {envvar}   Encrypted  Production          3d ago")
ben("$ gh secret list\n{envvar}\tUpdated {date}\nSFTP_PASSWORD\tUpdated {date_2}")
ben("$ fly secrets list -a {site}-cms\nNAME\tDIGEST\tCREATED AT\nDATABASE_URL\t{hex16}\t{n} days ago\nMAIL_PASS\t{hex16_2}\t{n2} days ago")
ben("$ heroku config -a {site}-shop\nSTRIPE_SECRET_KEY: {mask}\nNODE_ENV:          production")
ben("$ npm whoami\n{user}")
ben("$ wp user list --fields=ID,user_login,user_email,roles\n+----+------------+---------------------------+---------------+\n| {n}  | {user} | {email} | administrator |")
ben("$ shopify theme list --store {site}.myshopify.com\n  [live]        Dawn      #{dig12}\n  [unpublished] Dawn-copy #{dig12_2}")
ben("$ docker images\nREPOSITORY          TAG     IMAGE ID       CREATED       SIZE\n{site}-web   {sha7}   {hex12}   2 hours ago   312MB")
ben("$ terraform plan\n  # random_password.db will be created\n  + resource \"random_password\" \"db\" {\n      + result = (sensitive value)\n    }")
ben("$ kubectl get secrets -n {site}\nNAME            TYPE     DATA   AGE\nstrapi-env      Opaque   6      {n}d\nghost-mail      Opaque   2      {n2}d")
ben('$ aws sts get-caller-identity\n{\n    "UserId": "AIDA{up16}",\n    "Account": "{dig12}",\n    "Arn": "arn:aws:iam::{dig12}:user/{user}"\n}')
ben("$ ssh-keyscan {host}\n{host} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b6443}")
ben("$ gpg --list-keys {email}\npub   ed25519 2023-05-02 [SC]\n      {hex40}\nuid           [ultimate] {person} <{email}>")
ben('$ dig +short TXT {domain}\n"v=spf1 include:mailgun.org include:_spf.google.com ~all"\n"google-site-verification={b64u43}"')
ben('$ dig +short TXT mg._domainkey.{domain}\n"k=rsa; p={rsapub}"')
ben("$ stripe events list --limit 2\n{evt}  checkout.session.completed\n{evt_2}  payment_intent.succeeded")
ben("$ contentful space list\n\u2502 {client} Website \u2502 {space} \u2502\n\u2502 {client} Sandbox \u2502 {space_2} \u2502")
ben("$ npx sanity projects list\nid        members  name                  url\n{proj}  4        {client}         https://{proj}.sanity.studio")
ben("$ next build\nRoute (app)                Size     First Load JS\n\u250c \u25cb /                      5.2 kB   92.1 kB\n+ First Load JS shared by all   87 kB\n  \u251c chunks/{dig3}-{contenthash}.js 31.6 kB")
ben("$ gatsby build\nsuccess Building production JavaScript and CSS bundles - 18.204s\nsuccess Writing page-data.json files - 0.912s\ninfo Done building in 41.2 sec (app-{contenthash}.js)")
ben("$ git log -1 --format='%H %an'\n{sha} {person}")
ben("$ curl -sI https://{bucket}.s3.{region}.amazonaws.com/og/{lo8}.png\nx-amz-id-2: {amzid2}\nx-amz-request-id: {HEX16}\nETag: \"{md5}\"")
ben("$ curl -sI https://d{lo13}.cloudfront.net/fonts/inter.woff2\nx-cache: Hit from cloudfront\nx-amz-cf-id: {amzcf}")
ben("$ composer show -i | grep acf\nwpengine/advanced-custom-fields-pro {ver} Advanced Custom Fields PRO")
ben("$ openssl rand -hex 4\n{hex8}   (just testing the CLI)")
ben("$ ls -la ~/.ssh\n-rw-------  1 {user} staff   411 {date} {site}_deploy\n-rw-r--r--  1 {user} staff    97 {date} {site}_deploy.pub")
ben("$ lighthouse https://{domain} --quiet --output=json | jq .categories.performance.score\n0.{dig2}\nRun ID: {uuid}")
ben("$ wp option get siteurl\nhttps://{domain}\n$ wp core version\n6.{n}.{n2}")
ben("$ docker compose ps\nNAME              IMAGE                   STATUS\n{site}-db-1       mariadb:11              Up {n} hours (healthy)")

# -- config ----------------------------------------------------------------
ben("# .env.example\nCONTENTFUL_SPACE_ID=\nCONTENTFUL_ACCESS_TOKEN={ph}\nCONTENTFUL_PREVIEW_TOKEN={ph_2}")
ben("define( 'DB_PASSWORD', getenv( 'WORDPRESS_DB_PASSWORD' ) );\ndefine( 'DB_HOST', getenv( 'WORDPRESS_DB_HOST' ) ?: 'localhost' );")
ben("services:\n  db:\n    image: mariadb:11\n    environment:\n      MARIADB_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password")
ben("        env:\n          - name: {envvar}\n            valueFrom:\n              secretKeyRef:\n                name: {site}-env\n                key: {envvar_2}")
ben("[[headers]]\n  for = \"/*\"\n  [headers.values]\n    Content-Security-Policy = \"script-src 'self' {csphash} https://www.googletagmanager.com\"")
ben('"dependencies": {\n  "contentful": "^{ver}",\n  "@sanity/client": "^{ver_2}"\n}')
ben('"node_modules/@{agency_slug}/ui-kit": {\n  "version": "{ver}",\n  "resolved": "https://registry.npmjs.org/@{agency_slug}/ui-kit/-/ui-kit-{ver}.tgz",\n  "integrity": "{npmint}"\n}')
ben('"{word}@^{ver}":\n  version "{ver}"\n  resolved "https://registry.yarnpkg.com/{word}/-/{word}-{ver}.tgz#{sha}"\n  integrity {npmint}')
ben('{\n  "name": "wpackagist-plugin/wordpress-seo",\n  "version": "{ver}",\n  "dist": { "type": "zip", "shasum": "{sha}" }\n}')
ben("@{agency_slug}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${NPM_TOKEN}")
ben("# .gitignore\n.env\n.env.local\n.env.*.local\nwp-config-local.php\nauth.json\n*.pem")
ben('{\n  "manifest_version": 3,\n  "name": "{client} Clipper",\n  "version": "{ver}",\n  "key": "{rsapub}"\n}')
ben("<script async src=\"https://www.googletagmanager.com/gtag/js?id={gaid}\"></script>\n<script>gtag('config', '{gaid}');</script>")
ben("<script src=\"https://cdn.jsdelivr.net/npm/swiper@{ver}/swiper-bundle.min.js\" integrity=\"{sri}\" crossorigin=\"anonymous\"></script>")
ben("<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'nonce-{cspnonce}' 'strict-dynamic'\">")
ben("Host {site}-live\n  HostName {host}\n  User {user}\n  IdentityFile ~/.ssh/{site}_deploy\n  IdentitiesOnly yes")
ben('AuthType Basic\nAuthName "{client} staging"\nAuthUserFile /home/{user}/.htpasswds/public_html/passwd\nRequire valid-user')
ben('name = "{site}-edge"\naccount_id = "{hex32}"\n\n[[kv_namespaces]]\nbinding = "CACHE"\nid = "{hex32_2}"')
ben('# shopify.app.toml\nclient_id = "{hex32}"\nname = "{client} loyalty"\napplication_url = "https://loyalty.{domain}"')
ben('variable "db_password" {\n  type      = string\n  sensitive = true\n}\n\nresource "aws_db_instance" "cms" {\n  password = var.db_password\n}')
ben("path \"secret/data/clients/*\" {\n  capabilities = [\"read\", \"list\"]\n}")
ben("creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n    age: {agepub}")
ben("wordpress:\n  db_password: {sopsenc}\n  admin_password: {sopsenc_2}")
ben("$ANSIBLE_VAULT;1.1;AES256\n{hex64}\n{hex64_2}\n{hex32}")
ben('GATSBY_GA_MEASUREMENT_ID={gaid}\nGATSBY_GTM_ID={gtm}\nGATSBY_SITE_URL=https://{domain}')
ben('NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY={pk_live}')
ben('<div class="g-recaptcha" data-sitekey="{sitekey}"></div>')
ben('<div class="cf-turnstile" data-sitekey="{tsitekey}" data-theme="light"></div>')
ben("{\n  \"projectId\": \"{proj}\",\n  \"dataset\": \"production\",\n  \"apiVersion\": \"2024-01-01\",\n  \"useCdn\": true\n}")
ben("[client]\nuser = {dbuser}\n# password comes from ~/.mylogin.cnf (mysql_config_editor)\nhost = {dbhost}")
ben("wordpressPassword: \"\"\nexistingSecret: {site}-wordpress\nmariadb:\n  auth:\n    existingSecret: {site}-mariadb")
ben("DB_PASSWORD=\nDB_USER={dbuser}\n# ask {first} for the password, it is in 1Password")
ben("POSTHOG_KEY={phc}\nPOSTHOG_HOST=https://eu.i.posthog.com")
ben('"oauth2": {\n  "client_id": "{gclient}",\n  "scopes": ["https://www.googleapis.com/auth/drive.file"]\n}')
ben("style: '{mbstyle}'\ncenter: [13.40, 52.52]\nzoom: 12")
ben("SENTRY_DSN_ENV_VAR=SENTRY_DSN\nSENTRY_RELEASE={sha7}\nSENTRY_ENVIRONMENT=production")
ben("imagekit:\n  url_endpoint: https://ik.imagekit.io/{site}\n  public_key: public_{b64u27}=")

# -- source ----------------------------------------------------------------
ben("const token = process.env.CONTENTFUL_ACCESS_TOKEN;\nif (!token) throw new Error('Missing CONTENTFUL_ACCESS_TOKEN');")
ben("if (!process.env.STRIPE_SECRET_KEY) {\n  throw new Error('STRIPE_SECRET_KEY is not set -- add it in the Vercel dashboard');\n}")
ben("const schema = z.object({\n  email: z.string().email(),\n  password: z.string().min(12).regex(/[0-9]/).regex(/[^A-Za-z0-9]/),\n});")
ben('<input type="password" name="pwd" id="user_pass" class="input" value="" size="20" autocomplete="current-password" />')
ben("$hash = wp_hash_password( $new_password );\nif ( wp_check_password( $plain, $hash, $user_id ) ) {")
ben("const digest = crypto.createHash('sha256').update(rawBody).digest('hex');\n// expected: {sha256}")
ben("const cacheKey = `posts:${locale}:{md5}`;")
ben("// TODO: rotate the Mapbox token (it lives in Vercel env, see {opref})")
ben("export const GA_MEASUREMENT_ID = '{gaid}';\nexport const GTM_ID = '{gtm}';")
ben("const stripePromise = loadStripe('{pk_live}');")
ben("const FEATURE_FLAG = 'checkout-v2-{hex8}';\nconst EXPERIMENT_ID = '{dig11}';")
ben("const SALT_ROUNDS = 12;\nconst hash = await bcrypt.hash(password, SALT_ROUNDS);")
ben("mapboxgl.accessToken = process.env.NEXT_PUBLIC_MAPBOX_TOKEN;\nconst map = new mapboxgl.Map({ style: '{mbstyle}' });")
ben("const STRIPE_KEY_RE = /sk_(live|test)_[0-9a-zA-Z]{24,}/;\nconst GH_TOKEN_RE = /ghp_[A-Za-z0-9]{36}/;")
ben("// example from the AWS docs, not a real key\nconst EXAMPLE_ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';")
ben("# test fixture\nFAKE_TOKEN = 'test-token-not-real'\nassert redact(f'Bearer {FAKE_TOKEN}') == 'Bearer [REDACTED]'")
ben("apiKey: import.meta.env.VITE_ALGOLIA_SEARCH_KEY,\nappId: import.meta.env.VITE_ALGOLIA_APP_ID,")
ben("const id = '{uuid}';\nconst { data } = await supabase.from('posts').select('*').eq('id', id);")
ben("const PLACEHOLDER_IMG = 'data:image/svg+xml;base64,{b64txt}';")
ben("export const revalidate = 60;\nexport const BUILD_ID = '{nextbuild}';")
ben("const entry = await client.getEntry('{cfid}');\nconsole.log(entry.sys.id, entry.sys.revision);")
ben("query Product {\n  product(id: \"{gid}\") { title handle }\n}")
ben("function verifyWebhook(body, signature, secret) {\n  const hmac = crypto.createHmac('sha256', secret).update(body).digest('base64');\n  return crypto.timingSafeEqual(Buffer.from(hmac), Buffer.from(signature));\n}")
ben("password_policy:\n  min_length: 12\n  require_symbol: true\n  max_age_days: 180\n  history: 5")
ben("add_filter( 'wp_mail_smtp_custom_options', function( $phpmailer ) {\n    $phpmailer->Password = SMTP_PASS; // constant from wp-config, set per env\n    return $phpmailer;\n} );")
ben("const docId = 'drafts.{uuid}';\nawait client.patch(docId).set({ title }).commit();")
ben("const videoId = '{ytid}';\nconst embed = `https://www.youtube-nocookie.com/embed/${videoId}`;")
ben("ALTER TABLE wp_users MODIFY user_pass varchar(255) NOT NULL DEFAULT '';")
ben("SELECT option_name FROM wp_options WHERE option_name LIKE '%api_key%' OR option_name LIKE '%secret%';")
ben("const nonce = crypto.randomBytes(16).toString('base64'); // per request, for CSP")

# -- logs -------------------------------------------------------------------
ben('{pubip} - - [12/Mar/2024:10:14:02 +0000] "GET /_next/static/chunks/pages/index-{contenthash}.js HTTP/2.0" 200 4512 "-" "Mozilla/5.0"')
ben("PHP Warning:  mysqli_real_connect(): (HY000/1045): Access denied for user '{dbuser}'@'localhost' (using password: YES)")
ben("Mar 12 10:14:02 {host} sshd[{pid}]: Failed password for invalid user admin from {pubip} port {dig5} ssh2")
ben("[WP Mail SMTP] Mailer: SMTP. Could not authenticate. Check the SMTP username and password in Settings.")
ben("{iso} stripe webhook {evt} checkout.session.completed -> 200 (customer {cus})")
ben("sentry: event {md5} captured (release {sha7}, environment production)")
ben("traceparent: {traceparent}")
ben("{date} {time} FRA56-C1 {dig4} {pubip} GET d{lo13}.cloudfront.net /img/hero.avif 200 - Mozilla/5.0 - - Hit {amzcf} {domain} https")
ben("cf-ray: {cfray}  cf-cache-status: HIT  age: {num}")
ben("INFO token refreshed for integration 'contentful-sync' (expires_in=3600, scope=content_management_manage)")
ben("DEBUG verifying JWT with kid={hex40} alg=RS256 iss=https://{site}.eu.auth0.com/")
ben("password reset link sent to {first}***@{domain} (request {reqid})")
ben("Stripe::AuthenticationError: Invalid API Key provided: sk_live_" + "*" * 20 + "{an4}")
ben("asset main.{contenthash}.js 142 KiB [emitted] [immutable] [minimized] (name: main)")
ben("Cache restored from key: node-modules-Linux-{sha256}")
ben("Git LFS: (1 of 3 files) 12.04 MB / 12.04 MB  oid sha256:{sha256}")
ben("[11ty] Copied 214 files / Wrote 48 files in 1.92 seconds (v{ver})")
ben("[{iso}] INFO ghost Request: GET /ghost/api/admin/posts/ 200 84ms (request id {uuid})")
ben("2024-03-12T10:14:02.118Z strapi[{pid}] info: Admin user {email} logged in (session {ulid})")
ben("[vercel] Build completed. Deployment: {dpl} -> https://{site}-{lo9}-{agency_slug}.vercel.app")
ben("x-vercel-id: fra1::iad1::{lo5}-{dig13}-{hex12}")
ben("WARN ld-sdk: flag 'new-checkout' evaluated false for context key {uuid}")
ben("algolia: indexed 1,214 records into prod_articles (taskID {dig9}, objectIDs hash {md5})")
ben("nginx: [warn] \"ssl_stapling\" ignored, issuer certificate not found for certificate \"/etc/letsencrypt/live/{domain}/fullchain.pem\"")
ben("[error] 1234#1234: *{num} access forbidden by rule, client: {pubip}, server: {host}, request: \"GET /.env HTTP/1.1\"")
ben("{iso} auth: login failed for user '{user}' (reason: bad password, attempt {n}/5)")
ben("mysql: [Warning] Using a password on the command line interface can be insecure.")
ben("{iso} [netlify] Deploy {hex24} published (commit {sha7}, branch main)")
ben("shopify-webhook: HMAC verified for topic orders/create (shop {site}.myshopify.com, id {dig13})")

# -- notes / chat ---------------------------------------------------------
ben("Password for the staging site is in 1Password under \"{client} \u2013 Staging\". Please don't paste it in here.")
ben("I rotated the Contentful token; the new one is in Netlify env ({envvar}). Don't paste it in chat.")
ben("Reminder: client passwords must be 12+ characters with a number and a symbol, and never reused across sites.")
ben("{first}: client asked for the admin password by email -- I sent a password-reset link instead.")
ben("Das Passwort liegt im Vault unter {vaultpath}, bitte nicht per Mail verschicken.")
ben("Le mot de passe est dans le coffre 1Password ({opref}), pas dans Slack.")
ben("La contraseña está en Bitwarden, carpeta \"{client}\". No la pegues aquí.")
ben("commit {sha7} fixes the hero overlap on Safari; deploy preview is up")
ben("The API key starts with sk_live_ but I'm not pasting it here -- grab it from the Stripe dashboard.")
ben("Use ${STRIPE_SECRET_KEY} in the workflow, not the literal value.")
ben("Token expired (401) -- requested a new one via Shopify admin \u2192 Apps \u2192 Develop apps. Waiting on {first}.")
ben("Set DB_PASSWORD in .env.local (not committed). Template is in .env.example.")
ben("password: [REDACTED]\napi_key: ****\ntoken: <removed by {first}>")
ben("Figma: https://www.figma.com/file/{figkey}/{client}-Website?node-id={dig2}-{dig3}")
ben("Loom walkthrough for the client: https://www.loom.com/share/{md5}")
ben("Order #{num} -- Stripe payment {pi}, price {price}")
ben("the pk_live_ key is publishable, it's fine to ship it in the bundle; the sk_live_ one stays server-side")
ben("Goal: move secrets out of wp-config.php into environment variables; list of names: DB_PASSWORD, AUTH_KEY, SECURE_AUTH_KEY, LOGGED_IN_KEY, NONCE_KEY.")
ben("Decision: the search-only Algolia key goes to the browser, the admin key only to the indexing job (stored as {envvar}).")
ben("Running notes: secret names are {envvar} and {envvar_2}; values are in {vaultpath}.")
ben("Notiz: Zugangsdaten NICHT ins Ticket schreiben, sondern Link auf {opref} setzen.")
ben("メモ：パスワードは 1Password の「{client}」に保存済み。チャットには貼らないこと。")
ben("备注：数据库密码已存到 {vaultpath}，不要发在群里。")
ben("{first}: which token do I use for the preview?\n{first2}: CONTENTFUL_PREVIEW_TOKEN from the Vercel project settings, don't copy it anywhere")
ben("Handover checklist: [x] transfer domain  [x] remove agency admin accounts  [ ] client resets all passwords  [ ] revoke our API tokens")
ben("Password policy (client IT): min 14 chars, MFA required for wp-admin, rotation every 90 days, no shared logins.")
ben("fyi the hash {sha} in the URL is just the commit, not a token")
ben("Ticket WEB-{num}: \"password reset email not arriving\" -- SPF was missing include:mailgun.org. Fixed.")
ben("checksum of the export: md5 {md5}, sha1 {sha}")
ben("UUID of the Sanity document that breaks the build: {uuid}")
ben("Request id for Shopify support: {reqid}")
ben("new Mapbox style is {mbstyle} (public URL, safe to share)")
ben("the DKIM record is a public key, paste it into DNS as-is: p={rsapub}")
ben("recovery codes printed and handed to {first} in person; nothing stored digitally")
ben("GTM container {gtm} published (version {n}); GA4 property {gaid}")
ben("Cloudflare account id {hex32} and zone id {hex32_2} (ids, not secrets)")
ben("Our deploy key fingerprint is {fp256} -- the private half stays on the CI runner.")
ben("PGP fingerprint for {person}: {gpgfp}")
ben("Chrome extension id: {ext_id}")
ben("OAuth client id (public): {gclient}")
ben("Twilio Account SID AC{hex32} (the auth token is in Doppler, project {site})")
ben("Wi-Fi password for the office is on the fridge, not in the repo :)")
ben("Masked in the screenshot: {mask}")
ben("Placeholder in docs: STRAPI_API_TOKEN={ph}")
ben("Base64 of the config blob, decoded it's just the theme settings: {b64txt}")
ben("Postmortem: a token was committed in {sha7}; it was revoked within 10 minutes and the commit rewritten. No value is reproduced here.")

# -- CI ---------------------------------------------------------------------
ben("        env:\n          NETLIFY_AUTH_TOKEN: ${{ secrets.NETLIFY_AUTH_TOKEN }}\n          NETLIFY_SITE_ID: ${{ secrets.NETLIFY_SITE_ID }}")
ben("      - uses: actions/checkout@{sha} # v4.1.1")
ben("      - uses: actions/setup-node@{sha}\n        with:\n          node-version-file: .nvmrc\n          cache: npm")
ben("      - uses: actions/cache@v4\n        with:\n          path: ~/.npm\n          key: ${{ runner.os }}-npm-${{ hashFiles('**/package-lock.json') }}")
ben("Cache saved with key: Linux-npm-{sha256}")
ben("Run {dig10} attempt 1 for workflow \"deploy\" (job {uuid})")
ben("  VERCEL_ORG_ID: ${{ secrets.VERCEL_ORG_ID }}\n  VERCEL_PROJECT_ID: {prj}")
ben("image: ghcr.io/{agency_slug}/{site}-web@{digest}")
ben("environment:\n  name: production\n  url: https://{domain}")
ben("  script:\n    - curl -u gitlab-ci-token:$CI_JOB_TOKEN https://gitlab.com/api/v4/projects/{num}/packages/generic/theme/{ver}/theme.zip -o theme.zip")
ben("secrets:\n  DATABASE_PASSWORD:\n    vault: {vaultpath}/password@kv")
ben("2024-03-12T10:14:02.1234567Z NETLIFY_AUTH_TOKEN: ***\n2024-03-12T10:14:02.1234568Z NETLIFY_SITE_ID: ***")
ben("deploy_id: {hex24}\ndeploy_url: https://{hex24}--{site}.netlify.app")
ben("Deployment URL: https://{site}-{lo9}-{agency_slug}.vercel.app ({dpl})")
ben("    - name: Decrypt secrets\n      run: sops -d secrets/prod.enc.yaml > .env   # key from SOPS_AGE_KEY secret")
ben("pipeline {\n  environment {\n    FTP = credentials('{site}-ftp')\n  }\n  stages { stage('Deploy') { steps { sh 'lftp -u $FTP_USR,$FTP_PSW ftp.{domain} -e \"mirror -R dist/ /; bye\"' } } }\n}")
ben("- pipe: atlassian/ftp-deploy:0.3.7\n  variables:\n    USER: $FTP_USERNAME\n    PASSWORD: $FTP_PASSWORD\n    SERVER: ftp.{domain}")
ben("      - run: echo \"::add-mask::$PREVIEW_SECRET\"")
ben("gitlab: masked variable CLOUDFLARE_API_TOKEN (protected, hidden) -- value not shown")
ben("buildkite: artifact uploaded public/_next/static/{nextbuild}/_buildManifest.js (sha1 {sha})")
ben("docker buildx build --secret id=npmrc,src=$HOME/.npmrc -t {site}-web:{sha7} .")
ben("firebase hosting:channel:deploy pr-{num} --expires 7d --project {site}-web   # uses GOOGLE_APPLICATION_CREDENTIALS from the runner")
ben("argocd app sync {site}-ghost --revision {sha7}")
ben("helm upgrade --install {site} bitnami/wordpress --set existingSecret={site}-wp --set image.tag={ver}")
ben("chromatic: Build {num} published (storybook {lo10}-{hex8}.chromatic.com)")
ben("Percy build #{num} finished: 0 changes (https://percy.io/{hex8}/{site}/builds/{dig8})")

# -- vendor ids that are public ---------------------------------------------
ben("Stripe publishable key: {pk_test}")
ben("reCAPTCHA v3 site key {sitekey} (the secret key is server-side only)")
ben("Algolia Application ID: {algapp}")
ben("Contentful space id {space}, environment master, entry {cfid}")
ben("Sanity project {proj}, dataset production")
ben("Shopify: {site}.myshopify.com, {gid}")
ben("Vercel project {prj} in {team}")
ben("Netlify site id: {uuid}")
ben("Stripe customer {cus}, event {evt}")
ben("Meta Pixel ID {dig15}; TikTok pixel {up20}")
ben("Hotjar site id {dig7}; Clarity project {lo10}")
ben("Mux playback id {an24} (public; signed playback not enabled)")
ben("Cloudinary cloud name: {site}; upload preset: unsigned_{lo6}")
ben("Sentry event {md5} / trace {hex32}")
ben("AWS account {dig12}, role arn:aws:iam::{dig12}:role/{site}-deploy")
ben("secret ARN: {smarn}")
ben("Secret Manager: {gsmpath}")
ben("YouTube video {ytid}; Vimeo video {dig9}")
ben("Google Tag Manager {gtm}, Universal Analytics (legacy) {uaid}")
ben("PostHog project key {phc} (client-side, public by design)")



# ===========================================================================
# build
# ===========================================================================
_PER_GROUP = 185
_BENIGN_TARGET = 950


def _build_secrets():
    order = []
    by_group = {}
    for entry in _FMT:
        if entry[0] not in by_group:
            by_group[entry[0]] = []
            order.append(entry[0])
        by_group[entry[0]].append(entry)
    result = []
    for group in order:
        fmts = by_group[group]
        counts = [0] * len(fmts)
        total, i = 0, 0
        while total < _PER_GROUP:
            k = i % len(fmts)
            if counts[k] < 3:
                counts[k] += 1
                total += 1
            i += 1
        for (grp, name, spec, tpl, vis), cnt in zip(fmts, counts):
            for _ in range(cnt):
                vals = {}
                secret = _gen_secret(spec, vals)
                vals["S"] = secret
                text = _render(tpl, vals)
                visible = _render(vis, vals) if vis else ""
                result.append((grp, name, text, secret, visible))
    _R.shuffle(result)
    return result


def _build_benign(secrets):
    long_secrets = [s[3] for s in secrets if len(s[3]) >= 8]
    seen = set()
    result = []
    rounds = 0
    while len(result) < _BENIGN_TARGET and rounds < 60:
        rounds += 1
        for tpl in _BENIGN_TPL:
            if len(result) >= _BENIGN_TARGET:
                break
            text = _render(tpl, {})
            if text in seen or any(sec in text for sec in long_secrets):
                continue
            seen.add(text)
            result.append(text)
    _R.shuffle(result)
    return result


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)
