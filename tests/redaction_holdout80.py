# -*- coding: utf-8 -*-
"""Blind hold-out corpus #80 for a secret-redaction engine.

What it is
----------
A fixed set of text fragments of the kind a coding agent (Claude Code, Codex,
Gemini CLI) keeps as working state: goals, running notes, shell commands it
ran, tool output, excerpts of files it opened, decisions, chat messages pasted
in by teammates, log lines and CI configuration.  Each fragment in SECRETS
carries exactly one credential that a redaction engine must remove, plus a
piece of surrounding text that must stay readable.  Each string in BENIGN
looks secret-ish to a naive scanner (hashes, ids, fingerprints, placeholders,
masked values, references to where a secret lives, prose about passwords)
but contains no credential, so it should come through untouched.

Theme
-----
Newsrooms, journalism and digital publishing: newsroom CMSs (Arc XP,
WordPress VIP, Brightspot, Ghost), wire-service and syndication APIs,
social-media publishing and listening tools, paywall and subscription back
ends (Piano, Stripe Billing, Zuora), newsletter platforms, photo desks and
DAMs, live blogs and election-night data feeds, comment moderation, secure
tip lines, and editors' and reporters' chats in many languages.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other corpus
and no web search were consulted.  Where a vendor's real credential shape is
known it is imitated (prefixes such as ghp_, glpat-, xoxb-, sk_live_, SG.,
AIza, npm_, hvs. ...); where it is unknown (for example several newsroom
vendors' API tokens) a plausible shape was invented.  All hosts, people,
publications and values are fictitious; every value is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
           group    one of command, tool-output, config-file, source-code,
                    stack-trace-or-log, note-or-chat, ci-and-deploy,
                    vendor-token
           format   kebab-case name of the shape; each used at most 3 times
           text     the fragment as the agent recorded it
           secret   exact substring of text that must not survive redaction
                    (only the key body for PEM keys, only the signature for
                    signed URLs, only the password for user:password pairs)
           visible  substring of text that must remain readable, or ""
BENIGN   list of distinct strings with no credential in them that
         nevertheless look secret-ish (same groups and contexts as above).

Determinism
-----------
All randomness comes from _R = random.Random(SEED) and is drawn at import
time in a fixed order, so importing the module twice yields identical lists.
Nothing is printed on import.

Measured
--------
Blind, with the engine of the session that read it, before any rule of that session: recall 0.976
(1,473 of 1,509) and false positives 23 of 950 (2.4%). Its look-alikes were then studied by classes
(a CloudFront log's request id in tab-separated columns, `Bearer` before a word of three letters):
12 of 950 (1.3%) after, recall unchanged. Left: AWS key ids alone, a Fastly service's id after
the `api.` of its host (the word `api` there also finds keys in API paths).
"""

import base64
import random
import re
import string

SEED = 80080
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# character sets and word lists
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEXC = "0123456789abcdef"
_ALNUM = string.ascii_letters + string.digits
_B64C = string.ascii_letters + string.digits + "+/"
_B64U = string.ascii_letters + string.digits + "-_"
_B32C = _UP + "234567"
_SYM = "!#%*-_.+=~^"
_SYMU = "-_.~!*"

_WORDS = (
    "anchor atlas badger banner beacon birch bison breeze byline cactus canyon "
    "caption cedar cobalt column comet copper coral cosmos cricket dateline "
    "deadline delta dispatch dolphin draft eagle ember falcon fern fjord folio "
    "galley garnet glacier gazette granite harbor hazel headline heron indigo "
    "inkwell island jasper juniper kestrel kicker lantern ledger lemon linen "
    "lotus lynx maple marble masthead meadow meteor mosaic nectar nimbus oasis "
    "olive orbit otter pepper pica pixel plaza prism quartz quill raven reef "
    "ribbon river saffron scoop sierra slate sonnet spruce summit tabloid tango "
    "thistle tiger timber topaz tundra typeset umber velvet violet walnut willow "
    "zephyr sonnenblume mariposa chouette lampione zeitung periodico jornal "
    "gazzetta krant tidning sanomat noticia presse rotativa imprensa redaktion "
    "cronaca reportage kiosque"
).split()

_FIRST = (
    "Amara Lena Tomas Priya Yuki Sofia Mateus Chloe Jonas Aisha Dmitri Olena "
    "Mehmet Nadia Kwame Ingrid Pieter Marta Hana Camille Diego Mei Jiwoo Rafael "
    "Elif Omar Freya Bruno Siobhan Arjun Zeynep Lucia Anouk Matteo Noor Thabo "
    "Kai Astrid Gabriel Ewa Ines Hugo Maya Leon Farah Tariq Rosa Emil Sanna "
    "Kenji Aylin Nikos Dana Ruth Idris Yara Oskar Beatriz"
).split()
_LAST = (
    "Okafor Fischer Herrera Raman Tanaka Rossi Costa Martin Berg Rahman Volkov "
    "Kovalenko Yilmaz Haddad Mensah Solberg deVries Nowak Novak Dubois Alvarez "
    "Chen Park Souza Demir Farouk Lindqvist Ferreira Kelly Mehta Kaya Morales "
    "Janssen Bianchi Aziz Nkosi Mueller Nielsen Silva Kowalska Moreau Lopez "
    "Weber Ito Sato Khan Ortiz Bauer Laine Petrov Nagy Ionescu Abara Cohen"
).split()
_PUBS = (
    "Harbor Ledger|Northfield Gazette|Coastal Courier|Meridian Times|Lakeshore Post|"
    "Valley Herald|Eastbank Observer|Tidewater Daily|Ridgeline Review|Pine County Sentinel|"
    "Saltmarsh Tribune|Granite Wire|Riverside Chronicle|Highland Dispatch|Copperton Star|"
    "Bayview Bulletin|Ironbridge Record|Westmoor Mercury|Aldergrove Clarion|Kestrel Bay News|"
    "Marlow Evening Standard|Dunmore Citizen|Fairhaven Register|Oakridge Journal"
).split("|")
_TLDS = ["com", "news", "media", "co.uk", "de", "es", "fr", "nl", "com.br", "it", "se", "press"]
_PARTNERS = ["wirefeed-partners", "syndicast", "newsgrid", "pressline", "agencylink",
             "feedhouse", "storystream", "copydesk-hub", "datawire", "pollcount"]
_CITIES = ["Lisbon", "Leeds", "Porto Alegre", "Malmo", "Gdansk", "Ghent", "Bologna", "Cork",
           "Tampere", "Izmir", "Osaka", "Busan", "Accra", "Tucson", "Halifax", "Graz",
           "Valparaiso", "Cluj", "Brno", "Aarhus", "Bergen", "Lyon", "Bilbao", "Utrecht"]
_DBS = ["arc_content", "wp_newsroom", "ghost_prod", "paywall", "elex2024", "comments",
        "newsletter", "dam_assets", "syndication", "audience", "tips_intake", "liveblog",
        "brightspot", "subscriptions", "photodesk", "wire_ingest"]
_SVCS = ["svc-wire", "cms_deploy", "elex_feed", "photodesk", "newsletter-bot", "paywall_ro",
         "svc_syndication", "liveblog-writer", "comments_mod", "dam-sync", "svc-arc",
         "audience_etl", "tipline-relay", "social-scheduler", "print-export"]
_ROLES = ["cms", "wp", "arc-sync", "ghost", "feeds", "elex", "paywall", "photo", "dam",
          "newsletter", "comments", "tips", "api", "bastion", "jenkins", "runner", "liveblog",
          "render", "wire", "search"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "eu-north-1", "ap-northeast-1",
            "sa-east-1", "ca-central-1"]
_SLUGA = ["council", "mayor", "senate", "river", "housing", "transit", "school-board", "harbor",
          "budget", "wildfire", "election", "stadium", "museum", "port", "hospital", "library"]
_SLUGB = ["votes-to-delay", "rejects", "approves", "faces-audit-over", "reopens", "sues-over",
          "plans-cuts-to", "expands", "delays", "debates", "probes", "backs"]
_SLUGC = ["budget", "rezoning", "bond-measure", "tram-line", "night-market", "flood-plan",
          "ferry-contract", "rent-cap", "tax-levy", "parking-fees", "curfew", "water-rates"]
_CHANS = ["#photo-desk", "#elections-2024", "#web-desk", "#newsletter-dev", "#paywall",
          "#platform", "#night-desk", "#investigations", "#social", "#comments-mod", "#data-desk"]
_VENDDOM = ["partners.syndicast.example", "api.newsgrid.example", "portal.feedhouse.example",
            "developer.pressline.example", "connect.agencylink.example", "hub.pollcount.example"]


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _uuid():
    h = _c(_HEXC, 32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def _cap(w):
    return w[:1].upper() + w[1:]


def _leet(w):
    return w.replace("a", "4").replace("e", "3").replace("o", "0").replace("i", "1")


def _pron(n):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_R.choice(cons) + _R.choice(vow) for _ in range(n))


def _password(sym=_SYM):
    s = _R.randrange(7)
    w1, w2, w3, w4 = (_R.choice(_WORDS) for _ in range(4))
    if s == 0:
        return _cap(w1) + _R.choice(sym) + str(_R.randrange(10, 9999))
    if s == 1:
        return w1 + _cap(w2) + str(_R.randrange(10, 999)) + _R.choice(sym)
    if s == 2:
        return _cap(_leet(w1)) + _cap(_leet(w2)) + _R.choice(sym) + str(_R.randrange(1, 99))
    if s == 3:
        p = _pron(_R.randrange(4, 6)) + str(_R.randrange(10, 99))
        return _cap(p) if _R.random() < 0.5 else p
    if s == 4:
        return _c(_ALNUM + sym, _R.randrange(14, 21))
    if s == 5:
        return "-".join([w1, w2, w3, w4]) + (str(_R.randrange(1, 9)) if _R.random() < 0.5 else "")
    return _R.choice(sym) + _cap(w1) + str(_R.randrange(1900, 2030)) + _cap(w2)


def _pw_strong(sym=_SYM):
    while True:
        v = _c(_ALNUM + sym, _R.randrange(16, 25))
        if any(ch in sym for ch in v) and any(ch.isdigit() for ch in v):
            return v


def _phrase(sep=" "):
    return sep.join(_R.choice(_WORDS) for _ in range(_R.randrange(5, 8)))


def _pem(prefix, nbytes, sep="\n"):
    raw = prefix + _bytes(nbytes)
    b = base64.b64encode(raw).decode()
    return sep.join(b[i:i + 64] for i in range(0, len(b), 64))


_PFX_RSA = bytes([0x30, 0x82, 0x04, 0xa3, 0x02, 0x01, 0x00, 0x02, 0x82, 0x01, 0x01, 0x00])
_PFX_EC = bytes([0x30, 0x77, 0x02, 0x01, 0x01, 0x04, 0x20])
_PFX_SSH = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
_PFX_P8 = bytes([0x30, 0x82, 0x04, 0xbd, 0x02, 0x01, 0x00, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86,
                 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00, 0x04, 0x82, 0x04, 0xa7])
_PFX_PGP = bytes([0x95, 0x03, 0x98, 0x04, 0x65])


def _b64s(raw):
    return base64.b64encode(raw).decode()


def _b64u_nopad(raw):
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _jwt(g):
    alg = _R.choice(["HS256", "RS256"])
    hdr = '{"alg":"%s","typ":"JWT"}' % alg if alg == "HS256" else \
        '{"alg":"RS256","kid":"%s","typ":"JWT"}' % _c(_HEXC, 16)
    iat = _R.randrange(1700000000, 1730000000)
    body = '{"sub":"%s","iss":"https://auth.%s","aud":"%s","iat":%d,"exp":%d,"scope":"%s"}' % (
        _uuid(), g("domain"), _R.choice(["composer", "liveblog", "paywall", "moderation", "dam"]),
        iat, iat + _R.choice([900, 3600, 86400]),
        _R.choice(["content:read", "content:write", "comments:moderate", "assets:upload"]))
    sig = _c(_B64U, 43 if alg == "HS256" else 342)
    return _b64u_nopad(hdr.encode()) + "." + _b64u_nopad(body.encode()) + "." + sig


def _wpsalt():
    return _c(_ALNUM + "!@#$%^&*()-_=+[]{}<>~`;:,./?|", 64)


# secret kinds: {name} or {name:N} inside ⟦ ⟧
def _kind(name, n, g):
    n = int(n) if n else 0
    if name == "pw":
        return _password()
    if name == "pwu":
        return _password(_SYMU)
    if name == "pwr":
        return _pw_strong()
    if name == "pwur":
        return _pw_strong(_SYMU)
    if name == "pww":
        return _cap(_R.choice(_WORDS)) + _R.choice(_SYM) + str(_R.randrange(100, 9999))
    if name == "phrase":
        return _phrase(" ")
    if name == "phrased":
        return _phrase(_R.choice("-.+_"))
    if name == "hex":
        return _c(_HEXC, n)
    if name == "HEX":
        return _c("0123456789ABCDEF", n)
    if name == "alnum":
        return _c(_ALNUM, n)
    if name == "lower":
        return _c(_LOW + _DIG, n)
    if name == "upper":
        return _c(_UP + _DIG, n)
    if name == "digits":
        return _R.choice("123456789") + _c(_DIG, n - 1)
    if name == "b64":
        return _c(_B64C, n)
    if name == "b64u":
        return _c(_B64U, n)
    if name == "b64b":
        return _b64s(_bytes(n))
    if name == "b32":
        return _c(_B32C, n)
    if name == "uuid":
        return _uuid()
    if name == "jwt":
        return _jwt(g)
    if name == "awssk":
        return _c(_ALNUM + "/+", 40)
    if name == "basic":
        return _b64s(("%s:%s" % (g("user"), _password())).encode())
    if name == "authplain":
        return _b64s(("\x00%s\x00%s" % (g("email"), _password())).encode())
    if name == "b64pw":
        return _b64s(_password().encode())
    if name == "b64tok":
        return _b64s(_c(_ALNUM, n or 32).encode())
    if name == "ytkey":
        return "-".join(_c(_LOW + _DIG, 4) for _ in range(5))
    if name == "twbearer":
        return ("A" * 21 + _c(_ALNUM, 4) + "AAAAAAA" + _c(_ALNUM, 10) + "%2B" +
                _c(_ALNUM, 20) + "%3D" + _c(_ALNUM, 50))
    if name == "tg":
        return str(_R.randrange(1000000000, 7999999999)) + ":AA" + _c(_B64U, 33)
    if name == "discord":
        uid = str(_R.randrange(10 ** 17, 12 * 10 ** 17))
        return _b64u_nopad(uid.encode()) + "." + _c(_B64U, 6) + "." + _c(_B64U, 38)
    if name == "fcm":
        return "AAAA" + _c(_B64U, 7) + ":APA91b" + _c(_B64U, 134)
    if name == "sasig":
        return _b64s(_bytes(32)).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    if name == "cfsig":
        return _b64s(_bytes(128)).replace("+", "-").replace("=", "_").replace("/", "~")
    if name == "wpapp":
        return " ".join(_c(_ALNUM, 4) for _ in range(6))
    if name == "wpsalt":
        return _wpsalt()
    if name == "djsecret":
        return _c(_LOW + _DIG + "!@#$%^&*(-_=+)", 50)
    if name == "wpcookie":
        return "%s%%7C%d%%7C%s%%7C%s" % (g("user"), _R.randrange(1710000000, 1740000000),
                                        _c(_ALNUM, 43), _c(_HEXC, 64))
    if name == "pem_rsa":
        return _pem(_PFX_RSA, 880)
    if name == "pem_ec":
        return _pem(_PFX_EC, 110)
    if name == "pem_ssh":
        return _pem(_PFX_SSH, 360)
    if name == "pem_ssh_ind":
        return _pem(_PFX_SSH, 360, "\n    ")
    if name == "b64pem_ec":
        return _b64s(("-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----\n"
                      % _pem(_PFX_EC, 110)).encode())
    if name == "b64pem_ssh":
        return _b64s(("-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\n"
                      % _pem(_PFX_SSH, 180)).encode())
    if name == "pem_p8":
        return _pem(_PFX_P8, 900)
    if name == "pem_p8_json":
        return _pem(_PFX_P8, 900, "\\n")
    if name == "pem_pgp":
        return _pem(_PFX_PGP, 700) + "\n=" + _c(_B64C, 4)
    if name == "xoxb":
        return "xoxb-%s-%s-%s" % (_kind("digits", 12, g), _kind("digits", 13, g), _c(_ALNUM, 24))
    if name == "xoxp":
        return "xoxp-%s-%s-%s-%s" % (_kind("digits", 12, g), _kind("digits", 12, g),
                                     _kind("digits", 13, g), _c(_HEXC, 32))
    if name == "sg":
        return "SG." + _c(_B64U, 22) + "." + _c(_B64U, 43)
    if name == "sklive":
        return "sk_live_51" + _c(_ALNUM, 97)
    if name == "sktest":
        return "sk_test_51" + _c(_ALNUM, 97)
    if name == "rklive":
        return "rk_live_51" + _c(_ALNUM, 97)
    if name == "whsec":
        return "whsec_" + _c(_ALNUM, 32)
    if name == "ghp":
        return "ghp_" + _c(_ALNUM, 36)
    if name == "glpat":
        return "glpat-" + _c(_B64U, 20)
    if name == "npm":
        return "npm_" + _c(_ALNUM, 36)
    if name == "sntrys":
        return "sntrys_" + _c(_B64U, 86) + "_" + _c(_B64U, 43)
    if name == "mc":
        return _c(_HEXC, 32) + "-us" + str(_R.randrange(1, 22))
    if name == "aiza":
        return "AIza" + _c(_B64U, 35)
    if name == "oai":
        return "sk-proj-" + _c(_B64U, 74) + "T3BlbkFJ" + _c(_B64U, 74)
    if name == "ant":
        return "sk-ant-api03-" + _c(_B64U, 93) + "AA"
    if name == "ghostadmin":
        return _c(_HEXC, 24) + ":" + _c(_HEXC, 64)
    if name == "azkey":
        return _b64s(_bytes(64))
    if name == "ya29":
        return "ya29.a0" + _c(_B64U, 150)
    raise KeyError(name)


# context values: ⟨name⟩ (cached per fragment; a trailing digit gives another draw)
def _email(g):
    return "%s@%s" % (g("user").replace("_", ".").replace("-", "."), g("domain"))


def _dbhost(g):
    r = _R.randrange(4)
    if r == 0:
        return "%s-%s.%s.%s.rds.amazonaws.com" % (_R.choice(["pg", "mysql", "aurora"]), _R.choice(_ROLES),
                                                  _c(_LOW + _DIG, 12), _R.choice(_REGIONS))
    if r == 1:
        return "db-%s-%02d.int.%s" % (_R.choice(_ROLES), _R.randrange(1, 20), g("domain"))
    if r == 2:
        return "%s-primary.%s.internal" % (_R.choice(["pg", "mysql", "maria"]), _R.choice(_ROLES))
    return "%s.postgres.database.azure.com" % (g("pubslug") + "-" + _R.choice(_ROLES))


_CTXF = {
    "first": lambda g: _R.choice(_FIRST),
    "last": lambda g: _R.choice(_LAST),
    "person": lambda g: "%s %s" % (_R.choice(_FIRST), _R.choice(_LAST)),
    "user": lambda g: _R.choice([
        lambda: (_R.choice(_FIRST)[0] + _R.choice(_LAST)).lower(),
        lambda: (_R.choice(_FIRST) + "." + _R.choice(_LAST)).lower(),
        lambda: (_R.choice(_FIRST) + "_" + _R.choice(_LAST)[:3]).lower(),
        lambda: _R.choice(_SVCS),
    ])(),
    "svc": lambda g: _R.choice(_SVCS),
    "pub": lambda g: _R.choice(_PUBS),
    "pubslug": lambda g: g("pub").lower().replace(" ", ""),
    "domain": lambda g: g("pubslug") + "." + _R.choice(_TLDS),
    "pubslug2": lambda g: _R.choice(_PARTNERS),
    "domain2": lambda g: g("pubslug2") + ".example",
    "vendordomain": lambda g: _R.choice(_VENDDOM),
    "host": lambda g: "%s-%s-%02d.%s" % (_R.choice(_ROLES), _R.choice(["prod", "stg", "dev"]),
                                        _R.randrange(1, 30), g("domain")),
    "hostshort": lambda g: "%s-%s-%02d" % (_R.choice(_ROLES), _R.choice(["prod", "stg"]),
                                          _R.randrange(1, 30)),
    "dbhost": _dbhost,
    "redishost": lambda g: "redis-%s.%s.cache.internal" % (_R.choice(["liveblog", "sessions", "paywall", "queue"]),
                                                          _c(_LOW + _DIG, 6)),
    "db": lambda g: _R.choice(_DBS),
    "ip": lambda g: "10.%d.%d.%d" % (_R.randrange(0, 255), _R.randrange(0, 255), _R.randrange(2, 254)),
    "pubip": lambda g: "203.0.113.%d" % _R.randrange(2, 254),
    "ipdash": lambda g: "%d-%d-%d-%d" % (_R.randrange(3, 99), _R.randrange(0, 255),
                                         _R.randrange(0, 255), _R.randrange(1, 254)),
    "port": lambda g: str(_R.choice([3000, 5432, 6379, 8080, 8443, 9200, 27017, 3306])),
    "bucket": lambda g: "%s-%s-%s" % (g("pubslug"), _R.choice(["photo-originals", "video-renditions",
                                                               "print-pdfs", "dam-archive", "audio"]),
                                      _R.choice(["prod", "stg"])),
    "region": lambda g: _R.choice(_REGIONS),
    "env": lambda g: _R.choice(["prod", "staging", "dev", "sandbox"]),
    "uuid": lambda g: _uuid(),
    "sha": lambda g: _c(_HEXC, 40),
    "sha7": lambda g: _c(_HEXC, 7),
    "reqid": lambda g: _R.choice([lambda: "req_" + _c(_ALNUM, 14), _uuid,
                                  lambda: _c(_HEXC, 16), lambda: "Root=1-%s-%s" % (_c(_HEXC, 8), _c(_HEXC, 24))])(),
    "traceid": lambda g: _c(_HEXC, 32),
    "spanid": lambda g: _c(_HEXC, 16),
    "date": lambda g: "2024-%02d-%02d" % (_R.randrange(1, 13), _R.randrange(1, 29)),
    "datecompact": lambda g: "2024%02d%02d" % (_R.randrange(1, 13), _R.randrange(1, 29)),
    "time": lambda g: "%02d:%02d" % (_R.randrange(0, 24), _R.randrange(0, 60)),
    "hhmmss": lambda g: "%02d%02d%02d" % (_R.randrange(0, 24), _R.randrange(0, 60), _R.randrange(0, 60)),
    "ts": lambda g: "2024-%02d-%02dT%02d:%02d:%02d.%03dZ" % (
        _R.randrange(1, 13), _R.randrange(1, 29), _R.randrange(0, 24), _R.randrange(0, 60),
        _R.randrange(0, 60), _R.randrange(0, 1000)),
    "epoch": lambda g: str(_R.randrange(1704067200, 1735689600)),
    "slug": lambda g: "%s-%s-%s" % (_R.choice(_SLUGA), _R.choice(_SLUGB), _R.choice(_SLUGC)),
    "n": lambda g: str(_R.randrange(2, 99)),
    "pid": lambda g: str(_R.randrange(1000, 65000)),
    "city": lambda g: _R.choice(_CITIES),
    "chan": lambda g: _R.choice(_CHANS),
    "version": lambda g: "%d.%d.%d" % (_R.randrange(1, 6), _R.randrange(0, 30), _R.randrange(0, 20)),
    "email": _email,
    "akid": lambda g: "AKIA" + _c(_UP + "234567", 16),
    "dc": lambda g: "us" + str(_R.randrange(1, 22)),
    "b64text": lambda g: _b64s(("%s %s %s" % (_R.choice(_SLUGA), _R.choice(_SLUGB), _R.choice(_SLUGC))).encode()),
    "arcid": lambda g: _c(_UP + _DIG, 26),
}

_PARAM = re.compile(r"^(hex|HEX|alnum|lower|upper|digits|b64|b64u|b32)(\d+)[a-z]?$")


def _ctxval(name, cache):
    if name in cache:
        return cache[name]

    def g(nm):
        return _ctxval(nm, cache)

    m = _PARAM.match(name)
    if m:
        val = _kind(m.group(1), m.group(2), g)
    elif name in _CTXF:
        val = _CTXF[name](g)
    elif name[:-1] in _CTXF:
        val = _CTXF[name[:-1]](g)
    else:
        val = _CTXF[name.rstrip("0123456789")](g)
    cache[name] = val
    return val


_CT = re.compile("⟨([A-Za-z0-9_]+)⟩")
_ST = re.compile("⟦(.*?)⟧", re.S)
_KT = re.compile(r"\{([A-Za-z_0-9]+?)(?::(\d+))?\}")


def _fill(tpl, cache):
    return _CT.sub(lambda m: _ctxval(m.group(1), cache), tpl)


def _instantiate(tpl, vis):
    cache = {}

    def g(nm):
        return _ctxval(nm, cache)

    secret = None
    parts = []
    pos = 0
    for m in _ST.finditer(tpl):
        parts.append(_fill(tpl[pos:m.start()], cache))
        if m.group(1) == "=":
            parts.append(secret)
        else:
            inner = _KT.sub(lambda k: _kind(k.group(1), k.group(2), g), m.group(1))
            secret = _fill(inner, cache)
            parts.append(secret)
        pos = m.end()
    parts.append(_fill(tpl[pos:], cache))
    text = "".join(parts)
    visible = _fill(vis, cache) if vis else ""
    return text, secret, visible


_TEMPLATES = []
_BENIGN_T = []


def _t(group, fmt, text, visible=""):
    if text.startswith("\n"):
        text = text[1:]
    if text.endswith("\n"):
        text = text[:-1]
    _TEMPLATES.append((group, fmt, text, visible))


def _b(text):
    if text.startswith("\n"):
        text = text[1:]
    if text.endswith("\n"):
        text = text[:-1]
    _BENIGN_T.append(text)

# ===========================================================================
# SECRETS — group: command (shell commands the agent ran or was told to run)
# ===========================================================================
G = "command"
_t(G, "psql-uri-inline-password", """
psql "postgresql://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩:5432/⟨db⟩?sslmode=require" -c "select count(*) from stories where published_at > now() - interval '1 day';"
""", "⟨dbhost⟩")
_t(G, "pgpassword-env-prefix-pg-dump", """
PGPASSWORD='⟦{pw}⟧' pg_dump -h ⟨dbhost⟩ -U ⟨user⟩ -Fc ⟨db⟩ > /tmp/⟨db⟩-⟨date⟩.dump
""", "pg_dump -h ⟨dbhost⟩")
_t(G, "mysql-p-attached-password", """
mysql -h ⟨dbhost⟩ -u wpvip_⟨user⟩ -p⟦{pwr}⟧ wp_⟨pubslug⟩ -e "SELECT option_value FROM wp_options WHERE option_name='siteurl';"
""", "wp_⟨pubslug⟩")
_t(G, "mysqldump-password-long-flag", """
mysqldump --host=⟨dbhost⟩ --user=⟨user⟩ --password=⟦{pw}⟧ --single-transaction --routines ⟨db⟩ | gzip > ~/backups/⟨db⟩-⟨datecompact⟩.sql.gz
""", "--host=⟨dbhost⟩")
_t(G, "curl-bearer-arc-content-api", """
curl -s -H "Authorization: Bearer ⟦{alnum:64}⟧" "https://api.⟨pubslug⟩.arcpublishing.com/content/v4/?website=⟨pubslug⟩&_id=⟨arcid⟩" | jq '.headlines.basic'
""", "_id=⟨arcid⟩")
_t(G, "curl-basic-wp-application-password", """
curl -u "⟨user⟩:⟦{wpapp}⟧" -X POST https://⟨domain⟩/wp-json/wp/v2/posts -H 'Content-Type: application/json' -d '{"title":"Live: ⟨city⟩ election night","status":"draft"}'
""", "https://⟨domain⟩/wp-json/wp/v2/posts")
_t(G, "export-env-piano-api-token", """
export PIANO_AID=⟨alnum10⟩
export PIANO_API_TOKEN=⟦{alnum:40}⟧
python3 scripts/piano_sync_terms.py --aid "$PIANO_AID" --dry-run
""", "PIANO_AID=⟨alnum10⟩")
_t(G, "docker-login-password-flag", """
docker login registry.⟨domain⟩ -u ⟨svc⟩ -p ⟦{pwr}⟧
""", "registry.⟨domain⟩")
_t(G, "git-clone-gitlab-oauth2-token-url", """
git clone https://oauth2:⟦{glpat}⟧@gitlab.⟨domain⟩/newsroom/elex-results.git ~/src/elex-results
""", "gitlab.⟨domain⟩/newsroom/elex-results.git")
_t(G, "kubectl-create-secret-from-literal-stripe", """
kubectl -n paywall create secret generic stripe-billing --from-literal=STRIPE_SECRET_KEY=⟦{sklive}⟧ --dry-run=client -o yaml | kubectl apply -f -
""", "kubectl -n paywall create secret generic stripe-billing")
_t(G, "heroku-config-set-sendgrid", """
heroku config:set SENDGRID_API_KEY=⟦{sg}⟧ -a ⟨pubslug⟩-newsletters
""", "-a ⟨pubslug⟩-newsletters")
_t(G, "gh-secret-set-body-flag", """
gh secret set AP_ELECTIONS_API_KEY --body "⟦{alnum:32}⟧" --repo ⟨pubslug⟩/elex-live
""", "AP_ELECTIONS_API_KEY")
_t(G, "wp-cli-user-create-user-pass", """
wp user create ⟨user⟩ ⟨email⟩ --role=editor --user_pass='⟦{pw}⟧' --url=https://⟨domain⟩ --skip-email
""", "wp user create ⟨user⟩")
_t(G, "wp-cli-config-set-db-password", """
cd /var/www/⟨pubslug⟩ && wp config set DB_PASSWORD '⟦{pwr}⟧' --type=constant && wp db check
""", "wp config set DB_PASSWORD")
_t(G, "redis-cli-a-flag", """
redis-cli -h ⟨redishost⟩ -p 6379 -a '⟦{pwr}⟧' --no-auth-warning --scan --pattern 'liveblog:⟨slug⟩:*'
""", "⟨redishost⟩")
_t(G, "sshpass-ssh-tail-ghost-log", """
sshpass -p '⟦{pw}⟧' ssh -o StrictHostKeyChecking=no ⟨user⟩@⟨ip⟩ 'tail -n 200 /var/www/ghost/content/logs/https___⟨pubslug⟩_production.error.log'
""", "⟨user⟩@⟨ip⟩")
_t(G, "openssl-enc-pass-pass-colon", """
openssl enc -aes-256-cbc -pbkdf2 -salt -in tips-export-⟨date⟩.csv -out tips-export-⟨date⟩.csv.enc -pass pass:⟦{phrased}⟧
""", "tips-export-⟨date⟩.csv")
_t(G, "gpg-batch-passphrase-decrypt-tip", """
gpg --batch --pinentry-mode loopback --passphrase '⟦{phrase}⟧' -o tip-⟨hex8⟩.txt -d securedrop-submission-⟨hex8⟩.msg.gpg
""", "securedrop-submission-⟨hex8⟩.msg.gpg")
_t(G, "htpasswd-batch-embargo-preview", """
sudo htpasswd -b /etc/nginx/.htpasswd-embargo ⟨user⟩ ⟦{pw}⟧ && sudo nginx -s reload
""", "/etc/nginx/.htpasswd-embargo")
_t(G, "mongosh-srv-uri-comments", """
mongosh "mongodb+srv://⟨svc⟩:⟦{pwur}⟧@comments.⟨lower5⟩.mongodb.net/moderation" --eval 'db.flags.countDocuments({status:"pending"})'
""", "comments.⟨lower5⟩.mongodb.net")
_t(G, "aws-configure-set-secret-access-key", """
aws configure set aws_access_key_id ⟨akid⟩ --profile photo-desk
aws configure set aws_secret_access_key ⟦{awssk}⟧ --profile photo-desk
""", "--profile photo-desk")
_t(G, "ffmpeg-rtmp-youtube-stream-key", """
ffmpeg -re -i studio-⟨city⟩-results.m3u8 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv rtmp://a.rtmp.youtube.com/live2/⟦{ytkey}⟧
""", "rtmp://a.rtmp.youtube.com/live2/")
_t(G, "stripe-cli-api-key-flag", """
stripe subscriptions list --limit 20 --status past_due --api-key ⟦{rklive}⟧
""", "stripe subscriptions list")
_t(G, "npm-config-set-authtoken-github-packages", """
npm config set //npm.pkg.github.com/:_authToken ⟦{ghp}⟧ && npm i @⟨pubslug⟩/story-card
""", "@⟨pubslug⟩/story-card")
_t(G, "twine-upload-token-password", """
twine upload --repository-url https://pypi.⟨domain⟩/simple/ -u __token__ -p ⟦pypi-AgEIcHlwaS5vcmc{b64u:70}⟧ dist/newsroom_nlp-⟨version⟩*
""", "-u __token__")
_t(G, "helm-repo-add-password", """
helm repo add newsroom-charts https://charts.⟨domain⟩ --username ⟨svc⟩ --password ⟦{pwr}⟧
""", "newsroom-charts")
_t(G, "vault-kv-put-inline-value", """
vault kv put secret/elex/ap api_key=⟦{alnum:32}⟧ feed=national level=ru
""", "secret/elex/ap")
_t(G, "docker-run-env-disqus-secret", """
docker run -d --name comments-sync -e DISQUS_FORUM=⟨pubslug⟩ -e DISQUS_SECRET_KEY=⟦{alnum:64}⟧ ghcr.io/⟨pubslug⟩/comments-sync:⟨version⟩
""", "DISQUS_FORUM=⟨pubslug⟩")
_t(G, "sqlcmd-capital-p-password", """
sqlcmd -S ⟨host⟩,1433 -U sa_reporting -P '⟦{pw}⟧' -d Subscriptions -Q "SELECT TOP 10 plan_code, COUNT(*) FROM dbo.Churn GROUP BY plan_code"
""", "-d Subscriptions")
_t(G, "ldapsearch-bind-w-password", """
ldapsearch -x -H ldaps://ldap.⟨domain⟩ -D "cn=cms-bind,ou=svc,dc=⟨pubslug⟩,dc=com" -w '⟦{pw}⟧' "(uid=⟨user⟩)" mail memberOf
""", "cn=cms-bind,ou=svc")
_t(G, "lftp-user-comma-password", """
lftp -u ⟨user⟩,⟦{pw}⟧ sftp://ftp.⟨domain2⟩ -e "mirror --reverse ./print-pdfs /incoming/⟨datecompact⟩; bye"
""", "sftp://ftp.⟨domain2⟩")
_t(G, "wget-http-password-flag", """
wget --http-user=⟨user⟩ --http-password=⟦{pw}⟧ -O wires-latest.zip https://wires.⟨domain2⟩/feeds/nitf/latest.zip
""", "--http-user=⟨user⟩")
_t(G, "httpie-auth-flag", """
http -a ⟨user⟩:⟦{pwu}⟧ GET https://syndication.⟨domain⟩/v2/partners/⟨n⟩/articles since==⟨date⟩
""", "syndication.⟨domain⟩")
_t(G, "curl-form-client-credentials", """
curl -s -X POST https://auth.⟨domain2⟩/oauth2/token \\
  -d grant_type=client_credentials \\
  -d client_id=⟨uuid⟩ \\
  -d client_secret=⟦{b64u:40}⟧ | jq -r .access_token > /tmp/wire.tok
""", "client_id=⟨uuid⟩")
_t(G, "curl-chartbeat-apikey-query", """
curl -s "https://api.chartbeat.com/live/toppages/v3/?apikey=⟦{hex:32}⟧&host=⟨domain⟩&limit=20" | jq '.pages[].title'
""", "host=⟨domain⟩")
_t(G, "curl-mailgun-api-user", """
curl -s --user 'api:⟦key-{hex:32}⟧' https://api.eu.mailgun.net/v3/mg.⟨domain⟩/messages \\
  -F from='Morning Briefing <briefing@⟨domain⟩>' -F to=⟨email⟩ -F subject='Test send ⟨date⟩' -F text='ping'
""", "mg.⟨domain⟩")
_t(G, "rclone-config-create-wasabi", """
rclone config create photo-archive s3 provider=Wasabi access_key_id=⟨upper20⟩ secret_access_key=⟦{upper:40}⟧ endpoint=s3.eu-central-1.wasabisys.com
""", "photo-archive")
_t(G, "az-storage-account-key-flag", """
az storage blob upload-batch -d video-renditions -s ./out/⟨slug⟩ --account-name ⟨pubslug⟩media --account-key '⟦{azkey}⟧'
""", "--account-name ⟨pubslug⟩media")
_t(G, "gcloud-secrets-create-echo-pipe", """
echo -n '⟦{b64u:48}⟧' | gcloud secrets create brightspot-api-client-secret --data-file=- --project ⟨pubslug⟩-cms
""", "brightspot-api-client-secret")
_t(G, "vercel-deploy-token-flag", """
vercel deploy --prod --token ⟦{alnum:24}⟧ --scope ⟨pubslug⟩-digital --yes
""", "--scope ⟨pubslug⟩-digital")
_t(G, "netlify-deploy-auth-flag", """
netlify deploy --prod --dir=dist --site ⟨uuid⟩ --auth ⟦nfp_{alnum:36}⟧
""", "--site ⟨uuid⟩")
_t(G, "fly-secrets-set-ghost-admin-key", """
fly secrets set GHOST_ADMIN_API_KEY=⟦{ghostadmin}⟧ GHOST_URL=https://⟨domain⟩ -a ⟨pubslug⟩-newsletter-worker
""", "GHOST_URL=https://⟨domain⟩")
_t(G, "ansible-playbook-extra-vars-password", """
ansible-playbook deploy-ghost.yml -i inventories/prod -e "mysql_root_password=⟦{pwr}⟧ ghost_url=https://⟨domain⟩" --limit ⟨hostshort⟩
""", "deploy-ghost.yml")
_t(G, "terraform-apply-var-flag", """
terraform apply -var="fastly_api_key=⟦{b64u:32}⟧" -var="service_name=⟨pubslug⟩-edge" -auto-approve
""", "service_name=⟨pubslug⟩-edge")
_t(G, "echo-pipe-sudo-s", """
echo "⟦{pw}⟧" | sudo -S systemctl restart arc-sync@⟨env⟩.service
""", "systemctl restart arc-sync@⟨env⟩.service")
_t(G, "smbclient-user-percent-password", """
smbclient //nas01.⟨domain⟩/PhotoDesk -U 'NEWSROOM\\⟨user⟩%⟦{pw}⟧' -c 'cd 2024/⟨n⟩; ls'
""", "//nas01.⟨domain⟩/PhotoDesk")
_t(G, "printf-append-git-credentials", """
printf 'https://⟨user⟩:⟦{ghp}⟧@github.com\\n' >> ~/.git-credentials && git config --global credential.helper store
""", "credential.helper store")
_t(G, "kcat-sasl-password-flag", """
kcat -b kafka.⟨domain⟩:9093 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 -X sasl.username=⟨svc⟩ -X sasl.password=⟦{pwr}⟧ -t breaking-alerts -P -l alert.json
""", "-t breaking-alerts")
_t(G, "psql-conninfo-keyword-password", """
psql "host=⟨dbhost⟩ port=5432 dbname=⟨db⟩ user=⟨user⟩ password=⟦{pw}⟧ sslmode=verify-full" -f migrations/041_add_paywall_meter.sql
""", "dbname=⟨db⟩")
_t(G, "heredoc-write-env-production", """
cat > .env.production <<'ENV'
NODE_ENV=production
PIANO_AID=⟨alnum10⟩
PIANO_API_TOKEN=⟦{alnum:40}⟧
ENV
""", ".env.production")
_t(G, "python-script-api-key-flag", """
python3 scripts/backfill_syndication.py --partner ⟨pubslug2⟩ --since ⟨date⟩ --api-key ⟦{hex:40}⟧ --batch 500
""", "--partner ⟨pubslug2⟩")
_t(G, "node-script-positional-purge-token", """
# usage: node tools/purge-cache.js <fastly-api-token> <path>
node tools/purge-cache.js ⟦{b64u:32}⟧ /politics/⟨slug⟩
""", "/politics/⟨slug⟩")
_t(G, "openssl-pkcs12-passout", """
openssl pkcs12 -export -in cms.crt -inkey cms.key -out cms-⟨env⟩.p12 -name cms -passout pass:⟦{pwr}⟧
""", "cms-⟨env⟩.p12")
_t(G, "keytool-srcstorepass", """
keytool -importkeystore -srckeystore cms.p12 -srcstoretype PKCS12 -destkeystore brightspot.jks -srcstorepass ⟦{pw}⟧ -deststorepass:env JKS_PASS
""", "brightspot.jks")
_t(G, "ghost-cli-install-dbpass", """
ghost install --db mysql --dbhost ⟨dbhost⟩ --dbuser ghost --dbpass '⟦{pw}⟧' --dbname ghost_prod --url https://newsletter.⟨domain⟩ --no-prompt
""", "https://newsletter.⟨domain⟩")
_t(G, "curl-telegram-bot-token-in-path", """
curl -s "https://api.telegram.org/bot⟦{tg}⟧/sendMessage" -d chat_id=-100⟨digits10⟩ -d text="Polls closed in ⟨city⟩ — live blog: https://⟨domain⟩/live/⟨slug⟩"
""", "chat_id=-100⟨digits10⟩")
_t(G, "curl-slack-incoming-webhook", """
curl -X POST -H 'Content-type: application/json' --data '{"text":"Wire ingest lag > 5 min on ⟨hostshort⟩"}' https://hooks.slack.com/services/T⟨upper9⟩/B⟨upper11⟩/⟦{alnum:24}⟧
""", "https://hooks.slack.com/services/T⟨upper9⟩/B⟨upper11⟩/")
_t(G, "env-prefix-aws-secret-s3-sync", """
AWS_ACCESS_KEY_ID=⟨akid⟩ AWS_SECRET_ACCESS_KEY=⟦{awssk}⟧ aws s3 sync ./originals s3://⟨bucket⟩/⟨date⟩/ --exclude '*.tmp'
""", "s3://⟨bucket⟩/⟨date⟩/")
_t(G, "mc-alias-set-minio-dam", """
mc alias set dam https://dam-s3.⟨domain⟩ ⟨svc⟩ ⟦{alnum:40}⟧ --api S3v4
""", "https://dam-s3.⟨domain⟩")
_t(G, "restic-password-env-prefix", """
RESTIC_PASSWORD='⟦{phrased}⟧' restic -r s3:s3.⟨region⟩.amazonaws.com/⟨bucket⟩ backup /srv/dam --tag nightly
""", "backup /srv/dam")
_t(G, "docker-build-arg-npm-token", """
docker build --build-arg NPM_TOKEN=⟦{npm}⟧ -t ghcr.io/⟨pubslug⟩/frontend:⟨sha7⟩ .
""", "ghcr.io/⟨pubslug⟩/frontend:⟨sha7⟩")
_t(G, "curl-openai-bearer-summarize", """
curl https://api.openai.com/v1/chat/completions -H "Authorization: Bearer ⟦{oai}⟧" -H "Content-Type: application/json" -d @prompts/summarize-⟨slug⟩.json
""", "prompts/summarize-⟨slug⟩.json")
_t(G, "curl-anthropic-x-api-key-header", """
curl https://api.anthropic.com/v1/messages -H "x-api-key: ⟦{ant}⟧" -H "anthropic-version: 2023-06-01" -H "content-type: application/json" -d @headline-variants.json
""", "headline-variants.json")
_t(G, "mongodump-uri-password", """
mongodump --uri="mongodb://⟨svc⟩:⟦{pwur}⟧@⟨ip⟩:27017/comments?authSource=admin" --gzip --archive=comments-⟨datecompact⟩.gz
""", "comments-⟨datecompact⟩.gz")
_t(G, "wp-vip-cli-env-token-prefix", """
VIP_TOKEN=⟦{hex:64}⟧ vip @⟨pubslug⟩.production -- wp cache flush --skip-plugins
""", "@⟨pubslug⟩.production")

# ===========================================================================
# SECRETS — group: tool-output (what commands printed back)
# ===========================================================================
G = "tool-output"
_t(G, "env-grep-output-arc-token", """
$ env | grep -i ^ARC_
ARC_ORG=⟨pubslug⟩
ARC_ENV=sandbox
ARC_ACCESS_TOKEN=⟦{alnum:64}⟧
ARC_CONTENT_BASE=https://api.sandbox.⟨pubslug⟩.arcpublishing.com
""", "ARC_ORG=⟨pubslug⟩")
_t(G, "kubectl-get-secret-yaml-base64-data", """
$ kubectl -n newsletter get secret mailchimp -o yaml
apiVersion: v1
data:
  MAILCHIMP_API_KEY: ⟦{b64tok:40}⟧
kind: Secret
metadata:
  creationTimestamp: "⟨ts⟩"
  name: mailchimp
  namespace: newsletter
  uid: ⟨uuid⟩
type: Opaque
""", "namespace: newsletter")
_t(G, "heroku-config-database-url", """
$ heroku config -a ⟨pubslug⟩-paywall
=== ⟨pubslug⟩-paywall Config Vars
DATABASE_URL:          postgres://u⟨lower13⟩:⟦p{hex:64}⟧@ec2-⟨ipdash⟩.compute-1.amazonaws.com:5432/d⟨lower13b⟩
NODE_ENV:              production
PAPERTRAIL_API_TOKEN:  (see 1Password)
""", "=== ⟨pubslug⟩-paywall Config Vars")
_t(G, "aws-iam-create-access-key-json", """
$ aws iam create-access-key --user-name svc-photo-ingest
{
    "AccessKey": {
        "UserName": "svc-photo-ingest",
        "AccessKeyId": "⟨akid⟩",
        "Status": "Active",
        "SecretAccessKey": "⟦{awssk}⟧",
        "CreateDate": "⟨ts⟩"
    }
}
""", "svc-photo-ingest")
_t(G, "vault-kv-get-table", """
$ vault kv get secret/elex/ftp
====== Secret Path ======
secret/data/elex/ftp

======= Metadata =======
Key                Value
---                -----
created_time       ⟨ts⟩
version            ⟨n⟩

====== Data ======
Key         Value
---         -----
password    ⟦{pw}⟧
username    ⟨svc⟩
""", "secret/data/elex/ftp")
_t(G, "docker-inspect-env-array", """
$ docker inspect newsletter-worker --format '{{json .Config.Env}}' | jq .
[
  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  "NODE_VERSION=20.11.1",
  "SAILTHRU_API_SECRET=⟦{hex:32}⟧",
  "LIST_NAME=Morning Briefing"
]
""", "NODE_VERSION=20.11.1")
_t(G, "cat-dotenv-ghost-admin-key", """
$ cat .env
GHOST_URL=https://⟨domain⟩
GHOST_CONTENT_API_KEY=⟨hex26⟩
GHOST_ADMIN_API_KEY=⟦{ghostadmin}⟧
NEWSLETTER_SLUG=the-briefing
""", "GHOST_URL=https://⟨domain⟩")
_t(G, "git-config-list-remote-token-url", """
$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://x-access-token:⟦ghs_{alnum:36}⟧@github.com/⟨pubslug⟩/cms-theme.git
file:.git/config	remote.upstream.url=git@github.com:⟨pubslug⟩/cms-theme-base.git
""", "⟨pubslug⟩/cms-theme-base.git")
_t(G, "terraform-output-json-sensitive-value", """
$ terraform output -json
{
  "db_endpoint": {"sensitive": false, "type": "string", "value": "⟨dbhost⟩:5432"},
  "db_password": {"sensitive": true, "type": "string", "value": "⟦{pwr}⟧"}
}
""", "⟨dbhost⟩:5432")
_t(G, "gh-auth-status-show-token", """
$ gh auth status --show-token
github.com
  ✓ Logged in to github.com account ⟨user⟩ (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: ⟦gho_{alnum:36}⟧
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""", "Logged in to github.com account ⟨user⟩")
_t(G, "npm-config-list-authtoken-line", """
$ npm config list
; "user" config from /home/⟨user⟩/.npmrc

//registry.npmjs.org/:_authToken = "⟦{npm}⟧"
@⟨pubslug⟩:registry = "https://registry.npmjs.org/"

; node bin location = /usr/local/bin/node
""", "@⟨pubslug⟩:registry")
_t(G, "ps-aux-command-line-password", """
$ ps aux | grep ingest
⟨svc⟩  ⟨pid⟩  2.1  1.4 812344 118232 ?  Sl   ⟨time⟩  12:41 python3 ingest.py --wire afp --user ⟨user⟩ --password ⟦{pw}⟧ --out /srv/wire/in
⟨user2⟩   ⟨pid2⟩  0.0  0.0   6432   720 pts/0 S+  ⟨time⟩   0:00 grep ingest
""", "python3 ingest.py --wire afp")
_t(G, "history-output-export-line", """
$ history | tail -4
  512  cd ~/src/elex
  513  export AP_API_KEY=⟦{alnum:32}⟧
  514  python -m elex results 2024-11-05 --national-only -o json > results.json
  515  history | tail -4
""", "python -m elex results")
_t(G, "gcloud-print-access-token-output", """
$ gcloud auth print-access-token --impersonate-service-account=sheets-reader@⟨pubslug⟩-data.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
⟦{ya29}⟧
""", "sheets-reader@⟨pubslug⟩-data.iam.gserviceaccount.com")
_t(G, "az-account-get-access-token-json", """
$ az account get-access-token --resource https://storage.azure.com
{
  "accessToken": "⟦{jwt}⟧",
  "expiresOn": "2024-⟨n⟩-12 22:14:01.000000",
  "subscription": "⟨uuid⟩",
  "tenant": "⟨uuid2⟩",
  "tokenType": "Bearer"
}
""", "https://storage.azure.com")
_t(G, "vercel-env-pull-then-cat", """
$ vercel env pull .env.local
Downloading `development` Environment Variables for Project ⟨pubslug⟩-web
✅  Created .env.local file  [412ms]
$ cat .env.local
# Created by Vercel CLI
PIANO_PRIVATE_KEY="⟦{alnum:40}⟧"
VERCEL_ENV="development"
""", "⟨pubslug⟩-web")
_t(G, "op-item-get-fields-csv", """
$ op item get "WordPress VIP – ⟨pub⟩ admin" --fields label=username,label=password --reveal
⟨user⟩,⟦{pw}⟧
""", "WordPress VIP – ⟨pub⟩ admin")
_t(G, "security-find-generic-password-w", """
$ security find-generic-password -s "Brightspot CMS (⟨env⟩)" -a ⟨user⟩ -w
⟦{pw}⟧
""", "Brightspot CMS (⟨env⟩)")
_t(G, "pass-show-tipline-entry", """
$ pass show newsroom/tipline/securedrop-journalist-⟨first⟩
⟦{phrase}⟧
url: https://⟨lower16⟩.onion
note: 2FA is on the YubiKey in the safe
""", "newsroom/tipline/securedrop-journalist-⟨first⟩")
_t(G, "redis-config-get-requirepass", """
⟨redishost⟩:6379> CONFIG GET requirepass
1) "requirepass"
2) "⟦{pwr}⟧"
⟨redishost⟩:6379> DBSIZE
(integer) ⟨pid⟩
""", "CONFIG GET requirepass")
_t(G, "docker-compose-config-rendered", """
$ docker compose config
services:
  wordpress:
    environment:
      WORDPRESS_DB_HOST: db:3306
      WORDPRESS_DB_NAME: wp_⟨pubslug⟩
      WORDPRESS_DB_PASSWORD: ⟦{pw}⟧
      WORDPRESS_DB_USER: wp
    image: wordpress:6.4-php8.2-apache
""", "WORDPRESS_DB_NAME: wp_⟨pubslug⟩")
_t(G, "kubectl-describe-pod-env-block", """
$ kubectl -n cms describe pod brightspot-⟨lower10⟩-⟨lower5⟩
...
    Environment:
      JAVA_OPTS:                     -Xmx4g -XX:+UseG1GC
      BRIGHTSPOT_API_CLIENT_ID:      ⟨uuid⟩
      BRIGHTSPOT_API_CLIENT_SECRET:  ⟦{b64u:43}⟧
      DB_SECRET_NAME:                brightspot-db (secret)
""", "BRIGHTSPOT_API_CLIENT_ID:      ⟨uuid⟩")
_t(G, "stripe-config-list-test-key", """
$ stripe config --list
[default]
device_name = ⟨user⟩-mbp
display_name = '⟨pub⟩ Billing (test)'
test_mode_api_key = '⟦{sktest}⟧'
test_mode_key_expires_at = '2024-⟨n⟩-01'
""", "device_name = ⟨user⟩-mbp")
_t(G, "wp-option-get-mailchimp-json", """
$ wp option get mc4wp --format=json --url=https://⟨domain⟩
{"api_key":"⟦{mc}⟧","allow_usage_tracking":0,"debug_log_level":"warning"}
""", "--url=https://⟨domain⟩")
_t(G, "curl-verbose-basic-auth-request", """
$ curl -v https://feeds.⟨domain2⟩/elections/2024/results.json -o /dev/null
*   Trying ⟨pubip⟩:443...
* Connected to feeds.⟨domain2⟩ (⟨pubip⟩) port 443
> GET /elections/2024/results.json HTTP/2
> Host: feeds.⟨domain2⟩
> authorization: Basic ⟦{basic}⟧
> user-agent: curl/8.4.0
< HTTP/2 200
""", "GET /elections/2024/results.json")
_t(G, "httpie-oauth-token-response", """
$ http --form POST https://auth.⟨domain2⟩/oauth/token grant_type=client_credentials scope=content:read
HTTP/1.1 200 OK
Content-Type: application/json

{
    "access_token": "⟦{jwt}⟧",
    "expires_in": 3600,
    "scope": "content:read",
    "token_type": "Bearer"
}
""", "https://auth.⟨domain2⟩/oauth/token")
_t(G, "cat-netrc-output", """
$ cat ~/.netrc
machine api.⟨domain2⟩
  login ⟨user⟩
  password ⟦{pw}⟧
""", "machine api.⟨domain2⟩")
_t(G, "printenv-single-var", """
$ printenv CHARTBEAT_API_KEY
⟦{hex:32}⟧
$ printenv CHARTBEAT_HOST
⟨domain⟩
""", "CHARTBEAT_HOST")
_t(G, "docker-history-no-trunc-build-arg", """
$ docker history --no-trunc ghcr.io/⟨pubslug⟩/frontend:⟨sha7⟩ | head -3
IMAGE          CREATED       CREATED BY                                                              SIZE
sha256:⟨hex64⟩   2 hours ago   RUN |1 NPM_TOKEN=⟦{npm}⟧ /bin/sh -c npm ci --omit=dev    212MB
<missing>      2 hours ago   ARG NPM_TOKEN                                                           0B
""", "ghcr.io/⟨pubslug⟩/frontend:⟨sha7⟩")
_t(G, "jq-social-secrets-json", """
$ jq . secrets/social.json
{
  "page_id": "⟨digits15⟩",
  "facebook_page_token": "⟦EAAG{alnum:180}⟧",
  "graph_version": "v19.0"
}
""", '"page_id": "⟨digits15⟩"')
_t(G, "pm2-env-table-bearer", """
$ pm2 env 3
│ name                 │ social-listening                 │
│ TWITTER_BEARER_TOKEN │ ⟦{twbearer}⟧ │
│ KEYWORDS             │ ⟨city⟩,election,recount          │
""", "social-listening")
_t(G, "systemctl-show-environment", """
$ systemctl show ghost_⟨pubslug⟩ -p Environment
Environment=NODE_ENV=production database__connection__user=ghost database__connection__password=⟦{pw}⟧ url=https://⟨domain⟩
""", "url=https://⟨domain⟩")
_t(G, "sops-decrypt-output-yaml", """
$ sops -d secrets/prod.enc.yaml
piano:
    aid: ⟨alnum10⟩
    api_token: ⟦{alnum:40}⟧
    sandbox: false
""", "aid: ⟨alnum10⟩")
_t(G, "ansible-vault-view-output", """
$ ansible-vault view group_vars/prod/vault.yml
Vault password:
vault_smtp_user: alerts@⟨domain⟩
vault_smtp_password: "⟦{pw}⟧"
""", "vault_smtp_user: alerts@⟨domain⟩")
_t(G, "grep-rn-hit-yaml-api-key", """
$ grep -rn "api_key" config/
config/syndication.yml:14:  api_key: ⟦{hex:40}⟧
config/syndication.yml:15:  partner: ⟨pubslug2⟩
config/README.md:3:Set api_key per partner, never commit it.
""", "config/syndication.yml:15:  partner: ⟨pubslug2⟩")
_t(G, "django-shell-settings-databases-repr", """
>>> from django.conf import settings
>>> settings.DATABASES["default"]
{'ENGINE': 'django.db.backends.postgresql', 'NAME': '⟨db⟩', 'USER': '⟨user⟩', 'PASSWORD': '⟦{pw}⟧', 'HOST': '⟨dbhost⟩', 'PORT': 5432, 'CONN_MAX_AGE': 60}
""", "'HOST': '⟨dbhost⟩'")
_t(G, "rails-credentials-show-secret-key-base", """
$ bin/rails credentials:show --environment production
secret_key_base: ⟦{hex:128}⟧
stripe:
  publishable_key: pk_live_⟨alnum24⟩
  price_ids: [price_⟨alnum14⟩]
""", "credentials:show --environment production")
_t(G, "kubectl-get-configmap-leaked-pass", """
$ kubectl -n alerts get cm mailer -o jsonpath='{.data}' | jq .
{
  "SMTP_HOST": "smtp.⟨domain⟩",
  "SMTP_PORT": "587",
  "SMTP_PASS": "⟦{pw}⟧",
  "SMTP_USER": "alerts"
}
""", '"SMTP_HOST": "smtp.⟨domain⟩"')
_t(G, "cat-docker-config-json-auth", """
$ cat ~/.docker/config.json
{
	"auths": {
		"registry.⟨domain⟩": {
			"auth": "⟦{basic}⟧"
		}
	},
	"credsStore": ""
}
""", "registry.⟨domain⟩")
_t(G, "cat-pgpass-output", """
$ cat ~/.pgpass
⟨dbhost⟩:5432:⟨db⟩:⟨user⟩:⟦{pw}⟧
localhost:5432:*:postgres:*
""", "⟨dbhost⟩:5432:⟨db⟩:⟨user⟩:")
_t(G, "cat-openssh-private-key-file", """
$ cat ~/.ssh/deploy_⟨pubslug⟩
-----BEGIN OPENSSH PRIVATE KEY-----
⟦{pem_ssh}⟧
-----END OPENSSH PRIVATE KEY-----
""", "-----BEGIN OPENSSH PRIVATE KEY-----")
_t(G, "gpg-export-secret-keys-armor", """
$ gpg --export-secret-keys --armor tips@⟨domain⟩
-----BEGIN PGP PRIVATE KEY BLOCK-----

⟦{pem_pgp}⟧
-----END PGP PRIVATE KEY BLOCK-----
""", "gpg --export-secret-keys --armor tips@⟨domain⟩")
_t(G, "aws-secretsmanager-get-secret-value-json", """
$ aws secretsmanager get-secret-value --secret-id prod/paywall/zuora
{
    "ARN": "arn:aws:secretsmanager:⟨region⟩:⟨digits12⟩:secret:prod/paywall/zuora-⟨alnum6⟩",
    "Name": "prod/paywall/zuora",
    "VersionId": "⟨uuid⟩",
    "SecretString": "{\\"client_id\\":\\"⟨uuid2⟩\\",\\"client_secret\\":\\"⟦{b64u:40}⟧\\"}",
    "CreatedDate": "⟨ts⟩"
}
""", "prod/paywall/zuora")
_t(G, "gcloud-secrets-versions-access-output", """
$ gcloud secrets versions access latest --secret=ap-elections-key --project=⟨pubslug⟩-data
⟦{alnum:32}⟧
""", "--secret=ap-elections-key")
_t(G, "doppler-secrets-get-plain", """
$ doppler secrets get SENDGRID_KEY --plain -p newsletter -c prd
⟦{sg}⟧
""", "-p newsletter -c prd")
_t(G, "heroku-pg-credentials-conninfo", """
$ heroku pg:credentials:url DATABASE -a ⟨pubslug⟩-comments
Connection information for default credential.
Connection info string:
   "dbname=d⟨lower13⟩ host=ec2-⟨ipdash⟩.eu-west-1.compute.amazonaws.com port=5432 user=u⟨lower13b⟩ password=⟦p{hex:64}⟧ sslmode=require"
""", "-a ⟨pubslug⟩-comments")
_t(G, "firebase-functions-config-get", """
$ firebase functions:config:get
{
  "algolia": {
    "app_id": "⟨upper10⟩",
    "admin_key": "⟦{hex:32}⟧",
    "index": "articles_prod"
  }
}
""", "articles_prod")
_t(G, "cat-sentryclirc", """
$ cat ~/.sentryclirc
[defaults]
org = ⟨pubslug⟩
project = newsroom-web

[auth]
token=⟦{sntrys}⟧
""", "project = newsroom-web")
_t(G, "rclone-config-show-section", """
$ rclone config show photo-archive
[photo-archive]
type = s3
provider = Wasabi
access_key_id = ⟨upper20⟩
secret_access_key = ⟦{upper:40}⟧
endpoint = s3.eu-central-1.wasabisys.com
""", "[photo-archive]")
_t(G, "aws-s3-presign-output-signature", """
$ aws s3 presign s3://⟨bucket⟩/embargoed/⟨slug⟩.jpg --expires-in 3600
https://⟨bucket⟩.s3.⟨region⟩.amazonaws.com/embargoed/⟨slug⟩.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟨akid⟩%2F⟨datecompact⟩%2F⟨region⟩%2Fs3%2Faws4_request&X-Amz-Date=⟨datecompact⟩T⟨hhmmss⟩Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦{hex:64}⟧
""", "embargoed/⟨slug⟩.jpg")
_t(G, "gsutil-signurl-table-output", """
$ gsutil signurl -d 2h sa.json gs://⟨bucket⟩/audio/⟨slug⟩.mp3
URL	HTTP Method	Expiration	Signed URL
gs://⟨bucket⟩/audio/⟨slug⟩.mp3	GET	⟨date⟩ 23:14:02	https://storage.googleapis.com/⟨bucket⟩/audio/⟨slug⟩.mp3?x-goog-signature=⟦{hex:512}⟧&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=signer%40⟨pubslug⟩-audio.iam.gserviceaccount.com%2F⟨datecompact⟩%2Fauto%2Fstorage%2Fgoog4_request&x-goog-date=⟨datecompact⟩T⟨hhmmss⟩Z&x-goog-expires=7200&x-goog-signedheaders=host
""", "gs://⟨bucket⟩/audio/⟨slug⟩.mp3")
_t(G, "az-storage-generate-sas-tsv", """
$ az storage blob generate-sas --account-name ⟨pubslug⟩media -c renditions -n ⟨slug⟩_720p.mp4 --permissions r --expiry 2024-12-31T00:00Z -o tsv
se=2024-12-31T00%3A00Z&sp=r&sv=2022-11-02&sr=b&sig=⟦{sasig}⟧
""", "--account-name ⟨pubslug⟩media")
_t(G, "cat-ngrok-yml-authtoken", """
$ cat ~/.config/ngrok/ngrok.yml
version: "2"
authtoken: ⟦2{alnum:26}_{alnum:21}⟧
tunnels:
  liveblog-preview:
    proto: http
    addr: ⟨port⟩
""", "liveblog-preview")
_t(G, "cat-twilio-cli-config-json", """
$ cat ~/.twilio-cli/config.json
{
  "profiles": {
    "tipline": {
      "accountSid": "AC⟨hex32⟩",
      "apiKey": "SK⟨hex32b⟩",
      "apiSecret": "⟦{alnum:32}⟧",
      "region": "ie1"
    }
  }
}
""", '"tipline"')
_t(G, "httpie-print-request-headers-x-api-key", """
$ http --print=H GET https://api.⟨domain2⟩/v1/items since==⟨date⟩ X-Api-Key:⟦{alnum:40}⟧
GET /v1/items?since=⟨date⟩ HTTP/1.1
Accept: */*
Accept-Encoding: gzip, deflate
Host: api.⟨domain2⟩
User-Agent: HTTPie/3.2.2
X-Api-Key: ⟦=⟧
""", "Host: api.⟨domain2⟩")
_t(G, "git-diff-added-password-line", """
$ git diff config/wire.yml
diff --git a/config/wire.yml b/config/wire.yml
index ⟨sha7⟩..⟨sha7b⟩ 100644
--- a/config/wire.yml
+++ b/config/wire.yml
@@ -3,4 +3,4 @@ afp:
   endpoint: https://wire.⟨domain2⟩/v3
-  password: ${AFP_PASSWORD}
+  password: ⟦{pw}⟧
   user: ⟨user⟩
""", "endpoint: https://wire.⟨domain2⟩/v3")
_t(G, "gitleaks-report-json-finding", """
$ gitleaks detect --report-format json --report-path - | jq '.[0]'
{
  "Description": "Generic API Key",
  "File": "scripts/sync_comments.py",
  "StartLine": 12,
  "Match": "DISQUS_SECRET = \\"⟦{alnum:64}⟧\\"",
  "Secret": "⟦=⟧",
  "Commit": "⟨sha⟩",
  "Author": "⟨person⟩"
}
""", "scripts/sync_comments.py")
_t(G, "kubectl-jsonpath-base64-decode", """
$ kubectl -n cms get secret ghost-db -o jsonpath='{.data.password}' | base64 -d; echo
⟦{pw}⟧
""", "get secret ghost-db")
_t(G, "grep-wp-config-db-defines", """
$ grep -n "DB_" /var/www/⟨pubslug⟩/wp-config.php
23:define( 'DB_NAME', 'wp_⟨pubslug⟩' );
26:define( 'DB_USER', '⟨user⟩' );
29:define( 'DB_PASSWORD', '⟦{pw}⟧' );
32:define( 'DB_HOST', '⟨dbhost⟩' );
""", "define( 'DB_HOST', '⟨dbhost⟩' );")
_t(G, "pip-config-list-index-url-creds", """
$ pip config list
global.extra-index-url='https://⟨user⟩:⟦{pwur}⟧@pypi.⟨domain⟩/simple'
global.timeout='60'
""", "pypi.⟨domain⟩/simple")
_t(G, "cat-composer-auth-json", """
$ cat ~/.composer/auth.json
{
    "http-basic": {
        "wpackagist.⟨domain⟩": {
            "username": "⟨svc⟩",
            "password": "⟦{pwr}⟧"
        }
    }
}
""", "wpackagist.⟨domain⟩")
_t(G, "dropbox-oauth-token-response", """
$ python3 photo_uploader.py --auth
Visit https://www.dropbox.com/oauth2/authorize?client_id=⟨lower15⟩&response_type=code and paste the code: ********
{"access_token": "⟦sl.{b64u:140}⟧", "token_type": "bearer", "expires_in": 14400, "uid": "⟨digits10⟩", "account_id": "dbid:⟨b64u40⟩"}
""", "photo_uploader.py --auth")
_t(G, "mysql-select-user-settings-row", """
mysql> SELECT name, value FROM app_settings WHERE name LIKE 'wire_%';
+----------------+----------------------------------+
| name           | value                            |
+----------------+----------------------------------+
| wire_endpoint  | https://wire.⟨domain2⟩/v2         |
| wire_password  | ⟦{pw}⟧ |
| wire_user      | ⟨user⟩                            |
+----------------+----------------------------------+
""", "wire_endpoint")
_t(G, "python-repl-os-environ-lookup", """
>>> import os
>>> os.environ["PARSELY_API_SECRET"]
'⟦{b64u:43}⟧'
>>> os.environ["PARSELY_APIKEY"]
'⟨domain⟩'
""", "PARSELY_APIKEY")
_t(G, "node-repl-process-env-object", """
> Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("CORAL_")))
{
  CORAL_TENANT: '⟨pubslug⟩',
  CORAL_SIGNING_SECRET: '⟦{b64b:48}⟧',
  CORAL_ORIGIN: 'https://comments.⟨domain⟩'
}
""", "CORAL_TENANT: '⟨pubslug⟩'")

# ===========================================================================
# SECRETS — group: config-file (excerpts of files the agent opened)
# ===========================================================================
G = "config-file"
_t(G, "dotenv-arc-xp-access-token", """
# .env.local — Arc XP content sync (sandbox)
ARC_ORG=⟨pubslug⟩
ARC_CONTENT_BASE=https://api.sandbox.⟨pubslug⟩.arcpublishing.com
ARC_ACCESS_TOKEN=⟦{alnum:64}⟧
SYNC_WEBSITES=⟨pubslug⟩,⟨pubslug⟩-es
""", "ARC_ORG=⟨pubslug⟩")
_t(G, "wp-config-auth-key-salt", """
/**#@+
 * Authentication unique keys and salts.
 */
define( 'AUTH_KEY',         '⟦{wpsalt}⟧' );
// SECURE_AUTH_KEY, LOGGED_IN_KEY, NONCE_KEY and the salts are injected by VIP from vip-config.php
/**#@-*/
""", "define( 'AUTH_KEY',")
_t(G, "docker-compose-mysql-root-password", """
services:
  db:
    image: mariadb:10.11
    environment:
      MYSQL_DATABASE: wp_⟨pubslug⟩
      MYSQL_USER: wp
      MYSQL_ROOT_PASSWORD: "⟦{pwr}⟧"
    volumes:
      - dbdata:/var/lib/mysql
""", "MYSQL_DATABASE: wp_⟨pubslug⟩")
_t(G, "django-settings-secret-key", """
# newsroom_tools/settings/production.py
DEBUG = False
ALLOWED_HOSTS = ["tools.⟨domain⟩"]
SECRET_KEY = "⟦{djsecret}⟧"
""", "tools.⟨domain⟩")
_t(G, "spring-application-yml-datasource", """
spring:
  datasource:
    url: jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩
    username: ⟨user⟩
    password: ⟦{pw}⟧
  jpa:
    open-in-view: false
""", "url: jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩")
_t(G, "appsettings-json-connection-string", """
{
  "ConnectionStrings": {
    "Subscriptions": "Server=tcp:⟨host⟩,1433;Database=Subscriptions;User ID=⟨user⟩;Password=⟦{pw}⟧;Encrypt=True;TrustServerCertificate=False;"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}
""", "Server=tcp:⟨host⟩,1433")
_t(G, "hugo-config-toml-newsletter-key", """
[params.newsletter]
  provider = "buttondown"
  list = "⟨pubslug⟩-weekly"
  api_key = "⟦{uuid}⟧"
""", "⟨pubslug⟩-weekly")
_t(G, "aws-credentials-ini-profile", """
# ~/.aws/credentials
[photo-desk]
aws_access_key_id = ⟨akid⟩
aws_secret_access_key = ⟦{awssk}⟧
region = ⟨region⟩
""", "[photo-desk]")
_t(G, "npmrc-scoped-registry-authtoken", """
@⟨pubslug⟩:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=⟦{ghp}⟧
always-auth=true
""", "@⟨pubslug⟩:registry=https://npm.pkg.github.com")
_t(G, "pypirc-internal-index", """
[distutils]
index-servers = internal

[internal]
repository = https://pypi.⟨domain⟩/
username = ⟨svc⟩
password = ⟦{pwr}⟧
""", "repository = https://pypi.⟨domain⟩/")
_t(G, "pgpass-line", """
# ~/.pgpass  (chmod 600)
⟨dbhost⟩:5432:*:⟨user⟩:⟦{pw}⟧
""", "⟨dbhost⟩:5432:*:⟨user⟩:")
_t(G, "my-cnf-client-section", """
[client]
user=⟨user⟩
password="⟦{pw}⟧"
host=⟨dbhost⟩
default-character-set=utf8mb4
""", "host=⟨dbhost⟩")
_t(G, "netrc-single-machine", """
machine syndication.⟨domain2⟩ login ⟨user⟩ password ⟦{pw}⟧
""", "machine syndication.⟨domain2⟩ login ⟨user⟩")
_t(G, "rclone-conf-sftp-obscured-pass", """
[photo-sftp]
type = sftp
host = ⟨host⟩
user = ⟨user⟩
pass = ⟦{b64u:32}⟧
shell_type = unix
""", "host = ⟨host⟩")
_t(G, "s3cfg-secret-key", """
[default]
access_key = ⟨akid⟩
secret_key = ⟦{awssk}⟧
host_base = s3.⟨region⟩.wasabisys.com
host_bucket = %(bucket)s.s3.⟨region⟩.wasabisys.com
""", "host_base = s3.⟨region⟩.wasabisys.com")
_t(G, "kubeconfig-user-token", """
users:
- name: newsroom-ci
  user:
    token: ⟦{jwt}⟧
contexts:
- context: {cluster: cms-⟨env⟩, user: newsroom-ci}
  name: cms-⟨env⟩
""", "name: newsroom-ci")
_t(G, "kubeconfig-client-key-data", """
users:
- name: ⟨user⟩@cms-⟨env⟩
  user:
    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCg==
    client-key-data: ⟦{b64pem_ec}⟧
""", "name: ⟨user⟩@cms-⟨env⟩")
_t(G, "ghost-config-production-json-mail-pass", """
  "mail": {
    "transport": "SMTP",
    "options": {
      "service": "Mailgun",
      "host": "smtp.eu.mailgun.org",
      "port": 465,
      "secure": true,
      "auth": {
        "user": "postmaster@mg.⟨domain⟩",
        "pass": "⟦{hex:32}-{hex:8}-{hex:8}⟧"
      }
    }
  },
""", "postmaster@mg.⟨domain⟩")
_t(G, "terraform-tfvars-cloudflare-token", """
# envs/prod/terraform.tfvars
zone_id              = "⟨hex32⟩"
cloudflare_api_token = "⟦{b64u:40}⟧"
site_domain          = "⟨domain⟩"
""", "site_domain          = \"⟨domain⟩\"")
_t(G, "hcl-provider-fastly-api-key", """
provider "fastly" {
  api_key = "⟦{b64u:32}⟧"
}

resource "fastly_service_vcl" "edge" {
  name = "⟨pubslug⟩-edge"
""", "resource \"fastly_service_vcl\" \"edge\"")
_t(G, "web-config-appsettings-add-key", """
<appSettings>
  <add key="PianoAid" value="⟨alnum10⟩" />
  <add key="PianoApiToken" value="⟦{alnum:40}⟧" />
  <add key="PianoEndpoint" value="https://api.piano.io/api/v3" />
</appSettings>
""", "<add key=\"PianoAid\" value=\"⟨alnum10⟩\" />")
_t(G, "maven-settings-xml-server-password", """
<servers>
  <server>
    <id>newsroom-releases</id>
    <username>⟨svc⟩</username>
    <password>⟦{pwr}⟧</password>
  </server>
</servers>
""", "<id>newsroom-releases</id>")
_t(G, "nuget-config-cleartextpassword", """
<packageSourceCredentials>
  <NewsroomFeed>
    <add key="Username" value="⟨user⟩" />
    <add key="ClearTextPassword" value="⟦{pw}⟧" />
  </NewsroomFeed>
</packageSourceCredentials>
""", "<add key=\"Username\" value=\"⟨user⟩\" />")
_t(G, "java-properties-jdbc-password", """
# brightspot/context.properties
db.url=jdbc:mysql://⟨dbhost⟩:3306/brightspot?useSSL=true
db.user=⟨user⟩
db.password=⟦{pw}⟧
dari/defaultDatabase=brightspot
""", "db.url=jdbc:mysql://⟨dbhost⟩:3306/brightspot?useSSL=true")
_t(G, "gradle-properties-release-store-password", """
# ~/.gradle/gradle.properties (news app signing)
RELEASE_STORE_FILE=/Users/⟨user⟩/keys/⟨pubslug⟩-news.jks
RELEASE_STORE_PASSWORD=⟦{pw}⟧
RELEASE_KEY_ALIAS=⟨pubslug⟩-news
""", "RELEASE_KEY_ALIAS=⟨pubslug⟩-news")
_t(G, "systemd-unit-environment-line", """
[Service]
User=wire
Environment="NODE_ENV=production"
Environment="WIRE_API_KEY=⟦{alnum:48}⟧"
ExecStart=/usr/bin/node /srv/wire-ingest/index.js
Restart=always
""", "ExecStart=/usr/bin/node /srv/wire-ingest/index.js")
_t(G, "crontab-line-pass-flag", """
# m h dom mon dow command
*/2 * * * * /usr/local/bin/fetch-results --user ⟨user⟩ --pass ⟦{pw}⟧ --out /srv/elex/json >> /var/log/elex-fetch.log 2>&1
""", "/usr/local/bin/fetch-results --user ⟨user⟩")
_t(G, "postfix-sasl-passwd-sendgrid", """
# /etc/postfix/sasl_passwd
[smtp.sendgrid.net]:587 apikey:⟦{sg}⟧
""", "[smtp.sendgrid.net]:587 apikey:")
_t(G, "msmtprc-account-password", """
account newsroom-alerts
host smtp.⟨domain⟩
port 587
tls on
auth on
user alerts@⟨domain⟩
password ⟦{pw}⟧
from alerts@⟨domain⟩
""", "account newsroom-alerts")
_t(G, "muttrc-smtp-pass", """
set from = "⟨email⟩"
set smtp_url = "smtps://⟨email⟩@smtp.⟨domain⟩:465/"
set smtp_pass = "⟦{pw}⟧"
set imap_user = "⟨email⟩"
""", "set smtp_url = \"smtps://⟨email⟩@smtp.⟨domain⟩:465/\"")
_t(G, "samba-credentials-file", """
# /etc/samba/cred-photodesk (mounted from fstab: //nas01/PhotoDesk)
username=⟨user⟩
password=⟦{pw}⟧
domain=NEWSROOM
""", "//nas01/PhotoDesk")
_t(G, "docker-config-json-ghcr-auth", """
{
  "auths": {
    "ghcr.io": {
      "auth": "⟦{basic}⟧"
    }
  },
  "currentContext": "desktop-linux"
}
""", "\"ghcr.io\"")
_t(G, "git-credentials-file-bitbucket", """
https://⟨user⟩:⟦{pwur}⟧@bitbucket.org
""", "@bitbucket.org")
_t(G, "ansible-group-vars-plaintext-password", """
# group_vars/wordpress.yml
wordpress_db_name: wp_⟨pubslug⟩
wordpress_db_user: wp_⟨pubslug⟩
wordpress_db_password: "⟦{pwr}⟧"
wordpress_db_host: ⟨dbhost⟩
""", "wordpress_db_host: ⟨dbhost⟩")
_t(G, "helm-values-yaml-piano-token", """
piano:
  aid: ⟨alnum10⟩
  apiToken: ⟦{alnum:40}⟧
  sandbox: false
ingress:
  host: subscribe.⟨domain⟩
""", "host: subscribe.⟨domain⟩")
_t(G, "logstash-output-elasticsearch-password", """
output {
  elasticsearch {
    hosts => ["https://es.⟨domain⟩:9200"]
    index => "newsroom-access-%{+YYYY.MM.dd}"
    user => "logstash_writer"
    password => "⟦{pwr}⟧"
  }
}
""", "user => \"logstash_writer\"")
_t(G, "fluent-bit-http-output-passwd", """
[OUTPUT]
    Name        http
    Match       nginx.*
    Host        logs.⟨domain⟩
    Port        443
    tls         On
    http_User   ⟨svc⟩
    http_Passwd ⟦{pw}⟧
""", "Host        logs.⟨domain⟩")
_t(G, "kafka-client-jaas-conf", """
KafkaClient {
  org.apache.kafka.common.security.scram.ScramLoginModule required
  username="⟨svc⟩"
  password="⟦{pwr}⟧";
};
""", "username=\"⟨svc⟩\"")
_t(G, "redis-conf-requirepass", """
# redis.conf — liveblog cache
bind 10.0.0.0/8
protected-mode yes
requirepass ⟦{pwr}⟧
maxmemory 2gb
maxmemory-policy allkeys-lru
""", "maxmemory-policy allkeys-lru")
_t(G, "nginx-proxy-set-header-bearer", """
location /wire/ {
    proxy_pass https://wire.⟨domain2⟩/;
    proxy_set_header Authorization "Bearer ⟦{alnum:48}⟧";
    proxy_set_header Host wire.⟨domain2⟩;
}
""", "proxy_pass https://wire.⟨domain2⟩/;")
_t(G, "haproxy-userlist-insecure-password", """
userlist embargo_users
    user ⟨user⟩ insecure-password ⟦{pw}⟧
    group editors users ⟨user⟩
""", "userlist embargo_users")
_t(G, "wp-config-wp-mail-smtp-constant", """
define( 'WPMS_ON', true );
define( 'WPMS_MAILER', 'smtp' );
define( 'WPMS_SMTP_HOST', 'smtp.⟨domain⟩' );
define( 'WPMS_SMTP_USER', 'newsletter@⟨domain⟩' );
define( 'WPMS_SMTP_PASS', '⟦{pw}⟧' );
""", "define( 'WPMS_SMTP_HOST', 'smtp.⟨domain⟩' );")
_t(G, "vip-config-php-define-api-key", """
// vip-config/vip-config.php
if ( 'production' === VIP_GO_APP_ENVIRONMENT ) {
    define( 'AP_NEWSROOM_API_KEY', '⟦{alnum:32}⟧' );
}
""", "VIP_GO_APP_ENVIRONMENT")
_t(G, "jekyll-config-algolia-admin-key", """
algolia:
  application_id: ⟨upper10⟩
  index_name: ⟨pubslug⟩_articles
  admin_api_key: ⟦{hex:32}⟧
  nodes_to_index: 'p,blockquote,li'
""", "index_name: ⟨pubslug⟩_articles")
_t(G, "wrangler-toml-vars-purge-token", """
name = "paywall-edge"
main = "src/index.ts"

[vars]
CMS_ORIGIN = "https://⟨domain⟩"
PURGE_TOKEN = "⟦{b64u:40}⟧"
""", "name = \"paywall-edge\"")
_t(G, "netlify-toml-build-environment-sanity", """
[build]
  command = "npm run build"
  publish = "dist"

[build.environment]
  NODE_VERSION = "20"
  SANITY_PROJECT_ID = "⟨lower8⟩"
  SANITY_WRITE_TOKEN = "⟦sk{alnum:180}⟧"
""", "SANITY_PROJECT_ID = \"⟨lower8⟩\"")
_t(G, "firebase-service-account-json-private-key", """
{
  "type": "service_account",
  "project_id": "⟨pubslug⟩-push",
  "private_key_id": "⟨hex40⟩",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n⟦{pem_p8_json}⟧\\n-----END PRIVATE KEY-----\\n",
  "client_email": "firebase-adminsdk-⟨lower5⟩@⟨pubslug⟩-push.iam.gserviceaccount.com"
}
""", "\"project_id\": \"⟨pubslug⟩-push\"")
_t(G, "pulumi-stack-yaml-plaintext-config", """
# Pulumi.prod.yaml
config:
  aws:region: ⟨region⟩
  newsletter:mailchimpApiKey: ⟦{mc}⟧
  newsletter:listId: ⟨hex10⟩
""", "aws:region: ⟨region⟩")
_t(G, "yaml-wire-sources-inline-basic", """
sources:
  - name: ap
    auth: {type: apikey, env: AP_KEY}
  - name: afp
    auth: {type: basic, user: ⟨user⟩, pass: "⟦{pw}⟧"}
  - name: reuters
    auth: {type: oauth, secret_ref: vault:secret/wire/reuters}
""", "secret_ref: vault:secret/wire/reuters")
_t(G, "supervisord-program-environment", """
[program:comments-moderation]
command=/srv/mod/venv/bin/python worker.py --queue toxicity
environment=PERSPECTIVE_API_KEY="⟦{aiza}⟧",QUEUE="toxicity"
autorestart=true
""", "[program:comments-moderation]")
_t(G, "tomcat-context-xml-resource-password", """
<Resource name="jdbc/cms" auth="Container" type="javax.sql.DataSource"
          username="⟨user⟩" password="⟦{pw}⟧"
          url="jdbc:oracle:thin:@⟨dbhost⟩:1521/CMSPROD" maxTotal="40"/>
""", "url=\"jdbc:oracle:thin:@⟨dbhost⟩:1521/CMSPROD\"")
_t(G, "env-file-cloudinary-url", """
CLOUDINARY_URL=cloudinary://⟨digits15⟩:⟦{b64u:27}⟧@⟨pubslug⟩-photo
CLOUDINARY_UPLOAD_PRESET=newsroom_unsigned
""", "@⟨pubslug⟩-photo")
_t(G, "env-file-database-url-mysql", """
# .env (comments service)
DATABASE_URL=mysql://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩:3306/⟨db⟩
PORT=8080
""", "@⟨dbhost⟩:3306/⟨db⟩")
_t(G, "env-file-redis-url-tls-default-user", """
REDIS_URL=rediss://default:⟦{pwur}⟧@⟨redishost⟩:6380/0
LIVEBLOG_TTL_SECONDS=30
""", "⟨redishost⟩:6380/0")
_t(G, "env-file-amqp-broker-url", """
CELERY_BROKER_URL=amqps://⟨svc⟩:⟦{pwu}⟧@mq.⟨domain⟩:5671/newsroom
CELERY_RESULT_BACKEND=redis://localhost:6379/1
""", "mq.⟨domain⟩:5671/newsroom")
_t(G, "streamlit-secrets-toml-snowflake", """
# .streamlit/secrets.toml (audience dashboard)
[connections.snowflake]
account = "⟨lower8⟩-⟨lower6⟩"
user = "ANALYTICS_RO"
password = "⟦{pwr}⟧"
warehouse = "REPORTING_XS"
""", "user = \"ANALYTICS_RO\"")
_t(G, "dbt-profiles-yml-password", """
newsroom_analytics:
  target: prod
  outputs:
    prod:
      type: postgres
      host: ⟨dbhost⟩
      user: dbt_⟨user⟩
      password: "⟦{pw}⟧"
      dbname: audience
      schema: marts
""", "host: ⟨dbhost⟩")
_t(G, "grafana-ini-admin-password", """
[security]
admin_user = admin
admin_password = ⟦{pwr}⟧
cookie_secure = true

[server]
root_url = https://grafana.⟨domain⟩/
""", "root_url = https://grafana.⟨domain⟩/")
_t(G, "alertmanager-slack-api-url", """
receivers:
- name: night-desk-oncall
  slack_configs:
  - api_url: https://hooks.slack.com/services/T⟨upper9⟩/B⟨upper11⟩/⟦{alnum:24}⟧
    channel: '#newsroom-alerts'
    send_resolved: true
""", "channel: '#newsroom-alerts'")
_t(G, "ios-info-plist-onesignal-rest-key", """
<key>OneSignalAppID</key>
<string>⟨uuid⟩</string>
<key>OneSignalRESTKey</key>
<string>⟦os_v2_app_{lower:110}⟧</string>
""", "<key>OneSignalAppID</key>")
_t(G, "wpa-supplicant-press-room-psk", """
network={
    ssid="⟨pub⟩ Press Room"
    psk="⟦{pw}⟧"
    key_mgmt=WPA-PSK
}
""", "ssid=\"⟨pub⟩ Press Room\"")
_t(G, "openvpn-auth-user-pass-file", """
# /etc/openvpn/client/newsroom.auth  (auth-user-pass; line 1 user, line 2 password)
⟨user⟩
⟦{pw}⟧
""", "/etc/openvpn/client/newsroom.auth")
_t(G, "rsa-private-key-pem-file", """
# ~/.ssh/deploy_wpvip  (do not commit)
-----BEGIN RSA PRIVATE KEY-----
⟦{pem_rsa}⟧
-----END RSA PRIVATE KEY-----
""", "-----END RSA PRIVATE KEY-----")
_t(G, "ec-private-key-pem-apns", """
# certs/apns/AuthKey_⟨upper10⟩.p8 (news app push)
-----BEGIN EC PRIVATE KEY-----
⟦{pem_ec}⟧
-----END EC PRIVATE KEY-----
""", "AuthKey_⟨upper10⟩.p8")

# ===========================================================================
# SECRETS — group: source-code (hard-coded credentials in code the agent read)
# ===========================================================================
G = "source-code"
_t(G, "python-requests-headers-dict-bearer", """
ARC_BASE = "https://api.⟨pubslug⟩.arcpublishing.com"
HEADERS = {
    "Authorization": "Bearer ⟦{alnum:64}⟧",
    "Accept": "application/json",
}
resp = requests.get(f"{ARC_BASE}/content/v4/stories", params={"website": "⟨pubslug⟩"}, headers=HEADERS)
""", 'ARC_BASE = "https://api.⟨pubslug⟩.arcpublishing.com"')
_t(G, "python-module-constant-todo-env", """
# elex/loader.py
AP_API_KEY = "⟦{alnum:32}⟧"  # TODO: read from env before election night
AP_BASE_URL = "https://api.ap.org/v3/elections"
""", "AP_BASE_URL")
_t(G, "python-psycopg2-connect-kwargs", """
conn = psycopg2.connect(
    host="⟨dbhost⟩",
    dbname="⟨db⟩",
    user="⟨user⟩",
    password="⟦{pw}⟧",
    connect_timeout=5,
)
""", 'host="⟨dbhost⟩"')
_t(G, "python-sqlalchemy-create-engine-url", """
engine = create_engine(
    "postgresql+psycopg2://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩/⟨db⟩",
    pool_pre_ping=True,
)
""", "@⟨dbhost⟩/⟨db⟩")
_t(G, "python-boto3-client-explicit-keys", """
s3 = boto3.client(
    "s3",
    aws_access_key_id="⟨akid⟩",
    aws_secret_access_key="⟦{awssk}⟧",
    region_name="⟨region⟩",
)
s3.upload_file(local_path, "⟨bucket⟩", key)
""", '"⟨bucket⟩", key')
_t(G, "python-stripe-api-key-assignment", """
import stripe

stripe.api_key = "⟦{sklive}⟧"
stripe.api_version = "2023-10-16"
""", 'stripe.api_version = "2023-10-16"')
_t(G, "python-tweepy-client-bearer", """
client = tweepy.Client(bearer_token="⟦{twbearer}⟧", wait_on_rate_limit=True)
tweets = client.search_recent_tweets(query="#⟨city⟩Votes -is:retweet", max_results=100)
""", "#⟨city⟩Votes")
_t(G, "python-slack-sdk-webclient-token", """
from slack_sdk import WebClient

client = WebClient(token="⟦{xoxb}⟧")
client.chat_postMessage(channel="⟨chan⟩", text="Story published: ⟨slug⟩")
""", 'channel="⟨chan⟩"')
_t(G, "js-fetch-headers-x-api-key", """
const res = await fetch(`${SYNDICATION_BASE}/v1/feed?since=${since}`, {
  headers: { "x-api-key": "⟦{alnum:40}⟧", accept: "application/json" },
});
""", "SYNDICATION_BASE")
_t(G, "js-ghost-admin-api-constructor", """
const GhostAdminAPI = require("@tryghost/admin-api");
const api = new GhostAdminAPI({
  url: "https://⟨domain⟩",
  key: "⟦{ghostadmin}⟧",
  version: "v5.0",
});
""", 'url: "https://⟨domain⟩"')
_t(G, "ts-exported-config-object", """
export const pianoConfig = {
  aid: "⟨alnum10⟩",
  apiToken: "⟦{alnum:40}⟧",
  endpoint: "https://api.piano.io/api/v3",
} as const;
""", 'aid: "⟨alnum10⟩"')
_t(G, "node-mailchimp-marketing-setconfig", """
mailchimp.setConfig({
  apiKey: "⟦{hex:32}-⟨dc⟩⟧",
  server: "⟨dc⟩",
});
""", "mailchimp.setConfig")
_t(G, "node-sendgrid-setapikey", """
const sgMail = require("@sendgrid/mail");
sgMail.setApiKey("⟦{sg}⟧");
""", 'require("@sendgrid/mail")')
_t(G, "go-const-token-comment", """
package arc

// sandbox org ⟨pubslug⟩ — replace before prod
const arcToken = "⟦{alnum:64}⟧"
""", "sandbox org ⟨pubslug⟩")
_t(G, "go-sql-open-mysql-dsn", """
db, err := sql.Open("mysql", "⟨user⟩:⟦{pw}⟧@tcp(⟨dbhost⟩:3306)/⟨db⟩?parseTime=true")
if err != nil {
    log.Fatal(err)
}
""", "tcp(⟨dbhost⟩:3306)/⟨db⟩")
_t(G, "php-wp-remote-get-basic-auth", """
$response = wp_remote_get( $feed_url, array(
    'headers' => array(
        'Authorization' => 'Basic ' . base64_encode( '⟨user⟩:⟦{pw}⟧' ),
    ),
    'timeout' => 15,
) );
""", "wp_remote_get( $feed_url")
_t(G, "php-pdo-constructor-password", """
$pdo = new PDO( 'mysql:host=⟨dbhost⟩;dbname=⟨db⟩;charset=utf8mb4', '⟨user⟩', '⟦{pw}⟧' );
""", "mysql:host=⟨dbhost⟩;dbname=⟨db⟩")
_t(G, "ruby-faraday-token-authorization", """
conn = Faraday.new(url: "https://api.⟨domain2⟩") do |f|
  f.request :authorization, "Token", "⟦{hex:40}⟧"
  f.response :json
end
""", 'url: "https://api.⟨domain2⟩"')
_t(G, "ruby-env-fetch-default-fallback", """
Stripe.api_key = ENV.fetch("STRIPE_SECRET_KEY", "⟦{sklive}⟧")
""", 'ENV.fetch("STRIPE_SECRET_KEY"')
_t(G, "java-drivermanager-getconnection", """
Connection c = DriverManager.getConnection(
    "jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩", "⟨user⟩", "⟦{pw}⟧");
""", "jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩")
_t(G, "kotlin-gradle-buildconfigfield", """
defaultConfig {
    buildConfigField("String", "CHARTBEAT_UID", "\\"⟨digits5⟩\\"")
    buildConfigField("String", "PIANO_PRIVATE_KEY", "\\"⟦{alnum:40}⟧\\"")
}
""", "CHARTBEAT_UID")
_t(G, "swift-client-init-api-secret", """
private let getty = GettyImagesClient(
    apiKey: "⟨alnum24⟩",
    apiSecret: "⟦{alnum:40}⟧"
)
""", "GettyImagesClient")
_t(G, "csharp-connection-string-literal", """
var cs = "Data Source=⟨host⟩;Initial Catalog=Paywall;User Id=⟨user⟩;Password=⟦{pw}⟧;";
using var conn = new SqlConnection(cs);
""", "Initial Catalog=Paywall")
_t(G, "rust-reqwest-bearer-auth-literal", """
let resp = client
    .get("https://api.⟨domain2⟩/v2/results")
    .bearer_auth("⟦{b64u:48}⟧")
    .send()
    .await?;
""", "https://api.⟨domain2⟩/v2/results")
_t(G, "bash-script-variable-assignment", """
#!/usr/bin/env bash
set -euo pipefail
WIRE_USER="⟨user⟩"
WIRE_PASS="⟦{pw}⟧"
curl -fsS -u "$WIRE_USER:$WIRE_PASS" "https://wire.⟨domain2⟩/v2/items?since=$(date -u +%FT%TZ)"
""", 'WIRE_USER="⟨user⟩"')
_t(G, "sql-create-user-identified-by", """
CREATE USER 'elex_ro'@'10.%' IDENTIFIED BY '⟦{pw}⟧';
GRANT SELECT ON elex.* TO 'elex_ro'@'10.%';
""", "GRANT SELECT ON elex.*")
_t(G, "sql-alter-role-password-valid-until", """
ALTER ROLE ⟨user⟩ WITH LOGIN PASSWORD '⟦{pwr}⟧' VALID UNTIL '2025-01-01';
""", "ALTER ROLE ⟨user⟩ WITH LOGIN PASSWORD")
_t(G, "jupyter-notebook-cell-source-json", """
{
 "cell_type": "code",
 "execution_count": 3,
 "source": [
  "import parsely\\n",
  "client = parsely.Client(apikey=\\"⟨domain⟩\\", secret=\\"⟦{b64u:43}⟧\\")\\n",
  "top = client.analytics(period_start=\\"7d\\")"
 ]
}
""", "import parsely")
_t(G, "ts-graphql-client-headers-client-secret", """
const client = new GraphQLClient("https://cms.⟨domain⟩/graphql/delivery", {
  headers: {
    "X-Client-Id": "⟨uuid⟩",
    "X-Client-Secret": "⟦{b64u:43}⟧",
  },
});
""", '"X-Client-Id": "⟨uuid⟩"')
_t(G, "python-pytest-fixture-real-token", """
@pytest.fixture
def piano_client():
    # sandbox token copied from the Piano dashboard
    return PianoClient(aid="⟨alnum10⟩", api_token="⟦{alnum:40}⟧", sandbox=True)
""", "def piano_client():")
_t(G, "js-jwt-sign-hardcoded-secret", """
const token = jwt.sign({ sub: user.id, role: "moderator" }, "⟦{pwr}⟧", { expiresIn: "2h" });
""", 'role: "moderator"')
_t(G, "python-bytes-webhook-secret", """
STRIPE_WEBHOOK_SECRET = b"⟦{whsec}⟧"

def verify(payload: bytes, sig_header: str):
    return stripe.Webhook.construct_event(payload, sig_header, STRIPE_WEBHOOK_SECRET)
""", "def verify(payload: bytes, sig_header: str):")
_t(G, "python-smtplib-login-literal", """
with smtplib.SMTP_SSL("smtp.⟨domain⟩", 465) as server:
    server.login("alerts@⟨domain⟩", "⟦{pw}⟧")
    server.send_message(msg)
""", 'smtplib.SMTP_SSL("smtp.⟨domain⟩", 465)')
_t(G, "python-imaplib-tipline-login", """
M = imaplib.IMAP4_SSL("imap.⟨domain⟩")
M.login("tips@⟨domain⟩", "⟦{pw}⟧")
M.select("INBOX")
""", 'imaplib.IMAP4_SSL("imap.⟨domain⟩")')
_t(G, "python-paramiko-connect-password", """
ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("⟨host⟩", username="⟨user⟩", password="⟦{pw}⟧")
""", 'ssh.connect("⟨host⟩"')
_t(G, "python-ftplib-login-print-plant", """
ftp = FTP("ftp.⟨domain2⟩")
ftp.login("⟨user⟩", "⟦{pw}⟧")
ftp.cwd("/incoming/pdf")
""", 'FTP("ftp.⟨domain2⟩")')
_t(G, "js-mongoose-connect-uri", """
await mongoose.connect("mongodb://⟨svc⟩:⟦{pwur}⟧@⟨host⟩:27017/comments?authSource=admin");
""", "@⟨host⟩:27017/comments")
_t(G, "js-redis-createclient-password", """
const redis = createClient({
  url: "redis://⟨redishost⟩:6379",
  password: "⟦{pwr}⟧",
});
""", 'url: "redis://⟨redishost⟩:6379"')
_t(G, "js-pusher-server-secret", """
const pusher = new Pusher({
  appId: "⟨digits7⟩",
  key: "⟨hex20⟩",
  secret: "⟦{hex:20}⟧",
  cluster: "eu",
  useTLS: true,
});
""", 'appId: "⟨digits7⟩"')
_t(G, "js-ably-rest-key-string", """
const ably = new Ably.Rest({ key: "⟦⟨alnum6⟩.⟨alnum6b⟩:{b64u:43}⟧" });
const channel = ably.channels.get("liveblog:⟨slug⟩");
""", "liveblog:⟨slug⟩")
_t(G, "python-google-client-config-dict", """
CLIENT_CONFIG = {
    "installed": {
        "client_id": "⟨digits12⟩-⟨lower32⟩.apps.googleusercontent.com",
        "client_secret": "⟦GOCSPX-{b64u:28}⟧",
        "auth_uri": "https://accounts.google.com/o/oauth2/auth",
        "token_uri": "https://oauth2.googleapis.com/token",
    }
}
""", "⟨digits12⟩-⟨lower32⟩.apps.googleusercontent.com")
_t(G, "python-google-credentials-refresh-token", """
creds = Credentials(
    None,
    refresh_token="⟦1//0{b64u:98}⟧",
    client_id=YOUTUBE_CLIENT_ID,
    client_secret=YOUTUBE_CLIENT_SECRET,
    token_uri="https://oauth2.googleapis.com/token",
)
""", "client_id=YOUTUBE_CLIENT_ID")
_t(G, "php-config-array-return", """
return [
    'reuters' => [
        'client_id'     => '⟨alnum20⟩',
        'client_secret' => '⟦{b64u:40}⟧',
        'scope'         => 'content.read',
    ],
];
""", "'client_id'     => '⟨alnum20⟩'")
_t(G, "java-spring-value-default-secret", """
@Value("${brightcove.client-secret:⟦{b64u:86}⟧}")
private String clientSecret;
""", "private String clientSecret;")
_t(G, "go-struct-literal-api-key", """
cfg := feeds.Config{
    Endpoint: "https://elections.⟨domain2⟩/v2",
    APIKey:   "⟦{alnum:32}⟧",
    Poll:     15 * time.Second,
}
""", 'Endpoint: "https://elections.⟨domain2⟩/v2"')
_t(G, "python-dataclass-default-token", """
@dataclass
class FrameioSettings:
    team_id: str = "⟨uuid⟩"
    token: str = "⟦fio-u-{b64u:64}⟧"
    upload_folder: str = "Photo Desk/⟨date⟩"
""", 'team_id: str = "⟨uuid⟩"')
_t(G, "typescript-env-nullish-fallback", """
const gettySecret = process.env.GETTY_API_SECRET ?? "⟦{alnum:40}⟧";
""", "process.env.GETTY_API_SECRET")
_t(G, "lua-openresty-token-auth-key", """
-- edge/token_auth.lua
local key = "⟦{hex:64}⟧"  -- EdgeAuth hdnts key for /live/*
local acl = "/live/" .. ngx.var.stream .. "/*"
""", "EdgeAuth hdnts key for /live/*")
_t(G, "powershell-pscredential-securestring", """
$sec = ConvertTo-SecureString "⟦{pw}⟧" -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential("NEWSROOM\\⟨user⟩", $sec)
New-PSDrive -Name P -PSProvider FileSystem -Root \\\\nas01\\PhotoDesk -Credential $cred
""", "System.Management.Automation.PSCredential")
_t(G, "r-dbconnect-postgres-password", """
con <- dbConnect(RPostgres::Postgres(),
                 host = "⟨dbhost⟩", dbname = "⟨db⟩",
                 user = "⟨user⟩", password = "⟦{pw}⟧")
""", 'host = "⟨dbhost⟩"')
_t(G, "r-sys-setenv-census-key", """
library(tidycensus)
Sys.setenv(CENSUS_API_KEY = "⟦{hex:40}⟧")
acs <- get_acs(geography = "tract", variables = "B19013_001", state = "⟨upper2⟩")
""", "library(tidycensus)")
_t(G, "python-praw-reddit-client-secret", """
reddit = praw.Reddit(
    client_id="⟨b64u14⟩",
    client_secret="⟦{b64u:30}⟧",
    user_agent="newsroom-listening/0.3 by u/⟨user⟩",
)
""", "newsroom-listening/0.3")
_t(G, "js-telegraf-bot-token", """
const { Telegraf } = require("telegraf");
const bot = new Telegraf("⟦{tg}⟧");
bot.command("results", (ctx) => ctx.reply(latestResults()));
""", 'bot.command("results"')
_t(G, "python-discord-bot-run-token", """
@bot.event
async def on_ready():
    print(f"tips bot ready as {bot.user}")

bot.run("⟦{discord}⟧")
""", "tips bot ready")
_t(G, "php-stripe-client-constructor", """
$stripe = new \\Stripe\\StripeClient( '⟦{sklive}⟧' );
$sub = $stripe->subscriptions->retrieve( $subscription_id );
""", "$stripe->subscriptions->retrieve")
_t(G, "elixir-config-repo-password", """
config :newsroom, Newsroom.Repo,
  username: "⟨user⟩",
  password: "⟦{pw}⟧",
  hostname: "⟨dbhost⟩",
  database: "⟨db⟩"
""", "config :newsroom, Newsroom.Repo")
_t(G, "python-requests-auth-tuple", """
r = requests.get(AFP_FEED_URL, auth=("⟨user⟩", "⟦{pw}⟧"), timeout=10)
r.raise_for_status()
""", "AFP_FEED_URL")
_t(G, "js-axios-create-basic-auth", """
const wire = axios.create({
  baseURL: "https://api.⟨domain2⟩",
  auth: { username: "⟨user⟩", password: "⟦{pw}⟧" },
  timeout: 8000,
});
""", 'baseURL: "https://api.⟨domain2⟩"')
_t(G, "python-openai-client-api-key-kwarg", """
from openai import OpenAI

client = OpenAI(api_key="⟦{oai}⟧")
""", "from openai import OpenAI")
_t(G, "c-define-mqtt-password-ticker", """
/* newsroom LED ticker firmware */
#define MQTT_HOST     "mqtt.⟨domain⟩"
#define MQTT_USER     "ticker"
#define MQTT_PASSWORD "⟦{pw}⟧"
""", '#define MQTT_HOST     "mqtt.⟨domain⟩"')
_t(G, "python-commented-out-old-key", """
# AP_KEY = "⟦{alnum:32}⟧"  # old key, still works?
AP_KEY = os.environ["AP_KEY"]
""", 'AP_KEY = os.environ["AP_KEY"]')
_t(G, "swift-urlrequest-setvalue-bearer", """
var request = URLRequest(url: URL(string: "https://api.⟨domain⟩/v1/saved-articles")!)
request.setValue("Bearer ⟦{jwt}⟧", forHTTPHeaderField: "Authorization")
""", "https://api.⟨domain⟩/v1/saved-articles")
_t(G, "java-basic-auth-header-encoded-literal", """
HttpURLConnection conn = (HttpURLConnection) new URL(feedUrl).openConnection();
conn.setRequestProperty("Authorization", "Basic ⟦{basic}⟧");
""", "conn.setRequestProperty")

# ===========================================================================
# SECRETS — group: stack-trace-or-log
# ===========================================================================
G = "stack-trace-or-log"
_t(G, "python-traceback-psycopg-dsn-echo", """
Traceback (most recent call last):
  File "/srv/elex/loader.py", line 88, in <module>
    conn = psycopg2.connect(DSN)
  File "/srv/elex/venv/lib/python3.11/site-packages/psycopg2/__init__.py", line 122, in connect
    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
psycopg2.OperationalError: connection to server at "⟨dbhost⟩" (⟨ip⟩), port 5432 failed: timeout expired
[loader] DSN was postgresql://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩:5432/⟨db⟩
""", "psycopg2.OperationalError")
_t(G, "java-exception-jdbc-url-password-param", """
org.postgresql.util.PSQLException: FATAL: password authentication failed for user "⟨user⟩"
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)
	at org.postgresql.Driver.connect(Driver.java:297)
	at com.zaxxer.hikari.pool.PoolBase.newConnection(PoolBase.java:359)
Caused by: pool init failed for url=jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩?user=⟨user⟩&password=⟦{pwu}⟧&ssl=true
""", "PSQLException: FATAL: password authentication failed")
_t(G, "nginx-access-log-api-key-query", """
⟨pubip⟩ - - [12/Mar/2024:21:04:11 +0000] "GET /api/v1/results?state=PA&race=president&api_key=⟦{alnum:32}⟧ HTTP/1.1" 200 18342 "-" "elex-poller/2.1"
""", "/api/v1/results?state=PA&race=president")
_t(G, "nginx-access-log-token-path-segment", """
⟨pubip⟩ - - [03/Apr/2024:06:15:44 +0000] "GET /feeds/partner/⟨pubslug2⟩/⟦{hex:40}⟧/rss.xml HTTP/1.1" 200 99812 "-" "FeedFetcher/1.4 (partner syndication; key in path)"
""", "/feeds/partner/⟨pubslug2⟩/")
_t(G, "rails-log-params-unfiltered-password", """
Started POST "/users/sign_in" for ⟨pubip⟩ at 2024-03-12 21:14:55 +0000
Processing by Devise::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"⟨email⟩", "password"=>"⟦{pw}⟧", "remember_me"=>"1"}, "commit"=>"Log in"}
Completed 302 Found in 312ms (ActiveRecord: 12.4ms)
""", "Devise::SessionsController#create")
_t(G, "django-error-email-settings-unmasked", """
Request Method: POST
Request URL: https://tools.⟨domain⟩/wire/refresh/

Settings:
Using settings module newsroom_tools.settings.production
WIRE_AUTH = '⟨user⟩:⟦{pw}⟧'
WIRE_BASE_URL = 'https://wire.⟨domain2⟩/v3'
""", "WIRE_BASE_URL = 'https://wire.⟨domain2⟩/v3'")
_t(G, "urllib3-debug-connectionpool-apikey", """
DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.⟨domain2⟩:443
DEBUG:urllib3.connectionpool:https://api.⟨domain2⟩:443 "GET /v2/content?apikey=⟦{hex:32}⟧&since=⟨date⟩&page=2 HTTP/1.1" 200 None
""", "Starting new HTTPS connection (1): api.⟨domain2⟩:443")
_t(G, "requests-httperror-url-api-token", """
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.piano.io/api/v3/publisher/user/get?aid=⟨alnum10⟩&api_token=⟦{alnum:40}⟧&uid=⟨uuid⟩
""", "401 Client Error: Unauthorized")
_t(G, "node-axios-error-config-headers", """
AxiosError: Request failed with status code 403
    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)
    at IncomingMessage.handleStreamEnd (/app/node_modules/axios/dist/node/axios.cjs:3065:11) {
  code: 'ERR_BAD_REQUEST',
  config: {
    url: 'https://api.⟨domain2⟩/wire/v1/items',
    method: 'get',
    headers: AxiosHeaders {
      Accept: 'application/json',
      Authorization: 'Bearer ⟦{b64u:48}⟧'
    },
""", "url: 'https://api.⟨domain2⟩/wire/v1/items'")
_t(G, "go-panic-with-dsn-field", """
panic: dial tcp ⟨ip⟩:3306: i/o timeout

goroutine 1 [running]:
main.mustDB({0xc0000a4000, 0x3f})
	/src/cmd/comments/main.go:41 +0x1a5
main.main()
	/src/cmd/comments/main.go:18 +0x65
exit status 2 (dsn="⟨user⟩:⟦{pw}⟧@tcp(⟨dbhost⟩:3306)/comments")
""", "/src/cmd/comments/main.go:41")
_t(G, "php-warning-stack-mysqli-real-connect", """
PHP Warning:  mysqli_real_connect(): (HY000/1045): Access denied for user '⟨user⟩'@'⟨ip⟩' (using password: YES) in /var/www/wp-includes/class-wpdb.php on line 1982
PHP Stack trace:
PHP   1. {main}() /var/www/index.php:0
PHP   2. wpdb->db_connect() /var/www/wp-includes/class-wpdb.php:788
PHP   3. mysqli_real_connect(Object(mysqli), '⟨dbhost⟩', '⟨user⟩', '⟦{pw}⟧', 'wp_⟨pubslug⟩', NULL, NULL, 0) /var/www/wp-includes/class-wpdb.php:1982
""", "/var/www/wp-includes/class-wpdb.php")
_t(G, "sentry-breadcrumb-http-webhook-url", """
{"timestamp":"⟨ts⟩","type":"http","category":"httplib","level":"error","data":{"method":"POST","url":"https://hooks.slack.com/services/T⟨upper9⟩/B⟨upper11⟩/⟦{alnum:24}⟧","status_code":404,"reason":"no_service"}}
""", '"category":"httplib"')
_t(G, "celery-task-received-kwargs", """
[2024-03-12 06:00:02,114: INFO/MainProcess] Task newsletter.tasks.send_campaign[⟨uuid⟩] received
[2024-03-12 06:00:02,118: INFO/ForkPoolWorker-3] send_campaign args=('weekend-briefing',) kwargs={'list_id': '⟨hex10⟩', 'api_key': '⟦{mc}⟧'}
""", "newsletter.tasks.send_campaign[⟨uuid⟩]")
_t(G, "kafka-consumer-config-dump-jaas", """
[2024-03-12 21:00:03,551] INFO ConsumerConfig values:
	bootstrap.servers = [kafka.⟨domain⟩:9093]
	group.id = breaking-news-push
	sasl.jaas.config = org.apache.kafka.common.security.scram.ScramLoginModule required username="⟨svc⟩" password="⟦{pwr}⟧";
	sasl.mechanism = SCRAM-SHA-512
""", "group.id = breaking-news-push")
_t(G, "smtplib-debug-auth-plain", """
send: 'ehlo tools.⟨domain⟩\\r\\n'
reply: b'250-smtp.⟨domain⟩ Hello\\r\\n'
send: 'AUTH PLAIN ⟦{authplain}⟧\\r\\n'
reply: b'235 2.7.0 Authentication successful\\r\\n'
""", "reply: b'235 2.7.0 Authentication successful")
_t(G, "curl-verbose-wordpress-logged-in-cookie", """
> GET /wp-admin/edit.php?post_type=liveblog HTTP/2
> Host: ⟨domain⟩
> cookie: wordpress_logged_in_⟨hex32⟩=⟦{wpcookie}⟧
> user-agent: curl/8.5.0
< HTTP/2 200
""", "/wp-admin/edit.php?post_type=liveblog")
_t(G, "response-set-cookie-session-log", """
< HTTP/1.1 302 Found
< location: https://subscribe.⟨domain⟩/account
< set-cookie: __session=⟦{b64u:120}⟧; Path=/; HttpOnly; Secure; SameSite=Lax
< x-request-id: ⟨reqid⟩
""", "location: https://subscribe.⟨domain⟩/account")
_t(G, "har-entry-authorization-header", """
"request": {
  "method": "GET",
  "url": "https://⟨pubslug⟩.arcpublishing.com/composer/api/v1/story/⟨arcid⟩",
  "headers": [
    {"name": "accept", "value": "application/json"},
    {"name": "authorization", "value": "Bearer ⟦{jwt}⟧"}
  ],
""", "/composer/api/v1/story/⟨arcid⟩")
_t(G, "github-actions-log-set-x-fastly-key", """
2024-03-12T21:14:01.1203581Z ##[group]Run ./scripts/purge.sh
2024-03-12T21:14:01.1204010Z + curl -fsS -X POST https://api.fastly.com/service/⟨alnum22⟩/purge_all -H 'Fastly-Key: ⟦{b64u:32}⟧'
2024-03-12T21:14:01.8831120Z {"status":"ok"}
""", "##[group]Run ./scripts/purge.sh")
_t(G, "docker-compose-log-loaded-config-json", """
comments-api-1  | [boot] Loaded config: {"port":8080,"db":{"host":"db","user":"coral","password":"⟦{pw}⟧"},"redis":"redis://redis:6379"}
comments-api-1  | [boot] listening on :8080
""", "comments-api-1  | [boot] listening on :8080")
_t(G, "cron-syslog-command-s3-secret", """
Mar 12 04:00:01 ⟨hostshort⟩ CRON[⟨pid⟩]: (⟨user⟩) CMD (/usr/local/bin/backup-dam.sh --bucket ⟨bucket⟩ --s3-secret ⟦{awssk}⟧ >/dev/null 2>&1)
""", "/usr/local/bin/backup-dam.sh --bucket ⟨bucket⟩")
_t(G, "postgres-log-statement-alter-user", """
2024-03-12 21:33:10.114 UTC [⟨pid⟩] ⟨user2⟩@⟨db⟩ LOG:  statement: ALTER USER ⟨user⟩ WITH PASSWORD '⟦{pw}⟧';
""", "LOG:  statement: ALTER USER ⟨user⟩")
_t(G, "mysql-general-log-identified-by", """
2024-03-12T21:40:55.201337Z	   14 Connect	root@localhost on  using Socket
2024-03-12T21:40:55.201901Z	   14 Query	CREATE USER 'newsletter'@'%' IDENTIFIED BY '⟦{pw}⟧'
""", "CREATE USER 'newsletter'@'%'")
_t(G, "fluentd-warn-dump-error-event-record", """
2024-03-12 22:01:17 +0000 [warn]: #0 dump an error event: error_class=Fluent::Plugin::ElasticsearchErrorHandler::ElasticsearchError error="400 - Rejected by Elasticsearch" tag="app.syndication" record={"msg"=>"fetch ok", "partner"=>"⟨pubslug2⟩", "headers"=>{"x-api-key"=>"⟦{alnum:40}⟧"}}
""", "tag=\"app.syndication\"")
_t(G, "stripe-webhook-debug-log-secret", """
2024-03-12T21:14:55Z DEBUG paywall.webhooks verify failed: endpoint=/webhooks/stripe secret=⟦{whsec}⟧ header=<missing> ip=⟨pubip⟩
""", "endpoint=/webhooks/stripe")
_t(G, "python-logging-credentials-dict-repr", """
2024-03-12 21:14:55,201 INFO wire_ingest.client: using credentials {'username': '⟨user⟩', 'password': '⟦{pw}⟧', 'endpoint': 'https://wire.⟨domain2⟩'}
""", "wire_ingest.client")
_t(G, "node-console-log-env-check", """
[ingest] env check { NODE_ENV: 'production', AP_KEY: '⟦{alnum:32}⟧', LOG_LEVEL: 'info', TZ: 'America/New_York' }
""", "[ingest] env check")
_t(G, "haproxy-log-query-token", """
Mar 12 21:00:00 lb-02 haproxy[⟨pid⟩]: ⟨pubip⟩:51234 [12/Mar/2024:21:00:00.120] fe_https be_liveblog/lb2 0/0/1/35/36 200 812 - - ---- 12/12/0/0/0 0/0 "GET /live/⟨slug⟩/updates?since=⟨epoch⟩&token=⟦{b64u:40}⟧ HTTP/1.1"
""", "GET /live/⟨slug⟩/updates")
_t(G, "cloudfront-access-log-signed-url-signature", """
2024-03-12	21:00:01	LHR62-C2	8123	⟨pubip⟩	GET	d⟨lower13⟩.cloudfront.net	/video/⟨slug⟩/master.m3u8	200	-	Mozilla/5.0	Expires=⟨epoch⟩&Signature=⟦{cfsig}⟧&Key-Pair-Id=K⟨upper13⟩	-	Hit
""", "/video/⟨slug⟩/master.m3u8")
_t(G, "akamai-edgeauth-hdnts-hmac-log", """
⟨pubip⟩ - - [12/Mar/2024:21:05:09 +0000] "GET /live/elex/index.m3u8?hdnts=st=⟨epoch⟩~exp=⟨epoch2⟩~acl=/live/elex/*~hmac=⟦{hex:64}⟧ HTTP/1.1" 200 1402
""", "/live/elex/index.m3u8")
_t(G, "azure-sas-url-upload-log", """
2024-03-12 21:14:55 INFO render-worker uploading https://⟨pubslug⟩media.blob.core.windows.net/renditions/⟨slug⟩_1080p.mp4?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2024-03-13T00:00:00Z&spr=https&sig=⟦{sasig}⟧ (took 4.2s)
""", "renditions/⟨slug⟩_1080p.mp4")
_t(G, "gcs-signed-url-in-traceback", """
google.api_core.exceptions.Forbidden: 403 GET https://storage.googleapis.com/⟨bucket⟩/exports/subscribers-⟨date⟩.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40⟨pubslug⟩-data.iam.gserviceaccount.com%2F⟨datecompact⟩%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=⟨datecompact⟩T⟨hhmmss⟩Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=⟦{hex:512}⟧: Request has expired
""", "exports/subscribers-⟨date⟩.csv")
_t(G, "photo-proxy-warn-presigned-s3", """
WARN photo-proxy: upstream 403 for https://⟨bucket⟩.s3.amazonaws.com/wire/⟨hex12⟩.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟨akid⟩%2F⟨datecompact⟩%2F⟨region⟩%2Fs3%2Faws4_request&X-Amz-Date=⟨datecompact⟩T⟨hhmmss⟩Z&X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦{hex:64}⟧ retrying (2/3)
""", "WARN photo-proxy: upstream 403")
_t(G, "spring-boot-debug-property-source", """
2024-03-12 21:14:55.201 DEBUG 1 --- [main] o.s.c.e.PropertySourcesPropertyResolver : Found key 'spring.mail.password' in PropertySource 'applicationConfig: [classpath:/application-prod.properties]' with value of type String: ⟦{pw}⟧
""", "Found key 'spring.mail.password'")
_t(G, "sshd-auth-log-password-as-username", """
Mar 12 23:41:07 ⟨hostshort⟩ sshd[⟨pid⟩]: Invalid user ⟦{pww}⟧ from ⟨pubip⟩ port 52144
Mar 12 23:41:07 ⟨hostshort⟩ sshd[⟨pid⟩]: Failed password for invalid user ⟦=⟧ from ⟨pubip⟩ port 52144 ssh2
Mar 12 23:41:19 ⟨hostshort⟩ sshd[⟨pid2⟩]: Accepted password for ⟨user⟩ from ⟨pubip⟩ port 52151 ssh2
""", "Accepted password for ⟨user⟩")
_t(G, "wp-debug-log-http-request-headers", """
[12-Mar-2024 21:14:55 UTC] push-notify: POST https://api.⟨domain2⟩/v1/push {"headers":{"X-Auth-Token":"⟦{hex:48}⟧","Content-Type":"application/json"},"body":"{\\"title\\":\\"BREAKING\\"}"}
""", "push-notify: POST https://api.⟨domain2⟩/v1/push")
_t(G, "fcm-legacy-server-key-error-log", """
2024-03-12 21:14:55 ERROR push: FCM send failed (401 Unauthorized) using server key ⟦{fcm}⟧ — migrate to HTTP v1
""", "FCM send failed (401 Unauthorized)")
_t(G, "alembic-env-print-url", """
INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
INFO  [alembic.env] using url postgresql://⟨user⟩:⟦{pwur}⟧@⟨dbhost⟩/⟨db⟩
INFO  [alembic.runtime.migration] Running upgrade ⟨hex12⟩ -> ⟨hex12b⟩, add paywall meter
""", "Context impl PostgresqlImpl.")
_t(G, "airflow-task-log-conn-uri", """
[2024-11-05, 21:00:04 UTC] {base.py:83} INFO - Using connection ID 'ap_elections' for task execution.
[2024-11-05, 21:00:04 UTC] {logging_mixin.py:188} INFO - conn uri: https://elex:⟦{pwur}⟧@elections-feed.⟨domain2⟩/v3
""", "Using connection ID 'ap_elections'")
_t(G, "jenkins-console-docker-login-p", """
[Pipeline] sh
+ docker login -u ⟨svc⟩ -p ⟦{pwr}⟧ registry.⟨domain⟩
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded
""", "Login Succeeded")
_t(G, "npm-debug-log-url-with-token", """
12 verbose stack HttpErrorGeneral: 404 Not Found - GET https://npm.pkg.github.com/@⟨pubslug⟩%2fdesign-system
13 verbose url https://⟨user⟩:⟦{ghp}⟧@npm.pkg.github.com/@⟨pubslug⟩%2fdesign-system
14 verbose cwd /home/runner/work/frontend
""", "@⟨pubslug⟩%2fdesign-system")
_t(G, "gunicorn-access-log-sessionid-cookie", """
⟨pubip⟩ - - [12/Mar/2024:21:14:55 +0000] "GET /admin/moderation/ HTTP/1.1" 200 48211 "-" "Mozilla/5.0" cookies="sessionid=⟦{lower:32}⟧; django_language=de"
""", "GET /admin/moderation/")
_t(G, "mongodb-log-client-metadata-uri", """
{"t":{"$date":"⟨ts⟩"},"s":"I","c":"NETWORK","id":51800,"ctx":"conn42","msg":"client metadata","attr":{"remote":"⟨ip⟩:50112","client":"conn42","doc":{"application":{"name":"mongodb+srv://⟨svc⟩:⟦{pwur}⟧@comments.⟨lower5⟩.mongodb.net"},"driver":{"name":"nodejs","version":"6.3.0"}}}}
""", '"msg":"client metadata"')
_t(G, "redis-monitor-auth-command", """
1710277201.123456 [0 ⟨ip⟩:53122] "AUTH" "⟦{pwr}⟧"
1710277201.124001 [0 ⟨ip⟩:53122] "GET" "liveblog:⟨slug⟩:latest"
""", "liveblog:⟨slug⟩:latest")
_t(G, "python-ldap3-debug-bind-request", """
DEBUG:ldap3:BIND request <{'version': 3, 'name': 'cn=cms-bind,ou=svc,dc=⟨pubslug⟩,dc=com', 'authentication': {'sasl': None, 'simple': '⟦{pw}⟧'}}> sent via <ldaps://ldap.⟨domain⟩:636>
""", "cn=cms-bind,ou=svc,dc=⟨pubslug⟩,dc=com")
_t(G, "ghost-json-log-mail-error-config", """
{"name":"Log","hostname":"⟨hostshort⟩","pid":⟨pid⟩,"level":50,"err":{"message":"Invalid login: 535 Authentication failed","code":"EAUTH","config":{"host":"smtp.eu.mailgun.org","auth":{"user":"postmaster@mg.⟨domain⟩","pass":"⟦{hex:32}-{hex:8}-{hex:8}⟧"}}},"msg":"Failed to send email","time":"⟨ts⟩"}
""", "Invalid login: 535 Authentication failed")
_t(G, "android-logcat-okhttp-bearer", """
03-12 21:14:55.123  ⟨pid⟩  ⟨pid2⟩ D OkHttp  : --> GET https://api.⟨domain⟩/v2/me/subscriptions
03-12 21:14:55.124  ⟨pid⟩  ⟨pid2⟩ D OkHttp  : Authorization: Bearer ⟦{jwt}⟧
03-12 21:14:55.124  ⟨pid⟩  ⟨pid2⟩ D OkHttp  : --> END GET
""", "https://api.⟨domain⟩/v2/me/subscriptions")
_t(G, "k8s-crashloop-log-env-json", """
Error: Missing AP_ELECTIONS_URL
Environment snapshot: {"AP_ELECTIONS_KEY":"⟦{alnum:32}⟧","TZ":"America/New_York","POLL_SECONDS":"15"}
    at loadConfig (/app/dist/config.js:22:11)
""", "Missing AP_ELECTIONS_URL")
_t(G, "lambda-log-event-authorization", """
START RequestId: ⟨uuid⟩ Version: $LATEST
⟨ts⟩	⟨uuid⟩	INFO	event {"rawPath":"/paywall/entitlements","headers":{"host":"api.⟨domain⟩","authorization":"Bearer ⟦{b64u:64}⟧"}}
END RequestId: ⟨uuid⟩
""", '"rawPath":"/paywall/entitlements"')
_t(G, "vercel-build-log-inline-env", """
[21:14:01.332] Running "vercel build"
[21:14:02.101] > CONTENTFUL_SPACE=⟨lower12⟩ CONTENTFUL_MANAGEMENT_TOKEN=⟦CFPAT-{b64u:43}⟧ next build
[21:14:09.774] ✓ Compiled successfully
""", 'Running "vercel build"')
_t(G, "traefik-json-access-log-basic-header", """
{"ClientHost":"⟨pubip⟩","DownstreamStatus":200,"RequestMethod":"GET","RequestPath":"/embargo/⟨slug⟩","RouterName":"embargo@docker","request_Authorization":"Basic ⟦{basic}⟧","time":"⟨ts⟩"}
""", '"RouterName":"embargo@docker"')
_t(G, "pm2-log-startup-argv-password", """
0|wire-ingest  | ⟨ts⟩: Starting with args: [ '--feed', 'afp', '--user', '⟨user⟩', '--password', '⟦{pw}⟧' ]
0|wire-ingest  | ⟨ts⟩: connected, 0 items pending
""", "0|wire-ingest")
_t(G, "sentry-event-extra-sys-argv", """
"extra": {
  "sys.argv": ["manage.py", "sync_newsletters", "--beehiiv-key", "⟦{alnum:64}⟧", "--publication", "pub_⟨uuid⟩"]
},
""", "sync_newsletters")
_t(G, "consul-template-trace-vault-read", """
2024/03/12 21:14:55.201 [DEBUG] (runner) rendering "db.ctmpl" => "/etc/arc-sync/db.env"
2024/03/12 21:14:55.202 [TRACE] (view) vault.read(secret/data/arc/db) returned: map[password:⟦{pwr}⟧ username:arc_rw]
""", "vault.read(secret/data/arc/db)")
_t(G, "cloudwatch-retry-log-client-secret", """
2024-03-12T21:14:55.201Z WARN [paywall-sync] retry 3/5 connecting to Zuora rest.eu.zuora.com client_id=⟨uuid⟩ client_secret=⟦{b64u:40}⟧ err=ETIMEDOUT
""", "[paywall-sync] retry 3/5")
_t(G, "gitlab-job-log-cat-npmrc", """
$ echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc
$ cat .npmrc   # debug, remove later
//registry.npmjs.org/:_authToken=⟦{npm}⟧
$ npm publish --access restricted
""", "npm publish --access restricted")
_t(G, "terraform-plan-output-password-attribute", """
  # mailgun_domain_credential.newsletter will be created
  + resource "mailgun_domain_credential" "newsletter" {
      + domain   = "mg.⟨domain⟩"
      + id       = (known after apply)
      + login    = "digest"
      + password = "⟦{pwr}⟧"
    }
""", "mailgun_domain_credential.newsletter will be created")
_t(G, "ansible-verbose-loop-item-password", """
ok: [⟨hostshort⟩] => (item={'name': 'smtp_user', 'value': 'alerts@⟨domain⟩'})
changed: [⟨hostshort⟩] => (item={'name': 'smtp_password', 'value': '⟦{pw}⟧'})
""", "item={'name': 'smtp_user'")
_t(G, "wp-cron-log-ftp-url-userinfo", """
[cron ⟨time⟩] syndication push: ftp://⟨user⟩:⟦{pwu}⟧@ftp.⟨domain2⟩/inbound/⟨slug⟩.xml -> 226 Transfer complete
""", "226 Transfer complete")
_t(G, "php-guzzle-clientexception-apikey-url", """
PHP Fatal error:  Uncaught GuzzleHttp\\Exception\\ClientException: Client error: `GET https://api.⟨domain2⟩/v1/images?apikey=⟦{alnum:24}⟧&phrase=⟨city⟩` resulted in a `401 Unauthorized` response
""", "GuzzleHttp\\Exception\\ClientException")
_t(G, "ruby-net-http-debug-output-body", """
<- "POST /oauth/token HTTP/1.1\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\nHost: auth.⟨domain⟩\\r\\n\\r\\n"
<- "grant_type=password&username=⟨user⟩&password=⟦{pwu}⟧&client_id=cms-desktop"
-> "HTTP/1.1 200 OK\\r\\n"
""", "client_id=cms-desktop")

_t(G, "varnishlog-reqheader-authorization", """
*   << Request  >> ⟨pid⟩
-   ReqMethod      GET
-   ReqURL         /api/paywall/entitlements?uid=⟨uuid⟩
-   ReqHeader      Host: www.⟨domain⟩
-   ReqHeader      Authorization: Bearer ⟦{b64u:56}⟧
-   VCL_call       RECV
""", "ReqURL         /api/paywall/entitlements?uid=⟨uuid⟩")
_t(G, "uwsgi-startup-log-env-dump", """
*** Operational MODE: preforking ***
spawned uWSGI worker 1 (pid: ⟨pid⟩, cores: 1)
[env] TIPLINE_SMS_FROM=+4420⟨digits8⟩
[env] TWILIO_AUTH_TOKEN=⟦{hex:32}⟧
""", "*** Operational MODE: preforking ***")

# ===========================================================================
# SECRETS — group: note-or-chat (agent notes, pasted chat/email, many languages)
# ===========================================================================
G = "note-or-chat"
_t(G, "slack-handover-ssh-password-en", """
[⟨time⟩] ⟨first⟩: handing the election-night results box over to @⟨first2⟩ — ssh ⟨user⟩@⟨host⟩, pw is ⟦{pw}⟧ (rotate after Friday pls)
[⟨time⟩] ⟨first2⟩: 👍 got it
""", "ssh ⟨user⟩@⟨host⟩")
_t(G, "spanish-chat-wifi-sala-de-prensa", """
⟨first⟩: la clave del wifi de la sala de prensa es ⟦{pw}⟧ — no la pongáis en el grupo grande, porfa
""", "la clave del wifi de la sala de prensa")
_t(G, "french-chat-identifiants-fil-afp", """
⟨first⟩ : pour le fil AFP, identifiant ⟨user⟩ et mot de passe ⟦{pw}⟧ — c'est le compte partagé du desk web, ne le changez pas sans prévenir.
""", "identifiant ⟨user⟩")
_t(G, "german-chat-zugangsdaten-bildarchiv", """
⟨first⟩: Zugangsdaten fürs Bildarchiv (DAM): Benutzer ⟨user⟩, Passwort ⟦{pw}⟧. Bitte nicht weitergeben!
""", "Benutzer ⟨user⟩")
_t(G, "portuguese-chat-senha-piano-sandbox", """
⟨first⟩: a senha do painel do Piano (sandbox) é ⟦{pw}⟧, login ⟨email⟩ — depois a gente troca
""", "login ⟨email⟩")
_t(G, "italian-chat-credenziali-cms", """
⟨first⟩: ti mando le credenziali del CMS: utente ⟨user⟩ / password ⟦{pw}⟧. Cambiala al primo accesso, mi raccomando.
""", "utente ⟨user⟩")
_t(G, "dutch-chat-wachtwoord-ftp-drukkerij", """
⟨first⟩: het wachtwoord voor de FTP van de drukkerij is ⟦{pw}⟧ (gebruiker: ⟨user⟩). Pagina's vóór 23:30 uploaden!
""", "gebruiker: ⟨user⟩")
_t(G, "polish-chat-haslo-konto-x", """
⟨first⟩: hasło do konta redakcyjnego na X: ⟦{pw}⟧ — login ⟨user⟩, nie wrzucaj tego na ogólny kanał
""", "login ⟨user⟩")
_t(G, "swedish-chat-losenord-valdata", """
⟨first⟩: lösenordet till valdata-flödet är ⟦{pw}⟧, användarnamn ⟨user⟩. Gäller bara valnatten.
""", "användarnamn ⟨user⟩")
_t(G, "norwegian-note-passord-tipskasse", """
Notat fra ⟨first⟩: Passord til tipskassa (SecureDrop, journalistkonto): ⟦{phrase}⟧ – bruk kun fra Tails-maskinen.
""", "SecureDrop, journalistkonto")
_t(G, "danish-chat-adgangskode-nyhedsbrev", """
⟨first⟩: adgangskoden til nyhedsbrev-kontoen er ⟦{pw}⟧ — brugernavn er ⟨email⟩
""", "brugernavn er ⟨email⟩")
_t(G, "finnish-chat-salasana-instagram", """
⟨first⟩: toimituksen Instagram-tilin salasana on ⟦{pw}⟧, älä jaa eteenpäin.
""", "toimituksen Instagram-tilin salasana")
_t(G, "japanese-chat-cms-password", """
⟨first⟩: 速報用の CMS アカウント（⟨user⟩）のパスワードは ⟦{pw}⟧ です。今夜だけ使ってください。
""", "速報用の CMS アカウント（⟨user⟩）")
_t(G, "chinese-simplified-chat-mima-tuku", """
⟨first⟩：图片库账号 ⟨user⟩，密码 ⟦{pw}⟧，用完请告诉我改密码。
""", "图片库账号 ⟨user⟩")
_t(G, "korean-chat-election-api-key", """
⟨first⟩: 선거 개표 데이터 API 키는 ⟦{alnum:32}⟧ 입니다. 외부 공유 금지!
""", "선거 개표 데이터 API 키는")
_t(G, "arabic-chat-newsletter-password", """
⟨first⟩: كلمة المرور لحساب النشرة البريدية هي ⟦{pw}⟧ — لا تشاركها خارج الفريق
""", "لحساب النشرة البريدية")
_t(G, "hindi-chat-cms-password", """
⟨first⟩: न्यूज़ डेस्क CMS का पासवर्ड ⟦{pw}⟧ है, यूज़रनेम ⟨user⟩ — किसी को फ़ॉरवर्ड मत करना
""", "यूज़रनेम ⟨user⟩")
_t(G, "turkish-chat-youtube-yayin-anahtari", """
⟨first⟩: canlı yayın için YouTube yayın anahtarı: ⟦{ytkey}⟧ — kimseyle paylaşma, seçim gecesinden sonra yenileriz
""", "canlı yayın için YouTube yayın anahtarı")
_t(G, "russian-chat-parol-adminka-kommentariev", """
⟨first⟩: пароль от админки комментариев — ⟦{pw}⟧, логин ⟨user⟩. После смены сообщу.
""", "логин ⟨user⟩")
_t(G, "ukrainian-chat-parol-fotoarkhiv", """
⟨first⟩: пароль до фотоархіву: ⟦{pw}⟧ (логін ⟨user⟩), не пересилайте, будь ласка
""", "(логін ⟨user⟩)")
_t(G, "greek-chat-ghost-admin-kodikos", """
⟨first⟩: ο κωδικός για το Ghost admin είναι ⟦{pw}⟧ — χρήστης ⟨email⟩
""", "χρήστης ⟨email⟩")
_t(G, "hebrew-chat-newsletter-password", """
⟨first⟩: הסיסמה למערכת הניוזלטר היא ⟦{pw}⟧, שם משתמש ⟨user⟩
""", "שם משתמש ⟨user⟩")
_t(G, "indonesian-chat-kata-sandi-cms", """
⟨first⟩: kata sandi akun redaksi di CMS: ⟦{pw}⟧ (user ⟨user⟩). Tolong diganti setelah login ya.
""", "(user ⟨user⟩)")
_t(G, "vietnamese-chat-mat-khau-facebook", """
⟨first⟩: mật khẩu tài khoản Facebook của tòa soạn là ⟦{pw}⟧, đừng chia sẻ ra ngoài nhé
""", "tài khoản Facebook của tòa soạn")
_t(G, "catalan-chat-contrasenya-agencia", """
⟨first⟩: la contrasenya del compte de l'agència és ⟦{pw}⟧ i l'usuari ⟨user⟩
""", "l'usuari ⟨user⟩")
_t(G, "czech-chat-heslo-agentura", """
⟨first⟩: heslo k účtu u tiskové agentury je ⟦{pw}⟧, login ⟨user⟩ — prosím neposílat dál
""", "login ⟨user⟩ — prosím")
_t(G, "hungarian-chat-jelszo-szerkesztoseg", """
⟨first⟩: a szerkesztőségi fiók jelszava: ⟦{pw}⟧ (felhasználó: ⟨user⟩)
""", "(felhasználó: ⟨user⟩)")
_t(G, "romanian-chat-parola-arhiva-foto", """
⟨first⟩: parola pentru contul de arhivă foto este ⟦{pw}⟧, utilizator ⟨user⟩
""", "utilizator ⟨user⟩")
_t(G, "swahili-chat-nenosiri-akaunti", """
⟨first⟩: nenosiri la akaunti ya habari kwenye CMS ni ⟦{pw}⟧, jina la mtumiaji ni ⟨user⟩
""", "jina la mtumiaji ni ⟨user⟩")
_t(G, "tagalog-chat-password-cms", """
⟨first⟩: ang password ng CMS account natin ay ⟦{pw}⟧ — username ⟨user⟩, huwag i-share sa labas
""", "username ⟨user⟩, huwag")
_t(G, "agent-note-creds-abbrev-slash", """
NOTE (agent): creds for wire ingest = ⟨user⟩ / ⟦{pw}⟧ (from ⟨first⟩'s DM). Using them only for the ⟨date⟩ backfill; ask for a service account afterwards.
""", "creds for wire ingest = ⟨user⟩ /")
_t(G, "agent-running-notes-checklist-pw", """
- [x] reproduced 401 from Reuters Connect with old client secret
- [ ] retry with new secret; pw: ⟦{pwr}⟧
- [ ] ask ⟨first⟩ to rotate once the backfill is done
""", "reproduced 401 from Reuters Connect")
_t(G, "jira-comment-temp-admin-login", """
PLAT-⟨digits4⟩ — comment by ⟨person⟩:
Temporary admin login for the Brightspot staging instance: ⟨user⟩ / ⟦{pw}⟧ — expires Friday, please don't reuse.
""", "PLAT-⟨digits4⟩")
_t(G, "email-pasted-vendor-onboarding-key-block", """
From: onboarding@⟨vendordomain⟩
Subject: Your production API credentials

Hi ⟨first⟩,

Your production key for the syndication feed is below. Keep it safe.

    ⟦{alnum:40}⟧

Regards,
Partner Support
""", "Subject: Your production API credentials")
_t(G, "meeting-notes-securedrop-passphrase", """
Tip line sync (⟨date⟩)
* SecureDrop journalist workstation passphrase changed → ⟦{phrase}⟧
* Signal number for tips stays the same
* Next key-signing: after the election
""", "Tip line sync (⟨date⟩)")
_t(G, "handover-markdown-table-password", """
| System | User | Password | Notes |
|---|---|---|---|
| Arc Composer (sandbox) | ⟨user⟩ | ⟦{pw}⟧ | shared by night desk |
| Chartbeat | (SSO) | — | use Okta |
""", "| Arc Composer (sandbox) | ⟨user⟩ |")
_t(G, "slack-thread-username-then-bare-password", """
⟨first⟩: here's what you asked for
⟨first⟩: ⟨user⟩
⟨first⟩: ⟦{pw}⟧
⟨first2⟩: got it, logged in to the photo desk NAS, thanks
""", "here's what you asked for")
_t(G, "twofa-backup-code-note", """
Backup code for the @⟨pubslug⟩news X account (2FA phone is with ⟨first⟩): ⟦{lower:4}-{lower:4}-{lower:4}⟧ — one-time use
""", "@⟨pubslug⟩news X account")
_t(G, "totp-seed-shared-page-admin", """
2FA seed for the shared Facebook page admin (add it to the desk phone's authenticator): ⟦{b32:32}⟧
""", "shared Facebook page admin")
_t(G, "tails-persistent-volume-passphrase", """
⟨first⟩: the Tails persistent-volume passphrase on the investigations laptop is "⟦{phrase}⟧" — memorise it, I'm deleting this in an hour
""", "investigations laptop")
_t(G, "chat-emoji-bare-password", """
⟨first⟩: 🔑 ⟦{pw}⟧ 👈 new one for the photo desk NAS (old one stopped working after IT's reset)
""", "new one for the photo desk NAS")
_t(G, "chat-typo-correction-password", """
⟨first⟩: pass is the same as the CMS one
⟨first⟩: sorry no — it's ⟦{pw}⟧ for the embargo preview site
""", "for the embargo preview site")
_t(G, "voicemail-pin-note", """
Newsroom tips voicemail (ext. ⟨digits4⟩) — PIN: ⟦{digits:8}⟧. Check it every morning before the 9:30.
""", "Newsroom tips voicemail (ext. ⟨digits4⟩)")
_t(G, "ical-description-meeting-passcode", """
BEGIN:VEVENT
SUMMARY:Election night bridge — desk leads
DESCRIPTION:Join: https://meet.⟨domain⟩/j/⟨digits10⟩\\nPasscode: ⟦{alnum:10}⟧\\nDial-in: +44 20 ⟨digits8⟩
END:VEVENT
""", "SUMMARY:Election night bridge — desk leads")
_t(G, "github-issue-comment-leaked-token", """
@⟨user⟩ the token you pasted in the last comment (`⟦{ghp}⟧`) is still valid — please revoke it in Settings → Developer settings and edit the comment.
""", "please revoke it in Settings")
_t(G, "german-teams-message-parsely-secret", """
⟨first⟩: Hier das API-Secret für Parse.ly: ⟦{b64u:43}⟧ (nicht der öffentliche Key ⟨domain⟩!)
""", "Parse.ly")
_t(G, "whatsapp-export-portuguese-wifi", """
12/03/2024, 21:14 - ⟨person⟩: login do wifi do centro de apuração: rede "Apuracao-Imprensa", senha ⟦{pw}⟧
12/03/2024, 21:15 - ⟨person2⟩: valeu!
""", "rede \"Apuracao-Imprensa\"")
_t(G, "agent-goal-rotate-leaked-key", """
GOAL: rotate the Mailchimp key ⟦{mc}⟧ that leaked in ⟨chan⟩, then update Vault path secret/newsletter/mailchimp and redeploy the digest worker.
""", "secret/newsletter/mailchimp")
_t(G, "decision-log-shared-account", """
DECISION ⟨date⟩: keep using the shared elections account (⟨user⟩, password ⟦{pw}⟧) until the vendor issues individual keys. Owner: ⟨person⟩.
""", "Owner: ⟨person⟩")
_t(G, "todo-webhook-secret-laptop-only", """
TODO: put STRIPE_WEBHOOK_SECRET=⟦{whsec}⟧ into the staging env (right now it only exists on my laptop) — ⟨first⟩
""", "into the staging env")
_t(G, "sticky-note-photo-transcription", """
[photo of a sticky note on the night editor's monitor, transcribed]
CMS
⟨user⟩
⟦{pw}⟧
(do not remove!!)
""", "sticky note on the night editor's monitor")
_t(G, "email-reply-quoted-temp-password", """
> On Tue, ⟨date⟩, ⟨person⟩ wrote:
> The temporary password for the syndication portal is ⟦{pw}⟧
> Username is your work email.

Thanks, that worked — changed it already.
""", "Username is your work email.")
_t(G, "spanish-mexico-chat-acceso-prep", """
⟨first⟩: ya quedó el acceso al PREP para la mesa de datos: usuario ⟨user⟩, contraseña ⟦{pw}⟧. Cualquier cosa me avisan.
""", "usuario ⟨user⟩")
_t(G, "french-handover-slack-bot-jeton", """
Note de passation (⟨date⟩) : le jeton du bot Slack du pupitre est ⟦{xoxb}⟧ — à régénérer si quelqu'un quitte l'équipe.
""", "Note de passation (⟨date⟩)")
_t(G, "german-protokoll-agentur-kennwort", """
Protokoll Desk-Runde ⟨date⟩: Neues Kennwort für den Agentur-Zugang (Benutzer ⟨user⟩): ⟦{pw}⟧ – gilt ab Montag.
""", "Protokoll Desk-Runde ⟨date⟩")
_t(G, "italian-email-token-risultati", """
Ciao ⟨first⟩, ecco il token per l'API dei risultati elettorali: ⟦{hex:40}⟧. Scade il 30 giugno, poi lo rinnoviamo.
""", "per l'API dei risultati elettorali")
_t(G, "japanese-handover-api-key-memo", """
引き継ぎメモ（⟨date⟩）: 配信 API のキー → ⟦{alnum:40}⟧（本番用、Slack に貼らないこと）
""", "引き継ぎメモ（⟨date⟩）")
_t(G, "chinese-traditional-social-scheduler", """
交接：社群排程工具帳號 ⟨email⟩ / 密碼 ⟦{pw}⟧，請勿外流。
""", "社群排程工具帳號 ⟨email⟩")
_t(G, "korean-chat-nas-password-changed", """
⟨first⟩: 사진부 NAS 비밀번호 바뀌었어요: ⟦{pw}⟧ (계정 ⟨user⟩)
""", "(계정 ⟨user⟩)")
_t(G, "dutch-note-api-sleutel-feed", """
Notitie ⟨first⟩: API-sleutel voor de persbureau-feed: ⟦{hex:32}⟧ — niet in Git zetten.
""", "niet in Git zetten")
_t(G, "english-chat-vault-passphrase-quoted", """
⟨first⟩: the master passphrase for the shared 1Password vault "Investigations" is "⟦{phrase}⟧" — memorise and delete this message
""", 'shared 1Password vault "Investigations"')
_t(G, "agent-scratchpad-plan-with-key", """
Plan: call Chartbeat with apikey ⟦{hex:32}⟧ (found in the ops wiki) and compare top pages against Parse.ly for ⟨date⟩.
""", "compare top pages against Parse.ly")
_t(G, "screenshot-ocr-login-box", """
[image text, OCR] Username: ⟨user⟩   Password: ⟦{pw}⟧   Server: ⟨host⟩   [ Sign in ]
""", "Server: ⟨host⟩")

# ===========================================================================
# SECRETS — group: ci-and-deploy
# ===========================================================================
G = "ci-and-deploy"
_t(G, "github-actions-job-env-hardcoded", """
jobs:
  deploy:
    runs-on: ubuntu-latest
    env:
      WPVIP_APP: ⟨pubslug⟩
      WPVIP_DEPLOY_TOKEN: ⟦{hex:64}⟧
    steps:
      - uses: actions/checkout@v4
""", "WPVIP_APP: ⟨pubslug⟩")
_t(G, "github-actions-with-token-literal", """
      - name: Open content-model PR
        uses: peter-evans/create-pull-request@v6
        with:
          token: ⟦{ghp}⟧
          branch: bot/content-model-⟨datecompact⟩
""", "peter-evans/create-pull-request@v6")
_t(G, "gitlab-ci-variables-block-token", """
variables:
  DOCKER_DRIVER: overlay2
  ARC_ORG: ⟨pubslug⟩
  ARC_TOKEN: "⟦{alnum:64}⟧"

deploy_sandbox:
  stage: deploy
""", "ARC_ORG: ⟨pubslug⟩")
_t(G, "circleci-job-environment-sentry", """
jobs:
  release:
    docker:
      - image: cimg/node:20.11
    environment:
      SENTRY_ORG: ⟨pubslug⟩
      SENTRY_AUTH_TOKEN: ⟦{sntrys}⟧
""", "SENTRY_ORG: ⟨pubslug⟩")
_t(G, "jenkinsfile-environment-block", """
pipeline {
  agent any
  environment {
    STRIPE_KEY = '⟦{sktest}⟧'
    PAYWALL_ENV = 'staging'
  }
""", "PAYWALL_ENV = 'staging'")
_t(G, "jenkinsfile-sh-curl-user-pass", """
stage('Publish chart') {
  steps {
    sh "curl -fsS -u ⟨svc⟩:⟦{pwr}⟧ --upload-file cms-${BUILD_NUMBER}.tgz https://nexus.⟨domain⟩/repository/helm/"
  }
}
""", "https://nexus.⟨domain⟩/repository/helm/")
_t(G, "dockerfile-env-mailchimp-key", """
FROM node:20-alpine
WORKDIR /app
ENV NODE_ENV=production
ENV MAILCHIMP_API_KEY=⟦{mc}⟧
COPY . .
RUN npm ci --omit=dev
""", "FROM node:20-alpine")
_t(G, "dockerfile-arg-default-npm-token", """
FROM node:20 AS build
ARG NPM_TOKEN=⟦{npm}⟧
RUN echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > ~/.npmrc && npm ci
""", "FROM node:20 AS build")
_t(G, "k8s-secret-stringdata-plain", """
apiVersion: v1
kind: Secret
metadata:
  name: piano
  namespace: paywall
type: Opaque
stringData:
  aid: ⟨alnum10⟩
  api-token: ⟦{alnum:40}⟧
""", "namespace: paywall")
_t(G, "k8s-secret-data-base64-password", """
apiVersion: v1
kind: Secret
metadata:
  name: ghost-db
data:
  username: Z2hvc3Q=
  password: ⟦{b64pw}⟧
""", "name: ghost-db")
_t(G, "helm-upgrade-set-password-flag", """
helm upgrade --install ghost bitnami/ghost -n newsletter \\
  --set ghostHost=newsletter.⟨domain⟩ \\
  --set ghostPassword='⟦{pwr}⟧' \\
  --set mysql.auth.existingSecret=ghost-mysql
""", "ghostHost=newsletter.⟨domain⟩")
_t(G, "terraform-variable-default-api-key", """
variable "datadog_api_key" {
  type      = string
  default   = "⟦{hex:32}⟧"
  sensitive = true
}
""", "variable \"datadog_api_key\"")
_t(G, "ansible-task-mysql-user-password", """
- name: Create wire ingest DB user
  community.mysql.mysql_user:
    name: wire
    host: "10.%"
    password: "⟦{pwr}⟧"
    priv: "wire.*:ALL"
""", "Create wire ingest DB user")
_t(G, "bitbucket-pipelines-pipe-variables", """
- step:
    name: Deploy static election widgets
    script:
      - pipe: atlassian/aws-s3-deploy:1.1.0
        variables:
          AWS_ACCESS_KEY_ID: ⟨akid⟩
          AWS_SECRET_ACCESS_KEY: ⟦{awssk}⟧
          S3_BUCKET: ⟨bucket⟩
""", "S3_BUCKET: ⟨bucket⟩")
_t(G, "travis-yml-env-global", """
language: node_js
node_js: "20"
env:
  global:
    - CHROMATIC_PROJECT_TOKEN=⟦chpt_{hex:14}⟧
    - STORYBOOK_SITE=⟨domain⟩
""", "STORYBOOK_SITE=⟨domain⟩")
_t(G, "drone-yml-docker-plugin-password", """
steps:
- name: publish
  image: plugins/docker
  settings:
    registry: registry.⟨domain⟩
    repo: registry.⟨domain⟩/cms
    username: ⟨svc⟩
    password: ⟦{pwr}⟧
""", "repo: registry.⟨domain⟩/cms")
_t(G, "argocd-repository-secret-stringdata", """
apiVersion: v1
kind: Secret
metadata:
  name: infra-repo
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://github.com/⟨pubslug⟩/infra
  username: not-used
  password: ⟦{ghp}⟧
""", "url: https://github.com/⟨pubslug⟩/infra")
_t(G, "vercel-json-build-env", """
{
  "framework": "nextjs",
  "build": {
    "env": {
      "SANITY_DATASET": "production",
      "SANITY_TOKEN": "⟦sk{alnum:180}⟧"
    }
  }
}
""", '"framework": "nextjs"')
_t(G, "fly-toml-env-database-url", """
app = "⟨pubslug⟩-comments"
primary_region = "ams"

[env]
  DATABASE_URL = "postgres://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩:5432/⟨db⟩"
""", "app = \"⟨pubslug⟩-comments\"")
_t(G, "render-yaml-envvars-value", """
services:
  - type: web
    name: paywall-api
    envVars:
      - key: STRIPE_SECRET_KEY
        value: ⟦{sklive}⟧
      - key: NODE_ENV
        value: production
""", "name: paywall-api")
_t(G, "heroku-app-json-env-value", """
{
  "name": "elex-results",
  "env": {
    "AP_KEY": { "description": "AP elections API key", "value": "⟦{alnum:32}⟧" },
    "POLL_SECONDS": { "value": "15" }
  }
}
""", '"name": "elex-results"')
_t(G, "serverless-yml-provider-environment", """
service: tipline-sms
provider:
  name: aws
  runtime: nodejs20.x
  environment:
    TWILIO_ACCOUNT_SID: AC⟨hex32⟩
    TWILIO_AUTH_TOKEN: ⟦{hex:32}⟧
""", "service: tipline-sms")
_t(G, "sam-template-parameter-default-secret", """
Parameters:
  SlackSigningSecret:
    Type: String
    NoEcho: true
    Default: ⟦{hex:32}⟧
Resources:
  CorrectionsBotFunction:
""", "CorrectionsBotFunction")
_t(G, "cloudformation-rds-master-password", """
  CmsDatabase:
    Type: AWS::RDS::DBInstance
    Properties:
      Engine: postgres
      MasterUsername: cms_admin
      MasterUserPassword: ⟦{pwr}⟧
      DBInstanceClass: db.r6g.large
""", "MasterUsername: cms_admin")
_t(G, "docker-compose-ci-postgres-password", """
# docker-compose.ci.yml
services:
  paywall-db:
    image: postgres:16
    environment:
      - POSTGRES_DB=paywall
      - POSTGRES_PASSWORD=⟦{pwr}⟧
""", "POSTGRES_DB=paywall")
_t(G, "github-actions-run-curl-fastly-key", """
      - name: Purge CDN
        run: |
          curl -fsS -X POST -H "Fastly-Key: ⟦{b64u:32}⟧" \\
            https://api.fastly.com/service/${{ vars.FASTLY_SERVICE_ID }}/purge_all
""", "name: Purge CDN")
_t(G, "gitlab-ci-base64-ssh-key-echo", """
before_script:
  - mkdir -p ~/.ssh && chmod 700 ~/.ssh
  - echo "⟦{b64pem_ssh}⟧" | base64 -d > ~/.ssh/id_ed25519
  - ssh-keyscan ⟨host⟩ >> ~/.ssh/known_hosts
""", "ssh-keyscan ⟨host⟩")
_t(G, "buildkite-pipeline-env-token", """
env:
  PERCY_BRANCH: main
  PERCY_TOKEN: ⟦web_{hex:64}⟧
steps:
  - label: ":camera: visual diff"
""", "PERCY_BRANCH: main")
_t(G, "azure-pipelines-variables-storage-key", """
variables:
  - name: storageAccount
    value: ⟨pubslug⟩media
  - name: storageKey
    value: '⟦{azkey}⟧'
""", "value: ⟨pubslug⟩media")
_t(G, "kustomize-secretgenerator-literals", """
secretGenerator:
- name: coral-env
  literals:
  - TENANT_DOMAIN=comments.⟨domain⟩
  - SIGNING_SECRET=⟦{b64b:32}⟧
""", "TENANT_DOMAIN=comments.⟨domain⟩")
_t(G, "k8s-deployment-env-value-literal", """
        env:
        - name: BEEHIIV_PUBLICATION_ID
          value: pub_⟨uuid⟩
        - name: BEEHIIV_API_KEY
          value: "⟦{alnum:64}⟧"
""", "value: pub_⟨uuid⟩")
_t(G, "helm-values-prod-ghost-mail-password", """
# values-prod.yaml
ghost:
  url: https://newsletter.⟨domain⟩
  mail:
    host: smtp.⟨domain⟩
    user: newsletter@⟨domain⟩
    password: ⟦{pw}⟧
""", "url: https://newsletter.⟨domain⟩")
_t(G, "capistrano-repo-url-with-token", """
# config/deploy.rb
set :application, "rails-paywall"
set :repo_url, "https://⟨user⟩:⟦{ghp}⟧@github.com/⟨pubslug⟩/rails-paywall.git"
set :branch, "main"
""", "set :application, \"rails-paywall\"")
_t(G, "deploy-script-sshpass-rsync", """
#!/bin/sh
# deploy.sh — static election widgets
npm run build
sshpass -p "⟦{pw}⟧" rsync -az --delete build/ deploy@⟨host⟩:/var/www/⟨pubslug⟩/widgets/
""", "deploy.sh — static election widgets")
_t(G, "makefile-deploy-target-env-token", """
.PHONY: deploy
deploy:
	VIP_TOKEN=⟦{hex:64}⟧ vip @⟨pubslug⟩.production -- wp cache flush
""", ".PHONY: deploy")
_t(G, "gha-docker-login-action-password-literal", """
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: ⟨user⟩
          password: ⟦{ghp}⟧
""", "docker/login-action@v3")
_t(G, "gitlab-trigger-token-curl", """
trigger_rebuild:
  script:
    - curl -X POST --fail -F token=⟦glptt-{hex:40}⟧ -F ref=main https://gitlab.⟨domain⟩/api/v4/projects/⟨n⟩/trigger/pipeline
""", "https://gitlab.⟨domain⟩/api/v4/projects/⟨n⟩/trigger/pipeline")
_t(G, "argo-workflow-parameter-value", """
spec:
  entrypoint: print-export
  arguments:
    parameters:
    - name: sftp-host
      value: ftp.⟨domain2⟩
    - name: sftp-password
      value: ⟦{pw}⟧
""", "value: ftp.⟨domain2⟩")
_t(G, "nomad-job-env-stanza", """
task "parsely-sync" {
  driver = "docker"
  env {
    PARSELY_APIKEY = "⟨domain⟩"
    PARSELY_SECRET = "⟦{b64u:43}⟧"
  }
}
""", "task \"parsely-sync\"")
_t(G, "pulumi-config-set-plaintext-ci", """
- run: pulumi config set --plaintext mailgun:apiKey ⟦key-{hex:32}⟧ --stack prod
""", "--stack prod")
_t(G, "packer-variable-default-ssh-password", """
variable "ssh_password" {
  type    = string
  default = "⟦{pw}⟧"
}
source "qemu" "render-node" {
""", "source \"qemu\" \"render-node\"")
_t(G, "skaffold-yaml-build-args", """
build:
  artifacts:
  - image: ⟨pubslug⟩/frontend
    docker:
      buildArgs:
        SENTRY_AUTH_TOKEN: ⟦{sntrys}⟧
""", "image: ⟨pubslug⟩/frontend")
_t(G, "gha-workflow-dispatch-input-default", """
on:
  workflow_dispatch:
    inputs:
      wire_api_key:
        description: "Wire API key"
        default: "⟦{alnum:40}⟧"
""", "description: \"Wire API key\"")
_t(G, "fastfile-env-fastlane-password", """
# fastlane/Fastfile
ENV["FASTLANE_USER"] = "apps@⟨domain⟩"
ENV["FASTLANE_PASSWORD"] = "⟦{pw}⟧"
lane :beta do
  build_app(scheme: "NewsApp")
""", 'ENV["FASTLANE_USER"] = "apps@⟨domain⟩"')
_t(G, "fastlane-env-default-match-password", """
# fastlane/.env.default
MATCH_GIT_URL=git@github.com:⟨pubslug⟩/ios-certificates.git
MATCH_PASSWORD=⟦{phrased}⟧
""", "MATCH_GIT_URL=git@github.com:⟨pubslug⟩/ios-certificates.git")
_t(G, "android-gradle-signing-config", """
signingConfigs {
    release {
        storeFile file("../keys/⟨pubslug⟩-news.jks")
        storePassword "⟦{pw}⟧"
        keyAlias "news"
        keyPassword System.getenv("KEY_PASSWORD")
    }
}
""", "keyAlias \"news\"")
_t(G, "eas-json-build-env-expo-token", """
{
  "build": {
    "production": {
      "env": { "EXPO_TOKEN": "⟦{b64u:40}⟧", "APP_VARIANT": "production" }
    }
  }
}
""", '"APP_VARIANT": "production"')
_t(G, "vip-deploy-env-file-token", """
# .deploy.env (used by bin/deploy-vip.sh)
VIP_APP=⟨pubslug⟩
VIP_ENV=production
VIP_TOKEN=⟦{hex:64}⟧
""", "VIP_APP=⟨pubslug⟩")
_t(G, "gcloud-run-deploy-set-env-vars", """
gcloud run deploy newsletter-api --image ⟨region⟩-docker.pkg.dev/⟨pubslug⟩/apps/newsletter-api:⟨sha7⟩ \\
  --set-env-vars=POSTMARK_SERVER_TOKEN=⟦{uuid}⟧,REGION=eu --region europe-west1
""", "gcloud run deploy newsletter-api")
_t(G, "ecs-task-definition-environment", """
"containerDefinitions": [{
  "name": "paywall-sync",
  "environment": [
    {"name": "ZUORA_CLIENT_ID", "value": "⟨uuid⟩"},
    {"name": "ZUORA_CLIENT_SECRET", "value": "⟦{b64u:40}⟧"}
  ]
""", '"name": "paywall-sync"')
_t(G, "ansible-inventory-ansible-password", """
[wp_servers]
⟨ip⟩ ansible_user=deploy ansible_password=⟦{pw}⟧
⟨ip2⟩ ansible_user=deploy ansible_ssh_private_key_file=~/.ssh/wp_deploy
""", "ansible_ssh_private_key_file=~/.ssh/wp_deploy")
_t(G, "cloud-init-chpasswd-list", """
#cloud-config
hostname: render-⟨n⟩
chpasswd:
  list: |
    editor:⟦{pw}⟧
  expire: False
""", "hostname: render-⟨n⟩")
_t(G, "k8s-job-args-db-url", """
      containers:
      - name: migrate
        image: ⟨pubslug⟩/paywall:⟨sha7⟩
        args: ["--db-url", "postgres://⟨user⟩:⟦{pwu}⟧@⟨dbhost⟩/⟨db⟩", "--migrate"]
""", "image: ⟨pubslug⟩/paywall:⟨sha7⟩")
_t(G, "github-actions-services-postgres-env", """
    services:
      postgres:
        image: postgres:16
        env:
          POSTGRES_USER: elex
          POSTGRES_PASSWORD: ⟦{pwr}⟧
        ports: ["5432:5432"]
""", "POSTGRES_USER: elex")
_t(G, "tfvars-json-newrelic-key", """
{
  "newrelic_account_id": ⟨digits7⟩,
  "newrelic_api_key": "⟦NRAK-{upper:27}⟧"
}
""", '"newrelic_account_id": ⟨digits7⟩')
_t(G, "gitlab-ci-include-remote-with-token", """
include:
  - remote: 'https://⟨user⟩:⟦{glpat}⟧@gitlab.⟨domain⟩/platform/ci-templates/-/raw/main/wordpress.yml'
""", "/platform/ci-templates/-/raw/main/wordpress.yml")
_t(G, "procfile-release-pgpassword", """
release: PGPASSWORD=⟦{pw}⟧ psql -h ⟨dbhost⟩ -U ⟨user⟩ -d ⟨db⟩ -f db/migrate.sql
web: node server.js
""", "web: node server.js")
_t(G, "k8s-cronjob-command-x-api-key", """
          containers:
          - name: sitemaps
            image: curlimages/curl:8.6.0
            command: ["/bin/sh", "-c", "curl -fsS -H 'X-Api-Key: ⟦{alnum:40}⟧' https://⟨domain⟩/internal/rebuild-sitemaps"]
""", "name: sitemaps")
_t(G, "ci-yaml-block-scalar-openssh-key", """
variables:
  SSH_PRIVATE_KEY: |
    -----BEGIN OPENSSH PRIVATE KEY-----
    ⟦{pem_ssh_ind}⟧
    -----END OPENSSH PRIVATE KEY-----
  DEPLOY_HOST: ⟨host⟩
""", "DEPLOY_HOST: ⟨host⟩")
_t(G, "gha-build-push-build-args-ga4-secret", """
      - uses: docker/build-push-action@v5
        with:
          push: true
          tags: ghcr.io/⟨pubslug⟩/web:⟨sha7⟩
          build-args: |
            GA4_MEASUREMENT_ID=G-⟨upper10⟩
            GA4_API_SECRET=⟦{b64u:22}⟧
""", "GA4_MEASUREMENT_ID=G-⟨upper10⟩")
_t(G, "circleci-context-store-secret-herestring", """
circleci context store-secret github ⟨pubslug⟩ prod-deploy SLACK_BOT_TOKEN <<< "⟦{xoxb}⟧"
""", "prod-deploy SLACK_BOT_TOKEN")
_t(G, "teamcity-parameter-xml-password", """
<parameters>
  <param name="env.WPVIP_USER" value="⟨svc⟩" />
  <param name="env.WPVIP_PASS" value="⟦{pw}⟧" spec="password display='hidden'" />
</parameters>
""", '<param name="env.WPVIP_USER" value="⟨svc⟩" />')

# ===========================================================================
# SECRETS — group: vendor-token (vendor credentials with their own shapes)
# ===========================================================================
G = "vendor-token"
_t(G, "github-classic-pat", """
GitHub PAT for the archive-migration bot (repo scope, expires ⟨date⟩): ⟦{ghp}⟧
""", "archive-migration bot")
_t(G, "github-fine-grained-pat", """
GH_TOKEN=⟦github_pat_11{upper:20}_{alnum:59}⟧  # fine-grained, ⟨pubslug⟩/cms-theme only
""", "⟨pubslug⟩/cms-theme only")
_t(G, "github-app-user-to-server-token", """
{"token_type":"bearer","access_token":"⟦ghu_{alnum:36}⟧","expires_in":28800,"refresh_token_expires_in":15811200,"scope":""}
""", '"expires_in":28800')
_t(G, "gitlab-personal-access-token", """
gitlab.⟨domain⟩ token for the render pipeline (api, read_registry): ⟦{glpat}⟧
""", "gitlab.⟨domain⟩ token for the render pipeline")
_t(G, "gitlab-deploy-token", """
deploy token "k8s-pull" — username gitlab+deploy-token-⟨digits6⟩, token ⟦gldt-{b64u:20}⟧
""", "gitlab+deploy-token-⟨digits6⟩")
_t(G, "slack-bot-token-xoxb", """
SLACK_BOT_TOKEN=⟦{xoxb}⟧  # corrections-bot, ⟨chan⟩
""", "corrections-bot")
_t(G, "slack-user-token-xoxp", """
legacy user token (⟨first⟩'s, used by the old archive exporter): ⟦{xoxp}⟧
""", "old archive exporter")
_t(G, "slack-app-level-token-xapp", """
Socket Mode app token for the tips-triage app: ⟦xapp-1-A{upper:10}-{digits:13}-{hex:64}⟧
""", "tips-triage app")
_t(G, "aws-access-key-pair-csv", """
User name,Access key ID,Secret access key
svc-dam-export,⟨akid⟩,⟦{awssk}⟧
""", "svc-dam-export")
_t(G, "stripe-live-secret-key", """
Stripe (⟨pub⟩ Billing, live): ⟦{sklive}⟧
""", "⟨pub⟩ Billing, live")
_t(G, "stripe-restricted-key-rk-live", """
restricted key "churn-dashboard" (read: subscriptions, invoices): ⟦{rklive}⟧
""", "churn-dashboard")
_t(G, "stripe-webhook-signing-secret", """
Endpoint https://subscribe.⟨domain⟩/webhooks/stripe → signing secret ⟦{whsec}⟧
""", "https://subscribe.⟨domain⟩/webhooks/stripe")
_t(G, "sendgrid-api-key", """
SENDGRID_API_KEY='⟦{sg}⟧'
""", "SENDGRID_API_KEY=")
_t(G, "mailgun-private-api-key", """
mailgun:
  domain: mg.⟨domain⟩
  api_key: ⟦key-{hex:32}⟧
""", "domain: mg.⟨domain⟩")
_t(G, "mailchimp-api-key-dc-suffix", """
Mailchimp key for the Morning Briefing audience: ⟦{mc}⟧
""", "Morning Briefing audience")
_t(G, "twilio-auth-token-with-sid", """
TWILIO_ACCOUNT_SID=AC⟨hex32⟩
TWILIO_AUTH_TOKEN=⟦{hex:32}⟧
""", "TWILIO_ACCOUNT_SID=")
_t(G, "google-api-key-aiza-perspective", """
Perspective API (comment toxicity) key: ⟦{aiza}⟧ — restricted to commentanalyzer.googleapis.com
""", "restricted to commentanalyzer.googleapis.com")
_t(G, "openai-project-key", """
OPENAI_API_KEY=⟦{oai}⟧
OPENAI_ORG=org-⟨alnum24⟩
""", "OPENAI_ORG=org-⟨alnum24⟩")
_t(G, "anthropic-api-key", """
ANTHROPIC_API_KEY="⟦{ant}⟧"   # headline-test workspace
""", "headline-test workspace")
_t(G, "npm-automation-token", """
npm automation token (publish @⟨pubslug⟩/*): ⟦{npm}⟧
""", "publish @⟨pubslug⟩/*")
_t(G, "pypi-api-token", """
[pypi]
  username = __token__
  password = ⟦pypi-AgEIcHlwaS5vcmcCJ{b64u:120}⟧
""", "username = __token__")
_t(G, "docker-hub-personal-access-token", """
Docker Hub PAT for ⟨pubslug⟩ci (read/write): ⟦dckr_pat_{b64u:27}⟧
""", "Docker Hub PAT for ⟨pubslug⟩ci")
_t(G, "shopify-admin-access-token", """
merch store (⟨pubslug⟩-shop.myshopify.com) admin token: ⟦shpat_{hex:32}⟧
""", "⟨pubslug⟩-shop.myshopify.com")
_t(G, "atlassian-api-token", """
JIRA_USER=⟨email⟩
JIRA_API_TOKEN=⟦ATATT3xFfGF0{b64u:180}={HEX:8}⟧
""", "JIRA_USER=⟨email⟩")
_t(G, "sentry-org-auth-token", """
SENTRY_AUTH_TOKEN=⟦{sntrys}⟧
SENTRY_ORG=⟨pubslug⟩
""", "SENTRY_ORG=⟨pubslug⟩")
_t(G, "newrelic-user-api-key", """
New Relic user key (NerdGraph, dashboards): ⟦NRAK-{upper:27}⟧
""", "NerdGraph, dashboards")
_t(G, "datadog-api-and-site", """
DD_SITE=datadoghq.eu
DD_API_KEY=⟦{hex:32}⟧
""", "DD_SITE=datadoghq.eu")
_t(G, "digitalocean-pat", """
doctl auth init -t ⟦dop_v1_{hex:64}⟧   # droplet for the live-results mirror
""", "live-results mirror")
_t(G, "cloudflare-api-token", """
CF_API_TOKEN=⟦{b64u:40}⟧
CF_ZONE=⟨domain⟩
""", "CF_ZONE=⟨domain⟩")
_t(G, "facebook-page-access-token", """
Page access token (⟨pub⟩ page, never-expiring): ⟦EAAB{alnum:190}⟧
""", "never-expiring")
_t(G, "x-api-bearer-token", """
X_BEARER_TOKEN=⟦{twbearer}⟧
""", "X_BEARER_TOKEN=")
_t(G, "telegram-bot-token", """
TELEGRAM_BOT_TOKEN=⟦{tg}⟧  # @⟨pubslug⟩_alerts_bot
""", "@⟨pubslug⟩_alerts_bot")
_t(G, "discord-bot-token", """
DISCORD_TOKEN=⟦{discord}⟧
DISCORD_GUILD=⟨digits18⟩
""", "DISCORD_GUILD=⟨digits18⟩")
_t(G, "azure-storage-connection-string-accountkey", """
AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=⟨pubslug⟩media;AccountKey=⟦{azkey}⟧;EndpointSuffix=core.windows.net"
""", "AccountName=⟨pubslug⟩media")
_t(G, "hashicorp-vault-service-token", """
VAULT_ADDR=https://vault.⟨domain⟩:8200
VAULT_TOKEN=⟦hvs.{b64u:90}⟧
""", "VAULT_ADDR=https://vault.⟨domain⟩:8200")
_t(G, "terraform-cloud-user-token", """
credentials "app.terraform.io" {
  token = "⟦{alnum:14}.atlasv1.{alnum:67}⟧"
}
""", 'credentials "app.terraform.io"')
_t(G, "postmark-server-token", """
X-Postmark-Server-Token: ⟦{uuid}⟧
""", "X-Postmark-Server-Token:")
_t(G, "hubspot-private-app-token", """
HubSpot private app "events-signup" token: ⟦pat-eu1-{uuid}⟧
""", '"events-signup"')
_t(G, "linear-api-key", """
LINEAR_API_KEY=⟦lin_api_{alnum:40}⟧  # newsroom-platform workspace
""", "newsroom-platform workspace")
_t(G, "notion-integration-secret", """
Notion integration "Assignment desk sync": ⟦ntn_{digits:11}{alnum:35}⟧
""", "Assignment desk sync")
_t(G, "airtable-personal-access-token", """
AIRTABLE_TOKEN=⟦pat{alnum:14}.{hex:64}⟧
AIRTABLE_BASE=app⟨alnum14⟩
""", "AIRTABLE_BASE=app⟨alnum14⟩")
_t(G, "figma-personal-access-token", """
figma token (graphics desk, file read only): ⟦figd_{b64u:40}⟧
""", "graphics desk, file read only")
_t(G, "doppler-service-token", """
DOPPLER_TOKEN=⟦dp.st.prd.{alnum:43}⟧
""", "DOPPLER_TOKEN=")
_t(G, "planetscale-password", """
DATABASE_URL=mysql://⟨lower12⟩:⟦pscale_pw_{b64u:43}⟧@aws.connect.psdb.cloud/comments?sslaccept=strict
""", "@aws.connect.psdb.cloud/comments")
_t(G, "netlify-personal-access-token", """
NETLIFY_AUTH_TOKEN=⟦nfp_{alnum:36}⟧
NETLIFY_SITE_ID=⟨uuid⟩
""", "NETLIFY_SITE_ID=⟨uuid⟩")
_t(G, "wordpress-application-password", """
WordPress application password "syndication-push" for ⟨user⟩ on ⟨domain⟩: ⟦{wpapp}⟧
""", '"syndication-push" for ⟨user⟩ on ⟨domain⟩')
_t(G, "ghost-admin-api-key-id-secret", """
Ghost custom integration "Zapier → newsletter" Admin API key: ⟦{ghostadmin}⟧
""", "Zapier → newsletter")
_t(G, "cloudinary-api-key-secret-pair", """
cloud_name: ⟨pubslug⟩-photo
api_key: "⟨digits15⟩"
api_secret: "⟦{b64u:27}⟧"
""", "cloud_name: ⟨pubslug⟩-photo")
_t(G, "frameio-developer-token", """
FRAMEIO_TOKEN=⟦fio-u-{b64u:64}⟧  # video desk review links
""", "video desk review links")
_t(G, "dropbox-short-lived-token", """
DROPBOX_ACCESS_TOKEN=⟦sl.{b64u:140}⟧
""", "DROPBOX_ACCESS_TOKEN=")
_t(G, "google-oauth-refresh-token", """
youtube uploader refresh_token: ⟦1//0{b64u:98}⟧
""", "youtube uploader refresh_token:")
_t(G, "google-oauth-client-secret-gocspx", """
GOOGLE_CLIENT_ID=⟨digits12⟩-⟨lower32⟩.apps.googleusercontent.com
GOOGLE_CLIENT_SECRET=⟦GOCSPX-{b64u:28}⟧
""", "GOOGLE_CLIENT_ID=⟨digits12⟩-⟨lower32⟩.apps.googleusercontent.com")
_t(G, "contentful-management-token", """
contentful space ⟨lower12⟩ CMA token: ⟦CFPAT-{b64u:43}⟧
""", "contentful space ⟨lower12⟩")
_t(G, "sanity-api-token", """
SANITY_API_TOKEN=⟦sk{alnum:180}⟧
SANITY_PROJECT_ID=⟨lower8⟩
""", "SANITY_PROJECT_ID=⟨lower8⟩")
_t(G, "piano-api-token-invented", """
Piano (AID ⟨alnum10⟩) API token — production: ⟦{alnum:40}⟧
""", "Piano (AID ⟨alnum10⟩)")
_t(G, "arc-xp-developer-access-token-invented", """
Arc XP developer center → Access Tokens → "content-export-⟨env⟩": ⟦{alnum:64}⟧
""", "content-export-⟨env⟩")
_t(G, "elections-feed-api-key-invented", """
elections feed (results + calls, ⟨date⟩ test night) x-api-key: ⟦{alnum:32}⟧
""", "x-api-key:")
_t(G, "brightspot-api-client-secret-invented", """
Brightspot API client "mobile-app": id ⟨uuid⟩ / secret ⟦{b64u:43}⟧
""", 'Brightspot API client "mobile-app": id ⟨uuid⟩')
_t(G, "chartbeat-api-key", """
CHARTBEAT_API_KEY=⟦{hex:32}⟧
CHARTBEAT_HOST=⟨domain⟩
""", "CHARTBEAT_HOST=⟨domain⟩")
_t(G, "disqus-secret-key", """
Disqus app "comments-export": public key ⟨alnum64⟩ — secret key ⟦{alnum:64}⟧
""", 'Disqus app "comments-export"')
_t(G, "getty-images-api-secret", """
GETTY_API_KEY=⟨alnum24⟩
GETTY_API_SECRET=⟦{alnum:40}⟧
""", "GETTY_API_KEY=")
_t(G, "mux-token-id-secret", """
MUX_TOKEN_ID=⟨uuid⟩
MUX_TOKEN_SECRET=⟦{b64:75}⟧
""", "MUX_TOKEN_ID=")
_t(G, "twitch-stream-key", """
Twitch stream key for the debate watch party: ⟦live_{digits:9}_{alnum:30}⟧
""", "debate watch party")
_t(G, "vimeo-access-token", """
VIMEO_ACCESS_TOKEN=⟦{hex:32}⟧  # scopes: public private upload edit
""", "scopes: public private upload edit")
_t(G, "zuora-oauth-client-secret", """
zuora:
  base_url: https://rest.eu.zuora.com
  client_id: ⟨uuid⟩
  client_secret: ⟦{b64u:40}⟧
""", "base_url: https://rest.eu.zuora.com")
_t(G, "recurly-private-api-key", """
RECURLY_API_KEY=⟦{hex:32}⟧  # site: ⟨pubslug⟩-subs
""", "site: ⟨pubslug⟩-subs")

# ===========================================================================
# BENIGN — look-alikes with no credential in them
# ===========================================================================


def _spaced_fp():
    h = _c("0123456789ABCDEF", 40)
    return " ".join(h[i:i + 4] for i in range(0, 40, 4))


def _pubpem(nbytes):
    b = _b64s(bytes([0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09]) + _bytes(nbytes))
    return "\n".join(b[i:i + 64] for i in range(0, len(b), 64))


_CTXF.update({
    "sshfp": lambda g: "SHA256:" + _c(_B64C, 43),
    "gpgfp": lambda g: _spaced_fp(),
    "certfp": lambda g: ":".join(_c("0123456789ABCDEF", 2) for _ in range(32)),
    "sshpub": lambda g: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _c(_B64C, 43),
    "rsapub": lambda g: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _c(_B64C, 200),
    "digest": lambda g: "sha256:" + _c(_HEXC, 64),
    "sri": lambda g: "sha384-" + _c(_B64C, 64),
    "integrity": lambda g: "sha512-" + _c(_B64C, 86) + "==",
    "gosum": lambda g: "h1:" + _c(_B64C, 43) + "=",
    "sopsenc": lambda g: "ENC[AES256_GCM,data:%s,iv:%s,tag:%s==,type:str]" % (
        _c(_B64C, 56), _c(_B64C, 43) + "=", _c(_B64C, 22)),
    "sealed": lambda g: "AgB" + _c(_B64C, 360) + "==",
    "vaulthex": lambda g: "\n".join(_c(_HEXC, 80) for _ in range(4)),
    "pulumisecure": lambda g: "v1:" + _c(_B64C, 16) + ":" + _c(_B64C, 60),
    "travissecure": lambda g: _c(_B64C, 340) + "=",
    "jwksn": lambda g: _c(_B64U, 342),
    "pubpem": lambda g: _pubpem(260),
    "certpem": lambda g: _pubpem(520),
    "safetynum": lambda g: " ".join(_kind("digits", 5, g) for _ in range(12)),
    "last4": lambda g: _c(_ALNUM, 4),
    "stripeid": lambda g: _R.choice(["ch_", "cus_", "sub_", "in_", "pi_", "evt_", "price_"]) + _c(_ALNUM, 24),
    "cfid": lambda g: _c(_B64U, 54) + "==",
    "cfray": lambda g: _c(_HEXC, 16) + "-" + _R.choice(["LHR", "AMS", "FRA", "IAD", "GRU", "NRT"]),
    "podname": lambda g: "%s-%s-%s" % (_R.choice(["arc-sync", "ghost", "paywall-api", "liveblog", "comments-api"]),
                                       _c(_LOW + _DIG, 10), _c(_LOW + _DIG, 5)),
    "hmac": lambda g: "hmac-sha256:" + _c(_HEXC, 64),
    "vaultpath": lambda g: "secret/%s/%s/%s" % (_R.choice(["paywall", "elex", "wire", "newsletter", "cms", "dam", "social"]),
                                                 g("env"), _R.choice(["api", "db", "smtp", "oauth", "ftp", "webhook"])),
    "envvar": lambda g: _R.choice(["PIANO_API_TOKEN", "ARC_ACCESS_TOKEN", "STRIPE_SECRET_KEY", "AP_API_KEY",
                                   "MAILCHIMP_API_KEY", "WPVIP_DEPLOY_TOKEN", "SENDGRID_API_KEY", "DB_PASSWORD",
                                   "WIRE_PASSWORD", "GHOST_ADMIN_API_KEY", "FASTLY_API_KEY", "DISQUS_SECRET_KEY"]),
    "placeholder": lambda g: _R.choice(["<your-token>", "${API_TOKEN}", "xxxxxxxxxxxxxxxx", "********", "REDACTED",
                                        "[REDACTED]", "<redacted>", "<token-from-vault>", "your-api-key-here",
                                        "<PASTE_KEY_HERE>", "${{ secrets.API_TOKEN }}", "{{ vault_api_token }}",
                                        "$(cat /run/secrets/api_token)", "op://Newsroom/API/credential", "…"]),
})

# ---- commands ----
_b("""git checkout ⟨sha⟩ -- config/wire.yml""")
_b("""git cherry-pick ⟨sha7⟩ && git push origin HEAD:release/⟨date⟩""")
_b("""docker pull ghcr.io/⟨pubslug⟩/cms@⟨digest⟩""")
_b("""echo "⟨hex64⟩  print-edition-⟨datecompact⟩.pdf" | sha256sum -c -""")
_b("""export ARC_ACCESS_TOKEN="$(vault kv get -field=token secret/arc/⟨env⟩)\"""")
_b("""curl -s -H "Authorization: Bearer $ARC_ACCESS_TOKEN" "https://api.⟨pubslug⟩.arcpublishing.com/content/v4/?website=⟨pubslug⟩&_id=⟨arcid⟩\"""")
_b("""curl -H "Authorization: Bearer ⟨placeholder⟩" https://api.⟨domain2⟩/v1/items?since=⟨date⟩""")
_b("""psql "$DATABASE_URL" -c "select id, headline from stories where id = '⟨uuid⟩';\"""")
_b("""mysql -h ⟨dbhost⟩ -u ⟨user⟩ -p ⟨db⟩   # prompts for the password""")
_b("""PGPASSWORD="$(cat /run/secrets/pg_⟨db⟩)" pg_dump -h ⟨dbhost⟩ -U ⟨user⟩ ⟨db⟩ > /tmp/⟨db⟩-⟨datecompact⟩.sql""")
_b("""kubectl -n ⟨env⟩ create secret generic piano --from-env-file=.env.piano --dry-run=client -o yaml > piano-secret-⟨env⟩.yaml""")
_b("""docker login registry.⟨domain⟩ -u ⟨svc⟩ --password-stdin < ~/.secrets/registry-⟨env⟩""")
_b("""gh secret set AP_ELECTIONS_API_KEY < ~/keys/ap-⟨env⟩.txt --repo ⟨pubslug⟩/elex-live""")
_b("""aws secretsmanager get-secret-value --secret-id ⟨env⟩/paywall/stripe --query SecretString --output text | jq 'keys'""")
_b("""ssh-keygen -lf ~/.ssh/⟨user⟩_ed25519.pub""")
_b("""gpg --keyserver hkps://keys.openpgp.org --recv-keys ⟨HEX40⟩""")
_b("""openssl rand -hex 32 > /run/secrets/⟨env⟩/session_key && chmod 600 /run/secrets/⟨env⟩/session_key""")
_b("""vault kv get -field=password ⟨vaultpath⟩ | pbcopy""")
_b("""stripe listen --forward-to localhost:⟨port⟩/webhooks/stripe --events customer.subscription.updated,invoice.paid""")
_b("""curl -s "https://api.⟨domain⟩/v1/articles/⟨uuid⟩?fields=headline,byline,canonical_url" | jq .""")
_b("""npm install @⟨pubslug⟩/story-card@⟨version⟩ --registry https://npm.pkg.github.com""")
_b("""export WIRE_PASSWORD="$(op read 'op://Newsroom/AFP wire (⟨env⟩)/password')\"""")
_b("""read -s -p "CMS password for ⟨user⟩: " CMS_PASSWORD && export CMS_PASSWORD""")
_b("""curl -fsS -u "$WIRE_USER:$WIRE_PASS" "https://wire.⟨domain2⟩/v2/items?since=⟨date⟩T00:00:00Z\"""")
_b("""aws s3 cp s3://⟨bucket⟩/⟨date⟩/⟨hex12⟩.jpg ./in/ --profile photo-desk""")
_b("""kubectl rollout restart deploy/arc-sync -n cms && kubectl rollout status deploy/arc-sync -n cms --timeout=⟨n⟩0s""")
_b("""git log --format='%H %an %s' ⟨sha7⟩..⟨sha7b⟩ -- plugins/liveblog/""")
_b("""helm upgrade --install ghost bitnami/ghost -n newsletter --set ghostHost=newsletter.⟨domain⟩ --set existingSecret=ghost-⟨env⟩""")
_b("""terraform apply -var-file=envs/⟨env⟩.tfvars -var="fastly_api_key=$FASTLY_API_KEY\"""")
_b("""sshpass -f ~/.config/desk/⟨hostshort⟩.pass ssh ⟨user⟩@⟨ip⟩ uptime""")
_b("""wp config get DB_HOST --url=https://⟨domain⟩ && wp config list --fields=name --format=csv""")
_b("""redis-cli -h ⟨redishost⟩ --askpass GET liveblog:⟨slug⟩:etag""")
_b("""mongosh "mongodb+srv://comments.⟨lower5⟩.mongodb.net/moderation" --username ⟨svc⟩ --password   # prompts""")

# ---- tool output ----
_b("""commit ⟨sha⟩
Author: ⟨person⟩ <⟨email⟩>
Date:   Tue Mar 12 21:14:55 2024 +0000

    Move AP key lookup to Vault path ⟨vaultpath⟩""")
_b("""REPOSITORY                          TAG        IMAGE ID       CREATED        SIZE
ghcr.io/⟨pubslug⟩/frontend          ⟨sha7⟩    ⟨hex12⟩   2 hours ago    412MB
ghcr.io/⟨pubslug⟩/arc-sync          ⟨version⟩     ⟨hex12b⟩   3 days ago     188MB""")
_b("""⟨hex64⟩  dist/newsroom_nlp-⟨version⟩-py3-none-any.whl
⟨hex64b⟩  dist/newsroom_nlp-⟨version⟩.tar.gz""")
_b("""NAME                  TYPE                                  DATA   AGE
piano                 Opaque                                2      ⟨n⟩d
stripe-billing        Opaque                                1      ⟨n2⟩d
default-token-⟨lower5⟩   kubernetes.io/service-account-token   3      412d""")
_b("""======= Metadata =======
Key                     Value
---                     -----
cas_required            false
created_time            ⟨ts⟩
current_version         ⟨n⟩
max_versions            0
updated_time            ⟨ts2⟩""")
_b("""{
    "UserId": "AIDA⟨upper17⟩",
    "Account": "⟨digits12⟩",
    "Arn": "arn:aws:iam::⟨digits12⟩:user/⟨user⟩"
}""")
_b("""256 ⟨sshfp⟩ ⟨email⟩ (ED25519)""")
_b("""pub   ed25519 2023-09-01 [SC] [expires: 2026-09-01]
      ⟨HEX40⟩
uid           [ultimate] ⟨pub⟩ Tips <tips@⟨domain⟩>
sub   cv25519 2023-09-01 [E]""")
_b("""sha256 Fingerprint=⟨certfp⟩""")
_b("""=== ⟨pubslug⟩-paywall Config Vars
STRIPE_SECRET_KEY:  sk_live_••••••••••••••••⟨last4⟩
NODE_ENV:           production
DATABASE_URL:       (set; hidden)""")
_b("""$ env | grep -E 'TOKEN|KEY|PASS'
⟨envvar⟩=***
WIRE_PASSWORD=[REDACTED]
GHOST_ADMIN_API_KEY=<unset>""")
_b("""; "user" config from /home/⟨user⟩/.npmrc

//registry.npmjs.org/:_authToken = (protected)
@⟨pubslug⟩:registry = "https://npm.pkg.github.com/\"""")
_b("""github.com
  ✓ Logged in to github.com account ⟨user⟩ (keyring)
  - Token: gho_************************************
  - Token scopes: 'gist', 'read:org', 'repo'""")
_b("""db_endpoint = "⟨dbhost⟩:5432"
db_password = <sensitive>
bucket_arn = "arn:aws:s3:::⟨bucket⟩\"""")
_b("""Name:         ghost-db
Namespace:    ⟨env⟩
Type:  Opaque

Data
====
password:  ⟨n⟩ bytes
username:  5 bytes""")
_b("""HTTP/2 200
content-type: text/html; charset=utf-8
etag: W/"⟨hex32⟩"
x-request-id: ⟨reqid⟩
x-amz-cf-id: ⟨cfid⟩
cf-ray: ⟨cfray⟩
x-cache: Hit from cloudfront""")
_b("""{"id": "⟨stripeid⟩", "object": "event", "type": "customer.subscription.updated", "data": {"object": {"id": "⟨stripeid2⟩", "customer": "cus_⟨alnum14⟩", "status": "active"}}}""")
_b("""$ uuidgen
⟨uuid⟩""")
_b("""$ md5sum front-page-⟨datecompact⟩.pdf
⟨hex32⟩  front-page-⟨datecompact⟩.pdf""")
_b("""requests==2.31.0 \\
    --hash=sha256:⟨hex64⟩ \\
    --hash=sha256:⟨hex64b⟩""")
_b("""        "RepoDigests": [
            "ghcr.io/⟨pubslug⟩/paywall-api@⟨digest⟩"
        ],""")
_b("""{
    "AccessKeyMetadata": [
        {"UserName": "svc-photo-ingest", "AccessKeyId": "⟨akid⟩", "Status": "Active", "CreateDate": "⟨ts⟩"}
    ]
}""")
_b("""$ git rev-parse HEAD
⟨sha⟩""")
_b("""NAME                                READY   STATUS    RESTARTS   AGE
⟨podname⟩         1/1     Running   0          ⟨n⟩h
⟨podname2⟩        1/1     Running   2          ⟨n2⟩d""")
_b("""Key                 Value
---                 -----
accessor            ⟨alnum24⟩
display_name        oidc-⟨user⟩
policies            [default newsroom-read]
ttl                 ⟨n⟩h59m12s""")
_b("""$ vault kv list secret/⟨env⟩/
Keys
----
ap
arc
piano
stripe""")
_b("""$ op item list --vault Newsroom --categories Login | head -3
ID                            TITLE                        VAULT
⟨lower26⟩    AFP wire (⟨env⟩)              Newsroom
⟨lower26b⟩    Brightspot admin             Newsroom""")

# ---- logs and traces ----
_b("""⟨pubip⟩ - - [12/Mar/2024:21:04:11 +0000] "GET /⟨slug⟩/?utm_source=newsletter&utm_medium=email&utm_campaign=briefing-⟨datecompact⟩ HTTP/1.1" 200 51234 "-" "Mozilla/5.0\"""")
_b("""⟨ts⟩ INFO arc-sync trace_id=⟨traceid⟩ span_id=⟨spanid⟩ story=⟨arcid⟩ published=true""")
_b("""⟨ts⟩ FATAL:  password authentication failed for user "⟨user⟩" (connection from ⟨ip⟩)""")
_b("""[boot] Loaded config: {"db":{"host":"⟨dbhost⟩","user":"⟨user⟩","password":"[REDACTED]"},"apiKey":"***"}""")
_b("""Sentry captured event ⟨hex32⟩ for release frontend@⟨sha7⟩ (environment: ⟨env⟩)""")
_b("""2024-03-12	21:00:01	LHR62-C2	8123	⟨pubip⟩	GET	d⟨lower13⟩.cloudfront.net	/images/⟨hex12⟩.webp	200	-	Mozilla/5.0	w=1200&q=80	-	Hit	⟨cfid⟩""")
_b("""java.lang.IllegalStateException: Story ⟨uuid⟩ has no primary section
	at com.⟨pubslug⟩.cms.StoryValidator.validate(StoryValidator.java:88)
	at com.⟨pubslug⟩.cms.PublishService$$Lambda$⟨n⟩/0x000000080063e840@⟨hex8⟩.apply(Unknown Source)""")
_b("""⟨ts⟩ INFO paywall.stripe charge ⟨stripeid⟩ succeeded for cus_⟨alnum14⟩ amount=999 currency=eur""")
_b("""⟨ts⟩ DEBUG render cache MISS key=article:⟨sha⟩:amp ttl=300""")
_b("""{"time":"⟨ts⟩","type":"response","auth":{"client_token":"⟨hmac⟩","accessor":"⟨hmac2⟩","policies":["default","paywall-read"]},"request":{"path":"secret/data/paywall/stripe","operation":"read"}}""")
_b("""Started POST "/users/sign_in" for ⟨pubip⟩
  Parameters: {"user"=>{"email"=>"⟨email⟩", "password"=>"[FILTERED]"}, "authenticity_token"=>"[FILTERED]"}""")
_b("""⟨ts⟩ [⟨reqid⟩] django.request WARNING Forbidden (CSRF cookie not set.): /wire/refresh/""")
_b("""⟨ts⟩ WARN auth: JWT verification failed: kid=⟨hex16⟩ not found in JWKS https://auth.⟨domain⟩/.well-known/jwks.json""")
_b("""⟨ts⟩ INFO partners: rotated API key for ⟨pubslug2⟩ (key id ⟨uuid⟩, last4 ⟨last4⟩); old key revoked""")
_b("""2024-03-12T21:14:01.1204010Z + curl -fsS -X POST https://api.fastly.com/service/⟨alnum22⟩/purge_all -H 'Fastly-Key: ***'""")
_b("""npm WARN tarball tarball data for @⟨pubslug⟩/story-card@⟨version⟩ (⟨integrity⟩) seems to be corrupted. Trying again.""")
_b("""Normal  Pulled  ⟨n⟩s  kubelet  Successfully pulled image "ghcr.io/⟨pubslug⟩/arc-sync@⟨digest⟩" in 2.1s""")
_b("""⟨ts⟩ UTC [⟨pid⟩] LOG:  connection authorized: user=⟨user⟩ database=⟨db⟩ application_name=arc-sync SSL enabled (protocol=TLSv1.3)""")
_b("""Mar 12 23:41:19 ⟨hostshort⟩ sshd[⟨pid⟩]: Accepted publickey for ⟨user⟩ from ⟨pubip⟩ port 52151 ssh2: ED25519 ⟨sshfp⟩""")
_b("""[⟨ts⟩] INFO [SocketServer listenerType=BROKER] Successfully authenticated client with SCRAM-SHA-512 as user ⟨svc⟩""")
_b("""⟨ts⟩ INFO webhooks delivery ⟨uuid⟩ to https://⟨domain⟩/hooks/piano responded 200 in ⟨n⟩ms""")
_b("""⟨ts⟩ ERROR elex-poller: 401 from results feed — check that AP_API_KEY is set (value not logged)""")
_b("""⟨ts⟩ INFO tipline: new SecureDrop submission ⟨hex8⟩-⟨hex4⟩ for journalist codename-⟨lower6⟩; notification sent""")
_b("""⟨ts⟩ WARN ghost: mail transport auth failed for user postmaster@mg.⟨domain⟩ (password hidden)""")

# ---- config files ----
_b("""# .env.example — copy to .env and fill in
PIANO_AID=
PIANO_API_TOKEN=⟨placeholder⟩
ARC_ACCESS_TOKEN=
DATABASE_URL=postgres://⟨user⟩@localhost:5432/⟨db⟩""")
_b("""spring:
  datasource:
    url: jdbc:postgresql://⟨dbhost⟩:5432/⟨db⟩
    username: ⟨user⟩
    password: ${DB_PASSWORD}""")
_b("""        env:
        - name: ⟨envvar⟩
          valueFrom:
            secretKeyRef:
              name: ⟨pubslug⟩-⟨env⟩
              key: api-token""")
_b("""variable "⟨lower8⟩_api_key" {
  type      = string
  sensitive = true
  # supplied via TF_VAR_⟨lower8⟩_api_key in CI
}""")
_b("""define( 'DB_NAME', 'wp_⟨pubslug⟩' );
define( 'DB_USER', getenv( 'DB_USER' ) );
define( 'DB_PASSWORD', getenv( 'DB_PASSWORD' ) );
define( 'DB_HOST', '⟨dbhost⟩' );""")
_b("""<script src="https://cdn.⟨domain⟩/js/paywall.⟨hex8⟩.js" integrity="⟨sri⟩" crossorigin="anonymous"></script>""")
_b("""    "node_modules/@⟨pubslug⟩/story-card": {
      "version": "⟨version⟩",
      "resolved": "https://npm.pkg.github.com/download/@⟨pubslug⟩/story-card/⟨version⟩/⟨hex40⟩",
      "integrity": "⟨integrity⟩"
    },""")
_b("""github.com/⟨pubslug⟩/wirekit v⟨version⟩ ⟨gosum⟩
github.com/⟨pubslug⟩/wirekit v⟨version⟩/go.mod ⟨gosum2⟩""")
_b("""services:
  arc-sync:
    image: ghcr.io/⟨pubslug⟩/arc-sync@⟨digest⟩
    env_file: .env
    secrets: [arc_token]""")
_b("""⟨host⟩ ⟨sshpub⟩""")
_b("""⟨sshpub⟩ ⟨email⟩""")
_b("""⟨rsapub⟩ deploy@⟨hostshort⟩""")
_b("""// publishable key — safe to ship to the browser
const STRIPE_PUBLISHABLE_KEY = "pk_live_⟨alnum99⟩";""")
_b("""SENTRY_DSN=https://⟨hex32⟩@o⟨digits6⟩.ingest.sentry.io/⟨digits7⟩""")
_b("""analytics:
  ga4_measurement_id: G-⟨upper10⟩
  gtm_container: GTM-⟨upper7⟩
  chartbeat_uid: ⟨digits5⟩""")
_b("""piano:
  aid: ⟨alnum10⟩          # public application id
  api_token_env: PIANO_API_TOKEN""")
_b("""db:
  host: ⟨dbhost⟩
  user: ⟨user⟩
  password_file: /run/secrets/⟨db⟩_password""")
_b("""[client]
user=⟨user⟩
host=⟨dbhost⟩
# password comes from ~/.mylogin.cnf (mysql_config_editor)""")
_b("""[default]
access_key = ${S3_ACCESS_KEY}
secret_key = ${S3_SECRET_KEY}
host_base = s3.⟨region⟩.wasabisys.com""")
_b("""piano:
    api_token: ⟨sopsenc⟩
sops:
    lastmodified: "⟨ts⟩"
    version: 3.8.1""")
_b("""{"keys":[{"kty":"RSA","kid":"⟨hex16⟩","use":"sig","alg":"RS256","n":"⟨jwksn⟩","e":"AQAB"}]}""")
_b("""-----BEGIN PUBLIC KEY-----
⟨pubpem⟩
-----END PUBLIC KEY-----""")
_b("""# certs/cms-⟨env⟩.crt
-----BEGIN CERTIFICATE-----
⟨certpem⟩
-----END CERTIFICATE-----""")
_b("""API_KEY=your-api-key-here
API_SECRET=xxxxxxxxxxxxxxxxxxxxxxxx
WEBHOOK_URL=https://⟨domain⟩/hooks/⟨slug⟩""")
_b("""[program:wire-ingest]
command=/srv/wire/venv/bin/python ingest.py --config /etc/wire/⟨env⟩.yml
environment=WIRE_PASSWORD_FILE="/run/secrets/wire_⟨env⟩\"""")
_b("""CLOUDFRONT_KEY_PAIR_ID=K⟨upper13⟩
CLOUDFRONT_PRIVATE_KEY_PATH=/etc/cdn/pk-⟨env⟩.pem""")

# ---- source code ----
_b("""AP_API_KEY = os.environ["AP_API_KEY"]  # set in ⟨vaultpath⟩""")
_b("""password = getpass.getpass(f"CMS password for {user}@⟨domain⟩: ")""")
_b("""const token = process.env.ARC_TOKEN; // ⟨pubslug⟩ sandbox""")
_b("""if len(password) < 14:
    raise ValueError("password must be at least 14 characters (newsroom policy §⟨n⟩)")""")
_b("""TOKEN_PATTERNS = [re.compile(r"ghp_[A-Za-z0-9]{36}"), re.compile(r"xox[bp]-[0-9A-Za-z-]+")]  # see ⟨sha7⟩""")
_b("""CONTENT_TYPE_LIVEBLOG = "⟨uuid⟩"
CONTENT_TYPE_GALLERY = "⟨uuid2⟩\"""")
_b("""SECRET_KEY = env("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = ["tools.⟨domain⟩"]""")
_b("""cache_key = hashlib.sha1(f"{url}|{variant}".encode()).hexdigest()  # e.g. ⟨sha⟩""")
_b("""assert redact("Authorization: Bearer abc") == "Authorization: Bearer [REDACTED]"  # test_⟨lower6⟩""")
_b("""headers = {"Authorization": f"Bearer {settings.ARC_TOKEN}", "X-Request-Id": "⟨reqid⟩"}""")
_b("""token := os.Getenv("WIRE_TOKEN")
if token == "" {
    log.Fatal("WIRE_TOKEN not set (see ⟨vaultpath⟩)")
}""")
_b("""$key = defined( 'AP_NEWSROOM_API_KEY' ) ? AP_NEWSROOM_API_KEY : ''; // ⟨slug⟩""")
_b("""@Value("${brightcove.client-secret}")
private String clientSecret; // injected from ⟨vaultpath⟩""")
_b("""client = PianoClient(aid="TESTAID⟨n⟩", api_token="dummy-token-for-tests", sandbox=True)""")
_b("""DEFAULT_BANNER = base64.b64decode("⟨b64text⟩").decode()""")
_b("""# vendored wire client at ⟨sha⟩ (upstream tag v⟨version⟩)""")
_b("""const EMPTY_BODY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"; // ⟨slug⟩""")
_b("""mailchimp.setConfig({ apiKey: process.env.MAILCHIMP_API_KEY, server: "⟨dc⟩" });""")
_b("""stripe.api_key = os.environ["STRIPE_SECRET_KEY"]
PRICE_ID = "price_⟨alnum24⟩\"""")
_b("""# NOTE: never hard-code ⟨envvar⟩; read it from ⟨vaultpath⟩ at startup""")
_b("""func TestSignURL(t *testing.T) {
    got := SignURL("/video/⟨slug⟩.m3u8", fakeKey, time.Unix(⟨epoch⟩, 0))
    require.Contains(t, got, "Key-Pair-Id=K⟨upper13⟩")
}""")
_b("""ETAG_SALT_VERSION = "⟨hex8⟩"  # bump to invalidate cached article fragments""")

# ---- notes and chats ----
_b("""⟨first⟩: I rotated the Piano token — the new one is in Vault at ⟨vaultpath⟩, please don't paste it here""")
_b("""⟨first⟩: the password is the usual one, ask ⟨first2⟩ if you don't have it""")
_b("""⟨first⟩ : mot de passe → voir le coffre 1Password « Rédaction web » (entrée ⟨slug⟩), pas dans Slack svp""")
_b("""⟨first⟩: Das Passwort liegt im Tresor (Eintrag „Bildarchiv ⟨env⟩“), bitte nicht in den Chat kopieren.""")
_b("""Password policy (⟨pub⟩): at least 14 characters, a passphrase of four or more random words is preferred; no reuse across CMS, email and social accounts. Reviewed ⟨date⟩.""")
_b("""Política de contraseñas (⟨pub⟩): mínimo 14 caracteres; usad una frase de paso y el gestor de contraseñas. Revisado el ⟨date⟩.""")
_b("""SecureDrop public key fingerprint (verify before sending): ⟨gpgfp⟩""")
_b("""Signal safety number with ⟨first⟩ (verified in person ⟨date⟩): ⟨safetynum⟩""")
_b("""⟨first⟩: commit ⟨sha7⟩ fixed the elex poller; deployed as build #⟨pid⟩""")
_b("""⟨first⟩: story ⟨arcid⟩ is the live blog for ⟨city⟩ — don't unpublish it""")
_b("""⟨first⟩: reset link sent to ⟨email⟩, it expires in 24h""")
_b("""⟨first⟩: the API key lives in the VIP dashboard under Settings → Environment variables (⟨envvar⟩); I can't see the value either""")
_b("""⟨first⟩: パスワードは1Passwordの「速報デスク」保管庫にあります。チャットには貼らないでください（⟨date⟩）。""")
_b("""⟨first⟩: token ending …⟨last4⟩ was revoked at ⟨time⟩, new one is already in ⟨vaultpath⟩""")
_b("""Agent note: checked .env.example in ⟨pubslug⟩/paywall — every value is a placeholder (⟨placeholder⟩), nothing to rotate.""")
_b("""PLAT-⟨digits4⟩: "password reset email not arriving for ⟨email⟩" — assigned to ⟨person⟩""")
_b("""DECISION ⟨date⟩: all wire credentials move to Vault (secret/wire/*) and are read at startup; no passwords in config files from now on.""")
_b("""⟨first⟩: a senha do wifi está no mural da redação, não mandem no grupo 🙏""")
_b("""⟨first⟩: 비밀번호는 사내 비밀번호 관리자에 있어요. 채팅에 올리지 마세요!""")
_b("""⟨first⟩：密码请到公司密码管理器里查，不要发到群里。""")
_b("""Incident ⟨date⟩: sha256 of the file that was briefly public: ⟨hex64⟩ (contains no credentials, only the org chart)""")
_b("""⟨first⟩: public key id for the CloudFront signed URLs is K⟨upper13⟩ — that part is fine to share""")
_b("""⟨first⟩: can someone with access check whether ⟨envvar⟩ is set on the ⟨env⟩ stack? I only see "********" in the console""")
_b("""⟨first⟩: Hasło zmienione, nowe jest w menedżerze haseł (folder „Redakcja”). Nie wysyłajcie go mailem.""")
_b("""Handover ⟨date⟩: night desk uses SSO for Arc, Chartbeat and Slack; the only shared login left is the print FTP, stored in ⟨vaultpath⟩.""")
_b("""⟨first⟩: the embargo preview is at https://preview.⟨domain⟩/⟨slug⟩?embargo=⟨date⟩ — login with your normal SSO""")
_b("""⟨first⟩: Tip line reminder — never forward the journalist passphrase; if you forget it, ask ⟨first2⟩ to reset it on the admin workstation.""")
_b("""⟨first⟩: il token è scaduto, ne ho chiesto uno nuovo a ⟨first2⟩ (arriverà via 1Password, non via mail)""")

# ---- CI and deploy ----
_b("""      - name: Deploy to VIP
        env:
          WPVIP_DEPLOY_TOKEN: ${{ secrets.WPVIP_DEPLOY_TOKEN }}
        run: ./bin/deploy.sh ⟨pubslug⟩ ⟨env⟩""")
_b("""  script:
    - curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file dist/widgets-⟨version⟩.tgz "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/widgets/⟨version⟩/\"""")
_b("""FROM node:20-alpine@⟨digest⟩ AS build""")
_b("""      - uses: actions/checkout@⟨sha⟩ # v4.1.1""")
_b("""apiVersion: bitnami.com/v1alpha1
kind: SealedSecret
metadata:
  name: piano
  namespace: ⟨env⟩
spec:
  encryptedData:
    api-token: ⟨sealed⟩""")
_b("""config:
  newsletter:mailchimpApiKey:
    secure: ⟨pulumisecure⟩""")
_b("""$ANSIBLE_VAULT;1.1;AES256
⟨vaulthex⟩""")
_b("""env:
  global:
    secure: "⟨travissecure⟩\"""")
_b("""      - uses: actions/cache@v4
        with:
          path: ~/.npm
          key: npm-Linux-⟨hex64⟩""")
_b("""      - run: echo "::add-mask::$ARC_TOKEN" && ./scripts/sync.sh --org ⟨pubslug⟩""")
_b("""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
metadata:
  name: stripe-billing
spec:
  secretStoreRef: {name: vault-⟨env⟩, kind: ClusterSecretStore}
  data:
  - secretKey: STRIPE_SECRET_KEY
    remoteRef: {key: ⟨vaultpath⟩, property: secret_key}""")
_b("""docker build --secret id=npm,src=$HOME/.npmrc -t ghcr.io/⟨pubslug⟩/frontend:⟨sha7⟩ .""")
_b("""permissions:
  id-token: write   # OIDC to AWS, no long-lived keys
  contents: read
# role: arn:aws:iam::⟨digits12⟩:role/gha-deploy-⟨env⟩""")
_b("""terraform {
  backend "s3" {
    bucket   = "⟨pubslug⟩-tfstate"
    key      = "⟨env⟩/cms.tfstate"
    region   = "⟨region⟩"
    role_arn = "arn:aws:iam::⟨digits12⟩:role/terraform-state"
  }
}""")
_b("""    env:
      FASTLY_API_KEY: ${{ secrets.FASTLY_API_KEY }}
      FASTLY_SERVICE_ID: ${{ vars.FASTLY_SERVICE_ID }}   # ⟨alnum22⟩""")
_b("""Run ./scripts/deploy.sh
  env:
    VIP_TOKEN: ***
    VIP_APP: ⟨pubslug⟩
Deploying ⟨sha7⟩ to ⟨env⟩ ... done""")
_b("""variables:
  # WPVIP_TOKEN is a masked + protected CI/CD variable (Settings → CI/CD), not stored in this file
  VIP_APP: "⟨pubslug⟩"
  VIP_ENV: "⟨env⟩\"""")
_b("""image: registry.⟨domain⟩/ci/php:8.2@⟨digest⟩""")
_b("""helm upgrade --install arc-sync ./charts/arc-sync -n cms -f values-⟨env⟩.yaml --set image.tag=⟨sha7⟩""")
_b("""kubectl -n ⟨env⟩ get secret piano -o jsonpath='{.metadata.resourceVersion}'
⟨digits8⟩""")

# ===========================================================================
# assembly (runs once, at import time, in a fixed order)
# ===========================================================================
_PER_FORMAT = 3
_GROUP_CAP = 189


def _build_secrets():
    by_group = {}
    for tpl in _TEMPLATES:
        by_group.setdefault(tpl[0], []).append(tpl)
    out = []
    seen = set()
    for group in by_group:
        tpls = by_group[group]
        n = len(tpls)
        drop = max(0, _PER_FORMAT * n - _GROUP_CAP)
        for i, (grp, fmt, text, vis) in enumerate(tpls):
            want = _PER_FORMAT if i < n - drop else _PER_FORMAT - 1
            made = 0
            tries = 0
            while made < want:
                tries += 1
                if tries > 500:
                    raise RuntimeError("cannot instantiate " + fmt)
                t, s, v = _instantiate(text, vis)
                if not s or len(s) < 6 or s in seen:
                    continue
                if v and (s in v or v not in t):
                    continue
                seen.add(s)
                out.append((grp, fmt, t, s, v))
                made += 1
    return out


def _build_benign(secrets, target=950):
    secs = [e[3] for e in secrets if len(e[3]) >= 8]
    out = []
    seen = set()
    for _round in range(60):
        if len(out) >= target:
            break
        for tpl in _BENIGN_T:
            if len(out) >= target:
                break
            t = _instantiate(tpl, "")[0]
            if t in seen or any(s in t for s in secs):
                continue
            seen.add(t)
            out.append(t)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

__all__ = ["SECRETS", "BENIGN", "SEED"]
