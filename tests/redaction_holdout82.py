"""Blind hold-out corpus #82 for a secret-redaction engine.

What it is
----------
A labelled test corpus for an engine that strips credentials out of the
working state a coding agent (Claude Code, Codex, Gemini CLI) persists:
goals, running notes, shell commands it ran, tool output, excerpts of files
it opened, decisions, teammates' chat messages pasted in, log lines and CI
configuration.  Each positive example names the exact substring that must
not survive redaction and, where it makes sense, a nearby substring that
must stay readable.  Negative examples are strings with no credential in
them that still look "secret-ish" to a naive scanner.

Theme
-----
Public sector and municipal IT: tax and permit portals, 311 and
case-management systems, e-government identity (Login.gov, eIDAS nodes,
BankID, DigiD, FranceConnect, Aadhaar / UPI sandboxes, gov.br), court
e-filing, procurement portals, election back offices, police records and
CAD, open-data portals (CKAN, Socrata-style APIs, ArcGIS), shared-services
helpdesks, and civil servants' notes and chats in German, French, Dutch,
Swedish, Hindi, Portuguese and English.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other
corpus and no web material were consulted.  Where a vendor's real
credential shape is known it is imitated (prefixes, lengths, alphabets);
where it is not known a plausible shape was invented.  All hosts,
municipalities, agencies, people, account names and values are fictitious
and randomly generated; none of them is a live credential.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group    one of: command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (roughly equal shares)
         format   kebab-case name of the shape; each format is used at
                  most three times, so the corpus favours breadth
         text     the fragment as an agent would have recorded it
         secret   exact substring of text that must not survive redaction
                  (only the key body for PEM keys, only the signature for
                  signed URLs, only the password for user:password pairs)
         visible  substring of text that must remain readable, or ""
BENIGN   list of distinct strings with no credential in them that look
         secret-ish: commit SHAs, checksums, UUIDs, trace ids, public keys
         and fingerprints, public key ids, placeholders, masked values,
         references to where a secret lives, base64 of ordinary text,
         paths, versions, prose and policy text about passwords, etc.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, with the engine of the session that read it, before any rule of that session: recall 0.971
(1,453 of 1,496) and false positives 24 of 950 (2.5%). Tuned on since by classes (Dutch `ww:`,
Swedish `lösen:`, a mainframe's `PSWD=`, short values a secret store prints, a Key Vault secret's
id, `--from-literal=username=`, `credential=credential`, a PIN a few words after its name): 0.983
(1,471) and 6 (0.6%).
"""
import base64
import json
import random
import re
import string
import unicodedata

SEED = 820082
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# low-level random helpers
# ---------------------------------------------------------------------------
_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase
_DIGITS = string.digits
_ALNUM = _LOWER + _UPPER + _DIGITS
_HEXCH = "0123456789abcdef"
_B64CH = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_SYMS = "!#*+-=?@^_.~"
_URLSYMS = "-_.~!*"


def _s(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _hex(n):
    return _s(_HEXCH, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _an(n):
    return _s(_ALNUM, n)


def _lan(n):
    return _s(_LOWER + _DIGITS, n)


def _uan(n):
    return _s(_UPPER + _DIGITS, n)


def _dig(n):
    return str(_R.randint(1, 9)) + _s(_DIGITS, n - 1)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rb(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rb(n)).decode().rstrip("=")


def _b64t(text):
    return base64.b64encode(text.encode("utf-8")).decode()


def _b64ut(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode().rstrip("=")


def _uuid():
    h = list(_hex(32))
    h[12] = "4"
    h[16] = _R.choice("89ab")
    h = "".join(h)
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _pick(seq):
    return _R.choice(seq)


def _n(a, b):
    return str(_R.randint(a, b))


def _ascii(text):
    t = unicodedata.normalize("NFKD", text)
    return "".join(c for c in t if not unicodedata.combining(c))


_PH = re.compile("\u00ab[A-Z0-9_]+\u00bb")


def _f(tpl, **kw):
    """Fill \u00abNAME\u00bb placeholders (chosen so JSON/HCL braces need no escaping)."""
    out = tpl
    for k, v in kw.items():
        out = out.replace("\u00ab" + k + "\u00bb", v)
    left = _PH.search(out)
    if left:
        raise ValueError("unfilled placeholder %s" % left.group(0))
    return out


def _ts():
    return "2025-%02d-%02dT%02d:%02d:%02d" % (_R.randint(1, 12), _R.randint(1, 28), _R.randint(0, 23),
                                             _R.randint(0, 59), _R.randint(0, 59))


def _tsz():
    return _ts() + "." + _s(_DIGITS, 3) + "Z"


def _date():
    return "2025-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))


def _hm():
    return "%02d:%02d" % (_R.randint(7, 19), _R.randint(0, 59))


def _ip():
    return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 250))


def _pubip():
    return "%d.%d.%d.%d" % (_pick([81, 145, 193, 194, 212, 217, 62, 89]), _R.randint(0, 254),
                            _R.randint(0, 254), _R.randint(2, 250))


# ---------------------------------------------------------------------------
# vocabulary (all fictitious)
# ---------------------------------------------------------------------------
_CITIES = [
    ("Quillmoor", "quillmoor.gov", "en"),
    ("Larkfield County", "larkfieldcounty.gov", "en"),
    ("Ashbury Township", "ashburytwp.org", "en"),
    ("Westerbrueck", "westerbrueck.de", "de"),
    ("Sankt Aurel", "sankt-aurel.de", "de"),
    ("Klaverdam", "klaverdam.nl", "nl"),
    ("Zuidvenne", "zuidvenne.nl", "nl"),
    ("Ljungmora kommun", "ljungmora.se", "sv"),
    ("Haverdal kommun", "haverdal.se", "sv"),
    ("Montclaret", "montclaret.fr", "fr"),
    ("Villeneuve-sur-Lisse", "villeneuve-lisse.fr", "fr"),
    ("Pedralva", "cm-pedralva.pt", "pt"),
    ("Sao Tiago do Ribeirao", "saotiago.rj.gov.br", "pt"),
    ("Navgarh Municipal Corporation", "navgarh-mc.gov.in", "hi"),
    ("Rampurva Nagar Nigam", "rampurva.gov.in", "hi"),
]

_SYSTEMS = ["permits", "tax", "case311", "efiling", "cad", "rms", "vote", "procure", "opendata",
            "gis", "ckan", "helpdesk", "idp", "licensing", "parking", "courts", "payroll", "records",
            "belasting", "skatt", "impots", "grundsteuer", "iptu", "jalkar", "bouwvergunning"]
_ENVS = ["prd", "prod", "stg", "acc", "tst", "dev", "uat", "preprod"]
_SVC = ["svc_permits", "svc-311-sync", "app_efiling", "cad_reader", "opendata_etl", "tax_batch",
        "elster_gw", "belasting_rw", "skatt_rapport", "fc_bridge", "digid_sp", "bankid_rp",
        "procure_api", "vote_admin", "rms_export", "gis_publisher", "ckan_admin", "helpdesk_bot",
        "cjis_gw", "aadhaar_aua", "upi_sbx", "govbr_int", "iptu_sync", "grundsteuer_ro", "ncr_loader",
        "permit_portal", "licensing_app", "parking_ingest", "courts_ro", "payroll_etl", "records_rw",
        "deploy", "ci-runner", "monitor", "backup_op", "reporting", "webadmin", "svc_elections"]
_PEOPLE = [
    ("Anke", "Vermeulen", "nl"), ("Joerg", "Baumann", "de"), ("Priya", "Raghunathan", "hi"),
    ("Sofia", "Lindqvist", "sv"), ("Amelie", "Fournier", "fr"), ("Joao", "Carvalho", "pt"),
    ("Marcus", "Ohlsson", "sv"), ("Fatima", "El Amrani", "fr"), ("Daan", "de Wit", "nl"),
    ("Lena", "Hoffmann", "de"), ("Rahul", "Deshpande", "hi"), ("Ingrid", "Sandberg", "sv"),
    ("Thibault", "Marchand", "fr"), ("Beatriz", "Moura", "pt"), ("Aisha", "Verma", "hi"),
    ("Pieter", "Jansen", "nl"), ("Camille", "Lefevre", "fr"), ("Tomas", "Ribeiro", "pt"),
    ("Karin", "Nystroem", "sv"), ("Dieter", "Kraemer", "de"), ("Meera", "Iyer", "hi"),
    ("Olivia", "Brennan", "en"), ("Samuel", "Okafor", "en"), ("Yusuf", "Demir", "de"),
    ("Noor", "Bakker", "nl"), ("Grace", "Whitfield", "en"), ("Hector", "Alvarez", "en"),
    ("Sunita", "Kulkarni", "hi"), ("Mathilde", "Girard", "fr"), ("Ana", "Figueiredo", "pt"),
]


def _person():
    return _pick(_PEOPLE)


def _first():
    return _person()[0]


def _login(p=None):
    p = p or _person()
    first, last = _ascii(p[0]).lower(), _ascii(p[1]).lower().replace(" ", "")
    return _pick(["%s.%s" % (first, last), "%s%s" % (first[0], last), "%s_%s" % (first, last[:4]),
                  "%s%s%s" % (first[:2], last[:4], _n(1, 99))])


def _email(p=None, dom=None):
    p = p or _person()
    dom = dom or _pick(_CITIES)[1]
    return "%s.%s@%s" % (_ascii(p[0]).lower(), _ascii(p[1]).lower().replace(" ", ""), dom)


def _svc():
    return _pick(_SVC)


def _dom():
    return _pick(_CITIES)[1]


def _sys():
    return _pick(_SYSTEMS)


def _env():
    return _pick(_ENVS)


def _host(kind=None, dom=None):
    kind = kind or _pick(["db", "pg", "sql", "mysql", "app", "api", "web", "mq", "redis", "es", "sftp",
                          "ldap", "fs", "kc", "vault", "ora"])
    return "%s-%s-%s-%02d.%s.%s" % (kind, _sys(), _env(), _R.randint(1, 12),
                                     _pick(["int", "infra", "svc", "lan", "intern", "local"]),
                                     dom or _dom())


def _site(sub=None):
    return "%s.%s" % (sub or _pick(["permits", "portal", "efile", "311", "data", "tax", "impots",
                                      "belasting", "e-tjanst", "eservicos", "procure", "vote",
                                      "api", "idp", "login", "sso", "gis", "helpdesk"]), _dom())


def _db():
    return _pick(["permits", "case311", "efiling", "taxroll", "voter_reg", "cad_prod", "opendata",
                  "procurement", "rms", "licensing", "parking", "court_docs", "ckan_default",
                  "datastore", "belasting", "skatt", "iptu", "grundsteuer", "payroll", "helpdesk"])


# words for human-chosen passwords
_W_EN = ["harbor", "permit", "river", "maple", "falcon", "granite", "lantern", "meadow", "copper",
         "willow", "beacon", "orchard", "summit", "thunder", "velvet", "cobalt", "prairie", "cedar",
         "ember", "quartz", "pelican", "juniper", "saffron", "tundra", "badger", "courthouse"]
_W_DE = ["Rathaus", "Sommer", "Kater", "Bruecke", "Amsel", "Eichhorn", "Laterne", "Wolke",
         "Kastanie", "Brezel", "Tanne", "Falke", "Nebel", "Stempel", "Akte", "Amtsblatt"]
_W_DE_U = ["Gruenkohl", "F\u00e4hre", "M\u00fchle", "B\u00fcrgeramt", "Stra\u00dfe"]
_W_FR = ["soleil", "chateau", "pomme", "marelle", "lune", "cerise", "mistral", "baguette",
         "lavande", "hirondelle", "mairie", "cigogne"]
_W_NL = ["fiets", "molen", "tulp", "gracht", "kaas", "dijk", "polder", "kievit", "klompen",
         "stadhuis", "haring"]
_W_SV = ["skog", "kanel", "stuga", "fika", "blabar", "lingon", "hav", "kommun", "sill", "regn"]
_W_SV_U = ["\u00e4lg", "sj\u00f6", "bj\u00f6rk", "r\u00e5dhus"]
_W_PT = ["saudade", "laranja", "praia", "cidade", "janela", "caju", "sardinha", "azulejo",
         "prefeitura", "goiaba"]
_W_HI = ["chai", "dosti", "barsaat", "mitti", "aasman", "khushi", "chandni", "mausam", "jalebi",
         "nagar"]
_WORDS = _W_EN + _W_DE + _W_FR + _W_NL + _W_SV + _W_PT + _W_HI
_SEASONS = ["Sommer", "Winter", "Herbst", "Fruehling", "Printemps", "Automne", "Zomer", "Lente",
            "Sommar", "Vinter", "Hosten", "Verao", "Inverno", "Monsoon", "Spring", "Autumn"]
_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _cap(w):
    return w[:1].upper() + w[1:]


def _word():
    return _pick(_WORDS)


def _leet(w):
    return "".join(_LEET.get(c, c) if _R.random() < 0.6 else c for c in w)


def _pron(k=None):
    k = k or _R.randint(3, 4)
    cons, vow = "bdfgklmnprstvz", "aeiou"
    return "".join(_pick(cons) + _pick(vow) for _ in range(k))


def _pw(kind="any"):
    """A password as people or tools would pick it.  kind: any | url | plain | unicode."""
    syms = _URLSYMS if kind == "url" else ("-_.!" if kind == "plain" else _SYMS)
    r = _R.randrange(12)
    if kind == "unicode":
        return _cap(_pick(_W_DE_U + _W_SV_U)) + _n(10, 99) + _pick("!?#") + _cap(_word())
    if r == 0:
        return _cap(_word()) + _pick(["2023", "2024", "2025", "2026", _n(100, 9999)]) + _pick(syms)
    if r == 1:
        return _cap(_word()) + _pick(syms) + _cap(_word()) + _n(10, 99)
    if r == 2:
        return _cap(_leet(_word())) + _pick(syms) + _cap(_word()) + _n(1, 9)
    if r == 3:
        return _pick(_SEASONS) + _pick(["2024", "2025", "2026"]) + _pick(syms) + _n(1, 99)
    if r == 4:
        return _cap(_pron()) + _n(10, 999)
    if r == 5:
        return _an(1) + _s(_ALNUM + syms, _R.randint(13, 21))
    if r == 6:
        return _pick(["-", ".", "_"]).join(_word().lower() for _ in range(_R.randint(3, 4))) + _n(1, 99)
    if r == 7:
        return _an(_R.randint(16, 28))
    if r == 8:
        return _b64u(18) if kind in ("url", "plain") else _b64(18)
    if r == 9:
        return _word().lower() + _word().lower() + _n(1950, 2012)
    if r == 10:
        return _cap(_word()) + _n(1, 9) + _pick(syms) + _pron(2) + _pick(syms) + _n(10, 99)
    return _cap(_pron(2)) + _pick(syms) + _cap(_pron(2)) + _pick(syms) + _n(100, 999)


def _phrase(lang=None):
    lang = lang or _pick(["en", "de", "fr", "nl", "sv", "pt"])
    src = {"en": _W_EN, "de": _W_DE, "fr": _W_FR, "nl": _W_NL, "sv": _W_SV, "pt": _W_PT}[lang]
    ws = [_pick(src).lower() for _ in range(_R.randint(4, 5))]
    return " ".join(ws)


def _pin(n=6):
    return _s(_DIGITS, n)


# ---------------------------------------------------------------------------
# credential shapes (real prefixes where known, invented where not)
# ---------------------------------------------------------------------------
def _ghp():
    return "ghp_" + _an(36)


def _gho():
    return "gho_" + _an(36)


def _ghs():
    return "ghs_" + _an(36)


def _github_pat():
    return "github_pat_11" + _uan(20) + "_" + _an(59)


def _glpat():
    return "glpat-" + _s(_ALNUM + "-_", 20)


def _xoxb():
    return "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _an(24))


def _xoxp():
    return "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32))


def _akia():
    return "AKIA" + _s(_UPPER + "234567", 16)


def _asia():
    return "ASIA" + _s(_UPPER + "234567", 16)


def _awssec():
    return _an(1) + _s(_ALNUM + "/+", 39)


def _aiza():
    return "AIza" + _s(_ALNUM + "-_", 35)


def _sk_live():
    return "sk_live_51" + _an(_R.choice([22, 96]))


def _sg():
    return "SG." + _s(_B64U, 22) + "." + _s(_B64U, 43)


def _npm():
    return "npm_" + _an(36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmcCJD" + _b64u(_R.randint(100, 130))


def _hvs():
    return "hvs.CAESI" + _s(_B64U, _R.randint(80, 96))


def _tfc():
    return _an(14) + ".atlasv1." + _an(67)


def _dop():
    return "dop_v1_" + _hex(64)


def _hf():
    return "hf_" + _s(_UPPER + _LOWER, 34)


def _openai():
    return "sk-proj-" + _s(_B64U, 74) + "T3BlbkFJ" + _s(_B64U, 74)


def _anthropic():
    return "sk-ant-api03-" + _s(_B64U, 93) + "AA"


def _azure_client_secret():
    return _an(3) + "8Q~" + _s(_ALNUM + "_.~-", 34)


def _azure_key88():
    return _b64(64)


def _sas_sig():
    raw = _b64(32)
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


def _ipv6ish():
    return ":".join(_hex(4) for _ in range(4))


def _jwt(claims=None, alg="HS256", sigbytes=None):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg.startswith("RS") or alg.startswith("ES"):
        hdr["kid"] = _hex(16)
    if claims is None:
        iat = _R.randint(1735000000, 1765000000)
        claims = {"sub": _uuid(), "iss": "https://" + _site("idp"), "iat": iat, "exp": iat + 3600}

    def enc(d):
        return base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")
    if sigbytes is None:
        sigbytes = 32 if alg.startswith("HS") else (64 if alg.startswith("ES") else 256)
    return enc(hdr) + "." + enc(claims) + "." + _b64u(sigbytes)


_PEM_PREFIX = {
    "PRIVATE KEY": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
    "RSA PRIVATE KEY": "MIIEpAIBAAKCAQEA",
    "EC PRIVATE KEY": "MHcCAQEEI",
    "OPENSSH PRIVATE KEY": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "ENCRYPTED PRIVATE KEY": "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI",
}


def _pem_body(label="PRIVATE KEY", lines=None, sep="\n"):
    width = 70 if label == "OPENSSH PRIVATE KEY" else 64
    n = lines or _R.randint(4, 9)
    pre = _PEM_PREFIX[label]
    total = pre + _s(_B64CH, width * n - len(pre) - _R.randint(2, 40))
    if len(total) % 4:
        total = total[:len(total) - len(total) % 4]
    total = total[:-2] + "=="
    return sep.join(total[i:i + width] for i in range(0, len(total), width))


def _pem(label="PRIVATE KEY", lines=None, sep="\n"):
    body = _pem_body(label, lines, sep)
    return "-----BEGIN %s-----%s%s%s-----END %s-----" % (label, sep, body, sep, label), body


# ---------------------------------------------------------------------------
# registration
# ---------------------------------------------------------------------------
_TEMPLATES = []


def _reg(group):
    def outer(fmt):
        def deco(fn):
            _TEMPLATES.append((group, fmt, fn))
            return fn
        return deco
    return outer


CMD = _reg("command")
OUT = _reg("tool-output")
CFG = _reg("config-file")
SRC = _reg("source-code")
LOG = _reg("stack-trace-or-log")
NOTE = _reg("note-or-chat")
CI = _reg("ci-and-deploy")
VEN = _reg("vendor-token")

# ===========================================================================
# group: command  (shell commands the agent ran or planned to run)
# ===========================================================================
def _prompt():
    return _pick(["$ ", "", "> ", "+ ", "%s@%s:~$ " % (_pick(["ops", "deploy", "admin", "ubuntu"]),
                                                       _pick(["jump01", "bastion", "mgmt-02", "wsl"]))])


@CMD("psql-uri-with-password")
def _():
    u, h, d, p = _svc(), _host("pg"), _db(), _pw("url")
    t = _f("«PR»psql \"postgresql://«U»:«P»@«H»:5432/«D»?sslmode=require\" -c \"select status, count(*) from application group by 1;\"",
           PR=_prompt(), U=u, P=p, H=h, D=d)
    return t, p, h


@CMD("pgpassword-env-prefix")
def _():
    u, h, d, p = _svc(), _host("pg"), _db(), _pw()
    t = _f("PGPASSWORD='«P»' psql -h «H» -U «U» -d «D» -f migrations/0042_add_case_priority.sql", P=p, H=h, U=u, D=d)
    return t, p, "migrations/0042_add_case_priority.sql"


@CMD("pg-dump-keyword-dsn")
def _():
    u, h, d, p = _svc(), _host("pg"), _db(), _pw("plain")
    t = _f("pg_dump \"host=«H» port=5432 user=«U» password=«P» dbname=«D»\" --schema-only > /tmp/«D»_schema.sql",
           H=h, U=u, P=p, D=d)
    return t, p, "pg_dump"


@CMD("mysql-p-attached")
def _():
    u, h, d, p = _svc(), _host("mysql"), _db(), _pw("plain")
    t = _f("mysql -h «H» -u «U» -p«P» «D» -e \"SHOW TABLES LIKE 'filing%';\"", H=h, U=u, P=p, D=d)
    return t, p, h


@CMD("mysqldump-password-long-flag")
def _():
    u, h, d, p = _svc(), _host("mysql"), _db(), _pw()
    t = _f("mysqldump --host=«H» --user=«U» --password='«P»' --single-transaction «D» | gzip > «D»-«DT».sql.gz",
           H=h, U=u, P=p, D=d, DT=_date())
    return t, p, "--single-transaction"


@CMD("mongosh-srv-uri")
def _():
    u, p = _svc(), _pw("url")
    c = "cluster%d.%s.mongodb.net" % (_R.randint(0, 3), _lan(5))
    t = _f("mongosh \"mongodb+srv://«U»:«P»@«C»/case311?retryWrites=true&w=majority\" --eval 'db.requests.countDocuments({status:\"open\"})'",
           U=u, P=p, C=c)
    return t, p, c


@CMD("redis-cli-a-flag")
def _():
    h, p = _host("redis"), _an(_R.randint(20, 32))
    t = _f("redis-cli -h «H» -p 6380 --tls -a '«P»' --no-auth-warning INFO keyspace", H=h, P=p)
    return t, p, "INFO keyspace"


@CMD("redis-cli-uri")
def _():
    h, p = _host("redis"), _pw("url")
    t = _f("redis-cli -u redis://default:«P»@«H»:6379/2 KEYS 'session:*' | head", H=h, P=p)
    return t, p, h


@CMD("curl-basic-u-flag")
def _():
    u, p, s = _svc(), _pw(), _site("api")
    t = _f("curl -sS -u «U»:'«P»' https://«S»/v2/permits?status=UNDER_REVIEW | jq '.items | length'", U=u, P=p, S=s)
    return t, p, s


@CMD("curl-bearer-jwt-header")
def _():
    tok, s = _jwt(), _site("api")
    t = _f("curl -s -H \"Authorization: Bearer «T»\" https://«S»/cases/v1/requests?since=«D»", T=tok, S=s, D=_date())
    return t, tok, s


@CMD("curl-x-api-key-header")
def _():
    k, s = _an(40), _pick(["api.sam.gov", "api.data.gov", "api.usaspending.example"])
    t = _f("curl -H 'X-Api-Key: «K»' 'https://«S»/entity-information/v3/entities?ueiSAM=«U»'", K=k, S=s, U=_uan(12))
    return t, k, s


@CMD("curl-api-key-query-param")
def _():
    k = _an(40)
    t = _f("curl -s \"https://api.sam.gov/opportunities/v2/search?api_key=«K»&postedFrom=01/01/2025&postedTo=03/31/2025&limit=100\" -o opps.json", K=k)
    return t, k, "opps.json"


@CMD("curl-client-credentials-form")
def _():
    cid, sec, s = _uuid(), _s(_B64U, 40), _site("idp")
    t = _f("curl -X POST https://«S»/realms/burgerportaal/protocol/openid-connect/token \\\n  -d grant_type=client_credentials \\\n  -d client_id=«C» \\\n  -d client_secret=«X»",
           S=s, C=cid, X=sec)
    return t, sec, cid


@CMD("curl-json-login-body")
def _():
    u, p, s = _email(), _pw(), _site("efile")
    t = _f("curl -s -X POST https://«S»/api/auth/login -H 'Content-Type: application/json' -d '{\"email\":\"«U»\",\"password\":\"«P»\"}' -c cookies.txt",
           S=s, U=u, P=p)
    return t, p, u


@CMD("docker-login-password-stdin")
def _():
    u, p = _svc(), _pw()
    reg = "harbor.%s" % _dom()
    t = _f("echo '«P»' | docker login «R» -u «U» --password-stdin", P=p, R=reg, U=u)
    return t, p, reg


@CMD("docker-login-p-flag")
def _():
    u, p = "robot$" + _pick(["permits", "ci", "efile", "gis"]) + "+push", _an(32)
    reg = "registry.%s" % _dom()
    t = _f("docker login -u '«U»' -p «P» «R»", U=u, P=p, R=reg)
    return t, p, reg


@CMD("docker-run-env-flag")
def _():
    p, img = _pw(), "registry.%s/ckan/ckan-base:2.10" % _dom()
    t = _f("docker run -d --name ckan -p 5000:5000 -e CKAN_SITE_URL=https://«S» -e CKAN_SYSADMIN_PASSWORD='«P»' «I»",
           S=_site("data"), P=p, I=img)
    return t, p, img


@CMD("kubectl-create-secret-literal")
def _():
    ns, u, p = _pick(["permits", "efiling", "case311", "gis"]), _svc(), _pw()
    t = _f("kubectl -n «N» create secret generic db-credentials --from-literal=username=«U» --from-literal=password='«P»' --dry-run=client -o yaml | kubectl apply -f -",
           N=ns, U=u, P=p)
    return t, p, "db-credentials"


@CMD("kubectl-docker-registry-secret")
def _():
    p = _an(32)
    t = _f("kubectl create secret docker-registry regcred --docker-server=harbor.«D» --docker-username=robot-ci --docker-password=«P» -n «N»",
           D=_dom(), P=p, N=_pick(["default", "opendata", "cad"]))
    return t, p, "regcred"


@CMD("helm-set-password")
def _():
    p = _pw()
    t = _f("helm upgrade --install keycloak bitnami/keycloak -n iam --set auth.adminUser=admin --set auth.adminPassword='«P»' --set postgresql.enabled=false",
           P=p)
    return t, p, "bitnami/keycloak"


@CMD("az-login-service-principal")
def _():
    app, sec, ten = _uuid(), _azure_client_secret(), _uuid()
    t = _f("az login --service-principal -u «A» -p '«S»' --tenant «T»", A=app, S=sec, T=ten)
    return t, sec, app


@CMD("aws-configure-set-secret")
def _():
    s = _awssec()
    t = _f("aws configure set aws_secret_access_key «S» --profile «P»", S=s,
           P=_pick(["opendata-prod", "permits", "elections-dr", "gis-tiles"]))
    return t, s, "aws configure set"


@CMD("export-aws-secret-env")
def _():
    s = _awssec()
    t = _f("export AWS_ACCESS_KEY_ID=«K»\nexport AWS_SECRET_ACCESS_KEY=«S»\naws s3 ls s3://«B»/exports/", K=_akia(), S=s,
           B=_pick(["qm-opendata-public", "lc-permits-archive", "ash-311-exports"]))
    return t, s, "aws s3 ls"


@CMD("git-clone-oauth2-token-url")
def _():
    tok, h = _glpat(), "gitlab.%s" % _dom()
    t = _f("git clone https://oauth2:«T»@«H»/digitalisering/bouwloket-frontend.git", T=tok, H=h)
    return t, tok, h


@CMD("git-remote-set-url-pat")
def _():
    tok, u = _ghp(), _login()
    t = _f("git remote set-url origin https://«U»:«T»@github.com/«O»/311-open311-bridge.git && git push origin main",
           U=u, T=tok, O=_pick(["quillmoor-it", "larkfield-dts", "ashbury-gis"]))
    return t, tok, "git push origin main"


@CMD("git-extraheader-basic")
def _():
    u, p = _svc(), _pw()
    b = _b64t("%s:%s" % (u, p))
    t = _f("git -c http.extraHeader=\"Authorization: Basic «B»\" clone https://dev.azure.com/«O»/Belastingen/_git/aanslag-api", B=b,
           O=_pick(["gemeente-klaverdam", "zuidvenne-ict"]))
    return t, b, "clone"


@CMD("sshpass-p-inline")
def _():
    p, h = _pw(), _host("cad")
    t = _f("sshpass -p '«P»' ssh -o StrictHostKeyChecking=no admin@«H» 'systemctl status cad-interface'", P=p, H=h)
    return t, p, h


@CMD("openssl-pkcs12-passin")
def _():
    p = _pw()
    t = _f("openssl pkcs12 -in certs/bankid_rp_prod.p12 -passin pass:«P» -nokeys -clcerts | openssl x509 -noout -subject -enddate",
           P=p)
    return t, p, "certs/bankid_rp_prod.p12"


@CMD("keytool-storepass")
def _():
    p = _pw("plain")
    t = _f("keytool -list -v -keystore /opt/eidas-node/config/keystore/eidasKeyStore.jks -storepass «P» | grep -A2 Alias", P=p)
    return t, p, "eidasKeyStore.jks"


@CMD("smbclient-user-percent-pass")
def _():
    p = _pw()
    t = _f("smbclient //fs01.«D»/Archief -U 'GEMEENTE\\«U»%«P»' -c 'ls Bouwvergunningen/2024/*'", D=_dom(), U=_login(), P=p)
    return t, p, "Bouwvergunningen/2024"


@CMD("net-use-positional-password")
def _():
    p, u = _pw(), _login()
    t = _f("net use Z: \\\\filesrv02\\Stadtkasse «P» /user:STADT\\«U» /persistent:no", P=p, U=u)
    return t, p, "\\\\filesrv02\\Stadtkasse"


@CMD("ldapsearch-w-bind-password")
def _():
    p, h = _pw(), _host("ldap")
    t = _f("ldapsearch -H ldaps://«H» -D \"cn=svc-helpdesk,ou=Service,dc=«DC»,dc=local\" -w '«P»' -b \"ou=Medewerkers,dc=«DC»,dc=local\" \"(sAMAccountName=«L»)\" memberOf",
           H=h, P=p, DC=_pick(["klaverdam", "zuidvenne", "haverdal"]), L=_login())
    return t, p, h


@CMD("mount-cifs-password-option")
def _():
    p = _pw("plain")
    t = _f("sudo mount -t cifs //nas-records.«D»/scans /mnt/scans -o username=«U»,password=«P»,domain=CITY,vers=3.0", D=_dom(), U=_svc(), P=p)
    return t, p, "/mnt/scans"


@CMD("wget-user-password-flags")
def _():
    p = _pw()
    t = _f("wget --user=opendata --password='«P»' https://«S»/export/parcels_«Y».geojson", P=p, S=_site("gis"), Y=_n(2019, 2025))
    return t, p, "wget"


@CMD("sqlcmd-capital-p")
def _():
    p, h = _pw(), _host("sql")
    t = _f("sqlcmd -S «H»,1433 -U sa -P '«P»' -d CourtCMS -Q \"SELECT TOP 5 CaseNumber, FiledAt FROM dbo.Filing ORDER BY FiledAt DESC\"",
           H=h, P=p)
    return t, p, "CourtCMS"


@CMD("httpie-auth-flag")
def _():
    u, p = _svc(), _pw()
    t = _f("http --auth «U»:«P» GET https://«S»/api/v1/tickets status==new assignee==unassigned", U=u, P=p, S=_site("helpdesk"))
    return t, p, u


@CMD("htpasswd-batch-mode")
def _():
    p = _pw()
    t = _f("sudo htpasswd -b -B /etc/nginx/.htpasswd-staging «U» '«P»'", U=_pick(["reviewer", "pentest", "auditor", "raad"]), P=p)
    return t, p, "/etc/nginx/.htpasswd-staging"


@CMD("rabbitmqctl-add-user")
def _():
    p = _pw()
    t = _f("rabbitmqctl add_user cad_ingest '«P»' && rabbitmqctl set_permissions -p /cad cad_ingest \".*\" \".*\" \".*\"", P=p)
    return t, p, "set_permissions"


@CMD("psql-alter-role-password")
def _():
    p = _pw()
    t = _f("psql -d «D» -c \"ALTER ROLE reporting_ro WITH LOGIN PASSWORD '«P»' VALID UNTIL '2026-01-01';\"", D=_db(), P=p)
    return t, p, "reporting_ro"


@CMD("vault-kv-put-inline")
def _():
    p = _pw()
    t = _f("vault kv put secret/«S»/«E»/db username=«U» password='«P»'", S=_sys(), E=_env(), U=_svc(), P=p)
    return t, p, "vault kv put"


@CMD("vault-login-token-positional")
def _():
    tok = _hvs()
    t = _f("export VAULT_ADDR=https://vault.«D»:8200\nvault login «T»", D=_dom(), T=tok)
    return t, tok, "VAULT_ADDR"


@CMD("gh-auth-login-with-token")
def _():
    tok = _pick([_ghp, _github_pat])()
    t = _f("echo «T» | gh auth login --with-token && gh repo list «O» --limit 50", T=tok,
           O=_pick(["quillmoor-it", "larkfield-dts"]))
    return t, tok, "gh repo list"


@CMD("npm-config-set-authtoken")
def _():
    tok = _npm()
    t = _f("npm config set //registry.npmjs.org/:_authToken=«T»", T=tok)
    return t, tok, "npm config set"


@CMD("pip-index-url-with-creds")
def _():
    p = _pw("url")
    t = _f("pip install --index-url https://«U»:«P»@artifactory.«D»/api/pypi/pypi-virtual/simple ckanext-dcat==1.5.1",
           U=_svc(), P=p, D=_dom())
    return t, p, "ckanext-dcat==1.5.1"


@CMD("twine-upload-p-flag")
def _():
    tok = _pypi()
    t = _f("twine upload -u __token__ -p «T» dist/open311_client-0.«V».0*", T=tok, V=_n(3, 9))
    return t, tok, "twine upload"


@CMD("gcloud-sql-set-password")
def _():
    p = _pw()
    t = _f("gcloud sql users set-password postgres --instance=«I» --password='«P»' --project=«PR»",
           I=_pick(["permits-pg-prod", "opendata-pg", "case311-db"]), P=p, PR=_pick(["qm-digital-prod", "lc-gis-01"]))
    return t, p, "gcloud sql users set-password"


@CMD("terraform-var-flag")
def _():
    p = _pw()
    t = _f("terraform apply -var=\"environment=«E»\" -var=\"db_admin_password=«P»\" -auto-approve", E=_env(), P=p)
    return t, p, "terraform apply"


@CMD("ansible-extra-vars-become")
def _():
    p = _pw()
    t = _f("ansible-playbook -i inventories/«E» site.yml --limit cad_servers -e \"ansible_become_pass=«P»\"", E=_env(), P=p)
    return t, p, "site.yml"


@CMD("java-keystore-sysprop")
def _():
    p = _pw("plain")
    t = _f("java -Djavax.net.ssl.keyStore=/etc/efm/client.p12 -Djavax.net.ssl.keyStorePassword=«P» -jar efm-connector-3.«V».jar --court=«C»",
           P=p, V=_n(1, 9), C=_pick(["district-7", "probate", "family", "traffic"]))
    return t, p, "efm-connector"


@CMD("mvn-deploy-password-property")
def _():
    p = _pw()
    t = _f("mvn -B deploy -DaltDeploymentRepository=nexus::https://nexus.«D»/repository/releases -Dnexus.username=deployer -Dnexus.password='«P»'",
           D=_dom(), P=p)
    return t, p, "mvn -B deploy"


@CMD("curl-ftp-url-upload")
def _():
    p = _pw("url")
    t = _f("curl -T verkiezingsuitslag_«Y».csv ftp://publicatie:«P»@ftp.«D»/upload/", Y=_n(2022, 2025), P=p, D=_dom())
    return t, p, "curl -T"


@CMD("lftp-u-comma")
def _():
    p = _pw("plain")
    t = _f("lftp -u «U»,«P» sftp://sftp.«D» -e 'mirror --reverse ./out /incoming/grundsteuer; bye'", U=_svc(), P=p, D=_dom())
    return t, p, "mirror --reverse"


@CMD("rsync-password-env")
def _():
    p = _pw()
    t = _f("RSYNC_PASSWORD='«P»' rsync -avz --delete /srv/opendata/ rsync://backup@nas02.«D»/opendata/", P=p, D=_dom())
    return t, p, "rsync -avz"


@CMD("powershell-securestring-credential")
def _():
    p, u = _pw(), _login()
    t = _f("$pw = ConvertTo-SecureString '«P»' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('KOMMUN\\«U»', $pw)\nEnter-PSSession -ComputerName «H» -Credential $cred",
           P=p, U=u, H=_pick(["srv-skatt01", "srv-ekonomi03", "dc02"]))
    return t, p, "Enter-PSSession"


@CMD("invoke-restmethod-bearer")
def _():
    tok = _jwt(alg="RS256")
    t = _f("Invoke-RestMethod -Uri https://«S»/api/v2/incidents -Headers @{ Authorization = \"Bearer «T»\" } -Method Get",
           S=_site("helpdesk"), T=tok)
    return t, tok, "Invoke-RestMethod"


@CMD("cmdkey-generic-pass")
def _():
    p = _pw()
    t = _f("cmdkey /generic:TERMSRV/«H» /user:«D»\\«U» /pass:«P»", H=_pick(["rds-kasse01", "ts-belasting", "rdgw-police"]),
           D=_pick(["CITY", "STADT", "GEMEENTE"]), U=_login(), P=p)
    return t, p, "cmdkey"


@CMD("psexec-u-p-flags")
def _():
    p = _pw()
    t = _f("PsExec64.exe \\\\cad-ws-«N» -u CITY\\adm_«U» -p «P» ipconfig /all", N=_n(10, 60), U=_login(), P=p)
    return t, p, "ipconfig /all"


@CMD("influx-token-flag")
def _():
    tok = _b64(64).rstrip("=") + "=="
    t = _f("influx query 'from(bucket:\"traffic-sensors\") |> range(start:-1h)' --host https://influx.«D» --org city -t «T»", D=_dom(), T=tok)
    return t, tok, "traffic-sensors"


@CMD("curl-cookie-session")
def _():
    c = _hex(32).upper()
    t = _f("curl -s 'https://«S»/Citizen/Case/Detail?id=«I»' -b 'ASP.NET_SessionId=«C»; culture=nl-NL' | grep -i status",
           S=_site("311"), I=_n(100000, 999999), C=c)
    return t, c, "culture=nl-NL"


@CMD("openssl-enc-pass-flag")
def _():
    p = _pw()
    t = _f("openssl enc -aes-256-cbc -pbkdf2 -salt -in voter_roll_«D».csv -out voter_roll_«D».csv.enc -pass pass:'«P»'", D=_date(), P=p)
    return t, p, "-pbkdf2"


@CMD("zip-encrypt-p")
def _():
    p = _pw("plain")
    t = _f("zip -P «P» -r bodycam_export_case«N».zip ./export/«N»/", P=p, N=_n(10000, 99999))
    return t, p, "bodycam_export_case"


@CMD("7z-attached-p")
def _():
    p = _pw("plain")
    t = _f("7z a -p«P» -mhe=on aanbesteding_inschrijvingen.7z ./inschrijvingen/*.pdf", P=p)
    return t, p, "aanbesteding_inschrijvingen.7z"


@CMD("gpg-batch-passphrase")
def _():
    p = _phrase()
    t = _f("gpg --batch --yes --pinentry-mode loopback --passphrase '«P»' -d payroll_«M».csv.gpg > payroll.csv", P=p, M=_n(1, 12))
    return t, p, "--pinentry-mode loopback"


@CMD("mc-alias-set-positional")
def _():
    ak, sk = _uan(20), _an(40)
    t = _f("mc alias set cityminio https://minio.«D» «A» «S» --api S3v4", D=_dom(), A=ak, S=sk)
    return t, sk, "mc alias set cityminio"


@CMD("drush-user-password")
def _():
    p = _pw()
    t = _f("drush -l https://«S» user:password «U» '«P»'", S=_site("www"), U=_pick(["admin", "webredactie", "editor.noord"]), P=p)
    return t, p, "user:password"


@CMD("mysqladmin-set-root")
def _():
    p = _pw()
    t = _f("mysqladmin -u root password '«P»'", P=p)
    return t, p, "mysqladmin -u root"


@CMD("sqlplus-slash-password")
def _():
    p = _pw("plain")
    t = _f("sqlplus tax_ro/«P»@//ora-«S».«D»:1521/TAXPRD @reports/delinquent_parcels.sql", P=p, S=_sys(), D=_dom())
    return t, p, "@reports/delinquent_parcels.sql"


@CMD("expdp-system-password")
def _():
    p = _pw("plain")
    t = _f("expdp system/«P»@IPTUPRD schemas=IPTU directory=DATA_PUMP_DIR dumpfile=iptu_%U.dmp parallel=4", P=p)
    return t, p, "dumpfile=iptu_%U.dmp"


@CMD("redis-auth-via-netcat")
def _():
    p = _an(24)
    t = _f("printf 'AUTH «P»\\r\\nPING\\r\\n' | nc -q1 «H» 6379", P=p, H=_host("redis"))
    return t, p, "PING"


@CMD("netrc-append-echo")
def _():
    p = _pw()
    t = _f("echo \"machine «S» login «U» password «P»\" >> ~/.netrc && chmod 600 ~/.netrc", S=_site("data"), U=_svc(), P=p)
    return t, p, "chmod 600 ~/.netrc"


@CMD("ssh-keygen-n-passphrase")
def _():
    p = _phrase()
    t = _f("ssh-keygen -t ed25519 -C \"deploy@«S»\" -N '«P»' -f ~/.ssh/efile_deploy", S=_site("efile"), P=p)
    return t, p, "~/.ssh/efile_deploy"


@CMD("fly-secrets-set")
def _():
    p = _pw("url")
    t = _f("fly secrets set DATABASE_URL=postgres://permit_app:«P»@permits-db.flycast:5432/permits -a permits-portal-«E»", P=p, E=_env())
    return t, p, "fly secrets set"


@CMD("gh-secret-set-body")
def _():
    tok = _an(40)
    t = _f("gh secret set SAM_GOV_API_KEY --body \"«T»\" --repo «O»/procurement-sync", T=tok, O=_pick(["larkfield-dts", "ashbury-it"]))
    return t, tok, "SAM_GOV_API_KEY"


@CMD("az-keyvault-secret-set-value")
def _():
    p = _pw()
    t = _f("az keyvault secret set --vault-name kv-«S»-«E» --name sql-admin-password --value '«P»'", S=_sys(), E=_env(), P=p)
    return t, p, "sql-admin-password"


@CMD("aws-secretsmanager-create-json")
def _():
    p = _pw()
    t = _f("aws secretsmanager create-secret --name prod/«S»/db --secret-string '{\"username\":\"«U»\",\"password\":\"«P»\"}'", S=_sys(), U=_svc(), P=p)
    return t, p, "create-secret"


@CMD("aws-ssm-put-parameter-value")
def _():
    p = _pw()
    t = _f("aws ssm put-parameter --name /«S»/«E»/smtp_password --type SecureString --value '«P»' --overwrite", S=_sys(), E=_env(), P=p)
    return t, p, "put-parameter"


@CMD("docker-exec-mariadb-p")
def _():
    p = _pw("plain")
    t = _f("docker exec -it «C» mariadb -uroot -p«P» -e 'SELECT user,host FROM mysql.user'", C=_pick(["moodle-db", "limesurvey-db", "odoo-db"]), P=p)
    return t, p, "mysql.user"


@CMD("curl-oauth2-bearer-flag")
def _():
    tok = _s(_B64U, 48)
    t = _f("curl --oauth2-bearer «T» https://«S»/api/3/action/package_search?q=bouwvergunning", T=tok, S=_site("data"))
    return t, tok, "package_search"


@CMD("setx-user-env")
def _():
    p = _pin(6)
    t = _f("setx ELSTER_ZERT_PIN \"«P»\"\nsetx ELSTER_ZERT_PFAD \"C:\\Zertifikate\\stadt_«N».pfx\"", P=p, N=_n(100, 999))
    return t, p, "ELSTER_ZERT_PFAD"


@CMD("wpa-passphrase-ssid")
def _():
    p = _pw()
    ssid = _pick(["Rathaus-Mitarbeiter", "Stadhuis-Intern", "Kommunhuset-Personal", "Mairie-Agents", "CityHall-Staff"])
    t = _f("wpa_passphrase \"«S»\" '«P»' | sudo tee /etc/wpa_supplicant/wpa_supplicant-wlan0.conf", S=ssid, P=p)
    return t, p, ssid


@CMD("ipmitool-lanplus-p")
def _():
    p = _pw("plain")
    t = _f("ipmitool -I lanplus -H bmc-cad-«N».«D» -U ADMIN -P «P» chassis power status", N=_n(1, 9), D=_dom(), P=p)
    return t, p, "chassis power status"


@CMD("snmpwalk-v2c-community")
def _():
    c = _pick(["pr1v", "netmon", "rathaus", "cityro"]) + _an(8)
    t = _f("snmpwalk -v2c -c «C» «I» 1.3.6.1.2.1.2.2.1.2", C=c, I=_ip())
    return t, c, "1.3.6.1.2.1.2.2.1.2"


@CMD("snmpwalk-v3-auth-pass")
def _():
    p = _pw("plain")
    t = _f("snmpwalk -v3 -u nms-poller -l authNoPriv -a SHA -A '«P»' «I» sysUpTime", P=p, I=_ip())
    return t, p, "sysUpTime"


@CMD("mosquitto-pub-credentials")
def _():
    p = _pw()
    t = _f("mosquitto_pub -h mqtt.«D» -p 8883 --capath /etc/ssl/certs -u sensor-gw-«N» -P '«P»' -t city/parking/lot7 -m '{\"free\":12}'",
           D=_dom(), N=_n(1, 40), P=p)
    return t, p, "city/parking/lot7"


@CMD("kcadm-config-credentials")
def _():
    p = _pw()
    t = _f("/opt/keycloak/bin/kcadm.sh config credentials --server https://«S» --realm master --user admin --password '«P»'", S=_site("sso"), P=p)
    return t, p, "kcadm.sh"


@CMD("kcadm-create-client-secret")
def _():
    sec = _an(32)
    t = _f("kcadm.sh create clients -r burgers -s clientId=«C» -s secret=«S» -s 'redirectUris=[\"https://«H»/*\"]'",
           C=_pick(["mijn-loket", "parkeervergunning", "afvalpas"]), S=sec, H=_site("loket"))
    return t, sec, "redirectUris"


@CMD("compose-up-inline-env")
def _():
    p = _pw()
    t = _f("POSTGRES_PASSWORD='«P»' GEOSERVER_ADMIN_USER=admin docker compose -f docker-compose.gis.yml up -d", P=p)
    return t, p, "docker-compose.gis.yml"


@CMD("schtasks-create-rp")
def _():
    p = _pw()
    t = _f("schtasks /Create /TN \"Nightly 311 Export\" /TR \"C:\\jobs\\export311.cmd\" /SC DAILY /ST 02:30 /RU CITY\\svc_export /RP «P»", P=p)
    return t, p, "Nightly 311 Export"


@CMD("liquibase-password-flag")
def _():
    p = _pw()
    t = _f("liquibase --url=jdbc:postgresql://«H»:5432/«D» --username=«U» --password='«P»' update", H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, "liquibase"


@CMD("flyway-password-flag")
def _():
    p = _pw()
    t = _f("flyway -url=jdbc:sqlserver://«H»;databaseName=Procurement -user=flyway -password=«P» migrate", H=_host("sql"), P=p)
    return t, p, "migrate"


@CMD("curl-smtp-user-flag")
def _():
    p = _pw()
    t = _f("curl --ssl-reqd smtp://smtp.«D»:587 --mail-from noreply@«D» --mail-rcpt test@«D» --user 'noreply@«D»:«P»' -T mail.txt", D=_dom(), P=p)
    return t, p, "--mail-from"


@CMD("sftp-batch-sshpass-env")
def _():
    p = _pw()
    t = _f("export SSHPASS='«P»'\nsshpass -e sftp -oBatchMode=no -b upload.batch «U»@sftp.«D»", P=p, U=_svc(), D=_dom())
    return t, p, "upload.batch"


@CMD("dbt-env-var-inline")
def _():
    p = _pw()
    t = _f("DBT_ENV_SECRET_PG_PASSWORD='«P»' dbt run --select marts.open_data --target prod", P=p)
    return t, p, "marts.open_data"


@CMD("curl-upi-sandbox-headers")
def _():
    sec = _hex(32)
    t = _f("curl -X POST https://sandbox.«D»/upi/v1/collect -H 'x-client-id: «C»' -H 'x-client-secret: «S»' -H 'Content-Type: application/json' -d @collect.json",
           D=_pick(["upi-sbx.navgarh-mc.gov.in", "pay.rampurva.gov.in"]), C=_pick(["NGMC", "RNN"]) + _uan(8), S=sec)
    return t, sec, "collect.json"
# ===========================================================================
# group: tool-output  (what came back from a command or tool call)
# ===========================================================================
@OUT("env-grep-output")
def _():
    p = _pw()
    t = _f("$ env | grep -i «S»\n«U»_DB_HOST=«H»\n«U»_DB_USER=«V»\n«U»_DB_PASSWORD=«P»\n«U»_DB_POOL=10",
           S=_pick(["permit", "efile", "case"]), U=_pick(["PERMIT", "EFILE", "CASE"]), H=_host("pg"), V=_svc(), P=p)
    return t, p, "_DB_HOST="


@OUT("kubectl-get-secret-yaml-base64")
def _():
    p = _pw()
    b = _b64t(p)
    t = _f("apiVersion: v1\ndata:\n  password: «B»\n  username: «UB»\nkind: Secret\nmetadata:\n  name: «N»-db\n  namespace: «N»\ntype: Opaque",
           B=b, UB=_b64t(_svc()), N=_pick(["permits", "efiling", "case311", "elections"]))
    return t, b, "kind: Secret"


@OUT("kubectl-jsonpath-decoded")
def _():
    p = _pw()
    t = _f("$ kubectl -n «N» get secret «N»-smtp -o jsonpath='{.data.password}' | base64 -d\n«P»", N=_pick(["permits", "helpdesk", "notify"]), P=p)
    return t, p, "jsonpath"


@OUT("docker-inspect-env-array")
def _():
    p = _pw()
    t = _f("        \"Env\": [\n            \"GEOSERVER_ADMIN_USER=admin\",\n            \"GEOSERVER_ADMIN_PASSWORD=«P»\",\n            \"JAVA_OPTS=-Xms1g -Xmx4g\",\n            \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n        ],",
           P=p)
    return t, p, "GEOSERVER_ADMIN_USER=admin"


@OUT("aws-sts-assume-role-json")
def _():
    s = _awssec()
    t = _f("{\n    \"Credentials\": {\n        \"AccessKeyId\": \"«K»\",\n        \"SecretAccessKey\": \"«S»\",\n        \"SessionToken\": \"«T»\",\n        \"Expiration\": \"«E»+00:00\"\n    },\n    \"AssumedRoleUser\": {\n        \"Arn\": \"arn:aws:sts::«A»:assumed-role/OpenDataPublisher/ci\"\n    }\n}",
           K=_asia(), S=s, T="IQoJb3JpZ2luX2VjE" + _s(_B64CH, 60), E=_ts(), A=_dig(12))
    return t, s, "OpenDataPublisher"


@OUT("aws-iam-create-access-key")
def _():
    s = _awssec()
    t = _f("{\n    \"AccessKey\": {\n        \"UserName\": \"«U»\",\n        \"AccessKeyId\": \"«K»\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"«S»\",\n        \"CreateDate\": \"«D»+00:00\"\n    }\n}",
           U=_pick(["svc-tiles-uploader", "svc-foia-archive", "svc-permits-backup"]), K=_akia(), S=s, D=_ts())
    return t, s, "UserName"


@OUT("terraform-output-raw")
def _():
    p = _pw()
    t = _f("$ terraform output -raw «N»\n«P»", N=_pick(["db_admin_password", "sql_admin_pwd", "redis_auth"]), P=p)
    return t, p, "terraform output -raw"


@OUT("vault-kv-get-table")
def _():
    p = _pw()
    t = _f("====== Data ======\nKey         Value\n---         -----\npassword    «P»\nusername    «U»\n\n====== Metadata ======\ncreated_time    «T»\nversion         «V»",
           P=p, U=_svc(), T=_tsz(), V=_n(2, 17))
    return t, p, "====== Metadata ======"


@OUT("vault-token-create-table")
def _():
    tok = _hvs()
    t = _f("Key                  Value\n---                  -----\ntoken                «T»\ntoken_accessor       «A»\ntoken_duration       768h\ntoken_renewable      true\ntoken_policies       [\"default\" \"«P»\"]",
           T=tok, A=_s(_ALNUM, 24), P=_pick(["opendata-ro", "permits-deploy", "efile-app"]))
    return t, tok, "token_accessor"


@OUT("gh-auth-token-stdout")
def _():
    tok = _gho()
    t = _f("$ gh auth token\n«T»", T=tok)
    return t, tok, "gh auth token"


@OUT("az-ad-sp-create-json")
def _():
    sec = _azure_client_secret()
    t = _f("{\n  \"appId\": \"«A»\",\n  \"displayName\": \"sp-«N»-deploy\",\n  \"password\": \"«S»\",\n  \"tenant\": \"«T»\"\n}",
           A=_uuid(), N=_sys(), S=sec, T=_uuid())
    return t, sec, "displayName"


@OUT("heroku-config-listing")
def _():
    p = _pw("url")
    t = _f("=== «A» Config Vars\nDATABASE_URL:     postgres://«U»:«P»@ec2-«I».eu-west-1.compute.amazonaws.com:5432/«D»\nRAILS_ENV:        production\nWEB_CONCURRENCY:  2",
           A=_pick(["foia-requests", "council-agenda", "park-bookings"]), U=_lan(14), P=p, I=_pubip().replace(".", "-"), D=_lan(14))
    return t, p, "Config Vars"


@OUT("cat-dotenv-output")
def _():
    k = _hex(32)
    t = _f("$ cat .env\nAPP_ENV=production\nAPP_URL=https://«S»\nMAIL_HOST=smtp.«D»\nGOOGLE_MAPS_KEY_RESTRICTED=see-console\nACCELA_APP_SECRET=«K»\nLOG_LEVEL=info",
           S=_site("permits"), D=_dom(), K=k)
    return t, k, "APP_ENV=production"


@OUT("git-log-patch-removed-line")
def _():
    p = _pw()
    t = _f("commit «C»\nAuthor: «A» <«E»>\nDate:   «D»\n\n    move db creds to vault\n\ndiff --git a/config/database.yml b/config/database.yml\n@@ -4,7 +4,7 @@ production:\n   host: «H»\n   username: «U»\n-  password: «P»\n+  password: <%= ENV['DB_PASSWORD'] %>",
           C=_hex(40), A=" ".join(_person()[:2]), E=_email(), D=_date(), H=_host("pg"), U=_svc(), P=p)
    return t, p, "move db creds to vault"


@OUT("grep-rn-password-hit")
def _():
    p = _pw()
    t = _f("$ grep -rn \"PASSWORD\" --include=*.py .\n./«A»/settings/base.py:88:        'PASSWORD': os.environ.get('DB_PASSWORD', ''),\n./«A»/settings/local_«W».py:12:        'PASSWORD': '«P»',\n./tests/conftest.py:31:    monkeypatch.setenv('DB_PASSWORD', 'x')",
           A=_pick(["foia", "permits", "agenda"]), W=_login().split(".")[0], P=p)
    return t, p, "settings/base.py"


@OUT("ps-aux-cmdline")
def _():
    p = _pw("plain")
    t = _f("$ ps aux | grep [e]xport\n«U»    «PID»  2.1  0.4 312044 70312 ?  Sl   02:30   0:41 /usr/bin/python3 /opt/jobs/export_311.py --db-user «U» --db-pass «P» --since yesterday",
           U=_svc()[:8], PID=_n(1000, 60000), P=p)
    return t, p, "/opt/jobs/export_311.py"


@OUT("bash-history-numbered")
def _():
    p = _pw()
    t = _f("$ history | tail -4\n  «A»  cd /opt/cad-bridge\n  «B»  ./cad-bridge --user=«U» --password='«P»' --dry-run\n  «C»  vim config.toml\n  «D»  history | tail -4",
           A=_n(400, 500), B=_n(501, 600), C=_n(601, 700), D=_n(701, 800), U=_svc(), P=p)
    return t, p, "cd /opt/cad-bridge"


@OUT("docker-compose-config-resolved")
def _():
    p = _pw()
    t = _f("services:\n  db:\n    environment:\n      MYSQL_DATABASE: limesurvey\n      MYSQL_PASSWORD: «P»\n      MYSQL_USER: limesurvey\n    image: mariadb:10.11\n    networks:\n      default: null",
           P=p)
    return t, p, "image: mariadb:10.11"


@OUT("helm-get-values")
def _():
    p = _pw()
    t = _f("$ helm get values ckan -n opendata\nUSER-SUPPLIED VALUES:\nckan:\n  siteUrl: https://«S»\n  sysadmin:\n    name: ckan_admin\n    password: «P»\n    email: opendata@«D»",
           S=_site("data"), P=p, D=_dom())
    return t, p, "USER-SUPPLIED VALUES"


@OUT("kubectl-describe-pod-env")
def _():
    k = _an(32)
    t = _f("    Environment:\n      SPRING_PROFILES_ACTIVE:   prod\n      EFM_ENDPOINT:             https://«S»/EFM/v5\n      EFM_API_SECRET:           «K»\n      DB_PASSWORD:              <set to the key 'password' in secret 'efm-db'>  Optional: false",
           S=_site("efile"), K=k)
    return t, k, "SPRING_PROFILES_ACTIVE"


@OUT("cat-pgpass-output")
def _():
    p = _pw()
    t = _f("$ cat ~/.pgpass\n«H»:5432:«D»:«U»:«P»\nlocalhost:5432:*:postgres:*", H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, "cat ~/.pgpass"


@OUT("cat-netrc-output")
def _():
    p = _pw()
    t = _f("$ cat ~/.netrc\nmachine «S»\n  login «U»\n  password «P»", S=_site("api"), U=_svc(), P=p)
    return t, p, "login"


@OUT("docker-config-json-auth")
def _():
    u, p = _svc(), _pw()
    b = _b64t(u + ":" + p)
    t = _f("$ cat ~/.docker/config.json\n{\n\t\"auths\": {\n\t\t\"harbor.«D»\": {\n\t\t\t\"auth\": \"«B»\"\n\t\t}\n\t}\n}", D=_dom(), B=b)
    return t, b, "auths"


@OUT("cat-aws-credentials-output")
def _():
    s = _awssec()
    t = _f("$ cat ~/.aws/credentials\n[default]\nregion = us-east-1\n\n[«P»]\naws_access_key_id = «K»\naws_secret_access_key = «S»", P=_pick(["opendata", "gis-prod", "records"]), K=_akia(), S=s)
    return t, s, "[default]"


@OUT("cat-git-credentials-output")
def _():
    tok = _github_pat()
    t = _f("$ cat ~/.git-credentials\nhttps://«U»:«T»@github.com", U=_login(), T=tok)
    return t, tok, "~/.git-credentials"


@OUT("sql-select-api-clients-table")
def _():
    sec = _hex(40)
    t = _f("«D»=> select id, client_name, client_secret, active from api_clients where id = «I»;\n id  |     client_name      |              client_secret               | active\n-----+----------------------+------------------------------------------+--------\n «I» | «C» | «S» | t\n(1 row)",
           D=_db(), I=_n(10, 99), C=_pick(["seeclickfix-bridge  ", "open311-gateway     ", "mobile-app-ios      "]), S=sec)
    return t, sec, "client_name"


@OUT("curl-verbose-basic-header")
def _():
    u, p = _svc(), _pw()
    b = _b64t(u + ":" + p)
    t = _f("* Connected to «S» («I») port 443\n> GET /api/now/table/incident?sysparm_limit=5 HTTP/1.1\n> Host: «S»\n> Authorization: Basic «B»\n> User-Agent: curl/8.5.0\n> Accept: application/json\n>\n< HTTP/1.1 200 OK",
           S=_pick(["cityofquillmoor.service-now.com", "larkfield.service-now.com"]), I=_pubip(), B=b)
    return t, b, "/api/now/table/incident"


@OUT("curl-include-set-cookie")
def _():
    c = _b64u(32)
    t = _f("HTTP/2 302\nlocation: /dashboard\nset-cookie: __Host-efile_session=«C»; Path=/; Secure; HttpOnly; SameSite=Lax\nstrict-transport-security: max-age=63072000\nx-request-id: «R»",
           C=c, R=_uuid())
    return t, c, "location: /dashboard"


@OUT("token-endpoint-json-response")
def _():
    tok = _jwt(alg="RS256")
    t = _f("{\"access_token\":\"«T»\",\"expires_in\":300,\"refresh_expires_in\":0,\"token_type\":\"Bearer\",\"not-before-policy\":0,\"scope\":\"openid profile\"}", T=tok)
    return t, tok, "refresh_expires_in"


@OUT("oauth-refresh-token-response")
def _():
    rt = _s(_B64U, 64)
    t = _f("{\n  \"access_token\": \"«A»\",\n  \"token_type\": \"bearer\",\n  \"expires_in\": 7200,\n  \"refresh_token\": \"«R»\",\n  \"scope\": \"read write\",\n  \"created_at\": «C»\n}",
           A=_s(_B64U, 43), R=rt, C=_n(1735000000, 1765000000))
    return t, rt, "created_at"


@OUT("az-storage-keys-list-table")
def _():
    k = _azure_key88()
    t = _f("KeyName    Permissions    Value\n---------  -------------  «L»\nkey1       FULL           «K»", L="-" * 88, K=k)
    return t, k, "KeyName"


@OUT("gcloud-print-access-token")
def _():
    tok = "ya29.a0A" + _s(_B64U, 150)
    t = _f("$ gcloud auth print-access-token\n«T»", T=tok)
    return t, tok, "gcloud auth print-access-token"


@OUT("cat-gcp-sa-key-json")
def _():
    pem, body = _pem("PRIVATE KEY", sep="\\n")
    t = _f("{\n  \"type\": \"service_account\",\n  \"project_id\": \"«P»\",\n  \"private_key_id\": \"«I»\",\n  \"private_key\": \"«K»\\n\",\n  \"client_email\": \"bq-loader@«P».iam.gserviceaccount.com\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
           P=_pick(["qm-opendata-prod", "lc-census-lab"]), I=_hex(40), K=pem)
    return t, body, "service_account"


@OUT("cat-ssh-private-key-output")
def _():
    pem, body = _pem("OPENSSH PRIVATE KEY")
    t = _f("$ cat ~/.ssh/id_ed25519\n«K»", K=pem)
    return t, body, "cat ~/.ssh/id_ed25519"


@OUT("wg-conf-privatekey")
def _():
    k = _b64(32)
    t = _f("$ sudo cat /etc/wireguard/wg0.conf\n[Interface]\nAddress = 10.77.0.«N»/24\nPrivateKey = «K»\nListenPort = 51820\n\n[Peer]\nPublicKey = «PK»\nAllowedIPs = 10.20.0.0/16",
           N=_n(2, 200), K=k, PK=_b64(32))
    return t, k, "[Interface]"


@OUT("cat-npmrc-output")
def _():
    tok = _npm()
    t = _f("$ cat ~/.npmrc\n@«S»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«T»\nfund=false", S=_pick(["quillmoor", "larkfield"]), T=tok)
    return t, tok, "fund=false"


@OUT("kubectl-config-view-raw-token")
def _():
    tok = _jwt(alg="RS256")
    t = _f("users:\n- name: ci-deployer\n  user:\n    token: «T»\n- name: oidc-admin\n  user:\n    exec:\n      command: kubelogin", T=tok)
    return t, tok, "ci-deployer"


@OUT("docker-history-no-trunc")
def _():
    k = _an(32)
    t = _f("IMAGE          CREATED BY\n«I»   /bin/sh -c #(nop)  ENV GEOCODER_API_KEY=«K»\n<missing>      /bin/sh -c pip install -r requirements.txt\n<missing>      /bin/sh -c #(nop) WORKDIR /app",
           I=_hex(12), K=k)
    return t, k, "WORKDIR /app"


@OUT("pytest-failure-diff")
def _():
    tok = _s(_B64U, 40)
    t = _f("E       AssertionError: assert {'Authorization': 'Token «T»'} == {'Authorization': 'Token test'}\nE         Differing items:\nE         {'Authorization': 'Token «T»'} != {'Authorization': 'Token test'}\n\ntests/test_open311_client.py:58: AssertionError",
           T=tok)
    return t, tok, "tests/test_open311_client.py"


@OUT("tcpdump-ftp-pass")
def _():
    p = _pw()
    t = _f("«A» IP «I».51022 > «J».21: Flags [P.], length 16: FTP: USER «U»\n«B» IP «I».51022 > «J».21: Flags [P.], length 19: FTP: PASS «P»",
           A=_hm() + ":11.204", B=_hm() + ":11.301", I=_ip(), J=_ip(), U=_svc(), P=p)
    return t, p, "FTP: USER"


@OUT("redis-config-get-requirepass")
def _():
    p = _an(32)
    t = _f("127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"«P»\"", P=p)
    return t, p, "CONFIG GET requirepass"


@OUT("consul-kv-get-output")
def _():
    p = _pw()
    t = _f("$ consul kv get config/«S»/smtp/password\n«P»", S=_sys(), P=p)
    return t, p, "consul kv get"


@OUT("etcdctl-get-output")
def _():
    k = _hex(48)
    t = _f("$ etcdctl get /services/«S»/hmac_key\n/services/«S»/hmac_key\n«K»", S=_sys(), K=k)
    return t, k, "etcdctl get"


@OUT("az-webapp-appsettings-json")
def _():
    p = _pw()
    t = _f("[\n  {\n    \"name\": \"WEBSITE_RUN_FROM_PACKAGE\",\n    \"slotSetting\": false,\n    \"value\": \"1\"\n  },\n  {\n    \"name\": \"DigiD__KeystorePassword\",\n    \"slotSetting\": true,\n    \"value\": \"«P»\"\n  }\n]",
           P=p)
    return t, p, "WEBSITE_RUN_FROM_PACKAGE"


@OUT("aws-lambda-env-variables")
def _():
    k = _hex(40)
    t = _f("\"Environment\": {\n    \"Variables\": {\n        \"TABLE_NAME\": \"«T»\",\n        \"NOTIFY_API_KEY\": \"«N»-«SVC»-«K»\",\n        \"STAGE\": \"prod\"\n    }\n}",
           T=_pick(["parking-permits", "bin-collection"]), N=_pick(["prod", "live"]), SVC=_uuid(), K=k)
    return t, k, "TABLE_NAME"


@OUT("ssm-get-parameter-decrypted")
def _():
    p = _pw()
    t = _f("{\n    \"Parameter\": {\n        \"Name\": \"/«S»/prod/ldap_bind_password\",\n        \"Type\": \"SecureString\",\n        \"Value\": \"«P»\",\n        \"Version\": «V»\n    }\n}",
           S=_sys(), P=p, V=_n(1, 9))
    return t, p, "SecureString"


@OUT("secretsmanager-get-secret-value")
def _():
    p = _pw()
    t = _f("{\n    \"Name\": \"prod/«S»/db\",\n    \"SecretString\": \"{\\\"username\\\":\\\"«U»\\\",\\\"password\\\":\\\"«P»\\\",\\\"engine\\\":\\\"postgres\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}",
           S=_sys(), U=_svc(), P=p)
    return t, p, "AWSCURRENT"


@OUT("gcloud-secrets-access")
def _():
    k = _s(_B64U, 40)
    t = _f("$ gcloud secrets versions access latest --secret=«N»\n«K»", N=_pick(["arcgis-api-key", "socrata-secret-token", "notify-key"]), K=k)
    return t, k, "gcloud secrets versions access"


@OUT("op-read-output")
def _():
    p = _pw()
    t = _f("$ op read \"op://Gemeente-ICT/«I»/password\"\n«P»", I=_pick(["DigiD-testomgeving", "Suite4Gemeenten", "BRP-koppeling"]), P=p)
    return t, p, "op read"


@OUT("bw-get-password-output")
def _():
    p = _pw()
    t = _f("$ bw get password «I»\n«P»", I=_pick(["skatteverket-api", "visma-proceedo", "evry-lön"]), P=p)
    return t, p, "bw get password"


@OUT("pass-show-multiline")
def _():
    p = _pw()
    t = _f("$ pass show city/«S»/admin\n«P»\nuser: «U»\nurl: https://«H»/admin\nnote: shared with helpdesk L2", S=_sys(), P=p, U=_svc(), H=_site())
    return t, p, "shared with helpdesk L2"


@OUT("keepassxc-cli-show")
def _():
    p = _pw()
    t = _f("$ keepassxc-cli show -s ~/vault/stadt.kdbx \"Bürgerservice/OZG-Plattform\"\nTitle: OZG-Plattform\nUserName: «U»\nPassword: «P»\nURL: https://«H»\nNotes: Testzugang, nicht produktiv",
           U=_svc(), P=p, H=_site("ozg"))
    return t, p, "Title: OZG-Plattform"


@OUT("macos-security-find-generic-w")
def _():
    p = _pw()
    t = _f("$ security find-generic-password -s «S» -w\n«P»", S=_pick(["efile-sandbox", "elster-cert", "bankid-test"]), P=p)
    return t, p, "security find-generic-password"


@OUT("sqlite-select-settings-pipe")
def _():
    k = _an(40)
    t = _f("sqlite> select key, value from settings where key like '%api%';\nmaps_provider|esri\narcgis_api_key|AAPK«K»\napi_timeout_ms|8000", K=k)
    return t, "AAPK" + k, "maps_provider|esri"


@OUT("diff-unified-config")
def _():
    p = _pw()
    old = _pw()
    t = _f("--- a/conf/smtp.ini\n+++ b/conf/smtp.ini\n@@ -2,3 +2,3 @@\n host = smtp.«D»\n user = noreply-311\n-pass = ${SMTP_PASS}\n+pass = «P»", D=_dom(), P=p)
    _ = old
    return t, p, "conf/smtp.ini"


@OUT("git-show-added-secret")
def _():
    k = _hex(64)
    t = _f("$ git show «C» -- config/franceconnect.yml\n+franceconnect:\n+  client_id: «I»\n+  client_secret: «K»\n+  scope: openid given_name family_name birthdate",
           C=_hex(9), I=_hex(64), K=k)
    return t, k, "config/franceconnect.yml"


@OUT("gitleaks-finding")
def _():
    tok = _glpat()
    t = _f("Finding:     ...GITLAB_TOKEN = \"«T»\"\nSecret:      «T»\nRuleID:      gitlab-pat\nEntropy:     4.2\nFile:        scripts/sync_issues.py\nLine:        14\nCommit:      «C»\nAuthor:      «A»",
           T=tok, C=_hex(40), A=" ".join(_person()[:2]))
    return t, tok, "scripts/sync_issues.py"


@OUT("strings-binary-connstr")
def _():
    p = _pw()
    t = _f("$ strings -n 12 CityTaxSync.exe | grep -i server=\nServer=«H»;Database=Kommunalsteuer;User Id=sync;Password=«P»;TrustServerCertificate=True", H=_host("sql"), P=p)
    return t, p, "Database=Kommunalsteuer"


@OUT("ansible-vault-view-output")
def _():
    p = _pw()
    t = _f("$ ansible-vault view group_vars/cad/vault.yml\nVault password:\nvault_cad_db_password: «P»\nvault_cad_db_user: cad_owner", P=p)
    return t, p, "vault_cad_db_user"


@OUT("sops-decrypt-output")
def _():
    k = _s(_B64U, 43)
    t = _f("$ sops -d secrets/«E».enc.yaml\nsocrata:\n  app_token: «A»\n  secret_token: «K»\nsmtp:\n  password_ref: vault:secret/smtp#password", E=_env(), A=_an(25), K=k)
    return t, k, "password_ref"


@OUT("mc-alias-list-output")
def _():
    sk = _an(40)
    t = _f("cityminio\n  URL       : https://minio.«D»\n  AccessKey : «A»\n  SecretKey : «S»\n  API       : s3v4\n  Path      : auto", D=_dom(), A=_uan(20), S=sk)
    return t, sk, "AccessKey"


@OUT("nmcli-show-psk")
def _():
    p = _pw()
    t = _f("$ nmcli -s -g 802-11-wireless-security.psk connection show \"«S»\"\n«P»", S=_pick(["Gemeentehuis-Personeel", "Rathaus-Intern", "Kommunhus-Personal"]), P=p)
    return t, p, "802-11-wireless-security.psk"


@OUT("netsh-wlan-key-clear")
def _():
    p = _pw()
    t = _f("Security settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : «P»", P=p)
    return t, p, "WPA2-Personal"


@OUT("python-environ-repr")
def _():
    tok = _xoxb()
    t = _f(">>> {k: v for k, v in os.environ.items() if k.startswith('SLACK')}\n{'SLACK_CHANNEL': '#311-alerts', 'SLACK_BOT_TOKEN': '«T»'}", T=tok)
    return t, tok, "#311-alerts"


@OUT("systemctl-show-environment")
def _():
    p = _pw("url")
    t = _f("$ systemctl show -p Environment permit-worker.service\nEnvironment=APP_ENV=production DATABASE_URL=postgresql://permit_app:«P»@«H»/permits WORKERS=4", P=p, H=_host("pg"))
    return t, p, "permit-worker.service"


@OUT("crontab-l-output")
def _():
    p = _pw()
    t = _f("$ crontab -l\n# m h dom mon dow command\n15 3 * * * /usr/local/bin/backup_rms.sh --user backup --pass '«P»' >> /var/log/rms_backup.log 2>&1", P=p)
    return t, p, "/usr/local/bin/backup_rms.sh"


@OUT("proc-environ-dump")
def _():
    p = _pw()
    t = _f("$ sudo cat /proc/«N»/environ | tr '\\0' '\\n' | grep -i ldap\nLDAP_URI=ldaps://«H»\nLDAP_BIND_DN=cn=svc-portal,ou=svc,dc=city\nLDAP_BIND_PW=«P»", N=_n(900, 40000), H=_host("ldap"), P=p)
    return t, p, "LDAP_BIND_DN"


@OUT("artisan-tinker-config-dump")
def _():
    p = _pw()
    t = _f(">>> config('database.connections.mysql')\n=> [\n     \"driver\" => \"mysql\",\n     \"host\" => \"«H»\",\n     \"database\" => \"«D»\",\n     \"username\" => \"«U»\",\n     \"password\" => \"«P»\",\n   ]",
           H=_host("mysql"), D=_db(), U=_svc(), P=p)
    return t, p, "\"driver\" => \"mysql\""


@OUT("rails-credentials-show")
def _():
    k = _hex(128)
    t = _f("$ bin/rails credentials:show\nsecret_key_base: «K»\nlogin_gov:\n  issuer: urn:gov:gsa:openidconnect.profiles:sp:sso:«A»:permits", K=k, A=_pick(["quillmoor", "larkfield"]))
    return t, k, "login_gov"


@OUT("django-diffsettings")
def _():
    k = _s(_ALNUM + "!@#^*-_=+", 50)
    t = _f("$ python manage.py diffsettings | head -5\nALLOWED_HOSTS = ['«S»']\nDEBUG = False\nSECRET_KEY = '«K»'\nSETTINGS_MODULE = 'foia.settings.prod'  ###", S=_site("foia"), K=k)
    return t, k, "ALLOWED_HOSTS"


@OUT("firebase-functions-config-get")
def _():
    k = _sg()
    t = _f("$ firebase functions:config:get\n{\n  \"sendgrid\": {\n    \"key\": \"«K»\",\n    \"from\": \"noreply@«D»\"\n  }\n}", K=k, D=_dom())
    return t, k, "functions:config:get"


@OUT("heroku-config-get")
def _():
    p = _pw("url")
    t = _f("$ heroku config:get REDIS_URL -a «A»\nrediss://:«P»@ec2-«I».compute-1.amazonaws.com:25370", A=_pick(["council-agenda", "foia-requests"]), P=p, I=_pubip().replace(".", "-"))
    return t, p, "heroku config:get REDIS_URL"


@OUT("terraform-state-show")
def _():
    p = _pw()
    t = _f("# azurerm_mssql_server.procurement:\nresource \"azurerm_mssql_server\" \"procurement\" {\n    administrator_login          = \"sqladmin\"\n    administrator_login_password = \"«P»\"\n    location                     = \"westeurope\"\n    name                         = \"sql-procurement-prd\"\n}",
           P=p)
    return t, p, "sql-procurement-prd"


@OUT("pulumi-stack-output-show-secrets")
def _():
    p = _pw()
    t = _f("$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT          VALUE\n    dbEndpoint      «H»\n    dbPassword      «P»\n    bucketName      «B»",
           H=_host("pg"), P=p, B=_pick(["ckan-uploads-prd", "foia-attachments"]))
    return t, p, "dbEndpoint"


@OUT("jq-config-output")
def _():
    k = _hex(32)
    t = _f("$ jq '.integrations.accela' config/prod.json\n{\n  \"agency\": \"«A»\",\n  \"appId\": \"«I»\",\n  \"appSecret\": \"«K»\",\n  \"environment\": \"PROD\"\n}",
           A=_pick(["QUILLMOOR", "LARKFIELD"]), I=_dig(18), K=k)
    return t, k, "\"environment\": \"PROD\""


@OUT("mysql-vertical-user-row")
def _():
    p = _pw()
    t = _f("mysql> SELECT * FROM integration_accounts WHERE system='rdw'\\G\n*************************** 1. row ***************************\n        id: «I»\n    system: rdw\n  username: «U»\n  password: «P»\n   updated: «D»", I=_n(1, 40), U=_svc(), P=p, D=_date())
    return t, p, "integration_accounts"


@OUT("powershell-get-credential-plain")
def _():
    p = _pw()
    t = _f("PS> $c.GetNetworkCredential() | Format-List\n\nUserName       : «U»\nPassword       : «P»\nSecurePassword : System.Security.SecureString\nDomain         : KOMMUN", U=_login(), P=p)
    return t, p, "SecurePassword"


@OUT("nomad-var-get-output")
def _():
    p = _pw()
    t = _f("$ nomad var get nomad/jobs/cad-bridge\nNamespace   = default\nPath        = nomad/jobs/cad-bridge\n\nItems\ncad_password = «P»\ncad_user     = interface", P=p)
    return t, p, "Namespace"
# ===========================================================================
# group: config-file  (excerpts of files the agent opened)
# ===========================================================================
def _fhead(path):
    return _pick(["", "# " + path + "\n", "File: " + path + "\n", "--- " + path + " ---\n", path + ":\n"])


@CFG("pgpass-line")
def _():
    p = _pw()
    t = _f("«H»:5432:«D»:«U»:«P»", H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, ":5432:"


@CFG("dotenv-database-url")
def _():
    p = _pw("url")
    h = _host("pg")
    t = _fhead(".env") + _f("APP_NAME=\"Digitaal Loket\"\nDATABASE_URL=postgres://loket:«P»@«H»:5432/loket\nSESSION_LIFETIME=120", P=p, H=h)
    return t, p, h


@CFG("dotenv-quoted-api-key-with-comment")
def _():
    k = _an(32)
    t = _fhead(".env.production") + _f("# Tyler EFM (Odyssey) integration\nEFM_USER=«U»\nEFM_API_KEY=\"«K»\"  # issued by court IT, expires 2026-06\nEFM_BASE=https://«S»/EFM", U=_svc(), K=k, S=_site("efile"))
    return t, k, "EFM_BASE"


@CFG("compose-environment-list")
def _():
    p = _pw()
    t = _fhead("docker-compose.yml") + _f("services:\n  geoserver:\n    image: kartoza/geoserver:2.24.2\n    environment:\n      - GEOSERVER_ADMIN_USER=admin\n      - GEOSERVER_ADMIN_PASSWORD=«P»\n      - INITIAL_MEMORY=2G", P=p)
    return t, p, "kartoza/geoserver"


@CFG("compose-environment-map")
def _():
    p = _pw()
    t = _fhead("docker-compose.override.yml") + _f("  db:\n    image: postgis/postgis:16-3.4\n    environment:\n      POSTGRES_DB: gis\n      POSTGRES_USER: gis\n      POSTGRES_PASSWORD: \"«P»\"", P=p)
    return t, p, "postgis/postgis"


@CFG("k8s-secret-stringdata")
def _():
    p = _pw()
    t = _fhead("k8s/secret-ldap.yaml") + _f("apiVersion: v1\nkind: Secret\nmetadata:\n  name: ldap-bind\n  namespace: «N»\ntype: Opaque\nstringData:\n  LDAP_BIND_DN: cn=svc-«N»,ou=ServiceAccounts,dc=city,dc=local\n  LDAP_BIND_PASSWORD: '«P»'",
                                           N=_pick(["permits", "helpdesk", "intranet"]), P=p)
    return t, p, "ldap-bind"


@CFG("k8s-secret-data-b64")
def _():
    tok = _xoxb()
    b = _b64t(tok)
    t = _fhead("manifests/slack-secret.yaml") + _f("kind: Secret\napiVersion: v1\nmetadata:\n  name: alertbot-slack\ndata:\n  SLACK_TOKEN: «B»", B=b)
    return t, b, "alertbot-slack"


@CFG("spring-properties-datasource")
def _():
    p = _pw()
    t = _fhead("src/main/resources/application-prod.properties") + _f("spring.datasource.url=jdbc:postgresql://«H»:5432/«D»\nspring.datasource.username=«U»\nspring.datasource.password=«P»\nspring.jpa.hibernate.ddl-auto=validate",
                                                                         H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, "spring.datasource.username"


@CFG("spring-yaml-oauth2-client-secret")
def _():
    sec = _s(_B64U, 40)
    t = _fhead("application.yml") + _f("spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          idporten:\n            client-id: «C»\n            client-secret: «S»\n            scope: openid,profile", C=_uuid(), S=sec)
    return t, sec, "idporten"


@CFG("appsettings-json-connectionstring")
def _():
    p = _pw()
    t = _fhead("appsettings.Production.json") + _f("{\n  \"ConnectionStrings\": {\n    \"CaseDb\": \"Server=«H»;Database=Case311;User Id=case_app;Password=«P»;Encrypt=True;\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Warning\" } }\n}",
                                                  H=_host("sql"), P=p)
    return t, p, "Database=Case311"


@CFG("web-config-connectionstrings")
def _():
    p = _pw()
    t = _fhead("Web.config") + _f("<connectionStrings>\n  <add name=\"BurgerzakenDb\" connectionString=\"Data Source=«H»;Initial Catalog=Burgerzaken;User ID=bz_web;Password=«P»\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
                                 H=_host("sql"), P=p)
    return t, p, "BurgerzakenDb"


@CFG("drupal-settings-databases-array")
def _():
    p = _pw()
    t = _fhead("sites/default/settings.php") + _f("$databases['default']['default'] = [\n  'database' => 'drupal_«S»',\n  'username' => 'drupal',\n  'password' => '«P»',\n  'host' => '«H»',\n  'driver' => 'mysql',\n];",
                                                  S=_pick(["gemeente", "stadt", "kommun"]), P=p, H=_host("mysql"))
    return t, p, "'driver' => 'mysql'"


@CFG("drupal-hash-salt")
def _():
    k = _b64u(55)
    t = _fhead("sites/default/settings.php") + _f("$settings['hash_salt'] = '«K»';\n$settings['update_free_access'] = FALSE;", K=k)
    return t, k, "update_free_access"


@CFG("wp-config-define-db-password")
def _():
    p = _pw()
    t = _fhead("wp-config.php") + _f("define( 'DB_NAME', 'wp_raadsinformatie' );\ndefine( 'DB_USER', 'wp_ri' );\ndefine( 'DB_PASSWORD', '«P»' );\ndefine( 'DB_HOST', '«H»' );", P=p, H=_host("mysql"))
    return t, p, "wp_raadsinformatie"


@CFG("npmrc-authtoken-line")
def _():
    tok = _npm()
    t = _fhead(".npmrc") + _f("registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«T»\nsave-exact=true", T=tok)
    return t, tok, "save-exact=true"


@CFG("pypirc-password")
def _():
    p = _pw()
    t = _fhead("~/.pypirc") + _f("[distutils]\nindex-servers =\n    internal\n\n[internal]\nrepository = https://nexus.«D»/repository/pypi-internal/\nusername = «U»\npassword = «P»", D=_dom(), U=_svc(), P=p)
    return t, p, "index-servers"


@CFG("pip-conf-index-url")
def _():
    p = _pw("url")
    t = _fhead("/etc/pip.conf") + _f("[global]\nindex-url = https://«U»:«P»@artifactory.«D»/api/pypi/pypi/simple\ntimeout = 60", U=_svc(), P=p, D=_dom())
    return t, p, "[global]"


@CFG("netrc-single-line")
def _():
    p = _pw()
    t = _fhead("~/.netrc") + _f("machine «S» login «U» password «P»", S=_site("api"), U=_svc(), P=p)
    return t, p, "machine"


@CFG("git-credentials-store-line")
def _():
    p = _pw("url")
    t = _fhead("~/.git-credentials") + _f("https://«U»:«P»@bitbucket.«D»", U=_login(), P=p, D=_dom())
    return t, p, "https://"


@CFG("aws-credentials-ini")
def _():
    s = _awssec()
    t = _fhead("~/.aws/credentials") + _f("[opendata-publisher]\naws_access_key_id = «K»\naws_secret_access_key = «S»\nregion = eu-central-1", K=_akia(), S=s)
    return t, s, "opendata-publisher"


@CFG("docker-config-auths")
def _():
    b = _b64t("robot$ci:" + _an(32))
    t = _fhead("~/.docker/config.json") + _f("{\n  \"auths\": {\n    \"harbor.«D»\": { \"auth\": \"«B»\" }\n  },\n  \"credsStore\": \"\"\n}", D=_dom(), B=b)
    return t, b, "credsStore"


@CFG("maven-settings-server-password")
def _():
    p = _pw()
    t = _fhead("~/.m2/settings.xml") + _f("<servers>\n  <server>\n    <id>city-nexus</id>\n    <username>«U»</username>\n    <password>«P»</password>\n  </server>\n</servers>", U=_svc(), P=p)
    return t, p, "city-nexus"


@CFG("gradle-properties-credentials")
def _():
    p = _pw()
    t = _fhead("~/.gradle/gradle.properties") + _f("org.gradle.jvmargs=-Xmx2g\nnexusUsername=«U»\nnexusPassword=«P»", U=_svc(), P=p)
    return t, p, "org.gradle.jvmargs"


@CFG("nuget-config-cleartextpassword")
def _():
    p = _pw()
    t = _fhead("NuGet.Config") + _f("<packageSourceCredentials>\n  <CityFeed>\n    <add key=\"Username\" value=\"«U»\" />\n    <add key=\"ClearTextPassword\" value=\"«P»\" />\n  </CityFeed>\n</packageSourceCredentials>", U=_svc(), P=p)
    return t, p, "CityFeed"


@CFG("composer-auth-json-http-basic")
def _():
    p = _pw()
    t = _fhead("auth.json") + _f("{\n    \"http-basic\": {\n        \"satis.«D»\": {\n            \"username\": \"«U»\",\n            \"password\": \"«P»\"\n        }\n    }\n}", D=_dom(), U=_svc(), P=p)
    return t, p, "http-basic"


@CFG("cargo-credentials-toml")
def _():
    tok = "cio" + _an(32)
    t = _fhead("~/.cargo/credentials.toml") + _f("[registry]\ntoken = \"«T»\"", T=tok)
    return t, tok, "[registry]"


@CFG("terraform-tfvars-password")
def _():
    p = _pw()
    t = _fhead("environments/prod/terraform.tfvars") + _f("location            = \"westeurope\"\nsql_admin_login     = \"sqladmin\"\nsql_admin_password  = \"«P»\"\ntags = { owner = \"team-burgerzaken\" }", P=p)
    return t, p, "sql_admin_login"


@CFG("terraform-backend-access-key")
def _():
    k = _azure_key88()
    t = _fhead("backend.tf") + _f("terraform {\n  backend \"azurerm\" {\n    storage_account_name = \"sttfstate«S»\"\n    container_name       = \"tfstate\"\n    key                  = \"permits.tfstate\"\n    access_key           = \"«K»\"\n  }\n}",
                                 S=_lan(6), K=k)
    return t, k, "permits.tfstate"


@CFG("ansible-inventory-password")
def _():
    p = _pw()
    t = _fhead("inventories/prod/hosts.ini") + _f("[cad_servers]\ncad-app-01 ansible_host=«I»\ncad-app-02 ansible_host=«J»\n\n[cad_servers:vars]\nansible_user=Administrator\nansible_password=«P»\nansible_connection=winrm", I=_ip(), J=_ip(), P=p)
    return t, p, "ansible_connection=winrm"


@CFG("ansible-group-vars-plain")
def _():
    p = _pw()
    t = _fhead("group_vars/elections.yml") + _f("evs_db_host: «H»\nevs_db_user: evs\nevs_db_password: \"«P»\"   # TODO move to vault before audit", H=_host("pg"), P=p)
    return t, p, "evs_db_host"


@CFG("nginx-proxy-auth-header")
def _():
    b = _b64t(_svc() + ":" + _pw())
    t = _fhead("/etc/nginx/conf.d/arcgis-proxy.conf") + _f("location /arcgis/ {\n    proxy_pass https://gis-internal.«D»/arcgis/;\n    proxy_set_header Authorization \"Basic «B»\";\n}", D=_dom(), B=b)
    return t, b, "proxy_pass"


@CFG("haproxy-stats-auth")
def _():
    p = _pw()
    t = _fhead("/etc/haproxy/haproxy.cfg") + _f("listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:«P»", P=p)
    return t, p, "stats uri /stats"


@CFG("redis-conf-requirepass")
def _():
    p = _an(40)
    t = _fhead("/etc/redis/redis.conf") + _f("bind 127.0.0.1 ::1\nport 6379\nrequirepass «P»\nmaxmemory 512mb", P=p)
    return t, p, "maxmemory 512mb"


@CFG("pgbouncer-userlist")
def _():
    p = _pw()
    t = _fhead("/etc/pgbouncer/userlist.txt") + _f("\"«U»\" \"«P»\"\n\"pgbouncer_admin\" \"md5«H»\"", U=_svc(), P=p, H=_hex(32))
    return t, p, "pgbouncer_admin"


@CFG("my-cnf-client-password")
def _():
    p = _pw()
    t = _fhead("~/.my.cnf") + _f("[client]\nuser=backup\npassword=\"«P»\"\nhost=«H»", P=p, H=_host("mysql"))
    return t, p, "[client]"


@CFG("kafka-jaas-plain")
def _():
    p = _pw()
    t = _fhead("client.properties") + _f("security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"cad-events\" password=\"«P»\";", P=p)
    return t, p, "SASL_SSL"


@CFG("logstash-output-es-password")
def _():
    p = _pw()
    t = _fhead("pipeline/311.conf") + _f("output {\n  elasticsearch {\n    hosts => [\"https://«H»:9200\"]\n    user => \"logstash_writer\"\n    password => \"«P»\"\n    index => \"311-requests-%{+YYYY.MM}\"\n  }\n}", H=_host("es"), P=p)
    return t, p, "logstash_writer"


@CFG("filebeat-es-api-key")
def _():
    k = _s(_B64U, 20) + ":" + _s(_B64U, 22)
    t = _fhead("filebeat.yml") + _f("output.elasticsearch:\n  hosts: [\"«H»:9200\"]\n  api_key: \"«K»\"\n  ssl.certificate_authorities: [\"/etc/pki/city-ca.pem\"]", H=_host("es"), K=k)
    return t, k, "city-ca.pem"


@CFG("prometheus-basic-auth")
def _():
    p = _pw()
    t = _fhead("prometheus.yml") + _f("  - job_name: 'cad-exporter'\n    scheme: https\n    basic_auth:\n      username: prom\n      password: «P»\n    static_configs:\n      - targets: ['«H»:9182']", P=p, H=_host("cad"))
    return t, p, "cad-exporter"


@CFG("grafana-ini-admin-password")
def _():
    p = _pw()
    t = _fhead("/etc/grafana/grafana.ini") + _f("[security]\nadmin_user = admin\nadmin_password = «P»\ndisable_gravatar = true", P=p)
    return t, p, "disable_gravatar"


@CFG("alertmanager-slack-api-url")
def _():
    sec = _an(24)
    t = _fhead("alertmanager.yml") + _f("receivers:\n  - name: cad-oncall\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T«A»/B«B»/«S»\n        channel: '#cad-alerts'", A=_uan(10), B=_uan(11), S=sec)
    return t, sec, "#cad-alerts"


@CFG("rabbitmq-conf-default-pass")
def _():
    p = _pw()
    t = _fhead("/etc/rabbitmq/rabbitmq.conf") + _f("default_vhost = /cad\ndefault_user = cadmin\ndefault_pass = «P»\nlisteners.ssl.default = 5671", P=p)
    return t, p, "default_vhost"


@CFG("sssd-conf-authtok")
def _():
    p = _pw()
    t = _fhead("/etc/sssd/sssd.conf") + _f("[domain/city.local]\nid_provider = ldap\nldap_uri = ldaps://«H»\nldap_default_bind_dn = cn=sssd,ou=svc,dc=city,dc=local\nldap_default_authtok = «P»", H=_host("ldap"), P=p)
    return t, p, "id_provider = ldap"


@CFG("cifs-credentials-file")
def _():
    p = _pw()
    t = _fhead("/root/.smbcred-records") + _f("username=«U»\npassword=«P»\ndomain=CITY", U=_svc(), P=p)
    return t, p, "domain=CITY"


@CFG("wpa-supplicant-psk")
def _():
    p = _pw()
    t = _fhead("/etc/wpa_supplicant/wpa_supplicant.conf") + _f("network={\n    ssid=\"«S»\"\n    psk=\"«P»\"\n    key_mgmt=WPA-PSK\n}", S=_pick(["Bibliotheek-Beheer", "Stadsbibliotek-Drift", "Mediatheque-Admin"]), P=p)
    return t, p, "key_mgmt=WPA-PSK"


@CFG("openvpn-auth-user-pass-file")
def _():
    p = _pw()
    t = _fhead("/etc/openvpn/client/mdt-auth.txt") + _f("«U»\n«P»", U="mdt-unit-" + _n(10, 99), P=p)
    return t, p, "mdt-unit-"


@CFG("ipsec-secrets-psk")
def _():
    p = _b64(24)
    t = _fhead("/etc/ipsec.secrets") + _f("# site-to-site: city hall <-> county 911 PSAP\n«A» «B» : PSK \"«P»\"", A=_pubip(), B=_pubip(), P=p)
    return t, p, "PSAP"


@CFG("cisco-ios-username-password")
def _():
    p = _pw()
    t = _fhead("sw-core-01 running-config") + _f("hostname sw-core-01\n!\nusername netadmin privilege 15 password 0 «P»\n!\nip ssh version 2", P=p)
    return t, p, "ip ssh version 2"


@CFG("cisco-snmp-community")
def _():
    c = _pick(["city", "rathaus", "gem"]) + _an(10)
    t = _fhead("rtr-branch-04 running-config") + _f("snmp-server community «C» RO SNMP-ACL\nsnmp-server location Bibliothek Nord\nsnmp-server contact noc@«D»", C=c, D=_dom())
    return t, c, "snmp-server location"


@CFG("keycloak-realm-export-client-secret")
def _():
    sec = _an(32)
    t = _fhead("realm-burgers.json") + _f("    {\n      \"clientId\": \"«C»\",\n      \"enabled\": true,\n      \"clientAuthenticatorType\": \"client-secret\",\n      \"secret\": \"«S»\",\n      \"redirectUris\": [\"https://«H»/*\"]\n    },",
                                         C=_pick(["afvalkalender", "parkeren", "subsidieloket"]), S=sec, H=_site())
    return t, sec, "clientAuthenticatorType"


@CFG("eidas-node-keystore-xml")
def _():
    p = _pw()
    t = _fhead("/etc/eidas/config/SignModule_Connector.xml") + _f("<properties>\n    <entry key=\"keyStorePath\">keystore/eidasKeyStore_Connector.p12</entry>\n    <entry key=\"keyStorePassword\">«P»</entry>\n    <entry key=\"keyPassword\">«P»</entry>\n    <entry key=\"keyStoreType\">PKCS12</entry>\n</properties>",
                                                                   P=p)
    return t, p, "keyStoreType"


@CFG("franceconnect-env-client-secret")
def _():
    sec = _hex(64)
    t = _fhead(".env") + _f("FC_URL=https://fcp.integ01.dev-franceconnect.fr\nFC_CLIENT_ID=«I»\nFC_CLIENT_SECRET=«S»\nFC_CALLBACK_URL=https://«H»/auth/fc/callback", I=_hex(64), S=sec, H=_site("demarches"))
    return t, sec, "FC_CALLBACK_URL"


@CFG("digid-saml-properties")
def _():
    p = _pw()
    t = _fhead("digid-sp.properties") + _f("saml.sp.entityId=urn:nl:gemeente:«C»:digid\nsaml.sp.keystore=/opt/digid/pkio-«C».jks\nsaml.sp.keystore.password=«P»\nsaml.idp.metadata=https://was-preprod1.digid.nl/saml/idp/metadata", C=_pick(["klaverdam", "zuidvenne"]), P=p)
    return t, p, "saml.sp.entityId"


@CFG("bankid-appsettings-certpassword")
def _():
    p = _pw()
    t = _fhead("appsettings.json") + _f("\"BankId\": {\n  \"Environment\": \"Production\",\n  \"CertificatePath\": \"certs/«C»_rp.p12\",\n  \"CertificatePassword\": \"«P»\",\n  \"RequirePinCode\": true\n}", C=_pick(["ljungmora", "haverdal"]), P=p)
    return t, p, "RequirePinCode"


@CFG("aadhaar-aua-properties")
def _():
    k = "M" + _s(_B64U, 63)
    t = _fhead("aua.properties") + _f("aua.code=«A»\nsub.aua.code=«S»\naua.license.key=«K»\nauth.api.version=2.5\nauth.host=https://auth-stg.uidai-sandbox.example/2.5", A=_uan(10), S=_uan(10), K=k)
    return t, k, "auth.api.version=2.5"


@CFG("upi-sandbox-yaml-merchant-key")
def _():
    k = _an(32)
    t = _fhead("config/upi.yaml") + _f("upi:\n  psp: sandbox\n  merchant_id: «M»\n  merchant_key: «K»\n  vpa: «V»@sbxbank\n  callback: https://«H»/upi/callback", M=_uan(12), K=k, V=_pick(["ngmc.watertax", "rnn.propertytax"]), H=_site("pay"))
    return t, k, "callback"


@CFG("logingov-private-key-yaml-block")
def _():
    pem, body = _pem("RSA PRIVATE KEY")
    ind = "\n    ".join(pem.split("\n"))
    t = _fhead("config/application.yml") + _f("login_gov:\n  client_id: urn:gov:gsa:openidconnect.profiles:sp:sso:«A»:permits\n  idp_base_url: https://idp.int.identitysandbox.gov\n  private_key: |\n    «K»", A=_pick(["quillmoor", "larkfield"]), K=ind)
    return t, body.replace("\n", "\n    "), "idp_base_url"


@CFG("efm-properties-password")
def _():
    p = _pw()
    t = _fhead("efm.properties") + _f("efm.endpoint=https://«S»/EFM/EFMUserService.svc\nefm.firm.user=«E»\nefm.firm.password=«P»\nefm.timeout.seconds=90", S=_site("efile"), E=_email(), P=p)
    return t, p, "efm.timeout.seconds"


@CFG("ckan-ini-write-url-and-beaker")
def _():
    p = _pw("url")
    t = _fhead("/etc/ckan/default/ckan.ini") + _f("ckan.site_url = https://«S»\nckan.datastore.write_url = postgresql://ckan_default:«P»@«H»/datastore_default\nckan.datastore.read_url = postgresql://datastore_ro@«H»/datastore_default", S=_site("data"), P=p, H=_host("pg"))
    return t, p, "ckan.datastore.read_url"


@CFG("ckan-ini-beaker-secret")
def _():
    k = _b64u(24)
    t = _fhead("ckan.ini") + _f("beaker.session.type = cookie\nbeaker.session.secret = «K»\nbeaker.session.httponly = true", K=k)
    return t, k, "beaker.session.type"


@CFG("jenkins-casc-credentials")
def _():
    p = _pw()
    t = _fhead("jenkins.yaml") + _f("credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: nexus-deployer\n              username: deployer\n              password: \"«P»\"\n              scope: GLOBAL", P=p)
    return t, p, "nexus-deployer"


@CFG("sonar-project-login")
def _():
    tok = "squ_" + _hex(40)
    t = _fhead("sonar-project.properties") + _f("sonar.projectKey=city_permits-portal\nsonar.host.url=https://sonar.«D»\nsonar.login=«T»", D=_dom(), T=tok)
    return t, tok, "sonar.projectKey"


@CFG("vault-token-file")
def _():
    tok = _hvs()
    t = _fhead("~/.vault-token") + tok
    return t, tok, ""


@CFG("kubeconfig-client-key-data")
def _():
    pem, _b = _pem("RSA PRIVATE KEY")
    b = _b64t(pem + "\n")
    t = _fhead("~/.kube/config") + _f("users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t«C»\n    client-key-data: «K»", C=_s(_B64CH, 40), K=b)
    return t, b, "kubernetes-admin"


@CFG("helm-values-smtp-password")
def _():
    p = _pw()
    t = _fhead("values-prod.yaml") + _f("mail:\n  host: smtp.«D»\n  port: 587\n  username: noreply-permits\n  password: «P»\n  from: \"Vergunningen <noreply@«D»>\"", D=_dom(), P=p)
    return t, p, "noreply-permits"


@CFG("argocd-repo-secret")
def _():
    tok = _glpat()
    t = _fhead("argocd/repo-infra.yaml") + _f("metadata:\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  type: git\n  url: https://gitlab.«D»/infra/gitops.git\n  username: argocd\n  password: «T»", D=_dom(), T=tok)
    return t, tok, "argocd.argoproj.io/secret-type"


@CFG("caddyfile-header-up-bearer")
def _():
    tok = _s(_B64U, 48)
    t = _fhead("Caddyfile") + _f("«S» {\n    reverse_proxy /api/* https://open311.vendor.example {\n        header_up Authorization \"Bearer «T»\"\n    }\n}", S=_site("311"), T=tok)
    return t, tok, "reverse_proxy"


@CFG("supervisord-environment")
def _():
    p = _pw()
    t = _fhead("/etc/supervisor/conf.d/rms-sync.conf") + _f("[program:rms-sync]\ncommand=/opt/rms-sync/bin/run\nenvironment=RMS_USER=\"sync\",RMS_PASS=\"«P»\",TZ=\"America/Chicago\"\nautorestart=true", P=p)
    return t, p, "[program:rms-sync]"


@CFG("systemd-unit-environment")
def _():
    k = _hex(40)
    t = _fhead("/etc/systemd/system/parking-ingest.service") + _f("[Service]\nUser=parking\nEnvironment=\"PARKMOBILE_API_KEY=«K»\"\nExecStart=/usr/local/bin/parking-ingest --interval 60", K=k)
    return t, k, "ExecStart=/usr/local/bin/parking-ingest"


@CFG("msmtprc-password")
def _():
    p = _pw()
    t = _fhead("~/.msmtprc") + _f("account city\nhost smtp.«D»\nport 587\nauth on\nuser alerts@«D»\npassword «P»\nfrom alerts@«D»", D=_dom(), P=p)
    return t, p, "auth on"


@CFG("postfix-sasl-passwd")
def _():
    p = _pw()
    t = _fhead("/etc/postfix/sasl_passwd") + _f("[smtp.relay.«D»]:587 «U»:«P»", D=_dom(), U="relay-" + _sys(), P=p)
    return t, p, "[smtp.relay."


@CFG("gitea-app-ini-db-passwd")
def _():
    p = _pw()
    t = _fhead("custom/conf/app.ini") + _f("[database]\nDB_TYPE  = postgres\nHOST     = «H»:5432\nNAME     = gitea\nUSER     = gitea\nPASSWD   = `«P»`", H=_host("pg"), P=p)
    return t, p, "DB_TYPE  = postgres"


@CFG("nextcloud-config-php")
def _():
    p = _pw()
    t = _fhead("config/config.php") + _f("  'dbtype' => 'pgsql',\n  'dbname' => 'nextcloud',\n  'dbhost' => '«H»',\n  'dbuser' => 'oc_admin',\n  'dbpassword' => '«P»',", H=_host("pg"), P=p)
    return t, p, "'dbtype' => 'pgsql'"


@CFG("odoo-conf-admin-passwd")
def _():
    p = _pw()
    t = _fhead("/etc/odoo/odoo.conf") + _f("[options]\nadmin_passwd = «P»\ndb_host = «H»\ndb_user = odoo\nlist_db = False", P=p, H=_host("pg"))
    return t, p, "list_db = False"


@CFG("moodle-config-dbpass")
def _():
    p = _pw()
    t = _fhead("config.php") + _f("$CFG->dbtype    = 'pgsql';\n$CFG->dbhost    = '«H»';\n$CFG->dbname    = 'moodle_academie';\n$CFG->dbuser    = 'moodle';\n$CFG->dbpass    = '«P»';", H=_host("pg"), P=p)
    return t, p, "moodle_academie"


@CFG("geoserver-datastore-xml")
def _():
    p = _pw()
    t = _fhead("workspaces/kadaster/pdok/datastore.xml") + _f("<connectionParameters>\n  <entry key=\"host\">«H»</entry>\n  <entry key=\"database\">kadaster</entry>\n  <entry key=\"user\">geoserver</entry>\n  <entry key=\"passwd\">«P»</entry>\n</connectionParameters>", H=_host("pg"), P=p)
    return t, p, "kadaster"


@CFG("pg-service-conf")
def _():
    p = _pw()
    t = _fhead("~/.pg_service.conf") + _f("[gis_prod]\nhost=«H»\nport=5432\ndbname=gis\nuser=qgis_editor\npassword=«P»", H=_host("pg"), P=p)
    return t, p, "qgis_editor"


@CFG("odbc-ini-password")
def _():
    p = _pw()
    t = _fhead("/etc/odbc.ini") + _f("[TaxRoll]\nDriver=ODBC Driver 18 for SQL Server\nServer=«H»\nDatabase=TaxRoll\nUID=report_ro\nPWD=«P»", H=_host("sql"), P=p)
    return t, p, "report_ro"


@CFG("hibernate-cfg-xml-password")
def _():
    p = _pw()
    t = _fhead("hibernate.cfg.xml") + _f("<property name=\"hibernate.connection.url\">jdbc:oracle:thin:@«H»:1521/RMSPRD</property>\n<property name=\"hibernate.connection.username\">rms_app</property>\n<property name=\"hibernate.connection.password\">«P»</property>", H=_host("ora"), P=p)
    return t, p, "hibernate.connection.username"


@CFG("tomcat-context-resource")
def _():
    p = _pw()
    t = _fhead("conf/context.xml") + _f("<Resource name=\"jdbc/LicensingDS\" auth=\"Container\" type=\"javax.sql.DataSource\"\n          username=\"lic_app\" password=\"«P»\"\n          driverClassName=\"org.postgresql.Driver\"\n          url=\"jdbc:postgresql://«H»/licensing\"/>", P=p, H=_host("pg"))
    return t, p, "jdbc/LicensingDS"


@CFG("tomcat-users-xml")
def _():
    p = _pw()
    t = _fhead("conf/tomcat-users.xml") + _f("<tomcat-users>\n  <user username=\"manager\" password=\"«P»\" roles=\"manager-gui,manager-script\"/>\n</tomcat-users>", P=p)
    return t, p, "manager-gui"


@CFG("iis-applicationhost-processmodel")
def _():
    p = _pw()
    t = _fhead("applicationHost.config") + _f("<add name=\"PermitPortalPool\" managedRuntimeVersion=\"v4.0\">\n    <processModel identityType=\"SpecificUser\" userName=\"CITY\\svc_permitpool\" password=\"«P»\" />\n</add>", P=p)
    return t, p, "PermitPortalPool"


@CFG("asterisk-pjsip-auth")
def _():
    p = _pw()
    t = _fhead("/etc/asterisk/pjsip.conf") + _f("[dispatch-«N»-auth]\ntype=auth\nauth_type=userpass\nusername=dispatch«N»\npassword=«P»", N=_n(100, 199), P=p)
    return t, p, "auth_type=userpass"


@CFG("toml-service-credentials")
def _():
    p = _pw()
    t = _fhead("config/cad-bridge.toml") + _f("[cad]\nendpoint = \"https://«H»:8443/api\"\nuser = \"bridge\"\npassword = \"«P»\"\n\n[poll]\ninterval_secs = 15", H=_host("cad"), P=p)
    return t, p, "interval_secs = 15"


@CFG("consul-acl-default-token")
def _():
    tok = _uuid()
    t = _fhead("/etc/consul.d/acl.hcl") + _f("acl {\n  enabled        = true\n  default_policy = \"deny\"\n  tokens {\n    agent = \"«T»\"\n  }\n}", T=tok)
    return t, tok, "default_policy"


@CFG("rclone-conf-s3-secret")
def _():
    sk = _awssec()
    t = _fhead("~/.config/rclone/rclone.conf") + _f("[opendata-s3]\ntype = s3\nprovider = AWS\naccess_key_id = «K»\nsecret_access_key = «S»\nregion = eu-west-1", K=_akia(), S=sk)
    return t, sk, "provider = AWS"


@CFG("xml-soap-client-config-password")
def _():
    p = _pw()
    t = _fhead("StufBgClient.exe.config") + _f("<appSettings>\n  <add key=\"StufEndpoint\" value=\"https://«H»/stuf-bg/3.10\" />\n  <add key=\"StufGebruiker\" value=\"«U»\" />\n  <add key=\"StufWachtwoord\" value=\"«P»\" />\n</appSettings>", H=_host("app"), U=_svc(), P=p)
    return t, p, "StufGebruiker"


@CFG("ini-smtp-section-password")
def _():
    p = _pw()
    t = _fhead("config/notify.ini") + _f("[smtp]\nserver = smtp.«D»\nport = 465\nuse_ssl = yes\nlogin = 311-notify\npassword = «P»", D=_dom(), P=p)
    return t, p, "use_ssl = yes"
# ===========================================================================
# group: source-code  (excerpts of source files the agent read or edited)
# ===========================================================================
@SRC("python-requests-auth-tuple")
def _():
    p = _pw()
    t = _f("resp = requests.get(\n    f\"{BASE}/api/v2/permits\",\n    auth=(\"«U»\", \"«P»\"),\n    params={\"status\": \"ISSUED\"},\n    timeout=30,\n)", U=_svc(), P=p)
    return t, p, "/api/v2/permits"


@SRC("python-module-constant-api-key")
def _():
    k = _an(40)
    t = _f("# procurement/sam_client.py\nSAM_BASE = \"https://api.sam.gov/entity-information/v3\"\nSAM_API_KEY = \"«K»\"  # FIXME: read from env\n", K=k)
    return t, k, "SAM_BASE"


@SRC("python-psycopg2-connect-kwargs")
def _():
    p = _pw()
    t = _f("conn = psycopg2.connect(\n    host=\"«H»\",\n    dbname=\"«D»\",\n    user=\"«U»\",\n    password=\"«P»\",\n    sslmode=\"require\",\n)", H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, "psycopg2.connect"


@SRC("python-sqlalchemy-url")
def _():
    p = _pw("url")
    t = _f("engine = create_engine(\"postgresql+psycopg2://«U»:«P»@«H»:5432/«D»\", pool_pre_ping=True)", U=_svc(), P=p, H=_host("pg"), D=_db())
    return t, p, "create_engine"


@SRC("django-settings-secret-key")
def _():
    k = "django-insecure-" + _s(_LOWER + _DIGITS + "!@#^*(-_=+)", 50) if _R.random() < 0.4 else _s(_ALNUM + "!@#^*(-_=+)", 50)
    t = _f("# «A»/settings/prod.py\nDEBUG = False\nSECRET_KEY = \"«K»\"\nALLOWED_HOSTS = [\"«S»\"]", A=_pick(["foia", "agenda", "bookings"]), K=k, S=_site())
    return t, k, "ALLOWED_HOSTS"


@SRC("django-databases-password")
def _():
    p = _pw()
    t = _f("DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.contrib.gis.db.backends.postgis\",\n        \"NAME\": \"«D»\",\n        \"USER\": \"«U»\",\n        \"PASSWORD\": \"«P»\",\n        \"HOST\": \"«H»\",\n    }\n}", D=_db(), U=_svc(), P=p, H=_host("pg"))
    return t, p, "django.contrib.gis.db.backends.postgis"


@SRC("flask-config-secret-key")
def _():
    k = _hex(48)
    t = _f("app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"«K»\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True", K=k)
    return t, k, "SESSION_COOKIE_SECURE"


@SRC("js-fetch-bearer-literal")
def _():
    tok = _s(_B64U, 40)
    t = _f("const res = await fetch(`${API}/requests?status=open`, {\n  headers: { Authorization: 'Bearer «T»', Accept: 'application/json' },\n});", T=tok)
    return t, tok, "status=open"


@SRC("node-config-object-apikey")
def _():
    k = _hex(32)
    t = _f("module.exports = {\n  port: 8080,\n  arcgis: {\n    portal: 'https://gis.«D»/portal',\n    clientId: '«C»',\n    clientSecret: '«K»',\n  },\n};", D=_dom(), C=_an(16), K=k)
    return t, k, "port: 8080"


@SRC("ts-axios-basic-auth")
def _():
    p = _pw()
    t = _f("export const servicenow = axios.create({\n  baseURL: 'https://«S»/api/now',\n  auth: { username: '«U»', password: '«P»' },\n  timeout: 15000,\n});", S=_pick(["cityofquillmoor.service-now.com", "larkfieldcounty.service-now.com"]), U=_svc(), P=p)
    return t, p, "baseURL"


@SRC("java-drivermanager-getconnection")
def _():
    p = _pw()
    t = _f("Connection c = DriverManager.getConnection(\n    \"jdbc:oracle:thin:@//«H»:1521/RMSPRD\",\n    \"rms_reader\",\n    \"«P»\");", H=_host("ora"), P=p)
    return t, p, "rms_reader"


@SRC("java-spring-value-default")
def _():
    p = _pw()
    t = _f("@Value(\"${efm.password:«P»}\")\nprivate String efmPassword;", P=p)
    return t, p, "private String efmPassword;"


@SRC("csharp-sqlconnection-literal")
def _():
    p = _pw()
    t = _f("using var conn = new SqlConnection(\"Server=«H»;Database=Elections;User Id=evs_app;Password=«P»;TrustServerCertificate=true\");\nawait conn.OpenAsync();", H=_host("sql"), P=p)
    return t, p, "Database=Elections"


@SRC("csharp-networkcredential")
def _():
    p = _pw()
    t = _f("var handler = new HttpClientHandler {\n    Credentials = new NetworkCredential(\"svc_sharepoint\", \"«P»\", \"CITY\")\n};", P=p)
    return t, p, "svc_sharepoint"


@SRC("go-sql-open-dsn")
def _():
    p = _pw()
    t = _f("db, err := sql.Open(\"postgres\", \"host=«H» port=5432 user=«U» password=«P» dbname=«D» sslmode=require\")\nif err != nil {\n\tlog.Fatal(err)\n}", H=_host("pg"), U=_svc(), P=p, D=_db())
    return t, p, "sql.Open"


@SRC("go-struct-literal-apikey")
def _():
    k = _an(32)
    t = _f("client := open311.NewClient(open311.Config{\n\tEndpoint:     \"https://«S»/open311/v2\",\n\tJurisdiction: \"«J»\",\n\tAPIKey:       \"«K»\",\n})", S=_site("311"), J=_dom(), K=k)
    return t, k, "Jurisdiction"


@SRC("ruby-net-http-basic-auth")
def _():
    p = _pw()
    t = _f("req = Net::HTTP::Get.new(uri)\nreq.basic_auth 'socrata_publisher', '«P»'\nres = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }", P=p)
    return t, p, "socrata_publisher"


@SRC("ruby-establish-connection")
def _():
    p = _pw()
    t = _f("ActiveRecord::Base.establish_connection(\n  adapter: 'postgresql',\n  host: '«H»',\n  database: 'legacy_permits',\n  username: 'import',\n  password: '«P»'\n)", H=_host("pg"), P=p)
    return t, p, "legacy_permits"


@SRC("php-pdo-constructor")
def _():
    p = _pw()
    t = _f("$pdo = new PDO('mysql:host=«H»;dbname=afvalkalender;charset=utf8mb4', 'afval', '«P»', [\n    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);", H=_host("mysql"), P=p)
    return t, p, "afvalkalender"


@SRC("php-client-set-api-key")
def _():
    k = _hex(32) + "-us" + _n(1, 21)
    t = _f("$mailchimp = new \\MailchimpMarketing\\ApiClient();\n$mailchimp->setConfig([\n    'apiKey' => '«K»',\n    'server' => 'us«S»',\n]);", K=k, S=_n(1, 21))
    return t, k, "MailchimpMarketing"


@SRC("rust-reqwest-bearer")
def _():
    tok = _s(_B64U, 44)
    t = _f("let resp = client\n    .get(\"https://«S»/v1/ballots\")\n    .bearer_auth(\"«T»\")\n    .send()\n    .await?;", S=_site("vote"), T=tok)
    return t, tok, "/v1/ballots"


@SRC("kotlin-okhttp-credentials-basic")
def _():
    p = _pw()
    t = _f("val credential = Credentials.basic(\"app311\", \"«P»\")\nval request = Request.Builder().url(url).header(\"Authorization\", credential).build()", P=p)
    return t, p, "Request.Builder()"


@SRC("swift-api-key-constant")
def _():
    k = _an(32)
    t = _f("enum Secrets {\n    static let seeClickFixKey = \"«K»\"\n    static let baseURL = URL(string: \"https://«S»\")!\n}", K=k, S=_site("311"))
    return t, k, "enum Secrets"


@SRC("bash-script-var-assignment")
def _():
    p = _pw()
    t = _f("#!/usr/bin/env bash\nset -euo pipefail\nDB_HOST=«H»\nDB_USER=belasting_batch\nDB_PASS=\"«P»\"\npsql \"host=$DB_HOST user=$DB_USER password=$DB_PASS dbname=belasting\" -f aanslagen.sql", H=_host("pg"), P=p)
    return t, p, "set -euo pipefail"


@SRC("powershell-script-plain-password")
def _():
    p = _pw()
    t = _f("# Sync-AdToSkatt.ps1\n$Server   = \"«H»\"\n$User     = \"KOMMUN\\svc_skattsync\"\n$Password = \"«P»\"\n$Secure   = ConvertTo-SecureString $Password -AsPlainText -Force", H=_host("sql"), P=p)
    return t, p, "Sync-AdToSkatt.ps1"


@SRC("sql-create-user-password")
def _():
    p = _pw()
    t = _f("-- V12__reporting_user.sql\nCREATE USER reporting WITH PASSWORD '«P»';\nGRANT CONNECT ON DATABASE «D» TO reporting;\nGRANT USAGE ON SCHEMA public TO reporting;", P=p, D=_db())
    return t, p, "V12__reporting_user.sql"


@SRC("sql-insert-api-client-secret")
def _():
    sec = _hex(48)
    t = _f("INSERT INTO oauth_clients (client_id, client_secret, redirect_uri, name)\nVALUES ('«C»', '«S»', 'https://«H»/cb', 'Mobile 311 app');", C=_uuid(), S=sec, H=_site("311"))
    return t, sec, "Mobile 311 app"


@SRC("terraform-resource-admin-password")
def _():
    p = _pw()
    t = _f("resource \"azurerm_postgresql_flexible_server\" \"permits\" {\n  name                   = \"psql-permits-prd\"\n  administrator_login    = \"pgadmin\"\n  administrator_password = \"«P»\"\n  sku_name               = \"GP_Standard_D2s_v3\"\n}", P=p)
    return t, p, "psql-permits-prd"


@SRC("terraform-provider-aws-keys")
def _():
    s = _awssec()
    t = _f("provider \"aws\" {\n  region     = \"us-gov-west-1\"\n  access_key = \"«K»\"\n  secret_key = \"«S»\"\n}", K=_akia(), S=s)
    return t, s, "us-gov-west-1"


@SRC("jupyter-cell-json-token")
def _():
    tok = _an(25)
    sec = _s(_B64U, 40)
    t = _f("  {\n   \"cell_type\": \"code\",\n   \"source\": [\n    \"from sodapy import Socrata\\n\",\n    \"client = Socrata(\\\"«D»\\\", \\\"«A»\\\", username=\\\"«U»\\\", password=\\\"«S»\\\")\\n\"\n   ]\n  },",
           D=_site("data"), A=tok, U=_email(), S=sec)
    return t, sec, "sodapy"


@SRC("python-test-login-fixture")
def _():
    p = _pw()
    t = _f("def test_clerk_can_accept_filing(client):\n    client.post(\"/login\", data={\"username\": \"clerk.«N»\", \"password\": \"«P»\"})\n    r = client.post(\"/filings/42/accept\")\n    assert r.status_code == 302", N=_login(), P=p)
    return t, p, "test_clerk_can_accept_filing"


@SRC("python-environ-setdefault")
def _():
    k = _s(_B64U, 43)
    t = _f("os.environ.setdefault(\"NOTIFY_WEBHOOK_SECRET\", \"«K»\")\nos.environ.setdefault(\"DJANGO_SETTINGS_MODULE\", \"bookings.settings\")", K=k)
    return t, k, "DJANGO_SETTINGS_MODULE"


@SRC("python-getenv-fallback")
def _():
    p = _pw()
    t = _f("LDAP_BIND_PW = os.getenv(\"LDAP_BIND_PW\", \"«P»\")  # local default", P=p)
    return t, p, "os.getenv"


@SRC("js-process-env-fallback")
def _():
    tok = _s(_B64U, 32)
    t = _f("const token = process.env.CKAN_API_TOKEN || '«T»';\nconst ckan = new CkanClient('https://«S»', token);", T=tok, S=_site("data"))
    return t, tok, "CkanClient"


@SRC("java-javamail-password-authenticator")
def _():
    p = _pw()
    t = _f("Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"noreply@«D»\", \"«P»\");\n    }\n});", D=_dom(), P=p)
    return t, p, "Session.getInstance"


@SRC("c-firmware-wifi-psk")
def _():
    p = _pw()
    t = _f("/* parking sensor firmware, lot 7 */\nstatic const char *WIFI_SSID = \"CITY-IOT\";\nstatic const char *WIFI_PSK  = \"«P»\";\nstatic const char *MQTT_HOST = \"mqtt.«D»\";", P=p, D=_dom())
    return t, p, "CITY-IOT"


@SRC("arduino-define-pass")
def _():
    p = _pw()
    t = _f("#define WIFI_SSID \"Stadtwerke-Sensorik\"\n#define WIFI_PASS \"«P»\"\n#define NODE_ID   \"pegel-«N»\"", P=p, N=_n(1, 60))
    return t, p, "Stadtwerke-Sensorik"


@SRC("python-smtplib-login")
def _():
    p = _pw()
    t = _f("with smtplib.SMTP(\"smtp.«D»\", 587) as s:\n    s.starttls()\n    s.login(\"meldingen@«D»\", \"«P»\")\n    s.send_message(msg)", D=_dom(), P=p)
    return t, p, "s.starttls()"


@SRC("python-paramiko-connect")
def _():
    p = _pw()
    t = _f("ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"«H»\", username=\"ftpuser\", password=\"«P»\")", H=_host("sftp"), P=p)
    return t, p, "AutoAddPolicy"


@SRC("python-ldap3-connection-positional")
def _():
    p = _pw()
    t = _f("server = Server(\"ldaps://«H»\", use_ssl=True)\nconn = Connection(server, \"CN=svc-portal,OU=Service,DC=city,DC=local\", \"«P»\", auto_bind=True)", H=_host("ldap"), P=p)
    return t, p, "auto_bind=True"


@SRC("python-jwt-encode-hs256-secret")
def _():
    k = _s(_ALNUM, 32)
    t = _f("token = jwt.encode({\"sub\": user.id, \"role\": \"clerk\"}, \"«K»\", algorithm=\"HS256\")", K=k)
    return t, k, "algorithm=\"HS256\""


@SRC("node-jwt-sign-secret")
def _():
    k = _pw()
    t = _f("const token = jwt.sign({ uid: officer.badge, unit: officer.unit }, '«K»', { expiresIn: '8h' });", K=k)
    return t, k, "expiresIn"


@SRC("python-hmac-webhook-key")
def _():
    k = _hex(64)
    t = _f("WEBHOOK_KEY = bytes.fromhex(\"«K»\")\n\ndef verify(body, sig):\n    mac = hmac.new(WEBHOOK_KEY, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)", K=k)
    return t, k, "compare_digest"


@SRC("python-boto3-client-keys")
def _():
    s = _awssec()
    t = _f("s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"«K»\",\n    aws_secret_access_key=\"«S»\",\n    region_name=\"us-gov-east-1\",\n)", K=_akia(), S=s)
    return t, s, "us-gov-east-1"


@SRC("python-azure-blob-connection-string")
def _():
    k = _azure_key88()
    t = _f("blob = BlobServiceClient.from_connection_string(\n    \"DefaultEndpointsProtocol=https;AccountName=st«A»;AccountKey=«K»;EndpointSuffix=core.windows.net\"\n)", A=_lan(10), K=k)
    return t, k, "from_connection_string"


@SRC("csharp-client-secret-credential")
def _():
    sec = _azure_client_secret()
    t = _f("var credential = new ClientSecretCredential(\n    \"«T»\",\n    \"«C»\",\n    \"«S»\");\nvar graph = new GraphServiceClient(credential);", T=_uuid(), C=_uuid(), S=sec)
    return t, sec, "GraphServiceClient"


@SRC("java-keystore-load-chararray")
def _():
    p = _pw()
    t = _f("KeyStore ks = KeyStore.getInstance(\"PKCS12\");\ntry (InputStream in = new FileInputStream(\"/etc/eidas/connector.p12\")) {\n    ks.load(in, \"«P»\".toCharArray());\n}", P=p)
    return t, p, "/etc/eidas/connector.p12"


@SRC("python-session-headers-update")
def _():
    k = _hex(32)
    t = _f("s = requests.Session()\ns.headers.update({\"X-Accela-AppId\": \"«I»\", \"X-Accela-AppSecret\": \"«K»\", \"X-Accela-Agency\": \"«A»\"})", I=_dig(18), K=k, A=_pick(["QUILLMOOR", "ASHBURY"]))
    return t, k, "X-Accela-Agency"


@SRC("go-set-basic-auth")
def _():
    p = _pw()
    t = _f("req, _ := http.NewRequest(\"GET\", endpoint+\"/cases\", nil)\nreq.SetBasicAuth(\"casesync\", \"«P»\")", P=p)
    return t, p, "http.NewRequest"


@SRC("python-aadhaar-settings-constant")
def _():
    k = "M" + _s(_B64U, 63)
    t = _f("# kyc/settings.py\nAUA_CODE = \"«A»\"\nASA_LICENSE_KEY = \"«K»\"\nUIDAI_ENV = \"staging\"", A=_uan(10), K=k)
    return t, k, "UIDAI_ENV"


@SRC("python-franceconnect-oidc-settings")
def _():
    sec = _hex(64)
    t = _f("OIDC_RP_CLIENT_ID = \"«I»\"\nOIDC_RP_CLIENT_SECRET = \"«S»\"\nOIDC_OP_AUTHORIZATION_ENDPOINT = \"https://fcp.integ01.dev-franceconnect.fr/api/v1/authorize\"", I=_hex(64), S=sec)
    return t, sec, "OIDC_OP_AUTHORIZATION_ENDPOINT"


@SRC("js-template-literal-private-key")
def _():
    pem, body = _pem("PRIVATE KEY")
    t = _f("// login.gov private_key_jwt client assertion\nconst PRIVATE_KEY = `«K»`;\nconst assertion = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(await importPKCS8(PRIVATE_KEY, 'RS256'));", K=pem)
    return t, body, "private_key_jwt"


@SRC("python-fernet-key-literal")
def _():
    k = base64.urlsafe_b64encode(_rb(32)).decode()
    t = _f("# encrypts BSN before it hits the audit table\nfernet = Fernet(b\"«K»\")", K=k)
    return t, k, "audit table"


@SRC("java-secretkeyspec-literal")
def _():
    k = _an(32)
    t = _f("Mac mac = Mac.getInstance(\"HmacSHA256\");\nmac.init(new SecretKeySpec(\"«K»\".getBytes(StandardCharsets.UTF_8), \"HmacSHA256\"));", K=k)
    return t, k, "Mac.getInstance"


@SRC("laravel-config-env-default")
def _():
    sec = _an(40)
    t = _f("// config/services.php\n'digilocker' => [\n    'client_id' => env('DIGILOCKER_CLIENT_ID'),\n    'client_secret' => env('DIGILOCKER_CLIENT_SECRET', '«S»'),\n],", S=sec)
    return t, sec, "config/services.php"


@SRC("python-celery-broker-url")
def _():
    p = _pw("url")
    t = _f("app = Celery(\"notify\", broker=\"amqp://notify:«P»@«H»:5672/notify\")", P=p, H=_host("mq"))
    return t, p, "Celery(\"notify\""


@SRC("node-mongoose-connect")
def _():
    p = _pw("url")
    t = _f("await mongoose.connect('mongodb://vote_app:«P»@«H»:27017/ballot_tracking?authSource=admin');", P=p, H=_host("db"))
    return t, p, "ballot_tracking"


@SRC("node-pg-pool-options")
def _():
    p = _pw()
    t = _f("const pool = new Pool({\n  host: '«H»',\n  user: 'api',\n  password: '«P»',\n  database: 'parking',\n  max: 10,\n});", H=_host("pg"), P=p)
    return t, p, "new Pool"


@SRC("node-nodemailer-auth")
def _():
    p = _pw()
    t = _f("const transporter = nodemailer.createTransport({\n  host: 'smtp.office365.com',\n  port: 587,\n  auth: { user: 'no-reply@«D»', pass: '«P»' },\n});", D=_dom(), P=p)
    return t, p, "smtp.office365.com"


@SRC("python-redis-password-kw")
def _():
    p = _an(32)
    t = _f("cache = redis.Redis(host=\"«H»\", port=6380, ssl=True, password=\"«P»\", db=3)", H=_host("redis"), P=p)
    return t, p, "ssl=True"


@SRC("python-ftplib-login")
def _():
    p = _pw()
    t = _f("ftp = ftplib.FTP_TLS(\"ftp.«D»\")\nftp.login(\"kadaster_upload\", \"«P»\")\nftp.prot_p()", D=_dom(), P=p)
    return t, p, "ftp.prot_p()"


@SRC("python-pymssql-positional")
def _():
    p = _pw()
    t = _f("conn = pymssql.connect(\"«H»\", \"CITY\\\\svc_tax\", \"«P»\", \"TaxRoll\")", H=_host("sql"), P=p)
    return t, p, "pymssql.connect"


@SRC("python-oracledb-positional")
def _():
    p = _pw()
    t = _f("con = oracledb.connect(user=\"iptu_ro\", password=\"«P»\", dsn=\"«H»/IPTUPRD\")", P=p, H=_host("ora"))
    return t, p, "iptu_ro"


@SRC("r-dbconnect-password")
def _():
    p = _pw()
    t = _f("con <- dbConnect(RPostgres::Postgres(),\n                 host = \"«H»\", dbname = \"census_lab\",\n                 user = \"analyst\", password = \"«P»\")", H=_host("pg"), P=p)
    return t, p, "census_lab"


@SRC("sas-libname-pwd")
def _():
    p = _pw()
    t = _f("libname rev odbc dsn=\"RevenueDW\" user=sas_rev pwd=\"«P»\" schema=dbo;", P=p)
    return t, p, "RevenueDW"


@SRC("vba-adodb-connection-string")
def _():
    p = _pw()
    t = _f("Set conn = CreateObject(\"ADODB.Connection\")\nconn.Open \"Provider=MSOLEDBSQL;Data Source=«H»;Initial Catalog=Begraafplaatsen;User ID=excel_rw;Password=«P»;\"", H=_host("sql"), P=p)
    return t, p, "Begraafplaatsen"


@SRC("android-java-api-key-field")
def _():
    k = _aiza()
    t = _f("public final class ApiConfig {\n    public static final String GEOCODE_KEY = \"«K»\";\n    public static final String BASE = \"https://«S»/\";\n}", K=k, S=_site("311"))
    return t, k, "ApiConfig"


@SRC("dart-const-api-key")
def _():
    k = _s(_B64U, 40)
    t = _f("const String kMeldingenApiKey = '«K»';\nconst String kMeldingenBase = 'https://«S»/api';", K=k, S=_site("meldingen"))
    return t, k, "kMeldingenBase"


@SRC("python-notify-client-key")
def _():
    sec = _uuid()
    t = _f("notifications_client = NotificationsAPIClient(\"«N»-«SVC»-«S»\")", N=_pick(["bins_live", "permits-prod", "council_tax"]), SVC=_uuid(), S=sec)
    return t, sec, "NotificationsAPIClient"


@SRC("python-twilio-client-positional")
def _():
    tok = _hex(32)
    t = _f("client = Client(\"AC«A»\", \"«T»\")\nclient.messages.create(to=resident_phone, from_=\"+1«N»\", body=msg)", A=_hex(32), T=tok, N=_dig(10))
    return t, tok, "client.messages.create"


@SRC("python-slack-webclient-token")
def _():
    tok = _xoxb()
    t = _f("slack = WebClient(token=\"«T»\")\nslack.chat_postMessage(channel=\"#permits-ops\", text=summary)", T=tok)
    return t, tok, "#permits-ops"


@SRC("python-openai-client-key")
def _():
    k = _openai()
    t = _f("client = OpenAI(api_key=\"«K»\")  # triage prototype for 311 free-text", K=k)
    return t, k, "triage prototype"


@SRC("python-stripe-api-key-assignment")
def _():
    k = _sk_live()
    t = _f("import stripe\nstripe.api_key = \"«K»\"\nintent = stripe.PaymentIntent.create(amount=fee_cents, currency=\"usd\")", K=k)
    return t, k, "PaymentIntent"


@SRC("java-datasource-builder-password")
def _():
    p = _pw()
    t = _f("return DataSourceBuilder.create()\n    .url(\"jdbc:sqlserver://«H»;databaseName=Procurement\")\n    .username(\"proc_app\")\n    .password(\"«P»\")\n    .build();", H=_host("sql"), P=p)
    return t, p, "DataSourceBuilder"


@SRC("scala-spark-jdbc-option")
def _():
    p = _pw()
    t = _f("val df = spark.read.format(\"jdbc\")\n  .option(\"url\", \"jdbc:postgresql://«H»/opendata\")\n  .option(\"user\", \"spark\")\n  .option(\"password\", \"«P»\")\n  .option(\"dbtable\", \"public.service_requests\")\n  .load()", H=_host("pg"), P=p)
    return t, p, "public.service_requests"


@SRC("perl-dbi-connect")
def _():
    p = _pw()
    t = _f("my $dbh = DBI->connect(\"dbi:Pg:dbname=kfz;host=«H»\", \"kfz_web\", \"«P»\", { RaiseError => 1 });", H=_host("pg"), P=p)
    return t, p, "RaiseError"


@SRC("jcl-jobcard-password")
def _():
    p = _s(_UPPER, 1) + _s(_UPPER + _DIGITS + "#@$", 7)
    t = _f("//TAXBAT01 JOB (ACCT),'PROPERTY TAX',CLASS=A,MSGCLASS=X,\n//             USER=TAXBAT,PASSWORD=«P»\n//STEP1    EXEC PGM=TXCALC", P=p)
    return t, p, "PGM=TXCALC"


@SRC("lua-nginx-set-header-key")
def _():
    k = _an(32)
    t = _f("access_by_lua_block {\n    ngx.req.set_header(\"X-API-Key\", \"«K»\")\n}", K=k)
    return t, k, "access_by_lua_block"


@SRC("elixir-repo-config-password")
def _():
    p = _pw()
    t = _f("config :hearings, Hearings.Repo,\n  username: \"hearings\",\n  password: \"«P»\",\n  hostname: \"«H»\",\n  pool_size: 10", P=p, H=_host("pg"))
    return t, p, "Hearings.Repo"


@SRC("csharp-configuration-fallback-key")
def _():
    k = _b64(32)
    t = _f("var jwtKey = builder.Configuration[\"Jwt:Key\"] ?? \"«K»\";\nvar signingKey = new SymmetricSecurityKey(Encoding.UTF8.GetBytes(jwtKey));", K=k)
    return t, k, "SymmetricSecurityKey"


@SRC("java-system-setproperty-truststore")
def _():
    p = _pw()
    t = _f("System.setProperty(\"javax.net.ssl.trustStore\", \"/opt/ncic/truststore.jks\");\nSystem.setProperty(\"javax.net.ssl.trustStorePassword\", \"«P»\");", P=p)
    return t, p, "/opt/ncic/truststore.jks"


@SRC("python-httpx-basic-auth")
def _():
    p = _pw()
    t = _f("auth = httpx.BasicAuth(username=\"ozg-connector\", password=\"«P»\")\nasync with httpx.AsyncClient(auth=auth, base_url=FIT_CONNECT_URL) as c:", P=p)
    return t, p, "ozg-connector"


@SRC("python-dict-literal-govbr-secret")
def _():
    sec = _s(_B64U, 43)
    t = _f("GOVBR = {\n    \"client_id\": \"«H»\",\n    \"client_secret\": \"«S»\",\n    \"scope\": \"openid email profile govbr_confiabilidades\",\n}", H=_site("servicos"), S=sec)
    return t, sec, "govbr_confiabilidades"


@SRC("yaml-test-fixture-credentials")
def _():
    p = _pw()
    t = _f("# spec/fixtures/users.yml\nclerk_one:\n  email: clerk1@«D»\n  password: «P»\n  role: clerk", D=_dom(), P=p)
    return t, p, "spec/fixtures/users.yml"


@SRC("python-dataclass-default-token")
def _():
    tok = _hex(40)
    t = _f("@dataclass\nclass EnrConfig:\n    base_url: str = \"https://«S»/enr/api\"\n    token: str = \"«T»\"\n    county_code: str = \"«C»\"", S=_site("vote"), T=tok, C=_n(1, 99))
    return t, tok, "class EnrConfig"
# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
def _lvl():
    return _pick(["DEBUG", "INFO", "WARN", "ERROR"])


@LOG("python-traceback-locals-password")
def _():
    p = _pw()
    t = _f("Traceback (most recent call last):\n  File \"/srv/permits/sync.py\", line 88, in connect\n    return psycopg2.connect(dsn)\n    dsn = 'host=«H» dbname=«D» user=«U» password=«P»'\npsycopg2.OperationalError: connection to server at \"«H»\" («I»), port 5432 failed: timeout expired",
           H=_host("pg"), D=_db(), U=_svc(), P=p, I=_ip())
    return t, p, "psycopg2.OperationalError"


@LOG("java-sqlexception-jdbc-url")
def _():
    p = _pw("url")
    t = _f("java.sql.SQLException: Cannot create PoolableConnectionFactory (FATAL: no pg_hba.conf entry) for URL jdbc:postgresql://«H»:5432/«D»?user=«U»&password=«P»&ssl=true\n\tat org.apache.commons.dbcp2.BasicDataSource.createPoolableConnectionFactory(BasicDataSource.java:669)\n\tat org.apache.commons.dbcp2.BasicDataSource.createDataSource(BasicDataSource.java:544)",
           H=_host("pg"), D=_db(), U=_svc(), P=p)
    return t, p, "BasicDataSource.java:669"


@LOG("node-unhandled-rejection-config")
def _():
    p = _pw()
    t = _f("(node:«N») UnhandledPromiseRejectionWarning: Error: connect ETIMEDOUT «I»:5432\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {\n  config: { host: '«I»', user: 'parking_api', password: '«P»', database: 'parking' }\n}",
           N=_n(1000, 99999), I=_ip(), P=p)
    return t, p, "UnhandledPromiseRejectionWarning"


@LOG("nginx-access-log-api-key-query")
def _():
    k = _an(32)
    t = _f("«I» - - [«D»:«T» +0100] \"GET /open311/v2/requests.json?api_key=«K»&status=open HTTP/1.1\" 200 18842 \"-\" \"python-requests/2.31.0\"",
           I=_pubip(), D=_pick(["12/Mar/2025", "03/Feb/2025", "28/Jun/2025"]), T=_hm() + ":" + _n(10, 59), K=k)
    return t, k, "python-requests/2.31.0"


@LOG("apache-access-log-token-param")
def _():
    tok = _s(_B64U, 43)
    t = _f("«I» - - [«D»:«T» +0200] \"GET /raadsinformatie/download?doc=«N»&token=«K» HTTP/1.1\" 200 532211",
           I=_pubip(), D=_pick(["14/May/2025", "02/Sep/2025"]), T=_hm() + ":" + _n(10, 59), N=_n(10000, 99999), K=tok)
    return t, tok, "/raadsinformatie/download"


@LOG("python-logging-headers-dict")
def _():
    tok = _jwt()
    t = _f("«TS» DEBUG [open311.client] Sending request: POST https://«S»/requests headers={'Content-Type': 'application/json', 'Authorization': 'Bearer «T»'}",
           TS=_ts(), S=_site("311"), T=tok)
    return t, tok, "open311.client"


@LOG("retry-log-url-userinfo")
def _():
    p = _pw("url")
    t = _f("WARNING urllib3.connectionpool: Retrying (Retry(total=2)) after connection broken by 'ConnectTimeoutError' : https://«U»:«P»@«S»/api/v1/export", U=_svc(), P=p, S=_site("api"))
    return t, p, "urllib3.connectionpool"


@LOG("jenkins-console-unmasked-curl")
def _():
    p = _pw()
    t = _f("[Pipeline] sh\n+ curl -fsS -u deploy:«P» -T build/permits-portal.war https://nexus.«D»/repository/releases/\n  % Total    % Received % Xferd  Average Speed\n[Pipeline] }", P=p, D=_dom())
    return t, p, "[Pipeline] sh"


@LOG("sudo-log-command-password")
def _():
    p = _pw("plain")
    t = _f("«M» «H» sudo:   «U» : TTY=pts/1 ; PWD=/home/«U» ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«P» -e SHOW DATABASES",
           M=_pick(["Mar 12 09:14:02", "Jun  3 17:40:55", "Oct 21 11:02:18"]), H=_pick(["db-vote-01", "mysql-agenda"]), U=_login(), P=p)
    return t, p, "TTY=pts/1"


@LOG("auditd-execve-args")
def _():
    p = _pw("plain")
    t = _f("type=EXECVE msg=audit(«N».«M»:«K»): argc=4 a0=\"/opt/rms/bin/rmsctl\" a1=\"login\" a2=\"--user=admin\" a3=\"--password=«P»\"",
           N=_n(1735000000, 1765000000), M=_n(100, 999), K=_n(1000, 99999), P=p)
    return t, p, "type=EXECVE"


@LOG("windows-4688-command-line")
def _():
    p = _pw()
    t = _f("EventID=4688 NewProcessName=C:\\Windows\\System32\\net.exe CommandLine=\"net user «U» «P» /add /domain\" SubjectUserName=adm_«A»",
           U=_pick(["stage_kassa", "temp_verkiezing", "inhuur_ict"]), P=p, A=_login())
    return t, p, "EventID=4688"


@LOG("powershell-transcript-password-param")
def _():
    p = _pw()
    t = _f("**********************\nPS C:\\scripts> .\\New-Kommunkonto.ps1 -SamAccountName «U» -InitialPassword «P» -OU \"OU=Socialtjänst\"\nAccount «U» created.", U=_login(), P=p)
    return t, p, "New-Kommunkonto.ps1"


@LOG("iis-log-query-password")
def _():
    p = _pw("plain")
    t = _f("«D» «T» «I» GET /legacy/login.aspx user=«U»&password=«P» 443 - «C» Mozilla/5.0 - 302 0 0 46",
           D=_date(), T=_hm() + ":" + _n(10, 59), I=_ip(), U=_login(), P=p, C=_pubip())
    return t, p, "/legacy/login.aspx"


@LOG("tomcat-datasource-init-log")
def _():
    p = _pw()
    t = _f("«TS» INFO [main] o.a.t.j.p.DataSourceFactory Creating pool: url=jdbc:mysql://«H»/permits, username=permits, password=«P», maxActive=50", TS=_ts(), H=_host("mysql"), P=p)
    return t, p, "DataSourceFactory"


@LOG("spring-generated-security-password")
def _():
    p = _uuid()
    t = _f("«TS».«MS»  WARN «N» --- [  restartedMain] .s.s.UserDetailsServiceAutoConfiguration :\n\nUsing generated security password: «P»\n\nThis generated password is for development use only.", TS=_ts(), MS=_n(100, 999), N=_n(1000, 30000), P=p)
    return t, p, "UserDetailsServiceAutoConfiguration"


@LOG("django-debug-settings-dump")
def _():
    p = _pw()
    t = _f("DATABASES\n{'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': '«H»', 'NAME': 'foia', 'PASSWORD': '«P»', 'PORT': '5432', 'USER': 'foia'}}", H=_host("pg"), P=p)
    return t, p, "django.db.backends.postgresql"


@LOG("php-pdo-stacktrace-args")
def _():
    p = _pw()
    t = _f("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/afval/lib/Db.php:14\nStack trace:\n#0 /var/www/afval/lib/Db.php(14): PDO->__construct('mysql:host=«H»...', 'afval', '«P»')\n#1 /var/www/afval/index.php(7): Db::connect()",
           H=_host("mysql"), P=p)
    return t, p, "/var/www/afval/lib/Db.php"


@LOG("rails-log-unfiltered-params")
def _():
    p = _pw()
    t = _f("Started POST \"/users/sign_in\" for «I» at «TS» +0000\nProcessing by Users::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"«E»\", \"password\"=>\"«P»\"}, \"commit\"=>\"Log in\"}",
           I=_pubip(), TS=_ts(), E=_email(), P=p)
    return t, p, "Users::SessionsController#create"


@LOG("laravel-log-stacktrace")
def _():
    p = _pw()
    t = _f("[«TS»] production.ERROR: SQLSTATE[HY000] [1045] Access denied for user 'vergunning'@'«I»' (using password: YES)\n[stacktrace]\n#0 /var/www/html/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): PDO->__construct('mysql:host=«H»;...', 'vergunning', '«P»', Array)",
           TS=_ts().replace("T", " "), I=_ip(), H=_host("mysql"), P=p)
    return t, p, "Connector.php(65)"


@LOG("go-panic-dsn")
def _():
    p = _pw("url")
    t = _f("panic: failed to open db postgres://ballot:«P»@«H»:5432/ballot?sslmode=verify-full: dial tcp: lookup «H»: no such host\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/ballot-api/main.go:41 +0x1c5", P=p, H=_host("pg"))
    return t, p, "goroutine 1 [running]"


@LOG("dotnet-exception-connection-string")
def _():
    p = _pw()
    t = _f("System.ArgumentException: Keyword not supported: 'encrypt '.\n   at Microsoft.Data.SqlClient.SqlConnectionStringBuilder..ctor(String connectionString)\n   ConnectionString = \"Server=«H»;Database=Licensing;User Id=lic;Password=«P»;Encrypt =True\"", H=_host("sql"), P=p)
    return t, p, "SqlConnectionStringBuilder"


@LOG("celery-broker-connect-error")
def _():
    p = _pw("url")
    t = _f("[«TS»: ERROR/MainProcess] consumer: Cannot connect to amqp://notify:«P»@«H»:5672//: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)", TS=_ts().replace("T", " "), P=p, H=_host("mq"))
    return t, p, "ERROR/MainProcess"


@LOG("kafka-connect-config-dump")
def _():
    p = _pw()
    t = _f("[«TS»] INFO JdbcSourceConnectorConfig values:\n\tconnection.url = jdbc:postgresql://«H»:5432/cad\n\tconnection.user = kafka_cdc\n\tconnection.password = «P»\n\tmode = timestamp", TS=_ts(), H=_host("pg"), P=p)
    return t, p, "JdbcSourceConnectorConfig"


@LOG("airflow-task-log-conn-uri")
def _():
    p = _pw("url")
    t = _f("[«TS»] {base.py:83} INFO - Using connection ID 'opendata_pg' for task execution.\n[«TS»] {sql.py:418} INFO - Running statement on postgresql://etl:«P»@«H»:5432/opendata", TS=_ts(), P=p, H=_host("pg"))
    return t, p, "opendata_pg"


@LOG("ansible-vvv-module-args")
def _():
    p = _pw()
    t = _f("ok: [cad-app-01] => {\n    \"changed\": false,\n    \"invocation\": {\n        \"module_args\": {\n            \"login_user\": \"cad_owner\",\n            \"login_password\": \"«P»\",\n            \"name\": \"cad\"\n        }\n    }\n}", P=p)
    return t, p, "module_args"


@LOG("terraform-debug-auth-header")
def _():
    tok = _tfc()
    t = _f("«TS».«MS»Z [DEBUG] provider.terraform-provider-tfe: ---[ REQUEST ]---\nGET /api/v2/organizations/«O»/workspaces HTTP/1.1\nHost: app.terraform.io\nAuthorization: Bearer «T»", TS=_ts(), MS=_n(100, 999), O=_pick(["quillmoor", "larkfield-it"]), T=tok)
    return t, tok, "terraform-provider-tfe"


@LOG("http-client-debug-form-body")
def _():
    sec = _s(_B64U, 43)
    t = _f("send: b'POST /oauth2/token HTTP/1.1\\r\\nHost: «S»\\r\\nContent-Type: application/x-www-form-urlencoded\\r\\n\\r\\ngrant_type=client_credentials&client_id=«C»&client_secret=«K»'",
           S=_site("idp"), C=_pick(["chorus-pro-sync", "piste-factures"]), K=sec)
    return t, sec, "grant_type=client_credentials"


@LOG("requests-debug-set-cookie")
def _():
    c = _hex(64)
    t = _f("header: Set-Cookie: PHPSESSID=«C»; path=/; secure; HttpOnly\nheader: Cache-Control: no-store, no-cache", C=c)
    return t, c, "Cache-Control"


@LOG("oidc-lib-debug-access-token")
def _():
    tok = _jwt(alg="RS256")
    t = _f("«TS» DEBUG oic.oauth2 - Token response: {'access_token': '«T»', 'token_type': 'Bearer', 'expires_in': 60, 'id_token': '<omitted>'}", TS=_ts(), T=tok)
    return t, tok, "oic.oauth2"


@LOG("eidas-node-keystore-log")
def _():
    p = _pw()
    t = _f("«TS» INFO  [eu.eidas.auth.engine.configuration] Loading keystore /etc/eidas/keystore/connector.p12 type=PKCS12 password=«P» alias=connector-sign", TS=_ts(), P=p)
    return t, p, "eu.eidas.auth.engine.configuration"


@LOG("bankid-rp-startup-log")
def _():
    p = _pw()
    t = _f("[«TS» INF] BankIdClient configured: endpoint=https://appapi2.bankid.com/rp/v6.0 certificate=/certs/rp.p12 pfxPassword=«P»", TS=_ts(), P=p)
    return t, p, "BankIdClient configured"


@LOG("dovecot-auth-debug-password")
def _():
    p = _pw()
    t = _f("«M» mail01 dovecot: auth: Debug: passwd-file(«U»,«I»): Password mismatch (given password: «P»)", M=_pick(["May  2 08:11:40", "Sep 19 14:03:12"]), U=_email(), I=_ip(), P=p)
    return t, p, "Password mismatch"


@LOG("freeradius-debug-user-password")
def _():
    p = _pw()
    t = _f("(«N») Received Access-Request Id «K» from «I»:41022 to «J»:1812 length 96\n(«N»)   User-Name = \"«U»\"\n(«N»)   User-Password = \"«P»\"\n(«N»)   NAS-Identifier = \"police-vpn-01\"",
           N=_n(10, 999), K=_n(1, 255), I=_ip(), J=_ip(), U=_login(), P=p)
    return t, p, "police-vpn-01"


@LOG("mysql-general-log-create-user")
def _():
    p = _pw()
    t = _f("«TS».«US»Z\t   «N» Query\tCREATE USER 'evs_report'@'%' IDENTIFIED BY '«P»'", TS=_ts(), US=_n(100000, 999999), N=_n(10, 9999), P=p)
    return t, p, "evs_report"


@LOG("postgres-log-alter-user")
def _():
    p = _pw()
    t = _f("«TS» UTC [«N»] postgres@«D» LOG:  statement: ALTER USER «U» PASSWORD '«P»';", TS=_ts().replace("T", " "), N=_n(1000, 90000), D=_db(), U=_svc(), P=p)
    return t, p, "LOG:  statement"


@LOG("mongodb-log-connection-string")
def _():
    p = _pw("url")
    t = _f("{\"t\":{\"$date\":\"«TS»\"},\"s\":\"E\",\"c\":\"NETWORK\",\"msg\":\"Failed to connect\",\"attr\":{\"uri\":\"mongodb://reports:«P»@«H»:27017/?replicaSet=rs0\"}}", TS=_tsz(), P=p, H=_host("db"))
    return t, p, "replicaSet=rs0"


@LOG("redis-monitor-auth")
def _():
    p = _an(28)
    t = _f("«N».«M» [0 «I»:53310] \"AUTH\" \"«P»\"\n«N».«K» [0 «I»:53310] \"GET\" \"session:«S»\"", N=_n(1735000000, 1765000000), M=_n(100000, 999999), K=_n(100000, 999999), I=_ip(), P=p, S=_hex(16))
    return t, p, "\"GET\""


@LOG("har-excerpt-cookie-header")
def _():
    c = _b64u(48)
    t = _f("{\n  \"name\": \"Cookie\",\n  \"value\": \"_ga=GA1.2.«G»; portal_sess=«C»; lang=fr\"\n},", G=_n(100000000, 999999999) + "." + _n(1600000000, 1700000000), C=c)
    return t, c, "lang=fr"


@LOG("curl-trace-ascii-header")
def _():
    k = _hex(32)
    t = _f("=> Send header, 174 bytes (0xae)\n0000: POST /v1/notifications HTTP/1.1\n0021: Host: api.«D»\n0039: X-Api-Key: «K»\n0064: Content-Type: application/json", D=_dom(), K=k)
    return t, k, "Send header"


@LOG("python-logging-token-format")
def _():
    tok = _s(_B64U, 40)
    t = _f("«TS» INFO ckan_harvest: harvesting source dcat-«N» with token=«T» (page 3/17)", TS=_ts(), N=_n(1, 40), T=tok)
    return t, tok, "ckan_harvest"


@LOG("json-structured-log-api-key")
def _():
    k = _an(32)
    t = _f("{\"ts\":\"«TS»\",\"level\":\"debug\",\"logger\":\"seeclickfix\",\"msg\":\"request\",\"url\":\"/api/v2/issues\",\"api_key\":\"«K»\",\"duration_ms\":«D»}", TS=_tsz(), K=k, D=_n(30, 900))
    return t, k, "seeclickfix"


@LOG("logfmt-line-pass")
def _():
    p = _pw()
    t = _f("time=«TS» level=debug msg=\"ldap bind ok\" user=«U» pass=«P» dur=12ms", TS=_tsz(), U=_login(), P=p)
    return t, p, "ldap bind ok"


@LOG("graylog-gelf-message")
def _():
    sec = _an(32)
    t = _f("{\"version\":\"1.1\",\"host\":\"«H»\",\"short_message\":\"Keycloak client secret rotated for client 'afvalpas': new=«S»\",\"level\":6,\"_facility\":\"keycloak\"}", H=_host("kc"), S=sec)
    return t, sec, "\"_facility\":\"keycloak\""


@LOG("k8s-audit-log-secret-object")
def _():
    p = _pw()
    b = _b64t(p)
    t = _f("{\"kind\":\"Event\",\"verb\":\"create\",\"objectRef\":{\"resource\":\"secrets\",\"namespace\":\"elections\",\"name\":\"evs-db\"},\"requestObject\":{\"data\":{\"password\":\"«B»\"}}}", B=b)
    return t, b, "\"verb\":\"create\""


@LOG("docker-daemon-registry-error")
def _():
    p = _pw("url")
    t = _f("level=error msg=\"Handler for POST /v1.43/images/create returned error: Get \\\"https://ci:«P»@registry.«D»/v2/\\\": unauthorized\"", P=p, D=_dom())
    return t, p, "level=error"


@LOG("npm-error-log-authtoken")
def _():
    tok = _npm()
    t = _f("«N» verbose config //registry.npmjs.org/:_authToken=«T»\n«M» http fetch GET 401 https://registry.npmjs.org/@«S»%2fforms-ui", N=_n(10, 40), T=tok, M=_n(41, 90), S=_pick(["quillmoor", "larkfield"]))
    return t, tok, "http fetch GET 401"


@LOG("maven-deploy-error-url-creds")
def _():
    p = _pw("url")
    t = _f("[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy: Failed to deploy artifacts: Could not transfer artifact gov.city:permits-core:jar:2.«V».0 from/to nexus (https://deploy:«P»@nexus.«D»/repository/releases): status code: 401",
           V=_n(1, 9), P=p, D=_dom())
    return t, p, "maven-deploy-plugin"


@LOG("java-ssl-keystore-cmdline-log")
def _():
    p = _pw()
    t = _f("«TS» ERROR Startup failed; JVM args: [-Xmx2g, -Djavax.net.ssl.keyStore=/etc/cjis/client.jks, -Djavax.net.ssl.keyStorePassword=«P»]\njava.io.IOException: Keystore was tampered with, or password was incorrect", TS=_ts(), P=p)
    return t, p, "Keystore was tampered with"


@LOG("journald-execstart-failure")
def _():
    p = _pw()
    t = _f("«M» app02 systemd[1]: grundsteuer-export.service: Main process exited, code=exited, status=1/FAILURE\n«M» app02 grundsteuer-export[«N»]: usage error: unknown flag --pasword (did you mean --password?) in: --user export --pasword «P»",
           M=_pick(["Feb 11 02:00:03", "Jul 30 02:00:04"]), N=_n(1000, 50000), P=p)
    return t, p, "grundsteuer-export.service"


@LOG("smtp-auth-plain-trace")
def _():
    u, p = _email(), _pw()
    b = _b64t("\0" + u + "\0" + p)
    t = _f("[«TS»] SMTP >>> EHLO notify-worker-2\n[«TS»] SMTP <<< 250-AUTH PLAIN LOGIN\n[«TS»] SMTP >>> AUTH PLAIN «B»\n[«TS»] SMTP <<< 235 2.7.0 Authentication successful", TS=_ts(), B=b)
    return t, b, "Authentication successful"


@LOG("imap-protocol-login-trace")
def _():
    p = _pw()
    t = _f("C: a1 CAPABILITY\nS: * CAPABILITY IMAP4rev1 AUTH=PLAIN\nC: a2 LOGIN «U» \"«P»\"\nS: a2 OK LOGIN completed", U=_email(), P=p)
    return t, p, "LOGIN completed"


@LOG("vsftpd-protocol-log-pass")
def _():
    p = _pw()
    t = _f("«M» [pid «N»] FTP command: Client \"«I»\", \"USER kadaster\"\n«M» [pid «N»] FTP response: Client \"«I»\", \"331 Please specify the password.\"\n«M» [pid «N»] FTP command: Client \"«I»\", \"PASS «P»\"",
           M=_pick(["Thu Apr  3 06:00:01 2025", "Mon Nov 17 06:00:02 2025"]), N=_n(1000, 50000), I=_ip(), P=p)
    return t, p, "331 Please specify the password."


@LOG("graphql-error-echo-variables")
def _():
    p = _pw()
    t = _f("{\"errors\":[{\"message\":\"Invalid credentials\",\"path\":[\"login\"]}],\"extensions\":{\"request\":{\"operationName\":\"Login\",\"variables\":{\"badge\":\"«B»\",\"password\":\"«P»\"}}}}", B=_n(1000, 9999), P=p)
    return t, p, "Invalid credentials"


@LOG("nginx-error-log-access-token-query")
def _():
    tok = _s(_B64U, 43)
    t = _f("«D» [error] 1187#1187: *«N» upstream timed out (110: Connection timed out) while reading response header from upstream, client: «I», server: «S», request: \"GET /callback#state=x&access_token=«T»&token_type=bearer HTTP/1.1\"",
           D=_date().replace("-", "/") + " " + _hm() + ":" + _n(10, 59), N=_n(1000, 99999), I=_pubip(), S=_site(), T=tok)
    return t, tok, "upstream timed out"


@LOG("salesforce-debug-session-id")
def _():
    sid = "00D" + _an(12) + "!" + _s(_ALNUM + "._", 96)
    t = _f("«TS»|USER_DEBUG|[42]|DEBUG|Session for 311 sync: «S»", TS=_hm() + ":" + _n(10, 59) + "." + _n(1, 9) + " (" + _n(10000000, 99999999) + ")", S=sid)
    return t, sid, "USER_DEBUG"


@LOG("servicenow-outbound-rest-log")
def _():
    b = _b64t(_svc() + ":" + _pw())
    t = _f("«TS» RESTMessageV2 Permits - post: Request headers: {Accept=application/json, Authorization=Basic «B», Content-Type=application/json}", TS=_ts().replace("T", " "), B=b)
    return t, b, "RESTMessageV2"


@LOG("cjis-switch-logon-trace")
def _():
    p = _s(_UPPER + _DIGITS, 10)
    t = _f("«TS» MSGSW > LOGON.ORI=«O».TERMID=MDT«N».OPR=«U».PSWD=«P».\n«TS» MSGSW < LOGON ACCEPTED ORI=«O»", TS=_hm() + ":" + _n(10, 59), O=_uan(9), N=_n(100, 999), U=_uan(6), P=p)
    return t, p, "LOGON ACCEPTED"


@LOG("wsse-usernametoken-soap-log")
def _():
    p = _pw()
    t = _f("«TS» DEBUG efm.soap - Outbound message:\n<wsse:UsernameToken>\n  <wsse:Username>«U»</wsse:Username>\n  <wsse:Password Type=\"http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText\">«P»</wsse:Password>\n</wsse:UsernameToken>",
           TS=_ts(), U=_email(), P=p)
    return t, p, "Outbound message"


@LOG("aadhaar-auth-url-license-key")
def _():
    k = "M" + _s(_B64U, 63)
    t = _f("«TS» INFO  AuthClient POST https://auth-stg.uidai-sandbox.example/2.5/public/9/9/«K» status=200 txn=UKC:«T»", TS=_ts(), K=k, T=_an(20))
    return t, k, "AuthClient"


@LOG("upi-sandbox-request-header-log")
def _():
    sec = _hex(32)
    t = _f("«TS» [upi-gateway] --> POST /v1/payments/collect\n«TS» [upi-gateway] x-merchant-id: «M»\n«TS» [upi-gateway] x-client-secret: «S»\n«TS» [upi-gateway] <-- 201 Created (214 ms)", TS=_hm() + ":" + _n(10, 59), M=_uan(12), S=sec)
    return t, sec, "201 Created"


@LOG("franceconnect-token-request-log")
def _():
    sec = _hex(64)
    t = _f("«TS» [fc-bridge] POST https://fcp.integ01.dev-franceconnect.fr/api/v1/token body=grant_type=authorization_code&redirect_uri=https%3A%2F%2F«S»%2Fcallback&client_id=«C»&client_secret=«K»&code=«D»",
           TS=_ts(), S=_site("demarches"), C=_hex(64), K=sec, D=_an(36))
    return t, sec, "fc-bridge"


@LOG("keycloak-admin-event-representation")
def _():
    sec = _an(32)
    t = _f("«TS» INFO  [org.keycloak.events] type=ADMIN_EVENT, operationType=UPDATE, realmId=burgers, resourcePath=clients/«I», representation={\"clientId\":\"parkeren\",\"secret\":\"«S»\"}", TS=_ts(), I=_uuid(), S=sec)
    return t, sec, "org.keycloak.events"


@LOG("cron-mail-output-password")
def _():
    p = _pw()
    t = _f("From: Cron Daemon <root@«H»>\nSubject: Cron <backup@«H»> /opt/scripts/dump_voters.sh\n\n+ pg_dump -U voters -W «P» voters\npg_dump: too many command-line arguments (first is \"«P»\")", H=_pick(["db-vote-01", "pg-elections"]), P=p)
    return t, p, "Cron Daemon"


@LOG("jwt-decode-error-log")
def _():
    tok = _jwt(alg="RS256")
    t = _f("«TS» WARN  [auth] jwt verification failed: Signature has expired; token=«T»", TS=_ts(), T=tok)
    return t, tok, "Signature has expired"


@LOG("python-keyerror-dict-repr")
def _():
    tok = _s(_B64U, 43)
    t = _f("KeyError: 'bsn'\n  payload = {'client_id': 'mijn-loket', 'access_token': '«T»', 'scope': 'openid'}", T=tok)
    return t, tok, "KeyError: 'bsn'"


@LOG("splunk-search-result-row")
def _():
    p = _pw()
    t = _f("_time                     host            source                         _raw\n«TS»   «H»   /var/log/sync/records.log     connecting as records_rw/«P» to «D»", TS=_ts(), H=_pick(["rec-sync-01", "rec-sync-02"]), P=p, D=_host("ora"))
    return t, p, "/var/log/sync/records.log"


@LOG("pip-old-log-index-creds")
def _():
    p = _pw("url")
    t = _f("Looking in indexes: https://«U»:«P»@artifactory.«D»/api/pypi/pypi/simple\nCollecting ckanext-scheming==3.0.0", U=_svc(), P=p, D=_dom())
    return t, p, "Collecting ckanext-scheming"


@LOG("gradle-stacktrace-property")
def _():
    p = _pw()
    t = _f("* What went wrong:\nExecution failed for task ':app:publishReleasePublicationToNexusRepository'.\n> Could not PUT 'https://nexus.«D»/...'. Received status code 401\n  Command line: gradlew publish -PnexusUser=ci -PnexusPassword=«P» --stacktrace", D=_dom(), P=p)
    return t, p, "What went wrong"


@LOG("supervisor-stderr-log")
def _():
    tok = _hex(40)
    t = _f("rms-sync stderr | «TS» retrying with X-Auth-Token «T» (attempt 3)", TS=_ts(), T=tok)
    return t, tok, "rms-sync stderr"


@LOG("schtasks-history-log")
def _():
    p = _pw()
    t = _f("Task Scheduler launched action \"C:\\jobs\\export311.cmd /u svc_export /p «P»\" in instance \"{«G»}\" of task \"\\Nightly 311 Export\".", P=p, G=_uuid())
    return t, p, "Task Scheduler launched action"


@LOG("asterisk-registration-log")
def _():
    p = _pw()
    t = _f("[«TS»] NOTICE[«N»] res_pjsip_outbound_registration.c: Registration to 'sip:psap-trunk@«I»' failed; config auth user=psap«K» secret=«P»", TS=_ts().replace("T", " "), N=_n(1000, 9999), I=_ip(), K=_n(10, 99), P=p)
    return t, p, "res_pjsip_outbound_registration.c"


@LOG("github-actions-log-unmasked-derived")
def _():
    tok = _b64(24)
    t = _f("Run ./scripts/publish-dataset.sh --portal https://«S» --token «T»\n  ./scripts/publish-dataset.sh --portal https://«S» --token «T»\n  shell: /usr/bin/bash -e {0}", S=_site("data"), T=tok)
    return t, tok, "shell: /usr/bin/bash -e {0}"


@LOG("elasticsearch-deprecation-with-creds")
def _():
    p = _pw("url")
    t = _f("{\"@timestamp\":\"«TS»\", \"log.level\": \"WARN\", \"message\":\"remote cluster seed [https://elastic:«P»@«H»:9300] uses deprecated form\", \"service.name\":\"ES_ECS\"}", TS=_tsz(), P=p, H=_host("es"))
    return t, p, "deprecated form"
# ===========================================================================
# group: note-or-chat  (agent notes, goals, decisions; teammates' messages)
# ===========================================================================
def _chat_ts():
    return _pick(["[%s]" % _hm(), "%s" % _hm(), "[%s %s]" % (_date(), _hm())])


@NOTE("slack-handover-staging-password")
def _():
    p = _pw()
    n = _first()
    t = _f("«TS» «N»: heads up, staging permits db pw is «P» until we rotate after go-live. don't put it in the ticket pls", TS=_chat_ts(), N=n, P=p)
    return t, p, "staging permits db"


@NOTE("teams-message-german-elster-pin")
def _():
    p = _pin(6)
    t = _f("«N» (Teams, «TS»): Die PIN für das ELSTER-Organisationszertifikat der Stadtkasse lautet «P». Bitte nicht ins Wiki schreiben.", N=" ".join(_person()[:2]), TS=_hm(), P=p)
    return t, p, "ELSTER-Organisationszertifikat"


@NOTE("chat-french-mot-de-passe-service-account")
def _():
    p = _pw()
    t = _f("«N» : le mot de passe du compte de service «U» (recette FranceConnect) c'est «P», je l'ai changé ce matin", N=_first(), U=_svc(), P=p)
    return t, p, "recette FranceConnect"


@NOTE("chat-dutch-wachtwoord-digid-preprod")
def _():
    p = _pw()
    t = _f("«N»: wachtwoord voor de DigiD preprod-koppeling (keystore) is «P» — staat nog niet in de kluis, doe ik vrijdag", N=_first(), P=p)
    return t, p, "DigiD preprod-koppeling"


@NOTE("chat-swedish-losenord-bankid-testcert")
def _():
    p = _pw()
    t = _f("«N»: lösenordet till BankID-testcertet för e-tjänsten bygglov är «P», certet ligger på G:\\Drift\\BankID", N=_first(), P=p)
    return t, p, "G:\\Drift\\BankID"


@NOTE("chat-hindi-upi-sandbox-password")
def _():
    p = _pw()
    t = _f("«N»: UPI sandbox merchant portal का पासवर्ड «P» है, user id «U» — कल तक बदल देंगे", N=_first(), P=p, U=_pick(["ngmc_water", "rnn_tax", "ngmc_parking"]))
    return t, p, "UPI sandbox merchant portal"


@NOTE("chat-portuguese-senha-govbr-homologacao")
def _():
    p = _pw()
    t = _f("«N»: a senha do usuário de teste no gov.br (homologação) é «P». CPF de teste está na planilha, não no chat", N=_first(), P=p)
    return t, p, "gov.br (homologação)"


@NOTE("agent-running-note-login-worked")
def _():
    p = _pw()
    u = _svc()
    t = _f("- Tried logging into the 311 admin UI as «U» / «P» -> works, role = Supervisor.\n- Next: check why SLA timers stop at weekends.", U=u, P=p)
    return t, p, "SLA timers"


@NOTE("agent-decision-log-keep-key")
def _():
    k = _an(40)
    t = _f("Decision («D»): keep using the shared SAM.gov key «K» for the nightly pull until procurement gets its own system account. Revisit in Q3.", D=_date(), K=k)
    return t, k, "nightly pull"


@NOTE("pasted-email-temporary-password")
def _():
    p = _pw()
    t = _f("From: servicedesk@«D»\nSubject: Your account for the court e-filing portal\n\nHello,\nyour temporary password is: «P»\nYou will be asked to change it at first login.\n\nShared Services Desk", D=_dom(), P=p)
    return t, p, "Shared Services Desk"


@NOTE("helpdesk-ticket-reset-note")
def _():
    p = _pw()
    u = _login()
    t = _f("INC«N» — caller verified by callback. Reset AD password for «U» to «P» and ticked 'must change at next logon'. Closed.", N=_n(100000, 999999), U=u, P=p)
    return t, p, "must change at next logon"


@NOTE("jira-comment-creds-inline")
def _():
    p = _pw()
    t = _f("«N» commented on PROC-«K»:\ncreds for the supplier test portal: user=«U» pass=«P» (expires end of tender)", N=_first(), K=_n(100, 999), U=_email(), P=p)
    return t, p, "supplier test portal"


@NOTE("meeting-notes-vpn-psk-bullet")
def _():
    p = _b64(18)
    t = _f("Weekly infra sync «D»\n- County 911 tunnel flapped twice\n- VPN PSK for the backup PSAP link: «P»\n- Action: Marcus to open change request", D=_date(), P=p)
    return t, p, "County 911 tunnel"


@NOTE("handover-root-password-cad")
def _():
    p = _pw()
    t = _f("Handover night shift → day shift:\nCAD app server was rebooted 03:10, root / «P» still works on the console (iLO).", P=p)
    return t, p, "Handover night shift"


@NOTE("whatsapp-style-token-paste")
def _():
    tok = _ghp()
    t = _f("[«D», «T»] «N»: token is «K»\n[«D», «T»] «M»: thx, pushing now", D=_date(), T=_hm(), N=_first(), K=tok, M=_first())
    return t, tok, "pushing now"


@NOTE("teams-code-block-curl")
def _():
    k = _hex(32)
    t = _f("«N»: try this\n```\ncurl -H \"X-Api-Key: «K»\" https://«S»/v1/agenda/items?meeting=«M»\n```\nif it 401s the key got rotated again", N=_first(), K=k, S=_site("api"), M=_n(100, 999))
    return t, k, "got rotated again"


@NOTE("note-unlabelled-user-comma-password")
def _():
    p = _pw()
    t = _f("ops-deploy, «P»\n(for the jump host, ask Ingrid if it stops working)", P=p)
    return t, p, "for the jump host"


@NOTE("voicemail-transcript-password")
def _():
    p = _pw("plain")
    t = _f("Voicemail transcript («D»): \"Hi it's «N» from the county clerk's office, the password for the poll book sync is «P», that's all one word, call me back.\"", D=_date(), N=_first(), P=p)
    return t, p, "poll book sync"


@NOTE("agent-scratchpad-stripe-test-key")
def _():
    k = "sk_test_51" + _an(96)
    t = _f("Scratchpad: for payment tests on the parking-permit checkout I used «K» (test mode, from Olivia). Do not commit.", K=k)
    return t, k, "parking-permit checkout"


@NOTE("todo-rotate-leaked-token")
def _():
    tok = _xoxb()
    t = _f("TODO\n[ ] rotate «T» (posted in #general by accident on «D»)\n[x] revoke old webhook", T=tok, D=_date())
    return t, tok, "revoke old webhook"


@NOTE("runbook-break-glass-envelope")
def _():
    p = _pw()
    t = _f("## Break-glass\nAccount: bg-admin-«N»\nPassword (also in sealed envelope, safe room 2.14): «P»\nUse only with incident number.", N=_n(1, 3), P=p)
    return t, p, "sealed envelope"


@NOTE("german-email-zugangsdaten")
def _():
    p = _pw()
    t = _f("Sehr geehrte Frau «L»,\nanbei Ihre Zugangsdaten für das Vergabeportal:\nBenutzer: «U»\nKennwort: «P»\nMit freundlichen Grüßen\nIT-Service", L=_person()[1], U=_login(), P=p)
    return t, p, "Vergabeportal"


@NOTE("french-identifiant-mdp-slash")
def _():
    p = _pw()
    t = _f("Pour la plateforme des marchés publics (recette) : identifiant : «U» / mdp : «P»", U=_login(), P=p)
    return t, p, "marchés publics"


@NOTE("dutch-ww-abbreviation")
def _():
    p = _pw()
    t = _f("«N»: account zaaksysteem test → «U», ww: «P»", N=_first(), U=_login(), P=p)
    return t, p, "zaaksysteem test"


@NOTE("swedish-losen-abbreviation")
def _():
    p = _pw()
    t = _f("«N»: inlogg till diariet (test): «U» lösen: «P»", N=_first(), U=_login(), P=p)
    return t, p, "diariet"


@NOTE("portuguese-senha-provisoria")
def _():
    p = _pw()
    t = _f("Olá «N», segue o acesso ao sistema do IPTU:\nusuário: «U»\nsenha provisória: «P»\nTroque no primeiro acesso.", N=_first(), U=_login(), P=p)
    return t, p, "sistema do IPTU"


@NOTE("hindi-devanagari-password-label")
def _():
    p = _pw()
    t = _f("जल कर पोर्टल (टेस्ट)\nयूज़र: «U»\nपासवर्ड: «P»", U=_login(), P=p)
    return t, p, "जल कर पोर्टल"


@NOTE("hinglish-digilocker-client-secret")
def _():
    sec = _an(40)
    t = _f("«N»: bhai DigiLocker ka client secret «S» hai, prod mein mat daalna, sirf sandbox", N=_first(), S=sec)
    return t, sec, "DigiLocker"


@NOTE("bankid-test-card-pin")
def _():
    p = _pin(6)
    t = _f("«N»: PIN-kod för test-BankID på telefonen i kassaskåpet: «P»", N=_first(), P=p)
    return t, p, "kassaskåpet"


@NOTE("chat-here-you-go-next-line")
def _():
    tok = _glpat()
    t = _f("«N»: here you go\n«N»: «T»\n«M»: 👍", N=_first(), T=tok, M=_first())
    return t, tok, "here you go"


@NOTE("standup-note-link-with-token")
def _():
    tok = _s(_B64U, 32)
    t = _f("standup: dashboard for the council is at https://«S»/d/elections?kiosk&auth_token=«T» (read-only link)", S=_site("grafana"), T=tok)
    return t, tok, "read-only link"


@NOTE("markdown-table-handover")
def _():
    p = _pw()
    t = _f("| system | user | password | notes |\n|---|---|---|---|\n| parking ANPR | anpr_admin | «P» | vendor reset on «D» |\n| parking web | — | (SSO) | |", P=p, D=_date())
    return t, p, "parking ANPR"


@NOTE("csv-pasted-accounts")
def _():
    p = _pw()
    t = _f("username,password,role\nclerk_«A»,«P»,clerk\nclerk_«B»,(reset pending),clerk", A=_n(10, 99), P=p, B=_n(10, 99))
    return t, p, "(reset pending)"


@NOTE("vendor-email-client-credentials")
def _():
    sec = _s(_ALNUM + "-_", 48)
    t = _f("Subject: Sandbox credentials – eFiling EFSP onboarding\n\nClient ID: «C»\nClient Secret: «S»\nEnvironment: stage\nPlease keep these confidential.", C=_uuid(), S=sec)
    return t, sec, "EFSP onboarding"


@NOTE("german-wlan-gast-passwort")
def _():
    p = _pw()
    t = _f("«N»: Gäste-WLAN im Ratssaal heißt «S», Passwort «P» (gilt bis Ende der Sitzungswoche)", N=_first(), S=_pick(["Rathaus-Gast", "Ratssaal-Gast"]), P=p)
    return t, p, "Gäste-WLAN"


@NOTE("swedish-freja-test-note")
def _():
    p = _pw()
    t = _f("Anteckning: Freja eID testkonto för e-tjänst Bygglov — e-post «E», lösenord «P». Används bara i acceptanstest.", E=_email(), P=p)
    return t, p, "acceptanstest"


@NOTE("agent-goal-with-api-key")
def _():
    k = _hex(32)
    t = _f("GOAL: fix the 311 → asset-management sync (job fails since Monday). Maria gave the Cityworks API key «K» to test against staging.", K=k)
    return t, k, "asset-management sync"


@NOTE("commit-message-removing-password")
def _():
    p = _pw()
    t = _f("commit «C»\n    remove hardcoded pass «P» from export script (rotated)", C=_hex(40), P=p)
    return t, p, "from export script"


@NOTE("chat-usual-pattern-password")
def _():
    p = _cap(_word()) + _pick(["2025", "2026"]) + _pick("!#?")
    t = _f("«N»: it's the usual one with the year at the end: «P»", N=_first(), P=p)
    return t, p, "the usual one"


@NOTE("passphrase-with-spaces-quoted")
def _():
    p = _phrase()
    t = _f("«N»: the passphrase for the backup GPG key is \"«P»\" (lowercase, spaces)", N=_first(), P=p)
    return t, p, "backup GPG key"


@NOTE("german-kennwort-lautet")
def _():
    p = _pw()
    t = _f("«N»: Das Kennwort für den Fachverfahren-Admin (Einwohnermeldewesen, Testmandant) lautet «P».", N=_first(), P=p)
    return t, p, "Einwohnermeldewesen"


@NOTE("incident-notes-leaked-token")
def _():
    tok = _akia()
    sec = _awssec()
    t = _f("Incident «N» timeline:\n- 14:02 attacker used leaked key pair «K» / «S» from public repo\n- 14:20 key deactivated", N=_n(100, 999), K=tok, S=sec)
    return t, sec, "key deactivated"


@NOTE("reply-quote-pw")
def _():
    p = _pw()
    t = _f("> pw: «P»\nthanks, got in. will reset it after the demo", P=p)
    return t, p, "after the demo"


@NOTE("trello-card-description")
def _():
    p = _pw()
    t = _f("Card: Migrate agenda portal to new host\nDescription: old cPanel login is raad_admin / «P». Export the MySQL DB first.", P=p)
    return t, p, "Migrate agenda portal"


@NOTE("confluence-export-access-section")
def _():
    p = _pw()
    t = _f("h2. Access\n* Test environment: https://«S»\n* Test user: tester01\n* Password: «P»\n* VPN required", S=_site("ozg-test"), P=p)
    return t, p, "h2. Access"


@NOTE("brazil-serpro-consumer-secret")
def _():
    sec = _an(28)
    t = _f("«N»: pessoal, consumer key e secret da API da Serpro (trial): key «K» / secret «S». Só para testes do cadastro.", N=_first(), K=_an(28), S=sec)
    return t, sec, "cadastro"


@NOTE("dutch-eherkenning-note")
def _():
    p = _pw()
    t = _f("Notitie: testmiddel eHerkenning niveau 3 voor het subsidieloket — gebruikersnaam «U», wachtwoord «P», sms gaat naar de teamtelefoon.", U=_login(), P=p)
    return t, p, "teamtelefoon"


@NOTE("french-chorus-pro-piste")
def _():
    sec = _s(_ALNUM + "-", 36)
    t = _f("«N» : pour Chorus Pro (PISTE sandbox) j'ai mis client_id «C» et le secret «S» dans le .env local, ne pas commiter", N=_first(), C=_uuid(), S=sec)
    return t, sec, "Chorus Pro"


@NOTE("german-bundid-governikus-note")
def _():
    p = _pw()
    t = _f("Notiz: Governikus Autent Testsystem – Keystore-Passwort «P», Ablauf des Zertifikats «D».", P=p, D=_date())
    return t, p, "Governikus Autent"


@NOTE("agent-decision-temp-admin-password")
def _():
    p = _pw()
    t = _f("Decision: set a temporary Drupal admin password («P») via drush to unblock the web team; must be rotated before Friday.", P=p)
    return t, p, "unblock the web team"


@NOTE("postit-ocr-text")
def _():
    p = _pw()
    t = _f("OCR of photo (post-it on monitor, room B.204):\n  WLAN Stadtverwaltung-Intern\n  PW: «P»", P=p)
    return t, p, "room B.204"


@NOTE("welcome-letter-initial-password")
def _():
    p = _pw()
    t = _f("Welcome to Larkfield County!\nYour network account: «U»\nInitial password: «P»\nPlease change it at https://passwordreset.«D»", U=_login(), P=p, D=_dom())
    return t, p, "Welcome to Larkfield County!"


@NOTE("poll-worker-tablet-unlock-code")
def _():
    p = _pin(_pick([6, 8]))
    t = _f("Election day notes: poll worker tablets unlock code is «P» (all precincts), e-pollbook admin menu uses the same.", P=p)
    return t, p, "e-pollbook"


@NOTE("police-mdt-login-note")
def _():
    p = _pw()
    t = _f("Unit 4-Adam-12 MDT was logged out — re-login with user «U» pw «P», then restart the CAD client.", U="mdt" + _n(100, 999), P=p)
    return t, p, "restart the CAD client"


@NOTE("signal-chat-swedish-kod")
def _():
    p = _pw()
    t = _f("«N»: koden till admin-kontot i Public 360 är «P», byt när du är klar", N=_first(), P=p)
    return t, p, "Public 360"


@NOTE("agent-note-unlabelled-token-after-colon")
def _():
    tok = _tfc()
    t = _f("Note to self — TFC workspace permits-prod, team token: «T»", T=tok)
    return t, tok, "workspace permits-prod"


@NOTE("portuguese-pt-chave-movel-test")
def _():
    p = _pw()
    t = _f("«N»: Para testar a Autenticação.gov no balcão online usa o utilizador de teste «U» com a palavra-passe «P».", N=_first(), U=_login(), P=p)
    return t, p, "balcão online"


@NOTE("hindi-aadhaar-sandbox-license-note")
def _():
    k = "M" + _s(_B64U, 63)
    t = _f("«N»: आधार sandbox का AUA license key यह है: «K»", N=_first(), K=k)
    return t, k, "AUA license key"


@NOTE("english-passphrase-sentence")
def _():
    p = _phrase("en")
    t = _f("Keystore passphrase for the court signing cert (typed exactly): «P»", P=p)
    return t, p, "court signing cert"


@NOTE("french-mail-acces-portail")
def _():
    p = _pw()
    t = _f("Bonjour «N»,\nVoici vos accès au portail des permis de construire (environnement de recette) :\nLogin : «U»\nMot de passe : «P»\nCordialement", N=_first(), U=_login(), P=p)
    return t, p, "permis de construire"


@NOTE("dutch-email-inloggegevens")
def _():
    p = _pw()
    t = _f("Beste «N»,\nHierbij de inloggegevens voor de acceptatieomgeving van het belastingportaal:\ngebruikersnaam: «U»\nwachtwoord: «P»\nGroet, Servicedesk", N=_first(), U=_login(), P=p)
    return t, p, "belastingportaal"


@NOTE("chat-multiline-creds-block")
def _():
    p = _pw()
    t = _f("«N»:\nhost: «H»\nuser: «U»\npass: «P»\ndb: «D»", N=_first(), H=_host("pg"), U=_svc(), P=p, D=_db())
    return t, p, "host:"


@NOTE("decision-record-shared-secret")
def _():
    k = _hex(64)
    t = _f("ADR-0«N»: webhook signing between CAD and the alerting service uses HMAC-SHA256 with shared secret «K» (rotated quarterly).", N=_n(10, 99), K=k)
    return t, k, "HMAC-SHA256"


@NOTE("german-chat-abbreviated-pw")
def _():
    p = _pw()
    t = _f("«N»: pw vom OZG-Testaccount: «P» – Nutzer «U»", N=_first(), P=p, U=_login())
    return t, p, "OZG-Testaccount"


@NOTE("sms-forward-one-time-setup-code")
def _():
    p = _an(4).upper() + "-" + _an(4).upper() + "-" + _an(4).upper()
    t = _f("Fwd SMS: \"Your recovery code for the procurement portal admin is «P». Keep it safe.\"", P=p)
    return t, p, "recovery code"


@NOTE("agent-summary-multilingual")
def _():
    p = _pw()
    t = _f("Summary for «N»: the Zuidvenne team pasted the acceptance creds in chat (gebruiker «U», wachtwoord «P»); I used them only to reproduce the bug.", N=_first(), U=_login(), P=p)
    return t, p, "reproduce the bug"


@NOTE("swedish-email-inloggningsuppgifter")
def _():
    p = _pw()
    t = _f("Hej «N»!\nHär är inloggningsuppgifterna till testmiljön för ekonomisystemet:\nAnvändarnamn: «U»\nLösenord: «P»\nMvh IT-supporten", N=_first(), U=_login(), P=p)
    return t, p, "ekonomisystemet"


@NOTE("chat-pin-and-puk-smartcard")
def _():
    p = _pin(8)
    t = _f("«N»: for the HSM operator smartcard: PIN 1234 is the default but ours is now «P»", N=_first(), P=p)
    return t, p, "HSM operator smartcard"


@NOTE("portuguese-br-chat-banco-homolog")
def _():
    p = _pw()
    t = _f("«N»: banco de homologação do protocolo eletrônico: usuario protocolo_app, senha «P», host «H»", N=_first(), P=p, H=_host("pg"))
    return t, p, "protocolo eletrônico"


@NOTE("agent-note-creds-label")
def _():
    p = _pw()
    t = _f("creds (from Lena, valid until Friday): «U» «P»", U=_svc(), P=p)
    return t, p, "valid until Friday"


@NOTE("french-sms-code-wifi-mairie")
def _():
    p = _pw()
    t = _f("«N» : le code wifi de la salle du conseil municipal c'est «P»", N=_first(), P=p)
    return t, p, "conseil municipal"
# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
@CI("github-actions-env-hardcoded")
def _():
    k = _an(40)
    t = _f("# .github/workflows/nightly-sam-pull.yml\njobs:\n  pull:\n    runs-on: ubuntu-latest\n    env:\n      SAM_API_KEY: «K»\n      TZ: America/New_York\n    steps:\n      - uses: actions/checkout@v4", K=k)
    return t, k, "actions/checkout@v4"


@CI("gitlab-ci-variables-block")
def _():
    p = _pw()
    t = _f("# .gitlab-ci.yml\nvariables:\n  POSTGRES_DB: bouwloket_test\n  POSTGRES_USER: runner\n  POSTGRES_PASSWORD: \"«P»\"\n  DOCKER_DRIVER: overlay2", P=p)
    return t, p, "bouwloket_test"


@CI("jenkinsfile-sh-curl-creds")
def _():
    p = _pw()
    t = _f("stage('Publish') {\n  steps {\n    sh \"curl -u deployer:«P» --upload-file target/rms-export.jar https://nexus.«D»/repository/releases/\"\n  }\n}", P=p, D=_dom())
    return t, p, "stage('Publish')"


@CI("azure-pipelines-variables")
def _():
    p = _pw()
    t = _f("# azure-pipelines.yml\nvariables:\n  buildConfiguration: 'Release'\n  sqlAdminPassword: '«P»'\n  azureSubscription: 'sc-burgerzaken-prd'", P=p)
    return t, p, "buildConfiguration"


@CI("circleci-environment-key")
def _():
    tok = _s(_B64U, 40)
    t = _f("# .circleci/config.yml\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      CKAN_API_TOKEN: «T»\n    steps:\n      - run: python publish.py", T=tok)
    return t, tok, "cimg/python:3.12"


@CI("bitbucket-pipelines-script-password")
def _():
    p = _pw()
    t = _f("# bitbucket-pipelines.yml\n  - step:\n      name: Deploy to DMZ\n      script:\n        - sshpass -p '«P»' scp -r dist/* web@«H»:/var/www/afvalwijzer/", P=p, H=_host("web"))
    return t, p, "Deploy to DMZ"


@CI("drone-yml-settings-password")
def _():
    p = _pw()
    t = _f("# .drone.yml\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.«D»/gis/tiles\n    username: drone\n    password: «P»", D=_dom(), P=p)
    return t, p, "plugins/docker"


@CI("travis-env-global-plain")
def _():
    tok = _ghp()
    t = _f("# .travis.yml\nenv:\n  global:\n    - GH_TOKEN=«T»\n    - DEPLOY_BRANCH=gh-pages", T=tok)
    return t, tok, "DEPLOY_BRANCH=gh-pages"


@CI("dockerfile-env-secret")
def _():
    k = _hex(32)
    t = _f("FROM python:3.12-slim\nWORKDIR /app\nENV ACCELA_APP_SECRET=«K»\nCOPY . .\nRUN pip install -r requirements.txt", K=k)
    return t, k, "python:3.12-slim"


@CI("dockerfile-arg-default-token")
def _():
    tok = _npm()
    t = _f("FROM node:20-alpine AS build\nARG NPM_TOKEN=«T»\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci", T=tok)
    return t, tok, "node:20-alpine"


@CI("docker-build-arg-cli")
def _():
    p = _pw()
    t = _f("docker build --build-arg ORACLE_PWD='«P»' -t registry.«D»/rms/oracle-client:19c .", P=p, D=_dom())
    return t, p, "oracle-client:19c"


@CI("compose-prod-env-literal")
def _():
    p = _pw()
    t = _f("# docker-compose.prod.yml\n  keycloak:\n    image: quay.io/keycloak/keycloak:24.0\n    environment:\n      KEYCLOAK_ADMIN: admin\n      KEYCLOAK_ADMIN_PASSWORD: «P»\n    command: start --optimized", P=p)
    return t, p, "quay.io/keycloak/keycloak:24.0"


@CI("k8s-deployment-env-value")
def _():
    p = _pw()
    t = _f("        env:\n          - name: SPRING_PROFILES_ACTIVE\n            value: prod\n          - name: EFM_FIRM_PASSWORD\n            value: \"«P»\"\n          - name: JAVA_TOOL_OPTIONS\n            value: \"-XX:MaxRAMPercentage=75\"", P=p)
    return t, p, "SPRING_PROFILES_ACTIVE"


@CI("helm-upgrade-in-pipeline-set")
def _():
    p = _pw()
    t = _f("  script:\n    - helm upgrade --install ckan ./charts/ckan -n opendata --set ckan.sysadminPassword=«P» --set ckan.siteUrl=https://«S»", P=p, S=_site("data"))
    return t, p, "./charts/ckan"


@CI("argocd-application-helm-parameter")
def _():
    p = _pw()
    t = _f("spec:\n  source:\n    helm:\n      parameters:\n        - name: postgresql.auth.password\n          value: «P»\n        - name: image.tag\n          value: \"2.10.4\"", P=p)
    return t, p, "image.tag"


@CI("kustomize-secretgenerator-literal")
def _():
    p = _pw()
    t = _f("# kustomization.yaml\nsecretGenerator:\n  - name: smtp\n    literals:\n      - SMTP_USER=noreply\n      - SMTP_PASSWORD=«P»", P=p)
    return t, p, "secretGenerator"


@CI("tf-var-env-in-pipeline")
def _():
    p = _pw()
    t = _f("deploy_prod:\n  stage: deploy\n  variables:\n    TF_VAR_db_password: \"«P»\"\n  script:\n    - terraform apply -auto-approve", P=p)
    return t, p, "deploy_prod"


@CI("docker-login-action-literal")
def _():
    p = _an(32)
    t = _f("      - uses: docker/login-action@v3\n        with:\n          registry: harbor.«D»\n          username: robot$github\n          password: «P»", D=_dom(), P=p)
    return t, p, "docker/login-action@v3"


@CI("gitlab-ci-docker-login-glpat")
def _():
    tok = _glpat()
    t = _f("build:\n  before_script:\n    - docker login -u ci-bot -p «T» $CI_REGISTRY\n  script:\n    - docker build -t $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA .", T=tok)
    return t, tok, "$CI_REGISTRY_IMAGE"


@CI("netlify-toml-environment")
def _():
    k = _hex(32)
    t = _f("# netlify.toml\n[build.environment]\n  NODE_VERSION = \"20\"\n  ALGOLIA_ADMIN_KEY = \"«K»\"", K=k)
    return t, k, "NODE_VERSION"


@CI("vercel-json-env")
def _():
    tok = _s(_B64U, 40)
    t = _f("{\n  \"env\": {\n    \"NEXT_PUBLIC_SITE\": \"https://«S»\",\n    \"CMS_PREVIEW_TOKEN\": \"«T»\"\n  }\n}", S=_site("www"), T=tok)
    return t, tok, "NEXT_PUBLIC_SITE"


@CI("fly-toml-env-section")
def _():
    p = _pw()
    t = _f("# fly.toml\napp = \"council-agenda\"\n[env]\n  PORT = \"8080\"\n  ADMIN_PASSWORD = \"«P»\"", P=p)
    return t, p, "council-agenda"


@CI("gae-app-yaml-env-variables")
def _():
    k = _aiza()
    t = _f("# app.yaml\nruntime: python312\nenv_variables:\n  MAPS_SERVER_KEY: \"«K»\"\n  BUCKET: \"qm-foia-uploads\"", K=k)
    return t, k, "runtime: python312"


@CI("serverless-yml-environment")
def _():
    k = _sg()
    t = _f("# serverless.yml\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    SENDGRID_API_KEY: «K»\n    FROM_ADDRESS: noreply@«D»", K=k, D=_dom())
    return t, k, "nodejs20.x"


@CI("sam-template-parameter-default")
def _():
    p = _pw()
    t = _f("Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: «P»", P=p)
    return t, p, "NoEcho: true"


@CI("cloudformation-master-user-password")
def _():
    p = _pw()
    t = _f("  ElectionsDb:\n    Type: AWS::RDS::DBInstance\n    Properties:\n      Engine: postgres\n      MasterUsername: evsadmin\n      MasterUserPassword: «P»", P=p)
    return t, p, "AWS::RDS::DBInstance"


@CI("heroku-app-json-env-value")
def _():
    k = _hex(32)
    t = _f("{\n  \"name\": \"park-bookings\",\n  \"env\": {\n    \"MAPBOX_SECRET\": { \"value\": \"«K»\" },\n    \"WEB_CONCURRENCY\": { \"value\": \"2\" }\n  }\n}", K=k)
    return t, k, "park-bookings"


@CI("octopus-variables-json")
def _():
    p = _pw()
    t = _f("{\n  \"Name\": \"Database.Password\",\n  \"Value\": \"«P»\",\n  \"Type\": \"String\",\n  \"Scope\": { \"Environment\": [\"Environments-«N»\"] }\n}", P=p, N=_n(1, 40))
    return t, p, "Database.Password"


@CI("tekton-param-default")
def _():
    tok = _ghs()
    t = _f("  params:\n    - name: git-token\n      type: string\n      default: «T»\n    - name: revision\n      default: main", T=tok)
    return t, tok, "revision"


@CI("jenkins-job-dsl-password-param")
def _():
    p = _pw()
    t = _f("job('rms-nightly') {\n  parameters {\n    stringParam('RMS_PASS', '«P»', 'legacy RMS password')\n  }\n}", P=p)
    return t, p, "rms-nightly"


@CI("buildkite-pipeline-env")
def _():
    tok = "bkua_" + _hex(40)
    t = _f("env:\n  BUILDKITE_API_TOKEN: «T»\nsteps:\n  - label: \":rocket: deploy\"\n    command: scripts/deploy.sh", T=tok)
    return t, tok, "scripts/deploy.sh"


@CI("github-actions-services-postgres")
def _():
    p = _pw()
    t = _f("    services:\n      postgres:\n        image: postgis/postgis:16-3.4\n        env:\n          POSTGRES_PASSWORD: «P»\n        ports: ['5432:5432']", P=p)
    return t, p, "ports: ['5432:5432']"


@CI("makefile-deploy-target")
def _():
    p = _pw()
    t = _f("deploy:\n\trsync -az dist/ deploy@«H»:/srv/www/\n\tsshpass -p '«P»' ssh deploy@«H» 'sudo systemctl reload nginx'", H=_host("web"), P=p)
    return t, p, "rsync -az dist/"


@CI("capistrano-deploy-rb-password")
def _():
    p = _pw()
    t = _f("# config/deploy/production.rb\nserver '«H»', user: 'deploy', roles: %w{app web}\nset :ssh_options, { password: '«P»', auth_methods: %w(password) }", H=_host("app"), P=p)
    return t, p, "auth_methods"


@CI("fabfile-env-password")
def _():
    p = _pw()
    t = _f("from fabric import Connection\nc = Connection('«H»', user='deploy', connect_kwargs={'password': '«P»'})\nc.run('supervisorctl restart foia')", H=_host("app"), P=p)
    return t, p, "supervisorctl restart foia"


@CI("puppet-hiera-plain")
def _():
    p = _pw()
    t = _f("# hieradata/role/cad.yaml\nprofile::cad::db_user: cad_owner\nprofile::cad::db_password: '«P»'\nprofile::cad::java_heap: 4g", P=p)
    return t, p, "profile::cad::java_heap"


@CI("chef-data-bag-json")
def _():
    p = _pw()
    t = _f("{\n  \"id\": \"permits_db\",\n  \"username\": \"permits\",\n  \"password\": \"«P»\"\n}", P=p)
    return t, p, "permits_db"


@CI("salt-pillar-sls")
def _():
    p = _pw()
    t = _f("# pillar/ldap.sls\nldap:\n  bind_dn: cn=salt,ou=svc,dc=city,dc=local\n  bind_pw: «P»", P=p)
    return t, p, "pillar/ldap.sls"


@CI("packer-winrm-password")
def _():
    p = _pw()
    t = _f("source \"vsphere-iso\" \"win2022\" {\n  communicator   = \"winrm\"\n  winrm_username = \"Administrator\"\n  winrm_password = \"«P»\"\n  vm_name        = \"tpl-win2022-cad\"\n}", P=p)
    return t, p, "tpl-win2022-cad"


@CI("vagrantfile-ssh-password")
def _():
    p = _pw()
    t = _f("Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"generic/rhel9\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"«P»\"\nend", P=p)
    return t, p, "generic/rhel9"


@CI("cloud-init-chpasswd-list")
def _():
    p = _pw()
    t = _f("#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    root:«P»\nssh_pwauth: true", P=p)
    return t, p, "#cloud-config"


@CI("cloud-init-user-plain-text-passwd")
def _():
    p = _pw()
    t = _f("#cloud-config\nusers:\n  - name: opsadmin\n    groups: sudo\n    lock_passwd: false\n    plain_text_passwd: «P»", P=p)
    return t, p, "opsadmin"


@CI("kickstart-rootpw-plaintext")
def _():
    p = _pw()
    t = _f("# ks-cad.cfg\nlang en_US.UTF-8\nkeyboard us\nrootpw --plaintext «P»\ntimezone America/Chicago --utc", P=p)
    return t, p, "ks-cad.cfg"


@CI("debian-preseed-root-password")
def _():
    p = _pw()
    t = _f("d-i passwd/root-login boolean true\nd-i passwd/root-password password «P»\nd-i passwd/root-password-again password «P»", P=p)
    return t, p, "passwd/root-login"


@CI("windows-unattend-admin-password")
def _():
    p = _pw()
    t = _f("<UserAccounts>\n  <AdministratorPassword>\n    <Value>«P»</Value>\n    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>", P=p)
    return t, p, "<PlainText>true</PlainText>"


@CI("nomad-job-template-env")
def _():
    p = _pw()
    t = _f("      template {\n        destination = \"secrets/app.env\"\n        env         = true\n        data        = <<EOT\nDB_USER=cad\nDB_PASS=«P»\nEOT\n      }", P=p)
    return t, p, "secrets/app.env"


@CI("vault-agent-approle-secret-id")
def _():
    sid = _uuid()
    t = _f("# /etc/vault-agent/secret_id (rendered by bootstrap.sh)\n«S»\n# role_id lives next to it in role_id", S=sid)
    return t, sid, "bootstrap.sh"


@CI("github-actions-curl-deploy-hook")
def _():
    tok = _hex(40)
    t = _f("      - name: Trigger CMS rebuild\n        run: curl -X POST \"https://cms.«D»/hooks/rebuild?token=«T»\"", D=_dom(), T=tok)
    return t, tok, "Trigger CMS rebuild"


@CI("renovate-hostrules-token")
def _():
    tok = _glpat()
    t = _f("{\n  \"hostRules\": [\n    { \"matchHost\": \"gitlab.«D»\", \"token\": \"«T»\" }\n  ]\n}", D=_dom(), T=tok)
    return t, tok, "hostRules"


@CI("dependabot-registries-password")
def _():
    p = _pw()
    t = _f("registries:\n  city-nexus:\n    type: maven-repository\n    url: https://nexus.«D»/repository/maven-public\n    username: dependabot\n    password: «P»", D=_dom(), P=p)
    return t, p, "maven-repository"


@CI("sonar-scanner-login-flag")
def _():
    tok = "sqp_" + _hex(40)
    t = _f("sonar-scanner -Dsonar.projectKey=ozg-forms -Dsonar.host.url=https://sonar.«D» -Dsonar.login=«T»", D=_dom(), T=tok)
    return t, tok, "sonar.projectKey=ozg-forms"


@CI("snyk-auth-uuid")
def _():
    tok = _uuid()
    t = _f("  - run: npx snyk auth «T» && npx snyk test --severity-threshold=high", T=tok)
    return t, tok, "--severity-threshold=high"


@CI("codecov-token-in-yaml")
def _():
    tok = _uuid()
    t = _f("      - uses: codecov/codecov-action@v4\n        with:\n          token: «T»\n          files: coverage.xml", T=tok)
    return t, tok, "codecov/codecov-action@v4"


@CI("cypress-record-key")
def _():
    k = _uuid()
    t = _f("    - npx cypress run --record --key «K» --spec 'cypress/e2e/permit-wizard/*.cy.ts'", K=k)
    return t, k, "permit-wizard"


@CI("sentry-auth-token-env")
def _():
    tok = "sntrys_" + _b64u(90)
    t = _f("      - name: Upload sourcemaps\n        env:\n          SENTRY_AUTH_TOKEN: «T»\n          SENTRY_ORG: «O»", T=tok, O=_pick(["quillmoor", "larkfield"]))
    return t, tok, "Upload sourcemaps"


@CI("npm-publish-node-auth-token")
def _():
    tok = _npm()
    t = _f("      - run: npm publish --access public\n        env:\n          NODE_AUTH_TOKEN: «T»", T=tok)
    return t, tok, "npm publish --access public"


@CI("gradle-publish-cli-password")
def _():
    p = _pw()
    t = _f("./gradlew publish -PmavenUser=ci -PmavenPassword='«P»' -Pversion=${CI_COMMIT_TAG}", P=p)
    return t, p, "./gradlew publish"


@CI("firebase-deploy-token-flag")
def _():
    tok = "1//0" + _s(_B64U, 100)
    t = _f("firebase deploy --only hosting:«S» --token \"«T»\"", S=_pick(["afvalwijzer", "bins", "agenda"]), T=tok)
    return t, tok, "firebase deploy"


@CI("android-signing-config-gradle")
def _():
    p = _pw()
    t = _f("signingConfigs {\n    release {\n        storeFile file(\"../keystore/city311-release.jks\")\n        storePassword \"«P»\"\n        keyAlias \"city311\"\n    }\n}", P=p)
    return t, p, "city311-release.jks"


@CI("fastlane-match-password-env")
def _():
    p = _pw()
    t = _f("# fastlane/.env.ci\nMATCH_GIT_URL=git@gitlab.«D»:mobile/certificates.git\nMATCH_PASSWORD=«P»", D=_dom(), P=p)
    return t, p, "MATCH_GIT_URL"


@CI("android-keystore-properties")
def _():
    p = _pw()
    t = _f("# keystore.properties\nstoreFile=../release.keystore\nkeyAlias=meldingen\nkeyPassword=«P»", P=p)
    return t, p, "keyAlias=meldingen"


@CI("app-store-connect-p8-in-ci")
def _():
    pem, body = _pem("PRIVATE KEY", lines=3)
    t = _f("APP_STORE_CONNECT_KEY_ID: «I»\nAPP_STORE_CONNECT_ISSUER_ID: «U»\nAPP_STORE_CONNECT_KEY_CONTENT: |\n  «K»", I=_uan(10), U=_uuid(), K=pem.replace("\n", "\n  "))
    return t, body.replace("\n", "\n  "), "APP_STORE_CONNECT_ISSUER_ID"


@CI("ssh-action-password-literal")
def _():
    p = _pw()
    t = _f("      - uses: appleboy/ssh-action@v1\n        with:\n          host: «H»\n          username: deploy\n          password: «P»\n          script: cd /srv/agenda && ./restart.sh", H=_host("web"), P=p)
    return t, p, "appleboy/ssh-action@v1"


@CI("ftp-deploy-action-password")
def _():
    p = _pw()
    t = _f("      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5\n        with:\n          server: ftp.«D»\n          username: website\n          password: «P»\n          local-dir: ./public/", D=_dom(), P=p)
    return t, p, "FTP-Deploy-Action"


@CI("msdeploy-dest-password")
def _():
    p = _pw()
    t = _f("msdeploy.exe -verb:sync -source:package=PermitPortal.zip -dest:auto,computerName=\"https://«H»:8172/msdeploy.axd\",userName=\"deploy\",password=\"«P»\",authtype=\"Basic\" -allowUntrusted", H=_host("web"), P=p)
    return t, p, "PermitPortal.zip"


@CI("azure-publish-profile-userpwd")
def _():
    p = _an(60)
    t = _f("<publishData>\n  <publishProfile profileName=\"app-permits-prd - Web Deploy\" publishMethod=\"MSDeploy\" userName=\"$app-permits-prd\" userPWD=\"«P»\" destinationAppUrl=\"https://app-permits-prd.azurewebsites.net\" />\n</publishData>", P=p)
    return t, p, "publishMethod=\"MSDeploy\""


@CI("dbt-profiles-yml-password")
def _():
    p = _pw()
    t = _f("# profiles.yml\nopendata:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n      host: «H»\n      user: dbt\n      password: «P»\n      dbname: warehouse", H=_host("pg"), P=p)
    return t, p, "dbname: warehouse"


@CI("airflow-conn-env-uri")
def _():
    p = _pw("url")
    t = _f("AIRFLOW_CONN_OPENDATA_PG='postgresql://etl:«P»@«H»:5432/opendata'", P=p, H=_host("pg"))
    return t, p, "AIRFLOW_CONN_OPENDATA_PG"


@CI("helmfile-values-inline")
def _():
    p = _pw()
    t = _f("releases:\n  - name: geoserver\n    chart: city/geoserver\n    values:\n      - adminPassword: «P»\n        replicas: 2", P=p)
    return t, p, "city/geoserver"


@CI("concourse-pipeline-params")
def _():
    sk = _awssec()
    t = _f("- put: tiles-bucket\n  params:\n    file: out/tiles-*.tar\n  source:\n    bucket: gis-tiles\n    access_key_id: «K»\n    secret_access_key: «S»", K=_akia(), S=sk)
    return t, sk, "tiles-bucket"


@CI("teamcity-param-env")
def _():
    p = _pw()
    t = _f("<param name=\"env.RMS_DB_PASSWORD\" value=\"«P»\" spec=\"text display='normal'\" />", P=p)
    return t, p, "env.RMS_DB_PASSWORD"


@CI("wrangler-toml-vars")
def _():
    tok = _s(_B64U, 40)
    t = _f("# wrangler.toml\nname = \"afval-api\"\n[vars]\nENVIRONMENT = \"production\"\nUPSTREAM_TOKEN = \"«T»\"", T=tok)
    return t, tok, "afval-api"


@CI("ansible-playbook-vars-inline")
def _():
    p = _pw()
    t = _f("- hosts: geoserver\n  vars:\n    geoserver_admin_password: \"«P»\"\n  roles:\n    - geoserver", P=p)
    return t, p, "roles:"


@CI("woodpecker-secrets-inline")
def _():
    p = _pw()
    t = _f("steps:\n  deploy:\n    image: alpine\n    environment:\n      RSYNC_PASSWORD: «P»\n    commands:\n      - rsync -av public/ rsync://web@«H»/site/", P=p, H=_host("web"))
    return t, p, "image: alpine"
# ===========================================================================
# group: vendor-token  (credentials whose shape identifies the issuer)
# ===========================================================================
@VEN("github-classic-pat-env")
def _():
    tok = _ghp()
    return _f("export GITHUB_TOKEN=«T»  # for release-please on 311-mobile", T=tok), tok, "release-please"


@VEN("github-fine-grained-pat-header")
def _():
    tok = _github_pat()
    return _f("curl -H \"Authorization: token «T»\" https://api.github.com/repos/«O»/open-data-catalog/issues?state=open", T=tok,
              O=_pick(["quillmoor-it", "larkfield-dts"])), tok, "open-data-catalog"


@VEN("github-app-installation-token-json")
def _():
    tok = _ghs()
    return _f("{\"token\":\"«T»\",\"expires_at\":\"«E»Z\",\"permissions\":{\"contents\":\"read\",\"issues\":\"write\"}}", T=tok, E=_ts()), tok, "expires_at"


@VEN("gitlab-pat-private-token-header")
def _():
    tok = _glpat()
    return _f("curl --header \"PRIVATE-TOKEN: «T»\" \"https://gitlab.«D»/api/v4/projects/«N»/pipelines?status=failed\"", T=tok, D=_dom(), N=_n(10, 999)), tok, "/api/v4/projects/"


@VEN("gitlab-runner-registration-token")
def _():
    tok = "glrt-" + _s(_ALNUM + "-_", 20)
    return _f("gitlab-runner register --non-interactive --url https://gitlab.«D» --token «T» --executor docker --description gis-runner-02", D=_dom(), T=tok), tok, "gis-runner-02"


@VEN("gitlab-deploy-token")
def _():
    tok = "gldt-" + _s(_ALNUM + "-_", 20)
    return _f("helm repo add city-charts https://gitlab.«D»/api/v4/projects/«N»/packages/helm/stable --username gitlab+deploy-token-«K» --password «T»", D=_dom(), N=_n(10, 999), K=_n(1, 99), T=tok), tok, "city-charts"


@VEN("gitlab-pipeline-trigger-token")
def _():
    tok = "glptt-" + _hex(40)
    return _f("curl -X POST --fail -F token=«T» -F ref=main https://gitlab.«D»/api/v4/projects/«N»/trigger/pipeline", T=tok, D=_dom(), N=_n(10, 999)), tok, "trigger/pipeline"


@VEN("slack-bot-token-env")
def _():
    tok = _xoxb()
    return _f("SLACK_BOT_TOKEN=«T»\nSLACK_CHANNEL_ID=C0«C»", T=tok, C=_uan(9)), tok, "SLACK_CHANNEL_ID"


@VEN("slack-user-token-curl")
def _():
    tok = _xoxp()
    return _f("curl -s -H 'Authorization: Bearer «T»' 'https://slack.com/api/conversations.history?channel=C0«C»&limit=50'", T=tok, C=_uan(9)), tok, "conversations.history"


@VEN("slack-incoming-webhook-url")
def _():
    sec = _an(24)
    return _f("WEBHOOK=https://hooks.slack.com/services/T«A»/B«B»/«S»\ncurl -X POST -H 'Content-type: application/json' --data '{\"text\":\"CAD interface down\"}' $WEBHOOK", A=_uan(10), B=_uan(11), S=sec), sec, "CAD interface down"


@VEN("slack-app-level-token")
def _():
    tok = "xapp-1-A0" + _uan(9) + "-" + _dig(13) + "-" + _hex(64)
    return _f("SLACK_APP_TOKEN=«T»  # socket mode for the helpdesk bot", T=tok), tok, "socket mode"


@VEN("aws-access-key-pair-env")
def _():
    s = _awssec()
    return _f("AWS_ACCESS_KEY_ID=«K»\nAWS_SECRET_ACCESS_KEY=«S»\nAWS_DEFAULT_REGION=us-gov-west-1", K=_akia(), S=s), s, "AWS_DEFAULT_REGION"


@VEN("aws-session-token-env")
def _():
    tok = "IQoJb3JpZ2luX2VjE" + _s(_B64CH, 300)
    return _f("export AWS_SESSION_TOKEN=«T»", T=tok), tok, "AWS_SESSION_TOKEN"


@VEN("google-api-key-url-param")
def _():
    k = _aiza()
    return _f("https://maps.googleapis.com/maps/api/geocode/json?address=«N»+Market+St&key=«K»", N=_n(1, 999), K=k), k, "maps/api/geocode"


@VEN("google-oauth-client-secret-json")
def _():
    sec = "GOCSPX-" + _s(_B64U, 28)
    return _f("{\"web\":{\"client_id\":\"«C».apps.googleusercontent.com\",\"project_id\":\"qm-forms\",\"client_secret\":\"«S»\",\"redirect_uris\":[\"https://«H»/oauth2callback\"]}}", C=_dig(12) + "-" + _lan(32), S=sec, H=_site("forms")), sec, "project_id"


@VEN("google-refresh-token")
def _():
    tok = "1//0" + _s(_B64U, 98)
    return _f("GOOGLE_REFRESH_TOKEN=«T»  # drive sync of council minutes", T=tok), tok, "council minutes"


@VEN("gcp-service-account-private-key-json")
def _():
    pem, body = _pem("PRIVATE KEY", sep="\\n")
    return _f("\"private_key\": \"«K»\\n\",\n\"client_email\": \"tiles@«P».iam.gserviceaccount.com\",", K=pem, P=_pick(["lc-gis-prod", "qm-maps"])), body, "client_email"


@VEN("stripe-secret-key-header")
def _():
    k = _sk_live()
    return _f("curl https://api.stripe.com/v1/charges?limit=3 -u «K»:", K=k), k, "api.stripe.com"


@VEN("stripe-restricted-key")
def _():
    k = "rk_live_51" + _an(96)
    return _f("STRIPE_RESTRICTED_KEY=«K»  # read-only, reconciliation job", K=k), k, "reconciliation job"


@VEN("stripe-webhook-signing-secret")
def _():
    k = "whsec_" + _an(32)
    return _f("STRIPE_WEBHOOK_SECRET=«K»", K=k), k, "STRIPE_WEBHOOK_SECRET"


@VEN("sendgrid-api-key-python")
def _():
    k = _sg()
    return _f("sg = SendGridAPIClient(\"«K»\")", K=k), k, "SendGridAPIClient"


@VEN("twilio-auth-token-env")
def _():
    tok = _hex(32)
    return _f("TWILIO_ACCOUNT_SID=AC«A»\nTWILIO_AUTH_TOKEN=«T»\nTWILIO_FROM=+1«N»", A=_hex(32), T=tok, N=_dig(10)), tok, "TWILIO_FROM"


@VEN("twilio-api-key-secret-pair")
def _():
    sec = _an(32)
    return _f("twilio api:core:messages:list --api-key SK«K» --api-secret «S» --limit 20", K=_hex(32), S=sec), sec, "api:core:messages:list"


@VEN("mailgun-private-api-key")
def _():
    k = "key-" + _hex(32)
    return _f("curl -s --user 'api:«K»' https://api.eu.mailgun.net/v3/mg.«D»/messages -F from='Permits <noreply@«D»>' -F to=test@«D» -F subject=test -F text=test", K=k, D=_dom()), k, "api.eu.mailgun.net"


@VEN("mailchimp-api-key-dc")
def _():
    k = _hex(32) + "-us" + _n(1, 21)
    return _f("MAILCHIMP_KEY=«K» # newsletter: Raadsnieuws", K=k), k, "Raadsnieuws"


@VEN("npm-automation-token")
def _():
    tok = _npm()
    return _f("//npm.pkg.github.com/:_authToken=«T»", T=tok), tok, "npm.pkg.github.com"


@VEN("pypi-api-token")
def _():
    tok = _pypi()
    return _f("[pypi]\n  username = __token__\n  password = «T»", T=tok), tok, "__token__"


@VEN("docker-hub-pat")
def _():
    tok = "dckr_pat_" + _s(_B64U, 27)
    return _f("echo «T» | docker login -u citygisbot --password-stdin", T=tok), tok, "citygisbot"


@VEN("hashicorp-vault-service-token")
def _():
    tok = _hvs()
    return _f("X-Vault-Token: «T»", T=tok), tok, "X-Vault-Token"


@VEN("terraform-cloud-team-token")
def _():
    tok = _tfc()
    return _f("credentials \"app.terraform.io\" {\n  token = \"«T»\"\n}", T=tok), tok, "app.terraform.io"


@VEN("digitalocean-pat")
def _():
    tok = _dop()
    return _f("doctl auth init -t «T» --context opendata-lab", T=tok), tok, "opendata-lab"


@VEN("huggingface-token")
def _():
    tok = _hf()
    return _f("huggingface-cli login --token «T»  # for the 311 classifier experiment", T=tok), tok, "311 classifier"


@VEN("openai-project-key")
def _():
    k = _openai()
    return _f("OPENAI_API_KEY=«K»", K=k), k, "OPENAI_API_KEY"


@VEN("anthropic-api-key-header")
def _():
    k = _anthropic()
    return _f("curl https://api.anthropic.com/v1/messages -H \"x-api-key: «K»\" -H \"anthropic-version: 2023-06-01\" -d @prompt.json", K=k), k, "anthropic-version"


@VEN("azure-ad-client-secret-env")
def _():
    sec = _azure_client_secret()
    return _f("AZURE_TENANT_ID=«T»\nAZURE_CLIENT_ID=«C»\nAZURE_CLIENT_SECRET=«S»", T=_uuid(), C=_uuid(), S=sec), sec, "AZURE_TENANT_ID"


@VEN("azure-storage-connection-string")
def _():
    k = _azure_key88()
    return _f("DefaultEndpointsProtocol=https;AccountName=stbouwdossiers;AccountKey=«K»;EndpointSuffix=core.windows.net", K=k), k, "stbouwdossiers"


@VEN("azure-sas-url-signature")
def _():
    sig = _sas_sig()
    return _f("https://stbouwdossiers.blob.core.windows.net/dossiers/2025/«N».pdf?sv=2022-11-02&ss=b&srt=o&sp=r&se=2025-12-31T23:59:59Z&st=2025-01-01T00:00:00Z&spr=https&sig=«S»", N=_n(10000, 99999), S=sig), sig, "stbouwdossiers.blob.core.windows.net"


@VEN("azure-servicebus-shared-access-key")
def _():
    k = _b64(32)
    return _f("Endpoint=sb://sb-meldingen-prd.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=«K»", K=k), k, "sb-meldingen-prd"


@VEN("azure-devops-pat-basic")
def _():
    tok = _s(_LOWER + "234567", 52)
    return _f("git clone https://pat:«T»@dev.azure.com/gemeente-«G»/Zaakgericht/_git/zaak-api", T=tok, G=_pick(["klaverdam", "zuidvenne"])), tok, "Zaakgericht"


@VEN("azure-cosmos-account-key")
def _():
    k = _azure_key88()
    return _f("AccountEndpoint=https://cosmos-311-prd.documents.azure.com:443/;AccountKey=«K»;", K=k), k, "cosmos-311-prd"


@VEN("s3-presigned-url-signature")
def _():
    sig = _hex(64)
    return _f("https://qm-foia-uploads.s3.us-gov-west-1.amazonaws.com/requests/«N»/response.zip?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«K»%2F«D»%2Fus-gov-west-1%2Fs3%2Faws4_request&X-Amz-Date=«D»T120000Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
              N=_n(1000, 9999), K=_akia(), D=_date().replace("-", ""), S=sig), sig, "qm-foia-uploads"


@VEN("gcs-signed-url-signature")
def _():
    sig = _hex(512)
    return _f("https://storage.googleapis.com/lc-census-exports/tract_«N».csv?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40lc-census.iam.gserviceaccount.com%2F«D»%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=«D»T000000Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»",
              N=_n(100, 999), D=_date().replace("-", ""), S=sig), sig, "lc-census-exports"


@VEN("cloudfront-signed-url-signature")
def _():
    sig = _s(_ALNUM + "-~", 172)
    return _f("https://d«C».cloudfront.net/hearings/«N».mp4?Expires=«E»&Signature=«S»&Key-Pair-Id=K«K»", C=_lan(13), N=_n(1000, 9999), E=_n(1735000000, 1765000000), S=sig, K=_uan(13)), sig, "Key-Pair-Id"


@VEN("jwt-bearer-hs256")
def _():
    tok = _jwt()
    return _f("Authorization: Bearer «T»", T=tok), tok, "Authorization"


@VEN("telegram-bot-token")
def _():
    tok = _dig(10) + ":AA" + _s(_B64U, 33)
    return _f("https://api.telegram.org/bot«T»/sendMessage?chat_id=-100«C»&text=Water+main+break+reported", T=tok, C=_dig(10)), tok, "sendMessage"


@VEN("discord-webhook-url")
def _():
    sec = _s(_B64U, 68)
    return _f("https://discord.com/api/webhooks/«I»/«S»", I=_dig(19), S=sec), sec, "discord.com/api/webhooks"


@VEN("teams-incoming-webhook-url")
def _():
    sec = _hex(32)
    return _f("https://«T».webhook.office.com/webhookb2/«A»@«B»/IncomingWebhook/«S»/«C»", T=_pick(["klaverdam", "sanktaurel"]), A=_uuid(), B=_uuid(), S=sec, C=_uuid()), sec, "IncomingWebhook"


@VEN("okta-ssws-api-token")
def _():
    tok = "00" + _s(_B64U, 40)
    return _f("curl -H \"Authorization: SSWS «T»\" https://«O».okta.com/api/v1/users?limit=25", T=tok, O=_pick(["larkfield", "quillmoor-gov"])), tok, "okta.com"


@VEN("auth0-client-secret")
def _():
    sec = _s(_B64U, 64)
    return _f("AUTH0_DOMAIN=«O».us.auth0.com\nAUTH0_CLIENT_SECRET=«S»", O=_pick(["parkbookings", "libraryevents"]), S=sec), sec, "AUTH0_DOMAIN"


@VEN("cloudflare-api-token")
def _():
    tok = _s(_B64U, 40)
    return _f("curl -H \"Authorization: Bearer «T»\" https://api.cloudflare.com/client/v4/zones/«Z»/purge_cache -d '{\"purge_everything\":true}'", T=tok, Z=_hex(32)), tok, "purge_cache"


@VEN("cloudflare-global-api-key")
def _():
    k = _hex(37)
    return _f("X-Auth-Email: webteam@«D»\nX-Auth-Key: «K»", D=_dom(), K=k), k, "X-Auth-Email"


@VEN("netlify-personal-token")
def _():
    tok = "nfp_" + _an(36)
    return _f("netlify deploy --prod --auth «T» --site «S»", T=tok, S=_uuid()), tok, "netlify deploy --prod"


@VEN("fly-io-token")
def _():
    tok = "fo1_" + _s(_B64U, 43)
    return _f("FLY_API_TOKEN=«T» flyctl deploy -a council-agenda", T=tok), tok, "flyctl deploy"


@VEN("supabase-service-role-jwt")
def _():
    tok = _jwt(claims={"iss": "supabase", "ref": _lan(20), "role": "service_role", "iat": 1720000000, "exp": 2035000000})
    return _f("SUPABASE_URL=https://«R».supabase.co\nSUPABASE_SERVICE_ROLE_KEY=«T»", R=_lan(20), T=tok), tok, "SUPABASE_URL"


@VEN("supabase-management-token")
def _():
    tok = "sbp_" + _hex(40)
    return _f("supabase login --token «T»", T=tok), tok, "supabase login"


@VEN("planetscale-password")
def _():
    p = "pscale_pw_" + _s(_B64U, 43)
    return _f("mysql -h aws.connect.psdb.cloud -u «U» -p«P» --ssl-mode=VERIFY_IDENTITY parkbookings", U=_lan(12), P=p), p, "aws.connect.psdb.cloud"


@VEN("doppler-service-token")
def _():
    tok = "dp.st.prd." + _an(40)
    return _f("DOPPLER_TOKEN=«T» doppler run -- ./start.sh", T=tok), tok, "doppler run"


@VEN("pulumi-access-token")
def _():
    tok = "pul-" + _hex(40)
    return _f("PULUMI_ACCESS_TOKEN=«T»", T=tok), tok, "PULUMI_ACCESS_TOKEN"


@VEN("onepassword-service-account-token")
def _():
    tok = "ops_eyJ" + _s(_B64U, 300)
    return _f("OP_SERVICE_ACCOUNT_TOKEN=«T»", T=tok), tok, "OP_SERVICE_ACCOUNT_TOKEN"


@VEN("tailscale-auth-key")
def _():
    tok = "tskey-auth-k" + _an(11) + "CNTRL-" + _an(33)
    return _f("tailscale up --authkey=«T» --advertise-tags=tag:cad-gw --hostname=cad-gw-«N»", T=tok, N=_n(1, 9)), tok, "tag:cad-gw"


@VEN("ngrok-authtoken")
def _():
    tok = "2" + _an(26) + "_" + _an(21)
    return _f("ngrok config add-authtoken «T»", T=tok), tok, "ngrok config add-authtoken"


@VEN("age-secret-key")
def _():
    k = "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    return _f("# created: «D»\n# public key: age1«P»\n«K»", D=_ts(), P=_s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), K=k), k, "# public key"


@VEN("sentry-user-auth-token")
def _():
    tok = "sntryu_" + _hex(64)
    return _f("sentry-cli --auth-token «T» releases new permits-portal@3.«N».0", T=tok, N=_n(1, 30)), tok, "releases new"


@VEN("datadog-api-and-app-key")
def _():
    k = _hex(40)
    return _f("DD_API_KEY=«A»\nDD_APP_KEY=«K»\nDD_SITE=datadoghq.eu", A=_hex(32), K=k), k, "DD_SITE"


@VEN("newrelic-user-key")
def _():
    k = "NRAK-" + _uan(27)
    return _f("curl -X POST https://api.newrelic.com/graphql -H 'API-Key: «K»' -d '{\"query\":\"{ actor { user { name } } }\"}'", K=k), k, "api.newrelic.com/graphql"


@VEN("grafana-service-account-token")
def _():
    tok = "glsa_" + _an(32) + "_" + _hex(8)
    return _f("GRAFANA_TOKEN=«T»  # provisioning dashboards for CAD", T=tok), tok, "provisioning dashboards"


@VEN("dynatrace-api-token")
def _():
    tok = "dt0c01." + _uan(24) + "." + _uan(64)
    return _f("curl -H \"Authorization: Api-Token «T»\" https://«E».live.dynatrace.com/api/v2/problems", T=tok, E=_lan(8)), tok, "/api/v2/problems"


@VEN("pagerduty-integration-key")
def _():
    k = _hex(32)
    return _f("{\"routing_key\":\"«K»\",\"event_action\":\"trigger\",\"payload\":{\"summary\":\"CAD-RMS interface queue > 500\",\"severity\":\"critical\",\"source\":\"cad-bridge\"}}", K=k), k, "event_action"


@VEN("atlassian-api-token")
def _():
    tok = "ATATT3xFfGF0" + _s(_B64U, 170) + "=" + _HEX(8)
    return _f("curl -u «E»:«T» https://«O».atlassian.net/rest/api/3/search?jql=project=HELP", E=_email(), T=tok, O=_pick(["larkfield-it", "quillmoor"])), tok, "rest/api/3/search"


@VEN("postman-api-key")
def _():
    k = "PMAK-" + _hex(24) + "-" + _hex(34)
    return _f("POSTMAN_API_KEY=«K»  # monitors for the open-data API", K=k), k, "POSTMAN_API_KEY"


@VEN("linear-api-key")
def _():
    k = "lin_api_" + _an(40)
    return _f("LINEAR_API_KEY=«K»  # sync helpdesk escalations", K=k), k, "helpdesk escalations"


@VEN("notion-integration-secret")
def _():
    k = "ntn_" + _an(46)
    return _f("curl https://api.notion.com/v1/databases/«D»/query -H \"Authorization: Bearer «K»\" -H \"Notion-Version: 2022-06-28\"", D=_hex(32), K=k), k, "Notion-Version"


@VEN("airtable-pat")
def _():
    k = "pat" + _an(14) + "." + _hex(64)
    return _f("AIRTABLE_TOKEN=«K»\nAIRTABLE_BASE=app«B»", K=k, B=_an(14)), k, "AIRTABLE_BASE"


@VEN("shopify-admin-token")
def _():
    k = "shpat_" + _hex(32)
    return _f("X-Shopify-Access-Token: «K»  # city merch store (parks dept)", K=k), k, "parks dept"


@VEN("square-access-token")
def _():
    k = "EAAA" + _s(_B64U, 60)
    return _f("SQUARE_ACCESS_TOKEN=«K»\nSQUARE_LOCATION_ID=L«L»", K=k, L=_uan(12)), k, "SQUARE_LOCATION_ID"


@VEN("braintree-access-token")
def _():
    k = "access_token$production$" + _lan(16) + "$" + _hex(32)
    return _f("BT_ACCESS_TOKEN=«K»", K=k), k, "BT_ACCESS_TOKEN"


@VEN("razorpay-key-secret")
def _():
    sec = _an(24)
    return _f("RAZORPAY_KEY_ID=rzp_live_«I»\nRAZORPAY_KEY_SECRET=«S»", I=_an(14), S=sec), sec, "RAZORPAY_KEY_ID"


@VEN("mollie-live-api-key")
def _():
    k = "live_" + _an(30)
    return _f("$mollie->setApiKey(\"«K»\"); // parkeervergunning betalingen", K=k), k, "parkeervergunning"


@VEN("adyen-api-key")
def _():
    k = "AQE" + _s(_B64CH, 40) + "=-" + _s(_B64CH, 44) + "=-" + _s(_ALNUM + "<>[]{}", 20)
    return _f("X-API-Key: «K»", K=k), k, "X-API-Key"


@VEN("hubspot-private-app-token")
def _():
    k = "pat-eu1-" + _uuid()
    return _f("HUBSPOT_TOKEN=«K»  # economic development CRM", K=k), k, "economic development"


@VEN("contentful-management-token")
def _():
    k = "CFPAT-" + _s(_B64U, 43)
    return _f("contentful space export --space-id «S» --management-token «K»", S=_lan(12), K=k), k, "contentful space export"


@VEN("firebase-cloud-messaging-server-key")
def _():
    k = "AAAA" + _s(_B64U, 7) + ":APA91b" + _s(_B64U, 134)
    return _f("Authorization: key=«K»", K=k), k, "Authorization: key="


@VEN("mapbox-secret-token")
def _():
    k = "sk.eyJ1Ijoi" + _b64ut("%s\",\"a\":\"%s\"}" % (_pick(["citygis", "lcmaps"]), _lan(25))) + "." + _s(_B64U, 22)
    return _f("MAPBOX_UPLOAD_TOKEN=«K»", K=k), k, "MAPBOX_UPLOAD_TOKEN"


@VEN("arcgis-api-key")
def _():
    k = "AAPK" + _hex(32) + _s(_B64U, 60)
    return _f("const esriConfig = { apiKey: \"«K»\" };", K=k), k, "esriConfig"


@VEN("algolia-admin-key")
def _():
    k = _hex(32)
    return _f("ALGOLIA_APP_ID=«A»\nALGOLIA_ADMIN_API_KEY=«K»", A=_uan(10), K=k), k, "ALGOLIA_APP_ID"


@VEN("recaptcha-secret-key")
def _():
    k = "6L" + _s(_B64U, 38)
    return _f("curl -s -d \"secret=«K»&response=$TOKEN\" https://www.google.com/recaptcha/api/siteverify", K=k), k, "recaptcha/api/siteverify"


@VEN("hcaptcha-secret")
def _():
    k = "0x" + _hex(40)
    return _f("HCAPTCHA_SECRET=«K»  # contact form on the 311 portal", K=k), k, "contact form"


@VEN("gov-uk-notify-api-key")
def _():
    sec = _uuid()
    return _f("NOTIFY_API_KEY=«N»-«S1»-«S»", N=_pick(["council_tax_live", "bins-live", "permits_test"]), S1=_uuid(), S=sec), sec, "NOTIFY_API_KEY"


@VEN("gov-uk-pay-api-key")
def _():
    k = "api_live_" + _lan(26) + _lan(32)
    return _f("curl https://publicapi.payments.service.gov.uk/v1/payments -H \"Authorization: Bearer «K»\"", K=k), k, "publicapi.payments.service.gov.uk"


@VEN("socrata-secret-token-pair")
def _():
    sec = _s(_B64U, 32)
    return _f("SOCRATA_APP_TOKEN=«A»\nSOCRATA_KEY_ID=«I»\nSOCRATA_KEY_SECRET=«S»", A=_an(25), I=_lan(25), S=sec), sec, "SOCRATA_KEY_ID"


@VEN("ckan-api-token-jwt")
def _():
    tok = _jwt(claims={"jti": _b64u(40), "iat": _R.randint(1735000000, 1765000000)})
    return _f("ckanapi action package_patch id=parking-occupancy -r https://«S» -a «T»", S=_site("data"), T=tok), tok, "package_patch"


@VEN("sam-gov-api-key")
def _():
    k = _an(40)
    return _f("api.sam.gov key (system account procurement-sync): «K»", K=k), k, "procurement-sync"


@VEN("login-gov-private-key-jwt-pem")
def _():
    pem, body = _pem("PRIVATE KEY")
    return _f("# login.gov sandbox SP key (private_key_jwt)\n«K»", K=pem), body, "login.gov sandbox"


@VEN("franceconnect-client-secret-hex")
def _():
    sec = _hex(64)
    return _f("FranceConnect (intégration) — client_secret: «S»", S=sec), sec, "FranceConnect"


@VEN("digid-pkio-key-encrypted-pem")
def _():
    pem, body = _pem("ENCRYPTED PRIVATE KEY")
    return _f("pkio_digid_sp_«G».key:\n«K»", G=_pick(["klaverdam", "zuidvenne"]), K=pem), body, "pkio_digid_sp_"


@VEN("bankid-rp-p12-password")
def _():
    p = _pw()
    return _f("BankID RP cert FP-«N».p12, lösen: «P»", N=_n(2024, 2026), P=p), p, "BankID RP cert"


@VEN("digilocker-client-secret")
def _():
    sec = _hex(40)
    return _f("DIGILOCKER_CLIENT_ID=«I»\nDIGILOCKER_CLIENT_SECRET=«S»", I=_uan(8), S=sec), sec, "DIGILOCKER_CLIENT_ID"


@VEN("govbr-login-unico-client-secret")
def _():
    sec = _s(_B64U, 86)
    return _f("GOVBR_CLIENT_ID=«H»\nGOVBR_CLIENT_SECRET=«S»", H=_site("servicos"), S=sec), sec, "GOVBR_CLIENT_ID"


@VEN("tyler-efm-api-key-invented")
def _():
    k = "efm_live_" + _an(40)
    return _f("EFM_API_KEY=«K»  # Odyssey eFile EFSP, district court", K=k), k, "district court"


@VEN("accela-app-secret")
def _():
    k = _hex(32)
    return _f("x-accela-appid: «I»\nx-accela-appsecret: «K»", I=_dig(18), K=k), k, "x-accela-appid"


@VEN("cityworks-token-invented")
def _():
    tok = "cwtk_" + _b64u(36)
    return _f("https://«S»/cityworks/services/AMS/WorkOrder/ByIds?data={\"WorkOrderIds\":[\"«N»\"]}&token=«T»", S=_site("assets"), N=_n(100000, 999999), T=tok), tok, "WorkOrder/ByIds"


@VEN("seeclickfix-api-token-invented")
def _():
    tok = "scf_" + _hex(40)
    return _f("Authorization: Token «T»  # SeeClickFix org «O»", T=tok, O=_n(100, 9999)), tok, "SeeClickFix org"


@VEN("axon-evidence-client-secret-invented")
def _():
    sec = _s(_B64U, 48)
    return _f("AXON_PARTNER_ID=«P»\nAXON_CLIENT_SECRET=«S»  # evidence.com bulk export", P=_uuid(), S=sec), sec, "bulk export"


@VEN("mark43-api-token-invented")
def _():
    tok = "m43_" + _an(44)
    return _f("curl -H \"Authorization: Bearer «T»\" https://«O».mark43.example/api/rms/v1/reports?updatedSince=«D»", T=tok, O=_pick(["larkfieldpd", "quillmoorpd"]), D=_date()), tok, "/api/rms/v1/reports"


@VEN("elster-eric-cert-pin-env")
def _():
    p = _pin(6)
    return _f("ERIC_ZERTIFIKAT=/opt/eric/certs/stadtkasse.pfx\nERIC_PIN=«P»", P=p), p, "ERIC_ZERTIFIKAT"


@VEN("fit-connect-client-secret-invented")
def _():
    sec = _s(_B64U, 43)
    return _f("FIT_CONNECT_CLIENT_ID=«C»\nFIT_CONNECT_CLIENT_SECRET=«S»\nFIT_CONNECT_ENV=test", C=_uuid(), S=sec), sec, "FIT_CONNECT_ENV=test"
# ---------------------------------------------------------------------------
# late additions: heredocs, wrapped tokens, non-ASCII passwords
# ---------------------------------------------------------------------------
@CMD("heredoc-write-dotenv")
def _():
    p = _pw()
    t = _f("cat > /srv/foia/.env <<'EOF'\nDJANGO_SETTINGS_MODULE=foia.settings.prod\nDB_HOST=«H»\nDB_PASSWORD=«P»\nEOF\nchmod 600 /srv/foia/.env", H=_host("pg"), P=p)
    return t, p, "chmod 600 /srv/foia/.env"


@CMD("kubectl-apply-heredoc-secret")
def _():
    p = _pw()
    t = _f("kubectl apply -f - <<EOF\napiVersion: v1\nkind: Secret\nmetadata:\n  name: evs-db\n  namespace: elections\nstringData:\n  password: \"«P»\"\nEOF", P=p)
    return t, p, "namespace: elections"


@CMD("psql-heredoc-create-role")
def _():
    p = _pw()
    t = _f("psql -h «H» -U postgres <<SQL\nCREATE ROLE ckan_datastore_ro LOGIN PASSWORD '«P»';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO ckan_datastore_ro;\nSQL", H=_host("pg"), P=p)
    return t, p, "ckan_datastore_ro"


@OUT("terminal-wrapped-jwt")
def _():
    tok = _jwt(alg="RS256")
    wrapped = "\n".join(tok[i:i + 80] for i in range(0, len(tok), 80))
    t = _f("$ cat /var/run/secrets/efile/token\n«T»", T=wrapped)
    return t, wrapped, "/var/run/secrets/efile/token"


@NOTE("german-note-umlaut-password")
def _():
    p = _pw("unicode")
    t = _f("«N»: neues Kennwort für den Kassenautomaten-Admin im Bürgeramt: «P» (Umlaute beachten!)", N=_first(), P=p)
    return t, p, "Kassenautomaten-Admin"


@NOTE("swedish-note-aao-password")
def _():
    p = _pw("unicode")
    t = _f("«N»: lösenordet till reception-kiosken i kommunhuset är nu «P» – ja, med å/ä/ö", N=_first(), P=p)
    return t, p, "reception-kiosken"


@CFG("env-file-multiline-quoted-key")
def _():
    pem, body = _pem("EC PRIVATE KEY", lines=3)
    t = _fhead(".env.local") + _f("ID_PORTEN_CLIENT_ID=«C»\nID_PORTEN_PRIVATE_KEY=\"«K»\"\nID_PORTEN_ENV=test", C=_uuid(), K=pem)
    return t, body, "ID_PORTEN_ENV=test"


# ===========================================================================
# BENIGN look-alikes (no credential inside)
# ===========================================================================
_BENIGN_FNS = []


def BEN(fn):
    _BENIGN_FNS.append(fn)
    return fn


def _sha():
    return _hex(40)


def _short():
    return _hex(7)


def _pem_public(label="CERTIFICATE", lines=None):
    n = lines or _R.randint(3, 6)
    pre = {"CERTIFICATE": "MIID", "PUBLIC KEY": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA",
           "PGP PUBLIC KEY BLOCK": "mQINBG"}[label]
    body = pre + _s(_B64CH, 64 * n - len(pre))
    lines_ = "\n".join(body[i:i + 64] for i in range(0, len(body), 64))
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (label, lines_, label)


def _ssh_pub():
    kind = _pick(["ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256"])
    if kind == "ssh-ed25519":
        body = "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(_B64CH, 43)
    elif kind == "ssh-rsa":
        body = "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(_B64CH, 200)
    else:
        body = "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB" + _s(_B64CH, 90)
    return "%s %s %s@%s" % (kind, body, _login(), _pick(["laptop", "jump01", "ws-%s" % _n(100, 999), "ci"]))


def _fp():
    return "SHA256:" + _b64(32).rstrip("=")


def _traceparent():
    return "00-%s-%s-01" % (_hex(32), _hex(16))


def _mask(prefix, n_stars, tail):
    return prefix + "*" * n_stars + tail


# ---- commands ---------------------------------------------------------------
@BEN
def _():
    return _f("git checkout «S» -- config/«F»", S=_sha(), F=_pick(["settings.py", "database.yml", "appsettings.json", "ckan.ini"]))


@BEN
def _():
    return _f("git cherry-pick «S»  # fix: password reset mail used wrong locale", S=_sha())


@BEN
def _():
    return _f("$ sha256sum «F»\n«H»  «F»", F=_pick(["ckan-2.10.4.tar.gz", "eidas-node-2.7.1.zip", "geoserver-2.24.2-bin.zip", "voter_roll_export.csv.enc", "terraform_1.7.5_linux_amd64.zip"]), H=_hex(64))


@BEN
def _():
    return _f("docker pull registry.«D»/«I»@sha256:«H»", D=_dom(), I=_pick(["permits/api", "gis/tiles", "efile/connector", "keycloak/keycloak"]), H=_hex(64))


@BEN
def _():
    return _f("kubectl -n «N» create secret generic db-credentials --from-file=password=./secrets/«N»_db_password.txt --from-literal=username=«U»", N=_pick(["permits", "case311", "elections", "gis"]), U=_svc())


@BEN
def _():
    return _f("vault kv get -field=password secret/«S»/«E»/db", S=_sys(), E=_env())


@BEN
def _():
    return _f("aws secretsmanager get-secret-value --secret-id «E»/«S»/db --query SecretString --output text | jq -r .username", E=_pick(["prod", "stg"]), S=_sys())


@BEN
def _():
    return _f("export PGPASSWORD=\"$(vault kv get -field=password secret/«S»/db)\"\npsql -h «H» -U «U» -d «D» -c '\\dt'", S=_sys(), H=_host("pg"), U=_svc(), D=_db())


@BEN
def _():
    return _f("psql \"host=«H» port=5432 dbname=«D» user=«U» sslmode=verify-full\"  # password comes from ~/.pgpass", H=_host("pg"), D=_db(), U=_svc())


@BEN
def _():
    return _f("curl -sS -H \"Authorization: Bearer ${«V»}\" https://«S»/api/v1/«P»", V=_pick(["TOKEN", "API_TOKEN", "CKAN_TOKEN", "EFM_TOKEN"]), S=_site(), P=_pick(["cases", "permits", "datasets", "filings"]))


@BEN
def _():
    return _f("curl -u \"$«A»:$«B»\" https://«S»/export?format=csv -o export_«D».csv", A=_pick(["API_USER", "SVC_USER"]), B=_pick(["API_PASS", "SVC_PASSWORD"]), S=_site(), D=_date())


@BEN
def _():
    return _f("openssl rand -hex 32 > /run/secrets/«N» && chmod 400 /run/secrets/«N»", N=_pick(["webhook_key", "session_secret", "hmac_key", "csrf_key"]))


@BEN
def _():
    return _f("$ ssh-keygen -lf ~/.ssh/«K».pub\n256 «F» «U»@«H» (ED25519)", K=_pick(["id_ed25519", "efile_deploy", "gitlab_ci"]), F=_fp(), U=_login(), H=_pick(["laptop", "jump01"]))


@BEN
def _():
    return _f("$ gpg --list-keys «E»\npub   ed25519 2024-0«M»-1«D» [SC] [expires: 2027-0«M»-1«D»]\n      «F»\nuid           [ultimate] «N» <«E»>", E=_email(), M=_n(1, 9), D=_n(0, 9), F=_HEX(40), N=" ".join(_person()[:2]))


@BEN
def _():
    return _f("docker login harbor.«D» -u robot$ci --password-stdin < /run/secrets/harbor_robot", D=_dom())


@BEN
def _():
    return _f("mysqldump --defaults-extra-file=/etc/mysql/backup.cnf --single-transaction «D» > /backup/«D»_«T».sql", D=_db(), T=_date())


@BEN
def _():
    return _f("$ az keyvault secret show --vault-name kv-«S»-«E» --name sql-admin-password --query id -o tsv\nhttps://kv-«S»-«E».vault.azure.net/secrets/sql-admin-password/«V»", S=_sys(), E=_env(), V=_hex(32))


@BEN
def _():
    msgs = ["fix password reset email template", "rotate token handling in open311 client", "mask secrets in debug logs",
            "add api key header for SAM.gov", "remove hardcoded credentials (moved to vault)", "bump keycloak to 24.0.5",
            "wachtwoordbeleid: minimaal 14 tekens", "Passwort-Richtlinie angepasst", "ajout du flux FranceConnect v2",
            "lösenordsbyte via självservice", "corrige validação de senha", "token refresh retries with backoff"]
    return "\n".join("%s %s" % (_short(), _pick(msgs)) for _ in range(_R.randint(3, 5)))


@BEN
def _():
    return _f("$ uuidgen\n«U»", U=_uuid())


@BEN
def _():
    return _f("pip install --require-hashes -r requirements.txt\n# requests==2.32.3 --hash=sha256:«H»", H=_hex(64))


@BEN
def _():
    return _f("PS> Get-FileHash .\\«F» -Algorithm SHA256\n\nAlgorithm       Hash                                                                   Path\n---------       ----                                                                   ----\nSHA256          «H»       C:\\install\\«F»", F=_pick(["BankID_RP_setup.msi", "EricSetup.exe", "CAD-Client-7.4.msi"]), H=_HEX(64))


@BEN
def _():
    return _f("$ openssl x509 -in «F» -noout -fingerprint -sha256\nsha256 Fingerprint=«H»", F=_pick(["digid-sp.crt", "eidas-connector.pem", "pkio-server.crt", "login-gov-sp.crt"]), H=":".join(_HEX(2) for _ in range(32)))


@BEN
def _():
    return "\n".join(["NAME                                READY   STATUS    RESTARTS   AGE"] + ["%-35s 1/1     Running   0          %dd" % ("%s-%s-%s" % (_pick(["permits-api", "case311-worker", "ckan", "efile-connector", "keycloak"]), _lan(10), _lan(5)), _R.randint(1, 30)) for _ in range(3)])


@BEN
def _():
    return _f("REPOSITORY                         TAG       IMAGE ID       CREATED        SIZE\nregistry.«D»/«I»   «T»    «H»   «N» days ago    «S»MB", D=_dom(), I=_pick(["permits/api", "gis/tiles", "rms/bridge"]), T=_pick(["2.4.1", "latest", "1.19.0"]), H=_hex(12), N=_n(2, 60), S=_n(80, 900))


@BEN
def _():
    return _f("  # module.db.azurerm_postgresql_flexible_server.main will be updated in-place\n  ~ resource \"azurerm_postgresql_flexible_server\" \"main\" {\n      ~ administrator_password = (sensitive value)\n        id                     = \"/subscriptions/«S»/resourceGroups/rg-«N»/providers/Microsoft.DBforPostgreSQL/flexibleServers/psql-«N»\"\n    }", S=_uuid(), N=_sys())


@BEN
def _():
    return _f("$ helm get values «R» -n «N»\nUSER-SUPPLIED VALUES:\nauth:\n  existingSecret: «R»-admin\n  password: \"\"\nreplicaCount: 2", R=_pick(["keycloak", "ckan", "geoserver"]), N=_pick(["iam", "opendata", "gis"]))


@BEN
def _():
    return _f("$ env | grep -i «P»\n«V»_PASSWORD=********\n«V»_USER=«U»\n«V»_HOST=«H»", P=_pick(["db", "smtp", "ldap"]), V=_pick(["DB", "SMTP", "LDAP"]), U=_svc(), H=_host())


@BEN
def _():
    return _f("{\n    \"UserId\": \"AIDA«U»\",\n    \"Account\": \"«A»\",\n    \"Arn\": \"arn:aws:iam::«A»:user/«N»\"\n}", U=_s(_UPPER + "234567", 17), A=_dig(12), N=_pick(["svc-tiles-uploader", "ci-opendata", "svc-foia-archive"]))


@BEN
def _():
    return _f("$ aws kms describe-key --key-id alias/«A» --query KeyMetadata.KeyId --output text\n«K»", A=_pick(["permits-prod", "elections-backup", "foia-docs"]), K=_uuid())


@BEN
def _():
    return _f("$ git config --get remote.origin.url\nhttps://github.com/«O»/«R».git", O=_pick(["quillmoor-it", "larkfield-dts", "ashbury-gis"]), R=_pick(["permits-portal", "open311-bridge", "council-agenda", "foia"]))


@BEN
def _():
    return _f("$ ls -l /etc/ssl/private/\n-rw------- 1 root root 1704 «M» «D» 2025 «F».key\n-rw------- 1 root ssl-cert 3243 «M» «D» 2025 «G».key", M=_pick(["Jan", "Mar", "Sep"]), D=_n(1, 28), F=_pick(["permits", "efile", "data"]) + "." + _dom(), G=_pick(["star", "wildcard"]) + "." + _dom())


@BEN
def _():
    txt = _pick(["hello from the permits team", "Gemeente Klaverdam - testbericht", "Bonjour la mairie", "mode=prod\nregion=eu",
                 "Hej kommunen", "olá prefeitura", "case-id: %s" % _n(10000, 99999), "status=closed;priority=3"])
    return _f("$ echo «B» | base64 -d\n«T»", B=_b64t(txt + " " + _n(1, 999)), T=txt + " ...")


@BEN
def _():
    return _f("$ echo -n '«T»' | sha256sum\n«H»  -", T=_pick(["parcel-", "case-", "ballot-batch-"]) + _n(1000, 99999), H=_hex(64))


@BEN
def _():
    return _f("gh run list --repo «O»/«R» --limit 3\nSTATUS  TITLE                      WORKFLOW  BRANCH  EVENT  ID\n✓       «T»   ci        main    push   «I»", O=_pick(["quillmoor-it", "larkfield-dts"]), R=_pick(["permits-portal", "foia"]), T=_pick(["rotate secrets reference ", "bump deps               "]), I=_dig(10))


@BEN
def _():
    return _f("kubectl get secret «N» -n «S» -o jsonpath='{.metadata.annotations}'\n{\"reflector.v1.k8s.emberstack.com/reflection-allowed\":\"true\",\"rotated-at\":\"«T»\"}", N=_pick(["db-credentials", "smtp", "ldap-bind"]), S=_pick(["permits", "helpdesk"]), T=_tsz())


@BEN
def _():
    return _f("ssh -i ~/.ssh/«K» -o IdentitiesOnly=yes «U»@«H»", K=_pick(["efile_deploy", "id_ed25519_cad", "gis_admin"]), U=_pick(["deploy", "admin", "ops"]), H=_host())


@BEN
def _():
    return _f("op read \"op://«V»/«I»/password\" | kubectl create secret generic «N» --from-file=password=/dev/stdin", V=_pick(["Gemeente-ICT", "Infra", "Drift"]), I=_pick(["DigiD-keystore", "smtp-relay", "ldap-bind"]), N=_pick(["digid-ks", "smtp", "ldap"]))


@BEN
def _():
    return _f("gcloud secrets versions add «N» --data-file=- < /tmp/«N».txt && shred -u /tmp/«N».txt", N=_pick(["arcgis-api-key", "notify-key", "ckan-token"]))


# ---- tool output / logs -----------------------------------------------------
@BEN
def _():
    return _f("«TS» INFO [«S»] request_id=«R» traceparent=«T» status=200 dur_ms=«D»", TS=_tsz(), S=_pick(["permits-api", "case311", "efile-gw"]), R=_uuid(), T=_traceparent(), D=_n(3, 900))


@BEN
def _():
    return _f("HTTP/1.1 200 OK\nETag: W/\"«E»\"\nX-Request-Id: «R»\nCache-Control: private, max-age=0", E=_hex(32), R=_uuid())


@BEN
def _():
    return _f("«TS» spid=«N» Login failed for user '«U»'. Reason: Password did not match that for the login provided. [CLIENT: «I»]", TS=_ts().replace("T", " "), N=_n(50, 400), U=_svc(), I=_ip())


@BEN
def _():
    return _f("ERROR 1045 (28000): Access denied for user '«U»'@'«I»' (using password: YES)", U=_svc(), I=_ip())


@BEN
def _():
    return _f("«TS» UTC [«N»] FATAL:  password authentication failed for user \"«U»\"\n«TS» UTC [«N»] DETAIL:  Connection matched pg_hba.conf line 97: \"hostssl all all 10.0.0.0/8 scram-sha-256\"", TS=_ts().replace("T", " "), N=_n(1000, 90000), U=_svc())


@BEN
def _():
    return _f("stripe.error.AuthenticationError: Invalid API Key provided: sk_live_********************«T»", T=_an(4))


@BEN
def _():
    return _f("«TS» DEBUG outbound headers: {'Authorization': 'Bearer [REDACTED]', 'X-Correlation-Id': '«C»'}", TS=_ts(), C=_uuid())


@BEN
def _():
    return _f("Looking in indexes: https://«U»:****@artifactory.«D»/api/pypi/pypi/simple", U=_svc(), D=_dom())


@BEN
def _():
    return _f("[«TS»: INFO/MainProcess] Connected to amqp://notify:**@«H»:5672/notify", TS=_ts().replace("T", " "), H=_host("mq"))


@BEN
def _():
    return _f("«TS» INFO password reset e-mail sent to «A»***@«D» (ticket «T»)", TS=_ts(), A=_login()[:2], D=_dom(), T="RITM" + _n(1000000, 9999999))


@BEN
def _():
    return _f("«TS» INFO SecretsManager rotation succeeded for «E»/«S»/db (version «V», stage AWSCURRENT)", TS=_ts(), E=_pick(["prod", "stg"]), S=_sys(), V=_uuid())


@BEN
def _():
    return _f("«TS» [INFO]  expiration: renewed lease: lease_id=database/creds/«R»/«L» lease_duration=1h", TS=_tsz(), R=_pick(["readonly", "etl", "reporting"]), L=_an(24))


@BEN
def _():
    return _f("«TS» WARN correlatie-id «C»: StUF-BG antwoord traag («N» ms) voor zaak «Z»", TS=_ts(), C=_uuid(), N=_n(2000, 9000), Z="ZAAK-" + _n(2024, 2025) + "-" + _n(10000, 99999))


@BEN
def _():
    return _f("Downloaded eidas-node-«V».war (sha256=«H») OK", V=_pick(["2.7.1", "2.8.0"]), H=_hex(64))


@BEN
def _():
    return _f("HEAD is now at «S» Merge pull request #«N» from «O»/fix/password-policy", S=_short(), N=_n(100, 999), O=_login())


@BEN
def _():
    return _f("«I»: Pulling from «R»\nDigest: sha256:«H»\nStatus: Downloaded newer image for «R»:«T»", I=_pick(["latest", "2.10"]), R=_pick(["ckan/ckan-base", "postgis/postgis", "kartoza/geoserver"]), H=_hex(64), T=_pick(["2.10", "16-3.4", "2.24.2"]))


@BEN
def _():
    return _f("«TS» INFO twilio: message queued sid=SM«S» account=AC«A» to=+1«N»***", TS=_ts(), S=_hex(32), A=_hex(32), N=_dig(3))


@BEN
def _():
    return _f("«TS» WARN token for client '«C»' expired at «E»; requesting a new one via client_credentials", TS=_ts(), C=_pick(["open311-gateway", "efile-efsp", "ckan-harvester"]), E=_ts())


@BEN
def _():
    return _f("«TS» INFO audit user=«U» action=PASSWORD_CHANGE result=success ip=«I»", TS=_tsz(), U=_login(), I=_ip())


@BEN
def _():
    return _f("«TS» WARN account «U» locked after 5 failed password attempts (policy: lockout 15 min)", TS=_ts(), U=_login())


@BEN
def _():
    return _f("Gitleaks: no leaks found (scanned «N» commits, «M» files) in «T»s", N=_n(100, 9000), M=_n(100, 5000), T=_n(1, 60) + "." + _n(1, 9))


@BEN
def _():
    return _f("Finding:     password: ${DB_PASSWORD}\nRuleID:      generic-password\nStatus:      allowlisted (placeholder)\nFile:        «F»", F=_pick(["docker-compose.yml", "helm/values.yaml", ".env.example"]))


@BEN
def _():
    return _f("{\"level\":\"info\",\"ts\":\"«TS»\",\"msg\":\"jwt accepted\",\"kid\":\"«K»\",\"sub\":\"«S»\",\"iss\":\"https://«I»\"}", TS=_tsz(), K=_hex(16), S=_uuid(), I=_site("idp"))


@BEN
def _():
    return _f("SAML Response received: ID=_«A» InResponseTo=_«B» Issuer=https://was-preprod1.digid.nl/saml/idp/metadata Status=Success", A=_hex(40), B=_hex(40))


@BEN
def _():
    return _f("«TS» INFO eIDAS LightRequest id=«I» citizenCountry=«C» LoA=http://eidas.europa.eu/LoA/substantial", TS=_ts(), I=_uuid(), C=_pick(["NL", "SE", "FR", "PT", "DE"]))


@BEN
def _():
    return _f("«TS» INFO BankID order started orderRef=«O» autoStartToken=<not logged> status=pending", TS=_ts(), O=_uuid())


@BEN
def _():
    return _f("«TS» INFO UPI collect txnId=«T» rrn=«R» status=SUCCESS amount=«A».00 vpa=«V»@***", TS=_ts(), T=_uan(22), R=_dig(12), A=_n(50, 5000), V=_pick(["ra", "su", "mk"]))


@BEN
def _():
    return _f("Aadhaar auth response: ret=y txn=«T» code=«C» uid=XXXX-XXXX-«L»", T=_an(16), C=_hex(32), L=_n(1000, 9999))


@BEN
def _():
    return _f("«TS» INFO FranceConnect callback state=«S» nonce=<redacted> sub=«U»", TS=_ts(), S=_hex(32), U=_hex(64) + "v1")


@BEN
def _():
    return _f("Fetched JWKS from https://«S»/.well-known/jwks.json (3 keys, kids: «A», «B», «C»)", S=_site("idp"), A=_hex(16), B=_hex(16), C=_hex(16))


@BEN
def _():
    return _f("x-amz-request-id: «A»\nx-amz-id-2: «B»", A=_uan(16), B=_b64(48))


@BEN
def _():
    return _f("«TS» INFO password for «U» will expire in «N» days; reminder mail queued", TS=_ts(), U=_login(), N=_n(1, 14))


@BEN
def _():
    return _f("Run actions/checkout@«S»\n  with:\n    repository: «O»/«R»\n    token: ***\n    ssh-strict: true", S=_sha(), O=_pick(["quillmoor-it", "larkfield-dts"]), R=_pick(["permits-portal", "foia"]))


@BEN
def _():
    return _f("[«TS»] Successfully authenticated with vault using approle (role_id=«R», accessor=«A»)", TS=_ts(), R=_uuid(), A=_an(24))


@BEN
def _():
    return _f("ansible-playbook site.yml --vault-id prod@prompt\nVault password (prod): \nPLAY [cad_servers] *************************************************************", )


@BEN
def _():
    return _f("«TS» DEBUG cache hit key=«S»:v«V»:«H»", TS=_ts(), S=_pick(["geocode", "parcel", "tile", "agenda"]), V=_n(1, 9), H=_hex(64))


@BEN
def _():
    return _f("Set-Cookie: lang=«L»; Path=/; Max-Age=31536000; SameSite=Lax\nSet-Cookie: consent=analytics:false; Path=/", L=_pick(["nl", "fr", "de", "sv", "pt-BR", "hi"]))


@BEN
def _():
    return _f("Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-«N»'; frame-ancestors 'none'", N=_b64(16))
# ---- config files -----------------------------------------------------------
@BEN
def _():
    return _f("# .env.example\nDATABASE_URL=postgres://«U»:<password>@localhost:5432/«D»\n«K»_API_KEY=<your-api-key>\nSECRET_KEY=", U=_svc(), D=_db(), K=_pick(["SAM", "ARCGIS", "NOTIFY", "ACCELA"]))


@BEN
def _():
    return _f("spring.datasource.url=jdbc:postgresql://«H»:5432/«D»\nspring.datasource.username=${DB_USER}\nspring.datasource.password=${DB_PASSWORD}", H=_host("pg"), D=_db())


@BEN
def _():
    return _f("        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              secretKeyRef:\n                name: «N»-db\n                key: password", N=_pick(["permits", "efiling", "case311", "elections"]))


@BEN
def _():
    return _f("services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./secrets/«N».txt", N=_pick(["db_password", "pg_admin", "gis_db"]))


@BEN
def _():
    return _f("\"ConnectionStrings\": {\n  \"CaseDb\": \"Server=«H»;Database=Case311;Authentication=Active Directory Managed Identity;Encrypt=True\"\n}", H=_host("sql"))


@BEN
def _():
    return _f("auth:\n  existingSecret: «N»\n  secretKeys:\n    adminPasswordKey: admin-password\n    userPasswordKey: user-password", N=_pick(["keycloak-admin", "pg-credentials", "geoserver-admin"]))


@BEN
def _():
    return _f("variable \"«V»\" {\n  type      = string\n  sensitive = true\n  description = \"Set via TF_VAR_«V» in the pipeline, never in tfvars\"\n}", V=_pick(["db_admin_password", "sql_admin_password", "redis_auth"]))


@BEN
def _():
    return _f("resource \"random_password\" \"«N»\" {\n  length           = 32\n  special          = true\n  override_special = \"!#*-_=+\"\n}\n\nadministrator_password = random_password.«N».result", N=_pick(["pg_admin", "sql_admin", "elections_db"]))


@BEN
def _():
    return _f("data \"azurerm_key_vault_secret\" \"«N»\" {\n  name         = \"«N»\"\n  key_vault_id = data.azurerm_key_vault.«K».id\n}", N=_pick(["sql-admin-password", "digid-keystore-password"]), K=_pick(["main", "shared"]))


@BEN
def _():
    return _f("«K»_db_password: \"{{ vault_«K»_db_password }}\"\n«K»_db_user: «U»", K=_pick(["cad", "evs", "rms", "permits"]), U=_svc())


@BEN
def _():
    return _f("server {\n    listen 443 ssl;\n    server_name «S»;\n    ssl_certificate     /etc/ssl/certs/«S».crt;\n    ssl_certificate_key /etc/ssl/private/«S».key;\n}", S=_site())


@BEN
def _():
    return _f("<md:KeyDescriptor use=\"signing\">\n  <ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIDazCCAlOgAwIBAgIU«C»</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n</md:KeyDescriptor>", C=_s(_B64CH, 180))


@BEN
def _():
    return _f("{\"keys\":[{\"kty\":\"RSA\",\"use\":\"sig\",\"kid\":\"«K»\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"«N»\"}]}", K=_hex(16), N=_b64u(256))


@BEN
def _():
    return "# ~/.ssh/authorized_keys\n" + _ssh_pub()


@BEN
def _():
    return _f("|1|«A»|«B» ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB«C»", A=_b64(20), B=_b64(20), C=_s(_B64CH, 90))


@BEN
def _():
    return _pem_public("CERTIFICATE")


@BEN
def _():
    return "# signing key (public half) for the e-filing webhook\n" + _pem_public("PUBLIC KEY")


@BEN
def _():
    return _f("# key for apt repo of the eID middleware\n«K»", K=_pem_public("PGP PUBLIC KEY BLOCK"))


@BEN
def _():
    return _f("login_gov:\n  client_id: urn:gov:gsa:openidconnect.profiles:sp:sso:«A»:«P»\n  private_key_path: /run/secrets/login_gov_sp.key\n  acr_values: urn:acr.login.gov:auth-only", A=_pick(["quillmoor", "larkfield", "ashbury"]), P=_pick(["permits", "foia", "bookings"]))


@BEN
def _():
    return _f("# publishable key, safe to ship in the browser bundle\nNEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY=pk_live_51«K»", K=_an(96))


@BEN
def _():
    return _f("<div class=\"g-recaptcha\" data-sitekey=\"6L«K»\"></div>  <!-- site key is public; secret lives in vault -->", K=_s(_B64U, 38))


@BEN
def _():
    return _f("mapboxgl.accessToken = 'pk.eyJ1Ijoi«U»'; // public style token, URL-restricted to «S»", U=_b64ut("%s\",\"a\":\"%s\"}" % (_pick(["citygis", "lcmaps"]), _lan(25))) + "." + _s(_B64U, 22), S=_site("maps"))


@BEN
def _():
    return _f("ALGOLIA_APP_ID=«A»\nALGOLIA_SEARCH_ONLY_KEY=«K»   # search-only, exposed to the browser by design", A=_uan(10), K=_hex(32))


@BEN
def _():
    return _f("version https://git-lfs.github.com/spec/v1\noid sha256:«H»\nsize «N»", H=_hex(64), N=_n(10000, 90000000))


@BEN
def _():
    return _f("    \"node_modules/«P»\": {\n      \"version\": \"«V»\",\n      \"resolved\": \"https://registry.npmjs.org/«P»/-/«P»-«V».tgz\",\n      \"integrity\": \"sha512-«I»\"\n    }", P=_pick(["jose", "leaflet", "axios", "date-fns", "zod"]), V="%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 20), _R.randint(0, 9)), I=_b64(64))


@BEN
def _():
    return _f("github.com/«M» v«V» h1:«H»\ngithub.com/«M» v«V»/go.mod h1:«G»", M=_pick(["golang-jwt/jwt/v5", "lib/pq", "go-chi/chi/v5", "coreos/go-oidc/v3"]), V="%d.%d.%d" % (_R.randint(1, 5), _R.randint(0, 12), _R.randint(0, 9)), H=_b64(32), G=_b64(32))


@BEN
def _():
    return _f("[[package]]\nname = \"«N»\"\nversion = \"«V»\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"«H»\"", N=_pick(["ring", "rustls", "jsonwebtoken", "reqwest"]), V="0.%d.%d" % (_R.randint(1, 23), _R.randint(0, 9)), H=_hex(64))


@BEN
def _():
    return _f("<script src=\"https://cdn.«D»/design-system/«V»/ds.min.js\" integrity=\"sha384-«H»\" crossorigin=\"anonymous\"></script>", D=_dom(), V="%d.%d.%d" % (_R.randint(1, 5), _R.randint(0, 9), _R.randint(0, 9)), H=_b64(48))


@BEN
def _():
    return _f("password_policy:\n  min_length: «N»\n  require_mixed_case: true\n  history: 24\n  max_age_days: «D»\n  lockout_threshold: 5", N=_pick(["12", "14", "16"]), D=_pick(["0", "90", "365"]))


@BEN
def _():
    return _f("[sssd]\nservices = nss, pam\n[domain/«D»]\nldap_default_authtok_type = obfuscated_password\nldap_default_authtok = <set by sss_obfuscate>", D=_dom())


@BEN
def _():
    return _f("tenant_id       = \"«T»\"\nsubscription_id = \"«S»\"\nclient_id       = \"«C»\"  # app registration, public identifier\nuse_oidc        = true", T=_uuid(), S=_uuid(), C=_uuid())


@BEN
def _():
    return _f("FC_CLIENT_ID=«I»\nFC_CLIENT_SECRET=${FC_CLIENT_SECRET}\nFC_SCOPES=openid given_name family_name", I=_hex(64))


@BEN
def _():
    return _f("<entry key=\"keyStorePassword\">${EIDAS_KEYSTORE_PASSWORD}</entry>\n<entry key=\"keyStorePath\">keystore/eidasKeyStore_«S».p12</entry>", S=_pick(["Connector", "Service", "Proxy"]))


@BEN
def _():
    return _f("\"BankId\": {\n  \"Environment\": \"Test\",\n  \"CertificateThumbprint\": \"«T»\",\n  \"CertificateStore\": \"LocalMachine/My\"\n}", T=_HEX(40))


@BEN
def _():
    return _f("aua.code=«A»\naua.license.key=${AUA_LICENSE_KEY}\nuidai.public.cert=/opt/aua/certs/uidai_auth_stage.cer", A=_uan(10))


@BEN
def _():
    return _f("kms_key_arn = \"arn:aws:kms:us-gov-west-1:«A»:key/«K»\"", A=_dig(12), K=_uuid())


@BEN
def _():
    return _f("sops:\n    kms: []\n    age:\n        - recipient: age1«R»\n          enc: |\n            -----BEGIN AGE ENCRYPTED FILE-----\n            «E»\n            -----END AGE ENCRYPTED FILE-----\n    lastmodified: \"«T»\"\n    mac: ENC[AES256_GCM,data:«M»,iv:«I»,tag:«G»,type:str]", R=_s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), E=_b64(48), T=_tsz(), M=_b64(32), I=_b64(32), G=_b64(16))


@BEN
def _():
    return _f("smtp:\n    password: ENC[AES256_GCM,data:«D»,iv:«I»,tag:«T»,type:str]", D=_b64(18), I=_b64(32), T=_b64(16))


@BEN
def _():
    lines = "\n".join(_hex(80) for _ in range(_R.randint(3, 5)))
    return "vault_cad_db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  " + lines.replace("\n", "\n  ")


@BEN
def _():
    return _f("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: «N»\nspec:\n  encryptedData:\n    password: AgB«E»", N=_pick(["db-credentials", "smtp", "ldap-bind"]), E=_s(_B64CH, 300))


# ---- source code ------------------------------------------------------------
@BEN
def _():
    return _f("password = getpass.getpass(\"«P» password for «U»: \")", P=_pick(["LDAP", "Oracle", "SFTP"]), U=_svc())


@BEN
def _():
    return _f("«K» = os.environ[\"«K»\"]  # injected by the platform, see runbook §4", K=_pick(["SAM_API_KEY", "NOTIFY_API_KEY", "EFM_PASSWORD", "ARCGIS_API_KEY"]))


@BEN
def _():
    return "token = request.headers.get(\"Authorization\", \"\").removeprefix(\"Bearer \").strip()\nif not token:\n    abort(401)"


@BEN
def _():
    return _f("if not check_password_hash(user.password_hash, form.password.data):\n    flash(\"«M»\")", M=_pick(["Invalid username or password", "Ongeldige gebruikersnaam of wachtwoord", "Identifiant ou mot de passe incorrect", "Fel användarnamn eller lösenord", "Usuário ou senha inválidos"]))


@BEN
def _():
    return _f("PASSWORD_MIN_LENGTH = «N»\nPASSWORD_RESET_TIMEOUT = «T»  # seconds\nSESSION_COOKIE_AGE = 1800", N=_pick(["12", "14", "16"]), T=_pick(["900", "3600", "86400"]))


@BEN
def _():
    return _f("cache_key = hashlib.sha256(f\"{parcel_id}:{year}\".encode()).hexdigest()  # e.g. «H»", H=_hex(64))


@BEN
def _():
    return _f("SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]\nDATABASES = {\"default\": env.db(\"DATABASE_URL\")}  # «A»", A=_pick(["foia", "agenda", "bookings"]))


@BEN
def _():
    return _f("const apiKey = process.env.«K»;\nif (!apiKey) throw new Error('«K» is not set');", K=_pick(["ARCGIS_API_KEY", "OPEN311_KEY", "CMS_TOKEN"]))


@BEN
def _():
    return _f("@Value(\"${«P».password}\")\nprivate String «P»Password;", P=_pick(["efm", "ncic", "rms", "ldap"]))


@BEN
def _():
    return _f("var pfxPassword = configuration[\"BankId:CertificatePassword\"]\n    ?? throw new InvalidOperationException(\"BankId:CertificatePassword missing (user-secrets / Key Vault)\");")


@BEN
def _():
    return "char[] pw = System.console().readPassword(\"Keystore password: \");\nks.load(in, pw);\nArrays.fill(pw, '\\0');"


@BEN
def _():
    return _f("credential = DefaultAzureCredential()\nclient = SecretClient(vault_url=\"https://kv-«S»-«E».vault.azure.net\", credential=credential)\ndb_password = client.get_secret(\"sql-admin-password\").value", S=_sys(), E=_env())


@BEN
def _():
    return _f("resp = boto3.client(\"secretsmanager\").get_secret_value(SecretId=\"«E»/«S»/db\")\ncreds = json.loads(resp[\"SecretString\"])", E=_pick(["prod", "stg"]), S=_sys())


@BEN
def _():
    return _f("dsn := fmt.Sprintf(\"host=%s user=%s password=%s dbname=«D»\", os.Getenv(\"DB_HOST\"), os.Getenv(\"DB_USER\"), os.Getenv(\"DB_PASSWORD\"))", D=_db())


@BEN
def _():
    return _f("def mask(value: str) -> str:\n    \"\"\"Show only the last «N» characters of a token in logs.\"\"\"\n    return \"*\" * (len(value) - «N») + value[-«N»:]", N=_pick(["4", "6"]))


@BEN
def _():
    return "class TokenType(str, Enum):\n    BEARER = \"bearer\"\n    DPOP = \"dpop\"\n    BASIC = \"basic\""


@BEN
def _():
    return _f("TOKEN_URL = \"https://«S»/oauth2/token\"\nAUTHORIZE_URL = \"https://«S»/oauth2/authorize\"\nJWKS_URL = \"https://«S»/.well-known/jwks.json\"", S=_site("idp"))


@BEN
def _():
    return "expected = hmac.new(key, body, hashlib.sha256).hexdigest()\nif not hmac.compare_digest(expected, request.headers[\"X-Signature\"]):\n    return 403"


@BEN
def _():
    return _f("NAMESPACE_CASES = uuid.UUID(\"«U»\")  # stable namespace for uuid5 case ids", U=_uuid())


@BEN
def _():
    return _f("SECRET_PATTERN = re.compile(r\"(?i)(password|passwd|pwd|secret|token)\\s*[:=]\\s*\\S+\")  # used by «T» to scrub logs", T=_pick(["log_scrubber.py", "sanitize.go", "Redactor.cs"]))


@BEN
def _():
    return _f("// «L»: never log the raw token, only its sha256 prefix\nlog.info(\"token fp={}\", DigestUtils.sha256Hex(token).substring(0, 12));", L=_pick(["NOTE", "SECURITY", "TODO(security)"]))


@BEN
def _():
    return _f("@pytest.fixture\ndef fake_creds(monkeypatch):\n    monkeypatch.setenv(\"«K»\", \"dummy\")\n    monkeypatch.setenv(\"DB_PASSWORD\", \"test\")", K=_pick(["SAM_API_KEY", "EFM_API_KEY", "NOTIFY_API_KEY"]))


@BEN
def _():
    return _f("if len(password) < 14 or password.lower() in COMMON_PASSWORDS:\n    raise ValidationError(_(\"«M»\"))", M=_pick(["Password too weak", "Wachtwoord te zwak", "Mot de passe trop faible", "Passwort zu schwach", "Senha fraca demais"]))


@BEN
def _():
    return _f("ETAG_SALT = \"v«N»\"  # bump to invalidate CDN caches, not a secret", N=_n(2, 40))


# ---- notes and chat ---------------------------------------------------------
@BEN
def _():
    return _f("«N»: I rotated the «S» DB password and stored it in Vault under secret/«S»/«E»/db — ping me if the app can't read it.", N=_first(), S=_sys(), E=_env())


@BEN
def _():
    return _f("«N»: Das Passwort liegt im Passwortsafe (KeePass, Ordner «O»). Bitte nicht per Mail verschicken.", N=_first(), O=_pick(["Stadtkasse", "Bürgeramt", "OZG"]))


@BEN
def _():
    return _f("«N» : le mot de passe a été envoyé par SMS à «P», je ne le mets pas ici.", N=_first(), P=_first())


@BEN
def _():
    return _f("«N»: het wachtwoord staat in de kluis onder '«K»'. Niet in Teams zetten aub.", N=_first(), K=_pick(["DigiD preprod", "Suite4 beheer", "BRP-koppeling"]))


@BEN
def _():
    return _f("«N»: lösenordet finns i Bitwarden, samlingen «S». Skicka det inte i chatten.", N=_first(), S=_pick(["Drift", "Ekonomi", "E-tjänster"]))


@BEN
def _():
    return _f("«N»: a senha está no cofre (Vault), caminho secret/«S»/db. Não coloque no chat, por favor.", N=_first(), S=_pick(["iptu", "protocolo", "saude"]))


@BEN
def _():
    return _f("«N»: पासवर्ड Vault में रखा है (secret/«S»/db), चैट में मत डालो।", N=_first(), S=_pick(["jalkar", "property-tax", "upi"]))


@BEN
def _():
    return _f("Password guidance («O»): use at least 14 characters; a passphrase of four or more random words is fine. Never reuse your network password for vendor portals.", O=_pick(["IT Security", "Shared Services", "CISO office"]))


@BEN
def _():
    return _f("Meeting notes «D»\n- Action: rotate the SAM.gov API key (owner: «N», due «E»)\n- Decision: service accounts move to 90-day rotation", D=_date(), N=_first(), E=_date())


@BEN
def _():
    return _f("«N»: the token in the screenshot («T») was revoked at «H», nothing to do", N=_first(), T=_pick(["ghp_…" + _an(4), "glpat-…" + _an(4), "xoxb-…" + _an(4)]), H=_hm())


@BEN
def _():
    return _f("INC«N»: user «U» locked out after 5 failed password attempts; unlocked after identity check, no reset needed.", N=_n(100000, 999999), U=_login())


@BEN
def _():
    return _f("Reminder: the test account password is the same as the one in the onboarding doc (page «P»), ask «N» if you don't have access.", P=_n(2, 12), N=_first())


@BEN
def _():
    return _f("Use `«P»` as a placeholder in examples, e.g. DB_PASSWORD=«P»", P=_pick(["<password>", "YOUR_PASSWORD_HERE", "xxxxxxxx", "********", "[REDACTED]", "${DB_PASSWORD}", "CHANGE_ME"]))


@BEN
def _():
    return _f("«N»: request id «R» is the failing call to the e-filing EFM, timestamp «T»", N=_first(), R=_uuid(), T=_tsz())


@BEN
def _():
    return _f("Decision «D»: BankID RP certificate (thumbprint «T») stays in the HSM; app reads it via PKCS#11, no password in config.", D=_date(), T=_HEX(40))


@BEN
def _():
    return _f("«N»: commit «S» fixes the wachtwoord-vergeten flow; deployed to acc at «H»", N=_first(), S=_short(), H=_hm())


@BEN
def _():
    return _f("Agent note: secrets are injected from Key Vault «K» at startup; I did not read their values. Checked only that SQL_ADMIN_PASSWORD is set (length > 0).", K="kv-" + _sys() + "-" + _env())


@BEN
def _():
    return _f("Goal: find why the «S» job gets 401s. Hypothesis: the API key expired on «D» (key id «I», value not needed).", S=_pick(["nightly SAM pull", "311 sync", "CKAN harvest"]), D=_date(), I=_hex(8))


@BEN
def _():
    return _f("«N»: Kennwort-Reset für «U» erledigt, Initialkennwort per Brief verschickt (nicht per Mail).", N=_first(), U=_login())


@BEN
def _():
    return _f("«N» : j'ai régénéré le client_secret FranceConnect, il est dans le coffre (Vaultwarden > Démarches). L'ancien est révoqué.", N=_first())


@BEN
def _():
    return _f("«N»: SSH fingerprint of the new jump host is «F», please verify before accepting.", N=_first(), F=_fp())


@BEN
def _():
    return _f("Checklist «S»: [x] secrets in vault [x] no passwords in repo (gitleaks clean) [ ] rotate «K» after go-live", S=_pick(["go-live permits", "cutover 311", "release 4.2"]), K=_pick(["SMTP password", "EFM key", "DB creds"]))


@BEN
def _():
    return _f("«N»: AccountSid is AC«A» (that's just the account id, the auth token is in vault)", N=_first(), A=_hex(32))


@BEN
def _():
    return _f("Ticket RITM«N»: Please provision a service account for «S». Password to be delivered via the secure-share link, expires in 24h.", N=_n(1000000, 9999999), S=_pick(["the CAD interface", "the permit portal", "the GIS publisher"]))


@BEN
def _():
    return _f("Bei der Wahl-Software wird das Passwort der Wahlvorstände am Wahltag per versiegeltem Umschlag ausgegeben; im System liegt nur der Hash ({«A»}).", A=_pick(["argon2id", "bcrypt", "PBKDF2-SHA256"]))


@BEN
def _():
    return _f("«N»: pode usar o CPF de teste 000.000.0«A»-«B» no gov.br homologação, a senha é aquela do procedimento interno.", N=_first(), A=_n(10, 99), B=_n(10, 99))


# ---- CI / deploy ------------------------------------------------------------
@BEN
def _():
    return _f("    env:\n      «K»: ${{ secrets.«K» }}\n      DEPLOY_ENV: «E»", K=_pick(["SAM_API_KEY", "CKAN_API_TOKEN", "AZURE_CLIENT_SECRET", "NPM_TOKEN"]), E=_env())


@BEN
def _():
    return "  script:\n    - docker login -u gitlab-ci-token -p $CI_JOB_TOKEN $CI_REGISTRY\n    - docker push $CI_REGISTRY_IMAGE:$CI_COMMIT_SHORT_SHA"


@BEN
def _():
    return _f("  - script: |\n      az login --service-principal -u $(ARM_CLIENT_ID) -p $(ARM_CLIENT_SECRET) --tenant «T»\n    env:\n      ARM_CLIENT_SECRET: $(armClientSecret)", T=_uuid())


@BEN
def _():
    return _f("withCredentials([usernamePassword(credentialsId: '«C»', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'curl -u \"$U:$P\" -T build/«F» https://nexus.«D»/'\n}", C=_pick(["nexus-deployer", "rms-creds", "sftp-kadaster"]), F=_pick(["app.war", "rms-export.jar"]), D=_dom())


@BEN
def _():
    return _f("env:\n  global:\n    - secure: \"«E»\"", E=_b64(256))


@BEN
def _():
    return _f("      - uses: actions/checkout@«S» # v4.1.7\n      - uses: actions/setup-python@«T» # v5.1.0", S=_sha(), T=_sha())


@BEN
def _():
    return _f("      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip\n          key: Linux-pip-«H»", H=_hex(64))


@BEN
def _():
    return _f("RUN curl -fsSLO https://releases.hashicorp.com/terraform/«V»/terraform_«V»_linux_amd64.zip \\\n && echo \"«H»  terraform_«V»_linux_amd64.zip\" | sha256sum -c -", V=_pick(["1.7.5", "1.8.2", "1.9.0"]), H=_hex(64))


@BEN
def _():
    return _f("gpg --keyserver hkps://keys.openpgp.org --recv-keys «F»", F=_HEX(40))


@BEN
def _():
    return _f("permissions:\n  id-token: write   # OIDC to Azure, no stored client secret\n  contents: read\njobs:\n  deploy:\n    environment: «E»", E=_pick(["production", "acceptance", "staging"]))


@BEN
def _():
    return _f("image: registry.«D»/«I»@sha256:«H»\nimagePullPolicy: IfNotPresent", D=_dom(), I=_pick(["permits/api", "efile/connector", "gis/tiles"]), H=_hex(64))


@BEN
def _():
    return _f("    - name: Mask dynamic token\n      run: echo \"::add-mask::${{ steps.token.outputs.value }}\"\n    # job «N»", N=_n(1, 99))


@BEN
def _():
    return _f("deploy:\n  script: ./deploy.sh --env «E» --token-file /run/secrets/deploy_token", E=_env())


@BEN
def _():
    return _f("«E»:\n  DB_PASSWORD: ((«S»-db-password))\n  SMTP_PASSWORD: ((smtp.password))", E=_pick(["params", "vars"]), S=_sys())


@BEN
def _():
    return _f("Build #«N» (commit «S») — tests passed, artifact sha256:«H»", N=_n(100, 9999), S=_short(), H=_hex(64))


@BEN
def _():
    return _f("export TF_VAR_db_password=\"$(az keyvault secret show --vault-name kv-«S» --name db-password --query value -o tsv)\"", S=_sys())


@BEN
def _():
    return _f("argocd app sync «A» --revision «S»", A=_pick(["permits-prod", "ckan-acc", "case311-prod"]), S=_sha())


@BEN
def _():
    return _f("Release «V» (build «B»)\n- password reset tokens now expire after «M» minutes\n- API keys are hashed at rest (sha256)", V="v%d.%d.%d" % (_R.randint(1, 5), _R.randint(0, 20), _R.randint(0, 9)), B=_hex(12), M=_pick(["15", "30", "60"]))
# ===========================================================================
# assembly
# ===========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_BENIGN_TARGET = 950


def _build_secrets():
    seen_fmt = set()
    for _g, fmt, _fn in _TEMPLATES:
        if fmt in seen_fmt:
            raise ValueError("duplicate format %s" % fmt)
        seen_fmt.add(fmt)
    out, used = [], set()
    for group in _GROUP_ORDER:
        ts = [(f, fn) for g, f, fn in _TEMPLATES if g == group]
        base, rem = divmod(_PER_GROUP, len(ts))
        for i, (fmt, fn) in enumerate(ts):
            count = min(3, base + (1 if i < rem else 0))
            for _k in range(count):
                for _attempt in range(40):
                    text, secret, visible = fn()
                    if (len(secret) >= 6 and secret in text and secret not in used
                            and (not visible or (visible in text and secret not in visible))):
                        break
                else:
                    raise ValueError("could not draw a fresh value for %s" % fmt)
                used.add(secret)
                out.append((group, fmt, text, secret, visible))
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out, seen = [], set()
    rounds = 0
    while len(out) < _BENIGN_TARGET and rounds < 60:
        rounds += 1
        for fn in _BENIGN_FNS:
            if len(out) >= _BENIGN_TARGET:
                break
            s = fn()
            if not s or s in seen:
                continue
            if any(sec in s for sec in long_secrets):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

__all__ = ["SEED", "SECRETS", "BENIGN"]
