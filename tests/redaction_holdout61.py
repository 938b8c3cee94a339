"""Blind hold-out corpus #61 for a secret-redaction engine.

What it is
----------
A self-contained test corpus for an engine that strips credentials from the
working state a coding agent (Claude Code, Codex, Gemini CLI) saves: goals,
running notes, shell commands, tool output, file excerpts, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Every entry
in SECRETS carries one credential that must be removed; every entry in BENIGN
is secret-looking text that must survive untouched.

Theme
-----
Database administrators and data-migration consultants at work: Oracle
(sqlplus, RMAN, wallets, tnsnames.ora, Data Guard, Data Pump, GoldenGate),
SQL Server (sqlcmd, linked servers, SSIS, Always On, backup to URL),
MySQL/MariaDB (replication, my.cnf, mysqldump, ProxySQL, Galera, Orchestrator),
PostgreSQL (pg_hba, pgbouncer, Patroni, pgBackRest, logical replication, FDWs),
MongoDB, Cassandra, Redis, Db2, Teradata, SAP HANA, managed cloud databases,
migration tools (AWS DMS, ora2pg, pgloader, Flyway, Liquibase, Debezium) and
backup/restore runbooks.  All eight groups are still covered.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no web search were consulted.  Where a vendor's real credential
shape is known it is imitated (prefixes such as AKIA, ghp_, glpat-, xoxb-,
sk_live_, AIza, hvs., AstraCS:, dapi); where it is not known a plausible
shape was invented.  All hosts, companies, people, accounts and values are
fictitious; every credential value is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group   one of command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
                 (about 185 each);
         format  kebab-case name of the shape, each used at most 3 times;
         text    the fragment as an agent would have recorded it;
         secret  the exact substring of text that must not survive (only the
                 key body for PEM keys, only the signature for signed URLs,
                 only the password for user:password pairs);
         visible a substring of text that must stay readable, or "".
BENIGN   list of distinct strings with no credential in them that still look
         secret-ish (digests, ids, public keys, fingerprints, placeholders,
         masked values, secret references, prose about passwords, ...), in
         the same contexts as the secrets.

Determinism
-----------
All random values come from one random.Random(SEED) instance (_R) and are
drawn at import time in a fixed order, so importing the module twice gives
identical lists.  Nothing is printed at import.

Measured
--------
Blind: recall 0.956 (1,415 of 1,480) and false positives 24 of 950 (2.5%) with the engine at
that session's start, and the same after that session's first rules. Tuned on since: 0.963 and
11 of 950.
"""
import base64
import json
import random
import re
import string
import textwrap

SEED = 61_2024_0617
_R = random.Random(SEED)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_AN = _LOW + _UP + _DIG
_HEX = "0123456789abcdef"
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_SYM = "!#$%*+-.=?@^_~"
_SYMU = "-._~"
_SYMO = "#_$"

_USED = set()


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _c(seq):
    return _R.choice(seq)


def _i(a, b):
    return _R.randint(a, b)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64b(n):
    return base64.b64encode(_rb(n)).decode()


def _b64ub(n, pad=False):
    s = base64.urlsafe_b64encode(_rb(n)).decode()
    return s if pad else s.rstrip("=")


def _hex(n):
    return _s(_HEX, n)


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _c("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _b64u_json(obj):
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def _fresh(fn):
    for _ in range(500):
        v = fn()
        if v not in _USED:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh value")


_WORDS = (
    "harbor tulip orbit falcon cobalt meadow lantern granite pepper saturn willow copper maple "
    "thunder velvet glacier rocket pickle zephyr quartz marble canyon ember juniper nimbus otter "
    "pirate raven sierra tango umber violet walrus anchor bramble cactus dolphin eclipse fjord "
    "gadget hazel igloo jasper kettle lemon mango nectar oyster puffin quill rhubarb saffron "
    "thistle vortex wombat xenon badger biscuit cricket domino fennel gravel hammock indigo "
    "jigsaw lagoon magnet nugget paddle quiver ripple sprocket teapot vanilla waffle yarrow "
    "zenith atlas beacon cinder dynamo gondola horizon island kayak lobster monsoon nomad oasis "
    "parsnip quasar rooster sundial trumpet bonsai comet dune ferret goblin heron krill lilac "
    "mistral nutmeg orchid pelican quokka rosemary sequoia tundra urchin vesper wasabi"
).split()
_FWORDS = (
    "sonnenblume zapato mariposa cachorro gatto kanelbulle pierogi sakura baozi fruehling "
    "biblioteca chouette escargot leeuw pomarancza tortuga saudade fika hygge kirsche mostaza "
    "girasol papillon limone naranja ciliegia wolke himmel regenbogen brigadeiro pastel "
    "ardilla zorro koala lumiere fromage aardbei eekhoorn jablko kwiat lodowka"
).split()
_SEASONS = ("Winter Summer Spring Autumn Fall Sommer Herbst Fruehling Verano Invierno Primavera "
            "Otono Inverno Estate Janvier Fevrier Maart Oktober Noviembre Dezembro Lato Zima").split()
_KB = ["Qwerty", "Asdf", "Zxcv", "1qaz2wsx", "Qazwsx", "Poiu", "Azerty", "Qwertz", "!QAZ2wsx", "Mnbv"]
_CONS = "bcdfghjklmnprstvwxz"
_VOW = "aeiou"


def _cap(w):
    return w[:1].upper() + w[1:]


def _digits():
    return str(_i(0, 99999))[: _c([2, 2, 3, 4])].zfill(2)


def _pw_word(sym):
    w, w2 = _c(_WORDS + _FWORDS), _c(_WORDS)
    d, s = _digits(), _c(sym)
    p = _i(0, 7)
    if p == 0:
        return _cap(w) + d + s
    if p == 1:
        return _cap(w) + s + d
    if p == 2:
        return s + _cap(w) + d
    if p == 3:
        return _cap(w) + s + _cap(w2) + d
    if p == 4:
        return w + d + s + _cap(w2)
    if p == 5:
        return _cap(w) + _cap(w2) + d + s
    if p == 6:
        return d + _cap(w) + s + w2
    return _cap(w) + d + _cap(w2) + s


def _pw_phrase(seps="-._", n=None):
    n = n or _i(3, 5)
    ws = [_c(_WORDS + _FWORDS) for _ in range(n)]
    if _i(0, 2) == 0:
        ws = [_cap(w) for w in ws]
    sep = _c(seps)
    out = sep.join(ws)
    if _i(0, 1):
        out += sep + str(_i(1, 99)) if sep else str(_i(1, 99))
    return out


def _pw_pron(sym=""):
    out = "".join(_c(_CONS) + _c(_VOW) + (_c("nrsl") if _i(0, 3) == 0 else "") for _ in range(_i(3, 5)))
    out = _cap(out) + str(_i(10, 999))
    if sym and _i(0, 1):
        out += _c(sym)
    return out


def _pw_rand(alpha, lo=14, hi=26):
    while True:
        v = _s(alpha, _i(lo, hi))
        if any(ch in _DIG for ch in v) and any(ch in _UP for ch in v) and any(ch in _LOW for ch in v):
            return v


def _pw_leet(sym):
    w = _c(_WORDS) + _c(_WORDS)
    tbl = {"a": _c("@4"), "e": "3", "i": _c("1!"), "o": "0", "s": _c("$5"), "t": "7"}
    out = "".join(tbl.get(ch, ch) if _i(0, 2) else ch for ch in w)
    out = "".join(ch for ch in out if ch in _AN or ch in sym) or w
    return _cap(out) + _c(sym) + str(_i(1, 99))


def _pw_season(sym):
    return _c(_SEASONS) + str(_i(2018, 2026)) + _c(sym)


def _pw_kb(sym):
    return _c(_KB) + _c(sym) + _cap(_c(_WORDS)) + str(_i(1, 99))


def _pw_generic(sym, alpha):
    p = _i(0, 9)
    if p <= 2:
        v = _pw_word(sym)
    elif p == 3:
        v = _pw_phrase("-._" if "." in sym else "-_")
    elif p == 4:
        v = _pw_pron(sym)
    elif p <= 6:
        v = _pw_rand(alpha)
    elif p == 7:
        v = _pw_leet(sym)
    elif p == 8:
        v = _pw_season(sym)
    else:
        v = _pw_kb(sym)
    v = "".join(ch for ch in v if ch in _AN or ch in sym)
    while len(v) < 8:
        v += _c(_DIG)
    return v


def _pem_body(prefix, nbytes, width=64):
    raw = base64.b64encode(_rb(nbytes)).decode()
    raw = prefix + raw[len(prefix):]
    return "\n".join(raw[i:i + width] for i in range(0, len(raw), width))


def _jwt(payload=None, alg="HS256"):
    head = _b64u_json({"alg": alg, "typ": "JWT"})
    if payload is None:
        payload = {"sub": _c(["svc-migrate", "dba-portal", "etl-runner", "backup-agent", "app"]) + "-" + _hex(6),
                   "role": _c(["service_role", "admin", "writer", "dba", "migrator"]),
                   "iat": _i(1690000000, 1740000000)}
        payload["exp"] = payload["iat"] + _c([3600, 86400, 31536000])
    body = _b64u_json(payload)
    return head + "." + body + "." + _b64ub(32 if alg.startswith("HS") else 64)


def _sas_sig():
    raw = base64.b64encode(_rb(32)).decode()
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


_BECH = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


# ---------------------------------------------------------------- secret kinds
_KINDS = {
    "pw": lambda v: _pw_generic(_SYM, _AN + _SYM),
    "pwu": lambda v: _pw_generic(_SYMU, _AN + _SYMU),
    "pwa": lambda v: _pw_generic("-_", _AN + "-_"),
    "pwo": lambda v: _c(_UP + _LOW) + _pw_generic(_SYMO, _AN + _SYMO),
    "phrase": lambda v: _pw_phrase("-._"),
    "phrasesp": lambda v: _pw_phrase(" ", _i(4, 6)),
    "pron": lambda v: _pw_pron("!#%"),
    "season": lambda v: _pw_season("!#$*"),
    "leet": lambda v: _pw_leet("!#$@"),
    "rnd": lambda v: _pw_rand(_AN + _SYM, 18, 30),
    "rndl": lambda v: _pw_rand(_AN, 28, 40),
    "kb": lambda v: _pw_kb("!#*"),
    "akid": lambda v: "AKIA" + _s(_UP + "234567", 16),
    "asia": lambda v: "ASIA" + _s(_UP + "234567", 16),
    "awssk": lambda v: _s(_AN + "+/", 40),
    "awssess": lambda v: "IQoJb3JpZ2luX2VjE" + _s(_B64, _i(280, 360)),
    "ghp": lambda v: "ghp_" + _s(_AN, 36),
    "gho": lambda v: "gho_" + _s(_AN, 36),
    "ghs": lambda v: "ghs_" + _s(_AN, 36),
    "ghpat": lambda v: "github_pat_11" + _s(_UP + _DIG, 20) + "_" + _s(_AN, 59),
    "glpat": lambda v: "glpat-" + _s(_AN + "-_", 20),
    "glrt": lambda v: "glrt-" + _s(_AN + "-_", 20),
    "gldt": lambda v: "gldt-" + _s(_AN + "-_", 20),
    "xoxb": lambda v: "xoxb-%d-%d-%s" % (_i(10 ** 10, 10 ** 12), _i(10 ** 12, 10 ** 13), _s(_AN, 24)),
    "xoxp": lambda v: "xoxp-%d-%d-%d-%s" % (_i(10 ** 10, 10 ** 12), _i(10 ** 10, 10 ** 12), _i(10 ** 12, 10 ** 13), _hex(32)),
    "xapp": lambda v: "xapp-1-A0%s-%d-%s" % (_s(_UP + _DIG, 9), _i(10 ** 12, 10 ** 13), _hex(64)),
    "slackhook": lambda v: _s(_AN, 24),
    "sklive": lambda v: "sk_live_51" + _s(_AN, 96),
    "rklive": lambda v: "rk_live_51" + _s(_AN, 96),
    "whsec": lambda v: "whsec_" + _s(_AN, 32),
    "aiza": lambda v: "AIza" + _s(_AN + "-_", 35),
    "openai": lambda v: "sk-proj-" + _s(_AN + "-_", 74) + "T3BlbkFJ" + _s(_AN + "-_", 74),
    "anthropic": lambda v: "sk-ant-api03-" + _s(_AN + "-_", 93) + "AA",
    "sendgrid": lambda v: "SG." + _s(_AN + "-_", 22) + "." + _s(_AN + "-_", 43),
    "npm": lambda v: "npm_" + _s(_AN, 36),
    "pypi": lambda v: "pypi-AgEIcHlwaS5vcmcCJ" + _s(_B64U, 150),
    "azkey": lambda v: _b64b(64),
    "azsecret": lambda v: _s(_AN, 3) + "8Q~" + _s(_AN + "-_.~", 34),
    "jwt": lambda v: _jwt(),
    "jwtrs": lambda v: _jwt(alg="RS256"),
    "ddapi": lambda v: _hex(32),
    "ddapp": lambda v: _hex(40),
    "hvs": lambda v: "hvs.CAESI" + _s(_AN + "-_", 86),
    "hvsshort": lambda v: "hvs." + _s(_AN, 24),
    "doppler": lambda v: "dp.st.%s.%s" % (_c(["prd", "stg", "dev", "migration"]), _s(_AN, 43)),
    "dop": lambda v: "dop_v1_" + _hex(64),
    "shpat": lambda v: "shpat_" + _hex(32),
    "atatt": lambda v: "ATATT3xFfGF0" + _s(_AN + "-_", 170) + "=" + _s(_UP + _DIG, 8),
    "glsa": lambda v: "glsa_" + _s(_AN, 32) + "_" + _hex(8),
    "glc": lambda v: "glc_eyJvIjoi" + _s(_AN, 120) + "fQ==",
    "nrak": lambda v: "NRAK-" + _s(_UP + _DIG, 27),
    "nrlic": lambda v: _hex(36) + "NRAL",
    "hf": lambda v: "hf_" + _s(_LOW + _UP, 34),
    "r8": lambda v: "r8_" + _s(_AN, 37),
    "gsk": lambda v: "gsk_" + _s(_AN, 52),
    "pmak": lambda v: "PMAK-" + _hex(24) + "-" + _hex(34),
    "pul": lambda v: "pul-" + _hex(40),
    "sbp": lambda v: "sbp_" + _hex(40),
    "sbsecret": lambda v: "sb_secret_" + _s(_AN + "-_", 31),
    "pscalepw": lambda v: "pscale_pw_" + _s(_AN + "-_", 43),
    "pscaletkn": lambda v: "pscale_tkn_" + _s(_AN + "-_", 43),
    "dapi": lambda v: "dapi" + _hex(32) + _c(["", "-2", "-3"]),
    "dose": lambda v: "dose" + _hex(32),
    "uuidsec": lambda v: _uuid(),
    "confsecret": lambda v: _s(_AN + "+/", 64),
    "confkey": lambda v: _s(_UP + _DIG, 16),
    "elasticapi": lambda v: base64.b64encode((_s(_B64U, 20) + ":" + _s(_B64U, 22)).encode()).decode(),
    "napi": lambda v: "napi_" + _s(_LOW + _DIG, 64),
    "npg": lambda v: "npg_" + _s(_AN, 12),
    "cftoken": lambda v: _s(_AN + "-_", 40),
    "okta": lambda v: "00" + _s(_AN + "-_", 40),
    "mailgun": lambda v: "key-" + _hex(32),
    "tgbot": lambda v: "%d:AA%s" % (_i(10 ** 9, 10 ** 10 - 1), _s(_AN + "-_", 33)),
    "dckr": lambda v: "dckr_pat_" + _s(_AN + "-_", 27),
    "tfc": lambda v: _s(_AN, 14) + ".atlasv1." + _s(_AN, 67),
    "linear": lambda v: "lin_api_" + _s(_AN, 40),
    "notion": lambda v: "ntn_" + str(_i(10 ** 10, 10 ** 11)) + _s(_AN, 35),
    "airtable": lambda v: "pat" + _s(_AN, 14) + "." + _hex(64),
    "ociauth": lambda v: _s(_AN + "()[]<>:;.+-#_", 20),
    "ocisecret": lambda v: _s(_AN + "+/", 43) + "=",
    "ibm": lambda v: _s(_AN + "-_", 44),
    "ltai": lambda v: "LTAI5t" + _s(_AN, 18),
    "alisecret": lambda v: _s(_AN, 30),
    "tcsecret": lambda v: _s(_AN, 32),
    "huaweisk": lambda v: _s(_AN, 40),
    "astra": lambda v: "AstraCS:" + _s(_LOW + _UP, 24) + ":" + _hex(64),
    "influx": lambda v: _b64ub(64, pad=True),
    "fcm": lambda v: "AAAA" + _s(_AN + "-_", 7) + ":APA91b" + _s(_AN + "-_", 134),
    "akcp": lambda v: "AKCp" + _s(_AN, 69),
    "squ": lambda v: "squ_" + _hex(40),
    "sqp": lambda v: "sqp_" + _hex(40),
    "bkua": lambda v: "bkua_" + _hex(40),
    "ops1p": lambda v: "ops_eyJzaWduSW5BZGRyZXNzIjoi" + _s(_B64U, 220),
    "dt": lambda v: "dt0c01." + _s(_UP + _DIG, 24) + "." + _s(_UP + _DIG, 64),
    "mapbox": lambda v: "sk.eyJ1IjoiI" + _s(_B64U, 60) + "." + _s(_B64U, 22),
    "square": lambda v: "EAAA" + _s(_AN + "-_", 60),
    "paypal": lambda v: "E" + _s(_AN + "-_", 79),
    "sfdctok": lambda v: _s(_AN, 25),
    "sfdcrefresh": lambda v: "5Aep861" + _s(_AN + "._", 80),
    "netsuite": lambda v: _hex(64),
    "age": lambda v: "AGE-SECRET-KEY-1" + _s(_BECH.upper(), 58),
    "wg": lambda v: _b64b(32),
    "django": lambda v: "django-insecure-" + _s(_LOW + _DIG + "!@#$%^&*(-_=+)", 50) if _i(0, 1) else _s(_LOW + _DIG + "!@#$%^&*(-_=+)", 50),
    "hex128": lambda v: _hex(128),
    "laravel": lambda v: "base64:" + _b64b(32),
    "fernet": lambda v: _b64ub(32, pad=True),
    "jenkins": lambda v: "11" + _hex(32),
    "aivenpw": lambda v: "AVNS_" + _s(_AN + "-_", 19),
    "ccdb": lambda v: "CCDB1_" + _s(_AN, 22) + "_" + _s(_AN, 40),
    "chsecret": lambda v: "4b1d" + _s(_AN, 38),
    "dbtc": lambda v: "dbtc_" + _s(_AN + "-_", 40),
    "pcsk": lambda v: "pcsk_" + _s(_AN, 5) + "_" + _s(_AN, 64),
    "xau": lambda v: "xau_" + _s(_AN, 32),
    "mzp": lambda v: "mzp_" + _s(_LOW + _DIG, 64),
    "grafanakey": lambda v: base64.b64encode(json.dumps({"k": _s(_AN, 32), "n": _c(["pmm-agent", "dba-dash", "pg-mon"]), "id": _i(1, 40)}, separators=(",", ":")).encode()).decode(),
    "fauna": lambda v: "fnAF" + _s(_AN + "-_", 36),
    "upstash": lambda v: "AY" + _s(_AN, 4) + "ASQgO" + _s(_AN, 60),
    "rdsig": lambda v: _hex(64),
    "gcssig": lambda v: _hex(512),
    "cfsig": lambda v: _s(_AN + "-~_", 172),
    "sas": lambda v: _sas_sig(),
    "osssig": lambda v: base64.b64encode(_rb(20)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "basic": lambda v: base64.b64encode((v["user"] + ":" + _pw_generic("-_.!", _AN)).encode()).decode(),
    "jsession": lambda v: _hex(32).upper(),
    "phpsess": lambda v: _s(_LOW + _DIG, 26),
    "connectsid": lambda v: "s%3A" + _s(_B64U, 32) + "." + _s(_AN + "%", 43),
    "aspsess": lambda v: _s(_LOW + _DIG, 24),
    "djsess": lambda v: _s(_LOW + _DIG, 32),
    "mongokey": lambda v: _pem_body("", 567, 76),
    "pem_rsa1": lambda v: _pem_body("MIIEpAIBAAKCAQEA", _i(1190, 1218)),
    "pem_rsa8": lambda v: _pem_body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", _i(1215, 1220)),
    "pem_ec": lambda v: _pem_body("MHcCAQEEI", 121),
    "pem_enc": lambda v: _pem_body("MIIFHzBJBgkqhkiG9w0BBQ0wPDAbBgkqhkiG9w0BBQwwDg", 1315),
    "pem_ssh": lambda v: _pem_body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", 300, 70),
    "pem_pgp": lambda v: _pem_body("lQVYBG", 900),
    "pfxb64": lambda v: "MIIK" + _b64b(600),
    "keytab": lambda v: "BQIAAABX" + _b64b(120),
    "rclone": lambda v: _s(_B64U, _i(30, 46)),
    "sfdcpwtok": lambda v: _pw_generic("!#", _AN) + _s(_AN, 24),
    "tdwallet": lambda v: _pw_generic("#_", _AN + "#_"),
    "b64pw": lambda v: base64.b64encode(_pw_generic("-_.!", _AN + "-_.!").encode()).decode(),
    "pem_json": lambda v: _pem_body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASC", 1216).replace("\n", "\\n"),
    "gocspx": lambda v: "GOCSPX-" + _s(_AN + "-_", 28),
    "sntrys": lambda v: "sntrys_eyJpYXQiOj" + _s(_B64U, 120) + "_" + _s(_B64U, 43),
    "xsuaa": lambda v: _uuid() + "$" + _s(_B64U, 43) + "=",
    "hrku": lambda v: "HRKU-AA" + _s(_AN + "-_", 58),
    "vaultdyn": lambda v: "A1a-" + _s(_AN, 20),
    "recovery": lambda v: "-".join(_s(_LOW + _DIG, 5) for _ in range(2)),
    "redisapi": lambda v: "S" + _s(_AN, 49),
    "mmsapi": lambda v: _hex(24) + _hex(40),
    "ssisdecrypt": lambda v: _pw_generic("!#$", _AN + "!#$"),
}


def _kind(name):
    if name in _KINDS:
        return _KINDS[name]
    m = re.match(r"^(hex|b64|b64u|an|up|low|dig|b64b)(\d+)$", name)
    if not m:
        raise KeyError("unknown kind " + name)
    k, n = m.group(1), int(m.group(2))
    if k == "b64b":
        return lambda v: _b64b(n)
    alpha = {"hex": _HEX, "b64": _B64, "b64u": _B64U, "an": _AN, "up": _UP + _DIG, "low": _LOW + _DIG, "dig": _DIG}[k]
    return lambda v: _s(alpha, n)


# ---------------------------------------------------------------- placeholders
_ORGS = ["kestrelbank", "halvorsen", "mirelle-retail", "orbisfreight", "quintara-health", "brightwater",
         "nordvik", "saltmarsh-mutual", "pelicanpay", "aurelia-telco", "tamarind-foods", "corvid-insure"]
_TLDS = ["internal", "corp", "lan", "example", "test", "intra"]
_ENVS = ["prd", "prod", "stg", "uat", "dr", "dev", "qa", "mig"]
_PERSONS = ["Priya", "Lars", "Mateus", "Yuki", "Olamide", "Svetlana", "Ahmet", "Chiara", "Bjorn", "Thanh",
            "Fatima", "Diego", "Wojtek", "Aiko", "Tomas", "Ingrid", "Ravi", "Mei", "Kwame", "Elif", "Noor",
            "Siobhan", "Pedro", "Hana", "Dmitri", "Ayesha", "Jonas", "Camille", "Rafael", "Ewa", "Kenji",
            "Leilani", "Sanjay", "Marta", "Oskar", "Zeynep", "Amara", "Guo", "Paulo", "Anneke"]
_DBUSERS = ["app_rw", "app_ro", "etl_loader", "svc_dms", "repl_user", "replicator", "dba_admin", "report_ro",
            "migrator", "flyway_svc", "lqb_deploy", "backup_svc", "sqlagent_svc", "cdc_reader", "ggadmin",
            "bi_reader", "ledger_owner", "orders_app", "hr_batch", "readonly", "monitor", "sstuser",
            "proxysql_mon", "svc_ssis", "pgbouncer_auth", "rman_cat", "c##dbmon", "dmsuser", "ora2pg_ro",
            "debezium", "airflow", "dbt_runner", "fivetran_user", "recon_user", "archiver"]
_TNS = ["PRODDB", "FINPRD", "ERPPRD_HA", "CRMSTBY", "DWHPRD", "BILLING_RW", "HRPRD", "ORCLPDB1", "LEDGERP",
        "MIGSRC", "CLAIMSP", "POLADM_RO", "SCMPRD", "RPTDB", "GLSTBY"]
_DBS = ["ledger", "orders", "inventory", "crm", "billing", "payroll", "claims", "warehouse", "analytics",
        "customers", "shipments", "policy_admin", "catalog", "loyalty", "telemetry", "hr_core"]
_SCHEMAS = ["FIN", "HR", "APPS", "ORDERS", "STG", "ODS", "DW", "GL", "AR", "SALES", "CLAIMS", "MDM"]
_TABLES = ["gl_journal", "order_lines", "customer", "invoice", "payment_events", "policy", "claims_detail",
           "shipment_scan", "ar_aging", "sku_price", "employee", "audit_trail", "ledger_entry"]
_REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-southeast-2", "ca-central-1",
            "ap-northeast-1", "eu-north-1", "sa-east-1"]
_CLUSTERS = ["pg-orders-main", "pg-ledger", "mysql-shop-a", "galera-crm", "mongo-events", "cass-telemetry",
             "redis-sessions", "sqlag-fin01", "ora-dg-erp", "hana-s4p", "td-edw", "db2-core"]
_K8SNS = ["databases", "data-platform", "dba-tools", "migration", "pg-operator", "mongodb", "cdc"]
_TICKETS = ["DBA", "MIG", "OPS", "DATA", "INFRA", "CHG", "INC", "PLAT", "DMS"]
_PATHS = ["/u01/app/oracle/admin/PROD/scripts", "/var/lib/pgsql/16/data", "/etc/mysql/conf.d",
          "/opt/mssql/bin", "/home/dba/migration", "/srv/ora2pg/projects/fin", "/opt/flyway/conf",
          "/etc/pgbackrest", "/backup/rman/scripts", "/opt/td/tpt/jobs", "/usr/sap/HDB/home",
          "/etc/patroni", "/data/mongo/scripts", "/opt/liquibase/changelogs"]
_VERSIONS = ["19.22.0.0.0", "16.3", "8.0.36", "10.11.7", "2022 CU12", "7.0.12", "4.1.5", "7.2.4", "11.5.9",
             "17.20.03.14", "2.00.076", "15.6", "21.3.0.0.0", "2.2.1", "3.4.1"]


def _host(prefixes):
    def f():
        return "%s-%s-%02d.%s.%s" % (_c(prefixes), _c(_ENVS), _i(1, 14), _c(_ORGS), _c(_TLDS))
    return f


def _date():
    return "%04d-%02d-%02d" % (_i(2023, 2025), _i(1, 12), _i(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_i(0, 23), _i(0, 59), _i(0, 59))


_PH = {
    "host": _host(["db", "sql", "data", "dbproxy", "rep", "mig"]),
    "ohost": _host(["ora", "orarac", "oradg", "exa"]),
    "phost": _host(["pg", "pgsql", "patroni", "pgb"]),
    "mhost": _host(["mysql", "maria", "galera", "proxysql"]),
    "shost": _host(["mssql", "sqlsrv", "sqlag", "ssis"]),
    "mghost": _host(["mongo", "mdb", "rs0"]),
    "chost": _host(["cass", "cassandra", "scylla"]),
    "rhost": _host(["redis", "valkey", "cache"]),
    "dhost": _host(["db2", "db2luw"]),
    "thost": _host(["td", "tdprod", "vantage"]),
    "hhost": _host(["hana", "s4hana", "bwhana"]),
    "user": lambda: _c(_DBUSERS),
    "person": lambda: _c(_PERSONS),
    "tns": lambda: _c(_TNS),
    "db": lambda: _c(_DBS),
    "schema": lambda: _c(_SCHEMAS),
    "table": lambda: _c(_TABLES),
    "region": lambda: _c(_REGIONS),
    "cluster": lambda: _c(_CLUSTERS),
    "pgcl": lambda: _c(["pg-orders-main", "pg-ledger", "pg-claims-ha", "pg-billing", "pg-catalog-01", "pg-hr-core"]),
    "mycl": lambda: _c(["mysql-shop-a", "galera-crm", "mysql-loyalty", "pxc-orders", "maria-billing"]),
    "mgcl": lambda: _c(["mongo-events", "mongo-telemetry", "atlas-orders", "mdb-catalog"]),
    "cscl": lambda: _c(["cass-telemetry", "cass-iot", "scylla-events", "cass-ledger-audit"]),
    "ns": lambda: _c(_K8SNS),
    "path": lambda: _c(_PATHS),
    "ver": lambda: _c(_VERSIONS),
    "org": lambda: _c(_ORGS),
    "date": _date,
    "time": _time,
    "ts": lambda: _date() + "T" + _time() + "." + str(_i(100, 999)) + "Z",
    "ticket": lambda: "%s-%d" % (_c(_TICKETS), _i(100, 9999)),
    "acct": lambda: str(_i(10 ** 11, 10 ** 12 - 1)),
    "uuid": _uuid,
    "sha": lambda: _hex(40),
    "sha7": lambda: _hex(7),
    "sha256": lambda: _hex(64),
    "md5": lambda: _hex(32),
    "hex16": lambda: _hex(16),
    "hex8": lambda: _hex(8),
    "pid": lambda: str(_i(1200, 99999)),
    "n": lambda: str(_i(2, 98)),
    "big": lambda: str(_i(10 ** 6, 10 ** 9)),
    "ip": lambda: _c(["10.%d.%d.%d" % (_i(0, 255), _i(0, 255), _i(2, 254)),
                      "172.%d.%d.%d" % (_i(16, 31), _i(0, 255), _i(2, 254)),
                      "192.168.%d.%d" % (_i(0, 255), _i(2, 254))]),
    "bucket": lambda: "%s-%s-%s" % (_c(_ORGS), _c(["dms-staging", "db-backups", "rman-offsite", "pgbackrest",
                                                     "dump-exports", "mig-landing", "wal-archive"]), _c(_ENVS)),
    "email": lambda: "%s.%s@%s.%s" % (_c(_PERSONS).lower(), _c(["k", "m", "r", "s", "t", "b"]), _c(_ORGS), _c(_TLDS)),
    "dur": lambda: "%dm%02ds" % (_i(0, 59), _i(0, 59)),
    "pod": lambda: "%s-%s-%s" % (_c(_CLUSTERS), _s(_LOW + _DIG, 10), _s(_LOW + _DIG, 5)),
    "objid": lambda: _hex(24),
    "sqlid": lambda: _s("0123456789abcdfghjkmnpqrstuvwxyz", 13),
    "scn": lambda: str(_i(10 ** 10, 10 ** 13)),
    "dbid": lambda: str(_i(10 ** 9, 4 * 10 ** 9)),
    "gtid": lambda: _uuid().upper() + ":1-" + str(_i(1000, 9999999)),
    "lsn": lambda: "%X/%X" % (_i(0, 400), _i(0, 0xFFFFFFF)),
    "fp": lambda: ":".join(_s("0123456789ABCDEF", 2) for _ in range(20)),
    "fp16": lambda: ":".join(_s("0123456789abcdef", 2) for _ in range(16)),
    "sshfp": lambda: "SHA256:" + _b64b(32).rstrip("="),
    "keyid": lambda: _s("0123456789ABCDEF", 16),
    "b64pub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64b(32)[:43],
    "b64rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + _b64b(256),
    "reqid": lambda: _s(_UP + _DIG, 16) + "-" + _s(_UP + _DIG, 8),
    "trace": lambda: "00-%s-%s-01" % (_hex(32), _hex(16)),
    "etag": lambda: _hex(32) + "-" + str(_i(2, 400)),
    "pct": lambda: str(_i(1, 99)),
}


class _Vals(dict):
    def __missing__(self, key):
        if key.startswith("K_"):
            kf = _kind(key[2:].split("__")[0])
            val = _fresh(lambda: kf(self))
        else:
            base = key if key in _PH else key.rstrip("0123456789")
            if base not in _PH and key[-1] in "bcdefg":
                base = key[:-1]
            if base not in _PH:
                raise KeyError("unknown placeholder " + key)
            val = _PH[base]()
        self[key] = val
        return val


_PAT = re.compile(r"@\{(\?[^}]*|[A-Za-z_][A-Za-z0-9_]*)\}")


def _fill(tpl, vals):
    def rep(m):
        name = m.group(1)
        if name.startswith("?"):
            return _c(name[1:].split("|"))
        return vals[name]
    return _PAT.sub(rep, tpl)


def _clean(t):
    return textwrap.dedent(t).strip("\n")


def _make_secret(group, tpl):
    fmt, kind, text, vis = tpl
    vals = _Vals()
    kf = _kind(kind)
    sec = _fresh(lambda: kf(vals))
    vals["S"] = sec
    txt = _fill(_clean(text), vals)
    visible = _fill(vis, vals) if vis else ""
    return (group, fmt, txt, sec, visible)


def _build_secrets(groups):
    out, seen = [], set()
    for group, tpls in groups:
        for t in tpls:
            if t[0] in seen:
                raise ValueError("duplicate format " + t[0])
            seen.add(t[0])
        made = 0
        for _round in range(3):
            for t in tpls:
                if made >= 185:
                    break
                out.append(_make_secret(group, t))
                made += 1
        if made < 185:
            raise ValueError("group %s has too few templates" % group)
    return out


# ================================================================ command
_T_COMMAND = [
    ("sqlplus-userpass-at-tns", "pwo", r"""
        $ sqlplus -L system/@{S}@@{tns} @/home/oracle/scripts/check_fra.sql
        """, "@/home/oracle/scripts/check_fra.sql"),
    ("sqlplus-ezconnect-as-sysdba", "pwo", r"""
        $ sqlplus -s "sys/@{S}@//@{ohost}:1521/@{tns} as sysdba" <<< "select open_mode, database_role from v\$database;"
        """, "@{ohost}:1521"),
    ("rman-target-auxiliary-duplicate", "pwo", r"""
        [oracle@@{ohost} ~]$ rman target sys/@{S}@@{tns}_PRIM auxiliary sys/@{S}@@{tns}_STBY log=/tmp/dup_@{date}.log
        """, "rman target sys/"),
    ("expdp-inline-userid", "pwo", r"""
        expdp system/@{S}@@{tns} schemas=@{schema} directory=DP_DIR dumpfile=@{schema}_%U.dmp parallel=4 logfile=exp_@{schema}.log
        """, "directory=DP_DIR"),
    ("impdp-encryption-password-flag", "pwa", r"""
        impdp /@@{tns} directory=DP_DIR dumpfile=@{schema}_@{date}_%U.dmp ENCRYPTION_PASSWORD=@{S} remap_schema=@{schema}:@{schema}_MIG table_exists_action=replace
        """, "remap_schema=@{schema}:@{schema}_MIG"),
    ("dgmgrl-inline-connect", "pwo", r"""
        dgmgrl sys/@{S}@@{tns}_DGMGRL "show configuration verbose"
        """, "show configuration verbose"),
    ("orapwd-create-password-file", "pwo", r"""
        orapwd file=$ORACLE_HOME/dbs/orapw@{tns} password=@{S} entries=10 format=12.2 force=y
        """, "format=12.2"),
    ("mkstore-create-credential-positional", "pw", r"""
        mkstore -wrl /u01/app/oracle/wallet -createCredential @{tns} @{user} '@{S}'
        """, "-createCredential @{tns} @{user}"),
    ("orapki-wallet-create-pwd", "pw", r"""
        orapki wallet create -wallet /etc/oracle/wallet/@{tns} -pwd '@{S}' -auto_login_local
        """, "/etc/oracle/wallet/@{tns}"),
    ("sqlldr-userid-control", "pwo", r"""
        sqlldr userid=@{user}/@{S}@@{tns} control=load_@{table}.ctl log=load_@{table}.log bad=load_@{table}.bad direct=true
        """, "control=load_@{table}.ctl"),
    ("sqlcmd-sa-capital-p", "pw", r"""
        sqlcmd -S tcp:@{shost},1433 -U sa -P '@{S}' -C -Q "SELECT @@SERVERNAME, @@VERSION"
        """, "tcp:@{shost},1433"),
    ("bcp-out-user-password", "pwa", r"""
        bcp @{db}.dbo.@{table} out /data/export/@{table}.dat -S @{shost} -U @{user} -P @{S} -c -t"|" -b 50000
        """, "@{db}.dbo.@{table}"),
    ("invoke-sqlcmd-powershell-password", "pw", r"""
        PS C:\dba> Invoke-Sqlcmd -ServerInstance "@{shost}" -Username "@{user}" -Password "@{S}" -Query "EXEC sp_readerrorlog 0, 1, N'Login failed'" -TrustServerCertificate
        """, "sp_readerrorlog"),
    ("dtexec-decrypt-switch", "ssisdecrypt", r"""
        dtexec /F "D:\SSIS\Packages\Load_@{table}.dtsx" /De "@{S}" /Set \Package.Variables[User::BatchDate].Value;@{date} /Rep EW
        """, "Load_@{table}.dtsx"),
    ("sqlpackage-source-password", "pw", r"""
        SqlPackage /Action:Export /SourceServerName:@{shost} /SourceDatabaseName:@{db} /SourceUser:@{user} /SourcePassword:@{S} /TargetFile:D:\bacpac\@{db}_@{date}.bacpac
        """, "/SourceDatabaseName:@{db}"),
    ("docker-run-mssql-sa-env", "pw", r"""
        docker run -e "ACCEPT_EULA=Y" -e "MSSQL_SA_PASSWORD=@{S}" -p 14330:1433 --name mig-target -d mcr.microsoft.com/mssql/server:2022-latest
        """, "mcr.microsoft.com/mssql/server:2022-latest"),
    ("mysql-dash-p-attached", "pwa", r"""
        mysql -h @{mhost} -u root -p@{S} -e "SHOW REPLICA STATUS\G" | grep -E "Running|Behind"
        """, "SHOW REPLICA STATUS"),
    ("mysqldump-password-long-flag", "pw", r"""
        mysqldump --single-transaction --routines --triggers --set-gtid-purged=OFF -h @{mhost} -u @{user} --password='@{S}' @{db} | gzip > /backup/@{db}_@{date}.sql.gz
        """, "--single-transaction"),
    ("mysqladmin-set-new-root-password", "pw", r"""
        mysqladmin -u root -p'@{K_pwa}' password '@{S}'
        """, "mysqladmin -u root"),
    ("mysqlsh-uri-inline", "pwu", r"""
        mysqlsh --uri @{user}:@{S}@@{mhost}:3306 --sql -e "SELECT * FROM performance_schema.replication_group_members"
        """, "replication_group_members"),
    ("pt-osc-dsn-p-key", "pwa", r"""
        pt-online-schema-change --alter "ADD INDEX idx_created (created_at)" D=@{db},t=@{table},h=@{mhost},u=@{user},p=@{S} --max-lag=5 --execute
        """, "D=@{db},t=@{table}"),
    ("gh-ost-password-flag", "pw", r"""
        gh-ost --host=@{mhost} --user=@{user} --password='@{S}' --database=@{db} --table=@{table} --alter="MODIFY amount DECIMAL(18,4)" --allow-on-master --execute
        """, "--database=@{db}"),
    ("mariabackup-user-password", "pwa", r"""
        mariabackup --backup --target-dir=/backup/full_$(date +%F) --user=@{user} --password=@{S} --parallel=4
        """, "--target-dir=/backup/full_"),
    ("xtrabackup-encrypt-key-flag", "an32", r"""
        xtrabackup --backup --stream=xbstream --encrypt=AES256 --encrypt-key=@{S} --target-dir=/tmp | ssh backup@@{host} "cat > /vault/@{db}_@{date}.xbstream"
        """, "--encrypt=AES256"),
    ("pgpassword-env-prefix-psql", "pw", r"""
        PGPASSWORD='@{S}' psql -h @{phost} -U @{user} -d @{db} -c '\dt+ @{schema}.*'
        """, "psql -h @{phost}"),
    ("psql-keyword-conninfo", "pwa", r"""
        psql "host=@{phost} port=5432 dbname=@{db} user=@{user} password=@{S} sslmode=verify-full" -f post_migration_checks.sql
        """, "post_migration_checks.sql"),
    ("pg-dump-url-directory-format", "pwu", r"""
        pg_dump "postgresql://@{user}:@{S}@@{phost}:5432/@{db}?sslmode=require" -Fd -j 6 -f /dump/@{db}_@{date}
        """, "-Fd -j 6"),
    ("pg-basebackup-dbname-string", "pwa", r"""
        pg_basebackup -d "host=@{phost} user=replicator password=@{S}" -D /var/lib/pgsql/16/data -X stream -R -P -C -S standby_@{n}
        """, "-X stream -R"),
    ("pgloader-mysql-to-pg-uris", "pwu", r"""
        pgloader --with "prefetch rows = 10000" mysql://@{user}:@{S}@@{mhost}/@{db} postgresql://loader@@{phost}/@{db}
        """, "postgresql://loader@@{phost}/@{db}"),
    ("pgbackrest-cipher-pass-cli", "rndl", r"""
        sudo -u postgres pgbackrest --stanza=@{pgcl} --repo1-cipher-type=aes-256-cbc --repo1-cipher-pass='@{S}' stanza-create
        """, "--stanza=@{pgcl}"),
    ("curl-patroni-switchover-basic", "pwa", r"""
        curl -s -u patroni:@{S} -XPOST http://@{phost}:8008/switchover -d '{"leader":"@{pgcl}-0","candidate":"@{pgcl}-1"}'
        """, "/switchover"),
    ("mongosh-srv-uri-eval", "pwu", r"""
        mongosh "mongodb+srv://@{user}:@{S}@@{mgcl}.@{K_low5}.mongodb.net/admin" --quiet --eval "rs.status().members.map(m => m.stateStr)"
        """, "rs.status()"),
    ("mongodump-password-oplog", "pw", r"""
        mongodump --host rs0/@{mghost}:27017 --username @{user} --password '@{S}' --authenticationDatabase admin --oplog --gzip --archive=/backup/mongo_@{date}.gz
        """, "--authenticationDatabase admin"),
    ("mongorestore-uri-nsfrom", "pwu", r"""
        mongorestore --uri="mongodb://@{user}:@{S}@@{mghost}:27017/?authSource=admin" --nsFrom='@{db}.*' --nsTo='@{db}_restore.*' --gzip --archive=mongo_@{date}.gz
        """, "--nsTo='@{db}_restore.*'"),
    ("cqlsh-inline-credentials", "pw", r"""
        cqlsh @{chost} 9042 -u @{user} -p '@{S}' --ssl -e "DESCRIBE KEYSPACES"
        """, "DESCRIBE KEYSPACES"),
    ("nodetool-jmx-pw-flag", "pwa", r"""
        nodetool -h @{chost} -u jmxadmin -pw @{S} repair -pr --full @{db}
        """, "repair -pr --full"),
    ("dsbulk-unload-password", "pw", r"""
        dsbulk unload -h @{chost} -u @{user} -p '@{S}' -k @{db} -t @{table} -url /data/export/@{table} --connector.csv.maxConcurrentFiles 4
        """, "-k @{db} -t @{table}"),
    ("redis-cli-dash-a", "pw", r"""
        redis-cli -h @{rhost} -p 6379 -a '@{S}' --no-auth-warning INFO replication
        """, "INFO replication"),
    ("redis-cli-tls-uri", "pwu", r"""
        redis-cli -u rediss://@{user}:@{S}@@{rhost}:6380/0 --scan --pattern 'sess:*' | head
        """, "--pattern 'sess:*'"),
    ("redis-config-set-requirepass", "pw", r"""
        redis-cli -h @{rhost} CONFIG SET requirepass "@{S}" && redis-cli -h @{rhost} CONFIG REWRITE
        """, "CONFIG REWRITE"),
    ("db2-connect-using-clause", "pw", r"""
        db2 "connect to @{db} user db2inst1 using '@{S}'" && db2 "list tablespaces show detail" > ts_@{date}.txt
        """, "list tablespaces show detail"),
    ("clpplus-ezconnect", "pwo", r"""
        clpplus -nw @{user}/@{S}@@{dhost}:50000/@{db} @check_hadr.sql
        """, "@check_hadr.sql"),
    ("bteq-heredoc-logon", "pwa", r"""
        $ bteq <<'EOF'
        .logon @{thost}/@{user},@{S}
        SELECT TableName, CurrentPerm FROM DBC.TableSizeV WHERE DatabaseName='@{schema}';
        .logoff
        .quit
        EOF
        """, "DBC.TableSizeV"),
    ("tbuild-job-variable-inline", "pwa", r"""
        tbuild -f load_@{table}.tpt -u "TargetTdpId='@{thost}', TargetUserName='@{user}', TargetUserPassword='@{S}'" -j load_@{table}_@{n}
        """, "tbuild -f load_@{table}.tpt"),
    ("tdwallet-add-from-echo", "tdwallet", r"""
        echo '@{S}' | tdwallet add @{user}_pw && tdwallet list
        """, "tdwallet list"),
    ("hdbsql-inline-password", "pw", r"""
        hdbsql -n @{hhost}:30015 -d SYSTEMDB -u SYSTEM -p '@{S}' "SELECT DATABASE_NAME, ACTIVE_STATUS FROM M_DATABASES"
        """, "M_DATABASES"),
    ("hdbuserstore-set-key", "pw", r"""
        hdbuserstore SET BKPKEY @{hhost}:30013@SYSTEMDB BACKUP_OPERATOR '@{S}'
        """, "hdbuserstore SET BKPKEY"),
    ("aws-dms-create-endpoint-password", "pw", r"""
        aws dms create-endpoint --endpoint-identifier src-@{tns} --endpoint-type source \
          --engine-name oracle --server-name @{ohost} --port 1521 \
          --username @{user} --password '@{S}' --database-name @{tns} --region @{region}
        """, "--endpoint-identifier src-@{tns}"),
    ("aws-dms-modify-endpoint-mongo-settings", "pwa", r"""
        aws dms modify-endpoint --endpoint-arn arn:aws:dms:@{region}:@{acct}:endpoint:@{K_up26} \
          --mongo-db-settings '{"Username":"@{user}","Password":"@{S}","ServerName":"@{mghost}","Port":27017,"AuthSource":"admin","NestingLevel":"one"}'
        """, "--mongo-db-settings"),
    ("flyway-cli-password-arg", "pw", r"""
        flyway -url=jdbc:postgresql://@{phost}:5432/@{db} -user=@{user} -password='@{S}' -locations=filesystem:sql/@{db} migrate
        """, "-locations=filesystem:sql/@{db}"),
    ("liquibase-update-password-arg", "pw", r"""
        liquibase --changelog-file=db.changelog-master.xml --url="jdbc:oracle:thin:@//@{ohost}:1521/@{tns}" --username=@{user} --password="@{S}" update
        """, "db.changelog-master.xml"),
    ("ora2pg-dash-w-password", "pw", r"""
        ora2pg -t TABLE -s "dbi:Oracle:host=@{ohost};service_name=@{tns};port=1521" -u @{user} -w '@{S}' -n @{schema} -o tables.sql -b ./schema/tables
        """, "-o tables.sql"),
    ("sqoop-import-password", "pw", r"""
        sqoop import --connect jdbc:oracle:thin:@//@{ohost}:1521/@{tns} --username @{user} --password '@{S}' --table @{schema}.@{table} --target-dir /landing/@{table} -m 8
        """, "--target-dir /landing/@{table}"),
    ("curl-basic-user-colon-pass", "pw", r"""
        curl -sk -u admin:'@{S}' https://@{host}:8443/api/v1/backups?status=failed | jq '.[].id'
        """, "/api/v1/backups?status=failed"),
    ("curl-digest-opsmanager-keypair", "uuidsec", r"""
        curl --user "@{K_low8}:@{S}" --digest -H "Accept: application/json" "https://opsmgr.@{org}.internal:8443/api/public/v1.0/groups/@{objid}/automationStatus"
        """, "automationStatus"),
    ("sshpass-inline", "pw", r"""
        sshpass -p '@{S}' ssh -o StrictHostKeyChecking=no oracle@@{ohost} 'tail -200 /u01/app/oracle/diag/rdbms/@{tns}/@{tns}/trace/alert_@{tns}.log'
        """, "oracle@@{ohost}"),
    ("openssl-enc-pass-pass", "phrase", r"""
        pg_dumpall -h @{phost} -U postgres --globals-only | openssl enc -aes-256-cbc -pbkdf2 -salt -pass pass:@{S} -out globals_@{date}.sql.enc
        """, "--globals-only"),
    ("sevenzip-dash-p-attached", "pw", r"""
        7z a -t7z -mhe=on -p'@{S}' /backup/@{db}_@{date}.7z /backup/@{db}_@{date}.bak
        """, "/backup/@{db}_@{date}.7z"),
    ("zip-capital-p-password", "pwa", r"""
        zip -P @{S} recon_exports_@{date}.zip @{table}_diff.csv @{table}_missing.csv
        """, "recon_exports_@{date}.zip"),
    ("gpg-batch-passphrase", "phrase", r"""
        gpg --batch --yes --pinentry-mode loopback --passphrase '@{S}' -d tde_wallet_@{tns}.tar.gpg | tar xv -C /u01/app/oracle/admin/@{tns}/wallet
        """, "--pinentry-mode loopback"),
    ("keytool-storepass-import", "pw", r"""
        keytool -importcert -alias @{host} -file ca_chain.pem -keystore /opt/app/truststore.jks -storepass '@{S}' -noprompt
        """, "-alias @{host}"),
    ("openssl-pkcs12-passout", "pwa", r"""
        openssl pkcs12 -export -in client.crt -inkey client.key -certfile ca.crt -out mongo_client.p12 -passout pass:@{S}
        """, "-out mongo_client.p12"),
    ("smbclient-user-percent-pass", "pwa", r"""
        smbclient //@{host}/sqlbackups -U 'CORP\svc_sqlbak%@{S}' -c 'cd FULL; get @{db}_FULL_@{date}.bak'
        """, "//@{host}/sqlbackups"),
    ("ldapsearch-bind-w", "pw", r"""
        ldapsearch -H ldaps://ad01.@{org}.corp -D "cn=svc_tdldap,ou=service,dc=@{org},dc=corp" -w '@{S}' -b "dc=@{org},dc=corp" "(sAMAccountName=@{person})" memberOf
        """, "(sAMAccountName=@{person})"),
    ("kubectl-create-secret-from-literal", "pw", r"""
        kubectl -n @{ns} create secret generic pg-app-creds --from-literal=username=@{user} --from-literal=password='@{S}' --dry-run=client -o yaml | kubectl apply -f -
        """, "pg-app-creds"),
    ("mysql-e-change-replication-source", "pw", r"""
        mysql -e "CHANGE REPLICATION SOURCE TO SOURCE_HOST='@{mhost}', SOURCE_USER='repl', SOURCE_PASSWORD='@{S}', SOURCE_AUTO_POSITION=1, SOURCE_SSL=1; START REPLICA;"
        """, "SOURCE_AUTO_POSITION=1"),
    ("psql-c-alter-role-valid-until", "pw", r"""
        psql -d @{db} -c "ALTER ROLE @{user} WITH PASSWORD '@{S}' VALID UNTIL '2025-12-31'"
        """, "VALID UNTIL '2025-12-31'"),
    ("sqlcmd-windows-auth-create-login", "pw", r"""
        sqlcmd -S @{shost} -E -Q "CREATE LOGIN [@{user}] WITH PASSWORD = N'@{S}', CHECK_POLICY = ON, DEFAULT_DATABASE = [@{db}]"
        """, "CHECK_POLICY = ON"),
    ("export-mysql-pwd-then-run", "pw", r"""
        export MYSQL_PWD='@{S}'; mysql -h @{mhost} -u @{user} -N -e "SELECT COUNT(*) FROM @{db}.@{table}"
        """, "SELECT COUNT(*) FROM @{db}.@{table}"),
    ("isql-sap-ase-attached-flags", "pwa", r"""
        isql -Usa -P@{S} -S@{K_up6}_ASE -w999 -i check_logsegment.sql
        """, "check_logsegment.sql"),
    ("az-sql-server-create-admin-password", "pw", r"""
        az sql server create -g rg-@{db}-mig -n sql-@{db}-target -l westeurope --admin-user sqladmin --admin-password '@{S}'
        """, "--admin-user sqladmin"),
    ("aws-rds-modify-master-password", "pw", r"""
        aws rds modify-db-instance --db-instance-identifier @{db}-prod --master-user-password '@{S}' --apply-immediately --region @{region}
        """, "--db-instance-identifier @{db}-prod"),
    ("gcloud-sql-users-set-password", "pw", r"""
        gcloud sql users set-password postgres --instance=@{db}-pg15 --password='@{S}' --project=@{org}-data-@{n}
        """, "--instance=@{db}-pg15"),
    ("echo-pipe-sudo-stdin", "pw", r"""
        echo '@{S}' | sudo -S -u oracle /u01/app/oracle/product/19c/OPatch/opatch lsinventory | grep -i "patch description"
        """, "opatch lsinventory"),
    ("mysql-defaults-extra-heredoc", "pw", r"""
        mysql --defaults-extra-file=<(printf '[client]\nuser=%s\npassword=%s\n' @{user} '@{S}') -h @{mhost} -e 'SELECT @@gtid_executed'
        """, "--defaults-extra-file"),
    ("mongosh-eval-db-auth", "pw", r"""
        mongosh --host @{mghost} --eval 'db.getSiblingDB("admin").auth("@{user}", "@{S}"); printjson(db.serverStatus().connections)'
        """, "serverStatus().connections"),
    ("goldengate-ggsci-dblogin", "pwo", r"""
        GGSCI (@{ohost}) 1> DBLOGIN USERID c##ggadmin@@{tns}, PASSWORD @{S}
        """, "DBLOGIN USERID c##ggadmin"),
    ("expect-script-send-password", "pw", r"""
        #!/usr/bin/expect -f
        spawn sqlplus @{user}@@{tns}
        expect "Enter password:"
        send "@{S}\r"
        interact
        """, "spawn sqlplus @{user}@@{tns}"),
    ("shell-line-continuation-password-own-line", "pw", r"""
        aws rds create-db-instance --db-instance-identifier @{db}-mig \
          --engine sqlserver-se --license-model license-included \
          --master-username sqladmin \
          --master-user-password \
            '@{S}' \
          --allocated-storage 500 --db-instance-class db.m6i.xlarge
        """, "--master-username sqladmin"),
]


# ================================================================ tool-output
_T_TOOL = [
    ("ps-ef-sqlplus-argv", "pwo", r"""
        $ ps -ef | grep [s]qlplus
        oracle   @{pid}  @{pid2}  0 02:10 ?        00:00:01 sqlplus -s @{user}/@{S}@@{tns} @/home/oracle/scripts/nightly_stats.sql
        """, "nightly_stats.sql"),
    ("ps-aux-mysqldump-argv", "pwa", r"""
        $ ps aux | grep mysqldump
        mysql    @{pid}  12.4  0.3 215432 48120 ?  S  01:00  3:12 mysqldump -h @{mhost} -u @{user} -p@{S} --all-databases --single-transaction
        """, "--all-databases"),
    ("proc-environ-dump", "pw", r"""
        $ sudo cat /proc/@{pid}/environ | tr '\0' '\n' | grep -i -E 'pg|pass'
        PGHOST=@{phost}
        PGUSER=@{user}
        PGPASSWORD=@{S}
        PGDATABASE=@{db}
        """, "PGHOST=@{phost}"),
    ("env-grep-db-vars", "pw", r"""
        $ env | grep -i -E '^db_'
        DB_HOST=@{host}
        DB_PORT=5432
        DB_USER=@{user}
        DB_PASSWORD=@{S}
        DB_NAME=@{db}
        """, "DB_USER=@{user}"),
    ("docker-inspect-config-env", "pw", r"""
        $ docker inspect mig-pg --format '{{json .Config.Env}}' | jq .
        [
          "POSTGRES_USER=@{user}",
          "POSTGRES_PASSWORD=@{S}",
          "POSTGRES_DB=@{db}",
          "PGDATA=/var/lib/postgresql/data/pgdata"
        ]
        """, "POSTGRES_USER=@{user}"),
    ("kubectl-get-secret-yaml-base64", "b64pw", r"""
        $ kubectl -n @{ns} get secret @{pgcl}-app -o yaml
        apiVersion: v1
        data:
          password: @{S}
          username: YXBwX3J3
        kind: Secret
        metadata:
          name: @{pgcl}-app
          namespace: @{ns}
        type: kubernetes.io/basic-auth
        """, "name: @{pgcl}-app"),
    ("kubectl-jsonpath-base64-decoded", "pw", r"""
        $ kubectl -n @{ns} get secret @{pgcl}-superuser -o jsonpath='{.data.password}' | base64 -d; echo
        @{S}
        """, "@{pgcl}-superuser"),
    ("secretsmanager-get-secret-value-json", "pwa", r"""
        $ aws secretsmanager get-secret-value --secret-id prod/@{db}/dms-source --region @{region}
        {
            "ARN": "arn:aws:secretsmanager:@{region}:@{acct}:secret:prod/@{db}/dms-source-@{K_an6}",
            "Name": "prod/@{db}/dms-source",
            "VersionId": "@{uuid}",
            "SecretString": "{\"username\":\"@{user}\",\"password\":\"@{S}\",\"engine\":\"oracle\",\"host\":\"@{ohost}\",\"port\":1521}",
            "VersionStages": ["AWSCURRENT"]
        }
        """, "\"Name\": \"prod/@{db}/dms-source\""),
    ("vault-kv-get-table", "pw", r"""
        $ vault kv get secret/databases/@{tns}/system
        ======= Secret Path =======
        secret/data/databases/@{tns}/system

        ====== Data ======
        Key         Value
        ---         -----
        password    @{S}
        username    SYSTEM
        """, "secret/data/databases/@{tns}/system"),
    ("vault-read-database-creds-lease", "vaultdyn", r"""
        $ vault read database/creds/@{db}-readonly
        Key                Value
        ---                -----
        lease_id           database/creds/@{db}-readonly/@{K_an24}
        lease_duration     1h
        lease_renewable    true
        password           @{S}
        username           v-token-@{db}-ro-@{K_an20}-@{K_dig10}
        """, "lease_duration     1h"),
    ("terraform-output-json-value", "pw", r"""
        $ terraform output -json
        {
          "db_endpoint": {"sensitive": false, "type": "string", "value": "@{db}.@{K_low12}.@{region}.rds.amazonaws.com:5432"},
          "db_master_password": {"sensitive": true, "type": "string", "value": "@{S}"}
        }
        """, "\"db_endpoint\""),
    ("terraform-state-pull-jq", "pw", r"""
        $ terraform state pull | jq '.resources[] | select(.type=="aws_db_instance") | .instances[0].attributes | {identifier, username, password}'
        {
          "identifier": "@{db}-prod",
          "username": "dbadmin",
          "password": "@{S}"
        }
        """, "\"identifier\": \"@{db}-prod\""),
    ("helm-get-values-output", "pw", r"""
        $ helm -n @{ns} get values @{pgcl}
        USER-SUPPLIED VALUES:
        architecture: replication
        auth:
          database: @{db}
          postgresPassword: @{S}
          username: @{user}
        """, "architecture: replication"),
    ("mysql-slave-master-info-vertical", "pw", r"""
        mysql> SELECT * FROM mysql.slave_master_info\G
        *************************** 1. row ***************************
               Number_of_lines: 33
               Master_log_name: mysql-bin.@{K_dig6}
                Master_log_pos: @{big}
                          Host: @{mhost}
                     User_name: repl
                 User_password: @{S}
                          Port: 3306
        """, "User_name: repl"),
    ("proxysql-mysql-users-table", "pwa", r"""
        Admin> SELECT username, password, default_hostgroup, active FROM mysql_users;
        +--------------+--------------------------+-------------------+--------+
        | username     | password                 | default_hostgroup | active |
        +--------------+--------------------------+-------------------+--------+
        | @{user}      | @{S}                     | 10                | 1      |
        +--------------+--------------------------+-------------------+--------+
        1 row in set (0.00 sec)
        """, "default_hostgroup"),
    ("proxysql-admin-credentials-variable", "pwa", r"""
        Admin> SELECT * FROM global_variables WHERE variable_name='admin-admin_credentials';
        +-------------------------+--------------------------------------+
        | variable_name           | variable_value                       |
        +-------------------------+--------------------------------------+
        | admin-admin_credentials | admin:admin;radmin:@{S}              |
        +-------------------------+--------------------------------------+
        """, "admin-admin_credentials"),
    ("pg-subscription-conninfo-row", "pwa", r"""
        @{db}=# SELECT subname, subconninfo FROM pg_subscription;
             subname      |                                   subconninfo
        ------------------+-------------------------------------------------------------------------
         sub_@{db}_cutover | host=@{phost} port=5432 dbname=@{db} user=@{user} password=@{S} sslmode=require
        (1 row)
        """, "sub_@{db}_cutover"),
    ("pg-user-mappings-umoptions", "pwa", r"""
        @{db}=# SELECT srvname, usename, umoptions FROM pg_user_mappings;
          srvname   | usename |               umoptions
        ------------+---------+---------------------------------------
         ora_@{db}  | app     | {user=@{user},password=@{S}}
        (1 row)
        """, "ora_@{db}"),
    ("show-primary-conninfo-output", "pwa", r"""
        postgres=# SHOW primary_conninfo;
                                        primary_conninfo
        ---------------------------------------------------------------------------------
         user=replicator password=@{S} channel_binding=prefer host=@{phost} port=5432 sslmode=prefer application_name=@{pgcl}-1
        (1 row)
        """, "application_name=@{pgcl}-1"),
    ("mkstore-viewentry-output", "pw", r"""
        $ mkstore -wrl /u01/app/oracle/wallet -viewEntry oracle.security.client.password1
        Oracle Secret Store Tool Release 19.0.0.0.0 - Production
        Version 19.4.0.0.0
        Copyright (c) 2004, 2023, Oracle and/or its affiliates. All rights reserved.

        Enter wallet password:
        oracle.security.client.password1 = @{S}
        """, "Oracle Secret Store Tool"),
    ("dbatools-export-linkedserver-script", "pw", r"""
        PS> Export-DbaLinkedServer -SqlInstance @{shost} -LinkedServer ORA_@{tns} -Path C:\temp
        EXEC master.dbo.sp_addlinkedserver @server = N'ORA_@{tns}', @srvproduct=N'Oracle', @provider=N'OraOLEDB.Oracle', @datasrc=N'@{tns}'
        EXEC master.dbo.sp_addlinkedsrvlogin @rmtsrvname = N'ORA_@{tns}', @useself = N'False', @locallogin = NULL, @rmtuser = N'@{user}', @rmtpassword = N'@{S}'
        """, "Export-DbaLinkedServer"),
    ("dbatools-export-credential-script", "pw", r"""
        PS> Export-DbaCredential -SqlInstance @{shost} -Identity 'CORP\svc_ssis'
        CREATE CREDENTIAL [SSIS_Proxy_Cred] WITH IDENTITY = N'CORP\svc_ssis', SECRET = N'@{S}'
        GO
        """, "CREATE CREDENTIAL [SSIS_Proxy_Cred]"),
    ("powershell-env-drive-listing", "pw", r"""
        PS C:\> Get-ChildItem Env: | Where-Object Name -like '*SQL*'

        Name                           Value
        ----                           -----
        SQLCMDSERVER                   @{shost}
        SQLCMDUSER                     @{user}
        SQLCMDPASSWORD                 @{S}
        """, "SQLCMDSERVER"),
    ("systemctl-show-environment", "pwa", r"""
        $ systemctl show pgbouncer-exporter -p Environment
        Environment=PGBOUNCER_EXPORTER_HOST=127.0.0.1 DATA_SOURCE_NAME=postgres://pgb_stats:@{S}@localhost:6432/pgbouncer?sslmode=disable
        """, "PGBOUNCER_EXPORTER_HOST=127.0.0.1"),
    ("crontab-list-mysql-password", "pwa", r"""
        $ crontab -l -u mysql
        30 1 * * * /opt/scripts/rotate_binlogs.sh > /dev/null 2>&1
        */15 * * * * /usr/bin/mysql -u monitor -p@{S} -e "SELECT NOW()" >> /var/log/mysql_ping.log 2>&1
        """, "rotate_binlogs.sh"),
    ("bash-history-grep-output", "pw", r"""
        $ history | grep -i mysql | tail -3
          512  mysql -uroot -p'@{S}' -h @{mhost} -e 'STOP REPLICA'
          513  mysql --login-path=@{mycl} -e 'SHOW REPLICA STATUS\G'
          514  history | grep -i mysql | tail -3
        """, "--login-path=@{mycl}"),
    ("git-diff-added-yaml-password", "pw", r"""
        $ git diff HEAD~1 -- deploy/values-prod.yaml
        @@ -12,7 +12,7 @@ postgresql:
           auth:
             username: @{user}
        -    existingSecret: pg-app
        +    password: "@{S}"
             database: @{db}
        """, "deploy/values-prod.yaml"),
    ("git-show-dotenv-commit", "pw", r"""
        $ git show @{sha7} -- .env
        commit @{sha}
        Author: @{person} <@{email}>
        Date:   @{date}

            quick fix for local migration run

        +DB_HOST=@{host}
        +DB_PASSWORD=@{S}
        """, "quick fix for local migration run"),
    ("grep-rn-password-hit", "pw", r"""
        $ grep -rn "password" conf/ --include=*.conf
        conf/flyway-prod.conf:4:flyway.password=@{S}
        conf/flyway-dev.conf:4:flyway.password=${FLYWAY_PASSWORD}
        """, "conf/flyway-dev.conf:4"),
    ("ssm-get-parameter-decrypted", "pw", r"""
        $ aws ssm get-parameter --name /@{db}/prod/master_password --with-decryption
        {
            "Parameter": {
                "Name": "/@{db}/prod/master_password",
                "Type": "SecureString",
                "Value": "@{S}",
                "Version": @{n},
                "LastModifiedDate": "@{ts}"
            }
        }
        """, "\"Type\": \"SecureString\""),
    ("az-keyvault-secret-show-json", "pw", r"""
        $ az keyvault secret show --vault-name kv-dba-@{org} --name sql-@{db}-sa
        {
          "attributes": {"enabled": true, "recoveryLevel": "Recoverable+Purgeable"},
          "id": "https://kv-dba-@{org}.vault.azure.net/secrets/sql-@{db}-sa/@{md5}",
          "name": "sql-@{db}-sa",
          "value": "@{S}"
        }
        """, "\"name\": \"sql-@{db}-sa\""),
    ("gcloud-secrets-access-stdout", "pw", r"""
        $ gcloud secrets versions access latest --secret=cloudsql-@{db}-postgres --project=@{org}-data
        @{S}
        """, "--secret=cloudsql-@{db}-postgres"),
    ("docker-compose-config-rendered", "pw", r"""
        $ docker compose config | sed -n '/mariadb:/,/ports:/p'
          mariadb:
            environment:
              MARIADB_DATABASE: @{db}
              MARIADB_ROOT_PASSWORD: @{S}
            image: mariadb:10.11
            ports:
        """, "image: mariadb:10.11"),
    ("heroku-config-vars-output", "pwa", r"""
        $ heroku config -a @{db}-api
        === @{db}-api Config Vars
        DATABASE_URL:  postgres://@{K_low14}:@{S}@ec2-@{K_dig3}-@{K_dig2}.compute-1.amazonaws.com:5432/@{K_low14__b}
        REDIS_TLS_URL: rediss://:p@{K_hex16}@ec2-1-2-3-4.compute-1.amazonaws.com:12345
        """, "=== @{db}-api Config Vars"),
    ("configmap-describe-jdbc-url", "pwu", r"""
        $ kubectl -n @{ns} describe configmap etl-config
        Name:         etl-config
        Namespace:    @{ns}
        Data
        ====
        SOURCE_JDBC_URL:
        ----
        jdbc:mysql://@{mhost}:3306/@{db}?user=@{user}&password=@{S}&useSSL=true
        """, "Name:         etl-config"),
    ("kubectl-secret-jq-base64d", "pw", r"""
        $ kubectl -n mongodb get secret @{mgcl}-admin-user -o json | jq -r '.data | map_values(@base64d)'
        {
          "connectionString.standard": "mongodb://admin@@{mghost}:27017/admin",
          "password": "@{S}",
          "username": "admin"
        }
        """, "@{mgcl}-admin-user"),
    ("redis-config-get-masterauth", "pw", r"""
        127.0.0.1:6379> CONFIG GET masterauth
        1) "masterauth"
        2) "@{S}"
        127.0.0.1:6379> CONFIG GET replicaof
        1) "replicaof"
        2) "@{ip} 6379"
        """, "CONFIG GET replicaof"),
    ("k8ssandra-superuser-decode", "pw", r"""
        $ kubectl get secret @{cscl}-superuser -n k8ssandra-operator -o jsonpath="{.data.password}" | base64 --decode
        @{S}
        $ kubectl get secret @{cscl}-superuser -n k8ssandra-operator -o jsonpath="{.data.username}" | base64 --decode
        @{cscl}-superuser
        """, "k8ssandra-operator"),
    ("ansible-debug-var-output", "pw", r"""
        TASK [postgres_ha : debug] *****************************************************
        ok: [@{phost}] => {
            "pg_replication_password": "@{S}"
        }
        """, "TASK [postgres_ha : debug]"),
    ("terraform-plan-unmarked-password", "pw", r"""
          # aws_db_instance.@{db} will be created
          + resource "aws_db_instance" "@{db}" {
              + allocated_storage = 500
              + engine            = "postgres"
              + engine_version    = "15.6"
              + identifier        = "@{db}-prod"
              + password          = "@{S}"
              + username          = "dbadmin"
            }
        """, "aws_db_instance.@{db} will be created"),
    ("pulumi-config-show-secrets", "pw", r"""
        $ pulumi config --show-secrets
        KEY                  VALUE
        aws:region           @{region}
        dbClusterId          @{cluster}
        dbMasterPassword     @{S}
        """, "dbClusterId"),
    ("sops-decrypt-stdout", "pw", r"""
        $ sops -d secrets/@{db}.prod.enc.yaml
        database:
            host: @{host}
            user: @{user}
            password: @{S}
        """, "secrets/@{db}.prod.enc.yaml"),
    ("ansible-vault-view-output", "pw", r"""
        $ ansible-vault view group_vars/dbservers/vault.yml
        Vault password:
        vault_mysql_root_password: @{S}
        vault_mysql_repl_user: repl
        """, "vault_mysql_repl_user"),
    ("kubectl-exec-env-grep", "pw", r"""
        $ kubectl exec -n @{ns} @{pod} -c postgres -- env | grep ^PG
        PGUSER=@{user}
        PGPASSWORD=@{S}
        PGPORT=5432
        """, "PGPORT=5432"),
    ("docker-exec-printenv-single", "pw", r"""
        $ docker exec mssql-mig printenv MSSQL_SA_PASSWORD
        @{S}
        """, "printenv MSSQL_SA_PASSWORD"),
    ("unzip-jar-application-properties", "pw", r"""
        $ unzip -p ledger-sync.jar BOOT-INF/classes/application.properties | grep datasource
        spring.datasource.url=jdbc:sqlserver://@{shost}:1433;databaseName=@{db};encrypt=true
        spring.datasource.username=@{user}
        spring.datasource.password=@{S}
        """, "spring.datasource.username=@{user}"),
    ("strings-binary-embedded-dsn", "pwa", r"""
        $ strings ./bin/etl-worker | grep -i sslmode
        host=@{phost} port=5432 user=@{user} password=@{S} dbname=@{db} sslmode=require
        """, "./bin/etl-worker"),
    ("airflow-connections-export-env", "pwu", r"""
        $ airflow connections export - --file-format env
        ora_src=oracle://@{user}:@{S}@@{ohost}:1521/?service_name=@{tns}
        s3_landing=aws://
        """, "s3_landing=aws://"),
    ("sql-app-settings-table-row", "pw", r"""
        ledger=> SELECT key, value FROM app_settings WHERE key LIKE 'smtp%';
              key       |       value
        ----------------+--------------------
         smtp_host      | mail.@{org}.internal
         smtp_user      | ledger-notify
         smtp_password  | @{S}
        (3 rows)
        """, "smtp_host"),
    ("oracle-etl-registry-query-row", "pwo", r"""
        SQL> SELECT conn_name, db_user, db_pass FROM etl.connection_registry WHERE conn_name = 'LEGACY_AS400';

        CONN_NAME            DB_USER        DB_PASS
        -------------------- -------------- --------------------
        LEGACY_AS400         @{user}        @{S}
        """, "LEGACY_AS400"),
    ("mariadb-mysql-servers-federated", "pw", r"""
        MariaDB [(none)]> SELECT * FROM mysql.servers\G
        *************************** 1. row ***************************
        Server_name: fed_@{db}
               Host: @{mhost}
                 Db: @{db}
           Username: @{user}
           Password: @{S}
               Port: 3306
        """, "Server_name: fed_@{db}"),
    ("ssisdb-environment-variables-plain", "pw", r"""
        name                 type     sensitive  value
        -------------------- -------- ---------- ---------------------------------
        SourceServer         String   0          @{shost}
        SourceUser           String   0          @{user}
        SourcePassword       String   0          @{S}
        (3 rows affected)
        """, "SourceServer"),
    ("docker-history-build-arg", "pw", r"""
        $ docker history --no-trunc registry.@{org}.internal/dba/ora-client:19 | head -4
        IMAGE          CREATED       CREATED BY                                                      SIZE
        sha256:@{sha256}   3 days ago   |1 ORACLE_PWD=@{S} /bin/sh -c /opt/setup/configure.sh   12.1MB
        """, "/opt/setup/configure.sh"),
    ("git-remote-v-embedded-password", "pwa", r"""
        $ git remote -v
        origin  https://dba-bot:@{S}@git.@{org}.internal/dba/runbooks.git (fetch)
        origin  https://dba-bot:@{S}@git.@{org}.internal/dba/runbooks.git (push)
        """, "dba/runbooks.git"),
    ("ps-redis-server-requirepass", "pw", r"""
        $ ps -o pid,args -C redis-server
            PID COMMAND
          @{pid} /usr/bin/redis-server 0.0.0.0:6379 --requirepass @{S} --appendonly yes
        """, "--appendonly yes"),
    ("kubectl-get-pod-yaml-env-value", "pw", r"""
        $ kubectl -n @{ns} get pod @{pod} -o yaml | grep -A1 DB_PASS
            - name: DB_PASSWORD
              value: @{S}
        """, "name: DB_PASSWORD"),
    ("vault-kv-get-json-format", "pw", r"""
        $ vault kv get -format=json secret/hana/@{K_up3}/system | jq .data
        {
          "data": {
            "password": "@{S}",
            "user": "SYSTEM"
          },
          "metadata": {"created_time": "@{ts}", "version": @{n}}
        }
        """, "\"user\": \"SYSTEM\""),
    ("op-read-stdout", "pw", r"""
        $ op read "op://DBA/@{pgcl} superuser/password"
        @{S}
        """, "op://DBA/@{pgcl} superuser/password"),
    ("bw-get-password-stdout", "pw", r"""
        $ bw get password 'SQL AG @{shost} sa'
        @{S}
        """, "bw get password"),
    ("keepassxc-cli-show-entry", "pw", r"""
        $ keepassxc-cli show -s ~/dba.kdbx 'Oracle/SYS @{tns}'
        Enter password to unlock /home/@{person}/dba.kdbx:
        Title: SYS @{tns}
        UserName: SYS
        Password: @{S}
        URL: @{ohost}:1521
        """, "Title: SYS @{tns}"),
    ("pass-show-multiline", "pw", r"""
        $ pass show db/hana/@{hhost}/SYSTEM
        @{S}
        user: SYSTEM
        url: https://@{hhost}:4300/cockpit
        """, "user: SYSTEM"),
    ("sts-assume-role-credentials-json", "awssk", r"""
        $ aws sts assume-role --role-arn arn:aws:iam::@{acct}:role/dms-migration --role-session-name @{person}-dms
        {
            "Credentials": {
                "AccessKeyId": "@{K_asia}",
                "SecretAccessKey": "@{S}",
                "SessionToken": "IQoJb3JpZ2luX2VjE...(truncated)",
                "Expiration": "@{ts}"
            }
        }
        """, "arn:aws:iam::@{acct}:role/dms-migration"),
    ("rds-generate-db-auth-token-stdout", "rdsig", r"""
        $ aws rds generate-db-auth-token --hostname @{db}.@{K_low12}.@{region}.rds.amazonaws.com --port 5432 --username iam_dba
        @{db}.@{K_low12}.@{region}.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_dba&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@{K_akid}%2F20240612%2F@{region}%2Frds-db%2Faws4_request&X-Amz-Date=20240612T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=@{S}
        """, "DBUser=iam_dba"),
    ("patronictl-show-config-with-auth", "pw", r"""
        $ patronictl -c /etc/patroni/patroni.yml show-config
        loop_wait: 10
        postgresql:
          parameters:
            max_connections: 500
          pg_hba:
          - host replication replicator 10.0.0.0/8 scram-sha-256
          authentication:
            replication:
              password: @{S}
        ttl: 30
        """, "loop_wait: 10"),
    ("pgbouncer-show-config-auth-dbname", "pwa", r"""
        pgbouncer=# SHOW DATABASES;
          name   |     host      | port | database |   force_user   | pool_size
        ---------+---------------+------+----------+----------------+-----------
         @{db}   | @{phost}      | 5432 | @{db}    | @{user}        |        40
        -- pgbouncer.ini line seen in strace: "@{db} = host=@{phost} user=@{user} password=@{S}"
        """, "pool_size"),
    ("cat-netrc-machine-output", "pw", r"""
        $ cat ~/.netrc
        machine nexus.@{org}.internal
          login dba-deploy
          password @{S}
        """, "login dba-deploy"),
    ("cat-pgpass-three-entries", "pwa", r"""
        $ cat ~/.pgpass
        # host:port:db:user:password
        @{phost}:5432:*:replicator:@{S}
        @{phost2}:5432:@{db}:@{user}:${PG_APP_PW}
        """, "# host:port:db:user:password"),
    ("mysql-show-create-user-plain-comment", "pw", r"""
        mysql> SELECT user, host, User_attributes FROM mysql.user WHERE user='@{user}'\G
        *************************** 1. row ***************************
                   user: @{user}
                   host: 10.%
        User_attributes: {"metadata": {"note": "initial pw @{S}, rotate after go-live"}}
        """, "User_attributes"),
    ("bash-command-not-found-pasted-password", "pwa", r"""
        [oracle@@{ohost} ~]$ @{S}
        -bash: @{S}: command not found
        [oracle@@{ohost} ~]$ sqlplus / as sysdba
        """, "command not found"),
    ("sqlplus-password-typed-at-username-prompt", "pwo", r"""
        SQL*Plus: Release 19.0.0.0.0 - Production on @{date}

        Enter user-name: @{S}
        Enter password:
        ERROR:
        ORA-01017: invalid username/password; logon denied
        """, "Enter user-name:"),
]


# ================================================================ config-file
_T_CONFIG = [
    ("pgpass-file-excerpt", "pwa", r"""
        # ~/.pgpass  (chmod 600)
        @{phost}:5432:@{db}:@{user}:@{S}
        *:6432:pgbouncer:pgb_admin:${PGB_ADMIN_PW}
        """, "@{phost}:5432:@{db}:@{user}:"),
    ("my-cnf-client-quoted-password", "pw", r"""
        # /root/.my.cnf
        [client]
        user=root
        password="@{S}"
        socket=/var/run/mysqld/mysqld.sock
        """, "socket=/var/run/mysqld/mysqld.sock"),
    ("my-cnf-mysqldump-section", "pwa", r"""
        [mysqldump]
        user=@{user}
        password=@{S}
        single-transaction
        max_allowed_packet=1G
        """, "max_allowed_packet=1G"),
    ("galera-wsrep-sst-auth", "pwa", r"""
        [galera]
        wsrep_on=ON
        wsrep_cluster_name=@{mycl}
        wsrep_cluster_address=gcomm://@{mhost},@{mhost2}
        wsrep_sst_method=mariabackup
        wsrep_sst_auth=sstuser:@{S}
        """, "wsrep_sst_method=mariabackup"),
    ("proxysql-cnf-admin-credentials", "pwa", r"""
        admin_variables=
        {
            admin_credentials="admin:admin;cluster_@{n}:@{S}"
            mysql_ifaces="0.0.0.0:6032"
            cluster_username="cluster_@{n}"
        }
        """, "mysql_ifaces=\"0.0.0.0:6032\""),
    ("proxysql-cnf-mysql-users-block", "pw", r"""
        mysql_users =
        (
            {
                username = "@{user}"
                password = "@{S}"
                default_hostgroup = 10
                transaction_persistent = 1
            }
        )
        """, "default_hostgroup = 10"),
    ("proxysql-cnf-monitor-password", "pwa", r"""
        mysql_variables=
        {
            threads=4
            monitor_username="proxysql_mon"
            monitor_password="@{S}"
            monitor_connect_interval=60000
        }
        """, "monitor_username=\"proxysql_mon\""),
    ("orchestrator-conf-json-topology", "pw", r"""
        {
          "Debug": false,
          "MySQLTopologyUser": "orc_client",
          "MySQLTopologyPassword": "@{S}",
          "MySQLOrchestratorHost": "@{mhost}",
          "RecoverMasterClusterFilters": ["@{mycl}"]
        }
        """, "\"MySQLTopologyUser\": \"orc_client\""),
    ("maxscale-cnf-monitor-section", "pwa", r"""
        [MariaDB-Monitor]
        type=monitor
        module=mariadbmon
        servers=db1,db2,db3
        user=maxmon
        password=@{S}
        auto_failover=true
        """, "module=mariadbmon"),
    ("mha-app-cnf-repl-password", "pwa", r"""
        [server default]
        user=mha
        password=@{K_pwa}
        repl_user=repl
        repl_password=@{S}
        manager_workdir=/var/log/masterha/@{mycl}
        """, "manager_workdir=/var/log/masterha/@{mycl}"),
    ("pgbouncer-userlist-plaintext", "pw", r"""
        ; /etc/pgbouncer/userlist.txt
        "@{user}" "@{S}"
        "pgb_stats" "SCRAM-SHA-256$4096:@{K_b64b16}$@{K_b64b32}:@{K_b64b32__2}"
        """, "/etc/pgbouncer/userlist.txt"),
    ("pgbouncer-ini-database-password", "pwa", r"""
        [databases]
        @{db} = host=@{phost} port=5432 dbname=@{db} user=@{user} password=@{S} pool_size=40

        [pgbouncer]
        listen_port = 6432
        auth_type = scram-sha-256
        """, "auth_type = scram-sha-256"),
    ("patroni-yml-replication-superuser", "pw", r"""
        postgresql:
          listen: 0.0.0.0:5432
          data_dir: /var/lib/pgsql/16/data
          authentication:
            replication:
              username: replicator
              password: '@{S}'
            superuser:
              username: postgres
              password: '@{K_pw}'
        """, "data_dir: /var/lib/pgsql/16/data"),
    ("patroni-restapi-authentication", "pwa", r"""
        restapi:
          listen: 0.0.0.0:8008
          connect_address: @{phost}:8008
          authentication:
            username: patroni
            password: @{S}
        """, "connect_address: @{phost}:8008"),
    ("pgbackrest-conf-s3-key-secret", "awssk", r"""
        [global]
        repo1-type=s3
        repo1-s3-bucket=@{bucket}
        repo1-s3-endpoint=s3.@{region}.amazonaws.com
        repo1-s3-region=@{region}
        repo1-s3-key=@{K_akid}
        repo1-s3-key-secret=@{S}
        repo1-retention-full=4
        """, "repo1-s3-bucket=@{bucket}"),
    ("pgbackrest-conf-cipher-pass", "rndl", r"""
        [global]
        repo1-path=/var/lib/pgbackrest
        repo1-cipher-type=aes-256-cbc
        repo1-cipher-pass=@{S}
        process-max=4

        [@{pgcl}]
        pg1-path=/var/lib/pgsql/16/data
        """, "repo1-cipher-type=aes-256-cbc"),
    ("postgresql-auto-conf-primary-conninfo", "pwa", r"""
        # Do not edit this file manually!
        # It will be overwritten by the ALTER SYSTEM command.
        primary_conninfo = 'user=replicator password=@{S} channel_binding=prefer host=@{phost} port=5432 sslmode=prefer'
        primary_slot_name = 'standby_@{n}'
        """, "primary_slot_name = 'standby_@{n}'"),
    ("recovery-conf-legacy-standby", "pwa", r"""
        standby_mode = 'on'
        primary_conninfo = 'host=@{phost} port=5432 user=repl password=@{S} application_name=@{pgcl}_dr'
        restore_command = 'pgbackrest --stanza=@{pgcl} archive-get %f "%p"'
        recovery_target_timeline = 'latest'
        """, "recovery_target_timeline = 'latest'"),
    ("repmgr-conf-conninfo", "pwa", r"""
        node_id=@{n}
        node_name='@{phost}'
        conninfo='host=@{phost} user=repmgr dbname=repmgr password=@{S} connect_timeout=2'
        data_directory='/var/lib/pgsql/15/data'
        """, "node_name='@{phost}'"),
    ("pgpool-conf-sr-check-password", "pw", r"""
        sr_check_period = 10
        sr_check_user = 'pgpool'
        sr_check_password = '@{S}'
        health_check_user = 'pgpool'
        health_check_password = ''
        """, "sr_check_user = 'pgpool'"),
    ("barman-server-conf-conninfo", "pwa", r"""
        [@{pgcl}]
        description = "@{pgcl} primary"
        conninfo = host=@{phost} user=barman dbname=postgres password=@{S}
        streaming_conninfo = host=@{phost} user=streaming_barman
        backup_method = postgres
        """, "backup_method = postgres"),
    ("ora2pg-conf-oracle-pwd", "pw", r"""
        ORACLE_HOME     /usr/lib/oracle/21/client64
        ORACLE_DSN      dbi:Oracle:host=@{ohost};service_name=@{tns};port=1521
        ORACLE_USER     @{user}
        ORACLE_PWD      @{S}
        SCHEMA          @{schema}
        """, "ORACLE_USER     @{user}"),
    ("ora2pg-conf-pg-pwd", "pw", r"""
        PG_DSN          dbi:Pg:dbname=@{db};host=@{phost};port=5432
        PG_USER         @{user}
        PG_PWD          @{S}
        PG_VERSION      15
        """, "PG_VERSION      15"),
    ("goldengate-extract-prm-userid", "pwo", r"""
        EXTRACT EXT@{K_up3}
        USERID ggadmin@@{tns}, PASSWORD @{S}
        EXTTRAIL ./dirdat/e1
        TRANLOGOPTIONS INTEGRATEDPARAMS (MAX_SGA_SIZE 1024)
        TABLE @{schema}.*;
        """, "EXTTRAIL ./dirdat/e1"),
    ("goldengate-obey-credentialstore", "pwo", r"""
        -- add_creds.oby
        ADD CREDENTIALSTORE
        ALTER CREDENTIALSTORE ADD USER c##ggadmin@@{tns} PASSWORD @{S} ALIAS ggsrc DOMAIN OracleGoldenGate
        INFO CREDENTIALSTORE
        """, "ALIAS ggsrc DOMAIN OracleGoldenGate"),
    ("rman-cmdfile-encryption-identified-by", "pw", r"""
        # /backup/rman/scripts/level0_encrypted.rcv
        run {
          SET ENCRYPTION ON IDENTIFIED BY "@{S}" ONLY;
          ALLOCATE CHANNEL c1 DEVICE TYPE DISK FORMAT '/backup/rman/@{tns}/%d_%T_%U';
          BACKUP AS COMPRESSED BACKUPSET INCREMENTAL LEVEL 0 DATABASE PLUS ARCHIVELOG;
        }
        """, "ALLOCATE CHANNEL c1 DEVICE TYPE DISK"),
    ("datapump-parfile-encryption", "pwa", r"""
        DIRECTORY=DP_DIR
        DUMPFILE=@{schema}_%U.dmp
        SCHEMAS=@{schema}
        ENCRYPTION=ALL
        ENCRYPTION_PASSWORD=@{S}
        ENCRYPTION_ALGORITHM=AES256
        COMPRESSION=ALL
        """, "ENCRYPTION_ALGORITHM=AES256"),
    ("datapump-parfile-userid-line", "pwo", r"""
        USERID=system/@{S}@@{tns}
        DIRECTORY=MIG_DIR
        DUMPFILE=full_%U.dmp
        FULL=Y
        PARALLEL=8
        """, "DIRECTORY=MIG_DIR"),
    ("dgmgrl-script-connect-line", "pwo", r"""
        -- switchover_@{tns}.dgm
        CONNECT sys/@{S}@@{tns}_PRIM;
        VALIDATE DATABASE @{tns}_STBY;
        SWITCHOVER TO @{tns}_STBY;
        """, "VALIDATE DATABASE @{tns}_STBY;"),
    ("odbc-ini-dsn-pwd", "pw", r"""
        [@{db}_src]
        Driver=ODBC Driver 18 for SQL Server
        Server=@{shost},1433
        Database=@{db}
        UID=@{user}
        PWD=@{S}
        TrustServerCertificate=yes
        """, "Driver=ODBC Driver 18 for SQL Server"),
    ("udl-file-initstring", "pw", r"""
        [oledb]
        ; Everything after this line is an OLE DB initstring
        Provider=MSOLEDBSQL.1;Password=@{S};Persist Security Info=True;User ID=@{user};Initial Catalog=@{db};Data Source=@{shost}
        """, "; Everything after this line is an OLE DB initstring"),
    ("ssis-dtsconfig-configured-value", "pw", r"""
        <Configuration ConfiguredType="Property" Path="\Package.Connections[SRC_@{tns}].Properties[Password]" ValueType="String">
          <ConfiguredValue>@{S}</ConfiguredValue>
        </Configuration>
        """, "ConfiguredType=\"Property\""),
    ("ssis-dtsx-connectionstring-attribute", "pw", r"""
        <DTS:ConnectionManager DTS:ObjectName="OLEDB_@{db}" DTS:CreationName="OLEDB">
          <DTS:ObjectData>
            <DTS:ConnectionManager DTS:ConnectionString="Data Source=@{shost};User ID=@{user};Password=@{S};Initial Catalog=@{db};Provider=MSOLEDBSQL.1;" />
          </DTS:ObjectData>
        </DTS:ConnectionManager>
        """, "DTS:ObjectName=\"OLEDB_@{db}\""),
    ("web-config-connectionstrings-add", "pw", r"""
        <connectionStrings>
          <add name="@{db}Db" connectionString="Server=@{shost};Database=@{db};User Id=@{user};Password=@{S};Encrypt=True" providerName="System.Data.SqlClient" />
        </connectionStrings>
        """, "providerName=\"System.Data.SqlClient\""),
    ("appsettings-json-connectionstrings", "pw", r"""
        {
          "Logging": { "LogLevel": { "Default": "Information" } },
          "ConnectionStrings": {
            "Ledger": "Server=tcp:@{shost},1433;Initial Catalog=@{db};User ID=@{user};Password=@{S};Encrypt=True;Connection Timeout=30;"
          }
        }
        """, "\"Default\": \"Information\""),
    ("mssql-env-file-sa-password", "pw", r"""
        # /etc/mssql/mssql.env
        ACCEPT_EULA=Y
        MSSQL_PID=Developer
        MSSQL_SA_PASSWORD=@{S}
        MSSQL_AGENT_ENABLED=true
        """, "MSSQL_AGENT_ENABLED=true"),
    ("mongod-keyfile-contents", "mongokey", r"""
        # /etc/mongod/keyfile  (owner mongod, mode 0400) - shared by all rs0 members
        @{S}
        """, "/etc/mongod/keyfile"),
    ("mongod-conf-ldap-query-password", "pw", r"""
        security:
          authorization: enabled
          ldap:
            servers: "ad01.@{org}.corp"
            bind:
              queryUser: "cn=svc-mongo,ou=service,dc=@{org},dc=corp"
              queryPassword: "@{S}"
        """, "authorization: enabled"),
    ("mongosync-config-cluster-uris", "pwu", r"""
        cluster0: "mongodb://@{user}:@{S}@@{mghost}:27017/?replicaSet=rs0&authSource=admin"
        cluster1: "mongodb+srv://mongosync@@{mgcl}.@{K_low5}.mongodb.net/"
        logPath: "/var/log/mongosync"
        verbosity: "INFO"
        """, "logPath: \"/var/log/mongosync\""),
    ("cqlshrc-authentication-section", "pw", r"""
        [authentication]
        username = @{user}
        password = @{S}

        [connection]
        hostname = @{chost}
        port = 9042
        ssl = true
        """, "hostname = @{chost}"),
    ("jmxremote-password-file", "pwa", r"""
        # /etc/cassandra/jmxremote.password  (chmod 400, owner cassandra)
        monitorRole  QED
        cassandra_jmx @{S}
        """, "/etc/cassandra/jmxremote.password"),
    ("cassandra-reaper-yaml-auth", "pw", r"""
        cassandra:
          clusterName: "@{cscl}"
          contactPoints: ["@{chost}"]
          authProvider:
            type: plainText
            username: reaper
            password: @{S}
        """, "type: plainText"),
    ("medusa-ini-cql-password", "pw", r"""
        [cassandra]
        config_file = /etc/cassandra/cassandra.yaml
        cql_username = medusa
        cql_password = @{S}

        [storage]
        storage_provider = s3
        bucket_name = @{bucket}
        """, "storage_provider = s3"),
    ("redis-conf-requirepass-masterauth", "pw", r"""
        # redis.conf (replica)
        replicaof @{rhost} 6379
        masterauth "@{S}"
        requirepass "@{S}"
        appendonly yes
        """, "replicaof @{rhost} 6379"),
    ("sentinel-conf-auth-pass", "pwa", r"""
        sentinel monitor mymaster @{ip} 6379 2
        sentinel auth-pass mymaster @{S}
        sentinel down-after-milliseconds mymaster 5000
        """, "sentinel monitor mymaster @{ip} 6379 2"),
    ("redis-users-acl-plaintext", "pwa", r"""
        user default off
        user app on >@{S} ~app:* &* +@read +@write -@dangerous
        user monitor on #@{sha256} ~* +info +ping
        """, "user default off"),
    ("db2cli-ini-section", "pw", r"""
        [@{db}]
        Database=@{db}
        Protocol=TCPIP
        Hostname=@{dhost}
        ServiceName=50000
        UID=@{user}
        PWD=@{S}
        """, "Hostname=@{dhost}"),
    ("tpt-job-variables-file", "pwa", r"""
        /* jobvars_@{table}.txt */
         TargetTdpId        = '@{thost}'
        ,TargetUserName     = '@{user}'
        ,TargetUserPassword = '@{S}'
        ,TargetWorkingDatabase = '@{schema}_STG'
        """, "TargetWorkingDatabase"),
    ("teradata-odbc-ini-dsn", "pw", r"""
        [td_@{db}]
        Driver=/opt/teradata/client/17.20/lib64/tdataodbc_sb64.so
        DBCName=@{thost}
        Username=@{user}
        Password=@{S}
        MechanismName=TD2
        """, "MechanismName=TD2"),
    ("hdblcm-password-xml", "pw", r"""
        <?xml version="1.0" encoding="UTF-8"?>
        <Passwords>
          <password><![CDATA[@{S}]]></password>
          <sapadm_password><![CDATA[@{K_pw}]]></sapadm_password>
          <system_user_password><![CDATA[@{K_pw__2}]]></system_user_password>
        </Passwords>
        """, "<Passwords>"),
    ("flyway-conf-properties", "pw", r"""
        flyway.url=jdbc:postgresql://@{phost}:5432/@{db}
        flyway.user=@{user}
        flyway.password=@{S}
        flyway.schemas=@{schema}
        flyway.baselineOnMigrate=true
        """, "flyway.baselineOnMigrate=true"),
    ("flyway-toml-environment", "pw", r"""
        [environments.prod]
        url = "jdbc:sqlserver://@{shost}:1433;databaseName=@{db};encrypt=true"
        user = "@{user}"
        password = "@{S}"

        [flyway]
        environment = "prod"
        """, "[environments.prod]"),
    ("liquibase-properties-password", "pw", r"""
        changeLogFile: changelog/db.changelog-master.yaml
        url: jdbc:oracle:thin:@//@{ohost}:1521/@{tns}
        username: @{user}
        password: @{S}
        liquibase.hub.mode: off
        """, "changeLogFile: changelog/db.changelog-master.yaml"),
    ("liquibase-properties-reference-password", "pw", r"""
        referenceUrl: jdbc:postgresql://@{phost}:5432/@{db}_baseline
        referenceUsername: @{user}
        referencePassword: @{S}
        diffTypes: tables,columns,indexes,foreignkeys
        """, "diffTypes: tables,columns,indexes,foreignkeys"),
    ("dms-endpoint-json-file", "pw", r"""
        {
          "EndpointIdentifier": "tgt-@{db}-aurora",
          "EndpointType": "target",
          "EngineName": "aurora-postgresql",
          "Username": "@{user}",
          "Password": "@{S}",
          "ServerName": "@{db}.cluster-@{K_low12}.@{region}.rds.amazonaws.com",
          "Port": 5432
        }
        """, "\"EngineName\": \"aurora-postgresql\""),
    ("debezium-connector-config-json", "pw", r"""
        {
          "name": "@{db}-cdc",
          "config": {
            "connector.class": "io.debezium.connector.sqlserver.SqlServerConnector",
            "database.hostname": "@{shost}",
            "database.user": "debezium",
            "database.password": "@{S}",
            "database.names": "@{db}",
            "topic.prefix": "@{db}"
          }
        }
        """, "io.debezium.connector.sqlserver.SqlServerConnector"),
    ("kafka-connect-jdbc-sink-properties", "pw", r"""
        name=@{table}-sink
        connector.class=io.confluent.connect.jdbc.JdbcSinkConnector
        connection.url=jdbc:postgresql://@{phost}:5432/@{db}
        connection.user=@{user}
        connection.password=@{S}
        insert.mode=upsert
        """, "insert.mode=upsert"),
    ("kafka-client-jaas-conf", "pw", r"""
        KafkaClient {
          org.apache.kafka.common.security.scram.ScramLoginModule required
          username="@{user}"
          password="@{S}";
        };
        """, "ScramLoginModule required"),
    ("dbt-profiles-yml-password", "pw", r"""
        @{db}_dwh:
          target: prod
          outputs:
            prod:
              type: postgres
              host: @{phost}
              user: dbt_runner
              password: "@{S}"
              dbname: @{db}
              schema: analytics
              threads: 8
        """, "user: dbt_runner"),
    ("spring-application-yml-datasource", "pw", r"""
        spring:
          datasource:
            url: jdbc:oracle:thin:@//@{ohost}:1521/@{tns}
            username: @{user}
            password: @{S}
            hikari:
              maximum-pool-size: 20
        """, "maximum-pool-size: 20"),
    ("hibernate-cfg-xml-password", "pw", r"""
        <property name="hibernate.connection.url">jdbc:mysql://@{mhost}:3306/@{db}</property>
        <property name="hibernate.connection.username">@{user}</property>
        <property name="hibernate.connection.password">@{S}</property>
        <property name="hibernate.dialect">org.hibernate.dialect.MySQL8Dialect</property>
        """, "org.hibernate.dialect.MySQL8Dialect"),
    ("tomcat-context-xml-resource", "pw", r"""
        <Resource name="jdbc/@{db}" auth="Container" type="javax.sql.DataSource"
                  username="@{user}" password="@{S}"
                  driverClassName="oracle.jdbc.OracleDriver"
                  url="jdbc:oracle:thin:@//@{ohost}:1521/@{tns}" maxTotal="30"/>
        """, "driverClassName=\"oracle.jdbc.OracleDriver\""),
    ("wildfly-standalone-datasource-security", "pw", r"""
        <datasource jndi-name="java:jboss/datasources/@{db}DS" pool-name="@{db}DS">
          <connection-url>jdbc:postgresql://@{phost}:5432/@{db}</connection-url>
          <security>
            <user-name>@{user}</user-name>
            <password>@{S}</password>
          </security>
        </datasource>
        """, "pool-name=\"@{db}DS\""),
    ("dotenv-db-pass", "pw", r"""
        # .env (local only!)
        DB_HOST=@{host}
        DB_USER=@{user}
        DB_PASS=@{S}
        LOG_LEVEL=debug
        """, "LOG_LEVEL=debug"),
    ("docker-compose-environment-mapping", "pw", r"""
        services:
          pg-target:
            image: postgres:16
            environment:
              POSTGRES_USER: @{user}
              POSTGRES_PASSWORD: "@{S}"
            ports: ["55432:5432"]
        """, "image: postgres:16"),
    ("netrc-single-line", "pw", r"""
        machine artifacts.@{org}.internal login dba-ci password @{S}
        """, "machine artifacts.@{org}.internal"),
    ("rclone-conf-obscured-pass", "rclone", r"""
        [sftp-offsite]
        type = sftp
        host = @{host}
        user = backup
        pass = @{S}
        shell_type = unix
        """, "shell_type = unix"),
    ("restic-env-file-password", "phrase", r"""
        # /etc/restic/@{db}.env
        export RESTIC_REPOSITORY=s3:s3.amazonaws.com/@{bucket}/restic
        export RESTIC_PASSWORD='@{S}'
        export RESTIC_COMPRESSION=max
        """, "RESTIC_COMPRESSION=max"),
    ("borgmatic-yaml-encryption-passphrase", "phrasesp", r"""
        location:
          source_directories: [/backup/dumps]
          repositories: [ssh://borg@@{host}/./@{db}]
        storage:
          encryption_passphrase: "@{S}"
          compression: zstd
        """, "compression: zstd"),
    ("alembic-ini-sqlalchemy-url", "pwu", r"""
        [alembic]
        script_location = migrations
        sqlalchemy.url = postgresql+psycopg2://@{user}:@{S}@@{phost}:5432/@{db}
        """, "script_location = migrations"),
    ("airflow-cfg-sql-alchemy-conn", "pwu", r"""
        [database]
        sql_alchemy_conn = postgresql+psycopg2://airflow:@{S}@@{phost}:5432/airflow
        load_default_connections = False
        """, "load_default_connections = False"),
    ("systemd-unit-environment-mb-db-pass", "pw", r"""
        [Service]
        Environment="MB_DB_TYPE=postgres"
        Environment="MB_DB_USER=metabase"
        Environment="MB_DB_PASS=@{S}"
        ExecStart=/usr/bin/java -jar /opt/metabase/metabase.jar
        """, "Environment=\"MB_DB_TYPE=postgres\""),
    ("grafana-datasource-provisioning-yaml", "pw", r"""
        apiVersion: 1
        datasources:
          - name: @{pgcl}
            type: postgres
            url: @{phost}:5432
            user: grafana_ro
            secureJsonData:
              password: "@{S}"
        """, "user: grafana_ro"),
    ("postgres-exporter-dsn-env", "pwu", r"""
        # /etc/default/prometheus-postgres-exporter
        DATA_SOURCE_NAME="postgresql://pgexporter:@{S}@localhost:5432/postgres?sslmode=disable"
        PG_EXPORTER_EXTEND_QUERY_PATH=/etc/postgres_exporter/queries.yaml
        """, "PG_EXPORTER_EXTEND_QUERY_PATH"),
    ("pg-service-conf-section", "pwa", r"""
        [@{db}-prod]
        host=@{phost}
        port=5432
        dbname=@{db}
        user=@{user}
        password=@{S}
        sslmode=verify-full
        """, "sslmode=verify-full"),
    ("weblogic-boot-properties-plaintext", "pw", r"""
        # $DOMAIN_HOME/servers/AdminServer/security/boot.properties (before first start)
        username=weblogic
        password=@{S}
        """, "username=weblogic"),
    ("ansible-inventory-become-pass", "pw", r"""
        [dbservers]
        @{ohost}
        @{ohost2}

        [dbservers:vars]
        ansible_user=oracle
        ansible_become_pass=@{S}
        """, "ansible_user=oracle"),
    ("hiera-common-yaml-root-password", "pw", r"""
        ---
        profile::mysql::server::root_password: '@{S}'
        profile::mysql::server::override_options:
          mysqld:
            innodb_buffer_pool_size: 24G
        """, "innodb_buffer_pool_size: 24G"),
    ("openssh-private-key-file", "pem_ssh", r"""
        # ~/.ssh/id_ed25519_bastion
        -----BEGIN OPENSSH PRIVATE KEY-----
        @{S}
        -----END OPENSSH PRIVATE KEY-----
        """, "-----BEGIN OPENSSH PRIVATE KEY-----"),
    ("postgres-server-key-pkcs8", "pem_rsa8", r"""
        # /var/lib/pgsql/16/data/server.key
        -----BEGIN PRIVATE KEY-----
        @{S}
        -----END PRIVATE KEY-----
        """, "/var/lib/pgsql/16/data/server.key"),
    ("vault-database-plugin-config-json", "pw", r"""
        {
          "plugin_name": "postgresql-database-plugin",
          "connection_url": "postgresql://{{username}}:{{password}}@@{phost}:5432/@{db}",
          "allowed_roles": "@{db}-readonly,@{db}-readwrite",
          "username": "vault_admin",
          "password": "@{S}"
        }
        """, "postgresql-database-plugin"),
    ("rails-database-yml-production", "pw", r"""
        production:
          adapter: postgresql
          host: <%= ENV.fetch("DB_HOST", "@{phost}") %>
          database: @{db}_production
          username: @{user}
          password: "@{S}"
        """, "adapter: postgresql"),
    ("mysql-router-bootstrap-conf-comment", "pwa", r"""
        [metadata_cache:bootstrap]
        cluster_type=gr
        router_id=@{n}
        user=mysql_router@{n}_@{K_low8}
        # bootstrap run with --account-create always, pw was @{S}
        metadata_cluster=@{mycl}
        """, "cluster_type=gr"),
    ("yaml-block-scalar-password", "pw", r"""
        mongodb:
          auth:
            rootUser: root
            rootPassword: |-
              @{S}
            replicaSetKey: ${MONGODB_REPLICA_SET_KEY}
        """, "rootUser: root"),
    ("xml-password-element-multiline", "pw", r"""
        <dataSource id="@{db}">
          <user>@{user}</user>
          <password>
            @{S}
          </password>
          <url>jdbc:sqlserver://@{shost}:1433;databaseName=@{db}</url>
        </dataSource>
        """, "<user>@{user}</user>"),
]


# ================================================================ source-code
_T_SOURCE = [
    ("python-psycopg2-connect-kwargs", "pw", r"""
        conn = psycopg2.connect(
            host="@{phost}",
            dbname="@{db}",
            user="@{user}",
            password="@{S}",
            connect_timeout=10,
        )
        """, "connect_timeout=10"),
    ("python-cx-oracle-makedsn-connect", "pw", r"""
        dsn = cx_Oracle.makedsn("@{ohost}", 1521, service_name="@{tns}")
        conn = cx_Oracle.connect(user="@{user}", password="@{S}", dsn=dsn, encoding="UTF-8")
        """, "cx_Oracle.makedsn(\"@{ohost}\", 1521"),
    ("python-oracledb-thin-connect", "pw", r"""
        import oracledb
        with oracledb.connect(user="@{user}", password="@{S}", dsn="@{ohost}/@{tns}") as conn:
            cur = conn.cursor()
        """, "import oracledb"),
    ("python-pymysql-passwd-kwarg", "pw", r"""
        src = pymysql.connect(host='@{mhost}', user='@{user}', passwd='@{S}', db='@{db}', charset='utf8mb4',
                              cursorclass=pymysql.cursors.SSCursor)
        """, "charset='utf8mb4'"),
    ("python-pyodbc-connection-string", "pw", r"""
        cnxn = pyodbc.connect(
            "DRIVER={ODBC Driver 18 for SQL Server};SERVER=@{shost};DATABASE=@{db};"
            "UID=@{user};PWD=@{S};Encrypt=yes;TrustServerCertificate=no"
        )
        """, "DRIVER={ODBC Driver 18 for SQL Server}"),
    ("python-pymongo-uri-replicaset", "pwu", r"""
        client = MongoClient("mongodb://@{user}:@{S}@@{mghost}:27017,@{mghost2}:27017/?replicaSet=rs0&authSource=admin")
        events = client["@{db}"]["events"]
        """, "replicaSet=rs0&authSource=admin"),
    ("python-cassandra-plaintext-auth", "pw", r"""
        auth = PlainTextAuthProvider(username='@{user}', password='@{S}')
        cluster = Cluster(['@{chost}'], auth_provider=auth, protocol_version=5)
        """, "protocol_version=5"),
    ("python-redis-client-password", "pw", r"""
        r = redis.Redis(host='@{rhost}', port=6380, password='@{S}', ssl=True, decode_responses=True)
        """, "decode_responses=True"),
    ("python-hdbcli-dbapi-connect", "pw", r"""
        from hdbcli import dbapi
        conn = dbapi.connect(address='@{hhost}', port=30015, user='SYSTEM', password='@{S}', encrypt=True)
        """, "from hdbcli import dbapi"),
    ("python-teradatasql-connect", "pw", r"""
        with teradatasql.connect(host='@{thost}', user='@{user}', password='@{S}', logmech='TD2') as con:
            df = pd.read_sql("SELECT * FROM @{schema}.@{table} SAMPLE 1000", con)
        """, "logmech='TD2'"),
    ("python-ibm-db-connect-string", "pwa", r"""
        conn = ibm_db.connect("DATABASE=@{db};HOSTNAME=@{dhost};PORT=50000;PROTOCOL=TCPIP;UID=@{user};PWD=@{S};", "", "")
        """, "PROTOCOL=TCPIP"),
    ("python-sqlalchemy-mssql-url", "pwu", r"""
        engine = create_engine(
            "mssql+pyodbc://@{user}:@{S}@@{shost}:1433/@{db}?driver=ODBC+Driver+18+for+SQL+Server",
            fast_executemany=True,
        )
        """, "fast_executemany=True"),
    ("python-django-databases-dict", "pw", r"""
        DATABASES = {
            "default": {
                "ENGINE": "django.db.backends.postgresql",
                "NAME": "@{db}",
                "USER": "@{user}",
                "PASSWORD": "@{S}",
                "HOST": "@{phost}",
            }
        }
        """, "django.db.backends.postgresql"),
    ("python-environ-get-default-fallback", "pw", r"""
        DB_USER = os.environ.get("DB_USER", "@{user}")
        DB_PASS = os.environ.get("DB_PASS", "@{S}")  # fallback for local runs
        """, "os.environ.get(\"DB_USER\""),
    ("python-source-dict-literal", "pw", r"""
        SOURCE = {
            "host": "@{ohost}",
            "port": 1521,
            "service": "@{tns}",
            "user": "@{user}",
            "password": "@{S}",
        }
        """, "\"service\": \"@{tns}\""),
    ("python-boto3-explicit-keys", "awssk", r"""
        dms = boto3.client(
            "dms",
            aws_access_key_id="@{K_akid}",
            aws_secret_access_key="@{S}",
            region_name="@{region}",
        )
        """, "region_name=\"@{region}\""),
    ("java-drivermanager-getconnection", "pw", r"""
        Connection c = DriverManager.getConnection(
            "jdbc:oracle:thin:@//@{ohost}:1521/@{tns}", "@{user}", "@{S}");
        """, "DriverManager.getConnection("),
    ("java-hikari-setpassword", "pw", r"""
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl("jdbc:postgresql://@{phost}:5432/@{db}");
        cfg.setUsername("@{user}");
        cfg.setPassword("@{S}");
        cfg.setMaximumPoolSize(16);
        """, "cfg.setMaximumPoolSize(16);"),
    ("java-properties-setproperty", "pw", r"""
        Properties props = new Properties();
        props.setProperty("user", "@{user}");
        props.setProperty("password", "@{S}");
        props.setProperty("ssl", "true");
        """, "props.setProperty(\"ssl\", \"true\");"),
    ("java-static-final-constant", "pw", r"""
        public final class MigrationConstants {
            public static final String SRC_URL = "jdbc:db2://@{dhost}:50000/@{db}";
            private static final String SRC_PASSWORD = "@{S}";
        }
        """, "public final class MigrationConstants"),
    ("kotlin-pgsimpledatasource-apply", "pw", r"""
        val ds = PGSimpleDataSource().apply {
            serverNames = arrayOf("@{phost}")
            databaseName = "@{db}"
            user = "@{user}"
            password = "@{S}"
        }
        """, "PGSimpleDataSource().apply"),
    ("scala-spark-jdbc-options", "pw", r"""
        val df = spark.read.format("jdbc")
          .option("url", "jdbc:sqlserver://@{shost}:1433;databaseName=@{db}")
          .option("dbtable", "dbo.@{table}")
          .option("user", "@{user}")
          .option("password", "@{S}")
          .load()
        """, ".option(\"dbtable\", \"dbo.@{table}\")"),
    ("csharp-sqlconnectionstringbuilder-init", "pw", r"""
        var csb = new SqlConnectionStringBuilder
        {
            DataSource = "@{shost}",
            InitialCatalog = "@{db}",
            UserID = "@{user}",
            Password = "@{S}",
            MultiSubnetFailover = true
        };
        """, "MultiSubnetFailover = true"),
    ("csharp-const-connection-string", "pw", r"""
        private const string ConnStr = "Server=@{shost};Database=@{db};User Id=@{user};Password=@{S};TrustServerCertificate=True";
        """, "private const string ConnStr"),
    ("powershell-securestring-plaintext", "pw", r"""
        $sec  = ConvertTo-SecureString '@{S}' -AsPlainText -Force
        $cred = New-Object System.Management.Automation.PSCredential('sa', $sec)
        Connect-DbaInstance -SqlInstance @{shost} -SqlCredential $cred
        """, "Connect-DbaInstance -SqlInstance @{shost}"),
    ("powershell-splat-hashtable", "pw", r"""
        $params = @{ ServerInstance = '@{shost}'; Database = '@{db}'; Username = '@{user}'; Password = '@{S}'; Query = 'SELECT 1' }
        Invoke-Sqlcmd @params
        """, "Invoke-Sqlcmd @params"),
    ("go-sql-open-mysql-dsn", "pwu", r"""
        db, err := sql.Open("mysql", "@{user}:@{S}@tcp(@{mhost}:3306)/@{db}?parseTime=true&tls=preferred")
        if err != nil {
            log.Fatal(err)
        }
        """, "sql.Open(\"mysql\""),
    ("go-pgx-connect-url", "pwu", r"""
        conn, err := pgx.Connect(ctx, "postgres://@{user}:@{S}@@{phost}:5432/@{db}?pool_max_conns=10")
        """, "pgx.Connect(ctx"),
    ("go-struct-literal-config", "pw", r"""
        cfg := migrate.Config{
            Host:     "@{host}",
            User:     "@{user}",
            Password: "@{S}",
            Database: "@{db}",
        }
        """, "migrate.Config{"),
    ("node-pg-pool-options", "pw", r"""
        const pool = new Pool({
          host: '@{phost}',
          user: '@{user}',
          password: '@{S}',
          database: '@{db}',
          max: 20,
        });
        """, "max: 20,"),
    ("node-mysql2-createconnection", "pw", r"""
        const conn = await mysql.createConnection({ host: '@{mhost}', user: '@{user}', password: '@{S}', database: '@{db}' });
        """, "mysql.createConnection"),
    ("node-mssql-config-object", "pw", r"""
        const config = {
          user: 'sa',
          password: '@{S}',
          server: '@{shost}',
          options: { encrypt: true, trustServerCertificate: false },
        };
        """, "trustServerCertificate: false"),
    ("node-mongoose-connect-srv", "pwu", r"""
        await mongoose.connect('mongodb+srv://@{user}:@{S}@@{mgcl}.@{K_low5}.mongodb.net/@{db}?retryWrites=true&w=majority');
        """, "retryWrites=true&w=majority"),
    ("node-ioredis-rediss-url", "pwu", r"""
        const redis = new Redis('rediss://default:@{S}@@{rhost}:6380/2', { maxRetriesPerRequest: 3 });
        """, "maxRetriesPerRequest: 3"),
    ("ruby-activerecord-establish-connection", "pw", r"""
        ActiveRecord::Base.establish_connection(
          adapter:  'postgresql',
          host:     '@{phost}',
          username: '@{user}',
          password: '@{S}',
          database: '@{db}'
        )
        """, "adapter:  'postgresql'"),
    ("php-pdo-constructor-args", "pw", r"""
        $pdo = new PDO('mysql:host=@{mhost};dbname=@{db};charset=utf8mb4', '@{user}', '@{S}', [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
        ]);
        """, "PDO::ERRMODE_EXCEPTION"),
    ("php-define-db-password", "pw", r"""
        define('DB_NAME', '@{db}');
        define('DB_USER', '@{user}');
        define('DB_PASSWORD', '@{S}');
        define('DB_HOST', '@{mhost}');
        """, "define('DB_NAME', '@{db}');"),
    ("perl-dbi-connect-oracle", "pw", r"""
        my $dbh = DBI->connect("dbi:Oracle:host=@{ohost};service_name=@{tns};port=1521",
                               "@{user}", "@{S}", { RaiseError => 1, AutoCommit => 0 });
        """, "RaiseError => 1"),
    ("bash-script-variable-then-expdp", "pwo", r"""
        #!/bin/bash
        # nightly logical export of @{schema}
        ORA_USER=@{user}
        ORA_PASS='@{S}'
        expdp ${ORA_USER}/${ORA_PASS}@@{tns} schemas=@{schema} directory=DP_DIR dumpfile=@{schema}_$(date +%F).dmp
        """, "# nightly logical export of @{schema}"),
    ("bash-heredoc-sqlplus-connect", "pwo", r"""
        sqlplus -s /nolog <<EOF
        connect @{user}/@{S}@@{tns}
        set pages 0 feed off
        select count(*) from @{schema}.@{table};
        exit
        EOF
        """, "sqlplus -s /nolog"),
    ("oracle-create-user-identified-by", "pwo", r"""
        CREATE USER @{user} IDENTIFIED BY "@{S}"
          DEFAULT TABLESPACE USERS
          QUOTA UNLIMITED ON USERS;
        GRANT CREATE SESSION, SELECT ANY TABLE TO @{user};
        """, "QUOTA UNLIMITED ON USERS;"),
    ("oracle-alter-user-replace", "pwo", r"""
        ALTER USER system IDENTIFIED BY "@{S}" REPLACE "@{K_pwo}";
        """, "ALTER USER system"),
    ("oracle-create-database-link", "pwo", r"""
        CREATE DATABASE LINK MIG_SRC
          CONNECT TO @{user} IDENTIFIED BY "@{S}"
          USING '@{tns}';
        """, "CREATE DATABASE LINK MIG_SRC"),
    ("tsql-create-login-with-password", "pw", r"""
        CREATE LOGIN [@{user}] WITH PASSWORD = N'@{S}',
            DEFAULT_DATABASE = [@{db}], CHECK_EXPIRATION = OFF, CHECK_POLICY = ON;
        """, "CHECK_EXPIRATION = OFF"),
    ("tsql-sp-addlinkedsrvlogin", "pw", r"""
        EXEC master.dbo.sp_addlinkedsrvlogin
             @rmtsrvname = N'PG_@{db}',
             @useself = N'False',
             @locallogin = NULL,
             @rmtuser = N'@{user}',
             @rmtpassword = N'@{S}';
        """, "@rmtsrvname = N'PG_@{db}'"),
    ("tsql-create-master-key", "pw", r"""
        USE master;
        CREATE MASTER KEY ENCRYPTION BY PASSWORD = '@{S}';
        CREATE CERTIFICATE TDE_Cert_@{db} WITH SUBJECT = 'TDE certificate @{db}';
        """, "CREATE CERTIFICATE TDE_Cert_@{db}"),
    ("tsql-backup-certificate-private-key", "pw", r"""
        BACKUP CERTIFICATE TDE_Cert_@{db}
          TO FILE = 'D:\certs\TDE_Cert_@{db}.cer'
          WITH PRIVATE KEY (FILE = 'D:\certs\TDE_Cert_@{db}.pvk', ENCRYPTION BY PASSWORD = '@{S}');
        """, "BACKUP CERTIFICATE TDE_Cert_@{db}"),
    ("tsql-scoped-credential-sas-secret", "sas", r"""
        CREATE CREDENTIAL [https://@{K_low10}.blob.core.windows.net/sqlbackups]
          WITH IDENTITY = 'SHARED ACCESS SIGNATURE',
          SECRET = 'sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2025-06-30T18:00:00Z&st=2024-06-01T00:00:00Z&spr=https&sig=@{S}';
        """, "WITH IDENTITY = 'SHARED ACCESS SIGNATURE'"),
    ("mysql-create-user-identified-by", "pw", r"""
        CREATE USER '@{user}'@'10.%' IDENTIFIED BY '@{S}' REQUIRE SSL;
        GRANT SELECT, SHOW VIEW ON @{db}.* TO '@{user}'@'10.%';
        """, "REQUIRE SSL"),
    ("mysql-change-master-to", "pw", r"""
        CHANGE MASTER TO
          MASTER_HOST='@{mhost}',
          MASTER_USER='repl',
          MASTER_PASSWORD='@{S}',
          MASTER_LOG_FILE='mysql-bin.@{K_dig6}',
          MASTER_LOG_POS=4;
        """, "MASTER_HOST='@{mhost}'"),
    ("mysql-alter-user-caching-sha2", "pw", r"""
        ALTER USER 'root'@'localhost' IDENTIFIED WITH caching_sha2_password BY '@{S}';
        FLUSH PRIVILEGES;
        """, "caching_sha2_password"),
    ("postgres-create-role-login-password", "pw", r"""
        CREATE ROLE @{user} LOGIN PASSWORD '@{S}' CONNECTION LIMIT 20;
        GRANT CONNECT ON DATABASE @{db} TO @{user};
        """, "CONNECTION LIMIT 20"),
    ("postgres-create-user-mapping-fdw", "pw", r"""
        CREATE SERVER ora_@{db} FOREIGN DATA WRAPPER oracle_fdw OPTIONS (dbserver '//@{ohost}:1521/@{tns}');
        CREATE USER MAPPING FOR app SERVER ora_@{db} OPTIONS (user '@{user}', password '@{S}');
        """, "FOREIGN DATA WRAPPER oracle_fdw"),
    ("postgres-create-subscription-connection", "pwa", r"""
        CREATE SUBSCRIPTION sub_@{db}
          CONNECTION 'host=@{phost} port=5432 dbname=@{db} user=@{user} password=@{S}'
          PUBLICATION pub_@{db}_all
          WITH (copy_data = true, streaming = on);
        """, "PUBLICATION pub_@{db}_all"),
    ("postgres-dblink-inline-conn", "pwa", r"""
        SELECT * FROM dblink('host=@{phost} dbname=@{db} user=@{user} password=@{S}',
                             'SELECT id, amount FROM @{table}') AS t(id bigint, amount numeric);
        """, "AS t(id bigint, amount numeric)"),
    ("mongo-js-createuser-pwd", "pw", r"""
        db.getSiblingDB("admin").createUser({
          user: "@{user}",
          pwd: "@{S}",
          roles: [{ role: "readWrite", db: "@{db}" }, { role: "clusterMonitor", db: "admin" }]
        })
        """, "clusterMonitor"),
    ("mongo-js-changeuserpassword", "pw", r"""
        use admin
        db.changeUserPassword("@{user}", "@{S}")
        """, "db.changeUserPassword(\"@{user}\""),
    ("cql-create-role-with-password", "pw", r"""
        CREATE ROLE @{user} WITH PASSWORD = '@{S}' AND LOGIN = true;
        GRANT SELECT ON KEYSPACE @{db} TO @{user};
        """, "AND LOGIN = true"),
    ("hana-sql-create-user-password", "pw", r"""
        CREATE USER @{user} PASSWORD "@{S}" NO FORCE_FIRST_PASSWORD_CHANGE SET USERGROUP DEFAULT;
        ALTER USER @{user} DISABLE PASSWORD LIFETIME;
        """, "NO FORCE_FIRST_PASSWORD_CHANGE"),
    ("teradata-modify-user-password", "pwa", r"""
        MODIFY USER @{user} AS PASSWORD = @{S};
        GRANT SELECT ON @{schema} TO @{user};
        """, "MODIFY USER @{user} AS PASSWORD ="),
    ("db2-clp-script-connect-using", "pwa", r"""
        -- run with: db2 -tvf reorg_@{table}.sql
        CONNECT TO @{db} USER @{user} USING @{S};
        REORG TABLE @{schema}.@{table} INPLACE ALLOW WRITE ACCESS;
        CONNECT RESET;
        """, "INPLACE ALLOW WRITE ACCESS"),
    ("snowflake-alter-user-set-password", "pw", r"""
        ALTER USER @{user} SET PASSWORD = '@{S}' MUST_CHANGE_PASSWORD = FALSE;
        """, "MUST_CHANGE_PASSWORD = FALSE"),
    ("ansible-task-mysql-user", "pw", r"""
        - name: Create replication user
          community.mysql.mysql_user:
            name: repl
            host: "10.%"
            password: "@{S}"
            priv: "*.*:REPLICATION SLAVE,REPLICATION CLIENT"
        """, "community.mysql.mysql_user"),
    ("python-fernet-key-constant", "fernet", r"""
        # used to encrypt connection blobs in the migration control table
        FERNET_KEY = b"@{S}"
        cipher = Fernet(FERNET_KEY)
        """, "cipher = Fernet(FERNET_KEY)"),
    ("java-keystore-load-chararray", "pw", r"""
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(new FileInputStream("/etc/app/client.p12"), "@{S}".toCharArray());
        """, "KeyStore.getInstance(\"PKCS12\")"),
    ("python-paramiko-password-login", "pw", r"""
        ssh = paramiko.SSHClient()
        ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
        ssh.connect("@{ohost}", username="oracle", password="@{S}")
        """, "paramiko.AutoAddPolicy()"),
    ("ipython-sql-magic-uri", "pwu", r"""
        %load_ext sql
        %sql postgresql://@{user}:@{S}@@{phost}/@{db}
        %sql SELECT count(*) FROM @{table};
        """, "%load_ext sql"),
    ("r-dbi-dbconnect-postgres", "pw", r"""
        con <- dbConnect(RPostgres::Postgres(), host = "@{phost}", dbname = "@{db}",
                         user = "@{user}", password = "@{S}")
        """, "RPostgres::Postgres()"),
    ("rust-const-database-url", "pwu", r"""
        const DATABASE_URL: &str = "postgres://@{user}:@{S}@@{phost}:5432/@{db}";
        let pool = PgPoolOptions::new().max_connections(8).connect(DATABASE_URL).await?;
        """, "PgPoolOptions::new()"),
    ("vba-adodb-connection-open", "pw", r"""
        Set cn = CreateObject("ADODB.Connection")
        cn.Open "Provider=SQLOLEDB;Data Source=@{shost};Initial Catalog=@{db};User ID=@{user};Password=@{S};"
        """, "CreateObject(\"ADODB.Connection\")"),
    ("groovy-sql-newinstance", "pw", r"""
        def sql = Sql.newInstance("jdbc:oracle:thin:@//@{ohost}:1521/@{tns}", "@{user}", "@{S}", "oracle.jdbc.OracleDriver")
        """, "Sql.newInstance("),
    ("python-requests-auth-tuple", "pw", r"""
        resp = requests.get(f"https://@{host}:18091/pools/default/buckets", auth=("Administrator", "@{S}"), timeout=10)
        """, "/pools/default/buckets"),
    ("python-comment-todo-password", "pw", r"""
        def connect_legacy():
            # TODO remove before commit: prod sa pw is @{S}
            return pyodbc.connect(os.environ["LEGACY_DSN"])
        """, "def connect_legacy():"),
    ("tsql-alter-login-sa-enable", "pw", r"""
        ALTER LOGIN sa WITH PASSWORD = N'@{S}';
        ALTER LOGIN sa ENABLE;
        """, "ALTER LOGIN sa ENABLE;"),
    ("oracle-tde-keystore-open", "pw", r"""
        ADMINISTER KEY MANAGEMENT SET KEYSTORE OPEN IDENTIFIED BY "@{S}" CONTAINER=ALL;
        SELECT wrl_type, status FROM v$encryption_wallet;
        """, "v$encryption_wallet"),
    ("rman-set-decryption-script", "pw", r"""
        SET DECRYPTION IDENTIFIED BY '@{S}';
        RESTORE DATABASE PREVIEW SUMMARY;
        """, "RESTORE DATABASE PREVIEW SUMMARY;"),
    ("python-sqlcipher-pragma-key", "pw", r"""
        conn = sqlcipher.connect("/var/lib/recon/state.db")
        conn.execute("PRAGMA key = '@{S}'")
        """, "/var/lib/recon/state.db"),
]


# ================================================================ stack-trace-or-log
_T_LOG = [
    ("java-sqlexception-url-password-param", "pwu", r"""
        java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.
            at com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:111)
            at com.mysql.cj.jdbc.ConnectionImpl.connectWithRetries(ConnectionImpl.java:898)
        Caused by: com.mysql.cj.exceptions.CJCommunicationsException: url=jdbc:mysql://@{mhost}:3306/@{db}?user=@{user}&password=@{S}&useSSL=true
        """, "ConnectionImpl.java:898"),
    ("python-traceback-psycopg2-source-line", "pwa", r"""
        Traceback (most recent call last):
          File "/opt/etl/load_@{table}.py", line 42, in main
            conn = psycopg2.connect("host=@{phost} dbname=@{db} user=@{user} password=@{S}")
          File "/usr/lib/python3/dist-packages/psycopg2/__init__.py", line 122, in connect
            conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
        psycopg2.OperationalError: connection to server at "@{phost}" (@{ip}), port 5432 failed: timeout expired
        """, "psycopg2.OperationalError"),
    ("php-stacktrace-pdo-construct-args", "pw", r"""
        PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/recon/db.php:12
        Stack trace:
        #0 /var/www/recon/db.php(12): PDO->__construct('mysql:host=@{mhost}...', '@{user}', '@{S}')
        #1 /var/www/recon/index.php(8): getConnection()
        #2 {main}
        """, "/var/www/recon/db.php:12"),
    ("sqlalchemy-engine-connect-log-url", "pwu", r"""
        @{date} @{time},412 INFO  [sqlalchemy.engine.Engine] connecting pool to postgresql+psycopg2://@{user}:@{S}@@{phost}:5432/@{db} (pool_size=10)
        """, "[sqlalchemy.engine.Engine]"),
    ("node-mongoserverselectionerror-uri", "pwu", r"""
        MongoServerSelectionError: connect ECONNREFUSED @{ip}:27017
            at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)
            at listOnTimeout (node:internal/timers:573:17) {
          uri: 'mongodb://@{user}:@{S}@@{mghost}:27017/@{db}?authSource=admin',
          reason: TopologyDescription { type: 'Unknown' }
        }
        """, "topology.js:278:38"),
    ("go-panic-mysql-dsn", "pwu", r"""
        panic: dial tcp @{ip}:3306: i/o timeout (dsn "@{user}:@{S}@tcp(@{mhost}:3306)/@{db}")

        goroutine 1 [running]:
        main.mustOpen(...)
                /src/cmd/migrate/main.go:57 +0x1a5
        main.main()
                /src/cmd/migrate/main.go:31 +0x8e
        """, "goroutine 1 [running]:"),
    ("dotnet-log-connection-string-echo", "pw", r"""
        fail: Ledger.Sync.Worker[0]
              Failed to open connection using 'Server=@{shost};Database=@{db};User Id=@{user};Password=@{S};Connect Timeout=15'
              Microsoft.Data.SqlClient.SqlException (0x80131904): A network-related or instance-specific error occurred while establishing a connection to SQL Server.
        """, "Microsoft.Data.SqlClient.SqlException"),
    ("postgres-log-statement-alter-role", "pw", r"""
        @{date} @{time}.118 UTC [@{pid}] dba@postgres LOG:  statement: ALTER ROLE @{user} WITH PASSWORD '@{S}';
        """, "LOG:  statement: ALTER ROLE @{user}"),
    ("postgres-log-create-subscription", "pwa", r"""
        @{date} @{time}.771 UTC [@{pid}] postgres@@{db} LOG:  statement: CREATE SUBSCRIPTION sub_@{db} CONNECTION 'host=@{phost} dbname=@{db} user=@{user} password=@{S}' PUBLICATION pub_all;
        @{date} @{time}.902 UTC [@{pid}] postgres@@{db} NOTICE:  created replication slot "sub_@{db}" on publisher
        """, "created replication slot"),
    ("mysql-general-log-create-user", "pw", r"""
        @{date}T@{time}.044512Z	   @{n} Query	CREATE USER '@{user}'@'%' IDENTIFIED BY '@{S}'
        @{date}T@{time}.046019Z	   @{n} Query	GRANT SELECT ON @{db}.* TO '@{user}'@'%'
        """, "GRANT SELECT ON @{db}.*"),
    ("mysql-audit-log-json-query", "pw", r"""
        {"timestamp":"@{date} @{time}","id":0,"class":"general","event":"status","connection_id":@{n},"account":{"user":"dba","host":"localhost"},"general_data":{"command":"Query","sql_command":"change_replication_source","query":"CHANGE REPLICATION SOURCE TO SOURCE_USER='repl', SOURCE_PASSWORD='@{S}'","status":0}}
        """, "\"class\":\"general\""),
    ("oracle-10046-trace-parsing-cursor", "pwo", r"""
        PARSING IN CURSOR #140@{K_dig9} len=58 dep=0 uid=0 oct=43 lid=0 tim=@{big} hv=@{dbid} ad='7a1f0c38' sqlid='@{sqlid}'
        ALTER USER @{user} IDENTIFIED BY @{S} ACCOUNT UNLOCK
        END OF STMT
        """, "END OF STMT"),
    ("sqlagent-job-step-history-message", "pw", r"""
        Executed as user: CORP\svc_sqlagent. ...sqlcmd -S @{shost} -U @{user} -P @{S} -i D:\jobs\purge_staging.sql
        Msg 18456, Level 14, State 1, Server @{shost}, Line 1  Login failed for user '@{user}'.  Process Exit Code 1.  The step failed.
        """, "Executed as user: CORP\\svc_sqlagent"),
    ("ssis-execution-error-connection-string", "pw", r"""
        Error: @{date} @{time}.00  Code: 0xC0202009  Source: Load_@{table} Connection manager "SRC"
           Description: SSIS Error Code DTS_E_OLEDBERROR. An OLE DB error has occurred. Error code: 0x80004005.
           Connection string: "Data Source=@{shost};User ID=@{user};Password=@{S};Initial Catalog=@{db};Provider=MSOLEDBSQL.1;"
        End Error
        """, "DTS_E_OLEDBERROR"),
    ("bash-xtrace-pgpassword-export", "pw", r"""
        + export PGPASSWORD='@{S}'
        + PGPASSWORD='@{S}'
        + psql -h @{phost} -U @{user} -d @{db} -f /opt/mig/verify_counts.sql
        """, "/opt/mig/verify_counts.sql"),
    ("bash-xtrace-mysql-dash-p", "pwa", r"""
        + mysql -h @{mhost} -u @{user} -p@{S} -e 'SELECT COUNT(*) FROM @{db}.@{table}'
        mysql: [Warning] Using a password on the command line interface can be insecure.
        """, "Using a password on the command line interface can be insecure"),
    ("jenkins-console-sqlplus-step", "pwo", r"""
        [Pipeline] sh
        + sqlplus -s deploy/@{S}@@{tns} @release/@{ticket}/deploy.sql
        SQL*Plus: Release 19.0.0.0.0 - Production on @{date}
        Connected to: Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production
        """, "[Pipeline] sh"),
    ("ansible-vvv-module-args-json", "pw", r"""
        ok: [@{mhost}] => {"changed": false, "invocation": {"module_args": {"login_host": "localhost", "login_password": "@{S}", "login_user": "root", "name": "repl", "state": "present"}}}
        """, "\"login_user\": \"root\""),
    ("kafka-connect-config-values-dump", "pw", r"""
        [@{date} @{time},118] INFO JdbcSourceConnectorConfig values:
        	batch.max.rows = 500
        	connection.attempts = 3
        	connection.password = @{S}
        	connection.url = jdbc:oracle:thin:@//@{ohost}:1521/@{tns}
        	connection.user = @{user}
        """, "batch.max.rows = 500"),
    ("spring-property-resolver-debug", "pw", r"""
        @{date} @{time}.902 DEBUG 1 --- [main] o.s.c.e.PropertySourcesPropertyResolver : Found key 'spring.datasource.password' in PropertySource 'Config resource 'class path resource [application-prod.yml]'' with value of type String: @{S}
        """, "PropertySourcesPropertyResolver"),
    ("hikari-datasourceproperties-debug", "pw", r"""
        DEBUG com.zaxxer.hikari.HikariConfig - dataSourceProperties............{password=@{S}, user=@{user}, ssl=true}
        DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.........................jdbc:postgresql://@{phost}:5432/@{db}
        """, "com.zaxxer.hikari.HikariConfig"),
    ("python-logging-config-dict-repr", "pw", r"""
        @{date} @{time},221 INFO etl.config: loaded source config {'host': '@{ohost}', 'port': 1521, 'user': '@{user}', 'password': '@{S}', 'service': '@{tns}'}
        """, "etl.config: loaded source config"),
    ("java-tostring-datasource-config", "pw", r"""
        INFO  [main] c.k.mig.MigrationRunner - Using DataSourceConfig{url='jdbc:db2://@{dhost}:50000/@{db}', user='@{user}', password='@{S}', poolSize=8}
        """, "c.k.mig.MigrationRunner"),
    ("nginx-access-log-token-query", "an40", r"""
        @{ip} - - [12/Mar/2024:03:14:07 +0000] "GET /api/export/@{table}?format=csv&token=@{S} HTTP/1.1" 200 48211 "-" "python-requests/2.31.0"
        """, "python-requests/2.31.0"),
    ("haproxy-captured-authorization-header", "basic", r"""
        @{date}T@{time} lb01 haproxy[@{pid}]: @{ip}:51844 [12/Mar/2024:03:14:07.221] stats stats/<STATS> 0/0/0/0/0 200 5231 - - LR-- 1/1/0/0/0 0/0 {Basic @{S}} "GET /haproxy?stats HTTP/1.1"
        """, "GET /haproxy?stats"),
    ("curl-verbose-authorization-basic", "basic", r"""
        > GET /pools/default HTTP/1.1
        > Host: @{host}:8091
        > Authorization: Basic @{S}
        > User-Agent: curl/8.5.0
        < HTTP/1.1 200 OK
        """, "Host: @{host}:8091"),
    ("urllib3-debug-cookie-header", "jsession", r"""
        DEBUG:urllib3.connectionpool:https://@{host}:443 "POST /ords/@{schema}/migration/status HTTP/1.1" 200 None
        send: b'GET /ords/@{schema}/migration/batches HTTP/1.1\r\nHost: @{host}\r\nCookie: JSESSIONID=@{S}\r\nAccept: */*\r\n\r\n'
        """, "/ords/@{schema}/migration/status"),
    ("syslog-sudo-command-mysql", "pwa", r"""
        Mar  3 02:14:07 @{mhost} sudo:   oracle : TTY=pts/1 ; PWD=/home/oracle ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p@{S} -e FLUSH LOGS
        """, "TTY=pts/1"),
    ("auditd-execve-sqlcmd-args", "pw", r"""
        type=EXECVE msg=audit(1710212047.331:@{big}): argc=7 a0="sqlcmd" a1="-S" a2="@{shost}" a3="-U" a4="sa" a5="-P" a6="@{S}"
        """, "type=EXECVE"),
    ("docker-build-log-run-setup-pwd", "pwo", r"""
        Step 7/12 : ARG ORACLE_PWD
         ---> Running in @{hex8}a1b2
        Step 8/12 : RUN /opt/oracle/setup.sh --pwd=@{S} --sid=@{tns}
         ---> Running in @{hex8}c3d4
        """, "Step 7/12 : ARG ORACLE_PWD"),
    ("container-entrypoint-echo-env", "pw", r"""
        @{ts} entrypoint.sh: starting mysqld with MYSQL_ROOT_PASSWORD=@{S} MYSQL_DATABASE=@{db}
        @{ts} [Note] [Entrypoint]: Creating database @{db}
        """, "[Entrypoint]: Creating database @{db}"),
    ("patroni-debug-connect-kwargs", "pw", r"""
        @{date} @{time},442 DEBUG: connecting with {'host': '/var/run/postgresql', 'port': 5432, 'user': 'postgres', 'password': '@{S}', 'dbname': 'postgres', 'connect_timeout': 3}
        """, "'connect_timeout': 3"),
    ("proxysql-log-admin-update", "pwa", r"""
        @{date} @{time} [INFO] Received command on admin: UPDATE global_variables SET variable_value='admin:@{S}' WHERE variable_name='admin-admin_credentials'
        @{date} @{time} [INFO] Received LOAD ADMIN VARIABLES TO RUNTIME command
        """, "LOAD ADMIN VARIABLES TO RUNTIME"),
    ("rman-log-echoed-decryption", "pw", r"""
        RMAN> SET DECRYPTION IDENTIFIED BY '@{S}';

        executing command: SET decryption
        using target database control file instead of recovery catalog
        """, "executing command: SET decryption"),
    ("airflow-task-log-conn-uri", "pwu", r"""
        [@{date}, @{time} UTC] {base.py:83} INFO - Using connection ID 'ora_src' for task execution.
        [@{date}, @{time} UTC] {logging_mixin.py:188} INFO - uri=oracle://@{user}:@{S}@@{ohost}:1521/?service_name=@{tns}
        """, "Using connection ID 'ora_src'"),
    ("dms-task-log-endpoint-settings", "pwa", r"""
        @{date}T@{time} [SOURCE_CAPTURE  ]I:  Source endpoint settings: server=@{ohost};port=1521;sid=@{tns};username=@{user};password=@{S};useLogMinerReader=N  (oracle_endpoint_imp.c:1021)
        """, "oracle_endpoint_imp.c:1021"),
    ("lambda-cloudwatch-event-dump", "pw", r"""
        START RequestId: @{uuid} Version: $LATEST
        [INFO]	@{ts}	@{uuid}	received event: {"action": "rotate", "db_user": "@{user}", "db_password": "@{S}", "cluster": "@{cluster}"}
        END RequestId: @{uuid}
        """, "Version: $LATEST"),
    ("gitlab-job-log-unmasked-echo", "pw", r"""
        $ echo "connecting to $DB_HOST as $DB_USER with $DB_PASSWORD"
        connecting to @{host} as @{user} with @{S}
        $ ./scripts/smoke_test.sh
        """, "./scripts/smoke_test.sh"),
    ("terraform-debug-http-request-body", "pw", r"""
        @{date}T@{time}.512Z [DEBUG] provider.terraform-provider-aws_v5.40.0_x5: HTTP Request Sent: aws.region=@{region} http.request.body="Action=CreateDBInstance&DBInstanceIdentifier=@{db}-prod&Engine=postgres&MasterUserPassword=@{S}&MasterUsername=dbadmin"
        """, "Action=CreateDBInstance"),
    ("liquibase-log-connected-url", "pwu", r"""
        [@{date} @{time}] INFO [liquibase.database] Connected to jdbc:postgresql://@{phost}:5432/@{db}?user=@{user}&password=@{S}
        [@{date} @{time}] INFO [liquibase.changelog] Reading from public.databasechangelog
        """, "public.databasechangelog"),
    ("flyway-banner-database-url", "pw", r"""
        Flyway Community Edition 10.10.0 by Redgate
        Database: jdbc:sqlserver://@{shost}:1433;databaseName=@{db};user=@{user};password=@{S};encrypt=true (Microsoft SQL Server 16.0)
        Successfully validated 42 migrations (execution time 00:00.311s)
        """, "Flyway Community Edition 10.10.0"),
    ("mongod-json-log-uri-attr", "pwu", r"""
        {"t":{"$date":"@{ts}"},"s":"I","c":"NETWORK","id":4333208,"ctx":"ReplicaSetMonitor-TaskExecutor","msg":"RSM host selection timeout","attr":{"replicaSet":"rs0","uri":"mongodb://@{user}:@{S}@@{mghost}:27017/?replicaSet=rs0"}}
        """, "ReplicaSetMonitor-TaskExecutor"),
    ("cassandra-audit-log-create-role", "pw", r"""
        INFO  [Native-Transport-Requests-3] @{date} @{time},220 AuditLogger.java:122 - user:cassandra|host:@{ip}:9042|source:/@{ip2}|port:53110|timestamp:@{big}|type:CREATE_ROLE|category:DCL|operation:CREATE ROLE @{user} WITH PASSWORD = '@{S}' AND LOGIN = true;
        """, "type:CREATE_ROLE"),
    ("redis-monitor-auth-line", "pw", r"""
        1710212047.331842 [0 @{ip}:51234] "AUTH" "@{user}" "@{S}"
        1710212047.332101 [0 @{ip}:51234] "PING"
        """, "\"PING\""),
    ("sqlserver-profiler-rpc-completed", "pw", r"""
        RPC:Completed  exec sp_addlinkedsrvlogin @rmtsrvname=N'ORA_@{tns}', @useself=N'False', @rmtuser=N'@{user}', @rmtpassword=N'@{S}'  Duration: 12  SPID: @{n}
        """, "RPC:Completed"),
    ("db2diag-log-connect-string", "pwa", r"""
        @{date}-@{time}.441218+000 I@{big}E512 LEVEL: Warning
        PID     : @{pid}            TID : 140@{K_dig9}  PROC : db2sysc 0
        FUNCTION: DB2 UDB, DRDA Application Server, sqljsConnect, probe:100
        DATA #1 : String, 88 bytes
        DATABASE=@{db};HOSTNAME=@{dhost};PORT=50000;UID=@{user};PWD=@{S};
        """, "sqljsConnect"),
    ("tpt-job-log-variable-echo", "pwa", r"""
        Teradata Parallel Transporter Version 17.20.00.14 64-Bit
        Job log: /opt/teradata/client/17.20/tbuild/logs/load_@{table}-@{n}.out
        TPT_INFRA: TPT04106: Job variable 'TargetUserPassword' = '@{S}'
        Teradata Parallel Transporter Load Operator Version 17.20.00.14
        """, "Teradata Parallel Transporter Version 17.20.00.14"),
    ("hana-python-traceback-connect-call", "pw", r"""
        Traceback (most recent call last):
          File "/usr/sap/scripts/check_backup.py", line 18, in <module>
            conn = dbapi.connect(address='@{hhost}', port=30013, user='SYSTEM', password='@{S}')
        hdbcli.dbapi.Error: (10, 'authentication failed')
        """, "hdbcli.dbapi.Error"),
    ("task-scheduler-event-action-args", "pw", r"""
        Log Name: Microsoft-Windows-TaskScheduler/Operational
        Event ID: 200
        Task Scheduler launched action "C:\Scripts\sqlbackup.cmd -S @{shost} -P @{S}" in instance "{@{uuid}}" of task "\DBA\NightlyFull".
        """, "Microsoft-Windows-TaskScheduler/Operational"),
    ("cron-mail-subject-argv", "pwo", r"""
        From: root@@{ohost} (Cron Daemon)
        Subject: Cron <oracle@@{ohost}> /u01/scripts/exp_nightly.sh system/@{S}@@{tns}
        ORA-39002: invalid operation
        """, "(Cron Daemon)"),
    ("oracle-jdbc-trace-connection-properties", "pw", r"""
        @{date} @{time} oracle.jdbc.driver.PhysicalConnection connect
        FINE: Connection properties: {user=@{user}, password=@{S}, oracle.net.CONNECT_TIMEOUT=10000, oracle.jdbc.ReadTimeout=60000}
        """, "oracle.jdbc.driver.PhysicalConnection"),
    ("galera-error-log-wsrep-sst-auth", "pwa", r"""
        @{date} @{time} 0 [Note] WSREP: Running: 'wsrep_sst_mariabackup --role 'donor' --address '@{ip}:4444/xtrabackup_sst//1' --auth 'sstuser:@{S}' --socket '/run/mysqld/mysqld.sock' --datadir '/var/lib/mysql/'
        """, "wsrep_sst_mariabackup --role 'donor'"),
    ("walg-debug-env-dump", "awssk", r"""
        DEBUG: @{date} @{time}.102 WALG_S3_PREFIX=s3://@{bucket}/wal-g
        DEBUG: @{date} @{time}.102 AWS_ACCESS_KEY_ID=@{K_akid}
        DEBUG: @{date} @{time}.102 AWS_SECRET_ACCESS_KEY=@{S}
        """, "WALG_S3_PREFIX=s3://@{bucket}/wal-g"),
    ("python-userwarning-redis-url", "pwu", r"""
        /opt/recon/cache.py:33: UserWarning: Could not reach replica redis://:@{S}@@{rhost}:6379/2, falling back to primary
          warnings.warn(msg)
        """, "falling back to primary"),
    ("rails-log-parameters-hash", "pw", r"""
        Started POST "/admin/connections/test" for @{ip} at @{date} @{time} +0000
        Processing by Admin::ConnectionsController#test as HTML
          Parameters: {"authenticity_token"=>"[FILTERED]", "db_user"=>"@{user}", "db_password"=>"@{S}", "commit"=>"Test connection"}
        """, "Admin::ConnectionsController#test"),
    ("json-log-outbound-headers-api-key", "an40", r"""
        {"level":"debug","ts":"@{ts}","logger":"backup-client","msg":"outbound request","method":"POST","url":"https://@{host}/api/v1/snapshots","headers":{"Content-Type":"application/json","X-Api-Key":"@{S}"}}
        """, "\"logger\":\"backup-client\""),
    ("ora-12154-echoed-connect-string", "pwo", r"""
        ERROR:
        ORA-12154: TNS:could not resolve the connect identifier specified
        [wrapper] connect string used: @{user}/@{S}@@{tns}_TYPO
        """, "ORA-12154"),
    ("sqlcmd-wrapper-error-echo", "pw", r"""
        Sqlcmd: Error: Microsoft ODBC Driver 18 for SQL Server : Login failed for user '@{user}'..
        [run_sql.ps1] command was: sqlcmd -S @{shost} -U @{user} -P "@{S}" -d @{db} -i .\post_restore.sql
        """, "Login failed for user '@{user}'"),
    ("systemd-journal-exporter-uri", "pwu", r"""
        @{date}T@{time} @{mghost} systemd[1]: Started mongodb_exporter.service - Prometheus MongoDB exporter.
        @{date}T@{time} @{mghost} mongodb_exporter[@{pid}]: level=info msg="Starting HTTP server" args="--mongodb.uri=mongodb://exporter:@{S}@localhost:27017/admin --collect-all"
        """, "Prometheus MongoDB exporter"),
    ("uv-pip-verbose-index-url", "pwu", r"""
        DEBUG Using request timeout of 30s
        DEBUG Searching for a compatible version of cx-oracle (*)
        DEBUG Fetching https://ci:@{S}@nexus.@{org}.internal/repository/pypi-internal/simple/cx-oracle/
        """, "Using request timeout of 30s"),
    ("logstash-jdbc-input-debug", "pw", r"""
        [@{date}T@{time},551][DEBUG][logstash.inputs.jdbc     ][main] config LogStash::Inputs::Jdbc/@jdbc_password = "@{S}"
        [@{date}T@{time},552][DEBUG][logstash.inputs.jdbc     ][main] config LogStash::Inputs::Jdbc/@jdbc_user = "@{user}"
        """, "LogStash::Inputs::Jdbc/@jdbc_user"),
    ("mssql-unattended-install-wrapper-log", "pw", r"""
        @{date} @{time} [install_sql.ps1] Running setup.exe /Q /ACTION=Install /FEATURES=SQLENGINE /INSTANCENAME=MSSQLSERVER /SECURITYMODE=SQL /SAPWD="@{S}" /SQLSYSADMINACCOUNTS="CORP\DBA-Admins"
        """, "/FEATURES=SQLENGINE"),
    ("pgbackrest-wrapper-log-cli-options", "rndl", r"""
        @{date} @{time}.204 P00   INFO: archive-push command begin 2.50: [pg_wal/0000000100000A1B000000C4] --exec-id=@{pid}-@{hex8} --log-level-console=info --repo1-cipher-pass=@{S} --stanza=@{pgcl}
        """, "archive-push command begin 2.50"),
    ("k8s-event-failed-probe-command", "pw", r"""
        Warning  Unhealthy  2m (x14 over 9m)  kubelet  Readiness probe failed: command "mysqladmin ping -uroot -p@{S} -h 127.0.0.1" timed out
        """, "Readiness probe failed"),
    ("python-repr-bytes-auth-packet", "pw", r"""
        DEBUG:mysql.connector.network:send 98 bytes: b'\x85\xa6\xff\x01\x00\x00\x00\x01!\x00@{user}\x00' + b'@{S}' (auth-switch, plugin=mysql_clear_password)
        """, "plugin=mysql_clear_password"),
    ("pgbouncer-verbose-log-auth-query-param", "pwa", r"""
        @{date} @{time}.332 UTC [@{pid}] LOG C-0x55d1c8: @{db}/@{user}@@{ip}:50412 login attempt: db=@{db} user=@{user} tls=no
        @{date} @{time}.333 UTC [@{pid}] DEBUG S-0x55d1d0: @{db}/pgbouncer_auth@@{phost}:5432 new connection to server (from 10.0.0.5:41422) conninfo 'user=pgbouncer_auth password=@{S}'
        """, "login attempt: db=@{db}"),
]


# ================================================================ note-or-chat
_T_NOTE = [
    ("slack-handover-replica-pw", "pw", r"""
        [09:14] @{person}: prod replica user is repl_ro, pw @{S} -- rotate after cutover pls
        [09:15] @{person2}: ack
        """, "prod replica user is repl_ro"),
    ("teams-message-german-passwort", "pw", r"""
        @{person} (Teams, @{date} 08:02): Hi, das Passwort für den SYS-User auf @{tns} ist jetzt @{S}. Bitte nicht ins Wiki kopieren.
        """, "SYS-User auf @{tns}"),
    ("email-french-mot-de-passe", "pw", r"""
        Bonjour,
        voici les accès pour la migration du lot 3 :
          utilisateur : @{user}
          mot de passe : @{S}
        Cordialement,
        @{person}
        """, "utilisateur : @{user}"),
    ("chat-spanish-contrasena", "pw", r"""
        @{person}: la contraseña de sa en el nodo secundario es @{S}, la cambié ayer después del failover
        """, "en el nodo secundario"),
    ("chat-portuguese-br-senha", "pw", r"""
        @{person}: senha do usuário dms no RDS: @{S} (validade 30 dias, depois pega no Secrets Manager)
        """, "senha do usuário dms no RDS"),
    ("chat-italian-password-utente", "pw", r"""
        @{person}: la password dell'utente @{user} è @{S}, mi raccomando non committarla nel repo
        """, "non committarla nel repo"),
    ("chat-dutch-wachtwoord", "pw", r"""
        @{person}: wachtwoord voor de replicatie-user op @{mhost}: @{S}
        """, "replicatie-user op @{mhost}"),
    ("chat-polish-haslo", "pw", r"""
        @{person}: hasło do konta @{user} na @{host}: @{S} (tymczasowe, zmienię po migracji)
        """, "tymczasowe, zmienię po migracji"),
    ("chat-japanese-password", "pw", r"""
        @{person}さん、@{tns}のSYSTEMパスワードは @{S} です。作業が終わったら変更します。
        """, "@{tns}のSYSTEMパスワードは"),
    ("chat-chinese-simplified-mima", "pw", r"""
        @{person}：迁移账号 @{user} 的密码是 @{S}，周五之后会失效，请尽快完成全量同步。
        """, "迁移账号 @{user} 的密码是"),
    ("chat-korean-bimilbeonho", "pw", r"""
        @{person}: @{host} DB 비밀번호 알려드려요 -> @{S} (임시, 내일 변경 예정)
        """, "DB 비밀번호 알려드려요"),
    ("chat-russian-parol", "pw", r"""
        @{person}: Пароль от @{user} на стенде миграции: @{S}, не светите его в тикете
        """, "не светите его в тикете"),
    ("chat-turkish-sifre", "pw", r"""
        @{person}: @{user} kullanıcısının şifresi @{S}, yarın değiştireceğim
        """, "kullanıcısının şifresi"),
    ("chat-swedish-losenord", "pw", r"""
        @{person}: lösenordet för backupkontot på @{host} är @{S}
        """, "lösenordet för backupkontot"),
    ("chat-czech-heslo", "pw", r"""
        @{person}: heslo k účtu @{user} na DB serveru: @{S}
        """, "heslo k účtu @{user}"),
    ("chat-finnish-salasana", "pw", r"""
        @{person}: salasana @{user}-tunnukselle on @{S}, vaihdetaan ensi viikolla
        """, "vaihdetaan ensi viikolla"),
    ("chat-vietnamese-mat-khau", "pw", r"""
        @{person}: mật khẩu của @{user} trên @{host} là @{S} nhé
        """, "mật khẩu của @{user}"),
    ("chat-indonesian-kata-sandi", "pw", r"""
        @{person}: kata sandi user @{user} untuk DB staging: @{S}
        """, "untuk DB staging"),
    ("chat-hebrew-sisma", "pw", r"""
        @{person}: הסיסמה של @{user} בשרת @{host} היא @{S}
        """, "הסיסמה של @{user}"),
    ("chat-arabic-kalimat-al-murur", "pw", r"""
        @{person}: كلمة المرور لحساب @{user} على خادم قاعدة البيانات: @{S}
        """, "كلمة المرور لحساب @{user}"),
    ("chat-hinglish-password-hai", "pw", r"""
        @{person}: @{user} ka password @{S} hai, kal tak use kar lo phir main rotate kar dunga
        """, "kal tak use kar lo"),
    ("chat-ukrainian-parol", "pw", r"""
        @{person}: пароль для @{user} на @{host}: @{S}
        """, "пароль для @{user}"),
    ("chat-greek-kodikos", "pw", r"""
        @{person}: ο κωδικός για τον χρήστη @{user} είναι @{S}
        """, "ο κωδικός για τον χρήστη"),
    ("agent-running-notes-creds-bullet", "pw", r"""
        ## Running notes
        - Source: Oracle 12.2 on @{ohost}, service @{tns}
        - Creds (from ticket @{ticket}): @{user} / @{S}
        - Target: Aurora PostgreSQL 15, schema @{schema}
        - ora2pg estimate: B-@{n}, ~@{n2} days
        """, "- Source: Oracle 12.2 on @{ohost}"),
    ("agent-goal-statement-inline-password", "pw", r"""
        Goal: migrate schema @{schema} from @{tns} to PostgreSQL; connect as @{user} with password @{S} (given by the user in chat), read-only until cutover.
        """, "Goal: migrate schema @{schema}"),
    ("decision-log-keep-legacy-password", "pw", r"""
        Decision @{date}: keep the legacy sa password (@{S}) until the linked servers on @{shost} are repointed; rotation tracked in @{ticket}.
        """, "rotation tracked in @{ticket}"),
    ("jira-comment-new-creds", "pw", r"""
        @{person} added a comment - @{date} 16:41
        Tried again with the new creds: svc_dms / @{S} -- endpoint test connection succeeds now. Closing @{ticket}.
        """, "endpoint test connection succeeds now"),
    ("email-cutover-temporary-creds", "pw", r"""
        Subject: RE: Cutover weekend access

        Hi team,
        temporary creds for the DB proxy on the bastion:
          user: @{user}
          pass: @{S}
        They expire Monday 06:00 UTC.
        --
        @{person}
        """, "Subject: RE: Cutover weekend access"),
    ("standup-notes-pw-equals", "pwa", r"""
        standup @{date}:
        - @{person}: galera node3 rejoined after IST, SST user pw=@{S}
        - @{person2}: DMS full load 83% done
        """, "galera node3 rejoined after IST"),
    ("whatsapp-export-pwd-label", "pw", r"""
        [@{date}, 23:41:07] @{person}: pwd da VPN do cliente: @{S}
        [@{date}, 23:41:30] @{person2}: valeu, entrei
        """, "pwd da VPN do cliente"),
    ("chat-user-slash-pass-pair", "pw", r"""
        @{person}: use @{user} / @{S} on the reporting replica, the app account is locked
        """, "the app account is locked"),
    ("chat-arrow-unlabeled", "pw", r"""
        @{person}: hana SYSTEM on @{hhost} → @{S}
        """, "hana SYSTEM on @{hhost}"),
    ("irc-accidental-paste", "pw", r"""
        <@{person}> ok running the restore now
        <@{person}> @{S}
        <@{person}> ugh, that was meant for the sudo prompt, rotating it
        """, "that was meant for the sudo prompt"),
    ("runbook-todo-reset-password", "pw", r"""
        TODO after restore on @{phost}: reset app_user password back to @{S} (value from the old runbook), then re-enable the pgbouncer pool.
        """, "re-enable the pgbouncer pool"),
    ("teammate-pasted-env-block", "pw", r"""
        @{person}: here's what I have in my .env, try that:
        PGHOST=@{phost}
        PGUSER=@{user}
        PGPASSWORD=@{S}
        """, "here's what I have in my .env"),
    ("chat-restic-passphrase-spaces", "phrasesp", r"""
        @{person}: the restic repo passphrase is "@{S}" (with spaces, all lowercase)
        """, "the restic repo passphrase is"),
    ("call-transcript-spoken-password", "pw", r"""
        [call transcript @{time}] @{person}: ...okay so for the DR site the login is dbadmin and the password is @{S}, yeah, exactly like that...
        """, "for the DR site the login is dbadmin"),
    ("github-issue-comment-oops-uri", "pwu", r"""
        > I can connect fine with
        > mongosh "mongodb://admin:@{S}@@{mghost}:27017/?authSource=admin"

        EDIT: oops, that's the real one -- rotating it now
        """, "EDIT: oops"),
    ("break-glass-recovery-code", "recovery", r"""
        Break-glass account dba-emergency (MFA recovery codes, use once each):
          @{S}
        Store the printout in the safe in room 3.14.
        """, "Break-glass account dba-emergency"),
    ("wiki-markdown-table-password-column", "pwo", r"""
        | Database | User   | Password        | Last rotated |
        |----------|--------|-----------------|--------------|
        | @{tns}   | SYS    | @{S}            | @{date}      |
        """, "| Database | User   | Password"),
    ("confluence-wiki-markup-credentials", "pw", r"""
        h3. Credentials
        * Host: @{dhost}
        * Login: @{user}
        * Passwort: @{S}
        """, "h3. Credentials"),
    ("agent-note-user-provided-td-password", "pw", r"""
        User provided the Teradata password in chat (@{S}); stored it only in the session env var TD_PASS, not on disk.
        """, "stored it only in the session env var TD_PASS"),
    ("handwritten-style-sys-pw", "pwo", r"""
        sys pw = @{S}   (same on both sides of the DG pair @{tns}_PRIM / @{tns}_STBY)
        """, "same on both sides of the DG pair"),
    ("chat-sas-url-while-keyvault-down", "sas", r"""
        @{person}: KV is down so here's the SAS for the backup container in the meantime:
        https://@{K_low10}.blob.core.windows.net/sqlbackups?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2024-07-01T00:00:00Z&spr=https&sig=@{S}
        """, "KV is down"),
    ("email-german-formal-kennwort", "pw", r"""
        Sehr geehrte Damen und Herren,
        anbei die Zugangsdaten für die Testumgebung: Benutzer @{user}, Kennwort @{S}.
        Mit freundlichen Grüßen
        """, "Zugangsdaten für die Testumgebung"),
    ("chat-french-mdp-abbrev", "pw", r"""
        @{person}: mdp du compte @{user} : @{S} (je le change lundi)
        """, "je le change lundi"),
    ("chat-spanish-latam-clave", "pw", r"""
        @{person}: la clave del usuario @{user} en Db2 es @{S}, ojo que expira en 90 días
        """, "ojo que expira en 90 días"),
    ("chat-european-portuguese-palavra-passe", "pw", r"""
        @{person}: palavra-passe da base @{db}: @{S}
        """, "palavra-passe da base @{db}"),
    ("chat-norwegian-passord", "pw", r"""
        @{person}: passordet for @{user} er @{S}
        """, "passordet for @{user}"),
    ("chat-danish-adgangskode", "pw", r"""
        @{person}: adgangskoden til @{host} er @{S}
        """, "adgangskoden til @{host}"),
    ("chat-hungarian-jelszo", "pw", r"""
        @{person}: a @{user} jelszava: @{S}
        """, "jelszava"),
    ("chat-romanian-parola", "pw", r"""
        @{person}: parola pentru @{user} este @{S}
        """, "parola pentru @{user}"),
    ("chat-thai-rahat-phan", "pw", r"""
        @{person}: รหัสผ่านของ @{user} คือ @{S} นะครับ
        """, "รหัสผ่านของ @{user}"),
    ("chat-chinese-traditional-mima", "pw", r"""
        @{person}：@{user} 的密碼是 @{S}，用完請告訴我
        """, "用完請告訴我"),
    ("retro-notes-workaround-password", "pwo", r"""
        Retro @{date}: lost 2h because the wallet auto-login was missing on @{ohost}; workaround was to put @{user}/@{S} in the cron script (REMOVE!).
        """, "wallet auto-login was missing"),
    ("pairing-chat-copied-from-vault", "pw", r"""
        @{person}: try "@{S}" -- it's the one from the vault, I copied it by hand so maybe a typo
        """, "I copied it by hand"),
    ("meeting-minutes-action-item", "pwa", r"""
        Action items:
        1. @{person} to rotate the ProxySQL admin creds (currently admin / @{S}).
        2. @{person2} to finish the Orchestrator failover test.
        """, "Action items:"),
    ("forwarded-message-db2-details", "pw", r"""
        ---------- Forwarded message ---------
        Host: @{dhost}
        Port: 50000
        DB: @{db}
        User: @{user}
        Pw: @{S}
        """, "---------- Forwarded message ---------"),
    ("agent-transcript-user-gives-password", "pw", r"""
        > user: the password for sqlplus is @{S}
        Ack -- I'll use it for the read-only checks on @{tns} only and won't write it to any file.
        """, "read-only checks on @{tns}"),
    ("chat-creds-colon-pair", "pwa", r"""
        @{person}: creds: @{user}:@{S}
        """, "creds:"),
    ("chat-login-pass-slash-label", "pw", r"""
        @{person}: login/pass: @{user} / @{S}
        """, "login/pass:"),
    ("chat-swahili-nenosiri", "pw", r"""
        @{person}: nenosiri la @{user} ni @{S}
        """, "nenosiri la @{user}"),
    ("chat-tagalog-password-ng", "pw", r"""
        @{person}: yung password ng @{user} ay @{S}, paki-palitan after ng migration
        """, "paki-palitan after ng migration"),
    ("email-malay-kata-laluan", "pw", r"""
        Salam, kata laluan untuk akaun @{user}: @{S}
        """, "kata laluan untuk akaun"),
    ("note-password-on-next-line", "pw", r"""
        Password for @{user} on @{host} (next line, copy exactly):

            @{S}

        """, "(next line, copy exactly)"),
    ("chat-emoji-key-label", "phrase", r"""
        @{person}: 🔑 @{S} ← new HANA backup encryption passphrase, don't lose it
        """, "HANA backup encryption passphrase"),
    ("chat-catalan-contrasenya", "pw", r"""
        @{person}: la contrasenya de l'usuari @{user} és @{S}
        """, "la contrasenya de l'usuari"),
    ("pr-review-comment-hardcoded", "pw", r"""
        @{person} commented on etl/settings.py line 14:
        > DB_PASSWORD = "@{S}"
        Please don't hardcode this, read it from the environment instead.
        """, "Please don't hardcode this"),
]


# ================================================================ ci-and-deploy
_T_CI = [
    ("github-actions-job-env-hardcoded", "pw", r"""
        jobs:
          migrate:
            runs-on: ubuntu-latest
            env:
              DB_HOST: @{phost}
              DB_PASSWORD: @{S}
            steps:
              - uses: actions/checkout@v4
        """, "runs-on: ubuntu-latest"),
    ("github-actions-service-postgres-env", "pw", r"""
        services:
          postgres:
            image: postgres:16
            env:
              POSTGRES_USER: ci
              POSTGRES_PASSWORD: @{S}
            options: >-
              --health-cmd pg_isready
        """, "--health-cmd pg_isready"),
    ("gitlab-ci-variables-block", "pw", r"""
        variables:
          MYSQL_DATABASE: @{db}
          MYSQL_ROOT_PASSWORD: "@{S}"
          GIT_DEPTH: "10"
        """, "GIT_DEPTH: \"10\""),
    ("gitlab-ci-script-sqlplus-line", "pwo", r"""
        deploy_schema:
          stage: deploy
          script:
            - sqlplus -s deploy/@{S}@$ORA_TNS @release/@{ticket}/install.sql
          when: manual
        """, "stage: deploy"),
    ("jenkinsfile-environment-block", "pwo", r"""
        pipeline {
          agent { label 'oracle-client' }
          environment {
            ORA_USER = 'deploy'
            ORA_PWD  = '@{S}'
          }
        """, "agent { label 'oracle-client' }"),
    ("jenkinsfile-sh-flyway-inline", "pw", r"""
        stage('Migrate') {
          steps {
            sh "flyway -url=jdbc:postgresql://@{phost}:5432/@{db} -user=@{user} -password='@{S}' migrate"
          }
        }
        """, "stage('Migrate')"),
    ("azure-pipelines-variables-plain", "pw", r"""
        variables:
          sqlServer: '@{shost}'
          sqlAdminLogin: 'sqladmin'
          sqlAdminPassword: '@{S}'
        """, "sqlAdminLogin: 'sqladmin'"),
    ("azure-pipelines-dacpac-task-inputs", "pw", r"""
        - task: SqlAzureDacpacDeployment@1
          inputs:
            azureSubscription: 'sc-@{db}-prod'
            ServerName: '@{db}-sql.database.windows.net'
            DatabaseName: '@{db}'
            SqlUsername: 'sqladmin'
            SqlPassword: '@{S}'
        """, "SqlAzureDacpacDeployment@1"),
    ("circleci-docker-image-environment", "pw", r"""
        docker:
          - image: cimg/python:3.11
          - image: cimg/postgres:15.4
            environment:
              POSTGRES_USER: circle
              POSTGRES_PASSWORD: @{S}
        """, "cimg/postgres:15.4"),
    ("bitbucket-pipelines-mysql-service", "pw", r"""
        definitions:
          services:
            mysql:
              image: mysql:8.0
              variables:
                MYSQL_DATABASE: '@{db}'
                MYSQL_ROOT_PASSWORD: '@{S}'
        """, "image: mysql:8.0"),
    ("drone-yml-step-environment", "pw", r"""
        steps:
          - name: integration
            image: python:3.11
            environment:
              DB_PASS: @{S}
            commands:
              - pytest tests/integration
        """, "pytest tests/integration"),
    ("k8s-secret-stringdata-manifest", "pw", r"""
        apiVersion: v1
        kind: Secret
        metadata:
          name: @{pgcl}-app
          namespace: @{ns}
        type: Opaque
        stringData:
          username: @{user}
          password: "@{S}"
        """, "kind: Secret"),
    ("k8s-secret-data-base64-manifest", "b64pw", r"""
        apiVersion: v1
        kind: Secret
        metadata:
          name: mssql-sa
        data:
          MSSQL_SA_PASSWORD: @{S}
        """, "name: mssql-sa"),
    ("helm-values-auth-root-password", "pw", r"""
        # values-prod.yaml (bitnami/mysql)
        auth:
          rootPassword: "@{S}"
          replicationUser: repl
          database: @{db}
        """, "replicationUser: repl"),
    ("helm-install-set-postgres-password", "pwa", r"""
        helm upgrade --install @{pgcl} bitnami/postgresql -n @{ns} --set auth.postgresPassword=@{S} --set primary.persistence.size=200Gi
        """, "primary.persistence.size=200Gi"),
    ("kustomize-secretgenerator-literals", "pw", r"""
        secretGenerator:
        - name: db-creds
          literals:
          - username=@{user}
          - password=@{S}
        generatorOptions:
          disableNameSuffixHash: true
        """, "disableNameSuffixHash: true"),
    ("terraform-aws-db-instance-password", "pw", r"""
        resource "aws_db_instance" "@{db}" {
          identifier        = "@{db}-prod"
          engine            = "postgres"
          instance_class    = "db.r6g.2xlarge"
          username          = "dbadmin"
          password          = "@{S}"
        }
        """, "instance_class    = \"db.r6g.2xlarge\""),
    ("terraform-tfvars-master-password", "pw", r"""
        # prod.auto.tfvars
        db_instance_class   = "db.r6i.4xlarge"
        db_master_password  = "@{S}"
        """, "db_instance_class   = \"db.r6i.4xlarge\""),
    ("terraform-apply-var-flag", "pw", r"""
        terraform apply -var="sql_admin_password=@{S}" -var-file=envs/prod.tfvars -auto-approve
        """, "-var-file=envs/prod.tfvars"),
    ("terraform-azurerm-mssql-server", "pw", r"""
        resource "azurerm_mssql_server" "mig" {
          name                         = "sql-@{db}-mig"
          version                      = "12.0"
          administrator_login          = "sqladmin"
          administrator_login_password = "@{S}"
        }
        """, "resource \"azurerm_mssql_server\" \"mig\""),
    ("terraform-google-sql-user", "pw", r"""
        resource "google_sql_user" "migrator" {
          name     = "migrator"
          instance = google_sql_database_instance.@{db}.name
          password = "@{S}"
        }
        """, "resource \"google_sql_user\" \"migrator\""),
    ("terraform-mongodbatlas-database-user", "pw", r"""
        resource "mongodbatlas_database_user" "etl" {
          username           = "etl"
          password           = "@{S}"
          project_id         = var.atlas_project_id
          auth_database_name = "admin"
        }
        """, "mongodbatlas_database_user"),
    ("ansible-group-vars-plaintext", "pw", r"""
        # group_vars/mysql_primary.yml
        mysql_root_password: "@{S}"
        mysql_replication_user: repl
        """, "mysql_replication_user: repl"),
    ("ansible-playbook-extra-vars-inline", "pwa", r"""
        ansible-playbook -i inventories/prod site.yml --limit pg_cluster -e "pg_superuser_password=@{S}"
        """, "--limit pg_cluster"),
    ("dockerfile-env-oracle-pwd", "pwo", r"""
        FROM container-registry.oracle.com/database/enterprise:19.3.0.0
        ENV ORACLE_SID=@{tns} \
            ORACLE_PWD=@{S}
        """, "FROM container-registry.oracle.com/database/enterprise:19.3.0.0"),
    ("dockerfile-arg-default-password", "pw", r"""
        FROM flyway/flyway:10
        ARG DB_PASSWORD=@{S}
        ENV FLYWAY_PASSWORD=${DB_PASSWORD}
        """, "FROM flyway/flyway:10"),
    ("docker-compose-list-env-sa-password", "pw", r"""
        services:
          mssql:
            image: mcr.microsoft.com/mssql/server:2019-latest
            environment:
              - ACCEPT_EULA=Y
              - SA_PASSWORD=@{S}
        """, "- ACCEPT_EULA=Y"),
    ("docker-login-p-flag", "pwa", r"""
        docker login -u deploy -p @{S} registry.@{org}.internal
        """, "registry.@{org}.internal"),
    ("kubectl-create-docker-registry-secret", "pwa", r"""
        kubectl -n @{ns} create secret docker-registry regcred --docker-server=registry.@{org}.internal --docker-username=ci --docker-password=@{S}
        """, "create secret docker-registry regcred"),
    ("argocd-repo-add-password", "pwa", r"""
        argocd repo add https://git.@{org}.internal/dba/manifests.git --username ci-bot --password @{S}
        """, "dba/manifests.git"),
    ("flux-create-secret-git", "pwa", r"""
        flux create secret git dba-manifests --url=https://git.@{org}.internal/dba/manifests --username=flux --password=@{S}
        """, "flux create secret git dba-manifests"),
    ("vault-kv-put-cli-inline", "pw", r"""
        vault kv put secret/databases/@{tns}/app username=@{user} password='@{S}'
        """, "secret/databases/@{tns}/app"),
    ("aws-ssm-put-parameter-value", "pw", r"""
        aws ssm put-parameter --name /@{db}/prod/password --type SecureString --value '@{S}' --overwrite --region @{region}
        """, "--type SecureString"),
    ("aws-secretsmanager-create-secret-string", "pwa", r"""
        aws secretsmanager create-secret --name prod/@{db}/app --secret-string '{"username":"@{user}","password":"@{S}","host":"@{phost}"}'
        """, "create-secret --name prod/@{db}/app"),
    ("az-keyvault-secret-set-value", "pw", r"""
        az keyvault secret set --vault-name kv-dba-prod --name sql-@{db}-sa --value '@{S}'
        """, "--vault-name kv-dba-prod"),
    ("gh-secret-set-body", "pw", r"""
        gh secret set PROD_DB_PASSWORD --body '@{S}' --repo @{org}/@{db}-migrations
        """, "gh secret set PROD_DB_PASSWORD"),
    ("glab-variable-set-value", "pw", r"""
        glab variable set ORA_PWD --value '@{S}' --masked --scope production
        """, "--masked --scope production"),
    ("heroku-config-set-database-url", "pwa", r"""
        heroku config:set DATABASE_URL=postgres://@{user}:@{S}@@{phost}:5432/@{db} -a @{db}-staging
        """, "-a @{db}-staging"),
    ("fly-secrets-set-inline", "pw", r"""
        fly secrets set DB_PASSWORD='@{S}' -a @{db}-worker
        """, "-a @{db}-worker"),
    ("cf-set-env-password", "pw", r"""
        cf set-env @{db}-api DB_PASS '@{S}' && cf restage @{db}-api
        """, "cf restage @{db}-api"),
    ("oc-create-secret-mysql-password", "pwa", r"""
        oc create secret generic mysql-@{db} --from-literal=MYSQL_USER=@{user} --from-literal=MYSQL_PASSWORD=@{S} -n @{ns}
        """, "--from-literal=MYSQL_USER=@{user}"),
    ("packer-variable-default-password", "pw", r"""
        variable "winrm_password" {
          type      = string
          default   = "@{S}"
          sensitive = true
        }
        """, "variable \"winrm_password\""),
    ("cloud-init-runcmd-mssql-conf", "pw", r"""
        #cloud-config
        runcmd:
          - MSSQL_SA_PASSWORD='@{S}' MSSQL_PID=Developer /opt/mssql/bin/mssql-conf -n setup accept-eula
          - systemctl enable --now mssql-server
        """, "#cloud-config"),
    ("maven-settings-xml-server-password", "pw", r"""
        <servers>
          <server>
            <id>dba-releases</id>
            <username>deploy</username>
            <password>@{S}</password>
          </server>
        </servers>
        """, "<id>dba-releases</id>"),
    ("gradle-properties-repo-password", "pw", r"""
        artifactoryUser=ci-deploy
        artifactoryPassword=@{S}
        org.gradle.jvmargs=-Xmx2g
        """, "org.gradle.jvmargs=-Xmx2g"),
    ("nuget-config-cleartextpassword", "pw", r"""
        <packageSourceCredentials>
          <dba-feed>
            <add key="Username" value="ci" />
            <add key="ClearTextPassword" value="@{S}" />
          </dba-feed>
        </packageSourceCredentials>
        """, "<packageSourceCredentials>"),
    ("pip-conf-index-url-credentials", "pwu", r"""
        [global]
        index-url = https://ci:@{S}@nexus.@{org}.internal/repository/pypi-group/simple
        timeout = 60
        """, "timeout = 60"),
    ("npmrc-underscore-password-base64", "b64pw", r"""
        registry=https://nexus.@{org}.internal/repository/npm-group/
        //nexus.@{org}.internal/repository/npm-group/:username=ci
        //nexus.@{org}.internal/repository/npm-group/:_password=@{S}
        always-auth=true
        """, "always-auth=true"),
    ("docker-config-json-auths-auth", "basic", r"""
        {
          "auths": {
            "registry.@{org}.internal": {
              "auth": "@{S}"
            }
          }
        }
        """, "\"auths\": {"),
    ("octopus-set-variable-powershell", "pw", r"""
        Set-OctopusVariable -name "DbPassword" -value "@{S}"
        Write-Host "Password variable set for step Deploy @{db}"
        """, "Set-OctopusVariable -name \"DbPassword\""),
    ("liquibase-command-password-env-ci", "pw", r"""
        deploy:
          image: liquibase/liquibase:4.27
          variables:
            LIQUIBASE_COMMAND_URL: jdbc:postgresql://@{phost}:5432/@{db}
            LIQUIBASE_COMMAND_USERNAME: @{user}
            LIQUIBASE_COMMAND_PASSWORD: @{S}
        """, "liquibase/liquibase:4.27"),
    ("flyway-env-prefix-in-ci-script", "pw", r"""
        script:
          - FLYWAY_PASSWORD='@{S}' flyway -configFiles=conf/prod.conf migrate
        """, "-configFiles=conf/prod.conf migrate"),
    ("github-actions-mysql-action-input", "pw", r"""
        - uses: mirromutth/mysql-action@v1.1
          with:
            mysql version: '8.0'
            mysql database: '@{db}'
            mysql root password: '@{S}'
        """, "mirromutth/mysql-action@v1.1"),
    ("teamcity-kotlin-dsl-param", "pw", r"""
        params {
            param("env.DB_USER", "@{user}")
            param("env.DB_PASSWORD", "@{S}")
        }
        """, "param(\"env.DB_USER\""),
    ("buildkite-pipeline-step-env", "pw", r"""
        steps:
          - label: ":postgres: migrate"
            command: make migrate
            env:
              PGPASSWORD: "@{S}"
        """, "command: make migrate"),
    ("tekton-task-param-default", "pw", r"""
        params:
          - name: db-user
            default: @{user}
          - name: db-password
            type: string
            default: "@{S}"
        """, "- name: db-password"),
    ("serverless-yml-environment", "pw", r"""
        provider:
          name: aws
          runtime: python3.11
          environment:
            DB_HOST: @{host}
            DB_PASSWORD: @{S}
        """, "runtime: python3.11"),
    ("aws-cdk-secretvalue-unsafe-plaintext", "pw", r"""
        new rds.DatabaseInstance(this, 'Ledger', {
          engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_15 }),
          credentials: rds.Credentials.fromPassword('dbadmin', SecretValue.unsafePlainText('@{S}')),
          vpc,
        });
        """, "rds.Credentials.fromPassword('dbadmin'"),
    ("pulumi-config-set-without-secret-flag", "pw", r"""
        pulumi config set dbPassword '@{S}' --stack @{org}/@{db}/prod
        """, "pulumi config set dbPassword"),
    ("github-actions-run-step-mysql-p", "pwa", r"""
        - name: Load schema
          run: mysql -h 127.0.0.1 -uroot -p@{S} @{db} < schema/@{db}.sql
        """, "- name: Load schema"),
    ("gitlab-ci-mssql-service-alias", "pw", r"""
        services:
          - name: mcr.microsoft.com/mssql/server:2022-latest
            alias: mssql
        variables:
          ACCEPT_EULA: "Y"
          MSSQL_SA_PASSWORD: "@{S}"
        """, "alias: mssql"),
    ("k8s-deployment-env-value-literal", "pw", r"""
        containers:
          - name: ledger-sync
            image: registry.@{org}.internal/ledger-sync:@{sha7}
            env:
              - name: SPRING_DATASOURCE_PASSWORD
                value: "@{S}"
        """, "name: SPRING_DATASOURCE_PASSWORD"),
    ("k8s-cronjob-args-password", "pw", r"""
        args: ["--host", "@{mhost}", "--user", "backup", "--password", "@{S}", "--all-databases"]
        """, "\"--all-databases\""),
    ("percona-xtradb-cluster-secrets-yaml", "pw", r"""
        apiVersion: v1
        kind: Secret
        metadata:
          name: @{mycl}-secrets
        type: Opaque
        stringData:
          root: @{S}
          xtrabackup: @{K_pwa}
          monitor: @{K_pwa__2}
        """, "name: @{mycl}-secrets"),
    ("github-workflow-dispatch-input-default", "pw", r"""
        on:
          workflow_dispatch:
            inputs:
              db_password:
                description: 'Password for the target DB'
                default: '@{S}'
        """, "workflow_dispatch:"),
    ("helmfile-release-values-inline", "pw", r"""
        releases:
          - name: redis-sessions
            chart: bitnami/redis
            values:
              - auth:
                  password: @{S}
        """, "chart: bitnami/redis"),
    ("argo-workflow-parameter-value", "pw", r"""
        arguments:
          parameters:
            - name: sa-password
              value: "@{S}"
            - name: target-db
              value: @{db}
        """, "- name: sa-password"),
    ("jenkins-casc-credentials-yaml", "pw", r"""
        credentials:
          system:
            domainCredentials:
              - credentials:
                  - usernamePassword:
                      id: ora-deploy
                      username: deploy
                      password: "@{S}"
        """, "id: ora-deploy"),
    ("salt-pillar-mysql-root", "pw", r"""
        mysql:
          server:
            root_user: root
            root_password: '@{S}'
        """, "root_user: root"),
    ("chef-data-bag-json-plain", "pw", r"""
        {
          "id": "postgres_@{db}",
          "user": "@{user}",
          "password": "@{S}"
        }
        """, "\"id\": \"postgres_@{db}\""),
    ("puppet-class-postgres-password", "pw", r"""
        class { 'postgresql::server':
          postgres_password => '@{S}',
          listen_addresses  => '*',
        }
        """, "class { 'postgresql::server':"),
    ("vagrantfile-inline-chpasswd", "pwa", r"""
        config.vm.provision "shell", inline: "echo 'oracle:@{S}' | chpasswd && /vagrant/install_db.sh"
        """, "/vagrant/install_db.sh"),
    ("nomad-job-task-env-block", "pw", r"""
        task "pgbouncer" {
          driver = "docker"
          env {
            DB_USER = "@{user}"
            DB_PASS = "@{S}"
          }
        }
        """, "task \"pgbouncer\""),
    ("sqitch-deploy-target-uri", "pwu", r"""
        sqitch deploy db:pg://@{user}:@{S}@@{phost}:5432/@{db} --verify
        """, "--verify"),
]


# ================================================================ vendor-token
_T_VENDOR = [
    ("aws-credentials-profile-secret-key", "awssk", r"""
        [dms-migration]
        aws_access_key_id = @{K_akid}
        aws_secret_access_key = @{S}
        region = @{region}
        """, "[dms-migration]"),
    ("aws-env-export-secret-access-key", "awssk", r"""
        export AWS_ACCESS_KEY_ID=@{K_akid}
        export AWS_SECRET_ACCESS_KEY=@{S}
        export AWS_DEFAULT_REGION=@{region}
        """, "AWS_DEFAULT_REGION=@{region}"),
    ("aws-session-token-env", "awssess", r"""
        AWS_ACCESS_KEY_ID=@{K_asia}
        AWS_SESSION_TOKEN=@{S}
        """, "AWS_SESSION_TOKEN="),
    ("github-classic-pat-clone-url", "ghp", r"""
        git clone https://@{S}@github.com/@{org}/db-runbooks.git
        """, "github.com/@{org}/db-runbooks.git"),
    ("github-fine-grained-pat-env", "ghpat", r"""
        export GH_TOKEN=@{S}
        gh pr create --title "@{ticket}: add flyway V42" --body "see runbook"
        """, "gh pr create"),
    ("gh-hosts-yml-oauth-token", "gho", r"""
        # ~/.config/gh/hosts.yml
        github.com:
            user: @{person}-dba
            oauth_token: @{S}
            git_protocol: https
        """, "git_protocol: https"),
    ("github-app-installation-token-log", "ghs", r"""
        [@{ts}] release-bot: minted installation token @{S} (expires in 60m) for @{org}/schema-registry
        """, "release-bot: minted installation token"),
    ("gitlab-private-token-header", "glpat", r"""
        curl --header "PRIVATE-TOKEN: @{S}" "https://gitlab.@{org}.internal/api/v4/projects/412/pipelines?ref=main"
        """, "/api/v4/projects/412/pipelines"),
    ("gitlab-runner-config-toml-token", "glrt", r"""
        [[runners]]
          name = "dba-runner-@{n}"
          url = "https://gitlab.@{org}.internal/"
          token = "@{S}"
          executor = "docker"
        """, "executor = \"docker\""),
    ("gitlab-deploy-token-clone-url", "gldt", r"""
        git clone https://gitlab+deploy-token-@{n}:@{S}@gitlab.@{org}.internal/dba/liquibase-changelogs.git
        """, "dba/liquibase-changelogs.git"),
    ("slack-bot-token-env", "xoxb", r"""
        SLACK_BOT_TOKEN=@{S}
        SLACK_CHANNEL=#dba-alerts
        """, "SLACK_CHANNEL=#dba-alerts"),
    ("slack-user-token-json", "xoxp", r"""
        {"slack": {"token": "@{S}", "channel": "C0@{K_up9}", "username": "backup-bot"}}
        """, "\"username\": \"backup-bot\""),
    ("slack-webhook-url-path", "slackhook", r"""
        SLACK_WEBHOOK=https://hooks.slack.com/services/T0@{K_up9}/B0@{K_up9__2}/@{S}
        """, "https://hooks.slack.com/services/"),
    ("slack-app-level-token", "xapp", r"""
        socket_mode:
          app_token: "@{S}"
        """, "socket_mode:"),
    ("stripe-secret-key-billing-migration", "sklive", r"""
        # billing history backfill (legacy MySQL -> Stripe)
        STRIPE_SECRET_KEY=@{S}
        """, "billing history backfill"),
    ("stripe-restricted-key", "rklive", r"""
        stripe_api_key = "@{S}"  # restricted: read charges + customers only
        """, "restricted: read charges + customers only"),
    ("stripe-webhook-signing-secret", "whsec", r"""
        STRIPE_WEBHOOK_SECRET=@{S}
        """, "STRIPE_WEBHOOK_SECRET="),
    ("google-api-key-query-param", "aiza", r"""
        curl "https://sqladmin.googleapis.com/v1/projects/@{org}-data/instances?key=@{S}"
        """, "sqladmin.googleapis.com"),
    ("gcp-service-account-json-private-key", "pem_json", r"""
        {
          "type": "service_account",
          "project_id": "@{org}-data",
          "private_key_id": "@{sha}",
          "private_key": "-----BEGIN PRIVATE KEY-----\n@{S}\n-----END PRIVATE KEY-----\n",
          "client_email": "dms-reader@@{org}-data.iam.gserviceaccount.com"
        }
        """, "\"type\": \"service_account\""),
    ("openai-project-key-env", "openai", r"""
        # used by the sql-translate helper (PL/SQL -> PL/pgSQL suggestions)
        OPENAI_API_KEY=@{S}
        """, "sql-translate helper"),
    ("anthropic-api-key-env", "anthropic", r"""
        ANTHROPIC_API_KEY=@{S}
        """, "ANTHROPIC_API_KEY="),
    ("sendgrid-api-key-alerts", "sendgrid", r"""
        alerting:
          email:
            provider: sendgrid
            api_key: @{S}
        """, "provider: sendgrid"),
    ("twilio-auth-token-pair", "hex32", r"""
        TWILIO_ACCOUNT_SID=AC@{md5}
        TWILIO_AUTH_TOKEN=@{S}
        ONCALL_SMS_TO=+4412345@{K_dig5}
        """, "TWILIO_ACCOUNT_SID="),
    ("npmrc-registry-authtoken", "npm", r"""
        //registry.npmjs.org/:_authToken=@{S}
        """, "//registry.npmjs.org/:_authToken="),
    ("pypirc-token-password", "pypi", r"""
        [pypi]
        username = __token__
        password = @{S}
        """, "username = __token__"),
    ("azure-storage-connection-string", "azkey", r"""
        AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=@{K_low12}bak;AccountKey=@{S};EndpointSuffix=core.windows.net"
        """, "EndpointSuffix=core.windows.net"),
    ("azcopy-sas-url-signature", "sas", r"""
        azcopy copy "/backup/@{db}_FULL_@{date}.bak" "https://@{K_low10}.blob.core.windows.net/sqlbackups/@{db}_FULL_@{date}.bak?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2024-09-30T18:00:00Z&st=2024-09-01T00:00:00Z&spr=https&sig=@{S}"
        """, "azcopy copy"),
    ("azure-ad-client-secret-env", "azsecret", r"""
        AZURE_TENANT_ID=@{uuid}
        AZURE_CLIENT_ID=@{uuid2}
        AZURE_CLIENT_SECRET=@{S}
        """, "AZURE_TENANT_ID=@{uuid}"),
    ("cosmos-db-account-key-conn", "azkey", r"""
        "CosmosDb": "AccountEndpoint=https://@{org}-cosmos.documents.azure.com:443/;AccountKey=@{S};"
        """, "documents.azure.com:443"),
    ("service-bus-shared-access-key", "b64b32", r"""
        Endpoint=sb://@{org}-cdc.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=@{S}
        """, "SharedAccessKeyName=RootManageSharedAccessKey"),
    ("supabase-service-role-jwt", "jwt", r"""
        SUPABASE_URL=https://@{K_low20}.supabase.co
        SUPABASE_SERVICE_ROLE_KEY=@{S}
        """, "SUPABASE_URL="),
    ("datadog-api-key-agent-yaml", "ddapi", r"""
        # /etc/datadog-agent/datadog.yaml
        api_key: @{S}
        site: datadoghq.eu
        """, "site: datadoghq.eu"),
    ("datadog-app-key-header", "ddapp", r"""
        curl -X GET "https://api.datadoghq.com/api/v1/monitor?tags=team:dba" -H "DD-API-KEY: ${DD_API_KEY}" -H "DD-APPLICATION-KEY: @{S}"
        """, "tags=team:dba"),
    ("vault-token-env-export", "hvs", r"""
        export VAULT_ADDR=https://vault.@{org}.internal:8200
        export VAULT_TOKEN=@{S}
        """, "VAULT_ADDR=https://vault.@{org}.internal:8200"),
    ("vault-token-request-header", "hvsshort", r"""
        curl -s -H "X-Vault-Token: @{S}" https://vault.@{org}.internal:8200/v1/database/creds/@{db}-readonly | jq .data
        """, "/v1/database/creds/@{db}-readonly"),
    ("doppler-service-token", "doppler", r"""
        DOPPLER_TOKEN=@{S} doppler run -- ./bin/migrate
        """, "doppler run -- ./bin/migrate"),
    ("digitalocean-token-doctl", "dop", r"""
        doctl auth init -t @{S} && doctl databases list
        """, "doctl databases list"),
    ("atlassian-api-token-basic", "atatt", r"""
        curl -u dba-bot@@{org}.example:@{S} -X POST https://@{org}.atlassian.net/rest/api/3/issue -H "Content-Type: application/json" -d @issue.json
        """, "/rest/api/3/issue"),
    ("grafana-service-account-token", "glsa", r"""
        GRAFANA_URL=https://grafana.@{org}.internal
        GRAFANA_TOKEN=@{S}
        """, "GRAFANA_URL=https://grafana.@{org}.internal"),
    ("grafana-cloud-access-policy-token", "glc", r"""
        prometheus.remote_write "cloud" {
          endpoint { basic_auth { username = "@{K_dig7}" password = "@{S}" } }
        }
        """, "prometheus.remote_write \"cloud\""),
    ("newrelic-user-api-key", "nrak", r"""
        NEW_RELIC_API_KEY=@{S}
        """, "NEW_RELIC_API_KEY="),
    ("newrelic-infra-license-key", "nrlic", r"""
        # /etc/newrelic-infra.yml
        license_key: @{S}
        display_name: @{ohost}
        """, "display_name: @{ohost}"),
    ("huggingface-token-env", "hf", r"""
        HF_TOKEN=@{S}  # pull the text-to-sql model for the schema assistant
        """, "text-to-sql model"),
    ("databricks-pat-cli-config", "dapi", r"""
        [DEFAULT]
        host  = https://adb-@{K_dig16}.7.azuredatabricks.net
        token = @{S}
        """, "azuredatabricks.net"),
    ("databricks-oauth-client-secret", "dose", r"""
        DATABRICKS_CLIENT_ID=@{uuid}
        DATABRICKS_CLIENT_SECRET=@{S}
        """, "DATABRICKS_CLIENT_ID=@{uuid}"),
    ("snowflake-encrypted-p8-key", "pem_enc", r"""
        # rsa_key.p8 for SNOWFLAKE user MIGRATION_SVC
        -----BEGIN ENCRYPTED PRIVATE KEY-----
        @{S}
        -----END ENCRYPTED PRIVATE KEY-----
        """, "-----BEGIN ENCRYPTED PRIVATE KEY-----"),
    ("mongodb-atlas-api-private-key", "uuidsec", r"""
        export MONGODB_ATLAS_PUBLIC_KEY=@{K_low8}
        export MONGODB_ATLAS_PRIVATE_KEY=@{S}
        export MONGODB_ATLAS_ORG_ID=@{objid}
        """, "MONGODB_ATLAS_ORG_ID=@{objid}"),
    ("confluent-cloud-sasl-jaas-secret", "confsecret", r"""
        sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username='@{K_confkey}' password='@{S}';
        bootstrap.servers=pkc-@{K_low5}.@{region}.aws.confluent.cloud:9092
        """, "bootstrap.servers=pkc-"),
    ("elastic-apikey-authorization-header", "elasticapi", r"""
        curl -H "Authorization: ApiKey @{S}" "https://@{org}-logs.es.@{region}.aws.found.io:9243/_cat/indices?v"
        """, "_cat/indices?v"),
    ("neon-api-key-header", "napi", r"""
        curl -H "Authorization: Bearer @{S}" https://console.neon.tech/api/v2/projects
        """, "console.neon.tech/api/v2/projects"),
    ("neon-database-url-npg-password", "npg", r"""
        DATABASE_URL=postgresql://neondb_owner:@{S}@ep-@{K_low8}-@{K_low6}.@{region}.aws.neon.tech/neondb?sslmode=require
        """, "neondb_owner"),
    ("planetscale-database-url-password", "pscalepw", r"""
        DATABASE_URL='mysql://@{K_low12}:@{S}@aws.connect.psdb.cloud/@{db}?sslaccept=strict'
        """, "aws.connect.psdb.cloud"),
    ("planetscale-service-token", "pscaletkn", r"""
        PLANETSCALE_SERVICE_TOKEN_ID=@{K_low12}
        PLANETSCALE_SERVICE_TOKEN=@{S}
        """, "PLANETSCALE_SERVICE_TOKEN_ID="),
    ("supabase-personal-access-token", "sbp", r"""
        supabase login --token @{S}
        """, "supabase login --token"),
    ("supabase-secret-api-key", "sbsecret", r"""
        SUPABASE_SECRET_KEY=@{S}
        """, "SUPABASE_SECRET_KEY="),
    ("aiven-service-uri-password", "aivenpw", r"""
        psql 'postgres://avnadmin:@{S}@pg-@{K_low8}-@{org}.aivencloud.com:12691/defaultdb?sslmode=require'
        """, "avnadmin"),
    ("cockroach-cloud-api-key", "ccdb", r"""
        COCKROACH_API_KEY=@{S}
        """, "COCKROACH_API_KEY="),
    ("clickhouse-cloud-key-secret", "chsecret", r"""
        curl --user '@{K_an20}:@{S}' https://api.clickhouse.cloud/v1/organizations
        """, "api.clickhouse.cloud"),
    ("astra-db-application-token", "astra", r"""
        ASTRA_DB_APPLICATION_TOKEN=@{S}
        ASTRA_DB_ID=@{uuid}
        """, "ASTRA_DB_ID=@{uuid}"),
    ("influxdb-token-env", "influx", r"""
        INFLUX_HOST=https://influx.@{org}.internal:8086
        INFLUX_TOKEN=@{S}
        INFLUX_ORG=dba
        """, "INFLUX_ORG=dba"),
    ("upstash-redis-rest-token", "upstash", r"""
        UPSTASH_REDIS_REST_URL=https://@{K_low8}-@{K_low5}-@{n}.upstash.io
        UPSTASH_REDIS_REST_TOKEN=@{S}
        """, "UPSTASH_REDIS_REST_URL="),
    ("xata-api-key-env", "xau", r"""
        XATA_API_KEY=@{S}
        XATA_BRANCH=main
        """, "XATA_BRANCH=main"),
    ("materialize-app-password", "mzp", r"""
        psql "postgres://dba%40@{org}.example:@{S}@@{K_low20}.eu-west-1.aws.materialize.cloud:6875/materialize?sslmode=require"
        """, "materialize.cloud:6875"),
    ("pinecone-api-key-env", "pcsk", r"""
        PINECONE_API_KEY=@{S}
        """, "PINECONE_API_KEY="),
    ("dbt-cloud-service-token", "dbtc", r"""
        curl -H "Authorization: Token @{S}" https://cloud.getdbt.com/api/v2/accounts/@{n}/runs/
        """, "cloud.getdbt.com/api/v2/accounts"),
    ("fivetran-api-key-secret-pair", "an32", r"""
        FIVETRAN_API_KEY=@{K_an16}
        FIVETRAN_API_SECRET=@{S}
        """, "FIVETRAN_API_KEY="),
    ("percona-pmm-grafana-api-key", "grafanakey", r"""
        pmm-admin config --server-url=https://api_key:@{S}@pmm.@{org}.internal:443 --server-insecure-tls
        """, "--server-insecure-tls"),
    ("fauna-secret-env", "fauna", r"""
        FAUNA_SECRET=@{S}
        """, "FAUNA_SECRET="),
    ("alibaba-accesskey-secret", "alisecret", r"""
        [default]
        access_key_id = @{K_ltai}
        access_key_secret = @{S}
        region_id = cn-hangzhou
        """, "region_id = cn-hangzhou"),
    ("tencent-cloud-secretkey", "tcsecret", r"""
        TENCENTCLOUD_SECRET_ID=AKID@{K_an32}
        TENCENTCLOUD_SECRET_KEY=@{S}
        """, "TENCENTCLOUD_SECRET_ID="),
    ("huawei-cloud-sk", "huaweisk", r"""
        export HUAWEICLOUD_SDK_AK=@{K_up20}
        export HUAWEICLOUD_SDK_SK=@{S}
        """, "HUAWEICLOUD_SDK_AK="),
    ("oci-api-signing-key-pem", "pem_rsa8", r"""
        # ~/.oci/oci_api_key.pem  (fingerprint @{fp16})
        -----BEGIN PRIVATE KEY-----
        @{S}
        -----END PRIVATE KEY-----
        OCI_API_KEY
        """, "~/.oci/oci_api_key.pem"),
    ("oci-auth-token-ocir-login", "ociauth", r"""
        docker login fra.ocir.io -u '@{K_low8}/oracleidentitycloudservice/@{email}' -p '@{S}'
        """, "docker login fra.ocir.io"),
    ("oci-customer-secret-key-s3compat", "ocisecret", r"""
        [oci-s3]
        aws_access_key_id = @{sha}
        aws_secret_access_key = @{S}
        endpoint_url = https://@{K_low10}.compat.objectstorage.eu-frankfurt-1.oraclecloud.com
        """, "compat.objectstorage.eu-frankfurt-1.oraclecloud.com"),
    ("ibm-cloud-api-key-env", "ibm", r"""
        IBMCLOUD_API_KEY=@{S} ibmcloud login -r eu-de && ibmcloud cdb deployments
        """, "ibmcloud cdb deployments"),
    ("okta-ssws-authorization", "okta", r"""
        curl -H "Authorization: SSWS @{S}" "https://@{org}.okta.example/api/v1/groups?q=dba"
        """, "/api/v1/groups?q=dba"),
    ("mailgun-api-key-basic", "mailgun", r"""
        curl -s --user 'api:@{S}' https://api.eu.mailgun.net/v3/mg.@{org}.example/messages -F to=dba-oncall@@{org}.example
        """, "api.eu.mailgun.net"),
    ("telegram-bot-token-url", "tgbot", r"""
        curl -s "https://api.telegram.org/bot@{S}/sendMessage" -d chat_id=-100@{K_dig10} -d text="RMAN L0 on @{tns} finished"
        """, "api.telegram.org/bot"),
    ("docker-hub-pat-login", "dckr", r"""
        echo "@{S}" | docker login -u @{org}dba --password-stdin
        """, "--password-stdin"),
    ("terraform-cloud-credentials-json", "tfc", r"""
        {
          "credentials": {
            "app.terraform.io": {
              "token": "@{S}"
            }
          }
        }
        """, "\"app.terraform.io\""),
    ("linear-api-key-header", "linear", r"""
        curl -X POST https://api.linear.app/graphql -H "Authorization: @{S}" -d '{"query":"{ issues(first: 5) { nodes { title } } }"}'
        """, "api.linear.app/graphql"),
    ("notion-integration-token", "notion", r"""
        NOTION_TOKEN=@{S}  # syncs runbooks to the DBA wiki
        """, "syncs runbooks to the DBA wiki"),
    ("airtable-pat-bearer", "airtable", r"""
        curl "https://api.airtable.com/v0/app@{K_an14}/Migrations" -H "Authorization: Bearer @{S}"
        """, "api.airtable.com/v0/"),
    ("sonarqube-user-token", "squ", r"""
        sonar-scanner -Dsonar.projectKey=@{db}-plsql -Dsonar.host.url=https://sonar.@{org}.internal -Dsonar.token=@{S}
        """, "-Dsonar.projectKey=@{db}-plsql"),
    ("buildkite-api-token", "bkua", r"""
        curl -H "Authorization: Bearer @{S}" https://api.buildkite.com/v2/organizations/@{org}/pipelines
        """, "api.buildkite.com/v2/organizations"),
    ("onepassword-service-account-token", "ops1p", r"""
        OP_SERVICE_ACCOUNT_TOKEN=@{S}
        """, "OP_SERVICE_ACCOUNT_TOKEN="),
    ("dynatrace-api-token", "dt", r"""
        curl -H "Authorization: Api-Token @{S}" "https://@{K_low8}.live.dynatrace.com/api/v2/metrics/query?metricSelector=builtin:service.dbChildCallTime"
        """, "live.dynatrace.com/api/v2/metrics"),
    ("salesforce-dataloader-password-token", "sfdcpwtok", r"""
        <entry key="sfdc.endpoint" value="https://login.salesforce.com"/>
        <entry key="sfdc.username" value="migration@@{org}.example"/>
        <entry key="sfdc.password" value="@{S}"/>
        """, "<entry key=\"sfdc.endpoint\""),
    ("salesforce-refresh-token", "sfdcrefresh", r"""
        SF_INSTANCE_URL=https://@{org}.my.salesforce.com
        SF_REFRESH_TOKEN=@{S}
        """, "SF_INSTANCE_URL="),
    ("netsuite-tba-token-secret", "netsuite", r"""
        NS_ACCOUNT=@{K_dig7}
        NS_TOKEN_ID=@{sha256}
        NS_TOKEN_SECRET=@{S}
        """, "NS_ACCOUNT="),
    ("age-secret-key-file", "age", r"""
        # created: @{ts}
        # public key: @{agepub}
        @{S}
        """, "# created:"),
    ("wireguard-interface-private-key", "wg", r"""
        [Interface]
        PrivateKey = @{S}
        Address = 10.99.0.@{n}/32

        [Peer]
        PublicKey = @{K_b64b32}
        Endpoint = vpn.@{org}.example:51820
        """, "Address = 10.99.0.@{n}/32"),
    ("artifactory-api-key-header", "akcp", r"""
        curl -H "X-JFrog-Art-Api: @{S}" -T ojdbc11.jar "https://artifactory.@{org}.internal/artifactory/libs-release-local/com/oracle/ojdbc11/23.3/"
        """, "X-JFrog-Art-Api:"),
    ("jenkins-user-api-token", "jenkins", r"""
        curl -X POST -u ci-bot:@{S} "https://jenkins.@{org}.internal/job/db-deploy/buildWithParameters?TARGET=@{tns}"
        """, "/job/db-deploy/buildWithParameters"),
    ("google-oauth-client-secret-json", "gocspx", r"""
        {"installed": {"client_id": "@{K_dig12}-@{K_low32}.apps.googleusercontent.com", "client_secret": "@{S}", "redirect_uris": ["http://localhost"]}}
        """, "apps.googleusercontent.com"),
    ("sentry-org-auth-token", "sntrys", r"""
        SENTRY_AUTH_TOKEN=@{S}
        """, "SENTRY_AUTH_TOKEN="),
    ("rds-iam-token-in-pgpassword", "rdsig", r"""
        export PGPASSWORD='@{db}.@{K_low12}.@{region}.rds.amazonaws.com:5432/?Action=connect&DBUser=iam_dba&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@{K_akid}%2F20240612%2F@{region}%2Frds-db%2Faws4_request&X-Amz-Date=20240612T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=@{S}'
        """, "DBUser=iam_dba"),
    ("s3-presigned-url-dump-link", "rdsig", r"""
        @{person}: dump is here, link valid 24h:
        https://@{bucket}.s3.@{region}.amazonaws.com/exports/@{db}_@{date}.dump?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@{K_akid}%2F20240612%2F@{region}%2Fs3%2Faws4_request&X-Amz-Date=20240612T091200Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=@{S}
        """, "dump is here, link valid 24h"),
    ("gcs-v4-signed-url", "gcssig", r"""
        https://storage.googleapis.com/@{bucket}/backups/@{db}_@{date}.sql.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=dms-export%40@{org}-data.iam.gserviceaccount.com%2F20240612%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240612T100000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=@{S}
        """, "storage.googleapis.com/@{bucket}"),
    ("cloudfront-signed-url-signature", "cfsig", r"""
        https://d@{K_low13}.cloudfront.net/exports/@{db}.parquet?Expires=1718200000&Signature=@{S}&Key-Pair-Id=K@{K_up13}
        """, "cloudfront.net/exports/@{db}.parquet"),
    ("oss-signed-url-signature", "osssig", r"""
        https://@{bucket}.oss-cn-shanghai.aliyuncs.com/rds/@{db}_@{date}.tar.gz?OSSAccessKeyId=@{K_ltai}&Expires=1718203600&Signature=@{S}
        """, "oss-cn-shanghai.aliyuncs.com"),
    ("phpmyadmin-session-cookie", "phpsess", r"""
        Cookie: pma_lang=en; phpMyAdmin=@{S}; pmaUser-1=%7B%22iv%22%3A%22
        """, "pma_lang=en"),
    ("mongo-express-connect-sid-cookie", "connectsid", r"""
        GET /db/@{db}/ HTTP/1.1
        Host: mongo-express.@{org}.internal:8081
        Cookie: connect.sid=@{S}
        """, "mongo-express.@{org}.internal:8081"),
    ("ssrs-aspnet-session-cookie", "aspsess", r"""
        Set-Cookie: ASP.NET_SessionId=@{S}; path=/; HttpOnly; SameSite=Lax
        """, "path=/; HttpOnly"),
    ("redash-django-style-sessionid", "djsess", r"""
        curl -b "sessionid=@{S}" https://redash.@{org}.internal/api/queries/@{n}/results.csv
        """, "/results.csv"),
    ("grafana-session-cookie", "hex32", r"""
        Cookie: grafana_session=@{S}; grafana_session_expiry=1718200000
        """, "grafana_session_expiry="),
    ("couchbase-basic-auth-header", "basic", r"""
        GET /pools/default/buckets/@{db}/stats HTTP/1.1
        Authorization: Basic @{S}
        """, "/pools/default/buckets/@{db}/stats"),
    ("redis-cloud-api-secret-header", "redisapi", r"""
        curl -H "x-api-key: A@{K_an45}" -H "x-api-secret-key: @{S}" https://api.redislabs.com/v1/subscriptions
        """, "api.redislabs.com/v1/subscriptions"),
    ("sap-btp-xsuaa-client-secret", "xsuaa", r"""
        {
          "uaa": {
            "clientid": "sb-@{db}-hana!t@{K_dig5}",
            "clientsecret": "@{S}",
            "url": "https://@{org}.authentication.eu10.hana.ondemand.com"
          }
        }
        """, "authentication.eu10.hana.ondemand.com"),
    ("hana-cloud-hdi-service-key-password", "rndl", r"""
        "credentials": {
          "host": "@{K_low8}-@{K_hex8}.hana.prod-eu10.hanacloud.ondemand.com",
          "port": "443",
          "user": "@{K_up32}_RT",
          "password": "@{S}",
          "schema": "@{K_up32__2}"
        }
        """, "hanacloud.ondemand.com"),
    ("db2-on-cloud-service-credentials", "low16", r"""
        "connection": {
          "db2": {
            "authentication": {"method": "direct", "username": "@{K_low8}", "password": "@{S}"},
            "hosts": [{"hostname": "@{uuid}.@{K_low12}.databases.appdomain.cloud", "port": 30756}]
          }
        }
        """, "databases.appdomain.cloud"),
    ("heroku-api-key-env", "hrku", r"""
        HEROKU_API_KEY=@{S} heroku pg:backups:capture -a @{db}-prod
        """, "heroku pg:backups:capture"),
    ("bastion-openssh-private-key", "pem_ssh", r"""
        -----BEGIN OPENSSH PRIVATE KEY-----
        @{S}
        -----END OPENSSH PRIVATE KEY-----
        (key for oracle@@{ohost} jump, added to ssh-agent by @{person})
        """, "added to ssh-agent"),
    ("pgp-private-key-block-dump-encryption", "pem_pgp", r"""
        -----BEGIN PGP PRIVATE KEY BLOCK-----

        @{S}
        =@{K_b64u4}
        -----END PGP PRIVATE KEY BLOCK-----
        """, "-----BEGIN PGP PRIVATE KEY BLOCK-----"),
    ("ec-private-key-client-cert", "pem_ec", r"""
        # mongo client cert key (x509 auth for @{user})
        -----BEGIN EC PRIVATE KEY-----
        @{S}
        -----END EC PRIVATE KEY-----
        """, "-----BEGIN EC PRIVATE KEY-----"),
    ("rsa-pkcs1-key-sqlserver-tls", "pem_rsa1", r"""
        -----BEGIN RSA PRIVATE KEY-----
        @{S}
        -----END RSA PRIVATE KEY-----
        """, "-----BEGIN RSA PRIVATE KEY-----"),
    ("pfx-base64-in-keyvault-json", "pfxb64", r"""
        {"contentType": "application/x-pkcs12", "id": "https://kv-dba-prod.vault.azure.net/secrets/sqlag-listener-cert/@{md5}", "value": "@{S}"}
        """, "\"contentType\": \"application/x-pkcs12\""),
    ("kerberos-keytab-base64-secret", "keytab", r"""
        apiVersion: v1
        kind: Secret
        metadata:
          name: mssql-keytab
        data:
          mssql.keytab: @{S}
        """, "name: mssql-keytab"),
    ("metabase-encryption-secret-key", "rndl", r"""
        MB_ENCRYPTION_SECRET_KEY=@{S}
        """, "MB_ENCRYPTION_SECRET_KEY="),
    ("redash-cookie-secret", "django", r"""
        REDASH_COOKIE_SECRET='@{S}'
        """, "REDASH_COOKIE_SECRET="),
    ("rails-secret-key-base", "hex128", r"""
        production:
          secret_key_base: @{S}
        """, "secret_key_base:"),
    ("airflow-fernet-key-env", "fernet", r"""
        AIRFLOW__CORE__FERNET_KEY=@{S}
        """, "AIRFLOW__CORE__FERNET_KEY="),
    ("hasura-admin-secret-env", "rndl", r"""
        HASURA_GRAPHQL_DATABASE_URL=postgres://hasura@@{phost}:5432/@{db}
        HASURA_GRAPHQL_ADMIN_SECRET=@{S}
        """, "HASURA_GRAPHQL_DATABASE_URL="),
    ("postgrest-jwt-secret-conf", "an40", r"""
        db-uri = "postgres://authenticator@@{phost}:5432/@{db}"
        db-anon-role = "web_anon"
        jwt-secret = "@{S}"
        """, "db-anon-role = \"web_anon\""),
    ("meilisearch-master-key", "b64u32", r"""
        MEILI_MASTER_KEY=@{S}
        """, "MEILI_MASTER_KEY="),
    ("laravel-app-key-env", "laravel", r"""
        APP_KEY=@{S}
        DB_CONNECTION=mysql
        """, "DB_CONNECTION=mysql"),
    ("ops-manager-agent-api-key", "mmsapi", r"""
        # /etc/mongodb-mms/automation-agent.config
        mmsGroupId=@{objid}
        mmsApiKey=@{S}
        mmsBaseUrl=https://opsmgr.@{org}.internal:8443
        """, "mmsGroupId=@{objid}"),
]


# ================================================================ benign look-alikes
_PLAIN = [
    "schema_version,table_name,row_count", "replication lag alert threshold", "nightly full backup completed",
    "hello from the migration team", "owner=dba-team;tier=gold", "cutover window 02:00-04:00 UTC",
    "ledger reconciliation report", "do not edit - generated by ora2pg", "{\"env\":\"staging\",\"region\":\"eu\"}",
    "batch_id,status,started_at", "SELECT 1", "patroni cluster bootstrap", "orders.v2 schema",
    "checksum verified", "user=app_ro role=reporting", "ticket DBA-4411 closed", "maintenance mode on",
]

_PH.update({
    "at": lambda: "@",
    "hex4": lambda: _hex(4),
    "hex12": lambda: _hex(12),
    "up26": lambda: _s(_UP + _DIG, 26),
    "b64text": lambda: base64.b64encode((_c(_PLAIN) + " #" + str(_i(1, 9999))).encode()).decode(),
    "cert": lambda: _pem_body("MIID" + _c(["jCCAnagAwIBAgIU", "zCCArugAwIBAgIQ", "BTCCAe2gAwIBAgIJ"]), _i(700, 900)),
    "pubkey": lambda: _pem_body("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 294),
    "integrity": lambda: "sha512-" + _b64b(64),
    "gosum": lambda: "h1:" + _b64b(32),
    "jwkn": lambda: _b64ub(256),
    "ocid": lambda: "ocid1.%s.oc1..aaaaaaaa%s" % (_c(["user", "tenancy", "compartment", "dbsystem", "autonomousdatabase"]),
                                                   _s("abcdefghijklmnopqrstuvwxyz234567", 52)),
    "dbiid": lambda: "db-" + _s(_UP + _DIG, 26),
    "wgpub": lambda: _b64b(32),
    "agepub": lambda: "age1" + _s(_BECH, 58),
    "sshpub": lambda: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64b(32)[:43],
    "gpgfp": lambda: _s("0123456789ABCDEF", 40),
    "pklive": lambda: "pk_live_51" + _s(_AN, 96),
    "sbpub": lambda: "sb_publishable_" + _s(_AN + "-_", 31),
    "slackid": lambda: _c("CUG") + "0" + _s(_UP + _DIG, 9),
    "sopsenc": lambda: "ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64b(_i(12, 30)), _b64b(32)[:43], _b64b(16)),
    "sealed": lambda: "AgB" + _s(_B64, 280),
    "ansvault": lambda: "\n".join(_hex(80) for _ in range(_i(3, 6))),
    "kmsarn": lambda: "arn:aws:kms:%s:%s:key/%s" % (_c(_REGIONS), str(_i(10 ** 11, 10 ** 12 - 1)), _uuid()),
    "mask": lambda: "*" * _i(6, 16),
    "xamzid2": lambda: _b64b(56),
    "resumetok": lambda: "8266" + _s("0123456789ABCDEF", 120),
    "pgsysid": lambda: str(_i(7 * 10 ** 18, 7 * 10 ** 18 + 4 * 10 ** 17)),
    "queryid": lambda: str(_i(-9 * 10 ** 18, 9 * 10 ** 18)),
    "thumb": lambda: _s("0123456789ABCDEF", 40),
    "sid0x": lambda: "0x" + _s("0123456789ABCDEF", 32),
    "csum": lambda: str(_i(-2 ** 31, 2 ** 31 - 1)),
    "lqbsum": lambda: "9:" + _hex(32),
    "label": lambda: "%04d%02d%02d-%02d%02d%02dF" % (_i(2023, 2025), _i(1, 12), _i(1, 28), _i(0, 23), _i(0, 59), _i(0, 59)),
    "akidmask": lambda: "AKIA" + "*" * 12 + _s(_UP + "234567", 4),
    "tail4": lambda: _s(_AN, 4),
    "ver2": lambda: "%d.%d.%d" % (_i(1, 20), _i(0, 30), _i(0, 40)),
})

_BENIGN_T = [
    # ---- commands
    r"""$ git log --oneline -3
@{sha7} remove hardcoded creds from flyway.conf, read FLYWAY_PASSWORD from env
@{sha7b} bump ojdbc to 23.3
@{sha7c} add V@{n}__add_index_on_@{table}.sql""",
    r"""git show --stat @{sha}""",
    r"""$ sha256sum /backup/rman/@{tns}_L0_@{date}.bkp
@{sha256}  /backup/rman/@{tns}_L0_@{date}.bkp""",
    r"""$ md5sum expdp_@{schema}_@{date}_01.dmp
@{md5}  expdp_@{schema}_@{date}_01.dmp""",
    r"""sqlplus / as sysdba @/home/oracle/scripts/check_dg_@{n}.sql""",
    r"""sqlplus -L /@@{tns} @gather_stats_@{schema}.sql   # wallet auth, no password on the command line""",
    r"""sqlcmd -S @{shost} -E -Q "SELECT name, state_desc FROM sys.databases WHERE name = N'@{db}'" """,
    r"""mysql --login-path=@{mycl} -e "SHOW REPLICA STATUS\G" | grep Seconds_Behind_Source""",
    r"""mysql -h @{mhost} -u @{user} -p   # prompts for the password""",
    r"""psql "service=@{db}-prod" -c "SELECT pg_is_in_recovery()" """,
    r"""PGPASSFILE=/home/dba/.pgpass psql -h @{phost} -U @{user} -d @{db} -c '\conninfo'""",
    r"""export PGPASSWORD="$(vault kv get -field=password secret/databases/@{db}/app)" """,
    r"""aws secretsmanager get-secret-value --secret-id prod/@{db}/app --query SecretString --output text | jq -r .password | wc -c""",
    r"""kubectl -n @{ns} get secret @{pgcl}-app -o jsonpath='{.data.password}' | base64 -d | wc -c""",
    r"""openssl rand -base64 32 | vault kv put secret/databases/@{db}/app password=-""",
    r"""pwgen -s 24 1 > /dev/null  # generate candidate for @{user}, never echo it""",
    r"""hdbsql -U BKPKEY "BACKUP DATA USING FILE ('COMPLETE_@{date}')" """,
    r"""redis-cli -h @{rhost} --askpass INFO keyspace""",
    r"""mongosh "mongodb://@{mghost}:27017/?authMechanism=MONGODB-X509&tls=true" --tlsCertificateKeyFile /etc/ssl/mongo/@{user}.pem""",
    r"""cqlsh --cqlshrc=~/.cassandra/cqlshrc.@{cscl} -e "SELECT host_id FROM system.local" """,
    r"""db2 connect to @{db} && db2 "select count(*) from @{schema}.@{table}" """,
    r"""rman target / catalog /@RCAT_@{tns} cmdfile=/backup/rman/scripts/level1_@{n}.rcv""",
    r"""orapki wallet display -wallet /u01/app/oracle/wallet/@{tns}""",
    r"""mkstore -wrl /u01/app/oracle/wallet -listCredential   # lists aliases only""",
    r"""docker pull postgres@sha256:@{sha256}""",
    r"""aws dms describe-replication-tasks --filters Name=replication-task-arn,Values=arn:aws:dms:@{region}:@{acct}:task:@{up26}""",
    r"""liquibase --defaults-file=liquibase.properties --password=${LIQUIBASE_COMMAND_PASSWORD} update-sql > out_@{sha7}.sql""",
    r"""flyway -password="$FLYWAY_PASSWORD" -url=jdbc:postgresql://@{phost}:5432/@{db} info""",
    r"""sqlcmd -S @{shost} -U sa -P "$(cat /run/secrets/sa_password)" -Q "SELECT 1" """,
    r"""$ ssh-keygen -lf ~/.ssh/id_ed25519.pub
256 @{sshfp} @{person}@jump-@{n} (ED25519)""",
    r"""echo "$REGISTRY_PASSWORD" | docker login registry.@{org}.internal -u ci --password-stdin""",
    r"""kubectl -n @{ns} create secret generic @{pgcl}-app --from-file=password=./secrets/@{pgcl}.pw --dry-run=client -o yaml""",
    r"""mysql_config_editor set --login-path=@{mycl} --host=@{mhost} --user=@{user} --password""",
    r"""git rev-parse HEAD
@{sha}""",
    r"""echo '@{b64text}' | base64 -d""",
    # ---- tool output
    r"""mysql> SHOW REPLICA STATUS\G
             Source_UUID: @{uuid}
   Retrieved_Gtid_Set: @{gtid}
    Executed_Gtid_Set: @{gtid2}""",
    r"""mysql> SELECT @@server_uuid;
+--------------------------------------+
| @@server_uuid                        |
+--------------------------------------+
| @{uuid}                              |
+--------------------------------------+""",
    r"""postgres=# SELECT client_addr, state, sent_lsn, replay_lsn FROM pg_stat_replication;
 @{ip} | streaming | @{lsn} | @{lsn2}""",
    r"""postgres=# SELECT system_identifier FROM pg_control_system();
  system_identifier
---------------------
 @{pgsysid}""",
    r"""+ Cluster: @{pgcl} (@{pgsysid}) ----+---------+-----------+----+-----------+
| Member      | Host          | Role    | State     | TL | Lag in MB |
| @{pgcl}-0 | @{ip}        | Leader  | running   | @{n} |           |""",
    r"""stanza: @{pgcl}
    status: ok
    cipher: aes-256-cbc
    full backup: @{label}
        wal start/stop: 0000000100000@{hex4}000000A1 / 0000000100000@{hex4}000000A3""",
    r"""SQL> SELECT dbid, name, db_unique_name FROM v$database;
      DBID NAME      DB_UNIQUE_NAME
---------- --------- ------------------------------
@{dbid} @{tns}   @{tns}_PRIM""",
    r"""SQL_ID        PLAN_HASH_VALUE  EXECUTIONS
------------- --------------- ----------
@{sqlid}      @{dbid}         @{big}""",
    r"""$ mkstore -wrl . -listCredential
Oracle Secret Store Tool Release 19.0.0.0.0 - Production
List credential (index: connect_string username)
1: @{tns} @{user}""",
    r"""$ hdbuserstore LIST
KEY BKPKEY
  ENV : @{hhost}:30013
  USER: BACKUP_OPERATOR
  KEYNAME: @{hex8}""",
    r"""$ mysql_config_editor print --all
[@{mycl}]
user = "@{user}"
password = *****
host = "@{mhost}" """,
    r"""$ aws configure list
      Name                    Value             Type    Location
access_key     @{akidmask} shared-credentials-file
secret_key     ****************@{tail4} shared-credentials-file
    region                @{region}      config-file    ~/.aws/config""",
    r"""Name:         @{pgcl}-app
Type:  kubernetes.io/basic-auth
Data
====
password:  @{n} bytes
username:  7 bytes""",
    r"""$ vault kv metadata get secret/databases/@{db}/app
created_time         @{ts}
current_version      @{n}
oldest_version       1
updated_time         @{ts2}""",
    r"""REPOSITORY   TAG     DIGEST                                                                    IMAGE ID
postgres     16.3    sha256:@{sha256}   @{hex12}""",
    r"""rs0:PRIMARY> rs.status().members[0].optime
{ ts: Timestamp({ t: 1718@{K_dig6}, i: @{n} }), t: Long("@{n2}") }  _id: ObjectId("@{objid}")""",
    r"""UN  @{ip}  1.21 TiB  16  33.3%  @{uuid}  rack1""",
    r"""# Replication
role:master
connected_slaves:2
master_replid:@{sha}
master_replid2:0000000000000000000000000000000000000000
master_repl_offset:@{big}""",
    r"""HADR_ROLE = PRIMARY   PRIMARY_LOG_FILE,PAGE,POS = S00@{K_dig5}.LOG, @{n}, @{big}""",
    r"""group_id                              replica_id                            last_hardened_lsn
@{uuid} @{uuid2} 000000@{n}000012345000001""",
    r"""name           sid
-------------- ----------------------------------
@{user}        @{sid0x}""",
    r"""SELECT name, thumbprint FROM sys.certificates;
TDE_Cert_@{db}   0x@{thumb}""",
    r"""  # aws_db_instance.@{db} will be updated in-place
  ~ resource "aws_db_instance" "@{db}" {
      ~ password = (sensitive value)
        id       = "@{dbiid}"
    }""",
    r"""$ aws sts get-caller-identity
{"UserId": "AROA@{up26}:@{person}", "Account": "@{acct}", "Arn": "arn:aws:sts::@{acct}:assumed-role/dba/@{person}"}""",
    r"""github.com
  ✓ Logged in to github.com account @{person}-dba (keyring)
  - Token: gho_************************************
  - Token scopes: 'repo', 'read:org' (@{hex4})""",
    r"""pgbouncer=# SHOW POOLS;
 @{db} | @{user} | cl_active @{n} | sv_idle @{n2} | maxwait 0""",
    r"""$ ls -l /u01/app/oracle/wallet/@{tns}
-rw------- 1 oracle oinstall 4021 @{date} cwallet.sso
-rw------- 1 oracle oinstall 3976 @{date} ewallet.p12""",
    r"""$ openssl x509 -in server.crt -noout -fingerprint -sha256
sha256 Fingerprint=@{fp}""",
    r"""Alias name: @{host}
Entry type: trustedCertEntry
Certificate fingerprints:
	 SHA256: @{fp}""",
    r"""$ ssh-keyscan -t ed25519 @{ohost}
@{ohost} @{sshpub}""",
    r"""pub   ed25519 2023-04-11 [SC]
      @{gpgfp}
uid           [ultimate] DBA Team Dump Signing <dba@@{org}.example>""",
    r"""ID        AUTHOR   FILENAME                    CHECKSUM
@{n}_add_idx  @{person}   changelog/@{table}.yaml   @{lqbsum}""",
    r"""| Versioned | @{n} | add index on @{table} | SQL | @{date} @{time} | Success | @{csum} |""",
    r"""$ npm view pg dist.integrity
@{integrity}""",
    r"""github.com/jackc/pgx/v5 v5.5.@{n} @{gosum}""",
    r"""Table statistics: @{schema}.@{table}  full load rows: @{big}  validation: Validated  task: @{up26}""",
    r"""    "MasterUsername": "dbadmin",
    "DbiResourceId": "@{dbiid}",
    "KmsKeyId": "@{kmsarn}",""",
    r"""{"administratorLogin": "sqladmin", "administratorLoginPassword": null, "fullyQualifiedDomainName": "sql-@{db}-@{hex4}.database.windows.net"}""",
    r"""USERNAME        ACCOUNT_STATUS   PASSWORD_VERSIONS  PROFILE
@{user}         OPEN             11G 12C            APP_PROFILE_@{n}""",
    r"""                                   List of roles
 Role name  |                         Attributes
------------+------------------------------------------------------------
 @{user}    | Password valid until @{date} 00:00:00+00""",
    r"""mysql> SELECT user, host, plugin, password_expired FROM mysql.user WHERE user='@{user}';
| @{user} | 10.% | caching_sha2_password | N |""",
    r"""$ kubectl get secret @{pgcl}-app -o yaml | grep -A2 data
data:
  username: @{b64text}""",
    r"""x-amz-request-id: @{reqid}
x-amz-id-2: @{xamzid2}""",
    # ---- config files
    r"""# pg_hba.conf
hostssl  @{db}  @{user}  10.@{n}.0.0/16  scram-sha-256
hostssl  replication  replicator  @{ip}/32  scram-sha-256""",
    r"""@{tns} =
  (DESCRIPTION =
    (ADDRESS = (PROTOCOL = TCP)(HOST = @{ohost})(PORT = 1521))
    (CONNECT_DATA = (SERVICE_NAME = @{tns}.@{org}.internal)))""",
    r"""WALLET_LOCATION = (SOURCE = (METHOD = FILE)(METHOD_DATA = (DIRECTORY = /u01/app/oracle/wallet/@{tns})))
SQLNET.WALLET_OVERRIDE = TRUE""",
    r"""[client]
# password comes from ~/.mylogin.cnf (login-path @{mycl})
ssl-ca=/etc/mysql/certs/ca-@{hex8}.pem""",
    r"""postgresql:
  authentication:
    replication:
      username: replicator
      password: "{{ patroni_replication_password }}"
  # rendered by ansible from vault, @{sha7}""",
    r"""[pgbouncer]
auth_type = scram-sha-256
auth_file = /etc/pgbouncer/userlist.txt
auth_query = SELECT usename, passwd FROM pgbouncer.get_auth($1)
listen_port = 64@{n}""",
    r"""[global]
repo1-cipher-type=aes-256-cbc
# repo1-cipher-pass is provided via PGBACKREST_REPO1_CIPHER_PASS from vault (secret/pgbackrest/@{pgcl})""",
    r"""spring:
  datasource:
    url: jdbc:postgresql://@{phost}:5432/@{db}
    username: ${DB_USER}
    password: ${DB_PASSWORD}""",
    r"""environment:
  POSTGRES_PASSWORD_FILE: /run/secrets/pg_password_@{hex4}
secrets:
  pg_password_@{hex4}:
    external: true""",
    r"""env:
  - name: DB_PASSWORD
    valueFrom:
      secretKeyRef:
        name: @{pgcl}-app
        key: password""",
    r"""# .env.example
DB_HOST=@{host}
DB_USER=@{user}
DB_PASSWORD=<set-me-locally>""",
    r"""ORACLE_USER     @{user}
# ORACLE_PWD    set via ORA2PG_PASSWD environment variable, see runbook @{ticket}""",
    r"""flyway.url=jdbc:oracle:thin:@//@{ohost}:1521/@{tns}
flyway.user=@{user}
flyway.password=${FLYWAY_PASSWORD}""",
    r"""security:
  keyFile: /etc/mongod/keyfile-@{hex4}
  clusterAuthMode: x509
net:
  tls:
    mode: requireTLS""",
    r"""authenticator: PasswordAuthenticator
authorizer: CassandraAuthorizer
roles_validity: 2000ms   # cluster @{cscl}-@{hex4}""",
    r"""aclfile /etc/redis/users-@{hex4}.acl
# passwords are stored as SHA-256 hashes inside the ACL file""",
    r"""<DTS:Executable DTS:ProtectionLevel="DontSaveSensitive" DTS:DTSID="{@{uuid}}" DTS:ObjectName="Load_@{table}">""",
    r"""<add name="@{db}Db" connectionString="Server=@{shost};Database=@{db};Integrated Security=SSPI;Encrypt=True" />""",
    r""""ConnectionStrings": { "Ledger": "Server=tcp:@{db}.database.windows.net;Database=@{db};Authentication=Active Directory Managed Identity;" }""",
    r"""jdbc:postgresql://@{phost}:5432/@{db}?sslmode=verify-full&sslrootcert=/etc/ssl/certs/rds-ca-@{hex4}.pem""",
    r"""[profile dms-@{n}]
role_arn = arn:aws:iam::@{acct}:role/dms-migration
source_profile = sso-dba""",
    r"""@{ohost},@{ip} @{sshpub}""",
    r"""@{sshpub} @{person}@laptop""",
    r"""-----BEGIN PUBLIC KEY-----
@{pubkey}
-----END PUBLIC KEY-----""",
    r"""-----BEGIN CERTIFICATE-----
@{cert}
-----END CERTIFICATE-----""",
    r"""resource "aws_db_instance" "@{db}" {
  manage_master_user_password = true
  master_user_secret_kms_key_id = "@{kmsarn}"
}""",
    r"""password = random_password.@{db}_master.result   # stored in Secrets Manager by module @{sha7}""",
    r"""path "database/creds/@{db}-readonly" {
  capabilities = ["read"]
}""",
    r"""database:
    password: @{sopsenc}
sops:
    kms:
    -   arn: @{kmsarn}""",
    r"""spec:
  encryptedData:
    password: @{sealed}""",
    r"""$ANSIBLE_VAULT;1.1;AES256
@{ansvault}""",
    r"""[Peer]
PublicKey = @{wgpub}
AllowedIPs = 10.@{n}.0.0/16
Endpoint = vpn.@{org}.example:51820""",
    r"""# public key: @{agepub}
creation_rules:
  - path_regex: secrets/.*\.yaml
    age: @{agepub}""",
    r"""user = "@{ocid}"
fingerprint = "@{fp16}"
key_file = "~/.oci/oci_api_key.pem"
tenancy = "@{ocid2}" """,
    r"""{"kty": "RSA", "kid": "@{hex16}", "use": "sig", "alg": "RS256", "e": "AQAB", "n": "@{jwkn}"}""",
    # ---- source code
    r"""password = os.environ["DB_PASSWORD"]  # injected by the @{ns} deployment""",
    r"""pw = getpass.getpass(f"Oracle password for {user}@@{tns}: ")""",
    r"""String pass = System.getenv("PGPASSWORD"); // never log this, see @{ticket}""",
    r"""var cs = config.GetConnectionString("@{db}"); // Managed Identity, no password""",
    r"""KeyVaultSecret secret = await client.GetSecretAsync("sql-@{db}-sa"); // version @{md5}""",
    r"""resp = boto3.client("secretsmanager").get_secret_value(SecretId="prod/@{db}/app-@{K_an6}")""",
    r"""CACHE_KEY = "recon:v3:@{md5}" """,
    r"""row_hash = hashlib.sha256(f"{pk}|{updated_at}".encode()).hexdigest()  # e.g. @{sha256}""",
    r"""EXPECTED_SHA256 = "@{sha256}"  # ojdbc11-23.3.0.23.09.jar""",
    r"""PASSWORD_MIN_LENGTH = @{n}  # per policy DBA-SEC-@{n2}""",
    r"""ALTER PROFILE app_profile_@{n} LIMIT PASSWORD_LIFE_TIME 90 PASSWORD_REUSE_MAX 12 PASSWORD_VERIFY_FUNCTION ora12c_strong_verify_function;""",
    r"""CREATE USER @{user} IDENTIFIED EXTERNALLY;  -- OS auth on @{ohost}""",
    r"""CREATE USER @{user} IDENTIFIED GLOBALLY AS 'CN=@{user},OU=dba,DC=@{org},DC=corp';""",
    r"""CREATE LOGIN [CORP\svc_@{table}] FROM WINDOWS WITH DEFAULT_DATABASE = [@{db}];""",
    r"""CREATE ROLE @{schema}_reader_@{n} NOLOGIN;""",
    r"""ALTER ROLE @{user} PASSWORD NULL;  -- disable password login, cert auth only (@{sha7})""",
    r"""SET GLOBAL validate_password.policy = STRONG; SET GLOBAL validate_password.length = @{n};""",
    r"""PASSWORD_RE = re.compile(r"^(?=.*[A-Z])(?=.*\d)(?=.*[^\w\s]).{@{n},}$")""",
    r"""def mask(s): return s[:2] + "*" * (len(s) - 4) + s[-2:]  # used in logs since @{sha7}""",
    r"""NAMESPACE_MIGRATION = uuid.UUID("@{uuid}")""",
    r"""STRIPE_PUBLISHABLE_KEY = "@{pklive}"  # publishable, safe to ship in the browser bundle""",
    r"""const supabase = createClient(url, "@{sbpub}") // publishable key, RLS enforced""",
    r"""HEADER = base64.b64decode("@{b64text}").decode()""",
    r"""# AWS docs example values, not real: AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY (ticket @{ticket})""",
    r"""password: "<your-password>"   # replace before running against @{host}""",
    r"""conn_str = f"postgresql://{user}:{password}@{at}{host}:5432/{db}"  # built at runtime @{hex8}""",
    r"""DSN = "oracle://%(user)s:%(password)s@@{ohost}:1521/@{tns}" """,
    r"""token = os.getenv("GITHUB_TOKEN", "")  # set by the @{org} CI runner""",
    # ---- logs / traces
    r"""@{date} @{time}.412 UTC [@{pid}] FATAL:  password authentication failed for user "@{user}"
@{date} @{time}.412 UTC [@{pid}] DETAIL:  Connection matched pg_hba.conf line @{n}: "hostssl all all 10.0.0.0/8 scram-sha-256" """,
    r"""@{ts} @{n} [Warning] Access denied for user '@{user}'@'@{ip}' (using password: YES)""",
    r"""@{date} @{time}.51 Logon  Login failed for user '@{user}'. Reason: Password did not match that for the login provided. [CLIENT: @{ip}]""",
    r"""ORA-01017: invalid username/password; logon denied   (session @{n}, SQL_ID @{sqlid})""",
    r"""ORA-28002: the password will expire within @{n} days""",
    r"""SQL30082N  Security processing failed with reason "24" ("USERNAME AND/OR PASSWORD INVALID").  SQLSTATE=08001  (@{dhost})""",
    r"""[Teradata Database] [Error 8017] The UserId, Password or Account is invalid. (host @{thost}, session @{big})""",
    r"""SAP DBTech JDBC: [10]: authentication failed (user @{user}, host @{hhost}, conn @{big})""",
    r"""{"t":{"$date":"@{ts}"},"s":"I","c":"ACCESS","id":20249,"msg":"Authentication failed","attr":{"mechanism":"SCRAM-SHA-256","user":"@{user}","db":"admin","client":"@{ip}:@{pid}"}}""",
    r"""cassandra.cluster.NoHostAvailable: ('Unable to connect', {'@{ip}:9042': AuthenticationFailed('Failed to authenticate: Error from server: code=0100 [Bad credentials]')})""",
    r"""(error) WRONGPASS invalid username-password pair or user is disabled.   # @{rhost}""",
    r"""[@{date} @{time},118] INFO JdbcSourceConnectorConfig values:
	connection.password = [hidden]
	connection.url = jdbc:oracle:thin:@//@{ohost}:1521/@{tns}""",
    r"""DEBUG com.zaxxer.hikari.HikariConfig - password................................<masked>
DEBUG com.zaxxer.hikari.HikariConfig - poolName................................"HikariPool-@{n}" """,
    r"""Looking in indexes: https://ci:****@nexus.@{org}.internal/repository/pypi-group/simple  (pip @{ver2})""",
    r"""P00   INFO: backup command begin 2.50: --repo1-cipher-pass=<redacted> --repo1-s3-key=<redacted> --repo1-s3-key-secret=<redacted> --stanza=@{pgcl}""",
    r"""Starting "SYSTEM"."SYS_EXPORT_SCHEMA_@{n}":  system/********@@{tns} schemas=@{schema} directory=DP_DIR""",
    r"""Run flyway -url=jdbc:postgresql://@{phost}:5432/@{db} -user=*** -password=*** migrate  (run @{big})""",
    r"""traceparent: @{trace}""",
    r"""{"level":"info","msg":"request completed","request_id":"@{uuid}","trace_id":"@{hex16}@{hex16b}","duration_ms":@{n}}""",
    r"""{"eventName": "CreateDBInstance", "requestParameters": {"dBInstanceIdentifier": "@{db}-prod", "masterUserPassword": "HIDDEN_DUE_TO_SECURITY_REASONS"}, "requestID": "@{uuid}"}""",
    r"""@{ts} [TASK_MANAGER    ]I:  Task '@{up26}' running full load and CDC   (replicationtask.c:@{n})""",
    r"""	at com.zaxxer.hikari.pool.HikariPool.getConnection(HikariPool.java:@{n})   [HikariPool-1@@{hex8}]""",
    r"""Checksum mismatch for @{db}_@{date}.dump: expected @{sha256} got @{sha256b}""",
    r"""Validation Failed: 1 changesets check sum
    changelog/@{table}.yaml::@{n}::@{person} was: @{lqbsum} but is now: @{lqbsum2}""",
    r"""Migration checksum mismatch for migration version @{n}
-> Applied to database : @{csum}
-> Resolved locally    : @{csum2}""",
    r"""goroutine @{n} [select]:
database/sql.(*DB).connectionOpener(0xc000@{hex8}, {0x1a2b3c0, 0xc000@{hex8b}})""",
    r"""WARNING: the password for user @{user} expires in @{n} days (profile APP_PROFILE), rotate via vault path secret/databases/@{tns}/@{user}""",
    r"""@{ts} INFO  change stream resumed, resumeToken={"_data": "@{resumetok}"}""",
    r"""@{ts} INFO  replication slot "sub_@{db}_@{hex8}" created, consistent point @{lsn}""",
    r"""Set-Cookie: csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/  (logout @{uuid})""",
    r"""##[debug]Evaluating: secrets.PROD_DB_PASSWORD  => '***'   (job @{uuid})""",
    # ---- notes / chat
    r"""@{person}: rotated the sa password on @{shost}; the new one is in Key Vault secret sql-@{db}-sa (version @{md5})""",
    r"""@{person}: please don't paste passwords in Slack, use the 1Password share link instead (@{ticket})""",
    r"""Password policy (@{org}): at least @{n} characters, no dictionary words, rotate every 90 days, never reuse the last 12.""",
    r"""@{person}: the DMS source password is the one in Secrets Manager under prod/@{db}/dms-source, not the old one on the wiki""",
    r"""@{person}: I reset the @{user} password myself -- ping me in DM if you need it, not here""",
    r"""@{person}: Das Passwort liegt im Vault unter secret/databases/@{tns}/system, bitte dort abholen.""",
    r"""@{person} : le mot de passe est dans le coffre (chemin secret/db/@{db}), je ne le mets pas ici.""",
    r"""@{person}: la contraseña está en el gestor, entrada "@{db} prod sa" -- no la pongan en el ticket @{ticket}""",
    r"""@{person}: パスワードはVaultの secret/db/@{db} にあります。チャットには貼らないでください。""",
    r"""@{person}：密码已经放到 Vault 的 secret/db/@{db} 里了，不要贴在群里。""",
    r"""@{person}: Пароль лежит в Vault (secret/db/@{db}), в чат не кидаю.""",
    r"""commit @{sha7} removes the hardcoded creds from flyway.conf; FLYWAY_PASSWORD now comes from the CI secret store""",
    r"""Note: the OCI API key fingerprint @{fp16} is public; the private key never leaves the bastion.""",
    r"""@{person}: replication slot is sub_@{hex8}, publication pub_@{db}_all, lag ~@{n} MB""",
    r"""@{person}: the token ends in ...@{hex4}, so it's the new one (old one ended in ...@{hex4b})""",
    r"""@{person}: sk_live_****************@{tail4} is the key Finance uses -- I only know the last 4""",
    r"""pw: [REDACTED]  (see vault secret/databases/@{db}/app)""",
    r"""password: ******** (stored in CyberArk safe DBA-@{org}, object @{tns}-SYS)""",
    r"""Decision @{date}: switch @{pgcl} to SCRAM-SHA-256 and drop md5 auth; passwords will be re-set by each app team.""",
    r"""Goal: move @{db} backups to pgBackRest with repo encryption; cipher passphrase will live in Vault, not in pgbackrest.conf.""",
    r"""@{person}: the AWS key id AKIA...@{tail4} in the alert belongs to the DMS role; it was already deactivated by security.""",
    r"""Running notes: wallet created at /u01/app/oracle/wallet/@{tns}; sqlplus /@@{tns} works without a password now.""",
    r"""@{person}: GTID set after restore is @{gtid}, matches the source""",
    r"""@{person}: can someone review @{sha7}? it swaps the hard-coded DSN for a secretKeyRef""",
    r"""Slack channel @{slackid} (#dba-oncall): please post the request id @{reqid} if the DMS task fails again""",
    r"""@{person}: placeholder in the runbook is <DB_PASSWORD>, replace it with the value from vault at runtime, ticket @{ticket}""",
    r"""@{person}: xxxxxxxx is just a placeholder in the template -- the real value is injected by Helm from @{pgcl}-app""",
    r"""@{person}: the base64 in that ConfigMap is just "@{b64text}" -> plain text, nothing sensitive""",
    # ---- CI / deploy
    r"""env:
  PGPASSWORD: ${{ secrets.PROD_DB_PASSWORD }}
  DB_HOST: @{phost}""",
    r"""variables:
  - group: dba-prod-secrets   # sqlAdminPassword comes from the variable group
  - name: sqlServer
    value: '@{shost}'""",
    r"""environment {
  ORA_CREDS = credentials('ora-deploy-@{tns}')
}""",
    r"""script:
  - curl --header "JOB-TOKEN: $CI_JOB_TOKEN" "${CI_API_V4_URL}/projects/@{n}/packages/generic/schema/@{ver2}/schema.sql" """,
    r"""cache:
  key: ${CI_COMMIT_REF_SLUG}-@{hex8}
  paths: [.m2/repository]""",
    r"""image: postgres@sha256:@{sha256}""",
    r"""- uses: actions/checkout@@{sha}  # v4.1.@{n}""",
    r"""auth:
  existingSecret: @{pgcl}-credentials
  secretKeys:
    adminPasswordKey: postgres-password""",
    r"""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
spec:
  data:
    - secretKey: password
      remoteRef:
        key: prod/db/@{db}
        property: password""",
    r"""resource "random_password" "@{db}_master" {
  length  = 32
  special = true
}""",
    r"""- name: Restore cache
  uses: actions/cache@v4
  with:
    key: ${{ runner.os }}-maven-@{sha256}""",
    r"""sqlPassword: $(sqlAdminPassword)   # pipeline variable, marked secret (run @{big})""",
    r"""helm upgrade --install @{pgcl} bitnami/postgresql --set auth.existingSecret=@{pgcl}-creds -f values-@{hex4}.yaml""",
    r"""docker build --secret id=pgpass,src=$HOME/.pgpass -t registry.@{org}.internal/dba/loader:@{sha7} .""",
    r"""aws ssm get-parameter --name /@{db}/prod/password --with-decryption --query Parameter.Version   # prints only the version""",
    r"""terraform import aws_secretsmanager_secret.@{db} arn:aws:secretsmanager:@{region}:@{acct}:secret:prod/@{db}/app-@{K_an6}""",
    r"""Run ./scripts/migrate.sh
  env:
    DB_PASSWORD: ***
    DB_HOST: @{phost}""",
    r"""kubeseal --controller-name sealed-secrets --format yaml < secret-@{hex4}.yaml > sealed-@{hex4}.yaml""",
    # ---- vendor-ish identifiers that are not secrets
    r"""TWILIO_ACCOUNT_SID=AC@{md5}   # account id, the auth token is in vault""",
    r"""AZURE_TENANT_ID=@{uuid}
AZURE_CLIENT_ID=@{uuid2}
AZURE_CLIENT_SECRET_REF=kv-dba-prod/sp-@{db}-mig""",
    r"""client_email: dms-reader@@{org}-data.iam.gserviceaccount.com  (project number @{big})""",
    r"""MONGODB_ATLAS_PROJECT_ID=@{objid}
MONGODB_ATLAS_PUBLIC_KEY=@{K_low8}   # private key is in 1Password""",
    r"""DATABRICKS_HOST=https://adb-@{K_dig16}.7.azuredatabricks.net""",
    r"""snowflake account locator: @{K_up7}.@{region}   warehouse: MIG_WH_@{n}""",
    r"""Key-Pair-Id=K@{K_up13}  (public id of the CloudFront key group)""",
    r"""ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  <- example shape from the docs, ticket @{ticket}""",
    r"""Authorization: Bearer <your-token>   # see README section @{n}""",
    r"""export VAULT_TOKEN=$(vault login -method=oidc -token-only)   # @{person}, no static token""",
    r"""X-Amz-Credential=@{akidmask}%2F20240612%2F@{region}%2Fs3%2Faws4_request (signature stripped before sharing)""",
    r"""arn:aws:secretsmanager:@{region}:@{acct}:secret:prod/@{db}/dms-source-@{K_an6}""",
    r"""https://kv-dba-prod.vault.azure.net/secrets/sql-@{db}-sa/@{md5}""",
    r"""@Microsoft.KeyVault(SecretUri=https://kv-dba-prod.vault.azure.net/secrets/sql-@{db}-sa/@{md5})""",
    r"""{{ vault_mysql_root_password }}   # group_vars/@{mycl}.yml""",
    r"""%(password)s placeholder in ora2pg template @{hex8}""",
]


def _build_benign(target=950):
    out, seen = [], set()
    rounds = 0
    while len(out) < target:
        rounds += 1
        if rounds > 40:
            raise RuntimeError("benign templates exhausted")
        for t in _BENIGN_T:
            if len(out) >= target:
                break
            s = _fill(textwrap.dedent(t).strip("\n"), _Vals())
            if s in seen:
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets([
    ("command", _T_COMMAND),
    ("tool-output", _T_TOOL),
    ("config-file", _T_CONFIG),
    ("source-code", _T_SOURCE),
    ("stack-trace-or-log", _T_LOG),
    ("note-or-chat", _T_NOTE),
    ("ci-and-deploy", _T_CI),
    ("vendor-token", _T_VENDOR),
])
BENIGN = _build_benign()
