# -*- coding: utf-8 -*-
"""Blind hold-out corpus #35 for a secret-redaction engine.

What it is
    A fixed set of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI) keeps as working state: goals, running notes, shell
    commands it ran, tool output, excerpts of files it opened, decisions,
    chat messages pasted in by teammates, log lines and CI configuration.
    Some fragments carry a credential that a redaction engine must remove;
    others only look secret-ish and must be left alone.

Theme
    Support engineering, on-call and incident response: pager alerts,
    incident-channel chats, postmortems, runbooks, customer tickets with
    pasted configs and logs, log excerpts from many stacks (Java, .NET, Go,
    Node, PHP, Ruby, Python, Elixir), debug dumps, HAR files, core and
    environment dumps, screen-share transcripts and handover notes between
    shifts and across time zones.  Messy free text and logs dominate.

Provenance
    Written blind, from general knowledge only, without looking at the
    engine, its rules, or any other corpus.  Where a vendor's real
    credential shape was known it was imitated; where it was not, a
    plausible shape was invented.  All hosts, companies, people and values
    are fictitious; every credential is a random draw and unlocks nothing.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token (about 185 each);
             format   kebab-case name of the shape, used at most 3 times;
             text     the fragment as the agent would have recorded it;
             secret   the exact substring of text that must not survive
                      redaction (only the key body of a PEM key, only the
                      signature of a signed URL, only the password of a
                      user:password pair);
             visible  a substring of text that must stay readable, or "".
    BENIGN   list of distinct strings in the same groups and contexts that
             contain no credential but look secret-ish to a naive scanner:
             commit SHAs, digests, UUIDs, request and trace ids, public keys
             and fingerprints, placeholders, masked values, references to
             where a secret is kept, base64 of ordinary text, prose about
             passwords, password policies and so on.

Determinism
    Every random value is drawn from _R = random.Random(3535) at import
    time, in a fixed order, so importing the module twice yields identical
    lists.  Nothing is printed at import.

Measured
    Blind, written after the rules made for the thirty-fourth and read only after:
    recall 0.961 (1,423 of 1,480) and false positives 25 of 949 (2.6%); 0.961 and 22 (2.3%)
    with the engine at that session's start. Tuned on since: 0.979 and 5 of 949.
"""
import base64
import datetime
import random
import re
import string
import unicodedata

_R = random.Random(3535)

LOW = string.ascii_lowercase
UP = string.ascii_uppercase
DIG = string.digits
ALNUM = LOW + UP + DIG
HEXL = "0123456789abcdef"
B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
BECH = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
SYM = "!#%*+-=?@^_~."
SAFE_SYM = "-_.~"


def _chars(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hexs(n):
    return _chars(HEXL, n)


def HEXU(n):
    return _chars("0123456789ABCDEF", n)


def alnum(n):
    return _chars(ALNUM, n)


def lowdig(n):
    return _chars(LOW + DIG, n)


def updig(n):
    return _chars(UP + DIG, n)


def digits(n):
    return str(_R.randint(1, 9)) + _chars(DIG, n - 1)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode()


def b64u(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def b64text(s):
    return base64.b64encode(s.encode()).decode()


def uuid4():
    h = hexs(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


WORDS = """anchor amber apricot atlas autumn badger bamboo banjo basil beacon birch
biscuit blossom bramble breeze bronze bucket cactus camel canyon cargo cedar
cherry cinder citrus clover cobalt comet copper coral cosmos cotton crater
cricket crimson dahlia delta desert dolphin dragon drift eagle ember falcon
fennel fjord flint forest fossil gadget galaxy garnet ginger glacier granite
gravel harbor hazel helium heron hollow honey horizon indigo iris island ivory
jasmine jigsaw juniper kayak kernel kettle kiwi lagoon lantern lava lemon
lilac linen lotus lunar magnet mango maple marble meadow mercury mesa meteor
mint mosaic nectar nimbus nova oasis ocean olive onyx orbit orchid otter oyster
paddle panda papaya pebble pepper pine pixel plum polar poppy prism pumpkin
quartz quill quiver radar raven reef ripple river rocket saffron salmon
sapphire scarlet sequoia shadow sierra silver sparrow spruce summit sunset
tango thistle thunder tiger timber topaz tornado tulip tundra turtle umber
velvet violet walnut willow winter yonder zephyr zinc""".split()

NAMES = ("Priya Mateus Aiko Sven Olumide Chiara Dmitri Fatima Jun Lucia Tomasz "
         "Ngozi Hiroshi Ingrid Rahul Sofia Emre Ahmed Mei Kwame Anouk Bogdan "
         "Camille Diego Elif Farhan Greta Hyunwoo Isabela Jakub Kaito Leilani "
         "Marek Nadia Oskar Paulo Qiu Rania Sanjay Thandiwe Uriel Valentina "
         "Wojciech Xin Yusuf Zanele Bjorn Noor Linh Arjun Maja Reza Tariq Yuki "
         "Lars Ines Matteo Katarzyna Olga Hana Chen Ravi Amara Joaquin "
         "Siddharth Freya Kofi Sione Beatriz Ilya Aroha Magnus Parisa").split()

DOMAINS = ["corvane.io", "tallowpeak.net", "brindlecart.com", "quellmark.dev",
           "ostrafield.io", "mirelune.com", "kettlebay.net", "plinthworks.io",
           "saffronledger.com", "vantorra.cloud", "driftmoor.app",
           "helixpond.io", "norrgate.se", "lumacrest.de", "pelagrin.co"]

CUSTOMERS = ["Fjordline Freight", "Maple and Rowe Dental", "Oyelaran Health",
             "Brightwater Credit Union", "Kessler Tooling GmbH",
             "Pampas Agro SA", "Nakamura Print KK", "Velden Logistics",
             "Harbourside Veterinary", "Azimuth Charter", "Quintal Imoveis",
             "Sorlie Fisk AS", "Tamarind Foods", "Ostby Clinics",
             "Redgum Energy", "Castellan Insurance", "Mbeki Couriers",
             "Lindqvist Architects"]

SERVICES = ["checkout-api", "ledger-worker", "notif-gateway", "search-indexer",
            "auth-service", "billing-sync", "report-renderer", "webhook-relay",
            "media-transcoder", "tenant-router", "export-scheduler",
            "sso-bridge", "inventory-api", "pricing-engine", "ticket-ingest",
            "audit-writer"]

USERS = ["svc_support", "app_rw", "app_ro", "billing_api", "etl_loader",
         "reporting", "grafana_reader", "deploy", "ops_bot", "replicator",
         "migrator", "backup_agent", "support_ro", "tenant_admin", "metrics",
         "incident_bot", "ledger_app", "svc_export"]

DBS = ["orders", "ledger", "tenants", "support_portal", "billing", "events",
       "inventory", "analytics", "auth", "notifications", "crm", "payouts"]

NSS = ["prod", "payments", "support-tools", "platform", "edge", "data",
       "billing", "ingest", "observability"]

REGIONS = ["us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2",
           "ap-northeast-1", "us-west-2", "sa-east-1", "ap-south-1"]

TZS = [("Sydney", "AEST"), ("Berlin", "CET"), ("Bangalore", "IST"),
       ("Sao Paulo", "BRT"), ("Toronto", "EST"), ("Tokyo", "JST"),
       ("Lagos", "WAT"), ("Dublin", "GMT"), ("Seattle", "PST"),
       ("Singapore", "SGT")]

ENVS = ["prod", "prd", "staging", "stg", "eu", "us", "apac", "dr"]

_EPOCH = datetime.datetime(2024, 1, 1)


def _slug(name):
    s = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return s.lower()


def _ctx():
    p = _R.sample(NAMES, 3)
    when = _EPOCH + datetime.timedelta(seconds=_R.randint(0, 540 * 86400))
    ms = _R.randint(0, 999)
    dom = _R.choice(DOMAINS)
    tz1, tz2 = _R.sample(TZS, 2)
    c = {
        "person": p[0], "person2": p[1], "person3": p[2],
        "handle": _slug(p[0]), "handle2": _slug(p[1]),
        "user": _R.choice(USERS), "user2": _R.choice(USERS),
        "domain": dom, "env": _R.choice(ENVS), "n": "%02d" % _R.randint(1, 24),
        "ip": "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
        "ip2": "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254)),
        "pubip": "203.0.113.%d" % _R.randint(2, 254),
        "port": str(_R.randint(30000, 32767)),
        "ts": when.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tsm": when.strftime("%Y-%m-%dT%H:%M:%S") + ".%03dZ" % ms,
        "tsl": when.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % ms,
        "tsd": when.strftime("%Y-%m-%d %H:%M:%S") + ".%03d" % ms,
        "tsc": when.strftime("%d/%b/%Y:%H:%M:%S +0000"),
        "date": when.strftime("%Y-%m-%d"), "hm": when.strftime("%H:%M"),
        "hms": when.strftime("%H:%M:%S"),
        "tkt": "SUP-%05d" % _R.randint(1000, 99999),
        "zd": "%d" % _R.randint(300000, 999999),
        "inc": "INC-%04d" % _R.randint(100, 9999),
        "ns": _R.choice(NSS), "svc": _R.choice(SERVICES), "svc2": _R.choice(SERVICES),
        "db": _R.choice(DBS), "cust": _R.choice(CUSTOMERS),
        "region": _R.choice(REGIONS),
        "uuid": uuid4(), "uuid2": uuid4(), "uuid3": uuid4(),
        "h7": hexs(7), "h8": hexs(8), "h12": hexs(12), "h16": hexs(16),
        "h32": hexs(32), "h40": hexs(40), "h40b": hexs(40), "h64": hexs(64),
        "pid": str(_R.randint(1200, 65000)), "num": str(_R.randint(2, 97)),
        "big": str(_R.randint(100000, 9999999)),
        "acct": digits(12), "akid": "AKIA" + updig(16), "asid": "ASIA" + updig(16),
        "tz1": tz1[0], "tz1a": tz1[1], "tz2": tz2[0], "tz2a": tz2[1],
        "ver": "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 30), _R.randint(0, 40)),
        "word": _R.choice(WORDS), "word2": _R.choice(WORDS),
    }
    c["email"] = "%s@%s" % (c["handle"], dom)
    c["b44"] = b64(32)
    c["slk"] = _R.choice(UP) + updig(8)
    c["slk2"] = _R.choice(UP) + updig(9)
    c["user_b64"] = b64text(c["user"])
    c["Person"] = c["person"]
    return c


_FIELD = re.compile(u"\u00a7([A-Za-z0-9_]+)\u00a7")


def _fill(tpl, c):
    return _FIELD.sub(lambda m: c[m.group(1)], tpl)


# ---------------------------------------------------------------- passwords
def _cap(w):
    return w[0].upper() + w[1:]


def pw_words():
    a, b = _R.sample(WORDS, 2)
    return "%s%s%s%d%s" % (_cap(a), _R.choice("-_.!"), _cap(b), _R.randint(2, 99), _R.choice("!#?*@%"))


def pw_year():
    return "%s%d%s" % (_cap(_R.choice(WORDS)), _R.randint(2019, 2025), _R.choice("!#@*?") + _chars(DIG, 2))


_LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}


def pw_leet():
    w = _R.choice(WORDS) + _R.choice(WORDS)
    out = w[0] + "".join(_LEET.get(ch, ch) if _R.random() < 0.6 else ch for ch in w[1:])
    return _cap(out) + _chars(DIG, 2) + _R.choice("!#%")


def pw_pron():
    cons, vow = "bdfgklmnprstvz", "aeiou"
    syl = "".join(_R.choice(cons) + _R.choice(vow) for _ in range(_R.randint(3, 4)))
    return _cap(syl) + _chars(DIG, _R.randint(2, 3)) + _R.choice(cons) + _R.choice(vow) + _R.choice(cons)


def pw_rand(n=None, sym=SYM):
    n = n or _R.randint(14, 24)
    s = _R.choice(ALNUM) + _chars(ALNUM + sym * 2, n - 1)
    return s


def pw_safe(n=None):
    return pw_rand(n or _R.randint(16, 28), SAFE_SYM)


def pw_alnum():
    return alnum(_R.randint(18, 32))


def pw_dash():
    return "-".join(_R.sample(WORDS, 4)) + "-" + _chars(DIG, 2)


def pw_phrase():
    return " ".join(_R.sample(WORDS, 4))


def pw_num():
    return digits(_R.randint(8, 10))


# styles usable in most quoted contexts
PW = [pw_words, pw_year, pw_leet, pw_pron, pw_rand, pw_dash, pw_safe, pw_alnum]
# styles safe inside URLs / unquoted tokens
PWU = [pw_safe, pw_alnum, pw_pron, pw_dash]
# styles for free text in chats
PWC = [pw_words, pw_year, pw_leet, pw_pron, pw_rand, pw_dash, pw_phrase]


# ---------------------------------------------------------------- tokens
def t_ghp():
    return "ghp_" + alnum(36)


def t_gho():
    return "gho_" + alnum(36)


def t_ghs():
    return "ghs_" + alnum(36)


def t_ghu():
    return "ghu_" + alnum(36)


def t_ghpat():
    return "github_pat_11" + updig(20) + "_" + alnum(59)


def t_glpat():
    return "glpat-" + _chars(ALNUM + "-_", 20)


def t_glrt():
    return "glrt-" + _chars(ALNUM + "-_", 20)


def t_xoxb():
    return "xoxb-%s-%s-%s" % (digits(12), digits(13), alnum(24))


def t_xoxp():
    return "xoxp-%s-%s-%s-%s" % (digits(12), digits(12), digits(13), hexs(32))


def t_stripe():
    return "sk_live_" + "51" + alnum(_R.choice([22, 97]))


def t_rk():
    return "rk_live_" + "51" + alnum(97)


def t_whsec():
    return "whsec_" + alnum(32)


def t_aws_secret():
    return _chars(ALNUM + "+/", 40)


def t_aws_session():
    return "IQoJb3JpZ2luX2VjE" + _chars(ALNUM + "+/", 340) + "="


def t_aiza():
    return "AIza" + _chars(ALNUM + "-_", 35)


def t_openai():
    return "sk-proj-" + _chars(ALNUM + "-_", 74) + "T3BlbkFJ" + _chars(ALNUM + "-_", 74)


def t_anthropic():
    return "sk-ant-api03-" + _chars(ALNUM + "-_", 93) + "AA"


def t_hf():
    return "hf_" + alnum(34)


def t_npm():
    return "npm_" + alnum(36)


def t_pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _chars(ALNUM + "-_", 150)


def t_sendgrid():
    return "SG." + _chars(ALNUM + "-_", 22) + "." + _chars(ALNUM + "-_", 43)


def t_jwt(payload=None):
    import json as _json
    hdr = b64u_text('{"alg":"%s","typ":"JWT"}' % _R.choice(["HS256", "RS256", "ES256"]))
    if payload is None:
        iat = 1704067200 + _R.randint(0, 40000000)
        payload = {"sub": uuid4(), "iat": iat, "exp": iat + _R.choice([900, 3600, 86400]),
                   "scope": _R.choice(["support:read", "admin", "tickets:write", "api"])}
    pl = b64u_text(_json.dumps(payload, separators=(",", ":")))
    return hdr + "." + pl + "." + b64u(_R.choice([32, 64]))


def b64u_text(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def t_basic(user):
    return b64text("%s:%s" % (user, pw_safe()))


def t_vault():
    return "hvs." + _chars(ALNUM + "_-", 24) if _R.random() < 0.5 else "hvs.CAESI" + _chars(ALNUM + "_-", 86)


def t_sess():
    return _R.choice([lambda: b64u(32), lambda: hexs(64), lambda: "s%3A" + alnum(32) + "." + b64u(32),
                      lambda: alnum(40)])()


def t_opaque():
    return _R.choice([lambda: alnum(40), lambda: b64u(30), lambda: hexs(48)])()


# ---------------------------------------------------------------- PEM
def _wrap64(s, sep="\n"):
    return sep.join(s[i:i + 64] for i in range(0, len(s), 64))


def pem_ec_body(sep="\n"):
    der = (b"\x30\x77\x02\x01\x01\x04\x20" + _rbytes(32) +
           b"\xa0\x0a\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\xa1\x44\x03\x42\x00\x04" + _rbytes(64))
    return _wrap64(base64.b64encode(der).decode(), sep)


def pem_pkcs8_ec_body(sep="\n"):
    der = (b"\x30\x81\x87\x02\x01\x00\x30\x13\x06\x07\x2a\x86\x48\xce\x3d\x02\x01\x06\x08\x2a\x86\x48\xce\x3d"
           b"\x03\x01\x07\x04\x6d\x30\x6b\x02\x01\x01\x04\x20" + _rbytes(32) + b"\xa1\x44\x03\x42\x00\x04" + _rbytes(64))
    return _wrap64(base64.b64encode(der).decode(), sep)


def pem_rsa_body(sep="\n", nbytes=1180):
    der = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00" + _rbytes(nbytes)
    return _wrap64(base64.b64encode(der).decode(), sep)


def pem_pkcs8_rsa_body(sep="\n", nbytes=1200):
    der = b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00" + _rbytes(nbytes)
    return _wrap64(base64.b64encode(der).decode(), sep)


def pem_openssh70(sep="\n"):
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
           b"\x00\x00\x00\x33\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rbytes(32) +
           b"\x00\x00\x00\x88" + _rbytes(8) + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _rbytes(96))
    s = base64.b64encode(raw).decode()
    return sep.join(s[i:i + 70] for i in range(0, len(s), 70))


# ---------------------------------------------------------------- builders
_USED = set()
SECRETS = []
BENIGN = []
_BSEEN = set()


def _uniq(gen):
    for _ in range(200):
        v = gen()
        if v not in _USED and len(v) >= 6:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


def S(group, fmt, gen, text, vis="", n=3, pre=None):
    """Register n secret fragments. gen: callable or list of callables
    (cycled); text/vis: template strings (or lists, cycled) with
    \u00a7field\u00a7 slots; the secret goes into \u00a7S\u00a7.  A callable text
    receives the context dict and returns the text."""
    gens = gen if isinstance(gen, (list, tuple)) else [gen]
    texts = text if isinstance(text, (list, tuple)) else [text]
    viss = vis if isinstance(vis, (list, tuple)) else [vis]
    for i in range(n):
        c = _ctx()
        if pre is not None:
            pre(c)
        g = gens[i % len(gens)] if len(gens) <= 3 else _R.choice(gens)
        c["S"] = _uniq(lambda: g(c) if getattr(g, "_ctx", False) else g())
        t = texts[i % len(texts)]
        t = t(c) if callable(t) else _fill(t, c)
        v = viss[i % len(viss)]
        v = v(c) if callable(v) else _fill(v, c)
        SECRETS.append((group, fmt, t, c["S"], v))


def withctx(fn):
    fn._ctx = True
    return fn


def B(group, text, n=5):
    texts = text if isinstance(text, (list, tuple)) else [text]
    made = 0
    tries = 0
    while made < n and tries < n * 4:
        tries += 1
        c = _ctx()
        t = texts[(made + tries) % len(texts)]
        t = t(c) if callable(t) else _fill(t, c)
        if t in _BSEEN:
            continue
        _BSEEN.add(t)
        BENIGN.append(t)
        made += 1


# =====================================================================
# group: command
# =====================================================================
G = "command"
S(G, "psql-uri-with-password", PWU,
  ['$ psql "postgresql://§user§:§S§@pg-§env§-§n§.§domain§:5432/§db§?sslmode=require" -c "select pid, state, wait_event from pg_stat_activity where state <> \'idle\';"',
   'psql "postgres://§user§:§S§@§ip§:6432/§db§" -Atc "select count(*) from pg_locks where not granted"  # checking lock pileup for §inc§'],
  "§user§")
S(G, "mysql-p-attached-password", PW,
  ["mysql -h mysql-§env§-§n§.§domain§ -u §user§ -p'§S§' -e 'SHOW FULL PROCESSLIST' | grep -v Sleep",
   "Ran: mysql -h §ip§ -P 3306 -u §user§ -p'§S§' §db§ -e \"SELECT COUNT(*) FROM jobs WHERE status='stuck'\""],
  "§user§")
S(G, "pgpassword-env-prefix", PW,
  ["PGPASSWORD='§S§' pg_dump -h pg-§env§-§n§.§domain§ -U §user§ -Fc §db§ > /tmp/§db§-before-hotfix-§date§.dump",
   "PGPASSWORD='§S§' psql -h §ip§ -U §user§ -d §db§ -f ./runbooks/sql/kill-idle-in-tx.sql"],
  ["pg_dump -h pg-§env§-§n§.§domain§", "kill-idle-in-tx.sql"])
S(G, "redis-cli-a-flag", PWU,
  ["redis-cli -h redis-§env§-§n§.§domain§ -p 6380 --tls -a §S§ --no-auth-warning INFO replication",
   "redis-cli -h §ip§ -a '§S§' --scan --pattern 'sess:*' | head -20"],
  ["INFO replication", "--pattern 'sess:*'"])
S(G, "curl-basic-user-colon-password", PWU,
  ["curl -su §user§:§S§ https://§svc§.§env§.§domain§/actuator/health | jq .",
   "curl -sS -u '§user§:§S§' -X POST https://jenkins.§domain§/job/§svc§-rollback/buildWithParameters?TAG=v§ver§"],
  "§user§")
S(G, "curl-bearer-authorization-header", t_opaque,
  ['curl -s -H "Authorization: Bearer §S§" "https://api.§domain§/v2/incidents?status=triggered&limit=50"',
   "curl -sS https://§svc§.internal.§domain§/admin/queues -H 'authorization: Bearer §S§' -H 'accept: application/json'"],
  "https://")
S(G, "curl-x-api-key-header", lambda: alnum(32),
  ["curl -s https://status-api.§domain§/v1/components -H 'X-Api-Key: §S§' | jq '.[] | select(.status != \"operational\")'",
   'curl -X GET "https://§svc§.§domain§/internal/tenants/§uuid§" -H "x-api-key: §S§"'],
  ["/v1/components", "/internal/tenants/§uuid§"])
S(G, "curl-cookie-session-flag", t_sess,
  ["curl -s 'https://admin.§domain§/support/impersonate?tenant=§uuid§' -b 'session=§S§; csrftoken=§h32§'",
   "curl -i https://app.§domain§/api/me --cookie \"_app_session=§S§\""],
  "https://")
S(G, "httpie-auth-flag", PWU,
  ["http -a §user§:§S§ GET https://§svc§.§env§.§domain§/api/v1/debug/pprof/goroutine?debug=2",
   "http --auth §user§:§S§ POST https://queue-admin.§domain§/api/queues/%2F/dead-letter/purge"],
  "http")
S(G, "wget-password-flag", PW,
  ["wget --user=§user§ --password='§S§' https://artifacts.§domain§/support-bundles/§tkt§/bundle.tar.gz",
   "wget -q --http-user=§user§ --http-password='§S§' -O heap.hprof https://dumps.§domain§/§svc§/§pid§.hprof"],
  "wget")
S(G, "docker-login-p-flag", PWU,
  ["docker login -u §user§ -p §S§ registry.§domain§",
   "docker login registry.§domain§:5000 --username ci-puller --password §S§"],
  "registry.§domain§")
S(G, "echo-pipe-password-stdin", [t_ghp, t_glpat],
  ["echo '§S§' | docker login ghcr.io -u §handle§ --password-stdin",
   "echo §S§ | helm registry login registry.gitlab.com --username §handle§ --password-stdin"],
  "--password-stdin")
S(G, "kubectl-create-secret-from-literal", PW,
  ["kubectl -n §ns§ create secret generic smtp-relay --from-literal=SMTP_USER=§user§ --from-literal=SMTP_PASSWORD='§S§' --dry-run=client -o yaml | kubectl apply -f -",
   "kubectl create secret generic §svc§-db -n §ns§ --from-literal=password='§S§'"],
  "kubectl")
S(G, "helm-set-password-value", PWU,
  ["helm upgrade --install pg-repro bitnami/postgresql -n support-repro --set auth.postgresPassword=§S§ --set primary.persistence.size=8Gi",
   "helm upgrade §svc§ ./charts/§svc§ -n §ns§ --reuse-values --set redis.auth.password=§S§"],
  "helm upgrade")
S(G, "export-db-password-env", PW,
  ["export DB_HOST=pg-§env§-§n§.§domain§ DB_USER=§user§\nexport DB_PASSWORD='§S§'\n./bin/replay-failed-webhooks --since §date§",
   "export PGUSER=§user§; export PGPASSWORD='§S§'; psql -h §ip§ §db§"],
  "§user§")
S(G, "sshpass-p-flag", PW,
  ["sshpass -p '§S§' ssh -o StrictHostKeyChecking=no §user§@§ip§ 'sudo journalctl -u §svc§ --since \"1 hour ago\" | tail -200'",
   "sshpass -p '§S§' scp §user§@bastion-§env§.§domain§:/var/log/§svc§/app.log.1 ./§tkt§/"],
  "§user§@")
S(G, "mongosh-srv-uri", PWU,
  ['mongosh "mongodb+srv://§user§:§S§@cluster0.§h7§.mongodb.net/§db§?retryWrites=true" --eval "db.currentOp({secs_running: {$gt: 30}})"',
   "mongo 'mongodb://§user§:§S§@mongo-§env§-01.§domain§:27017,mongo-§env§-02.§domain§:27017/§db§?replicaSet=rs0&authSource=admin'"],
  "§user§")
S(G, "sqlcmd-capital-p-flag", PW,
  ["sqlcmd -S mssql-§env§.§domain§,1433 -U sa -P '§S§' -Q \"SELECT session_id, blocking_session_id, wait_type FROM sys.dm_exec_requests WHERE blocking_session_id <> 0\"",
   "sqlcmd -S §ip§ -d §db§ -U §user§ -P '§S§' -i fix_orphaned_rows.sql"],
  "sqlcmd -S")
S(G, "ldapsearch-bind-w", PW,
  ["ldapsearch -x -H ldaps://ldap.§domain§:636 -D 'cn=svc-support,ou=service,dc=corp,dc=local' -w '§S§' -b 'dc=corp,dc=local' '(uid=§handle§)' memberOf",
   "ldapwhoami -x -H ldap://§ip§ -D 'uid=§user§,ou=people,dc=corp,dc=local' -w §S§"],
  "ldap")
S(G, "smbclient-domain-user-percent-password", PWU,
  [r"smbclient //fs01.corp.local/support$ -U 'CORP\§user§%§S§' -c 'cd dumps; mget §tkt§*'",
   r"smbclient -L //§ip§ -U CORP/§user§%§S§"],
  "smbclient")
S(G, "rabbitmqctl-add-user", PW,
  ["rabbitmqctl add_user §user§ '§S§' && rabbitmqctl set_permissions -p / §user§ '.*' '.*' '.*'",
   "rabbitmqctl change_password §user§ '§S§'"],
  "rabbitmqctl")
S(G, "htpasswd-batch-mode", PW,
  ["htpasswd -b /etc/nginx/.htpasswd-status §handle§ '§S§'",
   "htpasswd -bB -C 12 ./auth/htpasswd support-oncall '§S§'"],
  "htpasswd")
S(G, "openssl-passin-pass", PWU,
  ["openssl pkcs12 -in ./§tkt§/client-cert.p12 -nodes -passin pass:§S§ -out /tmp/client.pem",
   "openssl rsa -in server.key.enc -out server.key -passin pass:§S§"],
  "openssl")
S(G, "keytool-storepass", PWU,
  ["keytool -list -v -keystore /opt/§svc§/conf/keystore.jks -storepass §S§ | grep -A2 Alias",
   "keytool -importcert -alias partner-ca -file partner.crt -keystore truststore.p12 -storetype PKCS12 -storepass §S§ -noprompt"],
  "keytool")
S(G, "git-clone-oauth2-token-url", t_glpat,
  ["git clone https://oauth2:§S§@gitlab.§domain§/support/runbooks.git /tmp/runbooks",
   "git clone https://gitlab-ci-token:§S§@gitlab.§domain§/platform/§svc§.git"],
  "gitlab.§domain§")
S(G, "git-remote-set-url-pat", [t_ghp, t_ghpat],
  ["git remote set-url origin https://§handle§:§S§@github.com/§handle2§-org/§svc§.git && git push origin hotfix/§inc§",
   "git push https://x-access-token:§S§@github.com/§handle2§-org/incident-notes.git HEAD:main"],
  "github.com")
S(G, "aws-configure-set-secret", t_aws_secret,
  ["aws configure set aws_access_key_id §akid§ --profile incident-§inc§\naws configure set aws_secret_access_key §S§ --profile incident-§inc§",
   "aws configure set aws_secret_access_key '§S§' --profile support-readonly"],
  "aws configure set")
S(G, "env-prefixed-aws-cli-call", t_aws_secret,
  ["AWS_ACCESS_KEY_ID=§akid§ AWS_SECRET_ACCESS_KEY=§S§ aws s3 ls s3://§svc§-logs-§region§/§date§/ --region §region§",
   "AWS_SECRET_ACCESS_KEY='§S§' AWS_ACCESS_KEY_ID=§akid§ aws logs tail /ecs/§svc§ --since 30m"],
  "aws")
S(G, "az-login-service-principal", lambda: alnum(3) + "8Q~" + _chars(ALNUM + "_-.~", 34),
  ["az login --service-principal -u §uuid§ -p '§S§' --tenant §uuid2§",
   "az login --service-principal --username §uuid§ --password §S§ --tenant §domain§"],
  "az login")
S(G, "vault-login-token-positional", t_vault,
  ["vault login §S§",
   "VAULT_ADDR=https://vault.§domain§:8200 vault login -method=token §S§ && vault kv get secret/§ns§/§svc§"],
  "vault login")
S(G, "vault-kv-put-inline-value", PW,
  ["vault kv put secret/support/zendesk api_user=§email§/token api_token='§S§'",
   "vault kv put -mount=secret §ns§/§svc§/db username=§user§ password='§S§'"],
  "vault kv put")
S(G, "psql-keyword-conninfo-password", PWU,
  ['psql "host=pg-§env§-§n§.§domain§ port=5432 dbname=§db§ user=§user§ password=§S§ sslmode=verify-full"',
   "pgbench 'host=§ip§ user=§user§ password=§S§ dbname=§db§' -c 4 -T 30 -S"],
  "dbname=§db§")
S(G, "mysqldump-long-password-flag", PW,
  ["mysqldump --host=mysql-§env§.§domain§ --user=§user§ --password='§S§' --single-transaction --routines §db§ > §tkt§.sql",
   "mysqladmin --user=root --password='§S§' --host=§ip§ processlist"],
  ["--single-transaction", "processlist"])
S(G, "rsync-password-env-var", PW,
  ["RSYNC_PASSWORD='§S§' rsync -av rsync://backup@§ip§/logs/§svc§/ ./§tkt§-logs/",
   "RSYNC_PASSWORD='§S§' rsync -az --progress rsync://§user§@nas.§domain§/cores/ /srv/cores/"],
  "rsync")
S(G, "lftp-user-comma-password", PW,
  ["lftp -u §user§,'§S§' sftp://sftp.§domain§ -e 'cd outbound; mget *.csv; bye'",
   "lftp -u 'partner-§num§,§S§' ftps://ftp.§domain§"],
  "lftp")
S(G, "printf-redis-auth-netcat", PWU,
  ["printf 'AUTH §S§\\r\\nINFO memory\\r\\nQUIT\\r\\n' | nc §ip§ 6379",
   "(printf 'AUTH §user§ §S§\\r\\n'; sleep 1; printf 'CLIENT LIST\\r\\n') | openssl s_client -quiet -connect redis-§env§.§domain§:6380"],
  ["INFO memory", "CLIENT LIST"])
S(G, "npm-config-set-authtoken", t_npm,
  ["npm config set //registry.npmjs.org/:_authToken=§S§",
   "npm config set '//npm.§domain§/:_authToken' '§S§' && npm whoami --registry https://npm.§domain§"],
  "npm config set")
S(G, "pip-index-url-with-credentials", PWU,
  ["pip install --index-url https://§user§:§S§@pypi.§domain§/simple/ support-tools==§ver§",
   "pip download -i https://__token__:§S§@nexus.§domain§/repository/pypi-internal/simple acme-diag"],
  "pip")
S(G, "curl-json-login-body", PW,
  ["curl -s -X POST https://§svc§.§domain§/api/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"§user§\",\"password\":\"§S§\"}' | jq -r .access_token",
   "curl https://admin.§domain§/login --data-raw '{\"email\":\"§email§\",\"password\":\"§S§\",\"remember\":true}'"],
  "curl")
S(G, "curl-client-credentials-form", lambda: alnum(4) + "8Q~" + _chars(ALNUM + "_-.~", 34),
  ["curl -s -X POST https://login.microsoftonline.com/§uuid§/oauth2/v2.0/token -d client_id=§uuid2§ -d client_secret=§S§ -d scope=https://graph.microsoft.com/.default -d grant_type=client_credentials",
   "curl -u §uuid2§:§S§ -d grant_type=client_credentials https://auth.§domain§/oauth2/token"],
  "grant_type=client_credentials")
S(G, "kafka-cli-sasl-jaas-property", PW,
  ["kafka-console-consumer.sh --bootstrap-server kafka-§env§-1.§domain§:9093 --topic §svc§.dlq --from-beginning --max-messages 20 --consumer-property security.protocol=SASL_SSL --consumer-property sasl.mechanism=PLAIN --consumer-property 'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"§user§\" password=\"§S§\";'"],
  "--topic §svc§.dlq")
S(G, "mc-alias-set-minio", lambda: alnum(40),
  ["mc alias set prod-minio https://minio.§domain§ §user§ §S§ && mc ls prod-minio/support-bundles/§tkt§/",
   "mc alias set local http://§ip§:9000 minioadmin §S§"],
  "mc alias set")
S(G, "restic-password-env", PW,
  ["RESTIC_PASSWORD='§S§' restic -r s3:s3.§region§.amazonaws.com/§svc§-backups snapshots --latest 3",
   "RESTIC_PASSWORD='§S§' restic -r sftp:backup@§ip§:/srv/restic restore latest --target /tmp/restore --include /etc/§svc§"],
  "restic")
S(G, "borg-passphrase-env", pw_phrase,
  ["BORG_PASSPHRASE='§S§' borg list ssh://borg@backup.§domain§/./§svc§",
   "BORG_PASSPHRASE='§S§' borg extract ssh://borg@§ip§/./repo::§date§ var/lib/§svc§"],
  "borg")
S(G, "gpg-batch-passphrase", PW,
  ["gpg --batch --yes --pinentry-mode loopback --passphrase '§S§' -d §tkt§-customer-bundle.tar.gz.gpg | tar xz",
   "gpg --batch --passphrase '§S§' --symmetric --cipher-algo AES256 core.§pid§"],
  "gpg --batch")
S(G, "7z-extract-p-attached", PWU,
  ["7z x §tkt§-logs.7z -p§S§ -o./§tkt§",
   "7z a -tzip -p§S§ -mem=AES256 core-§pid§.zip core.§pid§"],
  "7z")
S(G, "zip-encrypt-capital-p", PWU,
  ["zip -P §S§ -r har-export-§tkt§.zip ./har/",
   "unzip -P §S§ support-bundle-§zd§.zip -d /tmp/bundle"],
  "zip")
S(G, "powershell-convertto-securestring", PW,
  [r"$cred = New-Object System.Management.Automation.PSCredential('CORP\§user§', (ConvertTo-SecureString '§S§' -AsPlainText -Force)); Enter-PSSession -ComputerName app-§env§-§n§ -Credential $cred",
   r"$pw = ConvertTo-SecureString -String '§S§' -AsPlainText -Force; Invoke-Command -ComputerName sql§n§ -Credential (New-Object PSCredential 'svc_iis', $pw) -ScriptBlock { Get-Service W3SVC }"],
  "ConvertTo-SecureString")
S(G, "net-use-mapped-drive", PWU,
  [r"net use Z: \\fs02.corp.local\dumps /user:CORP\§user§ §S§ /persistent:no",
   r"net use \\§ip§\c$ §S§ /user:.\Administrator"],
  "net use")
S(G, "cmdkey-add-pass", PW,
  [r"cmdkey /add:rdgw.§domain§ /user:CORP\§user§ /pass:§S§",
   r"cmdkey /generic:TERMSRV/§ip§ /user:Administrator /pass:§S§"],
  "cmdkey")
S(G, "xfreerdp-p-flag", PWU,
  ["xfreerdp /v:§ip§ /u:Administrator /p:'§S§' /cert:ignore /dynamic-resolution",
   "xfreerdp /v:jump-§env§.§domain§ /d:CORP /u:§user§ /p:§S§ +clipboard"],
  "xfreerdp")
S(G, "sqlplus-user-slash-password", PWU,
  ["sqlplus §user§/§S§@//ora-§env§.§domain§:1521/ORCLPDB1 @check_sessions.sql",
   "expdp system/§S§@§db§ schemas=BILLING directory=DUMP_DIR dumpfile=§tkt§.dmp"],
  ["sqlplus", "dumpfile=§tkt§.dmp"])
S(G, "influx-query-token-flag", lambda: b64u(64) + "==",
  ["influx query --host https://influx.§domain§ --org support --token §S§ 'from(bucket:\"metrics\") |> range(start:-15m) |> filter(fn:(r) => r._measurement == \"http_5xx\")'",
   "influx bucket list --host http://§ip§:8086 -t §S§"],
  "influx")
S(G, "grpcurl-authorization-metadata", t_jwt,
  ["grpcurl -H 'authorization: Bearer §S§' §svc§.§domain§:443 list",
   "grpcurl -d '{\"tenant_id\":\"§uuid§\"}' -H \"authorization: Bearer §S§\" §svc§.internal:9090 support.v1.Tenants/Get"],
  "grpcurl")
S(G, "wscat-cookie-header", t_sess,
  ["wscat -c wss://realtime.§domain§/socket/websocket?vsn=2.0.0 -H 'Cookie: sid=§S§'",
   "websocat -H='Cookie: _session=§S§' wss://§svc§.§domain§/live"],
  "wss://")
S(G, "terraform-apply-var-password", PW,
  ["terraform apply -var 'db_password=§S§' -target=module.rds_§db§",
   "terraform plan -var=\"admin_password=§S§\" -var-file=envs/§env§.tfvars -out plan.out"],
  "terraform")
S(G, "ansible-extra-vars-become-password", PW,
  ["ansible-playbook -i inventories/§env§ restart-§svc§.yml -e 'ansible_become_password=§S§' --limit app-§env§-§n§",
   "ansible all -i hosts.ini -m shell -a 'systemctl status §svc§' -e ansible_password='§S§'"],
  "ansible")
S(G, "docker-run-e-password", PWU,
  ["docker run --rm -d --name repro-pg -e POSTGRES_PASSWORD=§S§ -p 5432:5432 postgres:15.6",
   "docker run -e MYSQL_ROOT_PASSWORD=§S§ -e MYSQL_DATABASE=§db§ -d mysql:8.0.36"],
  "docker run")
S(G, "heredoc-env-file-write", [lambda: hexs(64), lambda: b64(48)],
  ["cat > /srv/§svc§/.env <<'EOF'\nNODE_ENV=production\nDATABASE_URL=postgres://§user§@pg-§env§.§domain§/§db§\nSESSION_SECRET=§S§\nEOF",
   "sudo tee /etc/default/§svc§ >/dev/null <<EOF\nLOG_LEVEL=debug\nSIGNING_KEY=§S§\nEOF"],
  ["NODE_ENV=production", "LOG_LEVEL=debug"])
S(G, "mosquitto-pub-capital-p", PW,
  ["mosquitto_pub -h mqtt.§domain§ -p 8883 --capath /etc/ssl/certs -u §user§ -P '§S§' -t 'devices/§uuid§/cmd' -m '{\"action\":\"reboot\"}'",
   "mosquitto_sub -h §ip§ -u §user§ -P '§S§' -t '#' -v -C 50"],
  "mosquitto")
S(G, "nats-server-url-credentials", PWU,
  ["nats --server nats://§user§:§S§@nats-§env§.§domain§:4222 sub 'orders.>'",
   "nats -s nats://§user§:§S§@§ip§:4222 stream info EVENTS"],
  "nats")
S(G, "clickhouse-client-password-flag", PW,
  ["clickhouse-client --host ch-§env§.§domain§ --secure --user §user§ --password '§S§' --query \"SELECT query_id, elapsed FROM system.processes ORDER BY elapsed DESC LIMIT 5\""],
  "clickhouse-client")
S(G, "cqlsh-u-p-flags", PWU,
  ["cqlsh cass-§env§-§n§.§domain§ 9042 --ssl -u §user§ -p §S§ -e \"SELECT * FROM system.peers\""],
  "cqlsh")
S(G, "curl-query-string-api-key", lambda: hexs(40),
  ['curl "https://api.§domain§/v1/reports/export?tenant=§uuid§&api_key=§S§&format=csv" -o export.csv',
   "curl -s 'https://geo.§domain§/lookup?ip=§pubip§&key=§S§'"],
  "curl")
S(G, "sentry-cli-auth-token-env", lambda: "sntrys_" + b64u(90),
  ["SENTRY_AUTH_TOKEN=§S§ sentry-cli releases -o §handle2§ -p §svc§ deploys v§ver§ new -e production"],
  "sentry-cli")
S(G, "invoke-restmethod-header-hashtable", lambda: alnum(48),
  ["Invoke-RestMethod -Uri https://§svc§.§domain§/api/cache/flush -Method Post -Headers @{ 'X-Auth-Token' = '§S§' }",
   "$h = @{ Authorization = 'Token §S§' }; Invoke-WebRequest -Uri https://tickets.§domain§/api/v2/tickets/§zd§ -Headers $h"],
  "Invoke-")
S(G, "git-credential-approve-heredoc", t_ghp,
  ["git credential approve <<EOF\nprotocol=https\nhost=github.com\nusername=§handle§\npassword=§S§\nEOF"],
  "git credential approve")
S(G, "ssh-tunnel-then-password-positional", PWU,
  ["ssh -fN -L 15432:pg-§env§.internal:5432 §handle§@bastion.§domain§ && pg_isready -h 127.0.0.1 -p 15432 && ./scripts/dbshell.sh §user§ §S§ §db§"],
  "bastion.§domain§")
S(G, "redis-cli-uri-u-flag", PWU,
  ["redis-cli -u rediss://default:§S§@cache-§env§.§domain§:6380/0 --latency-history",
   "redis-cli -u redis://:§S§@§ip§:6379/2 DBSIZE"],
  "redis-cli")
S(G, "mongodump-password-flag", PW,
  ["mongodump --host rs0/mongo-§env§-01.§domain§:27017 --username §user§ --password '§S§' --authenticationDatabase admin --db §db§ --out /tmp/§tkt§"],
  "mongodump")
S(G, "doctl-auth-init-token", lambda: "dop_v1_" + hexs(64),
  ["doctl auth init --context incident -t §S§ && doctl kubernetes cluster kubeconfig save §env§-k8s"],
  "doctl")
S(G, "stripe-cli-api-key-flag", t_rk,
  ["stripe events list --limit 20 --api-key §S§ | jq '.data[] | select(.type==\"invoice.payment_failed\")'",
   "stripe trigger charge.failed --api-key §S§"],
  "stripe")
S(G, "gh-auth-login-with-token-pipe", t_gho,
  ["echo §S§ | gh auth login --with-token && gh run list -R §handle2§-org/§svc§ --limit 5"],
  "gh auth login")
S(G, "psexec-u-p-flags", PW,
  [r"PsExec.exe \\app-§env§-§n§ -u CORP\§user§ -p '§S§' -s cmd /c ""iisreset /restart"""],
  "PsExec.exe")
S(G, "snmpwalk-v3-auth-priv", PWU,
  ["snmpwalk -v3 -l authPriv -u monitor -a SHA -A §S§ -x AES -X §h16§ §ip§ 1.3.6.1.2.1.2.2.1.8"],
  "snmpwalk")
S(G, "ipmitool-lanplus-p", PWU,
  ["ipmitool -I lanplus -H §ip2§ -U ADMIN -P §S§ chassis power cycle  # host §n§ wedged, BMC reset as per runbook"],
  "ipmitool")


# =====================================================================
# group: tool-output
# =====================================================================
G = "tool-output"
S(G, "printenv-grep-output", PW,
  ["$ printenv | grep -i -E 'pass|secret'\nPGPASSWORD=§S§\nPASSWORD_RESET_TTL=3600\nSECRET_ROTATION_DAYS=90",
   "$ env | grep -i pass\nSMTP_PASS=§S§\nPASSWORD_MIN_LENGTH=12"],
  ["PASSWORD_RESET_TTL=3600", "PASSWORD_MIN_LENGTH=12"])
S(G, "docker-inspect-env-array", PWU,
  ['$ docker inspect §svc§-§h7§ --format \'{{json .Config.Env}}\' | jq .\n[\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n  "REDIS_URL=redis://:§S§@cache:6379/0",\n  "RAILS_ENV=production",\n  "RAILS_LOG_TO_STDOUT=1"\n]',
   '"Env": [\n    "LANG=C.UTF-8",\n    "AMQP_URL=amqp://§user§:§S§@rabbitmq:5672/%2F",\n    "WORKERS=4"\n],'],
  ["PATH=/usr/local/sbin", "LANG=C.UTF-8"])
S(G, "kubectl-get-secret-yaml-base64-data", withctx(lambda c: b64text(pw_safe())),
  ["$ kubectl -n §ns§ get secret §svc§-db -o yaml\napiVersion: v1\ndata:\n  password: §S§\n  username: §user_b64§\nkind: Secret\nmetadata:\n  name: §svc§-db\n  namespace: §ns§\ntype: Opaque",
   "kubectl get secret redis-auth -n §ns§ -o json | jq .data\n{\n  \"redis-password\": \"§S§\"\n}"],
  ["kind: Secret", "get secret redis-auth"])
S(G, "kubectl-describe-pod-env-literal", PW,
  ["$ kubectl describe pod §svc§-§h7§-§h8§ -n §ns§ | sed -n '/Environment:/,/Mounts:/p'\n    Environment:\n      SPRING_PROFILES_ACTIVE:      §env§\n      SPRING_DATASOURCE_USERNAME:  §user§\n      SPRING_DATASOURCE_PASSWORD:  §S§\n      JAVA_OPTS:                   -Xmx1536m\n    Mounts:"],
  "SPRING_DATASOURCE_USERNAME:  §user§")
S(G, "ps-aux-java-system-property", PWU,
  ["$ ps aux | grep [j]ava\n§user§  §pid§ 87.3 21.4 6123456 1754320 ?  Ssl  §hm§ 412:07 /usr/lib/jvm/java-17/bin/java -Xmx4g -Dspring.datasource.url=jdbc:postgresql://pg-§env§:5432/§db§ -Dspring.datasource.password=§S§ -jar /opt/§svc§/app.jar",
   "$ ps -ef | grep pg_basebackup\npostgres §pid§ 1 0 §hm§ ? 00:00:03 pg_basebackup -d host=§ip§ user=replicator password=§S§ -D /var/lib/pgsql/15/data -X stream -P"],
  "ps ")
S(G, "proc-environ-dump", [lambda: hexs(64), lambda: b64(32)],
  ["$ sudo cat /proc/§pid§/environ | tr '\\0' '\\n' | sort\nHOME=/app\nHOSTNAME=§svc§-§h7§\nJWT_SIGNING_SECRET=§S§\nNODE_ENV=production\nPORT=8080",
   "# environ of the wedged worker (pid §pid§)\nLANG=en_US.UTF-8\nPHX_HOST=§svc§.§domain§\nSECRET_KEY_BASE=§S§\nRELEASE_NODE=§svc§@§ip§"],
  ["HOSTNAME=§svc§-§h7§", "PHX_HOST=§svc§.§domain§"])
S(G, "aws-sts-assume-role-json", t_aws_secret,
  ['$ aws sts assume-role --role-arn arn:aws:iam::§acct§:role/IncidentResponder --role-session-name §handle§-§inc§\n{\n    "Credentials": {\n        "AccessKeyId": "§asid§",\n        "SecretAccessKey": "§S§",\n        "Expiration": "§ts§"\n    },\n    "AssumedRoleUser": {\n        "Arn": "arn:aws:sts::§acct§:assumed-role/IncidentResponder/§handle§-§inc§"\n    }\n}'],
  "arn:aws:iam::§acct§:role/IncidentResponder")
S(G, "aws-sts-session-token-field", t_aws_session,
  ['"Credentials": {\n    "AccessKeyId": "§asid§",\n    "SessionToken": "§S§",\n    "Expiration": "§ts§"\n}'],
  "Expiration")
S(G, "vault-kv-get-table", PW,
  ["$ vault kv get secret/§ns§/§svc§/db\n====== Secret Path ======\nsecret/data/§ns§/§svc§/db\n\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       §ts§\nversion            §num§\n\n====== Data ======\nKey         Value\n---         -----\npassword    §S§\nusername    §user§"],
  "secret/data/§ns§/§svc§/db")
S(G, "vault-token-create-table", t_vault,
  ["$ vault token create -policy=support-ro -ttl=8h\nKey                  Value\n---                  -----\ntoken                §S§\ntoken_accessor       §h12§§h12§\ntoken_duration       8h\ntoken_renewable      true\ntoken_policies       [\"default\" \"support-ro\"]"],
  "token_duration       8h")
S(G, "terraform-output-json-sensitive-revealed", PW,
  ['$ terraform output -json\n{\n  "db_admin_password": {\n    "sensitive": true,\n    "type": "string",\n    "value": "§S§"\n  },\n  "db_endpoint": {\n    "sensitive": false,\n    "type": "string",\n    "value": "§db§-§env§.§h12§.§region§.rds.amazonaws.com"\n  }\n}',
   "$ terraform output -raw grafana_admin_password\n§S§"],
  "terraform output")
S(G, "heroku-config-output", PWU,
  ["$ heroku config -a §svc§-§env§\n=== §svc§-§env§ Config Vars\nDATABASE_URL:  postgres://u§h8§:§S§@ec2-§num§-§num§.compute-1.amazonaws.com:5432/d§h12§\nLOG_LEVEL:     info\nWEB_CONCURRENCY: 3"],
  "Config Vars")
S(G, "git-log-patch-removed-line", PW,
  ["$ git log -p -1 §h7§ -- config/§env§.yml\ncommit §h40§\nAuthor: §person§ <§email§>\n\n    move db password to env var\n\n-  password: §S§\n+  password: <%= ENV['DB_PASSWORD'] %>"],
  "move db password to env var")
S(G, "grep-recursive-hit-line", PW,
  ["$ grep -rn 'PASSWORD' config/ legacy/ | head\nlegacy/settings_§env§.py:41:EMAIL_HOST_PASSWORD = \"§S§\"\nconfig/base.py:12:PASSWORD_HASHERS = [",
   "$ rg -n 'smtp_pass' .\n./deploy/old/mailer.conf:7:smtp_pass = §S§"],
  "$ ")
S(G, "docker-compose-config-rendered", PW,
  ["$ docker compose config | sed -n '/db:/,/ports:/p'\n  db:\n    environment:\n      MYSQL_DATABASE: §db§\n      MYSQL_ROOT_PASSWORD: §S§\n      MYSQL_USER: §user§\n    image: mysql:8.0\n    ports:"],
  "MYSQL_DATABASE: §db§")
S(G, "cat-env-production-file", [lambda: "sk_live_51" + alnum(97), lambda: hexs(64)],
  ["$ cat /srv/§svc§/shared/.env.production\nAPP_ENV=production\nAPP_URL=https://§svc§.§domain§\nSTRIPE_SECRET=§S§\nQUEUE_CONNECTION=redis"],
  "APP_URL=https://§svc§.§domain§")
S(G, "sql-select-settings-table", PW,
  ["§db§=> SELECT name, value FROM app_settings WHERE name LIKE 'smtp%';\n     name      |        value\n---------------+------------------------\n smtp_host     | smtp.§domain§\n smtp_user     | §user§\n smtp_password | §S§\n(3 rows)"],
  "smtp_host     | smtp.§domain§")
S(G, "redis-config-get-requirepass", PWU,
  ['§ip§:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "§S§"',
   '127.0.0.1:6379> CONFIG GET masterauth\n1) "masterauth"\n2) "§S§"'],
  "CONFIG GET")
S(G, "jenkins-script-console-dump", PW,
  ["Result of script console on jenkins.§domain§:\nid=deploy-§env§ desc=prod deploy user=§user§ password=§S§\nid=github-app desc=GitHub App user=§num§ password=<not a UsernamePassword>"],
  "script console")
S(G, "az-ad-sp-create-json", lambda: alnum(3) + "8Q~" + _chars(ALNUM + "_-.~", 34),
  ['$ az ad sp create-for-rbac --name incident-§inc§-reader --role Reader --scopes /subscriptions/§uuid§\n{\n  "appId": "§uuid2§",\n  "displayName": "incident-§inc§-reader",\n  "password": "§S§",\n  "tenant": "§uuid3§"\n}'],
  "incident-§inc§-reader")
S(G, "gh-auth-status-show-token", t_gho,
  ["$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account §handle§ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: §S§\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'"],
  "Logged in to github.com account §handle§")
S(G, "docker-config-json-auths", withctx(lambda c: t_basic(c["user"])),
  ['$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.§domain§": {\n      "auth": "§S§"\n    }\n  },\n  "credsStore": ""\n}'],
  "registry.§domain§")
S(G, "kubectl-config-view-raw-token", t_jwt,
  ["$ kubectl config view --raw --minify\napiVersion: v1\nclusters:\n- cluster:\n    server: https://§ip§:6443\n  name: §env§\nusers:\n- name: support-sa\n  user:\n    token: §S§"],
  "server: https://§ip§:6443")
S(G, "cat-npmrc-authtoken", t_npm,
  ["$ cat ~/.npmrc\nregistry=https://registry.npmjs.org/\n@§handle2§:registry=https://npm.pkg.github.com/\n//registry.npmjs.org/:_authToken=§S§"],
  "registry=https://registry.npmjs.org/")
S(G, "cat-netrc-machine-line", PW,
  ["$ cat ~/.netrc\nmachine api.§domain§ login §user§ password §S§\nmachine github.com login §handle§ password ${GITHUB_TOKEN}"],
  "machine api.§domain§")
S(G, "cat-pgpass-line", PWU,
  ["$ cat ~/.pgpass\npg-§env§-§n§.§domain§:5432:*:§user§:§S§\nlocalhost:5432:*:postgres:*"],
  "pg-§env§-§n§.§domain§:5432")
S(G, "strace-write-auth", PWU,
  ['$ strace -f -e trace=write -s 200 -p §pid§ 2>&1 | head\n[pid §pid§] write(7, "*2\\r\\n$4\\r\\nAUTH\\r\\n$24\\r\\n§S§\\r\\n", 44) = 44\n[pid §pid§] write(7, "*1\\r\\n$4\\r\\nPING\\r\\n", 14) = 14'],
  "trace=write")
S(G, "tcpdump-ascii-basic-auth", withctx(lambda c: t_basic(c["user"])),
  ["$ sudo tcpdump -i eth0 -A -s0 'tcp port 8080' | grep -A3 'GET /'\nGET /internal/metrics HTTP/1.1\nHost: §ip§:8080\nAuthorization: Basic §S§\nUser-Agent: Prometheus/2.51.0"],
  "Host: §ip§:8080")
S(G, "curl-verbose-request-header-echo", t_opaque,
  ["$ curl -v https://§svc§.§domain§/api/v3/export/§uuid§ -H \"Authorization: Token §S§\"\n> GET /api/v3/export/§uuid§ HTTP/2\n> Host: §svc§.§domain§\n> Authorization: Token §S§\n>\n< HTTP/2 403\n< x-request-id: §uuid2§"],
  "x-request-id: §uuid2§")
S(G, "wp-cli-config-list", PW,
  ["$ wp config list --allow-root | grep DB_\nDB_NAME\twp_§db§\tconstant\nDB_USER\twp_§user§\tconstant\nDB_PASSWORD\t§S§\tconstant\nDB_HOST\tmysql-§env§.§domain§\tconstant"],
  "DB_HOST")
S(G, "rails-credentials-show", lambda: hexs(128),
  ["$ EDITOR=cat bin/rails credentials:show -e production\naws:\n  region: §region§\nsecret_key_base: §S§\nsidekiq_web_user: admin"],
  "credentials:show")
S(G, "artisan-tinker-config-value", lambda: "key-" + hexs(32),
  [">>> config('services.mailgun.secret')\n=> \"§S§\"\n>>> config('services.mailgun.domain')\n=> \"mg.§domain§\""],
  "config('services.mailgun.domain')")
S(G, "django-shell-settings-attr", t_aws_secret,
  [">>> from django.conf import settings\n>>> settings.AWS_STORAGE_BUCKET_NAME\n'§svc§-media'\n>>> settings.AWS_SECRET_ACCESS_KEY\n'§S§'"],
  "AWS_STORAGE_BUCKET_NAME")
S(G, "iex-application-get-env", PW,
  ['iex(§svc§@§ip§)1> Application.get_env(:support, Support.Repo)\n[\n  username: "§user§",\n  password: "§S§",\n  hostname: "pg-§env§.§domain§",\n  database: "§db§_prod",\n  pool_size: 20\n]'],
  "Application.get_env")
S(G, "irb-env-lookup", lambda: hexs(8) + ":" + hexs(8),
  ["irb(main):003:0> ENV.fetch('BUNDLE_GEMS__CONTRIBSYS__COM')\n=> \"§S§\"\nirb(main):004:0> Sidekiq::VERSION\n=> \"7.2.2\""],
  "Sidekiq::VERSION")
S(G, "node-repl-process-env", [lambda: b64(48), lambda: alnum(48)],
  ["> process.env.JWT_SECRET\n'§S§'\n> process.env.NODE_ENV\n'production'"],
  "process.env.NODE_ENV")
S(G, "dotnet-user-secrets-list", PW,
  ["$ dotnet user-secrets list --project src/§svc§.Api\nConnectionStrings:Default = Server=sql-§env§.§domain§;Database=§db§;User Id=§user§;Password=§S§;TrustServerCertificate=True\nLogging:LogLevel:Default = Debug"],
  "User Id=§user§")
S(G, "spring-actuator-env-unmasked", PW,
  ['$ curl -s localhost:8081/actuator/env | jq \'.propertySources[] | select(.name|test("application")) | .properties\'\n{\n  "spring.datasource.url": {"value": "jdbc:postgresql://pg-§env§:5432/§db§"},\n  "spring.datasource.username": {"value": "§user§"},\n  "spring.datasource.password": {"value": "§S§"}\n}'],
  "spring.datasource.username")
S(G, "consul-kv-get-raw", t_stripe,
  ["$ consul kv get service/billing/stripe_secret_key\n§S§\n$ consul kv get service/billing/stripe_account\nacct_§h16§"],
  "consul kv get")
S(G, "etcdctl-get-value", PW,
  ["$ ETCDCTL_API=3 etcdctl get /config/§svc§/db_password\n/config/§svc§/db_password\n§S§"],
  "etcdctl get")
S(G, "ssm-get-parameter-decrypted", PW,
  ['$ aws ssm get-parameter --name /§env§/§svc§/db/password --with-decryption\n{\n    "Parameter": {\n        "Name": "/§env§/§svc§/db/password",\n        "Type": "SecureString",\n        "Value": "§S§",\n        "Version": §num§\n    }\n}'],
  "SecureString")
S(G, "secretsmanager-secretstring-json", PW,
  ['$ aws secretsmanager get-secret-value --secret-id §env§/§db§/admin --query SecretString --output text\n{"username":"§user§","password":"§S§","engine":"postgres","host":"§db§.cluster-§h12§.§region§.rds.amazonaws.com","port":5432}'],
  "--secret-id §env§/§db§/admin")
S(G, "gcloud-secrets-access-raw", [lambda: alnum(40), t_aiza],
  ["$ gcloud secrets versions access latest --secret=§svc§-api-key --project=§handle2§-§env§\n§S§"],
  "gcloud secrets versions access")
S(G, "kubectl-exec-env-output", PW,
  ["$ kubectl exec -n §ns§ deploy/§svc§ -- env | grep -i -e redis -e amqp\nREDIS_HOST=redis-master.§ns§.svc\nREDIS_PASSWORD=§S§\nAMQP_HOST=rabbitmq.§ns§.svc"],
  "REDIS_HOST=redis-master.§ns§.svc")
S(G, "docker-history-env-layer", t_npm,
  ["$ docker history --no-trunc registry.§domain§/§svc§:§ver§ | grep ENV\n<missing>   3 weeks ago   ENV NPM_TOKEN=§S§   0B\n<missing>   3 weeks ago   ENV NODE_ENV=production   0B"],
  "docker history")
S(G, "helm-get-values-output", PW,
  ["$ helm get values §svc§ -n §ns§\nUSER-SUPPLIED VALUES:\nauth:\n  existingSecret: \"\"\n  password: §S§\n  username: §user§\nreplicaCount: 3"],
  "USER-SUPPLIED VALUES")
S(G, "ansible-debug-var-output", PW,
  ['TASK [debug vault vars] ********\nok: [app-§env§-§n§] => {\n    "vault_db_password": "§S§"\n}'],
  "TASK [debug vault vars]")
S(G, "cat-wp-config-define", PW,
  ["$ sudo cat /var/www/§handle2§/wp-config.php | grep DB_\ndefine( 'DB_NAME', 'wp_§db§' );\ndefine( 'DB_USER', 'wp_§user§' );\ndefine( 'DB_PASSWORD', '§S§' );\ndefine( 'DB_HOST', 'localhost' );"],
  "define( 'DB_USER'")
S(G, "systemctl-show-environment", PW,
  ["$ systemctl show §svc§ -p Environment\nEnvironment=LOG_LEVEL=debug SMTP_HOST=smtp.§domain§ SMTP_PASS=§S§ TZ=UTC"],
  "systemctl show §svc§")
S(G, "har-request-cookie-header", t_sess,
  ['        "headers": [\n          {"name": "Host", "value": "app.§domain§"},\n          {"name": "Cookie", "value": "_ga=GA1.2.§big§.§big§; _session_id=§S§"},\n          {"name": "Accept", "value": "application/json"}\n        ],'],
  '"name": "Host", "value": "app.§domain§"')
S(G, "har-postdata-password-form", PWU,
  ['"postData": {\n  "mimeType": "application/x-www-form-urlencoded",\n  "text": "utf8=%E2%9C%93&user%5Bemail%5D=§handle§%40§domain§&user%5Bpassword%5D=§S§&commit=Sign+in",\n  "params": []\n},'],
  "application/x-www-form-urlencoded")
S(G, "echo-token-variable-output", t_jwt,
  ["$ echo $SUPPORT_API_TOKEN\n§S§\n$ echo ${#SUPPORT_API_TOKEN}\n212"],
  "echo $SUPPORT_API_TOKEN")
S(G, "sqlite-oauth-tokens-row", lambda: "1//0" + _chars(ALNUM + "-_", 99),
  ["sqlite> select provider, refresh_token, expires_at from oauth_tokens where account_id = §num§;\ngoogle|§S§|§ts§"],
  "oauth_tokens")
S(G, "cat-gitlab-runner-config", t_glrt,
  ['$ sudo cat /etc/gitlab-runner/config.toml\nconcurrent = 4\n[[runners]]\n  name = "support-runner-§n§"\n  url = "https://gitlab.§domain§/"\n  token = "§S§"\n  executor = "docker"'],
  'name = "support-runner-§n§"')
S(G, "env-sort-slack-webhook", lambda: alnum(24),
  ["$ env | sort | grep -i slack\nSLACK_CHANNEL=#inc-§svc§\nSLACK_WEBHOOK_URL=https://hooks.slack.com/services/T0§slk§/B0§slk2§/§S§"],
  "SLACK_CHANNEL=#inc-§svc§")
S(G, "wg-showconf-private-key", lambda: b64(32),
  ["$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = §S§\n\n[Peer]\nPublicKey = §b44§\nAllowedIPs = 10.99.0.0/24"],
  "ListenPort = 51820")
S(G, "cat-aws-credentials-file", t_aws_secret,
  ["$ cat ~/.aws/credentials\n[default]\naws_access_key_id = §akid§\naws_secret_access_key = §S§\nregion = §region§"],
  "[default]")
S(G, "cat-pypirc-password", t_pypi,
  ["$ cat ~/.pypirc\n[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = §S§"],
  "index-servers = pypi")
S(G, "cat-git-credentials-store", t_ghp,
  ["$ cat ~/.git-credentials\nhttps://§handle§:§S§@github.com"],
  "cat ~/.git-credentials")
S(G, "nmcli-show-secrets-psk", PWC[:5],
  ["$ nmcli -s -g 802-11-wireless.ssid,802-11-wireless-security.psk connection show 'Office-§word§'\nOffice-§word§\n§S§"],
  "nmcli")
S(G, "cat-my-cnf-client-section", PW,
  ["$ sudo cat /root/.my.cnf\n[client]\nuser=root\npassword=§S§\nhost=localhost"],
  "[client]")
S(G, "jsonpath-secret-base64-decoded", PW,
  ["$ kubectl get secret §svc§-smtp -n §ns§ -o jsonpath='{.data.password}' | base64 -d; echo\n§S§"],
  "jsonpath='{.data.password}'")
S(G, "docker-logs-generated-root-password", pw_alnum,
  ["$ docker logs repro-mysql 2>&1 | grep GENERATED\n§tsm§ 0 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: §S§"],
  "GENERATED ROOT PASSWORD")
S(G, "cat-grafana-ini-security", PW,
  ["$ grep -A4 '^\\[security\\]' /etc/grafana/grafana.ini\n[security]\nadmin_user = admin\nadmin_password = §S§\ncookie_secure = true"],
  "admin_user = admin")
S(G, "kubectl-get-configmap-leaked-password", PW,
  ["$ kubectl get cm §svc§-config -n §ns§ -o yaml | grep -i -B1 -A1 pass\n  LDAP_BIND_DN: cn=§user§,ou=svc,dc=corp,dc=local\n  LDAP_BIND_PASSWORD: §S§\n  LDAP_URL: ldaps://ldap.§domain§"],
  "LDAP_URL: ldaps://ldap.§domain§")
S(G, "strings-core-dump-grep", lambda: "Bearer " + alnum(40),
  ["$ strings -n 12 core.§svc§.§pid§ | grep -m3 -i -E 'bearer|authorization'\nAuthorization: §S§\nauthorization_header_missing"],
  "strings -n 12 core.§svc§.§pid§")
S(G, "mysql-show-create-server-output", PW,
  ["mysql> SHOW CREATE SERVER fed_§db§\\G\n*************************** 1. row ***************************\nServer: fed_§db§\nCreate Server: CREATE SERVER fed_§db§ FOREIGN DATA WRAPPER mysql OPTIONS (HOST '§ip§', DATABASE '§db§', USER '§user§', PASSWORD '§S§', PORT 3306)"],
  "FOREIGN DATA WRAPPER mysql")
S(G, "pg-user-mappings-umoptions", PWU,
  ["§db§=# select srvname, usename, umoptions from pg_user_mappings;\n  srvname  | usename |                  umoptions\n-----------+---------+------------------------------------------\n legacy_fdw | §user§ | {user=legacy_ro,password=§S§}\n(1 row)"],
  "pg_user_mappings")
S(G, "git-config-list-extraheader", withctx(lambda c: b64text("x-access-token:" + t_ghs())),
  ["$ git config --list | grep -i extraheader\nhttp.https://github.com/.extraheader=AUTHORIZATION: basic §S§"],
  "git config --list")


# =====================================================================
# group: config-file
# =====================================================================
G = "config-file"
S(G, "spring-application-yml-datasource", PW,
  ["# src/main/resources/application-§env§.yml\nspring:\n  datasource:\n    url: jdbc:postgresql://pg-§env§-§n§.§domain§:5432/§db§\n    username: §user§\n    password: '§S§'\n    hikari:\n      maximum-pool-size: 30",
   "spring:\n  rabbitmq:\n    host: mq-§env§.§domain§\n    username: §user§\n    password: §S§\n    virtual-host: /§svc§"],
  "§user§")
S(G, "java-application-properties-mail", PW,
  ["# application.properties (attached by customer in §tkt§)\nspring.mail.host=smtp.office365.com\nspring.mail.port=587\nspring.mail.username=noreply@§domain§\nspring.mail.password=§S§\nspring.mail.properties.mail.smtp.starttls.enable=true"],
  "spring.mail.host=smtp.office365.com")
S(G, "appsettings-json-connection-string", PW,
  ['{\n  "ConnectionStrings": {\n    "Default": "Server=tcp:sql-§env§.§domain§,1433;Initial Catalog=§db§;User ID=§user§;Password=§S§;Encrypt=True;Connection Timeout=30;"\n  },\n  "Logging": { "LogLevel": { "Default": "Warning" } }\n}'],
  "Initial Catalog=§db§")
S(G, "web-config-connectionstrings-xml", PW,
  ['<connectionStrings>\n  <add name="SupportDb" connectionString="Data Source=§ip§;Initial Catalog=§db§;User Id=§user§;Password=§S§;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />\n</connectionStrings>'],
  'name="SupportDb"')
S(G, "dotenv-file-mixed", [lambda: "sk_live_51" + alnum(97), lambda: hexs(64), pw_safe],
  ["# .env (from the customer's self-hosted install, §tkt§)\nAPP_URL=https://support.§domain§\nDB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_USERNAME=§user§\nDB_PASSWORD=§S§\nMAIL_MAILER=smtp",
   "NODE_ENV=production\nPORT=3000\nPAYMENTS_SECRET_KEY=§S§\nLOG_LEVEL=info"],
  ["DB_USERNAME=§user§", "PORT=3000"])
S(G, "docker-compose-environment-map", PW,
  ["services:\n  §svc§:\n    image: registry.§domain§/§svc§:§ver§\n    environment:\n      DATABASE_HOST: db\n      DATABASE_USER: §user§\n      DATABASE_PASSWORD: \"§S§\"\n    depends_on: [db]"],
  "image: registry.§domain§/§svc§:§ver§")
S(G, "docker-compose-environment-list", PW,
  ["  keycloak:\n    image: quay.io/keycloak/keycloak:24.0\n    environment:\n      - KEYCLOAK_ADMIN=admin\n      - KEYCLOAK_ADMIN_PASSWORD=§S§\n      - KC_DB=postgres"],
  "KEYCLOAK_ADMIN=admin")
S(G, "k8s-secret-stringdata", PW,
  ["apiVersion: v1\nkind: Secret\nmetadata:\n  name: §svc§-ldap\n  namespace: §ns§\ntype: Opaque\nstringData:\n  bind-dn: cn=§user§,ou=svc,dc=corp,dc=local\n  bind-password: \"§S§\""],
  "name: §svc§-ldap")
S(G, "helm-values-yaml-nested", PW,
  ["# values-§env§.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: §user§\n    password: \"§S§\"\n    database: §db§\n  primary:\n    resources:\n      limits: { memory: 2Gi }"],
  "database: §db§")
S(G, "terraform-tfvars-assignment", PW,
  ['# envs/§env§.tfvars\nregion            = "§region§"\ninstance_class    = "db.r6g.large"\nmaster_username   = "§user§"\nmaster_password   = "§S§"\nbackup_retention  = 14'],
  'master_username   = "§user§"')
S(G, "hcl-vault-provider-token", t_vault,
  ['provider "vault" {\n  address = "https://vault.§domain§:8200"\n  token   = "§S§"\n}'],
  'address = "https://vault.§domain§:8200"')
S(G, "odbc-ini-dsn-password", PW,
  ["[§db§_§env§]\nDriver      = ODBC Driver 18 for SQL Server\nServer      = tcp:sql-§env§.§domain§,1433\nDatabase    = §db§\nUID         = §user§\nPWD         = §S§\nEncrypt     = yes"],
  "Driver      = ODBC Driver 18 for SQL Server")
S(G, "mysql-my-cnf-client-block", PW,
  ["# /etc/mysql/conf.d/backup.cnf\n[mysqldump]\nuser=§user§\npassword=\"§S§\"\nhost=mysql-§env§.§domain§\nsingle-transaction"],
  "[mysqldump]")
S(G, "pgbouncer-userlist-txt", PWU,
  ['; /etc/pgbouncer/userlist.txt\n"§user§" "§S§"\n"pgbouncer_stats" "md5§h32§"'],
  '"§user§"')
S(G, "redis-conf-requirepass", PWU,
  ["# redis.conf excerpt\nbind 0.0.0.0\nprotected-mode yes\nport 6379\nrequirepass §S§\nmaxmemory 4gb\nmaxmemory-policy allkeys-lru"],
  "maxmemory-policy allkeys-lru")
S(G, "redis-conf-masterauth", PWU,
  ["replicaof redis-§env§-01.§domain§ 6379\nmasterauth §S§\nreplica-read-only yes"],
  "replica-read-only yes")
S(G, "nginx-proxy-set-header-basic", withctx(lambda c: t_basic(c["user"])),
  ["location /upstream-api/ {\n    proxy_pass https://partner.§domain§/;\n    proxy_set_header Authorization \"Basic §S§\";\n    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n}"],
  "proxy_pass https://partner.§domain§/")
S(G, "haproxy-stats-auth-line", PWU,
  ["listen stats\n    bind *:8404\n    stats enable\n    stats uri /haproxy?stats\n    stats auth admin:§S§\n    stats refresh 10s"],
  "stats uri /haproxy?stats")
S(G, "rails-database-yml-production", PW,
  ["production:\n  <<: *default\n  host: pg-§env§.§domain§\n  database: §db§_production\n  username: §user§\n  password: \"§S§\"\n  pool: <%= ENV.fetch(\"RAILS_MAX_THREADS\") { 5 } %>"],
  "database: §db§_production")
S(G, "logstash-elasticsearch-output", PW,
  ['output {\n  elasticsearch {\n    hosts => ["https://es-§env§.§domain§:9200"]\n    user => "logstash_writer"\n    password => "§S§"\n    index => "§svc§-%{+YYYY.MM.dd}"\n  }\n}'],
  'user => "logstash_writer"')
S(G, "filebeat-output-api-key", withctx(lambda c: alnum(20) + ":" + b64u(16)),
  ['output.elasticsearch:\n  hosts: ["https://es-§env§.§domain§:9243"]\n  api_key: "§S§"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]'],
  "ssl.certificate_authorities")
S(G, "fluent-bit-http-passwd", PWU,
  ["[OUTPUT]\n    Name          http\n    Match         kube.*\n    Host          logs.§domain§\n    Port          443\n    tls           On\n    HTTP_User     §user§\n    HTTP_Passwd   §S§\n    Format        json_lines"],
  "HTTP_User     §user§")
S(G, "prometheus-scrape-basic-auth", PWU,
  ["scrape_configs:\n  - job_name: §svc§\n    scheme: https\n    basic_auth:\n      username: prometheus\n      password: §S§\n    static_configs:\n      - targets: ['§svc§.§domain§:9443']"],
  "job_name: §svc§")
S(G, "alertmanager-smtp-auth-password", PW,
  ["global:\n  smtp_smarthost: 'smtp.§domain§:587'\n  smtp_from: 'alertmanager@§domain§'\n  smtp_auth_username: 'alertmanager@§domain§'\n  smtp_auth_password: '§S§'\nroute:\n  receiver: oncall-primary"],
  "receiver: oncall-primary")
S(G, "alertmanager-pagerduty-routing-key", lambda: hexs(32),
  ["receivers:\n  - name: oncall-primary\n    pagerduty_configs:\n      - routing_key: §S§\n        severity: '{{ .CommonLabels.severity }}'\n        description: '{{ .CommonAnnotations.summary }}'"],
  "name: oncall-primary")
S(G, "grafana-ini-database-password", PW,
  ["[database]\ntype = postgres\nhost = pg-§env§.§domain§:5432\nname = grafana\nuser = grafana\npassword = \"\"\"§S§\"\"\"\nssl_mode = require"],
  "type = postgres")
S(G, "telegraf-influxdb-v2-token", lambda: b64u(64) + "==",
  ['[[outputs.influxdb_v2]]\n  urls = ["https://influx.§domain§"]\n  token = "§S§"\n  organization = "support"\n  bucket = "hosts"'],
  'organization = "support"')
S(G, "otel-collector-exporter-headers", lambda: hexs(32),
  ["exporters:\n  otlphttp/vendor:\n    endpoint: https://otlp.§domain§\n    headers:\n      api-key: §S§\nservice:\n  pipelines:\n    traces:\n      exporters: [otlphttp/vendor]"],
  "endpoint: https://otlp.§domain§")
S(G, "vector-toml-sink-auth", PWU,
  ['[sinks.archive]\ntype = "http"\ninputs = ["parse_nginx"]\nuri = "https://ingest.§domain§/v1/logs"\nauth.strategy = "basic"\nauth.user = "§user§"\nauth.password = "§S§"'],
  'type = "http"')
S(G, "maven-settings-xml-server", PW,
  ["<settings>\n  <servers>\n    <server>\n      <id>internal-releases</id>\n      <username>§user§</username>\n      <password>§S§</password>\n    </server>\n  </servers>\n</settings>"],
  "<id>internal-releases</id>")
S(G, "gradle-properties-repo-creds", PWU,
  ["# ~/.gradle/gradle.properties\norg.gradle.jvmargs=-Xmx2g\nartifactoryUser=§user§\nartifactoryPassword=§S§"],
  "org.gradle.jvmargs=-Xmx2g")
S(G, "project-npmrc-auth", withctx(lambda c: b64text(c["user"] + ":" + pw_safe())),
  ["registry=https://nexus.§domain§/repository/npm-group/\n_auth=§S§\nalways-auth=true\nemail=§email§"],
  "always-auth=true")
S(G, "pip-conf-extra-index-creds", PWU,
  ["[global]\ntimeout = 60\nextra-index-url = https://§user§:§S§@artifactory.§domain§/api/pypi/pypi-local/simple"],
  "timeout = 60")
S(G, "nuget-config-cleartextpassword", PW,
  ['<packageSourceCredentials>\n  <internal>\n    <add key="Username" value="§user§" />\n    <add key="ClearTextPassword" value="§S§" />\n  </internal>\n</packageSourceCredentials>'],
  '<add key="Username" value="§user§" />')
S(G, "composer-auth-json-github-oauth", t_ghp,
  ['{\n    "github-oauth": {\n        "github.com": "§S§"\n    },\n    "http-basic": {}\n}'],
  '"http-basic": {}')
S(G, "cargo-credentials-toml", lambda: "cio" + alnum(32),
  ['# ~/.cargo/credentials.toml\n[registry]\ntoken = "§S§"'],
  "[registry]")
S(G, "rclone-conf-s3-secret", t_aws_secret,
  ["[§env§-s3]\ntype = s3\nprovider = AWS\naccess_key_id = §akid§\nsecret_access_key = §S§\nregion = §region§"],
  "provider = AWS")
S(G, "s3cfg-secret-key", t_aws_secret,
  ["[default]\naccess_key = §akid§\nhost_base = s3.§region§.amazonaws.com\nsecret_key = §S§\nuse_https = True"],
  "host_base = s3.§region§.amazonaws.com")
S(G, "kafka-client-properties-jaas", PW,
  ['bootstrap.servers=kafka-§env§.§domain§:9093\nsecurity.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username="§user§" password="§S§";'],
  "sasl.mechanism=SCRAM-SHA-512")
S(G, "jaas-conf-kafkaclient-block", PW,
  ['KafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  username="§user§"\n  password="§S§";\n};'],
  'username="§user§"')
S(G, "tomcat-users-xml", PW,
  ['<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="§handle§" password="§S§" roles="manager-gui,manager-script"/>\n</tomcat-users>'],
  '<role rolename="manager-gui"/>')
S(G, "jboss-standalone-datasource", PW,
  ['<datasource jndi-name="java:jboss/datasources/§db§DS" pool-name="§db§DS">\n    <connection-url>jdbc:oracle:thin:@ora-§env§.§domain§:1521/§db§</connection-url>\n    <security>\n        <user-name>§user§</user-name>\n        <password>§S§</password>\n    </security>\n</datasource>'],
  "<user-name>§user§</user-name>")
S(G, "hibernate-cfg-connection-password", PW,
  ['<property name="hibernate.connection.url">jdbc:mysql://§ip§:3306/§db§</property>\n<property name="hibernate.connection.username">§user§</property>\n<property name="hibernate.connection.password">§S§</property>'],
  "hibernate.connection.username")
S(G, "activemq-credentials-properties", PW,
  ["# conf/credentials.properties\nactivemq.username=system\nactivemq.password=§S§\nguest.password=disabled-in-prod"],
  "activemq.username=system")
S(G, "supervisord-program-environment", PWU,
  ['[program:§svc§-worker]\ncommand=/srv/§svc§/venv/bin/celery -A app worker -l info\nenvironment=DJANGO_SETTINGS_MODULE="app.settings.prod",DB_PASSWORD="§S§"\nautorestart=true'],
  "[program:§svc§-worker]")
S(G, "systemd-unit-environment-line", PWU,
  ["[Service]\nUser=§user§\nEnvironment=\"RAILS_ENV=production\"\nEnvironment=\"SIDEKIQ_REDIS_URL=redis://:§S§@redis-§env§.§domain§:6379/3\"\nExecStart=/usr/local/bin/bundle exec sidekiq"],
  "ExecStart=/usr/local/bin/bundle exec sidekiq")
S(G, "crontab-line-inline-password", PWU,
  ["# m h dom mon dow command\n15 2 * * * /usr/bin/mysqldump -u§user§ -p§S§ §db§ | gzip > /backup/§db§-$(date +\\%F).sql.gz"],
  "# m h dom mon dow command")
S(G, "sssd-conf-ldap-authtok", PW,
  ["[domain/corp.local]\nid_provider = ldap\nldap_uri = ldaps://ldap.§domain§\nldap_default_bind_dn = cn=§user§,ou=svc,dc=corp,dc=local\nldap_default_authtok = §S§\ncache_credentials = True"],
  "id_provider = ldap")
S(G, "freeradius-clients-conf-secret", PWU,
  ["client vpn-§env§ {\n    ipaddr = §ip§\n    secret = §S§\n    shortname = vpn-§env§\n    nas_type = other\n}"],
  "ipaddr = §ip§")
S(G, "keepalived-auth-pass", lambda: alnum(8),
  ["vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass §S§\n    }\n    virtual_ipaddress { §ip§/24 }\n}"],
  "virtual_router_id 51")
S(G, "openvpn-auth-user-pass-file", PW,
  ["# /etc/openvpn/client/auth.txt  (referenced by auth-user-pass in §env§.ovpn)\n§user§\n§S§"],
  "auth-user-pass")
S(G, "wpa-supplicant-network-psk", PWC[:5],
  ['network={\n    ssid="§cust§-Guest"\n    psk="§S§"\n    key_mgmt=WPA-PSK\n}'],
  "key_mgmt=WPA-PSK")
S(G, "cifs-credentials-file", PW,
  ["# /root/.smbcredentials\nusername=§user§\npassword=§S§\ndomain=CORP"],
  "domain=CORP")
S(G, "fstab-cifs-inline-password", PWU,
  ["//fs01.corp.local/exports  /mnt/exports  cifs  username=§user§,password=§S§,vers=3.0,uid=1000,_netdev  0  0"],
  "/mnt/exports")
S(G, "ansible-inventory-ansible-password", PWU,
  ["[windows]\nwin-app-§n§.corp.local\n\n[windows:vars]\nansible_user=CORP\\\\§user§\nansible_password=§S§\nansible_connection=winrm\nansible_winrm_transport=ntlm"],
  "ansible_connection=winrm")
S(G, "ansible-group-vars-plaintext", PW,
  ["# group_vars/§env§/db.yml  (was supposed to be vaulted)\npg_host: pg-§env§.§domain§\npg_admin_user: §user§\npg_admin_password: \"§S§\""],
  "pg_admin_user: §user§")
S(G, "chef-data-bag-json", PW,
  ['{\n  "id": "§svc§",\n  "db_user": "§user§",\n  "db_password": "§S§",\n  "newrelic_app_name": "§svc§ (§env§)"\n}'],
  '"db_user": "§user§"')
S(G, "hiera-yaml-plaintext-key", PW,
  ["---\nprofile::§svc§::db_host: 'pg-§env§.§domain§'\nprofile::§svc§::db_user: '§user§'\nprofile::§svc§::db_password: '§S§'"],
  "profile::§svc§::db_user")
S(G, "salt-pillar-sls", PW,
  ["# /srv/pillar/§svc§.sls\n§svc§:\n  smtp:\n    user: §user§\n    password: '§S§'\n    relay: smtp.§domain§"],
  "relay: smtp.§domain§")
S(G, "postfix-sasl-passwd-map", t_sendgrid,
  ["# /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:§S§"],
  "[smtp.sendgrid.net]:587")
S(G, "msmtprc-account-password", PW,
  ["account alerts\nhost smtp.§domain§\nport 587\nauth on\nuser alerts@§domain§\npassword §S§\nfrom alerts@§domain§\ntls on"],
  "account alerts")
S(G, "pgbackrest-conf-s3-key-secret", t_aws_secret,
  ["[global]\nrepo1-type=s3\nrepo1-s3-bucket=§svc§-pgbackrest\nrepo1-s3-region=§region§\nrepo1-s3-key=§akid§\nrepo1-s3-key-secret=§S§"],
  "repo1-type=s3")
S(G, "barman-conninfo-password", PWU,
  ["[pg-§env§]\ndescription = \"primary §env§\"\nconninfo = host=pg-§env§.§domain§ user=barman dbname=postgres password=§S§\nbackup_method = postgres"],
  "backup_method = postgres")
S(G, "redis-sentinel-auth-pass", PWU,
  ["sentinel monitor mymaster §ip§ 6379 2\nsentinel auth-pass mymaster §S§\nsentinel down-after-milliseconds mymaster 5000"],
  "sentinel monitor mymaster")
S(G, "mongodb-keyfile-contents", lambda: b64(384).replace("+", "x"),
  ["# /etc/mongod/keyfile (mode 400), content pasted from the customer's node\n§S§"],
  "/etc/mongod/keyfile")
S(G, "kibana-yml-elasticsearch-password", PW,
  ['server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es-§env§.§domain§:9200"]\nelasticsearch.username: "kibana_system"\nelasticsearch.password: "§S§"'],
  'elasticsearch.username: "kibana_system"')
S(G, "jupyter-server-config-token", lambda: hexs(48),
  ["# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\nc.ServerApp.token = '§S§'"],
  "c.ServerApp.open_browser = False")
S(G, "airflow-cfg-fernet-and-conn", lambda: b64u(32) + "=",
  ["[core]\nexecutor = CeleryExecutor\nfernet_key = §S§\ndags_folder = /opt/airflow/dags"],
  "executor = CeleryExecutor")
S(G, "airflow-cfg-sql-alchemy-conn", PWU,
  ["[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:§S§@pg-§env§.§domain§:5432/airflow\nsql_alchemy_pool_size = 10"],
  "sql_alchemy_pool_size = 10")
S(G, "superset-config-secret-key", lambda: b64(42),
  ["# superset_config.py\nROW_LIMIT = 5000\nSECRET_KEY = '§S§'\nSQLALCHEMY_DATABASE_URI = 'postgresql://superset@pg-§env§/superset'"],
  "ROW_LIMIT = 5000")
S(G, "keycloak-realm-client-secret", lambda: alnum(32),
  ['    {\n      "clientId": "§svc§",\n      "enabled": true,\n      "clientAuthenticatorType": "client-secret",\n      "secret": "§S§",\n      "redirectUris": ["https://§svc§.§domain§/*"]\n    }'],
  '"clientId": "§svc§"')
S(G, "oauth2-proxy-cfg-secrets", lambda: b64u(32),
  ['provider = "oidc"\nclient_id = "§svc§-proxy"\nclient_secret = "§S§"\nemail_domains = ["§domain§"]\nupstreams = ["http://127.0.0.1:8080/"]'],
  'client_id = "§svc§-proxy"')
S(G, "oauth2-proxy-cookie-secret", lambda: b64u(32) + "=",
  ['cookie_name = "_oauth2_proxy"\ncookie_secret = "§S§"\ncookie_secure = true'],
  'cookie_name = "_oauth2_proxy"')
S(G, "php-ini-style-app-config", PW,
  ["; config/app.ini (legacy helpdesk)\n[database]\nadapter = pdo_mysql\nparams.host = §ip§\nparams.username = §user§\nparams.password = \"§S§\"\nparams.dbname = §db§"],
  "adapter = pdo_mysql")
S(G, "toml-app-config-nested-table", PW,
  ['[smtp]\nhost = "smtp.§domain§"\nport = 465\nusername = "§user§"\npassword = "§S§"\n\n[smtp.tls]\nverify = true'],
  'host = "smtp.§domain§"')
S(G, "properties-ldap-manager-password", PW,
  ["ldap.url=ldaps://ldap.§domain§:636\nldap.manager.dn=cn=§user§,ou=svc,dc=corp,dc=local\nldap.manager.password=§S§\nldap.user.search.base=ou=people"],
  "ldap.url=ldaps://ldap.§domain§:636")
S(G, "xml-smtp-appender-password", PW,
  ['<appender name="MAIL" class="ch.qos.logback.classic.net.SMTPAppender">\n  <smtpHost>smtp.§domain§</smtpHost>\n  <username>§user§</username>\n  <password>§S§</password>\n  <to>oncall@§domain§</to>\n</appender>'],
  "<smtpHost>smtp.§domain§</smtpHost>")


# =====================================================================
# group: source-code
# =====================================================================
G = "source-code"
S(G, "python-requests-auth-tuple", PW,
  ["# scripts/pull_ticket_attachments.py\nresp = requests.get(\n    f\"https://§domain§.zendesk.com/api/v2/tickets/{ticket_id}/comments.json\",\n    auth=(\"§email§\", \"§S§\"),\n    timeout=30,\n)"],
  "timeout=30")
S(G, "python-psycopg2-connect-kwargs", PW,
  ["conn = psycopg2.connect(\n    host=\"pg-§env§-§n§.§domain§\",\n    dbname=\"§db§\",\n    user=\"§user§\",\n    password=\"§S§\",\n    connect_timeout=5,\n)"],
  'user="§user§"')
S(G, "python-boto3-client-static-keys", t_aws_secret,
  ["s3 = boto3.client(\n    \"s3\",\n    region_name=\"§region§\",\n    aws_access_key_id=\"§akid§\",\n    aws_secret_access_key=\"§S§\",\n)"],
  'region_name="§region§"')
S(G, "django-settings-secret-key", lambda: "django-insecure-" + _chars(LOW + DIG + "!@#%^*(-_=+)", 50) if _R.random() < 0.3 else _chars(LOW + DIG + "!@#%^*(-_=+)", 50),
  ["# §svc§/settings/prod.py\nDEBUG = False\nALLOWED_HOSTS = [\"§svc§.§domain§\"]\nSECRET_KEY = \"§S§\""],
  "DEBUG = False")
S(G, "python-environ-get-with-real-default", PW,
  ["DB_PASSWORD = os.environ.get(\"DB_PASSWORD\", \"§S§\")  # TODO remove default before release\nDB_HOST = os.environ.get(\"DB_HOST\", \"localhost\")"],
  "DB_HOST = os.environ.get")
S(G, "js-axios-create-headers", t_opaque,
  ["const client = axios.create({\n  baseURL: 'https://api.§domain§/v2',\n  timeout: 10000,\n  headers: { 'X-Api-Token': '§S§' },\n});"],
  "baseURL: 'https://api.§domain§/v2'")
S(G, "node-pg-pool-config-object", PW,
  ["const pool = new Pool({\n  host: 'pg-§env§.§domain§',\n  user: '§user§',\n  password: '§S§',\n  database: '§db§',\n  max: 20,\n});"],
  "user: '§user§'")
S(G, "ts-exported-const-api-key", lambda: hexs(40),
  ["// src/integrations/statuspage.ts\nexport const STATUSPAGE_PAGE_ID = '§h12§';\nexport const STATUSPAGE_API_KEY = '§S§';"],
  "STATUSPAGE_PAGE_ID")
S(G, "js-mongoose-connect-uri", PWU,
  ["mongoose.connect('mongodb+srv://§user§:§S§@cluster0.§h7§.mongodb.net/§db§?retryWrites=true&w=majority', {\n  serverSelectionTimeoutMS: 5000,\n});"],
  "serverSelectionTimeoutMS: 5000")
S(G, "go-sql-open-mysql-dsn", PWU,
  ['db, err := sql.Open("mysql", "§user§:§S§@tcp(mysql-§env§.§domain§:3306)/§db§?parseTime=true&timeout=5s")\nif err != nil {\n\tlog.Fatalf("open db: %v", err)\n}'],
  'sql.Open("mysql"')
S(G, "go-const-block-token", lambda: alnum(40),
  ['const (\n\tpagerAPIBase  = "https://api.pagerduty.com"\n\tpagerAPIToken = "§S§"\n\tdefaultUrgency = "high"\n)'],
  "pagerAPIBase")
S(G, "go-http-setbasicauth", PW,
  ['req, _ := http.NewRequest("GET", "https://§svc§.§domain§/debug/vars", nil)\nreq.SetBasicAuth("§user§", "§S§")\nresp, err := http.DefaultClient.Do(req)'],
  "req.SetBasicAuth")
S(G, "java-drivermanager-getconnection", PW,
  ['Connection conn = DriverManager.getConnection(\n    "jdbc:postgresql://pg-§env§.§domain§:5432/§db§",\n    "§user§",\n    "§S§");'],
  "DriverManager.getConnection")
S(G, "java-jsch-session-setpassword", PW,
  ['Session session = jsch.getSession("§user§", "sftp.§domain§", 22);\nsession.setPassword("§S§");\nsession.setConfig("StrictHostKeyChecking", "no");\nsession.connect(15000);'],
  'jsch.getSession("§user§"')
S(G, "kotlin-okhttp-header-builder", t_opaque,
  ['val request = Request.Builder()\n    .url("https://api.§domain§/v1/tickets/$ticketId")\n    .header("Authorization", "Bearer §S§")\n    .build()'],
  "Request.Builder()")
S(G, "csharp-sqlconnection-literal", PW,
  ['using var conn = new SqlConnection("Server=sql-§env§.§domain§;Database=§db§;User Id=§user§;Password=§S§;TrustServerCertificate=true");\nawait conn.OpenAsync();'],
  "await conn.OpenAsync();")
S(G, "csharp-httpclient-default-header", lambda: alnum(32),
  ['_http.DefaultRequestHeaders.Add("Ocp-Apim-Subscription-Key", "§S§");\n_http.BaseAddress = new Uri("https://apim-§env§.§domain§/");'],
  "_http.BaseAddress")
S(G, "php-pdo-constructor", PW,
  ["$pdo = new PDO(\n    'mysql:host=mysql-§env§.§domain§;dbname=§db§;charset=utf8mb4',\n    '§user§',\n    '§S§',\n    [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]\n);"],
  "PDO::ATTR_ERRMODE")
S(G, "php-curl-setopt-userpwd", PW,
  ["curl_setopt($ch, CURLOPT_URL, 'https://partner.§domain§/api/orders');\ncurl_setopt($ch, CURLOPT_USERPWD, '§user§:§S§');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);"],
  "CURLOPT_RETURNTRANSFER")
S(G, "ruby-net-http-basic-auth", PW,
  ["req = Net::HTTP::Get.new(URI(\"https://§svc§.§domain§/admin/stats\"))\nreq.basic_auth(\"§user§\", \"§S§\")\nres = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }"],
  "Net::HTTP::Get.new")
S(G, "ruby-devise-secret-key", lambda: hexs(128),
  ["# config/initializers/devise.rb\nDevise.setup do |config|\n  config.secret_key = '§S§'\n  config.mailer_sender = 'support@§domain§'\nend"],
  "config.mailer_sender")
S(G, "elixir-config-exs-repo", PW,
  ['config :support, Support.Repo,\n  username: "§user§",\n  password: "§S§",\n  hostname: "pg-§env§.§domain§",\n  database: "support_prod",\n  pool_size: 15'],
  "config :support, Support.Repo")
S(G, "elixir-guardian-secret-key", lambda: b64(48),
  ['config :support, Support.Guardian,\n  issuer: "support",\n  secret_key: "§S§"'],
  'issuer: "support"')
S(G, "rust-reqwest-bearer-auth", t_opaque,
  ['let resp = client\n    .get("https://api.§domain§/v1/health")\n    .bearer_auth("§S§")\n    .send()\n    .await?;'],
  ".bearer_auth(")
S(G, "swift-urlrequest-header", t_opaque,
  ['var request = URLRequest(url: URL(string: "https://api.§domain§/v1/session")!)\nrequest.setValue("§S§", forHTTPHeaderField: "X-Client-Secret")'],
  "forHTTPHeaderField")
S(G, "bash-script-variable-assignment", PW,
  ["#!/usr/bin/env bash\n# rotate-logs.sh - ran from cron on log-§n§\nset -euo pipefail\nES_USER=elastic\nES_PASS='§S§'\ncurl -su \"$ES_USER:$ES_PASS\" -X DELETE \"https://es-§env§.§domain§:9200/§svc§-$(date -d '30 days ago' +%Y.%m.%d)\""],
  "set -euo pipefail")
S(G, "powershell-script-plain-password", PW,
  ["# Reset-AppPool.ps1\n$User = 'CORP\\§user§'\n$Password = '§S§'\n$Secure = ConvertTo-SecureString $Password -AsPlainText -Force\n$Cred = New-Object PSCredential($User, $Secure)"],
  "# Reset-AppPool.ps1")
S(G, "sql-create-user-identified-by", PW,
  ["-- migrations/0042_support_readonly.sql\nCREATE USER 'support_ro'@'%' IDENTIFIED BY '§S§';\nGRANT SELECT ON §db§.* TO 'support_ro'@'%';"],
  "GRANT SELECT ON §db§.*")
S(G, "sql-alter-role-with-password", PW,
  ["ALTER ROLE §user§ WITH LOGIN PASSWORD '§S§' VALID UNTIL '2026-01-01';"],
  "ALTER ROLE §user§")
S(G, "sql-postgres-fdw-user-mapping", PW,
  ["CREATE SERVER legacy FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '§ip§', dbname 'legacy');\nCREATE USER MAPPING FOR §user§ SERVER legacy OPTIONS (user 'legacy_ro', password '§S§');"],
  "postgres_fdw")
S(G, "tsql-addlinkedsrvlogin", PW,
  ["EXEC sp_addlinkedsrvlogin @rmtsrvname = N'ERP§n§', @useself = N'False', @locallogin = NULL,\n     @rmtuser = N'§user§', @rmtpassword = N'§S§';"],
  "sp_addlinkedsrvlogin")
S(G, "terraform-resource-hardcoded-password", PW,
  ['resource "aws_db_instance" "§db§" {\n  identifier        = "§db§-§env§"\n  engine            = "postgres"\n  username          = "§user§"\n  password          = "§S§"\n  skip_final_snapshot = true\n}'],
  'engine            = "postgres"')
S(G, "notebook-cell-json-source", lambda: "sk-proj-" + _chars(ALNUM + "-_", 48),
  ['  {\n   "cell_type": "code",\n   "source": [\n    "import openai\\n",\n    "client = openai.OpenAI(api_key=\\"§S§\\")\\n",\n    "tickets = load_tickets(\'§date§\')"\n   ]\n  },'],
  '"cell_type": "code"')
S(G, "r-dbconnect-password-arg", PW,
  ['con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = "pg-§env§.§domain§", dbname = "§db§",\n  user = "§user§", password = "§S§")'],
  "RPostgres::Postgres()")
S(G, "scala-spark-jdbc-options", PW,
  ['val df = spark.read.format("jdbc")\n  .option("url", "jdbc:postgresql://pg-§env§:5432/§db§")\n  .option("user", "§user§")\n  .option("password", "§S§")\n  .option("dbtable", "support.tickets")\n  .load()'],
  'spark.read.format("jdbc")')
S(G, "perl-dbi-connect-args", PW,
  ["my $dbh = DBI->connect('dbi:Pg:dbname=§db§;host=pg-§env§.§domain§', '§user§', '§S§', { RaiseError => 1 });"],
  "DBI->connect")
S(G, "lua-openresty-redis-auth", PWU,
  ['local red = redis:new()\nred:set_timeouts(1000, 1000, 1000)\nlocal ok, err = red:connect("§ip§", 6379)\nlocal res, err = red:auth("§S§")'],
  "redis:new()")
S(G, "c-curl-easy-setopt-userpwd", PW,
  ['curl_easy_setopt(curl, CURLOPT_URL, "https://telemetry.§domain§/ingest");\ncurl_easy_setopt(curl, CURLOPT_USERPWD, "device-§num§:§S§");'],
  "curl_easy_setopt(curl, CURLOPT_URL")
S(G, "cpp-static-const-char-key", lambda: hexs(64),
  ['// firmware/src/cloud.cpp\nstatic const char* kCloudHmacKey = "§S§";\nstatic const int kRetryMs = 2500;'],
  "kRetryMs")
S(G, "dart-const-api-key", lambda: "live_" + alnum(40),
  ["class Env {\n  static const apiBase = 'https://api.§domain§';\n  static const supportWidgetSecret = '§S§';\n}"],
  "static const apiBase")
S(G, "python-smtplib-login-call", PW,
  ['with smtplib.SMTP("smtp.§domain§", 587) as s:\n    s.starttls()\n    s.login("alerts@§domain§", "§S§")\n    s.send_message(msg)'],
  "s.starttls()")
S(G, "python-paramiko-connect-password", PW,
  ['ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("§ip§", username="§user§", password="§S§", timeout=10)'],
  "paramiko.SSHClient()")
S(G, "python-pyjwt-encode-secret", lambda: alnum(44),
  ['token = jwt.encode({"sub": user_id, "exp": exp}, "§S§", algorithm="HS256")'],
  'algorithm="HS256"')
S(G, "node-jsonwebtoken-sign-secret", lambda: b64(32),
  ["const token = jwt.sign({ uid: user.id, role: 'support' }, '§S§', { expiresIn: '2h' });"],
  "expiresIn: '2h'")
S(G, "node-express-session-secret", lambda: alnum(36),
  ["app.use(session({\n  store: new RedisStore({ client: redisClient }),\n  secret: '§S§',\n  resave: false,\n  cookie: { secure: true, maxAge: 8 * 3600 * 1000 },\n}));"],
  "resave: false")
S(G, "java-spring-value-default", t_stripe,
  ['@Value("${payments.stripe.secret:§S§}")\nprivate String stripeSecret;'],
  "payments.stripe.secret")
S(G, "csharp-const-signing-key", lambda: b64(48),
  ['public static class JwtSettings\n{\n    public const string Issuer = "https://auth.§domain§";\n    public const string SigningKey = "§S§";\n}'],
  "public const string Issuer")
S(G, "php-laravel-config-env-fallback", PW,
  ["'mysql' => [\n    'driver' => 'mysql',\n    'host' => env('DB_HOST', '127.0.0.1'),\n    'username' => env('DB_USERNAME', '§user§'),\n    'password' => env('DB_PASSWORD', '§S§'),\n],"],
  "'driver' => 'mysql'")
S(G, "ruby-sidekiq-redis-url", PWU,
  ["Sidekiq.configure_server do |config|\n  config.redis = { url: 'redis://:§S§@redis-§env§.§domain§:6379/2', network_timeout: 5 }\nend"],
  "Sidekiq.configure_server")
S(G, "elixir-ecto-url-string", PWU,
  ['config :billing, Billing.Repo,\n  url: "ecto://§user§:§S§@pg-§env§.§domain§/billing_prod",\n  ssl: true'],
  "config :billing, Billing.Repo")
S(G, "python-ldap3-bind", PW,
  ["server = Server('ldaps://ldap.§domain§', get_info=ALL)\nconn = Connection(server, 'cn=§user§,ou=svc,dc=corp,dc=local', '§S§', auto_bind=True)"],
  "get_info=ALL")
S(G, "python-pymongo-client-kwargs", PW,
  ['client = MongoClient("mongo-§env§.§domain§", 27017, username="§user§", password="§S§", authSource="admin")'],
  'authSource="admin"')
S(G, "ts-prisma-datasource-override", PWU,
  ["const prisma = new PrismaClient({\n  datasources: { db: { url: 'postgresql://§user§:§S§@pg-§env§.§domain§:5432/§db§?schema=public' } },\n});"],
  "new PrismaClient")
S(G, "go-redis-options-password", PWU,
  ['rdb := redis.NewClient(&redis.Options{\n\tAddr:     "redis-§env§.§domain§:6379",\n\tPassword: "§S§",\n\tDB:       0,\n})'],
  "redis.NewClient")
S(G, "java-hikari-setpassword", PW,
  ['HikariConfig cfg = new HikariConfig();\ncfg.setJdbcUrl("jdbc:mysql://mysql-§env§:3306/§db§");\ncfg.setUsername("§user§");\ncfg.setPassword("§S§");'],
  'cfg.setUsername("§user§")')
S(G, "kotlin-hardcoded-basic-validate", PW,
  ['install(Authentication) {\n    basic("support-admin") {\n        validate { creds ->\n            if (creds.name == "oncall" && creds.password == "§S§") UserIdPrincipal(creds.name) else null\n        }\n    }\n}'],
  'basic("support-admin")')
S(G, "python-webhook-hmac-bytes", lambda: alnum(32),
  ['WEBHOOK_SECRET = b"§S§"\n\ndef verify(body: bytes, sig: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)'],
  "def verify(body: bytes, sig: str) -> bool:")
S(G, "node-crypto-aes-key-hex", lambda: hexs(64),
  ["const KEY = Buffer.from('§S§', 'hex');\nconst iv = crypto.randomBytes(12);\nconst cipher = crypto.createCipheriv('aes-256-gcm', KEY, iv);"],
  "crypto.randomBytes(12)")
S(G, "python-fernet-key-literal", lambda: b64u(32) + "=",
  ["from cryptography.fernet import Fernet\nf = Fernet(b\"§S§\")\ntoken = f.encrypt(payload)"],
  "from cryptography.fernet import Fernet")
S(G, "go-aws-static-credentials", t_aws_secret,
  ['cfg, _ := config.LoadDefaultConfig(ctx,\n\tconfig.WithRegion("§region§"),\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("§akid§", "§S§", "")),\n)'],
  'config.WithRegion("§region§")')
S(G, "java-properties-setproperty", PW,
  ['Properties props = new Properties();\nprops.setProperty("mail.smtp.host", "smtp.§domain§");\nprops.setProperty("mail.smtp.user", "§user§");\nprops.setProperty("mail.smtp.password", "§S§");'],
  "Properties props = new Properties();")
S(G, "python-dict-literal-config", PW,
  ['SUPPORT_DB = {\n    "host": "pg-§env§.§domain§",\n    "user": "§user§",\n    "passwd": "§S§",\n    "db": "§db§",\n}'],
  '"user": "§user§"')
S(G, "yaml-fixture-in-test-leaked-real", t_stripe,
  ["# spec/fixtures/vcr_cassettes/refund_flow.yml (recorded against live!)\n  request:\n    method: post\n    uri: https://api.stripe.com/v1/refunds\n    headers:\n      Authorization:\n      - Bearer §S§"],
  "uri: https://api.stripe.com/v1/refunds")
S(G, "js-fetch-authorization-literal", withctx(lambda c: t_basic(c["user"])),
  ["const res = await fetch(`https://§svc§.§domain§/internal/reindex`, {\n  method: 'POST',\n  headers: { Authorization: 'Basic §S§' },\n});"],
  "method: 'POST'")
S(G, "python-celery-broker-url", PWU,
  ["app = Celery('support')\napp.conf.broker_url = 'amqp://§user§:§S§@rabbit-§env§.§domain§:5672/support'\napp.conf.result_backend = 'rpc://'"],
  "app = Celery('support')")
S(G, "go-grpc-per-rpc-credentials", t_jwt,
  ['md := metadata.Pairs("authorization", "Bearer §S§")\nctx = metadata.NewOutgoingContext(ctx, md)'],
  "metadata.NewOutgoingContext")
S(G, "csharp-pscredential-networkcredential", PW,
  ['var cred = new NetworkCredential("§user§", "§S§", "CORP");\nvar handler = new HttpClientHandler { Credentials = cred };'],
  "new HttpClientHandler")
S(G, "ruby-hash-rocket-credentials", PW,
  ['FTP_OPTS = {\n  :host => "ftp.§domain§",\n  :user => "§user§",\n  :password => "§S§",\n  :passive => true\n}'],
  ':host => "ftp.§domain§"')


# =====================================================================
# group: stack-trace-or-log
# =====================================================================
G = "stack-trace-or-log"
S(G, "java-psqlexception-jdbc-url-password", PWU,
  ["§tsl§ ERROR [main] o.s.b.SpringApplication - Application run failed\norg.postgresql.util.PSQLException: Connection to pg-§env§.§domain§:5432 refused. url=jdbc:postgresql://pg-§env§.§domain§:5432/§db§?user=§user§&password=§S§&ssl=true\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)\n\tat org.postgresql.core.ConnectionFactory.openConnection(ConnectionFactory.java:54)"],
  "Application run failed")
S(G, "java-httpclient-wire-log-basic", withctx(lambda c: t_basic(c["user"])),
  ['§tsl§ DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-7 >> "GET /api/v2/orders?since=§date§ HTTP/1.1[\\r][\\n]"\n§tsl§ DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-7 >> "Authorization: Basic §S§[\\r][\\n]"\n§tsl§ DEBUG [pool-3-thread-1] org.apache.http.wire - http-outgoing-7 << "HTTP/1.1 401 Unauthorized[\\r][\\n]"'],
  "org.apache.http.wire")
S(G, "java-spring-cloud-config-located-env", PW,
  ["§tsl§  INFO 1 --- [           main] b.c.PropertySourceBootstrapConfiguration : Located property source: [BootstrapPropertySource {name='configClient'}, BootstrapPropertySource {name='git:§svc§-§env§.yml'}] {spring.datasource.username=§user§, spring.datasource.password=§S§, server.port=8080}"],
  "PropertySourceBootstrapConfiguration")
S(G, "java-hibernate-bind-parameter-trace", PW,
  ["§tsl§ DEBUG org.hibernate.SQL - update support_user set email=?, password_plain=?, updated_at=? where id=?\n§tsl§ TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [1] as [VARCHAR] - [§email§]\n§tsl§ TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [2] as [VARCHAR] - [§S§]\n§tsl§ TRACE o.h.type.descriptor.sql.BasicBinder - binding parameter [3] as [TIMESTAMP] - [§ts§]"],
  "org.hibernate.SQL")
S(G, "dotnet-sqlexception-connection-string", PW,
  ["fail: Microsoft.EntityFrameworkCore.Database.Connection[20004]\n      An error occurred using the connection to database '§db§' on server 'sql-§env§.§domain§'.\nSystem.ArgumentException: Keyword not supported: 'trustservercertifcate'. Connection string: 'Server=sql-§env§.§domain§;Database=§db§;User Id=§user§;Password=§S§;TrustServerCertifcate=true'\n   at Microsoft.Data.Common.DbConnectionOptions.ParseInternal(Dictionary`2 parsetable, String connectionString)"],
  "Microsoft.EntityFrameworkCore.Database.Connection")
S(G, "dotnet-serilog-json-properties", lambda: alnum(32),
  ['{"@t":"§tsm§","@mt":"Calling partner API {Endpoint} with {ApiKey}","@l":"Debug","Endpoint":"https://partner.§domain§/v3/shipments","ApiKey":"§S§","SourceContext":"Shipping.PartnerClient","RequestId":"0HN§h8§:00000002"}'],
  "Shipping.PartnerClient")
S(G, "dotnet-configuration-debugview", PW,
  ["dbug: Startup[0]\n      Configuration dump:\n      AllowedHosts=* (JsonConfigurationProvider for 'appsettings.json' (Optional))\n      Jwt:Issuer=https://auth.§domain§ (EnvironmentVariablesConfigurationProvider)\n      Smtp:Password=§S§ (EnvironmentVariablesConfigurationProvider)\n      Smtp:User=§user§ (EnvironmentVariablesConfigurationProvider)"],
  "Configuration dump")
S(G, "dotnet-aspnet-request-logging-headers", t_jwt,
  ["info: Microsoft.AspNetCore.HttpLogging.HttpLoggingMiddleware[1]\n      Request:\n      Protocol: HTTP/1.1\n      Method: GET\n      Path: /api/tickets/§zd§\n      Accept: application/json\n      Host: §svc§.§domain§\n      Authorization: Bearer §S§\n      User-Agent: SupportDesk/§ver§"],
  "HttpLoggingMiddleware")
S(G, "go-panic-with-dsn", PWU,
  ["panic: failed to connect to `host=pg-§env§.§domain§ user=§user§ database=§db§`: dial error (dial tcp §ip§:5432: connect: connection refused) [dsn=postgres://§user§:§S§@pg-§env§.§domain§:5432/§db§?sslmode=require]\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/§svc§/main.go:58 +0x1c5"],
  "goroutine 1 [running]")
S(G, "go-zap-json-request-headers", t_opaque,
  ['{"level":"debug","ts":"§tsm§","caller":"httpx/client.go:112","msg":"outbound request","method":"POST","url":"https://api.§domain§/v1/escalations","headers":{"Content-Type":["application/json"],"X-Api-Key":["§S§"]},"trace_id":"§h32§"}'],
  '"caller":"httpx/client.go:112"')
S(G, "go-grpc-metadata-log", t_jwt,
  ["§tsd§ DEBUG grpc/interceptor.go:44 incoming call /support.v1.Tickets/Escalate metadata: map[:authority:[§svc§:9090] authorization:[Bearer §S§] content-type:[application/grpc] user-agent:[grpc-go/1.63.2]]"],
  "/support.v1.Tickets/Escalate")
S(G, "go-viper-allsettings-dump", PW,
  ["§tsd§ DEBUG config loaded: map[db:map[host:pg-§env§.§domain§ name:§db§ password:§S§ user:§user§] http:map[addr::8080] log:map[level:debug]]"],
  "config loaded")
S(G, "node-axioserror-config-headers", t_opaque,
  ["AxiosError: Request failed with status code 502\n    at settle (/app/node_modules/axios/dist/node/axios.cjs:1966:12)\n  config: {\n    url: 'https://billing.§domain§/v1/invoices/§uuid§',\n    method: 'get',\n    headers: Object [AxiosHeaders] {\n      Accept: 'application/json, text/plain, */*',\n      Authorization: 'Bearer §S§',\n      'User-Agent': 'axios/1.6.8'\n    },\n    timeout: 5000"],
  "Request failed with status code 502")
S(G, "node-pino-req-headers-cookie", t_sess,
  ['{"level":30,"time":§big§0000,"pid":§pid§,"hostname":"§svc§-§h7§","req":{"id":"req-§num§","method":"GET","url":"/dashboard","headers":{"host":"app.§domain§","cookie":"connect.sid=§S§; theme=dark"}},"msg":"request received"}'],
  '"msg":"request received"')
S(G, "node-util-inspect-config-object", PW,
  ["[§ts§] config = {\n  env: 'production',\n  db: { host: 'pg-§env§.§domain§', port: 5432, user: '§user§', password: '§S§' },\n  cache: { ttl: 300 }\n}"],
  "env: 'production'")
S(G, "node-debug-http-outgoing-headers", lambda: "sk_live_51" + alnum(22),
  ["HTTP §pid§: outgoing request: POST https://api.stripe.com/v1/refunds\nHTTP §pid§: headers {\n  'Content-Type': 'application/x-www-form-urlencoded',\n  Authorization: 'Bearer §S§',\n  'Stripe-Version': '2023-10-16'\n}"],
  "outgoing request: POST https://api.stripe.com/v1/refunds")
S(G, "php-pdoexception-trace-args", PW,
  ["PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '§user§'@'§ip§' (using password: YES) in /var/www/app/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65\nStack trace:\n#0 /var/www/app/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=mysq...', '§user§', '§S§', Array)\n#1 /var/www/app/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(44): Illuminate\\Database\\Connectors\\Connector->createPdoConnection('mysql:host=mysq...', '§user§', '§S§', Array)"],
  "Uncaught PDOException")
S(G, "php-laravel-log-context-array", lambda: "key-" + hexs(32),
  ['[§tsd§] production.ERROR: Mailgun send failed {"exception":"[object] (Symfony\\\\Component\\\\Mailer\\\\Exception\\\\HttpTransportException(code: 401): Unable to send an email: Forbidden","config":{"domain":"mg.§domain§","secret":"§S§","endpoint":"api.eu.mailgun.net"}}'],
  "production.ERROR: Mailgun send failed")
S(G, "php-error-log-var-dump", PW,
  ["[§tsc§] [php:notice] [pid §pid§] array(4) {\n  [\"host\"]=>\n  string(15) \"ldap.§domain§\"\n  [\"bind_dn\"]=>\n  string(34) \"cn=§user§,dc=corp,dc=local\"\n  [\"bind_pw\"]=>\n  string(18) \"§S§\"\n}"],
  "[php:notice]")
S(G, "rails-log-unfiltered-parameters", lambda: hexs(40),
  ['Started POST "/api/integrations/§uuid§/test" for §pubip§ at §tsd§ +0000\nProcessing by Api::IntegrationsController#test as JSON\n  Parameters: {"integration"=>{"kind"=>"jira", "site"=>"§handle2§.atlassian.net", "api_token"=>"§S§"}, "id"=>"§uuid§"}'],
  "Api::IntegrationsController#test")
S(G, "rails-activerecord-sql-binds", lambda: "xoxb-" + digits(12) + "-" + digits(13) + "-" + alnum(24),
  ['  Integration Update (1.9ms)  UPDATE "integrations" SET "slack_bot_token" = $1, "updated_at" = $2 WHERE "integrations"."id" = $3  [["slack_bot_token", "§S§"], ["updated_at", "§tsd§"], ["id", §num§]]'],
  'UPDATE "integrations"')
S(G, "ruby-sidekiq-job-args", PW,
  ['§tsm§ pid=§pid§ tid=§h7§ class=SftpImportJob jid=§h12§§h12§ INFO: start\n§tsm§ pid=§pid§ tid=§h7§ class=SftpImportJob jid=§h12§§h12§ args=["sftp.§domain§", "§user§", "§S§", "/outbound/*.csv"] ERROR: Net::SSH::AuthenticationFailed'],
  "class=SftpImportJob")
S(G, "ruby-nethttp-exception-url-key", lambda: alnum(32),
  ["Net::ReadTimeout with #<TCPSocket:(closed)> (Net::ReadTimeout)\n  while requesting https://maps.§domain§/geocode/v1/json?q=Harbour%20St&key=§S§\n/usr/local/lib/ruby/3.3.0/net/protocol.rb:229:in `rbuf_fill'"],
  "Net::ReadTimeout")
S(G, "python-traceback-with-locals", PW,
  ['Traceback (most recent call last):\n  File "/app/support/jobs/sync.py", line 88, in run\n    conn = connect(host, user, password)\n    host = \'pg-§env§.§domain§\'\n    user = \'§user§\'\n    password = \'§S§\'\npsycopg2.OperationalError: could not translate host name "pg-§env§.§domain§" to address'],
  "Traceback (most recent call last)")
S(G, "python-requests-connectionerror-url-token", lambda: "EAA" + alnum(120),
  ["requests.exceptions.ConnectionError: HTTPSConnectionPool(host='graph.facebook.com', port=443): Max retries exceeded with url: /v19.0/me/messages?access_token=§S§ (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f§h8§>: Failed to establish a new connection: [Errno 110] Connection timed out'))"],
  "HTTPSConnectionPool(host='graph.facebook.com', port=443)")
S(G, "python-http-client-debuglevel-send", withctx(lambda c: t_basic(c["user"])),
  ["send: b'POST /api/v1/reindex HTTP/1.1\\r\\nHost: search.§domain§\\r\\nAuthorization: Basic §S§\\r\\nContent-Length: 0\\r\\n\\r\\n'\nreply: 'HTTP/1.1 202 Accepted\\r\\n'"],
  "reply: 'HTTP/1.1 202 Accepted")
S(G, "python-logging-dict-repr", PW,
  ["§tsl§ INFO support.bootstrap: effective settings {'ENV': '§env§', 'DB': {'HOST': 'pg-§env§.§domain§', 'USER': '§user§', 'PASSWORD': '§S§'}, 'WORKERS': 4}"],
  "support.bootstrap")
S(G, "elixir-supervisor-crash-report-args", PW,
  ["§tsd§ [error] GenServer #PID<0.§num§1.0> terminating\n** (DBConnection.ConnectionError) tcp connect (pg-§env§.§domain§:5432): non-existing domain - :nxdomain\nLast message: nil\nState: Postgrex.Protocol\n    start_args: [types: Postgrex.DefaultTypes, hostname: \"pg-§env§.§domain§\", username: \"§user§\", password: \"§S§\", database: \"§db§\", pool_size: 10]"],
  "DBConnection.ConnectionError")
S(G, "elixir-logger-conn-req-headers", t_jwt,
  ['§tsd§ request_id=F§h12§ [debug] Processing with SupportWeb.TicketController.show/2\n  Parameters: %{"id" => "§zd§"}\n  Pipelines: [:api]\n  req_headers: [{"authorization", "Bearer §S§"}, {"host", "§svc§.§domain§"}]'],
  "SupportWeb.TicketController.show/2")
S(G, "phoenix-params-token-log", lambda: b64u(32),
  ['§tsd§ request_id=F§h12§ [info] POST /api/webhooks/inbound\n§tsd§ request_id=F§h12§ [debug] Parameters: %{"event" => "ticket.created", "signing_secret" => "§S§"}'],
  "POST /api/webhooks/inbound")
S(G, "erlang-crash-report-state", PWU,
  ["=CRASH REPORT==== §date§ ===\n  crasher:\n    initial call: amqp_gen_connection:init/1\n    pid: <0.§num§2.0>\n    error_info: {badmatch,{error,access_refused}}\n    state: {state,<<\"rabbit-§env§\">>,5672,<<\"§user§\">>,<<\"§S§\">>,<<\"/support\">>}"],
  "=CRASH REPORT====")
S(G, "nginx-access-log-query-token", lambda: alnum(40),
  ['§pubip§ - - [§tsc§] "GET /api/export/tickets.csv?access_token=§S§&from=§date§ HTTP/1.1" 200 48211 "-" "python-requests/2.31.0" rt=2.114'],
  "/api/export/tickets.csv")
S(G, "apache-access-log-reset-token", lambda: b64u(24),
  ['§pubip§ - - [§tsc§] "GET /account/password/reset?token=§S§ HTTP/1.1" 302 - "https://mail.google.com/" "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"'],
  "/account/password/reset")
S(G, "haproxy-log-captured-authorization", t_opaque,
  ["§hms§ lb-§n§ haproxy[§pid§]: §pubip§:51234 [§tsc§] fe_https~ be_§svc§/app§n§ 0/0/1/212/213 500 412 - - ---- 87/87/3/1/0 0/0 {Bearer §S§|§svc§.§domain§} \"POST /v1/tickets HTTP/1.1\""],
  "fe_https~ be_§svc§/app§n§")
S(G, "envoy-access-log-json-header", lambda: alnum(40),
  ['{"start_time":"§tsm§","method":"GET","path":"/v2/sites/§uuid§","response_code":403,"upstream_host":"§ip§:8080","x_api_key":"§S§","request_id":"§uuid2§","duration":14}'],
  '"response_code":403')
S(G, "lambda-event-dump-headers", lambda: alnum(40),
  ['START RequestId: §uuid§ Version: $LATEST\n§tsm§\t§uuid§\tINFO\tevent: {"resource":"/hooks/{proxy+}","httpMethod":"POST","headers":{"Content-Type":"application/json","X-Hub-Signature-256":"sha256=§h64§","X-Internal-Token":"§S§"},"body":"{...}"}'],
  "START RequestId: §uuid§")
S(G, "k8s-audit-log-secret-create", PW,
  ['{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"RequestResponse","auditID":"§uuid§","stage":"ResponseComplete","requestURI":"/api/v1/namespaces/§ns§/secrets","verb":"create","user":{"username":"§email§"},"requestObject":{"kind":"Secret","metadata":{"name":"§svc§-smtp"},"stringData":{"password":"§S§"}}}'],
  '"apiVersion":"audit.k8s.io/v1"')
S(G, "sudo-auth-log-command-password", PWU,
  ["§date§T§hms§.§big§+00:00 app-§env§-§n§ sudo: §handle§ : TTY=pts/1 ; PWD=/home/§handle§ ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p§S§ -e SHOW SLAVE STATUS\\G"],
  "TTY=pts/1")
S(G, "auditd-execve-argument", PW,
  ['type=EXECVE msg=audit(§big§.§num§1:§big§): argc=5 a0="psql" a1="-h" a2="§ip§" a3="-W" a4="§S§"'],
  "type=EXECVE")
S(G, "postgres-log-alter-user-statement", PW,
  ["§tsd§ UTC [§pid§] §user§@§db§ LOG:  statement: ALTER USER app_rw WITH PASSWORD '§S§';"],
  "LOG:  statement: ALTER USER app_rw")
S(G, "mysql-general-log-create-user", PW,
  ["§ts§\t   §num§ Query\tCREATE USER 'report_ro'@'10.%' IDENTIFIED BY '§S§'"],
  "CREATE USER 'report_ro'@'10.%'")
S(G, "redis-monitor-auth-command", PWU,
  ['§big§.§big§ [0 §ip§:51812] "AUTH" "§S§"\n§big§.§big§ [0 §ip§:51812] "GET" "session:§h32§"'],
  '"GET" "session:§h32§"')
S(G, "mongodb-log-createuser-command", PW,
  ['{"t":{"$date":"§tsm§"},"s":"I","c":"COMMAND","id":51803,"ctx":"conn§num§","msg":"Slow query","attr":{"type":"command","ns":"admin.$cmd","command":{"createUser":"support_ro","pwd":"§S§","roles":[{"role":"read","db":"§db§"}]}}}'],
  '"msg":"Slow query"')
S(G, "tomcat-catalina-jndi-resource-dump", PW,
  ["§date§ §hms§.§num§ SEVERE [main] org.apache.catalina.core.NamingContextListener.addResource Failed to register in JMX: Resource[name=jdbc/§db§, type=javax.sql.DataSource, url=jdbc:mysql://§ip§:3306/§db§, username=§user§, password=§S§, maxTotal=50]"],
  "NamingContextListener.addResource")
S(G, "log4j-json-mdc-session", t_sess,
  ['{"timeStamp":"§tsm§","level":"WARN","loggerName":"com.§handle2§.web.AuthFilter","message":"session rejected","contextMap":{"sessionCookie":"§S§","clientIp":"§pubip§","traceId":"§h32§"}}'],
  '"message":"session rejected"')
S(G, "kafka-connect-connector-config-log", PW,
  ['[§tsl§] INFO [jdbc-sink-§db§|worker] Creating connector jdbc-sink-§db§ of type io.confluent.connect.jdbc.JdbcSinkConnector with config {"connection.url":"jdbc:postgresql://pg-§env§:5432/§db§?user=§user§&password=§S§","topics":"§svc§.events"} (org.apache.kafka.connect.runtime.Worker:297)'],
  "JdbcSinkConnector")
S(G, "airflow-task-log-connection-uri", PWU,
  ["[§tsl§] {base.py:83} INFO - Using connection ID 'support_mssql' for task execution.\n[§tsl§] {logging_mixin.py:188} INFO - conn uri: mssql+pyodbc://§user§:§S§@sql-§env§.§domain§:1433/§db§?driver=ODBC+Driver+18"],
  "Using connection ID 'support_mssql'")
S(G, "ansible-vvv-module-args", PW,
  ['<app-§env§-§n§> ESTABLISH SSH CONNECTION FOR USER: deploy\nok: [app-§env§-§n§] => {"changed": false, "invocation": {"module_args": {"login_host": "localhost", "login_user": "root", "login_password": "§S§", "name": "§db§"}}}'],
  "ESTABLISH SSH CONNECTION FOR USER: deploy")
S(G, "terraform-debug-request-body", PW,
  ['§tsm§ [DEBUG] provider.terraform-provider-aws_v5.46.0_x5: HTTP Request Sent: aws.operation=ModifyDBInstance http.request.body="Action=ModifyDBInstance&DBInstanceIdentifier=§db§-§env§&MasterUserPassword=§S§&ApplyImmediately=true"'],
  "aws.operation=ModifyDBInstance")
S(G, "kubectl-v10-curl-line", t_jwt,
  ['I§big§ §hms§.§big§   §pid§ round_trippers.go:466] curl -v -XGET  -H "Accept: application/json" -H "Authorization: Bearer §S§" \'https://§ip§:6443/api/v1/namespaces/§ns§/pods?limit=500\''],
  "round_trippers.go:466")
S(G, "windows-4688-process-commandline", PW,
  ["EventID 4688 A new process has been created.\n  Creator Subject: CORP\\§user§\n  New Process Name: C:\\Windows\\System32\\net.exe\n  Process Command Line: net user svc_backup §S§ /add /domain"],
  "A new process has been created")
S(G, "s3-presigned-url-in-log", lambda: hexs(64),
  ["§tsl§ INFO  ExportService - export ready for ticket §zd§: https://§svc§-exports.s3.§region§.amazonaws.com/§uuid§.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=§akid§%2F§date§%2F§region§%2Fs3%2Faws4_request&X-Amz-Date=20240312T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=§S§"],
  "export ready for ticket §zd§")
S(G, "gcs-signed-url-in-log", lambda: hexs(512),
  ['{"severity":"INFO","message":"signed download url issued","url":"https://storage.googleapis.com/§svc§-har-uploads/§uuid§.har?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=uploader%40§handle2§.iam.gserviceaccount.com%2F§date§%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240412T000000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=§S§"}'],
  "signed download url issued")
S(G, "azure-sas-url-in-log", lambda: base64.b64encode(_rbytes(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
  ["§tsd§ [INF] Uploaded diagnostics to https://§handle2§diag.blob.core.windows.net/dumps/§svc§/§uuid§.dmp?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2024-09-01T00:00:00Z&st=2024-08-01T00:00:00Z&spr=https&sig=§S§"],
  "Uploaded diagnostics to")
S(G, "cloudfront-signed-url-in-log", lambda: _chars(ALNUM + "~-", 172) + "__",
  ["§tsl§ WARN  media-proxy: slow origin for https://d§h12§.cloudfront.net/recordings/§uuid§.mp4?Expires=§big§&Signature=§S§&Key-Pair-Id=K§h12§"],
  "media-proxy: slow origin")
S(G, "sentry-event-breadcrumb-url", lambda: hexs(40),
  ['"breadcrumbs": {"values": [{"type": "http", "category": "fetch", "data": {"method": "GET", "url": "https://api.§domain§/v1/widget/config?client_secret=§S§", "status_code": 500}, "timestamp": "§tsm§"}]}'],
  '"category": "fetch"')
S(G, "datadog-log-attribute-json", t_opaque,
  ['{"service":"§svc§","status":"error","message":"upstream auth failed","http":{"method":"POST","url_details":{"path":"/v1/sync"}},"usr":{"id":"§uuid§"},"request":{"headers":{"x-session-token":"§S§"}},"dd":{"trace_id":"§big§§big§"}}'],
  '"message":"upstream auth failed"')
S(G, "jenkins-console-set-x-leak", PW,
  ["[Pipeline] sh\n+ curl -sf -u deploy:§S§ https://nexus.§domain§/service/rest/v1/components?repository=releases\n+ jq -r '.items[].version'\n[Pipeline] }"],
  "[Pipeline] sh")
S(G, "systemd-journal-app-startup-secret", lambda: hexs(64),
  ["§date§ §hms§ app-§env§-§n§ §svc§[§pid§]: starting §svc§ v§ver§ with HMAC_SECRET=§S§ LISTEN=:8080"],
  "starting §svc§ v§ver§")
S(G, "iis-log-query-apikey", lambda: alnum(32),
  ["§date§ §hms§ §ip§ GET /SupportPortal/api/report.ashx apikey=§S§&tenant=§num§ 443 - §pubip§ Mozilla/5.0 - 500 0 0 1231"],
  "/SupportPortal/api/report.ashx")
S(G, "php-curl-verbose-stderr", t_opaque,
  ["* Connected to api.§domain§ (§pubip§) port 443 (#0)\n> POST /v2/sms HTTP/1.1\nHost: api.§domain§\nX-Auth-Token: §S§\nContent-Type: application/json\n< HTTP/1.1 429 Too Many Requests"],
  "< HTTP/1.1 429 Too Many Requests")
S(G, "celery-worker-broker-url-unmasked", PWU,
  ["[§tsl§: ERROR/MainProcess] consumer: Cannot connect to amqp://§user§:§S§@rabbit-§env§.§domain§:5672/support: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)"],
  "Trying again in 4.00 seconds")
S(G, "uwsgi-log-env-dump", PW,
  ["*** Starting uWSGI 2.0.24 (64bit) on [§date§] ***\nenv: DJANGO_SETTINGS_MODULE=support.settings.prod\nenv: EMAIL_HOST_PASSWORD=§S§\nenv: SENTRY_ENVIRONMENT=§env§"],
  "*** Starting uWSGI 2.0.24")
S(G, "java-oom-heap-dump-strings", t_jwt,
  ["java.lang.OutOfMemoryError: Java heap space\nDumping heap to /var/dumps/java_pid§pid§.hprof ...\n# strings java_pid§pid§.hprof | grep -m1 eyJ\n§S§"],
  "java.lang.OutOfMemoryError: Java heap space")
S(G, "gunicorn-error-log-locals", lambda: "xoxb-" + digits(11) + "-" + digits(13) + "-" + alnum(24),
  ['[§tsl§] [§pid§] [ERROR] Error handling request /slack/events\nslack_sdk.errors.SlackApiError: The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage)\nThe server responded with: {\'ok\': False, \'error\': \'invalid_auth\'}\n  client.token = \'§S§\''],
  "Error handling request /slack/events")
S(G, "docker-daemon-pull-auth-debug", withctx(lambda c: t_basic(c["user"])),
  ['time="§ts§" level=debug msg="Calling POST /v1.45/images/create?fromImage=registry.§domain§%2F§svc§&tag=§ver§"\ntime="§ts§" level=debug msg="X-Registry-Auth: {\\"auth\\":\\"§S§\\",\\"serveraddress\\":\\"registry.§domain§\\"}"'],
  "level=debug")


# =====================================================================
# group: note-or-chat
# =====================================================================
G = "note-or-chat"
S(G, "slack-incident-channel-password-paste", PWC,
  ["[§hm§] §person§: ok I'm in the bastion. db pw for the read replica is §S§ if anyone else needs it, please don't paste it elsewhere lol\n[§hm§] §person2§: thx, looking at pg_stat_activity now",
   "#inc-§inc§-§svc§\n§person§  §hm§\nanyone have the redis creds? cache hit ratio fell off a cliff\n§person2§  §hm§\nuser default, pass §S§ (from the old runbook, might be stale)"],
  "§person2§")
S(G, "handover-note-across-timezones", PWC,
  ["Handover §tz1§ -> §tz2§ (§date§, §tz1a§ evening)\n- §inc§ still open, §svc§ p99 ~4s, customer §cust§ most affected\n- I reset the support-admin console password to §S§ so you can log in; please rotate after you're done\n- next step: check the pgbouncer pool saturation"],
  "§inc§ still open")
S(G, "german-chat-passwort", PWC,
  ["§person§: Kurze Info für die Nachtschicht: das Passwort für den Staging-Admin ist jetzt §S§ – bitte nach dem Incident wieder ändern.\n§person2§: Danke, schaue mir gleich die Logs von §svc§ an."],
  "Nachtschicht")
S(G, "french-chat-mot-de-passe", PWC,
  ["§person§ : le mot de passe du compte de service §user§ sur pg-§env§ c'est « §S§ » (je l'ai récupéré dans l'ancien wiki, à vérifier)\n§person2§ : ok merci, je tente la connexion"],
  "compte de service §user§")
S(G, "spanish-chat-contrasena", PWC,
  ["§person§: oye, la contraseña de la BD de réplica es §S§ , la necesitas para el dump del cliente §cust§\n§person2§: perfecto, gracias. Lo subo al ticket §tkt§ en cuanto termine"],
  "ticket §tkt§")
S(G, "portuguese-chat-senha", PWC,
  ["§person§: galera, a senha do painel do RabbitMQ é §S§ (usuário admin). a fila §svc§.retry tá com 80k mensagens\n§person2§: vou dar uma olhada"],
  "fila §svc§.retry")
S(G, "japanese-chat-password", PWC,
  ["§person§: 本番の踏み台サーバのパスワードは §S§ です。作業後に変更してください。\n§person2§: 了解です、§inc§ のログを確認します。"],
  "§inc§")
S(G, "chinese-chat-mima", PWC,
  ["§person§：数据库只读账号 §user§ 的密码是 §S§，排查完 §inc§ 以后记得让DBA改掉\n§person2§：收到"],
  "§user§")
S(G, "korean-chat-bimilbeonho", PWC,
  ["§person§: 스테이징 Grafana 관리자 비밀번호: §S§\n§person2§: 감사합니다. §svc§ 대시보드 확인할게요"],
  "Grafana")
S(G, "russian-chat-parol", PWC,
  ["§person§: пароль от §user§ на кластере §env§: §S§ — только не кидай в общий канал\n§person2§: понял, спасибо"],
  "§user§")
S(G, "polish-chat-haslo", PWC,
  ["§person§: hasło do konta serwisowego na Jenkinsie to §S§, login deploy-bot\n§person2§: dzięki, puszczam rollback §svc§"],
  "login deploy-bot")
S(G, "dutch-chat-wachtwoord", PWC,
  ["§person§: het wachtwoord voor de SFTP van §cust§ is §S§ (gebruiker §user§), ze hebben het zelf in het ticket gezet\n§person2§: oké, ik haal de bestanden op"],
  "SFTP van §cust§")
S(G, "italian-chat-password", PWC,
  ["§person§: la password dell'utente §user§ su mysql-§env§ è §S§, l'ho presa dal vecchio runbook\n§person2§: grazie, provo subito"],
  "mysql-§env§")
S(G, "turkish-chat-sifre", PWC,
  ["§person§: VPN şifresi §S§ , kullanıcı adı §handle§. Sabah değiştireceğim.\n§person2§: tamamdır, bağlandım"],
  "kullanıcı adı §handle§")
S(G, "hinglish-chat-creds", PWC,
  ["§person§: bhai prod bastion ke creds ye rahe -> user: §user§ / pass: §S§ , kaam hone ke baad rotate kar dena\n§person2§: haan done, checking logs"],
  "prod bastion")
S(G, "vietnamese-chat-mat-khau", PWC,
  ["§person§: mật khẩu tài khoản admin của Kibana là §S§ nhé, dùng xong nhớ báo mình đổi\n§person2§: ok anh"],
  "Kibana")
S(G, "swedish-chat-losenord", PWC,
  ["§person§: lösenordet till §user§ på pg-§env§ är §S§ – byt det efter incidenten\n§person2§: tack, kör vacuum nu"],
  "pg-§env§")
S(G, "ukrainian-chat-parol", PWC,
  ["§person§: пароль до адмінки Sentry: §S§ (логін §email§)\n§person2§: дякую, дивлюсь помилки §svc§"],
  "Sentry")
S(G, "indonesian-chat-kata-sandi", PWC,
  ["§person§: kata sandi untuk akun §user§ di server DB replika: §S§\n§person2§: siap, makasih"],
  "akun §user§")
S(G, "czech-chat-heslo", PWC,
  ["§person§: heslo k SMTP relé je §S§, uživatel alerts@§domain§\n§person2§: díky, zkusím poslat testovací mail"],
  "SMTP")
S(G, "arabic-chat-password", PWC,
  ["§person§: كلمة المرور لحساب §user§ على خادم القاعدة هي §S§ — الرجاء تغييرها بعد الانتهاء\n§person2§: تمام، شكراً"],
  "§user§")
S(G, "hebrew-chat-sisma", PWC,
  ["§person§: הסיסמה ל-Jenkins של הלקוח היא §S§ (משתמש admin)\n§person2§: תודה, נכנס עכשיו"],
  "Jenkins")
S(G, "greek-chat-kodikos", PWC,
  ["§person§: ο κωδικός για τον λογαριασμό §user§ είναι §S§\n§person2§: ευχαριστώ, συνδέομαι τώρα"],
  "§user§")
S(G, "customer-ticket-pasted-config", PW,
  ["Ticket #§zd§ — §cust§ — \"Sync stopped after upgrade to §ver§\"\nCustomer wrote:\n> Hi team, here's our connector config, maybe something is wrong?\n> host: sftp.§domain§\n> user: §user§\n> pass: §S§\n> path: /exports/daily\n> Please help asap, our warehouse is blocked."],
  "Ticket #§zd§")
S(G, "customer-email-repro-login", PWC,
  ["From: §person§ <§email§>\nSubject: RE: [§tkt§] dashboard shows 500\n\nYou can log into our tenant to reproduce: username support-debug@§domain§, password §S§. Please let us know when you're done so we can disable the account.\n\nThanks, §person§"],
  "Subject: RE: [§tkt§] dashboard shows 500")
S(G, "postmortem-timeline-leak-entry", PWC,
  ["## Timeline (UTC)\n- §hm§ — alert fired: §svc§ 5xx > 5%\n- §hm§ — @§handle§ pasted the prod DB password (`§S§`) into #general while asking for help\n- §hm§ — password rotated, message deleted\n- §hm§ — error rate back under 0.1%"],
  "alert fired: §svc§ 5xx > 5%")
S(G, "runbook-step-temporary-credential", PW,
  ["### Step 4 — log into the break-glass account\n1. Open https://console.§domain§/breakglass\n2. User: breakglass-oncall\n3. Password (rotated monthly, current as of §date§): §S§\n4. File an audit note in §tkt§ afterwards."],
  "User: breakglass-oncall")
S(G, "pagerduty-incident-note", PWC,
  ["PagerDuty note on §inc§ (§person§, §hm§ UTC): restarted §svc§ on all nodes; temp local admin on the Windows boxes is §S§ until the AD trust is fixed"],
  "PagerDuty note on §inc§")
S(G, "screen-share-transcript", PWC,
  ["[§hms§] §person§: okay I'm on the login screen for the partner portal\n[§hms§] §person2§: username is §email§\n[§hms§] §person2§: and the password is... §S§ — capital first letter\n[§hms§] §person§: I'm in. Looking at the webhook settings now."],
  "partner portal")
S(G, "zoom-chat-log-line", PWC,
  ["§hms§ From §person§ to Everyone:\n\tfor the demo tenant: admin / §S§\n§hms§ From §person2§ to Everyone:\n\tthanks!"],
  "From §person§ to Everyone")
S(G, "teams-message-creds-label", PWC,
  ["§person§ §hm§\nCreds for the VPN concentrator web UI:\nuser: netops\npw: §S§\n(do NOT share outside the bridge)"],
  "VPN concentrator web UI")
S(G, "jira-comment-with-password", PWC,
  ["§tkt§ — comment by §person§ (§date§):\nReproduced on staging. Used test account qa-§num§@§domain§ / §S§ — the invoice list times out after 30s when the tenant has >10k invoices."],
  "Reproduced on staging")
S(G, "github-issue-comment-token", t_ghp,
  ["**§handle§** commented on §date§\n> still failing for me. here's my token so you can try to clone: `§S§`\n> (it's a fine token, only has repo scope)"],
  "still failing for me")
S(G, "email-forward-vpn-psk", pw_alnum,
  ["---------- Forwarded message ---------\nFrom: §person§ (§cust§ IT)\nSubject: VPN details for your support engineers\n\nGateway: vpn.§domain§ (§pubip§)\nIKE: IKEv2, AES256/SHA256, DH group 14\nPre-shared key: §S§\nRemote subnet: 10.40.0.0/16"],
  "Gateway: vpn.§domain§")
S(G, "agent-running-notes-given-password", PW,
  ["Notes (§ts§):\n- user provided staging admin credentials for reproduction: admin@§domain§ / §S§\n- confirmed bug in §svc§ CSV export: date column uses server TZ\n- next: write failing test"],
  "confirmed bug in §svc§ CSV export")
S(G, "agent-goal-with-api-key", lambda: alnum(40),
  ["Goal: using the API key the user pasted (§S§), call GET https://api.§domain§/v1/tickets?status=open for tenant §uuid§ and summarise which tickets are older than 72h."],
  "summarise which tickets are older than 72h")
S(G, "agent-decision-log-credential", PW,
  ["Decision: instead of waiting for DBA access, connect with the legacy reporting user (reporting / §S§) that §person§ shared in #support-eng. Read-only queries only."],
  "Read-only queries only")
S(G, "whiteboard-ocr-wifi", PWC[:5],
  ["OCR of whiteboard photo from the war room (§date§):\n  INCIDENT BRIDGE: meet.§domain§/inc-§inc§\n  GUEST WIFI: §cust§-Guest\n  PW: §S§\n  IC: §person§   SCRIBE: §person2§"],
  "INCIDENT BRIDGE")
S(G, "shift-handover-bullets-abbrev", PWC,
  ["EOD handover (§person§ → §person2§):\n* §svc§ queue drained, monitor until 06:00\n* ldap bind acct svc-ldap-ro pwd §S§ (expires Fri)\n* customer §cust§ waiting on RCA"],
  "customer §cust§ waiting on RCA")
S(G, "unlabeled-usual-password", PWC,
  ["§person§: if the admin panel on §svc§-§env§ asks you to log in again it's the usual one: §S§\n§person2§: ah right, thx"],
  "admin panel on §svc§-§env§")
S(G, "two-message-question-answer", PW,
  ["§person2§ (§hm§): what's the pw for the sentinel on redis-§env§?\n§person§ (§hm§): §S§\n§person2§ (§hm§): 👍"],
  "redis-§env§")
S(G, "phone-call-notes", PWC,
  ["Call with §person§ from §cust§, §date§ §hm§ §tz1a§\n- they read me their admin password over the phone so I could check settings: §S§\n- told them to change it after the call\n- root cause likely expired SAML cert on their side"],
  "root cause likely expired SAML cert")
S(G, "retro-notes-credential-mention", PWC,
  ["Retro notes — §inc§\nWhat went badly: the shared ops account (ops@§domain§ / §S§) is still in the runbook in plain text.\nAction: move to vault, owner §person§."],
  "Retro notes — §inc§")
S(G, "customer-ticket-api-key-complaint", lambda: "live_" + alnum(32),
  ["Customer (§cust§) on §tkt§: \"Our API key §S§ suddenly returns 401 since this morning, nothing changed on our side. Can you check?\""],
  "suddenly returns 401")
S(G, "incident-doc-mitigation-step", PW,
  ["Mitigation (§hm§ UTC): failed over to replica pg-§env§-02. Promoted with `pg_ctl promote`. App config updated with new primary creds: user §user§, password §S§. Traffic recovered at §hm§."],
  "failed over to replica pg-§env§-02")
S(G, "recovery-codes-shared", lambda: "%s-%s" % (lowdig(5), lowdig(5)),
  ["§person§: I'm locked out of the shared support Okta account, can someone use a recovery code? The list in the vault shows these unused: §S§ and a couple more\n§person2§: use the first one"],
  "shared support Okta account")
S(G, "totp-otpauth-uri-pasted", lambda: _chars(B32, 32),
  ["§person§: here's the MFA seed for the shared on-call AWS root, scan it: otpauth://totp/AWS:oncall-root?secret=§S§&issuer=AWS\n§person2§: added to my authenticator"],
  "otpauth://totp/AWS:oncall-root")
S(G, "irc-log-line", PWC,
  ["[§hms§] <§handle§> ircops: the znc password for the bouncer is §S§\n[§hms§] <§handle2§> ty"],
  "<§handle§>")
S(G, "discord-message-bot-token", lambda: b64u(18) + "." + b64u(4) + "." + b64u(28),
  ["§person§ — Today at §hm§\nstatus bot died again, I regenerated the token: §S§\nput it in the .env on the pi"],
  "status bot died again")
S(G, "matrix-element-message", PWC,
  ["<§handle§:matrix.§domain§> ssh into log-§n§ with the shared key passphrase §S§, the key itself is on the usual share"],
  "ssh into log-§n§")
S(G, "whatsapp-export-line", PWC,
  ["[§date§, §hms§] §person§: Wifi del centro de datos: DC-§env§-MGMT / §S§\n[§date§, §hms§] §person2§: gracias!!"],
  "DC-§env§-MGMT")
S(G, "spanglish-mixed-note", PWC,
  ["§person§: ok so el password del Jenkins de §cust§ es §S§, pero ojo que lo van a cambiar mañana"],
  "Jenkins de §cust§")
S(G, "voicemail-transcript", PWC,
  ["Voicemail transcript (§hm§): \"Hi, it's §person§ from the NOC, the new password for the out-of-band console is §S§, call me back if it doesn't work, bye.\""],
  "out-of-band console")
S(G, "agent-memory-file-entry", PW,
  ["## Project notes (keep)\n- staging is behind basic auth: u=preview p=§S§\n- run `make seed` before e2e tests\n- never push to main directly"],
  "run `make seed` before e2e tests")
S(G, "todo-item-rotate-with-current", PW,
  ["- [ ] rotate §svc§ SMTP password (currently §S§) — owner §person§, due §date§\n- [x] remove debug logging from §svc2§"],
  "rotate §svc§ SMTP password")
S(G, "meeting-minutes-credential", PWC,
  ["Minutes — weekly support sync (§date§)\nAttendees: §person§, §person2§, §person3§\n3. Shared demo environment: login demo@§domain§, passphrase \"§S§\" (agreed to move it to 1Password this week)"],
  "Attendees: §person§")
S(G, "customer-ticket-har-cookie-paste", t_sess,
  ["Customer reply on §tkt§: \"I can't export the HAR, but devtools shows this cookie being sent: session_token=§S§ — and then the page just spins.\""],
  "devtools shows this cookie")
S(G, "postmortem-action-item-quoted-key", t_aws_secret,
  ["Action items:\n1. Revoke the access key pair that was committed to the public gist (`§akid§:§S§`) — DONE §date§\n2. Add secret scanning to the pre-commit hook — §person§"],
  "Add secret scanning to the pre-commit hook")
S(G, "no-label-credential-after-url", PW,
  ["§person§: https://§svc§-admin.§domain§  admin  §S§\n§person2§: works, ty"],
  "https://§svc§-admin.§domain§")
S(G, "credential-next-line-after-label", PWC,
  ["§person§: new breakglass password below, it's valid 24h\n§person§: §S§\n§person2§: got it, copied"],
  "new breakglass password below")
S(G, "finnish-chat-salasana", PWC,
  ["§person§: salasana tuotannon Grafanaan on §S§, käyttäjä admin\n§person2§: kiitos!"],
  "käyttäjä admin")
S(G, "thai-chat-rahat-phan", PWC,
  ["§person§: รหัสผ่าน VPN คือ §S§ นะครับ ใช้เสร็จแล้วบอกด้วย\n§person2§: ได้ครับ"],
  "VPN")
S(G, "hindi-chat-password", PWC,
  ["§person§: सर्वर का पासवर्ड §S§ है, यूज़र §user§\n§person2§: धन्यवाद"],
  "§user§")
S(G, "norwegian-chat-passord", PWC,
  ["§person§: passordet til §user§-kontoen er §S§, husk å bytte det i morgen\n§person2§: skal bli"],
  "§user§-kontoen")
S(G, "support-macro-draft-with-password", PW,
  ["Draft reply to §cust§ (§tkt§):\nHi §person§, we've created a temporary SFTP account for your upload.\nHost: upload.§domain§  User: tmp-§zd§  Password: §S§\nIt will be removed in 7 days."],
  "Host: upload.§domain§")
S(G, "oncall-sms-relay", PWC,
  ["SMS from §person§ (+44 7700 900§num§): cant get on slack. bastion pw changed to §S§ , am rebooting §svc§ pods now"],
  "cant get on slack")
S(G, "kanban-card-description", PW,
  ["Card: \"Investigate §cust§ SSO loop\"\nDescription: repro with their test IdP user idp-test@§domain§ (pw §S§). Happens only in Safari."],
  "Happens only in Safari")


# =====================================================================
# group: ci-and-deploy
# =====================================================================
G = "ci-and-deploy"
S(G, "github-actions-env-hardcoded", PW,
  ["# .github/workflows/e2e.yml\njobs:\n  e2e:\n    runs-on: ubuntu-22.04\n    env:\n      SUPPORT_PORTAL_URL: https://staging.§domain§\n      SUPPORT_ADMIN_PASSWORD: \"§S§\"\n    steps:\n      - uses: actions/checkout@v4"],
  "runs-on: ubuntu-22.04")
S(G, "github-actions-step-with-password", PW,
  ["      - name: Log in to registry\n        uses: docker/login-action@v3\n        with:\n          registry: registry.§domain§\n          username: ci-bot\n          password: §S§"],
  "uses: docker/login-action@v3")
S(G, "gitlab-ci-variables-block", PW,
  ["# .gitlab-ci.yml\nvariables:\n  POSTGRES_DB: §db§_test\n  POSTGRES_USER: §user§\n  POSTGRES_PASSWORD: \"§S§\"\n  DOCKER_DRIVER: overlay2\n\nstages: [test, deploy]"],
  "DOCKER_DRIVER: overlay2")
S(G, "circleci-environment-map", lambda: hexs(40),
  ["version: 2.1\njobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      HONEYBADGER_API_KEY: §S§\n      DEPLOY_ENV: §env§"],
  "image: cimg/python:3.12")
S(G, "jenkinsfile-withenv-hardcoded", PW,
  ["stage('Smoke test') {\n  steps {\n    withEnv(['SMOKE_USER=§user§', 'SMOKE_PASS=§S§']) {\n      sh './scripts/smoke.sh https://§svc§.§domain§'\n    }\n  }\n}"],
  "stage('Smoke test')")
S(G, "jenkinsfile-sh-curl-inline", lambda: hexs(34),
  ["stage('Notify') {\n  steps {\n    sh \"curl -X POST -u jenkins:§S§ https://jenkins.§domain§/job/§svc§-downstream/build\"\n  }\n}"],
  "stage('Notify')")
S(G, "azure-pipelines-variables", PW,
  ["variables:\n  buildConfiguration: 'Release'\n  sqlAdminLogin: '§user§'\n  sqlAdminPassword: '§S§'\n\nsteps:\n- task: DotNetCoreCLI@2"],
  "buildConfiguration: 'Release'")
S(G, "bitbucket-pipelines-script-export", lambda: alnum(24),
  ["pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy\n          script:\n            - export FTP_PASSWORD=§S§\n            - lftp -u deploy,$FTP_PASSWORD ftp.§domain§ -e 'mirror -R dist/ /www; bye'"],
  "name: Deploy")
S(G, "travis-yml-env-global", lambda: hexs(40),
  ["language: node_js\nnode_js: [20]\nenv:\n  global:\n    - CODECOV_TOKEN=§S§\n    - NODE_ENV=test"],
  "language: node_js")
S(G, "drone-yml-environment", PW,
  ["kind: pipeline\nname: integration\nsteps:\n- name: test\n  image: golang:1.22\n  environment:\n    MYSQL_PASSWORD: §S§\n  commands:\n  - go test ./..."],
  "kind: pipeline")
S(G, "buildkite-pipeline-env", lambda: "bkua_" + hexs(40),
  ["env:\n  BUILDKITE_API_TOKEN: \"§S§\"\nsteps:\n  - label: \":rocket: deploy\"\n    command: scripts/deploy.sh"],
  'label: ":rocket: deploy"')
S(G, "teamcity-kotlin-dsl-param", PW,
  ['params {\n    param("env.DEPLOY_HOST", "app-§env§.§domain§")\n    param("env.DEPLOY_PASSWORD", "§S§")\n}'],
  'param("env.DEPLOY_HOST"')
S(G, "argocd-repository-secret", t_ghp,
  ["apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-§svc§\n  namespace: argocd\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/§handle2§-org/§svc§-deploy\n  username: ci-bot\n  password: §S§"],
  "argocd.argoproj.io/secret-type: repository")
S(G, "argocd-cli-login-password", PW,
  ["argocd login argocd.§domain§ --username admin --password '§S§' --grpc-web\nargocd app sync §svc§-§env§ --prune"],
  "argocd app sync")
S(G, "flux-git-basic-auth-secret", t_glpat,
  ["flux create secret git §svc§-auth --url=https://gitlab.§domain§/platform/§svc§-config --username=flux --password=§S§ --namespace=flux-system"],
  "flux create secret git")
S(G, "k8s-deployment-env-value-literal", PW,
  ["      containers:\n        - name: §svc§\n          image: registry.§domain§/§svc§:§ver§\n          env:\n            - name: DB_USER\n              value: §user§\n            - name: DB_PASSWORD\n              value: \"§S§\""],
  "- name: DB_USER")
S(G, "k8s-cronjob-args-inline", PWU,
  ["apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: §db§-nightly-dump\nspec:\n  schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: dump\n            image: postgres:16\n            args: [\"pg_dump\", \"postgresql://§user§:§S§@pg-§env§:5432/§db§\", \"-f\", \"/backup/§db§.sql\"]"],
  "kind: CronJob")
S(G, "helmfile-release-set-values", PW,
  ["releases:\n  - name: §svc§\n    chart: ./charts/§svc§\n    set:\n      - name: smtp.password\n        value: §S§\n      - name: replicaCount\n        value: 3"],
  "chart: ./charts/§svc§")
S(G, "kustomize-secretgenerator-literals", PW,
  ["secretGenerator:\n  - name: §svc§-env\n    literals:\n      - LOG_LEVEL=info\n      - API_PASSWORD=§S§\ngeneratorOptions:\n  disableNameSuffixHash: true"],
  "disableNameSuffixHash: true")
S(G, "dockerfile-env-secret", t_npm,
  ["FROM node:20-alpine\nWORKDIR /app\nENV NPM_TOKEN=§S§\nCOPY package*.json .npmrc ./\nRUN npm ci --omit=dev"],
  "FROM node:20-alpine")
S(G, "dockerfile-arg-default-secret", PW,
  ["FROM python:3.12-slim\nARG PIP_INDEX_PASSWORD=§S§\nRUN pip install --index-url https://ci:${PIP_INDEX_PASSWORD}@pypi.§domain§/simple -r requirements.txt"],
  "FROM python:3.12-slim")
S(G, "dockerfile-run-git-clone-token", t_ghp,
  ["RUN git clone --depth 1 https://§S§@github.com/§handle2§-org/shared-proto.git /src/proto && rm -rf /src/proto/.git"],
  "shared-proto.git")
S(G, "docker-compose-prod-override", PWU,
  ["# docker-compose.prod.yml\nservices:\n  worker:\n    environment:\n      - CELERY_BROKER_URL=amqp://§user§:§S§@rabbitmq:5672//\n      - CELERY_CONCURRENCY=8"],
  "CELERY_CONCURRENCY=8")
S(G, "ansible-playbook-vars-inline", PW,
  ["- hosts: db_§env§\n  become: true\n  vars:\n    replication_user: replicator\n    replication_password: \"§S§\"\n  roles:\n    - postgres-replica"],
  "hosts: db_§env§")
S(G, "terraform-backend-s3-keys", t_aws_secret,
  ['terraform {\n  backend "s3" {\n    bucket     = "§handle2§-tfstate"\n    key        = "§svc§/§env§.tfstate"\n    region     = "§region§"\n    access_key = "§akid§"\n    secret_key = "§S§"\n  }\n}'],
  'backend "s3"')
S(G, "terraform-provider-client-secret", lambda: alnum(3) + "8Q~" + _chars(ALNUM + "_-.~", 34),
  ['provider "azurerm" {\n  features {}\n  subscription_id = "§uuid§"\n  client_id       = "§uuid2§"\n  client_secret   = "§S§"\n  tenant_id       = "§uuid3§"\n}'],
  'provider "azurerm"')
S(G, "pulumi-stack-config-plaintext", PW,
  ["# Pulumi.§env§.yaml\nconfig:\n  aws:region: §region§\n  §svc§:dbUser: §user§\n  §svc§:dbPassword: §S§"],
  "aws:region: §region§")
S(G, "serverless-yml-environment", lambda: alnum(32),
  ["service: §svc§\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    TWILIO_AUTH_TOKEN: §S§\n    STAGE: ${sls:stage}"],
  "runtime: nodejs20.x")
S(G, "netlify-toml-build-environment", lambda: alnum(32),
  ['[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  ALGOLIA_ADMIN_KEY = "§S§"\n  NODE_VERSION = "20"'],
  'command = "npm run build"')
S(G, "fly-toml-env-section", PW,
  ['app = "§svc§-§env§"\nprimary_region = "ams"\n\n[env]\n  PHX_HOST = "§svc§.fly.dev"\n  ADMIN_PASSWORD = "§S§"'],
  'primary_region = "ams"')
S(G, "render-yaml-envvars-value", PW,
  ["services:\n  - type: web\n    name: §svc§\n    env: ruby\n    envVars:\n      - key: SIDEKIQ_PASSWORD\n        value: §S§\n      - key: RAILS_ENV\n        value: production"],
  "type: web")
S(G, "heroku-app-json-env-value", lambda: hexs(64),
  ['{\n  "name": "§svc§",\n  "env": {\n    "SECRET_KEY_BASE": { "value": "§S§" },\n    "WEB_CONCURRENCY": { "value": "2" }\n  }\n}'],
  '"WEB_CONCURRENCY"')
S(G, "cloudbuild-substitutions", PW,
  ["steps:\n- name: gcr.io/cloud-builders/gcloud\n  args: ['sql', 'users', 'set-password', '§user§', '--instance=§db§-§env§', '--password=${_DB_PASS}']\nsubstitutions:\n  _DB_PASS: '§S§'"],
  "gcr.io/cloud-builders/gcloud")
S(G, "codebuild-buildspec-env-variables", PW,
  ["version: 0.2\nenv:\n  variables:\n    SONAR_HOST: https://sonar.§domain§\n    SONAR_PASSWORD: \"§S§\"\nphases:\n  build:\n    commands:\n      - mvn -B verify"],
  "version: 0.2")
S(G, "ecs-task-definition-environment", PW,
  ['"containerDefinitions": [{\n  "name": "§svc§",\n  "image": "§acct§.dkr.ecr.§region§.amazonaws.com/§svc§:§ver§",\n  "environment": [\n    {"name": "SPRING_PROFILES_ACTIVE", "value": "§env§"},\n    {"name": "SPRING_DATASOURCE_PASSWORD", "value": "§S§"}\n  ]\n}]'],
  '"name": "SPRING_PROFILES_ACTIVE"')
S(G, "nomad-job-env-stanza", PW,
  ['task "§svc§" {\n  driver = "docker"\n  env {\n    REDIS_ADDR     = "redis.service.consul:6379"\n    REDIS_PASSWORD = "§S§"\n  }\n}'],
  'driver = "docker"')
S(G, "packer-hcl-variable-default", PW,
  ['variable "winrm_password" {\n  type    = string\n  default = "§S§"\n}\n\nsource "amazon-ebs" "windows" {\n  communicator = "winrm"\n}'],
  'variable "winrm_password"')
S(G, "ci-log-base64-echo-unmasked", withctx(lambda c: b64text(pw_safe())),
  ["$ echo \"$DEPLOY_KEY_PASSWORD\" | base64\n§S§\n$ ./deploy.sh §env§\nDeploying §svc§ §ver§ to §env§..."],
  "Deploying §svc§ §ver§ to §env§")
S(G, "gitlab-ci-job-log-curl-verbose", t_glpat,
  ["$ curl -v --header \"PRIVATE-TOKEN: §S§\" \"https://gitlab.§domain§/api/v4/projects/§num§/pipelines?status=failed\"\n> GET /api/v4/projects/§num§/pipelines?status=failed HTTP/2\n< HTTP/2 200\nJob succeeded"],
  "Job succeeded")
S(G, "deploy-script-sshpass-scp", PW,
  ["#!/bin/sh\n# deploy.sh (legacy, called by the CI 'deploy-§env§' job)\nsshpass -p \"§S§\" scp -r build/* deploy@§ip§:/var/www/§svc§/\nsshpass -p \"§S§\" ssh deploy@§ip§ 'sudo systemctl reload nginx'"],
  "deploy.sh (legacy")
S(G, "makefile-deploy-target", PW,
  ["deploy-§env§:\n\tdocker build -t registry.§domain§/§svc§:$(GIT_SHA) .\n\tdocker login registry.§domain§ -u ci -p §S§\n\tdocker push registry.§domain§/§svc§:$(GIT_SHA)"],
  "docker build -t registry.§domain§/§svc§")
S(G, "capistrano-deploy-rb-password", PW,
  ["# config/deploy/§env§.rb\nserver 'app-§env§-§n§.§domain§', user: 'deploy', roles: %w{app web}\nset :ssh_options, { password: '§S§', auth_methods: %w(password) }"],
  "roles: %w{app web}")
S(G, "fabfile-env-password", PW,
  ["# fabfile.py\nenv.hosts = ['app-§env§-§n§.§domain§']\nenv.user = 'deploy'\nenv.password = '§S§'\n\ndef restart():\n    sudo('systemctl restart §svc§')"],
  "env.user = 'deploy'")
S(G, "knife-rb-validation-key-inline", lambda: pem_rsa_body(nbytes=600),
  ["# .chef/credentials (pasted in §tkt§)\n[default]\nclient_name = \"§handle§\"\nchef_server_url = \"https://chef.§domain§/organizations/support\"\nclient_key = \"\"\"\n-----BEGIN RSA PRIVATE KEY-----\n§S§\n-----END RSA PRIVATE KEY-----\n\"\"\""],
  'client_name = "§handle§"')
S(G, "pipeline-pagerduty-change-event", lambda: "R0" + updig(30),
  ["- name: Send change event to PagerDuty\n  run: |\n    curl -s -X POST https://events.pagerduty.com/v2/change/enqueue \\\n      -H 'Content-Type: application/json' \\\n      -d '{\"routing_key\":\"§S§\",\"payload\":{\"summary\":\"Deployed §svc§ §ver§\",\"source\":\"github-actions\"}}'"],
  "Send change event to PagerDuty")
S(G, "pipeline-slack-webhook-step", lambda: alnum(24),
  ["notify:\n  stage: .post\n  script:\n    - 'curl -X POST -H \"Content-type: application/json\" --data \"{\\\"text\\\":\\\"deploy of §svc§ failed\\\"}\" https://hooks.slack.com/services/T0§slk§/B0§slk2§/§S§'\n  when: on_failure"],
  "when: on_failure")
S(G, "pipeline-datadog-deploy-marker", lambda: hexs(32),
  ["- run: |\n    curl -X POST \"https://api.datadoghq.eu/api/v1/events\" \\\n      -H \"DD-API-KEY: §S§\" \\\n      -d '{\"title\":\"deploy §svc§ §ver§\",\"tags\":[\"env:§env§\"]}'"],
  "api.datadoghq.eu/api/v1/events")
S(G, "pipeline-codecov-token-flag", lambda: uuid4(),
  ["- name: Upload coverage\n  run: ./codecov -t §S§ -f coverage.xml -F unit"],
  "Upload coverage")
S(G, "sonar-scanner-login-property", lambda: "squ_" + hexs(40),
  ["mvn -B sonar:sonar -Dsonar.host.url=https://sonar.§domain§ -Dsonar.login=§S§ -Dsonar.projectKey=§svc§"],
  "sonar:sonar")
S(G, "twine-upload-password-flag", t_pypi,
  ["python -m build && twine upload --non-interactive -u __token__ -p §S§ dist/*"],
  "twine upload")
S(G, "npm-publish-echo-npmrc", t_npm,
  ["  - echo \"//registry.npmjs.org/:_authToken=§S§\" > ~/.npmrc\n  - npm publish --access public"],
  "npm publish --access public")
S(G, "cargo-publish-token-flag", lambda: "cio" + alnum(32),
  ["cargo publish --token §S§ --allow-dirty  # from the release job of §svc§-sdk"],
  "cargo publish")
S(G, "docker-build-arg-token", t_ghpat,
  ["docker build --build-arg GITHUB_TOKEN=§S§ -t §svc§:ci-§h7§ ."],
  "docker build")
S(G, "k8s-image-pull-secret-dockerconfigjson", withctx(lambda c: b64text('{"auths":{"registry.%s":{"auth":"%s"}}}' % (c["domain"], t_basic("ci-puller")))),
  ["apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\n  namespace: §ns§\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: §S§"],
  "type: kubernetes.io/dockerconfigjson")
S(G, "cloud-init-chpasswd-list", PW,
  ["#cloud-config\nssh_pwauth: true\nchpasswd:\n  expire: false\n  list: |\n    support:§S§\nruncmd:\n  - systemctl enable --now §svc§"],
  "#cloud-config")
S(G, "arm-template-parameters-adminpassword", PW,
  ['{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n  "parameters": {\n    "adminUsername": { "value": "azureadmin" },\n    "adminPassword": { "value": "§S§" }\n  }\n}'],
  '"adminUsername": { "value": "azureadmin" }')
S(G, "cloudformation-parameters-master-password", PW,
  ['[\n  {"ParameterKey": "DBInstanceClass", "ParameterValue": "db.t4g.medium"},\n  {"ParameterKey": "MasterUsername", "ParameterValue": "§user§"},\n  {"ParameterKey": "MasterUserPassword", "ParameterValue": "§S§"}\n]'],
  '"ParameterKey": "DBInstanceClass"')
S(G, "bicepparam-secure-value", PW,
  ["using './main.bicep'\n\nparam location = '§region§'\nparam sqlAdminPassword = '§S§'"],
  "using './main.bicep'")
S(G, "github-actions-services-postgres", PWU,
  ["    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: §S§\n        ports: ['5432:5432']\n        options: --health-cmd pg_isready"],
  "options: --health-cmd pg_isready")
S(G, "vagrantfile-provision-password", PW,
  ['Vagrant.configure("2") do |config|\n  config.vm.box = "ubuntu/jammy64"\n  config.vm.provision "shell", inline: "echo \'vagrant:§S§\' | chpasswd"\nend'],
  'config.vm.box = "ubuntu/jammy64"')
S(G, "octopus-variable-json-export", PW,
  ['{\n  "Name": "Smtp.Password",\n  "Value": "§S§",\n  "Type": "String",\n  "IsSensitive": false,\n  "Scope": { "Environment": ["Environments-§num§"] }\n}'],
  '"Name": "Smtp.Password"')
S(G, "gh-secret-set-body-flag", t_xoxb,
  ["gh secret set SLACK_BOT_TOKEN --repo §handle2§-org/§svc§ --body '§S§'"],
  "gh secret set SLACK_BOT_TOKEN")
S(G, "glab-variable-set-value", PW,
  ["glab variable set DEPLOY_PASSWORD --value '§S§' --masked --protected -R platform/§svc§"],
  "glab variable set DEPLOY_PASSWORD")


# =====================================================================
# group: vendor-token
# =====================================================================
G = "vendor-token"
S(G, "github-classic-pat-in-note", t_ghp,
  ["§person§: CI can't pull the private submodule, use my PAT for now: §S§ (expires in 7 days)",
   "export GH_TOKEN=§S§  # read-only, for the incident timeline script"],
  ["CI can't pull the private submodule", "incident timeline script"])
S(G, "github-fine-grained-pat", t_ghpat,
  ["GITHUB_TOKEN=§S§\nGITHUB_REPO=§handle2§-org/§svc§"],
  "GITHUB_REPO=§handle2§-org/§svc§")
S(G, "github-app-installation-token-log", t_ghs,
  ['§tsl§ DEBUG octokit: POST /app/installations/§big§/access_tokens -> 201 {"token":"§S§","expires_at":"§ts§","permissions":{"issues":"write"}}'],
  "/app/installations/§big§/access_tokens")
S(G, "github-user-to-server-token", t_ghu,
  ["Authorization: token §S§\nUser-Agent: support-triage-bot/§ver§"],
  "User-Agent: support-triage-bot/§ver§")
S(G, "gitlab-pat-private-token-header", t_glpat,
  ["curl --header \"PRIVATE-TOKEN: §S§\" \"https://gitlab.§domain§/api/v4/projects/§num§/issues?labels=incident\""],
  "labels=incident")
S(G, "gitlab-runner-auth-token", t_glrt,
  ["gitlab-runner register --non-interactive --url https://gitlab.§domain§ --token §S§ --executor docker --docker-image alpine:3.19"],
  "gitlab-runner register")
S(G, "slack-bot-token-env", t_xoxb,
  ["SLACK_BOT_TOKEN=§S§\nSLACK_INCIDENT_CHANNEL=C0§slk§"],
  "SLACK_INCIDENT_CHANNEL")
S(G, "slack-user-token-script", t_xoxp,
  ["# scripts/export_incident_channel.py\nSLACK_TOKEN = \"§S§\"  # my user token, has channels:history\nCHANNEL = \"inc-§inc§\""],
  'CHANNEL = "inc-§inc§"')
S(G, "slack-app-level-token", lambda: "xapp-1-A0" + updig(9) + "-" + digits(13) + "-" + hexs(64),
  ["# socket mode for the on-call bot\nSLACK_APP_TOKEN=§S§\nSLACK_SIGNING_SECRET_REF=vault:secret/oncall-bot#signing"],
  "socket mode for the on-call bot")
S(G, "slack-incoming-webhook-url", lambda: alnum(24),
  ["§person§: use this webhook for the status updates: https://hooks.slack.com/services/T0§slk§/B0§slk2§/§S§"],
  "use this webhook for the status updates")
S(G, "stripe-live-secret-key", t_stripe,
  ["STRIPE_API_KEY=§S§", "Stripe::api_key = '§S§'"],
  ["STRIPE_API_KEY=", "Stripe::api_key"])
S(G, "stripe-restricted-key-ticket", t_rk,
  ["§cust§ support ticket §tkt§: \"we generated a restricted key for you to look at the failed payouts: §S§ (read-only on payouts)\""],
  "failed payouts")
S(G, "stripe-webhook-signing-secret", t_whsec,
  ["STRIPE_WEBHOOK_SECRET=§S§\n# endpoint: https://§svc§.§domain§/webhooks/stripe"],
  "endpoint: https://§svc§.§domain§/webhooks/stripe")
S(G, "aws-key-pair-in-chat", t_aws_secret,
  ["§person§: temp IAM user for the log pull:\nAccess key ID: §akid§\nSecret access key: §S§\nplease delete after §date§"],
  "temp IAM user for the log pull")
S(G, "aws-session-token-env-export", t_aws_session,
  ["export AWS_ACCESS_KEY_ID=§asid§\nexport AWS_SESSION_TOKEN=§S§\nexport AWS_REGION=§region§"],
  "export AWS_REGION=§region§")
S(G, "google-api-key-query", t_aiza,
  ["https://maps.googleapis.com/maps/api/geocode/json?address=§num§+Harbour+Rd&key=§S§", "GOOGLE_PLACES_KEY=§S§"],
  ["maps.googleapis.com", "GOOGLE_PLACES_KEY"])
S(G, "gcp-service-account-json-private-key", lambda: pem_pkcs8_rsa_body(sep="\\n", nbytes=900),
  ['{\n  "type": "service_account",\n  "project_id": "§handle2§-support-§env§",\n  "private_key_id": "§h40§",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n§S§\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "log-reader@§handle2§-support-§env§.iam.gserviceaccount.com",\n  "client_id": "§big§§big§"\n}'],
  '"type": "service_account"')
S(G, "google-oauth-client-secret", lambda: "GOCSPX-" + _chars(ALNUM + "-_", 28),
  ['{"web":{"client_id":"§big§-§h32§.apps.googleusercontent.com","project_id":"support-sso","client_secret":"§S§","redirect_uris":["https://support.§domain§/oauth/callback"]}}'],
  '"project_id":"support-sso"')
S(G, "openai-project-key", t_openai,
  ["OPENAI_API_KEY=§S§\nOPENAI_MODEL=gpt-4o-mini  # ticket summariser"],
  "ticket summariser")
S(G, "anthropic-api-key", t_anthropic,
  ["§person§: the triage bot's key is §S§ — it's on the team plan, don't use it for personal stuff"],
  "triage bot")
S(G, "huggingface-token", t_hf,
  ["huggingface-cli login --token §S§ --add-to-git-credential"],
  "huggingface-cli login")
S(G, "npm-automation-token", t_npm,
  ["//registry.npmjs.org/:_authToken=§S§"],
  "//registry.npmjs.org/:_authToken=")
S(G, "pypi-api-token", t_pypi,
  ["TWINE_USERNAME=__token__\nTWINE_PASSWORD=§S§"],
  "TWINE_USERNAME=__token__")
S(G, "sendgrid-api-key", t_sendgrid,
  ["SENDGRID_API_KEY='§S§'\nSENDGRID_FROM=support@§domain§"],
  "SENDGRID_FROM=support@§domain§")
S(G, "mailgun-private-key", lambda: hexs(32) + "-" + hexs(8) + "-" + hexs(8),
  ["curl -s --user 'api:§S§' https://api.eu.mailgun.net/v3/mg.§domain§/events?event=failed"],
  "mg.§domain§/events?event=failed")
S(G, "twilio-auth-token-with-sid", lambda: hexs(32),
  ["TWILIO_ACCOUNT_SID=AC§h32§\nTWILIO_AUTH_TOKEN=§S§\nTWILIO_FROM=+1555010§num§"],
  "TWILIO_ACCOUNT_SID=AC§h32§")
S(G, "twilio-api-key-secret", lambda: alnum(32),
  ["twilio api:core:messages:list --limit 20 -u SK§h32§:§S§"],
  "api:core:messages:list")
S(G, "datadog-api-and-app-key", lambda: hexs(40),
  ["DD_API_KEY=§h32§\nDD_APP_KEY=§S§\nDD_SITE=datadoghq.eu"],
  "DD_SITE=datadoghq.eu")
S(G, "datadog-api-key-agent-yaml", lambda: hexs(32),
  ["# /etc/datadog-agent/datadog.yaml\napi_key: §S§\nsite: datadoghq.com\nlogs_enabled: true"],
  "logs_enabled: true")
S(G, "newrelic-user-api-key", lambda: "NRAK-" + updig(27),
  ["curl -X POST https://api.newrelic.com/graphql -H 'API-Key: §S§' -d '{\"query\":\"{ actor { user { name } } }\"}'"],
  "api.newrelic.com/graphql")
S(G, "newrelic-license-key", lambda: hexs(36) + "NRAL",
  ["newrelic.yml:\n  common: &default_settings\n    license_key: §S§\n    app_name: §svc§ (§env§)"],
  "app_name: §svc§ (§env§)")
S(G, "pagerduty-rest-api-key", lambda: "u+" + _chars(ALNUM + "-_", 18),
  ["curl -H 'Authorization: Token token=§S§' -H 'Accept: application/vnd.pagerduty+json;version=2' 'https://api.pagerduty.com/incidents?statuses[]=triggered'"],
  "application/vnd.pagerduty+json;version=2")
S(G, "pagerduty-events-integration-key", lambda: hexs(32),
  ["pd-send -k §S§ -t trigger -d \"disk full on log-§n§\" -i disk-log-§n§"],
  "pd-send")
S(G, "opsgenie-geniekey-header", uuid4,
  ["curl -X POST https://api.opsgenie.com/v2/alerts -H 'Authorization: GenieKey §S§' -H 'Content-Type: application/json' -d '{\"message\":\"§svc§ down\",\"priority\":\"P1\"}'"],
  "api.opsgenie.com/v2/alerts")
S(G, "sentry-org-auth-token", lambda: "sntrys_" + b64u(120),
  ["[auth]\ntoken=§S§\n[defaults]\norg=§handle2§\nproject=§svc§"],
  "project=§svc§")
S(G, "atlassian-api-token", lambda: "ATATT3xFfGF0" + _chars(ALNUM + "-_", 170) + "=" + HEXU(8),
  ["JIRA_USER=§email§\nJIRA_API_TOKEN=§S§\nJIRA_BASE=https://§handle2§.atlassian.net"],
  "JIRA_BASE=https://§handle2§.atlassian.net")
S(G, "linear-api-key", lambda: "lin_api_" + alnum(40),
  ["curl https://api.linear.app/graphql -H 'Authorization: §S§' -H 'Content-Type: application/json' --data '{\"query\":\"{ issues(filter:{labels:{name:{eq:\\\"incident\\\"}}}) { nodes { id title } } }\"}'"],
  "api.linear.app/graphql")
S(G, "notion-integration-secret", lambda: "ntn_" + digits(11) + alnum(35),
  ["NOTION_TOKEN=§S§\nNOTION_POSTMORTEM_DB=§h32§"],
  "NOTION_POSTMORTEM_DB")
S(G, "heroku-api-key", lambda: "HRKU-AA" + _chars(ALNUM + "_-", 58),
  ["HEROKU_API_KEY=§S§ heroku ps:restart -a §svc§-§env§"],
  "heroku ps:restart")
S(G, "vault-service-token", t_vault,
  ["VAULT_TOKEN=§S§\nVAULT_ADDR=https://vault.§domain§:8200"],
  "VAULT_ADDR=https://vault.§domain§:8200")
S(G, "doppler-service-token", lambda: "dp.st.%s." % _R.choice(["prd", "stg", "dev"]) + alnum(43),
  ["doppler run --token §S§ -- ./bin/§svc§"],
  "doppler run")
S(G, "postman-api-key", lambda: "PMAK-" + hexs(24) + "-" + hexs(34),
  ["newman run https://api.getpostman.com/collections/§uuid§?apikey=§S§ -e §env§.postman_environment.json"],
  "newman run")
S(G, "okta-ssws-api-token", lambda: "00" + _chars(ALNUM + "-_", 40),
  ["curl -H 'Authorization: SSWS §S§' 'https://§handle2§.okta.com/api/v1/users?search=profile.email+eq+\"§email§\"'"],
  ".okta.com/api/v1/users")
S(G, "azure-storage-account-key-connstring", lambda: b64(64),
  ["DefaultEndpointsProtocol=https;AccountName=§handle2§diag;AccountKey=§S§;EndpointSuffix=core.windows.net"],
  "AccountName=§handle2§diag")
S(G, "azure-sas-token-query", lambda: base64.b64encode(_rbytes(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
  ["AZCOPY: azcopy copy 'https://§handle2§logs.blob.core.windows.net/iis?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2025-01-01T00:00:00Z&spr=https&sig=§S§' ./iis-logs --recursive"],
  "azcopy copy")
S(G, "azure-ad-client-secret", lambda: alnum(3) + "8Q~" + _chars(ALNUM + "_-.~", 34),
  ["AZURE_TENANT_ID=§uuid§\nAZURE_CLIENT_ID=§uuid2§\nAZURE_CLIENT_SECRET=§S§"],
  "AZURE_TENANT_ID=§uuid§")
S(G, "digitalocean-pat", lambda: "dop_v1_" + hexs(64),
  ["DIGITALOCEAN_ACCESS_TOKEN=§S§ terraform -chdir=infra/do plan"],
  "terraform -chdir=infra/do plan")
S(G, "cloudflare-api-token", lambda: _chars(ALNUM + "-_", 40),
  ["curl -X POST \"https://api.cloudflare.com/client/v4/zones/§h32§/purge_cache\" -H \"Authorization: Bearer §S§\" --data '{\"purge_everything\":true}'"],
  "purge_cache")
S(G, "shopify-admin-access-token", lambda: "shpat_" + hexs(32),
  ["X-Shopify-Access-Token: §S§\nGET https://§handle2§-store.myshopify.com/admin/api/2024-04/orders.json?status=any"],
  "myshopify.com/admin/api/2024-04/orders.json")
S(G, "telegram-bot-token", lambda: digits(10) + ":AA" + _chars(ALNUM + "-_", 33),
  ["curl -s https://api.telegram.org/bot§S§/sendMessage -d chat_id=-100§big§ -d text='§svc§ is DOWN'"],
  "sendMessage")
S(G, "discord-webhook-url-token", lambda: _chars(ALNUM + "-_", 68),
  ["DISCORD_ALERTS=https://discord.com/api/webhooks/1§big§§big§/§S§"],
  "DISCORD_ALERTS=")
S(G, "jwt-bearer-in-har-header", t_jwt,
  ['{"name": "authorization", "value": "Bearer §S§"},\n{"name": "x-tenant-id", "value": "§uuid§"},'],
  '"name": "x-tenant-id"')
S(G, "age-secret-key", lambda: "AGE-SECRET-KEY-1" + _chars(BECH, 58),
  ["# created: §ts§\n# public key: age1§h40§\n§S§"],
  "# created: §ts§")
S(G, "tailscale-auth-key", lambda: "tskey-auth-k" + alnum(11) + "CNTRL-" + alnum(33),
  ["tailscale up --authkey=§S§ --hostname=debug-§svc§-§n§ --ssh"],
  "tailscale up")
S(G, "docker-hub-pat", lambda: "dckr_pat_" + _chars(ALNUM + "-_", 27),
  ["DOCKERHUB_USERNAME=§handle§\nDOCKERHUB_TOKEN=§S§"],
  "DOCKERHUB_USERNAME=§handle§")
S(G, "terraform-cloud-team-token", lambda: alnum(14) + ".atlasv1." + alnum(67),
  ['credentials "app.terraform.io" {\n  token = "§S§"\n}'],
  'credentials "app.terraform.io"')
S(G, "pulumi-access-token", lambda: "pul-" + hexs(40),
  ["PULUMI_ACCESS_TOKEN=§S§ pulumi stack select §handle2§/§svc§/§env§"],
  "pulumi stack select")
S(G, "grafana-service-account-token", lambda: "glsa_" + alnum(32) + "_" + hexs(8),
  ["curl -H 'Authorization: Bearer §S§' https://grafana.§domain§/api/annotations -d '{\"text\":\"§inc§ start\",\"tags\":[\"incident\"]}'"],
  "/api/annotations")
S(G, "grafana-cloud-access-policy-token", lambda: "glc_" + b64(120).replace("=", ""),
  ["GRAFANA_CLOUD_TOKEN=§S§\nLOKI_URL=https://logs-prod-§num§.grafana.net"],
  "LOKI_URL=https://logs-prod-§num§.grafana.net")
S(G, "sonarqube-user-token", lambda: "squ_" + hexs(40),
  ["sonar.host.url=https://sonar.§domain§\nsonar.token=§S§"],
  "sonar.host.url=https://sonar.§domain§")
S(G, "circleci-personal-token", lambda: "CCIPAT_" + alnum(22) + "_" + hexs(40),
  ["curl -H 'Circle-Token: §S§' https://circleci.com/api/v2/project/gh/§handle2§-org/§svc§/pipeline"],
  "circleci.com/api/v2/project")
S(G, "flyio-deploy-token", lambda: "FlyV1 fm2_" + b64(150).replace("=", ""),
  ["FLY_API_TOKEN=\"§S§\" flyctl deploy -a §svc§-§env§"],
  "flyctl deploy")
S(G, "planetscale-password", lambda: "pscale_pw_" + _chars(ALNUM + "_", 43),
  ["DATABASE_URL=mysql://§h12§:§S§@aws.connect.psdb.cloud/§db§?sslaccept=strict"],
  "aws.connect.psdb.cloud")
S(G, "supabase-service-role-jwt", withctx(lambda c: t_jwt({"iss": "supabase", "ref": lowdig(20), "role": "service_role", "iat": 1700000000 + _R.randint(0, 9999999), "exp": 2015000000})),
  ["SUPABASE_URL=https://§h12§.supabase.co\nSUPABASE_SERVICE_ROLE_KEY=§S§"],
  "SUPABASE_URL=https://§h12§.supabase.co")
S(G, "groq-api-key", lambda: "gsk_" + alnum(52),
  ["GROQ_API_KEY=§S§  # used by the log-summary prototype"],
  "log-summary prototype")
S(G, "replicate-api-token", lambda: "r8_" + alnum(37),
  ["REPLICATE_API_TOKEN=§S§"],
  "REPLICATE_API_TOKEN=")
S(G, "langsmith-api-key", lambda: "lsv2_pt_" + hexs(32) + "_" + hexs(10),
  ["LANGCHAIN_TRACING_V2=true\nLANGCHAIN_API_KEY=§S§\nLANGCHAIN_PROJECT=support-copilot"],
  "LANGCHAIN_PROJECT=support-copilot")
S(G, "mailchimp-api-key-dc", lambda: hexs(32) + "-us" + str(_R.randint(2, 21)),
  ["MAILCHIMP_KEY=§S§  # marketing asked us to debug the bounce sync"],
  "debug the bounce sync")
S(G, "brevo-api-key", lambda: "xkeysib-" + hexs(64) + "-" + alnum(16),
  ["curl -H 'api-key: §S§' https://api.brevo.com/v3/smtp/statistics/events?limit=50"],
  "api.brevo.com/v3/smtp/statistics/events")
S(G, "square-access-token", lambda: "EAAA" + _chars(ALNUM + "-_", 60),
  ["SQUARE_ACCESS_TOKEN=§S§\nSQUARE_ENVIRONMENT=production"],
  "SQUARE_ENVIRONMENT=production")
S(G, "ngrok-authtoken", lambda: "2" + alnum(26) + "_" + alnum(21),
  ["ngrok config add-authtoken §S§ && ngrok http 8080  # exposing the repro box to the customer"],
  "ngrok http 8080")
S(G, "zendesk-api-token-basic", lambda: alnum(40),
  ["curl https://§handle2§.zendesk.com/api/v2/tickets/§zd§.json -u §email§/token:§S§"],
  ".zendesk.com/api/v2/tickets/§zd§.json")
S(G, "intercom-access-token", lambda: "dG9rOj" + b64(45).replace("=", "") + "=",
  ["INTERCOM_ACCESS_TOKEN=§S§"],
  "INTERCOM_ACCESS_TOKEN=")
S(G, "mapbox-secret-token", lambda: "sk.eyJ1Ijoi" + b64u(30) + "." + b64u(16),
  ["MAPBOX_DOWNLOADS_TOKEN=§S§  # needed for the iOS pod install"],
  "iOS pod install")
S(G, "algolia-admin-key", lambda: hexs(32),
  ["ALGOLIA_APP_ID=§h8§\nALGOLIA_ADMIN_API_KEY=§S§\nALGOLIA_INDEX=help_center_§env§"],
  "ALGOLIA_INDEX=help_center_§env§")
S(G, "elastic-apikey-header", lambda: b64text(alnum(20) + ":" + b64u(16)),
  ["curl -H 'Authorization: ApiKey §S§' 'https://es-§env§.§domain§:9243/§svc§-*/_search?q=level:error&size=20'"],
  "_search?q=level:error")
S(G, "splunk-hec-token", uuid4,
  ["curl -k https://splunk.§domain§:8088/services/collector/event -H 'Authorization: Splunk §S§' -d '{\"event\":\"§svc§ restarted by §handle§\"}'"],
  "/services/collector/event")
S(G, "launchdarkly-sdk-key", lambda: "sdk-" + uuid4(),
  ["LD_SDK_KEY=§S§\nLD_OFFLINE=false"],
  "LD_OFFLINE=false")
S(G, "honeycomb-ingest-key", lambda: "hcaik_" + lowdig(58),
  ["OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=§S§\nOTEL_SERVICE_NAME=§svc§"],
  "OTEL_SERVICE_NAME=§svc§")
S(G, "rollbar-server-token", lambda: hexs(32),
  ["Rollbar.configure do |config|\n  config.access_token = '§S§'\n  config.environment = '§env§'\nend"],
  "config.environment = '§env§'")
S(G, "rubygems-api-key", lambda: "rubygems_" + hexs(48),
  ["---\n:rubygems_api_key: §S§"],
  ":rubygems_api_key:")
S(G, "resend-api-key", lambda: "re_" + alnum(8) + "_" + alnum(24),
  ["RESEND_API_KEY=§S§\nMAIL_FROM=\"Support <support@§domain§>\""],
  "MAIL_FROM=")
S(G, "postmark-server-token-header", uuid4,
  ["curl https://api.postmarkapp.com/bounces?count=50 -H 'X-Postmark-Server-Token: §S§'"],
  "api.postmarkapp.com/bounces")
S(G, "fcm-legacy-server-key", lambda: "AAAA" + alnum(7) + ":APA91b" + _chars(ALNUM + "-_", 134),
  ["curl -X POST https://fcm.googleapis.com/fcm/send -H 'Authorization: key=§S§' -H 'Content-Type: application/json'"],
  "fcm.googleapis.com/fcm/send")
S(G, "dropbox-short-lived-token", lambda: "sl.B" + _chars(ALNUM + "-_", 135),
  ["DROPBOX_TOKEN=§S§  # customer shared folder with the crash dumps"],
  "crash dumps")
S(G, "airtable-pat", lambda: "pat" + alnum(14) + "." + hexs(64),
  ["curl 'https://api.airtable.com/v0/app§h12§/Oncall' -H 'Authorization: Bearer §S§'"],
  "api.airtable.com/v0")
S(G, "databricks-pat", lambda: "dapi" + hexs(32),
  ["DATABRICKS_HOST=https://adb-§big§.§num§.azuredatabricks.net\nDATABRICKS_TOKEN=§S§"],
  "DATABRICKS_HOST")
S(G, "github-app-private-key-pem", pem_rsa_body,
  ["# support-triage-bot.§date§.private-key.pem\n-----BEGIN RSA PRIVATE KEY-----\n§S§\n-----END RSA PRIVATE KEY-----"],
  "support-triage-bot.§date§.private-key.pem")
S(G, "apple-p8-auth-key", pem_pkcs8_ec_body,
  ["AuthKey_§h8§.p8 (APNs, team §h8§):\n-----BEGIN PRIVATE KEY-----\n§S§\n-----END PRIVATE KEY-----"],
  "APNs")
S(G, "openssh-private-key-ed25519", pem_openssh70,
  ["$ cat ~/.ssh/id_ed25519_support\n-----BEGIN OPENSSH PRIVATE KEY-----\n§S§\n-----END OPENSSH PRIVATE KEY-----"],
  "cat ~/.ssh/id_ed25519_support")
S(G, "ec-private-key-pem-tls", pem_ec_body,
  ["# /etc/ssl/private/§svc§.§domain§.key\n-----BEGIN EC PRIVATE KEY-----\n§S§\n-----END EC PRIVATE KEY-----"],
  "/etc/ssl/private/§svc§.§domain§.key")
S(G, "hashicorp-consul-acl-token", uuid4,
  ["CONSUL_HTTP_TOKEN=§S§ consul members -http-addr=https://consul.§domain§:8501"],
  "consul members")
S(G, "snyk-api-token", uuid4,
  ["snyk auth §S§ && snyk test --severity-threshold=high"],
  "snyk test")
S(G, "netlify-pat", lambda: "nfp_" + alnum(36),
  ["NETLIFY_AUTH_TOKEN=§S§ netlify deploy --prod --dir=dist"],
  "netlify deploy")
S(G, "vercel-token-flag", lambda: alnum(24),
  ["vercel deploy --prod --token §S§ --scope §handle2§"],
  "vercel deploy --prod")
S(G, "figma-pat", lambda: "figd_" + _chars(ALNUM + "-_", 40),
  ["curl -H 'X-Figma-Token: §S§' https://api.figma.com/v1/files/§h12§"],
  "api.figma.com/v1/files")
S(G, "asana-pat", lambda: "2/" + digits(16) + "/" + digits(16) + ":" + hexs(32),
  ["ASANA_PAT=§S§\nASANA_PROJECT=§big§"],
  "ASANA_PROJECT=")


# =====================================================================
# BENIGN look-alikes (no credential inside)
# =====================================================================
def _ssh_pub(c):
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(32)[:43] + " " + c["handle"] + "@laptop-" + c["h7"][:4]


def _sha256fp():
    return "SHA256:" + b64(32).rstrip("=")


def _cert_body():
    return _wrap64("MIID" + b64(600).rstrip("="))


def _pub_body():
    return _wrap64("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + b64(250).rstrip("=") + "IDAQAB")


_PLAIN = ["support bundle generated for ticket", "hello from the on-call rotation",
          "build 4821 passed on main", "customer asked for an RCA by Friday",
          "maintenance window starts at 02:00 UTC", "cache warmed after deploy",
          "the quick brown fox jumps over the lazy dog", "status: degraded performance",
          "retry budget exhausted, giving up", "user-agent: SupportDesk/5"]

# ---- command
G = "command"
B(G, ["git checkout §h40§ && git log --oneline -5",
      "git revert --no-edit §h40§  # reverts the bad migration from §inc§",
      "git log --oneline §h7§..§h7§ -- src/§svc§/",
      "git bisect bad §h40§"], 6)
B(G, ["docker pull registry.§domain§/§svc§@sha256:§h64§",
      "kubectl set image deploy/§svc§ §svc§=registry.§domain§/§svc§@sha256:§h64§ -n §ns§"], 5)
B(G, ["kubectl get secret §svc§-db -n §ns§ -o jsonpath='{.data.password}' | base64 -d | wc -c",
      "kubectl describe secret §svc§-db -n §ns§",
      "kubectl get secrets -n §ns§ --field-selector type=kubernetes.io/tls"], 5)
B(G, ['export DB_PASSWORD="$(vault kv get -field=password secret/§ns§/§svc§/db)"',
      "export PGPASSWORD=$(aws secretsmanager get-secret-value --secret-id §env§/§db§/app --query SecretString --output text | jq -r .password)",
      'export GITHUB_TOKEN="$(gh auth token)"'], 6)
B(G, ['curl -s -H "Authorization: Bearer $SUPPORT_API_TOKEN" https://api.§domain§/v2/incidents/§uuid§',
      'curl -H "Authorization: Bearer ${GITHUB_TOKEN}" https://api.github.com/repos/§handle2§-org/§svc§/actions/runs?per_page=5',
      "curl -u \"$JIRA_USER:$JIRA_API_TOKEN\" https://§handle2§.atlassian.net/rest/api/3/issue/§tkt§"], 6)
B(G, ["mysql -h mysql-§env§.§domain§ -u §user§ -p §db§",
      "psql -h pg-§env§-§n§.§domain§ -U §user§ -W §db§",
      'psql "postgresql://§user§@pg-§env§.§domain§:5432/§db§?sslmode=require"',
      "redis-cli -h redis-§env§.§domain§ --askpass"], 6)
B(G, ["aws s3 cp s3://§svc§-logs-§region§/§date§/§uuid§.json.gz . --region §region§",
      "aws logs filter-log-events --log-group-name /ecs/§svc§ --filter-pattern '\"§uuid§\"'",
      "aws sts get-caller-identity --profile incident-§inc§"], 5)
B(G, ["ssh-keygen -lf ~/.ssh/id_ed25519.pub", "ssh-keygen -R §ip§",
      "gpg --recv-keys 0x§h16§", "gpg --verify §svc§-§ver§.tar.gz.asc §svc§-§ver§.tar.gz"], 5)
B(G, ["journalctl -u §svc§ --since '§date§ §hm§' | grep §uuid§",
      "grep -rn 'trace_id=§h32§' /var/log/§svc§/",
      "kubectl logs deploy/§svc§ -n §ns§ --since=30m | grep 'req_id=§h16§'"], 6)
B(G, ["docker login -u §user§ --password-stdin registry.§domain§ < ~/.config/registry-token",
      "gh auth login --hostname github.com --git-protocol https --web",
      "vault login -method=oidc role=support-oncall",
      "aws sso login --profile §env§-readonly"], 6)
B(G, ["helm upgrade §svc§ ./charts/§svc§ -n §ns§ --reuse-values --set image.tag=§h7§",
      "kubectl rollout undo deploy/§svc§ -n §ns§ --to-revision=§num§",
      "argocd app rollback §svc§-§env§ §num§"], 5)
B(G, [lambda c: "echo '%s' | base64 -d" % b64text(_R.choice(_PLAIN)),
      lambda c: "echo %s | base64 --decode  # decode the ticket subject" % b64text(c["cust"] + " cannot export invoices")], 5)
B(G, ["grep -rn --include='*.py' -i 'password' src/ | grep -v test",
      "rg -i 'api[_-]?key' --glob '!*.lock' .",
      "git log -S 'AWS_SECRET_ACCESS_KEY' --oneline --all",
      "trufflehog git file://. --since-commit §h40§ --only-verified"], 5)
B(G, ["openssl x509 -in /etc/ssl/certs/§svc§.§domain§.crt -noout -fingerprint -sha256",
      "openssl s_client -connect §svc§.§domain§:443 -servername §svc§.§domain§ </dev/null 2>/dev/null | openssl x509 -noout -dates",
      "openssl rand -hex 32 | vault kv put secret/§ns§/§svc§/session key=-"], 5)
B(G, ["sha256sum §svc§-§ver§-linux-amd64.tar.gz",
      "md5sum core.§pid§ > core.§pid§.md5",
      "shasum -a 256 -c SHA256SUMS --ignore-missing"], 4)
B(G, ["kubectl create secret generic §svc§-db -n §ns§ --from-file=password=./password.txt --dry-run=client -o yaml | kubeseal -o yaml > sealed-§svc§-db.yaml",
      "kubectl create secret tls §svc§-tls --cert=tls.crt --key=tls.key -n §ns§",
      "sops -d secrets/§env§.enc.yaml | yq '.db.host'"], 5)
B(G, ["mysql --defaults-extra-file=/root/.my.cnf -e 'SHOW SLAVE STATUS\\G'",
      "PGPASSFILE=~/.pgpass.§env§ psql -h pg-§env§.§domain§ -U §user§ §db§",
      "pg_dump --no-password -h §ip§ -U §user§ §db§ > /tmp/§db§.sql"], 5)
B(G, ["curl -s https://api.§domain§/v2/requests/§uuid§ -H 'X-Request-Id: §uuid2§'",
      "curl -I https://cdn.§domain§/assets/app.§h16§.js",
      "curl -s 'https://status.§domain§/api/v2/incidents/§h12§.json' | jq .incident.status"], 5)

# ---- tool-output
G = "tool-output"
B(G, ["$ kubectl get secrets -n §ns§\nNAME                  TYPE                                  DATA   AGE\n§svc§-db              Opaque                                2      §num§d\n§svc§-tls             kubernetes.io/tls                     2      §num§d\ndefault-token-§h7§    kubernetes.io/service-account-token   3      400d"], 5)
B(G, ["$ kubectl describe secret §svc§-db -n §ns§\nName:         §svc§-db\nNamespace:    §ns§\nType:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  §num§ bytes"], 5)
B(G, ["$ sha256sum *.tar.gz\n§h64§  §svc§-§ver§-linux-amd64.tar.gz\n§h64§  §svc2§-§ver§-linux-arm64.tar.gz"], 5)
B(G, ["$ git log --oneline -3\n§h7§ (HEAD -> main, origin/main) fix: retry webhook delivery on 502\n§h7§ chore: bump §svc§ to §ver§\n§h7§ revert \"feat: async export\"",
      "commit §h40§\nAuthor: §person§ <§email§>\nDate:   §date§\n\n    rotate signing key reference to vault path"], 6)
B(G, ["$ docker images --digests registry.§domain§/§svc§\nREPOSITORY                  TAG      DIGEST                  IMAGE ID       CREATED\nregistry.§domain§/§svc§     §ver§    sha256:§h64§   §h12§   2 days ago"], 5)
B(G, ['$ aws sts get-caller-identity\n{\n    "UserId": "AROA§h16§:§handle§",\n    "Account": "§acct§",\n    "Arn": "arn:aws:sts::§acct§:assumed-role/SupportReadOnly/§handle§"\n}'], 5)
B(G, [lambda c: "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 %s %s (ED25519)" % (_sha256fp(), c["email"]),
      lambda c: "The authenticity of host '%s (%s)' can't be established.\nED25519 key fingerprint is %s." % ("bastion." + c["domain"], c["ip"], _sha256fp())], 6)
B(G, ["$ gpg --list-keys §email§\npub   ed25519 §date§ [SC]\n      §h40§\nuid           [ultimate] §person§ <§email§>\nsub   cv25519 §date§ [E]"], 4)
B(G, ["$ printenv | grep -i -E 'pass|token'\nDB_PASSWORD_FILE=/run/secrets/db_password\nGITHUB_TOKEN=***\nPASSWORD_MIN_LENGTH=14",
      "$ env | grep -i secret\nSECRET_BACKEND=vault\nSECRETS_PATH=secret/data/§ns§/§svc§\nAWS_SECRET_ACCESS_KEY=<redacted>"], 6)
B(G, ["$ vault kv metadata get secret/§ns§/§svc§/db\n========== Metadata ==========\nKey                     Value\n---                     -----\ncreated_time            §ts§\ncurrent_version         §num§\nmax_versions            0\nupdated_time            §ts§"], 5)
B(G, ["$ terraform output\ndb_admin_password = <sensitive>\ndb_endpoint = \"§db§-§env§.§h12§.§region§.rds.amazonaws.com\"\nredis_auth_token = <sensitive>"], 5)
B(G, ['$ docker inspect §svc§ --format \'{{json .Config.Env}}\'\n["DB_HOST=db","DB_PASSWORD_FILE=/run/secrets/db_password","TZ=UTC"]'], 4)
B(G, ["$ openssl x509 -in cert.pem -noout -serial -fingerprint -sha256\nserial=§h32§\nsha256 Fingerprint=" + "§h64§"], 4)
B(G, ["$ kubectl get pods -n §ns§\nNAME                        READY   STATUS             RESTARTS   AGE\n§svc§-§h8§-§h7§   1/1     Running            0          3h\n§svc§-§h8§-§h7§   0/1     CrashLoopBackOff   §num§         41m"], 6)
B(G, ["$ aws ssm describe-parameters --query 'Parameters[].Name'\n[\n    \"/§env§/§svc§/db/password\",\n    \"/§env§/§svc§/db/username\",\n    \"/§env§/§svc§/stripe/secret_key\"\n]"], 4)
B(G, ['$ curl -s localhost:8081/actuator/env | jq ".propertySources[0].properties"\n{\n  "spring.datasource.password": {"value": "******"},\n  "spring.datasource.username": {"value": "§user§"}\n}'], 4)
B(G, ["$ vault token lookup\nKey                 Value\n---                 -----\naccessor            §h12§§h12§\ndisplay_name        oidc-§handle§\nexpire_time         §ts§\npolicies            [default support-oncall]"], 4)
B(G, ["$ pip freeze | grep -i -E 'requests|cryptography'\ncryptography==42.0.§num§\nrequests==2.31.0",
      "$ npm ls jsonwebtoken\n§svc§@§ver§ /app\n└── jsonwebtoken@9.0.2"], 4)
B(G, ["$ uuidgen\n§uuid§", "$ cat /proc/sys/kernel/random/boot_id\n§uuid§", "$ cat /etc/machine-id\n§h32§"], 5)
B(G, ["$ gh secret list -R §handle2§-org/§svc§\nNAME                 UPDATED\nDEPLOY_SSH_KEY       about 2 months ago\nNPM_TOKEN            about 4 days ago\nSLACK_WEBHOOK_URL    about 1 year ago"], 4)
B(G, ['"headers": [\n  {"name": "authorization", "value": "Bearer [REDACTED]"},\n  {"name": "x-request-id", "value": "§uuid§"},\n  {"name": "if-none-match", "value": "W/\\"§h32§\\""}\n]'], 4)
B(G, ["$ cat ~/.aws/config\n[profile §env§-readonly]\nsso_start_url = https://§handle2§.awsapps.com/start\nsso_region = §region§\nsso_account_id = §acct§\nsso_role_name = SupportReadOnly"], 4)

# ---- config-file
G = "config-file"
B(G, ["spring:\n  datasource:\n    url: jdbc:postgresql://pg-§env§:5432/§db§\n    username: ${DB_USER}\n    password: ${DB_PASSWORD}",
      "database:\n  host: pg-§env§.§domain§\n  password: \"{{ vault_db_password }}\"",
      "smtp:\n  user: alerts@§domain§\n  password: !env SMTP_PASSWORD"], 6)
B(G, ["# .env.example\nAPP_URL=http://localhost:3000\nDB_PASSWORD=<your-db-password>\nSTRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx\nSENTRY_DSN=",
      "# .env.sample\nAPI_KEY=your-api-key-here\nAPI_SECRET=\nJWT_SECRET=replace-me-with-64-random-hex-chars"], 4)
B(G, ["        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: §svc§-db\n                key: password"], 4)
B(G, ["[database]\nhost = pg-§env§.§domain§\nuser = §user§\npassword_file = /run/secrets/§svc§_db_password",
      "redis:\n  url: redis://redis-§env§:6379/0\n  password_env: REDIS_PASSWORD"], 5)
B(G, [lambda c: "db:\n  password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]\nsops:\n  kms:\n  - arn: arn:aws:kms:%s:%s:key/%s" % (b64(18).rstrip("="), b64(32), b64(16), c["region"], c["acct"], c["uuid"])], 5)
B(G, [lambda c: "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(hexs(80) for _ in range(4))], 4)
B(G, ['"node_modules/§svc§-client": {\n  "version": "§ver§",\n  "resolved": "https://registry.npmjs.org/§svc§-client/-/§svc§-client-§ver§.tgz",\n  "integrity": "sha512-' + "§h64§" + '"\n}',
      '[[package]]\nname = "tokio"\nversion = "1.37.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "§h64§"'], 5)
B(G, [lambda c: "# ~/.ssh/authorized_keys on bastion-%s\n%s" % (c["env"], _ssh_pub(c))], 5)
B(G, [lambda c: "# ca-bundle excerpt\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _cert_body(),
      lambda c: "# jwt verification key (public)\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _pub_body()], 5)
B(G, ['{\n  "keys": [{"kty": "RSA", "kid": "§h16§", "use": "sig", "alg": "RS256", "e": "AQAB", "n": "' + "§h64§§h64§" + '"}]\n}'], 4)
B(G, ["oidc:\n  issuer: https://login.microsoftonline.com/§uuid§/v2.0\n  client_id: §uuid2§\n  client_secret_ref: vault:secret/§ns§/sso#client_secret\n  scopes: [openid, profile, email]"], 4)
B(G, ["security:\n  password_min_length: 14\n  password_require_symbol: true\n  password_history: 5\n  lockout_after_failed_attempts: 6\n  session_timeout_minutes: 30"], 3)
B(G, ["image:\n  repository: registry.§domain§/§svc§\n  tag: \"§ver§\"\n  digest: sha256:§h64§\nimagePullSecrets:\n  - name: regcred"], 4)
B(G, ["[client]\nuser=§user§\n# password is read from ~/.mylogin.cnf (mysql_config_editor)\nhost=mysql-§env§.§domain§"], 3)
B(G, ["<connectionStrings>\n  <add name=\"SupportDb\" connectionString=\"Server=sql-§env§;Database=§db§;Integrated Security=SSPI;\" />\n</connectionStrings>",
      '"ConnectionStrings": {\n  "Default": "Server=sql-§env§;Database=§db§;Authentication=Active Directory Managed Identity;"\n}'], 5)
B(G, ["# redis.conf\nrequirepass ${REDIS_PASSWORD}\nmasterauth ${REDIS_PASSWORD}\nappendonly yes",
      "# pgbouncer.ini\nauth_type = scram-sha-256\nauth_file = /etc/pgbouncer/userlist.txt\nauth_query = SELECT usename, passwd FROM pgbouncer.get_auth($1)"], 4)
B(G, ["[sinks.datadog]\ntype = \"datadog_logs\"\ninputs = [\"app\"]\ndefault_api_key = \"${DD_API_KEY}\"\nsite = \"datadoghq.eu\"",
      "exporters:\n  otlphttp:\n    endpoint: https://otlp.§domain§\n    headers:\n      api-key: ${env:OTLP_API_KEY}"], 5)
B(G, ["# /etc/sudoers.d/support\n%support ALL=(root) NOPASSWD: /usr/bin/systemctl restart §svc§\nDefaults:%support !requiretty"], 3)
B(G, ["cache:\n  key_prefix: \"§svc§:v3:\"\n  fingerprint: §h40§\n  ttl_seconds: 600",
      "build:\n  cache_key: deps-§h64§\n  lockfile_sha: §h40§"], 5)
B(G, ["<server>\n  <id>internal-releases</id>\n  <username>${env.NEXUS_USER}</username>\n  <password>${env.NEXUS_PASSWORD}</password>\n</server>",
      "<add key=\"ClearTextPassword\" value=\"%NUGET_FEED_PASSWORD%\" />"], 4)
B(G, ["provider \"vault\" {\n  address = \"https://vault.§domain§:8200\"\n  # token comes from VAULT_TOKEN in the environment\n}",
      "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}"], 4)
B(G, ["apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: §svc§-db\nspec:\n  encryptedData:\n    password: AgB" + "§h64§§h64§§h64§"], 4)

# ---- source-code
G = "source-code"
B(G, ['password = os.environ["DB_PASSWORD"]\nconn = psycopg2.connect(host=host, user=user, password=password)',
      'token = os.getenv("GITHUB_TOKEN")\nif not token:\n    sys.exit("GITHUB_TOKEN is not set")',
      "api_key = settings.PAGERDUTY_API_KEY  # injected from vault at boot"], 6)
B(G, ["const token = process.env.SUPPORT_API_TOKEN;\nif (!token) throw new Error('SUPPORT_API_TOKEN missing');",
      "const { STRIPE_SECRET_KEY } = process.env;\nconst stripe = new Stripe(STRIPE_SECRET_KEY, { apiVersion: '2023-10-16' });"], 5)
B(G, ['apiKey := os.Getenv("PAGERDUTY_TOKEN")\nif apiKey == "" {\n\tlog.Fatal("PAGERDUTY_TOKEN not set")\n}',
      'password, err := os.ReadFile("/run/secrets/db_password")'], 4)
B(G, ['@Value("${spring.datasource.password}")\nprivate String dbPassword;',
      'var key = builder.Configuration["Jwt:Key"] ?? throw new InvalidOperationException("Jwt:Key missing");',
      "$password = getenv('DB_PASSWORD') ?: throw new RuntimeException('DB_PASSWORD missing');"], 5)
B(G, ['PASSWORD_RE = re.compile(r"(?i)(password|passwd|pwd)\\s*[:=]\\s*\\S+")\nREDACTED = "[REDACTED]"',
      "const SECRET_PATTERNS = [/ghp_[A-Za-z0-9]{36}/, /xox[baprs]-[0-9A-Za-z-]+/, /AKIA[0-9A-Z]{16}/];"], 3)
B(G, ['def mask(value: str) -> str:\n    return value[:4] + "*" * max(len(value) - 8, 0) + value[-4:]',
      "if (password.length < 12) {\n  return res.status(422).json({ error: 'password must be at least 12 characters' });\n}"], 3)
B(G, ['CACHE_KEY = "ticket-summary:v2:{tenant}:{hash}"\nkey = CACHE_KEY.format(tenant=tenant_id, hash=hashlib.sha1(body).hexdigest())',
      'EMPTY_BODY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"',
      'ETAG = "W/\\"§h32§\\""'], 5)
B(G, ['NAMESPACE_TICKETS = uuid.UUID("§uuid§")\nticket_uuid = uuid.uuid5(NAMESPACE_TICKETS, external_id)',
      'const TENANT_ID = "§uuid§"; // demo tenant, public',
      'private static final String BUILD_SHA = "§h40§";'], 6)
B(G, ['hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))',
      "user.password_digest = BCrypt::Password.create(params[:password])",
      "hash, err := bcrypt.GenerateFromPassword([]byte(req.Password), bcrypt.DefaultCost)"], 3)
B(G, ['headers = {"Authorization": f"Bearer {token}", "X-Request-Id": str(uuid.uuid4())}',
      "req.Header.Set(\"Authorization\", \"Bearer \"+token)",
      'client.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", accessToken);'], 3)
B(G, ['config :support, Support.Repo,\n  username: System.fetch_env!("DB_USER"),\n  password: System.fetch_env!("DB_PASSWORD")',
      "production:\n  password: <%= ENV.fetch('DB_PASSWORD') %>"], 4)
B(G, [lambda c: "# test vector from RFC 4231 style doc\nexpected = \"%s\"  # HMAC of 'what do ya want for nothing?' with key from fixture" % hexs(64),
      lambda c: "assert digest == \"%s\"  # sha1 of the fixture file" % hexs(40)], 4)
B(G, ["// NOTE: never log the Authorization header; see SEC-§num§\nlogger.info({ path: req.path, reqId: req.id }, 'incoming');",
      "# password reset tokens expire after 30 minutes and are single-use\nRESET_TOKEN_TTL = timedelta(minutes=30)"], 4)
B(G, ['STRIPE_PUBLISHABLE_KEY = "pk_test_' + "§h12§§h12§" + '"  # test-mode publishable key, safe for frontend',
      "GOOGLE_CLIENT_ID = \"§big§-§h32§.apps.googleusercontent.com\""], 4)
B(G, [lambda c: "static const uint8_t kTestIV[16] = {%s};" % ", ".join("0x%02x" % i for i in range(16)),
      lambda c: "MAGIC = b\"\\x89PNG\\r\\n\\x1a\\n\"  # %s" % c["h8"]], 3)
B(G, ["SELECT id, email, password_changed_at FROM support_users WHERE last_login < now() - interval '90 days';",
      "ALTER ROLE §user§ WITH LOGIN PASSWORD NULL;  -- switch to IAM auth",
      "UPDATE api_keys SET revoked_at = now() WHERE fingerprint = '§h16§';"], 5)
B(G, ['resource "aws_db_instance" "§db§" {\n  username = "§user§"\n  password = random_password.db.result\n  manage_master_user_password = false\n}',
      'resource "random_password" "db" {\n  length  = 32\n  special = true\n}'], 4)

# ---- stack-trace-or-log
G = "stack-trace-or-log"
B(G, ["§tsl§ ERROR [main] c.z.h.p.HikariPool - HikariPool-1 - Exception during pool initialization.\njava.sql.SQLException: Access denied for user '§user§'@'§ip§' (using password: YES)",
      "§tsd§ UTC [§pid§] FATAL:  password authentication failed for user \"§user§\"",
      "§tsd§ UTC [§pid§] DETAIL:  Connection matched pg_hba.conf line 98: \"host all all 10.0.0.0/8 scram-sha-256\""], 6)
B(G, ["§tsl§ DEBUG [main] com.zaxxer.hikari.HikariConfig - password........................<masked>\n§tsl§ DEBUG [main] com.zaxxer.hikari.HikariConfig - username........................\"§user§\""], 4)
B(G, ['Started POST "/users/sign_in" for §pubip§ at §tsd§ +0000\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {"authenticity_token"=>"[FILTERED]", "user"=>{"email"=>"§email§", "password"=>"[FILTERED]"}}'], 5)
B(G, ['{"level":"info","ts":"§tsm§","msg":"request completed","trace_id":"§h32§","span_id":"§h16§","status":200,"duration_ms":§num§}',
      '{"@t":"§tsm§","@mt":"Handled {RequestPath} in {Elapsed} ms","RequestPath":"/api/tickets/§zd§","Elapsed":§num§.2,"RequestId":"0HN§h8§:00000001","TraceId":"§h32§"}'], 6)
B(G, ["§tsl§ INFO  AuthFilter - rejected request req_id=§uuid§ reason=expired_token kid=§h16§",
      "§tsl§ WARN  JwtValidator - token signature invalid (kid=§h16§, alg=RS256, iss=https://auth.§domain§)"], 5)
B(G, ["[§tsl§] INFO  WorkerSourceTask{id=jdbc-sink-§db§-0} Task config: connection.password = [hidden], connection.user = §user§",
      "[§tsl§: INFO/MainProcess] Connected to amqp://§user§:**@rabbit-§env§.§domain§:5672/support",
      "§tsd§ [INF] Opening connection Server=sql-§env§;Database=§db§;User Id=§user§;Password=******;"], 6)
B(G, ["stripe.error.AuthenticationError: Request req_§h12§: Invalid API Key provided: sk_live_" + "*" * 20 + "a1B2",
      "§tsl§ ERROR PaymentsClient - 401 from Stripe: Invalid API Key provided: rk_live_****************************9zQx"], 3)
B(G, ["x509: certificate signed by unknown authority (possibly because of \"crypto/rsa: verification error\" while trying to verify candidate authority certificate \"§svc§-ca\")",
      "javax.net.ssl.SSLHandshakeException: PKIX path building failed: unable to find valid certification path to requested target (serial §h32§)"], 4)
B(G, ["fatal: Authentication failed for 'https://github.com/§handle2§-org/§svc§.git/'",
      "remote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled",
      "Error response from daemon: Get \"https://registry.§domain§/v2/\": unauthorized: authentication required"], 5)
B(G, ['§pubip§ - - [§tsc§] "GET /api/tickets/§zd§?include=comments HTTP/1.1" 200 §big§ "-" "SupportDesk/§ver§" rid=§uuid§',
      '§pubip§ - §user§ [§tsc§] "POST /login HTTP/1.1" 302 0 "https://app.§domain§/login" "Mozilla/5.0"'], 6)
B(G, ["Exception in thread \"pool-2-thread-7\" java.lang.IllegalStateException: Connection pool shut down\n\tat org.apache.http.impl.conn.PoolingHttpClientConnectionManager.requestConnection(PoolingHttpClientConnectionManager.java:269)\n\tat com.§handle2§.support.client.PartnerClient@6d06d69c.send(PartnerClient.java:§num§)"], 4)
B(G, ["§tsd§ [info] GET /api/health\n§tsd§ [info] Sent 200 in 412µs request_id=F§h12§"], 4)
B(G, ["§tsd§ level=info msg=\"pulled image\" image=registry.§domain§/§svc§@sha256:§h64§ duration=2.1s",
      "Successfully pulled image \"registry.§domain§/§svc§:§ver§\" in 3.2s. Image size: §big§ bytes."], 5)
B(G, ["§tsl§ INFO  SecretRotation - rotated secret=§env§/§db§/app version=§num§ previous_version_id=§uuid§",
      "§tsl§ INFO  vault: renewed lease secret/data/§ns§/§svc§ lease_id=database/creds/§svc§/§h16§ ttl=1h"], 5)
B(G, ["I§big§ §hms§.§big§ §pid§ round_trippers.go:553] GET https://§ip§:6443/api/v1/namespaces/§ns§/pods 200 OK in 12 milliseconds\nI§big§ round_trippers.go:570] Request Headers: Authorization: Bearer <masked>"], 4)
B(G, ['{"severity":"ERROR","message":"token exchange failed","error":"invalid_grant","token_hint":"…a9F2","request_id":"§uuid§"}',
      "§tsl§ WARN  Webhook signature mismatch expected=sha256=§h64§ got=sha256=§h64§"], 4)
B(G, ["PHP Warning:  Undefined array key \"password\" in /var/www/app/src/Auth/LoginController.php on line §num§",
      "NoMethodError: undefined method `password_digest' for nil:NilClass\n  app/services/password_reset.rb:§num§:in `call'"], 4)
B(G, [lambda c: "§ts§ core dumped: /usr/bin/%s pid=%s sig=11 build-id=%s" % (c["svc"], c["pid"], hexs(40)),
      "Core was generated by `/opt/§svc§/bin/§svc§ --config /etc/§svc§/config.yaml'.\nProgram terminated with signal SIGSEGV, Segmentation fault.\n#0  0x00007f§h8§ in ?? ()"], 4)

# ---- note-or-chat
G = "note-or-chat"
B(G, ["§person§: the prod DB password is in 1Password, vault \"Support On-call\", item \"pg-§env§ read-only\". please don't paste it here",
      "§person§: creds are in vault at secret/§ns§/§svc§/db — you need the support-oncall policy, ping §person2§ if you don't have it",
      "§person§: DM me for the password, not in the channel pls"], 8)
B(G, ["Rotated the Stripe key at §hm§ UTC; the new one lives in secret/billing/stripe (version §num§). Old key revoked.",
      "FYI: I rotated the redis password after §inc§; the app picked it up via the external-secrets operator, no restart needed.",
      "Heads up: §person§ accidentally pasted a token in #general at §hm§, it was revoked within 4 minutes and the message deleted."], 7)
B(G, ["Password policy reminder: at least 14 characters, no reuse of the last 5, rotate service account passwords every 90 days, MFA required for the admin console.",
      "Reminder for the team: never put customer credentials in tickets. If a customer sends one, delete the comment and ask them to rotate it.",
      "Q from §person§: does the customer need to reset their password after the SSO migration? A: no, SSO users don't have a local password anymore."], 5)
B(G, ["§person§: Das Passwort liegt im Tresor unter support/§svc§, bitte nicht in den Chat kopieren.",
      "§person§ : le mot de passe est dans le coffre (Vault), chemin secret/§ns§/§svc§ — ne le colle pas ici stp",
      "§person§: la contraseña está en 1Password, en la bóveda del equipo de guardia.",
      "§person§: a senha tá no cofre do time, pasta §svc§, não manda aqui",
      "§person§: パスワードは1Passwordの「オンコール」ボールトにあります。ここには貼らないでください。",
      "§person§：密码在 Vault 的 secret/§ns§/§svc§ 下面，别贴到群里"], 10)
B(G, ["Postmortem §inc§: root cause was commit §h7§ (§h40§) which changed the pool size from 50 to 5. Fixed in §h7§.",
      "RCA for §cust§: requests with trace id §h32§ show the 502s started at §hm§ UTC when node §ip§ ran out of inodes.",
      "Ticket §tkt§ correlates with request ids §uuid§ and §uuid2§ in the gateway logs."], 8)
B(G, ["Handover §tz1§ → §tz2§: §inc§ mitigated, monitoring. Nothing needs credentials; the runbook link is in the pinned message.",
      "Shift notes §date§: 3 pages, all auto-resolved. Disk alert on log-§n§ silenced until §hm§ (silence id §uuid§).",
      "Handover: customer §cust§ asked for the export again; job id §uuid§, ETA 2h."], 7)
B(G, ["The customer sent their API key in the ticket (§tkt§). I deleted the comment and asked them to rotate it.",
      "§person§: which key did they use? §person2§: the one whose id ends in 7QX4, created §date§, already revoked."], 4)
B(G, ["Decision: don't store the partner password in the repo; read it from VAULT path secret/partners/§cust§ at runtime.",
      "Goal: find why §svc§ returns 401 for tenant §uuid§ — suspect the token audience claim, not the password.",
      "Note: the env var is called SUPPORT_API_TOKEN, set in the deployment via secretKeyRef; value not needed for debugging."], 6)
B(G, ["§person§: can you send me the admin password? §person2§: sent via the 1Password share link, expires in 1h",
      "§person§: the password in the runbook is ******** (redacted), get it from the vault",
      "§person§: password: see vault. username: §user§"], 5)
B(G, ["Screen share transcript: \"...and here I'm pasting the token from my clipboard — I'll blur it in the recording — okay it's accepted, we get a 200 now.\"",
      "Call notes: customer confirmed they rotated the key on their side at §hm§; new key never shared with us."], 4)
B(G, ["TODO: rotate the GitHub PAT used by the nightly export (owner §person§, stored as NIGHTLY_GH_TOKEN in Actions secrets)",
      "- [ ] remove the hard-coded password from legacy/mailer.conf (see §tkt§)\n- [x] add gitleaks to pre-commit"], 4)
B(G, ["§person§: the blob in §tkt§ is just base64 of the error message, decoded it says nothing sensitive",
      lambda c: "%s: the weird blob in the ticket is just base64: %s -> \"%s\"" % (c["person"], b64text(_R.choice(_PLAIN)), "ordinary text")], 4)
B(G, ["§person§: is `hunter2`-style stuff in tests ok? §person2§: use the faker-generated ones, never real creds",
      "§person§: the secret scanner flagged §h40§ but that's just the commit SHA, false positive"], 4)

# ---- ci-and-deploy
G = "ci-and-deploy"
B(G, ["      - name: Deploy\n        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n          SLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL }}\n        run: ./scripts/deploy.sh §env§",
      "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}"], 6)
B(G, ["    - uses: actions/checkout@§h40§ # v4.1.1\n    - uses: actions/setup-node@§h40b§ # v4.0.2"], 5)
B(G, ["deploy:\n  script:\n    - docker login -u \"$CI_REGISTRY_USER\" -p \"$CI_REGISTRY_PASSWORD\" \"$CI_REGISTRY\"\n    - docker push \"$CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA\"",
      "  script:\n    - curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" --upload-file dist.tgz \"${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/generic/§svc§/§ver§/dist.tgz\""], 5)
B(G, ["withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'NEXUS_USER', passwordVariable: 'NEXUS_PASS')]) {\n  sh 'mvn -s settings.xml deploy'\n}",
      "environment {\n  REGISTRY_CREDS = credentials('registry-§env§')\n}"], 5)
B(G, ["variables:\n- group: §svc§-§env§-secrets\nsteps:\n- script: ./migrate.sh\n  env:\n    DB_PASSWORD: $(DbPassword)"], 3)
B(G, [lambda c: "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: %s-env\n  namespace: %s\nspec:\n  encryptedData:\n    API_PASSWORD: AgB%s" % (c["svc"], c["ns"], b64(180).rstrip("=")),
      lambda c: "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s-db\nspec:\n  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}\n  data:\n  - secretKey: password\n    remoteRef: {key: secret/%s/%s/db, property: password}" % (c["svc"], c["ns"], c["svc"])], 6)
B(G, ["Run ./scripts/deploy.sh §env§\n  env:\n    NPM_TOKEN: ***\n    SLACK_WEBHOOK_URL: ***\nDeploying §svc§@§h7§ ... done",
      "$ echo \"token length: ${#DEPLOY_TOKEN}\"\ntoken length: 40\n$ ./deploy.sh\n[MASKED] used for registry login"], 6)
B(G, ["- restore_cache:\n    keys:\n      - v1-deps-{{ checksum \"package-lock.json\" }}\n# resolved to v1-deps-§h64§",
      "Cache restored from key: node-cache-Linux-x64-npm-§h64§"], 5)
B(G, ["- name: Configure AWS credentials\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::§acct§:role/gha-deploy-§svc§\n    aws-region: §region§"], 4)
B(G, ["echo \"::add-mask::$SUPPORT_TOKEN\"", "echo \"DB_PASSWORD=$(vault kv get -field=password secret/§ns§/§svc§)\" >> \"$GITHUB_ENV\"",
      "docker build --secret id=npmrc,src=$HOME/.npmrc -t §svc§:§h7§ ."], 4)
B(G, ["FROM node:20-alpine@sha256:§h64§\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci"], 4)
B(G, ["Deployment §svc§ revision §num§ rolled out: image registry.§domain§/§svc§@sha256:§h64§ (commit §h40§)",
      "argocd: app §svc§-§env§ synced to revision §h40§, health: Healthy"], 6)
B(G, ["  envVars:\n    - key: DATABASE_URL\n      fromDatabase:\n        name: §db§\n        property: connectionString\n    - key: SECRET_KEY_BASE\n      generateValue: true"], 3)
B(G, ["cloud-init: ssh_pwauth: false\nusers:\n  - name: support\n    lock_passwd: true\n    ssh_authorized_keys:\n      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI§h32§ support@ops"], 3)
B(G, ["terraform plan: ~ aws_db_instance.§db§\n      ~ password = (sensitive value)\n      ~ tags     = { \"rotated\" = \"§date§\" }"], 4)

# ---- vendor-token look-alikes
G = "vendor-token"
B(G, ["Stripe charge ch_3P§h16§§h8§ for cus_§h12§ failed: card_declined (request req_§h12§)",
      "evt_1P§h16§§h8§ invoice.payment_failed for sub_1P§h16§",
      "pi_3P§h16§§h8§ status=requires_action"], 6)
B(G, ["Slack: posted to channel C0§slk§ (team T0§slk§) as bot user U0§slk2§, ts=§big§.§pid§",
      "Slack message permalink: https://§handle2§.slack.com/archives/C0§slk§/p§big§§big§"], 5)
B(G, ["PagerDuty incident Q§h12§ (service P§h7§) acknowledged by §person§",
      "Opsgenie alert id §uuid§ closed by §email§"], 5)
B(G, ["ghp_************************************ (token hidden) — last used §date§",
      "GitHub PAT: ghp_…(redacted), scopes: repo, read:org, expires §date§",
      "xoxb-****-****-**** (Slack bot token, stored in vault)"], 4)
B(G, ["AWS KMS key arn:aws:kms:§region§:§acct§:key/§uuid§ used to encrypt the export",
      "IAM role arn:aws:iam::§acct§:role/SupportReadOnly assumed by §handle§",
      "S3 object s3://§svc§-exports/§uuid§.zip ETag \"§h32§\" VersionId §h32§"], 6)
B(G, ["Azure subscription §uuid§, tenant §uuid2§, app registration (client id) §uuid3§",
      "Okta user id 00u§h16§, app client id 0oa§h16§ (public identifiers)"], 5)
B(G, ["Sentry issue SUPPORT-§num§ event id §h32§ release §svc§@§ver§",
      "Datadog trace §big§§big§ span §big§ service:§svc§ env:§env§"], 5)
B(G, ["Twilio message SM§h32§ delivered to +1555010§num§",
      "SendGrid message id §h16§.filterdrecv-§h8§-§num§ bounced"], 5)
B(G, ["Stripe publishable key for the checkout widget: pk_test_§h32§ (test mode, safe to ship)",
      "Google OAuth client id §big§-§h32§.apps.googleusercontent.com"], 4)
B(G, ["Vault token accessor §h12§§h12§ revoked (the token itself was never logged)",
      "GitHub App id §big§, installation id §big§, key fingerprint SHA256:" + "§h16§§h16§"], 4)
B(G, ["npm token list:\nid       created     readonly  cidr_whitelist\n§h7§   §date§  true      10.0.0.0/8",
      "Docker Hub access token 'ci-readonly' (uuid §uuid§) last used §date§"], 4)
B(G, ["Datadog API key name 'support-agent-§env§' (key id §h8§), created by §email§",
      "New Relic key id NRAK-ID-§num§ belongs to §email§ (key value not shown)"], 4)
B(G, [lambda c: "age public key: age1%s" % _chars("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
      lambda c: "WireGuard peer public key %s allowed 10.99.0.%s/32" % (b64(32), c["num"])], 5)

# ---- more look-alikes, all groups
G = "command"
B(G, ["kubectl exec -n §ns§ deploy/§svc§ -- printenv | grep -c PASSWORD",
      "kubectl get externalsecret §svc§-db -n §ns§ -o jsonpath='{.status.conditions[0].message}'",
      "vault kv metadata get -mount=secret §ns§/§svc§/db"], 5)
B(G, ["curl -s https://api.§domain§/v1/keys/§h16§/status  # key id is public",
      "curl -s https://auth.§domain§/.well-known/jwks.json | jq '.keys[].kid'",
      "curl -s https://§handle2§.okta.com/oauth2/default/.well-known/openid-configuration"], 5)
B(G, ["ssh -i ~/.ssh/id_ed25519_support §handle§@bastion-§env§.§domain§",
      "ssh -o ProxyJump=§handle§@bastion.§domain§ §user§@§ip§",
      "scp -i ~/.ssh/support.pem §user§@§ip§:/var/log/§svc§/gc.log.§num§ ."], 6)
B(G, ["docker exec -it §svc§-§h7§ sh -c 'cat /run/secrets/db_password | wc -c'",
      "docker secret ls --filter name=§svc§",
      "docker compose --env-file .env.§env§ config --services"], 5)
B(G, ["echo $SUPPORT_API_TOKEN | wc -c",
      "test -n \"$DB_PASSWORD\" && echo set || echo missing",
      "read -rs -p 'DB password: ' PGPASSWORD && export PGPASSWORD"], 4)
B(G, ["tar czf §tkt§-bundle.tgz --exclude='*.pem' --exclude='.env*' /var/log/§svc§",
      "zip -r §tkt§-logs.zip ./logs -x '*.key' '*secret*'"], 4)
B(G, ["ansible-playbook rotate-db-password.yml --ask-vault-pass -e target=§env§",
      "ansible-vault view group_vars/§env§/vault.yml",
      "ansible-playbook -i inventories/§env§ site.yml --vault-password-file ~/.vault_pass.txt --limit app-§env§-§n§"], 5)
B(G, ["terraform state show 'aws_db_instance.§db§' | grep -v password",
      "terraform apply -var-file=envs/§env§.tfvars -target=module.§svc§",
      "terraform import aws_secretsmanager_secret.§svc§ arn:aws:secretsmanager:§region§:§acct§:secret:§env§/§svc§-§h7§"], 5)

G = "tool-output"
B(G, ["$ kubectl get events -n §ns§ --sort-by=.lastTimestamp | tail -3\n§num§m  Warning  BackOff  pod/§svc§-§h8§-§h7§  Back-off restarting failed container\n§num§m  Normal   Pulled   pod/§svc§-§h8§-§h7§  Container image \"registry.§domain§/§svc§@sha256:§h64§\" already present"], 5)
B(G, ["$ git show --stat §h7§\ncommit §h40§\nAuthor: §person§ <§email§>\n\n    chore: remove plaintext password from legacy config (moved to vault)\n\n legacy/mailer.conf | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)"], 5)
B(G, ["$ gitleaks detect --no-banner\n§hms§ INF 412 commits scanned.\n§hms§ INF no leaks found",
      "$ trufflehog filesystem . --only-verified\n🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷\n\nfound 0 verified secrets"], 4)
B(G, ["$ curl -sI https://§svc§.§domain§/\nHTTP/2 200\netag: \"§h32§\"\nx-request-id: §uuid§\nstrict-transport-security: max-age=31536000\nset-cookie: _app_session=; Max-Age=0; Path=/"], 5)
B(G, ["$ psql -c '\\du'\n   Role name   |    Attributes    \n---------------+------------------\n §user§        | Password valid until 2025-01-01\n postgres      | Superuser"], 4)
B(G, ["$ redis-cli INFO server | head -5\n# Server\nredis_version:7.2.4\nredis_git_sha1:00000000\nrun_id:§h40§\nprocess_id:§pid§"], 4)
B(G, [lambda c: "$ base64 -d <<< %s\n%s" % (b64text(c["svc"] + " restarted at " + c["ts"]), c["svc"] + " restarted at " + c["ts"])], 4)
B(G, ["$ cat /run/secrets/README\nSecrets are mounted by the orchestrator at runtime. Do not copy them elsewhere.\nFiles: db_password, redis_password, jwt_signing_key"], 3)
B(G, ["$ jq '.log.entries[0].request.headers' §tkt§.har\n[\n  {\"name\": \"cookie\", \"value\": \"[removed by HAR sanitizer]\"},\n  {\"name\": \"x-correlation-id\", \"value\": \"§uuid§\"}\n]"], 4)
B(G, ["$ heroku config -a §svc§-§env§ --shell | cut -d= -f1\nDATABASE_URL\nREDIS_URL\nSECRET_KEY_BASE\nSENTRY_DSN"], 4)

G = "config-file"
B(G, ["# values.yaml\nexistingSecret: §svc§-db\nexistingSecretPasswordKey: password\nauth:\n  usePasswordFiles: true"], 4)
B(G, ["[Service]\nEnvironmentFile=/etc/§svc§/env\nLoadCredential=db_password:/etc/credstore/§svc§.db_password\nExecStart=/usr/local/bin/§svc§"], 4)
B(G, ["logging:\n  redact_fields: [password, token, authorization, cookie, api_key]\n  level: info",
      "filter_parameter_logging:\n  - :passw\n  - :secret\n  - :token\n  - :_key\n  - :crypt"], 3)
B(G, ["# /etc/pam.d/common-password\npassword requisite pam_pwquality.so retry=3 minlen=14 ucredit=-1 lcredit=-1 dcredit=-1 ocredit=-1\npassword [success=1 default=ignore] pam_unix.so obscure yescrypt"], 2)
B(G, ["apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: §svc§-config\ndata:\n  LOG_LEVEL: info\n  DB_HOST: pg-§env§.§domain§\n  DB_PASSWORD_SECRET: §svc§-db\n  TRACE_SAMPLE_RATE: \"0.1\""], 5)
B(G, ["# known_hosts\n§svc§.§domain§ ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI§h32§\n§ip§ ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAI§h32§"], 5)
B(G, ["[sssd]\nservices = nss, pam\ndomains = corp.local\n\n[domain/corp.local]\nldap_default_authtok_type = obfuscated_password\nldap_default_authtok = ${LDAP_BIND_PW_OBF}"], 2)
B(G, ["{\n  \"version\": 1,\n  \"buildSha\": \"§h40§\",\n  \"assetsHash\": \"§h16§\",\n  \"releasedAt\": \"§ts§\"\n}"], 5)

G = "source-code"
B(G, ["def test_rejects_short_password(client):\n    r = client.post('/signup', json={'email': 'a@example.test', 'password': 'x'})\n    assert r.status_code == 422",
      "it('masks tokens in logs', () => {\n  expect(redact('Bearer <token>')).toBe('Bearer [REDACTED]');\n});"], 3)
B(G, ['secret_name = f"{env}/{service}/db"\nresp = sm.get_secret_value(SecretId=secret_name)',
      "creds = vault.secrets.kv.v2.read_secret_version(path=f'§ns§/{svc}/db')['data']['data']",
      'key := fmt.Sprintf("secret/data/%s/%s", ns, svc)'], 4)
B(G, ["// generated file, do not edit\n// source hash: §h64§\nexport const VERSION = '§ver§';"], 5)
B(G, ["class Config:\n    DB_PASSWORD: SecretStr = Field(..., env='DB_PASSWORD')\n\n    def __repr__(self):\n        return '<Config (secrets hidden)>'"], 2)
B(G, ["PASSWORD_HASHERS = [\n    \"django.contrib.auth.hashers.Argon2PasswordHasher\",\n    \"django.contrib.auth.hashers.PBKDF2PasswordHasher\",\n]\nAUTH_PASSWORD_VALIDATORS = [{\"NAME\": \"django.contrib.auth.password_validation.MinimumLengthValidator\", \"OPTIONS\": {\"min_length\": 14}}]"], 2)
B(G, [lambda c: "const FIXTURE_SHA = '%s';\nconst FIXTURE_ID = '%s';" % (hexs(40), uuid4())], 5)

G = "stack-trace-or-log"
B(G, ["§tsl§ INFO  o.s.b.w.e.tomcat.TomcatWebServer - Tomcat started on port(s): 8080 (http) with context path ''\n§tsl§ INFO  c.§handle2§.support.Application - Started Application in 12.4 seconds (process running for 13.1)"], 4)
B(G, ["§tsd§ [warn] Token refresh scheduled in 3540s for client_id=§uuid§",
      "§tsd§ [info] Session §h16§ expired for user_id=§num§ (idle timeout)"], 5)
B(G, ["§tsl§ ERROR [http-nio-8080-exec-§num§] o.a.c.c.C.[.[.[/].[dispatcherServlet] - Servlet.service() threw exception\njava.lang.NullPointerException: Cannot invoke \"String.length()\" because \"password\" is null\n\tat com.§handle2§.auth.PasswordPolicy.check(PasswordPolicy.java:§num§)"], 4)
B(G, ["§ts§ pid=§pid§ tid=§h7§ class=PasswordResetMailerJob jid=§h12§ elapsed=0.412 INFO: done",
      "§tsd§ UTC [§pid§] LOG:  statement: ALTER ROLE §user§ VALID UNTIL '2025-06-30';"], 5)
B(G, ["TypeError: Cannot read properties of undefined (reading 'token')\n    at refreshSession (/app/dist/auth/session.js:§num§:31)\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)"], 3)
B(G, ["panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x§h7§]\n\ngoroutine §num§ [running]:\ngithub.com/§handle2§/§svc§/internal/auth.(*Verifier).Verify(0x0, {0xc000§h7§, 0x24})"], 4)
B(G, ['§pubip§ - - [§tsc§] "GET /api/v2/users/me HTTP/1.1" 401 58 "-" "curl/8.5.0" auth="Bearer ***"',
      '§tsd§ gateway: denied request path=/admin ip=§pubip§ reason=missing_api_key req=§h16§'], 5)
B(G, ["** (Ecto.ConstraintError) constraint error when attempting to insert struct:\n    * \"api_keys_fingerprint_index\" (unique_constraint)\n  fingerprint: \"§h64§\""], 4)

G = "note-or-chat"
B(G, ["§person§: trace ids for the slow requests: §h32§, §h32§, §h32§ — all hit §svc§ on node §ip§",
      "§person§: here is the request id from the customer's HAR: §uuid§ — the gateway shows a 499 for it"], 6)
B(G, ["§person§: the 'secret' in the screenshot is just the webhook *id* (§uuid§), not the signing secret. we're fine.",
      "§person§: that long hex string in the ticket is the build SHA (§h40§), not a key"], 5)
B(G, ["Postmortem action: move all service credentials to Vault dynamic secrets (owner §person§, due §date§). No secrets were exposed externally.",
      "Runbook update: step 3 now reads the admin password from `vault kv get -field=password secret/§ns§/breakglass` instead of the wiki."], 5)
B(G, ["§person§: 비밀번호는 Vault에 있어요 (secret/§ns§/§svc§). 채팅에 붙이지 마세요.",
      "§person§: пароль лежит в Vault, путь secret/§ns§/§svc§, в чат не кидай",
      "§person§: hasło jest w sejfie 1Password, nie wklejaj go tutaj",
      "§person§: het wachtwoord staat in de kluis, niet in Slack plakken aub"], 8)
B(G, ["Zoom chat §hms§ From §person§ to Everyone: can everyone stop sharing screens that show the .env file? thanks",
      "§person§: reminder that the bridge recording is shared with the customer, so no passwords on screen"], 4)
B(G, ["Ticket §tkt§ summary: customer §cust§ reports login loop after password change. Cause: stale session cookie on their proxy. Fix: clear cookies; no credentials exchanged."], 5)

G = "ci-and-deploy"
B(G, ["Run actions/checkout@§h40§\nSyncing repository: §handle2§-org/§svc§\nGetting Git version info\nTemporarily overriding HOME='/home/runner/work/_temp/§uuid§' before making global git config changes"], 4)
B(G, ["Pipeline #§big§ passed for commit §h7§ on branch hotfix/§inc§ (duration 6m12s)",
      "Build §svc§-§ver§+§h7§ published to registry.§domain§/§svc§:§ver§"], 6)
B(G, ["  - name: Scan for secrets\n    uses: gitleaks/gitleaks-action@v2\n    env:\n      GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n      GITLEAKS_LICENSE: ${{ secrets.GITLEAKS_LICENSE }}"], 3)
B(G, ["helm upgrade --install §svc§ ./charts/§svc§ -n §ns§ --set-file tls.crt=certs/§svc§.crt --set existingSecret=§svc§-db",
      "kubectl apply -f k8s/§env§/sealed-secrets/§svc§-db.yaml"], 5)

G = "vendor-token"
B(G, ["GitHub run https://github.com/§handle2§-org/§svc§/actions/runs/§big§§num§ failed at step 'Deploy' (job id §big§)",
      "GitLab pipeline https://gitlab.§domain§/platform/§svc§/-/pipelines/§big§ (sha §h40§)"], 5)
B(G, ["Cloudflare Ray ID §h16§-AMS, zone id §h32§",
      "Fastly request id §uuid§ served by cache-ams§num§"], 5)
B(G, ["Zendesk ticket §zd§, requester id §big§, via web form (brand id §big§)",
      "Intercom conversation §big§ with contact id §h16§§h8§"], 5)
B(G, ["Jira issue §tkt§ (id §big§) linked to Confluence page id §big§",
      "Linear issue SUP-§num§ (uuid §uuid§) moved to In Progress"], 5)
B(G, ["AWS access key for user ci-export was deactivated by §handle§ at §ts§; CloudTrail event id §uuid§"], 5)
B(G, ["Algolia app id §h8§ index help_center_§env§ (search-only key is injected at build time)",
      "Mapbox style mapbox://styles/§handle2§/§h16§ (public token injected by the frontend build)"], 4)

G = "stack-trace-or-log"
B(G, ["§tsl§ DEBUG RequestLogger - headers={Host=[§svc§.§domain§], Authorization=[REDACTED], Cookie=[REDACTED], X-Request-Id=[§uuid§]}",
      '{"ts":"§tsm§","level":"debug","msg":"outbound","headers":{"authorization":"<redacted>","x-api-key":"<redacted>"},"url":"https://api.§domain§/v1/sync"}'], 6)
B(G, ["§tsd§ [Information] Executed DbCommand (§num§ms) [Parameters=[@p0='?' (Size = 4000), @p1='?' (DbType = Guid)], CommandType='Text', CommandTimeout='30']\nUPDATE [Users] SET [PasswordHash] = @p0 WHERE [Id] = @p1;"], 4)
G = "note-or-chat"
B(G, ["§person§ (§tz1§): signing off. §inc§ stays at SEV2. Graph links: https://grafana.§domain§/d/§h8§/§svc§?from=now-6h. Ping §person2§ (§tz2§) for anything.",
      "§person§: status page updated (incident id §h12§), next update in 30 min"], 6)
B(G, ["§person§: the token they mention is the *public* Sentry DSN key for the browser SDK, it's meant to be public, no action",
      "§person§: flagged 'secret' was the Slack channel id C0§slk§, false alarm"], 4)
G = "config-file"
B(G, ["# HAR sanitizer config\nredact:\n  headers: [authorization, cookie, set-cookie, x-api-key]\n  query_params: [token, access_token, sig, signature, key]\n  replacement: \"[redacted]\"",
      "# gitleaks.toml\n[allowlist]\ndescription = \"test fixtures\"\npaths = ['''testdata/''', '''fixtures/''']\nregexes = ['''EXAMPLE_KEY_[0-9]+''']"], 3)
B(G, ["storage:\n  bucket: §svc§-exports-§region§\n  signed_url_ttl_seconds: 900\n  kms_key_id: arn:aws:kms:§region§:§acct§:key/§uuid§"], 5)
G = "command"
B(G, ["aws s3 presign s3://§svc§-exports/§uuid§.zip --expires-in 900",
      "gsutil signurl -d 15m ~/keys/uploader-sa.json gs://§svc§-har-uploads/§uuid§.har",
      "az storage blob generate-sas --account-name §handle2§diag -c dumps -n §uuid§.dmp --permissions r --expiry §date§T23:59Z --auth-mode login --as-user"], 6)
B(G, [lambda c: "curl -s https://api.pwnedpasswords.com/range/%s | head -3" % hexs(5).upper(),
      "gh api /repos/§handle2§-org/§svc§/secret-scanning/alerts --jq '.[].state'"], 4)
G = "ci-and-deploy"
B(G, ["##[group]Run echo \"image digest: $DIGEST\"\nimage digest: sha256:§h64§\n##[endgroup]",
      "Successfully tagged §svc§:§h7§\nwriting image sha256:§h64§ done"], 6)
G = "tool-output"
B(G, ["$ openssl rand -base64 24 | wc -c\n33", "$ pwgen --help | head -2\nUsage: pwgen [ OPTIONS ] [ pw_length ] [ num_pw ]",
      "$ vault kv get -field=password secret/§ns§/§svc§/db | sha256sum\n§h64§  -"], 5)
G = "vendor-token"
B(G, ["Key 'support-bot' (id §uuid§) scopes: tickets:read, users:read — rotated §date§, value stored in Vault",
      "Stripe webhook endpoint we_§h16§§h8§ (url https://§svc§.§domain§/webhooks/stripe) enabled events: 14"], 5)

G = "stack-trace-or-log"
B(G, ["§tsl§ WARN  [§svc§] login failed for user=§email§ reason=bad_password attempts=§num§ ip=§pubip§",
      "§tsd§ [warning] Account locked after 6 failed password attempts: user_id=§big§ tenant=§uuid§",
      "§tsd§ sshd[§pid§]: Failed password for invalid user admin from §pubip§ port §port§ ssh2"], 8)
B(G, ["§tsl§ INFO  HarSanitizer - stripped 14 headers (authorization, cookie, set-cookie) from upload §uuid§.har",
      "§tsl§ INFO  SupportBundle - bundle §uuid§ created, sha256=§h64§, secrets scrubbed: 3"], 6)
G = "note-or-chat"
B(G, ["§person§: for the record, I never saw the customer's password — they typed it themselves during the screen share",
      "§person§: lol the 'password' field in their config is literally `${DB_PASSWORD}`, the env var just isn't set in their systemd unit",
      "§person§ (§tz1a§): customer §cust§ says their admin forgot the password; pointed them to the self-service reset flow, ticket §tkt§"], 8)
B(G, ["Incident §inc§ summary for the exec channel: duration 47 min, §num§ customers affected, trigger was config change §h7§. No data or credentials exposed."], 5)


# =====================================================================
# balance: about 185 fragments per group, keeping every format
# =====================================================================
def _balance(rows, per_group=185):
    out = []
    order = []
    by_group = {}
    for r in rows:
        if r[0] not in by_group:
            by_group[r[0]] = []
            order.append(r[0])
        by_group[r[0]].append(r)
    for g in order:
        items = by_group[g]
        excess = len(items) - per_group
        drop = set()
        # first drop third uses, then second uses, spread over the formats
        for rank in (2, 1):
            if excess <= 0:
                break
            seen = {}
            cands = []
            for idx, r in enumerate(items):
                k = seen.get(r[1], 0)
                seen[r[1]] = k + 1
                if k == rank:
                    cands.append(idx)
            if not cands:
                continue
            take = min(excess, len(cands))
            step = len(cands) / float(take)
            for j in range(take):
                drop.add(cands[int(j * step)])
            excess -= take
        out.extend(r for idx, r in enumerate(items) if idx not in drop)
    return out


SECRETS = _balance(SECRETS)
del G
