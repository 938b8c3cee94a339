# -*- coding: utf-8 -*-
"""Blind hold-out corpus #49 for a secret-redaction engine.

What it is
----------
A self-contained test corpus of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) saves as its working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each positive fragment carries exactly one credential that a redaction engine
must remove; each negative fragment looks secret-ish but carries none.

Theme
-----
Agriculture and the food supply chain: farm IoT (soil-moisture probes,
irrigation and pivot controllers, LoRaWAN gateways, tractor telematics in the
style of John Deere Operations Center and CLAAS), greenhouse climate computers,
cold-chain temperature loggers, food-safety traceability (GS1 identifiers,
EDI 856/850, AS2, VAN mailboxes), grain elevators and co-ops, and the small
ERP / accounting stacks that agribusinesses run (Odoo, QuickBooks, Xero, Sage,
Access databases with VBA macros, spreadsheets).

Provenance
----------
Written blind, from general knowledge only: no other corpus, no engine rules
and no search tool were consulted.  Where a vendor's real credential shape is
known, its real prefix / length was imitated; where it is unknown (most farm
and cold-chain vendors) a plausible shape was invented.  Every host, domain,
company, person, device and value is fictitious, and every credential is a
fresh pseudo-random draw that has never been valid anywhere.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group   one of command, tool-output, config-file, source-code,
            stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format  kebab-case name of the shape; each used at most three times
    text    the fragment as the agent would have recorded it
    secret  exact substring of text that must not survive redaction (only the
            key body for PEM keys, only the signature for signed URLs, only
            the password for user:password pairs)
    visible substring of text that must stay readable, or ""
BENIGN  : list of distinct strings with no credential in them that still look
          secret-ish to a naive scanner (hashes, ids, placeholders, masked
          values, secret references, public keys, policy prose, ...).

Determinism
-----------
All random values come from ``_R = random.Random(4949)`` and are drawn at
import time in a fixed order, so importing the module twice yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind, written after every rule made for the forty-first to forty-fifth and read only
after: recall 0.981 (1,468 of 1,496) and false positives 8 of 950 (0.8%), the same with
the engine at that session's start. Tuned on since: 0.982 and 8 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(4949)

# ---------------------------------------------------------------------------
# primitive draws
# ---------------------------------------------------------------------------
_A = string.ascii_letters + string.digits
_LA = string.ascii_lowercase + string.digits
_UA = string.ascii_uppercase + string.digits
_B64U = _A + "-_"
_HEXC = "0123456789abcdef"


def _pick(seq):
    return seq[_R.randrange(len(seq))]


def _rs(n, alphabet=_A):
    return "".join(alphabet[_R.randrange(len(alphabet))] for _ in range(n))


def _hex(n):
    return _rs(n, _HEXC)


def _HEX(n):
    return _rs(n, "0123456789ABCDEF")


def _dig(n):
    return _rs(1, "123456789") + _rs(n - 1, string.digits)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64u_text(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _pick("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


# ---------------------------------------------------------------------------
# passwords people choose
# ---------------------------------------------------------------------------
_WORDS = [
    "harvest", "tractor", "barley", "silo", "combine", "orchard", "clover",
    "furrow", "meadow", "granary", "paddock", "sprinkler", "heifer", "pumpkin",
    "sorghum", "canola", "tomato", "lettuce", "compost", "rooster", "alfalfa",
    "vineyard", "plough", "thresher", "seedling", "dairy", "chicken", "wheat",
    "maize", "soybean", "potato", "onion", "berry", "apple", "cherry", "hops",
    "oats", "millet", "cattle", "piglet", "baler", "auger", "hopper",
    "trellis", "mulch", "fallow", "drizzle", "frost", "prairie", "valley",
    "ridge", "willow", "maple", "cedar", "falcon", "badger", "otter", "heron",
    "sparrow", "moose", "bison", "coyote", "tulip", "cucumber", "pepper",
    "basil", "walnut", "almond", "peach", "lemon", "mango", "kiwi", "turnip",
    "radish", "carrot", "spinach", "fennel", "quinoa", "lentil", "chickpea",
    "sunflower", "poppy", "lavender", "thistle", "bramble", "pasture",
    "irrigon", "windmill", "haystack", "scarecrow", "gumboot", "tractorpull",
    "bluegrass", "redclover", "goldrush", "northfield", "eastpivot",
]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fruehling", "Herbst",
            "Zomer", "Verano", "Invierno", "Ete", "Harvest", "Planting"]
_SYM = "!#%*+-_.=~^?"
_SYMQ = "#%*+-_.=~^?"
_SYMU = "-_.~"
_CONS = "bcdfghjklmnprstvwxz"
_VOW = "aeiou"


def _pron(n):
    return "".join(_pick(_CONS) + _pick(_VOW) for _ in range(n))


def _leet(w):
    t = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}
    return "".join(t.get(c, c) if _R.random() < 0.6 else c for c in w)


def _password(sym):
    k = _R.randrange(8)
    if not sym:
        sym_c = lambda: ""
    else:
        sym_c = lambda: _pick(sym)
    if k == 0:
        return _pick(_WORDS).capitalize() + _dig(_R.randint(2, 4)) + sym_c()
    if k == 1:
        return _pick(_WORDS).capitalize() + sym_c() + _pick(_WORDS).capitalize() + _dig(2)
    if k == 2:
        p = _pron(_R.randint(3, 5))
        i = _R.randrange(len(p))
        return p[:i].capitalize() + p[i:] + _dig(_R.randint(1, 3)) + sym_c() + _pron(1)
    if k == 3:
        al = _A + (sym or "")
        return _rs(1, string.ascii_letters) + _rs(_R.randint(13, 22), al)
    if k == 4:
        return _leet(_pick(_WORDS).capitalize() + _pick(_WORDS).capitalize()) + sym_c() + _dig(2)
    if k == 5:
        return _pick(_SEASONS) + str(_R.randint(2019, 2026)) + sym_c() + _rs(2, string.ascii_lowercase)
    if k == 6:
        return _rs(1, string.ascii_uppercase) + _rs(_R.randint(10, 15), _A) + sym_c() + _dig(1)
    return _pick(_WORDS) + _dig(3) + sym_c() + _pick(_WORDS).upper()[:4]


def _phrase():
    n = _R.randint(3, 5)
    w = [_pick(_WORDS) for _ in range(n)]
    if _R.random() < 0.5:
        w.append(str(_R.randint(2, 999)))
    return _pick("-._") .join(w) if _R.random() < 0.3 else "-".join(w)


def _phrase_sp():
    n = _R.randint(4, 5)
    w = [_pick(_WORDS) for _ in range(n)]
    if _R.random() < 0.4:
        w[0] = w[0].capitalize()
    return " ".join(w)


# ---------------------------------------------------------------------------
# structured secrets
# ---------------------------------------------------------------------------
def _jwt(alg="HS256", extra=None):
    head = _b64u_text(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    body = {"sub": _uuid(), "iat": _R.randint(1690000000, 1735000000)}
    body["exp"] = body["iat"] + _pick([3600, 7200, 86400, 2592000])
    if extra:
        body.update(extra)
    else:
        body["scope"] = _pick(["fields:read", "telemetry:write", "ag1 eq1 files",
                               "shipments.read", "lots:rw", "org:44123"])
    pay = _b64u_text(json.dumps(body, separators=(",", ":")))
    return head + "." + pay + "." + _rs(43, _B64U)


def _basic():
    u = _pick(_USERS)
    return base64.b64encode(("%s:%s" % (u, _password(_SYM))).encode()).decode()


_PEM_PREFIX = {
    "rsa": "MIIEpAIBAAKCAQEA",
    "rsa2": "MIIEowIBAAKCAQEA",
    "pkcs8": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ",
    "ec": "MHcCAQEEI",
    "openssh": "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
    "encpkcs8": "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI",
}
_PEM_LEN = {"rsa": 1588, "rsa2": 1588, "pkcs8": 1620, "ec": 160, "openssh": 340,
            "encpkcs8": 1700}


def _pem(kind, joiner="\n"):
    total = _PEM_LEN[kind] + _R.randint(-4, 4) * 4
    width = 70 if kind == "openssh" else 64
    body = _PEM_PREFIX[kind] + _rs(total - len(_PEM_PREFIX[kind]), _A + "+/")
    if kind != "openssh":
        body = body[:-1] + "="
    lines = [body[i:i + width] for i in range(0, len(body), width)]
    return joiner.join(lines)


def _bech32(n):
    return _rs(n, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")


def _azsecret():
    return _rs(3, _A) + _dig(1) + "Q~" + _rs(34, _A + "-_.~")


def _sas_sig():
    raw = _b64(32)
    return raw.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


_GEN = {
    "pw": lambda: _password(_SYM),
    "pwq": lambda: _password(_SYMQ),
    "pwu": lambda: _password(_SYMU),
    "pwa": lambda: _password(""),
    "phrase": _phrase,
    "phrasesp": _phrase_sp,
    "hex16": lambda: _hex(16),
    "hex24": lambda: _hex(24),
    "hex32": lambda: _hex(32),
    "HEX32": lambda: _HEX(32),
    "hex40": lambda: _hex(40),
    "hex48": lambda: _hex(48),
    "hex64": lambda: _hex(64),
    "al16": lambda: _rs(16),
    "al20": lambda: _rs(20),
    "al24": lambda: _rs(24),
    "al32": lambda: _rs(32),
    "al40": lambda: _rs(40),
    "al48": lambda: _rs(48),
    "al64": lambda: _rs(64),
    "u40": lambda: _rs(40, _B64U),
    "b64_32": lambda: _b64(32),
    "b64_24": lambda: _b64(24),
    "b64_48": lambda: _b64(48),
    "b64_64": lambda: _b64(64),
    "uuid": _uuid,
    "jwt": _jwt,
    "basic": _basic,
    "b64pw": lambda: base64.b64encode(_password(_SYM).encode()).decode(),
    "ghp": lambda: "ghp_" + _rs(36),
    "gho": lambda: "gho_" + _rs(36),
    "ghs": lambda: "ghs_" + _rs(36),
    "ghpat": lambda: "github_pat_11" + _rs(20, _UA) + "_" + _rs(59),
    "glpat": lambda: "glpat-" + _rs(20, _A + "-_"),
    "npm": lambda: "npm_" + _rs(36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + _rs(_R.randint(140, 170), _B64U),
    "awssk": lambda: _rs(40, _A + "+/"),
    "akid": lambda: "AKIA" + _rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
    "slackhook": lambda: _rs(24),
    "xoxb": lambda: "xoxb-%s-%s-%s" % (_dig(11), _dig(13), _rs(24)),
    "sklive": lambda: "sk_live_51" + _rs(_R.randint(90, 97)),
    "sktest": lambda: "sk_test_51" + _rs(_R.randint(90, 97)),
    "rklive": lambda: "rk_live_51" + _rs(_R.randint(90, 97)),
    "sg": lambda: "SG." + _rs(22, _B64U) + "." + _rs(43, _B64U),
    "sntrys": lambda: "sntrys_eyJpYXQiOj" + _rs(80, _A) + "_" + _rs(43, _A + "/+"),
    "dckr": lambda: "dckr_pat_" + _rs(27, _B64U),
    "pemrsa": lambda: _pem(_pick(["rsa", "rsa2"])),
    "pempk8": lambda: _pem("pkcs8"),
    "pemec": lambda: _pem("ec"),
    "pemssh": lambda: _pem("openssh"),
    "azs": _azsecret,
    "sas": _sas_sig,
    "influx": lambda: _rs(86, _B64U) + "==",
    "ttn": lambda: "NNSXS." + _rs(39, _UA) + "." + _rs(52, _UA),
    "lorakey": lambda: _HEX(32),
    "wgkey": lambda: _b64(32),
    "djangokey": lambda: "django-insecure-" + _rs(50, string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)"),
    "gocspx": lambda: "GOCSPX-" + _rs(28, _B64U),
    "aiza": lambda: "AIza" + _rs(35, _B64U),
    "tskey": lambda: "tskey-auth-k" + _rs(10) + "CNTRL-" + _rs(33),
    "hvs": lambda: "hvs." + _rs(_R.randint(24, 90), _B64U),
    "glrt": lambda: "glrt-" + _rs(20, _A + "-_"),
    "squ": lambda: "squ_" + _hex(40),
    "dapi": lambda: "dapi" + _hex(32),
    "nuget": lambda: "oy2" + _rs(43, string.ascii_lowercase + string.digits),
    "gref": lambda: "1//0" + _rs(_R.randint(95, 105), _B64U),
    "mapbox": lambda: "sk.eyJ1IjoiZmFybW1hcHMiLCJhIjoi" + _rs(24) + "In0." + _rs(22, _B64U),
    "openai": lambda: "sk-proj-" + _rs(74, _B64U) + "T3BlbkFJ" + _rs(74, _B64U),
    "anth": lambda: "sk-ant-api03-" + _rs(93, _B64U) + "AA",
    "kubeadm": lambda: _rs(6, _LA) + "." + _rs(16, _LA),
    "k3s": lambda: "K10" + _hex(64) + "::server:" + _hex(32),
    "intuit": lambda: "AB11" + _dig(10) + _rs(36),
    "zoho": lambda: "1000." + _hex(32) + "." + _hex(32),
    "atatt": lambda: "ATATT3xFfGF0" + _rs(170, _B64U) + "=" + _HEX(8),
    "ya29": lambda: "ya29." + _rs(_R.randint(150, 170), _B64U),
    "fcm": lambda: "AAAA" + _rs(7, _B64U) + ":APA91b" + _rs(134, _B64U),
    "plaid": lambda: _hex(30),
    "okta": lambda: "00" + _rs(40, _B64U),
    "heroku": lambda: "HRKU-AA" + _rs(58, _B64U),
    "shpat": lambda: "shpat_" + _hex(32),
    "sq": lambda: "EAAA" + _rs(60, _B64U),
    "dop": lambda: "dop_v1_" + _hex(64),
    "bt": lambda: "access_token$production$" + _rs(16, _LA) + "$" + _hex(32),
    "age": lambda: "AGE-SECRET-KEY-1" + _bech32(58),
    "telegram": lambda: _dig(10) + ":AA" + _rs(33, _B64U),
    "discordhook": lambda: _rs(68, _B64U),
    "whsec": lambda: "whsec_" + _rs(32),
    "dotenvkey": lambda: _rs(1, string.ascii_letters) + _rs(31, _A),
}

_USED = set()


def _secret(spec):
    fn = _GEN[spec] if isinstance(spec, str) else spec
    for _ in range(200):
        v = fn()
        if v not in _USED and len(v) >= 6:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret for %r" % (spec,))


# ---------------------------------------------------------------------------
# context fields (hosts, people, farms, ids ...)
# ---------------------------------------------------------------------------
_USERS = [
    "agri_etl", "jd_sync", "silo_ops", "coldchain_svc", "edi_batch",
    "gh_climate", "irrig_ctl", "fieldops", "harvest_app", "erp_ro",
    "grain_admin", "trace_api", "mqtt_bridge", "telemetry", "lims_reader",
    "payroll", "coop_report", "fsma_audit", "sensor_ingest", "weighbridge",
    "mkowalski", "aturner", "jdevries", "lnguyen", "pmartin", "rsantos",
    "kbauer", "hyamamoto", "ooyelaran", "fdubois", "sgarcia", "tkovacs",
    "scale2", "packshed", "agronomist", "dispatch", "cropplan", "ops",
]
_PEOPLE = [
    "Marta", "Jonas", "Priya", "Diego", "Anneke", "Tomasz", "Hiroshi",
    "Fatima", "Lukas", "Chloe", "Sipho", "Ingrid", "Rafael", "Mei", "Olu",
    "Sanne", "Bram", "Aisha", "Kofi", "Elena", "Gustavo", "Wiebke", "Nkechi",
    "Pieter", "Yuki", "Mateus", "Hannah", "Ravi", "Joost", "Agnieszka",
]
_DOMS = [
    "prairiegold-coop.example", "valleyside-growers.test", "nordfrost.example",
    "greenleaf-glass.internal", "threerivers-grain.example", "agrotrace.test",
    "cropline.example", "harvestmoon-foods.test", "westlandkas.example",
    "bluestem-ag.internal", "kornhaus-eg.example", "fazenda-boavista.test",
    "riverbend-dairy.example", "coldlink-logistics.test", "agrinord.internal",
]
_HOSTP = [
    "db", "pg", "mysql", "mqtt", "erp", "edi", "sftp", "scada", "ghc",
    "silo", "elevator", "coldstore", "wms", "lims", "grafana", "influx",
    "broker", "vpn", "nas", "files", "odoo", "api", "telemetry", "scale",
]
_DBS = ["farmdata", "grain_ops", "coldchain", "traceability", "erp_prod",
        "greenhouse", "irrigation", "telemetry", "fsma", "coop_ledger",
        "harvest", "scale_tickets", "payroll", "lims"]
_SSIDS = ["Barn-IoT", "GH3-Sensors", "PackShed", "Pivot-North", "Silo-Yard-2G",
          "Dairy-Office", "Coldstore-AP", "Kas4-Klimaat", "Farmhouse-5G",
          "Elevator-Ops", "Orchard-Mesh"]
_COMPANIES = ["Prairie Gold Co-op", "Valleyside Growers", "Nordfrost Logistics",
              "Greenleaf Glasshouses", "Three Rivers Grain", "Harvest Moon Foods",
              "Westland Kas BV", "Bluestem Ag", "Kornhaus eG", "Fazenda Boa Vista",
              "Riverbend Dairy", "ColdLink Logistics"]
_PARTNERS = ["FRESHMART", "NORDFROST", "GREENGROCER", "SUNVALLEYDC", "HARBORFOODS",
             "METROFRESH", "COOPCENTRAL", "AGRIMARKT"]
_ORGS = ["prairie-gold", "valleyside", "nordfrost", "greenleaf", "threerivers",
         "harvestmoon", "westland", "bluestem", "kornhaus", "riverbend"]
_APPS = ["field-sync", "grain-bids", "coldchain-ingest", "edi-gateway",
         "pivot-scheduler", "lot-tracer", "scale-api", "climate-bridge",
         "yield-reports", "asn-builder", "telematics-pull"]
_REPOS = ["agtech/irrigation-controller", "coop/grain-tickets", "coldlink/sensor-ingest",
          "greenleaf/climate-bridge", "harvestmoon/edi-856", "fieldops/telematics-pull",
          "coop/odoo-addons", "trace/gs1-epcis"]
_NS = ["coldchain", "telemetry", "edi", "greenhouse", "grain", "erp", "iot"]
_REGIONS = ["us-east-1", "us-west-2", "eu-central-1", "eu-west-1", "sa-east-1",
            "ca-central-1", "ap-southeast-2"]
_CROPS = ["corn", "soybeans", "winter wheat", "barley", "canola", "tomatoes",
          "cucumbers", "sweet peppers", "strawberries", "potatoes", "apples"]
_FARMS = ["North 40", "Field 12B", "Block C", "Pivot 7", "Home quarter",
          "River flats", "Kas 4", "Parcela 19", "Schlag 3", "Orchard west"]


def _f_host():
    return "%s-%02d.%s" % (_pick(_HOSTP), _R.randint(1, 12), _pick(_DOMS))


def _f_ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if k == 1:
        return "192.168.%d.%d" % (_R.randint(0, 50), _R.randint(2, 254))
    return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))


def _f_date():
    return "20%02d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _f_ts():
    return "%sT%02d:%02d:%02dZ" % (_f_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _f_time():
    return "%02d:%02d" % (_R.randint(5, 22), _R.randint(0, 59))


def _f_email():
    return "%s@%s" % (_pick(_USERS).replace("_", "."), _pick(_DOMS))


_FIELD = {
    "user": lambda: _pick(_USERS),
    "person": lambda: _pick(_PEOPLE),
    "dom": lambda: _pick(_DOMS),
    "host": _f_host,
    "ip": _f_ip,
    "port": lambda: str(_pick([5432, 3306, 1433, 8883, 1883, 6379, 5672, 8086, 2222, 8443])),
    "db": lambda: _pick(_DBS),
    "date": _f_date,
    "ts": _f_ts,
    "time": _f_time,
    "email": _f_email,
    "n": lambda: str(_R.randint(2, 98)),
    "num": lambda: str(_R.randint(10000, 999999)),
    "hexid": lambda: _hex(8),
    "sha": lambda: _hex(40),
    "shortsha": lambda: _hex(7),
    "uuid": _uuid,
    "farm": lambda: _pick(_FARMS),
    "farmid": lambda: "farm-%03d" % _R.randint(1, 400),
    "dev": lambda: "%s-%s" % (_pick(["SM", "TT", "VLV", "GW", "PRB", "LOG"]), _HEX(6)),
    "deveui": lambda: _HEX(16),
    "gtin": lambda: "0" + _dig(13),
    "sscc": lambda: "00" + _dig(16),
    "gln": lambda: _dig(13),
    "lot": lambda: "L%s%s" % (_pick(["24", "25"]), _dig(5)),
    "org": lambda: _pick(_ORGS),
    "acct": lambda: "%s%02d" % (_pick(["coldchainlogs", "agritrace", "farmexports", "ghclimate"]), _R.randint(1, 99)),
    "bucket": lambda: "%s-%s" % (_pick(_ORGS), _pick(["exports", "telemetry-raw", "edi-archive", "backups", "lot-docs"])),
    "region": lambda: _pick(_REGIONS),
    "akid": lambda: "AKIA" + _rs(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
    "cid": lambda: "0oa" + _rs(17),
    "ssid": lambda: _pick(_SSIDS),
    "company": lambda: _pick(_COMPANIES),
    "partner": lambda: _pick(_PARTNERS),
    "app": lambda: _pick(_APPS),
    "repo": lambda: _pick(_REPOS),
    "ns": lambda: _pick(_NS),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 5), _R.randint(0, 30), _R.randint(0, 20)),
    "crop": lambda: _pick(_CROPS),
    "temp": lambda: "%.1f" % _R.uniform(-24.0, 8.0),
    "pid": lambda: str(_R.randint(300, 65000)),
    "zone": lambda: str(_R.randint(1, 24)),
    "mac": lambda: ":".join(_HEX(2) for _ in range(6)),
    "pin": lambda: "1RW%s%s" % (_pick(["8370R", "6155M", "9RX540", "7R330"]), _dig(6)),
    "short": lambda: _rs(5, _LA),
}

_PH = re.compile(u"\u27e6([a-z_]+?)(\\d*)\u27e7")


def _render(tpl, fields):
    def rep(m):
        key = m.group(1) + m.group(2)
        if key not in fields:
            fields[key] = _FIELD[m.group(1)]()
        return fields[key]
    return _PH.sub(rep, tpl)


_T = {}
_ORDER = ["command", "tool-output", "config-file", "source-code",
          "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
for _g in _ORDER:
    _T[_g] = []


def _adder(group):
    def add(fmt, tpl, gen, vis=""):
        _T[group].append((fmt, tpl, gen, vis))
    return add

# ===========================================================================
# command: shell commands the agent ran or was about to run
# ===========================================================================
c = _adder("command")
c("psql-uri-inline-password",
  "$ psql \"postgresql://⟦user⟧:⟦s⟧@⟦host⟧:5432/⟦db⟧?sslmode=require\" -c '\\dt lots.*'",
  "pwu", "⟦host⟧")
c("pgpassword-env-prefix-pg-dump",
  "PGPASSWORD='⟦s⟧' pg_dump -h ⟦host⟧ -U ⟦user⟧ -Fc ⟦db⟧ > /backups/⟦db⟧_⟦date⟧.dump",
  "pw", "pg_dump -h ⟦host⟧")
c("mysql-attached-p-flag",
  "mysql -h ⟦host⟧ -u ⟦user⟧ -p'⟦s⟧' coop_ledger -e \"SELECT id, gross_kg, tare_kg FROM scale_tickets ORDER BY id DESC LIMIT 20\"",
  "pw", "mysql -h ⟦host⟧")
c("mysqldump-long-password-flag",
  "mysqldump --host=⟦host⟧ --user=⟦user⟧ --password=⟦s⟧ --single-transaction --routines erp_prod | gzip > erp_⟦date⟧.sql.gz",
  "pwa", "--user=⟦user⟧")
c("curl-basic-user-flag",
  "curl -s -u '⟦user⟧:⟦s⟧' https://⟦host⟧/api/v2/silos/levels | jq '.bins[] | {id, fill_pct}'",
  "pw", "https://⟦host⟧/api/v2/silos/levels")
c("curl-bearer-jwt-header",
  "curl -sS -H \"Authorization: Bearer ⟦s⟧\" \"https://api.⟦dom⟧/v1/fields?season=2024&crop=soy\" -o fields.json",
  "jwt", "https://api.⟦dom⟧/v1/fields")
c("curl-x-api-key-telemetry",
  "curl -sS -H 'X-API-Key: ⟦s⟧' 'https://⟦host⟧/telemetry/v1/devices/⟦dev⟧/readings?from=⟦date⟧&metric=vwc_30cm'",
  "hex32", "⟦dev⟧")
c("mosquitto-pub-short-p",
  "mosquitto_pub -h ⟦host⟧ -p 8883 --cafile /etc/ssl/farm-ca.crt -u ⟦user⟧ -P '⟦s⟧' -t 'farm/⟦farmid⟧/valve/⟦zone⟧/set' -m '{\"open\":true,\"minutes\":45}'",
  "pw", "farm/⟦farmid⟧/valve/⟦zone⟧/set")
c("mosquitto-sub-long-pw",
  "mosquitto_sub -h ⟦ip⟧ --username ⟦user⟧ --pw ⟦s⟧ -t 'greenhouse/+/climate' -v -C 20",
  "pwa", "greenhouse/+/climate")
c("docker-login-p-flag",
  "docker login registry.⟦dom⟧ -u ci-bot -p ⟦s⟧",
  "pwa", "registry.⟦dom⟧")
c("docker-login-echo-stdin-ghcr",
  "echo '⟦s⟧' | docker login ghcr.io -u ⟦user⟧ --password-stdin",
  "ghp", "docker login ghcr.io")
c("docker-run-influx-init-password",
  "docker run -d --name influx -p 8086:8086 \\\n  -e DOCKER_INFLUXDB_INIT_MODE=setup \\\n  -e DOCKER_INFLUXDB_INIT_USERNAME=admin \\\n  -e DOCKER_INFLUXDB_INIT_PASSWORD=⟦s⟧ \\\n  -e DOCKER_INFLUXDB_INIT_ORG=⟦org⟧ -e DOCKER_INFLUXDB_INIT_BUCKET=soil \\\n  influxdb:2.7",
  "pwa", "influxdb:2.7")
c("export-agworld-token",
  "export AGWORLD_API_TOKEN=⟦s⟧\npython scripts/pull_activities.py --season 2024 --farm \"⟦farm⟧\"",
  "al40", "pull_activities.py")
c("sshpass-inline-ssh",
  "sshpass -p '⟦s⟧' ssh -o StrictHostKeyChecking=no pi@⟦ip⟧ 'sudo systemctl restart irrigation-agent'",
  "pw", "pi@⟦ip⟧")
c("smbclient-user-percent-password",
  "smbclient //⟦ip⟧/scales -U 'weighbridge%⟦s⟧' -c 'cd exports; get tickets_⟦date⟧.csv'",
  "pw", "//⟦ip⟧/scales")
c("mount-cifs-options-password",
  "sudo mount -t cifs //nas01/harvest /mnt/harvest -o username=⟦user⟧,password=⟦s⟧,vers=3.0,uid=1000",
  "pwa", "//nas01/harvest")
c("htpasswd-batch-create",
  "sudo htpasswd -b -c /etc/nginx/.htpasswd grower ⟦s⟧ && sudo nginx -s reload",
  "pwa", "/etc/nginx/.htpasswd")
c("wget-user-password-flags",
  "wget --user=⟦user⟧ --password='⟦s⟧' https://⟦host⟧/exports/yield_⟦date⟧.zip",
  "pw", "https://⟦host⟧/exports/")
c("git-clone-oauth2-gitlab-token",
  "git clone https://oauth2:⟦s⟧@gitlab.⟦dom⟧/agtech/irrigation-controller.git",
  "glpat", "agtech/irrigation-controller.git")
c("git-remote-set-url-pat",
  "git remote set-url origin https://⟦user⟧:⟦s⟧@github.com/⟦repo⟧.git && git push -u origin main",
  "ghp", "git remote set-url origin")
c("aws-configure-set-secret",
  "aws configure set aws_access_key_id ⟦akid⟧ --profile coldchain\naws configure set aws_secret_access_key ⟦s⟧ --profile coldchain",
  "awssk", "--profile coldchain")
c("az-storage-blob-upload-account-key",
  "az storage blob upload --account-name ⟦acct⟧ --account-key \"⟦s⟧\" -c traceability -f lots_⟦date⟧.csv -n inbound/lots_⟦date⟧.csv",
  "b64_64", "--account-name ⟦acct⟧")
c("rclone-config-create-wasabi",
  "rclone config create farm-archive s3 provider=Wasabi access_key_id=⟦akid⟧ secret_access_key=⟦s⟧ endpoint=s3.eu-central-1.wasabisys.com",
  "awssk", "farm-archive")
c("influx-write-t-token",
  "influx write -b soil -o ⟦org⟧ -t ⟦s⟧ -p s -f soil_moisture_⟦date⟧.lp",
  "influx", "influx write -b soil")
c("redis-cli-a-flag",
  "redis-cli -h ⟦host⟧ -a '⟦s⟧' --no-auth-warning --scan --pattern 'trace:lot:*' | head",
  "pw", "redis-cli -h ⟦host⟧")
c("mongosh-srv-uri",
  "mongosh \"mongodb+srv://⟦user⟧:⟦s⟧@cluster0.⟦short⟧.mongodb.net/fieldnotes?retryWrites=true\"",
  "pwu", "cluster0.⟦short⟧.mongodb.net")
c("sqlcmd-capital-p",
  "sqlcmd -S ⟦host⟧,1433 -U sa -P \"⟦s⟧\" -d AgriERP -Q \"SELECT TOP 10 * FROM dbo.GrowerPayments ORDER BY PaidOn DESC\"",
  "pwq", "-d AgriERP")
c("ldapsearch-bind-w",
  "ldapsearch -H ldaps://dc01.⟦dom⟧ -D \"cn=svc-scada,ou=Service,dc=coop,dc=local\" -w '⟦s⟧' -b \"ou=Staff,dc=coop,dc=local\" mail",
  "pw", "cn=svc-scada")
c("openssl-pkcs12-passout",
  "openssl pkcs12 -export -in as2_⟦partner⟧.crt -inkey as2.key -out as2_⟦partner⟧.p12 -passout pass:⟦s⟧",
  "pwa", "as2_⟦partner⟧.p12")
c("keytool-srcstorepass",
  "keytool -importkeystore -srckeystore edi.p12 -srcstoretype PKCS12 -srcstorepass ⟦s⟧ -destkeystore edi.jks -deststoretype JKS",
  "pwa", "-srckeystore edi.p12")
c("kubectl-create-secret-from-literal",
  "kubectl -n ⟦ns⟧ create secret generic sensitech-api --from-literal=api-key=⟦s⟧ --dry-run=client -o yaml | kubectl apply -f -",
  "al32", "sensitech-api")
c("helm-set-superuser-password",
  "helm upgrade --install timescale timescale/timescaledb-single -n telemetry --set credentials.superuser=⟦s⟧ --set persistentVolumes.data.size=200Gi",
  "pwa", "timescale/timescaledb-single")
c("vault-kv-put-inline",
  "vault kv put secret/edi/sps-commerce username=⟦user⟧ password='⟦s⟧'",
  "pw", "secret/edi/sps-commerce")
c("fly-secrets-set",
  "fly secrets set JD_CLIENT_SECRET=⟦s⟧ -a ⟦app⟧",
  "u40", "-a ⟦app⟧")
c("gh-secret-set-body",
  "gh secret set CLAAS_API_KEY --body \"⟦s⟧\" --repo ⟦repo⟧",
  "al32", "--repo ⟦repo⟧")
c("npm-config-set-authtoken",
  "npm config set //registry.npmjs.org/:_authToken ⟦s⟧",
  "npm", "npm config set")
c("pip-extra-index-url-creds",
  "pip install --extra-index-url https://ci:⟦s⟧@nexus.⟦dom⟧/repository/pypi-internal/simple/ agri-edi==⟦ver⟧",
  "pwu", "agri-edi==⟦ver⟧")
c("twine-upload-token-p",
  "twine upload -u __token__ -p ⟦s⟧ dist/gs1-epcis-⟦ver⟧*",
  "pypi", "twine upload")
c("lftp-user-comma-password",
  "lftp -u ⟦user⟧,'⟦s⟧' sftp://⟦host⟧ -e \"mirror --reverse outbound/856 /edi/out; bye\"",
  "pw", "sftp://⟦host⟧")
c("curl-ftp-upload-user",
  "curl -T asn_⟦num⟧.edi ftp://⟦host⟧/inbound/ --user edi_⟦n⟧:⟦s⟧",
  "pwa", "asn_⟦num⟧.edi")
c("ipmitool-lanplus-password",
  "ipmitool -I lanplus -H ⟦ip⟧ -U ADMIN -P ⟦s⟧ chassis power status",
  "pwa", "chassis power status")
c("snmpwalk-v3-auth-pass",
  "snmpwalk -v3 -l authNoPriv -u monitor -a SHA -A '⟦s⟧' ⟦ip⟧ 1.3.6.1.4.1.318.1.1.1.2",
  "pw", "snmpwalk -v3")
c("nmcli-wifi-connect-password",
  "sudo nmcli dev wifi connect \"⟦ssid⟧\" password \"⟦s⟧\" ifname wlan0",
  "phrase", "⟦ssid⟧")
c("wpa-passphrase-tee",
  "wpa_passphrase \"⟦ssid⟧\" '⟦s⟧' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf",
  "phrasesp", "/etc/wpa_supplicant/wpa_supplicant.conf")
c("rabbitmqctl-add-user",
  "rabbitmqctl add_user coldchain_ingest '⟦s⟧' && rabbitmqctl set_permissions -p /coldchain coldchain_ingest '.*' '.*' '.*'",
  "pw", "coldchain_ingest")
c("mysql-e-create-user-identified-by",
  "mysql -uroot -e \"CREATE USER 'grafana'@'%' IDENTIFIED BY '⟦s⟧'; GRANT SELECT ON telemetry.* TO 'grafana'@'%';\"",
  "pwq", "GRANT SELECT ON telemetry.*")
c("psql-alter-role-password",
  "sudo -u postgres psql -c \"ALTER ROLE trace_api WITH LOGIN PASSWORD '⟦s⟧';\"",
  "pwq", "ALTER ROLE trace_api")
c("chpasswd-echo",
  "echo 'fieldtech:⟦s⟧' | sudo chpasswd",
  "pw", "sudo chpasswd")
c("httpie-auth-flag",
  "http -a ⟦user⟧:⟦s⟧ POST https://⟦host⟧/api/irrigation/schedules zone=⟦zone⟧ start=05:30 minutes:=40",
  "pwa", "/api/irrigation/schedules")
c("httpie-header-x-auth-token",
  "http GET https://api.⟦dom⟧/v2/coldrooms/⟦n⟧/alarms 'X-Auth-Token:⟦s⟧' since==⟦date⟧",
  "hex40", "/v2/coldrooms/")
c("stripe-cli-listen-api-key",
  "stripe listen --api-key ⟦s⟧ --forward-to localhost:8000/webhooks/stripe",
  "rklive", "--forward-to localhost:8000/webhooks/stripe")
c("terraform-apply-var-password",
  "terraform apply -var=\"db_password=⟦s⟧\" -var-file=envs/prod.tfvars -target=module.erp_db",
  "pwq", "-var-file=envs/prod.tfvars")
c("ansible-playbook-become-pass-extra-var",
  "ansible-playbook site.yml -l greenhouses -e \"ansible_become_pass=⟦s⟧\" --tags climate",
  "pwq", "-l greenhouses")
c("rsync-password-env-prefix",
  "RSYNC_PASSWORD=⟦s⟧ rsync -av rsync://backup@⟦host⟧/farmdocs/ ./farmdocs/",
  "pwa", "rsync://backup@⟦host⟧/farmdocs/")
c("openssl-enc-k-flag",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -k ⟦s⟧ -in grower_ledger_⟦date⟧.xlsx -out grower_ledger.enc",
  "pwa", "grower_ledger_⟦date⟧.xlsx")
c("zip-capital-p-password",
  "zip -P ⟦s⟧ payroll_⟦date⟧.zip payroll_export.csv",
  "pwa", "payroll_export.csv")
c("sevenzip-p-attached",
  "7z a -p'⟦s⟧' -mhe=on grower_contracts_2025.7z contracts/",
  "pw", "grower_contracts_2025.7z")
c("gpg-loopback-passphrase",
  "gpg --batch --pinentry-mode loopback --passphrase '⟦s⟧' -o remittance.csv -d remittance_⟦date⟧.csv.gpg",
  "phrase", "remittance_⟦date⟧.csv.gpg")
c("redis-cli-u-url",
  "redis-cli -u redis://default:⟦s⟧@⟦host⟧:6379/2 ping",
  "pwu", "⟦host⟧:6379")
c("python-c-pika-amqps-url",
  "python3 -c \"import pika; c = pika.BlockingConnection(pika.URLParameters('amqps://⟦user⟧:⟦s⟧@⟦host⟧/coldchain')); print(c.is_open)\"",
  "pwu", "pika.URLParameters")
c("curl-oauth-password-grant-form",
  "curl -X POST https://⟦host⟧/oauth/token -d grant_type=password -d username=⟦user⟧ -d password=⟦s⟧ -d client_id=grower-portal",
  "pwa", "client_id=grower-portal")
c("curl-json-login-body",
  "curl -s -X POST https://⟦host⟧/api/login -H 'Content-Type: application/json' -d '{\"email\":\"⟦email⟧\",\"password\":\"⟦s⟧\"}'",
  "pw", "⟦email⟧")
c("curl-client-credentials-secret",
  "curl -s -X POST https://auth.⟦dom⟧/oauth2/v1/token -d grant_type=client_credentials -d client_id=⟦cid⟧ -d client_secret=⟦s⟧ -d scope=ag1",
  "u40", "client_id=⟦cid⟧")
c("powershell-securestring-psdrive",
  "$pw = ConvertTo-SecureString '⟦s⟧' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('AGCOOP\\⟦user⟧', $pw)\nNew-PSDrive -Name S -PSProvider FileSystem -Root \\\\fs01\\scales -Credential $cred",
  "pw", "\\\\fs01\\scales")
c("windows-net-use-password",
  "net use Z: \\\\⟦ip⟧\\Exports ⟦s⟧ /user:AGCOOP\\⟦user⟧ /persistent:no",
  "pwa", "\\\\⟦ip⟧\\Exports")
c("cmdkey-add-pass",
  "cmdkey /add:⟦host⟧ /user:⟦user⟧ /pass:⟦s⟧",
  "pwa", "cmdkey /add:⟦host⟧")
c("wget-ftp-url-credentials",
  "wget -q ftp://⟦user⟧:⟦s⟧@⟦ip⟧/logs/controller_⟦date⟧.log",
  "pwu", "controller_⟦date⟧.log")
c("tailscale-up-authkey",
  "sudo tailscale up --authkey ⟦s⟧ --hostname gh-climate-⟦n⟧ --advertise-tags=tag:greenhouse",
  "tskey", "--hostname gh-climate-⟦n⟧")
c("grafana-cli-reset-admin-password",
  "docker exec -it grafana grafana-cli admin reset-admin-password ⟦s⟧",
  "pwa", "reset-admin-password")
c("mc-alias-set-minio",
  "mc alias set farm-minio http://⟦ip⟧:9000 minioadmin ⟦s⟧",
  "al40", "farm-minio")
c("odoo-bin-admin-passwd-flag",
  "./odoo-bin -d coop_prod --db_host ⟦host⟧ --db_user odoo --db_password ⟦s⟧ -u stock_lot_trace --stop-after-init",
  "pwa", "-u stock_lot_trace")
c("ngrok-config-add-authtoken",
  "ngrok config add-authtoken ⟦s⟧ && ngrok http 1880",
  lambda: _rs(27) + "_" + _rs(21), "ngrok http 1880")
c("heredoc-env-file-write",
  "cat > /opt/⟦app⟧/.env <<'EOF'\nTIVE_BASE_URL=https://api.tive.example/v3\nTIVE_API_KEY=⟦s⟧\nLOG_LEVEL=info\nEOF",
  "hex40", "TIVE_BASE_URL")
# ===========================================================================
# tool-output: what commands printed back to the agent
# ===========================================================================
t = _adder("tool-output")
t("env-grep-client-secret",
  "$ env | grep -i farmos\nFARMOS_URL=https://⟦host⟧\nFARMOS_CLIENT_ID=fieldkit\nFARMOS_CLIENT_SECRET=⟦s⟧",
  "al32", "FARMOS_CLIENT_ID=fieldkit")
t("docker-inspect-env-array",
  "$ docker inspect --format '{{json .Config.Env}}' timescale | jq .\n[\n  \"POSTGRES_USER=⟦user⟧\",\n  \"POSTGRES_PASSWORD=⟦s⟧\",\n  \"POSTGRES_DB=⟦db⟧\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n]",
  "pw", "POSTGRES_DB=⟦db⟧")
t("kubectl-jsonpath-base64-decoded",
  "$ kubectl -n ⟦ns⟧ get secret mqtt-creds -o jsonpath='{.data.password}' | base64 -d\n⟦s⟧",
  "pw", "mqtt-creds")
t("kubectl-get-secret-yaml-data",
  "$ kubectl get secret erp-db -n erp -o yaml\napiVersion: v1\ndata:\n  password: ⟦s⟧\n  username: ZXJwX2FwcA==\nkind: Secret\nmetadata:\n  name: erp-db\n  namespace: erp\ntype: Opaque",
  "b64pw", "name: erp-db")
t("aws-sts-assume-role-secret",
  "$ aws sts assume-role --role-arn arn:aws:iam::⟦num⟧⟦num2⟧:role/coldchain-export --role-session-name agent\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"ASIA⟦hexid⟧EXPORT\",\n        \"SecretAccessKey\": \"⟦s⟧\",\n        \"SessionToken\": \"(omitted by agent)\",\n        \"Expiration\": \"⟦ts⟧\"\n    }\n}",
  "awssk", "role/coldchain-export")
t("git-config-list-remote-creds",
  "$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://⟦user⟧:⟦s⟧@github.com/⟦repo⟧.git",
  "ghp", "remote.origin.url")
t("cat-netrc-multiline",
  "$ cat ~/.netrc\nmachine ⟦host⟧\n  login ⟦user⟧\n  password ⟦s⟧\nmachine api.weatherlink.example\n  login ⟦user2⟧\n  password ${WEATHERLINK_PW}",
  "pwa", "machine ⟦host⟧")
t("pip-config-list-index-url",
  "$ pip config list\nglobal.index-url='https://agri:⟦s⟧@nexus.⟦dom⟧/repository/pypi/simple'\nglobal.trusted-host='nexus.⟦dom⟧'",
  "pwu", "global.trusted-host")
t("heroku-config-database-url",
  "$ heroku config -a grain-bids\n=== grain-bids Config Vars\nDATABASE_URL:        postgres://u⟦short⟧:⟦s⟧@ec2-⟦n⟧-⟦n2⟧.compute-1.amazonaws.com:5432/d⟦short2⟧\nLOG_LEVEL:           info",
  "hex64", "=== grain-bids Config Vars")
t("printenv-single-value",
  "$ printenv MQTT_PASSWORD\n⟦s⟧\n$ printenv MQTT_HOST\n⟦host⟧",
  "pw", "printenv MQTT_HOST")
t("vault-kv-get-table",
  "$ vault kv get secret/coldchain/sensitech\n====== Data ======\nKey         Value\n---         -----\napi_key     ⟦s⟧\naccount     ⟦num⟧",
  "al40", "secret/coldchain/sensitech")
t("terraform-output-raw-sensitive",
  "$ terraform output -raw db_admin_password\n⟦s⟧",
  "pw", "terraform output -raw db_admin_password")
t("docker-compose-config-rendered",
  "$ docker compose config\nservices:\n  pgadmin:\n    environment:\n      PGADMIN_DEFAULT_EMAIL: ⟦email⟧\n      PGADMIN_DEFAULT_PASSWORD: ⟦s⟧\n    image: dpage/pgadmin4:8",
  "pwa", "dpage/pgadmin4:8")
t("systemctl-show-environment",
  "$ systemctl show modbus-gw -p Environment\nEnvironment=MODBUS_GW_TOKEN=⟦s⟧ LOG_LEVEL=info POLL_MS=500",
  "hex32", "POLL_MS=500")
t("ps-aux-cmdline-client-secret",
  "$ ps aux | grep [j]dsync\nsvc      ⟦pid⟧  2.1  1.4 412332 58212 ?  Sl   04:00   0:12 python3 /opt/jdsync/sync.py --client-secret ⟦s⟧ --org ⟦num⟧",
  "u40", "/opt/jdsync/sync.py")
t("grep-rn-password-ini",
  "$ grep -rn \"password\" config/\nconfig/scale.ini:14:password = ⟦s⟧\nconfig/README.md:3:The scale password lives in scale.ini (do not commit)",
  "pw", "config/scale.ini:14")
t("nmcli-show-secrets-psk",
  "$ nmcli --show-secrets connection show \"⟦ssid⟧\" | grep psk\n802-11-wireless-security.psk:            ⟦s⟧\n802-11-wireless-security.psk-flags:      0 (none)",
  "phrase", "psk-flags")
t("cat-nmconnection-file",
  "$ sudo cat /etc/NetworkManager/system-connections/⟦ssid⟧.nmconnection\n[wifi]\nmode=infrastructure\nssid=⟦ssid⟧\n\n[wifi-security]\nkey-mgmt=wpa-psk\npsk=⟦s⟧",
  "pw", "key-mgmt=wpa-psk")
t("mysql-select-integrations-table",
  "mysql> SELECT id, vendor, api_key, created_at FROM integrations WHERE vendor='claas';\n+----+--------+------------------------------------------+---------------------+\n| id | vendor | api_key                                  | created_at          |\n+----+--------+------------------------------------------+---------------------+\n|  ⟦n⟧ | claas  | ⟦s⟧ | ⟦date⟧ 09:12:44 |\n+----+--------+------------------------------------------+---------------------+",
  "hex40", "vendor='claas'")
t("psql-select-oauth-clients",
  "grain_ops=> select provider, client_secret from oauth_clients;\n provider  |              client_secret\n-----------+------------------------------------------\n deere_ops | ⟦s⟧\n(1 row)",
  "u40", "deere_ops")
t("redis-get-access-token",
  "⟦ip⟧:6379> GET oauth:deere:access_token\n\"⟦s⟧\"\n⟦ip⟧:6379> TTL oauth:deere:access_token\n(integer) 3487",
  "jwt", "TTL oauth:deere:access_token")
t("http-response-token-json",
  "HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\nCache-Control: no-store\n\n{\"access_token\":\"⟦s⟧\",\"token_type\":\"Bearer\",\"expires_in\":43199,\"scope\":\"ag1 eq1 files\"}",
  "ya29", "\"token_type\":\"Bearer\"")
t("curl-i-set-cookie-session",
  "< HTTP/2 302\n< location: /dashboard\n< set-cookie: growerportal_session=⟦s⟧; Path=/; HttpOnly; Secure; SameSite=Lax",
  "hex64", "location: /dashboard")
t("curl-v-authorization-basic",
  "> GET /api/v3/bins HTTP/2\n> Host: ⟦host⟧\n> authorization: Basic ⟦s⟧\n> user-agent: curl/8.5.0\n>\n< HTTP/2 200",
  "basic", "GET /api/v3/bins")
t("aws-iam-create-access-key-json",
  "$ aws iam create-access-key --user-name coldchain-uploader\n{\n    \"AccessKey\": {\n        \"UserName\": \"coldchain-uploader\",\n        \"AccessKeyId\": \"⟦akid⟧\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"⟦s⟧\",\n        \"CreateDate\": \"⟦ts⟧\"\n    }\n}",
  "awssk", "coldchain-uploader")
t("cat-gcp-service-account-json",
  "$ cat keys/agri-bq-loader.json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"agri-trace-prod\",\n  \"private_key_id\": \"⟦sha⟧\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n⟦s⟧\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"bq-loader@agri-trace-prod.iam.gserviceaccount.com\"\n}",
  lambda: _pem("pkcs8", "\\n"), "bq-loader@agri-trace-prod.iam.gserviceaccount.com")
t("az-ad-sp-create-for-rbac-password",
  "$ az ad sp create-for-rbac --name coldchain-exporter --role Reader\n{\n  \"appId\": \"⟦uuid⟧\",\n  \"displayName\": \"coldchain-exporter\",\n  \"password\": \"⟦s⟧\",\n  \"tenant\": \"⟦uuid2⟧\"\n}",
  "azs", "coldchain-exporter")
t("openssl-genpkey-stdout",
  "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048\n-----BEGIN PRIVATE KEY-----\n⟦s⟧\n-----END PRIVATE KEY-----",
  "pempk8", "openssl genpkey -algorithm RSA")
t("cat-id-ed25519-openssh",
  "$ cat ~/.ssh/id_ed25519_deploy\n-----BEGIN OPENSSH PRIVATE KEY-----\n⟦s⟧\n-----END OPENSSH PRIVATE KEY-----",
  "pemssh", "~/.ssh/id_ed25519_deploy")
t("wg-showconf-private-key",
  "$ sudo wg showconf wg0\n[Interface]\nListenPort = 51820\nPrivateKey = ⟦s⟧\n\n[Peer]\nPublicKey = ⟦bshort⟧\nAllowedIPs = 10.66.0.0/24",
  "wgkey", "ListenPort = 51820")
t("pm2-env-dump",
  "$ pm2 env 3\nNODE_ENV: production\nSENSIRION_API_SECRET: ⟦s⟧\nPORT: 3010\nname: coldroom-bridge",
  "al48", "coldroom-bridge")
t("kubectl-exec-env-grep",
  "$ kubectl -n edi exec deploy/edi-gateway -- env | grep AS2\nAS2_PARTNER_ID=⟦partner⟧\nAS2_KEYSTORE_PASSWORD=⟦s⟧\nAS2_URL=https://as2.⟦dom⟧/receive",
  "pw", "AS2_PARTNER_ID=⟦partner⟧")
t("gh-auth-token-output",
  "$ gh auth token\n⟦s⟧",
  "gho", "gh auth token")
t("gh-auth-status-show-token",
  "$ gh auth status --show-token\ngithub.com\n  ✓ Logged in to github.com account ⟦user⟧ (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: ⟦s⟧\n  - Token scopes: 'gist', 'read:org', 'repo'",
  "gho", "Logged in to github.com account ⟦user⟧")
t("cat-npmrc-github-packages",
  "$ cat ~/.npmrc\n@agtech:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=⟦s⟧",
  "ghp", "@agtech:registry=https://npm.pkg.github.com")
t("cat-docker-config-auths",
  "$ cat ~/.docker/config.json\n{\n  \"auths\": {\n    \"registry.⟦dom⟧\": {\n      \"auth\": \"⟦s⟧\"\n    }\n  }\n}",
  "basic", "\"registry.⟦dom⟧\"")
t("sqlite-settings-row",
  "$ sqlite3 /var/lib/pivotctl/controller.db \"select key, value from settings\"\nsite_name|⟦farm⟧\ncloud_endpoint|https://cloud.⟦dom⟧/ingest\ncloud_api_key|⟦s⟧\npoll_seconds|60",
  "hex32", "cloud_endpoint")
t("node-repl-process-env",
  "> process.env.TIVE_API_KEY\n'⟦s⟧'\n> process.env.TIVE_ACCOUNT_ID\n'⟦num⟧'",
  "al32", "process.env.TIVE_ACCOUNT_ID")
t("python-repl-os-environ",
  ">>> import os\n>>> os.environ[\"SHOPIFY_ADMIN_TOKEN\"]\n'⟦s⟧'",
  "shpat", "SHOPIFY_ADMIN_TOKEN")
t("jq-credentials-object",
  "$ jq .credentials config/fieldview.json\n{\n  \"client_id\": \"fv-⟦short⟧\",\n  \"client_secret\": \"⟦s⟧\",\n  \"redirect_uri\": \"http://localhost:8765/callback\"\n}",
  "al48", "config/fieldview.json")
t("git-diff-added-password",
  "$ git diff config/scale.yaml\n@@ -3,4 +3,4 @@ scale:\n   host: ⟦ip⟧\n   user: scalehouse\n-  password: ${SCALE_PASSWORD}\n+  password: ⟦s⟧\n   port: 4001",
  "pw", "config/scale.yaml")
t("git-log-p-leaked-key",
  "$ git log -p -1 -- .env.example\ncommit ⟦sha⟧\nAuthor: ⟦person⟧ <⟦email⟧>\nDate:   ⟦date⟧\n\n    add sendgrid for lot recall emails\n\n+SENDGRID_API_KEY=⟦s⟧\n+MAIL_FROM=recalls@⟦dom⟧",
  "sg", "add sendgrid for lot recall emails")
t("gitleaks-finding-block",
  "Finding:     api_key = \"⟦s⟧\"\nSecret:      ⟦s⟧\nRuleID:      generic-api-key\nEntropy:     4.61\nFile:        services/cold_chain/client.py\nLine:        22\nCommit:      ⟦sha⟧",
  "al32", "services/cold_chain/client.py")
t("trufflehog-verified-result",
  "Found verified result 🐷🔑\nDetector Type: Stripe\nDecoder Type: PLAIN\nRaw result: ⟦s⟧\nFile: billing/co_op_dues.py\nLine: 9",
  "sklive", "billing/co_op_dues.py")
t("cloud-init-user-data-chpasswd",
  "$ sudo cat /var/lib/cloud/instance/user-data.txt\n#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:⟦s⟧\nssh_pwauth: true",
  "pw", "ssh_pwauth: true")
t("ansible-debug-var-output",
  "TASK [debug var=db_pass] *****************************************\nok: [gh-climate-⟦n⟧] => {\n    \"db_pass\": \"⟦s⟧\"\n}",
  "pw", "TASK [debug var=db_pass]")
t("terraform-plan-administrator-password",
  "  # azurerm_postgresql_flexible_server.erp will be created\n  + resource \"azurerm_postgresql_flexible_server\" \"erp\" {\n      + administrator_login          = \"erpadmin\"\n      + administrator_password       = \"⟦s⟧\"\n      + sku_name                     = \"B_Standard_B1ms\"",
  "pw", "azurerm_postgresql_flexible_server.erp")
t("zbarimg-wifi-qr",
  "$ zbarimg -q packshed_wifi.png\nQR-Code:WIFI:T:WPA;S:⟦ssid⟧;P:⟦s⟧;;",
  "pwa", "packshed_wifi.png")
t("netsh-wlan-show-key-clear",
  "PS C:\\> netsh wlan show profile name=\"⟦ssid⟧\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Key Content            : ⟦s⟧",
  "phrase", "WPA2-Personal")
t("firebase-login-ci-token",
  "$ firebase login:ci\n✔  Success! Use this token to login on a CI server:\n\n⟦s⟧\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
  "gref", "firebase login:ci")
t("heroku-auth-token-print",
  "$ heroku auth:token\n ›   Warning: token will expire 04/01/2026\n ›   Use heroku authorizations:create to generate a long-term token\n⟦s⟧",
  "heroku", "heroku auth:token")
t("stripe-config-list-live-key",
  "$ stripe config --list\n[default]\ndevice_name = ⟦user⟧-laptop\nlive_mode_api_key = '⟦s⟧'\nlive_mode_key_expires_at = '⟦date⟧'",
  "rklive", "device_name = ⟦user⟧-laptop")
t("cat-aws-credentials-file",
  "$ cat ~/.aws/credentials\n[coldchain]\naws_access_key_id = ⟦akid⟧\naws_secret_access_key = ⟦s⟧\nregion = ⟦region⟧",
  "awssk", "[coldchain]")
t("cat-pgpass-output",
  "$ cat ~/.pgpass\n⟦host⟧:5432:⟦db⟧:⟦user⟧:⟦s⟧",
  "pwa", "⟦host⟧:5432:⟦db⟧:⟦user⟧")
t("mc-alias-list-secretkey",
  "$ mc alias list farm-minio\nfarm-minio\n  URL       : http://⟦ip⟧:9000\n  AccessKey : minioadmin\n  SecretKey : ⟦s⟧\n  API       : s3v4\n  Path      : auto",
  "al40", "AccessKey : minioadmin")
t("rclone-config-show-s3",
  "$ rclone config show wasabi-archive\n[wasabi-archive]\ntype = s3\nprovider = Wasabi\naccess_key_id = ⟦akid⟧\nsecret_access_key = ⟦s⟧\nendpoint = s3.wasabisys.com",
  "awssk", "[wasabi-archive]")
t("influx-auth-list-table",
  "$ influx auth list --user admin\nID\t\t\tDescription\tToken\t\tUser Name\tPermissions\n0c⟦hexid⟧\tadmin's Token\t⟦s⟧\tadmin\t[read:/authorizations write:/authorizations ...]",
  "influx", "admin's Token")
t("kubeadm-token-create-join",
  "$ kubeadm token create --print-join-command\nkubeadm join ⟦ip⟧:6443 --token ⟦s⟧ --discovery-token-ca-cert-hash sha256:⟦sha⟧⟦hexid⟧⟦hexid2⟧⟦hexid3⟧",
  "kubeadm", "--discovery-token-ca-cert-hash")
t("k3s-node-token-cat",
  "$ sudo cat /var/lib/rancher/k3s/server/node-token\n⟦s⟧",
  "k3s", "/var/lib/rancher/k3s/server/node-token")
t("jupyter-server-list-token",
  "$ jupyter server list\nCurrently running servers:\nhttp://localhost:8888/?token=⟦s⟧ :: /home/agronomist/notebooks",
  "hex48", "/home/agronomist/notebooks")
t("cat-databrickscfg",
  "$ cat ~/.databrickscfg\n[DEFAULT]\nhost  = https://adb-⟦num⟧.azuredatabricks.net\ntoken = ⟦s⟧",
  "dapi", "azuredatabricks.net")
t("cat-sentryclirc",
  "$ cat ~/.sentryclirc\n[defaults]\norg = ⟦org⟧\nproject = coldchain-api\n\n[auth]\ntoken=⟦s⟧",
  "sntrys", "project = coldchain-api")
t("hexdump-config-blob",
  "$ strings firmware/cfg.bin | head\nSSID=⟦ssid⟧\nWPA=⟦s⟧\nMQTT=mqtts://⟦host⟧:8883\nFW=⟦ver⟧",
  "pwa", "strings firmware/cfg.bin")
t("adb-shell-getprop-config",
  "$ adb shell cat /sdcard/FieldScout/config.json\n{\"server\":\"https://⟦host⟧\",\"device\":\"⟦dev⟧\",\"sync_password\":\"⟦s⟧\"}",
  "pw", "FieldScout/config.json")
t("gcloud-secrets-access-output",
  "$ gcloud secrets versions access latest --secret=weatherlink-api-secret --project agri-trace-prod\n⟦s⟧",
  lambda: _rs(32, _LA), "--secret=weatherlink-api-secret")
t("vault-read-database-creds",
  "$ vault read database/creds/grain-readonly\nKey                Value\n---                -----\nlease_id           database/creds/grain-readonly/⟦short⟧⟦hexid⟧\nlease_duration     1h\npassword           ⟦s⟧\nusername           v-token-grain-re-⟦short2⟧",
  lambda: "A1a-" + _rs(20), "database/creds/grain-readonly")
# ===========================================================================
# config-file: excerpts of files the agent opened
# ===========================================================================
f = _adder("config-file")
f("dotenv-db-password-unquoted",
  "# .env  (⟦app⟧)\nDB_HOST=⟦host⟧\nDB_PORT=5432\nDB_USER=⟦user⟧\nDB_PASSWORD=⟦s⟧\nDB_NAME=⟦db⟧",
  "pw", "DB_HOST=⟦host⟧")
f("dotenv-double-quoted-client-secret",
  "JD_OPS_CENTER_CLIENT_ID=\"⟦cid⟧\"\nJD_OPS_CENTER_CLIENT_SECRET=\"⟦s⟧\"\nJD_OPS_CENTER_REDIRECT=\"https://⟦host⟧/oauth/callback\"",
  "u40", "JD_OPS_CENTER_CLIENT_ID")
f("yaml-spring-datasource-password",
  "spring:\n  datasource:\n    url: jdbc:postgresql://⟦host⟧:5432/⟦db⟧\n    username: ⟦user⟧\n    password: ⟦s⟧\n  jpa:\n    hibernate:\n      ddl-auto: validate",
  "pw", "jdbc:postgresql://⟦host⟧:5432/⟦db⟧")
f("compose-environment-list-item",
  "services:\n  nodered:\n    image: nodered/node-red:3.1\n    environment:\n      - TZ=Europe/Amsterdam\n      - NODE_RED_CREDENTIAL_SECRET=⟦s⟧\n    volumes:\n      - ./nodered:/data",
  "al32", "nodered/node-red:3.1")
f("telegraf-influxdb-v2-token",
  "[[outputs.influxdb_v2]]\n  urls = [\"http://⟦ip⟧:8086\"]\n  token = \"⟦s⟧\"\n  organization = \"⟦org⟧\"\n  bucket = \"greenhouse\"",
  "influx", "[[outputs.influxdb_v2]]")
f("telegraf-mqtt-consumer-password",
  "[[inputs.mqtt_consumer]]\n  servers = [\"ssl://⟦host⟧:8883\"]\n  topics = [\"farm/+/soil/#\"]\n  username = \"⟦user⟧\"\n  password = \"⟦s⟧\"\n  data_format = \"json\"",
  "pw", "farm/+/soil/#")
f("odbc-ini-pwd",
  "[AgriERP]\nDriver=ODBC Driver 18 for SQL Server\nServer=⟦host⟧,1433\nDatabase=AgriERP\nUID=erp_report\nPWD=⟦s⟧\nTrustServerCertificate=yes",
  "pw", "Database=AgriERP")
f("wp-config-db-password-define",
  "/** The name of the database for WordPress */\ndefine( 'DB_NAME', 'coop_site' );\ndefine( 'DB_USER', 'coop_wp' );\ndefine( 'DB_PASSWORD', '⟦s⟧' );\ndefine( 'DB_HOST', 'localhost' );",
  "pw", "define( 'DB_USER', 'coop_wp' );")
f("tomcat-users-xml-password-attr",
  "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"manager\" password=\"⟦s⟧\" roles=\"manager-gui\"/>\n</tomcat-users>",
  "pwa", "rolename=\"manager-gui\"")
f("maven-settings-server-password",
  "<servers>\n  <server>\n    <id>agri-nexus</id>\n    <username>deploy</username>\n    <password>⟦s⟧</password>\n  </server>\n</servers>",
  "pwa", "<id>agri-nexus</id>")
f("nuget-config-cleartextpassword",
  "<packageSourceCredentials>\n  <AgriFeed>\n    <add key=\"Username\" value=\"build\" />\n    <add key=\"ClearTextPassword\" value=\"⟦s⟧\" />\n  </AgriFeed>\n</packageSourceCredentials>",
  "pwa", "<AgriFeed>")
f("tfvars-db-admin-password",
  "# envs/prod.tfvars\nregion            = \"⟦region⟧\"\ndb_instance_class = \"db.t4g.medium\"\ndb_admin_password = \"⟦s⟧\"",
  "pw", "db_instance_class")
f("hcl-provider-datadog-api-key",
  "provider \"datadog\" {\n  api_key = \"⟦s⟧\"\n  app_key = var.datadog_app_key\n  api_url = \"https://api.datadoghq.eu/\"\n}",
  "hex32", "provider \"datadog\"")
f("appsettings-json-connection-string",
  "{\n  \"ConnectionStrings\": {\n    \"Erp\": \"Server=⟦host⟧;Database=AgriERP;User Id=erp_app;Password=⟦s⟧;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
  "pw", "Database=AgriERP")
f("pgpass-line",
  "# ~/.pgpass  (chmod 600)\n⟦host⟧:5432:*:⟦user⟧:⟦s⟧",
  "pw", "⟦host⟧:5432:*:⟦user⟧")
f("netrc-single-line",
  "machine api.⟦dom⟧ login ⟦user⟧ password ⟦s⟧",
  "pwa", "machine api.⟦dom⟧")
f("mosquitto-bridge-remote-password",
  "# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress ⟦host⟧:8883\ntopic farm/# out 1\nremote_username ⟦user⟧\nremote_password ⟦s⟧\nbridge_cafile /etc/mosquitto/certs/ca.crt",
  "pw", "connection cloud-bridge")
f("wpa-supplicant-network-psk",
  "ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev\ncountry=NL\nnetwork={\n    ssid=\"⟦ssid⟧\"\n    psk=\"⟦s⟧\"\n    key_mgmt=WPA-PSK\n}",
  "phrase", "ssid=\"⟦ssid⟧\"")
f("hostapd-wpa-passphrase",
  "interface=wlan0\nssid=⟦ssid⟧\nhw_mode=g\nchannel=6\nwpa=2\nwpa_passphrase=⟦s⟧\nwpa_key_mgmt=WPA-PSK",
  "pw", "interface=wlan0")
f("nodered-settings-credential-secret",
  "module.exports = {\n    flowFile: 'flows.json',\n    credentialSecret: \"⟦s⟧\",\n    uiPort: process.env.PORT || 1880,\n}",
  "pw", "flowFile: 'flows.json'")
f("home-assistant-secrets-yaml",
  "# secrets.yaml\nmqtt_broker: ⟦ip⟧\nmqtt_user: homeassistant\nmqtt_password: ⟦s⟧\nlatitude_home: 52.01",
  "pw", "mqtt_user: homeassistant")
f("esphome-api-encryption-key",
  "esphome:\n  name: soil-probe-⟦n⟧\napi:\n  encryption:\n    key: \"⟦s⟧\"\nsensor:\n  - platform: adc\n    pin: GPIO34\n    name: \"VWC 30cm\"",
  "b64_32", "soil-probe-⟦n⟧")
f("esphome-wifi-password",
  "wifi:\n  ssid: \"⟦ssid⟧\"\n  password: \"⟦s⟧\"\n  ap:\n    ssid: \"Soil-Probe Fallback\"",
  "pw", "Soil-Probe Fallback")
f("chirpstack-toml-api-secret",
  "[api]\nbind=\"0.0.0.0:8080\"\nsecret=\"⟦s⟧\"\n\n[gateway]\nallow_unknown_gateways=false",
  "b64_32", "allow_unknown_gateways")
f("ttn-device-json-app-key",
  "{\n  \"ids\": { \"device_id\": \"soil-⟦short⟧\", \"dev_eui\": \"⟦deveui⟧\", \"join_eui\": \"70B3D57ED0000000\" },\n  \"root_keys\": { \"app_key\": { \"key\": \"⟦s⟧\" } },\n  \"lorawan_version\": \"MAC_V1_0_3\"\n}",
  "lorakey", "\"dev_eui\": \"⟦deveui⟧\"")
f("arduino-secrets-h-define",
  "// arduino_secrets.h  -- pivot-panel node\n#define SECRET_SSID \"⟦ssid⟧\"\n#define SECRET_PASS \"⟦s⟧\"\n#define SECRET_DEVICE_KEY \"\"",
  "pwq", "SECRET_SSID")
f("k8s-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: as2-keystore\n  namespace: edi\ntype: Opaque\nstringData:\n  AS2_PRIVATE_KEY_PASSWORD: ⟦s⟧",
  "pwa", "name: as2-keystore")
f("k8s-secret-data-base64-value",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: grafana-admin\ndata:\n  admin-user: YWRtaW4=\n  admin-password: ⟦s⟧",
  "b64pw", "name: grafana-admin")
f("helm-values-postgres-password",
  "# values-prod.yaml\npostgresql:\n  enabled: true\n  auth:\n    username: trace\n    database: traceability\n    postgresPassword: ⟦s⟧",
  "pwa", "database: traceability")
f("ansible-group-vars-become-password",
  "# group_vars/greenhouses.yml\nansible_user: pi\nansible_become_password: ⟦s⟧\nclimate_bridge_version: ⟦ver⟧",
  "pw", "group_vars/greenhouses.yml")
f("ansible-inventory-ini-password",
  "[pivots]\npivot-north ansible_host=⟦ip⟧ ansible_user=admin ansible_password=⟦s⟧\npivot-south ansible_host=⟦ip2⟧ ansible_user=admin",
  "pwa", "pivot-north ansible_host=⟦ip⟧")
f("git-credentials-store-line",
  "# ~/.git-credentials\nhttps://⟦user⟧:⟦s⟧@gitlab.⟦dom⟧",
  "glpat", "~/.git-credentials")
f("npmrc-legacy-auth-base64",
  "registry=https://npm.⟦dom⟧/repository/npm-group/\n//npm.⟦dom⟧/repository/npm-group/:_auth=⟦s⟧\nalways-auth=true",
  "basic", "always-auth=true")
f("pypirc-token-password",
  "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = ⟦s⟧",
  "pypi", "index-servers = pypi")
f("composer-auth-json-http-basic",
  "{\n  \"http-basic\": {\n    \"repo.⟦dom⟧\": {\n      \"username\": \"composer\",\n      \"password\": \"⟦s⟧\"\n    }\n  }\n}",
  "pw", "\"repo.⟦dom⟧\"")
f("gradle-properties-nexus-password",
  "org.gradle.jvmargs=-Xmx2g\nnexusUsername=deploy\nnexusPassword=⟦s⟧\nversion=⟦ver⟧",
  "pw", "nexusUsername=deploy")
f("s3cfg-secret-key",
  "[default]\naccess_key = ⟦akid⟧\nhost_base = s3.⟦region⟧.amazonaws.com\nsecret_key = ⟦s⟧\nuse_https = True",
  "awssk", "use_https = True")
f("rails-database-yml-password",
  "production:\n  adapter: postgresql\n  database: ⟦db⟧_production\n  username: ⟦user⟧\n  password: ⟦s⟧\n  host: ⟦host⟧",
  "pw", "adapter: postgresql")
f("odoo-conf-admin-passwd",
  "[options]\naddons_path = /opt/odoo/addons,/opt/coop-addons\nadmin_passwd = ⟦s⟧\ndb_host = ⟦host⟧\ndb_user = odoo\ndb_password = False",
  "pw", "addons_path")
f("nginx-proxy-set-header-basic",
  "location /scale/ {\n    proxy_pass http://⟦ip⟧:8080/;\n    proxy_set_header Authorization \"Basic ⟦s⟧\";\n}",
  "basic", "location /scale/")
f("haproxy-stats-auth",
  "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:⟦s⟧",
  "pwa", "stats uri /stats")
f("grafana-ini-admin-password",
  "[security]\nadmin_user = admin\nadmin_password = ⟦s⟧\nsecret_key = ${GF_SECRET_KEY}",
  "pw", "admin_user = admin")
f("grafana-datasource-securejsondata",
  "apiVersion: 1\ndatasources:\n  - name: Greenhouse TSDB\n    type: postgres\n    url: ⟦host⟧:5432\n    user: grafana_ro\n    secureJsonData:\n      password: ⟦s⟧",
  "pw", "name: Greenhouse TSDB")
f("prometheus-basic-auth-password",
  "scrape_configs:\n  - job_name: pivot-exporters\n    basic_auth:\n      username: prom\n      password: ⟦s⟧\n    static_configs:\n      - targets: ['⟦ip⟧:9100']",
  "pw", "job_name: pivot-exporters")
f("alertmanager-slack-api-url",
  "global:\n  slack_api_url: 'https://hooks.slack.com/services/T0⟦short⟧⟦n⟧/B0⟦short2⟧⟦n2⟧/⟦s⟧'\nroute:\n  receiver: coldchain-alerts",
  "slackhook", "receiver: coldchain-alerts")
f("alertmanager-smtp-auth-password",
  "global:\n  smtp_smarthost: 'smtp.⟦dom⟧:587'\n  smtp_from: 'alerts@⟦dom⟧'\n  smtp_auth_username: 'alerts@⟦dom⟧'\n  smtp_auth_password: '⟦s⟧'",
  "pw", "smtp_smarthost")
f("fluent-bit-es-http-passwd",
  "[OUTPUT]\n    Name            es\n    Match           coldroom.*\n    Host            ⟦host⟧\n    HTTP_User       fluent\n    HTTP_Passwd     ⟦s⟧",
  "pw", "Match           coldroom.*")
f("logstash-output-password",
  "output {\n  elasticsearch {\n    hosts => [\"https://⟦host⟧:9200\"]\n    user => \"logstash_writer\"\n    password => \"⟦s⟧\"\n  }\n}",
  "pw", "logstash_writer")
f("filebeat-cloud-auth",
  "cloud.id: \"coldchain:ZXUtY2VudHJhbC0xLmF3cy5jbG91ZC5lcy5pbyQ⟦hexid⟧\"\ncloud.auth: \"elastic:⟦s⟧\"",
  "al24", "cloud.id")
f("redis-conf-requirepass",
  "# /etc/redis/redis.conf\nbind 127.0.0.1 ⟦ip⟧\nport 6379\nrequirepass ⟦s⟧\nmaxmemory 256mb",
  "pw", "maxmemory 256mb")
f("pgbouncer-userlist-txt",
  "# /etc/pgbouncer/userlist.txt\n\"⟦user⟧\" \"⟦s⟧\"",
  "pw", "/etc/pgbouncer/userlist.txt")
f("my-cnf-client-section",
  "[client]\nuser=backup\npassword=\"⟦s⟧\"\nhost=⟦host⟧\n\n[mysqldump]\nsingle-transaction",
  "pw", "[mysqldump]")
f("openvpn-auth-user-pass-file",
  "# /etc/openvpn/client/coop-vpn.auth  (referenced by auth-user-pass)\n⟦user⟧\n⟦s⟧",
  "pw", "/etc/openvpn/client/coop-vpn.auth")
f("ipsec-secrets-psk",
  "# /etc/ipsec.secrets\n%any ⟦ip⟧ : PSK \"⟦s⟧\"",
  "phrase", "/etc/ipsec.secrets")
f("cifs-credentials-file",
  "# /root/.smbcred-scales\nusername=weighbridge\npassword=⟦s⟧\ndomain=AGCOOP",
  "pw", "username=weighbridge")
f("rsyncd-secrets-file",
  "# /etc/rsyncd.secrets\nbackup:⟦s⟧",
  "pwa", "/etc/rsyncd.secrets")
f("java-properties-datasource-password",
  "spring.datasource.url=jdbc:mysql://⟦host⟧:3306/grain\nspring.datasource.username=grain_app\nspring.datasource.password=⟦s⟧\nspring.jpa.open-in-view=false",
  "pw", "spring.datasource.username=grain_app")
f("openas2-partnerships-keystore-password",
  "<openas2>\n  <certificates classname=\"org.openas2.cert.PKCS12CertificateFactory\"\n    filename=\"%home%/as2_certs.p12\"\n    password=\"⟦s⟧\"\n    interval=\"300\"/>\n</openas2>",
  "pwa", "PKCS12CertificateFactory")
f("edi-van-sftp-yaml",
  "van:\n  provider: ⟦partner⟧-VAN\n  mailbox: ⟦num⟧\n  sftp:\n    host: ⟦host⟧\n    user: ⟦user⟧\n    password: ⟦s⟧\n    remote_dir: /outbox/856",
  "pw", "remote_dir: /outbox/856")
f("priva-connector-ini-apikey",
  "[PrivaOffice]\nEndpoint=https://⟦host⟧/priva/api/v2\nSite=Kas ⟦n⟧\nApiKey=⟦s⟧\nPollMinutes=5",
  "HEX32", "Endpoint=https://⟦host⟧/priva/api/v2")
f("deere-config-json-client-secret",
  "{\n  \"clientId\": \"⟦cid⟧\",\n  \"clientSecret\": \"⟦s⟧\",\n  \"wellKnown\": \"https://signin.⟦dom⟧/oauth2/default/.well-known/oauth-authorization-server\",\n  \"scopes\": \"ag1 eq1 files offline_access\"\n}",
  "u40", "\"scopes\": \"ag1 eq1 files offline_access\"")
f("systemd-unit-environment-quoted",
  "[Service]\nUser=telematics\nEnvironment=\"CLAAS_TELEMATICS_KEY=⟦s⟧\"\nExecStart=/opt/telematics-pull/bin/pull --interval 15m",
  "al40", "ExecStart=/opt/telematics-pull/bin/pull")
f("crontab-mysqldump-inline",
  "# m h dom mon dow command\n15 2 * * * /usr/bin/mysqldump -uroot -p⟦s⟧ grain | gzip > /backup/grain_$(date +\\%F).sql.gz",
  "pwa", "/backup/grain_")
f("envrc-direnv-export",
  "# .envrc\nexport TIVE_API_SECRET=⟦s⟧\nexport TIVE_REGION=eu\nlayout python3",
  "al48", "layout python3")
f("appsettings-seq-api-key",
  "\"Serilog\": {\n  \"WriteTo\": [ { \"Name\": \"Seq\", \"Args\": { \"serverUrl\": \"http://⟦ip⟧:5341\", \"apiKey\": \"⟦s⟧\" } } ]\n}",
  "al20", "\"Name\": \"Seq\"")
f("opcua-server-users-yaml",
  "users:\n  - name: hmi\n    password: ⟦s⟧\n    roles: [operator]\nendpoint: opc.tcp://⟦ip⟧:4840",
  "pw", "opc.tcp://⟦ip⟧:4840")
f("sage-intacct-ini-sender-password",
  "[intacct]\nsender_id=⟦org⟧\nsender_password=⟦s⟧\ncompany_id=⟦org⟧-coop\nuser_id=xml_gateway",
  "pw", "user_id=xml_gateway")
f("netsuite-tba-properties",
  "netsuite.account=⟦num⟧_SB1\nnetsuite.consumerKey=${NS_CONSUMER_KEY}\nnetsuite.tokenId=${NS_TOKEN_ID}\nnetsuite.tokenSecret=⟦s⟧",
  "hex64", "netsuite.account")
# ===========================================================================
# source-code: code excerpts with hard-coded credentials
# ===========================================================================
s = _adder("source-code")
s("python-requests-auth-tuple",
  "def fetch_bins():\n    resp = requests.get(f\"{BASE}/bins\", auth=(\"⟦user⟧\", \"⟦s⟧\"), timeout=10)\n    resp.raise_for_status()\n    return resp.json()",
  "pw", "def fetch_bins():")
s("python-module-constant-todo",
  "# weather.py\nOPENWEATHER_API_KEY = \"⟦s⟧\"  # TODO move to env before go-live\nBASE = \"https://api.openweathermap.org/data/3.0/onecall\"",
  "hex32", "BASE = \"https://api.openweathermap.org/data/3.0/onecall\"")
s("python-headers-token-scheme",
  "HEADERS = {\n    \"Authorization\": \"Token ⟦s⟧\",\n    \"Accept\": \"application/json\",\n}\nr = session.get(f\"{AGWORLD}/api/v1/farms\", headers=HEADERS)",
  "al40", "\"Accept\": \"application/json\"")
s("python-psycopg2-connect-kwargs",
  "conn = psycopg2.connect(\n    host=\"⟦host⟧\",\n    dbname=\"⟦db⟧\",\n    user=\"⟦user⟧\",\n    password=\"⟦s⟧\",\n)",
  "pw", "host=\"⟦host⟧\"")
s("python-sqlalchemy-create-engine-url",
  "engine = create_engine(\"mysql+pymysql://⟦user⟧:⟦s⟧@⟦host⟧/coop_ledger\", pool_pre_ping=True)",
  "pwu", "pool_pre_ping=True")
s("python-paho-username-pw-set",
  "client = mqtt.Client(client_id=\"irrig-⟦short⟧\")\nclient.tls_set(ca_certs=\"/etc/ssl/farm-ca.crt\")\nclient.username_pw_set(\"⟦user⟧\", \"⟦s⟧\")\nclient.connect(\"⟦host⟧\", 8883)",
  "pw", "client.connect(\"⟦host⟧\", 8883)")
s("python-boto3-client-explicit-keys",
  "s3 = boto3.client(\n    \"s3\",\n    region_name=\"⟦region⟧\",\n    aws_access_key_id=\"⟦akid⟧\",\n    aws_secret_access_key=\"⟦s⟧\",\n)",
  "awssk", "region_name=\"⟦region⟧\"")
s("python-environ-get-default-fallback",
  "token = os.environ.get(\"FIELDVIEW_TOKEN\", \"⟦s⟧\")",
  "al48", "FIELDVIEW_TOKEN")
s("python-smtplib-login",
  "with smtplib.SMTP(\"smtp.⟦dom⟧\", 587) as server:\n    server.starttls()\n    server.login(\"alerts@⟦dom⟧\", \"⟦s⟧\")\n    server.send_message(msg)",
  "pw", "server.starttls()")
s("python-paramiko-password",
  "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"⟦ip⟧\", username=\"pi\", password=\"⟦s⟧\")",
  "pw", "paramiko.AutoAddPolicy()")
s("python-ftplib-login",
  "ftp = ftplib.FTP_TLS(\"⟦host⟧\")\nftp.login(\"⟦user⟧\", \"⟦s⟧\")\nftp.prot_p()\nftp.cwd(\"/inbound/850\")",
  "pw", "ftp.cwd(\"/inbound/850\")")
s("js-fetch-template-bearer",
  "const res = await fetch(`${API}/v3/shipments/${id}/temps`, {\n  headers: { Authorization: `Bearer ⟦s⟧` },\n});",
  "jwt", "/v3/shipments/")
s("js-const-api-key",
  "// src/weather.js\nconst WEATHERLINK_API_KEY = '⟦s⟧';\nexport async function current(stationId) {",
  lambda: _rs(32, _LA), "export async function current(stationId)")
s("js-mqtt-connect-options",
  "const client = mqtt.connect('mqtts://⟦host⟧:8883', {\n  username: 'coldroom-ui',\n  password: '⟦s⟧',\n  rejectUnauthorized: true,\n});",
  "pw", "username: 'coldroom-ui'")
s("js-mongoose-connect-uri",
  "await mongoose.connect('mongodb://⟦user⟧:⟦s⟧@⟦host⟧:27017/trace?authSource=admin');",
  "pwu", "authSource=admin")
s("ts-config-object-literal",
  "export const config = {\n  tive: {\n    baseUrl: 'https://api.tive.example/v3',\n    apiKey: '⟦s⟧',\n  },\n  pollSeconds: 300,\n};",
  "hex40", "pollSeconds: 300")
s("java-drivermanager-getconnection",
  "Connection c = DriverManager.getConnection(\n    \"jdbc:sqlserver://⟦host⟧:1433;databaseName=AgriERP;encrypt=true\",\n    \"erp_app\", \"⟦s⟧\");",
  "pw", "databaseName=AgriERP")
s("java-static-final-string",
  "public final class SpsClient {\n    private static final String API_BASE = \"https://api.spscommerce.example\";\n    private static final String API_SECRET = \"⟦s⟧\";",
  "al40", "public final class SpsClient")
s("kotlin-val-property",
  "object ClaasConfig {\n    const val BASE_URL = \"https://api.claas-telematics.example/v2\"\n    val apiKey = \"⟦s⟧\"\n}",
  "al32", "object ClaasConfig")
s("csharp-npgsql-connection-string",
  "var cs = \"Host=⟦host⟧;Username=trace;Password=⟦s⟧;Database=traceability\";\nawait using var conn = new NpgsqlConnection(cs);",
  "pw", "new NpgsqlConnection(cs)")
s("csharp-network-credential",
  "var client = new SmtpClient(\"smtp.⟦dom⟧\", 587)\n{\n    Credentials = new NetworkCredential(\"invoices@⟦dom⟧\", \"⟦s⟧\"),\n    EnableSsl = true\n};",
  "pw", "EnableSsl = true")
s("go-const-token",
  "package deere\n\nconst (\n\tbaseURL = \"https://sandboxapi.deere.example/platform\"\n\ttoken   = \"⟦s⟧\"\n)",
  "ya29", "package deere")
s("go-sql-open-mysql-dsn",
  "db, err := sql.Open(\"mysql\", \"⟦user⟧:⟦s⟧@tcp(⟦host⟧:3306)/grain?parseTime=true\")\nif err != nil {\n\tlog.Fatal(err)\n}",
  "pwu", "tcp(⟦host⟧:3306)")
s("go-set-basic-auth",
  "req, _ := http.NewRequest(\"GET\", scaleURL+\"/tickets\", nil)\nreq.SetBasicAuth(\"scalehouse\", \"⟦s⟧\")",
  "pw", "scaleURL+\"/tickets\"")
s("rust-const-str-app-key",
  "// LoRaWAN OTAA keys for the orchard frost sensors\nconst DEV_EUI: &str = \"⟦deveui⟧\";\nconst APP_KEY: &str = \"⟦s⟧\";",
  "lorakey", "const DEV_EUI: &str = \"⟦deveui⟧\";")
s("rust-reqwest-bearer-auth",
  "let resp = client\n    .get(format!(\"{}/v1/probes\", base))\n    .bearer_auth(\"⟦s⟧\")\n    .send()\n    .await?;",
  "al40", "/v1/probes")
s("php-pdo-constructor",
  "$pdo = new PDO('mysql:host=⟦host⟧;dbname=coop;charset=utf8mb4', 'coop_web', '⟦s⟧');",
  "pw", "dbname=coop")
s("ruby-stripe-api-key-assign",
  "# config/initializers/stripe.rb\nStripe.api_key = \"⟦s⟧\"\nStripe.api_version = \"2024-06-20\"",
  "sklive", "config/initializers/stripe.rb")
s("arduino-wifi-begin",
  "void setup() {\n  Serial.begin(115200);\n  WiFi.begin(\"⟦ssid⟧\", \"⟦s⟧\");\n  while (WiFi.status() != WL_CONNECTED) delay(500);\n}",
  "pwq", "Serial.begin(115200);")
s("arduino-blynk-auth-token-define",
  "#define BLYNK_TEMPLATE_ID \"TMPL⟦short⟧\"\n#define BLYNK_TEMPLATE_NAME \"Greenhouse Vent\"\n#define BLYNK_AUTH_TOKEN \"⟦s⟧\"",
  lambda: _rs(32, _B64U), "Greenhouse Vent")
s("micropython-umqtt-password-bytes",
  "c = MQTTClient(\"soil-⟦n⟧\", \"⟦host⟧\", user=b\"probe\", password=b\"⟦s⟧\", ssl=True)\nc.connect()",
  "pwa", "MQTTClient(\"soil-⟦n⟧\"")
s("c-static-const-char-password",
  "/* modbus_gw.c */\nstatic const char *gw_user = \"admin\";\nstatic const char *gw_pass = \"⟦s⟧\";",
  "pwq", "modbus_gw.c")
s("bash-script-variable-then-use",
  "#!/usr/bin/env bash\nset -euo pipefail\nDB_USER=backup\nDB_PASS=\"⟦s⟧\"\nmysqldump -u \"$DB_USER\" -p\"$DB_PASS\" grain > /backup/grain.sql",
  "pwq", "mysqldump -u \"$DB_USER\"")
s("powershell-script-api-key-header",
  "$ApiKey = '⟦s⟧'\n$r = Invoke-RestMethod -Uri 'https://api.⟦dom⟧/v1/loads' -Headers @{ 'X-Api-Key' = $ApiKey }",
  "hex32", "Invoke-RestMethod")
s("sql-create-user-with-password",
  "-- migrations/0042_grafana_ro.sql\nCREATE USER grafana_ro WITH PASSWORD '⟦s⟧';\nGRANT SELECT ON ALL TABLES IN SCHEMA telemetry TO grafana_ro;",
  "pwq", "migrations/0042_grafana_ro.sql")
s("sql-insert-integration-api-key",
  "INSERT INTO integrations (name, base_url, api_key)\nVALUES ('tive', 'https://api.tive.example/v3', '⟦s⟧');",
  "hex40", "INSERT INTO integrations")
s("tsql-addlinkedsrvlogin-rmtpassword",
  "EXEC sp_addlinkedsrvlogin @rmtsrvname = N'SCALEHOUSE', @useself = N'FALSE',\n     @rmtuser = N'scale', @rmtpassword = N'⟦s⟧';",
  "pwq", "@rmtsrvname = N'SCALEHOUSE'")
s("pytest-fixture-sandbox-key",
  "@pytest.fixture\ndef sps():\n    # real sandbox key, do not commit\n    return SpsClient(api_key=\"⟦s⟧\", base_url=SANDBOX)",
  "al32", "def sps():")
s("jupyter-cell-client-secret",
  "In [4]: fv = FieldViewClient(client_id=\"fv-⟦short⟧\", client_secret=\"⟦s⟧\")\nIn [5]: fv.list_fields(season=2024)[:3]",
  "al48", "fv.list_fields(season=2024)")
s("python-jwt-encode-hs256-secret",
  "token = jwt.encode({\"sub\": grower_id, \"exp\": exp}, \"⟦s⟧\", algorithm=\"HS256\")",
  "al32", "algorithm=\"HS256\"")
s("flask-config-secret-key",
  "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"⟦s⟧\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
  "hex48", "SESSION_COOKIE_SECURE")
s("django-settings-secret-key",
  "# settings/prod.py\nSECRET_KEY = '⟦s⟧'\nDEBUG = False\nALLOWED_HOSTS = ['portal.⟦dom⟧']",
  "djangokey", "ALLOWED_HOSTS")
s("express-session-secret",
  "app.use(session({\n  secret: '⟦s⟧',\n  resave: false,\n  saveUninitialized: false,\n}));",
  "al32", "saveUninitialized: false")
s("python-hmac-webhook-secret-bytes",
  "WEBHOOK_SECRET = b\"⟦s⟧\"\n\ndef verify(body, header):\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, header)",
  "al32", "def verify(body, header):")
s("go-struct-literal-apikey",
  "cfg := cropx.Config{\n\tEndpoint: \"https://api.cropx.example/v2\",\n\tAPIKey:   \"⟦s⟧\",\n\tTimeout:  30 * time.Second,\n}",
  "al40", "cropx.Config{")
s("dart-const-string-token",
  "// lib/services/agworld.dart\nconst String agworldToken = '⟦s⟧';\nconst String agworldBase = 'https://api.agworld.example';",
  "al40", "lib/services/agworld.dart")
s("python-triple-quoted-ec-key",
  "PRIVATE_KEY = \"\"\"-----BEGIN EC PRIVATE KEY-----\n⟦s⟧\n-----END EC PRIVATE KEY-----\"\"\"\nsigner = load_pem_private_key(PRIVATE_KEY.encode(), None)",
  "pemec", "load_pem_private_key")
s("java-props-setproperty-password",
  "Properties props = new Properties();\nprops.setProperty(\"user\", \"grain_app\");\nprops.setProperty(\"password\", \"⟦s⟧\");\nprops.setProperty(\"ssl\", \"true\");",
  "pw", "props.setProperty(\"user\", \"grain_app\");")
s("scala-config-parse-string",
  "val conf = ConfigFactory.parseString(\"\"\"db.url = \"jdbc:postgresql://⟦host⟧/⟦db⟧\"\ndb.password = \"⟦s⟧\" \"\"\")",
  "pwa", "ConfigFactory.parseString")
s("vba-adodb-connection-open",
  "Sub RefreshGrowerPayments()\n    Dim conn As New ADODB.Connection\n    conn.Open \"Provider=SQLOLEDB;Data Source=⟦host⟧;Initial Catalog=AgriERP;User ID=acct;Password=⟦s⟧;\"",
  "pwa", "Sub RefreshGrowerPayments()")
s("r-dbconnect-rpostgres",
  "con <- dbConnect(RPostgres::Postgres(),\n                 host = \"⟦host⟧\", dbname = \"⟦db⟧\",\n                 user = \"analyst\", password = \"⟦s⟧\")",
  "pw", "RPostgres::Postgres()")
s("lua-nodemcu-wifi-config",
  "wifi.setmode(wifi.STATION)\nwifi.sta.config({ssid=\"⟦ssid⟧\", pwd=\"⟦s⟧\"})\ntmr.create():alarm(5000, tmr.ALARM_AUTO, read_dht)",
  "pwa", "wifi.setmode(wifi.STATION)")
s("python-opcua-set-password",
  "client = Client(\"opc.tcp://⟦ip⟧:4840\")\nclient.set_user(\"hmi\")\nclient.set_password(\"⟦s⟧\")\nclient.connect()",
  "pw", "opc.tcp://⟦ip⟧:4840")
s("js-axios-auth-object",
  "const { data } = await axios.get(`${SCALE}/tickets`, {\n  auth: { username: 'scalehouse', password: '⟦s⟧' },\n});",
  "pw", "username: 'scalehouse'")
s("python-basic-header-prebuilt",
  "# precomputed so the Pi doesn't need base64\nheaders[\"Authorization\"] = \"Basic ⟦s⟧\"",
  "basic", "precomputed so the Pi doesn't need base64")
s("ruby-net-http-basic-auth",
  "req = Net::HTTP::Get.new(uri)\nreq.basic_auth 'edi', '⟦s⟧'\nres = http.request(req)",
  "pw", "Net::HTTP::Get.new(uri)")
s("hcl-resource-hardcoded-password",
  "resource \"aws_db_instance\" \"erp\" {\n  engine         = \"postgres\"\n  instance_class = \"db.t4g.small\"\n  username       = \"erp_admin\"\n  password       = \"⟦s⟧\"\n}",
  "pw", "resource \"aws_db_instance\" \"erp\"")
s("python-zeep-wsse-username-token",
  "from zeep.wsse.username import UsernameToken\nclient = Client(WSDL, wsse=UsernameToken(\"⟦user⟧\", \"⟦s⟧\"))",
  "pw", "from zeep.wsse.username import UsernameToken")
s("csharp-apim-subscription-key-header",
  "http.DefaultRequestHeaders.Add(\"Ocp-Apim-Subscription-Key\", \"⟦s⟧\");\nvar gtin = await http.GetStringAsync($\"{Gs1Base}/products/{code}\");",
  "hex32", "Ocp-Apim-Subscription-Key")
s("python-comment-old-password",
  "def connect_scale():\n    # old pw was ⟦s⟧ until the March reset -- keep for the fallback box\n    return ScaleClient(HOST, password=os.environ[\"SCALE_PW\"])",
  "pw", "def connect_scale():")
s("go-test-setenv-ttn-key",
  "func TestUplink(t *testing.T) {\n\tt.Setenv(\"TTN_API_KEY\", \"⟦s⟧\")\n\tt.Setenv(\"TTN_APP_ID\", \"orchard-frost\")",
  "ttn", "func TestUplink(t *testing.T)")
s("java-spring-value-default",
  "@Value(\"${sensitech.api.key:⟦s⟧}\")\nprivate String sensitechKey;",
  "al32", "private String sensitechKey;")
s("python-creds-dict-tuple",
  "CREDS = {\n    \"ftp\": (\"edi_partner\", \"⟦s⟧\"),\n    \"as2\": None,\n}",
  "pw", "\"edi_partner\"")
s("swift-let-api-key",
  "enum Secrets {\n    static let semiosKey = \"⟦s⟧\"\n}",
  "al40", "enum Secrets")
s("python-odoo-xmlrpc-authenticate",
  "common = xmlrpc.client.ServerProxy(f\"{URL}/xmlrpc/2/common\")\nuid = common.authenticate(\"coop_prod\", \"admin\", \"⟦s⟧\", {})",
  "pw", "/xmlrpc/2/common")
s("python-quickbooks-refresh-token-literal",
  "auth_client = AuthClient(client_id=CID, client_secret=os.environ[\"QBO_SECRET\"], environment=\"production\", redirect_uri=REDIRECT)\nauth_client.refresh(refresh_token=\"⟦s⟧\")",
  "intuit", "environment=\"production\"")
# ===========================================================================
# stack-trace-or-log: log lines and tracebacks
# ===========================================================================
l = _adder("stack-trace-or-log")
l("psycopg-operationalerror-dsn-dump",
  "psycopg2.OperationalError: connection to server at \"⟦host⟧\" (⟦ip⟧), port 5432 failed: FATAL:  password authentication failed for user \"⟦user⟧\"\n  [debug] dsn='host=⟦host⟧ user=⟦user⟧ password=⟦s⟧ dbname=⟦db⟧ sslmode=require'",
  "pwa", "password authentication failed for user \"⟦user⟧\"")
l("sqlalchemy-error-engine-url",
  "sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, \"Can't connect to MySQL server on '⟦host⟧' (timed out)\")\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\nERROR yield_reports.db: engine url was mysql+pymysql://⟦user⟧:⟦s⟧@⟦host⟧/harvest",
  "pwu", "https://sqlalche.me/e/20/e3q8")
l("java-sqlexception-jdbc-url-password-param",
  "Caused by: java.sql.SQLException: Access denied for user 'grain_app'@'⟦ip⟧' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n\t... url=jdbc:mysql://⟦host⟧:3306/grain?user=grain_app&password=⟦s⟧&useSSL=true",
  "pwa", "SQLError.java:130")
l("nginx-access-log-access-token-query",
  "⟦ip⟧ - - [12/Mar/2025:06:14:09 +0000] \"GET /api/v1/export?access_token=⟦s⟧&format=csv HTTP/1.1\" 200 48211 \"-\" \"python-requests/2.31.0\"",
  "hex40", "python-requests/2.31.0")
l("apache-log-credentials-in-proxy-url",
  "⟦ip⟧ - - [03/Feb/2025:11:02:51 +0100] \"GET http://⟦user⟧:⟦s⟧@⟦host⟧/cgi-bin/status.cgi HTTP/1.0\" 407 312",
  "pwu", "/cgi-bin/status.cgi")
l("python-traceback-sentry-locals",
  "Traceback (most recent call last):\n  File \"/opt/coldchain/ingest.py\", line 88, in push\n    r = session.post(url, json=payload, headers=hdrs)\n    local vars: url='https://api.⟦dom⟧/v2/readings' hdrs={'X-Api-Key': '⟦s⟧'}\nrequests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.⟦dom⟧', port=443): Read timed out.",
  "hex32", "/opt/coldchain/ingest.py")
l("node-axios-error-config-headers",
  "AxiosError: Request failed with status code 401\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://api.⟦dom⟧/v1/trucks/positions',\n    headers: { Accept: 'application/json', Authorization: 'Bearer ⟦s⟧' }\n  }",
  "jwt", "/v1/trucks/positions")
l("urllib3-debug-send-basic",
  "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): ⟦host⟧:443\nsend: b'POST /oauth/token HTTP/1.1\\r\\nHost: ⟦host⟧\\r\\nAuthorization: Basic ⟦s⟧\\r\\nContent-Length: 29\\r\\n\\r\\n'",
  "basic", "Starting new HTTPS connection (1): ⟦host⟧:443")
l("mosquitto-debug-connect-credentials",
  "1712041122: New connection from ⟦ip⟧:52144 on port 8883.\n1712041122: [debug] CONNECT client=soil-⟦n⟧ username='probe' password='⟦s⟧' keepalive=60\n1712041122: New client connected from ⟦ip⟧:52144 as soil-⟦n⟧ (p2, c1, k60, u'probe').",
  "pwa", "New connection from ⟦ip⟧:52144")
l("compose-logs-entrypoint-echo",
  "pgadmin-1  | Setting up pgAdmin with email ⟦email⟧\npgadmin-1  | PGADMIN_DEFAULT_PASSWORD=⟦s⟧\npgadmin-1  | Listening at: http://[::]:80 (1)",
  "pw", "Setting up pgAdmin with email ⟦email⟧")
l("journal-cron-cmd-db-pass-flag",
  "Jan 12 02:30:01 erp-⟦n⟧ CRON[⟦pid⟧]: (root) CMD (/usr/local/bin/backup.sh --db-pass ⟦s⟧ --target s3://⟦bucket⟧)",
  "pwa", "/usr/local/bin/backup.sh")
l("containerd-error-env-leak",
  "Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: env: [MQTT_HOST=⟦host⟧ MQTT_PASS=⟦s⟧ TZ=UTC]: unknown",
  "pw", "OCI runtime create failed")
l("github-actions-log-unmasked-curl",
  "2025-03-04T10:11:12.3456789Z ##[group]Run curl -fsS -u deploy:⟦s⟧ https://⟦host⟧/hooks/redeploy\n2025-03-04T10:11:12.3460001Z curl: (22) The requested URL returned error: 502",
  "pwa", "/hooks/redeploy")
l("jenkins-console-docker-login-warning",
  "[Pipeline] sh\n+ docker login -u ci -p ⟦s⟧ registry.⟦dom⟧\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
  "pwa", "Using --password via the CLI is insecure")
l("ansible-failed-invocation-module-args",
  "fatal: [silo-gw-⟦n⟧]: FAILED! => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_host\": \"⟦ip⟧\", \"login_password\": \"⟦s⟧\", \"login_user\": \"root\"}}, \"msg\": \"unable to connect to database\"}",
  "pw", "unable to connect to database")
l("java-log-config-map-tostring",
  "2025-01-08 05:00:02,114 INFO  [main] c.a.edi.ConfigLoader - Loaded config: {endpoint=sftp://⟦host⟧, user=edi, password=⟦s⟧, retries=3}",
  "pwa", "c.a.edi.ConfigLoader")
l("python-logging-dataclass-repr",
  "2025-02-11 04:59:58,201 DEBUG settings: Settings(api_url='https://api.⟦dom⟧/v1', api_key='⟦s⟧', timeout=30, farm_id='⟦farmid⟧')",
  "al40", "farm_id='⟦farmid⟧'")
l("rails-log-unfiltered-params",
  "Started POST \"/growers/sign_in\" for ⟦ip⟧ at ⟦date⟧ 07:41:19 +0000\nProcessing by Growers::SessionsController#create as HTML\n  Parameters: {\"grower\"=>{\"email\"=>\"⟦email⟧\", \"password\"=>\"⟦s⟧\"}, \"commit\"=>\"Log in\"}",
  "pw", "Growers::SessionsController#create")
l("django-debug-page-databases",
  "DATABASES\n{'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': '⟦host⟧', 'NAME': '⟦db⟧', 'PASSWORD': '⟦s⟧', 'PORT': '5432', 'USER': '⟦user⟧'}}",
  "pw", "django.db.backends.postgresql")
l("php-pdoexception-stack-args",
  "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'coop_web'@'localhost' (using password: YES) in /var/www/coop/db.php:12\nStack trace:\n#0 /var/www/coop/db.php(12): PDO->__construct('mysql:host=loca...', 'coop_web', '⟦s⟧')\n#1 {main}",
  "pw", "/var/www/coop/db.php")
l("dotnet-sqlexception-connection-string",
  "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'erp_app'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\nConnectionString: Data Source=⟦host⟧;Initial Catalog=AgriERP;User ID=erp_app;Password=⟦s⟧",
  "pw", "Login failed for user 'erp_app'")
l("go-panic-dsn-in-message",
  "panic: failed to ping postgres://⟦user⟧:⟦s⟧@⟦host⟧:5432/⟦db⟧: dial tcp ⟦ip⟧:5432: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/lottrace/main.go:41 +0x1a5",
  "pwu", "/src/cmd/lottrace/main.go:41")
l("pppd-pap-authreq-debug",
  "pppd[812]: sent [PAP AuthReq id=0x1 user=\"agri-m2m\" password=\"⟦s⟧\"]\npppd[812]: rcvd [PAP AuthAck id=0x1 \"\"]\npppd[812]: PAP authentication succeeded",
  "pwa", "PAP authentication succeeded")
l("lte-modem-at-cgauth-trace",
  "[modem] >> AT+CGDCONT=1,\"IP\",\"agri.m2m.example\"\n[modem] << OK\n[modem] >> AT+CGAUTH=1,1,\"jdlink\",\"⟦s⟧\"\n[modem] << OK",
  "pwa", "agri.m2m.example")
l("curl-trace-ascii-body",
  "=> Send data, 118 bytes (0x76)\n0000: grant_type=client_credentials&client_id=⟦cid⟧&client_secret=⟦s⟧&scope=ag1\n== Info: upload completely sent off: 118 bytes",
  "u40", "upload completely sent off")
l("slack-webhook-delivery-log",
  "INFO notifier: delivering cold-room alarm (room ⟦n⟧, ⟦temp⟧ C) to https://hooks.slack.com/services/T0⟦short⟧/B0⟦short2⟧/⟦s⟧ -> 200",
  "slackhook", "delivering cold-room alarm")
l("sentry-breadcrumb-appid-url",
  "breadcrumb [http] GET https://api.openweathermap.org/data/3.0/onecall?lat=41.88&lon=-93.09&appid=⟦s⟧&units=metric [200] 231ms",
  "hex32", "lat=41.88&lon=-93.09")
l("s3-presigned-url-signature-log",
  "INFO uploader: PUT https://⟦bucket⟧.s3.⟦region⟧.amazonaws.com/ttl/⟦date⟧/logger-⟦num⟧.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=⟦akid⟧%2F20250301%2F⟦region⟧%2Fs3%2Faws4_request&X-Amz-Date=20250301T061501Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=⟦s⟧ -> 200",
  "hex64", "X-Amz-Algorithm=AWS4-HMAC-SHA256")
l("gcs-v4-signed-url-log",
  "DEBUG export: signed url https://storage.googleapis.com/⟦bucket⟧/epcis/events_⟦date⟧.json?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40agri-trace-prod.iam.gserviceaccount.com%2F20250301%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250301T120000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=⟦s⟧",
  lambda: _hex(512), "X-Goog-Algorithm=GOOG4-RSA-SHA256")
l("azure-sas-sig-in-log",
  "WARN blobsync: retry 2/5 for https://⟦acct⟧.blob.core.windows.net/coldchain/export_⟦date⟧.csv?sv=2022-11-02&ss=b&srt=o&sp=rw&se=2025-04-01T00:00:00Z&st=2025-03-01T00:00:00Z&spr=https&sig=⟦s⟧",
  "sas", "WARN blobsync: retry 2/5")
l("greenhouse-bridge-auth-ok-key",
  "[⟦ts⟧] priva-bridge[⟦pid⟧]: auth ok for site 'Kas ⟦n⟧' using key ⟦s⟧ (expires in 89d)",
  "HEX32", "priva-bridge[⟦pid⟧]")
l("keystore-password-rejected-log",
  "ERROR as2.Sender - partner=⟦partner⟧ java.io.IOException: keystore password was incorrect (tried '⟦s⟧' from as2.properties)",
  "pw", "partner=⟦partner⟧")
l("sftp-sync-connect-url-log",
  "2025-02-02 03:00:04 edi-sync: connecting sftp://⟦user⟧:⟦s⟧@⟦host⟧:22/outbound (attempt 1)",
  "pwu", "edi-sync: connecting")
l("requests-connectionerror-apikey-url",
  "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='feeds.⟦dom⟧', port=443): Max retries exceeded with url: /api/v2/cashbids?apikey=⟦s⟧&location=⟦num⟧ (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))",
  "al32", "/api/v2/cashbids")
l("k8s-pod-log-printed-config-json",
  "{\"level\":\"info\",\"ts\":\"⟦ts⟧\",\"msg\":\"starting\",\"config\":{\"broker\":\"mqtts://⟦host⟧:8883\",\"username\":\"bridge\",\"password\":\"⟦s⟧\",\"qos\":1}}",
  "pw", "\"msg\":\"starting\"")
l("expect-telnet-login-transcript",
  "spawn telnet ⟦ip⟧\nTrying ⟦ip⟧...\nConnected to ⟦ip⟧.\nlogin: admin\nPassword: ⟦s⟧\nLogin incorrect",
  "pwa", "spawn telnet ⟦ip⟧")
l("redis-authentication-error-url",
  "redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled. (url=redis://:⟦s⟧@⟦host⟧:6379/0)",
  "pwu", "invalid username-password pair")
l("celery-banner-transport-url",
  " -------------- celery@worker-⟦n⟧ v5.3.6 (emerald-rush)\n--- ***** -----\n-- ******* ---- Linux-6.1.0-x86_64 ⟦date⟧ 04:00:00\n- *** --- * --- [config]\n- ** ---------- .> transport:   amqp://coldchain:⟦s⟧@rabbit.⟦dom⟧:5672//",
  "pwu", "celery@worker-⟦n⟧")
l("spring-actuator-env-password",
  "\"propertySources\": [{\"name\": \"applicationConfig: [classpath:/application-prod.yml]\", \"properties\": {\"spring.datasource.password\": {\"value\": \"⟦s⟧\", \"origin\": \"class path resource [application-prod.yml] - 7:15\"}}}]",
  "pw", "application-prod.yml")
l("terraform-debug-provider-api-key",
  "2025-03-01T10:00:00.123Z [DEBUG] provider.terraform-provider-datadog_v3.37.0: HTTP Request: POST /api/v1/validate headers: map[DD-API-KEY:⟦s⟧ Content-Type:application/json]",
  "hex32", "terraform-provider-datadog_v3.37.0")
l("pip-looking-in-indexes-token",
  "Looking in indexes: https://pypi.org/simple, https://__token__:⟦s⟧@gitlab.⟦dom⟧/api/v4/projects/42/packages/pypi/simple\nCollecting agri-edi==⟦ver⟧",
  "glpat", "Collecting agri-edi==⟦ver⟧")
l("npm-err-authtoken-line",
  "npm ERR! code E401\nnpm ERR! Unable to authenticate, your authentication token seems to be invalid.\nnpm ERR! //registry.npmjs.org/:_authToken=⟦s⟧ (from /home/ci/.npmrc)",
  "npm", "npm ERR! code E401")
l("git-fatal-unable-to-access-creds",
  "fatal: unable to access 'https://⟦user⟧:⟦s⟧@bitbucket.org/⟦org⟧/scale-sync.git/': The requested URL returned error: 403",
  "pwu", "The requested URL returned error: 403")
l("ftp-client-debug-pass-command",
  "---> USER edi_in\n331 Please specify the password.\n---> PASS ⟦s⟧\n230 Login successful.\n---> CWD /inbound/850",
  "pwa", "331 Please specify the password.")
l("smtp-debug-auth-plain",
  "send: 'ehlo erp-⟦n⟧.local\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN ⟦s⟧\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
  lambda: base64.b64encode(("\x00invoices@%s\x00%s" % (_pick(_DOMS), _password(_SYM))).encode()).decode(),
  "235 2.7.0 Authentication successful")
l("imap-login-raw-protocol",
  "* OK [CAPABILITY IMAP4rev1 LITERAL+ SASL-IR] Dovecot ready.\na1 LOGIN remittance@⟦dom⟧ \"⟦s⟧\"\na1 OK Logged in",
  "pwq", "Dovecot ready.")
l("custom-access-log-x-api-key-field",
  "ts=⟦ts⟧ req_id=⟦uuid⟧ method=GET path=/v1/shipments/⟦sscc⟧ status=200 x-api-key=⟦s⟧ dur_ms=41",
  "hex32", "path=/v1/shipments/⟦sscc⟧")
l("esp32-uart-boot-wifi-pass",
  "I (512) wifi_init: rx ba win: 6\nI (532) app: connecting to SSID '⟦ssid⟧' pass '⟦s⟧'\nI (1822) esp_netif_handlers: sta ip: ⟦ip⟧",
  "pwa", "esp_netif_handlers")
l("telematics-gateway-apn-creds-log",
  "JDLink-GW[⟦pid⟧]: cellular up, APN=agri.m2m user=jd pwd=⟦s⟧ rssi=-71dBm serial=⟦pin⟧",
  "pwa", "rssi=-71dBm")
l("cold-logger-sync-upload-key",
  "⟦ts⟧ temptale-sync: POST https://upload.⟦dom⟧/v1/upload?key=⟦s⟧&logger=⟦dev⟧ status=201 bytes=18244",
  "al32", "temptale-sync")
l("sentry-event-extra-cookie",
  "\"extra\": {\n  \"request_headers\": {\n    \"Host\": \"portal.⟦dom⟧\",\n    \"Cookie\": \"grower_session=⟦s⟧\"\n  }\n}",
  "hex64", "\"Host\": \"portal.⟦dom⟧\"")
l("laravel-log-env-array",
  "[⟦date⟧ 08:01:44] production.ERROR: SQLSTATE[HY000] [2002] Connection refused {\"exception\":\"[object] (PDOException(code: 2002))\", \"env\": {\"DB_HOST\":\"⟦host⟧\",\"DB_USERNAME\":\"coop\",\"DB_PASSWORD\":\"⟦s⟧\"}}",
  "pw", "production.ERROR")
l("cron-mail-set-x-output",
  "From: root@erp-⟦n⟧ (Cron Daemon)\nSubject: Cron <root@erp-⟦n⟧> /opt/backup/pg.sh\n\n+ export PGPASSWORD=⟦s⟧\n+ pg_dump -h ⟦host⟧ -U backup ⟦db⟧\npg_dump: error: connection to server failed",
  "pwa", "Subject: Cron <root@erp-⟦n⟧>")
l("bash-xtrace-export-api-key",
  "+ source /etc/sps/env\n++ export SPS_API_KEY=⟦s⟧\n++ SPS_API_KEY=⟦s⟧\n+ python3 send_856.py --batch ⟦num⟧",
  "al40", "send_856.py --batch ⟦num⟧")
l("powershell-transcript-pscredential",
  "**********************\nPowerShell transcript start\n**********************\nPS C:\\Sage> $cred = New-Object PSCredential('AGCOOP\\svc_sage', (ConvertTo-SecureString '⟦s⟧' -AsPlainText -Force))\nPS C:\\Sage> Invoke-Command -ComputerName acct01 -Credential $cred -ScriptBlock { Get-Service Sage* }",
  "pw", "PowerShell transcript start")
l("windows-4688-schtasks-rp",
  "EventID=4688 NewProcessName=C:\\Windows\\System32\\schtasks.exe CommandLine=schtasks /create /tn \"NightlyEDI\" /tr C:\\edi\\run.cmd /sc daily /st 02:00 /ru AGCOOP\\svc_edi /rp ⟦s⟧",
  "pwa", "NewProcessName=C:\\Windows\\System32\\schtasks.exe")
l("odoo-log-xmlrpc-authenticate-args",
  "2025-03-02 06:00:01,552 4411 DEBUG coop_prod odoo.http.rpc.request: common.authenticate: ('coop_prod', 'admin', '⟦s⟧', {})",
  "pw", "odoo.http.rpc.request")
l("qbo-sync-refreshed-token-log",
  "2025-02-28T23:00:04Z qbo-sync INFO refreshed tokens realm=⟦num⟧ refresh_token=⟦s⟧ expires_in=8726400",
  "intuit", "qbo-sync INFO refreshed tokens")
l("xero-oauth-token-response-log",
  "DEBUG xero.auth: token response {\"access_token\": \"⟦s⟧\", \"expires_in\": 1800, \"token_type\": \"Bearer\", \"scope\": \"accounting.transactions offline_access\"}",
  lambda: _jwt("RS256", {"xero_userid": _uuid(), "scope": ["accounting.transactions"]}), "xero.auth: token response")
l("influxdb-write-failed-authorization",
  "ts=⟦ts⟧ lvl=warn msg=\"write failed\" service=telegraf bucket=greenhouse authorization=\"Token ⟦s⟧\" err=\"unauthorized access\"",
  "influx", "err=\"unauthorized access\"")
l("grpc-metadata-map-log",
  "2025/03/03 05:12:00 outgoing metadata: map[authorization:[Bearer ⟦s⟧] user-agent:[grpc-go/1.59.0] x-farm-id:[⟦farmid⟧]]",
  "jwt", "grpc-go/1.59.0")
l("weather-underground-upload-password",
  "weewx[⟦pid⟧] DEBUG weewx.restx: WU: url: https://rtupdate.wunderground.com/weatherstation/updateweatherstation.php?ID=IORCHARD⟦n⟧&PASSWORD=⟦s⟧&dateutc=now&tempf=41.2&humidity=88",
  "al20", "weewx.restx")
l("ttn-webhook-downlink-apikey-log",
  "POST https://eu1.cloud.thethings.network/api/v3/as/applications/orchard-frost/webhooks/fan-control/devices/frost-⟦n⟧/down/push X-Downlink-Apikey: ⟦s⟧ -> 200",
  "ttn", "orchard-frost/webhooks/fan-control")
l("java-ioexception-url-token",
  "java.io.IOException: Server returned HTTP response code: 401 for URL: https://api.⟦dom⟧/v1/lots/⟦lot⟧?token=⟦s⟧\n\tat sun.net.www.protocol.http.HttpURLConnection.getInputStream0(HttpURLConnection.java:2000)",
  "hex40", "HttpURLConnection.java:2000")
l("python-warning-password-in-url",
  "/opt/edi/ftp_pull.py:22: UserWarning: credentials embedded in URL ftp://⟦user⟧:⟦s⟧@⟦host⟧/out/ are deprecated\n  warnings.warn(msg)",
  "pwu", "/opt/edi/ftp_pull.py:22")
# ===========================================================================
# note-or-chat: agent notes, goals, decisions, pasted chat and email
# ===========================================================================
n = _adder("note-or-chat")
n("slack-thread-handover-password",
  "[09:14] ⟦person⟧: handing over the scale-house PC today, login is weighbridge / ⟦s⟧ until IT resets it\n[09:15] ⟦person2⟧: 👍 thanks",
  "pw", "handing over the scale-house PC")
n("german-teams-klimacomputer-passwort",
  "⟦person⟧ (Teams): Hallo, das Passwort für den Klimacomputer in Halle ⟦n⟧ ist ⟦s⟧ – bitte nicht weitergeben.",
  "pw", "Klimacomputer in Halle ⟦n⟧")
n("french-note-mot-de-passe-routeur",
  "Note : le mot de passe du routeur 4G de la serre est ⟦s⟧ (changé le ⟦date⟧ par ⟦person⟧).",
  "pw", "routeur 4G de la serre")
n("spanish-whatsapp-clave-wifi",
  "[⟦time⟧] ⟦person⟧: la clave del wifi del invernadero es ⟦s⟧ 👍\n[⟦time2⟧] ⟦person2⟧: gracias!",
  "phrase", "wifi del invernadero")
n("portuguese-senha-estacao",
  "A senha do painel da estação meteorológica da fazenda é ⟦s⟧ — usuário: admin.",
  "pw", "estação meteorológica")
n("dutch-wachtwoord-isii",
  "Wachtwoord voor de Hoogendoorn iSii op kas ⟦n⟧: ⟦s⟧ (gebruiker: teler)",
  "pw", "Hoogendoorn iSii")
n("italian-password-gestionale",
  "⟦person⟧: ti giro la password del gestionale della cantina: ⟦s⟧ — utente amministrazione",
  "pw", "gestionale della cantina")
n("polish-haslo-chlodnia",
  "hasło do panelu chłodni nr ⟦n⟧: ⟦s⟧ (login: serwis)",
  "pw", "panelu chłodni")
n("japanese-password-onshitsu",
  "⟦person⟧: 温室コントローラーのパスワードは ⟦s⟧ です。ユーザー名は admin です。",
  "pw", "温室コントローラー")
n("chinese-lengku-mima",
  "冷库监控系统 登录账号：coldroom，密码：⟦s⟧ （请勿外传）",
  "pw", "冷库监控系统")
n("russian-parol-elevator-scada",
  "⟦person⟧: пароль от SCADA элеватора — ⟦s⟧, логин operator",
  "pw", "SCADA элеватора")
n("turkish-sera-sifre",
  "Sera otomasyon paneli şifresi: ⟦s⟧ (kullanıcı: tekniker)",
  "pw", "Sera otomasyon paneli")
n("swedish-losenord-mjolkrobot",
  "Lösenordet till mjölkroboten (DelPro) är ⟦s⟧, användare: service",
  "pw", "mjölkroboten (DelPro)")
n("ukrainian-parol-oblik",
  "⟦person⟧: пароль до облікової системи зерносховища: ⟦s⟧",
  "pw", "облікової системи")
n("korean-bimilbeonho-onsil",
  "온실 환경제어기 관리자 비밀번호: ⟦s⟧ (아이디: admin)",
  "pw", "온실 환경제어기")
n("hindi-password-cold-storage",
  "कोल्ड स्टोरेज पोर्टल का पासवर्ड ⟦s⟧ है, यूज़र: manager",
  "pw", "कोल्ड स्टोरेज पोर्टल")
n("danish-adgangskode-foder",
  "Adgangskoden til foderanlægget (Skiold) er ⟦s⟧ – brugernavn: stald",
  "pw", "foderanlægget (Skiold)")
n("hungarian-jelszo-szarito",
  "A gabonaszárító vezérlő jelszava: ⟦s⟧ (felhasználó: kezelo)",
  "pw", "gabonaszárító vezérlő")
n("vietnamese-mat-khau-kho-lanh",
  "Mật khẩu hệ thống kho lạnh: ⟦s⟧ — tài khoản: vanhanh",
  "pw", "hệ thống kho lạnh")
n("agent-running-note-abbrev-pw",
  "- NOTE: staging db (⟦host⟧) pw ⟦s⟧ -- from ⟦person⟧ in DM, only valid this week",
  "pw", "staging db (⟦host⟧)")
n("agent-goal-with-creds-slash",
  "Goal: migrate grain tickets from the Access .mdb on the scale PC into Postgres.\ncreds: admin/⟦s⟧ on ⟦host⟧\nConstraint: don't touch the live scale service.",
  "pw", "migrate grain tickets")
n("agent-decision-service-account-pass",
  "Decision: use the service account svc-edi (pass: ⟦s⟧) instead of ⟦person⟧'s personal login for the nightly 856 upload.",
  "pw", "nightly 856 upload")
n("vendor-onboarding-email-api-secret",
  "From: onboarding@coldchain-vendor.example\nSubject: Your API credentials\n\nAccount ID: ⟦num⟧\nAPI Secret: ⟦s⟧\nPlease store these securely; we cannot show the secret again.",
  "al40", "Account ID: ⟦num⟧")
n("jira-comment-ftp-reset",
  "⟦person⟧ commented on EDI-⟦n⟧:\nReset the FTP password for ⟦partner⟧, new one is ⟦s⟧ — please update the VAN profile before Monday's 810s.",
  "pw", "EDI-⟦n⟧")
n("sticky-note-transcription",
  "(photo of a sticky note on the scale PC monitor, transcribed)\n  user: scale2\n  pw: ⟦s⟧",
  "pwa", "sticky note on the scale PC")
n("chat-passphrase-no-label",
  "⟦person⟧: for the packing shed AP it's \"⟦s⟧\" — all lowercase, spaces included\n⟦person2⟧: got it",
  "phrasesp", "packing shed AP")
n("handover-markdown-table",
  "| System | Login | Password |\n|---|---|---|\n| Lindsay FieldNET | ops@⟦dom⟧ | ⟦s⟧ |\n| Valley 365 | see 1Password | — |",
  "pw", "Lindsay FieldNET")
n("meeting-notes-wifi-key-bullet",
  "Weekly ops sync ⟦date⟧\n* Harvest starts Tue if moisture < 15%\n* Wi-Fi for the packing shed: SSID ⟦ssid⟧, key ⟦s⟧\n* ⟦person⟧ to order new silo sensors",
  "pw", "Weekly ops sync ⟦date⟧")
n("chat-token-on-its-own-line",
  "⟦person⟧: here you go\n⟦person⟧: ⟦s⟧\n⟦person⟧: it's the CLAAS sandbox one, expires Friday",
  "al40", "CLAAS sandbox one")
n("agent-todo-rotate-key",
  "TODO: rotate ⟦s⟧ (the Tive key ⟦person⟧ pasted in #coldchain on ⟦date⟧) and move it to Vault",
  "hex40", "move it to Vault")
n("voicemail-transcript-password",
  "Voicemail transcript (⟦time⟧): \"hi it's ⟦person⟧, the password for the Deere portal login is ⟦s⟧, call me if it doesn't work, bye\"",
  "pwa", "Voicemail transcript")
n("spanish-email-credenciales-portal",
  "Estimado cliente,\nsus credenciales de acceso al portal de trazabilidad son:\nUsuario: ⟦user⟧\nContraseña: ⟦s⟧\nSaludos, Soporte",
  "pw", "portal de trazabilidad")
n("german-email-zugangsdaten-kennwort",
  "Sehr geehrte Damen und Herren,\nhier Ihre Zugangsdaten für das Lieferantenportal:\nBenutzer: ⟦user⟧\nKennwort: ⟦s⟧\nMit freundlichen Grüßen",
  "pw", "Lieferantenportal")
n("french-chat-code-wifi",
  "⟦person⟧ : le code wifi de la station de conditionnement c'est ⟦s⟧",
  "pwa", "station de conditionnement")
n("brazilian-chat-senha-erp",
  "⟦person⟧: senha do ERP da cooperativa: ⟦s⟧ (não muda sem me avisar!)",
  "pw", "ERP da cooperativa")
n("italian-credenziali-sftp",
  "Credenziali SFTP del consorzio: host ⟦host⟧, utente ⟦user⟧, pwd ⟦s⟧",
  "pw", "Credenziali SFTP del consorzio")
n("dutch-chat-api-sleutel",
  "⟦person⟧: API-sleutel voor de agrirouter-koppeling: ⟦s⟧ (alleen test-omgeving)",
  "al32", "agrirouter-koppeling")
n("agent-scratchpad-json-working-pw",
  "scratch: {\"host\": \"⟦ip⟧\", \"tried\": [\"admin/admin\", \"admin/<blank>\"], \"working_pw\": \"⟦s⟧\"}",
  "pw", "\"host\": \"⟦ip⟧\"")
n("github-issue-comment-token-quoted",
  "> I set CROPX_TOKEN=⟦s⟧ in my shell and the probe sync still returns 401\n\nCan you check the token scope?",
  "al40", "probe sync still returns 401")
n("pr-review-comment-committed-key",
  "⟦person⟧ reviewed: nit: line 14 has the real key (⟦s⟧), please rotate it and read from env instead",
  "al32", "read from env instead")
n("postmortem-root-cause-secret",
  "Root cause: the Sensitech API secret (⟦s⟧) was posted in a public Slack channel on ⟦date⟧ and used from an unknown IP ⟦ip⟧.",
  "al40", "Root cause:")
n("recovery-code-single",
  "Agworld admin 2FA recovery code (use once): ⟦s⟧ — others are in the safe",
  lambda: "%s-%s" % (_rs(5, _LA), _rs(5, _LA)), "2FA recovery code")
n("chat-multiline-host-user-pass",
  "⟦person⟧: host ⟦host⟧\n⟦person⟧: user ⟦user⟧\n⟦person⟧: pass ⟦s⟧\n⟦person⟧: that's the readonly one",
  "pw", "that's the readonly one")
n("chat-key-emoji-vpn",
  "⟦person⟧: 🔑 ⟦s⟧  ← co-op VPN, same user as email",
  "pw", "co-op VPN")
n("agent-note-ssh-passphrase",
  "The deploy key passphrase is \"⟦s⟧\" per ⟦person⟧ (key: ~/.ssh/id_ed25519_deploy).",
  "phrase", "~/.ssh/id_ed25519_deploy")
n("arabic-kalimat-al-murur",
  "كلمة المرور لنظام الري: ⟦s⟧ واسم المستخدم: admin",
  "pw", "لنظام الري")
n("indonesian-kata-sandi-gudang",
  "⟦person⟧: kata sandi aplikasi gudang: ⟦s⟧",
  "pw", "aplikasi gudang")
n("swahili-nenosiri-shamba",
  "Nenosiri la mfumo wa shamba ni ⟦s⟧ (mtumiaji: meneja)",
  "pw", "mfumo wa shamba")
n("finnish-salasana-viljankuivuri",
  "Viljankuivurin etäohjauksen salasana: ⟦s⟧",
  "pw", "Viljankuivurin")
n("greek-kodikos-thermokipio",
  "Ο κωδικός για το θερμοκήπιο είναι ⟦s⟧",
  "pw", "θερμοκήπιο")
n("norwegian-passord-fjoset",
  "Passordet til fjøs-PCen er ⟦s⟧, brukernavn bonde",
  "pw", "fjøs-PCen")
n("romanian-parola-siloz",
  "Parola pentru aplicația silozului este ⟦s⟧",
  "pw", "aplicația silozului")
n("email-forward-connection-string",
  "---------- Forwarded message ---------\nFrom: ⟦person⟧\nFYI the new reporting DB:\nServer=⟦host⟧;Database=Reporting;User Id=bi_reader;Password=⟦s⟧;",
  "pw", "Database=Reporting")
n("chat-account-p-abbrev",
  "⟦person⟧: the Valley 365 account is grower@⟦dom⟧, P: ⟦s⟧",
  "pw", "Valley 365 account")
n("notion-accounts-page-slash",
  "## Accounts\n- QuickBooks Online: books@⟦dom⟧  /  ⟦s⟧\n- Bank portal: ask ⟦person⟧ (hardware token)",
  "pw", "QuickBooks Online")
n("agent-memory-grafana-url-creds",
  "Remember: grafana is at http://admin:⟦s⟧@⟦ip⟧:3000 (the local one, not the cloud dashboard)",
  "pwu", "Remember: grafana")
n("teammate-pasted-curl-apikey",
  "⟦person⟧: try this\n```\ncurl -H \"apikey: ⟦s⟧\" https://api.⟦dom⟧/v1/elevators/⟦n⟧/bids\n```",
  "hex32", "/v1/elevators/⟦n⟧/bids")
n("german-chat-pw-router-informal",
  "⟦person⟧: pw für den LTE-Router am Pivot ist ⟦s⟧ 😉",
  "pwa", "LTE-Router am Pivot")
n("spanish-note-contra-abbrev",
  "Báscula: usuario bascula1 / contra ⟦s⟧",
  "pw", "usuario bascula1")
n("japanese-chat-api-key",
  "⟦person⟧: 気象APIキー: ⟦s⟧ (本番用なので共有注意)",
  "hex32", "気象APIキー")
n("chinese-email-zhanghao-mima",
  "您好，溯源平台账号：⟦user⟧，密码：⟦s⟧，请登录后立即修改。",
  "pw", "溯源平台账号")
n("french-email-identifiants",
  "Bonjour,\nVos identifiants pour l'extranet coopérative : login ⟦user⟧, mot de passe ⟦s⟧.\nCordialement",
  "pw", "extranet coopérative")
n("handover-usual-password-context",
  "⟦person⟧: the elevator HMI login is operator and then the usual one, ⟦s⟧",
  "pw", "elevator HMI login")
n("agent-plan-step-with-secret",
  "Plan:\n1. ssh pi@⟦ip⟧ (password ⟦s⟧ per ⟦person⟧)\n2. check irrigation-agent logs\n3. bump firmware to ⟦ver⟧",
  "pwa", "check irrigation-agent logs")
n("czech-heslo-sklad",
  "Heslo do skladového systému: ⟦s⟧ (uživatel: skladnik)",
  "pw", "skladového systému")
n("tagalog-password-bodega",
  "⟦person⟧: ang password ng bodega system ay ⟦s⟧",
  "pw", "bodega system")
n("hebrew-sisma-hamama",
  "הסיסמה למחשב החממה: ⟦s⟧",
  "pw", "למחשב החממה")
# ===========================================================================
# ci-and-deploy: pipelines, manifests, IaC, deploy scripts
# ===========================================================================
d = _adder("ci-and-deploy")
d("gha-env-hardcoded-client-secret",
  "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      DEERE_CLIENT_ID: ⟦cid⟧\n      DEERE_CLIENT_SECRET: ⟦s⟧\n    steps:\n      - uses: actions/checkout@v4",
  "u40", "actions/checkout@v4")
d("gha-docker-login-action-password",
  "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ⟦s⟧",
  "ghp", "docker/login-action@v3")
d("gitlab-ci-variables-ftp-password",
  "variables:\n  SPS_FTP_HOST: ⟦host⟧\n  SPS_FTP_USER: ⟦user⟧\n  SPS_FTP_PASSWORD: \"⟦s⟧\"\n\nupload_856:\n  stage: deploy\n  script: ./bin/upload_asn.sh",
  "pw", "upload_856:")
d("gitlab-ci-script-private-token-header",
  "release:\n  stage: release\n  script:\n    - 'curl --header \"PRIVATE-TOKEN: ⟦s⟧\" --upload-file dist/agri-edi-⟦ver⟧.tar.gz \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/agri-edi/⟦ver⟧/\"'",
  "glpat", "$CI_API_V4_URL")
d("jenkinsfile-environment-block",
  "pipeline {\n  agent any\n  environment {\n    NEXUS_USER = 'deploy'\n    NEXUS_PASS = '⟦s⟧'\n  }\n  stages { stage('Publish') { steps { sh './gradlew publish' } } }\n}",
  "pw", "./gradlew publish")
d("jenkinsfile-sh-docker-login-inline",
  "stage('Push') {\n  steps {\n    sh \"docker login -u deploy -p ⟦s⟧ registry.⟦dom⟧\"\n    sh \"docker push registry.⟦dom⟧/⟦app⟧:${BUILD_NUMBER}\"\n  }\n}",
  "pwa", "stage('Push')")
d("circleci-environment-sentry-token",
  "jobs:\n  release:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      SENTRY_ORG: ⟦org⟧\n      SENTRY_AUTH_TOKEN: ⟦s⟧",
  "sntrys", "cimg/node:20.11")
d("bitbucket-pipelines-scp-password",
  "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - pipe: atlassian/sftp-deploy:0.9.1\n              variables:\n                USER: deploy\n                SERVER: ⟦host⟧\n                PASSWORD: '⟦s⟧'\n                LOCAL_PATH: build/",
  "pw", "atlassian/sftp-deploy:0.9.1")
d("azure-pipelines-variables-plain",
  "variables:\n  buildConfiguration: Release\n  sqlAdminPassword: '⟦s⟧'\n\nsteps:\n- task: SqlAzureDacpacDeployment@1",
  "pw", "SqlAzureDacpacDeployment@1")
d("travis-env-global-npm-token",
  "language: node_js\nnode_js: 20\nenv:\n  global:\n    - NPM_TOKEN=⟦s⟧\ndeploy:\n  provider: npm",
  "npm", "provider: npm")
d("drone-settings-password",
  "kind: pipeline\nname: default\nsteps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.⟦dom⟧/⟦app⟧\n    username: drone\n    password: ⟦s⟧",
  "pwa", "image: plugins/docker")
d("argocd-repo-secret-stringdata",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-irrigation\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.⟦dom⟧/agtech/irrigation-controller.git\n  username: argocd\n  password: ⟦s⟧",
  "glpat", "argocd.argoproj.io/secret-type: repository")
d("k8s-deployment-env-value-inline",
  "        env:\n          - name: MQTT_HOST\n            value: ⟦host⟧\n          - name: MQTT_PASSWORD\n            value: \"⟦s⟧\"\n          - name: TZ\n            value: Europe/Berlin",
  "pw", "name: MQTT_HOST")
d("compose-prod-postgres-password",
  "# docker-compose.prod.yml\nservices:\n  db:\n    image: timescale/timescaledb:2.14.2-pg16\n    environment:\n      POSTGRES_PASSWORD: ⟦s⟧\n      POSTGRES_DB: ⟦db⟧",
  "pwa", "timescale/timescaledb:2.14.2-pg16")
d("dockerfile-env-admin-passwd",
  "FROM odoo:17.0\nCOPY ./coop-addons /mnt/extra-addons\nENV ODOO_ADMIN_PASSWD=⟦s⟧\nUSER odoo",
  "pwa", "FROM odoo:17.0")
d("dockerfile-arg-default-npm-token",
  "FROM node:20-alpine AS build\nARG NPM_TOKEN=⟦s⟧\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci",
  "npm", "FROM node:20-alpine AS build")
d("dockerfile-run-curl-github-token",
  "RUN curl -fsSL -H \"Authorization: token ⟦s⟧\" https://raw.githubusercontent.com/⟦repo⟧/main/install.sh | sh",
  "ghp", "raw.githubusercontent.com/⟦repo⟧")
d("docker-build-arg-pip-index-creds",
  "docker build --build-arg PIP_INDEX_URL=https://ci:⟦s⟧@nexus.⟦dom⟧/repository/pypi/simple -t ⟦app⟧:⟦ver⟧ .",
  "pwu", "-t ⟦app⟧:⟦ver⟧")
d("tfvars-vendor-api-key",
  "# terraform/coldchain/prod.auto.tfvars\nsensitech_api_key = \"⟦s⟧\"\nalert_email       = \"coldchain@⟦dom⟧\"",
  "al40", "terraform/coldchain/prod.auto.tfvars")
d("terraform-backend-s3-secret-key",
  "terraform {\n  backend \"s3\" {\n    bucket     = \"⟦bucket⟧-tfstate\"\n    key        = \"erp/terraform.tfstate\"\n    region     = \"⟦region⟧\"\n    access_key = \"⟦akid⟧\"\n    secret_key = \"⟦s⟧\"\n  }\n}",
  "awssk", "erp/terraform.tfstate")
d("terraformrc-credentials-block",
  "# ~/.terraformrc\ncredentials \"app.terraform.io\" {\n  token = \"⟦s⟧\"\n}",
  lambda: _rs(14) + ".atlasv1." + _rs(67), "app.terraform.io")
d("ci-script-write-vault-pass-file",
  "before_script:\n  - echo '⟦s⟧' > .vault_pass\n  - ansible-playbook -i inventories/prod site.yml --vault-password-file .vault_pass",
  "phrase", "inventories/prod")
d("helm-upgrade-ci-set-mqtt-password",
  "- name: Deploy broker\n  run: helm upgrade --install mosquitto ./charts/mosquitto -n iot --set auth.password=⟦s⟧ --wait",
  "pwa", "./charts/mosquitto")
d("kustomize-secret-generator-literal",
  "secretGenerator:\n- name: edi-creds\n  literals:\n  - username=edi\n  - password=⟦s⟧\ngeneratorOptions:\n  disableNameSuffixHash: true",
  "pw", "disableNameSuffixHash")
d("serverless-yml-environment",
  "provider:\n  name: aws\n  runtime: python3.12\n  environment:\n    GS1_API_KEY: ⟦s⟧\n    STAGE: ${sls:stage}",
  "hex32", "runtime: python3.12")
d("netlify-toml-build-environment",
  "[build]\n  command = \"npm run build\"\n[build.environment]\n  MAPBOX_SECRET_TOKEN = \"⟦s⟧\"",
  "mapbox", "npm run build")
d("vercel-env-production-local",
  "# Created by Vercel CLI\nNEXT_PUBLIC_SUPABASE_URL=\"https://⟦short⟧.supabase.co\"\nSUPABASE_SERVICE_ROLE_KEY=\"⟦s⟧\"",
  lambda: _jwt("HS256", {"iss": "supabase", "role": "service_role"}), "NEXT_PUBLIC_SUPABASE_URL")
d("fly-toml-env-section",
  "app = \"⟦app⟧\"\nprimary_region = \"ams\"\n\n[env]\n  WEATHERLINK_API_SECRET = \"⟦s⟧\"\n  LOG_LEVEL = \"info\"",
  lambda: _rs(32, _LA), "primary_region = \"ams\"")
d("heroku-app-json-env-value",
  "{\n  \"name\": \"grain-bids\",\n  \"env\": {\n    \"SECRET_KEY_BASE\": { \"value\": \"⟦s⟧\" },\n    \"RAILS_ENV\": { \"value\": \"production\" }\n  }\n}",
  "hex64", "\"name\": \"grain-bids\"")
d("gha-run-step-inline-token-flag",
  "      - name: Deploy to edge gateways\n        run: ./scripts/deploy.sh --fleet greenhouses --token ⟦s⟧",
  "hex40", "--fleet greenhouses")
d("packer-variable-default-winrm",
  "variable \"winrm_password\" {\n  type      = string\n  default   = \"⟦s⟧\"\n  sensitive = true\n}",
  "pw", "variable \"winrm_password\"")
d("cloud-init-password-top-level",
  "#cloud-config\nhostname: gw-⟦farmid⟧\npassword: ⟦s⟧\nchpasswd: { expire: False }\nssh_pwauth: True",
  "pwa", "hostname: gw-⟦farmid⟧")
d("ansible-task-mysql-user-password",
  "- name: Create grafana reader\n  community.mysql.mysql_user:\n    name: grafana\n    password: \"⟦s⟧\"\n    priv: \"telemetry.*:SELECT\"",
  "pw", "community.mysql.mysql_user")
d("salt-pillar-mqtt-password",
  "# pillar/iot/mqtt.sls\nmqtt:\n  broker: ⟦host⟧\n  user: bridge\n  password: ⟦s⟧",
  "pw", "pillar/iot/mqtt.sls")
d("puppet-hiera-db-password",
  "# hieradata/nodes/erp-⟦n⟧.yaml\nprofile::erp::db_user: 'erp'\nprofile::erp::db_password: '⟦s⟧'",
  "pw", "profile::erp::db_user")
d("chef-data-bag-json",
  "{\n  \"id\": \"scalehouse\",\n  \"username\": \"scale\",\n  \"password\": \"⟦s⟧\"\n}",
  "pw", "\"id\": \"scalehouse\"")
d("teamcity-param-env-sftp-pass",
  "<parameters>\n  <param name=\"env.SFTP_HOST\" value=\"⟦host⟧\" />\n  <param name=\"env.SFTP_PASS\" value=\"⟦s⟧\" />\n</parameters>",
  "pwa", "env.SFTP_HOST")
d("gitlab-trigger-token-curl",
  "curl -X POST --fail -F token=⟦s⟧ -F ref=main https://gitlab.⟦dom⟧/api/v4/projects/⟦n⟧/trigger/pipeline",
  lambda: "glptt-" + _rs(20, _A + "-_"), "/trigger/pipeline")
d("deploy-notes-webhook-secret",
  "deploy/README.txt\n- GitHub webhook -> https://deploy.⟦dom⟧/hooks/lot-tracer\n- webhook secret: ⟦s⟧\n- restarts lot-tracer via systemd",
  "hex40", "restarts lot-tracer via systemd")
d("sentry-cli-auth-token-flag",
  "      - run: sentry-cli --auth-token ⟦s⟧ releases new -p coldchain-api $GITHUB_SHA",
  "sntrys", "releases new -p coldchain-api")
d("codecov-token-uuid-env",
  "      - uses: codecov/codecov-action@v4\n        env:\n          CODECOV_TOKEN: ⟦s⟧",
  "uuid", "codecov/codecov-action@v4")
d("sonar-login-token-maven",
  "mvn -B verify sonar:sonar -Dsonar.host.url=https://sonar.⟦dom⟧ -Dsonar.login=⟦s⟧",
  "squ", "-Dsonar.host.url=https://sonar.⟦dom⟧")
d("snyk-token-uuid-env",
  "security-scan:\n  image: snyk/snyk:python-3.11\n  variables:\n    SNYK_TOKEN: ⟦s⟧\n  script: snyk test --severity-threshold=high",
  "uuid", "snyk/snyk:python-3.11")
d("dotnet-nuget-push-api-key",
  "dotnet nuget push bin/Release/Coop.Edi.⟦ver⟧.nupkg --api-key ⟦s⟧ --source https://api.nuget.org/v3/index.json",
  "nuget", "--source https://api.nuget.org/v3/index.json")
d("dockerhub-pat-env",
  "env:\n  DOCKERHUB_USERNAME: ⟦org⟧bot\n  DOCKERHUB_TOKEN: ⟦s⟧",
  "dckr", "DOCKERHUB_USERNAME")
d("cosign-password-env",
  "      - name: Sign image\n        env:\n          COSIGN_PASSWORD: ⟦s⟧\n        run: cosign sign --key cosign.key registry.⟦dom⟧/⟦app⟧@${DIGEST}",
  "phrase", "cosign sign --key cosign.key")
d("android-gradle-signing-store-password",
  "signingConfigs {\n    release {\n        storeFile file(\"fieldscout-release.jks\")\n        storePassword \"⟦s⟧\"\n        keyAlias \"fieldscout\"\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}",
  "pwq", "fieldscout-release.jks")
d("fastlane-match-password-env",
  "# fastlane/.env.default\nMATCH_GIT_URL=git@github.com:⟦org⟧/certificates.git\nMATCH_PASSWORD=⟦s⟧",
  "phrase", "MATCH_GIT_URL")
d("eas-expo-token-env",
  "  build-ios:\n    env:\n      EXPO_TOKEN: ⟦s⟧\n    steps:\n      - run: eas build --platform ios --non-interactive",
  "al40", "eas build --platform ios")
d("firebase-deploy-token-flag",
  "firebase deploy --only hosting:grower-portal --token \"⟦s⟧\" --project agri-trace-prod",
  "gref", "hosting:grower-portal")
d("ci-variable-google-credentials-json",
  "GOOGLE_CREDENTIALS (masked: no, protected: no):\n{\"type\":\"service_account\",\"project_id\":\"agri-trace-prod\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n⟦s⟧\\n-----END PRIVATE KEY-----\\n\",\"client_email\":\"ci-deployer@agri-trace-prod.iam.gserviceaccount.com\"}",
  lambda: _pem("pkcs8", "\\n"), "ci-deployer@agri-trace-prod.iam.gserviceaccount.com")
d("codebuild-buildspec-env-variables",
  "version: 0.2\nenv:\n  variables:\n    AWS_DEFAULT_REGION: ⟦region⟧\n    EXPORT_BUCKET_SECRET_KEY: \"⟦s⟧\"\nphases:\n  build:\n    commands:\n      - ./export.sh",
  "awssk", "version: 0.2")
d("k8s-dockerconfigjson-base64",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: regcred\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: ⟦s⟧",
  lambda: base64.b64encode(json.dumps({"auths": {"registry.%s" % _pick(_DOMS): {"auth": _basic()}}}).encode()).decode(),
  "type: kubernetes.io/dockerconfigjson")
d("flux-create-secret-git-password",
  "flux create secret git farm-gitops --url=https://gitlab.⟦dom⟧/ops/farm-gitops.git --username=flux --password=⟦s⟧",
  "glpat", "flux create secret git farm-gitops")
d("gha-secret-app-private-key-indented",
  "  APP_PRIVATE_KEY: |\n    -----BEGIN RSA PRIVATE KEY-----\n    ⟦s⟧\n    -----END RSA PRIVATE KEY-----\n  APP_ID: \"⟦num⟧\"",
  lambda: _pem("rsa", "\n    "), "APP_ID: \"⟦num⟧\"")
d("ci-ssh-private-key-variable",
  "deploy_gateway:\n  script:\n    - mkdir -p ~/.ssh && cat > ~/.ssh/id_ed25519 <<'KEY'\n-----BEGIN OPENSSH PRIVATE KEY-----\n⟦s⟧\n-----END OPENSSH PRIVATE KEY-----\nKEY\n    - chmod 600 ~/.ssh/id_ed25519",
  "pemssh", "deploy_gateway:")
d("renovate-hostrules-password",
  "module.exports = {\n  hostRules: [\n    { matchHost: 'nexus.⟦dom⟧', username: 'renovate', password: '⟦s⟧' },\n  ],\n};",
  "pw", "matchHost: 'nexus.⟦dom⟧'")
d("dependabot-registries-hardcoded-password",
  "version: 2\nregistries:\n  agri-maven:\n    type: maven-repository\n    url: https://nexus.⟦dom⟧/repository/maven-releases\n    username: dependabot\n    password: ⟦s⟧",
  "pw", "type: maven-repository")
d("pulumi-stack-config-plaintext",
  "# Pulumi.prod.yaml\nconfig:\n  aws:region: ⟦region⟧\n  coldchain:dbPassword: ⟦s⟧",
  "pw", "Pulumi.prod.yaml")
d("ecs-task-definition-environment",
  "\"environment\": [\n  { \"name\": \"TIVE_BASE_URL\", \"value\": \"https://api.tive.example/v3\" },\n  { \"name\": \"TIVE_API_KEY\", \"value\": \"⟦s⟧\" }\n]",
  "hex40", "TIVE_BASE_URL")
d("cloudformation-parameter-default",
  "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: ⟦s⟧\n  DBUser:\n    Type: String\n    Default: erpadmin",
  "pwa", "Default: erpadmin")
d("nomad-job-env-stanza",
  "task \"telegraf\" {\n  driver = \"docker\"\n  env {\n    INFLUX_TOKEN = \"⟦s⟧\"\n    INFLUX_ORG   = \"⟦org⟧\"\n  }\n}",
  "influx", "task \"telegraf\"")
d("makefile-deploy-sshpass",
  "deploy:\n\tscp build/⟦app⟧.tgz deploy@⟦host⟧:/srv/releases/\n\tsshpass -p '⟦s⟧' ssh deploy@⟦host⟧ ./restart.sh",
  "pw", "/srv/releases/")
d("argo-workflow-parameter-value",
  "spec:\n  entrypoint: nightly-edi\n  arguments:\n    parameters:\n    - name: van-password\n      value: ⟦s⟧",
  "pwa", "entrypoint: nightly-edi")
d("balena-env-var-set",
  "balena env add TTN_API_KEY ⟦s⟧ --fleet orchard-frost-gateways",
  "ttn", "--fleet orchard-frost-gateways")
# ===========================================================================
# vendor-token: recognisable vendor credential shapes in varied contexts
# ===========================================================================
v = _adder("vendor-token")
v("github-classic-pat-env",
  "GITHUB_TOKEN=⟦s⟧  # scopes: repo, read:packages (for pulling ⟦repo⟧)",
  "ghp", "scopes: repo, read:packages")
v("github-fine-grained-pat-yaml",
  "github:\n  owner: ⟦org⟧\n  token: ⟦s⟧",
  "ghpat", "owner: ⟦org⟧")
v("github-app-installation-token-header",
  "Authorization: token ⟦s⟧\nAccept: application/vnd.github+json\nX-GitHub-Api-Version: 2022-11-28",
  "ghs", "application/vnd.github+json")
v("gitlab-pat-json",
  "{\"gitlab_url\": \"https://gitlab.⟦dom⟧\", \"private_token\": \"⟦s⟧\", \"project\": \"⟦repo⟧\"}",
  "glpat", "\"gitlab_url\": \"https://gitlab.⟦dom⟧\"")
v("gitlab-runner-token-toml",
  "[[runners]]\n  name = \"greenhouse-arm64\"\n  url = \"https://gitlab.⟦dom⟧\"\n  token = \"⟦s⟧\"\n  executor = \"docker\"",
  "glrt", "greenhouse-arm64")
v("slack-bot-token-env",
  "SLACK_BOT_TOKEN=⟦s⟧\nSLACK_CHANNEL=#coldchain-alarms",
  "xoxb", "SLACK_CHANNEL=#coldchain-alarms")
v("slack-user-token-python",
  "slack = WebClient(token=\"⟦s⟧\")  # ⟦person⟧'s user token, TODO swap for bot",
  lambda: "xoxp-%s-%s-%s-%s" % (_dig(11), _dig(11), _dig(13), _hex(32)), "swap for bot")
v("slack-app-level-token-socket-mode",
  "# socket mode for the harvest-bot\nSLACK_APP_TOKEN=⟦s⟧",
  lambda: "xapp-1-A%s-%s-%s" % (_rs(10, _UA), _dig(13), _hex(64)), "harvest-bot")
v("slack-incoming-webhook-url",
  "ALERT_WEBHOOK=https://hooks.slack.com/services/T0⟦short⟧⟦n⟧/B0⟦short2⟧⟦n2⟧/⟦s⟧",
  "slackhook", "ALERT_WEBHOOK=https://hooks.slack.com/services/")
v("discord-webhook-url-token",
  "notify_url: https://discord.com/api/webhooks/⟦num⟧⟦num2⟧⟦n⟧/⟦s⟧",
  "discordhook", "notify_url: https://discord.com/api/webhooks/")
v("telegram-bot-token-url",
  "curl -s \"https://api.telegram.org/bot⟦s⟧/sendMessage\" -d chat_id=-100⟦num⟧ -d text=\"Frost alarm: orchard west ⟦temp⟧ C\"",
  "telegram", "Frost alarm: orchard west")
v("stripe-live-secret-key-ruby",
  "STRIPE_SECRET_KEY=⟦s⟧\nSTRIPE_PUBLISHABLE_KEY=pk_live_51⟦altwenty⟧⟦altwenty2⟧",
  "sklive", "STRIPE_PUBLISHABLE_KEY")
v("stripe-restricted-key-json",
  "{\"stripe\": {\"restricted_key\": \"⟦s⟧\", \"account\": \"acct_1⟦short⟧⟦hexid⟧\"}}",
  "rklive", "\"stripe\"")
v("stripe-webhook-signing-secret",
  "STRIPE_WEBHOOK_SECRET=⟦s⟧  # endpoint: https://⟦host⟧/webhooks/stripe",
  "whsec", "/webhooks/stripe")
v("twilio-auth-token-with-sid",
  "TWILIO_ACCOUNT_SID=AC⟦hexlong⟧\nTWILIO_AUTH_TOKEN=⟦s⟧\nTWILIO_FROM=+1515555⟦n⟧⟦n2⟧",
  "hex32", "TWILIO_ACCOUNT_SID")
v("twilio-api-key-secret",
  "twilio:\n  api_key_sid: SK⟦hexlong⟧\n  api_key_secret: ⟦s⟧",
  "al32", "api_key_sid")
v("sendgrid-api-key-python",
  "sg = SendGridAPIClient(\"⟦s⟧\")\nsg.send(recall_notice)",
  "sg", "sg.send(recall_notice)")
v("mailgun-api-key-basic",
  "curl -s --user 'api:⟦s⟧' https://api.eu.mailgun.net/v3/mg.⟦dom⟧/messages -F from='Recall Desk <recall@⟦dom⟧>'",
  lambda: "key-" + _hex(32), "api.eu.mailgun.net")
v("mailchimp-api-key-dc-suffix",
  "MAILCHIMP_API_KEY=⟦s⟧  # grower newsletter list",
  lambda: _hex(32) + "-us" + str(_R.randint(2, 21)), "grower newsletter list")
v("openai-project-key-env",
  "OPENAI_API_KEY=⟦s⟧\n# used by the label-OCR prototype for pallet tags",
  "openai", "label-OCR prototype")
v("anthropic-api-key-env",
  "export ANTHROPIC_API_KEY=\"⟦s⟧\"",
  "anth", "export ANTHROPIC_API_KEY")
v("google-api-key-maps-backend",
  "GOOGLE_MAPS_SERVER_KEY=⟦s⟧  # server-side geocoding of grower addresses",
  "aiza", "server-side geocoding")
v("google-oauth-client-secret-json",
  "{\"installed\":{\"client_id\":\"⟦num⟧-⟦short⟧.apps.googleusercontent.com\",\"project_id\":\"harvest-sheets\",\"client_secret\":\"⟦s⟧\",\"redirect_uris\":[\"http://localhost\"]}}",
  "gocspx", "\"project_id\":\"harvest-sheets\"")
v("azure-storage-connection-string",
  "AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=⟦acct⟧;AccountKey=⟦s⟧;EndpointSuffix=core.windows.net\"",
  "b64_64", "AccountName=⟦acct⟧")
v("azure-iot-hub-device-connection-string",
  "IOTHUB_DEVICE_CONNECTION_STRING=HostName=farm-iot-⟦n⟧.azure-devices.net;DeviceId=⟦dev⟧;SharedAccessKey=⟦s⟧",
  "b64_32", "DeviceId=⟦dev⟧")
v("azure-service-bus-sas-key",
  "Endpoint=sb://coldchain-⟦n⟧.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=⟦s⟧",
  "b64_32", "SharedAccessKeyName=RootManageSharedAccessKey")
v("npm-granular-token-npmrc",
  "//registry.npmjs.org/:_authToken=⟦s⟧",
  "npm", "//registry.npmjs.org/")
v("pypi-api-token-env",
  "TWINE_USERNAME=__token__\nTWINE_PASSWORD=⟦s⟧",
  "pypi", "TWINE_USERNAME=__token__")
v("dockerhub-pat-login",
  "echo ⟦s⟧ | docker login -u ⟦org⟧bot --password-stdin",
  "dckr", "docker login -u ⟦org⟧bot")
v("digitalocean-token-doctl",
  "doctl auth init --access-token ⟦s⟧ --context farm-prod",
  "dop", "--context farm-prod")
v("shopify-admin-access-token-header",
  "X-Shopify-Access-Token: ⟦s⟧\nHost: farm-shop-⟦short⟧.myshopify.com",
  "shpat", "myshopify.com")
v("square-access-token-env",
  "SQUARE_ACCESS_TOKEN=⟦s⟧\nSQUARE_LOCATION_ID=L⟦short⟧⟦hexid⟧  # farmers market POS",
  "sq", "farmers market POS")
v("datadog-api-key-agent-yaml",
  "# /etc/datadog-agent/datadog.yaml\napi_key: ⟦s⟧\nsite: datadoghq.eu\nhostname: coldstore-⟦n⟧",
  "hex32", "site: datadoghq.eu")
v("newrelic-user-key-env",
  "NEW_RELIC_API_KEY=⟦s⟧",
  lambda: "NRAK-" + _rs(27, _UA), "NEW_RELIC_API_KEY")
v("grafana-cloud-access-policy-token",
  "GRAFANA_CLOUD_TOKEN=⟦s⟧  # logs:write metrics:write for the greenhouse stack",
  lambda: "glc_" + _rs(_R.randint(100, 120), _A + "+/") + "=", "greenhouse stack")
v("grafana-service-account-token",
  "grafana_auth = \"⟦s⟧\"  # sa: dashboard-provisioner",
  lambda: "glsa_" + _rs(32) + "_" + _hex(8), "dashboard-provisioner")
v("vault-service-token-env",
  "export VAULT_ADDR=https://vault.⟦dom⟧:8200\nexport VAULT_TOKEN=⟦s⟧",
  "hvs", "export VAULT_ADDR=https://vault.⟦dom⟧:8200")
v("doppler-service-token",
  "DOPPLER_TOKEN=⟦s⟧ doppler run -- python sync_bids.py",
  lambda: "dp.st.prd." + _rs(43), "doppler run -- python sync_bids.py")
v("postman-api-key-header",
  "x-api-key: ⟦s⟧",
  lambda: "PMAK-" + _hex(24) + "-" + _hex(34), "x-api-key")
v("atlassian-api-token-basic-jira",
  "JIRA_USER=⟦email⟧\nJIRA_API_TOKEN=⟦s⟧",
  "atatt", "JIRA_USER=⟦email⟧")
v("linear-api-key-header",
  "Authorization: ⟦s⟧   (Linear personal key, used by the harvest-ticket bot)",
  lambda: "lin_api_" + _rs(40), "harvest-ticket bot")
v("notion-integration-secret",
  "NOTION_TOKEN=⟦s⟧\nNOTION_DB_SPRAY_LOG=⟦hexlong⟧",
  lambda: "ntn_" + _dig(11) + _rs(35), "NOTION_DB_SPRAY_LOG")
v("airtable-pat-bearer",
  "curl https://api.airtable.com/v0/app⟦short⟧⟦hexid⟧/Harvest -H \"Authorization: Bearer ⟦s⟧\"",
  lambda: "pat" + _rs(14) + "." + _hex(64), "api.airtable.com/v0/app")
v("hubspot-private-app-token",
  "hubspot:\n  access_token: ⟦s⟧\n  portal_id: ⟦num⟧",
  lambda: "pat-na1-" + _uuid(), "portal_id: ⟦num⟧")
v("mapbox-secret-token-env",
  "MAPBOX_DOWNLOADS_TOKEN=⟦s⟧",
  "mapbox", "MAPBOX_DOWNLOADS_TOKEN")
v("cloudflare-api-token-wrangler",
  "CLOUDFLARE_API_TOKEN=⟦s⟧ npx wrangler deploy --env production",
  "u40", "npx wrangler deploy --env production")
v("planetscale-password-url",
  "DATABASE_URL='mysql://⟦short⟧⟦hexid⟧:⟦s⟧@aws.connect.psdb.cloud/grain-bids?sslaccept=strict'",
  lambda: "pscale_pw_" + _rs(43), "aws.connect.psdb.cloud/grain-bids")
v("supabase-personal-access-token",
  "supabase login --token ⟦s⟧",
  lambda: "sbp_" + _hex(40), "supabase login")
v("tailscale-auth-key-env",
  "TS_AUTHKEY=⟦s⟧  # reusable, tag:farm-gw",
  "tskey", "tag:farm-gw")
v("age-secret-key-file",
  "# created: ⟦ts⟧\n# public key: age1⟦bech⟧\n⟦s⟧",
  "age", "# created: ⟦ts⟧")
v("ttn-api-key-bearer",
  "curl -H \"Authorization: Bearer ⟦s⟧\" https://eu1.cloud.thethings.network/api/v3/applications/orchard-frost/devices",
  "ttn", "applications/orchard-frost/devices")
v("particle-access-token-cli",
  "particle call soil-bay-⟦n⟧ valve open --token ⟦s⟧",
  "hex40", "particle call soil-bay-⟦n⟧")
v("adafruit-io-key-arduino",
  "#define IO_USERNAME  \"⟦user⟧\"\n#define IO_KEY       \"⟦s⟧\"",
  lambda: "aio_" + _rs(28), "#define IO_USERNAME")
v("thingspeak-write-api-key-url",
  "GET https://api.thingspeak.com/update?api_key=⟦s⟧&field1=23.4&field2=61",
  lambda: _rs(16, _UA), "api.thingspeak.com/update")
v("ubidots-token-header",
  "X-Auth-Token: ⟦s⟧\nContent-Type: application/json\nPOST /api/v1.6/devices/⟦dev⟧",
  lambda: "BBUS-" + _rs(30), "/api/v1.6/devices/⟦dev⟧")
v("openweathermap-appid-param",
  "WEATHER_URL = f\"https://api.openweathermap.org/data/2.5/forecast?lat={lat}&lon={lon}&appid=⟦s⟧\"",
  "hex32", "api.openweathermap.org/data/2.5/forecast")
v("weatherlink-v2-key-and-secret",
  "weatherlink:\n  api_key: ${WEATHERLINK_API_KEY}\n  api_secret: ⟦s⟧\n  station_id: ⟦num⟧",
  lambda: _rs(32, _LA), "station_id: ⟦num⟧")
v("deere-ops-center-client-secret-invented",
  "# John Deere Operations Center app \"⟦company⟧ sync\"\nclient_id=⟦cid⟧\nclient_secret=⟦s⟧",
  lambda: _rs(2, _A) + _rs(38, _A + "-_"), "Operations Center app")
v("claas-telematics-api-key-invented",
  "claas_telematics:\n  base_url: https://api.claas-telematics.example/v2\n  api_key: ⟦s⟧",
  lambda: "ctk_live_" + _rs(40), "claas_telematics:")
v("fieldview-refresh-token-invented",
  "FIELDVIEW_REFRESH_TOKEN=⟦s⟧",
  lambda: "fvr." + _rs(64, _B64U), "FIELDVIEW_REFRESH_TOKEN")
v("tive-api-key-header-invented",
  "X-Tive-Api-Key: ⟦s⟧\nX-Tive-Account: ⟦num⟧",
  lambda: "tive_" + _hex(48), "X-Tive-Account: ⟦num⟧")
v("sensitech-coldstream-key-invented",
  "coldstream.api.key=⟦s⟧\ncoldstream.api.region=eu",
  lambda: "cs-" + _rs(8, _UA) + "-" + _rs(32), "coldstream.api.region=eu")
v("gs1-registry-subscription-key",
  "Ocp-Apim-Subscription-Key: ⟦s⟧\nGET https://api.gs1us.example/products/v1/gtin/⟦gtin⟧",
  "hex32", "/products/v1/gtin/⟦gtin⟧")
v("quickbooks-client-secret",
  "QBO_CLIENT_ID=AB⟦short⟧⟦hexid⟧⟦hexid2⟧\nQBO_CLIENT_SECRET=⟦s⟧\nQBO_ENV=production",
  "al40", "QBO_ENV=production")
v("xero-client-secret-json",
  "{\"xero\": {\"client_id\": \"⟦hexup⟧\", \"client_secret\": \"⟦s⟧\"}}",
  lambda: _rs(48, _B64U), "\"xero\"")
v("zoho-books-refresh-token",
  "zoho_refresh_token = \"⟦s⟧\"\nzoho_org_id = \"⟦num⟧\"",
  "zoho", "zoho_org_id")
v("okta-ssws-api-token",
  "Authorization: SSWS ⟦s⟧",
  "okta", "Authorization: SSWS")
v("auth0-client-secret-env",
  "AUTH0_DOMAIN=⟦org⟧.eu.auth0.com\nAUTH0_CLIENT_SECRET=⟦s⟧",
  lambda: _rs(64, _B64U), "AUTH0_DOMAIN=⟦org⟧.eu.auth0.com")
v("firebase-fcm-legacy-server-key",
  "Authorization: key=⟦s⟧\nPOST https://fcm.googleapis.com/fcm/send",
  "fcm", "https://fcm.googleapis.com/fcm/send")
v("algolia-admin-api-key",
  "ALGOLIA_APP_ID=⟦short⟧⟦n⟧XYZ\nALGOLIA_ADMIN_KEY=⟦s⟧",
  "hex32", "ALGOLIA_APP_ID")
v("shippo-live-token",
  "Authorization: ShippoToken ⟦s⟧",
  lambda: "shippo_live_" + _hex(40), "Authorization: ShippoToken")
v("braintree-access-token",
  "BRAINTREE_ACCESS_TOKEN=⟦s⟧",
  "bt", "BRAINTREE_ACCESS_TOKEN")
v("plaid-secret-env",
  "PLAID_CLIENT_ID=⟦hexmid⟧\nPLAID_SECRET=⟦s⟧\nPLAID_ENV=production",
  "plaid", "PLAID_ENV=production")
v("databricks-pat-header",
  "Authorization: Bearer ⟦s⟧   # workspace adb-⟦num⟧",
  "dapi", "# workspace adb-⟦num⟧")
v("heroku-api-key-uuid-netrc",
  "machine api.heroku.com\n  login ⟦email⟧\n  password ⟦s⟧",
  "uuid", "machine api.heroku.com")
v("jwt-bearer-chirpstack-api",
  "grpcurl -H \"authorization: Bearer ⟦s⟧\" ⟦ip⟧:8080 api.DeviceService/List",
  lambda: _jwt("HS256", {"iss": "chirpstack", "aud": "chirpstack", "typ": "key"}), "api.DeviceService/List")
v("google-oauth-access-token-ya29",
  "Authorization: Bearer ⟦s⟧\nGET https://sheets.googleapis.com/v4/spreadsheets/⟦short⟧⟦hexid⟧/values/Harvest!A1:F",
  "ya29", "sheets.googleapis.com/v4/spreadsheets")
v("aws-access-key-pair-secret",
  "AWS_ACCESS_KEY_ID=⟦akid⟧\nAWS_SECRET_ACCESS_KEY=⟦s⟧\nAWS_DEFAULT_REGION=⟦region⟧",
  "awssk", "AWS_DEFAULT_REGION=⟦region⟧")
v("monnit-imonnit-api-secret-invented",
  "iMonnit:\n  APIKeyID: ⟦hexmid⟧\n  APISecretKey: ⟦s⟧",
  lambda: _rs(44, _A + "+/") + "==", "APIKeyID")
v("lindsay-fieldnet-token-invented",
  "FIELDNET_TOKEN=⟦s⟧  # pivots: north, south, river",
  lambda: "fnt_" + _rs(36, _LA), "pivots: north, south, river")
v("priva-open-api-bearer-invented",
  "Authorization: Bearer ⟦s⟧\nGET https://openapi.priva.example/climate/v1/compartments/kas-⟦n⟧/measurements",
  lambda: "prv." + _rs(56, _B64U), "/climate/v1/compartments/kas-⟦n⟧/measurements")
# ===========================================================================
# BENIGN look-alikes
# ===========================================================================
_PLAIN = ["harvest report for field 12", "cold room 3 door open alarm", "lot trace ok",
          "grower statement march", "scale ticket export", "pivot north schedule",
          "greenhouse kas 4 setpoints", "ASN 856 batch ready", "frost alert test",
          "hello from the packing shed", "moisture 14.2 percent", "silo 7 level 82"]


def _sshpub():
    return "AAAAC3NzaC1lZDI1NTE5AAAAI" + _rs(43, _A + "+/")


def _pubkey_body():
    body = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _rs(348, _A + "+/") + "IDAQAB"
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


def _cert_body():
    body = "MIIDdzCCAl+gAwIBAgIU" + _rs(600, _A + "+/") + "=="
    return "\n".join(body[i:i + 64] for i in range(0, len(body), 64))


_FIELD.update({
    "digest": lambda: _hex(64),
    "hexlong": lambda: _hex(32),
    "hexmid": lambda: _hex(24),
    "hexup": lambda: _HEX(32),
    "hexsix": lambda: _hex(6),
    "hextwelve": lambda: _hex(12),
    "hexspan": lambda: _hex(16),
    "crc": lambda: _HEX(8),
    "upfour": lambda: _rs(4, _UA),
    "upsixteen": lambda: _rs(16, _UA),
    "upnine": lambda: _rs(9, _UA),
    "upsix": lambda: _HEX(6),
    "alfour": lambda: _rs(4),
    "altwenty": lambda: _rs(24),
    "sri": lambda: _b64(64),
    "bshort": lambda: _b64(32),
    "amzid": lambda: _b64(57),
    "jwkn": lambda: _rs(342, _B64U),
    "kid": lambda: _rs(22, _B64U),
    "accessor": lambda: _rs(24),
    "fp": lambda: _rs(43, _A + "+/"),
    "colonfp": lambda: ":".join(_HEX(2) for _ in range(32)),
    "colonski": lambda: ":".join(_HEX(2) for _ in range(20)),
    "sshpub": _sshpub,
    "pubkey": _pubkey_body,
    "cert": _cert_body,
    "bech": lambda: _rs(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
    "yymmdd": lambda: "%02d%02d%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28)),
    "hhmm": lambda: "%02d%02d" % (_R.randint(0, 23), _R.randint(0, 59)),
    "isactl": lambda: "%09d" % _R.randint(1, 999999999),
    "imei": lambda: _dig(15),
    "iccid": lambda: "8931" + _dig(15),
    "gcp": lambda: _dig(7),
    "item": lambda: "%05d" % _R.randint(0, 99999),
    "basetxt": lambda: base64.b64encode(_pick(_PLAIN).encode()).decode(),
    "pct": lambda: "%.1f" % _R.uniform(8, 30),
    "word": lambda: _pick(_WORDS),
})


def _b64_decode_pair():
    p = _pick(_PLAIN) + " " + _f_date()
    return "$ echo '%s' | base64 -d\n%s" % (base64.b64encode(p.encode()).decode(), p)


def _masked():
    k = _R.randrange(4)
    if k == 0:
        return "sk_live_" + "*" * 20 + _rs(4)
    if k == 1:
        return "ghp_" + "*" * 32 + _rs(4)
    if k == 2:
        return _rs(4) + "…" + _rs(4)
    return "•" * _R.randint(8, 16)


_BENIGN_T = [
    # --- commands
    "$ git log --oneline -3\n⟦shortsha⟧ fix(edi): pad ISA06 to 15 chars\n⟦shortsha2⟧ feat(scale): parse gross/tare from the 920i\n⟦shortsha3⟧ chore: bump paho-mqtt to 2.0.0",
    "git checkout ⟦sha⟧ -- services/irrigation/schedule.py",
    "$ sha256sum firmware/pivot-ctl-⟦ver⟧.bin\n⟦digest⟧  firmware/pivot-ctl-⟦ver⟧.bin",
    "docker pull ghcr.io/⟦repo⟧@sha256:⟦digest⟧",
    "vault kv get -field=password secret/edi/⟦partner⟧ | wc -c",
    "aws secretsmanager get-secret-value --secret-id prod/erp/db --query SecretString --output text | jq -r .username",
    "op read \"op://Farm Ops/QuickBooks Online/password\" >/dev/null && echo 'item exists'",
    "export DB_PASSWORD=\"$(cat /run/secrets/db_password)\"",
    "psql \"postgresql://⟦user⟧@⟦host⟧:5432/⟦db⟧?sslmode=verify-full\" -c 'select 1'   # password comes from ~/.pgpass",
    "curl -sS -H \"Authorization: Bearer $DEERE_TOKEN\" https://api.⟦dom⟧/v1/fields | jq length",
    "mosquitto_pub -h ⟦host⟧ -p 8883 --cafile ca.crt --cert gw.crt --key gw.key -t farm/⟦farmid⟧/ping -m ok",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:⟦fp⟧ ⟦user⟧@⟦host⟧ (ED25519)",
    "$ gpg --list-keys --keyid-format long\npub   rsa4096/⟦upsixteen⟧ ⟦date⟧ [SC]\nuid   [ultimate] EDI Signing <edi@⟦dom⟧>",
    _b64_decode_pair,
    "$ openssl x509 -in as2_⟦partner⟧.crt -noout -fingerprint -sha256\nsha256 Fingerprint=⟦colonfp⟧",
    "$ uuidgen\n⟦uuid⟧",
    "pip download agri-edi==⟦ver⟧ --require-hashes --hash=sha256:⟦digest⟧",
    "kubectl -n ⟦ns⟧ create secret generic sensitech-api --from-env-file=.env.sensitech --dry-run=client -o yaml > /dev/null",
    "$ gh secret list --repo ⟦repo⟧\nCLAAS_API_KEY        Updated ⟦date⟧\nDEERE_CLIENT_SECRET  Updated ⟦date2⟧",
    "$ terraform output db_admin_password\ndb_admin_password = <sensitive>",
    "$ aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************⟦upfour⟧ shared-credentials-file\n   secret_key     ****************⟦upfour2⟧ shared-credentials-file",
    "docker login registry.⟦dom⟧ -u ci-bot --password-stdin < /run/secrets/registry_token",
    "sudo htpasswd -B /etc/nginx/.htpasswd grower   # prompts for the password interactively",
    "mysql --login-path=erp_ro -e 'show tables' ⟦db⟧",
    "$ git rev-parse HEAD\n⟦sha⟧",
    "$ md5sum tickets_⟦date⟧.csv\n⟦hexlong⟧  tickets_⟦date⟧.csv",
    "read -rsp 'VAN password: ' VAN_PW && export VAN_PW",
    "kubectl rollout restart deploy/⟦app⟧ -n ⟦ns⟧ && kubectl rollout status deploy/⟦app⟧ -n ⟦ns⟧",
    # --- tool output
    "ETag: \"⟦hexlong⟧\"\nx-amz-request-id: ⟦upsixteen⟧\nx-amz-id-2: ⟦amzid⟧",
    "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"grower-portal\", error=\"invalid_token\"\nX-Request-Id: ⟦uuid⟧",
    "traceparent: 00-⟦hexlong⟧-⟦hexspan⟧-01",
    "{\"id\": \"⟦uuid⟧\", \"gtin\": \"⟦gtin⟧\", \"lot\": \"⟦lot⟧\", \"sscc\": \"⟦sscc⟧\", \"bizStep\": \"shipping\"}",
    "$ kubectl get secret -n ⟦ns⟧\nNAME            TYPE     DATA   AGE\nmqtt-creds      Opaque   2      ⟦n⟧d\nsensitech-api   Opaque   1      ⟦n2⟧d",
    "$ vault kv metadata get secret/coldchain/sensitech\ncreated_time       ⟦ts⟧\ncurrent_version    ⟦n⟧\nmax_versions       0",
    "$ gitleaks detect --no-git -v --source ./⟦app⟧\n    ○\n    │╲\n    │ ○\n    ○ ░\n    ░    gitleaks\n\nINF scan completed in 412ms\nINF no leaks found",
    "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA⟦upsixteen⟧\",\n    \"Account\": \"⟦num⟧⟦num2⟧\",\n    \"Arn\": \"arn:aws:iam::⟦num⟧⟦num2⟧:user/agent-readonly\"\n}",
    "\"node_modules/mqtt\": {\n  \"version\": \"⟦ver⟧\",\n  \"resolved\": \"https://registry.npmjs.org/mqtt/-/mqtt-⟦ver⟧.tgz\",\n  \"integrity\": \"sha512-⟦sri⟧\"\n}",
    "github.com/eclipse/paho.mqtt.golang v⟦ver⟧ h1:⟦bshort⟧",
    "[[package]]\nname = \"modbus\"\nversion = \"⟦ver⟧\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"⟦digest⟧\"",
    "$ docker images ⟦app⟧\nREPOSITORY     TAG      IMAGE ID       CREATED       SIZE\n⟦app⟧   ⟦ver⟧   ⟦hextwelve⟧   2 days ago    184MB",
    "join-accept dev_eui=⟦deveui⟧ join_eui=70B3D57ED0⟦upsix⟧ dev_addr=260B⟦upfour⟧ rssi=-97 snr=7.5",
    "modem ⟦dev⟧ IMEI ⟦imei⟧ ICCID ⟦iccid⟧ firmware ⟦ver⟧ APN agri.m2m.example",
    "ssh-ed25519 ⟦sshpub⟧ ⟦user⟧@⟦host⟧",
    "-----BEGIN PUBLIC KEY-----\n⟦pubkey⟧\n-----END PUBLIC KEY-----",
    "# as2_⟦partner⟧.crt (partner's public certificate)\n-----BEGIN CERTIFICATE-----\n⟦cert⟧\n-----END CERTIFICATE-----",
    "X509v3 Subject Key Identifier:\n    ⟦colonski⟧",
    "Created version [⟦n⟧] of the secret [deere-client-secret].",
    "Successfully rotated key for sensitech-api; the new value was written to secret/coldchain/sensitech (version ⟦n⟧).",
    "$ pm2 env 3 | grep -c SECRET\n2",
    "Status: Downloaded newer image for timescale/timescaledb@sha256:⟦digest⟧",
    "lease_id  database/creds/grain-readonly/⟦accessor⟧  lease_duration 1h  renewable true",
    # --- config
    "DB_PASSWORD=${DB_PASSWORD}",
    "password: \"{{ vault_erp_db_password }}\"",
    "env:\n  - name: MQTT_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: mqtt-creds\n        key: password",
    "api_key: <your-api-key-here>   # ⟦app⟧",
    "JD_CLIENT_SECRET=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "password = \"********\"  # set in ⟦app⟧ admin UI",
    "smtp_auth_password: REDACTED",
    "{\"username\": \"⟦user⟧\", \"password\": \"[FILTERED]\", \"farm\": \"⟦farmid⟧\"}",
    "client_secret: ${{ secrets.DEERE_CLIENT_SECRET }}",
    "token = var.influx_token",
    "aws_secret_access_key = <redacted>",
    "PASSWORD_MIN_LENGTH=14\nPASSWORD_REQUIRE_SYMBOL=true\nPASSWORD_HISTORY=5\nPASSWORD_MAX_AGE_DAYS=180",
    "# AccountKey: see Key Vault 'kv-coldchain-prod', secret 'storage-key'",
    "secret_key = ${GF_SECRET_KEY}",
    "sops:\n    age:\n        - recipient: age1⟦bech⟧\n    lastmodified: \"⟦ts⟧\"\n    version: 3.8.1",
    "password_file = /etc/pivotctl/cloud.pass",
    "credentials_file: /run/secrets/fieldview.json",
    "api_key_env: TIVE_API_KEY",
    "cache_key: \"trace:v3:⟦sha⟧\"",
    "gtin: \"⟦gtin⟧\"\ngln: \"⟦gln⟧\"\nlot: \"⟦lot⟧\"\nbest_before: \"⟦date⟧\"",
    "ISA*00*          *00*          *ZZ*⟦partner⟧      *ZZ*⟦partner2⟧     *⟦yymmdd⟧*⟦hhmm⟧*U*00401*⟦isactl⟧*0*P*>~\nGS*SH*⟦partner⟧*⟦partner2⟧*20⟦yymmdd⟧*⟦hhmm⟧*⟦n⟧*X*004010~",
    "[wifi-security]\nkey-mgmt=wpa-eap\n[802-1x]\neap=tls;\nidentity=⟦user⟧\nprivate-key=/etc/ssl/private/gw.key\nprivate-key-password-flags=1",
    "dev_eui: \"⟦deveui⟧\"\njoin_eui: \"70B3D57ED0000000\"\napp_key: \"${APP_KEY}\"",
    "<password>${env.NEXUS_PASSWORD}</password>",
    "ConnectionStrings__Erp=Server=⟦host⟧;Database=AgriERP;Authentication=Active Directory Managed Identity;",
    "spring.datasource.password=${DB_PASSWORD:}",
    "key_id: \"⟦hexlong⟧\"   # public key id shown in the vendor portal",
    "{\"keys\":[{\"kty\":\"RSA\",\"kid\":\"⟦kid⟧\",\"use\":\"sig\",\"alg\":\"RS256\",\"n\":\"⟦jwkn⟧\",\"e\":\"AQAB\"}]}",
    "ssl_certificate     /etc/ssl/certs/portal.⟦dom⟧.crt;\nssl_certificate_key /etc/ssl/private/portal.⟦dom⟧.key;",
    "auth-user-pass /etc/openvpn/client/coop-vpn.auth",
    "[mqtt]\nhost = ⟦host⟧\nport = 8883\ntls_ca = /etc/ssl/farm-ca.crt\n# password read from MQTT_PASSWORD at startup",
    # --- source
    "API_KEY = os.environ[\"OPENWEATHER_API_KEY\"]",
    "password = getpass.getpass(\"Scale password: \")",
    "const token = process.env.TIVE_API_KEY ?? '';",
    "if not secret:\n    raise RuntimeError(\"JD_CLIENT_SECRET is not set\")",
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "cache_key = hashlib.sha1(f\"{gtin}:{lot}\".encode()).hexdigest()  # e.g. ⟦sha⟧",
    "PASSWORD_FIELD = \"password\"\nTOKEN_HEADER = \"X-Api-Key\"",
    "def rotate_api_key(vendor: str) -> None:\n    \"\"\"Rotate the vendor key and store it in Vault; never log the value.\"\"\"",
    "assert len(token) == 40, \"CLAAS keys are 40 chars\"",
    "def mask(s):\n    return s[:4] + \"*\" * (len(s) - 4)",
    "EXAMPLE_KEY_ID = \"AKIAIOSFODNN7EXAMPLE\"  # from the AWS docs, used in unit tests only",
    "client = SecretClient(vault_url=\"https://kv-coldchain-prod.vault.azure.net\", credential=DefaultAzureCredential())",
    "password: SecretStr = Field(..., min_length=12, repr=False)",
    "EPC = \"urn:epc:id:sgtin:⟦gcp⟧.0⟦item⟧.⟦num⟧\"",
    "WEBHOOK_SIG_HEADER = \"X-Hub-Signature-256\"",
    "import secrets\nstate = secrets.token_urlsafe(32)  # generated per login, never stored",
    "test_password = \"<not-a-real-password>\"",
    "token = request.headers.get(\"Authorization\", \"\").removeprefix(\"Bearer \")",
    "FERNET_KEY_PATH = \"/etc/⟦app⟧/fernet.key\"",
    "crc = zlib.crc32(frame) & 0xFFFFFFFF  # 0x⟦crc⟧ for the test vector",
    # --- logs
    "⟦ts⟧ INFO auth: login ok user=⟦user⟧ mfa=totp ip=⟦ip⟧",
    "⟦ts⟧ WARN auth: invalid password for user ⟦user⟧ from ⟦ip⟧ (attempt 3/5)",
    "⟦ts⟧ INFO deere: token refreshed for org ⟦num⟧, expires_in=3600 (value not logged)",
    "X-Hub-Signature-256: sha256=⟦digest⟧",
    "request_id=⟦uuid⟧ trace_id=⟦hexlong⟧ span_id=⟦hexspan⟧ status=200",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x⟦hexsix⟧]",
    "Traceback (most recent call last):\n  File \"/opt/coldchain/config.py\", line ⟦n⟧, in load\n    key = os.environ[\"SENSITECH_API_KEY\"]\nKeyError: 'SENSITECH_API_KEY'",
    "ERROR config: required env var DEERE_CLIENT_SECRET missing; refusing to start ⟦app⟧",
    "⟦ts⟧ cold-room ⟦n⟧ temp=⟦temp⟧C setpoint=-18.0C logger=⟦dev⟧ batt=87%",
    "sshd[⟦pid⟧]: Accepted publickey for ⟦user⟧ from ⟦ip⟧ port 52211 ssh2: ED25519 SHA256:⟦fp⟧",
    "sshd[⟦pid⟧]: Failed password for invalid user admin from ⟦ip⟧ port 40112 ssh2",
    "GET /api/v1/lots/⟦lot⟧/trace?gtin=⟦gtin⟧ 200 12ms req=⟦hexid⟧",
    "kubelet: MountVolume.SetUp succeeded for volume \"mqtt-creds\" (UniqueName: \"kubernetes.io/secret/⟦uuid⟧-mqtt-creds\")",
    "Masking supported pattern matches of $NEXUS_PASS\n+ docker login -u deploy -p **** registry.⟦dom⟧\nLogin Succeeded",
    "Run docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: ⟦user⟧\n    password: ***",
    "commit ⟦sha⟧\nMerge: ⟦shortsha⟧ ⟦shortsha2⟧\nAuthor: ⟦person⟧ <⟦email⟧>\nDate:   ⟦date⟧\n\n    Merge branch 'fix/asn-hl-loop'",
    "firmware upload ok: pivot-ctl-⟦ver⟧.bin crc32=0x⟦crc⟧ md5=⟦hexlong⟧",
    "⟦ts⟧ edi-sync: 856 for PO ⟦num⟧ accepted by ⟦partner⟧ (997 control ⟦isactl⟧)",
    "pppd[⟦pid⟧]: PAP authentication succeeded\npppd[⟦pid⟧]: local  IP address ⟦ip⟧",
    "WARN vault: token renew failed (permission denied); will re-auth via kubernetes role ⟦ns⟧-reader",
    # --- notes / chat
    "⟦person⟧: the password for the scale PC is in 1Password under 'Scale House', please don't paste it here",
    "Reminder: passwords must be 14+ characters, no reuse of the last 5, rotated every 180 days.",
    "⟦person⟧: I reset the Deere portal password, you'll get a reset link by email",
    "Decision: store all vendor API keys in Vault at secret/<vendor>/<env>; apps read them via the agent sidecar.",
    "TODO: move CLAAS_API_KEY from .env into the k8s secret claas-api (key: api-key) on ⟦date⟧",
    "Note: the token in ⟦person⟧'s screenshot was already revoked on ⟦date⟧, nothing to rotate.",
    "⟦person⟧: Das Passwort bitte nie per E-Mail schicken, sondern über den Passwort-Manager teilen.",
    "⟦person⟧ : le mot de passe du routeur a été changé ; demande-le-moi en direct.",
    "La contraseña está en el gestor de contraseñas (carpeta Invernadero ⟦n⟧).",
    "Wachtwoord staat in Bitwarden onder 'Kas ⟦n⟧ klimaatcomputer'.",
    "パスワードはチャットで共有しないでください。1Passwordの「温室⟦n⟧」を参照。",
    "Lot ⟦lot⟧ GTIN ⟦gtin⟧ SSCC ⟦sscc⟧ shipped to ⟦partner⟧ on ⟦date⟧",
    "Harvest moisture ⟦pct⟧% at ⟦farm⟧, ticket #⟦num⟧, ⟦crop⟧",
    "Goal: figure out why the Tive webhook signature check fails (we compute HMAC-SHA256 over the raw body, they may sign the parsed JSON)",
    "Security review: no secrets in repo; gitleaks clean at ⟦shortsha⟧.",
    "⟦person⟧: token expired again 🙄 can someone click 'renew' in the Agworld admin?",
    "Passphrase guidance for growers: four or more random words, never the farm name or a birthday.",
    "⟦person⟧: I rotated the MQTT password; the new one is in Vault at secret/iot/mqtt, restart the bridges when you can",
    "Meeting note: auditors asked where the EDI keystore password is kept → answer: HSM-backed vault, no copies on laptops.",
    "⟦person⟧: can you send me the GLN for the ⟦company⟧ DC? I have ⟦gln⟧ but it bounces",
    "hasło jest w menedżerze haseł, nie w mailu",
    "密码已经重置，请通过密码管理器查看，不要在群里发。",
    "Decision log: switched the Pi fleet to client certificates; no shared MQTT password any more.",
    "⟦person⟧: what's the 'password' column in grower_accounts for? -> it's a bcrypt hash column, the app never stores plaintext",
    # --- ci
    "password: ${{ secrets.GHCR_TOKEN }}",
    "NPM_TOKEN: $NPM_TOKEN",
    "environment:\n  SENTRY_AUTH_TOKEN: $SENTRY_AUTH_TOKEN\n  SENTRY_ORG: ⟦org⟧",
    "- uses: actions/checkout@⟦sha⟧ # v4.1.1",
    "image: registry.⟦dom⟧/⟦app⟧@sha256:⟦digest⟧",
    "withCredentials([usernamePassword(credentialsId: 'nexus-deploy', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'docker login -u $U --password-stdin registry.⟦dom⟧ <<< \"$P\"'\n}",
    "sops --decrypt secrets/prod.enc.yaml | kubectl apply -f -",
    "GitLab: variable SPS_FTP_PASSWORD (masked, protected) updated by ⟦user⟧ on ⟦date⟧",
    "cosign verify --key cosign.pub registry.⟦dom⟧/⟦app⟧@sha256:⟦digest⟧",
    "$ terraform state show aws_db_instance.erp | grep password\n    password = (sensitive value)",
    "\"secrets\": [{\"name\": \"TIVE_API_KEY\", \"valueFrom\": \"arn:aws:secretsmanager:⟦region⟧:⟦num⟧⟦num2⟧:secret:prod/tive-⟦short⟧\"}]",
    "argocd app sync ⟦app⟧ --revision ⟦sha⟧",
    "- name: Load secrets\n  uses: hashicorp/vault-action@v3\n  with:\n    secrets: secret/data/edi/sps password | SPS_PASSWORD",
    "cache:\n  key: deps-⟦digest⟧\n  paths: [.venv/]",
    "helm upgrade --install mosquitto ./charts/mosquitto -n iot --set auth.existingSecret=mqtt-creds",
    # --- vendor-ish public identifiers
    "pk_live_51⟦altwenty⟧⟦altwenty2⟧ (publishable key, safe in the browser checkout)",
    "Twilio Account SID AC⟦hexlong⟧ (not secret; the auth token is in Vault)",
    "AWS KMS key arn:aws:kms:⟦region⟧:⟦num⟧⟦num2⟧:key/⟦uuid⟧",
    "projects/agri-trace-prod/secrets/deere-client-secret/versions/⟦n⟧",
    "https://kv-coldchain-prod.vault.azure.net/secrets/storage-key/⟦hexlong⟧",
    _masked,
    "GitHub token ending in …⟦alfour⟧ was revoked by ⟦user⟧ on ⟦date⟧",
    "Slack channel ID C0⟦upnine⟧ in workspace T0⟦upnine2⟧",
    "OAuth client id ⟦cid⟧ (public; the secret lives in Vault)",
    "Google OAuth client ID ⟦num⟧-⟦short⟧⟦hexid⟧.apps.googleusercontent.com",
    "JD org id ⟦num⟧, machine PIN ⟦pin⟧, display serial ⟦upnine⟧",
    "DevEUI ⟦deveui⟧ / AppEUI 70B3D57ED0⟦upsix⟧ / frequency plan EU_863_870",
    "MAC ⟦mac⟧ on switch port ⟦n⟧ (VLAN 30, sensors)",
    "QBO txn id ⟦num⟧, Xero invoice INV-⟦num2⟧, payment ref ⟦hexup⟧",
    "pivot-ctl firmware ⟦ver⟧-rc⟦n⟧+build.⟦num⟧",
    "data:text/plain;base64,⟦basetxt⟧",
    "Vault token accessor ⟦accessor⟧ (accessors can be shared; they cannot be used to read secrets)",
    "Stripe webhook endpoint we_1⟦altwenty⟧ enabled for invoice.paid",
    "SSCC (00)⟦sscc⟧ GTIN (01)⟦gtin⟧ LOT (10)⟦lot⟧ USE BY (17)⟦yymmdd⟧",
    "webpack: main.⟦hexid⟧.js 212 KiB, vendor.⟦hexid2⟧.js 1.1 MiB",
    "ChirpStack gateway id ⟦deveui⟧ last seen ⟦ts⟧",
    "Subresource integrity: <script src=\"/js/map.js\" integrity=\"sha384-⟦amzid⟧\"></script>",
]


def _build_benign(target):
    out, seen = [], set()
    rounds = 0
    while len(out) < target and rounds < 60:
        rounds += 1
        for tpl in _BENIGN_T:
            if len(out) >= target:
                break
            s_ = tpl() if callable(tpl) else _render(tpl, {})
            if s_ in seen:
                continue
            seen.add(s_)
            out.append(s_)
    return out


# ===========================================================================
# assembly
# ===========================================================================
_PER_GROUP = 187


def _build_secrets():
    out = []
    names = set()
    for g in _ORDER:
        for fmt, _tpl, _gen, _vis in _T[g]:
            if fmt in names:
                raise ValueError("duplicate format name %s" % fmt)
            names.add(fmt)
    for g in _ORDER:
        tpls = _T[g]
        count = 0
        i = 0
        while count < _PER_GROUP:
            fmt, tpl, gen, vis = tpls[i % len(tpls)]
            i += 1
            fields = {"s": _secret(gen)}
            text = _render(tpl, fields)
            visible = _render(vis, fields) if vis else ""
            if visible and (visible not in text or fields["s"] in visible):
                raise ValueError("bad visible in %s" % fmt)
            out.append((g, fmt, text, fields["s"], visible))
            count += 1
    return out


SECRETS = _build_secrets()
BENIGN = [b for b in _build_benign(960)
          if not any(x[3] in b for x in SECRETS)][:950]

__all__ = ["SECRETS", "BENIGN"]
